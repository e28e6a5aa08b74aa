//! The Bevy shell: screens (menu, play, result), shared panels (turn bar, log, save and
//! load, undo, curtain) and one plugin per ruleset that draws that game's per-seat view
//! and turns clicks into legal actions. The shell never changes game state except by
//! submitting an action in notation to the session.

pub mod ai;
pub mod balance;
pub mod board;
pub mod harvest;
pub mod wind;

use crate::core::ai::Player;
use crate::core::session::GameSession;
use crate::games;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::WindowResolution;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// How the program was started.
#[derive(Default)]
pub struct Launch {
    /// A game to open straight away (from the CLI).
    pub session: Option<Box<dyn GameSession>>,
    /// Write a screenshot after this many frames, then exit.
    pub screenshot: Option<(PathBuf, u32)>,
}

/// The screens.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Main menu: game, scenario, options.
    #[default]
    Menu,
    /// A game in progress (the result shows over the board when it ends).
    Playing,
}

/// The game being played, and the shell's per-game settings.
#[derive(Resource)]
pub struct Game {
    /// The session.
    pub session: Box<dyn GameSession>,
    /// Handoff curtain between human seats.
    pub curtain: bool,
    /// The seat whose view is on screen: the human seat to act, or the last human seat
    /// while a computer player acts, or the watched seat when no seat is human.
    pub viewer: u8,
    /// The curtain is down (the board is hidden until the next seat clicks).
    pub curtain_down: bool,
    /// Bumped whenever the state changes, so plugins redraw.
    pub generation: u64,
    /// Last message for the status line (errors, saves).
    pub status: String,
    /// The turn at the last autosave.
    pub autosaved_turn: u32,
    /// Show the charts window.
    pub charts: bool,
    /// Per seat: decline every optional reaction-fire window automatically (a standing
    /// order the player sets; it submits `pass`, so the rules are unchanged).
    pub auto_pass: Vec<bool>,
    /// Per seat: the computer player that plays it, or `None` for a human.
    pub players: Vec<Option<Player>>,
    /// The per-game seed of the computer players; each decision's seed mixes it with
    /// the number of actions so far, so the same game and level play the same moves.
    pub ai_seed: u64,
    /// Which game this is (unique within the process), so a worker's answer for an
    /// earlier game is never applied to this one.
    pub serial: u64,
    /// Bumped whenever the session's state changes (an action or an undo): a worker's
    /// answer computed for an older value is stale.
    pub state_gen: u64,
}

/// Hands out [`Game::serial`].
static GAME_SERIAL: AtomicU64 = AtomicU64::new(1);

