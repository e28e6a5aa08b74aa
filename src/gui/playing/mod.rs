//! The play screen's shell, shared by every ruleset: the [`Game`] resource (the session,
//! who plays each seat, the curtain, autosave, standing orders), the turn bar with its
//! button row, the status line, the log (only the lines the viewing seat may read),
//! the chooser that appears when one click could mean several actions, the handoff
//! curtain and the keyboard shortcuts. A ruleset's plugin only draws its board and its
//! own panels, through the hooks it registers in [`RulesetUis`].

mod act;
mod curtain;
mod look;
mod panels;
mod shortcuts;
mod walk;

pub use act::StandingOrder;
pub use look::{LookKind, Looking};
pub use panels::{
    Drawn, RulesetUi, RulesetUis, UiHook, background_ui, game_is, log_below, play_ui,
    register_ruleset_ui,
};
pub use shortcuts::save;
pub use walk::Walk;

use super::Screen;
use super::fault::{self, Fault};
use crate::core::ai::{Knowledge, Player};
use crate::core::route::Route;
use crate::core::session::{GameId, GameSession, Session};
use bevy::prelude::*;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The game being played, and the shell's per-game settings. It is there for every
/// frame of the play screen, from the first system to the last: the screens that start
/// a game insert it before entering the play screen, and only the transition back to
/// the menu removes it (`end_game`), so a draw never finds it gone half-way through a
/// frame.
#[derive(Resource)]
pub struct Game {
    /// The session.
    session: Box<dyn GameSession>,
    /// Handoff curtain between human seats.
    curtain: bool,
    /// The seat whose view is on screen: the human seat to act, or the last human seat
    /// while a computer player acts, or the watched seat when no seat is human.
    viewer: u8,
    /// The curtain is down (the board is hidden until the next seat clicks).
    curtain_down: bool,
    /// Bumped whenever the state changes, so plugins redraw.
    generation: u64,
    /// Last message for the status line (errors, saves).
    status: String,
    /// The folder its saves, autosaves and screenshots go to ([`SaveDir`]).
    saves: PathBuf,
    /// The clock ([`Rules::clock`](crate::core::game::Rules::clock)) at the last autosave.
    autosaved_turn: u64,
    /// Show the charts window.
    charts: bool,
    /// The actions one click could mean, for the player at the screen to choose between
    /// (a ruleset's click handler fills it; the shell shows it only to the seat that may
    /// act, and clears it whenever the game changes).
    choice: Vec<String>,
    /// A standing order the ruleset's plugin offers (Harvest the Wind: pass every
    /// reaction-fire window), with the seats that gave it.
    standing: Option<StandingOrder>,
    /// Per seat: the computer player that plays it, or `None` for a human.
    players: Vec<Option<Player>>,
    /// The per-game seed of the computer players; each decision's seed mixes it with
    /// the number of actions so far, so the same game and level play the same moves.
    ai_seed: u64,
    /// Which game this is (unique within the process), so a worker's answer for an
    /// earlier game is never applied to this one.
    serial: u64,
    /// Bumped whenever the session's state changes (an action or an undo): a worker's
    /// answer computed for an older value is stale.
    state_gen: u64,
    /// A look back in progress ("since your last turn", or the replay viewer): while
    /// it lasts, `session` is the game at the position shown and nobody may act.
    looking: Option<Looking>,
    /// The viewing seat's count of steps to catch up on, and the state and seat it was
    /// counted for (so it is counted once per change, not every frame).
    catch_up: Option<((u64, u8), usize)>,
    /// A move by destination under way: its steps are submitted one by one.
    walking: Option<Walk>,
    /// The routes of the piece last asked about ([`Game::routes`]), for the state and
    /// seat they were found in.
    routes: Option<((u64, u8, String), Vec<Route>)>,
    /// The legal actions with their kinds, in the session's notation, for the state
    /// they were listed in ([`Game::legal`], [`Game::legal_of_kind`]): the turn bar and
    /// the side panels ask every frame, and listing them can cost milliseconds (a
    /// set-up area's placements: about 8 ms a frame under Xvfb).
    legal: std::sync::Mutex<Option<act::LegalList>>,
    /// The fault message on screen (the fault window) until the player closes it
    /// ([`Game::fault`]).
    fault: Option<String>,
    /// The ruleset hooks that failed to draw in this game (each is reported once).
    failed_hooks: Vec<UiHook>,
    /// The world the seat on screen sees ([`Game::view`]), for the position and seat it
    /// was made for.
    seen: std::sync::Mutex<Option<(SeenKey, SeenWorld)>>,
    /// The players' names, per seat (empty: the seat's default name, "Player 1", ...).
    names: Vec<String>,
}

