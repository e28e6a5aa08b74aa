//! Battle of the Rosebud's rules as this version plays them, one test per rule, named
//! by its number in the seed (../shared/seeds/003_ff3c01f8094d45ce.txt). Positions are
//! built on the shipped map and counters; the seed's worked examples (6E's Pony
//! Holders, 8D2b's mounting) are reproduced exactly.

use super::common::{act, texts};
use std::sync::Arc;
use wargame::core::game::Rules;
use wargame::core::hexmap::Coord;
use wargame::games::rosebud::Rosebud;
use wargame::games::rosebud::action::Action;
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::rules::{self, move_cost, overstacked};
use wargame::games::rosebud::setup::{load_static, new_state, scenario_path};
use wargame::games::rosebud::state::{Loc, State};

fn state() -> State {
    let root = crate::util::root();
    let st = load_static(&root, &scenario_path(&root, "battle")).unwrap_or_else(|e| panic!("{e}"));
    new_state(Arc::new(st), 1)
}

fn c(s: &State, h: &str) -> Coord {
    s.stat.map.parse(h).unwrap_or_else(|e| panic!("{e}"))
}

fn put(s: &mut State, id: &str, h: &str) {
    let at = Loc::Map(c(s, h));
    match s.find(id) {
        Some(u) => s.units[u].at = at,
        None => {
            let l = s.find_leader(id).unwrap();
            s.leaders[l].at = at;
        }
    }
}

/// Everything off the map, the Indians already entered, so a test places what it needs.
fn empty() -> State {
    let mut s = state();
    for u in &mut s.units {
        u.at = Loc::Off;
    }
    for l in &mut s.leaders {
        l.at = Loc::Off;
    }
    // Van Vliet's companies are free of the Eagle's Nest (16D, tested in special.rs).
    s.post_released = true;
    s
}

fn u(s: &State, id: &str) -> usize {
    s.find(id).unwrap()
}

/// Two adjacent printed hexes whose step cost parts satisfy `pick(terrain, level
/// rise, hexside)`.
fn find_pair(s: &State, pick: impl Fn(&str, i32, Option<&str>) -> bool) -> (Coord, Coord) {
    let m = &s.stat.map;
    for a in m.coords().filter(|c| s.stat.on_board(*c)) {
        for b in m.neighbors(a).filter(|c| s.stat.on_board(*c)) {
            let rise = i32::from(m.level(b)) - i32::from(m.level(a));
            if pick(m.terrain_name(b).unwrap(), rise, m.hexside(a, b)) {
                return (a, b);
            }
        }
    }
    panic!("no such pair of hexes on the map");
}

#[test]
fn rule_18_the_indians_move_first_and_every_unit_enters_on_turn_1() {
    let s = state();
    assert_eq!((s.turn, s.phasing), (1, Side::Indian));
    assert_eq!(rules::to_act(&s), Some(Side::Indian));
    let l = texts(&s);
    assert!(
        l.contains(&"enter crow_king 3000 mounted".to_string()),
        "north edge"
    );
    assert!(
        l.contains(&"enter crazy_horse 3000 mounted".to_string()),
        "Leaders enter too"
    );
    assert!(
        !l.contains(&"end".to_string()),
        "every Indian unit must enter on turn 1"
    );
    // 18: the US set-up, Dismounted, with Holders next to their units.
    for (id, h) in [
        ("a_2cav", "3413"),
        ("c_3cav", "3314"),
        ("column_hq", "3213"),
        ("b_3cav", "3014"),
        ("m_3cav", "3514"),
        ("pack_a", "2912"),
        ("miners", "2912"),
    ] {
        assert_eq!(
            s.hex(u(&s, id)).map(|x| s.stat.label(x)).as_deref(),
            Some(h),
            "{id}"
        );
    }
    let a = u(&s, "a_2cav");
    assert_eq!(s.units[a].mode, Mode::Dismounted);
    let h = s.holder(a).unwrap();
    assert_eq!(
        s.hex(h).unwrap().distance(s.hex(a).unwrap()),
        1,
        "its Holder is adjacent"
    );
    for id in ["old_crow", "cosgrove"] {
        let x = s.hex(u(&s, id)).unwrap();
        assert!(
            s.stat.map.has_mark(x, "scout_band"),
            "{id} west of the Rosebud"
        );
    }
}

