//! Loading Harvest the Wind data (tables, map tiles, scenarios), rules-aware checking,
//! building the initial state, and set-up zones.

use super::data::{
    Force, ForceKind, Placement, ScenarioDef, Special, Tables, VictoryRule, ZonePart,
};
use super::state::{Kind, Loc, Pending, Phase, Pid, Piece, Side, State, Static, Terrain};
use crate::core::data::{error_near, load_ron, parse_ron, read_text};
use crate::core::dice::Dice;
use crate::core::error::DataError;
use crate::core::hexmap::{Coord, HexMap};
pub use crate::core::maptile::load_tile;
use crate::core::maptile::tile_to_map;
use crate::core::spans::Located;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

/// Game id of Harvest the Wind.
pub const GAME: &str = "harvest_the_wind";

/// Load the rules tables.
pub fn load_tables(root: &Path) -> Result<Tables, DataError> {
    let path = root.join("rules").join(GAME).join("tables.ron");
    let t: Tables = load_ron(&path)?;
    let file = path.display().to_string();
    if t.fct.iter().any(|r| r.to_hit.len() != 9) {
        let bad = t
            .fct
            .iter()
            .find(|r| r.to_hit.len() != 9)
            .map(|r| r.weapon.clone())
            .unwrap_or_default();
        let text = read_text(&path)?;
        return Err(error_near(
            &file,
            &text,
            &bad,
            format!("FCT row '{bad}' must have 9 entries (ranges 0-7 and 8+)"),
        ));
    }
    for d in -2..=2i8 {
        if !t.mct.iter().any(|m| m.differential == d) {
            return Err(crate::core::spans::Located::new(&file, &read_text(&path)?).at(
                "mct",
                format!("MCT is missing the column for differential {d:+}: add a row with `differential: {d}`"),
            ));
        }
    }
    for key in ["open", "woods", "river", "tall_grass"] {
        if !t.tec.iter().any(|r| r.terrain == key) {
            return Err(crate::core::spans::Located::new(&file, &read_text(&path)?).at(
                "tec",
                format!("TEC is missing the row for terrain '{key}': add a row with `terrain: \"{key}\"`"),
            ));
        }
    }
    Ok(t)
}

/// The data root (`core::data::data_root`), kept here for the benches and examples
/// that name it through this module.
pub use crate::core::data::data_root;

/// Scenario ids shipped for this game (`harvest_the_wind/<stem>`), sorted.
pub fn scenario_ids(root: &Path) -> Vec<String> {
    crate::core::data::scenario_ids(root, GAME)
}

/// Resolve the parts of a zone into hexes of a map.
fn resolve_zone(map: &HexMap, parts: &[ZonePart]) -> Result<Vec<Coord>, String> {
    let mut out = BTreeSet::new();
    for part in parts {
        match part {
            ZonePart::Rect(a, b) => {
                let a: Coord = a.parse()?;
                let b: Coord = b.parse()?;
                for c in map.coords() {
                    if (a.col.min(b.col)..=a.col.max(b.col)).contains(&c.col)
                        && (a.row.min(b.row)..=a.row.max(b.row)).contains(&c.row)
                    {
                        out.insert(c);
                    }
                }
                for x in [a, b] {
                    if !map.contains(x) {
                        return Err(format!(
                            "zone corner {x} is off the board ({} columns x {} rows)",
                            map.cols, map.rows
                        ));
                    }
                }
            }
            ZonePart::Hexes(hs) => {
                for h in hs {
                    let c: Coord = h.parse()?;
                    if !map.contains(c) {
                        return Err(format!("zone hex {c} is off the board"));
                    }
                    out.insert(c);
                }
            }
            ZonePart::Edge(e) => out.extend(map.edge_hexes(*e)),
            ZonePart::Mark(m) => {
                let before = out.len();
                out.extend(
                    map.marks
                        .iter()
                        .filter(|(_, v)| v.contains(m))
                        .map(|(c, _)| *c),
                );
                if out.len() == before && !map.marks.values().any(|v| v.contains(m)) {
                    return Err(format!("no hex on the board carries the mark '{m}'"));
                }
            }
        }
    }
    Ok(out.into_iter().collect())
}

