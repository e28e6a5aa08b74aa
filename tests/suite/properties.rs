//! Property tests: random legal action sequences never panic, never leave a seat with
//! no legal action, and replay (through a save file) to an identical state.

use crate::util::{root, scenario_ids, scratch, session};
use rand::{Rng, SeedableRng};
use wargame::core::game::Rules;
#[allow(unused_imports)]
use wargame::core::session::GameSession;
use wargame::games;
use wargame::games::harvest::Harvest;

#[test]
fn random_sequences_replay_identically_through_save_files() {
    let dir = scratch("replay");
    for (k, id) in scenario_ids().iter().enumerate() {
        for seed in 0..4u64 {
            let mut g = session(id, seed);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 100 * k as u64);
            for _ in 0..400 {
                if Harvest::to_act(&g.state).is_none() {
                    break;
                }
                let legal = Harvest::legal_actions(&g.state);
                assert!(
                    !legal.is_empty(),
                    "{id}: a seat must act but has no legal action"
                );
                let a = legal[rng.random_range(0..legal.len())].clone();
                // Notation round-trips.
                assert_eq!(
                    a.to_string()
                        .parse::<wargame::games::harvest::action::Action>()
                        .unwrap(),
                    a
                );
                g.apply(&a).unwrap();
            }
            let path = dir.join(format!("{k}-{seed}.ron"));
            g.to_save("harvest_the_wind").write(&path).unwrap();
            let back = games::load_save(&root(), &path).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(back.state_ron(), ron::to_string(&g.state).unwrap());
            assert_eq!(back.history().len(), g.history.len());
        }
    }
}

#[test]
fn same_seed_same_game_different_seed_different_game() {
    let id = "harvest_the_wind/wagon_box";
    let run = |seed: u64| {
        let mut s = session(id, seed).state;
        wargame::core::game::random_playout::<Harvest>(&mut s, seed, 100_000).unwrap();
        ron::to_string(&s).unwrap()
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn applying_a_listed_action_unchecked_matches_apply() {
    // The search applies actions it has just listed without re-checking them
    // (`Rules::apply_listed`). In random games of every scenario, each step is taken
    // both ways; the states, logs and dice must agree.
    for id in scenario_ids() {
        let mut s = session(&id, 11).state;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for step in 0..400 {
            if Harvest::to_act(&s).is_none() {
                break;
            }
            let legal = Harvest::legal_actions(&s);
            let a = &legal[rng.random_range(0..legal.len())];
            let mut checked = s.clone();
            let log_checked = Harvest::apply(&mut checked, a).expect("a listed action");
            let log_listed = Harvest::apply_listed(&mut s, a).expect("a listed action");
            assert_eq!(
                format!("{log_checked:?}"),
                format!("{log_listed:?}"),
                "{id} step {step}: {a}"
            );
            assert_eq!(checked, s, "{id} step {step}: {a}");
        }
    }
}

#[test]
fn state_survives_serialization() {
    let mut g = session("harvest_the_wind/washita", 3);
    let mut s = g.state.clone();
    wargame::core::game::random_playout::<Harvest>(&mut s, 3, 300).unwrap();
    g.state = s;
    let text = ron::to_string(&g.state).unwrap();
    let back: wargame::games::harvest::state::State = ron::from_str(&text).unwrap();
    assert_eq!(back, g.state);
}

#[test]
fn undo_stops_at_dice_rolls() {
    let mut g = session("tests/data/harvest/lab.ron", 1);
    g.place("i4", Some("0505")).unwrap();
    g.place("a1", Some("0507")).unwrap();
    crate::util::play(&mut g, &["end", "move i1 0201"]);
    assert!(g.can_undo());
    assert!(g.undo());
    assert_eq!(g.probe("i1.hex").as_deref(), Some("0101"));
    // A die roll is a reveal: it cannot be undone.
    let mut h = session("tests/data/harvest/lab.ron", 1);
    h.place("i4", Some("0505")).unwrap();
    h.place("a1", Some("0507")).unwrap();
    crate::util::play(&mut h, &["fire i4 B 0507"]);
    assert!(!h.can_undo());
    assert!(!h.undo());
}

#[test]
fn garbage_and_near_miss_actions_never_panic_or_change_state() {
    let words = [
        "fire", "move", "enter", "mount", "dismount", "place", "melee", "rally", "flee", "raze",
        "pickup", "medicine", "blaze", "shift", "unhide", "stop", "pass", "end", "ready",
    ];
    let args = [
        "a1",
        "i1",
        "aw1",
        "iM1",
        "zz",
        "0101",
        "0000",
        "9999",
        "1515",
        "R",
        "art",
        "0101,0102",
        "0101h",
        "canister",
        "",
        "-1",
        "a1 a1",
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    for id in ["harvest_the_wind/wagon_box", "harvest_the_wind/wood_lake"] {
        let mut g = session(id, 1);
        for _ in 0..3000 {
            let n = rng.random_range(0..4);
            let mut text = words[rng.random_range(0..words.len())].to_string();
            for _ in 0..n {
                text.push(' ');
                text.push_str(args[rng.random_range(0..args.len())]);
            }
            let before = ron::to_string(&g.state).unwrap();
            if let Ok(a) = text.parse::<wargame::games::harvest::action::Action>()
                && g.apply(&a).is_err()
            {
                assert_eq!(
                    ron::to_string(&g.state).unwrap(),
                    before,
                    "refused '{text}' changed the state"
                );
            }
        }
    }
}
