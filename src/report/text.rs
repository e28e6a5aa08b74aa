//! The printed report `wargame simulate` writes (no timing: the same seed gives the
//! same text).

use super::Report;
use super::stats::{Summary, bin_label, histogram, pct, wilson};
use crate::core::ai::Player;
use std::fmt::Write as _;

impl Report {
    fn all_random(&self) -> bool {
        self.players.iter().all(|p| *p == Player::Random)
    }

    pub(super) fn matchup(&self) -> String {
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
}
