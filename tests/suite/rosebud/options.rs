//! Battle of the Rosebud's Voluntary Rout (10J1) and its optional rules: 14D's Option #1
//! and Option #2 (the Ammo Roster), 14C's Indian re-supply in melee, and grass fires
//! (4 (3), 9D1, with a reconstructed start). One test per rule, named by its number in
//! the seed (../shared/seeds/003_ff3c01f8094d45ce.txt), with forced dice.

use super::common::{act, board_with, c, put, texts, walk_retreat};
use wargame::core::hexmap::Coord;
use wargame::games::rosebud::data::{AmmoRule, Mode, RuleOptions, Side};
use wargame::games::rosebud::rules::{fire, melee, morale};
use wargame::games::rosebud::setup::rule_options;
use wargame::games::rosebud::state::{Pending, Phase, State};

/// Voluntary Rout played, no optional rule.
fn with_rout() -> RuleOptions {
    RuleOptions::default()
}

/// An optional ammunition rule, without Voluntary Rout's questions.
fn ammo(rule: AmmoRule) -> RuleOptions {
    RuleOptions {
        ammo: rule,
        no_voluntary_rout: true,
        ..RuleOptions::default()
    }
}

/// The open ground the flat board makes, and a hex next to it.
fn ground(s: &State) -> (Coord, Coord) {
    let a = c(s, "2907");
    (a, s.stat.map.neighbors(a).next().unwrap())
}

/// A hex `n` hexes from `a`, straight on through `b`'s direction (the flat ground).
fn far(s: &State, a: Coord, n: u32) -> Coord {
    super::common::away(s, a, n)
}

/// Two US companies in the open fire at Crow King, stacked with Four Horns next to
/// them: CF 4 reads the 4 column; 1+1 = 2, no effect, but fired upon all the same.
/// The state, the firers' hex, Crow King and Four Horns.
fn fired_upon(options: RuleOptions) -> (State, Coord, usize, usize) {
    let mut s = board_with(Side::US, Phase::OffensiveFire, true, options);
    let (a, b) = ground(&s);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "b_2cav", a, Mode::Dismounted);
    let t = put(&mut s, "crow_king", b, Mode::Dismounted);
    let mate = put(&mut s, "four_horns", b, Mode::Dismounted);
    s.dice.force([1, 1]);
    act(&mut s, "fire a_2cav crow_king");
    (s, a, t, mate)
}

#[test]
fn rule_10j1_after_being_fired_upon_the_owner_may_rout_any_unit_of_the_stack() {
    let (mut s, a, t, mate) = fired_upon(with_rout());
    assert!(matches!(s.pending.first(), Some(Pending::Volunteer { .. })));
    assert_eq!(s.actor(), Side::Indian, "the owner of the units fired upon");
    assert_eq!(
        texts(&s),
        ["rout crow_king", "rout four_horns", "rout all", "hold"]
    );
    let log = act(&mut s, "rout crow_king").join("\n");
    assert!(log.contains("Crow King routs voluntarily (10J1)"), "{log}");
    assert!(log.contains("Mandatory Rout of 2 hexes"), "{log}");
    assert!(s.units[t].routed);
    walk_retreat(&mut s, "crow_king");
    assert_eq!(
        s.hex(t).unwrap().distance(a),
        3,
        "10J2: two hexes away from the unit that fired"
    );
    // The rest of the stack may still go.
    assert_eq!(texts(&s), ["rout four_horns", "hold"]);
    act(&mut s, "hold");
    assert!(!s.units[mate].routed);
    assert!(s.pending.is_empty());
    assert_eq!(s.actor(), Side::US, "the firing player goes on");
}

#[test]
fn rule_10j1_rout_all_routs_the_whole_stack_and_no_question_without_voluntary_rout() {
    let (mut s, _, t, mate) = fired_upon(with_rout());
    act(&mut s, "rout all");
    assert!(s.units[t].routed && s.units[mate].routed);

    let (s, _, _, _) = fired_upon(ammo(AmmoRule::Basic));
    assert!(
        s.pending.is_empty(),
        "the no_voluntary_rout option asks nothing"
    );
}

