//! The rulesets, and the registry that maps game and scenario ids to them.

pub mod harvest;

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
}

/// The games that can be played now.
pub fn games() -> Vec<GameInfo> {
    vec![GameInfo {
        id: harvest::setup::GAME,
        name: "Harvest the Wind",
        blurb: "Tactical hex microgame of 19th-century Western fights: six scenarios, 1862-1876",
    }]
}

/// Scenario ids of a game.
pub fn scenarios(root: &Path, game: &str) -> Vec<String> {
    match game {
        harvest::setup::GAME => harvest::setup::scenario_ids(root),
        _ => vec![],
    }
}

/// Start a new game session for a scenario id (`game/scenario`) or a scenario file path.
pub fn new_session(
    root: &Path,
    scenario: &str,
    seed: u64,
    manual_setup: bool,
) -> Result<Box<dyn GameSession>, DataError> {
    let path = Path::new(scenario);
    let (game, loaded) = if path.extension().is_some_and(|e| e == "ron") && path.exists() {
        (
            harvest::setup::GAME,
            harvest::setup::load_scenario_path(root, path)?,
        )
    } else {
        let game = scenario.split('/').next().unwrap_or_default();
        match game {
            harvest::setup::GAME => (
                harvest::setup::GAME,
                harvest::setup::load_scenario_id(root, scenario)?,
            ),
            _ => {
                return Err(DataError::file(
                    scenario,
                    format!("unknown game '{game}' (try `wargame list`)"),
                ));
            }
        }
    };
    let _ = game;
    let id = format!("{}/{}", harvest::setup::GAME, loaded.stat.scenario.id);
    let state = harvest::setup::initial_state(&loaded.stat, seed, manual_setup);
    let mut session = Session::<harvest::Harvest>::new(id, seed, state);
    session.manual_setup = manual_setup;
    Ok(Box::new(session))
}

/// Rebuild a game from a save file by replaying its actions, and confirm that the
/// replay reproduces the saved state. Errors name the file.
pub fn load_save(root: &Path, path: &Path) -> Result<Box<dyn GameSession>, DataError> {
    let save = SaveFile::read(path)?;
    let file = path.display().to_string();
    let mut g = new_session(root, &save.scenario, save.seed, save.manual_setup).map_err(|e| {
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

/// Check a data file of any kind: scenario, map tile or rules tables. Returns a short
/// description of what was checked.
pub fn check_path(root: &Path, path: &Path) -> Result<String, DataError> {
    let s = path.display().to_string();
    if s.contains("/maps/") {
        let t = harvest::setup::load_tile(path)?;
        return Ok(format!("map tile {} ({} rows)", t.id, t.terrain.len()));
    }
    if s.contains("rules/") {
        let root2 = path
            .parent()
            .and_then(|p| p.parent())
            .and_then(|p| p.parent())
            .unwrap_or(root);
        harvest::setup::load_tables(root2)?;
        return Ok("rules tables".into());
    }
    let l = harvest::setup::load_scenario_path(root, path)?;
    Ok(format!(
        "scenario {}/{} ({})",
        harvest::setup::GAME,
        l.stat.scenario.id,
        l.stat.scenario.name
    ))
}
