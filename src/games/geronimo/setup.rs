//! Loading and checking *Geronimo!*'s data, and the initial state. Every error names
//! the file, line and column and what was expected; nothing here panics on bad data.

use super::data::{
    AreasFile, BasicStart, CardsFile, CountersFile, ScenarioDef, Tables, TribesFile, Version,
};
use super::rules;
use super::state::{
    AreaState, ChiefRef, ChiefStatus, CopyRef, Effects, Marks, Phase, Place, Reserve, Sides, State,
    Static, Step, Village, VillageRef,
};
use crate::core::areamap::AreaMap;
use crate::core::data::{parse_ron, read_text};
use crate::core::dice::Dice;
use crate::core::error::DataError;
use crate::core::game::LogEntry;
use crate::core::spans::Located;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The game id used in scenario ids and data folders.
pub const GAME: &str = "geronimo";

/// The rules tables folder, `rules/geronimo/`.
pub fn rules_dir(root: &Path) -> PathBuf {
    root.join("rules").join(GAME)
}

/// The scenarios folder, `scenarios/geronimo/`.
pub fn scenarios_dir(root: &Path) -> PathBuf {
    root.join("scenarios").join(GAME)
}

fn load<T: serde::de::DeserializeOwned>(path: &Path) -> Result<(T, String, String), DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let v: T = parse_ron(&file, &text)?;
    Ok((v, text, file))
}

/// Load and check an area map file (a `core::areamap::AreaMap` with Mexico, Canada and
/// the Gray Area).
pub fn load_map(path: &Path) -> Result<AreaMap, DataError> {
    let (m, text, file): (AreaMap, _, _) = load(path)?;
    let loc = Located::new(&file, &text);
    m.validate().map_err(|(p, e)| loc.at(&p, e))?;
    for id in ["mexico", "canada", "grey"] {
        if m.index(id).is_none() {
            return Err(loc.at("areas", format!("the map has no '{id}' (6.23, 6.36)")));
        }
    }
    Ok(m)
}

/// Everything under the rules folder, checked against itself and the map.
pub struct RulesData {
    /// Area values.
    pub areas: AreasFile,
    /// Tribes.
    pub tribes: TribesFile,
    /// Commanders and Mines.
    pub counters: CountersFile,
    /// The Shaman deck.
    pub cards: CardsFile,
    /// Tables.
    pub tables: Tables,
}

/// Load and check `tables.ron`.
pub fn load_tables_file(path: &Path) -> Result<Tables, DataError> {
    let (t, text, file): (Tables, _, _) = load(path)?;
    let loc = Located::new(&file, &text);
    fn covers<T>(loc: &Located, rows: &[super::data::Row<T>], name: &str) -> Result<(), DataError> {
        for v in 0..=9 {
            if !rows.iter().any(|r| r.lo <= v && v <= r.hi) {
                return Err(loc.at(name, format!("no row of {name} covers a roll of {v}")));
            }
        }
        Ok(())
    }
    covers_battle(&t, &loc)?;
    covers(&loc, &t.foreign, "foreign")?;
    covers(&loc, &t.corruption, "corruption")?;
    covers(&loc, &t.smallpox, "smallpox")?;
    covers(&loc, &t.resources, "resources")?;
    if t.statehood_vp.len() != 4 || t.tribal_cards.len() != 4 || t.shaman_cards.len() != 4 {
        return Err(loc.at(
            "statehood_vp",
            "statehood_vp and tribal_cards need 4 entries (1-4 Indian players), shaman_cards 4 (2-5 players)",
        ));
    }
    if t.odds.is_empty() || t.odds.iter().any(|o| o.num <= 0 || o.den <= 0) {
        return Err(loc.at("odds", "every odds line needs positive parts"));
    }
    for w in t.odds.windows(2) {
        if w[0].num * w[1].den >= w[1].num * w[0].den {
            return Err(loc.at("odds", "odds must run from the worst to the best"));
        }
    }
    for (i, d) in t.turns.iter().enumerate() {
        if usize::from(d.turn) != i + 1 {
            return Err(loc.at(
                &format!("turns[{i}].turn"),
                format!("turn box {} is out of order: expected {}", d.turn, i + 1),
            ));
        }
    }
    if t.turns.len() != 8 {
        return Err(loc.at("turns", "the Turn Track has 8 boxes"));
    }
    Ok(t)
}

