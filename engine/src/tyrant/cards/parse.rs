//! The card-file row parser: a CSV row of the card table to a compiled card, with errors that
//! name the file, the line, the column and what the column allows.

use std::path::Path;

use arrayvec::ArrayVec;

use super::{ActKind, ActSkill, CardDef, CardType, Passives, ANY_FACTION, MAX_ACT_SKILLS};
use crate::LoadError;

/// Passive skills printed with a number X.
pub const PASSIVE_X: [&str; 12] = [
    "armor",
    "counter",
    "pierce",
    "leech",
    "berserk",
    "poison",
    "flurry",
    "valor",
    "antiair",
    "siphon",
    "crush",
    "regenerate",
];

/// Passive skills printed without a number.
pub const PASSIVE_FLAG: [&str; 10] = [
    "swipe",
    "wall",
    "flying",
    "immobilize",
    "disease",
    "payback",
    "tribute",
    "evade",
    "refresh",
    "fear",
];

/// A skill's X as written: required when the skill takes one, refused otherwise (0).
fn skill_x(takes_x: bool, x: Option<u8>) -> Result<u8, &'static str> {
    match (takes_x, x) {
        (true, Some(v)) => Ok(v),
        (true, None) => Err("needs a number X (a whole number from 1 to 99)"),
        (false, Some(_)) => Err("takes no number"),
        (false, None) => Ok(0),
    }
}

fn parse_num(
    err: &dyn Fn(&str, String) -> LoadError,
    col: &str,
    s: &str,
    max: u8,
) -> Result<u8, LoadError> {
    s.parse::<u8>()
        .ok()
        .filter(|v| *v <= max)
        .ok_or_else(|| err(col, format!("`{s}` is not a whole number from 0 to {max}")))
}

