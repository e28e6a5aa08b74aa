//! Movement (C4): terrain costs, no zones of control, stopping on entering an enemy
//! hex, the Army's one unit per hex and the Indian's three, mounted and artillery
//! units kept out of Rocked & Broken, entering from beside the map (C2.3, C2.5) and
//! leaving it (C7.1), and mode changes (C4.3.1-2, C4.3.4).

use crate::core::hexmap::{Coord, Edge};
use crate::games::nez_perce_tactical::data::{Contact, Faces, Side};
use crate::games::nez_perce_tactical::state::{Loc, State, Uid};

/// The movement allowance of the face showing, halved after fire (C6.3).
pub fn allowance(s: &State, u: Uid, half: bool) -> u32 {
    let ma = s.u(u).face().ma;
    if half { ma / 2 } else { ma }
}

/// Whether terrain keeps the unit out of a hex: mounted horse units and all artillery
/// may not enter Rocked & Broken (C4.3.2).
pub fn barred(s: &State, u: Uid, c: Coord) -> bool {
    !s.stat.terrain(c).mounted && (s.mounted(u) || s.artillery(u))
}

/// The movement points to enter `to` from `from` (`None`: from beside the map): the
/// hex's terrain plus any hexside feature crossed (C4.1).
pub fn cost(s: &State, from: Option<Coord>, to: Coord) -> u32 {
    let side = from.and_then(|f| s.stat.hexside(f, to)).map_or(0, |r| r.mp);
    s.stat.terrain(to).mp + side
}

/// Whether a hex lies on a map edge.
pub fn on_edge(s: &State, c: Coord) -> bool {
    let m = &s.stat.map;
    c.col == 1 || c.row == 1 || c.col == m.cols || c.row == m.rows
}

/// Hexes of `edge` a waiting unit may enter by. Ambushing (C2.3): within two hexes of
/// a stream hexside that comes to that side of the map; otherwise anywhere along it
/// (C2.5).
pub fn entry_hexes(s: &State, edge: Edge) -> Vec<Coord> {
    let map = &s.stat.map;
    let hexes = map.edge_hexes(edge);
    if s.contact() != Contact::Ambushing {
        return hexes;
    }
    let stream_ends: Vec<Coord> = hexes
        .iter()
        .copied()
        .filter(|&c| {
            map.neighbors(c)
                .any(|n| map.hexside(c, n) == Some("stream"))
        })
        .collect();
    hexes
        .into_iter()
        .filter(|c| stream_ends.iter().any(|e| e.distance(*c) <= 2))
        .collect()
}

/// Friendly units of the unit's side in a hex, not counting the unit itself.
fn friends_at(s: &State, u: Uid, c: Coord) -> usize {
    let side = s.u(u).side;
    s.side_at(c, side).filter(|&i| i != u).count()
}

/// Whether the unit may end its move in `c` (C4.2's stacking; a hex with enemy units is
/// a melee, not a stack). An Indian unit may stop over the three-unit limit while
/// another unit there may still act and leave before the turn ends.
pub fn may_stop(s: &State, u: Uid, c: Coord) -> bool {
    let side = s.u(u).side;
    if s.has(c, side.other()) || friends_at(s, u, c) < s.stack_limit(side) {
        return true;
    }
    side == Side::Indian && can_leave(s, u, c)
}

/// Whether a unit in `c` other than `mover` may still act this player turn and step
/// out of the hex.
pub fn can_leave(s: &State, mover: Uid, c: Coord) -> bool {
    s.side_at(c, s.u(mover).side).any(|v| {
        v != mover
            && !s.acted.contains(&v)
            && super::may_act_after(s, v, mover)
            && may_start_move(s, v)
            && s.stat
                .map
                .neighbors(c)
                .any(|n| !barred(s, v, n) && cost(s, Some(c), n) <= allowance(s, v, false))
    })
}

