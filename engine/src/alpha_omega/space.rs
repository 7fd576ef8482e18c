//! Alpha/Omega's deck space for deck search: no slots, and a Good deck of the card file's
//! Good cards, each at most as many times as its `copies` column says were published (the
//! deck parser checks that; the space's copy limit is the largest of them), from 1 card to
//! every published copy (at most 64), ordered when decks are not shuffled. Not offered
//! under the common deck or Opponent Play, where a deck given for a seat is not always the
//! one that seat plays.

use super::cards::Side;
use super::deck::{Deck, DECK};
use super::rules::Shared;
use crate::space::{list_plan, replace_list_deck};
use crate::{DeckPlan, DeckSpace, LoadError};

/// See [`crate::Ruleset::deck_space`].
pub(super) fn deck_space(sh: &Shared) -> Option<DeckSpace> {
    if sh.rules.common_deck || sh.rules.opponent_play {
        return None;
    }
    let good: Vec<_> = sh
        .db
        .cards
        .iter()
        .filter(|c| c.side == Side::Good)
        .collect();
    let published: usize = good.iter().map(|c| c.copies as usize).sum();
    Some(DeckSpace {
        slots: Vec::new(),
        cards: good.iter().map(|c| c.name.clone()).collect(),
        min_cards: 1,
        max_cards: published.min(DECK),
        max_copies: good.iter().map(|c| c.copies as u32).max().unwrap_or(0),
        ordered: !sh.rules.shuffle,
    })
}

/// See [`crate::Ruleset::deck_plan`].
pub(super) fn deck_plan(sh: &Shared, deck: usize) -> Option<DeckPlan> {
    let d = sh.decks.get(deck)?;
    Some(list_plan(
        d.cards.iter().map(|&c| sh.db.card(c).name.clone()),
    ))
}

/// The Good decks of `sh` with deck `deck` replaced by `plan`, checked by the deck parser.
pub(super) fn with_plan(sh: &Shared, deck: usize, plan: &DeckPlan) -> Result<Vec<Deck>, LoadError> {
    replace_list_deck(
        "alpha_omega",
        &sh.decks,
        deck,
        plan,
        |d| (&d.name, &d.description),
        |t| Deck::parse(t, &sh.db, Side::Good),
    )
}
