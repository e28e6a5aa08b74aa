//! Every screen change of the shell, for every registered game, driven headless through
//! the shell's own screens (`wargame::gui::screens`: the menu, the play screen with
//! each ruleset's panels, the result window, the replay viewer) and an egui context of
//! the test's own, with no window and no GPU. Widgets are clicked by their labels
//! through egui's AccessKit tree, the way a screen reader clicks them. A test fails on a
//! panic and on any warning or error Bevy logs (issue 56: the Menu button panicked in
//! four games, and every board change logged thousands of "entity is invalid" warnings).

use crate::util::{root, scratch};
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::log::tracing::{self, Level};
use bevy::log::tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use bevy::log::tracing_subscriber::registry::Registry;
use bevy::log::tracing_subscriber::util::SubscriberInitExt;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_egui::egui::{self, accesskit};
use bevy_egui::{EguiContext, EguiFullOutput, EguiInput, PrimaryEguiContext};
use rand::SeedableRng;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use wargame::core::registry::{GameDef, OptionKind};
use wargame::games;
use wargame::gui::board::{ActiveMap, BoardEntity};
use wargame::gui::playing::{LookKind, SaveDir};
use wargame::gui::{Game, Screen};

/// The warnings and errors logged on this thread (the test's, which runs every system:
/// the shell's schedules run single-threaded here).
#[derive(Clone, Default)]
pub(crate) struct Captured(Arc<Mutex<Vec<String>>>);

impl Captured {
    pub(crate) fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// An event's fields as text.
struct Text<'a>(&'a mut String);

impl tracing::field::Visit for Text<'_> {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        use std::fmt::Write;
        if field.name() == "message" {
            let _ = write!(self.0, "{value:?} ");
        } else {
            let _ = write!(self.0, "{}={value:?} ", field.name());
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Captured {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        let m = event.metadata();
        // ERROR is the lowest level, TRACE the highest.
        if *m.level() <= Level::WARN {
            let mut text = format!("{} {}: ", m.level(), m.target());
            event.record(&mut Text(&mut text));
            self.0.lock().unwrap_or_else(|e| e.into_inner()).push(text);
        }
    }
}

/// The window's size in points.
const SCREEN: egui::Vec2 = egui::vec2(1600.0, 1200.0);

/// The shell, headless, with its log captured and the last frame's widgets (also the
/// harness of `fault.rs`).
pub(crate) struct Shell {
    pub(crate) app: App,
    /// The last frame's AccessKit nodes.
    tree: Vec<(accesskit::NodeId, accesskit::Node)>,
    /// Events for the next frame.
    events: Vec<egui::Event>,
    frame: u32,
    /// Where the menu lists saves and the games save.
    pub(crate) saves: PathBuf,
    pub(crate) log: Captured,
    // Last: the capture stays up while the App is dropped.
    _guard: tracing::dispatcher::DefaultGuard,
}

