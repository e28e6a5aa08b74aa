//! The battlefield of *Battle of the Rosebud* (terrain with its symbols, levels, creeks,
//! cliffs, VP hills), and every unit and Leader on it with the selected unit's moves,
//! entry hexes and fire targets highlighted.

use super::clicks::{action_hex, unselected};
use super::{Overlay, Selection, side_colours, state, terrain_colour};
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::Mode;
use crate::games::rosebud::rules;
use crate::games::rosebud::state::{Loc, State};
use crate::gui::Game;
use crate::gui::board::{self, ActiveMap, FitRequest, HEX, Hover};
use bevy::prelude::*;

pub(super) fn spawn_board(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut fit: ResMut<FitRequest>,
    mut sel: ResMut<Selection>,
) {
    *sel = Selection::default();
    let Some(game) = game else { return };
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let map = &s.stat.map;
    let mut sketch = board::Sketch::default();
    let bounds = board::spawn_map(&mut commands, &mut sketch, map, terrain_colour);
    board::spawn_hexsides(&mut sketch, map, |f| match f {
        "rosebud" => Some((Color::srgb(0.10, 0.30, 0.85), 7.0)),
        "creek" => Some((Color::srgb(0.35, 0.60, 0.95), 4.0)),
        "cliff" => Some((Color::srgb(0.30, 0.15, 0.05), 6.0)),
        _ => None,
    });
    // Symbols as well as colour: trees for Light Woods, boulders for Rocks, reeds for
    // Marsh.
    let dark_green = Color::srgb(0.10, 0.30, 0.10);
    let dark_rock = Color::srgb(0.25, 0.22, 0.20);
    let dark_blue = Color::srgb(0.10, 0.30, 0.35);
    for c in map.coords() {
        let p = board::center(c);
        let at = |dx: f32, dy: f32| p + Vec2::new(HEX * dx, HEX * dy);
        match map.terrain_name(c) {
            Some("light_woods") => {
                for (dx, dy) in [(-0.3, 0.25), (0.0, 0.45), (0.3, 0.25)] {
                    sketch.add(Circle::new(HEX * 0.09), dark_green, at(dx, dy), 0.3, 0.0);
                }
            }
            Some("rocks") => {
                for (dx, dy) in [(-0.25, 0.3), (0.25, 0.3)] {
                    let rock = RegularPolygon::new(HEX * 0.12, 5);
                    sketch.add(rock, dark_rock, at(dx, dy), 0.3, 0.0);
                }
            }
            Some("marsh") => {
                for dx in [-0.2, 0.0, 0.2] {
                    let reed = Rectangle::new(HEX * 0.04, HEX * 0.24);
                    sketch.add(reed, dark_blue, at(dx, 0.3), 0.3, 0.0);
                }
            }
            _ => {}
        }
    }
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    for (c, marks) in &map.marks {
        let p = board::center(*c);
        let name = s
            .stat
            .scenario
            .hills
            .iter()
            .find(|h| marks.contains(&h.mark))
            .map(|h| format!("{} ({} VP)", h.name, h.vp))
            .or_else(|| {
                marks
                    .iter()
                    .any(|m| m == "eagles_nest")
                    .then(|| "Eagle's Nest".to_string())
            });
        if let Some(l) = name {
            commands.spawn((
                board::BoardEntity,
                board::board_text(
                    l,
                    board::BoardText::at_least(10.0, 9.0),
                    Color::srgb(0.05, 0.05, 0.05),
                    Vec3::new(p.x, p.y - HEX * 0.78, 0.4),
                ),
            ));
        }
    }
    commands.insert_resource(ActiveMap(map.clone()));
    fit.bounds = Some(bounds);
    fit.pending = true;
}

/// A unit's two lines: CF, MA and mode letter; a short name.
fn counter_text(s: &State, u: usize) -> (String, String) {
    let m = match s.units[u].mode {
        Mode::Mounted => "M",
        Mode::Dismounted => "D",
        Mode::Prone => "P",
    };
    let f = s.face(u);
    let x = &s.units[u];
    let marks: String = [
        (x.routed, "Rt"),
        (x.pinned, "Pn"),
        (x.disrupted, "Ds"),
        (x.low_ammo, "LA"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, m)| *m)
    .collect::<Vec<_>>()
    .join(" ");
    let name: String = s.def(u).name.chars().take(10).collect();
    if matches!(s.units[u].at, Loc::Abandoned(_)) {
        return ("ABANDONED".to_string(), name);
    }
    // The printed values and the mode, without spaces, so they stay large on a small
    // counter; below, the conditions (the markers on it) or else the name, short enough
    // to read at the fit zoom.
    (
        format!("{}-{}{m}", s.cf(u), f.ma),
        if marks.is_empty() { name } else { marks },
    )
}

