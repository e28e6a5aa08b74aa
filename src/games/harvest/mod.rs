//! *Harvest the Wind*: a tactical hex microgame of the 19th-century American West with
//! six scenarios (seed 002). Pure rules; no Bevy.

pub mod action;
pub mod ai;
pub mod data;
pub mod def;
pub mod rules;
pub mod setup;
pub mod state;

use crate::core::dice::Dice;
use crate::core::error::RuleError;
use crate::core::game::{ActionKind, LogEntry, Outcome, Rules, Seat};
use crate::core::hexmap::Coord;
use crate::core::session::GameId;
use action::Action;
use serde::Serialize;
use state::{Kind, Loc, Pending, Phase, State};

/// The Harvest the Wind ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Harvest;

impl GameId for Harvest {
    const ID: &'static str = setup::GAME;
}

/// A counter as one seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceView {
    /// Id.
    pub id: String,
    /// Kind.
    pub kind: Kind,
    /// Side.
    pub side: u8,
    /// Hex, if on the map.
    pub hex: Option<Coord>,
    /// Where, in words (`map`, `carried by a3`, `offboard`, `eliminated`...).
    pub place: String,
    /// Printed values.
    pub label: String,
    /// Pinned.
    pub pinned: bool,
    /// Reverse side / Low Ammo.
    pub flipped: bool,
    /// Mounted.
    pub mounted: bool,
    /// Under a Hidden counter (own pieces only).
    pub hidden: bool,
}

/// What one seat may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The seat.
    pub seat: u8,
    /// Turn.
    pub turn: u32,
    /// Phase name.
    pub phase: String,
    /// Phasing side.
    pub phasing: u8,
    /// Seat to act.
    pub to_act: Option<u8>,
    /// Counters visible to the seat.
    pub pieces: Vec<PieceView>,
    /// Hexes with enemy Hidden counters, and how many counters.
    pub hidden_stacks: Vec<(Coord, u8)>,
    /// Victory points.
    pub points: Vec<i32>,
    /// Result, when over.
    pub result: Option<Outcome>,
}

/// The `place` text of a piece held off the map by its owner (VII.D.2).
pub const HELD: &str = "held off the map";

/// Whether `seat` may see piece `p` (own pieces always; enemy pieces unless Hidden or
/// carried by a Hidden unit).
pub fn visible(s: &State, p: &state::Piece, seat: Seat) -> bool {
    if p.side == seat {
        return true;
    }
    if p.hidden || p.kind == Kind::Hidden {
        return false;
    }
    match p.loc {
        Loc::Carried(h) => visible(s, s.p(h), seat),
        Loc::Removed => false,
        _ => true,
    }
}

/// The view of a seat.
pub fn view(s: &State, seat: Seat) -> View {
    let mut pieces = vec![];
    let mut hidden: std::collections::BTreeMap<Coord, u8> = Default::default();
    for p in &s.pieces {
        if visible(s, p, seat) {
            let place = match &p.loc {
                Loc::Map(c) => format!("map {c}"),
                Loc::Carried(h) => format!("carried by {}", s.p(*h).id),
                Loc::Offboard { zone, turn } => {
                    format!("off-board, enters from {zone} on turn {turn}")
                }
                Loc::Pool => "reinforcement pool".into(),
                Loc::Eliminated => "eliminated".into(),
                Loc::Removed => "removed".into(),
                Loc::Held => HELD.into(),
            };
            pieces.push(PieceView {
                id: p.id.to_string(),
                kind: p.kind,
                side: p.side,
                hex: p.hex(),
                place,
                label: p.label.to_string(),
                pinned: p.pinned,
                flipped: p.flipped,
                mounted: p.mounted_on.is_some(),
                hidden: p.hidden,
            });
        } else if let Some(c) = p.hex() {
            // One Hidden counter per hidden stack, plus each dummy.
            let e = hidden.entry(c).or_insert(0);
            if p.kind == Kind::Hidden || *e == 0 {
                *e += 1;
            }
        }
    }
    View {
        seat,
        turn: s.turn,
        phase: s.phase.name().into(),
        phasing: s.phasing,
        to_act: rules::to_act(s),
        pieces,
        hidden_stacks: hidden.into_iter().collect(),
        points: s.points.clone(),
        result: s.result.clone(),
    }
}

impl Rules for Harvest {
    type State = State;
    type Action = Action;
    type View = View;

