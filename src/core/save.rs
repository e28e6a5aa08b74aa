//! Save files: versioned RON holding the scenario, seed, forced dice, the action list
//! in notation and a snapshot of the final state. Written atomically (temp file, then
//! rename) so a crash never leaves a half-written save; [`write_atomic`] does the same for
//! any file (balance reports use it).

use super::data;
use super::error::DataError;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;

/// The option by which a game with a set-up phase lets players place their own units
/// (Harvest the Wind's); older saves and scripts had a flag of that name.
pub const MANUAL_SETUP: &str = "manual_setup";

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// Format version; loading refuses newer versions.
    pub version: u32,
    /// Game id.
    pub game: String,
    /// Scenario id.
    pub scenario: String,
    /// Dice seed.
    pub seed: u64,
    /// Dice forced at the start (scripted games).
    #[serde(default)]
    pub forced_dice: Vec<u8>,
    /// Set-up overrides applied before play (piece, hex or `None` for removed).
    #[serde(default)]
    pub overrides: Vec<(String, Option<String>)>,
    /// Saves written before manual set-up became an option of its game: the game began
    /// with a manual set-up phase. Read as the option `manual_setup`
    /// ([`SaveFile::option_list`]); never written.
    #[serde(default, skip_serializing)]
    pub manual_setup: bool,
    /// Optional rules chosen before play.
    #[serde(default)]
    pub options: Vec<String>,
    /// Every action in notation.
    pub actions: Vec<String>,
    /// RON snapshot of the state after the last action, to confirm replays.
    pub state: String,
    /// Who played each seat: `human`, or a computer player in the notation of
    /// `--players` (`ai:3`, `greedy`...). Version 2; empty in version-1 saves, whose
    /// seats load as human.
    #[serde(default)]
    pub players: Vec<String>,
    /// The names of the seats' players as typed on the seat screen (empty, or an empty
    /// name: "Player N"). Optional in version 2; absent from saves without names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
}

impl SaveFile {
    /// The current save format version. 1: the first format. 2: saves name who played
    /// each seat (`players`). A version-1 save still loads and replays: its state
    /// snapshot reads the same in both (an outcome that is one winner or a draw, and a
    /// log line for one seat, are written as before).
    pub const VERSION: u32 = 2;

    /// The optional rules this game was started with, the old `manual_setup` flag
    /// included as the option of that name.
    pub fn option_list(&self) -> Vec<String> {
        let mut options = self.options.clone();
        if self.manual_setup && !options.iter().any(|o| o == MANUAL_SETUP) {
            options.push(MANUAL_SETUP.to_string());
        }
        options
    }

    /// Write atomically: to `path.tmp`, flushed and synced, then renamed over `path`.
    pub fn write(&self, path: &Path) -> Result<(), DataError> {
        let name = path.display().to_string();
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| DataError::file(&name, format!("cannot encode save: {e}")))?;
        write_atomic(path, text.as_bytes(), "save")
    }

    /// Read a save file; errors carry file:line:column.
    pub fn read(path: &Path) -> Result<SaveFile, DataError> {
        let save: SaveFile = data::load_ron(path)?;
        if save.version > Self::VERSION {
            let text = data::read_text(path)?;
            return Err(
                crate::core::spans::Located::new(&path.display().to_string(), &text).at(
                    "version",
                    format!(
                        "save format version {} is newer than this program's ({})",
                        save.version,
                        Self::VERSION
                    ),
                ),
            );
        }
        Ok(save)
    }
}

/// Write `bytes` to `path` atomically: create the folder if needed, write `path.tmp`,
/// flush and sync it, then rename it over `path`, so a crash never leaves a
/// half-written file. `what` names the file in errors ("save", "report"...).
pub fn write_atomic(path: &Path, bytes: &[u8], what: &str) -> Result<(), DataError> {
    let name = path.display().to_string();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| DataError::file(&name, format!("cannot create folder: {e}")))?;
    }
    let tmp = path.with_extension("tmp");
    let io = |e: std::io::Error| DataError::file(&name, format!("cannot write {what}: {e}"));
    let mut f = std::fs::File::create(&tmp).map_err(io)?;
    f.write_all(bytes).map_err(io)?;
    f.sync_all().map_err(io)?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(io)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_saves_manual_setup_flag_reads_as_the_option_and_is_never_written() {
        let text = r#"(version: 2, game: "harvest_the_wind", scenario: "harvest_the_wind/wagon_box",
            seed: 1, manual_setup: true, options: [], actions: [], state: "")"#;
        let old: SaveFile = ron::from_str(text).expect("an older save reads");
        assert_eq!(old.option_list(), vec![MANUAL_SETUP.to_string()]);
        let both = SaveFile {
            options: vec![MANUAL_SETUP.into()],
            ..old.clone()
        };
        assert_eq!(
            both.option_list(),
            vec![MANUAL_SETUP.to_string()],
            "not twice"
        );
        let written = ron::to_string(&old).expect("encodes");
        assert!(!written.contains("manual_setup"), "{written}");
    }

    #[test]
    fn write_then_read_round_trips_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("wargame-save-{}", std::process::id()));
        let path = dir.join("g.ron");
        let s = SaveFile {
            version: 1,
            game: "g".into(),
            scenario: "g/s".into(),
            seed: 3,
            forced_dice: vec![],
            overrides: vec![],
            manual_setup: false,
            options: vec!["turns=9".into()],
            actions: vec!["end".into()],
            state: "()".into(),
            players: vec!["human".into(), "ai:3".into()],
            names: vec!["Ann".into(), String::new()],
        };
        s.write(&path).unwrap();
        assert_eq!(SaveFile::read(&path).unwrap(), s);
        assert!(!path.with_extension("tmp").exists());
        std::fs::write(&path, "(version: 1, game: 3)").unwrap();
        let e = SaveFile::read(&path).unwrap_err().to_string();
        assert!(e.contains(":1:"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
