//! Battalla card data: the card file's columns, the effect vocabulary (triggers, actions,
//! targets) and keywords, compiled into a dense table of small card definitions.

use std::path::Path;

use arrayvec::ArrayVec;

use crate::data::{clauses, CardTable, Cell, NameIndex};
use crate::LoadError;

pub use super::vocab::*;

/// Most cards a card file may define (ids are `u8`).
pub const MAX_CARDS: usize = 250;
/// Most effect clauses on one card.
pub const MAX_EFFECTS: usize = 4;
/// Most distinct attributes (mythoi included) in a card file (a `u32` mask).
pub const MAX_ATTRS: usize = 32;
/// Abilities every hero has.
pub const HERO_ABILITIES: usize = 3;
/// `summon same`: the attribute word meaning "another copy of this card".
pub const SAME: u8 = u8::MAX;

/// One effect clause of a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// When it works.
    pub trigger: Trigger,
    /// What it does.
    pub verb: Verb,
    /// What it chooses.
    pub target: Target,
    /// Its number (0 where it takes none).
    pub n: u8,
    /// Attribute index (summon, revive, field effects), [`SAME`], or 0.
    pub attr: u8,
}

/// A card, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDef {
    /// Name as written.
    pub name: String,
    /// Card type.
    pub kind: Kind,
    /// Mythos (an attribute index).
    pub mythos: u8,
    /// Attributes as a bit mask over attribute indices (the mythos included).
    pub attrs: u32,
    /// Stamina cost to play (heroes: 0).
    pub cost: u8,
    /// Printed attack.
    pub attack: u8,
    /// Printed health.
    pub health: u8,
    /// May attack on the turn it is summoned.
    pub surprise: bool,
    /// An item: attached to a card on the field when played.
    pub item: bool,
    /// Played by replacing a unit of yours rather than summoned.
    pub replace: bool,
    /// Effects, in card order.
    pub effects: ArrayVec<Effect, MAX_EFFECTS>,
    /// Whether the card (or some of its numbers) is invented.
    pub invented: bool,
    /// Line of the card file.
    pub line: u64,
}

impl CardDef {
    /// Whether the card has an effect with `trigger`.
    pub fn has(&self, trigger: Trigger) -> bool {
        self.effects.iter().any(|e| e.trigger == trigger)
    }

    /// The sum of the numbers of its `trigger` effects `verb`.
    pub fn total(&self, trigger: Trigger, verb: Verb) -> u8 {
        self.effects
            .iter()
            .filter(|e| e.trigger == trigger && e.verb == verb)
            .map(|e| e.n)
            .sum()
    }

    /// Whether it is a unit or hero (can stand on the board).
    pub fn on_board(&self) -> bool {
        matches!(self.kind, Kind::Unit | Kind::Hero)
    }
}

/// The card table.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    /// Cards by id.
    pub cards: Vec<CardDef>,
    /// Attribute names by index, lowercase (mythoi among them).
    pub attrs: Vec<String>,
    /// Attribute indices that are a mythos of some card.
    pub mythoi: u32,
    names: NameIndex,
}

