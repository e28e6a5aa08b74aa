//! The computer player of *Once We Moved Like the Wind*: last-turn positions whose one
//! winning move the AI must find at `ai:1` (and random play misses), the evaluation's
//! view of hidden blocks, and the quick legality check `apply` uses.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wargame::core::ai::{self, Knowledge, Player};
use wargame::core::game::Rules;
use wargame::core::sym::Sym;
use wargame::games::wind::Wind;
use wargame::games::wind::action::Action;
use wargame::games::wind::rules::{APACHE, ARMY, legal, listed};
use wargame::games::wind::setup;
use wargame::games::wind::state::{Phase, State, Status};

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn fresh(seed: u64) -> State {
    let l = setup::load_scenario_id(&crate::util::root(), "moved_like_the_wind/apache_wars")
        .expect("scenario loads");
    setup::initial_state(&l.stat, seed)
}

/// The last turn's second impulse, `side` to move, Victory Levels equal, only the
/// listed blocks (key, area, SP; 0 keeps the maximum) on the map with full MP.
fn last_turn(seed: u64, side: u8, vp: [i32; 2], blocks: &[(&str, &str, u8)]) -> State {
    let mut s = fresh(seed);
    for b in &mut s.blocks {
        if b.status != Status::Gone {
            b.status = Status::Pool;
        }
        b.handle = "".into();
        b.revealed = false;
    }
    s.intro.clear();
    for &(key, area, sp) in blocks {
        Wind::place_piece(&mut s, key, Some(area)).expect("block and area exist");
        let b = s.blocks.iter_mut().find(|b| &*b.key == key).expect("block");
        if sp > 0 {
            b.sp = sp;
        }
        b.mp_left = b.mp;
    }
    s.turn = s.last_turn;
    s.phase = Phase::Move;
    s.impulse = 2;
    s.side = side;
    s.fight = None;
    s.resolved.clear();
    s.vp = vp;
    s.levels = [2, 2];
    s
}

/// Play the position to the end with `players` and return the winner.
fn winner(mut s: State, players: &[Player], seed: u64) -> Option<u8> {
    let p = ai::play_game::<Wind>(&mut s, players, &mut rng(seed), 5_000).expect("legal play");
    p.outcome.and_then(|o| o.winner())
}

/// A US Leader (value 1) with a troop sits next to a lone War Band on the last turn; the
/// Apache lead the turn on VP. Moving the stack in wins: the Army ambushes, fights and
/// forces the band to the Reservation (§8.0, §9.0). Ending the segment loses.
fn army_pounce(seed: u64) -> State {
    last_turn(
        seed,
        ARMY,
        [0, 0],
        &[
            ("apache_peaks", "tonto", 3),
            ("carleton", "phoenix", 0),
            ("troop_a", "phoenix", 4),
        ],
    )
}

/// A War Band next to a lone, revealed Settler in a Town on the last turn, the Army two VP
/// ahead: entering the Town reduces the Settler at once, +2 Apache VP per SP (§8.0
/// "Settlers & Combat"), and wins the turn and the game.
fn apache_raid(seed: u64) -> State {
    let mut s = last_turn(
        seed,
        APACHE,
        [0, 3],
        &[("apache_peaks", "tonto", 1), ("settler", "phoenix", 2)],
    );
    // Face up, as the Settler is once the rules have shown it.
    if let Some(b) = s.blocks.iter_mut().find(|b| &*b.key == "settler") {
        b.revealed = true;
    }
    s
}

#[test]
fn the_army_ai_moves_its_stack_onto_the_band_and_wins_s8_s9() {
    for seed in 0..4 {
        let s = army_pounce(seed);
        assert_eq!(Wind::to_act(&s), Some(ARMY));
        let w = winner(s, &[Player::Random, Player::Search { level: 1 }], seed);
        assert_eq!(w, Some(ARMY), "seed {seed}: the Army AI wins the last turn");
    }
}

