//! Picking: where the pointer is on the board (a hex of the shown map, or a world
//! point for area maps), and what was clicked this frame. The pointer is read only
//! over the board's free area, never through an egui window, popup or drag.

use super::HEX;
use super::camera::{BoardArea, BoardCamera};
use crate::core::hexmap::{Coord, HexMap};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

/// The hex under the cursor, if the cursor is over the board (not over a panel).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Hover(pub Option<Coord>);

/// The cursor's world position when it is over the board.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct CursorWorld(pub Option<Vec2>);

/// A left click on a board hex this frame.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Clicked(pub Option<Coord>);

/// The world point clicked this frame on the board, for boards that are not hex maps
/// (area maps pick their own area).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ClickedWorld(pub Option<Vec2>);

/// World position of a hex centre.
pub fn center(c: Coord) -> Vec2 {
    let [x, y] = c.center(HEX);
    Vec2::new(x, y)
}

/// The hex containing a world position, if on the map.
pub fn pick(map: &HexMap, p: Vec2) -> Option<Coord> {
    let col = (p.x / (HEX * 1.5)).round() as i32 + 1;
    let row = (-p.y / (HEX * 3f32.sqrt())).round() as i32 + 1;
    let mut best: Option<(f32, Coord)> = None;
    for c in (col - 1)..=(col + 1) {
        for r in (row - 1)..=(row + 1) {
            if c < 1 || r < 1 || c > 99 || r > 99 {
                continue;
            }
            let k = Coord::new(c as u8, r as u8);
            if !map.contains(k) {
                continue;
            }
            let d = center(k).distance(p);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, k));
            }
        }
    }
    best.filter(|(d, _)| *d <= HEX).map(|(_, k)| k)
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
pub(super) fn pointer(
    mut contexts: EguiContexts,
    board: Res<BoardArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    buttons: Res<ButtonInput<MouseButton>>,
    map: Option<Res<ActiveMap>>,
    mut hover: ResMut<Hover>,
    mut clicked: ResMut<Clicked>,
    mut cursor_world: ResMut<CursorWorld>,
    mut clicked_world: ResMut<ClickedWorld>,
) -> Result {
    hover.0 = None;
    clicked.0 = None;
    cursor_world.0 = None;
    clicked_world.0 = None;
    let Some(cursor) = window.cursor_position() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let over_float = ctx
        .layer_id_at(egui::pos2(cursor.x, cursor.y) / ctx.zoom_factor())
        .is_some_and(|l| l.order != egui::Order::Background);
    if over_float
        || ctx.egui_is_using_pointer()
        || ctx.any_popup_open()
        || !board.0.is_some_and(|r| r.contains(cursor))
    {
        return Ok(());
    }
    let (cam, tf) = *camera;
    let Ok(world) = cam.viewport_to_world_2d(tf, cursor) else {
        return Ok(());
    };
    cursor_world.0 = Some(world);
    if buttons.just_released(MouseButton::Left) {
        clicked_world.0 = Some(world);
    }
    if let Some(map) = map {
        hover.0 = pick(&map.0, world);
        if buttons.just_released(MouseButton::Left) {
            clicked.0 = hover.0;
        }
    }
    Ok(())
}

/// The map being shown (set by the ruleset plugin).
#[derive(Resource)]
pub struct ActiveMap(pub HexMap);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_finds_the_hex_under_its_centre() {
        let map = HexMap::filled(10, 8, "open");
        for c in map.coords() {
            assert_eq!(pick(&map, center(c)), Some(c));
            assert_eq!(
                pick(&map, center(c) + Vec2::new(HEX * 0.5, HEX * 0.3)),
                Some(c)
            );
        }
        assert_eq!(pick(&map, Vec2::new(-500.0, 500.0)), None);
    }
}
