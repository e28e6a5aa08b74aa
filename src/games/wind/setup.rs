//! Loading and checking *Once We Moved Like the Wind* data, and the initial state. Every
//! error names the file, line and column and what was expected; nothing here panics on
//! bad data.

use super::data::{BlockKind, Nation, Pool, ScenarioDef, Tables};
use super::rules;
use super::state::{Block, Pending, Phase, State, Static, Status};
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
pub const GAME: &str = "moved_like_the_wind";

/// Load the rules tables from `rules/moved_like_the_wind/tables.ron` under the data root.
pub fn load_tables(root: &Path) -> Result<Tables, DataError> {
    load_tables_file(&root.join("rules").join(GAME).join("tables.ron"))
}

/// Load and check a rules tables file.
pub fn load_tables_file(path: &Path) -> Result<Tables, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let t: Tables = parse_ron(&file, &text)?;
    let loc = Located::new(&file, &text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    if t.levels.is_empty() {
        return Err(err("levels", "the Provocation level table is empty".into()));
    }
    for (i, row) in t.chart.iter().enumerate() {
        if !t.levels.iter().any(|l| l.name == row.level) {
            return Err(err(
                &format!("chart[{i}].level"),
                format!("chart line '{}' names no Provocation level", row.level),
            ));
        }
    }
    for (i, l) in t.levels.iter().enumerate() {
        if l.lo > l.hi {
            return Err(err(
                &format!("levels[{i}].hi"),
                format!(
                    "level '{}' runs from {} to {}: its lo must not exceed its hi",
                    l.name, l.lo, l.hi
                ),
            ));
        }
    }
    Ok(t)
}

/// Load and check an area map file.
pub fn load_map(path: &Path) -> Result<AreaMap, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let m: AreaMap = parse_ron(&file, &text)?;
    m.validate()
        .map_err(|(path, e)| Located::new(&file, &text).at(&path, e))?;
    Ok(m)
}

/// A scenario with its tables and map, checked.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Shared static data.
    pub stat: Arc<Static>,
}

/// Scenario ids shipped for this game, sorted.
pub fn scenario_ids(root: &Path) -> Vec<String> {
    crate::core::data::scenario_ids(root, GAME)
}

/// Load a scenario by id (`moved_like_the_wind/apache_wars`).
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

/// Load and check a scenario file: the map it names, the tables, and rules-aware checks
/// of the counter mix.
pub fn load_scenario_path(root: &Path, path: &Path) -> Result<Loaded, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let sc: ScenarioDef = parse_ron(&file, &text)?;
    crate::core::data::expect_game(&file, &text, GAME)?;
    let tables = load_tables(root)?;
    let loc = Located::new(&file, &text);
    let err = |path: &str, msg: String| loc.at(path, msg);
    let map_path: PathBuf = path.parent().unwrap_or(Path::new(".")).join(&sc.map);
    if !map_path.exists() {
        return Err(err(
            "map",
            format!("map '{}' does not exist ({})", sc.map, map_path.display()),
        ));
    }
    let map = load_map(&map_path)?;
    if sc.sides.len() != 2 {
        return Err(err(
            "sides",
            format!(
                "this game has two seats (Apache, Army), found {}",
                sc.sides.len()
            ),
        ));
    }
    if let Some(i) = map
        .boundaries
        .iter()
        .position(|b| tables.cost(&b.kind).is_none())
    {
        let map_file = map_path.display().to_string();
        let map_text = read_text(&map_path)?;
        let kind = &map.boundaries[i].kind;
        let known: Vec<&str> = tables.costs.iter().map(|c| c.kind.as_str()).collect();
        return Err(Located::new(&map_file, &map_text).at(
            &format!("boundaries[{i}].kind"),
            format!(
                "boundary type '{kind}' has no movement cost in the rules tables (known: {})",
                known.join(", ")
            ),
        ));
    }
    let mut keys = BTreeSet::new();
    for (i, b) in sc.blocks.iter().enumerate() {
        let bp = format!("blocks[{i}]");
        if !keys.insert(b.key.as_str()) {
            return Err(err(
                &format!("{bp}.key"),
                format!("block '{}' is defined twice", b.key),
            ));
        }
        let pool_ok = match b.nation {
            Nation::Apache => matches!(b.pool, Pool::Bands | Pool::Rumors | Pool::ApacheLeaders),
            Nation::Us => matches!(
                b.pool,
                Pool::UsSenior | Pool::UsJunior | Pool::UsUnits | Pool::SetAside
            ),
            Nation::Mexico => matches!(b.pool, Pool::MexSenior | Pool::MexJunior | Pool::MexUnits),
        };
        if !pool_ok {
            return Err(err(
                &format!("{bp}.pool"),
                format!(
                    "block '{}': pool {:?} is not a {:?} pool",
                    b.key, b.pool, b.nation
                ),
            ));
        }
        if matches!(b.kind, BlockKind::Band | BlockKind::Rumor) {
            let Some(t) = &b.territory else {
                return Err(err(
                    &bp,
                    format!("band or Rumor '{}' needs its home territory", b.key),
                ));
            };
            if !map
                .areas
                .iter()
                .any(|a| a.props.contains(t) && a.props.contains("water"))
            {
                return Err(err(
                    &format!("{bp}.territory"),
                    format!("'{}': no area of territory '{t}' has a Water symbol", b.key),
                ));
            }
        }
        if b.pool == Pool::ApacheLeaders && b.turns.is_none() {
            return Err(err(
                &bp,
                format!("Apache Leader '{}' needs its turns (first, last)", b.key),
            ));
        }
        // A Leader is available from his first turn to his last (§4.0); the longest
        // game has 9 turns (§11.5), so a range past it, or one that runs backwards,
        // can only be a mistake (issue 29).
        if let Some((first, last)) = b.turns
            && (first == 0 || first > last || last > 9)
        {
            return Err(err(
                &format!("{bp}.turns"),
                format!(
                    "Apache Leader '{}' is available on turns {first}-{last}: turns run from 1 to at most 9 (§4.0, §11.5), the first no later than the last",
                    b.key
                ),
            ));
        }
        if b.kind.fights() && b.max_sp == 0 {
            return Err(err(
                &format!("{bp}.max_sp"),
                format!("'{}' fights but has max_sp 0", b.key),
            ));
        }
        if b.mp == 0 {
            return Err(err(&format!("{bp}.mp"), format!("'{}' has no MP", b.key)));
        }
    }
    for (i, row) in tables.chart.iter().enumerate() {
        for (k, key) in row.set_aside.iter().enumerate() {
            if !sc
                .blocks
                .iter()
                .any(|b| &b.key == key && b.pool == Pool::SetAside)
            {
                let tables_path = root.join("rules").join(GAME).join("tables.ron");
                let tables_file = tables_path.display().to_string();
                let tables_text = read_text(&tables_path)?;
                return Err(Located::new(&tables_file, &tables_text).at(
                    &format!("chart[{i}].set_aside[{k}]"),
                    format!(
                        "chart line {} sets aside '{key}', which {file} has no SetAside block for",
                        row.level
                    ),
                ));
            }
        }
    }
    if let Some(t) = sc.options.turns
        && !(sc.turns..=9).contains(&t)
    {
        // At the value in `options`, not at the scenario's own `turns` (issue 29).
        return Err(err(
            "options.turns",
            format!(
                "optional rule 11.5 allows {} to 9 turns (the game has {}), not {t}",
                sc.turns + 1,
                sc.turns
            ),
        ));
    }
    Ok(Loaded {
        stat: Arc::new(Static::new(tables, sc, map)),
    })
}

