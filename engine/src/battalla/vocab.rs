//! The Battalla card file's words: card kinds, effect triggers, actions and targets, the
//! keywords, and the vocabularies that read them (re-exported by [`super::cards`]).

use crate::data::Vocab;

/// A card's type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Summoned from the hand into the summon row.
    Unit,
    /// Starts in the Hero Deck; summoned at no stamina cost.
    Hero,
    /// Played from the hand, resolves while floating, then goes to the discard (or is
    /// attached, when it is an item).
    Assist,
    /// Played into the one field zone both players share.
    Field,
}

/// When an effect works.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The card was summoned (not Replace).
    Summon,
    /// The card declares an attack.
    Attacking,
    /// The card is attacked.
    Attacked,
    /// The card is in a battle, attacking or attacked: as the attack is declared, the
    /// attacker's and the defender's `battle` effects are added at the same time (the
    /// defender's first, so the turn player's resolves first).
    Battle,
    /// The card took battle damage.
    Damaged,
    /// The card was sacrificed.
    Sacrificed,
    /// An assist played as a response on an open Storyboard.
    React,
    /// Given to the card an item is attached to.
    Attached,
    /// An assist played from the hand on its owner's turn.
    Play,
    /// A field card's lasting effect on both players.
    Field,
    /// An extra cost of playing the assist.
    Cost,
}

/// What an effect does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Draw N cards.
    Draw,
    /// Gain N stamina.
    Stamina,
    /// Deal N damage to the target.
    Damage,
    /// Remove up to N damage from the target.
    Heal,
    /// Put a +N attack counter on the target.
    Buff,
    /// Put a -N attack counter on the target (no effect if it would go below zero).
    Weaken,
    /// Return the target to its owner's hand (units only: heroes cannot exist there).
    Bounce,
    /// Put up to N targets at the bottom of their owners' Main Decks (not heroes).
    ToDeck,
    /// Put the target on top of its owner's Hero Deck (a unit that only counts as a hero
    /// ends in the discard).
    ToHeroDeck,
    /// Send the target to the discard.
    Destroy,
    /// Summon the first card of the attribute (or `same`: a copy of this card) from the top
    /// of the Main Deck.
    Summon,
    /// Summon the first card of the attribute from the discard, Revived.
    Revive,
    /// Negate the Storyboard entry this React answers.
    Negate,
    /// Attached: the card counts as a hero.
    Hero,
    /// Attached or field: +N attack.
    Attack,
    /// Attached or field: +N health.
    Health,
    /// Cost: sacrifice a card of yours.
    Sacrifice,
    /// Cost: discard N cards from the hand.
    Discard,
}

/// Which cards an effect may choose.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// No target.
    None,
    /// The card itself.
    Me,
    /// An opponent's unit or hero.
    Enemy,
    /// An opponent's unit.
    EnemyUnit,
    /// One of your units or heroes.
    Own,
    /// One of your units.
    OwnUnit,
    /// Any unit.
    Unit,
    /// Any hero (or card counting as one).
    Hero,
    /// Any card on the field.
    Card,
    /// The other card of the battle (attacking, attacked, damaged triggers).
    Foe,
}

/// The triggers, as written in the card file.
pub const TRIGGERS: Vocab<Trigger> = Vocab {
    what: "trigger",
    words: &[
        ("summon", Trigger::Summon),
        ("attacking", Trigger::Attacking),
        ("attacked", Trigger::Attacked),
        ("battle", Trigger::Battle),
        ("damaged", Trigger::Damaged),
        ("sacrificed", Trigger::Sacrificed),
        ("react", Trigger::React),
        ("attached", Trigger::Attached),
        ("play", Trigger::Play),
        ("field", Trigger::Field),
        ("cost", Trigger::Cost),
    ],
};

/// The actions, as written in the card file.
pub const VERBS: Vocab<Verb> = Vocab {
    what: "action",
    words: &[
        ("draw", Verb::Draw),
        ("stamina", Verb::Stamina),
        ("damage", Verb::Damage),
        ("heal", Verb::Heal),
        ("buff", Verb::Buff),
        ("weaken", Verb::Weaken),
        ("bounce", Verb::Bounce),
        ("todeck", Verb::ToDeck),
        ("toherodeck", Verb::ToHeroDeck),
        ("destroy", Verb::Destroy),
        ("summon", Verb::Summon),
        ("revive", Verb::Revive),
        ("negate", Verb::Negate),
        ("hero", Verb::Hero),
        ("attack", Verb::Attack),
        ("health", Verb::Health),
        ("sacrifice", Verb::Sacrifice),
        ("discard", Verb::Discard),
    ],
};

/// The targets, as written in the card file.
pub const TARGETS: Vocab<Target> = Vocab {
    what: "target",
    words: &[
        ("self", Target::Me),
        ("enemy", Target::Enemy),
        ("enemy_unit", Target::EnemyUnit),
        ("own", Target::Own),
        ("own_unit", Target::OwnUnit),
        ("unit", Target::Unit),
        ("hero", Target::Hero),
        ("card", Target::Card),
        ("foe", Target::Foe),
    ],
};

/// The keywords of the `keywords` column.
pub(crate) const KEYWORDS: Vocab<u8> = Vocab {
    what: "keyword",
    words: &[("surprise", 0), ("item", 1), ("replace", 2)],
};
