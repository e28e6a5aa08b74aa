//! Balance reports from seeded playouts: the statistics `wargame simulate` prints, the
//! Markdown file `--report FILE.md` writes, and the per-turn victory-point chart (a
//! hand-written SVG) beside it.
//!
//! Everything here is a pure function of the games played and the settings, so the
//! same seed gives byte-identical text, Markdown and SVG. The one exception is the
//! speed, which the caller measures and passes in; it is kept on lines of its own
//! (stderr for the printed report, one `Speed:` line in the Markdown). No Bevy here.

use crate::core::ai::Player;
use crate::core::game::{Outcome, Playout, SeatResult};
use crate::core::registry::{GameDef, ScenarioInfo};
use crate::core::session::GameSession;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Line colours of the seats in the chart (seat 0, 1, ...; repeats after the last).
const COLOURS: [&str; 6] = [
    "#c0392b", "#1f5fa8", "#2e8b57", "#8e44ad", "#d35400", "#555555",
];

/// Colours of the places in the places chart (1st, 2nd, ...; the last repeats).
const PLACE_COLOURS: [&str; 6] = [
    "#1b7837", "#7fbc41", "#e6c229", "#f1a340", "#d6604d", "#984ea3",
];

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

/// Each seat's place in a finished game, 1 first: its rank where the game ranks every
/// seat ([`SeatResult::Rank`], a place a tie shares as the game gives it); otherwise one
/// more than the seats that did better (a win over a draw over a loss), so the seats of
/// a tie share a place.
pub fn places_of(o: &Outcome, seats: usize) -> Vec<usize> {
    let res: Vec<SeatResult> = (0..seats)
        .map(|s| o.results.get(s).copied().unwrap_or(SeatResult::Loss))
        .collect();
    if res.iter().all(|r| matches!(r, SeatResult::Rank(_))) {
        return res
            .iter()
            .map(|r| match r {
                SeatResult::Rank(k) => usize::from(*k).max(1),
                _ => seats,
            })
            .collect();
    }
    let key = |r: &SeatResult| match r {
        SeatResult::Win => 0,
        SeatResult::Draw => 1,
        SeatResult::Rank(k) => 1 + u32::from(*k),
        SeatResult::Loss => u32::MAX,
    };
    res.iter()
        .map(|r| 1 + res.iter().filter(|q| key(q) < key(r)).count())
        .collect()
}

/// How the seats placed over the finished games of a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Places {
    /// Finished games.
    pub games: usize,
    /// Per seat, the games it finished in each place (index 0: 1st); a place a tie
    /// shares counts for every seat in it.
    pub count: Vec<Vec<usize>>,
    /// Per seat and place, how many of those games it shared the place with another.
    pub tied: Vec<Vec<usize>>,
    /// Per seat, its mean place (rank).
    pub mean: Vec<f64>,
    /// Per seat, its wins: first places it held alone.
    pub wins: Vec<usize>,
    /// Finished games whose first place was shared (no seat won).
    pub shared_first: usize,
}

/// What the seats gained per turn in one role.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleRow {
    /// The role, as the game names it.
    pub role: String,
    /// Seat-turns played in it, over all seats.
    pub turns: usize,
    /// Mean score gained in one of those turns.
    pub mean: f64,
    /// Per seat: its turns in the role and its mean gain in them (`None`: never).
    pub seats: Vec<(usize, Option<f64>)>,
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A places cell: `52` or `52 (10 tied)`.
fn place_cell(count: usize, tied: usize) -> String {
    if tied == 0 {
        count.to_string()
    } else {
        format!("{count} ({tied} tied)")
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

/// Five-number summary and mean of a sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Smallest value.
    pub min: i64,
    /// First quartile (nearest rank).
    pub q1: i64,
    /// Median (nearest rank).
    pub median: i64,
    /// Third quartile (nearest rank).
    pub q3: i64,
    /// Largest value.
    pub max: i64,
    /// Arithmetic mean.
    pub mean: f64,
}

impl Summary {
    /// The summary of `values`, or `None` for an empty sample. Quartiles use the
    /// nearest-rank method, so they are always values of the sample.
    pub fn of(values: &[i64]) -> Option<Summary> {
        if values.is_empty() {
            return None;
        }
        let mut v = values.to_vec();
        v.sort_unstable();
        let rank = |p: f64| {
            let r = (p * v.len() as f64).ceil() as usize;
            v[r.clamp(1, v.len()) - 1]
        };
        Some(Summary {
            min: v[0],
            q1: rank(0.25),
            median: rank(0.5),
            q3: rank(0.75),
            max: v[v.len() - 1],
            mean: v.iter().sum::<i64>() as f64 / v.len() as f64,
        })
    }

    fn text(s: Option<Summary>) -> String {
        match s {
            Some(s) => format!(
                "min {}  q1 {}  median {}  q3 {}  max {}  mean {:.2}",
                s.min, s.q1, s.median, s.q3, s.max, s.mean
            ),
            None => "no games".into(),
        }
    }

    fn row(label: &str, s: Option<Summary>) -> String {
        match s {
            Some(s) => format!(
                "| {label} | {} | {} | {} | {} | {} | {:.2} |",
                s.min, s.q1, s.median, s.q3, s.max, s.mean
            ),
            None => format!("| {label} | – | – | – | – | – | – |"),
        }
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials, in percent.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 100.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (100.0 * (c - h).max(0.0), 100.0 * (c + h).min(1.0))
}

fn pct(k: usize, n: usize) -> f64 {
    100.0 * k as f64 / n.max(1) as f64
}

/// Counts of `values` in at most 20 bins of equal integer width: `(low, high, count)`,
/// `low..=high` inclusive, empty bins included.
pub fn histogram(values: &[i64]) -> Vec<(i64, i64, usize)> {
    let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
        return vec![];
    };
    let width = ((hi - lo) / 20 + 1).max(1);
    let mut bins: Vec<(i64, i64, usize)> = (0..)
        .map(|i| (lo + i * width, lo + i * width + width - 1, 0))
        .take_while(|b| b.0 <= hi)
        .collect();
    for v in values {
        bins[((v - lo) / width) as usize].2 += 1;
    }
    bins
}

fn bin_label(lo: i64, hi: i64) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}..{hi}")
    }
}

