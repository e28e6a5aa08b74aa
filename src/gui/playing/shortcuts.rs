//! The play screen's keyboard shortcuts, and saving.

use super::{Game, LookKind};
use crate::core::game::ActionKind;
use crate::gui::Screen;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy_egui::EguiContexts;

pub(super) fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    game: Option<ResMut<Game>>,
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if contexts.ctx_mut()?.egui_wants_keyboard_input() || game.curtain_down {
        return Ok(());
    }
    if let Some(kind) = game.looking.as_ref().map(|l| l.kind) {
        // The arrow keys pan the board, so stepping is on `.` and `,` (as `>` and `<`).
        if keys.just_pressed(KeyCode::Period) {
            game.look_step(true);
        } else if keys.just_pressed(KeyCode::Comma) {
            game.look_step(false);
        } else if keys.just_pressed(KeyCode::Home) {
            game.look_jump(false);
        } else if keys.just_pressed(KeyCode::End) {
            game.look_jump(true);
        } else if keys.just_pressed(KeyCode::Space)
            && let Some(l) = game.looking.as_mut()
        {
            l.playing = !l.playing;
            l.since = 0.0;
        } else if keys.just_pressed(KeyCode::Escape) {
            match kind {
                LookKind::CatchUp => game.end_look(),
                LookKind::Viewer => next.set(Screen::Menu),
            }
        }
        return Ok(());
    }
    if keys.just_pressed(KeyCode::KeyR) {
        game.start_catch_up();
        return Ok(());
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    let kind = if keys.just_pressed(KeyCode::KeyE) {
        Some(ActionKind::EndPhase)
    } else if keys.just_pressed(KeyCode::KeyP) {
        Some(ActionKind::Decline)
    } else {
        None
    };
    let act = kind
        .filter(|_| game.can_act())
        .and_then(|k| game.legal_of_kind(k));
    if let Some(a) = act {
        game.submit(&a);
    } else if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        game.undo();
    } else if ctrl && keys.just_pressed(KeyCode::KeyS) {
        save(&mut game);
    } else if keys.just_pressed(KeyCode::KeyC) {
        game.charts = !game.charts;
    }
    if keys.just_pressed(KeyCode::F12) {
        let n = std::fs::read_dir(&game.saves)
            .map(|r| r.count())
            .unwrap_or(0);
        let path = game.saves.join(format!("screenshot-{n:03}.png"));
        let _ = std::fs::create_dir_all(&game.saves);
        game.status = format!("screenshot saved to {}", path.display());
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
    }
    Ok(())
}

/// Save the game to `<saves folder>/<scenario>.ron` (atomically; [`Game::saves`]).
pub fn save(game: &mut Game) {
    let stem = game
        .session
        .scenario()
        .rsplit('/')
        .next()
        .unwrap_or("game")
        .to_string();
    let path = game.saves.join(format!("{stem}.ron"));
    game.status = match game.save_file().write(&path) {
        Ok(()) => format!("saved to {}", path.display()),
        Err(e) => format!("save failed: {e}"),
    };
}
