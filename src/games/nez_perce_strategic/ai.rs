//! The computer player's knowledge of the strategic campaign. Nothing is hidden at the
//! strategic level, so a sampled world is the position with fresh dice (the default).
//! The evaluation projects the D2.0 margin: the Army's points so far, against the
//! points each Indian unit would score if it keeps going (in Canada, or likely to get
//! there in the turns left and through the turns on the way), less the danger of the Army units that can reach it. The
//! distances come from [`Fields`]: movement-point costs over the map (terrain, towns,
//! an expected delay at a major river), computed once a campaign and shared by every
//! sampled world.

use super::campaign::NezPerceStrategic;
use super::data::Rank;
use super::rules;
use super::state::State;
use crate::core::ai::{Knowledge, result_value, squash};
use crate::core::campaign::Nested;
use crate::core::game::{Rules, Seat};
use crate::core::hexmap::Coord;
use crate::core::session::GameId;
use crate::games::nez_perce_tactical::data::Side;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::{Arc, OnceLock};

impl GameId for Nested<NezPerceStrategic> {
    const ID: &'static str = super::setup::GAME;
}

/// Movement points a major river is worth to a path planner: the crossing's own cost
/// plus the turns a failed roll loses (B4.4.2: a failed roll ends the move; the odds are
/// one or two in six), as an average.
const RIVER_DELAY: u32 = 8;
/// The chance a band travels one more turn without the Army bringing it to battle, as
/// the evaluation reckons it: it makes the way to Canada worth shortening even while
/// the turns left are plenty.
const SAFE_TURN: f64 = 0.95;
/// How many turns behind schedule halve and then quarter the chance of arriving in
/// time: a wide spread keeps a pull toward Canada while the bands are behind it.
const LATE_SPREAD: f64 = 4.0;
/// The margin (D2.0 points) that moves the evaluation most of the way from even.
const MARGIN_SCALE: f64 = 60.0;
/// Points of the margin for each brave unit (Lodges twice) that an Army unit one turn
/// away puts at risk.
const DANGER: f64 = 0.5;
/// "Unreachable".
const FAR: u32 = u32::MAX / 4;

/// Distance fields over the strategic map for the computer player.
#[derive(Debug)]
pub struct Distances {
    cols: usize,
    rows: usize,
    /// Cost from each hex to the nearest Canada hex.
    canada: Vec<u32>,
    /// Cost from each hex to Canada by way of the B4.4.5 position (south of the
    /// Yellowstone, east of the column).
    via_box: Vec<u32>,
    /// Cost between every pair of hexes for the Army (Canada closed), `n * n`.
    army: Vec<u16>,
}

impl Distances {
    fn index(&self, c: Coord) -> Option<usize> {
        let (col, row) = (usize::from(c.col), usize::from(c.row));
        (col >= 1 && row >= 1 && col <= self.cols && row <= self.rows)
            .then(|| (col - 1) * self.rows + (row - 1))
    }
    fn n(&self) -> usize {
        self.cols * self.rows
    }
    /// The Indian's cost from a hex to Canada, through the B4.4.5 position unless it
    /// has been reached.
    fn to_goal(&self, c: Coord, reached: bool) -> u32 {
        self.index(c).map_or(FAR, |i| {
            if reached {
                self.canada[i]
            } else {
                self.via_box[i]
            }
        })
    }
    /// The Army's cost from one hex to another.
    fn army(&self, a: Coord, b: Coord) -> u32 {
        match (self.index(a), self.index(b)) {
            (Some(i), Some(j)) => u32::from(self.army[i * self.n() + j]),
            _ => FAR,
        }
    }
}

/// The lazily computed [`Distances`] of one campaign (not saved; equal whatever they
/// hold, since they follow from the map and tables).
#[derive(Clone, Debug, Default)]
pub struct Fields(OnceLock<Arc<Distances>>);

