//! One test per rule of the tactical game (C3-C7, D2.0), named by its rule number, and
//! the worked examples of seed_notes 000-4 with forced dice.

use super::util::{act, clear, face, legal, probe, put, remove, side, terrain, text};
use wargame::core::game::Rules;
use wargame::core::hexmap::Dir;
use wargame::games::nez_perce_tactical::NezPerceTactical;
use wargame::games::nez_perce_tactical::data::{Contact, Side};
use wargame::games::nez_perce_tactical::rules::{self, fire, results};
use wargame::games::nez_perce_tactical::state::{Loc, Pending, Pin};

fn uid(s: &wargame::games::nez_perce_tactical::state::State, id: &str) -> usize {
    s.find(id).unwrap()
}

#[test]
fn c6_5_2_fire_strength_falls_with_range_by_band() {
    let mut s = clear();
    face(&mut s, "perry1", 9, 4, 3);
    face(&mut s, "wv1", 9, 2, 4);
    face(&mut s, "le1", 5, 3, 4);
    let (p, w, l) = (uid(&s, "perry1"), uid(&s, "wv1"), uid(&s, "le1"));
    // seed_notes 000-4: Army FS 9 at 6 hexes -> 4, at 10 -> 2; Washington Volunteers
    // FS 9 at 6 -> 9; Indian FS 5 at 13 -> 1.
    assert_eq!(fire::strength_at(&s, p, 4, false), 9);
    assert_eq!(fire::strength_at(&s, p, 6, false), 4);
    assert_eq!(fire::strength_at(&s, p, 10, false), 2);
    assert_eq!(fire::strength_at(&s, w, 6, false), 9);
    assert_eq!(fire::strength_at(&s, w, 7, false), 4);
    assert_eq!(fire::strength_at(&s, l, 12, false), 2);
    assert_eq!(fire::strength_at(&s, l, 13, false), 1);
}

#[test]
fn c6_3_fire_and_move_fires_at_half_then_moves_half() {
    let mut s = clear();
    // seed_notes 000-4: FS 5, MA 7 -> fires at 2, moves 3.
    face(&mut s, "perry1", 5, 4, 7);
    put(&mut s, "perry1", "0505");
    put(&mut s, "le1", "0508");
    s.dice.force([1]);
    let log = text(&act(&mut s, "firemove perry1 le1"));
    assert!(log.contains("strength 2 - D&M 3"), "{log}");
    assert_eq!(probe(&s, "perry1.mp"), "3");
    act(&mut s, "move perry1 0405");
    act(&mut s, "move perry1 0305");
    act(&mut s, "move perry1 0205");
    assert_eq!(
        probe(&s, "perry1.mp"),
        "-",
        "the move ends with the points spent"
    );
}

#[test]
fn c6_5_3_indirect_fire_strength_and_scatter() {
    let mut s = clear();
    face(&mut s, "howard3", 8, 2, 0);
    let h = uid(&s, "howard3");
    // seed_notes 000-4: FS 8 at 9 hexes -> 5; at 10 -> 2.
    assert_eq!(fire::indirect_strength(&s, h, 9), 5);
    assert_eq!(fire::indirect_strength(&s, h, 10), 2);
    // Scatter 4 then direction 2: one hex up-right of the target.
    put(&mut s, "howard3", "0502");
    put(&mut s, "perry1", "0705");
    put(&mut s, "le1", "0508");
    let landing = "0508"
        .parse::<wargame::core::hexmap::Coord>()
        .unwrap()
        .step(Dir::NE)
        .unwrap();
    put(&mut s, "le2", &landing.to_string());
    s.dice.force([4, 2, 6]);
    let log = text(&act(&mut s, "indirect howard3 0508"));
    assert!(log.contains(&format!("lands in {landing}")), "{log}");
    assert!(log.contains("shells Lean Elk 2"), "{log}");
    assert!(!log.contains("Lean Elk 1"), "{log}");
}

