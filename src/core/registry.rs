//! The game registry: every ruleset declares one [`GameDef`] (its id and names, seats,
//! typed options, scenarios, and how to start a session and check a file), and the
//! menu, the command line, `check`, load and save are all built from the list of them
//! ([`Registry`]). Scenario files and saves name their game explicitly; nothing is
//! guessed from a file's contents.

use super::data;
use super::error::DataError;
use super::save::SaveFile;
use super::session::GameSession;
use std::ops::RangeInclusive;
use std::path::Path;

/// What one optional rule takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off: written as its key alone (`apache_leader_death`); off by default.
    Flag,
    /// One whole number in a range: `key=N`.
    Int {
        /// Smallest value allowed.
        min: i64,
        /// Largest value allowed.
        max: i64,
        /// The value when the option is not given.
        default: i64,
    },
    /// Several whole numbers, comma-separated: `key=A,B`.
    Ints {
        /// How many numbers.
        count: usize,
        /// Smallest value allowed for each.
        min: i64,
        /// Largest value allowed for each.
        max: i64,
        /// Each value when the option is not given.
        default: i64,
    },
    /// Names from a list the game gives ([`GameDef::option_choices`]), comma-separated:
    /// `key=a,b`. Not given (the default) means "as the scenario has it".
    Pick {
        /// Several names may be picked (otherwise exactly one).
        many: bool,
    },
}

/// One optional rule a game offers before play, with its help text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDef {
    /// The key in option notation (`turns` in `turns=9`).
    pub key: &'static str,
    /// A short label for the menu.
    pub label: &'static str,
    /// What it does, with its rule number.
    pub help: &'static str,
    /// What it takes.
    pub kind: OptionKind,
    /// Labels of the numbers of an [`OptionKind::Ints`] option, in order (`["Apache",
    /// "Army"]`); empty otherwise.
    pub parts: &'static [&'static str],
}

/// A chosen value of an option, as the menu edits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A flag's state.
    Flag(bool),
    /// The numbers of an `Int` (one) or `Ints` option.
    Ints(Vec<i64>),
    /// The names picked for a `Pick` option (none: the scenario's own).
    Names(Vec<String>),
}

/// One name a [`OptionKind::Pick`] option may take, with its label for the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The name in option notation (`perry`).
    pub id: String,
    /// What the menu shows (`Perry (1st Cavalry, 2 companies)`).
    pub label: String,
}

impl OptionDef {
    /// The value when the option is not given.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Flag => OptionValue::Flag(false),
            OptionKind::Int { default, .. } => OptionValue::Ints(vec![default]),
            OptionKind::Ints { count, default, .. } => OptionValue::Ints(vec![default; count]),
            OptionKind::Pick { .. } => OptionValue::Names(vec![]),
        }
    }

    /// The option in notation for `value`, or `None` when it is the default (a default
    /// is never written, so the same game always has the same option list).
    pub fn notation(&self, value: &OptionValue) -> Option<String> {
        if *value == self.default_value() {
            return None;
        }
        match value {
            OptionValue::Flag(on) => on.then(|| self.key.to_string()),
            OptionValue::Ints(v) => Some(format!(
                "{}={}",
                self.key,
                v.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
            )),
            OptionValue::Names(v) => Some(format!("{}={}", self.key, v.join(","))),
        }
    }

    /// Read this option's value from one entry in notation (its key must match).
    pub fn parse(&self, entry: &str) -> Result<OptionValue, String> {
        let (key, value) = match entry.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (entry.trim(), None),
        };
        if key != self.key {
            return Err(format!("'{entry}' is not the option '{}'", self.key));
        }
        let range = |min: i64, max: i64, x: &str| -> Result<i64, String> {
            let n: i64 = x
                .trim()
                .parse()
                .map_err(|_| format!("{entry}: '{x}' is not a whole number"))?;
            if (min..=max).contains(&n) {
                Ok(n)
            } else {
                Err(format!(
                    "{entry}: {n} is outside {min}..={max} ({})",
                    self.help
                ))
            }
        };
        match (self.kind, value) {
            (OptionKind::Flag, None) => Ok(OptionValue::Flag(true)),
            (OptionKind::Flag, Some(_)) => Err(format!(
                "{entry}: '{}' is a flag and takes no value ({})",
                self.key, self.help
            )),
            (OptionKind::Int { min, max, .. }, Some(v)) => {
                Ok(OptionValue::Ints(vec![range(min, max, v)?]))
            }
            (
                OptionKind::Ints {
                    count, min, max, ..
                },
                Some(v),
            ) => {
                let parts: Vec<i64> = v
                    .split(',')
                    .map(|x| range(min, max, x))
                    .collect::<Result<_, _>>()?;
                if parts.len() == count {
                    Ok(OptionValue::Ints(parts))
                } else {
                    Err(format!(
                        "{entry}: expected {count} numbers separated by commas ({})",
                        self.help
                    ))
                }
            }
            (OptionKind::Pick { many }, Some(v)) => {
                let names: Vec<String> = v.split(',').map(|x| x.trim().to_string()).collect();
                if let Some(bad) = names.iter().find(|n| {
                    n.is_empty()
                        || !n
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                }) {
                    return Err(format!(
                        "{entry}: '{bad}' is not a name (letters, digits, '_' and ':') ({})",
                        self.help
                    ));
                }
                if !many && names.len() != 1 {
                    return Err(format!("{entry}: pick exactly one name ({})", self.help));
                }
                if let Some(n) = names
                    .iter()
                    .enumerate()
                    .find_map(|(i, n)| names[..i].contains(n).then_some(n))
                {
                    return Err(format!("{entry}: '{n}' is picked twice"));
                }
                Ok(OptionValue::Names(names))
            }
            (_, None) => Err(format!(
                "'{}' needs a value: {}=... ({})",
                self.key, self.key, self.help
            )),
        }
    }
}

