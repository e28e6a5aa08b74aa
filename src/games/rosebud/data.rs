//! Data of *Battle of the Rosebud* (seed 003) as written in RON: the rules tables
//! (`rules/rosebud/tables.ron`: the Terrain Effects Chart, stacking and the other
//! constants), the counters (`rules/rosebud/counters.ron`), the map
//! (`scenarios/rosebud/maps/rosebud.ron`, the shared tile format of `core::maptile`,
//! numbered as printed from 1100 with the odd columns shoved) and the scenario
//! (`scenarios/rosebud/<id>.ron`: the set-up of section 18). Every value names its
//! source: a rule of the seed, or a reconstruction with its reasoning.

use crate::core::data::Source;
use serde::{Deserialize, Serialize};

/// The two players. The US holds seat 0 and the Indian seat 1; the Indian player moves
/// first each turn (18).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Side {
    /// Crook's column: cavalry, mounted infantry, miners, scouts, the Pack Trains.
    #[default]
    US,
    /// The Lakota and Cheyenne warriors.
    Indian,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::US => Side::Indian,
            Side::Indian => Side::US,
        }
    }
    /// The seat that plays this side (0 US, 1 Indian).
    pub fn seat(self) -> u8 {
        self as u8
    }
}

/// What a class of counter is, for the rules that name kinds of units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// US Cavalry (8, 16A: only these charge).
    Cavalry,
    /// Mule-mounted infantry (8: "act as Cavalry ... except that Mule Holders are used").
    Infantry,
    /// The Montana miners (8: as mounted infantry).
    Miners,
    /// The Crow and Shoshone scouts (8D2: mount without Holders).
    Scout,
    /// The Column HQ (12E).
    Hq,
    /// A Pack Train (15).
    PackTrain,
    /// Pack Train Personnel (15B).
    PackPersonnel,
    /// A US Horse or Mule Holder (8D2).
    Holder,
    /// An Indian warrior unit.
    Warrior,
    /// An Indian Pony Holder (3J: a non-combat unit; 8D3).
    PonyHolder,
}

/// A unit's zone of control (5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zoc {
    /// Its hex and the six around it.
    Full,
    /// Only its own hex.
    Partial,
    /// None (Leaders).
    None,
}

/// A class of counter (`counters.ron` `classes`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Class {
    /// Key used by units (`"cavalry"`).
    pub key: String,
    /// Display name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its kind.
    pub kind: Kind,
    /// Its zone of control when not Routed (5).
    pub zoc: Zoc,
    /// Counts toward the 25-CF stacking limit by its Combat Factor (6A), or by a fixed
    /// number of stacking points (6B Pack Train 6 (its current strength), 6E US Holders
    /// 1, Pony Holders 0).
    pub stacking: Option<u32>,
    /// Where the class comes from.
    pub source: Source,
}

/// One face of a unit: Combat Factor and Movement Allowance.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Face {
    /// Combat Factor (3C).
    pub cf: u32,
    /// Movement Allowance (7).
    pub ma: u32,
}

/// A unit (`counters.ron` `units`): a combat unit, a Holder or a Pack Train.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitDef {
    /// Id used in the notation (`"a_2cav"`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its class key.
    pub class: String,
    /// Battalion or tribe, for the set-up rules (18) and the display.
    pub group: String,
    /// The Mounted (front) face; a unit that is always Dismounted gives the same values
    /// in both.
    pub mounted: Face,
    /// The Dismounted (back) face (8D2a: US Cavalry -1 CF; 8D3, 11: Indians, Scouts and
    /// the HQ do not reduce).
    pub dismounted: Face,
    /// The Holder counter that holds its mounts when it dismounts (8D2), if any.
    #[serde(default)]
    pub holder: Option<String>,
    /// Where the values come from.
    pub source: Source,
}

/// A Leader (`counters.ron` `leaders`, 12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderDef {
    /// Id used in the notation (`"crook"`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// US seniority, 1 the most senior (12D6); None for Indian Leaders (equal).
    #[serde(default)]
    pub rank: Option<u32>,
    /// Leader Rating (3F), a die-roll modifier.
    pub rating: i32,
    /// Command Radius in hexes (3G).
    pub radius: u32,
    /// Movement Allowance.
    pub ma: u32,
    /// Where the values come from.
    pub source: Source,
}

/// The counters (`rules/rosebud/counters.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counters {
    /// The classes.
    pub classes: Vec<Class>,
    /// Every unit, Holders and Pack Trains included.
    pub units: Vec<UnitDef>,
    /// Every Leader.
    pub leaders: Vec<LeaderDef>,
}

/// A number with its source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Valued {
    /// The value.
    pub value: u32,
    /// Where it comes from.
    pub source: Source,
}

