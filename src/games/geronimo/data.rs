//! The serde formats of *Geronimo!*'s data files: the Area values, the 28 Tribal cards
//! with their Villages and Chiefs, the 24 Commanders, the Mine counters, the 49 Shaman
//! cards, the Turn Track and the tables (Battle, odds, Foreign Government, Agency
//! Corruption, Smallpox, Resources), and the scenario files. Every value carries its
//! [`Source`]: a rule of the seed, or a reconstruction with its reasoning.

use crate::core::data::Source;
use serde::{Deserialize, Serialize};

/// One Area's printed values (2.11, 2.12), keyed by the map's area id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaDef {
    /// The map's area id (`ca`).
    pub id: String,
    /// Survival Points printed under the name (2.12, 6.6).
    pub survival: i32,
    /// Statehood number printed under the name (2.12, 10.2).
    pub statehood: i32,
    /// A Mountain Area, west of the green line (2.11); else a Plains Area.
    pub mountain: bool,
    /// A Buffalo icon (2.11, 9.2G).
    pub buffalo: bool,
    /// Where the values come from.
    pub source: Source,
}

/// The Areas file, `rules/geronimo/areas.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreasFile {
    /// One entry per map Area (not Mexico, Canada or the Gray Area).
    pub areas: Vec<AreaDef>,
}

/// A Chief marker (6.5): ratings left to right Combat, Evasion, Aggression (6.52) and
/// the Turns it is available (6.51).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChiefDef {
    /// Id used in notation (`crazy_horse`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Combat rating.
    pub combat: i32,
    /// Evasion rating.
    pub evasion: i32,
    /// Aggression rating.
    pub aggression: i32,
    /// The Turns (1-8) in which the Chief is available.
    pub turns: Vec<u8>,
    /// The Village he lives in (one of his Tribe's Village ids).
    pub village: String,
    /// Where the values come from.
    pub source: Source,
}

/// Where a Village starts the Basic game (3.46).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BasicStart {
    /// In its initial Area.
    Map,
    /// On Reservation (3.46's first list).
    Reservation,
}

/// One Village of a Tribe, with its own column of ratings (2.21 B-I).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VillageDef {
    /// Id used in notation (`santee`, `teton1`).
    pub id: String,
    /// Display name (`Santee Sioux`).
    pub name: String,
    /// Initial Area (2.21 C), a map area id.
    pub area: String,
    /// Printed size in BP (2.21 D), the Campaign start.
    pub bp: i32,
    /// Size in the Basic game, the "Finished" side of the marker (3.46).
    pub basic_bp: i32,
    /// Where it starts the Basic game.
    pub basic_start: BasicStart,
    /// Battle DRM (2.21 E).
    pub battle: i32,
    /// Evasion rating (2.21 G).
    pub evasion: i32,
    /// Guerilla capability, the "G" (2.21 F).
    pub guerrilla: bool,
    /// Aggression rating (2.21 H).
    pub aggression: i32,
    /// Survival rating (2.21 I).
    pub survival: i32,
    /// Where the values come from.
    pub source: Source,
}

/// One Tribal card (2.21).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TribeDef {
    /// Id used in notation (`sioux`).
    pub id: String,
    /// Display name (`Sioux`).
    pub name: String,
    /// Its Villages (2.21 B): three for the Sioux, two for the Apache and Cheyenne.
    pub villages: Vec<VillageDef>,
    /// Its Chiefs (2.21 K).
    #[serde(default)]
    pub chiefs: Vec<ChiefDef>,
    /// Tribes listed as Friends (2.21 J), by tribe id.
    #[serde(default)]
    pub friends: Vec<String>,
    /// Tribes listed as Enemies (2.21 J), by tribe id.
    #[serde(default)]
    pub enemies: Vec<String>,
    /// A Raider (6.41); its raid rating.
    #[serde(default)]
    pub raid: Option<i32>,
    /// May raid into Mexico (6.43).
    #[serde(default)]
    pub mexico_raids: bool,
    /// Supplies Scouts (9.2Y).
    #[serde(default)]
    pub scouts: bool,
    /// Battle DRM of its Poison Arrows (7.31), 0 if none.
    #[serde(default)]
    pub poison_arrows: i32,
    /// Where the values come from.
    pub source: Source,
}

/// The Tribal deck, `rules/geronimo/tribes.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TribesFile {
    /// The 28 Tribes.
    pub tribes: Vec<TribeDef>,
}

/// A Commander (5.42).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderDef {
    /// Id used in notation (`crook`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Combat rating.
    pub combat: i32,
    /// Pursuit rating.
    pub pursuit: i32,
    /// The "G" of his Pursuit rating (5.42).
    #[serde(default)]
    pub guerrilla: bool,
    /// Aggression rating.
    pub aggression: i32,
    /// Where the values come from.
    pub source: Source,
}

