//! Battle of the Rosebud's Leader casualties (9E, 10C1, 12D), one test per rule, named
//! by its number in the seed (../shared/seeds/003_ff3c01f8094d45ce.txt), with forced
//! dice. The Leader Loss Check and Wound Severity tables are reconstructions
//! (rules/rosebud/tables.ron: Killed on 2, Wounded on 3-4; Mortal 1, Severe 2, Moderate
//! 3-4, Light 5-6); the tests check the procedure and the effects the seed gives. Test
//! case 003-4's mortal wound (turn 10, a roll of 4: dead in the Rally Phase of turn 14)
//! is reproduced exactly.

use super::common::{act, away, c, put, texts};
use wargame::core::hexmap::Coord;
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::rules::{self, leaders};
use wargame::games::rosebud::state::{Loc, Pending, Phase, State, Wound};

/// Everything off the map in a side's phase, flat and clear around 2907.
fn board(phasing: Side, phase: Phase) -> State {
    super::common::board(phasing, phase, true)
}

/// 2907 and its first neighbour.
fn pair(s: &State) -> (Coord, Coord) {
    let a = c(s, "2907");
    (a, s.stat.map.neighbors(a).next().unwrap())
}

/// Place a Leader.
fn lead(s: &mut State, id: &str, at: Coord) -> usize {
    let l = s.find_leader(id).unwrap();
    s.leaders[l].at = Loc::Map(at);
    l
}

/// G/9th Infantry (CF 3) next to Crow King, in the US Offensive Fire Phase, with a
/// second US unit so the phase stays open.
fn firing(s: &mut State) -> (Coord, Coord) {
    let (a, b) = pair(s);
    put(s, "g_9inf", a, Mode::Dismounted);
    put(s, "a_2cav", a, Mode::Dismounted);
    put(s, "crow_king", b, Mode::Dismounted);
    (a, b)
}

#[test]
fn rule_9e_a_natural_2_calls_a_leader_loss_check_in_the_targets_hex() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let (_, b) = firing(&mut s);
    let ch = lead(&mut s, "crazy_horse", b);
    // 1+1: a natural 2, no effect on the unit; the check 1+1 = 2: Killed.
    s.dice.force([1, 1, 1, 1]);
    let vp = s.vp[0];
    let log = act(&mut s, "fire g_9inf crow_king").join("\n");
    assert!(log.contains("Leader Loss Check for Crazy Horse"), "{log}");
    assert_eq!(s.leaders[ch].at, Loc::Gone);
    assert_eq!(s.vp[0] - vp, s.ldef(ch).vp.killed, "12D1: killed VPs");
    assert_eq!(s.dice.forced_left(), 0);
    // A natural 3 with no Casualty Point calls no check.
    let mut s = board(Side::US, Phase::OffensiveFire);
    let (_, b) = firing(&mut s);
    lead(&mut s, "crazy_horse", b);
    s.dice.force([1, 2]);
    let log = act(&mut s, "fire g_9inf crow_king").join("\n");
    assert!(!log.contains("Leader Loss Check"), "{log}");
    assert_eq!(s.dice.forced_left(), 0);
}

#[test]
fn rule_12d1_a_casualty_point_calls_the_check_before_the_result_is_applied() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let (_, b) = firing(&mut s);
    let ch = lead(&mut s, "crazy_horse", b);
    // 6+6 on the 3 column: 1 CP. The check comes first: 1+1 Killed. Then Crow King's
    // Morale Check 4+4 gets no rating from the dead Crazy Horse.
    s.dice.force([6, 6, 1, 1, 4, 4]);
    let log = act(&mut s, "fire g_9inf crow_king");
    let check = log.iter().position(|l| l.contains("Leader Loss Check"));
    let morale = log.iter().position(|l| l.contains("Morale Check"));
    assert!(check.is_some() && morale.is_some(), "{log:?}");
    assert!(check < morale, "{log:?}");
    assert_eq!(s.leaders[ch].at, Loc::Gone);
    let mc = &log[morale.unwrap()];
    assert!(!mc.contains("Crazy Horse"), "{mc}");
}

