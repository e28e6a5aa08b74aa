//! A game in progress: state, history in notation, the log, and undo back to the last
//! random or hidden reveal. [`GameSession`] is the object-safe face the CLI and the
//! GUI use for any ruleset.

use super::error::RuleError;
use super::game::{ActionKind, LogEntry, Outcome, Rules, Seat};
use super::save::SaveFile;

/// One game of ruleset `R`.
#[derive(Clone, Debug)]
pub struct Session<R: Rules> {
    /// Scenario id, e.g. `harvest_the_wind/wagon_box`.
    pub scenario: String,
    /// The seed the dice started from.
    pub seed: u64,
    /// Forced dice queued at the start (scripted tests); recorded in saves.
    pub forced_dice: Vec<u8>,
    /// Set-up overrides applied before play (scripted tests); recorded in saves.
    pub overrides: Vec<(String, Option<String>)>,
    /// Optional rules chosen before play (`apache_leader_death`, `turns=9`...); recorded
    /// in saves.
    pub options: Vec<String>,
    /// The state before any action (after set-up overrides).
    pub initial: R::State,
    /// The current state.
    pub state: R::State,
    /// Actions applied, in notation.
    pub history: Vec<String>,
    /// The log, with per-seat visibility.
    pub log: Vec<LogEntry>,
    /// The seat that made each action of `history`.
    actors: Vec<Option<Seat>>,
    snapshots: Vec<(R::State, usize)>,
    barrier: usize,
}

impl<R: Rules> Session<R> {
    /// Start a session from an initial state.
    pub fn new(scenario: impl Into<String>, seed: u64, initial: R::State) -> Self {
        Self {
            scenario: scenario.into(),
            seed,
            forced_dice: vec![],
            overrides: vec![],
            options: vec![],
            state: initial.clone(),
            log: R::opening_log(&initial),
            initial,
            history: vec![],
            actors: vec![],
            snapshots: vec![],
            barrier: 0,
        }
    }

    /// Queue forced dice (recorded so a save replays them).
    pub fn force_dice(&mut self, values: &[u8]) {
        self.forced_dice.extend_from_slice(values);
        R::dice(&mut self.state).force(values.iter().copied());
        if self.history.is_empty() {
            R::dice(&mut self.initial).force(values.iter().copied());
        }
    }

    /// Before any action: move a piece (or remove it with `None`).
    pub fn place(&mut self, id: &str, hex: Option<&str>) -> Result<(), String> {
        if !self.history.is_empty() {
            return Err("set-up overrides are only allowed before the first action".into());
        }
        R::place_piece(&mut self.state, id, hex)?;
        R::place_piece(&mut self.initial, id, hex)?;
        self.overrides
            .push((id.to_string(), hex.map(str::to_string)));
        Ok(())
    }

    /// Apply an action; on error nothing changes. When the seat acting is not the one
    /// that made the last action, that action and every earlier one can no longer be
    /// undone: a seat never takes back what another seat has answered.
    pub fn apply(&mut self, action: &R::Action) -> Result<Vec<LogEntry>, RuleError> {
        let before = self.state.clone();
        let reveals = R::reveals(&self.state);
        let actor = R::to_act(&self.state);
        let mut next = self.state.clone();
        let entries = R::apply(&mut next, action)?;
        self.state = next;
        if self.actors.last().is_some_and(|last| *last != actor) {
            self.barrier = self.history.len();
        }
        self.snapshots.push((before, self.log.len()));
        self.history.push(action.to_string());
        self.actors.push(actor);
        self.log.extend(entries.iter().cloned());
        if R::reveals(&self.state) != reveals {
            self.barrier = self.history.len();
        }
        Ok(entries)
    }

    /// Whether the last action can be undone: nothing was revealed since it and no
    /// other seat has acted since (whoever asks).
    pub fn can_undo(&self) -> bool {
        self.history.len() > self.barrier
    }

