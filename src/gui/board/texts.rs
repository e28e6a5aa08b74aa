//! Board texts: the board font (Barlow Condensed, compiled in) and [`BoardText`], which
//! sizes each text to the zoom when it changes (rasterised at screen size, fitted with
//! the font's own advance widths; hex numbers hidden until legible).

use super::HEX;
use super::camera::BoardCamera;
use bevy::prelude::*;

/// The board's font, Barlow Condensed SemiBold (assets/fonts, SIL OFL 1.1), compiled in:
/// every text drawn on the board uses it. A condensed face fits a counter's three
/// printed values ("12-5-3") at 9 px on a counter 21 px wide.
pub const BOARD_FONT: Handle<Font> =
    bevy::asset::uuid_handle!("5b0f3c1e-8d2a-4c7e-9a61-2f4d8e7b3c90");

/// The font file of [`BOARD_FONT`].
const BOARD_FONT_FILE: &[u8] = include_bytes!("../../../assets/fonts/BarlowCondensed-SemiBold.ttf");

/// The board font's advance widths in em for the characters from ' ' to '~' (its `hmtx`
/// over `unitsPerEm`, read with fontTools; see assets/fonts/README.md).
const ADVANCE: [f32; 95] = [
    0.200, 0.269, 0.306, 0.606, 0.434, 0.772, 0.581, 0.152, 0.279, 0.279, 0.361, 0.439, 0.199,
    0.325, 0.211, 0.386, 0.450, 0.274, 0.425, 0.426, 0.459, 0.428, 0.429, 0.392, 0.434, 0.423,
    0.252, 0.218, 0.439, 0.439, 0.439, 0.413, 0.759, 0.456, 0.462, 0.457, 0.472, 0.435, 0.415,
    0.462, 0.477, 0.224, 0.443, 0.477, 0.415, 0.538, 0.507, 0.467, 0.457, 0.455, 0.461, 0.434,
    0.452, 0.478, 0.471, 0.665, 0.460, 0.456, 0.406, 0.330, 0.386, 0.330, 0.413, 0.405, 0.206,
    0.434, 0.437, 0.422, 0.437, 0.426, 0.291, 0.431, 0.439, 0.215, 0.211, 0.433, 0.199, 0.665,
    0.439, 0.432, 0.441, 0.441, 0.313, 0.398, 0.282, 0.438, 0.415, 0.592, 0.417, 0.403, 0.368,
    0.319, 0.171, 0.319, 0.480,
];

/// The width of `text`'s widest line in the board font, in em (a character outside
/// `ADVANCE` counts as a wide one, 0.6).
pub fn text_em(text: &str) -> f32 {
    text.lines()
        .map(|l| {
            l.chars()
                .map(|c| {
                    (c as usize)
                        .checked_sub(0x20)
                        .and_then(|i| ADVANCE.get(i))
                        .copied()
                        .unwrap_or(0.6)
                })
                .sum::<f32>()
        })
        .fold(0.0, f32::max)
}

/// Put the board font into the font assets (where there are any: not in headless
/// tests).
pub(super) fn load_board_font(fonts: Option<ResMut<Assets<Font>>>) {
    if let Some(mut fonts) = fonts {
        // A UUID handle's insert cannot fail.
        let _ = fonts.insert(BOARD_FONT.id(), Font::from_bytes(BOARD_FONT_FILE.to_vec()));
    }
}

/// Board text drawn at the screen's own resolution: `size` is its height in world units
/// (it grows and shrinks with the zoom), never less than `min_px` screen pixels, and
/// hidden when it would be smaller than `hide_px` (hex numbers read only when zoomed in;
/// a counter's values stay readable at any zoom).
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardText {
    /// Height in world units.
    pub size: f32,
    /// The smallest height shown, in screen pixels.
    pub min_px: f32,
    /// Below this many screen pixels the text is hidden.
    pub hide_px: f32,
    /// The widest the text may be, in world units (0: no limit): a counter's values
    /// stay inside its face, shrinking rather than spilling onto the next hex.
    pub fit: f32,
    /// Its widest line's width in em of the board font (for `fit`).
    pub em: f32,
}

impl BoardText {
    /// Text that scales with the board and is hidden below `hide_px` pixels.
    pub fn zoomed(size: f32, hide_px: f32) -> Self {
        Self {
            size,
            min_px: 0.0,
            hide_px,
            fit: 0.0,
            em: 0.0,
        }
    }

    /// Text that never shows smaller than `min_px` pixels.
    pub fn at_least(size: f32, min_px: f32) -> Self {
        Self {
            size,
            min_px,
            hide_px: 0.0,
            fit: 0.0,
            em: 0.0,
        }
    }

