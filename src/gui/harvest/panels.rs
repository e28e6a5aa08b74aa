//! The play screen's parts of Harvest the Wind: the turn bar (scenario, turn, phase,
//! what is asked, points), its own buttons, and the left panel (the seat, decisions
//! off the map, the selected counter and its actions, counters off the map, the hovered
//! hex, every legal action).

use super::words::{describe, hex_summary};
use super::{Selection, state};
use crate::games::harvest::action::Action;
use crate::games::harvest::state::Kind;
use crate::games::harvest::view;
use crate::gui::Game;
use crate::gui::board::Hover;
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource it needs
/// The ruleset's part of the turn bar: scenario and turn, phase, what the seat to act
/// is asked, points.
pub(super) fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let turns = s
        .stat
        .scenario
        .turns
        .map_or("no limit".to_string(), |t| t.to_string());
    ui.strong(format!(
        "{} — Turn {} of {turns}",
        s.stat.scenario.name, s.turn
    ));
    ui.separator();
    ui.label(format!(
        "{}'s player turn: {} phase",
        s.stat.scenario.sides[usize::from(s.phasing)].name,
        s.phase.name().replace('_', " ")
    ));
    use crate::games::harvest::state::Pending;
    let asked = match &s.pending {
        Pending::Reaction { .. } => "may fire at the moving unit (IV)",
        Pending::Flee { .. } => "must move the hit unit (II.B)",
        Pending::Medicine { .. } => "may pass the Medicine (VII.D)",
        Pending::Recruit { .. } => "picks reinforcements (IX.D)",
        Pending::Dust { .. } => "may move a Dust marker (IX.E)",
        Pending::Capture { .. } => "may stop the loose Horses and take control (III.G.5)",
        _ => "",
    };
    if let Some(who) = game.to_act()
        && !asked.is_empty()
    {
        ui.separator();
        ui.colored_label(
            egui::Color32::from_rgb(240, 200, 80),
            format!("{} {asked}", game.seat_name(who)),
        );
    }
    ui.separator();
    ui.label(format!(
        "Points: {} {} — {} {}",
        s.stat.scenario.sides[0].name, s.points[0], s.stat.scenario.sides[1].name, s.points[1]
    ));
}

/// Buttons of its own: the end of a manual set-up.
pub(super) fn buttons(InMut(ui): InMut<egui::Ui>, mut game: ResMut<Game>) {
    if !game.can_act() {
        return;
    }
    let ready = Action::Ready.to_string();
    if game.legal().contains(&ready) && ui.button("Set-up done").clicked() {
        game.submit(&ready);
    }
}