/// Check options in notation against a game's definitions: every entry names an
/// option, takes the right kind of value in range, and appears once.
pub fn validate_options(defs: &[OptionDef], options: &[String]) -> Result<(), String> {
    let mut seen = Vec::new();
    for o in options {
        let key = o.split_once('=').map_or(o.as_str(), |(k, _)| k).trim();
        let Some(def) = defs.iter().find(|d| d.key == key) else {
            return Err(if defs.is_empty() {
                format!("unknown option '{o}': this game has no optional rules")
            } else {
                format!(
                    "unknown option '{o}'; options are: {}",
                    defs.iter()
                        .map(|d| match d.kind {
                            OptionKind::Flag => d.key.to_string(),
                            _ => format!("{}=...", d.key),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            });
        };
        def.parse(o)?;
        if seen.contains(&key) {
            return Err(format!("option '{key}' is given twice"));
        }
        seen.push(key);
    }
    Ok(())
}

/// The value of each option of `defs` in an option list (defaults where absent).
/// Entries that do not parse are left at their default; validate first.
pub fn option_values(defs: &[OptionDef], options: &[String]) -> Vec<OptionValue> {
    defs.iter()
        .map(|d| {
            options
                .iter()
                .find_map(|o| d.parse(o).ok())
                .unwrap_or_else(|| d.default_value())
        })
        .collect()
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
    /// Keys of the game's options that this scenario does not take (the menu hides
    /// them; starting with one is an error).
    pub skip_options: Vec<&'static str>,
}

/// Which scenario to start: a shipped id or a file.
#[derive(Clone, Copy, Debug)]
pub enum ScenarioRef<'a> {
    /// A scenario id, `game/stem`.
    Id(&'a str),
    /// A scenario file anywhere (its `game` field named this game).
    Path(&'a Path),
}

impl ScenarioRef<'_> {
    /// The id or the path, for messages.
    pub fn describe(&self) -> String {
        match self {
            ScenarioRef::Id(id) => id.to_string(),
            ScenarioRef::Path(p) => p.display().to_string(),
        }
    }
}

/// How a session starts: the dice seed and the choices made before play.
#[derive(Clone, Debug, Default)]
pub struct Start {
    /// The dice seed.
    pub seed: u64,
    /// Optional rules in notation, already validated against the game's options.
    pub options: Vec<String>,
}

/// The kinds of data file `check` knows, told by the folder a file is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A scenario (`scenarios/<game>/*.ron`, or any file naming its game).
    Scenario,
    /// A map (`scenarios/<game>/maps/*.ron`).
    Map,
    /// Rules tables (`rules/<game>/*.ron`).
    Rules,
}

/// One ruleset's entry in the registry.
pub trait GameDef: Send + Sync + 'static {
    /// Id used in scenario ids, saves and folders (`harvest_the_wind`).
    fn id(&self) -> &'static str;
    /// Display name.
    fn name(&self) -> &'static str;
    /// One-line description.
    fn blurb(&self) -> &'static str;
    /// What the per-seat scores of an [`Outcome`](super::game::Outcome) count, for
    /// reports ("victory points", "Victory Levels").
    fn score_name(&self) -> &'static str;
    /// How many seats a game may have with these options.
    fn seat_range(&self, options: &[String]) -> RangeInclusive<u8>;
    /// The optional rules chosen before play.
    fn options(&self) -> &'static [OptionDef] {
        &[]
    }
    /// The names a [`OptionKind::Pick`] option may take, read from the game's data
    /// under `root` (none for another kind of option).
    fn option_choices(&self, _root: &Path, _key: &str) -> Vec<Choice> {
        vec![]
    }
    /// Shipped scenario ids (`game/stem`), sorted.
    fn scenarios(&self, root: &Path) -> Vec<String> {
        data::scenario_ids(root, self.id())
    }
    /// A scenario's summary for the menu.
    fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError>;
    /// Start a session. `start.options` have been validated against [`GameDef::options`].
    fn new_session(
        &self,
        root: &Path,
        scenario: ScenarioRef<'_>,
        start: &Start,
    ) -> Result<Box<dyn GameSession>, DataError>;
    /// Check one data file of this game; returns what was checked, in words.
    fn check(&self, root: &Path, path: &Path, kind: FileKind) -> Result<String, DataError>;
}

