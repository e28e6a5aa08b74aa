//! The colour-vision check of the boards' palettes: each ruleset's terrain colours and
//! its sides' counter colours, seen as a person with deuteranopia, protanopia or
//! tritanopia sees them (the Machado, Oliveira and Fernandes 2009 simulation at full
//! severity), must stay apart by a clear CIELAB distance. Terrain also has symbols and
//! patterns; this makes sure colour alone does not mislead. Each ruleset plugin
//! registers its palettes ([`register`]); the check reads every registered one.

use bevy::prelude::*;
use std::path::Path;

/// Colours a board shows side by side, each with its name (a map's terrain classes,
/// the sides' counters): the ones that must stay apart.
#[derive(Debug, Clone)]
pub struct Palette {
    /// What the colours are, in words ("Rosebud terrain").
    pub what: String,
    /// Each colour with its name.
    pub colours: Vec<(String, Color)>,
}

impl Palette {
    /// A palette of `what` with these named colours.
    pub fn new<S: Into<String>>(what: &str, colours: impl IntoIterator<Item = (S, Color)>) -> Self {
        Self {
            what: what.to_string(),
            colours: colours.into_iter().map(|(n, c)| (n.into(), c)).collect(),
        }
    }
}

/// A ruleset plugin's palettes, given the data folder (where colours come from the
/// game's files: Harvest the Wind's terrain chart and sides), or why they cannot be read.
pub type PaletteFn = fn(&Path) -> Result<Vec<Palette>, String>;

/// The palettes the ruleset plugins registered, by game id.
#[derive(Resource, Default)]
pub struct Palettes(pub Vec<(&'static str, PaletteFn)>);

/// Register a ruleset plugin's palettes for the colour-vision check (call from its
/// plugin's `build`).
pub fn register(app: &mut App, game: &'static str, palettes: PaletteFn) {
    app.init_resource::<Palettes>()
        .world_mut()
        .resource_mut::<Palettes>()
        .0
        .push((game, palettes));
}

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

    /// The palettes the ruleset plugins register, read from the shell's screens as the
    /// window builds them.
    fn registered() -> Vec<(&'static str, PaletteFn)> {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .add_plugins(crate::gui::screens);
        std::mem::take(&mut app.world_mut().resource_mut::<Palettes>().0)
    }

    #[test]
    fn every_registered_palette_reads_under_every_colour_vision() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let registered = registered();
        // Every game has its palettes.
        for g in crate::games::registry().games() {
            assert!(
                registered.iter().any(|(id, _)| *id == g.id()),
                "{} registers no palette",
                g.id()
            );
        }
        let mut bad = vec![];
        for (game, palettes) in registered {
            let palettes = palettes(root).unwrap_or_else(|e| panic!("{game}: {e}"));
            assert!(!palettes.is_empty(), "{game}: no palettes");
            for p in palettes {
                assert!(
                    p.colours.len() >= 2,
                    "{game}: {} has under two colours",
                    p.what
                );
                let named: Vec<(String, [f32; 3])> = p
                    .colours
                    .iter()
                    .map(|(n, c)| (n.clone(), rgb(*c)))
                    .collect();
                bad.extend(
                    too_close(&named)
                        .into_iter()
                        .map(|b| format!("{}: {b}", p.what)),
                );
            }
        }
        assert!(bad.is_empty(), "{bad:#?}");
    }
}
