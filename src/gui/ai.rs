//! Computer players in the GUI: when the seat to act is a computer player, its decision
//! (`GameSession::ai_task`, a self-contained job over a copy of the state) runs on a
//! worker thread; the shell polls it each frame, so the window never freezes and the
//! board stays pannable. Answers are applied through `Game::submit` at a pace a person
//! can follow, with Pause / Step / Run and a speed slider in a small egui strip. An
//! answer computed for an older state (after an undo, or another game) is discarded.
//! A worker that panics or finds no move, and an answer the rules refuse, are faults
//! (`gui::fault`): reported once, and the computer players pause there until Step or
//! Run, so a seat does not fail again and again.

use super::fault::{Doing, Fault};
use super::{Game, Screen, Submitted};
use crate::core::ai::Player;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::thread::JoinHandle;

/// How computer players' actions are released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AiMode {
    /// Apply each answer once the delay since the last action has passed.
    #[default]
    Run,
    /// Hold answers (the worker still thinks ahead); Step releases one.
    Paused,
}

/// A decision being computed (or computed and waiting for its turn to be applied).
struct Job {
    /// The game and state it was started for.
    serial: u64,
    state_gen: u64,
    /// The seat it decides for.
    seat: u8,
    /// The worker thread, until it has answered.
    handle: Option<JoinHandle<Option<String>>>,
    /// The answer once the worker has finished (`Err` if the worker panicked).
    answer: Option<Result<Option<String>, String>>,
}

/// The computer players' controls and the decision in progress.
#[derive(Resource)]
pub struct AiPlay {
    /// Run or Paused.
    pub mode: AiMode,
    /// Release one held answer even while paused (the Step button).
    pub step: bool,
    /// Seconds between computer players' actions (at least this long after the last
    /// action of any seat).
    pub delay: f32,
    job: Option<Job>,
    /// Time since the state last changed.
    since: f32,
    /// The (game, state) the timer belongs to.
    seen: (u64, u64),
    /// Computer actions applied since the App started (for tests and the strip).
    pub applied: u64,
    /// Per seat, the decisions its computer player made in the current game turn:
    /// (game, turn, count), for the stall guard (`core::ai::decide`). Kept per seat so
    /// that the other seats' decisions in between do not reset it.
    made: Vec<(u64, u64, usize)>,
    /// The (game, state) where a computer player last hit a fault: paused there, no
    /// worker starts again until Step or Run.
    fault_at: Option<(u64, u64)>,
}

impl Default for AiPlay {
    fn default() -> Self {
        Self {
            mode: AiMode::Run,
            step: false,
            delay: 0.6,
            job: None,
            since: 0.0,
            seen: (0, 0),
            applied: 0,
            made: Vec::new(),
            fault_at: None,
        }
    }
}

impl AiPlay {
    /// Whether a worker is computing a decision now.
    pub fn thinking(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.answer.is_none())
    }

    /// Whether an answer is computed and waiting to be applied.
    pub fn ready(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.answer.is_some())
    }

    /// Whether a computer player hit a fault in this game's position and waits for
    /// Step or Run to try again.
    pub fn faulted(&self, game: &Game) -> bool {
        self.fault_at == Some((game.serial(), game.state_gen()))
    }
}

/// How a computer player is named on screen.
pub fn player_label(p: Player) -> String {
    match p {
        Player::Search { level } => format!("AI (level {level})"),
        Player::Greedy => "greedy AI".into(),
        Player::Random => "random AI".into(),
        Player::Iterations(n) => format!("AI ({n} iterations)"),
    }
}

/// The worker-thread driver (no egui, no window): headless App tests use this alone.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<AiPlay>()
        .add_systems(Update, drive.run_if(in_state(Screen::Playing)));
}

impl AiPlay {
    /// Whether the computer players need frames with no input (the window otherwise
    /// sleeps, `gui::redraw`): a worker is thinking, a Step is pending, or in Run a
    /// computer seat is to act (its worker still to start, or its answer waiting for
    /// the pace delay).
    pub fn needs_frames(&self, game: &Game) -> bool {
        if game.looking().is_some() {
            return false;
        }
        if self.step || self.job.as_ref().is_some_and(|j| j.answer.is_none()) {
            return true;
        }
        self.mode == AiMode::Run && game.to_act().and_then(|s| game.ai_player(s)).is_some()
    }
}

/// The driver plus the control strip.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin).add_systems(
        EguiPrimaryContextPass,
        strip.run_if(in_state(Screen::Playing)),
    );
}