#[test]
fn rule_18_the_east_edge_takes_one_hunkpapa_or_oglala_unit() {
    let mut s = state();
    let l = texts(&s);
    assert!(
        l.contains(&"enter crow_king 4705 mounted".to_string()),
        "Hunkpapa"
    );
    assert!(
        l.contains(&"enter he_dog 4705 mounted".to_string()),
        "Oglala"
    );
    assert!(
        !l.contains(&"enter lame_white_man 4705 mounted".to_string()),
        "not Cheyenne"
    );
    act(&mut s, "enter crow_king 4705 mounted");
    assert!(
        !texts(&s).contains(&"enter he_dog 4706 mounted".to_string()),
        "only one unit"
    );
}

#[test]
fn rule_18_the_west_edge_takes_two_tribes_not_hunkpapa_oglala_or_cheyenne() {
    let mut s = state();
    let l = texts(&s);
    assert!(
        l.contains(&"enter black_eagle 1102 mounted".to_string()),
        "Sans Arc"
    );
    for id in ["crow_king", "he_dog", "little_wolf"] {
        assert!(!l.contains(&format!("enter {id} 1102 mounted")), "{id}");
    }
    act(&mut s, "enter black_eagle 1102 mounted");
    act(&mut s, "enter lame_deer 1103 mounted");
    let l = texts(&s);
    assert!(
        l.contains(&"enter spotted_eagle 1104 mounted".to_string()),
        "a tribe already in"
    );
    assert!(
        !l.contains(&"enter red_on_top 1104 mounted".to_string()),
        "a third tribe"
    );
    assert!(
        l.contains(&"enter red_on_top 2000 mounted".to_string()),
        "it enters from the north"
    );
}

#[test]
fn rule_18_an_entering_unit_pays_the_first_hex_and_a_dismounted_one_brings_its_ponies() {
    let mut s = state();
    let h = c(&s, "3000");
    assert_eq!(s.stat.map.terrain_name(h), Some("clear"));
    act(&mut s, "enter crow_king 3000 mounted");
    assert_eq!(
        rules::mp_left(&s, u(&s, "crow_king")),
        7,
        "8 less 1 (Clear, Mounted)"
    );
    act(&mut s, "enter four_horns 3000 dismounted");
    let f = u(&s, "four_horns");
    assert_eq!(rules::mp_left(&s, f), 6, "8 less 2 (Clear, Dismounted)");
    let p = s.holder(f).unwrap();
    assert_eq!(s.hex(p), Some(h), "8D3: its Pony Holder is placed with it");
}

#[test]
fn rule_7b_terrain_levels_creeks_and_cliffs() {
    let mut s = empty();
    s.phasing = Side::US;
    let id = "a_2cav";
    let a = u(&s, id);
    let cost = |s: &mut State, from: Coord, to: Coord, mode: Mode| {
        s.units[a].at = Loc::Map(from);
        s.units[a].mode = mode;
        move_cost(s, a, to)
    };
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r == 0 && f.is_none());
    assert_eq!(
        cost(&mut s, x, y, Mode::Mounted),
        Ok(1),
        "Clear: 1 MP Mounted"
    );
    assert_eq!(
        cost(&mut s, x, y, Mode::Dismounted),
        Ok(2),
        "Clear: 2 MP Dismounted"
    );
    let (x, y) = find_pair(&s, |t, r, f| t == "light_woods" && r == 0 && f.is_none());
    assert_eq!(
        cost(&mut s, x, y, Mode::Mounted),
        Ok(2),
        "Light Woods: 2 MP"
    );
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r == 2 && f.is_none());
    assert_eq!(
        cost(&mut s, x, y, Mode::Mounted),
        Ok(3),
        "+1 MP a level climbed"
    );
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r == -2 && f.is_none());
    assert_eq!(cost(&mut s, x, y, Mode::Mounted), Ok(1), "nothing downhill");
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r <= 0 && f == Some("creek"));
    assert_eq!(
        cost(&mut s, x, y, Mode::Mounted),
        Ok(2),
        "a Dry Creek: +1 (reconstruction)"
    );
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r <= 0 && f == Some("rosebud"));
    assert_eq!(
        cost(&mut s, x, y, Mode::Mounted),
        Ok(3),
        "Rosebud Creek: +2 (reconstruction)"
    );
    let (x, y) = find_pair(&s, |_, _, f| f == Some("cliff"));
    assert!(
        cost(&mut s, x, y, Mode::Mounted).is_err(),
        "a Cliff may not be crossed"
    );
    // The seed's own hexes (10D): 4312 up to 4213, Level 2 to 4, across a creek.
    let (p, q) = (c(&s, "4312"), c(&s, "4213"));
    assert_eq!(cost(&mut s, p, q, Mode::Mounted), Ok(1 + 2 + 1));
}

