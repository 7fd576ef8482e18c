//! Turn flow: the start and end of a turn, stepping through phases, end-of-turn triggers, passing priority, and placing triggered effects and announced maneuvers on the chain.

use super::*;

impl AllegianceState {
    pub(super) fn start_turn(&mut self, p: u8) {
        let pu = p as usize;
        self.cur = p;
        self.turn += 1;
        self.maneuvers = 0;
        self.phase = Phase::Main;
        for pl in self.players.iter_mut() {
            pl.armor_used = 0;
        }
        self.players[pu].turns += 1;
        if self.players[pu].curses() > 0 && !self.curse_at_turn_start(pu) {
            return;
        }
        self.return_banished(Some(p));
        let first = self.first_turn_two_player(pu);
        let pl = &mut self.players[pu];
        if !first {
            pl.prod += 1;
        }
        pl.gold += pl.prod as u32;
        for c in pl.cd.iter_mut() {
            if *c > 0 {
                *c -= 1;
            }
        }
        pl.weapon_exh = false;
        pl.armor_exh = false;
        // Written only where a unit is exhausted (a copy skips an unchanged territory).
        for i in 0..pl.units.len() {
            if pl.units[i].exhausted {
                pl.units.edit()[i].exhausted = false;
            }
        }
        self.players[pu].act_units = self.act_slots(pu);
        // The cooldowns went down and the faces are ready again.
        self.refresh_reaction_bits(pu);
        log!(
            self,
            "turn {} P{p}: production {}, gold {}",
            self.turn,
            self.players[pu].prod,
            self.players[pu].gold
        );
        self.prio = p;
        self.passes = 0;
        self.dec = Dec::Auto;
        if !first {
            // The decks `draw_options` would list, without listing them: none, one (drawn
            // at once) or a choice.
            let two = {
                let mut decks = self.drawable_decks();
                (decks.next(), decks.next())
            };
            match two {
                (None, _) => {}
                (Some(d), None) => self.draw_card(pu, d, false),
                _ => self.dec = Dec::DrawPhase(p),
            }
        }
    }

    pub(super) fn end_turn_cleanup(&mut self) {
        self.return_banished(None);
        // Units are written only when an effect may have given one of them a modifier or a
        // shield this turn: otherwise theirs are all 0 already (a copy then skips every
        // territory).
        let mods = std::mem::take(&mut self.turn_mods);
        for pl in self.players.iter_mut() {
            pl.shield = [0; MAX_PLAYERS];
            if mods {
                for u in pl.units.edit().iter_mut() {
                    u.boost = [0; MAX_PLAYERS];
                    u.shield = [0; MAX_PLAYERS];
                }
            }
        }
        if self.turn >= self.shared.rules.max_turns {
            self.stall();
            return;
        }
        let next = self.next_alive(self.cur);
        self.start_turn(next);
    }

    /// All players passed with an empty chain: move to the next step.
    pub(super) fn step_forward(&mut self) {
        self.passes = 0;
        self.prio = self.cur;
        if let Some(b) = &mut self.battle {
            match b.step {
                BStep::AfterDeclare => {
                    b.step = BStep::Assign;
                    b.pick = NONE;
                    let d = b.def;
                    if self.defender_options_exist() {
                        self.dec = Dec::Defenders(d);
                    } else {
                        self.battle.as_mut().expect("battle").step = BStep::AfterAssign;
                    }
                }
                BStep::AfterAssign => self.battle_damage(),
                BStep::AfterDamage => self.end_battle(),
                BStep::Declare | BStep::Assign | BStep::Armor => {}
            }
            return;
        }
        match self.phase {
            Phase::Main => {
                self.phase = Phase::End;
                let p = self.cur as usize;
                self.collect_endturn(p);
            }
            Phase::End => self.end_turn_cleanup(),
            Phase::Setup => {}
        }
    }

    /// The effect ids of card `card`, copied out of the card tables (two at most) so that
    /// [`Self::own_trigs`] may borrow the state mutably. Holding the tables through a clone of
    /// their `Arc` instead counted a reference on a counter every worker thread shares.
    #[inline]
    pub(super) fn card_effects(&self, card: u8) -> ArrayVec<u16, 2> {
        self.shared.db.card(card).effects.clone()
    }

    /// The effect ids of the weapon (`weapon`) or armor face seat `p` has in play, as
    /// [`Self::card_effects`].
    #[inline]
    pub(super) fn face_effects(&self, p: usize, weapon: bool) -> ArrayVec<u16, 2> {
        let pl = &self.players[p];
        let hero = &self.shared.db.heroes[pl.hero as usize];
        if weapon {
            hero.weapons[pl.weapon as usize].effects.clone()
        } else {
            hero.armors[pl.armor as usize].effects.clone()
        }
    }