/// Hexes of a named zone of the state's scenario.
pub fn zone_hexes<'a>(s: &'a State, zone: &str) -> &'a [Coord] {
    let zones = s.stat.zone_cache.0.get_or_init(|| {
        s.stat
            .scenario
            .zones
            .iter()
            .map(|(name, parts)| {
                let hexes = resolve_zone(&s.stat.map, parts).unwrap_or_default();
                (name.clone(), hexes)
            })
            .collect()
    });
    zones.get(zone).map_or(&[], Vec::as_slice)
}

/// The set-up zone of a piece, if its force line places it in one.
pub fn zone_of(s: &State, p: Pid) -> Option<Vec<Coord>> {
    let piece = s.p(p);
    let zone = s
        .stat
        .scenario
        .forces
        .iter()
        .zip(force_ranges(&s.stat.scenario))
        .find_map(|(f, (side, kind, range))| {
            let idx = piece_serial(s, p);
            (side == piece.side && kind == piece.kind && range.contains(&idx))
                .then_some(f)
                .and_then(|f| match &f.placement {
                    Placement::Zone { zone, .. } => Some(zone.clone()),
                    _ => None,
                })
        })?;
    Some(zone_hexes(s, &zone).to_vec())
}

/// For each force line: its side, piece kind and the serial range of its counters
/// among pieces of that side and kind.
fn force_ranges(sc: &ScenarioDef) -> Vec<(Side, Kind, std::ops::Range<usize>)> {
    let mut counters: BTreeMap<(Side, String), usize> = BTreeMap::new();
    sc.forces
        .iter()
        .map(|f| {
            let k = kind_of(&f.kind);
            let n = counters.entry((f.side, format!("{k:?}"))).or_insert(0);
            let r = *n..*n + usize::from(f.count);
            *n += usize::from(f.count);
            (f.side, k, r)
        })
        .collect()
}

/// Index of a piece among the pieces of its side and kind.
fn piece_serial(s: &State, p: Pid) -> usize {
    let piece = s.p(p);
    s.pieces[..usize::from(p)]
        .iter()
        .filter(|q| q.side == piece.side && q.kind == piece.kind)
        .count()
}

/// Whether a piece may be placed in a hex in set-up (stacking, terrain).
pub fn can_place(s: &State, p: Pid, c: Coord) -> bool {
    let piece = s.p(p);
    if piece.kind.is_unit() || piece.kind == Kind::Dependent {
        if s.at(c)
            .any(|i| i != p && s.p(i).side == piece.side && s.p(i).kind == piece.kind)
        {
            return false;
        }
    } else if matches!(
        piece.kind,
        Kind::Leader | Kind::Horses | Kind::Wagon | Kind::Lodge
    ) && s.at(c).any(|i| i != p && s.p(i).kind == piece.kind)
    {
        return false;
    }
    if piece.mounted_on.is_some() || piece.kind == Kind::Horses {
        // Mounted pieces travel with their Horses; keep them together and out of Woods.
        if s.stat.terrain(c) == Terrain::Woods || piece.mounted_on.is_some() {
            return false;
        }
        if s.pieces.iter().any(|q| q.mounted_on == Some(p)) {
            return false;
        }
    }
    if piece.hidden && s.stat.terrain(c) == Terrain::River {
        return false;
    }
    true
}

/// Why `side`'s set-up may not be finished yet, if a scenario's set-up rule is broken:
///
/// * IX.B: Wagon markers "no more than two hexes apart": any two of the side's Wagons
///   on the map are at most two hexes apart;
/// * IX.D: "The Horse markers must be placed adjacent to Lodge markers": where the side
///   has Lodges on the map, each of its Horses on the map that no unit rides is next to
///   one of them.
///
/// Only IX.B has Wagons and only IX.D Lodges, so the counters themselves say which rule
/// applies. Checked when a seat finishes a manual set-up; the default hexes of the
/// shipped scenarios satisfy both.
pub fn setup_problem(s: &State, side: Side) -> Option<String> {
    let on_map = |k: Kind| {
        s.pieces
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.side == side && p.kind == k)
            .filter_map(|(i, p)| p.hex().map(|c| (i as Pid, c)))
    };
    let wagons: Vec<(Pid, Coord)> = on_map(Kind::Wagon).collect();
    for (n, &(a, ca)) in wagons.iter().enumerate() {
        for &(b, cb) in &wagons[n + 1..] {
            if ca.distance(cb) > 2 {
                return Some(format!(
                    "Wagons {} in {ca} and {} in {cb} are more than two hexes apart (IX.B)",
                    s.p(a).id,
                    s.p(b).id
                ));
            }
        }
    }
    let lodges: Vec<Coord> = on_map(Kind::Lodge).map(|(_, c)| c).collect();
    if !lodges.is_empty() {
        for (h, c) in on_map(Kind::Horses) {
            let ridden = s.pieces.iter().any(|q| q.mounted_on == Some(h));
            if !ridden && !lodges.iter().any(|l| l.distance(c) == 1) {
                return Some(format!(
                    "Horses {} in {c} must be placed adjacent to a Lodge (IX.D)",
                    s.p(h).id
                ));
            }
        }
    }
    None
}

