//! Loading and checking *Battle of the Rosebud*'s data (tables, counters, the map and
//! the scenario) and building the initial state. Every error names the file, line and
//! column and what was expected; nothing here panics on bad data.

use super::data::{
    AmmoRule, Counters, DieTable, Factor, FireResult, FireTable, Kind, MeleeTable, Mode,
    RuleOptions, ScenarioDef, Side, Tables, melee_cell,
};
use super::state::{Leader, Loc, Phase, State, Static, Unit};
use crate::core::bands::{Drm, check_cover, check_keys};
use crate::core::data::{error_near, expect_game, parse_ron, read_text};
use crate::core::dice::Dice;
use crate::core::error::DataError;
use crate::core::game::LogEntry;
use crate::core::hexmap::HexMap;
use crate::core::maptile::{load_tile_levels, tile_to_map};
use crate::core::spans::Located;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The game id used in scenario ids and data folders.
pub const GAME: &str = "rosebud";

/// The map's levels: the battlefield climbs from the creek bottom (Level 1) over
/// several levels (10.D's example has Level 4).
const LEVELS: std::ops::RangeInclusive<u8> = 1..=9;

/// A scenario file's path from its id (`rosebud/battle` or `battle`).
pub fn scenario_path(root: &Path, id: &str) -> PathBuf {
    let stem = id.strip_prefix(&format!("{GAME}/")).unwrap_or(id);
    root.join("scenarios")
        .join(GAME)
        .join(format!("{stem}.ron"))
}

/// Load and check the rules tables.
pub fn load_tables_file(path: &Path) -> Result<Tables, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let t: Tables = parse_ron(&file, &text)?;
    let err = |needle: &str, msg: String| error_near(&file, &text, needle, msg);
    if t.turns.count == 0 || t.turns.minutes == 0 {
        return Err(err("turns", "a battle needs turns of some minutes".into()));
    }
    let mut seen = BTreeSet::new();
    for r in &t.terrain {
        if !seen.insert(&r.terrain) {
            return Err(err(
                &r.terrain,
                format!("terrain '{}' is listed twice", r.terrain),
            ));
        }
        if r.mounted_mp == 0 || r.dismounted_mp == 0 {
            return Err(err(
                &r.terrain,
                format!("terrain '{}' must cost at least 1 MP", r.terrain),
            ));
        }
    }
    check_fire(&t.fire).map_err(|m| err("fire", m))?;
    check_die_table(&t.morale, 2, MORALE_DRM)
        .map_err(|m| err("morale", format!("the Morale Check Table: {m}")))?;
    check_die_table(&t.rally, 1, RALLY_DRM)
        .map_err(|m| err("rally", format!("the Rally Table: {m}")))?;
    check_die_table(&t.lost_horses, 1, LOST_HORSES_DRM)
        .map_err(|m| err("lost_horses", format!("the Lost Horses Table: {m}")))?;
    check_melee(&t.melee).map_err(|m| err("melee", format!("the Melee Table: {m}")))?;
    check_die_table(&t.retreat_before_melee, 1, RBM_DRM).map_err(|m| {
        err(
            "retreat_before_melee",
            format!("the Retreat Before Melee Table: {m}"),
        )
    })?;
    let b = &t.breastworks;
    if b.range == 0 || b.per_train == 0 || b.markers == 0 {
        return Err(err(
            "breastworks",
            "Breastworks need a Pack Train range, a number a train can make and a number of markers, each at least 1 (16C)".into(),
        ));
    }
    check_die_table(&t.leader_loss, 2, &[])
        .map_err(|m| err("leader_loss", format!("the Leader Loss Check Table: {m}")))?;
    check_die_table(&t.wound_severity, 1, &[])
        .map_err(|m| err("wound_severity", format!("the Wound Severity Table: {m}")))?;
    if t.ammo.depleted_max > 6 || !(2..=12).contains(&t.ammo.check_total) {
        return Err(err(
            "ammo",
            "the ammunition check reads a natural 2d6 total (2-12) and a re-roll of 1d6".into(),
        ));
    }
    let a = &t.ammo_roster;
    if a.boxes.is_empty()
        || a.boxes.iter().any(|&(k, n)| {
            n == 0
                || !matches!(
                    k,
                    Kind::Cavalry | Kind::Infantry | Kind::Miners | Kind::Scout
                )
        })
        || a.vp_small_arms == 0
    {
        return Err(err(
            "ammo_roster",
            "the Ammo Roster gives at least 1 box to each of Cavalry, Infantry, Miners or Scout units (14D: 'Each Cavalry, Infantry, Miner and Scout unit has ammo points'), and a number of small arms per VP of at least 1".into(),
        ));
    }
    let g = &t.grass_fire;
    if !(2..=12).contains(&g.natural) || !(1..=6).contains(&g.start_max) || g.burn == 0 {
        return Err(err(
            "grass_fire",
            "a grass fire starts on a natural 2d6 total (2-12) and a 1d6 roll of 1-6, and burns at least 1 turn".into(),
        ));
    }
    if let Some(bad) = g
        .terrain
        .iter()
        .find(|n| !t.terrain.iter().any(|r| &r.terrain == *n))
    {
        return Err(err(
            "grass_fire",
            format!("the terrain '{bad}' is not in the Terrain Effects Chart"),
        ));
    }
    let r = &t.rout;
    if [
        r.mandatory,
        r.mandatory_mounted,
        r.subsequent,
        r.subsequent_mounted,
    ]
    .contains(&0)
    {
        return Err(err(
            "rout",
            "every rout distance must be at least 1 hex".into(),
        ));
    }
    if t.victory.bands.is_empty()
        || t.victory
            .bands
            .windows(2)
            .any(|w| w[0].from_ratio <= w[1].from_ratio)
        || t.victory.bands.last().is_some_and(|b| b.from_ratio > 1.0)
    {
        return Err(err(
            "bands",
            "the Victory Levels run from the highest ratio down to a Draw band from 1.0".into(),
        ));
    }
    Ok(t)
}

