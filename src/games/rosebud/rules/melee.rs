//! Melee (10): the declaration of a target hex and its attackers (10A, 10B), the
//! defender's Retreat before melee (10H1) with Opportunity fire at the units that leave
//! (9F), the odds on the US or the Indian line with fractions kept (10A), the strength
//! modifiers (10B: Infantry defending doubled; 10F: Routed defenders 1/2; 14B: US Low
//! Ammo 1/2), the die-roll modifiers (10B, 10D, 10E, 10G), the results (10C: Casualty
//! Points placed by their owner and Disruption, retreats, routs), horses lost in melee
//! (16B), pursuit after a Retreat before melee with melee re-initiated (10H2), and the
//! advance into emptied hexes (10H3).

use super::fire::{eliminate, take_cp};
use super::morale::{lose_horses, start_rout};
use super::stacking::overstacked_with;
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
        && s.hex(u).is_some_and(|h| {
            h.distance(t) == 1
                && s.stat.hexside(h, t) != Some("cliff")
                // 10B: "All units in a stack that are conducting Melee Combat must
                // attack the same target hex."
                && s.at(h, s.side(u)).all(|v| s.units[v].melee_at.is_none_or(|m| m == t))
                // 16A: "The unit may not charge across Creeks": a charger does not
                // attack its target across one (its charge has failed; 16A's duty to
                // melee lapses with it).
                && (s.units[u].charge.is_none()
                    || !matches!(s.stat.hexside(h, t), Some("creek" | "rosebud")))
        })
        && s.units[u].advance_at.is_none_or(|h| h == t)
        // 16A: a charging unit attacks only the hex it charged.
        && s.units[u].charge.is_none_or(|c| c.target == t)
}

/// The melee declarations open now: every hex holding an enemy unit that a unit may
/// attack (10A).
pub fn declare_legal(s: &State) -> Vec<Action> {
    // 12D5: a hex holding only enemy Leaders may be attacked too (they die).
    let mut hexes: Vec<Coord> = (0..s.units.len())
        .filter(|&e| s.side(e) != s.phasing)
        .filter_map(|e| s.hex(e))
        .chain(
            (0..s.leaders.len())
                .filter(|&l| s.ldef(l).side != s.phasing)
                .filter_map(|l| s.leader_hex(l)),
        )
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
        s.units[a].melee_at = Some(target);
    }
    let mut log = vec![LogEntry::public(format!(
        "{} attack {} (10A)",
        names(s, &attackers),
        s.stat.label(target)
    ))];
    if may_retreat(s, target).is_empty() {
        s.pending.insert(
            0,
            Pending::Fight {
                target,
                attackers,
                fled: vec![],
            },
        );
    } else {
        log.push(LogEntry::public(format!(
            "The {:?} player may attempt a Retreat before melee (10H)",
            s.phasing.other()
        )));
        s.pending.insert(
            0,
            Pending::Rbm {
                target,
                attackers,
                rolled: vec![],
                fled: vec![],
            },
        );
    }
    log
}

/// The units of the defending stack that may still roll to retreat before melee.
pub fn rbm_rollers(s: &State) -> Vec<usize> {
    match s.pending.first() {
        Some(Pending::Rbm { target, rolled, .. }) => may_retreat(s, *target)
            .into_iter()
            .filter(|u| !rolled.contains(u))
            .collect(),
        _ => vec![],
    }
}

