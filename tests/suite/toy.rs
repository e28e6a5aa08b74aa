//! A toy ruleset used only by the tests: *Three Fires*, a tiny area game for two to
//! five seats with hidden information, a role that changes every round and a private
//! hand per seat. It exists to prove that a new rule system costs its own file plus
//! one line in the registry (`registry()` below), and to run the conformance suite and
//! the balance reports on a game with more than two seats, log lines seen by a set of
//! seats, roles that move from seat to seat (as Geronimo's sides do), private hands,
//! and per-seat ranks.
//!
//! Rules: six camps in a ring (A-F). Each seat has two tokens (`0a`, `0b`, `1a`...);
//! the dice give every token a secret name, make one of each seat's tokens its chief,
//! and deal each seat a hand of two cards (Flint, Snare, ...) only it may see. Each
//! round one seat is *the Hunter* (seat 0 in round 1, then seat 1, ..., round after
//! round) and the others are *Camps*. Seats take their turns in order, seat 0 first;
//! on its turn a seat takes up to two actions, then `end`s the turn:
//! - `move 0a B`: a token to a neighbouring camp;
//! - `peek 1b`: a token that shares a camp with one of the seat's tokens shows its name
//!   and rank to the peeker and its owner only; a chief found scores the peeker a
//!   point, two for the Hunter;
//! - `play Flint`: a card from the seat's hand is played face down (only its holder
//!   ever learns which one it was); it scores the Hunter a point, a Camp nothing.
//!
//! After three rounds, or one per seat with more than three seats (so every seat hunts
//! once), the seats are ranked by points (ties share a rank).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;
use std::path::Path;
use std::str::FromStr;
use wargame::core::ai::Knowledge;
use wargame::core::dice::Dice;
use wargame::core::error::{DataError, RuleError};
use wargame::core::game::{ActionKind, LogEntry, Outcome, Rules, Seat, SeatResult, Seats};
use wargame::core::registry::{
    FileKind, GameDef, OptionDef, OptionKind, OptionValue, Registry, ScenarioInfo, ScenarioRef,
    Start, option_values,
};
use wargame::core::session::{GameId, GameSession, Session};

/// The secret names the dice deal from.
const NAMES: [&str; 10] = [
    "Heron", "Badger", "Otter", "Lynx", "Raven", "Marten", "Bison", "Osprey", "Wolf", "Crane",
];
/// The cards the hands are dealt from.
const CARDS: [&str; 12] = [
    "Flint", "Snare", "Drum", "Pipe", "Kettle", "Lance", "Quiver", "Rattle", "Sledge", "Tinder",
    "Awl", "Paddle",
];
/// Cards dealt to each seat.
const HAND: usize = 2;
/// Rounds played with three seats or fewer; with more, one per seat.
const ROUNDS: u32 = 3;
/// The role of the seat that hunts this round.
const HUNTER: &str = "the Hunter";
/// The role of the other seats.
const CAMP: &str = "Camp";
/// Actions a seat may take in a turn before it must end it.
const ACTIONS: u8 = 2;

/// The toy's id.
pub const GAME: &str = "toy_three_fires";

/// The shipped registry plus the toy: the one line that registers it.
pub fn registry() -> Registry {
    wargame::games::registry().with(&DEF)
}

/// The ruleset.
pub struct Fires;

/// One token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Token {
    /// Public handle, `0a`.
    pub handle: String,
    /// Owner.
    pub seat: Seat,
    /// Camp 0-5.
    pub camp: u8,
    /// Secret name.
    pub name: String,
    /// The seat's chief.
    pub chief: bool,
    /// Who knows its name and rank (its owner always).
    pub known: Seats,
}

/// The whole state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FiresState {
    /// Seats playing.
    pub seats: u8,
    /// Tokens, two per seat.
    pub tokens: Vec<Token>,
    /// Each seat's hand: cards only it may see.
    pub hands: Vec<Vec<String>>,
    /// Each seat's cards played face down (still only its own to see).
    pub played: Vec<Vec<String>>,
    /// Points per seat.
    pub points: Vec<i32>,
    /// Round, 1-based.
    pub round: u32,
    /// The seat whose turn it is.
    pub turn_of: Seat,
    /// Actions taken this turn.
    pub used: u8,
    /// Peeks so far (each reveals something: undo stops there).
    pub peeks: u64,
    /// The result once over.
    pub result: Option<Outcome>,
    /// The dice.
    pub dice: Dice,
}

