//! A block-game scenario's `start` (issue 29): the first turn, the Provocation and
//! Incursion markers it sets, and the first turn's forces already on the map, as the
//! shipped variant *Victorio and Geronimo, 1877-1886* uses them.

use super::util::logged;
use crate::util::{root, scratch, write};
use wargame::core::game::Rules;
use wargame::core::session::Session;
use wargame::games::wind::Wind;
use wargame::games::wind::setup;
use wargame::games::wind::state::{Phase, Status};

const VARIANT: &str = "moved_like_the_wind/victorio_geronimo";

fn variant(seed: u64) -> Session<Wind> {
    let l = setup::load_scenario_id(&root(), VARIANT).expect("the variant loads");
    Session::new(VARIANT, seed, setup::initial_state(&l.stat, seed))
}

/// The standard scenario with `options: (),` followed by `start`, loaded.
fn with_start(name: &str, start: &str) -> Result<Session<Wind>, String> {
    let text =
        std::fs::read_to_string(root().join("scenarios/moved_like_the_wind/apache_wars.ron"))
            .unwrap()
            .replacen(
                "    options: (),",
                &format!("    options: (),\n    start: {start},"),
                1,
            );
    let dir = scratch(&format!("wind-start-{name}"));
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy(
        root().join("scenarios/moved_like_the_wind/maps/apache_wars.ron"),
        dir.join("maps/apache_wars.ron"),
    )
    .unwrap();
    let p = write(&dir, "s.ron", &text);
    let l = setup::load_scenario_path(&root(), &p).map_err(|e| e.to_string())?;
    Ok(Session::new("s", 3, setup::initial_state(&l.stat, 3)))
}

#[test]
fn s4_0_the_variant_begins_on_turn_5_with_its_forces_placed_and_the_apache_to_move() {
    let g = variant(1);
    let s = &g.state;
    assert_eq!((s.turn, s.last_turn), (5, 7));
    assert_eq!((s.phase, s.side, s.impulse), (Phase::Move, 0, 1));
    let at = |key: &str| {
        let b = s.blocks.iter().find(|b| &*b.key == key).unwrap();
        match b.status {
            Status::Map(a) => (s.stat.id(a).to_string(), b.sp),
            other => panic!("{key} is {other:?}"),
        }
    };
    assert_eq!(at("warm_springs"), ("warm_springs".into(), 4));
    assert_eq!(at("victorio"), ("warm_springs".into(), 0));
    assert_eq!(at("gallatin"), ("sierra_madre_north".into(), 3));
    assert_eq!(at("troop_a"), ("san_carlos".into(), 3));
    // The Scout and the Settler start at their maximum (§6.0).
    assert_eq!(at("settler"), ("silver_city".into(), 2));
    // Nothing else is on the map; Cochise (turns 1-5) was not placed and sits out.
    let on_map = s
        .blocks
        .iter()
        .filter(|b| matches!(b.status, Status::Map(_)))
        .count();
    assert_eq!(on_map, 20);
    let cochise = s.blocks.iter().find(|b| &*b.key == "cochise").unwrap();
    assert!(!matches!(cochise.status, Status::Map(_)));
    // The level is the scenario's, not rolled, and no Mexican block takes part.
    assert_eq!(
        s.stat.tables.levels[s.level.unwrap()].name,
        "Major",
        "the first turn's level"
    );
    assert!(!s.incursion);
    assert!(
        s.blocks
            .iter()
            .all(|b| b.nation != wargame::games::wind::data::Nation::Mexico
                || !matches!(b.status, Status::Map(_)))
    );
    // Every placed block has a handle of its nation; the other seat's log gives only a
    // count of them.
    assert!(g.log.iter().any(|l| l.text == "Apache has 10 blocks"));
}

