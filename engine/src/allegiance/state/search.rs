//! What search and statistics ask of a state: who decides, resampling hidden information, card usage, invariants and log text (the evaluation is in `eval.rs`).

use super::*;

impl AllegianceState {
    /// Who must decide now.
    pub fn decider(&self) -> Option<u8> {
        match self.dec {
            Dec::Auto => None,
            Dec::Window(p)
            | Dec::Main(p)
            | Dec::SetupFace(p, _)
            | Dec::DrawPhase(p)
            | Dec::Target(p)
            | Dec::Attackers(p)
            | Dec::Defenders(p)
            | Dec::TrigOrder(p)
            | Dec::Choose(p, _)
            | Dec::ArmorSplit(p) => Some(p),
        }
    }

    pub(in crate::allegiance) fn resample(&mut self, viewer: u8, rng: &mut GameRng) {
        let hidden = self.hidden_slots(viewer);
        for (d, hidden) in hidden.iter().enumerate() {
            let mut pool = self.pool(d, hidden);
            crate::rng::shuffle(&mut pool, rng);
            // The deck takes the first cards of the pool, as one block; the hands the rest.
            let n = self.decks()[d].len();
            self.piles.decks_mut()[d].copy_from_slice(&pool[..n]);
            for (&(q, i), &c) in hidden.iter().zip(&pool[n..]) {
                self.players[q as usize].hand[i as usize] = c;
            }
        }
        self.after_resample(rng);
    }

    /// [`Self::resample`] for a search that resamples often (`Game::resample_hidden_lazy`):
    /// the worlds come with the same probabilities, but only the other seats' hidden hand
    /// cards are dealt now (a random draw from each deck's pool: the last steps of a
    /// shuffle); each deck keeps the rest unordered (see `piles.rs`), and a card taken from
    /// its top is then one of them at random. That saves the shuffle of every deck, most of
    /// whose cards a search's playout never reaches.
    pub(in crate::allegiance) fn resample_lazy(&mut self, viewer: u8, rng: &mut GameRng) {
        let hidden = self.hidden_slots(viewer);
        for (d, hidden) in hidden.iter().enumerate() {
            let mut pool = self.pool(d, hidden);
            let len = pool.len();
            for (k, &(q, i)) in hidden.iter().enumerate() {
                let top = len - 1 - k;
                let j = crate::rng::index_below(rng, top + 1);
                pool.swap(j, top);
                self.players[q as usize].hand[i as usize] = pool[top];
            }
            self.piles.set_unordered(d, &pool[..len - hidden.len()]);
        }
        self.after_resample(rng);
    }

    /// The other seats' hand cards of each shared deck (all but `viewer`'s), as (seat,
    /// slot), seat by seat and slot by slot: the order in which they join the deck's pool
    /// after the deck's own cards, and in which they take their new cards from it. Each
    /// card's deck is read once here, not once per deck and again for the way back.
    fn hidden_slots(&self, viewer: u8) -> [ArrayVec<(u8, u8), { MAX_PLAYERS * HAND }>; 3] {
        let db = &self.shared.db;
        let mut hidden: [ArrayVec<(u8, u8), { MAX_PLAYERS * HAND }>; 3] = Default::default();
        for (q, pl) in self.players.iter().enumerate() {
            if q as u8 != viewer {
                for (i, &c) in pl.hand.iter().enumerate() {
                    if let Some(d) = db.card(c).kind.deck() {
                        hidden[d].push((q as u8, i as u8));
                    }
                }
            }
        }
        hidden
    }

    /// Deck `d`'s cards and then the `hidden` hand cards of that deck: what a resample deals
    /// again.
    #[inline]
    fn pool(&self, d: usize, hidden: &[(u8, u8)]) -> ArrayVec<u8, { DECK + MAX_PLAYERS * HAND }> {
        let mut pool = ArrayVec::new();
        pool.extend(self.decks()[d].iter().copied());
        pool.extend(
            hidden
                .iter()
                .map(|&(q, i)| self.players[q as usize].hand[i as usize]),
        );
        pool
    }

    /// The end of both resamples: the kept summaries of the hands, and the game's own RNG
    /// drawn afresh from `rng`.
    fn after_resample(&mut self, rng: &mut GameRng) {
        for q in 0..self.players.len() {
            self.players[q].hand_actions = self.count_hand_actions(q);
            self.keep_react(q);
        }
        self.rng = GameRng::new(rng.next_u64(), rng.next_u64());
    }

    pub(in crate::allegiance) fn usage(&self, seat: u8) -> CardUsage {
        let pl = &self.players[seat as usize];
        CardUsage {
            drawn: pl.drawn,
            opening: pl.opening,
            played: pl.played,
        }
    }