/// A Mine counter (2.3, 5.23).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MineDef {
    /// Id used in notation (`comstock1`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// The Area printed on the marker.
    pub area: String,
    /// Resource Points.
    pub value: i32,
    /// A Lode: never removed (2.3).
    #[serde(default)]
    pub lode: bool,
    /// Where the values come from.
    pub source: Source,
}

/// The Commanders and Mines, `rules/geronimo/counters.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountersFile {
    /// The 24 Commanders.
    pub commanders: Vec<CommanderDef>,
    /// The Mine counters.
    pub mines: Vec<MineDef>,
    /// Buffalo Skull markers in the counter mix (9.2G: 16).
    pub skulls: u8,
    /// Mission markers (2.3: three).
    pub missions: u8,
}

/// What a Shaman card does, by the rule of 9.2 that describes it. The engine keys its
/// effect on this; the text is for players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CardKind {
    /// 9.2A American Civil War.
    CivilWar,
    /// 9.2B Any Tribe May Raid.
    AnyTribeRaid,
    /// 9.2C Atrocity and Reprisal.
    Atrocity,
    /// 9.2D Bad Blood.
    BadBlood,
    /// 9.2E Bad Weather.
    BadWeather,
    /// 9.2F Blood Lust.
    BloodLust,
    /// 9.2G Buffalo Hunters.
    BuffaloHunters,
    /// 9.2H Agency Corruption.
    AgencyCorruption,
    /// 9.2I Federales.
    Federales,
    /// 9.2J Gatling Guns.
    Gatling,
    /// 9.2K Ghost Towns.
    GhostTowns,
    /// 9.2L Good Weather.
    GoodWeather,
    /// 9.2M Massive Winter Storm.
    WinterStorm,
    /// 9.2N Missionaries.
    Missionaries,
    /// 9.2O Mormons.
    Mormons,
    /// 9.2P Parole.
    Parole,
    /// 9.2Q Peace Chief.
    PeaceChief,
    /// 9.2R Peace Policy.
    PeacePolicy,
    /// 9.2S Public Outrage.
    PublicOutrage,
    /// 9.2T Raid.
    Raid,
    /// 9.2U Railroad Skimming Scandal.
    RailroadScandal,
    /// 9.2V Rampage.
    Rampage,
    /// 9.2W Reform Movement.
    Reform,
    /// 9.2X Reservation Unrest.
    ReservationUnrest,
    /// 9.2Y Scouts.
    Scouts,
    /// 9.2Z Shaman Medicine.
    ShamanMedicine,
    /// 9.2AA Smallpox.
    Smallpox,
    /// 9.2BB Springfield Rifle.
    Springfield,
    /// 9.2CC The Telegraph.
    Telegraph,
    /// 9.2DD Territorial Problems.
    TerritorialProblems,
    /// 9.2EE Texas Rangers.
    TexasRangers,
    /// 9.2FF Tribal Alliances.
    TribalAlliance,
    /// 9.2GG Tribal Unrest.
    TribalUnrest,
    /// 9.2HH Winter Campaigning.
    WinterCampaigning,
}

/// One kind of Shaman card (9.2) and how many copies the deck has.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Id of the kind; the copies are `<id>1`, `<id>2`... (`raid1`).
    pub id: String,
    /// What it does.
    pub kind: CardKind,
    /// Title as printed.
    pub name: String,
    /// Copies in the deck (the bracketed number of 9.2).
    pub count: u8,
    /// Its rule (`9.2T`).
    pub rule: String,
    /// Its effect, in the project's words, for the hand panel.
    pub text: String,
    /// Removed from the deck in the Basic game (3.42).
    #[serde(default)]
    pub not_in_basic: bool,
    /// Removed from the game once played with effect (4.71).
    #[serde(default)]
    pub once: bool,
}

/// The Shaman deck, `rules/geronimo/cards.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    /// The 34 kinds, 49 cards.
    pub cards: Vec<CardDef>,
}

/// A row of a die-roll table: the result for rolls `lo..=hi`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row<T> {
    /// Lowest roll (or modified total) of the row.
    pub lo: i32,
    /// Highest.
    pub hi: i32,
    /// The result.
    pub result: T,
}

/// A Battle Table result (7.32): the BP the opponent loses, or ALL, and the Massacre
/// number M# against a Village (7.62), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleResult {
    /// BP lost by the opponent; `None` is "ALL" (7.41).
    pub loss: Option<i32>,
    /// The M# of a possible Massacre against a Village.
    #[serde(default)]
    pub massacre: Option<i32>,
}

/// One line of the odds DRM list (7.31): `us:them` and its DRM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddsRow {
    /// The acting side's part of the ratio.
    pub num: i32,
    /// The other side's part.
    pub den: i32,
    /// The DRM.
    pub drm: i32,
}

