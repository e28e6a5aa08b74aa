//! Data of *Battle of the Rosebud* (seed 003) as written in RON: the rules tables
//! (`rules/rosebud/tables.ron`: the Terrain Effects Chart, stacking and the other
//! constants), the counters (`rules/rosebud/counters.ron`), the map
//! (`scenarios/rosebud/maps/rosebud.ron`, the shared tile format of `core::maptile`,
//! numbered as printed from 1100 with the odd columns shoved) and the scenario
//! (`scenarios/rosebud/<id>.ron`: the set-up of section 18). Every value names its
//! source: a rule of the seed, or a reconstruction with its reasoning.

use crate::core::bands::{Band as DieBand, Drm};
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
pub struct Face {
    /// Combat Factor (3C).
    pub cf: u32,
    /// Movement Allowance (7).
    pub ma: u32,
}

/// A unit (`counters.ron` `units`): a combat unit, a Holder or a Pack Train.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// For a Pack Train Personnel counter, the Pack Train it belongs to (15B).
    #[serde(default)]
    pub train: Option<String>,
    /// Where the values come from.
    pub source: Source,
}

/// A Leader (`counters.ron` `leaders`, 12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The wounded (reverse) side, used after a Moderate wound (12D1: "Flip Leaders to
    /// their wounded (reverse) side ... the reduced ratings on the counter").
    pub wounded: LeaderFace,
    /// The Victory Points the enemy scores for this Leader (12D1, values reconstructed).
    pub vp: LeaderVp,
    /// A US Replacement Leader, off the map until he replaces a lost Leader (12D6).
    #[serde(default)]
    pub replacement: bool,
    /// Where the values come from.
    pub source: Source,
}

/// The counters (`rules/rosebud/counters.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
pub struct Valued {
    /// The value.
    pub value: u32,
    /// Where it comes from.
    pub source: Source,
}

/// A row of the Terrain Effects Chart for hexes (7B, 10D).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// Fire die-roll modifier when the target is in this terrain (9, reconstructed).
    pub fire: i32,
    /// Height the terrain adds to its level as an obstacle to line of sight (9,
    /// reconstructed: Light Woods 1).
    pub los: u8,
    /// Where the row comes from.
    pub source: Source,
}

/// A row of the Terrain Effects Chart for hexsides (7B, 10D).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
    /// The Fire Combat Results Table and procedure (9, reconstructed).
    pub fire: FireTable,
    /// The Morale Check Table (13A, 2d6).
    pub morale: DieTable<MoraleResult>,
    /// The Rally Table (13C, 1d6).
    pub rally: DieTable<YesNo>,
    /// The Lost/Abandoned Horses Table (16B, 1d6).
    pub lost_horses: DieTable<YesNo>,
    /// Ammunition depletion and the Pack Trains' ammunition (14, 15).
    pub ammo: Ammo,
    /// Retreat and rout distances (10I, 10J).
    pub rout: RoutRule,
    /// Victory points for losses (17, reconstructed).
    pub casualty_vp: CasualtyVp,
    /// The Melee Combat Results Table (10, reconstructed).
    pub melee: MeleeTable,
    /// The Retreat Before Melee Table (10H, 1d6).
    pub retreat_before_melee: DieTable<RbmResult>,
    /// Breastworks (16C).
    pub breastworks: Breastworks,
    /// The Leader Loss Check Table (12D1, 2d6, reconstructed).
    pub leader_loss: DieTable<LeaderLoss>,
    /// The Wound Severity Table (12D1, 1d6, reconstructed).
    pub wound_severity: DieTable<Severity>,
    /// The Ammo Roster of optional rule 14D Option #2 (the roster itself is lost).
    pub ammo_roster: AmmoRoster,
    /// Grass fires (4 (3), 9D1; how one starts is lost: an optional rule, reconstructed).
    pub grass_fire: GrassFire,
}

/// The optional rules chosen for a game (the game's options, `wargame options`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleOptions {
    /// `no_voluntary_rout`: 10J1 is not offered (no question after fire or melee, none
    /// in the Rally Phase, and no going on past where a rout ends), for quicker play.
    #[serde(default)]
    pub no_voluntary_rout: bool,
    /// `indian_resupply`: 14C's optional rule, one Indian unit of each melee in which a
    /// US unit took a Casualty Point re-supplies.
    #[serde(default)]
    pub indian_resupply: bool,
    /// `ammo=first_fire` or `ammo=roster`: 14D's Option #1 or #2 for the US.
    #[serde(default)]
    pub ammo: AmmoRule,
    /// `grass_fires`: grass fires start and burn (reconstructed).
    #[serde(default)]
    pub grass_fires: bool,
}

