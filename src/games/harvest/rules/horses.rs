//! Horses counters: mounting and dismounting (III.C.2), loose Horses moving at random
//! and being caught (III.G, started by IX.D's scenario switch), Thirsty Horses (III.G.8),
//! and limbered artillery and movable Wagons towed by Horses (III.I).

use super::fire::artillery_at;
use super::{eliminate, enemy_present, seat_name, start_melee};
use crate::core::game::LogEntry;
use crate::core::hexmap::{Coord, Dir};
use crate::games::harvest::data::Special;
use crate::games::harvest::state::{
    HorseWalk, Kind, Loc, Pending, Phase, Pid, Side, State, Terrain,
};

/// The gun (or movable Wagon, III.I.3) limbered to the Horses `unit` rides, if any
/// (III.I.1).
pub(super) fn limbered_gun(s: &State, unit: Pid) -> Option<Pid> {
    let h = s.p(unit).mounted_on?;
    (0..s.pieces.len() as Pid).find(|&i| {
        matches!(s.p(i).kind, Kind::Artillery | Kind::Wagon) && s.p(i).mounted_on == Some(h)
    })
}

/// How the log names a towed piece, and the rule that lets it move: a gun (III.I.1) or a
/// movable Wagon (III.I.3).
pub(super) fn towed(s: &State, g: Pid) -> (&'static str, &'static str) {
    if s.p(g).kind == Kind::Wagon {
        ("the Wagon", "III.I.3")
    } else {
        ("its gun", "III.I.1")
    }
}

/// Whether the scenario lets a side's Wagons move (III.I.3).
fn wagons_move(s: &State, side: Side) -> bool {
    s.special(|sp| matches!(sp, Special::MovableWagons { side: x } if *x == side))
}

/// What a unit in `c` limbers when it mounts Horses, or may shift a hex: a Crew its
/// unlimbered gun (III.I.1-2), any unit a friendly Wagon where Wagons may move (III.I.3).
pub(super) fn towable_at(s: &State, unit: Pid, c: Coord) -> Option<Pid> {
    let u = s.p(unit);
    match u.kind {
        Kind::Crew => artillery_at(s, c),
        Kind::Unit if wagons_move(s, u.side) => s.at(c).find(|&i| {
            let w = s.p(i);
            w.kind == Kind::Wagon && w.side == u.side && w.mounted_on.is_none()
        }),
        _ => None,
    }
}

/// The Horses counter `unit` could mount in hex `c` (III.C.2.b, III.C.2.d). `empty`:
/// no piece at all stands in `c`, so no Horses either.
pub(super) fn mount_target(s: &State, unit: Pid, c: Coord, empty: bool) -> Option<Pid> {
    if empty {
        return None;
    }
    let u = s.p(unit);
    if u.hidden && s.stat.terrain(c) == Terrain::River {
        return None;
    }
    if s.stat.terrain(c) == Terrain::Woods {
        return None;
    }
    let from = u.hex()?;
    if c != from
        && (s.unit_at(c, u.side).is_some() && u.kind.is_unit()
            || enemy_present(s, c, u.side)
            || s.blazes.iter().any(|(b, _, _)| *b == c))
    {
        return None;
    }
    s.at(c).find(|&h| {
        let hp = s.p(h);
        if hp.kind != Kind::Horses || hp.side != u.side {
            return false;
        }
        let riders: Vec<Kind> = s
            .pieces
            .iter()
            .filter(|p| p.mounted_on == Some(h))
            .map(|p| p.kind)
            .collect();
        match u.kind {
            Kind::Leader => !riders.contains(&Kind::Leader),
            _ => !riders.iter().any(|k| k.is_unit()),
        }
    })
}

pub(super) fn dismount_ok(s: &State, unit: Pid, c: Coord) -> bool {
    let u = s.p(unit);
    let Some(from) = u.hex() else { return false };
    if c == from {
        return true;
    }
    if s.blazes.iter().any(|(b, _, _)| *b == c) {
        return false;
    }
    if u.kind.is_unit() && s.unit_at(c, u.side).is_some() {
        return false;
    }
    if u.kind == Kind::Leader
        && s.at(c)
            .any(|i| s.p(i).kind == Kind::Leader && s.p(i).side == u.side)
    {
        return false;
    }
    !(enemy_present(s, c, u.side) && s.rec(unit).is_some_and(|r| r.started_with_enemy))
}

pub(super) fn thirsty(s: &mut State, u: Pid, to: Coord, log: &mut Vec<LogEntry>) {
    let roll = s.dice.d6();
    s.reveals += 1;
    let stop = roll >= s.stat.tables.thirsty_stop.value as u8;
    if stop {
        s.rec_mut(u).thirsty = true;
        s.rec_mut(u).done = true;
    }
    log.push(LogEntry::public(format!(
        "Thirsty Horses (III.G.8) in {to}: die {roll}: {}",
        if stop {
            "4-6, the Horses stop in the River for the rest of the phase"
        } else {
            "they go on"
        }
    )));
}

