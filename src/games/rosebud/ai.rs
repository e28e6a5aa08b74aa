//! The computer player's knowledge of *Battle of the Rosebud*. Nothing is hidden, so a
//! sampled world is the position with fresh dice (the default). While this version
//! plays only movement, the evaluation scores the victory points and the ground: the
//! VP hills the US still may take, and how close each side's strength stands to the
//! other's (the Indians come to fight, 18; the US holds the hills, 17).

use super::Rosebud;
use super::action::Action;
use super::data::Side;
use super::state::{Loc, State};
use crate::core::ai::{Knowledge, result_value, squash};
use crate::core::game::{Rules, Seat};

/// The evaluation from the US side, before the squash: the VP difference, and the
/// Indians' progress toward the column (each hex nearer is worth a little).
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
    f64::from(s.vp[0] - s.vp[1]) - 0.05 * closeness
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

    /// On turn 1 every band and Leader must enter (18), in any order: the search weighs
    /// the entries of the first one still waiting only, not every band's at once (24
    /// bands on 60 edge hexes in two modes would be about 2,900 actions a decision).
    fn worth(state: &State, action: &Action) -> bool {
        let Action::Enter { unit, .. } = action else {
            return true;
        };
        let side = state.phasing;
        let first = (0..state.units.len())
            .find(|&u| state.units[u].at == Loc::Entering && state.side(u) == side)
            .map(|u| state.def(u).id.as_str())
            .or_else(|| {
                (0..state.leaders.len())
                    .find(|&l| state.leaders[l].at == Loc::Entering && state.ldef(l).side == side)
                    .map(|l| state.ldef(l).id.as_str())
            });
        first == Some(unit.as_str())
    }
}