/// The defender's answer (10H1): `attempt` rolls once for the stack (every unit but the
/// Pinned), or for `one` unit alone ("once for each unit or once for the entire stack
/// (owning player's option)"); standing, a Routed unit must still attempt (10F), alone.
/// A unit that rolls alone settles its retreat before the next one rolls.
pub fn retreat_before_melee(s: &mut State, attempt: bool, one: Option<usize>) -> Vec<LogEntry> {
    let Some(Pending::Rbm {
        target,
        attackers,
        rolled,
        fled,
    }) = s.pending.first().cloned()
    else {
        return vec![];
    };
    let rollers = rbm_rollers(s);
    s.pending.remove(0);
    let mut log = vec![];
    // What follows (fire at the units leaving, their retreats, the melee) comes before
    // whatever was waiting.
    let rest = std::mem::take(&mut s.pending);
    let mut fled = fled;
    if let Some(u) = one {
        log.extend(rbm_roll(s, &[u], target, &attackers, &mut fled));
        let mut rolled = rolled;
        rolled.push(u);
        if may_retreat(s, target).iter().any(|v| !rolled.contains(v)) {
            s.pending.push(Pending::Rbm {
                target,
                attackers,
                rolled,
                fled,
            });
        } else {
            s.pending.push(Pending::Fight {
                target,
                attackers,
                fled,
            });
        }
        s.pending.extend(rest);
        return log;
    }
    if attempt {
        log.extend(rbm_roll(s, &rollers, target, &attackers, &mut fled));
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
                log.extend(rbm_roll(s, &[d], target, &attackers, &mut fled));
            }
        }
    }
    s.pending.push(Pending::Fight {
        target,
        attackers,
        fled,
    });
    s.pending.extend(rest);
    log
}

