//! The result window over the board when a game ends: each seat's result, the scores
//! and the victory rule.

use super::Screen;
use super::playing::Game;
use crate::core::game::{Outcome, SeatResult};
use crate::core::session::GameSession;
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
            ui.heading(headline(game.session.as_ref(), &outcome));
            ui.label(&outcome.summary);
            for seat in 0..game.session.seats() {
                let score = outcome
                    .scores
                    .get(usize::from(seat))
                    .map_or(String::new(), |s| format!(", {s} points"));
                ui.label(format!(
                    "{}: {}{score}",
                    game.session.seat_name(seat),
                    result_word(outcome.result(seat))
                ));
            }
            if ui.button("Back to the menu").clicked() {
                commands.remove_resource::<Game>();
                next.set(Screen::Menu);
            }
        });
    Ok(())
}

/// The window's heading: who won, a draw, or (with ranks) who came first.
pub fn headline(session: &dyn GameSession, outcome: &Outcome) -> String {
    let results = &outcome.results;
    if let Some(w) = outcome.winner() {
        format!("{} wins", session.seat_name(w))
    } else if results.iter().all(|r| *r == SeatResult::Draw) {
        "Draw".into()
    } else if results.iter().all(|r| *r == SeatResult::Loss) {
        "Lost".into()
    } else {
        "Game over".into()
    }
}

/// One seat's result in words.
pub fn result_word(r: SeatResult) -> String {
    match r {
        SeatResult::Win => "won".into(),
        SeatResult::Loss => "lost".into(),
        SeatResult::Draw => "draw".into(),
        SeatResult::Rank(n) => format!("place {n}"),
    }
}
