//! The conformance suite every ruleset runs by calling [`conformance`] once with its
//! scenarios. It walks seeded random games through the registry and checks, after
//! every action, what any ruleset must guarantee:
//! - whenever a seat must act, it has a legal action;
//! - every legal action's notation parses back to the same action;
//! - an illegal action (or text that is no action) is refused and changes nothing:
//!   actions once listed and no longer, the other seat's while it may not act, and
//!   listed actions with a word swapped for another piece, place or number, a word
//!   dropped, or a party or target list lengthened (only what
//!   [`Rules::allows_unlisted`] names may be accepted unlisted);
//! - what is hidden from the seat that acts changes nothing it can see: in a world
//!   drawn from its view (the computer player's sampling, with the same dice), its
//!   legal actions are the same, and after its action, unless something is revealed,
//!   whose turn it is, its view and (when it acts again) its legal actions too;
//! - `apply_listed` agrees with `apply`;
//! - no view, visible log line or list of legal actions shows a seat a word the
//!   ruleset marks as secret from it ([`Rules::secrets`]);
//! - the computer player's sampled worlds look identical to the real one from its
//!   seat's view;
//! - undo takes back only the acting seat's own actions since the last reveal and since
//!   another seat last acted (the undo barrier), and no other seat may undo;
//! - a look back (the replay viewer, "since your last turn") shows each position as it
//!   was, stops seen through one seat only where that seat's view or log changed, never
//!   names another seat's action, undoes nothing, and gives the full view only once the
//!   game is over; the score chart has a row per turn and ends at the score now;
//!
//! and, per game: a save replays to the identical state, the same seed gives the same
//! game (and another seed another), and seeded random games finish.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use wargame::core::ai::Knowledge;
use wargame::core::game::LogEntry;
use wargame::core::registry::{Registry, Start};
use wargame::core::replay::Replay;
use wargame::core::session::{GameId, GameSession, Session};

/// How much of each check a ruleset runs (whole games are long in some rulesets).
#[derive(Clone, Debug)]
pub struct Plan {
    /// Scenario ids, each with its options.
    pub scenarios: Vec<(String, Vec<String>)>,
    /// Seeds walked per scenario.
    pub seeds: u64,
    /// Most actions walked per game (a game still running then is not a failure unless
    /// `must_finish`).
    pub max_actions: usize,
    /// Every walked game must end within `max_actions`.
    pub must_finish: bool,
    /// Check the computer player's sampled worlds every this many actions.
    pub determinize_every: usize,
    /// The game hides something from some seat in these walks: the leak checks must
    /// have had a secret to protect.
    pub hidden: bool,
    /// Try actions built from listed ones (a word swapped, dropped or added) every this
    /// many actions (0: never).
    pub mutate_every: usize,
    /// The ruleset hides again at a game turn's end what its last action showed (the
    /// block game turns every block face down): the log lines of an action that ends
    /// a turn are then left out of the leak check.
    pub rehides_at_turn_end: bool,
}

