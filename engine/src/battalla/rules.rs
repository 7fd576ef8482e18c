//! The loaded rules of a Battalla run: the named rule parameters (each a reading of the rules
//! text that moves balance), their typed form, and the data every game shares.

use super::cards::{CardDb, CardDef, Kind, Trigger, Verb, MAX_EFFECTS};
use super::deck::{Deck, MAIN, POSITIONS};
use crate::{ParamKind, ParamSpec, Params};

/// Most life cards the state holds.
pub const MAX_LIFE: usize = 10;

/// The typed rules, read in the hot path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Stamina granted at the start of a player's turn.
    pub stamina_per_turn: u8,
    /// Whether unspent stamina carries over to the next turn.
    pub stamina_carry: bool,
    /// Most stamina a player may hold (when it carries over).
    pub stamina_max: u8,
    /// Life cards dealt to each player.
    pub life_cards: u8,
    /// Opening hand.
    pub opening_hand: u8,
    /// Cards drawn at the start of a turn.
    pub draw_per_turn: u8,
    /// Whether the first player draws on the first turn.
    pub first_turn_draw: bool,
    /// Heroes a player may summon per turn.
    pub heroes_per_turn: u8,
    /// Heroes a player may have on the field at once.
    pub heroes_on_field: u8,
    /// A card may attack when its time-on-field counter is greater than this.
    pub attack_after: u8,
    /// Stamina a move costs.
    pub move_cost: u8,
    /// Stamina an attack costs.
    pub attack_cost: u8,
    /// Turns (both players' counted) after which the game is a draw.
    pub max_turns: u16,
    /// Seat that plays first: 0, 1, or 2 = drawn at random each game.
    pub first: u8,
    /// Whether decks are shuffled (scenarios stack them in list order).
    pub shuffle: bool,
}

pub(super) static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "stamina_per_turn", kind: ParamKind::Int { min: 0, max: 20 }, default: 5, doc: "stamina granted at the start of a player's turn (the text: 5)" },
    ParamSpec { name: "stamina_carry", kind: ParamKind::Bool, default: 0, doc: "unspent stamina carries over to the player's next turn (reading: no; what is left pays for React cards on the opponent's turn)" },
    ParamSpec { name: "stamina_max", kind: ParamKind::Int { min: 1, max: 99 }, default: 10, doc: "most stamina a player may hold when it carries over" },
    ParamSpec { name: "life_cards", kind: ParamKind::Int { min: 1, max: MAX_LIFE as i64 }, default: 5, doc: "life cards dealt to each player (the text: 5)" },
    ParamSpec { name: "opening_hand", kind: ParamKind::Int { min: 0, max: 10 }, default: 5, doc: "opening hand (the text: 5)" },
    ParamSpec { name: "draw_per_turn", kind: ParamKind::Int { min: 0, max: 3 }, default: 1, doc: "cards drawn at the start of a turn (reading: the turn-phase list is lost; 1)" },
    ParamSpec { name: "first_turn_draw", kind: ParamKind::Bool, default: 0, doc: "the first player draws on the first turn (reading: no)" },
    ParamSpec { name: "heroes_per_turn", kind: ParamKind::Int { min: 0, max: 5 }, default: 1, doc: "heroes a player may summon per turn, from the top of the Hero Deck (reading: 1)" },
    ParamSpec { name: "heroes_on_field", kind: ParamKind::Int { min: 1, max: 5 }, default: 5, doc: "heroes a player may have on the field at once (reading: no limit beyond the 5 heroes)" },
    ParamSpec { name: "attack_after", kind: ParamKind::Int { min: 0, max: 5 }, default: 1, doc: "a card may attack when its time-on-field counter, raised at the start of every turn, is greater than this (the text: 1)" },
    ParamSpec { name: "move_cost", kind: ParamKind::Int { min: 0, max: 5 }, default: 1, doc: "stamina a move costs (the text: 1)" },
    ParamSpec { name: "attack_cost", kind: ParamKind::Int { min: 0, max: 5 }, default: 1, doc: "stamina an attack costs (the text: 1)" },
    ParamSpec { name: "max_turns", kind: ParamKind::Int { min: 2, max: 400 }, default: 100, doc: "turns (both players' counted) after which the game is a draw, counted as a stall" },
    ParamSpec { name: "shuffle", kind: ParamKind::Bool, default: 1, doc: "shuffle the Main Decks (false: list order, first card on top; for scenarios)" },
    ParamSpec { name: "first", kind: ParamKind::Choice(&["seat0", "seat1", "random"]), default: 0, doc: "who plays first: seat0 (the simulator rotates decks through the seats, which is the text's coin flip, and the seat columns then show the first player's advantage), seat1, or random each game" },
];

