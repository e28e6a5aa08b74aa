//! Whole random games: every listed action applies, the game ends, and refused actions
//! change nothing.

use super::game;
use rand::{Rng, SeedableRng};
use wargame::core::game::Rules;
use wargame::games::geronimo::Geronimo;

fn playout(scenario: &str, players: u8, seed: u64) -> (usize, bool) {
    let mut s = game(scenario, players, seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut n = 0;
    while n < 20_000 {
        let legal = Geronimo::legal_actions(&s);
        if legal.is_empty() {
            assert!(
                Geronimo::to_act(&s).is_none(),
                "seed {seed}, action {n}: a seat is to act with nothing legal: {:?} {:?} {:?}",
                s.phase,
                s.step,
                s.pending
            );
            break;
        }
        assert!(
            Geronimo::to_act(&s).is_some(),
            "a decision with no one to act: {:?} {:?} {:?}",
            s.phase,
            s.step,
            s.pending
        );
        let a = legal[rng.random_range(0..legal.len())].clone();
        let text = a.to_string();
        assert_eq!(
            text.parse::<wargame::games::geronimo::action::Action>()
                .as_ref(),
            Ok(&a)
        );
        if let Err(e) = Geronimo::apply(&mut s, &a) {
            panic!("seed {seed}, action {n} '{text}' listed but refused: {e}");
        }
        n += 1;
    }
    (n, Geronimo::outcome(&s).is_some())
}

#[test]
fn random_games_of_two_to_five_players_run_to_their_end() {
    for players in 2..=5 {
        for scenario in ["geronimo/basic", "geronimo/campaign"] {
            let (n, over) = playout(scenario, players, u64::from(players) * 7 + 1);
            eprintln!("{scenario} {players}p: {n} actions");
            assert!(
                over,
                "{scenario} with {players} players did not end in {n} actions"
            );
        }
    }
}
