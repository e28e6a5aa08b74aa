//! The Nez Perce strategic campaign's entry in the game registry: two seats, the
//! optional Sitting Bull rule (B8.0), the scenario screen's summary (every
//! reconstruction listed), sessions of the campaign with its combats nested, and the
//! checks of its map, rules and campaign files.

use super::campaign::NezPerceCampaign;
use super::setup;
use super::state::new_state;
use crate::core::campaign::NestedState;
use crate::core::error::DataError;
use crate::core::registry::{
    FileKind, GameDef, OptionDef, OptionKind, ScenarioInfo, ScenarioRef, Start,
};
use crate::core::session::{GameSession, Session};
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Arc;

/// The registry entry.
pub struct Def;

/// I Will Fight No More Forever, strategic campaign, in the registry.
pub static DEF: Def = Def;

/// The options: the optional Sitting Bull rule.
static OPTIONS: [OptionDef; 1] = [OptionDef {
    key: "sitting_bull",
    label: "Sitting Bull (optional rule B8.0)",
    help: "B8.0: a 30th turn; at its start Sitting Bull is placed in 2601 and may move up to three hexes from it; no Army unit may enter his hex; the Army gains 10 victory points",
    kind: OptionKind::Flag,
    parts: &[],
}];

/// Whether the Sitting Bull rule was chosen.
fn sitting_bull(options: &[String]) -> bool {
    options.iter().any(|o| o.trim() == "sitting_bull")
}

impl GameDef for Def {
    fn id(&self) -> &'static str {
        setup::GAME
    }
    fn name(&self) -> &'static str {
        "I Will Fight No More Forever: the campaign"
    }
    fn blurb(&self) -> &'static str {
        "The Nez Perce War, 1877: the 29-turn pursuit from Idaho toward Canada, every contact fought as a tactical combat"
    }
    fn score_name(&self) -> &'static str {
        "D2.0 points"
    }
    fn seat_range(&self, _options: &[String]) -> RangeInclusive<u8> {
        2..=2
    }
    fn options(&self) -> &'static [OptionDef] {
        &OPTIONS
    }
    fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        let st = setup::load_static(root, &setup::scenario_path(root, id), false)?;
        let t = &st.tables;
        let mut notes = vec![
            format!("Campaign set-up: {}", st.campaign.source.label()),
            "Strategic map: RECONSTRUCTION laid on real geography (docs/reconstructions-nez-perce-strategic.md, the strategic map)".to_string(),
            format!("Search Table: {}", t.search.source.label()),
            "Strategic counter values: RECONSTRUCTION (the seed's counters are lost; docs/reconstructions-nez-perce-strategic.md)".to_string(),
            "Tactical combats: the tactical game's reconstructed maps, counters and tables (see that game's scenarios)".to_string(),
        ];
        for r in &t.terrain {
            if r.source.is_reconstruction() {
                notes.push(format!(
                    "{}: {} MP, search {:+}: {}",
                    r.name,
                    r.mp,
                    r.search,
                    r.source.label()
                ));
            }
        }
        notes.extend(st.campaign.notes.iter().cloned());
        Ok(ScenarioInfo {
            id: id.to_string(),
            name: st.campaign.name.clone(),
            subtitle: "June to October 1877: 29 strategic turns of four days (B2.1); the Indian player moves first".into(),
            background: st.campaign.description.clone(),
            victory: "D2.0: the Army scores for braves and Lodges killed and surrendered, the Indian for every surviving brave unit and Lodge, more in Canada; the margin (Army minus Indian) gives one of five levels, from Major Army Victory (over 60) to Major Indian Victory (below 0)".into(),
            length: format!(
                "{} turns (30 with Sitting Bull, B8.0), or after turn {} as soon as every Indian unit is in Canada (B4.4.4)",
                t.last_turn.value, t.canada_turn.value
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
        let stat = setup::load_static(root, &path, sitting_bull(&start.options))?;
        let id = format!("{}/{}", setup::GAME, stat.campaign.id);
        let mut s = new_state(Arc::new(stat), start.seed);
        super::play::begin_turn(&mut s);
        let mut session = Session::<NezPerceCampaign>::new(id, start.seed, NestedState::new(s));
        session.options = start.options.clone();
        Ok(Box::new(session))
    }
    fn check(&self, root: &Path, path: &Path, kind: FileKind) -> Result<String, DataError> {
        let tactical = crate::games::nez_perce_tactical::setup::load_tactical_data(root)?;
        match kind {
            FileKind::Map => {
                let (t, _) = setup::load_rules(root, &tactical)?;
                let m = setup::load_map_file(path, &t)?;
                Ok(format!(
                    "strategic map ({}x{} hexes, {} major-river hexsides)",
                    m.cols,
                    m.rows,
                    m.hexsides.len()
                ))
            }
            FileKind::Rules => {
                if path.file_name().is_some_and(|n| n == "counters.ron") {
                    let c = setup::load_counters_file(path, &tactical.counters)?;
                    Ok(format!("strategic counters ({} units)", c.units.len()))
                } else {
                    let t = setup::load_tables_file(path)?;
                    setup::check_tactical_maps(path, &t, &tactical)?;
                    Ok(format!(
                        "strategic rules tables ({} terrain types)",
                        t.terrain.len()
                    ))
                }
            }
            FileKind::Scenario => {
                let st = setup::load_static(root, path, false)?;
                Ok(format!(
                    "campaign {}/{} ({}, {} units at the start, {} on the track, {}x{} map)",
                    setup::GAME,
                    st.campaign.id,
                    st.campaign.name,
                    st.campaign.start.len(),
                    st.campaign.track.len(),
                    st.map.cols,
                    st.map.rows
                ))
            }
        }
    }
}
