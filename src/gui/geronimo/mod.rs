//! The *Geronimo!* plugin: the map of the West in the block game's area-map style (the
//! 18 Areas with their names, Survival and Statehood numbers, Mexico, Canada, the Gray
//! Area and the On Reservation box), what each Area holds (Settlements, Towns, Mines,
//! RR, State, Massacres, Buffalo Skulls, weather, Mission), the Columns (In Fort ones in
//! the Area's Fort box), the Villages and the War Parties, all from the seat's view.
//! Clicks select a Column, Village or War Party, highlight its legal target Areas and
//! submit the action chosen; the side panel holds the pending decisions, the Shaman
//! hand with its play options in words, the Tribal cards and the Treaty form.
//!
//! The files: `drawing` (the map, the pieces and the highlights), `clicks` (clicks on
//! the map into legal actions), `words` (names and actions in words), `panels` (the
//! turn bar, the side panel and the hover tooltip).

mod clicks;
mod drawing;
mod panels;
mod words;

use super::board::{self, BoardArea, ClickedWorld, CursorWorld, FitRequest};
use super::playing::{Drawn, RulesetUi, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::games::geronimo::state::State;
use crate::games::geronimo::{Geronimo, View, view};
use bevy::prelude::*;
use std::sync::Arc;

/// The pieces and highlights (redrawn when the game or the selection changes).
#[derive(Component, Clone)]
pub struct GeronimoOverlay;

/// What the player has selected on the map, and the actions a click left to choose
/// between.
#[derive(Resource, Default)]
pub struct GeronimoSelection {
    /// The selected Area's id.
    pub area: Option<String>,
    /// The selected piece: a Column (`c3`), a Village id, a War Party (`wp2`), a
    /// Commander in the Reserve (`form:<id>`) or a new starting Column (`deploy`).
    pub piece: Option<String>,
    /// The actions the last click could mean, in notation, for the state they were
    /// found in (the side panel lists them in words).
    pub options: Vec<String>,
    /// The shell's generation the options were found in.
    pub options_gen: u64,
    /// The BP chosen for a new Column, a reinforcement or a War Party.
    pub bp: Option<i32>,
    /// The field guns chosen for a starting Column.
    pub guns: u8,
    /// A new Column goes In Fort.
    pub fort: bool,
    /// The Chiefs chosen for a War Party (`-` for none, `a+b`).
    pub chiefs: Option<String>,
    /// The Treaty form: the Village and the VP.
    pub treaty: (Option<String>, i32),
    /// The pieces drawn on the map, with their boxes in world units (for clicks).
    pub boxes: Vec<(Rect, String)>,
    /// What was drawn last: the selected area and piece, the hovered area and the
    /// number of options left to choose from.
    drawn: Drawn<DrawnKey>,
}

/// What the map was last drawn for: the selected area and piece, the hovered area and
/// the number of options left to choose from.
type DrawnKey = (Option<String>, Option<String>, Option<usize>, usize);

/// Register the plugin: the logic systems plus its parts of the play screen.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    let ui = RulesetUi {
        game: crate::games::geronimo::setup::GAME,
        turn_info: app.register_system(panels::turn_info),
        side_panel: app.register_system(panels::side_panel),
        buttons: None,
        windows: Some(app.register_system(panels::windows)),
        end_label: "End",
        charts: false,
    };
    register_ruleset_ui(app, ui);
    crate::gui::palette::register(app, crate::games::geronimo::setup::GAME, drawing::palettes);
}

/// The systems that need no egui: the map, the pieces and the clicks (headless tests
/// use this).
pub fn logic_plugin(app: &mut App) {
    board::take_down_on_exit::<GeronimoOverlay>(app);
    app.init_resource::<GeronimoSelection>()
        .init_resource::<ClickedWorld>()
        .init_resource::<CursorWorld>()
        .init_resource::<FitRequest>()
        .init_resource::<BoardArea>()
        .add_systems(
            OnEnter(Screen::Playing),
            drawing::spawn_board.run_if(game_is::<Geronimo>),
        )
        .add_systems(
            Update,
            (
                clicks::click.in_set(board::BoardSystems::Click),
                drawing::redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<Geronimo>)),
        );
}

/// The piece the map's clicks act for: the selected one, else a new starting Column
/// while starting Columns may be placed (the set-up needs no selection first).
pub(crate) fn acting_piece(sel: &GeronimoSelection, legal: &[String]) -> Option<String> {
    sel.piece.clone().or_else(|| {
        legal
            .iter()
            .any(|l| l.starts_with("deploy "))
            .then(|| "deploy".to_string())
    })
}

/// The game as the seat on screen sees it ([`Game::view`]), and that seat's [`View`]:
/// all this plugin reads of it. The world is used only for its printed data (the map,
/// the names and printed values of Areas, Villages, Chiefs, Commanders and cards);
/// everything that changes is read from the `View`.
pub(crate) fn seen(game: &Game) -> Option<(Arc<State>, View)> {
    let s = game.view::<Geronimo>()?;
    let v = view(&s, game.viewing());
    Some((s, v))
}
