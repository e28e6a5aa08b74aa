//! What plugins draw over the map for the seat on screen: highlighted hexes (a band
//! per hex, gathered into one mesh) with their notes, move by destination's places and
//! the hovered route, and the hover tooltip beside the pointer.

use super::HEX;
use super::picking::center;
use super::sketch::Sketch;
use super::texts::{BoardText, board_text};
use crate::core::hexmap::Coord;
use bevy::prelude::*;
use bevy_egui::egui;
use std::f32::consts::FRAC_PI_6;

impl Sketch {
    /// Add the band that marks a highlighted hex (a legal move, a target, a route's
    /// end) centred at `at`: a hexagonal band inside the hex's edge, 12 triangles.
    pub fn highlight(&mut self, at: Vec2, colour: Color, z: f32) {
        self.add(
            Ring::new(
                RegularPolygon::new(HEX * 0.9, 6),
                RegularPolygon::new(HEX * 0.76, 6),
            ),
            colour,
            at,
            z,
            FRAC_PI_6,
        );
    }
}

/// Move by destination on a hex board ([`crate::core::route`]): a pale green ring on
/// every hex further than one step, labelled with the movement left there ("may stop"
/// past a place where another seat may act), and the route to the hovered hex as dots.
/// `hex` reads a place in the ruleset's notation. Every entity carries `marker`, so
/// the plugin's redraw takes them down with its other highlights.
pub fn draw_routes<M: Component + Clone>(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    marker: M,
    routes: &[crate::core::route::Route],
    hover: Option<Coord>,
    hex: impl Fn(&str) -> Option<Coord>,
) {
    let pale = Color::srgba(0.0, 0.62, 0.45, 0.45);
    let ink = Color::srgb(0.0, 0.45, 0.32);
    let mut marks = Sketch::default();
    for r in routes.iter().filter(|r| r.actions.len() > 1) {
        let Some(to) = hex(&r.to) else {
            continue;
        };
        let label = match (r.interrupted, r.left) {
            (true, Some(l)) => format!("{l} left, may stop"),
            (true, None) => "may stop".to_string(),
            (false, Some(l)) => format!("{l} left"),
            (false, None) => format!("{} hexes", r.actions.len()),
        };
        let p = center(to);
        marks.highlight(p, pale, 5.0);
        // The hovered place's label always reads; the others only where they fit
        // their hex (at the fit zoom the rings and the hovered one say enough).
        // The hovered one goes above its hex, clear of the tooltip below the pointer.
        let (look, at) = if hover == Some(to) {
            (BoardText::at_least(10.0, 11.0), p + Vec2::Y * HEX * 0.62)
        } else {
            (BoardText::hex_label(&label), p - Vec2::Y * HEX * 0.62)
        };
        hex_note(commands, marker.clone(), &label, look, at, 5.05);
        if hover == Some(to) {
            for c in r.places.iter().filter_map(|h| hex(h)) {
                marks.add(Circle::new(HEX * 0.14), ink, center(c), 5.2, 0.0);
            }
        }
    }
    // The rings and dots are one mesh.
    marks.spawn_with(commands, meshes, materials, marker);
}

/// A highlight's note by a hex, in a dark ink that reads on every terrain colour the
/// rulesets use (light grounds, mid greens and blues), sized by `look`. (A shadow
/// offset in world units would vanish at the fit zoom, where the text is kept larger
/// than the board's scale.)
pub fn hex_note<M: Component + Clone>(
    commands: &mut Commands,
    marker: M,
    label: &str,
    look: BoardText,
    at: Vec2,
    z: f32,
) {
    commands.spawn((
        marker,
        board_text(
            label,
            look,
            Color::srgb(0.0, 0.12, 0.08),
            Vec3::new(at.x, at.y, z),
        ),
    ));
}

/// A highlighted hex: its band into `marks` (drawn as one mesh with the others) at
/// height `z`, and under it `label` (if any) as a note that shows where it fits.
pub fn highlight_hex<M: Component + Clone>(
    commands: &mut Commands,
    marks: &mut Sketch,
    marker: M,
    at: Vec2,
    colour: Color,
    label: &str,
    z: f32,
) {
    marks.highlight(at, colour, z);
    if !label.is_empty() {
        let look = BoardText::hex_label(label);
        hex_note(
            commands,
            marker,
            label,
            look,
            at - Vec2::Y * HEX * 0.62,
            z + 0.05,
        );
    }
}

/// The board's hover tooltip, beside the pointer: a heading (the hex or area and its
/// terrain), a line per piece the viewing seat may see there, and sections such as the
/// selected unit's fire at it (a gold heading over its modifiers, each with its rule).
/// The plugin builds the text from the seat's view only.
pub fn hover_tooltip(
    ctx: &egui::Context,
    head: &str,
    lines: &[String],
    sections: &[(String, Vec<String>)],
) {
    let Some(at) = ctx.pointer_hover_pos() else {
        return;
    };
    egui::Area::new("board_hover_tooltip".into())
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(at + egui::vec2(18.0, 18.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                ui.strong(head);
                for l in lines {
                    ui.label(l);
                }
                for (head, items) in sections {
                    ui.separator();
                    ui.colored_label(egui::Color32::from_rgb(240, 200, 80), head);
                    for m in items {
                        ui.small(m);
                    }
                }
            });
        });
}
