//! Debug helper: play a seeded random game and print the last actions.
use rand::{Rng, SeedableRng};
use wargame::core::game::Rules;
use wargame::games::harvest::{Harvest, setup};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = &args[1];
    let seed: u64 = args[2].parse().unwrap();
    let root = setup::data_root();
    let l = setup::load_scenario_id(&root, id).unwrap();
    let mut s = setup::initial_state(&l.stat, seed, false);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed.wrapping_mul(31) + 7);
    let mut hist = vec![];
    for n in 0..100_000 {
        if Harvest::to_act(&s).is_none() {
            println!("over after {n}");
            return;
        }
        let legal = Harvest::legal_actions(&s);
        let a = legal[rng.random_range(0..legal.len())].clone();
        hist.push(format!(
            "t{} {:?} {:?} {} [{}]",
            s.turn,
            s.phase,
            s.pending,
            a,
            legal.len()
        ));
        Harvest::apply(&mut s, &a).unwrap();
    }
    for h in &hist[hist.len() - 40..] {
        println!("{h}");
    }
}