fn covers_battle(t: &Tables, loc: &Located) -> Result<(), DataError> {
    let cap = t.drm_cap;
    for v in -cap..=(9 + cap) {
        if !t.battle.iter().any(|r| r.lo <= v && v <= r.hi) {
            return Err(loc.at(
                "battle",
                format!("no row of the Battle Table covers a modified {v}"),
            ));
        }
    }
    Ok(())
}

/// Load and check every rules file against the map.
pub fn load_rules(root: &Path, map: &AreaMap) -> Result<RulesData, DataError> {
    let dir = rules_dir(root);
    let tables = load_tables_file(&dir.join("tables.ron"))?;
    let areas = load_areas_file(&dir.join("areas.ron"), Some(map))?;
    let tribes = load_tribes_file(&dir.join("tribes.ron"), Some(map))?;
    let counters = load_counters_file(&dir.join("counters.ron"), Some(map))?;
    let cards = load_cards_file(&dir.join("cards.ron"))?;
    Ok(RulesData {
        areas,
        tribes,
        counters,
        cards,
        tables,
    })
}

fn playable(map: Option<&AreaMap>, id: &str) -> bool {
    map.is_none_or(|m| {
        m.areas
            .iter()
            .any(|a| a.id == id && a.props.contains("area"))
    })
}

/// Load and check `areas.ron` (against the map when given).
pub fn load_areas_file(path: &Path, map: Option<&AreaMap>) -> Result<AreasFile, DataError> {
    let (f, text, file): (AreasFile, _, _) = load(path)?;
    let loc = Located::new(&file, &text);
    let mut seen = BTreeSet::new();
    for (i, a) in f.areas.iter().enumerate() {
        if !playable(map, &a.id) {
            return Err(loc.at(
                &format!("areas[{i}].id"),
                format!("'{}' is no Area of the map", a.id),
            ));
        }
        if !seen.insert(a.id.clone()) {
            return Err(loc.at(&format!("areas[{i}].id"), format!("'{}' twice", a.id)));
        }
        if a.survival < 0 || a.statehood < 0 {
            return Err(loc.at(
                &format!("areas[{i}].survival"),
                "Survival and Statehood numbers are not negative",
            ));
        }
    }
    if let Some(m) = map {
        for a in m.areas.iter().filter(|a| a.props.contains("area")) {
            if !seen.contains(&a.id) {
                return Err(loc.at("areas", format!("Area '{}' has no values", a.id)));
            }
        }
    }
    Ok(f)
}

/// Load and check `tribes.ron`.
pub fn load_tribes_file(path: &Path, map: Option<&AreaMap>) -> Result<TribesFile, DataError> {
    let (f, text, file): (TribesFile, _, _) = load(path)?;
    let loc = Located::new(&file, &text);
    let ids: BTreeSet<&str> = f.tribes.iter().map(|t| t.id.as_str()).collect();
    if ids.len() != f.tribes.len() {
        return Err(loc.at("tribes", "two Tribes share an id"));
    }
    let mut vids = BTreeSet::new();
    let mut chiefs = BTreeSet::new();
    for (i, t) in f.tribes.iter().enumerate() {
        let at = |p: &str| format!("tribes[{i}].{p}");
        if t.villages.is_empty() {
            return Err(loc.at(&at("villages"), format!("{} has no Village", t.name)));
        }
        for (j, v) in t.villages.iter().enumerate() {
            let vat = |p: &str| at(&format!("villages[{j}].{p}"));
            if !vids.insert(v.id.clone()) || ids.contains(v.id.as_str()) && v.id != t.id {
                return Err(loc.at(&vat("id"), format!("Village id '{}' is taken", v.id)));
            }
            if !playable(map, &v.area) {
                return Err(loc.at(&vat("area"), format!("'{}' is no Area", v.area)));
            }
            if v.bp < 1 || v.basic_bp < 1 || v.basic_bp > v.bp {
                return Err(loc.at(
                    &vat("bp"),
                    format!(
                        "{}: a Village starts with at least 1 BP, and the Basic strength ({}) never exceeds the printed one ({})",
                        v.name, v.basic_bp, v.bp
                    ),
                ));
            }
        }
        for (j, c) in t.chiefs.iter().enumerate() {
            if !chiefs.insert(c.id.clone()) {
                return Err(loc.at(
                    &at(&format!("chiefs[{j}].id")),
                    format!("Chief id '{}' twice", c.id),
                ));
            }
            if !t.villages.iter().any(|v| v.id == c.village) {
                return Err(loc.at(
                    &at(&format!("chiefs[{j}].village")),
                    format!("{} lives in no Village of the {}", c.name, t.name),
                ));
            }
            if c.turns.iter().any(|&n| !(1..=8).contains(&n)) {
                return Err(loc.at(&at(&format!("chiefs[{j}].turns")), "Turns run 1-8"));
            }
        }
        for (list, name) in [(&t.friends, "friends"), (&t.enemies, "enemies")] {
            for (j, o) in list.iter().enumerate() {
                if !ids.contains(o.as_str()) || *o == t.id {
                    return Err(loc.at(
                        &at(&format!("{name}[{j}]")),
                        format!("'{o}' is no other Tribe"),
                    ));
                }
            }
        }
        if let Some(o) = t.friends.iter().find(|o| t.enemies.contains(o)) {
            return Err(loc.at(&at("friends"), format!("{o} is both a Friend and an Enemy")));
        }
    }
    Ok(f)
}

