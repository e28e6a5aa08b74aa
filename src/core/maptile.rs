//! Map tiles: the RON file format of a hex map shared by the hex games (a legend,
//! one string of terrain characters per row, optional level digits, marked hexes and
//! hexside features), its checking with exact error locations, and its conversion to a
//! [`HexMap`]. Documented in docs/scenario-format.md, "Map tiles".

use crate::core::data::{Source, parse_ron, read_text};
use crate::core::error::DataError;
use crate::core::hexmap::{Coord, Dir, HexMap, Hexside};
use crate::core::spans::Located;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// A map tile (`scenarios/<game>/maps/<id>.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapTile {
    /// Tile id (the file stem).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Where the tile comes from.
    pub source: Source,
    /// Character to terrain key (`'.'` open, `'W'` woods ...).
    pub legend: BTreeMap<char, String>,
    /// Terrain keys of the legend whose cells are not printed hexes of the map (Battle
    /// of the Rosebud's `"none"`, where its shoved columns end a row sooner): nothing
    /// is drawn there. Omitted: every cell is a printed hex.
    #[serde(default)]
    pub unprinted: Vec<String>,
    /// One string per row, north to south; one character per column, west to east.
    pub terrain: Vec<String>,
    /// One string per row of level digits (`1`-`3` unless the game allows more);
    /// omitted means all level 1.
    #[serde(default)]
    pub levels: Vec<String>,
    /// The printed number of the north-west hex; omitted means `"0101"`. Battle of the
    /// Rosebud's map starts at `"1100"` (columns 11-47, rows from 00).
    #[serde(default)]
    pub first_hex: Option<String>,
    /// Which printed columns are shoved half a hex south: `"even"` (omitted; 02, 04,
    /// ...) or `"odd"` (Battle of the Rosebud's map, where 4213 and 4312 touch).
    #[serde(default)]
    pub shoved_columns: Option<String>,
    /// Marked hexes (`("0507", "prepared")`).
    #[serde(default)]
    pub marks: Vec<(String, String)>,
    /// Hexside features: the hex, the direction of the side from it, and the feature
    /// (`("0507", NE, "stream")`). Both hexes of the side must be on the tile.
    #[serde(default)]
    pub hexsides: Vec<(String, Dir, String)>,
}

/// Load one map tile, checking its shape (levels 1-3).
pub fn load_tile(path: &Path) -> Result<MapTile, DataError> {
    load_tile_levels(path, 1..=3)
}

