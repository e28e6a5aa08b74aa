//! Data of *I Will Fight No More Forever*'s tactical game as written in RON: the rules
//! tables (`rules/nez_perce_tactical/tables.ron`), the counter mix
//! (`rules/nez_perce_tactical/counters.ron`), the four tactical maps
//! (`scenarios/nez_perce_tactical/maps/`, the shared tile format of `core::maptile`)
//! and the combat scenarios (`scenarios/nez_perce_tactical/*.ron`). Every value names
//! its source: a rule of the seed, or a reconstruction with its reasoning.

use crate::core::data::Source;
use crate::core::hexmap::Edge;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The two players.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Side {
    /// The U.S. Army player (soldiers and civilian volunteers).
    #[default]
    Army,
    /// The Indian (Nez Perce) player.
    Indian,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Army => Side::Indian,
            Side::Indian => Side::Army,
        }
    }
    /// The seat that plays this side (0 Army, 1 Indian).
    pub fn seat(self) -> u8 {
        self as u8
    }
}

/// How a counter's two faces are used (C4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Faces {
    /// One face only.
    Single,
    /// Horse-equipped: the front is dismounted, the back mounted (no fire strength).
    Horse,
    /// Artillery: the front is unlimbered (movement 0), the back limbered (no fire).
    Artillery,
}

/// What a class of tactical counter is (tables.ron `classes`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Class {
    /// Key used by counters (`"warrior"`, `"cavalry"`...).
    pub key: String,
    /// Display name.
    pub name: String,
    /// The side it fights for.
    pub side: Side,
    /// How its faces are used.
    pub faces: Faces,
    /// Its column on the Morale Table (`morale.columns`).
    pub morale: String,
    /// Its range band (`ranges`): `"army"` or `"indian"` (C6.5.2).
    pub range: String,
    /// A brave unit for the D2.0 points.
    #[serde(default)]
    pub brave: bool,
    /// A Lodge for the D2.0 points and C4.3.4.
    #[serde(default)]
    pub lodge: bool,
    /// May spot for indirect fire (regular Cavalry, C6.5.3).
    #[serde(default)]
    pub spotter: bool,
    /// May fire indirectly (Howitzer, Hotchkiss; C6.5.3).
    #[serde(default)]
    pub indirect: bool,
    /// Two of them may act instead of one Army unit and melee together (C4.3.3, C5.3.2).
    #[serde(default)]
    pub pairs: bool,
    /// Where this class and its properties come from.
    pub source: Source,
}

/// One row of the tactical Terrain Effects Chart: a hex terrain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    /// The terrain key used by the maps' legends.
    pub terrain: String,
    /// Display name.
    pub name: String,
    /// Movement points to enter.
    pub mp: u32,
    /// Modifier to the fire die when the target is in this terrain (0 to -3).
    pub fire: i32,
    /// Modifier to the melee die when the melee is in this terrain.
    pub melee: i32,
    /// Blocks line of sight when between firer and target (C6.5.1).
    pub blocks_los: bool,
    /// Mounted horse units and artillery may enter (C4.3.2).
    pub mounted: bool,
    /// Where the row comes from.
    pub source: Source,
}

/// One row of the Terrain Effects Chart for a hexside feature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideRow {
    /// The feature key used by the maps.
    pub feature: String,
    /// Display name.
    pub name: String,
    /// Extra movement points to cross.
    pub mp: u32,
    /// Blocks line of sight (C6.5.1).
    pub blocks_los: bool,
    /// Where the row comes from.
    pub source: Source,
}

/// A range band (C6.5.2): full strength up to `full` hexes, half up to `half`,
/// quarter beyond.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    /// Band key (`"army"`, `"indian"`).
    pub band: String,
    /// Last range at full strength.
    pub full: u32,
    /// Last range at half strength.
    pub half: u32,
    /// Source.
    pub source: Source,
}

