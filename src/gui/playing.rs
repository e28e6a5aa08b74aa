//! The play screen's shell, shared by every ruleset: the [`Game`] resource (the session,
//! who plays each seat, the curtain, autosave, standing orders), the turn bar with its
//! button row, the status line, the log (only the lines the viewing seat may read),
//! the chooser that appears when one click could mean several actions, the handoff
//! curtain and the keyboard shortcuts. A ruleset's plugin only draws its board and its
//! own panels, through the hooks it registers in [`RulesetUis`].

use super::fault::{Doing, Fault};
use super::{Screen, ai, board, fault};
use crate::core::ai::{Knowledge, Player};

use crate::core::game::ActionKind;
use crate::core::replay::Replay;
use crate::core::route::Route;
use crate::core::session::{GameId, GameSession, Session};
use bevy::ecs::system::{InMut, SystemId};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy_egui::{EguiContexts, egui};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// The game being played, and the shell's per-game settings. It is there for every
/// frame of the play screen, from the first system to the last: the screens that start
/// a game insert it before entering the play screen, and only the transition back to
/// the menu removes it (`end_game`), so a draw never finds it gone half-way through a
/// frame.
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
    /// The folder its saves, autosaves and screenshots go to ([`SaveDir`]).
    pub saves: PathBuf,
    /// The clock ([`Rules::clock`](crate::core::game::Rules::clock)) at the last autosave.
    pub autosaved_turn: u64,
    /// Show the charts window.
    pub charts: bool,
    /// The actions one click could mean, for the player at the screen to choose between
    /// (a ruleset's click handler fills it; the shell shows it only to the seat that may
    /// act, and clears it whenever the game changes).
    pub choice: Vec<String>,
    /// A standing order the ruleset's plugin offers (Harvest the Wind: pass every
    /// reaction-fire window), with the seats that gave it.
    pub standing: Option<StandingOrder>,
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
    /// A look back in progress ("since your last turn", or the replay viewer): while
    /// it lasts, `session` is the game at the position shown and nobody may act.
    pub looking: Option<Looking>,
    /// The viewing seat's count of steps to catch up on, and the state and seat it was
    /// counted for (so it is counted once per change, not every frame).
    catch_up: Option<((u64, u8), usize)>,
    /// A move by destination under way: its steps are submitted one by one.
    pub walking: Option<Walk>,
    /// The routes of the piece last asked about ([`Game::routes`]), for the state and
    /// seat they were found in.
    routes: Option<((u64, u8, String), Vec<Route>)>,
    /// The legal actions with their kinds, in the session's notation, for the state
    /// they were listed in ([`Game::legal`], [`Game::legal_of_kind`]): the turn bar and
    /// the side panels ask every frame, and listing them can cost milliseconds (a
    /// set-up area's placements: about 8 ms a frame under Xvfb).
    legal: std::sync::Mutex<Option<LegalList>>,
    /// The fault message on screen (the fault window) until the player closes it
    /// ([`Game::fault`]).
    pub fault: Option<String>,
    /// The ruleset hooks that failed to draw in this game (each is reported once).
    failed_hooks: Vec<UiHook>,
}

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

/// The legal actions listed for a state: its key ([`Game::legal_key`]) and each
/// action with its kind.
type LegalList = (LegalKey, std::sync::Arc<Vec<(String, ActionKind)>>);

/// What tells one state of a session on screen from another for the listing of its
/// legal actions: the shell's generation (bumped by every action, undo and look back it
/// makes), and the session's history and log lengths (which change with any action
/// applied to it directly).
type LegalKey = (u64, usize, usize);

/// A move by destination being made: the steps still to submit.
#[derive(Debug, Clone)]
pub struct Walk {
    /// The piece moving.
    pub piece: String,
    /// Where it is going.
    pub to: String,
    /// The seat moving it.
    pub seat: u8,
    /// The steps not yet made, in notation, first first.
    pub steps: std::collections::VecDeque<String>,
    /// Seconds since the last step (the steps are shown one by one).
    pub since: f32,
}

impl Walk {
    /// Seconds between steps.
    pub const PACE: f32 = 0.12;
}

/// Why the game is being looked back on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookKind {
    /// A seat catching up on what happened since it last acted; it ends back in the
    /// game.
    CatchUp,
    /// The replay viewer: a saved game opened to be stepped through, not played on.
    Viewer,
}

/// A look back: the live game kept aside while positions of its history are shown.
pub struct Looking {
    /// The game as it stands.
    pub live: Box<dyn GameSession>,
    /// The walk through its positions.
    pub replay: Replay,
    /// What it is for.
    pub kind: LookKind,
    /// Stepping forward by itself, one step every [`Looking::PACE`] seconds.
    pub playing: bool,
    /// Seconds since the last step while playing.
    pub since: f32,
}

impl Looking {
    /// Seconds between steps while playing.
    pub const PACE: f32 = 0.8;
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

    /// Where `piece` can go by its steps now, for the human seat on screen (none when it
    /// may not act), from a world that seat may see; found once per state.
    pub fn routes(&mut self, piece: &str) -> &[Route] {
        let key = (self.state_gen, self.viewer, piece.to_string());
        if self.routes.as_ref().is_none_or(|(k, _)| *k != key) {
            let found = if self.can_act() && self.walking.is_none() {
                self.session.routes(piece, self.viewer)
            } else {
                vec![]
            };
            self.routes = Some((key, found));
        }
        self.routes.as_ref().map_or(&[], |(_, r)| r.as_slice())
    }

    /// The routes last found for `piece` in this state and seat (empty if none were
    /// asked for): for drawing, which cannot search.
    pub fn cached_routes(&self, piece: &str) -> &[Route] {
        match &self.routes {
            Some(((g, v, p), r)) if *g == self.state_gen && *v == self.viewer && p == piece => r,
            _ => &[],
        }
    }

