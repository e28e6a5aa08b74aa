//! The colour-vision check of the boards' palettes: each ruleset's terrain colours and
//! its sides' counter colours, seen as a person with deuteranopia, protanopia or
//! tritanopia sees them (the Machado, Oliveira and Fernandes 2009 simulation at full
//! severity), must stay apart by a clear CIELAB distance. Terrain also has symbols and
//! patterns; this makes sure colour alone does not mislead.

use bevy::prelude::*;

/// How colours are seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vision {
    /// Typical colour vision.
    Typical,
    /// No green cones (the most common deficiency).
    Deuteranopia,
    /// No red cones.
    Protanopia,
    /// No blue cones.
    Tritanopia,
}

/// Every kind of vision checked.
pub const VISIONS: [Vision; 4] = [
    Vision::Typical,
    Vision::Deuteranopia,
    Vision::Protanopia,
    Vision::Tritanopia,
];

/// The smallest CIELAB (CIE76) distance two palette colours must keep: about five
/// times the just-noticeable difference, so areas side by side read as different.
pub const MIN_DELTA_E: f32 = 12.0;

fn to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn to_srgb(c: f32) -> f32 {
    let c = c.clamp(0.0, 1.0);
    if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// An sRGB colour (0-1) as `vision` sees it, in sRGB.
pub fn simulate(rgb: [f32; 3], vision: Vision) -> [f32; 3] {
    let m: [[f32; 3]; 3] = match vision {
        Vision::Typical => return rgb,
        Vision::Protanopia => [
            [0.152_286, 1.052_583, -0.204_868],
            [0.114_503, 0.786_281, 0.099_216],
            [-0.003_882, -0.048_116, 1.051_998],
        ],
        Vision::Deuteranopia => [
            [0.367_322, 0.860_646, -0.227_968],
            [0.280_085, 0.672_501, 0.047_413],
            [-0.011_820, 0.042_940, 0.968_881],
        ],
        Vision::Tritanopia => [
            [1.255_528, -0.076_749, -0.178_779],
            [-0.078_411, 0.930_809, 0.147_602],
            [0.004_733, 0.691_367, 0.303_900],
        ],
    };
    let l = rgb.map(to_linear);
    let row = |r: [f32; 3]| to_srgb(r[0] * l[0] + r[1] * l[1] + r[2] * l[2]);
    [row(m[0]), row(m[1]), row(m[2])]
}

/// CIELAB (D65) of an sRGB colour.
pub fn lab(rgb: [f32; 3]) -> [f32; 3] {
    let [r, g, b] = rgb.map(to_linear);
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIE76 distance between two sRGB colours as `vision` sees them.
pub fn delta_e(a: [f32; 3], b: [f32; 3], vision: Vision) -> f32 {
    let (p, q) = (lab(simulate(a, vision)), lab(simulate(b, vision)));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

/// A Bevy colour as sRGB components.
pub fn rgb(c: Color) -> [f32; 3] {
    let s = c.to_srgba();
    [s.red, s.green, s.blue]
}

/// The pairs of a palette closer than [`MIN_DELTA_E`] under some vision, in words.
pub fn too_close(palette: &[(String, [f32; 3])]) -> Vec<String> {
    let mut out = vec![];
    for (i, (na, a)) in palette.iter().enumerate() {
        for (nb, b) in &palette[i + 1..] {
            for v in VISIONS {
                let d = delta_e(*a, *b, v);
                if d < MIN_DELTA_E {
                    out.push(format!("{na} and {nb}: {d:.1} under {v:?}"));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_simulation_keeps_grey_and_merges_red_and_green_for_deuteranopes() {
        let grey = [0.5, 0.5, 0.5];
        for v in VISIONS {
            let s = simulate(grey, v);
            assert!(s.iter().all(|c| (c - 0.5).abs() < 0.01), "{v:?}: {s:?}");
        }
        let (red, green) = ([0.8, 0.2, 0.2], [0.2, 0.6, 0.2]);
        assert!(delta_e(red, green, Vision::Typical) > 60.0);
        assert!(
            delta_e(red, green, Vision::Deuteranopia) < delta_e(red, green, Vision::Typical) / 2.0
        );
    }

    fn named(list: Vec<(&str, Color)>) -> Vec<(String, [f32; 3])> {
        list.into_iter()
            .map(|(n, c)| (n.to_string(), rgb(c)))
            .collect()
    }

    fn check(what: &str, palette: Vec<(String, [f32; 3])>) {
        let bad = too_close(&palette);
        assert!(bad.is_empty(), "{what}: {bad:#?}");
    }

    #[test]
    fn the_rosebud_palette_reads_under_every_colour_vision() {
        use crate::games::rosebud::data::Side;
        use crate::gui::rosebud::{side_colours, terrain_colour};
        let t = ["clear", "light_woods", "rocks", "marsh"];
        check(
            "Rosebud terrain",
            named(t.iter().map(|n| (*n, terrain_colour(n))).collect()),
        );
        check(
            "Rosebud sides",
            named(vec![
                ("US", side_colours(Side::US).0),
                ("Indian", side_colours(Side::Indian).0),
            ]),
        );
    }

    #[test]
    fn the_nez_perce_palettes_read_under_every_colour_vision() {
        use crate::gui::{nez_perce, nez_perce_strategic};
        let t = ["clear", "tree_stand", "rocked_broken"];
        check(
            "Nez Perce tactical terrain",
            named(
                t.iter()
                    .map(|n| (*n, nez_perce::terrain_colour(n)))
                    .collect(),
            ),
        );
        let t = ["plains", "rolling_hills", "wooded", "major_mountains"];
        check(
            "Nez Perce strategic terrain",
            named(
                t.iter()
                    .map(|n| (*n, nez_perce_strategic::terrain_colour(n)))
                    .collect(),
            ),
        );
        use crate::games::nez_perce_tactical::data::Side as T;
        check(
            "Nez Perce tactical sides",
            named(vec![
                ("Army", nez_perce::side_colours(T::Army).0),
                ("Indian", nez_perce::side_colours(T::Indian).0),
            ]),
        );
    }

    #[test]
    fn the_block_game_palette_reads_under_every_colour_vision() {
        let sets: Vec<(&str, Vec<&str>)> = vec![
            ("territory", vec![]),
            ("ocean", vec!["ocean"]),
            ("reservation", vec!["reservation"]),
            ("border", vec!["us", "mexico"]),
            ("mexico", vec!["mexico"]),
            ("texas", vec!["texas"]),
            ("new_mexico", vec!["new_mexico"]),
        ];
        check(
            "block-game areas",
            named(
                sets.into_iter()
                    .map(|(n, p)| {
                        let props = p.into_iter().map(str::to_string).collect();
                        (n, crate::gui::wind::fill_colour(&props))
                    })
                    .collect(),
            ),
        );
    }

    #[test]
    fn the_harvest_palettes_read_under_every_colour_vision() {
        use crate::core::session::Session;
        use crate::games::harvest::Harvest;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for id in crate::games::scenarios(root, "harvest_the_wind") {
            let g = crate::games::new_session(root, &id, 1, false).unwrap();
            let s = &g.as_any().downcast_ref::<Session<Harvest>>().unwrap().state;
            let m = &s.stat.map;
            let used: std::collections::BTreeSet<&str> = m
                .terrain
                .iter()
                .filter_map(|t| m.terrain_names.get(usize::from(*t)).map(String::as_str))
                .collect();
            check(
                &format!("{id} terrain"),
                s.stat
                    .tables
                    .tec
                    .iter()
                    .filter(|r| used.contains(r.terrain.as_str()))
                    .map(|r| (r.terrain.clone(), rgb(crate::gui::board::colour(&r.colour))))
                    .collect(),
            );
            check(
                &format!("{id} sides"),
                s.stat
                    .scenario
                    .sides
                    .iter()
                    .map(|sd| {
                        (
                            sd.name.clone(),
                            rgb(crate::gui::board::colour(&sd.colours.0)),
                        )
                    })
                    .collect(),
            );
        }
    }
}
