//! Data of *Once We Moved Like the Wind* as written in RON: the rules tables
//! (`rules/moved_like_the_wind/tables.ron`), the area map and the scenario with its
//! counter mix (`scenarios/moved_like_the_wind/`). Every value names its source: a
//! section of the seed, or a reconstruction with its reasoning.

use crate::core::data::Source;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A number with its source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Num {
    /// The value.
    pub value: i32,
    /// Where it comes from.
    pub source: Source,
}

/// One line of the Provocation Level table (§6.0 "Determine Provocation Level").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// Name (`None`, `Slight`...).
    pub name: String,
    /// Lowest modified roll giving this level.
    pub lo: i32,
    /// Highest modified roll giving this level.
    pub hi: i32,
    /// Modifier this level gives next turn's roll.
    pub next: i32,
    /// True for the level on which the turn is skipped.
    #[serde(default)]
    pub skip: bool,
}

/// The pools blocks are drawn from (§4.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Pool {
    /// Apache War Bands.
    Bands,
    /// Apache Rumors.
    Rumors,
    /// Apache Leaders (on the Turn track, never drawn).
    ApacheLeaders,
    /// US Senior Leaders.
    UsSenior,
    /// US Junior Leaders.
    UsJunior,
    /// US units.
    UsUnits,
    /// Mexican Senior Leaders.
    MexSenior,
    /// Mexican Junior Leaders.
    MexJunior,
    /// Mexican units.
    MexUnits,
    /// Set aside face up, never drawn (Scout, Settler).
    SetAside,
}

/// One line of the Provocation Chart: what each pool gives at a level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChartRow {
    /// Level name, as in the level table.
    pub level: String,
    /// Blocks drawn per pool.
    pub draw: BTreeMap<Pool, u8>,
    /// Average starting SP per pool: the owner splits this figure times the blocks
    /// drawn from the pool among them as he deploys them, each at 1 to its maximum
    /// (§3.0, §6.0 "starting strength indicated by the Provocation Chart"; a
    /// reconstruction, see docs/reconstructions-wind.md). Blocks of pools not listed
    /// start at their maximum.
    #[serde(default)]
    pub sp: BTreeMap<Pool, u8>,
    /// Set-aside blocks (by key) in play at this level.
    #[serde(default)]
    pub set_aside: Vec<String>,
}

/// Movement cost of one boundary type (§7.0 "Movement Costs").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cost {
    /// Boundary type (`open`, `mixed`, `mountain`, `rio_grande`).
    pub kind: String,
    /// MP for Apache blocks.
    pub apache: u8,
    /// Where the Apache figure comes from.
    pub apache_source: Source,
    /// MP for Army blocks.
    pub army: u8,
    /// Where the Army figure comes from.
    pub army_source: Source,
}

/// The rules tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// Provocation levels by modified roll (§6.0).
    pub levels: Vec<Level>,
    /// Source of the level table.
    pub levels_source: Source,
    /// The Provocation Chart: forces per level (§6.0 "Pick Forces").
    pub chart: Vec<ChartRow>,
    /// Source of the chart.
    pub chart_source: Source,
    /// Boundary costs.
    pub costs: Vec<Cost>,
    /// Extra MP for an Apache block entering an area with Army blocks (§7.0).
    pub apache_enter_army: Num,
    /// Most blocks of the Apache player ending a movement segment in an area (§7.0).
    pub apache_limit: Num,
    /// Most blocks of the Army player ending a movement segment in an area (§7.0).
    pub army_limit: Num,
    /// Modified die result that hits (§8.0).
    pub hit: Num,
    /// Ambush bonus of each Apache Leader in an area with a Mountain boundary (§8.0).
    pub mountain_bonus: Num,
    /// Penalty of each Army Leader in an area with the Settler (§8.0).
    pub settler_penalty: Num,
    /// Apache VP per Army SP lost (§9.0).
    pub vp_army_sp_lost: Num,
    /// Apache VP per Apache SP not forced to the Reservation (§9.0).
    pub vp_apache_sp_free: Num,
    /// Army VP per Apache SP lost (§9.0).
    pub vp_apache_sp_lost: Num,
    /// Army VP per Apache SP forced to the Reservation (§9.0).
    pub vp_apache_sp_forced: Num,
    /// Army VP per Rumor revealed (§7.0, §9.0).
    pub vp_rumor: Num,
    /// Apache blocks in map-edge areas per Army VP (§9.0).
    pub edge_blocks_per_vp: Num,
    /// Army VP per SP gained by reinforcement (§7.0).
    pub vp_reinforcement: Num,
    /// Optional 11.1: an Apache Leader dies on d6 + value at most this.
    pub apache_death: Num,
    /// Optional 11.2: an Army Leader dies on d6 + value at most this.
    pub army_death: Num,
}

impl Tables {
    /// The cost table row of a boundary type.
    pub fn cost(&self, kind: &str) -> Option<&Cost> {
        self.costs.iter().find(|c| c.kind == kind)
    }
    /// The level a modified roll gives.
    pub fn level_of(&self, roll: i32) -> usize {
        let lowest = self.levels.iter().map(|l| l.lo).min().unwrap_or(0);
        let highest = self.levels.iter().map(|l| l.hi).max().unwrap_or(0);
        let r = roll.clamp(lowest, highest);
        self.levels
            .iter()
            .position(|l| l.lo <= r && r <= l.hi)
            .unwrap_or(0)
    }
}

