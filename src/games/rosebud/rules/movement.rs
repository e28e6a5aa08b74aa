//! Movement (7) and zones of control (5): a unit's Movement Allowance after Offensive
//! fire or a re-supply (4B, 14C), with a charge (16A) or a wounded Leader (12D1); the
//! cost of a hex, its hexside and its climb (7B), never into an enemy hex (7C), the ZOC
//! exit cost (5, 7H), the minimum move and the low crawl (7D, 7E); the Movement Phase's
//! actions (the turn-1 entries of 18, moves, mode changes, Recover of 13B3 and the
//! special rules' declarations) and when the phase may end (6, 12D1, 18); a move held
//! for Opportunity fire (9F), and what entering a hex brings: lone enemy Leaders killed
//! (12D5) and the VP hills (17).

use super::entry::{area_hexes, area_use, entry_hexes, leader_entry_hexes, waiting};
use super::modes::{change_mode, mode_changes};
use super::stacking::{
    leaves_room, near_limit, overstacked, stacking_allows, stacking_points, way_out,
};
use super::victory::hills;
use super::{charge, fire, leaders, pack, special, works};
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Kind, Mode, Side};
use crate::games::rosebud::state::{Loc, Offensive, Phase, State};

/// A unit's Movement Allowance this phase: none after Offensive fire at full strength
/// or a re-supply (4B, 14C), half (rounded down) after Offensive fire at half (4B, 7C).
pub fn allowance(s: &State, u: usize) -> u32 {
    // 16A: "The unit also gains 1 additional MP to its movement allowance for the
    // charge."
    let ma = s.face(u).ma + u32::from(s.units[u].charge.is_some());
    if s.units[u].supplying {
        return 0;
    }
    // 12D1: a severely (or mortally) wounded Leader "does not reduce the Movement
    // Allowance of the Pack Train. It does, however, affect the movement rate of any other
    // unit it is attached to or stacked with, reducing it to one half."
    let ma = if leaders::slows(s, u) { ma / 2 } else { ma };
    match s.units[u].offensive {
        None => ma,
        Some(Offensive::Half) => ma / 2,
        Some(Offensive::Full) => 0,
    }
}

/// A unit's movement points left this phase.
pub fn mp_left(s: &State, u: usize) -> u32 {
    allowance(s, u).saturating_sub(s.units[u].spent)
}

/// A Leader's movement points left this phase.
pub fn leader_mp_left(s: &State, l: usize) -> u32 {
    leaders::ma(s, l).saturating_sub(s.leaders[l].spent)
}

/// Whether hex `c` lies in the zone of control of a unit of `side` (5): Full ZOCs
/// reach the six hexes around, but not across a Cliff or onto a hex off the map;
/// Partial ZOCs (Holders) only their own hex; Leaders have none.
pub fn in_zoc_of(s: &State, c: Coord, side: Side) -> bool {
    (0..s.units.len()).any(|e| fire::zoc_reaches(s, e, c) && s.side(e) == side)
}

/// The cost of a step for a piece that moves in whichever mode is cheaper: 8, "Leaders
/// are always considered Mounted or Dismounted, whichever is the most advantageous to
/// the owning player"; 12B, 12E2: Leaders and the Column HQ "may move in any mode at the
/// player's option. There is no cost to change modes".
pub fn best_step_cost(
    s: &State,
    from: Option<Coord>,
    to: Coord,
    side: Side,
) -> Result<u32, String> {
    let m = step_cost(s, from, to, true, side)?;
    let d = step_cost(s, from, to, false, side)?;
    Ok(m.min(d))
}

/// The MP a hex's terrain costs to enter (7B), None off the map.
fn terrain_cost(s: &State, c: Coord, mounted: bool) -> Option<u32> {
    let st = &s.stat;
    if !st.on_board(c) {
        return None;
    }
    let name = st.map.terrain_name(c).unwrap_or("clear");
    let row = st.tables.terrain.iter().find(|r| r.terrain == name)?;
    Some(if mounted {
        row.mounted_mp
    } else {
        row.dismounted_mp
    })
}