/// One row of the per-turn table.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnRow {
    /// The game turn.
    pub turn: u32,
    /// Games that played this turn (they have a score at its end).
    pub running: usize,
    /// Mean score per seat at the end of this turn, over those games.
    pub mean: Vec<f64>,
}

/// The path of the chart written beside a Markdown report: `<stem>-vp.svg`.
pub fn svg_path(md: &Path) -> PathBuf {
    let stem = md
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".into());
    md.with_file_name(format!("{stem}-vp.svg"))
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A tick step of 1, 2 or 5 times a power of ten giving about five ticks over `span`.
fn nice_step(span: f64) -> f64 {
    let raw = (span / 5.0).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    let f = raw / mag;
    mag * if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    }
}

impl Report {
    fn n(&self) -> usize {
        self.games.len()
    }

    fn finished(&self) -> impl Iterator<Item = &crate::core::game::Outcome> {
        self.games.iter().filter_map(|g| g.outcome.as_ref())
    }

    /// Games won by each seat.
    pub fn wins(&self) -> Vec<usize> {
        let mut w = vec![0; self.seats.len()];
        for o in self.finished() {
            if let Some(s) = o.winner().and_then(|s| w.get_mut(usize::from(s))) {
                *s += 1;
            }
        }
        w
    }

    /// Finished games that ended in a draw.
    pub fn draws(&self) -> usize {
        self.finished().filter(|o| o.winner().is_none()).count()
    }

    /// Games that hit the action cap before they ended.
    pub fn unfinished(&self) -> usize {
        self.games.iter().filter(|g| g.outcome.is_none()).count()
    }

    /// Games lost by each seat (another seat won).
    pub fn losses(&self) -> Vec<usize> {
        let decided = self.n() - self.draws() - self.unfinished();
        self.wins().iter().map(|w| decided - w).collect()
    }

    fn turns(&self) -> Vec<i64> {
        self.games.iter().map(|g| i64::from(g.turns)).collect()
    }

    fn actions(&self) -> Vec<i64> {
        self.games.iter().map(|g| g.actions as i64).collect()
    }

    /// Final scores of seat `s` in finished games.
    fn scores(&self, s: usize) -> Vec<i64> {
        self.finished()
            .map(|o| i64::from(o.scores.get(s).copied().unwrap_or(0)))
            .collect()
    }

    /// The final score differences: with two seats one row, seat 0 minus seat 1;
    /// otherwise one row per seat, its score minus the best other seat's.
    pub fn differences(&self) -> Vec<(String, Vec<i64>)> {
        let k = self.seats.len();
        let margin = |s: usize| -> Vec<i64> {
            self.finished()
                .map(|o| {
                    let sc = |i: usize| i64::from(o.scores.get(i).copied().unwrap_or(0));
                    let best = (0..k).filter(|&i| i != s).map(sc).max().unwrap_or(0);
                    sc(s) - best
                })
                .collect()
        };
        if k == 2 {
            vec![(format!("{} − {}", self.seats[0], self.seats[1]), margin(0))]
        } else {
            (0..k)
                .map(|s| (format!("{} − best other", self.seats[s]), margin(s)))
                .collect()
        }
    }

    /// Mean score per seat at the end of each turn, over the games that played it. The
    /// last row of each game's trace is its final score (end-of-game awards included).
    pub fn per_turn(&self) -> Vec<TurnRow> {
        let rows = self.games.iter().map(|g| g.trace.len()).max().unwrap_or(0);
        (0..rows)
            .map(|i| {
                let live: Vec<&Vec<i32>> =
                    self.games.iter().filter_map(|g| g.trace.get(i)).collect();
                let mean = (0..self.seats.len())
                    .map(|s| {
                        live.iter()
                            .map(|r| f64::from(r.get(s).copied().unwrap_or(0)))
                            .sum::<f64>()
                            / live.len().max(1) as f64
                    })
                    .collect();
                TurnRow {
                    turn: self.first_turn + i as u32,
                    running: live.len(),
                    mean,
                }
            })
            .collect()
    }

    /// Whether the report ranks the seats (more than two seats, or outcomes that are
    /// places): then it gives each seat's places, mean place and sole-first wins in
    /// place of wins, draws and losses.
    pub fn ranked(&self) -> bool {
        self.seats.len() > 2
            || self
                .finished()
                .any(|o| o.results.iter().any(|r| matches!(r, SeatResult::Rank(_))))
    }

    /// Each seat's places over the finished games ([`places_of`]).
    pub fn places(&self) -> Places {
        let k = self.seats.len();
        let mut p = Places {
            games: 0,
            count: vec![vec![0; k]; k],
            tied: vec![vec![0; k]; k],
            mean: vec![0.0; k],
            wins: vec![0; k],
            shared_first: 0,
        };
        let mut sum = vec![0usize; k];
        for o in self.finished() {
            p.games += 1;
            let places = places_of(o, k);
            for (s, &place) in places.iter().enumerate() {
                let tied = places.iter().filter(|&&q| q == place).count() > 1;
                let i = place - 1;
                for v in [&mut p.count[s], &mut p.tied[s]] {
                    if v.len() <= i {
                        v.resize(i + 1, 0);
                    }
                }
                p.count[s][i] += 1;
                if tied {
                    p.tied[s][i] += 1;
                } else if place == 1 {
                    p.wins[s] += 1;
                }
                sum[s] += place;
            }
            if places.iter().filter(|&&q| q == 1).count() > 1 {
                p.shared_first += 1;
            }
        }
        let width = p.count.iter().map(Vec::len).max().unwrap_or(0);
        for v in p.count.iter_mut().chain(p.tied.iter_mut()) {
            v.resize(width, 0);
        }
        for (m, t) in p.mean.iter_mut().zip(&sum) {
            *m = *t as f64 / p.games.max(1) as f64;
        }
        p
    }

