//! Scenario set-up keys and forced die rolls for Alpha/Omega.
//!
//! Keys (`N` is a Good seat): `hand.N = A, B` (the hand becomes exactly these cards, the old
//! hand going back on top of the deck), `top.N = A, B` and `opp.top = A, B` (these cards move
//! to the top of the Good or Opponent deck, `A` drawn first), `opp.keep = N` (only the top
//! N Opponent cards stay in the deck, the rest go to the Opponent discard pile),
//! `good.N = Michael, Raphael@3` (Persons put into play for seat N, entered in round 3 or else
//! the current round),
//! `opp = Alloces` (Opponent Persons put into play), `round = K`, `streak.N = K` (earlier
//! rounds in a row with a Person lost), `calling.N = Name` (a Calling taken, not achieved).
//! Forced chance: `die = 1..6`, the next die roll.

use super::cards::Kind;
use super::state::*;

impl AoState {
    /// Remove a card named `name` from seat `p`'s deck (the topmost copy), or else its hand.
    fn take(&mut self, p: usize, name: &str) -> Result<u8, String> {
        let name = name.trim();
        let owner = if p == OPP as usize {
            OPP
        } else {
            self.pile(p) as u8
        };
        let is = |s: &Self, c: u8| {
            s.def(Cref { owner, pos: c })
                .name
                .eq_ignore_ascii_case(name)
        };
        let deck: &[u8] = if owner == OPP {
            &self.opp_deck
        } else {
            &self.seats[owner as usize].deck
        };
        if let Some(i) = (0..deck.len()).rev().find(|&i| is(self, deck[i])) {
            return Ok(if owner == OPP {
                self.opp_deck.remove(i)
            } else {
                self.seats[owner as usize].deck.remove(i)
            });
        }
        if owner != OPP {
            let hand = &self.seats[p].hand;
            if let Some(i) = (0..hand.len()).find(|&i| is(self, hand[i])) {
                return Ok(self.seats[p].hand.remove(i));
            }
        }
        Err(format!("no `{name}` left in that deck or hand"))
    }

    /// Apply one set-up key.
    pub fn set_key(&mut self, key: &str, value: &str) -> Result<(), String> {
        let (what, seat) = key.split_once('.').unwrap_or((key, ""));
        let list = || value.split(',').map(str::trim).filter(|s| !s.is_empty());
        let num = || {
            value
                .trim()
                .parse::<u16>()
                .map_err(|_| format!("`{key}`: `{value}` is not a whole number"))
        };
        let p = if (what, seat) == ("opp", "top") || what == "opp" || what == "round" {
            OPP as usize
        } else {
            match seat.parse::<u8>() {
                Ok(n) if n < self.players => n as usize,
                _ => {
                    return Err(format!(
                        "`{key}`: unknown key or seat (keys: hand.N, top.N, opp.top, opp.keep, good.N, opp, round, streak.N, calling.N; seats 0 to {})",
                        self.players - 1
                    ))
                }
            }
        };
        match (what, seat) {
            ("hand", _) => {
                let pile = self.pile(p);
                while let Some(c) = self.seats[p].hand.pop() {
                    self.seats[pile].deck.push(c);
                }
                for n in list() {
                    let c = self.take(p, n)?;
                    self.seats[p].hand.push(c);
                    self.seats[p].drawn |= 1 << c;
                }
            }
            ("top", _) | ("opp", "top") => {
                // Take every card first, so that a name listed twice moves two copies.
                let mut taken = Vec::new();
                for n in list() {
                    taken.push(self.take(p, n)?);
                }
                for &c in taken.iter().rev() {
                    if p == OPP as usize {
                        self.opp_deck.push(c);
                    } else {
                        let pile = self.pile(p);
                        self.seats[pile].deck.push(c);
                    }
                }
            }
            ("good", _) => {
                for n in list() {
                    let (n, at) = match n.split_once('@') {
                        Some((n, r)) => (
                            n,
                            r.trim()
                                .parse::<u16>()
                                .map_err(|_| format!("`{r}` is not a round"))?,
                        ),
                        None => (n, self.round),
                    };
                    let pos = self.take(p, n)?;
                    let c = self.hand_card(p, pos);
                    if self.def(c).kind != Kind::Person {
                        return Err(format!("`{n}` is not a Person"));
                    }
                    let id = self.id(c);
                    self.used[id as usize / 64] |= 1 << (id % 64);
                    let i = self.enter(c, false, p as u8).ok_or("no room in play")?;
                    self.field[i].entered = at;
                }
            }
            ("opp", "") => {
                for n in list() {
                    let c = Cref {
                        owner: OPP,
                        pos: self.take(OPP as usize, n)?,
                    };
                    if self.def(c).kind != Kind::Person {
                        return Err(format!("`{n}` is not a Person"));
                    }
                    self.opp_person_enters(c).ok_or("no room in play")?;
                }
            }
            ("opp", "keep") => {
                // Only the top N Opponent cards stay in the deck; the rest are discarded.
                let keep = num()? as usize;
                while self.opp_deck.len() > keep {
                    let c = self.opp_deck.remove(0);
                    self.opp_discard.push(c);
                }
            }
            ("round", "") => self.round = num()?,
            ("streak", _) => self.seats[p].streak = num()? as u8,
            ("calling", _) => {
                let db = &self.shared.db;
                let i = self
                    .calling_deck
                    .iter()
                    .position(|&c| db.card(c).name.eq_ignore_ascii_case(value.trim()))
                    .ok_or_else(|| {
                        format!("no Calling `{}` left in the Calling deck", value.trim())
                    })?;
                let c = self.calling_deck.remove(i);
                self.seats[p]
                    .callings
                    .try_push((c, false))
                    .map_err(|_| "too many Callings")?;
            }
            _ => return Err(format!("unknown set-up key `{key}`")),
        }
        self.invariants()
    }

    /// Queue a forced outcome of the die.
    pub fn force(&mut self, event: &str, outcome: &str) -> Result<(), String> {
        if event != "die" {
            return Err(format!(
                "no random event '{event}' in this game (events: die)"
            ));
        }
        let n: u8 = outcome
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=6).contains(n))
            .ok_or_else(|| format!("die: `{outcome}` is not 1 to 6"))?;
        self.forced
            .try_push(n)
            .map_err(|_| "too many forced rolls".to_string())
    }

    /// Forced rolls not used.
    pub fn unused(&self) -> Vec<String> {
        self.forced.iter().map(|n| format!("die={n}")).collect()
    }
}
