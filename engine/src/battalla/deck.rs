//! Battalla deck files: a `[main]` section (the Main Deck: 40–60 cards, at most 3 copies of a
//! card, every card of a mythos one of the deck's heroes belongs to) and a `[heroes]` section
//! (the Hero Deck: 5 different heroes, top first), read with the shared deck-file reader.

use arrayvec::ArrayVec;

use super::cards::{CardDb, Kind};
use crate::data::{DeckFile, DeckRules};
use crate::{DeckText, LoadError};

/// Most Main Deck cards (the rules' 60).
pub const MAIN: usize = 60;
/// Hero Deck size (the rules' 5).
pub const HEROES: usize = 5;
/// Deck positions of a seat: Main Deck cards are `0..MAIN`, heroes `MAIN..MAIN+HEROES`.
pub const POSITIONS: usize = MAIN + HEROES;

/// The Main Deck limits.
pub const MAIN_RULES: DeckRules = DeckRules {
    min_cards: 40,
    max_cards: MAIN as u32,
    max_copies: 3,
};

/// The Hero Deck limits (the copy limit makes the heroes different).
pub const HERO_RULES: DeckRules = DeckRules {
    min_cards: HEROES as u32,
    max_cards: HEROES as u32,
    max_copies: 1,
};

/// A loaded deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// Name (file stem).
    pub name: String,
    /// One-line description.
    pub description: String,
    /// Main Deck card ids in list order, expanded by copies; index = deck position.
    pub cards: ArrayVec<u8, MAIN>,
    /// Hero ids in Hero Deck order, the first on top; hero `i` has position `MAIN + i`.
    pub heroes: ArrayVec<u8, HEROES>,
}

impl Deck {
    /// The card id at deck position `pos`.
    #[inline]
    pub fn at(&self, pos: u8) -> u8 {
        let p = pos as usize;
        if p < MAIN {
            self.cards[p]
        } else {
            self.heroes[p - MAIN]
        }
    }

    /// Parse and check a deck.
    pub fn parse(t: &DeckText, db: &CardDb) -> Result<Self, LoadError> {
        let f = DeckFile::parse(t, &["main", "heroes"], &[])?;
        let mut cards = ArrayVec::new();
        let mut heroes = ArrayVec::new();
        let mut mythoi = 0u32;
        for e in &f.entries {
            let id = db
                .find(&e.name)
                .ok_or_else(|| f.err(e.line, db.unknown(&e.name)))?;
            let d = db.card(id);
            match e.section.as_str() {
                "heroes" => {
                    if d.kind != Kind::Hero {
                        return Err(f.err(
                            e.line,
                            format!("`{}` is not a hero; only heroes go in [heroes]", d.name),
                        ));
                    }
                    mythoi |= 1 << d.mythos;
                    for _ in 0..e.count {
                        if heroes.try_push(id).is_err() {
                            break; // the size check below reports it
                        }
                    }
                }
                "main" => {
                    if d.kind == Kind::Hero {
                        return Err(f.err(
                            e.line,
                            format!("`{}` is a hero; heroes go in [heroes]", d.name),
                        ));
                    }
                    for _ in 0..e.count {
                        if cards.try_push(id).is_err() {
                            break;
                        }
                    }
                }
                _ => {
                    return Err(f.err(
                        e.line,
                        "a card before any section: put it under [main] or [heroes]",
                    ))
                }
            }
        }
        HERO_RULES.check(&f, "heroes", "hero deck")?;
        MAIN_RULES.check(&f, "main", "main deck")?;
        for e in f.section("main") {
            let d = db.card(db.find(&e.name).expect("checked"));
            if mythoi & (1 << d.mythos) == 0 {
                return Err(f.err(
                    e.line,
                    format!(
                        "`{}` is {}, and no hero of this deck is (the deck's mythoi: {})",
                        d.name,
                        db.attrs[d.mythos as usize],
                        (0..32)
                            .filter(|m| mythoi & (1 << m) != 0)
                            .map(|m| db.attrs[m].as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
        Ok(Deck {
            name: f.name,
            description: f.description,
            cards,
            heroes,
        })
    }
}
