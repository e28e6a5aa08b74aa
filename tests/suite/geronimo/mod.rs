//! *Geronimo!* (seed 004): the rules core's tests, each naming its rule, and whole
//! random games for two to five players. The game is not registered yet, so these
//! drive the rules core directly with the data staged in `rules/geronimo/ and scenarios/geronimo/`.

mod bad_input;
mod examples;
mod playouts;
mod review;

use std::path::Path;
use std::sync::Arc;
use wargame::core::game::Rules;
use wargame::games::geronimo::Geronimo;
use wargame::games::geronimo::action::Action;
use wargame::games::geronimo::setup::{self, Choices};
use wargame::games::geronimo::state::{State, Static};

/// The data root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A scenario's static data for `players`.
pub fn stat(scenario: &str, players: u8) -> Arc<Static> {
    let st = setup::load_scenario_id(root(), scenario).expect("scenario loads");
    setup::with_choices(
        &st,
        Choices {
            players,
            random_events: false,
            free_sides: false,
        },
    )
}

/// A new game.
pub fn game(scenario: &str, players: u8, seed: u64) -> State {
    setup::initial_state(&stat(scenario, players), seed).0
}

/// Apply an action in notation; panics with the legal list when it is refused.
pub fn act(s: &mut State, a: &str) -> Vec<String> {
    let action: Action = a.parse().unwrap_or_else(|e| panic!("{a}: {e}"));
    match Geronimo::apply(s, &action) {
        Ok(log) => log.into_iter().map(|l| l.text).collect(),
        Err(e) => panic!(
            "{a}: {e}\nlegal: {:?}",
            Geronimo::legal_actions(s)
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
        ),
    }
}