/// The optional rules a player may choose before play (§11.0), as `--option` words.
pub const OPTIONS: &str = "apache_leader_death (11.1), army_leader_death (11.2), levels=A,B (11.3 bidding / 11.4 handicap: starting Victory Levels), turns=8|9 (11.5), reinforce_one (7.0 read as +1 SP a block)";

/// Apply optional rules chosen before play to the scenario's defaults.
pub fn with_options(stat: &Arc<Static>, options: &[String]) -> Result<Arc<Static>, String> {
    if options.is_empty() {
        return Ok(stat.clone());
    }
    let mut st = (**stat).clone();
    let o = &mut st.scenario.options;
    for opt in options {
        match opt.split_once('=') {
            None if opt == "apache_leader_death" => o.apache_leader_death = true,
            None if opt == "army_leader_death" => o.army_leader_death = true,
            None if opt == "reinforce_one" => o.reinforce_one = true,
            Some(("turns", t)) => {
                let t: u32 = t.parse().map_err(|_| format!("turns={t}: not a number"))?;
                if !(st.scenario.turns..=9).contains(&t) {
                    return Err(format!(
                        "turns={t}: the game has {} turns, 8 or 9 with rule 11.5",
                        st.scenario.turns
                    ));
                }
                o.turns = Some(t);
            }
            Some(("levels", l)) => {
                let v: Vec<u32> = l
                    .split(',')
                    .map(|x| x.trim().parse::<u32>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("levels={l}: expected two numbers, Apache,Army"))?;
                let [a, b] = v[..] else {
                    return Err(format!("levels={l}: expected two numbers, Apache,Army"));
                };
                o.start_levels = [a, b];
            }
            _ => return Err(format!("unknown option '{opt}'; options are: {OPTIONS}")),
        }
    }
    Ok(Arc::new(st))
}

/// The state at the start of play: every block in its pool, then turn 1 begins with its
/// Provocation roll.
pub fn initial_state(stat: &Arc<Static>, seed: u64) -> State {
    let sc = &stat.scenario;
    let blocks = sc
        .blocks
        .iter()
        .map(|d| Block {
            key: d.key.as_str().into(),
            name: d.name.as_str().into(),
            handle: "".into(),
            nation: d.nation,
            kind: d.kind,
            pool: d.pool,
            territory: d.territory.as_deref().map(Into::into),
            mp: d.mp,
            mp_left: 0,
            value: d.value,
            senior: d.senior,
            max_sp: d.max_sp,
            sp: d.max_sp,
            status: Status::Pool,
            revealed: false,
        })
        .collect();
    let mut s = State {
        stat: stat.clone(),
        blocks,
        turn: 1,
        last_turn: sc.options.turns.unwrap_or(sc.turns),
        phase: Phase::Deploy,
        side: rules::APACHE,
        impulse: 1,
        pending: Pending::None,
        fight: None,
        resolved: vec![],
        level: None,
        incursion: false,
        incursion_now: false,
        vp: [0, 0],
        levels: [
            sc.options.start_levels[0] as i32,
            sc.options.start_levels[1] as i32,
        ],
        reveals: 0,
        dice: Dice::new(seed),
        result: None,
        intro: vec![],
    };
    let mut log: Vec<LogEntry> = vec![];
    rules::start_turn(&mut s, &mut log);
    s.intro = log;
    s
}