/// The Fire Table's modifier keys, as the engine asks for them.
pub const FIRE_DRM: &[&str] = &[
    "target_mounted",
    "target_prone_or_pinned",
    "target_uphill",
    "firer_mounted",
    "firer_prone",
    "firer_disrupted",
];
/// The fire strength factor keys.
pub const FIRE_FACTORS: &[&str] = &[
    "pinned",
    "low_ammo",
    "opportunity",
    "advance",
    "offensive_half",
    "ammo_half",
];
/// The Morale Check Table's modifier keys.
pub const MORALE_DRM: &[&str] = &["mc_minus_1", "two_cp", "disrupted", "pinned", "routed"];
/// The Rally Table's modifier keys.
pub const RALLY_DRM: &[&str] = &[
    "self_rally_outside_radius",
    "pinned_and_routed",
    "rout_refuge",
    "routed_adjacent_enemy",
];
/// The Melee Table's modifier keys.
pub const MELEE_DRM: &[&str] = &[
    "infantry_attack",
    "defender_pinned_or_prone",
    "breastworks",
    "defender_disrupted",
    "attacker_disrupted",
    "uphill",
];
/// The melee strength factor keys.
pub const MELEE_FACTORS: &[&str] = &["infantry_defending", "routed_defending", "low_ammo_us"];
/// The Retreat Before Melee Table's modifier keys.
pub const RBM_DRM: &[&str] = &["mounted", "prone", "routed"];

/// Check the Melee Table: two lines of as many columns as every row has cells, odds
/// rising, cells of 10C's results.
fn check_melee(m: &MeleeTable) -> Result<(), String> {
    let n = m.us_line.len();
    if n == 0 || m.indian_line.len() != n {
        return Err(format!(
            "the US line has {n} columns and the Indian line {}: they share one grid",
            m.indian_line.len()
        ));
    }
    for line in [&m.us_line, &m.indian_line] {
        if line.iter().any(|&(a, d)| a == 0 || d == 0)
            || line.windows(2).any(|w| w[0].0 * w[1].1 >= w[1].0 * w[0].1)
        {
            return Err("each line's odds must rise from column to column".into());
        }
    }
    if m.rows.is_empty() {
        return Err("no rows".into());
    }
    for (i, row) in m.rows.iter().enumerate() {
        let cells: Vec<&str> = row.split_whitespace().collect();
        if cells.len() != n {
            return Err(format!(
                "row {} has {} cells for {n} columns",
                i + 1,
                cells.len()
            ));
        }
        if let Some(bad) = cells.iter().find(|c| melee_cell(c).is_none()) {
            return Err(format!(
                "row {}: '{bad}' is not a result of 10C (ATTACKER/DEFENDER, each '-' or cN, r1, r2, Rt)",
                i + 1
            ));
        }
    }
    check_keys(&m.drm, MELEE_DRM)?;
    check_factor_keys(&m.factors, MELEE_FACTORS)
}