impl Shell {
    pub(crate) fn new(name: &str) -> Self {
        let log = Captured::default();
        // Scoped to this thread; `log` records (Bevy's command errors) come through
        // LogTracer, which this installs for the process.
        let guard = Registry::default().with(log.clone()).set_default();
        let saves = scratch(name).join("saves");
        std::fs::create_dir_all(&saves).unwrap();
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            StatesPlugin,
            bevy::asset::AssetPlugin::default(),
        ));
        app.init_asset::<Mesh>()
            .init_asset::<ColorMaterial>()
            .init_asset::<Image>();
        app.insert_resource(ButtonInput::<KeyCode>::default());
        app.init_resource::<bevy_egui::EguiUserTextures>();
        app.insert_resource(SaveDir(saves.clone()));
        app.add_plugins(wargame::gui::screens);
        // bevy_egui's own pass: the EguiPrimaryContextPass schedule inside a pass of
        // the primary context, as EguiPlugin runs it.
        app.add_systems(PostUpdate, bevy_egui::run_egui_context_pass_loop_system);
        app.add_systems(Update, probe);
        let ctx = app.world_mut().spawn(PrimaryEguiContext).id();
        app.world_mut()
            .get_mut::<EguiContext>(ctx)
            .unwrap()
            .get_mut()
            .enable_accesskit();
        for (_, s) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
            s.set_executor(SingleThreadedExecutor::new());
        }
        let mut shell = Self {
            app,
            tree: vec![],
            events: vec![],
            frame: 0,
            saves,
            log,
            _guard: guard,
        };
        shell.frames(2);
        // The capture sees a system's warning, and Bevy's own warning about a despawn
        // of an entity that is no more.
        let seen = shell.log.take();
        assert!(seen.iter().any(|l| l.contains("probe")), "{seen:?}");
        {
            let mut c = shell.app.world_mut().commands();
            let e = c.spawn_empty().id();
            c.entity(e).despawn();
            c.entity(e).despawn();
        }
        shell.app.world_mut().flush();
        let seen = shell.log.take();
        assert!(
            seen.iter()
                .any(|l| l.starts_with("WARN") && l.contains("despawn")),
            "{seen:?}"
        );
        assert_eq!(shell.screen(), Screen::Menu);
        shell
    }

    /// One frame, with the events waiting.
    pub(crate) fn frame(&mut self) {
        self.frame += 1;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN)),
            time: Some(f64::from(self.frame) / 60.0),
            events: std::mem::take(&mut self.events),
            ..default()
        };
        let world = self.app.world_mut();
        let mut q = world.query_filtered::<&mut EguiInput, With<PrimaryEguiContext>>();
        q.single_mut(world).unwrap().0 = input;
        self.app.update();
        let world = self.app.world_mut();
        let mut q = world.query_filtered::<&mut EguiFullOutput, With<PrimaryEguiContext>>();
        if let Some(mut out) = q.single_mut(world).unwrap().0.take() {
            // Nothing is painted.
            out.textures_delta.clear();
            if let Some(update) = out.platform_output.accesskit_update.take() {
                self.tree = update.nodes;
            }
        }
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
    }

    pub(crate) fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.frame();
        }
    }

    /// The widgets labelled `label`, top to bottom and left to right.
    pub(crate) fn widgets(&self, label: &str) -> Vec<&(accesskit::NodeId, accesskit::Node)> {
        let mut found: Vec<_> = self
            .tree
            .iter()
            .filter(|(_, n)| n.label() == Some(label))
            .collect();
        found.sort_by(|a, b| {
            let (a, b) = (
                a.1.bounds().unwrap_or_default(),
                b.1.bounds().unwrap_or_default(),
            );
            (a.y0, a.x0).partial_cmp(&(b.y0, b.x0)).unwrap()
        });
        found
    }

    pub(crate) fn labels(&self) -> Vec<&str> {
        let mut l: Vec<&str> = self.tree.iter().filter_map(|(_, n)| n.label()).collect();
        l.sort_unstable();
        l
    }

    /// Every text on screen: the widgets' labels and the text labels' values (whole,
    /// not the rows a wrapped text is laid out in).
    pub(crate) fn texts(&self) -> Vec<&str> {
        let mut l: Vec<&str> = self
            .tree
            .iter()
            .filter(|(_, n)| n.role() != accesskit::Role::TextRun)
            .flat_map(|(_, n)| [n.label(), n.value()])
            .flatten()
            .collect();
        l.sort_unstable();
        l
    }

    /// Click the `nth` widget labelled `label`, then let the screen change it asks for
    /// happen (two more frames) and check that nothing was logged.
    pub(crate) fn click_nth(&mut self, label: &str, nth: usize) {
        self.queue_click(label, nth);
        self.frames(3);
        self.quiet(&format!("after a click on {label:?}"));
    }

    /// Ask for a click on the `nth` widget labelled `label` in the next frame.
    pub(crate) fn queue_click(&mut self, label: &str, nth: usize) {
        let Some(&&(id, ref node)) = self.widgets(label).get(nth) else {
            panic!(
                "no widget #{nth} labelled {label:?} on the {:?} screen; there are {:?}",
                self.screen(),
                self.labels()
            );
        };
        assert!(!node.is_disabled(), "{label:?} is greyed");
        self.events.push(egui::Event::AccessKitActionRequest(
            accesskit::ActionRequest {
                action: accesskit::Action::Click,
                target_tree: accesskit::TreeId::ROOT,
                target_node: id,
                data: None,
            },
        ));
    }

    pub(crate) fn click(&mut self, label: &str) {
        self.click_nth(label, 0);
    }

    /// Click the widget labelled `label` on the row of the widget labelled `row`.
    fn click_beside(&mut self, row: &str, label: &str) {
        let y = |n: &accesskit::Node| n.bounds().map_or(0.0, |b| (b.y0 + b.y1) / 2.0);
        let Some(anchor) = self.widgets(row).first().map(|(_, n)| y(n)) else {
            panic!("no {row:?}; there are {:?}", self.labels());
        };
        let nth = self
            .widgets(label)
            .iter()
            .enumerate()
            .min_by(|a, b| {
                let d = |n: &accesskit::Node| (y(n) - anchor).abs();
                d(&a.1.1).partial_cmp(&d(&b.1.1)).unwrap()
            })
            .map(|(i, _)| i)
            .unwrap_or_else(|| panic!("no {label:?}"));
        self.click_nth(label, nth);
    }

    /// Whether the `nth` widget labelled `label` is on (a checkbox, a radio button).
    fn is_on(&self, label: &str, nth: usize) -> bool {
        self.widgets(label)
            .get(nth)
            .and_then(|(_, n)| n.toggled())
            .is_some_and(|t| t == accesskit::Toggled::True)
    }

    /// Press a key for one frame, then let the screen change happen.
    pub(crate) fn press(&mut self, key: KeyCode) {
        self.app
            .world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        self.frames(3);
        self.quiet(&format!("after {key:?}"));
    }

    /// Fail on any warning or error logged since the last check.
    pub(crate) fn quiet(&self, when: &str) {
        let seen = self.log.take();
        // Their first lines (Bevy's command errors carry a backtrace).
        let first: Vec<&str> = seen
            .iter()
            .take(3)
            .map(|l| l.lines().next().unwrap_or_default())
            .collect();
        assert!(
            seen.is_empty(),
            "{} warnings or errors logged {when}, the first: {first:#?}",
            seen.len()
        );
    }

    pub(crate) fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    pub(crate) fn game(&self) -> &Game {
        self.app
            .world()
            .get_resource::<Game>()
            .unwrap_or_else(|| panic!("no game on the {:?} screen", self.screen()))
    }

    pub(crate) fn game_mut(&mut self) -> Mut<'_, Game> {
        self.app.world_mut().resource_mut::<Game>()
    }

    fn count<F: bevy::ecs::query::QueryFilter>(&mut self) -> usize {
        let world = self.app.world_mut();
        world.query_filtered::<Entity, F>().iter(world).count()
    }

    /// On the play screen with a board.
    pub(crate) fn assert_playing(&mut self, what: &str) {
        assert_eq!(self.screen(), Screen::Playing, "{what}");
        assert!(self.app.world().contains_resource::<Game>(), "{what}");
        assert!(self.count::<With<BoardEntity>>() > 0, "{what}: no board");
    }

    /// Back on the menu: no game, nothing of the board left.
    pub(crate) fn assert_menu(&mut self, what: &str) {
        assert_eq!(self.screen(), Screen::Menu, "{what}");
        assert!(
            !self.app.world().contains_resource::<Game>(),
            "{what}: the game outlived its screen"
        );
        assert!(!self.app.world().contains_resource::<ActiveMap>(), "{what}");
        let left = self.count::<Or<(With<Mesh2d>, With<Text2d>, With<Sprite>)>>();
        assert_eq!(left, 0, "{what}: {left} board entities left");
        assert!(
            self.widgets("▶ Start game").len() == 1,
            "{what}: the menu is drawn"
        );
    }

    /// Pick a game and a scenario in the menu.
    fn choose(&mut self, def: &dyn GameDef, id: &str) {
        self.click(def.name());
        let info = games::scenario_info(&root(), id).unwrap();
        self.click(&format!("{} ({})", info.name, info.subtitle));
    }

    /// Start the chosen game, every seat human.
    fn start(&mut self, id: &str) {
        self.click("▶ Start game");
        self.assert_playing(id);
        assert_eq!(self.game().session().scenario(), id);
        assert!(self.game().players().iter().all(Option::is_none));
    }

    /// Send an egui event with the next frame.
    pub(crate) fn push_event(&mut self, e: egui::Event) {
        self.events.push(e);
    }

    /// Put a game on the play screen directly, as the CLI opens one.
    pub(crate) fn open(&mut self, g: Game) {
        self.put(g);
        self.frames(3);
        self.quiet("opening a game");
    }

    /// Insert a game (saving to this shell's folder) and ask for the play screen; the
    /// next frame shows it.
    pub(crate) fn put(&mut self, g: Game) {
        let dir = self.saves.clone();
        self.app.insert_resource(g.with_saves(dir));
        self.app
            .world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
    }
}