/// A row of the Terrain Effects Chart for hexes (7B, 10D).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainRow {
    /// The terrain key used by the map legend (`"clear"`).
    pub terrain: String,
    /// Display name.
    pub name: String,
    /// MP to enter, Mounted.
    pub mounted_mp: u32,
    /// MP to enter, Dismounted.
    pub dismounted_mp: u32,
    /// Melee die-roll modifier when the defender is in this terrain (10D).
    pub melee: i32,
    /// A US rout ends here (10J2a: Light Woods, Rocks).
    pub refuge: bool,
    /// Where the row comes from.
    pub source: Source,
}

/// A row of the Terrain Effects Chart for hexsides (7B, 10D).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexsideRow {
    /// The feature key used by the map (`"creek"`).
    pub feature: String,
    /// Display name.
    pub name: String,
    /// Extra MP to cross it; None = prohibited (Cliff).
    pub mp: Option<u32>,
    /// Melee die-roll modifier when the defender is attacked across it (10D).
    pub melee: i32,
    /// Where the row comes from.
    pub source: Source,
}

/// The stacking limits (6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stacking {
    /// Combat Factors a hex may hold at the end of a phase (6A).
    pub max_cf: u32,
    /// Pony Holders a hex may hold: this many, or as many as the Indian combat units
    /// there, whichever is higher (6E).
    pub pony_holders: u32,
    /// Where it comes from.
    pub source: Source,
}

/// The turns (18).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Turns {
    /// The number of game turns.
    pub count: u32,
    /// Minutes past midnight of turn 1.
    pub first_minute: u32,
    /// Minutes a turn.
    pub minutes: u32,
    /// Where it comes from.
    pub source: Source,
}

/// The rules tables (`rules/rosebud/tables.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tables {
    /// The turns and the clock (18, 16D).
    pub turns: Turns,
    /// Hex terrain.
    pub terrain: Vec<TerrainRow>,
    /// Hexside features.
    pub hexsides: Vec<HexsideRow>,
    /// Extra MP for each level climbed (7B).
    pub uphill_mp: Valued,
    /// MP to change mode (8D1).
    pub mode_mp: Valued,
    /// Extra MP to leave a hex in an enemy ZOC (5, 7H).
    pub zoc_exit_mp: Valued,
    /// MP to remove Disruption (13B3).
    pub disruption_mp: Valued,
    /// The stacking limits (6).
    pub stacking: Stacking,
    /// The Victory Levels Chart (17).
    pub victory: VictoryLevels,
}

/// One band of the Victory Levels Chart: from this ratio up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Band {
    /// The lowest ratio of the higher total to the lower that reaches the band.
    pub from_ratio: f64,
    /// Its name (`"Marginal Victory"`); the lowest band is a draw.
    pub level: String,
}

/// The Victory Levels Chart (17): the ratio of the higher VP total to the lower.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VictoryLevels {
    /// The bands, highest first; the last is the Draw band.
    pub bands: Vec<Band>,
    /// Where it comes from.
    pub source: Source,
}

/// A unit's mode (3A, 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Riding.
    Mounted,
    /// On foot.
    Dismounted,
    /// Lying flat (only from Dismounted or Mounted by changing mode, 8D1).
    Prone,
}

/// Where a unit of the set-up starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// The unit or Leader.
    pub id: String,
    /// Its printed hex; None for a unit that enters on turn 1 (18: the Indians) or one
    /// not in play at the start (an undeployed Holder).
    pub hex: Option<String>,
    /// Its mode (18: the US Dismounted, the Scouts at choice).
    pub mode: Mode,
}

/// A map-edge entry area for the Indians on turn 1 (18).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// A name (`"east"`).
    pub name: String,
    /// The map mark of its hexes (`"east_entry"`).
    pub mark: String,
    /// The tribes that may enter here; empty = any.
    #[serde(default)]
    pub tribes: Vec<String>,
    /// The tribes that may not.
    #[serde(default)]
    pub not_tribes: Vec<String>,
    /// At most this many units enter here; None = no limit.
    #[serde(default)]
    pub max_units: Option<u32>,
    /// At most this many tribes enter here; None = no limit.
    #[serde(default)]
    pub max_tribes: Option<u32>,
    /// Where the rule comes from.
    pub source: Source,
}

/// A VP hill (17): the US scores when a cavalry or infantry unit, not Retreating or
/// Routing, enters it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hill {
    /// The map mark (`"crooks_hill"`).
    pub mark: String,
    /// Display name.
    pub name: String,
    /// Victory points.
    pub vp: u32,
    /// Where the value comes from.
    pub source: Source,
}

/// A scenario (`scenarios/rosebud/<id>.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioDef {
    /// The game (`"rosebud"`).
    pub game: String,
    /// Id (the file stem).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Historical background.
    pub description: String,
    /// The map id in `scenarios/rosebud/maps/`.
    pub map: String,
    /// Where the scenario comes from.
    pub source: Source,
    /// The set-up.
    pub setup: Vec<Placement>,
    /// The Indian entry areas of turn 1 (18).
    pub entries: Vec<Entry>,
    /// The VP hills (17).
    pub hills: Vec<Hill>,
    /// Notes for the scenario screen (reconstructions, readings).
    #[serde(default)]
    pub notes: Vec<String>,
}
