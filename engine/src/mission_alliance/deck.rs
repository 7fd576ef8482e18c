//! Mission: Alliance deck files: exactly 30 cards, at most 3 copies of a card, read with the
//! shared deck-file reader (`3x Card Name` lines, a `#` description).

use arrayvec::ArrayVec;

use super::cards::CardDb;
use crate::data::{DeckFile, DeckRules};
use crate::{DeckText, LoadError};

/// Cards in a deck (the rules' exact deck size; every zone of a player holds at most this).
pub const DECK: usize = 30;

/// The rules' deck limits.
pub const RULES: DeckRules = DeckRules {
    min_cards: DECK as u32,
    max_cards: DECK as u32,
    max_copies: 3,
};

/// A loaded deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// Name (file stem).
    pub name: String,
    /// One-line description.
    pub description: String,
    /// Card ids in list order, expanded by copies; index = deck position.
    pub cards: ArrayVec<u8, DECK>,
}

impl Deck {
    /// Parse and check a deck.
    pub fn parse(t: &DeckText, db: &CardDb) -> Result<Self, LoadError> {
        let f = DeckFile::parse(t, &[], &[])?;
        let mut cards = ArrayVec::new();
        for e in &f.entries {
            let id = db
                .find(&e.name)
                .ok_or_else(|| f.err(e.line, db.unknown(&e.name)))?;
            for _ in 0..e.count {
                if cards.try_push(id).is_err() {
                    break; // the size check below reports it
                }
            }
        }
        RULES.check(&f, "", "deck")?;
        Ok(Deck {
            name: f.name,
            description: f.description,
            cards,
        })
    }
}
