//! The Storyboard: building an entry (targets chosen when it is added), adding it (an entry
//! added outside resolution opens a React window for the other player; windows alternate
//! until a player passes), resolving entries last-in first-out (effects triggered meanwhile
//! are added to the end and resolve next), and what the game does by itself when nobody is
//! asked anything.

use super::board::Dest;
use super::*;
use crate::battalla::cards::{Effect, Target, SAME};

impl BtState {
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
            let mask = self.target_cells();
            if mask != 0 {
                self.target_mask = mask;
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
            if !self.has_react(p as usize) {
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

    /// Resolve one entry taken off the top of the Storyboard.
    fn resolve(&mut self, e: Entry) {
        let p = e.owner as usize;
        let name = &card_of(&self.shared, self.decks, p, e.src).name;
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
                    let i = Cr {
                        seat: e.owner,
                        pos: e.src,
                    };
                    pc.items.push(i);
                    self.attached(cell, i);
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
            log!(self, "{} has no target left", self.def(p, e.src).name);
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
                self.dirty |= 1 << cell;
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
}
