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

/// A set of seats (at most 32): who may read a log line. Geronimo's lines can be
/// seen by the US player and one tribe, so one seat is not enough.
///
/// It is written as the seat number when it holds one seat (the form saves from before
/// the set existed use) and as a list otherwise, and reads both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seats(u32);

impl Seats {
    /// No seat.
    pub const NONE: Seats = Seats(0);
    /// Just `seat` (seats past 31 are ignored).
    pub fn one(seat: Seat) -> Self {
        Self::NONE.with(seat)
    }
    /// These seats.
    pub fn of(seats: impl IntoIterator<Item = Seat>) -> Self {
        seats.into_iter().fold(Self::NONE, Self::with)
    }
    /// This set and `seat`.
    pub fn with(self, seat: Seat) -> Self {
        Self(self.0 | 1u32.checked_shl(u32::from(seat)).unwrap_or(0))
    }
    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        1u32.checked_shl(u32::from(seat))
            .is_some_and(|b| self.0 & b != 0)
    }
    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..32u8).filter(move |&s| self.contains(s))
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Serialize for Seats {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let seats: Vec<Seat> = self.iter().collect();
        match seats.as_slice() {
            [one] => ser.serialize_u8(*one),
            _ => seats.serialize(ser),
        }
    }
}

impl<'de> Deserialize<'de> for Seats {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Seats;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a seat number or a list of seat numbers")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Seats, E> {
                Seat::try_from(v)
                    .map(Seats::one)
                    .map_err(|_| E::custom(format!("seat {v} is out of range")))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Seats, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom(format!("seat {v} is out of range")))
                    .and_then(|v| self.visit_u64(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Seats, A::Error> {
                let mut s = Seats::NONE;
                while let Some(x) = seq.next_element::<Seat>()? {
                    s = s.with(x);
                }
                Ok(s)
            }
        }
        de.deserialize_any(V)
    }
}

/// One line of the game log. `visible_to` limits it to a set of seats when it tells
/// something the other seats may not know (the contents of a hidden stack, say).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The text, with every die roll explained (table, row, column, modifiers, rule).
    pub text: String,
    /// `None`: every seat sees it; `Some(seats)`: only those seats.
    pub visible_to: Option<Seats>,
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
        Self::to_seats(Seats::one(seat), text)
    }
    /// A line only `seats` see.
    pub fn to_seats(seats: Seats, text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            visible_to: Some(seats),
        }
    }
    /// Whether `seat` may read this line.
    pub fn visible(&self, seat: Seat) -> bool {
        self.visible_to.is_none_or(|s| s.contains(seat))
    }
}

/// How one seat did in a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatResult {
    /// The seat won.
    Win,
    /// The seat lost (a solitaire player who failed, too).
    Loss,
    /// Nobody won.
    Draw,
    /// Its place in a game of more than two players: 1 is first.
    Rank(u8),
}

/// How a finished game ended: a result per seat, the scores and why.
///
/// Written as `(winner: Some(1), scores: .., summary: ..)` when one of two seats won and
/// the other lost, or both drew (`winner: None`): the form states were saved in before
/// per-seat results, so those saves still replay to the same text. Any other outcome
/// (one seat, ranks, several winners) is written with `results: [..]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "OutcomeRepr")]
pub struct Outcome {
    /// One result per seat.
    pub results: Vec<SeatResult>,
    /// Victory points per seat (0 where the scenario awards none).
    pub scores: Vec<i32>,
    /// One-line explanation, naming the victory rule.
    pub summary: String,
}

/// What an [`Outcome`] reads: today's per-seat `results`, or the `winner` field that
/// states saved before per-seat results wrote (`None` a draw).
#[derive(Deserialize)]
struct OutcomeRepr {
    #[serde(default)]
    results: Vec<SeatResult>,
    #[serde(default)]
    winner: Option<Seat>,
    scores: Vec<i32>,
    summary: String,
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        // Only a two-seat outcome has the old form (it reads back as two seats).
        let two_sided = [None, self.winner()].into_iter().find(|w| {
            self.results.len() == 2
                && *self == Outcome::decided(2, *w, self.scores.clone(), self.summary.clone())
        });
        let mut st = ser.serialize_struct("Outcome", 3)?;
        match two_sided {
            Some(w) => st.serialize_field("winner", &w)?,
            None => st.serialize_field("results", &self.results)?,
        }
        st.serialize_field("scores", &self.scores)?;
        st.serialize_field("summary", &self.summary)?;
        st.end()
    }
}

