//! One conformance run over a whole [`Registry`], as OpenSpiel's API tests run over
//! every registered game: every game, every scenario it ships, and every value of every
//! option it declares (a flag on, each choice of a pick, a number's least and greatest
//! value; each value once, the other options at their defaults, on the scenarios in
//! turn that take it). Everything goes through the type-erased [`GameSession`] that
//! the registry hands out, so a ruleset that is registered cannot skip a check:
//! - the seats are within the game's `seat_range` for its options;
//! - seeded random games end within a cap no game may reach, and until then a seat is
//!   to act and has a legal action; once over, none is to act and nothing is listed;
//! - a save loaded back through the registry is the same game (state, history, log);
//! - at sampled positions, every listed action is accepted (each on a copy of the
//!   game, `rewound` to now), and actions built from listed ones (a word swapped for
//!   another seen in the game, a word dropped, a word appended) are refused with
//!   nothing changed, unless the game says it allows them unlisted
//!   ([`GameSession::allows_unlisted`]);
//! - no seat reads a word secret from it ([`GameSession::secrets`], whole words) in its
//!   view, in the log lines it may read (the opening log, and each action's lines
//!   against the words secret from it both before and after the action, an action that
//!   ends a game turn left out: the block game hides again at a turn's end what its
//!   last combat showed), or in the legal actions when it is to act.
//!
//! `registry_conformance_over_the_games` runs it on `wargame::games::registry()`;
//! `registry_conformance_over_the_toy` on a registry holding only the toy of `toy.rs`.
//! The typed suite (`conformance.rs`) checks more, per ruleset; this one checks less,
//! for every ruleset at once, and shares its mutant builder and word matching.

use crate::conformance::{contains_word, mutants, word_spans};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};
use wargame::core::registry::{GameDef, OptionKind, OptionValue, Registry, Start};
use wargame::core::session::GameSession;

/// How much of a game one run plays.
#[derive(Clone, Copy, Debug)]
struct Budget {
    /// Seeded games per scenario at its defaults (an option's value gets one).
    seeds: u64,
    /// Actions a game must end within: reaching it is a failure.
    cap: usize,
    /// Every this many actions is a sampled position, besides the first and those
    /// [`sampled`] names.
    every: usize,
}

/// The budget of a game: generous caps (the typed suite's), one game per scenario of
/// the games where each listed action costs most to try (the tactical combats: 10
/// scenarios and some 46 option values), and one per configuration of the campaign,
/// whose combats are whole tactical games nested in it.
fn budget(game: &str) -> Budget {
    let (seeds, cap, every) = match game {
        "nez_perce_strategic" => (1, 200_000, usize::MAX),
        "nez_perce_tactical" => (1, 20_000, usize::MAX),
        "toy_three_fires" => (6, 2_000, 1),
        _ => (2, 20_000, usize::MAX),
    };
    Budget { seeds, cap, every }
}

/// One configuration played: a scenario with its options, and how many seeds.
#[derive(Clone, Debug)]
struct Config {
    scenario: String,
    options: Vec<String>,
    seeds: u64,
    /// An option's value (not the scenario's defaults): fewer positions sampled.
    variant: bool,
}

/// Every value of an option other than its default, in notation: a flag on, each
/// choice of a pick (one at a time), a number's least and greatest value.
fn option_values(def: &dyn GameDef, root: &Path, i: usize) -> Vec<String> {
    let o = &def.options()[i];
    let values: Vec<OptionValue> = match o.kind {
        OptionKind::Flag => vec![OptionValue::Flag(true)],
        OptionKind::Int { min, max, .. } => {
            vec![OptionValue::Ints(vec![min]), OptionValue::Ints(vec![max])]
        }
        OptionKind::Ints {
            count, min, max, ..
        } => vec![
            OptionValue::Ints(vec![min; count]),
            OptionValue::Ints(vec![max; count]),
        ],
        OptionKind::Pick { .. } => {
            let choices = def.option_choices(root, o.key);
            assert!(
                !choices.is_empty(),
                "{}: the option '{}' offers no choice",
                def.id(),
                o.key
            );
            choices
                .into_iter()
                .map(|c| OptionValue::Names(vec![c.id]))
                .collect()
        }
    };
    let mut out: Vec<String> = values.iter().filter_map(|v| o.notation(v)).collect();
    out.dedup();
    out
}

