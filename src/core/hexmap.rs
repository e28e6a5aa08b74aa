//! Hex maps: printed `CCRR` hex numbers as user-facing names, terrain, elevation
//! levels, per-hex marks and per-hexside features, with line of sight and
//! movement-cost search. Built on `hexx` for distances and lines.
//!
//! Geometry: flat-topped hexes in columns; column 01 is the west edge and row 01 the
//! north edge. Even-numbered columns (02, 04, ...) are shoved half a hex south, as on
//! most printed wargame maps.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::fmt;
use std::rc::Rc;
use std::str::FromStr;

/// Most lines of sight kept per thread by [`HexMap::los`] (a few megabytes at most).
const LINE_CACHE: usize = 100_000;

/// Lines of sight traced so far: the intervening hexes, by the line's two ends.
type Lines = HashMap<(Coord, Coord), Rc<[Coord]>, CoordHash>;

/// Both nudged traces of lines traced so far, by the line's two ends.
type Traces = HashMap<(Coord, Coord), Rc<[Vec<Coord>; 2]>, CoordHash>;

thread_local! {
    /// The lines traced on this thread.
    static LINES: RefCell<Lines> = RefCell::new(HashMap::default());
    /// The two-sided traces of lines on this thread ([`HexMap::sight_strict`]).
    static TRACES: RefCell<Traces> = RefCell::new(HashMap::default());
}

/// Hashing for maps keyed by hexes. A hex is two bytes, and the standard hasher (built
/// to resist chosen keys from outside) spent more time hashing them than the
/// movement-cost search spent on anything else. Only where the map's iteration order
/// is never relied on (it is not the same as the standard hasher's).
#[derive(Clone, Copy, Debug, Default)]
pub struct CoordHash;

impl std::hash::BuildHasher for CoordHash {
    type Hasher = CoordHasher;
    fn build_hasher(&self) -> CoordHasher {
        CoordHasher(0)
    }
}

/// The hasher of [`CoordHash`]: the bytes written, shifted in, then multiplied by the
/// golden-ratio constant so that the high bits (which the table reads first) vary.
#[derive(Clone, Copy, Debug)]
pub struct CoordHasher(u64);

impl std::hash::Hasher for CoordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.0 = self.0.rotate_left(8) ^ u64::from(b);
    }
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// What [`HexMap::reachable`] finds: for each hex reached, the cheapest cost and the
/// hex it was entered from on that path.
pub type Reached = HashMap<Coord, (u32, Option<Coord>), CoordHash>;

/// A hex named by its printed number: column then row (`0712` is column 7, row 12).
/// Most maps number from 01; a map may start elsewhere (see [`HexMap::origin`]), so a
/// coordinate may hold column or row 00.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord {
    /// Printed column, west to east.
    pub col: u8,
    /// Printed row, north to south.
    pub row: u8,
}

impl Coord {
    /// Build a coordinate from its printed column and row.
    pub const fn new(col: u8, row: u8) -> Self {
        Self { col, row }
    }

    /// The `hexx` axial hex for this coordinate.
    pub fn to_hex(self) -> Hex {
        Hex::from_offset_coordinates(
            [i32::from(self.col) - 1, i32::from(self.row) - 1],
            OffsetHexMode::Odd,
            HexOrientation::Flat,
        )
    }

    /// The coordinate of a `hexx` axial hex, if it has a printed number (00-99).
    pub fn from_hex(h: Hex) -> Option<Self> {
        let [c, r] = h.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
        let (c, r) = (c + 1, r + 1);
        if (0..=99).contains(&c) && (0..=99).contains(&r) {
            Some(Self::new(c as u8, r as u8))
        } else {
            None
        }
    }

    /// Hex distance (number of hex steps) between two coordinates.
    pub fn distance(self, other: Coord) -> u32 {
        self.to_hex().unsigned_distance_to(other.to_hex())
    }

    /// The neighbouring coordinate in a direction (may be off any particular map).
    pub fn step(self, dir: Dir) -> Option<Coord> {
        let c = i32::from(self.col) - 1;
        let r = i32::from(self.row) - 1;
        let shoved = c & 1 == 1;
        let (dc, dr) = match (dir, shoved) {
            (Dir::N, _) => (0, -1),
            (Dir::S, _) => (0, 1),
            (Dir::NE, false) => (1, -1),
            (Dir::SE, false) => (1, 0),
            (Dir::SW, false) => (-1, 0),
            (Dir::NW, false) => (-1, -1),
            (Dir::NE, true) => (1, 0),
            (Dir::SE, true) => (1, 1),
            (Dir::SW, true) => (-1, 1),
            (Dir::NW, true) => (-1, 0),
        };
        let (nc, nr) = (c + dc + 1, r + dr + 1);
        if (0..=99).contains(&nc) && (0..=99).contains(&nr) {
            Some(Coord::new(nc as u8, nr as u8))
        } else {
            None
        }
    }

