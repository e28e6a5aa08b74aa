//! The strategic game's state: the turn and phase of B2.2's sequence, every strategic
//! counter (active, waiting on the reinforcement track, removed), its hex, supply, the
//! Indian Fast-movement cycle (B4.3) and the restrictions combats leave (C7.2), the
//! campaign's losses for D2.0 and C4.3.4, and the dice. Serializable; the static data
//! (tables, counters, campaign, map) is shared behind an `Arc`.

use super::data::{CampaignDef, Counters, Rank, Tables, UnitDef};
use crate::core::dice::Dice;
use crate::core::hexmap::{Coord, HexMap};
use crate::games::nez_perce_tactical::data::Side;
use crate::games::nez_perce_tactical::rules::aftermath::{LodgeLoss, Restriction};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What every state of one campaign shares.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Static {
    /// The rules tables.
    pub tables: Tables,
    /// The strategic counters.
    pub counters: Counters,
    /// The campaign set-up.
    pub campaign: CampaignDef,
    /// The strategic map.
    pub map: HexMap,
    /// The optional Sitting Bull rule (B8.0) is in play.
    pub sitting_bull: bool,
    /// The tactical game's tables, counters and maps, to build each combat.
    pub tactical: crate::games::nez_perce_tactical::setup::TacticalData,
    /// The computer player's distance fields, computed on first use (not saved).
    #[serde(skip)]
    pub fields: super::ai::Fields,
}

impl Static {
    /// The terrain-chart row of a hex (the first row if the map names an unknown one;
    /// loading checks that it does not).
    pub fn terrain(&self, c: Coord) -> &super::data::TerrainRow {
        let name = self.map.terrain_name(c).unwrap_or_default();
        self.tables
            .terrain
            .iter()
            .find(|t| t.key == name)
            .unwrap_or(&self.tables.terrain[0])
    }
    /// Whether a hex carries a mark.
    pub fn is(&self, c: Coord, mark: &str) -> bool {
        self.map.has_mark(c, mark)
    }
    /// The town or fort in a hex (`"fort:lapwai"`), if any.
    pub fn town(&self, c: Coord) -> Option<&str> {
        self.map.marks.get(&c).and_then(|v| {
            v.iter()
                .find(|m| m.starts_with("town:") || m.starts_with("fort:"))
                .map(String::as_str)
        })
    }
}

/// A map mark's place name in words: `fort:walla_walla` → `Fort Walla Walla`,
/// `town:virginia_city` → `Virginia City`, `place:Lolo Pass` → `Lolo Pass`.
pub fn place_label(mark: &str) -> String {
    let (kind, id) = mark.split_once(':').unwrap_or(("", mark));
    if kind == "place" {
        return id.to_string();
    }
    let name = id
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ");
    if kind == "fort" {
        format!("Fort {name}")
    } else {
        name
    }
}

/// The phases of a strategic turn (B2.2). Indian supply (A) and Army supply (D) are
/// determined as the phases before them end; reinforcements come at the start of the
/// turn (seed_notes 000-5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// B: Indian Movement.
    IndianMove,
    /// C: Indian Combat Declaration.
    IndianDeclare,
    /// D: Army Supply, when a town or fort holds more Captains, Majors and Colonels
    /// than it supplies and the Army player chooses which go without (B3.0).
    ArmySupply,
    /// E: Army Movement (after D, Army supply).
    ArmyMove,
    /// F: Army Search.
    ArmySearch,
    /// The campaign is over.
    Over,
}

/// Where a strategic counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Where {
    /// On the map.
    Map(Coord),
    /// Face down on its activation hex until its turn (B6.0, B7.0).
    Inactive(Coord),
    /// Off the map for good (removed by the track, B6.0; the Village at nine Lodges lost,
    /// C4.3.4; or every tactical counter lost).
    Gone,
    /// Not in play (Sitting Bull without the optional rule, or before turn 30).
    Out,
}

/// One strategic counter in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Index into the counters.
    pub def: usize,
    /// Where it is.
    pub at: Where,
    /// In supply this turn (B3.0).
    pub supplied: bool,
    /// Moving Fast this movement phase (B4.3).
    pub fast: bool,
    /// Movement points left this phase.
    pub mp_left: u32,
    /// It has begun moving this phase.
    pub moved: bool,
    /// It may move no further this phase (a failed crossing, a town entered).
    pub halted: bool,
    /// The last turn an Indian unit moved Fast (B4.3).
    pub last_fast: Option<u32>,
    /// C7.2's restrictions and the strategic turn each applies to.
    pub restrictions: Vec<(u32, Restriction)>,
    /// It has searched this turn (seed_notes 000-5.7: once a turn).
    pub searched: bool,
    /// Its tactical counters killed or surrendered in earlier combats.
    pub lost: Vec<String>,
}

/// The D2.0 losses so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Losses {
    /// Brave units killed.
    pub braves_killed: i32,
    /// Brave units surrendered.
    pub braves_surrendered: i32,
    /// Lodges killed.
    pub lodges_killed: i32,
    /// Lodges surrendered.
    pub lodges_surrendered: i32,
}

impl Losses {
    /// Lodges lost in all (C4.3.4).
    pub fn lodges(&self) -> u32 {
        (self.lodges_killed + self.lodges_surrendered).max(0) as u32
    }
}

