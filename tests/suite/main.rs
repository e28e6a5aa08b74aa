//! Integration tests for the shared core and every ruleset, in one test binary so
//! that a test run links Bevy once. One module per area.

mod ai;
mod ai_wind;
mod bad_input;
mod campaign;
mod cli;
#[cfg(feature = "gui")]
mod gui;
mod properties;
mod rules;
mod scenarios;
mod specials;
mod tables;
mod util;
mod views;
mod wind;
