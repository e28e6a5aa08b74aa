//! *I Will Fight No More Forever* (Nez Perce War, 1877; seed 000), the tactical game
//! (C1.0-C7.2): one combat on one of four tactical maps, fought in game-turns of the
//! First player's and the Second player's actions. Pure rules; no Bevy. Nothing is
//! hidden: the seed hides no information in the tactical game (both players see every
//! counter, its mode and its pins), so every seat's view is the whole position less the
//! dice.

pub mod action;
pub mod ai;
pub mod data;
pub mod def;
pub mod placement;
pub mod rules;
pub mod setup;
pub mod state;

use crate::core::dice::Dice;
use crate::core::error::RuleError;
use crate::core::game::{ActionKind, LogEntry, Outcome, Rules, Seat};
use crate::core::session::GameId;
use action::Action;
use data::Side;
use serde::Serialize;
use state::{Loc, Pin, State};

/// The ruleset.
#[derive(Clone, Copy, Debug)]
pub struct NezPerceTactical;

impl GameId for NezPerceTactical {
    const ID: &'static str = setup::GAME;
}

/// A counter as every seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitView {
    /// Id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Strategic unit.
    pub strategic: String,
    /// Class key.
    pub class: String,
    /// Side.
    pub side: Side,
    /// Hex, if on the map.
    pub hex: Option<String>,
    /// `map`, `waiting`, `exited`, `broken`, `killed` or `surrendered`.
    pub status: &'static str,
    /// Mounted or limbered.
    pub flipped: bool,
    /// Fire strength, D&M and MA of the face showing.
    pub values: (i32, i32, u32),
    /// Pin: `""`, `"P1"` or `"P2"`.
    pub pin: &'static str,
}

/// What one seat may see: everything but the dice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The seat viewing.
    pub seat: Seat,
    /// Game-turn.
    pub turn: u32,
    /// Whose player turn.
    pub phasing: Side,
    /// The First player.
    pub first: Side,
    /// State of contact.
    pub contact: data::Contact,
    /// The counters.
    pub units: Vec<UnitView>,
    /// Units that have acted this player turn.
    pub acted: Vec<String>,
    /// The moving unit and its movement points left.
    pub active: Option<(String, u32)>,
    /// The decision owed now, in words.
    pub pending: String,
    /// Lodges lost so far, this combat and before.
    pub lodges_lost: usize,
}

/// The status word of a location.
pub fn status(l: Loc) -> &'static str {
    match l {
        Loc::Map(_) => "map",
        Loc::Waiting(..) => "waiting",
        Loc::Exited => "exited",
        Loc::Broken => "broken",
        Loc::Killed => "killed",
        Loc::Surrendered => "surrendered",
        Loc::Unplaced => "unplaced",
    }
}

/// The pin's label.
pub fn pin_label(p: Pin) -> &'static str {
    match p {
        Pin::None => "",
        Pin::P1 => "P1",
        Pin::P2 => "P2",
    }
}

/// The view of one seat.
pub fn view(s: &State, seat: Seat) -> View {
    View {
        seat,
        turn: s.turn,
        phasing: s.phasing,
        first: s.first(),
        contact: s.contact(),
        units: s
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let f = u.face();
                UnitView {
                    id: u.id.clone(),
                    name: u.name.clone(),
                    strategic: u.strategic.clone(),
                    class: s.class(i).key.clone(),
                    side: u.side,
                    hex: u.hex().map(|c| c.to_string()),
                    status: status(u.loc),
                    flipped: u.flipped,
                    values: (rules::fire::printed_fs(s, i), f.dm, f.ma),
                    pin: pin_label(u.pin),
                }
            })
            .collect(),
        acted: s.acted.iter().map(|&u| s.u(u).id.clone()).collect(),
        active: s.active.map(|a| (s.u(a.unit).id.clone(), a.mp)),
        pending: rules::pending_text(s),
        lodges_lost: s.lodges_lost() + s.stat.scenario.lodges_lost_before as usize,
    }
}