#[test]
fn rule_12d1_a_mortal_wound_test_case_003_4_dies_on_turn_14() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    s.turn = 10;
    let (_, b) = firing(&mut s);
    let ch = lead(&mut s, "crazy_horse", b);
    // natural 2; check 2+1 = 3 Wounded; severity 1 Mortal; the death roll 4.
    s.dice.force([1, 1, 2, 1, 1, 4]);
    let vp = s.vp[0];
    act(&mut s, "fire g_9inf crow_king");
    assert_eq!(s.leaders[ch].wound, Some(Wound::Mortal { dies: 14 }));
    assert_eq!(s.vp[0] - vp, s.ldef(ch).vp.wounded, "12D1: wounded VPs");
    // No ratings, and half the front MA (8 -> 4).
    assert_eq!(leaders::ratings(&s, ch), None);
    assert_eq!(leaders::ma(&s, ch), 4);
    // His Rally Phase of turn 13: he lives. Of turn 14: he dies, and the killed VPs
    // replace the wounded ones.
    s.phasing = Side::Indian;
    s.turn = 13;
    leaders::rally_wounded(&mut s);
    assert!(s.leader_hex(ch).is_some());
    s.turn = 14;
    let log = leaders::rally_wounded(&mut s);
    assert_eq!(s.leaders[ch].at, Loc::Gone, "{log:?}");
    assert_eq!(s.vp[0] - vp, s.ldef(ch).vp.killed);
}

#[test]
fn rule_12d1_a_mortally_wounded_leader_at_the_pack_train_rolls_to_live() {
    for (die, lives) in [(4u8, true), (3, false)] {
        let mut s = board(Side::US, Phase::Rally);
        let (a, b) = pair(&s);
        put(&mut s, "pack_a", a, Mode::Mounted);
        put(&mut s, "crow_king", b, Mode::Dismounted);
        let cr = lead(&mut s, "crook", a);
        s.leaders[cr].wound = Some(Wound::Mortal { dies: 9 });
        s.dice.force([die]);
        let log = leaders::rally_wounded(&mut s);
        if lives {
            assert_eq!(s.leaders[cr].wound, Some(Wound::Severe), "{log:?}");
            assert!(s.leader_hex(cr).is_some());
        } else {
            assert_eq!(s.leaders[cr].at, Loc::Gone, "{log:?}");
        }
    }
}

#[test]
fn rule_12d1_a_mortal_wound_past_the_last_turn_is_rolled_at_the_end() {
    let mut s = board(Side::US, Phase::Rally);
    let (a, _) = pair(&s);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    let cr = lead(&mut s, "crook", a);
    s.leaders[cr].wound = Some(Wound::Mortal { dies: 22 });
    s.dice.force([1]);
    let log = leaders::end_of_game(&mut s);
    assert_eq!(s.leaders[cr].at, Loc::Gone, "{log:?}");
    assert!(log.iter().any(|l| l.text.contains("no modifiers")));
}

#[test]
fn rule_12d1_a_moderate_wound_flips_the_leader_to_his_wounded_side() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let (_, b) = firing(&mut s);
    let ch = lead(&mut s, "crazy_horse", b);
    // natural 2; check 3+1 = 4 Wounded; severity 3 Moderate.
    s.dice.force([1, 1, 3, 1, 3]);
    act(&mut s, "fire g_9inf crow_king");
    assert_eq!(s.leaders[ch].wound, Some(Wound::Moderate));
    let d = s.ldef(ch);
    assert_eq!(
        leaders::ratings(&s, ch),
        Some((d.wounded.rating, d.wounded.radius))
    );
    assert!(d.wounded.rating < d.rating);
    assert_eq!(leaders::ma(&s, ch), d.ma, "no MA loss");
    // A light wound (severity 5) changes nothing and scores nothing.
    let mut s = board(Side::US, Phase::OffensiveFire);
    let (_, b) = firing(&mut s);
    let ch = lead(&mut s, "crazy_horse", b);
    s.dice.force([1, 1, 3, 1, 5]);
    let vp = s.vp[0];
    act(&mut s, "fire g_9inf crow_king");
    assert_eq!(s.leaders[ch].wound, None);
    assert_eq!(s.vp[0], vp);
}