    /// Centre of the hex in world units for hexes of the given outer radius, with
    /// +y pointing north (as Bevy draws).
    pub fn center(self, size: f32) -> [f32; 2] {
        let c = f32::from(self.col) - 1.0;
        let r = f32::from(self.row) - 1.0;
        // Even printed columns are shoved half a hex south.
        let shove = if self.col.is_multiple_of(2) { 0.5 } else { 0.0 };
        [size * 1.5 * c, -(size * 3f32.sqrt() * (r + shove))]
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.col, self.row)
    }
}

impl FromStr for Coord {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.len() != 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "'{s}' is not a hex number (expected four digits CCRR, e.g. 0712)"
            ));
        }
        let col: u8 = s[..2].parse().map_err(|_| format!("bad column in '{s}'"))?;
        let row: u8 = s[2..].parse().map_err(|_| format!("bad row in '{s}'"))?;
        Ok(Coord::new(col, row))
    }
}

/// The six directions out of a flat-topped hex, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// North.
    N,
    /// North-east.
    NE,
    /// South-east.
    SE,
    /// South.
    S,
    /// South-west.
    SW,
    /// North-west.
    NW,
}

impl Dir {
    /// All six directions clockwise from north (the order of a Random Direction
    /// diagram numbered 1 = N, then clockwise).
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 3) % 6]
    }
}

/// A map edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    /// Row 01.
    North,
    /// The last row.
    South,
    /// The last column.
    East,
    /// Column 01.
    West,
}

/// A feature on the side between two hexes (river, creek, ridge, cliff, border...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hexside {
    /// One of the two hexes.
    pub hex: Coord,
    /// The direction from `hex` to the other hex.
    pub dir: Dir,
    /// The feature's name, as the game's terrain chart names it.
    pub feature: String,
}

/// The usual first hex of a map, `0101`.
fn first_hex() -> Coord {
    Coord::new(1, 1)
}

/// Whether a map starts at `0101` (left out of saves, so older saves compare equal).
fn is_first_hex(c: &Coord) -> bool {
    *c == first_hex()
}

/// Whether a number is zero (left out of saves).
fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A rectangular hex map: terrain (as indices into `terrain_names`), elevation level,
/// marks and hexside features.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexMap {
    /// Number of columns.
    pub cols: u8,
    /// Number of rows.
    pub rows: u8,
    /// The printed number of the north-west hex (`0101` on most maps; Battle of the
    /// Rosebud's map starts at `1100`).
    #[serde(default = "first_hex", skip_serializing_if = "is_first_hex")]
    pub origin: Coord,
    /// How many columns the printed numbers run behind the coordinates: 0 on most maps;
    /// 1 on a map whose odd printed columns are the ones shoved half a hex south
    /// (Battle of the Rosebud's), held one column on so that the geometry of
    /// [`Coord`] (even columns shoved) holds. [`HexMap::label`] and
    /// [`HexMap::parse`] convert.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub col_shift: u8,
    /// Terrain names, indexed by the values in `terrain`.
    pub terrain_names: Vec<String>,
    /// Terrain per hex, row-major from 0101.
    pub terrain: Vec<u8>,
    /// Elevation level per hex (1 = ground level), row-major.
    pub level: Vec<u8>,
    /// Named marks on particular hexes (for example prepared positions).
    pub marks: BTreeMap<Coord, Vec<String>>,
    /// Features on hexsides.
    pub hexsides: Vec<Hexside>,
    /// Terrain names whose cells are not printed hexes of the map (the tile's
    /// `unprinted`: a cell kept only to square the rectangle, as where Battle of the
    /// Rosebud's shoved columns end a row sooner); [`HexMap::printed`] asks. Not written
    /// into state snapshots: a property of the map's file, read again when it loads, so
    /// saves written before it compare equal.
    #[serde(skip)]
    pub unprinted: Vec<String>,
}