/// Advance set-up to the next side, or start play.
pub fn next_setup(s: &mut State) {
    let sides: Vec<Side> = setup_order(&s.stat.scenario);
    let pos = sides.iter().position(|x| *x == s.phasing);
    match pos.and_then(|i| sides.get(i + 1)) {
        Some(next) => s.phasing = *next,
        None => start_play(s),
    }
}

/// Sides that set up, in order: the second-moving side first (it is the defender in
/// every scenario: Wagon Box IX.B and Massacre Canyon IX.C say so explicitly).
fn setup_order(sc: &ScenarioDef) -> Vec<Side> {
    let mut v = vec![];
    for side in [1u8, 0u8] {
        if sc
            .forces
            .iter()
            .any(|f| f.side == side && matches!(f.placement, Placement::Zone { .. }))
        {
            v.push(side);
        }
    }
    v
}

fn start_play(s: &mut State) {
    s.phase = Phase::OffensiveFire;
    s.phasing = 0;
    s.turn = 1;
}

fn kind_of(k: &ForceKind) -> Kind {
    match k {
        ForceKind::Unit => Kind::Unit,
        ForceKind::Leader => Kind::Leader,
        ForceKind::Crew => Kind::Crew,
        ForceKind::Artillery => Kind::Artillery,
        ForceKind::Horses => Kind::Horses,
        ForceKind::Wagon => Kind::Wagon,
        ForceKind::Lodge => Kind::Lodge,
        ForceKind::Dependent => Kind::Dependent,
        ForceKind::Medicine => Kind::Medicine,
        ForceKind::Hidden => Kind::Hidden,
    }
}

/// A loaded, checked scenario ready to start games from.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Shared static data.
    pub stat: Arc<Static>,
}

/// Load a scenario by id (`harvest_the_wind/wagon_box`) from the data root.
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

