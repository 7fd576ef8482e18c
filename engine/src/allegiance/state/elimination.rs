//! Elimination of a player and the end of the game (last player standing, sworn enemies, teams).

use super::*;

impl AllegianceState {
    pub(super) fn eliminate(&mut self, p: usize) {
        if !self.players[p].alive {
            return;
        }
        log!(self, "P{p} is eliminated");
        self.players[p].alive = false;
        self.players[p].health = 0;
        while let Some(u) = self.players[p].units.last().copied() {
            self.destroy(u.uid);
        }
        while let Some(c) = self.players[p].hand.pop() {
            self.discard_card(c);
        }
        // Effects they control end; counters they placed stay.
        let mut gone: ArrayVec<u8, { 2 * MAX_PLAYERS * UNITS }> = ArrayVec::new();
        for pl in self.players.iter_mut() {
            pl.shield[p] = 0;
            pl.curse[p] = 0;
            for u in pl.units.iter_mut() {
                u.curse[p] = 0;
                u.boost[p] = 0;
                u.battle_boost[p] = 0;
                u.shield[p] = 0;
                for a in u.att.iter_mut() {
                    if a.1 == p as u8 {
                        gone.push(a.0);
                        *a = (255, 255);
                    }
                }
            }
        }
        for c in gone {
            self.detach(c);
        }
        let mut k = 0;
        while k < self.banished.len() {
            if self.banished[k].who == p as u8 {
                let b = self.banished.remove(k);
                self.discard_card(b.card);
            } else {
                k += 1;
            }
        }
        // Their pending maneuvers leave the chain (a card goes to its discard pile, as the
        // hand does); the other players' announced maneuvers stay and still resolve.
        let mut k = 0;
        while k < self.chain.len() {
            if self.chain[k].who == p as u8 {
                let it = self.chain.remove(k);
                if matches!(it.kind, ItemKind::Enlist | ItemKind::Action) {
                    self.discard_card(it.card);
                }
            } else {
                k += 1;
            }
        }
        self.trigs.retain(|t| t.who != p as u8);
        if self.building.as_ref().is_some_and(|b| b.who == p as u8) {
            self.building = None;
            self.dec = Dec::Auto;
        }
        if self.res.as_ref().is_some_and(|r| r.item.who == p as u8) {
            let it = self.res.take().expect("res").item;
            if it.kind == ItemKind::Action && it.arg & ATTACHED == 0 {
                self.discard_card(it.card);
            }
            self.dec = Dec::Auto;
        }
        if let Some(b) = &self.battle {
            if b.atk as usize == p || b.def as usize == p {
                self.end_battle();
                if matches!(self.dec, Dec::Attackers(_) | Dec::Defenders(_)) {
                    self.dec = Dec::Auto;
                }
            }
        }
        match self.dec {
            Dec::Window(q) | Dec::TrigOrder(q) | Dec::Choose(q, _) | Dec::ArmorSplit(q)
                if q as usize == p =>
            {
                self.dec = Dec::Auto
            }
            _ => {}
        }
        self.statics_touched(false);
        self.check_end(p);
    }

    pub(super) fn check_end(&mut self, eliminated: usize) {
        if self.result.is_some() {
            // Decided by an earlier elimination of the same effect (sworn enemy).
            return;
        }
        let n = self.n();
        let mut results = [PlayerResult::Draw; MAX_PLAYERS];
        match self.fmt() {
            Format::Ffa => {
                let alive: ArrayVec<usize, MAX_PLAYERS> =
                    (0..n).filter(|&i| self.players[i].alive).collect();
                match alive.len() {
                    0 => self.result = Some(Outcome::draw(n as u8, EndReason::Decided)),
                    1 => {
                        self.result =
                            Some(Outcome::winner(n as u8, alive[0] as u8, EndReason::Decided))
                    }
                    _ => {}
                }
            }
            Format::Sworn => {
                let w = (eliminated + n - 1) % n;
                self.result = Some(Outcome::winner(n as u8, w as u8, EndReason::Decided));
            }
            Format::Team => {
                let alive = |t: usize| (0..n).any(|i| i % 2 == t && self.players[i].alive);
                let (a, b) = (alive(0), alive(1));
                if a && b {
                    return;
                }
                for (i, r) in results.iter_mut().enumerate().take(n) {
                    *r = match (a, b) {
                        (false, false) => PlayerResult::Draw,
                        _ if alive(i % 2) => PlayerResult::Win,
                        _ => PlayerResult::Loss,
                    };
                }
                self.result = Some(Outcome {
                    results,
                    players: n as u8,
                    end: EndReason::Decided,
                });
            }
        }
        if self.result.is_some() {
            self.dec = Dec::Auto;
        }
    }

    // ----- resolving -------------------------------------------------------------------------

    pub(super) fn gone(&self, t: u16) -> bool {
        if t & HERO_BIT != 0 {
            !self.players[(t & !HERO_BIT) as usize].alive
        } else {
            self.find_unit(t).is_none()
        }
    }
}
