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

/// The text of a deck file: `# description`, then each section as an optional `[header]`
/// line (none for an empty header) and the section's cards as deck-file lines (`2x Name` for
/// runs of equal cards, in order). Games whose decks are card lists write their
/// [`crate::Ruleset::deck_plan_text`] with it.
pub(crate) fn deck_file_text(description: &str, sections: &[(&str, &[String])]) -> String {
    let mut s = format!("# {description}\n");
    for (i, (header, cards)) in sections.iter().enumerate() {
        if !header.is_empty() {
            if i > 0 {
                s.push('\n');
            }
            s.push_str(&format!("[{header}]\n"));
        }
        let plan = DeckPlan {
            slots: Vec::new(),
            cards: cards.to_vec(),
        };
        for l in plan.list_lines() {
            s.push_str(&l);
            s.push('\n');
        }
    }
    s
}

/// The plan of a deck that is only a card list, from its card names by deck position.
pub(crate) fn list_plan(cards: impl Iterator<Item = String>) -> DeckPlan {
    DeckPlan {
        slots: Vec::new(),
        cards: cards.collect(),
    }
}

/// The deck-file text of a deck that is only a card list.
pub(crate) fn list_text(plan: &DeckPlan, description: &str) -> String {
    deck_file_text(description, &[("", &plan.cards)])
}

/// For a game whose deck is only a card list (`game`'s words in the message): `decks` with
/// deck `deck` replaced by `plan`, which must have no slots, read back by `parse` from its
/// deck-file text under the old deck's name (given by `name`) and description.
pub(crate) fn replace_list_deck<D: Clone>(
    game: &str,
    decks: &[D],
    deck: usize,
    plan: &DeckPlan,
    name: impl Fn(&D) -> (&String, &String),
    parse: impl FnOnce(&crate::DeckText) -> Result<D, crate::LoadError>,
) -> Result<Vec<D>, crate::LoadError> {
    if !plan.slots.is_empty() {
        return Err(crate::LoadError::file(
            game,
            format!("a {game} deck plan has no slots, only its card list"),
        ));
    }
    replace_deck(game, decks, deck, |old| {
        let (n, description) = name(old);
        parse(&plan_deck_text(n, list_text(plan, description)))
    })
}

/// `decks` with deck `deck` (of game `game`, for the message when there is none) replaced by
/// what `new` makes of the old deck, for a game's [`crate::Ruleset::with_deck_plan`].
pub(crate) fn replace_deck<D: Clone>(
    game: &str,
    decks: &[D],
    deck: usize,
    new: impl FnOnce(&D) -> Result<D, crate::LoadError>,
) -> Result<Vec<D>, crate::LoadError> {
    let old = decks
        .get(deck)
        .ok_or_else(|| crate::LoadError::file(game, format!("no deck number {deck}")))?;
    let d = new(old)?;
    let mut out = decks.to_vec();
    out[deck] = d;
    Ok(out)
}

/// Deck text `text` to be read back by a game's deck parser as the deck called `name` (the
/// file named in messages is `name.txt`), for [`crate::Ruleset::with_deck_plan`].
pub(crate) fn plan_deck_text(name: &str, text: String) -> crate::DeckText {
    crate::DeckText {
        name: name.to_string(),
        file: format!("{name}.txt").into(),
        line_offset: 0,
        text,
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

    #[test]
    fn deck_file_text_writes_sections() {
        let h: Vec<String> = vec!["H1".into(), "H2".into()];
        let m: Vec<String> = vec!["A".into(), "A".into(), "B".into()];
        assert_eq!(
            deck_file_text("d", &[("heroes", &h), ("main", &m)]),
            "# d\n[heroes]\nH1\nH2\n\n[main]\n2x A\nB\n"
        );
        assert_eq!(deck_file_text("x", &[("", &m)]), "# x\n2x A\nB\n");
    }
}