#[test]
fn c6_5_3_indirect_fire_needs_a_cavalry_spotter_that_could_mount() {
    let mut s = clear();
    put(&mut s, "howard3", "0502");
    put(&mut s, "le1", "0510");
    for id in ["perry1", "perry2", "perry3", "perry4"] {
        remove(&mut s, id);
    }
    assert!(!legal(&s, "indirect howard3 0510"), "no spotter");
    put(&mut s, "perry1", "0506");
    assert!(legal(&s, "indirect howard3 0510"));
    terrain(&mut s, &["0506"], "rocked_broken");
    assert!(
        !legal(&s, "indirect howard3 0510"),
        "the spotter could not mount there"
    );
}

#[test]
fn c5_2_combined_melee_worked_example() {
    let mut s = clear();
    s.phasing = Side::Indian;
    face(&mut s, "perry1", 10, 4, 3);
    face(&mut s, "le1", 5, 3, 4);
    face(&mut s, "le2", 5, 4, 4);
    put(&mut s, "perry1", "0505");
    put(&mut s, "le1", "0508");
    put(&mut s, "le2", "0509");
    act(&mut s, "move le1 0507");
    act(&mut s, "move le1 0506");
    act(&mut s, "move le1 0505");
    assert_eq!(
        s.melees.len(),
        1,
        "the melee waits for a second Indian unit"
    );
    act(&mut s, "move le2 0508");
    act(&mut s, "move le2 0507");
    act(&mut s, "move le2 0506");
    s.dice.force([3]);
    let log = text(&act(&mut s, "move le2 0505"));
    // 3 + (4 - 1) = 6 against 4: superiority 2, the defender lower; die 3 -> 1K/-.
    assert!(
        log.contains("Lean Elk 1 + Lean Elk 2 (D&M 6) against"),
        "{log}"
    );
    assert!(
        log.contains("(D&M 4); superiority 2; die 3 = 3: 1K/-, the defending side lower"),
        "{log}"
    );
    assert_eq!(probe(&s, "perry1.status"), "killed");
}

#[test]
fn c5_1_entering_an_enemy_hex_stops_the_move_and_melees_at_once_for_the_army() {
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    put(&mut s, "le1", "0506");
    s.dice.force([1]);
    let log = text(&act(&mut s, "move perry1 0506"));
    assert!(log.contains("stops to melee"), "{log}");
    assert!(log.contains("Melee in 0506"), "{log}");
    assert!(s.active.is_none() && s.melees.is_empty());
}

#[test]
fn c5_3_2_two_washington_volunteers_may_melee_together() {
    let mut s = clear();
    put(&mut s, "wv1", "0505");
    put(&mut s, "wv2", "0705");
    put(&mut s, "le1", "0605");
    act(&mut s, "move wv1 0605");
    assert_eq!(
        s.melees.len(),
        1,
        "waits for the second Washington Volunteers unit"
    );
    s.dice.force([1]);
    let log = text(&act(&mut s, "move wv2 0605"));
    assert!(log.contains("Wash. Vols 1 + Wash. Vols 2"), "{log}");
    // A regular Army unit may not join an Army melee.
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    put(&mut s, "le1", "0605");
    put(&mut s, "le2", "0606");
    s.dice.force([1, 1, 1]);
    act(&mut s, "move perry1 0605");
    assert!(s.melees.is_empty(), "a lone Army attacker fights at once");
}

