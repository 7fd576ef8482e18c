//! The effect vocabulary of static abilities and of focus and curse counters, and the checks
//! of which scopes each holder of effects may use.

use std::path::Path;

use super::*;
use crate::LoadError;

// ----- static abilities and focus/curse counters (see `docs/games/allegiance.md`, "Static abilities" and
// "Focus and curse counters") -----------------------------------------------------------------

/// What a list of effects belongs to, for the scopes its static abilities may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StaticHolder {
    /// A unit (`self`, `allies`, `foes`, `units`, `me`, `foeheroes`).
    Unit,
    /// An attachment (special card): `host` too, no `self`.
    Attachment,
    /// A weapon or armor face: no `self`, no `host`.
    Face,
    /// A hero's special rules: no `self`, no `host`.
    Hero,
    /// Action cards: no static abilities.
    None,
}

/// Parse the focus-counter cost number of `focus N` (1 to 30).
pub(super) fn focus_cost(n: Option<&str>) -> Result<u8, String> {
    n.and_then(|v| v.parse::<u8>().ok())
        .filter(|v| (1..=MAX_ARG as u8).contains(v))
        .ok_or_else(|| format!("a focus cost needs a number from 1 to {MAX_ARG}"))
}

/// The counter ops and static ops (`focus N`, `unfocus`, `curse N`, `health N`, `armor N`) and
/// `focus` as an op's amount (`damage focus`); `None` for every other op.
pub(super) fn parse_counter_op(
    w: &[&str],
    rest: &[&str],
    mut op: Op,
) -> Result<Option<Op>, String> {
    let name = w[0];
    let number = |s: Option<&&str>, lo: i8| -> Result<i8, String> {
        let s = s.ok_or_else(|| format!("`{name}` needs a number"))?;
        s.parse::<i8>()
            .ok()
            .filter(|v| (lo..=MAX_ARG).contains(v) && *v != 0)
            .ok_or_else(|| {
                format!("`{name}`: `{s}` is not a number from {lo} to {MAX_ARG} (not 0)")
            })
    };
    let used = match op.code {
        OpCode::Focus | OpCode::Curse => {
            op.n = number(rest.first(), 1)?;
            1
        }
        OpCode::Health | OpCode::Armor | OpCode::EnlistCost | OpCode::ActionCost => {
            op.n = number(rest.first(), -MAX_ARG)?;
            1
        }
        OpCode::Unfocus => 0,
        OpCode::Damage | OpCode::Heal | OpCode::Shield | OpCode::Boost | OpCode::Gold
            if rest.first() == Some(&"focus") =>
        {
            op.amount = Amount::Focus;
            1
        }
        _ => return Ok(None),
    };
    if rest.len() > used {
        return Err(format!(
            "unexpected `{}` after `{name}`",
            rest[used..].join(" ")
        ));
    }
    Ok(Some(op))
}

impl CardDb {
    /// Compile a `static:` effect's ops: `boost`, `health` (units' attack and maximum health;
    /// scopes `self`, `host`, `allies`, `foes`, `units`), `armor` (heroes' armor rating),
    /// `enlistcost` and `actioncost` (players' gold costs; scopes `me`, `foeheroes`), with fixed
    /// numbers.
    pub(super) fn compile_static(
        &mut self,
        path: &Path,
        line: u64,
        text: &str,
        body: &str,
        mut e: Effect,
    ) -> Result<u16, LoadError> {
        let err = |m: String| LoadError::at(path, line, format!("effect `{text}`: {m}"));
        for part in body.split('|').map(str::trim) {
            let words: Vec<&str> = part.split_whitespace().collect();
            if words.is_empty() {
                return Err(err("empty op between `|`".into()));
            }
            if words[0] == "target" {
                return Err(err("a static ability has no targets (use a scope)".into()));
            }
            if e.ops.is_full() {
                return Err(err(format!("more than {MAX_OPS} ops")));
            }
            let op = self.parse_op(&words).map_err(err)?;
            let unit_scope = matches!(
                op.scope,
                Scope::This | Scope::Host | Scope::Allies | Scope::Foes | Scope::Units
            );
            let hero_scope = matches!(op.scope, Scope::Me | Scope::FoeHeroes);
            let ok = match op.code {
                OpCode::Boost | OpCode::Health => unit_scope,
                OpCode::Armor | OpCode::EnlistCost | OpCode::ActionCost => hero_scope,
                _ => {
                    return Err(err(format!(
                        "`{}` cannot be static (static ops: boost, health, armor, enlistcost, actioncost)",
                        words[0]
                    )))
                }
            };
            if !ok || op.scope == Scope::Targets {
                return Err(err(format!(
                    "static `{}` needs a scope: {}",
                    words[0],
                    if hero_scope_op(op.code) {
                        "me or foeheroes"
                    } else {
                        "self, host, allies, foes or units"
                    }
                )));
            }
            if op.amount != Amount::Fixed || op.n == 0 {
                return Err(err(format!(
                    "static `{}` needs a fixed number (not 0)",
                    words[0]
                )));
            }
            e.ops.push(op);
        }
        self.push_effect(path, line, text, e)
    }

