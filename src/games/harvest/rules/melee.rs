//! Melee (V): contested hexes, the Melee Combat Table (V.2, Table 2), leaders and
//! Medicine left alone with the enemy (V.5, VII.C), one melee action per unit (VIII.B),
//! and razing Dependents and Lodges (VIII.A.3, VIII.D).

use super::eliminate;
use super::hidden::unhide;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::{Kind, Loc, Occupied, Pid, State};

/// Hexes where a melee must be fought (V): a unit of each side.
pub fn contested_hexes(s: &State) -> Vec<Coord> {
    // The evaluation asks this of every position it scores, and most have no melee:
    // one pass notes the hexes of the second side's units, a second finds the first
    // side's units in them, and nothing is allocated while no hex is contested.
    let theirs = Occupied::of_pieces(s, |p| p.side == 1 && p.kind.is_unit());
    let mut v: Vec<Coord> = s
        .pieces
        .iter()
        .filter(|p| p.side == 0 && p.kind.is_unit())
        .filter_map(|p| p.hex())
        .filter(|&c| theirs.has(c, s) && s.unit_at(c, 1).is_some())
        .collect();
    v.sort();
    v.dedup();
    v
}

pub(super) fn raze_actions(s: &State, out: &mut Vec<Action>) {
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != s.phasing || !p.kind.is_unit() || s.meleed.contains(&i) {
            continue;
        }
        let Some(c) = p.hex() else { continue };
        if s.unit_at(c, 1 - p.side).is_some() {
            continue;
        }
        for t in s.at(c) {
            let tp = s.p(t);
            if tp.side != p.side && matches!(tp.kind, Kind::Dependent | Kind::Lodge) {
                out.push(Action::Raze {
                    unit: p.id,
                    target: tp.id,
                });
            }
        }
    }
}

/// What `own` needs on a die to eliminate `enemy` in melee, and the differential it
/// is read from: the difference of Melee Strengths, held to -2..+2, looked up on the
/// Melee Combat Table (V.2; MCT Table 2).
pub(crate) fn melee_need(s: &State, own: Pid, enemy: Pid) -> (i8, u8) {
    let d = (s.p(own).melee as i8 - s.p(enemy).melee as i8).clamp(-2, 2);
    let n = s
        .stat
        .tables
        .mct
        .iter()
        .find(|m| m.differential == d)
        .map_or(4, |m| m.need);
    (d, n)
}

pub(super) fn melee(s: &mut State, c: Coord, log: &mut Vec<LogEntry>) {
    let (Some(a), Some(b)) = (s.unit_at(c, 0), s.unit_at(c, 1)) else {
        return;
    };
    unhide(s, c, log, "melee (III.F.9)");
    s.meleed.insert(a);
    s.meleed.insert(b);
    let (da, na) = melee_need(s, a, b);
    let (db, nb) = melee_need(s, b, a);
    let mut round = 1;
    loop {
        let ra = s.dice.d6();
        let rb = s.dice.d6();
        s.reveals += 1;
        let a_kills = ra >= na;
        let b_kills = rb >= nb;
        log.push(LogEntry::public(format!(
            "Melee in {c}, round {round} (V; MCT Table 2): {} differential {da:+} needs {na}, rolls {ra}{}; {} differential {db:+} needs {nb}, rolls {rb}{}",
            s.p(a).id,
            if a_kills { " — eliminates its enemy" } else { "" },
            s.p(b).id,
            if b_kills { " — eliminates its enemy" } else { "" },
        )));
        if a_kills {
            eliminate(s, b, log, "melee (V.3)");
        }
        if b_kills {
            eliminate(s, a, log, "melee (V.3)");
        }
        if a_kills || b_kills {
            break;
        }
        round += 1;
        // V.4 repeats until a result; every round ends it with probability at least
        // 1 - (5/6)^2, so this guard (against forced-dice scripts that run dry into a
        // fixed stream) is never reached in play.
        if round > 200 {
            break;
        }
    }
    lone_leaders_and_medicine(s, c, log);
}

/// Leaders or Medicine left alone with an enemy unit are eliminated (V.5, VII.C).
pub(super) fn lone_leaders_and_medicine(s: &mut State, c: Coord, log: &mut Vec<LogEntry>) {
    // Which sides have a combat unit here, in one look at the pieces.
    let mut units = [false; 2];
    for i in s.at(c) {
        let p = s.p(i);
        if p.kind.is_unit() && p.side < 2 {
            units[usize::from(p.side)] = true;
        }
    }
    for side in 0..2u8 {
        if !units[usize::from(side)] && units[usize::from(1 - side)] {
            let lone: Vec<Pid> = s
                .at(c)
                .filter(|&i| {
                    s.p(i).side == side && matches!(s.p(i).kind, Kind::Leader | Kind::Medicine)
                })
                .collect();
            for i in lone {
                if s.p(i).kind == Kind::Medicine {
                    s.pm(i).loc = Loc::Removed;
                    log.push(LogEntry::public(format!(
                        "Medicine {} left alone with the enemy is eliminated (V.5)",
                        s.p(i).id
                    )));
                } else {
                    eliminate(
                        s,
                        i,
                        log,
                        "left alone in a hex with an enemy unit (V.5, VII.C)",
                    );
                }
            }
        }
    }
}
