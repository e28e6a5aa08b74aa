//! Battle of the Rosebud runs the conformance suite (`tests/suite/conformance.rs`).
//! Nothing is hidden in this game (the seed hides nothing), so the leak checks run with
//! no secrets.

use crate::conformance::{Plan, conformance, no_options};
use wargame::games::rosebud::Rosebud;

#[test]
fn rosebud_conforms() {
    let r = wargame::games::registry();
    let mut scenarios = no_options(r.scenarios(&crate::util::root(), "rosebud"));
    assert_eq!(scenarios.len(), 1, "the battle ships");
    // The optional rules together (14C, 14D Option #2, grass fires).
    scenarios.push((
        scenarios[0].0.clone(),
        vec![
            "ammo=roster".into(),
            "indian_resupply".into(),
            "grass_fires".into(),
        ],
    ));
    // The other readings: 14D Option #1 and no Voluntary Rout (10J1).
    scenarios.push((
        scenarios[0].0.clone(),
        vec!["ammo=first_fire".into(), "no_voluntary_rout".into()],
    ));
    conformance::<Rosebud>(
        &r,
        &Plan {
            scenarios,
            seeds: 2,
            max_actions: 20_000,
            must_finish: true,
            determinize_every: 200,
            hidden: false,
            mutate_every: 8,
            rehides_at_turn_end: false,
        },
    );
}
