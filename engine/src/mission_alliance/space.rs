//! Mission: Alliance's deck space for deck search: no slots, and a list of exactly 30 cards
//! of the card file, at most 3 copies of a card, ordered when decks are not shuffled.

use super::deck::{Deck, DECK, RULES};
use super::rules::Shared;
use crate::space::{list_plan, replace_list_deck};
use crate::{DeckPlan, DeckSpace, LoadError};

/// See [`crate::Ruleset::deck_space`].
pub(super) fn deck_space(sh: &Shared) -> DeckSpace {
    DeckSpace {
        slots: Vec::new(),
        cards: sh.db.cards.iter().map(|c| c.name.clone()).collect(),
        min_cards: DECK,
        max_cards: DECK,
        max_copies: RULES.max_copies,
        ordered: !sh.rules.shuffle,
    }
}

/// See [`crate::Ruleset::deck_plan`].
pub(super) fn deck_plan(sh: &Shared, deck: usize) -> Option<DeckPlan> {
    let d = sh.decks.get(deck)?;
    Some(list_plan(
        d.cards.iter().map(|&c| sh.db.card(c).name.clone()),
    ))
}

/// The decks of `sh` with deck `deck` replaced by `plan`, checked by the deck-file parser.
pub(super) fn with_plan(sh: &Shared, deck: usize, plan: &DeckPlan) -> Result<Vec<Deck>, LoadError> {
    replace_list_deck(
        "mission_alliance",
        &sh.decks,
        deck,
        plan,
        |d| (&d.name, &d.description),
        |t| Deck::parse(t, &sh.db),
    )
}
