//! The play screen's layout: the turn bar and button row, the status line, the log,
//! the chooser, and the ruleset plugins' hooks drawn into their parts.

use super::{Game, look};
use crate::core::game::ActionKind;
use crate::core::session::GameId;
use crate::gui::fault::{self, Doing, Fault};
use crate::gui::{Screen, board};
use bevy::ecs::system::{InMut, SystemId};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// What draws into a part of the play screen the shell lays out: a one-shot system
/// given the egui `Ui` of that part.
pub type UiHook = SystemId<InMut<'static, egui::Ui>>;

/// What a ruleset's plugin gives the shell.
#[derive(Clone)]
pub struct RulesetUi {
    /// The game id it draws ([`GameSession::game`]).
    pub game: &'static str,
    /// The ruleset's part of the turn bar: scenario, turn, phase, scores.
    pub turn_info: UiHook,
    /// The left panel: the selection, decisions not made on the board, stacks.
    pub side_panel: UiHook,
    /// Buttons of its own in the shell's button row (before Undo), if any.
    pub buttons: Option<UiHook>,
    /// Windows over the board (charts), drawn in an area the size of the window.
    pub windows: Option<UiHook>,
    /// The label of the button that ends a phase ("End phase", "End segment").
    pub end_label: &'static str,
    /// Whether it has a charts window (the shell's Charts button and `C` key).
    pub charts: bool,
}

/// The ruleset plugins' hooks, one per game id.
#[derive(Resource, Default, Clone)]
pub struct RulesetUis(pub Vec<RulesetUi>);

impl RulesetUis {
    /// The hooks of a game.
    pub fn get(&self, game: &str) -> Option<&RulesetUi> {
        self.0.iter().find(|u| u.game == game)
    }
}

/// Register a ruleset plugin's hooks (call from its plugin's `build`).
pub fn register_ruleset_ui(app: &mut App, ui: RulesetUi) {
    app.init_resource::<RulesetUis>()
        .world_mut()
        .resource_mut::<RulesetUis>()
        .0
        .push(ui);
}

/// An egui `Ui` over the whole window on the background layer, for panels to lay
/// out in.
pub fn background_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// What a plugin last drew, so that it redraws its counters and highlights only when
/// the game, the seat on screen, the curtain or its own selection (`K`) changed.
#[derive(Debug)]
pub struct Drawn<K> {
    last: Option<(u64, (u8, bool), K)>,
}

impl<K> Default for Drawn<K> {
    fn default() -> Self {
        Self { last: None }
    }
}

impl<K: PartialEq> Drawn<K> {
    /// Whether anything that is drawn changed since the last call that said so; it then
    /// remembers the new state.
    pub fn changed(&mut self, game: &Game, key: K) -> bool {
        let now = (game.generation, (game.viewer, game.curtain_down), key);
        if self.last.as_ref() == Some(&now) {
            return false;
        }
        self.last = Some(now);
        true
    }
}

/// Run condition: a game of ruleset `R` is being played. Every system of a ruleset's
/// plugin runs only then.
pub fn game_is<R: GameId>(game: Option<Res<Game>>) -> bool {
    game.is_some_and(|g| g.level_game() == R::ID)
}

fn egui_context(world: &mut World) -> Option<egui::Context> {
    let mut q =
        world.query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>();
    q.single_mut(world).ok().map(|mut c| c.get_mut().clone())
}

/// Run a plugin's hook into `ui`; a hook that fails is a fault, reported once per game
/// and hook (it would fail again every frame).
fn run_hook(world: &mut World, hook: UiHook, ui: &mut egui::Ui) {
    if let Err(e) = world.run_system_with(hook, ui)
        && let Some(mut g) = world.get_resource_mut::<Game>()
        && !g.failed_hooks.contains(&hook)
    {
        g.failed_hooks.push(hook);
        g.fault(Fault {
            doing: Doing::Drawing,
            action: None,
            why: "a ruleset's part of the play screen could not be drawn".into(),
            error: e.to_string(),
        });
    }
}

/// The fault window ([`fault::window`]) while its message is up.
pub(super) fn fault_ui(mut contexts: EguiContexts, game: Option<ResMut<Game>>) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if game.fault.is_none() {
        return Ok(());
    }
    fault::window(contexts.ctx_mut()?, &mut game.fault);
    Ok(())
}

