//! Tests of the remaining rules and of each scenario's special rules and victory
//! conditions (IX), named by rule number.

use crate::util::{end_until, lab, play, session, walk_flight};
use std::ops::Not;
use wargame::core::hexmap::Coord;
#[allow(unused_imports)]
use wargame::core::session::GameSession;
use wargame::games::harvest::rules;

fn c(s: &str) -> Coord {
    s.parse().expect("hex")
}

#[test]
fn ii_b_3_mounted_unit_hit_flees_dismounts_and_is_pinned() {
    let mut g = lab();
    g.place("iH1", Some("0505")).unwrap();
    g.place("i1", Some("0505")).unwrap();
    g.place("a1", Some("0507")).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount i1 0505"]);
    end_until(&mut g, "phasing", "1");
    // Carbine range 2 needs 4; F2 +2, mounted target +1 (Table 1): die 2 -> 5 hits.
    g.force_dice(&[2]);
    play(&mut g, &["fire a1 R 0505"]);
    assert!(
        g.log.iter().any(|l| l.text.contains("+1 mounted target")),
        "{:#?}",
        g.log
    );
    assert_eq!(g.probe("pending").as_deref(), Some("flee"));
    assert_eq!(
        g.probe("to_act").as_deref(),
        Some("0"),
        "the owner moves the hit unit"
    );
    let flees = g.legal();
    assert!(flees.iter().all(|f| f.starts_with("flee i1 ")), "{flees:?}");
    // It may dismount where it is, or flee one hex at a time (IV.C.2).
    assert!(flees.iter().any(|f| f == "flee i1 0505 0505"), "{flees:?}");
    for f in &flees {
        let to: Coord = f.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(to.distance(c("0505")) <= 1, "{f}");
    }
    // North, away from the carbine in 0507, three hexes: 0504, 0503, 0502.
    for step in ["0504", "0503", "0502"] {
        let legal = g.legal();
        assert!(
            legal.contains(&format!("flee i1 {step}")),
            "{step}: {legal:?}"
        );
        play(&mut g, &[format!("flee i1 {step}").as_str()]);
        assert_eq!(g.probe("i1.hex").as_deref(), Some(step));
        assert_eq!(g.probe("i1.mounted").as_deref(), Some("true"));
    }
    // Every end offered is farther from the enemy than where it was hit (II.B.3).
    let legal = g.legal();
    assert!(legal.iter().all(|f| f.starts_with("flee i1 ")), "{legal:?}");
    // Dismounting in its own hex puts the unit under its own Horses, which give it
    // Cover (Table 3): no morale check (II.B.3; a reading, see
    // docs/reconstructions-harvest.md).
    play(&mut g, &["flee i1 0502 0502"]);
    assert!(
        !g.log
            .iter()
            .any(|l| l.text.contains("dismounted into the Open (II.B.3)")),
        "{:#?}",
        g.log
    );
    assert_eq!(g.probe("i1.hex").as_deref(), Some("0502"));
    assert_eq!(g.probe("i1.mounted").as_deref(), Some("false"));
    assert_eq!(g.probe("i1.pinned").as_deref(), Some("true"));
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
}

#[test]
fn iv_c_2_a_routed_unit_is_fired_on_in_each_hex_of_its_flight_and_a_second_hit_eliminates() {
    let mut g = lab();
    g.place("a1", Some("0404")).unwrap();
    g.place("a2", Some("0305")).unwrap();
    g.place("i1", Some("0707")).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move i1 0606"]);
    // Opportunity Fire (IV.A): a1's carbine, die 6 hits; morale die 6 > 3 fails: rout.
    assert_eq!(g.probe("pending").as_deref(), Some("reaction"));
    let shot = g
        .legal()
        .into_iter()
        .find(|l| l.starts_with("fire a1 R "))
        .expect("a1 may fire");
    g.force_dice(&[6, 6]);
    play(&mut g, &[shot.as_str()]);
    assert_eq!(g.probe("i1.pinned").as_deref(), Some("true"));
    assert_eq!(g.probe("pending").as_deref(), Some("flee"));
    // The first hex of the rout, toward the Woods in 0804 (the nearest Cover farther
    // from the Army)...
    play(&mut g, &["flee i1 0605"]);
    // ...opens a window for the Army in that hex (IV.C.2): a1 has used its Opportunity
    // Fire (IV.A.2), a2 has not.
    assert_eq!(g.probe("pending").as_deref(), Some("reaction"));
    assert_eq!(g.probe("to_act").as_deref(), Some("1"));
    let legal = g.legal();
    assert!(
        !legal.iter().any(|l| l.starts_with("fire a1 ")),
        "{legal:?}"
    );
    let again = legal
        .iter()
        .find(|l| l.starts_with("fire a2 R "))
        .cloned()
        .unwrap_or_else(|| panic!("a2 may fire at the routing unit: {legal:?}"));
    g.force_dice(&[6]);
    play(&mut g, &[again.as_str()]);
    assert_eq!(g.probe("i1.loc").as_deref(), Some("eliminated"));
    assert!(g.log.iter().any(|l| l.text.contains("(IV.C.2)")));
    // The flight is over and the Indian Movement phase goes on.
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
    assert_eq!(g.probe("phase").as_deref(), Some("movement"));
}

