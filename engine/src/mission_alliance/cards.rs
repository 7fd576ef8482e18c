//! Mission: Alliance card data: the card file's columns, the effect vocabulary (ability kinds
//! and effects), compiled into a dense table of small card definitions.

use std::path::Path;

use arrayvec::ArrayVec;

use crate::data::{clauses, CardTable, NameIndex, Vocab};
use crate::LoadError;

/// Most cards a card file may define (ids are `u8`).
pub const MAX_CARDS: usize = 250;
/// Highest Energy cost a card may have.
pub const MAX_COST: u8 = 9;
/// Most effect clauses on one card.
pub const MAX_EFFECTS: usize = 4;

/// What a card is when it is played (any card can also be built as Energy, face down).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Joins a team in the front row.
    Unit,
    /// Goes to the back row beside the Energy.
    Gadget,
    /// Resolves its effect and is discarded.
    Formation,
}

/// A unit's combat symbol.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// Gadgets and formations.
    None,
    /// May attack.
    Attack,
    /// May block; a level-3 team holding one challenges.
    Hold,
    /// Copies the symbol of an adjacent unit of its team during combat.
    Imitate,
}

/// When an ability works (the text's six ability kinds).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Always, while the card is in the arena.
    Passive,
    /// On its owner's turn, by resting the card.
    Active,
    /// When the card leaves the arena for the discard pile.
    Retreat,
    /// When the card enters the arena.
    Arrive,
    /// When the card is discarded from the hand (to build Energy).
    Discard,
    /// When the formation is played.
    Play,
}

/// What an ability does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Draw N cards.
    Draw,
    /// The opponent eliminates N cards from the top of their draw deck.
    Eliminate,
    /// Retreat an enemy unit whose power is at most N (a target the player chooses).
    Destroy,
    /// Rest an enemy unit (a target the player chooses).
    Rest,
    /// Ready N of your rested Energy cards.
    Ready,
    /// Passive: the other units of this unit's team have +N power.
    Boost,
    /// Put up to N cards of your discard pile under your draw deck.
    Recover,
    /// Passive: enemy effects cannot choose this unit.
    Immune,
}

/// The ability kinds, as written in the card file.
pub const TRIGGERS: Vocab<Trigger> = Vocab {
    what: "ability kind",
    words: &[
        ("passive", Trigger::Passive),
        ("active", Trigger::Active),
        ("retreat", Trigger::Retreat),
        ("arrive", Trigger::Arrive),
        ("discard", Trigger::Discard),
        ("play", Trigger::Play),
    ],
};

/// The effects, as written in the card file.
pub const VERBS: Vocab<Verb> = Vocab {
    what: "effect",
    words: &[
        ("draw", Verb::Draw),
        ("eliminate", Verb::Eliminate),
        ("destroy", Verb::Destroy),
        ("rest", Verb::Rest),
        ("ready", Verb::Ready),
        ("boost", Verb::Boost),
        ("recover", Verb::Recover),
        ("immune", Verb::Immune),
    ],
};

/// One ability of a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// When it works.
    pub trigger: Trigger,
    /// What it does.
    pub verb: Verb,
    /// Its number (0 where the effect takes none).
    pub n: u8,
}

/// A card, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDef {
    /// Name as written.
    pub name: String,
    /// Unit, gadget or formation.
    pub kind: Kind,
    /// Core index (units; [`NO_CORE`] otherwise).
    pub core: u8,
    /// Energy cost (to play it, and cards to discard to build it as Energy).
    pub cost: u8,
    /// Combat power (units).
    pub power: u8,
    /// Combat symbol (units).
    pub symbol: Symbol,
    /// Abilities, in card order.
    pub effects: ArrayVec<Effect, MAX_EFFECTS>,
    /// Line of the card file.
    pub line: u64,
}

impl CardDef {
    /// The facts play reads most, packed for the per-deck tables.
    pub fn facts(&self) -> Facts {
        Facts {
            kind: self.kind,
            core: self.core,
            cost: self.cost,
            power: self.power,
            symbol: self.symbol,
            boost: self.passive(Verb::Boost),
            immune: self.passive(Verb::Immune) > 0,
            active: self.effects.iter().any(|e| e.trigger == Trigger::Active),
            triggers: self.effects.iter().fold(0, |m, e| m | 1 << e.trigger as u8),
            core_bit: match self.kind {
                Kind::Unit if self.core < 16 => 1 << self.core,
                _ => 0,
            },
            kind_bit: 1 << self.kind as u8,
        }
    }

