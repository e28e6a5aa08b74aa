//! *Once We Moved Like the Wind*: the Apache Wars block game (seed 001) on an area map,
//! with hidden blocks. Pure rules; no Bevy. Each seat sees its own blocks face up and the
//! other's as blank blocks of a colour until the rules reveal them.

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
use crate::core::session::GameId;
use crate::core::sym::Sym;
use action::Action;
use data::{BlockKind, Nation};
use serde::Serialize;
use state::{Pending, Phase, State, Status};

/// The ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Wind;

impl GameId for Wind {
    const ID: &'static str = setup::GAME;
}

/// A block as one seat sees it. Identity, kind, strength and value are `None` for the
/// other player's blocks until the rules reveal them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BlockView {
    /// Handle this turn.
    pub handle: String,
    /// Nation (colour).
    pub nation: Nation,
    /// Area id, if on the map.
    pub area: Option<String>,
    /// `drawn`, `map`, `out` or `gone`.
    pub status: &'static str,
    /// Name, if known.
    pub name: Option<String>,
    /// Kind, if known.
    pub kind: Option<BlockKind>,
    /// Current SP, if known.
    pub sp: Option<u8>,
    /// Most SP, if known.
    pub max_sp: Option<u8>,
    /// Leader value, if known.
    pub value: Option<u8>,
    /// MP left this segment (own blocks only).
    pub mp_left: Option<u8>,
    /// Face up for both players.
    pub revealed: bool,
}

/// What one seat may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The seat.
    pub seat: u8,
    /// Turn and last turn.
    pub turn: u32,
    /// Last turn of the game.
    pub last_turn: u32,
    /// Phase.
    pub phase: String,
    /// Movement impulse.
    pub impulse: u8,
    /// Provocation level this turn.
    pub level: Option<String>,
    /// The Incursion marker.
    pub incursion: bool,
    /// Victory Points this turn.
    pub vp: [i32; 2],
    /// Victory Levels.
    pub levels: [i32; 2],
    /// Seat to act.
    pub to_act: Option<u8>,
    /// The area in combat.
    pub fight: Option<String>,
    /// Blocks in play this turn, and out-of-game Leaders.
    pub blocks: Vec<BlockView>,
    /// Result.
    pub result: Option<Outcome>,
}

/// Whether `text` has `word` in it as a whole word (not inside a longer word).
fn names_word(text: &str, word: &str) -> bool {
    let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(word).any(|(i, w)| {
        edge(text[..i].chars().next_back()) && edge(text[i + w.len()..].chars().next())
    })
}

/// The view of a seat.
pub fn view(s: &State, seat: Seat) -> View {
    let mut blocks = vec![];
    for b in &s.blocks {
        let status = match b.status {
            Status::Pool => continue,
            Status::Drawn => "drawn",
            Status::Map(_) => "map",
            Status::Out => "out",
            Status::Gone => "gone",
        };
        let known = b.side() == seat || b.revealed;
        if b.status == Status::Gone && !known {
            continue;
        }
        blocks.push(BlockView {
            handle: b.handle.to_string(),
            nation: b.nation,
            area: b.area().map(|a| s.stat.id(a).to_string()),
            status,
            name: known.then(|| b.name.to_string()),
            kind: known.then_some(b.kind),
            sp: (known && b.kind.fights()).then_some(b.sp),
            max_sp: (known && b.kind.fights()).then_some(b.max_sp),
            value: (known && b.kind == BlockKind::Leader).then_some(b.value),
            mp_left: (b.side() == seat).then_some(b.mp_left),
            revealed: b.revealed,
        });
    }
    // Listed by nation and handle, never in counter-mix order: the order of the other
    // side's blank blocks must not hint at what they are.
    blocks.sort_by(|a, b| (a.nation, &a.handle).cmp(&(b.nation, &b.handle)));
    View {
        seat,
        turn: s.turn,
        last_turn: s.last_turn,
        phase: phase_name(s).to_string(),
        impulse: s.impulse,
        level: s.level.map(|l| s.stat.tables.levels[l].name.clone()),
        incursion: s.incursion,
        vp: s.vp,
        levels: s.levels,
        to_act: rules::to_act(s),
        fight: s.fight.as_ref().map(|f| s.stat.id(f.area).to_string()),
        blocks,
        result: s.result.clone(),
    }
}

