//! Battle of the Rosebud's fire combat, morale, retreats, routs, rally and ammunition,
//! one test per rule, named by its number in the seed
//! (../shared/seeds/003_ff3c01f8094d45ce.txt), with forced dice. The Fire Table and the
//! Morale Check and Rally Tables are reconstructions (rules/rosebud/tables.ron); the
//! tests read them through the engine, so they check the procedure the seed gives.

use super::common::{act, c, put, texts};
use wargame::core::hexmap::Coord;
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::rules::{self, morale};
use wargame::games::rosebud::state::{Loc, Offensive, Phase, State};

/// Everything off the map in a side's phase, flat and clear around 2907.
fn board(phasing: Side, phase: Phase) -> State {
    super::common::board(phasing, phase, true)
}

/// The hex in the middle of the open ground `board` makes.
fn open_ground(s: &State) -> Coord {
    c(s, "2907")
}

/// The first neighbour of `a` in the map's order.
fn next_to(s: &State, a: Coord) -> Coord {
    s.stat.map.neighbors(a).next().unwrap()
}

#[test]
fn rule_9d_a_unit_fires_alone_at_one_unit_and_its_result_is_applied_at_once() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let f = put(&mut s, "g_9inf", a, Mode::Dismounted);
    // a second firer keeps the phase open (a phase nobody can act in ends by itself)
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    let t = put(&mut s, "crow_king", b, Mode::Dismounted);
    let mate = put(&mut s, "four_horns", b, Mode::Dismounted);
    // CF 3 reads the 3 column; 6+6 = 12: 1 CP, then a Morale Check 4+4 = 8: no effect.
    s.dice.force([6, 6, 4, 4]);
    let log = act(&mut s, "fire g_9inf crow_king").join("\n");
    assert!(log.contains("strength 3 reads the 3 column"), "{log}");
    assert!(log.contains("= 12: 1 CP"), "{log}");
    assert_eq!(s.cf(t), 3, "9D2: -1 CF");
    assert_eq!(s.cf(mate), 3, "9D: only the unit fired at");
    assert_eq!(s.losses, [0, 1]);
    assert_eq!(s.vp, [1, 0], "17 (reconstructed): 1 VP a warrior CP");
    assert!(
        log.contains("Morale Check for Crow King"),
        "9D2: the CP forces an MC"
    );
    assert!(s.units[f].fired, "4B: the Fired marker");
    assert_eq!(s.units[f].offensive, Some(Offensive::Full));
    assert!(
        !texts(&s).iter().any(|t| t.starts_with("fire g_9inf")),
        "once a phase"
    );
}

#[test]
fn rule_4b_offensive_fire_at_full_stops_movement_and_at_half_halves_it() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let f = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let g = put(&mut s, "b_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    assert!(texts(&s).contains(&"fire a_2cav crow_king half".to_string()));
    s.dice.force([1, 1, 1, 1]);
    act(&mut s, "fire a_2cav crow_king");
    act(&mut s, "fire b_2cav crow_king half");
    assert_eq!(
        s.phase,
        Phase::Movement,
        "nobody else can fire: the phase ends"
    );
    assert_eq!(rules::mp_left(&s, f), 0, "fire at full: cannot move");
    assert_eq!(rules::mp_left(&s, g), 3, "fire at 1/2: MA 6 -> 3");
    assert!(
        !texts(&s).iter().any(|t| t.ends_with(" a_2cav")),
        "no MP at all"
    );
}

