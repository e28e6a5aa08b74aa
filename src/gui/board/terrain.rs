//! A hex map's fixed drawing into a sketch: terrain hexes (colours from the ruleset),
//! level rings, hex numbers and level labels, prepared-position marks, and hexside
//! features as bars.

use super::picking::center;
use super::sketch::Sketch;
use super::texts::{BoardText, board_text};
use super::{BoardEntity, HEX};
use crate::core::hexmap::HexMap;
use bevy::prelude::*;
use std::f32::consts::FRAC_PI_6;

/// Spawn the terrain of a map into `sketch`: one flat-topped hex per map hex, with a
/// darker ring per level above 1 and a thin outline; the hex numbers and level labels
/// as texts that read when zoomed in. Returns the board bounds.
pub fn spawn_map(
    commands: &mut Commands,
    sketch: &mut Sketch,
    map: &HexMap,
    terrain_colour: impl Fn(&str) -> Color,
) -> (Vec2, Vec2) {
    let line = Color::srgb(0.25, 0.25, 0.25);
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    // Level rings, light tan at Level 2 deepening to dark brown at 5 and above, drawn
    // as a ring so the terrain colour stays visible in the middle.
    let ring = |l: u8| {
        let t = f32::from(l.clamp(2, 5) - 2) / 3.0;
        let c = Vec3::new(0.86, 0.76, 0.58).lerp(Vec3::new(0.52, 0.38, 0.22), t);
        Color::srgb(c.x, c.y, c.z)
    };
    // Hex numbers and levels: readable once a hex is about 60 pixels across.
    let number = BoardText::zoomed(10.0, 9.0);
    let mut colours: Vec<(String, Color)> = Vec::new();
    for c in map.coords() {
        // A cell of the tile that is not a printed hex (its terrain marked `unprinted`
        // in the map's file).
        if !map.printed(c) {
            continue;
        }
        let name = map.terrain_name(c).unwrap_or("open").to_string();
        let base = match colours.iter().find(|m| m.0 == name) {
            Some(m) => m.1,
            None => {
                let col = terrain_colour(&name);
                colours.push((name.clone(), col));
                col
            }
        };
        let p = center(c);
        lo = lo.min(p - Vec2::splat(HEX));
        hi = hi.max(p + Vec2::splat(HEX));
        // Rings rather than stacked hexes: each pixel is drawn about once, which is
        // what a software renderer pays for.
        let hex_ring = |outer: f32, inner: f32| {
            Ring::new(RegularPolygon::new(outer, 6), RegularPolygon::new(inner, 6))
                .mesh()
                .build()
        };
        sketch.add(hex_ring(HEX, HEX - 1.5), line, p, 0.0, FRAC_PI_6);
        let level = map.level(c);
        if level >= 2 {
            sketch.add(
                hex_ring(HEX - 1.5, HEX * 0.62),
                ring(level),
                p,
                0.1,
                FRAC_PI_6,
            );
            sketch.add(RegularPolygon::new(HEX * 0.62, 6), base, p, 0.2, FRAC_PI_6);
        } else {
            sketch.add(RegularPolygon::new(HEX - 1.5, 6), base, p, 0.1, FRAC_PI_6);
        }
        commands.spawn((
            BoardEntity,
            board_text(
                map.label(c),
                number,
                Color::srgba(0.0, 0.0, 0.0, 0.6),
                Vec3::new(p.x, p.y + HEX * 0.62, 0.3),
            ),
        ));
        if level >= 2 {
            commands.spawn((
                BoardEntity,
                board_text(
                    format!("L{level}"),
                    number,
                    Color::srgba(0.0, 0.0, 0.0, 0.7),
                    Vec3::new(p.x - HEX * 0.55, p.y, 0.3),
                ),
            ));
        }
        for m in map.marks.get(&c).into_iter().flatten() {
            if m == "prepared" {
                commands.spawn((
                    BoardEntity,
                    board_text(
                        "x",
                        BoardText::at_least(16.0, 10.0),
                        Color::BLACK,
                        Vec3::new(p.x + HEX * 0.5, p.y - HEX * 0.4, 0.3),
                    ),
                ));
            }
        }
    }
    (lo, hi)
}

/// Draw the map's hexside features into `sketch` as thick bars along the shared side
/// of the two hexes; `style(feature)` gives each feature's colour and width (`None`:
/// not drawn).
pub fn spawn_hexsides(
    sketch: &mut Sketch,
    map: &HexMap,
    style: impl Fn(&str) -> Option<(Color, f32)>,
) {
    for h in &map.hexsides {
        let Some(other) = h.hex.step(h.dir) else {
            continue;
        };
        let Some((col, width)) = style(&h.feature) else {
            continue;
        };
        let (a, b) = (center(h.hex), center(other));
        let d = (b - a).normalize_or_zero();
        // The side runs across the line between the two centres.
        let angle = d.y.atan2(d.x) + std::f32::consts::FRAC_PI_2;
        sketch.add(
            Rectangle::new(HEX * 1.04, width),
            col,
            (a + b) / 2.0,
            0.25,
            angle,
        );
    }
}
