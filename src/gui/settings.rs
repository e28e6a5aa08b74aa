//! The settings in the window: read at start (the window's size, the interface scale,
//! the computer players' pace; the menu restores the last game, scenario and seats),
//! `Ctrl +`, `Ctrl −` and `Ctrl 0` scale the whole interface, and every change is
//! written back to the settings file ([`crate::settings`]). A damaged file is reported
//! in a small window, never a crash.

use super::ai::AiPlay;
use crate::settings::{SCALE_RANGE, Settings};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;

/// The settings in use, where they are kept, and what went wrong reading them.
#[derive(Resource, Debug, Clone)]
pub struct UiSettings {
    /// The settings as last written.
    pub settings: Settings,
    /// The settings file (`None`: nowhere to keep them; they last for this run).
    pub path: Option<PathBuf>,
    /// A problem to report (a damaged file), until the person dismisses it.
    pub warning: Option<String>,
    /// The scale and pace have been applied to egui and the computer players.
    applied: bool,
}

impl UiSettings {
    /// Read the settings file (see [`crate::settings::settings_path`]).
    pub fn read() -> Self {
        let path = crate::settings::settings_path();
        let (settings, warning) = match &path {
            Some(p) => {
                let l = Settings::load(p);
                (l.settings, l.warning)
            }
            None => (Settings::default(), None),
        };
        Self {
            settings,
            path,
            warning,
            applied: false,
        }
    }

    /// The defaults, kept nowhere (a screenshot run must not depend on, or change, the
    /// person's settings).
    pub fn defaults_for_this_run() -> Self {
        Self {
            settings: Settings::default(),
            path: None,
            warning: None,
            applied: false,
        }
    }

    /// Keep new settings: write them if they changed (a failure is reported).
    pub fn keep(&mut self, new: Settings) {
        if new == self.settings {
            return;
        }
        self.settings = new;
        if let Some(p) = &self.path
            && let Err(e) = self.settings.save(p)
        {
            self.warning = Some(format!("the settings could not be saved: {e}"));
        }
    }
}

/// The interface scale one step up (`+1`) or down (`-1`) from `scale`, by tenths,
/// within [`SCALE_RANGE`].
pub fn scale_step(scale: f32, dir: i32) -> f32 {
    let s = ((scale * 10.0).round() + dir as f32) / 10.0;
    s.clamp(SCALE_RANGE.0, SCALE_RANGE.1)
}

/// Register the settings systems (the resource is inserted by [`super::run`]).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, keep_settings);
}

fn keep_settings(
    mut contexts: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    ui_settings: Option<ResMut<UiSettings>>,
    ai: Option<ResMut<AiPlay>>,
    windows: Query<&Window, With<PrimaryWindow>>,
) -> Result {
    let Some(mut us) = ui_settings else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    if !us.applied {
        // Our own keys scale by tenths and are written back; egui's would not be.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        ctx.set_zoom_factor(us.settings.ui_scale);
        if let Some(mut ai) = ai {
            ai.delay = us.settings.ai_delay;
        }
        us.applied = true;
        return Ok(());
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let mut scale = ctx.zoom_factor();
    if ctrl {
        if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
            scale = scale_step(scale, 1);
        } else if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
            scale = scale_step(scale, -1);
        } else if keys.any_just_pressed([KeyCode::Digit0, KeyCode::Numpad0]) {
            scale = 1.0;
        }
    }
    if scale != ctx.zoom_factor() {
        ctx.set_zoom_factor(scale);
    }
    let mut now = us.settings.clone();
    now.ui_scale = scale;
    if let Some(ai) = &ai {
        now.ai_delay = ai.delay;
    }
    if let Ok(w) = windows.single() {
        now.window = (w.width().round() as u32, w.height().round() as u32);
    }
    // Not while a slider is dragged or the window resized: once, when it is let go.
    if !mouse.pressed(MouseButton::Left) {
        us.keep(now);
    }
    if let Some(w) = us.warning.clone() {
        let mut open = true;
        egui::Window::new("Settings")
            .collapsible(false)
            .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -40.0))
            .show(ctx, |ui| {
                ui.colored_label(egui::Color32::from_rgb(240, 200, 80), w);
                if ui.button("OK").clicked() {
                    open = false;
                }
            });
        if !open {
            us.warning = None;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_steps_by_tenths_within_its_range() {
        assert_eq!(scale_step(1.0, 1), 1.1);
        assert_eq!(scale_step(1.1, -1), 1.0);
        assert_eq!(scale_step(SCALE_RANGE.1, 1), SCALE_RANGE.1);
        assert_eq!(scale_step(SCALE_RANGE.0, -1), SCALE_RANGE.0);
        assert_eq!(scale_step(1.04, 1), 1.1, "a stray value rounds to a tenth");
    }
}
