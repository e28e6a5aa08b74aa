//! Data formats for Harvest the Wind: the rules tables in `rules/harvest_the_wind/` and
//! the scenarios and map tiles in `scenarios/harvest_the_wind/`. Every value carries its
//! [`Source`]: a rule of the seed, or a reconstruction with its reasoning.

use crate::core::hexmap::Edge;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::core::data::Source;

/// One row of the Fire Combat Table (Table 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FctRow {
    /// Weapon key used by scenarios (`pistol`, `carbine`, `howitzer_canister`...).
    pub weapon: String,
    /// Printed name.
    pub name: String,
    /// Minimum die roll to hit at range 0, 1, ..., 8+ (`None`: cannot fire).
    pub to_hit: Vec<Option<u8>>,
    /// May this weapon perform Defensive Fire (IV.B.5)?
    pub defensive: bool,
    /// Where the row comes from.
    pub source: Source,
}

/// A die-roll modifier with its source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    /// The amount added to the die.
    pub value: i8,
    /// Where it comes from.
    pub source: Source,
}

/// The Fire Combat Table's modifiers (Table 1 procedure).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireModifiers {
    /// Weapon Low Ammo side up.
    pub low_ammo: Modifier,
    /// Target mounted.
    pub mounted_target: Modifier,
    /// Target under Cover.
    pub cover: Modifier,
    /// Target stack marked Hidden.
    pub hidden: Modifier,
    /// Target an unmounted Horses counter.
    pub horses: Modifier,
    /// Target an Indian Dependent.
    pub dependents: Modifier,
}

/// One column of the Melee Combat Table (Table 2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MctColumn {
    /// Own melee factor minus the enemy's.
    pub differential: i8,
    /// Minimum die roll to eliminate the enemy.
    pub need: u8,
}

/// One row of the Terrain Effects Chart (Table 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TecRow {
    /// Terrain key used by maps (`open`, `woods`, `river`, `tall_grass`).
    pub terrain: String,
    /// Printed name and map colour.
    pub name: String,
    /// Movement points to enter.
    pub cost: u8,
    /// Blocks line of sight when intervening.
    pub blocks_los: bool,
    /// Provides Cover.
    pub cover: bool,
    /// Map colour as sRGB hex (`"#ffffff"`), for drawing.
    pub colour: String,
    /// Where the row comes from.
    pub source: Source,
}

/// A counter that is not terrain but has TEC effects (Wagon, Blaze, Dust, Horse...).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TecCounter {
    /// Counter kind key (`wagon`, `blaze`, `dust`, `lodge`, `horses`, `unit`, `dependent`, `hidden`).
    pub counter: String,
    /// Blocks line of sight when intervening.
    pub blocks_los: bool,
    /// Provides Cover to units in its hex.
    pub cover: bool,
    /// Where the row comes from.
    pub source: Source,
}

/// All rules tables of Harvest the Wind (`rules/harvest_the_wind/tables.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// Table 1.
    pub fct: Vec<FctRow>,
    /// Table 1 procedure.
    pub fire_modifiers: FireModifiers,
    /// Table 2.
    pub mct: Vec<MctColumn>,
    /// How Table 2 treats differentials beyond its printed columns.
    pub mct_clamp: Source,
    /// Table 3, terrain.
    pub tec: Vec<TecRow>,
    /// Table 3, counters.
    pub tec_counters: Vec<TecCounter>,
    /// Extra MP per level climbed (III.B.3).
    pub climb_cost: Modifier,
    /// Hexes a Hidden stack may move per turn (III.F.5).
    pub hidden_move: Modifier,
    /// Limbered artillery and movable wagon MA (III.I.2).
    pub artillery_ma: Modifier,
    /// Hexes a hit mounted unit or a routed unit moves at most (II.B.3, II.B.4).
    pub retreat_hexes: Modifier,
    /// Range within which Medicine helps rally and may be passed on (VII.A, VII.D).
    pub medicine_range: Modifier,
    /// Rally modifier for Medicine (VII.A), subtracted from the die.
    pub medicine_rally: Modifier,
    /// Leader reverse side: rating and range reduction.
    pub leader_reverse: Source,
    /// Horses held per unit (III.G.6).
    pub horses_held: Modifier,
    /// Thirsty horses: a die this high or higher stops them in a River hex (III.G.8).
    pub thirsty_stop: Modifier,
    /// Random Direction diagram: direction for die 1..6 (Map B; missing from the seed).
    pub random_direction: Source,
}

/// A rectangle, hex list, edge or mark making up a set-up or victory zone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ZonePart {
    /// Every hex from the first corner to the second, inclusive (`Rect("0101", "0605")`).
    Rect(String, String),
    /// Listed hexes.
    Hexes(Vec<String>),
    /// Every hex of a map edge.
    Edge(Edge),
    /// Every hex carrying a map mark.
    Mark(String),
}

