//! Leader casualties (9E, 10C1, 12D): the Leader Loss Check after fire and melee, the
//! Wound Severity roll and what each wound does, death from a mortal wound, the enemy's
//! Victory Points for both, and the US Replacement Leaders (12D6).
//!
//! The two tables are reconstructions (`rules/rosebud/tables.ron`, `leader_loss` and
//! `wound_severity`); when they are rolled and what their results do is the seed's.

use crate::core::bands::band_of;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::data::{Kind, LeaderLoss, Severity, Side, YesNo};
use crate::games::rosebud::state::{Loc, Pending, State, Wound};

/// The rating and Command Radius a Leader can use now (12D1): none when mortally or
/// severely wounded ("he cannot use any of his Leadership ratings"), the reverse side's
/// after a Moderate wound.
pub fn ratings(s: &State, l: usize) -> Option<(i32, u32)> {
    let d = s.ldef(l);
    match s.leaders[l].wound {
        Some(Wound::Mortal { .. } | Wound::Severe) => None,
        Some(Wound::Moderate) => Some((d.wounded.rating, d.wounded.radius)),
        None => Some((d.rating, d.radius)),
    }
}

/// A Leader's Movement Allowance: 12D1, a mortally (or severely) wounded Leader's is
/// "permanently reduced to 1/2 the normal (front side) movement rate (round down)".
pub fn ma(s: &State, l: usize) -> u32 {
    let ma = s.ldef(l).ma;
    match s.leaders[l].wound {
        Some(Wound::Mortal { .. } | Wound::Severe) => ma / 2,
        _ => ma,
    }
}

/// Whether a unit carries a severely or mortally wounded Leader of its side, which halves
/// its Movement Allowance (12D1); never the Pack Train or the Column HQ.
pub fn slows(s: &State, u: usize) -> bool {
    let Some(c) = s.hex(u) else { return false };
    !matches!(s.kind(u), Kind::PackTrain | Kind::Hq)
        && s.leaders_at(c, s.side(u)).any(|l| {
            matches!(
                s.leaders[l].wound,
                Some(Wound::Mortal { .. } | Wound::Severe)
            )
        })
}

/// The hexes a wounded US Leader is carried to (12D1): the Pack Trains and the Column HQ
/// on the map.
pub fn aid_hexes(s: &State) -> Vec<Coord> {
    (0..s.units.len())
        .filter(|&u| matches!(s.kind(u), Kind::PackTrain | Kind::Hq))
        .filter_map(|u| s.hex(u))
        .collect()
}

/// How far a hex is from the nearest of `aid` (u32::MAX when there is none).
pub fn aid_distance(aid: &[Coord], c: Coord) -> u32 {
    aid.iter().map(|&a| a.distance(c)).min().unwrap_or(u32::MAX)
}

/// 12D1: a mortally or severely wounded US Leader who has not reached the Pack Train or
/// the Column HQ ("US Leaders may not be abandoned ... must either remain stacked with a
/// unit or move ... directly towards the Pack Train or Column HQ").
pub fn must_evacuate(s: &State, l: usize, aid: &[Coord]) -> bool {
    s.ldef(l).side == Side::US
        && matches!(
            s.leaders[l].wound,
            Some(Wound::Mortal { .. } | Wound::Severe)
        )
        && s.leader_hex(l).is_some_and(|c| !aid.contains(&c))
        && !aid.is_empty()
}

/// 9E, 12D1, 12D2, 12D4: one Leader Loss Check for one of `side`'s Leaders in hex `c`,
/// chosen at random when there are several. Nothing when none is there.
pub fn check_in_hex(s: &mut State, c: Coord, side: Side, why: &str) -> Vec<LogEntry> {
    let here: Vec<usize> = s.leaders_at(c, side).collect();
    let mut log = vec![];
    let l = match here.len() {
        0 => return log,
        1 => here[0],
        n => {
            let i = s.dice.pick(n);
            s.reveals += 1;
            log.push(LogEntry::public(format!(
                "{} Leaders are in {}: {} is chosen at random for the check (12D4)",
                n,
                s.stat.label(c),
                s.ldef(here[i]).name
            )));
            here[i]
        }
    };
    log.extend(check(s, l, why));
    log
}

