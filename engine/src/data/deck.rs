//! Deck files: `3x Card Name` entries, `#` comments (the first is the deck's description),
//! `key = value` settings and `[section]` headers, plus the deck-size and copy-limit checks
//! every game's deck rules are made of.

use std::path::PathBuf;

use super::table::clip;
use crate::{DeckText, LoadError};

/// One card line of a deck file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckEntry {
    /// Line in the file (the deck text's offset included).
    pub line: u64,
    /// Section the entry is in (`""` before any `[section]` header).
    pub section: String,
    /// Copies.
    pub count: u32,
    /// The card's name as written (trimmed).
    pub name: String,
}

/// One `key = value` line of a deck file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Line in the file (the deck text's offset included).
    pub line: u64,
    /// Section the setting is in (`""` before any header).
    pub section: String,
    /// The key, lowercase.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
}

/// A parsed deck file, before its names are looked up in a game's card table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckFile {
    /// The deck's name (the file stem, or the name a scenario gives it).
    pub name: String,
    /// File to name in messages.
    pub file: PathBuf,
    /// The first `#` comment before any entry or setting, trimmed (may be empty).
    pub description: String,
    /// Card lines in file order.
    pub entries: Vec<DeckEntry>,
    /// Settings in file order.
    pub settings: Vec<Setting>,
}

/// Most copies one deck line may ask for.
const MAX_LINE_COUNT: u32 = 1000;

impl DeckFile {
    /// Parse deck text. `sections` are the allowed `[section]` names (the unnamed section
    /// before any header is always allowed); `keys` the allowed setting keys. A setting
    /// repeated within a section is an error naming both lines.
    pub fn parse(text: &DeckText, sections: &[&str], keys: &[&str]) -> Result<Self, LoadError> {
        let off = text.line_offset;
        let err = |line: u64, m: String| LoadError::at(&text.file, line, m);
        let body = text.text.strip_prefix('\u{feff}').unwrap_or(&text.text);
        let mut deck = DeckFile {
            name: text.name.clone(),
            file: text.file.clone(),
            description: String::new(),
            entries: Vec::new(),
            settings: Vec::new(),
        };
        let mut section = String::new();
        let mut seen_content = false;
        for (i, raw) in body.lines().enumerate() {
            let line = i as u64 + 1 + off;
            let l = raw.trim();
            if l.is_empty() {
                continue;
            }
            if let Some(c) = l.strip_prefix('#') {
                if !seen_content && deck.description.is_empty() {
                    deck.description = c.trim().to_string();
                }
                continue;
            }
            seen_content = true;
            if let Some(h) = l.strip_prefix('[') {
                let name = h
                    .strip_suffix(']')
                    .ok_or_else(|| {
                        err(line, format!("section header `{}` lacks its `]`", clip(l)))
                    })?
                    .trim()
                    .to_lowercase();
                if !sections.contains(&name.as_str()) {
                    return Err(err(
                        line,
                        if sections.is_empty() {
                            format!(
                                "unknown section `[{}]`: this game's decks have no sections",
                                clip(&name)
                            )
                        } else {
                            format!(
                                "unknown section `[{}]` (allowed: {})",
                                clip(&name),
                                sections
                                    .iter()
                                    .map(|s| format!("[{s}]"))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        },
                    ));
                }
                section = name;
                continue;
            }
            if let Some((k, v)) = l.split_once('=') {
                let key = k.trim().to_lowercase();
                if !keys.contains(&key.as_str()) {
                    return Err(err(
                        line,
                        if keys.is_empty() {
                            format!("unknown setting `{}`: this game's decks have no `key = value` lines", clip(&key))
                        } else {
                            format!(
                                "unknown setting `{}` (allowed: {})",
                                clip(&key),
                                keys.join(", ")
                            )
                        },
                    ));
                }
                if let Some(prev) = deck
                    .settings
                    .iter()
                    .find(|s| s.section == section && s.key == key)
                {
                    return Err(err(
                        line,
                        format!("`{key}` is set twice (first on line {})", prev.line),
                    ));
                }
                let value = v.trim().to_string();
                if value.is_empty() {
                    return Err(err(line, format!("`{key} =` has no value")));
                }
                deck.settings.push(Setting {
                    line,
                    section: section.clone(),
                    key,
                    value,
                });
                continue;
            }
            let (count, name) = split_count(l).map_err(|m| err(line, m))?;
            deck.entries.push(DeckEntry {
                line,
                section: section.clone(),
                count,
                name: name.to_string(),
            });
        }
        Ok(deck)
    }

    /// An error at `line` of the deck's file (`line` as stored in entries and settings).
    pub fn err(&self, line: u64, msg: impl Into<String>) -> LoadError {
        LoadError::at(&self.file, line, msg)
    }

    /// An error about the whole deck.
    pub fn file_err(&self, msg: impl Into<String>) -> LoadError {
        LoadError::file(&self.file, msg)
    }

    /// The setting `key` of `section`, if given.
    pub fn setting(&self, section: &str, key: &str) -> Option<&Setting> {
        self.settings
            .iter()
            .find(|s| s.section == section && s.key == key)
    }

    /// The entries of `section`, in file order.
    pub fn section<'a>(&'a self, section: &'a str) -> impl Iterator<Item = &'a DeckEntry> + 'a {
        self.entries.iter().filter(move |e| e.section == section)
    }
}

