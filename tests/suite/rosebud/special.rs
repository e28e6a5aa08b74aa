//! Battle of the Rosebud's special rules (16), one test per rule, named by its number in
//! the seed (../shared/seeds/003_ff3c01f8094d45ce.txt): the Eagle's Nest (16D) and the
//! search for the Indian village (16E), with forced dice.

use super::common::{act, c, put, texts};
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::rules::{self, special};
use wargame::games::rosebud::state::{Loc, Phase, State};

/// Everything off the map in a side's phase, on the real map.
fn board(phasing: Side, phase: Phase) -> State {
    let mut s = super::common::board(phasing, phase, false);
    s.post_released = false;
    s
}

/// The hexes a unit may move to now.
fn moves(s: &State, id: &str) -> Vec<String> {
    let head = format!("move {id} ");
    texts(s)
        .into_iter()
        .filter_map(|x| x.strip_prefix(&head).map(str::to_string))
        .collect()
}

#[test]
fn rule_16d_van_vliets_companies_stay_within_3_hexes_of_the_eagles_nest() {
    let mut s = board(Side::US, Phase::Movement);
    let nest = c(&s, "2815");
    // C/3 on the edge of the 3-hex limit: it may not step outside it.
    let edge = s
        .stat
        .map
        .coords()
        .find(|&h| s.stat.on_board(h) && h.distance(nest) == 3)
        .unwrap();
    put(&mut s, "c_3cav", edge, Mode::Mounted);
    let m = moves(&s, "c_3cav");
    assert!(!m.is_empty());
    for h in &m {
        assert!(c(&s, h).distance(nest) <= 3, "{h}");
    }
    // Another Cavalry unit is free to go anywhere.
    put(&mut s, "b_3cav", edge, Mode::Mounted);
    assert!(
        moves(&s, "b_3cav")
            .iter()
            .any(|h| c(&s, h).distance(nest) == 4)
    );
    // Released, C/3 may leave.
    s.post_released = true;
    assert!(
        moves(&s, "c_3cav")
            .iter()
            .any(|h| c(&s, h).distance(nest) == 4)
    );
}

#[test]
fn rule_16d_outside_the_limit_they_must_move_back_at_the_earliest_moment() {
    let mut s = board(Side::US, Phase::Movement);
    let nest = c(&s, "2815");
    let at = c(&s, "3314"); // the set-up hex, 5 from the Nest
    assert!(at.distance(nest) > 3);
    put(&mut s, "g_3cav", at, Mode::Mounted);
    let m = moves(&s, "g_3cav");
    assert!(!m.is_empty());
    for h in &m {
        assert!(c(&s, h).distance(nest) < at.distance(nest), "{h}");
    }
    assert!(!texts(&s).contains(&"end".to_string()));
    // Van Vliet himself is bound too.
    let vv = s.find_leader("van_vliet").unwrap();
    s.leaders[vv].at = Loc::Map(at);
    for h in moves(&s, "van_vliet") {
        assert!(c(&s, &h).distance(nest) < at.distance(nest), "{h}");
    }
}

#[test]
fn rule_16d_the_command_is_released_by_warriors_a_rout_or_turn_15() {
    // Two warrior units within 3 hexes of C/3.
    let mut s = board(Side::Indian, Phase::Movement);
    let nest = c(&s, "2815");
    put(&mut s, "c_3cav", nest, Mode::Dismounted);
    let near: Vec<_> = s
        .stat
        .map
        .coords()
        .filter(|&h| s.stat.on_board(h) && h.distance(nest) == 3)
        .take(2)
        .collect();
    put(&mut s, "crow_king", near[0], Mode::Dismounted);
    special::update_post(&mut s);
    assert!(!s.post_released, "one warrior unit is not enough");
    put(&mut s, "four_horns", near[1], Mode::Dismounted);
    let log = special::update_post(&mut s);
    assert!(s.post_released, "{log:?}");
    // G/3 Routed.
    let mut s = board(Side::Indian, Phase::Movement);
    let g = put(&mut s, "g_3cav", nest, Mode::Dismounted);
    s.units[g].routed = true;
    special::update_post(&mut s);
    assert!(s.post_released);
    // Turn 15 (12:40), not 14.
    let mut s = board(Side::US, Phase::Movement);
    s.turn = 14;
    special::update_post(&mut s);
    assert!(!s.post_released);
    s.turn = 15;
    special::update_post(&mut s);
    assert!(s.post_released);
}

