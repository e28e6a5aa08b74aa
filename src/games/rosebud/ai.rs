//! The computer player's knowledge of *Battle of the Rosebud*. Nothing is hidden, so a
//! sampled world is the position with fresh dice (the default). The evaluation scores
//! the victory points (the hills and the losses, 17), the state of each side's units
//! (Disrupted, Pinned, Routed, Low Ammo: a unit in that state fights worse and may be
//! lost), how close the warriors stand to the column (the Indians come to fight, 18), the
//! risk to a Leader left alone (12D5), and the pull of the VP hills not yet taken (17).

use super::Rosebud;
use super::action::Action;
use super::data::{Kind, Side};
use super::state::{Loc, State};
use crate::core::ai::{Knowledge, result_value, squash};
use crate::core::game::{Rules, Seat};
use crate::core::hexmap::Coord;

/// What a unit's state costs its side, in victory points (a Routed unit is about as good
/// as lost for a while; Pinned and Disrupted units fire and stand worse; Low Ammo halves
/// fire and costs the US a VP at the end, 14B).
fn condition(s: &State, u: usize) -> f64 {
    let x = &s.units[u];
    let mut c = 0.0;
    if x.routed {
        c += 1.5;
    }
    if x.pinned {
        c += 0.6;
    }
    if x.disrupted {
        c += 0.3;
    }
    if x.low_ammo {
        c += 0.6;
    }
    c
}

/// The evaluation from the US side, before the squash: the VP difference, the units'
/// condition, and the Indians' progress toward the column (each hex nearer is worth a
/// little).
fn us_edge(s: &State) -> f64 {
    // One pass over the units on the map: the evaluation runs once per iteration of the
    // search, and reading a unit's class for each term and pair was most of its cost.
    let on: Vec<OnMap> = (0..s.units.len())
        .filter_map(|u| {
            let hex = s.hex(u)?;
            let class = s.class(u);
            Some(OnMap {
                hex,
                us: class.side == Side::US,
                combat: class.kind != Kind::PonyHolder,
                taker: matches!(class.kind, Kind::Cavalry | Kind::Infantry | Kind::Miners),
                routed: s.units[u].routed,
                cf: s.cf(u),
                condition: condition(s, u),
            })
        })
        .collect();
    let mut closeness = 0.0;
    let mut cond = 0.0;
    for x in &on {
        if !x.us {
            let d = on
                .iter()
                .filter(|y| y.us)
                .map(|y| y.hex.distance(x.hex))
                .min()
                .unwrap_or(30);
            closeness += f64::from(x.cf) / f64::from(d.max(1));
        }
        if x.combat {
            cond += if x.us { -x.condition } else { x.condition };
        }
    }
    f64::from(s.vp[0] - s.vp[1]) + cond - 0.05 * closeness
        + lone_leaders(s, &on)
        + hills_ahead(s, &on)
}

/// What the evaluation reads of a unit on the map, read once.
struct OnMap {
    hex: Coord,
    us: bool,
    combat: bool,
    /// Cavalry, Infantry or Miners: it may take a VP hill (17).
    taker: bool,
    routed: bool,
    cf: u32,
    condition: f64,
}

/// What the Leaders standing without a friendly combat unit risk, from the US side: 12D5
/// kills a Leader alone in his hex the moment an enemy combat unit enters it, for his
/// killed VPs. The risk grows as the nearest enemy combat unit comes closer (a mounted
/// band covers 8 hexes or more in a Movement Phase). Without this the computer player left
/// its Leaders behind when their units moved, and random play walked into them.
fn lone_leaders(s: &State, on: &[OnMap]) -> f64 {
    let mut edge = 0.0;
    for l in 0..s.leaders.len() {
        let Some(c) = s.leader_hex(l) else { continue };
        let us = s.ldef(l).side == Side::US;
        if on.iter().any(|x| x.us == us && x.combat && x.hex == c) {
            continue;
        }
        let near = on
            .iter()
            .filter(|x| x.us != us && x.combat && !x.routed)
            .map(|x| x.hex.distance(c))
            .min()
            .unwrap_or(u32::MAX);
        let risk = match near {
            0..=3 => 0.6,
            4..=8 => 0.3,
            _ => 0.1,
        };
        let cost = risk * f64::from(s.ldef(l).vp.killed);
        edge += if us { -cost } else { cost };
    }
    edge
}

