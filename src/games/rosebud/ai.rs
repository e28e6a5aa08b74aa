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
    let us: Vec<_> = (0..s.units.len())
        .filter(|&u| s.side(u) == Side::US)
        .filter_map(|u| s.hex(u))
        .collect();
    let mut closeness = 0.0;
    for u in (0..s.units.len()).filter(|&u| s.side(u) == Side::Indian) {
        if let Some(h) = s.hex(u) {
            let d = us.iter().map(|c| c.distance(h)).min().unwrap_or(30);
            closeness += f64::from(s.cf(u)) / f64::from(d.max(1));
        }
    }
    let mut cond = 0.0;
    for u in 0..s.units.len() {
        if s.hex(u).is_some() && s.combat(u) {
            let c = condition(s, u);
            cond += if s.side(u) == Side::US { -c } else { c };
        }
    }
    f64::from(s.vp[0] - s.vp[1]) + cond - 0.05 * closeness + lone_leaders(s) + hills_ahead(s)
}

/// What the Leaders standing without a friendly combat unit risk, from the US side: 12D5
/// kills a Leader alone in his hex the moment an enemy combat unit enters it, for his
/// killed VPs. The risk grows as the nearest enemy combat unit comes closer (a mounted
/// band covers 8 hexes or more in a Movement Phase). Without this the computer player left
/// its Leaders behind when their units moved, and random play walked into them.
fn lone_leaders(s: &State) -> f64 {
    let mut edge = 0.0;
    for l in 0..s.leaders.len() {
        let Some(c) = s.leader_hex(l) else { continue };
        let side = s.ldef(l).side;
        let guarded =
            (0..s.units.len()).any(|u| s.side(u) == side && s.combat(u) && s.hex(u) == Some(c));
        if guarded {
            continue;
        }
        let near = (0..s.units.len())
            .filter(|&u| s.side(u) != side && s.combat(u) && !s.units[u].routed)
            .filter_map(|u| s.hex(u))
            .map(|h| h.distance(c))
            .min()
            .unwrap_or(u32::MAX);
        let risk = match near {
            0..=3 => 0.6,
            4..=8 => 0.3,
            _ => 0.1,
        };
        let cost = risk * f64::from(s.ldef(l).vp.killed);
        edge += if side == Side::US { -cost } else { cost };
    }
    edge
}

/// The VP hills not yet taken (17), as a pull on the US: each is worth a share of its VP
/// that grows as the nearest US Cavalry, Infantry or Miners unit in condition to take it
/// comes closer (all of it 12 hexes away or more is nothing), so that the search, which
/// looks one phase ahead, sees a reason to march toward a hill it cannot reach this turn.
fn hills_ahead(s: &State) -> f64 {
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
                (0..s.units.len())
                    .filter(|&u| {
                        s.side(u) == Side::US
                            && matches!(s.kind(u), Kind::Cavalry | Kind::Infantry | Kind::Miners)
                            && !s.units[u].routed
                    })
                    .filter_map(|u| s.hex(u))
                    .map(move |x| x.distance(c))
            })
            .min();
        if let Some(d) = d {
            pull += f64::from(h.vp) * 0.5 * (1.0 - f64::from(d) / 12.0).max(0.0);
        }
    }
    pull
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

    /// Nothing is hidden and the legal actions never read the dice: a sampled world (the
    /// position with fresh dice) has the true state's actions.
    fn worlds_share_legal() -> bool {
        true
    }

    /// On turn 1 every band and Leader must enter (18), in any order: while some still
    /// wait, the search weighs the entries of the first one still waiting only, not
    /// every band's at once (24 bands on 60 edge hexes in two modes would be about 2,900
    /// actions a decision), nor the moves of the bands already in (they can move once
    /// all have entered, with the MP they have left).
    fn worth(state: &State, action: &Action) -> bool {
        let side = state.phasing;
        let first = (0..state.units.len())
            .find(|&u| state.units[u].at == Loc::Entering && state.side(u) == side)
            .map(|u| state.def(u).id.as_str())
            .or_else(|| {
                (0..state.leaders.len())
                    .find(|&l| state.leaders[l].at == Loc::Entering && state.ldef(l).side == side)
                    .map(|l| state.ldef(l).id.as_str())
            });
        match action {
            Action::Enter { unit, .. } => first == Some(unit.as_str()),
            Action::Move { .. } | Action::Mode { .. } => {
                first.is_none() || !state.pending.is_empty()
            }
            _ => true,
        }
    }
}
