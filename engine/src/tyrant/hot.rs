//! The compiled per-card "hot" record: the few numbers and skill bits the attack and turn loops read, packed into 8 bytes per card id at load.

use super::cards::{CardDb, CardDef, MAX_ACT_SKILLS};

/// [`Hot::bits`]: the attacker has a skill that acts when it attacks an assault beyond the
/// damage sum, Counter and Berserk (Immobilize, Poison, Leech, Siphon, Disease, Crush).
pub const ATK_EXTRA: u16 = 1;
/// [`Hot::bits`]: Flying (the defender may dodge).
pub const FLYING: u16 = 2;
/// [`Hot::bits`]: Wall.
pub const WALL: u16 = 4;
/// [`Hot::bits`]: Regenerate.
pub const REGEN: u16 = 8;
/// [`Hot::bits`]: Refresh.
pub const REFRESH: u16 = 16;
/// [`Hot::bits`]: the attack is more than one swing at the card opposite (Flurry, Swipe,
/// Fear).
pub const MOVES: u16 = 32;
/// [`Hot::bits`]: Evade.
pub const EVADE: u16 = 64;
/// [`Hot::bits`]: Payback.
pub const PAYBACK: u16 = 128;
/// [`Hot::bits`]: Tribute.
pub const TRIBUTE: u16 = 256;
/// [`Hot::bits`]: Fear.
pub const FEAR: u16 = 512;
/// [`Hot::bits`]: of the attacker's on-damage skills of [`ATK_EXTRA`], one besides Leech and
/// Siphon (Immobilize, Poison, Disease, Crush): the attack on an assault then takes the full
/// path.
pub const ATK_RARE: u16 = 1024;
/// [`Hot::bits`]: the number of activation skills sits above the skill bits (at most
/// [`MAX_ACT_SKILLS`], which the five bits from here hold).
const ACTS_SHIFT: u16 = 11;
const _: () = assert!(MAX_ACT_SKILLS < 1 << (16 - ACTS_SHIFT));

/// What the hot loops read of a card, compiled from its [`CardDef`] when the rule set is
/// built (the full definition stays the reference: these are copies of its values).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Hot {
    /// Printed attack.
    pub attack: u8,
    /// Armor X.
    pub armor: u8,
    /// Pierce X.
    pub pierce: u8,
    /// Counter X.
    pub counter: u8,
    /// Valor X.
    pub valor: u8,
    /// Berserk X.
    pub berserk: u8,
    /// Skill bits: [`ATK_EXTRA`], [`FLYING`], [`WALL`], [`REGEN`], [`REFRESH`], [`MOVES`],
    /// [`EVADE`], [`PAYBACK`], [`TRIBUTE`], [`FEAR`], [`ATK_RARE`]; above them the number of
    /// activation skills (see [`Hot::acts`]). Keeping it here makes the record 8 bytes: a
    /// look-up scales the card id by a shift, and a record fits in one register.
    pub bits: u16,
}

impl Hot {
    /// The record of one card.
    pub fn of(def: &CardDef) -> Self {
        let p = &def.passive;
        let mut bits = 0;
        // The on-damage skills: Leech and Siphon, and the rarer ones.
        let rare = p.immobilize || p.poison > 0 || p.disease || p.crush > 0;
        if rare || p.leech > 0 || p.siphon > 0 {
            bits |= ATK_EXTRA;
        }
        if rare {
            bits |= ATK_RARE;
        }
        if p.flying {
            bits |= FLYING;
        }
        if p.wall {
            bits |= WALL;
        }
        if p.regenerate > 0 {
            bits |= REGEN;
        }
        if p.refresh {
            bits |= REFRESH;
        }
        if p.flurry > 0 || p.swipe || p.fear {
            bits |= MOVES;
        }
        if p.evade {
            bits |= EVADE;
        }
        if p.payback {
            bits |= PAYBACK;
        }
        if p.tribute {
            bits |= TRIBUTE;
        }
        if p.fear {
            bits |= FEAR;
        }
        Hot {
            attack: def.attack,
            armor: p.armor,
            pierce: p.pierce,
            counter: p.counter,
            valor: p.valor,
            berserk: p.berserk,
            bits: bits | (def.acts.len() as u16) << ACTS_SHIFT,
        }
    }

    /// The table of a card file, indexed by card id.
    pub fn table(db: &CardDb) -> Vec<Hot> {
        db.cards.iter().map(Hot::of).collect()
    }

    /// The number of activation skills.
    #[inline(always)]
    pub fn acts(&self) -> usize {
        (self.bits >> ACTS_SHIFT) as usize
    }

    /// Whether skill bit `b` is set.
    #[inline(always)]
    pub fn has(&self, b: u16) -> bool {
        self.bits & b != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tyrant::cards::CardDb;

    /// Every card of the shipped file: each number and bit of its hot record read back from
    /// its definition (the turn loops read the record in place of the definition).
    #[test]
    fn records_match_the_definitions() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/tyrant/cards.csv"
        ))
        .unwrap();
        let db = CardDb::parse(std::path::Path::new("cards.csv"), &text).unwrap();
        let table = Hot::table(&db);
        assert_eq!(table.len(), db.cards.len());
        let mut seen = 0u16;
        for (def, h) in db.cards.iter().zip(&table) {
            let p = &def.passive;
            assert_eq!(h.attack, def.attack, "{}", def.name);
            assert_eq!(h.acts(), def.acts.len(), "{}", def.name);
            let numbers = [
                (h.armor, p.armor),
                (h.pierce, p.pierce),
                (h.counter, p.counter),
                (h.valor, p.valor),
                (h.berserk, p.berserk),
            ];
            for (got, want) in numbers {
                assert_eq!(got, want, "{}", def.name);
            }
            let extra = p.immobilize
                || p.poison > 0
                || p.leech > 0
                || p.siphon > 0
                || p.disease
                || p.crush > 0;
            let bits = [
                (ATK_EXTRA, extra),
                (FLYING, p.flying),
                (WALL, p.wall),
                (REGEN, p.regenerate > 0),
                (REFRESH, p.refresh),
                (MOVES, p.flurry > 0 || p.swipe || p.fear),
                (EVADE, p.evade),
                (PAYBACK, p.payback),
                (TRIBUTE, p.tribute),
                (FEAR, p.fear),
                (
                    ATK_RARE,
                    p.immobilize || p.poison > 0 || p.disease || p.crush > 0,
                ),
            ];
            for (b, want) in bits {
                assert_eq!(h.has(b), want, "{}: bit {b}", def.name);
                if want {
                    seen |= b;
                }
            }
        }
        // The shipped file sets every bit somewhere, so each comparison above bites.
        assert_eq!(seen, 2047, "bits never set: {:#x}", 2047 & !seen);
    }
}
