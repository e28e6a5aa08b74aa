//! The broken-file corpus (issue 29): one mistake a designer could make in each case,
//! written into a copy of a shipped scenario, map or rules table, and the exact
//! `file:line:column` of the value at fault that `check` must report, with what the
//! message must say. A location that lands anywhere else (the first word in the file
//! that matches, a comment, the start of a row, the enclosing block) fails the case.

use crate::util::{root, scratch};
use std::path::Path;
use wargame::games;

/// One broken file.
struct Case {
    /// The kind of mistake (unique across the corpus).
    what: &'static str,
    /// The file broken, from the data root.
    file: &'static str,
    /// The scenario checked, from the data root (the broken file itself, or the
    /// scenario that reads it).
    check: &'static str,
    /// The text replaced, and which occurrence of it (from 0).
    from: &'static str,
    nth: usize,
    /// Its replacement.
    to: &'static str,
    /// Where in `to` the error must point (the first occurrence in it).
    at: &'static str,
    /// What the message must contain.
    says: &'static [&'static str],
}

const WAGON: &str = "scenarios/harvest_the_wind/wagon_box.ron";
const APACHE: &str = "scenarios/moved_like_the_wind/apache_wars.ron";
const APACHE_MAP: &str = "scenarios/moved_like_the_wind/maps/apache_wars.ron";
const APACHE_TABLES: &str = "rules/moved_like_the_wind/tables.ron";
const VICTORIO: &str = "scenarios/moved_like_the_wind/victorio_geronimo.ron";
const ROSEBUD: &str = "scenarios/rosebud/battle.ron";
const BIG_HOLE: &str = "scenarios/nez_perce_tactical/big_hole.ron";
const CAMPAIGN: &str = "scenarios/nez_perce_strategic/campaign.ron";

