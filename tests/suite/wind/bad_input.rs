//! Bad input for the block game: malformed scenario, map and tables files get a clear
//! `file:line:column` error, never a panic; illegal or garbled actions change nothing.

use super::util::session;
use crate::util::{root, scratch, write};
use wargame::core::game::Rules;
use wargame::games::wind::Wind;
use wargame::games::wind::setup;

fn shipped(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// Write a variant of the shipped scenario (and its map) and load it.
fn load_variant(name: &str, scenario: &str, map: &str) -> String {
    let dir = scratch(&format!("wind-bad-{name}"));
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    write(&dir.join("maps"), "apache_wars.ron", map);
    let p = write(&dir, "s.ron", scenario);
    setup::load_scenario_path(&root(), &p)
        .err()
        .unwrap_or_else(|| panic!("{name}: the variant loaded"))
        .to_string()
}

#[test]
fn malformed_scenarios_and_maps_name_the_file_line_and_column() {
    let sc = shipped("scenarios/moved_like_the_wind/apache_wars.ron");
    let map = shipped("scenarios/moved_like_the_wind/maps/apache_wars.ron");
    // Syntax: a missing comma.
    let e = load_variant(
        "syntax",
        &sc.replacen("mp: 9, max_sp: 4,", "mp: 9 max_sp: 4,", 1),
        &map,
    );
    assert!(e.contains("s.ron:") && e.matches(':').count() >= 3, "{e}");
    // Type: a string where a number goes.
    let e = load_variant("type", &sc.replacen("mp: 9,", "mp: \"nine\",", 1), &map);
    assert!(e.contains("s.ron:"), "{e}");
    // A block defined twice.
    let e = load_variant(
        "dup",
        &sc.replacen("key: \"arivipa\"", "key: \"apache_peaks\"", 1),
        &map,
    );
    assert!(e.contains("defined twice"), "{e}");
    // A band whose territory has no Water area.
    let e = load_variant(
        "terr",
        &sc.replacen(
            "territory: Some(\"arizona\")",
            "territory: Some(\"kansas\")",
            1,
        ),
        &map,
    );
    assert!(e.contains("kansas"), "{e}");
    // A map boundary to an unknown area, and an unknown boundary type.
    let e = load_variant(
        "edge",
        &sc,
        &map.replacen("b: \"tucson\"", "b: \"atlantis\"", 1),
    );
    assert!(e.contains("atlantis"), "{e}");
    let e = load_variant(
        "kind",
        &sc,
        &map.replacen("kind: \"open\"", "kind: \"swamp\"", 1),
    );
    assert!(e.contains("swamp") && e.contains("apache_wars.ron:"), "{e}");
    // The map file is missing.
    let e = load_variant(
        "nomap",
        &sc.replacen("maps/apache_wars.ron", "maps/none.ron", 1),
        &map,
    );
    assert!(e.contains("does not exist"), "{e}");
    // 11.5 allows 8 or 9 turns only.
    let e = load_variant(
        "turns",
        &sc.replacen("options: (),", "options: (turns: Some(12)),", 1),
        &map,
    );
    assert!(e.contains("11.5"), "{e}");
    // A Leader's turns past the longest game (§4.0, §11.5), or backwards.
    for (bad, name) in [("Some((5, 12))", "late"), ("Some((6, 2))", "backwards")] {
        let e = load_variant(
            name,
            &sc.replacen("turns: Some((5, 8))", &format!("turns: {bad}"), 1),
            &map,
        );
        assert!(
            e.contains("'geronimo' is available on turns") && e.contains("at most 9"),
            "{e}"
        );
    }
}

#[test]
fn malformed_tables_name_the_file_line_and_column() {
    let dir = scratch("wind-bad-tables");
    let t = shipped("rules/moved_like_the_wind/tables.ron");
    let p = write(
        &dir,
        "tables.ron",
        &t.replacen("hit: (value: 6,", "hit: (value: six,", 1),
    );
    let e = setup::load_tables_file(&p).unwrap_err().to_string();
    assert!(e.contains("tables.ron:"), "{e}");
    let p = write(
        &dir,
        "t2.ron",
        &t.replacen("(level: \"Slight\",", "(level: \"Mild\",", 1),
    );
    let e = setup::load_tables_file(&p).unwrap_err().to_string();
    assert!(e.contains("Mild"), "{e}");
}

#[test]
fn illegal_and_garbled_actions_are_refused_and_change_nothing() {
    let mut s = session(9).state;
    let before = ron::to_string(&s).unwrap();
    for a in [
        "deploy A1 atlantis",
        "deploy ZZ9 tucson",
        "move A1 tucson",
        "combat tucson",
        "fire",
        "loss A1",
        "withdraw tucson",
        "end",
        "retreat A2",
    ] {
        let act: wargame::games::wind::action::Action = a.parse().unwrap();
        assert!(Wind::apply(&mut s, &act).is_err(), "{a} was accepted");
        assert_eq!(ron::to_string(&s).unwrap(), before, "{a} changed the state");
    }
    for junk in [
        "",
        "deploy",
        "move A1",
        "move A1 b with",
        "dance",
        "deploy A1 a;b",
    ] {
        assert!(
            junk.parse::<wargame::games::wind::action::Action>()
                .is_err(),
            "{junk}"
        );
    }
}

#[test]
fn a_bad_turns_option_is_reported_at_its_value() {
    // Issue 29: the error pointed at the word "turns" in a comment.
    let root = crate::util::root();
    let text = std::fs::read_to_string(root.join("scenarios/moved_like_the_wind/apache_wars.ron"))
        .unwrap()
        .replacen(
            "    options: (),",
            "    // 8 or 9 turns (11.5)\n    options: (turns: Some(3)),",
            1,
        );
    let dir = crate::util::scratch("wind-turns-option");
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy(
        root.join("scenarios/moved_like_the_wind/maps/apache_wars.ron"),
        dir.join("maps/apache_wars.ron"),
    )
    .unwrap();
    let p = crate::util::write(&dir, "apache_wars.ron", &text);
    let e = wargame::games::check_path(&root, &p).unwrap_err();
    let line = text
        .lines()
        .position(|l| l.contains("options: (turns: Some(3))"))
        .unwrap()
        + 1;
    let col = text.lines().nth(line - 1).unwrap().find("Some(3)").unwrap() + 1;
    assert_eq!((e.line, e.column), (Some(line), Some(col)), "{e}");
    assert!(
        e.message
            .contains("allows 8 to 9 turns (the game has 7), not 3"),
        "{e}"
    );
}
