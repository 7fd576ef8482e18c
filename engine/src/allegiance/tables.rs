//! Facts about the cards that the legal-action listing asks for on every priority pass,
//! compiled once per load into small dense tables (which card is a playable reaction at what
//! cost, which card or face has an activated ability, which hero abilities are reactions),
//! so that the hot path does not walk the card definitions and their effect lists.

use super::cards::{
    static_kind, CardDb, Effect, Kind, TargetKind, Trigger, ABILITIES, MAX_CARDS, MAX_FACES,
    NO_EFFECT, STATIC_KINDS,
};

/// Card ids are `u8`: one entry per possible id.
pub const IDS: usize = 256;
const _: () = assert!(MAX_CARDS <= IDS);

/// What the reaction listing needs of a hand card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HandCard {
    /// An action card (the only hand cards that are reactions).
    pub action: bool,
    /// A unit card (enlisted in the maneuver phase).
    pub unit: bool,
    /// Gold cost (option A for an action card).
    pub cost: u8,
    /// Option A's effect ([`NO_EFFECT`] for a card without one).
    pub effect: u16,
    /// Option B of a split action card: cost and effect ([`NO_EFFECT`]: none).
    pub half_cost: u8,
    /// Option B's effect.
    pub half_effect: u16,
}

const NO_CARD: HandCard = HandCard {
    action: false,
    unit: false,
    cost: 0,
    effect: NO_EFFECT,
    half_cost: 0,
    half_effect: NO_EFFECT,
};

/// What must exist for an effect to be announced, as far as its targets go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Needs {
    /// Nothing: it selects no target, or may select none.
    Nothing,
    /// A hero in the game (any hero will do: `hero`, `any`).
    AnyHero,
    /// A unit of the announcer.
    AllyUnit,
    /// A unit of a player in the game.
    AnyUnit,
    /// A unit of an opponent in the game.
    FoeUnit,
    /// An opponent in the game (their hero: `foe_hero`, `foe_any`).
    Foe,
}

/// The costs and target needs of an effect that the legal-action listing and the reaction
/// test ask on every priority pass, in a few bytes instead of the whole effect definition.
/// The two bytes that [`crate::allegiance::state::AllegianceState`]'s `has_targets` tests
/// first (`needs` and `cost_focus`) are laid side by side, so that the test may read them
/// together.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct EffectFacts {
    /// What its targets need.
    pub needs: Needs,
    /// Focus counters removed as a cost.
    pub cost_focus: u8,
    /// Gold cost (activated effects).
    pub cost_gold: u8,
    /// Exhausting as a cost (activated effects).
    pub cost_exhaust: bool,
}

impl EffectFacts {
    /// Needs no target and costs no focus counter: it always has what it needs.
    #[inline]
    pub fn is_free(&self) -> bool {
        self.needs == Needs::Nothing && self.cost_focus == 0
    }

    fn of(e: &Effect) -> Self {
        let needs = match e.target {
            _ if e.min_targets == 0 => Needs::Nothing,
            None => Needs::Nothing,
            Some(TargetKind::Hero | TargetKind::Any) => Needs::AnyHero,
            Some(TargetKind::Ally) => Needs::AllyUnit,
            Some(TargetKind::Unit) => Needs::AnyUnit,
            Some(TargetKind::Foe) => Needs::FoeUnit,
            Some(TargetKind::FoeHero | TargetKind::FoeAny) => Needs::Foe,
        };
        EffectFacts {
            cost_focus: e.cost_focus,
            cost_gold: e.cost_gold,
            cost_exhaust: e.cost_exhaust,
            needs,
        }
    }
}