    /// The number of this card's passive effect `verb` (0 if it has none).
    pub fn passive(&self, verb: Verb) -> u16 {
        self.effects
            .iter()
            .filter(|e| e.trigger == Trigger::Passive && e.verb == verb)
            .map(|e| e.n.max(1) as u16)
            .sum()
    }
}

/// What the rules read of a card on every legal-action listing, packed in 16 bytes and
/// compiled at load into one table per deck (indexed by deck position), so play never walks
/// a card's effect list or follows the deck to the card table for these.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Unit, gadget or formation.
    pub kind: Kind,
    /// Core index (units; [`NO_CORE`] otherwise).
    pub core: u8,
    /// Energy cost.
    pub cost: u8,
    /// Printed combat power.
    pub power: u8,
    /// Printed combat symbol.
    pub symbol: Symbol,
    /// Passive Boost: the power the card adds to each teammate.
    pub boost: u16,
    /// Passive Immune.
    pub immune: bool,
    /// Whether it has an active ability.
    pub active: bool,
    /// The ability kinds it has (bit `Trigger as u8`), so queueing a kind it lacks costs
    /// one test.
    pub triggers: u8,
    /// A unit's core as a bit (`1 << core`; 0 for other cards), so the main listing tests
    /// whether a unit can arrive with one mask.
    pub core_bit: u16,
    /// `1 << kind as u8`, so the main listing tests what may be played with one mask.
    pub kind_bit: u8,
}

impl Facts {
    /// Filler for table positions past a deck's end (a deck made smaller by a card edit).
    pub const NONE: Facts = Facts {
        kind: Kind::Formation,
        core: NO_CORE,
        cost: 0,
        power: 0,
        symbol: Symbol::None,
        boost: 0,
        immune: false,
        active: false,
        triggers: 0,
        core_bit: 0,
        kind_bit: 1 << Kind::Formation as u8,
    };
}

/// Core of a non-unit card.
pub const NO_CORE: u8 = u8::MAX;

/// The card table.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    /// Cards by id.
    pub cards: Vec<CardDef>,
    /// Core names by index.
    pub cores: Vec<String>,
    names: NameIndex,
}

const REQUIRED: [&str; 7] = ["name", "type", "core", "cost", "power", "symbol", "effect"];
const OPTIONAL: [&str; 3] = ["character", "invented", "notes"];

impl CardDb {
    /// The card with id `id`.
    #[inline]
    pub fn card(&self, id: u8) -> &CardDef {
        &self.cards[id as usize]
    }

    /// A card id by name (case-insensitive).
    pub fn find(&self, name: &str) -> Option<u8> {
        self.names.find(name).map(|i| i as u8)
    }

    /// "unknown card `X` (did you mean …?)".
    pub fn unknown(&self, name: &str) -> String {
        self.names.unknown_message("card", name)
    }