impl Rules {
    /// Read the typed rules from parameter values.
    pub fn from_params(p: &Params) -> Self {
        let g = |n: &str| p.get(n);
        Rules {
            stamina_per_turn: g("stamina_per_turn") as u8,
            stamina_carry: g("stamina_carry") != 0,
            stamina_max: g("stamina_max") as u8,
            life_cards: g("life_cards") as u8,
            opening_hand: g("opening_hand") as u8,
            draw_per_turn: g("draw_per_turn") as u8,
            first_turn_draw: g("first_turn_draw") != 0,
            heroes_per_turn: g("heroes_per_turn") as u8,
            heroes_on_field: g("heroes_on_field") as u8,
            attack_after: g("attack_after") as u8,
            move_cost: g("move_cost") as u8,
            attack_cost: g("attack_cost") as u8,
            max_turns: g("max_turns") as u16,
            first: g("first") as u8,
            shuffle: g("shuffle") != 0,
        }
    }
}

/// Cards, decks and rules shared (read-only) by every game of a run.
#[derive(Debug)]
pub struct Shared {
    /// The card table.
    pub db: CardDb,
    /// The loaded decks.
    pub decks: Vec<Deck>,
    /// The rules.
    pub rules: Rules,
    /// Each deck's card id at every deck position (heroes at `MAIN..`; 0 where the deck has
    /// no card), so a game finds a card in two steps.
    pub ids: Vec<[u8; POSITIONS]>,
    /// Each deck's [`play_class`] at every deck position, for listing hand plays without
    /// reading the cards.
    pub play: Vec<[u16; POSITIONS]>,
    /// Each deck's [`Facts`] at every deck position.
    pub facts: Vec<[Facts; POSITIONS]>,
}

/// What the hot paths ask of a card, read from one table entry instead of its effect list
/// (built with the decks, after any card edit, so it never goes stale).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Bit `t as u16` for every trigger `t` the card has an effect for.
    pub triggers: u16,
    /// A hero card.
    pub hero: bool,
    /// May attack on the turn it is summoned.
    pub surprise: bool,
    /// An item that makes the card it is attached to count as a hero.
    pub hero_item: bool,
    /// Attack an item gives while attached (`attached: attack N`, summed).
    pub item_attack: u8,
    /// Health an item gives while attached.
    pub item_health: u8,
    /// A field card's effects on attack and health: for each `field:` effect, the bit of
    /// the attribute it favours (0 for an unused slot), the attack and the health it gives
    /// to cards with that attribute.
    pub field: [(u32, u8, u8); MAX_EFFECTS],
    /// The attribute bits of `field` together (a card with none of them gets no bonus).
    pub field_attrs: u32,
}

impl Facts {
    /// The facts of card `d`.
    pub fn of(d: &CardDef) -> Self {
        Facts {
            triggers: d.effects.iter().fold(0, |m, e| m | 1 << e.trigger as u16),
            hero: d.kind == Kind::Hero,
            surprise: d.surprise,
            hero_item: d.effects.iter().any(|e| e.verb == Verb::Hero),
            item_attack: d.total(Trigger::Attached, Verb::Attack),
            item_health: d.total(Trigger::Attached, Verb::Health),
            field: field_facts(d),
            field_attrs: field_facts(d).iter().fold(0, |m, &(bit, _, _)| m | bit),
        }
    }

