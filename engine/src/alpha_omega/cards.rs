//! Alpha/Omega card data: the card file's columns, the effect vocabulary (triggers and
//! verbs, documented in `data/alpha_omega/README.md`), compiled into a dense table.

use std::path::Path;

use arrayvec::ArrayVec;

use crate::data::{clauses, CardTable, NameIndex, Vocab};
use crate::LoadError;

/// Most cards a card file may define (ids are `u8`).
pub const MAX_CARDS: usize = 250;
/// Most effect clauses on one card.
pub const MAX_EFFECTS: usize = 4;
/// An effect number meaning "roll a six-sided die".
pub const DIE: u8 = 0;

/// Which deck or pile a card belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// Good decks.
    Good,
    /// The Opponent deck.
    Opponent,
    /// The Calling deck.
    Calling,
    /// An Objective.
    Objective,
}

/// A card's type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A Person (attacks; can be attacked).
    Person,
    /// A Place (one active; can be attacked).
    Place,
    /// An Item carried by a Person.
    Item,
    /// An Event.
    Event,
    /// A Calling.
    Calling,
    /// An Objective.
    Objective,
}

/// A Person's nature or an Item's class (one of each item class per Person).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// Neither (places, events, callings, objectives).
    None,
    /// Angels and Fallen Angels.
    Supernatural,
    /// Humans.
    Human,
    /// Offensive items.
    Weapon,
    /// Defensive items.
    Armour,
    /// Other items.
    Relic,
}

/// When an effect works.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Always, while the card is in play (written without a trigger).
    Passive,
    /// When the Person or Place enters play.
    Arrive,
    /// When the Event is played or drawn.
    Play,
    /// A Calling's condition.
    When,
    /// A Calling's benefit.
    Gain,
}

/// What an effect does (see the data README for each).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Verb {
    Damage,
    Offense,
    Ward,
    Guard,
    Steadfast,
    Draws,
    Rally,
    Draw,
    Heal,
    Calm,
    Cancel,
    Boost,
    Summon,
    Storm,
    Fall,
    Folly,
    Veteran,
    Gather,
    Balance,
    DoubleAttack,
    ExtraDraw,
}

/// Triggers as written.
pub const TRIGGERS: Vocab<Trigger> = Vocab {
    what: "trigger",
    words: &[
        ("arrive", Trigger::Arrive),
        ("play", Trigger::Play),
        ("when", Trigger::When),
        ("gain", Trigger::Gain),
    ],
};

/// Verbs as written.
pub const VERBS: Vocab<Verb> = Vocab {
    what: "effect",
    words: &[
        ("damage", Verb::Damage),
        ("offense", Verb::Offense),
        ("ward", Verb::Ward),
        ("guard", Verb::Guard),
        ("steadfast", Verb::Steadfast),
        ("draws", Verb::Draws),
        ("rally", Verb::Rally),
        ("draw", Verb::Draw),
        ("heal", Verb::Heal),
        ("calm", Verb::Calm),
        ("cancel", Verb::Cancel),
        ("boost", Verb::Boost),
        ("summon", Verb::Summon),
        ("storm", Verb::Storm),
        ("fall", Verb::Fall),
        ("folly", Verb::Folly),
        ("veteran", Verb::Veteran),
        ("gather", Verb::Gather),
        ("balance", Verb::Balance),
        ("double_attack", Verb::DoubleAttack),
        ("extra_draw", Verb::ExtraDraw),
    ],
};

/// The arguments a verb takes.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Args {
    None,
    Num,
    NumOrDie,
    NumThenNumOrDie,
}

/// Per verb: the trigger it needs, the kinds it may appear on, its arguments.
fn grammar(v: Verb) -> (Trigger, &'static [Kind], Args) {
    use Kind::*;
    use Verb::*;
    match v {
        Damage => (Trigger::Passive, &[Person, Calling], Args::Num),
        Offense | Ward => (Trigger::Passive, &[Item], Args::Num),
        Guard | Steadfast => (Trigger::Passive, &[Person], Args::None),
        Draws | Rally => (Trigger::Passive, &[Place], Args::Num),
        Draw => (Trigger::Arrive, &[Person, Place, Event], Args::Num),
        Heal => (Trigger::Arrive, &[Person, Place, Event], Args::None),
        Calm | Cancel | Folly => (Trigger::Play, &[Event], Args::None),
        Boost | Fall => (Trigger::Play, &[Event], Args::Num),
        Summon => (Trigger::Play, &[Event], Args::NumOrDie),
        Storm => (Trigger::Play, &[Event], Args::NumThenNumOrDie),
        Veteran | Gather | Balance => (Trigger::When, &[Calling], Args::Num),
        DoubleAttack => (Trigger::Gain, &[Calling], Args::None),
        ExtraDraw => (Trigger::Gain, &[Calling], Args::Num),
    }
}