    /// The score gained per turn in each role, over every game that recorded roles
    /// (finished or not), in the order the roles first appear: a seat-turn's gain is
    /// its score at the turn's end minus at its start ([`crate::core::game::RoleTrace`]).
    pub fn per_role(&self) -> Vec<RoleRow> {
        let k = self.seats.len();
        // Per role: (turns, total) per seat.
        let mut rows: Vec<(String, Vec<(usize, i64)>)> = vec![];
        for g in &self.games {
            let Some(roles) = &g.roles else { continue };
            for (s, role, gain) in roles.gains(&g.trace) {
                let i = match rows.iter().position(|(r, _)| r == role) {
                    Some(i) => i,
                    None => {
                        rows.push((role.to_string(), vec![(0, 0); k]));
                        rows.len() - 1
                    }
                };
                if let Some(c) = rows[i].1.get_mut(s) {
                    c.0 += 1;
                    c.1 += i64::from(gain);
                }
            }
        }
        rows.into_iter()
            .map(|(role, per)| {
                let turns: usize = per.iter().map(|c| c.0).sum();
                let total: i64 = per.iter().map(|c| c.1).sum();
                RoleRow {
                    role,
                    turns,
                    mean: total as f64 / turns.max(1) as f64,
                    seats: per
                        .iter()
                        .map(|&(n, t)| (n, (n > 0).then(|| t as f64 / n as f64)))
                        .collect(),
                }
            })
            .collect()
    }

    fn all_random(&self) -> bool {
        self.players.iter().all(|p| *p == Player::Random)
    }

    fn matchup(&self) -> String {
        self.seats
            .iter()
            .zip(&self.players)
            .map(|(n, p)| format!("{n} {p}"))
            .collect::<Vec<_>>()
            .join(" vs ")
    }

    /// The printed report (no timing: the same seed gives the same text).
    pub fn text(&self) -> String {
        let n = self.n();
        let mut o = String::new();
        if self.all_random() {
            let _ = writeln!(
                o,
                "scenario {}: {n} random playouts, seed {}",
                self.scenario, self.seed
            );
        } else {
            let _ = writeln!(
                o,
                "scenario {}: {n} games ({}), seed {}",
                self.scenario,
                self.matchup(),
                self.seed
            );
        }
        if self.ranked() {
            self.ranked_text(&mut o);
        } else {
            let (wins, losses, draws) = (self.wins(), self.losses(), self.draws());
            for (i, name) in self.seats.iter().enumerate() {
                let (lo, hi) = wilson(wins[i], n);
                let sc = Summary::of(&self.scores(i));
                let _ = writeln!(
                    o,
                    "  {name:<10} wins   {:>5} ({:5.1}%, 95% CI {lo:.1}-{hi:.1}%)  mean {} {:.2}",
                    wins[i],
                    pct(wins[i], n),
                    self.score_name,
                    sc.map_or(0.0, |s| s.mean)
                );
                let (lo, hi) = wilson(losses[i], n);
                let _ = writeln!(
                    o,
                    "  {:<10} losses {:>5} ({:5.1}%, 95% CI {lo:.1}-{hi:.1}%)",
                    "",
                    losses[i],
                    pct(losses[i], n)
                );
            }
            let (lo, hi) = wilson(draws, n);
            let _ = writeln!(
                o,
                "  draws      {draws:>5} ({:5.1}%, 95% CI {lo:.1}-{hi:.1}%)",
                pct(draws, n)
            );
        }
        let _ = writeln!(
            o,
            "  unfinished {:>5} (hit --max-actions {})",
            self.unfinished(),
            self.max_actions
        );
        if self.ranked() {
            self.places_text(&mut o);
        }
        self.roles_text(&mut o);
        let (turns, actions) = (self.turns(), self.actions());
        let _ = writeln!(
            o,
            "  mean length {:.1} turns, {:.0} actions",
            turns.iter().sum::<i64>() as f64 / n.max(1) as f64,
            actions.iter().sum::<i64>() as f64 / n.max(1) as f64
        );
        let _ = writeln!(
            o,
            "  length (turns)   {}",
            Summary::text(Summary::of(&turns))
        );
        let _ = writeln!(
            o,
            "  length (actions) {}",
            Summary::text(Summary::of(&actions))
        );
        let _ = writeln!(o, "  turns histogram:");
        let hist = histogram(&turns);
        let top = hist.iter().map(|b| b.2).max().unwrap_or(1).max(1);
        for (lo, hi, c) in &hist {
            let _ = writeln!(
                o,
                "    {:>9} {c:>6} {}",
                bin_label(*lo, *hi),
                "#".repeat((c * 40).div_ceil(top))
            );
        }
        let _ = writeln!(
            o,
            "  {} at game end ({} finished games):",
            self.score_name,
            n - self.unfinished()
        );
        for (i, name) in self.seats.iter().enumerate() {
            let _ = writeln!(
                o,
                "    {name:<16} {}",
                Summary::text(Summary::of(&self.scores(i)))
            );
        }
        for (label, d) in self.differences() {
            let _ = writeln!(o, "    {label:<16} {}", Summary::text(Summary::of(&d)));
        }
        o
    }

