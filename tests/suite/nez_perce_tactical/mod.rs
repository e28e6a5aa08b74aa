//! Tests of *I Will Fight No More Forever*'s tactical game: one test per rule, named by
//! its rule number, and the seed_notes 000-4 worked examples with forced dice.

mod bad_input;
mod conformance;
mod review;
mod rules;
mod setup_phase;
mod util;
