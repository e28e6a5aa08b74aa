//! Where counters may stand at the start of a combat (C2.3-C2.7): one rule per unit
//! and hex ([`placement_error`]), used both to check a scenario's fixed set-up
//! ([`setup_errors`]) and to list the legal placements of a set-up played out by the
//! players (`rules::setup`). Stacking (C4.2) and terrain (C4.3.2) apply as in play.

use super::data::{Contact, Side};
use super::state::{Loc, State, Uid};
use crate::core::hexmap::{Coord, HexMap};
use std::collections::BTreeMap;

/// Distance from a hex to the nearest hex bordering a stream hexside (`None`: no stream).
pub fn stream_distance(map: &HexMap, c: Coord) -> Option<u32> {
    map.hexsides
        .iter()
        .filter(|h| h.feature == "stream")
        .flat_map(|h| [Some(h.hex), h.hex.step(h.dir)])
        .flatten()
        .map(|h| h.distance(c))
        .min()
}

/// Whether a hex borders a stream hexside.
pub fn by_stream(map: &HexMap, c: Coord) -> bool {
    map.neighbors(c)
        .any(|n| map.hexside(c, n) == Some("stream"))
}

/// Whether a unit is a Lodge or a Camp (C2.5's "lodge or camp units").
pub fn is_home(s: &State, i: Uid) -> bool {
    s.class(i).lodge || s.class(i).key == "camp"
}

