//! The seed's worked examples and rules, each test naming its rule.

use super::{act, game};
use wargame::core::game::Rules;
use wargame::games::geronimo::Geronimo;
use wargame::games::geronimo::state::Phase;

/// Deploy the Basic game's 30 BP and two guns (3.45).
fn deployed(players: u8, seed: u64) -> wargame::games::geronimo::state::State {
    let mut s = game("geronimo/basic", players, seed);
    assert_eq!(s.phase, Phase::Deploy);
    act(&mut s, "deploy ks 20 g2 patrol");
    // 3.45: every BP and gun goes on the map before the Turn's deal.
    assert!(
        !Geronimo::legal_actions(&s)
            .iter()
            .any(|a| a.to_string() == "deployed")
    );
    act(&mut s, "deploy tx 10 g0 fort");
    act(&mut s, "deployed");
    s
}

#[test]
fn r3_32_the_sioux_or_the_apache_are_a_players_only_initial_tribe() {
    let mut s = deployed(3, 1);
    let Phase::Pick { order, at: 0, .. } = s.phase.clone() else {
        panic!("not picking: {:?}", s.phase)
    };
    act(&mut s, "pick sioux");
    let Phase::Pick { at, first, .. } = s.phase.clone() else {
        panic!("not picking")
    };
    assert_eq!((at, first), (1, None), "the Sioux end the pick");
    assert_eq!(Geronimo::to_act(&s), Some(order[1]));
    act(&mut s, "pick kiowa");
    // A second Tribe, neither the Sioux (taken) nor the Apache (alone only).
    let legal: Vec<String> = Geronimo::legal_actions(&s)
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert!(legal.contains(&"pick comanche".to_string()), "{legal:?}");
    assert!(!legal.contains(&"pick apache".to_string()), "{legal:?}");
    assert!(!legal.contains(&"pick sioux".to_string()), "{legal:?}");
    assert!(legal.contains(&"pick done".to_string()));
}

use wargame::games::geronimo::rules::{combat, turn};
use wargame::games::geronimo::state::{
    Attacker, ChiefStatus, Column, Fight, Pending, Place, State, Target, WarParty,
};

/// A game in its Rounds with no Village on the map and no Column: a bare table for
/// the examples to set up. Seat 0 is the US, seat 1 and 2 Indians holding no Tribe.
fn table(scenario: &str, turn: u8) -> State {
    let mut s = game(scenario, 3, 5);
    s.phase = Phase::Rounds;
    s.turn = turn;
    s.sides.us = 0;
    s.sides.tribes = vec![vec![], vec![], vec![]];
    for v in &mut s.villages {
        v.place = Place::Extinct;
    }
    s.columns.clear();
    s.parties.clear();
    for a in &mut s.areas {
        a.state = false;
        a.settlements = 0;
        a.towns = 0;
        a.rr = 0;
        a.mines.clear();
        a.skulls = 0;
    }
    s
}

fn area(s: &State, id: &str) -> usize {
    s.stat.map.index(id).expect("area")
}

fn village(s: &State, id: &str) -> usize {
    s.stat
        .villages
        .iter()
        .position(|v| v.def.id == id)
        .expect("village")
}

fn tribe(s: &State, id: &str) -> usize {
    s.stat
        .tribes
        .iter()
        .position(|t| t.id == id)
        .expect("tribe")
}

fn chief(s: &State, id: &str) -> usize {
    s.stat
        .chiefs
        .iter()
        .position(|c| c.def.id == id)
        .expect("chief")
}

fn commander(s: &State, id: &str) -> usize {
    s.stat
        .commanders
        .iter()
        .position(|c| c.id == id)
        .expect("commander")
}

fn column(s: &mut State, cmd: &str, at: &str, bp: i32, guns: u8, gatlings: u8) -> u32 {
    let id = s.next_column;
    s.next_column += 1;
    let k = commander(s, cmd);
    let a = area(s, at);
    s.columns.push(Column {
        id,
        commander: Some(k),
        bp,
        guns,
        gatlings,
        area: a,
        fort: false,
        played: None,
        no_attack: false,
        mormon: false,
        siege: false,
    });
    id
}

fn put(s: &mut State, v: &str, at: &str, bp: i32, seat: Option<u8>) -> usize {
    let i = village(s, v);
    let a = area(s, at);
    s.villages[i].place = Place::Area(a);
    s.villages[i].bp = bp;
    if let Some(p) = seat {
        let t = s.stat.tribe_of(i);
        if !s.sides.tribes[usize::from(p)].contains(&t) {
            s.sides.tribes[usize::from(p)].push(t);
        }
    }
    i
}

