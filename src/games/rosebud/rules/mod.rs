//! The rules this version of *Battle of the Rosebud* plays, as legal actions and their
//! effects: the turn sequence (4, with the Indian player first, 18: Rally, Offensive
//! Fire, Movement, Defensive Fire, Advance Fire, Melee), the Indian entry on turn 1 (18),
//! movement (7: terrain, levels, creeks, cliffs, enemy hexes, the ZOC exit cost of 5,
//! the minimum move, the low crawl), modes (8: mounting and dismounting with Horse, Mule
//! and Pony Holders, going Prone), stacking (6), fire (9, in `fire`), morale, retreats,
//! routs and rally (10I, 10J, 13, in `morale`), ammunition and re-supply (14), the VP
//! hills (17) and the Victory Levels (17); melee (10, in `melee`); Leader losses, wounds
//! and replacements (9E, 12D, in `leaders`); the Pack Trains' Personnel (15B, in
//! `pack`); the Cavalry Charge (16A, in `charge`); the Eagle's Nest and the village
//! search (16D, 16E, in `special`); Breastworks (16C, in `works`). Voluntary Rout and
//! the optional rules are not played yet (see docs/rules-rosebud.md).

pub mod charge;
pub mod fire;
pub mod leaders;
pub mod melee;
pub mod morale;
pub mod pack;
pub mod special;
pub mod works;

use super::action::{Action, ModeChange};
use super::data::{Kind, Mode, Side};
use super::state::{FireKind, Loc, Offensive, Pending, Phase, State};
use crate::core::error::RuleError;
use crate::core::game::{LogEntry, Outcome};
use crate::core::hexmap::Coord;

/// The side that must act now.
pub fn to_act(s: &State) -> Option<Side> {
    (s.phase != Phase::Over).then(|| s.actor())
}

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

/// The stacking points a unit counts (6A, 6B, 6E).
fn stacking_points(s: &State, u: usize) -> u32 {
    s.class(u).stacking.unwrap_or_else(|| s.cf(u))
}

/// Whether a hex holds more of a side than 6 allows (25 CF; the Pony Holders).
pub fn overstacked(s: &State, c: Coord, side: Side) -> bool {
    overstacked_with(s, c, side, None)
}