    /// Move `piece` to `to` by the route found there, step by step through the rules
    /// ([`walk_step`]). `false` when no route leads there.
    pub fn walk_to(&mut self, piece: &str, to: &str) -> bool {
        let Some(r) = self.routes(piece).iter().find(|r| r.to == to).cloned() else {
            return false;
        };
        self.walking = Some(Walk {
            piece: piece.to_string(),
            to: to.to_string(),
            seat: self.viewer,
            steps: r.actions.into_iter().collect(),
            since: Walk::PACE,
        });
        true
    }

    /// Make the next step of a move by destination, or stop it (and say why) when the
    /// rules interrupt it: another seat is asked to act (a reaction-fire window), or the
    /// step is no longer legal (a hidden unit revealed in the way).
    pub fn walk_step(&mut self) {
        let Some(w) = self.walking.as_mut() else {
            return;
        };
        let Some(step) = w.steps.front().cloned() else {
            self.walking = None;
            return;
        };
        let (seat, to) = (w.seat, w.to.clone());
        if self.looking.is_some() || self.session.to_act() != Some(seat) || !self.can_act() {
            let who = self
                .session
                .to_act()
                .map_or("nobody".to_string(), |s| self.session.seat_name(s));
            self.walking = None;
            self.status = format!(
                "the move to {to} stopped: the {who} player is asked to act (the rules interrupt it here); select the piece to go on"
            );
            return;
        }
        if let Some(w) = self.walking.as_mut() {
            w.steps.pop_front();
        }
        // The rules judge the step (a Leader's party is not listed among the legal
        // actions, so the list cannot): refused, the move stops there and says why.
        // A step the rules list now and then refuse is a fault (`submit` reports it);
        // one they do not list is the world turning out other than the mover saw it.
        match self.submit(&step) {
            Submitted::Applied => {}
            Submitted::Fault => {
                self.walking = None;
                return;
            }
            Submitted::Refused => {
                self.walking = None;
                self.status = format!(
                    "the move to {to} stopped: '{step}' is no longer allowed (something in the way showed itself: {}); select the piece to go on",
                    self.status
                );
                return;
            }
        }
        if self.walking.as_ref().is_some_and(|w| w.steps.is_empty()) {
            self.walking = None;
        }
    }

    /// The replay viewer: a game (a loaded save) opened to be stepped through from its
    /// start, seen through `seat` (or, when the game is over, `None` for every seat's
    /// log). Nobody plays it.
    pub fn viewer(session: Box<dyn GameSession>, seat: Option<u8>) -> Result<Self, String> {
        Self::open_viewer(session, seat).map_err(|(e, _)| e)
    }

    /// [`Game::viewer`], giving the game back with the engine's reason when it cannot
    /// be replayed (a fault: the menu and the result window offer only replays that
    /// should open).
    pub(super) fn open_viewer(
        session: Box<dyn GameSession>,
        seat: Option<u8>,
    ) -> Result<Self, (String, Box<dyn GameSession>)> {
        let replay = match Replay::whole(session.as_ref(), seat) {
            Ok(r) => r,
            Err(e) => return Err((e.to_string(), session)),
        };
        let Some(shown) = replay.shown(session.as_ref()) else {
            return Err((rewind_error(replay.pos), session));
        };
        let mut g = Self::new(session, false);
        g.curtain_down = false;
        g.viewer = seat.unwrap_or(0);
        g.look_with(replay, LookKind::Viewer, shown);
        Ok(g)
    }

    /// This game as the replay viewer, every seat's view (the result window's "Replay
    /// this game"). A game that cannot be replayed is given back as it was, with a
    /// fault reported ([`Game::fault`]).
    pub fn into_replay(self) -> Self {
        if self.looking.is_some() {
            return self;
        }
        let mut kept = self;
        let saves = kept.saves.clone();
        match Self::open_viewer(kept.session, None) {
            Ok(v) => v.with_saves(saves),
            Err((e, session)) => {
                kept.session = session;
                kept.fault(Fault {
                    doing: Doing::Replay,
                    action: None,
                    why: "the replay viewer could not open a finished game".into(),
                    error: e,
                });
                kept
            }
        }
    }

    /// The game as it stands, taken out of this window's game (a look back ends).
    pub fn into_live(self) -> Box<dyn GameSession> {
        match self.looking {
            Some(l) => l.live,
            None => self.session,
        }
    }

    /// The game as it stands (not the position a look back shows).
    pub fn live(&self) -> &dyn GameSession {
        self.looking
            .as_ref()
            .map_or(self.session.as_ref(), |l| l.live.as_ref())
    }

    /// Start a look back at the replay's position; `false`, with a fault reported, when
    /// that position cannot be rewound.
    fn looking_at(&mut self, replay: Replay, kind: LookKind) -> bool {
        match replay.shown(self.live()) {
            Some(shown) => {
                self.look_with(replay, kind, shown);
                true
            }
            None => {
                self.fault(Fault {
                    doing: Doing::Replay,
                    action: None,
                    why: "a look back could not start".into(),
                    error: rewind_error(replay.pos),
                });
                false
            }
        }
    }

    /// Start a look back showing `shown`, the replay's position.
    fn look_with(&mut self, replay: Replay, kind: LookKind, shown: Box<dyn GameSession>) {
        let live = std::mem::replace(&mut self.session, shown);
        let live = match self.looking.take() {
            Some(l) => l.live,
            None => live,
        };
        self.looking = Some(Looking {
            live,
            replay,
            kind,
            playing: false,
            since: 0.0,
        });
        self.choice.clear();
        self.generation += 1;
    }

    /// How many steps the seat on screen has to catch up on since it last acted (0
    /// while looking back, behind the curtain, or for a computer seat).
    pub fn catch_up_steps(&mut self) -> usize {
        if self.looking.is_some() || self.curtain_down || !self.is_human(self.viewer) {
            return 0;
        }
        let key = (self.state_gen, self.viewer);
        if let Some((k, n)) = self.catch_up
            && k == key
        {
            return n;
        }
        let n = Replay::since_last_turn(self.session.as_ref(), self.viewer)
            .map_or(0, |mut r| r.steps(self.session.as_ref()));
        self.catch_up = Some((key, n));
        n
    }

