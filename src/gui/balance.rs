//! Balance figures on the menu's scenario screen: the report shipped with a scenario
//! (`docs/balance/<game>/<scenario>.md`, shown as plain text when present), or figures
//! computed on request from seeded random playouts on a worker thread, so the window
//! never freezes while they run. The figures are those of `simulate` ([`Report`]):
//! wins and draws for two sides, places and mean place for more or for ranked seats,
//! and the score per turn in each role where seats take roles.

use crate::core::ai::Player;
use crate::core::game::Playout;
use crate::core::session::GameSession;
use crate::report::{Batch, Places, Report, RoleRow};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;

/// Makes the session of one balance game from its seed (the menu's own start-up).
pub type MakeSession = dyn Fn(u64) -> Result<Box<dyn GameSession>, String> + Send;

/// Most actions one balance playout may take (the CLI's `simulate` default).
pub const MAX_ACTIONS: usize = 200_000;

/// Where the balance report of a scenario id (`game/scenario`) is shipped.
pub fn report_path(root: &Path, scenario: &str) -> PathBuf {
    root.join("docs")
        .join("balance")
        .join(format!("{scenario}.md"))
}

/// The shipped balance report of a scenario, if there is one.
pub fn read_report(root: &Path, scenario: &str) -> Option<String> {
    std::fs::read_to_string(report_path(root, scenario)).ok()
}

/// The shipped reports of a scenario with given players, besides the random-play one:
/// the `PLAYERS` part of each `docs/balance/<game>/<scenario>-<PLAYERS>.md` (such as
/// `ai-random`, seat by seat), sorted.
pub fn report_variants(root: &Path, scenario: &str) -> Vec<String> {
    let base = report_path(root, scenario);
    let (Some(dir), Some(stem)) = (base.parent(), base.file_stem().and_then(|s| s.to_str())) else {
        return Vec::new();
    };
    let prefix = format!("{stem}-");
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|name| {
            let rest = name.strip_prefix(&prefix)?.strip_suffix(".md")?;
            (!rest.is_empty()).then(|| rest.to_string())
        })
        .collect();
    out.sort();
    out
}

/// The button label of a report variant: its players seat by seat (`ai-random` reads
/// "ai, random"), and the seed of a second sample (`ai-random-seed7` reads "ai, random
/// (seed 7)").
pub fn variant_label(variant: &str) -> String {
    if let Some((players, seed)) = variant.rsplit_once("-seed")
        && !seed.is_empty()
        && seed.bytes().all(|b| b.is_ascii_digit())
    {
        return format!("{} (seed {seed})", players.replace('-', ", "));
    }
    variant.replace('-', ", ")
}

/// Where the shipped report of a scenario with the given players is (see
/// [`report_variants`]); an empty `variant` is the random-play report.
pub fn variant_path(root: &Path, scenario: &str, variant: &str) -> PathBuf {
    let base = report_path(root, scenario);
    if variant.is_empty() {
        return base;
    }
    let stem = base
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    base.with_file_name(format!("{stem}-{variant}.md"))
}

/// The shipped report of a scenario with the given players, if there is one.
pub fn read_report_variant(root: &Path, scenario: &str, variant: &str) -> Option<String> {
    std::fs::read_to_string(variant_path(root, scenario, variant)).ok()
}

/// Results of seeded random playouts of one scenario: the figures of the CLI's
/// `simulate` report ([`Report`]), the few a menu line can show.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played (seeds 1..=games).
    pub games: usize,
    /// Seat names.
    pub seats: Vec<String>,
    /// Wins per seat (in a ranked game: first places held alone).
    pub wins: Vec<usize>,
    /// Drawn games (in a ranked game: games whose first place was shared).
    pub draws: usize,
    /// Games that hit [`MAX_ACTIONS`] before ending.
    pub unfinished: usize,
    /// Mean turns played.
    pub mean_turns: f64,
    /// Mean actions per game.
    pub mean_actions: f64,
    /// Places per seat where the game ranks its seats or has more than two
    /// ([`Report::ranked`]); `None` for a two-sided game.
    pub places: Option<Places>,
    /// The score gained per turn in each role, where the seats take roles.
    pub roles: Vec<RoleRow>,
}

impl Summary {
    /// The menu's figures of a finished batch.
    pub fn of(report: &Report) -> Summary {
        let n = report.games.len();
        let places = report.ranked().then(|| report.places());
        let (wins, draws) = match &places {
            Some(p) => (p.wins.clone(), p.shared_first),
            None => (report.wins(), report.draws()),
        };
        let mean =
            |f: fn(&Playout) -> f64| report.games.iter().map(f).sum::<f64>() / n.max(1) as f64;
        Summary {
            games: n,
            seats: report.seats.clone(),
            wins,
            draws,
            unfinished: report.unfinished(),
            mean_turns: mean(|p| f64::from(p.turns)),
            mean_actions: mean(|p| p.actions as f64),
            places,
            roles: report.per_role(),
        }
    }

