//! Reports that rank the seats (more than two seats, or outcomes that are places):
//! each seat's places, ties and sole-first wins, and the score gained per turn in
//! each role, with their parts of the printed and the Markdown report.

use super::Report;
use super::markdown::capitalise;
use super::stats::{Summary, pct, wilson};
use crate::core::game::{Outcome, SeatResult};
use std::fmt::Write as _;

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
pub(super) fn ordinal(n: usize) -> String {
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

impl Report {
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

    /// The ranked report's results: each seat's wins (sole first places) with their
    /// rate, its mean score and mean place; the games whose first place was shared.
    pub(super) fn ranked_text(&self, o: &mut String) {
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
    pub(super) fn places_text(&self, o: &mut String) {
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
    pub(super) fn roles_text(&self, o: &mut String) {
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

    /// The ranked report's results in Markdown: wins (sole first places) with their
    /// rates, mean score and mean place per seat, and the games whose first place was
    /// shared.
    pub(super) fn ranked_markdown(&self, o: &mut String) {
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
    pub(super) fn places_markdown(&self, o: &mut String) {
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
    pub(super) fn roles_markdown(&self, o: &mut String) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ai::Player;
    use crate::core::game::Playout;

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
}