#[test]
fn iv_c_2_a_flight_passed_at_every_window_ends_in_cover_and_the_unit_survives() {
    let mut g = lab();
    g.place("a1", Some("0404")).unwrap();
    g.place("a2", Some("0305")).unwrap();
    g.place("i1", Some("0707")).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move i1 0606"]);
    let shot = g
        .legal()
        .into_iter()
        .find(|l| l.starts_with("fire a1 R "))
        .expect("a1 may fire");
    g.force_dice(&[6, 6]);
    play(&mut g, &[shot.as_str()]);
    let path = walk_flight(&mut g, "i1", |l| l[0].clone());
    assert!(!path.is_empty() && path.len() <= 4, "{path:?}");
    assert_eq!(g.probe("i1.hex"), Some(path.last().unwrap().to_string()));
    assert_eq!(g.probe("i1.pinned").as_deref(), Some("true"));
    // Out of the flight, a later hit is an ordinary hit again (no IV.C.2).
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
}

#[test]
fn ii_c_3_abandoned_weapon_is_picked_up_by_an_f_rated_unit() {
    let mut g = lab();
    g.place("a1", Some("0505")).unwrap();
    g.place("i4", Some("0505")).unwrap();
    g.place("a5", Some("0506")).unwrap();
    end_until(&mut g, "phase", "melee");
    g.force_dice(&[3, 4]);
    play(&mut g, &["melee 0505"]);
    // II.C.2: the normal-side weapon is flipped to Low Ammo and left in the hex.
    assert_eq!(g.probe("aw1.loc").as_deref(), Some("0505"));
    assert_eq!(g.probe("aw1.flipped").as_deref(), Some("true"));
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move a5 0505"]);
    // III.D.1: entering the enemy hex ends the move, but picking up is not movement
    // (II.C.3: "anytime during the Movement Phase").
    assert_eq!(g.probe("a5.hex").as_deref(), Some("0505"));
    if g.probe("pending").as_deref() == Some("reaction") {
        play(&mut g, &["pass"]);
    }
    assert!(
        g.legal().iter().any(|l| l == "pickup a5 aw1"),
        "{:?}",
        g.legal()
    );
    play(&mut g, &["pickup a5 aw1"]);
    assert_eq!(g.probe("aw1.loc").as_deref(), Some("carried:a5"));
}

#[test]
fn ii_c_3_pickup_in_an_empty_hex() {
    let mut g = lab();
    g.place("a1", Some("0505")).unwrap();
    g.place("i4", Some("0505")).unwrap();
    g.place("a5", Some("0605")).unwrap();
    end_until(&mut g, "phase", "melee");
    g.force_dice(&[3, 4]);
    play(&mut g, &["melee 0505"]);
    // Turn 2: the Indian unit leaves the hex; then the Army's unarmed F1 unit walks in
    // and picks the weapon up.
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phasing", "0");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move i4 0405", "stop i4"]);
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move a5 0505", "pickup a5 aw1"]);
    assert_eq!(g.probe("aw1.loc").as_deref(), Some("carried:a5"));
    // III.H.2: only one R/M/S weapon.
    assert!(!g.legal().iter().any(|l| l.starts_with("pickup a5")));
}

#[test]
fn vii_d_1_medicine_passes_to_a_unit_within_two_hexes() {
    let mut g = lab();
    for (id, h) in [
        ("i1", "0101"),
        ("i2", "0602"),
        ("i3", "0603"),
        ("i4", "0601"),
        ("i5", "0202"),
        ("a1", "0301"),
    ] {
        g.place(id, Some(h)).unwrap();
    }
    // VII.D.2: at the end of the Indian Rally phase Medicine may pass to any unit.
    end_until(&mut g, "phase", "rally");
    play(&mut g, &["medicine iM1 i1"]);
    assert_eq!(g.probe("iM1.loc").as_deref(), Some("carried:i1"));
    end_until(&mut g, "phasing", "1");
    // Hit (6+2 vs 4); morale: die 6 - 2 (its own Medicine, VII.A) = 4 > Morale 3 fails:
    // rout, but no Cover within 4 hexes: eliminated (II.B.4).
    g.force_dice(&[6, 6]);
    play(&mut g, &["fire a1 R 0101"]);
    assert_eq!(g.probe("i1.loc").as_deref(), Some("eliminated"));
    assert_eq!(g.probe("pending").as_deref(), Some("medicine"));
    assert!(g.legal().iter().any(|l| l == "medicine iM1 i5"));
    play(&mut g, &["medicine iM1 i5"]);
    assert_eq!(g.probe("iM1.loc").as_deref(), Some("carried:i5"));
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
}

