//! The handoff curtain between human seats.

use super::Game;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The handoff curtain: hides the board until the next seat is at the screen.
pub(super) fn curtain_ui(mut contexts: EguiContexts, game: Option<ResMut<Game>>) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if !game.curtain_down {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let name = game.curtain_title(game.viewer);
    let mut lift = false;
    let mut catch_up = false;
    egui::Area::new("curtain".into()).order(egui::Order::Foreground).fixed_pos(egui::pos2(0.0, 0.0)).show(ctx, |ui| {
        let r = ctx.viewport_rect();
        ui.painter().rect_filled(r, 0.0, egui::Color32::from_rgb(20, 22, 26));
        ui.scope_builder(egui::UiBuilder::new().max_rect(r), |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(r.height() * 0.35);
                ui.heading(egui::RichText::new(name).size(32.0));
                ui.label("Everyone else should look away: this player's own view is about to be shown.");
                if ui.button(egui::RichText::new(format!("I am {} — show my view", game.player_name(game.viewer))).size(20.0)).clicked() {
                    lift = true;
                }
                if ui.button(egui::RichText::new("…and replay what happened since my last turn").size(16.0)).clicked() {
                    lift = true;
                    catch_up = true;
                }
            });
        });
    });
    if lift {
        game.curtain_down = false;
        game.generation += 1;
    }
    if catch_up && !game.start_catch_up() && game.fault.is_none() {
        game.status = "nothing has changed in your view since your last turn".into();
    }
    Ok(())
}