    /// Check the scopes of the static abilities among `effects` against what holds them
    /// (`self` needs a unit, `host` an attachment), and that hero rules are all static.
    pub(super) fn check_statics(
        &self,
        path: &Path,
        line: u64,
        effects: &[u16],
        holder: StaticHolder,
    ) -> Result<(), LoadError> {
        for &id in effects {
            let e = self.effect(id);
            if e.trigger != Trigger::Static {
                if holder == StaticHolder::Hero {
                    return Err(LoadError::at(
                        path,
                        line,
                        "a hero's special-rule effects must be `static:` effects",
                    ));
                }
                continue;
            }
            for op in &e.ops {
                let bad = match op.scope {
                    Scope::This => holder != StaticHolder::Unit,
                    Scope::Host => holder != StaticHolder::Attachment,
                    _ => holder == StaticHolder::None,
                };
                if bad {
                    return Err(LoadError::at(
                        path,
                        line,
                        format!(
                            "static scope `{}` does not fit a {}",
                            match op.scope {
                                Scope::This => "self (only on units)",
                                Scope::Host => "host (only on attachments)",
                                _ => "scope",
                            },
                            match holder {
                                StaticHolder::Unit => "unit",
                                StaticHolder::Attachment => "special (attachment) card",
                                StaticHolder::Face => "weapon or armor face",
                                StaticHolder::Hero => "hero",
                                StaticHolder::None => "card out of play",
                            }
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Add a compiled effect (it needs at least one op); returns its id.
    pub(super) fn push_effect(
        &mut self,
        path: &Path,
        line: u64,
        text: &str,
        e: Effect,
    ) -> Result<u16, LoadError> {
        let err = |m: &str| LoadError::at(path, line, format!("effect `{text}`: {m}"));
        if e.ops.is_empty() {
            return Err(err("no ops"));
        }
        if self.effects.len() >= NO_EFFECT as usize {
            return Err(err("too many effects"));
        }
        self.effects.push(e);
        Ok(self.effects.len() as u16 - 1)
    }

    /// Whether any of `effects` is a static ability.
    pub fn has_static(&self, effects: &[u16]) -> bool {
        effects
            .iter()
            .any(|&e| self.effect(e).trigger == Trigger::Static)
    }
}

/// Number of kinds of static op ([`static_kind`]).
pub const STATIC_KINDS: usize = 5;

/// Index of a static op's kind: attack, maximum health, other (armor), enlist cost, action
/// cost.
pub fn static_kind(code: OpCode) -> usize {
    match code {
        OpCode::Boost => 0,
        OpCode::Health => 1,
        OpCode::EnlistCost => 3,
        OpCode::ActionCost => 4,
        _ => 2,
    }
}

/// Whether a static op acts on players (scopes `me`, `foeheroes`) rather than units.
pub(super) fn hero_scope_op(code: OpCode) -> bool {
    matches!(
        code,
        OpCode::Armor | OpCode::EnlistCost | OpCode::ActionCost
    )
}
