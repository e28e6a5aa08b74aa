//! The state of a game of *Battle of the Rosebud*: the static data (tables, counters,
//! scenario, map) shared by every copy, and what changes: the turn and phase, every
//! unit's and Leader's place, mode and movement points, the victory points, the dice.

use super::data::{
    Class, Counters, Kind, LeaderDef, Mode, RuleOptions, ScenarioDef, Side, Tables, UnitDef,
};
use crate::core::dice::Dice;
use crate::core::game::{LogEntry, Outcome};
use crate::core::hexmap::{Coord, HexMap};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
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
    /// The optional rules chosen for this game.
    #[serde(default)]
    pub options: RuleOptions,
    /// Each unit definition's class, as an index into `counters.classes` (a cache).
    #[serde(default)]
    pub class_idx: Vec<usize>,
    /// The map's hexside features by the pair of hexes (a cache of `map.hexsides`,
    /// which [`HexMap::hexside`] reads by a scan; rebuilt by [`Static::index_sides`]).
    #[serde(skip)]
    pub sides: SideCache,
    /// The hexes of each entry area (18), worked out on first use (a cache).
    #[serde(skip)]
    pub entry_areas: std::sync::OnceLock<Vec<Vec<Coord>>>,
}

/// The hexside features by pair of hexes, both ways round, as indices into
/// `map.hexsides`. It is a cache: never saved, and equal whatever it holds.
#[derive(Clone, Debug, Default)]
pub struct SideCache(pub HashMap<(Coord, Coord), usize>);

impl PartialEq for SideCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Static {
    /// Build the hexside cache from `map.hexsides` (after loading, or after a change
    /// to them).
    pub fn index_sides(&mut self) {
        let mut m = HashMap::new();
        for (i, h) in self.map.hexsides.iter().enumerate() {
            if let Some(b) = h.hex.step(h.dir) {
                m.insert((h.hex, b), i);
                m.insert((b, h.hex), i);
            }
        }
        self.sides = SideCache(m);
    }
    /// The feature on the hexside between two adjacent hexes, if any (the cache, or
    /// the map's own scan when the cache was not built).
    pub fn hexside(&self, a: Coord, b: Coord) -> Option<&str> {
        if self.sides.0.is_empty() {
            return self.map.hexside(a, b);
        }
        self.sides
            .0
            .get(&(a, b))
            .map(|&i| self.map.hexsides[i].feature.as_str())
    }
    /// Whether a coordinate is a printed hex of the map (not a cell of a terrain the
    /// tile marks `unprinted`).
    pub fn on_board(&self, c: Coord) -> bool {
        self.map.printed(c)
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
    /// A Pack Train abandoned in this hex when it routed (15B, 15C): it takes no part in
    /// play until its Personnel rejoin it, and an Indian combat unit in the hex in the
    /// Indian Rally Phase destroys it.
    Abandoned(Coord),
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
    /// It has abandoned its horses: it cannot mount again (8D2a, 16B). On a Holder: it
    /// has lost the horses it held (16B: the "no horses" side).
    pub horseless: bool,
    /// Pinned (9D1.d).
    #[serde(default)]
    pub pinned: bool,
    /// Routed (10J).
    #[serde(default)]
    pub routed: bool,
    /// Low on ammunition (14B).
    #[serde(default)]
    pub low_ammo: bool,
    /// It has fired in this phase (the Fired marker, 4B; Opportunity fire once a phase,
    /// 9F).
    #[serde(default)]
    pub fired: bool,
    /// Its Offensive fire this player turn, which limits its movement (4B).
    #[serde(default)]
    pub offensive: Option<Offensive>,
    /// Ammunition points (a Pack Train, 15).
    #[serde(default)]
    pub ammo: u32,
    /// It re-supplies this player turn and spends all its MP (14C).
    #[serde(default)]
    pub supplying: bool,
    /// It has attacked, retreated or advanced in this Melee Phase: it may not attack
    /// again (10A, 10B4).
    #[serde(default)]
    pub meleed: bool,
    /// For a Pack Train: the Breastworks its boxes and barrels are in (16C).
    #[serde(default)]
    pub works: u32,
    /// Its Cavalry Charge this player turn (16A), once declared.
    #[serde(default)]
    pub charge: Option<Charge>,
    /// The hex it attacked in melee this phase (10B: "All units in a stack that are
    /// conducting Melee Combat must attack the same target hex").
    #[serde(default)]
    pub melee_at: Option<Coord>,
    /// The hex it fired into in the Advance Fire Phase: it may melee only that hex
    /// (10B1).
    #[serde(default)]
    pub advance_at: Option<Coord>,
    /// It has fired at least once this game (14D Option #1: its first fire cannot
    /// deplete it).
    #[serde(default)]
    pub fired_once: bool,
    /// Half-boxes of ammunition left on the Ammo Roster (14D Option #2: an [X] is two
    /// slashes); for a Pack Train under that option, its small arms.
    #[serde(default)]
    pub halves: u32,
}

/// How a unit fired in the Offensive Fire Phase (4B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Offensive {
    /// At full strength: it cannot move.
    Full,
    /// At half strength: half its Movement Allowance, rounded down.
    Half,
}