/// The Fire Results Table (C6.2): rows by modified die, columns by superiority.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireTable {
    /// The modified die of the first row (the rows run up from it by one).
    pub first_die: i32,
    /// The IF superiority of the first column; columns run up by one.
    pub first_if: i32,
    /// The AF header is the IF header plus this (C6.2: the Army reads AF).
    pub af_offset: i32,
    /// Cells, `"-"`, `"P1"`, `"P2"`, `"M"` or `"K"`, one string of space-separated
    /// cells per row.
    pub rows: Vec<String>,
    /// Source.
    pub source: Source,
}

/// The Melee Results Table (C5.2): rows by modified die, columns by superiority.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeTable {
    /// The modified die of the first row.
    pub first_die: i32,
    /// Highest superiority column (it reads "and over").
    pub max_superiority: i32,
    /// Cells `"lower/higher"` (`"1K1M/-"`), one string of space-separated cells per row.
    pub rows: Vec<String>,
    /// Source.
    pub source: Source,
}

/// The Morale Table (C6.4.3): a column per unit type, a row per die 1-6.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleTable {
    /// Column names, as classes name them.
    pub columns: Vec<String>,
    /// Six rows (die 1 to 6) of `"P2R"` or `"B"` cells, space separated.
    pub rows: Vec<String>,
    /// Source.
    pub source: Source,
}

/// The four states of contact (C2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Contact {
    /// C2.3.
    Ambushing,
    /// C2.4.
    #[default]
    Alerted,
    /// C2.5.
    SurprisedEncamped,
    /// C2.6.
    SurprisedOnTrail,
}

impl std::fmt::Display for Contact {
    /// The state's name as the seed writes it (`Surprised Encamped`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Contact::Ambushing => "Ambushing",
            Contact::Alerted => "Alerted",
            Contact::SurprisedEncamped => "Surprised Encamped",
            Contact::SurprisedOnTrail => "Surprised On Trail",
        })
    }
}

/// What brought on a combat the players set up (C2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Trigger {
    /// A successful Army search: columns A (warriors) and B (the Village).
    Search,
    /// An Indian combat declaration: columns C (the Washington Volunteers alone), D
    /// (military units) and E (other volunteers).
    Declaration,
}

/// The State of Contact Table (C2.2): columns A-E, rows die 1-6.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactTable {
    /// Column letter to six results (`"Ambushing"`, `"Alerted"`, `"Surprised"`).
    pub columns: BTreeMap<String, Vec<String>>,
    /// Highest re-roll that makes Surprised Encamped (above: On Trail).
    pub encamped_max: u8,
    /// Source.
    pub source: Source,
}

/// The indirect-fire numbers (C6.5.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Indirect {
    /// Last range of the near band.
    pub near: u32,
    /// Strength in the near band: numerator and denominator (2/3).
    pub near_fraction: (u32, u32),
    /// Strength beyond it (1/3).
    pub far_fraction: (u32, u32),
    /// Scatter distance by die 1-6.
    pub scatter: Vec<u32>,
    /// Source.
    pub source: Source,
}

/// The rules tables (`rules/nez_perce_tactical/tables.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// Counter classes.
    pub classes: Vec<Class>,
    /// Hex terrain.
    pub terrain: Vec<TerrainRow>,
    /// Hexside features.
    pub hexsides: Vec<HexsideRow>,
    /// Range bands.
    pub ranges: Vec<RangeBand>,
    /// Fire Results Table.
    pub fire: FireTable,
    /// Melee Results Table.
    pub melee: MeleeTable,
    /// Morale Table.
    pub morale: MoraleTable,
    /// State of Contact Table.
    pub contact: ContactTable,
    /// Indirect fire.
    pub indirect: Indirect,
    /// Highest roll that removes a P1 (C6.4.1: 4) and a P2 (C6.4.2: 3).
    pub pin_removal: (u8, u8),
    /// Most Army and Indian units in a hex at the end of a turn (C4.2: 1 and 3).
    pub stacking: (usize, usize),
    /// Units that may act in a normal player turn: Army, Indian (C3.2: 1 and 2).
    pub actions: (usize, usize),
    /// Source of the last three.
    pub sequence_source: Source,
}

