//! The computer player's knowledge of the tactical game: nothing is hidden, so a
//! sampled world is the position with fresh dice (the default). The evaluation is the
//! D2.0 margin the combat has made so far, with each side's strength on the map.

use super::NezPerceTactical;
use super::action::Action;
use super::data::Side;
use super::state::{Loc, State};
use crate::core::ai::{Knowledge, result_value, squash};
use crate::core::game::{Rules, Seat};

/// Strength left on the map and waiting: the D&M of every unit still in the combat.
fn strength(s: &State, side: Side) -> i32 {
    s.units
        .iter()
        .filter(|u| u.side == side && matches!(u.loc, Loc::Map(_) | Loc::Waiting(..)))
        .map(|u| u.front.dm.max(1))
        .sum()
}

impl Knowledge for NezPerceTactical {
    fn evaluate(state: &State, seat: Seat) -> f64 {
        if let Some(o) = Self::outcome(state) {
            return result_value(&o, seat);
        }
        let t = super::rules::victory::Tally::of(state);
        let army = f64::from(t.margin())
            + 0.5 * f64::from(strength(state, Side::Army) - strength(state, Side::Indian)) * 0.2
            - 2.0 * f64::from(t.army_lost);
        let v = squash(army / 8.0);
        if seat == Side::Army.seat() {
            v
        } else {
            1.0 - v
        }
    }

    /// Rollouts stop after a few actions: every random step lists fire at every visible
    /// target (the costliest listing of the game), and a player turn is only one to
    /// three units' actions.
    fn rollout_depth() -> usize {
        6
    }

    /// Voluntary surrender (C6.4.3) is worth considering only for a unit in contact with
    /// the enemy and cut off from every map edge: elsewhere it only hands the Army
    /// points.
    fn worth(state: &State, action: &Action) -> bool {
        match action {
            // Only a unit in contact is looked at (the full test walks the map).
            Action::Surrender { unit } => state.find(unit).is_some_and(|u| {
                let enemy = state.u(u).side.other();
                state.u(u).hex().is_some_and(|c| {
                    state.has(c, enemy) || state.stat.map.neighbors(c).any(|n| state.has(n, enemy))
                }) && super::rules::results::surrounded(state, u)
            }),
            _ => true,
        }
    }
}
