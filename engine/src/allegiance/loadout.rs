//! Loadout files, Allegiance's "decks": `hero = NAME` and optionally the starting
//! `weapon = FACE` and `armor = FACE` of that hero, read with the shared deck-file reader
//! (so a repeated key or a stray card line is an error naming its line).

use super::cards::CardDb;
use crate::data::DeckFile;
use crate::{DeckText, LoadError};

/// A hero loadout: what a "deck" is in Allegiance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loadout {
    /// Name (file stem).
    pub name: String,
    /// Hero index.
    pub hero: u8,
    /// Starting weapon face, if fixed.
    pub weapon: Option<u8>,
    /// Starting armor face, if fixed.
    pub armor: Option<u8>,
    /// Abilities removed by a card edit (`cardsim impact`): bit `i` = ability `i` of the hero
    /// can never be unlocked or used by this loadout's player (see `docs/games/allegiance.md`, "Card edits").
    pub disabled: u8,
}

impl Loadout {
    /// Parse a loadout file's text.
    pub fn parse_text(t: &DeckText, db: &CardDb) -> Result<Self, LoadError> {
        let f = DeckFile::parse(t, &[], &["hero", "weapon", "armor"])?;
        if let Some(e) = f.entries.first() {
            return Err(f.err(
                e.line,
                format!(
                    "expected `key = value` (hero, weapon, armor), got `{}`",
                    e.name
                ),
            ));
        }
        let h = f
            .setting("", "hero")
            .ok_or_else(|| f.file_err("no `hero = NAME` line"))?;
        let hero = db.find_hero(&h.value).ok_or_else(|| {
            f.err(
                h.line,
                format!(
                    "unknown hero `{}` (known: {})",
                    h.value,
                    db.heroes
                        .iter()
                        .map(|h| h.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        let hh = &db.heroes[hero as usize];
        let face = |k: &str| -> Result<Option<u8>, LoadError> {
            let Some(s) = f.setting("", k) else {
                return Ok(None);
            };
            let faces = if k == "weapon" {
                &hh.weapons
            } else {
                &hh.armors
            };
            faces
                .iter()
                .position(|x| x.name.eq_ignore_ascii_case(&s.value))
                .map(|i| Some(i as u8))
                .ok_or_else(|| {
                    f.err(
                        s.line,
                        format!(
                            "`{}` is not {} {k} of {} (known: {})",
                            s.value,
                            if k == "armor" { "an" } else { "a" },
                            hh.name,
                            faces
                                .iter()
                                .map(|x| x.name.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )
                })
        };
        Ok(Loadout {
            name: t.name.clone(),
            hero,
            weapon: face("weapon")?,
            armor: face("armor")?,
            disabled: 0,
        })
    }
}