/// What a seen world was made for: the shell's generation, the session's history and
/// log lengths, the seat on screen, and whether every seat's view is shown.
type SeenKey = (u64, usize, usize, u8, bool);
/// A seen world's state, of whichever ruleset is on screen.
type SeenWorld = Arc<dyn std::any::Any + Send + Sync>;

/// What became of an action submitted to the session ([`Game::submit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Submitted {
    /// The rules applied it.
    Applied,
    /// The rules refused it (or nobody may act now): the status line says why.
    Refused,
    /// The engine refused an action of its own (one it listed as legal, or a computer
    /// player's choice): a fault, reported ([`Game::fault`]); the game is unchanged.
    Fault,
}

/// The folder the menu lists saved games from and the games it starts save to:
/// `saves` under the working folder (tests give one of their own).
#[derive(Resource, Debug, Clone)]
pub struct SaveDir(pub PathBuf);

impl Default for SaveDir {
    fn default() -> Self {
        Self(PathBuf::from("saves"))
    }
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
        let clock = session.clock();
        let seats = usize::from(session.seats());
        let ai_seed = mix_seed(session.save().seed, 0xA1);
        Self {
            session,
            curtain,
            viewer,
            curtain_down: curtain,
            generation: 1,
            status: String::new(),
            saves: SaveDir::default().0,
            autosaved_turn: clock,
            charts: false,
            choice: Vec::new(),
            standing: None,
            players: vec![None; seats],
            ai_seed,
            serial: GAME_SERIAL.fetch_add(1, Ordering::Relaxed),
            state_gen: 1,
            looking: None,
            catch_up: None,
            walking: None,
            routes: None,
            legal: std::sync::Mutex::new(None),
            fault: None,
            failed_hooks: Vec::new(),
            seen: std::sync::Mutex::new(None),
            names: Vec::new(),
        }
    }

    /// The engine is in a state it cannot handle: write the bug report into the saves
    /// folder (the game as it stands, up to its last good action, and the error, the
    /// action, the game and the log the player could read; [`fault::record`]), show the
    /// player the fault window in plain words, and go on from the last good position
    /// (a move by destination and the chooser stop; nothing else changes).
    pub fn fault(&mut self, fault: Fault) {
        let live = self.live();
        let log: Vec<String> = live
            .log()
            .iter()
            .filter(|l| self.may_read(l))
            .map(|l| l.text.clone())
            .collect();
        let to_act = live.to_act().map(|s| live.seat_name(s));
        let save = self.save_file();
        let text = fault::record(&self.saves, &fault, &save, to_act, &log);
        self.walking = None;
        self.choice.clear();
        self.status = "the game hit a fault: it goes on from the last good position".into();
        self.fault = Some(text);
    }

    /// Keep this game's saves, autosaves and screenshots in `dir`.
    pub fn with_saves(mut self, dir: PathBuf) -> Self {
        self.saves = dir;
        self
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

    /// Change who plays each seat (`None` for a human), leaving the view and the
    /// curtain as they are.
    pub fn set_players(&mut self, players: Vec<Option<Player>>) {
        self.players = players;
        self.players.resize(usize::from(self.session.seats()), None);
        self.generation += 1;
    }

    /// The computer player of a seat, if it is not human.
    pub fn ai_player(&self, seat: u8) -> Option<Player> {
        self.players
            .get(usize::from(seat))
            .copied()
            .flatten()
            .or_else(|| {
                // A person's seat whose player handed this part of the game (a
                // campaign's combat) to the computer.
                self.session
                    .delegated(seat)
                    .map(|level| Player::Search { level })
            })
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
            && self.looking.is_none()
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

    /// The save file of this game, naming who plays each seat (`human`, or the computer
    /// player's notation such as `ai:3`).
    pub fn save_file(&self) -> crate::core::save::SaveFile {
        let mut f = self.live().save();
        // The seats' own controllers: a combat a person handed to the computer is in
        // the game's history, not a change of who plays the seat.
        f.players = (0..self.session.seats())
            .map(|s| {
                self.players
                    .get(usize::from(s))
                    .copied()
                    .flatten()
                    .map_or("human".to_string(), |p| p.to_string())
            })
            .collect();
        f.names = if self.names.iter().all(|n| n.trim().is_empty()) {
            vec![]
        } else {
            self.names.clone()
        };
        f
    }

    /// The seats of a save file: computer players where it names one, else human.
    /// Entries that do not read as a player are human.
    pub fn players_of(save: &crate::core::save::SaveFile) -> Vec<Option<Player>> {
        save.players
            .iter()
            .map(|p| p.parse::<Player>().ok())
            .collect()
    }

    /// The session (the game at the position on screen). For the shell and tests: a
    /// ruleset's plugin reads the game only through [`Game::view`] and the methods
    /// below (`tests/suite/gui_leaks.rs` checks the plugins' sources for this).
    pub fn session(&self) -> &dyn GameSession {
        self.session.as_ref()
    }

    /// The session, to change (for the shell and tests, as [`Game::session`]).
    pub fn session_mut(&mut self) -> &mut dyn GameSession {
        self.session.as_mut()
    }

    /// The seat to act at the position on screen.
    pub fn to_act(&self) -> Option<u8> {
        self.session.to_act()
    }

    /// The number of seats.
    pub fn seats(&self) -> u8 {
        self.session.seats()
    }

    /// A seat's side in the game ("Army", "Apache"): the rules' name for it.
    pub fn seat_name(&self, seat: u8) -> String {
        self.session.seat_name(seat)
    }

    /// A seat's role now, where the game has roles ([`GameSession::role`]).
    pub fn role(&self, seat: u8) -> Option<String> {
        self.session.role(seat)
    }

    /// The names of the players of a save file's seats ([`Game::with_names`]).
    pub fn names_of(save: &crate::core::save::SaveFile) -> Vec<String> {
        save.names.clone()
    }

    /// The name of a seat's player: the name typed on the seat screen, or "Player N".
    pub fn player_name(&self, seat: u8) -> String {
        match self.names.get(usize::from(seat)) {
            Some(n) if !n.trim().is_empty() => n.trim().to_string(),
            _ => format!("Player {}", u32::from(seat) + 1),
        }
    }

    /// Who plays a seat, in a player's words: "Ann (Army)", "Ben (the US this turn)";
    /// a computer seat is named by its side only ("Army").
    pub fn who(&self, seat: u8) -> String {
        let side = self.role(seat).unwrap_or_else(|| self.seat_name(seat));
        if self.is_human(seat) {
            format!("{} ({side})", self.player_name(seat))
        } else {
            side
        }
    }

    /// The curtain's heading for a seat coming to the screen: "Pass the screen to Ann
    /// (Apache)" where seats are sides, and "Pass the screen to Ann, the US this turn"
    /// where the game deals roles that change ([`Game::role`]).
    pub fn curtain_title(&self, seat: u8) -> String {
        match self.role(seat) {
            Some(role) if self.is_human(seat) => format!(
                "Pass the screen to {}, {role} this turn",
                self.player_name(seat)
            ),
            _ => format!("Pass the screen to {}", self.who(seat)),
        }
    }

    /// The players' names as typed, per seat (empty for the default name).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Name the seats' players (per seat; missing or blank names are "Player N").
    pub fn with_names(mut self, names: Vec<String>) -> Self {
        self.names = names;
        self.generation += 1;
        self
    }

    /// The seat whose view is on screen.
    pub fn viewing(&self) -> u8 {
        self.viewer
    }

    /// Watch the game through another seat: only when no seat is a person's (a game of
    /// computer players), so nobody at the screen sees a side that is not theirs.
    pub fn watch(&mut self, seat: u8) {
        if seat < self.seats() && (0..self.seats()).all(|s| !self.is_human(s)) {
            self.viewer = seat;
            self.generation += 1;
        }
    }

    /// Whether the handoff curtain is down (nothing of the game is drawn).
    pub fn curtain_down(&self) -> bool {
        self.curtain_down
    }

    /// Lift the curtain for the seat on screen.
    pub fn lift_curtain(&mut self) {
        if self.curtain_down {
            self.curtain_down = false;
            self.generation += 1;
        }
    }

    /// Bring the curtain down now (until the seat on screen lifts it).
    pub fn drop_curtain(&mut self) {
        self.curtain_down = true;
        self.generation += 1;
    }

    /// Have the curtain come down between human seats, or not.
    pub fn set_curtain(&mut self, on: bool) {
        self.curtain = on;
    }

    /// Ask the plugins to draw everything again.
    pub fn redraw(&mut self) {
        self.generation += 1;
    }

    /// Whether the curtain comes down between human seats.
    pub fn curtain(&self) -> bool {
        self.curtain
    }

    /// Bumped whenever what is on screen changes, so plugins redraw.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Bumped whenever the session's state changes (an action or an undo).
    pub fn state_gen(&self) -> u64 {
        self.state_gen
    }

    /// Which game this is (unique within the process).
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The per-game seed of the computer players.
    pub fn ai_seed(&self) -> u64 {
        self.ai_seed
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Say something on the status line.
    pub fn set_status(&mut self, text: impl Into<String>) {
        self.status = text.into();
    }

    /// The folder its saves, autosaves and screenshots go to ([`SaveDir`]).
    pub fn saves(&self) -> &std::path::Path {
        &self.saves
    }

    /// Whether the charts window is open.
    pub fn charts(&self) -> bool {
        self.charts
    }

    /// Open or close the charts window.
    pub fn set_charts(&mut self, open: bool) {
        self.charts = open;
    }

    /// The actions one click could mean, for the player at the screen to choose from.
    pub fn choice(&self) -> &[String] {
        &self.choice
    }

    /// Offer the player a choice between actions (a ruleset's click handler; the shell
    /// shows it only to the seat that may act, and clears it whenever the game changes).
    pub fn offer_choice(&mut self, actions: Vec<String>) {
        self.choice = actions;
    }

    /// Take the choice away.
    pub fn clear_choice(&mut self) {
        self.choice.clear();
    }

    /// The standing order the ruleset's plugin offers, if any.
    pub fn standing_order(&self) -> Option<&StandingOrder> {
        self.standing.as_ref()
    }

    /// Offer a standing order (a ruleset's plugin, once per game).
    pub fn offer_standing_order(&mut self, order: StandingOrder) {
        self.standing = Some(order);
    }

    /// Per seat: the computer player that plays it, or `None` for a human.
    pub fn players(&self) -> &[Option<Player>] {
        &self.players
    }

    /// The look back in progress, if any.
    pub fn looking(&self) -> Option<&Looking> {
        self.looking.as_ref()
    }

    /// The move by destination under way, if any.
    pub fn walking(&self) -> Option<&Walk> {
        self.walking.as_ref()
    }

    /// The fault message on screen, if any.
    pub fn fault_message(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    /// The game on screen as the seat on screen may see it, when it is of ruleset `R`
    /// (or the game being played inside it now is: a campaign's battle,
    /// [`Rules::level`](crate::core::game::Rules::level)). This is all a ruleset's
    /// plugin sees of the game: a world in which what that seat may not see is dealt
    /// anew at random ([`GameSession::seen_by`]), so a board or panel that drew a
    /// hidden thing would draw a guess, never the truth. A finished game's replay seen
    /// through every seat gives the true state. Made once per position and seat.
    pub fn view<R: Knowledge + GameId>(&self) -> Option<Arc<R::State>>
    where
        R::State: Send + Sync,
    {
        let every = self
            .looking
            .as_ref()
            .is_some_and(|l| l.replay.seat.is_none());
        let key = (
            self.generation,
            self.session.history().len(),
            self.session.log().len(),
            self.viewer,
            every,
        );
        let mut cache = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((k, w)) = cache.as_ref()
            && *k == key
        {
            return w.clone().downcast::<R::State>().ok();
        }
        let seat = (!every).then_some(self.viewer);
        let seed = mix_seed(self.ai_seed ^ 0x5EE1, self.session.history().len() as u64);
        let world = self.session.seen_by(seat, seed);
        let state: R::State = match world.as_any().downcast_ref::<Session<R>>() {
            Some(s) => s.state.clone(),
            None => {
                let l = world.level()?;
                if l.game != R::ID {
                    return None;
                }
                l.state.downcast_ref::<R::State>()?.clone()
            }
        };
        let state: Arc<R::State> = Arc::new(state);
        *cache = Some((key, state.clone()));
        Some(state)
    }

    /// The id of the game whose board is on screen: the game being played inside this
    /// one (a campaign's battle), or this game.
    pub fn level_game(&self) -> &'static str {
        self.session.level().map_or(self.session.game(), |l| l.game)
    }
}

/// When the game on screen changes within a session (a campaign's battle begins or
/// ends), enter the play screen again, so the boards of the old game are taken down
/// and the new game's board is drawn.
fn follow_level(
    game: Option<Res<Game>>,
    mut shown: Local<Option<(u64, &'static str)>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(game) = game else {
        *shown = None;
        return;
    };
    let now = (game.serial, game.level_game());
    match *shown {
        Some((serial, level)) if serial == now.0 && level != now.1 => next.set(Screen::Playing),
        _ => {}
    }
    *shown = Some(now);
}

/// Leaving the play screen for the menu ends the game: the one place the [`Game`] is
/// removed. Every way back to the menu (the Menu button, the result window's, the
/// replay viewer's Close and Esc) only asks for the menu screen (`NextState`), so the
/// game is there for the whole of the frame that asked, whatever is drawn after the
/// button; the transition runs before the next frame's systems, after the board is
/// taken down (`OnExit`, [`board::take_down_on_exit`]).
fn end_game(mut commands: Commands) {
    commands.remove_resource::<Game>();
}

/// The shell's systems that need no egui: entering the play screen again when the
/// game on screen changes (a campaign's battle begins or ends), and ending the game on
/// the way back to the menu. Headless App tests use it with the ruleset plugins' logic.
pub fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (follow_level, walk::walk).run_if(in_state(Screen::Playing)),
    )
    .add_systems(
        OnTransition {
            exited: Screen::Playing,
            entered: Screen::Menu,
        },
        end_game,
    );
}

/// Register the play screen's shell.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesetUis>()
        .add_plugins(logic_plugin)
        .add_systems(
            Update,
            (shortcuts::shortcuts, look::look_play).run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (play_ui, curtain::curtain_ui, panels::fault_ui)
                .chain()
                .run_if(in_state(Screen::Playing)),
        );
}