/// Load and check a scenario file.
pub fn load_scenario_path(root: &Path, path: &Path) -> Result<Loaded, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let mut sc: ScenarioDef = parse_ron(&file, &text)?;
    // `game` is for the registry (checked just below); the state never carries it, so
    // a game's state, and a save's, are the same whether or not the file names it.
    sc.game = None;
    crate::core::data::expect_game(&file, &text, GAME)?;
    let tables = load_tables(root)?;
    // Every semantic error points at the value that causes it, by its path.
    let loc = Located::new(&file, &text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    if sc.sides.len() != 2 {
        return Err(err(
            "sides",
            format!(
                "Harvest the Wind scenarios have exactly 2 sides, found {}",
                sc.sides.len()
            ),
        ));
    }
    let mut tiles = Vec::new();
    for (bi, b) in sc.board.iter().enumerate() {
        let tp = if b.ends_with(".ron") {
            path.parent().unwrap_or(Path::new(".")).join(b)
        } else {
            root.join("scenarios")
                .join(GAME)
                .join("maps")
                .join(format!("{b}.ron"))
        };
        if !tp.exists() {
            return Err(err(
                &format!("board[{bi}]"),
                format!(
                    "board names map tile '{b}', but {} does not exist",
                    tp.display()
                ),
            ));
        }
        tiles.push(tile_to_map(&load_tile(&tp)?));
    }
    let map = HexMap::stack(&tiles).map_err(|e| err("board", e))?;
    let mut terrain = Vec::new();
    let mut tec_row = Vec::new();
    for name in &map.terrain_names {
        let row = tables
            .tec
            .iter()
            .position(|r| &r.terrain == name)
            .ok_or_else(|| {
                err(
                    "board",
                    format!("map terrain '{name}' is not in the Terrain Effects Chart"),
                )
            })?;
        tec_row.push(row);
        terrain.push(match name.as_str() {
            "woods" => Terrain::Woods,
            "river" => Terrain::River,
            "tall_grass" => Terrain::TallGrass,
            _ => Terrain::Open,
        });
    }
    let mut weapon_rows = Vec::new();
    for (letter, key) in &sc.weapons {
        let row = tables.fct.iter().position(|r| &r.weapon == key).ok_or_else(|| err(&format!("weapons{{{letter}}}"), format!("weapon '{letter}' maps to '{key}', which is not a row of the Fire Combat Table")))?;
        weapon_rows.push((letter.clone(), row));
    }
    for (name, parts) in &sc.zones {
        resolve_zone(&map, parts)
            .map_err(|e| err(&format!("zones{{{name}}}"), format!("zone '{name}': {e}")))?;
    }
    let zone_ok = |z: &str| sc.zones.contains_key(z);
    let side_ok = |x: u8| x < 2;
    for (i, f) in sc.forces.iter().enumerate() {
        if !side_ok(f.side) {
            return Err(err(
                &format!("forces[{i}].side"),
                format!(
                    "force '{}' names side {}, but sides are 0 and 1",
                    f.label, f.side
                ),
            ));
        }
    }
    for (i, a) in sc.victory.awards.iter().enumerate() {
        if !side_ok(a.side) {
            return Err(err(
                &format!("victory.awards[{i}].side"),
                format!("an award names side {}, but sides are 0 and 1", a.side),
            ));
        }
    }
    if let Some((k, side)) = sc
        .special
        .iter()
        .enumerate()
        .filter_map(|(k, sp)| Some((k, sp.side()?)))
        .find(|(_, s)| !side_ok(*s))
    {
        return Err(err(
            &format!("special[{k}].side"),
            format!("a special rule names side {side}, but sides are 0 and 1"),
        ));
    }
    let bad_side = match &sc.victory.rule {
        VictoryRule::PointsThreshold { side, .. } => (!side_ok(*side)).then_some("side"),
        VictoryRule::EliminateAll { attacker }
        | VictoryRule::EliminateAllOrHold { attacker, .. }
        | VictoryRule::KillsOrHold { attacker, .. } => (!side_ok(*attacker)).then_some("attacker"),
        VictoryRule::HigherPoints => None,
    };
    if let Some(field) = bad_side {
        return Err(err(
            &format!("victory.rule.{field}"),
            "the victory rule names a side other than 0 or 1".to_string(),
        ));
    }
    for (i, f) in sc.forces.iter().enumerate() {
        let fp = format!("forces[{i}]");
        match &f.placement {
            Placement::Zone { zone, at } => {
                if !zone_ok(zone) {
                    return Err(err(
                        &format!("{fp}.placement.zone"),
                        format!("placement names zone '{zone}', which `zones` does not define"),
                    ));
                }
                if at.len() != usize::from(f.count) {
                    return Err(err(
                        &format!("{fp}.placement.at"),
                        format!(
                            "force '{}' has {} counters but {} default hexes in `at`",
                            f.label,
                            f.count,
                            at.len()
                        ),
                    ));
                }
                let hexes = resolve_zone(&map, &sc.zones[zone]).unwrap_or_default();
                for (j, h) in at.iter().enumerate() {
                    let hp = format!("{fp}.placement.at[{j}]");
                    let err = |msg: String| err(&hp, msg);
                    let c: Coord = h.parse().map_err(|e: String| err(e))?;
                    if !map.contains(c) {
                        return Err(err(format!("set-up hex {c} is off the board")));
                    }
                    if !hexes.contains(&c) {
                        return Err(err(format!("set-up hex {c} is outside zone '{zone}'")));
                    }
                    let t = terrain[usize::from(map.terrain_index(c).unwrap_or(0))];
                    if f.hidden && t == Terrain::River {
                        return Err(err(format!(
                            "set-up hex {c} is a River hex, impassable to Hidden units (III.F.5)"
                        )));
                    }
                    if (f.mounted || f.kind == ForceKind::Horses) && t == Terrain::Woods {
                        return Err(err(format!(
                            "set-up hex {c} is Woods, impassable to mounted units and Horses (III.C.2.c)"
                        )));
                    }
                }
            }
            Placement::Enter { zone, .. } => {
                if !zone_ok(zone) {
                    return Err(err(
                        &format!("{fp}.placement.zone"),
                        format!("entry names zone '{zone}', which `zones` does not define"),
                    ));
                }
            }
            Placement::Pool => {}
        }
        for (k, l) in f.carry.iter().enumerate() {
            if !sc.weapons.contains_key(l) {
                return Err(err(
                    &format!("{fp}.carry[{k}]"),
                    format!(
                        "force '{}' carries weapon '{l}', which `weapons` does not map to an FCT row",
                        f.label
                    ),
                ));
            }
        }
        if !f.carry.is_empty() && f.fire.is_none() && f.kind != ForceKind::Leader {
            return Err(err(
                &format!("{fp}.carry"),
                format!(
                    "force '{}' carries weapons but has no Fire Combat Effectiveness (II.A.1)",
                    f.label
                ),
            ));
        }
        if f.kind == ForceKind::Leader && f.carry.iter().any(|l| l != "P") {
            return Err(err(
                &format!("{fp}.carry"),
                format!("leader '{}' may carry only \"P\" (II.A.4)", f.label),
            ));
        }
        if f.carry.iter().filter(|l| *l != "P").count() > 1
            || f.carry.iter().filter(|l| *l == "P").count() > 1
        {
            return Err(err(
                &format!("{fp}.carry"),
                format!(
                    "force '{}' carries more than one R/M/S weapon or more than one P (III.H.2)",
                    f.label
                ),
            ));
        }
    }
    match &sc.victory.rule {
        VictoryRule::EliminateAllOrHold { zone, .. } | VictoryRule::KillsOrHold { zone, .. }
            if !zone_ok(zone) =>
        {
            return Err(err(
                "victory.rule.zone",
                format!("victory names zone '{zone}', which `zones` does not define"),
            ));
        }
        _ => {}
    }
    for (k, sp) in sc.special.iter().enumerate() {
        if let Special::EvenTurnReinforcements { zone, .. } = sp
            && !zone_ok(zone)
        {
            return Err(err(
                &format!("special[{k}].zone"),
                format!("reinforcements name zone '{zone}', which `zones` does not define"),
            ));
        }
    }
    let stat = Arc::new(Static {
        scenario: sc,
        tables,
        map,
        terrain,
        tec_row,
        weapon_rows,
        zone_cache: Default::default(),
    });
    // Build once to check stacking and mounting at set-up.
    let st = initial_state(&stat, 0, false);
    check_setup(&st).map_err(|(path, m)| err(&path, m))?;
    Ok(Loaded { stat })
}

