//! Loading and checking the tactical game's data (tables, counter mix, maps, combat
//! scenarios) and building a combat's initial state. Every error names the file, line
//! and column and what was expected; nothing here panics on bad data. The set-up
//! checks enforce the state of contact's placement rules (C2.3-C2.7).

use super::data::{CounterDef, Counters, Faces, ScenarioDef, Side, Start, Tables, Trigger};
use super::state::{Loc, Pending, Pin, State, Static, Unit};
use crate::core::data::{error_near, expect_game, parse_ron, read_text};
use crate::core::dice::Dice;
use crate::core::error::DataError;
use crate::core::hexmap::{Coord, HexMap};
use crate::core::maptile::{load_tile, tile_to_map};
use crate::core::spans::Located;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The game id used in scenario ids and data folders.
pub const GAME: &str = "nez_perce_tactical";

/// The rules folder.
fn rules_dir(root: &Path) -> PathBuf {
    root.join("rules").join(GAME)
}

/// Load and check the rules tables file.
pub fn load_tables_file(path: &Path) -> Result<Tables, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let t: Tables = parse_ron(&file, &text)?;
    let err = |needle: &str, msg: String| error_near(&file, &text, needle, msg);
    let widths: BTreeSet<usize> = t
        .fire
        .rows
        .iter()
        .map(|r| r.split_whitespace().count())
        .collect();
    if t.fire.rows.is_empty() || widths.len() != 1 {
        return Err(err(
            "fire",
            "every Fire Results Table row needs the same number of cells".into(),
        ));
    }
    for r in &t.fire.rows {
        if let Some(bad) = r
            .split_whitespace()
            .find(|c| !["-", "P1", "P2", "M", "K"].contains(c))
        {
            return Err(err(
                r,
                format!("fire table cell '{bad}' is not -, P1, P2, M or K"),
            ));
        }
    }
    if !(0..=20).contains(&t.melee.max_superiority) || t.melee.rows.is_empty() {
        return Err(err(
            "max_superiority",
            "the Melee Results Table needs rows and a max_superiority of 0 to 20".into(),
        ));
    }
    let mcols = t.melee.max_superiority as usize + 1;
    for r in &t.melee.rows {
        let cells: Vec<&str> = r.split_whitespace().collect();
        if cells.len() != mcols || cells.iter().any(|c| !c.contains('/')) {
            return Err(err(
                r,
                format!("melee table rows need {mcols} cells of the form lower/higher (1K1M/-)"),
            ));
        }
    }
    if t.morale.rows.len() != 6 {
        return Err(err(
            "morale",
            "the Morale Table needs six rows (die 1-6)".into(),
        ));
    }
    for r in &t.morale.rows {
        let cells: Vec<&str> = r.split_whitespace().collect();
        if cells.len() != t.morale.columns.len() || cells.iter().any(|c| *c != "P2R" && *c != "B") {
            return Err(err(
                r,
                format!(
                    "Morale Table rows need {} cells, each P2R or B",
                    t.morale.columns.len()
                ),
            ));
        }
    }
    for (k, col) in &t.contact.columns {
        if col.len() != 6
            || col
                .iter()
                .any(|c| !["Ambushing", "Alerted", "Surprised"].contains(&c.as_str()))
        {
            return Err(err(
                k,
                format!(
                    "State of Contact column {k} needs six entries: Ambushing, Alerted or Surprised"
                ),
            ));
        }
    }
    if t.indirect.scatter.len() != 6 {
        return Err(err(
            "scatter",
            "scatter needs six distances (die 1-6)".into(),
        ));
    }
    if t.terrain.is_empty() {
        return Err(err("terrain", "the terrain chart is empty".into()));
    }
    for c in &t.classes {
        if !t.morale.columns.contains(&c.morale) {
            return Err(err(
                &c.morale,
                format!(
                    "class '{}' names Morale Table column '{}', which does not exist ({})",
                    c.key,
                    c.morale,
                    t.morale.columns.join(", ")
                ),
            ));
        }
        if !t.ranges.iter().any(|r| r.band == c.range) {
            return Err(err(
                &c.range,
                format!(
                    "class '{}' names range band '{}', which does not exist",
                    c.key, c.range
                ),
            ));
        }
    }
    Ok(t)
}

