//! RON loading that never panics: syntax and type errors come back as [`DataError`]s
//! with `file:line:column`, and semantic errors can point at the line of a named key.

use super::error::DataError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Read a file to a string, mapping I/O errors to a [`DataError`] naming the file.
pub fn read_text(path: &Path) -> Result<String, DataError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|e| DataError::file(&file, format!("cannot read file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        // Point at the first byte that is not UTF-8: its line and column, counted over
        // the valid text before it.
        let at = e.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&e.as_bytes()[..at]);
        let (line, col) = line_col(&before, before.len());
        DataError::at(
            &file,
            line,
            col,
            format!(
                "the file is not UTF-8 text: byte {at} (0x{:02x}) is not part of a UTF-8 character; save it as UTF-8",
                e.as_bytes().get(at).copied().unwrap_or(0)
            ),
        )
    })
}

/// Why `id` cannot name a piece in the notation, if it cannot: an id is written as one
/// word of the actions' text (`enter a_2cav 1900 mounted`), so it must be letters,
/// digits and `_`, and not empty.
pub fn id_error(id: &str) -> Option<String> {
    if id.is_empty() {
        return Some("an id may not be empty: actions name the piece by it".into());
    }
    id.chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_'))
        .map(|c| {
            format!(
                "id '{id}' has '{c}': an id is one word of the notation, of letters, digits and '_'"
            )
        })
}

/// Parse RON text into `T`, reporting errors as `file:line:column: message`.
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    parse_ron_doc(file, text, "docs/scenario-format.md")
}

/// [`parse_ron`] for a file whose format another document describes (`doc`, named in
/// the error: scripts are in docs/script-format.md).
pub fn parse_ron_doc<T: DeserializeOwned>(
    file: &str,
    text: &str,
    doc: &str,
) -> Result<T, DataError> {
    let opts =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    opts.from_str::<T>(text).map_err(|e| {
        // Name the value the error is in, as a designer reads the file
        // (`forces[2].morale`), when the text around it can be indexed.
        let offset = text
            .split_inclusive('\n')
            .take(e.span.start.line.saturating_sub(1))
            .map(str::len)
            .sum::<usize>()
            + e.span.start.col.saturating_sub(1);
        let spans = super::spans::Spans::index(text);
        let within = spans
            .path_at(offset)
            .map(|p| format!("in `{p}`; "))
            .unwrap_or_default();
        DataError::at(
            file,
            e.span.start.line,
            e.span.start.col,
            format!(
                "{} ({within}expected the format described in {doc})",
                e.code
            ),
        )
    })
}

/// Load and parse a RON file.
pub fn load_ron<T: DeserializeOwned>(path: &Path) -> Result<T, DataError> {
    let text = read_text(path)?;
    parse_ron(&path.display().to_string(), &text)
}

/// Find the 1-based line and column of the first occurrence of `needle` in `text`
/// outside a `//` or `/* */` comment, used to point semantic errors (an unknown hex, a
/// unit that does not exist) at the place in the file that caused them.
pub fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    if needle.is_empty() {
        return None;
    }
    locate_from(text, needle, 0).map(|i| line_col(text, i))
}

/// The byte offset of the first occurrence of `needle` at or after `from` that is
/// outside a comment (for finding the items of a list in order).
pub fn locate_from(text: &str, needle: &str, from: usize) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    text.get(from..)?
        .match_indices(needle)
        .map(|(i, _)| from + i)
        .find(|&i| !in_comment(text, i))
}

/// The 1-based line and column (in bytes) of byte offset `idx` of `text`.
pub fn line_col(text: &str, idx: usize) -> (usize, usize) {
    let idx = idx.min(text.len());
    let before = &text.as_bytes()[..idx];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(idx, |nl| idx - nl - 1)
        + 1;
    (line, col)
}

/// Whether byte `at` of RON text is inside a comment (`// ...` to the end of the line,
/// or `/* ... */`), reading strings (with their escapes) so that `//` in a string is
/// not a comment.
pub fn in_comment(text: &str, at: usize) -> bool {
    let b = text.as_bytes();
    let (mut i, mut in_str, mut line, mut block) = (0, false, false, false);
    while i < at.min(b.len()) {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if line {
            line = c != b'\n';
        } else if block {
            if c == b'*' && next == Some(b'/') {
                block = false;
                i += 1;
            }
        } else if in_str {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_str = false;
            }
        } else if c == b'"' {
            in_str = true;
        } else if c == b'/' && next == Some(b'/') {
            line = true;
            i += 1;
        } else if c == b'/' && next == Some(b'*') {
            block = true;
            i += 1;
        }
        i += 1;
    }
    line || block
}