/// [`overstacked`], with unit `extra` counted in the hex as well (a move being
/// weighed).
pub(super) fn overstacked_with(s: &State, c: Coord, side: Side, extra: Option<usize>) -> bool {
    let st = &s.stat.tables.stacking;
    let (mut points, mut ponies, mut warriors) = (0u32, 0u32, 0u32);
    let mut add = |u: usize| {
        points += stacking_points(s, u);
        match s.kind(u) {
            Kind::PonyHolder => ponies += 1,
            Kind::Warrior => warriors += 1,
            _ => {}
        }
    };
    for u in s.at(c, side) {
        if Some(u) != extra {
            add(u);
        }
    }
    if let Some(e) = extra {
        add(e);
    }
    points > st.max_cf || ponies > st.pony_holders.max(warriors)
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
fn step_cost(
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

/// Whether a unit can change modes at all (8: Pack Trains and Holders are always
/// Dismounted; 12E2: the Column HQ moves in any mode "at no cost", Mounted for movement
/// and Dismounted for all else, so it never changes; 8D1: only in Good Order).
fn has_modes(s: &State, u: usize) -> bool {
    matches!(
        s.kind(u),
        Kind::Cavalry | Kind::Infantry | Kind::Miners | Kind::Scout | Kind::Warrior
    ) && !s.units[u].disrupted
        && !s.units[u].pinned
        && !s.units[u].routed
}

/// Whether a unit mounts and dismounts with a Holder (8D2: not the Scouts).
fn uses_holder(s: &State, u: usize) -> bool {
    s.kind(u) != Kind::Scout && s.holder(u).is_some()
}

/// The MP a mode change costs (8D1).
fn mode_cost(s: &State) -> u32 {
    s.stat.tables.mode_mp.value
}

/// The mode changes open to a unit now (8D).
fn mode_changes(s: &State, u: usize) -> Vec<ModeChange> {
    let mut out = vec![];
    let Some(c) = s.hex(u) else { return out };
    // 16A: a charging unit stays Mounted.
    if !has_modes(s, u) || mp_left(s, u) < mode_cost(s) || s.units[u].charge.is_some() {
        return out;
    }
    let unit = &s.units[u];
    let holder_here = s.holder(u).is_some_and(|h| s.units[h].at == Loc::Map(c));
    let can_mount = !unit.horseless && (!uses_holder(s, u) || holder_here);
    match unit.mode {
        Mode::Mounted => {
            out.push(ModeChange::Dismount);
            out.push(ModeChange::Prone);
        }
        Mode::Dismounted => {
            if can_mount {
                out.push(ModeChange::Mount);
            }
            out.push(ModeChange::Prone);
        }
        Mode::Prone => {
            if can_mount {
                out.push(ModeChange::Mount);
            }
            out.push(ModeChange::Stand);
        }
    }
    out
}

/// Whether a hex of `side` is within 6's limits, or enough of what is there can still
/// move out of it this phase to bring it within them (stacking counts only at the end
/// of a phase, so a hex may be over the limit while units pass through).
fn way_out(t: &State, c: Coord, side: Side) -> bool {
    way_out_with(t, c, side, None, None)
}

/// [`way_out`] as if unit `without` had left hex `c` and unit `with` stood in it with the
/// given MP left (a move being weighed), without copying the state.
fn way_out_with(
    t: &State,
    c: Coord,
    side: Side,
    without: Option<usize>,
    with: Option<(usize, u32)>,
) -> bool {
    let st = &t.stat.tables.stacking;
    let mut here: Vec<usize> = t.at(c, side).filter(|&v| Some(v) != without).collect();
    if let Some((w, _)) = with
        && !here.contains(&w)
    {
        here.push(w);
    }
    let points: u32 = here.iter().map(|&v| stacking_points(t, v)).sum();
    let ponies = |vs: &[usize]| {
        vs.iter()
            .filter(|&&v| t.kind(v) == Kind::PonyHolder)
            .count() as u32
    };
    let warriors = here.iter().filter(|&&v| t.kind(v) == Kind::Warrior).count() as u32;
    let pony_excess = ponies(&here).saturating_sub(st.pony_holders.max(warriors));
    if points <= st.max_cf && pony_excess == 0 {
        return true;
    }
    // The enemy ZOC on the hex is the same for every unit leaving it, and what each
    // neighbour holds is the same for every unit: both looked up once.
    let leaving_zoc = in_zoc_of(t, c, side.other());
    let around: Vec<(Coord, bool, (u32, u32, u32))> = t
        .stat
        .map
        .neighbors(c)
        .map(|n| {
            let mut held = (0, 0, 0);
            let mut enemy = false;
            for v in 0..t.units.len() {
                if t.hex(v) != Some(n) {
                    continue;
                }
                if t.side(v) == side {
                    held.0 += stacking_points(t, v);
                    match t.kind(v) {
                        Kind::PonyHolder => held.1 += 1,
                        Kind::Warrior => held.2 += 1,
                        _ => {}
                    }
                } else {
                    enemy = true;
                }
            }
            (n, enemy, held)
        })
        .collect();
    let can_leave = |v: usize| {
        let left = match with {
            Some((w, left)) if w == v => left,
            _ => mp_left(t, v),
        };
        let (sp, pony, warrior) = (
            stacking_points(t, v),
            u32::from(t.kind(v) == Kind::PonyHolder),
            u32::from(t.kind(v) == Kind::Warrior),
        );
        left > 0
            && t.units[v].mode != Mode::Prone
            && !t.units[v].pinned
            && !t.units[v].routed
            && around.iter().any(|&(n, enemy, (p0, y0, w0))| {
                !enemy
                    && p0 + sp <= st.max_cf
                    && y0 + pony <= st.pony_holders.max(w0 + warrior)
                    && open_step_cost(t, v, c, n, leaving_zoc).is_some_and(|cost| cost <= left)
            })
    };
    let movable: Vec<usize> = here.iter().copied().filter(|&v| can_leave(v)).collect();
    let free: u32 = movable.iter().map(|&v| stacking_points(t, v)).sum();
    points.saturating_sub(st.max_cf) <= free && pony_excess <= ponies(&movable)
}

/// A unit's cost to step from `from` into `to`, known to hold no enemy unit: terrain,
/// hexside and climb (7B), and the ZOC exit cost (5); None where it may not go.
fn open_step_cost(s: &State, u: usize, from: Coord, to: Coord, leaving_zoc: bool) -> Option<u32> {
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

/// Whether a hex is near enough to 6's limits that a change there needs a closer look.
fn near_limit(s: &State, c: Coord, side: Side) -> bool {
    let here: Vec<usize> = s.at(c, side).collect();
    let points: u32 = here.iter().map(|&u| stacking_points(s, u)).sum();
    let ponies = here
        .iter()
        .filter(|&&u| s.kind(u) == Kind::PonyHolder)
        .count() as u32;
    points + 7 > s.stat.tables.stacking.max_cf || ponies + 1 >= s.stat.tables.stacking.pony_holders
}

/// Whether a unit leaving `from` leaves that hex within 6's limits or with a way out
/// (a warrior leaving lowers the Pony Holders the hex may hold, 6E).
fn leaves_room(s: &State, u: usize, from: Coord) -> bool {
    let side = s.side(u);
    if !near_limit(s, from, side) {
        return true;
    }
    way_out_with(s, from, side, Some(u), None)
}

/// Whether a unit may end up in `to` with `left_after` MP: 6's limits hold there
/// afterwards, or a unit can still leave the hex (the phase could not end otherwise).
fn stacking_allows(s: &State, u: usize, to: Coord, left_after: u32) -> bool {
    let side = s.side(u);
    if !overstacked_with(s, to, side, Some(u)) {
        return true;
    }
    way_out_with(s, to, side, None, Some((u, left_after)))
}

/// The entry areas a unit may still use on turn 1 (18), with their hexes.
fn entry_hexes(s: &State, u: usize, areas: &[Vec<Coord>], used: &[AreaUse]) -> Vec<Coord> {
    let tribe = &s.def(u).group;
    let mut out = vec![];
    for ((e, hexes), (count, tribes)) in s.stat.scenario.entries.iter().zip(areas).zip(used) {
        if !e.tribes.is_empty() && !e.tribes.contains(tribe) {
            continue;
        }
        if e.not_tribes.contains(tribe) {
            continue;
        }
        if e.max_units.is_some_and(|m| *count >= m) {
            continue;
        }
        if let Some(m) = e.max_tribes
            && !tribes.contains(tribe)
            && tribes.len() as u32 >= m
        {
            continue;
        }
        out.extend(hexes.iter().copied());
    }
    out.sort();
    out.dedup();
    out
}

/// How much of an entry area is used (18): the units that entered by it and their
/// tribes.
type AreaUse = (u32, Vec<String>);

/// Each entry area's use so far, in the scenario's order, worked out once per call.
fn area_use(s: &State) -> Vec<AreaUse> {
    s.stat
        .scenario
        .entries
        .iter()
        .map(|e| {
            let used: Vec<&String> = s
                .entered
                .iter()
                .filter(|(_, a)| *a == e.name)
                .map(|(id, _)| id)
                .collect();
            let mut tribes: Vec<String> = used
                .iter()
                .filter_map(|id| s.find(id))
                .map(|v| s.def(v).group.clone())
                .collect();
            tribes.sort();
            tribes.dedup();
            (used.len() as u32, tribes)
        })
        .collect()
}

/// The hexes of each entry area of the scenario, in its order (18), worked out once.
fn area_hexes(s: &State) -> Vec<Vec<Coord>> {
    s.stat
        .entry_areas
        .get_or_init(|| {
            s.stat
                .scenario
                .entries
                .iter()
                .map(|e| {
                    s.stat
                        .map
                        .coords()
                        .filter(|c| s.stat.map.has_mark(*c, &e.mark) && s.stat.on_board(*c))
                        .collect()
                })
                .collect()
        })
        .clone()
}

/// The entry area a hex belongs to, for a unit (the first that allows it).
fn entry_area(s: &State, u: usize, c: Coord) -> Option<String> {
    let tribe = &s.def(u).group;
    s.stat
        .scenario
        .entries
        .iter()
        .find(|e| {
            s.stat.map.has_mark(c, &e.mark)
                && (e.tribes.is_empty() || e.tribes.contains(tribe))
                && !e.not_tribes.contains(tribe)
        })
        .map(|e| e.name.clone())
}

/// Every hex on the map edges the Indian Leaders may enter by (18): every entry area's.
fn leader_entry_hexes(areas: &[Vec<Coord>]) -> Vec<Coord> {
    let mut out: Vec<Coord> = areas.iter().flatten().copied().collect();
    out.sort();
    out.dedup();
    out
}

/// Whether anything still waits to enter (18: every Indian unit enters on turn 1).
fn waiting(s: &State) -> bool {
    s.units.iter().any(|u| u.at == Loc::Entering) || s.leaders.iter().any(|l| l.at == Loc::Entering)
}

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    if s.phase == Phase::Over {
        return vec![];
    }
    if let Some(p) = s.pending.first() {
        return pending_legal(s, p);
    }
    let mut out = match s.phase {
        Phase::Rally => {
            let mut v = resupply_legal(s);
            v.extend(rally_rout_legal(s));
            v
        }
        Phase::OffensiveFire => fire_legal(s, s.phasing, true),
        Phase::Movement => return movement_legal(s),
        Phase::DefensiveFire => fire_legal(s, s.phasing.other(), false),
        Phase::AdvanceFire => fire_legal(s, s.phasing, false),
        Phase::Melee => {
            let mut v = melee::declare_legal(s);
            v.extend(melee::advance_legal(s));
            // 16A: a charging unit must engage its target.
            if charge::must_attack(s) {
                return v;
            }
            v
        }
        Phase::Over => vec![],
    };
    out.push(Action::End);
    out
}

/// The choices of what is pending: the fire a window allows (9F, 9G), or the next hex
/// of a retreat or rout (10I, 10J).
fn pending_legal(s: &State, p: &Pending) -> Vec<Action> {
    match p {
        Pending::Window {
            eligible, declared, ..
        } => {
            let mut out: Vec<Action> = eligible
                .iter()
                .filter(|e| !declared.contains(e) && fire::can_fire(s, **e))
                .map(|&e| Action::OpFire {
                    unit: s.def(e).id.clone(),
                })
                .collect();
            out.push(Action::Resolve);
            out
        }
        Pending::Retreat { unit, .. } | Pending::Rout { unit, .. } => {
            let mut out: Vec<Action> = morale::pending_options(s)
                .into_iter()
                .map(|c| Action::Retreat {
                    unit: s.def(*unit).id.clone(),
                    hex: s.stat.label(c),
                })
                .collect();
            if morale::may_stop(s) || morale::may_halt_rout(s) {
                out.push(Action::Halt);
            }
            out
        }
        Pending::Volunteer { .. } => {
            let units = morale::volunteers(s);
            let mut out: Vec<Action> = units
                .iter()
                .map(|&u| Action::Rout {
                    unit: Some(s.def(u).id.clone()),
                })
                .collect();
            if units.len() > 1 {
                out.push(Action::Rout { unit: None });
            }
            out.push(Action::Hold);
            out
        }
        Pending::Declare { attackers, target } => {
            let mut out: Vec<Action> = if attackers.len() > 1 {
                attackers
                    .iter()
                    // 16A: a charging unit may not be left out of its target's melee.
                    .filter(|&&a| s.units[a].charge.is_none_or(|c| c.target != *target))
                    .map(|&a| Action::Leave {
                        unit: s.def(a).id.clone(),
                    })
                    .collect()
            } else {
                vec![]
            };
            if !attackers.is_empty() {
                out.push(Action::Commit);
            }
            out.push(Action::Cancel);
            out
        }
        Pending::Rbm { rolled, .. } => {
            let rollers = melee::rbm_rollers(s);
            let mut out = vec![];
            if rolled.is_empty() {
                out.push(Action::Rbm { unit: None });
            }
            if rollers.len() > 1 || !rolled.is_empty() {
                out.extend(rollers.iter().map(|&u| Action::Rbm {
                    unit: Some(s.def(u).id.clone()),
                }));
            }
            out.push(Action::Stand);
            out
        }
        Pending::Fight { .. } => vec![],
        Pending::Village => vec![
            Action::Search { exit: Some(true) },
            Action::Search { exit: Some(false) },
        ],
        Pending::Pursuit { .. } | Pending::PursuitMove { .. } => melee::pursuit_legal(s),
        Pending::Casualties { .. } => melee::casualty_options(s)
            .into_iter()
            .map(|u| Action::Lose {
                unit: s.def(u).id.clone(),
            })
            .collect(),
        Pending::Replace { .. } => leaders::replace_hexes(s)
            .into_iter()
            .map(|c| Action::Replace {
                hex: Some(s.stat.label(c)),
            })
            .chain([Action::Replace { hex: None }])
            .collect(),
    }
}

/// The fire of one side's units in a fire phase (9); `offensive` offers the half-strength
/// choice too (4B), and the Advance Fire Phase only units that did not fire in the
/// Offensive Fire Phase (4E).
fn fire_legal(s: &State, side: Side, offensive: bool) -> Vec<Action> {
    let mut out = vec![];
    let advance = s.phase == Phase::AdvanceFire;
    for f in 0..s.units.len() {
        if s.side(f) != side || !fire::can_fire(s, f) || advance && s.units[f].offensive.is_some() {
            continue;
        }
        for t in 0..s.units.len() {
            if s.side(t) == side || !fire::can_target(s, f, t) {
                continue;
            }
            // 14D Option #2: a Roster unit may fire Defensive fire at half to mark half
            // a box.
            let half_ok = offensive
                || s.phase == Phase::DefensiveFire
                    && fire::on_roster(s, f)
                    && s.units[f].halves >= 2;
            for half in [false, true] {
                if half && !half_ok {
                    continue;
                }
                out.push(Action::Fire {
                    unit: s.def(f).id.clone(),
                    target: s.def(t).id.clone(),
                    half,
                });
            }
        }
    }
    out
}

/// Re-supply in the Rally Phase (14C): a US or Scout unit with Low Ammo, stacked with or
/// next to a Pack Train that has ammunition and is not Pinned or Routed (15A3). With the
/// Ammo Roster (14D Option #2), a unit with 3 boxes or fewer, from a train with small
/// arms or by cross-levelling from a combat unit in or next to its hex.
fn resupply_legal(s: &State) -> Vec<Action> {
    if s.phasing != Side::US {
        return vec![];
    }
    let mut out = vec![];
    for u in 0..s.units.len() {
        if s.side(u) != Side::US || s.units[u].supplying || s.hex(u).is_none() {
            continue;
        }
        if fire::on_roster(s, u) {
            if !roster_low(s, u) {
                continue;
            }
            if pack_train_for(s, u).is_some() {
                out.push(Action::Resupply {
                    unit: s.def(u).id.clone(),
                    from: None,
                });
            }
            for v in cross_levellers(s, u) {
                out.push(Action::Resupply {
                    unit: s.def(u).id.clone(),
                    from: Some(s.def(v).id.clone()),
                });
            }
        } else if s.units[u].low_ammo && pack_train_for(s, u).is_some() {
            out.push(Action::Resupply {
                unit: s.def(u).id.clone(),
                from: None,
            });
        }
    }
    out
}

/// Whether a Roster unit is low enough to re-supply: 3 boxes or fewer (14D: "Ammo points
/// are used to replenish units that are in low ammo", read with its own measure, "Low
/// Ammo if it has 3 or fewer ammo boxes remaining").
pub fn roster_low(s: &State, u: usize) -> bool {
    s.units[u].halves.div_ceil(2) <= s.stat.tables.ammo_roster.low_end
}

/// The roster's full count of half-boxes for a unit (14D: "Units may not carry more
/// ammo than what the roster indicates for each unit").
pub fn roster_full(s: &State, u: usize) -> u32 {
    super::setup::roster_halves(&s.stat, s.kind(u))
}

/// The combat units a Roster unit may cross-level boxes from (14D: "Combat units may
/// cross-level ammo from each other"): Roster units stacked with or next to it, with
/// more than 3 boxes, not Routed and not already re-supplying or giving.
fn cross_levellers(s: &State, u: usize) -> Vec<usize> {
    let Some(c) = s.hex(u) else { return vec![] };
    (0..s.units.len())
        .filter(|&v| {
            v != u
                && fire::on_roster(s, v)
                && !s.units[v].supplying
                && !s.units[v].routed
                && !roster_low(s, v)
                && s.hex(v).is_some_and(|h| h.distance(c) <= 1)
        })
        .collect()
}

/// Voluntary Rout in the Rally Phase (10J1): any of the phasing player's units that may
/// rout, while an enemy combat unit is on the map to rout away from.
fn rally_rout_legal(s: &State) -> Vec<Action> {
    if !morale::voluntary(s) {
        return vec![];
    }
    (0..s.units.len())
        .filter(|&u| s.side(u) == s.phasing && morale::may_volunteer(s, u))
        .filter(|&u| !morale::nearest_enemies(s, u).is_empty())
        .map(|u| Action::Rout {
            unit: Some(s.def(u).id.clone()),
        })
        .collect()
}

/// A Pack Train that can re-supply a unit (14C, 15A3).
fn pack_train_for(s: &State, u: usize) -> Option<usize> {
    let c = s.hex(u)?;
    let roster = fire::on_roster(s, u);
    (0..s.units.len()).find(|&p| {
        s.kind(p) == Kind::PackTrain
            && if roster {
                s.units[p].halves > 0
            } else {
                s.units[p].ammo > 0
            }
            && !s.units[p].pinned
            && !s.units[p].routed
            && s.hex(p).is_some_and(|h| h.distance(c) <= 1)
    })
}

/// The Movement Phase's actions (7, 8, 13B3, 18).
fn movement_legal(s: &State) -> Vec<Action> {
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

/// The legal actions, or while the turn-1 entry waits on `first` (the first unit or
/// Leader of the phasing side still to enter, 18) only those the computer player weighs
/// then: `first`'s entries and whatever is neither an entry nor a move or mode change
/// (`ai::worth`). The same list as `legal` filtered by `worth`, without generating the
/// ~2,000 entries of the other bands and every move of the bands already in, which the
/// search would throw away at each node (a test compares the two).
pub fn search_legal(s: &State, first: Option<&str>) -> Vec<Action> {
    if s.phase == Phase::Movement && s.pending.is_empty() && first.is_some() {
        movement_legal_only(s, first, None)
    } else {
        legal(s)
    }
}

/// [`movement_legal`], or with `only` the entry subset [`search_legal`] describes, or
/// with `mover` no entries and only that unit's or Leader's moves ([`moves_of`]).
fn movement_legal_only(s: &State, only: Option<&str>, mover: Option<&str>) -> Vec<Action> {
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

/// Apply an action; anything not legal now is refused and nothing changes.
pub fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if !legal(s).contains(a) {
        return Err(RuleError::new(format!("'{a}' is not legal now")));
    }
    Ok(apply_listed(s, a))
}

/// Apply an action taken from `legal(s)` of this very state.
pub fn apply_listed(s: &mut State, a: &Action) -> Vec<LogEntry> {
    let mut log = vec![];
    let side = s.phasing;
    match a {
        Action::Enter { unit, hex, mounted } => {
            let Ok(c) = s.stat.map.parse(hex) else {
                return log;
            };
            if let Some(l) = s.find_leader(unit) {
                let cost = best_step_cost(s, None, c, side).unwrap_or(0);
                s.leaders[l].at = Loc::Map(c);
                s.leaders[l].spent = cost;
                log.push(LogEntry::public(format!(
                    "{} enters the map at {hex} ({cost} MP) (18)",
                    s.ldef(l).name
                )));
                return log;
            }
            let Some(u) = s.find(unit) else { return log };
            let cost = step_cost(s, None, c, *mounted, side).unwrap_or(0);
            let area = entry_area(s, u, c).unwrap_or_default();
            s.entered.push((unit.clone(), area.clone()));
            s.units[u].at = Loc::Map(c);
            s.units[u].mode = if *mounted {
                Mode::Mounted
            } else {
                Mode::Dismounted
            };
            s.units[u].spent = cost.min(s.face(u).ma);
            s.units[u].moved = true;
            if !*mounted && let Some(h) = s.holder(u) {
                // 18: "The units must pay the cost of the first hex they enter": the
                // Pony Holders (always Dismounted, 8B) too.
                s.units[h].at = Loc::Map(c);
                s.units[h].spent = step_cost(s, None, c, false, side).unwrap_or(0);
            }
            log.push(LogEntry::public(format!(
                "{} enters the map at {hex} from the {area} edge, {} ({cost} MP) (18)",
                s.def(u).name,
                if *mounted {
                    "Mounted"
                } else {
                    "Dismounted, with its Pony Holders"
                }
            )));
        }
        Action::Move { unit, hex } => {
            let Ok(to) = s.stat.map.parse(hex) else {
                return log;
            };
            if let Some(l) = s.find_leader(unit) {
                let from = s.leader_hex(l);
                let cost = best_step_cost(s, from, to, side).unwrap_or(0);
                s.leaders[l].at = Loc::Map(to);
                s.leaders[l].spent += cost;
                log.push(LogEntry::public(format!(
                    "{} moves to {hex} ({cost} MP, {} left)",
                    s.ldef(l).name,
                    leader_mp_left(s, l)
                )));
                return log;
            }
            let Some(u) = s.find(unit) else { return log };
            let Some(from) = s.hex(u) else { return log };
            // 9F: leaving an enemy zone of control draws Opportunity fire first.
            let firers = fire::window_firers(s, u, from);
            if firers.is_empty() {
                log.extend(do_move(s, u, to));
            } else {
                log.push(LogEntry::public(format!(
                    "{} is about to leave an enemy zone of control at {} for {hex}: the {:?} player may fire Opportunity fire (9F)",
                    s.def(u).name,
                    s.stat.label(from),
                    side.other()
                )));
                s.pending.push(Pending::Window {
                    target: u,
                    kind: FireKind::Opportunity,
                    eligible: firers,
                    declared: vec![],
                    then: Some(to),
                });
            }
        }
        Action::Mode { unit, change } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(change_mode(s, u, *change));
        }
        Action::Fire { unit, target, half } => {
            let (Some(f), Some(t)) = (s.find(unit), s.find(target)) else {
                return log;
            };
            let kind = match s.phase {
                Phase::OffensiveFire if *half => FireKind::OffensiveHalf,
                Phase::OffensiveFire => FireKind::Offensive,
                Phase::DefensiveFire if *half => FireKind::DefensiveHalf,
                Phase::DefensiveFire => FireKind::Defensive,
                _ => FireKind::Advance,
            };
            log.extend(fire::fire(s, f, t, kind));
        }
        Action::OpFire { unit } => {
            let Some(f) = s.find(unit) else { return log };
            if let Some(Pending::Window { declared, .. }) = s.pending.first_mut() {
                declared.push(f);
            }
        }
        Action::Resolve => log.extend(fire::resolve_window(s)),
        Action::Retreat { unit, hex } => {
            let (Some(u), Ok(to)) = (s.find(unit), s.stat.map.parse(hex)) else {
                return log;
            };
            log.extend(morale::step(s, u, to));
        }
        Action::Resupply { unit, from } => {
            let Some(u) = s.find(unit) else { return log };
            let giver = match from {
                Some(v) => s.find(v),
                None => pack_train_for(s, u),
            };
            let Some(p) = giver else { return log };
            log.extend(resupply(s, u, p));
        }
        Action::Rout { unit } => {
            let u = unit.as_deref().and_then(|id| s.find(id));
            if matches!(s.pending.first(), Some(Pending::Volunteer { .. })) {
                log.extend(morale::answer_volunteer(s, u));
            } else if let Some(u) = u {
                // 10J1: in the owner's Rally Phase, away from the nearest enemy.
                log.extend(morale::rout_voluntarily(s, &[u], &[]));
            }
        }
        Action::Hold => {
            if let Some(Pending::Volunteer { .. }) = s.pending.first() {
                s.pending.remove(0);
            }
        }
        Action::Recover { unit } => {
            let Some(u) = s.find(unit) else { return log };
            let cost = s.stat.tables.disruption_mp.value;
            s.units[u].spent += cost;
            s.units[u].disrupted = false;
            log.push(LogEntry::public(format!(
                "{} spends {cost} MP and is in Good Order again (13B3)",
                s.def(u).name
            )));
        }
        Action::Melee { hex } => {
            let Ok(t) = s.stat.map.parse(hex) else {
                return log;
            };
            if matches!(s.pending.first(), Some(Pending::Pursuit { .. })) {
                log.extend(melee::reinitiate(s, t));
            } else {
                log.extend(melee::declare(s, t));
            }
        }
        Action::Leave { unit } => {
            let Some(u) = s.find(unit) else { return log };
            if let Some(Pending::Declare { attackers, .. }) = s.pending.first_mut() {
                attackers.retain(|&a| a != u);
            }
        }
        Action::Commit => log.extend(melee::commit(s)),
        Action::Cancel => {
            s.pending.remove(0);
            log.push(LogEntry::public("The melee declaration is withdrawn"));
        }
        Action::Rbm { unit: None } => log.extend(melee::retreat_before_melee(s, true, None)),
        Action::Rbm { unit: Some(unit) } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(melee::retreat_before_melee(s, true, Some(u)));
        }
        Action::Stand => log.extend(melee::retreat_before_melee(s, false, None)),
        Action::Lose { unit } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(melee::lose(s, u));
        }
        Action::Advance { unit, hex } => {
            let (Some(u), Ok(t)) = (s.find(unit), s.stat.map.parse(hex)) else {
                return log;
            };
            if matches!(s.pending.first(), Some(Pending::PursuitMove { .. })) {
                log.extend(melee::pursuit_step(s, u, t));
            } else {
                log.extend(melee::advance(s, u, t));
            }
        }
        Action::Pursue { unit } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(melee::pursue(s, u));
        }
        Action::Halt => {
            if let Some(Pending::Rout { unit, .. }) = s.pending.first().cloned() {
                s.pending.remove(0);
                log.push(LogEntry::public(format!(
                    "{} stops its rout at {} (10J2)",
                    s.def(unit).name,
                    s.hex(unit).map(|c| s.stat.label(c)).unwrap_or_default()
                )));
            } else {
                log.extend(melee::halt(s));
            }
        }
        Action::Breastworks { unit: None } => log.extend(works::declare(s)),
        Action::Breastworks { unit: Some(unit) } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(works::build(s, u));
        }
        Action::Reload { unit } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(works::reload(s, u));
        }
        Action::Charge { unit, hex } => {
            let (Some(u), Ok(t)) = (s.find(unit), s.stat.map.parse(hex)) else {
                return log;
            };
            log.extend(charge::declare(s, u, t));
        }
        Action::Search { exit: None } => log.extend(special::search(s)),
        Action::Search { exit: Some(go) } => log.extend(special::village_answer(s, *go)),
        Action::Transfer { from, to } => {
            let (Some(p), Some(v)) = (s.find(from), s.find(to)) else {
                return log;
            };
            log.extend(pack::transfer(s, p, v));
        }
        Action::Replace { hex } => {
            let c = hex.as_deref().and_then(|h| s.stat.map.parse(h).ok());
            log.extend(leaders::replace(s, c));
        }
        Action::End => log.extend(end_phase(s)),
    }
    log.extend(settle(s));
    log
}

