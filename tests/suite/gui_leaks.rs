//! The window leaks nothing (issue 49): for every ruleset whose `secrets` are not
//! empty, seeded positions are put on the headless shell of `screens.rs`, seen by each
//! seat in turn, and every text the window draws is collected: the egui panels, the
//! turn bar, the chooser, the log and the board's hover tooltip (through egui's
//! AccessKit tree, with the pointer held over every hex or over a grid of points for
//! an area map), and the board's own texts (`Text2d`). None of the words hidden from
//! that seat (`GameSession::secrets`) may be among them.
//!
//! A second test reads the ruleset plugins' sources (every file of a plugin split into
//! a folder): they reach the game only through `Game::view` and the shell's methods,
//! never the session behind it.

use crate::conformance::contains_word;
use crate::screens::Shell;
use crate::util::root;
use bevy::prelude::*;
use bevy_egui::egui;
use rand::SeedableRng;
use wargame::core::ai::Player;
use wargame::core::session::GameSession;
use wargame::games;
use wargame::gui::Game;
use wargame::gui::ai::{AiMode, AiPlay};
use wargame::gui::board::{ActiveMap, CursorWorld, FitRequest, Hover, center, pick};

/// Every text on screen now: the widgets' labels and values, and the board's texts.
fn drawn(shell: &mut Shell) -> Vec<String> {
    let mut all: Vec<String> = shell.texts().iter().map(|t| t.to_string()).collect();
    let world = shell.app.world_mut();
    let mut q = world.query::<&Text2d>();
    all.extend(q.iter(world).map(|t| t.0.clone()));
    all
}

/// The points of the board to hold the pointer over: every hex of a hex map, or a grid
/// over an area map's bounds.
fn hover_points(shell: &mut Shell) -> Vec<Vec2> {
    let world = shell.app.world();
    if let Some(map) = world.get_resource::<ActiveMap>() {
        return map.0.coords().map(center).collect();
    }
    let Some((lo, hi)) = world.resource::<FitRequest>().bounds else {
        return vec![];
    };
    let n = 28;
    (0..n * n)
        .map(|k| {
            let (i, j) = ((k % n) as f32 + 0.5, (k / n) as f32 + 0.5);
            lo + (hi - lo) * Vec2::new(i / n as f32, j / n as f32)
        })
        .collect()
}

/// Hold the pointer over a board point for a frame.
fn hover(shell: &mut Shell, p: Vec2) {
    let hex = shell
        .app
        .world()
        .get_resource::<ActiveMap>()
        .and_then(|m| pick(&m.0, p));
    shell.app.world_mut().resource_mut::<Hover>().0 = hex;
    shell.app.world_mut().resource_mut::<CursorWorld>().0 = Some(p);
    shell.push_event(egui::Event::PointerMoved(egui::pos2(700.0, 500.0)));
    shell.frame();
}

/// The texts the window draws for `seat` of a copy of `session` as it stands, with
/// that seat the only person at the screen (the others are paused computer players).
fn seen_by(shell: &mut Shell, session: &dyn GameSession, seat: u8) -> Vec<String> {
    let copy = session
        .rewound(session.history().len())
        .expect("the position rewinds");
    let players = (0..copy.seats())
        .map(|s| (s != seat).then_some(Player::Random))
        .collect();
    shell.app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    shell.put(Game::new(copy, false).with_players(players));
    shell.frames(3);
    assert_eq!(shell.game().viewing(), seat);
    let mut all = drawn(shell);
    // The chooser: every action the seat could choose from, as a click would offer.
    let legal = shell.game().legal();
    if shell.game().can_act() && legal.len() > 1 {
        shell.game_mut().offer_choice(legal);
        shell.frame();
        all.extend(drawn(shell));
    }
    for p in hover_points(shell) {
        hover(shell, p);
        all.extend(drawn(shell));
    }
    all
}