/// One Leader Loss Check (12D1, 2d6), and the Wound Severity roll (1d6) if he is hit.
pub fn check(s: &mut State, l: usize, why: &str) -> Vec<LogEntry> {
    let mut log = vec![];
    let (d1, d2) = (s.dice.d6(), s.dice.d6());
    s.reveals += 1;
    let total = i32::from(d1) + i32::from(d2);
    let result =
        band_of(&s.stat.tables.leader_loss.bands, total).map_or(LeaderLoss::NoEffect, |b| b.result);
    let name = s.ldef(l).name.clone();
    let said = match result {
        LeaderLoss::Killed => "Killed",
        LeaderLoss::Wounded => "Wounded",
        LeaderLoss::NoEffect => "no effect",
    };
    log.push(LogEntry::public(format!(
        "Leader Loss Check for {name} ({why}): 2d6 {d1}+{d2} = {total}: {said} (12D1, table RECONSTRUCTED)"
    )));
    match result {
        LeaderLoss::Killed => log.extend(kill(s, l, "killed (12D1)")),
        LeaderLoss::Wounded => log.extend(wound(s, l)),
        LeaderLoss::NoEffect => {}
    }
    log
}

/// The Wound Severity roll (12D1) and its effect.
fn wound(s: &mut State, l: usize) -> Vec<LogEntry> {
    let mut log = vec![];
    let die = s.dice.d6();
    s.reveals += 1;
    let severity = band_of(&s.stat.tables.wound_severity.bands, i32::from(die))
        .map_or(Severity::Light, |b| b.result);
    let name = s.ldef(l).name.clone();
    let new = match severity {
        Severity::Mortal => {
            let d = s.dice.d6();
            let dies = s.turn + u32::from(d);
            log.push(LogEntry::public(format!(
                "Wound Severity 1d6 {die}: {name} is mortally wounded; 1d6 {d}: he dies in his Rally Phase of turn {dies} unless he reaches {} first and passes a Rally roll (12D1, table RECONSTRUCTED)",
                if s.ldef(l).side == Side::US {
                    "the Pack Train or the Column HQ"
                } else {
                    "the edge of the map"
                }
            )));
            Some(Wound::Mortal { dies })
        }
        Severity::Severe => {
            log.push(LogEntry::public(format!(
                "Wound Severity 1d6 {die}: {name} is severely wounded: half MA, no ratings (12D1, table RECONSTRUCTED)"
            )));
            Some(Wound::Severe)
        }
        Severity::Moderate => {
            log.push(LogEntry::public(format!(
                "Wound Severity 1d6 {die}: {name} is moderately wounded: his counter flips to its wounded side (12D1, table RECONSTRUCTED)"
            )));
            Some(Wound::Moderate)
        }
        Severity::Light => {
            log.push(LogEntry::public(format!(
                "Wound Severity 1d6 {die}: a light wound, no effect (12D1, table RECONSTRUCTED)"
            )));
            None
        }
    };
    let Some(new) = new else { return log };
    let old = s.leaders[l].wound;
    if old.is_none() {
        let vp = s.ldef(l).vp.wounded;
        let enemy = s.ldef(l).side.other();
        s.vp[enemy as usize] += vp;
        if vp != 0 {
            log.push(LogEntry::public(format!(
                "{enemy:?} +{vp} VP for the wounded Leader (12D1, value RECONSTRUCTED)"
            )));
        }
    }
    // A second wound never heals the first: the worse one counts.
    let rank = |w: Option<Wound>| match w {
        None => 0,
        Some(Wound::Moderate) => 1,
        Some(Wound::Severe) => 2,
        Some(Wound::Mortal { .. }) => 3,
    };
    let merged = match (old, new) {
        (Some(Wound::Mortal { dies: a }), Wound::Mortal { dies: b }) => {
            Wound::Mortal { dies: a.min(b) }
        }
        _ if rank(old) > rank(Some(new)) => old.unwrap_or(new),
        _ => new,
    };
    s.leaders[l].wound = Some(merged);
    if rank(Some(merged)) >= 2 && rank(old) < 2 {
        offer_replacement(s, l);
    }
    log
}

/// 12D5: "A Leader is also killed if the unit he was attached to is completely
/// eliminated in Melee": `side`'s Leaders in `c` die when no unit of theirs is left.
pub fn die_with_last_unit(s: &mut State, c: Coord, side: Side) -> Vec<LogEntry> {
    if s.at(c, side).next().is_some() {
        return vec![];
    }
    let dead: Vec<usize> = s.leaders_at(c, side).collect();
    let mut log = vec![];
    for l in dead {
        log.extend(kill(s, l, "killed with his unit in the melee (12D5)"));
    }
    log
}