const CASES: &[Case] = &[
    // ---- Harvest the Wind ----
    Case {
        what: "harvest: a string where a number goes",
        file: WAGON,
        check: WAGON,
        from: "turns: Some(10)",
        nth: 0,
        to: "turns: Some(\"ten\")",
        at: "\"ten\"",
        says: &["expected"],
    },
    Case {
        what: "harvest: a field name misspelt",
        file: WAGON,
        check: WAGON,
        from: "            morale: 2,\n            ma: 6,",
        nth: 0,
        to: "            moral: 2,\n            ma: 6,",
        at: "moral",
        says: &["moral"],
    },
    Case {
        what: "harvest: a set-up hex that is not a hex number",
        file: WAGON,
        check: WAGON,
        from: "at: [\"1015\", \"1114\"]",
        nth: 0,
        to: "at: [\"1015\", \"11x4\"]",
        at: "\"11x4\"",
        says: &["11x4"],
    },
    Case {
        what: "harvest: a set-up hex off the board",
        file: WAGON,
        check: WAGON,
        // The Army units' list, the second of two identical lists.
        from: "\"1116\", \"1016\"",
        nth: 1,
        to: "\"1116\", \"4016\"",
        at: "\"4016\"",
        says: &["set-up hex 4016 is off the board"],
    },
    Case {
        what: "harvest: a set-up hex outside its zone",
        file: WAGON,
        check: WAGON,
        from: "at: [\"1015\", \"1114\"]",
        nth: 0,
        to: "at: [\"1015\", \"1105\"]",
        at: "\"1105\"",
        says: &["outside zone 'wagon_box'"],
    },
    Case {
        what: "harvest: an over-stacked set-up",
        file: WAGON,
        check: WAGON,
        from: "at: [\"1015\", \"1114\"]",
        nth: 0,
        to: "at: [\"1015\", \"1116\"]",
        at: "\"1116\"",
        says: &[
            "over-stacks 1116",
            "force '1-2-6/F0'",
            "force '1-2-5/F1 militia'",
            "one unit of each side",
        ],
    },
    Case {
        what: "harvest: a placement naming an undefined zone",
        file: WAGON,
        check: WAGON,
        from: "placement: Enter(zone: \"any_edge\", turn: 1)",
        nth: 2,
        to: "placement: Enter(zone: \"any_egde\", turn: 1)",
        at: "\"any_egde\"",
        says: &["'any_egde'", "`zones` does not define"],
    },
    Case {
        what: "harvest: a weapon letter the scenario does not map",
        file: WAGON,
        check: WAGON,
        from: "carry: [\"M\"]",
        nth: 0,
        to: "carry: [\"Q\"]",
        at: "\"Q\"",
        says: &["weapon 'Q'"],
    },
    Case {
        what: "harvest: a weapon mapped to no Fire Combat Table row",
        file: WAGON,
        check: WAGON,
        from: "\"R\": \"breechloader\"",
        nth: 0,
        to: "\"R\": \"breech_loader\"",
        at: "\"breech_loader\"",
        says: &["'breech_loader'", "Fire Combat Table"],
    },
    Case {
        what: "harvest: a board naming a map tile that does not exist",
        file: WAGON,
        check: WAGON,
        from: "board: [\"A\", \"B\"]",
        nth: 0,
        to: "board: [\"A\", \"Z\"]",
        at: "\"Z\"",
        says: &["map tile 'Z'"],
    },
    Case {
        what: "harvest: a force on a third side",
        file: WAGON,
        check: WAGON,
        from: "side: 1,\n            kind: Leader,",
        nth: 0,
        to: "side: 2,\n            kind: Leader,",
        at: "2,",
        says: &["names side 2, but sides are 0 and 1"],
    },
    Case {
        what: "harvest: an award for a third side",
        file: "scenarios/harvest_the_wind/washita.ron",
        check: "scenarios/harvest_the_wind/washita.ron",
        from: "(side: 1, points: 1, what: Eliminated(kind: Dependent))",
        nth: 0,
        to: "(side: 4, points: 1, what: Eliminated(kind: Dependent))",
        at: "4,",
        says: &["an award names side 4"],
    },
    Case {
        what: "harvest: a special rule for a third side",
        file: WAGON,
        check: WAGON,
        from: "Blaze(side: 0)",
        nth: 0,
        to: "Blaze(side: 3)",
        at: "3)",
        says: &["special rule names side 3"],
    },
    Case {
        what: "harvest: more counters than default hexes",
        file: WAGON,
        check: WAGON,
        from: "count: 2,\n            label: \"1-2-5/F1 militia\"",
        nth: 0,
        to: "count: 3,\n            label: \"1-2-5/F1 militia\"",
        // The force's `at` list, two lines below the count in the file.
        at: "",
        says: &["has 3 counters but 2 default hexes"],
    },
    Case {
        what: "harvest: a terrain letter not in the tile's legend",
        file: "scenarios/harvest_the_wind/maps/A.ron",
        check: WAGON,
        from: "\"..GWW......G........\"",
        nth: 0,
        to: "\"..GWW......G...X....\"",
        at: "X",
        says: &["'X' is not in the legend", "'G' tall_grass"],
    },
    Case {
        what: "harvest: an id that is not the file's name",
        file: WAGON,
        check: WAGON,
        from: "id: \"wagon_box\"",
        nth: 0,
        to: "id: \"wagon_box_fight\"",
        at: "\"wagon_box_fight\"",
        says: &["differs from the file name wagon_box.ron"],
    },
    Case {
        what: "harvest: a mounted counter with no Horses under it (III.C)",
        file: "scenarios/harvest_the_wind/washita.ron",
        check: "scenarios/harvest_the_wind/washita.ron",
        from: "at: [\"0105\", \"0206\", \"0108\"]",
        nth: 0,
        to: "at: [\"0105\", \"0206\", \"0107\"]",
        at: "\"0107\"",
        says: &[
            "force '1-4-5/F2' is mounted, but its counter 3 at 0107 has no Horses",
            "(III.C)",
        ],
    },
    // ---- Once We Moved Like the Wind ----
    Case {
        what: "block game: a missing comma",
        file: APACHE,
        check: APACHE,
        from: "    sides: [\"Apache\", \"Army\"],\n    turns: 7,",
        nth: 0,
        to: "    sides: [\"Apache\", \"Army\"]\n    turns: 7,",
        at: "turns: 7",
        says: &["Expected"],
    },
    Case {
        what: "block game: a block defined twice",
        file: APACHE,
        check: APACHE,
        from: "(key: \"arivipa\"",
        nth: 0,
        to: "(key: \"apache_peaks\"",
        at: "\"apache_peaks\"",
        says: &["block 'apache_peaks' is defined twice"],
    },
    Case {
        what: "block game: a band's territory with no Water area",
        file: APACHE,
        check: APACHE,
        from: "territory: Some(\"sonora\")",
        nth: 1,
        to: "territory: Some(\"kansas\")",
        at: "Some(\"kansas\")",
        says: &["no area of territory 'kansas' has a Water symbol"],
    },
    Case {
        what: "block game: a block in another nation's pool",
        file: APACHE,
        check: APACHE,
        from: "(key: \"carizo\", name: \"Carizo\", nation: Apache, kind: Band, pool: Bands",
        nth: 0,
        to: "(key: \"carizo\", name: \"Carizo\", nation: Apache, kind: Band, pool: UsUnits",
        at: "UsUnits",
        says: &["pool UsUnits is not a Apache pool"],
    },
    Case {
        what: "block game: an Apache Leader's turns running backwards",
        file: APACHE,
        check: APACHE,
        from: "turns: Some((4, 6))",
        nth: 0,
        to: "turns: Some((6, 4))",
        at: "Some((6, 4))",
        says: &["'victorio' is available on turns 6-4"],
    },
    Case {
        what: "block game: a turns option outside 11.5",
        file: APACHE,
        check: APACHE,
        from: "    options: (),",
        nth: 0,
        to: "    // 8 or 9 turns (11.5): turns\n    options: (turns: Some(12)),",
        at: "Some(12)",
        says: &["allows 8 to 9 turns (the game has 7), not 12"],
    },
    Case {
        what: "block game: a map file that does not exist",
        file: APACHE,
        check: APACHE,
        from: "map: \"maps/apache_wars.ron\"",
        nth: 0,
        to: "map: \"maps/apache_war.ron\"",
        at: "\"maps/apache_war.ron\"",
        says: &["does not exist"],
    },
    Case {
        what: "block game: a boundary to an unknown area",
        file: APACHE_MAP,
        check: APACHE,
        from: "(a: \"verde\", b: \"mormon_lake\", kind: \"mixed\")",
        nth: 0,
        to: "(a: \"verde\", b: \"mormon_lak\", kind: \"mixed\")",
        at: "\"mormon_lak\"",
        says: &["boundary names unknown area 'mormon_lak'"],
    },
    Case {
        what: "block game: a boundary type the tables do not price",
        file: APACHE_MAP,
        check: APACHE,
        from: "(a: \"prescott\", b: \"gila_bend\", kind: \"mixed\")",
        nth: 0,
        to: "(a: \"prescott\", b: \"gila_bend\", kind: \"swamp\")",
        at: "\"swamp\"",
        says: &[
            "boundary type 'swamp'",
            "known: open, mixed, mountain, rio_grande",
        ],
    },
    Case {
        what: "block game: an area defined twice",
        file: APACHE_MAP,
        check: APACHE,
        from: "(id: \"verde\",",
        nth: 0,
        to: "(id: \"prescott\",",
        at: "\"prescott\"",
        says: &["area 'prescott' is defined twice"],
    },
    Case {
        what: "block game tables: a chart line naming no Provocation level",
        file: APACHE_TABLES,
        check: APACHE,
        from: "(level: \"Major\",",
        nth: 0,
        to: "(level: \"Mayor\",",
        at: "\"Mayor\"",
        says: &["chart line 'Mayor' names no Provocation level"],
    },
    Case {
        what: "block game tables: a level whose range runs backwards",
        file: APACHE_TABLES,
        check: APACHE,
        from: "(name: \"Moderate\", lo: 3, hi: 4,",
        nth: 0,
        to: "(name: \"Moderate\", lo: 3, hi: 2,",
        at: "2,",
        says: &["level 'Moderate' runs from 3 to 2"],
    },
    Case {
        what: "block game start: a block placed where it could not deploy",
        file: VICTORIO,
        check: VICTORIO,
        from: "(block: \"mimbreno\", area: \"mogollon\", sp: 2)",
        nth: 0,
        to: "(block: \"mimbreno\", area: \"jornada\", sp: 2)",
        at: "\"jornada\"",
        says: &["'mimbreno' cannot stand in 'jornada'", "Water symbol"],
    },
    Case {
        what: "block game start: a Leader placed outside his turns",
        file: VICTORIO,
        check: VICTORIO,
        from: "(block: \"juh\", area: \"sierra_madre_north\")",
        nth: 0,
        to: "(block: \"chihuahua\", area: \"sierra_madre_north\")",
        at: "\"chihuahua\"",
        says: &["Apache Leader 'chihuahua' is available on turns 6-9, not on turn 5 (§4.0)"],
    },
    Case {
        what: "block game start: a strength above the block's maximum",
        file: VICTORIO,
        check: VICTORIO,
        from: "(block: \"troop_d\", area: \"socorro\", sp: 3)",
        nth: 0,
        to: "(block: \"troop_d\", area: \"socorro\", sp: 6)",
        at: "6)",
        says: &["'troop_d' starts at 1 to 4 SP (§3.0), not 6"],
    },
    Case {
        what: "block game start: a first turn past the game's end",
        file: VICTORIO,
        check: VICTORIO,
        from: "        turn: 5,",
        nth: 0,
        to: "        turn: 8,",
        at: "8,",
        says: &["the game starts on turn 8, but its turns run from 1 to 7"],
    },
    // ---- Battle of the Rosebud ----
    Case {
        what: "rosebud: a set-up hex off the map, on a line whose hex appears earlier",
        file: ROSEBUD,
        check: ROSEBUD,
        from: "(id: \"b_2cav\", hex: Some(\"3413\")",
        nth: 0,
        to: "(id: \"b_2cav\", hex: Some(\"9913\")",
        at: "Some(\"9913\")",
        says: &["9913"],
    },
    Case {
        what: "rosebud: a set-up naming no unit of the counters",
        file: ROSEBUD,
        check: ROSEBUD,
        from: "(id: \"e_2cav\", hex:",
        nth: 0,
        to: "(id: \"e_2kav\", hex:",
        at: "\"e_2kav\"",
        says: &["'e_2kav' is not a unit or Leader of counters.ron"],
    },
    Case {
        what: "rosebud counters: a Holder that is no unit",
        file: "rules/rosebud/counters.ron",
        check: ROSEBUD,
        from: "holder: Some(\"hh_b_2cav\")",
        nth: 0,
        to: "holder: Some(\"hh_b_2kav\")",
        at: "Some(",
        says: &["names a Holder 'hh_b_2kav' that is not a unit"],
    },
    Case {
        what: "rosebud: an entry area whose mark no hex carries",
        file: ROSEBUD,
        check: ROSEBUD,
        from: "mark: \"west_entry\"",
        nth: 0,
        to: "mark: \"west_entri\"",
        at: "\"west_entri\"",
        says: &["no hex of the map carries the mark 'west_entri'"],
    },
    // ---- I Will Fight No More Forever, tactical ----
    Case {
        what: "nez perce tactical: a start hex that is not a hex number",
        file: BIG_HOLE,
        check: BIG_HOLE,
        from: "\"gibbon2\": At(\"0808\", false)",
        nth: 0,
        to: "\"gibbon2\": At(\"08x8\", false)",
        at: "\"08x8\"",
        says: &["gibbon2"],
    },
    Case {
        what: "nez perce tactical: a start for a counter the side does not have",
        file: BIG_HOLE,
        check: BIG_HOLE,
        from: "\"gibbon3\": At(",
        nth: 0,
        to: "\"gibbon9\": At(",
        at: "\"gibbon9\"",
        says: &["'gibbon9' is not a counter of this side's units"],
    },
    Case {
        what: "nez perce tactical: a unit naming no strategic unit",
        file: BIG_HOLE,
        check: BIG_HOLE,
        from: "units: [\"gibbon\", \"rawn\", \"browning\"]",
        nth: 0,
        to: "units: [\"gibbon\", \"rawns\", \"browning\"]",
        at: "\"rawns\"",
        says: &["no strategic unit 'rawns'"],
    },
    // ---- I Will Fight No More Forever, strategic ----
    Case {
        what: "nez perce strategic: a reinforcement off the map, on a line after the same hex",
        file: CAMPAIGN,
        check: CAMPAIGN,
        from: "(turn: 2, unit: \"miller\", hex: \"0309\")",
        nth: 0,
        to: "(turn: 2, unit: \"miller\", hex: \"0399\")",
        at: "\"0399\"",
        says: &["miller is set up at 0399, off the"],
    },
    Case {
        what: "nez perce strategic: a reinforcement on a turn past the last",
        file: CAMPAIGN,
        check: CAMPAIGN,
        from: "(turn: 3, unit: \"mason\",",
        nth: 0,
        to: "(turn: 99, unit: \"mason\",",
        at: "99,",
        says: &["mason activates on turn 99"],
    },
    Case {
        what: "nez perce strategic: a unit set up twice",
        file: CAMPAIGN,
        check: CAMPAIGN,
        from: "(turn: 2, unit: \"burton\", hex:",
        nth: 0,
        to: "(turn: 2, unit: \"rawn\", hex:",
        at: "\"rawn\"",
        says: &["'rawn' is set up twice"],
    },
];