    /// Load and check a card file.
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        let text = crate::data::read_text(path, "card file")?;
        Self::parse(path, &text)
    }

    /// Parse card CSV text; `path` names the file in messages.
    pub fn parse(path: &Path, text: &str) -> Result<Self, LoadError> {
        let t = CardTable::parse(path, text, &REQUIRED, &OPTIONAL)?;
        let mut db = CardDb::default();
        for row in t.rows() {
            if db.cards.len() >= MAX_CARDS {
                return Err(t.err(row, format!("too many cards (at most {MAX_CARDS})")));
            }
            let name = t.cell(row, "name").required()?.to_string();
            let kind = t.cell(row, "type").one_of(&[
                ("unit", Kind::Unit),
                ("gadget", Kind::Gadget),
                ("formation", Kind::Formation),
            ])?;
            let cost = t.cell(row, "cost").num(0u8, MAX_COST)?;
            let core_cell = t.cell(row, "core");
            let power_cell = t.cell(row, "power");
            let symbol_cell = t.cell(row, "symbol");
            let (core, power, symbol) = if kind == Kind::Unit {
                let c = core_cell.required()?.to_lowercase();
                let core = match db.cores.iter().position(|x| *x == c) {
                    Some(i) => i as u8,
                    None => {
                        if db.cores.len() >= 16 {
                            return Err(core_cell.err("more than 16 cores in the card file"));
                        }
                        db.cores.push(c);
                        (db.cores.len() - 1) as u8
                    }
                };
                let symbol = symbol_cell.one_of(&[
                    ("attack", Symbol::Attack),
                    ("hold", Symbol::Hold),
                    ("imitate", Symbol::Imitate),
                ])?;
                (core, power_cell.num(0u8, 20)?, symbol)
            } else {
                for c in [core_cell, power_cell, symbol_cell] {
                    if !c.is_empty() {
                        return Err(
                            c.err("only units have a core, power and symbol (leave it empty)")
                        );
                    }
                }
                (NO_CORE, 0, Symbol::None)
            };
            let ecell = t.cell(row, "effect");
            let mut effects = ArrayVec::new();
            for cl in clauses(ecell.text).map_err(|m| ecell.err(m))? {
                let trigger = match cl.trigger {
                    Some(w) => TRIGGERS.get(w).map_err(|m| ecell.err(m))?,
                    None => Trigger::Passive,
                };
                let verb = VERBS.get(cl.verb).map_err(|m| ecell.err(m))?;
                let n = match (verb, cl.args.as_slice()) {
                    (Verb::Immune | Verb::Rest, []) => 0,
                    (Verb::Immune | Verb::Rest, _) => {
                        return Err(ecell.err(format!("`{}` takes no number", cl.verb)))
                    }
                    (_, [x]) => x
                        .parse::<u8>()
                        .ok()
                        .filter(|v| (1..=20).contains(v))
                        .ok_or_else(|| {
                            ecell.err(format!(
                                "`{}`: `{x}` is not a whole number from 1 to 20",
                                cl.verb
                            ))
                        })?,
                    _ => return Err(ecell.err(format!("`{}` takes one number", cl.verb))),
                };
                let passive_verb = matches!(verb, Verb::Boost | Verb::Immune);
                if passive_verb != (trigger == Trigger::Passive) {
                    return Err(ecell.err(format!(
                        "`{}` is {} (write it {})",
                        cl.verb,
                        if passive_verb {
                            "a passive effect"
                        } else {
                            "not a passive effect"
                        },
                        if passive_verb {
                            "without an ability kind"
                        } else {
                            "after an ability kind such as `arrive:`"
                        }
                    )));
                }
                if passive_verb && kind != Kind::Unit {
                    return Err(ecell.err(format!("`{}` works only on units", cl.verb)));
                }
                let ok_kind = match trigger {
                    Trigger::Play => kind == Kind::Formation,
                    Trigger::Active | Trigger::Arrive | Trigger::Retreat => kind != Kind::Formation,
                    Trigger::Passive | Trigger::Discard => true,
                };
                if !ok_kind {
                    return Err(ecell.err(format!(
                        "a {} has no `{}` abilities",
                        match kind {
                            Kind::Unit => "unit",
                            Kind::Gadget => "gadget",
                            Kind::Formation => "formation",
                        },
                        TRIGGERS.name_of(trigger).unwrap_or("?")
                    )));
                }
                if effects.is_full() {
                    return Err(ecell.err(format!("at most {MAX_EFFECTS} abilities")));
                }
                effects.push(Effect { trigger, verb, n });
            }
            if kind == Kind::Formation
                && !effects.iter().any(|e: &Effect| e.trigger == Trigger::Play)
            {
                return Err(ecell.err("a formation needs a `play:` ability"));
            }
            if let Err(first) = db.names.insert(&name) {
                return Err(t.err(
                    row,
                    format!(
                        "duplicate card name `{name}` (first defined on line {})",
                        db.cards[first as usize].line
                    ),
                ));
            }
            db.cards.push(CardDef {
                name,
                kind,
                core,
                cost,
                power,
                symbol,
                effects,
                line: row.line,
            });
        }
        if db.cards.is_empty() {
            return Err(LoadError::file(path, "no cards in the card file"));
        }
        Ok(db)
    }
}