/// Build a semantic error pointing at the first occurrence of `needle` (quoted, as it
/// appears in RON strings) or at the whole file if it is not found. Prefer
/// [`crate::core::spans::Located`], which points at a value by its path; this is for
/// values a loader knows only by their text.
pub fn error_near(file: &str, text: &str, needle: &str, message: impl Into<String>) -> DataError {
    let quoted = format!("\"{needle}\"");
    match locate(text, &quoted).or_else(|| locate(text, needle)) {
        Some((l, c)) => DataError::at(file, l, c, message),
        None => DataError::file(file, message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct T {
        a: u32,
    }

    #[test]
    fn syntax_error_has_position() {
        let e = parse_ron::<T>("x.ron", "(\n  a: \"no\",\n)").unwrap_err();
        assert_eq!(e.file, "x.ron");
        assert_eq!(e.line, Some(2));
        assert!(e.to_string().starts_with("x.ron:2:"), "{e}");
    }

    #[test]
    fn locate_finds_line_and_column() {
        assert_eq!(locate("ab\ncd \"x\"", "\"x\""), Some((2, 4)));
    }

    #[test]
    fn locate_skips_comments_but_not_strings() {
        // Issue 29: an error about `turns` pointed at the word in a comment.
        let text = "// 8 or 9 turns (11.5)\n(\n  /* turns */ name: \"a // turns\",\n  turns: 3,\n)";
        assert_eq!(locate(text, "turns:"), Some((4, 3)));
        assert_eq!(locate(text, "turns"), Some((3, 27)));
        assert_eq!(locate("// only here: x", "x"), None);
        let e = error_near("f.ron", "// \"zz\" in a comment\n(a: \"zz\")", "zz", "bad");
        assert_eq!((e.line, e.column), (Some(2), Some(5)));
    }
}

/// Where a value comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// Given by the seed text; the string names the rule (`"Table 1"`, `"III.B.3"`).
    Seed(String),
    /// Not in the seed; the string gives the reasoning.
    Reconstruction(String),
}

impl Source {
    /// Whether this is a reconstruction.
    pub fn is_reconstruction(&self) -> bool {
        matches!(self, Source::Reconstruction(_))
    }
    /// Short label for log lines: `Table 1`, `II.D.2` or `reconstruction`.
    pub fn short(&self) -> String {
        match self {
            Source::Seed(r) => r.split(" (").next().unwrap_or(r).trim().to_string(),
            Source::Reconstruction(_) => "reconstruction".to_string(),
        }
    }
    /// Short label for help panels: `rule X` or `RECONSTRUCTION: why`.
    pub fn label(&self) -> String {
        match self {
            Source::Seed(r) => format!("rule {r}"),
            Source::Reconstruction(w) => format!("RECONSTRUCTION: {w}"),
        }
    }
}

/// The data root: `WARGAME_DATA`, else the current folder if it has `scenarios/`, else
/// the folder the crate was built from.
pub fn data_root() -> std::path::PathBuf {
    if let Ok(d) = std::env::var("WARGAME_DATA") {
        return std::path::PathBuf::from(d);
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    if cwd.join("scenarios").is_dir() && cwd.join("rules").is_dir() {
        return cwd;
    }
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Scenario ids shipped for a game (`<game>/<stem>` for each `scenarios/<game>/*.ron`),
/// sorted. Map files live in `scenarios/<game>/maps/` and are not listed.
pub fn scenario_ids(root: &Path, game: &str) -> Vec<String> {
    let dir = root.join("scenarios").join(game);
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .filter_map(|p| {
                    p.file_stem()
                        .map(|s| format!("{game}/{}", s.to_string_lossy()))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The game a scenario file names in its `game` field (`game: "harvest_the_wind"`).
/// Every scenario file names its game; nothing is guessed from the rest of its
/// contents. The other fields are skipped unread.
pub fn scenario_game(file: &str, text: &str) -> Result<String, DataError> {
    #[derive(Deserialize)]
    struct Head {
        #[serde(default)]
        game: Option<String>,
    }
    let head: Head = parse_ron(file, text)?;
    head.game.ok_or_else(|| {
        // A map read from the wrong folder is the likeliest file without a `game`.
        let spans = super::spans::Spans::index(text);
        let map_field = ["terrain", "areas", "hexes"]
            .into_iter()
            .find(|f| spans.value(f).is_some());
        let message = match map_field {
            Some(f) => format!(
                "this looks like a map (it has `{f}`), which `check` reads as a map only in a folder named `maps/` under `scenarios/<game>/`; move it there (a scenario names its game in a `game` field)"
            ),
            None => "the scenario does not name its game: add a field such as `game: \"harvest_the_wind\"` (see `wargame list` for the game ids)".to_string(),
        };
        DataError::at(file, 1, 1, message)
    })
}

/// Check that a scenario file names `game` in its `game` field; the error points at
/// the field.
pub fn expect_game(file: &str, text: &str, game: &str) -> Result<(), DataError> {
    let named = scenario_game(file, text)?;
    if named == game {
        Ok(())
    } else {
        Err(error_near(
            file,
            text,
            &named,
            format!(
                "this scenario names the game '{named}', but it was loaded as a scenario of '{game}'"
            ),
        ))
    }
}

#[cfg(test)]
mod head_tests {
    use super::*;

    #[test]
    fn the_game_field_is_read_and_the_rest_skipped() {
        let text = "// c\n(\n  id: \"x\",\n  turns_source: Seed(\"IX.B\"),\n  zones: {\"a\": [Rect(\"0113\", \"2017\"), Edge(North)]},\n  turns: Some(10),\n  game: \"harvest_the_wind\",\n  forces: [(side: 1, placement: Zone(zone: \"a\", at: [\"1014\"]))],\n)";
        assert_eq!(scenario_game("f.ron", text).unwrap(), "harvest_the_wind");
        let e = scenario_game("f.ron", "(id: \"x\")")
            .unwrap_err()
            .to_string();
        assert!(e.contains("does not name its game"), "{e}");
        let e = expect_game("f.ron", "(\n game: \"other\")", "harvest_the_wind")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("f.ron:2:"), "{e}");
    }
}