    pub(super) fn collect_endturn(&mut self, p: usize) {
        let t = &self.shared.tables;
        let end = 1u16 << Trigger::EndTurn as u16;
        let pl = &self.players[p];
        let facts = &t.heroes[pl.hero as usize];
        let faces = (
            u16::from(facts.weapon_trigs[pl.weapon as usize]) & end != 0,
            u16::from(facts.armor_trigs[pl.armor as usize]) & end != 0,
        );
        // The units whose card or an attachment has an end-of-turn effect (usually none),
        // found in one walk that only reads: the collecting below may stall the game
        // (`add_trig`), never move a unit.
        let mut slots = 0u64;
        for (i, u) in pl.units.iter().enumerate() {
            let mut bits = t.trig_bits[u.card as usize];
            for &(c, _) in &u.att {
                if c != 255 {
                    bits |= t.trig_bits[c as usize] >> 8;
                }
            }
            slots |= u64::from(bits & end != 0) << i;
        }
        if faces.0 {
            let w = self.face_effects(p, true);
            self.own_trigs(p, 0, WEAPON, &w, Trigger::EndTurn);
        }
        if faces.1 {
            let a = self.face_effects(p, false);
            self.own_trigs(p, 0, ARMOR, &a, Trigger::EndTurn);
        }
        for i in super::board::set_bits(slots) {
            let u = &self.players[p].units[i];
            let (card, uid, att) = (u.card, u.uid, u.att);
            self.card_trigs(p, card, uid, Trigger::EndTurn);
            for (c, owner) in att {
                if c == 255 {
                    continue;
                }
                self.attached_trigs(c, owner, uid, Trigger::EndTurn);
            }
        }
    }

    /// Collect the `trigger` effects of card `card` of `who` ([`Self::own_trigs`] with the
    /// card's effects, `src` its uid or [`NONE`]); a card without one (the card table's
    /// `trig_bits` says) is not looked at. The test is inlined into the callers, the
    /// collecting is out of line ([`Self::card_trigs_found`]).
    #[inline(always)]
    pub(super) fn card_trigs(&mut self, who: usize, card: u8, src: u16, trigger: Trigger) {
        if self.shared.tables.trig_bits[card as usize] & 1 << trigger as u16 != 0 {
            self.card_trigs_found(who, card, src, trigger);
        }
    }

    /// [`Self::card_trigs`] for a card with an effect of the trigger.
    #[inline(never)]
    fn card_trigs_found(&mut self, who: usize, card: u8, src: u16, trigger: Trigger) {
        let e = self.card_effects(card);
        self.own_trigs(who, card, src, &e, trigger);
    }

    /// Collect the `trigger` effects among `effects` of a card of `who` (`card` for labels,
    /// `src` its uid or [`WEAPON`]/[`ARMOR`]/[`NONE`]).
    pub(super) fn own_trigs(
        &mut self,
        who: usize,
        card: u8,
        src: u16,
        effects: &[u16],
        trigger: Trigger,
    ) {
        for &e in effects {
            if self.shared.db.effect(e).trigger == trigger {
                self.add_trig(Trig {
                    who: who as u8,
                    card,
                    effect: e,
                    src,
                    host: NONE,
                });
            }
        }
    }

    /// Collect the `trigger` effects an attachment `c` (owned by `owner`) has on unit `host`.
    pub(super) fn attached_trigs(&mut self, c: u8, owner: u8, host: u16, trigger: Trigger) {
        if self.shared.tables.trig_bits[c as usize] & 0x100 << trigger as u16 == 0 {
            return;
        }
        let effects: ArrayVec<u16, 2> = self
            .shared
            .db
            .card(c)
            .attached_effects()
            .iter()
            .copied()
            .collect();
        for e in effects {
            if self.shared.db.effect(e).trigger == trigger {
                self.add_trig(Trig {
                    who: owner,
                    card: c,
                    effect: e,
                    src: NONE,
                    host,
                });
            }
        }
    }

    pub(super) fn add_trig(&mut self, t: Trig) {
        if self.trigs.is_full() {
            // A bound of the engine, never of the rules: the game ends as a stall rather
            // than losing a mandatory trigger.
            log!(self, "stall: more than {TRIGS} triggered effects pending");
            self.stall();
            return;
        }
        self.trigs.push(t);
        self.work = true;
    }

    /// End the game as a stall (the turn limit or an engine bound): the players still in
    /// the game draw, the eliminated ones keep their loss (`EndReason::TurnLimit`).
    pub(super) fn stall(&mut self) {
        if self.result.is_some() {
            return;
        }
        let mut results = [PlayerResult::Draw; MAX_PLAYERS];
        for (i, pl) in self.players.iter().enumerate() {
            if !pl.alive {
                results[i] = PlayerResult::Loss;
            }
        }
        self.result = Some(Outcome {
            results,
            players: self.n() as u8,
            end: EndReason::TurnLimit,
        });
        self.work = true;
        self.dec = Dec::Auto;
    }