/// Five Cavalry units in row 01 within Crook's radius, in the US Movement Phase.
fn searching() -> State {
    let mut s = board(Side::US, Phase::Movement);
    s.post_released = true;
    for (id, h) in [
        ("a_2cav", "2001"),
        ("b_2cav", "2101"),
        ("d_2cav", "2201"),
        ("e_2cav", "2301"),
        ("i_2cav", "2401"),
    ] {
        let at = c(&s, h);
        put(&mut s, id, at, Mode::Mounted);
    }
    let cr = s.find_leader("crook").unwrap();
    s.leaders[cr].at = Loc::Map(c(&s, "2201"));
    s
}

#[test]
fn rule_16e_five_cavalry_units_near_the_north_edge_under_one_leader_may_search() {
    let mut s = searching();
    assert!(texts(&s).contains(&"search".to_string()));
    // Four are not enough.
    let i = s.find("i_2cav").unwrap();
    s.units[i].disrupted = true;
    assert!(!texts(&s).contains(&"search".to_string()), "not Disrupted");
    s.units[i].disrupted = false;
    // Only at the beginning of the Movement Phase.
    act(&mut s, "move i_2cav 2402");
    assert!(!texts(&s).contains(&"search".to_string()));
}

#[test]
fn rule_16e_a_6_lets_the_searchers_leave_and_the_end_roll_scores_them() {
    let mut s = searching();
    let vp = s.vp[0];
    s.dice.force([6]);
    act(&mut s, "search");
    assert_eq!(s.vp[0] - vp, 2);
    assert_eq!(rules::to_act(&s), Some(Side::US));
    assert!(texts(&s).contains(&"search exit".to_string()));
    act(&mut s, "search exit");
    let a = s.find("a_2cav").unwrap();
    assert_eq!(s.units[a].at, Loc::Gone);
    let ind = s.vp[1];
    // At the end: 1, the trail is found, +3.
    s.dice.force([1]);
    special::end_of_game(&mut s);
    assert_eq!(s.vp[0] - vp, 5);
    assert_eq!(s.vp[1], ind, "no Indian VPs for the voluntary exit");
    // Once a game.
    assert!(!texts(&s).contains(&"search".to_string()));
}

#[test]
fn rule_16e_a_1_to_5_scores_2_and_an_ambush_costs_casualties() {
    let mut s = searching();
    let vp = s.vp[0];
    s.dice.force([3]);
    act(&mut s, "search");
    assert_eq!(s.vp[0] - vp, 2);
    assert!(!texts(&s).contains(&"search exit".to_string()));
    // An ambush at the end after leaving: 6, then 1d6 4 US casualties.
    let mut s = searching();
    s.dice.force([6]);
    act(&mut s, "search");
    act(&mut s, "search exit");
    let ind = s.vp[1];
    s.dice.force([6, 4]);
    special::end_of_game(&mut s);
    assert_eq!(s.vp[1] - ind, 4 * s.stat.tables.casualty_vp.us_cp);
}

/// G/9 Infantry two hexes from Pack Train A, in the US Movement Phase on open ground.
fn works_board() -> (State, usize, usize) {
    let mut s = super::common::board(Side::US, Phase::Movement, true);
    let a = c(&s, "2907");
    let b = s.stat.map.neighbors(a).next().unwrap();
    let far = s
        .stat
        .map
        .neighbors(b)
        .find(|h| h.distance(a) == 2)
        .unwrap();
    let u = put(&mut s, "g_9inf", a, Mode::Prone);
    let t = put(&mut s, "pack_a", far, Mode::Dismounted);
    (s, u, t)
}

