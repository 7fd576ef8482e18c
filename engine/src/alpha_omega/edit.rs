//! Card edits for `cardsim impact`: a Good deck's card replaced by another Good card (same
//! deck positions) or removed, and a card's numbers changed everywhere (`strength`, or the
//! number of one of its effects such as `damage`, `offense`, `ward`, `storm`).

use super::cards::{CardDb, Side, VERBS};
use super::deck::Deck;
use super::rules::Shared;
use crate::edit::parse_change;
use crate::LoadError;

fn err(message: String) -> LoadError {
    LoadError::file("alpha_omega card edit", message)
}

fn id_of(db: &CardDb, name: &str) -> Result<u8, LoadError> {
    db.find(name).ok_or_else(|| err(db.unknown(name)))
}

/// See [`crate::Ruleset::with_deck_card_replaced`]: the edited Good decks.
pub(super) fn replaced(
    sh: &Shared,
    deck: usize,
    card: &str,
    replacement: Option<&str>,
) -> Result<Vec<Deck>, LoadError> {
    let db = &sh.db;
    let id = id_of(db, card)?;
    let rep = match replacement {
        Some(r) => {
            let r = id_of(db, r)?;
            if db.card(r).side != Side::Good {
                return Err(err(format!("`{}` is not a Good card", db.card(r).name)));
            }
            Some(r)
        }
        None => None,
    };
    let mut decks = sh.decks.clone();
    let Some(d) = decks.get_mut(deck) else {
        return Err(err(format!("no deck number {deck}")));
    };
    if rep.is_none() && !d.cards.is_empty() && d.cards.iter().all(|c| *c == id) {
        return Err(err(format!(
            "removing `{card}` would leave deck `{}` empty",
            d.name
        )));
    }
    if !crate::edit::swap_card(&mut d.cards, id, rep) {
        return Err(err(format!(
            "deck `{}` has no `{}`",
            d.name,
            db.card(id).name
        )));
    }
    Ok(decks)
}

/// See [`crate::Ruleset::with_card_changed`]: the edited card table.
pub(super) fn changed(sh: &Shared, card: &str, change: &str) -> Result<CardDb, LoadError> {
    let mut db = sh.db.clone();
    let id = id_of(&db, card)?;
    let (field, op) = parse_change(change).map_err(err)?;
    let c = &mut db.cards[id as usize];
    let name = c.name.clone();
    let bounded = |old: u8, lo: i64, hi: i64| -> Result<u8, LoadError> {
        let v = op.apply(old as i64);
        if (lo..=hi).contains(&v) {
            Ok(v as u8)
        } else {
            Err(err(format!(
                "card `{name}`: {change} makes its {field} {v}, outside {lo}..={hi}"
            )))
        }
    };
    if field == "strength" && c.strength > 0 {
        c.strength = bounded(c.strength, 1, 200)?;
        return Ok(db);
    }
    let Ok(verb) = VERBS.get(&field) else {
        return Err(err(format!(
            "card `{name}`: `{field}` is not strength or one of its effects' numbers"
        )));
    };
    let mut hits = 0;
    for e in c.effects.iter_mut().filter(|e| e.verb == verb && e.n > 0) {
        e.n = bounded(e.n, 1, 30)?;
        hits += 1;
    }
    if hits == 0 {
        return Err(err(format!(
            "card `{name}` has no `{field} N` effect to change"
        )));
    }
    Ok(db)
}