impl HexMap {
    /// A map of one terrain everywhere, at level 1.
    pub fn filled(cols: u8, rows: u8, terrain: &str) -> Self {
        let n = usize::from(cols) * usize::from(rows);
        Self {
            cols,
            rows,
            origin: first_hex(),
            col_shift: 0,
            terrain_names: vec![terrain.to_string()],
            terrain: vec![0; n],
            level: vec![1; n],
            marks: BTreeMap::new(),
            hexsides: Vec::new(),
            unprinted: Vec::new(),
        }
    }

    /// Whether a coordinate lies on this map.
    pub fn contains(&self, c: Coord) -> bool {
        let (c0, r0) = (u32::from(self.origin.col), u32::from(self.origin.row));
        let (c, r) = (u32::from(c.col), u32::from(c.row));
        c >= c0 && r >= r0 && c < c0 + u32::from(self.cols) && r < r0 + u32::from(self.rows)
    }

    /// A hex's printed number (`4213`).
    pub fn label(&self, c: Coord) -> String {
        Coord::new(c.col.saturating_sub(self.col_shift), c.row).to_string()
    }

    /// The coordinate of a printed number, checked to be on the map.
    pub fn parse(&self, s: &str) -> Result<Coord, String> {
        let p: Coord = s.parse()?;
        let c = Coord::new(p.col.saturating_add(self.col_shift), p.row);
        if self.contains(c) {
            Ok(c)
        } else {
            Err(format!(
                "{} is off the map ({} to {})",
                s.trim(),
                self.label(self.origin),
                self.label(Coord::new(self.last_col(), self.last_row()))
            ))
        }
    }

    /// The last column on the map (coordinate, not printed number).
    pub fn last_col(&self) -> u8 {
        self.origin.col + self.cols - 1
    }

    /// The last row on the map.
    pub fn last_row(&self) -> u8 {
        self.origin.row + self.rows - 1
    }

    /// Row-major index of a coordinate on the map.
    pub fn index(&self, c: Coord) -> Option<usize> {
        self.contains(c).then(|| {
            usize::from(c.row - self.origin.row) * usize::from(self.cols)
                + usize::from(c.col - self.origin.col)
        })
    }

    /// The coordinate at a row-major index.
    pub fn coord_at(&self, i: usize) -> Coord {
        let cols = usize::from(self.cols);
        Coord::new(
            (i % cols) as u8 + self.origin.col,
            (i / cols) as u8 + self.origin.row,
        )
    }