/// How a fire is made (9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FireKind {
    /// Offensive fire at full strength (4B).
    Offensive,
    /// Offensive fire at half strength (4B).
    OffensiveHalf,
    /// Defensive fire (4D).
    Defensive,
    /// Defensive fire at half strength to mark only half an ammunition box (14D Option
    /// #2).
    DefensiveHalf,
    /// Advance fire, at half (4E).
    Advance,
    /// Opportunity fire, at half (9F).
    Opportunity,
    /// Retreat fire, at full (9G).
    Retreat,
}

/// Something that must be settled before play goes on: a fire window the enemy may use,
/// or a retreat or rout being moved hex by hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Pending {
    /// 9F, 9G: the enemy of `target` may declare fire at it: Opportunity fire before it
    /// leaves its hex (`then` is the move it makes afterwards), or Retreat fire as it
    /// enters an enemy zone of control.
    Window {
        /// The unit fired at.
        target: usize,
        /// Opportunity or Retreat fire.
        kind: FireKind,
        /// The units that may fire.
        eligible: Vec<usize>,
        /// The units declared so far (9F: all are declared, then all are resolved).
        declared: Vec<usize>,
        /// The hex the target moves to once the fire is resolved (Opportunity fire).
        then: Option<Coord>,
    },
    /// 10I, 10J: a unit retreats or routs `left` more hexes away from `away`.
    Retreat {
        /// The unit.
        unit: usize,
        /// Hexes still to go.
        left: u32,
        /// The hexes of the enemy units that caused it.
        away: Vec<Coord>,
        /// A rout (10J) rather than a retreat (10I).
        rout: bool,
        /// A Retreat before melee (10H1): it stops if the unit is Pinned first, and a
        /// Routed unit stays rather than enter an enemy zone of control (10F).
        #[serde(default)]
        before_melee: bool,
    },
    /// 10J2: Subsequent Rout movement in the owner's Movement Phase.
    Rout {
        /// The unit.
        unit: usize,
        /// Hexes it may still rout.
        left: u32,
        /// 10J1: its owner chose to go on past a hex where its rout would end; it now
        /// routs away from the nearest enemy and may stop at any hex where a rout ends.
        #[serde(default)]
        onward: bool,
    },
    /// 10J1: the owner of `units` may rout any of them voluntarily, after they were
    /// fired upon or fought a melee, away from `away`.
    Volunteer {
        /// The side that chooses.
        side: Side,
        /// The units it may rout (those still eligible when it chooses).
        units: Vec<usize>,
        /// The hexes of the enemy units that fired or fought.
        away: Vec<Coord>,
    },
    /// 10A, 10H1: a melee being declared on `target`: the attacking player leaves units
    /// out and commits.
    Declare {
        /// The hex attacked.
        target: Coord,
        /// The units attacking so far.
        attackers: Vec<usize>,
    },
    /// 10H: the defender chooses to attempt a Retreat before melee or to stand.
    Rbm {
        /// The hex attacked.
        target: Coord,
        /// The attacking units.
        attackers: Vec<usize>,
        /// The defenders that have rolled one by one so far (10H1: "once for each unit
        /// or once for the entire stack (owning player's option)").
        #[serde(default)]
        rolled: Vec<usize>,
        /// Those of them that retreated.
        #[serde(default)]
        fled: Vec<usize>,
    },
    /// 10A: the melee on `target`, fought as soon as the Retreats before melee are done.
    Fight {
        /// The hex attacked.
        target: Coord,
        /// The attacking units.
        attackers: Vec<usize>,
        /// The defenders that retreated before this melee (10H2: if the hex is empty,
        /// the attacker may pursue them).
        #[serde(default)]
        fled: Vec<usize>,
    },
    /// 10H2: every defender of `target` retreated before melee; the attacker may roll
    /// to pursue with each attacking unit, then re-initiate melee on a hex where a
    /// retreated unit is next to an attacking unit, with no Retreat before melee.
    Pursuit {
        /// The hex the defenders left.
        target: Coord,
        /// The attacking units.
        attackers: Vec<usize>,
        /// The units that retreated before melee.
        fled: Vec<usize>,
        /// The attacking units that have rolled to pursue.
        rolled: Vec<usize>,
        /// The hexes already attacked again.
        fought: Vec<Coord>,
    },
    /// 10H2: a pursuing unit moves up to `left` more hexes.
    PursuitMove {
        /// The unit.
        unit: usize,
        /// Hexes it may still move.
        left: u32,
    },
    /// 10C, 10C1: the owner places a melee result's Casualty Points on his units.
    Casualties {
        /// The units of the side in the melee.
        units: Vec<usize>,
        /// Casualty Points still to place.
        left: u32,
    },
    /// 16E: the scouts report a village may be nearby; the US player sends the searching
    /// units off the map or keeps them.
    Village,
    /// 12D6: the US player may bring in a Replacement Leader for `lost`, killed or
    /// mortally or severely wounded, at any US Leader's or combat unit's hex.
    Replace {
        /// The Leader replaced.
        lost: usize,
    },
}

