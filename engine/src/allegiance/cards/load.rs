//! Reading the Allegiance card file: columns, rows of every kind (heroes, abilities, faces,
//! units, actions) and the effect text, compiled into the dense [`CardDb`] tables.

use std::path::Path;

use arrayvec::ArrayVec;

use super::statics::{focus_cost, parse_counter_op};
use super::*;
use crate::LoadError;

pub(super) const COLUMNS: [&str; 14] = [
    "kind", "name", "hero", "level", "copies", "cost", "attack", "health", "armor", "delay",
    "reaction", "effect", "invented", "text",
];

impl CardDb {
    /// A card id by name (case-insensitive).
    pub fn find(&self, name: &str) -> Option<u8> {
        self.by_name.get(&name.trim().to_lowercase()).copied()
    }

    /// A hero index by name (case-insensitive).
    pub fn find_hero(&self, name: &str) -> Option<u8> {
        let n = name.trim().to_lowercase();
        self.heroes
            .iter()
            .position(|h| h.name.to_lowercase() == n)
            .map(|i| i as u8)
    }

    /// The card with id `id`.
    #[inline]
    pub fn card(&self, id: u8) -> &CardDef {
        &self.cards[id as usize]
    }

    /// The effect with id `id`.
    #[inline]
    pub fn effect(&self, id: u16) -> &Effect {
        &self.effects[id as usize]
    }