/// An action.
#[derive(Clone, Debug, PartialEq)]
pub enum FiresAction {
    /// Move a token to a neighbouring camp.
    Move(String, u8),
    /// Look at a token in a shared camp.
    Peek(String),
    /// Play a card from the hand, face down.
    Play(String),
    /// End the turn.
    End,
}

fn camp_name(c: u8) -> char {
    char::from(b'A' + c)
}

impl fmt::Display for FiresAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FiresAction::Move(t, c) => write!(f, "move {t} {}", camp_name(*c)),
            FiresAction::Peek(t) => write!(f, "peek {t}"),
            FiresAction::Play(c) => write!(f, "play {c}"),
            FiresAction::End => f.write_str("end"),
        }
    }
}

impl FromStr for FiresAction {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let w: Vec<&str> = s.split_whitespace().collect();
        match w.as_slice() {
            ["end"] => Ok(FiresAction::End),
            ["peek", t] => Ok(FiresAction::Peek(t.to_string())),
            ["play", c] => Ok(FiresAction::Play(c.to_string())),
            ["move", t, c] if c.len() == 1 && ("A"..="F").contains(c) => {
                Ok(FiresAction::Move(t.to_string(), c.as_bytes()[0] - b'A'))
            }
            _ => Err(format!(
                "'{s}' is not a Three Fires action (move T C, peek T, play CARD, end)"
            )),
        }
    }
}

/// What one seat sees of a token.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TokenView {
    /// Handle.
    pub handle: String,
    /// Camp.
    pub camp: u8,
    /// Name, if the seat knows it.
    pub name: Option<String>,
    /// Whether it is a chief, if the seat knows.
    pub chief: Option<bool>,
}

/// What one seat sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FiresView {
    /// Tokens.
    pub tokens: Vec<TokenView>,
    /// The seat's own hand.
    pub hand: Vec<String>,
    /// The cards the seat has played.
    pub played: Vec<String>,
    /// How many cards each seat holds, and how many it has played.
    pub cards: Vec<(usize, usize)>,
    /// The seat that hunts this round.
    pub hunter: Seat,
    /// Points.
    pub points: Vec<i32>,
    /// Round.
    pub round: u32,
    /// Whose turn.
    pub turn_of: Seat,
    /// Actions used this turn.
    pub used: u8,
    /// Over.
    pub over: bool,
}

fn adjacent(a: u8, b: u8) -> bool {
    (a + 1) % 6 == b || (b + 1) % 6 == a
}

fn seat_name(s: Seat) -> String {
    ["Red", "Blue", "Green", "Yellow", "White"]
        .get(usize::from(s))
        .map_or(format!("Seat {s}"), |n| n.to_string())
}

/// Rounds played by `seats` seats.
pub fn rounds(seats: u8) -> u32 {
    ROUNDS.max(u32::from(seats))
}

/// The seat that hunts this round: seat 0 in round 1, then each seat in turn.
pub fn hunter(s: &FiresState) -> Seat {
    let n = u32::from(s.seats.max(1));
    u8::try_from(s.round.saturating_sub(1) % n).unwrap_or(0)
}

/// The state at the start: names, chiefs and hands dealt by the dice.
pub fn initial(seats: u8, seed: u64) -> FiresState {
    let mut dice = Dice::new(seed);
    let mut pool: Vec<&str> = NAMES.to_vec();
    let mut tokens = vec![];
    for s in 0..seats {
        let chief = dice.pick(2);
        for (i, l) in ["a", "b"].iter().enumerate() {
            let name = pool.remove(dice.pick(pool.len()));
            tokens.push(Token {
                handle: format!("{s}{l}"),
                seat: s,
                camp: (2 * s + u8::try_from(i).unwrap_or(0)) % 6,
                name: name.to_string(),
                chief: i == chief,
                known: Seats::one(s),
            });
        }
    }
    let mut deck: Vec<&str> = CARDS.to_vec();
    let hands: Vec<Vec<String>> = (0..seats)
        .map(|_| {
            (0..HAND)
                .map(|_| deck.remove(dice.pick(deck.len())).to_string())
                .collect()
        })
        .collect();
    FiresState {
        seats,
        tokens,
        hands,
        played: vec![vec![]; usize::from(seats)],
        points: vec![0; usize::from(seats)],
        round: 1,
        turn_of: 0,
        used: 0,
        peeks: 0,
        result: None,
        dice,
    }
}

