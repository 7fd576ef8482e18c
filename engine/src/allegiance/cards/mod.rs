//! Allegiance card data: the dense tables cards compile into (kinds, triggers, targets,
//! scopes, effect ops, heroes and their abilities and faces). The loader is in `load`, the
//! static-ability vocabulary in `statics` (see the game's docs page, "Card data").

use std::collections::HashMap;

use arrayvec::ArrayVec;

/// Cards per shared deck (and per discard pile).
pub const DECK: usize = 120;

/// Largest number of cards (deck cards and special cards) in a card file (ids are `u8`).
pub const MAX_CARDS: usize = 250;
/// Abilities per hero (the initial one and seven more).
pub const ABILITIES: usize = 8;
/// Weapon (or armor) faces per hero.
pub const MAX_FACES: usize = 4;
/// Ops per effect.
pub const MAX_OPS: usize = 8;
/// Largest number argument of an op.
pub const MAX_ARG: i8 = 30;
/// Most targets one effect selects.
pub const MAX_TARGETS: usize = 4;
/// "No effect".
pub const NO_EFFECT: u16 = u16::MAX;
/// Card argument of an `attach` op with no card name: the action card attaches itself.
pub const ATTACH_THIS: u8 = u8::MAX;
/// `Op::card` of a `boost N battle` op: the modifier lasts for the current battle only.
pub const BATTLE_LONG: u8 = 1;

/// What kind of card a card id is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Basic unit of the shared basic deck.
    Basic,
    /// Elite unit of the shared elite deck.
    Elite,
    /// Action card of the shared action deck.
    Action,
    /// A hero's special basic unit (reserves).
    SpecialBasic,
    /// A hero's special elite unit (reserves).
    SpecialElite,
    /// A hero's special non-unit card (attachments).
    Special,
}

impl Kind {
    /// Whether cards of this kind are units.
    pub fn is_unit(self) -> bool {
        !matches!(self, Kind::Action | Kind::Special)
    }
    /// Whether the card is a special (reserves) card.
    pub fn is_special(self) -> bool {
        matches!(
            self,
            Kind::SpecialBasic | Kind::SpecialElite | Kind::Special
        )
    }
    /// The shared deck (0 basic, 1 elite, 2 action) this card belongs to, if any.
    pub fn deck(self) -> Option<usize> {
        match self {
            Kind::Basic => Some(0),
            Kind::Elite => Some(1),
            Kind::Action => Some(2),
            _ => None,
        }
    }
}

/// When an effect happens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The main effect of an action card or ability.
    Main,
    /// When the card enters play.
    Enter,
    /// When the card is declared as an attacker.
    Attack,
    /// At the end of its controller's turn (attachments: the attached unit's controller).
    EndTurn,
    /// When the unit is destroyed (its controller's trigger).
    Death,
    /// An activated ability.
    Act,
    /// When the card (a unit, a weapon, or the unit an attachment is on) deals battle damage
    /// to a hero.
    Hit,
    /// A static (continuous) ability: always in effect while its source is in play and its
    /// controller in the game; never put on the chain (see `docs/games/allegiance.md`, "Static abilities").
    Static,
}

/// What a `target` clause may select.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// Any unit.
    Unit,
    /// A unit the announcer controls.
    Ally,
    /// An opponent's unit.
    Foe,
    /// Any hero.
    Hero,
    /// An opponent's hero.
    FoeHero,
    /// Any unit or hero.
    Any,
    /// An opponent's unit or hero.
    FoeAny,
}

/// What an op acts on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The selected targets.
    Targets,
    /// The controller's hero.
    Me,
    /// The card the effect is on.
    This,
    /// The unit an attachment is on.
    Host,
    /// Every unit the controller controls.
    Allies,
    /// Every opponent's unit.
    Foes,
    /// Every unit.
    Units,
    /// Every opponent's hero.
    FoeHeroes,
}

/// An op of the vocabulary.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpCode {
    /// Deal damage.
    Damage,
    /// Heal damage.
    Heal,
    /// Augment counters.
    Augment,
    /// Attack modifier until end of turn.
    Boost,
    /// Prevent the next N damage this turn.
    Shield,
    /// Destroy units.
    Destroy,
    /// Exhaust units.
    Exhaust,
    /// Refresh units.
    Refresh,
    /// Heal the controller's hero by the scope units' maximum health.
    Drain,
    /// Gain gold.
    Gold,
    /// Draw cards (choosing the deck each time).
    Draw,
    /// Put special units into play.
    Token,
    /// Attach a special card.
    Attach,
    /// Each opponent discards.
    Discard,
    /// Mill unit decks.
    Mill,
    /// Put a unit from a discard pile into play (0 basic, 1 elite, 2 any).
    Raise,
    /// Recycle discarded units into special units.
    Recycle,
    /// Choose weapon and armor faces.
    Equip,
    /// Destroy up to one own unit.
    Sacrifice,
    /// Move another ability's cooldown counter toward ready.
    Ready,
    /// Stop unless the last choose-op did something.
    IfDone,
    /// Gain control of units (they move to the controller's territory).
    Steal,
    /// Remove units from play for a while (`n`: 0 until the end of this turn, 1 until the
    /// start of the unit's controller's next turn); they come back as newly played cards.
    Banish,
    /// Static: maximum health modifier of units.
    Health,
    /// Static: armor rating modifier of heroes.
    Armor,
    /// Put focus counters on the controller's hero.
    Focus,
    /// Remove all focus counters from the controller's hero.
    Unfocus,
    /// Put curse counters on units or heroes.
    Curse,
    /// Static: modifier of the gold cost of enlisting units, for players.
    EnlistCost,
    /// Static: modifier of the gold cost of action cards, for players.
    ActionCost,
}

