//! Tests of *Once We Moved Like the Wind* (seed 001): rules by section, the seed's
//! combat and Victory Point examples with forced dice, hidden-information views, bad
//! input, the computer player (`ai`), and seeded random playouts that must replay
//! identically.

mod ai;
mod bad_input;
mod conformance;
mod examples;
mod fidelity;
mod playouts;
mod review;
mod rules;
mod start;
mod util;
mod views;

/// A fresh state of the shipped block-game scenario (for other test modules).
pub fn util_session(seed: u64) -> wargame::games::wind::state::State {
    util::session(seed).state
}