/// Load and check `counters.ron`.
pub fn load_counters_file(path: &Path, map: Option<&AreaMap>) -> Result<CountersFile, DataError> {
    let (f, text, file): (CountersFile, _, _) = load(path)?;
    let loc = Located::new(&file, &text);
    let mut ids = BTreeSet::new();
    for (i, c) in f.commanders.iter().enumerate() {
        if !ids.insert(c.id.clone()) {
            return Err(loc.at(&format!("commanders[{i}].id"), format!("'{}' twice", c.id)));
        }
    }
    for (i, m) in f.mines.iter().enumerate() {
        if !ids.insert(m.id.clone()) {
            return Err(loc.at(&format!("mines[{i}].id"), format!("'{}' twice", m.id)));
        }
        if !playable(map, &m.area) {
            return Err(loc.at(
                &format!("mines[{i}].area"),
                format!("'{}' is no Area", m.area),
            ));
        }
        if m.value < 1 {
            return Err(loc.at(&format!("mines[{i}].value"), "a Mine is worth at least 1"));
        }
    }
    if f.commanders.is_empty() {
        return Err(loc.at("commanders", "no Commanders"));
    }
    Ok(f)
}

/// Load and check `cards.ron`.
pub fn load_cards_file(path: &Path) -> Result<CardsFile, DataError> {
    let (f, text, file): (CardsFile, _, _) = load(path)?;
    let loc = Located::new(&file, &text);
    let mut ids = BTreeSet::new();
    for (i, c) in f.cards.iter().enumerate() {
        if !ids.insert(c.id.clone()) || c.id.ends_with(|ch: char| ch.is_ascii_digit()) {
            return Err(loc.at(
                &format!("cards[{i}].id"),
                format!("card id '{}' is taken or ends in a digit", c.id),
            ));
        }
        if c.count == 0 {
            return Err(loc.at(&format!("cards[{i}].count"), "a card kind has copies"));
        }
    }
    Ok(f)
}

/// Load and check a scenario file against the rules data and the map.
pub fn load_scenario_path(root: &Path, path: &Path) -> Result<Arc<Static>, DataError> {
    let (sc, text, file): (ScenarioDef, _, _) = load(path)?;
    crate::core::data::expect_game(&file, &text, GAME)?;
    let loc = Located::new(&file, &text);
    let map = load_map(&scenarios_dir(root).join("maps").join("west.ron"))?;
    let rd = load_rules(root, &map)?;
    for (i, s) in sc.states.iter().enumerate() {
        if !playable(Some(&map), s) {
            return Err(loc.at(&format!("states[{i}]"), format!("'{s}' is no Area")));
        }
    }
    for (i, r) in sc.resources.iter().enumerate() {
        if !playable(Some(&map), &r.area) {
            return Err(loc.at(
                &format!("resources[{i}].area"),
                format!("'{}' is no Area", r.area),
            ));
        }
        for (j, m) in r.mines.iter().enumerate() {
            if !rd.counters.mines.iter().any(|x| x.id == *m) {
                return Err(loc.at(
                    &format!("resources[{i}].mines[{j}]"),
                    format!("'{m}' is no Mine counter"),
                ));
            }
        }
    }
    for (i, a) in sc.first_rr.iter().enumerate() {
        if !playable(Some(&map), a) {
            return Err(loc.at(&format!("first_rr[{i}]"), format!("'{a}' is no Area")));
        }
    }
    if !(1..=8).contains(&sc.first_turn) || sc.last_turn < sc.first_turn || sc.last_turn > 8 {
        return Err(loc.at("first_turn", "Turns run 1-8, the first not after the last"));
    }
    if sc.us_bp < 1 {
        return Err(loc.at("us_bp", "the US starts with some BP"));
    }
    build_static(map, rd, sc).map_err(|e| DataError::file(file, e))
}