#[test]
fn c6_4_4_2m3k_kills_three_by_the_owners_choice_then_one_morale_roll() {
    let mut s = clear();
    for id in ["le1", "le2", "le3", "re1"] {
        put(&mut s, id, "0510");
    }
    let among: Vec<usize> = ["le1", "le2", "le3", "re1"]
        .iter()
        .map(|i| uid(&s, i))
        .collect();
    results::losses(&mut s, among, 3, 2);
    let mut log = vec![];
    rules::settle(&mut s, &mut log);
    assert!(matches!(
        s.pending,
        Pending::Losses {
            side: Side::Indian,
            kills: 3,
            ..
        }
    ));
    assert_eq!(NezPerceTactical::to_act(&s), Some(1), "the owner chooses");
    act(&mut s, "kill le2");
    act(&mut s, "kill re1");
    // The one survivor rolls once, not twice; a 6 breaks a Warrior unit.
    s.dice.force([6]);
    let log = text(&act(&mut s, "kill le3"));
    assert_eq!(probe(&s, "le1.status"), "broken");
    for id in ["le2", "le3", "re1"] {
        assert_eq!(probe(&s, &format!("{id}.status")), "killed");
    }
    assert_eq!(log.matches("Morale Table").count(), 1, "{log}");
    assert!(matches!(s.pending, Pending::None));
}

#[test]
fn c6_4_1_and_c6_4_2_pins_accumulate() {
    let mut s = clear();
    let p = uid(&s, "perry1");
    results::hit(&mut s, p, results::Hit::P1);
    assert_eq!(s.u(p).pin, Pin::P1);
    results::hit(&mut s, p, results::Hit::P1);
    assert_eq!(s.u(p).pin, Pin::P2, "a second P1 becomes P2");
    results::hit(&mut s, p, results::Hit::P1);
    assert_eq!(s.u(p).pin, Pin::P2, "further P1s have no effect");
    s.dice.force([1]);
    let log = text(&results::hit(&mut s, p, results::Hit::P2));
    assert!(
        log.contains("Morale Table"),
        "a second P2 means a morale roll: {log}"
    );
}

#[test]
fn c6_4_1_pinned_units_may_not_move_and_c6_4_2_hard_pinned_may_not_fire() {
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    put(&mut s, "le1", "0508");
    let p = uid(&s, "perry1");
    s.units[p].pin = Pin::P1;
    assert!(!legal(&s, "move perry1 0506"));
    assert!(legal(&s, "fire perry1 le1"));
    assert!(!legal(&s, "firemove perry1 le1"));
    s.units[p].pin = Pin::P2;
    assert!(!legal(&s, "fire perry1 le1"));
}

#[test]
fn c3_2_pin_removal_rolls_p1_on_1_to_4_and_p2_on_1_to_3() {
    let mut s = clear();
    let (a, b) = (uid(&s, "perry1"), uid(&s, "perry2"));
    s.units[a].pin = Pin::P1;
    s.units[b].pin = Pin::P2;
    s.dice.force([4, 4]);
    let log = text(&act(&mut s, "end"));
    assert_eq!(s.u(a).pin, Pin::None, "P1 with a 4 is removed: {log}");
    assert_eq!(s.u(b).pin, Pin::P2, "P2 with a 4 stays: {log}");
    assert_eq!(s.phasing, Side::Indian);
}

#[test]
fn c4_2_army_units_never_share_a_hex_even_passing_through() {
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    put(&mut s, "perry2", "0506");
    assert!(!legal(&s, "move perry1 0506"));
    assert!(legal(&s, "move perry1 0504"));
}

#[test]
fn c4_2_indian_units_pass_through_friends_and_stop_three_to_a_hex() {
    let mut s = clear();
    s.phasing = Side::Indian;
    for id in ["le2", "le3", "re1"] {
        put(&mut s, id, "0506");
    }
    put(&mut s, "le1", "0505");
    // The Indian's other action is spent: no unit could leave the stack afterwards.
    act(&mut s, "mode re2");
    assert!(legal(&s, "move le1 0506"), "passing through is allowed");
    act(&mut s, "move le1 0506");
    assert!(!legal(&s, "stop"), "it may not stop as a fourth unit");
    act(&mut s, "move le1 0507");
    assert!(legal(&s, "stop"));
}

