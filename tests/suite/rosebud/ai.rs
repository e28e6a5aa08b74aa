//! The computer player's evaluation of *Battle of the Rosebud*: the risks and aims the
//! rules give it a reason to weigh (12D5's lone Leader, 17's VP hills). Each test compares
//! two positions that differ in one thing only.

use super::common::{board, c, put};
use wargame::core::ai::Knowledge;
use wargame::games::rosebud::Rosebud;
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::state::{Loc, Phase, State};

/// The US seat's evaluation of a position.
fn us_value(s: &State) -> f64 {
    Rosebud::evaluate(s, Side::US.seat())
}

/// 12D5: "A Leader is killed (eliminated) if an enemy combat unit is moved into his hex"
/// while he is alone. A US Leader left alone two hexes from a warrior band is worth less
/// to the US than the same Leader stacked with his company, and the farther the band the
/// smaller the difference.
#[test]
fn rule_12d5_the_evaluation_fears_for_a_lone_leader_near_the_enemy() {
    let mut s = board(Side::US, Phase::Movement, true);
    let (h2907, h2908, h2909, h1201) = (c(&s, "2907"), c(&s, "2908"), c(&s, "2909"), c(&s, "1201"));
    put(&mut s, "a_2cav", h2907, Mode::Dismounted);
    put(&mut s, "crow_king", h2909, Mode::Mounted);
    let noyes = s.find_leader("noyes").unwrap();
    s.leaders[noyes].at = Loc::Map(h2907);
    let guarded = us_value(&s);
    s.leaders[noyes].at = Loc::Map(h2908);
    let alone_near = us_value(&s);
    assert!(
        alone_near < guarded,
        "a lone Leader beside a band: {alone_near} against {guarded} guarded"
    );
    put(&mut s, "crow_king", h1201, Mode::Mounted);
    let alone_far = us_value(&s);
    s.leaders[noyes].at = Loc::Map(h2907);
    let guarded_far = us_value(&s);
    assert!(
        guarded_far - alone_far < guarded - alone_near,
        "the risk shrinks with distance"
    );
}

/// 17: Crook's Hill, Conical Hill and Andrew's Point score "when a Cavalry or Infantry
/// unit ... enters the hex". A US Cavalry company one hex nearer an untaken hill is worth
/// more to the US (the search looks one phase ahead and would otherwise never start the
/// march); a Holder nearer the hill is not, since it cannot take it.
#[test]
fn rule_17_the_evaluation_pulls_the_us_toward_an_untaken_hill() {
    let mut s = board(Side::US, Phase::Movement, false);
    let hill = s
        .stat
        .map
        .marks
        .iter()
        .find(|(_, m)| m.iter().any(|x| x == "crooks_hill"))
        .map(|(&h, _)| h)
        .expect("Crook's Hill is on the map");
    let far = s.stat.map.coords().find(|h| h.distance(hill) == 6).unwrap();
    let near = s.stat.map.coords().find(|h| h.distance(hill) == 2).unwrap();
    put(&mut s, "a_2cav", far, Mode::Mounted);
    let v_far = us_value(&s);
    put(&mut s, "a_2cav", near, Mode::Mounted);
    let v_near = us_value(&s);
    assert!(v_near > v_far, "{v_near} nearer against {v_far} farther");
    // Every hill taken: no pull left.
    for h in ["crooks_hill", "conical_hill", "andrews_point"] {
        s.hills_taken.push(h.into());
    }
    let taken_near = us_value(&s);
    put(&mut s, "a_2cav", far, Mode::Mounted);
    let taken_far = us_value(&s);
    assert!((taken_near - taken_far).abs() < 1e-9);
}

