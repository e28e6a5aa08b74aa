//! The window's settings, kept between runs in `settings.ron` in the platform's config
//! folder: the interface scale, the last game and scenario, who played each seat, the
//! computer players' pace and the window size. Bevy-free, so it is tested without a
//! window.
//!
//! A damaged file is never a crash: it is reported, kept beside as
//! `settings.ron.damaged` (nothing is lost), and the defaults take its place. A file
//! from an older version reads with defaults for what it lacks; values out of range are
//! brought into range.

use crate::core::data::{parse_ron_doc, read_text};
use crate::core::error::DataError;
use crate::core::save::write_atomic;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The smallest and largest interface scale.
pub const SCALE_RANGE: (f32, f32) = (0.5, 3.0);

/// One seat as last chosen in the menu.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatSetting {
    /// A computer player plays it.
    pub ai: bool,
    /// The computer player's level (1-5).
    pub level: u8,
    /// The name typed for its player (empty: "Player N").
    #[serde(default)]
    pub name: String,
}

/// The settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The scale of the whole interface (egui's zoom factor), 0.5-3.0.
    pub ui_scale: f32,
    /// The game id last chosen in the menu.
    pub last_game: Option<String>,
    /// The scenario id last chosen in the menu.
    pub last_scenario: Option<String>,
    /// Who played each seat of the last game started from the menu.
    pub seats: Vec<SeatSetting>,
    /// Seconds a computer player waits before each action, 0-5.
    pub ai_delay: f32,
    /// The window's size in logical pixels.
    pub window: (u32, u32),
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            ui_scale: 1.0,
            last_game: None,
            last_scenario: None,
            seats: vec![],
            ai_delay: 0.6,
            window: (1400, 900),
        }
    }
}

/// What reading the settings gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The settings to use.
    pub settings: Settings,
    /// What went wrong, for the person at the screen (the file was damaged, or values
    /// were out of range); `None` when the file read cleanly or was not there.
    pub warning: Option<String>,
}

impl Settings {
    /// Bring every value into its range; says which were not.
    fn clamped(mut self) -> (Self, Vec<&'static str>) {
        let mut fixed = vec![];
        if !self.ui_scale.is_finite() || !(SCALE_RANGE.0..=SCALE_RANGE.1).contains(&self.ui_scale) {
            self.ui_scale = if self.ui_scale.is_finite() {
                self.ui_scale.clamp(SCALE_RANGE.0, SCALE_RANGE.1)
            } else {
                1.0
            };
            fixed.push("ui_scale");
        }
        if !self.ai_delay.is_finite() || !(0.0..=5.0).contains(&self.ai_delay) {
            self.ai_delay = if self.ai_delay.is_finite() {
                self.ai_delay.clamp(0.0, 5.0)
            } else {
                0.6
            };
            fixed.push("ai_delay");
        }
        for s in &mut self.seats {
            if !(1..=5).contains(&s.level) {
                s.level = s.level.clamp(1, 5);
                fixed.push("seats.level");
            }
        }
        self.seats.truncate(8);
        let (w, h) = self.window;
        let window = (w.clamp(640, 7680), h.clamp(480, 4320));
        if window != self.window {
            self.window = window;
            fixed.push("window");
        }
        fixed.dedup();
        (self, fixed)
    }

    /// Read the settings at `path`. A missing file gives the defaults quietly; a
    /// damaged one is renamed to `<path>.damaged`, reported, and the defaults are used
    /// (and written back, so the next start is quiet).
    pub fn load(path: &Path) -> Loaded {
        if !path.exists() {
            return Loaded {
                settings: Settings::default(),
                warning: None,
            };
        }
        let read = read_text(path).and_then(|text| {
            parse_ron_doc::<Settings>(
                &path.display().to_string(),
                &text,
                "README.md, \"Settings\"",
            )
        });
        match read {
            Ok(s) => {
                let (settings, fixed) = s.clamped();
                let warning = (!fixed.is_empty()).then(|| {
                    format!(
                        "{}: out of range, set within range: {}",
                        path.display(),
                        fixed.join(", ")
                    )
                });
                Loaded { settings, warning }
            }
            Err(e) => {
                let kept = damaged_path(path);
                let moved = std::fs::rename(path, &kept);
                let settings = Settings::default();
                let written = settings.save(path);
                let mut warning = format!("the settings file is damaged ({e}); using the defaults");
                match moved {
                    Ok(()) => warning
                        .push_str(&format!("; the damaged file is kept as {}", kept.display())),
                    Err(m) => warning.push_str(&format!("; it could not be moved aside: {m}")),
                }
                if let Err(w) = written {
                    warning.push_str(&format!("; the defaults could not be written: {w}"));
                }
                Loaded {
                    settings,
                    warning: Some(warning),
                }
            }
        }
    }