#[test]
fn vii_d_2_medicine_is_taken_off_the_map_and_added_back_in_a_later_rally_phase() {
    let mut g = lab();
    g.place("i1", Some("0101")).unwrap();
    g.place("i5", Some("0808")).unwrap();
    end_until(&mut g, "phase", "rally");
    assert_eq!(g.probe("iM1.loc").as_deref(), Some("carried:i4"));
    // VII.D.2: removed from the map at the end of the Indian Rally phase...
    play(&mut g, &["medicine iM1 off"]);
    assert_eq!(g.probe("iM1.loc").as_deref(), Some("held"));
    // ...once per Rally phase: it cannot come straight back.
    assert!(!g.legal().iter().any(|l| l.starts_with("medicine iM1")));
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phasing", "0");
    end_until(&mut g, "phase", "rally");
    let legal = g.legal();
    assert!(
        legal.iter().any(|l| l == "medicine iM1 i5"),
        "added to any unit, any distance: {legal:?}"
    );
    assert!(!legal.iter().any(|l| l == "medicine iM1 off"));
    play(&mut g, &["medicine iM1 i5"]);
    assert_eq!(g.probe("iM1.loc").as_deref(), Some("carried:i5"));
    // Only in the owner's Rally phase.
    end_until(&mut g, "phasing", "1");
    assert!(!g.legal().iter().any(|l| l.starts_with("medicine")));
}

#[test]
fn iii_f_5_hidden_stack_moves_two_hexes() {
    let mut g = session("harvest_the_wind/wood_lake", 1);
    assert_eq!(g.probe("i1.hidden").as_deref(), Some("true"));
    end_until(&mut g, "phase", "movement");
    let from: Coord = g.probe("i1.hex").unwrap().parse().unwrap();
    let mut at = from;
    for _ in 0..2 {
        let next = g
            .legal()
            .iter()
            .filter_map(|l| {
                l.strip_prefix("move i1 ")
                    .and_then(|h| h.parse::<Coord>().ok())
            })
            .find(|h| h.distance(from) > at.distance(from))
            .expect("a move away");
        play(&mut g, &[format!("move i1 {next}").as_str()]);
        at = next;
    }
    assert!(
        !g.legal().iter().any(|l| l.starts_with("move i1 ")),
        "a third hex is not allowed (III.F.5)"
    );
}

#[test]
fn ix_a_army_marches_north_until_the_indians_fire() {
    let mut g = session("harvest_the_wind/wood_lake", 1);
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    let legal = g.legal();
    assert!(legal.iter().any(|l| l.starts_with("move ")));
    for l in &legal {
        if let Some(rest) = l.strip_prefix("move ") {
            let mut w = rest.split_whitespace();
            let id = w.next().unwrap();
            let to: Coord = w.next().unwrap().parse().unwrap();
            let from: Coord = g.probe(&format!("{id}.hex")).unwrap().parse().unwrap();
            assert_eq!(
                (to.col, to.row + 1),
                (from.col, from.row),
                "{l} is not a step north"
            );
        }
    }
    assert!(
        !legal.iter().any(|l| l == "end"),
        "the march must be completed first"
    );
}

#[test]
fn ix_b_blaze_blocks_entry_and_burns_units_that_stay() {
    let mut g = session("harvest_the_wind/wagon_box", 1);
    g.place("i6", Some("1112")).unwrap();
    let target = c("1114"); // the militia unit a8 stands here, outside the wagons
    assert!(
        !rules::in_cover(&g.state, target, g.state.find("a8").unwrap()),
        "fixture: 1114 must be in the Open"
    );
    assert!(
        g.legal().iter().any(|l| l == "blaze i6 1114"),
        "{:?}",
        g.legal()
    );
    play(&mut g, &["blaze i6 1114"]);
    assert!(
        !g.legal().iter().any(|l| l.starts_with("fire i6")),
        "setting a Blaze replaces firing"
    );
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    let a8 = g.state.find("a8").unwrap();
    assert!(
        rules::step_cost(&g.state, a8, c("1113"), target).is_err(),
        "no unit may enter a Blaze hex"
    );
    // The Army player does not move a8 out: it is eliminated at the end of the phase.
    play(&mut g, &["end"]);
    assert_eq!(g.probe("a8.loc").as_deref(), Some("eliminated"));
    assert!(g.log.iter().any(|l| l.text.contains("(IX.B)")));
}