const REQUIRED: [&str; 7] = [
    "name", "type", "mythos", "cost", "attack", "health", "effect",
];
const OPTIONAL: [&str; 4] = ["attributes", "keywords", "invented", "notes"];

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

    /// The index of attribute `name` (case-insensitive), if any card has it.
    pub fn attr(&self, name: &str) -> Option<u8> {
        let k = name.trim().to_lowercase();
        self.attrs.iter().position(|a| *a == k).map(|i| i as u8)
    }

    fn attr_or_add(&mut self, name: &str, cell: &Cell) -> Result<u8, LoadError> {
        if let Some(i) = self.attr(name) {
            return Ok(i);
        }
        if self.attrs.len() >= MAX_ATTRS {
            return Err(cell.err(format!("more than {MAX_ATTRS} attributes in the card file")));
        }
        self.attrs.push(name.trim().to_lowercase());
        Ok((self.attrs.len() - 1) as u8)
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
        // Attribute words used by effects, checked once every card is read.
        let mut wanted: Vec<(String, u64, usize, usize)> = Vec::new();
        for row in t.rows() {
            if db.cards.len() >= MAX_CARDS {
                return Err(t.err(row, format!("too many cards (at most {MAX_CARDS})")));
            }
            let name = t.cell(row, "name").required()?.to_string();
            let kind = t.cell(row, "type").one_of(&[
                ("unit", Kind::Unit),
                ("hero", Kind::Hero),
                ("assist", Kind::Assist),
                ("field", Kind::Field),
            ])?;
            let mcell = t.cell(row, "mythos");
            let mythos = db.attr_or_add(mcell.required()?, &mcell)?;
            db.mythoi |= 1 << mythos;
            let mut attrs = 1u32 << mythos;
            let acell = t.cell(row, "attributes");
            for a in acell
                .text
                .split(';')
                .map(str::trim)
                .filter(|a| !a.is_empty())
            {
                if a.contains(char::is_whitespace) {
                    return Err(acell.err(format!("`{a}`: an attribute is one word")));
                }
                attrs |= 1 << db.attr_or_add(a, &acell)?;
            }
            let cost = t.cell(row, "cost").num(0u8, 9)?;
            let (attack, health) = if matches!(kind, Kind::Unit | Kind::Hero) {
                let h = t.cell(row, "health");
                let health = h.num(1u8, 20)?;
                (t.cell(row, "attack").num(0u8, 20)?, health)
            } else {
                for c in ["attack", "health"] {
                    let cell = t.cell(row, c);
                    if !cell.is_empty() && cell.text != "0" {
                        return Err(cell.err("only units and heroes have attack and health"));
                    }
                }
                (0, 0)
            };
            if kind == Kind::Hero && cost != 0 {
                return Err(t.cell(row, "cost").err("a hero costs no stamina (write 0)"));
            }
            let kcell = t.cell(row, "keywords");
            let (mut surprise, mut item, mut replace) = (false, false, false);
            for k in kcell
                .text
                .split(';')
                .map(str::trim)
                .filter(|k| !k.is_empty())
            {
                match KEYWORDS.get(k).map_err(|m| kcell.err(m))? {
                    0 => surprise = true,
                    1 => item = true,
                    _ => replace = true,
                }
            }
            if item && kind != Kind::Assist {
                return Err(kcell.err("in these cards only assists are items"));
            }
            if (surprise || replace) && !matches!(kind, Kind::Unit | Kind::Hero) {
                return Err(kcell.err("surprise and replace are for units and heroes"));
            }
            if replace && kind != Kind::Unit {
                return Err(kcell.err("only units are played with replace"));
            }
            let ecell = t.cell(row, "effect");
            let mut effects: ArrayVec<Effect, MAX_EFFECTS> = ArrayVec::new();
            for cl in clauses(ecell.text).map_err(|m| ecell.err(m))? {
                let tw = cl.trigger.ok_or_else(|| {
                    ecell.err(format!(
                        "`{}` needs a trigger before it (known: {})",
                        cl.verb,
                        TRIGGERS.names().join(", ")
                    ))
                })?;
                let trigger = TRIGGERS.get(tw).map_err(|m| ecell.err(m))?;
                let verb = VERBS.get(cl.verb).map_err(|m| ecell.err(m))?;
                let e = compile(trigger, verb, &cl.args, kind, item)
                    .map_err(|m| ecell.err(format!("`{tw}: {}`: {m}", cl.verb)))?;
                if let Some(w) = e.1 {
                    wanted.push((w, row.line, db.cards.len(), effects.len()));
                }
                if effects.is_full() {
                    return Err(ecell.err(format!("at most {MAX_EFFECTS} effects")));
                }
                effects.push(e.0);
            }
            check_card(kind, item, &effects).map_err(|m| ecell.err(m))?;
            let invented = !t.cell(row, "invented").is_empty()
                && !t.cell(row, "invented").text.eq_ignore_ascii_case("no");
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
                mythos,
                attrs,
                cost,
                attack,
                health,
                surprise,
                item,
                replace,
                effects,
                invented,
                line: row.line,
            });
        }
        for (w, line, card, k) in wanted {
            let a = db.attr(&w).ok_or_else(|| {
                LoadError::at(
                    path,
                    line,
                    format!(
                        "column `effect`: no card has the attribute `{w}` (known: {})",
                        db.attrs.join(", ")
                    ),
                )
            })?;
            db.cards[card].effects[k].attr = a;
        }
        if db.cards.is_empty() {
            return Err(LoadError::file(path, "no cards in the card file"));
        }
        Ok(db)
    }
}