    /// Write the settings to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), DataError> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| DataError::file(path.display().to_string(), e.to_string()))?;
        let text = format!(
            "// Wargame's settings, written by the program (a damaged file is set aside and\n// replaced by the defaults).\n{text}\n"
        );
        write_atomic(path, text.as_bytes(), "settings")
    }
}

/// Where a damaged settings file is kept.
pub fn damaged_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".damaged");
    path.with_file_name(name)
}

/// The settings file: `WARGAME_CONFIG` if set (a file path), else `settings.ron` in
/// the platform's config folder: `$XDG_CONFIG_HOME/wargame` or `~/.config/wargame` on
/// Linux and other Unix, `~/Library/Application Support/wargame` on macOS,
/// `%APPDATA%\wargame` on Windows. `None` when no folder can be told (no home).
pub fn settings_path() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(p) = var("WARGAME_CONFIG") {
        return Some(p);
    }
    let dir = if cfg!(windows) {
        var("APPDATA")?
    } else if cfg!(target_os = "macos") {
        var("HOME")?.join("Library").join("Application Support")
    } else {
        var("XDG_CONFIG_HOME").or_else(|| var("HOME").map(|h| h.join(".config")))?
    };
    Some(dir.join("wargame").join("settings.ron"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("wargame-settings-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn settings_save_and_load_back_the_same() {
        let p = dir("roundtrip").join("wargame").join("settings.ron");
        let s = Settings {
            ui_scale: 1.5,
            last_game: Some("rosebud".into()),
            last_scenario: Some("rosebud/battle".into()),
            seats: vec![
                SeatSetting {
                    ai: false,
                    level: 2,
                    name: "Ann".into(),
                },
                SeatSetting {
                    ai: true,
                    level: 4,
                    name: String::new(),
                },
            ],
            ai_delay: 1.2,
            window: (1280, 800),
        };
        s.save(&p).unwrap();
        assert_eq!(
            Settings::load(&p),
            Loaded {
                settings: s,
                warning: None
            }
        );
    }

    #[test]
    fn a_missing_file_gives_the_defaults_quietly() {
        let p = dir("missing").join("settings.ron");
        assert_eq!(
            Settings::load(&p),
            Loaded {
                settings: Settings::default(),
                warning: None
            }
        );
    }

    #[test]
    fn a_damaged_file_is_reported_kept_aside_and_replaced_by_the_defaults() {
        let d = dir("damaged");
        let p = d.join("settings.ron");
        std::fs::write(&p, "(ui_scale: 1.5, seats: [(ai: tru").unwrap();
        let l = Settings::load(&p);
        assert_eq!(l.settings, Settings::default());
        let w = l.warning.expect("reported");
        assert!(
            w.contains("damaged") && w.contains("settings.ron:1:"),
            "{w}"
        );
        assert_eq!(
            std::fs::read_to_string(damaged_path(&p)).unwrap(),
            "(ui_scale: 1.5, seats: [(ai: tru",
            "the damaged file is kept"
        );
        // The defaults were written: the next start is quiet.
        assert_eq!(Settings::load(&p).warning, None);
        // Not RON at all, or not UTF-8: the same.
        std::fs::write(&p, [0xff, 0xfe, 0x00]).unwrap();
        assert!(Settings::load(&p).warning.is_some());
    }

    #[test]
    fn old_files_read_with_defaults_and_values_out_of_range_are_brought_in() {
        let d = dir("range");
        let p = d.join("settings.ron");
        std::fs::write(&p, "(ui_scale: 9.0, seats: [(ai: true, level: 0)])").unwrap();
        let l = Settings::load(&p);
        assert_eq!(l.settings.ui_scale, SCALE_RANGE.1);
        assert_eq!(l.settings.seats[0].level, 1);
        assert_eq!(l.settings.ai_delay, Settings::default().ai_delay);
        let w = l.warning.unwrap();
        assert!(w.contains("ui_scale") && w.contains("seats.level"), "{w}");
    }
}
