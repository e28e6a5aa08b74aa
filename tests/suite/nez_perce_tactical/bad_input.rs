//! Bad input for the Nez Perce tactical game: broken scenarios, maps and tables give
//! `file:line:column` errors that say what is wrong, and never a panic; the set-up
//! rules of each state of contact (C2.3-C2.6) are checked where the counter is placed.

use crate::util::{root, scratch};
use wargame::core::data::line_col;
use wargame::games::nez_perce_tactical::setup;

fn shipped(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// Write `text` as a scratch file and load it as a scenario; the error as text.
fn scenario_error(name: &str, text: &str) -> (String, usize, usize) {
    let p = scratch("np_bad").join(format!("{name}.ron"));
    std::fs::write(&p, text).unwrap();
    let e = setup::load_scenario_path(&root(), &p).expect_err("the broken scenario is refused");
    (
        e.message.clone(),
        e.line.unwrap_or(0),
        e.column.unwrap_or(0),
    )
}

/// The 1-based line and column of the `nth` (0-based) occurrence of `needle`.
fn at(text: &str, needle: &str, nth: usize) -> (usize, usize) {
    let i = text
        .match_indices(needle)
        .nth(nth)
        .expect("needle is in the text")
        .0;
    line_col(text, i)
}

#[test]
fn an_unknown_strategic_unit_is_reported_at_its_name() {
    let text = shipped("scenarios/nez_perce_tactical/white_bird.ron")
        .replace("\"mt_idaho_vols\"]", "\"mt_idaho_volz\"]");
    let (msg, l, c) = scenario_error("unknown_unit", &text);
    assert!(msg.contains("no strategic unit 'mt_idaho_volz'"), "{msg}");
    assert_eq!((l, c), at(&text, "\"mt_idaho_volz\"", 0));
}

#[test]
fn counters_without_a_start_are_all_listed() {
    let text = shipped("scenarios/nez_perce_tactical/white_bird.ron")
        .replace("\"miv1\": At(", "\"miv9\": At(")
        .replace("\"miv2\": At(", "//\"miv2\": At(");
    let (msg, _, _) = scenario_error("no_start", &text);
    assert!(msg.contains("'miv9' is not a counter"), "{msg}");
    let text = shipped("scenarios/nez_perce_tactical/white_bird.ron")
        .replace("\"miv1\": At(", "//\"miv1\": At(")
        .replace("\"miv2\": At(", "//\"miv2\": At(");
    let (msg, _, _) = scenario_error("no_start2", &text);
    assert!(
        msg.contains("2 counter(s) have no start: miv1") && msg.contains("miv2"),
        "{msg}"
    );
}

#[test]
fn c2_4_an_alerted_searcher_far_from_its_entry_side_is_reported_at_the_counter() {
    let base = shipped("scenarios/nez_perce_tactical/white_bird.ron");
    let line = base
        .lines()
        .find(|l| l.contains("\"perry1\": At("))
        .unwrap()
        .to_string();
    let text = base.replace(&line, "            \"perry1\": At(\"1510\", false),");
    let (msg, l, c) = scenario_error("alerted_far", &text);
    assert!(
        msg.contains("within two hexes of the entry side North (C2.4)"),
        "{msg}"
    );
    assert_eq!((l, c), at(&text, "\"perry1\"", 0));
}

#[test]
fn c2_3_the_searcher_splits_whole_strategic_units_one_half_rounded_up() {
    assert_eq!(
        setup::ambush_half(3),
        2,
        "seed_notes 000-4: 3 strategic units -> 2"
    );
    assert_eq!(setup::ambush_half(1), 1, "a single unit comes whole");
    assert_eq!(setup::ambush_half(4), 2);
    let base = shipped("scenarios/nez_perce_tactical/bear_paw.ron");
    let line = base
        .lines()
        .find(|l| l.contains("\"snyder1\": Waiting("))
        .unwrap()
        .to_string();
    let text = base.replace(&line, "            \"snyder1\": At(\"1320\", false),");
    let (msg, _, _) = scenario_error("split", &text);
    assert!(msg.contains("is split") || msg.contains("(C2.3)"), "{msg}");
}

#[test]
fn c2_5_surprised_encamped_defenders_start_dismounted() {
    let base = shipped("scenarios/nez_perce_tactical/big_hole.ron");
    let line = base
        .lines()
        .find(|l| l.contains("\"oll1\": At("))
        .unwrap()
        .to_string();
    let mounted = line.replace("false)", "true)");
    let text = base.replace(&line, &mounted);
    let (msg, l, c) = scenario_error("mounted_camp", &text);
    assert!(
        msg.contains("must start dismounted or unlimbered (C2.5)"),
        "{msg}"
    );
    assert_eq!((l, c), at(&text, "\"oll1\"", 0));
}

#[test]
fn a_start_hex_that_is_not_a_hex_number_is_reported_where_written() {
    let base = shipped("scenarios/nez_perce_tactical/white_bird.ron");
    let line = base
        .lines()
        .find(|l| l.contains("\"miv1\": At("))
        .unwrap()
        .to_string();
    let text = base.replace(&line, "            \"miv1\": At(\"08x4\", false),");
    let (msg, l, c) = scenario_error("bad_hex", &text);
    assert!(msg.contains("miv1: '08x4' is not a hex number"), "{msg}");
    assert_eq!((l, c), at(&text, "\"08x4\"", 0));
}

#[test]
fn malformed_ron_is_reported_at_its_line_and_column() {
    let text = shipped("scenarios/nez_perce_tactical/white_bird.ron").replacen("map:", "map", 1);
    let (msg, l, _) = scenario_error("garbled", &text);
    assert!(l > 0, "{msg}");
}

#[test]
fn a_map_naming_unknown_terrain_or_an_edge_hexside_is_refused_where_written() {
    let t = setup::load_tables(&root()).unwrap();
    let base = shipped("scenarios/nez_perce_tactical/maps/open_plains.ron");
    let text = base.replace("'T': \"tree_stand\"", "'T': \"trees\"");
    let p = scratch("np_bad").join("bad_legend.ron");
    std::fs::write(&p, &text).unwrap();
    let e = setup::load_map_file(&p, &t).unwrap_err();
    assert!(
        e.message
            .contains("'trees', not one of clear, tree_stand, rocked_broken"),
        "{}",
        e.message
    );
    assert_eq!(
        (e.line.unwrap(), e.column.unwrap()),
        at(&text, "\"trees\"", 0)
    );
    let text = base.replacen(
        "hexsides: [",
        "hexsides: [\n        (\"0101\", N, \"stream\"),",
        1,
    );
    let p = scratch("np_bad").join("edge_side.ron");
    std::fs::write(&p, &text).unwrap();
    let e = wargame::core::maptile::load_tile(&p).unwrap_err();
    assert!(e.message.contains("on the map's edge"), "{}", e.message);
    assert_eq!(
        (e.line.unwrap(), e.column.unwrap()),
        at(&text, "\"0101\", N", 0)
    );
}

#[test]
fn a_bad_table_cell_is_reported_at_its_row() {
    let base = shipped("rules/nez_perce_tactical/tables.ron");
    let text = base.replacen("\"- - - - - - P1 P1 P2", "\"- - - - - - P1 X P2", 1);
    let p = scratch("np_bad").join("tables.ron");
    std::fs::write(&p, &text).unwrap();
    let e = setup::load_tables_file(&p).unwrap_err();
    assert!(e.message.contains("cell 'X'"), "{}", e.message);
    assert_eq!(e.line.unwrap(), at(&text, "\"- - - - - - P1 X P2", 0).0);
}

#[test]
fn an_empty_melee_table_is_refused_not_a_panic() {
    let base = shipped("rules/nez_perce_tactical/tables.ron");
    let i = base.find("max_superiority: 5,").unwrap();
    let text = format!(
        "{}max_superiority: -1,{}",
        &base[..i],
        &base[i + "max_superiority: 5,".len()..]
    );
    let p = scratch("np_bad").join("tables_melee.ron");
    std::fs::write(&p, &text).unwrap();
    let e = setup::load_tables_file(&p).unwrap_err();
    assert!(
        e.message.contains("max_superiority of 0 to 20"),
        "{}",
        e.message
    );
}

#[test]
fn illegal_and_garbled_actions_are_refused_and_change_nothing() {
    let mut g = wargame::games::new_session(&root(), "nez_perce_tactical/white_bird", 1).unwrap();
    let before = g.history().len();
    for bad in [
        "fly perry1",
        "move perry1",
        "move perry1 9999",
        "fire oll1 perry1",
        "end now",
    ] {
        assert!(g.apply_str(bad).is_err(), "{bad} is refused");
    }
    assert_eq!(g.history().len(), before);
}

#[test]
fn c2_7_a_town_brings_its_city_defence_units() {
    let base = shipped("scenarios/nez_perce_tactical/virginia_city.ron");
    let root = root();
    let l = setup::load_scenario_path(
        &root,
        &root.join("scenarios/nez_perce_tactical/virginia_city.ron"),
    )
    .unwrap();
    let s = setup::initial_state(&l, 1);
    let defenders = (0..s.units.len())
        .filter(|&i| s.class(i).key == "city_defence")
        .count();
    assert_eq!(defenders, 2, "Virginia City has two city-defence units");
    // Butte has three: a third needs a start.
    let (msg, _, _) = scenario_error("butte", &base.replace("town:Virginia City", "town:Butte"));
    assert!(
        msg.contains("1 counter(s) have no start: citydef3"),
        "{msg}"
    );
    // Any other town or fort has one: the second listed start names no counter.
    let (msg, _, _) = scenario_error(
        "fort",
        &base.replace("town:Virginia City", "town:Fort Shaw"),
    );
    assert!(msg.contains("'citydef2' is not a counter"), "{msg}");
}