#[test]
fn c4_2_the_indian_limit_holds_at_the_end_of_the_turn() {
    let mut s = clear();
    s.phasing = Side::Indian;
    for id in ["le2", "le3", "re1"] {
        put(&mut s, id, "0506");
    }
    put(&mut s, "le1", "0505");
    act(&mut s, "move le1 0506");
    act(&mut s, "stop");
    assert!(!legal(&s, "end"), "four in a hex: the turn may not end");
    assert!(!legal(&s, "mode re2"), "only a unit of the stack may act");
    act(&mut s, "move le2 0507");
    act(&mut s, "stop");
    assert!(legal(&s, "end"));
}

#[test]
fn c4_3_2_mounted_and_artillery_units_stay_out_of_rocked_and_broken() {
    let mut s = clear();
    terrain(&mut s, &["0506"], "rocked_broken");
    put(&mut s, "perry1", "0505");
    let p = uid(&s, "perry1");
    s.units[p].flipped = true;
    assert!(!legal(&s, "move perry1 0506"), "mounted");
    s.units[p].flipped = false;
    assert!(legal(&s, "move perry1 0506"), "dismounted, 3 MP");
    put(&mut s, "perry1", "0506");
    assert!(!legal(&s, "mode perry1"), "may not mount there");
}

#[test]
fn c4_3_1_changing_mode_is_the_units_whole_action() {
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    act(&mut s, "mode perry1");
    assert_eq!(probe(&s, "perry1.mode"), "mounted");
    assert!(!legal(&s, "move perry1 0504"), "it has acted");
    assert!(!legal(&s, "mode perry2"), "and it was the Army's one unit");
}

#[test]
fn c3_2_the_army_acts_with_one_unit_or_two_washington_volunteers() {
    let mut s = clear();
    act(&mut s, "mode perry1");
    assert!(!legal(&s, "mode wv1"));
    let mut s = clear();
    act(&mut s, "mode wv1");
    assert!(
        legal(&s, "mode wv2"),
        "a second Washington Volunteers unit (C4.3.3)"
    );
    assert!(!legal(&s, "mode perry1"));
    act(&mut s, "mode wv2");
    assert!(!legal(&s, "mode perry1"));
}

#[test]
fn c3_2_the_indian_acts_with_two_units() {
    let mut s = clear();
    s.phasing = Side::Indian;
    act(&mut s, "mode le1");
    act(&mut s, "mode le2");
    assert!(!legal(&s, "mode le3"));
}

#[test]
fn c3_2_every_unit_acts_on_the_first_turn_when_ambushing() {
    let mut s = clear();
    let mut st = (*s.stat).clone();
    st.scenario.contact = Contact::Ambushing;
    st.scenario.first = Side::Indian;
    s.stat = std::sync::Arc::new(st);
    s.phasing = Side::Indian;
    for id in ["le1", "le2", "le3", "re1", "re2"] {
        act(&mut s, &format!("mode {id}"));
    }
    act(&mut s, "end");
    // The Second player acts normally: one Army unit.
    act(&mut s, "mode perry1");
    assert!(!legal(&s, "mode perry2"));
    act(&mut s, "end");
    assert_eq!(s.turn, 2);
    act(&mut s, "mode le1");
    act(&mut s, "mode le2");
    assert!(!legal(&s, "mode le3"), "from the second turn, two units");
}

#[test]
fn c5_3_1_mounted_units_may_not_fire() {
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    put(&mut s, "le1", "0508");
    let p = uid(&s, "perry1");
    s.units[p].flipped = true;
    assert!(!legal(&s, "fire perry1 le1"));
    s.units[p].flipped = false;
    assert!(legal(&s, "fire perry1 le1"));
}