#[test]
fn ix_b_indians_win_when_every_army_unit_is_eliminated() {
    let mut g = session("harvest_the_wind/wagon_box", 1);
    for id in ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"] {
        g.place(id, None).unwrap();
    }
    play(&mut g, &["end"]);
    assert_eq!(g.probe("over").as_deref(), Some("true"));
    assert_eq!(g.probe("winner").as_deref(), Some("0"));
}

#[test]
fn ix_b_army_wins_if_any_unit_survives_turn_10() {
    let mut g = session("harvest_the_wind/wagon_box", 1);
    end_until(&mut g, "over", "true");
    assert_eq!(g.probe("turn").as_deref(), Some("10"));
    assert_eq!(g.probe("winner").as_deref(), Some("1"));
}

#[test]
fn ix_c_the_sioux_raze_dependents_after_the_last_pawnee_unit_falls() {
    // Points are counted at the end of turn 6 (IX.C). With every Pawnee unit gone the
    // Pawnee can score nothing more, but the Sioux still can, 2 points a Dependent: the
    // game goes on. (It used to end at once, and the Sioux lost the Dependents' points.)
    let mut g = session("harvest_the_wind/massacre_canyon", 1);
    for id in ["p1", "p2", "p3", "p4", "p5", "p6"] {
        g.place(id, None).unwrap();
    }
    g.place("s1", Some("1109")).unwrap(); // on the Dependents pD1
    // Every other Sioux unit on the map too, so that none is still to enter.
    for k in 2..=10 {
        g.place(&format!("s{k}"), Some(&format!("{k:02}02")))
            .unwrap();
    }
    end_until(&mut g, "phase", "melee");
    assert_eq!(g.probe("over").as_deref(), Some("false"));
    assert!(
        g.legal().contains(&"raze s1 pD1".to_string()),
        "{:?}",
        g.legal()
    );
    play(&mut g, &["raze s1 pD1"]);
    assert_eq!(g.probe("pD1.loc").as_deref(), Some("eliminated"));
    assert_eq!(g.probe("points.0").as_deref(), Some("2"));
    assert_eq!(g.probe("over").as_deref(), Some("false"));
}

#[test]
fn ix_c_a_points_game_ends_early_only_when_no_score_can_change() {
    // No Pawnee unit and no Dependent left: the Sioux have nothing more to score and
    // the Pawnee no unit to score with, so turn 6 would bring the same result.
    let mut g = session("harvest_the_wind/massacre_canyon", 1);
    for id in [
        "p1", "p2", "p3", "p4", "p5", "p6", "pD1", "pD2", "pD3", "pD4",
    ] {
        g.place(id, None).unwrap();
    }
    play(&mut g, &["end"]);
    assert_eq!(g.probe("over").as_deref(), Some("true"));
    assert_eq!(g.probe("winner").as_deref(), Some("draw"));
    assert!(
        g.log.iter().any(|l| l.text.contains("no score can change")),
        "{:#?}",
        g.log.last()
    );
}

#[test]
fn ix_a_an_army_leader_left_alone_keeps_a_points_game_going_vii_c() {
    // Every Army unit gone, but its leaders remain. A leader may fire a pistol (VII.C),
    // so the check errs towards playing on: the Army might still score against the
    // Indian units (IX.A), and playing on never changes a result that was settled.
    let mut g = session("harvest_the_wind/wood_lake", 1);
    for k in 1..=16 {
        g.place(&format!("a{k}"), None).unwrap();
    }
    play(&mut g, &["end"]);
    assert_eq!(g.probe("over").as_deref(), Some("false"));
    // Without the leaders nobody can score any more: it ends at once.
    let mut g = session("harvest_the_wind/wood_lake", 1);
    for k in 1..=16 {
        g.place(&format!("a{k}"), None).unwrap();
    }
    for l in ["aL1", "aL2", "aL3"] {
        g.place(l, None).unwrap();
    }
    play(&mut g, &["end"]);
    assert_eq!(g.probe("over").as_deref(), Some("true"));
}