#[test]
fn rule_10j1_a_unit_may_rout_voluntarily_in_its_rally_phase_but_never_the_pack_train() {
    let mut s = board_with(Side::US, Phase::Rally, true, with_rout());
    let (a, _) = ground(&s);
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let (p2, e) = (far(&s, a, 2), far(&s, a, 3));
    put(&mut s, "pack_a", p2, Mode::Dismounted);
    put(&mut s, "crow_king", e, Mode::Dismounted);
    let t = texts(&s);
    assert!(t.contains(&"rout a_2cav".to_string()), "{t:?}");
    assert!(
        !t.iter().any(|x| x.starts_with("rout pack_a")),
        "15B: never the Pack Train or its Personnel"
    );
    assert!(
        !t.contains(&"rout crow_king".to_string()),
        "only the phasing player's units"
    );
    act(&mut s, "rout a_2cav");
    assert!(s.units[u].routed);
    walk_retreat(&mut s, "a_2cav");
    assert_eq!(
        s.hex(u).unwrap().distance(e),
        5,
        "away from the nearest enemy unit"
    );
    // With no enemy on the map there is nothing to rout away from.
    let mut s = board_with(Side::US, Phase::Rally, true, with_rout());
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    assert!(!texts(&s).iter().any(|x| x.starts_with("rout")));
}

#[test]
fn rule_10j1_a_rout_may_go_on_past_a_hex_where_it_would_end() {
    let mut s = board_with(Side::US, Phase::OffensiveFire, true, with_rout());
    let (a, _) = ground(&s);
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    s.units[u].routed = true;
    // A friendly unit next to it ends a US rout there (10J2a).
    let nb = s.stat.map.neighbors(a).last().unwrap();
    put(&mut s, "g_9inf", nb, Mode::Dismounted);
    let e = far(&s, a, 3);
    put(&mut s, "crow_king", e, Mode::Dismounted);
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::Movement);
    assert!(matches!(s.pending.first(), Some(Pending::Rout { .. })));
    let t = texts(&s);
    assert!(t.contains(&"halt".to_string()), "{t:?}");
    let on = t
        .iter()
        .find(|x| x.starts_with("retreat a_2cav"))
        .expect("a hex farther on")
        .clone();
    act(&mut s, &on);
    assert_eq!(s.hex(u).unwrap().distance(e), 4, "farther from the enemy");
    assert!(matches!(
        s.pending.first(),
        Some(Pending::Rout { onward: true, .. })
    ));
    // Wherever it may stop it may halt; it stops there.
    while !texts(&s).contains(&"halt".to_string()) {
        let next = texts(&s)[0].clone();
        act(&mut s, &next);
    }
    let log = act(&mut s, "halt").join("\n");
    assert!(log.contains("stops its rout"), "{log}");
    assert!(s.pending.is_empty());

    // Without Voluntary Rout the rout simply ends there.
    let mut s = super::common::board(Side::US, Phase::OffensiveFire, true);
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    s.units[u].routed = true;
    let nb = s.stat.map.neighbors(a).last().unwrap();
    put(&mut s, "g_9inf", nb, Mode::Dismounted);
    put(&mut s, "crow_king", e, Mode::Dismounted);
    let log = act(&mut s, "end").join("\n");
    assert!(log.contains("Subsequent Rout ends at"), "{log}");
    assert_eq!(s.hex(u), Some(a));
}

/// An Indian melee on a dismounted US company at 1:1, every cell of the Melee Table set
/// to `cell` (the procedure is under test, not the reconstructed grid).
fn melee_at_even_odds(options: RuleOptions, cell: &str) -> (State, usize, usize) {
    let die = 3;
    let mut s = board_with(Side::Indian, Phase::Melee, true, options);
    super::common::melee_grid(&mut s, cell);
    let (a, b) = ground(&s);
    let att = put(&mut s, "crow_king", a, Mode::Dismounted);
    let def = put(&mut s, "a_2cav", b, Mode::Dismounted);
    s.units[att].low_ammo = true;
    let hex = s.stat.label(b);
    act(&mut s, &format!("melee {hex}"));
    act(&mut s, "commit");
    s.dice.force([die]);
    act(&mut s, "stand");
    (s, att, def)
}

