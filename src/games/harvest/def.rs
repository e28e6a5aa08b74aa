//! Harvest the Wind's entry in the game registry: two seats, one option (the manual
//! set-up), its scenarios' menu summaries, sessions and file checks.

use super::{Harvest, data, setup};
use crate::core::error::DataError;
use crate::core::registry::{
    FileKind, GameDef, OptionDef, OptionKind, ScenarioInfo, ScenarioRef, Start,
};
use crate::core::save::MANUAL_SETUP;
use crate::core::session::{GameSession, Session};
use std::ops::RangeInclusive;
use std::path::Path;

/// The registry entry.
pub struct Def;

/// Harvest the Wind in the registry.
pub static DEF: Def = Def;

/// The one option: players place their own units (every scenario's Setup paragraph
/// gives the zones; without it the scenario's default positions are used).
static OPTIONS: [OptionDef; 1] = [OptionDef {
    key: MANUAL_SETUP,
    label: "Place my own units in set-up",
    help: "IX.A-F, each scenario's Setup: the players place their units inside its set-up zones, in the order it gives, instead of the default positions",
    kind: OptionKind::Flag,
    parts: &[],
}];

impl GameDef for Def {
    fn id(&self) -> &'static str {
        setup::GAME
    }
    fn name(&self) -> &'static str {
        "Harvest the Wind"
    }
    fn blurb(&self) -> &'static str {
        "Tactical hex microgame of 19th-century Western fights: six scenarios, 1862-1876"
    }
    fn score_name(&self) -> &'static str {
        "victory points"
    }
    fn seat_range(&self, _options: &[String]) -> RangeInclusive<u8> {
        2..=2
    }
    fn options(&self) -> &'static [OptionDef] {
        &OPTIONS
    }
    fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        let l = setup::load_scenario_id(root, id)?;
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
                .any(|f| f.hidden || f.kind == data::ForceKind::Hidden),
            skip_options: vec![],
        })
    }
    fn new_session(
        &self,
        root: &Path,
        scenario: ScenarioRef<'_>,
        start: &Start,
    ) -> Result<Box<dyn GameSession>, DataError> {
        let loaded = match scenario {
            ScenarioRef::Id(id) => setup::load_scenario_id(root, id)?,
            ScenarioRef::Path(p) => setup::load_scenario_path(root, p)?,
        };
        let id = format!("{}/{}", setup::GAME, loaded.stat.scenario.id);
        let manual = start.options.iter().any(|o| o == MANUAL_SETUP);
        let state = setup::initial_state(&loaded.stat, start.seed, manual);
        let mut session = Session::<Harvest>::new(id, start.seed, state);
        session.options = start.options.clone();
        Ok(Box::new(session))
    }
    fn check(&self, root: &Path, path: &Path, kind: FileKind) -> Result<String, DataError> {
        match kind {
            FileKind::Map => {
                let t = setup::load_tile(path)?;
                Ok(format!("map tile {} ({} rows)", t.id, t.terrain.len()))
            }
            FileKind::Rules => {
                // rules/<game>/tables.ron: the data root is three folders up.
                let root2 = path
                    .parent()
                    .and_then(|p| p.parent())
                    .and_then(|p| p.parent())
                    .unwrap_or(root);
                setup::load_tables(root2)?;
                Ok("rules tables".into())
            }
            FileKind::Scenario => {
                let l = setup::load_scenario_path(root, path)?;
                Ok(format!(
                    "scenario {}/{} ({})",
                    setup::GAME,
                    l.stat.scenario.id,
                    l.stat.scenario.name
                ))
            }
        }
    }
}