    pub(in crate::allegiance) fn invariants(&self) -> Result<(), String> {
        let db = &self.shared.db;
        // Every shared-deck card is in exactly one zone (deck, discard, hand, play, chain).
        let mut count = [0i32; 256];
        for d in 0..3 {
            for &c in self.decks()[d].iter().chain(self.discards()[d].iter()) {
                count[c as usize] += 1;
            }
        }
        let alive = self.players.iter().filter(|p| p.alive).count();
        if self.alive_n as usize != alive {
            return Err(format!(
                "{} players counted alive, {alive} are",
                self.alive_n
            ));
        }
        if self.loop_work() && !self.work {
            return Err("the advance loop has work but `work` is clear".into());
        }
        if let Dec::Window(_) | Dec::Main(_) = self.dec {
            if matches!(self.dec, Dec::Main(_)) != self.is_main_window() {
                return Err(format!(
                    "the window is kept as {:?}, the main window's test says {}",
                    self.dec,
                    self.is_main_window()
                ));
            }
        }
        if self.react != self.react_bits() {
            return Err(format!(
                "the seats that may react are kept as {:#06b}, they are {:#06b}",
                self.react,
                self.react_bits()
            ));
        }
        let mut uids: ArrayVec<u16, { MAX_PLAYERS * UNITS }> = ArrayVec::new();
        for (p, pl) in self.players.iter().enumerate() {
            for &c in &pl.hand {
                count[c as usize] += 1;
            }
            for u in &pl.units {
                if db.card(u.card).kind.deck().is_some() {
                    count[u.card as usize] += 1;
                }
                for (c, _) in u.att {
                    if c != 255 && db.card(c).kind == Kind::Action {
                        count[c as usize] += 1;
                    }
                }
                if u.dmg >= self.max_hp(u) {
                    return Err(format!("unit {} of P{p} alive with lethal damage", u.uid));
                }
                if uids.contains(&u.uid) {
                    return Err(format!("duplicate unit id {}", u.uid));
                }
                uids.push(u.uid);
            }
            if pl.hand_actions != self.count_hand_actions(p) {
                return Err(format!(
                    "P{p} counts {} action cards in hand",
                    pl.hand_actions
                ));
            }
            if self.boards[p] != self.walk_board(p) {
                return Err(format!(
                    "P{p} keeps its board's worth as {}, it is {}",
                    self.boards[p],
                    self.walk_board(p)
                ));
            }
            let bits = self.reaction_bits(p);
            if (pl.ready_reactions, pl.face_acts) != bits {
                return Err(format!(
                    "P{p} keeps ready reactions {:#x} and face bits {:#x}, has {bits:?}",
                    pl.ready_reactions, pl.face_acts
                ));
            }
            let acts = self.act_slots(p);
            if pl.act_units != acts {
                return Err(format!(
                    "P{p} marks the slots {:#x} as units with an activated effect, has {acts:#x}",
                    pl.act_units
                ));
            }
            if pl.alive && (pl.health <= 0 || pl.health > self.hero(p).max_health as i32) {
                return Err(format!("P{p} health {} out of range", pl.health));
            }
            if pl
                .cd
                .iter()
                .enumerate()
                .any(|(i, &c)| c > self.hero(p).abilities.get(i).map_or(0, |a| a.delay as i8))
            {
                return Err(format!("P{p} cooldown beyond maximum delay"));
            }
        }
        // Against a count that walks the effects (not the per-card table).
        let walked = self.walk_static_kinds();
        if (self.statics, self.static_kinds) != walked || self.count_static_kinds() != walked {
            return Err(format!(
                "static count {} {:?} (table count {:?}) but {:?} in play",
                self.statics,
                self.static_kinds,
                self.count_static_kinds(),
                walked
            ));
        }
        self.check_unit_mods()?;
        let held = |u: &Unit| u.boost != [0; MAX_PLAYERS] || u.shield != [0; MAX_PLAYERS];
        if !self.turn_mods && self.players.iter().any(|pl| pl.units.iter().any(held)) {
            return Err("a unit holds a turn's attack modifier or shield, none is marked".into());
        }
        for it in self
            .chain
            .iter()
            .chain(self.building.iter())
            .chain(self.res.iter().map(|r| &r.item))
        {
            if matches!(it.kind, ItemKind::Enlist | ItemKind::Action) {
                count[it.card as usize] += 1;
            }
        }
        for b in &self.banished {
            if db.card(b.card).kind.deck().is_some() {
                count[b.card as usize] += 1;
            }
        }
        // Units lost to full piles or removed as Necromancer units can shrink counts; never grow.
        for (id, c) in db.cards.iter().enumerate() {
            if c.kind.deck().is_some() && count[id] > c.copies as i32 {
                return Err(format!(
                    "{} copies of {} in the game (deck has {})",
                    count[id], c.name, c.copies
                ));
            }
        }
        if self.result.is_none() {
            match self.decider() {
                None => return Err("no decision pending in a live game".into()),
                Some(p) if !self.players[p as usize].alive => {
                    return Err(format!("eliminated P{p} to decide"))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The turn number (turns begun, all players).
    pub fn turn_no(&self) -> u16 {
        self.turn
    }

    pub(in crate::allegiance) fn item_text(&self, it: &Item) -> String {
        let db = &self.shared.db;
        let hero = self.hero(it.who as usize);
        match it.kind {
            ItemKind::Unlock => format!("unlock {}", hero.abilities[it.arg as usize].name),
            ItemKind::Ability => format!("use {}", hero.abilities[it.arg as usize].name),
            ItemKind::Enlist => format!("enlist {}", db.card(it.card).name),
            ItemKind::Action => {
                let c = db.card(it.card);
                match (&c.half, it.arg & !ATTACHED) {
                    (Some((n, _, _)), 1) => format!("action {n}"),
                    _ => format!("action {}", c.name),
                }
            }
            ItemKind::Battle => format!("battle against P{}", it.arg),
            ItemKind::Trigger => match it.src {
                WEAPON => format!(
                    "{} ability",
                    hero.weapons[self.players[it.who as usize].weapon as usize].name
                ),
                ARMOR => format!(
                    "{} ability",
                    hero.armors[self.players[it.who as usize].armor as usize].name
                ),
                _ => format!("{} ability", db.card(it.card).name),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::each_example_position;
    use super::*;
    use crate::game_rng;

    impl AllegianceState {
        /// [`AllegianceState::resample`] as it was before session 24 (each hand card's deck
        /// read once per deck on the way in and again on the way back, and the deck written
        /// back card by card), kept to check that the new one gives the same state.
        fn resample_reference(&mut self, viewer: u8, rng: &mut GameRng) {
            let db = &self.shared.db;
            for d in 0..3 {
                let mut pool: ArrayVec<u8, { DECK + MAX_PLAYERS * HAND }> = ArrayVec::new();
                pool.extend(self.decks()[d].iter().copied());
                for (q, pl) in self.players.iter().enumerate() {
                    if q as u8 != viewer {
                        pool.extend(
                            pl.hand
                                .iter()
                                .copied()
                                .filter(|&c| db.card(c).kind.deck() == Some(d)),
                        );
                    }
                }
                crate::rng::shuffle(&mut pool, rng);
                let mut k = 0;
                for x in self.piles.decks_mut()[d].iter_mut() {
                    *x = pool[k];
                    k += 1;
                }
                for (q, pl) in self.players.iter_mut().enumerate() {
                    if q as u8 == viewer {
                        continue;
                    }
                    for x in pl.hand.iter_mut() {
                        if db.card(*x).kind.deck() == Some(d) {
                            *x = pool[k];
                            k += 1;
                        }
                    }
                }
            }
            for q in 0..self.players.len() {
                self.players[q].hand_actions = self.count_hand_actions(q);
                self.keep_react(q);
            }
            self.rng = GameRng::new(rng.next_u64(), rng.next_u64());
        }
    }

    /// Random games (2 players, 4 free-for-all, 4 in teams): at every step, for every
    /// viewing seat, the resampled world equals the reference's (`==` compares the piles,
    /// the hands and the state's RNG), and the caller's RNG is left in the same state.
    #[test]
    fn resample_equals_the_reference() {
        let (mut checked, mut changed) = (0u64, 0u64);
        each_example_position(4, |g, game| {
            for viewer in 0..g.n() as u8 {
                let (mut new, mut old) = (g.clone(), g.clone());
                let mut rng_new = game_rng(11, game * 8 + viewer as u64);
                let mut rng_old = rng_new.clone();
                new.resample(viewer, &mut rng_new);
                old.resample_reference(viewer, &mut rng_old);
                assert!(new == old, "game {game} viewer {viewer}");
                assert_eq!(rng_new, rng_old, "game {game} viewer {viewer}");
                checked += 1;
                changed += u64::from(new.players != g.players || new.piles != g.piles);
            }
        });
        assert!(checked > 10_000 && changed > 5_000, "{checked} {changed}");
    }
}
