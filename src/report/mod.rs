//! Balance reports from seeded playouts: the statistics `wargame simulate` prints, the
//! Markdown file `--report FILE.md` writes, and the per-turn victory-point chart (a
//! hand-written SVG) beside it.
//!
//! Everything here is a pure function of the games played and the settings, so the
//! same seed gives byte-identical text, Markdown and SVG. The one exception is the
//! speed, which the caller measures and passes in; it is kept on lines of its own
//! (stderr for the printed report, one `Speed:` line in the Markdown). No Bevy here.
//!
//! The files: `stats` (summaries, intervals, histograms and the figures a report
//! counts), `ranked` (places, ties and gains per role, for reports that rank the
//! seats), `text` (the printed report), `markdown` (the Markdown file) and `svg` (the
//! charts).

mod markdown;
mod ranked;
mod stats;
mod svg;
mod text;

pub use ranked::{Places, RoleRow, places_of};
pub use stats::{Summary, TurnRow, histogram, wilson};
pub use svg::svg_path;

use crate::core::ai::Player;
use crate::core::game::Playout;
use crate::core::registry::{GameDef, ScenarioInfo};
use crate::core::session::GameSession;

/// A finished batch of playouts and everything needed to describe it.
#[derive(Clone, Debug)]
pub struct Report {
    /// Scenario id (`harvest_the_wind/massacre_canyon`).
    pub scenario: String,
    /// Scenario display name.
    pub scenario_name: String,
    /// Game display name.
    pub game_name: String,
    /// What the scores count ("victory points", "Victory Levels").
    pub score_name: String,
    /// The scenario's victory conditions, with their source (empty if unknown).
    pub victory: String,
    /// Seat names, seat 0 first.
    pub seats: Vec<String>,
    /// Who played each seat.
    pub players: Vec<Player>,
    /// The seed the games were drawn from.
    pub seed: u64,
    /// The action cap per game (`--max-actions`).
    pub max_actions: usize,
    /// Optional rules in force.
    pub options: Vec<String>,
    /// The command line that reproduces the report.
    pub command: String,
    /// The game turn play starts in (the first row of each trace ends this turn).
    pub first_turn: u32,
    /// The games, in the order they were played.
    pub games: Vec<Playout>,
}

/// How a batch of games was played: what a report tells besides the games and the
/// game's own names.
#[derive(Clone, Debug)]
pub struct Batch {
    /// Who played each seat.
    pub players: Vec<Player>,
    /// The seed the games were drawn from.
    pub seed: u64,
    /// The action cap per game.
    pub max_actions: usize,
    /// Optional rules in force.
    pub options: Vec<String>,
    /// The command line that reproduces the report.
    pub command: String,
}

impl Report {
    /// The report of `games`, played from sessions made as `proto` was (before its first
    /// action), of the game `def` and the scenario `info` where they are known: as
    /// `wargame simulate` builds it. The seats are named by [`GameSession::seat_name`];
    /// figures per role come from the roles each game recorded turn by turn
    /// ([`Playout::roles`]), never from a name.
    pub fn of_batch(
        proto: &dyn GameSession,
        def: Option<&dyn GameDef>,
        info: Option<&ScenarioInfo>,
        batch: Batch,
        games: Vec<Playout>,
    ) -> Report {
        let scenario = proto.scenario().to_string();
        let game_id = scenario.split('/').next().unwrap_or_default().to_string();
        Report {
            scenario_name: info.map_or_else(|| scenario.clone(), |i| i.name.clone()),
            victory: info.map(|i| i.victory.clone()).unwrap_or_default(),
            game_name: def.map_or(game_id, |g| g.name().to_string()),
            score_name: def.map_or("victory points", |g| g.score_name()).to_string(),
            seats: (0..proto.seats()).map(|s| proto.seat_name(s)).collect(),
            players: batch.players,
            seed: batch.seed,
            max_actions: batch.max_actions,
            options: batch.options,
            command: batch.command,
            first_turn: proto.turn(),
            scenario,
            games,
        }
    }
}

/// How fast the games ran (machine dependent, never reproducible).
#[derive(Clone, Copy, Debug)]
pub struct Speed {
    /// Wall-clock seconds for all games.
    pub secs: f64,
    /// Games played.
    pub games: usize,
    /// Actions applied in all games.
    pub actions: usize,
}

impl Speed {
    /// `12.34 games/s (5678 actions/s, 1.23 s)`.
    pub fn line(&self) -> String {
        let s = self.secs.max(1e-9);
        format!(
            "{:.2} games/s ({:.0} actions/s, {:.2} s)",
            self.games as f64 / s,
            self.actions as f64 / s,
            self.secs
        )
    }
}
