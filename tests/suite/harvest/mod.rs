//! Tests of *Harvest the Wind* (seed 002): rules tests named by rule number with the
//! seed's worked examples as scripts, the remaining rules and each scenario's special
//! rules and victory conditions (IX), hidden-information views, and the rules tables
//! against the seed's printed Tables 1-3; its run of the conformance suite and its
//! property tests (undo at dice, garbage actions, state serialization).

mod conformance;
mod fidelity;
mod properties;
mod rules;
mod specials;
mod tables;
mod views;
