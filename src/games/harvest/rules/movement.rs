//! Movement (III): the movement options (III.A), terrain costs and climbing (III.B),
//! moving hex by hex (III.C.1), entering an enemy hex (III.D), stacking (III.E),
//! carrying weapons (III.H), no exiting the map (III.J), and entering the map.

use super::hidden::{unhide, unhide_actions};
use super::horses::{dismount_ok, limbered_gun, mount_target, thirsty, towable_at};
use super::reaction::open_reaction;
use super::specials::marching;
use super::{enemy_present, enemy_unit_in, log_about};
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::data::Special;
use crate::games::harvest::state::{Kind, Loc, Pending, Phase, Pid, State, Terrain};

/// Pieces of the phasing side that may move this phase.
fn movers(s: &State) -> impl Iterator<Item = Pid> + '_ {
    s.pieces.iter().enumerate().filter_map(move |(i, p)| {
        let i = i as Pid;
        let kind_ok = matches!(
            p.kind,
            Kind::Unit | Kind::Crew | Kind::Leader | Kind::Hidden
        );
        let rec_done = s.rec(i).is_some_and(|r| r.done);
        (p.side == s.phasing && kind_ok && !p.pinned && !rec_done && p.on_map()).then_some(i)
    })
}

/// The cost for `unit` to enter `to` from `from`, or why not (III.B-F, III.G.8).
pub fn step_cost(s: &State, unit: Pid, from: Coord, to: Coord) -> Result<u8, &'static str> {
    step_cost_in(s, unit, from, to, false)
}

/// [`step_cost`], told whether `to` holds no piece at all (from an [`Occupied`] taken
/// once for many steps), which spares every look at its pieces: an empty hex holds no
/// friend, enemy, Leader or Horses. `empty` false always looks.
///
/// [`Occupied`]: crate::games::harvest::state::Occupied
fn step_cost_in(
    s: &State,
    unit: Pid,
    from: Coord,
    to: Coord,
    empty: bool,
) -> Result<u8, &'static str> {
    let st = &s.stat;
    let u = s.p(unit);
    if !st.map.contains(to) {
        return Err("exiting the map is not allowed (III.J)");
    }
    if s.blazes.iter().any(|(b, _, _)| *b == to) {
        return Err("no unit may enter a Blaze hex (IX.B)");
    }
    let mounted = u.mounted_on.is_some();
    let t = st.terrain(to);
    if mounted && t == Terrain::Woods {
        return Err("mounted units cannot enter Woods (III.C.2.c)");
    }
    let hidden = u.hidden || u.kind == Kind::Hidden;
    if hidden && t == Terrain::River {
        return Err("a Hidden stack may not enter River hexes (III.F.5)");
    }
    if !empty {
        let enemy = enemy_present(s, to, u.side);
        if enemy && friend_unit_in(s, unit, to) {
            return Err("only one friendly unit per hex (III.E.1): it would have to stop there");
        }
        if u.kind == Kind::Leader
            && s.at(to)
                .any(|i| s.p(i).kind == Kind::Leader && s.p(i).side == u.side)
        {
            return Err("only one Leader per hex (III.E.2)");
        }
        if enemy && mounted && other_horses_in(s, unit, to) {
            return Err("only one Horses counter per hex (III.E.2): it would have to stop there");
        }
        if u.kind == Kind::Hidden && enemy {
            return Err("a Hidden counter alone cannot enter an enemy hex");
        }
        if enemy && s.rec(unit).is_some_and(|r| r.started_with_enemy) {
            return Err(
                "a unit that began stacked with an enemy may not enter another enemy hex (III.D.4)",
            );
        }
    }
    let tec = st.tec(to).ok_or("hex not on map")?;
    let climb = if st.map.level(to) > st.map.level(from) {
        st.tables.climb_cost.value as u8 * (st.map.level(to) - st.map.level(from))
    } else {
        0
    };
    Ok(tec.cost + climb)
}

/// Whether another friendly combat unit than `unit` is in `at` (III.E.1).
pub(in crate::games::harvest) fn friend_unit_in(s: &State, unit: Pid, at: Coord) -> bool {
    let u = s.p(unit);
    u.kind.is_unit()
        && s.at(at)
            .any(|i| i != unit && s.p(i).side == u.side && s.p(i).kind.is_unit())
}