fn finish(s: &mut FiresState) -> LogEntry {
    let results: Vec<SeatResult> = s
        .points
        .iter()
        .map(|p| {
            let better = s.points.iter().filter(|q| *q > p).count();
            SeatResult::Rank(u8::try_from(better + 1).unwrap_or(u8::MAX))
        })
        .collect();
    let summary = format!(
        "after {} rounds the points are {:?}",
        rounds(s.seats),
        s.points
    );
    s.result = Some(Outcome {
        results,
        scores: s.points.clone(),
        summary: summary.clone(),
    });
    LogEntry::public(summary)
}

impl Rules for Fires {
    type State = FiresState;
    type Action = FiresAction;
    type View = FiresView;

    fn legal_actions(s: &FiresState) -> Vec<FiresAction> {
        if s.result.is_some() {
            return vec![];
        }
        let me = s.turn_of;
        let mut out = vec![];
        if s.used < ACTIONS {
            for t in s.tokens.iter().filter(|t| t.seat == me) {
                for c in 0..6 {
                    if adjacent(t.camp, c) {
                        out.push(FiresAction::Move(t.handle.clone(), c));
                    }
                }
            }
            for t in &s.tokens {
                let shares = s.tokens.iter().any(|m| m.seat == me && m.camp == t.camp);
                if t.seat != me && shares && !t.known.contains(me) {
                    out.push(FiresAction::Peek(t.handle.clone()));
                }
            }
            if let Some(hand) = s.hands.get(usize::from(me)) {
                out.extend(hand.iter().map(|c| FiresAction::Play(c.clone())));
            }
        }
        out.push(FiresAction::End);
        out
    }

    fn apply(s: &mut FiresState, a: &FiresAction) -> Result<Vec<LogEntry>, RuleError> {
        if !Self::legal_actions(s).contains(a) {
            return Err(RuleError::new(format!("'{a}' is not legal now")));
        }
        let me = s.turn_of;
        let mut log = vec![];
        match a {
            FiresAction::Move(h, c) => {
                if let Some(t) = s.tokens.iter_mut().find(|t| &t.handle == h) {
                    t.camp = *c;
                }
                s.used += 1;
                log.push(LogEntry::public(format!(
                    "{} moves {h} to camp {}",
                    seat_name(me),
                    camp_name(*c)
                )));
            }
            FiresAction::Peek(h) => {
                s.used += 1;
                s.peeks += 1;
                let Some(t) = s.tokens.iter_mut().find(|t| &t.handle == h) else {
                    return Err(RuleError::new(format!("no token {h}")));
                };
                t.known = t.known.with(me);
                let (owner, name, chief) = (t.seat, t.name.clone(), t.chief);
                log.push(LogEntry::public(format!("{} peeks at {h}", seat_name(me))));
                log.push(LogEntry::to_seats(
                    Seats::of([me, owner]),
                    format!(
                        "{h} is {name}, {}",
                        if chief { "the chief" } else { "a follower" }
                    ),
                ));
                if chief {
                    let points = if me == hunter(s) { 2 } else { 1 };
                    s.points[usize::from(me)] += points;
                    log.push(LogEntry::public(format!(
                        "{} finds a chief: {points} point{}",
                        seat_name(me),
                        if points == 1 { "" } else { "s" }
                    )));
                }
            }
            FiresAction::Play(c) => {
                let hunts = me == hunter(s);
                let (Some(hand), Some(played)) = (
                    s.hands.get_mut(usize::from(me)),
                    s.played.get_mut(usize::from(me)),
                ) else {
                    return Err(RuleError::new(format!("no hand for seat {me}")));
                };
                let Some(i) = hand.iter().position(|h| h == c) else {
                    return Err(RuleError::new(format!("{c} is not in the hand")));
                };
                played.push(hand.remove(i));
                s.used += 1;
                log.push(LogEntry::public(format!(
                    "{} plays a card face down{}",
                    seat_name(me),
                    if hunts { ": 1 point" } else { "" }
                )));
                log.push(LogEntry::private(me, format!("you play {c}")));
                if hunts {
                    s.points[usize::from(me)] += 1;
                }
            }
            FiresAction::End => {
                s.used = 0;
                s.turn_of = (s.turn_of + 1) % s.seats;
                if s.turn_of == 0 {
                    s.round += 1;
                }
                log.push(LogEntry::public(format!("{} ends the turn", seat_name(me))));
                if s.round > rounds(s.seats) {
                    log.push(finish(s));
                } else if s.turn_of == 0 {
                    log.push(LogEntry::public(format!(
                        "round {}: {} is {HUNTER}",
                        s.round,
                        seat_name(hunter(s))
                    )));
                }
            }
        }
        Ok(log)
    }