    /// Start "since your last turn" for the seat on screen: what happened since it last
    /// acted, through its own view, from the position it left. `false` when there is
    /// nothing to see.
    pub fn start_catch_up(&mut self) -> bool {
        if self.looking.is_some() || self.curtain_down || !self.is_human(self.viewer) {
            return false;
        }
        match Replay::since_last_turn(self.session.as_ref(), self.viewer) {
            Some(r) => {
                if !self.looking_at(r, LookKind::CatchUp) {
                    return false;
                }
                self.status = "since your last turn: step forward, or go back to the game".into();
                true
            }
            None => false,
        }
    }

    /// Move a look back: `forward` one step or back one; `false` at either end.
    pub fn look_step(&mut self, forward: bool) -> bool {
        let Some(l) = self.looking.as_mut() else {
            return false;
        };
        let before = l.replay.clone();
        let moved = if forward {
            l.replay.forward(l.live.as_ref())
        } else {
            l.replay.back(l.live.as_ref())
        };
        if moved {
            return self.show_look(before);
        }
        if let Some(l) = self.looking.as_mut() {
            l.playing = false;
        }
        false
    }

    /// Jump a look back to its first step or (`end`) its last.
    pub fn look_jump(&mut self, end: bool) {
        let Some(l) = self.looking.as_mut() else {
            return;
        };
        let before = l.replay.clone();
        if end {
            l.replay.to_end(l.live.as_ref());
        } else {
            l.replay.to_start();
        }
        self.show_look(before);
    }

    /// Show the replay through another seat (the replay viewer only), or through every
    /// seat's log once the game is over (`None`); it stays at the same position.
    pub fn look_as(&mut self, seat: Option<u8>) {
        let Some(l) = self.looking.as_ref() else {
            return;
        };
        if l.kind != LookKind::Viewer {
            return;
        }
        if l.live.outcome().is_none() {
            // An unfinished game is seen through the seat it was opened as: another
            // seat's view would show the person at the screen both sides.
            self.status =
                "the game is not over: it is seen only through the seat it was opened as".into();
            return;
        }
        let pos = l.replay.pos;
        let before = l.replay.clone();
        match Replay::whole(l.live.as_ref(), seat) {
            Ok(mut r) => {
                // Stay where we were, at the step that shows it.
                while r.pos < pos && r.forward(self.live()) {}
                if let Some(l) = self.looking.as_mut() {
                    l.replay = r;
                }
                let viewer = self.viewer;
                self.viewer = seat.unwrap_or(self.viewer);
                if !self.show_look(before) {
                    self.viewer = viewer;
                }
            }
            // The viewer offers only the game's own seats, and every seat's view only
            // once it is over.
            Err(e) => self.fault(Fault {
                doing: Doing::Replay,
                action: None,
                why: "the replay viewer could not show the game through another seat".into(),
                error: e.to_string(),
            }),
        }
    }

    /// Show the position the look back has moved to; when it cannot be rewound, a
    /// fault is reported and the look back goes back to `before` (still on screen).
    fn show_look(&mut self, before: Replay) -> bool {
        let Some(l) = self.looking.as_mut() else {
            return false;
        };
        let Some(shown) = l.replay.shown(l.live.as_ref()) else {
            let pos = l.replay.pos;
            l.replay = before;
            l.playing = false;
            self.fault(Fault {
                doing: Doing::Replay,
                action: None,
                why: "a look back could not show a position".into(),
                error: rewind_error(pos),
            });
            return false;
        };
        self.session = shown;
        self.choice.clear();
        self.generation += 1;
        true
    }

    /// End a look back: the live game is on screen again.
    pub fn end_look(&mut self) {
        if let Some(l) = self.looking.take() {
            self.session = l.live;
            self.generation += 1;
            self.status.clear();
        }
    }

