//! Loading and checking the strategic game's data: the rules tables, the strategic
//! counters (checked against the tactical counter mix, whose strategic units they are)
//! and the campaign set-up with its reinforcement track. Every error names the file,
//! line and column and what was expected; nothing here panics on bad data.

use super::data::{CampaignDef, Counters, Tables};
use super::state::Static;
use crate::core::data::{error_near, expect_game, parse_ron, read_text};
use crate::core::error::DataError;
use crate::core::hexmap::{Coord, HexMap};
use crate::core::maptile::{load_tile, tile_to_map};
use crate::core::spans::Located;
use crate::games::nez_perce_tactical::data::Counters as TacticalCounters;
use crate::games::nez_perce_tactical::setup::{TacticalData, load_tactical_data};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The game id used in scenario ids and data folders.
pub const GAME: &str = "nez_perce_strategic";

/// Load and check the strategic rules tables.
pub fn load_tables_file(path: &Path) -> Result<Tables, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let t: Tables = parse_ron(&file, &text)?;
    let err = |needle: &str, msg: String| error_near(&file, &text, needle, msg);
    let mut keys = BTreeSet::new();
    for r in &t.terrain {
        if !keys.insert(r.key.as_str()) {
            return Err(err(&r.key, format!("terrain '{}' is listed twice", r.key)));
        }
        if r.mp == 0 {
            return Err(err(
                &r.key,
                format!("terrain '{}' costs 0 MP; every hex costs at least 1", r.key),
            ));
        }
    }
    if t.terrain.is_empty() {
        return Err(err("terrain", "the terrain chart has no rows".into()));
    }
    let s = &t.search;
    if s.die_min > s.die_max || s.sup_min > s.sup_max {
        return Err(err(
            "search",
            format!(
                "the Search Table's rows {}..{} or columns {}..{} are empty",
                s.die_min, s.die_max, s.sup_min, s.sup_max
            ),
        ));
    }
    if t.supply.limit == 0 {
        return Err(err(
            "limit",
            "a town or fort supplies at least one unit (B3.0)".into(),
        ));
    }
    if t.indian_fast_every.value < 1 {
        return Err(err(
            "indian_fast_every",
            "Fast movement every N turns needs N >= 1 (B4.3)".into(),
        ));
    }
    for (a, b) in &t.river.free_hexsides {
        for h in [a, b] {
            h.parse::<Coord>()
                .map_err(|e| err(h, format!("free crossing hexside: {e}")))?;
        }
    }
    t.sitting_bull
        .hex
        .parse::<Coord>()
        .map_err(|e| err(&t.sitting_bull.hex, format!("Sitting Bull's hex: {e}")))?;
    let levels = &t.victory.levels;
    if levels.is_empty() || levels.windows(2).any(|w| w[0].min <= w[1].min) {
        return Err(err(
            "levels",
            "the victory levels must be listed from the highest margin down, each lower than the last (D2.0)".into(),
        ));
    }
    Ok(t)
}

/// Load and check the strategic counters: ids unique, every strategic unit of the
/// tactical counter mix present with the same side, and movement allowances that make
/// sense (Fast at least Normal).
pub fn load_counters_file(path: &Path, tactical: &TacticalCounters) -> Result<Counters, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let c: Counters = parse_ron(&file, &text)?;
    let err = |needle: &str, msg: String| error_near(&file, &text, needle, msg);
    let mut ids = BTreeSet::new();
    for (i, u) in c.units.iter().enumerate() {
        if let Some(e) = crate::core::data::id_error(&u.id) {
            return Err(Located::new(&file, &text).at(&format!("units[{i}].id"), e));
        }
        if !ids.insert(u.id.as_str()) {
            return Err(err(
                &u.id,
                format!("strategic unit '{}' is listed twice", u.id),
            ));
        }
        if u.fast < u.normal {
            return Err(err(
                &u.id,
                format!(
                    "'{}': Fast movement {} is below Normal {} (B4.1)",
                    u.id, u.fast, u.normal
                ),
            ));
        }
        if let Some(t) = tactical.strategic.iter().find(|t| t.id == u.id)
            && t.side != u.side
        {
            return Err(err(
                &u.id,
                format!(
                    "'{}' fights for the {:?} side in the tactical counter mix, not {:?}",
                    u.id, t.side, u.side
                ),
            ));
        }
    }
    if let Some(t) = tactical
        .strategic
        .iter()
        .find(|t| !ids.contains(t.id.as_str()))
    {
        return Err(Located::new(&file, &text).at(
            "units",
            format!(
                "the tactical counter mix has strategic unit '{}', which has no strategic counter here: add one to `units`",
                t.id
            ),
        ));
    }
    Ok(c)
}

