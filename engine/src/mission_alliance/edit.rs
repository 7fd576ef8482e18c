//! Card edits for `cardsim impact`: a deck's card replaced by another (same deck positions) or
//! removed (a smaller deck), and a card's numbers changed everywhere (`cost`, `power`, or the
//! number of one of its effects: `draw`, `eliminate`, `destroy`, `ready`, `boost`, `recover`).
//! Each returns the edited card table and decks, from which the rule set builds a new one.

use super::cards::{CardDb, MAX_COST, VERBS};
use super::deck::Deck;
use super::rules::Shared;
use crate::edit::parse_change;
use crate::LoadError;

fn err(message: String) -> LoadError {
    LoadError::file("mission_alliance card edit", message)
}

fn find(db: &CardDb, name: &str) -> Result<u8, LoadError> {
    db.find(name).ok_or_else(|| err(db.unknown(name)))
}

/// See [`crate::Ruleset::with_deck_card_replaced`].
pub(super) fn with_deck_card_replaced(
    sh: &Shared,
    deck: usize,
    card: &str,
    replacement: Option<&str>,
) -> Result<(CardDb, Vec<Deck>), LoadError> {
    let db = &sh.db;
    let id = find(db, card)?;
    let rep = replacement.map(|r| find(db, r)).transpose()?;
    let mut decks = sh.decks.clone();
    let d = decks
        .get_mut(deck)
        .ok_or_else(|| err(format!("no deck number {deck}")))?;
    if !crate::edit::swap_card(&mut d.cards, id, rep) {
        return Err(err(format!(
            "deck `{}` has no `{}`",
            d.name,
            db.card(id).name
        )));
    }
    Ok((db.clone(), decks))
}

/// See [`crate::Ruleset::with_card_changed`].
pub(super) fn with_card_changed(
    sh: &Shared,
    card: &str,
    change: &str,
) -> Result<(CardDb, Vec<Deck>), LoadError> {
    let mut db = sh.db.clone();
    let id = find(&db, card)?;
    let (field, op) = parse_change(change).map_err(err)?;
    let c = &mut db.cards[id as usize];
    let name = c.name.clone();
    let set = |slot: &mut u8, lo: i64, hi: i64| -> Result<(), LoadError> {
        let v = op.apply(*slot as i64);
        if v < lo || v > hi {
            return Err(err(format!(
                "card `{name}`: {change} makes its {field} {v}, outside {lo}..={hi}"
            )));
        }
        *slot = v as u8;
        Ok(())
    };
    match field.as_str() {
        "cost" => set(&mut c.cost, 0, MAX_COST as i64)?,
        "power" if c.kind == super::cards::Kind::Unit => set(&mut c.power, 0, 20)?,
        f => {
            let verb = VERBS.get(f).map_err(|_| {
                err(format!(
                    "card `{name}`: `{f}` is not cost, power (units) or one of its effects' numbers"
                ))
            })?;
            let mut any = false;
            for e in c.effects.iter_mut().filter(|e| e.verb == verb && e.n > 0) {
                set(&mut e.n, 1, 20)?;
                any = true;
            }
            if !any {
                return Err(err(format!(
                    "card `{name}` has no `{f} N` effect to change"
                )));
            }
        }
    }
    Ok((db, sh.decks.clone()))
}
