//! The floating parts of Harvest the Wind's play screen: the hovered hex's tooltip and
//! the FCT, MCT and TEC charts with the cell in use highlighted.

use super::words::{fire_calc_of, hex_summary};
use super::{Selection, state};
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::Kind;
use crate::games::harvest::{rules, view};
use crate::gui::Game;
use crate::gui::board::{self, Hover};
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// The charts window, when it is open.
pub(super) fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, sel: Res<Selection>, hover: Res<Hover>) {
    if game.charts() {
        charts(ui.ctx(), &game, &sel, hover.0);
    }
    hex_tooltip(ui.ctx(), &game, &sel, hover.0);
}

/// The hovered hex's tooltip: its terrain and level, the stack in it as the viewing
/// seat sees it, and for the selected unit each fire it may make there, with the number
/// it needs and (unless the target is hidden from this seat) every modifier and its
/// rule. Drawn beside the pointer, never under it, so the board keeps the hover.
fn hex_tooltip(ctx: &egui::Context, game: &Game, sel: &Selection, hex: Option<Coord>) {
    let Some(h) = hex else { return };
    if game.curtain_down() {
        return;
    }
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let v = view(s, game.viewing());
    let hidden_here = v
        .hidden_stacks
        .iter()
        .find(|(c, _)| *c == h)
        .map(|(_, n)| *n);
    let mut fires: Vec<(String, Vec<String>)> = vec![];
    if let Some(sel_id) = sel.piece.as_deref()
        && game.can_act()
        && let Some(f) = s.find(sel_id)
    {
        for l in game.legal() {
            let Ok(Action::Fire {
                unit,
                weapon,
                targets,
                horses,
                ammo,
            }) = l.parse::<Action>()
            else {
                continue;
            };
            if *unit != *sel_id || targets != [h] {
                continue;
            }
            let Some(c) = fire_calc_of(s, f, &weapon, h, horses, ammo) else {
                continue;
            };
            let head = format!(
                "Fire the {weapon}{} at {h}: needs {}+ on 1d6 (Table 1 row {}, column {})",
                if horses { " (horses)" } else { "" },
                c.min_roll(),
                c.row + 1,
                c.col + 1
            );
            let mods = if hidden_here.is_some() {
                vec!["(the target is hidden: its modifiers are not shown)".to_string()]
            } else {
                c.mods
                    .iter()
                    .map(|(m, why)| format!("{m:+} {why}"))
                    .collect()
            };
            fires.push((head, mods));
        }
    }
    let (head, lines) = hex_summary(s, &v, h);
    board::hover_tooltip(ctx, &head, &lines, &fires);
}

/// The FCT, MCT and TEC with the cell in use highlighted (the selected unit firing at
/// the hovered hex), and each table's source.
fn charts(ctx: &egui::Context, game: &Game, sel: &Selection, hover: Option<Coord>) {
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let t = &s.stat.tables;
    let hot = (|| {
        let f = s.find(sel.piece.as_deref()?)?;
        let h = hover?;
        let w = s.carried(f).find(|&w| s.p(w).kind == Kind::Weapon)?;
        rules::fire_calc(s, f, w, h, false, None).ok()
    })();
    egui::Window::new("Charts")
        .default_pos(egui::pos2(320.0, 80.0))
        .default_size([640.0, 560.0])
        .max_height(ctx.viewport_rect().height() - 120.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.strong("Table 1: Fire Combat Table (minimum d6 to hit)");
            egui::Grid::new("fct").striped(true).show(ui, |ui| {
                ui.label("Weapon");
                for r in 0..9 {
                    ui.label(if r == 8 {
                        "8+".to_string()
                    } else {
                        r.to_string()
                    });
                }
                ui.end_row();
                for (ri, row) in t.fct.iter().enumerate() {
                    ui.label(&row.name);
                    for (ci, v) in row.to_hit.iter().enumerate() {
                        let text = v.map_or("-".to_string(), |n| n.to_string());
                        if hot.as_ref().is_some_and(|h| h.row == ri && h.col == ci) {
                            ui.colored_label(
                                egui::Color32::BLACK,
                                egui::RichText::new(text)
                                    .background_color(egui::Color32::YELLOW)
                                    .strong(),
                            );
                        } else {
                            ui.label(text);
                        }
                    }
                    ui.end_row();
                }
            });
            if let Some(h) = &hot {
                ui.label(format!(
                    "In use: need {}; modifiers {}; lowest die that hits: {}",
                    h.need,
                    h.mods
                        .iter()
                        .map(|(v, w)| format!("{v:+} {w}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    h.min_roll()
                ));
            }
            let m = &t.fire_modifiers;
            for (name, md) in [
                ("Low Ammo", &m.low_ammo),
                ("Mounted target", &m.mounted_target),
                ("Cover", &m.cover),
                ("Hidden", &m.hidden),
                ("Unmounted Horses", &m.horses),
                ("Dependents", &m.dependents),
            ] {
                ui.small(format!("{name} {:+} — {}", md.value, md.source.label()));
            }
            ui.separator();
            ui.strong("Table 2: Melee Combat Table");
            egui::Grid::new("mct").show(ui, |ui| {
                ui.label("Differential");
                for c in &t.mct {
                    ui.label(format!("{:+}", c.differential));
                }
                ui.end_row();
                ui.label("Need");
                for c in &t.mct {
                    ui.label(c.need.to_string());
                }
                ui.end_row();
            });
            ui.small(format!("Beyond ±2: {}", t.mct_clamp.label()));
            ui.separator();
            ui.strong("Table 3: Terrain Effects Chart");
            egui::Grid::new("tec").striped(true).show(ui, |ui| {
                for h in ["Terrain", "MP", "Blocks LOS", "Cover", "Source"] {
                    ui.label(h);
                }
                ui.end_row();
                let here = hover.and_then(|h| s.stat.tec(h)).map(|r| r.terrain.clone());
                for r in &t.tec {
                    let name = if here.as_deref() == Some(r.terrain.as_str()) {
                        egui::RichText::new(&r.name)
                            .background_color(egui::Color32::YELLOW)
                            .color(egui::Color32::BLACK)
                    } else {
                        egui::RichText::new(&r.name)
                    };
                    ui.label(name);
                    ui.label(r.cost.to_string());
                    ui.label(if r.blocks_los { "yes" } else { "no" });
                    ui.label(if r.cover { "yes" } else { "no" });
                    ui.add(egui::Label::new(egui::RichText::new(r.source.label()).small()).wrap());
                    ui.end_row();
                }
                for c in &t.tec_counters {
                    ui.label(&c.counter);
                    ui.label("-");
                    ui.label(if c.blocks_los { "yes" } else { "no" });
                    ui.label(if c.cover { "yes" } else { "no" });
                    ui.add(egui::Label::new(egui::RichText::new(c.source.label()).small()).wrap());
                    ui.end_row();
                }
            });
            ui.separator();
            ui.strong("Reconstructions in this scenario (not in the rules text)");
            for n in &s.stat.scenario.notes {
                ui.small(format!("• {n}"));
            }
        });
}