    /// The ranked report's results: each seat's wins (sole first places) with their
    /// rate, its mean score and mean place; the games whose first place was shared.
    fn ranked_text(&self, o: &mut String) {
        let n = self.n();
        let p = self.places();
        for (i, name) in self.seats.iter().enumerate() {
            let (lo, hi) = wilson(p.wins[i], n);
            let sc = Summary::of(&self.scores(i));
            let _ = writeln!(
                o,
                "  {name:<10} wins   {:>5} ({:5.1}%, 95% CI {lo:.1}-{hi:.1}%)  mean {} {:.2}  mean rank {:.2}",
                p.wins[i],
                pct(p.wins[i], n),
                self.score_name,
                sc.map_or(0.0, |s| s.mean),
                p.mean[i]
            );
        }
        let (lo, hi) = wilson(p.shared_first, n);
        let _ = writeln!(
            o,
            "  shared 1st {:>5} ({:5.1}%, 95% CI {lo:.1}-{hi:.1}%)  (a win is a sole first place)",
            p.shared_first,
            pct(p.shared_first, n)
        );
    }

    /// The ranked report's places: per seat its mean place and the games in each
    /// place, with how many of those it shared.
    fn places_text(&self, o: &mut String) {
        let p = self.places();
        let width = p.count.first().map_or(0, Vec::len);
        let _ = writeln!(
            o,
            "  places in the {} finished games (a place shared by a tie counts for each seat in it; \"tied\": how many were shared):",
            p.games
        );
        let mut line = format!("    {:<16} {:>9}", "", "mean rank");
        for j in 1..=width {
            let _ = write!(line, "  {:<13}", ordinal(j));
        }
        let _ = writeln!(o, "{}", line.trim_end());
        for (i, name) in self.seats.iter().enumerate() {
            let mut line = format!("    {name:<16} {:>9.2}", p.mean[i]);
            for j in 0..width {
                let _ = write!(line, "  {:<13}", place_cell(p.count[i][j], p.tied[i][j]));
            }
            let _ = writeln!(o, "{}", line.trim_end());
        }
    }

    /// The score gained per turn in each role, where the games recorded roles.
    fn roles_text(&self, o: &mut String) {
        let rows = self.per_role();
        if rows.is_empty() {
            return;
        }
        let _ = writeln!(
            o,
            "  {} gained per turn by role, over all {} games (per seat: mean in its turns in the role, and how many):",
            self.score_name,
            self.n()
        );
        for r in &rows {
            let _ = write!(
                o,
                "    {:<16} seat-turns {:>6}  mean {:>6.2} ",
                r.role, r.turns, r.mean
            );
            for (name, (t, m)) in self.seats.iter().zip(&r.seats) {
                match m {
                    Some(m) => {
                        let _ = write!(o, "  {name} {m:.2} ({t})");
                    }
                    None => {
                        let _ = write!(o, "  {name} – (0)");
                    }
                }
            }
            let _ = writeln!(o);
        }
    }

