//! The state of a Harvest the Wind game: pieces, turn and phase, the pending decision,
//! per-phase bookkeeping and the dice. Static data (map, tables, scenario) is shared
//! behind an `Arc` so that cloning a state for undo or search is cheap.

use super::action::Id;
use super::data::{ScenarioDef, Tables};
use crate::core::dice::Dice;
use crate::core::hexmap::{Coord, HexMap};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A side index (0 moves first).
pub type Side = u8;
/// A piece index into [`State::pieces`].
pub type Pid = u16;

/// Terrain of a hex, resolved from the TEC at load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terrain {
    /// Open (white).
    Open,
    /// Woods (green).
    Woods,
    /// River (blue).
    River,
    /// Tall Grass (yellow).
    TallGrass,
}

/// Static data shared by every state of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Static {
    /// The scenario.
    pub scenario: ScenarioDef,
    /// Rules tables.
    pub tables: Tables,
    /// The board (map tiles joined).
    pub map: HexMap,
    /// Terrain per map terrain index.
    pub terrain: Vec<Terrain>,
    /// TEC row index per map terrain index.
    pub tec_row: Vec<usize>,
    /// FCT row index per weapon letter, as (letter, row).
    pub weapon_rows: Vec<(String, usize)>,
    /// The scenario's named zones, resolved to hexes on first use (not saved: it is
    /// derived from the scenario and the map).
    #[serde(skip)]
    pub zone_cache: ZoneCache,
}

/// Named zones resolved to hexes, filled once per loaded game. Two caches always compare
/// equal: what they hold follows from the rest of [`Static`].
#[derive(Clone, Default)]
pub struct ZoneCache(pub std::sync::OnceLock<std::collections::BTreeMap<String, Vec<Coord>>>);

impl PartialEq for ZoneCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for ZoneCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ZoneCache")
    }
}

impl Static {
    /// Terrain of a hex (Open off the map).
    pub fn terrain(&self, c: Coord) -> Terrain {
        self.map
            .terrain_index(c)
            .map_or(Terrain::Open, |i| self.terrain[usize::from(i)])
    }
    /// The TEC row of a hex.
    pub fn tec(&self, c: Coord) -> Option<&super::data::TecRow> {
        self.map
            .terrain_index(c)
            .map(|i| &self.tables.tec[self.tec_row[usize::from(i)]])
    }
    /// The FCT row for a weapon letter.
    pub fn weapon_row(&self, letter: &str) -> Option<usize> {
        self.weapon_rows
            .iter()
            .find(|(l, _)| l == letter)
            .map(|(_, r)| *r)
    }
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// Combat unit.
    Unit,
    /// Leader.
    Leader,
    /// Artillery crew.
    Crew,
    /// Gatling gun / howitzer.
    Artillery,
    /// Horses.
    Horses,
    /// Wagon.
    Wagon,
    /// Lodge.
    Lodge,
    /// Indian Dependents.
    Dependent,
    /// Medicine.
    Medicine,
    /// A Hidden counter on its own.
    Hidden,
    /// A Weapons counter.
    Weapon,
    /// Blaze marker.
    Blaze,
    /// Dust marker.
    Dust,
}

impl Kind {
    /// Counts against the one-unit stacking limit (III.E.1).
    pub fn is_unit(self) -> bool {
        matches!(self, Kind::Unit | Kind::Crew)
    }
    /// Letter used in piece ids.
    pub fn id_letter(self) -> &'static str {
        match self {
            Kind::Unit | Kind::Crew => "",
            Kind::Leader => "L",
            Kind::Artillery => "A",
            Kind::Horses => "H",
            Kind::Wagon => "W",
            Kind::Lodge => "G",
            Kind::Dependent => "D",
            Kind::Medicine => "M",
            Kind::Hidden => "X",
            Kind::Weapon => "w",
            Kind::Blaze => "B",
            Kind::Dust => "U",
        }
    }
}

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    /// On the map.
    Map(Coord),
    /// Carried by another piece (weapons, Medicine).
    Carried(Pid),
    /// Off the map, waiting to enter from a zone from a turn on.
    Offboard {
        /// Entry zone name.
        zone: crate::core::sym::Sym,
        /// First turn it may enter.
        turn: u32,
    },
    /// In a reinforcement pool.
    Pool,
    /// Eliminated.
    Eliminated,
    /// Removed from play (weapons, Medicine, markers).
    Removed,
    /// Held off the map by its owner, still in play and free to come back: Medicine
    /// taken off the map at the end of the Indian Rally phase (VII.D.2).
    Held,
}

