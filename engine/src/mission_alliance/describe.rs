//! Words for people: action labels and the key/value description of a Mission: Alliance
//! state (used by replays, scenarios and the conformance suite; never in the hot path).

use super::state::*;
use crate::Action;

impl MaState {
    fn unit_name(&self, p: usize, u: usize) -> String {
        self.players[p]
            .teams
            .get(u / TEAM)
            .and_then(|t| t.units.get(u % TEAM))
            .map_or_else(|| "?".into(), |s| self.def(p, s.pos).name.clone())
    }

    /// A label for action `a` in this state.
    pub fn label(&self, a: Action) -> String {
        let a = a.0;
        let p = self.cur as usize;
        let hand = |i: u16| {
            self.players[p]
                .hand
                .get(i as usize)
                .map_or_else(|| "?".into(), |&c| self.def(p, c).name.clone())
        };
        match self.dec {
            Dec::Mulligan(_) => if a == MULLIGAN { "mulligan" } else { "keep" }.into(),
            Dec::Respond if a == NO_RESPONSE => "no response".into(),
            Dec::Respond => format!(
                "respond with {}",
                self.unit_name(1 - p, (a - RESPOND) as usize)
            ),
            Dec::Target => {
                let q = 1 - self.pending[0].owner as usize;
                format!("target {}", self.unit_name(q, (a - TARGET) as usize))
            }
            Dec::Place { .. } => [
                "new team left",
                "new team right",
                "join left team",
                "join right team",
            ][(a - PLACE) as usize & 3]
                .into(),
            Dec::Back { .. } => {
                let b = self.players[p].back.get((a - BACK) as usize);
                match b {
                    Some(b) if b.gadget => format!("discard gadget {}", self.def(p, b.pos).name),
                    Some(_) => format!("discard energy {}", (a - BACK) + 1),
                    None => "?".into(),
                }
            }
            Dec::BuildPay { .. } => format!("discard {}", hand(a - DISCARD)),
            Dec::Over => "?".into(),
            Dec::Main => match a {
                END => "end turn".into(),
                x if (BUILD..PLAY).contains(&x) => format!("build {}", hand(x - BUILD)),
                x if (PLAY..ATTACK).contains(&x) => format!("play {}", hand(x - PLAY)),
                x if (ATTACK..ACTIVE_UNIT).contains(&x) => {
                    let u = ((x - ATTACK) / 5) as usize;
                    let t = (x - ATTACK) % 5;
                    let target = if t == PLAYER as u16 {
                        "the player".to_string()
                    } else {
                        format!("team {}", t + 1)
                    };
                    format!("{} attacks {target}", self.unit_name(p, u))
                }
                x if (ACTIVE_UNIT..ACTIVE_GADGET).contains(&x) => {
                    format!("use {}", self.unit_name(p, (x - ACTIVE_UNIT) as usize))
                }
                x => {
                    let b = self.players[p].back.get((x - ACTIVE_GADGET) as usize);
                    format!(
                        "use {}",
                        b.map_or_else(|| "?".into(), |b| self.def(p, b.pos).name.clone())
                    )
                }
            },
        }
    }

    /// The state as key/value pairs: per player `P0.hand`, `P0.deck`, `P0.discard`,
    /// `P0.eliminated` (counts), `P0.hand.cards`, `P0.teams` (`A*, B | C`: `*` = ready),
    /// `P0.energy` (ready/all), `P0.gadgets`; and `turn`, `player`, `decision`, `result`.
    pub fn description(&self) -> Vec<(String, String)> {
        let mut v = vec![
            ("turn".to_string(), self.turn.to_string()),
            ("player".to_string(), format!("P{}", self.cur)),
            ("decision".to_string(), format!("{:?}", self.dec)),
        ];
        if let Some(o) = self.result {
            let r = match (o.result(0), o.end) {
                (_, crate::EndReason::TurnLimit) => "draw at the turn limit".to_string(),
                (crate::PlayerResult::Win, _) => "P0 wins".into(),
                (crate::PlayerResult::Loss, _) => "P1 wins".into(),
                _ => "draw".into(),
            };
            v.push(("result".into(), r));
        }
        for p in 0..2 {
            let pl = &self.players[p];
            let names = |cs: &[u8]| {
                cs.iter()
                    .map(|&c| self.def(p, c).name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            v.push((format!("P{p}.hand"), pl.hand.len().to_string()));
            v.push((format!("P{p}.hand.cards"), names(&pl.hand)));
            v.push((format!("P{p}.deck"), pl.deck.len().to_string()));
            v.push((format!("P{p}.discard"), pl.discard.len().to_string()));
            v.push((format!("P{p}.eliminated"), pl.eliminated.len().to_string()));
            let teams: Vec<String> = pl
                .teams
                .iter()
                .enumerate()
                .map(|(ti, t)| {
                    t.units
                        .iter()
                        .enumerate()
                        .map(|(si, u)| {
                            format!(
                                "{} {}{}",
                                self.def(p, u.pos).name,
                                self.power(p, ti, si),
                                if u.ready { "*" } else { "" }
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect();
            v.push((format!("P{p}.teams"), teams.join(" | ")));
            let energy = pl.back.iter().filter(|b| !b.gadget).count();
            v.push((
                format!("P{p}.energy"),
                format!("{}/{energy}", self.ready_energy(p)),
            ));
            let gadgets: Vec<&str> = pl
                .back
                .iter()
                .filter(|b| b.gadget)
                .map(|b| self.def(p, b.pos).name.as_str())
                .collect();
            v.push((format!("P{p}.gadgets"), gadgets.join(", ")));
        }
        v
    }
}
