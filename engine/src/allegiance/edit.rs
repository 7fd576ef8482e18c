//! Card edits for impact measurements (see `docs/games/allegiance.md`, "Card edits for impact"): a loadout
//! with its hero or a fixed weapon/armor face swapped, a shared-deck card replaced or removed
//! (for every player: the basic, elite and action decks are shared), and a card with changed
//! numbers (`cost-1`, `attack+2`, `health=40`, `damage+1`, ...).
//!
//! Each edit builds a new `Allegiance` from edited copies of the card tables, loadouts and
//! shared deck lists; its [`Shared`](super::Shared) is freed when the variant and the last of
//! its games are dropped.

use super::cards::{Amount, CardDb, Kind, OpCode, MAX_ARG};
use super::loadout::Loadout;
use super::rules::Shared;

/// What an edit produces: the card tables, the loadouts and the shared decks of a new rule set.
pub(super) type Parts = (CardDb, Vec<Loadout>, [Vec<u8>; 3]);
use crate::edit::parse_change;
use crate::{Ablation, LoadError};

/// Where edit errors point: the card file is not kept after loading, so messages name the
/// game and the card or loadout at fault.
const SOURCE: &str = "allegiance";

/// Fewest cards a shared deck may keep after a removal.
pub const MIN_SHARED_DECK: usize = 20;

fn err(message: String) -> LoadError {
    LoadError::file(SOURCE, message)
}

/// A named thing of the card tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Named {
    /// A deck or special card (by id).
    Card(u8),
    /// The second half of a split action card (by the card's id).
    Half(u8),
    /// A hero.
    Hero(usize),
    /// A weapon face (hero, face).
    Weapon(usize, usize),
    /// An armor face (hero, face).
    Armor(usize, usize),
    /// A hero ability (hero, ability).
    Ability(usize, usize),
}

impl Named {
    fn what(self) -> &'static str {
        match self {
            Named::Card(_) | Named::Half(_) => "card",
            Named::Hero(_) => "hero",
            Named::Weapon(..) => "weapon",
            Named::Armor(..) => "armor",
            Named::Ability(..) => "ability",
        }
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Basic => "basic unit",
        Kind::Elite => "elite unit",
        Kind::Action => "action card",
        Kind::SpecialBasic => "special basic unit",
        Kind::SpecialElite => "special elite unit",
        Kind::Special => "special card",
    }
}

const DECKS: [&str; 3] = ["basic", "elite", "action"];

/// Find `name`: deck and special cards, split halves, heroes, faces, then abilities (an
/// ability may be written `Hero/Ability`, needed when two heroes share an ability name or a
/// card has the same name; an ability name several heroes share means `prefer`'s, if given).
fn locate(db: &CardDb, name: &str, prefer: Option<usize>) -> Result<Named, LoadError> {
    let n = name.trim();
    let eq = |s: &str| s.eq_ignore_ascii_case(n);
    if let Some(id) = db.find(n) {
        return Ok(Named::Card(id));
    }
    if let Some(i) = db
        .cards
        .iter()
        .position(|c| c.half.as_ref().is_some_and(|h| eq(&h.0)))
    {
        return Ok(Named::Half(i as u8));
    }
    if let Some(h) = db.find_hero(n) {
        return Ok(Named::Hero(h as usize));
    }
    for (h, hero) in db.heroes.iter().enumerate() {
        if let Some(f) = hero.weapons.iter().position(|f| eq(&f.name)) {
            return Ok(Named::Weapon(h, f));
        }
        if let Some(f) = hero.armors.iter().position(|f| eq(&f.name)) {
            return Ok(Named::Armor(h, f));
        }
    }
    let (hero, ability) = match n.split_once('/') {
        Some((h, a)) => (Some(h.trim()), a.trim()),
        None => (None, n),
    };
    let found: Vec<(usize, usize)> = db
        .heroes
        .iter()
        .enumerate()
        .filter(|(_, h)| hero.is_none_or(|x| h.name.eq_ignore_ascii_case(x)))
        .flat_map(|(hi, h)| {
            h.abilities
                .iter()
                .enumerate()
                .filter(|(_, a)| a.name.eq_ignore_ascii_case(ability))
                .map(move |(ai, _)| (hi, ai))
        })
        .collect();
    if let Some(&(h, a)) = found
        .iter()
        .find(|(h, _)| found.len() > 1 && Some(*h) == prefer)
    {
        return Ok(Named::Ability(h, a));
    }
    match found.as_slice() {
        [(h, a)] => Ok(Named::Ability(*h, *a)),
        [] => Err(err(format!("unknown card `{n}`"))),
        _ => Err(err(format!(
            "`{n}` names abilities of several heroes: write `Hero/{n}` (e.g. `{}/{n}`)",
            db.heroes[found[0].0].name
        ))),
    }
}

