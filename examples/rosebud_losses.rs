//! Bench binary for *Battle of the Rosebud*'s calibration (no GUI needed):
//! `cargo run --release --no-default-features --example rosebud_losses [GAMES] [US] [INDIAN]`.
//!
//! Plays GAMES (default 4) whole battles from seeds 0, 1, ... (from `ROSEBUD_LOSSES_SEED` if set) between two players
//! (`ai:N`, `random`, `greedy`; default `ai:1` for both) and prints, per game and on
//! average, the Casualty Points each side lost (about 10 men a point, 2C), the units lost
//! whole, the victory points and the result, the number of decisions and the slowest
//! one (with `ROSEBUD_LOSSES_EACH` set, each new slowest decision goes to stderr as it
//! happens). Issue 33 asks the reconstructed tables to give losses of the historical order:
//! about 10 US killed and 21 wounded (about 3 CP) against 13-36 Indian killed (about
//! 1.5-4 CP, more with the wounded) over the six hours.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Instant;
use wargame::core::ai::{Player, decide};
use wargame::core::game::Rules;
use wargame::games::rosebud::Rosebud;
use wargame::games::rosebud::action::Action;
use wargame::games::rosebud::data::Side;
use wargame::games::rosebud::setup::{load_static, new_state, scenario_path};
use wargame::games::rosebud::state::Loc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let player = |i: usize| -> Player {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(Player::Search { level: 1 })
    };
    let players = [player(2), player(3)];
    let root = wargame::core::data::data_root();
    let st = match load_static(&root, &scenario_path(&root, "battle")) {
        Ok(st) => Arc::new(st),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!(
        "Battle of the Rosebud: {games} games, US {} against Indian {}",
        players[0], players[1]
    );
    println!(
        "seed  US CP  Ind CP  US lost  Ind lost  VP US-Ind  result                 decisions  slowest ms  s"
    );
    let mut sum = [0.0f64; 4];
    // ROSEBUD_LOSSES_SEED: the first seed (default 0), to split a batch across processes.
    let first: u64 = std::env::var("ROSEBUD_LOSSES_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    for seed in first..first + games {
        let mut s = new_state(st.clone(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = Instant::now();
        let mut slowest = 0.0f64;
        let mut slowest_at = String::new();
        let mut by_fire = [0.0f64; 2];
        let mut by_melee = [0.0f64; 2];
        // CP from whole units eliminated because a retreat or rout found no hex (10I7).
        let mut trapped = [0.0f64; 2];
        let mut n = 0;
        let mut per_turn = (0u64, 0usize);
        while let Some(seat) = Rosebud::to_act(&s) {
            let tick = Rosebud::clock(&s);
            if per_turn.0 == tick {
                per_turn.1 += 1;
            } else {
                per_turn = (tick, 1);
            }
            let t = Instant::now();
            let Some(a) =
                decide::<Rosebud>(&s, players[usize::from(seat)], &mut rng, per_turn.1 - 1)
            else {
                eprintln!("seed {seed}: no action although a seat must act");
                break;
            };
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if ms > slowest {
                slowest = ms;
                slowest_at = format!(
                    "turn {} {:?} {:?}, {} legal, pending {}, chose '{a}'",
                    s.turn,
                    s.phasing,
                    s.phase,
                    Rosebud::legal_actions(&s).len(),
                    s.pending.len()
                );
                if std::env::var("ROSEBUD_LOSSES_EACH").is_ok() {
                    eprintln!("new slowest {ms:.0} ms: {slowest_at}");
                }
            }
            let before = s.losses;
            let melee_action = matches!(
                a,
                Action::Commit | Action::Rbm { .. } | Action::Stand | Action::Lose { .. }
            );
            let log = match Rosebud::apply(&mut s, &a) {
                Ok(log) => log,
                Err(e) => {
                    eprintln!("seed {seed}: '{a}' refused: {e}");
                    break;
                }
            };
            let stuck = log
                .iter()
                .any(|l| l.text.contains("unable to retreat (10I7)"));
            for side in 0..2 {
                let d = f64::from(s.losses[side] - before[side]);
                if stuck {
                    trapped[side] += d;
                }
                if melee_action {
                    by_melee[side] += d;
                } else {
                    by_fire[side] += d;
                }
            }
            n += 1;
            if n > 200_000 {
                eprintln!("seed {seed}: stopped after {n} decisions");
                break;
            }
        }
        let lost = |side: Side| {
            (0..s.units.len())
                .filter(|&u| s.side(u) == side && s.units[u].at == Loc::Gone && s.combat(u))
                .count()
        };
        let result = s.result.as_ref().map_or("unfinished".to_string(), |r| {
            r.summary.chars().take(22).collect()
        });
        println!(
            "{seed:4}  {:5}  {:6}  {:7}  {:8}  {:4}-{:<4}  {result:22} {n:9}  {slowest:10.0}  {:.0}",
            s.losses[0],
            s.losses[1],
            lost(Side::US),
            lost(Side::Indian),
            s.vp[0],
            s.vp[1],
            start.elapsed().as_secs_f64()
        );
        println!("      slowest decision: {slowest_at}");
        println!(
            "      CP by fire US {} Indian {}, by melee US {} Indian {}; in actions that eliminated a unit unable to retreat (10I7) US {} Indian {}",
            by_fire[0], by_fire[1], by_melee[0], by_melee[1], trapped[0], trapped[1]
        );
        sum[0] += f64::from(s.losses[0]);
        sum[1] += f64::from(s.losses[1]);
        sum[2] += lost(Side::US) as f64;
        sum[3] += lost(Side::Indian) as f64;
    }
    let g = games.max(1) as f64;
    println!(
        "mean  {:5.1}  {:6.1}  {:7.1}  {:8.1}",
        sum[0] / g,
        sum[1] / g,
        sum[2] / g,
        sum[3] / g
    );
}