#[test]
fn ix_d_even_turn_reinforcements_arrive_at_the_east_edge() {
    let mut g = session("harvest_the_wind/washita", 1);
    end_until(&mut g, "turn", "2");
    end_until(&mut g, "phase", "offensive_fire");
    g.force_dice(&[3]);
    play(&mut g, &["end"]);
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("Reinforcements (IX.D): die 3: 3 unit(s)")),
        "{:#?}",
        g.log.last()
    );
    // The Indian player picks each unit's type (2-4-8/F0 with an "M", or 2-3-8).
    for _ in 0..3 {
        assert_eq!(g.probe("pending").as_deref(), Some("recruit"));
        let picks: Vec<String> = g.legal();
        assert!(picks.iter().all(|a| a.starts_with("recruit ")), "{picks:?}");
        assert!(picks.len() >= 2, "both types are offered: {picks:?}");
        let last = picks.last().unwrap().clone();
        play(&mut g, &[last.as_str()]);
    }
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
    let enters: Vec<String> = g
        .legal()
        .into_iter()
        .filter(|l| l.starts_with("enter "))
        .collect();
    assert!(!enters.is_empty());
    let cols = g.state.stat.map.cols;
    for e in &enters {
        let h: Coord = e.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert_eq!(h.col, cols, "{e} is not on the east edge");
    }
}

#[test]
fn ix_d_indians_win_if_the_army_scores_under_ten() {
    let mut g = session("harvest_the_wind/washita", 1);
    end_until(&mut g, "over", "true");
    assert_eq!(g.probe("winner").as_deref(), Some("0"));
}

#[test]
fn ix_e_prepared_positions_give_cover_and_the_island_is_held() {
    let g = session("harvest_the_wind/beechers_island", 1);
    let s = &g.state;
    let prepared: Vec<Coord> = s
        .stat
        .map
        .marks
        .iter()
        .filter(|(_, m)| m.iter().any(|x| x == "prepared"))
        .map(|(c, _)| *c)
        .collect();
    assert_eq!(prepared.len(), 4, "four x hexes (IX.E)");
    let a1 = s.find("a1").unwrap();
    for h in &prepared {
        if s.stat.tec(*h).is_some_and(|t| !t.cover) {
            assert!(
                rules::in_cover(s, *h, a1),
                "{h}: Army units in x hexes are under Cover"
            );
        }
    }
    let mut g = g;
    end_until(&mut g, "over", "true");
    assert_eq!(
        g.probe("winner").as_deref(),
        Some("1"),
        "Army holds the island at the end of turn 12"
    );
}

#[test]
fn ix_f_medicine_attrition_ends_the_game_when_none_is_left() {
    let mut g = session("harvest_the_wind/renos_defense", 1);
    // Turn 1: no roll. Turns 2-5: a 4-6 each Indian Rally phase removes one of four.
    for turn in 2..=5 {
        end_until(&mut g, "turn", &turn.to_string());
        end_until(&mut g, "phase", "rally");
        g.force_dice(&[5]);
        play(&mut g, &["end"]);
        assert!(
            g.log
                .iter()
                .any(|l| l.text.contains("Medicine attrition (IX.F): die 5"))
        );
    }
    assert_eq!(g.probe("over").as_deref(), Some("true"));
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("all Medicine markers are gone (IX.F)"))
    );
    // Six troopers still west of the river: the Army wins (IX.F).
    assert_eq!(g.probe("winner").as_deref(), Some("1"));
}

#[test]
fn iii_g_loose_horses_move_at_random() {
    let mut g = lab();
    g.place("iH1", Some("0505")).unwrap();
    end_until(&mut g, "phase", "movement");
    // Direction die 4 (S), distance die 2: 0505 -> 0507.
    g.force_dice(&[4, 2]);
    play(&mut g, &["end"]);
    assert_eq!(g.probe("iH1.hex").as_deref(), Some("0507"));
    assert!(g.log.iter().any(|l| {
        l.text
            .contains("Loose Horses iH1 in 0505 move at random (III.G.1): direction die 4 -> S")
    }));
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("Loose Horses iH1 stop in 0507"))
    );
    assert_eq!(g.probe("phase").as_deref(), Some("melee"));
}

