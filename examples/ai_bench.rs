//! Benchmark binary for the computer players (no GUI needed):
//! `cargo run --release --no-default-features --example ai_bench [LEVELS] [POSITIONS] [GAMES] [FILTER]`.
//!
//! Per shipped scenario it reports the time of one AI decision at each level from 1 to
//! LEVELS (default 3), over POSITIONS (default 8) mid-game positions reached by seeded
//! random play (positions with a single legal action are skipped, since those cost
//! nothing), and the time of whole AI-vs-AI games at the default level (GAMES, default
//! 1; seeds 0, 1, ...). With FILTER, only scenarios whose id contains it are measured;
//! with `AI_BENCH_EACH` set, each position's time and number of legal actions go to
//! stderr; with `AI_BENCH_POSITION=K`, only position K is timed (for profiling one).

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
    let root = games::harvest::setup::data_root();
    print!("{:<34}", "scenario");
    for l in 1..=levels {
        print!(" {:>16}", format!("ai:{l} ms/move"));
    }
    println!(
        " {:>14} {:>10}",
        format!("ai:{DEFAULT_LEVEL} game s"),
        "actions"
    );
    for g in games::games() {
        for id in games::scenarios(&root, g.id) {
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
                    let mut s = games::new_session_with(&root, &id, k, false, &[])
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
            let s = games::new_session_with(&root, &id, 1, false, &[]).expect("loads");
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
            println!(
                " {:>14.1} {:>10}",
                t.elapsed().as_secs_f64() / full_games.max(1) as f64,
                actions / full_games.max(1)
            );
        }
    }
}
