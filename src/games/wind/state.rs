//! The state of a game of *Once We Moved Like the Wind*: every block with its area,
//! strength and what the other player knows of it, the turn, phase and pending decision,
//! the Victory Point and Victory Level tracks, and the dice.

use super::data::{BlockKind, Nation, Pool, ScenarioDef, Tables};
use crate::core::areamap::AreaMap;
use crate::core::dice::Dice;
use crate::core::game::Outcome;
use crate::core::sym::Sym;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Index of a block in `State::blocks`.
pub type Bid = usize;

/// Data shared by every state of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Static {
    /// Rules tables.
    pub tables: Tables,
    /// The scenario.
    pub scenario: ScenarioDef,
    /// The area map.
    pub map: AreaMap,
    /// For each area, its neighbours with the index of the boundary type's row in
    /// `tables.costs` (built once at load; see [`Static::new`]).
    pub adj: Vec<Vec<(usize, usize)>>,
    /// For each area, one bit per name in [`FLAGS`] that it has as a property.
    pub flags: Vec<u16>,
    /// Army movement costs between every pair of areas, built the first time they are
    /// asked for (see [`Static::army_distance`]); never saved.
    #[serde(skip)]
    pub army_paths: ArmyPaths,
    /// Each area's id as a [`Sym`], for the actions that name areas; built the first
    /// time it is asked for (see [`Static::id_sym`]); never saved.
    #[serde(skip)]
    pub area_ids: AreaIds,
}

/// Which National Border an Army stack must respect (§7.0 "The National Border").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Border {
    /// Mexican blocks may not enter an area entirely in US Territories.
    Mexican,
    /// US blocks without a Senior Leader may not enter an area entirely in Mexican
    /// Territories.
    Us,
    /// A US stack with a Senior Leader crosses freely.
    Free,
}

/// The cheapest Army MP cost from every area to every other, one table per [`Border`],
/// `u8::MAX` where unreachable. It depends on the map and the cost table alone, so one
/// game builds it once; the AI's evaluation asks for it thousands of times a decision.
pub type ArmyPaths = Cached<[Vec<u8>; 3]>;

/// The area ids as symbols, built once (see [`Static::id_sym`]).
pub type AreaIds = Cached<Vec<Sym>>;

/// A value worked out from the rest of [`Static`] the first time it is asked for. A
/// cache: two are always equal, a copy starts empty, and it is never saved.
pub struct Cached<T>(std::sync::OnceLock<T>);

impl<T> Default for Cached<T> {
    fn default() -> Self {
        Cached(std::sync::OnceLock::new())
    }
}

impl<T> Clone for Cached<T> {
    fn clone(&self) -> Self {
        Cached::default()
    }
}

impl<T> PartialEq for Cached<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> fmt::Debug for Cached<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Cached")
    }
}

/// Bit of [`FLAGS`] for the Water symbol.
pub const WATER: u16 = 1;
/// Bit for a Town.
pub const TOWN: u16 = 1 << 1;
/// Bit for a Fort.
pub const FORT: u16 = 1 << 2;
/// Bit for an area (partly) in US Territories.
pub const US: u16 = 1 << 3;
/// Bit for an area (partly) in Mexican Territories.
pub const MEXICO: u16 = 1 << 4;
/// Bit for a Reservation area.
pub const RESERVATION: u16 = 1 << 5;
/// Bit for a map-edge area.
pub const EDGE: u16 = 1 << 6;
/// Bit for the ocean.
pub const OCEAN: u16 = 1 << 7;

/// Area properties the rules test often, kept as bits for speed.
pub const FLAGS: [&str; 13] = [
    "water",
    "town",
    "fort",
    "us",
    "mexico",
    "reservation",
    "edge",
    "ocean",
    "arizona",
    "new_mexico",
    "texas",
    "sonora",
    "chihuahua",
];