/// A system's warning, the first frame only: the capture must see it.
fn probe(mut done: Local<bool>) {
    if !*done {
        *done = true;
        warn!("probe");
    }
}

fn registry() -> Vec<&'static dyn GameDef> {
    games::registry().games().to_vec()
}

/// Every scenario of every game: menu -> game -> scenario -> an optional rule -> a seat
/// made a computer and human again -> play -> Menu -> menu.
#[test]
fn every_scenario_goes_from_the_menu_to_play_and_back_by_the_menu_button() {
    let mut shell = Shell::new("screens-menu");
    for def in registry() {
        for (k, id) in def.scenarios(&root()).iter().enumerate() {
            shell.choose(def, id);
            let info = games::scenario_info(&root(), id).unwrap();
            let flags: Vec<&str> = def
                .options()
                .iter()
                .filter(|d| matches!(d.kind, OptionKind::Flag))
                .filter(|d| !info.skip_options.contains(&d.key))
                .map(|d| d.label)
                .collect();
            // The first scenario's first flag is turned, and stays so for the game.
            let turned = k == 0 && !flags.is_empty();
            if turned {
                shell.click(flags[0]);
            }
            assert!(shell.is_on("Human", 0), "{id}: seat 1 starts human");
            shell.click_nth("Computer", 0);
            assert!(shell.is_on("Computer", 0), "{id}: seat 1 a computer");
            shell.click_nth("Human", 0);
            assert!(shell.is_on("Human", 0), "{id}: seat 1 human again");
            shell.start(id);
            if turned {
                let plain = games::new_session(&root(), id, 0).unwrap();
                assert_ne!(
                    shell.game().session().save().options,
                    plain.save().options,
                    "{id}: the optional rule {:?} reached the game",
                    flags[0]
                );
            }
            shell.click("Menu");
            shell.assert_menu(id);
        }
    }
}

