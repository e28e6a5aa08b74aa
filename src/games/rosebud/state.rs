//! The state of a game of *Battle of the Rosebud*: the static data (tables, counters,
//! scenario, map) shared by every copy, and what changes: the turn and phase, every
//! unit's and Leader's place, mode and movement points, the victory points, the dice.

use super::data::{Class, Counters, Kind, LeaderDef, Mode, ScenarioDef, Side, Tables, UnitDef};
use crate::core::dice::Dice;
use crate::core::game::{LogEntry, Outcome};
use crate::core::hexmap::{Coord, HexMap};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The data every copy of a game shares.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Static {
    /// The rules tables.
    pub tables: Tables,
    /// The counters.
    pub counters: Counters,
    /// The scenario.
    pub scenario: ScenarioDef,
    /// The map.
    pub map: HexMap,
    /// Each unit definition's class, as an index into `counters.classes` (a cache).
    #[serde(default)]
    pub class_idx: Vec<usize>,
}

impl Static {
    /// Whether a coordinate is a printed hex of the map (not a "none" cell of the tile).
    pub fn on_board(&self, c: Coord) -> bool {
        self.map.contains(c) && self.map.terrain_name(c) != Some("none")
    }
    /// A hex's printed number.
    pub fn label(&self, c: Coord) -> String {
        self.map.label(c)
    }
    /// The class of a unit definition.
    pub fn class_of(&self, d: &UnitDef) -> &Class {
        self.counters
            .classes
            .iter()
            .find(|k| k.key == d.class)
            .expect("classes are checked when the counters load")
    }
}

/// Where a unit or Leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loc {
    /// On the map.
    Map(Coord),
    /// Waiting to enter the map on turn 1 (18: the Indians).
    Entering,
    /// Not in play now: a Holder whose unit is Mounted, horses abandoned or taken up.
    Off,
    /// Out of the game (eliminated, exited).
    Gone,
}

/// A unit in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Index into `counters.units`.
    pub def: usize,
    /// Where it is.
    pub at: Loc,
    /// Its mode (8).
    pub mode: Mode,
    /// Casualty Points taken (11).
    pub cp: u32,
    /// Disrupted (3B).
    pub disrupted: bool,
    /// Movement points spent this phase.
    pub spent: u32,
    /// It has moved at least one hex this phase (no minimum move after that, 7D).
    pub moved: bool,
    /// It has abandoned its horses: it cannot mount again (8D2a, 16B).
    pub horseless: bool,
}

/// A Leader in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    /// Index into `counters.leaders`.
    pub def: usize,
    /// Where he is.
    pub at: Loc,
    /// Movement points spent this phase.
    pub spent: u32,
}

/// The phases of a player turn that this version plays (4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// C. Movement Phase.
    Movement,
    /// The game is over.
    Over,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Shared data.
    pub stat: Arc<Static>,
    /// Game turn, 1-19.
    pub turn: u32,
    /// The phasing player (18: the Indian player first each turn).
    pub phasing: Side,
    /// The phase.
    pub phase: Phase,
    /// Every unit, in the order of `counters.units`.
    pub units: Vec<Unit>,
    /// Every Leader, in the order of `counters.leaders`.
    pub leaders: Vec<Leader>,
    /// Victory points scored so far (US, Indian).
    pub vp: [u32; 2],
    /// The VP hills already scored (17).
    pub hills_taken: Vec<String>,
    /// The Indian units that entered on turn 1 and the entry area each used (18).
    pub entered: Vec<(String, String)>,
    /// The dice.
    pub dice: Dice,
    /// Rolls and other reveals so far (undo stops at the last one).
    pub reveals: u64,
    /// The result, once the game is over.
    pub result: Option<Outcome>,
    /// Log lines that open the game.
    pub intro: Vec<LogEntry>,
}

impl State {
    /// A unit's definition.
    pub fn def(&self, u: usize) -> &UnitDef {
        &self.stat.counters.units[self.units[u].def]
    }
    /// A Leader's definition.
    pub fn ldef(&self, l: usize) -> &LeaderDef {
        &self.stat.counters.leaders[self.leaders[l].def]
    }
    /// A unit's class.
    pub fn class(&self, u: usize) -> &Class {
        match self.stat.class_idx.get(self.units[u].def) {
            Some(&k) => &self.stat.counters.classes[k],
            None => self.stat.class_of(self.def(u)),
        }
    }
    /// A unit's kind.
    pub fn kind(&self, u: usize) -> Kind {
        self.class(u).kind
    }
    /// A unit's side.
    pub fn side(&self, u: usize) -> Side {
        self.class(u).side
    }
    /// The unit with this id.
    pub fn find(&self, id: &str) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.def(u).id == id)
    }
    /// The Leader with this id.
    pub fn find_leader(&self, id: &str) -> Option<usize> {
        (0..self.leaders.len()).find(|&l| self.ldef(l).id == id)
    }
    /// A unit's hex, if on the map.
    pub fn hex(&self, u: usize) -> Option<Coord> {
        match self.units[u].at {
            Loc::Map(c) => Some(c),
            _ => None,
        }
    }
    /// A Leader's hex, if on the map.
    pub fn leader_hex(&self, l: usize) -> Option<Coord> {
        match self.leaders[l].at {
            Loc::Map(c) => Some(c),
            _ => None,
        }
    }
    /// The units of a side in a hex.
    pub fn at(&self, c: Coord, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len())
            .filter(move |&u| self.units[u].at == Loc::Map(c) && self.side(u) == side)
    }
    /// The Leaders of a side in a hex.
    pub fn leaders_at(&self, c: Coord, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.leaders.len())
            .filter(move |&l| self.leaders[l].at == Loc::Map(c) && self.ldef(l).side == side)
    }
    /// A unit's current face (8: the Mounted side, or the Dismounted side when
    /// Dismounted or Prone).
    pub fn face(&self, u: usize) -> super::data::Face {
        let d = self.def(u);
        match self.units[u].mode {
            Mode::Mounted => d.mounted,
            Mode::Dismounted | Mode::Prone => d.dismounted,
        }
    }
    /// A unit's current Combat Factor: its face less its Casualty Points (11).
    pub fn cf(&self, u: usize) -> u32 {
        self.face(u).cf.saturating_sub(self.units[u].cp)
    }
    /// The unit whose Holder this is, if it is one.
    pub fn holder_of(&self, h: usize) -> Option<usize> {
        let id = &self.def(h).id;
        (0..self.units.len()).find(|&u| self.def(u).holder.as_deref() == Some(id.as_str()))
    }
    /// A unit's Holder counter, if it has one.
    pub fn holder(&self, u: usize) -> Option<usize> {
        self.def(u).holder.as_deref().and_then(|h| self.find(h))
    }
    /// The clock time of a turn (18: turn 1 is 08:00, 20 minutes a turn).
    pub fn time(&self, turn: u32) -> String {
        let t = &self.stat.tables.turns;
        let m = t.first_minute + t.minutes * turn.saturating_sub(1);
        format!("{:02}:{:02}", m / 60, m % 60)
    }
}
