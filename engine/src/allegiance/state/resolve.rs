//! Resolving chain items: paying costs, the effect ops one by one with their scopes and amounts, resolution choices, healing and the unit-or-hero ops.

use super::eval::rework;
use super::*;

/// The units and heroes an op acts on (see [`AllegianceState::scope_ids`]).
pub(super) type ScopeIds = ArrayVec<u16, { MAX_PLAYERS * UNITS + MAX_PLAYERS }>;

impl AllegianceState {
    pub(super) fn begin_resolve(&mut self, item: Item) {
        if !item.targets.is_empty() && item.targets.iter().all(|&t| self.gone(t)) {
            if self.logging {
                self.log_resolve(&item, true);
            }
            self.finish(item);
            return;
        }
        if self.logging {
            self.log_resolve(&item, false);
        }
        if item.effect == NO_EFFECT {
            self.finish(item);
            return;
        }
        self.work = true;
        self.res = Some(Res {
            item,
            pc: 0,
            left: 0,
            flag: true,
            sub: 0,
            started: false,
        });
        self.run_res();
    }

    /// The log line of [`Self::begin_resolve`] (`cancelled`: no target was left), out of
    /// line: the common path then saves no registers for formatting it.
    #[cold]
    #[inline(never)]
    fn log_resolve(&mut self, item: &Item, cancelled: bool) {
        if cancelled {
            log!(
                self,
                "{} is cancelled: no target left",
                self.item_text(item)
            );
        } else {
            log!(self, "{} resolves", self.item_text(item));
        }
    }

    pub(super) fn finish(&mut self, item: Item) {
        let p = item.who as usize;
        match item.kind {
            ItemKind::Unlock => {
                self.set_cooldown(p, item.arg as usize, 0);
                self.players[p].drawn |= 1 << item.arg;
            }
            ItemKind::Enlist => self.enter_play(p, item.card),
            ItemKind::Action => {
                if item.arg & ATTACHED == 0 {
                    self.piles.discard(2, item.card);
                }
            }
            ItemKind::Battle => {
                let q = item.arg as usize;
                if self.players[p].alive && self.players[q].alive {
                    self.battle = Some(Battle {
                        atk: p as u8,
                        def: q as u8,
                        step: BStep::Declare,
                        attackers: ArrayVec::new(),
                        pick: NONE,
                        armor_left: 0,
                        split_from: 0,
                    });
                    self.dec = Dec::Attackers(p as u8);
                    if self.only_pass_to_declare() {
                        self.declare(p, PASS);
                    }
                }
            }
            ItemKind::Ability | ItemKind::Trigger => {}
        }
    }

    pub(super) fn res_op(&self) -> Option<crate::allegiance::cards::Op> {
        let r = self.res.as_ref()?;
        self.db()
            .effect(r.item.effect)
            .ops
            .get(r.pc as usize)
            .copied()
    }

    /// Units and heroes the resolving op acts on, as target ids, into `v` (cleared first).
    /// An out parameter, not a returned list: the list is 512 bytes, and returning it cost a
    /// copy.
    pub(super) fn scope_ids(&self, scope: Scope, v: &mut ScopeIds) {
        self.scope_ids_of(scope, v, false);
    }

    /// [`Self::scope_ids`], but with `units_later` the targeted units are listed whether
    /// in play or not: for ops that look each unit up again and skip one that is gone
    /// ([`Self::unit_or_hero_op`], drain), which saves a look-up per unit.
    #[inline(always)]
    fn scope_ids_of(&self, scope: Scope, v: &mut ScopeIds, units_later: bool) {
        v.clear();
        let Some(r) = &self.res else { return };
        let who = r.item.who as usize;
        match scope {
            Scope::Targets => {
                for &t in &r.item.targets {
                    let listed = if t & HERO_BIT != 0 {
                        self.players[(t & !HERO_BIT) as usize].alive
                    } else {
                        units_later || self.find_unit(t).is_some()
                    };
                    if listed {
                        v.push(t);
                    }
                }
            }
            Scope::Me => v.push(HERO_BIT | who as u16),
            Scope::This => {
                if r.item.src < ARMOR && self.find_unit(r.item.src).is_some() {
                    v.push(r.item.src);
                }
            }
            Scope::Host => {
                if self.find_unit(r.item.host).is_some() {
                    v.push(r.item.host);
                }
            }
            Scope::Allies | Scope::Foes | Scope::Units => {
                for (s, pl) in self.players.iter().enumerate() {
                    let ok = match scope {
                        Scope::Allies => s == who,
                        Scope::Foes => self.opponents(who, s),
                        _ => pl.alive,
                    };
                    if ok {
                        v.extend(pl.units.iter().map(|u| u.uid));
                    }
                }
            }
            Scope::FoeHeroes => {
                for s in 0..self.n() {
                    if self.opponents(who, s) {
                        v.push(HERO_BIT | s as u16);
                    }
                }
            }
        }
    }

