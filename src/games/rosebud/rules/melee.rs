//! Melee (10): the declaration of a target hex and its attackers (10A, 10B), the
//! defender's Retreat before melee (10H1) with Opportunity fire at the units that leave
//! (9F), the odds on the US or the Indian line with fractions kept (10A), the strength
//! modifiers (10B: Infantry defending doubled; 10F: Routed defenders 1/2; 14B: US Low
//! Ammo 1/2), the die-roll modifiers (10B, 10D, 10E, 10G), the results (10C: Casualty
//! Points placed by their owner and Disruption, retreats, routs), horses lost in melee
//! (16B), and the advance into emptied hexes (10H3).

use super::fire::{eliminate, take_cp, window_firers};
use super::morale::{lose_horses, start_rout};
use super::overstacked_with;
use crate::core::bands::{band_of, drm};
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Kind, MeleePart, Mode, RbmResult, Side, melee_cell};
use crate::games::rosebud::state::{FireKind, Loc, Pending, State};

/// Whether a unit may attack in this Melee Phase at all (10, 10B7: not Pack Trains,
/// Holders, Prone, Pinned or Routed units; 10B4: once).
pub fn can_attack(s: &State, u: usize) -> bool {
    let x = &s.units[u];
    s.hex(u).is_some()
        && s.side(u) == s.phasing
        && matches!(
            s.kind(u),
            Kind::Cavalry | Kind::Infantry | Kind::Miners | Kind::Scout | Kind::Warrior | Kind::Hq
        )
        && !x.pinned
        && !x.routed
        && x.mode != Mode::Prone
        && !x.meleed
        && s.cf(u) > 0
}

/// Whether a unit may attack hex `t`: adjacent, not across a Cliff (10D), and only the
/// hex it Advance-fired into if it did (10B1).
pub fn may_attack(s: &State, u: usize, t: Coord) -> bool {
    can_attack(s, u)
        && s.hex(u)
            .is_some_and(|h| h.distance(t) == 1 && s.stat.hexside(h, t) != Some("cliff"))
        && s.units[u].advance_at.is_none_or(|h| h == t)
}

/// The melee declarations open now: every hex holding an enemy unit that a unit may
/// attack (10A).
pub fn declare_legal(s: &State) -> Vec<Action> {
    let mut hexes: Vec<Coord> = (0..s.units.len())
        .filter(|&e| s.side(e) != s.phasing)
        .filter_map(|e| s.hex(e))
        .filter(|&t| (0..s.units.len()).any(|u| may_attack(s, u, t)))
        .collect();
    hexes.sort();
    hexes.dedup();
    hexes
        .into_iter()
        .map(|t| Action::Melee {
            hex: s.stat.label(t),
        })
        .collect()
}

/// The advances open now (10H3): a unit that attacked a hex the melee emptied may enter
/// it, within the stacking limit.
pub fn advance_legal(s: &State) -> Vec<Action> {
    let mut out = vec![];
    for (t, attackers) in &s.vacated {
        if s.at(*t, s.phasing.other()).next().is_some() {
            continue;
        }
        for &u in attackers {
            if s.hex(u).is_some_and(|h| h.distance(*t) == 1)
                && !s.units[u].routed
                && !s.units[u].pinned
                && !overstacked_with(s, *t, s.phasing, Some(u))
            {
                out.push(Action::Advance {
                    unit: s.def(u).id.clone(),
                    hex: s.stat.label(*t),
                });
            }
        }
    }
    out
}

/// Start a declaration on hex `t` with every unit that may attack it (10A).
pub fn declare(s: &mut State, t: Coord) -> Vec<LogEntry> {
    let attackers: Vec<usize> = (0..s.units.len())
        .filter(|&u| may_attack(s, u, t))
        .collect();
    let log = vec![LogEntry::public(format!(
        "Melee declared on {}: {} (10A)",
        s.stat.label(t),
        names(s, &attackers)
    ))];
    s.pending.push(Pending::Declare {
        target: t,
        attackers,
    });
    log
}