#[test]
fn random_play_misses_the_army_pounce_s8_s9() {
    let wins = (0..8)
        .filter(|&seed| {
            winner(army_pounce(seed), &[Player::Random, Player::Random], seed) == Some(ARMY)
        })
        .count();
    assert!(
        wins < 8,
        "random play does not always find it ({wins} of 8)"
    );
}

#[test]
fn the_apache_ai_raids_the_lone_settler_and_wins_s8() {
    for seed in 0..4 {
        let s = apache_raid(seed);
        assert_eq!(Wind::to_act(&s), Some(APACHE));
        let w = winner(s, &[Player::Search { level: 1 }, Player::Random], seed);
        assert_eq!(
            w,
            Some(APACHE),
            "seed {seed}: the Apache AI wins the last turn"
        );
    }
}

#[test]
fn random_play_misses_the_apache_raid_s8() {
    let wins = (0..8)
        .filter(|&seed| {
            winner(apache_raid(seed), &[Player::Random, Player::Random], seed) == Some(APACHE)
        })
        .count();
    assert!(
        wins < 8,
        "random play does not always find it ({wins} of 8)"
    );
}

#[test]
fn the_evaluation_prefers_the_winning_move_in_every_sampled_world() {
    // The Army's evaluation counts the hidden band at its average, so the pounce looks
    // better than ending the segment whatever identity a world gives the band.
    let s = army_pounce(1);
    let pounce: Action = "move carleton tonto with troop_a".parse().unwrap();
    let end: Action = "end".parse().unwrap();
    for k in 0..8 {
        let w = Wind::determinize(&s, ARMY, &mut rng(k));
        let mut a = w.clone();
        Wind::apply(&mut a, &pounce).expect("legal");
        let mut b = w.clone();
        Wind::apply(&mut b, &end).expect("legal");
        assert!(
            Wind::evaluate(&a, ARMY) > Wind::evaluate(&b, ARMY),
            "world {k}: moving in beats ending"
        );
    }
}

#[test]
fn the_quick_legality_check_agrees_with_the_full_list() {
    // Random games; at every state, each legal action is accepted and a spread of
    // illegal ones (wrong area, wrong block, wrong companions, end too early) refused,
    // exactly as membership in `legal` says.
    for seed in 0..3 {
        let mut s = fresh(seed);
        let mut r = rng(seed);
        let ids: Vec<Sym> = s.stat.map.areas.iter().map(|a| Sym::new(&a.id)).collect();
        for _ in 0..1500 {
            if Wind::to_act(&s).is_none() {
                break;
            }
            let all = legal(&s);
            for a in &all {
                assert!(listed(&s, a), "{a} is legal and must be listed");
            }
            let handles: Vec<Sym> = s
                .blocks
                .iter()
                .filter(|b| !b.handle.is_empty())
                .map(|b| b.handle)
                .collect();
            let mut probes = vec![Action::End, Action::Fire, Action::Stay];
            for _ in 0..12 {
                let h = handles[r.random_range(0..handles.len().max(1))];
                let area = ids[r.random_range(0..ids.len())];
                let with = vec![handles[r.random_range(0..handles.len().max(1))]];
                probes.push(Action::Deploy {
                    block: h,
                    area,
                    sp: None,
                });
                probes.push(Action::Deploy {
                    block: h,
                    area,
                    sp: Some(r.random_range(1..=4)),
                });
                probes.push(Action::Move {
                    block: h,
                    area,
                    with: vec![],
                });
                probes.push(Action::Move {
                    block: h,
                    area,
                    with,
                });
            }
            for a in &probes {
                assert_eq!(listed(&s, a), all.contains(a), "{a} in phase {:?}", s.phase);
            }
            let a = all[r.random_range(0..all.len())].clone();
            Wind::apply(&mut s, &a).expect("legal action applies");
        }
    }
}

#[test]
fn a_default_level_decision_is_repeatable() {
    let s = army_pounce(2);
    let a = ai::choose::<Wind>(&s, Player::Search { level: 2 }, &mut rng(5));
    let b = ai::choose::<Wind>(&s, Player::Search { level: 2 }, &mut rng(5));
    assert_eq!(a, b);
    assert!(a.is_some());
}