/// The play screen: the shell's turn bar, button row, status line, log and chooser
/// around the ruleset's own parts; what is left is the board.
pub fn play_ui(world: &mut World) {
    let Some(ctx) = egui_context(world) else {
        return;
    };
    let Some(game_id) = world.get_resource::<Game>().map(Game::level_game) else {
        return;
    };
    let hooks = world.resource::<RulesetUis>().get(game_id).cloned();
    let mut root = background_ui(&ctx, "play_root");
    let mut submit: Option<String> = None;
    egui::Panel::top("turn_bar").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            if let Some(h) = &hooks {
                run_hook(world, h.turn_info, ui);
            }
            let game = world.resource::<Game>();
            if game.looking.is_some() {
                // Whose turn it was at a position is not shown: between the steps a
                // seat sees, the turn can pass where it may not follow.
            } else if let Some(who) = game.session.to_act() {
                ui.separator();
                ui.colored_label(
                    egui::Color32::from_rgb(240, 200, 80),
                    format!("To act: {}", game.who(who)),
                );
            }
        });
        ui.horizontal_wrapped(|ui| {
            let (end, decline) = {
                let game = world.resource::<Game>();
                if game.can_act() {
                    (
                        game.legal_of_kind(ActionKind::EndPhase),
                        game.legal_of_kind(ActionKind::Decline),
                    )
                } else {
                    (None, None)
                }
            };
            // The row keeps its place: "End" is always drawn (greyed when it cannot be
            // pressed), and the buttons that come and go (Pass, the ruleset's own) sit
            // after the fixed ones, so a pending choice never shifts Undo, Save or Menu.
            let end_label = hooks.as_ref().map_or("End phase", |h| h.end_label);
            if ui
                .add_enabled(end.is_some(), egui::Button::new(format!("{end_label} [E]")))
                .clicked()
            {
                submit = end.clone();
            }
            let charts = hooks.as_ref().is_some_and(|h| h.charts);
            let fit;
            let mut menu = false;
            {
                let mut game = world.resource_mut::<Game>();
                if ui
                    .add_enabled(game.can_undo(), egui::Button::new("Undo [U]"))
                    .clicked()
                {
                    game.undo();
                }
                if ui.button("Save [Ctrl+S]").clicked() {
                    super::save(&mut game);
                }
                if charts && ui.button("Charts [C]").clicked() {
                    game.charts = !game.charts;
                }
                fit = ui.button("Fit [F]").clicked();
                ui.checkbox(&mut game.curtain, "Curtain");
                if game.standing.is_some() {
                    let label = game.standing.as_ref().map_or("", |o| o.label);
                    ui.label(format!("{label}:"));
                    for seat in 0..game.session.seats() {
                        let name = game.session.seat_name(seat);
                        let mut on = game.standing_for(seat);
                        if ui.checkbox(&mut on, name).changed() {
                            game.set_standing(seat, on);
                        }
                    }
                }
                if ui.button("Menu").clicked() {
                    menu = true;
                }
            }
            {
                let mut game = world.resource_mut::<Game>();
                let n = game.catch_up_steps();
                if n > 0
                    && ui
                        .button(format!("Since your last turn ({n}) [R]"))
                        .on_hover_text(
                            "Replay what happened since this seat last acted, as it saw it",
                        )
                        .clicked()
                {
                    game.start_catch_up();
                }
            }
            if let Some(a) = decline
                && ui.button("Pass [P]").clicked()
            {
                submit = Some(a);
            }
            if let Some(b) = hooks.as_ref().and_then(|h| h.buttons) {
                run_hook(world, b, ui);
            }
            if fit {
                world.resource_mut::<board::FitRequest>().pending = true;
            }
            if menu {
                // Only asked for: the game stays until the transition (`end_game`).
                world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
            }
        });
    });
    if world.resource::<Game>().looking.is_some() {
        egui::Panel::top("look_bar").show(&mut root, |ui| {
            look::look_bar(world, ui);
        });
    }
    egui::Panel::bottom("status").show(&mut root, |ui| {
        ui.label(&world.resource::<Game>().status);
    });
    // The log goes beside the board or under it, whichever leaves the board the larger
    // fit: under a wide map on a narrow window, beside a tall one.
    let free = root.available_rect_before_wrap();
    let below = world
        .resource::<board::FitRequest>()
        .bounds
        .is_some_and(|(lo, hi)| {
            log_below(
                hi - lo,
                Vec2::new(free.width() - SIDE_PANEL, free.height()),
                LOG_BESIDE,
                LOG_BELOW,
            )
        });
    if !below {
        egui::Panel::right("log_panel")
            .default_size(LOG_BESIDE)
            .min_size(320.0)
            .show(&mut root, |ui| log_panel(world, ui));
    }
    egui::Panel::left("side_panel")
        .default_size(SIDE_PANEL)
        .show(&mut root, |ui| {
            let game = world.resource::<Game>();
            // Only the person who may act sees the choice (it may name their hidden
            // pieces); it is cleared whenever the game changes.
            let choice = if game.can_act() {
                game.choice.clone()
            } else {
                vec![]
            };
            if !choice.is_empty() {
                ui.colored_label(egui::Color32::from_rgb(240, 200, 80), "Choose:");
                for c in choice {
                    if ui.button(&c).clicked() {
                        submit = Some(c);
                    }
                }
                if ui.small_button("Cancel").clicked() {
                    world.resource_mut::<Game>().choice.clear();
                }
                ui.separator();
            }
            if let Some(h) = &hooks {
                run_hook(world, h.side_panel, ui);
            }
        });
    if below {
        egui::Panel::bottom("log_panel_below")
            .default_size(LOG_BELOW)
            .min_size(90.0)
            .show(&mut root, |ui| log_panel(world, ui));
    }
    // egui's points are the window's logical pixels times the interface scale.
    let free = root.available_rect_before_wrap();
    // Panels wider than the window leave no board (not a rectangle turned inside out).
    let z = ctx.zoom_factor();
    world.resource_mut::<board::BoardArea>().0 =
        (free.width() > 0.0 && free.height() > 0.0).then(|| {
            Rect::new(
                free.min.x * z,
                free.min.y * z,
                free.max.x * z,
                free.max.y * z,
            )
        });
    if let Some(w) = hooks.as_ref().and_then(|h| h.windows) {
        let mut over = background_ui(&ctx, "play_windows");
        run_hook(world, w, &mut over);
    }
    if let Some(a) = submit {
        world.resource_mut::<Game>().submit(&a);
    }
}

