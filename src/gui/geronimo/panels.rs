//! The play screen's parts: the turn bar (Turn and years, Round and whose Round, the
//! US, the States, each player's VP), the side panel (the pending decisions, the
//! choices a click left, the starting Columns' and new Columns' forms, the selected
//! piece, the US Reserve, the Treaty form, the Shaman hand with its play options, the
//! other hands as counts, the Tribal cards with their Villages, the selected Area)
//! and the hover tooltip. Every button is a listed legal action, in words with its
//! notation greyed beside it.

use super::drawing::{contents, pick};
use super::words::{Names, actor, target_area, years};
use super::{GeronimoSelection, seen};
use crate::games::geronimo::action::{Action, Arg};
use crate::gui::Game;
use crate::gui::board::{self, CursorWorld};
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// The gold of headings that ask for a decision.
const GOLD: egui::Color32 = egui::Color32::from_rgb(240, 200, 80);

/// The ruleset's part of the turn bar.
pub fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some((s, v)) = seen(&game) else { return };
    let (from, to) = years(v.turn);
    ui.strong(format!(
        "{} — Turn {} of {} ({from}–{to})",
        s.stat.scenario.name, v.turn, v.last_turn
    ));
    ui.separator();
    if v.round == 0 {
        ui.label("Set-up");
    } else {
        ui.label(format!(
            "Round {}: {}'s Round",
            v.round,
            game.seat_name(v.active)
        ));
    }
    ui.separator();
    ui.label(format!("US: {}", game.seat_name(v.us)));
    ui.label(format!(
        "States: {}",
        v.areas.iter().filter(|a| a.state).count()
    ));
    ui.separator();
    let vp: Vec<String> =
        v.vp.iter()
            .enumerate()
            .map(|(k, p)| format!("{} {p}", game.seat_name(k as u8)))
            .collect();
    ui.label(format!("VP: {}", vp.join(" · ")));
}

/// A button for a legal action in words, its notation greyed beside it; true when
/// clicked.
fn act_button(ui: &mut egui::Ui, words: &str, notation: &str) -> bool {
    ui.horizontal_wrapped(|ui| {
        let b = ui.button(words).on_hover_text(notation).clicked();
        ui.weak(egui::RichText::new(notation).small());
        b
    })
    .inner
}

/// Whether an action is a decision the panel lists by itself (not made on the map,
/// not a card, not the Treaty form, not a selected piece's).
fn is_decision(a: &Action) -> bool {
    !matches!(
        a,
        Action::Play { .. } | Action::Discard(_) | Action::Offer { .. }
    ) && target_area(a).is_none()
        && actor(a).is_none()
}

/// The left panel.
pub fn side_panel(
    InMut(ui): InMut<egui::Ui>,
    mut game: ResMut<Game>,
    mut sel: ResMut<GeronimoSelection>,
) {
    let Some((s, v)) = seen(&game) else { return };
    let st = &*s.stat;
    let n = Names { st, v: &v };
    let mine = game.can_act();
    let legal: Vec<(String, Action)> = if mine {
        game.legal()
            .into_iter()
            .filter_map(|l| l.parse::<Action>().ok().map(|a| (l, a)))
            .collect()
    } else {
        vec![]
    };
    if sel.options_gen != game.generation() {
        sel.options.clear();
    }
    let mut submit: Option<String> = None;
    let seat = game.viewing();
    egui::ScrollArea::vertical()
        .id_salt("geronimo_side")
        .show(ui, |ui| {
            ui.heading(format!("View: {}", game.who(seat)));
            ui.label(if v.us == seat {
                "You are the US this Turn."
            } else {
                "You play the Indians this Turn."
            });
            ui.separator();
            choices(ui, &n, &mut sel, &mut submit);
            decisions(ui, &n, v.pending.as_deref(), &legal, &mut submit);
            deploy_form(ui, &legal, &mut sel);
            selected(ui, &n, &legal, &mut sel, &mut submit);
            reserve(ui, &n, &legal, &mut sel);
            treaty(ui, &n, &legal, &mut sel, &mut submit);
            hand(ui, &n, &legal, &mut submit);
            hands(ui, &game, &v);
            tribes(ui, &n);
            area(ui, &n, &sel);
        });
    if let Some(a) = submit {
        game.submit(&a);
        sel.options.clear();
        if sel.piece.as_deref() != Some("deploy") {
            sel.piece = None;
        }
    }
}