/// What a force line is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ForceKind {
    /// A combat unit `melee-morale-MA/Ffire`.
    Unit,
    /// A leader `rating-range-MA`.
    Leader,
    /// An artillery crew (only crews fire artillery, II.E.1).
    Crew,
    /// A Gatling gun / howitzer counter (II.E).
    Artillery,
    /// Horses counter.
    Horses,
    /// Wagon marker.
    Wagon,
    /// Lodge marker.
    Lodge,
    /// Indian Dependents.
    Dependent,
    /// Medicine counter.
    Medicine,
    /// A Hidden counter on its own (a dummy).
    Hidden,
}

/// Where a force line starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Placement {
    /// On the map in a set-up zone; `at` gives default hexes (one per counter, used for
    /// quick starts and playouts; a player may re-place within the zone in set-up).
    Zone {
        /// Zone name from the scenario's `zones`.
        zone: String,
        /// Default hexes, one per counter.
        at: Vec<String>,
    },
    /// Off the map, entering from an edge during movement from the given turn on.
    Enter {
        /// The edge or zone name to enter by.
        zone: String,
        /// First turn it may enter.
        turn: u32,
    },
    /// Off the map in a reinforcement pool (used by special rules).
    Pool,
}

/// One line of a scenario's forces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    /// Side index into `sides`.
    pub side: u8,
    /// What the counters are.
    pub kind: ForceKind,
    /// How many counters.
    pub count: u8,
    /// Label as printed in the seed (`"1-2-6/F1"`).
    #[serde(default)]
    pub label: String,
    /// Melee factor (units) or leadership rating (leaders).
    #[serde(default)]
    pub melee: u8,
    /// Morale (units) or leadership range (leaders).
    #[serde(default)]
    pub morale: u8,
    /// Movement allowance.
    #[serde(default)]
    pub ma: u8,
    /// Fire Combat Effectiveness (`None`: cannot fire).
    #[serde(default)]
    pub fire: Option<u8>,
    /// Militia (scores differently in Wood Lake).
    #[serde(default)]
    pub militia: bool,
    /// Weapons each counter carries, by scenario letter (`["R", "P"]`).
    #[serde(default)]
    pub carry: Vec<String>,
    /// Start under a Hidden counter (III.F) or concealed under a Lodge.
    #[serde(default)]
    pub hidden: bool,
    /// For `Artillery`: `"gatling"` or `"howitzer"` (II.E; one two-sided counter).
    #[serde(default)]
    pub gun: Option<String>,
    /// Start mounted on a Horses counter of the same side placed in the same hex.
    #[serde(default)]
    pub mounted: bool,
    /// Where it starts.
    pub placement: Placement,
    /// Where this line comes from.
    pub source: Source,
}

/// A scenario special rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Special {
    /// Low Ammo rules (II.D) in force for a side.
    LowAmmo {
        /// The side.
        side: u8,
    },
    /// Blaze markers (IX.B).
    Blaze {
        /// The side that may set them.
        side: u8,
    },
    /// Army must march north at full MA until the Indians fire (IX.A).
    MarchUntilFired {
        /// The marching side.
        side: u8,
        /// Direction edge they march towards.
        toward: Edge,
    },
    /// Each even turn from turn 2, 1d6 units arrive from a zone (IX.D).
    EvenTurnReinforcements {
        /// The side.
        side: u8,
        /// Entry zone.
        zone: String,
    },
    /// Horses not stacked with units move at random from this turn (IX.D, III.G).
    RandomHorsesFrom {
        /// First turn.
        turn: u32,
    },
    /// Dust markers when an Indian unit is pinned within 2 hexes of the river (IX.E).
    Dust {
        /// The side whose pinned units raise dust.
        side: u8,
        /// Number of Dust markers.
        markers: u8,
    },
    /// Units of a side in marked hexes count as under Cover (IX.E "x" hexes).
    PreparedPositions {
        /// The side.
        side: u8,
        /// The map mark.
        mark: String,
    },
    /// Bad Medicine (IX.E; undefined in the seed).
    BadMedicine {
        /// The side.
        side: u8,
    },
    /// From a turn on, each Rally phase of a side, a roll of 4-6 removes a Medicine (IX.F).
    MedicineAttrition {
        /// The side.
        side: u8,
        /// First turn.
        turn: u32,
        /// The game ends when no Medicine is left.
        ends_game: bool,
    },
    /// Both players are Indian; the first side performs each phase first (IX.C).
    IndianVsIndian,
    /// A side's Wagons may move, limbered and unlimbered like Artillery (III.I.3: "if
    /// allowed to move by the scenario rules"). Any unit of the side may limber one by
    /// mounting Horses in its hex, or shift an unlimbered one a hex.
    MovableWagons {
        /// The side.
        side: u8,
    },
}