/// Compile one clause; the attribute word, when the action names one, is returned to be
/// looked up once all cards are read.
fn compile(
    trigger: Trigger,
    verb: Verb,
    args: &[&str],
    kind: Kind,
    item: bool,
) -> Result<(Effect, Option<String>), String> {
    use Verb::*;
    let num = |x: &str| {
        x.parse::<u8>()
            .ok()
            .filter(|v| (1..=9).contains(v))
            .ok_or_else(|| format!("`{x}` is not a whole number from 1 to 9"))
    };
    let target = |x: &str| TARGETS.get(x);
    let mut e = Effect {
        trigger,
        verb,
        target: Target::None,
        n: 0,
        attr: 0,
    };
    let mut word = None;
    let shape = match (verb, args) {
        (Draw | Stamina | Discard, [n]) => {
            e.n = num(n)?;
            Ok(())
        }
        (Damage | Heal | Buff | Weaken | ToDeck, [t, n]) => {
            e.target = target(t)?;
            e.n = num(n)?;
            Ok(())
        }
        (Bounce | ToHeroDeck | Destroy | Sacrifice, [t]) => {
            e.target = target(t)?;
            Ok(())
        }
        (Summon | Revive, [w]) => {
            if w.eq_ignore_ascii_case("same") {
                if verb == Revive {
                    return Err("`same` works only with summon".into());
                }
                e.attr = SAME;
            } else {
                word = Some(w.to_string());
            }
            Ok(())
        }
        (Negate | Hero, []) => Ok(()),
        (Attack | Health, [n]) if trigger == Trigger::Attached => {
            e.n = num(n)?;
            Ok(())
        }
        (Attack | Health, [n, w]) if trigger == Trigger::Field => {
            e.n = num(n)?;
            word = Some(w.to_string());
            Ok(())
        }
        _ => Err(match verb {
            Draw | Stamina | Discard => "takes one number",
            Damage | Heal | Buff | Weaken | ToDeck => "takes a target and a number",
            Bounce | ToHeroDeck | Destroy | Sacrifice => "takes a target",
            Summon | Revive => "takes an attribute (or `same`)",
            Negate | Hero => "takes nothing",
            Attack | Health => "takes a number when attached, a number and an attribute on a field",
        }),
    };
    shape.map_err(str::to_string)?;
    // Where each action may appear.
    let ok = match verb {
        Hero => trigger == Trigger::Attached,
        Attack | Health => matches!(trigger, Trigger::Attached | Trigger::Field),
        Sacrifice | Discard => trigger == Trigger::Cost,
        Negate => trigger == Trigger::React,
        _ => !matches!(trigger, Trigger::Attached | Trigger::Field | Trigger::Cost),
    };
    if !ok {
        return Err(format!(
            "this action cannot follow the `{}` trigger",
            TRIGGERS.name_of(trigger).unwrap_or("?")
        ));
    }
    if e.target == Target::Foe
        && !matches!(
            trigger,
            Trigger::Attacking | Trigger::Attacked | Trigger::Battle | Trigger::Damaged
        )
    {
        return Err("`foe` (the other card of a battle) needs a battle trigger".into());
    }
    if e.target == Target::Me && !matches!(kind, Kind::Unit | Kind::Hero) {
        return Err("`self` needs a unit or hero".into());
    }
    let by_kind = match trigger {
        Trigger::Summon
        | Trigger::Attacking
        | Trigger::Attacked
        | Trigger::Battle
        | Trigger::Damaged
        | Trigger::Sacrificed => matches!(kind, Kind::Unit | Kind::Hero),
        Trigger::React | Trigger::Play | Trigger::Cost => kind == Kind::Assist && !item,
        Trigger::Attached => item,
        Trigger::Field => kind == Kind::Field,
    };
    if !by_kind {
        return Err(format!(
            "a {} cannot have this trigger",
            if item {
                "item"
            } else {
                match kind {
                    Kind::Unit => "unit",
                    Kind::Hero => "hero",
                    Kind::Assist => "assist",
                    Kind::Field => "field",
                }
            }
        ));
    }
    Ok((e, word))
}

/// Whole-card checks: heroes have three abilities, assists something to do, fields a field
/// effect, at most one cost.
fn check_card(kind: Kind, item: bool, effects: &[Effect]) -> Result<(), String> {
    let has = |t: Trigger| effects.iter().any(|e| e.trigger == t);
    match kind {
        Kind::Hero if effects.len() != HERO_ABILITIES => Err(format!(
            "a hero has {HERO_ABILITIES} abilities; this one has {}",
            effects.len()
        )),
        Kind::Assist if item && !has(Trigger::Attached) => {
            Err("an item needs an `attached:` effect".into())
        }
        Kind::Assist if !item && !has(Trigger::Play) && !has(Trigger::React) => {
            Err("an assist needs a `play:` or `react:` effect".into())
        }
        Kind::Assist if has(Trigger::Play) && has(Trigger::React) => {
            Err("an assist is either played (`play:`) or a React (`react:`), not both".into())
        }
        Kind::Field if !has(Trigger::Field) => Err("a field needs a `field:` effect".into()),
        _ if effects
            .iter()
            .filter(|e| e.trigger == Trigger::Cost)
            .count()
            > 1 =>
        {
            Err("at most one `cost:`".into())
        }
        _ => Ok(()),
    }
}
