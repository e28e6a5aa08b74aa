//! Helpers the Battle of the Rosebud tests share: a board with nothing on it in a given
//! phase (made flat and clear around 2907 when asked), placing units, and the legal
//! actions and their effects in notation.

use std::sync::Arc;
use wargame::core::hexmap::Coord;
use wargame::games::rosebud::action::Action;
use wargame::games::rosebud::data::{Mode, RuleOptions, Side};
use wargame::games::rosebud::rules::{self, legal};
use wargame::games::rosebud::setup::{load_static, new_state, scenario_path};
use wargame::games::rosebud::state::{Loc, Phase, State};

/// Everything off the map, in `phasing`'s `phase` of turn 3. With `flat`, every hex
/// within 5 of 2907 is Clear at Level 3 with no hexside feature within 6, so moves,
/// fire and retreats there read no terrain. Played without Voluntary Rout's questions
/// (10J1), which the tests of other rules do not answer; [`board_with`] chooses.
pub fn board(phasing: Side, phase: Phase, flat: bool) -> State {
    board_with(
        phasing,
        phase,
        flat,
        RuleOptions {
            no_voluntary_rout: true,
            ..RuleOptions::default()
        },
    )
}

/// [`board`] with these optional rules.
pub fn board_with(phasing: Side, phase: Phase, flat: bool, options: RuleOptions) -> State {
    let root = crate::util::root();
    let mut st =
        load_static(&root, &scenario_path(&root, "battle")).unwrap_or_else(|e| panic!("{e}"));
    st.options = options;
    if flat {
        let clear = st
            .map
            .terrain_names
            .iter()
            .position(|t| t == "clear")
            .unwrap() as u8;
        let centre = st.map.parse("2907").unwrap();
        for c in st.map.coords().collect::<Vec<_>>() {
            if c.distance(centre) <= 5 {
                let i = st.map.index(c).unwrap();
                st.map.terrain[i] = clear;
                st.map.level[i] = 3;
            }
        }
        st.map.hexsides.retain(|h| h.hex.distance(centre) > 6);
        st.index_sides();
    }
    let mut s = new_state(Arc::new(st), 1);
    for u in &mut s.units {
        u.at = Loc::Off;
    }
    for l in &mut s.leaders {
        l.at = Loc::Off;
    }
    s.phasing = phasing;
    s.phase = phase;
    s.turn = 3;
    // Van Vliet's companies are free of the Eagle's Nest (16D) unless a test binds them.
    s.post_released = true;
    s
}

/// Every cell of the Melee Table set to `cell` (`"c1/c1"`): a test of the melee
/// procedure that must read one result whatever the shipped (reconstructed) grid gives.
pub fn melee_grid(s: &mut State, cell: &str) {
    let st = Arc::make_mut(&mut s.stat);
    let cols = st.tables.melee.us_line.len();
    let row = vec![cell; cols].join(" ");
    for r in &mut st.tables.melee.rows {
        *r = row.clone();
    }
}

/// A printed hex.
pub fn c(s: &State, h: &str) -> Coord {
    s.stat.map.parse(h).unwrap_or_else(|e| panic!("{e}"))
}

/// Place a unit in a hex and a mode; its index.
pub fn put(s: &mut State, id: &str, at: Coord, mode: Mode) -> usize {
    let u = s.find(id).unwrap();
    s.units[u].at = Loc::Map(at);
    s.units[u].mode = mode;
    u
}

/// The legal actions in notation.
pub fn texts(s: &State) -> Vec<String> {
    legal(s).iter().map(|a| a.to_string()).collect()
}

/// Apply an action that must be legal; its log lines.
pub fn act(s: &mut State, a: &str) -> Vec<String> {
    let a: Action = a.parse().unwrap();
    rules::apply(s, &a)
        .unwrap_or_else(|e| panic!("{a}: {e}"))
        .into_iter()
        .map(|l| l.text)
        .collect()
}

/// Walk a retreat before melee to its end: hold every fire window, and take the first hex
/// offered to unit `id` each time, until neither is asked for.
pub fn walk_retreat(s: &mut State, id: &str) {
    let head = format!("retreat {id} ");
    for _ in 0..10 {
        let t = texts(s);
        if t.contains(&"resolve".to_string()) {
            act(s, "resolve");
        } else if let Some(r) = t.iter().find(|x| x.starts_with(&head)) {
            let r = r.clone();
            act(s, &r);
        } else {
            break;
        }
    }
}

/// A hex `n` steps from `a`, each step one hex farther.
pub fn away(s: &State, a: Coord, n: u32) -> Coord {
    let mut h = a;
    for _ in 0..n {
        h = s
            .stat
            .map
            .neighbors(h)
            .find(|x| x.distance(a) > h.distance(a))
            .unwrap();
    }
    h
}
