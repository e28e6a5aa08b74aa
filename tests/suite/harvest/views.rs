//! Hidden information (III.F): views show a Hidden marker, not its contents. The walk
//! that checks no view, log line or legal action names a hidden piece is the
//! conformance suite's (`tests/suite/conformance.rs`), over what `Rules::secrets`
//! marks as hidden; the test here pins that down.

use crate::util::session;
use wargame::core::game::Rules;
use wargame::core::session::GameSession;
use wargame::games::harvest::state::Kind;
use wargame::games::harvest::{Harvest, view};

#[test]
fn iii_f_the_secrets_of_a_seat_are_the_other_sides_hidden_pieces_and_their_weapons() {
    let g = session("harvest_the_wind/wood_lake", 1);
    let s = &g.state;
    let mut expected = vec![];
    for p in &s.pieces {
        if p.side == 0 && (p.hidden || p.kind == Kind::Hidden) && p.on_map() {
            expected.push(p.id.to_string());
            let me = s.find(&p.id).unwrap();
            expected.extend(s.carried(me).map(|w| s.p(w).id.to_string()));
        }
    }
    assert!(!expected.is_empty(), "Wood Lake starts with Hidden Indians");
    assert!(
        expected.len()
            > s.pieces
                .iter()
                .filter(|p| p.side == 0 && p.kind == Kind::Hidden)
                .count(),
        "carried weapons are among them"
    );
    assert_eq!(Harvest::secrets(s, 1), expected);
    // Nothing of the Army is hidden from the Indians, nor a seat's own pieces from it.
    assert!(Harvest::secrets(s, 0).is_empty());
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

/// Issue 53, item 2 (IV.A, IV.B, III.F): whose turn it is must not tell the Army which
/// Hidden counters hold armed warriors. At Wood Lake six hidden warriors carry muskets
/// and six carry nothing; with an armed one and an unarmed one swapped under their
/// Hidden counters, every Army move gives the same seat to act, the same Army view and,
/// where the Army goes on, the same legal actions. Some of those moves must open a
/// reaction window (else the test would prove nothing).
#[test]
fn iv_a_a_reaction_window_opens_on_what_the_mover_may_know_not_on_hidden_weapons() {
    use rand::{Rng, SeedableRng};
    use wargame::games::harvest::state::{Loc, Phase, State};
    let armed = |s: &State, i: usize| s.carried(i as u16).next().is_some();
    let mut windows = 0;
    let mut compared = 0;
    for seed in 0..12u64 {
        let mut g = session("harvest_the_wind/wood_lake", seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            let s = g.state.clone();
            if Harvest::to_act(&s).is_none() {
                break;
            }
            let hidden: Vec<usize> = (0..s.pieces.len())
                .filter(|&i| s.pieces[i].side == 0 && s.pieces[i].hidden && s.pieces[i].on_map())
                .collect();
            let a = hidden.iter().copied().find(|&i| armed(&s, i));
            let u = hidden.iter().copied().find(|&i| !armed(&s, i));
            if s.phase == Phase::Movement
                && Harvest::to_act(&s) == Some(1)
                && let (Some(a), Some(u)) = (a, u)
            {
                let mut t = s.clone();
                let (la, lu) = (t.pieces[a].loc, t.pieces[u].loc);
                t.pieces[a].loc = lu;
                t.pieces[u].loc = la;
                assert!(matches!(la, Loc::Map(_)) && matches!(lu, Loc::Map(_)));
                let army = |x: &State| ron::to_string(&Harvest::view(x, 1)).unwrap();
                assert_eq!(army(&s), army(&t), "the swap shows nothing to the Army");
                for mv in Harvest::legal_actions(&s) {
                    let (mut x, mut y) = (s.clone(), t.clone());
                    Harvest::apply(&mut x, &mv).unwrap();
                    Harvest::apply(&mut y, &mv).unwrap();
                    if x.reveals != s.reveals || y.reveals != t.reveals {
                        continue;
                    }
                    compared += 1;
                    let who = Harvest::to_act(&x);
                    windows += usize::from(who == Some(0));
                    assert_eq!(who, Harvest::to_act(&y), "seed {seed}: after '{mv}'");
                    assert_eq!(army(&x), army(&y), "seed {seed}: after '{mv}'");
                    if who == Some(1) {
                        let l = |z: &State| {
                            let mut v: Vec<String> = Harvest::legal_actions(z)
                                .iter()
                                .map(ToString::to_string)
                                .collect();
                            v.sort();
                            v
                        };
                        assert_eq!(l(&x), l(&y), "seed {seed}: after '{mv}'");
                    }
                }
            }
            let legal = g.legal();
            let pick = legal[rng.random_range(0..legal.len())].clone();
            g.apply(&pick.parse().unwrap()).unwrap();
        }
    }
    assert!(compared > 100, "only {compared} moves compared");
    assert!(windows > 0, "no Army move opened a reaction window");
}
