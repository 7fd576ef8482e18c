//! Effect vocabularies: the words (triggers, verbs, keywords, targets) a game allows in its
//! card file's effect cells, and the split of effect text into clauses.
//!
//! Effect text is a list of clauses separated by `;`, each `[trigger:] verb arg arg …`, for
//! example `arrive: draw 1; retreat: damage enemy_unit 2`. The game declares its words in
//! [`Vocab`] tables and compiles the clauses into its own effect ops.

use super::table::clip;

/// The words of one part of a vocabulary (e.g. the triggers), each with the game's value.
#[derive(Copy, Clone, Debug)]
pub struct Vocab<T: Copy + 'static> {
    /// What the words are, for messages ("trigger", "effect", "keyword").
    pub what: &'static str,
    /// The words and their values.
    pub words: &'static [(&'static str, T)],
}

impl<T: Copy + 'static> Vocab<T> {
    /// The value of `word` (case-insensitive); the error lists the known words.
    pub fn get(&self, word: &str) -> Result<T, String> {
        self.words
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(word))
            .map(|&(_, v)| v)
            .ok_or_else(|| {
                format!(
                    "unknown {} `{}` (known: {})",
                    self.what,
                    clip(word),
                    self.names().join(", ")
                )
            })
    }

    /// The known words, in table order.
    pub fn names(&self) -> Vec<&'static str> {
        self.words.iter().map(|(w, _)| *w).collect()
    }

    /// The word of `value` (the first listed), for descriptions.
    pub fn name_of(&self, value: T) -> Option<&'static str>
    where
        T: PartialEq,
    {
        self.words
            .iter()
            .find(|(_, v)| *v == value)
            .map(|(w, _)| *w)
    }
}

/// One clause of effect text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause<'a> {
    /// The word before `:`, if any.
    pub trigger: Option<&'a str>,
    /// The first word after it.
    pub verb: &'a str,
    /// The remaining words.
    pub args: Vec<&'a str>,
}

/// Split effect text into clauses; empty text has none. A clause with a trigger but no verb,
/// or an empty trigger, is an error.
pub fn clauses(text: &str) -> Result<Vec<Clause<'_>>, String> {
    let mut out = Vec::new();
    for part in text.split(';') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (trigger, body) = match part.split_once(':') {
            Some((t, b)) => {
                let t = t.trim();
                if t.is_empty() || t.contains(char::is_whitespace) {
                    return Err(format!(
                        "`{}`: a trigger is one word before `:`",
                        clip(part)
                    ));
                }
                (Some(t), b)
            }
            None => (None, part),
        };
        let mut words = body.split_whitespace();
        let verb = words
            .next()
            .ok_or_else(|| format!("`{}`: no effect after the trigger", clip(part)))?;
        out.push(Clause {
            trigger,
            verb,
            args: words.collect(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Copy, Clone, Debug, PartialEq)]
    enum T {
        Arrive,
        Retreat,
    }
    const TRIGGERS: Vocab<T> = Vocab {
        what: "trigger",
        words: &[("arrive", T::Arrive), ("retreat", T::Retreat)],
    };

    #[test]
    fn words_and_clauses() {
        assert_eq!(TRIGGERS.get("Arrive"), Ok(T::Arrive));
        assert_eq!(
            TRIGGERS.get("leave"),
            Err("unknown trigger `leave` (known: arrive, retreat)".into())
        );
        assert_eq!(TRIGGERS.name_of(T::Retreat), Some("retreat"));
        let c = clauses("arrive: draw 1;  ; retreat: damage enemy_unit 2; flying").unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!(c[1].trigger, Some("retreat"));
        assert_eq!(c[1].verb, "damage");
        assert_eq!(c[1].args, vec!["enemy_unit", "2"]);
        assert_eq!(c[2].trigger, None);
        assert!(clauses("arrive:").is_err());
        assert!(clauses("on arrive: x").is_err());
        assert!(clauses("").unwrap().is_empty());
    }
}
