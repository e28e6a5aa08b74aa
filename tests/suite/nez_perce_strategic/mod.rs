//! Tests of *I Will Fight No More Forever*'s strategic game: the shipped data loads
//! and checks, and the seed_notes 000-4 strategic test cases on the rules arithmetic
//! (search superiority, supply limit, river crossings on turns 11 and 12, Lodge losses,
//! victory with and without Sitting Bull); the sequence of play (`play`) and the
//! campaign with its combats (`campaign`).

mod campaign;
mod conformance;
mod play;
mod review;

use crate::util::root;
use wargame::games::nez_perce_strategic::data::{Counters, Rank, Tables};
use wargame::games::nez_perce_strategic::rules::{self, Count};
use wargame::games::nez_perce_strategic::setup;
use wargame::games::nez_perce_tactical::data::Side;
use wargame::games::nez_perce_tactical::rules::aftermath::LodgeLoss;

/// A shipped data file of the strategic game: the campaign scenario, or a rules file.
pub(super) fn data_file(f: &str) -> std::path::PathBuf {
    if f == "campaign.ron" {
        root().join("scenarios/nez_perce_strategic").join(f)
    } else {
        root().join("rules/nez_perce_strategic").join(f)
    }
}

pub(super) fn tables() -> Tables {
    setup::load_tables_file(&data_file("tables.ron")).unwrap_or_else(|e| panic!("{e}"))
}

