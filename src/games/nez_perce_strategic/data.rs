//! The strategic game's data (B1.0-B8.0, D2.0 of seed 000), as read from RON: the
//! Strategic Map Terrain Effects Chart and the other rules constants
//! (`rules/nez_perce_strategic/tables.ron`), the strategic counters
//! (`counters.ron`, the same ids as the tactical counter mix) and the campaign set-up
//! with its reinforcement track (`scenarios/nez_perce_strategic/campaign.ron`). Every
//! value carries its [`Source`]: the seed's rule, or a reconstruction and its reason.

use crate::core::data::Source;
use crate::games::nez_perce_tactical::data::Side;
use serde::{Deserialize, Serialize};

/// A number with its source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Valued {
    /// The value.
    pub value: i32,
    /// Where it comes from.
    pub source: Source,
}

/// One row of the Strategic Map Terrain Effects Chart (B4.1, B5.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    /// The terrain key used by the map legend (`"open_plains"`).
    pub key: String,
    /// Display name.
    pub name: String,
    /// Movement points to enter a hex of this terrain.
    pub mp: u32,
    /// Search die-roll modifier (B5.2).
    pub search: i32,
    /// The tactical map a combat here is fought on (C2.1).
    pub tactical_map: String,
    /// Where the row comes from.
    pub source: Source,
}

/// Major-river crossings (B4.4.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct River {
    /// Movement points the crossing itself costs.
    pub crossing_mp: u32,
    /// The first turn of the later crossing rolls.
    pub change_turn: u32,
    /// Highest die roll with which an Indian unit crosses before `change_turn`.
    pub indian_before: u8,
    /// Highest Indian crossing roll from `change_turn` on.
    pub indian_from: u8,
    /// Highest Army crossing roll before `change_turn` (0: the Army may not cross).
    pub army_before: u8,
    /// Highest Army crossing roll from `change_turn` on.
    pub army_from: u8,
    /// Hexsides crossed freely, with no roll and no crossing cost (0509/0608).
    pub free_hexsides: Vec<(String, String)>,
    /// Where it comes from.
    pub source: Source,
}

/// The Search Table (B5.2): contact when the clamped modified die plus the clamped
/// superiority reaches `contact_at`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchTable {
    /// Lowest modified die row.
    pub die_min: i32,
    /// Highest modified die row.
    pub die_max: i32,
    /// Lowest superiority column.
    pub sup_min: i32,
    /// Highest superiority column.
    pub sup_max: i32,
    /// The diagonal at and above which the result is "C".
    pub contact_at: i32,
    /// Where it comes from.
    pub source: Source,
}

/// An Army rank, and the Indian counters' kinds (B3.0's supply limit counts ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Rank {
    /// A General (Howard).
    General,
    /// A Colonel.
    Colonel,
    /// A Major.
    Major,
    /// A Captain.
    Captain,
    /// A Lieutenant.
    Lieutenant,
    /// Civilian volunteer irregulars.
    Volunteer,
    /// An Indian warrior band.
    Band,
    /// The Indian Village.
    Village,
}

/// Supply in towns and forts (B3.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    /// How many units of the limited ranks one town or fort supplies.
    pub limit: usize,
    /// The ranks the limit counts.
    pub limited_ranks: Vec<Rank>,
    /// Where it comes from.
    pub source: Source,
}

/// The Sitting Bull optional rule (B8.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SittingBull {
    /// The extra turn on which he appears.
    pub turn: u32,
    /// His hex.
    pub hex: String,
    /// How far from it he may move, in hexes.
    pub reach: u32,
    /// Victory points the Army gains when the rule is used.
    pub army_points: i32,
    /// Where it comes from.
    pub source: Source,
}

/// The Army's D2.0 points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyPoints {
    /// Per brave unit killed.
    pub brave_killed: i32,
    /// Per brave unit surrendered.
    pub brave_surrendered: i32,
    /// Per Lodge surrendered.
    pub lodge_surrendered: i32,
    /// Per Lodge killed (negative).
    pub lodge_killed: i32,
}

