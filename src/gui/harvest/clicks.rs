//! Clicks on the board of Harvest the Wind turned into legal actions: the actions a
//! click on a hex would mean for the selected piece.

use super::{Selection, state};
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::Kind;
use crate::games::harvest::view;
use crate::gui::Game;
use crate::gui::board::Clicked;
use bevy::prelude::*;

/// The actions among `legal` that a click on `hex` would mean for the selected piece.
fn actions_at(legal: &[String], sel: Option<&str>, hex: Coord) -> Vec<String> {
    legal
        .iter()
        .filter(|l| {
            let Ok(a) = l.parse::<Action>() else {
                return false;
            };
            let (unit, hexes): (Option<&str>, Vec<Coord>) = match &a {
                Action::Place { piece, hex } => (Some(piece), vec![*hex]),
                Action::Fire { unit, targets, .. } => (Some(unit), targets.clone()),
                Action::Blaze { unit, hex }
                | Action::Move { unit, hex }
                | Action::Enter { unit, hex }
                | Action::Mount { unit, hex }
                | Action::Dismount { unit, hex }
                | Action::Shift { unit, hex } => (Some(unit), vec![*hex]),
                Action::Flee {
                    unit,
                    hex,
                    dismount,
                } => (Some(unit), dismount.map_or(vec![*hex], |d| vec![d])),
                Action::Melee { hex } | Action::Unhide { hex } => (None, vec![*hex]),
                _ => (None, vec![]),
            };
            match (unit, sel) {
                (Some(u), Some(s)) => u == s && hexes.contains(&hex),
                (None, _) => hexes == vec![hex],
                _ => false,
            }
        })
        .cloned()
        .collect()
}

pub(super) fn click(
    mut game: Option<ResMut<Game>>,
    clicked: Res<Clicked>,
    mut sel: ResMut<Selection>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let Some(game) = game.as_mut() else { return };
    if keys.just_pressed(KeyCode::Escape) {
        sel.piece = None;
        game.clear_choice();
    }
    // A flight (II.B.3-4) is made one hex at a time by its owner: select the unit.
    if game.can_act()
        && let Some(s) = state(game)
        && let crate::games::harvest::state::Pending::Flee { unit, .. } = s.pending
    {
        let id = s.p(unit).id.to_string();
        if sel.piece.as_deref() != Some(id.as_str()) {
            sel.piece = Some(id);
            game.clear_choice();
        }
    }
    // The routes of the selected piece, found once per state (drawn by `redraw`).
    game.keep_routes(sel.piece.as_deref());
    let Some(hex) = clicked.0 else { return };
    if game.curtain_down() {
        return;
    }
    // Only the human seat to act acts; otherwise a click only selects (a computer
    // seat's legal actions are never read here).
    let legal = if game.can_act() { game.legal() } else { vec![] };
    // Revealing a hidden stack voluntarily (III.F.4) cannot be undone, so a click meant
    // to select the stack never does it: the reveal is offered as a choice beside the
    // selection instead.
    let (reveals, acts): (Vec<String>, Vec<String>) = actions_at(&legal, sel.piece.as_deref(), hex)
        .into_iter()
        .partition(|a| matches!(a.parse::<Action>(), Ok(Action::Unhide { .. })));
    if acts.len() == 1 {
        let a = acts[0].clone();
        game.submit(&a);
        game.clear_choice();
        return;
    }
    if acts.len() > 1 {
        game.offer_choice(acts);
        return;
    }
    game.clear_choice();
    // Further than one step: move there by the route found (issue 30, move by
    // destination); the rules may stop it on the way.
    // Not to its own hex: a click there selects in the stack, as always.
    let here = state(game)
        .zip(sel.piece.as_deref())
        .and_then(|(s, p)| s.find(p).and_then(|i| s.p(i).hex()));
    if let Some(piece) = sel.piece.clone()
        && here != Some(hex)
        && game.can_act()
        && game.walk_to(&piece, &hex.to_string())
    {
        return;
    }
    // Select a piece of the viewing seat in the hex, cycling through the stack.
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let v = view(s, game.viewing());
    let own: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| {
            p.hex == Some(hex)
                && p.side == game.viewing()
                && matches!(
                    p.kind,
                    Kind::Unit | Kind::Crew | Kind::Leader | Kind::Hidden
                )
        })
        .map(|p| p.id.clone())
        .collect();
    sel.hex = Some(hex);
    sel.piece = match sel
        .piece
        .as_ref()
        .and_then(|cur| own.iter().position(|x| x == cur))
    {
        Some(i) => own.get((i + 1) % own.len()).cloned(),
        None => own.first().cloned(),
    };
    if !reveals.is_empty() {
        game.offer_choice(reveals);
    } else if sel.piece.is_none() {
        // A hex-only action (melee) when nothing of ours is there.
        let hex_only = actions_at(&legal, None, hex);
        if hex_only.len() == 1 {
            game.submit(&hex_only[0]);
        } else if hex_only.len() > 1 {
            game.offer_choice(hex_only);
        }
    }
}
