//! The floating parts of *Battle of the Rosebud*'s play screen: the hovered hex's
//! tooltip with the selected unit's fire at it, and the charts window with every table
//! the engine reads.

use super::words::hex_lines;
use super::{Selection, state};
use crate::games::rosebud::rules::fire;
use crate::games::rosebud::state::{FireKind, Phase, State};
use crate::gui::Game;
use crate::gui::board::{self, Hover};
use crate::gui::charts::source_line;
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// The selected unit's fire at an enemy in the hovered hex, in words: its factors and
/// column, the natural 2d6 roll each result needs, and every factor and modifier with
/// its key in the Fire table (9A-9D).
fn fire_section(s: &State, sel: &Selection, hover: &Hover) -> Option<(String, Vec<String>)> {
    let f = s.find(sel.unit.as_deref()?)?;
    let hex = hover.0?;
    let t = s
        .at(hex, s.side(f).other())
        .find(|&t| fire::can_target(s, f, t))?;
    let kind = if s.phase == Phase::DefensiveFire {
        FireKind::Defensive
    } else {
        FireKind::Offensive
    };
    let (x, why) = fire::strength(s, f, t, kind);
    let mods = fire::modifiers(s, f, t);
    let drm: i32 = mods.iter().map(|(_, v)| v).sum();
    let col = fire::column(s, x);
    let head = format!(
        "{} fires at {}: {x} factors, column {}, modifiers {drm:+} (9)",
        s.def(f).name,
        s.def(t).name,
        s.stat.tables.fire.columns.get(col).copied().unwrap_or(0.0)
    );
    let mut items = vec![];
    let mut last = crate::games::rosebud::data::FireResult::NoEffect;
    for roll in 2..=12 {
        let r = fire::lookup(s, col, roll + drm);
        if r != last {
            items.push(format!("{r:?} on {roll}+ (2d6)"));
            last = r;
        }
    }
    if items.is_empty() {
        items.push("no result on any roll".to_string());
    }
    items.extend(why);
    items.extend(
        mods.iter()
            .map(|(k, v)| format!("{v:+} {}", k.replace('_', " "))),
    );
    Some((head, items))
}

/// A die table's bands, each with its result and source.
fn die_table<R: std::fmt::Debug>(
    ui: &mut egui::Ui,
    id: &str,
    t: &crate::games::rosebud::data::DieTable<R>,
) {
    source_line(ui, &t.source);
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        ui.strong(format!("{}d6", t.dice));
        ui.strong("result");
        ui.strong("source");
        ui.end_row();
        for b in &t.bands {
            ui.label(match (b.from, b.to) {
                (None, Some(to)) => format!("{to} or less"),
                (Some(f), None) => format!("{f} or more"),
                (Some(f), Some(to)) if f == to => f.to_string(),
                (Some(f), Some(to)) => format!("{f}-{to}"),
                (None, None) => "any".into(),
            });
            ui.label(format!("{:?}", b.result));
            ui.label(egui::RichText::new(b.source.short()).small());
            ui.end_row();
        }
    });
    for d in &t.drm {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{:+} {}", d.value, d.when));
            ui.label(egui::RichText::new(d.source.short()).small());
        });
    }
}

/// The fire the person is looking at: the selected unit's fire at an enemy unit in
/// the hovered hex, when it may fire at it, as (column, total modifier, target name).
fn fire_in_view(s: &State, sel: &Selection, hover: &Hover) -> Option<(usize, i32, String)> {
    let f = s.find(sel.unit.as_deref()?)?;
    let hex = hover.0?;
    let enemy = s.side(f).other();
    let t = s.at(hex, enemy).find(|&t| fire::can_target(s, f, t))?;
    let kind = if s.phase == Phase::DefensiveFire {
        FireKind::Defensive
    } else {
        FireKind::Offensive
    };
    let (x, _) = fire::strength(s, f, t, kind);
    let drm: i32 = fire::modifiers(s, f, t).iter().map(|(_, v)| v).sum();
    Some((fire::column(s, x), drm, s.def(t).name.clone()))
}