/// The search's own list of actions (`Knowledge::search_actions`, generated directly
/// during the turn-1 entry, 18) is exactly the legal actions filtered by
/// `Knowledge::worth`, at every position of seeded random games through the entry and
/// into turn 2.
#[test]
fn rule_18_the_search_weighs_exactly_the_worthwhile_legal_actions() {
    use rand::{Rng, SeedableRng};
    use wargame::core::game::Rules;
    use wargame::games::rosebud::setup::{load_static, new_state, scenario_path};
    let root = crate::util::root();
    let st = std::sync::Arc::new(
        load_static(&root, &scenario_path(&root, "battle")).unwrap_or_else(|e| panic!("{e}")),
    );
    let mut checked = 0;
    for seed in 0..3 {
        let mut s = new_state(st.clone(), seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while s.turn <= 2 && Rosebud::to_act(&s).is_some() {
            let legal = Rosebud::legal_actions(&s);
            let kept: Vec<_> = legal
                .iter()
                .filter(|a| Rosebud::worth(&s, a))
                .cloned()
                .collect();
            let want = if kept.is_empty() { legal.clone() } else { kept };
            assert_eq!(
                Rosebud::search_actions(&s),
                want,
                "seed {seed}, turn {}, {:?} {:?}",
                s.turn,
                s.phasing,
                s.phase
            );
            checked += 1;
            let a = legal[rng.random_range(0..legal.len())].clone();
            Rosebud::apply(&mut s, &a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
    }
    assert!(checked > 100, "{checked} positions");
}

/// 16A and 10A: a charging unit must engage its target, so the Melee Phase cannot end
/// before its melee is fought. A computer player that declared it and then withdrew the
/// declaration (`cancel`, back to the same position) did so for ever in a balance game;
/// it now commits what it declares, at its first decision and past the stall guard.
#[test]
fn rule_16a_the_computer_player_commits_the_charge_it_must_fight_and_never_withdraws_it() {
    use rand::SeedableRng;
    use wargame::core::ai::{Player, STALL_GUARD, decide};
    use wargame::games::rosebud::action::Action;
    let mut s = board(Side::US, Phase::Melee, true);
    let a = c(&s, "2907");
    let b = s.stat.map.neighbors(a).next().unwrap();
    let u = put(&mut s, "a_2cav", a, Mode::Mounted);
    put(&mut s, "crow_king", b, Mode::Dismounted);
    s.units[u].charge = Some(wargame::games::rosebud::state::Charge {
        target: b,
        climbed: 0,
    });
    let order = format!("melee {}", s.stat.label(b));
    super::common::act(&mut s, &order);
    assert!(!Rosebud::worth(&s, &Action::Cancel));
    for (seed, made) in [(1, 0), (2, 0), (3, STALL_GUARD + 5)] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let choice = decide::<Rosebud>(&s, Player::Search { level: 2 }, &mut rng, made);
        assert_eq!(
            choice,
            Some(Action::Commit),
            "seed {seed}, {made} decisions made"
        );
    }
}

/// 7A: a move by destination searches a unit's one-hex moves at every step, generated
/// for that unit alone (`rules::moves_of`); they are exactly its moves among the legal
/// actions, in random positions of two games' first turns.
#[test]
fn rule_7a_a_units_own_moves_are_exactly_its_moves_among_the_legal_actions() {
    use rand::{Rng, SeedableRng};
    use wargame::core::game::Rules;
    use wargame::games::rosebud::action::Action;
    use wargame::games::rosebud::rules::moves_of;
    use wargame::games::rosebud::setup::{load_static, new_state, scenario_path};
    let root = crate::util::root();
    let st = std::sync::Arc::new(
        load_static(&root, &scenario_path(&root, "battle")).unwrap_or_else(|e| panic!("{e}")),
    );
    let mut compared = 0;
    for seed in 0..2 {
        let mut s = new_state(st.clone(), seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while s.turn <= 2 && Rosebud::to_act(&s).is_some() {
            let legal = Rosebud::legal_actions(&s);
            let movers: std::collections::BTreeSet<String> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Move { unit, .. } => Some(unit.clone()),
                    _ => None,
                })
                .collect();
            for id in &movers {
                let want: Vec<Action> = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Move { unit, .. } if unit == id))
                    .cloned()
                    .collect();
                assert_eq!(moves_of(&s, id), want, "seed {seed}, turn {}, {id}", s.turn);
                compared += 1;
            }
            let a = legal[rng.random_range(0..legal.len())].clone();
            Rosebud::apply(&mut s, &a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
    }
    assert!(compared > 100, "{compared} units compared");
}