    /// The bonus of this field card to card attributes `attrs`: (attack, health).
    #[inline]
    pub fn field_bonus(&self, attrs: u32) -> (i16, i16) {
        if attrs & self.field_attrs == 0 {
            return (0, 0);
        }
        self.field.iter().fold((0, 0), |(a, h), &(bit, fa, fh)| {
            let on = (attrs & bit != 0) as i16;
            (a + on * fa as i16, h + on * fh as i16)
        })
    }

    /// Whether the card has an effect with `t`.
    #[inline]
    pub fn has(&self, t: Trigger) -> bool {
        self.triggers & (1 << t as u16) != 0
    }
}

/// [`Facts::field`] of card `d`.
fn field_facts(d: &CardDef) -> [(u32, u8, u8); MAX_EFFECTS] {
    let mut out = [(0, 0, 0); MAX_EFFECTS];
    for (slot, e) in out.iter_mut().zip(&d.effects) {
        if e.trigger != Trigger::Field {
            continue;
        }
        let bit = 1u32.checked_shl(e.attr as u32).unwrap_or(0);
        match e.verb {
            Verb::Attack => *slot = (bit, e.n, 0),
            Verb::Health => *slot = (bit, 0, e.n),
            _ => {}
        }
    }
    out
}

/// A hand card that can never be played in the main decision (a hero, a React-only assist).
pub const PLAY_NEVER: u16 = 0;
/// A unit summoned into a lane: playable when a lane is open.
pub const PLAY_UNIT: u16 = 1;
/// A field: always playable.
pub const PLAY_FIELD: u16 = 2;
/// Replace units, items and assists played from the hand: the full check decides.
pub const PLAY_CHECK: u16 = 3;

/// Flag of a card with a React effect (beside its class).
pub const PLAY_REACT: u16 = 0x10;

/// A card's stamina cost (high byte), how its playability is decided (low nibble, one of
/// the `PLAY_` classes) and [`PLAY_REACT`].
pub fn play_class(d: &CardDef) -> u16 {
    let class = match d.kind {
        Kind::Hero => PLAY_NEVER,
        Kind::Unit if d.replace => PLAY_CHECK,
        Kind::Unit => PLAY_UNIT,
        Kind::Field => PLAY_FIELD,
        Kind::Assist if d.item || d.has(Trigger::Play) => PLAY_CHECK,
        Kind::Assist => PLAY_NEVER,
    };
    let react = if d.has(Trigger::React) { PLAY_REACT } else { 0 };
    (d.cost as u16) << 8 | react | class
}

impl Shared {
    /// Bundle the loaded data, filling the position tables.
    pub fn new(db: CardDb, decks: Vec<Deck>, rules: Rules) -> Self {
        let ids: Vec<[u8; POSITIONS]> = decks
            .iter()
            .map(|d| {
                let mut t = [0u8; POSITIONS];
                t[..d.cards.len()].copy_from_slice(&d.cards);
                t[MAIN..MAIN + d.heroes.len()].copy_from_slice(&d.heroes);
                t
            })
            .collect();
        let play = decks
            .iter()
            .zip(&ids)
            .map(|(d, t)| {
                let mut c = [PLAY_NEVER; POSITIONS];
                for pos in (0..d.cards.len()).chain(MAIN..MAIN + d.heroes.len()) {
                    c[pos] = play_class(db.card(t[pos]));
                }
                c
            })
            .collect();
        let facts = decks
            .iter()
            .zip(&ids)
            .map(|(d, t)| {
                let mut f = [Facts::default(); POSITIONS];
                for pos in (0..d.cards.len()).chain(MAIN..MAIN + d.heroes.len()) {
                    f[pos] = Facts::of(db.card(t[pos]));
                }
                f
            })
            .collect();
        Shared {
            db,
            decks,
            rules,
            ids,
            play,
            facts,
        }
    }
}
