//! Tyrant deck files.
//!
//! Plain text read by the shared deck-file reader ([`crate::data::DeckFile`]), one entry per
//! line: `3x Card Name`, `3 x Card Name` or `Card Name` (one copy). Exactly one line names a
//! commander. Lines starting with `#` are comments; the first comment line is the deck's
//! one-line description. Blank lines are ignored.

use std::path::Path;

use arrayvec::ArrayVec;

use super::cards::{CardDb, CardType};
use crate::LoadError;

/// Most non-commander cards a deck may hold (the engine's fixed capacity). Tyrant's player
/// decks hold 10; mission and raid enemy decks hold more, never near 32.
pub const MAX_DECK: usize = 32;

/// A loaded deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// Name (the file stem).
    pub name: String,
    /// One-line description (first `#` comment), may be empty.
    pub description: String,
    /// The commander's card id.
    pub commander: u16,
    /// The cards in list order, expanded by copies; index = deck position.
    pub cards: ArrayVec<u16, MAX_DECK>,
    /// Whether any of its cards (commander included) has Refresh (the engine skips the
    /// Refresh step otherwise).
    pub has_refresh: bool,
}

impl Deck {
    /// Load a deck file against a card table; `limit` is the largest legal deck size.
    pub fn load(path: &Path, db: &CardDb, limit: usize) -> Result<Self, LoadError> {
        let text = crate::data::read_text(path, "deck file")?;
        Self::parse(path, &text, db, limit)
    }

    /// Parse a deck's text from any [`DeckSource`](crate::DeckSource).
    pub fn parse_text(t: &crate::DeckText, db: &CardDb, limit: usize) -> Result<Self, LoadError> {
        let mut d = Self::parse(&t.file, &t.text, db, limit).map_err(|mut e| {
            if let Some(l) = e.line.as_mut() {
                *l += t.line_offset;
            }
            e
        })?;
        d.name = t.name.clone();
        Ok(d)
    }

    /// Parse deck text; `path` is used in messages and for the name.
    pub fn parse(path: &Path, text: &str, db: &CardDb, limit: usize) -> Result<Self, LoadError> {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let file = crate::data::DeckFile::parse(
            &crate::DeckText {
                name: name.clone(),
                file: path.to_path_buf(),
                line_offset: 0,
                text: text.to_string(),
            },
            &[],
            &[],
        )?;
        let description = file.description.clone();
        let mut commander: Option<(u16, u64)> = None;
        let mut cards: ArrayVec<u16, MAX_DECK> = ArrayVec::new();
        let limit = limit.min(MAX_DECK);
        for e in &file.entries {
            let (line, count, cname) = (e.line, e.count, e.name.as_str());
            let id = db.find(cname).ok_or_else(|| {
                let sim = db.similar(cname);
                let hint = if sim.is_empty() {
                    String::new()
                } else {
                    format!(" (did you mean {}?)", sim.join(", "))
                };
                LoadError::at(path, line, format!("unknown card `{cname}`{hint}"))
            })?;
            let card = db.card(id);
            if card.kind == CardType::Commander {
                if let Some((_, first)) = commander {
                    return Err(LoadError::at(
                        path,
                        line,
                        format!(
                            "a second commander `{}` (the deck's commander is on line {first})",
                            card.name
                        ),
                    ));
                }
                if count != 1 {
                    return Err(LoadError::at(
                        path,
                        line,
                        format!("commander `{}` must appear once, not {count}x", card.name),
                    ));
                }
                commander = Some((id, line));
                continue;
            }
            for _ in 0..count {
                if cards.len() >= limit {
                    return Err(LoadError::at(
                        path,
                        line,
                        format!(
                            "illegal deck: more than {limit} cards besides the commander (rule parameter deck_limit)"
                        ),
                    ));
                }
                cards.push(id);
            }
        }
        let commander = commander
            .ok_or_else(|| LoadError::file(path, "illegal deck: no commander line"))?
            .0;
        let has_refresh =
            db.card(commander).passive.refresh || cards.iter().any(|&c| db.card(c).passive.refresh);
        Ok(Deck {
            name,
            description,
            commander,
            cards,
            has_refresh,
        })
    }
}