/// The whole strategic state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Shared data.
    pub stat: Arc<Static>,
    /// The strategic turn, 1-29 (30 with Sitting Bull).
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
    /// Every strategic counter, in the order of the counters file.
    pub units: Vec<Unit>,
    /// The dice.
    pub dice: Dice,
    /// Rolls and draws made (for undo barriers).
    pub reveals: u64,
    /// Losses so far.
    pub losses: Losses,
    /// The Army has made a contact by search at some time (B5.3.1).
    pub army_contacted: bool,
    /// An Indian unit outside Idaho and its border has been contacted by the Army since
    /// the bands left Idaho (B5.3.2).
    pub contacted_outside: bool,
    /// An Indian unit has left Idaho and its border hexes (B5.3.2).
    #[serde(default)]
    pub left_idaho: bool,
    /// Hexes where the Indian player has declared combat this turn: one combat per
    /// declaration (C1.0), so a hex is declared at most once a turn (B5.1).
    #[serde(default)]
    pub declared: Vec<Coord>,
    /// A declaration being made (B5.1): the hex and the Indian units that join it so
    /// far. It starts with every unit that may take part; the player leaves some out,
    /// then commits.
    #[serde(default)]
    pub declaring: Option<(Coord, Vec<String>)>,
    /// Whether the turn-25 position was reached (B4.4.5): `None` until turn 25 ends.
    pub position_reached: Option<bool>,
    /// Contacts waiting to be fought as tactical combats, the next first, each with the
    /// dice seed drawn for it from the campaign's dice.
    pub combats: Vec<(super::play::Combat, u64)>,
    /// Who fights the next combat for each seat (Army, Indian); chosen before it starts.
    pub fighters: [Option<super::play::Fighter>; 2],
}

impl State {
    /// A unit's counter.
    pub fn def(&self, u: usize) -> &UnitDef {
        &self.stat.counters.units[self.units[u].def]
    }
    /// A unit's side.
    pub fn side(&self, u: usize) -> Side {
        self.def(u).side
    }
    /// A unit's hex, if on the map.
    pub fn hex(&self, u: usize) -> Option<Coord> {
        match self.units[u].at {
            Where::Map(c) => Some(c),
            _ => None,
        }
    }
    /// The unit with an id.
    pub fn find(&self, id: &str) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.def(u).id == id)
    }
    /// Units of a side on the map in a hex.
    pub fn at(&self, c: Coord, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&u| self.hex(u) == Some(c) && self.side(u) == side)
    }
    /// Units of a side on the map.
    pub fn on_map(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&u| self.hex(u).is_some() && self.side(u) == side)
    }
    /// C4.3.4's level for the Lodges lost so far.
    pub fn lodge_loss(&self) -> LodgeLoss {
        LodgeLoss::of(self.losses.lodges())
    }
    /// A unit's rank.
    pub fn rank(&self, u: usize) -> Rank {
        self.def(u).rank
    }
    /// Strategic units' names, from their ids, joined by commas.
    pub fn names(&self, ids: &[String]) -> String {
        ids.iter()
            .map(|id| {
                self.find(id)
                    .map_or(id.clone(), |u| self.def(u).name.clone())
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The Army side of a combat in words: its units, and the defenders of the town or
    /// fort it is fought in (C2.7).
    pub fn army_names(&self, c: &super::play::Combat) -> String {
        let army = self.names(&c.army);
        match &c.town {
            None => army,
            Some(t) if army.is_empty() => format!("the defenders of {}", place_label(t)),
            Some(t) => format!("{army} and the defenders of {}", place_label(t)),
        }
    }
    /// Whether a C7.2 restriction holds for a unit this turn.
    pub fn restricted(&self, u: usize, r: Restriction) -> bool {
        self.units[u].restrictions.contains(&(self.turn, r))
    }
}

/// A new campaign: the active units on their hexes, the rest face down on theirs, the
/// dice seeded (B7.0). The first turn then begins.
pub fn new_state(stat: Arc<Static>, seed: u64) -> State {
    let units = (0..stat.counters.units.len())
        .map(|def| {
            let id = &stat.counters.units[def].id;
            let hex = |h: &str| h.parse::<Coord>().ok();
            let at = if let Some(c) = stat
                .campaign
                .start
                .iter()
                .find(|(u, _)| u == id)
                .and_then(|(_, h)| hex(h))
            {
                Where::Map(c)
            } else if let Some(c) = stat
                .campaign
                .track
                .iter()
                .find(|t| &t.unit == id)
                .and_then(|t| hex(&t.hex))
            {
                Where::Inactive(c)
            } else {
                Where::Out
            };
            Unit {
                def,
                at,
                supplied: false,
                fast: false,
                mp_left: 0,
                moved: false,
                halted: false,
                last_fast: None,
                restrictions: vec![],
                searched: false,
                lost: vec![],
            }
        })
        .collect();
    State {
        stat,
        turn: 1,
        phase: Phase::IndianMove,
        units,
        dice: Dice::new(seed),
        reveals: 0,
        losses: Losses::default(),
        army_contacted: false,
        contacted_outside: false,
        left_idaho: false,
        position_reached: None,
        combats: vec![],
        fighters: [None, None],
        declared: vec![],
        declaring: None,
    }
}
