//! The rulesets, and the registry that maps game and scenario ids to them.

pub mod harvest;
pub mod wind;

use crate::core::error::DataError;
use crate::core::save::SaveFile;
use crate::core::session::{GameSession, Session};
use std::path::Path;

/// A game the program knows.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Id used in scenario ids (`harvest_the_wind`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One-line description.
    pub blurb: &'static str,
    /// What the per-seat scores of an [`Outcome`](crate::core::game::Outcome) count, for
    /// reports ("victory points", "Victory Levels").
    pub score_name: &'static str,
}

/// The games that can be played now.
pub fn games() -> Vec<GameInfo> {
    vec![
        GameInfo {
            id: harvest::setup::GAME,
            name: "Harvest the Wind",
            blurb: "Tactical hex microgame of 19th-century Western fights: six scenarios, 1862-1876",
            score_name: "victory points",
        },
        GameInfo {
            id: wind::setup::GAME,
            name: "Once We Moved Like the Wind",
            blurb: "The Apache Wars 1861-1886: an area game with hidden blocks, seven turns",
            score_name: "Victory Levels",
        },
    ]
}

/// Scenario ids of a game.
pub fn scenarios(root: &Path, game: &str) -> Vec<String> {
    match game {
        harvest::setup::GAME => harvest::setup::scenario_ids(root),
        wind::setup::GAME => wind::setup::scenario_ids(root),
        _ => vec![],
    }
}

/// What the menu's scenario screen shows, for any game.
#[derive(Clone, Debug)]
pub struct ScenarioInfo {
    /// Scenario id (`game/scenario`).
    pub id: String,
    /// Name.
    pub name: String,
    /// Date and rule, or length.
    pub subtitle: String,
    /// Historical background.
    pub background: String,
    /// Victory conditions, with their source.
    pub victory: String,
    /// Length in words.
    pub length: String,
    /// Reconstructions this scenario relies on, one line each.
    pub notes: Vec<String>,
    /// The game hides information from a seat (the curtain is then always on).
    pub hidden: bool,
    /// Players may place their own set-up units (Harvest the Wind's manual set-up).
    pub manual_setup: bool,
}

/// Load a scenario's summary for the menu.
pub fn scenario_info(root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
    let game = id.split('/').next().unwrap_or_default();
    if game == wind::setup::GAME {
        let l = wind::setup::load_scenario_id(root, id)?;
        let st = &l.stat;
        let sc = &st.scenario;
        let t = &st.tables;
        let mut notes = vec![
            format!("Provocation Chart: {}", t.chart_source.label()),
            format!("Area block limits: Apache {} ({}); Army {} ({})", t.apache_limit.value, t.apache_limit.source.label(), t.army_limit.value, t.army_limit.source.label()),
            "The area map: RECONSTRUCTION from the geography of 1861-86 (see docs/reconstructions-wind.md)".to_string(),
        ];
        for c in &t.costs {
            if c.army_source.is_reconstruction() {
                notes.push(format!(
                    "Army cost of a {} boundary, {} MP: {}",
                    c.kind,
                    c.army,
                    c.army_source.label()
                ));
            }
        }
        for b in &sc.blocks {
            if b.source.is_reconstruction()
                && matches!(
                    b.kind,
                    wind::data::BlockKind::Leader
                        | wind::data::BlockKind::Scout
                        | wind::data::BlockKind::Settler
                )
            {
                notes.push(format!("{}: {}", b.name, b.source.label()));
            }
        }
        let recon = sc
            .blocks
            .iter()
            .filter(|b| b.source.is_reconstruction())
            .count();
        notes.push(format!(
            "{recon} of {} blocks carry a reconstructed value (band/Rumor split, maximum SP...)",
            sc.blocks.len()
        ));
        return Ok(ScenarioInfo {
            id: id.to_string(),
            name: sc.name.clone(),
            subtitle: format!("{} turns (§2.0), each about 3.5 years", sc.turns),
            background: sc.background.clone(),
            victory: format!("{} [rule §9.0]", sc.victory),
            length: format!("{} turns; optional rule 11.5 allows 8 or 9", sc.turns),
            notes,
            hidden: true,
            manual_setup: false,
        });
    }
    let l = harvest::setup::load_scenario_id(root, id)?;
    let sc = &l.stat.scenario;
    Ok(ScenarioInfo {
        id: id.to_string(),
        name: sc.name.clone(),
        subtitle: format!("{} — rule {}", sc.date, sc.rule),
        background: sc.background.clone(),
        victory: format!("{} [{}]", sc.victory.text, sc.victory.source.label()),
        length: match sc.turns {
            Some(t) => format!("Length: {t} turns [{}]", sc.turns_source.label()),
            None => "No turn limit".into(),
        },
        notes: sc.notes.clone(),
        hidden: sc
            .forces
            .iter()
            .any(|f| f.hidden || f.kind == harvest::data::ForceKind::Hidden),
        manual_setup: true,
    })
}

/// Start a new game session for a scenario id (`game/scenario`) or a scenario file path.
/// `manual_setup` lets Harvest the Wind players place their set-up units; the block game
/// always has its players deploy.
pub fn new_session(
    root: &Path,
    scenario: &str,
    seed: u64,
    manual_setup: bool,
) -> Result<Box<dyn GameSession>, DataError> {
    new_session_with(root, scenario, seed, manual_setup, &[])
}