    /// The Markdown report. `svg` is the chart's file name, linked relative to the
    /// report; `speed` adds one `Speed:` line (the only line that varies between runs).
    pub fn markdown(&self, svg: Option<&str>, speed: Option<&Speed>) -> String {
        let n = self.n();
        let mut o = String::new();
        let _ = writeln!(
            o,
            "# Balance report: {} (`{}`)\n",
            self.scenario_name, self.scenario
        );
        let _ = writeln!(
            o,
            "{}. {n} seeded games, {}, seed {}{}. Scores are {}.\n",
            self.game_name,
            self.matchup(),
            self.seed,
            if self.options.is_empty() {
                String::new()
            } else {
                format!(", optional rules {}", self.options.join(", "))
            },
            self.score_name
        );
        if !self.victory.is_empty() {
            let _ = writeln!(o, "Victory conditions: {}\n", self.victory);
        }
        let _ = writeln!(
            o,
            "Reproduce it (the same seed gives the same report):\n\n    {}\n",
            self.command
        );
        let ranked = self.ranked();
        let _ = writeln!(
            o,
            "## Players\n\n| Seat | {} | Player |\n|---|---|---|",
            if ranked { "Name" } else { "Side" }
        );
        for (i, (s, p)) in self.seats.iter().zip(&self.players).enumerate() {
            let _ = writeln!(o, "| {i} | {s} | {p} |");
        }
        let rate = |k: usize| {
            let (lo, hi) = wilson(k, n);
            format!("{:.1}% ({lo:.1}–{hi:.1}%)", pct(k, n))
        };
        if ranked {
            self.ranked_markdown(&mut o);
        } else {
            let (wins, losses, draws) = (self.wins(), self.losses(), self.draws());
            let _ = writeln!(
                o,
                "\n## Results\n\nRates are over all {n} games, with 95% Wilson score intervals.\n"
            );
            let _ = writeln!(
                o,
                "| Side | Wins | Win rate (95% CI) | Draws | Draw rate (95% CI) | Losses | Loss rate (95% CI) |\n|---|---:|---|---:|---|---:|---|"
            );
            for (i, s) in self.seats.iter().enumerate() {
                let _ = writeln!(
                    o,
                    "| {s} | {} | {} | {draws} | {} | {} | {} |",
                    wins[i],
                    rate(wins[i]),
                    rate(draws),
                    losses[i],
                    rate(losses[i])
                );
            }
        }
        let _ = writeln!(
            o,
            "\nUnfinished games (hit `--max-actions {}`): {}.\n",
            self.max_actions,
            self.unfinished()
        );
        if ranked {
            self.places_markdown(&mut o);
        }
        self.roles_markdown(&mut o);
        let (turns, actions) = (self.turns(), self.actions());
        let _ = writeln!(
            o,
            "## Game length\n\n| | min | q1 | median | q3 | max | mean |\n|---|---:|---:|---:|---:|---:|---:|"
        );
        let _ = writeln!(o, "{}", Summary::row("Turns", Summary::of(&turns)));
        let _ = writeln!(o, "{}", Summary::row("Actions", Summary::of(&actions)));
        let _ = writeln!(o, "\n| Turns | Games | Share |\n|---:|---:|---|");
        let hist = histogram(&turns);
        let top = hist.iter().map(|b| b.2).max().unwrap_or(1).max(1);
        for (lo, hi, c) in &hist {
            let _ = writeln!(
                o,
                "| {} | {c} | {} {:.1}% |",
                bin_label(*lo, *hi),
                "█".repeat((c * 30).div_ceil(top)),
                pct(*c, n)
            );
        }
        let done = n - self.unfinished();
        let _ = writeln!(
            o,
            "\n## {} at game end\n\nOver the {done} finished games. Quartiles are nearest-rank.\n",
            capitalise(&self.score_name)
        );
        let _ = writeln!(
            o,
            "| Side | min | q1 | median | q3 | max | mean |\n|---|---:|---:|---:|---:|---:|---:|"
        );
        for (i, s) in self.seats.iter().enumerate() {
            let _ = writeln!(o, "{}", Summary::row(s, Summary::of(&self.scores(i))));
        }
        let diffs = self.differences();
        for (label, d) in &diffs {
            let _ = writeln!(o, "{}", Summary::row(label, Summary::of(d)));
        }
        for (label, d) in &diffs {
            let _ = writeln!(o, "\n| {label} | Games | Share |\n|---:|---:|---|");
            let hist = histogram(d);
            let top = hist.iter().map(|b| b.2).max().unwrap_or(1).max(1);
            for (lo, hi, c) in &hist {
                let _ = writeln!(
                    o,
                    "| {} | {c} | {} {:.1}% |",
                    bin_label(*lo, *hi),
                    "█".repeat((c * 30).div_ceil(top)),
                    pct(*c, done)
                );
            }
        }
        let _ = writeln!(o, "\n## {} per turn\n", capitalise(&self.score_name));
        if let Some(svg) = svg {
            let _ = writeln!(
                o,
                "![Mean {} per seat at the end of each turn]({svg})\n",
                self.score_name
            );
        }
        let _ = writeln!(
            o,
            "Mean {} per seat at the end of each turn, over the games that played that turn\n(\"Games\"); a game's last row is its final score, end-of-game awards included.\n",
            self.score_name
        );
        let _ = write!(o, "| Turn | Games |");
        for s in &self.seats {
            let _ = write!(o, " {s} |");
        }
        let _ = write!(o, "\n|---:|---:|");
        for _ in &self.seats {
            let _ = write!(o, "---:|");
        }
        let _ = writeln!(o);
        for r in self.per_turn() {
            let _ = write!(o, "| {} | {} |", r.turn, r.running);
            for m in &r.mean {
                let _ = write!(o, " {m:.2} |");
            }
            let _ = writeln!(o);
        }
        if let Some(s) = speed {
            let _ = writeln!(
                o,
                "\n## Speed\n\nMeasured on the machine that wrote this report: the only line that differs between\nruns of the same command.\n\nSpeed: {}",
                s.line()
            );
        }
        o
    }

    /// The ranked report's results in Markdown: wins (sole first places) with their
    /// rates, mean score and mean place per seat, and the games whose first place was
    /// shared.
    fn ranked_markdown(&self, o: &mut String) {
        let n = self.n();
        let p = self.places();
        let rate = |k: usize| {
            let (lo, hi) = wilson(k, n);
            format!("{:.1}% ({lo:.1}–{hi:.1}%)", pct(k, n))
        };
        let _ = writeln!(
            o,
            "\n## Results\n\nRates are over all {n} games, with 95% Wilson score intervals. A win is a first\nplace held alone; mean {} and mean rank are over the {} finished games.\n",
            self.score_name, p.games
        );
        let _ = writeln!(
            o,
            "| Seat | Mean {} | Mean rank | Wins (sole 1st) | Win rate (95% CI) |\n|---|---:|---:|---:|---|",
            self.score_name
        );
        for (i, s) in self.seats.iter().enumerate() {
            let sc = Summary::of(&self.scores(i));
            let _ = writeln!(
                o,
                "| {s} | {:.2} | {:.2} | {} | {} |",
                sc.map_or(0.0, |s| s.mean),
                p.mean[i],
                p.wins[i],
                rate(p.wins[i])
            );
        }
        let _ = writeln!(
            o,
            "\nGames whose first place was shared (no win): {}, {}.",
            p.shared_first,
            rate(p.shared_first)
        );
    }

    /// The ranked report's places in Markdown: a rank histogram per seat.
    fn places_markdown(&self, o: &mut String) {
        let p = self.places();
        let width = p.count.first().map_or(0, Vec::len);
        let _ = writeln!(
            o,
            "## Places\n\nOver the {} finished games: how often each seat finished in each place. A place\nshared by a tie counts as that place for every seat in it, and \"tied\" says how many\nof those games it shared.\n",
            p.games
        );
        let _ = write!(o, "| Seat | Mean rank |");
        for j in 1..=width {
            let _ = write!(o, " {} |", ordinal(j));
        }
        let _ = write!(o, "\n|---|---:|");
        for _ in 0..width {
            let _ = write!(o, "---:|");
        }
        let _ = writeln!(o);
        for (i, s) in self.seats.iter().enumerate() {
            let _ = write!(o, "| {s} | {:.2} |", p.mean[i]);
            for j in 0..width {
                let _ = write!(o, " {} |", place_cell(p.count[i][j], p.tied[i][j]));
            }
            let _ = writeln!(o);
        }
        let _ = writeln!(o);
    }