pub(super) fn counters() -> Counters {
    let root = root();
    let tt = wargame::games::nez_perce_tactical::setup::load_tables(&root).unwrap();
    let tc = wargame::games::nez_perce_tactical::setup::load_counters(&root, &tt).unwrap();
    setup::load_counters_file(&data_file("counters.ron"), &tc).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_shipped_data_loads_and_checks() {
    let t = tables();
    let c = counters();
    let camp = setup::load_campaign_file(&data_file("campaign.ron"), &c, &t)
        .unwrap_or_else(|e| panic!("{e}"));
    // B1.0: seven bands and the Village; 4 Army units at the start and 24 on the
    // track, 28 in all (seed_notes 000-2 counts 4 + 25 - 1; the track lists 24).
    let indian = c.units.iter().filter(|u| u.side == Side::Indian).count();
    assert_eq!(indian, 9, "7 bands, the Village and Sitting Bull");
    let army_start = camp
        .start
        .iter()
        .filter(|(u, _)| c.units.iter().any(|d| &d.id == u && d.side == Side::Army))
        .count();
    assert_eq!((army_start, camp.track.len()), (4, 24));
}

#[test]
fn b5_2_search_superiority_subtracts_the_lowest_evasion_and_the_table_decides() {
    let t = tables();
    // seed_notes 000-4: search values {3, 2}, evasions {5, 4, 2} -> superiority 3.
    let sup = rules::search_superiority(&[3, 2], &[5, 4, 2]);
    assert_eq!(sup, 3);
    assert!(
        rules::search_contact(&t.search, 6, 0, sup),
        "modified die 6: C"
    );
    assert!(
        !rules::search_contact(&t.search, 5, 0, sup),
        "modified die 5: -"
    );
    // The terrain modifier moves the roll (open plains +3 finds them on a 3).
    assert!(rules::search_contact(&t.search, 3, 3, sup));
    // Rows and columns are clamped to the table.
    assert!(
        !rules::search_contact(&t.search, 1, -3, 10),
        "row -2: never"
    );
    assert!(rules::search_contact(&t.search, 6, 3, -4), "row 9: always");
}

#[test]
fn b3_0_a_town_supplies_five_captains_majors_or_colonels_and_every_other_rank() {
    let t = tables();
    let mut units: Vec<(String, Rank)> = (1..=6)
        .map(|i| (format!("capt{i}"), Rank::Captain))
        .collect();
    units.push(("howard".into(), Rank::General));
    // seed_notes 000-4: 6 Captains and a General -> 5 Captains (the Army chooses) and
    // the General.
    let s = rules::supplied(&t.supply, &units, &["capt6".into()]);
    assert_eq!(s.len(), 6);
    assert!(s.contains(&"howard".to_string()) && s.contains(&"capt6".to_string()));
    assert!(
        !s.contains(&"capt5".to_string()),
        "the player chose capt6 over capt5"
    );
}

#[test]
fn b4_4_2_river_crossing_rolls_change_on_turn_12_and_0509_0608_is_free() {
    let r = tables().river;
    // seed_notes 000-4: an Indian at turn 11 rolls 2 -> cannot cross; at turn 12 a 2
    // crosses.
    assert!(!rules::crosses(&r, Side::Indian, 11, 2));
    assert!(rules::crosses(&r, Side::Indian, 11, 1));
    assert!(rules::crosses(&r, Side::Indian, 12, 2));
    assert!(!rules::crosses(&r, Side::Indian, 12, 3));
    assert!(
        !rules::crosses(&r, Side::Army, 11, 1),
        "the Army may not cross before 12"
    );
    assert!(rules::crosses(&r, Side::Army, 12, 1));
    assert!(!rules::crosses(&r, Side::Army, 12, 2));
    assert!(rules::free_crossing(&r, "0608", "0509"));
    assert!(!rules::free_crossing(&r, "0608", "0709"));
}

#[test]
fn b4_3_indian_fast_movement_only_every_fourth_turn() {
    let t = tables();
    assert!(rules::indian_fast_turn(&t, 5, None));
    assert!(!rules::indian_fast_turn(&t, 6, Some(5)));
    assert!(
        !rules::indian_fast_turn(&t, 8, Some(5)),
        "three Normal turns after"
    );
    assert!(rules::indian_fast_turn(&t, 9, Some(5)));
}

#[test]
fn c4_3_4_lodge_losses_limit_fast_movement_and_halve_the_bands() {
    let c = counters();
    let band = c.units.iter().find(|u| u.id == "ollokot").unwrap().clone();
    let village = c.units.iter().find(|u| u.id == "village").unwrap();
    let army = c.units.iter().find(|u| u.id == "perry").unwrap();
    assert!(rules::fast_allowed(LodgeLoss::of(5), &band));
    assert!(!rules::fast_allowed(LodgeLoss::of(5), village));
    // seed_notes 000-4: 7 lost -> no strategic unit may move Fast.
    assert!(!rules::fast_allowed(LodgeLoss::of(7), &band));
    assert!(rules::fast_allowed(LodgeLoss::of(7), army));
    // 9 lost -> a band with Normal MA 5 moves 2.
    let mut five = band;
    five.normal = 5;
    assert_eq!(rules::normal_allowance(LodgeLoss::of(9), &five), 2);
    assert_eq!(rules::normal_allowance(LodgeLoss::of(8), &five), 5);
}

#[test]
fn d2_0_victory_arithmetic_with_and_without_sitting_bull() {
    let t = tables();
    // seed_notes 000-4: Army 10 killed braves (50) + 5 surrendered (10) + 3 surrendered
    // Lodges (21) + 1 killed Lodge (-8) = 73; Indian 10 braves in Canada (40) + 5 Lodges
    // with the Village in Canada (45) = 85; margin -12, Major Indian Victory.
    let mut c = Count {
        braves_killed: 10,
        braves_surrendered: 5,
        lodges_surrendered: 3,
        lodges_killed: 1,
        braves_canada: 10,
        lodges_canada: 5,
        ..Count::default()
    };
    assert_eq!(rules::army_points(&t, &c), 73);
    assert_eq!(rules::indian_points(&t, &c), 85);
    assert_eq!(rules::level(&t, 73 - 85), "Major Indian Victory");
    // B8.0: with Sitting Bull the Army gains 10: -2, still a Major Indian Victory.
    c.sitting_bull = true;
    let margin = rules::army_points(&t, &c) - rules::indian_points(&t, &c);
    assert_eq!(margin, -2);
    assert_eq!(rules::level(&t, margin), "Major Indian Victory");
    // The level boundaries of D2.0.
    for (m, name) in [
        (61, "Major Army Victory"),
        (60, "Tactical Army Victory"),
        (41, "Tactical Army Victory"),
        (40, "Draw"),
        (20, "Draw"),
        (19, "Tactical Indian Victory"),
        (0, "Tactical Indian Victory"),
        (-1, "Major Indian Victory"),
    ] {
        assert_eq!(rules::level(&t, m), name, "margin {m}");
    }
}

#[test]
fn bad_strategic_data_is_refused_where_written() {
    let dir = std::env::temp_dir().join(format!("np_strat_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(data_file("tables.ron")).unwrap();
    let bad = text.replacen("mp: 1, search: 3", "mp: 0, search: 3", 1);
    let p = dir.join("tables.ron");
    std::fs::write(&p, &bad).unwrap();
    let e = setup::load_tables_file(&p).unwrap_err().to_string();
    assert!(e.contains("costs 0 MP") && e.contains(":"), "{e}");
    let text = std::fs::read_to_string(data_file("counters.ron")).unwrap();
    let bad = text.replacen("id: \"perry\"", "id: \"ollokot\"", 1);
    let p = dir.join("counters.ron");
    std::fs::write(&p, &bad).unwrap();
    let root = root();
    let tt = wargame::games::nez_perce_tactical::setup::load_tables(&root).unwrap();
    let tc = wargame::games::nez_perce_tactical::setup::load_counters(&root, &tt).unwrap();
    let e = setup::load_counters_file(&p, &tc).unwrap_err().to_string();
    assert!(e.contains("listed twice"), "{e}");
}
