//! Human-readable action labels and state descriptions (allocate; not for the hot path).

use super::cards::OpCode;
use super::state::AllegianceState;
use super::state::*;
use crate::Action;

fn unit_text(s: &AllegianceState, u: &Unit) -> String {
    let c = s.shared.db.card(u.card);
    let mut t = format!("{} {}/{}", c.name, s.power(u), s.max_hp(u) - u.dmg);
    if u.aug > 0 {
        t += &format!(" +{}aug", u.aug);
    }
    if u.dmg > 0 {
        t += &format!(" {}dmg", u.dmg);
    }
    if u.curses() > 0 {
        t += &format!(" {}curse", u.curses());
    }
    let shield: u32 = u.shield.iter().sum();
    if shield > 0 {
        t += &format!(" shield{shield}");
    }
    if u.exhausted {
        t += " exhausted";
    }
    for (a, _) in u.att {
        if a != 255 {
            t += &format!(" [{}]", s.shared.db.card(a).name);
        }
    }
    t
}

fn unit_at(s: &AllegianceState, seat: usize, slot: usize) -> String {
    match s.players.get(seat).and_then(|p| p.units.get(slot)) {
        Some(u) => format!("P{seat} {}", unit_text(s, u)),
        None => format!("P{seat} unit {slot}"),
    }
}

