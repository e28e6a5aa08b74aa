//! Flight after a hit: a mounted unit fleeing and dismounting (II.B.3), a routed unit
//! fleeing to Cover or being eliminated (II.B.4), and fire at a fleeing unit in each hex
//! of its flight (IV.C.2).

use super::fire::pin_and_check;
use super::los::in_cover;
use super::movement::carry_along;
use super::rally::morale_check;
use super::reaction::open_reaction;
use super::{eliminate, enemy_present, next_pending};
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::{Flight, Loc, Occupied, Pending, Phase, Pid, State, Terrain};

/// Whether a fleeing unit may pass through `to` (II.B.3-4): no Blaze, no enemy, no
/// Woods for a mounted unit. It may pass through a friendly unit's hex, as in any
/// movement (III.E.1 limits stacking at the end of the phase), but not stop there
/// ([`flee_end_ok`]). `occ` lists the hexes with pieces, so that an empty hex is judged
/// without looking at the pieces.
fn flee_passable(s: &State, unit: Pid, mounted: bool, to: Coord, occ: &Occupied) -> bool {
    let side = s.p(unit).side;
    !(s.blazes.iter().any(|(b, _, _)| *b == to)
        || (occ.has(to, s) && enemy_present(s, to, side))
        || (mounted && s.stat.terrain(to) == Terrain::Woods))
}

/// Whether another friendly unit stands in `to`: a flight may not end there (III.E.1).
fn friend_there(s: &State, unit: Pid, to: Coord, occ: &Occupied) -> bool {
    let side = s.p(unit).side;
    occ.has(to, s)
        && s.at(to)
            .any(|i| i != unit && s.p(i).side == side && s.p(i).kind.is_unit())
}

/// Whether a flight may end in `d` (II.B.3-4): a routed unit must reach Cover farther
/// from the enemy; a mounted unit must end farther from the enemy, or stay where it was
/// hit. A flight that has moved may not end in another friendly unit's hex (III.E.1).
fn flee_end_ok(
    s: &State,
    unit: Pid,
    why: Flight,
    (start_dist, moved): (u32, u8),
    d: Coord,
    occ: &Occupied,
) -> bool {
    if moved > 0 && friend_there(s, unit, d, occ) {
        return false;
    }
    let farther = s.nearest_enemy(s.p(unit).side, d) > start_dist;
    match why {
        Flight::Rout => moved > 0 && farther && in_cover(s, d, unit),
        Flight::Mounted => farther || moved == 0,
    }
}

/// A flight's legal actions (II.B.3-4, IV.C.2). The unit moves one hex at a time
/// (`flee U HEX`, HEX next to it) toward a hex where it may end, at most 4 hexes in
/// all; it ends the flight with `flee U HERE` (routed) or `flee U HERE DISMOUNT-HEX`
/// (mounted: dismount into that hex or one next to it).
pub(super) fn flee_options(
    s: &State,
    unit: Pid,
    why: Flight,
    start_dist: u32,
    moved: u8,
    out: &mut Vec<Action>,
) {
    let u = s.p(unit);
    let Some(from) = u.hex() else { return };
    let n = s.stat.tables.retreat_hexes.value as u32;
    let left = n.saturating_sub(u32::from(moved));
    let mounted = why == Flight::Mounted;
    let occ = Occupied::of(s);
    // Each hex reachable in the steps left, with the fewest steps it takes.
    let found = s.stat.map.reachable(
        from,
        left,
        |_, to| flee_passable(s, unit, mounted, to, &occ).then_some(1),
        |_| false,
    );
    let ends: Vec<(Coord, u32)> = found
        .iter()
        .filter(|&(&d, _)| {
            flee_end_ok(
                s,
                unit,
                why,
                (start_dist, moved + u8::from(d != from)),
                d,
                &occ,
            )
        })
        .map(|(&d, &(cost, _))| (d, cost))
        .collect();
    if ends.is_empty() {
        return;
    }
    if ends.iter().any(|&(d, _)| d == from) {
        match why {
            Flight::Rout => out.push(Action::Flee {
                unit: u.id,
                hex: from,
                dismount: None,
            }),
            Flight::Mounted => {
                let mut spots: Vec<Coord> = std::iter::once(from)
                    .chain(s.stat.map.neighbors(from))
                    .collect();
                spots.sort();
                for x in spots {
                    // Not into another friendly unit's hex (III.E.1), nor under the
                    // Horses in one it rode into during the flight.
                    let spot_ok = if x == from {
                        moved == 0 || !friend_there(s, unit, x, &occ)
                    } else {
                        flee_passable(s, unit, false, x, &occ) && !friend_there(s, unit, x, &occ)
                    };
                    if spot_ok {
                        out.push(Action::Flee {
                            unit: u.id,
                            hex: from,
                            dismount: Some(x),
                        });
                    }
                }
            }
        }
    }
    // Whether the flight, standing in `at` after `moved` hexes, can still reach a hex
    // where it may end within `left` more hexes.
    let reach_end = |moved: u8, at: Coord, left: u32| {
        let found = s.stat.map.reachable(
            at,
            left,
            |_, to| flee_passable(s, unit, mounted, to, &occ).then_some(1),
            |_| false,
        );
        found.iter().any(|(&d, &(cost, _))| {
            let m = moved.saturating_add(u8::try_from(cost).unwrap_or(u8::MAX));
            flee_end_ok(s, unit, why, (start_dist, m), d, &occ)
        })
    };
    // A step is legal if an end is still in reach from the hex it enters.
    let mut steps: Vec<Coord> = s
        .stat
        .map
        .neighbors(from)
        .filter(|&nb| found.get(&nb).is_some_and(|&(cost, _)| cost == 1))
        .filter(|&nb| reach_end(moved + 1, nb, left - 1))
        .collect();
    steps.sort();
    for nb in steps {
        out.push(Action::Flee {
            unit: u.id,
            hex: nb,
            dismount: None,
        });
    }
}