/// Where an op's number comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Amount {
    /// The number written in the op (`n`).
    Fixed,
    /// The focus counters on the controller's hero when the op happens.
    Focus,
}

/// One op with its scope and arguments.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// The op.
    pub code: OpCode,
    /// What it acts on.
    pub scope: Scope,
    /// Number argument.
    pub n: i8,
    /// Card argument (token, attach, recycle), else 0.
    pub card: u8,
    /// Where the amount comes from (`damage focus`: the controller's focus counters).
    pub amount: Amount,
    /// A choose-op that may stop early (`recycle upto N`: "choose up to N"); without it the
    /// player must choose N, or as many as there are ("choose a unit card").
    pub upto: bool,
}

/// A compiled effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// When it happens.
    pub trigger: Trigger,
    /// Activated abilities: exhaust the card as a cost.
    pub cost_exhaust: bool,
    /// Activated abilities: gold cost.
    pub cost_gold: u8,
    /// Target kind, if the effect selects targets.
    pub target: Option<TargetKind>,
    /// Fewest targets (1 without `upto`, else 0).
    pub min_targets: u8,
    /// Most targets.
    pub max_targets: u8,
    /// The ops, in order.
    pub ops: ArrayVec<Op, MAX_OPS>,
    /// Focus counters removed from the controller's hero as a cost when announced (`focus N:`
    /// before an action's or ability's ops, or in an `act` cost).
    pub cost_focus: u8,
}

/// A deck card or special card.
#[derive(Clone, Debug)]
pub struct CardDef {
    /// Name.
    pub name: String,
    /// Kind.
    pub kind: Kind,
    /// Copies in its shared deck (0 for special cards, and for deck cards kept out of the
    /// decks, e.g. as replacements for card edits).
    pub copies: u8,
    /// Gold cost (action: option A).
    pub cost: u8,
    /// Attack power (units).
    pub attack: i8,
    /// Health (units).
    pub health: u8,
    /// Effects (ids into [`CardDb::effects`]); action cards: the first is option A.
    pub effects: ArrayVec<u16, 2>,
    /// Split action cards: option B (name, cost, effect).
    pub half: Option<(String, u8, u16)>,
    /// Line in the card file.
    pub line: u64,
}

impl CardDef {
    /// The effects the card has while attached to a unit: an action card's first effect is
    /// the one that attached it, so it is left out.
    pub fn attached_effects(&self) -> &[u16] {
        let skip = usize::from(self.kind == Kind::Action).min(self.effects.len());
        &self.effects[skip..]
    }
}

/// A hero ability.
#[derive(Clone, Debug)]
pub struct Ability {
    /// Name.
    pub name: String,
    /// Level 0 (initial) to 4.
    pub level: u8,
    /// Unlock cost in gold.
    pub cost: u8,
    /// Maximum delay (1 to 5).
    pub delay: u8,
    /// May be played as a reaction maneuver.
    pub reaction: bool,
    /// Its effect.
    pub effect: u16,
}

/// One face of a weapon or armor card.
#[derive(Clone, Debug)]
pub struct Face {
    /// Name.
    pub name: String,
    /// Attack power (weapon) or armor rating (armor).
    pub value: u8,
    /// Effects (triggers, activated abilities).
    pub effects: ArrayVec<u16, 2>,
}

/// A hero.
#[derive(Clone, Debug)]
pub struct Hero {
    /// Name.
    pub name: String,
    /// Maximum health.
    pub max_health: u8,
    /// Abilities, in file order (the first is the initial ability).
    pub abilities: ArrayVec<Ability, ABILITIES>,
    /// Weapon faces.
    pub weapons: ArrayVec<Face, MAX_FACES>,
    /// Armor faces.
    pub armors: ArrayVec<Face, MAX_FACES>,
    /// The Necromancer's special rules.
    pub necromancer: bool,
    /// Line in the card file.
    pub line: u64,
    /// Static abilities of the hero's special rules (`static:` effects in the hero's
    /// `effect` cell).
    pub statics: ArrayVec<u16, 2>,
}

/// The whole card file, compiled.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    /// Deck and special cards; a card's id is its index.
    pub cards: Vec<CardDef>,
    /// Heroes.
    pub heroes: Vec<Hero>,
    /// Effects.
    pub effects: Vec<Effect>,
    /// Cheapest half of any action card (a player with less gold has no action to play).
    pub min_action_cost: u8,
    by_name: HashMap<String, u8>,
}

mod load;
mod statics;
pub use statics::{static_kind, StaticHolder, STATIC_KINDS};