/// Every game: play -> Save -> Menu -> Load -> the same game -> Menu.
#[test]
fn every_game_saves_goes_back_to_the_menu_and_loads_again() {
    let mut shell = Shell::new("screens-save");
    for def in registry() {
        let id = &def.scenarios(&root())[0];
        shell.choose(def, id);
        shell.start(id);
        let first = shell.game().legal()[0].clone();
        shell.game_mut().submit(&first);
        let history = shell.game().session().history().to_vec();
        assert_eq!(history.len(), 1, "{id}: {first} refused");
        shell.click("Save [Ctrl+S]");
        let status = shell.game().status().to_string();
        assert!(status.starts_with("saved to"), "{id}: {status}");
        let path = status.trim_start_matches("saved to ").to_string();
        shell.click("Menu");
        shell.assert_menu(id);
        shell.click(&format!("Load {path}"));
        shell.assert_playing(id);
        assert_eq!(shell.game().session().scenario(), id);
        assert_eq!(shell.game().session().history(), history);
        shell.click("Menu");
        shell.assert_menu(id);
    }
}

/// A finished game of `id`, saved as `finished-<game>.ron` in `dir`.
fn finished(dir: &Path, def: &dyn GameDef, id: &str) -> PathBuf {
    let mut s = games::new_session(&root(), id, 3).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    while s.random_step(&mut rng).unwrap() {}
    assert!(s.outcome().is_some(), "{id}");
    let path = dir.join(format!("finished-{}.ron", def.id()));
    s.save().write(&path).unwrap();
    path
}