    /// Whether the log line is one the person at the screen may read: the viewing
    /// seat's, or every line in the full view of a finished game's replay.
    pub fn may_read(&self, line: &crate::core::game::LogEntry) -> bool {
        match &self.looking {
            Some(l) if l.replay.seat.is_none() => true,
            _ => line.visible(self.viewer),
        }
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

    /// Find the routes of the selected piece, once per state, for the board to draw
    /// ([`Game::cached_routes`]); nothing when none is selected or the seat on screen
    /// may not act.
    pub fn keep_routes(&mut self, selected: Option<&str>) {
        if let Some(p) = selected
            && self.can_act()
        {
            self.routes(p);
        }
    }

    /// What a click on a hex (`to`, in notation) does once a ruleset plugin has worked
    /// out the legal actions the click could mean (`acts`) and the viewing seat's own
    /// pieces in the hex (`own`): one action is submitted, several go to the chooser;
    /// with none, the selected piece moves there by destination when a route leads
    /// there (the rules may stop it on the way), else the click selects the next of
    /// those pieces (cycling through a stack) in `selected`.
    pub fn resolve_click(
        &mut self,
        selected: &mut Option<String>,
        acts: Vec<String>,
        own: &[String],
        to: &str,
    ) {
        if acts.len() == 1 {
            self.submit(&acts[0]);
            self.choice.clear();
            return;
        }
        if acts.len() > 1 {
            self.choice = acts;
            return;
        }
        self.choice.clear();
        // A click on the piece's own stack selects, as always.
        if let Some(piece) = selected.clone()
            && !own.contains(&piece)
            && self.can_act()
            && self.walk_to(&piece, to)
        {
            return;
        }
        *selected = match selected
            .as_ref()
            .and_then(|cur| own.iter().position(|x| x == cur))
        {
            Some(i) => own.get((i + 1) % own.len()).cloned(),
            None => own.first().cloned(),
        };
    }

    /// Submit an action in notation; errors go to the status line, nothing is lost.
    /// Computer players' actions come through here too, so they are logged the same way;
    /// the status line then names the seat, not the action (its notation may name a piece
    /// hidden from the person at the screen). An action the rules list as legal now and
    /// then refuse is a fault ([`Game::fault`]), not a message for the player; one they
    /// do not list (a move built by the player, a step of a route through a world that
    /// turned out otherwise) is refused in the rules' words.
    pub fn submit(&mut self, action: &str) -> Submitted {
        self.submit_as(action, false)
    }

    /// Submit an action the engine itself chose for this very state (a computer
    /// player's answer): whatever the list says, a refusal is a fault.
    pub fn submit_listed(&mut self, action: &str) -> Submitted {
        self.submit_as(action, true)
    }

    fn submit_as(&mut self, action: &str, chosen: bool) -> Submitted {
        if self.looking.is_some() {
            self.status = "looking back: go back to the game to act".into();
            return Submitted::Refused;
        }
        let by = self.session.to_act();
        let action = &self.in_session_notation(action);
        match self.session.apply_str(action) {
            Err(e) if chosen || self.listed(action) => {
                let doing = match by.filter(|&s| !self.is_human(s)) {
                    Some(s) => Doing::ComputerMove(self.session.seat_name(s)),
                    None => Doing::Move,
                };
                self.fault(Fault {
                    doing,
                    action: Some(action.clone()),
                    why: if chosen {
                        "the rules refused the action a computer player chose".into()
                    } else {
                        "the rules refused an action they list as legal".into()
                    },
                    error: e.to_string(),
                });
                Submitted::Fault
            }
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
                Submitted::Applied
            }
            Err(crate::core::error::Error::Parse(e)) => {
                self.status = format!("not an action: {e}");
                Submitted::Refused
            }
            Err(e) => {
                self.status = format!("refused: {e}");
                Submitted::Refused
            }
        }
    }

    /// Whether the rules list `action` (in the session's notation) as legal now.
    fn listed(&self, action: &str) -> bool {
        self.legal_kinds().iter().any(|(a, _)| a == action)
    }

    /// Undo the last action for the human seat on screen: only its own action, back to
    /// the last die roll or reveal or the last action of another seat (a computer
    /// player's answer is never taken back, so a person cannot see a reply and play
    /// differently).
    pub fn undo(&mut self) {
        if self.curtain_down || self.looking.is_some() || !self.is_human(self.viewer) {
            return;
        }
        if self.session.undo(self.viewer) {
            self.status = "undone".into();
            self.after_change();
        } else {
            self.status =
                "nothing to undo: undo stops at a die roll, a reveal or another seat's action"
                    .into();
        }
    }

    /// Whether the human seat on screen may undo now.
    pub fn can_undo(&self) -> bool {
        !self.curtain_down
            && self.looking.is_none()
            && self.is_human(self.viewer)
            && self.session.can_undo(self.viewer)
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

    /// The typed session, when this game is of ruleset `R` (the one place the shell
    /// looks behind [`GameSession`] for a plugin).
    pub fn session_of<R: Knowledge + GameId>(&self) -> Option<&Session<R>>
    where
        R::State: Send + Sync,
    {
        self.session.as_any().downcast_ref::<Session<R>>()
    }

    /// The state, when this game is of ruleset `R`, or the game being played inside it
    /// now is (a campaign's battle, [`Rules::level`](crate::core::game::Rules::level)).
    pub fn state<R: Knowledge + GameId>(&self) -> Option<&R::State>
    where
        R::State: Send + Sync,
    {
        if let Some(s) = self.session_of::<R>() {
            return Some(&s.state);
        }
        let l = self.session.level()?;
        if l.game != R::ID {
            return None;
        }
        l.state.downcast_ref::<R::State>()
    }

    /// The id of the game whose board is on screen: the game being played inside this
    /// one (a campaign's battle), or this game.
    pub fn level_game(&self) -> &'static str {
        self.session.level().map_or(self.session.game(), |l| l.game)
    }

    /// The legal actions in the notation of the game on screen ([`Game::level_game`]):
    /// a battle's actions without the campaign's prefix.
    pub fn legal(&self) -> Vec<String> {
        let legal = self.legal_kinds();
        let prefix = self.session.level().map(|l| l.prefix);
        legal
            .iter()
            .map(|(a, _)| match prefix {
                Some(p) => a.strip_prefix(p).unwrap_or(a).to_string(),
                None => a.clone(),
            })
            .collect()
    }

    /// The first legal action of a kind, in the session's notation (the "End phase"
    /// and "Pass" buttons and keys).
    pub fn legal_of_kind(&self, kind: ActionKind) -> Option<String> {
        self.legal_kinds()
            .iter()
            .find_map(|(a, k)| (*k == kind).then(|| a.clone()))
    }

    /// The key of the state on screen for its legal actions ([`LegalKey`]).
    fn legal_key(&self) -> LegalKey {
        (
            self.generation,
            self.session.history().len(),
            self.session.log().len(),
        )
    }

    /// The legal actions and their kinds, listed once per state ([`LegalKey`]).
    fn legal_kinds(&self) -> std::sync::Arc<Vec<(String, ActionKind)>> {
        let key = self.legal_key();
        let mut cache = self
            .legal
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match cache.as_ref() {
            Some((k, l)) if *k == key => l.clone(),
            _ => {
                let l = std::sync::Arc::new(self.session.legal_kinds());
                *cache = Some((key, l.clone()));
                l
            }
        }
    }

    /// An action in the notation of the game on screen, as the session reads it.
    fn in_session_notation(&self, action: &str) -> String {
        match self.session.level() {
            Some(l) if !action.trim_start().starts_with(l.prefix.trim_end()) => {
                format!("{}{}", l.prefix, action.trim_start())
            }
            _ => action.to_string(),
        }
    }

