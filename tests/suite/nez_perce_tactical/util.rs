//! Helpers for the Nez Perce tactical tests: the test position on open ground, an
//! all-Clear map for exact arithmetic, and applying actions by notation.

use std::sync::Arc;
use wargame::core::game::{LogEntry, Rules};
use wargame::core::hexmap::{Coord, HexMap};
use wargame::games::nez_perce_tactical::NezPerceTactical;
use wargame::games::nez_perce_tactical::data::Face;
use wargame::games::nez_perce_tactical::setup;
use wargame::games::nez_perce_tactical::state::State;

/// The test position (tests/data/nez_perce/test_open.ron).
pub fn position() -> State {
    let root = crate::util::root();
    let l = setup::load_scenario_path(&root, &root.join("tests/data/nez_perce/test_open.ron"))
        .expect("test scenario loads");
    setup::initial_state(&l, 1)
}

/// The test position on an all-Clear map with no hexside features.
pub fn clear() -> State {
    let mut s = position();
    let mut st = (*s.stat).clone();
    st.map = HexMap::filled(30, 20, "clear");
    st.side_cache = Default::default();
    st.terrain_row = vec![0];
    s.stat = Arc::new(st);
    s
}

/// Apply an action by notation; panics with the reason if it is refused.
pub fn act(s: &mut State, a: &str) -> Vec<LogEntry> {
    let action = a.parse().unwrap_or_else(|e| panic!("{a}: {e}"));
    NezPerceTactical::apply(s, &action).unwrap_or_else(|e| panic!("{a}: {e}"))
}

/// Whether an action by notation is legal now.
pub fn legal(s: &State, a: &str) -> bool {
    let action = a.parse().unwrap();
    NezPerceTactical::legal_actions(s).contains(&action)
}

/// Put a counter at a hex.
pub fn put(s: &mut State, id: &str, hex: &str) {
    NezPerceTactical::place_piece(s, id, Some(hex)).unwrap();
}

/// Take a counter out of the combat.
pub fn remove(s: &mut State, id: &str) {
    NezPerceTactical::place_piece(s, id, None).unwrap();
}

/// Set a counter's front face.
pub fn face(s: &mut State, id: &str, fs: i32, dm: i32, ma: u32) {
    let u = s.find(id).unwrap();
    s.units[u].front = Face { fs, dm, ma };
}

/// Set the terrain of hexes on a map built by [`clear`] (adds the terrain name).
pub fn terrain(s: &mut State, hexes: &[&str], name: &str) {
    let mut st = (*s.stat).clone();
    let idx = match st.map.terrain_names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            st.map.terrain_names.push(name.to_string());
            let row = st
                .tables
                .terrain
                .iter()
                .position(|t| t.terrain == name)
                .unwrap();
            st.terrain_row.push(row);
            st.map.terrain_names.len() - 1
        }
    };
    for h in hexes {
        let c: Coord = h.parse().unwrap();
        let i = st.map.index(c).unwrap();
        st.map.terrain[i] = idx as u8;
    }
    s.stat = Arc::new(st);
}

/// Add a hexside feature on a map.
pub fn side(s: &mut State, hex: &str, dir: wargame::core::hexmap::Dir, feature: &str) {
    let mut st = (*s.stat).clone();
    st.map.hexsides.push(wargame::core::hexmap::Hexside {
        hex: hex.parse().unwrap(),
        dir,
        feature: feature.into(),
    });
    st.side_cache = Default::default();
    s.stat = Arc::new(st);
}

/// All log text joined.
pub fn text(log: &[LogEntry]) -> String {
    log.iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A probe.
pub fn probe(s: &State, key: &str) -> String {
    NezPerceTactical::probe(s, key).unwrap_or_else(|| panic!("no probe {key}"))
}