/// Load the rules tables.
pub fn load_tables(root: &Path) -> Result<Tables, DataError> {
    load_tables_file(&rules_dir(root).join("tables.ron"))
}

/// Load and check a counter-mix file against the tables.
pub fn load_counters_file(path: &Path, tables: &Tables) -> Result<Counters, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let c: Counters = parse_ron(&file, &text)?;
    let loc = Located::new(&file, &text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    let mut ids = BTreeSet::new();
    // `path` is where the counter is written (`strategic[2].counters[0]`).
    let check = |d: &CounterDef,
                 side: Option<Side>,
                 ids: &mut BTreeSet<String>,
                 path: &str|
     -> Result<(), DataError> {
        let needle = format!("{path}.id");
        if let Some(e) = crate::core::data::id_error(&d.id) {
            return Err(err(&needle, e));
        }
        if !ids.insert(d.id.clone()) {
            return Err(err(&needle, format!("counter id '{}' is used twice", d.id)));
        }
        let Some(class) = tables.classes.iter().find(|k| k.key == d.class) else {
            let keys: Vec<&str> = tables.classes.iter().map(|k| k.key.as_str()).collect();
            return Err(err(
                &needle,
                format!(
                    "counter '{}' has class '{}', not one of {}",
                    d.id,
                    d.class,
                    keys.join(", ")
                ),
            ));
        };
        if let Some(s) = side
            && class.side != s
        {
            return Err(err(
                &needle,
                format!(
                    "counter '{}' is a {:?} class in a {s:?} unit",
                    d.id, class.side
                ),
            ));
        }
        if class.faces != Faces::Single && d.back.is_none() {
            return Err(err(
                &needle,
                format!("counter '{}' ({}) needs a back face", d.id, class.name),
            ));
        }
        if d.front.dm < 0 || d.front.fs < 0 {
            return Err(err(
                &needle,
                format!("counter '{}' has a negative strength", d.id),
            ));
        }
        Ok(())
    };
    for (i, s) in c.strategic.iter().enumerate() {
        if let Some(e) = crate::core::data::id_error(&s.id) {
            return Err(err(&format!("strategic[{i}].id"), e));
        }
        if !ids.insert(format!("strategic:{}", s.id)) {
            return Err(err(
                &format!("strategic[{i}].id"),
                format!("strategic id '{}' is used twice", s.id),
            ));
        }
        for (k, d) in s.counters.iter().enumerate() {
            check(
                d,
                Some(s.side),
                &mut ids,
                &format!("strategic[{i}].counters[{k}]"),
            )?;
        }
    }
    for (k, d) in c.camps.iter().enumerate() {
        check(d, Some(Side::Army), &mut ids, &format!("camps[{k}]"))?;
    }
    check(&c.city_defence, Some(Side::Army), &mut ids, "city_defence")?;
    Ok(c)
}

/// Load the counter mix.
pub fn load_counters(root: &Path, tables: &Tables) -> Result<Counters, DataError> {
    load_counters_file(&rules_dir(root).join("counters.ron"), tables)
}

/// Load and check a tactical map against the terrain chart.
pub fn load_map_file(path: &Path, tables: &Tables) -> Result<HexMap, DataError> {
    let tile = load_tile(path)?;
    let text = read_text(path)?;
    let file = path.display().to_string();
    let loc = Located::new(&file, &text);
    for (ch, key) in &tile.legend {
        if !tables.terrain.iter().any(|t| &t.terrain == key) {
            let keys: Vec<&str> = tables.terrain.iter().map(|t| t.terrain.as_str()).collect();
            return Err(loc.at(
                &format!("legend{{{ch}}}"),
                format!(
                    "legend '{ch}' names terrain '{key}', not one of {}",
                    keys.join(", ")
                ),
            ));
        }
    }
    for (i, (hex, _, f)) in tile.hexsides.iter().enumerate() {
        if !tables.hexsides.iter().any(|h| &h.feature == f) {
            let keys: Vec<&str> = tables.hexsides.iter().map(|t| t.feature.as_str()).collect();
            return Err(loc.at(
                &format!("hexsides[{i}][2]"),
                format!("hexside at {hex} is '{f}', not one of {}", keys.join(", ")),
            ));
        }
    }
    Ok(tile_to_map(&tile))
}

