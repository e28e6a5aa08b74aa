//! Battle of the Rosebud's melee (10), one test per rule, named by its number in the
//! seed (../shared/seeds/003_ff3c01f8094d45ce.txt), with forced dice; the seed's worked
//! examples W3 (10A's fractions) and W4 (10D's terrain) are reproduced exactly. The
//! Melee and Retreat Before Melee Tables are reconstructions (rules/rosebud/tables.ron):
//! the tests read them through the engine.

use super::common::{act, c, put, texts};
use std::sync::Arc;
use wargame::core::hexmap::Coord;
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::rules::{self, melee};
use wargame::games::rosebud::state::{Loc, Phase, State};

/// Everything off the map in a side's Melee Phase, flat around 2907 when asked.
fn board(phasing: Side, flat: bool) -> State {
    super::common::board(phasing, Phase::Melee, flat)
}

/// 2907 and a neighbour.
fn pair(s: &State) -> (Coord, Coord) {
    let a = c(s, "2907");
    (a, s.stat.map.neighbors(a).next().unwrap())
}

#[test]
fn rule_10a_w3_fractions_are_kept_when_halved_strengths_are_added() {
    let mut s = board(Side::US, true);
    let (a, _) = pair(&s);
    let x = put(&mut s, "a_2cav", a, Mode::Mounted); // CF 5
    let y = put(&mut s, "g_9inf", a, Mode::Mounted); // CF 4
    s.units[y].cp = 1; // CF 3
    s.units[x].low_ammo = true;
    s.units[y].low_ammo = true;
    let total = melee::strength(&s, x, false) + melee::strength(&s, y, false);
    assert_eq!(total, 4.0, "2.5 + 1.5, not 2 + 1");
}

#[test]
fn rule_10a_the_attacker_reads_the_us_line_or_the_indian_line() {
    let mut s = board(Side::US, true);
    let us = melee::column(&s, Side::US, 4.0, 4.0);
    assert_eq!(s.stat.tables.melee.us_line[us], (1, 1));
    // odds below the first column read the first
    assert_eq!(melee::column(&s, Side::US, 1.0, 9.0), 0);
    // The shipped lines have the same headings (the calibration, docs s.5); a designer
    // may set them apart, and then each side reads its own.
    let st = Arc::make_mut(&mut s.stat);
    st.tables.melee.indian_line = vec![
        (1, 4),
        (1, 3),
        (1, 2),
        (2, 3),
        (1, 1),
        (3, 2),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
    ];
    let ind = melee::column(&s, Side::Indian, 4.0, 4.0);
    assert_eq!(s.stat.tables.melee.indian_line[ind], (1, 1));
    assert_eq!(ind, us + 1);
    assert_eq!(melee::column(&s, Side::US, 4.0, 4.0), us);
}

#[test]
fn rule_10b_infantry_defend_doubled_routed_units_halved_and_us_low_ammo_halved() {
    let mut s = board(Side::Indian, true);
    let (a, b) = pair(&s);
    let i = put(&mut s, "g_9inf", a, Mode::Dismounted); // CF 3
    assert_eq!(melee::strength(&s, i, true), 6.0, "10B: doubled");
    s.units[i].low_ammo = true;
    assert_eq!(melee::strength(&s, i, true), 3.0, "14B: then halved");
    s.units[i].routed = true;
    assert_eq!(melee::strength(&s, i, true), 1.5, "10F: and halved again");
    let w = put(&mut s, "crow_king", b, Mode::Dismounted);
    s.units[w].low_ammo = true;
    assert_eq!(
        melee::strength(&s, w, false),
        4.0,
        "14B: Indians are not halved in melee"
    );
}

#[test]
fn rule_10b_an_attack_at_least_half_infantry_gets_plus_one() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    put(&mut s, "g_9inf", a, Mode::Dismounted); // 3
    let cav = put(&mut s, "a_2cav", a, Mode::Dismounted); // 4
    put(&mut s, "crow_king", b, Mode::Dismounted);
    let inf = s.find("g_9inf").unwrap();
    let m = melee::modifiers(&s, b, &[inf, cav]);
    assert!(
        !m.iter().any(|(k, _)| k.contains("infantry")),
        "3 of 7: {m:?}"
    );
    s.units[cav].cp = 1; // 3 of 6
    let m = melee::modifiers(&s, b, &[inf, cav]);
    assert!(
        m.contains(&("infantry attack (10B)".to_string(), 1)),
        "{m:?}"
    );
}

