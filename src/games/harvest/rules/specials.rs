//! The scenario special rules (IX): the Army's march at Wood Lake (IX.A), Blazes at the
//! Wagon Box (IX.B), even-turn reinforcements at the Washita (IX.D), Dust markers and
//! Bad Medicine at Beecher's Island (IX.E), and Medicine attrition at Reno (IX.F).

use super::leaders::remove_medicine;
use super::victory::finish;
use super::{eliminate, next_pending, seat_name};
use crate::core::game::LogEntry;
use crate::core::hexmap::{Coord, Dir};
use crate::games::harvest::action::{Action, Id};
use crate::games::harvest::data::Special;
use crate::games::harvest::state::{Kind, Loc, Pending, Pid, Side, State, Terrain};

pub(super) fn marching(s: &State) -> Option<Dir> {
    if !s.marching {
        return None;
    }
    s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::MarchUntilFired { side, toward } if *side == s.phasing => Some(match toward {
            crate::core::hexmap::Edge::North => Dir::N,
            crate::core::hexmap::Edge::South => Dir::S,
            crate::core::hexmap::Edge::East => Dir::NE,
            crate::core::hexmap::Edge::West => Dir::NW,
        }),
        _ => None,
    })
}

pub(super) fn blaze_ok(s: &State, c: Coord) -> bool {
    // IX.B: not in a hex containing Cover (terrain or counters such as Wagons).
    if s.stat.tec(c).is_some_and(|t| t.cover) {
        return false;
    }
    !s.at(c).any(|i| {
        matches!(
            s.p(i).kind,
            Kind::Wagon | Kind::Blaze | Kind::Dust | Kind::Lodge | Kind::Horses
        ) || s.p(i).hidden
            || s.p(i).kind == Kind::Hidden
    })
}

/// IX.B: units in a Blaze hex must leave during their following Movement phase or be
/// eliminated (read as the owner's next Movement phase after the Blaze was set).
pub(super) fn blaze_deadline(s: &mut State, log: &mut Vec<LogEntry>) {
    let blazes = s.blazes.clone();
    for (c, turn, setter) in blazes {
        let due = if s.phasing == setter {
            s.turn > turn
        } else {
            s.turn >= turn
        };
        if !due {
            continue;
        }
        let victims: Vec<Pid> = s
            .at(c)
            .filter(|&i| {
                s.p(i).side == s.phasing
                    && matches!(s.p(i).kind, Kind::Unit | Kind::Crew | Kind::Leader)
            })
            .collect();
        for v in victims {
            eliminate(s, v, log, "did not leave the Blaze hex (IX.B)");
        }
    }
}

pub(super) fn marker(
    kind: Kind,
    side: Side,
    id: String,
    hex: Coord,
) -> crate::games::harvest::state::Piece {
    crate::games::harvest::state::Piece {
        id: format!("{}{}", if kind == Kind::Blaze { "x" } else { "u" }, id).into(),
        kind,
        side,
        loc: Loc::Map(hex),
        label: format!("{kind:?}").into(),
        melee: 0,
        morale: 0,
        ma: 0,
        fire: None,
        militia: false,
        pinned: false,
        flipped: false,
        hidden: false,
        mounted_on: None,
        letter: Id::from(""),
        row: 0,
        lost_ammo: Default::default(),
    }
}

/// IX.D: from turn 2, at the start of the Indian Movement phase on even turns, 1d6
/// units arrive from the east edge.
pub(super) fn reinforcements(s: &mut State, log: &mut Vec<LogEntry>) {
    let Some((side, zone)) = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::EvenTurnReinforcements { side, zone } => Some((*side, zone.clone())),
        _ => None,
    }) else {
        return;
    };
    if s.phasing != side || s.turn < 2 || !s.turn.is_multiple_of(2) {
        return;
    }
    let n = s.dice.d6();
    s.reveals += 1;
    let _ = zone;
    let available = recruit_pool(s, side).len();
    log.push(LogEntry::public(format!(
        "Reinforcements (IX.D): die {n}: {} unit(s) to pick from the pool (2-4-8/F0 or 2-3-8) to arrive at the east edge",
        usize::from(n).min(available)
    )));
    if available > 0 {
        s.pending = Pending::Recruit {
            left: n.min(available as u8),
        };
    }
}

/// Units of `side` that may be taken as reinforcements: the pool and, since IX.D lets
/// units be recycled, eliminated units.
fn recruit_pool(s: &State, side: Side) -> Vec<Pid> {
    (0..s.pieces.len() as Pid)
        .filter(|&i| {
            s.p(i).side == side
                && s.p(i).kind == Kind::Unit
                && matches!(s.p(i).loc, Loc::Pool | Loc::Eliminated)
        })
        .collect()
}