/// The actions a click on the map left to choose between; for War Parties, a BP and
/// Chiefs form over the targets.
fn choices(ui: &mut egui::Ui, n: &Names, sel: &mut GeronimoSelection, submit: &mut Option<String>) {
    if sel.options.is_empty() {
        return;
    }
    ui.colored_label(GOLD, "Choose:");
    let opts: Vec<(String, Action)> = sel
        .options
        .iter()
        .filter_map(|l| l.parse::<Action>().ok().map(|a| (l.clone(), a)))
        .collect();
    // War Parties: the BP and Chiefs first, then one button per target.
    let sends: Vec<&(String, Action)> = opts
        .iter()
        .filter(|(_, a)| matches!(a, Action::Send { .. }))
        .collect();
    let mut shown: Vec<&(String, Action)> = opts
        .iter()
        .filter(|(_, a)| !matches!(a, Action::Send { .. }))
        .collect();
    if !sends.is_empty() {
        let mut sizes: Vec<i32> = sends
            .iter()
            .filter_map(|(_, a)| match a {
                Action::Send { bp, .. } => Some(*bp),
                _ => None,
            })
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut groups: Vec<Vec<String>> = sends
            .iter()
            .filter_map(|(_, a)| match a {
                Action::Send { chiefs, .. } => Some(chiefs.clone()),
                _ => None,
            })
            .collect();
        groups.sort();
        groups.dedup();
        let bp = sel
            .bp
            .filter(|b| sizes.contains(b))
            .or(sizes.last().copied());
        let key = |c: &[String]| c.join("+");
        let chiefs = sel
            .chiefs
            .clone()
            .filter(|c| groups.iter().any(|g| key(g) == *c))
            .or(groups.last().map(|g| key(g)));
        ui.horizontal_wrapped(|ui| {
            ui.label("War Party BP:");
            for b in &sizes {
                if ui.selectable_label(bp == Some(*b), b.to_string()).clicked() {
                    sel.bp = Some(*b);
                }
            }
        });
        if groups.len() > 1 {
            ui.horizontal_wrapped(|ui| {
                ui.label("Chiefs:");
                for g in &groups {
                    if ui
                        .selectable_label(chiefs.as_deref() == Some(key(g).as_str()), n.chiefs(g))
                        .clicked()
                    {
                        sel.chiefs = Some(key(g));
                    }
                }
            });
        }
        shown.extend(sends.into_iter().filter(|(_, a)| match a {
            Action::Send {
                bp: b, chiefs: c, ..
            } => Some(*b) == bp && Some(key(c)) == chiefs,
            _ => false,
        }));
    }
    egui::ScrollArea::vertical()
        .id_salt("geronimo_choices")
        .max_height(260.0)
        .show(ui, |ui| {
            for (l, a) in shown {
                if act_button(ui, &n.describe(a), l) {
                    *submit = Some(l.clone());
                }
            }
        });
    if ui.small_button("Cancel").clicked() {
        sel.options.clear();
    }
    ui.separator();
}

/// The pending decisions and the choices not made on the map, each a button.
fn decisions(
    ui: &mut egui::Ui,
    n: &Names,
    pending: Option<&str>,
    legal: &[(String, Action)],
    submit: &mut Option<String>,
) {
    let list: Vec<&(String, Action)> = legal.iter().filter(|(_, a)| is_decision(a)).collect();
    let free: Vec<&(String, Action)> = legal
        .iter()
        .filter(|(_, a)| matches!(a, Action::Settle(_) | Action::Rail(Some(_))))
        .collect();
    if list.is_empty() && free.is_empty() {
        return;
    }
    ui.colored_label(GOLD, "Decision:");
    if let Some(what) = pending {
        ui.label(what);
    }
    if !free.is_empty() {
        ui.small("Click a lit Area on the map, or:");
    }
    egui::ScrollArea::vertical()
        .id_salt("geronimo_decisions")
        .max_height(240.0)
        .show(ui, |ui| {
            for (l, a) in free.into_iter().chain(list) {
                if act_button(ui, &n.describe(a), l) {
                    *submit = Some(l.clone());
                }
            }
        });
    ui.separator();
}

