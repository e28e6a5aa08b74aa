//! Benchmark binary for the rules core (no GUI needed):
//! `cargo run --release --no-default-features --example bench [GAMES]`.
//! Reports, per shipped scenario: scenario load-and-check time, random-playout games
//! per second and actions per second, and the mean time of one `legal_actions` call.
//! GUI frame time is measured by `wargame screenshot --frames N` (it prints the frame
//! times it saw before the screenshot).

use std::time::Instant;
use wargame::core::game::{Rules, random_playout};
use wargame::games::harvest::{Harvest, setup};
use wargame::games::wind::{Wind, setup as wind_setup};

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let root = setup::data_root();
    println!(
        "{:<34} {:>12} {:>10} {:>12} {:>12} {:>10}",
        "scenario", "load+check", "games/s", "actions/s", "legal() µs", "actions"
    );
    for id in setup::scenario_ids(&root) {
        let t = Instant::now();
        let n_load = 20;
        let mut loaded = None;
        for _ in 0..n_load {
            loaded = Some(setup::load_scenario_id(&root, &id).expect("loads"));
        }
        let load_ms = t.elapsed().as_secs_f64() * 1e3 / n_load as f64;
        let stat = loaded.expect("loaded").stat;
        let t = Instant::now();
        let mut actions = 0usize;
        let mut legal_calls = 0usize;
        for g in 0..games {
            let mut s = setup::initial_state(&stat, g as u64, false);
            let p = random_playout::<Harvest>(&mut s, g as u64 ^ 0xBEEF, 200_000)
                .expect("no rules error");
            actions += p.actions;
            legal_calls += p.actions;
        }
        let secs = t.elapsed().as_secs_f64();
        // legal() alone on mid-game states.
        let mut s = setup::initial_state(&stat, 7, false);
        let _ = random_playout::<Harvest>(&mut s, 7, 150);
        let reps = 2000;
        let t = Instant::now();
        let mut n = 0;
        for _ in 0..reps {
            n += Harvest::legal_actions(&s).len();
        }
        let legal_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
        let _ = (n, legal_calls);
        println!(
            "{id:<34} {:>9.2} ms {:>10.1} {:>12.0} {:>12.1} {:>10.0}",
            load_ms,
            games as f64 / secs,
            actions as f64 / secs,
            legal_us,
            actions as f64 / games as f64
        );
    }
    // Once We Moved Like the Wind.
    for id in wind_setup::scenario_ids(&root) {
        let t = Instant::now();
        let n_load = 20;
        let mut loaded = None;
        for _ in 0..n_load {
            loaded = Some(wind_setup::load_scenario_id(&root, &id).expect("loads"));
        }
        let load_ms = t.elapsed().as_secs_f64() * 1e3 / n_load as f64;
        let stat = loaded.expect("loaded").stat;
        let t = Instant::now();
        let mut actions = 0usize;
        for g in 0..games {
            let mut s = wind_setup::initial_state(&stat, g as u64);
            let p =
                random_playout::<Wind>(&mut s, g as u64 ^ 0xBEEF, 200_000).expect("no rules error");
            actions += p.actions;
        }
        let secs = t.elapsed().as_secs_f64();
        let mut s = wind_setup::initial_state(&stat, 7);
        let _ = random_playout::<Wind>(&mut s, 7, 150);
        let reps = 2000;
        let t = Instant::now();
        let mut n = 0;
        for _ in 0..reps {
            n += Wind::legal_actions(&s).len();
        }
        let legal_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
        let _ = n;
        println!(
            "{id:<34} {:>9.2} ms {:>10.1} {:>12.0} {:>12.1} {:>10.0}",
            load_ms,
            games as f64 / secs,
            actions as f64 / secs,
            legal_us,
            actions as f64 / games as f64
        );
    }
}
