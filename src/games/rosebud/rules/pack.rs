//! The Pack Trains' Personnel (15B, 15C): a Pack Train that routs is abandoned in its
//! hex and its Personnel rout in its place; the Personnel rejoin it by entering its hex
//! and must make for it while apart; an Indian combat unit in the hex of an abandoned
//! train in the Indian Rally Phase destroys it; once the train is eliminated, the
//! Personnel may give their strength to Infantry or Cavalry units as replacements.

use super::fire::{eliminate, zoc_reaches};
use super::morale::start_rout;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Kind, Mode, Side};
use crate::games::rosebud::state::{Loc, State};

/// The Personnel counter of a Pack Train.
pub fn personnel_of(s: &State, train: usize) -> Option<usize> {
    let id = &s.def(train).id;
    (0..s.units.len()).find(|&p| s.def(p).train.as_deref() == Some(id.as_str()))
}

/// The Pack Train a Personnel counter belongs to.
pub fn train_of(s: &State, p: usize) -> Option<usize> {
    let id = s.def(p).train.as_deref()?;
    s.find(id)
}

/// Where a Personnel counter's train lies abandoned, if it does.
pub fn abandoned_at(s: &State, p: usize) -> Option<Coord> {
    match s.units[train_of(s, p)?].at {
        Loc::Abandoned(c) => Some(c),
        _ => None,
    }
}

/// 15B, 15C: a Pack Train that routs is abandoned where it stands; its Personnel are
/// placed there with its losses and make the rout.
pub fn abandon(s: &mut State, train: usize, away: &[Coord]) -> Vec<LogEntry> {
    let Some(c) = s.hex(train) else {
        return vec![];
    };
    let Some(p) = personnel_of(s, train) else {
        // No Personnel counter in the data: the train routs like any unit.
        return vec![];
    };
    s.units[train].at = Loc::Abandoned(c);
    s.units[train].pinned = false;
    s.units[train].disrupted = false;
    let lost = s.units[train].cp;
    let x = &mut s.units[p];
    x.at = Loc::Map(c);
    x.mode = Mode::Dismounted;
    x.cp = lost;
    x.pinned = false;
    x.routed = false;
    x.disrupted = false;
    x.low_ammo = false;
    x.spent = 0;
    x.moved = false;
    let mut log = vec![LogEntry::public(format!(
        "{} is abandoned in {}: its Personnel take the rout (15B, 15C)",
        s.def(train).name,
        s.stat.label(c)
    ))];
    if s.cf(p) == 0 {
        return log;
    }
    log.extend(start_rout(s, p, away));
    log
}

/// A Pack Train loses the supplies of `levels` strength levels (15C: "Every time it is
/// reduced eliminate 1 ammunition point from the current level (or 5 small arms for each
/// Casualty Point loss)", the latter with the Ammo Roster of 14D).
pub fn lose_supplies(s: &mut State, t: usize, levels: u32) {
    if s.stat.options.ammo == crate::games::rosebud::data::AmmoRule::Roster {
        let per = 2 * s.stat.tables.ammo_roster.per_cp;
        s.units[t].halves = s.units[t].halves.saturating_sub(per * levels);
    } else {
        s.units[t].ammo = s.units[t].ammo.saturating_sub(levels);
    }
}

/// The VP a Pack Train's remaining supplies add when it is eliminated (15D: "each ammo
/// point (or every 10 small arms ammo boxes) held by the Pack Train").
pub fn supplies_vp(s: &State, t: usize) -> i32 {
    if s.stat.options.ammo == crate::games::rosebud::data::AmmoRule::Roster {
        let per = 2 * s.stat.tables.ammo_roster.vp_small_arms;
        (s.units[t].halves / per) as i32
    } else {
        s.units[t].ammo as i32
    }
}

/// 15B: Personnel entering the hex of their abandoned train rejoin it; the train falls
/// to the Personnel's strength, losing an ammunition point for each level (15C), and a
/// Low Ammo marker on the Personnel is removed.
pub fn rejoin(s: &mut State, p: usize) -> Vec<LogEntry> {
    let (Some(t), Some(c)) = (train_of(s, p), s.hex(p)) else {
        return vec![];
    };
    if s.units[t].at != Loc::Abandoned(c) {
        return vec![];
    }
    let strength = s.cf(p);
    let face = s.face(t).cf;
    let was = s.units[t].cp;
    let now = face.saturating_sub(strength).max(was);
    s.units[t].cp = now;
    lose_supplies(s, t, now - was);
    s.units[t].at = Loc::Map(c);
    s.units[p].at = Loc::Off;
    s.units[p].low_ammo = false;
    vec![LogEntry::public(format!(
        "{}'s Personnel rejoin it in {}: strength {}{} (15B)",
        s.def(t).name,
        s.stat.label(c),
        s.cf(t),
        if now > was {
            format!(", {} ammunition point(s) lost", now - was)
        } else {
            String::new()
        }
    ))]
}