#[test]
fn rule_7c_no_unit_enters_a_hex_with_an_enemy_unit() {
    let mut s = empty();
    s.phasing = Side::US;
    put(&mut s, "a_2cav", "3010");
    put(&mut s, "crow_king", "3011");
    let a = u(&s, "a_2cav");
    assert!(move_cost(&s, a, c(&s, "3011")).is_err());
    assert!(!texts(&s).contains(&"move a_2cav 3011".to_string()));
}

#[test]
fn rule_5_and_7h_leaving_an_enemy_zoc_costs_one_more_mp_but_a_holder_has_no_reach() {
    let mut s = empty();
    s.phasing = Side::Indian;
    // A Clear hex x with a Clear neighbour y (the enemy) and another Clear neighbour
    // away from y, all on one level with no hexside features.
    let m = &s.stat.map;
    let flat = |a: Coord, b: Coord| {
        s.stat.on_board(b)
            && m.terrain_name(b) == Some("clear")
            && m.level(a) == m.level(b)
            && m.hexside(a, b).is_none()
    };
    let (x, y, away) = m
        .coords()
        .filter(|x| s.stat.on_board(*x))
        .find_map(|x| {
            let y = m.neighbors(x).find(|y| flat(x, *y))?;
            let away = m.neighbors(x).find(|a| flat(x, *a) && a.distance(y) == 2)?;
            Some((x, y, away))
        })
        .expect("such hexes");
    let w = u(&s, "crow_king");
    s.units[w].at = Loc::Map(x);
    s.units[w].mode = Mode::Mounted;
    assert_eq!(move_cost(&s, w, away), Ok(1));
    let hh = u(&s, "hh_a_2cav");
    s.units[hh].at = Loc::Map(y);
    assert_eq!(
        move_cost(&s, w, away),
        Ok(1),
        "a Holder's ZOC is its own hex (5)"
    );
    let yl = s.stat.label(y);
    put(&mut s, "a_2cav", &yl);
    assert!(rules::in_zoc_of(&s, x, Side::US));
    assert_eq!(move_cost(&s, w, away), Ok(2), "+1 to leave an enemy ZOC");
}

#[test]
fn rule_7d_the_minimum_move_takes_one_hex_for_all_mp() {
    let mut s = empty();
    s.phasing = Side::US;
    // The Pack Train (MA 4, always Dismounted) facing a step dearer than its MA.
    let (x, y) = find_pair(&s, |t, r, f| {
        t == "clear"
            && (r >= 3 || (r >= 1 && f == Some("rosebud")) || (r >= 2 && f == Some("creek")))
    });
    let p = u(&s, "pack_a");
    s.units[p].at = Loc::Map(x);
    let cost = move_cost(&s, p, y).unwrap();
    assert!(cost > 4, "{cost}");
    let m = format!("move pack_a {}", s.stat.label(y));
    assert!(
        texts(&s).contains(&m),
        "a fresh unit may always move one hex"
    );
    let mut t = s.clone();
    t.units[p].spent = 1;
    assert!(!texts(&t).contains(&m), "not after spending MP");
    let log = act(&mut s, &m);
    assert!(log[0].contains("7D"), "{log:?}");
    assert_eq!(rules::mp_left(&s, p), 0);
}

