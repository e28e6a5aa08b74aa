//! The Markdown report `--report FILE.md` writes.

use super::stats::{Summary, bin_label, histogram, pct, wilson};
use super::{Report, Speed};
use std::fmt::Write as _;

impl Report {
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
}

pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
