//! The state of one tactical combat of *I Will Fight No More Forever*: the counters and
//! where they are, pins and modes, whose player turn it is and which units have acted,
//! the unit now moving, melees waiting to be fought, decisions owed, the killed and
//! surrendered piles, and the dice. Static data (tables, map, scenario) is shared.

use super::data::{Class, Contact, Face, Faces, ScenarioDef, Side, Tables, TerrainRow};
use crate::core::dice::Dice;
use crate::core::game::{LogEntry, Outcome};
use crate::core::hexmap::{Coord, CoordHash, Edge, HexMap};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// A counter's index in [`State::units`].
pub type Uid = usize;

/// Static data shared by every state of one combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Static {
    /// The scenario.
    pub scenario: ScenarioDef,
    /// Rules tables.
    pub tables: Tables,
    /// The tactical map.
    pub map: HexMap,
    /// Terrain-chart row per map terrain index.
    pub terrain_row: Vec<usize>,
    /// Last combat turn before the reconstructed end rule stops the combat (0: none).
    pub turn_limit: u32,
    /// Game-turns in a row without a move, fire or melee after which the reconstructed
    /// end rule stops the combat (0: never).
    #[serde(default = "default_stall")]
    pub stall_turns: u32,
    /// The map's hexside features by hex pair, built on first use (not saved: it
    /// follows from the map).
    #[serde(skip)]
    pub side_cache: SideCache,
}

/// Hexside chart rows by the (ordered) pair of hexes, filled once per loaded game. Two
/// caches always compare equal: what they hold follows from the map and tables.
#[derive(Clone, Default)]
pub struct SideCache(std::sync::OnceLock<HashMap<(Coord, Coord), usize, CoordHash>>);

impl PartialEq for SideCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for SideCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SideCache")
    }
}

impl Static {
    /// The terrain-chart row of a hex (the first row, Clear, off the map).
    pub fn terrain(&self, c: Coord) -> &TerrainRow {
        let i = self
            .map
            .terrain_index(c)
            .map_or(0, |i| self.terrain_row[usize::from(i)]);
        &self.tables.terrain[i]
    }
    /// The hexside feature's chart row between two adjacent hexes, if any.
    pub fn hexside(&self, a: Coord, b: Coord) -> Option<&super::data::HexsideRow> {
        let sides = self.side_cache.0.get_or_init(|| {
            let mut m = HashMap::default();
            for h in &self.map.hexsides {
                let Some(other) = h.hex.step(h.dir) else {
                    continue;
                };
                if let Some(i) = self
                    .tables
                    .hexsides
                    .iter()
                    .position(|r| r.feature == h.feature)
                {
                    m.insert((h.hex, other), i);
                    m.insert((other, h.hex), i);
                }
            }
            m
        });
        sides.get(&(a, b)).map(|&i| &self.tables.hexsides[i])
    }
}

/// A pin (C6.4.1-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pin {
    /// Not pinned.
    None,
    /// Pinned: may not move.
    P1,
    /// Hard pinned: may not move or fire.
    P2,
}

/// Where a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loc {
    /// On the map.
    Map(Coord),
    /// Beside a map edge, free to enter from the given combat turn on (C2.3, C2.5).
    Waiting(Edge, u32),
    /// Left the map by its own movement (C7.1): available for later combats.
    Exited,
    /// Broken and removed (C6.4.3): out of this combat only.
    Broken,
    /// In the killed pile (C6.4.4).
    Killed,
    /// In the surrendered pile (C6.4.3).
    Surrendered,
    /// Not yet placed: the players are setting up (C2.3-C2.6).
    Unplaced,
}

/// The default of [`Static::stall_turns`].
fn default_stall() -> u32 {
    3
}

/// One tactical counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Id used in the notation.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// The strategic unit it belongs to (C2.1).
    pub strategic: String,
    /// Its class's index in the tables.
    pub class: usize,
    /// Side.
    pub side: Side,
    /// Front face (dismounted, unlimbered, or the only face).
    pub front: Face,
    /// Back face (mounted or limbered).
    pub back: Option<Face>,
    /// Showing its back: mounted, or limbered.
    pub flipped: bool,
    /// Where it is.
    pub loc: Loc,
    /// Its pin.
    pub pin: Pin,
    /// It fell back (P2R) into a friendly hex and overstacks it: it adds nothing to the
    /// hex's defence and halves its D&M while there (C6.4.3).
    pub fell_back: bool,
}

impl Unit {
    /// The face showing.
    pub fn face(&self) -> Face {
        match (self.flipped, self.back) {
            (true, Some(b)) => b,
            _ => self.front,
        }
    }
    /// The hex it is in, if on the map.
    pub fn hex(&self) -> Option<Coord> {
        match self.loc {
            Loc::Map(c) => Some(c),
            _ => None,
        }
    }
}

/// A unit moving now (C4.2), with its movement points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Active {
    /// The unit.
    pub unit: Uid,
    /// Movement points left.
    pub mp: u32,
    /// Movement points spent so far this action (C5.2's combined-melee count).
    pub spent: u32,
}

/// A melee waiting to be fought in a hex (C5.1-C5.2): the units that entered it this
/// player turn, with the movement points each spent to reach and enter it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Melee {
    /// The hex.
    pub hex: Coord,
    /// Attackers and the movement points each spent.
    pub attackers: Vec<(Uid, u32)>,
}

/// One step of a set-up the players make (C2.3-C2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupStep {
    /// The searcher chooses the strategic units of his leading half.
    Lead,
    /// The searcher names his entry side.
    Entry,
    /// A side places its counters (the searcher only his leading half, unless Alerted).
    Place(Side),
}

