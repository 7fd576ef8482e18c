//! Turn flow: the start of a turn (timers, commander and structure skills), playing the card, the assaults in order, the end of a turn, Refresh and the row shift after deaths, and death with Regenerate.

use super::*;

impl TyrantState {
    // ---- turn steps -------------------------------------------------------------------

    /// Steps 1–4 of the active participant's turn; loops through turns without a decision
    /// (empty hand) until a decision is due or the game ends.
    pub(super) fn start_turn<const F: u32>(&mut self) {
        loop {
            let p = self.active as usize;
            if self.log.is_some() {
                self.note_turn(p);
            }
            // 1. Statuses: Protect wears off at the start of its owner's turn. (Rallied,
            // Weakened, Jammed, Chaosed, Immobilized and Enfeebled were removed at the end
            // of the turns that ended them; see `end_turn`.)
            // Rallied is cleared here only when Rally lasts until the owner's next turn: a
            // mask instead of a test per card.
            let rallied_kept: u8 = if self.shared.rules.rally_lasts == RallyLasts::NextTurn {
                0
            } else {
                u8::MAX
            };
            let mut poisoned = false;
            let (protect, poison) = (self.can::<F>(PROTECT), self.can::<F>(POISON));
            // 3. Timers, in the same pass: Poison below only changes health (and, with
            // `poison_death_shift`, drops the dead), so counting the timers down first gives
            // the same rows.
            let side = &mut self.sides[p];
            for u in side.assaults.iter_mut() {
                if protect {
                    u.protected = 0;
                }
                u.rallied &= rallied_kept;
                u.timer = u.timer.saturating_sub(1);
                if poison {
                    poisoned |= u.poisoned > 0;
                }
            }
            for u in side.structures.iter_mut() {
                u.timer = u.timer.saturating_sub(1);
            }
            // 2. Poison (a poison death may regenerate unless diseased).
            if poisoned {
                self.poison(p);
            }
            let side = &mut self.sides[p];
            // 4. Draw: one card, or the opening hand on the side's first turn.
            let first = side.turns == 0;
            side.turns += 1;
            if first {
                let n = self.shared.rules.first_draw;
                for _ in 0..n {
                    if side.hand.is_full() {
                        break;
                    }
                    match side.library.pop() {
                        Some(pos) => {
                            side.drawn |= bit(pos);
                            side.opening |= bit(pos);
                            side.hand.push(pos);
                        }
                        None => break,
                    }
                }
            } else if !side.hand.is_full() {
                if let Some(pos) = side.library.pop() {
                    side.drawn |= bit(pos);
                    side.hand.push(pos);
                }
            }
            if !self.sides[p].hand.is_empty() {
                return; // 5. a card must be played: the participant decides which.
            }
            self.finish_turn::<F>(None);
            if self.over() {
                return;
            }
        }
    }

    /// The log line opening side `p`'s turn (out of line: `start_turn` keeps no
    /// formatting temporaries).
    #[cold]
    #[inline(never)]
    fn note_turn(&mut self, p: usize) {
        let line = format!("turn {}: {}", self.turn, SEATS[p]);
        self.push_note(line);
    }

    /// The log line of side `p` playing card `id` (out of line, as `note_turn`).
    #[cold]
    #[inline(never)]
    fn note_plays(&mut self, p: usize, id: u16) {
        let line = format!("  {} plays {}", SEATS[p], self.def(id).name);
        self.push_note(line);
    }

    /// Step 2 of a turn: poisoned assaults of side `p` lose health; with
    /// `poison_death_shift` the gaps close at once.
    #[inline(never)]
    fn poison(&mut self, p: usize) {
        for i in 0..self.sides[p].assaults.len() {
            let u = &mut self.sides[p].assaults[i];
            if u.alive() && u.poisoned > 0 {
                u.hp = u.hp.saturating_sub(u.poisoned as i16);
                note!(
                    self,
                    "  poison: {} loses {}",
                    self.an(p, i),
                    self.sides[p].assaults[i].poisoned
                );
                if !self.sides[p].assaults[i].alive() {
                    self.died::<FULL>(p, i);
                }
            }
        }
        // With `poison_death_shift`, the gaps of Poison deaths close at once (the only
        // dead on this side now: the other gaps closed when the opponent's turn ended).
        if self.shared.rules.poison_death_shift {
            self.shift(p);
        }
    }