/// A hero's reaction-related facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeroFacts {
    /// The activated effect of each weapon face ([`NO_EFFECT`]: none).
    pub weapon_act: [u16; MAX_FACES],
    /// The activated effect of each armor face.
    pub armor_act: [u16; MAX_FACES],
    /// The triggers of each weapon face's effects, a bit each (bit `t` for `t as u16`, as
    /// the low byte of [`Tables::trig_bits`]), so that the end of a turn looks at a face's
    /// effects only when one of them is of its trigger.
    pub weapon_trigs: [u8; MAX_FACES],
    /// The triggers of each armor face's effects, as `weapon_trigs`.
    pub armor_trigs: [u8; MAX_FACES],
    /// By ability: the abilities one level below it, a bit each (unlocking it needs one of
    /// them unlocked, unless it is of level 0).
    pub prereqs: [u8; ABILITIES],
    /// By set of unlocked abilities (bit `i`: ability `i`): the sum of their unlock costs in
    /// gold, which the evaluation reads instead of adding them up.
    pub unlocked_gold: [i32; 1 << ABILITIES],
    /// The hero's maximum health (as in the card database), which the evaluation reads with
    /// the unlock costs above, from one table.
    pub max_health: u8,
    /// The hero's abilities, a bit each (bit `i`: ability `i` exists).
    pub ability_bits: u8,
    /// The reaction abilities, a bit each.
    pub reaction_bits: u8,
    /// The abilities of level 0 (unlocked without a prerequisite), a bit each.
    pub level0_bits: u8,
    /// The abilities whose effect needs no target and costs no focus counter, a bit each:
    /// the target test (`has_targets`) answers yes for them without looking, so the
    /// main-phase listing does not read their effect's facts.
    pub free_bits: u8,
    /// By ability: its effect (what the main-phase listing checks for a target).
    pub ability_effect: [u16; ABILITIES],
    /// By gold (255 for 255 or more): the abilities whose unlock cost it covers, a bit each
    /// (costs are bytes), so that the main-phase listing visits only those.
    pub affordable: [u8; 256],
}

/// The compiled tables of one load.
#[derive(Clone, Debug)]
pub struct Tables {
    /// By card id.
    pub hand: Box<[HandCard; IDS]>,
    /// By card id: the card's activated effect (the first `act:` effect), or [`NO_EFFECT`].
    pub act: Box<[u16; IDS]>,
    /// By card id: whether that activated effect costs exhausting the unit.
    pub act_exhausts: Box<[bool; IDS]>,
    /// By card id: attack and health (units), next to each other so that the evaluation's
    /// walk over a territory reads one small table instead of card definitions far apart.
    pub stats: Box<[[i32; 2]; IDS]>,
    /// By card id: whether the card has a static ability (any effect with that trigger).
    pub has_static: Box<[bool; IDS]>,
    /// By card id: how many ops of each kind ([`static_kind`]) its static abilities hold, so
    /// that counting the static abilities in play, or looking for one kind, skips the cards
    /// without them.
    pub static_ops: Box<[[u16; STATIC_KINDS]; IDS]>,
    /// By card id: which triggers its effects have, a bit each (bit `t` for the trigger
    /// `t as u16`); in the high byte the same for the card as an attachment (an action
    /// card's first effect, the one that attached it, left out). Most cards have no
    /// effect of a given trigger, and then collecting them reads no effect.
    pub trig_bits: Box<[u16; IDS]>,
    /// By effect id: its costs and what its targets need.
    pub effects: Vec<EffectFacts>,
    /// By hero index.
    pub heroes: Vec<HeroFacts>,
    /// By hero index: the static ops of its rules and faces, by kind.
    pub hero_statics: Vec<HeroStatics>,
}

/// How many ops of each kind ([`static_kind`]) the static abilities of a hero's rules and of
/// each of its faces hold: most hold none of most kinds, and then the static queries skip
/// walking their effects.
#[derive(Clone, Debug)]
pub struct HeroStatics {
    /// The hero's own rules.
    pub rules: [u16; STATIC_KINDS],
    /// By weapon face.
    pub weapons: [[u16; STATIC_KINDS]; MAX_FACES],
    /// By armor face.
    pub armors: [[u16; STATIC_KINDS]; MAX_FACES],
}

/// The ops of the static abilities among `effects`, counted by kind.
fn static_ops_of(db: &CardDb, effects: &[u16]) -> [u16; STATIC_KINDS] {
    let mut k = [0u16; STATIC_KINDS];
    for &e in effects {
        let ef = db.effect(e);
        if ef.trigger == Trigger::Static {
            for op in &ef.ops {
                k[static_kind(op.code)] += 1;
            }
        }
    }
    k
}

/// The triggers of the effects among `effects`, a bit each (bit `t` for `t as u16`).
/// `Tables::trig_bits` keeps a byte per role, so a trigger numbered 8 or more (a variant
/// added to `Trigger`) stops the loading here rather than sharing a bit with another.
fn trigger_bits(db: &CardDb, effects: &[u16]) -> u16 {
    effects.iter().fold(0, |m, &e| {
        let t = db.effect(e).trigger as u16;
        assert!(
            t < 8,
            "trigger {t} does not fit a byte of Tables::trig_bits"
        );
        m | 1 << t
    })
}

/// The first activated effect among `effects`, or [`NO_EFFECT`].
fn first_act(db: &CardDb, effects: &[u16]) -> u16 {
    effects
        .iter()
        .copied()
        .find(|&e| db.effect(e).trigger == Trigger::Act)
        .unwrap_or(NO_EFFECT)
}