/// Settle what needs no choice: a retreat with one way, a fire window nobody can use
/// any more, and the Rally and fire phases in which nobody has anything to do.
pub fn settle(s: &mut State) -> Vec<LogEntry> {
    let mut log = special::update_post(s);
    for _ in 0..100_000 {
        if s.phase == Phase::Over {
            break;
        }
        match s.pending.first() {
            Some(Pending::Window { eligible, .. }) => {
                if eligible.iter().all(|&e| s.hex(e).is_none()) {
                    log.extend(fire::resolve_window(s));
                    continue;
                }
                break;
            }
            Some(Pending::Fight {
                target,
                attackers,
                fled,
            }) => {
                let (t, a, f) = (*target, attackers.clone(), fled.clone());
                s.pending.remove(0);
                log.extend(melee::fight(s, t, &a, &f));
                continue;
            }
            Some(Pending::Pursuit { .. } | Pending::PursuitMove { .. }) => {
                if melee::pursuit_legal(s) == [Action::Halt] {
                    log.extend(melee::halt(s));
                    continue;
                }
                break;
            }
            Some(Pending::Casualties { .. }) => {
                if melee::settle_casualties(s, &mut log) {
                    continue;
                }
                break;
            }
            Some(Pending::Volunteer { .. }) => {
                if morale::volunteers(s).is_empty() {
                    s.pending.remove(0);
                    continue;
                }
                break;
            }
            Some(
                Pending::Declare { .. }
                | Pending::Rbm { .. }
                | Pending::Replace { .. }
                | Pending::Village,
            ) => break,
            Some(_) => {
                if morale::settle_retreat(s, &mut log) {
                    continue;
                }
                break;
            }
            None => {}
        }
        if s.phase != Phase::Movement && legal(s) == [Action::End] {
            log.extend(end_phase(s));
            continue;
        }
        break;
    }
    log
}