/// Check that a list of strength factors has every key the engine asks for, and nothing
/// else.
fn check_factor_keys(factors: &[Factor], keys: &[&str]) -> Result<(), String> {
    let as_drm: Vec<Drm> = factors
        .iter()
        .map(|x| Drm {
            key: x.key.clone(),
            value: 0,
            when: x.when.clone(),
            source: x.source.clone(),
        })
        .collect();
    check_keys(&as_drm, keys).map_err(|e| e.replace("modifier", "strength factor"))
}

/// The Lost Horses Table's modifier keys.
pub const LOST_HORSES_DRM: &[&str] = &["indian_adjacent", "no_indian_near"];

/// Check a die table: its dice, that its bands cover every roll once, and its keys.
fn check_die_table<R>(t: &DieTable<R>, dice: u8, keys: &[&str]) -> Result<(), String> {
    if t.dice != dice {
        return Err(format!("it rolls {dice}d6, not {}d6", t.dice));
    }
    check_cover(&t.bands)?;
    check_keys(&t.drm, keys)
}

/// Check the Fire Combat Results Table: ascending columns from 0, one cell per column in
/// every row, only the results 9D names, the modifier and factor keys, and the ranges.
fn check_fire(f: &FireTable) -> Result<(), String> {
    if f.columns.first() != Some(&0.0) || f.columns.windows(2).any(|w| w[0] >= w[1]) {
        return Err("the fire columns rise from 0 (the '<1' column)".into());
    }
    if f.rows.is_empty() {
        return Err("the Fire Combat Results Table has no rows".into());
    }
    for (i, row) in f.rows.iter().enumerate() {
        let cells: Vec<&str> = row.split_whitespace().collect();
        if cells.len() != f.columns.len() {
            return Err(format!(
                "fire row {} (total {}) has {} cells for {} columns",
                i + 1,
                f.first_total + i as i32,
                cells.len(),
                f.columns.len()
            ));
        }
        if let Some(bad) = cells.iter().find(|c| FireResult::parse(c).is_none()) {
            return Err(format!(
                "fire row {}: '{bad}' is not a result of 9D (-, MC, MC-1, 1CP, 2CP)",
                i + 1
            ));
        }
    }
    check_keys(&f.drm, FIRE_DRM)?;
    check_factor_keys(&f.factors, FIRE_FACTORS)?;
    if f.ranges.iter().any(|r| r.max_range == 0) {
        return Err("a fire range must be at least 1 hex".into());
    }
    Ok(())
}

/// Load and check the counters.
pub fn load_counters_file(path: &Path) -> Result<Counters, DataError> {
    // The counters are checked against the stacking limit of the tables beside them.
    let tables = path
        .parent()
        .map(|d| d.join("tables.ron"))
        .filter(|t| t.exists())
        .map(|t| load_tables_file(&t))
        .transpose()?;
    load_counters_with(path, tables.as_ref())
}