impl From<OutcomeRepr> for Outcome {
    fn from(r: OutcomeRepr) -> Self {
        match r.results {
            results if !results.is_empty() => Outcome {
                results,
                scores: r.scores,
                summary: r.summary,
            },
            _ => {
                let seats = u8::try_from(r.scores.len()).unwrap_or(u8::MAX).max(2);
                Outcome::decided(seats, r.winner, r.scores, r.summary)
            }
        }
    }
}

impl Outcome {
    /// A game of `seats` seats won by `winner` (every other seat lost), or drawn
    /// (`None`: every seat drew).
    pub fn decided(
        seats: u8,
        winner: Option<Seat>,
        scores: Vec<i32>,
        summary: impl Into<String>,
    ) -> Self {
        let results = (0..seats)
            .map(|s| match winner {
                None => SeatResult::Draw,
                Some(w) if w == s => SeatResult::Win,
                Some(_) => SeatResult::Loss,
            })
            .collect();
        Self {
            results,
            scores,
            summary: summary.into(),
        }
    }
    /// The one seat that won, if exactly one did (a rank-1 seat counts as a win).
    pub fn winner(&self) -> Option<Seat> {
        let mut won = (0..self.results.len())
            .filter(|&i| matches!(self.results[i], SeatResult::Win | SeatResult::Rank(1)));
        match (won.next(), won.next()) {
            (Some(w), None) => Seat::try_from(w).ok(),
            _ => None,
        }
    }
    /// How `seat` did (a seat the outcome does not list lost).
    pub fn result(&self, seat: Seat) -> SeatResult {
        self.results
            .get(usize::from(seat))
            .copied()
            .unwrap_or(SeatResult::Loss)
    }
}

/// What kind of decision an action is, in words every ruleset shares, so that the AI
/// and the GUI never read a ruleset's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// Ends the acting seat's phase, segment or impulse: "nothing more to do here".
    EndPhase,
    /// Declines an optional decision (reaction fire, say).
    Decline,
    /// Any other action.
    Play,
}