/// Kill a Leader (12D1, 12D5): he is removed from play, the enemy scores the killed VPs
/// (instead of any wounded VPs already scored), and a US Leader may be replaced (12D6).
pub fn kill(s: &mut State, l: usize, how: &str) -> Vec<LogEntry> {
    let mut log = vec![];
    let d = s.ldef(l);
    let (name, side, vp) = (d.name.clone(), d.side, d.vp);
    let before = s.leaders[l].wound;
    s.leaders[l].at = Loc::Gone;
    let gain = vp.killed - if before.is_some() { vp.wounded } else { 0 };
    s.vp[side.other() as usize] += gain;
    log.push(LogEntry::public(format!(
        "{name} is {how}{}",
        if gain != 0 {
            format!(": {:?} +{gain} VP (value RECONSTRUCTED)", side.other())
        } else {
            String::new()
        }
    )));
    // A Leader already replaced for a mortal or severe wound is not replaced twice.
    if !matches!(before, Some(Wound::Mortal { .. } | Wound::Severe)) {
        offer_replacement(s, l);
    }
    log
}

/// 12D6: "Only the US player has Replacement Leaders. These are used to replace killed,
/// mortally, or severely wounded Leaders." Offered while a Replacement is left.
fn offer_replacement(s: &mut State, l: usize) {
    if s.ldef(l).side == Side::US && replacement(s).is_some() {
        s.pending.push(Pending::Replace { lost: l });
    }
}

/// The next Replacement Leader not yet in play (the Lieutenants, 12D6).
pub fn replacement(s: &State) -> Option<usize> {
    (0..s.leaders.len()).find(|&l| s.ldef(l).replacement && s.leaders[l].at == Loc::Off)
}

/// Where a Replacement Leader may be placed (12D6: "at any Leader or friendly combat unit
/// location").
pub fn replace_hexes(s: &State) -> Vec<Coord> {
    let mut out: Vec<Coord> = (0..s.units.len())
        .filter(|&u| s.side(u) == Side::US && s.combat(u))
        .filter_map(|u| s.hex(u))
        .chain(
            (0..s.leaders.len())
                .filter(|&l| s.ldef(l).side == Side::US)
                .filter_map(|l| s.leader_hex(l)),
        )
        .collect();
    out.sort_by_key(|c| (c.col, c.row));
    out.dedup();
    out
}

/// Place the next Replacement Leader at `hex`, or decline (12D6).
pub fn replace(s: &mut State, hex: Option<Coord>) -> Vec<LogEntry> {
    let Some(Pending::Replace { lost }) = s.pending.first().cloned() else {
        return vec![];
    };
    s.pending.remove(0);
    let lost_name = s.ldef(lost).name.clone();
    match (hex, replacement(s)) {
        (Some(c), Some(r)) => {
            s.leaders[r].at = Loc::Map(c);
            s.leaders[r].spent = 0;
            vec![LogEntry::public(format!(
                "{} replaces {lost_name} and is placed in {} (12D6)",
                s.ldef(r).name,
                s.stat.label(c)
            ))]
        }
        _ => vec![LogEntry::public(format!(
            "The US player brings in no Replacement Leader for {lost_name} (12D6)"
        ))],
    }
}

/// One unmodified Rally roll for a mortally wounded Leader (12D1): true if he lives.
fn survives(s: &mut State, l: usize, log: &mut Vec<LogEntry>) -> bool {
    let die = s.dice.d6();
    s.reveals += 1;
    let yes =
        band_of(&s.stat.tables.rally.bands, i32::from(die)).is_some_and(|b| b.result == YesNo::Yes);
    log.push(LogEntry::public(format!(
        "{} rolls on the Rally Table for his mortal wound: 1d6 {die}, no modifiers: {} (12D1, 13C)",
        s.ldef(l).name,
        if yes {
            "Yes, he lives, severely wounded"
        } else {
            "No, he dies"
        }
    )));
    yes
}

/// 12D1, in the owner's Rally Phase: a mortally wounded Leader who has reached the Pack
/// Train or the Column HQ (an Indian Leader: the edge of the map, from which he is
/// carried off) rolls on the Rally Table; one who has not dies on his turn of death.
pub fn rally_wounded(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    let side = s.phasing;
    let aid = aid_hexes(s);
    for l in 0..s.leaders.len() {
        let Some(Wound::Mortal { dies }) = s.leaders[l].wound else {
            continue;
        };
        let Some(c) = s.leader_hex(l) else { continue };
        if s.ldef(l).side != side {
            continue;
        }
        let evacuated = match side {
            Side::US => aid.contains(&c),
            Side::Indian => super::morale::on_edge(s, c),
        };
        if evacuated {
            if side == Side::Indian {
                s.leaders[l].at = Loc::Gone;
                log.push(LogEntry::public(format!(
                    "{} is carried off the map (12D1)",
                    s.ldef(l).name
                )));
            }
            if survives(s, l, &mut log) {
                s.leaders[l].wound = Some(Wound::Severe);
            } else {
                log.extend(kill(s, l, "dead of his wound (12D1)"));
            }
        } else if s.turn >= dies {
            log.extend(kill(s, l, "dead of his wound (12D1)"));
        }
    }
    log
}

