//! Harvest the Wind property tests: seeds, serialization, undo at a die roll, and
//! garbage or near-miss actions that never panic or change the state.

use crate::util::session;
use rand::{Rng, SeedableRng};
#[allow(unused_imports)]
use wargame::core::session::GameSession;
use wargame::games::harvest::Harvest;

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