/// One face of a tactical counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// Fire strength.
    pub fs: i32,
    /// Defence & Melee strength.
    pub dm: i32,
    /// Movement allowance.
    pub ma: u32,
}

/// A tactical counter of the mix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterDef {
    /// Unique id, used in the notation (`"perry1"`).
    pub id: String,
    /// Printed name (`"F/1st Cav"`).
    pub name: String,
    /// Class key.
    pub class: String,
    /// The front: dismounted, unlimbered, or the only face.
    pub front: Face,
    /// The back: mounted or limbered.
    #[serde(default)]
    pub back: Option<Face>,
}

/// A strategic counter and the tactical counters that compose it (C2.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategicDef {
    /// Unique id (`"perry"`).
    pub id: String,
    /// The commander's name printed on the counter.
    pub name: String,
    /// Side.
    pub side: Side,
    /// Its tactical counters.
    pub counters: Vec<CounterDef>,
    /// Where the composition and values come from.
    pub source: Source,
}

/// The counter mix (`rules/nez_perce_tactical/counters.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// The strategic units and their tactical counters.
    pub strategic: Vec<StrategicDef>,
    /// The five Army Camp counters (C2.5), not part of any strategic unit.
    pub camps: Vec<CounterDef>,
    /// The city-defence counter of a town or fort (C2.7); copies are made per town.
    pub city_defence: CounterDef,
    /// City-defence units per town or fort (C2.7); others have one.
    pub towns: BTreeMap<String, u32>,
    /// Marker counters in the box, for the 255-counter total.
    pub markers: u32,
    /// Where the mix comes from.
    pub source: Source,
}

/// Where a scenario's counters start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Start {
    /// On the map at this hex, in this mode (`true`: mounted or limbered).
    At(String, #[serde(default)] bool),
    /// Off the map beside an edge, entering on or after a turn (C2.3, C2.5).
    Waiting(Edge, u32),
}

/// One side's forces in a combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceDef {
    /// The strategic units taking part (ids in counters.ron; `"camps"` for the Army's
    /// five Camps, `"town:<name>"` for a town's city-defence units).
    pub units: Vec<String>,
    /// Tactical counters of those units left out (killed or captured earlier).
    #[serde(default)]
    pub absent: Vec<String>,
    /// Where each counter starts, by counter id (none when the players set up).
    #[serde(default)]
    pub start: BTreeMap<String, Start>,
}

/// A combat scenario (`scenarios/nez_perce_tactical/<id>.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Always `"nez_perce_tactical"`.
    pub game: String,
    /// Id (the file stem).
    pub id: String,
    /// Display name.
    pub name: String,
    /// One-paragraph description.
    pub description: String,
    /// The tactical map (a tile id in `maps/`).
    pub map: String,
    /// How the combat began, when the players set it up: the state of contact is then
    /// rolled on the State of Contact Table and each side places its counters by that
    /// state's rules (C2.2-C2.6); `contact`, `contacted`, `first`, `entry` and the
    /// forces' `start` are not given.
    #[serde(default)]
    pub roll: Option<Trigger>,
    /// The state of contact.
    #[serde(default)]
    pub contact: Contact,
    /// The contacted side (the other searched or declared combat).
    #[serde(default)]
    pub contacted: Side,
    /// The first player (C2.3-C2.6).
    #[serde(default)]
    pub first: Side,
    /// The searcher's entry side, when it has one (C2.4-C2.6).
    #[serde(default)]
    pub entry: Option<Edge>,
    /// Forces, Army then Indian.
    pub army: ForceDef,
    /// Indian forces.
    pub indian: ForceDef,
    /// Lodges killed or surrendered in earlier combats of the campaign (C4.3.4: at 9
    /// the Indian units may not mount).
    #[serde(default)]
    pub lodges_lost_before: u32,
    /// Where the scenario comes from.
    pub source: Source,
    /// Reconstruction notes shown on the scenario screen.
    #[serde(default)]
    pub notes: Vec<String>,
}