    // ----- the advance loop ------------------------------------------------------------------

    /// Run the engine until a player must decide or the game is over.
    pub(in crate::allegiance) fn advance(&mut self) {
        loop {
            // The tests check the kept flag against a fresh computation at every turn of
            // the loop (`work_is_set_whenever_the_loop_has_work`).
            #[cfg(test)]
            assert!(
                self.work || !self.loop_work(),
                "`work` clear with work pending"
            );
            // With `work` clear there is no defeat to judge, no result, no resolution, no
            // trigger, and every player is in the game (`loop_work`): only the decision is
            // checked before the windows and passes.
            if self.work {
                if self.defeated != 0 && self.res.is_none() {
                    // The effect or battle step that defeated heroes has finished.
                    self.judge_defeats();
                }
                if self.result.is_some() || self.dec != Dec::Auto {
                    return;
                }
                // While every player is in the game (most of it), no seat needs looking at.
                let all_in = self.alive_n as usize == self.players.len();
                if !all_in
                    && !self.players[self.cur as usize].alive
                    && self.chain.is_empty()
                    && self.res.is_none()
                    && self.trigs.is_empty()
                {
                    // The current player was eliminated: what they controlled is gone
                    // already (`eliminate`); the other players' pending maneuvers and
                    // triggers resolved first, and now the turn ends.
                    self.building = None;
                    self.end_battle();
                    self.phase = Phase::End;
                    self.end_turn_cleanup();
                    continue;
                }
                if self.res.is_some() {
                    self.run_res();
                    continue;
                }
                if !self.trigs.is_empty() {
                    self.place_trigger();
                    continue;
                }
                if !all_in && !self.players[self.prio as usize].alive {
                    self.prio = self.next_alive(self.prio);
                }
                // No result, resolution or trigger is left here: what remains is a player
                // out of the game or (in principle) a defeat judged while an eliminated
                // player's items resolved.
                self.work = self.loop_work();
            } else if self.dec != Dec::Auto {
                return;
            }
            // With `work` clear every player is in the game; with it set the seats are
            // asked who is alive (the same next seat when all are in).
            let all_in = !self.work;
            let mut p = self.prio as usize;
            if self.is_main_window() {
                self.dec = Dec::Main(p as u8);
                return;
            }
            // Plain passes change only the priority and the pass count: nothing the checks
            // above read (no defeat, result, decision, resolution or trigger, and no main
            // window once someone passed), so the loop asks the next seat directly until
            // everyone still in has passed.
            // No seat may react: everyone left passes at once (`all_passed` resets the pass
            // count and sets the priority itself, and neither the count these passes would
            // reach nor a priority they would hand on is read before that).
            if self.react == 0 {
                self.all_passed();
                continue;
            }
            loop {
                if self.has_reaction(p) {
                    self.dec = Dec::Window(p as u8);
                    return;
                }
                if self.pass_on(all_in) {
                    break;
                }
                p = self.prio as usize;
            }
        }
    }

    /// Whether the advance loop has more to do than hand priority on and open windows, worked
    /// out afresh: a defeat to judge, a result, a resolution, a trigger, or a player out of
    /// the game (then the seats are asked who is alive). `work` is set whenever this is.
    pub(in crate::allegiance) fn loop_work(&self) -> bool {
        self.defeated != 0
            || self.result.is_some()
            || self.res.is_some()
            || !self.trigs.is_empty()
            || self.alive_n as usize != self.players.len()
    }

    /// Pass priority (a window's pass). Small enough to inline: most passes only hand
    /// priority on; the rest is in [`AllegianceState::all_passed`]. While every player is in
    /// the game the next seat is found without asking who is alive.
    #[inline]
    pub(super) fn pass(&mut self) {
        self.pass_on(self.alive_n as usize == self.players.len());
    }

    /// One pass: the count goes up, and when everyone still in the game has passed the chain
    /// resolves or the step moves on ([`Self::all_passed`], true); otherwise priority goes to
    /// the next seat still in. With `all_in` (no one is out) that is the next seat round the
    /// table, found without asking who is alive.
    #[inline(always)]
    fn pass_on(&mut self, all_in: bool) -> bool {
        // No wrapping: the count is reset once it reaches the players still in, at most
        // `MAX_PLAYERS`, so it stays far below 255 (and the seat `prio` below the seat count).
        self.passes = self.passes.wrapping_add(1);
        if self.passes >= self.alive_count() {
            self.all_passed();
            return true;
        }
        let next = self.prio.wrapping_add(1);
        self.prio = match all_in {
            true if next as usize >= self.players.len() => 0,
            true => next,
            false => self.next_alive(self.prio),
        };
        false
    }