    /// Load and validate a card file.
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        let text = crate::data::read_text(path, "card file")?;
        Self::parse(path, &text)
    }

    /// Parse card CSV text; `path` is used in messages. The shared table reader
    /// ([`crate::data::CardTable`]) checks the header and skips blank and `#` comment rows.
    pub fn parse(path: &Path, text: &str) -> Result<Self, LoadError> {
        let table = crate::data::CardTable::parse(path, text, &COLUMNS, &[])?;
        let rows: Vec<(u64, Vec<String>)> = table
            .rows()
            .iter()
            .map(|row| {
                (
                    row.line,
                    COLUMNS
                        .iter()
                        .map(|c| table.cell(row, c).text.to_string())
                        .collect(),
                )
            })
            .collect();
        let mut db = CardDb::default();
        // Pass 1: cards and heroes get their ids, so that effects may name any of them.
        for (line, f) in &rows {
            let err = |m: String| LoadError::at(path, *line, m);
            let name = f[1].trim().to_string();
            if name.is_empty() {
                return Err(err("empty name".into()));
            }
            let kind = match f[0].to_lowercase().as_str() {
                "basic" => Some(Kind::Basic),
                "elite" => Some(Kind::Elite),
                "action" => Some(Kind::Action),
                "special_basic" => Some(Kind::SpecialBasic),
                "special_elite" => Some(Kind::SpecialElite),
                "special" => Some(Kind::Special),
                "hero" | "ability" | "weapon" | "armor" | "half" => None,
                k => {
                    return Err(err(format!(
                        "unknown kind `{k}` (expected hero, ability, weapon, armor, basic, elite, action, half, special_basic, special_elite or special)"
                    )))
                }
            };
            if f[0].eq_ignore_ascii_case("hero") {
                if db.find_hero(&name).is_some() {
                    return Err(err(format!("duplicate hero `{name}`")));
                }
                let hp = num(path, *line, "health", &f[7], 1, 99)?;
                let mut necro = false;
                // Static abilities (`static: ...`) are compiled in pass 2.
                for w in f[11]
                    .split(';')
                    .filter(|p| !p.contains(':'))
                    .flat_map(str::split_whitespace)
                {
                    match w {
                        "necromancer" => necro = true,
                        _ => {
                            return Err(err(format!(
                                "unknown hero special rule `{w}` (known: necromancer)"
                            )))
                        }
                    }
                }
                db.heroes.push(Hero {
                    name,
                    max_health: hp,
                    abilities: ArrayVec::new(),
                    weapons: ArrayVec::new(),
                    armors: ArrayVec::new(),
                    necromancer: necro,
                    line: *line,
                    statics: ArrayVec::new(),
                });
                continue;
            }
            let Some(kind) = kind else { continue };
            let key = name.to_lowercase();
            if let Some(&prev) = db.by_name.get(&key) {
                return Err(err(format!(
                    "duplicate card name `{name}` (first defined on line {})",
                    db.cards[prev as usize].line
                )));
            }
            if db.cards.len() >= MAX_CARDS {
                return Err(err(format!("too many cards (at most {MAX_CARDS})")));
            }
            let copies = if kind.is_special() {
                0
            } else {
                num(path, *line, "copies", &f[4], 0, 40)?
            };
            let (attack, health) = if kind.is_unit() {
                (
                    num(path, *line, "attack", &f[6], 0, 99)? as i8,
                    num(path, *line, "health", &f[7], 1, 99)?,
                )
            } else {
                (0, 0)
            };
            let cost = if kind.is_special() {
                0
            } else {
                num(path, *line, "cost", &f[5], 0, 99)?
            };
            db.by_name.insert(key, db.cards.len() as u8);
            db.cards.push(CardDef {
                name,
                kind,
                copies,
                cost,
                attack,
                health,
                effects: ArrayVec::new(),
                half: None,
                line: *line,
            });
        }
        // Pass 2: effects, abilities, faces, split halves.
        let mut last_card: Option<u8> = None;
        for (line, f) in &rows {
            let line = *line;
            let err = |m: String| LoadError::at(path, line, m);
            let kind = f[0].to_lowercase();
            let hero_of = |db: &CardDb| -> Result<usize, LoadError> {
                db.find_hero(&f[2]).map(|h| h as usize).ok_or_else(|| {
                    err(format!(
                        "unknown hero `{}` (heroes must be defined on a `hero` row above)",
                        f[2]
                    ))
                })
            };
            match kind.as_str() {
                "hero" => {
                    last_card = None;
                    let statics: Vec<&str> = f[11]
                        .split(';')
                        .map(str::trim)
                        .filter(|p| p.contains(':'))
                        .collect();
                    if !statics.is_empty() {
                        let effects = db.compile_list(path, line, &statics.join(";"))?;
                        db.check_statics(path, line, &effects, StaticHolder::Hero)?;
                        let h = db.find_hero(&f[1]).expect("defined in pass 1") as usize;
                        db.heroes[h].statics = effects;
                    }
                }
                "ability" => {
                    let h = hero_of(&db)?;
                    let level = num(path, line, "level", &f[3], 0, 4)?;
                    let cost = num(path, line, "cost", &f[5], 0, 99)?;
                    let delay = num(path, line, "delay", &f[9], 1, 5)?;
                    let reaction = yes_no(path, line, &f[10])?;
                    let e = db.compile(path, line, &f[11], false)?;
                    let hero = &mut db.heroes[h];
                    if hero.abilities.is_full() {
                        return Err(err(format!(
                            "hero `{}` has more than {ABILITIES} abilities",
                            hero.name
                        )));
                    }
                    let prev = hero.abilities.last().map(|a| a.level);
                    match prev {
                        None if level != 0 => {
                            return Err(err("a hero's first ability must be its initial ability (level 0)".into()))
                        }
                        Some(p) if level < p || level == 0 => {
                            return Err(err("abilities must be listed by level, with one initial ability (level 0) first".into()))
                        }
                        _ => {}
                    }
                    hero.abilities.push(Ability {
                        name: f[1].trim().to_string(),
                        level,
                        cost,
                        delay,
                        reaction,
                        effect: e,
                    });
                    last_card = None;
                }
                "weapon" | "armor" => {
                    let h = hero_of(&db)?;
                    let value = if kind == "weapon" {
                        num(path, line, "attack", &f[6], 0, 99)?
                    } else {
                        num(path, line, "armor", &f[8], 0, 99)?
                    };
                    let effects = db.compile_list(path, line, &f[11])?;
                    db.no_host(path, line, &effects)?;
                    db.check_statics(path, line, &effects, StaticHolder::Face)?;
                    let hero = &mut db.heroes[h];
                    let list = if kind == "weapon" {
                        &mut hero.weapons
                    } else {
                        &mut hero.armors
                    };
                    if list.is_full() {
                        return Err(err(format!(
                            "more than {MAX_FACES} {kind} faces for one hero"
                        )));
                    }
                    list.push(Face {
                        name: f[1].trim().to_string(),
                        value,
                        effects,
                    });
                    last_card = None;
                }
                "half" => {
                    let Some(c) = last_card.filter(|&c| {
                        db.cards[c as usize].kind == Kind::Action
                            && db.cards[c as usize].half.is_none()
                    }) else {
                        return Err(err(
                            "a `half` row must follow the action card whose second half it is"
                                .into(),
                        ));
                    };
                    let cost = num(path, line, "cost", &f[5], 0, 99)?;
                    let e = db.compile(path, line, &f[11], false)?;
                    db.cards[c as usize].half = Some((f[1].trim().to_string(), cost, e));
                    last_card = None;
                }
                _ => {
                    let id = db.find(&f[1]).expect("defined in pass 1");
                    let k = db.cards[id as usize].kind;
                    let effects = if k == Kind::Action {
                        db.compile_action(path, line, &f[11])?
                    } else {
                        db.compile_list(path, line, &f[11])?
                    };
                    if k == Kind::Special
                        && effects.iter().any(|&e| {
                            let t = db.effect(e).trigger;
                            t != Trigger::Static && !ATTACHED_TRIGGERS.contains(&t)
                        })
                    {
                        return Err(err(
                            "a special (attachment) card's effects must be `endturn:`, `attack:`, `hit:` or `static:` effects"
                                .into(),
                        ));
                    }
                    if k.is_unit() {
                        db.no_host(path, line, &effects)?;
                    }
                    if k != Kind::Action
                        && effects.iter().any(|&e| {
                            db.effect(e)
                                .ops
                                .iter()
                                .any(|o| o.code == OpCode::Attach && o.card == ATTACH_THIS)
                        })
                    {
                        return Err(err(
                            "`attach` without a card name (the card attaches itself) is only for action cards"
                                .into(),
                        ));
                    }
                    let holder = match k {
                        Kind::Special => StaticHolder::Attachment,
                        Kind::Action => StaticHolder::None,
                        _ => StaticHolder::Unit,
                    };
                    db.check_statics(path, line, &effects, holder)?;
                    db.cards[id as usize].effects = effects;
                    last_card = Some(id);
                }
            }
        }
        for h in &db.heroes {
            let err = |m: String| LoadError::at(path, h.line, m);
            if h.abilities.is_empty() {
                return Err(err(format!(
                    "hero `{}` has no abilities (needs an initial ability)",
                    h.name
                )));
            }
            if h.weapons.is_empty() || h.armors.is_empty() {
                return Err(err(format!(
                    "hero `{}` needs at least one weapon and one armor face",
                    h.name
                )));
            }
        }
        if db.heroes.is_empty() {
            return Err(LoadError::file(path, "no heroes in the card file"));
        }
        for d in [Kind::Basic, Kind::Elite, Kind::Action] {
            let n: usize = db
                .cards
                .iter()
                .filter(|c| c.kind == d)
                .map(|c| c.copies as usize)
                .sum();
            if n == 0 {
                return Err(LoadError::file(path, format!("the {d:?} deck is empty")));
            }
            if n > DECK {
                return Err(LoadError::file(
                    path,
                    format!("the {d:?} deck has {n} cards (at most {})", DECK),
                ));
            }
        }
        db.refresh_min_action_cost();
        Ok(db)
    }

    /// Recompute [`CardDb::min_action_cost`] over the action cards in the deck (after a load
    /// or a card edit).
    pub fn refresh_min_action_cost(&mut self) {
        self.min_action_cost = self
            .cards
            .iter()
            .filter(|c| c.kind == Kind::Action && c.copies > 0)
            .flat_map(|c| std::iter::once(c.cost).chain(c.half.as_ref().map(|h| h.1)))
            .min()
            .unwrap_or(u8::MAX);
    }

    /// Only attachments have a `host` (static abilities are checked by `check_statics`).
    pub(super) fn no_host(&self, path: &Path, line: u64, effects: &[u16]) -> Result<(), LoadError> {
        if effects.iter().any(|&e| {
            let e = self.effect(e);
            e.trigger != Trigger::Static && e.ops.iter().any(|o| o.scope == Scope::Host)
        }) {
            return Err(LoadError::at(
                path,
                line,
                "`host` is the unit an attachment is on; this card is not an attachment",
            ));
        }
        Ok(())
    }

    /// An action card's effects: the main effect, then (after `;`) at most one effect the card
    /// has while attached, allowed only when the main effect attaches the card itself.
    pub(super) fn compile_action(
        &mut self,
        path: &Path,
        line: u64,
        text: &str,
    ) -> Result<ArrayVec<u16, 2>, LoadError> {
        let (main, attached) = match text.split_once(';') {
            Some((m, a)) => (m, Some(a.trim())),
            None => (text, None),
        };
        let mut v = ArrayVec::new();
        let e = self.compile(path, line, main, false)?;
        v.push(e);
        if let Some(a) = attached {
            let attaches = self
                .effect(e)
                .ops
                .iter()
                .any(|o| o.code == OpCode::Attach && o.card == ATTACH_THIS);
            if !attaches {
                return Err(LoadError::at(
                    path,
                    line,
                    "an action card has one effect; a second one (after `;`) is the effect it has while attached, so the first must `attach` the card",
                ));
            }
            if a.contains(';') {
                return Err(LoadError::at(path, line, "at most two effects per card"));
            }
            let ae = self.compile(path, line, a, true)?;
            if !ATTACHED_TRIGGERS.contains(&self.effect(ae).trigger) {
                return Err(LoadError::at(
                    path,
                    line,
                    "an attached card's effect must be an `endturn:`, `attack:` or `hit:` effect",
                ));
            }
            v.push(ae);
        }
        Ok(v)
    }

    pub(super) fn compile_list(
        &mut self,
        path: &Path,
        line: u64,
        text: &str,
    ) -> Result<ArrayVec<u16, 2>, LoadError> {
        let mut v = ArrayVec::new();
        for part in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            if v.is_full() {
                return Err(LoadError::at(path, line, "at most two effects per card"));
            }
            v.push(self.compile(path, line, part, true)?);
        }
        let acts = v
            .iter()
            .filter(|&&e| self.effect(e).trigger == Trigger::Act)
            .count();
        let mains = v
            .iter()
            .filter(|&&e| self.effect(e).trigger == Trigger::Main)
            .count();
        if acts > 1 {
            return Err(LoadError::at(
                path,
                line,
                "at most one activated (`act`) ability per card",
            ));
        }
        if mains > 0 {
            return Err(LoadError::at(
                path,
                line,
                "a card in play needs a trigger on each effect (`enter:`, `attack:`, `endturn:`, `death:`, `hit:`, `act ...:` or `static:`)",
            ));
        }
        Ok(v)
    }

    /// Compile one effect; `in_play` says whether it sits on a card in play (triggers
    /// allowed) or is an action/ability effect (no trigger).
    pub(super) fn compile(
        &mut self,
        path: &Path,
        line: u64,
        text: &str,
        in_play: bool,
    ) -> Result<u16, LoadError> {
        let err = |m: String| LoadError::at(path, line, format!("effect `{text}`: {m}"));
        let mut body = text.trim();
        let mut e = Effect {
            trigger: Trigger::Main,
            cost_exhaust: false,
            cost_gold: 0,
            target: None,
            min_targets: 0,
            max_targets: 0,
            ops: ArrayVec::new(),
            cost_focus: 0,
        };
        if let Some((head, rest)) = body.split_once(':') {
            let mut w = head.split_whitespace().peekable();
            if w.peek() == Some(&"focus") {
                // `focus N: ...`: an action's or ability's focus-counter cost.
                if in_play {
                    return Err(err(
                        "a focus cost on a card in play goes in an `act` cost (`act focus N:`)"
                            .into(),
                    ));
                }
                w.next();
                e.cost_focus = focus_cost(w.next()).map_err(err)?;
                if let Some(x) = w.next() {
                    return Err(err(format!("unexpected `{x}` after the focus cost")));
                }
                return self.compile_ops(path, line, text, rest.trim(), e);
            }
            e.trigger = match w.next() {
                Some("enter") => Trigger::Enter,
                Some("attack") => Trigger::Attack,
                Some("endturn") => Trigger::EndTurn,
                Some("death") => Trigger::Death,
                Some("act") => Trigger::Act,
                Some("hit") => Trigger::Hit,
                Some("static") => Trigger::Static,
                t => {
                    return Err(err(format!(
                    "unknown trigger `{}` (known: enter, attack, endturn, death, act, hit, static)",
                    t.unwrap_or("")
                )))
                }
            };
            while let Some(c) = w.next() {
                if e.trigger != Trigger::Act {
                    return Err(err(format!("only `act` takes costs, not `{c}`")));
                }
                if c == "focus" {
                    e.cost_focus = focus_cost(w.next()).map_err(err)?;
                } else if c == "exhaust" {
                    e.cost_exhaust = true;
                } else {
                    e.cost_gold = c.parse().ok().filter(|v| *v <= 99).ok_or_else(|| {
                        err(format!(
                            "activation cost `{c}` is neither `exhaust` nor a gold amount"
                        ))
                    })?;
                }
            }
            body = rest.trim();
        }
        if e.trigger != Trigger::Main && !in_play {
            return Err(err("actions and abilities take no trigger".into()));
        }
        if e.trigger == Trigger::Static {
            return self.compile_static(path, line, text, body, e);
        }
        self.compile_ops(path, line, text, body, e)
    }

    /// Compile the ops of effect `text` (its `body` after any trigger or cost) into `e`.
    pub(super) fn compile_ops(
        &mut self,
        path: &Path,
        line: u64,
        text: &str,
        body: &str,
        mut e: Effect,
    ) -> Result<u16, LoadError> {
        let err = |m: String| LoadError::at(path, line, format!("effect `{text}`: {m}"));
        if body.is_empty() {
            return Err(err("no ops".into()));
        }
        for (i, part) in body.split('|').map(str::trim).enumerate() {
            let words: Vec<&str> = part.split_whitespace().collect();
            if words.is_empty() {
                return Err(err("empty op between `|`".into()));
            }
            if words[0] == "target" {
                if i != 0 {
                    return Err(err("`target` must come first".into()));
                }
                let (min, max, kw) = match words.as_slice() {
                    ["target", k] => (1, 1, *k),
                    ["target", "upto", n, k] => {
                        let n: u8 = n
                            .parse()
                            .ok()
                            .filter(|v| (1..=MAX_TARGETS as u8).contains(v))
                            .ok_or_else(|| err(format!("`upto {n}`: give 1 to {MAX_TARGETS}")))?;
                        (0, n, *k)
                    }
                    _ => {
                        return Err(err(format!(
                            "bad target clause `{part}` (target [upto N] KIND)"
                        )))
                    }
                };
                e.target = Some(match kw {
                    "unit" => TargetKind::Unit,
                    "ally" => TargetKind::Ally,
                    "foe" => TargetKind::Foe,
                    "hero" => TargetKind::Hero,
                    "foehero" => TargetKind::FoeHero,
                    "any" => TargetKind::Any,
                    "foeany" => TargetKind::FoeAny,
                    k => return Err(err(format!("unknown target kind `{k}` (known: unit, ally, foe, hero, foehero, any, foeany)"))),
                });
                e.min_targets = min;
                e.max_targets = max;
                continue;
            }
            if e.ops.is_full() {
                return Err(err(format!("more than {MAX_OPS} ops")));
            }
            let op = self.parse_op(&words).map_err(err)?;
            if matches!(
                op.code,
                OpCode::Health | OpCode::Armor | OpCode::EnlistCost | OpCode::ActionCost
            ) {
                return Err(err(format!(
                    "`{}` is a static op (only in `static:` effects)",
                    words[0]
                )));
            }
            if op.scope == Scope::Targets && e.target.is_none() && needs_scope(op.code) {
                return Err(err(format!("`{}` acts on targets but the effect selects none (add `target ...` or a scope)", words[0])));
            }
            if op.scope == Scope::Host && !ATTACHED_TRIGGERS.contains(&e.trigger) {
                return Err(err(
                    "`host` only makes sense on an attachment's `endturn:`, `attack:` or `hit:` effect".into(),
                ));
            }
            if op.code == OpCode::Attach
                && op.card == ATTACH_THIS
                && (op.scope != Scope::Targets || e.max_targets != 1 || e.min_targets != 1)
            {
                return Err(err(
                    "`attach` without a card name attaches the card itself to exactly one target: use `target KIND | attach`".into(),
                ));
            }
            e.ops.push(op);
        }
        self.push_effect(path, line, text, e)
    }

    pub(super) fn parse_op(&self, w: &[&str]) -> Result<Op, String> {
        let code = match w[0] {
            "damage" => OpCode::Damage,
            "heal" => OpCode::Heal,
            "augment" => OpCode::Augment,
            "boost" => OpCode::Boost,
            "shield" => OpCode::Shield,
            "destroy" => OpCode::Destroy,
            "exhaust" => OpCode::Exhaust,
            "refresh" => OpCode::Refresh,
            "drain" => OpCode::Drain,
            "gold" => OpCode::Gold,
            "draw" => OpCode::Draw,
            "token" => OpCode::Token,
            "attach" => OpCode::Attach,
            "discard" => OpCode::Discard,
            "mill" => OpCode::Mill,
            "raise" => OpCode::Raise,
            "recycle" => OpCode::Recycle,
            "equip" => OpCode::Equip,
            "sacrifice" => OpCode::Sacrifice,
            "ready" => OpCode::Ready,
            "ifdone" => OpCode::IfDone,
            "steal" => OpCode::Steal,
            "banish" => OpCode::Banish,
            "health" => OpCode::Health,
            "armor" => OpCode::Armor,
            "focus" => OpCode::Focus,
            "unfocus" => OpCode::Unfocus,
            "curse" => OpCode::Curse,
            "enlistcost" => OpCode::EnlistCost,
            "actioncost" => OpCode::ActionCost,
            o => {
                return Err(format!(
                    "unknown op `{o}` (see docs/games/allegiance.md, effect vocabulary)"
                ))
            }
        };
        let mut rest = &w[1..];
        let mut scope = Scope::Targets;
        if let Some(s) = rest.first().and_then(|s| parse_scope(s)) {
            if !needs_scope(code) {
                return Err(format!("`{}` takes no scope", w[0]));
            }
            scope = s;
            rest = &rest[1..];
        }
        let mut op = Op {
            code,
            scope,
            n: 0,
            card: 0,
            amount: Amount::Fixed,
            upto: false,
        };
        if let Some(done) = parse_counter_op(w, rest, op)? {
            return Ok(done);
        }
        let number = |s: Option<&&str>, lo: i8| -> Result<i8, String> {
            let s = s.ok_or_else(|| format!("`{}` needs a number", w[0]))?;
            s.parse::<i8>()
                .ok()
                .filter(|v| (lo..=MAX_ARG).contains(v))
                .ok_or_else(|| format!("`{}`: `{s}` is not a number from {lo} to {MAX_ARG}", w[0]))
        };
        let card_named = |words: &[&str], unit: bool| -> Result<u8, String> {
            let name = words.join(" ");
            let id = self
                .find(&name)
                .ok_or_else(|| format!("unknown card `{name}`"))?;
            let k = self.card(id).kind;
            if unit && !matches!(k, Kind::SpecialBasic | Kind::SpecialElite) {
                return Err(format!("`{name}` is not a special unit"));
            }
            if !unit && k != Kind::Special {
                return Err(format!("`{name}` is not a special (attachment) card"));
            }
            Ok(id)
        };
        match code {
            OpCode::Damage | OpCode::Heal | OpCode::Augment | OpCode::Shield => {
                op.n = number(rest.first(), 1)?;
                rest = &rest[1..];
            }
            OpCode::Boost => {
                op.n = number(rest.first(), -MAX_ARG)?;
                rest = &rest[1..];
                if rest.first() == Some(&"battle") {
                    op.card = BATTLE_LONG;
                    rest = &rest[1..];
                }
            }
            OpCode::Gold | OpCode::Draw | OpCode::Discard | OpCode::Mill | OpCode::Ready => {
                op.n = number(rest.first(), 1)?;
                rest = &rest[1..];
            }
            OpCode::Token => {
                let (n, name) = rest
                    .split_last()
                    .ok_or("`token` needs a card name and a count")?;
                op.n = number(Some(n), 1)?;
                op.card = card_named(name, true)?;
                rest = &[];
            }
            OpCode::Recycle => {
                if rest.first() == Some(&"upto") {
                    op.upto = true;
                    rest = &rest[1..];
                }
                op.n = number(rest.first(), 1)?;
                op.card = card_named(&rest[1..], true)?;
                rest = &[];
            }
            OpCode::Attach => {
                op.card = if rest.is_empty() {
                    ATTACH_THIS
                } else {
                    card_named(rest, false)?
                };
                rest = &[];
            }
            OpCode::Banish => {
                op.n = match rest.first() {
                    Some(&"eot") => 0,
                    Some(&"next") => 1,
                    _ => return Err("`banish` needs `eot` (until the end of this turn) or `next` (until the start of its controller's next turn)".into()),
                };
                rest = &rest[1..];
            }
            OpCode::Raise => {
                op.n = match rest.first() {
                    Some(&"basic") => 0,
                    Some(&"elite") => 1,
                    Some(&"any") => 2,
                    _ => return Err("`raise` needs basic, elite or any".into()),
                };
                rest = &rest[1..];
            }
            _ => {}
        }
        if !rest.is_empty() {
            return Err(format!("unexpected `{}` after `{}`", rest.join(" "), w[0]));
        }
        Ok(op)
    }
}

