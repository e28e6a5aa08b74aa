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
    // Each seat first says who fights it: the Army, then the Indian.
    assert!(
        n.battle.is_none(),
        "the combat waits for the players' choice"
    );
    assert_eq!(NezPerceCampaign::to_act(&n), Some(0));
    NezPerceCampaign::apply(&mut n, &"fight".parse().unwrap()).unwrap();
    assert_eq!(NezPerceCampaign::to_act(&n), Some(1));
    NezPerceCampaign::apply(&mut n, &"computer 2".parse().unwrap()).unwrap();
    assert_eq!(NezPerceCampaign::delegated(&n, 1), Some(2));
    assert_eq!(NezPerceCampaign::delegated(&n, 0), None);
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

/// A shipped campaign session through the registry.
fn session(seed: u64) -> Box<dyn wargame::core::session::GameSession> {
    wargame::games::new_session(&crate::util::root(), "nez_perce_strategic/campaign", seed)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_save_made_in_the_middle_of_a_combat_loads_and_plays_on() {
    use rand::{Rng, SeedableRng};
    let mut g = session(11);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    // Random play until a combat has run a dozen actions.
    let mut in_battle = 0;
    for _ in 0..200_000 {
        if g.probe("in_battle").as_deref() == Some("true") {
            in_battle += 1;
            if in_battle == 12 {
                break;
            }
        }
        let legal = g.legal();
        let a = legal[rng.random_range(0..legal.len())].clone();
        g.apply_str(&a).unwrap();
    }
    assert_eq!(
        g.probe("in_battle").as_deref(),
        Some("true"),
        "no combat came"
    );
    let dir = std::env::temp_dir().join(format!("np_save_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("mid_battle.ron");
    g.save().write(&p).unwrap();
    let mut back =
        wargame::games::load_save(&crate::util::root(), &p).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        back.state_ron(),
        g.state_ron(),
        "the save replays to the same state"
    );
    assert_eq!(back.probe("in_battle").as_deref(), Some("true"));
    // Both copies play on identically to the campaign's end.
    let mut n = 0;
    while g.to_act().is_some() {
        let legal = g.legal();
        assert_eq!(back.legal(), legal);
        let a = legal[rng.random_range(0..legal.len())].clone();
        g.apply_str(&a).unwrap();
        back.apply_str(&a).unwrap();
        n += 1;
        assert!(n < 400_000);
    }
    assert_eq!(
        back.outcome().unwrap().summary,
        g.outcome().unwrap().summary
    );
    // And the whole campaign, every combat in it, replays from its save.
    let p = dir.join("whole.ron");
    g.save().write(&p).unwrap();
    let again =
        wargame::games::load_save(&crate::util::root(), &p).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.state_ron(), g.state_ron());
    assert!(
        again.history().iter().any(|a| a.starts_with("battle:")),
        "the replayed campaign holds its combats"
    );
}

#[test]
fn whole_campaigns_finish_with_the_computer_fighting_both_levels() {
    use rand::SeedableRng;
    use wargame::core::ai::{Player, play_game};
    let root = crate::util::root();
    let st = wargame::games::nez_perce_strategic::setup::load_static(
        &root,
        &wargame::games::nez_perce_strategic::setup::scenario_path(&root, "campaign"),
        false,
    )
    .unwrap();
    let mut s = wargame::games::nez_perce_strategic::state::new_state(std::sync::Arc::new(st), 3);
    wargame::games::nez_perce_strategic::play::begin_turn(&mut s);
    let mut n: NestedState<NezPerceStrategic> = NestedState::new(s);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let p = play_game::<NezPerceCampaign>(
        &mut n,
        &[Player::Iterations(4), Player::Iterations(4)],
        &mut rng,
        400_000,
    )
    .unwrap();
    let o = p.outcome.expect("the campaign ends");
    assert!(o.summary.contains("D2.0"), "{}", o.summary);
    assert!(
        p.moves.iter().any(|m| m.starts_with("battle:")),
        "the computer fought at least one combat"
    );
}