    /// Every player still in the game passed in a row: resolve the chain's last item, or
    /// move to the next step.
    #[inline(never)]
    fn all_passed(&mut self) {
        self.passes = 0;
        if let Some(it) = self.chain.pop() {
            self.prio = self.cur;
            self.begin_resolve(it);
        } else {
            self.step_forward();
        }
    }

    pub(super) fn is_main_window(&self) -> bool {
        self.phase == Phase::Main
            && self.chain.is_empty()
            && self.battle.is_none()
            && self.prio == self.cur
            && self.passes == 0
    }

    // ----- triggers --------------------------------------------------------------------------

    /// Put the next pending trigger on the chain (current player first, then turn order; a
    /// player with several chooses the order).
    pub(super) fn place_trigger(&mut self) {
        let n = self.n() as u8;
        for k in 0..n {
            let p = (self.cur + k) % n;
            let count = self.trigs.iter().filter(|t| t.who == p).count();
            if count == 0 {
                continue;
            }
            if count > 1 {
                self.dec = Dec::TrigOrder(p);
                return;
            }
            let i = self.trigs.iter().position(|t| t.who == p).expect("counted");
            self.take_trigger(i);
            return;
        }
        self.trigs.clear();
    }

    pub(super) fn take_trigger(&mut self, i: usize) {
        let t = self.trigs.remove(i);
        if !self.players[t.who as usize].alive {
            return;
        }
        if t.host != NONE && self.find_unit(t.host).is_none() {
            return;
        }
        let item = Item {
            kind: ItemKind::Trigger,
            who: t.who,
            card: t.card,
            arg: 0,
            effect: t.effect,
            src: t.src,
            host: t.host,
            targets: Targets::new(),
        };
        self.announce(item);
    }

    // ----- announcing ------------------------------------------------------------------------

    /// Start target selection for `item` (costs already paid), or put it on the chain.
    pub(super) fn announce(&mut self, item: Item) {
        let who = item.who;
        self.pay_focus(&item);
        if item.effect != NO_EFFECT && self.shared.db.effect(item.effect).target.is_some() {
            let e = self.shared.db.effect(item.effect);
            let any = match e.target {
                Some(k) if item.targets.is_empty() => self.target_exists(who as usize, k),
                _ => self.any_target(who as usize, e, &item.targets),
            };
            if !any {
                if e.min_targets > 0 {
                    // Only triggers get here (maneuvers are offered only with a target).
                    return;
                }
                self.push_chain(item);
                return;
            }
            self.building = Some(item);
            self.dec = Dec::Target(who);
            return;
        }
        self.push_chain(item);
    }

    /// Put `item` on the chain. The engine's bound and the log line are out of line
    /// ([`Self::chain_bound_stall`], [`Self::log_announce`]), so that the common path saves
    /// no registers for them.
    pub(super) fn push_chain(&mut self, item: Item) {
        if self.maneuvers >= self.shared.rules.max_maneuvers || self.chain.is_full() {
            self.chain_bound_stall();
            return;
        }
        if self.logging {
            self.log_announce(&item);
        }
        self.prio = item.who;
        self.passes = 0;
        self.maneuvers += 1;
        self.chain.push(item);
        self.dec = Dec::Auto;
    }

    /// The engine's bound on one turn (`max_maneuvers`, the chain's capacity) is reached: the
    /// game ends as a stall instead of refusing a legal maneuver or dropping a trigger.
    #[cold]
    #[inline(never)]
    fn chain_bound_stall(&mut self) {
        log!(
            self,
            "stall: the bound of {} chain items in a turn is reached",
            self.maneuvers
        );
        self.stall();
    }

    /// The log line of an item put on the chain.
    #[cold]
    #[inline(never)]
    fn log_announce(&mut self, item: &Item) {
        log!(self, "P{} announces {}", item.who, self.item_text(item));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{each_example_position, each_look_ahead_copy};
    use super::*;

    /// `work` is set whenever the advance loop has work (`loop_work` afresh), at every
    /// decision of random 2-player, 4-player and team games and on look-ahead copies (each
    /// legal action applied to a `clone_from` copy, then up to three random steps); the
    /// advance loop asserts the same at every turn in test builds. Both states occur.
    #[test]
    fn work_is_set_whenever_the_loop_has_work() {
        let (mut clear, mut busy, mut checked) = (0u64, 0u64, 0u64);
        let mut check = |s: &AllegianceState, game: u64| {
            assert!(s.work || !s.loop_work(), "game {game}, turn {}", s.turn);
            clear += u64::from(!s.work);
            busy += u64::from(s.loop_work());
            checked += 1;
        };
        each_example_position(4, &mut check);
        each_look_ahead_copy(4, 1, &mut check);
        assert!(
            checked > 50_000 && clear > 10_000 && busy > 1_000,
            "{checked} {clear} {busy}"
        );
    }
}
