//! Battle of the Rosebud: the map, the conformance suite and the rules this version
//! plays, each test named by its rule.

mod ai;
mod bad_input;
mod charge;
mod common;
mod conformance;
mod fire;
mod leaders;
mod map;
mod melee;
mod options;
mod pack;
mod review;
mod rules;
mod special;
