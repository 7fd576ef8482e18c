//! Card edits for impact measurements: a deck with one card replaced or removed, and a card
//! with changed numbers (`attack-1`, `health+2`, `delay=1`, `poison+1`).
//!
//! Each edit returns an edited copy of the card table and decks, from which the rule set
//! builds a new `Tyrant` through `Tyrant::from_parts`; its [`Shared`](super::Shared) (a few
//! kilobytes) is freed when the variant and the last of its games are dropped.

use super::cards::{CardDb, CardType};
use super::deck::Deck;
use super::rules::Shared;
use crate::edit::parse_change;
use crate::LoadError;

/// Where edit errors point: the card file is not kept after loading, so messages name the
/// game and the card or deck at fault.
const SOURCE: &str = "tyrant";

fn err(message: String) -> LoadError {
    LoadError::file(SOURCE, message)
}

fn find(db: &CardDb, name: &str) -> Result<u16, LoadError> {
    db.find(name).ok_or_else(|| {
        let sim = db.similar(name);
        let hint = if sim.is_empty() {
            String::new()
        } else {
            format!(" (did you mean {}?)", sim.join(", "))
        };
        err(format!("unknown card `{}`{hint}", name.trim()))
    })
}

/// See [`crate::Ruleset::card_names`].
pub(super) fn card_names(sh: &Shared) -> Vec<String> {
    sh.db.cards.iter().map(|c| c.name.clone()).collect()
}

/// See [`crate::Ruleset::with_deck_card_replaced`].
pub(super) fn with_deck_card_replaced(
    sh: &Shared,
    deck: usize,
    card: &str,
    replacement: Option<&str>,
) -> Result<(CardDb, Vec<Deck>), LoadError> {
    let db = &sh.db;
    let d = sh
        .decks
        .get(deck)
        .ok_or_else(|| err(format!("no deck number {deck}")))?;
    let id = find(db, card)?;
    let name = &db.card(id).name;
    let rep = replacement.map(|r| find(db, r)).transpose()?;
    let mut decks = sh.decks.clone();
    let nd = &mut decks[deck];
    if d.commander == id {
        let r = rep.ok_or_else(|| {
            err(format!(
                "deck `{}`: the commander `{name}` cannot be removed (replace it with another commander)",
                d.name
            ))
        })?;
        if db.card(r).kind != CardType::Commander {
            return Err(err(format!(
                "deck `{}`: the commander `{name}` can only be replaced by a commander, not by the {} `{}`",
                d.name,
                db.card(r).kind.name(),
                db.card(r).name
            )));
        }
        nd.commander = r;
    } else {
        if !d.cards.contains(&id) {
            return Err(err(format!(
                "deck `{}` holds no `{name}` to replace",
                d.name
            )));
        }
        match rep {
            Some(r) => {
                if db.card(r).kind == CardType::Commander {
                    return Err(err(format!(
                        "deck `{}`: `{name}` cannot be replaced by the commander `{}`",
                        d.name,
                        db.card(r).name
                    )));
                }
                for c in nd.cards.iter_mut().filter(|c| **c == id) {
                    *c = r;
                }
            }
            None => {
                // A deck of only its commander is legal, so removing every copy is too.
                nd.cards.retain(|c| *c != id);
            }
        }
    }
    Ok((db.clone(), decks))
}