#[test]
fn c6_5_1_tree_stands_and_rocked_and_broken_between_block_sight() {
    let mut s = clear();
    let c = |h: &str| h.parse::<wargame::core::hexmap::Coord>().unwrap();
    assert!(fire::los(&s, c("0505"), c("0509")));
    terrain(&mut s, &["0507"], "tree_stand");
    assert!(!fire::los(&s, c("0505"), c("0509")));
    // Into and out of a blocking hex.
    assert!(fire::los(&s, c("0507"), c("0509")));
    assert!(fire::los(&s, c("0505"), c("0507")));
    terrain(&mut s, &["0508"], "tree_stand");
    assert!(
        fire::los(&s, c("0507"), c("0508")),
        "both in blocking terrain, adjacent"
    );
    assert!(
        !fire::los(&s, c("0506"), c("0509")),
        "two blocking hexes between"
    );
    let mut s = clear();
    terrain(&mut s, &["0507"], "rocked_broken");
    assert!(!fire::los(&s, c("0505"), c("0509")));
}

#[test]
fn c6_5_1_sighting_down_the_edge_of_a_blocking_hex_is_blocked() {
    let mut s = clear();
    let c = |h: &str| h.parse::<wargame::core::hexmap::Coord>().unwrap();
    // 0505 to 0705 runs along the side between 0604 and 0605.
    assert!(fire::los(&s, c("0505"), c("0705")));
    terrain(&mut s, &["0605"], "tree_stand");
    assert!(!fire::los(&s, c("0505"), c("0705")));
    let mut s = clear();
    terrain(&mut s, &["0604"], "tree_stand");
    assert!(!fire::los(&s, c("0505"), c("0705")));
}

#[test]
fn c6_5_1_ridge_hexsides_block_except_for_a_unit_directly_behind() {
    let mut s = clear();
    let c = |h: &str| h.parse::<wargame::core::hexmap::Coord>().unwrap();
    side(&mut s, "0507", Dir::S, "ridge");
    assert!(
        !fire::los(&s, c("0505"), c("0510")),
        "the ridge between 0507 and 0508 blocks"
    );
    assert!(
        fire::los(&s, c("0507"), c("0510")),
        "directly behind the ridge"
    );
    assert!(
        fire::los(&s, c("0505"), c("0508")),
        "the target directly behind it"
    );
    side(&mut s, "0505", Dir::S, "stream");
    assert!(fire::los(&s, c("0504"), c("0507")), "streams do not block");
}

#[test]
fn c6_4_3_a_broken_unit_surrenders_only_if_surrounded() {
    let mut s = clear();
    put(&mut s, "le1", "1010");
    let l = uid(&s, "le1");
    results::broken(&mut s, l);
    assert_eq!(s.u(l).loc, Loc::Broken);
    put(&mut s, "le1", "1010");
    let ring: Vec<String> = s
        .stat
        .map
        .neighbors("1010".parse().unwrap())
        .map(|c| c.to_string())
        .collect();
    let army = ["perry1", "perry2", "perry3", "perry4", "wv1", "wv2"];
    for (id, h) in army.iter().zip(&ring) {
        put(&mut s, id, h);
    }
    assert!(results::surrounded(&s, l));
    results::broken(&mut s, l);
    assert_eq!(s.u(l).loc, Loc::Surrendered);
}

#[test]
fn c6_4_3_p2r_falls_back_toward_the_nearest_friend_then_hard_pinned() {
    let mut s = clear();
    for id in ["le2", "le3", "re1", "re2"] {
        remove(&mut s, id);
    }
    put(&mut s, "le1", "1010");
    put(&mut s, "le2", "1015");
    let l = uid(&s, "le1");
    let opts = results::fall_back_options(&s, l);
    assert!(!opts.is_empty());
    for o in &opts {
        assert!(
            o.distance("1015".parse().unwrap()) < 5,
            "{o} is nearer the friend"
        );
    }
    // A unit with nowhere to go is broken.
    let mut s = clear();
    put(&mut s, "le1", "1010");
    put(&mut s, "le2", "1010");
    for id in ["le3", "re1", "re2"] {
        remove(&mut s, id);
    }
    let ring: Vec<String> = s
        .stat
        .map
        .neighbors("1010".parse().unwrap())
        .map(|c| c.to_string())
        .collect();
    for (id, h) in ["perry1", "perry2", "perry3", "perry4", "wv1", "wv2"]
        .iter()
        .zip(&ring)
    {
        put(&mut s, id, h);
    }
    let l = uid(&s, "le1");
    results::fall_back(&mut s, l);
    assert_eq!(
        s.u(l).loc,
        Loc::Surrendered,
        "cannot fall back, broken, and surrounded"
    );
}