/// A game being played inside another ([`Rules::level`]).
pub struct Level<'a> {
    /// Its game id (`nez_perce_tactical`).
    pub game: &'static str,
    /// Its state, to downcast to that game's state type.
    pub state: &'a dyn std::any::Any,
    /// What its actions' notation is prefixed with in the outer game (`battle: `).
    pub prefix: &'static str,
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
    /// Whether `action`, which `legal_actions(state)` does not list, is legal all the
    /// same: a choice the rules allow in more forms than the list spells out (an Army
    /// Leader taking any subset of the blocks it could take along, artillery firing at
    /// more than two adjacent targets). [`Rules::apply`] must accept exactly the listed
    /// actions and these, and refuse everything else; the conformance suite tries
    /// actions built from listed ones against it. The default: nothing else is legal.
    fn allows_unlisted(_state: &Self::State, _action: &Self::Action) -> bool {
        false
    }
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
    /// The part `seat` plays now, where a game deals parts to its players and they
    /// change in play (Geronimo redraws the sides every turn: a player is "the US" one
    /// turn and "Sioux and Apache" the next). A seat's name stays its player's
    /// ([`Rules::seat_name`]); a report can give figures per role. Every seat may read
    /// it (the curtain and the turn bar show it to the table): a part that is secret
    /// must not be named here, and the leak tests check the words of
    /// [`Rules::secrets`] against it as against every drawn text. The default, for
    /// games whose seats are their sides, is `None`.
    fn role(_state: &Self::State, _seat: Seat) -> Option<String> {
        None
    }
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
    /// A clock that changes whenever play moves on to a new turn at any level: the game
    /// turn, or in a campaign the strategic turn with the battle turn. Autosave and the
    /// computer player's stall guard count by it; reports count by [`Rules::turn`].
    fn clock(state: &Self::State) -> u64 {
        u64::from(Self::turn(state))
    }
    /// The game being played inside this one now, if any (a campaign's battle): its
    /// game id, its state and the prefix of its actions' notation. A shell draws that
    /// game's board while it lasts.
    fn level(_state: &Self::State) -> Option<Level<'_>> {
        None
    }
    /// The level at which the computer plays for `seat` now because that seat's player
    /// chose so in the game itself (a campaign's combat handed to the computer), if it
    /// does. A seat's controller set before play is the shell's; this is the game's.
    fn delegated(_state: &Self::State, _seat: Seat) -> Option<u8> {
        None
    }
    /// Log lines produced while the initial state was built (a die rolled before the
    /// first decision, say); a new session starts its log with them.
    fn opening_log(_state: &Self::State) -> Vec<LogEntry> {
        Vec::new()
    }
    /// What kind of decision `action` is (ending a phase, declining an option, or
    /// anything else). The default calls everything [`ActionKind::Play`].
    fn action_kind(_action: &Self::Action) -> ActionKind {
        ActionKind::Play
    }
    /// Words `seat` must never read in `state`: the names or ids of pieces hidden from
    /// it. The conformance suite checks that no view, log line or legal action shown to
    /// `seat` contains one as a word. The default, for games without hidden
    /// information, is none.
    fn secrets(_state: &Self::State, _seat: Seat) -> Vec<String> {
        Vec::new()
    }
    /// When `action` moves one piece one step (a hex or an area), the piece's id and
    /// the step's destination in notation: the steps a move by destination is made of
    /// ([`crate::core::route`]). The default: no action is a step.
    fn step(_action: &Self::Action) -> Option<(String, String)> {
        None
    }
    /// The steps `piece` may make now, each with its destination in notation: the
    /// moves a route is searched through ([`crate::core::route`]), which applies them
    /// with [`Rules::apply_listed`], so each must be legal in `state`. `piece` is what
    /// the shell names (a piece's id; a ruleset may accept more, such as a Leader with
    /// the blocks it takes along). The default: the legal actions that are
    /// [`step`](Rules::step)s of `piece`; a ruleset may generate them for the one
    /// piece, faster.
    fn steps(state: &Self::State, piece: &str) -> Vec<(Self::Action, String)> {
        listed_steps::<Self>(state, piece)
    }
    /// How much movement `piece` has left (MP), to prefer among routes to the same
    /// place the one that leaves the most; `None` where the ruleset does not say.
    fn moves_left(_state: &Self::State, _piece: &str) -> Option<i64> {
        None
    }
}

/// The legal actions in `state` that are [`Rules::step`]s of `piece`, with their
/// destinations: [`Rules::steps`]'s default, for a ruleset that adds to it.
pub fn listed_steps<R: Rules + ?Sized>(state: &R::State, piece: &str) -> Vec<(R::Action, String)> {
    R::legal_actions(state)
        .into_iter()
        .filter_map(|a| match R::step(&a) {
            Some((p, to)) if p == piece => Some((a, to)),
            _ => None,
        })
        .collect()
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
    /// Each seat's role turn by turn, row for row with `trace`, where the game gave a
    /// seat a role ([`Rules::role`]) at some point of the playout; `None` otherwise.
    pub roles: Option<RoleTrace>,
    /// Every action applied, in notation: with the game's seed, enough to rebuild it
    /// as a save file (`simulate --save-games`).
    pub moves: Vec<String>,
}

/// Each seat's role in each turn of a game whose seats take roles ([`Rules::role`]),
/// beside its score trace, so that a report can tell what a seat gained in the turns
/// it played a role (the US, a Tribe) from what it gained in the others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoleTrace {
    /// Each seat's score when the trace began: what the first turn's gain counts from.
    pub start: Vec<i32>,
    /// Row `i`: each seat's role in the turn that row `i` of the score trace ends, as it
    /// stood in that turn's last position (before the action that ended it, which
    /// counts to the turn), so a role dealt at a turn's start is that turn's. `None`: no
    /// role then, or a turn nobody played (one skipped inside an action, or the turn the
    /// game's last action opened).
    pub turns: Vec<Vec<Option<String>>>,
}