/// The set-up's stacking and counter checks. An error comes back with the path of the
/// value that causes it (a force line, or the default hex of one of its counters).
fn check_setup(s: &State) -> Result<(), (String, String)> {
    let sc = &s.stat.scenario;
    // Each counter's force line and its place in that line's `at` list: the pieces are
    // built force by force, counter by counter, with the weapons they carry between.
    let origin: Vec<(usize, usize)> = sc
        .forces
        .iter()
        .enumerate()
        .flat_map(|(i, f)| (0..usize::from(f.count)).map(move |k| (i, k)))
        .collect();
    let mut origins = origin.into_iter();
    let mut seen: BTreeMap<(Coord, Side, String), (usize, usize)> = BTreeMap::new();
    for p in &s.pieces {
        if p.kind == Kind::Weapon {
            continue;
        }
        let Some((fi, k)) = origins.next() else { break };
        let f = &sc.forces[fi];
        if p.kind == Kind::Medicine && matches!(p.loc, Loc::Offboard { .. } | Loc::Pool) {
            return Err((
                format!("forces[{fi}].placement"),
                format!(
                    "Medicine '{}' must start with an Indian unit of its side in the same place (VII.D)",
                    f.label
                ),
            ));
        }
        if p.kind == Kind::Artillery && !matches!(&*p.letter, "gatling" | "howitzer") {
            return Err((
                format!("forces[{fi}].gun"),
                format!(
                    "artillery '{}' needs gun: \"gatling\" or \"howitzer\" (II.E)",
                    f.label
                ),
            ));
        }
        // A mounted line needs Horses of its side under every counter (III.C): the
        // Horses line first, a Horses counter in each hex or entering with it.
        if f.mounted && p.mounted_on.is_none() && f.kind != ForceKind::Horses {
            match &p.loc {
                Loc::Map(c) => {
                    return Err((
                        format!("forces[{fi}].placement.at[{k}]"),
                        format!(
                            "force '{}' is mounted, but its counter {} at {c} has no Horses of its side under it (III.C): list a Horses line before it with a Horses counter in this hex",
                            f.label,
                            k + 1
                        ),
                    ));
                }
                Loc::Offboard { zone, turn } => {
                    return Err((
                        format!("forces[{fi}].mounted"),
                        format!(
                            "force '{}' is mounted, but no Horses of its side enter by zone '{zone}' on turn {turn} for its counter {} (III.C): list a Horses line before it with the same entry",
                            f.label,
                            k + 1
                        ),
                    ));
                }
                _ => {}
            }
        }
        let Some(c) = p.hex() else { continue };
        let class = match p.kind {
            Kind::Unit | Kind::Crew => "unit",
            Kind::Leader => "Leader",
            Kind::Horses => "Horses counter",
            Kind::Wagon => "Wagon",
            Kind::Lodge => "Lodge",
            Kind::Dependent => "Dependents counter",
            _ => continue,
        };
        // Stacking (III.E): one unit per side; one Leader, Horses, Wagon, Lodge per hex.
        let per_side = matches!(class, "unit" | "Dependents counter");
        let side_key = if per_side { p.side } else { 9 };
        if let Some((pi, pk)) = seen.insert((c, side_key, class.to_string()), (fi, k)) {
            let limit = if per_side {
                format!("one {class} of each side")
            } else {
                format!("one {class}")
            };
            return Err((
                format!("forces[{fi}].placement.at[{k}]"),
                format!(
                    "set-up over-stacks {c}: counter {} of force '{}' and counter {} of force '{}' \
                     are both there, and a hex holds {limit} (III.E)",
                    pk + 1,
                    sc.forces[pi].label,
                    k + 1,
                    f.label
                ),
            ));
        }
    }
    Ok(())
}