/// Unit names, comma-separated.
fn names(s: &State, us: &[usize]) -> String {
    us.iter()
        .map(|&u| s.def(u).name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The defending units that may attempt a Retreat before melee: all but the Pinned
/// (10H4) and those with no strength to move (Holders go with the stack).
fn may_retreat(s: &State, t: Coord) -> Vec<usize> {
    s.at(t, s.phasing.other())
        .filter(|&d| !s.units[d].pinned && s.combat(d))
        .collect()
}

/// Commit a declaration: the defender may now retreat before melee (10H); if nobody can,
/// the melee is fought at once.
pub fn commit(s: &mut State) -> Vec<LogEntry> {
    let Some(Pending::Declare { target, attackers }) = s.pending.first().cloned() else {
        return vec![];
    };
    s.pending.remove(0);
    for &a in &attackers {
        s.units[a].meleed = true;
    }
    let mut log = vec![LogEntry::public(format!(
        "{} attack {} (10A)",
        names(s, &attackers),
        s.stat.label(target)
    ))];
    if may_retreat(s, target).is_empty() {
        s.pending.insert(0, Pending::Fight { target, attackers });
    } else {
        log.push(LogEntry::public(format!(
            "The {:?} player may attempt a Retreat before melee (10H)",
            s.phasing.other()
        )));
        s.pending.insert(0, Pending::Rbm { target, attackers });
    }
    log
}

/// The defender's answer (10H1): `attempt` rolls once for the stack (every unit but the
/// Pinned); standing, a Routed unit must still attempt (10F), alone.
pub fn retreat_before_melee(s: &mut State, attempt: bool) -> Vec<LogEntry> {
    let Some(Pending::Rbm { target, attackers }) = s.pending.first().cloned() else {
        return vec![];
    };
    s.pending.remove(0);
    let mut log = vec![];
    let rollers = may_retreat(s, target);
    // What follows (fire at the units leaving, their retreats, the melee) comes before
    // whatever was waiting.
    let rest = std::mem::take(&mut s.pending);
    if attempt {
        log.extend(rbm_roll(s, &rollers, target, &attackers));
    } else {
        log.push(LogEntry::public(format!(
            "The defenders of {} stand (10H1)",
            s.stat.label(target)
        )));
        for d in rollers {
            if s.units[d].routed {
                log.push(LogEntry::public(format!(
                    "{} is Routed and must attempt a Retreat before melee (10F)",
                    s.def(d).name
                )));
                log.extend(rbm_roll(s, &[d], target, &attackers));
            }
        }
    }
    s.pending.push(Pending::Fight { target, attackers });
    s.pending.extend(rest);
    log
}

/// One roll on the Retreat Before Melee Table for `units` (10H1, 12C4).
fn rbm_roll(s: &mut State, units: &[usize], target: Coord, attackers: &[usize]) -> Vec<LogEntry> {
    let mut log = vec![];
    let t = s.stat.tables.retreat_before_melee.clone();
    let mut mods: Vec<(String, i32)> = vec![];
    let side = s.phasing.other();
    if let Some((r, name)) = s
        .leaders_at(target, side)
        .filter_map(|l| Some((super::leaders::ratings(s, l)?.0, s.ldef(l).name.clone())))
        .max_by_key(|(r, _)| *r)
        && r != 0
    {
        mods.push((format!("{name} stacked (12C4)"), r));
    }
    if units.iter().all(|&u| s.units[u].mode == Mode::Mounted) {
        mods.push(("Mounted".into(), drm(&t.drm, "mounted")));
    }
    if units.iter().any(|&u| s.units[u].mode == Mode::Prone) {
        mods.push(("Prone".into(), drm(&t.drm, "prone")));
    }
    if units.iter().any(|&u| s.units[u].routed) {
        mods.push(("Routed".into(), drm(&t.drm, "routed")));
    }
    let die = i32::from(s.dice.d6());
    s.reveals += 1;
    let total = die + mods.iter().map(|(_, v)| v).sum::<i32>();
    let result = band_of(&t.bands, total).map_or(RbmResult::No, |b| b.result);
    let mods_text: String = mods.iter().map(|(k, v)| format!(" {v:+} {k}")).collect();
    log.push(LogEntry::public(format!(
        "Retreat before melee for {}: 1d6 {die}{mods_text} = {total}: {} (10H1, table RECONSTRUCTED)",
        names(s, units),
        match result {
            RbmResult::Yes => "Yes",
            RbmResult::No => "No",
            RbmResult::NoDisrupted => "No*, Disrupted",
        }
    )));
    let away: Vec<Coord> = attackers.iter().filter_map(|&a| s.hex(a)).collect();
    match result {
        RbmResult::No => {}
        RbmResult::NoDisrupted => {
            for &u in units {
                if !s.units[u].routed {
                    s.units[u].disrupted = true;
                }
            }
        }
        RbmResult::Yes => {
            for &u in units {
                // 9F: Opportunity fire at each unit before it leaves.
                let firers = window_firers(s, u, target);
                if !firers.is_empty() {
                    s.pending.push(Pending::Window {
                        target: u,
                        kind: FireKind::Opportunity,
                        eligible: firers,
                        declared: vec![],
                        then: None,
                    });
                }
                s.pending.push(Pending::Retreat {
                    unit: u,
                    left: if s.units[u].mode == Mode::Mounted {
                        2
                    } else {
                        1
                    },
                    away: away.clone(),
                    rout: false,
                    before_melee: true,
                });
            }
        }
    }
    log
}

/// A unit's melee strength (10B, 10F, 14B), fractions kept (3L).
pub fn strength(s: &State, u: usize, defending: bool) -> f64 {
    let f = &s.stat.tables.melee.factors;
    let k = |key: &str| f.iter().find(|x| x.key == key).map_or(1.0, |x| x.factor);
    let mut x = f64::from(s.cf(u));
    if defending && s.kind(u) == Kind::Infantry {
        x *= k("infantry_defending");
    }
    if defending && s.units[u].routed {
        x *= k("routed_defending");
    }
    if s.units[u].low_ammo && s.side(u) == Side::US {
        x *= k("low_ammo_us");
    }
    x
}

/// The column of the odds on the attacker's line (10A): the rightmost whose odds the
/// attack reaches; below the first, the first.
pub fn column(s: &State, side: Side, att: f64, def: f64) -> usize {
    let m = &s.stat.tables.melee;
    let line = if side == Side::US {
        &m.us_line
    } else {
        &m.indian_line
    };
    line.iter()
        .rposition(|&(a, d)| att * f64::from(d) >= def * f64::from(a) - 1e-9)
        .unwrap_or(0)
}

/// The melee die-roll modifiers, named (10B, 10D, 10E, 10G).
pub fn modifiers(s: &State, target: Coord, attackers: &[usize]) -> Vec<(String, i32)> {
    let m = &s.stat.tables.melee.drm;
    let mut out: Vec<(String, i32)> = vec![];
    let side = s.phasing;
    let defenders: Vec<usize> = s.at(target, side.other()).collect();
    let att: f64 = attackers.iter().map(|&a| strength(s, a, false)).sum();
    let inf: f64 = attackers
        .iter()
        .filter(|&&a| s.kind(a) == Kind::Infantry)
        .map(|&a| strength(s, a, false))
        .sum();
    if att > 0.0 && inf * 2.0 >= att {
        out.push(("infantry attack (10B)".into(), drm(m, "infantry_attack")));
    }
    let best = |hexes: Vec<Coord>, side: Side| {
        hexes
            .iter()
            .flat_map(|&h| s.leaders_at(h, side).collect::<Vec<_>>())
            .filter_map(|l| Some((super::leaders::ratings(s, l)?.0, s.ldef(l).name.clone())))
            .max_by_key(|(r, _)| *r)
    };
    if let Some((r, name)) = best(attackers.iter().filter_map(|&a| s.hex(a)).collect(), side)
        && r != 0
    {
        out.push((format!("{name} (10E)"), r));
    }
    if let Some((r, name)) = best(vec![target], side.other())
        && r != 0
    {
        out.push((format!("{name} defending (10E)"), -r));
    }
    if defenders
        .iter()
        .any(|&d| s.units[d].pinned || s.units[d].mode == Mode::Prone)
    {
        out.push((
            "defender Pinned or Prone (10G)".into(),
            drm(m, "defender_pinned_or_prone"),
        ));
    }
    if defenders.iter().any(|&d| s.units[d].disrupted) {
        out.push((
            "defender Disrupted (10G)".into(),
            drm(m, "defender_disrupted"),
        ));
    }
    if attackers.iter().any(|&a| s.units[a].disrupted) {
        out.push((
            "attacker Disrupted (10G)".into(),
            drm(m, "attacker_disrupted"),
        ));
    }
    // 10D: one hex, one hexside and one uphill modifier, the best for the defender.
    let t = &s.stat.tables;
    let name = s.stat.map.terrain_name(target).unwrap_or("clear");
    if let Some(r) = t.terrain.iter().find(|r| r.terrain == name)
        && r.melee != 0
    {
        out.push((format!("{} (10D)", r.name), r.melee));
    }
    let side_mod = attackers
        .iter()
        .filter_map(|&a| s.hex(a))
        .filter_map(|h| s.stat.hexside(h, target))
        .filter_map(|f| t.hexsides.iter().find(|r| r.feature == f))
        .map(|r| (r.melee, r.name.clone()))
        .min_by_key(|(v, _)| *v);
    if let Some((v, n)) = side_mod
        && v != 0
    {
        out.push((format!("across {n} (10D)"), v));
    }
    let up = attackers
        .iter()
        .filter_map(|&a| s.hex(a))
        .map(|h| i32::from(s.stat.map.level(target)) - i32::from(s.stat.map.level(h)))
        .max()
        .unwrap_or(0);
    if up > 0 {
        out.push((format!("uphill {up} levels (10D)"), up * drm(m, "uphill")));
    }
    out
}

/// Fight a melee (10A-10C) once the Retreats before melee are done.
pub fn fight(s: &mut State, target: Coord, attackers: &[usize]) -> Vec<LogEntry> {
    let mut log = vec![];
    let side = s.phasing;
    let attackers: Vec<usize> = attackers
        .iter()
        .copied()
        .filter(|&a| s.hex(a).is_some_and(|h| h.distance(target) == 1) && !s.units[a].routed)
        .collect();
    let defenders: Vec<usize> = s.at(target, side.other()).collect();
    if attackers.is_empty() {
        return log;
    }
    if defenders.iter().all(|&d| !s.combat(d) || s.cf(d) == 0) {
        // Nothing left that fights: the hex is taken (12D5, 16B).
        for d in defenders {
            log.extend(eliminate(s, d, "(nothing left to defend the hex)"));
        }
        log.extend(super::kill_lone_leaders(s, attackers[0], target));
        log.push(LogEntry::public(format!(
            "{} is empty: the attackers may advance into it (10H3)",
            s.stat.label(target)
        )));
        s.vacated.push((target, attackers));
        return log;
    }
    let att: f64 = attackers.iter().map(|&a| strength(s, a, false)).sum();
    let def: f64 = defenders.iter().map(|&d| strength(s, d, true)).sum();
    let col = column(s, side, att, def);
    let mods = modifiers(s, target, &attackers);
    let die = i32::from(s.dice.d6());
    s.reveals += 1;
    let total = die + mods.iter().map(|(_, v)| v).sum::<i32>();
    let m = &s.stat.tables.melee;
    let row = (total - m.first_die).clamp(0, m.rows.len() as i32 - 1) as usize;
    let (a_part, d_part) = m.rows[row]
        .split_whitespace()
        .nth(col)
        .and_then(melee_cell)
        .unwrap_or_default();
    let line = if side == Side::US {
        &m.us_line
    } else {
        &m.indian_line
    };
    let (oa, od) = line[col];
    let mods_text: String = mods.iter().map(|(k, v)| format!(" {v:+} {k}")).collect();
    log.push(LogEntry::public(format!(
        "Melee at {}: {} ({}) against {} ({}): the {:?} line's {oa}:{od} column; 1d6 {die}{mods_text} = {total}: attacker {a_part}, defender {d_part} (10, Melee Table RECONSTRUCTED)",
        s.stat.label(target),
        names(s, &attackers),
        super::fire::trim(att),
        names(s, &defenders),
        super::fire::trim(def),
        side
    )));
    // 16B: Holders in a melee lose their horses; Pony Holders are removed.
    for &d in &defenders {
        match s.kind(d) {
            Kind::PonyHolder => log.extend(eliminate(
                s,
                d,
                "(Pony Holders in a melee are removed, 16B)",
            )),
            Kind::Holder if !s.units[d].horseless => log.extend(lose_horses(s, d)),
            _ => {}
        }
    }
    let defenders: Vec<usize> = defenders
        .into_iter()
        .filter(|&d| s.hex(d).is_some())
        .collect();
    let att_hexes: Vec<Coord> = attackers.iter().filter_map(|&a| s.hex(a)).collect();
    // What the result brings is settled before whatever was waiting.
    let rest = std::mem::take(&mut s.pending);
    // 10C1, 12D3: a side that takes a cN checks for each Leader attached to one of its
    // units in the melee, before the result is applied (12D1).
    for (part, hexes, who) in [
        (d_part, vec![target], side.other()),
        (a_part, att_hexes.clone(), side),
    ] {
        if part.cp == 0 {
            continue;
        }
        let mut involved: Vec<usize> = hexes
            .iter()
            .flat_map(|&h| s.leaders_at(h, who).collect::<Vec<_>>())
            .collect();
        involved.sort_unstable();
        involved.dedup();
        for l in involved {
            log.extend(super::leaders::check(
                s,
                l,
                "a Casualty Point in melee, 10C1",
            ));
        }
    }
    log.extend(apply_part(s, &defenders, d_part, &att_hexes));
    log.extend(apply_part(s, &attackers, a_part, &[target]));
    s.pending.extend(rest);
    s.vacated.push((target, attackers));
    log
}

/// One side's part of a melee result (10C): Casualty Points placed by the owner, every
/// unit of the side Disrupted; a retreat of the whole side, then Disrupted; a rout.
fn apply_part(s: &mut State, units: &[usize], part: MeleePart, away: &[Coord]) -> Vec<LogEntry> {
    let mut log = vec![];
    let units: Vec<usize> = units.iter().copied().filter(|&u| s.combat(u)).collect();
    if units.is_empty() {
        return log;
    }
    if part.cp > 0 {
        for &u in &units {
            if !s.units[u].routed {
                s.units[u].disrupted = true;
            }
        }
        s.pending.push(Pending::Casualties {
            units: units.clone(),
            left: part.cp,
        });
    }
    if part.rout {
        for &u in &units {
            log.extend(start_rout(s, u, away));
        }
    } else if part.retreat > 0 {
        for &u in &units {
            if !s.units[u].routed {
                s.units[u].disrupted = true;
            }
            s.pending.push(Pending::Retreat {
                unit: u,
                left: part.retreat,
                away: away.to_vec(),
                rout: false,
                before_melee: false,
            });
        }
    }
    log
}

/// Place one Casualty Point of a melee result on a unit (10C); a Leader whose unit is
/// eliminated in melee dies with it when no unit is left in the hex (12D5).
pub fn lose(s: &mut State, u: usize) -> Vec<LogEntry> {
    let mut log = vec![];
    let at = s.hex(u);
    if let Some(Pending::Casualties { left, .. }) = s.pending.first_mut() {
        *left = left.saturating_sub(1);
    }
    log.extend(take_cp(s, u, 1));
    if let Some(c) = at
        && s.hex(u).is_none()
        && s.at(c, s.side(u)).next().is_none()
    {
        let side = s.side(u);
        let dead: Vec<usize> = s.leaders_at(c, side).collect();
        for l in dead {
            log.extend(super::leaders::kill(
                s,
                l,
                "killed with his unit in the melee (12D5)",
            ));
        }
    }
    if let Some(Pending::Casualties { left: 0, .. }) = s.pending.first() {
        s.pending.remove(0);
    }
    log
}

/// Settle a Casualties step that needs no choice: one unit left, or none.
pub fn settle_casualties(s: &mut State, log: &mut Vec<LogEntry>) -> bool {
    let Some(Pending::Casualties { units, left }) = s.pending.first().cloned() else {
        return false;
    };
    let alive: Vec<usize> = units.into_iter().filter(|&u| s.hex(u).is_some()).collect();
    if left == 0 || alive.is_empty() {
        s.pending.remove(0);
        return true;
    }
    if alive.len() == 1 {
        log.extend(lose(s, alive[0]));
        return true;
    }
    if let Some(Pending::Casualties { units, .. }) = s.pending.first_mut() {
        *units = alive;
    }
    false
}

/// The units a Casualties step lets the owner choose from.
pub fn casualty_options(s: &State) -> Vec<usize> {
    match s.pending.first() {
        Some(Pending::Casualties { units, .. }) => units
            .iter()
            .copied()
            .filter(|&u| s.hex(u).is_some())
            .collect(),
        _ => vec![],
    }
}

/// Advance into a hex a melee emptied (10H3): no MP; the unit may not attack again.
pub fn advance(s: &mut State, u: usize, t: Coord) -> Vec<LogEntry> {
    s.units[u].at = Loc::Map(t);
    s.units[u].meleed = true;
    let mut log = vec![LogEntry::public(format!(
        "{} advances into {} (10H3)",
        s.def(u).name,
        s.stat.label(t)
    ))];
    log.extend(super::kill_lone_leaders(s, u, t));
    log
}