/// Label of action `a` in state `s`.
pub(super) fn action_label(s: &AllegianceState, a: Action) -> String {
    let a = a.0;
    let db = &s.shared.db;
    let p = s.decider().unwrap_or(0) as usize;
    let pl = &s.players[p];
    let hero = s.hero(p);
    match s.dec {
        Dec::Target(_) if a == PASS => return "done choosing targets".into(),
        Dec::Attackers(_) if a == PASS => return "done declaring attackers".into(),
        Dec::Defenders(_) if a == PASS => return "done assigning defenders".into(),
        Dec::Choose(_, Choice::Recycle) if a == PASS => return "stop recycling".into(),
        Dec::Choose(_, Choice::Sacrifice) if a == PASS => return "destroy nothing".into(),
        Dec::Window(_) | Dec::Main(_) if a == PASS => {
            return if s.chain.is_empty()
                && s.battle.is_none()
                && s.phase == Phase::Main
                && s.prio == s.cur
            {
                "end the maneuver phase".into()
            } else {
                "pass".into()
            }
        }
        Dec::Choose(_, Choice::Discard) => {
            let i = ((a - HAND_A) / 2) as usize;
            return format!(
                "discard {}",
                pl.hand.get(i).map_or("?", |&c| db.card(c).name.as_str())
            );
        }
        Dec::Choose(_, Choice::Mill) => {
            return format!(
                "mill the {} deck",
                DECK_NAMES.get((a - DRAW) as usize).unwrap_or(&"?")
            )
        }
        Dec::SetupFace(..) | Dec::Choose(_, Choice::Weapon | Choice::Armor) => {
            let armor = matches!(
                s.dec,
                Dec::SetupFace(_, true) | Dec::Choose(_, Choice::Armor)
            );
            let faces = if armor { &hero.armors } else { &hero.weapons };
            let f = faces
                .get((a - FACE) as usize)
                .map_or("?", |f| f.name.as_str());
            return format!("{} {f}", if armor { "armor" } else { "weapon" });
        }
        _ => {}
    }
    if a == PASS {
        "pass".into()
    } else if a < HAND_A {
        format!(
            "draw from the {} deck",
            DECK_NAMES.get((a - DRAW) as usize).unwrap_or(&"?")
        )
    } else if a < USE {
        let i = ((a - HAND_A) / 2) as usize;
        let Some(&c) = pl.hand.get(i) else {
            return format!("hand card {i}");
        };
        let card = db.card(c);
        if card.kind.is_unit() {
            let cost = eff_cost(card.cost, s.cost_mod(p, OpCode::EnlistCost));
            format!("enlist {} ({cost} gold)", card.name)
        } else {
            let m = s.cost_mod(p, OpCode::ActionCost);
            match (&card.half, (a - HAND_A) % 2) {
                (Some((n, cost, _)), 1) => format!("play {n} ({} gold)", eff_cost(*cost, m)),
                _ => format!("play {} ({} gold)", card.name, eff_cost(card.cost, m)),
            }
        }
    } else if a < UNLOCK {
        format!(
            "use {}",
            hero.abilities
                .get((a - USE) as usize)
                .map_or("?", |x| x.name.as_str())
        )
    } else if a < BATTLE {
        let ab = hero.abilities.get((a - UNLOCK) as usize);
        format!(
            "unlock {} ({} gold)",
            ab.map_or("?", |x| x.name.as_str()),
            ab.map_or(0, |x| x.cost)
        )
    } else if a < ACT {
        format!("initiate a battle against P{}", a - BATTLE)
    } else if a < TGT {
        let i = (a - ACT) as usize;
        if i == UNITS {
            format!("activate {}", hero.weapons[pl.weapon as usize].name)
        } else if i == UNITS + 1 {
            format!("activate {}", hero.armors[pl.armor as usize].name)
        } else {
            format!("activate {}", unit_at(s, p, i))
        }
    } else if a < TGT_HERO {
        let k = (a - TGT) as usize;
        format!("target {}", unit_at(s, k / UNITS, k % UNITS))
    } else if a < ATK {
        format!("target the hero of P{}", a - TGT_HERO)
    } else if a < DEF {
        let i = (a - ATK) as usize;
        if i == UNITS {
            format!("attack with {}", hero.weapons[pl.weapon as usize].name)
        } else {
            format!("attack with {}", unit_at(s, p, i))
        }
    } else if a < BLOCK {
        format!("defend with {}", unit_at(s, p, (a - DEF) as usize))
    } else if a < FACE {
        let i = (a - BLOCK) as usize;
        let b = s.battle.as_ref();
        match b.and_then(|b| b.attackers.get(i)) {
            Some(at) if at.uid == WEAPON => "block the weapon".into(),
            Some(at) => match s.find_unit(at.uid) {
                Some((q, j)) => format!("block {}", unit_at(s, q, j)),
                None => format!("block attacker {i}"),
            },
            None => format!("block attacker {i}"),
        }
    } else if a < TRIG {
        format!("face {}", a - FACE)
    } else if a < CARD {
        let name = match s.trigs.get((a - TRIG) as usize) {
            Some(t) if t.src == WEAPON => hero.weapons[pl.weapon as usize].name.as_str(),
            Some(t) if t.src == ARMOR => hero.armors[pl.armor as usize].name.as_str(),
            Some(t) => db.card(t.card).name.as_str(),
            None => "?",
        };
        format!("add the trigger of {name} next")
    } else if a < ABIL {
        format!(
            "choose {}",
            db.cards
                .get((a - CARD) as usize)
                .map_or("?", |c| c.name.as_str())
        )
    } else if a < OWN {
        format!(
            "ready {}",
            hero.abilities
                .get((a - ABIL) as usize)
                .map_or("?", |x| x.name.as_str())
        )
    } else if a < SPLIT {
        format!("destroy {}", unit_at(s, p, (a - OWN) as usize))
    } else {
        let i = (a - SPLIT) as usize;
        let b = s.battle.as_ref();
        let who = match b.and_then(|b| b.attackers.get(i)) {
            Some(at) if at.uid == WEAPON => "the weapon".to_string(),
            Some(at) => match s.find_unit(at.uid) {
                Some((q, j)) => unit_at(s, q, j),
                None => format!("attacker {i}"),
            },
            None => format!("attacker {i}"),
        };
        format!("armor prevents 1 damage from {who}")
    }
}

