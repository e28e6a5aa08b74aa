//! Integration tests for the shared core and every ruleset, in one test binary so
//! that a test run links Bevy once. One module per area.

mod ai;
mod bad_input;
mod campaign;
mod cli;
mod conformance;
mod corpus;
#[cfg(feature = "gui")]
mod fault;
mod fuzz;
mod geronimo;
mod geronimo_map;
#[cfg(feature = "gui")]
mod gui;
#[cfg(feature = "gui")]
mod gui_leaks;
mod harvest;
mod nez_perce_strategic;
mod nez_perce_tactical;
mod registry_conformance;
mod rosebud;
mod scenarios;
#[cfg(feature = "gui")]
mod screens;
mod toy;
mod util;
mod wind;
