//! The state's self-check: every card in exactly one zone, the cell masks agreeing with the
//! board, the hand masks with the hands, and values within their bounds (run by the tests
//! and the fuzzers after every move).

use super::*;

impl BtState {
    /// Check that every card is in exactly one zone and values are within bounds.
    pub fn invariants(&self) -> Result<(), String> {
        let mut seen = [0u128; 2];
        let mut count = [0usize; 2];
        let mut mark = |c: Cr, zone: &str| -> Result<(), String> {
            let (p, pos) = (c.seat as usize, c.pos);
            let d = &self.shared.decks[self.decks[p] as usize];
            let ok = (pos as usize) < d.cards.len()
                || ((MAIN..MAIN + d.heroes.len()).contains(&(pos as usize)));
            if !ok || seen[p] & (1 << pos) != 0 {
                return Err(format!("P{p}: card {pos} twice or out of range ({zone})"));
            }
            seen[p] |= 1 << pos;
            count[p] += 1;
            Ok(())
        };
        for p in 0..2u8 {
            let pl = &self.players[p as usize];
            for (zone, cs) in [
                ("deck", &pl.deck[..]),
                ("hand", &pl.hand[..]),
                ("discard", &pl.discard[..]),
                ("life", &pl.life[..]),
                ("heroes", &pl.heroes[..]),
                ("floating", &pl.floating[..]),
            ] {
                for &c in cs {
                    mark(Cr { seat: p, pos: c }, zone)?;
                    let k = self.def(p as usize, c).kind;
                    let bad = match zone {
                        "deck" | "hand" | "life" => k == Kind::Hero,
                        "heroes" => k != Kind::Hero,
                        "floating" => k != Kind::Assist,
                        _ => false,
                    };
                    if bad {
                        return Err(format!("P{p}: a card in the {zone} cannot be there"));
                    }
                }
            }
        }
        if let Dec::Place { card, .. } | Dec::ReplaceAt { card } = self.dec {
            mark(
                Cr {
                    seat: self.cur,
                    pos: card,
                },
                "arriving",
            )?;
        }
        for (cell, pc) in self.board.iter().enumerate() {
            let held = self.cells.map(|m| m & (1 << cell) != 0);
            let want = pc.as_ref().map(|pc| pc.card.seat as usize);
            if held != [want == Some(0), want == Some(1)] {
                return Err(format!(
                    "cell {cell}: the seat masks disagree with the board"
                ));
            }
            let hero = pc
                .as_ref()
                .is_some_and(|pc| self.cdef(pc.card).kind == Kind::Hero);
            if hero != (self.hero_cells & (1 << cell) != 0) {
                return Err(format!(
                    "cell {cell}: the hero mask disagrees with the board"
                ));
            }
            let full = pc.as_ref().is_some_and(|pc| pc.items.is_full());
            let heroish = pc.as_ref().is_some_and(|pc| self.is_hero(pc));
            if full != (self.full_cells & (1 << cell) != 0)
                || heroish != (self.heroish() & (1 << cell) != 0)
            {
                return Err(format!(
                    "cell {cell}: the item masks disagree with the board"
                ));
            }
        }
        let placed = self.at.iter().flatten().filter(|&&c| c != NONE).count();
        let on_board = self.board.iter().flatten().count();
        if placed != on_board
            || self.board.iter().enumerate().any(|(cell, pc)| {
                pc.as_ref()
                    .is_some_and(|pc| self.cell_of(pc.card) != Some(cell))
            })
        {
            return Err("the card-to-cell index disagrees with the board".into());
        }
        for p in 0..2 {
            let mut fresh = self.players[p].hand.clone();
            fresh.rebuild(&self.shared.play[self.decks[p] as usize]);
            if fresh != self.players[p].hand {
                return Err(format!("P{p}: the hand's masks disagree with its cards"));
            }
        }
        if (self.moved | self.attacked) & !(self.cells[0] | self.cells[1]) != 0 {
            return Err("a moved or attacked mark on an empty cell".into());
        }
        for pc in self.board.iter().flatten() {
            mark(pc.card, "board")?;
            if !self.cdef(pc.card).on_board() {
                return Err("a card on the board is not a unit or hero".into());
            }
            for &i in &pc.items {
                mark(i, "attached")?;
            }
        }
        if let Some(f) = self.field {
            mark(f, "field zone")?;
        }
        for (p, &n) in count.iter().enumerate() {
            let d = &self.shared.decks[self.decks[p] as usize];
            if n != d.cards.len() + d.heroes.len() {
                return Err(format!("P{p}: {n} cards in zones"));
            }
            // Lane restriction is checked when summoning; heroes on the field are bounded.
            let heroes = self
                .board
                .iter()
                .flatten()
                .filter(|pc| pc.card.seat as usize == p && self.cdef(pc.card).kind == Kind::Hero)
                .count();
            if heroes > HEROES {
                return Err(format!("P{p}: {heroes} heroes on the field"));
            }
        }
        if self.over() != (self.dec == Dec::Over) {
            return Err("result and decision disagree".into());
        }
        Ok(())
    }
}
