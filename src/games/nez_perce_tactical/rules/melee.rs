//! Melee (C5): the attackers' Defence & Melee against the units originally in the hex,
//! the combined-melee reduction for the second attacker's extra movement points, the
//! terrain modifier, and the "lower/higher" results (C5.2).

use super::results::{losses, parse_km};
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::nez_perce_tactical::data::Side;
use crate::games::nez_perce_tactical::state::{State, Uid};

/// The attackers' total (C5.2): the one that spent the fewest movement points counts
/// in full, the other its D&M less the extra points it spent (never below 0).
pub fn attack_total(s: &State, attackers: &[(Uid, u32)]) -> i32 {
    let mut a = attackers.to_vec();
    a.sort_by_key(|(_, mp)| *mp);
    let Some(&(_, least)) = a.first() else {
        return 0;
    };
    a.iter()
        .map(|&(u, mp)| (s.u(u).face().dm - (mp - least) as i32).max(0))
        .sum()
}

/// The defenders' total (C5.2): the D&M of the units originally in the hex; a unit
/// that fell back into it adds nothing and halves the rest (C6.4.3).
pub fn defence_total(s: &State, defenders: &[Uid]) -> i32 {
    let sum: i32 = defenders
        .iter()
        .filter(|&&d| !s.u(d).fell_back)
        .map(|&d| s.u(d).face().dm)
        .sum();
    if defenders.iter().any(|&d| s.u(d).fell_back) {
        sum / 2
    } else {
        sum
    }
}

/// The Melee Results Table's cell for a superiority and modified die (C5.2).
pub fn lookup(s: &State, sup: i32, die: i32) -> (String, String) {
    let t = &s.stat.tables.melee;
    let row = (die - t.first_die).clamp(0, t.rows.len() as i32 - 1) as usize;
    let col = sup.clamp(0, t.max_superiority) as usize;
    let cell = t.rows[row].split_whitespace().nth(col).unwrap_or("-/-");
    let (l, h) = cell.split_once('/').unwrap_or(("-", "-"));
    (l.to_string(), h.to_string())
}

/// Fight a melee in `hex` between `attackers` (with the movement points each spent)
/// and the enemy units there (C5.2). Results go to the lower side (left of the slash)
/// and the higher side (right); with equal totals the units originally in the hex are
/// the lower side (seed_notes 000-5.5).
pub fn fight(s: &mut State, hex: Coord, attackers: &[(Uid, u32)]) -> Vec<LogEntry> {
    let attackers: Vec<(Uid, u32)> = attackers
        .iter()
        .copied()
        .filter(|(a, _)| s.u(*a).hex() == Some(hex))
        .collect();
    let Some(&(first, _)) = attackers.first() else {
        return vec![];
    };
    let side: Side = s.u(first).side;
    let defenders: Vec<Uid> = s.side_at(hex, side.other()).collect();
    if defenders.is_empty() {
        return vec![];
    }
    let a = attack_total(s, &attackers);
    let d = defence_total(s, &defenders);
    let sup = (a - d).abs();
    let roll = s.dice.d6();
    s.reveals += 1;
    let m = s.stat.terrain(hex).melee;
    let die = i32::from(roll) + m;
    let (lower, higher) = lookup(s, sup, die);
    let names = |v: &[Uid]| {
        v.iter()
            .map(|&u| s.u(u).name.clone())
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let att: Vec<Uid> = attackers.iter().map(|(u, _)| *u).collect();
    let attackers_lower = a < d;
    let mut log = vec![LogEntry::public(format!(
        "Melee in {hex}: {} (D&M {a}) against {} (D&M {d}); superiority {sup}; die {roll}{} = {die}: {lower}/{higher}, the {} side lower (C5.2)",
        names(&att),
        names(&defenders),
        if m == 0 {
            String::new()
        } else {
            format!(" {m:+} {}", s.stat.terrain(hex).name)
        },
        if attackers_lower {
            "attacking"
        } else {
            "defending"
        }
    ))];
    let (low_units, high_units) = if attackers_lower {
        (att, defenders)
    } else {
        (defenders, att)
    };
    let (lk, lm) = parse_km(&lower);
    let (hk, hm) = parse_km(&higher);
    losses(s, low_units, lk, lm);
    losses(s, high_units, hk, hm);
    if lk + lm + hk + hm == 0 {
        log.push(LogEntry::public("no effect".to_string()));
    }
    log
}