/// Load and check a counters file, and with `tables` each unit against its stacking
/// limit: a unit counting by its Combat Factor must fit in a hex (6A), or no hex could
/// hold it at the end of a phase and it could never move or stay anywhere.
pub fn load_counters_with(path: &Path, tables: Option<&Tables>) -> Result<Counters, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let c: Counters = parse_ron(&file, &text)?;
    let loc = Located::new(&file, &text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    if let Some(t) = tables {
        let max = t.stacking.max_cf;
        for (i, u) in c.units.iter().enumerate() {
            let Some(class) = c.classes.iter().find(|k| k.key == u.class) else {
                continue;
            };
            for (face, f) in [("mounted", u.mounted), ("dismounted", u.dismounted)] {
                let points = class.stacking.unwrap_or(f.cf);
                let at = if class.stacking.is_some() {
                    format!(
                        "classes[{}].stacking",
                        c.classes.iter().position(|k| k.key == u.class).unwrap_or(0)
                    )
                } else {
                    format!("units[{i}].{face}.cf")
                };
                if points > max {
                    return Err(err(
                        &at,
                        format!(
                            "unit '{}' counts {points} toward stacking on its {face} face, above the {max} CF a hex may hold (6A): allowed 0-{max}",
                            u.id
                        ),
                    ));
                }
                if f.ma > MAX_MA {
                    return Err(err(
                        &format!("units[{i}].{face}.ma"),
                        format!(
                            "unit '{}' has a Movement Allowance of {} on its {face} face: allowed 0-{MAX_MA} (7)",
                            u.id, f.ma
                        ),
                    ));
                }
            }
        }
    }
    let mut ids = BTreeSet::new();
    for (i, u) in c.units.iter().enumerate() {
        if let Some(e) = crate::core::data::id_error(&u.id) {
            return Err(err(&format!("units[{i}].id"), e));
        }
        if !ids.insert(u.id.as_str()) {
            return Err(err(
                &format!("units[{i}].id"),
                format!("unit id '{}' is used twice", u.id),
            ));
        }
        if !c.classes.iter().any(|k| k.key == u.class) {
            return Err(err(
                &format!("units[{i}].class"),
                format!(
                    "unit '{}' has class '{}', which is not in classes",
                    u.id, u.class
                ),
            ));
        }
    }
    for (i, u) in c.units.iter().enumerate() {
        if let Some(h) = &u.holder
            && !c.units.iter().any(|x| &x.id == h)
        {
            return Err(err(
                &format!("units[{i}].holder"),
                format!("unit '{}' names a Holder '{h}' that is not a unit", u.id),
            ));
        }
    }
    for (i, u) in c.units.iter().enumerate() {
        if let Some(t) = &u.train
            && !c.units.iter().any(|x| {
                &x.id == t
                    && c.classes
                        .iter()
                        .any(|k| k.key == x.class && k.kind == Kind::PackTrain)
            })
        {
            return Err(err(
                &format!("units[{i}].train"),
                format!(
                    "unit '{}' is the Personnel of '{t}', which is not a Pack Train (15B)",
                    u.id
                ),
            ));
        }
    }
    for (i, l) in c.leaders.iter().enumerate() {
        let lp = format!("leaders[{i}]");
        if let Some(e) = crate::core::data::id_error(&l.id) {
            return Err(err(&format!("{lp}.id"), e));
        }
        if !ids.insert(l.id.as_str()) {
            return Err(err(
                &format!("{lp}.id"),
                format!("id '{}' is used twice", l.id),
            ));
        }
        if l.wounded.rating > l.rating || l.wounded.radius > l.radius {
            return Err(err(
                &format!("{lp}.wounded"),
                format!(
                    "Leader '{}': the wounded side has reduced ratings (12D1), not {}/{} against {}/{}",
                    l.id, l.wounded.rating, l.wounded.radius, l.rating, l.radius
                ),
            ));
        }
        if l.replacement && l.side != Side::US {
            return Err(err(
                &format!("{lp}.replacement"),
                format!(
                    "Leader '{}': only the US player has Replacement Leaders (12D6)",
                    l.id
                ),
            ));
        }
        if l.vp.killed < 0 || l.vp.wounded < 0 || l.vp.wounded > l.vp.killed {
            return Err(err(
                &format!("{lp}.vp"),
                format!(
                    "Leader '{}': the VPs for a wound ({}) must be between 0 and those for his death ({})",
                    l.id, l.vp.wounded, l.vp.killed
                ),
            ));
        }
    }
    Ok(c)
}

/// Load and check the map tile (a game map of printed hexes, levels 1-9).
pub fn load_map_file(path: &Path, tables: &Tables) -> Result<HexMap, DataError> {
    let tile = load_tile_levels(path, LEVELS)?;
    let text = read_text(path)?;
    let file = path.display().to_string();
    for key in tile.legend.values() {
        if !tile.unprinted.contains(key) && !tables.terrain.iter().any(|r| &r.terrain == key) {
            return Err(error_near(
                &file,
                &text,
                key,
                format!(
                    "terrain '{key}' is not in the Terrain Effects Chart (rules/rosebud/tables.ron)"
                ),
            ));
        }
    }
    for (_, _, f) in &tile.hexsides {
        if !tables.hexsides.iter().any(|r| &r.feature == f) {
            return Err(error_near(
                &file,
                &text,
                f,
                format!("hexside feature '{f}' is not in the Terrain Effects Chart"),
            ));
        }
    }
    Ok(tile_to_map(&tile))
}

/// The rules tables and counters of the game.
pub fn load_rules(root: &Path) -> Result<(Tables, Counters), DataError> {
    let dir = root.join("rules").join(GAME);
    let tables = load_tables_file(&dir.join("tables.ron"))?;
    let counters = load_counters_with(&dir.join("counters.ron"), Some(&tables))?;
    Ok((tables, counters))
}