    /// Give or cancel a seat's standing order. Given while that seat is being asked a
    /// decision the order covers, it declines it at once too.
    pub fn set_standing(&mut self, seat: u8, on: bool) {
        let Some(o) = self.standing.as_mut() else {
            return;
        };
        let i = usize::from(seat);
        if o.seats.len() <= i {
            o.seats.resize(i + 1, false);
        }
        o.seats[i] = on;
        if on && (o.applies)(self.session.as_ref()) && self.session.to_act() == Some(seat) {
            self.after_change();
        }
    }

    /// Whether a seat has given the standing order.
    pub fn standing_for(&self, seat: u8) -> bool {
        self.standing
            .as_ref()
            .is_some_and(|o| o.seats.get(usize::from(seat)).copied().unwrap_or(false))
    }

    fn after_change(&mut self) {
        if self.looking.is_some() {
            // A past position is on screen: nothing is declined, followed or saved.
            self.generation += 1;
            return;
        }
        self.generation += 1;
        self.state_gen += 1;
        self.choice.clear();
        // Standing orders: decline the decisions they cover for the seats that gave them.
        let mut passes = 0;
        while passes < 100
            && let Some(o) = &self.standing
            && (o.applies)(self.session.as_ref())
            && self.session.to_act().is_some_and(|s| self.standing_for(s))
            && let Some(a) = self.session.legal_of_kind(ActionKind::Decline)
        {
            // The decline the rules listed, refused: a fault.
            if let Err(e) = self.session.apply_str(&a) {
                self.fault(Fault {
                    doing: Doing::Move,
                    action: Some(a),
                    why: "the rules refused the decline they listed, made for a standing order"
                        .into(),
                    error: e.to_string(),
                });
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
            if from_human {
                // The status line may quote the last seat's action, which can name its
                // hidden pieces: the next seat reads only whose turn it is.
                self.status = format!(
                    "{} has acted; {} to act",
                    self.session.seat_name(self.viewer),
                    self.session.seat_name(next)
                );
            }
            self.viewer = next;
            self.curtain_down = self.curtain && from_human;
        }
        let t = self.session.clock();
        if t != self.autosaved_turn {
            self.autosaved_turn = t;
            let t = self.session.turn();
            let path = self.saves.join("autosave.ron");
            let saved = match self.save_file().write(&path) {
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

/// The handoff curtain: hides the board until the next seat is at the screen.
fn curtain_ui(mut contexts: EguiContexts, game: Option<ResMut<Game>>) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if !game.curtain_down {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let name = game.session.seat_name(game.viewer);
    let mut lift = false;
    let mut catch_up = false;
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
                if ui.button(egui::RichText::new("…and replay what happened since my last turn").size(16.0)).clicked() {
                    lift = true;
                    catch_up = true;
                }
            });
        });
    });
    if lift {
        game.curtain_down = false;
        game.generation += 1;
    }
    if catch_up && !game.start_catch_up() && game.fault.is_none() {
        game.status = "nothing has changed in your view since your last turn".into();
    }
    Ok(())
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    game: Option<ResMut<Game>>,
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if contexts.ctx_mut()?.egui_wants_keyboard_input() || game.curtain_down {
        return Ok(());
    }
    if let Some(kind) = game.looking.as_ref().map(|l| l.kind) {
        // The arrow keys pan the board, so stepping is on `.` and `,` (as `>` and `<`).
        if keys.just_pressed(KeyCode::Period) {
            game.look_step(true);
        } else if keys.just_pressed(KeyCode::Comma) {
            game.look_step(false);
        } else if keys.just_pressed(KeyCode::Home) {
            game.look_jump(false);
        } else if keys.just_pressed(KeyCode::End) {
            game.look_jump(true);
        } else if keys.just_pressed(KeyCode::Space)
            && let Some(l) = game.looking.as_mut()
        {
            l.playing = !l.playing;
            l.since = 0.0;
        } else if keys.just_pressed(KeyCode::Escape) {
            match kind {
                LookKind::CatchUp => game.end_look(),
                LookKind::Viewer => next.set(Screen::Menu),
            }
        }
        return Ok(());
    }
    if keys.just_pressed(KeyCode::KeyR) {
        game.start_catch_up();
        return Ok(());
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    let kind = if keys.just_pressed(KeyCode::KeyE) {
        Some(ActionKind::EndPhase)
    } else if keys.just_pressed(KeyCode::KeyP) {
        Some(ActionKind::Decline)
    } else {
        None
    };
    let act = kind
        .filter(|_| game.can_act())
        .and_then(|k| game.legal_of_kind(k));
    if let Some(a) = act {
        game.submit(&a);
    } else if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        game.undo();
    } else if ctrl && keys.just_pressed(KeyCode::KeyS) {
        save(&mut game);
    } else if keys.just_pressed(KeyCode::KeyC) {
        game.charts = !game.charts;
    }
    if keys.just_pressed(KeyCode::F12) {
        let n = std::fs::read_dir(&game.saves)
            .map(|r| r.count())
            .unwrap_or(0);
        let path = game.saves.join(format!("screenshot-{n:03}.png"));
        let _ = std::fs::create_dir_all(&game.saves);
        game.status = format!("screenshot saved to {}", path.display());
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
    }
    Ok(())
}

/// Save the game to `<saves folder>/<scenario>.ron` (atomically; [`Game::saves`]).
pub fn save(game: &mut Game) {
    let stem = game
        .session
        .scenario()
        .rsplit('/')
        .next()
        .unwrap_or("game")
        .to_string();
    let path = game.saves.join(format!("{stem}.ron"));
    game.status = match game.save_file().write(&path) {
        Ok(()) => format!("saved to {}", path.display()),
        Err(e) => format!("save failed: {e}"),
    };
}