    /// Every coordinate on the map, row-major.
    pub fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.terrain.len()).map(|i| self.coord_at(i))
    }

    /// Terrain name of a hex.
    pub fn terrain_name(&self, c: Coord) -> Option<&str> {
        self.index(c)
            .map(|i| self.terrain_names[usize::from(self.terrain[i])].as_str())
    }

    /// Whether a hex is a printed hex of the map: on it, and of a terrain its tile does
    /// not mark `unprinted`.
    pub fn printed(&self, c: Coord) -> bool {
        self.terrain_name(c)
            .is_some_and(|t| !self.unprinted.iter().any(|u| u == t))
    }

    /// Terrain index of a hex.
    pub fn terrain_index(&self, c: Coord) -> Option<u8> {
        self.index(c).map(|i| self.terrain[i])
    }

    /// Elevation level of a hex (1 if off the map).
    pub fn level(&self, c: Coord) -> u8 {
        self.index(c).map_or(1, |i| self.level[i])
    }

    /// Whether a hex carries the named mark.
    pub fn has_mark(&self, c: Coord, mark: &str) -> bool {
        self.marks
            .get(&c)
            .is_some_and(|m| m.iter().any(|x| x == mark))
    }

    /// The feature on the hexside between two adjacent hexes, if any.
    pub fn hexside(&self, a: Coord, b: Coord) -> Option<&str> {
        self.hexsides
            .iter()
            .find(|s| {
                (s.hex == a && s.hex.step(s.dir) == Some(b))
                    || (s.hex == b && s.hex.step(s.dir) == Some(a))
            })
            .map(|s| s.feature.as_str())
    }

    /// The on-map neighbours of a hex.
    pub fn neighbors(&self, c: Coord) -> impl Iterator<Item = Coord> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| c.step(d))
            .filter(|n| self.contains(*n))
    }

    /// Whether a hex lies on the given map edge.
    pub fn on_edge(&self, c: Coord, edge: Edge) -> bool {
        match edge {
            Edge::North => c.row == self.origin.row,
            Edge::South => c.row == self.last_row(),
            Edge::West => c.col == self.origin.col,
            Edge::East => c.col == self.last_col(),
        }
    }

    /// The hexes of one map edge.
    pub fn edge_hexes(&self, edge: Edge) -> Vec<Coord> {
        self.coords().filter(|c| self.on_edge(*c, edge)).collect()
    }

    /// Distance from a hex to the nearest hex of a map edge.
    pub fn distance_to_edge(&self, c: Coord, edge: Edge) -> u32 {
        self.edge_hexes(edge)
            .into_iter()
            .map(|e| e.distance(c))
            .min()
            .unwrap_or(0)
    }

    /// Stack map tiles north to south into one board (each must have the same column
    /// count); rows are renumbered continuously.
    pub fn stack(tiles: &[HexMap]) -> Result<HexMap, String> {
        let first = tiles.first().ok_or("a board needs at least one map")?;
        let cols = first.cols;
        let mut names: Vec<String> = Vec::new();
        let mut out = HexMap {
            cols,
            rows: 0,
            origin: first_hex(),
            col_shift: 0,
            terrain_names: vec![],
            terrain: vec![],
            level: vec![],
            marks: BTreeMap::new(),
            hexsides: vec![],
            unprinted: vec![],
        };
        for t in tiles {
            if t.cols != cols {
                return Err(format!(
                    "maps to be joined must have the same width ({} vs {} columns)",
                    t.cols, cols
                ));
            }
            let offset = out.rows;
            for &ti in &t.terrain {
                let name = &t.terrain_names[usize::from(ti)];
                let idx = match names.iter().position(|n| n == name) {
                    Some(i) => i,
                    None => {
                        names.push(name.clone());
                        names.len() - 1
                    }
                };
                out.terrain.push(idx as u8);
            }
            out.level.extend_from_slice(&t.level);
            for u in &t.unprinted {
                if !out.unprinted.contains(u) {
                    out.unprinted.push(u.clone());
                }
            }
            for (c, m) in &t.marks {
                out.marks
                    .insert(Coord::new(c.col, c.row + offset), m.clone());
            }
            for s in &t.hexsides {
                out.hexsides.push(Hexside {
                    hex: Coord::new(s.hex.col, s.hex.row + offset),
                    ..s.clone()
                });
            }
            out.rows = out
                .rows
                .checked_add(t.rows)
                .filter(|r| *r <= 99)
                .ok_or("board is over 99 rows")?;
        }
        out.terrain_names = names;
        Ok(out)
    }

    /// The hexes a straight line from the centre of `a` to the centre of `b` passes
    /// *through* (not just touching an edge or a corner), excluding `a` and `b`.
    ///
    /// The line is traced twice, nudged a hair to either side; a hex the line only
    /// grazes along a hexside or at a corner appears on one trace only, and is left out.
    pub fn intervening(&self, a: Coord, b: Coord) -> Vec<Coord> {
        let (ha, hb) = (a.to_hex(), b.to_hex());
        let n = ha.unsigned_distance_to(hb);
        if n <= 1 {
            return vec![];
        }
        let trace = |eps: f32| -> Vec<Hex> {
            let (ax, ay) = (ha.x as f32 + eps, ha.y as f32 + eps * 2.0);
            let (bx, by) = (hb.x as f32 + eps, hb.y as f32 + eps * 2.0);
            (1..n)
                .map(|i| {
                    let t = i as f32 / n as f32;
                    Hex::round([ax + (bx - ax) * t, ay + (by - ay) * t])
                })
                .collect()
        };
        let plus = trace(1e-4);
        let minus = trace(-1e-4);
        plus.iter()
            .filter(|h| minus.contains(h))
            .filter_map(|h| Coord::from_hex(*h))
            .filter(|c| *c != a && *c != b)
            .collect()
    }

    /// The two hex paths a straight line from the centre of `a` to the centre of `b`
    /// follows when nudged a hair to either side, each from `a` to `b` inclusive, each
    /// hex adjacent to the next. Where the line runs along a hexside or through a corner
    /// the two paths differ: together they hold every hex the line touches.
    pub fn traces(&self, a: Coord, b: Coord) -> [Vec<Coord>; 2] {
        let (ha, hb) = (a.to_hex(), b.to_hex());
        let n = ha.unsigned_distance_to(hb);
        let trace = |eps: f32| -> Vec<Coord> {
            let (ax, ay) = (ha.x as f32 + eps, ha.y as f32 + eps * 2.0);
            let (bx, by) = (hb.x as f32 + eps, hb.y as f32 + eps * 2.0);
            let mut out = vec![a];
            for i in 1..n {
                let t = i as f32 / n as f32;
                if let Some(c) =
                    Coord::from_hex(Hex::round([ax + (bx - ax) * t, ay + (by - ay) * t]))
                {
                    out.push(c);
                }
            }
            if n > 0 {
                out.push(b);
            }
            out
        };
        [trace(1e-4), trace(-1e-4)]
    }

    /// Strict line of sight, for games where sighting down the edge of blocking terrain
    /// is blocked: the line from `a` to `b` is blocked if, on either of its two
    /// [`HexMap::traces`], a hex between the ends `blocks`, or a hexside it crosses
    /// `side_blocks(from, to)`. Hexsides of `a` and `b` themselves are passed to
    /// `side_blocks` too (a game decides whether a feature on the firer's own side
    /// blocks). Each pair's traces are kept per thread, as [`HexMap::los`] keeps its
    /// lines.
    pub fn sight_strict(
        &self,
        a: Coord,
        b: Coord,
        blocks: impl Fn(Coord) -> bool,
        side_blocks: impl Fn(Coord, Coord) -> bool,
    ) -> bool {
        let traces = TRACES.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.len() >= LINE_CACHE {
                cache.clear();
            }
            Rc::clone(
                cache
                    .entry((a, b))
                    .or_insert_with(|| Rc::new(self.traces(a, b))),
            )
        });
        traces.iter().all(|t| {
            t.iter()
                .skip(1)
                .take(t.len().saturating_sub(2))
                .all(|&c| !blocks(c))
                && t.windows(2).all(|w| !side_blocks(w[0], w[1]))
        })
    }

    /// Line of sight from `a` to `b`: blocked if any intervening hex `blocks`.
    ///
    /// The intervening hexes depend on the two coordinates alone, so each pair's line is
    /// traced once per thread and kept (rules and the AI's search ask for the same
    /// lines over and over); the cache is emptied when it grows past [`LINE_CACHE`].
    pub fn los(&self, a: Coord, b: Coord, blocks: impl Fn(Coord) -> bool) -> bool {
        let line = LINES.with(|lines| {
            let mut lines = lines.borrow_mut();
            if lines.len() >= LINE_CACHE {
                lines.clear();
            }
            Rc::clone(
                lines
                    .entry((a, b))
                    .or_insert_with(|| self.intervening(a, b).into()),
            )
        });
        line.iter().all(|&c| !blocks(c))
    }

    /// Movement-cost search (Dijkstra) from `start` with a budget. `cost(from, to)`
    /// gives the cost to enter `to` from `from`, or `None` if it cannot be entered;
    /// `stop(hex)` says that movement must end on entering a hex. Returns, for every
    /// reachable hex, the cheapest cost and the previous hex on that path.
    pub fn reachable(
        &self,
        start: Coord,
        budget: u32,
        cost: impl Fn(Coord, Coord) -> Option<u32>,
        stop: impl Fn(Coord) -> bool,
    ) -> Reached {
        let mut best = Reached::default();
        let mut heap = BinaryHeap::new();
        best.insert(start, (0, None));
        heap.push(std::cmp::Reverse((0u32, start)));
        while let Some(std::cmp::Reverse((d, c))) = heap.pop() {
            if best.get(&c).is_some_and(|(bd, _)| *bd < d) {
                continue;
            }
            if c != start && stop(c) {
                continue;
            }
            for n in self.neighbors(c) {
                let Some(k) = cost(c, n) else { continue };
                let nd = d + k;
                if nd > budget {
                    continue;
                }
                if best.get(&n).is_none_or(|(bd, _)| nd < *bd) {
                    best.insert(n, (nd, Some(c)));
                    heap.push(std::cmp::Reverse((nd, n)));
                }
            }
        }
        best
    }

    /// Rebuild the path to `to` from a [`HexMap::reachable`] result.
    pub fn path_to(found: &Reached, to: Coord) -> Vec<Coord> {
        let mut path = vec![to];
        let mut cur = to;
        while let Some((_, Some(prev))) = found.get(&cur) {
            path.push(*prev);
            cur = *prev;
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coord_round_trips_through_text_and_hexx() {
        for col in 1..=20u8 {
            for row in 1..=20u8 {
                let c = Coord::new(col, row);
                assert_eq!(c.to_string().parse::<Coord>().unwrap(), c);
                assert_eq!(Coord::from_hex(c.to_hex()), Some(c));
            }
        }
        assert!("712".parse::<Coord>().is_err());
        // Column or row 00 is a printed number on some maps; a map refuses it when it
        // starts at 01.
        assert_eq!("0007".parse::<Coord>(), Ok(Coord::new(0, 7)));
        assert!(HexMap::filled(3, 3, "open").parse("0007").is_err());
    }

    #[test]
    fn step_agrees_with_hexx_neighbours() {
        for col in 2..=10u8 {
            for row in 2..=10u8 {
                let c = Coord::new(col, row);
                let mut mine: Vec<Coord> = Dir::ALL.iter().filter_map(|d| c.step(*d)).collect();
                let mut theirs: Vec<Coord> = c
                    .to_hex()
                    .all_neighbors()
                    .iter()
                    .filter_map(|h| Coord::from_hex(*h))
                    .collect();
                mine.sort();
                theirs.sort();
                assert_eq!(mine, theirs, "at {c}");
                for d in Dir::ALL {
                    assert_eq!(c.step(d).unwrap().step(d.opposite()), Some(c));
                }
            }
        }
    }

    #[test]
    fn cached_lines_of_sight_check_exactly_the_intervening_hexes_both_ways() {
        // `los` keeps each traced line; asked again (and in the other direction) it must
        // look at exactly the hexes `intervening` names for that very pair.
        let m = HexMap::filled(8, 8, "open");
        for pass in 0..2 {
            for (a, b) in [
                (Coord::new(1, 1), Coord::new(7, 6)),
                (Coord::new(7, 6), Coord::new(1, 1)),
                (Coord::new(3, 2), Coord::new(3, 8)),
                (Coord::new(2, 5), Coord::new(8, 2)),
            ] {
                let seen = RefCell::new(Vec::new());
                assert!(m.los(a, b, |c| {
                    seen.borrow_mut().push(c);
                    false
                }));
                assert_eq!(
                    seen.into_inner(),
                    m.intervening(a, b),
                    "{a}-{b}, pass {pass}"
                );
                // A blocking hex on the line blocks it, cached or not.
                if let Some(&mid) = m.intervening(a, b).first() {
                    assert!(!m.los(a, b, |c| c == mid), "{a}-{b}, pass {pass}");
                }
            }
        }
    }

    #[test]
    fn even_columns_are_shoved_south() {
        // 0201 lies south-east of 0101, so 0101's SE neighbour is 0201.
        assert_eq!(Coord::new(1, 1).step(Dir::SE), Some(Coord::new(2, 1)));
        assert_eq!(Coord::new(2, 1).step(Dir::NE), Some(Coord::new(3, 1)));
        let [_, y1] = Coord::new(1, 1).center(1.0);
        let [_, y2] = Coord::new(2, 1).center(1.0);
        assert!(y2 < y1);
    }

    #[test]
    fn line_along_a_hexside_does_not_count_grazed_hexes() {
        let m = HexMap::filled(10, 10, "open");
        // Straight down a column: every intervening hex is crossed.
        assert_eq!(m.intervening(Coord::new(3, 2), Coord::new(3, 6)).len(), 3);
        // 0303 -> 0503 runs exactly along the side between 0402 and 0403,
        // so neither blocks.
        let a = Coord::new(3, 3);
        let b = Coord::new(5, 3);
        assert_eq!(a.distance(b), 2);
        assert!(m.intervening(a, b).is_empty(), "{:?}", m.intervening(a, b));
    }

    #[test]
    fn reachable_respects_costs_and_budget() {
        let m = HexMap::filled(10, 10, "open");
        let r = m.reachable(Coord::new(5, 5), 2, |_, _| Some(1), |_| false);
        assert_eq!(r.len(), 1 + 6 + 12);
        let r = m.reachable(
            Coord::new(5, 5),
            2,
            |_, to| (to != Coord::new(5, 4)).then_some(2),
            |_| false,
        );
        assert_eq!(r.len(), 6);
        let path = HexMap::path_to(&r, Coord::new(5, 6));
        assert_eq!(path, vec![Coord::new(5, 5), Coord::new(5, 6)]);
    }

    #[test]
    fn stacking_tiles_renumbers_rows() {
        let a = HexMap::filled(4, 3, "open");
        let mut b = HexMap::filled(4, 2, "woods");
        b.marks.insert(Coord::new(1, 1), vec!["x".into()]);
        let s = HexMap::stack(&[a, b]).unwrap();
        assert_eq!(s.rows, 5);
        assert_eq!(s.terrain_name(Coord::new(1, 4)), Some("woods"));
        assert!(s.has_mark(Coord::new(1, 4), "x"));
    }
}
