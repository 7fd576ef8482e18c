//! Alpha/Omega deck files: a Good deck (a seat's) or the Opponent deck, read with the shared
//! deck-file reader; at most 64 cards, each within the copies its card row says were published.

use arrayvec::ArrayVec;

use super::cards::{CardDb, Side};
use crate::data::{DeckFile, DeckRules};
use crate::{DeckText, LoadError};

/// Most cards in a deck (deck positions are bits of a `u64`).
pub const DECK: usize = 64;

/// Size limits (copies are checked per card against its `copies` column).
pub const RULES: DeckRules = DeckRules {
    min_cards: 1,
    max_cards: DECK as u32,
    max_copies: 9,
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
    /// Parse and check a deck of `side` (Good or Opponent).
    pub fn parse(t: &DeckText, db: &CardDb, side: Side) -> Result<Self, LoadError> {
        let f = DeckFile::parse(t, &[], &[])?;
        RULES.check(&f, "", "deck")?;
        let mut cards = ArrayVec::new();
        for e in &f.entries {
            let id = db
                .find(&e.name)
                .ok_or_else(|| f.err(e.line, db.unknown(&e.name)))?;
            let c = db.card(id);
            if c.side != side {
                return Err(f.err(
                    e.line,
                    format!(
                        "`{}` is not a card of the {} deck",
                        c.name,
                        if side == Side::Good {
                            "Good"
                        } else {
                            "Opponent"
                        }
                    ),
                ));
            }
            let have = cards.iter().filter(|&&x| x == id).count() as u32 + e.count;
            if have > c.copies as u32 {
                return Err(f.err(
                    e.line,
                    format!(
                        "{have} copies of `{}`; {} published (card file line {})",
                        c.name, c.copies, c.line
                    ),
                ));
            }
            for _ in 0..e.count {
                cards.push(id);
            }
        }
        Ok(Deck {
            name: f.name,
            description: f.description,
            cards,
        })
    }
}