impl RoleTrace {
    /// What each seat gained in each turn and its role then: `(seat, role, gain)` for
    /// every seat-turn with a role, over `trace` (the playout's score rows).
    pub fn gains<'a>(
        &'a self,
        trace: &'a [Vec<i32>],
    ) -> impl Iterator<Item = (usize, &'a str, i32)> + 'a {
        self.turns
            .iter()
            .zip(trace)
            .enumerate()
            .flat_map(move |(i, (roles, row))| {
                let before = if i == 0 { &self.start } else { &trace[i - 1] };
                roles.iter().enumerate().filter_map(move |(s, r)| {
                    let at = |v: &Vec<i32>| v.get(s).copied().unwrap_or(0);
                    r.as_deref().map(|r| (s, r, at(row) - at(before)))
                })
            })
    }
}

/// Records victory points per seat each time the turn changes, and each seat's role in
/// each turn ([`RoleTrace`]).
#[derive(Clone, Debug, Default)]
pub struct TurnTrace {
    turn: u32,
    /// Scores at the end of each turn seen.
    pub rows: Vec<Vec<i32>>,
    /// Scores at the start.
    start: Vec<i32>,
    /// Each seat's role in the last position seen.
    now: Vec<Option<String>>,
    /// Each seat's role in each turn that ended, row for row with `rows`.
    roles: Vec<Vec<Option<String>>>,
    /// Whether an action has been taken in the current turn (one that did not end it).
    played: bool,
    /// Whether any seat has had a role.
    any_role: bool,
}

