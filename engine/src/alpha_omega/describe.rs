//! Alpha/Omega's readable state description (key = value pairs for replays and scenarios).
//!
//! Cards in play read `Name left/strength`; Items add `>Holder`; lasting Opponent events add
//! the rounds they still act, in brackets.

use super::cards::Kind;
use super::state::*;

impl AoState {
    fn unit_text(&self, i: usize) -> String {
        let u = &self.field[i];
        let d = self.udef(i);
        let mut s = if d.kind == Kind::Event {
            d.name.clone()
        } else {
            format!("{} {}/{}", d.name, self.left_hp(i), d.strength)
        };
        if u.holder != NONE {
            s.push('>');
            s.push_str(&self.def(u.holder).name);
        }
        if d.kind == Kind::Event && u.opp {
            if u.left == WAITING {
                s.push_str(" (waiting)");
            } else {
                s.push_str(&format!(" ({})", u.left));
            }
        }
        s
    }

    fn list(&self, keep: impl Fn(usize) -> bool) -> String {
        let v: Vec<String> = (0..self.field.len())
            .filter(|&i| keep(i))
            .map(|i| self.unit_text(i))
            .collect();
        if v.is_empty() {
            "-".into()
        } else {
            v.join(", ")
        }
    }

    fn names(&self, owner: u8, cards: &[u8]) -> String {
        if cards.is_empty() {
            return "-".into();
        }
        cards
            .iter()
            .map(|&c| self.def(Cref { owner, pos: c }).name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Key/value description of the state.
    pub fn description(&self) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = Vec::new();
        let mut put = |k: String, x: String| v.push((k, x));
        let (g, o) = self.strengths();
        put("round".into(), self.round.to_string());
        put("phase".into(), format!("{:?}", self.phase));
        put("to_move".into(), format!("P{}", self.cur));
        put("strength.good".into(), g.to_string());
        put("strength.opp".into(), o.to_string());
        put("balance".into(), (g - o).to_string());
        put("margin".into(), self.shared.margin.to_string());
        let kind = |i: usize| self.udef(i).kind;
        for p in 0..self.players {
            let s = &self.seats[p as usize];
            let mine = |i: usize| !self.field[i].opp && self.field[i].ctrl == p;
            put(
                format!("good.{p}"),
                self.list(|i| mine(i) && kind(i) == Kind::Person),
            );
            put(
                format!("items.{p}"),
                self.list(|i| mine(i) && kind(i) == Kind::Item),
            );
            put(
                format!("hand.{p}"),
                self.names(self.pile(p as usize) as u8, &s.hand),
            );
            put(format!("deck.{p}"), s.deck.len().to_string());
            put(format!("discard.{p}"), self.names(p, &s.discard));
            let c: Vec<String> = s
                .callings
                .iter()
                .map(|&(id, done)| {
                    format!(
                        "{}{}",
                        self.shared.db.card(id).name,
                        if done { "*" } else { "" }
                    )
                })
                .collect();
            put(
                format!("callings.{p}"),
                if c.is_empty() {
                    "-".into()
                } else {
                    c.join(", ")
                },
            );
            put(format!("lured.{p}"), s.lured.to_string());
            put(format!("streak.{p}"), s.streak.to_string());
            put(format!("score.{p}"), self.points(p as usize).to_string());
        }
        put(
            "opp".into(),
            self.list(|i| self.field[i].opp && kind(i) == Kind::Person),
        );
        put(
            "opp.items".into(),
            self.list(|i| self.field[i].opp && kind(i) == Kind::Item),
        );
        put(
            "opp.events".into(),
            self.list(|i| self.field[i].opp && kind(i) == Kind::Event),
        );
        put(
            "events".into(),
            self.list(|i| !self.field[i].opp && kind(i) == Kind::Event),
        );
        put("place".into(), self.list(|i| kind(i) == Kind::Place));
        put("opp.deck".into(), self.opp_deck.len().to_string());
        if self.shared.rules.opponent_play {
            put("opp.hand".into(), self.names(OPP, &self.opp_hand));
        }
        put("opp.discard".into(), self.names(OPP, &self.opp_discard));
        put("callings.deck".into(), self.calling_deck.len().to_string());
        put(
            "result".into(),
            match self.result {
                None => "-".into(),
                Some(o) => format!("{:?}", o.results[0]),
            },
        );
        v
    }
}
