//! The board of Harvest the Wind as the seat on screen sees it: terrain with its
//! symbols, counters with their printed values (Hidden stacks as blank markers), and the
//! selected unit's moves and fire targets highlighted with the number each needs.

use super::words::fire_calc_of;
use super::{Overlay, Selection, state};
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::{Kind, State};
use crate::games::harvest::{rules, view};
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
    let tec = s.stat.tables.tec.clone();
    let map = &s.stat.map;
    let mut sketch = board::Sketch::default();
    let bounds = board::spawn_map(&mut commands, &mut sketch, map, |name| {
        tec.iter()
            .find(|r| r.terrain == name)
            .map_or(Color::srgb(0.9, 0.9, 0.9), |r| board::colour(&r.colour))
    });
    // Symbols as well as colour (Table 3's terrain reads in greyscale and for
    // colour-blind players): trees for Woods, tufts for Tall Grass, waves for a River.
    let tree = Color::srgb(0.05, 0.27, 0.15);
    let grass = Color::srgb(0.45, 0.40, 0.05);
    let water = Color::srgb(0.05, 0.20, 0.50);
    for c in map.coords() {
        let p = board::center(c);
        let at = |dx: f32, dy: f32| p + Vec2::new(HEX * dx, HEX * dy);
        match map.terrain_name(c) {
            Some("woods") => {
                for (dx, dy) in [(-0.3, 0.2), (0.0, 0.4), (0.3, 0.2), (0.0, 0.0)] {
                    sketch.add(Circle::new(HEX * 0.1), tree, at(dx, dy), 0.3, 0.0);
                }
            }
            Some("tall_grass") => {
                for (dx, dy) in [(-0.3, 0.2), (0.0, 0.35), (0.3, 0.2)] {
                    for lean in [-0.35f32, 0.0, 0.35] {
                        let blade = Rectangle::new(HEX * 0.035, HEX * 0.2);
                        let base = at(dx + lean * 0.15, dy);
                        sketch.add(blade, grass, base, 0.3, lean);
                    }
                }
            }
            Some("river") => {
                for dy in [0.3, 0.05] {
                    for (i, dx) in [-0.3f32, -0.1, 0.1, 0.3].into_iter().enumerate() {
                        // A zigzag of short bars, alternately tilted.
                        let tilt = if i % 2 == 0 { 0.5 } else { -0.5 };
                        let bar = Rectangle::new(HEX * 0.24, HEX * 0.05);
                        sketch.add(bar, water, at(dx, dy), 0.3, tilt);
                    }
                }
            }
            _ => {}
        }
    }
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    commands.insert_resource(ActiveMap(map.clone()));
    fit.bounds = Some(bounds);
    fit.pending = true;
}

struct Look {
    bg: Color,
    fg: Color,
}

fn side_look(s: &State, side: u8) -> Look {
    let sd = &s.stat.scenario.sides[usize::from(side)];
    Look {
        bg: board::colour(&sd.colours.0),
        fg: board::colour(&sd.colours.1),
    }
}

fn counter_text(s: &State, p: &crate::games::harvest::PieceView) -> (String, String) {
    let carried: Vec<String> = s
        .pieces
        .iter()
        .filter(|w| matches!(w.loc, crate::games::harvest::state::Loc::Carried(h) if *s.pieces[usize::from(h)].id == *p.id))
        .map(|w| if w.kind == Kind::Medicine { "Med".to_string() } else if w.flipped { format!("{}*", w.letter) } else { w.letter.to_string() })
        .collect();
    let piece = s.find(&p.id).map(|i| s.p(i));
    match p.kind {
        Kind::Unit | Kind::Crew => {
            let pc = piece.expect("visible piece exists");
            let top = format!("{}-{}-{}", pc.melee, pc.morale, pc.ma);
            let f = pc.fire.map_or(String::new(), |f| format!("F{f} "));
            let mut bottom = format!("{f}{}", carried.join(" "));
            if p.pinned {
                bottom = format!("PINNED {bottom}");
            }
            if p.mounted {
                bottom = format!("MTD {bottom}");
            }
            (top, format!("{}\n{}", bottom.trim(), p.id))
        }
        Kind::Leader => {
            let pc = piece.expect("visible piece exists");
            (
                format!("L {}-{}-{}", pc.melee, pc.morale, pc.ma),
                format!(
                    "{}{}\n{}",
                    if p.flipped { "REV " } else { "" },
                    carried.join(" "),
                    p.id
                ),
            )
        }
        Kind::Horses => ("HORSES".into(), p.id.clone()),
        Kind::Wagon => ("WAGON".into(), String::new()),
        Kind::Lodge => ("LODGE".into(), String::new()),
        Kind::Dependent => ("DEPEND.".into(), p.id.clone()),
        Kind::Medicine => ("MEDICINE".into(), p.id.clone()),
        Kind::Weapon => (
            format!(
                "\"{}\"{}",
                piece.map_or("", |w| &*w.letter),
                if p.flipped { " LOW" } else { "" }
            ),
            "weapon".into(),
        ),
        Kind::Blaze => ("BLAZE".into(), String::new()),
        Kind::Dust => ("DUST".into(), String::new()),
        Kind::Hidden => ("HIDDEN".into(), p.id.clone()),
        Kind::Artillery => ("GUN".into(), p.id.clone()),
    }
}

