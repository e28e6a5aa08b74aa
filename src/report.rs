//! Balance reports from seeded playouts: the statistics `wargame simulate` prints, the
//! Markdown file `--report FILE.md` writes, and the per-turn victory-point chart (a
//! hand-written SVG) beside it.
//!
//! Everything here is a pure function of the games played and the settings, so the
//! same seed gives byte-identical text, Markdown and SVG. The one exception is the
//! speed, which the caller measures and passes in; it is kept on lines of its own
//! (stderr for the printed report, one `Speed:` line in the Markdown). No Bevy here.

use crate::core::ai::Player;
use crate::core::game::Playout;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Line colours of the seats in the chart (seat 0, 1, ...; repeats after the last).
const COLOURS: [&str; 6] = [
    "#c0392b", "#1f5fa8", "#2e8b57", "#8e44ad", "#d35400", "#555555",
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
        let _ = writeln!(
            o,
            "  unfinished {:>5} (hit --max-actions {})",
            self.unfinished(),
            self.max_actions
        );
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
        let _ = writeln!(o, "## Players\n\n| Seat | Side | Player |\n|---|---|---|");
        for (i, (s, p)) in self.seats.iter().zip(&self.players).enumerate() {
            let _ = writeln!(o, "| {i} | {s} | {p} |");
        }
        let (wins, losses, draws) = (self.wins(), self.losses(), self.draws());
        let _ = writeln!(
            o,
            "\n## Results\n\nRates are over all {n} games, with 95% Wilson score intervals.\n"
        );
        let _ = writeln!(
            o,
            "| Side | Wins | Win rate (95% CI) | Draws | Draw rate (95% CI) | Losses | Loss rate (95% CI) |\n|---|---:|---|---:|---|---:|---|"
        );
        let rate = |k: usize| {
            let (lo, hi) = wilson(k, n);
            format!("{:.1}% ({lo:.1}–{hi:.1}%)", pct(k, n))
        };
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
        let _ = writeln!(
            o,
            "\nUnfinished games (hit `--max-actions {}`): {}.\n",
            self.max_actions,
            self.unfinished()
        );
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
        let _ = writeln!(
            o,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(
            o,
            r#"<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>"#
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
        o.push_str("</svg>\n");
        o
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

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(1.0), 0.2);
        assert_eq!(nice_step(10.0), 2.0);
        assert_eq!(nice_step(23.0), 5.0);
    }
}