/// The decision as the description shows it: the main phase's window (`Dec::Main`, kept
/// apart from a response window for speed) reads `Window(p)` like any window, as it did
/// before the two were told apart (scenario files expect it).
fn decision_text(dec: Dec) -> String {
    match dec {
        Dec::Main(p) => format!("{:?}", Dec::Window(p)),
        d => format!("{d:?}"),
    }
}

/// Key/value description of the state.
pub(super) fn describe(s: &AllegianceState) -> Vec<(String, String)> {
    let db = &s.shared.db;
    let mut out = vec![
        ("turn".to_string(), s.turn.to_string()),
        ("current".to_string(), format!("P{}", s.cur)),
        ("phase".to_string(), format!("{:?}", s.phase)),
        ("decision".to_string(), decision_text(s.dec)),
    ];
    if let Some(o) = s.result {
        // `P0 win, P1 loss (decided)`; a stall (turn limit or an engine bound) says `stall`.
        let r: Vec<String> = (0..s.players.len())
            .map(|p| format!("P{p} {}", format!("{:?}", o.results[p]).to_lowercase()))
            .collect();
        let end = match o.end {
            crate::EndReason::Decided => "decided",
            crate::EndReason::TurnLimit => "stall",
        };
        out.push(("result".into(), format!("{} ({end})", r.join(", "))));
    }
    for (p, pl) in s.players.iter().enumerate() {
        let hero = s.hero(p);
        let k = |x: &str| format!("P{p}.{x}");
        out.push((k("hero"), hero.name.clone()));
        out.push((k("health"), pl.health.to_string()));
        out.push((k("gold"), pl.gold.to_string()));
        out.push((k("production"), pl.prod.to_string()));
        out.push((k("alive"), pl.alive.to_string()));
        out.push((
            k("weapon"),
            format!(
                "{}{}",
                hero.weapons[pl.weapon as usize].name,
                if pl.weapon_exh { " (exhausted)" } else { "" }
            ),
        ));
        out.push((k("armor"), hero.armors[pl.armor as usize].name.clone()));
        let cds: Vec<String> = hero
            .abilities
            .iter()
            .zip(pl.cd.iter())
            .filter(|(_, &c)| c >= 0)
            .map(|(a, &c)| {
                if c == 0 {
                    format!("{} ready", a.name)
                } else {
                    format!("{} {c}", a.name)
                }
            })
            .collect();
        out.push((k("abilities"), cds.join(", ")));
        let hand: Vec<&str> = pl.hand.iter().map(|&c| db.card(c).name.as_str()).collect();
        out.push((k("hand"), hand.join(", ")));
        let units: Vec<String> = pl.units.iter().map(|u| unit_text(s, u)).collect();
        out.push((k("units"), units.join("; ")));
        out.push((k("focus"), pl.focus.to_string()));
        out.push((k("curse"), pl.curses().to_string()));
        out.push((k("armor_rating"), s.armor_of(p).to_string()));
    }
    let chain: Vec<String> = s
        .chain
        .iter()
        .map(|it| format!("P{}: {}", it.who, s.item_text(it)))
        .collect();
    out.push(("chain".into(), chain.join(" <- ")));
    for (d, name) in DECK_NAMES.iter().enumerate() {
        out.push((
            format!("{name}.deck"),
            format!(
                "{} cards, discard {}",
                s.decks()[d].len(),
                s.discards()[d].len()
            ),
        ));
    }
    if !s.banished.is_empty() {
        let list: Vec<String> = s
            .banished
            .iter()
            .map(|b| {
                format!(
                    "{} of P{} (back {})",
                    db.card(b.card).name,
                    b.who,
                    if b.until == 0 {
                        "at the end of the turn"
                    } else {
                        "at the start of its controller's turn"
                    }
                )
            })
            .collect();
        out.push(("removed".into(), list.join("; ")));
    }
    if let Some(b) = &s.battle {
        out.push((
            "battle".into(),
            format!(
                "P{} vs P{} {:?} ({} attackers)",
                b.atk,
                b.def,
                b.step,
                b.attackers.len()
            ),
        ));
    }
    out
}