#[test]
fn rule_10j1_after_melee_each_side_may_rout_its_units_voluntarily() {
    let (mut s, att, def) = melee_at_even_odds(with_rout(), "c1/c1");
    assert_eq!((s.units[att].cp, s.units[def].cp), (1, 1), "c1/c1");
    assert_eq!(s.actor(), Side::US, "the defender answers first");
    assert_eq!(texts(&s), ["rout a_2cav", "hold"]);
    act(&mut s, "hold");
    assert_eq!(s.actor(), Side::Indian);
    assert_eq!(texts(&s), ["rout crow_king", "hold"]);
    act(&mut s, "rout crow_king");
    assert!(s.units[att].routed);
    assert!(
        !s.units[att].low_ammo || s.units[att].routed,
        "no Indian re-supply without the option"
    );
}

#[test]
fn rule_14c_optional_one_indian_unit_resupplies_in_a_melee_where_a_us_unit_took_a_cp() {
    let opt = RuleOptions {
        indian_resupply: true,
        no_voluntary_rout: true,
        ..RuleOptions::default()
    };
    let (s, att, _) = melee_at_even_odds(opt, "c1/c1");
    assert!(
        !s.units[att].low_ammo,
        "c1 to the US: the warriors re-supply"
    );
    let (s, att, _) = melee_at_even_odds(opt, "-/r1");
    assert!(
        s.units[att].low_ammo,
        "-/r1: no US Casualty Point, no ammunition"
    );
    let (s, att, _) = melee_at_even_odds(ammo(AmmoRule::Basic), "c1/c1");
    assert!(s.units[att].low_ammo, "only with the option");
}

#[test]
fn rule_14d_option_1_a_us_units_first_fire_cannot_deplete_it() {
    for (rule, low_first) in [(AmmoRule::FirstFire, false), (AmmoRule::Basic, true)] {
        let mut s = board_with(Side::US, Phase::OffensiveFire, true, ammo(rule));
        let (a, b) = ground(&s);
        let f = put(&mut s, "a_2cav", a, Mode::Dismounted);
        put(&mut s, "b_2cav", a, Mode::Dismounted);
        put(&mut s, "crow_king", b, Mode::Dismounted);
        // 2+3: a natural 5 (14A); the re-roll of 1 would deplete it.
        if rule == AmmoRule::FirstFire {
            s.dice.force([2, 3]);
        } else {
            s.dice.force([2, 3, 1]);
        }
        let log = act(&mut s, "fire a_2cav crow_king").join("\n");
        assert_eq!(s.units[f].low_ammo, low_first, "{rule:?}: {log}");
        if rule == AmmoRule::FirstFire {
            assert!(log.contains("first time"), "{log}");
            assert_eq!(s.dice.forced_left(), 0, "no re-roll is made");
            // Its second fire can.
            s.units[f].fired = false;
            s.dice.force([2, 3, 1]);
            act(&mut s, "fire a_2cav crow_king");
            assert!(s.units[f].low_ammo, "the second fire depletes on 1-3");
        }
    }
}

#[test]
fn rule_14d_option_2_the_ammo_roster_marks_a_box_a_fire_and_half_a_box_at_half() {
    let mut s = board_with(Side::US, Phase::OffensiveFire, true, ammo(AmmoRule::Roster));
    let (a, b) = ground(&s);
    let f = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let g = put(&mut s, "b_2cav", a, Mode::Dismounted);
    // a third firer keeps the phase open
    put(&mut s, "d_3cav", a, Mode::Dismounted);
    let k = put(&mut s, "crow_king", b, Mode::Dismounted);
    let scout = s.find("old_crow").unwrap();
    let train = s.find("pack_a").unwrap();
    assert_eq!(s.units[f].halves, 20, "10 boxes (reconstructed)");
    assert_eq!(s.units[scout].halves, 12, "6 boxes (reconstructed)");
    assert_eq!(s.units[train].halves, 60, "14D: 30 small arms");
    assert_eq!(s.units[k].halves, 0, "the Indians keep the basic rules");
    // A natural 5 calls no ammunition check on the roster.
    s.dice.force([2, 3]);
    let log = act(&mut s, "fire a_2cav crow_king").join("\n");
    assert!(log.contains("marks a box"), "{log}");
    assert_eq!(s.units[f].halves, 18);
    assert!(!s.units[f].low_ammo);
    assert_eq!(s.dice.forced_left(), 0);
    s.dice.force([1, 1]);
    act(&mut s, "fire b_2cav crow_king half");
    assert_eq!(s.units[g].halves, 19, "fire at 1/2 marks half a box");
    // The last half box: only a fire at half.
    s.units[f].fired = false;
    s.units[f].halves = 1;
    let (x, why) = fire::strength(
        &s,
        f,
        k,
        wargame::games::rosebud::state::FireKind::Offensive,
    );
    assert_eq!(x, 2.0, "CF 4 at 1/2: {why:?}");
    s.dice.force([1, 1]);
    act(&mut s, "fire a_2cav crow_king");
    assert_eq!(s.units[f].halves, 0);
    s.units[f].fired = false;
    assert!(
        !fire::can_fire(&s, f),
        "all boxes crossed: it cannot fire at all"
    );
    // 14D: Low Ammo in melee only with no boxes left.
    assert_eq!(melee::strength(&s, f, true), 2.0, "no boxes: 1/2 in melee");
    assert_eq!(melee::strength(&s, g, true), 4.0);
}

