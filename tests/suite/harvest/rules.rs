//! Rules tests, each naming its rule, and the seed's worked examples (as scripts in
//! tests/scripts/harvest, run here).

use crate::util::{end_until, lab, play, root, walk_flight};
use wargame::core::hexmap::Coord;
#[allow(unused_imports)]
use wargame::core::session::GameSession;
use wargame::games::harvest::rules;

fn c(s: &str) -> Coord {
    s.parse().expect("hex")
}

#[test]
fn worked_examples_scripts_all_pass() {
    let dir = root().join("tests/scripts/harvest");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scripts dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .collect();
    files.sort();
    assert!(files.len() >= 7, "expected the worked-example scripts");
    let mut failures = vec![];
    for f in files {
        let bad = wargame::cli::run_script(&root(), &f).unwrap_or_else(|e| vec![e.to_string()]);
        if !bad.is_empty() {
            failures.push(format!("{}:\n  {}", f.display(), bad.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ii_a_2_los_level_example_and_blocking_counters() {
    // II.A.2 example: firer on Level 1, target on Level 2, only Level 1 hexes between.
    let mut g = lab();
    g.place("i4", Some("0506")).unwrap();
    g.place("a1", Some("0906")).unwrap(); // Level 2
    let s = &g.state;
    assert_eq!(s.stat.map.level(c("0906")), 2);
    assert!(
        rules::los(s, c("0506"), c("0906"), 0),
        "level 1 to level 2 over level 1 ground"
    );
    // A Lodge between blocks (II.A.2 example, Table 3).
    let between = s.stat.map.intervening(c("0506"), c("0906"));
    assert!(!between.is_empty());
    g.place("iG1", Some(&between[0].to_string())).unwrap();
    assert!(
        !rules::los(&g.state, c("0506"), c("0906"), 0),
        "a Lodge marker between blocks"
    );
}

#[test]
fn ii_a_2_higher_level_hex_blocks_only_lower_shots() {
    // 0906 and 0907 are Level 2 (lab tile). A shot straight down column 9 between two
    // Level 1 hexes crosses both and is blocked...
    let g = lab();
    let s = &g.state;
    assert_eq!(
        s.stat.map.intervening(c("0905"), c("0908")),
        vec![c("0906"), c("0907")]
    );
    assert!(!rules::los(s, c("0905"), c("0908"), 0));
    // ...and so is a shot from the Level 2 hex 0906 over 0907 (Level 2) down to Level 1
    // 0908: the target is lower than the intervening hex.
    assert!(!rules::los(s, c("0906"), c("0908"), 0));
    // The same column one hex west is all Level 1: clear.
    assert!(rules::los(s, c("0805"), c("0808"), 0));
    // Woods block (Table 3): 0804 lies between 0803 and 0805.
    assert!(!rules::los(s, c("0803"), c("0805"), 0));
    // ...but a line that only runs along a Woods hexside is not blocked (II.A.2):
    // 0704 -> 0904 runs along the side between 0803 and 0804.
    assert!(rules::los(s, c("0704"), c("0904"), 0));
    // Tall Grass does not block (Table 3).
    assert!(rules::los(s, c("0504"), c("0704"), 0));
}

#[test]
fn ii_a_3_range_counts_target_not_firer_and_same_hex_is_zero() {
    assert_eq!(c("0505").distance(c("0505")), 0);
    assert_eq!(c("0505").distance(c("0506")), 1);
    assert_eq!(c("0505").distance(c("0805")), 3);
}

#[test]
fn ii_a_4_no_table_entry_no_fire() {
    // A Carbine has no entry at range 5 (Table 1): no fire action is offered.
    let mut g = lab();
    g.place("a1", Some("0405")).unwrap();
    g.place("i1", Some("0905")).unwrap();
    end_until(&mut g, "phasing", "1");
    assert!(
        !g.legal()
            .iter()
            .any(|l| l.starts_with("fire a1") && l.contains("0905")),
        "{:?}",
        g.legal()
    );
    assert!(g.apply(&"fire a1 R 0905".parse().unwrap()).is_err());
}

#[test]
fn ii_d_1_low_ammo_flip_then_remove_and_minus_two() {
    // Lab gives Low Ammo rules (II.D) to the Indians.
    let mut g = lab();
    g.place("i4", Some("0505")).unwrap();
    g.place("a1", Some("0506")).unwrap();
    g.force_dice(&[1]);
    play(&mut g, &["fire i4 B 0506"]);
    assert!(
        g.state.p(g.state.find("iw1").unwrap()).flipped,
        "natural 1 flips to Low Ammo"
    );
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("flips to Low Ammo (II.D.1)"))
    );
    // Next player turn the -2 applies, and another natural 1 removes it.
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phasing", "0");
    g.force_dice(&[1]);
    play(&mut g, &["fire i4 B 0506"]);
    assert!(
        g.log.iter().any(|l| l.text.contains("-2 Low Ammo")),
        "{:#?}",
        g.log
    );
    assert_eq!(g.probe("iw1.loc").as_deref(), Some("removed"));
}

#[test]
fn ii_b_1_hit_in_open_checks_morale_and_routs_on_failure() {
    let mut g = lab();
    g.place("i4", Some("0505")).unwrap();
    g.place("a3", Some("0507")).unwrap(); // 1-2-6: Morale 2, in the Open
    // Breechloader range 2 needs 3: die 5 hits; morale die 6 > 2 fails: rout.
    g.force_dice(&[5, 6]);
    play(&mut g, &["fire i4 B 0507"]);
    assert_eq!(g.probe("a3.pinned").as_deref(), Some("true"));
    assert_eq!(g.probe("pending").as_deref(), Some("flee"));
    // II.C.1: the routed unit abandons its weapon, flipped to Low Ammo, in the hex.
    assert_eq!(g.probe("aw3.loc").as_deref(), Some("0507"));
    // II.B.4: a routed unit must move to Cover farther from the enemy; the only Cover
    // nearby is Woods 0804 or Tall Grass 0604. It moves one hex at a time (IV.C.2), so
    // the first choices are single steps, and it may not stay where it is.
    let flees: Vec<String> = g.legal();
    assert!(
        !flees.is_empty() && flees.iter().all(|l| l.starts_with("flee a3")),
        "{flees:?}"
    );
    for f in &flees {
        let hex: Coord = f.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert_eq!(hex.distance(c("0507")), 1, "{f}: one hex at a time");
    }
    let unit = g.state.find("a3").unwrap();
    let start = g.state.nearest_enemy(1, c("0507"));
    let path = walk_flight(&mut g, "a3", |l| l[0].clone());
    let end = *path.last().expect("it moved");
    assert!(
        rules::in_cover(&g.state, end, unit),
        "{path:?}: not in Cover"
    );
    assert!(
        g.state.nearest_enemy(1, end) > start,
        "{path:?}: not farther from the enemy"
    );
    assert!(path.len() <= 4, "{path:?}: more than 4 hexes");
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
    assert!(g.log.iter().any(|l| l.text.contains("ends its rout in")));
}

/// II.B.4 for a rout that waits its turn behind another decision (a unit routed while
/// a Dust, Medicine or another flight was being decided): when it comes up with no Cover
/// in reach, the unit is eliminated then. It used to be left pending with no legal
/// action, which stalled the game (found by AI playouts of Beecher Island).
#[test]
fn ii_b_4_a_queued_rout_with_no_cover_in_reach_eliminates_when_it_comes_up() {
    use wargame::games::harvest::state::{Flight, Pending};
    let mut g = lab();
    g.place("i4", Some("0102")).unwrap();
    g.place("a3", Some("0101")).unwrap();
    g.place("i1", Some("0201")).unwrap();
    g.place("i2", Some("0301")).unwrap();
    let a3 = g.state.find("a3").unwrap();
    let medicine = g
        .state
        .pieces
        .iter()
        .position(|p| p.kind == wargame::games::harvest::state::Kind::Medicine)
        .unwrap();
    g.state.pending = Pending::Medicine {
        medicine: medicine as wargame::games::harvest::state::Pid,
    };
    g.state.queue = vec![Pending::Flee {
        unit: a3,
        why: Flight::Rout,
        start_dist: g.state.nearest_enemy(1, c("0101")),
        moved: 0,
    }];
    play(&mut g, &["pass"]);
    assert_eq!(g.probe("a3.loc").as_deref(), Some("eliminated"));
    assert_eq!(g.probe("pending").as_deref(), Some("none"));
    assert!(!g.legal().is_empty(), "the game goes on");
    assert!(g.log.iter().any(|l| l.text.contains("(II.B.4)")));
}

#[test]
fn ii_b_4_rout_with_no_cover_in_reach_eliminates() {
    let mut g = lab();
    g.place("i4", Some("0102")).unwrap();
    g.place("a3", Some("0101")).unwrap();
    g.place("i1", Some("0201")).unwrap();
    g.place("i2", Some("0301")).unwrap();
    // Range 1, die 4 hits; morale 6 fails; no Cover within 4 hexes of 0101: eliminated.
    g.force_dice(&[4, 6]);
    play(&mut g, &["fire i4 B 0101"]);
    assert_eq!(g.probe("a3.loc").as_deref(), Some("eliminated"));
    assert!(g.log.iter().any(|l| l.text.contains("(II.B.4)")));
}

#[test]
fn ii_e_5_gatling_three_adjacent_targets_need_range_three() {
    let mut g = lab();
    g.place("a4", Some("0205")).unwrap();
    g.place("aA1", Some("0205")).unwrap();
    // Three mutually adjacent Indian units at range >= 3, and a fourth.
    for (id, h) in [
        ("i1", "0505"),
        ("i2", "0506"),
        ("i3", "0605"),
        ("i4", "0606"),
    ] {
        g.place(id, Some(h)).unwrap();
    }
    let d = |h: &str| c("0205").distance(c(h));
    assert_eq!(d("0505"), 3);
    end_until(&mut g, "phasing", "1");
    // Three targets at nearest range 3: allowed (II.E.5).
    let mut three = g.clone();
    three.force_dice(&[2]);
    play(&mut three, &["fire a4 art 0505,0506,0605"]);
    assert!(
        three
            .log
            .iter()
            .filter(|l| l.text.contains("Offensive Fire: a4 with gatling"))
            .count()
            == 3
    );
    // Four targets with the nearest at range 3: refused (range must be >= number of targets).
    let e = g.apply(&"fire a4 art 0505,0506,0605,0606".parse().unwrap());
    assert!(e.is_err());
}

#[test]
fn ii_e_4_gatling_jams_on_natural_one() {
    let mut g = lab();
    g.place("a4", Some("0205")).unwrap();
    g.place("aA1", Some("0205")).unwrap();
    g.place("i1", Some("0505")).unwrap();
    end_until(&mut g, "phasing", "1");
    g.force_dice(&[1]);
    play(&mut g, &["fire a4 art 0505"]);
    assert_eq!(g.probe("aA1.loc").as_deref(), Some("removed"));
}

#[test]
fn ii_e_4_a_howitzer_loses_an_ammunition_type_on_a_natural_one() {
    // II.E.4: a natural 1 costs a Howitzer the ammunition it fired; it may no longer
    // fire it, and with both types lost it is removed. The lab's Gatling counter is
    // made a Howitzer for the test.
    use wargame::games::harvest::state::{Ammo, Kind};
    let mut g = lab();
    let gun = g.state.find("aA1").unwrap();
    assert_eq!(g.state.p(gun).kind, Kind::Artillery);
    g.state.pieces[usize::from(gun)].letter = "howitzer".into();
    g.place("a4", Some("0205")).unwrap();
    g.place("aA1", Some("0205")).unwrap();
    g.place("i1", Some("0505")).unwrap();
    end_until(&mut g, "phasing", "1");
    let canister = "fire a4 art 0505 canister".to_string();
    assert!(g.legal().contains(&canister), "{:?}", g.legal());
    g.force_dice(&[1]);
    play(&mut g, &[canister.as_str()]);
    let lost = g.state.p(gun).lost_ammo;
    assert!(
        lost.contains(&Ammo::Canister) && lost.len() == 1,
        "{lost:?}"
    );
    assert_eq!(g.probe("aA1.loc").as_deref(), Some("0205"), "still in play");
    // The Army's next Offensive Fire phase: the same shot is no longer offered.
    end_until(&mut g, "phasing", "0");
    end_until(&mut g, "phasing", "1");
    assert_eq!(g.probe("phase").as_deref(), Some("offensive_fire"));
    assert!(!g.legal().contains(&canister), "{:?}", g.legal());
    // Shell still fires (range 3, need 6, Table 1); a natural 1 with it too, and the
    // Howitzer, with both types lost, is removed.
    g.force_dice(&[1]);
    play(&mut g, &["fire a4 art 0505 shell"]);
    assert_eq!(g.probe("aA1.loc").as_deref(), Some("removed"));
}

#[test]
fn ii_e_4_a_howitzer_s_lost_ammunition_reads_and_writes_as_a_list() {
    use wargame::games::harvest::state::{Ammo, LostAmmo};
    let mut l = LostAmmo::default();
    assert!(l.is_empty());
    assert_eq!(ron::to_string(&l).unwrap(), "[]");
    l.push(Ammo::Shell);
    l.push(Ammo::Shell);
    assert_eq!(l.len(), 1, "a type is lost once");
    assert!(l.contains(&Ammo::Shell) && !l.contains(&Ammo::Canister));
    l.push(Ammo::Canister);
    assert_eq!(l.len(), 2, "both lost: the Howitzer is removed (II.E.4)");
    assert_eq!(
        ron::to_string(&l).unwrap(),
        "[Shell,Canister]",
        "in the order lost"
    );
    let back: LostAmmo = ron::from_str("[Canister, Shell, Canister]").unwrap();
    assert_eq!(back.len(), 2);
    assert!(ron::from_str::<LostAmmo>("[Grape]").is_err());
}

#[test]
fn iii_b_terrain_costs_and_climb() {
    let g = lab();
    let s = &g.state;
    let i = s.find("i1").unwrap();
    assert_eq!(
        rules::step_cost(s, i, c("0504"), c("0604")),
        Ok(2),
        "Tall Grass 2 (Table 3)"
    );
    assert_eq!(
        rules::step_cost(s, i, c("0704"), c("0804")),
        Ok(2),
        "Woods 2"
    );
    assert_eq!(
        rules::step_cost(s, i, c("1004"), c("1104")),
        Ok(4),
        "River 4"
    );
    assert_eq!(
        rules::step_cost(s, i, c("0806"), c("0906")),
        Ok(2),
        "Open 1 + climb 1 (III.B.3)"
    );
    assert_eq!(
        rules::step_cost(s, i, c("0906"), c("0806")),
        Ok(1),
        "no cost to descend"
    );
}

#[test]
fn iii_e_1_one_friendly_unit_per_hex() {
    let mut g = lab();
    end_until(&mut g, "phase", "movement");
    // i2 stands in 0102 (lab default). III.E.1 limits the stack at the END of the
    // Movement phase: i1 may pass through 0102 ...
    play(&mut g, &["move i1 0102"]);
    // ... but may not stop there, end the phase there, or leave it for another unit.
    let legal = g.legal();
    assert!(legal.iter().all(|l| l.starts_with("move i1 ")), "{legal:?}");
    assert!(g.apply(&"stop i1".parse().unwrap()).is_err());
    assert!(g.apply(&"end".parse().unwrap()).is_err());
    play(&mut g, &["move i1 0202", "stop i1"]);
    assert_eq!(g.probe("i1.hex").as_deref(), Some("0202"));
    // A unit without movement left to get out again may not enter at all.
    let mut h = lab();
    h.place("i3", Some("0705")).unwrap();
    h.place("i2", Some("0604")).unwrap(); // Tall Grass, 2 MP
    end_until(&mut h, "phase", "movement");
    let s = &mut h.state;
    let i3 = s.find("i3").unwrap();
    s.rec_mut(i3).mp = 6; // 2 MP left: enough to enter 0604, not to leave it
    assert!(
        h.apply(&"move i3 0604".parse().unwrap()).is_err(),
        "it would be stuck over-stacked"
    );
}

#[test]
fn iii_e_1_no_way_out_through_a_second_friend() {
    // A unit passing through one friend's hex (A) may not step on into a second
    // friend's hex (B) whose only way out is back into A: it would end the phase
    // stacked with one of them (III.E.1). B is the lab's corner hex, 0101, so it has
    // few neighbours; the others are filled with friends.
    let mut g = lab();
    let s = &g.state;
    let b = c("0101");
    let around: Vec<Coord> = s.stat.map.neighbors(b).collect();
    assert!(around.len() <= 3, "a corner hex: {around:?}");
    let a = around[0];
    // The mover starts next to A but not next to B.
    let start = s
        .stat
        .map
        .neighbors(a)
        .find(|n| *n != b && n.distance(b) == 2)
        .expect("a hex beside A, away from B");
    g.place("i2", Some(&a.to_string())).unwrap();
    for (n, id) in around[1..].iter().zip(["i3", "i4"]) {
        g.place(id, Some(&n.to_string())).unwrap();
    }
    g.place("i5", Some(&start.to_string())).unwrap();
    end_until(&mut g, "phase", "movement");
    // Into A is fine: from A it can still reach a hex of its own.
    play(&mut g, &[&format!("move i5 {a}")]);
    // On into B is not: B's only other neighbours hold friends, and the way back
    // leads into A, where i2 stands.
    assert!(
        g.apply(&format!("move i5 {b}").parse().unwrap()).is_err(),
        "i5 would be stranded stacked with i1 or i2 (III.E.1)"
    );
    // It may still go on from A to a free hex and stop there.
    play(&mut g, &[&format!("move i5 {start}"), "stop i5"]);
}

/// Whether some sequence of the flight steps on offer runs into a position with no
/// legal action at all (at most `depth` more steps deep).
fn flight_dead_end(s: &wargame::games::harvest::state::State, depth: u32) -> Option<Vec<String>> {
    use wargame::core::game::Rules;
    use wargame::games::harvest::Harvest;
    use wargame::games::harvest::state::Pending;
    let legal = Harvest::legal_actions(s);
    if legal.is_empty() {
        return Some(vec![]);
    }
    if depth == 0 {
        return None;
    }
    for a in legal.iter().filter(|a| a.to_string().starts_with("flee")) {
        let mut next = s.clone();
        Harvest::apply(&mut next, a).expect("offered");
        if matches!(next.pending, Pending::Flee { .. })
            && let Some(mut path) = flight_dead_end(&next, depth - 1)
        {
            path.insert(0, a.to_string());
            return Some(path);
        }
    }
    None
}

#[test]
fn ii_b_4_a_rout_never_steps_where_it_cannot_go_on() {
    // i1 routs from 0104, which it shares with i2 (as after being pinned passing
    // through, III.E.1); the Cover it must reach is 0106. A rout may pass through
    // friendly units' hexes but not end in one (II.B.4 with III.E.1; see
    // docs/reconstructions-harvest.md), so the steps into 0203 (i5) and 0103 (whose
    // only ways on lead through friends) are offered too, and every step that is
    // offered must lead on to a hex where the rout may end. (A dead end was found in an
    // AI game of Beecher Island that stalled with a rout and no legal action.)
    use wargame::games::harvest::state::{Flight, Pending};
    let mut g = lab();
    for (id, hex) in [
        ("i1", "0104"),
        ("i2", "0104"),
        ("i3", "0102"),
        ("i4", "0202"),
        ("i5", "0203"),
        ("a1", "0101"),
    ] {
        g.place(id, Some(hex)).unwrap();
    }
    let s = &mut g.state;
    let unit = s.find("i1").unwrap();
    let start_dist = s.nearest_enemy(0, c("0104"));
    s.pending = Pending::Flee {
        unit,
        why: Flight::Rout,
        start_dist,
        moved: 0,
    };
    assert_eq!(
        g.legal(),
        vec![
            "flee i1 0103",
            "flee i1 0105",
            "flee i1 0203",
            "flee i1 0204"
        ]
    );
    assert_eq!(flight_dead_end(&g.state, 4), None);
}

#[test]
fn iii_c_2_c_mounted_units_cannot_enter_woods() {
    let mut g = lab();
    g.place("iH1", Some("0704")).unwrap();
    g.place("i1", Some("0704")).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount i1 0704"]);
    assert!(
        g.apply(&"move i1 0804".parse().unwrap()).is_err(),
        "0804 is Woods"
    );
    play(
        &mut g,
        &[
            "move i1 0705",
            "move i1 0706",
            "move i1 0707",
            "move i1 0708",
        ],
    );
}

#[test]
fn iii_g_8_thirsty_horses_stop_in_the_river() {
    let mut g = lab();
    g.place("iH1", Some("1003")).unwrap();
    g.place("i1", Some("1003")).unwrap();
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["mount i1 1003"]);
    g.force_dice(&[5]);
    play(&mut g, &["move i1 1103"]);
    assert!(
        g.log
            .iter()
            .any(|l| l.text.contains("Thirsty Horses (III.G.8)"))
    );
    assert!(
        g.apply(&"move i1 1203".parse().unwrap()).is_err(),
        "stopped for the phase"
    );
}

#[test]
fn iii_d_1_entering_enemy_hex_ends_move() {
    let mut g = lab();
    g.place("a1", Some("0303")).unwrap();
    g.place("i1", Some("0302")).unwrap();
    end_until(&mut g, "phase", "movement");
    // Avoid the reaction window: a1 may fire, so pass it.
    let _ = g.apply(&"move i1 0303".parse().unwrap()).unwrap();
    if g.probe("pending").as_deref() == Some("reaction") {
        play(&mut g, &["pass"]);
    }
    assert!(g.apply(&"move i1 0304".parse().unwrap()).is_err());
    // V: melee is compulsory: the phase cannot end with the hex contested.
    play(&mut g, &["end"]);
    assert!(g.apply(&"end".parse().unwrap()).is_err());
    assert!(g.legal().iter().any(|l| l == "melee 0303"));
}

#[test]
fn v_5_leader_left_alone_with_enemy_is_eliminated() {
    let mut g = lab();
    g.place("a1", Some("0505")).unwrap();
    g.place("aL1", Some("0505")).unwrap();
    g.place("i4", Some("0505")).unwrap();
    end_until(&mut g, "phase", "melee");
    g.force_dice(&[6, 1]);
    play(&mut g, &["melee 0505"]);
    assert_eq!(g.probe("a1.loc").as_deref(), Some("eliminated"));
    assert_eq!(g.probe("aL1.loc").as_deref(), Some("eliminated"));
}

#[test]
fn vii_b_leader_hit_flips_then_is_eliminated() {
    let mut g = lab();
    g.place("aL1", Some("0506")).unwrap();
    g.place("i4", Some("0505")).unwrap();
    g.force_dice(&[6]);
    play(&mut g, &["fire i4 B 0506"]);
    assert_eq!(g.probe("aL1.flipped").as_deref(), Some("true"));
    assert_eq!(
        g.probe("aL1.melee").as_deref(),
        Some("0"),
        "reverse side: rating -1 (reconstruction)"
    );
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phasing", "0");
    g.force_dice(&[6]);
    play(&mut g, &["fire i4 B 0506"]);
    assert_eq!(g.probe("aL1.loc").as_deref(), Some("eliminated"));
}

#[test]
fn viii_a_3_raze_dependent_when_no_enemy_unit() {
    let mut g = lab();
    g.place("iD1", Some("0808")).unwrap();
    g.place("a1", Some("0807")).unwrap();
    end_until(&mut g, "phasing", "1");
    end_until(&mut g, "phase", "movement");
    play(&mut g, &["move a1 0808"]);
    if g.probe("pending").as_deref() == Some("reaction") {
        play(&mut g, &["pass"]);
    }
    end_until(&mut g, "phase", "melee");
    play(&mut g, &["raze a1 iD1"]);
    assert_eq!(g.probe("iD1.loc").as_deref(), Some("eliminated"));
    // VIII.B: only one melee action per unit per phase.
    assert!(!g.legal().iter().any(|l| l.starts_with("raze a1")));
}

#[test]
fn viii_c_horses_can_be_shot_with_plus_one() {
    let mut g = lab();
    g.place("iH1", Some("0506")).unwrap();
    g.place("i1", Some("0506")).unwrap();
    g.place("a1", Some("0505")).unwrap();
    end_until(&mut g, "phasing", "1");
    assert!(
        g.legal().iter().any(|l| l == "fire a1 R 0506h"),
        "{:?}",
        g.legal()
    );
    g.force_dice(&[1]);
    play(&mut g, &["fire a1 R 0506h"]);
    assert!(g.log.iter().any(|l| l.text.contains("+1 unmounted Horses")));
}

#[test]
fn i_sequence_of_play_phases_in_order_indian_first() {
    let mut g = lab();
    let mut seen = vec![];
    for _ in 0..8 {
        seen.push(format!(
            "{}:{}",
            g.probe("phasing").unwrap(),
            g.probe("phase").unwrap()
        ));
        play(&mut g, &["end"]);
    }
    assert_eq!(
        seen,
        [
            "0:offensive_fire",
            "0:movement",
            "0:melee",
            "0:rally",
            "1:offensive_fire",
            "1:movement",
            "1:melee",
            "1:rally"
        ]
    );
    assert_eq!(g.probe("turn").as_deref(), Some("2"));
}