/// The MP to enter `to` from `from` (7B), or why the hex may not be entered. `mounted`
/// picks the cost column; `side` the enemy.
pub(super) fn step_cost(
    s: &State,
    from: Option<Coord>,
    to: Coord,
    mounted: bool,
    side: Side,
) -> Result<u32, String> {
    let st = &s.stat;
    if !st.on_board(to) {
        return Err(format!("{} is not on the map", st.label(to)));
    }
    if s.at(to, side.other()).next().is_some() {
        return Err("a unit may not enter a hex containing an enemy unit (7C)".into());
    }
    let t = &st.tables;
    let name = st.map.terrain_name(to).unwrap_or("clear");
    let row = t
        .terrain
        .iter()
        .find(|r| r.terrain == name)
        .ok_or_else(|| format!("no terrain row '{name}'"))?;
    let mut cost = if mounted {
        row.mounted_mp
    } else {
        row.dismounted_mp
    };
    if let Some(f) = from {
        if let Some(feature) = st.hexside(f, to) {
            let side_row = t
                .hexsides
                .iter()
                .find(|r| r.feature == feature)
                .ok_or_else(|| format!("no hexside row '{feature}'"))?;
            match side_row.mp {
                None => {
                    return Err(format!(
                        "a {} hexside may not be crossed (7B)",
                        side_row.name
                    ));
                }
                Some(m) => cost += m,
            }
        }
        let up = u32::from(st.map.level(to)).saturating_sub(u32::from(st.map.level(f)));
        cost += up * t.uphill_mp.value;
    }
    Ok(cost)
}

/// The cost of a unit's move from its hex to `to`: the hex and hexside (7B), and +1 to
/// leave a hex in an enemy ZOC (5, 7H).
pub fn move_cost(s: &State, u: usize, to: Coord) -> Result<u32, String> {
    let from = s.hex(u).ok_or("the unit is not on the map")?;
    move_cost_from(s, u, from, to, in_zoc_of(s, from, s.side(u).other()))
}

/// [`move_cost`] from the unit's hex `from`, whose enemy ZOC the caller has looked up
/// once for all six neighbours.
fn move_cost_from(
    s: &State,
    u: usize,
    from: Coord,
    to: Coord,
    leaving_zoc: bool,
) -> Result<u32, String> {
    if from.distance(to) != 1 {
        return Err("move one hex at a time (7A)".into());
    }
    let side = s.side(u);
    let mut cost = if s.kind(u) == Kind::Hq {
        best_step_cost(s, Some(from), to, side)?
    } else {
        step_cost(s, Some(from), to, s.units[u].mode == Mode::Mounted, side)?
    };
    if leaving_zoc {
        cost += s.stat.tables.zoc_exit_mp.value;
    }
    Ok(cost)
}

/// A unit's cost to step from `from` into `to`, known to hold no enemy unit: terrain,
/// hexside and climb (7B), and the ZOC exit cost (5); None where it may not go.
pub(super) fn open_step_cost(
    s: &State,
    u: usize,
    from: Coord,
    to: Coord,
    leaving_zoc: bool,
) -> Option<u32> {
    let climb = |mounted: bool| raw_step_cost(s, from, to, mounted);
    let cost = if s.kind(u) == Kind::Hq {
        climb(true).min(climb(false))?
    } else {
        climb(s.units[u].mode == Mode::Mounted)?
    };
    Some(
        cost + if leaving_zoc {
            s.stat.tables.zoc_exit_mp.value
        } else {
            0
        },
    )
}

/// The terrain, hexside and climb cost of a step (7B), None if it is off the map or
/// across a prohibited hexside.
fn raw_step_cost(s: &State, from: Coord, to: Coord, mounted: bool) -> Option<u32> {
    let st = &s.stat;
    let mut cost = terrain_cost(s, to, mounted)?;
    if let Some(feature) = st.hexside(from, to) {
        cost += st
            .tables
            .hexsides
            .iter()
            .find(|r| r.feature == feature)?
            .mp?;
    }
    let up = u32::from(st.map.level(to)).saturating_sub(u32::from(st.map.level(from)));
    Some(cost + up * st.tables.uphill_mp.value)
}

/// The Movement Phase's actions (7, 8, 13B3, 18).
pub(super) fn movement_legal(s: &State) -> Vec<Action> {
    movement_legal_only(s, None, None)
}

/// The one-hex moves the unit or Leader `id` may make now (7A): the moves among the
/// legal actions, generated for it alone (a move by destination searches them at every
/// step, and the whole list holds every band's ~2,000 entries on turn 1).
pub fn moves_of(s: &State, id: &str) -> Vec<Action> {
    if s.phase != Phase::Movement || !s.pending.is_empty() {
        return vec![];
    }
    movement_legal_only(s, None, Some(id))
        .into_iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .collect()
}

