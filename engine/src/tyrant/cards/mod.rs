//! Tyrant card data: CSV loading and the dense compiled table.
//!
//! Columns: `name,type,faction,attack,health,delay,skills` and optionally `notes` (ignored
//! by the engine). Header names are matched case-insensitively and may come in any order.
//! Skills are `;`-separated, each `name [X] [all] [faction]`.

use std::collections::HashMap;
use std::path::Path;

use arrayvec::ArrayVec;

use crate::LoadError;

mod parse;
use parse::parse_card;
pub use parse::{PASSIVE_FLAG, PASSIVE_X};

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

    /// Names of cards close to `name` (for "did you mean" hints; bounded work).
    pub fn similar(&self, name: &str) -> Vec<&str> {
        crate::data::suggest_among(self.cards.iter().map(|c| c.name.as_str()), name)
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
