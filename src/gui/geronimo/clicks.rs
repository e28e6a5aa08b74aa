//! Clicks on the map into legal actions: a click on a piece of the seat's selects it
//! (its target Areas light up); a click on a lit Area, or on the piece a selected one
//! may attack, chooses among the legal actions that fit: one is submitted, several go
//! to the side panel to choose from in words. Without a selection a click on a lit
//! Area places the Settlement or the RR marker. Nothing here knows the rules: it only
//! matches the listed actions.

use super::drawing::pick;
use super::words::{actor, target_area};
use super::{GeronimoSelection, acting_piece, seen};
use crate::games::geronimo::action::{Action, Aim};
use crate::gui::Game;
use crate::gui::board::ClickedWorld;
use bevy::prelude::*;

/// Whether `a` (done by the selected piece) is aimed at the piece `id`.
fn aimed_at(a: &Action, id: &str) -> bool {
    match a {
        Action::Attack { target, .. } => target == id,
        Action::Send {
            aim: Aim::Unit(u), ..
        }
        | Action::Strike {
            aim: Aim::Unit(u), ..
        } => u == id,
        _ => false,
    }
}

/// Of several actions for one click, the one the side panel's form already chose
/// (a starting Column's or a new Column's BP, guns and status), if any.
fn by_form(sel: &GeronimoSelection, options: &[Action]) -> Option<Action> {
    let fits = |a: &&Action| match a {
        Action::Deploy { bp, guns, fort, .. } => {
            sel.bp == Some(*bp) && sel.guns == *guns && sel.fort == *fort
        }
        Action::Form { bp, fort, .. } => sel.bp == Some(*bp) && sel.fort == *fort,
        _ => false,
    };
    let found: Vec<&Action> = options.iter().filter(fits).collect();
    (found.len() == 1).then(|| found[0].clone())
}

/// Turn this frame's click on the map into a selection or an action.
pub fn click(
    mut game: Option<ResMut<Game>>,
    clicked: Res<ClickedWorld>,
    mut sel: ResMut<GeronimoSelection>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let Some(game) = game.as_mut() else { return };
    if keys.just_pressed(KeyCode::Escape) {
        sel.piece = None;
        sel.options.clear();
    }
    if sel.options_gen != game.generation() && !sel.options.is_empty() {
        sel.options.clear();
    }
    let Some(p) = clicked.0 else { return };
    if game.curtain_down() {
        return;
    }
    let Some((s, _)) = seen(game) else { return };
    let legal: Vec<(String, Action)> = if game.can_act() {
        game.legal()
            .into_iter()
            .filter_map(|l| l.parse::<Action>().ok().map(|a| (l, a)))
            .collect()
    } else {
        vec![]
    };
    let of = |piece: &str| -> Vec<&(String, Action)> {
        legal
            .iter()
            .filter(|(_, a)| actor(a).as_deref() == Some(piece))
            .collect()
    };
    let mut chosen: Vec<(String, Action)> = vec![];
    let hit = sel
        .boxes
        .iter()
        .find(|(r, _)| r.contains(p))
        .map(|(_, id)| id.clone());
    if let Some(id) = hit {
        if let Some(piece) = sel.piece.clone()
            && piece != id
        {
            chosen = of(&piece)
                .into_iter()
                .filter(|(_, a)| aimed_at(a, &id))
                .cloned()
                .collect();
        }
        if chosen.is_empty() && !of(&id).is_empty() {
            sel.piece = if sel.piece.as_deref() == Some(id.as_str()) {
                None
            } else {
                Some(id)
            };
            sel.options.clear();
            sel.bp = None;
            sel.chiefs = None;
            return;
        }
    }
    if chosen.is_empty() {
        let Some(i) = pick(&s.stat, p) else { return };
        let area = s.stat.map.areas[i].id.clone();
        let strings: Vec<String> = legal.iter().map(|(l, _)| l.clone()).collect();
        chosen = match acting_piece(&sel, &strings) {
            Some(piece) => of(&piece)
                .into_iter()
                .filter(|(_, a)| target_area(a) == Some(area.as_str()))
                .cloned()
                .collect(),
            None => legal
                .iter()
                .filter(
                    |(_, a)| matches!(a, Action::Settle(x) | Action::Rail(Some(x)) if *x == area),
                )
                .cloned()
                .collect(),
        };
        if chosen.is_empty() {
            sel.area = Some(area);
            if sel.piece.is_some() {
                sel.piece = None;
            }
            sel.options.clear();
            return;
        }
        sel.area = Some(area);
    }
    let actions: Vec<Action> = chosen.iter().map(|(_, a)| a.clone()).collect();
    let one = if chosen.len() == 1 {
        Some(chosen[0].0.clone())
    } else {
        by_form(&sel, &actions).map(|a| a.to_string())
    };
    match one {
        Some(l) => {
            game.submit(&l);
            sel.options.clear();
            if sel.piece.as_deref() != Some("deploy") {
                sel.piece = None;
            }
        }
        None => {
            sel.options = chosen.into_iter().map(|(l, _)| l).collect();
            sel.options_gen = game.generation();
        }
    }
}
