//! The Cavalry Charge (16A): a Mounted Cavalry unit in Good Order declares a target hex
//! before it moves, gains 1 MP, charges only through and into Clear hexes, never across
//! a creek, climbing at most one level and never a step of three or more levels, and
//! must melee the target, with half its strength again (rounded up, at least 1); if
//! every defender retreats before melee it pursues without a roll, and after the melee
//! it is Disrupted unless Routed.

use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Kind, Mode, Side};
use crate::games::rosebud::state::{Charge, Phase, State};

/// 16A: "Mounted Cavalry units (only)", "in good order (not Pinned, Routed or
/// Disrupted) at the beginning of the Movement Phase (before any MPs are spent)".
fn may_declare(s: &State, u: usize) -> bool {
    let x = &s.units[u];
    s.phase == Phase::Movement
        && s.phasing == Side::US
        && s.side(u) == Side::US
        && s.kind(u) == Kind::Cavalry
        && x.mode == Mode::Mounted
        && !x.pinned
        && !x.routed
        && !x.disrupted
        && x.spent == 0
        && !x.moved
        && x.charge.is_none()
        && s.hex(u).is_some()
        && super::mp_left(s, u) > 0
}

/// Whether a charge step from `from` to `to` is allowed (16A): closer to the target,
/// into a Clear hex, not across a creek, at most one level climbed in the whole charge,
/// and no step of three levels or more ("too steep"). Always true for a unit that is
/// not charging.
pub fn step_ok(s: &State, u: usize, from: Coord, to: Coord) -> bool {
    let Some(c) = s.units[u].charge else {
        return true;
    };
    step_ok_for(s, c, from, to)
}

/// [`step_ok`] for a given charge.
fn step_ok_for(s: &State, c: Charge, from: Coord, to: Coord) -> bool {
    let m = &s.stat.map;
    let rise = i32::from(m.level(to)) - i32::from(m.level(from));
    to.distance(c.target) < from.distance(c.target)
        && m.terrain_name(to) == Some("clear")
        && !matches!(s.stat.hexside(from, to), Some("creek" | "rosebud"))
        && rise.abs() < 3
        && c.climbed + rise.max(0) as u32 <= 1
}

/// The charges open now: for each unit that may charge, every enemy hex two or more
/// hexes away that a first charge step leads toward.
pub fn declare_legal(s: &State) -> Vec<Action> {
    let mut out = vec![];
    for u in 0..s.units.len() {
        if !may_declare(s, u) {
            continue;
        }
        let Some(at) = s.hex(u) else { continue };
        let reach = super::mp_left(s, u) + 1;
        let mut targets: Vec<Coord> = (0..s.units.len())
            .filter(|&e| s.side(e) == Side::Indian)
            .filter_map(|e| s.hex(e))
            .filter(|t| (2..=reach).contains(&at.distance(*t)))
            .collect();
        targets.sort();
        targets.dedup();
        // 16A: "The unit may only charge through and into Clear hexes."
        targets.retain(|&t| s.stat.map.terrain_name(t) == Some("clear"));
        for t in targets {
            let c = Charge {
                target: t,
                climbed: 0,
            };
            if s.stat
                .map
                .neighbors(at)
                .any(|n| step_ok_for(s, c, at, n) && super::move_cost(s, u, n).is_ok())
                && approach(s, at, t)
            {
                out.push(Action::Charge {
                    unit: s.def(u).id.clone(),
                    hex: s.stat.label(t),
                });
            }
        }
    }
    out
}

/// Whether a charge path from `at` can end next to `t` without a creek between it and
/// the target (16A: "The unit may not charge across Creeks": the last bound into the
/// target is part of the charge; found by the fifth rules review). Only the charge's
/// own limits are checked (every step closer, Clear, no creek, one level climbed),
/// not the MP: a charge that falls short is not refused.
fn approach(s: &State, at: Coord, t: Coord) -> bool {
    let mut front = vec![(
        at,
        Charge {
            target: t,
            climbed: 0,
        },
    )];
    while !front.is_empty() {
        let mut next = vec![];
        for (h, c) in front {
            if h.distance(t) == 1 {
                if !matches!(s.stat.hexside(h, t), Some("creek" | "rosebud" | "cliff")) {
                    return true;
                }
                continue;
            }
            for n in s.stat.map.neighbors(h) {
                if n != t && step_ok_for(s, c, h, n) {
                    let rise = i32::from(s.stat.map.level(n)) - i32::from(s.stat.map.level(h));
                    let c2 = Charge {
                        target: t,
                        climbed: c.climbed + rise.max(0) as u32,
                    };
                    if !next.contains(&(n, c2)) {
                        next.push((n, c2));
                    }
                }
            }
        }
        front = next;
    }
    false
}

/// Declare a charge (16A).
pub fn declare(s: &mut State, u: usize, t: Coord) -> Vec<LogEntry> {
    s.units[u].charge = Some(Charge {
        target: t,
        climbed: 0,
    });
    vec![LogEntry::public(format!(
        "{} declares a Cavalry Charge on {}: +1 MP, and it must melee that hex (16A)",
        s.def(u).name,
        s.stat.label(t)
    ))]
}

/// Count the levels a charging unit climbs (16A).
pub fn climb(s: &mut State, u: usize, from: Option<Coord>, to: Coord) {
    let Some(from) = from else { return };
    let rise = i32::from(s.stat.map.level(to)) - i32::from(s.stat.map.level(from));
    if let Some(c) = s.units[u].charge.as_mut() {
        c.climbed += rise.max(0) as u32;
    }
}

/// The charge bonus of a unit attacking `target` (16A): half its melee strength again,
/// rounded up, at least 1, "calculated after any modifications to the unit's strength
/// (low ammo)"; none in any other melee.
pub fn bonus(s: &State, u: usize, target: Coord) -> f64 {
    match s.units[u].charge {
        Some(c) if c.target == target => {
            (super::melee::strength(s, u, false) / 2.0).ceil().max(1.0)
        }
        _ => 0.0,
    }
}

/// Whether a charging unit can still attack its target, so that the Melee Phase may not
/// end yet (16A: it "must ... engage those defending units in Melee Combat").
pub fn must_attack(s: &State) -> bool {
    (0..s.units.len()).any(|u| match s.units[u].charge {
        Some(c) => {
            super::melee::may_attack(s, u, c.target)
                && s.at(c.target, Side::Indian).next().is_some()
        }
        None => false,
    })
}

/// 16A: "A charging unit is automatically Disrupted after the resolution of the Melee
/// Combat (unless Routed, in which case ignore the Disruption)." Called when a melee of
/// `attackers` is resolved (its charge target, or a hex its pursuit attacks again) and
/// when a pursuit ends: a charger attacks nothing else (16A), so every charger among
/// them charged this combat.
pub fn disrupt_chargers(s: &mut State, attackers: &[usize]) -> Vec<LogEntry> {
    let mut log = vec![];
    for &a in attackers {
        if s.units[a].charge.is_some()
            && s.hex(a).is_some()
            && !s.units[a].routed
            && !s.units[a].disrupted
        {
            s.units[a].disrupted = true;
            log.push(LogEntry::public(format!(
                "{} is Disrupted after its charge (16A)",
                s.def(a).name
            )));
        }
    }
    log
}

/// 16A: "If all the defending units in the target hex Retreat before melee the
/// attacking unit(s) must pursue (pursuit is automatic)."
pub fn charged(s: &State, u: usize, target: Coord) -> bool {
    s.units[u].charge.is_some_and(|c| c.target == target)
}