/// Build the initial state. With `manual_setup`, the game starts in the Setup phase
/// so players can re-place counters within their zones; otherwise the default hexes
/// are used and play starts at turn 1.
pub fn initial_state(stat: &Arc<Static>, seed: u64, manual_setup: bool) -> State {
    let sc = &stat.scenario;
    let mut pieces: Vec<Piece> = Vec::new();
    let mut serial: BTreeMap<(Side, &'static str), usize> = BTreeMap::new();
    let side_letter = |side: Side| -> String {
        let a = sc.sides[0]
            .name
            .chars()
            .next()
            .unwrap_or('a')
            .to_ascii_lowercase();
        let b = sc.sides[1]
            .name
            .chars()
            .next()
            .unwrap_or('b')
            .to_ascii_lowercase();
        if a == b {
            ["s", "t"][usize::from(side)].to_string()
        } else if side == 0 {
            a.to_string()
        } else {
            b.to_string()
        }
    };
    let mut next_id = |side: Side, letter: &'static str| -> String {
        let n = serial.entry((side, letter)).or_insert(0);
        *n += 1;
        format!("{}{letter}{n}", side_letter(side))
    };
    for f in &sc.forces {
        let kind = kind_of(&f.kind);
        for k in 0..usize::from(f.count) {
            let loc = match &f.placement {
                Placement::Zone { at, .. } => at
                    .get(k)
                    .and_then(|h| h.parse().ok())
                    .map_or(Loc::Pool, Loc::Map),
                Placement::Enter { zone, turn } => Loc::Offboard {
                    zone: zone.into(),
                    turn: *turn,
                },
                Placement::Pool => Loc::Pool,
            };
            let id = next_id(f.side, kind.id_letter());
            let me = pieces.len() as Pid;
            let mounted_on = if f.mounted {
                // The first same-side Horses in the same place without a rider of this class.
                pieces
                    .iter()
                    .enumerate()
                    .find(|(hi, h)| {
                        h.kind == Kind::Horses
                            && h.side == f.side
                            && h.loc == loc
                            && !pieces.iter().any(|r| {
                                r.mounted_on == Some(*hi as Pid)
                                    && (r.kind == kind || (r.kind.is_unit() && kind.is_unit()))
                            })
                    })
                    .map(|(hi, _)| hi as Pid)
            } else {
                None
            };
            pieces.push(Piece {
                id: id.into(),
                kind,
                side: f.side,
                loc,
                label: f.label.as_str().into(),
                melee: f.melee,
                morale: f.morale,
                ma: f.ma,
                fire: f.fire,
                militia: f.militia,
                pinned: false,
                flipped: false,
                hidden: f.hidden,
                mounted_on,
                letter: f.gun.as_deref().unwrap_or_default().into(),
                row: f
                    .gun
                    .as_deref()
                    .and_then(|g| stat.tables.fct.iter().position(|r| r.weapon == g))
                    .unwrap_or(0),
                lost_ammo: Default::default(),
            });
            for l in &f.carry {
                let wid = next_id(f.side, "w");
                let row = stat.weapon_row(l).unwrap_or(0);
                pieces.push(Piece {
                    id: wid.into(),
                    kind: Kind::Weapon,
                    side: f.side,
                    loc: Loc::Carried(me),
                    label: format!(
                        "\"{l}\" {}",
                        stat.tables.fct.get(row).map_or("", |r| r.name.as_str())
                    )
                    .into(),
                    melee: 0,
                    morale: 0,
                    ma: 0,
                    fire: None,
                    militia: false,
                    pinned: false,
                    flipped: false,
                    hidden: false,
                    mounted_on: None,
                    letter: l.as_str().into(),
                    row,
                    lost_ammo: Default::default(),
                });
            }
            if kind == Kind::Medicine {
                // Medicine is stacked with (carried by) an Indian unit (VII.D): the first
                // unit of its side that starts in the same place and has no Medicine yet.
                let carriers: Vec<Pid> = pieces
                    .iter()
                    .filter_map(|p| match p.loc {
                        Loc::Carried(h) if p.kind == Kind::Medicine => Some(h),
                        _ => None,
                    })
                    .collect();
                if let Some(u) = pieces.iter().enumerate().position(|(i, p)| {
                    p.side == f.side
                        && p.kind == Kind::Unit
                        && p.loc == loc
                        && !carriers.contains(&(i as Pid))
                }) {
                    pieces[usize::from(me)].loc = Loc::Carried(u as Pid);
                }
            }
        }
    }
    let marching = sc
        .special
        .iter()
        .any(|sp| matches!(sp, Special::MarchUntilFired { .. }));
    let order = setup_order(sc);
    let (phase, phasing) = match (manual_setup, order.first()) {
        (true, Some(first)) => (Phase::Setup, *first),
        _ => (Phase::OffensiveFire, 0),
    };
    State {
        stat: stat.clone(),
        pieces,
        turn: 1,
        phasing,
        phase,
        pending: Pending::None,
        queue: vec![],
        pending_log: vec![],
        active: None,
        moves: vec![],
        fired: BTreeSet::new(),
        defensive_pairs: BTreeSet::new(),
        hex_fired: (false, false),
        hex_fired_at: None,
        meleed: BTreeSet::new(),
        rallied: BTreeSet::new(),
        fleeing: BTreeSet::new(),
        blazes: vec![],
        dust: vec![],
        marching,
        points: vec![0, 0],
        eliminated: vec![],
        reveals: 0,
        dice: Dice::new(seed),
        result: None,
        loose: vec![],
        walk: None,
        quiet: false,
    }
}

/// Move a piece before play (script set-up overrides). Carried weapons follow.
pub fn override_place(s: &mut State, id: &str, hex: &str) -> Result<(), String> {
    let p = s.find(id).ok_or_else(|| format!("no piece '{id}'"))?;
    let c: Coord = hex.parse()?;
    if !s.stat.map.contains(c) {
        return Err(format!("{c} is off the board"));
    }
    let h = s.p(p).mounted_on;
    s.pm(p).loc = Loc::Map(c);
    if let Some(h) = h {
        s.pm(h).loc = Loc::Map(c);
    }
    Ok(())
}

/// Force every non-`Zone` force line's placement check (used by `check`): returns the
/// scenario's forces by side, for reports.
pub fn forces_of(sc: &ScenarioDef, side: Side) -> Vec<&Force> {
    sc.forces.iter().filter(|f| f.side == side).collect()
}
