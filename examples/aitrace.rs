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
    // Optional: SEED GAME reproduce game GAME of `simulate --seed SEED`.
    let (state_seed, rng_seed) = match (args.get(3), args.get(4)) {
        (Some(seed), Some(g)) => {
            let seed: u64 = seed.parse().unwrap();
            let g: u64 = g.parse().unwrap();
            let game_seed = seed.wrapping_mul(6364136223846793005).wrapping_add(g);
            (game_seed, game_seed ^ 0x9E37_79B9_7F4A_7C15)
        }
        _ => (1, 7),
    };
    let mut s = wargame::games::harvest::setup::initial_state(&l.stat, state_seed, false);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rng_seed);
    let mut n = 0usize;
    let mut made = [(0u32, 0usize); 2];
    let mut prev: Option<(wargame::games::harvest::state::State, String)> = None;
    while let Some(seat) = Harvest::to_act(&s) {
        n += 1;
        let cap: usize = std::env::var("AI_TRACE_MAX")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20_000);
        if n > cap {
            println!("stopped after {cap} actions");
            break;
        }
        let phase_name = s.phase.name().to_string();
        if std::env::var("AI_TRACE_LEGAL")
            .is_ok_and(|v| v == phase_name || (v == "all" && n > 200 && n < 206))
        {
            let legal: Vec<String> = Harvest::legal_actions(&s)
                .iter()
                .map(ToString::to_string)
                .collect();
            println!("      legal: {}", legal.join(", "));
            if let Some(a) = s.active {
                println!("      active {:?} rec {:?}", s.p(a).id, s.rec(a));
                if let Some(h) = s.p(a).hex() {
                    for nb in s.stat.map.neighbors(h) {
                        let mut t = s.clone();
                        let act = format!("move {} {nb}", s.p(a).id).parse().unwrap();
                        if let Err(e) = Harvest::apply(&mut t, &act) {
                            println!("        {nb}: {e}");
                        }
                    }
                }
            }
        }
        let p = players[usize::from(seat)];
        let m = &mut made[usize::from(seat)];
        if m.0 != s.turn {
            *m = (s.turn, 0);
        }
        let Some(a) = ai::decide::<Harvest>(&s, p, &mut rng, m.1) else {
            println!(
                "no legal action for seat {seat}: phase {:?} pending {:?} active {:?}",
                s.phase, s.pending, s.active
            );
            // AI_TRACE_DUMP=FILE: the state before the last action, to study the stall.
            if let (Ok(path), Some((before, last))) = (std::env::var("AI_TRACE_DUMP"), &prev) {
                let text = ron::to_string(before).expect("state serializes");
                std::fs::write(&path, text).expect("dump written");
                println!("state before '{last}' written to {path}");
            }
            break;
        };
        prev = Some((s.clone(), a.to_string()));
        m.1 += 1;
        let ending_move = a.to_string() == "end" && s.phase.name() == "movement";
        let log = Harvest::apply(&mut s, &a).unwrap();
        if ending_move {
            // Where the moving side's units stand: hex and distance to the nearest enemy piece.
            let mut line = String::new();
            for p in s
                .pieces
                .iter()
                .filter(|p| p.side == seat && p.kind.is_unit())
            {
                if let Some(c) = p.hex() {
                    let d = s
                        .pieces
                        .iter()
                        .filter(|q| q.side != seat)
                        .filter_map(|q| q.hex())
                        .map(|h| h.distance(c))
                        .min()
                        .unwrap_or(99);
                    line += &format!(" {}@{c}:{d}", p.id);
                }
            }
            println!("      positions:{line}");
        }
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
        let all = std::env::var_os("AI_TRACE_ALL_LOG").is_some();
        for l in log.iter().filter(|l| l.visible_to.is_none()) {
            if all || l.text.contains("hit") || l.text.contains("elim") {
                println!("      | {}", l.text);
            }
        }
    }
    println!("{:?}", Harvest::outcome(&s));
}