/// 15B, in the Indian Rally Phase: an abandoned Pack Train with an Indian combat unit in
/// its hex is destroyed with its supplies (15D scores it).
pub fn rally(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    if s.phasing != Side::Indian {
        return log;
    }
    for t in 0..s.units.len() {
        let Loc::Abandoned(c) = s.units[t].at else {
            continue;
        };
        if s.at(c, Side::Indian).any(|u| s.combat(u)) {
            s.units[t].at = Loc::Map(c);
            log.extend(eliminate(
                s,
                t,
                "abandoned, with its supplies, where Indian warriors hold the hex (15B)",
            ));
        }
    }
    log
}

/// 15B: Personnel apart from their abandoned train "must spend all available MPs to
/// rejoin the Pack Train": their moves go only closer to it.
pub fn allows_step(s: &State, p: usize, from: Coord, to: Coord) -> bool {
    s.kind(p) != Kind::PackPersonnel
        || abandoned_at(s, p).is_none_or(|t| to.distance(t) < from.distance(t))
}

/// 15B: a step that keeps the Personnel bound to move (closer to the train and out of
/// every enemy ZOC: "This requirement is suspended if the path to the Pack Train is not
/// free of enemy ZOCs").
///
/// The train's own hex is on the path: when an enemy ZOC covers it the whole duty lapses
/// (found by the fifth rules review; the engine had made the Personnel step up to the
/// edge of that ZOC).
pub fn must_take(s: &State, p: usize, to: Coord) -> bool {
    let in_zoc = |h: Coord| {
        (0..s.units.len())
            .any(|e| s.side(e) == Side::Indian && s.hex(e).is_some() && zoc_reaches(s, e, h))
    };
    s.kind(p) == Kind::PackPersonnel
        && abandoned_at(s, p).is_some_and(|t| !in_zoc(t))
        && !in_zoc(to)
}

/// The Cavalry and Infantry units Personnel may give strength to (15B): the train is
/// eliminated; the unit has lost strength, is neither Routed nor Pinned, and is within
/// 2 hexes by a path that crosses no Cliff and no enemy ZOC.
pub fn transfer_legal(s: &State) -> Vec<Action> {
    let mut out = vec![];
    for p in 0..s.units.len() {
        if s.kind(p) != Kind::PackPersonnel
            || s.side(p) != s.phasing
            || s.units[p].routed
            || train_of(s, p).is_none_or(|t| s.units[t].at != Loc::Gone)
        {
            continue;
        }
        let Some(a) = s.hex(p) else { continue };
        for v in 0..s.units.len() {
            if !matches!(s.kind(v), Kind::Cavalry | Kind::Infantry | Kind::Miners)
                || s.side(v) != s.side(p)
                || s.units[v].cp == 0
                || s.units[v].routed
                || s.units[v].pinned
            {
                continue;
            }
            let Some(b) = s.hex(v) else { continue };
            if reachable(s, a, b) {
                out.push(Action::Transfer {
                    from: s.def(p).id.clone(),
                    to: s.def(v).id.clone(),
                });
            }
        }
    }
    out
}

/// A path of at most 2 hexes from `a` to `b` that crosses no Cliff and passes through no
/// enemy ZOC on the way (15B).
fn reachable(s: &State, a: Coord, b: Coord) -> bool {
    let open = |x: Coord, y: Coord| s.stat.hexside(x, y) != Some("cliff");
    let free = |m: Coord| {
        !(0..s.units.len())
            .any(|e| s.side(e) == Side::Indian && s.hex(e).is_some() && zoc_reaches(s, e, m))
            && s.at(m, Side::Indian).next().is_none()
    };
    match a.distance(b) {
        0 => true,
        1 => open(a, b),
        2 => s
            .stat
            .map
            .neighbors(a)
            .any(|m| m.distance(b) == 1 && open(a, m) && open(m, b) && free(m)),
        _ => false,
    }
}

/// Give one strength point of Personnel to a unit (15B: "It costs 0 MPs"): the unit
/// loses a Casualty Point, the Personnel gain one; Personnel with nothing left are
/// removed (their men have joined the companies; no VP).
pub fn transfer(s: &mut State, p: usize, v: usize) -> Vec<LogEntry> {
    s.units[v].cp -= 1;
    s.units[p].cp += 1;
    let mut log = vec![LogEntry::public(format!(
        "{} give a strength point to {}: CF {} (15B)",
        s.def(p).name,
        s.def(v).name,
        s.cf(v)
    ))];
    if s.cf(p) == 0 {
        s.units[p].at = Loc::Off;
        log.push(LogEntry::public(format!(
            "{} have no one left to give (15B)",
            s.def(p).name
        )));
    }
    log
}
