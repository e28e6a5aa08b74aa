//! Random games of every Harvest the Wind scenario: the search's quiet worlds play
//! exactly as a logged game, and every movement step listed passes the full entry
//! check.

use super::rng;
use wargame::core::game::Rules;
use wargame::games::harvest::Harvest;

/// One action of a random Harvest game, as [`harvest_random_games`] shows it.
struct RandomStep<'a> {
    /// The scenario's id.
    id: &'a str,
    /// The action's number in its game.
    n: usize,
    /// The position the action was drawn in, and its legal actions.
    before: &'a wargame::games::harvest::state::State,
    legal: &'a [wargame::games::harvest::action::Action],
    action: &'a wargame::games::harvest::action::Action,
    /// The position after it, and what applying it logged.
    after: &'a wargame::games::harvest::state::State,
    log: &'a [wargame::core::game::LogEntry],
}

/// Random games of every Harvest scenario, up to 1500 actions each, the generator of
/// the k-th scenario seeded with `seed + k`; `visit` sees every action played.
fn harvest_random_games(seed: u64, mut visit: impl FnMut(RandomStep<'_>)) {
    for (k, id) in [
        "beechers_island",
        "massacre_canyon",
        "renos_defense",
        "wagon_box",
        "washita",
        "wood_lake",
    ]
    .into_iter()
    .enumerate()
    {
        let mut s = crate::util::session(&format!("harvest_the_wind/{id}"), k as u64).state;
        let mut r = rng(seed + k as u64);
        for n in 0..1500 {
            if Harvest::to_act(&s).is_none() {
                break;
            }
            let before = s.clone();
            let legal = Harvest::legal_actions(&s);
            let action = legal[rand::Rng::random_range(&mut r, 0..legal.len())].clone();
            let log = Harvest::apply(&mut s, &action).unwrap();
            visit(RandomStep {
                id,
                n,
                before: &before,
                legal: &legal,
                action: &action,
                after: &s,
                log: &log,
            });
        }
    }
}

/// The search's sampled worlds are `quiet`: they write no move text (commit a947f5b,
/// for speed). The same actions must leave a quiet world in the same position as a game
/// being played, with the same actions legal at every step, in every Harvest scenario;
/// only the log differs. Random games, so every phase and most rules are crossed.
#[test]
fn a_quiet_search_world_plays_exactly_as_a_logged_game() {
    let (mut moves_logged, mut steps) = (0, 0);
    let mut quiet: Option<wargame::games::harvest::state::State> = None;
    harvest_random_games(40, |st| {
        if st.n == 0 {
            let mut q = st.before.clone();
            q.quiet = true;
            quiet = Some(q);
        }
        let Some(quiet) = quiet.as_mut() else {
            panic!("{}: no quiet world", st.id)
        };
        let id = st.id;
        let step = st.n;
        assert_eq!(
            st.legal,
            &Harvest::legal_actions(quiet)[..],
            "{id}, step {step}"
        );
        steps += 1;
        let quiet_log = Harvest::apply(quiet, st.action).unwrap();
        moves_logged += st.log.iter().filter(|e| e.text.contains(" moves ")).count();
        assert!(
            quiet_log.iter().all(|e| !e.text.contains(" moves ")),
            "{id}: a quiet world wrote a move: {quiet_log:?}"
        );
        let mut same = quiet.clone();
        same.quiet = false;
        same.pending_log = st.after.pending_log.clone();
        assert!(
            same == *st.after,
            "{id}, step {step}: '{}' left the worlds apart",
            st.action
        );
    });
    assert!(
        moves_logged > 0,
        "the games being played logged their moves"
    );
    assert!(steps > 1000, "only {steps} actions played");
}

/// Movement listing skips the look at the pieces in a hex it has noted as empty
/// (commit a947f5b, for speed). Every step it lists must pass the full check of
/// `rules::step_cost`, which always looks (III.B-F; the stacking limits of III.E.1-2
/// and enemy hexes of III.D.4 are the refusals an empty hex cannot give), in random
/// games of every Harvest scenario.
#[test]
fn iii_e_every_listed_step_passes_the_full_entry_check() {
    use wargame::games::harvest::action::Action;
    use wargame::games::harvest::rules;
    let mut checked = 0;
    harvest_random_games(70, |st| {
        let s = st.before;
        for a in st.legal {
            if let Action::Move { unit, hex } = a {
                let u = s.find(unit).expect("a listed unit exists");
                let from = s.p(u).hex().expect("a listed mover is on the map");
                assert!(
                    rules::step_cost(s, u, from, *hex).is_ok(),
                    "{}: '{a}' listed, but {:?}",
                    st.id,
                    rules::step_cost(s, u, from, *hex)
                );
                checked += 1;
            }
        }
    });
    assert!(checked > 1000, "only {checked} listed steps checked");
}
