//! Words for people: action labels and the key/value description of a Battalla state (used by
//! replays, scenarios and the conformance suite; never in the hot path). Rows are numbered 1
//! (seat 0's summon row) to 5 (seat 1's summon row), lanes 1 to 4: `Name@row.lane`.

use super::state::*;
use crate::Action;

impl BtState {
    /// `Name@row.lane` of the card in `cell`.
    pub fn at(&self, cell: usize) -> String {
        match self.board.get(cell).and_then(|x| x.as_ref()) {
            Some(pc) => format!(
                "{}@{}.{}",
                self.cdef(pc.card).name,
                cell / LANES + 1,
                cell % LANES + 1
            ),
            None => "?".into(),
        }
    }

    /// A label for action `a` in this state.
    pub fn label(&self, a: Action) -> String {
        let a = a.0;
        let hand = |p: usize, i: u16| {
            self.players[p]
                .hand
                .get(i as usize)
                .map_or_else(|| "?".into(), |&c| self.def(p, c).name.clone())
        };
        let p = self.decider().unwrap_or(self.cur) as usize;
        match self.dec {
            Dec::Mulligan(_) if a == KEEP => "keep".into(),
            Dec::Mulligan(q) => format!("put back {}", hand(q as usize, a - MARK)),
            Dec::Place { .. } => format!("lane {}", a - LANE + 1),
            Dec::ReplaceAt { .. } => format!("replace {}", self.at((a - REPLACE) as usize)),
            Dec::Target => format!("target {}", self.at((a - TARGET) as usize)),
            Dec::React(_) if a == PASS => "pass".into(),
            Dec::React(q) => format!("react {}", hand(q as usize, a - REACT)),
            Dec::Cost { .. } if a >= DISCARD => format!("discard {}", hand(p, a - DISCARD)),
            Dec::Cost { .. } => format!("sacrifice {}", self.at((a - SACRIFICE) as usize)),
            Dec::Order(_) => match self.queue.get((a - ORDER) as usize) {
                Some(t) => {
                    let e = self.effect(t.owner as usize, t.src, t.eff);
                    format!(
                        "add {}: {}",
                        self.def(t.owner as usize, t.src).name,
                        crate::battalla::cards::VERBS.name_of(e.verb).unwrap_or("?")
                    )
                }
                None => "?".into(),
            },
            Dec::Over | Dec::Idle => "?".into(),
            Dec::Main => match a {
                END => "end turn".into(),
                HERO => format!(
                    "summon hero {}",
                    self.players[p]
                        .heroes
                        .last()
                        .map_or("?", |&h| self.def(p, h).name.as_str())
                ),
                x if (PLAY..MOVE).contains(&x) => format!("play {}", hand(p, x - PLAY)),
                x if (MOVE..ATTACK).contains(&x) => {
                    let (step, cell) = ((x - MOVE) / 20, (x - MOVE) % 20);
                    format!(
                        "move {} {}",
                        self.at(cell as usize),
                        ["forward", "left", "right"][step as usize]
                    )
                }
                x if (ATTACK..DIRECT).contains(&x) => {
                    let cell = (x - ATTACK) as usize;
                    let front = if self.cur == 0 {
                        cell + LANES
                    } else {
                        cell.wrapping_sub(LANES)
                    };
                    format!("{} attacks {}", self.at(cell), self.at(front))
                }
                x => format!("{} attacks directly", self.at((x - DIRECT) as usize)),
            },
        }
    }

    /// The state as key/value pairs: `turn`, `player`, `decision`, `result`, `legal` (the
    /// labels of the legal actions, `; `-separated), `field`,
    /// `storyboard` (bottom first, `!` = negated); per player `P0.hand` (count),
    /// `P0.hand.cards`, `P0.deck`, `P0.discard`, `P0.discard.cards`, `P0.life`,
    /// `P0.stamina`, `P0.heroes` (Hero Deck, top first); per cell `cell.R.L` (`P0 Name`,
    /// empty when empty) and per occupied cell `atk.R.L`, `hp.R.L` (health left), `time.R.L`, `items.R.L`.
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
        let mut buf = crate::ActionBuf::new();
        self.legal(&mut buf);
        let legal: Vec<String> = buf.iter().map(|&a| self.label(a)).collect();
        v.push(("legal".into(), legal.join("; ")));
        v.push((
            "field".into(),
            self.field
                .map_or_else(String::new, |f| self.cdef(f).name.clone()),
        ));
        let story: Vec<String> = self
            .story
            .iter()
            .map(|e| {
                format!(
                    "P{} {}{}",
                    e.owner,
                    self.def(e.owner as usize, e.src).name,
                    if e.negated { "!" } else { "" }
                )
            })
            .collect();
        v.push(("storyboard".into(), story.join(" | ")));
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
            v.push((format!("P{p}.discard.cards"), names(&pl.discard)));
            v.push((format!("P{p}.life"), pl.life.len().to_string()));
            v.push((format!("P{p}.stamina"), pl.stamina.to_string()));
            let heroes: Vec<u8> = pl.heroes.iter().rev().copied().collect();
            v.push((format!("P{p}.heroes"), names(&heroes)));
        }
        for (cell, pc) in self.board.iter().enumerate() {
            let k = format!("{}.{}", cell / LANES + 1, cell % LANES + 1);
            let Some(pc) = pc else {
                v.push((format!("cell.{k}"), String::new()));
                continue;
            };
            v.push((
                format!("cell.{k}"),
                format!("P{} {}", pc.card.seat, self.cdef(pc.card).name),
            ));
            v.push((format!("atk.{k}"), self.attack_of(pc).to_string()));
            v.push((format!("hp.{k}"), self.health_left(pc).to_string()));
            v.push((format!("time.{k}"), self.time_of(pc).to_string()));
            let items: Vec<&str> = pc
                .items
                .iter()
                .map(|&i| self.cdef(i).name.as_str())
                .collect();
            v.push((format!("items.{k}"), items.join(", ")));
        }
        v
    }
}