/// The VP hills not yet taken (17), as a pull on the US: each is worth a share of its VP
/// that grows as the nearest US Cavalry, Infantry or Miners unit in condition to take it
/// comes closer (all of it 12 hexes away or more is nothing), so that the search, which
/// looks one phase ahead, sees a reason to march toward a hill it cannot reach this turn.
fn hills_ahead(s: &State, on: &[OnMap]) -> f64 {
    let stat = &s.stat;
    let mut pull = 0.0;
    for h in &stat.scenario.hills {
        if s.hills_taken.contains(&h.mark) {
            continue;
        }
        let d = stat
            .map
            .marks
            .iter()
            .filter(|(_, m)| m.contains(&h.mark))
            .flat_map(|(&c, _)| {
                on.iter()
                    .filter(|x| x.us && x.taker && !x.routed)
                    .map(move |x| x.hex.distance(c))
            })
            .min();
        if let Some(d) = d {
            pull += f64::from(h.vp) * 0.5 * (1.0 - f64::from(d) / 12.0).max(0.0);
        }
    }
    pull
}

/// The first unit (then Leader) of the phasing side still waiting to enter (18), whose
/// entries alone the search weighs while it waits.
fn first_waiting(state: &State) -> Option<&str> {
    let side = state.phasing;
    (0..state.units.len())
        .find(|&u| state.units[u].at == Loc::Entering && state.side(u) == side)
        .map(|u| state.def(u).id.as_str())
        .or_else(|| {
            (0..state.leaders.len())
                .find(|&l| state.leaders[l].at == Loc::Entering && state.ldef(l).side == side)
                .map(|l| state.ldef(l).id.as_str())
        })
}

impl Knowledge for Rosebud {
    fn evaluate(state: &State, seat: Seat) -> f64 {
        if let Some(o) = Self::outcome(state) {
            return result_value(&o, seat);
        }
        let v = squash(us_edge(state) / 6.0);
        if seat == Side::US.seat() { v } else { 1.0 - v }
    }
    fn rollout_depth() -> usize {
        0
    }

    /// Half the level's iterations (64 at the default level). At the full 128, turn 1's
    /// entry decisions (a band's ~120 entries, with ~2,000 legal actions at each node
    /// below) and the US's first moves took 150-290 ms on the project's 2-core machine,
    /// over the 200 ms a decision may take; at 64, with the one-pass evaluation, 48-134
    /// ms. At 64 the computer player won all 50 games on each side against random play
    /// (docs/balance/rosebud); its strength against the full budget was not measured.
    fn level_iterations(standard: u32) -> u32 {
        standard / 2
    }

    /// During the turn-1 entry, only the first waiting band's entries and the actions
    /// that are neither entries nor moves (`rules::search_legal`), generated directly:
    /// the same list as the legal actions filtered by [`Knowledge::worth`].
    fn search_actions(state: &State) -> Vec<Action> {
        let first = first_waiting(state);
        let listed = super::rules::search_legal(state, first);
        crate::core::ai::considered::<Self>(state, listed)
    }

    /// Nothing is hidden and the legal actions never read the dice: a sampled world (the
    /// position with fresh dice) has the true state's actions.
    fn worlds_share_legal() -> bool {
        true
    }

    /// On turn 1 every band and Leader must enter (18), in any order: while some still
    /// wait, the search weighs the entries of the first one still waiting only, not
    /// every band's at once (24 bands on 60 edge hexes in two modes would be about 2,900
    /// actions a decision), nor the moves of the bands already in (they can move once
    /// all have entered, with the MP they have left). It never weighs a voluntary rout
    /// or withdrawing a melee declaration it has begun.
    fn worth(state: &State, action: &Action) -> bool {
        let first = first_waiting(state);
        match action {
            Action::Enter { unit, .. } => first == Some(unit.as_str()),
            // 10J1: this computer player never routs a unit voluntarily (a rout gives
            // ground, and the search cannot see what it would save); it answers "hold".
            Action::Rout { .. } => false,
            // Withdrawing a declaration (`cancel`) gives back the position before it: to
            // a search that values a position and not how it was reached, declaring and
            // withdrawing again looks as good as anything, and where nothing ends the
            // phase (16A: a charging unit must engage) it did so for ever (8,000 actions
            // in one game of the 2026-11-28 balance run). This player declares a melee
            // only to commit it; it still leaves units out (10B5) where it sees fit.
            Action::Cancel => false,
            Action::Move { .. } | Action::Mode { .. } => {
                first.is_none() || !state.pending.is_empty()
            }
            _ => true,
        }
    }
}