/// A standing order a ruleset's plugin offers the seats: decline, without asking, every
/// decision it covers (Harvest the Wind: reaction-fire windows). It submits the
/// ruleset's decline action ([`ActionKind::Decline`]), so the rules are unchanged.
pub struct StandingOrder {
    /// The label of its checkboxes ("Auto-pass reaction fire").
    pub label: &'static str,
    /// Whether the decision pending now is one the order covers.
    pub applies: fn(&dyn GameSession) -> bool,
    /// The seats that gave it.
    pub seats: Vec<bool>,
}

/// What draws into a part of the play screen the shell lays out: a one-shot system
/// given the egui `Ui` of that part.
pub type UiHook = SystemId<InMut<'static, egui::Ui>>;

/// What a ruleset's plugin gives the shell.
#[derive(Clone)]
pub struct RulesetUi {
    /// The game id it draws ([`GameSession::game`]).
    pub game: &'static str,
    /// The ruleset's part of the turn bar: scenario, turn, phase, scores.
    pub turn_info: UiHook,
    /// The left panel: the selection, decisions not made on the board, stacks.
    pub side_panel: UiHook,
    /// Buttons of its own in the shell's button row (before Undo), if any.
    pub buttons: Option<UiHook>,
    /// Windows over the board (charts), drawn in an area the size of the window.
    pub windows: Option<UiHook>,
    /// The label of the button that ends a phase ("End phase", "End segment").
    pub end_label: &'static str,
    /// Whether it has a charts window (the shell's Charts button and `C` key).
    pub charts: bool,
}

/// The ruleset plugins' hooks, one per game id.
#[derive(Resource, Default, Clone)]
pub struct RulesetUis(pub Vec<RulesetUi>);

impl RulesetUis {
    /// The hooks of a game.
    pub fn get(&self, game: &str) -> Option<&RulesetUi> {
        self.0.iter().find(|u| u.game == game)
    }
}

/// Register a ruleset plugin's hooks (call from its plugin's `build`).
pub fn register_ruleset_ui(app: &mut App, ui: RulesetUi) {
    app.init_resource::<RulesetUis>()
        .world_mut()
        .resource_mut::<RulesetUis>()
        .0
        .push(ui);
}

/// An egui `Ui` over the whole window on the background layer, for panels to lay
/// out in.
pub fn background_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// What a plugin last drew, so that it redraws its counters and highlights only when
/// the game, the seat on screen, the curtain or its own selection (`K`) changed.
#[derive(Debug)]
pub struct Drawn<K> {
    last: Option<(u64, (u8, bool), K)>,
}

impl<K> Default for Drawn<K> {
    fn default() -> Self {
        Self { last: None }
    }
}

impl<K: PartialEq> Drawn<K> {
    /// Whether anything that is drawn changed since the last call that said so; it then
    /// remembers the new state.
    pub fn changed(&mut self, game: &Game, key: K) -> bool {
        let now = (game.generation, (game.viewer, game.curtain_down), key);
        if self.last.as_ref() == Some(&now) {
            return false;
        }
        self.last = Some(now);
        true
    }
}

/// Run condition: a game of ruleset `R` is being played. Every system of a ruleset's
/// plugin runs only then.
pub fn game_is<R: GameId>(game: Option<Res<Game>>) -> bool {
    game.is_some_and(|g| g.level_game() == R::ID)
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
        (follow_level, walk).run_if(in_state(Screen::Playing)),
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
            (shortcuts, look_play).run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (play_ui, curtain_ui, fault_ui)
                .chain()
                .run_if(in_state(Screen::Playing)),
        );
}

fn egui_context(world: &mut World) -> Option<egui::Context> {
    let mut q =
        world.query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>();
    q.single_mut(world).ok().map(|mut c| c.get_mut().clone())
}

/// Run a plugin's hook into `ui`; a hook that fails is a fault, reported once per game
/// and hook (it would fail again every frame).
fn run_hook(world: &mut World, hook: UiHook, ui: &mut egui::Ui) {
    if let Err(e) = world.run_system_with(hook, ui)
        && let Some(mut g) = world.get_resource_mut::<Game>()
        && !g.failed_hooks.contains(&hook)
    {
        g.failed_hooks.push(hook);
        g.fault(Fault {
            doing: Doing::Drawing,
            action: None,
            why: "a ruleset's part of the play screen could not be drawn".into(),
            error: e.to_string(),
        });
    }
}

/// The engine's words when a position of a session cannot be rewound.
fn rewind_error(pos: usize) -> String {
    format!("the session gave no game for its position after {pos} actions (GameSession::rewound)")
}

/// The fault window ([`fault::window`]) while its message is up.
fn fault_ui(mut contexts: EguiContexts, game: Option<ResMut<Game>>) -> Result {
    let Some(mut game) = game else { return Ok(()) };
    if game.fault.is_none() {
        return Ok(());
    }
    fault::window(contexts.ctx_mut()?, &mut game.fault);
    Ok(())
}