    /// Steps 5–12, after the participant chose the hand card `played` (if any).
    pub(super) fn finish_turn<const F: u32>(&mut self, played: Option<u8>) {
        let p = self.active as usize;
        // 5. Play a card; 6. an action card's skills fire, then it leaves the game.
        if let Some(pos) = played {
            let id = self.card_at(p, pos);
            if self.log.is_some() {
                self.note_plays(p, id);
            }
            let shared = &*self.shared;
            let def = shared.db.card(id);
            let side = &mut self.sides[p];
            side.played |= bit(pos);
            match def.kind {
                CardType::Assault => side.assaults.push(Unit::new(id, def, pos)),
                CardType::Structure => side.structures.push(Unit::new(id, def, pos)),
                CardType::Action => {
                    side.gone |= bit(pos);
                    if F & ACTIONS != 0 {
                        for k in 0..def.acts.len() {
                            let sk = self.def(id).acts[k];
                            self.activate::<F, false>(p, Src::Action, sk);
                        }
                    }
                }
                CardType::Commander => unreachable!("decks hold no commanders"),
            }
        }
        // 7. Commander.
        // (The skill counts come from the hot records, read once: the definitions' lengths
        // would be read again after every skill.)
        let commander = self.sides[p].commander.card;
        for k in 0..self.hot(commander).acts() {
            let sk = self.def(commander).acts[k];
            self.activate::<F, false>(p, Src::Commander, sk);
        }
        // 8. Structures, left to right.
        let mut i = 0;
        while F & STRUCTURE_SKILLS != 0 && i < self.sides[p].structures.len() {
            let u = self.sides[p].structures[i];
            if u.alive() && u.timer == 0 {
                for k in 0..self.hot(u.card).acts() {
                    let sk = self.def(u.card).acts[k];
                    self.activate::<F, false>(p, Src::Structure, sk);
                }
            }
            i += 1;
        }
        // 9. Assaults, left to right, each taking its turn.
        let mut i = 0;
        while i < self.sides[p].assaults.len() {
            let u = self.sides[p].assaults[i];
            if u.alive() && u.timer == 0 {
                self.assault_turn::<F>(p, i);
                if self.over() {
                    return;
                }
            }
            i += 1;
        }
        // 10. Refresh: living, non-diseased cards with Refresh are restored to full health
        // (a card destroyed by Counter that failed to regenerate is not living).
        self.refresh::<F>(p);
        self.end_turn::<F>();
    }

    pub(super) fn refresh<const F: u32>(&mut self, p: usize) {
        let shared = &*self.shared;
        if F & REFRESH == 0 || !shared.decks[self.sides[p].deck as usize].has_refresh {
            return;
        }
        let log = self.log.is_some();
        let mut refreshed: ArrayVec<u16, { 2 * ROW + 1 }> = ArrayVec::new();
        let hots = &shared.hot;
        let side = &mut self.sides[p];
        let c = &mut side.commander;
        if hots[c.card as usize].has(hot::REFRESH) {
            c.hp = c.max_hp;
        }
        for u in side.structures.iter_mut().chain(side.assaults.iter_mut()) {
            if u.alive()
                && !u.has(DISEASED)
                && hots[u.card as usize].has(hot::REFRESH)
                && u.hp < u.max_hp
            {
                u.hp = u.max_hp;
                if log {
                    refreshed.push(u.card);
                }
            }
        }
        // By reference, and only with the log on: the list is 136 bytes, and moving it
        // into a loop copied it (a `memcpy` call) on every Refresh step.
        if log {
            for &c in refreshed.iter() {
                note!(
                    self,
                    "  refresh: {} {} is back to full health",
                    SEATS[p],
                    self.def(c).name
                );
            }
        }
    }