/// Copy a folder of the data a check reads.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let t = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &t);
        } else {
            std::fs::copy(e.path(), t).unwrap();
        }
    }
}

/// The byte offset of the `nth` occurrence of `needle` in `text`.
fn nth_index(text: &str, needle: &str, nth: usize) -> Option<usize> {
    text.match_indices(needle).nth(nth).map(|(i, _)| i)
}

fn line_col(text: &str, i: usize) -> (usize, usize) {
    let line = text[..i].matches('\n').count() + 1;
    let col = i - text[..i].rfind('\n').map_or(0, |n| n + 1) + 1;
    (line, col)
}

/// Run one case; `Err` says what went wrong.
fn run(i: usize, c: &Case) -> Result<(), String> {
    let dir = scratch(&format!("corpus-{i}"));
    // Small enough to copy whole: a campaign reads the tactical game's data too.
    for top in ["scenarios", "rules"] {
        copy_tree(&root().join(top), &dir.join(top));
    }
    let path = dir.join(c.file);
    let text = std::fs::read_to_string(&path).unwrap();
    let Some(start) = nth_index(&text, c.from, c.nth) else {
        return Err(format!(
            "occurrence {} of {:?} is not in {}",
            c.nth, c.from, c.file
        ));
    };
    let broken = format!(
        "{}{}{}",
        &text[..start],
        c.to,
        &text[start + c.from.len()..]
    );
    std::fs::write(&path, &broken).unwrap();
    let want = if c.at.is_empty() {
        // "More counters than default hexes": the force's `at` list that follows.
        let rel = broken[start..].find("at: [").unwrap() + "at: ".len();
        line_col(&broken, start + rel)
    } else {
        let Some(rel) = c.to.find(c.at) else {
            return Err(format!("{:?} is not in the replacement", c.at));
        };
        line_col(&broken, start + rel)
    };
    let e = match games::check_path(&dir, &dir.join(c.check)) {
        Ok(_) => return Err("the broken file was accepted".into()),
        Err(e) => e,
    };
    let name = Path::new(c.file).file_name().unwrap().to_string_lossy();
    let mut problems = Vec::new();
    if !e.file.ends_with(&*name) {
        problems.push(format!("reported in {}, not {name}", e.file));
    }
    if (e.line, e.column) != (Some(want.0), Some(want.1)) {
        problems.push(format!(
            "reported at {:?}:{:?}, not {}:{}",
            e.line, e.column, want.0, want.1
        ));
    }
    for s in c.says {
        if !e.message.contains(s) {
            problems.push(format!("the message lacks {s:?}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{} ({e})", problems.join("; ")))
    }
}

#[test]
fn every_broken_file_is_reported_at_the_value_at_fault() {
    let kinds: std::collections::BTreeSet<&str> = CASES.iter().map(|c| c.what).collect();
    assert_eq!(kinds.len(), CASES.len(), "each case is a different mistake");
    assert!(CASES.len() >= 15, "issue 29 asks for at least 15 kinds");
    for game in ["harvest:", "block game", "rosebud", "nez perce"] {
        assert!(
            CASES.iter().filter(|c| c.what.starts_with(game)).count() >= 3,
            "{game}"
        );
    }
    let failures: Vec<String> = CASES
        .iter()
        .enumerate()
        .filter_map(|(i, c)| run(i, c).err().map(|e| format!("{}: {e}", c.what)))
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
