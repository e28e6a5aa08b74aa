//! The conformance suite on the strategic campaign with its combats nested: seeded
//! random campaigns through the registry (notation, refusals, saves replaying across
//! combats, determinism, the computer player's sampled worlds at both levels), run to
//! their end.

use crate::conformance::{Plan, conformance};
use wargame::games::nez_perce_strategic::campaign::NezPerceCampaign;

#[test]
fn nez_perce_strategic_conforms() {
    let r = wargame::games::registry();
    let ids = r.scenarios(&crate::util::root(), "nez_perce_strategic");
    assert_eq!(ids, vec!["nez_perce_strategic/campaign".to_string()]);
    conformance::<NezPerceCampaign>(
        &r,
        &Plan {
            scenarios: vec![
                (ids[0].clone(), vec![]),
                (ids[0].clone(), vec!["sitting_bull".into()]),
            ],
            seeds: 2,
            max_actions: 200_000,
            must_finish: true,
            determinize_every: 200,
            hidden: false,
            mutate_every: 16,
            rehides_at_turn_end: false,
        },
    );
}