/// 12D1 at the end of the game: "If this turn is beyond the last turn, consult the Rally
/// Table at the end of the game (use no modifiers)."
pub fn end_of_game(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    for l in 0..s.leaders.len() {
        if matches!(s.leaders[l].wound, Some(Wound::Mortal { .. })) && s.leaders[l].at != Loc::Gone
        {
            if survives(s, l, &mut log) {
                s.leaders[l].wound = Some(Wound::Severe);
            } else {
                log.extend(kill(s, l, "dead of his wound (12D1)"));
            }
        }
    }
    s.pending.retain(|p| !matches!(p, Pending::Replace { .. }));
    log
}

/// 12E4: where the Column HQ is held to, while it is on the map.
enum HqTie {
    /// Within Crook's Command Radius (his hex only while he has no ratings): it may not
    /// step out of it.
    Within { crook: Coord, radius: u32 },
    /// Outside it: it must move closer to him.
    Separated { crook: Coord },
    /// Crook killed or mortally wounded: it must move to the closest US combat unit,
    /// Leader or Pack Train (these hexes), unless it already stands with one.
    Seek(Vec<Coord>),
    /// Free (it stands with one of them, or there is none).
    Free,
}

/// The tie of unit `u` if it is the Column HQ on the map (12E4).
fn hq_tie(s: &State, u: usize) -> Option<HqTie> {
    if s.kind(u) != Kind::Hq {
        return None;
    }
    let at = s.hex(u)?;
    let crook = s.find_leader("crook");
    let alive = crook.filter(|&l| {
        s.leaders[l].at != Loc::Gone && !matches!(s.leaders[l].wound, Some(Wound::Mortal { .. }))
    });
    if let Some(l) = alive {
        let c = s.leader_hex(l)?;
        let radius = ratings(s, l).map_or(0, |(_, r)| r);
        return Some(if at.distance(c) <= radius {
            HqTie::Within { crook: c, radius }
        } else {
            HqTie::Separated { crook: c }
        });
    }
    let goals: Vec<Coord> = (0..s.units.len())
        .filter(|&v| v != u && s.side(v) == Side::US && s.combat(v))
        .filter_map(|v| s.hex(v))
        .chain(
            (0..s.leaders.len())
                .filter(|&l| s.ldef(l).side == Side::US)
                .filter_map(|l| s.leader_hex(l)),
        )
        .collect();
    Some(if goals.is_empty() || goals.contains(&at) {
        HqTie::Free
    } else {
        HqTie::Seek(goals)
    })
}

/// 12E4: whether the Column HQ may step from `from` to `to`: "As long as Crook is not
/// killed or mortally wounded the HQ unit must always be within his Command Radius. If
/// separated the HQ must move ... until it is within the Leader's command radius. If
/// the leader is killed or mortally wounded the HQ must use all available MPs to move to
/// the closest US combat unit or leader, or to the Pack Train." Always true for any
/// other unit.
pub fn hq_allows_step(s: &State, u: usize, from: Coord, to: Coord) -> bool {
    match hq_tie(s, u) {
        None | Some(HqTie::Free) => true,
        Some(HqTie::Within { crook, radius }) => to.distance(crook) <= radius,
        Some(HqTie::Separated { crook }) => to.distance(crook) < from.distance(crook),
        Some(HqTie::Seek(goals)) => aid_distance(&goals, to) < aid_distance(&goals, from),
    }
}

/// 12E4: a step that keeps the Column HQ bound to move on ("using all available MPs"):
/// it is separated from Crook, or seeking a unit after his loss, and the step enters no
/// enemy ZOC ("This requirement is suspended if a path free of enemy ZOC is not
/// available"). The Movement Phase may not end while the HQ has such a step.
pub fn hq_must_take(s: &State, u: usize, to: Coord) -> bool {
    matches!(hq_tie(s, u), Some(HqTie::Separated { .. } | HqTie::Seek(_)))
        && !super::in_zoc_of(s, to, Side::Indian)
}
