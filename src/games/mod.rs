//! The rulesets, and the registry of them: one line per ruleset in [`registry`].
//! Everything else about a game (its options, scenarios, sessions and file checks) is
//! in its own folder's `def.rs`.

use crate::core::error::DataError;
use crate::core::registry::{Registry, Start};
use crate::core::session::GameSession;
use std::path::Path;

pub use crate::core::registry::ScenarioInfo;

/// Declares each ruleset's module and lists its definition (`<module>::def::DEF`) in
/// [`registry`], in the order given.
macro_rules! rulesets {
    ($($game:ident),* $(,)?) => {
        $(pub mod $game;)*

        /// The games this program plays, in menu order.
        pub fn registry() -> Registry {
            Registry::new(vec![$(&$game::def::DEF),*])
        }
    };
}

// One line per ruleset, in menu order.
rulesets! {
    harvest,
    wind,
    nez_perce_tactical,
    nez_perce_strategic,
    rosebud,
    geronimo,
}

/// Start a new game session for a scenario id (`game/scenario`) or a scenario file path
/// (which names its game), with the game's optional rules (validated against its
/// definition).
pub fn new_session_with(
    root: &Path,
    scenario: &str,
    seed: u64,
    options: &[String],
) -> Result<Box<dyn GameSession>, DataError> {
    let start = Start {
        seed,
        options: options.to_vec(),
    };
    registry().new_session(root, scenario, &start)
}

/// [`new_session_with`] without optional rules.
pub fn new_session(
    root: &Path,
    scenario: &str,
    seed: u64,
) -> Result<Box<dyn GameSession>, DataError> {
    new_session_with(root, scenario, seed, &[])
}

/// Rebuild a game from a save file ([`Registry::load_save`]).
pub fn load_save(root: &Path, path: &Path) -> Result<Box<dyn GameSession>, DataError> {
    registry().load_save(root, path)
}

/// Check a data file of any game ([`Registry::check_path`]).
pub fn check_path(root: &Path, path: &Path) -> Result<String, DataError> {
    registry().check_path(root, path)
}

/// A scenario's summary for the menu ([`Registry::scenario_info`]).
pub fn scenario_info(root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
    registry().scenario_info(root, id)
}

/// Scenario ids of a game.
pub fn scenarios(root: &Path, game: &str) -> Vec<String> {
    registry().scenarios(root, game)
}