#[test]
fn iii_g_5_owner_of_a_unit_may_stop_loose_horses_or_let_them_run() {
    let mut g = lab();
    g.place("iH1", Some("0502")).unwrap();
    g.place("a5", Some("0507")).unwrap();
    g.place("aH1", None).unwrap();
    end_until(&mut g, "phase", "movement");
    // Direction die 4 (S), distance die 5: 0502 -> 0503 -> 0504 -> 0505 -> 0506 ...
    g.force_dice(&[4, 5]);
    play(&mut g, &["end"]);
    // ...0506 is next to the Army unit in 0507: the Army player decides (III.G.5),
    // and the Melee phase waits.
    assert_eq!(g.probe("iH1.hex").as_deref(), Some("0506"));
    assert_eq!(g.probe("pending").as_deref(), Some("capture"));
    assert_eq!(g.probe("to_act").as_deref(), Some("1"));
    assert_eq!(g.probe("phase").as_deref(), Some("movement"));
    assert_eq!(g.legal(), vec!["catch iH1".to_string(), "pass".to_string()]);
    // Letting them run: they move on into the unit's own hex and the Army player is
    // asked again.
    play(&mut g, &["pass"]);
    assert_eq!(g.probe("iH1.hex").as_deref(), Some("0507"));
    assert_eq!(g.probe("pending").as_deref(), Some("capture"));
    play(&mut g, &["catch iH1"]);
    assert_eq!(g.probe("iH1.hex").as_deref(), Some("0507"), "stopped there");
    assert_eq!(
        g.probe("iH1.side").as_deref(),
        Some("1"),
        "now the Army's Horses"
    );
    assert_eq!(g.probe("phase").as_deref(), Some("melee"));
}

#[test]
fn iii_g_5_loose_horses_that_are_let_go_run_on_to_their_full_distance() {
    let mut g = lab();
    g.place("iH1", Some("0502")).unwrap();
    g.place("a5", Some("0404")).unwrap();
    g.place("aH1", None).unwrap();
    end_until(&mut g, "phase", "movement");
    // S, 4 hexes: 0503 is next to 0404, and so is 0504.
    g.force_dice(&[4, 4]);
    play(&mut g, &["end", "pass", "pass"]);
    assert_eq!(g.probe("iH1.hex").as_deref(), Some("0506"));
    assert_eq!(
        g.probe("iH1.side").as_deref(),
        Some("0"),
        "still the Indians'"
    );
    assert_eq!(g.probe("phase").as_deref(), Some("melee"));
}

#[test]
fn manual_setup_second_side_first_within_zones_then_play() {
    use wargame::core::session::Session;
    use wargame::games::harvest::{Harvest, setup};
    let root = crate::util::root();
    // Massacre Canyon IX.C: the Pawnee (second side) set up first; the Sioux enter.
    let l = setup::load_scenario_id(&root, "harvest_the_wind/massacre_canyon").unwrap();
    let mut g: Session<Harvest> = Session::new("mc", 1, setup::initial_state(&l.stat, 1, true));
    assert_eq!(g.probe("phase").as_deref(), Some("setup"));
    assert_eq!(g.probe("to_act").as_deref(), Some("1"));
    let places: Vec<String> = g
        .legal()
        .into_iter()
        .filter(|a| a.starts_with("place "))
        .collect();
    assert!(!places.is_empty());
    // Every offered hex is at least 3 hexes from every edge (IX.C).
    let map = &g.state.stat.map;
    for p in &places {
        let h: Coord = p.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(
            h.col > 3 && h.row > 3 && h.col <= map.cols - 3 && h.row <= map.rows - 3,
            "{p}"
        );
    }
    play(&mut g, &[places[0].as_str(), "ready"]);
    assert_eq!(g.probe("phase").as_deref(), Some("offensive_fire"));
    assert_eq!(
        g.probe("phasing").as_deref(),
        Some("0"),
        "the Sioux act first (IX.C)"
    );
    // A placement outside the zone is refused.
    let mut h: Session<Harvest> = Session::new("mc", 1, setup::initial_state(&l.stat, 1, true));
    assert!(h.apply(&"place p1 0101".parse().unwrap()).is_err());
}

