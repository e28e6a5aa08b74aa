//! A combat the players set up (C2.2-C2.6): the State of Contact Table's column, the
//! roll and its re-roll, and each state's set-up order and placement rules, with forced
//! dice.

use wargame::core::game::Rules;
use wargame::games::nez_perce_tactical::NezPerceTactical;
use wargame::games::nez_perce_tactical::data::{Contact, Side, Trigger};
use wargame::games::nez_perce_tactical::rules::setup;
use wargame::games::nez_perce_tactical::setup as load;
use wargame::games::nez_perce_tactical::state::{Loc, State};

/// A set-up scenario's initial state with the State of Contact dice forced: the roll
/// made at creation is undone and made again.
fn rolled(id: &str, dice: &[u8]) -> State {
    let root = crate::util::root();
    let l = load::load_scenario_id(&root, id).unwrap();
    let mut s = load::initial_state(&l, 1);
    s.stat = l.stat.clone();
    for u in &mut s.units {
        u.loc = Loc::Unplaced;
    }
    s.setup.clear();
    s.leading.clear();
    s.intro.clear();
    s.dice.force(dice.iter().copied());
    setup::begin(&mut s);
    s
}

fn legal(s: &State) -> Vec<String> {
    NezPerceTactical::legal_actions(s)
        .iter()
        .map(|a| a.to_string())
        .collect()
}

fn act(s: &mut State, a: &str) {
    NezPerceTactical::apply(s, &a.parse().unwrap()).unwrap_or_else(|e| panic!("{a}: {e}"));
}

/// Place every counter of the current Place step at its first legal hex.
fn place_all(s: &mut State) {
    let who = NezPerceTactical::to_act(s);
    while NezPerceTactical::to_act(s) == who
        && let Some(p) = legal(s).into_iter().find(|a| a.starts_with("place "))
    {
        act(s, &p);
    }
}

#[test]
fn c2_2_the_column_follows_what_brought_the_combat_on() {
    let s = rolled("nez_perce_tactical/search_camas_prairie", &[3]);
    assert_eq!(
        setup::column(&s, Trigger::Search),
        "B",
        "the Village was contacted"
    );
    let s = rolled("nez_perce_tactical/declaration_bitterroot", &[3]);
    assert_eq!(
        setup::column(&s, Trigger::Declaration),
        "E",
        "volunteers among them"
    );
    let mut s = s;
    for i in 0..s.units.len() {
        if s.class(i).key == "volunteer" {
            s.units[i].loc = Loc::Exited;
            let k = s
                .stat
                .tables
                .classes
                .iter()
                .position(|c| c.key == "infantry")
                .unwrap();
            s.units[i].class = k;
        }
    }
    assert_eq!(
        setup::column(&s, Trigger::Declaration),
        "D",
        "military units only"
    );
}

#[test]
fn c2_2_surprised_is_rolled_again_encamped_on_1_to_3() {
    let s = rolled("nez_perce_tactical/search_camas_prairie", &[4, 2]);
    assert_eq!(s.contact(), Contact::SurprisedEncamped);
    assert_eq!(s.first(), Side::Army, "the searcher moves first");
    let s = rolled("nez_perce_tactical/search_camas_prairie", &[5, 4]);
    assert_eq!(s.contact(), Contact::SurprisedOnTrail);
    let text: Vec<String> = s.intro.iter().map(|l| l.text.clone()).collect();
    assert!(
        text[0].contains("column B") && text[0].contains("die 5: Surprised"),
        "{text:?}"
    );
    assert!(text[1].contains("die 4: On Trail"), "{text:?}");
}

