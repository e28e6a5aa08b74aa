//! `wargame`: a hot-seat desktop client for board wargames of the American Indian Wars.
//!
//! The crate is split into a pure, Bevy-free rules core ([`core`] and [`games`]), a
//! command line for designers and tests ([`cli`], with balance reports in [`report`]),
//! and (behind the default `gui` feature) a thin Bevy shell ([`gui`]) that only draws per-seat views and submits actions.

#![warn(missing_docs)]

pub mod cli;
pub mod core;
pub mod games;
#[cfg(feature = "gui")]
pub mod gui;
pub mod report;
pub mod settings;