/// Artillery ammunition (II.E.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ammo {
    /// Canister.
    Canister,
    /// Shell.
    Shell,
}

/// The ammunition types a Howitzer has lost to a natural 1 (II.E.4), in the order lost.
/// Plain data, so that a piece (and a state, for the AI's search) copies as memory; it
/// reads and writes as the list it stands for (`[Canister]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<Ammo>", into = "Vec<Ammo>")]
pub struct LostAmmo([Option<Ammo>; 2]);

impl LostAmmo {
    /// Whether `a` is lost.
    pub fn contains(&self, a: &Ammo) -> bool {
        self.0.contains(&Some(*a))
    }
    /// How many types are lost.
    pub fn len(&self) -> usize {
        self.0.iter().flatten().count()
    }
    /// Whether none is lost.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Mark `a` lost (a type already lost stays listed once).
    pub fn push(&mut self, a: Ammo) {
        if self.contains(&a) {
            return;
        }
        if let Some(slot) = self.0.iter_mut().find(|x| x.is_none()) {
            *slot = Some(a);
        }
    }
}

impl From<Vec<Ammo>> for LostAmmo {
    fn from(v: Vec<Ammo>) -> Self {
        let mut l = LostAmmo::default();
        for a in v {
            l.push(a);
        }
        l
    }
}

impl From<LostAmmo> for Vec<Ammo> {
    fn from(l: LostAmmo) -> Self {
        l.0.iter().flatten().copied().collect()
    }
}

/// One counter.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Piece {
    /// Id used in notation (`a3`, `iL1`, `aw2`); shared, so copying a state for the
    /// AI's search does not copy the text.
    pub id: Id,
    /// What it is.
    pub kind: Kind,
    /// Owning side.
    pub side: Side,
    /// Where it is.
    pub loc: Loc,
    /// Printed label.
    pub label: Id,
    /// Melee factor (units) or leadership rating (leaders).
    pub melee: u8,
    /// Morale (units) or leadership range (leaders).
    pub morale: u8,
    /// Movement allowance.
    pub ma: u8,
    /// Fire Combat Effectiveness.
    pub fire: Option<u8>,
    /// Militia.
    pub militia: bool,
    /// Pinned (units).
    pub pinned: bool,
    /// Leader on its reverse side; weapon Low Ammo side up.
    pub flipped: bool,
    /// Under a Hidden counter (or concealed under a Lodge).
    pub hidden: bool,
    /// The Horses counter it rides.
    pub mounted_on: Option<Pid>,
    /// Weapon letter (weapons).
    pub letter: Id,
    /// FCT row (weapons).
    pub row: usize,
    /// Ammunition types lost to a natural 1 (howitzer).
    pub lost_ammo: LostAmmo,
}

impl Piece {
    /// The hex it stands on.
    pub fn hex(&self) -> Option<Coord> {
        match self.loc {
            Loc::Map(c) => Some(c),
            _ => None,
        }
    }
    /// Whether it is on the map.
    pub fn on_map(&self) -> bool {
        matches!(self.loc, Loc::Map(_))
    }
}

/// Turn phases (I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Players place their units (scenario set-up).
    Setup,
    /// I.1.
    OffensiveFire,
    /// I.2.
    Movement,
    /// I.3.
    Melee,
    /// I.4.
    Rally,
    /// The game is over.
    Over,
}