#[test]
fn rule_14d_option_2_a_roster_unit_may_fire_defensive_fire_at_half() {
    let mut s = board_with(
        Side::Indian,
        Phase::DefensiveFire,
        true,
        ammo(AmmoRule::Roster),
    );
    let (a, b) = ground(&s);
    let f = put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "b_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    assert!(texts(&s).contains(&"fire a_2cav crow_king half".to_string()));
    s.dice.force([1, 1]);
    let log = act(&mut s, "fire a_2cav crow_king half").join("\n");
    assert!(log.contains("strength 2"), "{log}");
    assert_eq!(s.units[f].halves, 19);
    let s = board_with(
        Side::Indian,
        Phase::DefensiveFire,
        true,
        ammo(AmmoRule::Basic),
    );
    let mut s = s;
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    assert!(
        !texts(&s).iter().any(|t| t.ends_with("half")),
        "not without the roster"
    );
}

#[test]
fn rule_14d_option_2_resupply_from_the_train_and_cross_levelling() {
    let mut s = board_with(Side::US, Phase::Rally, true, ammo(AmmoRule::Roster));
    let (a, b) = ground(&s);
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let giver = put(&mut s, "g_9inf", a, Mode::Dismounted);
    let p = put(&mut s, "pack_a", b, Mode::Dismounted);
    s.units[u].halves = 8; // 4 boxes: not low
    assert!(!texts(&s).iter().any(|t| t.starts_with("resupply")));
    s.units[u].halves = 6; // 3 boxes
    let t = texts(&s);
    assert!(t.contains(&"resupply a_2cav".to_string()), "{t:?}");
    assert!(
        t.contains(&"resupply a_2cav from g_9inf".to_string()),
        "{t:?}"
    );
    act(&mut s, "resupply a_2cav");
    assert_eq!(s.units[u].halves, 20, "back to the roster's 10 boxes");
    assert_eq!(s.units[p].halves, 46, "23 small arms left");
    assert!(
        s.units[u].supplying && s.units[p].supplying,
        "both spend all their MP"
    );
    // Cross-levelling: the giver keeps more than 3 boxes.
    let mut s = board_with(Side::US, Phase::Rally, true, ammo(AmmoRule::Roster));
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let giver2 = put(&mut s, "g_9inf", a, Mode::Dismounted);
    s.units[u].halves = 2;
    act(&mut s, "resupply a_2cav from g_9inf");
    assert_eq!(s.units[giver2].halves, 7, "3 1/2 boxes kept");
    assert_eq!(s.units[u].halves, 15);
    let _ = giver;
}

#[test]
fn rule_14d_and_15c_a_train_loses_5_small_arms_a_casualty_point_and_15d_scores_10_a_vp() {
    // seed_notes 003-4: "a train with 30 small arms takes 2 Casualty Points in melee -> 20".
    let mut s = board_with(Side::US, Phase::Rally, true, ammo(AmmoRule::Roster));
    let (a, _) = ground(&s);
    let p = put(&mut s, "pack_a", a, Mode::Dismounted);
    fire::take_cp(&mut s, p, 2);
    assert_eq!(s.units[p].halves, 40, "20 small arms");
    let before = s.vp[1];
    fire::take_cp(&mut s, p, 4);
    assert_eq!(s.hex(p), None);
    // 4 more CP: 0 small arms left at its elimination; 4 VP a CP (reconstructed 2 each)
    // and the train's 5 (15D).
    let v = &s.stat.tables.casualty_vp;
    assert_eq!(s.vp[1] - before, 4 * v.us_cp + v.pack_train);
    let mut s = board_with(Side::US, Phase::Rally, true, ammo(AmmoRule::Roster));
    let p = put(&mut s, "pack_a", a, Mode::Dismounted);
    fire::eliminate(&mut s, p, "(test)");
    assert_eq!(
        s.vp[1],
        s.stat.tables.casualty_vp.pack_train + 3,
        "30 small arms: +3 VP (15D: 'every 10 small arms')"
    );
}