/// One roll on the Retreat Before Melee Table for `units` (10H1, 12C4); the units that
/// go are added to `fled`.
fn rbm_roll(
    s: &mut State,
    units: &[usize],
    target: Coord,
    attackers: &[usize],
    fled: &mut Vec<usize>,
) -> Vec<LogEntry> {
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
    if units.iter().any(|&u| super::works::prone(s, u)) {
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
                // 10F: a Routed unit that passes but cannot leave without entering an
                // enemy ZOC stays and is meleed; it never leaves, so it draws no fire.
                // A unit with nowhere to go stays as well.
                let last = s.units[u].mode != Mode::Mounted;
                let opts = super::morale::retreat_options(s, u, &away, last);
                if opts.is_empty() {
                    log.push(LogEntry::public(format!(
                        "{} has no hex to retreat to: it stays (10H1)",
                        s.def(u).name
                    )));
                    continue;
                }
                if s.units[u].routed && opts.iter().all(|&n| super::morale::hostile(s, u, n)) {
                    log.push(LogEntry::public(format!(
                        "{} is Routed and cannot leave without entering an enemy ZOC: it stays and is meleed (10F)",
                        s.def(u).name
                    )));
                    continue;
                }
                fled.push(u);
                // 9F: Opportunity fire at each unit before it leaves; the units that
                // leave with it do not shield it (5).
                let firers = super::fire::window_firers_leaving(s, u, target, units);
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
    // 14D Option #2: "The US player applies low ammo modifiers only when the unit has
    // no ammo boxes remaining and is involved in Melee."
    let low = if super::fire::on_roster(s, u) {
        s.units[u].halves == 0
    } else {
        s.units[u].low_ammo
    };
    if low && s.side(u) == Side::US {
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
    // 12C2: "The senior-most US Leader (US player's choice if equal rank) or any Indian
    // Leader (Indian player's choice)": the US takes the lowest rank number, the best
    // rating among equals; the Indians the best rating. A Leader with no ratings left
    // (12D1) gives nothing.
    let best = |hexes: Vec<Coord>, side: Side| {
        hexes
            .iter()
            .flat_map(|&h| s.leaders_at(h, side).collect::<Vec<_>>())
            .filter_map(|l| {
                let r = super::leaders::ratings(s, l)?.0;
                let seniority = match side {
                    Side::US => -(s.ldef(l).rank.unwrap_or(u32::MAX) as i64),
                    Side::Indian => 0,
                };
                Some(((seniority, r), s.ldef(l).name.clone()))
            })
            .max_by_key(|(k, _)| *k)
            .map(|((_, r), name)| (r, name))
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
    if defenders.iter().any(|&d| super::works::covered(s, d)) {
        // 16C: "do not use the Pinned/Prone modifier. The modifier is already part of
        // the Breastworks modifier."
        out.push((
            "defender under Breastworks (16C)".into(),
            drm(m, "breastworks"),
        ));
    } else if defenders
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
pub fn fight(s: &mut State, target: Coord, attackers: &[usize], fled: &[usize]) -> Vec<LogEntry> {
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
    let gone: Vec<usize> = fled
        .iter()
        .copied()
        .filter(|&f| s.hex(f).is_some())
        .collect();
    if defenders.is_empty() && !gone.is_empty() {
        // 10H2: "If all units in the target hex Retreat the attacking player may
        // attempt to pursue any of those units."
        log.push(LogEntry::public(format!(
            "Every defender left {}: the attacker may pursue (10H2)",
            s.stat.label(target)
        )));
        // 16A: a charger is Disrupted "after the resolution of the Melee Combat": here
        // none was resolved yet, so after the melee its pursuit re-initiates, or when the
        // pursuit ends without one.
        s.vacated.push((target, attackers.clone()));
        s.pending.insert(
            0,
            Pending::Pursuit {
                target,
                attackers,
                fled: gone,
                rolled: vec![],
                fought: vec![],
            },
        );
        return log;
    }
    if defenders.iter().all(|&d| !s.combat(d) || s.cf(d) == 0) {
        log.extend(super::charge::disrupt_chargers(s, &attackers));
        // Nothing left that fights: the hex is taken (12D5, 16B).
        for d in defenders {
            log.extend(eliminate(s, d, "(nothing left to defend the hex)"));
        }
        log.extend(super::movement::kill_lone_leaders(s, attackers[0], target));
        log.push(LogEntry::public(format!(
            "{} is empty: the attackers may advance into it (10H3)",
            s.stat.label(target)
        )));
        s.vacated.push((target, attackers));
        return log;
    }
    let charge: f64 = attackers
        .iter()
        .map(|&a| super::charge::bonus(s, a, target))
        .sum();
    let att: f64 = attackers
        .iter()
        .map(|&a| strength(s, a, false))
        .sum::<f64>()
        + charge;
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
        if charge > 0.0 {
            format!(
                "{}, with {} for the charge, 16A",
                super::fire::trim(att),
                super::fire::trim(charge)
            )
        } else {
            super::fire::trim(att)
        },
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
    // 14C (optional): "One Indian unit (each separate Melee) may re-supply with ammo if
    // it was involved in a Melee, and at least one US unit suffered a Casualty Point".
    let us_cp = if side == Side::US {
        a_part.cp
    } else {
        d_part.cp
    };
    if s.stat.options.indian_resupply && us_cp > 0 {
        let indians = if side == Side::US {
            &defenders
        } else {
            &attackers
        };
        log.extend(indian_resupply(s, indians));
    }
    // 10J1: after the melee each side may rout its units voluntarily.
    super::morale::offer_voluntary(s, side.other(), defenders.clone(), att_hexes.clone());
    super::morale::offer_voluntary(s, side, attackers.clone(), vec![target]);
    s.pending.extend(rest);
    log.extend(super::charge::disrupt_chargers(s, &attackers));
    s.vacated.push((target, attackers));
    log
}

/// 14C's optional rule: the Indian unit of the melee that gains most (the Low Ammo one
/// of the highest Combat Factor; the player's choice, made for him) takes ammunition.
fn indian_resupply(s: &mut State, indians: &[usize]) -> Vec<LogEntry> {
    let best = indians
        .iter()
        .copied()
        .filter(|&u| s.hex(u).is_some() && s.units[u].low_ammo)
        .max_by_key(|&u| (s.cf(u), std::cmp::Reverse(u)));
    let Some(u) = best else { return vec![] };
    s.units[u].low_ammo = false;
    vec![LogEntry::public(format!(
        "{} takes ammunition in the melee and is no longer Low on Ammo (14C optional rule)",
        s.def(u).name
    ))]
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
    let abandoned = matches!(s.units[u].at, Loc::Abandoned(_));
    log.extend(take_cp(s, u, 1));
    if abandoned {
        // 15B: "If the Pack Train has suffered losses, place the appropriate loss marker
        // under the Personnel counter."
        if let Some(p) = super::pack::personnel_of(s, u)
            && s.hex(p).is_some()
        {
            s.units[p].cp += 1;
            if s.cf(p) == 0 {
                s.units[p].at = Loc::Gone;
                log.push(LogEntry::public(format!(
                    "{} are lost with their train's last strength point (15B)",
                    s.def(p).name
                )));
            }
        }
    }
    if let Some(c) = at
        && s.hex(u).is_none()
    {
        let side = s.side(u);
        log.extend(super::leaders::die_with_last_unit(s, c, side));
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
    let alive: Vec<usize> = units.into_iter().filter(|&u| takes_cp(s, u)).collect();
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
        Some(Pending::Casualties { units, .. }) => {
            units.iter().copied().filter(|&u| takes_cp(s, u)).collect()
        }
        _ => vec![],
    }
}

/// Whether a unit of a melee can still take its side's Casualty Points: on the map, or
/// a Pack Train the same result's rout just left abandoned (10C1 with 10C3: the "c" is
/// not lost because the train routed; 15B: its Personnel carry the losses; found by the
/// sixth rules review).
fn takes_cp(s: &State, u: usize) -> bool {
    s.hex(u).is_some() || matches!(s.units[u].at, Loc::Abandoned(_)) && s.cf(u) > 0
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
    log.extend(super::movement::kill_lone_leaders(s, u, t));
    log
}

/// Whether an attacking unit may still pursue or attack again (10H2): on the map, not
/// Pinned or Routed, with strength.
fn can_pursue(s: &State, u: usize) -> bool {
    s.hex(u).is_some() && !s.units[u].pinned && !s.units[u].routed && s.cf(u) > 0
}

/// The hexes a pursuing unit may enter next (10H2: "Pursuing units may not enter enemy
/// occupied hexes"; not across a Cliff, 7; within the stacking limit, 6).
pub fn pursuit_steps(s: &State, u: usize) -> Vec<Coord> {
    let Some(c) = s.hex(u) else { return vec![] };
    let side = s.side(u);
    s.stat
        .map
        .neighbors(c)
        .filter(|&n| s.stat.on_board(n))
        .filter(|&n| s.stat.hexside(c, n) != Some("cliff"))
        .filter(|&n| s.at(n, side.other()).next().is_none())
        .filter(|&n| !overstacked_with(s, n, side, Some(u)))
        .collect()
}

/// The attacking units next to hex `h` that may attack it again after a pursuit (10H2).
fn pursuers_next_to(s: &State, attackers: &[usize], h: Coord) -> Vec<usize> {
    attackers
        .iter()
        .copied()
        .filter(|&a| can_pursue(s, a))
        .filter(|&a| {
            s.hex(a)
                .is_some_and(|c| c.distance(h) == 1 && s.stat.hexside(c, h) != Some("cliff"))
        })
        .collect()
}

/// The choices of a pursuit (10H2): roll for each attacking unit that has not, attack
/// again a hex where a unit that retreated is next to an attacking unit, or stop; in a
/// pursuit move, the next hex or stop.
pub fn pursuit_legal(s: &State) -> Vec<Action> {
    let mut out = vec![];
    match s.pending.first() {
        Some(Pending::Pursuit {
            target,
            attackers,
            fled,
            rolled,
            fought,
        }) => {
            // 16A: a unit that charged this hex must pursue.
            let forced = attackers.iter().any(|&a| {
                !rolled.contains(&a) && can_pursue(s, a) && super::charge::charged(s, a, *target)
            });
            if forced {
                return attackers
                    .iter()
                    .filter(|&&a| {
                        !rolled.contains(&a)
                            && can_pursue(s, a)
                            && super::charge::charged(s, a, *target)
                    })
                    .map(|&a| Action::Pursue {
                        unit: s.def(a).id.clone(),
                    })
                    .collect();
            }
            for &a in attackers {
                if !rolled.contains(&a) && can_pursue(s, a) {
                    out.push(Action::Pursue {
                        unit: s.def(a).id.clone(),
                    });
                }
            }
            let mut hexes: Vec<Coord> = fled
                .iter()
                .filter_map(|&f| s.hex(f))
                .filter(|h| !fought.contains(h))
                .filter(|&h| !pursuers_next_to(s, attackers, h).is_empty())
                .collect();
            hexes.sort();
            hexes.dedup();
            out.extend(hexes.into_iter().map(|h| Action::Melee {
                hex: s.stat.label(h),
            }));
        }
        Some(Pending::PursuitMove { unit, .. }) => {
            out.extend(
                pursuit_steps(s, *unit)
                    .into_iter()
                    .map(|n| Action::Advance {
                        unit: s.def(*unit).id.clone(),
                        hex: s.stat.label(n),
                    }),
            );
        }
        _ => return out,
    }
    out.push(Action::Halt);
    out
}

/// Roll to pursue with an attacking unit (10H2: "If the result is a 1 or 2 all
/// Dismounted units may move one hex and all Mounted units may move two hexes").
pub fn pursue(s: &mut State, u: usize) -> Vec<LogEntry> {
    let mut from = None;
    if let Some(Pending::Pursuit { rolled, target, .. }) = s.pending.first_mut() {
        rolled.push(u);
        from = Some(*target);
    }
    if from.is_some_and(|t| super::charge::charged(s, u, t)) {
        let hexes = if s.units[u].mode == Mode::Mounted {
            2
        } else {
            1
        };
        s.pending.insert(
            0,
            Pending::PursuitMove {
                unit: u,
                left: hexes,
            },
        );
        return vec![LogEntry::public(format!(
            "{} charged the hex and pursues without a roll: {hexes} hex(es) (16A, 10H2)",
            s.def(u).name
        ))];
    }
    let die = s.dice.d6();
    s.reveals += 1;
    let hexes = if s.units[u].mode == Mode::Mounted {
        2
    } else {
        1
    };
    let go = die <= 2;
    if go {
        s.pending.insert(
            0,
            Pending::PursuitMove {
                unit: u,
                left: hexes,
            },
        );
    }
    vec![LogEntry::public(format!(
        "{} rolls to pursue: 1d6 {die}: {} (10H2)",
        s.def(u).name,
        if go {
            format!("it may move {hexes} hex(es)")
        } else {
            "it stays".to_string()
        }
    ))]
}

/// One hex of a pursuit move (10H2): no MP; lone enemy Leaders there are killed (12D5)
/// and a VP hill scores (17).
pub fn pursuit_step(s: &mut State, u: usize, t: Coord) -> Vec<LogEntry> {
    s.units[u].at = Loc::Map(t);
    let mut log = vec![LogEntry::public(format!(
        "{} pursues into {} (10H2)",
        s.def(u).name,
        s.stat.label(t)
    ))];
    if let Some(Pending::PursuitMove { left, .. }) = s.pending.first_mut() {
        *left = left.saturating_sub(1);
        if *left == 0 {
            s.pending.remove(0);
        }
    }
    log.extend(super::movement::kill_lone_leaders(s, u, t));
    log.extend(super::victory::hills(s, u, t));
    log
}

/// Stop a pursuit move, or end the pursuit (10H2), or end a Mounted unit's Retreat
/// before melee after one hex (10H1).
pub fn halt(s: &mut State) -> Vec<LogEntry> {
    if super::morale::may_stop(s)
        && let Some(Pending::Retreat { unit, .. }) = s.pending.first().cloned()
    {
        s.pending.remove(0);
        return vec![LogEntry::public(format!(
            "{} retreats only one hex (10H1)",
            s.def(unit).name
        ))];
    }
    match s.pending.first() {
        Some(Pending::PursuitMove { .. }) => {
            s.pending.remove(0);
            vec![]
        }
        Some(Pending::Pursuit { attackers, .. }) => {
            let attackers = attackers.clone();
            s.pending.remove(0);
            let mut log = vec![LogEntry::public("The pursuit ends (10H2)".to_string())];
            log.extend(super::charge::disrupt_chargers(s, &attackers));
            log
        }
        _ => vec![],
    }
}

/// Attack again a hex a retreated unit reached (10H2: "Melee Combat may be re-initiated
/// (attackers option) against the defenders. In this situation no further Retreat
/// before melee is available to the defenders"): every attacking unit next to it joins.
pub fn reinitiate(s: &mut State, h: Coord) -> Vec<LogEntry> {
    let Some(Pending::Pursuit {
        attackers, fought, ..
    }) = s.pending.first_mut()
    else {
        return vec![];
    };
    fought.push(h);
    let attackers = attackers.clone();
    let by = pursuers_next_to(s, &attackers, h);
    let log = vec![LogEntry::public(format!(
        "{} attack {} again after the pursuit, with no Retreat before melee (10H2)",
        names(s, &by),
        s.stat.label(h)
    ))];
    s.pending.insert(
        0,
        Pending::Fight {
            target: h,
            attackers: by,
            fled: vec![],
        },
    );
    log
}