/// Why unit `u` may not stand at `h` (mounted or limbered if `flipped`) at the start of
/// the combat, given where every other unit stands now, or `None`.
pub fn placement_error(s: &State, u: Uid, h: Coord, flipped: bool) -> Option<String> {
    let st = &s.stat;
    let map = &st.map;
    let sc = &st.scenario;
    let unit = s.u(u);
    let name = &unit.name;
    let side = unit.side;
    let contacted = sc.contacted;
    if !map.contains(h) {
        return Some(format!(
            "{name} starts at {h}, off the {}x{} map",
            map.cols, map.rows
        ));
    }
    let two_faced = unit.back.is_some();
    let mounted_or_gun = (flipped && two_faced && !s.artillery(u)) || s.artillery(u);
    if !st.terrain(h).mounted && mounted_or_gun {
        return Some(format!(
            "{name} may not be in {} while mounted or as artillery (C4.3.2)",
            st.terrain(h).name
        ));
    }
    let others = |c: Coord| s.at(c).filter(move |&i| i != u);
    if others(h).any(|i| s.u(i).side != side) {
        return Some(format!("{h} holds units of both sides at the start"));
    }
    let own_here = others(h).filter(|&i| s.u(i).side == side).count();
    let encamped = sc.contact == Contact::SurprisedEncamped;
    if own_here >= s.stack_limit(side) && !(encamped && side == contacted) {
        return Some(format!(
            "{h} already holds {own_here} {side:?} unit(s); at most {} per hex (C4.2)",
            s.stack_limit(side)
        ));
    }
    if side == Side::Indian && flipped && sc.lodges_lost_before >= 9 {
        return Some(format!(
            "{name} may not start mounted: all nine Lodges are lost (C4.3.4)"
        ));
    }
    let placed_contacted: Vec<Coord> = s
        .units
        .iter()
        .enumerate()
        .filter(|(i, v)| *i != u && v.side == contacted)
        .filter_map(|(_, v)| v.hex())
        .collect();
    let home = is_home(s, u);
    if side == contacted {
        match sc.contact {
            Contact::Alerted => {
                if let Some(e) = sc.entry
                    && map.distance_to_edge(h, e) <= 2
                {
                    return Some(format!(
                        "{name} is within two hexes of the searcher's entry side {e:?} (C2.4)"
                    ));
                }
                if home && !by_stream(map, h) {
                    return Some(format!("{name} must be next to a stream hexside (C2.4)"));
                }
            }
            Contact::SurprisedEncamped => {
                if home && (!by_stream(map, h) || own_here > 0) {
                    return Some(format!(
                        "{name} must be next to a stream hexside, alone in its hex (C2.5)"
                    ));
                }
                if flipped && two_faced {
                    return Some(format!("{name} must start dismounted or unlimbered (C2.5)"));
                }
                if !home {
                    let homes: Vec<Coord> = s
                        .units
                        .iter()
                        .enumerate()
                        .filter(|(i, v)| v.side == contacted && is_home(s, *i))
                        .filter_map(|(_, v)| v.hex())
                        .collect();
                    if !homes.iter().any(|m| m.distance(h) == 1) {
                        return Some(format!("{name} must start next to a Lodge or Camp (C2.5)"));
                    }
                    // C2.5: "so as to have an equal number (or as close as possible) of
                    // units adjacent to each of the lodge or camp units": a unit goes
                    // next to a home that has the fewest so far.
                    let guards = |m: Coord| {
                        s.units
                            .iter()
                            .enumerate()
                            .filter(|(i, v)| *i != u && v.side == contacted && !is_home(s, *i))
                            .filter_map(|(_, v)| v.hex())
                            .filter(|g| g.distance(m) == 1)
                            .count()
                    };
                    // Homes with an open hex beside them come first while any has
                    // one (one unit per hex until every adjacent hex is filled).
                    let open = |m: Coord| {
                        map.neighbors(m).any(|n| {
                            !homes.contains(&n)
                                && st.terrain(n).mounted
                                && !others(n).any(|i| s.u(i).side == contacted)
                        })
                    };
                    let eligible: Vec<Coord> = if homes.iter().any(|m| open(*m)) {
                        homes.iter().copied().filter(|m| open(*m)).collect()
                    } else {
                        // Homes ringed by other homes or the map edge take none.
                        homes
                            .iter()
                            .copied()
                            .filter(|m| map.neighbors(*m).any(|n| !homes.contains(&n)))
                            .collect()
                    };
                    let fewest = eligible.iter().map(|m| guards(*m)).min().unwrap_or(0);
                    // (Applied as the players place counter by counter; a fixed
                    // scenario's whole layout is the scenario writer's.)
                    if sc.roll.is_some()
                        && !eligible
                            .iter()
                            .any(|m| m.distance(h) == 1 && guards(*m) == fewest)
                    {
                        return Some(format!(
                            "{name} must go next to a Lodge or Camp with the fewest units beside it ({fewest}): an equal number next to each, or as close as possible (C2.5)"
                        ));
                    }
                    if own_here > 0 {
                        let empty = homes
                            .iter()
                            .flat_map(|m| map.neighbors(*m))
                            .filter(|n| *n != h && !homes.contains(n) && st.terrain(*n).mounted)
                            .find(|n| others(*n).next().is_none());
                        if let Some(e) = empty {
                            return Some(format!(
                                "{name} is stacked while {e}, next to a Lodge or Camp, is empty: one unit per hex until every adjacent hex is filled (C2.5)"
                            ));
                        }
                    }
                }
            }
            Contact::SurprisedOnTrail => {
                if !by_stream(map, h) {
                    return Some(format!("{name} must be next to a stream hexside (C2.6)"));
                }
                if !flipped && two_faced {
                    return Some(format!("{name} must start mounted or limbered (C2.6)"));
                }
                let alone = own_here == 0 && !placed_contacted.iter().any(|o| o.distance(h) == 1);
                if alone && !placed_contacted.is_empty() {
                    return Some(format!(
                        "{name} must start next to another unit of the column (C2.6)"
                    ));
                }
                // C2.6: "All units that it is possible to place within the stacking
                // limits must be placed on one side of the streams used so that the
                // stream is only crossed where is branches. Any remaining units are
                // then placed on the opposite side": a hex across a stream hexside from
                // the column is refused while the column can still grow on its own bank.
                let across = |x: Coord| {
                    placed_contacted
                        .iter()
                        .any(|o| o.distance(x) == 1 && map.hexside(*o, x) == Some("stream"))
                };
                if sc.roll.is_some() && across(h) {
                    let count = |x: Coord| others(x).filter(|&i| s.u(i).side == side).count();
                    let room = placed_contacted.iter().copied().any(|o| {
                        (o != h && count(o) < s.stack_limit(side))
                            || map.neighbors(o).any(|n| {
                                n != h
                                    && count(n) == 0
                                    && !others(n).any(|i| s.u(i).side != side)
                                    && by_stream(map, n)
                                    && st.terrain(n).mounted
                                    && !across(n)
                            })
                    });
                    if room {
                        return Some(format!(
                            "{name} would cross the stream from the column while there is room on its own bank (C2.6)"
                        ));
                    }
                }
            }
            Contact::Ambushing => {}
        }
        return None;
    }
    match sc.contact {
        Contact::Ambushing => {
            if stream_distance(map, h).is_none_or(|d| d > 2) {
                return Some(format!(
                    "{name} must start within two hexes of a stream hexside (C2.3)"
                ));
            }
        }
        Contact::Alerted => match sc.entry {
            Some(e) if map.distance_to_edge(h, e) > 2 => {
                return Some(format!(
                    "{name} must start within two hexes of the entry side {e:?} (C2.4)"
                ));
            }
            None => {
                return Some("when Alerted the searcher names an entry side first (C2.4)".into());
            }
            _ => {}
        },
        Contact::SurprisedEncamped | Contact::SurprisedOnTrail => {
            let near = placed_contacted.iter().map(|v| v.distance(h)).min();
            if near.is_some_and(|d| d < 3) {
                return Some(format!(
                    "{name} must start at least three hexes from the nearest contacted unit (C2.5)"
                ));
            }
        }
    }
    None
}