/// Load a scenario by id (`geronimo/basic`).
pub fn load_scenario_id(root: &Path, id: &str) -> Result<Arc<Static>, DataError> {
    let stem = id.strip_prefix(&format!("{GAME}/")).unwrap_or(id);
    load_scenario_path(root, &scenarios_dir(root).join(format!("{stem}.ron")))
}

/// The scenario ids, sorted.
pub fn scenario_ids(root: &Path) -> Vec<String> {
    crate::core::data::scenario_ids(root, GAME)
}

fn build_static(map: AreaMap, rd: RulesData, sc: ScenarioDef) -> Result<Arc<Static>, String> {
    let n = map.areas.len();
    let idx = |id: &str| map.index(id).ok_or_else(|| format!("no area '{id}'"));
    let mut areas = vec![None; n];
    for a in rd.areas.areas {
        let i = idx(&a.id)?;
        areas[i] = Some(a);
    }
    let mut adj = vec![Vec::new(); n];
    for b in &map.boundaries {
        let (x, y) = (idx(&b.a)?, idx(&b.b)?);
        adj[x].push(y);
        adj[y].push(x);
    }
    let (mexico, canada, grey) = (idx("mexico")?, idx("canada")?, idx("grey")?);
    let east_edge = adj[grey].clone();
    // The western edge: the Areas on the Pacific (5.241).
    let west_edge: Vec<usize> = ["wa", "or", "ca"]
        .iter()
        .filter_map(|id| map.index(id))
        .collect();
    let mut villages = Vec::new();
    let mut chiefs = Vec::new();
    for (t, tribe) in rd.tribes.tribes.iter().enumerate() {
        for v in &tribe.villages {
            villages.push(VillageRef {
                tribe: t,
                def: v.clone(),
                home: idx(&v.area)?,
            });
        }
    }
    for (t, tribe) in rd.tribes.tribes.iter().enumerate() {
        for c in &tribe.chiefs {
            let village = villages
                .iter()
                .position(|v| v.def.id == c.village)
                .ok_or_else(|| format!("no village '{}'", c.village))?;
            chiefs.push(ChiefRef {
                tribe: t,
                village,
                def: c.clone(),
            });
        }
    }
    let mut copies = Vec::new();
    for (i, c) in rd.cards.cards.iter().enumerate() {
        for k in 1..=c.count {
            copies.push(CopyRef {
                def: i,
                id: format!("{}{k}", c.id),
            });
        }
    }
    Ok(Arc::new(Static {
        tables: rd.tables,
        map,
        areas,
        adj,
        mexico,
        canada,
        grey,
        east_edge,
        west_edge,
        tribes: rd.tribes.tribes,
        villages,
        chiefs,
        commanders: rd.counters.commanders,
        mines: rd.counters.mines,
        skulls: rd.counters.skulls,
        missions: rd.counters.missions,
        cards: rd.cards.cards,
        copies,
        scenario: sc,
        players: 3,
        random_events: false,
        free_sides: false,
    }))
}

/// The players and optional rules chosen in the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    /// Players, 2-5.
    pub players: u8,
    /// 12.1 Additional Random Events.
    pub random_events: bool,
    /// 12.2 Alternate Side Determination.
    pub free_sides: bool,
}

/// The static data with the players and options chosen.
pub fn with_choices(stat: &Arc<Static>, c: Choices) -> Arc<Static> {
    let mut s = (**stat).clone();
    s.players = c.players.clamp(2, 5);
    s.random_events = c.random_events;
    s.free_sides = c.free_sides;
    Arc::new(s)
}

