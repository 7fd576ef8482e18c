//! Scenario set-up for Tyrant (`scenario_set` keys): put named cards in a hand or in play
//! and set a card's numbers and statuses directly, so a scenario reaches the position it
//! tests in a few lines. Not used by simulations.
//!
//! Keys (seat = `attacker` or `defender`; slots count from 0, left to right):
//! - `hand.SEAT = "A, B"`: the hand becomes exactly these cards, taken from the seat's hand or
//!   draw pile (cards leaving the hand go back on top of the draw pile).
//! - `board.SEAT = "A, B"`: these cards enter play at the right end of their rows with timer 0,
//!   taken from the seat's hand or draw pile (they count as drawn and played).
//! - `SEAT.commander.hp`, `SEAT.assault.N.FIELD`, `SEAT.structure.N.FIELD` where FIELD is one
//!   of `hp`, `timer`, `rallied`, `weakened`, `enfeebled`, `protected`, `poisoned`, `berserk`
//!   (numbers) or `jammed`, `chaosed`, `immobilized`, `diseased`, `attacked` (true/false).

use super::cards::CardType;
use super::state::{TyrantState, Unit, ATTACKED, CHAOSED, DISEASED, IMMOBILIZED, JAMMED};

fn seat(s: &str) -> Result<usize, String> {
    match s {
        "attacker" => Ok(0),
        "defender" => Ok(1),
        _ => Err(format!("unknown seat '{s}' (attacker or defender)")),
    }
}

fn names(value: &str) -> Vec<&str> {
    value
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect()
}

/// Take a deck position holding card `name` from seat `p`'s hand or draw pile.
fn take(st: &mut TyrantState, p: usize, name: &str, from_hand: bool) -> Result<u8, String> {
    let is = |st: &TyrantState, pos: u8| {
        st.shared
            .db
            .card(st.card_at(p, pos))
            .name
            .eq_ignore_ascii_case(name)
    };
    if from_hand {
        if let Some(k) = (0..st.sides[p].hand.len()).find(|&k| is(st, st.sides[p].hand[k])) {
            return Ok(st.sides[p].hand.remove(k));
        }
    }
    // The draw pile's top is its last entry: take the copy nearest the top.
    if let Some(k) = (0..st.sides[p].library.len())
        .rev()
        .find(|&k| is(st, st.sides[p].library[k]))
    {
        return Ok(st.sides[p].library.remove(k));
    }
    Err(format!(
        "no '{name}' left in the {}'s hand or draw pile",
        ["attacker", "defender"][p]
    ))
}

pub(super) fn set(st: &mut TyrantState, key: &str, value: &str) -> Result<(), String> {
    // Set-up may give a card any status or put a card where the deal would not: the game
    // runs the full turn loop from here on.
    st.use_full_loop();
    let parts: Vec<&str> = key.trim().split('.').collect();
    match parts.as_slice() {
        ["hand", s] => {
            let p = seat(s)?;
            let wanted = names(value);
            if wanted.len() > super::state::HAND {
                return Err(format!("a hand holds at most {} cards", super::state::HAND));
            }
            let mut keep = arrayvec::ArrayVec::<u8, { super::state::HAND }>::new();
            for n in &wanted {
                let pos = take(st, p, n, true)?;
                keep.push(pos);
            }
            let side = &mut st.sides[p];
            while let Some(pos) = side.hand.pop() {
                side.library.push(pos);
            }
            for pos in keep {
                side.drawn |= 1u64 << pos;
                side.hand.push(pos);
            }
            Ok(())
        }
        ["board", s] => {
            let p = seat(s)?;
            for n in names(value) {
                let pos = take(st, p, n, true)?;
                let id = st.card_at(p, pos);
                let def = st.shared.db.card(id);
                let mut u = Unit::new(id, def, pos);
                u.timer = 0;
                let side = &mut st.sides[p];
                side.drawn |= 1u64 << pos;
                side.played |= 1u64 << pos;
                match def.kind {
                    CardType::Assault => side.assaults.push(u),
                    CardType::Structure => side.structures.push(u),
                    _ => return Err(format!("'{n}' is a {}: only assaults and structures can be put in play", def.kind.name())),
                }
            }
            Ok(())
        }
        [s, "commander", field] => {
            let p = seat(s)?;
            let mut u = st.sides[p].commander;
            set_field(&mut u, field, value)?;
            st.sides[p].commander = u;
            Ok(())
        }
        [s, row @ ("assault" | "structure"), n, field] => {
            let p = seat(s)?;
            let i: usize = n
                .parse()
                .map_err(|_| format!("'{n}' is not a slot number"))?;
            let units = if *row == "assault" {
                &mut st.sides[p].assaults
            } else {
                &mut st.sides[p].structures
            };
            let len = units.len();
            let u = units
                .get_mut(i)
                .ok_or_else(|| format!("no {row} in slot {i} (the row holds {len})"))?;
            set_field(u, field, value)?;
            // A card set to 0 health goes at the next shift like any destroyed card.
            st.sides[p].dead |= !st.sides[p].assaults.iter().chain(st.sides[p].structures.iter()).all(|u| u.alive());
            Ok(())
        }
        _ => Err(format!(
            "unknown set-up key '{key}' (hand.SEAT, board.SEAT, SEAT.commander.hp, SEAT.assault.N.FIELD, SEAT.structure.N.FIELD)"
        )),
    }
}

fn set_field(u: &mut Unit, field: &str, value: &str) -> Result<(), String> {
    let v = value.trim();
    let num = || -> Result<i64, String> {
        v.parse::<i64>()
            .map_err(|_| format!("{field}: '{v}' is not a number"))
    };
    let small = || -> Result<u8, String> {
        let n = num()?;
        u8::try_from(n).map_err(|_| format!("{field}: {n} is out of range 0..=255"))
    };
    let flag = || -> Result<bool, String> {
        match v {
            "true" | "yes" | "1" => Ok(true),
            "false" | "no" | "0" => Ok(false),
            _ => Err(format!("{field}: '{v}' is not true or false")),
        }
    };
    match field {
        "hp" => {
            let n = num()?;
            if n > u.max_hp as i64 || n < -1000 {
                return Err(format!("hp {n} is above the card's maximum {}", u.max_hp));
            }
            u.hp = n as i16;
        }
        "timer" => u.timer = small()?,
        "rallied" => u.rallied = small()?,
        "weakened" => u.weakened = small()?,
        "enfeebled" => u.enfeebled = small()?,
        "protected" => u.protected = small()?,
        "poisoned" => u.poisoned = small()?,
        "berserk" => u.berserk = small()? as i16,
        "jammed" => u.set(JAMMED, flag()?),
        "chaosed" => u.set(CHAOSED, flag()?),
        "immobilized" => u.set(IMMOBILIZED, flag()?),
        "diseased" => u.set(DISEASED, flag()?),
        "attacked" => u.set(ATTACKED, flag()?),
        _ => return Err(format!("unknown field '{field}'")),
    }
    Ok(())
}