/// One effect of a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// When it works.
    pub trigger: Trigger,
    /// What it does.
    pub verb: Verb,
    /// Its first number (0 where none; [`DIE`] for a die roll where allowed).
    pub n: u8,
    /// Its second number (Storm's rounds; [`DIE`] for a die roll).
    pub m: u8,
}

/// A card, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDef {
    /// Name as written.
    pub name: String,
    /// Its deck.
    pub side: Side,
    /// Its type.
    pub kind: Kind,
    /// Nature or item class.
    pub class: Class,
    /// Strength Rating (an Objective's margin).
    pub strength: u8,
    /// Copies a deck may hold (as published).
    pub copies: u8,
    /// Effects, in card order.
    pub effects: ArrayVec<Effect, MAX_EFFECTS>,
    /// Line of the card file.
    pub line: u64,
    /// The verbs of its effects, as bits (`1 << verb`), compiled from `effects`.
    pub verbs: u32,
    /// The numbers of its passive effects by verb, compiled from `effects`.
    pub passives: [u8; VERB_COUNT],
}

/// Number of [`Verb`]s.
pub const VERB_COUNT: usize = 21;

impl CardDef {
    /// The number of passive effect `verb` (0 without it).
    #[inline]
    pub fn passive(&self, verb: Verb) -> u8 {
        self.passives[verb as usize]
    }

    /// Whether the card has effect `verb` at all.
    #[inline]
    pub fn has(&self, verb: Verb) -> bool {
        self.verbs & (1 << verb as u32) != 0
    }

    /// Recompute `verbs` and `passives` from `effects` (after loading or an edit).
    pub fn compile(&mut self) {
        self.verbs = 0;
        self.passives = [0; VERB_COUNT];
        for e in &self.effects {
            self.verbs |= 1 << e.verb as u32;
            if e.trigger == Trigger::Passive {
                let p = &mut self.passives[e.verb as usize];
                *p = p.saturating_add(e.n);
            }
        }
    }

    /// Whether it is a Supernatural Person (an Angel or Fallen Angel).
    pub fn angel(&self) -> bool {
        self.kind == Kind::Person && self.class == Class::Supernatural
    }
}

/// The card table.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    /// Cards by id.
    pub cards: Vec<CardDef>,
    names: NameIndex,
}

