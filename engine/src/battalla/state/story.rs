//! The Storyboard: building an entry (targets chosen when it is added, costs paid), adding it
//! (an entry added outside resolution opens a React window for the other player; windows
//! alternate until a player passes), resolving entries last-in first-out (effects triggered
//! meanwhile are added to the end and resolve next), the battle steps between Storyboards,
//! and what the game does by itself when nobody is asked anything.

use super::board::Dest;
use super::*;
use crate::battalla::cards::{Effect, Target, SAME};
use crate::battalla::rules::PLAY_REACT;
use crate::{Action, ActionBuf};

impl BtState {
    /// Whether the piece `pc` matches target word `t` for an effect of `owner` whose
    /// source is `src` and battle foe `foe`, and may go where `verb` sends it.
    fn fits(&self, pc: &Piece, t: Target, e: &Effect, owner: u8, src: Cr, foe: Option<Cr>) -> bool {
        let mine = pc.card.seat == owner;
        // Whether it counts as a hero, worked out only when the answer needs it.
        let hero = || self.is_hero(pc);
        let ok = match t {
            Target::None => false,
            Target::Me => pc.card == src,
            Target::Foe => Some(pc.card) == foe,
            Target::Enemy => !mine,
            Target::EnemyUnit => !mine && !hero(),
            Target::Own => mine,
            Target::OwnUnit => mine && !hero(),
            Target::Unit => !hero(),
            Target::Hero => hero(),
            Target::Card => true,
        };
        // The illegal-destination rule: no hero to a hand or deck, only heroes to a Hero
        // Deck.
        ok && match e.verb {
            Verb::Bounce | Verb::ToDeck => !hero(),
            Verb::ToHeroDeck => hero(),
            _ => true,
        }
    }