#[test]
fn s6_0_the_variant_plays_to_the_end_of_turn_7_and_its_first_roll_follows_major() {
    let mut g = variant(5);
    let mut rng = wargame::core::dice::Dice::new(9);
    let mut n = 0;
    while g.state.result.is_none() && n < 20_000 {
        let acts = Wind::legal_actions(&g.state);
        let a = acts[rng.draw(acts.len())].clone();
        g.apply(&a).unwrap();
        n += 1;
    }
    assert!(g.state.result.is_some(), "{n} actions");
    assert_eq!(g.state.turn.min(g.state.last_turn), 7);
    // Turn 6's roll carries Major's modifier, 0 (§6.0); turns 5 and before are not rolled.
    assert!(!logged(&g, "Turn 5: Provocation die"));
    assert!(
        g.log
            .iter()
            .any(|l| l.text.starts_with("Turn 6: Provocation die") && l.text.contains("+0 ="))
    );
}

#[test]
fn s6_0_a_start_without_forces_rolls_with_the_turn_before_s_modifier_and_its_incursion() {
    // Turn 3 after a Slight turn: +1 to the roll; the Incursion marker at Yes brings the
    // Mexicans in (§6.0).
    let g = with_start(
        "slight",
        "(turn: 3, provocation: \"Slight\", incursion: true, source: Reconstruction(\"test\"))",
    )
    .unwrap();
    assert_eq!(g.state.turn, 3);
    let first = g
        .log
        .iter()
        .find(|l| l.text.starts_with("Turn 3: Provocation die"))
        .expect("turn 3 is rolled");
    assert!(first.text.contains("+1 ="), "{}", first.text);
    assert_eq!(g.state.phase, Phase::Deploy);
    assert!(logged(&g, "the Incursion marker shows Yes (§6.0)"));
}

#[test]
fn s6_0_a_placed_block_may_stand_only_where_it_could_deploy() {
    for (name, start, says) in [
        (
            "water",
            "(turn: 5, forces: (level: \"Major\", placed: [(block: \"warm_springs\", area: \"jornada\")]), source: Reconstruction(\"t\"))",
            "deploys to an area with a Water symbol in its home Territory",
        ),
        (
            "leader",
            "(turn: 6, forces: (level: \"Major\", placed: [(block: \"cochise\", area: \"dragoon\")]), source: Reconstruction(\"t\"))",
            "available on turns 1-5, not on turn 6",
        ),
        (
            "mexican",
            "(turn: 5, forces: (level: \"Major\", placed: [(block: \"ortiz\", area: \"janos\")]), source: Reconstruction(\"t\"))",
            "takes part only when the Incursion marker shows Yes",
        ),
        (
            "none",
            "(turn: 5, forces: (level: \"None\", placed: []), source: Reconstruction(\"t\"))",
            "no forces take the field",
        ),
        (
            "both",
            "(turn: 5, provocation: \"Slight\", forces: (level: \"Major\", placed: []), source: Reconstruction(\"t\"))",
            "leave `provocation` out",
        ),
        (
            "late",
            "(turn: 8, source: Reconstruction(\"t\"))",
            "turns run from 1 to 7",
        ),
        (
            "sp",
            "(turn: 5, forces: (level: \"Major\", placed: [(block: \"troop_a\", area: \"tucson\", sp: 5)]), source: Reconstruction(\"t\"))",
            "starts at 1 to 4 SP",
        ),
        (
            "limit",
            "(turn: 5, forces: (level: \"Major\", placed: [(block: \"apache_peaks\", area: \"tonto\"), (block: \"arivipa\", area: \"tonto\"), (block: \"san_carlos\", area: \"tonto\"), (block: \"carizo\", area: \"tonto\"), (block: \"pinal\", area: \"tonto\")]), source: Reconstruction(\"t\"))",
            "5 blocks of one side in 'tonto': the limit is 4",
        ),
    ] {
        let e = with_start(name, start)
            .err()
            .unwrap_or_else(|| panic!("{name} loaded"));
        assert!(e.contains(says), "{name}: {e}");
    }
}