    /// Whether `seat` may undo the last action: [`Session::can_undo`], and the action is
    /// that seat's own.
    pub fn can_undo_by(&self, seat: Seat) -> bool {
        self.can_undo() && self.actors.last() == Some(&Some(seat))
    }

    /// Undo the last action unless it (or a later one) revealed something, or another
    /// seat has acted since it.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some((state, log_len)) = self.snapshots.pop() else {
            return false;
        };
        self.state = state;
        self.log.truncate(log_len);
        self.history.pop();
        self.actors.pop();
        true
    }

    /// Undo the last action if `seat` may ([`Session::can_undo_by`]).
    pub fn undo_by(&mut self, seat: Seat) -> bool {
        self.can_undo_by(seat) && self.undo()
    }

    /// The seat that made each action of `history` (`None` for an action taken when no
    /// seat was to act).
    pub fn actors(&self) -> &[Option<Seat>] {
        &self.actors
    }

    /// This game as it stood after its first `step` actions, for looking back (a
    /// replay): the state, history and log of that moment, with nothing to undo. `None`
    /// when `step` is past the last action.
    pub fn rewound(&self, step: usize) -> Option<Self> {
        let (state, log_len) = match step.cmp(&self.history.len()) {
            std::cmp::Ordering::Greater => return None,
            std::cmp::Ordering::Equal => (self.state.clone(), self.log.len()),
            std::cmp::Ordering::Less => self.snapshots.get(step)?.clone(),
        };
        Some(Self {
            scenario: self.scenario.clone(),
            seed: self.seed,
            forced_dice: self.forced_dice.clone(),
            overrides: self.overrides.clone(),
            options: self.options.clone(),
            initial: self.initial.clone(),
            state,
            history: self.history[..step].to_vec(),
            log: self.log[..log_len.min(self.log.len())].to_vec(),
            actors: self.actors[..step].to_vec(),
            // A look back never undoes: no snapshots, and the barrier at its end.
            snapshots: vec![],
            barrier: step,
        })
    }

    /// The state after the first `step` actions and the length the log had then;
    /// `None` past the last action.
    pub fn state_at(&self, step: usize) -> Option<(&R::State, usize)> {
        match step.cmp(&self.history.len()) {
            std::cmp::Ordering::Greater => None,
            std::cmp::Ordering::Equal => Some((&self.state, self.log.len())),
            std::cmp::Ordering::Less => self.snapshots.get(step).map(|(s, l)| (s, *l)),
        }
    }

    /// Each seat's score at the end of every turn played so far (the last row: now),
    /// as the balance reports trace them ([`TurnTrace`](super::game::TurnTrace)), and
    /// the number of the first turn.
    pub fn score_trace(&self) -> (u32, Vec<Vec<i32>>) {
        let first = self.state_at(0).map_or(&self.state, |(s, _)| s);
        let mut trace = super::game::TurnTrace::new::<R>(first);
        for k in 1..=self.history.len() {
            if let Some((s, _)) = self.state_at(k) {
                trace.after::<R>(s);
            }
        }
        (R::turn(first), trace.finish::<R>(&self.state))
    }

    /// Build the save file for this session.
    pub fn to_save(&self, game: &str) -> SaveFile {
        SaveFile {
            version: SaveFile::VERSION,
            game: game.to_string(),
            scenario: self.scenario.clone(),
            seed: self.seed,
            forced_dice: self.forced_dice.clone(),
            overrides: self.overrides.clone(),
            manual_setup: false,
            options: self.options.clone(),
            actions: self.history.clone(),
            state: ron::to_string(&self.state).unwrap_or_default(),
            players: vec![],
            names: vec![],
        }
    }
}

