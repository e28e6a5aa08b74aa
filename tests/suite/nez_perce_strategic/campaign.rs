//! The campaign with its combats nested (core::campaign): a contact is fought as a
//! tactical combat on the map of its hex's terrain, and its aftermath folds back
//! (C7.2, D2.0); whole campaigns of random play finish.

use super::play::state;
use wargame::core::campaign::NestedState;
use wargame::core::game::{Rules, random_playout};
use wargame::core::hexmap::Coord;
use wargame::games::nez_perce_strategic::campaign::{NezPerceCampaign, NezPerceStrategic};
use wargame::games::nez_perce_strategic::state::{Phase, Where};
use wargame::games::nez_perce_tactical::rules::aftermath::Restriction;

#[test]
fn b5_2_a_contact_is_fought_as_a_tactical_combat_and_c7_2_folds_back() {
    let mut s = state();
    for u in &mut s.units {
        if matches!(u.at, Where::Map(_)) {
            u.at = Where::Gone;
        }
    }
    let c: Coord = "0910".parse().unwrap();
    for id in ["ollokot", "perry", "howard"] {
        let u = s.find(id).unwrap();
        s.units[u].at = Where::Map(c);
    }
    s.phase = Phase::ArmySearch;
    s.dice.force([6]);
    let mut n: NestedState<NezPerceStrategic> = NestedState::new(s);
    NezPerceCampaign::apply(&mut n, &"search 0910".parse().unwrap()).unwrap();
    let b = n.battle.as_ref().expect("the contact is fought");
    assert_eq!(
        b.stat.scenario.map, "open_plains",
        "the hex's terrain picks the map"
    );
    assert!(b.units.iter().any(|u| u.strategic == "ollokot"));
    // Play the combat out at random; the campaign goes on in its search phase.
    let p = random_playout::<NezPerceCampaign>(&mut n, 3, 100_000).unwrap();
    let _ = p;
    let perry = n.campaign.find("perry").unwrap();
    let turn = n.campaign.turn;
    if n.campaign.turn == 1 {
        assert!(
            n.campaign.units[perry]
                .restrictions
                .contains(&(turn + 1, Restriction::NoMove))
                || n.campaign.units[perry].at == Where::Gone,
            "C7.2: no move on the next strategic turn"
        );
    }
}

#[test]
fn whole_random_campaigns_finish_with_their_combats_fought() {
    let mut fought = 0;
    for seed in 1..=4u64 {
        let mut n: NestedState<NezPerceStrategic> = NestedState::new(state());
        let p = random_playout::<NezPerceCampaign>(&mut n, seed, 400_000).unwrap();
        let o = p
            .outcome
            .unwrap_or_else(|| panic!("seed {seed}: unfinished after {} actions", p.actions));
        assert!(o.summary.contains("D2.0"), "{}", o.summary);
        if p.moves.iter().any(|m| m.starts_with("battle:")) {
            fought += 1;
        }
    }
    assert!(
        fought >= 2,
        "combats were fought in only {fought} of 4 campaigns"
    );
}
