//! Redraw on demand (issue 30, item 1): the window draws a frame only on input (a key,
//! the mouse, a window event), when something in the game needs frames to go on, or
//! every few seconds at most, so that an idle board costs next to no CPU.
//!
//! Bevy's winit runner does this with [`WinitSettings::desktop_app`]; what it cannot
//! see is work that goes on without input, so [`keep_awake`] asks for the next frame
//! (a [`RequestRedraw`] message) while any of it is under way:
//! - a computer player thinking, or about to act at its pace ([`AiPlay::needs_frames`]);
//! - the menu's balance computation ([`MenuState::computing`]);
//! - a board fit still to do on the play screen, or a pan key held down (the camera
//!   moves each frame).
//!
//! It also keeps bevy_egui from waking the window every frame ([`drop_repeated_modifiers`]).
//!
//! Screenshot mode keeps the continuous loop: it counts frames.

use super::Game;
use super::ai::AiPlay;
use super::board::{BoardArea, FitRequest};
use super::menu::MenuState;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiInput, EguiPreUpdateSet};
use std::collections::HashMap;

/// The keys that pan the board while held (`board::camera_controls`).
const PAN_KEYS: [KeyCode; 8] = [
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::KeyA,
    KeyCode::KeyD,
    KeyCode::KeyW,
    KeyCode::KeyS,
];

/// The update mode of a window that plays (`continuous`: screenshot mode, which counts
/// frames), and the system that keeps it drawing while work goes on.
pub fn plugin(app: &mut App, continuous: bool) {
    app.insert_resource(if continuous {
        WinitSettings::game()
    } else {
        WinitSettings::desktop_app()
    });
    app.add_systems(Last, keep_awake);
    app.add_systems(
        PreUpdate,
        drop_repeated_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Whether anything needs the next frame without waiting for input.
pub fn needs_frames(
    game: Option<&Game>,
    ai: Option<&AiPlay>,
    menu: Option<&MenuState>,
    fit: Option<&FitRequest>,
    area: Option<&BoardArea>,
    keys: Option<&ButtonInput<KeyCode>>,
) -> bool {
    let ai_busy = match (game, ai) {
        (Some(g), Some(a)) => a.needs_frames(g),
        _ => false,
    };
    ai_busy
        || game.is_some_and(|g| g.looking().is_some_and(|l| l.playing()))
        || game.is_some_and(|g| g.walking().is_some())
        || menu.is_some_and(MenuState::computing)
        // A fit waits for the board and its free area to be known (the play screen).
        || (fit.is_some_and(|f| f.pending && f.bounds.is_some())
            && area.is_some_and(|a| a.0.is_some()))
        || keys.is_some_and(|k| k.any_pressed(PAN_KEYS))
}

/// Ask for the next frame while [`needs_frames`] says so.
pub fn keep_awake(
    game: Option<Res<Game>>,
    ai: Option<Res<AiPlay>>,
    menu: Option<Res<MenuState>>,
    fit: Option<Res<FitRequest>>,
    area: Option<Res<BoardArea>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if needs_frames(
        game.as_deref(),
        ai.as_deref(),
        menu.as_deref(),
        fit.as_deref(),
        area.as_deref(),
        keys.as_deref(),
    ) {
        redraw.write(RequestRedraw);
    }
}

/// bevy_egui 0.42 feeds egui a `ModifiersChanged` event every frame, changed or not, and
/// egui repaints after any input event, so the window would never sleep (measured: a
/// redraw request every frame on an idle menu). Keep the event only when the modifier
/// keys did change.
fn drop_repeated_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<HashMap<Entity, bevy_egui::egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        input.0.events.retain(|e| match e {
            bevy_egui::egui::Event::ModifiersChanged(m) => last.insert(entity, *m) != Some(*m),
            _ => true,
        });
    }
}