/// [`movement_legal`], or with `only` the entry subset [`search_legal`](super::search_legal)
/// describes, or with `mover` no entries and only that unit's or Leader's moves
/// ([`moves_of`]).
pub(super) fn movement_legal_only(
    s: &State,
    only: Option<&str>,
    mover: Option<&str>,
) -> Vec<Action> {
    let mut out = vec![];
    let side = s.phasing;
    let label = |c: Coord| s.stat.label(c);
    // 18: the Indian entry on turn 1. What each hex already holds is counted once, so
    // that the stacking check of each of the ~2,000 candidate entries is arithmetic
    // (the full check, which looks for a way out, runs only where the hex would be over
    // the limit).
    let waiting_here =
        (0..s.units.len()).any(|u| s.units[u].at == Loc::Entering && s.side(u) == side);
    // What each hex of the side holds (stacking points, Pony Holders, warriors), counted
    // once: the entries and moves check 6 against it by arithmetic, and only a move into
    // a hex that would be over the limit runs the full check.
    let mut held: std::collections::HashMap<Coord, (u32, u32, u32)> = Default::default();
    {
        for v in 0..s.units.len() {
            if s.side(v) == side
                && let Some(c) = s.hex(v)
            {
                let e = held.entry(c).or_default();
                e.0 += stacking_points(s, v);
                match s.kind(v) {
                    Kind::PonyHolder => e.1 += 1,
                    Kind::Warrior => e.2 += 1,
                    _ => {}
                }
            }
        }
    }
    let limits = &s.stat.tables.stacking;
    let enemy: std::collections::HashSet<Coord> = if waiting_here {
        (0..s.units.len())
            .filter(|&v| s.side(v) != side)
            .filter_map(|v| s.hex(v))
            .collect()
    } else {
        Default::default()
    };
    let waiting_leader =
        (0..s.leaders.len()).any(|l| s.leaders[l].at == Loc::Entering && s.ldef(l).side == side);
    let areas = if (waiting_here || waiting_leader) && mover.is_none() {
        area_hexes(s)
    } else {
        vec![]
    };
    let leader_hexes = leader_entry_hexes(&areas);
    let used = if waiting_here { area_use(s) } else { vec![] };
    for u in 0..s.units.len() {
        if s.units[u].at != Loc::Entering
            || s.side(u) != side
            || mover.is_some()
            || only.is_some_and(|id| id != s.def(u).id)
        {
            continue;
        }
        let (sp, pony, warrior) = (
            stacking_points(s, u),
            u32::from(s.kind(u) == Kind::PonyHolder),
            u32::from(s.kind(u) == Kind::Warrior),
        );
        for c in entry_hexes(s, u, &areas, &used) {
            // 7C: never into an enemy hex; the entry pays the hex's own cost (7B).
            if enemy.contains(&c) {
                continue;
            }
            let (p0, y0, w0) = held.get(&c).copied().unwrap_or_default();
            let fits =
                p0 + sp <= limits.max_cf && y0 + pony <= limits.pony_holders.max(w0 + warrior);
            for mounted in [true, false] {
                if let Some(cost) = terrain_cost(s, c, mounted) {
                    let ma = if mounted {
                        s.def(u).mounted.ma
                    } else {
                        s.def(u).dismounted.ma
                    };
                    if fits || stacking_allows(s, u, c, ma.saturating_sub(cost)) {
                        out.push(Action::Enter {
                            unit: s.def(u).id.clone(),
                            hex: label(c),
                            mounted,
                        });
                    }
                }
            }
        }
    }
    for l in 0..s.leaders.len() {
        if s.leaders[l].at != Loc::Entering
            || s.ldef(l).side != side
            || mover.is_some()
            || only.is_some_and(|id| id != s.ldef(l).id)
        {
            continue;
        }
        for &c in &leader_hexes {
            if best_step_cost(s, None, c, side).is_ok() {
                out.push(Action::Enter {
                    unit: s.ldef(l).id.clone(),
                    hex: label(c),
                    mounted: true,
                });
            }
        }
    }
    // 7, 8: moves and mode changes.
    for u in 0..s.units.len() {
        if s.side(u) != side || mover.is_some_and(|m| m != s.def(u).id) {
            continue;
        }
        let Some(c) = s.hex(u) else { continue };
        if s.units[u].pinned || s.units[u].routed {
            // 9D1.d1: a Pinned unit cannot move; 10J: Routed units only rout.
            continue;
        }
        let id = s.def(u).id.clone();
        // 13B3: Disruption is removed for 2 MP spent in the hex.
        if s.units[u].disrupted && mp_left(s, u) >= s.stat.tables.disruption_mp.value {
            out.push(Action::Recover { unit: id.clone() });
        }
        if only.is_some() {
            continue;
        }
        for change in mode_changes(s, u) {
            // A change that leaves an over-full hex nobody can leave (a Pony Holder
            // placed, the last MP spent) would leave the phase unable to end (6).
            if near_limit(s, c, side) {
                let mut t = s.clone();
                change_mode(&mut t, u, change);
                if !way_out(&t, c, side) {
                    continue;
                }
            }
            out.push(Action::Mode {
                unit: id.clone(),
                change,
            });
        }
        let left = mp_left(s, u);
        let fresh = s.units[u].spent == 0 && !s.units[u].moved;
        let mut room: Option<bool> = None;
        let leaving_zoc = in_zoc_of(s, c, side.other());
        let (sp, pony, warrior) = (
            stacking_points(s, u),
            u32::from(s.kind(u) == Kind::PonyHolder),
            u32::from(s.kind(u) == Kind::Warrior),
        );
        let fits = |n: Coord| {
            let (p0, y0, w0) = held.get(&n).copied().unwrap_or_default();
            p0 + sp <= limits.max_cf && y0 + pony <= limits.pony_holders.max(w0 + warrior)
        };
        // near_limit, from the counts.
        let crowded = {
            let (p0, y0, _) = held.get(&c).copied().unwrap_or_default();
            p0 + 7 > limits.max_cf || y0 + 1 >= limits.pony_holders
        };
        for n in s.stat.map.neighbors(c) {
            let Ok(cost) = move_cost_from(s, u, c, n, leaving_zoc) else {
                continue;
            };
            let prone = s.units[u].mode == Mode::Prone;
            let ok = if prone || cost > left {
                // 7D minimum move, 7E low crawl: one hex for all the unit's MP.
                fresh && left > 0
            } else {
                true
            };
            let left_after = if prone || cost > left { 0 } else { left - cost };
            if ok
                && charge::step_ok(s, u, c, n)
                && pack::allows_step(s, u, c, n)
                && leaders::hq_allows_step(s, u, c, n)
                && special::post_allows(s, &id, c, n)
                && (fits(n) || stacking_allows(s, u, n, left_after))
                && (!crowded || *room.get_or_insert_with(|| leaves_room(s, u, c)))
            {
                out.push(Action::Move {
                    unit: id.clone(),
                    hex: label(n),
                });
            }
        }
    }
    let aid = leaders::aid_hexes(s);
    for l in 0..s.leaders.len() {
        if s.ldef(l).side != side || mover.is_some_and(|m| m != s.ldef(l).id) {
            continue;
        }
        let Some(c) = s.leader_hex(l) else { continue };
        if only.is_some() {
            continue;
        }
        for n in leader_steps(s, l, c, &aid) {
            out.push(Action::Move {
                unit: s.ldef(l).id.clone(),
                hex: label(n),
            });
        }
    }
    if mover.is_some() {
        return out;
    }
    out.extend(pack::transfer_legal(s));
    // 15B: Personnel apart from their train must move to it while they can; 12E4: so
    // must the Column HQ apart from Crook (or, after his loss, from every unit).
    let bound = out.iter().any(|a| match a {
        Action::Move { unit, hex } => s.find(unit).is_some_and(|u| {
            s.stat
                .map
                .parse(hex)
                .is_ok_and(|n| pack::must_take(s, u, n) || leaders::hq_must_take(s, u, n))
        }),
        _ => false,
    });
    out.extend(charge::declare_legal(s));
    out.extend(works::legal(s));
    if special::may_search(s) {
        out.push(Action::Search { exit: None });
    }
    if can_end(s) && !bound && !special::post_keeps_moving(s, &out) {
        out.push(Action::End);
    }
    out
}

