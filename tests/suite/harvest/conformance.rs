//! Harvest the Wind runs the conformance suite (`tests/suite/conformance.rs`) on every
//! shipped scenario.

use crate::conformance::{Plan, conformance, no_options};
use wargame::games::harvest::Harvest;

#[test]
fn harvest_the_wind_conforms() {
    let r = wargame::games::registry();
    let ids = r.scenarios(&crate::util::root(), "harvest_the_wind");
    assert_eq!(ids.len(), 6);
    conformance::<Harvest>(
        &r,
        &Plan {
            scenarios: no_options(ids),
            seeds: 4,
            max_actions: 600,
            must_finish: false,
            determinize_every: 5,
            hidden: true,
            mutate_every: 1,
            rehides_at_turn_end: false,
        },
    );
}