#[test]
fn rule_10d_w4_4312_attacks_4213_across_a_creek_two_levels_uphill_for_minus_3() {
    let mut s = board(Side::Indian, false);
    let a = c(&s, "4312");
    let d = c(&s, "4213");
    let w = put(&mut s, "crow_king", a, Mode::Dismounted);
    put(&mut s, "a_2cav", d, Mode::Dismounted);
    let m = melee::modifiers(&s, d, &[w]);
    let total: i32 = m.iter().map(|(_, v)| v).sum();
    assert_eq!(total, -3, "{m:?}");
}

#[test]
fn rule_10g_a_prone_and_disrupted_defender_gives_plus_two_a_disrupted_attacker_minus_one() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    let x = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let d = put(&mut s, "crow_king", b, Mode::Prone);
    s.units[d].disrupted = true;
    s.units[d].pinned = true;
    let total: i32 = melee::modifiers(&s, b, &[x]).iter().map(|(_, v)| v).sum();
    assert_eq!(total, 2, "Pinned and Prone count once, Disrupted again");
    s.units[x].disrupted = true;
    let total: i32 = melee::modifiers(&s, b, &[x]).iter().map(|(_, v)| v).sum();
    assert_eq!(total, 1);
}

#[test]
fn rule_10b7_pinned_prone_routed_units_holders_and_pack_trains_do_not_attack() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    let x = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let h = put(&mut s, "hh_b_2cav", a, Mode::Dismounted);
    let p = put(&mut s, "pack_a", a, Mode::Dismounted);
    assert!(melee::may_attack(&s, x, b));
    assert!(!melee::may_attack(&s, h, b));
    assert!(!melee::may_attack(&s, p, b));
    for f in [
        |s: &mut State, x: usize| s.units[x].pinned = true,
        |s: &mut State, x: usize| s.units[x].routed = true,
        |s: &mut State, x: usize| s.units[x].mode = Mode::Prone,
    ] {
        let mut t = s.clone();
        f(&mut t, x);
        assert!(!melee::may_attack(&t, x, b));
        assert!(melee::declare_legal(&t).is_empty());
    }
}

#[test]
fn rule_10h1_a_no_star_keeps_the_defender_disrupted_and_the_melee_is_fought() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    let x = put(&mut s, "a_2cav", a, Mode::Dismounted); // 4
    let d = put(&mut s, "crow_king", b, Mode::Dismounted); // 4
    let label = s.stat.label(b);
    act(&mut s, &format!("melee {label}"));
    assert_eq!(texts(&s), vec!["commit", "cancel"]);
    act(&mut s, "commit");
    assert_eq!(rules::to_act(&s), Some(Side::Indian));
    assert_eq!(texts(&s), vec!["rbm", "stand"]);
    // RBM 1: No*, Disrupted. Then 1:1 on the US line, die 3 +1 (Disrupted) = 4: -/r1.
    s.dice.force([1, 3]);
    let log = act(&mut s, "rbm").join("\n");
    assert!(log.contains("No*, Disrupted"), "{log}");
    assert!(log.contains("+1 defender Disrupted (10G) = 4"), "{log}");
    assert!(log.contains("attacker -, defender r1"), "{log}");
    // the retreat: one hex away from A/2, chosen by the Indian player or taken
    while !s.pending.is_empty() {
        let o = texts(&s);
        act(&mut s, &o[0]);
    }
    assert_eq!(s.hex(d).unwrap().distance(a), 2);
    assert!(s.units[d].disrupted);
    assert!(s.units[x].meleed, "10B4: once a phase");
    // 10H3: A/2 may advance into the emptied hex.
    assert!(texts(&s).contains(&format!("advance a_2cav {label}")));
    act(&mut s, &format!("advance a_2cav {label}"));
    assert_eq!(s.hex(x), Some(b));
}

#[test]
fn rule_10h1_a_yes_retreats_the_stack_before_the_melee_under_opportunity_fire() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    let d = put(&mut s, "crow_king", b, Mode::Dismounted);
    let label = s.stat.label(b);
    act(&mut s, &format!("melee {label}"));
    act(&mut s, "commit");
    s.dice.force([6]);
    let log = act(&mut s, "rbm").join("\n");
    assert!(log.contains(": Yes"), "{log}");
    // 9F: A/2 exerts its ZOC on Crow King: Opportunity fire before he leaves.
    assert_eq!(texts(&s), vec!["opfire a_2cav", "resolve"]);
    act(&mut s, "resolve");
    while !s.pending.is_empty() {
        let o = texts(&s);
        act(&mut s, &o[0]);
    }
    assert_eq!(s.hex(d).unwrap().distance(a), 2, "one hex, Dismounted");
    assert!(!log.contains("Melee at"), "no melee against an empty hex");
    assert!(texts(&s).contains(&format!("advance a_2cav {label}")));
}