    /// Steps 11–12 and the statuses that end with this turn.
    pub(super) fn end_turn<const F: u32>(&mut self) {
        let p = self.active as usize;
        let q = 1 - p;
        // 11. Shift: the opposing rows close their gaps; the acting side's own dead stay as
        // gaps through the opponent's turn unless `shift_acting_side` is set.
        self.shift(q);
        if self.shared.rules.shift_acting_side {
            self.shift(p);
        }
        let (enfeeble, weaken) = (self.can::<F>(ENFEEBLE), self.can::<F>(WEAKEN));
        if enfeeble {
            for u in self.sides[q].assaults.iter_mut() {
                u.enfeebled = 0;
            }
        }
        let rally_turn = self.shared.rules.rally_lasts != RallyLasts::NextTurn;
        // The statuses of the turn's end that the matchup can set (ATTACKED always).
        let mut ended = ATTACKED;
        if F & JAM != 0 {
            ended |= JAMMED;
        }
        if F & CHAOS != 0 {
            ended |= CHAOSED;
        }
        if F & IMMOBILIZE != 0 {
            ended |= IMMOBILIZED;
        }
        for u in self.sides[p].assaults.iter_mut() {
            if enfeeble {
                u.enfeebled = 0;
            }
            if rally_turn {
                u.rallied = 0;
            }
            if weaken {
                u.weakened = 0;
            }
            u.flags &= !ended;
        }
        // 12. Turn counter; the turn limit.
        if self.turn >= self.shared.rules.turn_limit {
            self.result = Some(match self.shared.rules.at_limit {
                AtLimit::Defender => Outcome::winner(2, DEFENDER, EndReason::TurnLimit),
                AtLimit::Draw => Outcome::draw(2, EndReason::TurnLimit),
            });
            if self.log.is_some() {
                self.note_text("turn limit reached");
            }
            return;
        }
        self.turn += 1;
        self.active = q as u8;
    }

    /// Close the gaps of side `s`'s destroyed cards. The test of the side's flag is inlined
    /// where the shift is called (most turns destroy nothing on a given side); the rows are
    /// compacted out of line.
    #[inline]
    pub(super) fn shift(&mut self, s: usize) {
        if self.sides[s].dead {
            self.sides[s].compact_rows();
        }
    }

    // ---- deaths ---------------------------------------------------------------------

    /// Assault `i` of side `s` has just dropped to 0 health or less: Regenerate may bring it
    /// back (50%, `regenerate_chance`) unless it is diseased. Returns whether it lives.
    #[inline(always)]
    pub(super) fn died<const F: u32>(&mut self, s: usize, i: usize) -> bool {
        self.sides[s].dead = true;
        if (F & REGENERATE == 0 || !self.hot(self.sides[s].assaults[i].card).has(hot::REGEN))
            && self.log.is_none()
        {
            return false;
        }
        self.regenerate(s, i)
    }

    #[inline(never)]
    pub(super) fn regenerate(&mut self, s: usize, i: usize) -> bool {
        let u = self.sides[s].assaults[i];
        let x = self.def(u.card).passive.regenerate;
        if x > 0
            && !u.has(DISEASED)
            && self.roll(Ev::Regenerate, self.shared.rules.regenerate_chance)
        {
            let u = &mut self.sides[s].assaults[i];
            u.hp = (x as i16).min(u.max_hp);
            note!(self, "  {} regenerates", self.an(s, i));
            return true;
        }
        note!(self, "  {} is destroyed", self.an(s, i));
        false
    }
}

impl Side {
    /// Drop the destroyed cards of both rows into the gone set and clear the flag.
    #[inline(never)]
    fn compact_rows(&mut self) {
        self.dead = false;
        let gone = compact(&mut self.assaults) | compact(&mut self.structures);
        self.gone |= gone;
    }
}

/// Drop a row's destroyed cards, keeping the order of the others; returns the deck positions
/// dropped. Branch-free over the row (whether a card died is not predictable) from its first
/// destroyed card on (the cards before it stay where they are), after the search for that
/// card.
#[inline]
fn compact(row: &mut ArrayVec<Unit, ROW>) -> u64 {
    let Some(first) = row.iter().position(|u| !u.alive()) else {
        return 0;
    };
    let n = row.len();
    let units = row.as_mut_slice();
    let mut gone = 0u64;
    let mut k = first;
    for i in first..n {
        // `copy_within` moves the whole 16-byte unit at once (an assignment copies it field
        // by field; a swap also wrote the old occupant back through the stack). Slot `k` is
        // at most `i`, so no card is overwritten before it is read; a living card only ever
        // moves left over a dead one, so the living keep their order, and what is left past
        // `k` is cut off below.
        let u = units[i];
        let alive = u.alive();
        units.copy_within(i..i + 1, k);
        k += alive as usize;
        gone |= ((!alive) as u64).wrapping_shl(u.pos as u32);
    }
    row.truncate(k);
    gone
}
