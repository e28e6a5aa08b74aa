//! Opportunity Fire (IV.A) and Defensive Fire (IV.B): which shots the non-phasing side
//! has at a mover in a hex, and opening and closing that window after a unit enters a
//! hex, mounts or dismounts (III.C.2.b).

use super::fire::{FireMode, ammo_choices, can_fire_now, fire_calc_on, fire_need, usable_weapons};
use super::flight::flight_goes_on;
use super::los::{los_among, los_public};
use super::movement::finish_if_stuck;
use super::next_pending;
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::{Ammo, Kind, Loc, Occupied, Pending, Pid, Piece, State};

pub(super) fn reaction_fires(s: &State, mover: Pid, hex: Coord, out: &mut Vec<Action>) {
    each_reaction_fire(s, mover, hex, &mut |shot| {
        out.push(Action::Fire {
            unit: s.p(shot.firer).id,
            weapon: shot.letter,
            targets: vec![hex],
            horses: false,
            ammo: shot.ammo,
        });
        true
    });
}

/// Whether the window for Opportunity and Defensive Fire (IV.A, IV.B) at `mover` in
/// `hex` opens: whether the enemy of `mover` might have a shot, judged from what the
/// moving side may know. The enemy's own seat sees its shots ([`reaction_fires`]); if
/// the window opened only when a shot really exists, a unit under a Hidden counter
/// (III.F) that has a shot would stop the move and one without would not, telling the
/// mover which Hidden counters hold armed units. So the window opens when a visible
/// enemy unit has a shot with the lines of sight no hidden piece blocks, or when an
/// enemy Hidden counter might hide one: within the reach of the weapons under that
/// side's Hidden counters (all of them together, which the mover may count from what
/// it sees) and in such a line of sight for Opportunity Fire, or adjacent for
/// Defensive Fire (see docs/reconstructions-harvest.md). Where it has no real shot,
/// the enemy may only pass. Every real shot is one of these, so none is lost.
fn reaction_window(s: &State, mover: Pid, hex: Coord) -> bool {
    let mut any = false;
    each_public_shot(s, mover, hex, &mut |_| {
        any = true;
        false
    });
    any || hidden_might_fire(s, mover, hex)
}

/// [`each_reaction_fire`] for the enemy's visible units only, with lines of sight that
/// no hidden piece blocks ([`los_public`]).
fn each_public_shot(s: &State, mover: Pid, hex: Coord, found: &mut dyn FnMut(Shot) -> bool) {
    shots(s, mover, hex, true, found);
}