    /// [`Self::scope_ids`] for the ops that look each unit up again ([`Self::scope_ids_of`]).
    #[inline(never)]
    fn op_scope_ids(&self, scope: Scope, v: &mut ScopeIds) {
        self.scope_ids_of(scope, v, true);
    }

    pub(super) fn run_res(&mut self) {
        let mut ids = ScopeIds::new();
        loop {
            if self.result.is_some() || self.dec != Dec::Auto {
                return;
            }
            // The few fields the op needs, not a clone of the whole resolution.
            let Some(r) = &self.res else { return };
            let (who, card, started, flag) = (r.item.who as usize, r.item.card, r.started, r.flag);
            let e = self.shared.db.effect(r.item.effect);
            let Some(&op) = e.ops.get(r.pc as usize) else {
                let r = self.res.take().expect("res");
                self.finish(r.item);
                return;
            };
            if let Some(c) = choice_of(op.code) {
                if !started {
                    let rr = self.res.as_mut().expect("res");
                    rr.started = true;
                    rr.sub = 0;
                    rr.left = match op.code {
                        OpCode::Draw | OpCode::Mill | OpCode::Recycle | OpCode::Discard => {
                            op.n as u8
                        }
                        OpCode::Equip => 2,
                        _ => 1,
                    };
                    if matches!(op.code, OpCode::Raise | OpCode::Sacrifice | OpCode::Ready) {
                        rr.flag = false;
                    }
                    if op.code == OpCode::Discard {
                        rr.sub = 1;
                    }
                }
                match self.choice_state(op, c) {
                    None => {
                        if op.code == OpCode::Recycle {
                            let moved = self.res.as_ref().expect("res").sub;
                            self.set_flag(moved > 0);
                            for _ in 0..moved {
                                self.enter_play(who, op.card);
                            }
                        }
                        if let Some(rr) = self.res.as_mut() {
                            rr.pc += 1;
                            rr.started = false;
                        }
                    }
                    Some((q, c)) => {
                        let mut buf = ActionBuf::new();
                        self.choice_options(q, c, &mut buf);
                        if buf.iter().all(|a| a.0 == PASS) {
                            // Nothing to choose: the rest of the op does nothing.
                            self.res.as_mut().expect("res").left = 0;
                        } else if buf.len() == 1 {
                            self.apply_choice(q, c, buf[0].0);
                        } else {
                            self.dec = Dec::Choose(q as u8, c);
                            return;
                        }
                    }
                }
                continue;
            }
            let n = self.op_amount(who, &op);
            match op.code {
                OpCode::Drain => {
                    let mut total = 0i32;
                    self.op_scope_ids(op.scope, &mut ids);
                    for &t in &ids {
                        if let Some((s, i)) = self.find_unit(t) {
                            total += self.max_hp(&self.players[s].units[i]);
                        }
                    }
                    self.heal_hero(who, total);
                }
                OpCode::Gold => {
                    let pl = &mut self.players[who];
                    pl.gold += n.max(0) as u32;
                }
                OpCode::Focus => {
                    let Some(f) = self.counters_after(self.players[who].focus, n) else {
                        return;
                    };
                    self.players[who].focus = f;
                    log!(
                        self,
                        "P{who} has {} focus counters",
                        self.players[who].focus
                    );
                }
                OpCode::Unfocus => self.players[who].focus = 0,
                OpCode::Token => {
                    for _ in 0..op.n {
                        self.enter_play(who, op.card);
                    }
                }
                OpCode::Attach if op.card == ATTACH_THIS => {
                    // The action card attaches itself to its (single) target.
                    self.scope_ids(op.scope, &mut ids);
                    let attached = ids.first().is_some_and(|&t| {
                        self.find_unit(t).is_some_and(|(s, i)| {
                            let free = self.players[s].units[i].att.iter().position(|a| a.0 == 255);
                            if let Some(k) = free {
                                self.players[s].units.edit()[i].att[k] = (card, who as u8);
                            }
                            free.is_some()
                        })
                    });
                    if attached {
                        self.res.as_mut().expect("res").item.arg |= ATTACHED;
                    }
                }
                OpCode::Steal => {
                    self.scope_ids(op.scope, &mut ids);
                    for &t in &ids {
                        self.steal(who, t);
                    }
                }
                OpCode::Banish => {
                    self.scope_ids(op.scope, &mut ids);
                    for &t in &ids {
                        self.banish(t, op.n as u8);
                    }
                }
                OpCode::IfDone => {
                    if !flag {
                        self.res.as_mut().expect("res").pc = e.ops.len() as u8;
                        continue;
                    }
                }
                _ => {
                    self.op_scope_ids(op.scope, &mut ids);
                    for &t in &ids {
                        self.unit_or_hero_op(who, op.code, t, n, op.card);
                    }
                }
            }
            if let Some(rr) = self.res.as_mut() {
                rr.pc += 1;
                rr.started = false;
            }
        }
    }

