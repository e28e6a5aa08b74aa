//! The block game's entry in the game registry: two seats, the optional rules of
//! §11.0 as typed options, its scenario's menu summary, sessions and file checks.

use super::{Wind, data, setup};
use crate::core::error::DataError;
use crate::core::registry::{
    FileKind, GameDef, OptionDef, OptionKind, ScenarioInfo, ScenarioRef, Start,
};
use crate::core::session::{GameSession, Session};
use std::ops::RangeInclusive;
use std::path::Path;

/// The registry entry.
pub struct Def;

/// Once We Moved Like the Wind in the registry.
pub static DEF: Def = Def;

/// The optional rules of §11.0.
static OPTIONS: [OptionDef; 5] = [
    OptionDef {
        key: "apache_leader_death",
        label: "11.1 Apache Leader death",
        help: "rule 11.1: an Apache Leader can be killed in combat",
        kind: OptionKind::Flag,
        parts: &[],
    },
    OptionDef {
        key: "army_leader_death",
        label: "11.2 Army Leader death",
        help: "rule 11.2: an Army Leader can be killed in combat",
        kind: OptionKind::Flag,
        parts: &[],
    },
    OptionDef {
        key: "turns",
        label: "11.5 Turns",
        help: "rule 11.5: play 8 or 9 turns instead of 7",
        kind: OptionKind::Int {
            min: 7,
            max: 9,
            default: 7,
        },
        parts: &[],
    },
    OptionDef {
        key: "levels",
        label: "11.3/11.4 Starting Victory Levels",
        help: "rules 11.3 (bidding) and 11.4 (handicap): starting Victory Levels, Apache,Army",
        kind: OptionKind::Ints {
            count: 2,
            min: 0,
            max: u32::MAX as i64,
            default: 0,
        },
        parts: &["Apache", "Army"],
    },
    OptionDef {
        key: "reinforce_one",
        label: "7.0 Reinforcement +1 a block (a reading)",
        help: "rule 7.0 read as one SP for each reinforced block, instead of the seed's one SP for each Army block in the area",
        kind: OptionKind::Flag,
        parts: &[],
    },
];

impl GameDef for Def {
    fn id(&self) -> &'static str {
        setup::GAME
    }
    fn name(&self) -> &'static str {
        "Once We Moved Like the Wind"
    }
    fn blurb(&self) -> &'static str {
        "The Apache Wars 1861-1886: an area game with hidden blocks, seven turns"
    }
    fn score_name(&self) -> &'static str {
        "Victory Levels"
    }
    fn seat_range(&self, _options: &[String]) -> RangeInclusive<u8> {
        2..=2
    }
    fn options(&self) -> &'static [OptionDef] {
        &OPTIONS
    }
    fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        let l = setup::load_scenario_id(root, id)?;
        let st = &l.stat;
        let sc = &st.scenario;
        let t = &st.tables;
        let mut notes = vec![
            format!("Provocation Chart: {}", t.chart_source.label()),
            format!(
                "Area block limits: Apache {} ({}); Army {} ({})",
                t.apache_limit.value,
                t.apache_limit.source.label(),
                t.army_limit.value,
                t.army_limit.source.label()
            ),
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
                    data::BlockKind::Leader | data::BlockKind::Scout | data::BlockKind::Settler
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
        Ok(ScenarioInfo {
            id: id.to_string(),
            name: sc.name.clone(),
            subtitle: format!("{} turns (§2.0), each about 3.5 years", sc.turns),
            background: sc.background.clone(),
            victory: format!("{} [rule §9.0]", sc.victory),
            length: format!("{} turns; optional rule 11.5 allows 8 or 9", sc.turns),
            notes,
            hidden: true,
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
        let stat = setup::with_options(&loaded.stat, &start.options)
            .map_err(|e| DataError::file(scenario.describe(), e))?;
        let state = setup::initial_state(&stat, start.seed);
        let mut session = Session::<Wind>::new(id, start.seed, state);
        session.options = start.options.clone();
        Ok(Box::new(session))
    }
    fn check(&self, root: &Path, path: &Path, kind: FileKind) -> Result<String, DataError> {
        match kind {
            FileKind::Map => {
                let m = setup::load_map(path)?;
                Ok(format!(
                    "area map ({} areas, {} boundaries)",
                    m.areas.len(),
                    m.boundaries.len()
                ))
            }
            FileKind::Rules => {
                setup::load_tables_file(path)?;
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