/// A decision owed by one side before play goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// Nothing owed.
    None,
    /// The owner chooses which of `among` are killed (`kills` of them), then which
    /// roll on the Morale Table (`morale` of the survivors) (C6.4.4: "owning player's
    /// choice").
    Losses {
        /// The side choosing.
        side: Side,
        /// Units to pick from.
        among: Vec<Uid>,
        /// Kills still to choose.
        kills: u32,
        /// Morale rolls to assign after the kills.
        morale: u32,
    },
    /// The owner chooses the hex a unit falls back into (C6.4.3, P2R).
    FallBack {
        /// The unit.
        unit: Uid,
        /// The hexes it may fall back into.
        options: Vec<Coord>,
    },
}

/// The whole state of a combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Shared static data.
    pub stat: Arc<Static>,
    /// Every tactical counter of the combat.
    pub units: Vec<Unit>,
    /// Combat game-turn, from 1.
    pub turn: u32,
    /// The side whose player turn it is.
    pub phasing: Side,
    /// Units that have performed their action this player turn (C3.2).
    pub acted: Vec<Uid>,
    /// The unit now moving.
    pub active: Option<Active>,
    /// Melees waiting to be fought this player turn.
    pub melees: Vec<Melee>,
    /// The decision owed now.
    pub pending: Pending,
    /// Decisions waiting behind it, first first.
    pub queue: Vec<Pending>,
    /// The set-up steps still to take when the players set up (C2.3-C2.6), the current
    /// one first; empty once play has begun.
    #[serde(default)]
    pub setup: Vec<SetupStep>,
    /// The searcher's strategic units chosen for the leading half (C2.3).
    #[serde(default)]
    pub leading: Vec<String>,
    /// Log lines of the State of Contact roll, for the opening log.
    #[serde(default)]
    pub intro: Vec<LogEntry>,
    /// Indian hexes a unit stopped in over the three-unit limit this player turn; until
    /// another unit leaves, only units there may act (C4.2: the limit holds at the end
    /// of the turn).
    #[serde(default)]
    pub unstack: Vec<Coord>,
    /// The phasing player has ended his turn; it ends once the decisions owed are made.
    #[serde(default)]
    pub pending_end: bool,
    /// Log lines produced while resolving, flushed with the action.
    pub pending_log: Vec<LogEntry>,
    /// Moves, fire and melee this game turn (for the reconstructed end rule; mode
    /// changes do not count).
    pub actions_this_turn: u32,
    /// Consecutive game turns in which neither side moved, fired or meleed.
    pub idle_turns: u32,
    /// Count of die rolls; undo never crosses a rise.
    pub reveals: u64,
    /// Dice.
    pub dice: Dice,
    /// The result, once the combat is over.
    pub result: Option<Outcome>,
}

impl State {
    /// A unit by index.
    pub fn u(&self, i: Uid) -> &Unit {
        &self.units[i]
    }
    /// A unit's class.
    pub fn class(&self, i: Uid) -> &Class {
        &self.stat.tables.classes[self.units[i].class]
    }
    /// A unit by its id.
    pub fn find(&self, id: &str) -> Option<Uid> {
        self.units.iter().position(|u| u.id == id)
    }
    /// Units on the map in a hex.
    pub fn at(&self, c: Coord) -> impl Iterator<Item = Uid> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.loc == Loc::Map(c))
            .map(|(i, _)| i)
    }
    /// Units of a side on the map in a hex.
    pub fn side_at(&self, c: Coord, side: Side) -> impl Iterator<Item = Uid> + '_ {
        self.at(c).filter(move |&i| self.units[i].side == side)
    }
    /// Whether a hex holds a unit of `side`.
    pub fn has(&self, c: Coord, side: Side) -> bool {
        self.side_at(c, side).next().is_some()
    }
    /// Units of a side on the map.
    pub fn on_map(&self, side: Side) -> impl Iterator<Item = Uid> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.side == side && matches!(u.loc, Loc::Map(_)))
            .map(|(i, _)| i)
    }
    /// Whether a side still has units on the map (C3.1: the combat ends when one player
    /// no longer has; units still waiting beside the map do not count).
    pub fn present(&self, side: Side) -> bool {
        self.units
            .iter()
            .any(|u| u.side == side && matches!(u.loc, Loc::Map(_)))
    }
    /// Whether the unit is horse-equipped and mounted.
    pub fn mounted(&self, i: Uid) -> bool {
        let u = &self.units[i];
        u.flipped && self.class(i).faces == Faces::Horse
    }
    /// Whether the unit is artillery.
    pub fn artillery(&self, i: Uid) -> bool {
        self.class(i).faces == Faces::Artillery
    }
    /// The state of contact.
    pub fn contact(&self) -> Contact {
        self.stat.scenario.contact
    }
    /// The first player (C2.3-C2.6).
    pub fn first(&self) -> Side {
        self.stat.scenario.first
    }
    /// Whether the phasing player may act with every unit on the map this player turn
    /// (C3.2 1.1: the First player's first turn when Ambushing or Surprised).
    pub fn all_act(&self) -> bool {
        self.turn == 1 && self.phasing == self.first() && self.contact() != Contact::Alerted
    }
    /// The most units of a side in one hex at the end of a turn (C4.2).
    pub fn stack_limit(&self, side: Side) -> usize {
        match side {
            Side::Army => self.stat.tables.stacking.0,
            Side::Indian => self.stat.tables.stacking.1,
        }
    }
    /// Lodges killed and surrendered in this combat (C4.3.4).
    pub fn lodges_lost(&self) -> usize {
        self.units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                self.class(*i).lodge && matches!(u.loc, Loc::Killed | Loc::Surrendered)
            })
            .count()
    }
}
