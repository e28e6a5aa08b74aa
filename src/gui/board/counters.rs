//! Counters: a square face with a border (white when selected), its values in large
//! board text that stays readable at any zoom, and a smaller line of flags and id.

use super::HEX;
use super::texts::{BoardText, board_text};
use bevy::prelude::*;

/// A counter's face, square, in world units.
pub const COUNTER: f32 = HEX * 1.4;

/// The smallest a counter's printed values are written, in screen pixels, while they
/// fit its face (where they do not, they shrink to fit rather than spill).
pub const COUNTER_VALUES_PX: f32 = 10.0;

/// The meshes of a counter: its face and the border around it.
pub struct CounterMeshes {
    /// The square face.
    pub face: Handle<Mesh>,
    /// The slightly larger square behind it (black, or white when selected).
    pub border: Handle<Mesh>,
}

impl CounterMeshes {
    /// Counter meshes sized to the hexes.
    pub fn new(meshes: &mut Assets<Mesh>) -> Self {
        Self {
            face: meshes.add(Rectangle::new(COUNTER, COUNTER)),
            border: meshes.add(Rectangle::new(COUNTER + HEX * 0.08, COUNTER + HEX * 0.08)),
        }
    }
}

/// What one counter shows: its border and face materials, text colour and two lines.
pub struct CounterLook {
    /// Border material (white when selected).
    pub edge: Handle<ColorMaterial>,
    /// Face material.
    pub face: Handle<ColorMaterial>,
    /// Text colour.
    pub fg: Color,
    /// The top line (its values), large.
    pub top: String,
    /// The bottom line (flags, id), small.
    pub bottom: String,
}

/// Spawn one counter at `pos` and height `z`, every part tagged with `tag` (so the
/// ruleset's redraw can despawn them).
pub fn spawn_counter<T: Component + Clone>(
    commands: &mut Commands,
    tag: T,
    meshes: &CounterMeshes,
    look: CounterLook,
    pos: Vec2,
    z: f32,
) {
    commands.spawn((
        tag.clone(),
        Mesh2d(meshes.border.clone()),
        MeshMaterial2d(look.edge),
        Transform::from_xyz(pos.x, pos.y, z),
    ));
    commands.spawn((
        tag.clone(),
        Mesh2d(meshes.face.clone()),
        MeshMaterial2d(look.face),
        Transform::from_xyz(pos.x, pos.y, z + 0.01),
    ));
    // The values stay readable at any zoom; the flags and name show once legible.
    commands.spawn((
        tag.clone(),
        board_text(
            look.top.clone(),
            BoardText::at_least(15.0, COUNTER_VALUES_PX).within(COUNTER * 0.94, &look.top),
            look.fg,
            Vec3::new(pos.x, pos.y + HEX * 0.3, z + 0.02),
        ),
    ));
    commands.spawn((
        tag,
        board_text(
            look.bottom.clone(),
            BoardText::zoomed(10.0, 7.0).within(COUNTER * 0.94, &look.bottom),
            look.fg,
            Vec3::new(pos.x, pos.y - HEX * 0.2, z + 0.02),
        ),
    ));
}