/// Mix a per-game seed with a count (SplitMix64's finalizer), for per-decision seeds.
pub fn mix_seed(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game {
    /// Wrap a session with default settings: every seat human. Games with hidden
    /// information always get the curtain.
    pub fn new(session: Box<dyn GameSession>, curtain: bool) -> Self {
        let viewer = session.to_act().unwrap_or(0);
        let turn = session.turn();
        let seats = usize::from(session.seats());
        let ai_seed = mix_seed(session.save().seed, 0xA1);
        Self {
            session,
            curtain,
            viewer,
            curtain_down: curtain,
            generation: 1,
            status: String::new(),
            autosaved_turn: turn,
            charts: false,
            auto_pass: vec![false; 8],
            players: vec![None; seats],
            ai_seed,
            serial: GAME_SERIAL.fetch_add(1, Ordering::Relaxed),
            state_gen: 1,
        }
    }

    /// Seat computer players (`None` for a human, per seat; missing seats are human).
    /// The view goes to the first human seat to act (or the first human seat); the
    /// curtain only matters with two or more human seats.
    pub fn with_players(mut self, players: Vec<Option<Player>>) -> Self {
        let seats = usize::from(self.session.seats());
        self.players = players;
        self.players.resize(seats, None);
        let humans: Vec<u8> = (0..self.session.seats())
            .filter(|&s| self.is_human(s))
            .collect();
        self.viewer = match self.session.to_act() {
            Some(s) if self.is_human(s) => s,
            _ => humans.first().copied().unwrap_or(0),
        };
        self.curtain_down = self.curtain && humans.len() >= 2;
        self.generation += 1;
        self
    }

    /// The computer player of a seat, if it is not human.
    pub fn ai_player(&self, seat: u8) -> Option<Player> {
        self.players.get(usize::from(seat)).copied().flatten()
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self, seat: u8) -> bool {
        self.ai_player(seat).is_none()
    }

    /// Whether any seat is a computer player.
    pub fn has_ai(&self) -> bool {
        self.players.iter().any(Option::is_some)
    }

    /// Whether the person at the screen may act now: the curtain is up and the seat to
    /// act is the human seat on screen. Plugins show legal actions and take clicks only
    /// then, so a computer seat's options (which may name its hidden pieces) never show.
    pub fn can_act(&self) -> bool {
        !self.curtain_down
            && self
                .session
                .to_act()
                .is_some_and(|s| s == self.viewer && self.is_human(s))
    }

    /// The seed of the computer player's next decision: the per-game seed mixed with the
    /// number of actions so far.
    pub fn decision_seed(&self) -> u64 {
        mix_seed(self.ai_seed, self.session.history().len() as u64)
    }

    /// Submit an action in notation; errors go to the status line, nothing is lost.
    /// Computer players' actions come through here too, so they are logged the same way;
    /// the status line then names the seat, not the action (its notation may name a piece
    /// hidden from the person at the screen).
    pub fn submit(&mut self, action: &str) {
        let by = self.session.to_act();
        match self.session.apply_str(action) {
            Ok(_) => {
                self.status = match by.and_then(|s| self.ai_player(s).map(|p| (s, p))) {
                    Some((s, p)) => format!(
                        "{}, {}, acted",
                        self.session.seat_name(s),
                        ai::player_label(p)
                    ),
                    None => format!("done: {action}"),
                };
                self.after_change();
            }
            Err(e) => self.status = format!("refused: {e}"),
        }
    }

    /// Undo. With every seat human: one action, if the rules allow it. With computer
    /// seats: actions are taken back until a human seat is to act again (the last human
    /// decision), or until a die roll or reveal stops undo; in that case a computer seat
    /// is to act and, its seed depending only on the actions so far, plays the same
    /// action again.
    pub fn undo(&mut self) {
        let mut n = 0;
        while self.session.undo() {
            n += 1;
            if !self.has_ai() || self.session.to_act().is_none_or(|s| self.is_human(s)) {
                break;
            }
        }
        if n == 0 {
            self.status = "nothing to undo since the last die roll or reveal".into();
            return;
        }
        let human_next = self.session.to_act().is_none_or(|s| self.is_human(s));
        self.status = match (n, human_next) {
            (1, true) => "undone".into(),
            (n, true) => format!("undone {n} actions, back to the last human decision"),
            (n, false) => format!(
                "undone {n} action(s); a die roll or reveal stops undo here, so the computer player acts again"
            ),
        };
        self.after_change();
    }

    /// Turn a seat's standing order to pass reaction fire on or off. Turned on while that
    /// seat is being asked, it passes the window on screen at once too.
    pub fn set_auto_pass(&mut self, seat: u8, on: bool) {
        if let Some(x) = self.auto_pass.get_mut(usize::from(seat)) {
            *x = on;
        }
        if on
            && self.session.probe("pending").as_deref() == Some("reaction")
            && self.session.to_act() == Some(seat)
        {
            self.after_change();
        }
    }

    fn after_change(&mut self) {
        self.generation += 1;
        self.state_gen += 1;
        // Standing orders: pass reaction-fire windows for seats that asked for it.
        let mut passes = 0;
        while passes < 100
            && self.session.probe("pending").as_deref() == Some("reaction")
            && self
                .session
                .to_act()
                .is_some_and(|s| self.auto_pass.get(usize::from(s)).copied().unwrap_or(false))
        {
            if self.session.apply_str("pass").is_err() {
                break;
            }
            passes += 1;
        }
        // The view follows the human seat to act; while a computer seat acts the last
        // human's view stays on screen, with no curtain (nobody to hide it from). The
        // curtain comes down only when play passes from one human seat to another.
        if let Some(next) = self.session.to_act()
            && next != self.viewer
            && self.is_human(next)
        {
            let from_human = self.is_human(self.viewer);
            self.viewer = next;
            self.curtain_down = self.curtain && from_human;
        }
        let t = self.session.turn();
        if t != self.autosaved_turn {
            self.autosaved_turn = t;
            let path = PathBuf::from("saves").join("autosave.ron");
            let saved = match self.session.save().write(&path) {
                Ok(()) => format!("autosaved turn {t} to {}", path.display()),
                Err(e) => format!("autosave failed: {e}"),
            };
            // Keep what just happened (an undo's explanation, an error) in front.
            self.status = if self.status.is_empty() {
                saved
            } else {
                format!("{}; {saved}", self.status)
            };
        }
    }
}

/// Menu choices.
#[derive(Resource, Default)]
pub struct MenuState {
    game: usize,
    scenario: usize,
    seed: u64,
    manual_setup: bool,
    curtain: bool,
    /// Optional rules of the block game (§11.0): leader death for each side.
    leader_death: [bool; 2],
    /// §11.5: 7, 8 or 9 turns.
    turns: u32,
    /// §11.3/11.4: starting Victory Levels (Apache, Army).
    start_levels: [u32; 2],
    error: String,
    /// The chosen game's scenarios (id, summary or the load error), read once per game.
    cache: Vec<(String, Result<games::ScenarioInfo, String>)>,
    /// The game the cache was read for.
    cached_game: Option<usize>,
    /// Who plays each seat of the next game.
    seats: Vec<SeatChoice>,
    /// The chosen scenario's seat names, read once per scenario (scenario id, names).
    seat_names: Option<(String, Vec<String>)>,
    /// The chosen scenario's shipped balance report (scenario id and report variant,
    /// text if any).
    report: Option<(String, Option<String>)>,
    /// Which shipped report is shown: empty for random play, else the players part of
    /// its file name (`ai-random`, ...).
    report_variant: String,
    /// The shipped report variants of the chosen scenario (scenario id, variants).
    report_variants: Option<(String, Vec<String>)>,
    /// How many random games "Compute balance" plays.
    balance_games: usize,
    /// The balance computation in progress.
    balance_job: Option<balance::Job>,
    /// The last computed balance (scenario id and options, result).
    balance: Option<(String, Result<balance::Summary, String>)>,
}

/// Who plays a seat, as chosen in the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatChoice {
    /// A computer player (otherwise a human at the screen).
    pub ai: bool,
    /// The computer player's level (1-5).
    pub level: u8,
}