impl PartialEq for Fields {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The map as a graph: each hex's entry cost (B4.1; towns and forts at their own cost)
/// and its neighbours with the extra cost of the side between (a major river that is
/// not the free crossing: the crossing's cost and [`RIVER_DELAY`]).
struct Graph {
    enter: Vec<u32>,
    next: Vec<Vec<(usize, u32)>>,
    canada: Vec<bool>,
}

impl Graph {
    fn of(s: &State, d: &Distances) -> Self {
        let map = &s.stat.map;
        let n = d.n();
        let mut g = Graph {
            enter: vec![FAR; n],
            next: vec![vec![]; n],
            canada: vec![false; n],
        };
        let river = s.stat.tables.river.crossing_mp + RIVER_DELAY;
        for c in map.coords() {
            let Some(i) = d.index(c) else { continue };
            g.enter[i] = if s.stat.town(c).is_some() {
                s.stat.tables.town_mp.value.max(1) as u32
            } else {
                s.stat.terrain(c).mp.max(1)
            };
            g.canada[i] = s.stat.is(c, "canada");
            for nb in map.neighbors(c) {
                let Some(j) = d.index(nb) else { continue };
                let side = if map.hexside(c, nb) == Some("major_river")
                    && !rules::free_crossing(&s.stat.tables.river, &c.to_string(), &nb.to_string())
                {
                    river
                } else {
                    0
                };
                g.next[i].push((j, side));
            }
        }
        g
    }