#[test]
fn rule_4e_advance_fire_is_at_half_and_only_for_units_that_held_offensive_fire() {
    let mut s = board(Side::US, Phase::AdvanceFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let f = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let g = put(&mut s, "b_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.units[f].offensive = Some(Offensive::Half);
    let t = texts(&s);
    assert!(!t.iter().any(|x| x.starts_with("fire a_2cav")));
    assert!(t.contains(&"fire b_2cav crow_king".to_string()));
    assert!(!t.contains(&"fire b_2cav crow_king half".to_string()));
    s.dice.force([1, 1]);
    let log = act(&mut s, "fire b_2cav crow_king").join("\n");
    assert!(log.contains("strength 2 (advance x0.5)"), "{log}");
    let _ = g;
}

#[test]
fn rule_4d_the_non_phasing_player_fires_in_the_defensive_fire_phase() {
    let mut s = board(Side::Indian, Phase::DefensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    assert_eq!(rules::to_act(&s), Some(Side::US));
    let t = texts(&s);
    assert!(t.contains(&"fire a_2cav crow_king".to_string()));
    assert!(!t.iter().any(|x| x.starts_with("fire crow_king")));
}

#[test]
fn rule_14a_a_natural_5_calls_a_reroll_and_1_to_3_is_low_ammo() {
    for (reroll, low) in [(2u8, true), (3, true), (4, false)] {
        let mut s = board(Side::US, Phase::OffensiveFire);
        let a = open_ground(&s);
        let b = next_to(&s, a);
        let f = put(&mut s, "g_9inf", a, Mode::Dismounted);
        put(&mut s, "crow_king", b, Mode::Dismounted);
        s.dice.force([2, 3, reroll]);
        let log = act(&mut s, "fire g_9inf crow_king").join("\n");
        assert!(log.contains("A natural 5"), "{log}");
        assert_eq!(s.units[f].low_ammo, low, "re-roll {reroll}");
        assert_eq!(s.dice.forced_left(), 0);
    }
    // A total of 6 calls no re-roll.
    let mut s = board(Side::US, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    put(&mut s, "g_9inf", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.dice.force([3, 3, 1]);
    act(&mut s, "fire g_9inf crow_king");
    assert_eq!(s.dice.forced_left(), 1, "no re-roll on a 6");
}

#[test]
fn rule_14b_and_9d1_low_ammo_and_pinned_halve_fire_and_the_halvings_multiply() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let f = put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.units[f].low_ammo = true;
    s.units[f].pinned = true;
    s.dice.force([1, 1]);
    let log = act(&mut s, "fire a_2cav crow_king half").join("\n");
    assert!(
        log.contains(
            "strength 0.5 (offensive_half x0.5, Pinned x0.5, Low Ammo x0.5) reads the <1 column"
        ),
        "{log}"
    );
}

#[test]
fn rule_9d1_a_pinned_mounted_us_unit_dismounts_instead() {
    let mut s = board(Side::Indian, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let t = put(&mut s, "a_2cav", a, Mode::Mounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    // CF 4 reads the 4 column; 4+4 +1 (a Mounted target) = 9: MC-1; 2+3 -1 = 4: Pinned.
    s.dice.force([4, 4, 2, 3]);
    let log = act(&mut s, "fire crow_king a_2cav").join("\n");
    assert!(log.contains("+1 target_mounted = 9: MC-1"), "{log}");
    assert!(log.contains("= 4: Pinned"), "{log}");
    assert!(!s.units[t].pinned, "8A: not Pinned");
    assert_eq!(s.units[t].mode, Mode::Dismounted);
    assert_eq!(s.cf(t), 4, "flipped to its Dismounted side");
    let h = s.holder(t).unwrap();
    assert_eq!(s.units[h].at, Loc::Map(a), "its Horse Holders placed");
}

#[test]
fn rule_9d1_a_pinned_mounted_indian_unit_retreats_two_hexes_disrupted() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    let t = put(&mut s, "crow_king", b, Mode::Mounted);
    s.dice.force([4, 4, 2, 3]);
    act(&mut s, "fire a_2cav crow_king");
    assert!(!s.units[t].pinned);
    assert!(s.units[t].disrupted);
    assert_eq!(
        rules::to_act(&s),
        Some(Side::Indian),
        "the owner picks the way"
    );
    for _ in 0..2 {
        let opts = texts(&s);
        assert!(!opts.is_empty());
        for o in &opts {
            let h = c(&s, o.rsplit(' ').next().unwrap());
            let here = s.hex(t).unwrap();
            assert!(h.distance(a) > here.distance(a), "10I: away from the firer");
        }
        act(&mut s, &opts[0]);
    }
    assert_eq!(s.hex(t).unwrap().distance(a), 3, "two hexes between");
    assert!(s.pending.is_empty());
}

#[test]
fn rule_9d2_a_holder_that_takes_a_casualty_point_is_eliminated_with_its_mounts() {
    let mut s = board(Side::Indian, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let cav = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let h = put(&mut s, "hh_a_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    // 6+6 = 12 on the 4 column: 1 CP; then the Lost Horses roll.
    s.dice.force([6, 6, 6]);
    let log = act(&mut s, "fire crow_king hh_a_2cav").join("\n");
    assert_eq!(s.units[h].at, Loc::Gone, "{log}");
    assert!(s.units[cav].horseless, "its unit can no longer mount");
    assert!(log.contains("Lost Horses Table"), "16B: {log}");
}

#[test]
fn rule_9f_opportunity_fire_comes_before_the_unit_leaves_and_a_friend_negates_it() {
    let mut s = board(Side::US, Phase::Movement);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let away = s
        .stat
        .map
        .neighbors(a)
        .find(|n| n.distance(b) == 2)
        .unwrap();
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "four_horns", b, Mode::Dismounted);
    let to = s.stat.label(away);
    act(&mut s, &format!("move a_2cav {to}"));
    assert_eq!(s.hex(u), Some(a), "still in its hex while the enemy fires");
    assert_eq!(rules::to_act(&s), Some(Side::Indian));
    assert_eq!(texts(&s), vec!["opfire four_horns", "resolve"]);
    act(&mut s, "opfire four_horns");
    // CF 3 at 1/2 = 1.5; 1+1 = 2 reads no effect.
    s.dice.force([1, 1]);
    let log = act(&mut s, "resolve").join("\n");
    assert!(
        log.contains("strength 1.5 (opportunity x0.5) reads the 1.5 column"),
        "{log}"
    );
    assert_eq!(s.hex(u), Some(away), "then it goes on");
    assert_eq!(
        rules::mp_left(&s, u),
        6 - 3,
        "2 MP Clear + 1 to leave the ZOC"
    );
    // 5: a friendly unit in the hex negates the ZOC for Opportunity fire (not the MP).
    let mut s = board(Side::US, Phase::Movement);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "b_2cav", a, Mode::Dismounted);
    put(&mut s, "four_horns", b, Mode::Dismounted);
    act(&mut s, &format!("move a_2cav {to}"));
    assert!(s.pending.is_empty());
    assert_eq!(s.hex(s.find("a_2cav").unwrap()), Some(away));
}

#[test]
fn rule_9f_an_opportunity_fire_that_pins_stops_the_move() {
    let mut s = board(Side::US, Phase::Movement);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let away = s
        .stat
        .map
        .neighbors(a)
        .find(|n| n.distance(b) == 2)
        .unwrap();
    let u = put(&mut s, "g_9inf", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    let to = s.stat.label(away);
    act(&mut s, &format!("move g_9inf {to}"));
    act(&mut s, "opfire crow_king");
    // CF 4 at 1/2 = 2: 6+5 = 11 on the 2 column: MC-1; 2+3 -1 = 4: Pinned.
    s.dice.force([6, 5, 2, 3]);
    let log = act(&mut s, "resolve").join("\n");
    assert!(s.units[u].pinned, "{log}");
    assert_eq!(s.hex(u), Some(a), "9D1: a Pinned unit cannot move");
    assert!(log.contains("does not leave its hex"), "{log}");
}

#[test]
fn rule_10j2_a_routed_unit_makes_its_mandatory_rout_away_from_the_enemy() {
    for (mode, hexes) in [(Mode::Dismounted, 2), (Mode::Mounted, 3)] {
        let mut s = board(Side::US, Phase::Movement);
        let a = open_ground(&s);
        let b = next_to(&s, a);
        let t = put(&mut s, "a_2cav", a, mode);
        put(&mut s, "crow_king", b, Mode::Dismounted);
        morale::start_rout(&mut s, t, &[b]);
        rules::settle(&mut s);
        while !s.pending.is_empty() {
            let o = texts(&s)[0].clone();
            act(&mut s, &o);
        }
        assert!(s.units[t].routed);
        assert_eq!(s.hex(t).unwrap().distance(b), 1 + hexes, "{mode:?}");
    }
}

#[test]
fn rule_10i7_a_unit_that_cannot_retreat_is_eliminated_and_scores() {
    let mut s = board(Side::Indian, Phase::OffensiveFire);
    let a = open_ground(&s);
    let t = put(&mut s, "g_9inf", a, Mode::Dismounted);
    let warriors = [
        "crow_king",
        "four_horns",
        "rain_in_the_face",
        "lone_bull",
        "red_horn",
        "black_moon",
    ];
    let ring: Vec<Coord> = s.stat.map.neighbors(a).collect();
    for (w, h) in warriors.iter().zip(&ring) {
        put(&mut s, w, *h, Mode::Dismounted);
    }
    let vp = s.vp[1];
    morale::start_rout(&mut s, t, &[ring[0]]);
    let log: Vec<String> = rules::settle(&mut s).into_iter().map(|l| l.text).collect();
    assert_eq!(s.units[t].at, Loc::Gone, "{log:?}");
    assert!(s.vp[1] > vp, "10I7: Victory Points are awarded");
}

#[test]
fn rule_10j3_a_routed_unit_that_takes_casualties_routs_again() {
    let mut s = board(Side::Indian, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let t = put(&mut s, "a_2cav", a, Mode::Dismounted);
    s.units[t].routed = true;
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.dice.force([6, 6]);
    let log = act(&mut s, "fire crow_king a_2cav").join("\n");
    assert!(log.contains("routs again (10J3)"), "{log}");
    assert!(!log.contains("Morale Check for"), "{log}");
    assert_eq!(s.pending.len(), 1);
}

#[test]
fn rule_13b2_a_pinned_unit_not_adjacent_to_the_enemy_rallies_without_a_roll() {
    let mut s = board(Side::US, Phase::Rally);
    let a = open_ground(&s);
    let t = put(&mut s, "a_2cav", a, Mode::Dismounted);
    s.units[t].pinned = true;
    s.dice.force([1]);
    morale::rally(&mut s);
    assert!(!s.units[t].pinned);
    assert_eq!(s.dice.forced_left(), 1, "no roll");
    // adjacent to a warrior it rolls: 1 -1 (no Leader's radius, 13B) = No.
    let b = next_to(&s, a);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.units[t].pinned = true;
    morale::rally(&mut s);
    assert!(s.units[t].pinned);
    assert_eq!(s.dice.forced_left(), 0);
}

#[test]
fn rule_13b_routed_units_roll_to_rally_and_indians_take_no_self_rally_penalty() {
    let mut s = board(Side::Indian, Phase::Rally);
    let a = open_ground(&s);
    let t = put(&mut s, "crow_king", a, Mode::Dismounted);
    s.units[t].routed = true;
    // 4 with no modifier: Yes.
    s.dice.force([4]);
    let log: Vec<String> = morale::rally(&mut s).into_iter().map(|l| l.text).collect();
    assert!(!s.units[t].routed, "{log:?}");
    // A US unit outside every Command Radius pays -1: 4 - 1 = 3, No.
    let mut s = board(Side::US, Phase::Rally);
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    s.units[u].routed = true;
    s.dice.force([4]);
    let log: Vec<String> = morale::rally(&mut s).into_iter().map(|l| l.text).collect();
    assert!(s.units[u].routed, "{log:?}");
    assert!(
        log[0].contains("-1 outside every Command Radius"),
        "{log:?}"
    );
}

#[test]
fn rule_14c_a_low_ammo_unit_next_to_a_pack_train_resupplies_and_both_spend_all_mp() {
    let mut s = board(Side::US, Phase::Rally);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let u = put(&mut s, "g_9inf", a, Mode::Dismounted);
    let p = put(&mut s, "pack_a", b, Mode::Dismounted);
    s.units[u].low_ammo = true;
    assert_eq!(texts(&s), vec!["resupply g_9inf", "end"]);
    act(&mut s, "resupply g_9inf");
    assert!(!s.units[u].low_ammo);
    assert_eq!(s.units[p].ammo, 5, "15: one ammunition point");
    assert_eq!(s.phase, Phase::Movement, "nothing else to do before it");
    assert_eq!(rules::mp_left(&s, u), 0);
    assert_eq!(rules::mp_left(&s, p), 0);
}

#[test]
fn rule_14b_each_us_unit_with_low_ammo_at_the_end_costs_a_vp() {
    let mut s = board(Side::US, Phase::AdvanceFire);
    s.turn = 19;
    let a = open_ground(&s);
    let u = put(&mut s, "g_9inf", a, Mode::Dismounted);
    let b = s.stat.map.neighbors(a).last().unwrap();
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.units[u].low_ammo = true;
    s.units[u].fired = true;
    s.vp = [5, 2];
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::Melee, "G/9 may melee Crow King");
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.vp, [4, 2]);
}

#[test]
fn rule_13b3_a_disrupted_unit_recovers_for_2_mp() {
    let mut s = board(Side::US, Phase::Movement);
    let a = open_ground(&s);
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    s.units[u].disrupted = true;
    act(&mut s, "recover a_2cav");
    assert!(!s.units[u].disrupted);
    assert_eq!(rules::mp_left(&s, u), 4);
    assert!(texts(&s).contains(&"mount a_2cav".to_string()) || s.holder(u).is_some());
}

#[test]
fn rule_9g_a_retreat_into_an_enemy_zoc_draws_retreat_fire_at_full_strength() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let a = open_ground(&s);
    let b = next_to(&s, a);
    let t = put(&mut s, "crow_king", b, Mode::Dismounted);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    // The hex Crow King routs into, and a US unit next to it.
    let into = s
        .stat
        .map
        .neighbors(b)
        .find(|n| n.distance(a) == 2)
        .unwrap();
    let watcher = s
        .stat
        .map
        .neighbors(into)
        .find(|n| n.distance(a) == 3 && n.distance(b) == 2)
        .unwrap();
    put(&mut s, "g_9inf", watcher, Mode::Dismounted);
    morale::start_rout(&mut s, t, &[a]);
    morale::step(&mut s, t, into);
    assert_eq!(texts(&s), vec!["opfire g_9inf", "resolve"]);
    act(&mut s, "opfire g_9inf");
    s.dice.force([1, 1]);
    let log = act(&mut s, "resolve").join("\n");
    assert!(log.contains("Retreat fire: G/9 Inf"), "{log}");
    assert!(
        log.contains("strength 3 reads the 3 column"),
        "9G: at normal strength: {log}"
    );
}

#[test]
fn rule_6a_a_full_hex_nobody_can_leave_after_fire_does_not_stop_the_phase() {
    // Found by the AI-against-AI test: a warrior Pinned by Opportunity fire as it left a
    // crowded hex left the hex over 25 CF with nobody able to move, and the Indian
    // player could not end his Movement Phase.
    let mut s = board(Side::Indian, Phase::Movement);
    let a = open_ground(&s);
    let ids = [
        "crow_king",
        "four_horns",
        "rain_in_the_face",
        "lone_bull",
        "red_horn",
        "black_moon",
        "lame_white_man",
        "little_wolf",
        "young_two_moon",
    ];
    let us: Vec<usize> = ids
        .iter()
        .map(|id| put(&mut s, id, a, Mode::Dismounted))
        .collect();
    let cf: u32 = us.iter().map(|&u| s.cf(u)).sum();
    assert!(cf > 25, "{cf}");
    for &u in &us {
        s.units[u].pinned = true;
    }
    assert!(
        texts(&s).contains(&"end".to_string()),
        "no unit can mend the hex"
    );
    for &u in &us[1..] {
        s.units[u].pinned = false;
    }
    assert!(
        !texts(&s).contains(&"end".to_string()),
        "6A: while units can move out to mend it, they must"
    );
}