/// The hexes a Leader in `c` may move to now: any he can pay for, but only closer to
/// the Pack Train or the Column HQ when he is a wounded US Leader who must be carried
/// there (12D1).
fn leader_steps(s: &State, l: usize, c: Coord, aid: &[Coord]) -> Vec<Coord> {
    let side = s.ldef(l).side;
    let left = leader_mp_left(s, l);
    let toward = leaders::must_evacuate(s, l, aid);
    let here = leaders::aid_distance(aid, c);
    s.stat
        .map
        .neighbors(c)
        .filter(|&n| !toward || leaders::aid_distance(aid, n) < here)
        .filter(|&n| special::post_allows(s, &s.ldef(l).id, c, n))
        .filter(|&n| best_step_cost(s, Some(c), n, side).is_ok_and(|cost| cost <= left))
        .collect()
}

/// Whether the phase may end: everything has entered (18) and no hex is over the
/// stacking limits (6: "at the end of any phase") while a unit could still move out to
/// mend it. Moves are refused that would leave a hex over the limit with no way out,
/// but fire can do it (a unit Pinned by Opportunity fire as it leaves a crowded hex);
/// the seed does not say what then happens to such a hex, and this version lets it
/// stand rather than leave the player unable to end the phase.
fn can_end(s: &State) -> bool {
    let side = s.phasing;
    // 12D1: a mortally or severely wounded US Leader "must either remain stacked with a
    // unit or move ... using all available movement points, directly towards the Pack
    // Train or Column HQ".
    let aid = leaders::aid_hexes(s);
    let carried_off = (0..s.leaders.len()).any(|l| {
        s.ldef(l).side == side
            && leaders::must_evacuate(s, l, &aid)
            && s.leader_hex(l).is_some_and(|c| {
                s.at(c, side).all(|u| !s.combat(u)) && !leader_steps(s, l, c, &aid).is_empty()
            })
    });
    if carried_off {
        return false;
    }
    if s.turn == 1 && side == Side::Indian && waiting(s) {
        return false;
    }
    // Each hex once, however many units it holds.
    let mut hexes: Vec<Coord> = (0..s.units.len())
        .filter(|&u| s.side(u) == side)
        .filter_map(|u| s.hex(u))
        .collect();
    hexes.sort_unstable();
    hexes.dedup();
    !hexes
        .into_iter()
        .any(|c| overstacked(s, c, side) && way_out(s, c, side))
}

