//! The rarer rule features a matchup can use, read from its two decks' card data at set-up, and the two compiled turn loops chosen from them (lean: none of them; full: all).
//!
//! The turn code (`state/turn.rs`, `attack.rs`, `skills.rs`) takes a `const F: u32`: the set of
//! features compiled in. Each piece of code that only a rare feature needs sits behind a guard
//! `F & FEATURE != 0 && ...`, which the compiler removes from the [`LEAN`] copy. The state
//! picks the copy once per call into the turn code (see `TyrantState::play_slot`), by its
//! `features`: the union of both decks' (commanders included) at the deal, all of them after
//! scenario set-up; none means the lean copy. Both copies play the same rules, draw the same
//! random numbers and write the same log; the lean one leaves out tests that cannot succeed.

use super::cards::{ActKind, CardDb, CardDef, CardType};
use super::deck::Deck;
use super::hot::{self, Hot};

/// An action card (step 6 of the turn).
pub const ACTIONS: u32 = 1 << 0;
/// An assault with activation skills (its skills in its own turn; with them Chaos turning
/// them, Payback and Tribute answering them, a Weaken ending its own attack).
pub const ASSAULT_SKILLS: u32 = 1 << 1;
/// A structure with activation skills (step 8 of the turn).
pub const STRUCTURE_SKILLS: u32 = 1 << 2;
/// Jam (the Jammed status).
pub const JAM: u32 = 1 << 3;
/// Chaos (the Chaosed status).
pub const CHAOS: u32 = 1 << 4;
/// Weaken (the Weakened status).
pub const WEAKEN: u32 = 1 << 5;
/// Enfeeble (the Enfeebled status).
pub const ENFEEBLE: u32 = 1 << 6;
/// Protect (the Protected status).
pub const PROTECT: u32 = 1 << 7;
/// Immobilize (the Immobilized status).
pub const IMMOBILIZE: u32 = 1 << 8;
/// Poison (the Poisoned status and its start-of-turn damage).
pub const POISON: u32 = 1 << 9;
/// Something that needs the full attack on an assault (`hit_full`): Flying, or an
/// on-damage skill besides Counter and Berserk (Immobilize, Poison, Leech, Siphon, Disease,
/// Crush); see [`super::hot::ATK_EXTRA`].
pub const ON_HIT: u32 = 1 << 10;
/// Regenerate.
pub const REGENERATE: u32 = 1 << 11;
/// Evade.
pub const EVADE: u32 = 1 << 12;
/// Refresh.
pub const REFRESH: u32 = 1 << 13;

/// The full turn loop: every feature compiled in.
pub const FULL: u32 = u32::MAX;
/// The lean turn loop: none of the features above. What stays is the common core: Rally
/// and Strike from commanders, Valor, Flurry, Swipe, Fear, Pierce, Berserk, Counter, Armor,
/// Wall, Antiair, timers, the turn limit, the log and every rule parameter.
pub const LEAN: u32 = 0;

/// The features card `def` brings into a matchup.
pub fn of_card(def: &CardDef) -> u32 {
    let mut f = 0;
    match def.kind {
        CardType::Action => f |= ACTIONS,
        CardType::Assault if !def.acts.is_empty() => f |= ASSAULT_SKILLS,
        CardType::Structure if !def.acts.is_empty() => f |= STRUCTURE_SKILLS,
        _ => {}
    }
    for sk in &def.acts {
        f |= match sk.kind {
            ActKind::Strike | ActKind::Rally => 0,
            ActKind::Jam => JAM,
            ActKind::Chaos => CHAOS,
            ActKind::Weaken => WEAKEN,
            ActKind::Enfeeble => ENFEEBLE,
            ActKind::Protect => PROTECT,
        };
    }
    let p = &def.passive;
    if p.immobilize {
        f |= IMMOBILIZE;
    }
    if p.poison > 0 {
        f |= POISON;
    }
    // The rest are the hot record's bits, read the way the turn loops read them.
    let h = Hot::of(def);
    let bits = [
        (hot::ATK_EXTRA | hot::FLYING, ON_HIT),
        (hot::REGEN, REGENERATE),
        (hot::EVADE, EVADE),
        (hot::REFRESH, REFRESH),
    ];
    for (b, feature) in bits {
        if h.has(b) {
            f |= feature;
        }
    }
    f
}

/// The features of a deck: those of its commander and of every card in it.
pub fn of_deck(db: &CardDb, deck: &Deck) -> u32 {
    deck.cards
        .iter()
        .chain(std::iter::once(&deck.commander))
        .fold(0, |f, &id| f | of_card(db.card(id)))
}

/// Whether a matchup whose decks use `features` (the union of both) may run the lean loop.
#[inline]
pub fn lean(features: u32) -> bool {
    features & !LEAN == 0
}