    /// The score gained per turn in each role in Markdown, where the games recorded
    /// roles.
    fn roles_markdown(&self, o: &mut String) {
        let rows = self.per_role();
        if rows.is_empty() {
            return;
        }
        let _ = writeln!(
            o,
            "## {} per turn by role\n\nEach seat's role is read turn by turn, as it stood at the turn's end; a turn's gain is\nthe seat's {} at its end minus at its start (the action that ended it included).\nOver all {} games, finished or not. Per seat: its mean gain in its turns in the role,\nand how many turns those were.\n",
            capitalise(&self.score_name),
            self.score_name,
            self.n()
        );
        let _ = write!(o, "| Role | Seat-turns | Mean per turn |");
        for s in &self.seats {
            let _ = write!(o, " {s} |");
        }
        let _ = write!(o, "\n|---|---:|---:|");
        for _ in &self.seats {
            let _ = write!(o, "---:|");
        }
        let _ = writeln!(o);
        for r in &rows {
            let _ = write!(o, "| {} | {} | {:.2} |", r.role, r.turns, r.mean);
            for (t, m) in &r.seats {
                match m {
                    Some(m) => {
                        let _ = write!(o, " {m:.2} ({t}) |");
                    }
                    None => {
                        let _ = write!(o, " – (0) |");
                    }
                }
            }
            let _ = writeln!(o);
        }
        let _ = writeln!(o);
    }

