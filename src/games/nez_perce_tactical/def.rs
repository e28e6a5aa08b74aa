//! The Nez Perce tactical game's entry in the game registry: two seats, the
//! reconstructed end rule as an option, the scenario screen's summary (every
//! reconstruction listed), sessions and file checks.

use super::{NezPerceTactical, setup};
use crate::core::error::DataError;
use crate::core::registry::{
    Choice, FileKind, GameDef, OptionDef, OptionKind, ScenarioInfo, ScenarioRef, Start,
};
use crate::core::session::{GameSession, Session};
use std::ops::RangeInclusive;
use std::path::Path;

/// The registry entry.
pub struct Def;

/// I Will Fight No More Forever, tactical game, in the registry.
pub static DEF: Def = Def;

/// The options: the reconstructed end rule, and for a combat the players set up (a
/// scenario with `roll:`), the strategic units of each side, the map and the trigger.
static OPTIONS: [OptionDef; 6] = [
    OptionDef {
        key: "turn_limit",
        label: "End rule: turn limit (reconstruction)",
        help: "reconstruction (seed_notes 000-3.7 suggests 20): after this many game-turns the contacted side leaves the map; 0 = no limit, as C3.1's unrestricted number of game-turns",
        kind: OptionKind::Int {
            min: 0,
            max: 99,
            default: 30,
        },
        parts: &[],
    },
    OptionDef {
        key: "stall",
        label: "End rule: idle game-turns (reconstruction)",
        help: "reconstruction (seed_notes 000-3.7): after this many game-turns in a row in which neither side moves, fires or melees, the contacted side leaves the map; 0 = never, as C3.1's unrestricted game-turns",
        kind: OptionKind::Int {
            min: 0,
            max: 9,
            default: 3,
        },
        parts: &[],
    },
    OptionDef {
        key: "army",
        label: "Army strategic units",
        help: "the Army's strategic units in a combat the players set up; their tactical counters come with them (C2.1); not given: the scenario's own",
        kind: OptionKind::Pick { many: true },
        parts: &[],
    },
    OptionDef {
        key: "indian",
        label: "Indian strategic units",
        help: "the bands (and the Village) in a combat the players set up; their tactical counters come with them (C2.1); not given: the scenario's own",
        kind: OptionKind::Pick { many: true },
        parts: &[],
    },
    OptionDef {
        key: "map",
        label: "Tactical map",
        help: "the tactical map of a combat the players set up, matching the strategic hex's terrain (C2.0); not given: the scenario's own",
        kind: OptionKind::Pick { many: false },
        parts: &[],
    },
    OptionDef {
        key: "trigger",
        label: "How the combat began",
        help: "an Army search (State of Contact columns A-B) or an Indian declaration (columns C-E), for a combat the players set up (C2.2); not given: the scenario's own",
        kind: OptionKind::Pick { many: false },
        parts: &[],
    },
];

/// The keys that only a combat the players set up takes.
const PICK_KEYS: [&str; 4] = ["army", "indian", "map", "trigger"];

/// The players' picks in the options (already validated in form).
fn picks(options: &[String]) -> Result<setup::Picks, DataError> {
    let mut p = setup::Picks::default();
    for o in options {
        let Some((k, v)) = o.split_once('=') else {
            continue;
        };
        let names = || {
            v.split(',')
                .map(|x| x.trim().to_string())
                .collect::<Vec<_>>()
        };
        match k.trim() {
            "army" => p.army = names(),
            "indian" => p.indian = names(),
            "map" => p.map = Some(v.trim().to_string()),
            "trigger" => {
                p.trigger = Some(match v.trim() {
                    "search" => super::data::Trigger::Search,
                    "declaration" => super::data::Trigger::Declaration,
                    other => {
                        return Err(DataError::file(
                            "option trigger",
                            format!("trigger={other}: choices are search, declaration"),
                        ));
                    }
                })
            }
            _ => {}
        }
    }
    Ok(p)
}

