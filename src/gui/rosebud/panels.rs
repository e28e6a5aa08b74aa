//! The play screen's parts of *Battle of the Rosebud*: the turn bar (turn, clock,
//! phasing player, victory points) and the left panel (the seat, the selected piece and
//! its mode changes, the units waiting to enter, the hovered hex).

use super::words::{describe, hex_lines, phase_name, wargame_options_line};
use super::{Selection, side_of, state};
use crate::games::rosebud::action::Action;
use crate::games::rosebud::rules;
use crate::games::rosebud::state::{Loc, Pending, Wound};
use crate::gui::Game;
use crate::gui::board::Hover;
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// The turn bar: turn, clock, phasing player, victory points.
pub(super) fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    ui.strong(format!(
        "Turn {} of {} ({})",
        s.turn,
        s.stat.tables.turns.count,
        s.time(s.turn)
    ));
    ui.separator();
    ui.label(phase_name(s));
    ui.separator();
    ui.label(format!(
        "VP: US {}, Indian {} (17); losses US {} CP, Indian {} CP",
        s.vp[0], s.vp[1], s.losses[0], s.losses[1]
    ));
}

/// The left panel: the viewing seat, the selected piece and its mode changes, the units
/// waiting to enter, the hovered hex.
pub(super) fn side_panel(
    InMut(ui): InMut<egui::Ui>,
    mut game: ResMut<Game>,
    mut sel: ResMut<Selection>,
    hover: Res<Hover>,
) {
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let mut submit: Option<String> = None;
    {
        let Some(seen) = state(&game) else { return };
        let s = &*seen;
        ui.heading(format!("View: {}", game.who(game.viewing())));
        ui.label(wargame_options_line(s));
        ui.separator();
        let side = side_of(game.viewing());
        ui.label(phase_name(s));
        // The choices that need no hex: a fire window's, and the selected unit's mode
        // changes, half-strength fire, re-supply and recovery, as buttons.
        for l in &legal {
            let Ok(a) = l.parse::<Action>() else { continue };
            let mine = match &a {
                Action::OpFire { .. }
                | Action::Resolve
                | Action::Melee { .. }
                | Action::Leave { .. }
                | Action::Commit
                | Action::Cancel
                | Action::Rbm { .. }
                | Action::Stand
                | Action::Lose { .. }
                | Action::Replace { .. }
                | Action::Pursue { .. }
                | Action::Halt
                | Action::Search { .. }
                | Action::Breastworks { unit: None }
                | Action::Retreat { .. }
                | Action::Rout { unit: None }
                | Action::Hold
                | Action::Advance { .. } => true,
                Action::Rout { unit: Some(unit) } => {
                    matches!(s.pending.first(), Some(Pending::Volunteer { .. }))
                        || sel.unit.as_deref() == Some(unit.as_str())
                }
                Action::Mode { unit, .. }
                | Action::Charge { unit, .. }
                | Action::Breastworks { unit: Some(unit) }
                | Action::Reload { unit }
                | Action::Transfer { from: unit, .. }
                | Action::Recover { unit }
                | Action::Resupply { unit, .. }
                | Action::Fire {
                    unit, half: true, ..
                } => sel.unit.as_deref() == Some(unit.as_str()),
                _ => false,
            };
            if mine && ui.button(describe(s, &a)).clicked() {
                submit = Some(l.clone());
            }
        }
        if let Some(id) = sel.unit.clone() {
            if let Some(u) = s.find(&id) {
                let d = s.def(u);
                ui.strong(format!("{} ({})", d.name, s.class(u).name));
                ui.label(format!(
                    "CF {} ({:?}), MA {}: {} MP left{}",
                    s.cf(u),
                    s.units[u].mode,
                    s.face(u).ma,
                    rules::mp_left(s, u),
                    if s.units[u].at == Loc::Entering {
                        "; waiting to enter: click an amber ring"
                    } else {
                        ""
                    }
                ));
            } else if let Some(l) = s.find_leader(&id) {
                let d = s.ldef(l);
                ui.strong(format!("{} (Leader)", d.name));
                let ratings = match rules::leaders::ratings(s, l) {
                    Some((r, radius)) => format!("Rating {r:+}, radius {radius}"),
                    None => "No ratings".to_string(),
                };
                let wound = match s.leaders[l].wound {
                    None => String::new(),
                    Some(Wound::Mortal { dies }) => format!(
                        " (mortally wounded: dies on turn {dies} unless carried to aid, 12D1)"
                    ),
                    Some(Wound::Severe) => " (severely wounded, 12D1)".to_string(),
                    Some(Wound::Moderate) => " (wounded side, 12D1)".to_string(),
                };
                ui.label(format!(
                    "{ratings}, MA {}: {} MP left{wound}",
                    rules::leaders::ma(s, l),
                    rules::leader_mp_left(s, l)
                ));
            }
            ui.label("Click a green ring to move there, a red ring to fire at full strength.");
        } else if game.can_act() {
            ui.label("Click one of your counters to select it.");
        }
        let waiting: Vec<String> = (0..s.units.len())
            .filter(|&u| s.units[u].at == Loc::Entering && s.side(u) == side)
            .map(|u| s.def(u).id.clone())
            .chain(
                (0..s.leaders.len())
                    .filter(|&l| s.leaders[l].at == Loc::Entering && s.ldef(l).side == side)
                    .map(|l| s.ldef(l).id.clone()),
            )
            .collect();
        if !waiting.is_empty() {
            ui.separator();
            ui.strong(format!("Waiting to enter (18): {}", waiting.len()));
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| {
                    for id in &waiting {
                        let label = s
                            .find(id)
                            .map(|u| {
                                format!("{} ({}, CF {})", s.def(u).name, s.def(u).group, s.cf(u))
                            })
                            .or_else(|| {
                                s.find_leader(id)
                                    .map(|l| format!("{} (Leader)", s.ldef(l).name))
                            })
                            .unwrap_or_default();
                        if ui
                            .selectable_label(sel.unit.as_deref() == Some(id.as_str()), label)
                            .clicked()
                        {
                            sel.unit = Some(id.clone());
                        }
                    }
                });
        }
        ui.separator();
        if let Some(h) = hover.0
            && s.stat.on_board(h)
        {
            let (head, lines) = hex_lines(s, h);
            ui.label(head);
            for l in lines {
                ui.label(l);
            }
        }
    }
    if let Some(a) = submit {
        game.submit(&a);
    }
}