#[test]
fn c2_3_ambushing_the_searcher_leads_with_half_then_the_contacted_side_sets_up_and_moves_first() {
    let mut s = rolled("nez_perce_tactical/search_camas_prairie", &[1]);
    assert_eq!(s.contact(), Contact::Ambushing);
    assert_eq!(
        NezPerceTactical::to_act(&s),
        Some(0),
        "the Army chooses its leading half"
    );
    assert_eq!(legal(&s), vec!["lead perry", "lead whipple"]);
    act(&mut s, "lead whipple");
    // C2.3: within two hexes of a stream.
    let places = legal(&s);
    assert!(
        places.iter().all(|a| a.starts_with("place whipple1 ")),
        "{places:?}"
    );
    place_all(&mut s);
    // The waiting half beside a side with a stream (all four on this map).
    assert!(legal(&s).iter().all(|a| a.starts_with("entry ")));
    act(&mut s, "entry north");
    assert_eq!(NezPerceTactical::to_act(&s), Some(1));
    place_all(&mut s);
    assert!(s.setup.is_empty(), "the set-up is over");
    let perry1 = s.find("perry1").unwrap();
    assert!(
        matches!(s.u(perry1).loc, Loc::Waiting(_, 1)),
        "Perry waits, free to enter"
    );
    assert_eq!(s.phasing, Side::Indian);
    assert!(
        s.all_act(),
        "the contacted side acts with every unit (C3.2)"
    );
}

#[test]
fn c2_4_alerted_entry_side_first_then_the_contacted_side_then_the_searcher() {
    let mut s = rolled("nez_perce_tactical/search_camas_prairie", &[3]);
    assert_eq!(s.contact(), Contact::Alerted);
    act(&mut s, "entry west");
    assert_eq!(NezPerceTactical::to_act(&s), Some(1));
    // Lodges first, beside streams, more than two hexes from the west side.
    let first = legal(&s);
    assert!(first[0].starts_with("place lodge1 "), "{first:?}");
    for a in &first {
        let hex: wargame::core::hexmap::Coord =
            a.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(hex.col > 3, "{a}: within two hexes of the entry side");
    }
    place_all(&mut s);
    assert_eq!(NezPerceTactical::to_act(&s), Some(0));
    for a in legal(&s) {
        let hex: wargame::core::hexmap::Coord =
            a.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(
            hex.col <= 3,
            "{a}: the searcher sets up within two hexes of his side"
        );
    }
    place_all(&mut s);
    assert!(s.setup.is_empty());
    assert_eq!(
        s.phasing,
        Side::Army,
        "the searcher moves first when Alerted"
    );
    assert!(!s.all_act());
}

#[test]
fn c2_5_camps_deploy_only_when_the_army_is_surprised_encamped() {
    let s = rolled("nez_perce_tactical/declaration_bitterroot", &[1]);
    assert_eq!(s.contact(), Contact::Alerted, "column E, die 1");
    let camp = s.find("camp1").unwrap();
    assert_eq!(s.u(camp).loc, Loc::Exited);
    let mut s = rolled("nez_perce_tactical/declaration_bitterroot", &[2, 1]);
    assert_eq!(s.contact(), Contact::SurprisedEncamped);
    let first = legal(&s);
    assert!(
        first[0].starts_with("place camp1 "),
        "Camps are placed first: {first:?}"
    );
    place_all(&mut s);
    let camps = (0..s.units.len())
        .filter(|&i| s.class(i).key == "camp" && s.u(i).hex().is_some())
        .count();
    assert_eq!(camps, 5);
}

#[test]
fn a_whole_set_up_combat_plays_to_its_end() {
    let root = crate::util::root();
    let l = load::load_scenario_id(&root, "nez_perce_tactical/declaration_bitterroot").unwrap();
    let mut s = load::initial_state(&l, 3);
    let p = wargame::core::game::random_playout::<NezPerceTactical>(&mut s, 3, 20_000).unwrap();
    assert!(p.outcome.is_some(), "the combat ends");
}

/// A combat set-up started with the players' picks as options (`army=`, `indian=`,
/// `map=`, `trigger=`).
fn picked(id: &str, options: &[&str]) -> Result<State, String> {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let s = wargame::games::new_session_with(&crate::util::root(), id, 1, &options)
        .map_err(|e| e.to_string())?;
    Ok(s.as_any()
        .downcast_ref::<wargame::core::session::Session<NezPerceTactical>>()
        .unwrap()
        .state
        .clone())
}

