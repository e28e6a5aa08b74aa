//! The Nez Perce tactical game runs the conformance suite (`tests/suite/conformance.rs`)
//! on every shipped combat, with the reconstructed turn limit and without it. Nothing is
//! hidden in the tactical game (the seed hides nothing), so the leak checks run with no
//! secrets.

use crate::conformance::{Plan, conformance, no_options};
use wargame::games::nez_perce_tactical::NezPerceTactical;

#[test]
fn nez_perce_tactical_conforms() {
    let r = wargame::games::registry();
    let mut scenarios = no_options(r.scenarios(&crate::util::root(), "nez_perce_tactical"));
    assert_eq!(
        scenarios.len(),
        10,
        "eight combats with fixed set-ups and two set-ups ship"
    );
    scenarios.push((
        "nez_perce_tactical/white_bird".into(),
        vec!["turn_limit=12".into()],
    ));
    // A set-up the players pick (C2.0) with the quickest stall rule.
    scenarios.push((
        "nez_perce_tactical/search_camas_prairie".into(),
        vec!["map=wooded".into(), "stall=1".into()],
    ));
    conformance::<NezPerceTactical>(
        &r,
        &Plan {
            scenarios,
            seeds: 2,
            max_actions: 20_000,
            must_finish: true,
            determinize_every: 40,
            hidden: false,
            mutate_every: 4,
            rehides_at_turn_end: false,
        },
    );
}
