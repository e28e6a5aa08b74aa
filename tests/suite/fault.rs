//! Faults reach the player as a fault, never as the engine's own words (issue 53, item
//! 6): an action the rules list and then refuse, a computer player that panics or
//! whose choice the rules refuse, a replay whose positions cannot be rewound, a
//! ruleset's panel that cannot be drawn. Each writes a bug report into the test's
//! saves folder (the game up to its last good action and a text file), shows the
//! fault window in plain words, and the game goes on. The faults are made by
//! [`Trapped`], a session that wraps a real game's and, when told, turns against the
//! shell the way a broken rules core would; the shell is driven headless through its
//! own screens by the harness of `screens.rs` (widgets clicked by label, any warning
//! or error logged but the fault's own failing the test).

use crate::screens::Shell;
use crate::util::root;
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use wargame::core::ai::Player;
use wargame::core::error::{Error, RuleError};
use wargame::core::game::{ActionKind, Level, LogEntry, Outcome, Playout, Seat};
use wargame::core::registry::GameDef;
use wargame::core::route::Route;
use wargame::core::save::SaveFile;
use wargame::core::session::{AiTask, GameSession};
use wargame::games;
use wargame::gui::ai::{AiMode, AiPlay};
use wargame::gui::playing::{LookKind, RulesetUis};
use wargame::gui::{Game, Submitted};

/// The engine's words, as a player once read them on the status line.
const RAW: &str = "no strategic unit 'sitting_bull' in counters.ron";

/// How a [`Trapped`] session turns against the shell.
#[derive(Debug, Default, Clone, Copy)]
struct Traps {
    /// `apply` refuses every action, listed or not.
    refuse: bool,
    /// The computer player's task panics.
    panic_ai: bool,
    /// No position can be rewound (looking back, the replay viewer).
    no_rewind: bool,
}

/// The traps, shared by the test and its session.
#[derive(Clone, Default)]
struct Switch(Arc<Mutex<Traps>>);