/// A whole-number option's value (`default` unless set).
fn int_option(options: &[String], key: &str, default: u32) -> u32 {
    options
        .iter()
        .find_map(|o| o.strip_prefix(key)?.strip_prefix('='))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

impl GameDef for Def {
    fn id(&self) -> &'static str {
        setup::GAME
    }
    fn name(&self) -> &'static str {
        "I Will Fight No More Forever: tactical combats"
    }
    fn blurb(&self) -> &'static str {
        "The Nez Perce War, 1877: one combat on a tactical map, a few units acting each turn"
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
    fn option_choices(&self, root: &Path, key: &str) -> Vec<Choice> {
        setup::pick_choices(root, key)
            .into_iter()
            .map(|(id, label)| Choice { id, label })
            .collect()
    }
    fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        let l = setup::load_scenario_id(root, id)?;
        let st = &l.stat;
        let sc = &st.scenario;
        let t = &st.tables;
        let mut notes = vec![
            format!("Scenario: {}", sc.source.label()),
            format!("Tactical map '{}': RECONSTRUCTION (the seed's maps are lost)", sc.map),
            format!("Fire Results Table: {}", t.fire.source.label()),
            format!("Melee Results Table: {}", t.melee.source.label()),
            format!("Morale Table: {}", t.morale.source.label()),
            "Counter values: RECONSTRUCTION (the seed's counters are lost; docs/reconstructions-nez-perce-counters.md)".to_string(),
        ];
        for r in &t.terrain {
            if r.source.is_reconstruction() {
                notes.push(format!(
                    "{}: {} MP, fire {:+}, melee {:+}: {}",
                    r.name,
                    r.mp,
                    r.fire,
                    r.melee,
                    r.source.label()
                ));
            }
        }
        notes.extend(sc.notes.iter().cloned());
        Ok(ScenarioInfo {
            id: id.to_string(),
            name: sc.name.clone(),
            subtitle: match sc.roll {
                Some(t) => format!(
                    "Set up by the players: the state of contact is rolled ({})",
                    match t {
                        super::data::Trigger::Search => "an Army search, C2.2 columns A-B",
                        super::data::Trigger::Declaration => "an Indian declaration, C2.2 columns C-E",
                    }
                ),
                None => format!("{}; the {:?} player moves first (C2)", sc.contact, sc.first),
            },
            background: sc.description.clone(),
            victory: "The D2.0 points for braves and Lodges killed and surrendered, as the margin this combat adds (Army wins above 0, the Indian below; at 0 the Indian if the Army lost a unit) [D2.0; the standalone result is a reconstruction]".into(),
            length: "Until one side has no units left on the map (C3.1), or (reconstruction) three game-turns in which neither side moves, fires or melees (option stall; 0 = off), or 30 game-turns (option turn_limit; 0 = unrestricted, as C3.1)".into(),
            notes,
            hidden: false,
            skip_options: if sc.roll.is_some() {
                vec![]
            } else {
                PICK_KEYS.to_vec()
            },
        })
    }
    fn new_session(
        &self,
        root: &Path,
        scenario: ScenarioRef<'_>,
        start: &Start,
    ) -> Result<Box<dyn GameSession>, DataError> {
        let picks = picks(&start.options)?;
        let path = match scenario {
            ScenarioRef::Id(id) => setup::scenario_path(root, id),
            ScenarioRef::Path(p) => p.to_path_buf(),
        };
        let loaded = setup::load_scenario_picked(root, &path, &picks)?;
        let loaded = setup::with_end_rule(
            &loaded,
            int_option(&start.options, "turn_limit", 30),
            int_option(&start.options, "stall", 3),
        );
        let id = format!("{}/{}", setup::GAME, loaded.stat.scenario.id);
        let state = setup::initial_state(&loaded, start.seed);
        let mut session = Session::<NezPerceTactical>::new(id, start.seed, state);
        session.options = start.options.clone();
        Ok(Box::new(session))
    }
    fn check(&self, root: &Path, path: &Path, kind: FileKind) -> Result<String, DataError> {
        match kind {
            FileKind::Map => {
                let t = setup::load_tables(root)?;
                let m = setup::load_map_file(path, &t)?;
                Ok(format!(
                    "tactical map ({}x{} hexes, {} hexside features)",
                    m.cols,
                    m.rows,
                    m.hexsides.len()
                ))
            }
            FileKind::Rules => {
                if path.file_name().is_some_and(|n| n == "counters.ron") {
                    let t = setup::load_tables(root)?;
                    let c = setup::load_counters_file(path, &t)?;
                    let n: usize = c.strategic.iter().map(|s| s.counters.len()).sum();
                    Ok(format!(
                        "counter mix ({} strategic units, {n} tactical counters, {} camps)",
                        c.strategic.len(),
                        c.camps.len()
                    ))
                } else {
                    setup::load_tables_file(path)?;
                    Ok("rules tables".into())
                }
            }
            FileKind::Scenario => {
                let l = setup::load_scenario_path(root, path)?;
                Ok(format!(
                    "scenario {}/{} ({}, {} counters)",
                    setup::GAME,
                    l.stat.scenario.id,
                    l.stat.scenario.name,
                    l.counters.len()
                ))
            }
        }
    }
}