    fn legal_actions(state: &State) -> Vec<Action> {
        rules::legal(state)
    }
    fn apply(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        rules::apply(state, action)
    }
    /// Artillery fire at three to seven adjacent targets (II.E.5-6): the list names
    /// single targets and adjacent pairs.
    fn allows_unlisted(state: &State, action: &Action) -> bool {
        rules::allows_unlisted(state, action)
    }
    fn apply_listed(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        rules::apply_listed(state, action)
    }
    fn to_act(state: &State) -> Option<Seat> {
        rules::to_act(state)
    }
    fn outcome(state: &State) -> Option<Outcome> {
        state.result.clone()
    }
    fn view(state: &State, seat: Seat) -> View {
        view(state, seat)
    }
    fn seats(_: &State) -> u8 {
        2
    }
    fn seat_name(state: &State, seat: Seat) -> String {
        state
            .stat
            .scenario
            .sides
            .get(usize::from(seat))
            .map_or_else(|| format!("seat {seat}"), |s| s.name.clone())
    }
    fn turn(state: &State) -> u32 {
        state.turn
    }
    fn dice(state: &mut State) -> &mut Dice {
        &mut state.dice
    }
    fn reveals(state: &State) -> u64 {
        state.reveals
    }
    fn probe(s: &State, key: &str) -> Option<String> {
        probe(s, key)
    }
    fn scores(state: &State) -> Vec<i32> {
        state.points.clone()
    }
    fn step(action: &Action) -> Option<(String, String)> {
        match action {
            Action::Move { unit, hex } => Some((unit.to_string(), hex.to_string())),
            _ => None,
        }
    }
    fn moves_left(state: &State, piece: &str) -> Option<i64> {
        let i = state.find(piece)?;
        let spent = state.rec(i).map_or(0, |r| r.mp);
        Some(i64::from(state.p(i).ma) - i64::from(spent))
    }
    fn action_kind(action: &Action) -> ActionKind {
        match action {
            Action::End => ActionKind::EndPhase,
            Action::Pass => ActionKind::Decline,
            _ => ActionKind::Play,
        }
    }
    /// The ids of the other side's pieces under a Hidden counter (III.F), dummy Hidden
    /// counters among them, and of the weapons they carry.
    fn secrets(state: &State, seat: Seat) -> Vec<String> {
        let mut ids = vec![];
        for (i, p) in state.pieces.iter().enumerate() {
            if p.side != seat && (p.hidden || p.kind == Kind::Hidden) && p.on_map() {
                ids.push(p.id.to_string());
                let Ok(me) = state::Pid::try_from(i) else {
                    continue;
                };
                ids.extend(state.carried(me).map(|w| state.p(w).id.to_string()));
            }
        }
        ids
    }
    fn place_piece(state: &mut State, id: &str, hex: Option<&str>) -> Result<(), String> {
        match hex {
            Some(h) => setup::override_place(state, id, h),
            None => {
                let p = state.find(id).ok_or_else(|| format!("no piece '{id}'"))?;
                state.pm(p).loc = Loc::Removed;
                let carried: Vec<state::Pid> = state.carried(p).collect();
                for w in carried {
                    state.pm(w).loc = Loc::Removed;
                }
                Ok(())
            }
        }
    }
}

/// Read a named quantity: `turn`, `phase`, `phasing`, `to_act`, `pending`, `points.N`,
/// `winner`, `over`, `dice_left`, or `ID.FIELD` with FIELD one of `hex`, `loc`, `pinned`,
/// `flipped`, `mounted`, `hidden`, `carries`, `melee`, `morale`, `side`.
pub fn probe(s: &State, key: &str) -> Option<String> {
    Some(match key {
        "turn" => s.turn.to_string(),
        "phase" => s.phase.name().to_string(),
        "phasing" => s.phasing.to_string(),
        "to_act" => rules::to_act(s).map_or("none".into(), |x| x.to_string()),
        "pending" => match &s.pending {
            Pending::None => "none".into(),
            Pending::Reaction { .. } => "reaction".into(),
            Pending::Flee { .. } => "flee".into(),
            Pending::Medicine { .. } => "medicine".into(),
            Pending::Recruit { .. } => "recruit".into(),
            Pending::Dust { .. } => "dust".into(),
            Pending::Capture { .. } => "capture".into(),
        },
        "winner" => s.result.as_ref().map_or("none".into(), |r| {
            r.winner().map_or("draw".into(), |w| w.to_string())
        }),
        "over" => (s.phase == Phase::Over).to_string(),
        "dice_left" => s.dice.forced_left().to_string(),
        _ => {
            if let Some(n) = key.strip_prefix("points.") {
                return s
                    .points
                    .get(n.parse::<usize>().ok()?)
                    .map(ToString::to_string);
            }
            let (id, field) = key.split_once('.')?;
            let p = s.p(s.find(id)?);
            match field {
                "hex" => p.hex().map_or("none".into(), |c| c.to_string()),
                "loc" => match &p.loc {
                    Loc::Map(c) => c.to_string(),
                    Loc::Carried(h) => format!("carried:{}", s.p(*h).id),
                    Loc::Offboard { .. } => "offboard".into(),
                    Loc::Pool => "pool".into(),
                    Loc::Eliminated => "eliminated".into(),
                    Loc::Removed => "removed".into(),
                    Loc::Held => "held".into(),
                },
                "side" => p.side.to_string(),
                "pinned" => p.pinned.to_string(),
                "flipped" => p.flipped.to_string(),
                "mounted" => p.mounted_on.is_some().to_string(),
                "hidden" => p.hidden.to_string(),
                "melee" => p.melee.to_string(),
                "morale" => p.morale.to_string(),
                "carries" => {
                    let v: Vec<String> = s
                        .carried(s.find(id)?)
                        .map(|w| s.p(w).id.to_string())
                        .collect();
                    v.join(",")
                }
                _ => return None,
            }
        }
    })
}
