//! Human-readable labels and key/value descriptions (allocate; not for the hot path).

use super::state::{Side, TyrantState, Unit, CHAOSED, DISEASED, IMMOBILIZED, JAMMED};
use crate::Action;

const SEATS: [&str; 2] = ["attacker", "defender"];

pub(super) fn action_label(s: &TyrantState, a: Action) -> String {
    let p = s.active as usize;
    match s.sides[p].hand.get(a.0 as usize) {
        Some(&pos) => format!("play {}", s.shared.db.card(s.card_at(p, pos)).name),
        None => format!("invalid action {}", a.0),
    }
}

fn unit_text(s: &TyrantState, u: &Unit) -> String {
    let def = s.shared.db.card(u.card);
    // Health is shown from 0 up: a destroyed card says so instead of showing a deficit.
    let mut t = format!("{} {}/{}", def.name, u.hp.max(0), u.max_hp);
    if def.kind == super::cards::CardType::Assault {
        t.push_str(&format!(" atk {}", u.power(def)));
    }
    if u.timer > 0 {
        t.push_str(&format!(" timer {}", u.timer));
    }
    for (name, v) in [
        ("rallied", u.rallied),
        ("weakened", u.weakened),
        ("enfeebled", u.enfeebled),
        ("protected", u.protected),
        ("poisoned", u.poisoned),
    ] {
        if v > 0 {
            t.push_str(&format!(" {name} {v}"));
        }
    }
    if u.berserk > 0 {
        t.push_str(&format!(" berserk +{}", u.berserk));
    }
    for (name, on) in [
        ("jammed", u.has(JAMMED)),
        ("chaosed", u.has(CHAOSED)),
        ("immobilized", u.has(IMMOBILIZED)),
        ("diseased", u.has(DISEASED)),
    ] {
        if on {
            t.push_str(&format!(" {name}"));
        }
    }
    if !u.alive() {
        t.push_str(" (destroyed)");
    }
    t
}

fn unit_keys(s: &TyrantState, out: &mut Vec<(String, String)>, key: &str, u: &Unit) {
    let def = s.shared.db.card(u.card);
    out.push((key.to_string(), unit_text(s, u)));
    out.push((format!("{key}.name"), def.name.clone()));
    out.push((format!("{key}.hp"), u.hp.max(0).to_string()));
    if def.kind == super::cards::CardType::Assault {
        out.push((format!("{key}.attack"), u.power(def).to_string()));
        out.push((format!("{key}.timer"), u.timer.to_string()));
        for (name, v) in [
            ("rallied", u.rallied),
            ("weakened", u.weakened),
            ("enfeebled", u.enfeebled),
            ("protected", u.protected),
            ("poisoned", u.poisoned),
        ] {
            out.push((format!("{key}.{name}"), v.to_string()));
        }
        out.push((format!("{key}.berserk"), u.berserk.to_string()));
        for (name, on) in [
            ("jammed", u.has(JAMMED)),
            ("chaosed", u.has(CHAOSED)),
            ("immobilized", u.has(IMMOBILIZED)),
            ("diseased", u.has(DISEASED)),
        ] {
            out.push((format!("{key}.{name}"), on.to_string()));
        }
    } else if def.kind == super::cards::CardType::Structure {
        out.push((format!("{key}.timer"), u.timer.to_string()));
    }
}

fn side_keys(s: &TyrantState, seat: usize, side: &Side, out: &mut Vec<(String, String)>) {
    let n = SEATS[seat];
    let deck = &s.shared.decks[side.deck as usize];
    out.push((format!("{n}.deck"), deck.name.clone()));
    unit_keys(s, out, &format!("{n}.commander"), &side.commander);
    let hand: Vec<&str> = side
        .hand
        .iter()
        .map(|&p| s.shared.db.card(s.card_at(seat, p)).name.as_str())
        .collect();
    out.push((format!("{n}.hand"), hand.join(", ")));
    out.push((format!("{n}.library"), side.library.len().to_string()));
    out.push((format!("{n}.assaults"), side.assaults.len().to_string()));
    for (i, u) in side.assaults.iter().enumerate() {
        unit_keys(s, out, &format!("{n}.assault.{i}"), u);
    }
    out.push((format!("{n}.structures"), side.structures.len().to_string()));
    for (i, u) in side.structures.iter().enumerate() {
        unit_keys(s, out, &format!("{n}.structure.{i}"), u);
    }
}

pub(super) fn describe(s: &TyrantState) -> Vec<(String, String)> {
    let mut out = vec![
        ("turn".to_string(), s.turn.to_string()),
        ("active".to_string(), SEATS[s.active as usize].to_string()),
    ];
    let result = match s.result {
        None => "ongoing".to_string(),
        Some(o) => {
            let how = match o.end {
                crate::EndReason::Decided => "",
                crate::EndReason::TurnLimit => " at the turn limit",
            };
            match (o.results[0], o.results[1]) {
                (crate::PlayerResult::Win, _) => format!("attacker wins{how}"),
                (_, crate::PlayerResult::Win) => format!("defender wins{how}"),
                _ => format!("draw{how}"),
            }
        }
    };
    out.push(("result".to_string(), result));
    for (seat, side) in s.sides.iter().enumerate() {
        side_keys(s, seat, side, &mut out);
    }
    out
}