/// A loaded scenario with everything it needs.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Shared static data.
    pub stat: Arc<Static>,
    /// The counters taking part, in order, with their strategic unit.
    pub counters: Vec<(String, CounterDef)>,
}

/// Scenario ids shipped for this game, sorted.
pub fn scenario_ids(root: &Path) -> Vec<String> {
    crate::core::data::scenario_ids(root, GAME)
}

/// The file of a shipped scenario id (`nez_perce_tactical/white_bird`).
pub fn scenario_path(root: &Path, id: &str) -> PathBuf {
    let stem = id.strip_prefix(&format!("{GAME}/")).unwrap_or(id);
    root.join("scenarios")
        .join(GAME)
        .join(format!("{stem}.ron"))
}

/// Load a scenario by id (`nez_perce_tactical/white_bird`).
pub fn load_scenario_id(root: &Path, id: &str) -> Result<Loaded, DataError> {
    load_scenario_path(root, &scenario_path(root, id))
}

/// The counters of one unit named in a scenario's force.
fn counters_of(c: &Counters, unit: &str) -> Option<Vec<(String, CounterDef)>> {
    if unit == "camps" {
        return Some(
            c.camps
                .iter()
                .map(|d| ("camps".to_string(), d.clone()))
                .collect(),
        );
    }
    if let Some(town) = unit.strip_prefix("town:") {
        let n = c.towns.get(town).copied().unwrap_or(1);
        return Some(
            (1..=n)
                .map(|i| {
                    let mut d = c.city_defence.clone();
                    d.id = format!("{}{i}", c.city_defence.id);
                    d.name = format!("{town} defence {i}");
                    (unit.to_string(), d)
                })
                .collect(),
        );
    }
    let s = c.strategic.iter().find(|s| s.id == unit)?;
    Some(
        s.counters
            .iter()
            .map(|d| (s.id.clone(), d.clone()))
            .collect(),
    )
}

/// Load a scenario file and check it against the tables, counters and map.
pub fn load_scenario_path(root: &Path, path: &Path) -> Result<Loaded, DataError> {
    load_scenario_picked(root, path, &Picks::default())
}

/// What the players picked for a combat they set up (the options `army=`, `indian=`,
/// `map=` and `trigger=`); `None` or empty keeps the scenario's own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picks {
    /// The Army's strategic units.
    pub army: Vec<String>,
    /// The Indian strategic units.
    pub indian: Vec<String>,
    /// The tactical map's id.
    pub map: Option<String>,
    /// What started the combat.
    pub trigger: Option<Trigger>,
}

impl Picks {
    /// Nothing picked: the scenario as written.
    pub fn is_empty(&self) -> bool {
        *self == Picks::default()
    }
}

/// The choices for the set-up options: strategic units of a side (by their names on
/// the counters, with their tactical counter count), the maps, and the two triggers.
pub fn pick_choices(root: &Path, key: &str) -> Vec<(String, String)> {
    let side = match key {
        "army" => Side::Army,
        "indian" => Side::Indian,
        "map" => {
            let mut maps: Vec<(String, String)> =
                std::fs::read_dir(root.join("scenarios").join(GAME).join("maps"))
                    .map(|r| {
                        r.filter_map(|e| e.ok())
                            .map(|e| e.path())
                            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().to_string()))
                            .map(|s| (s.clone(), s.replace('_', " ")))
                            .collect()
                    })
                    .unwrap_or_default();
            maps.sort();
            return maps;
        }
        "trigger" => {
            return vec![
                ("search".into(), "an Army search (C2.2 columns A-B)".into()),
                (
                    "declaration".into(),
                    "an Indian declaration (C2.2 columns C-E)".into(),
                ),
            ];
        }
        _ => return vec![],
    };
    let Ok(t) = load_tables(root) else {
        return vec![];
    };
    let Ok(c) = load_counters(root, &t) else {
        return vec![];
    };
    c.strategic
        .iter()
        .filter(|s| s.side == side)
        .map(|s| (s.id.clone(), format!("{} ({})", s.name, s.counters.len())))
        .collect()
}

