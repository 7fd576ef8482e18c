//! Card names to dense ids, case-insensitive, with "did you mean" suggestions whose work is
//! bounded whatever the length of the name asked for.

use std::collections::HashMap;

use super::table::clip;

/// Card names and their ids (`u16`, in insertion order).
#[derive(Clone, Debug, Default)]
pub struct NameIndex {
    by_key: HashMap<String, u16>,
    names: Vec<String>,
}

/// Longest part of a name compared when suggesting (longer input is cut).
const SUGGEST_CHARS: usize = 64;

impl NameIndex {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }

    /// Add `name` (trimmed), returning its id; `Err(first)` when the name is already there
    /// (compared case-insensitively), with the id it had. Panics past `u16::MAX` names:
    /// loaders refuse larger tables first.
    pub fn insert(&mut self, name: &str) -> Result<u16, u16> {
        let key = name.trim().to_lowercase();
        if let Some(&id) = self.by_key.get(&key) {
            return Err(id);
        }
        let id = u16::try_from(self.names.len()).expect("more than 65,535 names");
        self.by_key.insert(key, id);
        self.names.push(name.trim().to_string());
        Ok(id)
    }

    /// The id of `name`, ignoring case and surrounding spaces.
    pub fn find(&self, name: &str) -> Option<u16> {
        self.by_key.get(&name.trim().to_lowercase()).copied()
    }

    /// The name of `id` as first written.
    pub fn name(&self, id: u16) -> &str {
        &self.names[id as usize]
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are no names.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Up to three names close to `name`: see [`suggest_among`].
    pub fn suggest(&self, name: &str) -> Vec<&str> {
        suggest_among(self.names.iter().map(String::as_str), name)
    }

    /// "unknown card `X` (did you mean A, B?)", `what` standing for "card"; the echoed name
    /// is cut to 60 characters.
    pub fn unknown_message(&self, what: &str, name: &str) -> String {
        let sim = self.suggest(name);
        if sim.is_empty() {
            format!("unknown {what} `{}`", clip(name.trim()))
        } else {
            format!(
                "unknown {what} `{}` (did you mean {}?)",
                clip(name.trim()),
                sim.join(", ")
            )
        }
    }
}

/// Up to three of `names` close to `name` (edit distance at most max(3, length/4)), closest
/// first. Only the first 64 characters of each are compared, so the work is bounded however
/// long `name` is (a 50 MB line of a deck file used to take minutes).
pub fn suggest_among<'a>(names: impl Iterator<Item = &'a str>, name: &str) -> Vec<&'a str> {
    let n: Vec<char> = name
        .trim()
        .chars()
        .take(SUGGEST_CHARS)
        .flat_map(char::to_lowercase)
        .collect();
    let limit = 3.max(n.len() / 4);
    let mut v: Vec<(usize, &str)> = names
        .filter_map(|c| {
            let c_chars: Vec<char> = c.to_lowercase().chars().take(SUGGEST_CHARS).collect();
            if c_chars.len().abs_diff(n.len()) > limit {
                return None;
            }
            let d = edit_distance(&n, &c_chars);
            (d <= limit).then_some((d, c))
        })
        .collect();
    v.sort();
    v.into_iter().take(3).map(|(_, s)| s).collect()
}

/// Levenshtein distance between two character strings.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_insert_suggest() {
        let mut ix = NameIndex::new();
        assert_eq!(ix.insert("Warlord Krask"), Ok(0));
        assert_eq!(ix.insert(" Ogre "), Ok(1));
        assert_eq!(ix.insert("warlord krask"), Err(0));
        assert_eq!(ix.find("OGRE"), Some(1));
        assert_eq!(ix.name(1), "Ogre");
        assert_eq!(
            ix.unknown_message("card", "Warlord Krsk"),
            "unknown card `Warlord Krsk` (did you mean Warlord Krask?)"
        );
        assert_eq!(ix.unknown_message("card", "Zzz"), "unknown card `Zzz`");
        let long = "x".repeat(10_000_000);
        let m = ix.unknown_message("card", &long);
        assert!(m.len() < 100, "{m}");
    }
}