/// Load and check the campaign set-up: the game, every unit known and placed at most
/// once (at the start or on the track), hex numbers, and track turns within the game.
pub fn load_campaign_file(
    path: &Path,
    counters: &Counters,
    tables: &Tables,
) -> Result<CampaignDef, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let c: CampaignDef = parse_ron(&file, &text)?;
    expect_game(&file, &text, GAME)?;
    let loc = Located::new(&file, &text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    let known = |id: &str| counters.units.iter().any(|u| u.id == id);
    let mut placed = BTreeSet::new();
    let last = tables.last_turn.value.max(1) as u32;
    // Each entry with the paths of its unit, hex and turn in the file.
    let entries = c
        .start
        .iter()
        .enumerate()
        .map(|(i, (u, h))| {
            (
                u,
                h,
                None,
                [
                    format!("start[{i}][0]"),
                    format!("start[{i}][1]"),
                    String::new(),
                ],
            )
        })
        .chain(c.track.iter().enumerate().map(|(i, t)| {
            (
                &t.unit,
                &t.hex,
                Some(t.turn),
                [
                    format!("track[{i}].unit"),
                    format!("track[{i}].hex"),
                    format!("track[{i}].turn"),
                ],
            )
        }));
    for (unit, hex, turn, [up, hp, tp]) in entries {
        if !known(unit) {
            return Err(err(
                &up,
                format!("no strategic counter '{unit}' in counters.ron"),
            ));
        }
        if !placed.insert(unit.as_str()) {
            return Err(err(&up, format!("'{unit}' is set up twice")));
        }
        hex.parse::<Coord>()
            .map_err(|e| err(&hp, format!("{unit}: {e}")))?;
        if let Some(t) = turn
            && !(1..=last).contains(&t)
        {
            return Err(err(
                &tp,
                format!("{unit} activates on turn {t}, outside 1..={last}"),
            ));
        }
    }
    for (i, r) in c.removals.iter().enumerate() {
        if !placed.contains(r.unit.as_str()) {
            return Err(err(
                &format!("removals[{i}].unit"),
                format!("'{}' is removed but never set up", r.unit),
            ));
        }
    }
    Ok(c)
}

/// The strategic game's rules folder (`rules/nez_perce_strategic`).
pub fn rules_dir(root: &Path) -> PathBuf {
    root.join("rules").join(GAME)
}

/// The file of a scenario id (`nez_perce_strategic/campaign` or `campaign`).
pub fn scenario_path(root: &Path, id: &str) -> PathBuf {
    let stem = id.strip_prefix(&format!("{GAME}/")).unwrap_or(id);
    root.join("scenarios")
        .join(GAME)
        .join(format!("{stem}.ron"))
}

/// The marks the strategic map may carry: plain ones, and prefixed ones that name a
/// place (`town:helena`, `fort:shaw`, `place:Lolo Pass`).
const MARKS: [&str; 4] = ["idaho", "canada", "minor_river", "yellowstone_south"];
const MARK_PREFIXES: [&str; 3] = ["town:", "fort:", "place:"];
/// The one hexside feature of the strategic map (B4.4.2).
const MAJOR_RIVER: &str = "major_river";

/// Load and check the strategic map: every legend key a row of the terrain chart, every
/// mark one the rules read, every hexside a major river, at most one town or fort a
/// hex, and each town's city-defence entry (C2.7) in the tactical counter mix.
pub fn load_map_file(path: &Path, tables: &Tables) -> Result<HexMap, DataError> {
    let tile = load_tile(path)?;
    let text = read_text(path)?;
    let file = path.display().to_string();
    let loc = Located::new(&file, &text);
    for (ch, key) in &tile.legend {
        if !tables.terrain.iter().any(|t| &t.key == key) {
            let keys: Vec<&str> = tables.terrain.iter().map(|t| t.key.as_str()).collect();
            return Err(loc.at(
                &format!("legend{{{ch}}}"),
                format!(
                    "legend '{ch}' names terrain '{key}', not one of the terrain chart's {}",
                    keys.join(", ")
                ),
            ));
        }
    }
    let mut towns: BTreeSet<&str> = BTreeSet::new();
    for (i, (hex, mark)) in tile.marks.iter().enumerate() {
        let needle = format!("marks[{i}][1]");
        if !MARKS.contains(&mark.as_str()) && !MARK_PREFIXES.iter().any(|p| mark.starts_with(p)) {
            return Err(loc.at(
                &needle,
                format!(
                    "mark '{mark}' at {hex} is not one the rules read: {}, or a name after {}",
                    MARKS.join(", "),
                    MARK_PREFIXES.join(" ")
                ),
            ));
        }
        if (mark.starts_with("town:") || mark.starts_with("fort:")) && !towns.insert(hex) {
            return Err(loc.at(
                &needle,
                format!("{hex} has two towns or forts; a hex holds at most one"),
            ));
        }
    }
    for (i, (hex, _, f)) in tile.hexsides.iter().enumerate() {
        if f != MAJOR_RIVER {
            return Err(loc.at(
                &format!("hexsides[{i}][2]"),
                format!(
                    "hexside at {hex} is '{f}'; the strategic map knows only '{MAJOR_RIVER}' (B4.4.2)"
                ),
            ));
        }
    }
    Ok(tile_to_map(&tile))
}