/// The object-safe face of a session, used by the CLI and the GUI for any ruleset.
pub trait GameSession: Send + Sync {
    /// The game id (`harvest_the_wind`).
    fn game(&self) -> &'static str;
    /// Scenario id.
    fn scenario(&self) -> &str;
    /// Legal actions for the seat to act, in notation.
    fn legal(&self) -> Vec<String>;
    /// Legal actions for the seat to act, in notation, each with its kind (ending a
    /// phase, declining a decision, or anything else).
    fn legal_kinds(&self) -> Vec<(String, ActionKind)>;
    /// The first legal action of a kind, in notation (the shell's "End phase" and
    /// "Pass" buttons and keys).
    fn legal_of_kind(&self, kind: ActionKind) -> Option<String> {
        self.legal_kinds()
            .into_iter()
            .find_map(|(a, k)| (k == kind).then_some(a))
    }
    /// Words `seat` must never read now ([`Rules::secrets`]).
    fn secrets(&self, seat: Seat) -> Vec<String>;
    /// Parse and apply an action in notation: [`Error::Parse`] when the text is no
    /// action of this game, [`Error::Illegal`] when the rules refuse it; either way
    /// nothing changes.
    ///
    /// [`Error::Parse`]: super::error::Error::Parse
    /// [`Error::Illegal`]: super::error::Error::Illegal
    fn apply_str(&mut self, action: &str) -> Result<Vec<LogEntry>, super::error::Error>;
    /// Undo the last action for `seat`: only its own action, and not across a reveal or
    /// another seat's action.
    fn undo(&mut self, seat: Seat) -> bool;
    /// The seat to act, or `None` when over.
    fn to_act(&self) -> Option<Seat>;
    /// The level at which the computer plays for a seat now by that seat's choice in
    /// the game ([`Rules::delegated`]).
    fn delegated(&self, seat: Seat) -> Option<u8>;
    /// The result once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Number of seats.
    fn seats(&self) -> u8;
    /// A seat's name.
    fn seat_name(&self, seat: Seat) -> String;
    /// The part a seat plays now, where its game deals parts that change in play
    /// ([`Rules::role`]); `None` where the seats are the sides.
    fn role(&self, seat: Seat) -> Option<String>;
    /// Game turn.
    fn turn(&self) -> u32;
    /// The clock of every level's turns ([`Rules::clock`]).
    fn clock(&self) -> u64;
    /// The game being played inside this one now ([`Rules::level`]).
    fn level(&self) -> Option<super::game::Level<'_>>;
    /// A seat's view, as RON.
    fn view_ron(&self, seat: Seat) -> String;
    /// The game as `seat` may see it now, for the window to draw from: a session of the
    /// present state in which what `seat` may not see is dealt anew from `seed`
    /// ([`Knowledge::determinize`](super::ai::Knowledge::determinize): never copied
    /// from the true state), with fresh dice and no history, log or undo. `None` gives
    /// the true state (every seat's view, for a finished game's replay).
    fn seen_by(&self, seat: Option<Seat>, seed: u64) -> Box<dyn GameSession>;
    /// The full state, as RON.
    fn state_ron(&self) -> String;
    /// Actions so far.
    fn history(&self) -> &[String];
    /// The log.
    fn log(&self) -> &[LogEntry];
    /// Read a named quantity (scripted tests).
    fn probe(&self, key: &str) -> Option<String>;
    /// Victory points per seat.
    fn scores(&self) -> Vec<i32>;
    /// Queue forced dice.
    fn force(&mut self, dice: &[u8]);
    /// Before play: move a piece or take it out of play.
    fn place(&mut self, id: &str, hex: Option<&str>) -> Result<(), String>;
    /// The concrete session, for a ruleset's GUI plugin to downcast.
    fn as_any(&self) -> &dyn std::any::Any;
    /// Whether `seat` may undo the last action now.
    fn can_undo(&self, seat: Seat) -> bool;
    /// A random playout from the current state (the session is not changed).
    fn playout(&self, seed: u64, max: usize) -> Result<super::game::Playout, RuleError>;
    /// Apply one seeded random legal action (for `view --steps`); `false` when over.
    fn random_step(&mut self, rng: &mut rand_chacha::ChaCha8Rng) -> Result<bool, RuleError>;
    /// The save file.
    fn save(&self) -> SaveFile;
    /// Play the game from here to its end (or `max` actions) on a copy, one player per
    /// seat (`core::ai`), with the players' choices drawn from `seed`.
    fn play_with(
        &self,
        players: &[super::ai::Player],
        seed: u64,
        max: usize,
    ) -> Result<super::game::Playout, RuleError>;
    /// A self-contained job that chooses the next action for the seat to act as
    /// `player` would, from a copy of the current state: run it on a worker thread so
    /// the window never freezes. It returns the action in notation, or `None` when the
    /// game is over. The same session state, player and seed give the same action.
    /// `made` is how many decisions this seat has already made in this game turn: past
    /// [`super::ai::STALL_GUARD`] the seat ends the phase or passes when it may.
    fn ai_task(&self, player: super::ai::Player, seed: u64, made: usize) -> AiTask;
    /// The seat that made each action of [`GameSession::history`].
    fn actors(&self) -> &[Option<Seat>];
    /// The game as it stood after its first `step` actions, with nothing to undo
    /// ([`Session::rewound`]); `None` past the last action.
    fn rewound(&self, step: usize) -> Option<Box<dyn GameSession>>;
    /// A seat's view (as [`GameSession::view_ron`]) after the first `step` actions, and
    /// the length the log had then; `None` past the last action.
    fn view_ron_at(&self, step: usize, seat: Seat) -> Option<(String, usize)>;
    /// Each seat's score at the end of every turn so far ([`Session::score_trace`]).
    fn score_trace(&self) -> (u32, Vec<Vec<i32>>);
    /// Where `piece` can go by its steps while `seat` acts, and how
    /// ([`super::route::routes`], searched in a world `seat` may see).
    fn routes(&self, piece: &str, seat: Seat) -> Vec<super::route::Route>;
    /// Whether the rules accept `action` (in notation) now although it is not listed
    /// ([`Rules::allows_unlisted`]); `false` for text that is no action of this game.
    fn allows_unlisted(&self, action: &str) -> bool;
}

