//! The computer players (`core::ai`): they never cheat (two states that differ only in
//! what the AI's seat cannot see give the same worlds and the same decision), they
//! never submit an illegal action, and the same seed plays the same moves.
//!
//! By topic: `no_cheating` (hidden information), `players` (legality, repeatability,
//! threads, level budgets, notation, every scenario to its end), `forced_wins`
//! (last-turn positions the AI must win), `harvest_pacing` (mounted units that may move
//! for ever), `harvest_evaluation` (what Harvest the Wind's evaluation counts, rule by
//! rule) and `harvest_random_games` (quiet search worlds and movement listing, over
//! random games). The helpers here are shared by several of them.

mod forced_wins;
mod harvest_evaluation;
mod harvest_pacing;
mod harvest_random_games;
mod no_cheating;
mod players;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use wargame::core::game::Rules;
use wargame::games::harvest::Harvest;
use wargame::games::harvest::state::Kind;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Play seeded random actions until `seat` must act in a phase matching `phase`.
fn advance<R: Rules>(s: &mut R::State, seat: u8, ok: impl Fn(&R::State) -> bool) {
    let mut r = rng(99);
    for _ in 0..5000 {
        if R::to_act(s) == Some(seat) && ok(s) {
            return;
        }
        let l = R::legal_actions(s);
        let a = l[rand::Rng::random_range(&mut r, 0..l.len())].clone();
        R::apply(s, &a).unwrap();
    }
    panic!("never reached the wanted position");
}

/// A hand-made last-turn position: everything is taken off the map but `keep`, which
/// is put where given, and it is `side`'s Movement phase of turn `turn`.
fn last_turn_position(
    scenario: &str,
    keep: &[(&str, &str)],
    turn: u32,
    side: u8,
) -> wargame::games::harvest::state::State {
    use wargame::games::harvest::state::{Pending, Phase};
    let mut s = crate::util::session(scenario, 1).state;
    let ids: Vec<String> = s
        .pieces
        .iter()
        .filter(|p| p.kind.is_unit() || p.kind == Kind::Leader || p.kind == Kind::Dependent)
        .map(|p| p.id.to_string())
        .collect();
    for id in ids {
        match keep.iter().find(|(k, _)| *k == id) {
            Some((_, hex)) => Harvest::place_piece(&mut s, &id, Some(hex)).unwrap(),
            None => Harvest::place_piece(&mut s, &id, None).unwrap(),
        }
    }
    s.turn = turn;
    s.phasing = side;
    s.phase = Phase::Movement;
    s.pending = Pending::None;
    s
}