impl Tables {
    /// Compile the tables of `db`.
    pub fn new(db: &CardDb) -> Self {
        let mut hand = Box::new([NO_CARD; IDS]);
        let mut act = Box::new([NO_EFFECT; IDS]);
        let mut act_exhausts = Box::new([false; IDS]);
        let mut stats = Box::new([[0i32; 2]; IDS]);
        let mut has_static = Box::new([false; IDS]);
        let mut static_ops = Box::new([[0u16; STATIC_KINDS]; IDS]);
        let mut trig_bits = Box::new([0u16; IDS]);
        for (id, c) in db.cards.iter().enumerate() {
            trig_bits[id] =
                trigger_bits(db, &c.effects) | trigger_bits(db, c.attached_effects()) << 8;
            let (half_cost, half_effect) = match &c.half {
                Some((_, cost, e)) => (*cost, *e),
                None => (0, NO_EFFECT),
            };
            hand[id] = HandCard {
                action: c.kind == Kind::Action,
                unit: c.kind.is_unit(),
                cost: c.cost,
                effect: c.effects.first().copied().unwrap_or(NO_EFFECT),
                half_cost,
                half_effect,
            };
            act[id] = first_act(db, &c.effects);
            act_exhausts[id] = act[id] != NO_EFFECT && db.effect(act[id]).cost_exhaust;
            stats[id] = [c.attack as i32, c.health as i32];
            has_static[id] = db.has_static(&c.effects);
            static_ops[id] = static_ops_of(db, &c.effects);
        }
        let heroes = db
            .heroes
            .iter()
            .map(|h| {
                let mut weapon_act = [NO_EFFECT; MAX_FACES];
                for (a, f) in weapon_act.iter_mut().zip(&h.weapons) {
                    *a = first_act(db, &f.effects);
                }
                let mut armor_act = [NO_EFFECT; MAX_FACES];
                for (a, f) in armor_act.iter_mut().zip(&h.armors) {
                    *a = first_act(db, &f.effects);
                }
                // `trigger_bits` stops the loading for a trigger past the low byte.
                let mut weapon_trigs = [0u8; MAX_FACES];
                for (b, f) in weapon_trigs.iter_mut().zip(&h.weapons) {
                    *b = trigger_bits(db, &f.effects) as u8;
                }
                let mut armor_trigs = [0u8; MAX_FACES];
                for (b, f) in armor_trigs.iter_mut().zip(&h.armors) {
                    *b = trigger_bits(db, &f.effects) as u8;
                }
                let mut prereqs = [0u8; ABILITIES];
                for (p, a) in prereqs.iter_mut().zip(&h.abilities) {
                    for (j, b) in h.abilities.iter().enumerate() {
                        if b.level + 1 == a.level {
                            *p |= 1 << j;
                        }
                    }
                }
                let mut ability_costs = [0i32; ABILITIES];
                for (c, a) in ability_costs.iter_mut().zip(&h.abilities) {
                    *c = a.cost as i32;
                }
                let unlocked_gold = std::array::from_fn(|set| {
                    (0..ABILITIES)
                        .filter(|i| set >> i & 1 == 1)
                        .map(|i| ability_costs[i])
                        .sum()
                });
                let bits = |f: &dyn Fn(&super::cards::Ability) -> bool| {
                    h.abilities
                        .iter()
                        .enumerate()
                        .fold(0u8, |m, (i, a)| m | u8::from(f(a)) << i)
                };
                let mut ability_effect = [NO_EFFECT; ABILITIES];
                for (i, a) in h.abilities.iter().enumerate() {
                    ability_effect[i] = a.effect;
                }
                let affordable = std::array::from_fn(|gold| bits(&|a| a.cost as usize <= gold));
                HeroFacts {
                    ability_bits: bits(&|_| true),
                    reaction_bits: bits(&|a| a.reaction),
                    level0_bits: bits(&|a| a.level == 0),
                    free_bits: bits(&|a| EffectFacts::of(db.effect(a.effect)).is_free()),
                    ability_effect,
                    affordable,
                    prereqs,
                    unlocked_gold,
                    max_health: h.max_health,
                    weapon_act,
                    armor_act,
                    weapon_trigs,
                    armor_trigs,
                }
            })
            .collect();
        let hero_statics = db
            .heroes
            .iter()
            .map(|h| {
                let mut hs = HeroStatics {
                    rules: static_ops_of(db, &h.statics),
                    weapons: [[0; STATIC_KINDS]; MAX_FACES],
                    armors: [[0; STATIC_KINDS]; MAX_FACES],
                };
                for (k, f) in hs.weapons.iter_mut().zip(&h.weapons) {
                    *k = static_ops_of(db, &f.effects);
                }
                for (k, f) in hs.armors.iter_mut().zip(&h.armors) {
                    *k = static_ops_of(db, &f.effects);
                }
                hs
            })
            .collect();
        Tables {
            effects: db.effects.iter().map(EffectFacts::of).collect(),
            hand,
            act,
            act_exhausts,
            stats,
            has_static,
            static_ops,
            trig_bits,
            heroes,
            hero_statics,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::Trigger;
    use crate::allegiance::Allegiance;

    /// The trigger bits of every example card say which triggers its effects have, as a
    /// card in play (low byte) and as an attachment (high byte, an action card's first
    /// effect left out), and some cards have each kind the hot paths test.
    #[test]
    fn trigger_bits_match_the_effects() {
        let a = Allegiance::example(&[]).unwrap();
        let (db, t) = (&a.shared().db, &a.shared().tables);
        let triggers = [
            Trigger::Main,
            Trigger::Enter,
            Trigger::Attack,
            Trigger::EndTurn,
            Trigger::Death,
            Trigger::Act,
            Trigger::Hit,
            Trigger::Static,
        ];
        let mut seen = [0u32; 8];
        for (id, c) in db.cards.iter().enumerate() {
            for (k, &tr) in triggers.iter().enumerate() {
                let has = |effects: &[u16]| effects.iter().any(|&e| db.effect(e).trigger == tr);
                let bits = t.trig_bits[id];
                assert_eq!(bits & 1 << tr as u16 != 0, has(&c.effects), "{}", c.name);
                assert_eq!(
                    bits & 0x100 << tr as u16 != 0,
                    has(c.attached_effects()),
                    "{}",
                    c.name
                );
                seen[k] += u32::from(has(&c.effects));
            }
        }
        // The faces' bits, the same way.
        for (h, facts) in db.heroes.iter().zip(&t.heroes) {
            let faces = [
                (&h.weapons, &facts.weapon_trigs),
                (&h.armors, &facts.armor_trigs),
            ];
            for (list, bits) in faces {
                for (f, &b) in list.iter().zip(bits) {
                    for &tr in &triggers {
                        let has = f.effects.iter().any(|&e| db.effect(e).trigger == tr);
                        assert_eq!(b & 1 << tr as u8 != 0, has, "{} {tr:?}", h.name);
                    }
                }
            }
        }
        for tr in [
            Trigger::Enter,
            Trigger::Attack,
            Trigger::EndTurn,
            Trigger::Death,
        ] {
            assert!(seen[tr as usize] > 0, "{tr:?}");
        }
    }

    /// The free abilities of every example hero (`free_bits`) are those whose effect's facts
    /// need nothing and cost no focus, and both kinds occur.
    #[test]
    fn free_abilities_match_the_effects() {
        let a = Allegiance::example(&[]).unwrap();
        let (db, t) = (&a.shared().db, &a.shared().tables);
        let (mut free, mut not) = (0, 0);
        for (h, facts) in db.heroes.iter().zip(&t.heroes) {
            for (i, ab) in h.abilities.iter().enumerate() {
                let f = t.effects[ab.effect as usize];
                let want = f.needs == super::Needs::Nothing && f.cost_focus == 0;
                assert_eq!(facts.free_bits >> i & 1 != 0, want, "{} {i}", h.name);
                free += u32::from(want);
                not += u32::from(!want);
            }
            assert_eq!(facts.free_bits & !facts.ability_bits, 0, "{}", h.name);
        }
        assert!(free > 0 && not > 0, "{free} {not}");
    }

    /// The affordable abilities of every example hero, at every amount of gold, are those
    /// whose unlock cost the gold covers (255 standing for more), and the table answers
    /// differently at different amounts for some hero.
    #[test]
    fn affordable_abilities_match_the_costs() {
        let a = Allegiance::example(&[]).unwrap();
        let (db, t) = (&a.shared().db, &a.shared().tables);
        let mut differ = false;
        for (h, facts) in db.heroes.iter().zip(&t.heroes) {
            for gold in 0..400u32 {
                let want = h
                    .abilities
                    .iter()
                    .enumerate()
                    .fold(0u8, |m, (i, ab)| m | u8::from(ab.cost as u32 <= gold) << i);
                assert_eq!(facts.affordable[gold.min(255) as usize], want, "{gold}");
            }
            differ |= facts.affordable[0] != facts.affordable[255];
        }
        assert!(differ);
    }
}