/// Find `name` in the context of loadout `lo`: as [`locate`], except that a name the
/// loadout's hero's ability shares with a reserve card (Hakor Dajet's Wasting Disease) means
/// the ability, the only one of the two a loadout can lose.
fn locate_in(db: &CardDb, lo: &Loadout, name: &str) -> Result<Named, LoadError> {
    let x = locate(db, name, Some(lo.hero as usize))?;
    if let Named::Card(id) = x {
        if db.card(id).kind.is_special() {
            if let Some(i) = db.heroes[lo.hero as usize]
                .abilities
                .iter()
                .position(|a| a.name.eq_ignore_ascii_case(name.trim()))
            {
                return Ok(Named::Ability(lo.hero as usize, i));
            }
        }
    }
    Ok(x)
}

/// The abilities of `hero` that no longer can be unlocked when the abilities in `removed`
/// (bit `i` = ability `i`) are gone, beyond those removed themselves: level L needs an
/// unlocked ability of level L − 1, so a level whose every ability is removed cuts off every
/// higher level.
fn unreachable(db: &CardDb, hero: usize, removed: u8) -> u8 {
    let abilities = &db.heroes[hero].abilities;
    let mut out = 0u8;
    let mut cut = false;
    let top = abilities.iter().map(|a| a.level).max().unwrap_or(0);
    for level in 0..=top {
        let at: Vec<usize> = (0..abilities.len())
            .filter(|&i| abilities[i].level == level)
            .collect();
        if cut {
            out |= at.iter().fold(0, |m, &i| m | 1 << i) & !removed;
        } else if !at.is_empty() && at.iter().all(|&i| removed & (1 << i) != 0) {
            cut = true;
        }
    }
    out
}