/// See [`crate::Ruleset::with_card_changed`]. Fields: `attack` (assaults), `health`
/// (commanders, assaults, structures), `delay` (assaults, structures), the X of an
/// activation skill the card has (`strike`, `rally`, ...; at least 1) or of a numbered
/// passive skill it has (`armor`, `poison`, ...; 0 removes it).
pub(super) fn with_card_changed(
    sh: &Shared,
    card: &str,
    change: &str,
) -> Result<(CardDb, Vec<Deck>), LoadError> {
    let mut db = sh.db.clone();
    let id = find(&db, card)?;
    let (field, op) = parse_change(change).map_err(err)?;
    let c = &mut db.cards[id as usize];
    let kind = c.kind;
    let cname = c.name.clone();
    let bad = |what: &str, v: i64, lo: i64, hi: i64| {
        err(format!(
            "card `{cname}`: {change} makes its {what} {v}, outside {lo}..={hi}"
        ))
    };
    let set = |slot: &mut u8, what: &str, lo: i64, hi: i64| -> Result<(), LoadError> {
        let v = op.apply(*slot as i64);
        if v < lo || v > hi {
            return Err(bad(what, v, lo, hi));
        }
        *slot = v as u8;
        Ok(())
    };
    let lacks = |what: &str| {
        err(format!(
            "card `{cname}` ({}) has no {what} to change",
            kind.name()
        ))
    };
    match field.as_str() {
        "attack" if kind == CardType::Assault => set(&mut c.attack, "attack", 0, 99)?,
        "health" if kind != CardType::Action => set(&mut c.health, "health", 1, 250)?,
        "delay" if matches!(kind, CardType::Assault | CardType::Structure) => {
            set(&mut c.delay, "delay", 0, 9)?
        }
        "attack" | "health" | "delay" => return Err(lacks(&field)),
        f => {
            if let Some(a) = c.acts.iter_mut().find(|a| a.kind.name() == f) {
                set(&mut a.x, f, 1, 99)?;
            } else {
                let p = &mut c.passive;
                let slot = match f {
                    "armor" => &mut p.armor,
                    "counter" => &mut p.counter,
                    "pierce" => &mut p.pierce,
                    "leech" => &mut p.leech,
                    "berserk" => &mut p.berserk,
                    "poison" => &mut p.poison,
                    "flurry" => &mut p.flurry,
                    "valor" => &mut p.valor,
                    "antiair" => &mut p.antiair,
                    "siphon" => &mut p.siphon,
                    "crush" => &mut p.crush,
                    "regenerate" => &mut p.regenerate,
                    _ => {
                        return Err(err(format!(
                            "change `{change}`: unknown field `{f}` (attack, health, delay, or a numbered skill of the card)"
                        )))
                    }
                };
                if *slot == 0 {
                    return Err(lacks(&format!("skill `{f}`")));
                }
                set(slot, f, 0, 99)?;
            }
        }
    }
    Ok((db, sh.decks.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tyrant::Tyrant;
    use crate::Ruleset;

    fn ex() -> Tyrant {
        Tyrant::example(&[]).unwrap()
    }

    fn deck_index(t: &Tyrant, name: &str) -> usize {
        t.deck_names().iter().position(|d| d == name).unwrap()
    }

    #[test]
    fn replace_and_remove_keep_other_decks() {
        let t = ex();
        let rush = deck_index(&t, "rush");
        let r = t
            .with_deck_card_replaced(rush, "dust raider", Some("Rifle Squad"))
            .unwrap();
        let before = t.deck_cards(rush);
        let after = r.deck_cards(rush);
        let dust = before.iter().find(|c| c.name == "Dust Raider").unwrap();
        let rifle = after.iter().find(|c| c.name == "Rifle Squad").unwrap();
        assert_eq!(
            (rifle.copies, rifle.positions),
            (dust.copies, dust.positions)
        );
        assert!(after.iter().all(|c| c.name != "Dust Raider"));
        for d in 0..t.deck_names().len() {
            if d != rush {
                assert_eq!(t.deck_cards(d), r.deck_cards(d));
            }
        }
        let removed = t
            .with_deck_card_replaced(rush, "Dust Raider", None)
            .unwrap();
        let n: u32 = removed.deck_cards(rush).iter().map(|c| c.copies).sum();
        assert_eq!(n, 10 - 3);
        // The commander swaps for a commander only.
        let c = t
            .with_deck_card_replaced(rush, "Warlord Krask", Some("Marshal Thorne"))
            .unwrap();
        assert_eq!(
            c.shared.db.card(c.shared.decks[rush].commander).name,
            "Marshal Thorne"
        );
    }

    #[test]
    fn replace_errors() {
        let t = ex();
        let rush = deck_index(&t, "rush");
        let e = |card: &str, rep: Option<&str>| {
            t.with_deck_card_replaced(rush, card, rep)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("Dust Raidr", None),
            "tyrant: unknown card `Dust Raidr` (did you mean Dust Raider?)"
        );
        assert_eq!(
            e("Smite", None),
            "tyrant: deck `rush` holds no `Smite` to replace"
        );
        assert!(e("Warlord Krask", None).contains("cannot be removed"));
        assert!(e("Warlord Krask", Some("Smite")).contains("only be replaced by a commander"));
        assert!(e("Dust Raider", Some("Marshal Thorne")).contains("by the commander"));
    }

    #[test]
    fn number_changes() {
        let t = ex();
        let id = t.shared.db.find("Toxic Maw").unwrap();
        let get = |r: &Tyrant| r.shared.db.card(id).clone();
        let base = get(&t);
        assert_eq!(
            get(&t.with_card_changed("toxic maw", "attack-1").unwrap()).attack,
            base.attack - 1
        );
        assert_eq!(
            get(&t.with_card_changed("Toxic Maw", "health+2").unwrap()).health,
            base.health + 2
        );
        assert_eq!(
            get(&t.with_card_changed("Toxic Maw", "delay=1").unwrap()).delay,
            1
        );
        assert_eq!(
            get(&t.with_card_changed("Toxic Maw", "poison-1").unwrap())
                .passive
                .poison,
            2
        );
        let s = t.with_card_changed("Blight Drone", "weaken+1").unwrap();
        let bd = s.shared.db.card(s.shared.db.find("Blight Drone").unwrap());
        assert_eq!(bd.acts[0].x, 2);
        // The original is untouched.
        assert_eq!(get(&t), base);
        let e = |card: &str, ch: &str| t.with_card_changed(card, ch).unwrap_err().to_string();
        assert_eq!(
            e("Toxic Maw", "attack-9"),
            "tyrant: card `Toxic Maw`: attack-9 makes its attack -5, outside 0..=99"
        );
        assert!(e("Smite", "attack+1").contains("(action) has no attack"));
        assert!(e("Toxic Maw", "armor+1").contains("has no skill `armor`"));
        assert!(e("Toxic Maw", "speed+1").contains("unknown field `speed`"));
        assert!(e("Toxic Maw", "attack").contains("not of the form"));
        assert!(e("Toxic Maw", "attack+x").contains("not a whole number"));
        assert_eq!(card_names(&t.shared).len(), t.shared.db.cards.len());
    }
}