impl Default for SeatChoice {
    fn default() -> Self {
        Self {
            ai: false,
            level: crate::core::ai::DEFAULT_LEVEL,
        }
    }
}

impl SeatChoice {
    /// The computer player, or `None` for a human.
    pub fn player(self) -> Option<Player> {
        self.ai.then_some(Player::Search {
            level: self.level.clamp(1, 5),
        })
    }
}

/// The optional rules a menu choice means for a scenario id.
fn menu_options(menu: &MenuState, id: &str) -> Vec<String> {
    let mut options = vec![];
    if id.starts_with(games::wind::setup::GAME) {
        if menu.leader_death[0] {
            options.push("apache_leader_death".to_string());
        }
        if menu.leader_death[1] {
            options.push("army_leader_death".to_string());
        }
        if menu.turns > 7 {
            options.push(format!("turns={}", menu.turns));
        }
        if menu.start_levels != [0, 0] {
            options.push(format!(
                "levels={},{}",
                menu.start_levels[0], menu.start_levels[1]
            ));
        }
    }
    options
}

/// Start a session the way the menu does (the Start button, and each game of the
/// balance computation).
fn menu_session(
    root: &std::path::Path,
    id: &str,
    seed: u64,
    manual_setup: bool,
    options: &[String],
) -> Result<Box<dyn GameSession>, String> {
    games::new_session_with(root, id, seed, manual_setup, options).map_err(|e| e.to_string())
}