/// `3x Name`, `3 x Name` or `Name` (one copy); digits not followed by an `x` are part of
/// the name (`2nd Legion`, `3 Headed Hound`).
fn split_count(l: &str) -> Result<(u32, &str), String> {
    let digits = l.len() - l.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        // `-3x Name`: a negative count, not a card named "-3x Name".
        if let Some(r) = l.strip_prefix('-') {
            let d = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if d > 0 && r[d..].trim_start().starts_with(['x', 'X']) {
                return Err(format!(
                    "copy count `-{}` is not a whole number from 1 to {MAX_LINE_COUNT}",
                    clip(&r[..d])
                ));
            }
        }
        return Ok((1, l));
    }
    let rest = l[digits..].trim_start();
    let rest = match rest.strip_prefix(['x', 'X']) {
        Some(r) if r.is_empty() || r.starts_with(' ') => r.trim_start(),
        // "2nd Legion": the digits are part of the name.
        _ => return Ok((1, l)),
    };
    let count: u32 = l[..digits]
        .parse()
        .ok()
        .filter(|c| (1..=MAX_LINE_COUNT).contains(c))
        .ok_or_else(|| {
            format!(
                "copy count `{}` is not a whole number from 1 to {MAX_LINE_COUNT}",
                clip(&l[..digits])
            )
        })?;
    if rest.is_empty() {
        return Err(format!("`{}` names no card after the count", clip(l)));
    }
    Ok((count, rest))
}

/// Deck-size and copy limits of one part of a deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DeckRules {
    /// Fewest cards.
    pub min_cards: u32,
    /// Most cards.
    pub max_cards: u32,
    /// Most copies of one card (by name, case-insensitive).
    pub max_copies: u32,
}

impl DeckRules {
    /// Check the entries of `section`: the total within the limits (the error says how many
    /// there are and how many the rules allow) and no card over the copy limit (the error
    /// names the line where the limit is passed). `what` names the part ("deck", "hero deck").
    pub fn check(&self, deck: &DeckFile, section: &str, what: &str) -> Result<(), LoadError> {
        let mut counts: Vec<(String, u32)> = Vec::new();
        let mut total: u64 = 0;
        for e in deck.section(section) {
            total += u64::from(e.count);
            let key = e.name.to_lowercase();
            let c = match counts.iter_mut().find(|(k, _)| *k == key) {
                Some((_, c)) => {
                    *c += e.count;
                    *c
                }
                None => {
                    counts.push((key, e.count));
                    e.count
                }
            };
            if c > self.max_copies {
                return Err(deck.err(
                    e.line,
                    format!(
                        "{c} copies of `{}` in the {what}; at most {} are allowed",
                        clip(&e.name),
                        self.max_copies
                    ),
                ));
            }
        }
        let limits = if self.min_cards == self.max_cards {
            format!("exactly {}", self.min_cards)
        } else {
            format!("{} to {}", self.min_cards, self.max_cards)
        };
        if total < u64::from(self.min_cards) || total > u64::from(self.max_cards) {
            return Err(deck.file_err(format!(
                "the {what} has {total} cards; it must hold {limits}"
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str, offset: u64) -> DeckText {
        DeckText {
            name: "d".into(),
            file: "d.txt".into(),
            line_offset: offset,
            text: s.into(),
        }
    }

    #[test]
    fn entries_settings_sections() {
        let d = DeckFile::parse(
            &text("\u{feff}# Rush deck\nhero = Ann\n3x Ogre\n2 x Elf\n\n[heroes]\nHero A\n2nd Legion\n4 Imps\n", 10),
            &["heroes"],
            &["hero"],
        )
        .unwrap();
        assert_eq!(d.description, "Rush deck");
        assert_eq!(d.setting("", "hero").unwrap().value, "Ann");
        let main: Vec<_> = d
            .section("")
            .map(|e| (e.line, e.count, e.name.as_str()))
            .collect();
        assert_eq!(main, vec![(13, 3, "Ogre"), (14, 2, "Elf")]);
        let h: Vec<_> = d
            .section("heroes")
            .map(|e| (e.count, e.name.as_str()))
            .collect();
        assert_eq!(h, vec![(1, "Hero A"), (1, "2nd Legion"), (1, "4 Imps")]);
    }

    #[test]
    fn errors() {
        let e = |s: &str| {
            DeckFile::parse(&text(s, 0), &["heroes"], &["hero"])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("hero = A\nhero = B\n"),
            "d.txt:2: `hero` is set twice (first on line 1)"
        );
        assert_eq!(
            e("\n[side]\n"),
            "d.txt:2: unknown section `[side]` (allowed: [heroes])"
        );
        assert_eq!(
            e("weapon = X\n"),
            "d.txt:1: unknown setting `weapon` (allowed: hero)"
        );
        assert_eq!(
            e("0x Ogre\n"),
            "d.txt:1: copy count `0` is not a whole number from 1 to 1000"
        );
        assert_eq!(e("3x \n"), "d.txt:1: `3x` names no card after the count");
    }

    #[test]
    fn rules() {
        let d = DeckFile::parse(&text("2x Ogre\nElf\n2x ogre\n", 0), &[], &[]).unwrap();
        let r = DeckRules {
            min_cards: 1,
            max_cards: 30,
            max_copies: 3,
        };
        assert_eq!(
            r.check(&d, "", "deck").unwrap_err().to_string(),
            "d.txt:3: 4 copies of `ogre` in the deck; at most 3 are allowed"
        );
        let r = DeckRules {
            min_cards: 30,
            max_cards: 30,
            max_copies: 9,
        };
        assert_eq!(
            r.check(&d, "", "deck").unwrap_err().to_string(),
            "d.txt: the deck has 5 cards; it must hold exactly 30"
        );
    }
}