/// The left panel: the viewing seat, decisions not made on the map, the selected
/// counter and its actions, counters off the map, the hovered hex, every legal action.
pub(super) fn side_panel(
    InMut(ui): InMut<egui::Ui>,
    mut game: ResMut<Game>,
    mut sel: ResMut<Selection>,
    hover: Res<Hover>,
) {
    // The legal actions of the seat to act, only when that is the human at the screen.
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let mut submit: Option<String> = None;
    let mut clear_choice = false;
    {
        let Some(seen) = state(&game) else { return };
        let s = &*seen;
        let v = view(s, game.viewing());
        ui.heading(format!("View: {}", game.who(game.viewing())));
        // Decisions that are not made on the map (IX.D recruits, IX.E Dust, VII.D Medicine,
        // III.G.5 loose Horses).
        if matches!(
            s.pending,
            crate::games::harvest::state::Pending::Recruit { .. }
                | crate::games::harvest::state::Pending::Dust { .. }
                | crate::games::harvest::state::Pending::Medicine { .. }
                | crate::games::harvest::state::Pending::Capture { .. }
        ) && game.can_act()
        {
            ui.colored_label(egui::Color32::from_rgb(240, 200, 80), "Decision:");
            for l in &legal {
                let label = match l
                    .split_whitespace()
                    .nth(1)
                    .and_then(|id| v.pieces.iter().find(|p| p.id == id))
                {
                    Some(p) if l.starts_with("recruit") => format!("{l}  ({})", p.label),
                    _ => l.clone(),
                };
                if ui.button(label).clicked() {
                    submit = Some(l.clone());
                }
            }
            ui.separator();
        }
        if let Some(id) = sel.piece.clone() {
            if let Some(p) = v.pieces.iter().find(|p| p.id == id) {
                ui.strong(format!("{} — {:?} {}", p.id, p.kind, p.label));
                ui.label(format!("Where: {}", p.place));
                let mut flags = vec![];
                if p.pinned {
                    flags.push("Pinned");
                }
                if p.mounted {
                    flags.push("Mounted");
                }
                if p.hidden {
                    flags.push("Hidden");
                }
                if p.flipped {
                    flags.push("Reverse side");
                }
                if !flags.is_empty() {
                    ui.label(flags.join(", "));
                }
                for w in v
                    .pieces
                    .iter()
                    .filter(|w| w.place == format!("carried by {id}"))
                {
                    ui.label(format!(
                        "  carries {} {}{}",
                        w.id,
                        w.label,
                        if w.flipped { " (Low Ammo)" } else { "" }
                    ));
                }
                if let Some(i) = s.find(&id)
                    && let Some(r) = s.rec(i)
                {
                    ui.label(format!(
                        "This phase: {} MP spent{}{}",
                        r.mp,
                        if r.mounted_moved {
                            ", moved mounted"
                        } else {
                            ""
                        },
                        if r.done { ", done" } else { "" }
                    ));
                }
                ui.separator();
                ui.label("Actions for this counter:");
                egui::ScrollArea::vertical()
                    .id_salt("unit_actions")
                    .max_height(240.0)
                    .show(ui, |ui| {
                        for l in legal
                            .iter()
                            .filter(|l| l.split_whitespace().nth(1) == Some(id.as_str()))
                        {
                            // In words, the notation beside it (issue 30).
                            let words = l
                                .parse::<Action>()
                                .map_or_else(|_| l.clone(), |a| describe(s, &a));
                            ui.horizontal(|ui| {
                                if ui.small_button(words).on_hover_text(l).clicked() {
                                    submit = Some(l.clone());
                                }
                                ui.weak(egui::RichText::new(l).small());
                            });
                        }
                    });
            }
        } else {
            ui.label("Click one of your counters to select it; click a highlighted hex to act.");
        }
        // Off-board counters of the viewing seat (entering from an edge, reinforcements).
        let waiting: Vec<&crate::games::harvest::PieceView> = v
            .pieces
            .iter()
            .filter(|p| {
                p.side == game.viewing()
                    && ((p.place.starts_with("off-board")
                        && matches!(p.kind, Kind::Unit | Kind::Leader | Kind::Crew))
                        || p.place == crate::games::harvest::HELD)
            })
            .collect();
        if !waiting.is_empty() {
            ui.separator();
            ui.label(format!(
                "Off the map ({}); select one, then click a highlighted edge hex:",
                waiting.len()
            ));
            ui.horizontal_wrapped(|ui| {
                for p in waiting {
                    let can_enter = legal.iter().any(|l| {
                        l.starts_with(&format!("enter {} ", p.id))
                            || l.starts_with(&format!("medicine {} ", p.id))
                    });
                    let text = format!(
                        "{} {}{}",
                        p.id,
                        p.label,
                        if p.mounted { " mtd" } else { "" }
                    );
                    if ui
                        .add_enabled(can_enter, egui::Button::new(text).small())
                        .on_hover_text(&p.place)
                        .clicked()
                    {
                        sel.piece = Some(p.id.clone());
                        clear_choice = true;
                    }
                }
            });
        }
        ui.separator();
        if let Some(h) = hover.0.or(sel.hex) {
            let (head, lines) = hex_summary(s, &v, h);
            ui.strong(head);
            for l in lines {
                ui.label(format!("  {l}"));
            }
        }
        ui.separator();
        egui::CollapsingHeader::new(format!("All legal actions ({})", legal.len())).show(
            ui,
            |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("legal")
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for l in &legal {
                            if ui.small_button(l).clicked() {
                                submit = Some(l.clone());
                            }
                        }
                    });
            },
        );
    }
    if clear_choice {
        game.clear_choice();
    }
    if let Some(a) = submit {
        game.submit(&a);
    }
}
