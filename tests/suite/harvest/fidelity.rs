//! Tests of the rules that a rules review found enforced wrongly (issue 28, Harvest the
//! Wind items 1-10), each named by its rule: movement after dismounting, Opportunity
//! Fire at the mover, the Leader in IX.F's victory conditions, riders of one Horses
//! counter, one reaction-fire window per hex, Hidden counters removed by a dismount,
//! riding through Horses, the set-up rules of IX.B and IX.D, and Hidden counters and
//! line of sight.

use crate::util::{end_until, lab, play, root, session};
use wargame::core::hexmap::Coord;
#[allow(unused_imports)]
use wargame::core::session::GameSession;
use wargame::core::session::Session;
use wargame::games::harvest::{Harvest, rules, setup};

fn c(s: &str) -> Coord {
    s.parse().expect("hex")
}

/// The rules laboratory with a Hidden dummy (`iX1`) and a hidden warrior (`i6`).
fn lab_hidden() -> Session<Harvest> {
    session("tests/data/harvest/lab_hidden.ron", 1)
}

/// A shipped scenario started in manual set-up.
fn manual(id: &str) -> Session<Harvest> {
    let loaded = setup::load_scenario_id(&root(), id).expect("scenario loads");
    Session::new(id, 1, setup::initial_state(&loaded.stat, 1, true))
}

/// The hexes `unit` may move into now.
fn moves_of(g: &Session<Harvest>, unit: &str) -> Vec<String> {
    let head = format!("move {unit} ");
    g.legal()
        .iter()
        .filter_map(|l| l.strip_prefix(&head).map(str::to_string))
        .collect()
}

#[test]
fn iii_a_option_5_a_dismounted_unit_moves_its_full_ma_after_dismounting() {
    let mut g = lab();
    g.place("iH1", Some("0501")).unwrap();
    g.place("i1", Some("0501")).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount i1 0501"]);
    end_until(&mut g, "turn", "2");
    end_until(&mut g, "phase", "movement");
    assert_eq!(g.probe("i1.mounted").as_deref(), Some("true"));
    // Option 5: dismount into an adjacent hex (no MP, III.C.2.b)...
    play(&mut g, &["dismount i1 0502"]);
    assert_eq!(g.probe("i1.mounted").as_deref(), Some("false"));
    // ...then move dismounted up to the full MA of 8 through Open hexes: down column 5
    // (six hexes), then on along Open hexes not yet visited.
    let mut visited = vec![c("0501"), c("0502")];
    for hex in ["0503", "0504", "0505", "0506", "0507", "0508"] {
        play(&mut g, &[format!("move i1 {hex}").as_str()]);
        visited.push(c(hex));
    }
    for _ in 0..2 {
        let next = moves_of(&g, "i1")
            .into_iter()
            .find(|h| {
                let h = c(h);
                !visited.contains(&h)
                    && g.state.stat.terrain(h) == wargame::games::harvest::state::Terrain::Open
            })
            .expect("MP left for another Open hex (III.A option 5)");
        play(&mut g, &[format!("move i1 {next}").as_str()]);
        visited.push(c(&next));
    }
    // Eight MP spent: no more (III.B.4).
    assert!(moves_of(&g, "i1").is_empty(), "{:?}", g.legal());
}

#[test]
fn iv_a_1_opportunity_fire_hits_the_moving_unit_not_a_friend_it_passes() {
    let mut g = lab();
    g.place("i1", Some("0505")).unwrap();
    g.place("i4", Some("0504")).unwrap();
    g.place("a1", Some("0705")).unwrap();
    end_until(&mut g, "phase", "movement");
    // i4 (after i1 in piece order) passes through i1's hex.
    play(&mut g, &["move i4 0505"]);
    assert_eq!(g.probe("pending").as_deref(), Some("reaction"));
    // Carbine range 2 needs 4; F2: die 6 hits; morale die 1 passes.
    g.force_dice(&[6, 1]);
    play(&mut g, &["fire a1 R 0505"]);
    assert_eq!(g.probe("i4.pinned").as_deref(), Some("true"), "the mover");
    assert_eq!(g.probe("i1.pinned").as_deref(), Some("false"), "the friend");
}

#[test]
fn ix_f_the_leader_counts_as_a_unit_for_the_hold_west_of_the_river() {
    let mut g = session("harvest_the_wind/renos_defense", 1);
    // Three troopers and the Leader west of the river when play ends.
    for id in ["a4", "a5", "a6"] {
        g.place(id, None).unwrap();
    }
    assert_eq!(g.probe("aL1.side").as_deref(), Some("1"));
    for turn in 2..=5 {
        end_until(&mut g, "turn", &turn.to_string());
        end_until(&mut g, "phase", "rally");
        g.force_dice(&[5]);
        play(&mut g, &["end"]);
    }
    assert_eq!(g.probe("over").as_deref(), Some("true"));
    // Four "units" west of the river, counting the Leader: the Army wins (IX.F).
    assert_eq!(g.probe("winner").as_deref(), Some("1"));
}