/// [`new_session`] with optional rules chosen before play (the block game's §11.0:
/// see `wind::setup::OPTIONS`); Harvest the Wind has none and refuses any.
pub fn new_session_with(
    root: &Path,
    scenario: &str,
    seed: u64,
    manual_setup: bool,
    options: &[String],
) -> Result<Box<dyn GameSession>, DataError> {
    let path = Path::new(scenario);
    let is_file = path.extension().is_some_and(|e| e == "ron") && path.exists();
    let game = if is_file {
        let text = crate::core::data::read_text(path)?;
        if wind::setup::is_wind_scenario(&text) {
            wind::setup::GAME
        } else {
            harvest::setup::GAME
        }
    } else {
        scenario.split('/').next().unwrap_or_default()
    };
    match game {
        harvest::setup::GAME => {
            if let Some(o) = options.first() {
                return Err(DataError::file(
                    scenario,
                    format!("Harvest the Wind has no optional rules ('{o}')"),
                ));
            }
            let loaded = if is_file {
                harvest::setup::load_scenario_path(root, path)?
            } else {
                harvest::setup::load_scenario_id(root, scenario)?
            };
            let id = format!("{}/{}", harvest::setup::GAME, loaded.stat.scenario.id);
            let state = harvest::setup::initial_state(&loaded.stat, seed, manual_setup);
            let mut session = Session::<harvest::Harvest>::new(id, seed, state);
            session.manual_setup = manual_setup;
            Ok(Box::new(session))
        }
        wind::setup::GAME => {
            let loaded = if is_file {
                wind::setup::load_scenario_path(root, path)?
            } else {
                wind::setup::load_scenario_id(root, scenario)?
            };
            let id = format!("{}/{}", wind::setup::GAME, loaded.stat.scenario.id);
            let stat = wind::setup::with_options(&loaded.stat, options)
                .map_err(|e| DataError::file(scenario, e))?;
            let state = wind::setup::initial_state(&stat, seed);
            let mut session = Session::<wind::Wind>::new(id, seed, state);
            session.options = options.to_vec();
            Ok(Box::new(session))
        }
        _ => Err(DataError::file(
            scenario,
            format!("unknown game '{game}' (try `wargame list`)"),
        )),
    }
}

/// Rebuild a game from a save file by replaying its actions, and confirm that the
/// replay reproduces the saved state. Errors name the file.
pub fn load_save(root: &Path, path: &Path) -> Result<Box<dyn GameSession>, DataError> {
    let save = SaveFile::read(path)?;
    let file = path.display().to_string();
    let mut g = new_session_with(
        root,
        &save.scenario,
        save.seed,
        save.manual_setup,
        &save.options,
    )
    .map_err(|e| {
        DataError::file(
            &file,
            format!("save names a scenario that does not load: {e}"),
        )
    })?;
    for (id, hex) in &save.overrides {
        g.place(id, hex.as_deref())
            .map_err(|e| DataError::file(&file, format!("set-up override {id}: {e}")))?;
    }
    g.force(&save.forced_dice);
    let text = crate::core::data::read_text(path)?;
    for (i, a) in save.actions.iter().enumerate() {
        g.apply_str(a).map_err(|e| {
            crate::core::data::error_near(
                &file,
                &text,
                a,
                format!("action {} '{a}' does not replay: {e}", i + 1),
            )
        })?;
    }
    if !save.state.is_empty() && g.state_ron() != save.state {
        return Err(DataError::file(
            &file,
            "the replayed state differs from the state stored in the save (the save was edited or the rules changed)",
        ));
    }
    Ok(g)
}

/// Check a data file of any kind: scenario, map or rules tables of either game. Returns
/// a short description of what was checked.
pub fn check_path(root: &Path, path: &Path) -> Result<String, DataError> {
    let s = path.display().to_string();
    let wind_file = s.contains(wind::setup::GAME);
    if s.contains("/maps/") {
        if wind_file {
            let m = wind::setup::load_map(path)?;
            return Ok(format!(
                "area map ({} areas, {} boundaries)",
                m.areas.len(),
                m.boundaries.len()
            ));
        }
        let t = harvest::setup::load_tile(path)?;
        return Ok(format!("map tile {} ({} rows)", t.id, t.terrain.len()));
    }
    if s.contains("rules/") {
        if wind_file {
            wind::setup::load_tables_file(path)?;
            return Ok("rules tables".into());
        }
        let root2 = path
            .parent()
            .and_then(|p| p.parent())
            .and_then(|p| p.parent())
            .unwrap_or(root);
        harvest::setup::load_tables(root2)?;
        return Ok("rules tables".into());
    }
    let text = crate::core::data::read_text(path)?;
    if wind::setup::is_wind_scenario(&text) {
        let l = wind::setup::load_scenario_path(root, path)?;
        return Ok(format!(
            "scenario {}/{} ({})",
            wind::setup::GAME,
            l.stat.scenario.id,
            l.stat.scenario.name
        ));
    }
    let l = harvest::setup::load_scenario_path(root, path)?;
    Ok(format!(
        "scenario {}/{} ({})",
        harvest::setup::GAME,
        l.stat.scenario.id,
        l.stat.scenario.name
    ))
}
