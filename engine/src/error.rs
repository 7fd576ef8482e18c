//! Errors of the engine.

use std::fmt;
use std::path::PathBuf;

/// A problem in a data file: names the file, the line (when one is to blame) and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LoadError {
    /// The file at fault.
    pub file: PathBuf,
    /// 1-based line number, when a line is to blame.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
}

impl LoadError {
    /// An error at `file:line`.
    pub fn at(file: impl Into<PathBuf>, line: u64, message: impl Into<String>) -> Self {
        LoadError {
            file: file.into(),
            line: Some(line),
            message: message.into(),
        }
    }

    /// An error about a whole file.
    pub fn file(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        LoadError {
            file: file.into(),
            line: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.file.display(), l, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

/// An action that is not legal in the state it was applied to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action}: {reason}")]
pub struct IllegalAction {
    /// The action's id.
    pub action: u16,
    /// Why it is illegal.
    pub reason: String,
}