/// See [`crate::Ruleset::ablation`]: the hero cannot be removed (it is the loadout); a face
/// the loadout does not fix has nothing to remove (the player chooses it at set-up); an
/// ability can be removed but not replaced. Everything else is left to
/// [`with_deck_card_replaced`], which gives its own errors.
pub(super) fn ablation(
    sh: &Shared,
    deck: usize,
    card: &str,
    replacement: Option<&str>,
) -> Ablation {
    let db = &sh.db;
    let Some(lo) = sh.loadouts.get(deck) else {
        return Ablation::Allowed { note: None };
    };
    let Ok(x) = locate_in(db, lo, card) else {
        return Ablation::Allowed { note: None };
    };
    let name = name_of(db, x);
    let allowed = |note: Option<String>| Ablation::Allowed { note };
    // A replacement of the hero or a fixed face must be of the same kind: try it.
    let try_replace = || match with_deck_card_replaced(sh, deck, card, replacement) {
        Ok(_) => allowed(None),
        Err(e) => Ablation::Blocked(e.message),
    };
    match (x, replacement) {
        (Named::Hero(h), None) if h == lo.hero as usize => Ablation::Blocked(format!(
            "`{name}` is the loadout's hero: a loadout without its hero is no loadout (compare heroes with --card \"{name}\" --replace-with ANOTHER)"
        )),
        (Named::Hero(h), Some(_)) if h == lo.hero as usize => try_replace(),
        (Named::Weapon(h, f) | Named::Armor(h, f), _) if h == lo.hero as usize => {
            let weapon = matches!(x, Named::Weapon(..));
            let fixed = if weapon { lo.weapon } else { lo.armor };
            if fixed != Some(f as u8) {
                let how = if fixed.is_none() {
                    "the player chooses that face at set-up"
                } else {
                    "the loadout starts with the other face"
                };
                Ablation::Blocked(format!(
                    "the loadout does not fix the {} `{name}` as its starting face ({how}), so there is nothing to remove or replace",
                    x.what()
                ))
            } else if replacement.is_none() {
                allowed(Some(format!(
                    "the player chooses its starting {} face at set-up instead",
                    x.what()
                )))
            } else {
                try_replace()
            }
        }
        (Named::Ability(h, _), Some(_)) if h == lo.hero as usize => Ablation::Blocked(format!(
            "`{name}` is a hero ability: it can be removed (--remove), not replaced"
        )),
        (Named::Ability(h, i), None) if h == lo.hero as usize => {
            let removed = lo.disabled | 1 << i;
            let cut = unreachable(db, h, removed);
            allowed((cut != 0).then(|| {
                let abilities = &db.heroes[h].abilities;
                let names: Vec<&str> = (0..abilities.len())
                    .filter(|&j| cut & (1 << j) != 0)
                    .map(|j| abilities[j].name.as_str())
                    .collect();
                format!(
                    "no other level-{} ability is left, so {} more abilities become unreachable: {}",
                    abilities[i].level,
                    names.len(),
                    names.join(", ")
                )
            }))
        }
        _ => allowed(None),
    }
}

/// The name of a located thing, as the card file spells it.
fn name_of(db: &CardDb, x: Named) -> String {
    match x {
        Named::Card(id) => db.card(id).name.clone(),
        Named::Half(id) => db.card(id).half.as_ref().expect("a half").0.clone(),
        Named::Hero(h) => db.heroes[h].name.clone(),
        Named::Weapon(h, f) => db.heroes[h].weapons[f].name.clone(),
        Named::Armor(h, f) => db.heroes[h].armors[f].name.clone(),
        Named::Ability(h, a) => format!("{}/{}", db.heroes[h].name, db.heroes[h].abilities[a].name),
    }
}

/// See [`crate::Ruleset::card_names`]: cards, split halves, heroes, weapon and armor faces
/// and abilities (as `Hero/Ability`), in that order.
pub(super) fn card_names(sh: &Shared) -> Vec<String> {
    let db = &sh.db;
    let mut out: Vec<String> = db.cards.iter().map(|c| c.name.clone()).collect();
    out.extend(
        db.cards
            .iter()
            .filter_map(|c| c.half.as_ref().map(|h| h.0.clone())),
    );
    out.extend(db.heroes.iter().map(|h| h.name.clone()));
    for h in &db.heroes {
        out.extend(h.weapons.iter().chain(&h.armors).map(|f| f.name.clone()));
    }
    for h in &db.heroes {
        out.extend(h.abilities.iter().map(|x| format!("{}/{}", h.name, x.name)));
    }
    out
}