impl Static {
    /// Whether area `a` has a property.
    pub fn has(&self, a: usize, prop: &str) -> bool {
        match FLAGS.iter().position(|f| *f == prop) {
            Some(i) => self.flags.get(a).is_some_and(|m| m & (1 << i) != 0),
            None => self.map.areas[a].props.contains(prop),
        }
    }
    /// Whether area `a` has a property bit (`WATER`, `TOWN`...).
    pub fn is(&self, a: usize, bit: u16) -> bool {
        self.flags.get(a).is_some_and(|m| m & bit != 0)
    }
    /// Area index by id.
    pub fn area(&self, id: &str) -> Option<usize> {
        self.map.index(id)
    }
    /// Area id.
    pub fn id(&self, a: usize) -> &str {
        &self.map.areas[a].id
    }
    /// Area id as a symbol, for actions (interned once per area, not per action).
    pub fn id_sym(&self, a: usize) -> Sym {
        self.area_ids
            .0
            .get_or_init(|| self.map.areas.iter().map(|x| Sym::new(&x.id)).collect())
            .get(a)
            .copied()
            .unwrap_or_else(Sym::empty)
    }
    /// Build the shared data; boundary types without a cost row are left out of the
    /// adjacency (loading refuses such maps first).
    pub fn new(tables: Tables, scenario: ScenarioDef, map: AreaMap) -> Self {
        let adj = (0..map.areas.len())
            .map(|a| {
                map.neighbors(&map.areas[a].id)
                    .filter_map(|(b, k)| {
                        let i = map.index(b)?;
                        let c = tables.costs.iter().position(|c| c.kind == k)?;
                        Some((i, c))
                    })
                    .collect()
            })
            .collect();
        let flags = map
            .areas
            .iter()
            .map(|a| {
                FLAGS
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| a.props.contains(**f))
                    .fold(0u16, |m, (i, _)| m | (1 << i))
            })
            .collect();
        Static {
            tables,
            scenario,
            map,
            adj,
            flags,
            army_paths: ArmyPaths::default(),
            area_ids: AreaIds::default(),
        }
    }
    /// The cheapest Army MP cost of moving from area `from` to area `to` under `border`
    /// (§7.0: boundary costs, the National Border), or `u8::MAX` if it cannot get there.
    pub fn army_distance(&self, border: Border, from: usize, to: usize) -> u8 {
        let tables = self.army_paths.0.get_or_init(|| {
            [Border::Mexican, Border::Us, Border::Free].map(|b| self.army_table(b))
        });
        let n = self.map.areas.len();
        if from >= n || to >= n {
            return u8::MAX;
        }
        tables[border as usize][from * n + to]
    }
    /// Every pair's cheapest Army cost under `border`: Dijkstra from each area.
    fn army_table(&self, border: Border) -> Vec<u8> {
        use std::cmp::Reverse;
        let n = self.map.areas.len();
        let mut out = vec![u8::MAX; n * n];
        for from in 0..n {
            let dist = &mut out[from * n..(from + 1) * n];
            dist[from] = 0;
            let mut heap = std::collections::BinaryHeap::from([Reverse((0u8, from))]);
            while let Some(Reverse((d0, a))) = heap.pop() {
                if d0 > dist[a] {
                    continue; // a stale entry
                }
                for &(to, k) in self.neighbors(a) {
                    let d = d0.saturating_add(self.tables.costs[k].army);
                    if d >= dist[to] {
                        continue;
                    }
                    let barred = match border {
                        Border::Mexican => self.all_us(to),
                        Border::Us => self.all_mexican(to),
                        Border::Free => false,
                    };
                    if barred {
                        continue;
                    }
                    dist[to] = d;
                    heap.push(Reverse((d, to)));
                }
            }
        }
        out
    }
    /// Neighbouring areas with the index of the boundary type's cost row.
    pub fn neighbors(&self, a: usize) -> &[(usize, usize)] {
        self.adj.get(a).map_or(&[], Vec::as_slice)
    }
    /// Whether an area lies entirely in US Territories (§7.0 "The National Border").
    pub fn all_us(&self, a: usize) -> bool {
        self.is(a, US) && !self.is(a, MEXICO)
    }
    /// Whether an area lies entirely in Mexican Territories.
    pub fn all_mexican(&self, a: usize) -> bool {
        self.is(a, MEXICO) && !self.is(a, US)
    }
    /// Whether an area has at least one Mountain boundary (§8.0 ambush bonus).
    pub fn mountainous(&self, a: usize) -> bool {
        self.neighbors(a)
            .iter()
            .any(|&(_, k)| self.tables.costs[k].kind == "mountain")
    }
}

/// Where a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// In its pool (or, for Apache Leaders, on the Turn track), face down.
    Pool,
    /// Drawn this turn, waiting to be deployed.
    Drawn,
    /// On the map.
    Map(usize),
    /// Off the map for the rest of the turn: revealed Rumor, eliminated, forced to the
    /// Reservation, captured (all go back to their pools at turn end, §10.0).
    Out,
    /// Out of the game (expired or killed Leaders, §10.0, §11.1-11.2).
    Gone,
}

/// One block.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Block {
    /// Key in the counter mix (`cochise`); hidden from the other seat until revealed.
    pub key: Sym,
    /// Printed name; hidden likewise.
    pub name: Sym,
    /// Handle in the notation this turn (`A7`, `U3`, `M1`): assigned at random when the
    /// forces are picked, so it says nothing of what the block is.
    pub handle: Sym,
    /// Nation (its colour is public).
    pub nation: Nation,
    /// Kind.
    pub kind: BlockKind,
    /// Pool it returns to.
    pub pool: Pool,
    /// Home Territory (bands and Rumors).
    pub territory: Option<Sym>,
    /// MP allowance per impulse.
    pub mp: u8,
    /// MP left in the current movement segment.
    pub mp_left: u8,
    /// Leader value.
    pub value: u8,
    /// US Senior Leader.
    pub senior: bool,
    /// Most SP.
    pub max_sp: u8,
    /// Current SP.
    pub sp: u8,
    /// Where it is.
    pub status: Status,
    /// Face up for both players (revealed by the rules this turn).
    pub revealed: bool,
}

