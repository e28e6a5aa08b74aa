//! The board camera: pan (drag, arrow and WASD keys), zoom about the cursor (the wheel,
//! the + and - keys), fit the board into the free area (F, or on request), and its
//! viewport: the free area between the egui panels.

use super::picking::CursorWorld;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

/// The free board area left after the egui panels (logical px, window top-left origin).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct BoardArea(pub Option<Rect>);

/// Request to fit the board into the free area.
#[derive(Resource, Default)]
pub struct FitRequest {
    /// Board bounds in world units (min, max).
    pub bounds: Option<(Vec2, Vec2)>,
    /// Fit on the next frame.
    pub pending: bool,
}

/// Marks the camera that shows the board (the other cameras draw maps into pictures).
#[derive(Component)]
pub struct BoardCamera;

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
pub(super) fn camera_controls(
    mut contexts: EguiContexts,
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    motion: Res<AccumulatedMouseMotion>,
    cursor: Res<CursorWorld>,
    time: Res<Time>,
    mut fit: ResMut<FitRequest>,
) -> Result {
    let keyboard_free = !contexts.ctx_mut()?.egui_wants_keyboard_input();
    let (mut tf, mut proj) = camera.into_inner();
    let Projection::Orthographic(ortho) = proj.as_mut() else {
        return Ok(());
    };
    if let (Some(at), true) = (cursor.0, scroll.delta.y != 0.0) {
        // Zoom about the cursor: the world point under it stays put.
        let old = ortho.scale;
        let new = (old * (1.0 - scroll.delta.y.clamp(-3.0, 3.0) * 0.1)).clamp(0.2, 6.0);
        ortho.scale = new;
        let cam = tf.translation.truncate();
        let moved = cam + (at - cam) * (1.0 - new / old);
        tf.translation.x = moved.x;
        tf.translation.y = moved.y;
    }
    if cursor.0.is_some()
        && (buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle))
    {
        tf.translation.x -= motion.delta.x * ortho.scale;
        tf.translation.y += motion.delta.y * ortho.scale;
    }
    if keyboard_free {
        let mut d = Vec2::ZERO;
        if keys.pressed(KeyCode::ArrowLeft) || keys.pressed(KeyCode::KeyA) {
            d.x -= 1.0;
        }
        if keys.pressed(KeyCode::ArrowRight) || keys.pressed(KeyCode::KeyD) {
            d.x += 1.0;
        }
        if keys.pressed(KeyCode::ArrowUp) || keys.pressed(KeyCode::KeyW) {
            d.y += 1.0;
        }
        if keys.pressed(KeyCode::ArrowDown)
            || keys.pressed(KeyCode::KeyS) && !keys.pressed(KeyCode::ControlLeft)
        {
            d.y -= 1.0;
        }
        tf.translation += (d * 700.0 * ortho.scale * time.delta_secs()).extend(0.0);
        // With Ctrl, + and - scale the interface (gui::settings), not the board.
        let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
        if !ctrl && (keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd)) {
            ortho.scale = (ortho.scale / 1.2).clamp(0.2, 6.0);
        }
        if !ctrl
            && (keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract))
        {
            ortho.scale = (ortho.scale * 1.2).clamp(0.2, 6.0);
        }
        if keys.just_pressed(KeyCode::KeyF) {
            fit.pending = true;
        }
    }
    Ok(())
}

pub(super) fn fit(
    mut fit: ResMut<FitRequest>,
    board: Res<BoardArea>,
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    if !fit.pending {
        return;
    }
    let (Some((lo, hi)), Some(area)) = (fit.bounds, board.0) else {
        return;
    };
    fit.pending = false;
    let (mut tf, mut proj) = camera.into_inner();
    let Projection::Orthographic(ortho) = proj.as_mut() else {
        return;
    };
    let size = hi - lo;
    let scale = (size.x / area.width().max(50.0)).max(size.y / area.height().max(50.0)) * 1.04;
    ortho.scale = scale.clamp(0.2, 6.0);
    // The camera's viewport is the free area: its centre shows the board's centre.
    let board_centre = (lo + hi) / 2.0;
    tf.translation.x = board_centre.x;
    tf.translation.y = board_centre.y;
}

/// The board camera's viewport: the free area between the panels, in the window's
/// physical pixels, kept inside the window; None (the whole window) for an empty area.
pub fn board_viewport_for(area: Rect, scale_factor: f32, window: UVec2) -> Option<URect> {
    let lo = (area.min * scale_factor)
        .round()
        .max(Vec2::ZERO)
        .as_uvec2()
        .min(window);
    let hi = (area.max * scale_factor)
        .round()
        .max(Vec2::ZERO)
        .as_uvec2()
        .min(window);
    (hi.x > lo.x && hi.y > lo.y).then(|| URect::from_corners(lo, hi))
}

/// Keep the board camera's viewport on the free area ([`BoardArea`]).
pub(super) fn board_viewport(
    board: Res<BoardArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<BoardCamera>>,
) {
    let want = board
        .0
        .and_then(|a| board_viewport_for(a, window.scale_factor(), window.physical_size()));
    let have = camera
        .viewport
        .as_ref()
        .map(|v| URect::from_corners(v.physical_position, v.physical_position + v.physical_size));
    if want != have {
        camera.viewport = want.map(|r| bevy::camera::Viewport {
            physical_position: r.min,
            physical_size: r.size(),
            ..default()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_camera_draws_only_the_free_area_inside_the_window() {
        let window = UVec2::new(2560, 1600);
        // The free area between the panels, logical pixels at a scale factor of 2.
        let area = Rect::new(300.0, 45.4, 1280.0, 650.0);
        assert_eq!(
            board_viewport_for(area, 2.0, window),
            Some(URect::new(600, 91, 2560, 1300))
        );
        // A window made smaller than the area: kept inside it.
        assert_eq!(
            board_viewport_for(area, 2.0, UVec2::new(1000, 800)),
            Some(URect::new(600, 91, 1000, 800))
        );
        // Panels wider than the window: no area, the whole window.
        assert_eq!(
            board_viewport_for(
                Rect {
                    min: Vec2::new(300.0, 0.0),
                    max: Vec2::new(200.0, 600.0)
                },
                1.0,
                window
            ),
            None
        );
        assert_eq!(board_viewport_for(area, 1.0, UVec2::new(200, 800)), None);
    }
}