/// III.G.1: list the Horses that will move at random at the end of this Movement phase
/// (not mounted, not held by a unit in or next to their hex, from the scenario's turn).
pub(super) fn start_loose_horses(s: &mut State) {
    s.loose.clear();
    s.walk = None;
    let from_turn = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::RandomHorsesFrom { turn } => Some(*turn),
        _ => None,
    });
    if from_turn.is_some_and(|t| s.turn < t) {
        return;
    }
    s.loose = (0..s.pieces.len() as Pid)
        .filter(|&h| {
            s.p(h).kind == Kind::Horses
                && !s.pieces.iter().any(|p| p.mounted_on == Some(h))
                && s.p(h).hex().is_some_and(|c| sides_near(s, c).is_empty())
        })
        .collect();
}

/// The sides with a unit in or next to `c` (III.G.5-6), the side with a unit in the
/// hex itself first, then the phasing side.
fn sides_near(s: &State, c: Coord) -> Vec<Side> {
    let mut out: Vec<Side> = vec![];
    for n in std::iter::once(c).chain(s.stat.map.neighbors(c)) {
        for u in s.at(n).filter(|&u| s.p(u).kind.is_unit()) {
            let side = s.p(u).side;
            if !out.contains(&side) {
                out.push(side);
            }
        }
    }
    if out.len() == 2 && s.at(c).all(|u| !s.p(u).kind.is_unit()) {
        out.sort_by_key(|&side| side != s.phasing);
    }
    out
}

/// Move loose Horses at random (III.G.2-4, 8) one hex at a time. When they come into
/// or next to a hex with a unit, the unit's owner decides whether to stop them and
/// take control (III.G.5): the walk pauses on `Pending::Capture` and this resumes it.
/// When every loose Horses counter has moved, the Melee phase begins.
pub(super) fn run_loose_horses(s: &mut State, log: &mut Vec<LogEntry>) {
    loop {
        if s.pending != Pending::None || s.phase != Phase::Movement {
            return;
        }
        let Some(mut w) = s.walk.take() else {
            if s.loose.is_empty() {
                start_melee(s, log);
                return;
            }
            let h = s.loose.remove(0);
            let Some(start) = s.p(h).hex() else { continue };
            let dir_roll = s.dice.d6();
            let dist = s.dice.d6();
            s.reveals += 1;
            let dir = Dir::ALL[usize::from(dir_roll - 1)];
            log.push(LogEntry::public(format!(
                "Loose Horses {} in {start} move at random (III.G.1): direction die {dir_roll} -> {dir:?} ({}), distance die {dist}",
                s.p(h).id,
                s.stat.tables.random_direction.label()
            )));
            s.walk = Some(HorseWalk {
                horse: h,
                start,
                dir_roll,
                dist,
                left: dist,
                drinking: false,
                deciders: vec![],
            });
            continue;
        };
        let h = w.horse;
        let id = s.p(h).id;
        let Some(c) = s.p(h).hex() else { continue };
        if w.left == 0 || w.drinking {
            log.push(LogEntry::public(format!("Loose Horses {id} stop in {c}")));
            continue;
        }
        let dir = Dir::ALL[usize::from(w.dir_roll - 1)];
        let Some(n) = c.step(dir).filter(|n| s.stat.map.contains(*n)) else {
            log.push(LogEntry::public(format!(
                "Loose Horses {id} run off the map from {c} and are eliminated (III.G.4)"
            )));
            eliminate(s, h, log, "ran off the map (III.G.4)");
            continue;
        };
        if s.stat.terrain(n) == Terrain::Woods || s.blazes.iter().any(|(b, _, _)| *b == n) {
            log.push(LogEntry::public(format!(
                "Loose Horses {id} run into {n} (Woods or Blaze) and are eliminated (III.G.4)"
            )));
            eliminate(s, h, log, "ran into Woods or a Blaze (III.G.4)");
            continue;
        }
        w.left -= 1;
        s.pm(h).loc = Loc::Map(n);
        if s.stat.terrain(n) == Terrain::River {
            let r = s.dice.d6();
            s.reveals += 1;
            if r >= s.stat.tables.thirsty_stop.value as u8 {
                log.push(LogEntry::public(format!(
                    "Loose Horses {id} stop to drink in {n} (III.G.8, die {r})"
                )));
                w.drinking = true;
            }
        }
        let mut near = sides_near(s, n);
        if !near.is_empty() {
            let side = near.remove(0);
            w.deciders = near;
            s.pending = Pending::Capture { horse: h, side };
            log.push(LogEntry::public(format!(
                "Loose Horses {id} come into or next to a unit's hex in {n}: {} may stop them and take control (III.G.5)",
                seat_name(s, side)
            )));
        }
        s.walk = Some(w);
    }
}