/// How many of `n` strategic units make the searcher's leading half (C2.3: one out of
/// every two, plus one more of an odd number; all of a single unit).
pub fn ambush_half(n: usize) -> usize {
    n.div_ceil(2)
}

/// The placement rules a scenario's set-up breaks (C2.3-C2.7, C4.2, C4.3.2, C4.3.4), as
/// (counter id, message).
pub fn setup_errors(s: &State) -> Vec<(String, String)> {
    let st = &s.stat;
    let map = &st.map;
    let sc = &st.scenario;
    let mut out = vec![];
    let contacted = sc.contacted;
    let searcher = contacted.other();
    let first_ok = match sc.contact {
        Contact::Ambushing => sc.first == contacted,
        _ => sc.first == searcher,
    };
    if !first_ok {
        out.push((
            format!("{:?}", sc.first),
            format!(
                "with {:?} the first player is the {} (C2.3-C2.6)",
                sc.contact,
                if sc.contact == Contact::Ambushing {
                    "contacted side"
                } else {
                    "searching or declaring side"
                }
            ),
        ));
    }
    for (i, u) in s.units.iter().enumerate() {
        let id = u.id.clone();
        match (u.loc, u.side == contacted) {
            (Loc::Map(h), _) => {
                if let Some(e) = placement_error(s, i, h, u.flipped) {
                    out.push((id, e));
                }
            }
            (Loc::Waiting(edge, turn), false) => {
                match sc.contact {
                    Contact::Alerted => out.push((
                        id,
                        "when Alerted the searching side places every unit on the map (C2.4)"
                            .into(),
                    )),
                    Contact::SurprisedEncamped | Contact::SurprisedOnTrail => {
                        if turn < 2 {
                            out.push((id.clone(), format!("{} may not enter before the searcher's second turn (C2.5, C2.6): Waiting({edge:?}, 2)", u.name)));
                        }
                        if sc.entry.is_some_and(|e| e != edge) {
                            out.push((id, format!("{} waits by the {edge:?} edge, but the entry side is {:?} (C2.5)", u.name, sc.entry)));
                        }
                    }
                    Contact::Ambushing => {
                        if !map.edge_hexes(edge).into_iter().any(|h| by_stream(map, h)) {
                            out.push((id, format!("the {edge:?} side has no stream hexside: the waiting half must be beside a side a stream runs through (C2.3)")));
                        }
                    }
                }
            }
            (Loc::Waiting(..), true) => out.push((
                id,
                format!(
                    "the contacted side sets up all its units on the map ({})",
                    sc.contact
                ),
            )),
            _ => {}
        }
    }
    if sc.contact == Contact::SurprisedEncamped && contacted == Side::Army {
        let camps = (0..s.units.len())
            .filter(|&i| s.class(i).key == "camp")
            .count();
        if camps < 5 {
            out.push(("camps".into(), format!("the Army always deploys all five Camps when Surprised Encamped (C2.5); {camps} take part")));
        }
    }
    // C2.3 (and C2.5, C2.6 by reference): the searcher's strategic units are split
    // whole, one half (rounded up) on the map and the rest waiting.
    if sc.contact != Contact::Alerted {
        let mut groups: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for u in s.units.iter().filter(|u| u.side == searcher) {
            let g = groups.entry(u.strategic.as_str()).or_default();
            match u.loc {
                Loc::Map(_) => g.0 += 1,
                Loc::Waiting(..) => g.1 += 1,
                _ => {}
            }
        }
        let n = groups.len();
        let on = groups.values().filter(|(m, _)| *m > 0).count();
        for (name, (m, w)) in &groups {
            if *m > 0 && *w > 0 {
                let id = s
                    .units
                    .iter()
                    .find(|u| u.strategic == *name && matches!(u.loc, Loc::Waiting(..)))
                    .map_or(name.to_string(), |u| u.id.clone());
                out.push((id, format!("strategic unit '{name}' is split between the map and its entry side: the searcher chooses whole strategic units (C2.3)")));
            }
        }
        if on != ambush_half(n) {
            let id = s
                .units
                .iter()
                .find(|u| u.side == searcher)
                .map_or("start".to_string(), |u| u.id.clone());
            out.push((id, format!("the searching side has {n} strategic unit(s): {} of them go on the map and the rest wait beside it (C2.3: one of every two, the odd one extra); here {on} are on the map", ambush_half(n))));
        }
    }
    out
}
