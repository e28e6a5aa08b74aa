//! Loading and checking the tactical game's data (tables, counter mix, maps, combat
//! scenarios) and building a combat's initial state. Every error names the file, line
//! and column and what was expected; nothing here panics on bad data. The set-up
//! checks enforce the state of contact's placement rules (C2.3-C2.7).

use super::data::{Contact, CounterDef, Counters, Faces, ScenarioDef, Side, Start, Tables};
use super::state::{Loc, Pending, Pin, State, Static, Unit};
use crate::core::data::{error_near, expect_game, parse_ron, read_text};
use crate::core::dice::Dice;
use crate::core::error::DataError;
use crate::core::hexmap::{Coord, HexMap};
use crate::core::maptile::{load_tile, tile_to_map};
use std::collections::{BTreeMap, BTreeSet};
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
    let err = |needle: &str, msg: String| error_near(&file, &text, needle, msg);
    let mut ids = BTreeSet::new();
    let check =
        |d: &CounterDef, side: Option<Side>, ids: &mut BTreeSet<String>| -> Result<(), DataError> {
            let needle = format!("\"{}\"", d.id);
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
    for s in &c.strategic {
        if !ids.insert(format!("strategic:{}", s.id)) {
            return Err(err(
                &format!("\"{}\"", s.id),
                format!("strategic id '{}' is used twice", s.id),
            ));
        }
        for d in &s.counters {
            check(d, Some(s.side), &mut ids)?;
        }
    }
    for d in &c.camps {
        check(d, Some(Side::Army), &mut ids)?;
    }
    check(&c.city_defence, Some(Side::Army), &mut ids)?;
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
    for (ch, key) in &tile.legend {
        if !tables.terrain.iter().any(|t| &t.terrain == key) {
            let keys: Vec<&str> = tables.terrain.iter().map(|t| t.terrain.as_str()).collect();
            return Err(error_near(
                &file,
                &text,
                &format!("\"{key}\""),
                format!(
                    "legend '{ch}' names terrain '{key}', not one of {}",
                    keys.join(", ")
                ),
            ));
        }
    }
    for (hex, _, f) in &tile.hexsides {
        if !tables.hexsides.iter().any(|h| &h.feature == f) {
            let keys: Vec<&str> = tables.hexsides.iter().map(|t| t.feature.as_str()).collect();
            return Err(error_near(
                &file,
                &text,
                hex,
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

/// Load a scenario by id (`nez_perce_tactical/white_bird`).
pub fn load_scenario_id(root: &Path, id: &str) -> Result<Loaded, DataError> {
    let stem = id.strip_prefix(&format!("{GAME}/")).unwrap_or(id);
    load_scenario_path(
        root,
        &root
            .join("scenarios")
            .join(GAME)
            .join(format!("{stem}.ron")),
    )
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
    let text = read_text(path)?;
    let file = path.display().to_string();
    let sc: ScenarioDef = parse_ron(&file, &text)?;
    expect_game(&file, &text, GAME)?;
    let err = |needle: &str, msg: String| error_near(&file, &text, needle, msg);
    let tables = load_tables(root)?;
    let counters = load_counters(root, &tables)?;
    let map_path = root
        .join("scenarios")
        .join(GAME)
        .join("maps")
        .join(format!("{}.ron", sc.map));
    if !map_path.exists() {
        return Err(err(
            &format!("\"{}\"", sc.map),
            format!(
                "no tactical map '{}' (expected {})",
                sc.map,
                map_path.display()
            ),
        ));
    }
    let map = load_map_file(&map_path, &tables)?;
    let mut list: Vec<(String, CounterDef)> = vec![];
    for (side, force) in [(Side::Army, &sc.army), (Side::Indian, &sc.indian)] {
        for unit in &force.units {
            let Some(cs) = counters_of(&counters, unit) else {
                return Err(err(
                    &format!("\"{unit}\""),
                    format!(
                        "no strategic unit '{unit}' in counters.ron (or \"camps\", \"town:<name>\")"
                    ),
                ));
            };
            for (strat, d) in cs {
                let class = tables.classes.iter().find(|k| k.key == d.class);
                if class.is_some_and(|k| k.side != side) {
                    return Err(err(
                        &format!("\"{unit}\""),
                        format!("'{unit}' does not fight for the {side:?} side"),
                    ));
                }
                if !force.absent.contains(&d.id) {
                    list.push((strat, d));
                }
            }
        }
        for a in &force.absent {
            if !list.iter().any(|(_, d)| &d.id == a)
                && !force.units.iter().any(|u| {
                    counters_of(&counters, u).is_some_and(|v| v.iter().any(|(_, d)| &d.id == a))
                })
            {
                return Err(err(
                    &format!("\"{a}\""),
                    format!("absent counter '{a}' is not in this side's units"),
                ));
            }
        }
        for id in force.start.keys() {
            if !list.iter().any(|(_, d)| &d.id == id) {
                return Err(err(
                    &format!("\"{id}\""),
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
        side_cache: Default::default(),
    });
    let loaded = Loaded {
        stat,
        counters: list,
    };
    let s = initial_state(&loaded, 0);
    if let Some((id, msg)) = setup_errors(&s).into_iter().next() {
        return Err(err(&format!("\"{id}\""), msg));
    }
    Ok(loaded)
}

/// The scenario with a different turn limit for the reconstructed end rule (0: none).
pub fn with_turn_limit(l: &Loaded, limit: u32) -> Loaded {
    let mut st = (*l.stat).clone();
    st.turn_limit = limit;
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
    State {
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
        pending_log: vec![],
        actions_this_turn: 0,
        idle_turns: 0,
        reveals: 0,
        dice: Dice::new(seed),
        result: None,
    }
}

/// Distance from a hex to the nearest hex bordering a stream hexside (`None`: no stream).
fn stream_distance(map: &HexMap, c: Coord) -> Option<u32> {
    map.hexsides
        .iter()
        .filter(|h| h.feature == "stream")
        .flat_map(|h| [Some(h.hex), h.hex.step(h.dir)])
        .flatten()
        .map(|h| h.distance(c))
        .min()
}

/// Whether a hex borders a stream hexside.
fn by_stream(map: &HexMap, c: Coord) -> bool {
    map.neighbors(c)
        .any(|n| map.hexside(c, n) == Some("stream"))
}

/// The placement rules a scenario's set-up breaks (C2.3-C2.7, C4.2, C4.3.2), as
/// (counter id, message).
pub fn setup_errors(s: &State) -> Vec<(String, String)> {
    let st = &s.stat;
    let map = &st.map;
    let sc = &st.scenario;
    let mut out = vec![];
    let contacted = sc.contacted;
    let searcher = contacted.other();
    let first_ok = match sc.contact {
        Contact::Ambushing => sc.first == contacted,
        _ => sc.first == searcher,
    };
    if !first_ok {
        out.push((
            format!("{:?}", sc.first),
            format!(
                "with {:?} the first player is the {} (C2.3-C2.6)",
                sc.contact,
                if sc.contact == Contact::Ambushing {
                    "contacted side"
                } else {
                    "searching or declaring side"
                }
            ),
        ));
    }
    let mut per_hex: BTreeMap<Coord, Vec<usize>> = BTreeMap::new();
    for (i, u) in s.units.iter().enumerate() {
        if let Loc::Map(c) = u.loc {
            per_hex.entry(c).or_default().push(i);
            if !map.contains(c) {
                out.push((
                    u.id.clone(),
                    format!(
                        "{} starts at {c}, off the {}x{} map",
                        u.name, map.cols, map.rows
                    ),
                ));
                continue;
            }
            if super::rules::movement::barred(s, i, c) {
                out.push((
                    u.id.clone(),
                    format!(
                        "{} may not be in {} while mounted or as artillery (C4.3.2)",
                        u.name,
                        st.terrain(c).name
                    ),
                ));
            }
        }
    }
    let encamped = sc.contact == Contact::SurprisedEncamped;
    for (c, us) in &per_hex {
        let sides: BTreeSet<Side> = us.iter().map(|&i| s.u(i).side).collect();
        if sides.len() > 1 {
            out.push((
                s.u(us[0]).id.clone(),
                format!("{c} holds units of both sides at the start"),
            ));
            continue;
        }
        let side = s.u(us[0]).side;
        let over = us.len() > s.stack_limit(side);
        // C2.5: the contacted side may start overstacked when Surprised Encamped.
        if over && !(encamped && side == contacted) {
            let names: Vec<String> = us
                .iter()
                .map(|&i| format!("{} ({})", s.u(i).name, s.u(i).id))
                .collect();
            out.push((
                s.u(us[1]).id.clone(),
                format!(
                    "{c} holds {} {side:?} units: {}; at most {} per hex (C4.2)",
                    us.len(),
                    names.join(", "),
                    s.stack_limit(side)
                ),
            ));
        }
    }
    let entry = sc.entry;
    for (i, u) in s.units.iter().enumerate() {
        let c = s.class(i);
        let id = u.id.clone();
        match (u.loc, u.side == contacted) {
            (Loc::Waiting(edge, turn), false) => {
                match sc.contact {
                    Contact::Alerted => out.push((
                        id,
                        "when Alerted the searching side places every unit on the map (C2.4)"
                            .into(),
                    )),
                    Contact::SurprisedEncamped | Contact::SurprisedOnTrail => {
                        if turn < 2 {
                            out.push((id.clone(), format!("{} may not enter before the searcher's second turn (C2.5, C2.6): Waiting({edge:?}, 2)", u.name)));
                        }
                        if entry.is_some_and(|e| e != edge) {
                            out.push((id, format!("{} waits by the {edge:?} edge, but the entry side is {:?} (C2.5)", u.name, entry)));
                        }
                    }
                    Contact::Ambushing => {
                        let has_stream =
                            map.edge_hexes(edge).into_iter().any(|h| by_stream(map, h));
                        if !has_stream {
                            out.push((id, format!("the {edge:?} side has no stream hexside: the waiting half must be beside a side a stream runs through (C2.3)")));
                        }
                    }
                }
            }
            (Loc::Waiting(..), true) => out.push((
                id,
                format!(
                    "the contacted side sets up all its units on the map ({:?})",
                    sc.contact
                ),
            )),
            (Loc::Map(h), true) => {
                match sc.contact {
                    Contact::Alerted => {
                        if let Some(e) = entry
                            && map.distance_to_edge(h, e) <= 2
                        {
                            out.push((id.clone(), format!("{} is within two hexes of the searcher's entry side {e:?} (C2.4)", u.name)));
                        }
                        if (c.lodge || c.key == "camp") && !by_stream(map, h) {
                            out.push((
                                id,
                                format!("{} must be next to a stream hexside (C2.4)", u.name),
                            ));
                        }
                    }
                    Contact::SurprisedEncamped => {
                        if (c.lodge || c.key == "camp")
                            && (!by_stream(map, h) || per_hex.get(&h).is_some_and(|v| v.len() > 1))
                        {
                            out.push((
                                id.clone(),
                                format!(
                                    "{} must be next to a stream hexside, alone in its hex (C2.5)",
                                    u.name
                                ),
                            ));
                        }
                        if u.flipped {
                            out.push((
                                id,
                                format!("{} must start dismounted or unlimbered (C2.5)", u.name),
                            ));
                        }
                    }
                    Contact::SurprisedOnTrail => {
                        if !by_stream(map, h) {
                            out.push((
                                id.clone(),
                                format!("{} must be next to a stream hexside (C2.6)", u.name),
                            ));
                        }
                        if !u.flipped && u.back.is_some() {
                            out.push((
                                id,
                                format!("{} must start mounted or limbered (C2.6)", u.name),
                            ));
                        }
                    }
                    Contact::Ambushing => {}
                }
            }
            (Loc::Map(h), false) => {
                match sc.contact {
                    Contact::Ambushing => {
                        if stream_distance(map, h).is_none_or(|d| d > 2) {
                            out.push((
                                id,
                                format!(
                                    "{} must start within two hexes of a stream hexside (C2.3)",
                                    u.name
                                ),
                            ));
                        }
                    }
                    Contact::Alerted => {
                        match entry {
                            Some(e) if map.distance_to_edge(h, e) > 2 => {
                                out.push((id, format!("{} must start within two hexes of the entry side {e:?} (C2.4)", u.name)));
                            }
                            None => out.push((
                                id,
                                "when Alerted the scenario names the searcher's entry side (C2.4)"
                                    .into(),
                            )),
                            _ => {}
                        }
                    }
                    Contact::SurprisedEncamped | Contact::SurprisedOnTrail => {
                        let near = s
                            .units
                            .iter()
                            .filter(|v| v.side == contacted)
                            .filter_map(|v| v.hex())
                            .map(|v| v.distance(h))
                            .min();
                        if near.is_some_and(|d| d < 3) {
                            out.push((id, format!("{} must start at least three hexes from the nearest contacted unit (C2.5)", u.name)));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let contacted_hexes: Vec<Coord> = s
        .units
        .iter()
        .filter(|u| u.side == contacted)
        .filter_map(|u| u.hex())
        .collect();
    let is_home = |i: usize| s.class(i).lodge || s.class(i).key == "camp";
    match sc.contact {
        Contact::SurprisedEncamped => {
            // C2.5: the other units next to the Lodges or Camps, one per hex until every
            // adjacent hex is filled; the Army always deploys all five Camps.
            let homes: Vec<Coord> = s
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| u.side == contacted && is_home(*i))
                .filter_map(|(_, u)| u.hex())
                .collect();
            let ring: BTreeSet<Coord> = homes
                .iter()
                .flat_map(|h| map.neighbors(*h))
                .filter(|n| !homes.contains(n) && st.terrain(*n).mounted)
                .collect();
            let stacked = per_hex
                .iter()
                .any(|(_, us)| us.len() > 1 && s.u(us[0]).side == contacted);
            let empty_ring = ring.iter().find(|c| !per_hex.contains_key(c));
            for (i, u) in s.units.iter().enumerate() {
                let Some(h) = u.hex() else { continue };
                if u.side != contacted || is_home(i) {
                    continue;
                }
                if !homes.iter().any(|m| m.distance(h) == 1) {
                    out.push((
                        u.id.clone(),
                        format!("{} must start next to a Lodge or Camp (C2.5)", u.name),
                    ));
                } else if stacked
                    && per_hex.get(&h).is_some_and(|v| v.len() > 1)
                    && let Some(e) = empty_ring
                {
                    out.push((u.id.clone(), format!("{} is stacked while {e}, next to a Lodge or Camp, is empty: one unit per hex until every adjacent hex is filled (C2.5)", u.name)));
                }
            }
            if contacted == Side::Army {
                let camps = s
                    .units
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| s.class(*i).key == "camp")
                    .count();
                if camps < 5 {
                    out.push(("camps".into(), format!("the Army always deploys all five Camps when Surprised Encamped (C2.5); {camps} take part")));
                }
            }
        }
        Contact::SurprisedOnTrail => {
            // C2.6: every unit adjacent to another unit.
            for u in s.units.iter().filter(|u| u.side == contacted) {
                let Some(h) = u.hex() else { continue };
                let alone = per_hex.get(&h).is_none_or(|v| v.len() < 2)
                    && !contacted_hexes.iter().any(|o| o.distance(h) == 1);
                if alone {
                    out.push((
                        u.id.clone(),
                        format!(
                            "{} must start next to another unit of the column (C2.6)",
                            u.name
                        ),
                    ));
                }
            }
        }
        _ => {}
    }
    // C4.3.4: with all nine Lodges lost, Indian units are always dismounted.
    if sc.lodges_lost_before >= 9 {
        for u in s
            .units
            .iter()
            .filter(|u| u.side == Side::Indian && u.flipped)
        {
            out.push((
                u.id.clone(),
                format!(
                    "{} may not start mounted: all nine Lodges are lost (C4.3.4)",
                    u.name
                ),
            ));
        }
    }
    // C2.3 (and C2.5, C2.6 by reference): the searcher's strategic units are split
    // whole, one half (rounded up) on the map and the rest waiting.
    if sc.contact != Contact::Alerted {
        let mut groups: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for u in s.units.iter().filter(|u| u.side == searcher) {
            let g = groups.entry(u.strategic.as_str()).or_default();
            match u.loc {
                Loc::Map(_) => g.0 += 1,
                Loc::Waiting(..) => g.1 += 1,
                _ => {}
            }
        }
        let n = groups.len();
        let on = groups.values().filter(|(m, _)| *m > 0).count();
        for (name, (m, w)) in &groups {
            if *m > 0 && *w > 0 {
                let id = s
                    .units
                    .iter()
                    .find(|u| u.strategic == *name && matches!(u.loc, Loc::Waiting(..)))
                    .map_or(name.to_string(), |u| u.id.clone());
                out.push((id, format!("strategic unit '{name}' is split between the map and its entry side: the searcher chooses whole strategic units (C2.3)")));
            }
        }
        if on != ambush_half(n) {
            let id = s
                .units
                .iter()
                .find(|u| u.side == searcher)
                .map_or("start".to_string(), |u| u.id.clone());
            out.push((id, format!("the searching side has {n} strategic unit(s): {} of them go on the map and the rest wait beside it (C2.3: one of every two, the odd one extra); here {on} are on the map", ambush_half(n))));
        }
    }
    out
}

/// How many of `n` strategic units make the searcher's leading half (C2.3: one out of
/// every two, plus one more of an odd number; all of a single unit).
pub fn ambush_half(n: usize) -> usize {
    n.div_ceil(2)
}