#[test]
fn rule_7e_a_prone_unit_low_crawls_one_hex_for_all_its_mp() {
    let mut s = empty();
    s.phasing = Side::US;
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r == 0 && f.is_none());
    let i = u(&s, "c_9inf");
    s.units[i].at = Loc::Map(x);
    s.units[i].mode = Mode::Prone;
    let m = format!("move c_9inf {}", s.stat.label(y));
    assert!(texts(&s).contains(&m));
    let log = act(&mut s, &m);
    assert!(log[0].contains("7E"), "{log:?}");
    assert_eq!(rules::mp_left(&s, i), 0, "all its MP");
    assert!(
        !texts(&s).iter().any(|a| a.starts_with("move c_9inf")),
        "one hex at most"
    );
}

#[test]
fn rule_6a_no_more_than_25_cf_in_a_hex_at_the_end_of_a_phase() {
    let mut s = empty();
    s.phasing = Side::US;
    for id in [
        "a_2cav", "b_2cav", "d_2cav", "e_2cav", "i_2cav", "c_3cav", "g_3cav",
    ] {
        put(&mut s, id, "3010");
    }
    // Seven Dismounted companies of CF 4: 28.
    assert!(overstacked(&s, c(&s, "3010"), Side::US));
    assert!(
        !texts(&s).contains(&"end".to_string()),
        "the phase cannot end so"
    );
    put(&mut s, "g_3cav", "3011");
    assert!(!overstacked(&s, c(&s, "3010"), Side::US), "24");
    assert!(texts(&s).contains(&"end".to_string()));
}

#[test]
fn rule_6e_pony_holders_the_seeds_example() {
    let mut s = empty();
    let h = c(&s, "3005");
    let warriors = [
        "crow_king",
        "four_horns",
        "rain_in_the_face",
        "lone_bull",
        "red_horn",
    ];
    let ponies: Vec<String> = warriors.iter().map(|w| format!("ph_{w}")).collect();
    let ph = |s: &mut State, n: usize| {
        for (i, p) in ponies.iter().enumerate() {
            let x = s.find(p).unwrap();
            s.units[x].at = if i < n { Loc::Map(h) } else { Loc::Off };
        }
    };
    let war = |s: &mut State, n: usize| {
        for (i, w) in warriors.iter().enumerate() {
            let x = s.find(w).unwrap();
            s.units[x].at = if i < n { Loc::Map(h) } else { Loc::Off };
        }
    };
    // "4 may stack in a hex without combat units."
    war(&mut s, 0);
    ph(&mut s, 4);
    assert!(!overstacked(&s, h, Side::Indian));
    ph(&mut s, 5);
    assert!(overstacked(&s, h, Side::Indian));
    // "If there are 5 combat units in the hex, then 5 may stack."
    war(&mut s, 5);
    assert!(!overstacked(&s, h, Side::Indian));
    // "If there are only 3 combat units, up to 4 may still stack."
    war(&mut s, 3);
    ph(&mut s, 4);
    assert!(!overstacked(&s, h, Side::Indian));
    ph(&mut s, 5);
    assert!(overstacked(&s, h, Side::Indian));
}

#[test]
fn rule_8d2a_dismounting_flips_the_unit_and_places_its_holder() {
    let mut s = empty();
    s.phasing = Side::US;
    put(&mut s, "a_2cav", "3010");
    let a = u(&s, "a_2cav");
    s.units[a].mode = Mode::Mounted;
    assert_eq!(s.cf(a), 5);
    act(&mut s, "dismount a_2cav");
    assert_eq!(s.units[a].mode, Mode::Dismounted);
    assert_eq!(s.cf(a), 4, "-1 CF: every fourth man holds the horses");
    assert_eq!(rules::mp_left(&s, a), 5, "1 MP");
    let h = s.holder(a).unwrap();
    assert_eq!(s.hex(h), Some(c(&s, "3010")));
    // The Holder may then move with its full MA.
    assert!(texts(&s).iter().any(|t| t.starts_with("move hh_a_2cav")));
}