/// Load one map tile whose level digits may run over `levels` (a game with higher
/// ground than the standard three levels), checking its shape.
pub fn load_tile_levels(
    path: &Path,
    levels: std::ops::RangeInclusive<u8>,
) -> Result<MapTile, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let tile: MapTile = parse_ron(&file, &text)?;
    let loc = Located::new(&file, &text);
    let shift = match tile.shoved_columns.as_deref() {
        None | Some("even") => 0,
        Some("odd") => 1,
        Some(x) => {
            return Err(loc.at(
                "shoved_columns",
                format!("shoved_columns is \"even\" or \"odd\", not \"{x}\""),
            ));
        }
    };
    // Tile hexes are printed numbers; the checks below work on coordinates.
    let coord = |h: &str| -> Result<Coord, String> {
        let p: Coord = h.parse()?;
        Ok(Coord::new(p.col + shift, p.row))
    };
    let printed = |c: Coord| Coord::new(c.col - shift, c.row);
    let origin = match &tile.first_hex {
        None => Coord::new(1 + shift, 1),
        Some(h) => coord(h).map_err(|e| loc.at("first_hex", e))?,
    };
    let cols = tile.terrain.first().map_or(0, |r| r.chars().count());
    if cols == 0
        || usize::from(printed(origin).col) + cols > 100
        || tile.terrain.is_empty()
        || usize::from(origin.row) + tile.terrain.len() > 100
    {
        return Err(loc.at(
            "terrain",
            format!(
                "a map tile needs 1 to 99 rows and columns, numbered from {} up to 99 at most (found {} rows of {cols})",
                printed(origin),
                tile.terrain.len()
            ),
        ));
    }
    for (i, key) in tile.unprinted.iter().enumerate() {
        if !tile.legend.values().any(|v| v == key) {
            return Err(loc.at(
                &format!("unprinted[{i}]"),
                format!("unprinted terrain '{key}' is not in the legend"),
            ));
        }
    }
    let mut keys: Vec<String> = tile
        .legend
        .iter()
        .map(|(k, v)| format!("'{k}' {v}"))
        .collect();
    keys.sort();
    for (i, row) in tile.terrain.iter().enumerate() {
        if row.chars().count() != cols {
            return Err(loc.at(
                &format!("terrain[{i}]"),
                format!(
                    "terrain row {} has {} hexes, expected {cols}",
                    i + 1,
                    row.chars().count()
                ),
            ));
        }
        for (k, (byte, ch)) in row.char_indices().enumerate() {
            if !tile.legend.contains_key(&ch) {
                let msg = format!(
                    "terrain row {}, hex {}: '{ch}' is not in the legend ({})",
                    i + 1,
                    printed(Coord::new(origin.col + k as u8, origin.row + i as u8)),
                    keys.join(", ")
                );
                // The character itself: after the row's opening quote.
                return Err(loc.inside(&format!("terrain[{i}]"), 1 + byte, msg));
            }
        }
    }
    if !tile.levels.is_empty() {
        if tile.levels.len() != tile.terrain.len() {
            return Err(loc.at(
                "levels",
                format!(
                    "levels has {} rows, terrain has {}",
                    tile.levels.len(),
                    tile.terrain.len()
                ),
            ));
        }
        for (i, row) in tile.levels.iter().enumerate() {
            let ok = |c: char| c.to_digit(10).is_some_and(|d| levels.contains(&(d as u8)));
            if row.chars().count() != cols || !row.chars().all(ok) {
                return Err(loc.at(
                    &format!("levels[{i}]"),
                    format!(
                        "levels row {} must be {cols} digits {}-{}",
                        i + 1,
                        levels.start(),
                        levels.end()
                    ),
                ));
            }
        }
    }
    let rows = tile.terrain.len();
    let on_tile = |c: Coord| {
        c.col >= origin.col
            && c.row >= origin.row
            && usize::from(c.col - origin.col) < cols
            && usize::from(c.row - origin.row) < rows
    };
    for (i, (hex, _)) in tile.marks.iter().enumerate() {
        let path = format!("marks[{i}][0]");
        let c: Coord = coord(hex).map_err(|e: String| loc.at(&path, e))?;
        if !on_tile(c) {
            return Err(loc.at(
                &path,
                format!(
                    "mark at {hex} is off the map ({cols} columns, {rows} rows from {})",
                    printed(origin)
                ),
            ));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for (i, (hex, dir, feature)) in tile.hexsides.iter().enumerate() {
        // Where this entry is written: its hex.
        let fail = |msg: String| loc.at(&format!("hexsides[{i}][0]"), msg);
        let c: Coord = coord(hex).map_err(&fail)?;
        if !on_tile(c) {
            return Err(fail(format!(
                "hexside at {hex} is off the map ({cols} columns, {rows} rows from {})",
                printed(origin)
            )));
        }
        let Some(other) = c.step(*dir).filter(|o| on_tile(*o)) else {
            return Err(fail(format!(
                "the {dir:?} side of {hex} is on the map's edge: a hexside feature needs a hex on the map on both sides"
            )));
        };
        let key = if c < other { (c, other) } else { (other, c) };
        if !seen.insert(key) {
            return Err(fail(format!(
                "the side between {} and {} is listed twice (one feature per hexside): {feature}",
                printed(c),
                printed(other)
            )));
        }
    }
    Ok(tile)
}

/// The [`HexMap`] of a checked tile (terrain names from its legend).
pub fn tile_to_map(t: &MapTile) -> HexMap {
    let cols = t.terrain.first().map_or(0, |r| r.chars().count()) as u8;
    let rows = t.terrain.len() as u8;
    let mut names: Vec<String> = Vec::new();
    let mut terrain = Vec::new();
    for row in &t.terrain {
        for ch in row.chars() {
            let name = t.legend.get(&ch).cloned().unwrap_or_else(|| "open".into());
            let idx = names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name.clone());
                names.len() - 1
            });
            terrain.push(idx as u8);
        }
    }
    let shift = u8::from(t.shoved_columns.as_deref() == Some("odd"));
    let coord = |h: &str| {
        h.parse::<Coord>()
            .ok()
            .map(|p| Coord::new(p.col + shift, p.row))
    };
    let level = if t.levels.is_empty() {
        vec![1; terrain.len()]
    } else {
        t.levels
            .iter()
            .flat_map(|r| r.chars().map(|c| c.to_digit(10).unwrap_or(1) as u8))
            .collect()
    };
    let mut marks: BTreeMap<Coord, Vec<String>> = BTreeMap::new();
    for (h, m) in &t.marks {
        if let Some(c) = coord(h) {
            marks.entry(c).or_default().push(m.clone());
        }
    }
    HexMap {
        cols,
        rows,
        origin: t
            .first_hex
            .as_deref()
            .and_then(coord)
            .unwrap_or(Coord::new(1 + shift, 1)),
        col_shift: shift,
        terrain_names: names,
        terrain,
        level,
        marks,
        hexsides: t
            .hexsides
            .iter()
            .filter_map(|(h, dir, feature)| {
                Some(Hexside {
                    hex: coord(h)?,
                    dir: *dir,
                    feature: feature.clone(),
                })
            })
            .collect(),
        unprinted: t.unprinted.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(name: &str, text: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("maptile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    const ODD: &str = r#"(
    id: "t", name: "t", source: Reconstruction("test"),
    first_hex: "4111", shoved_columns: "odd",
    legend: {'.': "clear"},
    terrain: ["...", "...", "..."],
    levels: ["145", "122", "141"],
    marks: [("4213", "hill")],
    hexsides: [("4213", NE, "creek")],
)"#;

    #[test]
    fn a_tile_numbered_from_another_first_hex_with_odd_columns_shoved() {
        let t = load_tile_levels(&write("odd.ron", ODD), 1..=9).unwrap();
        let m = tile_to_map(&t);
        let a = m.parse("4213").unwrap();
        let b = m.parse("4312").unwrap();
        // Battle of the Rosebud, 10.D: 4312 attacks 4213 across a creek.
        assert_eq!(a.distance(b), 1, "4213 and 4312 touch");
        assert_eq!(m.hexside(a, b), Some("creek"));
        assert!(m.has_mark(a, "hill"));
        assert_eq!(m.level(a), 4, "10.D: 4213 is Level 4");
        assert_eq!(m.level(b), 2, "10.D: 4312 is Level 2");
        assert_eq!(m.level(m.parse("4311").unwrap()), 5);
        assert_eq!(m.label(a), "4213");
        assert_eq!(m.label(m.origin), "4111");
        assert!(m.parse("4011").is_err(), "west of the first column");
        assert!(m.parse("4114").is_err(), "south of the last row");
        assert_eq!(m.coords().count(), 9);
        assert!(m.on_edge(m.parse("4111").unwrap(), crate::core::hexmap::Edge::North));
        assert!(m.on_edge(m.parse("4313").unwrap(), crate::core::hexmap::Edge::East));
    }

    #[test]
    fn cells_of_an_unprinted_terrain_are_on_the_tile_but_not_printed_hexes() {
        let text = ODD
            .replace(
                "{'.': \"clear\"}",
                "{'.': \"clear\", 'x': \"none\"},\n    unprinted: [\"none\"]",
            )
            .replace("\"...\", \"...\", \"...\"", "\"...\", \"...\", \".x.\"");
        let m = tile_to_map(&load_tile_levels(&write("unprinted.ron", &text), 1..=9).unwrap());
        let x = m.parse("4213").unwrap();
        assert!(m.contains(x) && !m.printed(x));
        assert!(m.printed(m.parse("4113").unwrap()));
        assert!(!m.printed(Coord::new(60, 60)), "off the tile");
        // Every cell of a tile without the field is printed.
        let plain = tile_to_map(&load_tile_levels(&write("plain.ron", ODD), 1..=9).unwrap());
        assert!(plain.coords().all(|c| plain.printed(c)));
        // A terrain the legend does not have, at its place in the file.
        let bad = text.replace("unprinted: [\"none\"]", "unprinted: [\"nothing\"]");
        let e = load_tile_levels(&write("unprinted-bad.ron", &bad), 1..=9)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unprinted-bad.ron:5:17"), "{e}");
        assert!(e.contains("'nothing' is not in the legend"), "{e}");
    }

    #[test]
    fn level_digits_are_checked_against_the_game_range() {
        let p = write("levels.ron", ODD);
        let e = load_tile(&p).unwrap_err().to_string();
        assert!(e.contains("digits 1-3"), "{e}");
        let bad = ODD.replace("\"odd\"", "\"sideways\"");
        let e = load_tile_levels(&write("bad.ron", &bad), 1..=9)
            .unwrap_err()
            .to_string();
        assert!(e.contains("shoved_columns"), "{e}");
        let off = ODD.replace("(\"4213\", NE", "(\"4413\", NE");
        let e = load_tile_levels(&write("off.ron", &off), 1..=9)
            .unwrap_err()
            .to_string();
        assert!(e.contains("4413 is off the map"), "{e}");
    }
}