/// Whose block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Nation {
    /// Apache (tan blocks).
    Apache,
    /// United States (blue blocks).
    Us,
    /// Mexico (red blocks).
    Mexico,
}

impl Nation {
    /// The seat that plays this nation: 0 Apache, 1 Army (US and Mexico, §3.0).
    pub fn side(self) -> u8 {
        u8::from(self != Nation::Apache)
    }
}

/// What a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BlockKind {
    /// Apache War Band.
    Band,
    /// Apache Rumor: no SP, removed when revealed.
    Rumor,
    /// Leader: no SP; a value.
    Leader,
    /// Army unit (cavalry or infantry).
    Unit,
    /// The US Scout (cancels a retreat before combat, §8.0).
    Scout,
    /// The US Settler (§8.0 "Settlers & Combat").
    Settler,
}

impl BlockKind {
    /// Blocks with strength that fight and take hits.
    pub fn fights(self) -> bool {
        !matches!(self, BlockKind::Rumor | BlockKind::Leader)
    }
}

/// One block of the counter mix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockDef {
    /// Unique key (`cochise`, `troop_a`).
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Nation (block colour).
    pub nation: Nation,
    /// Kind.
    pub kind: BlockKind,
    /// Pool it starts in.
    pub pool: Pool,
    /// Home Territory of a War Band or Rumor (§6.0 "Deployment").
    #[serde(default)]
    pub territory: Option<String>,
    /// Movement points (label, lower left).
    pub mp: u8,
    /// Leader value.
    #[serde(default)]
    pub value: u8,
    /// Most SP (0 for Leaders and Rumors).
    #[serde(default)]
    pub max_sp: u8,
    /// US Senior Leader (§7.0 "Command Conflict", "The National Border").
    #[serde(default)]
    pub senior: bool,
    /// Apache Leaders: first and last turn on the Turn track (§4.0).
    #[serde(default)]
    pub turns: Option<(u32, u32)>,
    /// Where the values come from.
    pub source: Source,
}

/// The optional rules (§11.0), chosen before play.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// 11.1 Apache Leader death.
    #[serde(default)]
    pub apache_leader_death: bool,
    /// 11.2 Army Leader death.
    #[serde(default)]
    pub army_leader_death: bool,
    /// 11.3 bidding / 11.4 handicapping: Victory Levels each side starts with.
    #[serde(default)]
    pub start_levels: [u32; 2],
    /// 11.5 longer game: 8 or 9 turns instead of 7.
    #[serde(default)]
    pub turns: Option<u32>,
    /// §7.0 Reinforcements read as one SP per eligible block (an earlier reading); off:
    /// as the seed says, one SP "for each Army block in that area".
    #[serde(default)]
    pub reinforce_one: bool,
}

/// A scenario file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// The game this file is for (`game: "<game id>"`), which the registry reads
    /// to choose the ruleset; optional in a file that is only ever read as this game.
    /// Read, never written, and cleared once read: a state never carries it.
    #[serde(default, skip_serializing)]
    pub game: Option<String>,
    /// Id within the game.
    pub id: String,
    /// Name.
    pub name: String,
    /// Historical background.
    pub background: String,
    /// Victory conditions in words.
    pub victory: String,
    /// Area map file, relative to the scenario file.
    pub map: String,
    /// Seat names: Apache first, then the Army player.
    pub sides: Vec<String>,
    /// Turns in the standard game (§2.0).
    pub turns: u32,
    /// The counter mix.
    pub blocks: Vec<BlockDef>,
    /// Optional rules in force.
    #[serde(default)]
    pub options: Options,
    /// Where a historical scenario begins, when not at turn 1 with every block in its
    /// pool (absent: the standard start, §5.0 "Set Up").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Start>,
}

/// A scenario's starting position: the turn, the Provocation and Incursion markers,
/// and optionally the first turn's forces already on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// The first turn played (§4.0 Turn track): the game begins with that turn; the
    /// turns before it are history and score nothing.
    pub turn: u32,
    /// The Provocation level the turn before ended at (§6.0): its "next turn" modifier
    /// applies to the first roll. Absent: no modifier, as on turn 1.
    #[serde(default)]
    pub provocation: Option<String>,
    /// The Mexican Incursion marker starts at Yes (§6.0).
    #[serde(default)]
    pub incursion: bool,
    /// The first turn's forces, set by the scenario instead of rolled, drawn and
    /// deployed: play begins with that turn's first Movement Impulse. Absent: the first
    /// turn begins with its Provocation roll.
    #[serde(default)]
    pub forces: Option<Forces>,
    /// Where the starting position comes from.
    pub source: Source,
}

/// The blocks on the map at the start of a scenario's first turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forces {
    /// The first turn's Provocation level (not rolled): a level with a line on the
    /// Provocation Chart, whose "next turn" modifier applies to the second turn's roll.
    pub level: String,
    /// The blocks, each in its area.
    pub placed: Vec<Placed>,
}

/// One block on the map at the start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// The block's key in `blocks`.
    pub block: String,
    /// The area it stands in; an area it could deploy to (§6.0 "Deployment").
    pub area: String,
    /// Its strength, 1 to its maximum (War Bands and US units; Mexican blocks are
    /// always at their maximum, §6.0). Absent: the Provocation Chart's average for its
    /// pool, or its maximum.
    #[serde(default)]
    pub sp: Option<u8>,
}