/// See [`crate::Ruleset::with_deck_card_replaced`]. `deck` is a loadout: its hero and fixed
/// faces are swapped in the loadout only; a shared-deck card is replaced (or removed) in the
/// shared deck, which every player draws from.
pub(super) fn with_deck_card_replaced(
    sh: &Shared,
    deck: usize,
    card: &str,
    replacement: Option<&str>,
) -> Result<Parts, LoadError> {
    let db = &sh.db;
    let lo = sh
        .loadouts
        .get(deck)
        .ok_or_else(|| err(format!("no loadout number {deck}")))?;
    let x = locate_in(db, lo, card)?;
    let name = name_of(db, x);
    let rep = replacement
        .map(|r| locate(db, r, Some(lo.hero as usize)))
        .transpose()?;
    let wrong_kind = |r: Named| {
        err(format!(
            "loadout `{}`: the {} `{name}` can only be replaced by a {} of the same kind, not by the {} `{}`",
            lo.name,
            x.what(),
            x.what(),
            r.what(),
            name_of(db, r)
        ))
    };
    let mut loadouts = sh.loadouts.clone();
    let mut cards = db.clone();
    let mut decks = sh.decks.clone();
    let nl: &mut Loadout = &mut loadouts[deck];
    match x {
        Named::Hero(h) => {
            if h != lo.hero as usize {
                return Err(err(format!(
                    "loadout `{}` plays {}, not `{name}`",
                    lo.name, db.heroes[lo.hero as usize].name
                )));
            }
            match rep {
                None => {
                    return Err(err(format!(
                        "loadout `{}`: the hero `{name}` cannot be removed (replace it with another hero)",
                        lo.name
                    )))
                }
                Some(Named::Hero(r)) => {
                    nl.hero = r as u8;
                    nl.weapon = None;
                    nl.armor = None;
                }
                Some(r) => return Err(wrong_kind(r)),
            }
        }
        Named::Weapon(h, f) | Named::Armor(h, f) => {
            let weapon = matches!(x, Named::Weapon(..));
            let slot = if weapon {
                &mut nl.weapon
            } else {
                &mut nl.armor
            };
            if h != lo.hero as usize || *slot != Some(f as u8) {
                let how = if h != lo.hero as usize {
                    "it is not a face of its hero"
                } else if slot.is_none() {
                    "its hero chooses that face at set-up"
                } else {
                    "it starts with another face"
                };
                return Err(err(format!(
                    "loadout `{}` does not start with the {} `{name}` ({how})",
                    lo.name,
                    x.what()
                )));
            }
            *slot = match rep {
                None => None,
                Some(Named::Weapon(rh, rf)) if weapon && rh == h => Some(rf as u8),
                Some(Named::Armor(rh, rf)) if !weapon && rh == h => Some(rf as u8),
                Some(r @ (Named::Weapon(..) | Named::Armor(..))) if r.what() == x.what() => {
                    return Err(err(format!(
                        "loadout `{}`: `{}` is not {} {} of {}",
                        lo.name,
                        name_of(db, r),
                        if x.what() == "armor" { "an" } else { "a" },
                        x.what(),
                        db.heroes[h].name
                    )))
                }
                Some(r) => return Err(wrong_kind(r)),
            };
        }
        Named::Card(id) if db.card(id).kind.deck().is_some() => {
            let kind = db.card(id).kind;
            let d = kind.deck().expect("a deck card");
            if db.card(id).copies == 0 {
                return Err(err(format!(
                    "the shared {} deck holds no `{name}` to replace",
                    DECKS[d]
                )));
            }
            match rep {
                Some(Named::Card(r)) if db.card(r).kind == kind => {
                    for c in decks[d].iter_mut().filter(|c| **c == id) {
                        *c = r;
                    }
                    if r != id {
                        cards.cards[r as usize].copies += db.card(id).copies;
                        cards.cards[id as usize].copies = 0;
                    }
                }
                Some(r) => {
                    let what = match r {
                        Named::Card(rid) => kind_name(db.card(rid).kind),
                        other => other.what(),
                    };
                    return Err(err(format!(
                        "`{name}` ({}) can only be replaced by another {}, not by the {what} `{}`",
                        kind_name(kind),
                        kind_name(kind),
                        name_of(db, r)
                    )));
                }
                None => {
                    decks[d].retain(|c| *c != id);
                    cards.cards[id as usize].copies = 0;
                    if decks[d].len() < MIN_SHARED_DECK {
                        return Err(err(format!(
                            "removing `{name}` leaves {} cards in the shared {} deck (at least {MIN_SHARED_DECK})",
                            decks[d].len(),
                            DECKS[d]
                        )));
                    }
                }
            }
            cards.refresh_min_action_cost();
        }
        Named::Card(id) => {
            return Err(err(format!(
                "`{name}` is a {} (a hero's reserve card): it cannot be replaced or removed, only changed (nerf/buff)",
                kind_name(db.card(id).kind)
            )))
        }
        Named::Ability(h, i) => {
            if h != lo.hero as usize {
                return Err(err(format!(
                    "loadout `{}` plays {}, not `{name}`'s hero",
                    lo.name, db.heroes[lo.hero as usize].name
                )));
            }
            if rep.is_some() {
                return Err(err(format!(
                    "`{name}` is a hero ability: it can be removed from the loadout (--remove) or changed (nerf/buff), not replaced"
                )));
            }
            if nl.disabled & (1 << i) != 0 {
                return Err(err(format!(
                    "loadout `{}` has no `{name}` left to remove",
                    lo.name
                )));
            }
            nl.disabled |= 1 << i;
        }
        Named::Half(_) => {
            return Err(err(format!(
                "`{name}` is half of a split action card: it cannot be replaced or removed, only changed (nerf/buff)"
            )))
        }
    }
    Ok((cards, loadouts, decks))
}