    /// Who chooses next for a choose-op, and what (`None` once the op is complete). Moves a
    /// discard op on to the next opponent when the current one is done.
    pub(super) fn choice_state(
        &mut self,
        op: crate::allegiance::cards::Op,
        c: Choice,
    ) -> Option<(usize, Choice)> {
        let r = self.res.as_ref().expect("res");
        let who = r.item.who as usize;
        match op.code {
            OpCode::Equip => match r.left {
                2 => Some((who, Choice::Weapon)),
                1 => Some((who, Choice::Armor)),
                _ => None,
            },
            OpCode::Discard => {
                let n = self.n() as u8;
                loop {
                    let r = self.res.as_ref().expect("res");
                    if r.sub >= n {
                        return None;
                    }
                    let q = ((r.item.who + r.sub) % n) as usize;
                    if r.left > 0 && self.opponents(who, q) && !self.players[q].hand.is_empty() {
                        return Some((q, c));
                    }
                    let rr = self.res.as_mut().expect("res");
                    rr.sub += 1;
                    rr.left = op.n as u8;
                }
            }
            _ => (r.left > 0).then_some((who, c)),
        }
    }

    /// Apply a resolution choice; the op's progress is kept in `res` (`run_res` moves on).
    pub(super) fn apply_choice(&mut self, p: usize, c: Choice, a: u16) {
        let Some(r) = self.res else { return };
        let op = self.res_op().expect("op");
        let who = r.item.who as usize;
        match c {
            Choice::Draw | Choice::Mill => {
                let d = (a - DRAW) as usize;
                if c == Choice::Draw {
                    self.draw_card(p, d, false);
                } else if self.ensure(d) {
                    self.piles.mill(d, &mut self.rng);
                }
            }
            Choice::Raise => {
                let card = (a - CARD) as u8;
                let d = self.shared.db.card(card).kind.deck().expect("unit");
                if self.piles.take_discarded(d, card) {
                    self.enter_play(who, card);
                }
                self.set_flag(true);
            }
            Choice::Recycle => {
                if a == PASS {
                    self.res.as_mut().expect("res").left = 0;
                    return;
                }
                let card = (a - CARD) as u8;
                let d = self.shared.db.card(card).kind.deck().expect("unit");
                if self.piles.take_discarded(d, card) {
                    self.piles.put_under(d, card);
                }
                self.res.as_mut().expect("res").sub += 1;
            }
            Choice::Discard => {
                let i = ((a - HAND_A) / 2) as usize;
                let card = self.players[p].hand.remove(i);
                let action = self.is_action(card);
                self.players[p].hand_actions -= action;
                if action != 0 {
                    self.keep_react(p);
                }
                self.discard_card(card);
            }
            Choice::Weapon => {
                let f = (a - FACE) as u8;
                self.set_face(p, false, f);
                let bit = self.weapon_bit(p, f);
                self.players[p].drawn |= bit;
                self.statics_touched(
                    self.db()
                        .has_static(&self.hero(p).weapons[f as usize].effects),
                );
            }
            Choice::Armor => {
                let f = (a - FACE) as u8;
                self.set_face(p, true, f);
                let bit = self.armor_bit(p, f);
                self.players[p].drawn |= bit;
                self.statics_touched(
                    self.db()
                        .has_static(&self.hero(p).armors[f as usize].effects),
                );
            }
            Choice::Sacrifice => {
                if a != PASS {
                    let uid = self.players[p].units[(a - OWN) as usize].uid;
                    self.destroy(uid);
                    self.set_flag(true);
                }
            }
            Choice::Ready => {
                let i = (a - ABIL) as usize;
                let cd = self.players[p].cd[i];
                self.set_cooldown(p, i, (cd - op.n).max(0));
                self.set_flag(true);
            }
        }
        if let Some(rr) = self.res.as_mut() {
            rr.left = rr.left.saturating_sub(1);
            if matches!(c, Choice::Raise | Choice::Sacrifice | Choice::Ready) {
                rr.left = 0;
            }
        }
    }