/// Why the unit may not step from `from` (`None`: from beside the map) into `to` with
/// `mp` points left, or `Ok(cost)`.
pub fn step(s: &State, u: Uid, from: Option<Coord>, to: Coord, mp: u32) -> Result<u32, String> {
    let unit = s.u(u);
    let side = unit.side;
    if !s.stat.map.contains(to) {
        return Err(format!("{to} is off the map"));
    }
    if let Some(f) = from
        && f.distance(to) != 1
    {
        return Err(format!("{to} is not next to {f}"));
    }
    if barred(s, u, to) {
        return Err(format!(
            "{} may not enter {}: mounted and artillery units stay out of it (C4.3.2)",
            unit.name,
            s.stat.terrain(to).name
        ));
    }
    let k = cost(s, from, to);
    if k > mp {
        return Err(format!("{to} costs {k} movement points; {mp} left (C4.1)"));
    }
    if s.has(to, side.other()) {
        // A melee (C5.1): the Army one unit (two Washington Volunteers), the Indian two.
        let already: Vec<Uid> = s
            .melees
            .iter()
            .find(|m| m.hex == to)
            .map(|m| m.attackers.iter().map(|(a, _)| *a).collect())
            .unwrap_or_default();
        let friends = friends_at(s, u, to);
        let ok = match side {
            Side::Indian => already.len() < 2,
            // Never two Army units in one hex (C4.2), a unit left there by an earlier
            // melee included; only a Washington Volunteers pair joins (C5.3.2).
            Side::Army => {
                (already.is_empty() && friends == 0)
                    || (already.len() == 1
                        && friends == 1
                        && s.class(already[0]).pairs
                        && s.class(u).pairs)
            }
        };
        if !ok {
            return Err(format!(
                "no more units may join the melee in {to} (C5.1, C5.3.2)"
            ));
        }
        return Ok(k);
    }
    let friends = friends_at(s, u, to);
    match side {
        Side::Army if friends > 0 => Err(format!(
            "two Army units may never share a hex, even passing through (C4.2): {to}"
        )),
        Side::Indian if friends >= s.stack_limit(side) => {
            // Passing through is allowed if the unit can go on to a hex it may stop in.
            let left = mp - k;
            let onward = s.stat.map.neighbors(to).any(|n| {
                n != to
                    && !barred(s, u, n)
                    && cost(s, Some(to), n) <= left
                    && (s.has(n, side.other()) || friends_at(s, u, n) < s.stack_limit(side))
            });
            if onward {
                Ok(k)
            } else {
                Err(format!(
                    "{to} already holds {friends} Indian units and the unit could not move on (C4.2)"
                ))
            }
        }
        _ => Ok(k),
    }
}

/// Whether the unit may start a move action now (P1 and P2 units may not move,
/// C6.4.1-2; a waiting unit from its entry turn on).
pub fn may_start_move(s: &State, u: Uid) -> bool {
    let unit = s.u(u);
    match unit.loc {
        Loc::Map(_) => unit.pin == crate::games::nez_perce_tactical::state::Pin::None,
        Loc::Waiting(_, from) => s.turn >= from && !s.all_act(),
        _ => false,
    }
}

/// Why the unit may not change mode now, or `Ok` (C4.3.1-2, C4.3.4).
pub fn mode_change(s: &State, u: Uid) -> Result<(), String> {
    let unit = s.u(u);
    let Some(c) = unit.hex() else {
        return Err(format!("{} is not on the map", unit.name));
    };
    if unit.back.is_none() || s.class(u).faces == Faces::Single {
        return Err(format!("{} has only one mode", unit.name));
    }
    let mounting = s.class(u).faces == Faces::Horse && !unit.flipped;
    if mounting && !s.stat.terrain(c).mounted {
        return Err(format!(
            "{} may not mount in {} (C4.3.2)",
            unit.name,
            s.stat.terrain(c).name
        ));
    }
    if mounting
        && unit.side == Side::Indian
        && s.stat.scenario.lodges_lost_before as usize + s.lodges_lost() >= 9
    {
        return Err("with all nine Lodges lost, Indian units may not mount (C4.3.4)".into());
    }
    Ok(())
}