impl Switch {
    fn get(&self) -> Traps {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set(&self, f: impl FnOnce(&mut Traps)) {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

/// A real game's session that, when its traps are set, refuses what its rules list,
/// panics in its computer player's task, or rewinds nothing. Everything else is the
/// real session's, so the ruleset's own plugin draws it.
struct Trapped {
    inner: Box<dyn GameSession>,
    traps: Switch,
}

impl Trapped {
    fn boxed(inner: Box<dyn GameSession>, traps: &Switch) -> Box<dyn GameSession> {
        Box::new(Self {
            inner,
            traps: traps.clone(),
        })
    }
}

impl GameSession for Trapped {
    fn seen_by(&self, seat: Option<u8>, seed: u64) -> Box<dyn GameSession> {
        self.inner.seen_by(seat, seed)
    }
    fn game(&self) -> &'static str {
        self.inner.game()
    }
    fn scenario(&self) -> &str {
        self.inner.scenario()
    }
    fn legal(&self) -> Vec<String> {
        self.inner.legal()
    }
    fn legal_kinds(&self) -> Vec<(String, ActionKind)> {
        self.inner.legal_kinds()
    }
    fn legal_of_kind(&self, kind: ActionKind) -> Option<String> {
        self.inner.legal_of_kind(kind)
    }
    fn secrets(&self, seat: Seat) -> Vec<String> {
        self.inner.secrets(seat)
    }
    fn apply_str(&mut self, action: &str) -> Result<Vec<LogEntry>, Error> {
        if self.traps.get().refuse {
            return Err(Error::Illegal(RuleError::new(RAW)));
        }
        self.inner.apply_str(action)
    }
    fn undo(&mut self, seat: Seat) -> bool {
        self.inner.undo(seat)
    }
    fn to_act(&self) -> Option<Seat> {
        self.inner.to_act()
    }
    fn delegated(&self, seat: Seat) -> Option<u8> {
        self.inner.delegated(seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn seats(&self) -> u8 {
        self.inner.seats()
    }
    fn seat_name(&self, seat: Seat) -> String {
        self.inner.seat_name(seat)
    }
    fn role(&self, seat: Seat) -> Option<String> {
        self.inner.role(seat)
    }
    fn turn(&self) -> u32 {
        self.inner.turn()
    }
    fn clock(&self) -> u64 {
        self.inner.clock()
    }
    fn level(&self) -> Option<Level<'_>> {
        self.inner.level()
    }
    fn view_ron(&self, seat: Seat) -> String {
        self.inner.view_ron(seat)
    }
    fn state_ron(&self) -> String {
        self.inner.state_ron()
    }
    fn history(&self) -> &[String] {
        self.inner.history()
    }
    fn log(&self) -> &[LogEntry] {
        self.inner.log()
    }
    fn probe(&self, key: &str) -> Option<String> {
        self.inner.probe(key)
    }
    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }
    fn force(&mut self, dice: &[u8]) {
        self.inner.force(dice);
    }
    fn place(&mut self, id: &str, hex: Option<&str>) -> Result<(), String> {
        self.inner.place(id, hex)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self.inner.as_any()
    }
    fn can_undo(&self, seat: Seat) -> bool {
        self.inner.can_undo(seat)
    }
    fn playout(&self, seed: u64, max: usize) -> Result<Playout, RuleError> {
        self.inner.playout(seed, max)
    }
    fn random_step(&mut self, rng: &mut rand_chacha::ChaCha8Rng) -> Result<bool, RuleError> {
        self.inner.random_step(rng)
    }
    fn save(&self) -> SaveFile {
        self.inner.save()
    }
    fn play_with(&self, players: &[Player], seed: u64, max: usize) -> Result<Playout, RuleError> {
        self.inner.play_with(players, seed, max)
    }
    fn ai_task(&self, player: Player, seed: u64, made: usize) -> AiTask {
        if self.traps.get().panic_ai {
            return Box::new(|| panic!("{RAW}"));
        }
        self.inner.ai_task(player, seed, made)
    }
    fn actors(&self) -> &[Option<Seat>] {
        self.inner.actors()
    }
    fn rewound(&self, step: usize) -> Option<Box<dyn GameSession>> {
        if self.traps.get().no_rewind {
            return None;
        }
        self.inner.rewound(step)
    }
    fn view_ron_at(&self, step: usize, seat: Seat) -> Option<(String, usize)> {
        self.inner.view_ron_at(step, seat)
    }
    fn score_trace(&self) -> (u32, Vec<Vec<i32>>) {
        self.inner.score_trace()
    }
    fn routes(&self, piece: &str, seat: Seat) -> Vec<Route> {
        self.inner.routes(piece, seat)
    }
    fn allows_unlisted(&self, action: &str) -> bool {
        self.inner.allows_unlisted(action)
    }
}

/// The first words of every fault message.
const HIT: &str = "The game hit a fault and";

/// The fault message on screen, if any.
fn message(shell: &Shell) -> Option<String> {
    let m = shell
        .texts()
        .into_iter()
        .find(|l| l.starts_with(HIT))
        .map(str::to_string);
    // What is on screen is what the game holds, and the other way round.
    assert_eq!(
        m.as_deref(),
        shell.game().fault_message(),
        "the window shows the game's fault"
    );
    m
}

/// Nothing on screen, nor on the status line, carries the engine's words.
fn no_raw_text(shell: &Shell, when: &str) {
    for l in shell.texts() {
        assert!(!l.contains("sitting_bull"), "{when}: on screen: {l:?}");
    }
    let status = &shell.game().status();
    assert!(
        !status.contains("sitting_bull"),
        "{when}: status {status:?}"
    );
}

/// The errors logged since the last look are `n` faults', and nothing else was logged.
fn faults_logged(shell: &Shell, n: usize, when: &str) -> Vec<String> {
    let seen = shell.log.take();
    let faults: Vec<String> = seen
        .iter()
        .filter(|l| l.starts_with("ERROR") && l.contains("fault:"))
        .cloned()
        .collect();
    assert_eq!(
        (faults.len(), seen.len()),
        (n, n),
        "{when}: {n} faults and nothing else logged: {seen:#?}"
    );
    faults
}

/// The report `fault-<n>`: its save and its text.
fn report(dir: &Path, n: usize) -> (PathBuf, String) {
    let save = dir.join(format!("fault-{n}.ron"));
    let text = dir.join(format!("fault-{n}.txt"));
    assert!(save.is_file(), "no {}", save.display());
    let text =
        std::fs::read_to_string(&text).unwrap_or_else(|e| panic!("no {}: {e}", text.display()));
    assert!(
        text.contains(RAW),
        "the engine's words are in the report: {text}"
    );
    (save, text)
}

/// Run frames (the computer player's worker answers in the background) until `done`,
/// at most about 60 s.
fn frames_until(shell: &mut Shell, what: &str, done: impl Fn(&Shell) -> bool) {
    for _ in 0..6000 {
        shell.frame();
        if done(shell) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!(
        "timed out waiting until {what}; status {:?}",
        shell.game().status()
    );
}

fn registry() -> Vec<&'static dyn GameDef> {
    games::registry().games().to_vec()
}

/// Every game: the rules list an action and then refuse it (the End key where an end
/// is listed, else the first listed action submitted as the plugins' clicks submit
/// it). No panic; the fault window, in plain words with the report's place; nothing
/// of the engine's words on screen; the report (the save up to the last good action,
/// which loads to the same game, and the text with the error, the action, the game,
/// scenario and seed); the game unchanged and playable after Close. The first game's
/// report is loaded back from the menu.
#[test]
fn an_action_the_rules_list_and_then_refuse_is_a_fault_reported_and_the_game_goes_on() {
    let mut shell = Shell::new("fault-listed");
    for (k, def) in registry().into_iter().enumerate() {
        let n = k + 1;
        let id = &def.scenarios(&root())[0];
        let traps = Switch::default();
        let s = games::new_session(&root(), id, 1).unwrap();
        shell.open(Game::new(Trapped::boxed(s, &traps), false));
        shell.assert_playing(id);
        assert_eq!(message(&shell), None, "{id}: no fault yet");
        let before = shell.game().session().history().to_vec();
        let first = shell.game().legal()[0].clone();
        let end = shell
            .game()
            .legal_of_kind(ActionKind::EndPhase)
            .filter(|_| shell.game().can_act());
        traps.set(|t| t.refuse = true);
        let tried = match &end {
            Some(e) => {
                shell
                    .app
                    .world_mut()
                    .resource_mut::<ButtonInput<KeyCode>>()
                    .press(KeyCode::KeyE);
                e.clone()
            }
            None => {
                assert_eq!(
                    shell.game_mut().submit(&first),
                    Submitted::Fault,
                    "{id}: {first}"
                );
                first.clone()
            }
        };
        shell.frames(3);
        let m = message(&shell).unwrap_or_else(|| {
            panic!(
                "{id}: no fault window after {tried:?}; status {:?}",
                shell.game().status()
            )
        });
        faults_logged(&shell, 1, id);
        let save_path = shell.saves.join(format!("fault-{n}.ron"));
        assert_eq!(
            m,
            format!(
                "The game hit a fault and could not carry out that move. The game was saved \
                 for a bug report in {}. You can go on playing or go back to the menu.",
                save_path.display()
            ),
            "{id}"
        );
        no_raw_text(&shell, id);
        assert_eq!(shell.game().session().history(), before, "{id}: unchanged");
        let (save, text) = report(&shell.saves, n);
        assert_eq!(save, save_path);
        let tried_in_session = shell
            .game()
            .session()
            .legal()
            .into_iter()
            .find(|l| l.ends_with(tried.as_str()))
            .unwrap_or(tried.clone());
        for part in [
            format!("action: {tried_in_session}"),
            format!("game: {}", def.id()),
            format!("scenario: {id}"),
            "seed: 1".to_string(),
            "the rules refused an action they list as legal".to_string(),
        ] {
            assert!(text.contains(&part), "{id}: {part:?} in the report: {text}");
        }
        assert_eq!(
            games::load_save(&root(), &save).unwrap().history(),
            before,
            "{id}: the report's save is the game up to its last good action"
        );
        // The window closes; the game plays on.
        traps.set(|t| t.refuse = false);
        shell.click("Close");
        assert_eq!(message(&shell), None, "{id}: closed");
        assert_eq!(shell.game_mut().submit(&first), Submitted::Applied, "{id}");
        assert_eq!(shell.game().session().history().len(), before.len() + 1);
        shell.frames(2);
        shell.quiet(id);
        shell.click("Menu");
        shell.assert_menu(id);
        if k == 0 {
            // The report's save is in the menu's list, and loads.
            shell.click(&format!("Load {}", save.display()));
            shell.assert_playing(id);
            assert_eq!(shell.game().session().history(), before);
            shell.click("Menu");
            shell.assert_menu(id);
        }
    }
}

/// A computer player whose worker panics: the fault window names its seat, the report
/// carries the panic's words, and the computer players pause there (no worker starts
/// again by itself). Run: its next choice, refused by the rules, is a second fault.
/// Traps lifted, Step plays one action and Run plays on.
#[test]
fn a_computer_player_that_panics_or_whose_choice_is_refused_is_a_fault_and_pauses() {
    let mut shell = Shell::new("fault-ai");
    let id = "harvest_the_wind/massacre_canyon";
    let traps = Switch::default();
    traps.set(|t| t.panic_ai = true);
    let s = games::new_session(&root(), id, 1).unwrap();
    let sioux = s.seat_name(0);
    assert_eq!(s.to_act(), Some(0));
    shell.app.world_mut().resource_mut::<AiPlay>().delay = 0.0;
    shell.put(
        Game::new(Trapped::boxed(s, &traps), false).with_players(vec![Some(Player::Random), None]),
    );
    frames_until(&mut shell, "the worker's panic is a fault", |s| {
        s.app
            .world()
            .get_resource::<Game>()
            .is_some_and(|g| g.fault_message().is_some())
    });
    shell.frames(2);
    let logged = faults_logged(&shell, 1, "the panic");
    assert!(logged[0].contains("panicked"), "{logged:?}");
    let paused = format!(
        "The game hit a fault and the computer player ({sioux}) could not make its move. The game \
         was saved for a bug report in {}. The computer players are paused: press Run to let \
         them try again, or go back to the menu.",
        shell.saves.join("fault-1.ron").display()
    );
    assert_eq!(message(&shell).as_deref(), Some(paused.as_str()));
    no_raw_text(&shell, "the panic");
    let (_, text) = report(&shell.saves, 1);
    assert!(text.contains("panicked"), "{text}");
    // Paused there: it does not try again by itself.
    for _ in 0..30 {
        shell.frame();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    {
        let ai = shell.app.world().resource::<AiPlay>();
        assert_eq!(ai.mode, AiMode::Paused);
        assert!(ai.faulted(shell.game()));
        assert!(!ai.thinking() && !ai.ready(), "no worker started again");
    }
    assert!(shell.game().session().history().is_empty());
    assert!(
        shell
            .texts()
            .iter()
            .any(|l| l.contains("hit a fault: press Step or Run")),
        "{:?}",
        shell.texts()
    );
    shell.quiet("paused after the panic");
    // Run: the worker answers, and the rules refuse its choice.
    traps.set(|t| {
        t.panic_ai = false;
        t.refuse = true;
    });
    shell.click("Close");
    shell.queue_click("▶ Run", 0);
    frames_until(&mut shell, "the refused choice is a fault", |s| {
        s.game().fault_message().is_some()
    });
    shell.frames(2);
    faults_logged(&shell, 1, "the refused choice");
    assert_eq!(
        message(&shell),
        Some(paused.replace("fault-1.ron", "fault-2.ron"))
    );
    let (_, text) = report(&shell.saves, 2);
    assert!(
        text.contains("the rules refused the action a computer player chose"),
        "{text}"
    );
    assert!(shell.game().session().history().is_empty());
    assert_eq!(shell.app.world().resource::<AiPlay>().mode, AiMode::Paused);
    // Traps lifted: Step plays one action, Run plays on.
    traps.set(|t| t.refuse = false);
    shell.click("Close");
    shell.queue_click("⏭ Step", 0);
    frames_until(&mut shell, "a step is played", |s| {
        !s.game().session().history().is_empty()
    });
    assert_eq!(shell.game().session().history().len(), 1);
    shell.queue_click("▶ Run", 0);
    frames_until(&mut shell, "the computer plays on", |s| {
        s.game().session().history().len() >= 2 || s.game().session().to_act() == Some(1)
    });
    assert_eq!(message(&shell), None);
    shell.quiet("played on");
    shell.click("Menu");
    shell.assert_menu(id);
}

/// The result window's Replay this game, and a step of the replay viewer, when the
/// session cannot rewind: a fault each; the game stays as it was (the result window;
/// the position shown).
#[test]
fn a_replay_that_cannot_rewind_is_a_fault_and_the_game_stays_as_it_was() {
    let mut shell = Shell::new("fault-replay");
    let id = "harvest_the_wind/wagon_box";
    let mut s = games::new_session(&root(), id, 3).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(11);
    while s.random_step(&mut rng).unwrap() {}
    assert!(s.outcome().is_some());
    let traps = Switch::default();
    shell.open(Game::new(Trapped::boxed(s, &traps), false));
    traps.set(|t| t.no_rewind = true);
    shell.queue_click("Replay this game", 0);
    shell.frames(3);
    faults_logged(&shell, 1, "Replay this game");
    let m = message(&shell).expect("the fault window");
    assert!(
        m.starts_with("The game hit a fault and could not show that part of the game."),
        "{m}"
    );
    no_raw_text(&shell, "Replay this game");
    assert!(shell.game().looking().is_none(), "the game is not swapped");
    assert_eq!(
        shell.widgets("Back to the menu").len(),
        1,
        "the result stays"
    );
    let text = std::fs::read_to_string(shell.saves.join("fault-1.txt")).unwrap();
    assert!(text.contains("GameSession::rewound"), "{text}");
    // Rewinding again, the viewer opens; a step it cannot show is a fault, and the
    // viewer stays at its position.
    traps.set(|t| t.no_rewind = false);
    shell.click("Close");
    shell.click("Replay this game");
    assert_eq!(
        shell.game().looking().map(|l| l.kind()),
        Some(LookKind::Viewer)
    );
    traps.set(|t| t.no_rewind = true);
    shell.queue_click("Forward ▶ [.]", 0);
    shell.frames(3);
    faults_logged(&shell, 1, "a step of the viewer");
    assert!(message(&shell).is_some());
    assert!(shell.saves.join("fault-2.txt").is_file());
    assert_eq!(shell.game().looking().map(|l| l.pos()), Some(0));
    assert!(
        shell.game().session().history().is_empty(),
        "still the start"
    );
    traps.set(|t| t.no_rewind = false);
    shell.click("Close");
    shell.click("Forward ▶ [.]");
    assert!(
        !shell.game().session().history().is_empty(),
        "it steps again"
    );
    shell.click("Close the replay [Esc]");
    shell.assert_menu(id);
}

/// A resource no game has.
#[derive(Resource)]
struct Missing;

/// A panel that cannot be drawn (its resource is missing).
fn broken_panel(_ui: bevy::ecs::system::InMut<bevy_egui::egui::Ui>, _m: Res<Missing>) {}

/// A ruleset's panel that fails to draw: one fault for the game, not one a frame, and
/// the screen goes on drawing.
#[test]
fn a_panel_that_cannot_be_drawn_is_one_fault_for_the_game() {
    let mut shell = Shell::new("fault-hook");
    let id = "harvest_the_wind/wagon_box";
    let broken = shell.app.world_mut().register_system(broken_panel);
    {
        let mut uis = shell.app.world_mut().resource_mut::<RulesetUis>();
        let h = uis
            .0
            .iter_mut()
            .find(|u| u.game == "harvest_the_wind")
            .unwrap();
        h.buttons = Some(broken);
    }
    let s = games::new_session(&root(), id, 1).unwrap();
    shell.put(Game::new(s, false));
    shell.frames(10);
    faults_logged(&shell, 1, "a broken panel");
    let m = message(&shell).expect("the fault window");
    assert!(
        m.starts_with("The game hit a fault and could not draw part of the screen."),
        "{m}"
    );
    assert!(shell.saves.join("fault-1.txt").is_file());
    assert!(!shell.saves.join("fault-2.txt").exists(), "one report");
    shell.click("Close");
    shell.frames(5);
    shell.quiet("after Close");
    assert_eq!(message(&shell), None);
    assert!(shell.widgets("Menu").len() == 1, "the screen is drawn");
}