    pub(super) fn set_flag(&mut self, f: bool) {
        if let Some(r) = self.res.as_mut() {
            r.flag = f;
        }
    }

    pub(super) fn heal_hero(&mut self, p: usize, n: i32) {
        let max = self.hero(p).max_health as i32;
        let pl = &mut self.players[p];
        if pl.alive {
            pl.health = (pl.health + n.max(0)).min(max);
        }
    }

    pub(super) fn unit_or_hero_op(&mut self, who: usize, code: OpCode, t: u16, n: i32, card: u8) {
        if t & HERO_BIT != 0 {
            let p = (t & !HERO_BIT) as usize;
            match code {
                OpCode::Damage => self.damage_hero(p, n),
                OpCode::Heal => self.heal_hero(p, n),
                OpCode::Shield => {
                    let pl = &mut self.players[p];
                    pl.shield[who] += n.max(0) as u32;
                }
                OpCode::Curse => {
                    let pl = &self.players[p];
                    if self.counters_after(pl.curses() as u16, n).is_some() {
                        self.players[p].curse[who] += n as u16;
                    }
                }
                _ => {}
            }
            return;
        }
        let Some((s, i)) = self.find_unit(t) else {
            return;
        };
        let u = &self.players[s].units[i];
        let counters = match code {
            OpCode::Augment => u.aug,
            OpCode::Curse => u.curses() as u16,
            _ => 0,
        };
        if matches!(code, OpCode::Augment | OpCode::Curse)
            && self.counters_after(counters, n).is_none()
        {
            return;
        }
        match code {
            OpCode::Damage => self.damage_unit_at(s, i, n),
            OpCode::Destroy => self.destroy_at(s, i),
            OpCode::Heal | OpCode::Augment | OpCode::Curse => self.worth_op(s, i, who, code, n),
            OpCode::Exhaust => self.set_exhausted(s, i, true),
            OpCode::Refresh => self.set_exhausted(s, i, false),
            _ => {
                let in_battle = self.battle.is_some();
                let u = &mut self.players[s].units.edit()[i];
                match code {
                    // "For this battle": only while a battle is in progress.
                    OpCode::Boost if card == BATTLE_LONG && in_battle => {
                        let b = &mut u.battle_boost[who];
                        *b += n;
                    }
                    OpCode::Boost if card == BATTLE_LONG => {}
                    OpCode::Boost => u.boost[who] += n,
                    OpCode::Shield => u.shield[who] += n.max(0) as u32,
                    OpCode::Attach => {
                        if let Some(slot) = u.att.iter_mut().find(|a| a.0 == 255) {
                            *slot = (card, who as u8);
                        }
                    }
                    _ => {}
                }
                // The end-of-turn clean-up has units to reset.
                self.turn_mods |= matches!(code, OpCode::Boost | OpCode::Shield);
                if code == OpCode::Attach {
                    self.statics_touched(
                        self.shared
                            .db
                            .has_static(&self.shared.db.card(card).effects),
                    );
                }
            }
        }
    }

    /// Heal unit `i` of seat `s` by `n`, or put `n` augment or curse counters (placed by
    /// `who`) on it: the ops that change its worth, and so its territory's kept sum
    /// (`AllegianceState::boards`). Out of line: they are rare, and the op loop stays lean.
    #[inline(never)]
    fn worth_op(&mut self, s: usize, i: usize, who: usize, code: OpCode, n: i32) {
        let stats = &self.shared.tables.stats;
        // Through `core` by name: the units are borrowed beside it.
        let board = &mut self.core.boards[s];
        let u = &mut self.players[s].units.edit()[i];
        match code {
            OpCode::Heal => {
                let dmg = (u.dmg - n).max(0);
                *board = board.wrapping_add((u.dmg as i64).wrapping_sub(dmg as i64));
                u.dmg = dmg;
            }
            OpCode::Augment => rework(stats, board, u, |u| u.aug += n as u16),
            OpCode::Curse => rework(stats, board, u, |u| u.curse[who] += n as u16),
            _ => {}
        }
    }

    /// `have` counters plus `n` (at least 0), or `None` when that would pass
    /// [`MAX_COUNTERS`]: a bound of the state, so the game ends as a counted stall instead
    /// of losing counters.
    pub(super) fn counters_after(&mut self, have: u16, n: i32) -> Option<u16> {
        let total = have as i32 + n.max(0);
        if total > MAX_COUNTERS as i32 {
            log!(
                self,
                "stall: more than {MAX_COUNTERS} counters of one kind on one hero or unit"
            );
            self.stall();
            return None;
        }
        Some(total as u16)
    }

    // ----- information -----------------------------------------------------------------------
}