/// Whether `at` holds a Horses counter other than the one `unit` rides (III.E.2): only
/// a mounted unit brings a second one in.
fn other_horses_in(s: &State, unit: Pid, at: Coord) -> bool {
    let Some(h) = s.p(unit).mounted_on else {
        return false;
    };
    s.at(at).any(|i| i != h && s.p(i).kind == Kind::Horses)
}

/// Whether `unit` standing in `at` over-stacks it: another friendly unit (III.E.1) or,
/// riding, another Horses counter (III.E.2). The limits hold at the end of the Movement
/// phase, so it may pass through but must move on.
pub(in crate::games::harvest) fn overstacked(s: &State, unit: Pid, at: Coord) -> bool {
    friend_unit_in(s, unit, at) || other_horses_in(s, unit, at)
}

/// III.E.1 and III.E.2 forbid ending the Movement phase with two friendly units, or two
/// Horses counters, in a hex, not passing through: a unit may enter such a hex only if
/// it can still leave it for a hex of its own this phase.
fn can_pass_through(s: &State, unit: Pid, to: Coord, cost: u8) -> bool {
    let u = s.p(unit);
    let rec = s.rec(unit).cloned().unwrap_or_default();
    if u.mounted_on.is_some() && s.stat.terrain(to) == Terrain::River {
        return false; // thirsty horses could strand it there (III.G.8)
    }
    s.stat.map.neighbors(to).any(|n| {
        // The hex it came from counts too, but only if no other friendly unit is there:
        // a unit passing through two friends in a row could otherwise be stranded with
        // one of them (III.E.1).
        let free = !overstacked(s, unit, n);
        let Ok(c2) = step_cost(s, unit, to, n) else {
            return false;
        };
        let budget = if u.hidden || u.kind == Kind::Hidden {
            rec.hexes + 2 <= s.stat.tables.hidden_move.value as u8
        } else if u.mounted_on.is_some() {
            true
        } else {
            u16::from(rec.mp) + u16::from(cost) + u16::from(c2) <= u16::from(u.ma)
        };
        free && budget && !enemy_present(s, n, u.side)
    })
}

/// Whether `unit` may step into `to` now (III.B-F). `empty`: no piece at all stands in
/// `to` (see [`step_cost_in`]).
fn can_step(s: &State, unit: Pid, to: Coord, empty: bool) -> bool {
    let ok = can_step_budget(s, unit, to, empty);
    let u = s.p(unit);
    if !ok || empty || !overstacked(s, unit, to) {
        return ok;
    }
    let Some(from) = u.hex() else { return false };
    let Ok(cost) = step_cost(s, unit, from, to) else {
        return false;
    };
    can_pass_through(s, unit, to, cost)
}

fn can_step_budget(s: &State, unit: Pid, to: Coord, empty: bool) -> bool {
    let u = s.p(unit);
    let Some(from) = u.hex() else { return false };
    let rec = s.rec(unit).cloned().unwrap_or_default();
    if rec.stopped || rec.thirsty {
        return false;
    }
    let Ok(cost) = step_cost_in(s, unit, from, to, empty) else {
        return false;
    };
    if u.hidden || u.kind == Kind::Hidden {
        if rec.hexes >= s.stat.tables.hidden_move.value as u8 {
            return false;
        }
        return true;
    }
    if limbered_gun(s, unit).is_some() {
        // III.I.2: limbered artillery has MA 12 and cannot enter Woods or River.
        let t = s.stat.terrain(to);
        return t != Terrain::Woods
            && t != Terrain::River
            && !(rec.changed && rec.mp > 0 && !rec.mounted_moved)
            && u16::from(rec.mp) + u16::from(cost) <= s.stat.tables.artillery_ma.value as u16;
    }
    if u.mounted_on.is_some() {
        // III.C.2.c: unlimited MA mounted; option 6 forbids moving after mounting late.
        // Once a mounted unit has moved it may not move again (III.C.2.c): a rider
        // carried by another rider of the same Horses has moved, and only the unit
        // now moving goes on.
        return !(rec.changed && rec.mp > 0) && (!rec.mounted_moved || s.active == Some(unit));
    }
    // III.A option 5, III.C.2.b: a unit that dismounted before moving moves dismounted
    // up to its full MA (dismounting costs no MP); one that moved mounted first has
    // finished (option 7).
    if rec.mounted_moved {
        return false;
    }
    u16::from(rec.mp) + u16::from(cost) <= u16::from(u.ma)
}

