//! Scenario set-up keys for Battalla: cards taken from a player's Main Deck, hand or Hero
//! Deck into the hand, onto the board, into the discard; stamina, life cards and counters.
//!
//! Keys (`N` is the seat, 0 or 1; cells are `row.lane`, rows 1 to 5 from seat 0's summon row,
//! lanes 1 to 4): `hand.N = A, B` (the hand becomes exactly these cards, the old hand going
//! back on top of the deck), `board.N = 2.1 A, 1.3 B` (N's cards placed there, able to
//! attack: time on field 2), `discard.N = A, B`, `deck.N = K` (keep only the top K cards of
//! the Main Deck; the rest go to the discard), `life.N = K` (exactly K life cards, taken from
//! or put back on top of the deck), `stamina.N = K`, `time.R.L = K`, `damage.R.L = K`,
//! `attach.N = 2.1 Item` (N's item attached to the card there), `field.N = A`.

use super::state::*;

impl BtState {
    /// Remove a card named `name` of `p`: the topmost copy in the Main Deck, else from the
    /// hand, else from the Hero Deck.
    fn take(&mut self, p: usize, name: &str) -> Result<u8, String> {
        let name = name.trim();
        let is = |s: &Self, c: u8| s.def(p, c).name.eq_ignore_ascii_case(name);
        let pl = &self.players[p];
        if let Some(i) = (0..pl.deck.len()).rev().find(|&i| is(self, pl.deck[i])) {
            return Ok(self.players[p].deck.remove(i));
        }
        if let Some(i) = (0..pl.hand.len()).find(|&i| is(self, pl.hand[i])) {
            return Ok(self.players[p].hand.remove(i));
        }
        if let Some(i) = (0..pl.heroes.len()).find(|&i| is(self, pl.heroes[i])) {
            return Ok(self.players[p].heroes.remove(i));
        }
        Err(format!(
            "no `{name}` left in P{p}'s deck, hand or Hero Deck"
        ))
    }

    fn cell(spec: &str) -> Result<usize, String> {
        let (r, l) = spec
            .trim()
            .split_once('.')
            .ok_or_else(|| format!("`{spec}` is not a cell `row.lane`"))?;
        match (r.parse::<usize>(), l.parse::<usize>()) {
            (Ok(r @ 1..=ROWS), Ok(l @ 1..=LANES)) => Ok((r - 1) * LANES + l - 1),
            _ => Err(format!(
                "`{spec}`: rows are 1 to {ROWS}, lanes 1 to {LANES}"
            )),
        }
    }

    /// `2.1 Name` → (cell, name).
    fn cell_and_name(item: &str) -> Result<(usize, &str), String> {
        let (c, n) = item
            .trim()
            .split_once(' ')
            .ok_or_else(|| format!("`{item}` is not `row.lane Name`"))?;
        Ok((Self::cell(c)?, n.trim()))
    }

    /// Apply one set-up key.
    pub fn set_key(&mut self, key: &str, value: &str) -> Result<(), String> {
        let (what, arg) = key.split_once('.').ok_or_else(|| {
            format!("unknown set-up key `{key}` (keys: hand.N, board.N, discard.N, deck.N, life.N, stamina.N, time.R.L, damage.R.L, attach.N, field.N)")
        })?;
        self.dirty = super::state::ALL_CELLS;
        if let "time" | "damage" = what {
            let cell = Self::cell(arg)?;
            let k: u8 = value
                .trim()
                .parse()
                .map_err(|_| format!("`{key}`: `{value}` is not a whole number"))?;
            let turn = self.turn;
            let pc = self.board[cell]
                .as_mut()
                .ok_or_else(|| format!("`{key}`: no card there"))?;
            if what == "time" {
                pc.born = turn.wrapping_sub(k as u16);
            } else {
                pc.damage = k;
            }
            return self.invariants();
        }
        let p: usize = match arg {
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
                    self.players[p]
                        .hand
                        .push(c, &self.shared.play[self.decks[p] as usize]);
                }
            }
            "board" => {
                for item in list() {
                    let (cell, n) = Self::cell_and_name(item)?;
                    if self.board[cell].is_some() {
                        return Err(format!("`{item}`: the space is taken"));
                    }
                    let c = self.take(p, n)?;
                    self.put(
                        Cr {
                            seat: p as u8,
                            pos: c,
                        },
                        cell,
                        false,
                    );
                    let turn = self.turn;
                    let pc = self.board[cell].as_mut().expect("just put");
                    pc.born = turn.wrapping_sub(2);
                    pc.fresh = false;
                }
            }
            "attach" => {
                for item in list() {
                    let (cell, n) = Self::cell_and_name(item)?;
                    let c = self.take(p, n)?;
                    let pc = self.board[cell]
                        .as_mut()
                        .ok_or_else(|| format!("`{item}`: no card there"))?;
                    let i = Cr {
                        seat: p as u8,
                        pos: c,
                    };
                    pc.items
                        .try_push(i)
                        .map_err(|_| "too many items".to_string())?;
                    self.attached(cell, i);
                }
            }
            "discard" => {
                for n in list() {
                    let c = self.take(p, n)?;
                    self.players[p].discard.push(c);
                }
            }
            "field" => {
                let c = self.take(p, value)?;
                if let Some(old) = self.field.take() {
                    self.players[old.seat as usize].discard.push(old.pos);
                }
                self.field = Some(Cr {
                    seat: p as u8,
                    pos: c,
                });
            }
            "deck" => {
                let k = count()?;
                let pl = &mut self.players[p];
                while pl.deck.len() > k {
                    let c = pl.deck.remove(0);
                    pl.discard.push(c);
                }
            }
            "life" => {
                let k = count()?;
                let pl = &mut self.players[p];
                while pl.life.len() > k {
                    let c = pl.life.pop().expect("nonempty");
                    pl.deck.push(c);
                }
                while pl.life.len() < k {
                    let c = pl.deck.pop().ok_or("the deck ran out")?;
                    pl.life
                        .try_push(c)
                        .map_err(|_| "too many life cards".to_string())?;
                }
            }
            "stamina" => self.players[p].stamina = count()?.min(99) as u8,
            _ => return Err(format!("unknown set-up key `{key}`")),
        }
        self.invariants()
    }
}
