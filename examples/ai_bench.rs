//! Benchmark binary for the computer players (no GUI needed):
//! `cargo run --release --no-default-features --example ai_bench [LEVELS] [POSITIONS] [GAMES] [FILTER]`.
//!
//! Per shipped scenario it reports the time of one AI decision at each level from 1 to
//! LEVELS (default 3), over POSITIONS (default 8) mid-game positions reached by seeded
//! random play (positions with a single legal action are skipped, since those cost
//! nothing), and the time of whole AI-vs-AI games at the default level (GAMES, default
//! 1; seeds 0, 1, ...). It then plays GAMES more AI-vs-AI games decision by decision,
//! the way the GUI asks for them (`ai_task`), and reports the slowest decision: the
//! worst wait a player meets in a real game, not only in the sampled positions. With
//! FILTER, only scenarios whose id contains it are measured;
//! with `AI_BENCH_EACH` set, each position's time and number of legal actions, and each
//! new slowest decision of the whole games, go to stderr; with `AI_BENCH_POSITION=K`, only position K is timed (for profiling one); with
//! `AI_BENCH_REPEAT=R`, the game column gives the slowest median of R repeats of each
//! game's five slowest decisions (see `worst_decision`).

use rand::SeedableRng;
use std::time::Instant;
use wargame::core::ai::{DEFAULT_LEVEL, Player};
use wargame::games;

fn main() {
    let arg = |i: usize, d: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (levels, positions, full_games) = (arg(1, 3), arg(2, 8), arg(3, 1));
    let filter = std::env::args().nth(4).unwrap_or_default();
    let only: Option<u64> = std::env::var("AI_BENCH_POSITION")
        .ok()
        .and_then(|p| p.parse().ok());
    let root = wargame::core::data::data_root();
    print!("{:<34}", "scenario");
    for l in 1..=levels {
        print!(" {:>16}", format!("ai:{l} ms/move"));
    }
    println!(
        " {:>14} {:>10} {:>16}",
        format!("ai:{DEFAULT_LEVEL} game s"),
        "actions",
        "game worst ms"
    );
    for g in games::registry().games() {
        for id in g.scenarios(&root) {
            if !id.contains(&filter) {
                continue;
            }
            print!("{id:<34}");
            for level in 1..=levels as u8 {
                let player = Player::Search { level };
                let (mut total, mut worst, mut n, mut seen) = (0.0f64, 0.0f64, 0usize, 0usize);
                let mut k = 0u64;
                while seen < positions && k < positions as u64 * 4 {
                    k += 1;
                    let mut s = games::new_session_with(&root, &id, k, &[])
                        .expect("shipped scenario loads");
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(k);
                    let steps = 20 + (k * 37) % 200;
                    for _ in 0..steps {
                        if !s.random_step(&mut rng).expect("legal play") {
                            break;
                        }
                    }
                    if s.to_act().is_none() || s.legal().len() <= 1 {
                        continue;
                    }
                    seen += 1;
                    if only.is_some_and(|o| o != k) {
                        continue;
                    }
                    if std::env::var_os("AI_BENCH_EACH").is_some() {
                        eprintln!("{id} position {k}: {} legal actions", s.legal().len());
                    }
                    let task = s.ai_task(player, k, 0);
                    let t = Instant::now();
                    let a = task();
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    assert!(a.is_some());
                    if std::env::var_os("AI_BENCH_EACH").is_some() {
                        eprintln!(
                            "{id} ai:{level} position {k} ({steps} random steps): {ms:.0} ms"
                        );
                    }
                    total += ms;
                    worst = worst.max(ms);
                    n += 1;
                }
                print!(
                    " {:>16}",
                    format!("{:.0} (max {:.0})", total / n.max(1) as f64, worst)
                );
            }
            let s = games::new_session_with(&root, &id, 1, &[]).expect("loads");
            let seats = usize::from(s.seats());
            let players = vec![
                Player::Search {
                    level: DEFAULT_LEVEL
                };
                seats
            ];
            let t = Instant::now();
            let mut actions = 0;
            for g in 0..full_games {
                actions += s
                    .play_with(&players, g as u64, 200_000)
                    .expect("AI plays legally")
                    .actions;
            }
            print!(
                " {:>14.1} {:>10}",
                t.elapsed().as_secs_f64() / full_games.max(1) as f64,
                actions / full_games.max(1)
            );
            let mut worst = 0.0f64;
            for g in 0..full_games as u64 {
                worst = worst.max(worst_decision(&root, &id, g, players[0]));
            }
            println!(" {worst:>16.0}");
        }
    }
}