    /// A label under a hex: 9 pixels or more while it fits the hex's width, else
    /// smaller, and hidden under 8 pixels (labels never run into the next hexes).
    pub fn hex_label(text: &str) -> Self {
        Self {
            hide_px: 8.0,
            ..Self::at_least(10.0, 9.0).within(HEX * 1.7, text)
        }
    }

    /// The same text kept within `width` world units when its longest line is `text`'s.
    pub fn within(self, width: f32, text: &str) -> Self {
        Self {
            fit: width,
            em: text_em(text),
            ..self
        }
    }

    /// The height in whole screen pixels at camera scale `scale` (world units per
    /// pixel), or `None` when hidden.
    pub fn px(&self, scale: f32) -> Option<f32> {
        let scale = scale.max(1e-3);
        let mut px = (self.size / scale).max(self.min_px);
        if self.fit > 0.0 && self.em > 0.0 {
            px = px.min(self.fit / scale / self.em);
        }
        if px < self.hide_px.max(1.0) {
            return None;
        }
        Some(px.floor())
    }
}

/// Bundle of a board text: its text, font size for the present zoom, colour and place.
pub fn board_text(
    text: impl Into<String>,
    look: BoardText,
    colour: Color,
    at: Vec3,
) -> (Text2d, TextFont, TextColor, Transform, BoardText) {
    (
        Text2d::new(text),
        TextFont {
            font: BOARD_FONT.into(),
            ..TextFont::from_font_size(look.size)
        },
        TextColor(colour),
        Transform::from_translation(at),
        look,
    )
}

/// Size every [`BoardText`] for the camera's zoom: the font is rasterised at its screen
/// size (crisp at every zoom) and the entity scaled back to the world. Runs when the
/// zoom changes and for texts spawned this frame.
#[allow(clippy::type_complexity)] // an ECS query: the texts to size, and its change filter
pub(super) fn size_board_text(
    camera: Query<&Projection, With<BoardCamera>>,
    changed: Query<(), (With<BoardCamera>, Changed<Projection>)>,
    mut texts: Query<(
        Ref<BoardText>,
        &mut TextFont,
        &mut Transform,
        &mut Visibility,
    )>,
) {
    let Some(Projection::Orthographic(o)) = camera.iter().next() else {
        return;
    };
    let all = !changed.is_empty();
    for (look, mut font, mut tf, mut vis) in &mut texts {
        if !all && !look.is_added() {
            continue;
        }
        match look.px(o.scale) {
            Some(px) => {
                if font.font_size != FontSize::Px(px) {
                    font.font_size = FontSize::Px(px);
                }
                tf.scale = Vec3::new(o.scale, o.scale, 1.0);
                vis.set_if_neq(Visibility::Inherited);
            }
            None => {
                vis.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::counters::{COUNTER, COUNTER_VALUES_PX};
    use super::*;

    #[test]
    fn hex_numbers_read_only_when_zoomed_in_and_counter_values_stay_readable() {
        let number = BoardText::zoomed(10.0, 9.0);
        // At a fit zoom of 2 world units a pixel the number would be 5 px: hidden.
        assert_eq!(number.px(2.0), None);
        // Zoomed in to 1:1 it reads at 10 px, and larger further in.
        assert_eq!(number.px(1.0), Some(10.0));
        assert_eq!(number.px(0.5), Some(20.0));
        // A counter's values: never under 10 px while they fit the face.
        let values = BoardText::at_least(15.0, COUNTER_VALUES_PX).within(COUNTER * 0.94, "1-6D");
        assert_eq!(values.px(2.0), Some(10.0));
        assert_eq!(values.px(1.0), Some(15.0));
        // Where 9 px would spill off the face they shrink to fit it instead.
        // The Nez Perce maps' three values, on a counter about 21 px wide at their fit
        // zoom on a 1280x800 window, read at 9 px in the condensed board font.
        let three = BoardText::at_least(15.0, COUNTER_VALUES_PX).within(COUNTER * 0.94, "12-5-3");
        assert_eq!(three.px(2.3), Some(9.0));
        assert_eq!(
            BoardText::at_least(15.0, COUNTER_VALUES_PX)
                .within(COUNTER * 0.94, "8-3-7")
                .px(2.3),
            Some(10.0)
        );
        let px = three.px(3.0).unwrap();
        assert!(
            px < 9.0 && px * text_em("12-5-3") <= COUNTER * 0.94 / 3.0,
            "{px}"
        );
        // The widths come from the font: digits are narrow, "W" is wide, and the widest
        // line of several counts.
        assert!((text_em("12-5-3") - 2.203).abs() < 1e-3);
        assert!(text_em("W") > text_em("1") * 2.0);
        assert_eq!(text_em("ab\nabcd"), text_em("abcd"));
    }
}