/// Whether `u` is in the middle of a flight that goes on after the current decision.
pub(super) fn flight_goes_on(s: &State, u: Pid) -> bool {
    s.queue
        .iter()
        .any(|p| matches!(p, Pending::Flee { unit, .. } if *unit == u))
}

pub(super) fn queue_flee(s: &mut State, t: Pid, why: Flight, start: u32) {
    match s.pending.clone() {
        Pending::None => {}
        Pending::Reaction { mover, .. } => {
            // A flight interrupts a reaction window; the window is closed (the mover, if
            // it flees, gets a new window where it lands).
            s.fleeing.remove(&mover);
            s.pending = Pending::None;
        }
        _ => {
            s.queue.push(Pending::Flee {
                unit: t,
                why,
                start_dist: start,
                moved: 0,
            });
            return;
        }
    }
    s.pending = Pending::Flee {
        unit: t,
        why,
        start_dist: start,
        moved: 0,
    };
    settle_flight_without_options(s);
}

/// If the pending flight has nowhere to go, it is settled at once: a routed unit is
/// eliminated (II.B.4), a mounted unit dismounts in place and is Pinned (II.B.3). A
/// flight queued behind another decision is checked here too when it comes up, so a
/// seat is never asked to flee with no hex to flee to.
pub(super) fn settle_flight_without_options(s: &mut State) {
    let Pending::Flee {
        unit: t,
        why,
        start_dist,
        moved,
    } = s.pending.clone()
    else {
        return;
    };
    let mut v = Vec::new();
    flee_options(s, t, why, start_dist, moved, &mut v);
    if v.is_empty() {
        s.pending = Pending::None;
        s.fleeing.remove(&t);
        match why {
            Flight::Rout => {
                let mut log = Vec::new();
                eliminate(
                    s,
                    t,
                    &mut log,
                    "routed with no hex in Cover farther from the enemy within 4 hexes (II.B.4)",
                );
                s.pending_log.extend(log);
            }
            Flight::Mounted => {
                // Nowhere farther: dismount in place.
                s.pm(t).mounted_on = None;
                let mut log = Vec::new();
                pin_and_check(s, t, &mut log);
                s.pending_log.extend(log);
            }
        }
    }
    if s.active == Some(t) && s.pending == Pending::None {
        s.rec_mut(t).done = true;
        s.active = None;
    }
}

/// One action of a flight (II.B.3-4): a hex of movement, or the end of the flight. In
/// the fleeing side's own Movement phase the enemy may fire at it in each hex it enters,
/// and a second hit eliminates it (IV.C.2).
pub(super) fn flee(
    s: &mut State,
    u: Pid,
    to: Coord,
    dismount: Option<Coord>,
    log: &mut Vec<LogEntry>,
) {
    let Pending::Flee {
        why,
        start_dist,
        moved,
        ..
    } = s.pending.clone()
    else {
        return;
    };
    let here = s.p(u).hex().unwrap_or(to);
    let reacts = s.phase == Phase::Movement && s.p(u).side == s.phasing;
    let verb = if why == Flight::Rout {
        "routs"
    } else {
        "flees mounted"
    };
    if to != here {
        s.pm(u).loc = Loc::Map(to);
        carry_along(s, u, to);
        log.push(LogEntry::public(format!(
            "{} {verb} {here} -> {to} (hex {} of at most {}, {})",
            s.p(u).id,
            moved + 1,
            s.stat.tables.retreat_hexes.value,
            if why == Flight::Rout {
                "II.B.4"
            } else {
                "II.B.3"
            }
        )));
        let next = Pending::Flee {
            unit: u,
            why,
            start_dist,
            moved: moved + 1,
        };
        if reacts {
            s.fleeing.insert(u);
            s.pending = Pending::None;
            s.queue.insert(0, next);
            open_reaction(s, u, to);
            next_pending(s);
        } else {
            s.pending = next;
        }
        log.append(&mut s.pending_log);
        return;
    }
    s.pending = Pending::None;
    if s.active == Some(u) {
        s.rec_mut(u).done = true;
        s.active = None;
    }
    let mut end = here;
    match why {
        Flight::Rout => {
            log.push(LogEntry::public(format!(
                "{} ends its rout in {here}, in Cover (II.B.4)",
                s.p(u).id
            )));
            s.pm(u).pinned = true;
        }
        Flight::Mounted => {
            end = dismount.unwrap_or(here);
            s.pm(u).mounted_on = None;
            s.pm(u).loc = Loc::Map(end);
            log.push(LogEntry::public(format!(
                "{} ends its flight in {here}, dismounts into {end} and is Pinned (II.B.3)",
                s.p(u).id
            )));
            s.pm(u).pinned = true;
            if !in_cover(s, end, u) {
                morale_check(s, u, log, "dismounted into the Open (II.B.3)");
            }
        }
    }
    // IV.C.2: dismounting into another hex is still movement caused by the hit.
    if reacts && end != here && s.pending == Pending::None && s.p(u).on_map() {
        s.fleeing.insert(u);
        open_reaction(s, u, end);
    } else if !matches!(s.pending, Pending::Flee { unit, .. } if unit == u) {
        s.fleeing.remove(&u);
    }
    next_pending(s);
    log.append(&mut s.pending_log);
}