/// A game's configurations: each scenario at its defaults, then each option value once,
/// on the scenarios that take the option in turn.
fn configs(def: &dyn GameDef, root: &Path) -> Vec<Config> {
    let b = budget(def.id());
    let scenarios = def.scenarios(root);
    assert!(!scenarios.is_empty(), "{}: no scenario", def.id());
    let skips: Vec<Vec<&'static str>> = scenarios
        .iter()
        .map(|id| {
            def.scenario_info(root, id)
                .unwrap_or_else(|e| panic!("{id}: no scenario summary: {e}"))
                .skip_options
        })
        .collect();
    let mut out: Vec<Config> = scenarios
        .iter()
        .map(|id| Config {
            scenario: id.clone(),
            options: vec![],
            seeds: b.seeds,
            variant: false,
        })
        .collect();
    for (i, o) in def.options().iter().enumerate() {
        let takers: Vec<&String> = scenarios
            .iter()
            .zip(&skips)
            .filter(|(_, skip)| !skip.contains(&o.key))
            .map(|(id, _)| id)
            .collect();
        for (k, v) in option_values(def, root, i).into_iter().enumerate() {
            if takers.is_empty() {
                continue;
            }
            out.push(Config {
                scenario: takers[(k + i) % takers.len()].clone(),
                options: vec![v],
                seeds: 1,
                variant: true,
            });
        }
    }
    out
}

/// What a run did, for its summary line and the checks that it did something.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    actions: usize,
    positions: usize,
    listed_tried: usize,
    mutants_tried: usize,
    allowed_unlisted: usize,
    secrets_seen: usize,
}

/// Whether the check of every listed action and of mutants runs after `n` actions:
/// at the start and after 1, 2, 4, 8... actions (8, 64, 512... in a game of an
/// option's value), and every `every` actions.
fn sampled(n: usize, every: usize, variant: bool) -> bool {
    let power = n.is_power_of_two() && {
        let z = n.trailing_zeros();
        !variant || (z > 0 && z.is_multiple_of(3))
    };
    n == 0 || n.is_multiple_of(every) || power
}

/// No word of `secret` in `text`, or a panic naming it and `what`.
fn no_secret(text: &str, secret: &[String], what: impl Fn(&str) -> String) {
    if let Some(w) = secret.iter().find(|w| contains_word(text, w)) {
        panic!("{}", what(w));
    }
}

/// At a sampled position: every listed action accepted on a copy, and mutants of
/// listed actions refused with nothing changed (or allowed unlisted).
fn check_position(
    g: &dyn GameSession,
    legal: &[String],
    pool: &[String],
    rng: &mut ChaCha8Rng,
    what: &str,
    t: &mut Tally,
) {
    let n = g.history().len();
    let copy = || {
        g.rewound(n)
            .unwrap_or_else(|| panic!("{what} action {n}: the game cannot be copied (rewound)"))
    };
    let state = g.state_ron();
    assert_eq!(
        copy().state_ron(),
        state,
        "{what} action {n}: a copy of the game (rewound to now) is another game"
    );
    t.positions += 1;
    for a in legal {
        let mut c = copy();
        if let Err(e) = c.apply_str(a) {
            panic!("{what} action {n}: the listed action '{a}' is refused: {e}");
        }
        t.listed_tried += 1;
    }
    let listed: BTreeSet<&str> = legal.iter().map(String::as_str).collect();
    for _ in 0..2 {
        let base = &legal[rng.random_range(0..legal.len())];
        for m in mutants(base, pool, rng, 5) {
            if listed.contains(m.as_str()) {
                continue;
            }
            t.mutants_tried += 1;
            let mut c = copy();
            match c.apply_str(&m) {
                Ok(_) => {
                    // Another spelling of a listed action is that action.
                    let written = c.history().last().map(String::as_str).unwrap_or("");
                    if listed.contains(written) {
                        continue;
                    }
                    assert!(
                        g.allows_unlisted(&m),
                        "{what} action {n}: '{m}' (from the listed '{base}') is not listed but was accepted"
                    );
                    t.allowed_unlisted += 1;
                }
                Err(_) => {
                    let changed = if c.state_ron() != state {
                        Some("state")
                    } else if c.history() != g.history() {
                        Some("history")
                    } else if c.log() != g.log() {
                        Some("log")
                    } else {
                        None
                    };
                    if let Some(part) = changed {
                        panic!(
                            "{what} action {n}: the refused '{m}' (from '{base}') changed the {part}"
                        );
                    }
                }
            }
        }
    }
}

