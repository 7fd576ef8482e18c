//! The number-change syntax shared by the games' card edits (`attack-1`, `health+2`,
//! `delay=1`): see [`crate::Ruleset::with_card_changed`]; and replacing or removing every copy
//! of a card in a deck list (see [`crate::Ruleset::with_deck_card_replaced`]).

/// Replace every copy of card `id` in `cards` by `rep`, or remove them all with `None`;
/// false (and nothing changed) when the list holds no copy.
pub(crate) fn swap_card<const N: usize>(
    cards: &mut arrayvec::ArrayVec<u8, N>,
    id: u8,
    rep: Option<u8>,
) -> bool {
    if !cards.contains(&id) {
        return false;
    }
    match rep {
        Some(r) => {
            for c in cards.iter_mut().filter(|c| **c == id) {
                *c = r;
            }
        }
        None => cards.retain(|c| *c != id),
    }
    true
}

/// A parsed number change: `+n`, `-n` or `=n`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// Add (a negative number subtracts).
    Add(i64),
    /// Set to.
    Set(i64),
}

impl Change {
    /// The value `v` becomes.
    pub(crate) fn apply(self, v: i64) -> i64 {
        match self {
            Change::Add(d) => v + d,
            Change::Set(n) => n,
        }
    }
}

/// Split `attack-1` into (`attack`, `Add(-1)`); the field is lower-cased.
pub(crate) fn parse_change(change: &str) -> Result<(String, Change), String> {
    let c = change.trim();
    let at = c
        .find(['+', '-', '='])
        .ok_or_else(|| format!("change `{c}` is not of the form field+N, field-N or field=N"))?;
    let (field, rest) = c.split_at(at);
    let n: i64 = rest[1..]
        .trim()
        .parse()
        .map_err(|_| format!("change `{c}`: `{}` is not a whole number", &rest[1..]))?;
    let op = match &rest[..1] {
        "+" => Change::Add(n),
        "-" => Change::Add(-n),
        _ => Change::Set(n),
    };
    let field = field.trim().to_ascii_lowercase();
    if field.is_empty() {
        return Err(format!("change `{c}` names no field"));
    }
    Ok((field, op))
}