/// The ops whose number a change may edit, by the vocabulary's op name.
fn op_field(f: &str) -> Option<OpCode> {
    Some(match f {
        "damage" => OpCode::Damage,
        "heal" => OpCode::Heal,
        "augment" => OpCode::Augment,
        "boost" => OpCode::Boost,
        "shield" => OpCode::Shield,
        "gold" => OpCode::Gold,
        "draw" => OpCode::Draw,
        "discard" => OpCode::Discard,
        "mill" => OpCode::Mill,
        "token" => OpCode::Token,
        "recycle" => OpCode::Recycle,
        "ready" => OpCode::Ready,
        "focus" => OpCode::Focus,
        "curse" => OpCode::Curse,
        // Static ops; `health` and `armor` are first the columns of cards that have them.
        "health" => OpCode::Health,
        "armor" => OpCode::Armor,
        "enlistcost" => OpCode::EnlistCost,
        "actioncost" => OpCode::ActionCost,
        _ => return None,
    })
}

const FIELDS: &str = "cost, attack, health, armor, delay, or the number of an effect op: damage, heal, augment, boost, shield, gold, draw, discard, mill, token, recycle, ready, focus, curse, health, armor, enlistcost, actioncost";

/// See [`crate::Ruleset::with_card_changed`]. Fields, named as the card file's columns:
/// `cost` (deck cards, split halves, abilities' unlock cost), `attack` (units, weapon faces),
/// `health` (units; a hero's maximum health), `armor` (armor faces), `delay` (abilities),
/// and the number of an effect op the card has (`damage`, `heal`, `boost`, `token`, ...:
/// every such op of the card's effects changes).
pub(super) fn with_card_changed(sh: &Shared, card: &str, change: &str) -> Result<Parts, LoadError> {
    let mut db = sh.db.clone();
    let x = locate(&db, card, None)?;
    let cname = name_of(&db, x);
    let (field, op) = parse_change(change).map_err(err)?;
    let check = |what: &str, v: i64, lo: i64, hi: i64| -> Result<i64, LoadError> {
        let nv = op.apply(v);
        if nv < lo || nv > hi {
            return Err(err(format!(
                "{} `{cname}`: {} makes its {what} {nv}, outside {lo}..={hi}",
                x.what(),
                change.trim()
            )));
        }
        Ok(nv)
    };
    let desc = match x {
        Named::Card(id) => kind_name(db.card(id).kind),
        other => other.what(),
    };
    let lacks = |what: &str| {
        err(format!(
            "{} `{cname}` ({desc}) has no {what} to change",
            x.what()
        ))
    };
    // The number fields of the thing itself.
    let mut done = true;
    match (x, field.as_str()) {
        (Named::Card(id), "cost") if !db.card(id).kind.is_special() => {
            let c = &mut db.cards[id as usize];
            c.cost = check("cost", c.cost as i64, 0, 99)? as u8;
        }
        (Named::Card(id), "attack") if db.card(id).kind.is_unit() => {
            let c = &mut db.cards[id as usize];
            c.attack = check("attack", c.attack as i64, 0, 99)? as i8;
        }
        (Named::Card(id), "health") if db.card(id).kind.is_unit() => {
            let c = &mut db.cards[id as usize];
            c.health = check("health", c.health as i64, 1, 99)? as u8;
        }
        (Named::Half(id), "cost") => {
            let h = db.cards[id as usize].half.as_mut().expect("a half");
            h.1 = check("cost", h.1 as i64, 0, 99)? as u8;
        }
        (Named::Hero(h), "health") => {
            let hero = &mut db.heroes[h];
            hero.max_health = check("maximum health", hero.max_health as i64, 1, 99)? as u8;
        }
        (Named::Weapon(h, f), "attack") => {
            let face = &mut db.heroes[h].weapons[f];
            face.value = check("attack", face.value as i64, 0, 99)? as u8;
        }
        (Named::Armor(h, f), "armor") => {
            let face = &mut db.heroes[h].armors[f];
            face.value = check("armor", face.value as i64, 0, 99)? as u8;
        }
        (Named::Ability(h, i), "cost") => {
            let ab = &mut db.heroes[h].abilities[i];
            ab.cost = check("cost", ab.cost as i64, 0, 99)? as u8;
        }
        (Named::Ability(h, i), "delay") => {
            let ab = &mut db.heroes[h].abilities[i];
            ab.delay = check("delay", ab.delay as i64, 1, 5)? as u8;
        }
        (_, "cost" | "attack" | "delay") => return Err(lacks(&field)),
        _ => done = false,
    }
    if !done {
        let code = op_field(&field).ok_or_else(|| {
            err(format!(
                "change `{}`: unknown field `{field}` ({FIELDS})",
                change.trim()
            ))
        })?;
        let effects: Vec<u16> = match x {
            Named::Card(id) => db.card(id).effects.to_vec(),
            Named::Half(id) => vec![db.card(id).half.as_ref().expect("a half").2],
            Named::Hero(h) => db.heroes[h].statics.to_vec(),
            Named::Weapon(h, f) => db.heroes[h].weapons[f].effects.to_vec(),
            Named::Armor(h, f) => db.heroes[h].armors[f].effects.to_vec(),
            Named::Ability(h, i) => vec![db.heroes[h].abilities[i].effect],
        };
        let lo = if matches!(
            code,
            OpCode::Boost
                | OpCode::Health
                | OpCode::Armor
                | OpCode::EnlistCost
                | OpCode::ActionCost
        ) {
            -MAX_ARG
        } else {
            1
        } as i64;
        let mut any = false;
        for e in effects {
            for o in db.effects[e as usize]
                .ops
                .iter_mut()
                .filter(|o| o.code == code && o.amount == Amount::Fixed)
            {
                o.n = check(&field, o.n as i64, lo, MAX_ARG as i64)? as i8;
                any = true;
            }
        }
        if !any {
            if matches!(field.as_str(), "health" | "armor") {
                return Err(lacks(&field));
            }
            return Err(lacks(&format!("`{field}` effect")));
        }
    }
    db.refresh_min_action_cost();
    Ok((db, sh.loadouts.clone(), sh.decks.clone()))
}

#[cfg(test)]
mod tests;