impl Special {
    /// The side a special rule names, if it names one.
    pub fn side(&self) -> Option<u8> {
        match self {
            Special::LowAmmo { side }
            | Special::Blaze { side }
            | Special::MarchUntilFired { side, .. }
            | Special::EvenTurnReinforcements { side, .. }
            | Special::Dust { side, .. }
            | Special::PreparedPositions { side, .. }
            | Special::BadMedicine { side }
            | Special::MedicineAttrition { side, .. }
            | Special::MovableWagons { side } => Some(*side),
            Special::RandomHorsesFrom { .. } | Special::IndianVsIndian => None,
        }
    }
}

/// What scores points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Award {
    /// An enemy counter of this kind eliminated (units: `militia` filters).
    Eliminated {
        /// Kind eliminated.
        kind: ForceKind,
        /// For units: only militia (`Some(true)`), only non-militia (`Some(false)`), or any.
        #[serde(default)]
        militia: Option<bool>,
    },
    /// Each Horses counter on the map not under enemy control at the end.
    HorsesKept,
}

/// A points award for a side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointAward {
    /// The side scoring.
    pub side: u8,
    /// Points per item.
    pub points: i32,
    /// What scores.
    pub what: Award,
}

/// How the winner is decided at the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum VictoryRule {
    /// Higher total wins; equal totals draw.
    HigherPoints,
    /// `side` wins if the other side's points are below `min`; otherwise higher total.
    PointsThreshold {
        /// The side favoured by the threshold.
        side: u8,
        /// The other side's minimum.
        min: i32,
    },
    /// `attacker` wins by eliminating every defender unit; otherwise the defender wins.
    EliminateAll {
        /// Attacking side.
        attacker: u8,
    },
    /// `attacker` wins by eliminating every defender unit; the defender wins with at
    /// least `hold` units in `zone` at the end; otherwise a draw.
    EliminateAllOrHold {
        /// Attacking side.
        attacker: u8,
        /// Zone name.
        zone: String,
        /// Units needed.
        hold: u8,
    },
    /// `attacker` wins by eliminating at least `kills` defender counters (leaders
    /// count); the defender wins with at least `hold` units in `zone`; otherwise a draw.
    KillsOrHold {
        /// Attacking side.
        attacker: u8,
        /// Eliminations needed.
        kills: u8,
        /// Zone name.
        zone: String,
        /// Units needed.
        hold: u8,
    },
}

/// Victory conditions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// Point awards.
    #[serde(default)]
    pub awards: Vec<PointAward>,
    /// The deciding rule.
    pub rule: VictoryRule,
    /// Where it comes from.
    pub source: Source,
    /// Text for players.
    pub text: String,
}

/// A side (player) of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Display name (`Indian`, `Army`, `Sioux`, `Pawnee`).
    pub name: String,
    /// Counter colours as sRGB hex: background, text.
    pub colours: (String, String),
    /// Whether this side's pieces are Indian (Medicine, Dependents, Lodges rules).
    pub indian: bool,
}

/// One scenario (`scenarios/harvest_the_wind/<id>.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// The game this file is for (`game: "<game id>"`), which the registry reads
    /// to choose the ruleset; optional in a file that is only ever read as this game.
    /// Read, never written, and cleared once read: a state never carries it.
    #[serde(default, skip_serializing)]
    pub game: Option<String>,
    /// Id, unique within the game.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Place and date.
    pub date: String,
    /// Seed section.
    pub rule: String,
    /// Historical background.
    pub background: String,
    /// Historical outcome.
    pub outcome: String,
    /// Map tiles north to south: a letter (`"A"`, `"B"`, `"C"`) names a shipped tile in
    /// `scenarios/harvest_the_wind/maps/`; a name ending in `.ron` is a tile file relative
    /// to the scenario file.
    pub board: Vec<String>,
    /// Sides; side 0 moves first each turn.
    pub sides: Vec<SideDef>,
    /// Last turn (`None`: no limit).
    pub turns: Option<u32>,
    /// Where the turn limit comes from.
    pub turns_source: Source,
    /// Weapons letters to FCT rows.
    pub weapons: BTreeMap<String, String>,
    /// Named zones.
    pub zones: BTreeMap<String, Vec<ZonePart>>,
    /// Forces.
    pub forces: Vec<Force>,
    /// Special rules.
    #[serde(default)]
    pub special: Vec<Special>,
    /// Victory conditions.
    pub victory: Victory,
    /// Reconstruction notes for this scenario.
    #[serde(default)]
    pub notes: Vec<String>,
}

/// A map tile (`scenarios/harvest_the_wind/maps/<letter>.ron`): the shared tile format.
pub use crate::core::maptile::MapTile;
