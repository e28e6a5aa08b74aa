//! Bad Geronimo data files give an error at their file, line and column, never a panic.

use wargame::games::geronimo::setup;

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join("wargame-geronimo-bad-input");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p
}

#[test]
fn a_village_in_no_area_is_named_at_its_line_and_column() {
    let text = std::fs::read_to_string(super::root().join("rules/geronimo/tribes.ron"))
        .expect("tribes.ron");
    let bad = text.replacen("area: \"mn\"", "area: \"xx\"", 1);
    assert_ne!(bad, text, "the file has a Village in Minnesota");
    let map = setup::load_map(&super::root().join("scenarios/geronimo/maps/west.ron"))
        .expect("the map loads");
    let p = write("tribes.ron", &bad);
    let e = setup::load_tribes_file(&p, Some(&map)).expect_err("refused");
    let (line, col) = (e.line.expect("a line"), e.column.expect("a column"));
    let at = bad.lines().nth(line - 1).unwrap_or("");
    assert!(at[col - 1..].starts_with("\"xx\""), "{e}: {at}");
    assert!(e.to_string().contains("'xx' is no Area"), "{e}");
}

#[test]
fn a_battle_table_with_a_gap_and_a_cards_file_with_a_bad_id_are_refused() {
    let text = std::fs::read_to_string(super::root().join("rules/geronimo/tables.ron"))
        .expect("tables.ron");
    let gap = text.replacen("lo: 3, hi: 6", "lo: 4, hi: 6", 1);
    assert_ne!(gap, text, "the Battle Table has a 3-6 row");
    let e = setup::load_tables_file(&write("tables.ron", &gap)).expect_err("a gap");
    assert!(e.to_string().contains("covers a modified 3"), "{e}");
    assert!(e.line.is_some(), "{e}");
    let cards =
        std::fs::read_to_string(super::root().join("rules/geronimo/cards.ron")).expect("cards.ron");
    let bad = cards.replacen("id: \"smallpox\"", "id: \"smallpox2\"", 1);
    let e = setup::load_cards_file(&write("cards.ron", &bad)).expect_err("a digit");
    assert!(e.to_string().contains("ends in a digit"), "{e}");
    // Not RON at all.
    let e = setup::load_cards_file(&write("cards.ron", "(cards: [")).expect_err("syntax");
    assert!(e.line.is_some(), "{e}");
}