/// The starting Columns (3.45, 11.11D): BP, guns and status, then a click on a lit
/// Area.
fn deploy_form(ui: &mut egui::Ui, legal: &[(String, Action)], sel: &mut GeronimoSelection) {
    let deploys: Vec<&Action> = legal
        .iter()
        .map(|(_, a)| a)
        .filter(|a| matches!(a, Action::Deploy { .. }))
        .collect();
    if deploys.is_empty() {
        return;
    }
    ui.colored_label(GOLD, "Starting Columns:");
    let mut sizes: Vec<i32> = vec![];
    let mut guns: Vec<u8> = vec![];
    for a in &deploys {
        if let Action::Deploy { bp, guns: g, .. } = a {
            sizes.push(*bp);
            guns.push(*g);
        }
    }
    sizes.sort_unstable();
    sizes.dedup();
    guns.sort_unstable();
    guns.dedup();
    if sel.bp.is_none_or(|b| !sizes.contains(&b)) {
        sel.bp = sizes
            .iter()
            .copied()
            .find(|&b| b >= 10)
            .or(sizes.last().copied());
    }
    if !guns.contains(&sel.guns) {
        sel.guns = 0;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("BP:");
        for b in &sizes {
            if ui
                .selectable_label(sel.bp == Some(*b), b.to_string())
                .clicked()
            {
                sel.bp = Some(*b);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Field guns:");
        for g in &guns {
            if ui.selectable_label(sel.guns == *g, g.to_string()).clicked() {
                sel.guns = *g;
            }
        }
        ui.checkbox(&mut sel.fort, "In Fort");
    });
    ui.small("Then click a lit Area to place the Column there.");
    ui.separator();
}

/// The selected piece: what it is, and its actions not made on the map.
fn selected(
    ui: &mut egui::Ui,
    n: &Names,
    legal: &[(String, Action)],
    sel: &mut GeronimoSelection,
    submit: &mut Option<String>,
) {
    let Some(p) = sel.piece.clone() else {
        if legal.iter().any(|(_, a)| actor(a).is_some()) {
            ui.small("Click one of your Columns, Villages or War Parties on the map: the Areas it may go to or act in light up; click one.");
            ui.separator();
        }
        return;
    };
    if p == "deploy" {
        return;
    }
    let v = n.v;
    let head = if let Some(c) = v.columns.iter().find(|c| c.id == p) {
        format!(
            "{}: {} BP, {} Field Guns, {} Gatlings, speed {}, {} in {}",
            n.column(&p),
            c.bp,
            c.guns,
            c.gatlings,
            c.speed,
            if c.fort { "In Fort" } else { "On Patrol" },
            n.area(&c.area)
        )
    } else if let Some(w) = v.villages.iter().find(|w| w.id == p) {
        format!(
            "{} ({}): {} BP in {}, {} action(s) this Turn{}",
            n.village(&w.id),
            n.tribe(&w.tribe),
            w.bp,
            n.area(&w.place),
            w.actions,
            if w.chiefs.is_empty() {
                String::new()
            } else {
                format!(", Chiefs {}", n.chiefs(&w.chiefs))
            }
        )
    } else if let Some(w) = v.parties.iter().find(|w| w.id == p) {
        format!(
            "War Party of {}: {} BP in {}, Chiefs: {}",
            n.village(&w.village),
            w.bp,
            n.area(&w.area),
            n.chiefs(&w.chiefs)
        )
    } else if let Some(k) = p.strip_prefix("form:") {
        format!("A new Column under {}: click a lit Area", n.commander(k))
    } else {
        p.clone()
    };
    ui.strong(head);
    let own: Vec<&(String, Action)> = legal
        .iter()
        .filter(|(_, a)| actor(a).as_deref() == Some(p.as_str()) && target_area(a).is_none())
        .collect();
    if legal
        .iter()
        .any(|(_, a)| actor(a).as_deref() == Some(p.as_str()) && target_area(a).is_some())
    {
        ui.small("Click a lit Area to act there (Esc: deselect).");
    }
    egui::ScrollArea::vertical()
        .id_salt("geronimo_piece")
        .max_height(200.0)
        .show(ui, |ui| {
            for (l, a) in own {
                if act_button(ui, &n.describe(a), l) {
                    *submit = Some(l.clone());
                }
            }
        });
    ui.separator();
}

/// The US Reserve, and new Columns formed from it under its Commanders.
fn reserve(ui: &mut egui::Ui, n: &Names, legal: &[(String, Action)], sel: &mut GeronimoSelection) {
    let (bp, guns, gatlings, cmds) = &n.v.reserve;
    if n.v.us != n.v.seat && *bp == 0 {
        return;
    }
    ui.strong("US Reserve");
    ui.label(format!(
        "{bp} BP, {guns} Field Guns, {gatlings} Gatlings; Commanders: {}",
        if cmds.is_empty() {
            "none".to_string()
        } else {
            cmds.iter()
                .map(|c| n.commander(c))
                .collect::<Vec<_>>()
                .join(", ")
        }
    ));
    let forms: Vec<&Action> = legal
        .iter()
        .map(|(_, a)| a)
        .filter(|a| matches!(a, Action::Form { .. }))
        .collect();
    if !forms.is_empty() {
        let mut sizes: Vec<i32> = forms
            .iter()
            .filter_map(|a| match a {
                Action::Form { bp, .. } => Some(*bp),
                _ => None,
            })
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        if sel.bp.is_none_or(|b| !sizes.contains(&b)) {
            sel.bp = sizes.last().copied();
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("New Column BP:");
            for b in &sizes {
                if ui
                    .selectable_label(sel.bp == Some(*b), b.to_string())
                    .clicked()
                {
                    sel.bp = Some(*b);
                }
            }
            ui.checkbox(&mut sel.fort, "In Fort");
        });
        let mut cmds: Vec<String> = forms
            .iter()
            .filter_map(|a| match a {
                Action::Form { cmd, .. } => Some(cmd.clone()),
                _ => None,
            })
            .collect();
        cmds.dedup();
        ui.horizontal_wrapped(|ui| {
            ui.label("Form under:");
            for c in cmds {
                let key = format!("form:{c}");
                let on = sel.piece.as_deref() == Some(key.as_str());
                if ui.selectable_label(on, n.commander(&c)).clicked() {
                    sel.piece = if on { None } else { Some(key) };
                    sel.options.clear();
                }
            }
        });
    }
    ui.separator();
}