/// Play one AI-vs-AI game of `id` decision by decision, as the GUI does (each decision a
/// separate `ai_task`, seeded from `seed` and the number of actions played, with the
/// stall guard's count of the seat's decisions this turn), and return the slowest
/// decision in ms. With `AI_BENCH_REPEAT=R`, the game's five slowest decisions are then
/// timed R more times each (the game replayed with the same actions up to each), and
/// the slowest of their medians is returned instead: single timings on a shared
/// machine vary by a third, a median of repeats less. With `AI_BENCH_COMPARE_THREADS`
/// each repeat is also timed with one thread (`core::pool`), interleaved, and both
/// medians go to stderr with `AI_BENCH_EACH`.
fn worst_decision(root: &std::path::Path, id: &str, seed: u64, player: Player) -> f64 {
    let repeat: usize = std::env::var("AI_BENCH_REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    let compare = std::env::var_os("AI_BENCH_COMPARE_THREADS").is_some();
    let mut s = games::new_session_with(root, id, seed, &[]).expect("loads");
    let mut worst = 0.0f64;
    // (seat, turn, decisions made by that seat this turn)
    let mut made: Vec<(u8, u32, usize)> = Vec::new();
    // Every decision: the task's seed and count, the action chosen and its time.
    let mut played: Vec<(u64, usize, String, f64)> = Vec::new();
    for n in 0..200_000u64 {
        let Some(seat) = s.to_act() else { break };
        let turn = s.turn();
        let count = match made.iter_mut().find(|m| m.0 == seat) {
            Some(m) if m.1 == turn => {
                m.2 += 1;
                m.2 - 1
            }
            Some(m) => {
                *m = (seat, turn, 1);
                0
            }
            None => {
                made.push((seat, turn, 1));
                0
            }
        };
        let task_seed = seed.wrapping_mul(1_000_003).wrapping_add(n);
        let task = s.ai_task(player, task_seed, count);
        let t = Instant::now();
        let Some(a) = task() else { break };
        let ms = t.elapsed().as_secs_f64() * 1e3;
        if ms > worst && std::env::var_os("AI_BENCH_EACH").is_some() {
            eprintln!(
                "{id} game {seed}: slowest so far {ms:.0} ms, turn {turn}, {} legal actions, chose '{a}'",
                s.legal().len()
            );
        }
        worst = worst.max(ms);
        s.apply_str(&a).expect("the AI plays legally");
        played.push((task_seed, count, a, ms));
    }
    if repeat == 0 {
        return worst;
    }
    let mut slowest: Vec<usize> = (0..played.len()).collect();
    slowest.sort_by(|&a, &b| played[b].3.total_cmp(&played[a].3));
    slowest.truncate(5);
    let mut s = games::new_session_with(root, id, seed, &[]).expect("loads");
    let mut worst_median = 0.0f64;
    for (k, (task_seed, count, a, first)) in played.iter().enumerate() {
        if slowest.contains(&k) {
            let time = |threads: usize| {
                wargame::core::pool::set_threads(threads);
                let task = s.ai_task(player, *task_seed, *count);
                let t = Instant::now();
                let again = task();
                let ms = t.elapsed().as_secs_f64() * 1e3;
                assert_eq!(again.as_deref(), Some(a.as_str()), "the same decision");
                ms
            };
            let (mut times, mut alone) = (Vec::new(), Vec::new());
            for _ in 0..repeat {
                times.push(time(0));
                if compare {
                    // Interleaved with the default, so that both see the same machine.
                    alone.push(time(1));
                }
            }
            wargame::core::pool::set_threads(0);
            let median = |t: &mut Vec<f64>| {
                t.sort_by(f64::total_cmp);
                t.get(t.len() / 2).copied().unwrap_or(0.0)
            };
            let median_alone = median(&mut alone);
            let median = median(&mut times);
            if std::env::var_os("AI_BENCH_EACH").is_some() {
                let alone = if compare {
                    format!(", one thread {median_alone:.0} ms")
                } else {
                    String::new()
                };
                eprintln!(
                    "{id} game {seed}: decision {k} ('{a}', {} legal actions) first {first:.0} ms, median of {repeat} {median:.0} ms{alone}",
                    s.legal().len()
                );
            }
            worst_median = worst_median.max(median);
        }
        s.apply_str(a).expect("the AI plays legally");
    }
    worst_median
}