#[test]
fn ix_e_fifth_pinned_unit_lets_the_indians_move_a_dust_marker() {
    let mut g = session("harvest_the_wind/beechers_island", 1);
    // Put an Indian unit next to each Army unit on the island.
    let mut used: Vec<Coord> = vec![];
    let mut pairs = vec![];
    for (k, a) in ["a1", "a2", "a3", "a4", "a5"].iter().enumerate() {
        let ah: Coord = g.probe(&format!("{a}.hex")).unwrap().parse().unwrap();
        let map = &g.state.stat.map;
        let spot = map
            .coords()
            .filter(|n| (1..=2).contains(&n.distance(ah)))
            .filter(|n| !map.has_mark(*n, "island") && !used.contains(n))
            .find(|n| wargame::games::harvest::rules::los(&g.state, ah, *n, 1))
            .expect("a free hex near the island");
        used.push(spot);
        let id = format!("i{}", k + 1);
        g.place(&id, Some(&spot.to_string())).unwrap();
        pairs.push((a.to_string(), spot));
    }
    end_until(&mut g, "phasing", "1");
    let _ = &pairs;
    for k in 0..5 {
        // Any Army carbine shot at an Indian unit not yet pinned. Carbine at range 1-2
        // needs 2 or 4: die 4 + F1/F2 hits; die 1 passes any morale check.
        let find = |g: &wargame::core::session::Session<wargame::games::harvest::Harvest>| {
            g.legal()
                .into_iter()
                .filter(|l| l.starts_with("fire a") && l.contains(" R "))
                .find(|l| {
                    let h: Coord = l.split_whitespace().nth(3).unwrap().parse().unwrap();
                    g.state.unit_at(h, 0).is_some_and(|u| !g.state.p(u).pinned)
                        && !g.state.dust.contains(&h)
                })
        };
        if find(&g).is_none() {
            // The island is small: bring the last unpinned warrior next to an Army unit
            // that has not fired yet.
            let s = &g.state;
            let idle = ["a1", "a2", "a3", "a4", "a5"]
                .iter()
                .map(|a| s.find(a).unwrap())
                .find(|&a| !s.fired.contains(&a))
                .expect("an idle firer");
            let ah = s.p(idle).hex().unwrap();
            let warrior = ["i1", "i2", "i3", "i4", "i5"]
                .iter()
                .find(|i| s.p(s.find(i).unwrap()).pinned.not())
                .unwrap()
                .to_string();
            let spot = s
                .stat
                .map
                .coords()
                .filter(|n| {
                    n.distance(ah) == 1 && !s.stat.map.has_mark(*n, "island") && !s.dust.contains(n)
                })
                .find(|n| s.unit_at(*n, 0).is_none() && s.unit_at(*n, 1).is_none())
                .expect("a free hex");
            wargame::games::harvest::setup::override_place(
                &mut g.state,
                &warrior,
                &spot.to_string(),
            )
            .unwrap();
        }
        let shot = find(&g).unwrap_or_else(|| panic!("shot {k}: {:?}", g.legal()));
        let th: Coord = shot.split_whitespace().nth(3).unwrap().parse().unwrap();
        let target = g.state.unit_at(th, 0).unwrap();
        if rules::in_cover(&g.state, th, target) {
            g.force_dice(&[4]);
        } else {
            g.force_dice(&[4, 1]);
        }
        play(&mut g, &[shot.as_str()]);
        if k < 4 {
            assert_ne!(g.probe("pending").as_deref(), Some("dust"));
        }
    }
    assert_eq!(g.state.dust.len(), 4, "four Dust markers placed (IX.E)");
    assert_eq!(
        g.probe("pending").as_deref(),
        Some("dust"),
        "the fifth pin offers the choice"
    );
    assert_eq!(
        g.probe("to_act").as_deref(),
        Some("0"),
        "the Indian player decides"
    );
    let from = g.state.dust[0];
    play(&mut g, &[format!("dust {from}").as_str()]);
    assert!(!g.state.dust.contains(&from));
    assert_eq!(g.state.dust.len(), 4);
}

#[test]
fn iii_i_crew_limbers_moves_twelve_and_unlimbers_the_gun() {
    let mut g = lab();
    g.place("a4", Some("0505")).unwrap();
    g.place("aA1", Some("0505")).unwrap();
    g.place("aH1", Some("0506")).unwrap();
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount a4 0506"]);
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("limbers its gun aA1 (III.I.1)"))
    );
    assert_eq!(g.probe("aA1.hex").as_deref(), Some("0506"));
    assert_eq!(g.probe("aA1.mounted").as_deref(), Some("true"));
    // III.I.2: no Woods, MA 12 with terrain costs (Tall Grass 2).
    assert!(
        !g.legal().iter().any(|l| l == "move a4 0605"),
        "0604 is Tall Grass, allowed; Woods 0804 never"
    );
    play(
        &mut g,
        &[
            "move a4 0507",
            "move a4 0508",
            "move a4 0608",
            "move a4 0708",
        ],
    );
    assert_eq!(g.probe("aA1.hex").as_deref(), Some("0708"));
    // III.A / III.I.1: one limber or unlimber per phase, as for mounting.
    assert!(!g.legal().iter().any(|l| l.starts_with("dismount a4")));
    // A limbered gun cannot fire (II.E.1 needs it unlimbered with its crew).
    end_until(&mut g, "phasing", "0");
    end_until(&mut g, "phasing", "1");
    assert!(!g.legal().iter().any(|l| l.starts_with("fire a4")));
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["dismount a4 0708"]);
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("unlimbers its gun aA1 in 0708 (III.I.1)"))
    );
    assert_eq!(g.probe("aA1.mounted").as_deref(), Some("false"));
    assert_eq!(g.probe("aH1.hex").as_deref(), Some("0708"));
}