fn party(s: &mut State, v: usize, at: &str, bp: i32, chiefs: &[&str]) -> u32 {
    let id = s.next_party;
    s.next_party += 1;
    let a = area(s, at);
    let chiefs = chiefs.iter().map(|c| chief(s, c)).collect();
    s.parties.push(WarParty {
        id,
        village: v,
        area: a,
        bp,
        chiefs,
        actions: 1,
        allies: vec![],
    });
    id
}

/// Forced d10 rolls: the die reads 0-9 (2.4), a forced value is the roll plus one.
fn rolls(s: &mut State, r: &[u8]) {
    s.dice.force(r.iter().map(|x| x + 1));
}

fn joined(log: &[wargame::core::game::LogEntry]) -> String {
    log.iter()
        .map(|l| l.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn r4_23_four_bp_dice_before_the_acw_4_6_0_1_give_11() {
    let mut s = table("geronimo/campaign", 2);
    s.reserve.bp = 0;
    rolls(&mut s, &[4, 6, 0, 1]);
    let mut log = vec![];
    assert_eq!(turn::new_bp(&mut s, &mut log), 11);
    assert_eq!(s.reserve.bp, 11);
    assert!(
        joined(&log).contains("4 + 6 + 0 + 1 = 11"),
        "{}",
        joined(&log)
    );
    // After the ACW: six dice.
    s.effects.acw_done = true;
    rolls(&mut s, &[1, 1, 1, 1, 1, 1]);
    assert_eq!(turn::new_bp(&mut s, &mut vec![]), 6);
}

#[test]
fn r5_32_speed_miles_16_bp_a_gun_and_a_gatling_2_pope_20_bp_three_guns_0() {
    let mut s = table("geronimo/basic", 5);
    let m = column(&mut s, "miles", "mt", 16, 1, 1);
    let p = column(&mut s, "pope", "ks", 20, 3, 0);
    let speed = |s: &State, id: u32| s.speed(s.column(id).unwrap());
    assert_eq!(speed(&s, m), 2);
    assert_eq!(speed(&s, p), 0, "never below 0");
}

#[test]
fn r5_351_sheridan_reacting_into_an_adjacent_area_rolls_3_plus_1_and_fails() {
    let mut s = table("geronimo/basic", 5);
    s.effects.telegraph = true;
    let c = column(&mut s, "sheridan", "co", 13, 0, 0);
    assert_eq!(s.speed(s.column(c).unwrap()), 3);
    let v = put(&mut s, "arapaho", "wy", 5, Some(1));
    let wp = party(&mut s, v, "wy", 4, &[]);
    s.pending.push(Pending::React {
        trigger: wargame::games::geronimo::state::Trigger::Attacked(wp),
        tried: vec![],
    });
    rolls(&mut s, &[3]);
    let log = act(&mut s, &format!("react c{c}"));
    assert!(
        log.iter().any(|l| l
            .contains("roll 3 +1 into an adjacent Area (Telegraph) = 4 against Speed 3: it fails")),
        "{log:?}"
    );
    assert_eq!(
        s.column(c).unwrap().area,
        area(&s, "co"),
        "Sheridan stays in Colorado"
    );
}

#[test]
fn r5_46_thirteen_states_and_nine_tribes_give_15_commanders() {
    let mut s = table("geronimo/basic", 7);
    for id in [
        "wa", "or", "ca", "id", "nv", "ut", "mt", "wy", "co", "nd", "sd", "ne", "ks",
    ] {
        let a = area(&s, id);
        s.areas[a].state = true;
    }
    for t in [
        "sioux", "apache", "comanche", "kiowa", "arapaho", "navajo", "ute", "crow", "pawnee",
    ] {
        let tr = tribe(&s, t);
        let v = s.stat.villages_of(tr).next().unwrap();
        s.villages[v].place = Place::Area(area(&s, "tx"));
    }
    assert_eq!(turn::commanders_for_turn(&s), 15);
}

#[test]
fn r6_53_and_6_74_several_chiefs_combine_best_plus_one_each_best_and_sum() {
    let s = table("geronimo/basic", 4);
    let ids = |v: &[&str]| v.iter().map(|c| chief(&s, c)).collect::<Vec<_>>();
    assert_eq!(
        combat::chief_ratings(&s, &ids(&["bull_bear", "roman_nose", "tall_bull"])),
        (3, 1, 3)
    );
    assert_eq!(
        combat::chief_ratings(&s, &ids(&["sitting_bull", "crazy_horse", "black_bear"])),
        (4, 3, 4)
    );
}

/// 6.65: Idaho 18 less three Settlements and two unbroken RR markers (7 RP) leaves 11
/// SP for three Villages: 4, 4 and 3.
fn idaho() -> (State, usize) {
    let mut s = table("geronimo/basic", 5);
    let id = area(&s, "id");
    s.areas[id].settlements = 3;
    s.areas[id].rr = 3;
    s.areas[id].rr_broken = 1;
    put(&mut s, "nez_perce", "id", 7, Some(1));
    put(&mut s, "shoshone", "id", 5, Some(1));
    let b = put(&mut s, "bannock", "id", 4, Some(2));
    for v in &mut s.villages {
        v.actions = 1;
    }
    (s, b)
}

#[test]
fn r6_65_idaho_11_sp_for_three_villages_the_bannock_get_3_and_lose_a_bp() {
    let (mut s, b) = idaho();
    assert_eq!(s.rp(area(&s, "id")), 7);
    let mut log = vec![];
    turn::survival(&mut s, &mut log);
    let text = joined(&log);
    assert_eq!(s.villages[b].bp, 3, "{text}");
    assert_eq!(s.villages[village(&s, "nez_perce")].bp, 7, "{text}");
    assert_eq!(s.villages[village(&s, "shoshone")].bp, 5, "{text}");
    assert!(text.contains("Bannock in Idaho earn 3 SP"), "{text}");
}

#[test]
fn r6_64_a_mission_or_doing_nothing_doubles_and_devastation_comes_off_first() {
    // With a Mission: 6 SP, safe.
    let (mut s, b) = idaho();
    let id = area(&s, "id");
    s.areas[id].mission = true;
    turn::survival(&mut s, &mut vec![]);
    assert_eq!(s.villages[b].bp, 4);
    // Devastated -1, no action, a Mission: (3 - 1) x 2 x 2 = 8.
    let (mut s, b) = idaho();
    s.areas[id].mission = true;
    s.villages[b].actions = 0;
    s.villages[b].devastation = 1;
    let mut log = vec![];
    turn::survival(&mut s, &mut log);
    assert!(
        joined(&log).contains("Bannock in Idaho earn 8 SP"),
        "{}",
        joined(&log)
    );
}

#[test]
fn r7_25_example_1_geronimo_and_4_bp_hit_a_3_mine_on_a_5_for_3_vp() {
    let mut s = table("geronimo/basic", 6);
    let az = area(&s, "az");
    let m = s
        .stat
        .mines
        .iter()
        .position(|m| m.area == "az" && m.value == 3)
        .unwrap();
    s.areas[az].mines.push((m, false));
    let v = put(&mut s, "chiricahua", "az", 6, Some(1));
    let wp = party(&mut s, v, "az", 4, &["geronimo"]);
    rolls(&mut s, &[5]);
    let mut log = vec![];
    let mine = wargame::games::geronimo::action::Res::Mine(s.stat.mines[m].id.clone());
    combat::resource_attack(&mut s, wp, az, &mine, &mut log);
    assert_eq!(s.vp[1], 3, "{}", joined(&log));
    assert!(s.areas[az].mines[0].1, "the Mine is Hit");
    assert!(!joined(&log).contains("Massacre"), "no check on a 5");
}

#[test]
fn r7_25_example_2_inkpaduta_and_7_bp_hit_a_town_on_a_natural_2_and_massacre_on_0_3() {
    for (massacre_roll, massacres) in [(3, 1), (4, 0)] {
        let mut s = table("geronimo/basic", 5);
        let mn = area(&s, "mn");
        s.areas[mn].towns = 1;
        let v = put(&mut s, "santee", "mn", 8, Some(1));
        let wp = party(&mut s, v, "mn", 7, &["inkpaduta"]);
        rolls(&mut s, &[2, massacre_roll]);
        let mut log = vec![];
        combat::resource_attack(
            &mut s,
            wp,
            mn,
            &wargame::games::geronimo::action::Res::Town,
            &mut log,
        );
        let text = joined(&log);
        assert_eq!(s.vp[1], 5, "{text}");
        assert_eq!((s.areas[mn].towns, s.areas[mn].settlements), (0, 3));
        assert!(text.contains("against 7 BP + Chief 1 = 8"), "{text}");
        assert!(text.contains("against Aggression 3"), "{text}");
        assert_eq!(s.areas[mn].massacres, massacres, "{text}");
    }
}

#[test]
fn r7_31_odds_rounded_for_the_us_or_under_ambush_for_the_indians_and_nearest_between_indians() {
    let s = table("geronimo/basic", 5);
    // 9 US BP on 4 Indian BP: +4 and -4; under Ambush +2 and -2.
    assert_eq!(combat::odds_drm(&s, 9, 4, true).0, 4);
    assert_eq!(combat::odds_drm(&s, 4, 9, false).0, -4);
    assert_eq!(combat::odds_drm(&s, 9, 4, false).0, 2);
    assert_eq!(combat::odds_drm(&s, 4, 9, true).0, -2);
    // 8 on 3 rounds to 3-1; 10 on 4, halfway, to 2-1 for the defender.
    assert_eq!(combat::nearest_odds(&s, 8, 3).0, 4);
    let (a, d, _) = combat::nearest_odds(&s, 10, 4);
    assert_eq!((a, d), (2, -2));
}

#[test]
fn r7_32_crazy_horse_5_bp_on_sibley_10_bp_one_loss_each_no_vp() {
    let mut s = table("geronimo/basic", 5);
    let c = column(&mut s, "sibley", "mt", 10, 0, 0);
    let v = put(&mut s, "teton1", "mt", 6, Some(1));
    let wp = party(&mut s, v, "mt", 5, &["crazy_horse"]);
    rolls(&mut s, &[4, 3]);
    let mut log = vec![];
    let mt = area(&s, "mt");
    combat::indian_attack(&mut s, wp, Target::Column(c), mt, &mut log);
    let text = joined(&log);
    assert!(
        text.contains("Indian Battle roll 4 +1"),
        "Chief +3, 1-2 odds -2: {text}"
    );
    assert!(text.contains("= 5: 1"), "{text}");
    assert!(
        text.contains("US Battle roll 3 +3"),
        "Sibley +1, 2-1 +2: {text}"
    );
    assert!(text.contains("= 6: 1"), "{text}");
    assert_eq!(s.column(c).unwrap().bp, 9);
    assert_eq!(s.party(wp).unwrap().bp, 4);
    assert_eq!(s.vp, vec![0, 0, 0], "equal losses: no VP (7.33)");
}

#[test]
fn r7_55_crook_catches_quanah_who_rolls_9_for_ambush_and_escapes_losing_a_bp() {
    let mut s = table("geronimo/basic", 5);
    let c = column(&mut s, "crook", "tx", 11, 1, 0);
    assert_eq!(s.speed(s.column(c).unwrap()), 2);
    let v = put(&mut s, "comanche", "tx", 5, Some(1));
    let wp = party(&mut s, v, "tx", 5, &["quanah_parker"]);
    s.pending.push(Pending::Evade(Fight {
        attacker: Attacker::Columns(vec![c]),
        target: Target::Party(wp),
        area: area(&s, "tx"),
        ambush: false,
        relocating_to: None,
        round_of: 0,
    }));
    rolls(&mut s, &[4]);
    let log = act(&mut s, "evade");
    assert!(
        log.iter()
            .any(|l| l.contains("Evasion roll 4 against a capability of 6")),
        "{log:?}"
    );
    rolls(&mut s, &[2]);
    let log = act(&mut s, "pursue");
    assert!(
        log.iter()
            .any(|l| l.contains("Pursuit roll 2 against a capability of 3")),
        "{log:?}"
    );
    rolls(&mut s, &[9]);
    let log = act(&mut s, "ambush");
    assert!(
        log.iter()
            .any(|l| l.contains("Ambush roll 9 against a capability of 3")),
        "{log:?}"
    );
    assert_eq!(s.party(wp).unwrap().bp, 4);
    assert_eq!(s.column(c).unwrap().bp, 11, "no battle");
    assert!(s.pending.is_empty());
}

#[test]
fn r7_62_chivington_on_an_undefended_village_natural_8_plus_6_is_3_m2_a_massacre() {
    let mut s = table("geronimo/basic", 4);
    let c = column(&mut s, "chivington", "co", 10, 0, 0);
    let v = put(&mut s, "s_cheyenne", "co", 0, None);
    party(&mut s, v, "ks", 5, &[]);
    rolls(&mut s, &[8]);
    let mut log = vec![];
    let co = area(&s, "co");
    combat::start_column_attack(
        &mut s,
        Fight {
            attacker: Attacker::Columns(vec![c]),
            target: Target::Village(v),
            area: co,
            ambush: false,
            relocating_to: None,
            round_of: 0,
        },
        &mut log,
    );
    let text = joined(&log);
    assert!(text.contains("= 14: 3[M2]"), "{text}");
    assert_eq!(s.villages[v].devastation, 3, "{text}");
    assert_eq!(s.areas[area(&s, "co")].massacres, 1, "{text}");
}

#[test]
fn r8_14_the_mimbres_at_3_of_7_bp_go_on_reservation_on_0_or_1() {
    for (roll, on) in [(1, true), (2, false)] {
        let mut s = table("geronimo/basic", 5);
        let v = put(&mut s, "mimbres", "nm", 3, Some(1));
        rolls(&mut s, &[roll]);
        turn::forced_reservation(&mut s, &mut vec![]);
        assert_eq!(
            matches!(s.villages[v].place, Place::Reservation { .. }),
            on,
            "roll {roll}"
        );
        assert_eq!(s.vp[0], if on { 2 } else { 0 }, "the US scores 2 (8.17)");
    }
    // At 4 of 7 BP there is no roll.
    let mut s = table("geronimo/basic", 5);
    let v = put(&mut s, "mimbres", "nm", 4, Some(1));
    rolls(&mut s, &[0]);
    turn::forced_reservation(&mut s, &mut vec![]);
    assert_eq!(s.villages[v].place, Place::Area(area(&s, "nm")));
    // The Klamath (2 BP printed) at 1 BP go on with 0-5.
    let mut s = table("geronimo/basic", 5);
    let k = put(&mut s, "klamath", "or", 1, Some(1));
    rolls(&mut s, &[5]);
    turn::forced_reservation(&mut s, &mut vec![]);
    assert!(matches!(s.villages[k].place, Place::Reservation { .. }));
    let _ = ChiefStatus::Free;
}

#[test]
fn r10_21_minnesota_town_and_three_settlements_less_a_massacre_is_7_above_6() {
    let mut s = table("geronimo/basic", 5);
    let mn = area(&s, "mn");
    s.areas[mn].towns = 1;
    s.areas[mn].settlements = 3;
    s.areas[mn].massacres = 1;
    turn::statehood(&mut s, &mut vec![]);
    assert!(s.areas[mn].state);
    assert_eq!(s.vp[0], 10, "two Indian players: 10 VP a State (10.11)");
}

#[test]
fn r10_32_with_two_states_failing_a_new_state_needs_6_or_less() {
    for (roll, admitted) in [(6, true), (7, false)] {
        let mut s = table("geronimo/basic", 5);
        for id in ["ks", "ne"] {
            let a = area(&s, id);
            s.areas[a].state = true;
        }
        let mn = area(&s, "mn");
        s.areas[mn].towns = 2;
        rolls(&mut s, &[roll]);
        let mut log = vec![];
        turn::statehood(&mut s, &mut log);
        assert_eq!(s.areas[mn].state, admitted, "roll {roll}: {}", joined(&log));
        assert_eq!(s.vp[0], -2 + if admitted { 10 } else { 0 });
    }
}

#[test]
fn r6_73_an_alliance_of_sioux_arapaho_and_assiniboine_strikes_with_20_bp_and_plus_4() {
    let mut s = table("geronimo/basic", 4);
    let c = column(&mut s, "sibley", "mt", 10, 0, 0);
    put(&mut s, "teton1", "mt", 6, Some(1));
    put(&mut s, "teton2", "mt", 6, Some(1));
    let ar = put(&mut s, "arapaho", "wy", 5, Some(1));
    let asn = put(&mut s, "assiniboine", "nd", 3, Some(1));
    s.villages[ar].marks.blood_lust = true;
    s.villages[asn].marks.medicine = true;
    s.active = 1;
    s.step = wargame::games::geronimo::state::Step::Ops;
    s.effects.alliance = Some(area(&s, "mt"));
    let legal: Vec<String> = Geronimo::legal_actions(&s)
        .iter()
        .map(|a| a.to_string())
        .collect();
    let want = format!("ally mt teton1:6+teton2:6+arapaho:5+assiniboine:3 c{c}");
    assert!(legal.contains(&want), "{legal:?}");
    rolls(&mut s, &[4, 4]);
    let log = act(&mut s, &want);
    let text = log.join("\n");
    assert!(text.contains("of 20 BP"), "{text}");
    assert!(
        text.contains("Blood Lust +2") && text.contains("Shaman Medicine +2"),
        "{text}"
    );
    // Each Village has used one of its two actions (6.71).
    for v in ["teton1", "teton2", "arapaho", "assiniboine"] {
        assert_eq!(s.villages[village(&s, v)].actions, 1, "{v}");
    }
    // A smaller Alliance of the player's choosing is legal too; an enemy is not.
    let mut t = s.clone();
    t.acted = false;
    assert!(
        Geronimo::allows_unlisted(&t, &"ally mt teton1:2+arapaho:1 c1".parse().unwrap())
            || t.villages[village(&t, "teton1")].bp < 2
    );
}
