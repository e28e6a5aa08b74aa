//! The plugin of *Battle of the Rosebud*: draws the battlefield (Clear, Light Woods,
//! Rocks and Marsh, each with its own symbol; levels 1-5 in deepening tan rings; Rosebud
//! Creek, the dry creeks and the cliffs on their hexsides; the VP hills and the Eagle's
//! Nest named), numbered as printed; draws every unit and Leader on the map; highlights
//! the selected unit's moves and entry hexes; turns clicks into legal actions; and shows
//! the turn bar (turn and clock), the unit panel with its mode changes, and the units
//! still waiting to enter.
//!
//! The files: `drawing` (the battlefield, counters and highlights), `clicks` (clicks on
//! the board into legal actions), `panels` (the turn bar and the side panel), `words`
//! (phases, actions and hexes in words) and `windows` (the hovered hex's tooltip and the
//! charts window).

mod clicks;
mod drawing;
mod panels;
mod windows;
mod words;

use super::board::{self, BoardArea, Clicked, FitRequest, Hover};
use super::playing::{Drawn, RulesetUi, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::core::hexmap::Coord;
use crate::games::rosebud::data::Side;
use crate::games::rosebud::setup::GAME;
use crate::games::rosebud::state::State;
use crate::games::rosebud::Rosebud;
use bevy::prelude::*;
use clicks::click;
use drawing::{redraw, spawn_board};
use panels::{side_panel, turn_info};
use windows::windows;

/// Counters and highlights (redrawn when the game changes).
#[derive(Component, Clone)]
pub struct Overlay;

/// What the player has selected.
#[derive(Resource, Default)]
pub struct Selection {
    /// Selected unit or Leader id.
    pub unit: Option<String>,
    /// The seat whose view the selection was made in: another seat's view (after the
    /// curtain) starts with nothing selected.
    seat: Option<crate::core::game::Seat>,
    drawn: Drawn<(Option<String>, Option<Coord>)>,
}

/// Register the plugin: the logic systems plus its parts of the play screen.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    let ui = RulesetUi {
        game: GAME,
        turn_info: app.register_system(turn_info),
        side_panel: app.register_system(side_panel),
        buttons: None,
        windows: Some(app.register_system(windows)),
        end_label: "End phase",
        charts: true,
    };
    register_ruleset_ui(app, ui);
    crate::gui::palette::register(app, GAME, palettes);
}

/// The colours the board shows side by side, for the colour-vision check
/// (`gui::palette`): the printed terrain classes and the sides' counters.
fn palettes(_: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    use crate::gui::palette::Palette;
    let t = ["clear", "light_woods", "rocks", "marsh"];
    Ok(vec![
        Palette::new("Rosebud terrain", t.map(|n| (n, terrain_colour(n)))),
        Palette::new(
            "Rosebud sides",
            [
                ("US", side_colours(Side::US).0),
                ("Indian", side_colours(Side::Indian).0),
            ],
        ),
    ])
}

/// The systems that need no egui: board spawning, drawing and clicks.
pub fn logic_plugin(app: &mut App) {
    board::take_down_on_exit::<Overlay>(app);
    app.init_resource::<Selection>()
        .init_resource::<Clicked>()
        .init_resource::<Hover>()
        .init_resource::<FitRequest>()
        .init_resource::<BoardArea>()
        .add_systems(
            OnEnter(Screen::Playing),
            spawn_board.run_if(game_is::<Rosebud>),
        )
        .add_systems(
            Update,
            (
                click.in_set(board::BoardSystems::Click),
                redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<Rosebud>)),
        );
}

/// The game as the seat on screen sees it ([`Game::view`]): all this plugin reads of it.
fn state(game: &Game) -> Option<std::sync::Arc<State>> {
    game.view::<Rosebud>()
}

/// Terrain colours, apart in greyscale and under every colour-vision deficiency
/// (`gui::palette`): pale grass, green woods, dark grey rocks, light blue marsh.
pub(crate) fn terrain_colour(name: &str) -> Color {
    match name {
        "light_woods" => Color::srgb(0.45, 0.65, 0.38),
        "rocks" => Color::srgb(0.50, 0.48, 0.47),
        "marsh" => Color::srgb(0.60, 0.80, 0.85),
        "none" => Color::srgb(0.2, 0.2, 0.2),
        _ => Color::srgb(0.90, 0.88, 0.68),
    }
}

/// The side of a seat.
fn side_of(seat: u8) -> Side {
    if seat == Side::US.seat() {
        Side::US
    } else {
        Side::Indian
    }
}

/// Counter colours by side: US blue, Indian ochre.
pub(crate) fn side_colours(side: Side) -> (Color, Color) {
    match side {
        Side::US => (board::colour("#1f3b73"), Color::WHITE),
        Side::Indian => (board::colour("#e69f00"), Color::BLACK),
    }
}