impl Pending {
    /// The unit the pending step is about, if one.
    pub fn unit(&self) -> Option<usize> {
        match self {
            Pending::Window { target, .. } => Some(*target),
            Pending::Retreat { unit, .. } | Pending::Rout { unit, .. } => Some(*unit),
            Pending::Declare { .. }
            | Pending::Rbm { .. }
            | Pending::Fight { .. }
            | Pending::Casualties { .. }
            | Pending::Pursuit { .. }
            | Pending::Village
            | Pending::Volunteer { .. }
            | Pending::Replace { .. } => None,
            Pending::PursuitMove { unit, .. } => Some(*unit),
        }
    }
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
    /// Pinned with the unit he is attached to (12A); he reaches only his own hex
    /// (9D1) until his Rally Phase (13B: Leaders rally automatically).
    #[serde(default)]
    pub pinned: bool,
    /// A wound that still counts (12D1); None when unhurt or only lightly wounded.
    #[serde(default)]
    pub wound: Option<Wound>,
}

/// A unit building Breastworks this turn (16C): the unit, the Pack Train whose supplies
/// it uses, and the hex the marker goes in.
pub type Builder = (usize, usize, Coord);

/// A declared Cavalry Charge (16A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    /// The hex charged.
    pub target: Coord,
    /// Levels climbed so far in the charge move (at most one).
    pub climbed: u32,
}