#[test]
fn iii_c_2_c_a_leader_riding_with_a_unit_that_has_moved_may_not_move_it_again() {
    let mut g = lab();
    g.place("aH1", Some("0306")).unwrap();
    g.place("a1", Some("0306")).unwrap();
    g.place("aL1", Some("0306")).unwrap();
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    // One Horses counter carries a unit plus a Leader (III.C.2.d).
    play(&mut g, &["mount a1 0306", "mount aL1 0306"]);
    end_until(&mut g, "turn", "2");
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move a1 0307", "move a1 0308"]);
    assert_eq!(g.probe("aL1.hex").as_deref(), Some("0308"));
    // The Leader has moved mounted with the unit: neither moves again (III.C.2.c).
    assert!(moves_of(&g, "aL1").is_empty(), "{:?}", g.legal());
    play(&mut g, &["end"]);
}

#[test]
fn iv_a_3_mounting_in_place_opens_no_second_opportunity_fire_in_the_same_hex() {
    let mut g = lab();
    g.place("i1", Some("0504")).unwrap();
    g.place("iH1", Some("0505")).unwrap();
    g.place("a1", Some("0705")).unwrap();
    g.place("a2", Some("0703")).unwrap();
    g.place("a3", None).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move i1 0505"]);
    let legal = g.legal();
    assert!(legal.iter().any(|l| l.starts_with("fire a2 ")), "{legal:?}");
    // a1 fires and misses (die 1 + F2 = 3 < 4): the window in 0505 is used (IV.A.3).
    g.force_dice(&[1]);
    play(&mut g, &["fire a1 R 0505"]);
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
    // Mounting in the same hex triggers reaction fire (III.C.2.b), but i1 is still in
    // 0505, where it has already been the target of Opportunity Fire.
    play(&mut g, &["mount i1 0505"]);
    let legal = g.legal();
    assert!(
        !legal.iter().any(|l| l.starts_with("fire a2 ")),
        "{legal:?}"
    );
}

#[test]
fn iii_d_3_dismounting_into_a_hidden_stack_removes_its_hidden_counters() {
    let mut g = lab_hidden();
    g.place("aH1", Some("0306")).unwrap();
    g.place("a1", Some("0306")).unwrap();
    g.place("iX1", Some("0307")).unwrap();
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount a1 0306"]);
    end_until(&mut g, "turn", "2");
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    assert_eq!(g.probe("iX1.hex").as_deref(), Some("0307"));
    play(&mut g, &["dismount a1 0307"]);
    assert_eq!(g.probe("a1.hex").as_deref(), Some("0307"));
    assert_eq!(g.probe("iX1.loc").as_deref(), Some("removed"));
    assert!(g.log.iter().any(|l| l.text.contains("(III.D.3)")));
    assert!(moves_of(&g, "a1").is_empty(), "its move ends (III.D.1)");
}

#[test]
fn iii_e_2_a_mounted_unit_may_ride_through_a_hex_with_other_horses() {
    let mut g = lab();
    g.place("iH1", Some("0503")).unwrap();
    g.place("i1", Some("0503")).unwrap();
    g.place("aH1", Some("0504")).unwrap();
    g.place("a3", None).unwrap(); // no reaction fire to pass
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount i1 0503", "move i1 0504"]);
    // Two Horses counters in 0504: i1 must ride on before the phase ends (III.E.2).
    let legal = g.legal();
    assert!(legal.iter().all(|l| l.starts_with("move i1 ")), "{legal:?}");
    play(&mut g, &["move i1 0505"]);
    assert!(g.legal().iter().any(|l| l == "end"));
}

#[test]
fn ix_b_manual_set_up_keeps_the_wagons_within_two_hexes_of_each_other() {
    let mut g = manual("harvest_the_wind/wagon_box");
    assert_eq!(g.probe("phase").as_deref(), Some("setup"));
    assert_eq!(g.probe("phasing").as_deref(), Some("1"));
    assert_eq!(setup::setup_problem(&g.state, 1), None, "the default ring");
    assert!(g.legal().iter().any(|l| l == "ready"));
    // A Wagon at the west end of the zone is more than two hexes from the others.
    play(&mut g, &["place aW1 0113"]);
    assert!(!g.legal().iter().any(|l| l == "ready"));
    let e = g.apply(&"ready".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("IX.B"), "{e}");
    play(&mut g, &["place aW1 1014"]);
    play(&mut g, &["ready"]);
}

