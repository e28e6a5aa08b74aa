//! The strategic sequence of play on a test map (open plains, Idaho west of column 13,
//! a major river between columns 5 and 6, a fort at 1010): one test per rule, named by
//! its number.

use super::{counters, data_file, tables};
use std::sync::Arc;
use wargame::core::hexmap::{Coord, Dir, HexMap, Hexside};
use wargame::games::nez_perce_strategic::play::{self, Action};
use wargame::games::nez_perce_strategic::setup;
use wargame::games::nez_perce_strategic::state::{Phase, State, Static, Where, new_state};
use wargame::games::nez_perce_tactical::data::Trigger;
use wargame::games::nez_perce_tactical::rules::aftermath::Restriction;

fn c(h: &str) -> Coord {
    h.parse().unwrap()
}

/// The test map: 34 x 20 open plains; `idaho` on columns 1-12; Canada on B4.4.3's
/// hexes; a major river along the hexsides between columns 5 and 6 of rows 1-20 except
/// the free crossing 0509/0608; a fort at 1010.
fn map() -> HexMap {
    let mut m = HexMap::filled(34, 20, "open_plains");
    for x in m.coords().collect::<Vec<_>>() {
        if x.col <= 12 {
            m.marks.entry(x).or_default().push("idaho".into());
        }
    }
    for h in ["1901", "2101", "2301", "2501", "2701", "2901", "3101"] {
        m.marks.entry(c(h)).or_default().push("canada".into());
    }
    m.marks
        .entry(c("1010"))
        .or_default()
        .push("fort:test".into());
    for row in 1..=20u8 {
        let a = Coord::new(5, row);
        for d in Dir::ALL {
            if let Some(b) = a.step(d)
                && b.col == 6
                && m.contains(b)
                && !(a == c("0509") && b == c("0608"))
            {
                m.hexsides.push(Hexside {
                    hex: a,
                    dir: d,
                    feature: "major_river".into(),
                });
            }
        }
    }
    m
}

pub(super) fn state() -> State {
    let t = tables();
    let k = counters();
    let camp = setup::load_campaign_file(&data_file("campaign.ron"), &k, &t).unwrap();
    let stat = Arc::new(Static {
        tables: t,
        counters: k,
        campaign: camp,
        map: map(),
        sitting_bull: false,
        tactical: wargame::games::nez_perce_tactical::setup::load_tactical_data(
            &crate::util::root(),
        )
        .unwrap(),
        fields: Default::default(),
    });
    let mut s = new_state(stat, 1);
    play::begin_turn(&mut s);
    s
}

fn put(s: &mut State, id: &str, h: &str) {
    let u = s.find(id).unwrap();
    s.units[u].at = Where::Map(c(h));
}

fn clear(s: &mut State) {
    for u in &mut s.units {
        if matches!(u.at, Where::Map(_)) {
            u.at = Where::Gone;
        }
    }
}

fn legal(s: &State) -> Vec<String> {
    play::legal(s).iter().map(|a| a.to_string()).collect()
}

fn act(s: &mut State, a: &str) -> Option<play::Combat> {
    let a: Action = a.parse().unwrap();
    play::apply(s, &a).unwrap_or_else(|e| panic!("{a}: {e}")).1
}

#[test]
fn the_notation_round_trips() {
    for a in [
        "fast perry",
        "move perry 0810",
        "cross ollokot 0608",
        "declare 0910",
        "leave ollokot",
        "commit",
        "search 0910",
        "unsupply perry",
        "end",
    ] {
        assert_eq!(a.parse::<Action>().unwrap().to_string(), a);
    }
    assert!("move perry".parse::<Action>().is_err());
}

#[test]
fn b2_2_the_phases_follow_in_order_and_b6_0_the_track_activates() {
    let mut s = state();
    assert_eq!((s.turn, s.phase), (1, Phase::IndianMove));
    let rawn = s.find("rawn").unwrap();
    assert!(
        matches!(s.units[rawn].at, Where::Inactive(_)),
        "B7.0: face down"
    );
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::IndianDeclare);
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::ArmyMove);
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::ArmySearch);
    // Looking Glass shares 0910 with nobody; the Army units at 0709 and 0309 share no hex
    // with the Indians on the test map's set-up.
    act(&mut s, "end");
    assert_eq!((s.turn, s.phase), (2, Phase::IndianMove));
    assert_eq!(
        s.units[rawn].at,
        Where::Map(c("1407")),
        "turn 2: Rawn at 1407"
    );
}

#[test]
fn b4_1_and_b4_4_1_movement_points_and_the_enemy_hex_surcharge() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "ollokot", "1010");
    put(&mut s, "ollokot", "0910");
    put(&mut s, "perry", "0911");
    let u = s.find("ollokot").unwrap();
    let normal = s.units[u].mp_left;
    assert_eq!(normal, 5);
    act(&mut s, "move ollokot 0911");
    assert_eq!(
        s.units[u].mp_left,
        normal - 1 - 2,
        "open plains 1 + 2 for the enemy"
    );
}