pub(super) fn movement_actions(s: &State, out: &mut Vec<Action>) {
    // Most hexes next to a mover are empty, and an empty hex needs no look at the
    // pieces: the hexes with any piece on them are listed once here.
    let occupied = crate::games::harvest::state::Occupied::of(s);
    let empty = |c: Coord| !occupied.has(c, s);
    if let Some(dir) = marching(s) {
        // IX.A: every unit moves directly north at its full movement rate.
        let mut any = false;
        for i in movers(s) {
            let p = s.p(i);
            if let Some(to) = p.hex().and_then(|h| h.step(dir))
                && (s.active.is_none() || s.active == Some(i))
                && can_step(s, i, to, empty(to))
            {
                out.push(Action::Move {
                    unit: p.id,
                    hex: to,
                });
                any = true;
            }
        }
        if let Some(a) = s.active {
            if !out
                .iter()
                .any(|x| matches!(x, Action::Move { unit, .. } if *unit == s.p(a).id))
            {
                out.push(Action::Stop { unit: s.p(a).id });
            }
        } else if !any {
            out.push(Action::End);
        }
        return;
    }
    // III.E.1-2: a unit passing through a friendly unit's hex, or riding through a hex
    // with other Horses, must move on first.
    if let Some(a) = s.active
        && let Some(here) = s.p(a).hex()
        && overstacked(s, a, here)
        && !s.p(a).pinned
    {
        for to in s.stat.map.neighbors(here) {
            if can_step(s, a, to, empty(to)) {
                out.push(Action::Move {
                    unit: s.p(a).id,
                    hex: to,
                });
            }
        }
        if !out.is_empty() {
            return;
        }
    }
    // III.C: units move one at a time; starting another unit ends the moving unit's
    // move (as on the tabletop), so every unit that has not moved is a candidate.
    let mut candidates: Vec<Pid> = movers(s).collect();
    if let Some(a) = s.active {
        candidates.retain(|&i| i != a);
        candidates.insert(0, a);
    }
    for i in candidates {
        let p = s.p(i);
        let Some(from) = p.hex() else { continue };
        let rec = s.rec(i).cloned().unwrap_or_default();
        for to in s.stat.map.neighbors(from) {
            if can_step(s, i, to, empty(to)) {
                out.push(Action::Move {
                    unit: p.id,
                    hex: to,
                });
            }
        }
        if !rec.changed
            && !rec.thirsty
            && p.kind != Kind::Hidden
            && (!rec.stopped || p.mounted_on.is_some())
        {
            if p.mounted_on.is_none() {
                for c in std::iter::once(from).chain(s.stat.map.neighbors(from)) {
                    if mount_target(s, i, c, empty(c)).is_some() {
                        out.push(Action::Mount { unit: p.id, hex: c });
                    }
                }
            } else {
                for c in std::iter::once(from).chain(s.stat.map.neighbors(from)) {
                    // III.D.2: after entering an enemy hex, only dismounting in place.
                    if (!rec.stopped || c == from) && dismount_ok(s, i, c) {
                        out.push(Action::Dismount { unit: p.id, hex: c });
                    }
                }
            }
        }
        if rec.mp == 0
            && !rec.changed
            && p.mounted_on.is_none()
            && !p.pinned
            && let Some(a) = towable_at(s, i, from)
        {
            let kind = s.p(a).kind;
            for to in s.stat.map.neighbors(from) {
                let t = s.stat.terrain(to);
                if t != Terrain::Woods
                    && t != Terrain::River
                    && !s.has_kind(to, kind)
                    && !s.blazes.iter().any(|(b, _, _)| *b == to)
                    && !enemy_present(s, to, p.side)
                {
                    out.push(Action::Shift {
                        unit: p.id,
                        hex: to,
                    });
                }
            }
        }
        if s.active == Some(i) {
            out.push(Action::Stop { unit: p.id });
        }
    }
    {
        // Off-board units entering this turn; most edge hexes are empty (`occupied`).
        for (i, p) in s.pieces.iter().enumerate() {
            if p.side != s.phasing {
                continue;
            }
            if let Loc::Offboard { zone, turn } = &p.loc {
                if *turn > s.turn || !matches!(p.kind, Kind::Unit | Kind::Leader | Kind::Crew) {
                    continue;
                }
                for &c in crate::games::harvest::setup::zone_hexes(s, zone) {
                    if entry_ok(s, i as Pid, c, empty(c)) {
                        out.push(Action::Enter { unit: p.id, hex: c });
                    }
                }
            }
        }
        // II.C.3: weapons may be picked up "anytime during the Movement Phase" by units
        // with a Fire Combat Effectiveness; picking up is not movement, so a unit that
        // has finished moving (or had to stop in an enemy hex) may still do it.
        for (i, p) in s.pieces.iter().enumerate() {
            let (Some(here), true) = (
                p.hex(),
                p.side == s.phasing && p.kind == Kind::Unit && p.fire.is_some() && !p.pinned,
            ) else {
                continue;
            };
            for w in s.at(here) {
                if s.p(w).kind == Kind::Weapon && carry_ok(s, i as Pid, w) {
                    out.push(Action::Pickup {
                        unit: p.id,
                        weapon: s.p(w).id,
                    });
                }
            }
        }
        unhide_actions(s, out);
        out.push(Action::End);
    }
}