    fn to_act(s: &FiresState) -> Option<Seat> {
        s.result.is_none().then_some(s.turn_of)
    }
    fn outcome(s: &FiresState) -> Option<Outcome> {
        s.result.clone()
    }
    fn view(s: &FiresState, seat: Seat) -> FiresView {
        FiresView {
            tokens: s
                .tokens
                .iter()
                .map(|t| {
                    let k = t.known.contains(seat);
                    TokenView {
                        handle: t.handle.clone(),
                        camp: t.camp,
                        name: k.then(|| t.name.clone()),
                        chief: k.then_some(t.chief),
                    }
                })
                .collect(),
            hand: s.hands.get(usize::from(seat)).cloned().unwrap_or_default(),
            played: s.played.get(usize::from(seat)).cloned().unwrap_or_default(),
            cards: s
                .hands
                .iter()
                .zip(&s.played)
                .map(|(h, p)| (h.len(), p.len()))
                .collect(),
            hunter: hunter(s),
            points: s.points.clone(),
            round: s.round,
            turn_of: s.turn_of,
            used: s.used,
            over: s.result.is_some(),
        }
    }
    fn seats(s: &FiresState) -> u8 {
        s.seats
    }
    fn seat_name(_: &FiresState, seat: Seat) -> String {
        seat_name(seat)
    }
    /// The Hunter this round, or a Camp.
    fn role(s: &FiresState, seat: Seat) -> Option<String> {
        (seat < s.seats).then(|| if seat == hunter(s) { HUNTER } else { CAMP }.to_string())
    }
    /// Each seat reads its own hand, and who hunts first.
    fn opening_log(s: &FiresState) -> Vec<LogEntry> {
        let mut log: Vec<LogEntry> = (0..s.seats)
            .zip(&s.hands)
            .map(|(seat, h)| LogEntry::private(seat, format!("your hand: {}", h.join(", "))))
            .collect();
        log.push(LogEntry::public(format!(
            "round 1: {} is {HUNTER}",
            seat_name(hunter(s))
        )));
        log
    }
    fn turn(s: &FiresState) -> u32 {
        s.round
    }
    fn dice(s: &mut FiresState) -> &mut Dice {
        &mut s.dice
    }
    fn reveals(s: &FiresState) -> u64 {
        s.peeks
    }
    fn probe(s: &FiresState, key: &str) -> Option<String> {
        match key {
            "round" => Some(s.round.to_string()),
            "turn_of" => Some(s.turn_of.to_string()),
            _ => None,
        }
    }
    fn scores(s: &FiresState) -> Vec<i32> {
        s.points.clone()
    }
    fn place_piece(s: &mut FiresState, id: &str, camp: Option<&str>) -> Result<(), String> {
        let c = camp
            .and_then(|c| c.bytes().next())
            .filter(|c| (b'A'..=b'F').contains(c))
            .ok_or("a token must stay in a camp A-F")?;
        let t = s
            .tokens
            .iter_mut()
            .find(|t| t.handle == id)
            .ok_or_else(|| format!("no token {id}"))?;
        t.camp = c - b'A';
        Ok(())
    }
    fn action_kind(a: &FiresAction) -> ActionKind {
        match a {
            FiresAction::End => ActionKind::EndPhase,
            _ => ActionKind::Play,
        }
    }
    /// The names of the tokens `seat` has not seen, and the other seats' cards, held
    /// or played.
    fn secrets(s: &FiresState, seat: Seat) -> Vec<String> {
        let others = |piles: &[Vec<String>]| -> Vec<String> {
            piles
                .iter()
                .enumerate()
                .filter(|(o, _)| *o != usize::from(seat))
                .flat_map(|(_, p)| p.iter().cloned())
                .collect()
        };
        let cards = others(&s.hands).into_iter().chain(others(&s.played));
        s.tokens
            .iter()
            .filter(|t| !t.known.contains(seat))
            .map(|t| t.name.clone())
            .chain(cards)
            .collect()
    }
}