    /// The figures in a few lines of text.
    pub fn lines(&self) -> Vec<String> {
        let pct = |k: usize, of: usize| 100.0 * k as f64 / of.max(1) as f64;
        let mut out: Vec<String> = vec![];
        match &self.places {
            None => {
                for (n, &w) in self.seats.iter().zip(&self.wins) {
                    out.push(format!("{n} wins {w} ({:.1}%)", pct(w, self.games)));
                }
                out.push(format!(
                    "Draws {} ({:.1}%)",
                    self.draws,
                    pct(self.draws, self.games)
                ));
            }
            Some(p) => {
                for (i, n) in self.seats.iter().enumerate() {
                    let firsts = p.count.get(i).and_then(|c| c.first()).copied().unwrap_or(0);
                    out.push(format!(
                        "{n}: mean place {:.2}; 1st {} of {} ({} alone, {:.1}%)",
                        p.mean.get(i).copied().unwrap_or(0.0),
                        firsts,
                        p.games,
                        self.wins.get(i).copied().unwrap_or(0),
                        pct(self.wins.get(i).copied().unwrap_or(0), p.games)
                    ));
                }
                out.push(format!(
                    "First place shared {} ({:.1}%)",
                    self.draws,
                    pct(self.draws, p.games)
                ));
            }
        }
        for r in &self.roles {
            out.push(format!(
                "As {}: {:+.2} a turn on average ({} turns)",
                r.role, r.mean, r.turns
            ));
        }
        if self.unfinished > 0 {
            out.push(format!(
                "Unfinished {} (over {MAX_ACTIONS} actions)",
                self.unfinished
            ));
        }
        out.push(format!(
            "Mean length {:.1} turns, {:.0} actions",
            self.mean_turns, self.mean_actions
        ));
        out
    }
}

/// Play `games` random playouts, one per seed 1..=games, each from a session made by
/// `make(seed)` and played with `GameSession::playout(seed, MAX_ACTIONS)`, and sum them
/// up as `simulate` does ([`Report::of_batch`]). `done` counts finished games (for a
/// progress line).
pub fn compute(make: &MakeSession, games: usize, done: &AtomicUsize) -> Result<Summary, String> {
    let mut proto = None;
    let mut played = Vec::with_capacity(games);
    for seed in 1..=games as u64 {
        let session = make(seed)?;
        let p = session
            .playout(seed, MAX_ACTIONS)
            .map_err(|e| format!("game with seed {seed}: {e}"))?;
        played.push(p);
        proto.get_or_insert(session);
        done.fetch_add(1, Ordering::Relaxed);
    }
    let Some(proto) = proto else {
        return Ok(Summary::of(&empty_report()));
    };
    let batch = Batch {
        players: vec![Player::Random; usize::from(proto.seats())],
        seed: 1,
        max_actions: MAX_ACTIONS,
        options: vec![],
        command: String::new(),
    };
    Ok(Summary::of(&Report::of_batch(
        &*proto, None, None, batch, played,
    )))
}

/// The report of no games (zero asked for).
fn empty_report() -> Report {
    Report {
        scenario: String::new(),
        scenario_name: String::new(),
        game_name: String::new(),
        score_name: String::new(),
        victory: String::new(),
        seats: vec![],
        players: vec![],
        seed: 0,
        max_actions: MAX_ACTIONS,
        options: vec![],
        command: String::new(),
        first_turn: 0,
        games: vec![],
    }
}

/// A balance computation running on a worker thread.
pub struct Job {
    /// What it is for (scenario id and options), so a result is shown only beside its
    /// scenario.
    pub key: String,
    /// Games asked for.
    pub games: usize,
    /// Games finished so far.
    pub done: Arc<AtomicUsize>,
    handle: JoinHandle<Result<Summary, String>>,
}

impl Job {
    /// Start `games` playouts on a worker thread.
    pub fn start(key: String, games: usize, make: Box<MakeSession>) -> Self {
        let done = Arc::new(AtomicUsize::new(0));
        let d = done.clone();
        let handle = std::thread::spawn(move || compute(&*make, games, &d));
        Self {
            key,
            games,
            done,
            handle,
        }
    }

    /// Whether the worker has finished.
    pub fn finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// The result (waits for the worker if it is still running).
    pub fn join(self) -> Result<Summary, String> {
        self.handle
            .join()
            .unwrap_or_else(|_| Err("the balance worker failed".into()))
    }
}