#[test]
fn rule_8d2a_a_unit_the_flip_would_eliminate_abandons_its_horses() {
    let mut s = empty();
    s.phasing = Side::US;
    put(&mut s, "a_2cav", "3010");
    let a = u(&s, "a_2cav");
    s.units[a].mode = Mode::Mounted;
    s.units[a].cp = 4;
    assert_eq!(s.cf(a), 1);
    let log = act(&mut s, "dismount a_2cav");
    assert!(log[0].contains("abandons its horses"), "{log:?}");
    assert_eq!(
        s.units[s.holder(a).unwrap()].at,
        Loc::Off,
        "no Holder is placed"
    );
    assert!(
        !texts(&s).contains(&"mount a_2cav".to_string()),
        "it cannot mount again"
    );
}

#[test]
fn rule_8d2b_the_mounting_example() {
    // "A Horse Holder expends 2 MPs and ends movement. A Dismounted Cavalry unit expends
    // 2 MPs to enter the Horse Holder's hex and spends 1 MP to Mount. ... it has 3 MPs
    // remaining ... 1.5 MPs remaining which rounds down to 1 MP."
    let mut s = empty();
    s.phasing = Side::US;
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r == 0 && f.is_none());
    let (z, _) = (
        s.stat
            .map
            .neighbors(y)
            .find(|n| {
                *n != x
                    && s.stat.map.terrain_name(*n) == Some("clear")
                    && s.stat.map.level(*n) == s.stat.map.level(y)
                    && s.stat.map.hexside(y, *n).is_none()
            })
            .expect("a Clear hex beside y"),
        (),
    );
    let a = u(&s, "a_2cav");
    let h = s.holder(a).unwrap();
    s.units[a].at = Loc::Map(x);
    s.units[h].at = Loc::Map(z);
    let yl = s.stat.label(y);
    act(&mut s, &format!("move hh_a_2cav {yl}"));
    assert_eq!(s.units[h].spent, 2, "the Holder spent 2 MP");
    act(&mut s, &format!("move a_2cav {yl}"));
    assert_eq!(rules::mp_left(&s, a), 4);
    let log = act(&mut s, "mount a_2cav");
    assert_eq!(s.units[a].mode, Mode::Mounted);
    assert_eq!(
        rules::mp_left(&s, a),
        1,
        "3 left after mounting, less 1/4 x 2 of them, 1.5, rounds down to 1"
    );
    assert!(log[0].contains("1 MP left"), "{log:?}");
    assert_eq!(s.units[h].at, Loc::Off, "the Holder leaves the map");
    assert_eq!(s.cf(a), 5);
}

#[test]
fn rule_8d1_mode_changes_cost_1_mp_and_need_good_order_and_scouts_need_no_holders() {
    let mut s = empty();
    s.phasing = Side::US;
    put(&mut s, "old_crow", "2605");
    let o = u(&s, "old_crow");
    s.units[o].mode = Mode::Mounted;
    act(&mut s, "dismount old_crow");
    assert_eq!(s.cf(o), 6, "8D2: Scouts do not lose strength");
    assert!(
        texts(&s).contains(&"mount old_crow".to_string()),
        "no Holder needed"
    );
    act(&mut s, "prone old_crow");
    assert_eq!(rules::mp_left(&s, o), 6);
    s.units[o].disrupted = true;
    assert!(
        !texts(&s).iter().any(|t| t.ends_with(" old_crow")
            && !t.starts_with("move")
            && !t.starts_with("recover")),
        "Good Order only"
    );
}

#[test]
fn rule_12e2_the_column_hq_moves_mounted_and_never_changes_mode() {
    let mut s = empty();
    s.phasing = Side::US;
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r == 0 && f.is_none());
    let q = u(&s, "column_hq");
    s.units[q].at = Loc::Map(x);
    assert_eq!(s.units[q].mode, Mode::Dismounted, "set up Dismounted (18)");
    assert_eq!(move_cost(&s, q, y), Ok(1), "Mounted for movement");
    assert!(
        !texts(&s)
            .iter()
            .any(|t| t.ends_with(" column_hq") && !t.starts_with("move"))
    );
}