pub(super) fn redraw(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut sel: ResMut<Selection>,
    overlay: Query<Entity, With<Overlay>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    hover: Res<Hover>,
) {
    let Some(game) = game else { return };
    let key = (sel.unit.clone(), hover.0);
    if !sel.drawn.changed(&game, key) {
        return;
    }
    for e in &overlay {
        commands.entity(e).despawn();
    }
    if game.curtain_down() {
        return;
    }
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let counter = board::CounterMeshes::new(&mut meshes);
    let black = materials.add(Color::BLACK);
    let white = materials.add(Color::WHITE);
    // (hex) -> pieces: units then Leaders.
    let mut by_hex: std::collections::BTreeMap<Coord, Vec<(bool, usize)>> = Default::default();
    for u in 0..s.units.len() {
        // An abandoned Pack Train is drawn where it lies (15B), marked "ABANDONED".
        if let Loc::Map(c) | Loc::Abandoned(c) = s.units[u].at {
            by_hex.entry(c).or_default().push((false, u));
        }
    }
    for l in 0..s.leaders.len() {
        if let Loc::Map(c) = s.leaders[l].at {
            by_hex.entry(c).or_default().push((true, l));
        }
    }
    // 16C: Breastworks markers, under the counters.
    let mut works = s.breastworks.clone();
    works.dedup();
    for c in works {
        let p = board::center(c);
        commands.spawn((
            Overlay,
            board::board_text(
                "BREASTWORKS",
                board::BoardText::at_least(9.0, 8.0),
                Color::srgb(0.35, 0.2, 0.05),
                Vec3::new(p.x, p.y + HEX * 0.62, 3.4),
            ),
        ));
    }
    // Grass fires (4 (3), the `grass_fires` option), with their numbers.
    for &(c, n) in &s.grass_fires {
        let p = board::center(c);
        commands.spawn((
            Overlay,
            board::board_text(
                format!("GRASS FIRE {n}"),
                board::BoardText::at_least(9.0, 8.0),
                Color::srgb(0.8, 0.15, 0.0),
                Vec3::new(p.x, p.y - HEX * 0.62, 3.4),
            ),
        ));
    }
    for (c, pieces) in by_hex {
        let base = board::center(c);
        let n = pieces.len();
        for (i, &(leader, k)) in pieces.iter().enumerate() {
            let off = Vec2::new(4.0, 4.0) * (i as f32 - (n as f32 - 1.0) / 2.0);
            let (side, id, top, bottom) = if leader {
                let d = s.ldef(k);
                (
                    d.side,
                    d.id.clone(),
                    match rules::leaders::ratings(s, k) {
                        Some((r, radius)) if s.leaders[k].wound.is_some() => {
                            format!("W{r:+}r{radius}")
                        }
                        Some((r, radius)) => format!("{r:+}r{radius}"),
                        None => "WOUNDED".to_string(),
                    },
                    d.name.chars().take(12).collect(),
                )
            } else {
                let (t, b) = counter_text(s, k);
                (s.side(k), s.def(k).id.clone(), t, b)
            };
            let (bg, fg) = side_colours(side);
            let selected = sel.unit.as_deref() == Some(id.as_str());
            let face = materials.add(if leader {
                bg.mix(&Color::WHITE, 0.35)
            } else {
                bg
            });
            board::spawn_counter(
                &mut commands,
                Overlay,
                &counter,
                board::CounterLook {
                    edge: if selected {
                        white.clone()
                    } else {
                        black.clone()
                    },
                    face,
                    fg,
                    top,
                    bottom,
                },
                base + off,
                2.0 + i as f32 * 0.1,
            );
        }
    }
    if !game.can_act() {
        return;
    }
    // Places further than one step (move by destination), and the hovered route.
    if let Some(u) = sel.unit.as_deref() {
        board::draw_routes(
            &mut commands,
            &mut meshes,
            &mut materials,
            Overlay,
            game.cached_routes(u),
            hover.0,
            |h| s.stat.map.parse(h).ok(),
        );
    }
    let mut marks = board::Sketch::default();
    let green = Color::srgb(0.1, 0.8, 0.2);
    let amber = Color::srgb(0.95, 0.7, 0.1);
    let red = Color::srgb(0.85, 0.1, 0.1);
    let mut shown: Vec<Coord> = vec![];
    for l in game.legal() {
        let Ok(a) = l.parse::<Action>() else { continue };
        let Some((who, hex)) = action_hex(s, &a) else {
            continue;
        };
        if (Some(who.as_str()) != sel.unit.as_deref() && !unselected(&a)) || shown.contains(&hex) {
            continue;
        }
        shown.push(hex);
        let (mat, label) = match &a {
            Action::Move { .. } => {
                let cost = s
                    .find(&who)
                    .and_then(|u| rules::move_cost(s, u, hex).ok())
                    .map_or(String::new(), |c| format!("{c} MP"));
                (green, cost)
            }
            Action::Enter { .. } => (amber, "enter".to_string()),
            Action::Retreat { .. } => (amber, "retreat".to_string()),
            Action::Advance { .. } => (green, "advance".to_string()),
            Action::Fire { .. } => (red, "fire".to_string()),
            _ => continue,
        };
        let p = board::center(hex);
        board::highlight_hex(&mut commands, &mut marks, Overlay, p, mat, &label, 3.5);
    }
    // The rings are one mesh.
    marks.spawn_with(&mut commands, &mut meshes, &mut materials, Overlay);
}