/// The most Movement Points a unit's face may print: far more than any counter of the
/// game has (the cavalry's 12 MP, 7), and small enough that no sum of costs overflows.
const MAX_MA: u32 = 99;

/// Load a scenario with everything it needs, checked together.
pub fn load_static(root: &Path, path: &Path) -> Result<Static, DataError> {
    let (tables, counters) = load_rules(root)?;
    let text = read_text(path)?;
    let file = path.display().to_string();
    expect_game(&file, &text, GAME)?;
    let sc: ScenarioDef = parse_ron(&file, &text)?;
    let loc = Located::new(&file, &text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    let map_path = root
        .join("scenarios")
        .join(GAME)
        .join("maps")
        .join(format!("{}.ron", sc.map));
    if !map_path.exists() {
        return Err(err(
            "map",
            format!("no map '{}' in scenarios/{GAME}/maps/", sc.map),
        ));
    }
    let map = load_map_file(&map_path, &tables)?;
    let class_idx = counters
        .units
        .iter()
        .map(|u| {
            counters
                .classes
                .iter()
                .position(|k| k.key == u.class)
                .unwrap_or(0)
        })
        .collect();
    let mut st = Static {
        tables,
        counters,
        scenario: sc.clone(),
        map,
        class_idx,
        options: RuleOptions::default(),
        sides: Default::default(),
        entry_areas: Default::default(),
    };
    st.index_sides();
    let mut placed = BTreeSet::new();
    for (i, p) in sc.setup.iter().enumerate() {
        let pp = format!("setup[{i}]");
        let known = st.counters.units.iter().any(|u| u.id == p.id)
            || st.counters.leaders.iter().any(|l| l.id == p.id);
        if !known {
            return Err(err(
                &format!("{pp}.id"),
                format!("'{}' is not a unit or Leader of counters.ron", p.id),
            ));
        }
        if !placed.insert(&p.id) {
            return Err(err(
                &format!("{pp}.id"),
                format!("'{}' is placed twice", p.id),
            ));
        }
        if let Some(h) = &p.hex {
            let hp = format!("{pp}.hex");
            let c = st.map.parse(h).map_err(|e| err(&hp, e))?;
            if !st.on_board(c) {
                return Err(err(&hp, format!("{h} is not a printed hex of the map")));
            }
        }
    }
    for (i, e) in sc.entries.iter().enumerate() {
        if !st.map.coords().any(|c| st.map.has_mark(c, &e.mark)) {
            return Err(err(
                &format!("entries[{i}].mark"),
                format!("no hex of the map carries the mark '{}'", e.mark),
            ));
        }
    }
    if let Some(p) = &sc.post {
        if st
            .map
            .coords()
            .filter(|&c| st.map.has_mark(c, &p.mark))
            .count()
            != 1
        {
            return Err(err(
                "post.mark",
                format!(
                    "the post's mark '{}' must be on exactly one hex (16D)",
                    p.mark
                ),
            ));
        }
        for (k, id) in p.pieces.iter().enumerate() {
            if st.counters.units.iter().all(|u| &u.id != id)
                && st.counters.leaders.iter().all(|l| &l.id != id)
            {
                return Err(err(
                    &format!("post.pieces[{k}]"),
                    format!("the post binds '{id}', which is not a unit or Leader (16D)"),
                ));
            }
        }
    }
    for (i, h) in sc.hills.iter().enumerate() {
        if !st.map.coords().any(|c| st.map.has_mark(c, &h.mark)) {
            return Err(err(
                &format!("hills[{i}].mark"),
                format!("no hex of the map carries the mark '{}'", h.mark),
            ));
        }
    }
    Ok(st)
}

/// A unit's full Ammo Roster in half-boxes under 14D Option #2, or a Pack Train's small
/// arms (also in halves); 0 under the other ammunition rules or for other units.
pub fn roster_halves(stat: &Static, kind: Kind) -> u32 {
    if stat.options.ammo != AmmoRule::Roster {
        return 0;
    }
    let r = &stat.tables.ammo_roster;
    if kind == Kind::PackTrain {
        return 2 * r.pack_train;
    }
    r.boxes
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(0, |(_, n)| 2 * n)
}

/// The opening log's line on the optional rules in play.
pub fn options_line(o: &RuleOptions) -> String {
    let mut on = vec![];
    match o.ammo {
        AmmoRule::Basic => {}
        AmmoRule::FirstFire => on.push("14D Option #1 (a US unit's first fire cannot deplete it)"),
        AmmoRule::Roster => {
            on.push("14D Option #2, the Ammo Roster (the boxes per unit RECONSTRUCTED)")
        }
    }
    if o.indian_resupply {
        on.push("14C's Indian re-supply in melee");
    }
    if o.grass_fires {
        on.push("grass fires (how one starts RECONSTRUCTED)");
    }
    let mut line = if on.is_empty() {
        "Optional rules: none (14A-14C ammunition, no grass fires)".to_string()
    } else {
        format!("Optional rules: {}", on.join("; "))
    };
    if o.no_voluntary_rout {
        line.push_str(". Played without Voluntary Rout (10J1)");
    }
    line
}

/// The optional rules of a game from its options in notation (already checked in form
/// against the registry's list).
pub fn rule_options(options: &[String]) -> Result<RuleOptions, String> {
    let mut o = RuleOptions::default();
    for opt in options {
        match opt.trim().split_once('=') {
            None if opt.trim() == "no_voluntary_rout" => o.no_voluntary_rout = true,
            None if opt.trim() == "indian_resupply" => o.indian_resupply = true,
            None if opt.trim() == "grass_fires" => o.grass_fires = true,
            Some(("ammo", "first_fire")) => o.ammo = AmmoRule::FirstFire,
            Some(("ammo", "roster")) => o.ammo = AmmoRule::Roster,
            Some(("ammo", v)) => {
                return Err(format!(
                    "ammo={v}: 14D's options are first_fire (Option #1) and roster (Option #2)"
                ));
            }
            _ => return Err(format!("unknown option '{opt}'")),
        }
    }
    Ok(o)
}

/// The initial state: the US set up as the scenario places it (18), the Indians and
/// their Leaders waiting to enter on turn 1, every Holder off the map until its unit
/// dismounts (the US Holders of the set-up are placed beside their units).
pub fn new_state(stat: Arc<Static>, seed: u64) -> State {
    let sc = &stat.scenario;
    let units = (0..stat.counters.units.len())
        .map(|i| {
            let d = &stat.counters.units[i];
            let class = stat.class_of(d);
            let p = sc.setup.iter().find(|p| p.id == d.id);
            let at = match p.and_then(|p| p.hex.as_deref()) {
                Some(h) => stat.map.parse(h).map_or(Loc::Off, Loc::Map),
                None if class.side == Side::Indian && class.kind == Kind::Warrior => Loc::Entering,
                None => Loc::Off,
            };
            Unit {
                def: i,
                at,
                mode: p.map_or(Mode::Dismounted, |p| p.mode),
                cp: 0,
                disrupted: false,
                spent: 0,
                moved: false,
                horseless: false,
                pinned: false,
                routed: false,
                low_ammo: false,
                fired: false,
                offensive: None,
                ammo: if class.kind == Kind::PackTrain {
                    stat.tables.ammo.pack_train
                } else {
                    0
                },
                supplying: false,
                meleed: false,
                melee_at: None,
                charge: None,
                works: 0,
                advance_at: None,
                fired_once: false,
                halves: roster_halves(&stat, class.kind),
            }
        })
        .collect();
    let leaders = (0..stat.counters.leaders.len())
        .map(|i| {
            let d = &stat.counters.leaders[i];
            let p = sc.setup.iter().find(|p| p.id == d.id);
            let at = match p.and_then(|p| p.hex.as_deref()) {
                Some(h) => stat.map.parse(h).map_or(Loc::Off, Loc::Map),
                None if d.side == Side::Indian => Loc::Entering,
                None => Loc::Off,
            };
            Leader {
                def: i,
                at,
                spent: 0,
                pinned: false,
                wound: None,
            }
        })
        .collect();
    let intro = vec![
        LogEntry::public(format!(
            "{}: turn 1 ({:02}:{:02}), the Indian player turn; the Indians enter the map (18)",
            sc.name,
            stat.tables.turns.first_minute / 60,
            stat.tables.turns.first_minute % 60
        )),
        LogEntry::public(options_line(&stat.options)),
    ];
    State {
        stat,
        turn: 1,
        phasing: Side::Indian,
        phase: Phase::Movement,
        units,
        leaders,
        vp: [0, 0],
        pending: vec![],
        losses: [0, 0],
        vacated: vec![],
        hills_taken: vec![],
        post_released: false,
        breastworks: vec![],
        building: None,
        village: None,
        grass_fires: vec![],
        entered: vec![],
        dice: Dice::new(seed),
        reveals: 0,
        result: None,
        intro,
    }
}
