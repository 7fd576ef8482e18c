//! Tyrant card data: CSV loading and the dense compiled table.
//!
//! Columns: `name,type,faction,attack,health,delay,skills` and optionally `notes` (ignored
//! by the engine). Header names are matched case-insensitively and may come in any order.
//! Skills are `;`-separated, each `name [X] [all] [faction]`.

use std::collections::HashMap;
use std::path::Path;

use arrayvec::ArrayVec;

use crate::LoadError;

/// Most activation skills one card may list.
pub const MAX_ACT_SKILLS: usize = 4;

/// Card types.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CardType {
    /// The player's commander: starts in play, has health and activation skills.
    Commander,
    /// An assault: attacks, has timers and skills.
    Assault,
    /// A structure: sits in its own row, may be a Wall.
    Structure,
    /// An action: its activation skills fire once when played.
    Action,
}

impl CardType {
    fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "commander" => Some(CardType::Commander),
            "assault" => Some(CardType::Assault),
            "structure" => Some(CardType::Structure),
            "action" => Some(CardType::Action),
            _ => None,
        }
    }
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            CardType::Commander => "commander",
            CardType::Assault => "assault",
            CardType::Structure => "structure",
            CardType::Action => "action",
        }
    }

    /// The type's name with its article ("an assault"), for messages.
    pub fn with_article(self) -> &'static str {
        match self {
            CardType::Commander => "a commander",
            CardType::Assault => "an assault",
            CardType::Structure => "a structure",
            CardType::Action => "an action",
        }
    }
}

/// Activation skills (fired in printed order when the card acts).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ActKind {
    /// X damage to an enemy assault (Enfeeble adds, Protect subtracts).
    Strike,
    /// +X attack this turn to an allied assault that will still attack.
    Rally,
    /// −X attack to an enemy assault until the end of its next turn.
    Weaken,
    /// Enemy assault takes +X from every damage this turn.
    Enfeeble,
    /// Allied assault takes −X from every damage until its owner's next turn.
    Protect,
    /// Enemy assault (50%, `jam_chance`) skips its next turn, skills and attack.
    Jam,
    /// Enemy assault's hostile skills hit its own allies until the end of its turn.
    Chaos,
}

impl ActKind {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            ActKind::Strike => "strike",
            ActKind::Rally => "rally",
            ActKind::Weaken => "weaken",
            ActKind::Enfeeble => "enfeeble",
            ActKind::Protect => "protect",
            ActKind::Jam => "jam",
            ActKind::Chaos => "chaos",
        }
    }
    /// Whether the skill targets enemies (and so can be evaded, reflected, chaosed).
    pub fn hostile(self) -> bool {
        !matches!(self, ActKind::Rally | ActKind::Protect)
    }
    /// Whether the skill is printed with a number X.
    pub fn takes_x(self) -> bool {
        !matches!(self, ActKind::Jam | ActKind::Chaos)
    }
}

/// No faction restriction.
pub const ANY_FACTION: u8 = u8::MAX;

/// One activation skill as printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ActSkill {
    /// Which skill.
    pub kind: ActKind,
    /// Its X.
    pub x: u8,
    /// Hits every valid target instead of one random one.
    pub all: bool,
    /// Only sees cards of this faction ([`ANY_FACTION`] for none).
    pub faction: u8,
}

/// Passive skills (attack modifiers, on-damage effects, defences), as plain numbers; 0 = none.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Passives {
    /// Armor X: −X on each attack against this assault.
    pub armor: u8,
    /// Counter X: X damage back to an attacker that damaged this card.
    pub counter: u8,
    /// Pierce X: ignores up to X of the target's Armor + Protect.
    pub pierce: u8,
    /// Leech X: heals itself by up to X of the damage it deals to an assault.
    pub leech: u8,
    /// Berserk X: +X attack permanently after damaging an assault.
    pub berserk: u8,
    /// Poison X: damaged assaults lose X health at the start of each of their turns.
    pub poison: u8,
    /// Flurry X: 50% chance to attack X extra times.
    pub flurry: u8,
    /// Valor X: +X damage while its side has fewer living assaults.
    pub valor: u8,
    /// Swipe: also hits the two assaults beside the one opposite.
    pub swipe: bool,
    /// Wall: attacks on the commander hit this structure instead.
    pub wall: bool,
    /// Flying: 50% chance to dodge each attack (not against Flying or Antiair attackers).
    pub flying: bool,
    /// Antiair X: +X damage against Flying targets, and they cannot dodge.
    pub antiair: u8,
    /// Immobilize: 50% chance that a damaged assault does not attack on its next turn.
    pub immobilize: bool,
    /// Siphon X: heals its commander by up to X of the damage it deals to an assault.
    pub siphon: u8,
    /// Disease: damaged assaults can no longer be healed or regenerate.
    pub disease: bool,
    /// Crush X: on killing an assault, X damage to the leftmost Wall or the commander.
    pub crush: u8,
    /// Regenerate X: on dying, 50% chance to come back with X health (not when diseased).
    pub regenerate: u8,
    /// Payback: 50% chance to turn an enemy assault's skill back on that assault.
    pub payback: bool,
    /// Tribute: 50% chance that an allied assault's skill on this card also hits that ally.
    pub tribute: bool,
    /// Evade: 50% chance to ignore an enemy activation skill.
    pub evade: bool,
    /// Refresh: full health again at the end of its owner's turn.
    pub refresh: bool,
    /// Fear: attacks as if the slot opposite were empty.
    pub fear: bool,
}

