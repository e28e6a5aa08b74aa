//! Malformed scenario, map, rules and save files, and illegal actions, give clear
//! errors with file:line:column and a non-zero exit status, never a panic.

use crate::util::{bin, root, scratch, session, write};
use std::process::Command;
use wargame::core::session::GameSession;
use wargame::games;

fn wagon_box_text() -> String {
    std::fs::read_to_string(root().join("scenarios/harvest_the_wind/wagon_box.ron")).unwrap()
}

/// Write a variant of Wagon Box into a scratch copy of the data tree (so that its map
/// tiles resolve) and check it.
fn check_variant(name: &str, text: &str) -> String {
    let dir = scratch(name);
    let sc = dir.join("scenarios/harvest_the_wind");
    std::fs::create_dir_all(sc.join("maps")).unwrap();
    for t in ["A", "B", "C"] {
        std::fs::copy(
            root().join(format!("scenarios/harvest_the_wind/maps/{t}.ron")),
            sc.join(format!("maps/{t}.ron")),
        )
        .unwrap();
    }
    std::fs::create_dir_all(dir.join("rules/harvest_the_wind")).unwrap();
    std::fs::copy(
        root().join("rules/harvest_the_wind/tables.ron"),
        dir.join("rules/harvest_the_wind/tables.ron"),
    )
    .unwrap();
    let p = write(&sc, "bad.ron", text);
    match games::check_path(&dir, &p) {
        Ok(_) => panic!("{name}: the malformed scenario was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn syntax_error_reports_line_and_column() {
    let text = wagon_box_text().replacen("turns: Some(10)", "turns: Some(10", 1);
    let e = check_variant("syntax", &text);
    assert!(e.contains("bad.ron:"), "{e}");
    let pos: Vec<&str> = e.split(':').collect();
    assert!(
        pos.len() > 3 && pos[1].parse::<usize>().is_ok() && pos[2].parse::<usize>().is_ok(),
        "{e}"
    );
}

#[test]
fn wrong_type_reports_position() {
    let text = wagon_box_text().replacen("turns: Some(10)", "turns: Some(\"ten\")", 1);
    let e = check_variant("type", &text);
    let line = text.lines().position(|l| l.contains("\"ten\"")).unwrap() + 1;
    assert!(e.contains(&format!("bad.ron:{line}:")), "{e}");
}

#[test]
fn unknown_setup_hex_is_named() {
    let text = wagon_box_text();
    let first_at = text.find("at: [").unwrap();
    let q = text[first_at..].find('"').unwrap() + first_at;
    let mut bad = text.clone();
    bad.replace_range(q + 1..q + 5, "4099");
    let e = check_variant("hex", &bad);
    assert!(
        e.contains("4099") && (e.contains("off the board") || e.contains("outside zone")),
        "{e}"
    );
    assert!(e.contains("bad.ron:"), "{e}");
}

#[test]
fn unknown_zone_weapon_and_map_are_named() {
    let e = check_variant(
        "zone",
        &wagon_box_text().replacen("zone: \"", "zone: \"nowhere_", 1),
    );
    assert!(e.contains("nowhere_"), "{e}");
    let e = check_variant(
        "weapon",
        &wagon_box_text().replacen("carry: [\"R\"]", "carry: [\"Q\"]", 1),
    );
    assert!(e.contains("'Q'"), "{e}");
    let e = check_variant(
        "map",
        &wagon_box_text().replacen("board: [\"A\", \"B\"]", "board: [\"A\", \"Z\"]", 1),
    );
    assert!(e.contains("'Z'"), "{e}");
}

#[test]
fn over_stacked_setup_is_refused() {
    let text = wagon_box_text();
    // Put the second default hex of the first `at` list on top of the first.
    let start = text.find("at: [").unwrap();
    let end = start + text[start..].find(']').unwrap();
    let list = &text[start..end];
    let hexes: Vec<&str> = list.split('"').skip(1).step_by(2).collect();
    assert!(hexes.len() >= 2);
    let new_list = list.replacen(hexes[1], hexes[0], 1);
    let bad = format!("{}{}{}", &text[..start], new_list, &text[end..]);
    let e = check_variant("stack", &bad);
    assert!(e.contains("over-stacks"), "{e}");
}

#[test]
fn malformed_rules_table_is_reported() {
    let dir = scratch("rules");
    std::fs::create_dir_all(dir.join("rules/harvest_the_wind")).unwrap();
    let t = std::fs::read_to_string(root().join("rules/harvest_the_wind/tables.ron")).unwrap();
    let cut = &t[..t.len() / 2];
    write(&dir.join("rules/harvest_the_wind"), "tables.ron", cut);
    let e = wargame::games::harvest::setup::load_tables(&dir)
        .unwrap_err()
        .to_string();
    assert!(e.contains("tables.ron:"), "{e}");
}

#[test]
fn malformed_and_tampered_saves_are_refused() {
    let dir = scratch("saves");
    let p = write(&dir, "junk.ron", "(version: 1, game: ");
    assert!(
        games::load_save(&root(), &p)
            .err()
            .expect("must be refused")
            .to_string()
            .contains("junk.ron:1:")
    );
    // An illegal action in a save names the action and the file position.
    let g = session("harvest_the_wind/wagon_box", 1);
    let mut save = g.to_save("harvest_the_wind");
    save.actions = vec!["end".into(), "fly a1 0101".into()];
    save.state = String::new();
    let p = dir.join("illegal.ron");
    save.write(&p).unwrap();
    let e = games::load_save(&root(), &p)
        .err()
        .expect("must be refused")
        .to_string();
    assert!(
        e.contains("illegal.ron:") && e.contains("fly a1 0101"),
        "{e}"
    );
    // A save whose stored state does not match the replay.
    let mut save = g.to_save("harvest_the_wind");
    save.actions = vec!["end".into()];
    save.state = "()".into();
    let p = dir.join("tampered.ron");
    save.write(&p).unwrap();
    assert!(
        games::load_save(&root(), &p)
            .err()
            .expect("must be refused")
            .to_string()
            .contains("differs")
    );
    // A newer save version is refused.
    let p = write(
        &dir,
        "future.ron",
        &std::fs::read_to_string(&p).unwrap().replacen(
            &format!("version: {}", wargame::core::save::SaveFile::VERSION),
            "version: 99",
            1,
        ),
    );
    assert!(
        games::load_save(&root(), &p)
            .err()
            .expect("must be refused")
            .to_string()
            .contains("newer")
    );
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut g = session("harvest_the_wind/wagon_box", 1);
    let before = g.state_ron();
    for a in [
        "fly",
        "move",
        "move zz9 0101",
        "move a1 0101",
        "melee 0101",
        "fire i1 R 9999",
        "rally a1",
    ] {
        assert!(g.apply_str(a).is_err(), "{a} was accepted");
    }
    assert_eq!(g.state_ron(), before);
}

#[test]
fn cli_exit_codes_for_bad_files() {
    let dir = scratch("cli-bad");
    let p = write(&dir, "x.ron", "(id: ");
    let out = Command::new(bin())
        .args(["check", p.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("x.ron:1:"), "{text}");
    let out = Command::new(bin())
        .args(["check", "/no/such/file.ron"])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(bin())
        .args(["replay", p.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn out_of_range_side_and_empty_map_are_refused() {
    let e = check_variant(
        "side",
        &wagon_box_text().replacen("side: 1,", "side: 7,", 1),
    );
    assert!(e.contains("side 7"), "{e}");
    let e = check_variant(
        "special-side",
        &wagon_box_text().replacen("Blaze(side: 0)", "Blaze(side: 2)", 1),
    );
    assert!(e.contains("special rule names side 2"), "{e}");
    let dir = scratch("empty-map");
    let p = write(
        &dir,
        "E.ron",
        r#"(id: "E", name: "empty", source: Reconstruction("test"), legend: {'.': "open"}, terrain: [])"#,
    );
    let e = wargame::games::harvest::setup::load_tile(&p)
        .unwrap_err()
        .to_string();
    assert!(e.contains("1 to 99 rows"), "{e}");
}

#[test]
fn saves_of_format_version_1_still_load_and_replay() {
    // Version-1 files: finished games, so their state snapshots hold an outcome. The
    // Harvest one was written by the program before the game registry (commit 974c3c6's
    // format and rules). A save replays only under the rules it was played with, so the
    // block-game one was written again in the version-1 format (no `players`) when issue
    // 28 changed that game's deployment notation and map: a random game, seed 6.
    for f in ["v1-wagon_box.ron", "v1-apache_wars.ron"] {
        let p = root().join("tests/data/saves").join(f);
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains("version: 1,"), "{f} is a version-1 save");
        assert!(
            text.contains("winner:"),
            "{f} holds a finished game's outcome"
        );
        let g = games::load_save(&root(), &p).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(g.outcome().is_some(), "{f}: the replay finishes the game");
        let mut again = g.save();
        assert_eq!(again.version, wargame::core::save::SaveFile::VERSION);
        again.version = 1;
        let old: wargame::core::save::SaveFile = ron::from_str(&text).unwrap();
        assert_eq!(again.state, old.state, "{f}: the same state text as before");
    }
}

#[test]
fn the_registry_refuses_unknown_games_options_and_files_it_cannot_place() {
    let reg = games::registry();
    let start = |options: &[&str]| wargame::core::registry::Start {
        seed: 1,
        options: options.iter().map(|s| s.to_string()).collect(),
    };
    let e = reg
        .new_session(&root(), "no_such_game/x", &start(&[]))
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("unknown game 'no_such_game'") && e.contains("harvest_the_wind"),
        "{e}"
    );
    let e = reg
        .new_session(&root(), "harvest_the_wind/wagon_box", &start(&["turns=9"]))
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("unknown option 'turns=9'; options are: manual_setup"),
        "{e}"
    );
    let e = reg
        .new_session(
            &root(),
            "moved_like_the_wind/apache_wars",
            &start(&["turns=10"]),
        )
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("outside 7..=9"), "{e}");
    // A scenario file that names no game, or an unknown one, is refused with its place.
    let dir = scratch("registry");
    let p = write(&dir, "nameless.ron", "(\n  id: \"x\",\n)");
    let e = reg.check_path(&root(), &p).unwrap_err().to_string();
    assert!(
        e.contains(":1:1:") && e.contains("does not name its game"),
        "{e}"
    );
    let p = write(&dir, "other.ron", "(\n  game: \"chess\",\n)");
    let e = reg.check_path(&root(), &p).unwrap_err().to_string();
    assert!(
        e.contains(":2:") && e.contains("unknown game 'chess'"),
        "{e}"
    );
    // A map outside any game's folder.
    let maps = dir.join("maps");
    std::fs::create_dir_all(&maps).unwrap();
    let p = write(&maps, "tile.ron", "()");
    let e = reg.check_path(&root(), &p).unwrap_err().to_string();
    assert!(e.contains("cannot tell which game"), "{e}");
    // A scenario of one game loaded as another's.
    let text = std::fs::read_to_string(root().join("scenarios/harvest_the_wind/wagon_box.ron"))
        .unwrap()
        .replacen(
            "game: \"harvest_the_wind\"",
            "game: \"moved_like_the_wind\"",
            1,
        );
    let p = write(&dir, "wagon_box.ron", &text);
    let e = reg.check_path(&root(), &p).unwrap_err().to_string();
    // It is read as the game it names (here it is no block-game scenario), not guessed:
    // the first field a block-game scenario does not have is refused where it stands.
    assert!(
        e.contains("wagon_box.ron:8:5: Unexpected field named `date`"),
        "{e}"
    );
}

#[test]
fn a_terrain_typo_is_reported_at_its_character_with_the_legends_keys() {
    // Issue 29: the error pointed at the start of the row and did not list the keys.
    let text = std::fs::read_to_string(root().join("scenarios/harvest_the_wind/maps/A.ron"))
        .unwrap()
        .replacen("\"..GWW......G........\"", "\"..GWW......G...X....\"", 1);
    let dir = scratch("tile-typo");
    let p = write(&dir, "A.ron", &text);
    let e = wargame::games::harvest::setup::load_tile(&p).unwrap_err();
    // Row 3 is the third string of its line; the X is the row's 16th character.
    let (n, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("\"..GWW"))
        .unwrap();
    let col = line.find("\"..GWW").unwrap() + 1 + 1 + 15;
    assert_eq!((e.line, e.column), (Some(n + 1), Some(col)), "{e}");
    let m = e.to_string();
    assert!(
        m.contains("terrain row 3, hex 1603: 'X' is not in the legend"),
        "{m}"
    );
    assert!(
        m.contains("'G' tall_grass") && m.contains("'W' woods"),
        "{m}"
    );
}

/// A copy of a shipped scenario with one text replaced, its error, and the line and
/// column of `marker` in the broken text.
fn broken(scenario: &str, from: &str, to: &str, marker: &str) -> (String, (usize, usize)) {
    let text =
        std::fs::read_to_string(root().join(format!("scenarios/harvest_the_wind/{scenario}.ron")))
            .unwrap();
    assert!(text.contains(from), "{from}");
    let text = text.replacen(from, to, 1);
    let dir = scratch(&format!("broken-{scenario}"));
    let p = write(&dir, &format!("{scenario}.ron"), &text);
    let e = games::check_path(&root(), &p).unwrap_err();
    let i = text.find(marker).unwrap();
    let line = text[..i].matches('\n').count() + 1;
    let col = i - text[..i].rfind('\n').map_or(0, |n| n + 1) + 1;
    assert_eq!((e.line, e.column), (Some(line), Some(col)), "{e}");
    (e.message, (line, col))
}

#[test]
fn a_bad_side_is_reported_at_the_value_not_at_the_first_word_that_matches() {
    // Issue 29: an award naming side 3 was reported at the `id` line, a bad victory
    // rule side at `rule:` in the header, a force's side at its label.
    let (m, _) = broken(
        "washita",
        "(side: 1, points: 1, what: Eliminated(kind: Horses)),",
        "(side: 3, points: 1, what: Eliminated(kind: Horses)),",
        "3, points: 1, what: Eliminated(kind: Horses)",
    );
    assert!(m.contains("an award names side 3"), "{m}");
    let (m, _) = broken(
        "beechers_island",
        "rule: EliminateAllOrHold(attacker: 0,",
        "rule: EliminateAllOrHold(attacker: 7,",
        "7, zone: \"island\"",
    );
    assert!(
        m.contains("victory rule names a side other than 0 or 1"),
        "{m}"
    );
    let (m, _) = broken(
        "wagon_box",
        "side: 1,\n            kind: Wagon,",
        "side: 5,\n            kind: Wagon,",
        "5,\n            kind: Wagon,",
    );
    assert!(m.contains("names side 5, but sides are 0 and 1"), "{m}");
    // "N counters but M default hexes" at the force's `at` list, not at `zones`.
    let (m, _) = broken(
        "wagon_box",
        "at: [\"1014\", \"1115\", \"1116\", \"1016\", \"0916\", \"0915\"]",
        "at: [\"1014\", \"1115\", \"1116\", \"1016\", \"0916\"]",
        "[\"1014\", \"1115\", \"1116\", \"1016\", \"0916\"]",
    );
    assert!(m.contains("has 6 counters but 5 default hexes"), "{m}");
}

#[test]
fn a_map_checked_outside_a_maps_folder_is_named_as_a_map() {
    // Issue 29: a tile checked from a folder not named maps/ was read as a scenario,
    // with a misleading error.
    let dir = scratch("tile-outside-maps");
    for (from, name, field) in [
        ("scenarios/harvest_the_wind/maps/A.ron", "A.ron", "terrain"),
        (
            "scenarios/moved_like_the_wind/maps/apache_wars.ron",
            "apache_wars.ron",
            "areas",
        ),
    ] {
        let p = write(
            &dir,
            name,
            &std::fs::read_to_string(root().join(from)).unwrap(),
        );
        let e = games::check_path(&root(), &p).unwrap_err().to_string();
        assert!(
            e.contains(&format!("this looks like a map (it has `{field}`)"))
                && e.contains("`maps/`"),
            "{e}"
        );
    }
}

#[test]
fn a_missing_scenario_file_is_named_as_missing_and_a_script_error_names_its_format() {
    // Issue 29 trial: a path that does not exist read as "unknown game ''".
    let e = games::new_session(&root(), "/no/such/folder/x.ron", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no such scenario file"), "{e}");
    // A script's syntax error points at the script format, not the scenario format.
    let dir = scratch("script-doc");
    let p = write(
        &dir,
        "s.ron",
        "(scenario: \"harvest_the_wind/wagon_box\", steps: [Expct(1)])",
    );
    let out = std::process::Command::new(bin())
        .args(["script", p.to_str().unwrap()])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("docs/script-format.md"), "{text}");
}

/// A scratch copy of the shipped data with one file's text replaced: `edit` gets the
/// file's text and returns the new one.
fn edited_tree(name: &str, rel: &str, edit: impl FnOnce(String) -> String) -> std::path::PathBuf {
    let dir = scratch(name);
    crate::fuzz::copy_tree(&dir);
    let p = dir.join(rel);
    let text = std::fs::read_to_string(&p).unwrap();
    let new = edit(text.clone());
    assert_ne!(new, text, "{name}: the edit changed nothing");
    std::fs::write(&p, new).unwrap();
    dir
}

/// The error `check` gives a file of the tree, which must name it with a line and a
/// column; and the line it names.
fn check_error(dir: &std::path::Path, rel: &str) -> (String, usize) {
    let e = games::check_path(dir, &dir.join(rel)).expect_err("the bad value was accepted");
    assert!(e.line.is_some() && e.column.is_some(), "no place: {e}");
    (e.to_string(), e.line.unwrap_or(0))
}

/// Issue 53, item 3: values out of range are refused at their place with the allowed
/// range, where they used to pass `check` and deadlock every game: the block game's
/// average starting strength above a block's 4 pips or at 0 (§3.0, §6.0), and a
/// Rosebud Combat Factor above the 25 CF a hex may hold (6A).
#[test]
fn out_of_range_values_that_would_deadlock_a_game_are_refused_at_their_place() {
    let rules = "rules/moved_like_the_wind/tables.ron";
    for bad in ["13", "0"] {
        let dir = edited_tree(&format!("avg-{bad}"), rules, |t| {
            t.replacen("sp: {Bands: 2,", &format!("sp: {{Bands: {bad},"), 1)
        });
        let text = std::fs::read_to_string(dir.join(rules)).unwrap();
        let want = text
            .lines()
            .position(|l| l.contains(&format!("Bands: {bad},")))
            .unwrap()
            + 1;
        for f in [rules, "scenarios/moved_like_the_wind/apache_wars.ron"] {
            let (e, line) = check_error(&dir, f);
            assert_eq!(line, want, "{e}");
            assert!(e.contains("1-4"), "{e}");
        }
    }
    // An average above the pool's weakest block (the scenario's own maximum) too.
    let dir = edited_tree(
        "avg-weak",
        "scenarios/moved_like_the_wind/apache_wars.ron",
        |t| {
            t.replacen(
                "pool: UsUnits, mp: 5, max_sp: 4",
                "pool: UsUnits, mp: 5, max_sp: 1",
                1,
            )
        },
    );
    let (e, _) = check_error(&dir, "scenarios/moved_like_the_wind/apache_wars.ron");
    assert!(e.contains("tables.ron") && e.contains("allowed 1-1"), "{e}");
    let counters = "rules/rosebud/counters.ron";
    for bad in ["30", "2147483648"] {
        let dir = edited_tree(&format!("cf-{bad}"), counters, |t| {
            t.replacen(
                "mounted: (cf: 5, ma: 6)",
                &format!("mounted: (cf: {bad}, ma: 6)"),
                1,
            )
        });
        let text = std::fs::read_to_string(dir.join(counters)).unwrap();
        let want = text
            .lines()
            .position(|l| l.contains(&format!("cf: {bad},")))
            .unwrap()
            + 1;
        for f in [counters, "scenarios/rosebud/battle.ron"] {
            let (e, line) = check_error(&dir, f);
            assert_eq!(line, want, "{e}");
            assert!(e.contains("0-25") && e.contains("6A"), "{e}");
        }
    }
}

/// Issue 53, item 5: errors that carried no place now name the line and column.
#[test]
fn errors_that_had_no_place_name_their_line_and_column() {
    // Invalid UTF-8: the first bad byte's line and column.
    let rel = "scenarios/harvest_the_wind/wagon_box.ron";
    let dir = scratch("utf8");
    crate::fuzz::copy_tree(&dir);
    let mut bytes = std::fs::read(dir.join(rel)).unwrap();
    let at = bytes.iter().position(|&b| b == b'\n').unwrap() + 3;
    bytes[at] = 0xff;
    std::fs::write(dir.join(rel), &bytes).unwrap();
    let (e, line) = check_error(&dir, rel);
    assert_eq!(line, 2, "{e}");
    assert!(e.contains(":2:3:") && e.contains("UTF-8"), "{e}");
    // The strategic tables' tactical map, caught by the tables' own check.
    let rel = "rules/nez_perce_strategic/tables.ron";
    let dir = edited_tree("tactical-map", rel, |t| {
        t.replacen(
            "tactical_map: \"open_plains\"",
            "tactical_map: \"nowhere\"",
            1,
        )
    });
    let (e, line) = check_error(&dir, rel);
    let text = std::fs::read_to_string(dir.join(rel)).unwrap();
    let want = text
        .lines()
        .position(|l| l.contains("\"nowhere\""))
        .unwrap()
        + 1;
    assert_eq!(line, want, "{e}");
    assert!(e.contains("nowhere") && e.contains("C2.0"), "{e}");
    // Harvest's combat and terrain tables with a gap.
    let rel = "rules/harvest_the_wind/tables.ron";
    let dir = edited_tree("mct-gap", rel, |t| {
        t.replacen("(differential: -2, need: 6),", "", 1)
    });
    let (e, _) = check_error(&dir, rel);
    assert!(
        e.contains("MCT is missing the column for differential -2"),
        "{e}"
    );
    // The strategic counters' cross-check with the tactical counter mix.
    let rel = "rules/nez_perce_strategic/counters.ron";
    let text = std::fs::read_to_string(crate::util::root().join(rel)).unwrap();
    // The first unit's entry: its line and the `source` line after it.
    let lines: Vec<&str> = text.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.trim_start().starts_with("(id:"))
        .expect("a unit line");
    let first = format!("{}\n{}\n", lines[i], lines[i + 1]);
    let dir = edited_tree("strategic-counter", rel, |t| t.replacen(&first, "", 1));
    let (e, _) = check_error(&dir, rel);
    assert!(e.contains("has no strategic counter here"), "{e}");
}