/// The state before the first Turn's Side Determination (which the first call of
/// `rules::begin_turn` makes), and the lines the set-up's dice wrote.
pub fn initial_state(stat: &Arc<Static>, seed: u64) -> (State, Vec<LogEntry>) {
    let st = Arc::clone(stat);
    let sc = &st.scenario;
    let basic = sc.version == Version::Basic;
    let players = usize::from(st.players);
    let villages = st
        .villages
        .iter()
        .map(|v| {
            let on_res = basic && v.def.basic_start == BasicStart::Reservation;
            Village {
                place: if on_res {
                    Place::Reservation { from: v.home }
                } else {
                    Place::Area(v.home)
                },
                bp: if basic { v.def.basic_bp } else { v.def.bp },
                actions: 0,
                finished: false,
                devastation: 0,
                parties_sent: 0,
                attacked_by: vec![],
                marks: Marks::default(),
                treaty: None,
            }
        })
        .collect::<Vec<_>>();
    let mut areas = vec![AreaState::default(); st.map.areas.len()];
    let mut placed = BTreeSet::new();
    for r in &sc.resources {
        if let Some(a) = st.map.index(&r.area) {
            areas[a].towns += r.towns;
            areas[a].settlements += r.settlements;
            areas[a].rr += r.rr;
            for m in &r.mines {
                if let Some(mi) = st.mines.iter().position(|x| x.id == *m) {
                    areas[a].mines.push((mi, false));
                    placed.insert(mi);
                }
            }
        }
    }
    for s in &sc.states {
        if let Some(a) = st.map.index(s) {
            areas[a].state = true;
        }
    }
    let mut state = State {
        stat: Arc::clone(&st),
        turn: sc.first_turn,
        phase: Phase::Deploy,
        sides: Sides {
            us: 0,
            tribes: vec![vec![]; players],
            revealed: vec![false; st.tribes.len()],
        },
        us_history: vec![],
        vp: vec![0; players],
        hands: vec![vec![]; players],
        removed: vec![],
        first: 0,
        round: 0,
        us_round: 0,
        active: 0,
        step: Step::Settle,
        plays_left: 0,
        acted: false,
        pending: vec![],
        cards_used: vec![0; players],
        cards_played: vec![0; players],
        us_vp_start: 0,
        attacked: vec![],
        acting: None,
        rampage_ready: false,
        offered: vec![],
        played: vec![],
        opening: vec![],
        villages,
        parties: vec![],
        next_party: 1,
        chiefs: vec![ChiefStatus::Free; st.chiefs.len()],
        columns: vec![],
        next_column: 1,
        reserve: Reserve {
            bp: sc.us_bp,
            guns: sc.us_artillery,
            gatlings: 0,
            commanders: vec![],
        },
        dead_commanders: vec![],
        areas,
        mine_cup: (0..st.mines.len())
            .filter(|m| !placed.contains(m))
            .collect(),
        mines_out: vec![],
        missions: 0,
        skulls_placed: 0,
        effects: Effects {
            telegraph: sc.telegraph,
            acw_done: sc.acw_done,
            gatling: false,
            ..Effects::default()
        },
        reservation_deck: vec![],
        result: None,
        reveals: 0,
        dice: Dice::new(seed),
    };
    // Cards that the Basic game removes (3.42).
    if basic {
        state.removed = (0..st.copies.len())
            .filter(|&c| st.cards[st.copies[c].def].not_in_basic)
            .collect();
    }
    state.reservation_deck = (0..st.tribes.len())
        .filter(|&t| {
            st.villages_of(t)
                .all(|v| matches!(state.villages[v].place, Place::Reservation { .. }))
        })
        .collect();
    let mut log = Vec::new();
    for _ in 0..sc.random_mines {
        if state.mine_cup.is_empty() {
            break;
        }
        let k = state.dice.draw(state.mine_cup.len());
        let m = state.mine_cup.remove(k);
        if let Some(a) = st.map.index(&st.mines[m].area) {
            state.areas[a].mines.push((m, false));
            log.push(LogEntry::public(format!(
                "set-up: the {} Mine ({}) is drawn for {} (3.44)",
                st.mines[m].name,
                st.mines[m].value,
                st.aname(a)
            )));
        }
    }
    if sc.buffalo_roll {
        for a in 0..st.map.areas.len() {
            if st.area(a).is_some_and(|d| d.buffalo) {
                let r = super::state::d10(&mut state.dice);
                let n = match r {
                    0 => 2,
                    1..=4 => 1,
                    _ => 0,
                };
                state.areas[a].skulls += n;
                state.skulls_placed += n;
                log.push(LogEntry::public(format!(
                    "set-up: Buffalo roll for {}: {r}, {n} Skull(s) (3.47)",
                    st.aname(a)
                )));
            }
        }
    }
    log.extend(rules::begin_turn(&mut state));
    state.opening = log.clone();
    (state, log)
}