/// The side panel's width, in points.
const SIDE_PANEL: f32 = 300.0;
/// The log's width beside the board, in points.
const LOG_BESIDE: f32 = 380.0;
/// The log's height under the board, in points.
const LOG_BELOW: f32 = 150.0;

/// Whether the log should go under the board rather than beside it: a board of `board`
/// world units, in a free area of `free` points, is drawn larger with the log's
/// `below` points of height taken than with its `beside` points of width taken.
pub fn log_below(board: Vec2, free: Vec2, beside: f32, below: f32) -> bool {
    let fit = |w: f32, h: f32| (w.max(1.0) / board.x.max(1.0)).min(h.max(1.0) / board.y.max(1.0));
    fit(free.x, free.y - below) > fit(free.x - beside, free.y)
}

/// The log: every line the viewing seat may read, newest at the bottom.
fn log_panel(world: &mut World, ui: &mut egui::Ui) {
    let who = world.resource::<Game>();
    ui.heading(format!("Log — as {} sees it", who.who(who.viewer)));
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .show(ui, |ui| {
            let game = world.resource::<Game>();
            for l in game.session.log().iter().filter(|l| game.may_read(l)) {
                ui.add(egui::Label::new(egui::RichText::new(&l.text).small()).wrap());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_goes_under_a_wide_map_and_beside_a_tall_one() {
        // Battle of the Rosebud's map (about 2:1) on a 1280x800 window: under.
        let free = Vec2::new(1280.0 - SIDE_PANEL, 735.0);
        assert!(log_below(
            Vec2::new(2016.0, 1040.0),
            free,
            LOG_BESIDE,
            LOG_BELOW
        ));
        // A tall map: beside.
        assert!(!log_below(
            Vec2::new(600.0, 1200.0),
            free,
            LOG_BESIDE,
            LOG_BELOW
        ));
    }
}
