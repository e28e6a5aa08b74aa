//! Ammunition re-supply (14C, 14D): in the US Rally Phase a US unit with Low Ammo,
//! stacked with or next to a Pack Train that has ammunition and is not Pinned or Routed
//! (15A3), re-supplies, and both spend all their MP this turn; with the Ammo Roster (14D
//! Option #2), a unit with 3 boxes or fewer refills to its roster's count from a train's
//! small arms, or cross-levels boxes from a combat unit stacked with or next to it.

use super::fire;
use crate::core::game::LogEntry;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Kind, Side};
use crate::games::rosebud::state::State;

/// Re-supply in the Rally Phase (14C): a US or Scout unit with Low Ammo, stacked with or
/// next to a Pack Train that has ammunition and is not Pinned or Routed (15A3). With the
/// Ammo Roster (14D Option #2), a unit with 3 boxes or fewer, from a train with small
/// arms or by cross-levelling from a combat unit in or next to its hex.
pub(super) fn resupply_legal(s: &State) -> Vec<Action> {
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
    crate::games::rosebud::setup::roster_halves(&s.stat, s.kind(u))
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

/// A Pack Train that can re-supply a unit (14C, 15A3).
pub(super) fn pack_train_for(s: &State, u: usize) -> Option<usize> {
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

/// A unit re-supplies from a Pack Train, or cross-levels from a combat unit (14C, 14D):
/// both spend all their MP this turn.
pub(super) fn resupply(s: &mut State, u: usize, p: usize) -> Vec<LogEntry> {
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