#[test]
fn rule_16c_breastworks_are_declared_with_a_roll_and_stand_at_the_end_of_the_us_turn() {
    let (mut s, u, t) = works_board();
    assert!(texts(&s).contains(&"breastworks".to_string()));
    s.dice.force([1]);
    act(&mut s, "breastworks");
    assert!(texts(&s).contains(&"breastworks g_9inf".to_string()));
    act(&mut s, "breastworks g_9inf");
    // The roll of 1 allows one builder; both it and the train have spent the phase,
    // and the builder is no longer Prone.
    let here = c(&s, "2907");
    let h = put(&mut s, "h_9inf", here, Mode::Dismounted);
    assert!(
        !texts(&s).contains(&"breastworks h_9inf".to_string()),
        "1d6 1: one unit"
    );
    s.units[h].at = Loc::Off;
    assert_eq!(rules::mp_left(&s, u), 0);
    assert_eq!(rules::mp_left(&s, t), 0);
    assert_ne!(s.units[u].mode, Mode::Prone);
    assert!(
        s.breastworks.is_empty(),
        "not before the end of the US player turn"
    );
    for _ in 0..6 {
        if s.phasing == Side::Indian {
            break;
        }
        act(&mut s, "end");
    }
    assert_eq!(s.breastworks, vec![c(&s, "2907")]);
    assert_eq!(s.units[t].works, 1);
}

#[test]
fn rule_16c_a_pack_train_within_2_hexes_that_has_not_moved_makes_at_most_3() {
    let (mut s, _, t) = works_board();
    s.units[t].works = 3;
    assert!(
        !texts(&s).contains(&"breastworks".to_string()),
        "its 3 are used"
    );
    s.units[t].works = 0;
    s.units[t].moved = true;
    assert!(
        !texts(&s).contains(&"breastworks".to_string()),
        "the train moved"
    );
    s.units[t].moved = false;
    s.units[t].at = Loc::Map(c(&s, "2903"));
    assert!(
        !texts(&s).contains(&"breastworks".to_string()),
        "more than 2 hexes"
    );
}

#[test]
fn rule_16c_units_under_breastworks_count_as_prone_with_the_breastworks_melee_modifier() {
    use wargame::games::rosebud::rules::{fire, melee};
    let mut s = super::common::board(Side::Indian, Phase::Melee, true);
    let a = c(&s, "2907");
    let b = s.stat.map.neighbors(a).next().unwrap();
    let u = put(&mut s, "g_9inf", a, Mode::Dismounted);
    let w = put(&mut s, "crow_king", b, Mode::Dismounted);
    let plain = fire::modifiers(&s, w, u);
    s.breastworks.push(a);
    let under = fire::modifiers(&s, w, u);
    assert!(!plain.iter().any(|(k, _)| *k == "target_prone_or_pinned"));
    assert!(under.iter().any(|(k, _)| *k == "target_prone_or_pinned"));
    let m = melee::modifiers(&s, a, &[w]);
    assert!(
        m.iter().any(|(k, v)| k.contains("Breastworks") && *v == -1),
        "{m:?}"
    );
    assert!(
        !m.iter().any(|(k, _)| k.contains("Pinned or Prone")),
        "{m:?}"
    );
    // Pinned as well: still only the Breastworks modifier.
    s.units[u].pinned = true;
    let m = melee::modifiers(&s, a, &[w]);
    assert!(
        !m.iter().any(|(k, _)| k.contains("Pinned or Prone")),
        "{m:?}"
    );
}

#[test]
fn rule_16c_a_unit_that_spends_its_movement_phase_in_the_hex_loads_the_supplies_back() {
    let (mut s, u, t) = works_board();
    let here = c(&s, "2907");
    s.breastworks.push(here);
    s.units[t].works = 1;
    assert!(texts(&s).contains(&"reload g_9inf".to_string()));
    act(&mut s, "reload g_9inf");
    assert!(s.breastworks.is_empty());
    assert_eq!(s.units[t].works, 0);
    assert_eq!(rules::mp_left(&s, u), 0);
}