/// Screenshot request.
#[derive(Resource)]
struct AutoShot {
    path: PathBuf,
    at_frame: u32,
}

/// Open the window and run until it is closed.
pub fn run(launch: Launch) {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Wargame — American Indian Wars".into(),
            resolution: WindowResolution::new(1400, 900),
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.19)))
    .add_plugins(ShellPlugin);
    let start_playing = launch.session.is_some();
    if let Some(session) = launch.session {
        // Insert now, so that the board is built when play starts.
        app.insert_resource(Game::new(session, false));
    }
    if let Some((path, frames)) = launch.screenshot {
        app.insert_resource(AutoShot {
            path,
            at_frame: frames,
        });
        app.init_resource::<FrameTimes>();
        app.add_systems(Update, (record_frame_time, auto_screenshot));
    }
    if start_playing {
        app.add_systems(Startup, |mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Playing)
        });
    }
    app.run();
}

/// The shared shell: screens, menu, turn bar, log, curtain, and the ruleset plugins.
pub struct ShellPlugin;

impl Plugin for ShellPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .init_resource::<MenuState>()
            .add_plugins((board::plugin, harvest::plugin, wind::plugin, ai::plugin))
            .add_systems(PreStartup, spawn_camera)
            .add_systems(Update, msaa_for_software_renderer)
            .add_systems(
                EguiPrimaryContextPass,
                menu_ui.run_if(in_state(Screen::Menu)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (curtain_ui, result_ui).run_if(in_state(Screen::Playing)),
            )
            .add_systems(Update, shortcuts.run_if(in_state(Screen::Playing)));
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// On a software rasterizer (Mesa lavapipe, llvmpipe) 4x MSAA doubles the frame time
/// (measured: 89 ms -> 46 ms per frame on the 20x24 board), so turn it off there; real
/// GPUs keep it for smooth hex edges.
fn msaa_for_software_renderer(
    info: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut cams: Query<&mut Msaa, With<Camera2d>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let Some(info) = info else { return };
    *done = true;
    // wgpu's DeviceType is not re-exported by bevy_render; its Debug name is stable.
    if format!("{:?}", info.0.device_type) == "Cpu" {
        for mut m in &mut cams {
            *m = Msaa::Off;
        }
        info!("software renderer ({}): multisampling off", info.0.name);
    }
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let root = games::harvest::setup::data_root();
    let list = games::games();
    let mut root_ui = egui::Ui::new(
        ctx.clone(),
        "menu_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::CentralPanel::default().show(&mut root_ui, |ui| {
        ui.heading("Wargame — board wargames of the American Indian Wars");
        ui.label(
            "Hot-seat play at one screen, or against the computer. Choose a game, a scenario and who plays each seat.",
        );
        ui.separator();
        ui.columns(2, |cols| {
            cols[0].heading("Game");
            for (i, g) in list.iter().enumerate() {
                if cols[0].selectable_label(menu.game == i, g.name).clicked() {
                    menu.game = i;
                    menu.scenario = 0;
                }
                cols[0].small(g.blurb);
            }
            cols[0].separator();
            cols[0].heading("Scenario");
            let game = &list[menu.game.min(list.len() - 1)];
            if menu.cached_game != Some(menu.game) {
                menu.cache = games::scenarios(&root, game.id)
                    .into_iter()
                    .map(|id| {
                        let l = games::scenario_info(&root, &id).map_err(|e| e.to_string());
                        (id, l)
                    })
                    .collect();
                menu.cached_game = Some(menu.game);
            }
            let ids: Vec<String> = menu.cache.iter().map(|(id, _)| id.clone()).collect();
            let mut pick = None;
            for (i, (id, l)) in menu.cache.iter().enumerate() {
                let name = match l {
                    Ok(info) => format!("{} ({})", info.name, info.subtitle),
                    Err(e) => format!("{id}: {e}"),
                };
                if cols[0].selectable_label(menu.scenario == i, name).clicked() {
                    pick = Some(i);
                }
            }
            if let Some(i) = pick {
                menu.scenario = i;
            }
            cols[0].separator();
            cols[0].heading("Options");
            cols[0].horizontal(|ui| {
                ui.label("Dice seed:");
                ui.add(egui::DragValue::new(&mut menu.seed));
            });
            if game.id == games::harvest::setup::GAME {
                cols[0].checkbox(
                    &mut menu.manual_setup,
                    "Place my own units in set-up (otherwise the default set-up)",
                );
            }
            cols[0].checkbox(
                &mut menu.curtain,
                "Handoff curtain between human seats (always on when a scenario hides counters)",
            );
            if game.id == games::wind::setup::GAME {
                cols[0].label("Optional rules (§11.0):");
                cols[0].checkbox(&mut menu.leader_death[0], "11.1 Apache Leader death");
                cols[0].checkbox(&mut menu.leader_death[1], "11.2 Army Leader death");
                cols[0].horizontal(|ui| {
                    ui.label("11.5 turns:");
                    for t in [7, 8, 9] {
                        let t: u32 = t;
                        if ui
                            .selectable_label(menu.turns.max(7) == t, t.to_string())
                            .clicked()
                        {
                            menu.turns = t;
                        }
                    }
                });
                cols[0].horizontal(|ui| {
                    ui.label("11.3/11.4 starting Victory Levels: Apache");
                    ui.add(egui::DragValue::new(&mut menu.start_levels[0]).range(0..=9));
                    ui.label("Army");
                    ui.add(egui::DragValue::new(&mut menu.start_levels[1]).range(0..=9));
                });
            }
            cols[0].separator();
            cols[0].heading("Saved games");
            let mut saves: Vec<PathBuf> = std::fs::read_dir("saves")
                .map(|r| {
                    r.filter_map(|e| e.ok())
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                        .collect()
                })
                .unwrap_or_default();
            saves.sort();
            if saves.is_empty() {
                cols[0].small("none yet (games autosave each turn to saves/autosave.ron)");
            }
            for p in saves {
                if cols[0].button(format!("Load {}", p.display())).clicked() {
                    match games::load_save(&root, &p) {
                        Ok(s) => {
                            commands.insert_resource(Game::new(s, true));
                            next.set(Screen::Playing);
                        }
                        Err(e) => menu.error = format!("{e}"),
                    }
                }
            }
            if let Some(id) = ids.get(menu.scenario) {
                match menu.cache[menu.scenario.min(menu.cache.len() - 1)]
                    .1
                    .clone()
                {
                    Ok(sc) => {
                        cols[1].heading(&sc.name);
                        cols[1].label(&sc.subtitle);
                        egui::ScrollArea::vertical()
                            .id_salt("scenario_text")
                            .max_height(260.0)
                            .show(&mut cols[1], |ui| {
                                ui.strong("Historical background");
                                ui.label(&sc.background);
                                ui.strong("Victory conditions");
                                ui.label(&sc.victory);
                                ui.label(&sc.length);
                                if !sc.notes.is_empty() {
                                    ui.strong("Reconstructions in this scenario");
                                    for n in &sc.notes {
                                        ui.label(format!("• {n}"));
                                    }
                                }
                            });
                        cols[1].separator();
                        let options = menu_options(&menu, id);
                        seats_ui(&mut cols[1], &mut menu, &root, id);
                        let hidden = sc.hidden;
                        if cols[1]
                            .button(egui::RichText::new("▶ Start game").heading())
                            .clicked()
                        {
                            match menu_session(&root, id, menu.seed, menu.manual_setup, &options)
                            {
                                Ok(s) => {
                                    let players =
                                        menu.seats.iter().map(|c| c.player()).collect();
                                    commands.insert_resource(
                                        Game::new(s, menu.curtain || hidden)
                                            .with_players(players),
                                    );
                                    next.set(Screen::Playing);
                                }
                                Err(e) => menu.error = e,
                            }
                        }
                        cols[1].separator();
                        balance_ui(&mut cols[1], &mut menu, &root, id, &options);
                    }
                    Err(e) => {
                        cols[1].colored_label(egui::Color32::LIGHT_RED, e.to_string());
                    }
                }
            }
            if !menu.error.is_empty() {
                cols[1].colored_label(egui::Color32::LIGHT_RED, &menu.error);
            }
        });
    });
    Ok(())
}

