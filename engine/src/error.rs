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
            message: clip_quoted(&message.into()),
        }
    }

    /// An error about a whole file.
    pub fn file(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        LoadError {
            file: file.into(),
            line: None,
            message: clip_quoted(&message.into()),
        }
    }
}

/// Longest echo of a quoted input kept in a message (in characters).
const ECHO_CHARS: usize = 60;

/// `message` with every part between backticks (an echoed input: a card name, a cell, a
/// key) cut to 60 characters and an ellipsis, so a 50 MB line of a file never comes back
/// whole in an error. An unclosed backtick cuts the rest the same way.
pub fn clip_quoted(message: &str) -> String {
    if message.len() <= ECHO_CHARS {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len().min(4096));
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        match part.char_indices().nth(ECHO_CHARS) {
            Some((cut, _)) if i % 2 == 1 => {
                out.push_str(&part[..cut]);
                out.push('…');
            }
            _ => out.push_str(part),
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoes_are_clipped() {
        let long = "Q".repeat(1_000_000);
        let e = LoadError::at(
            "d.txt",
            3,
            format!("unknown card `{long}` (did you mean X?)"),
        );
        assert_eq!(
            e.to_string(),
            format!(
                "d.txt:3: unknown card `{}…` (did you mean X?)",
                "Q".repeat(60)
            )
        );
        let e = LoadError::file("d.txt", format!("bad `{long}"));
        assert_eq!(e.to_string(), format!("d.txt: bad `{}…", "Q".repeat(60)));
        assert_eq!(clip_quoted("a `b` c"), "a `b` c");
    }
}
