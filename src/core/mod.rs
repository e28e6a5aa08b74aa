//! The shared, Bevy-free model every ruleset builds on: maps, dice, seats, errors,
//! data loading, the generic game interface, sessions with undo, save files, and the
//! computer players that search over that interface.

pub mod ai;
pub mod areamap;
pub mod bands;
pub mod campaign;
pub mod data;
pub mod dice;
pub mod error;
pub mod game;
pub mod hexmap;
pub mod maptile;
pub mod pool;
pub mod registry;
pub mod replay;
pub mod route;
pub mod save;
pub mod session;
pub mod spans;
pub mod sym;