pub(super) fn parse_card(
    path: &Path,
    line: u64,
    f: &[String],
    factions: &[String],
) -> Result<CardDef, LoadError> {
    // Every message names the file, the line and the column at fault.
    let err_in = |col: &str, m: String| LoadError::at(path, line, format!("column `{col}`: {m}"));
    let name = f[0].trim().to_string();
    if name.is_empty() {
        return Err(err_in("name", "empty card name".into()));
    }
    let err = |col: &str, m: String| err_in(col, format!("card `{name}`: {m}"));
    let kind = CardType::parse(&f[1]).ok_or_else(|| {
        err(
            "type",
            format!(
                "unknown type `{}` (expected commander, assault, structure or action)",
                f[1]
            ),
        )
    })?;
    let faction = factions
        .iter()
        .position(|x| *x == f[2].to_lowercase())
        .expect("faction collected") as u8;
    let (atk, hp, delay) = (&f[3], &f[4], &f[5]);
    let need_empty = |what: &str, v: &str| -> Result<(), LoadError> {
        if v.is_empty() || v == "0" {
            Ok(())
        } else {
            Err(err(
                what,
                format!(
                    "{} has no {what} (found `{v}`; leave it empty)",
                    kind.with_article()
                ),
            ))
        }
    };
    let need = |what: &str, v: &str, max: u8| -> Result<u8, LoadError> {
        if v.is_empty() {
            return Err(err(
                what,
                format!(
                    "{} needs a {what} (a whole number from 0 to {max})",
                    kind.with_article()
                ),
            ));
        }
        parse_num(&err, what, v, max)
    };
    let (attack, health, delay) = match kind {
        CardType::Commander => {
            need_empty("attack", atk)?;
            need_empty("delay", delay)?;
            (0, need("health", hp, 250)?, 0)
        }
        CardType::Assault => (
            need("attack", atk, 99)?,
            need("health", hp, 250)?,
            need("delay", delay, 9)?,
        ),
        CardType::Structure => {
            need_empty("attack", atk)?;
            (0, need("health", hp, 250)?, need("delay", delay, 9)?)
        }
        CardType::Action => {
            need_empty("attack", atk)?;
            need_empty("health", hp)?;
            need_empty("delay", delay)?;
            (0, 0, 0)
        }
    };
    if matches!(
        kind,
        CardType::Commander | CardType::Assault | CardType::Structure
    ) && health == 0
    {
        return Err(err(
            "health",
            "health must be at least 1 (a whole number from 1 to 250)".into(),
        ));
    }
    let err = |m: String| err("skills", m);
    let mut acts = ArrayVec::new();
    let mut passive = Passives::default();
    let mut seen: Vec<String> = Vec::new();
    for part in f[6].split(';') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let toks: Vec<&str> = part.split_whitespace().collect();
        let sname = toks[0].to_lowercase();
        if seen.contains(&sname) {
            return Err(err(format!("skill `{sname}` is listed twice")));
        }
        seen.push(sname.clone());
        let mut x: Option<u8> = None;
        let mut all = false;
        let mut fac = ANY_FACTION;
        for t in &toks[1..] {
            let tl = t.to_lowercase();
            if let Ok(v) = tl.parse::<u32>() {
                if x.is_some() || v == 0 || v > 99 {
                    return Err(err(format!(
                        "skill `{part}`: bad number `{t}` (one number from 1 to 99)"
                    )));
                }
                x = Some(v as u8);
            } else if tl == "all" {
                all = true;
            } else if let Some(i) = factions.iter().position(|q| *q == tl) {
                fac = i as u8;
            } else {
                return Err(err(format!(
                    "skill `{part}`: `{t}` is neither a number, `all`, nor a faction of this file ({})",
                    factions.join(", ")
                )));
            }
        }
        let act = match sname.as_str() {
            "strike" => Some(ActKind::Strike),
            "rally" => Some(ActKind::Rally),
            "weaken" => Some(ActKind::Weaken),
            "enfeeble" => Some(ActKind::Enfeeble),
            "protect" => Some(ActKind::Protect),
            "jam" => Some(ActKind::Jam),
            "chaos" => Some(ActKind::Chaos),
            _ => None,
        };
        if let Some(k) = act {
            let x = skill_x(k.takes_x(), x).map_err(|m| err(format!("skill `{sname}` {m}")))?;
            if acts.len() == MAX_ACT_SKILLS {
                return Err(err(format!("at most {MAX_ACT_SKILLS} activation skills")));
            }
            acts.push(ActSkill {
                kind: k,
                x,
                all,
                faction: fac,
            });
            continue;
        }
        if all || fac != ANY_FACTION {
            return Err(err(format!(
                "skill `{sname}` is passive and takes no `all` or faction"
            )));
        }
        let takes_x = PASSIVE_X.contains(&sname.as_str());
        if !takes_x && !PASSIVE_FLAG.contains(&sname.as_str()) {
            return Err(err(format!(
                "unknown skill `{sname}` (known: strike, rally, weaken, enfeeble, protect, jam, chaos, {}, {})",
                PASSIVE_X.join(", "),
                PASSIVE_FLAG.join(", ")
            )));
        }
        let xv = skill_x(takes_x, x).map_err(|m| err(format!("skill `{sname}` {m}")))?;
        // Where a passive skill can do anything at all.
        let fits = match sname.as_str() {
            "wall" => kind == CardType::Structure,
            "armor" => matches!(kind, CardType::Assault | CardType::Structure),
            "counter" => kind != CardType::Action,
            "refresh" => kind != CardType::Action,
            _ => kind == CardType::Assault,
        };
        if !fits {
            return Err(err(format!(
                "skill `{sname}` has no effect on {} (it works on {})",
                kind.with_article(),
                match sname.as_str() {
                    "wall" => "structures",
                    "armor" => "assaults and structures",
                    "counter" => "commanders, assaults and structures",
                    "refresh" => "commanders, assaults and structures",
                    _ => "assaults",
                }
            )));
        }
        match sname.as_str() {
            "armor" => passive.armor = xv,
            "counter" => passive.counter = xv,
            "pierce" => passive.pierce = xv,
            "leech" => passive.leech = xv,
            "berserk" => passive.berserk = xv,
            "poison" => passive.poison = xv,
            "flurry" => passive.flurry = xv,
            "valor" => passive.valor = xv,
            "swipe" => passive.swipe = true,
            "wall" => passive.wall = true,
            "flying" => passive.flying = true,
            "antiair" => passive.antiair = xv,
            "immobilize" => passive.immobilize = true,
            "siphon" => passive.siphon = xv,
            "disease" => passive.disease = true,
            "crush" => passive.crush = xv,
            "regenerate" => passive.regenerate = xv,
            "payback" => passive.payback = true,
            "tribute" => passive.tribute = true,
            "evade" => passive.evade = true,
            "refresh" => passive.refresh = true,
            "fear" => passive.fear = true,
            _ => unreachable!(),
        }
    }
    if kind == CardType::Action && acts.is_empty() {
        return Err(err(
            "an action card needs at least one activation skill".into()
        ));
    }
    Ok(CardDef {
        name,
        kind,
        faction,
        attack,
        health,
        delay,
        acts,
        passive,
        line,
    })
}
