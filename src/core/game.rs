//! The interface every ruleset implements: a serializable state, actions with a text
//! notation, legality, `apply`, who acts next, per-seat views and the outcome.

use super::dice::Dice;
use super::error::RuleError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A seat at the screen: 0, 1, ... (a player, or an AI).
pub type Seat = u8;

/// One line of the game log. `visible_to` limits it to one seat when it tells
/// something the other seats may not know (the contents of a hidden stack, say).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The text, with every die roll explained (table, row, column, modifiers, rule).
    pub text: String,
    /// `None`: every seat sees it; `Some(s)`: only seat `s`.
    pub visible_to: Option<Seat>,
}

impl LogEntry {
    /// A line every seat sees.
    pub fn public(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            visible_to: None,
        }
    }
    /// A line only `seat` sees.
    pub fn private(seat: Seat, text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            visible_to: Some(seat),
        }
    }
    /// Whether `seat` may read this line.
    pub fn visible(&self, seat: Seat) -> bool {
        self.visible_to.is_none_or(|s| s == seat)
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Victory points per seat (0 where the scenario awards none).
    pub scores: Vec<i32>,
    /// One-line explanation, naming the victory rule.
    pub summary: String,
}

/// A ruleset: pure functions over a serializable state.
pub trait Rules: 'static {
    /// The full game state, dice included.
    type State: Clone
        + fmt::Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// One decision, with a text notation that parses back.
    type Action: Clone
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = String>
        + PartialEq
        + Send
        + Sync
        + 'static;
    /// What one seat may see.
    type View: Serialize;

    /// Every legal action for the seat that must decide now.
    fn legal_actions(state: &Self::State) -> Vec<Self::Action>;
    /// Apply an action; on error nothing changes.
    fn apply(state: &mut Self::State, action: &Self::Action) -> Result<Vec<LogEntry>, RuleError>;
    /// Apply an action the caller has just taken from `legal_actions(state)` of this
    /// very state. A ruleset may skip re-checking its legality here (the computer
    /// player's search applies thousands of such actions); the default is [`Rules::apply`].
    /// Never call it with an action from anywhere else: a player's input, a file, or
    /// the legal list of another state.
    fn apply_listed(
        state: &mut Self::State,
        action: &Self::Action,
    ) -> Result<Vec<LogEntry>, RuleError> {
        Self::apply(state, action)
    }
    /// The seat that must decide next, or `None` when the game is over.
    fn to_act(state: &Self::State) -> Option<Seat>;
    /// The result, once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;
    /// What `seat` may see of the state.
    fn view(state: &Self::State, seat: Seat) -> Self::View;
    /// Number of seats.
    fn seats(state: &Self::State) -> u8;
    /// Seat display names.
    fn seat_name(state: &Self::State, seat: Seat) -> String;
    /// The game turn (for autosave and reports).
    fn turn(state: &Self::State) -> u32;
    /// The dice inside the state.
    fn dice(state: &mut Self::State) -> &mut Dice;
    /// A count that rises whenever something random or hidden is revealed; undo never
    /// crosses a rise.
    fn reveals(state: &Self::State) -> u64;
    /// Read a named quantity for scripted tests (`turn`, `phase`, `a1.hex`, ...).
    fn probe(state: &Self::State, key: &str) -> Option<String>;
    /// Victory points per seat so far (for reports).
    fn scores(state: &Self::State) -> Vec<i32>;
    /// Before play: put a piece in a hex (`Some("0605")`) or take it out of play (`None`),
    /// for scripted tests' set-up overrides.
    fn place_piece(state: &mut Self::State, id: &str, hex: Option<&str>) -> Result<(), String>;
    /// Log lines produced while the initial state was built (a die rolled before the
    /// first decision, say); a new session starts its log with them.
    fn opening_log(_state: &Self::State) -> Vec<LogEntry> {
        Vec::new()
    }
}

/// Result of one random playout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Actions applied.
    pub actions: usize,
    /// The outcome, if the game finished within the action cap.
    pub outcome: Option<Outcome>,
    /// Turns played.
    pub turns: u32,
    /// Victory points per seat at the end of each turn played, indexed by turn: row `i`
    /// ends turn `first + i`, where `first` is the turn the playout started in, and the
    /// last row is the score at the end of the game (or the action cap). A turn skipped
    /// inside one action repeats the row. The per-turn curve of balance reports.
    pub trace: Vec<Vec<i32>>,
    /// Every action applied, in notation: with the game's seed, enough to rebuild it
    /// as a save file (`simulate --save-games`).
    pub moves: Vec<String>,
}

/// Records victory points per seat each time the turn changes.
#[derive(Clone, Debug, Default)]
pub struct TurnTrace {
    turn: u32,
    /// Scores at the end of each turn seen.
    pub rows: Vec<Vec<i32>>,
}

impl TurnTrace {
    /// Start tracing from `state`.
    pub fn new<R: Rules>(state: &R::State) -> Self {
        Self {
            turn: R::turn(state),
            rows: Vec::new(),
        }
    }
    /// Call after every action: when the turn moved on, the scores now are recorded as
    /// those at the end of the turn (or turns) that ended. They include what the action
    /// that ended the turn scored (the block game awards Victory Levels there; Harvest
    /// the Wind's end of the Rally phase can eliminate units); a new turn scores nothing
    /// before its first decision.
    pub fn after<R: Rules>(&mut self, state: &R::State) {
        let t = R::turn(state);
        if t > self.turn {
            let now = R::scores(state);
            for _ in self.turn..t {
                self.rows.push(now.clone());
            }
        }
        self.turn = t;
    }
    /// Close the trace at the end of the game (or the action cap).
    pub fn finish<R: Rules>(mut self, state: &R::State) -> Vec<Vec<i32>> {
        self.rows.push(R::scores(state));
        self.rows
    }
}

/// Play uniformly random legal actions from `state` until the game ends or `max`
/// actions have been applied. The choice stream is a ChaCha8 generator seeded with
/// `seed`, so the same state and seed give the same game.
pub fn random_playout<R: Rules>(
    state: &mut R::State,
    seed: u64,
    max: usize,
) -> Result<Playout, RuleError> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut n = 0;
    let mut trace = TurnTrace::new::<R>(state);
    let mut moves = Vec::new();
    while n < max && R::to_act(state).is_some() {
        let legal = R::legal_actions(state);
        if legal.is_empty() {
            return Err(RuleError::new(format!(
                "no legal action although a seat must act (turn {})",
                R::turn(state)
            )));
        }
        let a = &legal[rng.random_range(0..legal.len())];
        R::apply(state, a)
            .map_err(|e| RuleError::new(format!("legal action '{a}' was refused: {e}")))?;
        trace.after::<R>(state);
        moves.push(a.to_string());
        n += 1;
    }
    Ok(Playout {
        actions: n,
        outcome: R::outcome(state),
        turns: R::turn(state),
        trace: trace.finish::<R>(state),
        moves,
    })
}