/// A unit re-supplies from a Pack Train, or cross-levels from a combat unit (14C, 14D):
/// both spend all their MP this turn.
fn resupply(s: &mut State, u: usize, p: usize) -> Vec<LogEntry> {
    s.units[u].supplying = true;
    s.units[p].supplying = true;
    if fire::on_roster(s, u) {
        // 14D: "boxes are crossed off (supplying unit) and erased (receiving unit)".
        let want = roster_full(s, u).saturating_sub(s.units[u].halves);
        let spare = if s.kind(p) == Kind::PackTrain {
            s.units[p].halves
        } else {
            // A giver keeps more than the low mark (this version's reading: it would
            // not give itself into Low Ammo).
            let keep = 2 * s.stat.tables.ammo_roster.low_end + 1;
            s.units[p].halves.saturating_sub(keep)
        };
        let n = want.min(spare);
        s.units[u].halves += n;
        s.units[p].halves -= n;
        return vec![LogEntry::public(format!(
            "{} takes {} from {} ({} now, {} left to the giver); both spend all their MP this turn (14D Option #2, 14C)",
            s.def(u).name,
            fire::boxes_text(n),
            s.def(p).name,
            fire::boxes_text(s.units[u].halves),
            if s.kind(p) == Kind::PackTrain {
                format!(
                    "{} small arms",
                    fire::trim(f64::from(s.units[p].halves) / 2.0)
                )
            } else {
                fire::boxes_text(s.units[p].halves)
            }
        ))];
    }
    s.units[u].low_ammo = false;
    s.units[p].ammo -= 1;
    vec![LogEntry::public(format!(
        "{} re-supplies from {} ({} ammunition left); both spend all their MP this turn (14C)",
        s.def(u).name,
        s.def(p).name,
        s.units[p].ammo
    ))]
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
fn do_move(s: &mut State, u: usize, to: Coord) -> Vec<LogEntry> {
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

/// 17: a US Cavalry or Infantry unit entering a VP hill scores it, once (8: the Miners
/// "act as Cavalry for all rule purposes").
pub(super) fn hills(s: &mut State, u: usize, c: Coord) -> Vec<LogEntry> {
    let mut log = vec![];
    if s.side(u) != Side::US || !matches!(s.kind(u), Kind::Cavalry | Kind::Infantry | Kind::Miners)
    {
        return log;
    }
    let stat = s.stat.clone();
    for h in &stat.scenario.hills {
        if stat.map.has_mark(c, &h.mark) && !s.hills_taken.contains(&h.mark) {
            s.hills_taken.push(h.mark.clone());
            s.vp[0] += h.vp as i32;
            log.push(LogEntry::public(format!(
                "{} takes {}: US +{} VP (17)",
                s.def(u).name,
                h.name,
                h.vp
            )));
        }
    }
    log
}

/// 8D: a mode change and its Holder, for its MP.
fn change_mode(s: &mut State, u: usize, change: ModeChange) -> Vec<LogEntry> {
    let cost = mode_cost(s);
    change_mode_cost(s, u, change, cost)
}

/// A mode change the rules impose, for no MP (8A: a Mounted US unit Pinned dismounts).
pub(super) fn change_mode_free(s: &mut State, u: usize, change: ModeChange) -> Vec<LogEntry> {
    change_mode_cost(s, u, change, 0)
}

/// A mode change and its Holder, for `cost` MP.
fn change_mode_cost(s: &mut State, u: usize, change: ModeChange, cost: u32) -> Vec<LogEntry> {
    let mut log = vec![];
    let name = s.def(u).name.clone();
    let c = s.hex(u);
    match change {
        ModeChange::Dismount | ModeChange::Prone if s.units[u].mode == Mode::Mounted => {
            s.units[u].spent += cost;
            s.units[u].mode = if change == ModeChange::Prone {
                Mode::Prone
            } else {
                Mode::Dismounted
            };
            if uses_holder(s, u) {
                let h = s.holder(u).expect("uses_holder");
                // 8D2a: a unit the flip would eliminate abandons its horses.
                if s.face(u).cf <= s.units[u].cp {
                    s.units[u].horseless = true;
                    log.push(LogEntry::public(format!(
                        "{name} dismounts and abandons its horses: its strength cannot spare a Holder (8D2a)"
                    )));
                } else {
                    s.units[h].at = c.map_or(Loc::Off, Loc::Map);
                    s.units[h].spent = 0;
                    s.units[h].mode = Mode::Dismounted;
                    log.push(LogEntry::public(format!(
                        "{name} dismounts ({cost} MP){}; {} hold the horses (8D2)",
                        if change == ModeChange::Prone {
                            " and goes Prone"
                        } else {
                            ""
                        },
                        s.def(h).name
                    )));
                }
            } else {
                log.push(LogEntry::public(format!(
                    "{name} dismounts ({cost} MP){} (8D2)",
                    if change == ModeChange::Prone {
                        " and goes Prone"
                    } else {
                        ""
                    }
                )));
            }
        }
        ModeChange::Prone => {
            s.units[u].spent += cost;
            s.units[u].mode = Mode::Prone;
            log.push(LogEntry::public(format!(
                "{name} goes Prone ({cost} MP) (8C)"
            )));
        }
        ModeChange::Stand => {
            s.units[u].spent += cost;
            s.units[u].mode = Mode::Dismounted;
            log.push(LogEntry::public(format!(
                "{name} stands up ({cost} MP) (8D1)"
            )));
        }
        ModeChange::Mount => {
            s.units[u].spent += cost;
            s.units[u].mode = Mode::Mounted;
            let mut held = 0;
            if uses_holder(s, u) {
                let h = s.holder(u).expect("uses_holder");
                held = s.units[h].spent;
                s.units[h].at = Loc::Off;
                s.units[h].spent = 0;
            }
            // 8D2b: for each MP the Holder spent this phase, a quarter of the MP left
            // after mounting is lost; the final fraction is dropped.
            let left = mp_left(s, u);
            let keep = left * 4u32.saturating_sub(held) / 4;
            s.units[u].spent += left - keep;
            log.push(LogEntry::public(format!(
                "{name} mounts ({cost} MP){}: {keep} MP left (8D2b)",
                if held > 0 {
                    format!(", its Holders having spent {held} MP")
                } else {
                    String::new()
                }
            )));
        }
        ModeChange::Dismount => {}
    }
    log
}

/// End the phase and begin the next (4): Rally, Offensive Fire, Movement, Defensive
/// Fire, Advance Fire, then the other player's turn; after the US player turn of the
/// last game turn the battle ends (18).
fn end_phase(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    for u in &mut s.units {
        u.fired = false;
    }
    let who = |s: &State| format!("{:?}", s.phasing);
    match s.phase {
        Phase::Rally => {
            s.phase = Phase::OffensiveFire;
            log.push(LogEntry::public(format!(
                "The {} Offensive Fire Phase (4B)",
                who(s)
            )));
        }
        Phase::OffensiveFire => {
            s.phase = Phase::Movement;
            log.push(LogEntry::public(format!(
                "The {} Movement Phase (4C)",
                who(s)
            )));
            // 4C, 10J2: Routed units that failed to rally rout first.
            let r = s.stat.tables.rout.clone();
            for u in 0..s.units.len() {
                if s.side(u) == s.phasing
                    && s.hex(u).is_some()
                    && s.units[u].routed
                    && !s.units[u].pinned
                {
                    let left = if s.units[u].mode == Mode::Mounted {
                        r.subsequent_mounted
                    } else {
                        r.subsequent
                    };
                    s.pending.push(Pending::Rout {
                        unit: u,
                        left,
                        onward: false,
                    });
                }
            }
        }
        Phase::Movement => {
            for u in &mut s.units {
                u.spent = 0;
                u.moved = false;
            }
            for l in &mut s.leaders {
                l.spent = 0;
            }
            s.phase = Phase::DefensiveFire;
            log.push(LogEntry::public(format!(
                "The {:?} Defensive Fire Phase (4D)",
                s.phasing.other()
            )));
        }
        Phase::DefensiveFire => {
            s.phase = Phase::AdvanceFire;
            log.push(LogEntry::public(format!(
                "The {} Advance Fire Phase (4E)",
                who(s)
            )));
        }
        Phase::AdvanceFire => {
            s.phase = Phase::Melee;
            log.push(LogEntry::public(format!("The {} Melee Phase (4F)", who(s))));
        }
        Phase::Melee => {
            s.vacated.clear();
            log.extend(end_player_turn(s));
        }
        Phase::Over => {}
    }
    log
}

/// The end of a player turn (4G): the other player's turn, the next game turn, or the
/// end of the battle (18).
fn end_player_turn(s: &mut State) -> Vec<LogEntry> {
    let mut log = works::end_turn(s);
    for u in &mut s.units {
        u.spent = 0;
        u.moved = false;
        u.offensive = None;
        u.supplying = false;
        u.meleed = false;
        u.melee_at = None;
        u.charge = None;
        u.advance_at = None;
    }
    for l in &mut s.leaders {
        l.spent = 0;
    }
    let last = s.stat.tables.turns.count;
    if s.phasing == Side::Indian {
        s.phasing = Side::US;
        log.push(LogEntry::public(format!(
            "Turn {} ({}): the US player turn",
            s.turn,
            s.time(s.turn)
        )));
    } else if s.turn >= last {
        log.extend(finish(s, format!("Turn {last} ends the battle (18)")));
        return log;
    } else {
        log.extend(burn_down(s));
        s.turn += 1;
        s.phasing = Side::Indian;
        log.push(LogEntry::public(format!(
            "Turn {} ({}): the Indian player turn",
            s.turn,
            s.time(s.turn)
        )));
    }
    // 18: the battle also ends when one side has no units on the map.
    if s.turn > 1 {
        for side in [Side::US, Side::Indian] {
            let any =
                (0..s.units.len()).any(|u| s.side(u) == side && s.hex(u).is_some() && s.combat(u));
            if !any {
                log.extend(finish(
                    s,
                    format!("The {side:?} side has no units on the map (18)"),
                ));
                return log;
            }
        }
    }
    s.phase = Phase::Rally;
    log.push(LogEntry::public(format!(
        "The {:?} Rally Phase (4A)",
        s.phasing
    )));
    log.extend(leaders::rally_wounded(s));
    log.extend(pack::rally(s));
    log.extend(morale::rally(s));
    log
}

/// The end of a game turn (4 (3)): "Reduce all grass fire numbers by one, or remove any
/// grass fires that reach 0."
fn burn_down(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    for (c, n) in &mut s.grass_fires {
        *n = n.saturating_sub(1);
        if *n == 0 {
            log.push(LogEntry::public(format!(
                "The grass fire at {} burns out (4)",
                s.stat.map.label(*c)
            )));
        }
    }
    s.grass_fires.retain(|&(_, n)| n > 0);
    log
}

/// 17: the Victory Levels: the ratio of the higher VP total to the lower.
fn finish(s: &mut State, why: String) -> Vec<LogEntry> {
    let mut log = vec![];
    s.phase = Phase::Over;
    s.pending.clear();
    log.extend(leaders::end_of_game(s));
    log.extend(special::end_of_game(s));
    // 14B: each US or Scout unit with Low Ammo at the end costs the US player.
    let low = (0..s.units.len())
        .filter(|&u| {
            s.side(u) == Side::US
                && s.hex(u).is_some()
                && if fire::on_roster(s, u) {
                    // 14D: "For VP purposes only, at the end of the game each ...
                    // unit is considered Low Ammo if it has 3 or fewer ammo boxes".
                    roster_low(s, u)
                } else {
                    s.units[u].low_ammo
                }
                && matches!(
                    s.kind(u),
                    Kind::Cavalry | Kind::Infantry | Kind::Miners | Kind::Scout
                )
        })
        .count() as i32;
    if low > 0 {
        let per = s.stat.tables.casualty_vp.low_ammo_end;
        s.vp[0] -= per * low;
        log.push(LogEntry::public(format!(
            "{low} US unit{} with Low Ammo at the end: US -{} VP (14B)",
            if low == 1 { "" } else { "s" },
            per * low
        )));
    }
    let [us, ind] = s.vp;
    let hi = f64::from(us.max(ind).max(1));
    let lo = f64::from(us.min(ind).max(1));
    let ratio = hi / lo;
    let bands = &s.stat.tables.victory.bands;
    let band = bands
        .iter()
        .find(|b| ratio >= b.from_ratio)
        .or(bands.last())
        .map_or("Draw".to_string(), |b| b.level.clone());
    let draw = bands.last().is_some_and(|b| b.level == band) || us == ind;
    let winner = (!draw).then_some(if us > ind { Side::US } else { Side::Indian });
    let summary = match winner {
        Some(w) => format!("{why}: {w:?} {band}, {us} VP to {ind} (ratio {ratio:.2}, 17)"),
        None => format!("{why}: a Draw, {us} VP to {ind} (ratio {ratio:.2}, 17)"),
    };
    s.result = Some(Outcome::decided(
        2,
        winner.map(Side::seat),
        vec![us, ind],
        summary.clone(),
    ));
    log.push(LogEntry::public(summary));
    log
}
