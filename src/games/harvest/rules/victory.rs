//! Victory: points for eliminated pieces under each scenario's awards (IX), the sudden
//! ends (every unit eliminated, enough kills, no score left to change) and the result at
//! the end of the game.

use super::seat_name;
use crate::core::game::{LogEntry, Outcome};
use crate::core::hexmap::Coord;
use crate::games::harvest::data::{Award, ForceKind, VictoryRule};
use crate::games::harvest::state::{Kind, Loc, Pending, Phase, Pid, Side, State};

pub(super) fn score(s: &mut State, side: Side, kind: Kind, militia: bool, log: &mut Vec<LogEntry>) {
    // Every side but the one that lost the piece, without assuming there are two.
    for other in (0..s.points.len()).filter_map(|i| Side::try_from(i).ok()) {
        let points = award_for(s, other, kind, militia);
        if other == side || points == 0 {
            continue;
        }
        s.points[usize::from(other)] += points;
        log.push(LogEntry::public(format!(
            "{} scores {} (victory conditions, {})",
            seat_name(s, other),
            points,
            s.stat.scenario.rule
        )));
    }
}

/// The points `scorer` receives under the scenario's awards when an enemy piece of
/// `kind` (a militia piece when `militia`) is eliminated (IX: each scenario's victory
/// conditions). Two awards for the same piece add up.
pub(crate) fn award_for(s: &State, scorer: Side, kind: Kind, militia: bool) -> i32 {
    s.stat
        .scenario
        .victory
        .awards
        .iter()
        .filter(|a| a.side == scorer)
        .filter_map(|a| match &a.what {
            Award::Eliminated {
                kind: k,
                militia: m,
            } if force_kind_is(k, kind) && m.is_none_or(|mm| mm == militia) => Some(a.points),
            _ => None,
        })
        .sum()
}

pub(crate) fn units_left(s: &State, side: Side) -> usize {
    s.pieces
        .iter()
        .filter(|p| {
            p.side == side
                && p.kind.is_unit()
                && !matches!(p.loc, Loc::Eliminated | Loc::Removed | Loc::Pool)
        })
        .count()
}

pub(crate) fn kills(s: &State, side: Side) -> usize {
    s.eliminated
        .iter()
        .filter(|(sd, k, _)| *sd == side && (k.is_unit() || *k == Kind::Leader))
        .count()
}

pub(super) fn check_sudden_end(s: &mut State, log: &mut Vec<LogEntry>) {
    if s.phase == Phase::Over || s.phase == Phase::Setup {
        return;
    }
    let rule = s.stat.scenario.victory.rule.clone();
    match rule {
        VictoryRule::EliminateAll { attacker }
        | VictoryRule::EliminateAllOrHold { attacker, .. } => {
            if units_left(s, 1 - attacker) == 0 {
                finish(s, log, "every defending unit is eliminated".into());
            }
        }
        VictoryRule::KillsOrHold {
            attacker, kills: k, ..
        } => {
            if kills(s, 1 - attacker) >= usize::from(k) {
                finish(s, log, format!("{k} or more units eliminated"));
            }
        }
        _ => {
            // A points game lasts to its last turn (IX.A, IX.C, IX.D). It is cut short
            // only when no score can change any more, which gives the result playing on
            // would: one side has no units left (nor any to come), and the other has
            // nothing left to score. The Sioux who destroy the last Pawnee unit may still
            // raze the Dependents, at 2 points each (IX.C).
            if (units_left(s, 0) == 0 || units_left(s, 1) == 0) && !scores_may_change(s) {
                finish(
                    s,
                    log,
                    "one side has no units left and no score can change".into(),
                );
            }
        }
    }
}

/// Whether any victory points may still be scored: a side with units (on the map, still
/// to enter, or recycled to come back, IX.D) or a leader on the map has an enemy piece
/// left of a kind it scores for, Horses it scores for are still alive (loose Horses
/// die by themselves, III.G.4), or Horses kept at the end (IX.D) may still change hands.
/// It errs towards playing on.
fn scores_may_change(s: &State) -> bool {
    let to_come = |side: Side| {
        s.pieces.iter().any(|p| {
            p.side == side && p.kind.is_unit() && matches!(p.loc, Loc::Pool | Loc::Offboard { .. })
        })
    };
    let alive =
        |p: &crate::games::harvest::state::Piece| !matches!(p.loc, Loc::Eliminated | Loc::Removed);
    // A side still fights with units, or a leader (who may fire a pistol, VII.C).
    let fights = |side: Side| {
        units_left(s, side) > 0
            || to_come(side)
            || s.pieces
                .iter()
                .any(|p| p.side == side && p.kind == Kind::Leader && p.on_map())
    };
    s.stat
        .scenario
        .victory
        .awards
        .iter()
        .any(|a| match &a.what {
            Award::HorsesKept => s
                .pieces
                .iter()
                .any(|p| p.kind == Kind::Horses && p.on_map()),
            Award::Eliminated { kind, .. } => {
                // Loose Horses may run off the map or into Woods with nobody firing at
                // them (III.G.4), so Horses may still score for a side with no force.
                (fights(a.side) || *kind == ForceKind::Horses)
                    && s.pieces
                        .iter()
                        .any(|p| p.side != a.side && alive(p) && force_kind_is(kind, p.kind))
            }
        })
}