/// One `recruit` action per kind of counter in the pool (printed values and whether it
/// comes armed), choosing fresh counters before recycled ones.
pub(super) fn recruit_options(s: &State, out: &mut Vec<Action>) {
    let mut seen: Vec<(Id, bool)> = vec![];
    let mut pool = recruit_pool(s, s.phasing);
    pool.sort_by_key(|&i| (s.p(i).loc == Loc::Eliminated, i));
    for i in pool {
        let key = (s.p(i).label, s.carried(i).next().is_some());
        if !seen.contains(&key) {
            seen.push(key);
            out.push(Action::Recruit { unit: s.p(i).id });
        }
    }
}

pub(super) fn recruit(s: &mut State, u: Pid, log: &mut Vec<LogEntry>) {
    let zone = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::EvenTurnReinforcements { zone, .. } => Some(zone.clone()),
        _ => None,
    });
    let p = s.pm(u);
    p.loc = Loc::Offboard {
        zone: zone.unwrap_or_default().into(),
        turn: 0,
    };
    p.pinned = false;
    p.hidden = false;
    let armed = s.carried(u).any(|w| s.p(w).kind == Kind::Weapon);
    log.push(LogEntry::public(format!(
        "Reinforcement {} ({}{}) arrives at the east edge (IX.D)",
        s.p(u).id,
        s.p(u).label,
        if armed { ", with an \"M\"" } else { "" }
    )));
    let left = match s.pending {
        Pending::Recruit { left } => left.saturating_sub(1),
        _ => 0,
    };
    s.pending = if left > 0 && !recruit_pool(s, s.phasing).is_empty() {
        Pending::Recruit { left }
    } else {
        Pending::None
    };
    next_pending(s);
}

pub(super) fn dust(s: &mut State, t: Pid, c: Coord, log: &mut Vec<LogEntry>) {
    let Some(max) = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::Dust { side, markers } if *side == s.p(t).side => Some(*markers),
        _ => None,
    }) else {
        return;
    };
    let near_river = s
        .stat
        .map
        .coords()
        .any(|r| s.stat.terrain(r) == Terrain::River && r.distance(c) <= 2);
    if !near_river || s.dust.contains(&c) {
        return;
    }
    if s.dust.len() < usize::from(max) {
        s.dust.push(c);
        let n = s.dust.len();
        let side = s.p(t).side;
        s.pieces.push(marker(Kind::Dust, side, format!("{n}"), c));
        log.push(LogEntry::public(format!(
            "A Dust marker is placed in {c} (IX.E)"
        )));
    } else {
        // IX.E: all markers are out; the Indian player may move one to the new hex.
        let side = s.p(t).side;
        let d = Pending::Dust { hex: c, side };
        if s.pending == Pending::None {
            s.pending = d;
        } else {
            s.queue.push(d);
        }
        log.push(LogEntry::public(format!(
            "All Dust markers are placed: the {} player may move one to {c} (IX.E)",
            seat_name(s, side)
        )));
    }
}

pub(super) fn bad_medicine_source() -> &'static str {
    "RECONSTRUCTION: the seed names Bad Medicine but never defines it; see docs/reconstructions-harvest.md"
}

pub(super) fn medicine_attrition(s: &mut State, log: &mut Vec<LogEntry>) {
    let side = s.phasing;
    let rule = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::MedicineAttrition {
            side: x,
            turn,
            ends_game,
        } if *x == side => Some((*turn, *ends_game)),
        _ => None,
    });
    let meds = |s: &State| -> Vec<Pid> {
        (0..s.pieces.len() as Pid)
            .filter(|&i| {
                s.p(i).kind == Kind::Medicine
                    && s.p(i).side == side
                    && matches!(s.p(i).loc, Loc::Map(_) | Loc::Carried(_) | Loc::Held)
            })
            .collect()
    };
    if let Some((from, ends)) = rule
        && s.turn >= from
    {
        let roll = s.dice.d6();
        s.reveals += 1;
        let m = meds(s);
        if roll >= 4 {
            if let Some(&first) = m.first() {
                log.push(LogEntry::public(format!(
                    "Medicine attrition (IX.F): die {roll}: Medicine {} is removed",
                    s.p(first).id
                )));
                remove_medicine(s, first, log);
            }
        } else {
            log.push(LogEntry::public(format!(
                "Medicine attrition (IX.F): die {roll}: no effect"
            )));
        }
        if ends && meds(s).is_empty() {
            finish(s, log, "all Medicine markers are gone (IX.F)".into());
            return;
        }
    }
    if s.special(|sp| matches!(sp, Special::BadMedicine { side: x } if *x == side)) {
        let roll = s.dice.d6();
        s.reveals += 1;
        let m = meds(s);
        if roll == 6
            && let Some(&first) = m.first()
        {
            log.push(LogEntry::public(format!(
                "Bad Medicine: die {roll}: Medicine {} is lost ({})",
                s.p(first).id,
                bad_medicine_source()
            )));
            remove_medicine(s, first, log);
        }
    }
}
