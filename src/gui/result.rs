//! The result window over the board when a game ends: each seat's result, the scores
//! and the victory rule.

use super::Screen;
use super::playing::Game;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Register the result window.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        result_ui
            .run_if(in_state(Screen::Playing))
            .after(super::playing::play_ui),
    );
}

fn result_ui(
    mut contexts: EguiContexts,
    game: Option<Res<Game>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let Some(game) = game else { return Ok(()) };
    let Some(outcome) = game.session.outcome() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(ctx, |ui| {
            let who = outcome.winner().map_or("Draw".to_string(), |w| {
                format!("{} wins", game.session.seat_name(w))
            });
            ui.heading(who);
            ui.label(&outcome.summary);
            for (i, s) in outcome.scores.iter().enumerate() {
                ui.label(format!("{}: {s} points", game.session.seat_name(i as u8)));
            }
            if ui.button("Back to the menu").clicked() {
                commands.remove_resource::<Game>();
                next.set(Screen::Menu);
            }
        });
    Ok(())
}