/// The ammunition rule the US player uses (14, 14D).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AmmoRule {
    /// 14A-14C.
    #[default]
    Basic,
    /// 14D Option #1: a US unit's first fire cannot deplete it.
    FirstFire,
    /// 14D Option #2: the Ammo Roster, boxes crossed as units fire.
    Roster,
}

/// The Ammo Roster (14D Option #2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmmoRoster {
    /// Boxes on the roster for each kind of unit that has them (Cavalry, Infantry,
    /// Miners, Scouts).
    pub boxes: Vec<(Kind, u32)>,
    /// Small arms (ammo points) a Pack Train holds (14D: 30).
    pub pack_train: u32,
    /// Small arms a manned Pack Train loses for each Casualty Point (14D, 15C: 5).
    pub per_cp: u32,
    /// Small arms that score 1 VP when the train is eliminated (15D: 10).
    pub vp_small_arms: u32,
    /// At the end a unit with this many boxes or fewer counts as Low Ammo (14D: 3).
    pub low_end: u32,
    /// Where the values come from.
    pub source: Source,
}

/// How grass fires start and burn (reconstructed but for the countdown and the rout).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrassFire {
    /// The natural 2d6 fire roll that may set the target's hex alight.
    pub natural: u32,
    /// The terrains that burn.
    pub terrain: Vec<String>,
    /// The highest 1d6 roll that starts the fire.
    pub start_max: u8,
    /// The grass fire number a new fire gets (4 (3): lowered by one each game turn).
    pub burn: u32,
    /// Where the values come from.
    pub source: Source,
}

/// Breastworks (16C).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Breastworks {
    /// A building unit's Pack Train is at most this many hexes away.
    pub range: u32,
    /// Breastworks one Pack Train's boxes and barrels make.
    pub per_train: u32,
    /// Breastworks markers in the counter mix (the most on the map at once).
    pub markers: u32,
    /// Where the values come from.
    pub source: Source,
}

/// A Leader counter's wounded side (12D1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderFace {
    /// Combat Rating (12C).
    pub rating: i32,
    /// Command Radius in hexes (12C).
    pub radius: u32,
}

/// The Victory Points the enemy scores for a Leader's loss (12D1: "Mortal, Severe, and
/// Moderate wounds award wounded VPs; killed VPs are awarded for Leaders that are killed
/// or die from their wounds").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderVp {
    /// Killed, or dead of wounds.
    pub killed: i32,
    /// A Mortal, Severe or Moderate wound.
    pub wounded: i32,
}

/// A result of the Leader Loss Check Table (12D1, 2d6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LeaderLoss {
    /// "Killed. The Leader is removed from play."
    Killed,
    /// "Wounded. Consult Wound Severity Chart."
    Wounded,
    /// No effect.
    NoEffect,
}

/// A result of the Wound Severity Table (12D1, 1d6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Severity {
    /// Death at a later turn unless evacuated and rallied.
    Mortal,
    /// As Mortal, without the roll for death.
    Severe,
    /// The counter flips to its wounded side.
    Moderate,
    /// No effect.
    Light,
}

/// A result of the Retreat Before Melee Table (10H1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RbmResult {
    /// "Yes": Dismounted units retreat 1 hex, Mounted units 1 or 2.
    Yes,
    /// "No": the unit or stack stays.
    No,
    /// "No*": it stays and is Disrupted.
    NoDisrupted,
}

/// The Melee Combat Results Table (10A, reconstructed): two lines of odds, one grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeTable {
    /// The odds of each column when the US player attacks, `(attacker, defender)`.
    pub us_line: Vec<(u32, u32)>,
    /// The odds of each column when the Indian player attacks.
    pub indian_line: Vec<(u32, u32)>,
    /// The modified die of the first row, which reads "or less"; the last row reads
    /// "or more".
    pub first_die: i32,
    /// One string per row, one `ATTACKER/DEFENDER` cell per column (`c1r2/-`): cN
    /// Casualty Points, r1 or r2 a retreat, Rt a rout, `-` nothing.
    pub rows: Vec<String>,
    /// The die-roll modifiers.
    pub drm: Vec<Drm>,
    /// The strength factors.
    pub factors: Vec<Factor>,
    /// Where the table comes from.
    pub source: Source,
}

/// One side's part of a melee result (10C).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleePart {
    /// Casualty Points (10C1).
    pub cp: u32,
    /// Hexes to retreat (10C2).
    pub retreat: u32,
    /// Rout (10C3).
    pub rout: bool,
}