/// The controls of a look back: where it is, step and play, whose view, and the way
/// back to the game (or, in the replay viewer, to the menu).
fn look_bar(world: &mut World, ui: &mut egui::Ui) {
    let mut game = world.resource_mut::<Game>();
    let Some(l) = game.looking.as_ref() else {
        return;
    };
    let (kind, pos, start, end, seat, playing) = (
        l.kind,
        l.replay.pos,
        l.replay.start,
        l.replay.end,
        l.replay.seat,
        l.playing,
    );
    let last = l.replay.last_action(l.live.as_ref());
    let over = l.live.outcome().is_some();
    let seats: Vec<String> = (0..l.live.seats()).map(|k| l.live.seat_name(k)).collect();
    let gold = egui::Color32::from_rgb(240, 200, 80);
    let mut leave = false;
    ui.horizontal_wrapped(|ui| {
        let title = match (kind, seat) {
            (LookKind::CatchUp, Some(s)) => format!(
                "Since your last turn, as the {} player saw it",
                seats.get(usize::from(s)).map_or("", String::as_str)
            ),
            (LookKind::Viewer, Some(s)) => format!(
                "Replay, seen by the {} player",
                seats.get(usize::from(s)).map_or("", String::as_str)
            ),
            (_, None) => "Replay, every seat's view".to_string(),
        };
        ui.colored_label(gold, title);
        ui.separator();
        ui.label(format!("after action {pos} of {end}"));
        if ui
            .add_enabled(pos > start, egui::Button::new("⏮ First [Home]"))
            .clicked()
        {
            game.look_jump(false);
        }
        if ui
            .add_enabled(pos > start, egui::Button::new("◀ Back [,]"))
            .clicked()
        {
            game.look_step(false);
        }
        if ui
            .add_enabled(pos < end, egui::Button::new("Forward ▶ [.]"))
            .clicked()
        {
            game.look_step(true);
        }
        if ui
            .add_enabled(pos < end, egui::Button::new("Last ⏭ [End]"))
            .clicked()
        {
            game.look_jump(true);
        }
        let play_label = if playing {
            "Pause [Space]"
        } else {
            "Play [Space]"
        };
        if ui.button(play_label).clicked()
            && let Some(l) = game.looking.as_mut()
        {
            l.playing = !l.playing;
            l.since = 0.0;
        }
        if kind == LookKind::Viewer && over {
            ui.separator();
            ui.label("View:");
            for (k, n) in seats.iter().enumerate() {
                let k = u8::try_from(k).ok();
                if ui.selectable_label(seat == k, n).clicked() && seat != k {
                    game.look_as(k);
                }
            }
            if ui
                .selectable_label(seat.is_none(), "every seat's log")
                .clicked()
                && seat.is_some()
            {
                game.look_as(None);
            }
        }
        ui.separator();
        let back = match kind {
            LookKind::CatchUp => "Back to the game [Esc]",
            LookKind::Viewer => "Close the replay [Esc]",
        };
        leave = ui.button(back).clicked();
    });
    // Always a line here, so the board does not jump as the steps go by.
    ui.small(match (last, pos == start) {
        (_, true) => "the first step: as the game stood then".to_string(),
        (Some(a), false) => format!("the action that led here: {a}"),
        (None, false) => "another seat acted: the log tells what this seat saw".to_string(),
    });
    if leave {
        leave_look(world);
    }
}

/// End a look back: back to the game, or from the replay viewer to the menu.
fn leave_look(world: &mut World) {
    let kind = world
        .get_resource::<Game>()
        .and_then(|g| g.looking.as_ref().map(|l| l.kind));
    match kind {
        Some(LookKind::Viewer) => world.resource_mut::<NextState<Screen>>().set(Screen::Menu),
        Some(LookKind::CatchUp) => world.resource_mut::<Game>().end_look(),
        None => {}
    }
}

/// A move by destination makes a step every [`Walk::PACE`] seconds.
fn walk(game: Option<ResMut<Game>>, time: Res<Time>) {
    let Some(mut game) = game else { return };
    let Some(w) = game.walking.as_mut() else {
        return;
    };
    w.since += time.delta_secs();
    if w.since >= Walk::PACE {
        w.since = 0.0;
        game.walk_step();
    }
}

/// A playing look back steps forward by itself at [`Looking::PACE`].
fn look_play(game: Option<ResMut<Game>>, time: Res<Time>) {
    let Some(mut game) = game else { return };
    let Some(l) = game.looking.as_mut() else {
        return;
    };
    if !l.playing {
        return;
    }
    l.since += time.delta_secs();
    if l.since >= Looking::PACE {
        l.since = 0.0;
        game.look_step(true);
    }
}