#[test]
fn rule_12d5_a_leader_alone_dies_when_an_enemy_unit_enters_his_hex() {
    let mut s = empty();
    s.phasing = Side::Indian;
    let (x, y) = find_pair(&s, |t, r, f| t == "clear" && r == 0 && f.is_none());
    let w = u(&s, "crow_king");
    s.units[w].at = Loc::Map(x);
    s.units[w].mode = Mode::Mounted;
    let yl = s.stat.label(y);
    put(&mut s, "noyes", &yl);
    let log = act(&mut s, &format!("move crow_king {yl}"));
    assert!(log.iter().any(|l| l.contains("12D5")), "{log:?}");
    assert_eq!(s.leaders[s.find_leader("noyes").unwrap()].at, Loc::Gone);
}

#[test]
fn rule_17_a_vp_hill_scores_once_when_us_cavalry_or_infantry_enter_it() {
    let mut s = empty();
    s.phasing = Side::US;
    let hill = c(&s, "3209");
    assert!(s.stat.map.has_mark(hill, "crooks_hill"));
    let from = s
        .stat
        .map
        .neighbors(hill)
        .find(|n| s.stat.on_board(*n) && s.stat.map.hexside(*n, hill) != Some("cliff"))
        .unwrap();
    // A Scout does not score.
    let o = u(&s, "old_crow");
    s.units[o].at = Loc::Map(from);
    s.units[o].mode = Mode::Mounted;
    act(&mut s, "move old_crow 3209");
    assert_eq!(s.vp[0], 0, "only Cavalry or Infantry");
    let a = u(&s, "a_2cav");
    s.units[a].at = Loc::Map(from);
    s.units[a].mode = Mode::Mounted;
    let log = act(&mut s, "move a_2cav 3209");
    assert!(log.iter().any(|l| l.contains("Crook's Hill")), "{log:?}");
    assert_eq!(s.vp[0], 3);
    let b = u(&s, "b_2cav");
    s.units[b].at = Loc::Map(from);
    s.units[b].mode = Mode::Mounted;
    act(&mut s, "move b_2cav 3209");
    assert_eq!(s.vp[0], 3, "once");
}

#[test]
fn rule_17_and_18_the_battle_ends_after_turn_19_on_the_victory_levels() {
    let mut s = empty();
    put(&mut s, "a_2cav", "3413");
    put(&mut s, "crow_king", "3005");
    s.turn = 19;
    s.phasing = Side::US;
    s.vp = [9, 4];
    act(&mut s, "end");
    let o = <Rosebud as Rules>::outcome(&s).expect("over");
    assert_eq!(o.winner(), Some(Side::US.seat()));
    assert!(
        o.summary.contains("Substantive Victory"),
        "9:4 = 2.25: {}",
        o.summary
    );
    let mut t = empty();
    put(&mut t, "a_2cav", "3413");
    put(&mut t, "crow_king", "3005");
    t.turn = 19;
    t.phasing = Side::US;
    t.vp = [5, 4];
    act(&mut t, "end");
    assert_eq!(
        <Rosebud as Rules>::outcome(&t).unwrap().winner(),
        None,
        "1.25: a Draw"
    );
}

#[test]
fn notation_round_trips_and_bad_input_is_refused() {
    for a in [
        "enter crow_king 3000 mounted",
        "enter four_horns 4705 dismounted",
        "move a_2cav 3412",
        "mount a_2cav",
        "dismount a_2cav",
        "prone c_9inf",
        "stand c_9inf",
        "end",
    ] {
        assert_eq!(a.parse::<Action>().unwrap().to_string(), a);
    }
    for bad in [
        "move a_2cav",
        "move a_2cav 34x2",
        "enter crow_king 3000",
        "fly",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    let mut s = state();
    let before = s.clone();
    assert!(
        rules::apply(&mut s, &"move a_2cav 3412".parse().unwrap()).is_err(),
        "not the US turn"
    );
    assert_eq!(s, before, "nothing changes");
}
