//! Tyrant's deck space for deck search: one commander slot and an ordered-when-unshuffled
//! list of up to `deck_limit` assault, structure and action cards, any number of copies.

use std::path::Path;

use super::cards::CardType;
use super::deck::{Deck, MAX_DECK};
use super::rules::Shared;
use crate::{DeckPlan, DeckSpace, LoadError};

/// See [`crate::Ruleset::deck_space`].
pub(super) fn deck_space(sh: &Shared) -> DeckSpace {
    let limit = (sh.rules.deck_limit as usize).min(MAX_DECK);
    DeckSpace {
        slots: vec!["commander"],
        cards: sh
            .db
            .cards
            .iter()
            .filter(|c| c.kind != CardType::Commander)
            .map(|c| c.name.clone())
            .collect(),
        min_cards: 1,
        max_cards: limit,
        max_copies: limit as u32,
        ordered: !sh.rules.shuffle,
    }
}

/// See [`crate::Ruleset::deck_plan`].
pub(super) fn deck_plan(sh: &Shared, deck: usize) -> Option<DeckPlan> {
    let d = sh.decks.get(deck)?;
    Some(DeckPlan {
        slots: vec![sh.db.card(d.commander).name.clone()],
        cards: d
            .cards
            .iter()
            .map(|&c| sh.db.card(c).name.clone())
            .collect(),
    })
}

/// See [`crate::Ruleset::slot_options`]: every commander of the card file.
pub(super) fn slot_options(sh: &Shared, slot: usize) -> Vec<String> {
    if slot != 0 {
        return Vec::new();
    }
    sh.db
        .cards
        .iter()
        .filter(|c| c.kind == CardType::Commander)
        .map(|c| c.name.clone())
        .collect()
}

/// See [`crate::Ruleset::deck_plan_text`].
pub(super) fn plan_text(plan: &DeckPlan, description: &str) -> String {
    let mut s = format!("# {description}\n");
    for v in &plan.slots {
        s.push_str(v);
        s.push('\n');
    }
    for l in plan.list_lines() {
        s.push_str(&l);
        s.push('\n');
    }
    s
}

/// The decks of `sh` with deck `deck` replaced by `plan`, checked by the deck-file parser.
pub(super) fn with_plan(sh: &Shared, deck: usize, plan: &DeckPlan) -> Result<Vec<Deck>, LoadError> {
    let old = sh
        .decks
        .get(deck)
        .ok_or_else(|| LoadError::file("tyrant", format!("no deck number {deck}")))?;
    if plan.slots.len() != 1 {
        return Err(LoadError::file(
            "tyrant",
            "a Tyrant deck plan has exactly one slot, the commander",
        ));
    }
    if plan.cards.is_empty() {
        return Err(LoadError::file("tyrant", "a deck needs at least one card"));
    }
    let text = plan_text(plan, &old.description);
    let path = format!("{}.txt", old.name);
    let mut d = Deck::parse(
        Path::new(&path),
        &text,
        &sh.db,
        sh.rules.deck_limit as usize,
    )?;
    if !sh
        .db
        .card(d.commander)
        .name
        .eq_ignore_ascii_case(plan.slots[0].trim())
        || d.cards.len() != plan.cards.len()
    {
        return Err(LoadError::file(
            path,
            "the commander slot must hold the deck's one commander, and the list no commander",
        ));
    }
    d.description = old.description.clone();
    let mut decks = sh.decks.clone();
    decks[deck] = d;
    Ok(decks)
}