pub(super) fn needs_scope(code: OpCode) -> bool {
    matches!(
        code,
        OpCode::Damage
            | OpCode::Heal
            | OpCode::Augment
            | OpCode::Boost
            | OpCode::Shield
            | OpCode::Destroy
            | OpCode::Exhaust
            | OpCode::Refresh
            | OpCode::Drain
            | OpCode::Attach
            | OpCode::Steal
            | OpCode::Banish
            | OpCode::Curse
            | OpCode::Health
            | OpCode::Armor
            | OpCode::EnlistCost
            | OpCode::ActionCost
    )
}

/// Triggers an attachment's effects may have (their `host` is the unit it is attached to).
pub const ATTACHED_TRIGGERS: [Trigger; 3] = [Trigger::EndTurn, Trigger::Attack, Trigger::Hit];

pub(super) fn parse_scope(s: &str) -> Option<Scope> {
    Some(match s {
        "targets" => Scope::Targets,
        "me" => Scope::Me,
        "self" => Scope::This,
        "host" => Scope::Host,
        "allies" => Scope::Allies,
        "foes" => Scope::Foes,
        "units" => Scope::Units,
        "foeheroes" => Scope::FoeHeroes,
        _ => return None,
    })
}

pub(super) fn num(
    path: &Path,
    line: u64,
    what: &str,
    s: &str,
    lo: u8,
    hi: u8,
) -> Result<u8, LoadError> {
    s.trim()
        .parse::<u8>()
        .ok()
        .filter(|v| (lo..=hi).contains(v))
        .ok_or_else(|| {
            LoadError::at(
                path,
                line,
                format!("{what} `{s}` is not a whole number from {lo} to {hi}"),
            )
        })
}

pub(super) fn yes_no(path: &Path, line: u64, s: &str) -> Result<bool, LoadError> {
    match s.trim().to_lowercase().as_str() {
        "yes" | "true" => Ok(true),
        "no" | "false" | "" => Ok(false),
        _ => Err(LoadError::at(
            path,
            line,
            format!("reaction `{s}` is not yes or no"),
        )),
    }
}
