//! Battle of the Rosebud's data files: malformed ones give `file:line:column` errors,
//! never a panic.

use wargame::games::rosebud::setup::{
    load_counters_file, load_map_file, load_static, load_tables_file,
};

fn tmp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rosebud-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn shipped(rel: &str) -> String {
    std::fs::read_to_string(crate::util::root().join(rel)).unwrap()
}

#[test]
fn a_unit_of_an_unknown_class_is_refused_where_it_is_written() {
    let text = shipped("rules/rosebud/counters.ron").replacen(
        "class: \"cavalry\", group: \"noyes\"",
        "class: \"dragoons\", group: \"noyes\"",
        1,
    );
    let e = load_counters_file(&tmp("counters.ron", &text))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("counters.ron:") && e.contains("'dragoons'"),
        "{e}"
    );
    let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
    assert!(
        text.lines().nth(line - 1).unwrap().contains("dragoons"),
        "{e}"
    );
}

#[test]
fn a_syntax_error_in_the_tables_names_its_line_and_column() {
    let text = shipped("rules/rosebud/tables.ron").replacen(
        "uphill_mp: (value: 1",
        "uphill_mp: (value: one",
        1,
    );
    let e = load_tables_file(&tmp("tables.ron", &text))
        .unwrap_err()
        .to_string();
    let line: usize = e.split(':').nth(1).unwrap().parse().unwrap_or(0);
    assert!(
        text.lines()
            .nth(line.saturating_sub(1))
            .is_some_and(|l| l.contains("value: one")),
        "{e}"
    );
}

#[test]
fn a_map_with_terrain_off_the_chart_or_a_bad_level_is_refused() {
    let (t, _) = wargame::games::rosebud::setup::load_rules(&crate::util::root()).unwrap();
    let text = shipped("scenarios/rosebud/maps/rosebud.ron").replacen("\"marsh\"", "\"swamp\"", 1);
    let e = load_map_file(&tmp("rosebud.ron", &text), &t)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("'swamp'") && e.contains("Terrain Effects Chart"),
        "{e}"
    );
    let text = shipped("scenarios/rosebud/maps/rosebud.ron").replacen(
        "shoved_columns: \"odd\"",
        "shoved_columns: \"both\"",
        1,
    );
    let e = load_map_file(&tmp("rosebud2.ron", &text), &t)
        .unwrap_err()
        .to_string();
    assert!(e.contains("shoved_columns"), "{e}");
}

#[test]
fn a_scenario_placing_an_unknown_unit_or_an_off_map_hex_is_refused() {
    let root = crate::util::root();
    let text = shipped("scenarios/rosebud/battle.ron");
    let bad = text.replacen(
        "(id: \"a_2cav\", hex: Some(\"3413\")",
        "(id: \"z_2cav\", hex: Some(\"3413\")",
        1,
    );
    let e = load_static(&root, &tmp("battle.ron", &bad))
        .unwrap_err()
        .to_string();
    assert!(e.contains("'z_2cav'"), "{e}");
    let bad = text.replacen(
        "(id: \"a_2cav\", hex: Some(\"3413\")",
        "(id: \"a_2cav\", hex: Some(\"0913\")",
        1,
    );
    let e = load_static(&root, &tmp("battle2.ron", &bad))
        .unwrap_err()
        .to_string();
    assert!(e.contains("0913") && e.contains("off the map"), "{e}");
}
