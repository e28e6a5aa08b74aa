//! The special rules of 16 that bind or reward whole commands: the Eagle's Nest (16D),
//! where Van Vliet's companies must stay until released, and the search for the Indian
//! village (16E). The values are the scenario's (`post`, `village`).

use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Kind, Mode, Side};
use crate::games::rosebud::state::{Loc, Pending, Phase, State, VillageSearch};

/// The post's hex (16D).
fn post_hex(s: &State) -> Option<Coord> {
    let p = s.stat.scenario.post.as_ref()?;
    // The marked hexes only (a short list), not every hex of the map: this runs for
    // each step a bound piece may take.
    s.stat
        .map
        .marks
        .iter()
        .find(|(_, m)| m.contains(&p.mark))
        .map(|(&c, _)| c)
}

/// Whether a unit or Leader (by id) is still bound to the post (16D).
fn bound(s: &State, id: &str) -> bool {
    !s.post_released
        && s.stat
            .scenario
            .post
            .as_ref()
            .is_some_and(|p| p.pieces.iter().any(|x| x == id))
}

/// 16D: a bound piece may only step to a hex within the post's radius, or closer to the
/// post when it is outside ("the unit must attempt to move back within the 3-hex limit
/// at the earliest possible moment").
pub fn post_allows(s: &State, id: &str, from: Coord, to: Coord) -> bool {
    if !bound(s, id) {
        return true;
    }
    let (Some(p), Some(nest)) = (s.stat.scenario.post.as_ref(), post_hex(s)) else {
        return true;
    };
    to.distance(nest) <= p.radius || to.distance(nest) < from.distance(nest)
}

/// 16D: a bound piece outside the radius that can step closer must do so before the
/// Movement Phase ends.
pub fn post_keeps_moving(s: &State, moves: &[Action]) -> bool {
    let (Some(p), Some(nest)) = (s.stat.scenario.post.as_ref(), post_hex(s)) else {
        return false;
    };
    moves.iter().any(|a| {
        let Action::Move { unit, hex } = a else {
            return false;
        };
        let from = s
            .find(unit)
            .and_then(|u| s.hex(u))
            .or_else(|| s.find_leader(unit).and_then(|l| s.leader_hex(l)));
        bound(s, unit)
            && from.is_some_and(|f| f.distance(nest) > p.radius)
            && s.stat.map.parse(hex).is_ok()
    })
}

/// 16D: release the post's pieces the instant a condition is met: enough warrior units
/// within the radius of a bound unit, a bound unit Routed or eliminated, or the turn.
pub fn update_post(s: &mut State) -> Vec<LogEntry> {
    let Some(p) = s.stat.scenario.post.clone() else {
        return vec![];
    };
    if s.post_released {
        return vec![];
    }
    let units: Vec<usize> = p.pieces.iter().filter_map(|id| s.find(id)).collect();
    let why = if s.turn >= p.until_turn {
        Some(format!("it is turn {}", p.until_turn))
    } else if let Some(&u) = units
        .iter()
        .find(|&&u| s.units[u].at == Loc::Gone || s.units[u].routed)
    {
        Some(format!(
            "{} is {}",
            s.def(u).name,
            if s.units[u].routed {
                "Routed"
            } else {
                "eliminated"
            }
        ))
    } else {
        let near = (0..s.units.len())
            .filter(|&w| s.kind(w) == Kind::Warrior)
            .filter(|&w| {
                s.hex(w).is_some_and(|c| {
                    units
                        .iter()
                        .any(|&u| s.hex(u).is_some_and(|h| h.distance(c) <= p.radius))
                })
            })
            .count() as u32;
        (near >= p.warriors).then(|| format!("{near} warrior units are within {} hexes", p.radius))
    };
    let Some(why) = why else { return vec![] };
    s.post_released = true;
    vec![LogEntry::public(format!(
        "The Eagle's Nest: {why}, so Van Vliet's command is free for the rest of the game (16D)"
    ))]
}

/// The Cavalry units that may search for the village under one Leader (16E), if there
/// are enough: not Disrupted, Pinned or Routed, within the edge distance of the north
/// edge, all in one US Leader's Command Radius.
pub fn searchers(s: &State) -> Option<Vec<usize>> {
    let v = s.stat.scenario.village.as_ref()?;
    let top = s
        .stat
        .map
        .coords()
        .filter(|&c| s.stat.on_board(c))
        .map(|c| c.row)
        .min()?;
    let ready: Vec<usize> = (0..s.units.len())
        .filter(|&u| s.side(u) == Side::US && s.kind(u) == Kind::Cavalry)
        .filter(|&u| {
            let x = &s.units[u];
            !x.disrupted
                && !x.pinned
                && !x.routed
                && s.hex(u).is_some_and(|c| u32::from(c.row - top) <= v.edge)
        })
        .collect();
    (0..s.leaders.len())
        .filter(|&l| s.ldef(l).side == Side::US)
        .filter_map(|l| {
            let at = s.leader_hex(l)?;
            let (_, radius) = super::leaders::ratings(s, l)?;
            let radius = if s.leaders[l].pinned { 0 } else { radius };
            Some(
                ready
                    .iter()
                    .copied()
                    .filter(|&u| s.hex(u).is_some_and(|c| c.distance(at) <= radius))
                    .collect::<Vec<usize>>(),
            )
        })
        .max_by_key(|g| g.len())
        .filter(|g| g.len() as u32 >= v.units)
}