impl Phase {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::OffensiveFire => "offensive_fire",
            Phase::Movement => "movement",
            Phase::Melee => "melee",
            Phase::Rally => "rally",
            Phase::Over => "over",
        }
    }
}

/// Why a unit is being moved away after a hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flight {
    /// A mounted unit hit by fire (II.B.3).
    Mounted,
    /// A routed unit (II.B.4).
    Rout,
}

/// A decision owed before play goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// Nothing pending.
    None,
    /// The non-phasing side may fire at a unit that just entered a hex (IV).
    Reaction {
        /// The moving unit.
        mover: Pid,
        /// The hex it entered.
        hex: Coord,
    },
    /// The owner must move a hit mounted unit or a routed unit (II.B.3-4).
    Flee {
        /// The unit.
        unit: Pid,
        /// Why.
        why: Flight,
        /// Distance to the nearest enemy when it started.
        start_dist: u32,
        /// Hexes already moved in this flight (it moves one hex at a time so that the
        /// enemy may fire at it in each hex, IV.C.2).
        #[serde(default)]
        moved: u8,
    },
    /// Medicine left in a hex may pass to an Indian unit within 2 hexes (VII.D.1).
    Medicine {
        /// The Medicine counter.
        medicine: Pid,
    },
    /// IX.D: the Indian player picks the types of the reinforcements rolled for.
    Recruit {
        /// Units still to pick.
        left: u8,
    },
    /// III.G.5: loose Horses moving at random came into or next to a hex with a unit;
    /// its owner may stop them and take control.
    Capture {
        /// The Horses counter.
        horse: Pid,
        /// The side that decides.
        side: Side,
    },
    /// IX.E: all Dust markers are out and a unit was pinned near the river; the owner
    /// may move one marker to this hex.
    Dust {
        /// The hex of the newly pinned unit.
        hex: Coord,
        /// The side that decides.
        side: Side,
    },
}

/// Per-unit movement record for the current Movement phase (III.A).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRec {
    /// The unit.
    pub unit: Pid,
    /// Movement points spent dismounted.
    pub mp: u8,
    /// Hexes moved (for Hidden units, III.F.5).
    pub hexes: u8,
    /// Moved mounted.
    pub mounted_moved: bool,
    /// Mounted or dismounted this phase.
    pub changed: bool,
    /// Finished for this phase.
    pub done: bool,
    /// Started the phase stacked with an enemy unit (III.D.4).
    pub started_with_enemy: bool,
    /// Entered a hex with an enemy (its move ends, III.D.1).
    pub stopped: bool,
    /// Held by thirsty horses in a river hex (III.G.8).
    pub thirsty: bool,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Shared static data.
    pub stat: Arc<Static>,
    /// All counters.
    pub pieces: Vec<Piece>,
    /// Game turn, from 1.
    pub turn: u32,
    /// The side whose player turn it is.
    pub phasing: Side,
    /// The phase.
    pub phase: Phase,
    /// A decision owed.
    pub pending: Pending,
    /// The unit now moving, if any.
    pub active: Option<Pid>,
    /// Decisions waiting behind `pending`, first first.
    pub queue: Vec<Pending>,
    /// Log lines produced while resolving automatically, flushed with the next action.
    pub pending_log: Vec<crate::core::game::LogEntry>,
    /// Movement records this phase.
    pub moves: Vec<MoveRec>,
    /// Units that have fired this phase (offensive) or used Opportunity Fire this enemy
    /// Movement phase.
    pub fired: BTreeSet<Pid>,
    /// (firer, target) pairs of Defensive Fire this phase (IV.B.3).
    pub defensive_pairs: BTreeSet<(Pid, Pid)>,
    /// The mover has been the target of Opportunity / Defensive Fire in its current hex.
    pub hex_fired: (bool, bool),
    /// The mover and hex that `hex_fired` is about: mounting or dismounting in place
    /// keeps the unit in the same hex, so it opens no new Opportunity or Defensive Fire
    /// against it (IV.A.3, IV.B.4). Left out of the text when unset, so that saves
    /// written before the field existed replay to the same state text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex_fired_at: Option<(Pid, Coord)>,
    /// Units that melee'd or razed this phase (VIII.B).
    pub meleed: BTreeSet<Pid>,
    /// Units that attempted to rally this phase.
    pub rallied: BTreeSet<Pid>,
    /// Hits taken while fleeing (IV.C.2).
    pub fleeing: BTreeSet<Pid>,
    /// Blaze markers set this game and the turn each was set (units there must leave).
    pub blazes: Vec<(Coord, u32, Side)>,
    /// Dust markers placed, in order.
    pub dust: Vec<Coord>,
    /// Wood Lake: the marching side still marches (IX.A).
    pub marching: bool,
    /// Victory points per side.
    pub points: Vec<i32>,
    /// Eliminated counters per side by kind (for awards).
    pub eliminated: Vec<(Side, Kind, bool)>,
    /// Count of reveals (dice rolled, hidden stacks exposed); undo stops at a change.
    pub reveals: u64,
    /// Dice.
    pub dice: Dice,
    /// Why the game ended.
    pub result: Option<crate::core::game::Outcome>,
    /// Loose Horses still to move at random at the end of this Movement phase (III.G.1).
    #[serde(default)]
    pub loose: Vec<Pid>,
    /// The random move of loose Horses under way (III.G.2-5).
    #[serde(default)]
    pub walk: Option<HorseWalk>,
    /// A world the computer player sampled to search in: nobody reads its log, so the
    /// text of moves is not written (a third of the time of a step in the search went
    /// to it). Never set in a game being played, and never saved. Test
    /// `a_quiet_search_world_plays_exactly_as_a_logged_game`.
    #[serde(skip)]
    pub quiet: bool,
}