/// Every game, finished: the result window -> Back to the menu; the result window ->
/// Replay this game -> Close the replay; the menu's Replay for every seat -> Esc; the
/// menu's Replay as one seat -> Close the replay.
#[test]
fn every_game_leaves_the_result_window_and_the_replay_viewer_for_the_menu() {
    let mut shell = Shell::new("screens-result");
    for def in registry() {
        let id = &def.scenarios(&root())[0];
        let path = finished(&shell.saves.clone(), def, id);
        let load = format!("Load {}", path.display());
        shell.frame();
        // The result window, back to the menu.
        shell.click(&load);
        shell.assert_playing(id);
        assert!(shell.game().session().outcome().is_some());
        shell.click("Back to the menu");
        shell.assert_menu(id);
        // The result window, into the replay viewer, closed.
        shell.click(&load);
        shell.click("Replay this game");
        assert_eq!(
            shell.game().looking().map(|l| l.kind()),
            Some(LookKind::Viewer),
            "{id}: {}",
            shell.game().status()
        );
        shell.assert_playing(id);
        shell.click("Last ⏭ [End]");
        shell.click("Close the replay [Esc]");
        shell.assert_menu(id);
        // The menu's replay viewer, every seat, left by Esc.
        shell.click_beside(&load, "Replay");
        shell.click("Every seat (the game is over)");
        assert!(shell.game().looking().is_some(), "{id}");
        shell.assert_playing(id);
        shell.click("Forward ▶ [.]");
        shell.press(KeyCode::Escape);
        shell.assert_menu(id);
        // As one seat, closed by its button.
        let seat = games::load_save(&root(), &path).unwrap().seat_name(0);
        shell.click_beside(&load, "Replay");
        shell.click(&seat);
        assert!(shell.game().looking().is_some(), "{id}");
        shell.assert_playing(id);
        shell.click("Close the replay [Esc]");
        shell.assert_menu(id);
    }
}

/// The campaign from the menu: a combat's tactical map comes and goes, the strategic
/// map comes back, and the Menu button in a combat goes to the menu.
#[test]
fn a_campaign_combat_comes_and_goes_and_its_menu_button_goes_to_the_menu() {
    let def = games::registry().get("nez_perce_strategic").unwrap();
    let id = &def.scenarios(&root())[0];
    let mut shell = Shell::new("screens-campaign");
    shell.choose(def, id);
    shell.start(id);
    let dims = |shell: &Shell| {
        let m = &shell.app.world().resource::<ActiveMap>().0;
        (m.cols, m.rows)
    };
    assert_eq!(dims(&shell), (35, 20), "the strategic map");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let mut to_combat = |shell: &mut Shell| {
        for _ in 0..100_000 {
            if shell.game().legal().iter().any(|l| l == "fight") {
                break;
            }
            shell
                .game_mut()
                .session_mut()
                .random_step(&mut rng)
                .unwrap();
        }
        let mut g = shell.game_mut();
        // Played on the session directly: the plugins redraw for a new generation.
        g.redraw();
        g.submit("fight");
        g.submit("fight");
        assert_eq!(g.level_game(), "nez_perce_tactical", "{}", g.status());
        shell.frames(4);
        shell.quiet("entering a combat");
        assert_eq!(dims(shell), (30, 20), "the combat's tactical map");
        assert!(shell.count::<With<BoardEntity>>() > 0);
    };
    to_combat(&mut shell);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..100_000 {
        if shell.game().level_game() != "nez_perce_tactical" {
            break;
        }
        shell
            .game_mut()
            .session_mut()
            .random_step(&mut rng)
            .unwrap();
    }
    shell.game_mut().redraw();
    shell.frames(4);
    shell.quiet("leaving a combat");
    assert_eq!(dims(&shell), (35, 20), "back on the strategic map");
    to_combat(&mut shell);
    shell.click("Menu");
    shell.assert_menu("the Menu button in a combat");
}

/// A game put on screen the way the CLI does, left by the Menu button.
#[test]
fn a_game_opened_from_the_command_line_goes_to_the_menu() {
    let mut shell = Shell::new("screens-cli");
    for def in registry() {
        let id = &def.scenarios(&root())[0];
        let s = games::new_session(&root(), id, 1).unwrap();
        shell.open(Game::new(s, false));
        shell.assert_playing(id);
        shell.click("Menu");
        shell.assert_menu(id);
    }
}