/// The strategic units whose counters take part.
fn strategic_units(s: &State) -> Vec<String> {
    let mut v: Vec<String> = s.units.iter().map(|u| u.strategic.clone()).collect();
    v.dedup();
    v
}

#[test]
fn c2_1_the_players_pick_the_strategic_units_and_their_counters_come_with_them() {
    let s = picked(
        "nez_perce_tactical/search_camas_prairie",
        &["army=howard,gibbon", "indian=ollokot"],
    )
    .unwrap();
    assert_eq!(strategic_units(&s), ["howard", "gibbon", "ollokot"]);
    let counters = |unit: &str| s.units.iter().filter(|u| u.strategic == unit).count();
    assert!(counters("howard") > 1 && counters("gibbon") > 1);
    assert_eq!(counters("ollokot"), 11, "Ollokot's 11 brave units (C2.1)");
    assert_eq!(
        setup::column(&s, Trigger::Search),
        "A",
        "no Village picked: column A"
    );
}

#[test]
fn c2_2_the_picked_trigger_and_forces_choose_the_column() {
    let s = picked(
        "nez_perce_tactical/search_camas_prairie",
        &["army=wash_vols", "trigger=declaration"],
    )
    .unwrap();
    assert_eq!(s.stat.scenario.roll, Some(Trigger::Declaration));
    assert_eq!(
        setup::column(&s, Trigger::Declaration),
        "C",
        "the Washington Volunteers alone, their Camps aside"
    );
    assert!(
        s.units.iter().filter(|u| u.strategic == "camps").count() == 5,
        "C2.5: the Army always deploys all 5 camp counters when it may be caught encamped"
    );
    let s = picked(
        "nez_perce_tactical/declaration_bitterroot",
        &["army=sturgis", "map=open_plains"],
    )
    .unwrap();
    assert_eq!(
        setup::column(&s, Trigger::Declaration),
        "D",
        "soldiers only (Gibbon, with his Bitterroot volunteers, would be E)"
    );
    assert_eq!(s.stat.scenario.map, "open_plains");
}

#[test]
fn picks_are_refused_with_a_clear_error_where_they_do_not_apply() {
    let e = picked("nez_perce_tactical/white_bird", &["army=howard"]).unwrap_err();
    assert!(e.contains("fixed scenario"), "{e}");
    let e = picked("nez_perce_tactical/search_camas_prairie", &["army=ollokot"]).unwrap_err();
    assert!(
        e.contains("no Army strategic unit 'ollokot'") && e.contains("perry"),
        "{e}"
    );
    let e = picked("nez_perce_tactical/search_camas_prairie", &["map=moon"]).unwrap_err();
    assert!(e.contains("no tactical map 'moon'"), "{e}");
    let e = picked("nez_perce_tactical/search_camas_prairie", &["trigger=raid"]).unwrap_err();
    assert!(e.contains("search, declaration"), "{e}");
    let e = picked(
        "nez_perce_tactical/search_camas_prairie",
        &["map=wooded,open_plains"],
    )
    .unwrap_err();
    assert!(e.contains("exactly one"), "{e}");
}

#[test]
fn a_picked_combat_saves_and_loads_with_its_picks() {
    let root = crate::util::root();
    let options = vec![
        "army=gibbon".to_string(),
        "indian=white_bird,village".to_string(),
    ];
    let mut s = wargame::games::new_session_with(
        &root,
        "nez_perce_tactical/search_camas_prairie",
        5,
        &options,
    )
    .unwrap();
    for _ in 0..6 {
        let Some(a) = s.legal().into_iter().next() else {
            break;
        };
        s.apply_str(&a).unwrap();
    }
    let dir = tempfile_dir();
    let path = dir.join("picked.ron");
    s.save().write(&path).unwrap();
    let back = wargame::games::load_save(&root, &path).unwrap();
    assert_eq!(back.state_ron(), s.state_ron());
    assert!(back.state_ron().contains("\"gibbon\""));
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("np_picks_{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