    /// The per-turn chart: mean score per seat at the end of each turn, one polyline per
    /// seat, with axes, turn ticks and a legend naming the seats and their players.
    pub fn svg(&self) -> String {
        let rows = self.per_turn();
        let (w, h) = (720.0, 400.0);
        let (left, right, top, bottom) = (60.0, 170.0, 40.0, 50.0);
        let (pw, ph) = (w - left - right, h - top - bottom);
        let first = rows.first().map_or(self.first_turn, |r| r.turn);
        let last = rows.last().map_or(first, |r| r.turn).max(first + 1);
        let values = rows.iter().flat_map(|r| r.mean.iter().copied());
        let (mut lo, mut hi) = values.fold((0.0f64, 1.0f64), |(a, b), v| (a.min(v), b.max(v)));
        let step = nice_step(hi - lo);
        lo = (lo / step).floor() * step;
        hi = (hi / step).ceil() * step;
        let x = |t: u32| left + pw * f64::from(t - first) / f64::from(last - first);
        let y = |v: f64| top + ph * (hi - v) / (hi - lo);
        let mut o = String::new();
        // A ranked report adds its places chart below the per-turn one.
        let places = self.ranked().then(|| self.places());
        let extra = places
            .as_ref()
            .map_or(0.0, |_| 70.0 + 26.0 * self.seats.len() as f64);
        let full = h + extra;
        let _ = writeln!(
            o,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{full}" viewBox="0 0 {w} {full}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(
            o,
            r#"<rect x="0" y="0" width="{w}" height="{full}" fill="white"/>"#
        );
        let _ = writeln!(
            o,
            r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{}: mean {} per turn ({} games)</text>"#,
            left + pw / 2.0,
            xml(&self.scenario_name),
            xml(&self.score_name),
            self.n()
        );
        // Horizontal grid lines and value ticks.
        let ticks = ((hi - lo) / step).round() as i64;
        let decimals = if step >= 1.0 {
            0
        } else {
            (-step.log10().floor()) as usize
        };
        for i in 0..=ticks {
            let v = lo + step * i as f64;
            let yy = y(v);
            let _ = writeln!(
                o,
                r##"<line x1="{left}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#dddddd"/>"##,
                left + pw
            );
            let _ = writeln!(
                o,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{v:.decimals$}</text>"#,
                left - 6.0,
                yy + 4.0
            );
        }
        // Turn ticks.
        let every = (f64::from(last - first) / 20.0).ceil().max(1.0) as u32;
        let mut t = first;
        while t <= last {
            let xx = x(t);
            let _ = writeln!(
                o,
                r##"<line x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="black"/>"##,
                top + ph,
                top + ph + 5.0
            );
            let _ = writeln!(
                o,
                r#"<text x="{xx:.1}" y="{:.1}" text-anchor="middle">{t}</text>"#,
                top + ph + 18.0
            );
            t += every;
        }
        // Axes and their labels.
        let _ = writeln!(
            o,
            r##"<path d="M{left} {top} V{:.1} H{:.1}" fill="none" stroke="black"/>"##,
            top + ph,
            left + pw
        );
        let _ = writeln!(
            o,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">turn (score at its end)</text>"#,
            left + pw / 2.0,
            h - 12.0
        );
        let _ = writeln!(
            o,
            r#"<text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">mean {}</text>"#,
            top + ph / 2.0,
            xml(&self.score_name)
        );
        // One polyline per seat, and the legend.
        for (s, name) in self.seats.iter().enumerate() {
            let colour = COLOURS[s % COLOURS.len()];
            let points: Vec<String> = rows
                .iter()
                .map(|r| format!("{:.1},{:.1}", x(r.turn), y(r.mean[s])))
                .collect();
            let _ = writeln!(
                o,
                r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
                points.join(" ")
            );
            for r in &rows {
                let _ = writeln!(
                    o,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="2.5" fill="{colour}"/>"#,
                    x(r.turn),
                    y(r.mean[s])
                );
            }
            let ly = top + 10.0 + 22.0 * s as f64;
            let lx = left + pw + 16.0;
            let _ = writeln!(
                o,
                r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="3"/>"#,
                lx + 24.0
            );
            let player = self
                .players
                .get(s)
                .map(ToString::to_string)
                .unwrap_or_default();
            let _ = writeln!(
                o,
                r#"<text x="{:.1}" y="{:.1}">{} ({player})</text>"#,
                lx + 30.0,
                ly + 4.0,
                xml(name)
            );
        }
        if let Some(p) = &places {
            self.places_svg(&mut o, p, h, w - right);
        }
        o.push_str("</svg>\n");
        o
    }

    /// The places chart, from `top` down: one bar per seat split by place (1st at the
    /// left), each place's share of the finished games, the part of it shared by a tie
    /// paler, ending at `end`; a legend of the places on the right.
    fn places_svg(&self, o: &mut String, p: &Places, top: f64, end: f64) {
        let (lx, bx) = (16.0, 170.0);
        let bw = end - bx;
        let width = p.count.first().map_or(0, Vec::len);
        let _ = writeln!(
            o,
            r#"<text x="{:.1}" y="{:.1}" font-size="15" text-anchor="middle">Places in the {} finished games (paler: shared by a tie)</text>"#,
            (bx + end) / 2.0,
            top + 24.0,
            p.games
        );
        for (s, name) in self.seats.iter().enumerate() {
            let y = top + 44.0 + 26.0 * s as f64;
            let _ = writeln!(
                o,
                r#"<text x="{lx:.1}" y="{:.1}">{} (mean rank {:.2})</text>"#,
                y + 13.0,
                xml(name),
                p.mean[s]
            );
            let mut x = bx;
            for j in 0..width {
                let colour = PLACE_COLOURS[j.min(PLACE_COLOURS.len() - 1)];
                let (c, t) = (p.count[s][j], p.tied[s][j]);
                let part = |k: usize| bw * k as f64 / p.games.max(1) as f64;
                for (k, opacity) in [(c - t, 1.0), (t, 0.5)] {
                    if k == 0 {
                        continue;
                    }
                    let _ = writeln!(
                        o,
                        r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="18" fill="{colour}" fill-opacity="{opacity}"><title>{} {}: {k} games{}</title></rect>"#,
                        part(k),
                        xml(name),
                        ordinal(j + 1),
                        if opacity < 1.0 { ", tied" } else { "" }
                    );
                    x += part(k);
                }
                if c > 0 && part(c) >= 34.0 {
                    let _ = writeln!(
                        o,
                        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="11">{:.0}%</text>"#,
                        x - part(c) / 2.0,
                        y + 13.0,
                        pct(c, p.games)
                    );
                }
            }
        }
        for j in 0..width {
            let y = top + 44.0 + 20.0 * j as f64;
            let colour = PLACE_COLOURS[j.min(PLACE_COLOURS.len() - 1)];
            let _ = writeln!(
                o,
                r#"<rect x="{:.1}" y="{y:.1}" width="14" height="14" fill="{colour}"/>"#,
                end + 16.0
            );
            let _ = writeln!(
                o,
                r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                end + 36.0,
                y + 11.0,
                ordinal(j + 1)
            );
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_uses_nearest_rank_quartiles() {
        let s = Summary::of(&[5, 1, 3, 2, 4, 6, 8, 7]).unwrap();
        assert_eq!((s.min, s.q1, s.median, s.q3, s.max), (1, 2, 4, 6, 8));
        assert!((s.mean - 4.5).abs() < 1e-9);
        assert_eq!(Summary::of(&[]), None);
        let one = Summary::of(&[7]).unwrap();
        assert_eq!(
            (one.min, one.q1, one.median, one.q3, one.max),
            (7, 7, 7, 7, 7)
        );
    }

    #[test]
    fn histogram_bins_cover_the_range() {
        assert_eq!(histogram(&[3, 5, 5]), vec![(3, 3, 1), (4, 4, 0), (5, 5, 2)]);
        let wide: Vec<i64> = (0..100).collect();
        let h = histogram(&wide);
        assert!(h.len() <= 20, "{h:?}");
        assert_eq!(h.iter().map(|b| b.2).sum::<usize>(), 100);
        assert!(histogram(&[]).is_empty());
    }

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(5, 10);
        assert!(
            lo < 50.0 && hi > 50.0 && lo > 18.0 && hi < 82.0,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), (0.0, 100.0));
        assert_eq!(wilson(0, 20).0, 0.0);
    }

    #[test]
    fn svg_path_sits_beside_the_report() {
        assert_eq!(
            svg_path(Path::new("docs/balance/g/s.md")),
            PathBuf::from("docs/balance/g/s-vp.svg")
        );
    }

    /// A hand-made batch of three seats: four games, one unfinished, with ties for
    /// first and for second, and roles in two of them.
    fn ranked_batch() -> Report {
        use crate::core::game::{Outcome, RoleTrace};
        let ranks = |r: [u8; 3], scores: [i32; 3]| Outcome {
            results: r.iter().map(|&k| SeatResult::Rank(k)).collect(),
            scores: scores.to_vec(),
            summary: String::new(),
        };
        let roles = |start: [i32; 3], turns: &[[Option<&str>; 3]]| RoleTrace {
            start: start.to_vec(),
            turns: turns
                .iter()
                .map(|t| t.iter().map(|r| r.map(str::to_string)).collect())
                .collect(),
        };
        let game =
            |outcome: Option<Outcome>, trace: Vec<Vec<i32>>, roles: Option<RoleTrace>| Playout {
                actions: 10,
                turns: trace.len() as u32,
                outcome,
                trace,
                roles,
                moves: vec![],
            };
        let (h, c) = (Some("the Hunter"), Some("Camp"));
        Report {
            scenario: "toy/ring".into(),
            scenario_name: "Ring".into(),
            game_name: "Toy".into(),
            score_name: "points".into(),
            victory: String::new(),
            seats: vec!["Red".into(), "Blue".into(), "Green".into()],
            players: vec![Player::Random; 3],
            seed: 1,
            max_actions: 10,
            options: vec![],
            command: "wargame simulate".into(),
            first_turn: 1,
            games: vec![
                game(
                    Some(ranks([1, 2, 3], [5, 3, 1])),
                    vec![vec![2, 1, 0], vec![5, 3, 1]],
                    Some(roles([0, 0, 0], &[[h, c, c], [c, h, c]])),
                ),
                // A tie for first: no win.
                game(Some(ranks([1, 1, 3], [4, 4, 0])), vec![vec![4, 4, 0]], None),
                // A tie for second.
                game(Some(ranks([2, 1, 2], [2, 6, 2])), vec![vec![2, 6, 2]], None),
                // Unfinished: no place, but its turns count by role.
                game(
                    None,
                    vec![vec![1, 4, 0]],
                    Some(roles([1, 0, 0], &[[None, h, c]])),
                ),
            ],
        }
    }

    #[test]
    fn a_ranked_report_counts_places_ties_sole_wins_and_gains_per_role() {
        let r = ranked_batch();
        assert!(r.ranked());
        let p = r.places();
        assert_eq!(p.games, 3);
        assert_eq!(p.count, vec![vec![2, 1, 0], vec![2, 1, 0], vec![0, 1, 2]]);
        assert_eq!(p.tied, vec![vec![1, 1, 0], vec![1, 0, 0], vec![0, 1, 0]]);
        assert_eq!(p.wins, vec![1, 1, 0]);
        assert_eq!(p.shared_first, 1);
        let want = [4.0 / 3.0, 4.0 / 3.0, 8.0 / 3.0];
        for (m, w) in p.mean.iter().zip(want) {
            assert!((m - w).abs() < 1e-9, "{:?}", p.mean);
        }
        let roles = r.per_role();
        assert_eq!(
            roles
                .iter()
                .map(|x| (x.role.as_str(), x.turns))
                .collect::<Vec<_>>(),
            vec![("the Hunter", 3), ("Camp", 5)]
        );
        // The Hunter: Red +2 in game 1's turn 1; Blue +2 in its turn 2 and +4 in game 4.
        assert!((roles[0].mean - 8.0 / 3.0).abs() < 1e-9);
        assert_eq!(
            roles[0].seats,
            vec![(1, Some(2.0)), (2, Some(3.0)), (0, None)]
        );
        // Camp: Red +3, Blue +1, Green 0, +1 and 0.
        assert!((roles[1].mean - 1.0).abs() < 1e-9);
        assert_eq!(roles[1].seats[..2], [(1, Some(3.0)), (1, Some(1.0))]);
        assert!((roles[1].seats[2].1.unwrap() - 1.0 / 3.0).abs() < 1e-9);
        // The text, the Markdown and the chart say the same.
        let (lo, hi) = wilson(1, 4);
        let text = r.text();
        for want in [
            format!("Red        wins       1 ( 25.0%, 95% CI {lo:.1}-{hi:.1}%)  mean points 3.67  mean rank 1.33"),
            format!("shared 1st     1 ( 25.0%, 95% CI {lo:.1}-{hi:.1}%)"),
            "places in the 3 finished games".into(),
            "1st            2nd            3rd".into(),
            "Red                   1.33  2 (1 tied)     1 (1 tied)     0".into(),
            "Green                 2.67  0              1 (1 tied)     2".into(),
            "the Hunter       seat-turns      3  mean   2.67   Red 2.00 (1)  Blue 3.00 (2)  Green – (0)".into(),
            "Camp             seat-turns      5  mean   1.00   Red 3.00 (1)  Blue 1.00 (1)  Green 0.33 (3)".into(),
        ] {
            assert!(text.contains(&want), "{want:?} not in\n{text}");
        }
        assert!(
            !text.contains("losses") && !text.contains("draws"),
            "{text}"
        );
        let md = r.markdown(None, None);
        for want in [
            "| Seat | Name | Player |",
            "| Seat | Mean points | Mean rank | Wins (sole 1st) | Win rate (95% CI) |",
            "| Red | 3.67 | 1.33 | 1 | 25.0% (",
            "Games whose first place was shared (no win): 1, 25.0% (",
            "| Seat | Mean rank | 1st | 2nd | 3rd |",
            "| Blue | 1.33 | 2 (1 tied) | 1 | 0 |",
            "| Role | Seat-turns | Mean per turn | Red | Blue | Green |",
            "| the Hunter | 3 | 2.67 | 2.00 (1) | 3.00 (2) | – (0) |",
            "| Camp | 5 | 1.00 | 3.00 (1) | 1.00 (1) | 0.33 (3) |",
        ] {
            assert!(md.contains(want), "{want:?} not in\n{md}");
        }
        let svg = r.svg();
        assert!(svg.contains("Places in the 3 finished games"), "{svg}");
        assert!(svg.contains("Red (mean rank 1.33)"), "{svg}");
        assert!(
            svg.contains("<title>Red 1st: 1 games, tied</title>"),
            "{svg}"
        );
        assert_eq!(svg.matches("<svg").count(), 1);
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn places_of_decided_outcomes_share_a_tied_place() {
        use crate::core::game::Outcome;
        assert_eq!(
            places_of(&Outcome::decided(3, Some(1), vec![0; 3], ""), 3),
            vec![2, 1, 2]
        );
        assert_eq!(
            places_of(&Outcome::decided(3, None, vec![0; 3], ""), 3),
            vec![1, 1, 1]
        );
    }

    #[test]
    fn a_two_sided_report_is_not_ranked() {
        use crate::core::game::Outcome;
        let mut r = ranked_batch();
        r.seats.truncate(2);
        r.players.truncate(2);
        for g in &mut r.games {
            g.roles = None;
            g.outcome = Some(Outcome::decided(2, Some(0), vec![1, 0], ""));
        }
        assert!(!r.ranked());
        let text = r.text();
        assert!(text.contains("losses") && !text.contains("rank"), "{text}");
        assert!(!r.markdown(None, None).contains("## Places"));
        assert!(!r.svg().contains("Places"));
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(1.0), 0.2);
        assert_eq!(nice_step(10.0), 2.0);
        assert_eq!(nice_step(23.0), 5.0);
    }
}