#[test]
fn rule_14d_option_2_three_boxes_or_fewer_count_as_low_ammo_at_the_end() {
    let mut s = board_with(Side::US, Phase::Melee, true, ammo(AmmoRule::Roster));
    s.turn = s.stat.tables.turns.count;
    let (a, b) = ground(&s);
    let u = put(&mut s, "a_2cav", a, Mode::Dismounted);
    let v = put(&mut s, "g_9inf", a, Mode::Dismounted);
    let e = far(&s, b, 4);
    put(&mut s, "crow_king", e, Mode::Dismounted);
    s.units[u].halves = 7; // 3 1/2 boxes: 4 boxes remain, one slashed
    s.units[v].halves = 6; // 3 boxes
    let log = act(&mut s, "end").join("\n");
    assert!(log.contains("1 US unit with Low Ammo at the end"), "{log}");
    assert_eq!(s.vp[0], -1);
}

#[test]
fn grass_fires_start_on_a_natural_12_rout_pinned_units_and_burn_down_each_game_turn() {
    let opt = RuleOptions {
        grass_fires: true,
        no_voluntary_rout: true,
        ..RuleOptions::default()
    };
    let mut s = board_with(Side::US, Phase::OffensiveFire, true, opt);
    let (a, b) = ground(&s);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "b_2cav", a, Mode::Dismounted);
    let t = put(&mut s, "crow_king", b, Mode::Dismounted);
    // 6+6: 1 CP on the 4 column; the grass roll 1 starts a fire (reconstructed); the
    // Morale Check 4+4 passes.
    s.dice.force([6, 6, 1, 4, 4]);
    let log = act(&mut s, "fire a_2cav crow_king").join("\n");
    assert!(log.contains("a grass fire starts"), "{log}");
    assert_eq!(s.grass_fires, vec![(b, 3)]);
    assert_eq!(s.dice.forced_left(), 0);
    // 9D1: "Pinned units in a grass fire hex automatically and immediately Rout instead
    // of being Pinned."
    let log = morale::pin(&mut s, t, &[a]);
    assert!(s.units[t].routed && !s.units[t].pinned, "{log:?}");
    // 4 (3): one less each game turn; at 0 it is removed.
    let mut s = board_with(Side::US, Phase::Melee, true, opt);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    let e = far(&s, a, 4);
    put(&mut s, "a_2cav", e, Mode::Dismounted);
    s.grass_fires = vec![(a, 1), (b, 3)];
    act(&mut s, "end");
    assert_eq!(s.turn, 4);
    assert_eq!(s.grass_fires, vec![(b, 2)]);
    // Without the option no fire starts.
    let mut s = super::common::board(Side::US, Phase::OffensiveFire, true);
    put(&mut s, "a_2cav", a, Mode::Dismounted);
    put(&mut s, "b_2cav", a, Mode::Dismounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.dice.force([6, 6, 4, 4]);
    act(&mut s, "fire a_2cav crow_king");
    assert!(s.grass_fires.is_empty());
    assert_eq!(s.dice.forced_left(), 0, "no grass roll");
}

#[test]
fn the_options_read_from_notation_and_refuse_what_14d_does_not_give() {
    let o = rule_options(&["ammo=roster".into(), "grass_fires".into()]).unwrap();
    assert_eq!(o.ammo, AmmoRule::Roster);
    assert!(o.grass_fires && !o.indian_resupply && !o.no_voluntary_rout);
    let e = rule_options(&["ammo=both".into()]).unwrap_err();
    assert!(e.contains("first_fire") && e.contains("roster"), "{e}");
}