#[test]
fn b4_4_4_indian_units_stay_in_idaho_on_turns_1_to_9() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "ollokot", "1205");
    assert!(!legal(&s).contains(&"move ollokot 1305".to_string()));
    assert!(legal(&s).contains(&"move ollokot 1105".to_string()));
    s.turn = 10;
    assert!(legal(&s).contains(&"move ollokot 1305".to_string()));
}

#[test]
fn b4_4_3_and_b4_4_5_canada() {
    let mut s = state();
    clear(&mut s);
    s.turn = 20;
    put(&mut s, "ollokot", "1902");
    put(&mut s, "perry", "2102");
    assert!(
        !legal(&s).contains(&"move ollokot 1901".to_string()),
        "closed to turn 25"
    );
    s.turn = 26;
    assert!(
        !legal(&s).contains(&"move ollokot 1901".to_string()),
        "the turn-25 position was not reached"
    );
    s.position_reached = Some(true);
    assert!(legal(&s).contains(&"move ollokot 1901".to_string()));
    act(&mut s, "end");
    act(&mut s, "end");
    assert!(
        !legal(&s).contains(&"move perry 2101".to_string()),
        "never the Army"
    );
}

#[test]
fn b4_4_2_a_river_crossing_needs_a_roll_that_changes_on_turn_12() {
    let mut s = state();
    clear(&mut s);
    s.turn = 11;
    put(&mut s, "ollokot", "0505");
    put(&mut s, "perry", "0507");
    assert!(!legal(&s).contains(&"move ollokot 0605".to_string()));
    s.dice.force([2]);
    act(&mut s, "cross ollokot 0605");
    let u = s.find("ollokot").unwrap();
    assert_eq!(s.hex(u), Some(c("0505")), "a 2 on turn 11 does not cross");
    assert!(
        !legal(&s).iter().any(|a| a.starts_with("move ollokot")),
        "and it stops"
    );
    // The free hexside 0509/0608 needs no roll.
    put(&mut s, "white_bird", "0509");
    assert!(legal(&s).contains(&"move white_bird 0608".to_string()));
    act(&mut s, "end");
    act(&mut s, "end");
    assert!(
        !legal(&s).iter().any(|a| a.starts_with("cross perry")),
        "the Army may not cross before turn 12"
    );
    s.turn = 12;
    s.phase = Phase::IndianMove;
    s.units[u].halted = false;
    s.units[u].mp_left = 5;
    s.dice.force([2]);
    act(&mut s, "cross ollokot 0605");
    assert_eq!(s.hex(u), Some(c("0605")), "a 2 on turn 12 crosses");
    assert_eq!(s.units[u].mp_left, 5 - 1 - 1, "1 MP to cross plus the hex");
}

#[test]
fn b4_3_fast_movement_needs_supply_and_every_fourth_turn_for_the_indians() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "ollokot", "0505");
    let u = s.find("ollokot").unwrap();
    s.units[u].supplied = false;
    assert!(
        !legal(&s).contains(&"fast ollokot".to_string()),
        "out of supply"
    );
    s.units[u].supplied = true;
    act(&mut s, "fast ollokot");
    assert_eq!(s.units[u].mp_left, 8);
    s.units[u].fast = false;
    s.units[u].moved = false;
    s.turn = 4;
    assert!(
        !legal(&s).contains(&"fast ollokot".to_string()),
        "three Normal turns"
    );
    s.turn = 5;
    assert!(legal(&s).contains(&"fast ollokot".to_string()));
}

#[test]
fn b5_2_the_army_must_search_every_shared_hex_and_a_contact_is_a_combat() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "ollokot", "0910");
    put(&mut s, "village", "0910");
    put(&mut s, "perry", "0910");
    put(&mut s, "howard", "0910");
    s.phase = Phase::ArmySearch;
    assert_eq!(legal(&s), ["search 0910"], "compulsory: no end before it");
    // Superiority: Perry 2 + Howard 2 - the Village's 2 = 2; open plains +3; a 4 makes
    // 7 + 2 = 9: contact.
    s.dice.force([4]);
    let combat = act(&mut s, "search 0910").expect("contact");
    assert_eq!(combat.trigger, Trigger::Search);
    assert_eq!(combat.army, ["perry", "howard"]);
    assert!(s.army_contacted);
    assert_eq!(legal(&s), ["end"], "each Army unit searches once a turn");
}

#[test]
fn b5_3_1_no_declaration_before_an_army_contact_in_turns_1_to_9() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "ollokot", "0910");
    put(&mut s, "perry", "0910");
    s.phase = Phase::IndianDeclare;
    assert_eq!(legal(&s), ["end"]);
    s.army_contacted = true;
    assert!(legal(&s).contains(&"declare 0910".to_string()));
}