/// Each frame: start a worker when a computer seat is to act, collect its answer when it
/// is done, and apply the answer when the controls and the pace allow.
fn drive(game: Option<ResMut<Game>>, mut ai: ResMut<AiPlay>, time: Res<Time>) {
    let Some(mut game) = game else {
        ai.job = None;
        return;
    };
    let now = (game.serial(), game.state_gen());
    if ai.seen == now {
        ai.since += time.delta_secs();
    } else {
        ai.seen = now;
        ai.since = 0.0;
    }
    // A job for another game or an older state is stale: drop it (a thread still
    // running finishes on its own and its answer is never read).
    if ai
        .job
        .as_ref()
        .is_some_and(|j| (j.serial, j.state_gen) != now)
    {
        ai.job = None;
    }
    // While the game is looked back on, the session on screen is a past position:
    // nobody plays it.
    if game.looking().is_some() {
        ai.job = None;
        return;
    }
    let Some(seat) = game.to_act() else {
        ai.job = None;
        return;
    };
    let Some(player) = game.ai_player(seat) else {
        // A human is to act: nothing to compute, and a Step pressed now is not kept
        // for the computer's next turn.
        ai.job = None;
        ai.step = false;
        return;
    };
    // Paused after a fault here: nothing is tried again until Step or Run.
    if ai.fault_at == Some(now) && ai.mode == AiMode::Paused && !ai.step {
        return;
    }
    ai.fault_at = None;
    let turn = game.session().clock();
    let k = usize::from(seat);
    if ai.made.len() <= k {
        ai.made.resize(k + 1, (0, 0, 0));
    }
    if (ai.made[k].0, ai.made[k].1) != (now.0, turn) {
        ai.made[k] = (now.0, turn, 0);
    }
    if ai.job.is_none() {
        let task = game
            .session()
            .ai_task(player, game.decision_seed(), ai.made[k].2);
        let handle = std::thread::Builder::new()
            .name("ai".into())
            .spawn(task)
            .map_err(|e| e.to_string());
        ai.job = Some(match handle {
            Ok(h) => Job {
                serial: now.0,
                state_gen: now.1,
                seat,
                handle: Some(h),
                answer: None,
            },
            Err(e) => Job {
                serial: now.0,
                state_gen: now.1,
                seat,
                handle: None,
                answer: Some(Err(format!("could not start a worker thread: {e}"))),
            },
        });
    }
    let job = ai.job.as_mut().expect("set above");
    if job.answer.is_none() && job.handle.as_ref().is_some_and(JoinHandle::is_finished) {
        let h = job.handle.take().expect("checked");
        job.answer = Some(h.join().map_err(|p| {
            format!(
                "the computer player's thread panicked: {}",
                super::fault::panic_text(p.as_ref())
            )
        }));
    }
    if job.answer.is_none() {
        return;
    }
    let release = ai.step || (ai.mode == AiMode::Run && ai.since >= ai.delay);
    if !release {
        return;
    }
    let job = ai.job.take().expect("checked");
    ai.step = false;
    let doing = Doing::ComputerMove(game.seat_name(job.seat));
    let failed = match job.answer.expect("checked") {
        // The answer is for this very state: refused, it is a fault (`submit_listed`).
        Ok(Some(action)) => {
            let applied = game.submit_listed(&action) == Submitted::Applied;
            if applied {
                ai.applied += 1;
                if let Some(m) = ai.made.get_mut(usize::from(job.seat)) {
                    m.2 += 1;
                }
            }
            !applied
        }
        // No move although the seat is to act: it would be asked again every frame.
        Ok(None) => {
            game.fault(Fault {
                doing,
                action: None,
                why: "the computer player chose no action while its seat is to act".into(),
                error: "the AI task gave no action".into(),
            });
            true
        }
        Err(e) => {
            game.fault(Fault {
                doing,
                action: None,
                why: "the computer player failed".into(),
                error: e,
            });
            true
        }
    };
    if failed {
        // Stop rather than loop on the same fault.
        ai.mode = AiMode::Paused;
        ai.fault_at = Some(now);
    }
}

/// The control strip (a small window, movable and collapsible): who is thinking, Pause / Step / Run, the delay between actions,
/// and (with no human seat) which seat's view to watch.
fn strip(mut contexts: EguiContexts, game: Option<ResMut<Game>>, mut ai: ResMut<AiPlay>) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if !game.has_ai() || game.curtain_down() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Computer players")
        .id("ai_strip".into())
        .collapsible(true)
        .resizable(false)
        .pivot(egui::Align2::CENTER_BOTTOM)
        .default_pos(egui::pos2(
            ctx.viewport_rect().center().x,
            ctx.viewport_rect().max.y - 40.0,
        ))
        .show(ctx, |ui| {
            let to_act = game.to_act();
            let line = match to_act {
                None => "The game is over.".to_string(),
                Some(s) => match game.ai_player(s) {
                    Some(p) => {
                        let who = format!("{} — {}", game.seat_name(s), player_label(p));
                        if ai.faulted(&game) {
                            format!("{who} hit a fault: press Step or Run to try again")
                        } else if ai.thinking() {
                            format!("{who} is thinking…")
                        } else if ai.ready() && ai.mode == AiMode::Paused {
                            format!("{who} has chosen: press Step or Run")
                        } else {
                            format!("{who} is about to act")
                        }
                    }
                    None => format!("{} (human) to act", game.seat_name(s)),
                },
            };
            ui.horizontal(|ui| {
                if ai.thinking() {
                    ui.spinner();
                }
                ui.label(line);
            });
            ui.horizontal(|ui| {
                let paused = ai.mode == AiMode::Paused;
                if ui
                    .selectable_label(paused, "⏸ Pause")
                    .on_hover_text("hold the computer players' actions")
                    .clicked()
                {
                    ai.mode = AiMode::Paused;
                }
                if ui
                    .button("⏭ Step")
                    .on_hover_text("let the computer play one action, then pause")
                    .clicked()
                {
                    ai.mode = AiMode::Paused;
                    ai.step = true;
                }
                if ui
                    .selectable_label(!paused, "▶ Run")
                    .on_hover_text("let the computer players act at the chosen pace")
                    .clicked()
                {
                    ai.mode = AiMode::Run;
                }
                ui.separator();
                ui.label("Delay");
                ui.add(
                    egui::Slider::new(&mut ai.delay, 0.0..=3.0)
                        .suffix(" s")
                        .step_by(0.1),
                )
                .on_hover_text("seconds between a computer player's actions");
            });
            let humans = (0..game.seats()).any(|s| game.is_human(s));
            if !humans {
                ui.horizontal(|ui| {
                    ui.label("Watch:");
                    for s in 0..game.seats() {
                        let name = game.seat_name(s);
                        if ui.selectable_label(game.viewing() == s, name).clicked() {
                            game.watch(s);
                        }
                    }
                });
            }
        });
    Ok(())
}
