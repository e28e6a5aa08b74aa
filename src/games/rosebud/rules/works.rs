//! Breastworks (16C): in the US Movement Phase the US player declares that he builds
//! and rolls 1d6, the most units that may build this turn; each builder stands next to a
//! Pack Train (within 2 hexes) that has not moved, and neither moves again; at the end of
//! the US player turn a Breastworks marker is placed in the builder's hex. Units under
//! Breastworks count as Prone for fire and melee, with the Breastworks melee modifier in
//! place of the Pinned/Prone one. A Pack Train's supplies make 3; a unit that spends its
//! Movement Phase in the hex, with a train in range that does not move, loads one back.

use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Kind, Mode, Side};
use crate::games::rosebud::state::{Phase, State};

/// Whether a unit is building Breastworks this turn (16C: "it is no longer Prone until
/// the end of the player turn").
fn building(s: &State, u: usize) -> bool {
    s.building
        .as_ref()
        .is_some_and(|(_, list)| list.iter().any(|&(b, _, _)| b == u))
}

/// Whether a unit is under a Breastworks marker (16C).
pub fn covered(s: &State, u: usize) -> bool {
    s.hex(u).is_some_and(|c| s.breastworks.contains(&c)) && !building(s, u)
}

/// Whether a unit counts as Prone in combat: Prone, or under Breastworks (16C: "All
/// units under a Breastwork marker are considered to be Prone").
pub fn prone(s: &State, u: usize) -> bool {
    s.units[u].mode == Mode::Prone || covered(s, u)
}

/// Whether a unit has not moved or spent an MP this phase.
fn fresh(s: &State, u: usize) -> bool {
    s.units[u].spent == 0 && !s.units[u].moved
}

/// A Pack Train in range of hex `c` that may lend its supplies now: on the map, not
/// Pinned or Routed, either unmoved or already standing for this phase's works, with
/// boxes left (16C).
fn train_for(s: &State, c: Coord) -> Option<usize> {
    let b = &s.stat.tables.breastworks;
    let list = s
        .building
        .as_ref()
        .map(|(_, l)| l.as_slice())
        .unwrap_or(&[]);
    (0..s.units.len()).find(|&t| {
        let used = list.iter().filter(|&&(_, x, _)| x == t).count() as u32;
        s.kind(t) == Kind::PackTrain
            && s.hex(t).is_some_and(|h| h.distance(c) <= b.range)
            && !s.units[t].pinned
            && !s.units[t].routed
            && (fresh(s, t) || used > 0)
            && s.units[t].works + used < b.per_train
    })
}

/// A unit that may build or load back Breastworks: US Cavalry, Infantry or Miners, on
/// the map, neither Pinned nor Routed, unmoved.
fn worker(s: &State, u: usize) -> bool {
    s.side(u) == Side::US
        && matches!(s.kind(u), Kind::Cavalry | Kind::Infantry | Kind::Miners)
        && s.hex(u).is_some()
        && !s.units[u].pinned
        && !s.units[u].routed
        && fresh(s, u)
        // 16C: "The unit building Breastworks may not receive ammunition" (a unit that
        // took ammunition in this Rally Phase; found by the fifth rules review).
        && !s.units[u].supplying
        && !building(s, u)
}

/// The Breastworks actions open now (16C).
pub fn legal(s: &State) -> Vec<Action> {
    let mut out = vec![];
    if s.phase != Phase::Movement || s.phasing != Side::US || !s.pending.is_empty() {
        return out;
    }
    let b = &s.stat.tables.breastworks;
    let placed = s.breastworks.len() as u32;
    let can_build = |u: usize| s.hex(u).is_some_and(|c| train_for(s, c).is_some());
    match &s.building {
        None => {
            if placed < b.markers && (0..s.units.len()).any(|u| worker(s, u) && can_build(u)) {
                out.push(Action::Breastworks { unit: None });
            }
        }
        Some((limit, list)) => {
            if (list.len() as u32) < *limit && placed + (list.len() as u32) < b.markers {
                for u in 0..s.units.len() {
                    if worker(s, u) && can_build(u) {
                        out.push(Action::Breastworks {
                            unit: Some(s.def(u).id.clone()),
                        });
                    }
                }
            }
        }
    }
    // Loading the supplies back: a unit in a hex with a marker, a train in range that has
    // not moved and has boxes out.
    for u in 0..s.units.len() {
        let Some(c) = s.hex(u) else { continue };
        if worker(s, u) && s.breastworks.contains(&c) && reload_train(s, c).is_some() {
            out.push(Action::Reload {
                unit: s.def(u).id.clone(),
            });
        }
    }
    out
}

/// A Pack Train that may take back a Breastworks marker's supplies at `c`.
fn reload_train(s: &State, c: Coord) -> Option<usize> {
    let b = &s.stat.tables.breastworks;
    (0..s.units.len()).find(|&t| {
        s.kind(t) == Kind::PackTrain
            && s.hex(t).is_some_and(|h| h.distance(c) <= b.range)
            && fresh(s, t)
            && s.units[t].works > 0
    })
}

/// Declare Breastworks (16C): 1d6 is the most units that may build this turn.
pub fn declare(s: &mut State) -> Vec<LogEntry> {
    let die = s.dice.d6();
    s.reveals += 1;
    s.building = Some((u32::from(die), vec![]));
    vec![LogEntry::public(format!(
        "The US player builds Breastworks: 1d6 {die}: up to {die} unit(s) may build this turn (16C)"
    ))]
}

/// A unit builds (16C): it and its Pack Train spend the phase; a Prone unit stands.
pub fn build(s: &mut State, u: usize) -> Vec<LogEntry> {
    let Some(c) = s.hex(u) else { return vec![] };
    let Some(t) = train_for(s, c) else {
        return vec![];
    };
    if let Some((_, list)) = s.building.as_mut() {
        list.push((u, t, c));
    }
    if s.units[u].mode == Mode::Prone {
        s.units[u].mode = Mode::Dismounted;
    }
    s.units[u].spent = super::allowance(s, u);
    s.units[t].spent = super::allowance(s, t);
    vec![LogEntry::public(format!(
        "{} builds Breastworks in {} with {}'s boxes and barrels (16C)",
        s.def(u).name,
        s.stat.label(c),
        s.def(t).name
    ))]
}

/// A unit loads a marker's supplies back onto a Pack Train (16C): both spend the phase.
pub fn reload(s: &mut State, u: usize) -> Vec<LogEntry> {
    let Some(c) = s.hex(u) else { return vec![] };
    let Some(t) = reload_train(s, c) else {
        return vec![];
    };
    if let Some(i) = s.breastworks.iter().position(|&h| h == c) {
        s.breastworks.remove(i);
    }
    s.units[t].works -= 1;
    s.units[u].spent = super::allowance(s, u);
    s.units[t].spent = super::allowance(s, t);
    vec![LogEntry::public(format!(
        "{} loads the Breastworks in {} back onto {} (16C)",
        s.def(u).name,
        s.stat.label(c),
        s.def(t).name
    ))]
}

/// The end of the US player turn (16C): each building unit's Breastworks are placed.
pub fn end_turn(s: &mut State) -> Vec<LogEntry> {
    let Some((_, list)) = s.building.take() else {
        return vec![];
    };
    let mut log = vec![];
    for (u, t, c) in list {
        s.breastworks.push(c);
        s.units[t].works += 1;
        log.push(LogEntry::public(format!(
            "Breastworks stand in {} (built by {}, 16C)",
            s.stat.label(c),
            s.def(u).name
        )));
    }
    log
}