/// A computer player's decision, packaged to run off the main thread.
pub type AiTask = Box<dyn FnOnce() -> Option<String> + Send>;

/// Ties a ruleset type to its game id for saves.
pub trait GameId {
    /// The game id (`harvest_the_wind`, ...).
    const ID: &'static str;
}

impl<R: Rules + GameId + super::ai::Knowledge> GameSession for Session<R>
where
    R::State: Send + Sync,
{
    fn game(&self) -> &'static str {
        R::ID
    }
    fn scenario(&self) -> &str {
        &self.scenario
    }
    fn legal(&self) -> Vec<String> {
        R::legal_actions(&self.state)
            .iter()
            .map(ToString::to_string)
            .collect()
    }
    fn legal_kinds(&self) -> Vec<(String, ActionKind)> {
        R::legal_actions(&self.state)
            .iter()
            .map(|a| (a.to_string(), R::action_kind(a)))
            .collect()
    }
    fn secrets(&self, seat: Seat) -> Vec<String> {
        R::secrets(&self.state, seat)
    }
    fn apply_str(&mut self, action: &str) -> Result<Vec<LogEntry>, super::error::Error> {
        let a: R::Action = action.parse().map_err(super::error::Error::Parse)?;
        Ok(self.apply(&a)?)
    }
    fn undo(&mut self, seat: Seat) -> bool {
        Session::undo_by(self, seat)
    }
    fn to_act(&self) -> Option<Seat> {
        R::to_act(&self.state)
    }
    fn delegated(&self, seat: Seat) -> Option<u8> {
        R::delegated(&self.state, seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        R::outcome(&self.state)
    }
    fn seats(&self) -> u8 {
        R::seats(&self.state)
    }
    fn seat_name(&self, seat: Seat) -> String {
        R::seat_name(&self.state, seat)
    }
    fn role(&self, seat: Seat) -> Option<String> {
        R::role(&self.state, seat)
    }
    fn turn(&self) -> u32 {
        R::turn(&self.state)
    }
    fn clock(&self) -> u64 {
        R::clock(&self.state)
    }
    fn level(&self) -> Option<super::game::Level<'_>> {
        R::level(&self.state)
    }
    fn seen_by(&self, seat: Option<Seat>, seed: u64) -> Box<dyn GameSession> {
        use rand::SeedableRng;
        let world = match seat {
            Some(seat) => {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                R::determinize(&self.state, seat, &mut rng)
            }
            None => self.state.clone(),
        };
        Box::new(Session::<R>::new(self.scenario.clone(), seed, world))
    }
    fn view_ron(&self, seat: Seat) -> String {
        let pretty = ron::ser::PrettyConfig::default();
        ron::ser::to_string_pretty(&R::view(&self.state, seat), pretty).unwrap_or_default()
    }
    fn score_trace(&self) -> (u32, Vec<Vec<i32>>) {
        Session::score_trace(self)
    }
    fn routes(&self, piece: &str, seat: Seat) -> Vec<super::route::Route> {
        super::route::routes::<R>(&self.state, piece, seat)
    }
    fn view_ron_at(&self, step: usize, seat: Seat) -> Option<(String, usize)> {
        let (state, log_len) = self.state_at(step)?;
        let pretty = ron::ser::PrettyConfig::default();
        let v = ron::ser::to_string_pretty(&R::view(state, seat), pretty).unwrap_or_default();
        Some((v, log_len))
    }
    fn state_ron(&self) -> String {
        ron::to_string(&self.state).unwrap_or_default()
    }
    fn history(&self) -> &[String] {
        &self.history
    }
    fn log(&self) -> &[LogEntry] {
        &self.log
    }
    fn probe(&self, key: &str) -> Option<String> {
        R::probe(&self.state, key)
    }
    fn scores(&self) -> Vec<i32> {
        R::scores(&self.state)
    }
    fn force(&mut self, dice: &[u8]) {
        self.force_dice(dice);
    }
    fn place(&mut self, id: &str, hex: Option<&str>) -> Result<(), String> {
        Session::place(self, id, hex)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn can_undo(&self, seat: Seat) -> bool {
        Session::can_undo_by(self, seat)
    }
    fn playout(&self, seed: u64, max: usize) -> Result<super::game::Playout, RuleError> {
        let mut s = self.state.clone();
        super::game::random_playout::<R>(&mut s, seed, max)
    }
    fn random_step(&mut self, rng: &mut rand_chacha::ChaCha8Rng) -> Result<bool, RuleError> {
        use rand::Rng;
        if R::to_act(&self.state).is_none() {
            return Ok(false);
        }
        let legal = R::legal_actions(&self.state);
        if legal.is_empty() {
            return Ok(false);
        }
        let a = legal[rng.random_range(0..legal.len())].clone();
        self.apply(&a)?;
        Ok(true)
    }
    fn save(&self) -> SaveFile {
        self.to_save(R::ID)
    }
    fn play_with(
        &self,
        players: &[super::ai::Player],
        seed: u64,
        max: usize,
    ) -> Result<super::game::Playout, RuleError> {
        use rand::SeedableRng;
        let mut s = self.state.clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        super::ai::play_game::<R>(&mut s, players, &mut rng, max)
    }
    fn actors(&self) -> &[Option<Seat>] {
        Session::actors(self)
    }
    fn rewound(&self, step: usize) -> Option<Box<dyn GameSession>> {
        Session::rewound(self, step).map(|s| Box::new(s) as Box<dyn GameSession>)
    }
    fn ai_task(&self, player: super::ai::Player, seed: u64, made: usize) -> AiTask {
        use rand::SeedableRng;
        let state = self.state.clone();
        Box::new(move || {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            super::ai::decide::<R>(&state, player, &mut rng, made).map(|a| a.to_string())
        })
    }
    fn allows_unlisted(&self, action: &str) -> bool {
        action
            .parse::<R::Action>()
            .is_ok_and(|a| R::allows_unlisted(&self.state, &a))
    }
}