/// Whether an enemy Hidden counter might hide a unit with a reaction shot at `mover` in
/// `hex` (see [`reaction_window`]).
fn hidden_might_fire(s: &State, mover: Pid, hex: Coord) -> bool {
    let side = 1 - s.p(mover).side;
    let stacks: Vec<Coord> = {
        let mut v: Vec<Coord> = s
            .pieces
            .iter()
            .filter(|p| p.side == side && (p.hidden || p.kind == Kind::Hidden))
            .filter_map(|p| p.hex())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if stacks.is_empty() {
        return false;
    }
    // The weapons under the side's Hidden counters, all stacks together: carried by a
    // hidden unit, or an artillery piece standing in a hex with a Hidden counter.
    let mut reach = 0u32;
    let mut defensive = false;
    for p in &s.pieces {
        let under = match (p.kind, p.loc) {
            (Kind::Weapon, Loc::Carried(c)) => s.p(c).side == side && s.p(c).hidden,
            (Kind::Artillery, Loc::Map(c)) => stacks.contains(&c),
            _ => false,
        };
        if !under {
            continue;
        }
        for row in weapon_rows(s, p) {
            if let Some(r) = s.stat.tables.fct.get(row) {
                defensive |= r.defensive || p.kind == Kind::Artillery;
                let far = r.to_hit.iter().rposition(Option::is_some);
                reach = reach.max(match far {
                    Some(8) => u32::MAX,
                    Some(c) => c as u32,
                    None => 0,
                });
            }
        }
    }
    let opportunity = !under_hidden(s, mover) && !s.hex_fired.0;
    let occ = Occupied::of(s);
    stacks.iter().any(|&from| {
        let d = from.distance(hex);
        (defensive && d <= 1 && !s.hex_fired.1)
            || (opportunity && d <= reach && los_public(s, from, hex, &occ))
    })
}

/// The FCT rows a weapon piece may fire on: its own, and a Howitzer's canister and
/// shell rows (II.E.2).
fn weapon_rows(s: &State, w: &Piece) -> Vec<usize> {
    let mut rows = vec![w.row];
    if w.kind == Kind::Artillery && &*w.letter == "howitzer" {
        rows.extend(
            s.stat
                .tables
                .fct
                .iter()
                .enumerate()
                .filter(|(_, r)| r.weapon == "howitzer_canister" || r.weapon == "howitzer_shell")
                .map(|(i, _)| i),
        );
    }
    rows
}

/// The lowest natural die roll that hits with the best Opportunity Fire (IV.A) and the
/// best Defensive Fire (IV.B) the enemy of `mover` has at it in `hex` (Table 1 with its
/// modifiers), `None` where it has none. Each may be fired once at a mover in a hex
/// (IV.A.3, IV.B), so a mover next to the enemy may face both. The computer player
/// counts the shots to come by them.
pub fn best_reaction_rolls(s: &State, mover: Pid, hex: Coord) -> (Option<u8>, Option<u8>) {
    let mut best: (Option<u8>, Option<u8>) = (None, None);
    let keep = |b: &mut Option<u8>, r: u8| *b = Some(b.map_or(r, |x| x.min(r)));
    each_reaction_fire(s, mover, hex, &mut |shot| {
        if let Ok(calc) = fire_calc_on(
            s,
            shot.firer,
            shot.weapon,
            hex,
            false,
            shot.ammo,
            Some(mover),
        ) {
            let r = calc.min_roll();
            if shot.opportunity {
                keep(&mut best.0, r);
            }
            if shot.defensive {
                keep(&mut best.1, r);
            }
        }
        best != (Some(1), Some(1))
    });
    best
}

/// One reaction fire found by [`each_reaction_fire`].
struct Shot {
    firer: Pid,
    weapon: Pid,
    letter: crate::core::sym::Sym,
    ammo: Option<Ammo>,
    /// Open as Opportunity Fire (IV.A).
    opportunity: bool,
    /// Open as Defensive Fire (IV.B).
    defensive: bool,
}

/// Call `found` with each reaction fire at `mover` in `hex` (IV.A, IV.B) until it
/// returns `false`.
fn each_reaction_fire(s: &State, mover: Pid, hex: Coord, found: &mut dyn FnMut(Shot) -> bool) {
    shots(s, mover, hex, false, found);
}

/// [`each_reaction_fire`]; `public`: only the enemy's visible units fire, with lines of
/// sight no hidden piece blocks.
fn shots(s: &State, mover: Pid, hex: Coord, public: bool, found: &mut dyn FnMut(Shot) -> bool) {
    let m = s.p(mover);
    let side = 1 - m.side;
    // Noted only when a line of sight is traced: most entries and steps are out of
    // every enemy weapon's range.
    let mut occ: Option<Occupied> = None;
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != side || !can_fire_now(s, i) || (public && p.hidden) {
            continue;
        }
        let Some(from) = p.hex() else { continue };
        // The line of sight depends on the two hexes alone: traced once per firer, and
        // only for a weapon that reaches.
        let mut los: Option<bool> = None;
        for w in usable_weapons(s, i) {
            let wp = s.p(w);
            if wp.kind == Kind::Artillery
                && !mode_ok(s, i, w, mover, from, hex, FireMode::Defensive)
            {
                continue;
            }
            let opp = mode_ok(s, i, w, mover, from, hex, FireMode::Opportunity);
            let def = mode_ok(s, i, w, mover, from, hex, FireMode::Defensive);
            if !opp && !def {
                continue;
            }
            let letter = if wp.kind == Kind::Artillery {
                crate::games::harvest::action::art()
            } else {
                wp.letter
            };
            for ammo in ammo_choices(wp) {
                if fire_need(s, i, w, hex, ammo).is_ok()
                    && *los.get_or_insert_with(|| {
                        let occ = occ.get_or_insert_with(|| Occupied::of(s));
                        if public {
                            los_public(s, from, hex, occ)
                        } else {
                            los_among(s, from, hex, side, occ)
                        }
                    })
                    && !found(Shot {
                        firer: i,
                        weapon: w,
                        letter,
                        ammo,
                        opportunity: opp,
                        defensive: def,
                    })
                {
                    return;
                }
            }
        }
    }
}