/// Where the village search stands (16E).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VillageSearch {
    /// Declared; the scouts found nothing near.
    Declared,
    /// Declared on a 6: the searching units may leave the map.
    Nearby {
        /// The Cavalry units that searched.
        units: Vec<usize>,
    },
    /// The units left the map to find the village; the end of the game says what they
    /// found.
    Gone {
        /// The units that left.
        units: Vec<usize>,
    },
    /// The units stayed.
    Stayed,
}

/// A Leader's wound (12D1). A Light wound leaves no mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wound {
    /// He dies in his Rally Phase of game turn `dies` unless he reaches the Pack Train or
    /// the Column HQ (an Indian Leader: leaves the map) first and passes an unmodified
    /// Rally roll there. Half MA, no ratings.
    Mortal {
        /// The game turn of his death.
        dies: u32,
    },
    /// Half MA, no ratings; no roll for death.
    Severe,
    /// The wounded (reverse) side's ratings.
    Moderate,
}

/// The phases of a player turn that this version plays (4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// A. Rally Phase (13B, 14C).
    Rally,
    /// B. Offensive Fire Phase (4B).
    OffensiveFire,
    /// C. Movement Phase.
    Movement,
    /// D. Defensive Fire Phase: the non-phasing player fires (4D).
    DefensiveFire,
    /// E. Advance Fire Phase (4E).
    AdvanceFire,
    /// F. Melee Phase (4F, 10).
    Melee,
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
    pub vp: [i32; 2],
    /// What must be settled before play goes on, the first item first.
    #[serde(default)]
    pub pending: Vec<Pending>,
    /// Casualty Points taken so far (US, Indian), for the report of losses.
    #[serde(default)]
    pub losses: [u32; 2],
    /// Hexes emptied by a melee this phase and the units that attacked them, which may
    /// advance into them (10H3).
    #[serde(default)]
    pub vacated: Vec<(Coord, Vec<usize>)>,
    /// The VP hills already scored (17).
    pub hills_taken: Vec<String>,
    /// Breastworks markers on the map, one entry per marker (16C).
    #[serde(default)]
    pub breastworks: Vec<Coord>,
    /// This US Movement Phase's Breastworks: the roll's limit, once declared, and the
    /// units building with the Pack Train whose supplies they use (16C).
    #[serde(default)]
    pub building: Option<(u32, Vec<Builder>)>,
    /// The units bound to the Eagle's Nest are free (16D).
    #[serde(default)]
    pub post_released: bool,
    /// The village search (16E): None before it is declared.
    #[serde(default)]
    pub village: Option<VillageSearch>,
    /// Grass fires burning: the hex and its grass fire number (4 (3), reconstructed).
    #[serde(default)]
    pub grass_fires: Vec<(Coord, u32)>,
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
    /// The side that must act now: the owner of what is pending, else the player the
    /// phase belongs to (4D: the non-phasing player fires in the Defensive Fire Phase).
    pub fn actor(&self) -> Side {
        match self.pending.first() {
            Some(Pending::Window { target, .. }) => self.side(*target).other(),
            Some(
                Pending::Declare { .. }
                | Pending::Fight { .. }
                | Pending::Pursuit { .. }
                | Pending::PursuitMove { .. },
            ) => self.phasing,
            Some(Pending::Rbm { .. }) => self.phasing.other(),
            Some(Pending::Replace { .. } | Pending::Village) => Side::US,
            Some(Pending::Volunteer { side, .. }) => *side,
            Some(Pending::Casualties { units, .. }) => {
                units.first().map_or(self.phasing, |&u| self.side(u))
            }
            Some(p) => p.unit().map_or(self.phasing, |u| self.side(u)),
            None if self.phase == Phase::DefensiveFire => self.phasing.other(),
            None => self.phasing,
        }
    }
    /// Whether a unit is a combat unit (3J: not a Pony Holder; Leaders are not units).
    pub fn combat(&self, u: usize) -> bool {
        self.kind(u) != Kind::PonyHolder
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
