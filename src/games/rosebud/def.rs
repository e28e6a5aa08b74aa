//! *Battle of the Rosebud*'s entry in the game registry: two seats, the scenario
//! screen's summary (every reconstruction listed), sessions, and the checks of its map,
//! rules and scenario files.

use super::Rosebud;
use super::setup;
use crate::core::error::DataError;
use crate::core::registry::{
    Choice, FileKind, GameDef, OptionDef, OptionKind, ScenarioInfo, ScenarioRef, Start,
};
use crate::core::session::{GameSession, Session};
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Arc;

/// The registry entry.
pub struct Def;

/// The optional rules (14C, 14D, grass fires) and the choice to play without Voluntary
/// Rout's questions (10J1).
static OPTIONS: [OptionDef; 4] = [
    OptionDef {
        key: "ammo",
        label: "14D optional ammunition rule (US)",
        help: "14D, by mutual agreement: first_fire (Option #1: a US unit's first fire cannot deplete it) or roster (Option #2, 'highly recommended': the Ammo Roster, boxes crossed as units fire, half a box for fire at 1/2, the Pack Trains' 30 small arms, cross-levelling; the roster's boxes are a RECONSTRUCTION); not given: 14A-14C",
        kind: OptionKind::Pick { many: false },
        parts: &[],
    },
    OptionDef {
        key: "indian_resupply",
        label: "14C Indian re-supply in melee",
        help: "14C's optional rule: one Indian unit of each melee in which a US unit took a Casualty Point re-supplies (the Low Ammo unit of the highest Combat Factor)",
        kind: OptionKind::Flag,
        parts: &[],
    },
    OptionDef {
        key: "grass_fires",
        label: "Grass fires (RECONSTRUCTED)",
        help: "4 (3), 9D1: grass fires burn down a number each game turn and rout Pinned units in their hex; how one starts is lost: here a natural 12 on fire at a unit in a Clear hex, then 1d6 1-2 (RECONSTRUCTION)",
        kind: OptionKind::Flag,
        parts: &[],
    },
    OptionDef {
        key: "no_voluntary_rout",
        label: "Play without Voluntary Rout",
        help: "10J1 is not offered: no question after fire and melee, no rout in the Rally Phase, and no going on past where a rout ends (quicker play, by mutual agreement)",
        kind: OptionKind::Flag,
        parts: &[],
    },
];

/// Battle of the Rosebud in the registry.
pub static DEF: Def = Def;

impl GameDef for Def {
    fn id(&self) -> &'static str {
        setup::GAME
    }
    fn name(&self) -> &'static str {
        "Battle of the Rosebud"
    }
    fn blurb(&self) -> &'static str {
        "17 June 1876: Crook's column against Crazy Horse on Rosebud Creek, 19 turns of 20 minutes. Every rule of the seed is played, with 14C's and 14D's optional ammunition rules and grass fires as options; the charts and the battlefield map are reconstructions, labelled as such"
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
    fn option_choices(&self, _root: &Path, key: &str) -> Vec<Choice> {
        match key {
            "ammo" => vec![
                Choice {
                    id: "first_fire".into(),
                    label: "Option #1: the first fire cannot deplete".into(),
                },
                Choice {
                    id: "roster".into(),
                    label: "Option #2: the Ammo Roster".into(),
                },
            ],
            _ => vec![],
        }
    }
    fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        let st = setup::load_static(root, &setup::scenario_path(root, id))?;
        let t = &st.tables;
        let mut notes = st.scenario.notes.clone();
        for r in &t.terrain {
            if r.source.is_reconstruction() {
                notes.push(format!(
                    "{}: {} MP Mounted, {} Dismounted: {}",
                    r.name,
                    r.mounted_mp,
                    r.dismounted_mp,
                    r.source.label()
                ));
            }
        }
        for r in &t.hexsides {
            if r.source.is_reconstruction() {
                notes.push(format!("{} hexside: {}", r.name, r.source.label()));
            }
        }
        notes.push(format!("Victory Levels: {}", t.victory.source.label()));
        Ok(ScenarioInfo {
            id: id.to_string(),
            name: st.scenario.name.clone(),
            subtitle: format!(
                "{} turns of {} minutes from 08:00; the Indian player moves first (18)",
                t.turns.count, t.turns.minutes
            ),
            background: st.scenario.description.clone(),
            victory: "17: victory points as they occur: Crook's Hill, Conical Hill and Andrew's Point taken by US Cavalry or Infantry, and losses (2 a US Casualty Point, 1 an Indian one, as much again for a unit lost whole, RECONSTRUCTED), less 1 for each US unit with Low Ammo at the end (14B); at the end the higher total over the lower gives the level on the Victory Levels Chart".into(),
            length: format!(
                "{} turns, or until one side has no units on the map (18)",
                t.turns.count
            ),
            notes,
            hidden: false,
            skip_options: vec![],
        })
    }
    fn new_session(
        &self,
        root: &Path,
        scenario: ScenarioRef<'_>,
        start: &Start,
    ) -> Result<Box<dyn GameSession>, DataError> {
        let path = match scenario {
            ScenarioRef::Id(id) => setup::scenario_path(root, id),
            ScenarioRef::Path(p) => p.to_path_buf(),
        };
        let mut stat = setup::load_static(root, &path)?;
        stat.options = setup::rule_options(&start.options)
            .map_err(|e| DataError::file(path.display().to_string(), e))?;
        let id = format!("{}/{}", setup::GAME, stat.scenario.id);
        let s = setup::new_state(Arc::new(stat), start.seed);
        let mut session = Session::<Rosebud>::new(id, start.seed, s);
        session.options = start.options.clone();
        Ok(Box::new(session))
    }
    fn check(&self, root: &Path, path: &Path, kind: FileKind) -> Result<String, DataError> {
        match kind {
            FileKind::Map => {
                let (t, _) = setup::load_rules(root)?;
                let m = setup::load_map_file(path, &t)?;
                Ok(format!(
                    "battle map ({}x{} hexes from {}, {} hexside features)",
                    m.cols,
                    m.rows,
                    m.label(m.origin),
                    m.hexsides.len()
                ))
            }
            FileKind::Rules => {
                if path.file_name().is_some_and(|n| n == "counters.ron") {
                    let c = setup::load_counters_file(path)?;
                    Ok(format!(
                        "counters ({} units, {} Leaders)",
                        c.units.len(),
                        c.leaders.len()
                    ))
                } else {
                    let t = setup::load_tables_file(path)?;
                    Ok(format!(
                        "rules tables ({} terrain types, {} hexside features)",
                        t.terrain.len(),
                        t.hexsides.len()
                    ))
                }
            }
            FileKind::Scenario => {
                let st = setup::load_static(root, path)?;
                Ok(format!(
                    "scenario {}/{} ({}, {} placements)",
                    setup::GAME,
                    st.scenario.id,
                    st.scenario.name,
                    st.scenario.setup.len()
                ))
            }
        }
    }
}
