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

/// The most Strength Points a block may show: its edges carry 1 to 4 pips (§3.0).
pub const MAX_SP: u8 = 4;

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
        for (pool, &sp) in &row.sp {
            if !(1..=MAX_SP).contains(&sp) {
                return Err(err(
                    &format!("chart[{i}].sp{{{pool:?}}}"),
                    format!(
                        "the average starting strength of {pool:?} at '{}' is {sp}: a block shows 1 to {MAX_SP} pips (§3.0), so it must be 1-{MAX_SP}",
                        row.level
                    ),
                ));
            }
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
    let mut sc: ScenarioDef = parse_ron(&file, &text)?;
    // `game` is for the registry (checked just below); the state never carries it, so
    // a game's state, and a save's, are the same whether or not the file names it.
    sc.game = None;
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
        if let Some(e) = crate::core::data::id_error(&b.key) {
            return Err(err(&format!("{bp}.key"), e));
        }
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
            && (first == 0 || first > last || last > sc.turns.max(9))
        {
            return Err(err(
                &format!("{bp}.turns"),
                format!(
                    "Apache Leader '{}' is available on turns {first}-{last}: turns run from 1 to at most {} (§4.0, §11.5), the first no later than the last",
                    b.key,
                    sc.turns.max(9)
                ),
            ));
        }
        if b.kind.fights() && !(1..=MAX_SP).contains(&b.max_sp) {
            return Err(err(
                &format!("{bp}.max_sp"),
                format!(
                    "'{}' fights with max_sp {}: a block shows 1 to {MAX_SP} pips (§3.0), so it must be 1-{MAX_SP}",
                    b.key, b.max_sp
                ),
            ));
        }
        if b.mp == 0 {
            return Err(err(&format!("{bp}.mp"), format!("'{}' has no MP", b.key)));
        }
    }
    // An error at a value of the rules tables (the chart), which this scenario's blocks
    // do not fit.
    let tables_err = |path: &str, msg: String| -> Result<DataError, DataError> {
        let tables_path = root.join("rules").join(GAME).join("tables.ron");
        let text = read_text(&tables_path)?;
        Ok(Located::new(&tables_path.display().to_string(), &text).at(path, msg))
    };
    for (i, row) in tables.chart.iter().enumerate() {
        // Each block of a pool starts at 1 to its maximum, and the pool's SP are the
        // average times the blocks drawn (§3.0, §6.0): an average above the weakest
        // block's maximum cannot always be split, and the deployment could not end.
        for (pool, &sp) in &row.sp {
            let weakest = sc
                .blocks
                .iter()
                .filter(|b| b.pool == *pool && b.nation != Nation::Mexico)
                .map(|b| b.max_sp)
                .min();
            if let Some(w) = weakest
                && sp > w
            {
                return Err(tables_err(
                    &format!("chart[{i}].sp{{{pool:?}}}"),
                    format!(
                        "chart line {} gives {pool:?} an average of {sp} SP, but a block of that pool in {file} has at most {w}: allowed 1-{w} (§3.0, §6.0)",
                        row.level
                    ),
                )?);
            }
        }
        for (k, key) in row.set_aside.iter().enumerate() {
            if !sc
                .blocks
                .iter()
                .any(|b| &b.key == key && b.pool == Pool::SetAside)
            {
                return Err(tables_err(
                    &format!("chart[{i}].set_aside[{k}]"),
                    format!(
                        "chart line {} sets aside '{key}', which {file} has no SetAside block for",
                        row.level
                    ),
                )?);
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
    check_start(&sc, &tables, &map, &err)?;
    let stat = Arc::new(Static::new(tables, sc, map));
    check_placements(&stat, &err)?;
    Ok(Loaded { stat })
}

/// The checks of a scenario's `start` that need only the data: the turn within the
/// game, the levels named, each placed block known and placed once, Leaders on their
/// turns (§4.0), Mexican blocks only when they may take part (§6.0).
fn check_start(
    sc: &ScenarioDef,
    tables: &Tables,
    map: &AreaMap,
    err: &dyn Fn(&str, String) -> DataError,
) -> Result<(), DataError> {
    let Some(start) = &sc.start else {
        return Ok(());
    };
    let last = sc.options.turns.unwrap_or(sc.turns);
    if start.turn == 0 || start.turn > last {
        return Err(err(
            "start.turn",
            format!(
                "the game starts on turn {}, but its turns run from 1 to {last} (§4.0)",
                start.turn
            ),
        ));
    }
    let level_names = || {
        tables
            .levels
            .iter()
            .map(|l| l.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(p) = &start.provocation
        && !tables.levels.iter().any(|l| &l.name == p)
    {
        return Err(err(
            "start.provocation",
            format!("'{p}' is no Provocation level (§6.0: {})", level_names()),
        ));
    }
    let Some(forces) = &start.forces else {
        return Ok(());
    };
    if start.provocation.is_some() {
        return Err(err(
            "start.provocation",
            "with `forces` the first turn's level is `forces.level`, not rolled, so the turn before's level modifies no roll (§6.0): leave `provocation` out".to_string(),
        ));
    }
    match tables.levels.iter().find(|l| l.name == forces.level) {
        None => {
            return Err(err(
                "start.forces.level",
                format!(
                    "'{}' is no Provocation level (§6.0: {})",
                    forces.level,
                    level_names()
                ),
            ));
        }
        Some(l) if l.skip || !tables.chart.iter().any(|r| r.level == l.name) => {
            return Err(err(
                "start.forces.level",
                format!(
                    "at Provocation {} no forces take the field (§6.0); name a level with a line on the Provocation Chart",
                    l.name
                ),
            ));
        }
        Some(_) => {}
    }
    let mut seen = BTreeSet::new();
    for (i, p) in forces.placed.iter().enumerate() {
        let pp = format!("start.forces.placed[{i}]");
        let Some(d) = sc.blocks.iter().find(|b| b.key == p.block) else {
            return Err(err(
                &format!("{pp}.block"),
                format!("'{}' is no block of the counter mix (`blocks`)", p.block),
            ));
        };
        if !seen.insert(p.block.as_str()) {
            return Err(err(
                &format!("{pp}.block"),
                format!("'{}' is placed twice", p.block),
            ));
        }
        if map.index(&p.area).is_none() {
            return Err(err(
                &format!("{pp}.area"),
                format!("'{}' is no area of the map", p.area),
            ));
        }
        if let Some((first, last)) = d.turns
            && !(first..=last).contains(&start.turn)
        {
            return Err(err(
                &format!("{pp}.block"),
                format!(
                    "Apache Leader '{}' is available on turns {first}-{last}, not on turn {} (§4.0)",
                    d.key, start.turn
                ),
            ));
        }
        if d.nation == Nation::Mexico && !start.incursion && start.turn != last {
            return Err(err(
                &format!("{pp}.block"),
                format!(
                    "Mexican block '{}' takes part only when the Incursion marker shows Yes or on the last turn (§6.0); set `incursion: true`",
                    d.key
                ),
            ));
        }
        if let Some(sp) = p.sp {
            let fixed = d.nation == Nation::Mexico || !d.kind.fights() || d.pool == Pool::SetAside;
            if fixed && sp != d.max_sp {
                return Err(err(
                    &format!("{pp}.sp"),
                    format!(
                        "'{}' always starts at {} SP (§6.0: Mexican blocks, the Scout and the Settler at their maximum; Leaders and Rumors have none); leave `sp` out",
                        d.key, d.max_sp
                    ),
                ));
            }
            if !fixed && !(1..=d.max_sp).contains(&sp) {
                return Err(err(
                    &format!("{pp}.sp"),
                    format!(
                        "'{}' starts at 1 to {} SP (§3.0), not {sp}",
                        d.key, d.max_sp
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The checks of placed blocks that need the rules: each area one the block could
/// deploy to (§6.0 "Deployment"), and no area over a side's block limit (§7.0).
fn check_placements(
    stat: &Arc<Static>,
    err: &dyn Fn(&str, String) -> DataError,
) -> Result<(), DataError> {
    let Some(forces) = stat.scenario.start.as_ref().and_then(|s| s.forces.as_ref()) else {
        return Ok(());
    };
    let st = initial_state(stat, 0);
    let mut count: std::collections::BTreeMap<(usize, u8), usize> = Default::default();
    for (i, p) in forces.placed.iter().enumerate() {
        let pp = format!("start.forces.placed[{i}]");
        let (Some(b), Some(a)) = (
            st.blocks.iter().position(|b| *b.key == *p.block),
            stat.area(&p.area),
        ) else {
            continue;
        };
        if !rules::deploy_areas(&st, b).contains(&a) {
            let blk = &st.blocks[b];
            let rule = match (blk.nation, blk.kind) {
                (Nation::Apache, BlockKind::Leader) => "any area".to_string(),
                (Nation::Apache, _) => format!(
                    "an area with a Water symbol in its home Territory, {}",
                    blk.territory.as_deref().unwrap_or("?")
                ),
                (Nation::Us, BlockKind::Settler) => "an area with a Town".to_string(),
                (Nation::Us, _) => "a US area with a Fort or a Town".to_string(),
                (Nation::Mexico, _) => "a Mexican area with a Fort or a Town".to_string(),
            };
            return Err(err(
                &format!("{pp}.area"),
                format!(
                    "'{}' cannot stand in '{}' at the start: it deploys to {rule} (§6.0 \"Deployment\")",
                    p.block, p.area
                ),
            ));
        }
        let side = st.blocks[b].side();
        let n = count.entry((a, side)).or_default();
        *n += 1;
        let limit = if side == rules::APACHE {
            &stat.tables.apache_limit
        } else {
            &stat.tables.army_limit
        };
        if *n > limit.value.max(0) as usize {
            return Err(err(
                &format!("{pp}.area"),
                format!(
                    "{} blocks of one side in '{}': the limit is {} (§7.0 \"Area Block Limits\"; {})",
                    n,
                    p.area,
                    limit.value,
                    limit.source.label()
                ),
            ));
        }
    }
    Ok(())
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
/// Provocation roll; or, for a scenario with a `start`, its first turn begins with
/// its markers as the scenario sets them, and with its forces on the map if it lists
/// them.
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
    if let Some(start) = &sc.start {
        // A historical start (issue 29): the turn, the markers, perhaps the forces.
        s.turn = start.turn.max(1);
        s.level = start
            .provocation
            .as_ref()
            .and_then(|n| stat.tables.levels.iter().position(|l| &l.name == n));
        s.incursion = start.incursion;
        log.push(LogEntry::public(format!(
            "The game begins on turn {} of {}{}{} ({})",
            s.turn,
            s.last_turn,
            start
                .provocation
                .as_ref()
                .map(|p| format!("; the turn before ended at Provocation {p}"))
                .unwrap_or_default(),
            if start.incursion {
                "; the Mexican Incursion marker shows Yes"
            } else {
                ""
            },
            start.source.label()
        )));
    }
    rules::place_forces(&mut s, &mut log);
    s.intro = log;
    s
}