/// Whether `p` moves under a Hidden counter: a hidden unit, or a Hidden counter itself
/// (a dummy), which IV.A.1 keeps from Opportunity Fire alike, so that a shot offered at
/// a moving Hidden counter never tells the mover's enemy that it is empty.
fn under_hidden(s: &State, p: Pid) -> bool {
    s.p(p).hidden || s.p(p).kind == Kind::Hidden
}

/// Whether a reaction shot of a mode is allowed (IV.A, IV.B).
pub(super) fn mode_ok(
    s: &State,
    firer: Pid,
    weapon: Pid,
    mover: Pid,
    from: Coord,
    hex: Coord,
    mode: FireMode,
) -> bool {
    let w = s.p(weapon);
    match mode {
        FireMode::Opportunity => {
            // IV.A.1 Hidden units cannot be fired upon; IV.A.2 once per firer; IV.A.3 once
            // per target per hex; IV.A.4 no artillery.
            !under_hidden(s, mover)
                && !s.fired.contains(&firer)
                && !s.hex_fired.0
                && w.kind != Kind::Artillery
        }
        FireMode::Defensive => {
            let defensive_weapon = if w.kind == Kind::Artillery {
                true
            } else {
                s.stat.tables.fct.get(w.row).is_some_and(|r| r.defensive)
            };
            from.distance(hex) <= 1
                && defensive_weapon
                && !s.defensive_pairs.contains(&(firer, mover))
                && !s.hex_fired.1
        }
        FireMode::Offensive => true,
    }
}

/// After a unit enters a hex (or mounts/dismounts, III.C.2.b), give the non-phasing
/// side the chance of Opportunity or Defensive Fire (IV) if any shot is possible.
pub(super) fn open_reaction(s: &mut State, u: Pid, hex: Coord) {
    // IV.A.3, IV.B.4: a unit is fired on at most once of each kind while in the same
    // hex; mounting or dismounting in place does not put it in a new hex.
    if s.hex_fired_at != Some((u, hex)) {
        s.hex_fired = (false, false);
        s.hex_fired_at = Some((u, hex));
    }
    s.pending = Pending::Reaction { mover: u, hex };
    if !reaction_window(s, u, hex) {
        s.pending = Pending::None;
        if !flight_goes_on(s, u) {
            s.fleeing.remove(&u);
        }
        finish_if_stuck(s, u);
    }
}

pub(super) fn close_reaction(s: &mut State) {
    if let Pending::Reaction { mover, .. } = s.pending {
        s.pending = Pending::None;
        if !flight_goes_on(s, mover) {
            s.fleeing.remove(&mover);
        }
        next_pending(s);
        finish_if_stuck(s, mover);
    }
}

pub(super) fn after_reaction_shot(s: &mut State) {
    if let Pending::Reaction { mover, .. } = s.pending {
        let any = s
            .p(mover)
            .hex()
            .is_some_and(|hex| reaction_window(s, mover, hex));
        if !any {
            close_reaction(s);
        }
    }
}