    /// Dijkstra from `sources` (index, starting cost); `forward` costs entering the
    /// next hex, otherwise (toward a goal) entering the hex left behind. `army`: Canada
    /// is closed (B4.4.3).
    fn dijkstra(&self, sources: &[(usize, u32)], forward: bool, army: bool) -> Vec<u32> {
        let mut dist = vec![FAR; self.enter.len()];
        let mut heap = BinaryHeap::new();
        for &(i, v) in sources {
            if v < dist[i] {
                dist[i] = v;
                heap.push(Reverse((v, i)));
            }
        }
        while let Some(Reverse((v, i))) = heap.pop() {
            if v > dist[i] {
                continue;
            }
            for &(j, side) in &self.next[i] {
                if army && self.canada[j] {
                    continue;
                }
                let step = side
                    + if forward {
                        self.enter[j]
                    } else {
                        self.enter[i]
                    };
                if v + step < dist[j] {
                    dist[j] = v + step;
                    heap.push(Reverse((v + step, j)));
                }
            }
        }
        dist
    }
}

/// Compute the fields of a campaign's map.
fn compute(s: &State) -> Distances {
    let map = &s.stat.map;
    let mut d = Distances {
        cols: usize::from(map.cols),
        rows: usize::from(map.rows),
        canada: vec![],
        via_box: vec![],
        army: vec![],
    };
    let g = Graph::of(s, &d);
    let coords: Vec<Coord> = map.coords().collect();
    let canada: Vec<(usize, u32)> = (0..d.n())
        .filter(|&i| g.canada[i])
        .map(|i| (i, 0))
        .collect();
    d.canada = g.dijkstra(&canada, false, false);
    let col = s.stat.tables.yellowstone_column.value.max(0) as u8;
    let boxed: Vec<(usize, u32)> = coords
        .iter()
        .filter(|c| c.col > col && s.stat.is(**c, "yellowstone_south"))
        .filter_map(|c| d.index(*c).map(|i| (i, d.canada[i])))
        .collect();
    d.via_box = if boxed.is_empty() {
        d.canada.clone()
    } else {
        g.dijkstra(&boxed, false, false)
    };
    let n = d.n();
    let mut army = vec![u16::MAX; n * n];
    for i in (0..n).filter(|&i| g.enter[i] < FAR) {
        for (j, v) in g.dijkstra(&[(i, 0)], true, true).into_iter().enumerate() {
            army[i * n + j] = v.min(u32::from(u16::MAX)) as u16;
        }
    }
    d.army = army;
    d
}

/// The campaign's distance fields, computed on first use.
pub fn distances(s: &State) -> Arc<Distances> {
    s.stat.fields.0.get_or_init(|| Arc::new(compute(s))).clone()
}

/// A strategic unit's surviving brave units and Lodges.
fn survivors(s: &State, u: usize) -> (i32, i32) {
    let classes = &s.stat.tactical.tables.classes;
    let Some(t) = s
        .stat
        .tactical
        .counters
        .strategic
        .iter()
        .find(|t| t.id == s.def(u).id)
    else {
        return (0, 0);
    };
    let mut out = (0, 0);
    for d in t
        .counters
        .iter()
        .filter(|d| !s.units[u].lost.contains(&d.id))
    {
        if let Some(k) = classes.iter().find(|k| k.key == d.class) {
            if k.brave {
                out.0 += 1;
            } else if k.lodge {
                out.1 += 1;
            }
        }
    }
    out
}

/// The projected D2.0 margin (Army points less Indian points) if play went on from
/// here: see the module's documentation.
pub fn projected_margin(s: &State) -> f64 {
    let t = &s.stat.tables;
    let d = distances(s);
    let c = super::campaign::count(s);
    let army_now = f64::from(rules::army_points(t, &c));
    let last = t.last_turn.value.max(1) as u32 + u32::from(s.stat.sitting_bull);
    let turns_left = f64::from(last.saturating_sub(s.turn)) + 0.5;
    let reached = s.position_reached == Some(true);
    let v = &t.victory.indian;
    let active_army: Vec<(Coord, u32)> = s
        .on_map(Side::Army)
        .filter_map(|a| s.hex(a).map(|h| (h, s.def(a).normal.max(1))))
        .collect();
    let mut indian = 0.0;
    let mut danger = 0.0;
    let village_hex = s.find("village").and_then(|v| s.hex(v));
    for u in s.on_map(Side::Indian).collect::<Vec<_>>() {
        let Some(h) = s.hex(u) else { continue };
        let (braves, lodges) = survivors(s, u);
        // The chance of ending in Canada: there already, or the turns needed at Normal
        // speed against the turns left.
        let p = if s.stat.is(h, "canada") {
            1.0
        } else {
            let goal = if s.rank(u) == Rank::Village || !reached {
                d.to_goal(h, reached)
            } else {
                d.to_goal(h, true)
            };
            // One turn in four may be Fast (B4.3).
            let d = s.def(u);
            let pace = (3.0 * f64::from(d.normal) + f64::from(d.fast.max(d.normal))) / 4.0;
            let need = f64::from(goal) / pace.max(1.0);
            // In time, and through every turn still to travel: each turn on the way is
            // another turn the Army may find the band, so the nearer the better even
            // while time is plenty.
            SAFE_TURN.powf(need) / (1.0 + ((need - turns_left) / LATE_SPREAD).exp())
        };
        indian += f64::from(braves)
            * (f64::from(v.brave_us) + f64::from(v.brave_canada - v.brave_us) * p);
        if s.rank(u) == Rank::Village || village_hex == Some(h) {
            indian += f64::from(lodges)
                * (f64::from(v.lodge_us) + f64::from(v.lodge_canada - v.lodge_us) * p);
        }
        // Danger: the nearest Army unit's turns to reach the hex.
        let near = active_army
            .iter()
            .map(|&(a, ma)| f64::from(d.army(a, h)) / f64::from(ma))
            .fold(f64::INFINITY, f64::min);
        if near.is_finite() {
            danger += (-near).exp() * f64::from(braves + 2 * lodges);
        }
    }
    army_now - indian + DANGER * danger
}

impl Knowledge for NezPerceStrategic {
    fn evaluate(state: &State, seat: Seat) -> f64 {
        if let Some(o) = Self::outcome(state) {
            return result_value(&o, seat);
        }
        // The Draw band of D2.0 is 20-40: its middle is even. Margins run from about
        // -150 (every band safe in Canada) to +150, so the scale is wide enough that a
        // side far ahead still sees what would put it further ahead.
        let v = squash((projected_margin(state) - 30.0) / MARGIN_SCALE);
        if seat == Side::Army.seat() {
            v
        } else {
            1.0 - v
        }
    }

    /// No rollouts: random steps of single-hex moves say nothing the projection does
    /// not, and every node is seeded with its one-step evaluations.
    fn rollout_depth() -> usize {
        0
    }
}