/// One seeded random game of a configuration, checked all the way.
fn play(
    registry: &Registry,
    root: &Path,
    def: &dyn GameDef,
    cfg: &Config,
    seed: u64,
    t: &mut Tally,
) {
    let b = budget(def.id());
    let what = format!(
        "{} scenario {} options {:?} seed {seed}",
        def.id(),
        cfg.scenario,
        cfg.options
    );
    let start = Start {
        seed,
        options: cfg.options.clone(),
    };
    let mut g = registry
        .new_session(root, &cfg.scenario, &start)
        .unwrap_or_else(|e| panic!("{what}: does not start: {e}"));
    assert_eq!(g.game(), def.id(), "{what}: a session of another game");
    let seats = g.seats();
    let range = def.seat_range(&cfg.options);
    assert!(
        range.contains(&seats),
        "{what}: {seats} seats, the game declares {range:?}"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0C0F_F0C0);
    let mut words: BTreeSet<String> = ["0", "1", "2", "3", "7", "25", "99"]
        .into_iter()
        .map(String::from)
        .collect();
    let mut secrets: Vec<Vec<String>> = (0..seats).map(|s| g.secrets(s)).collect();
    for (seat, secret) in secrets.iter().enumerate() {
        let seat = seat as u8;
        for l in g.log().iter().filter(|l| l.visible(seat)) {
            no_secret(&l.text, secret, |w| {
                format!(
                    "{what}: seat {seat} reads '{w}' in the opening log: {}",
                    l.text
                )
            });
        }
    }
    let mut n = 0;
    while g.outcome().is_none() {
        assert!(
            n < b.cap,
            "{what}: not over after {n} actions (the cap no game may reach)"
        );
        let actor = g
            .to_act()
            .unwrap_or_else(|| panic!("{what} action {n}: not over, and no seat is to act"));
        let legal = g.legal();
        assert!(
            !legal.is_empty(),
            "{what} action {n}: seat {actor} is to act and has no legal action"
        );
        for (seat, secret) in secrets.iter().enumerate() {
            if secret.is_empty() {
                continue;
            }
            t.secrets_seen += 1;
            let seat = seat as u8;
            no_secret(&g.view_ron(seat), secret, |w| {
                format!("{what} action {n}: seat {seat}'s view shows '{w}'")
            });
            if seat == actor {
                for a in &legal {
                    no_secret(a, secret, |w| {
                        format!(
                            "{what} action {n}: the legal action '{a}' names '{w}', secret from seat {seat}"
                        )
                    });
                }
            }
        }
        if words.len() < 600 {
            for a in &legal {
                for (x, y) in word_spans(a) {
                    words.insert(a[x..y].to_string());
                }
            }
        }
        if sampled(n, b.every, cfg.variant) {
            let pool: Vec<String> = words.iter().cloned().collect();
            check_position(g.as_ref(), &legal, &pool, &mut rng, &what, t);
        }
        let a = &legal[rng.random_range(0..legal.len())];
        let (turn, log_len) = (g.turn(), g.log().len());
        if let Err(e) = g.apply_str(a) {
            panic!("{what} action {n}: the listed action '{a}' is refused: {e}");
        }
        let after: Vec<Vec<String>> = (0..seats).map(|s| g.secrets(s)).collect();
        if g.turn() == turn {
            for seat in 0..seats {
                let still: Vec<String> = after[usize::from(seat)]
                    .iter()
                    .filter(|w| secrets[usize::from(seat)].contains(w))
                    .cloned()
                    .collect();
                for l in g.log()[log_len..].iter().filter(|l| l.visible(seat)) {
                    no_secret(&l.text, &still, |w| {
                        format!(
                            "{what} action {n} ('{a}'): seat {seat} reads '{w}' in: {}",
                            l.text
                        )
                    });
                }
            }
        }
        secrets = after;
        n += 1;
    }
    let o = g.outcome().expect("over");
    assert_eq!(
        o.results.len(),
        usize::from(seats),
        "{what}: one result per seat"
    );
    assert_eq!(g.to_act(), None, "{what}: over, and a seat is to act");
    assert!(g.legal().is_empty(), "{what}: over, and actions are listed");
    // The save loads back through the registry to the same game.
    let dir = std::env::temp_dir().join(format!(
        "wargame-registry-conformance-{}",
        std::process::id()
    ));
    let path = dir.join(format!("{}-{seed}.ron", def.id()));
    g.save()
        .write(&path)
        .unwrap_or_else(|e| panic!("{what}: the save does not write: {e}"));
    let loaded = registry
        .load_save(root, &path)
        .unwrap_or_else(|e| panic!("{what}: the save does not load: {e}"));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_dir(&dir);
    assert!(
        loaded.state_ron() == g.state_ron(),
        "{what}: the save loads to another state"
    );
    assert_eq!(
        loaded.history(),
        g.history(),
        "{what}: the save loads to another history"
    );
    assert!(
        loaded.log() == g.log(),
        "{what}: the save loads to another log"
    );
    t.games += 1;
    t.actions += n;
}

