//! The figures of a report: five-number summaries, Wilson intervals, histograms, the
//! per-turn means, and the counts a report reads off its games (wins, draws, losses,
//! lengths, scores and their differences).

use super::Report;

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

    pub(super) fn text(s: Option<Summary>) -> String {
        match s {
            Some(s) => format!(
                "min {}  q1 {}  median {}  q3 {}  max {}  mean {:.2}",
                s.min, s.q1, s.median, s.q3, s.max, s.mean
            ),
            None => "no games".into(),
        }
    }

    pub(super) fn row(label: &str, s: Option<Summary>) -> String {
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

pub(super) fn pct(k: usize, n: usize) -> f64 {
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

pub(super) fn bin_label(lo: i64, hi: i64) -> String {
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

impl Report {
    pub(super) fn n(&self) -> usize {
        self.games.len()
    }

    pub(super) fn finished(&self) -> impl Iterator<Item = &crate::core::game::Outcome> {
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

    pub(super) fn turns(&self) -> Vec<i64> {
        self.games.iter().map(|g| i64::from(g.turns)).collect()
    }

    pub(super) fn actions(&self) -> Vec<i64> {
        self.games.iter().map(|g| g.actions as i64).collect()
    }

    /// Final scores of seat `s` in finished games.
    pub(super) fn scores(&self, s: usize) -> Vec<i64> {
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
}