/// Load the shipped tables and counters (the counters checked against the tactical
/// counter mix).
pub fn load_rules(root: &Path, tactical: &TacticalData) -> Result<(Tables, Counters), DataError> {
    let tables_path = rules_dir(root).join("tables.ron");
    let tables = load_tables_file(&tables_path)?;
    check_tactical_maps(&tables_path, &tables, tactical)?;
    let counters = load_counters_file(&rules_dir(root).join("counters.ron"), &tactical.counters)?;
    Ok((tables, counters))
}

/// Every terrain's combats are fought on a tactical map that exists (C2.0): checked at
/// the terrain's `tactical_map` in the tables file at `path`.
pub fn check_tactical_maps(
    path: &Path,
    tables: &Tables,
    tactical: &TacticalData,
) -> Result<(), DataError> {
    let Some(i) = tables
        .terrain
        .iter()
        .position(|r| !tactical.maps.contains_key(&r.tactical_map))
    else {
        return Ok(());
    };
    let text = read_text(path)?;
    let r = &tables.terrain[i];
    let mut known: Vec<&str> = tactical.maps.keys().map(String::as_str).collect();
    known.sort_unstable();
    Err(Located::new(&path.display().to_string(), &text).at(
        &format!("terrain[{i}].tactical_map"),
        format!(
            "terrain '{}' is fought on tactical map '{}', which does not exist (C2.0): the tactical maps are {}",
            r.key,
            r.tactical_map,
            known.join(", ")
        ),
    ))
}

/// Everything a campaign needs, from a campaign file: the rules, the counters, the
/// campaign, its map (`maps/<map>.ron` beside the campaign file's folder, or the
/// shipped one) and the tactical data. Checks that every hex the campaign and tables
/// name is on the map, and that every terrain's tactical map exists.
pub fn load_static(
    root: &Path,
    campaign_path: &Path,
    sitting_bull: bool,
) -> Result<Static, DataError> {
    let tactical = load_tactical_data(root)?;
    let (tables, counters) = load_rules(root, &tactical)?;
    let campaign = load_campaign_file(campaign_path, &counters, &tables)?;
    let text = read_text(campaign_path)?;
    let file = campaign_path.display().to_string();
    let local = campaign_path
        .parent()
        .map(|p| p.join("maps").join(format!("{}.ron", campaign.map)));
    let map_path = match local {
        Some(p) if p.exists() => p,
        _ => root
            .join("scenarios")
            .join(GAME)
            .join("maps")
            .join(format!("{}.ron", campaign.map)),
    };
    if !map_path.exists() {
        return Err(Located::new(&file, &text).at(
            "map",
            format!(
                "no map '{}' ({} does not exist)",
                campaign.map,
                map_path.display()
            ),
        ));
    }
    let map = load_map_file(&map_path, &tables)?;
    let loc = Located::new(&file, &text);
    for (unit, hex, path) in campaign
        .start
        .iter()
        .enumerate()
        .map(|(i, (u, h))| (u, h, format!("start[{i}][1]")))
        .chain(
            campaign
                .track
                .iter()
                .enumerate()
                .map(|(i, t)| (&t.unit, &t.hex, format!("track[{i}].hex"))),
        )
    {
        let c: Coord = hex
            .parse()
            .map_err(|e| loc.at(&path, format!("{unit}: {e}")))?;
        if !map.contains(c) {
            return Err(loc.at(
                &path,
                format!(
                    "{unit} is set up at {hex}, off the {}x{} map",
                    map.cols, map.rows
                ),
            ));
        }
    }
    Ok(Static {
        tables,
        counters,
        campaign,
        map,
        sitting_bull,
        tactical,
        fields: Default::default(),
    })
}
