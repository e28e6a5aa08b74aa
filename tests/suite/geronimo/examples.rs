//! The seed's worked examples and rules, each test naming its rule.

use super::{act, game};
use wargame::core::game::Rules;
use wargame::games::geronimo::Geronimo;
use wargame::games::geronimo::state::Phase;

/// Deploy the Basic game's 30 BP and two guns (3.45).
fn deployed(players: u8, seed: u64) -> wargame::games::geronimo::state::State {
    let mut s = game("geronimo/basic", players, seed);
    assert_eq!(s.phase, Phase::Deploy);
    act(&mut s, "deploy ks 20 g2 patrol");
    // 3.45: every BP and gun goes on the map before the Turn's deal.
    assert!(
        !Geronimo::legal_actions(&s)
            .iter()
            .any(|a| a.to_string() == "deployed")
    );
    act(&mut s, "deploy tx 10 g0 fort");
    act(&mut s, "deployed");
    s
}

#[test]
fn r3_32_the_sioux_or_the_apache_are_a_players_only_initial_tribe() {
    let mut s = deployed(3, 1);
    let Phase::Pick { order, at: 0, .. } = s.phase.clone() else {
        panic!("not picking: {:?}", s.phase)
    };
    act(&mut s, "pick sioux");
    let Phase::Pick { at, first, .. } = s.phase.clone() else {
        panic!("not picking")
    };
    assert_eq!((at, first), (1, None), "the Sioux end the pick");
    assert_eq!(Geronimo::to_act(&s), Some(order[1]));
    act(&mut s, "pick kiowa");
    // A second Tribe, neither the Sioux (taken) nor the Apache (alone only).
    let legal: Vec<String> = Geronimo::legal_actions(&s)
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert!(legal.contains(&"pick comanche".to_string()), "{legal:?}");
    assert!(!legal.contains(&"pick apache".to_string()), "{legal:?}");
    assert!(!legal.contains(&"pick sioux".to_string()), "{legal:?}");
    assert!(legal.contains(&"pick done".to_string()));
}