/// The games the program knows, in menu order.
#[derive(Clone)]
pub struct Registry {
    games: Vec<&'static dyn GameDef>,
}

impl Registry {
    /// A registry of these games.
    pub fn new(games: Vec<&'static dyn GameDef>) -> Self {
        Self { games }
    }

    /// This registry and one more game.
    pub fn with(mut self, game: &'static dyn GameDef) -> Self {
        self.games.push(game);
        self
    }

    /// Every game, in menu order.
    pub fn games(&self) -> &[&'static dyn GameDef] {
        &self.games
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<&'static dyn GameDef> {
        self.games.iter().copied().find(|g| g.id() == id)
    }

    fn unknown(&self, what: &str, game: &str) -> DataError {
        DataError::file(
            what,
            format!(
                "unknown game '{game}'; games are: {}",
                self.games
                    .iter()
                    .map(|g| g.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    }

    /// The game of a scenario id (`game/stem`), or of a scenario file (its `game`
    /// field), and which of the two it is.
    fn resolve<'a>(
        &self,
        scenario: &'a str,
    ) -> Result<(&'static dyn GameDef, ScenarioRef<'a>), DataError> {
        let path = Path::new(scenario);
        if path.extension().is_some_and(|e| e == "ron") && path.exists() {
            let text = data::read_text(path)?;
            let game = data::scenario_game(scenario, &text)?;
            let def = self.get(&game).ok_or_else(|| {
                data::error_near(
                    scenario,
                    &text,
                    &game,
                    self.unknown(scenario, &game).message,
                )
            })?;
            return Ok((def, ScenarioRef::Path(path)));
        }
        if path.extension().is_some_and(|e| e == "ron") {
            // A file, not an id (`game/stem`): say that it is missing, not that its
            // first folder is no game.
            return Err(DataError::file(
                scenario,
                format!(
                    "no such scenario file ({} does not exist; a path is read from the current folder, an id is GAME/SCENARIO as `wargame list` shows)",
                    path.display()
                ),
            ));
        }
        let game = scenario.split('/').next().unwrap_or_default();
        let def = self.get(game).ok_or_else(|| self.unknown(scenario, game))?;
        Ok((def, ScenarioRef::Id(scenario)))
    }

    /// Scenario ids of a game (none for an unknown game).
    pub fn scenarios(&self, root: &Path, game: &str) -> Vec<String> {
        self.get(game)
            .map(|g| g.scenarios(root))
            .unwrap_or_default()
    }

    /// A scenario's summary for the menu.
    pub fn scenario_info(&self, root: &Path, id: &str) -> Result<ScenarioInfo, DataError> {
        let (def, _) = self.resolve(id)?;
        def.scenario_info(root, id)
    }

    /// Start a session for a scenario id or file, with its options validated against
    /// the game's definitions.
    pub fn new_session(
        &self,
        root: &Path,
        scenario: &str,
        start: &Start,
    ) -> Result<Box<dyn GameSession>, DataError> {
        let (def, r) = self.resolve(scenario)?;
        validate_options(def.options(), &start.options)
            .map_err(|e| DataError::file(scenario, format!("{}: {e}", def.name())))?;
        def.new_session(root, r, start)
    }

    /// Rebuild a game from a save file by replaying its actions, and confirm that the
    /// replay reproduces the saved state. The save names its game; errors name the file.
    pub fn load_save(&self, root: &Path, path: &Path) -> Result<Box<dyn GameSession>, DataError> {
        let save = SaveFile::read(path)?;
        let file = path.display().to_string();
        let text = data::read_text(path)?;
        let def = self.get(&save.game).ok_or_else(|| {
            data::error_near(
                &file,
                &text,
                &save.game,
                self.unknown(&file, &save.game).message,
            )
        })?;
        let start = Start {
            seed: save.seed,
            options: save.option_list(),
        };
        let at = crate::core::spans::Located::new(&file, &text);
        let (_, r) = self.resolve(&save.scenario).map_err(|e| {
            at.at(
                "scenario",
                format!("save names a scenario that does not load: {e}"),
            )
        })?;
        let mut g = def.new_session(root, r, &start).map_err(|e| {
            at.at(
                "scenario",
                format!("save names a scenario that does not load: {e}"),
            )
        })?;
        if g.game() != def.id() {
            return Err(DataError::file(
                &file,
                format!(
                    "the save is of '{}' but its scenario is of '{}'",
                    def.id(),
                    g.game()
                ),
            ));
        }
        for (id, hex) in &save.overrides {
            g.place(id, hex.as_deref())
                .map_err(|e| DataError::file(&file, format!("set-up override {id}: {e}")))?;
        }
        g.force(&save.forced_dice);
        for (i, a) in save.actions.iter().enumerate() {
            g.apply_str(a).map_err(|e| {
                let shown: String = a.chars().take(80).collect();
                at.at(
                    &format!("actions[{i}]"),
                    format!("action {} '{shown}' does not replay: {e}", i + 1),
                )
            })?;
        }
        if !save.state.is_empty() && g.state_ron() != save.state {
            let now = g.state_ron();
            return Err(at.at(
                "state",
                format!(
                    "after its {} actions the replayed game differs from the state stored in the save (the save was edited or the rules changed): {}",
                    save.actions.len(),
                    first_difference(&save.state, &now)
                ),
            ));
        }
        Ok(g)
    }

    /// Check a data file of any game: a scenario names its game in its `game` field; a
    /// map or rules file belongs to the game whose folder it is in
    /// (`scenarios/<game>/maps/`, `rules/<game>/`). Returns what was checked, in words.
    pub fn check_path(&self, root: &Path, path: &Path) -> Result<String, DataError> {
        let s = path.display().to_string();
        let parts: Vec<String> = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let folder_game = |after: &str| -> Option<&'static dyn GameDef> {
            parts
                .windows(2)
                .filter(|w| w[0] == after)
                .find_map(|w| self.get(&w[1]))
        };
        let in_maps = parts.iter().rev().nth(1).is_some_and(|p| p == "maps");
        let in_rules = parts.iter().any(|p| p == "rules");
        if in_maps || in_rules {
            let kind = if in_maps {
                FileKind::Map
            } else {
                FileKind::Rules
            };
            let def =
                folder_game(if in_maps { "scenarios" } else { "rules" }).ok_or_else(|| {
                    DataError::file(
                        &s,
                        format!(
                            "cannot tell which game this {} file belongs to: keep it under {}",
                            if in_maps { "map" } else { "rules" },
                            if in_maps {
                                "scenarios/<game>/maps/"
                            } else {
                                "rules/<game>/"
                            }
                        ),
                    )
                })?;
            return def.check(root, path, kind);
        }
        let text = data::read_text(path)?;
        let game = data::scenario_game(&s, &text)?;
        let def = self
            .get(&game)
            .ok_or_else(|| data::error_near(&s, &text, &game, self.unknown(&s, &game).message))?;
        let summary = def.check(root, path, FileKind::Scenario)?;
        // A scenario is found by its file name (`--scenario game/stem`, and the id a
        // save records), so an `id` that differs would make its saves unloadable.
        let located = crate::core::spans::Located::new(&s, &text);
        if let Some(span) = located.spans().value("id") {
            let id = text[span].trim_matches('"');
            let stem = path
                .file_stem()
                .and_then(|x| x.to_str())
                .unwrap_or_default();
            if id != stem {
                return Err(located.at(
                    "id",
                    format!(
                        "id \"{id}\" differs from the file name {stem}.ron: the game finds a scenario, and a save its scenario, by the file name; make them the same"
                    ),
                ));
            }
        }
        Ok(summary)
    }
}

/// Where two texts first differ, in a few words: the saved and the replayed text around
/// the first character that is not the same.
fn first_difference(saved: &str, replayed: &str) -> String {
    let at = saved
        .char_indices()
        .zip(replayed.chars())
        .find(|((_, a), b)| a != b)
        .map_or(saved.len().min(replayed.len()), |((i, _), _)| i);
    let excerpt = |t: &str| {
        let from = t.floor_char_boundary(at.saturating_sub(30).min(t.len()));
        let to = t.ceil_char_boundary((at + 30).min(t.len()));
        t.get(from..to).unwrap_or("").to_string()
    };
    format!(
        "the saved state has '...{}...' where the replay gives '...{}...'",
        excerpt(saved),
        excerpt(replayed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    static DEFS: [OptionDef; 3] = [
        OptionDef {
            key: "death",
            label: "Leader death",
            help: "rule 11.1",
            kind: OptionKind::Flag,
            parts: &[],
        },
        OptionDef {
            key: "turns",
            label: "Turns",
            help: "rule 11.5",
            kind: OptionKind::Int {
                min: 7,
                max: 9,
                default: 7,
            },
            parts: &[],
        },
        OptionDef {
            key: "levels",
            label: "Levels",
            help: "rule 11.3",
            kind: OptionKind::Ints {
                count: 2,
                min: 0,
                max: 9,
                default: 0,
            },
            parts: &["A", "B"],
        },
    ];

    fn check(o: &[&str]) -> Result<(), String> {
        validate_options(&DEFS, &o.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn options_are_checked_against_their_definitions() {
        assert!(check(&[]).is_ok());
        assert!(check(&["death", "turns=9", "levels=1,0"]).is_ok());
        for (bad, says) in [
            (
                vec!["dearth"],
                "unknown option 'dearth'; options are: death, turns=..., levels=...",
            ),
            (vec!["death=1"], "takes no value"),
            (vec!["turns"], "needs a value"),
            (vec!["turns=10"], "outside 7..=9"),
            (vec!["turns=x"], "not a whole number"),
            (vec!["levels=1"], "expected 2 numbers"),
            (vec!["levels=1,10"], "outside 0..=9"),
            (vec!["turns=8", "turns=9"], "given twice"),
        ] {
            let e = check(&bad).unwrap_err();
            assert!(e.contains(says), "{bad:?}: {e}");
        }
        let e = validate_options(&[], &["x".to_string()]).unwrap_err();
        assert!(e.contains("no optional rules"), "{e}");
    }

    #[test]
    fn a_default_value_is_never_written_so_one_game_has_one_option_list() {
        let values = option_values(&DEFS, &["turns=8".to_string()]);
        assert_eq!(
            values,
            vec![
                OptionValue::Flag(false),
                OptionValue::Ints(vec![8]),
                OptionValue::Ints(vec![0, 0])
            ]
        );
        let written: Vec<String> = DEFS
            .iter()
            .zip(&values)
            .filter_map(|(d, v)| d.notation(v))
            .collect();
        assert_eq!(written, vec!["turns=8".to_string()]);
        assert_eq!(
            DEFS[2].notation(&OptionValue::Ints(vec![1, 0])).as_deref(),
            Some("levels=1,0")
        );
        assert_eq!(
            DEFS[0].notation(&OptionValue::Flag(true)).as_deref(),
            Some("death")
        );
    }
}
