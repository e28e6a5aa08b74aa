//! The block game runs the conformance suite (`tests/suite/conformance.rs`) on its
//! scenario, with and without optional rules.

use crate::conformance::{Plan, conformance, no_options};
use wargame::games::wind::Wind;

#[test]
fn moved_like_the_wind_conforms() {
    let r = wargame::games::registry();
    let mut scenarios = no_options(r.scenarios(&crate::util::root(), "moved_like_the_wind"));
    scenarios.push((
        "moved_like_the_wind/apache_wars".into(),
        vec![
            "apache_leader_death".into(),
            "turns=8".into(),
            "levels=1,0".into(),
        ],
    ));
    // The other optional rules together, on the variant, at the longest length.
    scenarios.push((
        "moved_like_the_wind/victorio_geronimo".into(),
        vec![
            "army_leader_death".into(),
            "reinforce_one".into(),
            "turns=9".into(),
        ],
    ));
    conformance::<Wind>(
        &r,
        &Plan {
            scenarios,
            seeds: 2,
            max_actions: 20_000,
            must_finish: true,
            determinize_every: 40,
            hidden: true,
            mutate_every: 4,
            rehides_at_turn_end: true,
        },
    );
}
