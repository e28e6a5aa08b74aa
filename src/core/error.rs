//! Error types shared by loading, checking and rules application, and [`Error`], the one
//! type a front end (the command line, the GUI) branches on to decide what to tell the
//! user and, for the command line, which exit status to return.

use std::path::PathBuf;

/// An error found while loading or validating a data file (scenario, map, rules table,
/// save or script). Displays as `file:line:column: message`, the form editors jump to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", position(.line, .column))]
pub struct DataError {
    /// The file the error is in.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

/// The `:line:column` (or `:line`) part of a [`DataError`], empty without a line.
fn position(line: &Option<usize>, column: &Option<usize>) -> String {
    match (line, column) {
        (Some(l), Some(c)) => format!(":{l}:{c}"),
        (Some(l), None) => format!(":{l}"),
        _ => String::new(),
    }
}

impl DataError {
    /// An error for a whole file (no position).
    pub fn file(file: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            file: file.into(),
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// An error at a position in a file.
    pub fn at(
        file: impl Into<String>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            file: file.into(),
            line: Some(line),
            column: Some(column),
            message: message.into(),
        }
    }
}

/// An action the rules refuse. Nothing in the state changes when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String);

impl RuleError {
    /// Build a rule error from any message.
    pub fn new(msg: impl Into<String>) -> Self {
        Self(msg.into())
    }
}

/// Why a command (or a front end's request) failed, by kind: what a caller branches on.
///
/// [`DataError`] and [`RuleError`] convert into it with `?`. On the command line every
/// kind means "bad usage or unreadable input", exit status 2
/// ([`Error::exit_status`]); a check, script or replay that *finds* a problem is not
/// an error but an outcome (exit status 1).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request itself is wrong: a missing, malformed or out-of-range value, or
    /// values that do not fit together or with the game (three players for two seats).
    /// The text says what is wrong and names the option.
    #[error("{0}")]
    Usage(String),
    /// A data file (scenario, map, rules table, save, script) that cannot be read or is
    /// not valid; it names the file and, when known, the line and column.
    #[error(transparent)]
    Data(#[from] DataError),
    /// Text that is no action in the game's notation (a typo, a save or script
    /// edited by hand); the text says what was expected.
    #[error("{0}")]
    Parse(String),
    /// An action the rules refuse (while playing, replaying or stepping a game).
    #[error(transparent)]
    Illegal(#[from] RuleError),
    /// A file or folder that could not be made or written.
    #[error("{context} {}: {source}", path.display())]
    Io {
        /// What was being done, and for which option (`--report: cannot create folder`).
        context: String,
        /// The file or folder.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// One game of a batch (`wargame simulate`) failed; its number (from 0) and seed
    /// reproduce it.
    #[error("game {game} (seed {seed}): {source}")]
    Game {
        /// The game's number in the batch, from 0.
        game: usize,
        /// The game's own seed.
        seed: u64,
        /// What went wrong in it.
        source: Box<Error>,
    },
}

impl Error {
    /// A [`Error::Usage`] from any message.
    pub fn usage(msg: impl Into<String>) -> Self {
        Self::Usage(msg.into())
    }

    /// The command line's exit status for this error: 2 ("bad usage or unreadable
    /// input") for every kind, including an action refused while a command plays a game.
    pub fn exit_status(&self) -> i32 {
        match self {
            Error::Usage(_) | Error::Data(_) | Error::Io { .. } => 2,
            Error::Parse(_) | Error::Illegal(_) => 2,
            Error::Game { source, .. } => source.exit_status(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_error_displays_as_file_line_column_message() {
        assert_eq!(
            DataError::at("a.ron", 3, 7, "bad").to_string(),
            "a.ron:3:7: bad"
        );
        assert_eq!(DataError::file("a.ron", "bad").to_string(), "a.ron: bad");
        let line_only = DataError {
            column: None,
            ..DataError::at("a.ron", 3, 7, "bad")
        };
        assert_eq!(line_only.to_string(), "a.ron:3: bad");
        let column_only = DataError {
            line: None,
            ..DataError::at("a.ron", 3, 7, "bad")
        };
        assert_eq!(column_only.to_string(), "a.ron: bad");
        assert_eq!(RuleError::new("no such unit").to_string(), "no such unit");
    }

    #[test]
    fn errors_convert_keep_their_text_and_exit_with_2() {
        let data: Error = DataError::at("s.ron", 1, 2, "unknown hex").into();
        assert!(matches!(data, Error::Data(_)));
        assert_eq!(data.to_string(), "s.ron:1:2: unknown hex");
        let illegal: Error = RuleError::new("not your turn").into();
        assert!(matches!(illegal, Error::Illegal(_)));
        let game = Error::Game {
            game: 4,
            seed: 9,
            source: Box::new(illegal),
        };
        assert_eq!(game.to_string(), "game 4 (seed 9): not your turn");
        let io = Error::Io {
            context: "--report: cannot create folder".into(),
            path: PathBuf::from("out/x"),
            source: std::io::Error::other("denied"),
        };
        assert_eq!(
            io.to_string(),
            "--report: cannot create folder out/x: denied"
        );
        assert!(std::error::Error::source(&io).is_some());
        for e in [data, game, io, Error::usage("--games must be at least 1")] {
            assert_eq!(e.exit_status(), 2, "{e}");
        }
    }
}