/// The phase in words.
pub fn phase_name(s: &State) -> &'static str {
    match s.phase {
        Phase::Deploy => "deploy",
        Phase::Move => "movement",
        Phase::Combat => "combat",
        Phase::Over => "over",
    }
}

/// Read a named quantity: `turn`, `phase`, `side`, `impulse`, `level`, `incursion`,
/// `to_act`, `pending`, `vp.N`, `levels.N`, `winner`, `over`, `dice_left`, or
/// `KEY.FIELD` for a block by key with FIELD `area`, `sp`, `status`, `handle`,
/// `revealed`, `mp_left`.
pub fn probe(s: &State, key: &str) -> Option<String> {
    Some(match key {
        "turn" => s.turn.to_string(),
        "phase" => phase_name(s).to_string(),
        "side" => s.side.to_string(),
        "impulse" => s.impulse.to_string(),
        "level" => s
            .level
            .map_or("none".into(), |l| s.stat.tables.levels[l].name.clone()),
        "incursion" => s.incursion.to_string(),
        "to_act" => rules::to_act(s).map_or("none".into(), |x| x.to_string()),
        "pending" => match &s.pending {
            Pending::None => "none",
            Pending::Retreat => "retreat",
            Pending::Scout { .. } => "scout",
            Pending::Lead { .. } => "lead",
            Pending::Loss { .. } => "loss",
            Pending::Withdraw => "withdraw",
        }
        .to_string(),
        "winner" => s.result.as_ref().map_or("none".into(), |r| {
            r.winner().map_or("draw".into(), |w| w.to_string())
        }),
        "over" => (s.phase == Phase::Over).to_string(),
        "dice_left" => s.dice.forced_left().to_string(),
        _ => {
            if let Some(n) = key.strip_prefix("vp.") {
                return s.vp.get(n.parse::<usize>().ok()?).map(ToString::to_string);
            }
            if let Some(n) = key.strip_prefix("levels.") {
                return s
                    .levels
                    .get(n.parse::<usize>().ok()?)
                    .map(ToString::to_string);
            }
            let (k, field) = key.split_once('.')?;
            let b = s.blocks.iter().find(|b| &*b.key == k || &*b.handle == k)?;
            match field {
                "area" => b.area().map_or("none".into(), |a| s.stat.id(a).to_string()),
                "sp" => b.sp.to_string(),
                "handle" => b.handle.to_string(),
                "revealed" => b.revealed.to_string(),
                "mp_left" => b.mp_left.to_string(),
                "status" => match b.status {
                    Status::Pool => "pool",
                    Status::Drawn => "drawn",
                    Status::Map(_) => "map",
                    Status::Out => "out",
                    Status::Gone => "gone",
                }
                .to_string(),
                _ => return None,
            }
        }
    })
}

impl Rules for Wind {
    type State = State;
    type Action = Action;
    type View = View;

