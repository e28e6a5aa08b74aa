//! Harvest the Wind's mounted units have no movement limit (III.C.2.c): the hexes-moved
//! count must not overflow, and neither the search nor the greedy player may pace a
//! unit between friends for ever (III.E.1).

use super::{advance, rng};
use wargame::core::ai::{self, Knowledge, Player};
use wargame::core::game::Rules;
use wargame::games::harvest::Harvest;

/// III.C.2.c: mounted units have unlimited movement, so a unit may pace to and fro for
/// hundreds of hexes in one phase. The hexes-moved count must not overflow (it panicked
/// at 255 in debug builds, in Washita River, when the greedy player still took the first
/// of tied actions); it stops at 255.
#[test]
fn iii_c_2_c_a_mounted_unit_may_pace_past_255_hexes() {
    use wargame::games::harvest::state::Phase;
    let mut s = crate::util::session("harvest_the_wind/washita", 7).state;
    let mounted_mover = |s: &wargame::games::harvest::state::State| {
        s.phase == Phase::Movement
            && Harvest::legal_actions(s).iter().any(|a| {
                let t = a.to_string();
                t.starts_with("move ")
                    && s.find(t.split_whitespace().nth(1).unwrap_or(""))
                        .is_some_and(|p| s.p(p).mounted_on.is_some())
            })
    };
    let seat = (0..2u8)
        .find(|&seat| {
            let mut t = s.clone();
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                advance::<Harvest>(&mut t, seat, mounted_mover)
            }))
            .is_ok()
        })
        .expect("some side gets to move a mounted unit");
    advance::<Harvest>(&mut s, seat, mounted_mover);
    let first = Harvest::legal_actions(&s)
        .into_iter()
        .map(|a| a.to_string())
        .find(|t| {
            t.starts_with("move ")
                && s.find(t.split_whitespace().nth(1).unwrap_or(""))
                    .is_some_and(|p| s.p(p).mounted_on.is_some())
        })
        .unwrap();
    let unit = first.split_whitespace().nth(1).unwrap().to_string();
    let pid = s.find(&unit).unwrap();
    let home = s.p(pid).hex().unwrap();
    let away: wargame::core::hexmap::Coord =
        first.split_whitespace().nth(2).unwrap().parse().unwrap();
    for k in 0..300 {
        let to = if k % 2 == 0 { away } else { home };
        let a = format!("move {unit} {to}").parse().unwrap();
        Harvest::apply(&mut s, &a).unwrap_or_else(|e| panic!("step {k}: {e}"));
    }
    assert_eq!(s.rec(pid).map(|r| r.hexes), Some(255));
}

/// III.C.2.c and III.E.1: a mounted unit has no movement limit and may pass through a
/// friendly unit's hex but not stop there, so a search could pace it between two friends
/// for ever (Reno's Defense did, for thousands of decisions). Past twice its printed
/// allowance the AI only walks such a unit out of a friend's hex into a hex where it may
/// stop, and past its allowance never into a friend's hex.
#[test]
fn ai_does_not_pace_a_mounted_unit_between_friends_iii_c_2_c_iii_e_1() {
    use wargame::games::harvest::state::Phase;
    let mut s = crate::util::session("harvest_the_wind/renos_defense", 3).state;
    let mounted = |s: &wargame::games::harvest::state::State, t: &str| {
        t.starts_with("move ")
            && s.find(t.split_whitespace().nth(1).unwrap_or(""))
                .is_some_and(|p| s.p(p).mounted_on.is_some())
    };
    advance::<Harvest>(&mut s, 0, |s| {
        s.phase == Phase::Movement
            && s.active.is_none()
            && Harvest::legal_actions(s)
                .iter()
                .any(|a| mounted(s, &a.to_string()))
    });
    // A mounted unit and a hex it may step to, with another step that ends in a hex
    // without a friendly unit.
    let moves: Vec<String> = Harvest::legal_actions(&s)
        .into_iter()
        .map(|a| a.to_string())
        .filter(|t| mounted(&s, t))
        .collect();
    let word = |t: &str, i: usize| t.split_whitespace().nth(i).unwrap_or("").to_string();
    let free = |s: &wargame::games::harvest::state::State, hex: &str| {
        let c: wargame::core::hexmap::Coord = hex.parse().unwrap();
        !s.at(c).any(|i| s.p(i).side == 0 && s.p(i).kind.is_unit())
    };
    let first = moves
        .iter()
        .find(|t| {
            moves.iter().any(|o| {
                word(o, 1) == word(t, 1) && word(o, 2) != word(t, 2) && free(&s, &word(o, 2))
            })
        })
        .expect("a mounted unit with two steps")
        .clone();
    let unit = word(&first, 1);
    let pid = s.find(&unit).unwrap();
    let here = s.p(pid).hex().unwrap();
    let next = word(&first, 2);
    // Two other Indian units: one in the mover's hex, one in the hex it could step to.
    let friends: Vec<String> = s
        .pieces
        .iter()
        .filter(|p| p.side == 0 && p.kind.is_unit() && *p.id != *unit && p.mounted_on.is_none())
        .map(|p| p.id.to_string())
        .take(2)
        .collect();
    Harvest::place_piece(&mut s, &friends[0], Some(&here.to_string())).unwrap();
    Harvest::place_piece(&mut s, &friends[1], Some(&next)).unwrap();
    s.active = Some(pid);
    let ma = u8::max(s.p(pid).ma, 1);
    let rec = s.rec_mut(pid);
    rec.hexes = 2 * ma + 3;
    rec.mounted_moved = true;
    let legal = Harvest::legal_actions(&s);
    let into_friend: wargame::games::harvest::action::Action =
        format!("move {unit} {next}").parse().unwrap();
    assert!(legal.contains(&into_friend), "{legal:?}");
    assert!(
        !Harvest::worth(&s, &into_friend),
        "pacing into a friend's hex"
    );
    let stoppable: Vec<_> = legal
        .iter()
        .filter(|a| Harvest::worth(&s, a))
        .map(ToString::to_string)
        .collect();
    assert!(!stoppable.is_empty(), "some hex to stop in: {legal:?}");
    for seed in 0..4 {
        let a = ai::choose::<Harvest>(&s, Player::Search { level: 1 }, &mut rng(seed)).unwrap();
        assert!(stoppable.contains(&a.to_string()), "seed {seed}: chose {a}");
    }
}

/// III.E.1 and III.C.2.c: a unit passing through a friend's hex must move on, and a
/// mounted unit has no movement limit, so while one walks between two friends' hexes
/// no `end` is legal. The greedy player once did that for ever (game 9 of
/// `simulate --scenario harvest_the_wind/renos_defense --seed 1 --players greedy,greedy`
/// never ended); past the stall guard it now keeps to the actions worth considering.
#[test]
fn greedy_stops_walking_between_friends_when_no_end_is_legal_iii_e_1_iii_c_2_c() {
    let root = wargame::core::data::data_root();
    // The seeds `simulate --seed 1` gives its game 9.
    let game_seed = 1u64.wrapping_mul(6364136223846793005).wrapping_add(9);
    let s =
        wargame::games::new_session_with(&root, "harvest_the_wind/renos_defense", game_seed, &[])
            .unwrap();
    let p = s
        .play_with(
            &[Player::Greedy, Player::Greedy],
            game_seed ^ 0x9E37_79B9_7F4A_7C15,
            20_000,
        )
        .unwrap();
    assert!(
        p.outcome.is_some(),
        "greedy did not finish in {} actions",
        p.actions
    );
}