/// The seat selector: Human or Computer (with its level) for each seat of the chosen
/// scenario.
fn seats_ui(ui: &mut egui::Ui, menu: &mut MenuState, root: &std::path::Path, id: &str) {
    if menu.seat_names.as_ref().is_none_or(|(k, _)| k != id) {
        let names = menu_session(root, id, 0, false, &[])
            .map(|s| (0..s.seats()).map(|i| s.seat_name(i)).collect())
            .unwrap_or_default();
        menu.seat_names = Some((id.to_string(), names));
    }
    let names = menu
        .seat_names
        .as_ref()
        .map(|(_, n)| n.clone())
        .unwrap_or_default();
    if menu.seats.len() < names.len() {
        menu.seats.resize(names.len(), SeatChoice::default());
    }
    ui.strong("Seats");
    egui::Grid::new("seats").num_columns(4).show(ui, |ui| {
        for (i, name) in names.iter().enumerate() {
            let c = &mut menu.seats[i];
            ui.label(name);
            ui.radio_value(&mut c.ai, false, "Human");
            ui.radio_value(&mut c.ai, true, "Computer");
            ui.add_enabled(c.ai, egui::Slider::new(&mut c.level, 1..=5).text("level"))
                .on_hover_text("1 is fastest; each level doubles the computer's search");
            ui.end_row();
        }
    });
    let humans = menu
        .seats
        .iter()
        .take(names.len())
        .filter(|c| !c.ai)
        .count();
    ui.small(match humans {
        0 => "No human seat: watch the computer play itself.",
        1 => "One human seat: no curtain; the computer's hidden counters stay hidden.",
        _ => "Hot-seat between the human seats.",
    });
}

