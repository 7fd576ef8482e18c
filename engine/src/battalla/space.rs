//! Battalla's deck space for deck search: five hero slots (the Hero Deck, top first; heroes
//! must differ, so a slot given a hero another slot holds swaps the two) and the Main Deck as
//! the list: 40 to 60 non-hero cards, at most 3 copies, each of a mythos one of the deck's
//! heroes belongs to (the deck parser checks that), ordered when decks are not shuffled.

use super::cards::Kind;
use super::deck::{Deck, HEROES, MAIN, MAIN_RULES};
use super::rules::Shared;
use crate::space::{deck_file_text, plan_deck_text, replace_deck};
use crate::{DeckPlan, DeckSpace, LoadError};

/// The slot names: the Hero Deck's places, top first.
const SLOTS: [&str; HEROES] = ["hero1", "hero2", "hero3", "hero4", "hero5"];

/// See [`crate::Ruleset::deck_space`].
pub(super) fn deck_space(sh: &Shared) -> DeckSpace {
    DeckSpace {
        slots: SLOTS.to_vec(),
        cards: sh
            .db
            .cards
            .iter()
            .filter(|c| c.kind != Kind::Hero)
            .map(|c| c.name.clone())
            .collect(),
        min_cards: MAIN_RULES.min_cards as usize,
        max_cards: MAIN,
        max_copies: MAIN_RULES.max_copies,
        ordered: !sh.rules.shuffle,
    }
}

/// See [`crate::Ruleset::deck_plan`].
pub(super) fn deck_plan(sh: &Shared, deck: usize) -> Option<DeckPlan> {
    let d = sh.decks.get(deck)?;
    let names =
        |ids: &[u8]| -> Vec<String> { ids.iter().map(|&c| sh.db.card(c).name.clone()).collect() };
    Some(DeckPlan {
        slots: names(&d.heroes),
        cards: names(&d.cards),
    })
}

/// See [`crate::Ruleset::slot_options`]: every hero of the card file, whatever the other
/// slots hold (the search swaps two slots when it gives one a hero the other holds).
pub(super) fn slot_options(sh: &Shared, slot: usize) -> Vec<String> {
    if slot >= HEROES {
        return Vec::new();
    }
    sh.db
        .cards
        .iter()
        .filter(|c| c.kind == Kind::Hero)
        .map(|c| c.name.clone())
        .collect()
}

/// See [`crate::Ruleset::deck_plan_text`].
pub(super) fn plan_text(plan: &DeckPlan, description: &str) -> String {
    deck_file_text(
        description,
        &[("heroes", &plan.slots), ("main", &plan.cards)],
    )
}

/// The decks of `sh` with deck `deck` replaced by `plan`, checked by the deck-file parser.
pub(super) fn with_plan(sh: &Shared, deck: usize, plan: &DeckPlan) -> Result<Vec<Deck>, LoadError> {
    if plan.slots.len() != HEROES {
        return Err(LoadError::file(
            "battalla",
            format!("a Battalla deck plan has {HEROES} hero slots, the Hero Deck top first"),
        ));
    }
    replace_deck("battalla", &sh.decks, deck, |old| {
        let text = plan_deck_text(&old.name, plan_text(plan, &old.description));
        Deck::parse(&text, &sh.db)
    })
}