/// Finish a move that waited for Opportunity fire (9F): the unit goes on only if it is
/// still in its hex, not Pinned, Routed or retreating, and can still pay for the hex.
pub(super) fn finish_move(
    s: &mut State,
    u: usize,
    from: Option<Coord>,
    to: Coord,
) -> Vec<LogEntry> {
    let stays = |why: &str| {
        vec![LogEntry::public(format!(
            "{} does not leave its hex: {why}",
            s.def(u).name
        ))]
    };
    if s.hex(u).is_none() {
        return vec![];
    }
    if s.hex(u) != from || s.pending.iter().any(|p| p.unit() == Some(u)) {
        return stays("it retreats instead (9F)");
    }
    if s.units[u].pinned || s.units[u].routed {
        return stays("the fire stopped it (9F)");
    }
    let Ok(cost) = move_cost(s, u, to) else {
        return stays("it can no longer enter that hex");
    };
    let left = mp_left(s, u);
    let fresh = s.units[u].spent == 0 && !s.units[u].moved;
    let ok = if s.units[u].mode == Mode::Prone || cost > left {
        fresh && left > 0
    } else {
        true
    };
    if !ok {
        return stays("it no longer has the MP");
    }
    do_move(s, u, to)
}

/// A unit's move of one hex (7), with what entering the hex brings: lone enemy Leaders
/// killed (12D5) and the VP hills (17).
pub(super) fn do_move(s: &mut State, u: usize, to: Coord) -> Vec<LogEntry> {
    let mut log = vec![];
    let from_hex = s.hex(u);
    let hex = s.stat.label(to);
    let cost = move_cost(s, u, to).unwrap_or(0);
    let left = mp_left(s, u);
    let all = s.units[u].mode == Mode::Prone || cost > left;
    s.units[u].spent += if all { left } else { cost };
    s.units[u].moved = true;
    s.units[u].at = Loc::Map(to);
    log.push(LogEntry::public(format!(
        "{} moves to {hex} ({}){}",
        s.def(u).name,
        if all {
            "all its MP".to_string()
        } else {
            format!("{cost} MP, {} left", mp_left(s, u))
        },
        if all {
            if s.units[u].mode == Mode::Prone {
                " (7E low crawl)"
            } else {
                " (7D minimum move)"
            }
        } else {
            ""
        }
    )));
    log.extend(kill_lone_leaders(s, u, to));
    log.extend(hills(s, u, to));
    log.extend(pack::rejoin(s, u));
    charge::climb(s, u, from_hex, to);
    log
}

/// 12D5: enemy Leaders alone in a hex are killed when an enemy "combat unit" enters it
/// (3J: Pony Holders are not combat units).
pub(super) fn kill_lone_leaders(s: &mut State, u: usize, to: Coord) -> Vec<LogEntry> {
    let mut log = vec![];
    let side = s.side(u);
    if !s.combat(u) || s.at(to, side.other()).next().is_some() {
        return log;
    }
    let alone: Vec<usize> = s.leaders_at(to, side.other()).collect();
    for l in alone {
        log.extend(leaders::kill(
            s,
            l,
            "alone when the enemy enters his hex, and is killed (12D5)",
        ));
    }
    log
}