const REQUIRED: [&str; 7] = [
    "name", "side", "type", "class", "strength", "copies", "effect",
];
const OPTIONAL: [&str; 2] = ["invented", "notes"];

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

    /// Ids of the cards of `side`, in file order.
    pub fn of_side(&self, side: Side) -> Vec<u8> {
        (0..self.cards.len() as u8)
            .filter(|&i| self.card(i).side == side)
            .collect()
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
            let side = t.cell(row, "side").one_of(&[
                ("good", Side::Good),
                ("opponent", Side::Opponent),
                ("calling", Side::Calling),
                ("objective", Side::Objective),
            ])?;
            let tcell = t.cell(row, "type");
            let kind = tcell.one_of(&[
                ("person", Kind::Person),
                ("place", Kind::Place),
                ("item", Kind::Item),
                ("event", Kind::Event),
                ("calling", Kind::Calling),
                ("objective", Kind::Objective),
            ])?;
            let kind_fits = match side {
                Side::Calling => kind == Kind::Calling,
                Side::Objective => kind == Kind::Objective,
                _ => !matches!(kind, Kind::Calling | Kind::Objective),
            };
            if !kind_fits {
                return Err(tcell.err(format!(
                    "a `{}` card cannot be of this type (callings and objectives have their own side and type)",
                    t.cell(row, "side").text.trim()
                )));
            }
            let ccell = t.cell(row, "class");
            let class = match kind {
                Kind::Person => ccell.one_of(&[
                    ("supernatural", Class::Supernatural),
                    ("human", Class::Human),
                ])?,
                Kind::Item => ccell.one_of(&[
                    ("weapon", Class::Weapon),
                    ("armour", Class::Armour),
                    ("relic", Class::Relic),
                ])?,
                _ if !ccell.is_empty() => {
                    return Err(ccell.err("only Persons and Items have a class (leave it empty)"))
                }
                _ => Class::None,
            };
            let scell = t.cell(row, "strength");
            let strength = match kind {
                Kind::Person | Kind::Place | Kind::Item | Kind::Objective => scell.num(1u8, 200)?,
                // Events and Callings have no Strength: the cell is empty or 0.
                _ => scell.num_or(0u8, 0, 0)?,
            };
            let copies = t.cell(row, "copies").num(1u8, 9)?;
            let ecell = t.cell(row, "effect");
            let mut effects: ArrayVec<Effect, MAX_EFFECTS> = ArrayVec::new();
            for cl in clauses(ecell.text).map_err(|m| ecell.err(m))? {
                let trigger = match cl.trigger {
                    Some(w) => TRIGGERS.get(w).map_err(|m| ecell.err(m))?,
                    None => Trigger::Passive,
                };
                let verb = VERBS.get(cl.verb).map_err(|m| ecell.err(m))?;
                let (want, kinds, args) = grammar(verb);
                // Draw and heal work on arrival for Persons and Places and when played for
                // Events; extra damage is a Calling's benefit.
                let want = match (want, kind) {
                    (Trigger::Arrive, Kind::Event) => Trigger::Play,
                    (Trigger::Passive, Kind::Calling) => Trigger::Gain,
                    _ => want,
                };
                if !kinds.contains(&kind) {
                    return Err(ecell.err(format!(
                        "`{}` does not work on a {}",
                        cl.verb,
                        tcell.text.trim()
                    )));
                }
                if trigger != want {
                    return Err(ecell.err(match want {
                        Trigger::Passive => format!("`{}` is written without a trigger", cl.verb),
                        w => format!(
                            "`{}` needs the trigger `{}:` here",
                            cl.verb,
                            TRIGGERS.name_of(w).unwrap_or("?")
                        ),
                    }));
                }
                let num = |x: &str, die: bool| -> Result<u8, LoadError> {
                    if die && x == "die" {
                        return Ok(DIE);
                    }
                    x.parse::<u8>()
                        .ok()
                        .filter(|v| (1..=30).contains(v))
                        .ok_or_else(|| {
                            ecell.err(format!(
                                "`{}`: `{x}` is not a whole number from 1 to 30{}",
                                cl.verb,
                                if die { " or `die`" } else { "" }
                            ))
                        })
                };
                let (n, m) = match (args, cl.args.as_slice()) {
                    (Args::None, []) => (0, 0),
                    (Args::Num, [x]) => (num(x, false)?, 0),
                    (Args::NumOrDie, [x]) => (num(x, true)?, 0),
                    (Args::NumThenNumOrDie, [x, y]) => (num(x, false)?, num(y, true)?),
                    (a, _) => {
                        return Err(ecell.err(format!(
                            "`{}` takes {}",
                            cl.verb,
                            match a {
                                Args::None => "no number",
                                Args::Num => "one number",
                                Args::NumOrDie => "one number or `die`",
                                Args::NumThenNumOrDie => "a number and then a number or `die`",
                            }
                        )))
                    }
                };
                if effects.is_full() {
                    return Err(ecell.err(format!("at most {MAX_EFFECTS} effects")));
                }
                effects.push(Effect {
                    trigger,
                    verb,
                    n,
                    m,
                });
            }
            if kind == Kind::Calling {
                let has = |t| effects.iter().any(|e: &Effect| e.trigger == t);
                if !has(Trigger::When) || !has(Trigger::Gain) {
                    return Err(
                        ecell.err("a Calling needs a `when:` condition and a `gain:` benefit")
                    );
                }
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
            let mut def = CardDef {
                name,
                side,
                kind,
                class,
                strength,
                copies,
                effects,
                line: row.line,
                verbs: 0,
                passives: [0; VERB_COUNT],
            };
            def.compile();
            db.cards.push(def);
        }
        for (side, what) in [(Side::Objective, "objective"), (Side::Calling, "calling")] {
            if db.of_side(side).is_empty() {
                return Err(LoadError::file(
                    path,
                    format!("the card file has no {what} row (side `{what}`)"),
                ));
            }
        }
        Ok(db)
    }
}