#[test]
fn rule_10c1_casualty_points_are_placed_by_the_owner_and_the_side_is_disrupted() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    let x = put(&mut s, "a_2cav", a, Mode::Dismounted); // 4
    let d1 = put(&mut s, "crow_king", b, Mode::Dismounted); // 4
    let d2 = put(&mut s, "four_horns", b, Mode::Dismounted); // 3
    let label = s.stat.label(b);
    act(&mut s, &format!("melee {label}"));
    act(&mut s, "commit");
    // 4:7 reads the US line's 1:2 column; every cell set to c1/c1 (the shipped grid
    // has casualties for both sides only at its top, 6:1 and a 7).
    super::common::melee_grid(&mut s, "c1/c1");
    s.dice.force([5]);
    let log = act(&mut s, "stand").join("\n");
    assert!(log.contains("1:2 column"), "{log}");
    assert!(log.contains("attacker c1, defender c1"), "{log}");
    assert_eq!(
        rules::to_act(&s),
        Some(Side::Indian),
        "the owner places them"
    );
    assert_eq!(texts(&s), vec!["lose crow_king", "lose four_horns"]);
    act(&mut s, "lose four_horns");
    assert_eq!(s.cf(d2), 2);
    assert_eq!(s.cf(d1), 4);
    assert_eq!(s.cf(x), 3, "the attacker's own c1, on its only unit");
    assert!(s.units[d1].disrupted && s.units[d2].disrupted && s.units[x].disrupted);
    assert!(
        !log.contains("Morale Check"),
        "10C1: melee losses call no MC"
    );
}

#[test]
fn rule_12d5_a_leader_dies_when_his_unit_is_eliminated_in_melee() {
    let mut s = board(Side::Indian, true);
    let (a, b) = pair(&s);
    put(&mut s, "crow_king", a, Mode::Dismounted);
    put(&mut s, "rain_in_the_face", a, Mode::Dismounted);
    let d = put(&mut s, "hh_a_2cav", b, Mode::Dismounted); // a Holder, CF 1
    let l = s.find_leader("mills").unwrap();
    s.leaders[l].at = Loc::Map(b);
    let label = s.stat.label(b);
    act(&mut s, &format!("melee {label}"));
    act(&mut s, "commit");
    // the Holder cannot retreat on its own? it may: stand. 8:1 and die 6: -/c2Rt or so.
    s.dice.force([6, 6, 6]);
    let log = act(&mut s, "stand").join("\n");
    assert_eq!(s.units[d].at, Loc::Gone, "{log}");
    assert_eq!(s.leaders[l].at, Loc::Gone, "{log}");
}

/// A US melee on Crow King (Mounted) by A/2nd Cavalry (Mounted), whose whole stack
/// retreats before melee; the retreat is walked to its end, taking the first hex each
/// time. Returns the state in the pursuit.
fn pursuit(die_rbm: u8) -> State {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    put(&mut s, "a_2cav", a, Mode::Mounted);
    put(&mut s, "crow_king", b, Mode::Mounted);
    let target = format!("melee {}", s.stat.label(b));
    act(&mut s, &target);
    act(&mut s, "commit");
    s.dice.force([die_rbm]);
    act(&mut s, "rbm");
    super::common::walk_retreat(&mut s, "crow_king");
    s
}

#[test]
fn rule_10h2_after_every_defender_retreats_the_attacker_may_pursue_and_attack_again() {
    let mut s = pursuit(6);
    assert_eq!(rules::to_act(&s), Some(Side::US));
    let t = texts(&s);
    assert!(t.contains(&"pursue a_2cav".to_string()), "{t:?}");
    assert!(t.contains(&"halt".to_string()));
    // 1d6 2: a Mounted unit may move two hexes.
    s.dice.force([2]);
    let log = act(&mut s, "pursue a_2cav").join("\n");
    assert!(log.contains("may move 2 hex"), "{log}");
    let a = s.find("a_2cav").unwrap();
    let k = s.find("crow_king").unwrap();
    for _ in 0..2 {
        if s.hex(a).unwrap().distance(s.hex(k).unwrap()) == 1 {
            break;
        }
        // Step toward the retreated unit, never into an enemy hex.
        let there = s.hex(k).unwrap();
        let opts: Vec<String> = texts(&s)
            .into_iter()
            .filter(|x| x.starts_with("advance a_2cav"))
            .collect();
        assert!(!opts.contains(&format!("advance a_2cav {}", s.stat.label(there))));
        let best = opts
            .iter()
            .min_by_key(|x| c(&s, x.rsplit(' ').next().unwrap()).distance(there))
            .unwrap()
            .clone();
        act(&mut s, &best);
    }
    assert_eq!(s.hex(a).unwrap().distance(s.hex(k).unwrap()), 1);
    if matches!(
        s.pending.first(),
        Some(wargame::games::rosebud::state::Pending::PursuitMove { .. })
    ) {
        act(&mut s, "halt");
    }
    // Melee again, with no Retreat before melee: the die is rolled at once.
    let again = format!("melee {}", s.stat.label(s.hex(k).unwrap()));
    assert!(texts(&s).contains(&again), "{:?}", texts(&s));
    s.dice.force([3]);
    let log = act(&mut s, &again).join("\n");
    assert!(log.contains("no Retreat before melee (10H2)"), "{log}");
    assert!(log.contains("Melee at"), "{log}");
    assert!(!log.contains("Retreat before melee for"), "{log}");
}

