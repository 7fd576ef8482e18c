//! Scenario set-up keys for Mission: Alliance: cards taken from a player's draw deck into the
//! hand, teams, Energy, gadgets, the discard or eliminated piles.
//!
//! Keys (`N` is the seat, 0 or 1): `hand.N = A, B` (the hand becomes exactly these cards,
//! the old hand going back on top of the deck), `teams.N = A, B | C` (the teams become
//! these, left to right, ready units), `energy.N = K` (K ready Energy cards from the top of the deck),
//! `gadgets.N = A`, `discard.N = A, B`, `eliminated.N = K` (from the top of the deck),
//! `deck.N = K` (keep only the top K cards of the draw deck; the rest go to the discard pile).

use super::state::*;

impl MaState {
    /// Remove a card named `name` from `p`'s draw deck (the topmost copy), or else from the
    /// hand.
    fn take(&mut self, p: usize, name: &str) -> Result<u8, String> {
        let name = name.trim();
        let is = |s: &Self, c: u8| s.def(p, c).name.eq_ignore_ascii_case(name);
        if let Some(i) = (0..self.players[p].deck.len())
            .rev()
            .find(|&i| is(self, self.players[p].deck[i]))
        {
            return Ok(self.players[p].deck.remove(i));
        }
        if let Some(i) =
            (0..self.players[p].hand.len()).find(|&i| is(self, self.players[p].hand[i]))
        {
            return Ok(self.players[p].hand.remove(i));
        }
        Err(format!("no `{name}` left in P{p}'s draw deck or hand"))
    }

    /// Apply one set-up key.
    pub fn set_key(&mut self, key: &str, value: &str) -> Result<(), String> {
        let (what, seat) = key
            .split_once('.')
            .ok_or_else(|| format!("unknown set-up key `{key}` (keys: hand.N, teams.N, energy.N, gadgets.N, discard.N, eliminated.N, deck.N)"))?;
        let p: usize = match seat {
            "0" => 0,
            "1" => 1,
            _ => return Err(format!("`{key}`: the seat is 0 or 1")),
        };
        let list = || value.split(',').map(str::trim).filter(|s| !s.is_empty());
        let count = || {
            value
                .trim()
                .parse::<usize>()
                .map_err(|_| format!("`{key}`: `{value}` is not a whole number"))
        };
        match what {
            "hand" => {
                while let Some(c) = self.players[p].hand.pop() {
                    self.players[p].deck.push(c);
                }
                for n in list() {
                    let c = self.take(p, n)?;
                    self.players[p].hand.push(c);
                }
            }
            "teams" => {
                while let Some(t) = self.players[p].teams.pop() {
                    self.players[p].deck.extend(t.units.iter().map(|u| u.pos));
                }
                for group in value.split('|') {
                    let mut t = Team::default();
                    for n in group.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                        let c = self.take(p, n)?;
                        t.units
                            .try_push(Slot {
                                pos: c,
                                ready: true,
                            })
                            .map_err(|_| "a team holds at most 4 units".to_string())?;
                    }
                    if !t.units.is_empty() {
                        self.players[p]
                            .teams
                            .try_push(t)
                            .map_err(|_| "at most 4 teams".to_string())?;
                    }
                }
            }
            "energy" | "eliminated" => {
                for _ in 0..count()? {
                    let c = self.players[p].deck.pop().ok_or("the draw deck ran out")?;
                    if what == "energy" {
                        self.players[p]
                            .back
                            .try_push(Back {
                                pos: c,
                                gadget: false,
                                ready: true,
                            })
                            .map_err(|_| "the back row is full".to_string())?;
                    } else {
                        self.players[p].eliminated.push(c);
                    }
                }
            }
            "gadgets" => {
                for n in list() {
                    let c = self.take(p, n)?;
                    self.players[p]
                        .back
                        .try_push(Back {
                            pos: c,
                            gadget: true,
                            ready: true,
                        })
                        .map_err(|_| "the back row is full".to_string())?;
                }
            }
            "discard" => {
                for n in list() {
                    let c = self.take(p, n)?;
                    self.players[p].discard.push(c);
                }
            }
            "deck" => {
                let k = count()?;
                let pl = &mut self.players[p];
                while pl.deck.len() > k {
                    let c = pl.deck.remove(0);
                    pl.discard.push(c);
                }
            }
            _ => return Err(format!("unknown set-up key `{key}`")),
        }
        self.refresh_units(p);
        self.invariants()
    }
}