impl GameId for Fires {
    const ID: &'static str = GAME;
}

impl Knowledge for Fires {
    /// Re-deal what `seat` does not know: the names and chiefs of tokens it has not
    /// seen, from the names it has not seen, consistent with each seat having one chief.
    fn determinize(s: &FiresState, seat: Seat, rng: &mut rand_chacha::ChaCha8Rng) -> FiresState {
        use rand::{Rng, RngCore};
        let mut w = s.clone();
        w.dice = Dice::new(rng.next_u64());
        let seen: Vec<String> = w
            .tokens
            .iter()
            .filter(|t| t.known.contains(seat))
            .map(|t| t.name.clone())
            .collect();
        let mut pool: Vec<&str> = NAMES
            .iter()
            .copied()
            .filter(|n| !seen.iter().any(|x| x == n))
            .collect();
        for owner in 0..w.seats {
            let idx: Vec<usize> = (0..w.tokens.len())
                .filter(|&i| w.tokens[i].seat == owner)
                .collect();
            let known_chief = idx
                .iter()
                .find(|&&i| w.tokens[i].known.contains(seat) && w.tokens[i].chief)
                .copied();
            let unknown: Vec<usize> = idx
                .iter()
                .copied()
                .filter(|&i| !w.tokens[i].known.contains(seat))
                .collect();
            if unknown.is_empty() {
                continue;
            }
            let chief = match known_chief {
                Some(_) => None,
                None => Some(unknown[rng.random_range(0..unknown.len())]),
            };
            for &i in &unknown {
                let n = pool.remove(rng.random_range(0..pool.len()));
                w.tokens[i].name = n.to_string();
                w.tokens[i].chief = chief == Some(i);
            }
        }
        // The other seats' cards, held and played, re-dealt from those `seat` has not
        // seen, as many to each as it holds and has played.
        let me = usize::from(seat);
        let mine: Vec<&String> = w.hands[me].iter().chain(&w.played[me]).collect();
        let mut deck: Vec<&str> = CARDS
            .iter()
            .copied()
            .filter(|c| !mine.iter().any(|m| m == c))
            .collect();
        for o in (0..w.hands.len()).filter(|&o| o != me) {
            for pile in [&mut w.hands[o], &mut w.played[o]] {
                for card in pile.iter_mut() {
                    *card = deck.remove(rng.random_range(0..deck.len())).to_string();
                }
            }
        }
        w
    }
}

/// The toy's registry entry.
pub struct Def;

/// Three Fires in the registry.
pub static DEF: Def = Def;

static OPTIONS: [OptionDef; 1] = [OptionDef {
    key: "players",
    label: "Players",
    help: "two to five seats",
    kind: OptionKind::Int {
        min: 2,
        max: 5,
        default: 3,
    },
    parts: &[],
}];

fn players(options: &[String]) -> u8 {
    match option_values(&OPTIONS, options).first() {
        Some(OptionValue::Ints(v)) => v.first().and_then(|&n| u8::try_from(n).ok()).unwrap_or(3),
        _ => 3,
    }
}

impl GameDef for Def {
    fn id(&self) -> &'static str {
        GAME
    }
    fn name(&self) -> &'static str {
        "Three Fires (test toy)"
    }
    fn blurb(&self) -> &'static str {
        "A tiny area game with hidden names, private hands and a Hunter each round, for the tests"
    }
    fn score_name(&self) -> &'static str {
        "points"
    }
    fn seat_range(&self, options: &[String]) -> RangeInclusive<u8> {
        let n = players(options);
        n..=n
    }
    fn options(&self) -> &'static [OptionDef] {
        &OPTIONS
    }
    fn scenarios(&self, _root: &Path) -> Vec<String> {
        vec![format!("{GAME}/ring")]
    }
    fn scenario_info(&self, _root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        Ok(ScenarioInfo {
            id: id.to_string(),
            name: "The ring of six camps".into(),
            subtitle: format!("{ROUNDS} rounds, or one per seat"),
            background: "A test toy.".into(),
            victory: "Most points".into(),
            length: format!("{ROUNDS} rounds, or one per seat with more seats"),
            notes: vec![],
            hidden: true,
            skip_options: vec![],
        })
    }
    fn new_session(
        &self,
        _root: &Path,
        scenario: ScenarioRef<'_>,
        start: &Start,
    ) -> Result<Box<dyn GameSession>, DataError> {
        match scenario {
            ScenarioRef::Id(id) if id == format!("{GAME}/ring") => {}
            other => {
                return Err(DataError::file(
                    other.describe(),
                    "Three Fires has one scenario, toy_three_fires/ring",
                ));
            }
        }
        let state = initial(players(&start.options), start.seed);
        let mut g = Session::<Fires>::new(format!("{GAME}/ring"), start.seed, state);
        g.options = start.options.clone();
        Ok(Box::new(g))
    }
    fn check(&self, _root: &Path, path: &Path, _kind: FileKind) -> Result<String, DataError> {
        Err(DataError::file(
            path.display().to_string(),
            "Three Fires has no data files",
        ))
    }
}