#[test]
fn rule_12d4_one_of_several_leaders_is_chosen_at_random() {
    let mut s = board(Side::US, Phase::OffensiveFire);
    let (_, b) = firing(&mut s);
    let ch = lead(&mut s, "crazy_horse", b);
    let ga = lead(&mut s, "gall", b);
    // natural 2; the pick 2 of 2 (forced dice index the Leaders in counter order);
    // that Leader's check 1+1: Killed. Only one check is made (9E: one per result).
    s.dice.force([1, 1, 2, 1, 1]);
    let log = act(&mut s, "fire g_9inf crow_king").join("\n");
    assert!(
        log.contains("chosen at random for the check (12D4)"),
        "{log}"
    );
    assert_eq!(log.matches("Leader Loss Check").count(), 1, "{log}");
    let dead: Vec<usize> = [ch, ga]
        .into_iter()
        .filter(|&l| s.leaders[l].at == Loc::Gone)
        .collect();
    assert_eq!(dead.len(), 1);
}

#[test]
fn rule_12d6_a_killed_us_leader_may_be_replaced_at_a_leader_or_unit_hex() {
    let mut s = board(Side::Indian, Phase::OffensiveFire);
    let (a, b) = pair(&s);
    put(&mut s, "crow_king", a, Mode::Dismounted);
    put(&mut s, "four_horns", a, Mode::Dismounted);
    put(&mut s, "g_9inf", b, Mode::Dismounted);
    let far = c(&s, "2903");
    put(&mut s, "a_2cav", far, Mode::Dismounted);
    let mi = lead(&mut s, "mills", b);
    s.dice.force([1, 1, 1, 1]);
    act(&mut s, "fire crow_king g_9inf");
    assert_eq!(s.leaders[mi].at, Loc::Gone);
    assert!(matches!(s.pending.first(), Some(Pending::Replace { .. })));
    // The US player answers in the Indian phase.
    assert_eq!(rules::to_act(&s), Some(Side::US));
    let t = texts(&s);
    assert!(t.contains(&"replace 2903".to_string()), "{t:?}");
    assert!(t.contains(&format!("replace {}", s.stat.label(b))), "{t:?}");
    assert!(t.contains(&"replace none".to_string()));
    assert!(!t.contains(&format!("replace {}", s.stat.label(a))));
    act(&mut s, "replace 2903");
    let lt = s.find_leader("lt_1").unwrap();
    assert_eq!(s.leader_hex(lt), Some(far));
    assert_eq!(rules::to_act(&s), Some(Side::Indian));
    // Indian Leaders are never replaced.
    let mut s = board(Side::US, Phase::OffensiveFire);
    let (_, b) = firing(&mut s);
    lead(&mut s, "crazy_horse", b);
    s.dice.force([1, 1, 1, 1]);
    act(&mut s, "fire g_9inf crow_king");
    assert!(s.pending.is_empty());
}

#[test]
fn rule_12d1_a_wounded_us_leader_alone_must_move_toward_the_pack_train() {
    let mut s = board(Side::US, Phase::Movement);
    let (a, _) = pair(&s);
    let train = c(&s, "2903");
    put(&mut s, "pack_a", train, Mode::Mounted);
    let cr = lead(&mut s, "crook", a);
    s.leaders[cr].wound = Some(Wound::Severe);
    let t = texts(&s);
    let moves: Vec<&String> = t.iter().filter(|x| x.starts_with("move crook")).collect();
    assert!(!moves.is_empty());
    for m in &moves {
        let h = c(&s, m.rsplit(' ').next().unwrap());
        assert!(h.distance(train) < a.distance(train), "{m}");
    }
    assert!(
        !t.contains(&"end".to_string()),
        "12D1: he may not be left alone with MP to spend"
    );
    // Stacked with a unit, he may stay.
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    assert!(texts(&s).contains(&"end".to_string()));
}

#[test]
fn rule_10c1_each_leader_attached_to_a_side_that_takes_a_cn_checks() {
    let mut s = board(Side::US, Phase::Melee);
    let (a, b) = pair(&s);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    let ch = lead(&mut s, "crazy_horse", b);
    let ga = lead(&mut s, "gall", b);
    let target = format!("melee {}", s.stat.label(b));
    act(&mut s, &target);
    act(&mut s, "commit");
    // The defender takes a cN (every cell set to -/c1: the shipped grid gives casualties
    // only at high odds). Then one check each, Crazy Horse first (counter order): 1+1
    // Killed, 6+6 nothing.
    super::common::melee_grid(&mut s, "-/c1");
    s.dice.force([6, 1, 1, 6, 6]);
    let text = act(&mut s, "stand");
    let melee = text.iter().find(|l| l.starts_with("Melee at")).unwrap();
    if melee.contains("defender c") {
        assert_eq!(
            text.iter()
                .filter(|l| l.contains("Leader Loss Check"))
                .count(),
            2,
            "{text:?}"
        );
        assert_eq!(s.leaders[ch].at, Loc::Gone);
        assert!(s.leader_hex(ga).is_some());
    } else {
        panic!("the forced melee die did not give the defender a cN: {melee}");
    }
}