/// Loose Horses moving at random (III.G.2-5), kept in the state because the move stops
/// for the owners of nearby units to decide whether to take control of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HorseWalk {
    /// The Horses counter.
    pub horse: Pid,
    /// Where the move started.
    pub start: Coord,
    /// The direction die (III.G.2).
    pub dir_roll: u8,
    /// The distance die (III.G.3).
    pub dist: u8,
    /// Hexes still to move.
    pub left: u8,
    /// Stopped to drink in a River hex (III.G.8): the move ends after the decision.
    pub drinking: bool,
    /// Sides still to be asked, in order, in the current hex (III.G.5).
    pub deciders: Vec<Side>,
}

impl State {
    /// The piece with an id.
    pub fn find(&self, id: &str) -> Option<Pid> {
        // Ids are interned (`Sym`): an id taken from an action is the very text of the
        // piece's own, so a test of addresses finds it without comparing texts (the
        // search asks this thousands of times a decision). Text from elsewhere is
        // compared.
        self.pieces
            .iter()
            .position(|p| std::ptr::eq(p.id.as_str(), id))
            .or_else(|| self.pieces.iter().position(|p| &*p.id == id))
            .map(|i| i as Pid)
    }
    /// A piece by index.
    pub fn p(&self, id: Pid) -> &Piece {
        &self.pieces[usize::from(id)]
    }
    /// A piece by index, mutable.
    pub fn pm(&mut self, id: Pid) -> &mut Piece {
        &mut self.pieces[usize::from(id)]
    }
    /// Indices of on-map pieces in a hex.
    pub fn at(&self, c: Coord) -> impl Iterator<Item = Pid> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter(move |(_, p)| matches!(p.loc, Loc::Map(h) if h == c))
            .map(|(i, _)| i as Pid)
    }
    /// The combat unit (unit or crew) of a side in a hex.
    pub fn unit_at(&self, c: Coord, side: Side) -> Option<Pid> {
        self.at(c)
            .find(|&i| self.p(i).side == side && self.p(i).kind.is_unit())
    }
    /// Whether a hex holds a counter of a kind (any side).
    pub fn has_kind(&self, c: Coord, kind: Kind) -> bool {
        self.at(c).any(|i| self.p(i).kind == kind)
    }
    /// The opponent of a side.
    pub fn other(&self, side: Side) -> Side {
        1 - side
    }
    /// Weapons a piece carries.
    pub fn carried(&self, holder: Pid) -> impl Iterator<Item = Pid> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.loc == Loc::Carried(holder))
            .map(|(i, _)| i as Pid)
    }
    /// The move record of a unit this phase.
    pub fn rec(&self, unit: Pid) -> Option<&MoveRec> {
        self.moves.iter().find(|m| m.unit == unit)
    }
    /// The move record of a unit, created on first use.
    pub fn rec_mut(&mut self, unit: Pid) -> &mut MoveRec {
        if let Some(i) = self.moves.iter().position(|m| m.unit == unit) {
            &mut self.moves[i]
        } else {
            self.moves.push(MoveRec {
                unit,
                ..Default::default()
            });
            self.moves.last_mut().expect("just pushed")
        }
    }
    /// Enemy combat units (or lone enemy leaders) of `side` on the map.
    pub fn enemy_units(&self, side: Side) -> impl Iterator<Item = Pid> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter(move |(_, p)| {
                p.side != side && p.on_map() && (p.kind.is_unit() || p.kind == Kind::Leader)
            })
            .map(|(i, _)| i as Pid)
    }
    /// Distance from a hex to the nearest enemy unit of `side` (u32::MAX if none).
    pub fn nearest_enemy(&self, side: Side, c: Coord) -> u32 {
        self.enemy_units(side)
            .filter_map(|e| self.p(e).hex())
            .map(|h| h.distance(c))
            .min()
            .unwrap_or(u32::MAX)
    }
    /// Whether the game uses a special rule matching the predicate.
    pub fn special(&self, f: impl Fn(&super::data::Special) -> bool) -> bool {
        self.stat.scenario.special.iter().any(f)
    }
}