#[test]
fn c7_1_a_unit_leaves_from_an_edge_hex_for_one_point() {
    let mut s = clear();
    put(&mut s, "perry1", "0102");
    assert!(legal(&s, "exit perry1"));
    put(&mut s, "perry1", "0505");
    assert!(!legal(&s, "exit perry1"));
    put(&mut s, "perry1", "0102");
    act(&mut s, "exit perry1");
    assert_eq!(probe(&s, "perry1.status"), "exited");
}

#[test]
fn c3_1_the_combat_ends_when_one_side_has_no_units_left() {
    let mut s = clear();
    for id in ["le2", "le3", "re1", "re2"] {
        remove(&mut s, id);
    }
    put(&mut s, "le1", "0106");
    s.phasing = Side::Indian;
    act(&mut s, "exit le1");
    assert!(s.result.is_some());
    assert!(NezPerceTactical::legal_actions(&s).is_empty());
}

#[test]
fn d2_0_the_margin_counts_braves_and_lodges_killed_and_surrendered() {
    let mut s = clear();
    let (a, b) = (uid(&s, "le1"), uid(&s, "le2"));
    s.units[a].loc = Loc::Killed;
    s.units[b].loc = Loc::Surrendered;
    let t = rules::victory::Tally::of(&s);
    assert_eq!(t.army_points(), 5 + 2);
    assert_eq!(t.indian_points_lost(), 2 + 2);
    assert_eq!(probe(&s, "margin"), "11");
}

#[test]
fn c4_3_4_with_nine_lodges_lost_indian_units_may_not_mount() {
    let mut s = clear();
    s.phasing = Side::Indian;
    assert!(legal(&s, "mode le1"));
    let mut st = (*s.stat).clone();
    st.scenario.lodges_lost_before = 9;
    s.stat = std::sync::Arc::new(st);
    assert!(!legal(&s, "mode le1"));
}

#[test]
fn an_illegal_action_is_refused_with_a_reason_and_changes_nothing() {
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    put(&mut s, "perry2", "0506");
    let before = s.clone();
    let e = NezPerceTactical::apply(&mut s, &"move perry1 0506".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("C4.2"), "{e}");
    assert_eq!(s, before);
    let e = NezPerceTactical::apply(&mut s, &"fire le1 perry1".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("may not act"), "{e}");
    assert_eq!(s, before);
}

/// A dead end found by a computer-played game: a unit sharing its hex with a friend that
/// fell back there (C6.4.3) fired and moved, had too few points to step anywhere, and
/// could not stop in the shared hex, so the Army had no legal action. A unit may always
/// stay where its move began.
#[test]
fn c6_3_a_unit_that_cannot_step_after_firing_may_stop_where_it_began() {
    let mut s = clear();
    put(&mut s, "perry1", "0505");
    put(&mut s, "perry2", "0505");
    let p2 = uid(&s, "perry2");
    s.units[p2].fell_back = true;
    put(&mut s, "le1", "0506");
    face(&mut s, "perry1", 10, 4, 3);
    let around: Vec<String> = s
        .stat
        .map
        .neighbors("0505".parse().unwrap())
        .map(|c| c.to_string())
        .collect();
    let around: Vec<&str> = around.iter().map(String::as_str).collect();
    terrain(&mut s, &around, "tree_stand");
    s.dice.force([1]);
    act(&mut s, "firemove perry1 le1");
    assert_eq!(probe(&s, "perry1.mp"), "1");
    assert!(legal(&s, "stop"), "it may stay where it began");
    act(&mut s, "stop");
    assert!(legal(&s, "end"));
}

