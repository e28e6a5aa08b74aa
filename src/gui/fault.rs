//! Faults: the engine in a state it cannot handle. An action the engine itself listed
//! as legal (or a computer player chose) that `apply` then refuses, a computer player
//! that fails, panics or finds no move, a look back whose positions cannot be
//! rewound, a ruleset's panel that cannot be drawn. The engine's own words are a bug
//! report, not a player's message: the shell writes the report
//! (`<saves>/fault-<n>.ron`, the game up to its last good action, and
//! `fault-<n>.txt`, the error, the action in notation, the game, scenario, seed and
//! the log the player could read), tells the player in a small window in plain words,
//! and the game goes on from its last good position. Nothing here judges the rules:
//! the callers only tell what came from the engine's own lists and what it refused.

use crate::core::save::{SaveFile, write_atomic};
use bevy_egui::egui;
use std::path::{Path, PathBuf};

/// What the shell was doing when the engine failed, for the player's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doing {
    /// Carrying out a move a person made.
    Move,
    /// Making the move of a computer player (the seat's name).
    ComputerMove(String),
    /// Showing a position of a look back, or opening the replay viewer.
    Replay,
    /// Drawing a ruleset's part of the play screen.
    Drawing,
}

impl Doing {
    /// What could not be done, in the player's words.
    fn could_not(&self) -> String {
        match self {
            Self::Move => "could not carry out that move".into(),
            Self::ComputerMove(seat) => {
                format!("the computer player ({seat}) could not make its move")
            }
            Self::Replay => "could not show that part of the game".into(),
            Self::Drawing => "could not draw part of the screen".into(),
        }
    }

    /// What the player can do now.
    fn next(&self) -> &'static str {
        match self {
            Self::ComputerMove(_) => {
                "The computer players are paused: press Run to let them try again, or go back to the menu."
            }
            _ => "You can go on playing or go back to the menu.",
        }
    }

    /// What happened, for the report.
    fn report_line(&self) -> String {
        match self {
            Self::Move => "a move made at the screen".into(),
            Self::ComputerMove(seat) => format!("the computer player of {seat}"),
            Self::Replay => "a look back (the replay viewer or \"since your last turn\")".into(),
            Self::Drawing => "drawing the play screen".into(),
        }
    }
}

/// A fault: what the shell was doing, the action (in notation) if one was being made,
/// and the engine's own error.
#[derive(Debug, Clone)]
pub struct Fault {
    /// What the shell was doing.
    pub doing: Doing,
    /// The action being made, in the session's notation.
    pub action: Option<String>,
    /// Why it is a fault, for the report ("the rules refused an action they listed").
    pub why: String,
    /// The engine's own words.
    pub error: String,
}

/// Where a report went.
#[derive(Debug, Clone)]
pub struct Report {
    /// The save of the game (`fault-<n>.ron`).
    pub save: PathBuf,
    /// The text of the report (`fault-<n>.txt`).
    pub text: PathBuf,
}

/// The first `fault-<n>` in `dir` with neither file taken.
fn free_stem(dir: &Path) -> PathBuf {
    (1u32..)
        .map(|n| dir.join(format!("fault-{n}")))
        .find(|p| !p.with_extension("ron").exists() && !p.with_extension("txt").exists())
        .unwrap_or_else(|| dir.join("fault"))
}

/// The report's text: the error, the action, the game, scenario and seed, and the log
/// lines the player could read (`log`).
pub fn report_text(
    fault: &Fault,
    save: &SaveFile,
    to_act: Option<String>,
    log: &[String],
) -> String {
    let mut t = String::new();
    t.push_str("wargame fault report\n");
    t.push_str(&format!("version: {}\n", env!("CARGO_PKG_VERSION")));
    t.push_str(&format!("while: {}\n", fault.doing.report_line()));
    t.push_str(&format!("fault: {}\n", fault.why));
    t.push_str(&format!(
        "action: {}\n",
        fault.action.as_deref().unwrap_or("(none)")
    ));
    t.push_str(&format!("error: {}\n", fault.error));
    t.push_str(&format!("game: {}\n", save.game));
    t.push_str(&format!("scenario: {}\n", save.scenario));
    t.push_str(&format!("seed: {}\n", save.seed));
    if !save.options.is_empty() {
        t.push_str(&format!("options: {}\n", save.options.join(" ")));
    }
    if !save.players.is_empty() {
        t.push_str(&format!("players: {}\n", save.players.join(", ")));
    }
    t.push_str(&format!(
        "actions before the fault: {} (the save beside this file replays them)\n",
        save.actions.len()
    ));
    t.push_str(&format!(
        "to act: {}\n",
        to_act.as_deref().unwrap_or("nobody")
    ));
    t.push_str("log, as the player at the screen could read it:\n");
    for l in log {
        t.push_str(&format!("  {l}\n"));
    }
    t
}

/// Write the report of `fault` into `dir`: the save (the game up to its last good
/// action) and the text beside it, each written atomically.
pub fn write_report(
    dir: &Path,
    fault: &Fault,
    save: &SaveFile,
    to_act: Option<String>,
    log: &[String],
) -> Result<Report, String> {
    let stem = free_stem(dir);
    let report = Report {
        save: stem.with_extension("ron"),
        text: stem.with_extension("txt"),
    };
    save.write(&report.save).map_err(|e| e.to_string())?;
    let text = report_text(fault, save, to_act, log);
    write_atomic(&report.text, text.as_bytes(), "fault report").map_err(|e| e.to_string())?;
    Ok(report)
}

/// The player's message: what could not be done, where the game was saved for a bug
/// report (or that it could not be), and what they can do now. Never the engine's
/// words, nor the action (its notation may name a piece hidden from whoever reads it).
pub fn notice(fault: &Fault, report: &Result<Report, String>) -> String {
    let saved = match report {
        Ok(r) => format!(
            "The game was saved for a bug report in {}.",
            r.save.display()
        ),
        Err(_) => "The game could not be saved for a bug report.".into(),
    };
    format!(
        "The game hit a fault and {}. {saved} {}",
        fault.doing.could_not(),
        fault.doing.next()
    )
}

/// Write the report, log the fault with the engine's words, and give the player's
/// message.
pub fn record(
    dir: &Path,
    fault: &Fault,
    save: &SaveFile,
    to_act: Option<String>,
    log: &[String],
) -> String {
    let report = write_report(dir, fault, save, to_act, log);
    match &report {
        Ok(r) => bevy::log::error!(
            "fault: {}: {} (action: {}); report in {}",
            fault.why,
            fault.error,
            fault.action.as_deref().unwrap_or("none"),
            r.text.display()
        ),
        Err(e) => bevy::log::error!(
            "fault: {}: {} (action: {}); the report could not be written: {e}",
            fault.why,
            fault.error,
            fault.action.as_deref().unwrap_or("none"),
        ),
    }
    notice(fault, &report)
}

/// The text of a panic's payload.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".into())
}

/// The fault window: the player's message and a Close button, over everything else
/// (the curtain too: it tells nothing hidden). Closing it sets `notice` to `None`.
pub fn window(ctx: &egui::Context, notice: &mut Option<String>) {
    let Some(text) = notice.as_deref() else {
        return;
    };
    let mut close = false;
    egui::Window::new("Fault")
        .id("fault_window".into())
        .collapsible(false)
        .resizable(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .default_width(420.0)
        .show(ctx, |ui| {
            ui.label(text);
            ui.vertical_centered(|ui| {
                close = ui.button("Close").clicked();
            });
        });
    if close {
        *notice = None;
    }
}