/// The Treaty form (8.11): a Village On Reservation for VP, 0-10 listed, more typed.
fn treaty(
    ui: &mut egui::Ui,
    n: &Names,
    legal: &[(String, Action)],
    sel: &mut GeronimoSelection,
    submit: &mut Option<String>,
) {
    let mut villages: Vec<String> = legal
        .iter()
        .filter_map(|(_, a)| match a {
            Action::Offer { village, .. } => Some(village.clone()),
            _ => None,
        })
        .collect();
    villages.dedup();
    if villages.is_empty() {
        return;
    }
    ui.strong("Treaty (8.11)");
    let (mut chosen, mut vp) = sel.treaty.clone();
    if chosen.as_ref().is_none_or(|p| !villages.contains(p)) {
        chosen = villages.first().cloned();
    }
    egui::ComboBox::from_id_salt("geronimo_treaty")
        .selected_text(chosen.as_deref().map_or(String::new(), |p| n.village(p)))
        .show_ui(ui, |ui| {
            for w in &villages {
                ui.selectable_value(&mut chosen, Some(w.clone()), n.village(w));
            }
        });
    ui.horizontal(|ui| {
        ui.label("VP:");
        ui.add(egui::DragValue::new(&mut vp).range(0..=40));
    });
    if let Some(w) = &chosen {
        let l = format!("offer {w} {vp}");
        if act_button(ui, &n.words(&l), &l) {
            *submit = Some(l);
        }
    }
    sel.treaty = (chosen, vp);
    ui.separator();
}

/// The seat's Shaman hand: each card's title, text and rule, and its plays now.
fn hand(ui: &mut egui::Ui, n: &Names, legal: &[(String, Action)], submit: &mut Option<String>) {
    ui.strong(format!("Your Shaman cards ({})", n.v.hand.len()));
    for (copy, title, rule, text) in &n.v.hand {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.strong(title);
            ui.small(text);
            ui.weak(egui::RichText::new(format!("Rule {rule}")).small());
            let plays: Vec<&(String, Action)> = legal
                .iter()
                .filter(|(_, a)| match a {
                    Action::Play { card, .. } | Action::Discard(card) => card == copy,
                    _ => false,
                })
                .collect();
            let targeted: Vec<&(String, Action)> = plays
                .iter()
                .copied()
                .filter(|(_, a)| {
                    matches!(
                        a,
                        Action::Play {
                            arg: Arg::On(_),
                            ..
                        }
                    )
                })
                .collect();
            for (l, a) in plays.iter().filter(|(_, a)| {
                !matches!(
                    a,
                    Action::Play {
                        arg: Arg::On(_),
                        ..
                    }
                ) || targeted.len() <= 3
            }) {
                let words = match a {
                    Action::Discard(_) => "Discard".to_string(),
                    other => n.describe(other),
                };
                if act_button(ui, &words, l) {
                    *submit = Some(l.clone());
                }
            }
            if targeted.len() > 3 {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("Play {title} on:"));
                    for (l, a) in &targeted {
                        if let Action::Play {
                            arg: Arg::On(x), ..
                        } = a
                            && ui.small_button(n.thing(x)).on_hover_text(l).clicked()
                        {
                            *submit = Some(l.clone());
                        }
                    }
                });
            }
        });
    }
    ui.separator();
}

