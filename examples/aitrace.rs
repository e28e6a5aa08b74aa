//! Debugging aid: play one game with the given players and print every action with the
//! seat, turn, phase and the evaluation for each seat.
use rand::SeedableRng;
use wargame::core::ai::{self, Knowledge, Player};
use wargame::core::game::Rules;
use wargame::games::harvest::Harvest;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scen = args
        .get(1)
        .cloned()
        .unwrap_or("harvest_the_wind/massacre_canyon".into());
    let players: Vec<Player> = args
        .get(2)
        .map_or("ai,random", |s| s.as_str())
        .split(',')
        .map(|p| p.parse().unwrap())
        .collect();
    let root = std::path::Path::new(".");
    let l = wargame::games::harvest::setup::load_scenario_id(root, &scen).unwrap();
    let mut s = wargame::games::harvest::setup::initial_state(&l.stat, 1, false);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    while let Some(seat) = Harvest::to_act(&s) {
        let p = players[usize::from(seat)];
        let a = ai::choose::<Harvest>(&s, p, &mut rng).unwrap();
        let log = Harvest::apply(&mut s, &a).unwrap();
        println!(
            "t{} {:>14} s{} {:<8} {:<28} eval {:.3}/{:.3} pts {:?}",
            s.turn,
            s.phase.name(),
            seat,
            p.to_string(),
            a.to_string(),
            Harvest::evaluate(&s, 0),
            Harvest::evaluate(&s, 1),
            s.points
        );
        for l in log.iter().filter(|l| l.visible_to.is_none()) {
            if l.text.contains("hit") || l.text.contains("elim") {
                println!("      | {}", l.text);
            }
        }
    }
    println!("{:?}", Harvest::outcome(&s));
}