/// The play screen: the shell's turn bar, button row, status line, log and chooser
/// around the ruleset's own parts; what is left is the board.
pub fn play_ui(world: &mut World) {
    let Some(ctx) = egui_context(world) else {
        return;
    };
    let Some(game_id) = world.get_resource::<Game>().map(Game::level_game) else {
        return;
    };
    let hooks = world.resource::<RulesetUis>().get(game_id).cloned();
    let mut root = background_ui(&ctx, "play_root");
    let mut submit: Option<String> = None;
    egui::Panel::top("turn_bar").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            if let Some(h) = &hooks {
                run_hook(world, h.turn_info, ui);
            }
            let game = world.resource::<Game>();
            if game.looking.is_some() {
                // Whose turn it was at a position is not shown: between the steps a
                // seat sees, the turn can pass where it may not follow.
            } else if let Some(who) = game.session.to_act() {
                ui.separator();
                ui.colored_label(
                    egui::Color32::from_rgb(240, 200, 80),
                    format!("To act: {}", game.session.seat_name(who)),
                );
            }
        });
        ui.horizontal_wrapped(|ui| {
            let (end, decline) = {
                let game = world.resource::<Game>();
                if game.can_act() {
                    (
                        game.legal_of_kind(ActionKind::EndPhase),
                        game.legal_of_kind(ActionKind::Decline),
                    )
                } else {
                    (None, None)
                }
            };
            // The row keeps its place: "End" is always drawn (greyed when it cannot be
            // pressed), and the buttons that come and go (Pass, the ruleset's own) sit
            // after the fixed ones, so a pending choice never shifts Undo, Save or Menu.
            let end_label = hooks.as_ref().map_or("End phase", |h| h.end_label);
            if ui
                .add_enabled(end.is_some(), egui::Button::new(format!("{end_label} [E]")))
                .clicked()
            {
                submit = end.clone();
            }
            let charts = hooks.as_ref().is_some_and(|h| h.charts);
            let fit;
            let mut menu = false;
            {
                let mut game = world.resource_mut::<Game>();
                if ui
                    .add_enabled(game.can_undo(), egui::Button::new("Undo [U]"))
                    .clicked()
                {
                    game.undo();
                }
                if ui.button("Save [Ctrl+S]").clicked() {
                    save(&mut game);
                }
                if charts && ui.button("Charts [C]").clicked() {
                    game.charts = !game.charts;
                }
                fit = ui.button("Fit [F]").clicked();
                ui.checkbox(&mut game.curtain, "Curtain");
                if game.standing.is_some() {
                    let label = game.standing.as_ref().map_or("", |o| o.label);
                    ui.label(format!("{label}:"));
                    for seat in 0..game.session.seats() {
                        let name = game.session.seat_name(seat);
                        let mut on = game.standing_for(seat);
                        if ui.checkbox(&mut on, name).changed() {
                            game.set_standing(seat, on);
                        }
                    }
                }
                if ui.button("Menu").clicked() {
                    menu = true;
                }
            }
            {
                let mut game = world.resource_mut::<Game>();
                let n = game.catch_up_steps();
                if n > 0
                    && ui
                        .button(format!("Since your last turn ({n}) [R]"))
                        .on_hover_text(
                            "Replay what happened since this seat last acted, as it saw it",
                        )
                        .clicked()
                {
                    game.start_catch_up();
                }
            }
            if let Some(a) = decline
                && ui.button("Pass [P]").clicked()
            {
                submit = Some(a);
            }
            if let Some(b) = hooks.as_ref().and_then(|h| h.buttons) {
                run_hook(world, b, ui);
            }
            if fit {
                world.resource_mut::<board::FitRequest>().pending = true;
            }
            if menu {
                // Only asked for: the game stays until the transition (`end_game`).
                world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
            }
        });
    });
    if world.resource::<Game>().looking.is_some() {
        egui::Panel::top("look_bar").show(&mut root, |ui| {
            look_bar(world, ui);
        });
    }
    egui::Panel::bottom("status").show(&mut root, |ui| {
        ui.label(&world.resource::<Game>().status);
    });
    // The log goes beside the board or under it, whichever leaves the board the larger
    // fit: under a wide map on a narrow window, beside a tall one.
    let free = root.available_rect_before_wrap();
    let below = world
        .resource::<board::FitRequest>()
        .bounds
        .is_some_and(|(lo, hi)| {
            log_below(
                hi - lo,
                Vec2::new(free.width() - SIDE_PANEL, free.height()),
                LOG_BESIDE,
                LOG_BELOW,
            )
        });
    if !below {
        egui::Panel::right("log_panel")
            .default_size(LOG_BESIDE)
            .min_size(320.0)
            .show(&mut root, |ui| log_panel(world, ui));
    }
    egui::Panel::left("side_panel")
        .default_size(SIDE_PANEL)
        .show(&mut root, |ui| {
            let game = world.resource::<Game>();
            // Only the person who may act sees the choice (it may name their hidden
            // pieces); it is cleared whenever the game changes.
            let choice = if game.can_act() {
                game.choice.clone()
            } else {
                vec![]
            };
            if !choice.is_empty() {
                ui.colored_label(egui::Color32::from_rgb(240, 200, 80), "Choose:");
                for c in choice {
                    if ui.button(&c).clicked() {
                        submit = Some(c);
                    }
                }
                if ui.small_button("Cancel").clicked() {
                    world.resource_mut::<Game>().choice.clear();
                }
                ui.separator();
            }
            if let Some(h) = &hooks {
                run_hook(world, h.side_panel, ui);
            }
        });
    if below {
        egui::Panel::bottom("log_panel_below")
            .default_size(LOG_BELOW)
            .min_size(90.0)
            .show(&mut root, |ui| log_panel(world, ui));
    }
    // egui's points are the window's logical pixels times the interface scale.
    let free = root.available_rect_before_wrap();
    // Panels wider than the window leave no board (not a rectangle turned inside out).
    let z = ctx.zoom_factor();
    world.resource_mut::<board::BoardArea>().0 =
        (free.width() > 0.0 && free.height() > 0.0).then(|| {
            Rect::new(
                free.min.x * z,
                free.min.y * z,
                free.max.x * z,
                free.max.y * z,
            )
        });
    if let Some(w) = hooks.as_ref().and_then(|h| h.windows) {
        let mut over = background_ui(&ctx, "play_windows");
        run_hook(world, w, &mut over);
    }
    if let Some(a) = submit {
        world.resource_mut::<Game>().submit(&a);
    }
}

/// The side panel's width, in points.
const SIDE_PANEL: f32 = 300.0;
/// The log's width beside the board, in points.
const LOG_BESIDE: f32 = 380.0;
/// The log's height under the board, in points.
const LOG_BELOW: f32 = 150.0;

/// Whether the log should go under the board rather than beside it: a board of `board`
/// world units, in a free area of `free` points, is drawn larger with the log's
/// `below` points of height taken than with its `beside` points of width taken.
pub fn log_below(board: Vec2, free: Vec2, beside: f32, below: f32) -> bool {
    let fit = |w: f32, h: f32| (w.max(1.0) / board.x.max(1.0)).min(h.max(1.0) / board.y.max(1.0));
    fit(free.x, free.y - below) > fit(free.x - beside, free.y)
}

/// The log: every line the viewing seat may read, newest at the bottom.
fn log_panel(world: &mut World, ui: &mut egui::Ui) {
    ui.heading("Log");
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .show(ui, |ui| {
            let game = world.resource::<Game>();
            for l in game.session.log().iter().filter(|l| game.may_read(l)) {
                ui.add(egui::Label::new(egui::RichText::new(&l.text).small()).wrap());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_goes_under_a_wide_map_and_beside_a_tall_one() {
        // Battle of the Rosebud's map (about 2:1) on a 1280x800 window: under.
        let free = Vec2::new(1280.0 - SIDE_PANEL, 735.0);
        assert!(log_below(
            Vec2::new(2016.0, 1040.0),
            free,
            LOG_BESIDE,
            LOG_BELOW
        ));
        // A tall map: beside.
        assert!(!log_below(
            Vec2::new(600.0, 1200.0),
            free,
            LOG_BESIDE,
            LOG_BELOW
        ));
    }
}
