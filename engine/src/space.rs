//! Deck space: what a game allows a deck to be, for deck search (`cardsim optimize`).
//!
//! A deck is described generically as a [`DeckPlan`]: a few single-choice *slots* (Tyrant's
//! commander; Allegiance's hero and its starting weapon and armor faces) and a *card list*
//! (Tyrant's cards, in order). A game that supports deck search answers
//! [`crate::Ruleset::deck_space`] with a [`DeckSpace`] (the legal card pool, size bounds,
//! copy limits, whether order matters), [`crate::Ruleset::slot_options`] with the legal
//! values of a slot, and builds a rule set with a planned deck through
//! [`crate::Ruleset::with_deck_plan`], which validates the plan with the game's own rules.

/// The legal decks of a game, as far as a search needs to know them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckSpace {
    /// Names of the single-choice slots (e.g. `commander`; `hero`, `weapon`, `armor`).
    /// A slot's legal values may depend on the slots before it
    /// ([`crate::Ruleset::slot_options`]).
    pub slots: Vec<&'static str>,
    /// Cards the list may hold (the card file's cards of the right kinds, in file order).
    pub cards: Vec<String>,
    /// Fewest cards in the list.
    pub min_cards: usize,
    /// Most cards in the list.
    pub max_cards: usize,
    /// Most copies of one card in the list.
    pub max_copies: u32,
    /// Whether the list's order changes play (e.g. unshuffled decks).
    pub ordered: bool,
}

impl DeckSpace {
    /// Whether the list is fixed empty (the deck is its slots only).
    pub fn has_list(&self) -> bool {
        self.max_cards > 0 && !self.cards.is_empty()
    }
}

/// One deck as a search point: a value per slot of the [`DeckSpace`] (an empty string where
/// the game allows leaving a slot open) and the card list in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeckPlan {
    /// Value of each slot, in [`DeckSpace::slots`] order.
    pub slots: Vec<String>,
    /// Card names in list order, one entry per copy.
    pub cards: Vec<String>,
}

impl DeckPlan {
    /// Copies of `card` in the list (names compared case-insensitively).
    pub fn copies(&self, card: &str) -> u32 {
        self.cards
            .iter()
            .filter(|c| c.eq_ignore_ascii_case(card))
            .count() as u32
    }

    /// The plan in one line: slots, then the list (`commander | a, b, b`).
    pub fn label(&self) -> String {
        let slots: Vec<&str> = self
            .slots
            .iter()
            .map(|s| if s.is_empty() { "-" } else { s.as_str() })
            .collect();
        let mut s = slots.join(" / ");
        if !self.cards.is_empty() {
            if !s.is_empty() {
                s.push_str(" | ");
            }
            s.push_str(&self.cards.join(", "));
        }
        s
    }

    /// The list as deck-file lines (`2x Name` for runs of equal cards, in order).
    pub fn list_lines(&self) -> Vec<String> {
        let mut out: Vec<(String, u32)> = Vec::new();
        for c in &self.cards {
            match out.last_mut() {
                Some((n, k)) if n == c => *k += 1,
                _ => out.push((c.clone(), 1)),
            }
        }
        out.into_iter()
            .map(|(n, k)| if k == 1 { n } else { format!("{k}x {n}") })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_and_lines() {
        let p = DeckPlan {
            slots: vec!["Cmd".into()],
            cards: vec!["A".into(), "B".into(), "B".into(), "A".into()],
        };
        assert_eq!(p.label(), "Cmd | A, B, B, A");
        assert_eq!(p.list_lines(), vec!["A", "2x B", "A"]);
        assert_eq!(p.copies("b"), 2);
    }
}