/// Run every check on every game of `registry`; returns the ids of the games checked.
fn registry_conforms(registry: &Registry) -> Vec<&'static str> {
    let root = crate::util::root();
    let mut ids = vec![];
    for &def in registry.games() {
        let clock = Instant::now();
        let mut t = Tally::default();
        let configs = configs(def, &root);
        for cfg in &configs {
            for seed in 0..cfg.seeds {
                play(registry, &root, def, cfg, seed, &mut t);
            }
        }
        let took: Duration = clock.elapsed();
        eprintln!(
            "{}: {} configurations, {} games, {} actions, {} positions ({} listed actions, {} mutants tried, {} allowed unlisted), {} seat-positions with secrets, {took:.1?}",
            def.id(),
            configs.len(),
            t.games,
            t.actions,
            t.positions,
            t.listed_tried,
            t.mutants_tried,
            t.allowed_unlisted,
            t.secrets_seen
        );
        assert!(
            t.mutants_tried > 0,
            "{}: no mutated action was ever tried",
            def.id()
        );
        let hides = def
            .scenarios(&root)
            .iter()
            .any(|id| def.scenario_info(&root, id).is_ok_and(|i| i.hidden));
        assert!(
            !hides || t.secrets_seen > 0,
            "{}: its scenarios hide information, and the games never had a secret to keep",
            def.id()
        );
        ids.push(def.id());
    }
    ids
}

#[test]
fn registry_conformance_over_the_games() {
    let ids = registry_conforms(&wargame::games::registry());
    for id in [
        "harvest_the_wind",
        "moved_like_the_wind",
        "nez_perce_tactical",
        "nez_perce_strategic",
        "rosebud",
    ] {
        assert!(ids.contains(&id), "{id} was not checked: {ids:?}");
    }
}

#[test]
fn registry_conformance_over_the_toy() {
    let ids = registry_conforms(&Registry::new(vec![&crate::toy::DEF]));
    assert_eq!(ids, vec![crate::toy::GAME]);
}
