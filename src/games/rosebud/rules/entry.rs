//! The Indian entry (18): every Indian unit and Leader enters on turn 1 at an edge hex
//! of an entry area, within each area's limits on its tribes and on how many units and
//! tribes it takes; the hexes each unit and Leader may enter by, the area an entry
//! counts against, and whether anything still waits to enter. The entries are listed
//! with the Movement Phase's actions (`movement`) and applied by `apply_listed`.

use crate::core::hexmap::Coord;
use crate::games::rosebud::state::{Loc, State};

/// The entry areas a unit may still use on turn 1 (18), with their hexes.
pub(super) fn entry_hexes(
    s: &State,
    u: usize,
    areas: &[Vec<Coord>],
    used: &[AreaUse],
) -> Vec<Coord> {
    let tribe = &s.def(u).group;
    let mut out = vec![];
    for ((e, hexes), (count, tribes)) in s.stat.scenario.entries.iter().zip(areas).zip(used) {
        if !e.tribes.is_empty() && !e.tribes.contains(tribe) {
            continue;
        }
        if e.not_tribes.contains(tribe) {
            continue;
        }
        if e.max_units.is_some_and(|m| *count >= m) {
            continue;
        }
        if let Some(m) = e.max_tribes
            && !tribes.contains(tribe)
            && tribes.len() as u32 >= m
        {
            continue;
        }
        out.extend(hexes.iter().copied());
    }
    out.sort();
    out.dedup();
    out
}

/// How much of an entry area is used (18): the units that entered by it and their
/// tribes.
pub(super) type AreaUse = (u32, Vec<String>);

/// Each entry area's use so far, in the scenario's order, worked out once per call.
pub(super) fn area_use(s: &State) -> Vec<AreaUse> {
    s.stat
        .scenario
        .entries
        .iter()
        .map(|e| {
            let used: Vec<&String> = s
                .entered
                .iter()
                .filter(|(_, a)| *a == e.name)
                .map(|(id, _)| id)
                .collect();
            let mut tribes: Vec<String> = used
                .iter()
                .filter_map(|id| s.find(id))
                .map(|v| s.def(v).group.clone())
                .collect();
            tribes.sort();
            tribes.dedup();
            (used.len() as u32, tribes)
        })
        .collect()
}

/// The hexes of each entry area of the scenario, in its order (18), worked out once.
pub(super) fn area_hexes(s: &State) -> Vec<Vec<Coord>> {
    s.stat
        .entry_areas
        .get_or_init(|| {
            s.stat
                .scenario
                .entries
                .iter()
                .map(|e| {
                    s.stat
                        .map
                        .coords()
                        .filter(|c| s.stat.map.has_mark(*c, &e.mark) && s.stat.on_board(*c))
                        .collect()
                })
                .collect()
        })
        .clone()
}

/// The entry area a hex belongs to, for a unit (the first that allows it).
pub(super) fn entry_area(s: &State, u: usize, c: Coord) -> Option<String> {
    let tribe = &s.def(u).group;
    s.stat
        .scenario
        .entries
        .iter()
        .find(|e| {
            s.stat.map.has_mark(c, &e.mark)
                && (e.tribes.is_empty() || e.tribes.contains(tribe))
                && !e.not_tribes.contains(tribe)
        })
        .map(|e| e.name.clone())
}

/// Every hex on the map edges the Indian Leaders may enter by (18): every entry area's.
pub(super) fn leader_entry_hexes(areas: &[Vec<Coord>]) -> Vec<Coord> {
    let mut out: Vec<Coord> = areas.iter().flatten().copied().collect();
    out.sort();
    out.dedup();
    out
}

/// Whether anything still waits to enter (18: every Indian unit enters on turn 1).
pub(super) fn waiting(s: &State) -> bool {
    s.units.iter().any(|u| u.at == Loc::Entering) || s.leaders.iter().any(|l| l.at == Loc::Entering)
}