/// Whether the search may be declared now (16E): once a game, at the beginning of a US
/// Movement Phase (no US unit has moved yet).
pub fn may_search(s: &State) -> bool {
    s.village.is_none()
        && s.phase == Phase::Movement
        && s.phasing == Side::US
        && s.pending.is_empty()
        && (0..s.units.len())
            .all(|u| s.side(u) != Side::US || (s.units[u].spent == 0 && !s.units[u].moved))
        && searchers(s).is_some()
}

/// Declare the search (16E): 2 VP, and on a 6 the searching units may leave the map.
pub fn search(s: &mut State) -> Vec<LogEntry> {
    let Some(v) = s.stat.scenario.village.clone() else {
        return vec![];
    };
    let units = searchers(s).unwrap_or_default();
    let die = s.dice.d6();
    s.reveals += 1;
    s.vp[Side::US as usize] += v.declare_vp;
    let near = die == v.nearby_roll;
    let mut log = vec![LogEntry::public(format!(
        "The US player looks for the Indian village with {} Cavalry units: 1d6 {die}: {} US +{} VP (16E)",
        units.len(),
        if near {
            "the scouts report that a village may be nearby;"
        } else {
            "the scouts report no village and a possible ambush ahead;"
        },
        v.declare_vp
    ))];
    if near {
        s.village = Some(VillageSearch::Nearby { units });
        s.pending.push(Pending::Village);
        log.push(LogEntry::public(
            "The US player may send the searching units off the map (16E)".to_string(),
        ));
    } else {
        s.village = Some(VillageSearch::Declared);
    }
    log
}

/// Answer a 6 (16E): the searching units leave the map for the rest of the game (no
/// Indian VPs), or stay.
pub fn village_answer(s: &mut State, go: bool) -> Vec<LogEntry> {
    s.pending.retain(|p| !matches!(p, Pending::Village));
    let Some(VillageSearch::Nearby { units }) = s.village.clone() else {
        return vec![];
    };
    if !go {
        s.village = Some(VillageSearch::Stayed);
        return vec![LogEntry::public(
            "The searching units stay on the field (16E)".to_string(),
        )];
    }
    let units: Vec<usize> = units.into_iter().filter(|&u| s.hex(u).is_some()).collect();
    for &u in &units {
        s.units[u].at = Loc::Gone;
        // Their Holders, if Dismounted, bring the horses: they go too.
        if s.units[u].mode != Mode::Mounted
            && let Some(h) = s.holder(u)
        {
            s.units[h].at = Loc::Gone;
        }
    }
    let log = vec![LogEntry::public(format!(
        "{} ride off the map to find the village; the end of the game tells what they found (16E)",
        units
            .iter()
            .map(|&u| s.def(u).name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    ))];
    s.village = Some(VillageSearch::Gone { units });
    log
}

/// The end of the game (16E): the searchers who left find the trail (+3 US), nothing, or
/// an ambush (1d6 US casualties, scored for the Indians as US losses).
pub fn end_of_game(s: &mut State) -> Vec<LogEntry> {
    let Some(VillageSearch::Gone { .. }) = s.village else {
        return vec![];
    };
    let Some(v) = s.stat.scenario.village.clone() else {
        return vec![];
    };
    let die = s.dice.d6();
    s.reveals += 1;
    if die == v.trail_roll {
        s.vp[Side::US as usize] += v.trail_vp;
        vec![LogEntry::public(format!(
            "The search for the village: 1d6 {die}: the village trail is found, US +{} VP (16E)",
            v.trail_vp
        ))]
    } else if die == v.ambush_roll {
        let cp = s.dice.d6();
        let per = s.stat.tables.casualty_vp.us_cp;
        s.vp[Side::Indian as usize] += per * i32::from(cp);
        s.losses[Side::US as usize] += u32::from(cp);
        vec![LogEntry::public(format!(
            "The search for the village: 1d6 {die}: ambush! 1d6 {cp} US casualties, Indian +{} VP (16E)",
            per * i32::from(cp)
        ))]
    } else {
        vec![LogEntry::public(format!(
            "The search for the village: 1d6 {die}: nothing is found (16E)"
        ))]
    }
}