/// The balance section: the shipped report as plain text when there is one, and
/// "Compute balance" (seeded random playouts on a worker thread) with its result.
fn balance_ui(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    root: &std::path::Path,
    id: &str,
    options: &[String],
) {
    if menu.report_variants.as_ref().is_none_or(|(k, _)| k != id) {
        menu.report_variants = Some((id.to_string(), balance::report_variants(root, id)));
        menu.report_variant.clear();
    }
    let report_key = format!("{id} {}", menu.report_variant);
    if menu.report.as_ref().is_none_or(|(k, _)| *k != report_key) {
        let text = balance::read_report_variant(root, id, &menu.report_variant);
        menu.report = Some((report_key, text));
    }
    let key = format!("{id} {}", options.join(" "));
    if menu
        .balance_job
        .as_ref()
        .is_some_and(balance::Job::finished)
        && let Some(job) = menu.balance_job.take()
    {
        let k = job.key.clone();
        menu.balance = Some((k, job.join()));
    }
    egui::CollapsingHeader::new("Balance")
        .id_salt("balance")
        .default_open(true)
        .show(ui, |ui| {
            let variants = menu
                .report_variants
                .as_ref()
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            if !variants.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    ui.small("Shipped reports (players seat by seat):");
                    ui.selectable_value(
                        &mut menu.report_variant,
                        String::new(),
                        "random, random",
                    );
                    for v in variants {
                        let label = balance::variant_label(&v);
                        ui.selectable_value(&mut menu.report_variant, v, label);
                    }
                });
            }
            match menu.report.as_ref().and_then(|(_, t)| t.as_ref()) {
                Some(text) => {
                    ui.small(format!(
                        "Shipped report: {}",
                        balance::variant_path(
                            std::path::Path::new(""),
                            id,
                            &menu.report_variant
                        )
                        .display()
                    ));
                    egui::ScrollArea::vertical()
                        .id_salt("balance_report")
                        .max_height(220.0)
                        .show(ui, |ui| {
                            ui.add(
                                egui::Label::new(egui::RichText::new(text).monospace())
                                    .wrap(),
                            );
                        });
                }
                None => {
                    ui.small(format!(
                        "No balance report is shipped for this scenario ({}).",
                        balance::report_path(std::path::Path::new(""), id).display()
                    ));
                }
            }
            ui.horizontal(|ui| {
                if menu.balance_games == 0 {
                    menu.balance_games = 100;
                }
                let running = menu.balance_job.is_some();
                if ui
                    .add_enabled(
                        !running,
                        egui::Button::new(format!(
                            "Compute balance ({} random games)",
                            menu.balance_games
                        )),
                    )
                    .on_hover_text(
                        "seeded random playouts (seeds 1..=N, default set-up, the chosen optional rules) on a worker thread",
                    )
                    .clicked()
                {
                    let (root, id, options) =
                        (root.to_path_buf(), id.to_string(), options.to_vec());
                    menu.balance_job = Some(balance::Job::start(
                        key.clone(),
                        menu.balance_games,
                        Box::new(move |seed| menu_session(&root, &id, seed, false, &options)),
                    ));
                }
                ui.add_enabled(
                    !running,
                    egui::DragValue::new(&mut menu.balance_games)
                        .range(1..=10_000)
                        .suffix(" games"),
                );
            });
            if let Some(job) = &menu.balance_job {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!(
                        "Playing random games… {}/{}",
                        job.done.load(std::sync::atomic::Ordering::Relaxed),
                        job.games
                    ));
                });
            }
            match &menu.balance {
                Some((k, Ok(sum))) if *k == key => {
                    ui.strong(format!(
                        "{} random games (seeds 1-{}, default set-up):",
                        sum.games, sum.games
                    ));
                    for l in sum.lines() {
                        ui.label(l);
                    }
                }
                Some((k, Err(e))) if *k == key => {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
                _ => {}
            }
        });
}

