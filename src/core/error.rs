//! Error types shared by loading, checking and rules application.

use std::fmt;

/// An error found while loading or validating a data file (scenario, map, rules table,
/// save or script). Displays as `file:line:column: message`, the form editors jump to.
#[derive(Debug, Clone, PartialEq, Eq)]
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

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
            (Some(l), None) => write!(f, "{}:{}: {}", self.file, l, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for DataError {}

/// An action the rules refuse. Nothing in the state changes when this is returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError(pub String);

impl RuleError {
    /// Build a rule error from any message.
    pub fn new(msg: impl Into<String>) -> Self {
        Self(msg.into())
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}