    /// Cells the entry being built may still target.
    pub(super) fn target_cells(&self, out: &mut ActionBuf) {
        let Some(b) = &self.building else { return };
        let src = Cr {
            seat: b.owner,
            pos: b.src,
        };
        let e = (b.eff != ATTACH).then(|| self.effect(b.owner as usize, b.src, b.eff));
        let mut left = self.cells[0] | self.cells[1];
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            let Some(pc) = &self.board[cell] else {
                continue;
            };
            if b.targets.contains(&pc.card) {
                continue;
            }
            let ok = match &e {
                None => !pc.items.is_full(),
                Some(e) => self.fits(pc, e.target, e, b.owner, src, b.foe),
            };
            if ok {
                out.push(Action(TARGET + cell as u16));
            }
        }
    }

    /// How many targets the entry takes (0: none to choose).
    fn wanted(&self, b: &Entry) -> usize {
        if b.eff == ATTACH {
            return 1;
        }
        let e = self.effect(b.owner as usize, b.src, b.eff);
        match (e.target, e.verb) {
            (Target::None, _) => 0,
            (_, Verb::ToDeck) => e.n as usize,
            _ => 1,
        }
    }

    /// Whether an effect of `owner`'s card `src` (index `eff`) has something to target, so
    /// that it may be activated.
    pub(crate) fn has_targets(&self, owner: u8, src: u8, eff: u8) -> bool {
        let e = self.effect(owner as usize, src, eff);
        if e.target == Target::None {
            return true;
        }
        let me = Cr {
            seat: owner,
            pos: src,
        };
        self.board
            .iter()
            .flatten()
            .any(|pc| self.fits(pc, e.target, &e, owner, me, None))
    }

    /// Start building an entry; it is added once its targets are chosen and costs paid.
    pub(crate) fn begin(&mut self, e: Entry) {
        self.building = Some(e);
        self.dec = Dec::Target;
        self.continue_building();
    }

    /// Ask for the next target, or the cost, or add the finished entry.
    pub(super) fn continue_building(&mut self) {
        let Some(b) = &self.building else { return };
        if b.targets.len() < self.wanted(b) {
            let mut buf = ActionBuf::new();
            self.target_cells(&mut buf);
            if !buf.is_empty() {
                self.dec = Dec::Target;
                return;
            }
            if b.targets.is_empty() {
                // Nothing to target: a triggered effect is not added.
                let b = self.building.take().expect("building");
                log!(
                    self,
                    "{} finds no target",
                    self.def(b.owner as usize, b.src).name
                );
                self.dec = Dec::Idle;
                return;
            }
        }
        self.dec = Dec::Idle;
        let b = self.building.take().expect("building");
        self.add(b);
    }

    /// Add an entry to the end of the Storyboard.
    pub(crate) fn add(&mut self, e: Entry) {
        if self.story.is_full() {
            self.stall("the Storyboard is full");
            return;
        }
        log!(
            self,
            "Storyboard +{}: P{}'s {}",
            self.story.len() + 1,
            e.owner,
            self.def(e.owner as usize, e.src).name
        );
        if !self.resolving {
            self.window = Some(1 - e.owner);
        }
        self.story.push(e);
    }

    /// Choose target `cell` for the entry being built.
    pub(super) fn choose_target(&mut self, cell: usize) {
        let c = self.board[cell].as_ref().expect("a target").card;
        if let Some(b) = &mut self.building {
            b.targets.push(c);
        }
        log!(self, "target: {}", self.cdef(c).name);
        self.continue_building();
    }

    /// How many effects at the front of the queue were triggered together for one player.
    pub(super) fn batch_run(&self) -> usize {
        let Some(f) = self.queue.first() else {
            return 0;
        };
        self.queue
            .iter()
            .take_while(|t| t.batch == f.batch && t.owner == f.owner)
            .count()
    }

    /// Add queued triggered effect `i` (of the front batch).
    pub(super) fn next_trigger(&mut self, i: usize) {
        self.dec = Dec::Idle;
        let t = self.queue.remove(i);
        let e = Entry {
            owner: t.owner,
            src: t.src,
            eff: t.eff,
            targets: ArrayVec::new(),
            foe: t.foe,
            answers: NONE,
            negated: false,
            assist: false,
        };
        let eff = self.effect(t.owner as usize, t.src, t.eff);
        let mut e = e;
        match eff.target {
            Target::Me => e.targets.push(Cr {
                seat: t.owner,
                pos: t.src,
            }),
            Target::Foe => match t.foe {
                Some(f) if self.cell_of(f).is_some() => e.targets.push(f),
                _ => return,
            },
            _ => {}
        }
        if matches!(eff.target, Target::Me | Target::Foe | Target::None) {
            self.add(e);
        } else {
            self.begin(e);
        }
    }

    /// What the game does when nobody is asked anything: add queued effects, open a React
    /// window, resolve the top of the Storyboard, go on with the battle, or hand the turn
    /// player the main decision.
    pub(super) fn idle_step(&mut self) {
        match self.batch_run() {
            0 => {}
            1 => return self.next_trigger(0),
            _ => {
                self.dec = Dec::Order(self.queue[0].owner);
                return;
            }
        }
        if let Some(p) = self.window {
            let mut buf = ActionBuf::new();
            self.react_options(p as usize, &mut buf);
            if buf.is_empty() {
                log!(self, "P{p} adds no React");
                self.window = None;
            } else {
                self.dec = Dec::React(p);
            }
            return;
        }
        if let Some(e) = self.story.pop() {
            self.resolving = true;
            self.resolve(e);
            return;
        }
        self.resolving = false;
        if let Some(b) = self.battle {
            self.battle_step(b);
            return;
        }
        self.sweep();
        self.dec = Dec::Main;
    }

    /// React cards `p` may play now (`REACT + hand index`).
    pub(super) fn react_options(&self, p: usize, out: &mut ActionBuf) {
        if self.story.is_empty() {
            return;
        }
        let pl = &self.players[p];
        let tab = self.play_tab[p];
        for (i, &c) in pl.hand.iter().enumerate() {
            if tab[c as usize] & PLAY_REACT == 0 {
                continue;
            }
            let d = self.def(p, c);
            if pl.stamina < d.cost {
                continue;
            }
            let Some(k) = d.effects.iter().position(|e| e.trigger == Trigger::React) else {
                continue;
            };
            if self.can_pay(p, c) && self.has_targets(p as u8, c, k as u8) {
                out.push(Action(REACT + i as u16));
            }
        }
    }

    /// Whether `p` can pay the `cost:` of card `c` (other than stamina).
    pub(crate) fn can_pay(&self, p: usize, c: u8) -> bool {
        let Some(e) = self
            .def(p, c)
            .effects
            .iter()
            .find(|e| e.trigger == Trigger::Cost)
        else {
            return true;
        };
        match e.verb {
            Verb::Sacrifice => self.board.iter().flatten().any(|pc| {
                pc.card.seat as usize == p
                    && self.fits(
                        pc,
                        e.target,
                        e,
                        p as u8,
                        Cr {
                            seat: p as u8,
                            pos: c,
                        },
                        None,
                    )
            }),
            _ => self.players[p].hand.len() > e.n as usize,
        }
    }

    /// Play assist `c` of `p` (already out of the hand) as a React or from the hand: it
    /// floats, its stamina is paid, its targets chosen, then its cost paid.
    pub(crate) fn activate_assist(&mut self, p: usize, c: u8, trigger: Trigger) {
        let d = self.def(p, c);
        self.players[p].stamina -= d.cost;
        self.players[p].floating.push(c);
        self.players[p].played |= bit(c);
        log!(self, "P{p} plays {}", d.name);
        let eff = if d.item {
            ATTACH
        } else {
            d.effects
                .iter()
                .position(|e| e.trigger == trigger)
                .expect("checked") as u8
        };
        let top = self.story.len();
        let e = Entry {
            owner: p as u8,
            src: c,
            eff,
            targets: ArrayVec::new(),
            foe: None,
            answers: if trigger == Trigger::React {
                top as u8 - 1
            } else {
                NONE
            },
            negated: false,
            assist: true,
        };
        self.building = Some(e);
        if let Some(k) = d.effects.iter().find(|e| e.trigger == Trigger::Cost) {
            self.dec = Dec::Cost {
                verb: k.verb,
                left: if k.verb == Verb::Sacrifice { 1 } else { k.n },
            };
        } else {
            self.continue_building();
        }
    }

    /// Cost options: cells to sacrifice, or hand cards to discard.
    pub(super) fn cost_options(&self, verb: Verb, out: &mut ActionBuf) {
        let Some(b) = &self.building else { return };
        let p = b.owner as usize;
        if verb == Verb::Sacrifice {
            let e = *self
                .def(p, b.src)
                .effects
                .iter()
                .find(|e| e.trigger == Trigger::Cost)
                .expect("a cost");
            let me = Cr {
                seat: b.owner,
                pos: b.src,
            };
            for (cell, pc) in self.board.iter().enumerate() {
                if let Some(pc) = pc {
                    if pc.card.seat as usize == p && self.fits(pc, e.target, &e, b.owner, me, None)
                    {
                        out.push(Action(SACRIFICE + cell as u16));
                    }
                }
            }
        } else {
            for i in 0..self.players[p].hand.len() {
                out.push(Action(DISCARD + i as u16));
            }
        }
    }

    /// Pay one card of the cost: sacrifice (its `sacrificed` effects are queued, to be added
    /// after this entry) or discard.
    pub(super) fn pay(&mut self, verb: Verb, left: u8, a: u16) {
        let p = self.building.as_ref().expect("building").owner as usize;
        if verb == Verb::Sacrifice {
            let cell = (a - SACRIFICE) as usize;
            let c = self.board[cell].as_ref().expect("a card").card;
            log!(self, "P{p} sacrifices {}", self.cdef(c).name);
            self.leave(cell, Dest::Discard);
            self.trigger(c, Trigger::Sacrificed, None);
        } else {
            let c = self.players[p].hand.remove((a - DISCARD) as usize);
            log!(self, "P{p} discards {}", self.def(p, c).name);
            self.players[p].discard.push(c);
        }
        if left > 1 {
            self.dec = Dec::Cost {
                verb,
                left: left - 1,
            };
        } else {
            self.continue_building();
        }
    }

    /// Resolve one entry taken off the top of the Storyboard.
    fn resolve(&mut self, e: Entry) {
        let p = e.owner as usize;
        let name = &self.def(p, e.src).name;
        if e.assist {
            if let Some(i) = self.players[p].floating.iter().position(|&c| c == e.src) {
                self.players[p].floating.remove(i);
            }
        }
        if e.negated {
            log!(self, "{name} is negated");
            if e.assist {
                self.players[p].discard.push(e.src);
            }
            return;
        }
        if e.eff == ATTACH {
            match e.targets.first().and_then(|&t| self.cell_of(t)) {
                Some(cell) => {
                    log!(
                        self,
                        "{name} is attached to {}",
                        self.cdef(e.targets[0]).name
                    );
                    let pc = self.board[cell].as_mut().expect("on board");
                    pc.items.push(Cr {
                        seat: e.owner,
                        pos: e.src,
                    });
                }
                None => self.players[p].discard.push(e.src),
            }
            return;
        }
        let eff = self.effect(p, e.src, e.eff);
        log!(
            self,
            "{name} resolves: {}",
            crate::battalla::cards::VERBS
                .name_of(eff.verb)
                .unwrap_or("?")
        );
        let mut lost = true;
        for &t in &e.targets {
            if let Some(cell) = self.cell_of(t) {
                lost = false;
                self.apply_to(cell, &eff);
            }
        }
        if lost && !e.targets.is_empty() {
            log!(self, "{name} has no target left");
        }
        match eff.verb {
            Verb::Draw => {
                for _ in 0..eff.n {
                    self.draw_one(p);
                }
            }
            Verb::Stamina => {
                let s = &mut self.players[p].stamina;
                *s = s.saturating_add(eff.n);
            }
            Verb::Summon => self.summon_from(p, e.src, eff.attr, false),
            Verb::Revive => self.summon_from(p, e.src, eff.attr, true),
            Verb::Negate => {
                if let Some(x) = self.story.get_mut(e.answers as usize) {
                    x.negated = true;
                }
            }
            _ => {}
        }
        if e.assist {
            self.players[p].discard.push(e.src);
        }
    }

    /// Apply a targeted effect to the piece in `cell`.
    fn apply_to(&mut self, cell: usize, eff: &Effect) {
        let attack = self.board[cell].as_ref().map_or(0, |pc| self.attack_of(pc));
        let pc = self.board[cell].as_mut().expect("a target");
        match eff.verb {
            Verb::Damage => {
                pc.damage = pc.damage.saturating_add(eff.n);
                self.dirty = true;
            }
            Verb::Heal => pc.damage = pc.damage.saturating_sub(eff.n),
            Verb::Buff => pc.atk = pc.atk.saturating_add(eff.n as i8),
            // The no-negative-counters rule: a counter taking the value below zero does
            // nothing.
            Verb::Weaken if attack >= eff.n => pc.atk = pc.atk.saturating_sub(eff.n as i8),
            Verb::Weaken => log!(self, "the counter would take attack below zero: removed"),
            Verb::Bounce => self.leave(cell, Dest::Hand),
            Verb::ToDeck => self.leave(cell, Dest::DeckBottom),
            Verb::ToHeroDeck => self.leave(cell, Dest::HeroDeck),
            Verb::Destroy => self.leave(cell, Dest::Discard),
            _ => {}
        }
    }

    /// Summon the topmost card of attribute `attr` (or a copy of `src`) from `p`'s Main
    /// Deck, or from the discard when `revive`, into the leftmost open lane.
    fn summon_from(&mut self, p: usize, src: u8, attr: u8, revive: bool) {
        let Some(l) = self.first_open_lane(p) else {
            log!(self, "no open lane to summon into");
            return;
        };
        let want = |s: &Self, c: u8| {
            let d = s.def(p, c);
            d.on_board()
                && if attr == SAME {
                    d.name == s.def(p, src).name
                } else {
                    d.attrs & (1 << attr) != 0
                }
        };
        let zone = if revive {
            &self.players[p].discard[..]
        } else {
            &self.players[p].deck[..]
        };
        let Some(i) = (0..zone.len()).rev().find(|&i| want(self, zone[i])) else {
            log!(self, "nothing to summon");
            return;
        };
        let c = if revive {
            self.players[p].discard.remove(i)
        } else {
            self.players[p].deck.remove(i)
        };
        self.summon_into(
            Cr {
                seat: p as u8,
                pos: c,
            },
            l,
            revive,
        );
    }

    /// Go on with the battle once the Storyboard is empty.
    fn battle_step(&mut self, b: Battle) {
        let att = self.cell_of(b.att);
        let def = b.def.map(|d| self.cell_of(d));
        if att.is_none() || def == Some(None) {
            log!(self, "the battle ends: a card left the field");
            self.battle = None;
            self.sweep();
            return;
        }
        let att = att.expect("checked");
        match (b.step, b.def) {
            (1, Some(d)) => {
                self.battle = Some(Battle { step: 2, ..b });
                self.trigger(d, Trigger::Attacked, Some(b.att));
            }
            (1 | 2, None) => {
                self.battle = None;
                let q = 1 - b.att.seat as usize;
                let a = self.attack_of(self.board[att].as_ref().expect("attacker"));
                if a >= 1 {
                    if let Some(c) = self.players[q].life.pop() {
                        self.players[q].hand.push(c);
                        log!(
                            self,
                            "P{q} takes a life card into the hand ({} left)",
                            self.players[q].life.len()
                        );
                    }
                    if self.players[q].life.is_empty() {
                        self.lose(q, "no life cards left");
                        return;
                    }
                }
                self.return_after_direct(b.att);
            }
            (2, Some(d)) => {
                let a = self.attack_of(self.board[att].as_ref().expect("attacker"));
                let dc = self.cell_of(d).expect("checked");
                let pc = self.board[dc].as_mut().expect("defender");
                pc.damage = pc.damage.saturating_add(a);
                self.dirty = true;
                log!(
                    self,
                    "{} deals {a} damage to {}",
                    self.cdef(b.att).name,
                    self.cdef(d).name
                );
                self.battle = Some(Battle { step: 3, ..b });
                if a > 0 {
                    self.trigger(d, Trigger::Damaged, Some(b.att));
                }
            }
            _ => {
                self.battle = None;
                self.sweep();
            }
        }
    }

    /// Declare an attack by the piece in `cell` (on the card in front, or `direct`).
    pub(crate) fn declare(&mut self, cell: usize, direct: bool) {
        let p = self.cur as usize;
        self.players[p].stamina -= self.shared.rules.attack_cost;
        self.attacked |= 1 << cell;
        let att = self.board[cell].as_ref().expect("attacker").card;
        let def = if direct {
            None
        } else {
            let a = super::board::ahead(p, cell).expect("checked");
            Some(self.board[a].as_ref().expect("defender").card)
        };
        log!(
            self,
            "P{p}'s {} attacks {}",
            self.cdef(att).name,
            def.map_or_else(|| "directly".to_string(), |d| self.cdef(d).name.clone())
        );
        self.battle = Some(Battle { att, def, step: 1 });
        // Both cards' `battle` effects are added at the same time: the turn player's last,
        // so it resolves first.
        if let Some(d) = def {
            self.trigger(d, Trigger::Battle, Some(att));
        }
        self.trigger(att, Trigger::Battle, def);
        self.trigger(att, Trigger::Attacking, def);
    }
}