/// The hexes with at least one piece on them, noted once so that a search over many
/// hexes (entry hexes, a flight's reach, a line of sight) skips the empty ones without
/// looking at every piece for each. One bit per map hex; a hex off the map, or a map too
/// large for the bits, counts as occupied, so the caller then looks at the pieces.
pub struct Occupied {
    bits: [u64; OCCUPIED_WORDS],
    /// The map fits the bits.
    fits: bool,
}

/// Words of [`Occupied`]: room for maps of up to 4,096 hexes.
const OCCUPIED_WORDS: usize = 64;

impl Occupied {
    /// The occupied hexes of `s` now.
    pub fn of(s: &State) -> Occupied {
        Self::of_pieces(s, |_| true)
    }
    /// The hexes of `s` where a piece that `keep` accepts stands now.
    pub fn of_pieces(s: &State, keep: impl Fn(&Piece) -> bool) -> Occupied {
        let map = &s.stat.map;
        let mut o = Occupied {
            bits: [0; OCCUPIED_WORDS],
            fits: usize::from(map.cols) * usize::from(map.rows) <= OCCUPIED_WORDS * 64,
        };
        if o.fits {
            for c in s.pieces.iter().filter(|p| keep(p)).filter_map(Piece::hex) {
                match map.index(c) {
                    Some(i) => o.bits[i / 64] |= 1 << (i % 64),
                    // A piece off the map's grid: be safe and look at the pieces.
                    None => o.fits = false,
                }
            }
        }
        o
    }
    /// Whether a piece may stand in `c` (certainly none when this says no).
    pub fn has(&self, c: Coord, s: &State) -> bool {
        if !self.fits {
            return true;
        }
        match s.stat.map.index(c) {
            Some(i) => self.bits[i / 64] & (1 << (i % 64)) != 0,
            None => true,
        }
    }
}