/// Whether `text` contains `word` with no letter or digit either side.
pub fn contains_word(text: &str, word: &str) -> bool {
    if word.is_empty() {
        return false;
    }
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The byte spans of the words of a notation: runs of letters, digits and `_`.
pub(crate) fn word_spans(t: &str) -> Vec<(usize, usize)> {
    let mut out = vec![];
    let mut start = None;
    for (i, c) in t.char_indices().chain(std::iter::once((t.len(), ' '))) {
        let w = c.is_alphanumeric() || c == '_';
        match (w, start) {
            (true, None) => start = Some(i),
            (false, Some(b)) => {
                out.push((b, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// Actions built from a listed one's notation `t`, each one change away: a word swapped
/// for one of `pool` (a piece, place or number of either side), two words swapped, a
/// word dropped, or a word added to the end as a list item or a party (`with W`).
pub(crate) fn mutants(t: &str, pool: &[String], rng: &mut ChaCha8Rng, n: usize) -> Vec<String> {
    let spans = word_spans(t);
    let mut out = vec![];
    if pool.is_empty() {
        return out;
    }
    let word = |rng: &mut ChaCha8Rng| pool[rng.random_range(0..pool.len())].clone();
    for _ in 0..n {
        let m = match rng.random_range(0..6) {
            0 | 1 if !spans.is_empty() => {
                let (a, b) = spans[rng.random_range(0..spans.len())];
                format!("{}{}{}", &t[..a], word(rng), &t[b..])
            }
            2 if spans.len() > 1 => {
                let mut x = t.to_string();
                let mut picked: Vec<(usize, usize)> = (0..2)
                    .map(|_| spans[rng.random_range(0..spans.len())])
                    .collect();
                picked.sort();
                picked.dedup();
                for (a, b) in picked.into_iter().rev() {
                    x.replace_range(a..b, &word(rng));
                }
                x
            }
            3 if !spans.is_empty() => {
                let (a, b) = spans[rng.random_range(0..spans.len())];
                let a = if a > 0 && t[..a].ends_with(' ') {
                    a - 1
                } else {
                    a
                };
                format!("{}{}", &t[..a], &t[b..])
            }
            4 => format!("{t},{}", word(rng)),
            _ => format!("{t} with {}", word(rng)),
        };
        out.push(m);
    }
    out
}

fn typed<R: Knowledge + GameId>(g: &dyn GameSession) -> &Session<R> {
    g.as_any()
        .downcast_ref::<Session<R>>()
        .expect("the registry made a session of this ruleset")
}

fn start(seed: u64, options: &[String]) -> Start {
    Start {
        seed,
        options: options.to_vec(),
    }
}

/// Run every check on `R`'s scenarios in `plan`, with sessions made through `registry`.
pub fn conformance<R: Knowledge + GameId>(registry: &Registry, plan: &Plan)
where
    R::State: Send + Sync,
{
    let root = crate::util::root();
    assert!(
        registry.get(R::ID).is_some(),
        "{} is not in the registry",
        R::ID
    );
    let mut saw_secret = false;
    // Actions once legal and now refused: the check of an illegal action that parses.
    let mut refused_listed = 0;
    // Mutated actions tried, and those the ruleset allows unlisted.
    let mut tried_mutants = 0usize;
    let mut accepted_unlisted = 0usize;
    // Positions where a world drawn from the acting seat's view was played on.
    let mut swapped = 0usize;
    for (id, options) in &plan.scenarios {
        let mut games_seen: BTreeSet<String> = BTreeSet::new();
        for seed in 0..plan.seeds {
            let what = format!("{id} {options:?} seed {seed}");
            let mut g = registry
                .new_session(&root, id, &start(seed, options))
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(g.game(), R::ID, "{what}");
            let seats = g.seats();
            let range = registry
                .get(R::ID)
                .map(|d| d.seat_range(options))
                .expect("registered");
            assert!(
                range.contains(&seats),
                "{what}: {seats} seats, {range:?} allowed"
            );
            // The same stream of choices for every dice seed, so that games differ only
            // by their dice (the check that the seed matters, below).
            let mut rng = ChaCha8Rng::seed_from_u64(0xC0F0);
            // The opening log hides what is hidden at the start.
            {
                let s0 = &typed::<R>(g.as_ref()).state;
                for seat in 0..seats {
                    let secret = R::secrets(s0, seat);
                    for l in g.log().iter().filter(|l| l.visible(seat)) {
                        for w in &secret {
                            assert!(
                                !contains_word(&l.text, w),
                                "{what}: seat {seat} reads '{w}' in the opening log: {}",
                                l.text
                            );
                        }
                    }
                }
            }
            let mut seen_actions: Vec<R::Action> = vec![];
            // The words of every action listed in this game so far, for either seat,
            // and a few numbers: what the mutated actions are made of.
            let mut words: BTreeSet<String> = ["0", "1", "2", "3", "7", "25", "99"]
                .into_iter()
                .map(String::from)
                .collect();
            let mut mrng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
            // Each action's seat, and whether it revealed anything.
            let mut acts: Vec<(u8, bool)> = vec![];
            let mut n = 0;
            while n < plan.max_actions {
                let Some(actor) = g.to_act() else { break };
                let s = typed::<R>(g.as_ref()).state.clone();
                let legal = R::legal_actions(&s);
                assert!(
                    !legal.is_empty(),
                    "{what} action {n}: {actor} must act but cannot"
                );
                for a in &legal {
                    let t = a.to_string();
                    let back: R::Action = t
                        .parse()
                        .unwrap_or_else(|e| panic!("{what}: '{t}' does not parse: {e}"));
                    assert_eq!(&back, a, "{what}: '{t}' parses to another action");
                }
                // Secrets of every seat: in the view, and in the legal actions of the
                // seat to act.
                for seat in 0..seats {
                    let secret = R::secrets(&s, seat);
                    saw_secret |= !secret.is_empty();
                    let view = g.view_ron(seat);
                    for w in &secret {
                        assert!(
                            !contains_word(&view, w),
                            "{what} action {n}: seat {seat}'s view shows '{w}'"
                        );
                    }
                    if seat == actor {
                        for a in &legal {
                            let t = a.to_string();
                            for w in &secret {
                                assert!(
                                    !contains_word(&t, w),
                                    "{what}: legal action '{t}' names '{w}', secret from seat {seat}"
                                );
                            }
                        }
                    }
                }
                // The computer player's worlds look like the real one from its seat.
                if plan.determinize_every > 0 && n % plan.determinize_every == 0 {
                    let mut r = ChaCha8Rng::seed_from_u64(seed * 1000 + n as u64);
                    let world = R::determinize(&s, actor, &mut r);
                    let a = ron::to_string(&R::view(&world, actor)).expect("view");
                    let b = ron::to_string(&R::view(&s, actor)).expect("view");
                    assert_eq!(
                        a, b,
                        "{what} action {n}: a sampled world looks different to seat {actor}"
                    );
                    if plan.hidden {
                        swapped += 1;
                        hidden_changes_nothing_seen::<R>(&s, world, actor, &legal, &what, n);
                    }
                }
                // Illegal input is refused and changes nothing.
                let before = (g.state_ron(), g.history().len(), g.log().len());
                assert!(g.apply_str("this is not an action").is_err());
                if let Some(old) = seen_actions.iter().find(|a| !legal.contains(a)) {
                    refused_listed += 1;
                    let t = old.to_string();
                    assert!(
                        g.apply_str(&t).is_err(),
                        "{what} action {n}: '{t}' is not listed as legal but was accepted"
                    );
                }
                for a in &legal {
                    if words.len() < 600 {
                        let t = a.to_string();
                        for (x, y) in word_spans(&t) {
                            words.insert(t[x..y].to_string());
                        }
                    }
                }
                if plan.mutate_every > 0 && n % plan.mutate_every == 0 {
                    let pool: Vec<String> = words.iter().cloned().collect();
                    let base = legal[mrng.random_range(0..legal.len())].to_string();
                    for m in mutants(&base, &pool, &mut mrng, 6) {
                        let Ok(ma) = m.parse::<R::Action>() else {
                            continue;
                        };
                        if legal.contains(&ma) {
                            continue;
                        }
                        tried_mutants += 1;
                        let mut t = s.clone();
                        match R::apply(&mut t, &ma) {
                            Ok(_) => {
                                assert!(
                                    R::allows_unlisted(&s, &ma),
                                    "{what} action {n}: '{m}' (from '{base}') is not legal but was accepted"
                                );
                                accepted_unlisted += 1;
                            }
                            Err(_) => assert!(
                                t == s,
                                "{what} action {n}: the refused '{m}' changed the state"
                            ),
                        }
                    }
                }
                assert_eq!(
                    before,
                    (g.state_ron(), g.history().len(), g.log().len()),
                    "{what}: a refused action changed the game"
                );
                // apply_listed agrees with apply.
                // In a game that hides things, an action that reveals something is
                // taken again only every other time it is drawn, so that the walks
                // spend long stretches with secrets to keep (random play would
                // otherwise show every hidden piece in its first turns).
                let (a, listed, log_listed) = {
                    let mut tries = 0;
                    loop {
                        let a = legal[rng.random_range(0..legal.len())].clone();
                        let mut listed = s.clone();
                        let log = R::apply_listed(&mut listed, &a)
                            .unwrap_or_else(|e| panic!("{what}: apply_listed '{a}': {e}"));
                        tries += 1;
                        let reveals = R::reveals(&listed) != R::reveals(&s);
                        if !plan.hidden || !reveals || tries > 3 || rng.random_bool(0.1) {
                            break (a, listed, log);
                        }
                    }
                };
                let log_len = g.log().len();
                g.apply_str(&a.to_string())
                    .unwrap_or_else(|e| panic!("{what}: legal '{a}' refused: {e}"));
                let after = &typed::<R>(g.as_ref()).state;
                assert!(
                    listed == *after,
                    "{what}: apply_listed '{a}' differs from apply"
                );
                assert_eq!(
                    log_listed,
                    g.log()[log_len..].to_vec(),
                    "{what}: logs differ"
                );
                acts.push((actor, R::reveals(after) != R::reveals(&s)));
                // The action's log lines never show a seat what was secret from it both
                // before and after the action (an action that reveals a piece may
                // name it). An action that ends a game turn is left out where the
                // ruleset hides again at a turn's end what its last action showed.
                let checked = !plan.rehides_at_turn_end || R::turn(&s) == R::turn(after);
                for seat in (0..seats).filter(|_| checked) {
                    let before: BTreeSet<String> = R::secrets(&s, seat).into_iter().collect();
                    let still: Vec<String> = R::secrets(after, seat)
                        .into_iter()
                        .filter(|w| before.contains(w))
                        .collect();
                    for l in g.log()[log_len..].iter().filter(|l| l.visible(seat)) {
                        for w in &still {
                            assert!(
                                !contains_word(&l.text, w),
                                "{what}: seat {seat} reads '{w}' in: {}",
                                l.text
                            );
                        }
                    }
                }
                // Undo: the seat that acted may take back its own actions made since
                // anything was last revealed and since another seat last acted, and
                // nothing more; no other seat may undo at all. Checked one step deep
                // (the barrier's place follows from it action by action): the last
                // action undoes exactly when that run is not empty, the one before it
                // exactly when the run is longer, and redoing it gives the same game.
                let run = acts
                    .iter()
                    .rev()
                    .take_while(|(who, revealed)| *who == actor && !revealed)
                    .count();
                for seat in (0..seats).filter(|&x| x != actor) {
                    assert!(
                        !g.can_undo(seat),
                        "{what} action {n}: seat {seat} could undo seat {actor}'s '{a}'"
                    );
                }
                assert_eq!(
                    g.can_undo(actor),
                    run > 0,
                    "{what} action {n}: seat {actor} undoing '{a}' (its run since the last reveal or other seat's action: {run})"
                );
                if run > 0 {
                    let now = (g.state_ron(), g.log().len());
                    assert!(g.undo(actor));
                    assert_eq!(
                        g.can_undo(actor),
                        run > 1,
                        "{what} action {n}: undo went past a reveal or another seat's action"
                    );
                    g.apply_str(&a.to_string())
                        .unwrap_or_else(|e| panic!("{what}: redo of '{a}' refused: {e}"));
                    assert_eq!(now, (g.state_ron(), g.log().len()), "{what}: redo differs");
                }
                if !seen_actions.contains(&a) && seen_actions.len() < 64 {
                    seen_actions.push(a);
                }
                n += 1;
            }
            if plan.must_finish {
                assert!(g.outcome().is_some(), "{what}: not over after {n} actions");
            }
            check_replays(g.as_ref(), &what, seed == 0);
            // The result screen's chart: a row per turn played, the last one now.
            let (first, rows) = g.score_trace();
            assert_eq!(
                rows.last(),
                Some(&g.scores()),
                "{what}: the chart ends at the score now"
            );
            assert_eq!(
                rows.len() as u32,
                g.turn().saturating_sub(first) + 1,
                "{what}: one row per turn from turn {first}"
            );
            if let Some(o) = g.outcome() {
                assert_eq!(
                    o.results.len(),
                    usize::from(seats),
                    "{what}: one result per seat"
                );
                assert!(g.legal().is_empty(), "{what}: legal actions after the end");
            }
            // The same seed gives the same game.
            let mut again = registry
                .new_session(&root, id, &start(seed, options))
                .expect("loads again");
            for a in g.history() {
                again.apply_str(a).expect("replays");
            }
            assert_eq!(
                again.state_ron(),
                g.state_ron(),
                "{what}: same seed, other game"
            );
            let log_a: Vec<&LogEntry> = again.log().iter().collect();
            let log_b: Vec<&LogEntry> = g.log().iter().collect();
            assert_eq!(log_a, log_b, "{what}: same seed, other log");
            games_seen.insert(g.state_ron());
            // A save replays to the identical state.
            let dir = std::env::temp_dir().join(format!(
                "wargame-conformance-{}-{}",
                std::process::id(),
                R::ID
            ));
            let path = dir.join(format!("seed{seed}.ron"));
            g.save().write(&path).expect("save writes");
            let loaded = registry
                .load_save(&root, &path)
                .unwrap_or_else(|e| panic!("{what}: save does not load: {e}"));
            assert_eq!(
                loaded.state_ron(),
                g.state_ron(),
                "{what}: save replays differently"
            );
            assert_eq!(loaded.history(), g.history());
            let _ = std::fs::remove_dir_all(&dir);
        }
        // The seed matters: the same choices with other dice give another game.
        assert!(
            plan.seeds < 2 || games_seen.len() > 1,
            "{id} {options:?}: every seed gave the same game"
        );
    }
    assert!(
        plan.mutate_every == 0 || tried_mutants > 100,
        "{}: only {tried_mutants} mutated actions were tried",
        R::ID
    );
    eprintln!(
        "{}: {tried_mutants} mutated actions tried, {accepted_unlisted} allowed unlisted; {swapped} sampled worlds played on",
        R::ID
    );
    assert!(
        refused_listed > 0,
        "{}: no action once legal was ever tried again once illegal",
        R::ID
    );
    assert!(
        saw_secret || !plan.hidden,
        "{}: the walks never had a secret to protect",
        R::ID
    );
}

/// What the seat to act cannot see changes nothing it can: `world` is drawn from its
/// view of `s`; given the same dice, it must have the same legal actions, and after
/// each of them that reveals nothing in either world, the same seat to act, the same
/// view for `actor` and, when `actor` acts again, the same legal actions (a window that
/// opens only because of a hidden piece would tell it that the piece is there).
fn hidden_changes_nothing_seen<R: Knowledge>(
    s: &R::State,
    mut world: R::State,
    actor: u8,
    legal: &[R::Action],
    what: &str,
    n: usize,
) {
    let names = |l: &[R::Action]| {
        let mut v: Vec<String> = l.iter().map(ToString::to_string).collect();
        v.sort();
        v
    };
    *R::dice(&mut world) = R::dice(&mut s.clone()).clone();
    assert_eq!(
        names(&R::legal_actions(&world)),
        names(legal),
        "{what} action {n}: seat {actor}'s legal actions depend on what it cannot see"
    );
    for a in legal.iter().take(120) {
        let (mut real, mut other) = (s.clone(), world.clone());
        R::apply(&mut real, a).unwrap_or_else(|e| panic!("{what}: '{a}' refused: {e}"));
        R::apply(&mut other, a)
            .unwrap_or_else(|e| panic!("{what}: '{a}' refused in a sampled world: {e}"));
        if R::reveals(&real) != R::reveals(s) || R::reveals(&other) != R::reveals(&world) {
            continue;
        }
        let who = R::to_act(&real);
        assert_eq!(
            who,
            R::to_act(&other),
            "{what} action {n}: after '{a}', whose turn it is depends on what seat {actor} cannot see"
        );
        assert_eq!(
            ron::to_string(&R::view(&real, actor)).expect("view"),
            ron::to_string(&R::view(&other, actor)).expect("view"),
            "{what} action {n}: after '{a}', seat {actor}'s view depends on what it cannot see"
        );
        if who == Some(actor) {
            assert_eq!(
                names(&R::legal_actions(&real)),
                names(&R::legal_actions(&other)),
                "{what} action {n}: after '{a}', seat {actor}'s legal actions depend on what it cannot see"
            );
        }
    }
}

/// The look-back checks on a walked game: every seat's "since your last turn", and
/// with `whole` every seat's replay of the whole game and the full view.
fn check_replays(g: &dyn GameSession, what: &str, whole: bool) {
    let end = g.history().len();
    assert_eq!(
        Replay::whole(g, None).is_ok(),
        g.outcome().is_some(),
        "{what}: the full view must be open exactly when the game is over"
    );
    for seat in 0..g.seats() {
        let mut replays: Vec<Replay> = Replay::since_last_turn(g, seat).into_iter().collect();
        if whole {
            replays.push(Replay::whole(g, Some(seat)).expect("a seat's replay"));
        }
        // Long walks (tens of thousands of actions) are checked on their last part.
        for mut r in replays.into_iter().filter(|r| end - r.start <= 3000) {
            assert_eq!(r.seat, Some(seat));
            let last_own = g.actors().iter().rposition(|a| *a == Some(seat));
            assert!(r.start == 0 || Some(r.start - 1) == last_own, "{what}");
            let mut at = vec![r.pos];
            while r.forward(g) {
                at.push(r.pos);
            }
            assert_eq!(
                at,
                r.positions(g),
                "{what}: stepping and the list of steps differ"
            );
            while r.back(g) {}
            assert_eq!(r.pos, r.start, "{what}: back does not reach the first step");
            // Between two steps nothing the seat sees changes (so it cannot count the
            // actions it may not see), at each step something does, and the last step
            // looks like the game as it stands.
            let seen: Vec<(String, usize)> = (0..=end)
                .map(|k| {
                    if k < r.start {
                        return (String::new(), 0);
                    }
                    let (v, n) = g.view_ron_at(k, seat).expect("a position of the game");
                    let lines = g.log()[..n].iter().filter(|l| l.visible(seat)).count();
                    (v, lines)
                })
                .collect();
            let seen = |k: usize| seen[k].clone();
            let last = *at.last().expect("the first step");
            for k in last + 1..=end {
                assert_eq!(
                    seen(k),
                    seen(last),
                    "{what}: seat {seat}'s replay stops early"
                );
            }
            for w in at.windows(2) {
                let here = seen(w[0]);
                for k in w[0] + 1..w[1] {
                    assert_eq!(
                        seen(k),
                        here,
                        "{what}: seat {seat}'s replay passes over position {k}, which it sees"
                    );
                }
                assert_ne!(
                    seen(w[1]),
                    here,
                    "{what}: a step shows seat {seat} nothing new"
                );
            }
            // The positions shown: up to 40 steps, spread over the replay.
            let every = at.len().div_ceil(40).max(1);
            for &k in at.iter().step_by(every) {
                r.pos = k;
                let shown = r.shown(g).expect("a position of the game");
                assert_eq!(shown.history(), &g.history()[..k], "{what}");
                assert_eq!(shown.view_ron(seat), seen(k).0, "{what}: position {k}");
                assert!(g.log().starts_with(shown.log()), "{what}: the log at {k}");
                for s in 0..g.seats() {
                    assert!(!shown.can_undo(s), "{what}: a look back undoes");
                }
                if let Some(a) = r.last_action(g) {
                    assert_eq!(
                        g.actors()[k - 1],
                        Some(seat),
                        "{what}: seat {seat}'s replay names another seat's action '{a}'"
                    );
                }
            }
        }
    }
    assert!(
        g.rewound(end + 1).is_none(),
        "{what}: a position past the end"
    );
}

/// Scenario ids with no options.
pub fn no_options(ids: Vec<String>) -> Vec<(String, Vec<String>)> {
    ids.into_iter().map(|id| (id, vec![])).collect()
}

#[test]
fn the_toy_ruleset_conforms_with_two_three_and_five_seats() {
    let r = crate::toy::registry();
    conformance::<crate::toy::Fires>(
        &r,
        &Plan {
            scenarios: vec![
                ("toy_three_fires/ring".into(), vec![]),
                ("toy_three_fires/ring".into(), vec!["players=2".into()]),
                ("toy_three_fires/ring".into(), vec!["players=5".into()]),
            ],
            seeds: 12,
            max_actions: 200,
            must_finish: true,
            determinize_every: 1,
            hidden: true,
            mutate_every: 1,
            rehides_at_turn_end: false,
        },
    );
}
