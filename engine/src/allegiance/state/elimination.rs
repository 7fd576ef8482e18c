//! Elimination of a player and the end of the game (last player standing, sworn enemies, teams).

use super::*;

impl AllegianceState {
    pub(super) fn eliminate(&mut self, p: usize) {
        if !self.players[p].alive {
            return;
        }
        log!(self, "P{p} is eliminated");
        self.players[p].alive = false;
        self.keep_react(p);
        self.alive_n -= 1;
        self.work = true;
        self.players[p].health = 0;
        while let Some(u) = self.players[p].units.last().copied() {
            self.destroy(u.uid);
        }
        while let Some(c) = self.players[p].hand.pop() {
            self.discard_card(c);
        }
        self.players[p].hand_actions = 0;
        // Effects they control end; counters they placed stay.
        let mut gone: ArrayVec<u8, { 2 * MAX_PLAYERS * UNITS }> = ArrayVec::new();
        for pl in self.players.iter_mut() {
            pl.shield[p] = 0;
            pl.curse[p] = 0;
            for u in pl.units.edit().iter_mut() {
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
        // The curse counters they placed on units are gone: every territory's worth anew.
        for q in 0..self.n() {
            self.boards[q] = self.walk_board(q);
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
            Dec::Window(q)
            | Dec::Main(q)
            | Dec::TrigOrder(q)
            | Dec::Choose(q, _)
            | Dec::ArmorSplit(q)
                if q as usize == p =>
            {
                self.dec = Dec::Auto
            }
            _ => {}
        }
        self.statics_touched(false);
        // The game's result waits for the end of the effect or battle step that defeated
        // this hero, so that heroes falling together are judged together (`judge_defeats`).
        self.defeated |= 1 << p;
        self.work = true;
    }

    /// Decide the game after the effect or battle step that defeated the heroes in
    /// `self.defeated` has finished: heroes that fell together are judged together.
    /// Free-for-all: the last player standing wins; if the last players fall together they
    /// draw (players eliminated earlier keep their loss). Sworn enemy: every player still in
    /// the game whose sworn enemy (the next seat) fell wins, everyone else loses; if nobody is
    /// left, the players who fell together draw. Team: a team wins when both opponents are
    /// out; if the last members of both teams fall together, everyone draws.
    pub(super) fn judge_defeats(&mut self) {
        let fell = std::mem::take(&mut self.defeated);
        if fell == 0 || self.result.is_some() {
            return;
        }
        let n = self.n();
        let alive = |s: &Self, i: usize| s.players[i].alive;
        let mut results = [PlayerResult::Loss; MAX_PLAYERS];
        let decided = match self.fmt() {
            Format::Ffa => {
                let left = (0..n).filter(|&i| alive(self, i)).count();
                for (i, r) in results.iter_mut().enumerate().take(n) {
                    *r = match left {
                        0 if fell & (1 << i) != 0 => PlayerResult::Draw,
                        _ if alive(self, i) => PlayerResult::Win,
                        _ => PlayerResult::Loss,
                    };
                }
                left <= 1
            }
            Format::Sworn => {
                let mut any = false;
                for (i, r) in results.iter_mut().enumerate().take(n) {
                    if alive(self, i) && fell & (1 << ((i + 1) % n)) != 0 {
                        *r = PlayerResult::Win;
                        any = true;
                    }
                }
                if !any {
                    for (i, r) in results.iter_mut().enumerate().take(n) {
                        if fell & (1 << i) != 0 {
                            *r = PlayerResult::Draw;
                        }
                    }
                }
                true
            }
            Format::Team => {
                let team = |t: usize| (0..n).any(|i| i % 2 == t && alive(self, i));
                let (a, b) = (team(0), team(1));
                for (i, r) in results.iter_mut().enumerate().take(n) {
                    *r = match (a, b) {
                        (false, false) => PlayerResult::Draw,
                        _ if team(i % 2) => PlayerResult::Win,
                        _ => PlayerResult::Loss,
                    };
                }
                !(a && b)
            }
        };
        if decided {
            self.result = Some(Outcome {
                results,
                players: n as u8,
                end: EndReason::Decided,
            });
            self.work = true;
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
