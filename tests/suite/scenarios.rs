//! Every shipped scenario passes `check` and finishes 100 seeded random playouts.

use crate::util::{root, scenario_ids, session};
use wargame::core::game::random_playout;
#[allow(unused_imports)]
use wargame::core::session::GameSession;
use wargame::games;
use wargame::games::harvest::Harvest;

#[test]
fn six_scenarios_are_shipped() {
    let ids = scenario_ids();
    for s in [
        "wood_lake",
        "wagon_box",
        "massacre_canyon",
        "washita",
        "beechers_island",
        "renos_defense",
    ] {
        assert!(
            ids.contains(&format!("harvest_the_wind/{s}")),
            "{s} missing from {ids:?}"
        );
    }
}

#[test]
fn every_shipped_file_passes_check() {
    let mut n = 0;
    for dir in [
        "scenarios/harvest_the_wind",
        "scenarios/harvest_the_wind/maps",
    ] {
        for e in std::fs::read_dir(root().join(dir))
            .unwrap()
            .filter_map(|e| e.ok())
        {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "ron") {
                games::check_path(&root(), &p).unwrap_or_else(|err| panic!("{err}"));
                n += 1;
            }
        }
    }
    games::check_path(&root(), &root().join("rules/harvest_the_wind/tables.ron")).unwrap();
    assert_eq!(n, 9);
}

#[test]
fn hundred_random_playouts_per_scenario_finish() {
    for id in scenario_ids() {
        let mut lengths = vec![];
        for seed in 0..100u64 {
            let mut s = session(&id, seed).state;
            let p = random_playout::<Harvest>(&mut s, seed.wrapping_mul(31) + 7, 100_000)
                .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            assert!(
                p.outcome.is_some(),
                "{id} seed {seed} did not finish in {} actions",
                p.actions
            );
            lengths.push(p.actions);
        }
        assert!(
            lengths.iter().any(|l| *l > 50),
            "{id}: games are suspiciously short: {lengths:?}"
        );
    }
}

#[test]
fn reconstructions_are_marked_in_every_scenario() {
    for id in scenario_ids() {
        let g = session(&id, 0);
        let sc = &g.state.stat.scenario;
        // The maps are reconstructions (the seed's maps are missing): every scenario says so.
        assert!(!sc.notes.is_empty(), "{id} lists no reconstruction notes");
        for f in &sc.forces {
            let text = match &f.source {
                wargame::games::harvest::data::Source::Seed(r) => r,
                wargame::games::harvest::data::Source::Reconstruction(w) => w,
            };
            assert!(
                !text.trim().is_empty(),
                "{id}: force '{}' does not say where it comes from",
                f.label
            );
        }
    }
}

#[test]
fn the_map_tiles_are_marked_as_reconstructions() {
    // The seed's maps A, B and C are missing; every tile must say it is reconstructed.
    for t in ["A", "B", "C"] {
        let tile = wargame::games::harvest::setup::load_tile(
            &root().join(format!("scenarios/harvest_the_wind/maps/{t}.ron")),
        )
        .unwrap();
        assert!(tile.source.is_reconstruction(), "map {t}");
    }
}

/// A playout's score trace has one row per turn played, the last being the final score,
/// and a row includes what the turn-ending action scored (the block game awards its
/// Victory Levels as a turn ends, and skips turns without Provocation inside one action).
#[test]
fn playout_traces_have_one_row_per_turn() {
    for id in [
        "moved_like_the_wind/apache_wars",
        "moved_like_the_wind/victorio_geronimo",
        "harvest_the_wind/massacre_canyon",
    ] {
        let mut first_rows = 0;
        for seed in 0..20u64 {
            let g = games::new_session(&root(), id, seed).unwrap();
            let first = g.turn();
            let p = g.playout(seed, 200_000).unwrap();
            let o = p.outcome.as_ref().expect("the game finishes");
            assert_eq!(
                p.trace.len() as u32,
                p.turns - first + 1,
                "{id} seed {seed}: {:?}",
                p.trace
            );
            assert_eq!(p.trace.last(), Some(&o.scores), "{id} seed {seed}");
            first_rows += p.trace[0].iter().sum::<i32>();
            if id.starts_with("moved") {
                for w in p.trace.windows(2) {
                    assert!(
                        w[0].iter().zip(&w[1]).all(|(a, b)| a <= b),
                        "{id} seed {seed}: Victory Levels never fall: {:?}",
                        p.trace
                    );
                }
            }
        }
        if id.starts_with("moved") {
            assert!(
                first_rows > 0,
                "{id}: the Victory Levels won at the end of turn 1 are in the first row"
            );
        }
    }
}

/// The shipped games whose seats are their sides give no seat a role
/// ([`wargame::core::game::Rules::role`]'s default), at the start of every scenario
/// and a few seeded random actions into it (a campaign's battle included). Geronimo!
/// deals the sides anew every Turn (3.3): its roles are tested with it.
#[test]
fn no_shipped_game_gives_its_seats_roles() {
    use rand::SeedableRng;
    let registry = games::registry();
    let mut checked = 0;
    for def in registry.games().iter().filter(|d| d.id() != "geronimo") {
        for id in def.scenarios(&root()) {
            let mut g = games::new_session(&root(), &id, 1).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
            for step in 0..60 {
                for seat in 0..g.seats() {
                    assert_eq!(g.role(seat), None, "{id} seat {seat} after {step} actions");
                    checked += 1;
                }
                if !g.random_step(&mut rng).unwrap() {
                    break;
                }
            }
        }
    }
    assert!(checked > 100, "{checked} seats checked");
}