/// One card, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDef {
    /// Name as written in the file.
    pub name: String,
    /// Type.
    pub kind: CardType,
    /// Faction id (index into [`CardDb::factions`]).
    pub faction: u8,
    /// Printed attack (0 for commanders, structures, actions).
    pub attack: u8,
    /// Printed health (0 for actions).
    pub health: u8,
    /// Delay: the timer a played card starts with.
    pub delay: u8,
    /// Activation skills in printed order.
    pub acts: ArrayVec<ActSkill, MAX_ACT_SKILLS>,
    /// Passive skills.
    pub passive: Passives,
    /// 1-based line of the card file, for messages.
    pub line: u64,
}

impl CardDef {
    /// Names of the skills the card has (activation skills in printed order, then passive
    /// skills in the order of [`PASSIVE_X`] and [`PASSIVE_FLAG`]).
    pub fn skill_names(&self) -> Vec<&'static str> {
        let p = &self.passive;
        let mut v: Vec<&'static str> = self.acts.iter().map(|a| a.kind.name()).collect();
        let x = [
            p.armor,
            p.counter,
            p.pierce,
            p.leech,
            p.berserk,
            p.poison,
            p.flurry,
            p.valor,
            p.antiair,
            p.siphon,
            p.crush,
            p.regenerate,
        ];
        let flags = [
            p.swipe,
            p.wall,
            p.flying,
            p.immobilize,
            p.disease,
            p.payback,
            p.tribute,
            p.evade,
            p.refresh,
            p.fear,
        ];
        v.extend(
            PASSIVE_X
                .iter()
                .zip(x)
                .filter(|(_, n)| *n > 0)
                .map(|(s, _)| *s),
        );
        v.extend(
            PASSIVE_FLAG
                .iter()
                .zip(flags)
                .filter(|(_, on)| *on)
                .map(|(s, _)| *s),
        );
        v
    }
}

/// The card table of one card file.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    /// Cards in file order; a card's id is its index.
    pub cards: Vec<CardDef>,
    /// Faction names, in order of first appearance.
    pub factions: Vec<String>,
    by_name: HashMap<String, u16>,
}

/// Largest card table (ids are `u16`).
pub const MAX_CARDS: usize = 60_000;

impl CardDb {
    /// Look a card up by name, ignoring case and surrounding spaces.
    pub fn find(&self, name: &str) -> Option<u16> {
        self.by_name.get(&name.trim().to_lowercase()).copied()
    }

    /// The card with id `id`.
    #[inline]
    pub fn card(&self, id: u16) -> &CardDef {
        &self.cards[id as usize]
    }

    /// Names of cards close to `name` (for "did you mean" hints).
    pub fn similar(&self, name: &str) -> Vec<&str> {
        let n = name.trim().to_lowercase();
        let mut v: Vec<(usize, &str)> = self
            .cards
            .iter()
            .map(|c| (edit_distance(&n, &c.name.to_lowercase()), c.name.as_str()))
            .filter(|(d, _)| *d <= 3.max(n.len() / 4))
            .collect();
        v.sort();
        v.into_iter().take(3).map(|(_, s)| s).collect()
    }

    /// Load and validate a card file.
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        let text = crate::data::read_text(path, "card file")?;
        Self::parse(path, &text)
    }

    /// Parse card CSV text; `path` is used in messages. The shared table reader
    /// ([`crate::data::CardTable`]) checks the header (the columns below, `notes` optional)
    /// and skips blank and `#` comment rows.
    pub fn parse(path: &Path, text: &str) -> Result<Self, LoadError> {
        const COLUMNS: [&str; 7] = [
            "name", "type", "faction", "attack", "health", "delay", "skills",
        ];
        let table = crate::data::CardTable::parse(path, text, &COLUMNS, &["notes"])?;
        let mut rows = Vec::new();
        let mut db = CardDb::default();
        for row in table.rows() {
            let f: Vec<String> = COLUMNS
                .iter()
                .map(|c| table.cell(row, c).text.to_string())
                .collect();
            // Factions are collected first so that skills may name any faction of the file.
            let faction = f[2].to_lowercase();
            if faction.is_empty() {
                return Err(table.cell(row, "faction").err("is empty but required"));
            }
            if !db.factions.contains(&faction) {
                db.factions.push(faction);
            }
            rows.push((row.line, f));
        }
        if db.factions.len() >= ANY_FACTION as usize {
            return Err(LoadError::file(path, "too many factions (at most 254)"));
        }
        if rows.is_empty() {
            return Err(LoadError::file(path, "no cards in the card file"));
        }
        if rows.len() > MAX_CARDS {
            return Err(LoadError::file(
                path,
                format!("too many cards (at most {MAX_CARDS})"),
            ));
        }
        for (line, f) in rows {
            let card = parse_card(path, line, &f, &db.factions)?;
            let key = card.name.to_lowercase();
            if let Some(&prev) = db.by_name.get(&key) {
                return Err(LoadError::at(
                    path,
                    line,
                    format!(
                        "column `name`: duplicate card name `{}` (first defined on line {})",
                        card.name, db.cards[prev as usize].line
                    ),
                ));
            }
            db.by_name.insert(key, db.cards.len() as u16);
            db.cards.push(card);
        }
        Ok(db)
    }
}

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

fn parse_card(
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

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