/// A declaration set-up whose Army may be caught Surprised Encamped and does not list
/// its Camps yet (C2.5; a town or fort is never Surprised, C2.7).
fn needs_camps(sc: &ScenarioDef) -> bool {
    sc.roll == Some(Trigger::Declaration)
        && !sc
            .army
            .units
            .iter()
            .any(|u| u == "camps" || u.starts_with("town:"))
}

/// Apply the players' picks to a combat set-up scenario.
fn apply_picks(sc: &mut ScenarioDef, picks: &Picks, counters: &Counters) -> Result<(), String> {
    if picks.is_empty() {
        return Ok(());
    }
    if sc.roll.is_none() {
        return Err(format!(
            "'{}' is a fixed scenario: the forces, map and trigger may be picked only for a combat the players set up (a scenario with `roll:`)",
            sc.id
        ));
    }
    for (side, names) in [(Side::Army, &picks.army), (Side::Indian, &picks.indian)] {
        for n in names {
            if !counters
                .strategic
                .iter()
                .any(|s| &s.id == n && s.side == side)
            {
                return Err(format!(
                    "no {side:?} strategic unit '{n}'; choices are: {}",
                    counters
                        .strategic
                        .iter()
                        .filter(|s| s.side == side)
                        .map(|s| s.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    }
    if let Some(t) = picks.trigger {
        sc.roll = Some(t);
    }
    if !picks.army.is_empty() {
        sc.army.units = picks.army.clone();
        sc.army.absent.clear();
    }
    if !picks.indian.is_empty() {
        sc.indian.units = picks.indian.clone();
        sc.indian.absent.clear();
    }
    // C2.5: "The Army player always deploys all 5 camp counters" when caught encamped,
    // which a declaration can roll.
    if needs_camps(sc) {
        sc.army.units.push("camps".into());
    }
    if let Some(m) = &picks.map {
        sc.map = m.clone();
    }
    Ok(())
}

/// Load a combat set-up scenario with the players' picks applied (errors in the picks
/// name the scenario file and the option).
pub fn load_scenario_picked(root: &Path, path: &Path, picks: &Picks) -> Result<Loaded, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let mut sc: ScenarioDef = parse_ron(&file, &text)?;
    expect_game(&file, &text, GAME)?;
    if !picks.is_empty() {
        let tables = load_tables(root)?;
        let counters = load_counters(root, &tables)?;
        apply_picks(&mut sc, picks, &counters).map_err(|e| DataError::file(&file, e))?;
    }
    build(root, &file, &text, sc)
}

/// A combat built in memory (the campaign's contacts, issue 32): the scenario is
/// checked like a file's, and errors name `what` (there is no file to point into).
pub fn load_combat(root: &Path, what: &str, sc: ScenarioDef) -> Result<Loaded, DataError> {
    build(root, what, "", sc)
}

/// Check a scenario against the tables, counters and map, and build its combat.
fn build(root: &Path, file: &str, text: &str, sc: ScenarioDef) -> Result<Loaded, DataError> {
    let tables = load_tables(root)?;
    let counters = load_counters(root, &tables)?;
    let map_path = root
        .join("scenarios")
        .join(GAME)
        .join("maps")
        .join(format!("{}.ron", sc.map));
    if !map_path.exists() {
        return Err(Located::new(file, text).at(
            "map",
            format!(
                "no tactical map '{}' (expected {})",
                sc.map,
                map_path.display()
            ),
        ));
    }
    let map = load_map_file(&map_path, &tables)?;
    build_with(file, text, sc, tables, counters, map)
}

/// The tactical game's data a campaign keeps in memory, to build each contact's
/// combat without reading files during play.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TacticalData {
    /// The rules tables.
    pub tables: Tables,
    /// The counter mix.
    pub counters: Counters,
    /// The four tactical maps, by id.
    pub maps: std::collections::BTreeMap<String, HexMap>,
}

/// Load the tactical tables, counter mix and every tactical map.
pub fn load_tactical_data(root: &Path) -> Result<TacticalData, DataError> {
    let tables = load_tables(root)?;
    let counters = load_counters(root, &tables)?;
    let mut maps = std::collections::BTreeMap::new();
    let dir = root.join("scenarios").join(GAME).join("maps");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| DataError::file(dir.display().to_string(), e.to_string()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    for p in files {
        let id = p
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        maps.insert(id, load_map_file(&p, &tables)?);
    }
    Ok(TacticalData {
        tables,
        counters,
        maps,
    })
}

/// A combat built in memory from data already loaded (the campaign's contacts).
pub fn combat_from(data: &TacticalData, what: &str, sc: ScenarioDef) -> Result<Loaded, DataError> {
    let Some(map) = data.maps.get(&sc.map).cloned() else {
        return Err(DataError::file(
            what,
            format!("no tactical map '{}'", sc.map),
        ));
    };
    build_with(
        what,
        "",
        sc,
        data.tables.clone(),
        data.counters.clone(),
        map,
    )
}

/// Check a scenario against loaded tables, counters and map, and build its combat.
fn build_with(
    file: &str,
    text: &str,
    sc: ScenarioDef,
    tables: Tables,
    counters: Counters,
    map: HexMap,
) -> Result<Loaded, DataError> {
    let loc = Located::new(file, text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    let mut list: Vec<(String, CounterDef)> = vec![];
    for (side, force, fp) in [
        (Side::Army, &sc.army, "army"),
        (Side::Indian, &sc.indian, "indian"),
    ] {
        for (ui, unit) in force.units.iter().enumerate() {
            let up = format!("{fp}.units[{ui}]");
            let Some(cs) = counters_of(&counters, unit) else {
                return Err(err(
                    &up,
                    format!(
                        "no strategic unit '{unit}' in counters.ron (or \"camps\", \"town:<name>\")"
                    ),
                ));
            };
            for (strat, d) in cs {
                let class = tables.classes.iter().find(|k| k.key == d.class);
                if class.is_some_and(|k| k.side != side) {
                    return Err(err(
                        &up,
                        format!("'{unit}' does not fight for the {side:?} side"),
                    ));
                }
                // C2.5: "The Army player always deploys all 5 camp counters, even if
                // some have been killed or captured during previous combats."
                if !force.absent.contains(&d.id) || d.class == "camp" {
                    list.push((strat, d));
                }
            }
        }
        for (ai, a) in force.absent.iter().enumerate() {
            if !list.iter().any(|(_, d)| &d.id == a)
                && !force.units.iter().any(|u| {
                    counters_of(&counters, u).is_some_and(|v| v.iter().any(|(_, d)| &d.id == a))
                })
            {
                return Err(err(
                    &format!("{fp}.absent[{ai}]"),
                    format!("absent counter '{a}' is not in this side's units"),
                ));
            }
        }
        for (id, st) in &force.start {
            if let Start::At(h, _) = st {
                h.parse::<Coord>()
                    .map_err(|e| err(&format!("{fp}.start{{{id}}}[0]"), format!("{id}: {e}")))?;
            }
        }
        for id in force.start.keys() {
            if !list.iter().any(|(_, d)| &d.id == id) {
                return Err(loc.at_key(
                    &format!("{fp}.start{{{id}}}"),
                    format!(
                        "'{id}' is not a counter of this side's units (or it is listed absent)"
                    ),
                ));
            }
        }
    }
    let mut seen = BTreeSet::new();
    let mut missing = vec![];
    for (_, d) in &list {
        if !seen.insert(d.id.clone()) {
            return Err(err(
                &format!("\"{}\"", d.id),
                format!("counter '{}' takes part twice", d.id),
            ));
        }
        let force = if tables
            .classes
            .iter()
            .find(|k| k.key == d.class)
            .is_some_and(|k| k.side == Side::Army)
        {
            &sc.army
        } else {
            &sc.indian
        };
        if !force.start.contains_key(&d.id) {
            missing.push(format!("{} ({})", d.id, d.name));
        }
    }
    if needs_camps(&sc) {
        return Err(err(
            "army.units",
            "an Indian declaration may catch the Army Surprised Encamped, when its five Camps deploy (C2.5): list \"camps\" among the Army's units".into(),
        ));
    }
    if sc.roll.is_some() {
        for (force, fp) in [(&sc.army, "army"), (&sc.indian, "indian")] {
            if let Some(id) = force.start.keys().next() {
                return Err(loc.at_key(
                    &format!("{fp}.start{{{id}}}"),
                    "with `roll` the players set up: give no `start` (C2.2-C2.6)",
                ));
            }
        }
        missing.clear();
    }
    if !missing.is_empty() {
        return Err(err(
            "start",
            format!(
                "{} counter(s) have no start: {}; give each At(\"CCRR\", mounted) or Waiting(edge, turn), or list it absent",
                missing.len(),
                missing.join(", ")
            ),
        ));
    }
    let turn_limit = 0;
    let terrain_row = map
        .terrain_names
        .iter()
        .map(|n| {
            tables
                .terrain
                .iter()
                .position(|t| &t.terrain == n)
                .unwrap_or(0)
        })
        .collect();
    let stat = Arc::new(Static {
        scenario: sc.clone(),
        tables,
        map,
        terrain_row,
        turn_limit,
        stall_turns: 3,
        side_cache: Default::default(),
    });
    let loaded = Loaded {
        stat,
        counters: list,
    };
    let s = initial_state(&loaded, 0);
    if let Some((id, msg)) = setup_errors(&s)
        .into_iter()
        .next()
        .filter(|_| loaded.stat.scenario.roll.is_none())
    {
        let fp = if sc.army.start.contains_key(&id) {
            "army"
        } else {
            "indian"
        };
        return Err(loc.at_key(&format!("{fp}.start{{{id}}}"), msg));
    }
    Ok(loaded)
}

/// The scenario with other settings of the reconstructed end rule: the turn limit and
/// the game-turns without a move, fire or melee (0: none).
pub fn with_end_rule(l: &Loaded, limit: u32, stall: u32) -> Loaded {
    let mut st = (*l.stat).clone();
    st.turn_limit = limit;
    st.stall_turns = stall;
    Loaded {
        stat: Arc::new(st),
        counters: l.counters.clone(),
    }
}

/// The initial state of a combat.
pub fn initial_state(l: &Loaded, seed: u64) -> State {
    let st = &l.stat;
    let sc = &st.scenario;
    let mut units = vec![];
    for (strat, d) in &l.counters {
        let class = st
            .tables
            .classes
            .iter()
            .position(|k| k.key == d.class)
            .unwrap_or(0);
        let side = st.tables.classes[class].side;
        let force = if side == Side::Army {
            &sc.army
        } else {
            &sc.indian
        };
        let (loc, flipped) = match force.start.get(&d.id) {
            _ if sc.roll.is_some() => (Loc::Unplaced, false),
            Some(Start::At(h, m)) => (
                h.parse::<Coord>().map_or(Loc::Exited, Loc::Map),
                *m && d.back.is_some(),
            ),
            Some(Start::Waiting(e, t)) => (Loc::Waiting(*e, *t), false),
            None => (Loc::Exited, false),
        };
        units.push(Unit {
            id: d.id.clone(),
            name: d.name.clone(),
            strategic: strat.clone(),
            class,
            side,
            front: d.front,
            back: d.back,
            flipped,
            loc,
            pin: Pin::None,
            fell_back: false,
        });
    }
    let mut state = State {
        stat: Arc::clone(st),
        units,
        turn: 1,
        phasing: sc.first,
        acted: vec![],
        active: None,
        melees: vec![],
        pending: Pending::None,
        queue: vec![],
        pending_end: false,
        unstack: vec![],
        setup: vec![],
        leading: vec![],
        intro: vec![],
        pending_log: vec![],
        actions_this_turn: 0,
        idle_turns: 0,
        reveals: 0,
        dice: Dice::new(seed),
        result: None,
    };
    if sc.roll.is_some() {
        super::rules::setup::begin(&mut state);
    }
    state
}

pub use super::placement::setup_errors;

pub use super::placement::ambush_half;
