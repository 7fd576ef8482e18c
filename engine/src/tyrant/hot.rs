//! The compiled per-card "hot" record: the few numbers and skill bits the attack and turn loops read, packed into 10 bytes per card id at load.

use super::cards::{CardDb, CardDef};

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
    /// Number of activation skills.
    pub acts: u8,
    /// Counter X.
    pub counter: u8,
    /// Valor X.
    pub valor: u8,
    /// Berserk X.
    pub berserk: u8,
    /// Skill bits: [`ATK_EXTRA`], [`FLYING`], [`WALL`], [`REGEN`], [`REFRESH`], [`MOVES`].
    pub bits: u16,
}

impl Hot {
    /// The record of one card.
    pub fn of(def: &CardDef) -> Self {
        let p = &def.passive;
        let mut bits = 0;
        if p.immobilize || p.poison > 0 || p.leech > 0 || p.siphon > 0 || p.disease || p.crush > 0 {
            bits |= ATK_EXTRA;
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
        Hot {
            attack: def.attack,
            armor: p.armor,
            pierce: p.pierce,
            acts: def.acts.len() as u8,
            counter: p.counter,
            valor: p.valor,
            berserk: p.berserk,
            bits,
        }
    }

    /// The table of a card file, indexed by card id.
    pub fn table(db: &CardDb) -> Vec<Hot> {
        db.cards.iter().map(Hot::of).collect()
    }

    /// Whether skill bit `b` is set.
    #[inline(always)]
    pub fn has(&self, b: u16) -> bool {
        self.bits & b != 0
    }
}
