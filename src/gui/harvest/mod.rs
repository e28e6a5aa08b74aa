//! The Harvest the Wind plugin: draws the current seat's view (terrain, counters with
//! their printed values, Hidden stacks as blank markers), highlights the selected
//! unit's legal moves and fire targets with the to-hit number, turns clicks into legal
//! actions, and shows the turn bar, unit details, stack viewer, log and the FCT, MCT
//! and TEC charts with the cell in use highlighted.
//!
//! The files: `drawing` (terrain, counters and highlights), `clicks` (clicks on the
//! board into legal actions), `words` (hexes, actions and fire in words), `panels` (the
//! turn bar, the buttons and the side panel) and `windows` (the hovered hex's tooltip
//! and the charts).

mod clicks;
mod drawing;
mod panels;
mod windows;
mod words;

use super::board::{self, BoardArea, Clicked, FitRequest, Hover};
use super::playing::{Drawn, RulesetUi, StandingOrder, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::core::hexmap::Coord;
use crate::core::session::GameSession;
use crate::games::harvest::state::State;
use crate::games::harvest::Harvest;
use bevy::prelude::*;
use clicks::click;
use drawing::{redraw, spawn_board};
use panels::{buttons, side_panel, turn_info};
use windows::windows;
pub use words::describe;

/// Counters and highlights (redrawn when the game changes).
#[derive(Component, Clone)]
pub struct Overlay;

/// What the player has selected and any pending choice between actions.
#[derive(Resource, Default)]
pub struct Selection {
    /// Selected piece id.
    pub piece: Option<String>,
    /// Hex of the selected stack (for the stack viewer).
    pub hex: Option<Coord>,
    /// What was drawn last: the selected piece and the hovered hex.
    drawn: Drawn<(Option<String>, Option<Coord>)>,
}

/// Register the plugin: the logic systems plus its parts of the play screen.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    let ui = RulesetUi {
        game: crate::games::harvest::setup::GAME,
        turn_info: app.register_system(turn_info),
        side_panel: app.register_system(side_panel),
        buttons: Some(app.register_system(buttons)),
        windows: Some(app.register_system(windows)),
        end_label: "End phase",
        charts: true,
    };
    register_ruleset_ui(app, ui);
    crate::gui::palette::register(app, crate::games::harvest::setup::GAME, palettes);
}

/// The colours the board shows side by side, for the colour-vision check
/// (`gui::palette`): each scenario's terrain (the chart's colours of the terrain its map
/// uses) and its sides' counters.
fn palettes(root: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    use crate::gui::palette::Palette;
    let mut out = vec![];
    for id in crate::games::scenarios(root, crate::games::harvest::setup::GAME) {
        let g = crate::games::new_session(root, &id, 1).map_err(|e| e.to_string())?;
        // A new game's data as a seat sees it (the map and tables are public).
        let seen = Game::new(g, false)
            .view::<Harvest>()
            .ok_or("not a Harvest the Wind game")?;
        let s = &*seen;
        let m = &s.stat.map;
        let used: std::collections::BTreeSet<&str> = m
            .terrain
            .iter()
            .filter_map(|t| m.terrain_names.get(usize::from(*t)).map(String::as_str))
            .collect();
        let terrain = s
            .stat
            .tables
            .tec
            .iter()
            .filter(|r| used.contains(r.terrain.as_str()));
        out.push(Palette::new(
            &format!("{id} terrain"),
            terrain.map(|r| (r.terrain.clone(), board::colour(&r.colour))),
        ));
        let sides = s.stat.scenario.sides.iter();
        out.push(Palette::new(
            &format!("{id} sides"),
            sides.map(|sd| (sd.name.clone(), board::colour(&sd.colours.0))),
        ));
    }
    Ok(out)
}

/// The standing order this ruleset offers: pass every reaction-fire window (IV).
fn reaction_pending(s: &dyn GameSession) -> bool {
    s.probe("pending").as_deref() == Some("reaction")
}

/// Give a new Harvest the Wind game its standing order (off for every seat).
fn offer_auto_pass(mut game: ResMut<Game>) {
    if game.standing_order().is_none() {
        let seats = vec![false; usize::from(game.seats())];
        game.offer_standing_order(StandingOrder {
            label: "Auto-pass reaction fire",
            applies: reaction_pending,
            seats,
        });
    }
}

/// The systems that need no egui and no window: board spawning, counter and highlight
/// drawing, and click handling. Headless App tests use this alone.
pub fn logic_plugin(app: &mut App) {
    board::take_down_on_exit::<Overlay>(app);
    app.init_resource::<Selection>()
        .init_resource::<Clicked>()
        .init_resource::<Hover>()
        .init_resource::<FitRequest>()
        .init_resource::<BoardArea>()
        .add_systems(
            OnEnter(Screen::Playing),
            spawn_board.run_if(game_is::<Harvest>),
        )
        .add_systems(
            Update,
            (
                (offer_auto_pass, click)
                    .chain()
                    .in_set(board::BoardSystems::Click),
                redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<Harvest>)),
        );
}

/// Counters and highlights drawn by the plugin (public for tests).
pub type OverlayMarker = Overlay;

/// The game as the seat on screen sees it ([`Game::view`]): all this plugin reads of it.
fn state(game: &Game) -> Option<std::sync::Arc<State>> {
    game.view::<Harvest>()
}