fn layer(k: Kind) -> u8 {
    match k {
        Kind::Blaze | Kind::Dust | Kind::Lodge | Kind::Wagon => 0,
        Kind::Weapon | Kind::Medicine => 1,
        Kind::Horses | Kind::Dependent | Kind::Artillery => 2,
        Kind::Unit | Kind::Crew | Kind::Hidden => 3,
        Kind::Leader => 4,
    }
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource it needs
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
    let key = (sel.piece.clone(), hover.0);
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
    let v = view(s, game.viewing());
    let counter = board::CounterMeshes::new(&mut meshes);
    let (square, border) = (counter.face.clone(), counter.border.clone());
    let black = materials.add(Color::BLACK);
    let white = materials.add(Color::WHITE);
    // Stacks.
    let mut by_hex: std::collections::BTreeMap<Coord, Vec<&crate::games::harvest::PieceView>> =
        Default::default();
    for p in &v.pieces {
        if let Some(h) = p.hex {
            by_hex.entry(h).or_default().push(p);
        }
    }
    for (hex, mut ps) in by_hex {
        ps.sort_by_key(|p| layer(p.kind));
        let base = board::center(hex);
        let n = ps.len();
        for (i, p) in ps.iter().enumerate() {
            let off = Vec2::new(5.0, 5.0) * (i as f32 - (n as f32 - 1.0) / 2.0);
            let pos = base + off;
            let z = 2.0 + i as f32 * 0.1;
            let look = match p.kind {
                Kind::Blaze => Look {
                    bg: Color::srgb(0.85, 0.15, 0.05),
                    fg: Color::WHITE,
                },
                Kind::Dust => Look {
                    bg: Color::srgb(0.75, 0.7, 0.6),
                    fg: Color::BLACK,
                },
                Kind::Horses => Look {
                    bg: Color::srgb(0.55, 0.38, 0.22),
                    fg: Color::WHITE,
                },
                Kind::Weapon => Look {
                    bg: Color::srgb(0.3, 0.3, 0.3),
                    fg: Color::WHITE,
                },
                _ => side_look(s, p.side),
            };
            let selected = sel.piece.as_deref() == Some(p.id.as_str());
            let (top, bottom) = counter_text(s, p);
            let face = materials.add(if p.pinned {
                look.bg.darker(0.15)
            } else {
                look.bg
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
                    fg: look.fg,
                    top,
                    bottom,
                },
                pos,
                z,
            );
        }
    }
    // Enemy Hidden stacks: a blank marker only.
    let q = materials.add(Color::srgb(0.45, 0.45, 0.5));
    for (hex, count) in &v.hidden_stacks {
        let pos = board::center(*hex);
        commands.spawn((
            Overlay,
            Mesh2d(border.clone()),
            MeshMaterial2d(black.clone()),
            Transform::from_xyz(pos.x, pos.y, 2.5),
        ));
        commands.spawn((
            Overlay,
            Mesh2d(square.clone()),
            MeshMaterial2d(q.clone()),
            Transform::from_xyz(pos.x, pos.y, 2.51),
        ));
        let label = format!(
            "HIDDEN{}",
            if *count > 1 {
                format!(" x{count}")
            } else {
                String::new()
            }
        );
        commands.spawn((
            Overlay,
            board::board_text(
                label,
                board::BoardText::at_least(10.0, 9.0),
                Color::WHITE,
                Vec3::new(pos.x, pos.y, 2.52),
            ),
        ));
    }
    // Legal-move highlights for the selected piece.
    let Some(sel_id) = sel.piece.clone() else {
        return;
    };
    if !game.can_act() {
        return;
    }
    let mut marks = board::Sketch::default();
    let legal = game.legal();
    let unit = s.find(&sel_id);
    for l in &legal {
        let Ok(a) = l.parse::<Action>() else { continue };
        let (hexes, colour, label): (Vec<Coord>, Color, String) = match &a {
            Action::Move { unit: u, hex } if **u == *sel_id => {
                let cost = unit
                    .and_then(|i| s.p(i).hex().map(|f| (i, f)))
                    .and_then(|(i, f)| rules::step_cost(s, i, f, *hex).ok());
                let spent = unit.and_then(|i| s.rec(i)).map_or(0, |r| r.mp);
                let mounted = unit.is_some_and(|i| s.p(i).mounted_on.is_some());
                (
                    vec![*hex],
                    Color::srgb(0.0, 0.62, 0.45),
                    if mounted {
                        "mtd".into()
                    } else {
                        cost.map_or(String::new(), |c| format!("{} MP", spent + c))
                    },
                )
            }
            Action::Enter { unit: u, hex } | Action::Place { piece: u, hex } if **u == *sel_id => {
                (vec![*hex], Color::srgb(0.0, 0.62, 0.45), String::new())
            }
            Action::Mount { unit: u, hex } | Action::Dismount { unit: u, hex }
                if **u == *sel_id =>
            {
                (
                    vec![*hex],
                    Color::srgb(0.34, 0.71, 0.91),
                    if matches!(a, Action::Mount { .. }) {
                        "mount".into()
                    } else {
                        "dismount".into()
                    },
                )
            }
            Action::Flee {
                unit: u,
                hex,
                dismount,
            } if **u == *sel_id => {
                let here = unit.and_then(|i| s.p(i).hex());
                match dismount {
                    Some(d) => (vec![*d], Color::srgb(0.94, 0.89, 0.26), "dismount".into()),
                    None if Some(*hex) == here => {
                        (vec![*hex], Color::srgb(0.94, 0.89, 0.26), "stop".into())
                    }
                    None => (vec![*hex], Color::srgb(0.94, 0.89, 0.26), "flee".into()),
                }
            }
            Action::Blaze { unit: u, hex } if **u == *sel_id => {
                (vec![*hex], Color::srgb(0.84, 0.37, 0.0), "blaze".into())
            }
            Action::Fire {
                unit: u,
                weapon,
                targets,
                horses,
                ammo,
            } if **u == *sel_id && targets.len() == 1 => {
                let need =
                    unit.and_then(|f| fire_calc_of(s, f, weapon, targets[0], *horses, *ammo));
                let text = need.map_or("fire".into(), |c| {
                    format!(
                        "{}{} {}+",
                        weapon,
                        if *horses { "h" } else { "" },
                        c.min_roll()
                    )
                });
                (targets.clone(), Color::srgb(0.8, 0.47, 0.65), text)
            }
            _ => continue,
        };
        ring_at(&mut commands, &mut marks, &hexes, colour, &label);
    }
    // The rings are one mesh.
    marks.spawn_with(&mut commands, &mut meshes, &mut materials, Overlay);
    // Places further than one step (move by destination): a paler ring with the MP
    // left there, and the route to the hovered one drawn as dots.
    board::draw_routes(
        &mut commands,
        &mut meshes,
        &mut materials,
        Overlay,
        game.cached_routes(&sel_id),
        hover.0,
        |h| h.parse::<Coord>().ok(),
    );
}

/// A highlight ring (into `marks`) with a label on each hex.
fn ring_at(
    commands: &mut Commands,
    marks: &mut board::Sketch,
    hexes: &[Coord],
    colour: Color,
    label: &str,
) {
    for &h in hexes {
        board::highlight_hex(
            commands,
            marks,
            Overlay,
            board::center(h),
            colour,
            label,
            5.0,
        );
    }
}