#[test]
fn iii_i_2_limbered_gun_has_ma_twelve() {
    let mut g = lab();
    g.place("a4", Some("0101")).unwrap();
    g.place("aA1", Some("0101")).unwrap();
    g.place("aH1", Some("0101")).unwrap();
    for (id, h) in [
        ("i1", "0801"),
        ("i2", "0802"),
        ("i3", "0803"),
        ("i4", "0804"),
        ("i5", "0805"),
        ("iD1", "0806"),
        ("iG1", "0807"),
    ] {
        g.place(id, Some(h)).unwrap();
    }
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount a4 0101"]);
    // Twelve Open hexes down column 1 and along row 8 would be 12 MP; the 8 rows of
    // column 1 cost 7.
    for h in [
        "0102", "0103", "0104", "0105", "0106", "0107", "0108", "0208", "0308", "0408", "0508",
        "0608",
    ] {
        play(&mut g, &[format!("move a4 {h}").as_str()]);
    }
    assert!(
        !g.legal().iter().any(|l| l.starts_with("move a4")),
        "12 MP spent (III.I.2)"
    );
}

/// The rules laboratory with an Army Wagon in 0505, its Wagons movable (III.I.3) or not.
fn lab_with_wagon(
    movable: bool,
) -> wargame::core::session::Session<wargame::games::harvest::Harvest> {
    let dir = crate::util::scratch(if movable {
        "wagons-move"
    } else {
        "wagons-fixed"
    });
    let data = crate::util::root().join("tests/data/harvest");
    let tile = std::fs::read_to_string(data.join("lab_tile.ron")).unwrap();
    crate::util::write(&dir, "lab_tile.ron", &tile);
    let lab = std::fs::read_to_string(data.join("lab.ron")).unwrap();
    let wagon = r#"(side: 1, kind: Wagon, count: 1, label: "Wagon",
         placement: Zone(zone: "anywhere", at: ["0505"]), source: Reconstruction("test fixture")),
    ],
    special: [LowAmmo(side: 0)"#;
    let mut text = lab.replacen("    ],\n    special: [LowAmmo(side: 0)", wagon, 1);
    assert_ne!(text, lab, "the fixture changed shape");
    if movable {
        text = text.replacen(
            "LowAmmo(side: 0)",
            "LowAmmo(side: 0), MovableWagons(side: 1)",
            1,
        );
    }
    let path = crate::util::write(&dir, "lab_wagons.ron", &text);
    crate::util::session(path.to_str().unwrap(), 1)
}

#[test]
fn iii_i_3_movable_wagons_limber_move_twelve_unlimber_and_shift_like_artillery() {
    let mut g = lab_with_wagon(true);
    g.place("a3", Some("0505")).unwrap();
    g.place("aH1", Some("0506")).unwrap();
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    // III.I.1 as applied by III.I.3: mounting Horses limbers the Wagon in the unit's hex.
    play(&mut g, &["mount a3 0506"]);
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("limbers the Wagon aW1 (III.I.3)")),
        "{:#?}",
        g.log
    );
    assert_eq!(g.probe("aW1.hex").as_deref(), Some("0506"));
    assert_eq!(g.probe("aW1.mounted").as_deref(), Some("true"));
    // III.I.2: MA 12 with terrain costs, no Woods or River.
    play(&mut g, &["move a3 0507", "move a3 0508"]);
    assert_eq!(g.probe("aW1.hex").as_deref(), Some("0508"));
    end_until(&mut g, "phasing", "0");
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["dismount a3 0508"]);
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("unlimbers the Wagon aW1"))
    );
    assert_eq!(g.probe("aW1.mounted").as_deref(), Some("false"));
    // III.I.2: an unpinned unit that does not move may shift the unlimbered Wagon a hex.
    end_until(&mut g, "phasing", "0");
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    let legal = g.legal();
    assert!(legal.iter().any(|l| l == "shift a3 0507"), "{legal:?}");
    assert!(
        !legal.iter().any(|l| l == "shift a3 0804"),
        "not into Woods"
    );
    play(&mut g, &["shift a3 0507"]);
    assert_eq!(g.probe("aW1.hex").as_deref(), Some("0507"));
    assert!(
        !g.legal().iter().any(|l| l.starts_with("move a3 ")),
        "it did not move as well"
    );
}

#[test]
fn iii_i_3_wagons_stay_put_unless_the_scenario_lets_them_move() {
    let mut g = lab_with_wagon(false);
    g.place("a3", Some("0505")).unwrap();
    g.place("aH1", Some("0506")).unwrap();
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    assert!(!g.legal().iter().any(|l| l.starts_with("shift a3")));
    play(&mut g, &["mount a3 0506"]);
    assert_eq!(g.probe("aW1.hex").as_deref(), Some("0505"));
    assert_eq!(g.probe("aW1.mounted").as_deref(), Some("false"));
}