impl Block {
    /// The seat that owns it.
    pub fn side(&self) -> u8 {
        self.nation.side()
    }
    /// Its area, if on the map.
    pub fn area(&self) -> Option<usize> {
        match self.status {
            Status::Map(a) => Some(a),
            _ => None,
        }
    }
}

/// The phase of the turn (§5.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A.III: a side deploys the forces it drew.
    Deploy,
    /// B/C: a side's movement segment of an impulse.
    Move,
    /// D: the Combat Phase.
    Combat,
    /// The game is over.
    Over,
}

/// A decision owed inside the Combat Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// Nothing: the Army player picks the next area (or the phase acts itself).
    None,
    /// The Apache player may reveal a Leader to retreat before combat (§8.0).
    Retreat,
    /// The Army player may reveal the Scout to cancel the retreat led by a Leader.
    Scout {
        /// The revealed Apache Leader.
        leader: Bid,
    },
    /// A side assigns its Leaders to firing blocks, then fires (§8.0 "Leaders in
    /// Ambush & Regular Combat").
    Lead {
        /// The side.
        side: u8,
    },
    /// Hits to take where several blocks tie for strongest; `chooser` picks.
    Loss {
        /// The side taking the hits.
        victim: u8,
        /// The side choosing among the tied blocks.
        chooser: u8,
    },
    /// The ambusher, now weaker, may retreat to an adjacent area (§8.0).
    Withdraw,
}

/// The fight in the area being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// The area.
    pub area: usize,
    /// The side that ambushes, if any.
    pub ambusher: Option<u8>,
    /// Regular combat under way.
    pub regular: bool,
    /// Leader -> block assignments for the current fire.
    pub leads: Vec<(Bid, Bid)>,
    /// Hits still to be taken by each side.
    pub hits: [u32; 2],
    /// Block currently absorbing hits for each side (strongest first, §8.0).
    pub taking: [Option<Bid>; 2],
}

/// The whole state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Shared data.
    pub stat: Arc<Static>,
    /// Every block of the counter mix.
    pub blocks: Vec<Block>,
    /// Game turn, from 1.
    pub turn: u32,
    /// Last turn of this game (7, or 8-9 under 11.5).
    pub last_turn: u32,
    /// Phase.
    pub phase: Phase,
    /// Side acting in Deploy and Move.
    pub side: u8,
    /// Movement impulse, 1 or 2.
    pub impulse: u8,
    /// Pending combat decision.
    pub pending: Pending,
    /// The fight under way.
    pub fight: Option<Fight>,
    /// Areas whose combat is done this turn.
    pub resolved: Vec<usize>,
    /// This turn's Provocation level (index into the level table).
    pub level: Option<usize>,
    /// The Incursion marker: Yes when an Apache block crossed into an all-Mexican area
    /// last turn (§7.0).
    pub incursion: bool,
    /// An incursion happened this turn.
    pub incursion_now: bool,
    /// Victory Points this turn per seat (§9.0).
    pub vp: [i32; 2],
    /// Victory Levels per seat.
    pub levels: [i32; 2],
    /// Count of reveals and die rolls; undo never crosses a rise.
    pub reveals: u64,
    /// Dice.
    pub dice: Dice,
    /// Result, once over.
    pub result: Option<Outcome>,
    /// Log lines produced while the initial state was built (turn 1's Provocation roll
    /// and forces), which a session's log starts with (`Rules::opening_log`).
    #[serde(default)]
    pub intro: Vec<crate::core::game::LogEntry>,
}

impl State {
    /// A block by handle.
    pub fn find(&self, handle: &str) -> Option<Bid> {
        self.blocks.iter().position(|b| {
            &*b.handle == handle && matches!(b.status, Status::Map(_) | Status::Drawn)
        })
    }
    /// Blocks on the map in an area.
    pub fn in_area(&self, a: usize) -> impl Iterator<Item = Bid> + '_ {
        (0..self.blocks.len()).filter(move |&i| self.blocks[i].status == Status::Map(a))
    }
    /// Blocks of a side on the map in an area.
    pub fn side_in(&self, a: usize, side: u8) -> Vec<Bid> {
        self.in_area(a)
            .filter(|&i| self.blocks[i].side() == side)
            .collect()
    }
    /// Total SP of a side's fighting blocks in an area.
    pub fn sp_in(&self, a: usize, side: u8) -> u32 {
        self.side_in(a, side)
            .iter()
            .map(|&i| u32::from(self.blocks[i].sp))
            .sum()
    }
}