#[test]
fn ix_d_manual_set_up_keeps_the_indian_horses_next_to_a_lodge() {
    let mut g = manual("harvest_the_wind/washita");
    assert_eq!(setup::setup_problem(&g.state, 0), None, "the default camp");
    assert_eq!(setup::setup_problem(&g.state, 1), None);
    play(&mut g, &["ready"]);
    assert_eq!(g.probe("phasing").as_deref(), Some("0"));
    let s = &g.state;
    let lodges: Vec<Coord> = s
        .pieces
        .iter()
        .filter(|p| p.kind == wargame::games::harvest::state::Kind::Lodge)
        .filter_map(|p| p.hex())
        .collect();
    let away = g
        .legal()
        .into_iter()
        .find(|l| {
            l.strip_prefix("place iH1 ")
                .is_some_and(|h| lodges.iter().all(|x| x.distance(c(h)) != 1))
        })
        .expect("a hex of the pony herd zone away from every Lodge");
    play(&mut g, &[away.as_str()]);
    assert!(!g.legal().iter().any(|l| l == "ready"), "{away}");
    let e = g.apply(&"ready".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("IX.D"), "{e}");
}

#[test]
fn table_3_a_hidden_counter_does_not_block_line_of_sight() {
    let mut g = lab_hidden();
    g.place("iX1", Some("0503")).unwrap();
    g.place("i6", Some("0801")).unwrap();
    // A lone Hidden dummy between the firer and the target: LOS is clear (Table 3).
    assert!(rules::los(&g.state, c("0501"), c("0505"), 1));
    // A warrior under a Hidden counter: the Army sees only the Hidden counter (see
    // docs/reconstructions-harvest.md), the Indians their own unit, which blocks.
    let mut g = lab_hidden();
    g.place("iX1", Some("0801")).unwrap();
    g.place("i6", Some("0503")).unwrap();
    assert!(rules::los(&g.state, c("0501"), c("0505"), 1));
    assert!(!rules::los(&g.state, c("0501"), c("0505"), 0));
    // A unit in plain sight blocks (Table 3).
    let mut g = lab();
    g.place("i1", Some("0503")).unwrap();
    assert!(!rules::los(&g.state, c("0501"), c("0505"), 1));
}

#[test]
fn ii_b_4_a_routed_unit_may_rout_through_a_friendly_unit_but_not_stop_there() {
    let mut g = lab();
    // i2 routs from 0505, away from the carbine in 0305; i1 stands in 0605, on the
    // way to the Woods in 0804. The rout may pass through i1's hex (II.B.4 with
    // III.E.1) but may not end in it.
    g.place("i1", Some("0605")).unwrap();
    g.place("i2", Some("0504")).unwrap();
    g.place("a1", Some("0305")).unwrap();
    g.place("a3", None).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move i2 0505"]);
    // Opportunity Fire: carbine range 2, die 6 hits; morale die 6 > 3: rout (II.B.1).
    g.force_dice(&[6, 6]);
    play(&mut g, &["fire a1 R 0505"]);
    assert_eq!(g.probe("pending").as_deref(), Some("flee"));
    let legal = g.legal();
    assert!(legal.contains(&"flee i2 0605".to_string()), "{legal:?}");
    play(&mut g, &["flee i2 0605"]);
    if g.probe("pending").as_deref() == Some("reaction") {
        play(&mut g, &["pass"]);
    }
    // In i1's hex the rout may not end (III.E.1): only steps on are offered.
    let legal = g.legal();
    assert!(
        legal
            .iter()
            .all(|l| l.starts_with("flee i2 ") && l != "flee i2 0605"),
        "{legal:?}"
    );
}

#[test]
fn table_3_a_leader_does_not_block_line_of_sight() {
    let mut g = lab();
    g.place("aL1", Some("0503")).unwrap();
    assert!(rules::los(&g.state, c("0501"), c("0505"), 0));
    assert!(rules::los(&g.state, c("0501"), c("0505"), 1));
}

#[test]
fn iii_d_1_and_3_a_hidden_dependent_under_a_lodge_stops_the_enemy_and_loses_its_hidden_counter() {
    // Washita: Dependents stand under a Hidden counter beneath each Lodge (IX.D). A hex
    // with a Hidden counter stops a unit that enters it (III.D.1), and the counter is
    // removed (III.D.3), even though a Dependent alone would neither stop the unit nor
    // be an enemy unit (docs/reconstructions-harvest.md).
    let mut g = session("harvest_the_wind/washita", 1);
    assert_eq!(g.probe("iD1.hex").as_deref(), Some("0906"));
    assert_eq!(g.probe("iD1.hidden").as_deref(), Some("true"));
    g.place("a1", Some("1006")).unwrap();
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move a1 0906"]);
    assert_eq!(g.probe("iD1.hidden").as_deref(), Some("false"));
    assert!(
        moves_of(&g, "a1").is_empty(),
        "a1 stops in the Hidden hex: {:?}",
        g.legal()
    );
}