/// Five seats through the balance report as `wargame simulate` makes it (its game
/// seeds, random playouts, [`Report::of_batch`]): ranks, places with ties, sole-first
/// wins and figures per role read from the roles each game recorded.
#[test]
fn five_seats_report_their_places_and_what_each_role_gained() {
    use wargame::core::ai::Player;
    use wargame::core::registry::Start;
    use wargame::report::{Batch, Report};
    let (registry, root) = (registry(), crate::util::root());
    let id = format!("{GAME}/ring");
    let options = vec!["players=5".to_string()];
    let start = |seed| Start {
        seed,
        options: options.clone(),
    };
    let (games, seed) = (200usize, 1u64);
    let played: Vec<_> = (0..games)
        .map(|g| {
            let game_seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(g as u64);
            let session = registry.new_session(&root, &id, &start(game_seed)).unwrap();
            session
                .playout(game_seed ^ 0x9E37_79B9_7F4A_7C15, 200_000)
                .unwrap()
        })
        .collect();
    let proto = registry.new_session(&root, &id, &start(0)).unwrap();
    assert_eq!(proto.seats(), 5);
    let info = registry.scenario_info(&root, &id).ok();
    let batch = Batch {
        players: vec![Player::Random; 5],
        seed,
        max_actions: 200_000,
        options: options.clone(),
        command: format!(
            "wargame simulate --scenario {id} --games {games} --seed {seed} --option players=5"
        ),
    };
    let report = Report::of_batch(
        proto.as_ref(),
        registry.get(GAME),
        info.as_ref(),
        batch,
        played,
    );
    assert!(report.ranked());
    let text = report.text();
    println!("{text}");
    // Every game finishes, so every seat has a place in each: 200 per seat, some shared.
    let places = report.places();
    assert_eq!(places.games, games);
    for (s, count) in places.count.iter().enumerate() {
        assert_eq!(count.len(), 5, "seat {s}: {count:?}");
        assert_eq!(count.iter().sum::<usize>(), games, "seat {s}");
        let first = count[0] - places.tied[s][0];
        assert_eq!(
            places.wins[s], first,
            "seat {s}: a win is a sole first place"
        );
    }
    assert!(
        places.tied.iter().flatten().sum::<usize>() > 0,
        "ties happen"
    );
    assert!(places.shared_first > 0, "first places are shared too");
    assert_eq!(
        places.wins.iter().sum::<usize>() + places.shared_first,
        games,
        "a game has one sole winner or a shared first place"
    );
    // Five rounds, one Hunter each and four Camps: per role, the seat-turns, and the
    // Hunter's turns score more. Each seat hunts once a game.
    let roles = report.per_role();
    let turns: Vec<(&str, usize)> = roles.iter().map(|r| (r.role.as_str(), r.turns)).collect();
    assert_eq!(turns, vec![("the Hunter", 5 * games), ("Camp", 20 * games)]);
    assert!(roles[0].mean > roles[1].mean, "{roles:?}");
    for r in &roles {
        let per_seat = if r.role == "the Hunter" { 1 } else { 4 };
        assert!(
            r.seats
                .iter()
                .all(|&(n, m)| n == per_seat * games && m.is_some()),
            "{r:?}"
        );
    }
    for want in [
        "mean rank",
        "shared 1st",
        "places in the 200 finished games",
        "1st            2nd            3rd            4th            5th",
        "White",
        "tied)",
        "the Hunter       seat-turns   1000",
        "Camp             seat-turns   4000",
        "Yellow ",
    ] {
        assert!(text.contains(want), "{want:?} not in\n{text}");
    }
    let md = report.markdown(Some("r-vp.svg"), None);
    for want in [
        "| Seat | Mean points | Mean rank | Wins (sole 1st) | Win rate (95% CI) |",
        "## Places",
        "| Seat | Mean rank | 1st | 2nd | 3rd | 4th | 5th |",
        "## Points per turn by role",
        "| the Hunter | 1000 |",
        "| Camp | 4000 |",
    ] {
        assert!(md.contains(want), "{want:?} not in\n{md}");
    }
    let svg = report.svg();
    assert!(svg.contains("Places in the 200 finished games"), "{svg}");
    assert!(svg.contains("White (mean rank "), "{svg}");
}