/// What the Foreign Government table does (6.25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Foreign {
    /// No change.
    Stay,
    /// Driven out into an adjacent Area, BP halved.
    DrivenOut,
    /// The Village is destroyed.
    Destroyed,
}

/// What the Resource table gives (5.23, 5.24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResourceRoll {
    /// Nothing.
    Nothing,
    /// A Mine with a Settlement.
    Mine,
    /// A Railroad marker.
    Railroad,
}

/// One Turn Track box.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnDef {
    /// The Turn, 1-8.
    pub turn: u8,
    /// Commanders drawn; `None`: the formula of 5.46.
    pub commanders: Option<u8>,
    /// New Artillery markers (4.24, 5.51).
    pub artillery: u8,
    /// Where the values come from.
    pub source: Source,
}

/// The rules tables, `rules/geronimo/tables.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The Battle Table by modified roll (7.3), from the lowest to the highest row.
    pub battle: Vec<Row<BattleResult>>,
    /// Where the Battle Table comes from.
    pub battle_source: Source,
    /// The odds DRMs (7.31), from the worst odds to the best.
    pub odds: Vec<OddsRow>,
    /// Where the odds list comes from.
    pub odds_source: Source,
    /// The cap on the sum of Battle DRMs (7.31: 8).
    pub drm_cap: i32,
    /// The Foreign Government table (6.25).
    pub foreign: Vec<Row<Foreign>>,
    /// The Agency Corruption table (9.2H): VP lost.
    pub corruption: Vec<Row<i32>>,
    /// The Smallpox table (9.2AA): BP lost (the Village is Finished in every row).
    pub smallpox: Vec<Row<i32>>,
    /// The Resource table (5.23, 5.24).
    pub resources: Vec<Row<ResourceRoll>>,
    /// Where the Resource table comes from.
    pub resources_source: Source,
    /// VP for a new State by the number of Indian players, 1-4 (10.11).
    pub statehood_vp: Vec<i32>,
    /// Tribal cards per Indian player by the number of Indian players, 1-4 (3.5B).
    pub tribal_cards: Vec<u8>,
    /// Shaman cards per player by the number of players, 2-5 (3.5D).
    pub shaman_cards: Vec<u8>,
    /// The Turn Track.
    pub turns: Vec<TurnDef>,
    /// BP dice before the ACW and after it (4.23).
    pub bp_dice: [u8; 2],
}

/// How a Scenario places Resources in one Area.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceSetup {
    /// The Area.
    pub area: String,
    /// Towns.
    #[serde(default)]
    pub towns: u8,
    /// Settlements.
    #[serde(default)]
    pub settlements: u8,
    /// Mines placed, by counter id.
    #[serde(default)]
    pub mines: Vec<String>,
    /// RR markers.
    #[serde(default)]
    pub rr: u8,
}

/// Which game a scenario is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Version {
    /// The Basic game (3.4): Turns 4-7.
    Basic,
    /// The Campaign game (11.1): Turns 1-8.
    Campaign,
}

/// A scenario file, `scenarios/geronimo/<id>.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Always `geronimo`.
    pub game: String,
    /// Scenario id.
    pub id: String,
    /// Title.
    pub name: String,
    /// A paragraph for the scenario screen.
    pub background: String,
    /// Basic or Campaign.
    pub version: Version,
    /// First Turn.
    pub first_turn: u8,
    /// Last Turn.
    pub last_turn: u8,
    /// Areas that are States at the start (2.1, 3.43).
    pub states: Vec<String>,
    /// Resources at the start (3.44, 11.11).
    pub resources: Vec<ResourceSetup>,
    /// Mines drawn at random and placed without Settlements (3.44: two).
    #[serde(default)]
    pub random_mines: u8,
    /// US BP at the start, before the first Turn's new BP (3.45: 30; 11.11: 35).
    pub us_bp: i32,
    /// Field guns at the start (3.45: two; 11.11: one).
    pub us_artillery: u8,
    /// Columns formed at the start (11.11: three); `None` for "in Column format" without
    /// a count (3.45), read as one Column per full 10 BP.
    #[serde(default)]
    pub us_columns: Option<u8>,
    /// Roll for Buffalo Skulls at the start (3.47).
    #[serde(default)]
    pub buffalo_roll: bool,
    /// No RR before this Turn (11.12: Turn 3); the first two go in these Areas.
    #[serde(default)]
    pub rr_from_turn: u8,
    /// The Areas of the first RR markers (11.12: Kansas and California).
    #[serde(default)]
    pub first_rr: Vec<String>,
    /// The Telegraph is in effect from the start (3.42).
    #[serde(default)]
    pub telegraph: bool,
    /// The ACW has happened (the Basic game: six BP dice, 3.45).
    #[serde(default)]
    pub acw_done: bool,
}