/// The handoff curtain: hides the board until the next seat is at the screen.
fn curtain_ui(mut contexts: EguiContexts, game: Option<ResMut<Game>>) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if !game.curtain_down {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let name = game.session.seat_name(game.viewer);
    let mut lift = false;
    egui::Area::new("curtain".into()).order(egui::Order::Foreground).fixed_pos(egui::pos2(0.0, 0.0)).show(ctx, |ui| {
        let r = ctx.viewport_rect();
        ui.painter().rect_filled(r, 0.0, egui::Color32::from_rgb(20, 22, 26));
        ui.scope_builder(egui::UiBuilder::new().max_rect(r), |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(r.height() * 0.35);
                ui.heading(egui::RichText::new(format!("Pass the screen to the {name} player")).size(32.0));
                ui.label("The other player should look away: this seat's hidden counters are about to be shown.");
                if ui.button(egui::RichText::new(format!("I am the {name} player — show my view")).size(20.0)).clicked() {
                    lift = true;
                }
            });
        });
    });
    if lift {
        game.curtain_down = false;
        game.generation += 1;
    }
    Ok(())
}

fn result_ui(
    mut contexts: EguiContexts,
    game: Option<Res<Game>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let Some(game) = game else { return Ok(()) };
    let Some(outcome) = game.session.outcome() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(ctx, |ui| {
            let who = outcome.winner.map_or("Draw".to_string(), |w| {
                format!("{} wins", game.session.seat_name(w))
            });
            ui.heading(who);
            ui.label(&outcome.summary);
            for (i, s) in outcome.scores.iter().enumerate() {
                ui.label(format!("{}: {s} points", game.session.seat_name(i as u8)));
            }
            if ui.button("Back to the menu").clicked() {
                commands.remove_resource::<Game>();
                next.set(Screen::Menu);
            }
        });
    Ok(())
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    game: Option<ResMut<Game>>,
    mut contexts: EguiContexts,
    mut commands: Commands,
) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if contexts.ctx_mut()?.egui_wants_keyboard_input() || game.curtain_down {
        return Ok(());
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    let legal = if game.can_act() {
        game.session.legal()
    } else {
        vec![]
    };
    if keys.just_pressed(KeyCode::KeyE) && legal.iter().any(|l| l == "end") {
        game.submit("end");
    } else if keys.just_pressed(KeyCode::KeyP) && legal.iter().any(|l| l == "pass") {
        game.submit("pass");
    } else if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        game.undo();
    } else if ctrl && keys.just_pressed(KeyCode::KeyS) {
        save(&mut game);
    } else if keys.just_pressed(KeyCode::KeyC) {
        game.charts = !game.charts;
    }
    if keys.just_pressed(KeyCode::F12) {
        let n = std::fs::read_dir("saves").map(|r| r.count()).unwrap_or(0);
        let path = PathBuf::from("saves").join(format!("screenshot-{n:03}.png"));
        let _ = std::fs::create_dir_all("saves");
        game.status = format!("screenshot saved to {}", path.display());
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
    }
    Ok(())
}

