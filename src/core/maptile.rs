//! Map tiles: the RON file format of a hex map shared by the hex games (a legend,
//! one string of terrain characters per row, optional level digits, marked hexes and
//! hexside features), its checking with exact error locations, and its conversion to a
//! [`HexMap`]. Documented in docs/scenario-format.md, "Map tiles".

use crate::core::data::{Source, error_near, line_col, locate_from, parse_ron, read_text};
use crate::core::error::DataError;
use crate::core::hexmap::{Coord, Dir, HexMap, Hexside};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// A map tile (`scenarios/<game>/maps/<id>.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapTile {
    /// Tile id (the file stem).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Where the tile comes from.
    pub source: Source,
    /// Character to terrain key (`'.'` open, `'W'` woods ...).
    pub legend: BTreeMap<char, String>,
    /// One string per row, north to south; one character per column, west to east.
    pub terrain: Vec<String>,
    /// One string per row of level digits `1`-`3`; omitted means all level 1.
    #[serde(default)]
    pub levels: Vec<String>,
    /// Marked hexes (`("0507", "prepared")`).
    #[serde(default)]
    pub marks: Vec<(String, String)>,
    /// Hexside features: the hex, the direction of the side from it, and the feature
    /// (`("0507", NE, "stream")`). Both hexes of the side must be on the tile.
    #[serde(default)]
    pub hexsides: Vec<(String, Dir, String)>,
}

/// Load one map tile, checking its shape.
pub fn load_tile(path: &Path) -> Result<MapTile, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let tile: MapTile = parse_ron(&file, &text)?;
    let cols = tile.terrain.first().map_or(0, |r| r.chars().count());
    if cols == 0 || cols > 99 || tile.terrain.len() > 99 {
        return Err(error_near(
            &file,
            &text,
            "terrain",
            format!(
                "a map tile needs 1 to 99 rows of 1 to 99 hexes (found {} rows of {cols})",
                tile.terrain.len()
            ),
        ));
    }
    // Where each row is written, in order (two rows may read the same).
    let mut row_at = Vec::new();
    let mut from = locate_from(&text, "terrain", 0).unwrap_or(0);
    for row in &tile.terrain {
        let at = locate_from(&text, &format!("\"{row}\""), from);
        if let Some(a) = at {
            from = a + row.len() + 2;
        }
        row_at.push(at);
    }
    let mut keys: Vec<String> = tile
        .legend
        .iter()
        .map(|(k, v)| format!("'{k}' {v}"))
        .collect();
    keys.sort();
    for (i, row) in tile.terrain.iter().enumerate() {
        if row.chars().count() != cols {
            return Err(error_near(
                &file,
                &text,
                row,
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
                    "terrain row {}, hex {:02}{:02}: '{ch}' is not in the legend ({})",
                    i + 1,
                    k + 1,
                    i + 1,
                    keys.join(", ")
                );
                return Err(match row_at[i] {
                    // The character itself: after the row's opening quote.
                    Some(at) => {
                        let (l, c) = line_col(&text, at + 1 + byte);
                        DataError::at(&file, l, c, msg)
                    }
                    None => error_near(&file, &text, row, msg),
                });
            }
        }
    }
    if !tile.levels.is_empty() {
        if tile.levels.len() != tile.terrain.len() {
            return Err(DataError::file(
                &file,
                format!(
                    "levels has {} rows, terrain has {}",
                    tile.levels.len(),
                    tile.terrain.len()
                ),
            ));
        }
        for (i, row) in tile.levels.iter().enumerate() {
            if row.chars().count() != cols || !row.chars().all(|c| ('1'..='3').contains(&c)) {
                return Err(error_near(
                    &file,
                    &text,
                    row,
                    format!("levels row {} must be {cols} digits 1-3", i + 1),
                ));
            }
        }
    }
    for (hex, _) in &tile.marks {
        let c: Coord = hex
            .parse()
            .map_err(|e: String| error_near(&file, &text, hex, e))?;
        if usize::from(c.col) > cols || usize::from(c.row) > tile.terrain.len() {
            return Err(error_near(
                &file,
                &text,
                hex,
                format!("mark at {hex} is off the map"),
            ));
        }
    }
    let rows = tile.terrain.len();
    let on_tile = |c: Coord| usize::from(c.col) <= cols && usize::from(c.row) <= rows;
    let mut from = locate_from(&text, "hexsides", 0).unwrap_or(0);
    let mut seen = std::collections::BTreeSet::new();
    for (hex, dir, feature) in &tile.hexsides {
        // Where this entry is written: its hex, searched on from the previous entry.
        let at = locate_from(&text, &format!("\"{hex}\""), from);
        if let Some(a) = at {
            from = a + hex.len() + 2;
        }
        let fail = |msg: String| match at {
            Some(a) => {
                let (l, c) = line_col(&text, a);
                DataError::at(&file, l, c, msg)
            }
            None => error_near(&file, &text, hex, msg),
        };
        let c: Coord = hex.parse().map_err(&fail)?;
        if !on_tile(c) {
            return Err(fail(format!(
                "hexside at {hex} is off the map ({cols} columns, {rows} rows)"
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
                "the side between {c} and {other} is listed twice (one feature per hexside): {feature}"
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
        if let Ok(c) = h.parse::<Coord>() {
            marks.entry(c).or_default().push(m.clone());
        }
    }
    HexMap {
        cols,
        rows,
        terrain_names: names,
        terrain,
        level,
        marks,
        hexsides: t
            .hexsides
            .iter()
            .filter_map(|(h, dir, feature)| {
                Some(Hexside {
                    hex: h.parse().ok()?,
                    dir: *dir,
                    feature: feature.clone(),
                })
            })
            .collect(),
    }
}