#[test]
fn c7_2_the_strategic_units_whose_counters_were_on_the_map_are_restricted() {
    use wargame::core::hexmap::Edge;
    use wargame::games::nez_perce_tactical::rules::aftermath::{Restriction, aftermath};
    let mut s = clear();
    // Howard's counters waited beside the map and never came on.
    for id in ["howard1", "howard2", "howard3"] {
        let u = uid(&s, id);
        s.units[u].loc = Loc::Waiting(Edge::North, 3);
    }
    // One of Perry's four was killed; one of Lean Elk's surrendered; Red Echo left.
    let p = uid(&s, "perry1");
    s.units[p].loc = Loc::Killed;
    let l = uid(&s, "le1");
    s.units[l].loc = Loc::Surrendered;
    let a = aftermath(&s);
    let r = |id: &str| a.units.iter().find(|r| r.id == id).unwrap().clone();
    assert_eq!(r("perry").killed, ["perry1"]);
    assert_eq!(r("perry").returned, ["perry2", "perry3", "perry4"]);
    assert_eq!(
        r("perry").restrictions,
        [Restriction::NoMove, Restriction::NoFast],
        "C7.2: no move next turn, no fast movement the turn after"
    );
    assert!(
        !r("howard").took_part,
        "adjacent to the map but did not come on"
    );
    assert!(r("howard").restrictions.is_empty());
    assert_eq!(r("howard").returned.len(), 3);
    assert_eq!(r("lean_elk").surrendered, ["le1"]);
    assert_eq!(
        r("lean_elk").restrictions,
        [Restriction::NoFast],
        "C7.2: the Indian's units may not move fast on the next turn only"
    );
    assert_eq!(r("red_echo").restrictions, [Restriction::NoFast]);
}

#[test]
fn c4_3_4_lodge_losses_set_the_strategic_movement_level() {
    use wargame::games::nez_perce_tactical::rules::aftermath::LodgeLoss;
    let levels: Vec<LodgeLoss> = (0..=10).map(LodgeLoss::of).collect();
    assert_eq!(
        levels,
        [
            LodgeLoss::None,
            LodgeLoss::None,
            LodgeLoss::None,
            LodgeLoss::None,
            LodgeLoss::VillageSlow,
            LodgeLoss::VillageSlow,
            LodgeLoss::VillageSlow,
            LodgeLoss::NoFast,
            LodgeLoss::NoFast,
            LodgeLoss::VillageGone,
            LodgeLoss::VillageGone,
        ],
        "C4.3.4: 1-3 none, 4-6 bands only fast, 7-8 none fast, 9 the Village removed"
    );
}

#[test]
fn c4_2_an_over_limit_stack_none_of_whose_units_can_move_does_not_trap_the_turn() {
    let mut s = clear();
    s.phasing = Side::Indian;
    for id in ["le2", "le3", "re1"] {
        put(&mut s, id, "0506");
    }
    put(&mut s, "le1", "0505");
    act(&mut s, "move le1 0506");
    act(&mut s, "stop");
    assert!(!legal(&s, "end"), "four in a hex: the turn may not end yet");
    // Every unit of the stack is pinned (C6.4.1: a pinned unit may not move): no unit
    // can put the stack right, so the player may end his turn after all.
    for id in ["le1", "le2", "le3", "re1"] {
        let u = uid(&s, id);
        s.units[u].pin = Pin::P1;
    }
    assert!(
        !NezPerceTactical::legal_actions(&s)
            .iter()
            .any(|a| a.to_string().starts_with("move ")),
        "no unit can move"
    );
    assert!(legal(&s, "end"), "the escape: the turn may end");
    act(&mut s, "end");
    assert_eq!(
        s.phasing,
        Side::Army,
        "the turn passed; the stack stays as it is (reconstruction: the seed does not say)"
    );
}