    fn legal_actions(state: &State) -> Vec<Action> {
        rules::legal(state)
    }
    fn apply(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        rules::apply(state, action)
    }
    /// An Army Leader's move with a subset of the blocks it could take along (§7.0
    /// "Leaders"): the list names only the whole party.
    fn allows_unlisted(state: &State, action: &Action) -> bool {
        match action {
            Action::Move { block, area, with } if !with.is_empty() => state
                .stat
                .area(area)
                .is_some_and(|to| rules::party_may_move(state, block, to, with)),
            _ => false,
        }
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
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
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
        state.levels.to_vec()
    }
    fn opening_log(state: &State) -> Vec<LogEntry> {
        state.intro.clone()
    }
    fn action_kind(action: &Action) -> ActionKind {
        match action {
            Action::End => ActionKind::EndPhase,
            Action::Pass => ActionKind::Decline,
            _ => ActionKind::Play,
        }
    }
    /// A block crossing one boundary alone (an Army Leader's party is named by
    /// [`steps`](Rules::steps)).
    fn step(action: &Action) -> Option<(String, String)> {
        match action {
            Action::Move { block, area, with } if with.is_empty() => {
                Some((block.to_string(), area.to_string()))
            }
            _ => None,
        }
    }
    /// The crossings `piece` may make: a block's own (`A7`), or an Army Leader's with
    /// the blocks it takes along (`U2 with U5,U7`, any subset of those that may follow,
    /// §7.0 "Leaders"), each checked as the rules check such a move.
    fn steps(state: &State, piece: &str) -> Vec<(Action, String)> {
        let Some((leader, party)) = piece.split_once(" with ") else {
            return crate::core::game::listed_steps::<Self>(state, piece);
        };
        let with: Vec<Sym> = party.split(',').map(|h| Sym::from(h.trim())).collect();
        let Some(here) = state.find(leader).and_then(|b| state.blocks[b].area()) else {
            return vec![];
        };
        state
            .stat
            .neighbors(here)
            .iter()
            .filter(|&&(to, _)| rules::party_may_move(state, leader, to, &with))
            .map(|&(to, _)| {
                let area = state.stat.id_sym(to);
                let a = Action::Move {
                    block: Sym::from(leader),
                    area,
                    with: with.clone(),
                };
                (a, area.to_string())
            })
            .collect()
    }
    /// The MP the block has left this segment; for a Leader with a party, the least
    /// any of them has.
    fn moves_left(state: &State, piece: &str) -> Option<i64> {
        let (leader, party) = piece.split_once(" with ").unwrap_or((piece, ""));
        std::iter::once(leader)
            .chain(party.split(',').map(str::trim).filter(|h| !h.is_empty()))
            .map(|h| state.find(h).map(|b| i64::from(state.blocks[b].mp_left)))
            .collect::<Option<Vec<i64>>>()?
            .into_iter()
            .min()
    }
    /// The names of the other side's unrevealed blocks in play (drawn or on the map),
    /// less any name a block the seat may know also carries.
    fn secrets(state: &State, seat: Seat) -> Vec<String> {
        let mut hidden = std::collections::BTreeSet::new();
        let mut known = std::collections::BTreeSet::new();
        for b in &state.blocks {
            if b.side() != seat && !b.revealed && matches!(b.status, Status::Drawn | Status::Map(_))
            {
                hidden.insert(b.name.to_string());
            } else {
                known.insert(b.name.to_string());
            }
        }
        hidden.retain(|n| !known.contains(n));
        // A name the seat reads anyway in an area's name ("Dragoon Mountains (Cochise
        // Stronghold)") tells it nothing, so it cannot be told from a leak.
        hidden.retain(|n| !state.stat.map.areas.iter().any(|a| names_word(&a.name, n)));
        hidden.into_iter().collect()
    }
    /// Put a block (by key) on the map in an area, or take it out of play (`None`).
    /// A block put on the map keeps its handle this turn, or takes its key as handle.
    fn place_piece(state: &mut State, id: &str, area: Option<&str>) -> Result<(), String> {
        let b = state
            .blocks
            .iter()
            .position(|b| &*b.key == id || (!b.handle.is_empty() && &*b.handle == id))
            .ok_or_else(|| format!("no block '{id}'"))?;
        match area {
            Some(a) => {
                let i = state.stat.area(a).ok_or_else(|| format!("no area '{a}'"))?;
                let blk = &mut state.blocks[b];
                blk.status = Status::Map(i);
                if blk.handle.is_empty() {
                    blk.handle = blk.key;
                }
            }
            None => state.blocks[b].status = Status::Out,
        }
        Ok(())
    }
}