impl MeleePart {
    /// Read one side's part: `-`, or a run of `cN`, `r1`, `r2`, `Rt`.
    pub fn parse(s: &str) -> Option<MeleePart> {
        let mut p = MeleePart::default();
        if s == "-" {
            return Some(p);
        }
        let mut rest = s;
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix("Rt") {
                p.rout = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix('c') {
                let n = r.chars().next()?.to_digit(10)?;
                p.cp = n;
                rest = &r[1..];
            } else if let Some(r) = rest.strip_prefix('r') {
                let n = r.chars().next()?.to_digit(10)?;
                p.retreat = n;
                rest = &r[1..];
            } else {
                return None;
            }
        }
        Some(p)
    }
}

impl std::fmt::Display for MeleePart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == MeleePart::default() {
            return f.write_str("-");
        }
        if self.cp > 0 {
            write!(f, "c{}", self.cp)?;
        }
        if self.retreat > 0 {
            write!(f, "r{}", self.retreat)?;
        }
        if self.rout {
            f.write_str("Rt")?;
        }
        Ok(())
    }
}

/// Read a melee cell `ATTACKER/DEFENDER`.
pub fn melee_cell(s: &str) -> Option<(MeleePart, MeleePart)> {
    let (a, d) = s.split_once('/')?;
    Some((MeleePart::parse(a)?, MeleePart::parse(d)?))
}

/// A die table: the number of dice, the bands of the modified roll and the named
/// modifiers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieTable<R> {
    /// Six-sided dice rolled and added (1 or 2).
    pub dice: u8,
    /// The bands of the modified roll.
    pub bands: Vec<DieBand<R>>,
    /// The modifiers.
    pub drm: Vec<Drm>,
    /// Where the table comes from.
    pub source: Source,
}

/// A result of the Morale Check Table (9D1, 13A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MoraleResult {
    /// No effect.
    Pass,
    /// The unit is Disrupted.
    Disrupted,
    /// r1/Disrupt: retreat 1 hex, Disrupted.
    R1,
    /// r2/Disrupt: retreat 2 hexes, Disrupted.
    R2,
    /// Pinned (9D1.d).
    Pinned,
    /// Routed (10J).
    Routed,
}

/// A Yes/No table result (13C Rally, 16B Lost Horses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum YesNo {
    /// Yes.
    Yes,
    /// No.
    No,
}

/// A strength factor of fire (9: halvings that multiply, fractions kept, 3L).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Factor {
    /// The key the engine asks for (`"pinned"`).
    pub key: String,
    /// The multiplier.
    pub factor: f64,
    /// When it applies.
    pub when: String,
    /// Where it comes from.
    pub source: Source,
}

/// How far a kind of unit fires (9, reconstructed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireRange {
    /// The kinds of unit.
    pub kinds: Vec<Kind>,
    /// The longest range in hexes.
    pub max_range: u32,
    /// The strength factor beyond 1 hex.
    pub long_factor: f64,
    /// Where it comes from.
    pub source: Source,
}

/// The Fire Combat Results Table (9, reconstructed): columns by firing strength, rows
/// by the modified 2d6 total.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireTable {
    /// The lowest strength of each column, ascending (the first is 0: "<1").
    pub columns: Vec<f64>,
    /// The modified total of the first row, which reads "or less"; the last row reads
    /// "or more".
    pub first_total: i32,
    /// One string per row, one cell per column: `-`, `MC`, `MC-1`, `1CP`, `2CP`.
    pub rows: Vec<String>,
    /// The die-roll modifiers.
    pub drm: Vec<Drm>,
    /// The strength factors.
    pub factors: Vec<Factor>,
    /// The ranges.
    pub ranges: Vec<FireRange>,
    /// The natural total that calls a Leader Loss Check in the target's hex (9E).
    pub leader_check_total: u32,
    /// Where the table comes from.
    pub source: Source,
}

/// A cell of the Fire Combat Results Table (9D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FireResult {
    /// `-`: no effect.
    NoEffect,
    /// `MC` (0) or `MC-1` (-1): a Morale Check with this modifier.
    Mc(i32),
    /// `1CP`, `2CP`: Casualty Points, then a Morale Check (9D2).
    Cp(u32),
}

impl FireResult {
    /// Read a cell.
    pub fn parse(s: &str) -> Option<FireResult> {
        Some(match s {
            "-" => FireResult::NoEffect,
            "MC" => FireResult::Mc(0),
            "MC-1" => FireResult::Mc(-1),
            "1CP" => FireResult::Cp(1),
            "2CP" => FireResult::Cp(2),
            _ => return None,
        })
    }
}

impl std::fmt::Display for FireResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FireResult::NoEffect => f.write_str("-"),
            FireResult::Mc(0) => f.write_str("MC"),
            FireResult::Mc(d) => write!(f, "MC{d}"),
            FireResult::Cp(n) => write!(f, "{n} CP"),
        }
    }
}