/// Whether a piece of kind `kind` is of the force kind `k` that an award names.
fn force_kind_is(k: &ForceKind, kind: Kind) -> bool {
    match k {
        ForceKind::Unit => kind == Kind::Unit,
        ForceKind::Leader => kind == Kind::Leader,
        ForceKind::Crew => kind == Kind::Crew,
        ForceKind::Horses => kind == Kind::Horses,
        ForceKind::Lodge => kind == Kind::Lodge,
        ForceKind::Dependent => kind == Kind::Dependent,
        ForceKind::Wagon => kind == Kind::Wagon,
        _ => false,
    }
}

/// Combat units of `side` standing in a named zone (IX.E island, IX.F west bank).
pub(crate) fn units_in_zone(s: &State, side: Side, zone: &str) -> usize {
    let hexes = crate::games::harvest::setup::zone_hexes(s, zone);
    s.pieces
        .iter()
        .filter(|x| {
            x.side == side && x.kind.is_unit() && x.hex().is_some_and(|c| hexes.contains(&c))
        })
        .count()
}

/// Leaders of `side` standing in a named zone (IX.F counts the Leader as a unit).
fn leaders_in_zone(s: &State, side: Side, zone: &str) -> usize {
    let hexes = crate::games::harvest::setup::zone_hexes(s, zone);
    s.pieces
        .iter()
        .filter(|x| {
            x.side == side && x.kind == Kind::Leader && x.hex().is_some_and(|c| hexes.contains(&c))
        })
        .count()
}

pub(super) fn finish(s: &mut State, log: &mut Vec<LogEntry>, why: String) {
    // End-of-game awards (IX.D: Horses kept).
    let awards = s.stat.scenario.victory.awards.clone();
    for a in &awards {
        if a.what == Award::HorsesKept {
            let enemy = 1 - a.side;
            let kept = s
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.kind == Kind::Horses && p.on_map())
                .filter(|(i, p)| {
                    let i = *i as Pid;
                    let c = p.hex().unwrap_or(Coord::new(1, 1));
                    let enemy_rider = s
                        .pieces
                        .iter()
                        .any(|q| q.mounted_on == Some(i) && q.side == enemy);
                    let enemy_holds = std::iter::once(c)
                        .chain(s.stat.map.neighbors(c))
                        .any(|n| s.unit_at(n, enemy).is_some())
                        && !std::iter::once(c)
                            .chain(s.stat.map.neighbors(c))
                            .any(|n| s.unit_at(n, a.side).is_some());
                    !enemy_rider && !enemy_holds
                })
                .count() as i32;
            s.points[usize::from(a.side)] += kept * a.points;
            log.push(LogEntry::public(format!(
                "{} scores {} for {kept} Horses not under enemy control (IX.D)",
                seat_name(s, a.side),
                kept * a.points
            )));
        }
    }
    let p = s.points.clone();
    let higher = |p: &[i32]| -> Option<Side> {
        if p[0] > p[1] {
            Some(0)
        } else if p[1] > p[0] {
            Some(1)
        } else {
            None
        }
    };
    let rule = s.stat.scenario.victory.rule.clone();
    let winner = match &rule {
        VictoryRule::HigherPoints => higher(&p),
        VictoryRule::PointsThreshold { side, min } => {
            if p[usize::from(1 - side)] < *min {
                Some(*side)
            } else {
                higher(&p)
            }
        }
        VictoryRule::EliminateAll { attacker } => {
            if units_left(s, 1 - attacker) == 0 {
                Some(*attacker)
            } else {
                Some(1 - attacker)
            }
        }
        VictoryRule::EliminateAllOrHold {
            attacker,
            zone,
            hold,
        } => {
            let d = 1 - attacker;
            let held = units_in_zone(s, d, zone);
            if units_left(s, d) == 0 {
                Some(*attacker)
            } else if held >= usize::from(*hold) {
                Some(d)
            } else {
                None
            }
        }
        VictoryRule::KillsOrHold {
            attacker,
            kills: k,
            zone,
            hold,
        } => {
            let d = 1 - attacker;
            // IX.F: "the Leader counts as a unit for purposes of determining victory
            // conditions": for the hold as well as for the kills.
            let held = units_in_zone(s, d, zone) + leaders_in_zone(s, d, zone);
            if kills(s, d) >= usize::from(*k) {
                Some(*attacker)
            } else if held >= usize::from(*hold) {
                Some(d)
            } else {
                None
            }
        }
    };
    let summary = format!(
        "Game over ({why}): {} — points {} {}, {} {} ({})",
        winner.map_or("a draw".to_string(), |w| format!(
            "{} wins",
            seat_name(s, w)
        )),
        seat_name(s, 0),
        p[0],
        seat_name(s, 1),
        p[1],
        s.stat.scenario.victory.source.label()
    );
    log.push(LogEntry::public(summary.clone()));
    s.phase = Phase::Over;
    s.pending = Pending::None;
    s.result = Some(Outcome::decided(2, winner, p, summary));
}