impl TurnTrace {
    /// Start tracing from `state`.
    pub fn new<R: Rules>(state: &R::State) -> Self {
        Self::starting(R::turn(state), R::scores(state), R::seats(state), |s| {
            R::role(state, s)
        })
    }
    /// Start tracing from a position known by its turn, scores, seats and roles (a
    /// game seen through [`GameSession`](super::session::GameSession)).
    pub fn starting(
        turn: u32,
        scores: Vec<i32>,
        seats: u8,
        role: impl Fn(Seat) -> Option<String>,
    ) -> Self {
        let mut t = Self {
            turn,
            start: scores,
            ..Self::default()
        };
        t.look(seats, role);
        t
    }
    fn look(&mut self, seats: u8, role: impl Fn(Seat) -> Option<String>) {
        self.now.resize(usize::from(seats), None);
        for (s, r) in (0..seats).zip(self.now.iter_mut()) {
            *r = role(s);
        }
        self.any_role |= self.now.iter().any(Option::is_some);
    }
    /// Call after every action: when the turn moved on, the scores now are recorded as
    /// those at the end of the turn (or turns) that ended. They include what the action
    /// that ended the turn scored (the block game awards Victory Levels there; Harvest
    /// the Wind's end of the Rally phase can eliminate units); a new turn scores nothing
    /// before its first decision.
    pub fn after<R: Rules>(&mut self, state: &R::State) {
        self.moved(
            R::turn(state),
            || R::scores(state),
            R::seats(state),
            |s| R::role(state, s),
        );
    }
    /// [`TurnTrace::after`] for a position known by its turn, scores, seats and roles.
    pub fn moved(
        &mut self,
        turn: u32,
        scores: impl FnOnce() -> Vec<i32>,
        seats: u8,
        role: impl Fn(Seat) -> Option<String>,
    ) {
        if turn > self.turn {
            let now = scores();
            for _ in self.turn..turn {
                self.rows.push(now.clone());
            }
            // The turn that ended was played (its last action ended it), with the
            // roles of its last position; turns skipped inside the action were not.
            self.roles.push(self.now.clone());
            for _ in self.turn + 1..turn {
                self.roles.push(vec![None; self.now.len()]);
            }
            self.played = false;
        } else {
            self.played = true;
        }
        self.turn = turn;
        self.look(seats, role);
    }
    /// Close the trace at the end of the game (or the action cap).
    pub fn finish<R: Rules>(self, state: &R::State) -> Vec<Vec<i32>> {
        self.finish_roles::<R>(state).0
    }
    /// Close the trace at the end of the game (or the action cap): the scores per turn
    /// and, if any seat had a role, the roles per turn.
    pub fn finish_roles<R: Rules>(self, state: &R::State) -> (Vec<Vec<i32>>, Option<RoleTrace>) {
        self.closed(R::scores(state))
    }
    /// [`TurnTrace::finish_roles`] with the scores at the end.
    pub fn closed(mut self, scores: Vec<i32>) -> (Vec<Vec<i32>>, Option<RoleTrace>) {
        self.rows.push(scores);
        if !self.any_role {
            return (self.rows, None);
        }
        // The last row's turn, if any action was taken in it.
        let last = if self.played {
            self.now
        } else {
            vec![None; self.now.len()]
        };
        self.roles.push(last);
        let roles = RoleTrace {
            start: self.start,
            turns: self.roles,
        };
        (self.rows, Some(roles))
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
    let (trace, roles) = trace.finish_roles::<R>(state);
    Ok(Playout {
        actions: n,
        outcome: R::outcome(state),
        turns: R::turn(state),
        trace,
        roles,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_back_as_written_and_two_seat_ones_in_the_old_form() {
        let cases = [
            Outcome::decided(2, Some(1), vec![3, 5], "b wins"),
            Outcome::decided(2, None, vec![4, 4], "a draw"),
            Outcome {
                results: vec![SeatResult::Win],
                scores: vec![7],
                summary: "solitaire win".into(),
            },
            Outcome {
                results: vec![SeatResult::Loss],
                scores: vec![0],
                summary: "solitaire loss".into(),
            },
            Outcome {
                results: vec![
                    SeatResult::Rank(2),
                    SeatResult::Rank(1),
                    SeatResult::Rank(2),
                ],
                scores: vec![1, 3, 1],
                summary: "ranks".into(),
            },
        ];
        for o in cases {
            let text = ron::to_string(&o).unwrap();
            assert_eq!(ron::from_str::<Outcome>(&text).unwrap(), o, "{text}");
            assert_eq!(text.contains("winner"), o.results.len() == 2, "{text}");
        }
        // A version-1 outcome reads as two seats.
        let old: Outcome = ron::from_str("(winner:Some(0),scores:[2,1],summary:\"x\")").unwrap();
        assert_eq!(old.results, vec![SeatResult::Win, SeatResult::Loss]);
        assert_eq!(old.winner(), Some(0));
    }

    #[test]
    fn a_turn_trace_keeps_each_turns_roles_and_gains() {
        let deal = |a: &'static str, b: &'static str| {
            move |s: Seat| Some([a, b][usize::from(s)].to_string())
        };
        let mut t = TurnTrace::starting(1, vec![0, 0], 2, deal("US", "Tribe"));
        t.moved(1, || vec![1, 0], 2, deal("US", "Tribe"));
        // The action that ends turn 1 scores for it; the new turn deals new roles.
        t.moved(2, || vec![1, 2], 2, deal("Tribe", "US"));
        t.moved(2, || vec![1, 3], 2, deal("Tribe", "US"));
        // Turn 3 is skipped inside the action that ends turn 2; nobody plays turn 4.
        t.moved(4, || vec![2, 3], 2, deal("US", "Tribe"));
        let (rows, roles) = t.closed(vec![2, 3]);
        assert_eq!(rows, vec![vec![1, 2], vec![2, 3], vec![2, 3], vec![2, 3]]);
        let roles = roles.expect("roles were dealt");
        assert_eq!(roles.start, vec![0, 0]);
        let r = |x: &str| Some(x.to_string());
        assert_eq!(
            roles.turns,
            vec![
                vec![r("US"), r("Tribe")],
                vec![r("Tribe"), r("US")],
                vec![None, None],
                vec![None, None],
            ]
        );
        let gains: Vec<(usize, &str, i32)> = roles.gains(&rows).collect();
        assert_eq!(
            gains,
            vec![(0, "US", 1), (1, "Tribe", 2), (0, "Tribe", 1), (1, "US", 1)]
        );
        // A game with no roles keeps none.
        let mut t = TurnTrace::starting(1, vec![0, 0], 2, |_| None);
        t.moved(2, || vec![1, 0], 2, |_| None);
        assert_eq!(t.closed(vec![1, 0]), (vec![vec![1, 0], vec![1, 0]], None));
    }

    #[test]
    fn a_log_line_for_several_seats_is_read_by_those_only() {
        let l = LogEntry::to_seats(Seats::of([0, 2]), "x");
        assert!(l.visible(0) && !l.visible(1) && l.visible(2));
        assert_eq!(ron::to_string(&Seats::one(1)).unwrap(), "1");
        let back: Seats = ron::from_str(&ron::to_string(&Seats::of([0, 2])).unwrap()).unwrap();
        assert_eq!(back, Seats::of([0, 2]));
    }
}