/// Ammunition (14, 15).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ammo {
    /// The natural fire total that calls the ammunition check (14A: 5).
    pub check_total: u32,
    /// The highest re-roll that depletes the unit (14A: 1-3).
    pub depleted_max: u8,
    /// Ammunition points in a full Pack Train (15: 6).
    pub pack_train: u32,
    /// Where it comes from.
    pub source: Source,
}

/// Retreat and rout distances (10I, 10J).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoutRule {
    /// Mandatory Rout, Dismounted (10J2: 2 hexes).
    pub mandatory: u32,
    /// Mandatory Rout, Mounted (10J2: 3 hexes).
    pub mandatory_mounted: u32,
    /// Subsequent Rout a Movement Phase, Dismounted (10J2: 4 hexes).
    pub subsequent: u32,
    /// Subsequent Rout, Mounted (10J2: 8 hexes).
    pub subsequent_mounted: u32,
    /// An Indian rout ends this far from every US unit (10J2b: 3).
    pub indian_safe: u32,
    /// A US rout ends with no Indian combat unit this near (10J2a: 15).
    pub us_watch: u32,
    /// Where it comes from.
    pub source: Source,
}

/// Victory points for losses (17; the chart is lost).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CasualtyVp {
    /// To the Indian player per Casualty Point on a US unit.
    pub us_cp: i32,
    /// To the US player per Casualty Point on an Indian unit.
    pub indian_cp: i32,
    /// To the Indian player per US unit eliminated (10I7: also when it cannot retreat).
    pub us_eliminated: i32,
    /// To the US player per Indian unit eliminated.
    pub indian_eliminated: i32,
    /// Taken from the US player per US or Scout unit with Low Ammo at the end (14B).
    pub low_ammo_end: i32,
    /// To the Indian player per "Yes" on the Lost Horses Table (16B).
    pub lost_horses: i32,
    /// To the Indian player per Pack Train eliminated (15D), on top of its Casualty
    /// Points.
    pub pack_train: i32,
    /// To the Indian player per ammunition point the Pack Train held when eliminated
    /// (15D).
    pub pack_train_ammo: i32,
    /// To the Indian player when the Column HQ is eliminated (12E), on top of its
    /// Casualty Points.
    pub hq: i32,
    /// Where it comes from.
    pub source: Source,
}

/// One band of the Victory Levels Chart: from this ratio up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The lowest ratio of the higher total to the lower that reaches the band.
    pub from_ratio: f64,
    /// Its name (`"Marginal Victory"`); the lowest band is a draw.
    pub level: String,
}

/// The Victory Levels Chart (17): the ratio of the higher VP total to the lower.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryLevels {
    /// The bands, highest first; the last is the Draw band.
    pub bands: Vec<Band>,
    /// Where it comes from.
    pub source: Source,
}

/// A unit's mode (3A, 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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

/// A post some units must hold until released (16D, the Eagle's Nest).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Post {
    /// The map mark of the post's hex (`"eagles_nest"`).
    pub mark: String,
    /// The units and Leaders bound to it.
    pub pieces: Vec<String>,
    /// They must stay within this many hexes of it.
    pub radius: u32,
    /// Released the instant this many warrior units are within `radius` of a bound
    /// unit.
    pub warriors: u32,
    /// Released from this game turn on.
    pub until_turn: u32,
    /// Where the rule comes from.
    pub source: Source,
}

/// The search for the Indian village (16E).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Village {
    /// The Cavalry units needed, not Disrupted, Pinned or Routed.
    pub units: u32,
    /// Within this many hexes of the north edge.
    pub edge: u32,
    /// US VPs for declaring the search, whatever the roll.
    pub declare_vp: i32,
    /// The 1d6 roll that lets the units leave to find the village.
    pub nearby_roll: u8,
    /// US VPs when the end-of-game roll is `trail_roll`.
    pub trail_vp: i32,
    /// The end-of-game roll that finds the trail.
    pub trail_roll: u8,
    /// The end-of-game roll that is an ambush (1d6 US casualties).
    pub ambush_roll: u8,
    /// Where the rule comes from.
    pub source: Source,
}

/// A scenario (`scenarios/rosebud/<id>.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The Eagle's Nest (16D), if the scenario binds units to a post.
    #[serde(default)]
    pub post: Option<Post>,
    /// The village search (16E), if the scenario allows it.
    #[serde(default)]
    pub village: Option<Village>,
    /// Notes for the scenario screen (reconstructions, readings).
    #[serde(default)]
    pub notes: Vec<String>,
}