#[test]
fn rule_10h2_a_pursuit_roll_of_3_to_6_moves_nothing() {
    let mut s = pursuit(6);
    s.dice.force([3]);
    let log = act(&mut s, "pursue a_2cav").join("\n");
    assert!(log.contains("it stays"), "{log}");
    // Nothing left to choose: the pursuit ends by itself unless a re-initiated melee
    // is open (the retreat took Crow King away).
    assert!(!texts(&s).iter().any(|x| x.starts_with("pursue")));
}

#[test]
fn rule_10h1_the_defender_may_roll_for_each_unit_or_for_the_stack() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    let fh = put(&mut s, "four_horns", b, Mode::Dismounted);
    let target = format!("melee {}", s.stat.label(b));
    act(&mut s, &target);
    act(&mut s, "commit");
    let t = texts(&s);
    for x in ["rbm", "rbm crow_king", "rbm four_horns", "stand"] {
        assert!(t.contains(&x.to_string()), "{x}: {t:?}");
    }
    // Crow King alone: 1d6 6, Yes; it retreats (A/2 may fire as it leaves? Four Horns
    // stays in the hex, so its ZOC is negated, rule 5) before Four Horns decides.
    s.dice.force([6]);
    act(&mut s, "rbm crow_king");
    super::common::walk_retreat(&mut s, "crow_king");
    let k = s.find("crow_king").unwrap();
    assert_ne!(s.hex(k), Some(b));
    let t = texts(&s);
    assert!(
        !t.contains(&"rbm".to_string()),
        "the stack roll is gone: {t:?}"
    );
    assert!(t.contains(&"rbm four_horns".to_string()));
    // Four Horns stands: the melee is fought against it alone.
    s.dice.force([3]);
    let log = act(&mut s, "stand").join("\n");
    assert!(log.contains("against Four Horns"), "{log}");
    assert!(s.hex(fh).is_some() || log.contains("eliminated"));
}

#[test]
fn rule_10h1_a_mounted_unit_may_retreat_one_hex_or_two() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    let k = put(&mut s, "crow_king", b, Mode::Mounted);
    let target = format!("melee {}", s.stat.label(b));
    act(&mut s, &target);
    act(&mut s, "commit");
    s.dice.force([6]);
    act(&mut s, "rbm");
    let mut first = None;
    for _ in 0..5 {
        let t = texts(&s);
        if t.contains(&"resolve".to_string()) {
            act(&mut s, "resolve");
        } else if first.is_none() {
            let r = t
                .iter()
                .find(|x| x.starts_with("retreat crow_king"))
                .unwrap()
                .clone();
            act(&mut s, &r);
            first = s.hex(k);
        } else {
            break;
        }
    }
    assert!(first.is_some());
    let t = texts(&s);
    assert!(t.contains(&"halt".to_string()), "{t:?}");
    assert!(t.iter().any(|x| x.starts_with("retreat crow_king")));
    act(&mut s, "halt");
    assert_eq!(s.hex(k), first, "one hex only");
}

#[test]
fn rule_12c2_the_senior_most_us_leader_gives_his_rating_in_melee() {
    let mut s = board(Side::US, true);
    let (a, b) = pair(&s);
    let x = put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    // Capt. Mills (rank 6, rating 2) and Maj. Evans (rank 3, rating 1) with the attacker:
    // Evans is the senior and gives +1, not Mills's +2.
    for id in ["mills", "evans"] {
        let l = s.find_leader(id).unwrap();
        s.leaders[l].at = Loc::Map(a);
    }
    let m = melee::modifiers(&s, b, &[x]);
    assert!(
        m.iter().any(|(k, v)| k.contains("Evans") && *v == 1),
        "{m:?}"
    );
    assert!(!m.iter().any(|(k, _)| k.contains("Mills")), "{m:?}");
}