/// The charts window (C or the Charts button): every table the engine reads, each
/// value with its source and the reconstructions marked; the Fire CRT's column for the
/// selected unit's fire at the hovered enemy is highlighted.
pub(super) fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, sel: Res<Selection>, hover: Res<Hover>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    // The hovered hex's tooltip, with the selected unit's fire at it.
    if let Some(h) = hover.0
        && s.stat.on_board(h)
        && !game.curtain_down()
    {
        let (head, lines) = hex_lines(s, h);
        let fire: Vec<(String, Vec<String>)> = if game.can_act() {
            fire_section(s, &sel, &hover).into_iter().collect()
        } else {
            vec![]
        };
        board::hover_tooltip(ui.ctx(), &head, &lines, &fire);
    }
    if !game.charts() {
        return;
    }
    let t = &s.stat.tables;
    let in_view = fire_in_view(s, &sel, &hover);
    let gold = egui::Color32::from_rgb(240, 200, 80);
    egui::Window::new("Charts — Battle of the Rosebud")
        .default_width(760.0)
        .max_width(820.0)
        .default_height(560.0)
        .vscroll(true)
        .show(ui.ctx(), |ui| {
            ui.label(
                "The seed lost every chart: what is RECONSTRUCTED is marked in orange, with \
                 its reasoning (docs/reconstructions-rosebud.md); the seed's own values in green.",
            );
            ui.separator();
            ui.heading("Fire Combat Results Table (9)");
            source_line(ui, &t.fire.source);
            match &in_view {
                Some((_, drm, name)) => {
                    ui.colored_label(
                        gold,
                        format!("Highlighted: the selected unit's fire at {name}, 2d6 {drm:+}"),
                    );
                }
                None => {
                    ui.small("Select a unit and hover an enemy it may fire at to see its column.");
                }
            }
            let col = in_view.as_ref().map(|(c, _, _)| *c);
            let drm = in_view.as_ref().map_or(0, |(_, d, _)| *d);
            egui::Grid::new("rb_fire").striped(true).show(ui, |ui| {
                ui.strong("2d6 \\ strength");
                let n = t.fire.columns.len();
                for (c, lo) in t.fire.columns.iter().enumerate() {
                    let label = match t.fire.columns.get(c + 1) {
                        _ if c == 0 => "<1".to_string(),
                        Some(hi) if c + 1 < n => format!("{}-{}", fire::trim(*lo), fire::trim(*hi)),
                        _ => format!("{}+", fire::trim(*lo)),
                    };
                    let text = egui::RichText::new(label).strong();
                    ui.label(if col == Some(c) { text.color(gold) } else { text });
                }
                ui.end_row();
                let rows = t.fire.rows.len() as i32;
                for (i, r) in t.fire.rows.iter().enumerate() {
                    let total = t.fire.first_total + i as i32;
                    ui.label(if i == 0 {
                        format!("{total} or less")
                    } else if i as i32 == rows - 1 {
                        format!("{total} or more")
                    } else {
                        total.to_string()
                    });
                    // The rows this fire can read: natural 2-12 plus its modifiers.
                    let reachable = in_view.is_some()
                        && (2 + drm..=12 + drm).any(|m| {
                            m.clamp(t.fire.first_total, t.fire.first_total + rows - 1) == total
                        });
                    for (c, cell) in r.split_whitespace().enumerate() {
                        let text = egui::RichText::new(cell);
                        ui.label(if col == Some(c) && reachable {
                            text.color(gold).strong()
                        } else {
                            text
                        });
                    }
                    ui.end_row();
                }
            });
            ui.small("Modifiers to the 2d6 total:");
            for d in &t.fire.drm {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{:+} {}", d.value, d.when));
                    ui.label(egui::RichText::new(d.source.short()).small());
                });
            }
            ui.small("Strength factors:");
            for f in &t.fire.factors {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("x{} {}", fire::trim(f.factor), f.when));
                    ui.label(egui::RichText::new(f.source.short()).small());
                });
            }
            for r in &t.fire.ranges {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!(
                        "{:?}: range {} hexes, x{} beyond 1 hex",
                        r.kinds,
                        r.max_range,
                        fire::trim(r.long_factor)
                    ));
                    ui.label(egui::RichText::new(r.source.short()).small());
                });
            }
            ui.separator();
            ui.heading("Melee Combat Results Table (10): attacker / defender");
            source_line(ui, &t.melee.source);
            egui::Grid::new("rb_melee").striped(true).show(ui, |ui| {
                ui.strong("1d6 \\ US odds");
                for (a, d) in &t.melee.us_line {
                    ui.strong(format!("{a}:{d}"));
                }
                ui.end_row();
                ui.strong("Indian odds");
                for (a, d) in &t.melee.indian_line {
                    ui.strong(format!("{a}:{d}"));
                }
                ui.end_row();
                let rows = t.melee.rows.len();
                for (i, r) in t.melee.rows.iter().enumerate() {
                    let die = t.melee.first_die + i as i32;
                    ui.label(if i == 0 {
                        format!("{die} or less")
                    } else if i + 1 == rows {
                        format!("{die} or more")
                    } else {
                        die.to_string()
                    });
                    for cell in r.split_whitespace() {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
            for d in &t.melee.drm {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{:+} {}", d.value, d.when));
                    ui.label(egui::RichText::new(d.source.short()).small());
                });
            }
            for f in &t.melee.factors {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("x{} {}", fire::trim(f.factor), f.when));
                    ui.label(egui::RichText::new(f.source.short()).small());
                });
            }
            ui.separator();
            ui.heading("Morale Check Table (13A)");
            die_table(ui, "rb_morale", &t.morale);
            ui.heading("Rally Table (13C)");
            die_table(ui, "rb_rally", &t.rally);
            ui.heading("Retreat Before Melee (10H1)");
            die_table(ui, "rb_rbm", &t.retreat_before_melee);
            ui.heading("Leader Loss Check (9E, 12D1)");
            die_table(ui, "rb_leader", &t.leader_loss);
            ui.heading("Wound Severity (12D1)");
            die_table(ui, "rb_wound", &t.wound_severity);
            ui.heading("Lost Horses (16B)");
            die_table(ui, "rb_horses", &t.lost_horses);
            ui.separator();
            ui.heading("Terrain Effects (7B, 10D)");
            egui::Grid::new("rb_tec").striped(true).show(ui, |ui| {
                for h in ["terrain", "MP mounted", "MP dismounted", "melee", "fire", "source"] {
                    ui.strong(h);
                }
                ui.end_row();
                for r in &t.terrain {
                    ui.label(&r.name);
                    ui.label(r.mounted_mp.to_string());
                    ui.label(r.dismounted_mp.to_string());
                    ui.label(format!("{:+}", r.melee));
                    ui.label(format!("{:+}", r.fire));
                    ui.label(egui::RichText::new(r.source.short()).small());
                    ui.end_row();
                }
                for r in &t.hexsides {
                    ui.label(format!("{} hexside", r.name));
                    let mp = r.mp.map_or("prohibited".to_string(), |m| format!("+{m}"));
                    ui.label(&mp);
                    ui.label(&mp);
                    ui.label(format!("{:+}", r.melee));
                    ui.label("");
                    ui.label(egui::RichText::new(r.source.short()).small());
                    ui.end_row();
                }
            });
            ui.label(format!(
                "+{} MP per level uphill; {} MP to change mode; +{} MP to leave an enemy ZOC; {} MP to remove Disruption",
                t.uphill_mp.value, t.mode_mp.value, t.zoc_exit_mp.value, t.disruption_mp.value
            ));
            ui.separator();
            ui.heading("Victory Levels (17)");
            source_line(ui, &t.victory.source);
            for b in &t.victory.bands {
                ui.label(format!("ratio {} or more: {}", b.from_ratio, b.level));
            }
        });
}