/// The menu's balance figures of a five-seat game with a role (issue 49): places,
/// mean place and sole-first wins in place of wins and draws, and the score each role
/// gains per turn, the same figures as `simulate`'s report.
#[test]
fn the_menus_balance_figures_rank_five_seats_and_show_each_role() {
    use std::sync::atomic::AtomicUsize;
    use wargame::core::registry::Start;
    let root = crate::util::root();
    let id = format!("{GAME}/ring");
    let make = move |seed: u64| {
        registry()
            .new_session(
                &root,
                &id,
                &Start {
                    seed,
                    options: vec!["players=5".into()],
                },
            )
            .map_err(|e| e.to_string())
    };
    let s = wargame::gui::balance::compute(&make, 40, &AtomicUsize::new(0)).unwrap();
    let places = s.places.as_ref().expect("five seats are ranked");
    assert_eq!(places.games, 40);
    assert_eq!(
        s.wins.iter().sum::<usize>() + s.draws,
        40,
        "each game has one sole first place or a shared one"
    );
    let lines = s.lines();
    let text = lines.join("\n");
    assert_eq!(
        lines.iter().filter(|l| l.contains(": mean place ")).count(),
        5,
        "{text}"
    );
    for want in [
        "First place shared",
        "As the Hunter: +",
        "As Camp: ",
        "(200 turns)",
    ] {
        assert!(text.contains(want), "{want:?} not in\n{text}");
    }
    assert!(!text.contains("Draws"), "{text}");
}

/// The handoff curtain of a game with roles, in the window (issue 49): it names the
/// player coming to the screen and the role dealt to them this turn, for each seat in
/// turn, and draws nothing of the game behind it.
#[test]
fn the_curtain_names_the_next_player_and_their_role_this_turn() {
    use wargame::core::registry::Start;
    use wargame::gui::Game;
    let root = crate::util::root();
    let s = registry()
        .new_session(
            &root,
            &format!("{GAME}/ring"),
            &Start {
                seed: 3,
                options: vec!["players=3".into()],
            },
        )
        .unwrap();
    let names = vec!["Ann".to_string(), "Ben".into(), "Cy".into()];
    let mut shell = crate::screens::Shell::new("toy_curtain");
    shell.open(Game::new(s, true).with_names(names.clone()));
    let mut seen_roles = vec![];
    for _ in 0..3 {
        let (seat, role) = {
            let g = shell.game();
            let seat = g.to_act().expect("a seat is to act");
            (seat, g.role(seat).expect("every seat has a role"))
        };
        let want = format!(
            "Pass the screen to {}, {role} this turn",
            names[usize::from(seat)]
        );
        let texts: Vec<String> = shell.texts().iter().map(|t| t.to_string()).collect();
        assert!(texts.contains(&want), "{want:?} not among {texts:?}");
        assert!(
            !texts
                .iter()
                .any(|t| t.contains("Camp ") && t.contains("cards")),
            "the curtain hides the game: {texts:?}"
        );
        seen_roles.push(role);
        // The seat takes its turn: the curtain lifts and it acts, through the window's
        // own submit, until another seat is to act; then the curtain comes down.
        shell.game_mut().lift_curtain();
        shell.frames(1);
        loop {
            let a = shell.game().session().legal().into_iter().next();
            let Some(a) = a else { break };
            shell.game_mut().submit(&a);
            shell.frames(1);
            if shell.game().to_act() != Some(seat) {
                break;
            }
        }
        shell.frames(2);
        assert!(
            shell.game().curtain_down(),
            "the curtain is down for the next seat"
        );
    }
    assert!(
        seen_roles.iter().any(|r| r == "the Hunter"),
        "{seen_roles:?}"
    );
}
