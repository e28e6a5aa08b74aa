//! Die-roll tables written as bands of the modified roll (`from` N, `to` M, inclusive;
//! an open end reads "or less" or "or more"), and named die-roll modifiers, each with
//! its source. A ruleset keeps its results in whatever type it likes (`R`); this module
//! reads the band a roll falls in and checks that the bands cover every roll once.

use super::data::Source;
use serde::{Deserialize, Serialize};

/// One band of a die table: every modified roll from `from` to `to` gives `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Band<R> {
    /// The lowest roll in the band; None = "or less".
    pub from: Option<i32>,
    /// The highest roll in the band; None = "or more".
    pub to: Option<i32>,
    /// What the band gives.
    pub result: R,
    /// Where the band comes from.
    pub source: Source,
}

impl<R> Band<R> {
    /// Whether a modified roll falls in this band.
    pub fn holds(&self, roll: i32) -> bool {
        self.from.is_none_or(|f| roll >= f) && self.to.is_none_or(|t| roll <= t)
    }
}

/// The band a modified roll falls in (the first that holds it).
pub fn band_of<R>(bands: &[Band<R>], roll: i32) -> Option<&Band<R>> {
    bands.iter().find(|b| b.holds(roll))
}

/// Check that the bands cover every integer roll exactly once: one band open below,
/// one open above, and no gap or overlap between them. The error names the first
/// problem, for a file:line:column report by the caller.
pub fn check_cover<R>(bands: &[Band<R>]) -> Result<(), String> {
    let mut spans: Vec<(Option<i32>, Option<i32>)> = bands.iter().map(|b| (b.from, b.to)).collect();
    for (f, t) in &spans {
        if let (Some(f), Some(t)) = (f, t)
            && f > t
        {
            return Err(format!("a band runs from {f} to {t}, downwards"));
        }
    }
    spans.sort_by_key(|(f, _)| f.unwrap_or(i32::MIN));
    let Some(first) = spans.first() else {
        return Err("the table has no bands".into());
    };
    if first.0.is_some() {
        return Err(format!(
            "no band reads '{} or less': a roll below {} falls in none",
            first.0.unwrap_or(0),
            first.0.unwrap_or(0)
        ));
    }
    for w in spans.windows(2) {
        let (Some(t), Some(f)) = (w[0].1, w[1].0) else {
            return Err(
                "only the last band may be open above and only the first open below".into(),
            );
        };
        if f != t + 1 {
            return Err(if f <= t {
                format!("the rolls {f} to {t} fall in two bands")
            } else {
                format!("the rolls {} to {} fall in no band", t + 1, f - 1)
            });
        }
    }
    if spans.last().is_some_and(|l| l.1.is_some()) {
        return Err("no band reads 'or more': the highest rolls fall in none".into());
    }
    Ok(())
}

/// A named die-roll modifier of a table, with its value and source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drm {
    /// The key the engine asks for (`"target_mounted"`).
    pub key: String,
    /// Added to the roll (a rating-type modifier gives 0 here; the rule says how much).
    pub value: i32,
    /// When it applies, in words.
    pub when: String,
    /// Where it comes from.
    pub source: Source,
}

/// The value of a named modifier (0 if the list lacks it; loading checks the keys).
pub fn drm(list: &[Drm], key: &str) -> i32 {
    list.iter().find(|d| d.key == key).map_or(0, |d| d.value)
}

/// The modifier of this key, for its source in a log line.
pub fn drm_def<'a>(list: &'a [Drm], key: &str) -> Option<&'a Drm> {
    list.iter().find(|d| d.key == key)
}

/// Check that a modifier list has every key the engine asks for, and nothing else.
pub fn check_keys(list: &[Drm], keys: &[&str]) -> Result<(), String> {
    for k in keys {
        if !list.iter().any(|d| d.key == *k) {
            return Err(format!("the modifier '{k}' is missing"));
        }
    }
    for d in list {
        if !keys.contains(&d.key.as_str()) {
            return Err(format!(
                "unknown modifier '{}' (known: {})",
                d.key,
                keys.join(", ")
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(from: Option<i32>, to: Option<i32>, r: &str) -> Band<String> {
        Band {
            from,
            to,
            result: r.into(),
            source: Source::Seed("t".into()),
        }
    }

    #[test]
    fn bands_read_the_roll_and_open_ends() {
        let t = vec![
            b(None, Some(3), "low"),
            b(Some(4), Some(7), "mid"),
            b(Some(8), None, "high"),
        ];
        assert!(check_cover(&t).is_ok());
        assert_eq!(band_of(&t, -5).map(|x| x.result.as_str()), Some("low"));
        assert_eq!(band_of(&t, 4).map(|x| x.result.as_str()), Some("mid"));
        assert_eq!(band_of(&t, 30).map(|x| x.result.as_str()), Some("high"));
    }

    #[test]
    fn gaps_overlaps_and_closed_ends_are_refused() {
        let gap = vec![b(None, Some(3), "a"), b(Some(5), None, "b")];
        assert!(
            check_cover(&gap)
                .unwrap_err()
                .contains("4 to 4 fall in no band")
        );
        let overlap = vec![b(None, Some(5), "a"), b(Some(5), None, "b")];
        assert!(check_cover(&overlap).unwrap_err().contains("two bands"));
        let closed = vec![b(Some(2), Some(12), "a")];
        assert!(check_cover(&closed).is_err());
    }

    #[test]
    fn modifier_keys_are_checked_both_ways() {
        let l = vec![Drm {
            key: "a".into(),
            value: 1,
            when: "w".into(),
            source: Source::Seed("t".into()),
        }];
        assert!(check_keys(&l, &["a"]).is_ok());
        assert!(
            check_keys(&l, &["a", "b"])
                .unwrap_err()
                .contains("'b' is missing")
        );
        assert!(
            check_keys(&l, &[])
                .unwrap_err()
                .contains("unknown modifier 'a'")
        );
        assert_eq!(drm(&l, "a"), 1);
        assert_eq!(drm(&l, "z"), 0);
    }
}
