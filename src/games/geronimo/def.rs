//! *Geronimo!*'s entry in the game registry: two to five players (`players`), the
//! optional Alternate Side Determination (12.2), the scenarios' menu summaries with
//! their reconstructions, sessions and file checks.

use super::{Geronimo, setup};
use crate::core::error::DataError;
use crate::core::registry::{
    FileKind, GameDef, OptionDef, OptionKind, OptionValue, ScenarioInfo, ScenarioRef, Start,
    option_values,
};
use crate::core::session::{GameSession, Session};
use std::ops::RangeInclusive;
use std::path::Path;

/// The registry entry.
pub struct Def;

/// Geronimo! in the registry.
pub static DEF: Def = Def;

static OPTIONS: [OptionDef; 2] = [
    OptionDef {
        key: "players",
        label: "Players",
        help: "two to five players at the screen (3.2); one is the US each Turn",
        kind: OptionKind::Int {
            min: 2,
            max: 5,
            default: 3,
        },
        parts: &[],
    },
    OptionDef {
        key: "free_sides",
        label: "12.2 Alternate Side Determination",
        help: "rule 12.2: draw the sides every Turn with no regard to who was the US before",
        kind: OptionKind::Flag,
        parts: &[],
    },
];

/// The players and options chosen.
pub fn choices(options: &[String]) -> setup::Choices {
    let v = option_values(&OPTIONS, options);
    let players = match v.first() {
        Some(OptionValue::Ints(n)) => n.first().and_then(|&n| u8::try_from(n).ok()).unwrap_or(3),
        _ => 3,
    };
    let free_sides = matches!(v.get(1), Some(OptionValue::Flag(true)));
    setup::Choices {
        players,
        random_events: false,
        free_sides,
    }
}

impl GameDef for Def {
    fn id(&self) -> &'static str {
        setup::GAME
    }
    fn name(&self) -> &'static str {
        "Geronimo!"
    }
    fn blurb(&self) -> &'static str {
        "The Indian Wars 1851-1890 for 2-5 players: each Turn one is the US, the others the Tribes"
    }
    fn score_name(&self) -> &'static str {
        "VP"
    }
    fn seat_range(&self, options: &[String]) -> RangeInclusive<u8> {
        let n = choices(options).players;
        n..=n
    }
    fn options(&self) -> &'static [OptionDef] {
        &OPTIONS
    }
    fn scenarios(&self, root: &Path) -> Vec<String> {
        setup::scenario_ids(root)
    }
    fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        let st = setup::load_scenario_id(root, id)?;
        let sc = &st.scenario;
        let mut notes = vec![
            "The map of the West: RECONSTRUCTION from the state borders (docs/reconstructions-geronimo-map.md)".to_string(),
            format!("The Battle Table: {}", st.tables.battle_source.label()),
            format!("The odds: {}", st.tables.odds_source.label()),
        ];
        let recon_areas = st
            .areas
            .iter()
            .flatten()
            .filter(|a| a.source.is_reconstruction())
            .count();
        notes.push(format!(
            "{recon_areas} of 18 Areas' Survival and Statehood numbers are reconstructed (the seed gives CA 24, AZ 16, ID 18 and MN 6)"
        ));
        let recon_v = st
            .villages
            .iter()
            .filter(|v| v.def.source.is_reconstruction())
            .count();
        notes.push(format!(
            "{recon_v} of {} Villages' ratings are reconstructed, from the seed's examples and history",
            st.villages.len()
        ));
        let recon_c = st
            .commanders
            .iter()
            .filter(|c| c.source.is_reconstruction())
            .count();
        notes.push(format!(
            "{recon_c} of {} Commanders' ratings are reconstructed",
            st.commanders.len()
        ));
        notes.push("The Turn Track and the Mine counters are reconstructed".to_string());
        Ok(ScenarioInfo {
            id: id.to_string(),
            name: sc.name.clone(),
            subtitle: format!(
                "Turns {}-{} ({}-{}), five years a Turn",
                sc.first_turn,
                sc.last_turn,
                1851 + 5 * (u32::from(sc.first_turn) - 1),
                1855 + 5 * (u32::from(sc.last_turn) - 1)
            ),
            background: sc.background.clone(),
            victory: "The most VP at the end wins, whatever sides a player took (10.1)".into(),
            length: format!("{} Turns", sc.last_turn - sc.first_turn + 1),
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
        let stat = match scenario {
            ScenarioRef::Id(id) => setup::load_scenario_id(root, id)?,
            ScenarioRef::Path(p) => setup::load_scenario_path(root, p)?,
        };
        let id = format!("{}/{}", setup::GAME, stat.scenario.id);
        let stat = setup::with_choices(&stat, choices(&start.options));
        let (state, _) = setup::initial_state(&stat, start.seed);
        let mut session = Session::<Geronimo>::new(id, start.seed, state);
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
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                match name {
                    "tables.ron" => setup::load_tables_file(path).map(|_| "rules tables".into()),
                    "areas.ron" => setup::load_areas_file(path, None)
                        .map(|f| format!("Area values ({} Areas)", f.areas.len())),
                    "tribes.ron" => setup::load_tribes_file(path, None)
                        .map(|f| format!("Tribal cards ({} Tribes)", f.tribes.len())),
                    "counters.ron" => setup::load_counters_file(path, None).map(|f| {
                        format!(
                            "counters ({} Commanders, {} Mines)",
                            f.commanders.len(),
                            f.mines.len()
                        )
                    }),
                    "cards.ron" => setup::load_cards_file(path).map(|f| {
                        format!(
                            "Shaman deck ({} cards)",
                            f.cards.iter().map(|c| u32::from(c.count)).sum::<u32>()
                        )
                    }),
                    other => Err(DataError::file(
                        path.display().to_string(),
                        format!(
                            "'{other}' is no Geronimo rules file (tables, areas, tribes, counters, cards)"
                        ),
                    )),
                }
            }
            FileKind::Scenario => {
                let st = setup::load_scenario_path(root, path)?;
                Ok(format!(
                    "scenario {}/{} ({})",
                    setup::GAME,
                    st.scenario.id,
                    st.scenario.name
                ))
            }
        }
    }
}