/// Save the game to `saves/<scenario>.ron` (atomically).
pub fn save(game: &mut Game) {
    let stem = game
        .session
        .scenario()
        .rsplit('/')
        .next()
        .unwrap_or("game")
        .to_string();
    let path = PathBuf::from("saves").join(format!("{stem}.ron"));
    game.status = match game.session.save().write(&path) {
        Ok(()) => format!("saved to {}", path.display()),
        Err(e) => format!("save failed: {e}"),
    };
}

/// Frame times recorded in screenshot mode (the frame-time benchmark).
#[derive(Resource, Default)]
struct FrameTimes(Vec<f32>);

fn record_frame_time(time: Res<Time>, frames: Res<FrameCount>, mut times: ResMut<FrameTimes>) {
    // Skip start-up frames (pipeline compilation, font atlas).
    if frames.0 > 10 {
        times.0.push(time.delta_secs());
    }
}

fn auto_screenshot(
    mut commands: Commands,
    frames: Res<FrameCount>,
    shot: Res<AutoShot>,
    times: Res<FrameTimes>,
    mut done: Local<bool>,
) {
    if *done || frames.0 < shot.at_frame {
        return;
    }
    *done = true;
    let mut t = times.0.clone();
    if !t.is_empty() {
        t.sort_by(f32::total_cmp);
        let mean = t.iter().sum::<f32>() / t.len() as f32;
        let p95 = t[(t.len() * 95 / 100).min(t.len() - 1)];
        println!(
            "frame time over {} frames: mean {:.2} ms, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            t.len(),
            mean * 1e3,
            t[t.len() / 2] * 1e3,
            p95 * 1e3,
            t[t.len() - 1] * 1e3
        );
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(shot.path.clone()))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