/// Whether `unit` may enter the map at edge hex `c` now. `empty`: no piece at
/// all stands in `c`, which spares the look at its pieces.
fn entry_ok(s: &State, unit: Pid, c: Coord, empty: bool) -> bool {
    let u = s.p(unit);
    if s.blazes.iter().any(|(b, _, _)| *b == c) || (!empty && enemy_present(s, c, u.side)) {
        return false;
    }
    if !empty && u.kind.is_unit() && s.unit_at(c, u.side).is_some() {
        return false;
    }
    if !empty
        && u.kind == Kind::Leader
        && s.at(c)
            .any(|i| s.p(i).kind == Kind::Leader && s.p(i).side == u.side)
    {
        return false;
    }
    let t = s.stat.terrain(c);
    if u.mounted_on.is_some() {
        return t != Terrain::Woods && (empty || !s.has_kind(c, Kind::Horses));
    }
    s.stat.tec(c).is_some_and(|r| r.cost <= u.ma)
}

/// Whether `unit` may pick up weapon `w` (III.H.2).
fn carry_ok(s: &State, unit: Pid, w: Pid) -> bool {
    let wp = s.p(w);
    let have: Vec<&str> = s
        .carried(unit)
        .filter(|&x| s.p(x).kind == Kind::Weapon)
        .map(|x| &*s.p(x).letter)
        .collect();
    if &*wp.letter == "P" {
        !have.contains(&"P")
    } else {
        !have.iter().any(|l| *l != "P")
    }
}

/// Make `u` the moving unit, finishing any other (III.C).
pub(super) fn begin_move(s: &mut State, u: Pid) {
    if s.active != Some(u) {
        if let Some(prev) = s.active {
            s.rec_mut(prev).done = true;
        }
        s.active = Some(u);
        let here = s.p(u).hex();
        let side = s.p(u).side;
        let with_enemy = here.is_some_and(|c| enemy_unit_in(s, c, side).is_some());
        let rec = s.rec_mut(u);
        if rec.mp == 0 && rec.hexes == 0 && !rec.changed {
            rec.started_with_enemy = with_enemy;
        }
    }
}

/// Move everything that travels with `u` (its Horses, their other rider, carried
/// weapons go by reference) into `to`.
pub(super) fn carry_along(s: &mut State, u: Pid, to: Coord) {
    if let Some(h) = s.p(u).mounted_on {
        s.pm(h).loc = Loc::Map(to);
        for r in 0..s.pieces.len() {
            if s.pieces[r].mounted_on == Some(h) {
                s.pieces[r].loc = Loc::Map(to);
            }
        }
    }
}