/// The Indian's D2.0 points for what survives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndianPoints {
    /// Per surviving brave unit whose band is in Canada.
    pub brave_canada: i32,
    /// Per surviving brave unit whose band is in the United States.
    pub brave_us: i32,
    /// Per surviving Lodge in Canada.
    pub lodge_canada: i32,
    /// Per surviving Lodge in the United States.
    pub lodge_us: i32,
    /// Lodges are where the Village counter is.
    pub lodges_follow_village: bool,
}

/// One victory level: the margin (Army minus Indian) at which it starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// Lowest margin of the level.
    pub min: i32,
    /// Its name.
    pub name: String,
}

/// Victory (D2.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// The Army's points.
    pub army: ArmyPoints,
    /// The Indian's points.
    pub indian: IndianPoints,
    /// The levels, highest first.
    pub levels: Vec<Level>,
    /// Where it comes from.
    pub source: Source,
}

/// The strategic rules tables (`rules/nez_perce_strategic/tables.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The terrain chart.
    pub terrain: Vec<TerrainRow>,
    /// Movement points to enter a Town or Fort hex.
    pub town_mp: Valued,
    /// Extra movement points to enter a hex with opposing units (B4.4.1).
    pub enemy_hex_extra_mp: Valued,
    /// Major-river crossings.
    pub river: River,
    /// The Search Table.
    pub search: SearchTable,
    /// Army supply.
    pub supply: Supply,
    /// Indian Fast movement at most once in this many turns (B4.3).
    pub indian_fast_every: Valued,
    /// The last turn of the Idaho limits (B4.4.4, B5.3.1).
    pub idaho_turns: Valued,
    /// The last turn Canada is closed to the Indians (B4.4.5).
    pub canada_turn: Valued,
    /// The column east of which the turn-25 position lies (B4.4.5).
    pub yellowstone_column: Valued,
    /// The last turn (B2.1).
    pub last_turn: Valued,
    /// The Sitting Bull optional rule.
    pub sitting_bull: SittingBull,
    /// Victory.
    pub victory: Victory,
}

/// One strategic counter (B1.0, B3.0, B4.1, B5.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Id, the same as the tactical counter mix's strategic unit.
    pub id: String,
    /// The name printed on the counter.
    pub name: String,
    /// Side.
    pub side: Side,
    /// Rank (Army) or kind (Indian).
    pub rank: Rank,
    /// Normal movement allowance.
    pub normal: u32,
    /// Fast movement allowance.
    pub fast: u32,
    /// Search value (Army).
    pub search: i32,
    /// Evasion value (Indian).
    pub evasion: i32,
    /// Where the values come from.
    pub source: Source,
}

/// The strategic counters (`rules/nez_perce_strategic/counters.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// Every strategic counter.
    pub units: Vec<UnitDef>,
}

/// A unit on the reinforcement track (B6.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackEntry {
    /// The turn it activates.
    pub turn: u32,
    /// The unit.
    pub unit: String,
    /// Its activation hex.
    pub hex: String,
}

/// A unit the track removes (B6.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Removal {
    /// The turn.
    pub turn: u32,
    /// The unit.
    pub unit: String,
}

/// The campaign set-up (`scenarios/nez_perce_strategic/campaign.ron`, B6.0-B7.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignDef {
    /// Always `"nez_perce_strategic"`.
    pub game: String,
    /// Id (the file stem).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Description.
    pub description: String,
    /// The strategic map (a tile id in `maps/`).
    pub map: String,
    /// Units active at the start, and their hexes.
    pub start: Vec<(String, String)>,
    /// The reinforcement track.
    pub track: Vec<TrackEntry>,
    /// Removals.
    #[serde(default)]
    pub removals: Vec<Removal>,
    /// Where it comes from.
    pub source: Source,
    /// Reconstruction notes.
    #[serde(default)]
    pub notes: Vec<String>,
}