/// The first secret of `seat` among `texts`, with the text it is in.
fn leak(texts: &[String], secrets: &[String]) -> Option<(String, String)> {
    secrets.iter().find_map(|w| {
        texts
            .iter()
            .find(|t| contains_word(t, w))
            .map(|t| (w.clone(), t.clone()))
    })
}

/// Play `scenario` at random from `seed` and check each seat's window at a few
/// positions; `true` when some position had secrets to keep (else the test proves
/// nothing).
fn check_scenario(shell: &mut Shell, scenario: &str, seed: u64, stops: &[usize]) -> bool {
    let mut s = games::new_session(&root(), scenario, seed).expect("the scenario loads");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut tested = false;
    let mut done = 0;
    for &stop in stops {
        while done < stop && s.outcome().is_none() {
            s.random_step(&mut rng).expect("a random step applies");
            done += 1;
        }
        for seat in 0..s.seats() {
            let secrets = s.secrets(seat);
            if secrets.is_empty() {
                continue;
            }
            tested = true;
            let texts = seen_by(shell, s.as_ref(), seat);
            if let Some((word, text)) = leak(&texts, &secrets) {
                panic!(
                    "{scenario} seed {seed} after {done} actions: the window shows {} a word hidden from it, {word:?}, in {text:?}",
                    s.seat_name(seat)
                );
            }
        }
        if s.outcome().is_some() {
            break;
        }
    }
    tested
}

#[test]
fn the_window_shows_no_seat_what_is_hidden_from_it() {
    let mut shell = Shell::new("gui-leaks");
    let mut tested = vec![];
    for def in games::registry().games() {
        // Each game's scenarios in turn, until one has secrets to keep.
        if def
            .scenarios(&root())
            .iter()
            .any(|id| check_scenario(&mut shell, id, 3, &[0, 12, 40, 90]))
        {
            tested.push(def.id());
        }
    }
    for g in ["moved_like_the_wind", "harvest_the_wind"] {
        assert!(
            tested.contains(&g),
            "{g} has secrets to keep and was checked: {tested:?}"
        );
    }
}

/// What a ruleset's plugin must not call: the session behind the view (its state,
/// its save, its typed downcast), whichever seat it belongs to.
const SHELL_ONLY: [&str; 7] = [
    ".session()",
    ".session_mut()",
    "session_of",
    "as_any()",
    "state_ron",
    ".live()",
    "Game::state",
];

/// The source files of `path`: the file itself, or every `.rs` file in the folder and
/// the folders under it.
fn source_files(path: &std::path::Path) -> Vec<std::path::PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let mut files = vec![];
    for entry in std::fs::read_dir(path).expect("a folder") {
        let path = entry.expect("a file").path();
        if path.is_dir() || path.extension().is_some_and(|e| e == "rs") {
            files.extend(source_files(&path));
        }
    }
    files.sort();
    files
}

#[test]
fn the_plugins_read_the_game_only_through_the_seats_view() {
    // The plugins: the shell's files that register a ruleset's hooks, and the folders
    // (`src/gui/rosebud/`) one of whose files does; every file of a folder is checked.
    let mut plugins = 0;
    for entry in std::fs::read_dir(root().join("src/gui")).expect("src/gui") {
        let files: Vec<_> = source_files(&entry.expect("a file").path())
            .into_iter()
            .filter_map(|path| Some((std::fs::read_to_string(&path).ok()?, path)))
            .collect();
        // A call (`register_ruleset_ui(app, ui)`), not the shell's definition of it.
        if !files
            .iter()
            .any(|(text, _)| text.contains("register_ruleset_ui(app,"))
        {
            continue;
        }
        plugins += 1;
        for (text, path) in &files {
            for (n, line) in text.lines().enumerate() {
                for bad in SHELL_ONLY {
                    assert!(
                        !line.contains(bad),
                        "{}:{}: a plugin reads the game behind the seat's view ({bad}): {line}",
                        path.display(),
                        n + 1
                    );
                }
            }
        }
    }
    assert!(plugins >= 5, "{plugins} plugins found");
}
