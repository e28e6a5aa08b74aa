//! Hidden information never appears in another seat's view, log or legal actions.

use crate::util::session;
use rand::{Rng, SeedableRng};
use wargame::core::game::Rules;
#[allow(unused_imports)]
use wargame::core::session::GameSession;
use wargame::games::harvest::state::Kind;
use wargame::games::harvest::{Harvest, view};

fn hidden_ids(s: &wargame::games::harvest::state::State, of_side: u8) -> Vec<String> {
    let mut ids = vec![];
    for p in &s.pieces {
        if p.side == of_side && (p.hidden || p.kind == Kind::Hidden) && p.on_map() {
            ids.push(p.id.to_string());
            // Weapons carried by hidden units are hidden too.
            let me = s.find(&p.id).unwrap();
            ids.extend(s.carried(me).map(|w| s.p(w).id.to_string()));
        }
    }
    ids
}

fn contains_id(text: &str, id: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w == id)
}

#[test]
fn hidden_stacks_never_leak_to_the_other_seat() {
    for id in ["harvest_the_wind/wood_lake", "harvest_the_wind/washita"] {
        for seed in 0..6u64 {
            let mut g = session(id, seed);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut saw_hidden = false;
            for step in 0..600 {
                let Some(actor) = Harvest::to_act(&g.state) else {
                    break;
                };
                for seat in 0..2u8 {
                    let secret = hidden_ids(&g.state, 1 - seat);
                    saw_hidden |= !secret.is_empty();
                    let v = ron::to_string(&view(&g.state, seat)).unwrap();
                    let log: Vec<&str> = g
                        .log
                        .iter()
                        .filter(|l| l.visible(seat))
                        .map(|l| l.text.as_str())
                        .collect();
                    for sid in &secret {
                        assert!(
                            !contains_id(&v, sid),
                            "{id} seed {seed} step {step}: seat {seat} view shows hidden {sid}"
                        );
                        for l in &log {
                            assert!(
                                !contains_id(l, sid),
                                "{id} seed {seed} step {step}: seat {seat} log shows hidden {sid}: {l}"
                            );
                        }
                    }
                }
                let legal = Harvest::legal_actions(&g.state);
                let secret = hidden_ids(&g.state, 1 - actor);
                for a in &legal {
                    for sid in &secret {
                        assert!(
                            !contains_id(&a.to_string(), sid),
                            "legal action '{a}' names hidden {sid}"
                        );
                    }
                }
                let a = legal[rng.random_range(0..legal.len())].clone();
                g.apply(&a).unwrap();
            }
            assert!(
                saw_hidden,
                "{id}: the walk never had a hidden stack to protect"
            );
        }
    }
}

#[test]
fn iii_f_3_view_shows_a_hidden_marker_not_its_contents() {
    let g = session("harvest_the_wind/wood_lake", 1);
    let army = view(&g.state, 1);
    assert!(
        !army.hidden_stacks.is_empty(),
        "the Army sees Hidden markers"
    );
    assert!(army.pieces.iter().all(|p| p.side == 1 || !p.hidden));
    let indian = view(&g.state, 0);
    assert!(
        indian.pieces.iter().any(|p| p.side == 0 && p.hidden),
        "the Indian player sees own hidden units"
    );
    assert!(indian.hidden_stacks.is_empty());
}
