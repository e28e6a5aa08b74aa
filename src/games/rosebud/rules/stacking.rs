//! Stacking (6): the stacking points a unit counts (6A, 6B, 6E), the limits of a hex
//! (25 CF, and no more Pony Holders than warriors, 6E), counted at the end of a phase
//! (6), so that a hex may be over them while units pass through; whether an over-full
//! hex still has a way out, so that no move, entry or mode change leaves the phase
//! unable to end.

use super::movement::{in_zoc_of, mp_left, open_step_cost};
use crate::core::hexmap::Coord;
use crate::games::rosebud::data::{Kind, Mode, Side};
use crate::games::rosebud::state::State;

/// The stacking points a unit counts (6A, 6B, 6E).
pub(super) fn stacking_points(s: &State, u: usize) -> u32 {
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

/// Whether a hex of `side` is within 6's limits, or enough of what is there can still
/// move out of it this phase to bring it within them (stacking counts only at the end
/// of a phase, so a hex may be over the limit while units pass through).
pub(super) fn way_out(t: &State, c: Coord, side: Side) -> bool {
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

/// Whether a hex is near enough to 6's limits that a change there needs a closer look.
pub(super) fn near_limit(s: &State, c: Coord, side: Side) -> bool {
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
pub(super) fn leaves_room(s: &State, u: usize, from: Coord) -> bool {
    let side = s.side(u);
    if !near_limit(s, from, side) {
        return true;
    }
    way_out_with(s, from, side, Some(u), None)
}

/// Whether a unit may end up in `to` with `left_after` MP: 6's limits hold there
/// afterwards, or a unit can still leave the hex (the phase could not end otherwise).
pub(super) fn stacking_allows(s: &State, u: usize, to: Coord, left_after: u32) -> bool {
    let side = s.side(u);
    if !overstacked_with(s, to, side, Some(u)) {
        return true;
    }
    way_out_with(s, to, side, None, Some((u, left_after)))
}