/// The other players' hands: a count only.
fn hands(ui: &mut egui::Ui, game: &Game, v: &crate::games::geronimo::View) {
    let others: Vec<String> = v
        .hand_sizes
        .iter()
        .enumerate()
        .filter(|(k, _)| *k != usize::from(v.seat))
        .map(|(k, c)| format!("{}: {c}", game.seat_name(k as u8)))
        .collect();
    if !others.is_empty() {
        ui.small(format!("Shaman cards held: {}", others.join(" · ")));
        ui.separator();
    }
}

/// The seat's Tribal cards with their Villages, and the Tribes face up.
fn tribes(ui: &mut egui::Ui, n: &Names) {
    let v = n.v;
    if !v.tribes.is_empty() {
        ui.strong("Your Tribal cards");
        for t in &v.tribes {
            ui.label(egui::RichText::new(n.tribe(t)).underline());
            for w in v.villages.iter().filter(|w| &w.tribe == t) {
                let mut line = format!("  {}: {} BP, {}", n.village(&w.id), w.bp, n.area(&w.place));
                if !w.chiefs.is_empty() {
                    line.push_str(&format!("; Chiefs {}", n.chiefs(&w.chiefs)));
                }
                if !w.marks.is_empty() {
                    line.push_str(&format!("; {}", w.marks.join(", ")));
                }
                if w.finished {
                    line.push_str("; finished");
                }
                ui.small(line);
            }
        }
        ui.separator();
    }
    if !v.revealed.is_empty() {
        let list: Vec<String> = v
            .revealed
            .iter()
            .map(|(t, s)| format!("{} (Player {})", n.tribe(t), s + 1))
            .collect();
        ui.small(format!("Tribal cards face up: {}", list.join(", ")));
        ui.separator();
    }
}

/// The lines that say what an Area holds, for the panel and the tooltip.
fn area_lines(n: &Names, id: &str) -> (String, Vec<String>) {
    let st = n.st;
    let v = n.v;
    let mut head = n.area(id);
    if let Some(i) = st.map.index(id)
        && let Some(d) = st.area(i)
    {
        head = format!(
            "{head}: Survival {}, Statehood {}{}{}",
            d.survival,
            d.statehood,
            if d.mountain { ", Mountain" } else { ", Plains" },
            if d.buffalo { ", Buffalo" } else { "" }
        );
    }
    let mut lines = vec![];
    if let Some(a) = v.areas.iter().find(|a| a.id == id) {
        lines.extend(contents(a));
        lines.push(format!("RP {}", a.rp));
    }
    for c in v.columns.iter().filter(|c| c.area == id) {
        lines.push(format!(
            "{}: {} BP, {} guns, {} Gatlings, {}",
            n.column(&c.id),
            c.bp,
            c.guns,
            c.gatlings,
            if c.fort { "In Fort" } else { "On Patrol" }
        ));
    }
    for w in v.villages.iter().filter(|w| w.place == id) {
        lines.push(format!(
            "{} ({}): {} BP{}",
            n.village(&w.id),
            n.tribe(&w.tribe),
            w.bp,
            if w.chiefs.is_empty() {
                String::new()
            } else {
                format!(", Chiefs {}", n.chiefs(&w.chiefs))
            }
        ));
    }
    for p in v.parties.iter().filter(|p| p.area == id) {
        lines.push(format!(
            "War Party of {}: {} BP, {}",
            n.village(&p.village),
            p.bp,
            n.chiefs(&p.chiefs)
        ));
    }
    (head, lines)
}

/// The selected Area's contents.
fn area(ui: &mut egui::Ui, n: &Names, sel: &GeronimoSelection) {
    let Some(id) = &sel.area else {
        ui.small("Click an Area to see what it holds; hover it for a summary.");
        return;
    };
    let (head, lines) = area_lines(n, id);
    ui.strong(head);
    for l in lines {
        ui.small(l);
    }
}

/// Windows over the board: the hovered Area's tooltip.
pub fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, cursor: Res<CursorWorld>) {
    if game.curtain_down() {
        return;
    }
    let Some((s, v)) = seen(&game) else { return };
    let Some(i) = cursor.0.and_then(|p| pick(&s.stat, p)) else {
        return;
    };
    let n = Names { st: &s.stat, v: &v };
    let (head, lines) = area_lines(&n, &s.stat.map.areas[i].id);
    board::hover_tooltip(ui.ctx(), &head, &lines, &[]);
}