#[test]
fn b5_1_the_indian_player_states_which_units_in_the_hex_engage() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "ollokot", "0910");
    put(&mut s, "white_bird", "0910");
    put(&mut s, "village", "0910");
    put(&mut s, "perry", "0910");
    s.phase = Phase::IndianDeclare;
    s.army_contacted = true;
    assert_eq!(
        act(&mut s, "declare 0910"),
        None,
        "a declaration is stated first"
    );
    let l = legal(&s);
    for a in [
        "leave ollokot",
        "leave white_bird",
        "leave village",
        "commit",
    ] {
        assert!(l.contains(&a.to_string()), "{a} in {l:?}");
    }
    assert!(
        !l.contains(&"end".to_string()),
        "finish the declaration first"
    );
    act(&mut s, "leave village");
    act(&mut s, "leave white_bird");
    assert_eq!(legal(&s), ["commit"], "at least one unit engages");
    let combat = act(&mut s, "commit").expect("the declared combat");
    assert_eq!(combat.indian, ["ollokot"]);
    assert_eq!(combat.army, ["perry"]);
    assert!(s.declaring.is_none());
    assert!(s.declared.contains(&c("0910")));
}

#[test]
fn b4_4_6_and_b5_3_3_an_indian_unit_entering_a_fort_stops_and_is_contacted() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "ollokot", "0910");
    let combat = act(&mut s, "move ollokot 1010").expect("automatic contact");
    assert_eq!(combat.town.as_deref(), Some("fort:test"));
    assert!(!legal(&s).iter().any(|a| a.starts_with("move ollokot")));
}

#[test]
fn b6_0_an_indian_unit_entering_an_activation_hex_activates_the_unit_there() {
    let mut s = state();
    clear(&mut s);
    s.turn = 10;
    put(&mut s, "lean_elk", "1307");
    act(&mut s, "move lean_elk 1407");
    let rawn = s.find("rawn").unwrap();
    assert_eq!(s.units[rawn].at, Where::Map(c("1407")));
}

#[test]
fn c7_2_restricted_army_units_do_not_move_then_do_not_move_fast() {
    let mut s = state();
    clear(&mut s);
    put(&mut s, "perry", "0709");
    let u = s.find("perry").unwrap();
    s.units[u].restrictions = vec![(2, Restriction::NoMove), (3, Restriction::NoFast)];
    s.turn = 2;
    s.phase = Phase::ArmyMove;
    s.units[u].supplied = true;
    s.units[u].mp_left = 5;
    assert!(
        !legal(&s).iter().any(|a| a.contains("perry")),
        "turn 2: no move"
    );
    s.turn = 3;
    assert!(legal(&s).iter().any(|a| a.starts_with("move perry")));
    assert!(
        !legal(&s).contains(&"fast perry".to_string()),
        "turn 3: no Fast"
    );
    s.turn = 4;
    assert!(legal(&s).contains(&"fast perry".to_string()));
}

#[test]
fn b5_3_2_after_leaving_idaho_no_declaration_until_such_a_unit_is_contacted() {
    let mut s = state();
    clear(&mut s);
    s.turn = 10;
    put(&mut s, "ollokot", "1205");
    act(&mut s, "move ollokot 1305");
    assert!(s.left_idaho);
    put(&mut s, "perry", "1305");
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::IndianDeclare);
    assert_eq!(legal(&s), ["end"], "left Idaho: no declaration yet");
    s.contacted_outside = true;
    assert!(legal(&s).contains(&"declare 1305".to_string()));
}

#[test]
fn b8_0_sitting_bull_stays_near_2601_and_joins_no_declared_combat() {
    let mut s = state();
    clear(&mut s);
    s.turn = 27;
    put(&mut s, "sitting_bull", "2604");
    let u = s.find("sitting_bull").unwrap();
    s.units[u].mp_left = 5;
    assert!(
        !legal(&s).contains(&"move sitting_bull 2605".to_string()),
        "four hexes from 2601"
    );
    assert!(legal(&s).contains(&"move sitting_bull 2603".to_string()));
    put(&mut s, "perry", "2604");
    s.army_contacted = true;
    s.contacted_outside = true;
    s.phase = Phase::IndianDeclare;
    assert_eq!(legal(&s), ["end"], "he alone cannot declare");
}

#[test]
fn b3_0_the_army_player_chooses_which_captains_an_overfull_fort_supplies() {
    let mut s = state();
    clear(&mut s);
    // The test map's fort is 1010: six Captains and a General there.
    for id in [
        "perry", "whipple", "burton", "miller", "wiles", "browning", "howard",
    ] {
        put(&mut s, id, "1010");
    }
    put(&mut s, "green", "0505");
    s.phase = Phase::IndianDeclare;
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::ArmySupply);
    assert!(
        !legal(&s).contains(&"end".to_string()),
        "six Captains: one must go without"
    );
    assert!(
        !legal(&s).contains(&"unsupply howard".to_string()),
        "a General is not limited"
    );
    act(&mut s, "unsupply burton");
    assert_eq!(legal(&s), ["end"]);
    act(&mut s, "end");
    assert_eq!(s.phase, Phase::ArmyMove);
    let sup = |s: &State, id: &str| s.units[s.find(id).unwrap()].supplied;
    assert!(!sup(&s, "burton") && sup(&s, "perry") && sup(&s, "howard"));
    assert!(!sup(&s, "green"), "not in a town or fort");
    assert!(
        !legal(&s).contains(&"fast burton".to_string()),
        "no Fast out of supply"
    );
    assert!(legal(&s).contains(&"fast perry".to_string()));
}
