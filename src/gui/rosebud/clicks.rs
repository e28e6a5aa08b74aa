//! Clicks on the board of *Battle of the Rosebud* turned into legal actions: which
//! piece an action is by and which hex it is made in.

use super::{Selection, side_of, state};
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::Side;
use crate::games::rosebud::state::State;
use crate::gui::Game;
use crate::gui::board::Clicked;
use bevy::prelude::*;

/// The piece an action is by, and the hex it is made by clicking: a move, an entry or a
/// retreat into the hex, or full-strength fire at a unit in it (the half-strength
/// choice and the other actions are buttons).
pub(super) fn action_hex(s: &State, a: &Action) -> Option<(String, Coord)> {
    match a {
        Action::Move { unit, hex }
        | Action::Enter { unit, hex, .. }
        | Action::Retreat { unit, hex }
        | Action::Advance { unit, hex } => Some((unit.clone(), s.stat.map.parse(hex).ok()?)),
        Action::Fire {
            unit,
            target,
            half: false,
        } => Some((unit.clone(), s.find(target).and_then(|t| s.hex(t))?)),
        _ => None,
    }
}

/// Whether an action is made by clicking its hex whatever is selected: the next hex of
/// the one retreat or rout under way (10I, 10J).
pub(super) fn unselected(a: &Action) -> bool {
    matches!(a, Action::Retreat { .. })
}

/// The legal actions a click on `hex` could mean, for the selected piece.
fn actions_at(s: &State, legal: &[String], sel: Option<&str>, hex: Coord) -> Vec<String> {
    legal
        .iter()
        .filter(|l| {
            l.parse::<Action>().ok().is_some_and(|a| {
                action_hex(s, &a).is_some_and(|(who, h)| {
                    h == hex && (Some(who.as_str()) == sel || unselected(&a))
                })
            })
        })
        .cloned()
        .collect()
}

/// The ids of a side's units and Leaders in a hex.
pub(super) fn own_in(s: &State, hex: Coord, side: Side) -> Vec<String> {
    let mut v: Vec<String> = s.at(hex, side).map(|u| s.def(u).id.clone()).collect();
    v.extend(s.leaders_at(hex, side).map(|l| s.ldef(l).id.clone()));
    v
}

pub(super) fn click(
    mut game: Option<ResMut<Game>>,
    clicked: Res<Clicked>,
    mut sel: ResMut<Selection>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let Some(game) = game.as_mut() else { return };
    if keys.just_pressed(KeyCode::Escape) {
        sel.unit = None;
        game.clear_choice();
    }
    // One seat's selection never shows in another seat's panel.
    // (Written only when it changes: a write marks the resource changed, and the board
    // redraws on change.)
    if (game.curtain_down() && sel.unit.is_some()) || sel.seat != Some(game.viewing()) {
        sel.unit = None;
        sel.seat = Some(game.viewing());
    }
    // The selected piece's routes, found once per state (drawn by `redraw`).
    game.keep_routes(sel.unit.as_deref());
    let Some(hex) = clicked.0 else { return };
    if game.curtain_down() {
        return;
    }
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let acts = actions_at(s, &legal, sel.unit.as_deref(), hex);
    let own = own_in(s, hex, side_of(game.viewing()));
    let to = s.stat.map.label(hex);
    game.resolve_click(&mut sel.unit, acts, &own, &to);
}