/// III.C.2.c-d: the other rider of the Horses `u` rides (a Leader with its unit, or the
/// unit with its Leader) has moved mounted with it, and may not move again this turn.
fn co_riders_moved(s: &mut State, u: Pid) {
    let Some(h) = s.p(u).mounted_on else { return };
    let riders: Vec<Pid> = (0..s.pieces.len() as Pid)
        .filter(|&r| r != u && s.p(r).mounted_on == Some(h))
        .filter(|&r| matches!(s.p(r).kind, Kind::Unit | Kind::Crew | Kind::Leader))
        .collect();
    for r in riders {
        s.rec_mut(r).mounted_moved = true;
    }
}

pub(super) fn step(s: &mut State, u: Pid, to: Coord, log: &mut Vec<LogEntry>) {
    begin_move(s, u);
    let from = s.p(u).hex().unwrap_or(to);
    let cost = step_cost(s, u, from, to).unwrap_or(0);
    let mounted = s.p(u).mounted_on.is_some();
    let limbered = limbered_gun(s, u).is_some();
    s.pm(u).loc = Loc::Map(to);
    carry_along(s, u, to);
    if mounted {
        co_riders_moved(s, u);
    }
    {
        let rec = s.rec_mut(u);
        // Mounted units move without limit (III.C.2.c): saturate, never overflow.
        rec.hexes = rec.hexes.saturating_add(1);
        if mounted {
            rec.mounted_moved = true;
        }
        // Dismounted units and limbered artillery (MA 12, III.I.2) pay MP.
        if !mounted || limbered {
            rec.mp += cost;
        }
    }
    let side = s.p(u).side;
    log_about(log, s, u, |name| {
        format!(
            "{name} moves {from} -> {to}{}",
            if mounted { " mounted" } else { "" }
        )
    });
    if enemy_present(s, to, side) {
        // III.D.1, III.D.3: entering an enemy or Hidden hex ends the move and removes Hidden counters.
        s.rec_mut(u).stopped = true;
        if !mounted {
            // Nothing more it can do this phase; a mounted unit may still dismount (III.D.2).
            s.rec_mut(u).done = true;
        }
        unhide(s, to, log, "an enemy unit entered the hex (III.D.3)");
        log.push(LogEntry::public(format!(
            "{} must stop in {to}: enemy in the hex (III.D.1)",
            s.p(u).id
        )));
    }
    if mounted && s.stat.terrain(to) == Terrain::River {
        thirsty(s, u, to, log);
    }
    if s.marching
        && s.special(|sp| matches!(sp, Special::MarchUntilFired { side: x, .. } if *x == side))
    {
        let ma = s.p(u).ma;
        if s.rec(u).is_some_and(|r| r.mp >= ma) {
            s.rec_mut(u).done = true;
            s.active = None;
        }
    }
    open_reaction(s, u, to);
}

pub(super) fn enter(s: &mut State, u: Pid, to: Coord, log: &mut Vec<LogEntry>) {
    begin_move(s, u);
    let cost = s.stat.tec(to).map_or(1, |t| t.cost);
    s.pm(u).loc = Loc::Map(to);
    let mounted = s.p(u).mounted_on.is_some();
    carry_along(s, u, to);
    if mounted {
        co_riders_moved(s, u);
    }
    {
        let rec = s.rec_mut(u);
        // Mounted units move without limit (III.C.2.c): saturate, never overflow.
        rec.hexes = rec.hexes.saturating_add(1);
        if mounted {
            rec.mounted_moved = true;
        } else {
            rec.mp += cost;
        }
    }
    log_about(log, s, u, |name| {
        format!(
            "{name} enters the map at {to}{}",
            if mounted { " mounted" } else { "" }
        )
    });
    open_reaction(s, u, to);
}

/// End a mover's move when it can do nothing more.
pub(super) fn finish_if_stuck(s: &mut State, u: Pid) {
    if s.active != Some(u) || s.phase != Phase::Movement || s.pending != Pending::None {
        return;
    }
    let p = s.p(u);
    if !p.on_map() || p.pinned || s.rec(u).is_some_and(|r| r.done) {
        s.rec_mut(u).done = true;
        s.active = None;
    }
}