/// The hexes the Column HQ is offered to move to.
fn hq_moves(s: &State) -> Vec<Coord> {
    texts(s)
        .iter()
        .filter(|x| x.starts_with("move column_hq "))
        .map(|x| c(s, x.rsplit(' ').next().unwrap()))
        .collect()
}

/// 12E4: "As long as Crook is not killed or mortally wounded the HQ unit must always be
/// within his Command Radius." On the edge of his radius (5) the HQ may not step out.
#[test]
fn rule_12e4_the_hq_may_not_leave_crooks_command_radius() {
    let mut s = board(Side::US, Phase::Movement);
    let (a, _) = pair(&s);
    lead(&mut s, "crook", a);
    let edge = away(&s, a, 5);
    put(&mut s, "column_hq", edge, Mode::Mounted);
    let moves = hq_moves(&s);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|h| h.distance(a) <= 5), "{moves:?}");
    assert!(
        s.stat.map.neighbors(edge).any(|n| n.distance(a) == 6),
        "a step out was there to refuse"
    );
    assert!(
        texts(&s).contains(&"end".to_string()),
        "inside, it may stay"
    );
}

/// 12E4: "If separated the HQ must move, using all available MPs, until it is within the
/// Leader's command radius ... This requirement is suspended if a path free of enemy ZOC
/// is not available."
#[test]
fn rule_12e4_a_separated_hq_must_move_back_toward_crook() {
    let mut s = board(Side::US, Phase::Movement);
    let (a, _) = pair(&s);
    let crook = lead(&mut s, "crook", a);
    let far = away(&s, a, 5);
    // Crook with a moderate wound: his wounded side's radius (3) holds the HQ.
    s.leaders[crook].wound = Some(Wound::Moderate);
    let hq = put(&mut s, "column_hq", far, Mode::Mounted);
    let moves = hq_moves(&s);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|h| h.distance(a) < 5), "{moves:?}");
    assert!(!texts(&s).contains(&"end".to_string()), "it must move");
    // Out of MP: nothing left to spend, the phase may end.
    s.units[hq].spent = 99;
    assert!(texts(&s).contains(&"end".to_string()));
    s.units[hq].spent = 0;
    // Every step closer in an enemy ZOC: the duty lapses.
    let closer: Vec<Coord> = s
        .stat
        .map
        .neighbors(far)
        .filter(|n| n.distance(a) < 5)
        .collect();
    let spot = s
        .stat
        .map
        .coords()
        .find(|&h| h != far && !closer.contains(&h) && closer.iter().all(|n| n.distance(h) == 1))
        .unwrap();
    put(&mut s, "crow_king", spot, Mode::Dismounted);
    assert!(
        texts(&s).contains(&"end".to_string()),
        "suspended in the ZOC"
    );
}

/// 12E4: "If the leader is killed or mortally wounded the HQ must use all available MPs
/// to move to the closest US combat unit or leader, or to the Pack Train."
#[test]
fn rule_12e4_after_crooks_loss_the_hq_must_join_the_closest_unit() {
    let mut s = board(Side::US, Phase::Movement);
    let (a, _) = pair(&s);
    let crook = lead(&mut s, "crook", a);
    s.leaders[crook].wound = Some(Wound::Mortal { dies: 9 });
    let unit_hex = away(&s, a, 4);
    put(&mut s, "a_2cav", unit_hex, Mode::Dismounted);
    let hq = put(&mut s, "column_hq", a, Mode::Mounted);
    // Crook (mortally wounded) is no goal, but he is a Leader: 12E4 names "the closest US
    // combat unit or leader". With Crook in its own hex, the HQ is with a Leader.
    assert!(texts(&s).contains(&"end".to_string()));
    s.leaders[crook].at = Loc::Gone;
    let moves = hq_moves(&s);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|h| h.distance(unit_hex) < 4), "{moves:?}");
    assert!(!texts(&s).contains(&"end".to_string()), "it must move");
    s.units[hq].at = Loc::Map(unit_hex);
    assert!(texts(&s).contains(&"end".to_string()), "joined: free");
}