/// Read a named quantity for scripts: `turn`, `phasing`, `acted`, `margin`, `pending`,
/// `lodges_lost`, `to_act`, `over`, `winner`, `dice_left`, `<unit>.hex`,
/// `<unit>.status`, `<unit>.pin`, `<unit>.mode`, `<unit>.mp`, `<unit>.side`,
/// `<unit>.values`.
pub fn probe(s: &State, key: &str) -> Option<String> {
    match key {
        "turn" => return Some(s.turn.to_string()),
        "phasing" => return Some(format!("{:?}", s.phasing)),
        "acted" => return Some(s.acted.len().to_string()),
        "margin" => return Some(rules::victory::Tally::of(s).margin().to_string()),
        "pending" => return Some(rules::pending_text(s)),
        "contact" => return Some(format!("{:?}", s.contact())),
        "contacted" => return Some(format!("{:?}", s.stat.scenario.contacted)),
        "entry" => {
            return Some(
                s.stat
                    .scenario
                    .entry
                    .map_or("-".into(), |e| format!("{e:?}")),
            );
        }
        "setup" => return Some((!s.setup.is_empty()).to_string()),
        "lodges_lost" => return Some(s.lodges_lost().to_string()),
        "to_act" => return Some(rules::to_act(s).map_or("none".into(), |x| x.seat().to_string())),
        "over" => return Some(s.result.is_some().to_string()),
        "winner" => {
            return Some(s.result.as_ref().map_or("none".into(), |r| {
                r.winner().map_or("draw".into(), |w| w.to_string())
            }));
        }
        "dice_left" => return Some(s.dice.forced_left().to_string()),
        _ => {}
    }
    let (id, field) = key.split_once('.')?;
    let u = s.find(id)?;
    let unit = s.u(u);
    Some(match field {
        "hex" => unit.hex().map_or("-".to_string(), |c| c.to_string()),
        "status" => status(unit.loc).to_string(),
        "pin" => {
            let p = pin_label(unit.pin);
            if p.is_empty() { "-".into() } else { p.into() }
        }
        "mode" => match (s.artillery(u), unit.flipped) {
            (true, true) => "limbered",
            (true, false) => "unlimbered",
            (false, true) => "mounted",
            (false, false) if unit.back.is_some() => "dismounted",
            _ => "-",
        }
        .to_string(),
        "side" => format!("{:?}", unit.side),
        "values" => {
            let f = unit.face();
            format!("{}-{}-{}", rules::fire::printed_fs(s, u), f.dm, f.ma)
        }
        "mp" => s
            .active
            .filter(|a| a.unit == u)
            .map_or("-".to_string(), |a| a.mp.to_string()),
        _ => return None,
    })
}

impl Rules for NezPerceTactical {
    type State = State;
    type Action = Action;
    type View = View;

    fn legal_actions(state: &State) -> Vec<Action> {
        rules::legal(state)
    }
    fn apply(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        rules::apply(state, action)
    }
    fn apply_listed(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        rules::apply_listed(state, action)
    }
    fn to_act(state: &State) -> Option<Seat> {
        rules::to_act(state).map(Side::seat)
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
    fn seat_name(_: &State, seat: Seat) -> String {
        if seat == 0 { "Army" } else { "Indian" }.to_string()
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
    /// A unit moving one hex, or entering the map (C4.2, C2.5).
    fn step(action: &Action) -> Option<(String, String)> {
        match action {
            Action::Move { unit, to } => Some((unit.to_string(), to.to_string())),
            _ => None,
        }
    }
    /// The movement points left to the unit moving now (C4.2).
    fn moves_left(state: &State, piece: &str) -> Option<i64> {
        let u = state.find(piece)?;
        state
            .active
            .filter(|a| a.unit == u)
            .map(|a| i64::from(a.mp))
    }
    fn scores(state: &State) -> Vec<i32> {
        rules::victory::scores(state)
    }
    fn opening_log(state: &State) -> Vec<LogEntry> {
        state.intro.clone()
    }
    fn action_kind(action: &Action) -> ActionKind {
        match action {
            Action::End => ActionKind::EndPhase,
            Action::Stop => ActionKind::Decline,
            _ => ActionKind::Play,
        }
    }
    /// Put a counter on the map at a hex, or take it out of play (`None`: broken).
    fn place_piece(state: &mut State, id: &str, hex: Option<&str>) -> Result<(), String> {
        let u = state.find(id).ok_or_else(|| format!("no counter '{id}'"))?;
        state.units[u].loc = match hex {
            Some(h) => Loc::Map(h.parse()?),
            None => Loc::Broken,
        };
        Ok(())
    }
}
