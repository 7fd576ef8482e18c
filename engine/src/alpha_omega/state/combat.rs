//! Attacks: attack values, the Opponent targeting rule with its Tie and Guard decisions,
//! damage, defeats, Lure Astray, and Items passing to the next Opponent Person.

use super::*;
use crate::alpha_omega::cards::{Class, Trigger};

impl AoState {
    /// Damage the card in play at `i` deals: Strength, its own extra damage (lost when
    /// fallen), its Items' offense, the Place's rally for its side, Good events and Callings.
    pub fn attack_value(&self, i: usize) -> u8 {
        let u = self.field[i];
        let d = self.udef(i);
        let mut v = d.strength as u16;
        if !u.fallen {
            v += d.passive(Verb::Damage) as u16;
        }
        let opp = self.side_opp(i);
        for j in 0..self.field.len() {
            let w = &self.field[j];
            if w.holder == u.card {
                v += self.udef(j).passive(Verb::Offense) as u16;
            }
            let e = self.udef(j);
            if e.kind == Kind::Place && self.side_opp(j) == opp {
                v += e.passive(Verb::Rally) as u16;
            }
            if !opp && e.kind == Kind::Event && !w.opp && w.ctrl == u.ctrl {
                v += e
                    .effects
                    .iter()
                    .filter(|x| x.trigger == Trigger::Play && x.verb == Verb::Boost)
                    .map(|x| x.n as u16)
                    .sum::<u16>();
            }
        }
        if !opp && u.ctrl < OPP {
            v += self.gain(u.ctrl as usize, Verb::Damage) as u16;
        }
        v.min(255) as u8
    }

    /// Damage the Items of the Person at `i` turn away from each attack.
    pub fn ward(&self, i: usize) -> u8 {
        let c = self.field[i].card;
        (0..self.field.len())
            .filter(|&j| self.field[j].holder == c)
            .map(|j| self.udef(j).passive(Verb::Ward))
            .sum()
    }

    /// Whether Person `p` holds an Item of class `class`.
    pub fn holds_class(&self, p: Cref, class: Class) -> bool {
        (0..self.field.len()).any(|j| self.field[j].holder == p && self.udef(j).class == class)
    }

    /// The Good cards the targeting rule allows: those with the least Strength left.
    pub fn opp_targets(&self, out: &mut ArrayVec<u8, FIELD>) {
        out.clear();
        let mut best = u8::MAX;
        for i in 0..self.field.len() {
            let k = self.udef(i).kind;
            if self.side_opp(i) || !matches!(k, Kind::Person | Kind::Item | Kind::Place) {
                continue;
            }
            let hp = self.left_hp(i);
            if hp < best {
                best = hp;
                out.clear();
            }
            if hp == best {
                out.push(i as u8);
            }
        }
    }

    /// Good Persons that may take an attack aimed at the Good Person `target`.
    pub fn guards(&self, target: usize, out: &mut ArrayVec<u8, FIELD>) {
        out.clear();
        if self.udef(target).kind != Kind::Person {
            return;
        }
        for i in 0..self.field.len() {
            if i != target
                && !self.side_opp(i)
                && self.udef(i).kind == Kind::Person
                && self.ability(i, Verb::Guard)
            {
                out.push(i as u8);
            }
        }
    }

    /// Resolve waiting Opponent attacks; true when a Tie or Guard decision stops them.
    pub(crate) fn run_jobs(&mut self) -> bool {
        let mut buf = ArrayVec::<u8, FIELD>::new();
        while let Some(job) = self.jobs.first().copied() {
            if self.over() {
                self.jobs.clear();
                return false;
            }
            let Some(a) = self.find(job.attacker) else {
                self.jobs.remove(0);
                continue;
            };
            let t = if job.target != NONE {
                match self.find(job.target) {
                    Some(t) => t,
                    None => {
                        // Its given target has left play (Foolishness's second target).
                        self.jobs.remove(0);
                        continue;
                    }
                }
            } else {
                self.opp_targets(&mut buf);
                match buf.len() {
                    0 => {
                        log!(self, "{} finds no Good card to attack", self.udef(a).name);
                        self.jobs.remove(0);
                        continue;
                    }
                    1 => buf[0] as usize,
                    _ => {
                        self.phase = Phase::Tie;
                        return true;
                    }
                }
            };
            if !job.guarded {
                self.guards(t, &mut buf);
                if !buf.is_empty() {
                    self.jobs[0].target = self.field[t].card;
                    self.phase = Phase::Guard;
                    return true;
                }
            }
            self.jobs.remove(0);
            self.strike(a, t);
            if job.then != NONE && self.find(job.attacker).is_some() {
                let _ = self.jobs.try_push(Job {
                    attacker: job.attacker,
                    target: job.then,
                    then: NONE,
                    guarded: true,
                });
            }
        }
        false
    }

    /// The card at `a` attacks the card at `t`.
    pub(crate) fn strike(&mut self, a: usize, t: usize) {
        let ward = if self.udef(t).kind == Kind::Person {
            self.ward(t)
        } else {
            0
        };
        let dmg = self.attack_value(a).saturating_sub(ward);
        let lure = self.field[a].lure && self.field[a].opp;
        self.field[a].acted = true;
        log!(
            self,
            "{} attacks {} for {dmg}",
            self.udef(a).name,
            self.udef(t).name
        );
        self.hurt(t, dmg, lure);
    }

    /// Put `dmg` damage on the card at `t`; `lure` when the attacker Lures Astray.
    pub(crate) fn hurt(&mut self, t: usize, dmg: u8, lure: bool) {
        let d = self.shared.db.card(self.field[t].id);
        self.field[t].damage = self.field[t].damage.saturating_add(dmg);
        if self.field[t].damage < d.strength {
            return;
        }
        let u = self.field[t];
        if d.kind != Kind::Person {
            log!(self, "{} is destroyed", d.name);
            self.discard_at(t);
            return;
        }
        if !u.opp && lure && !self.ability(t, Verb::Steadfast) {
            log!(self, "{} is Lured Astray and joins Opponent play", d.name);
            let mut v = self.field.remove(t);
            v.opp = true;
            v.fallen = true;
            v.damage = 0;
            v.lure = d.angel();
            v.acted = false;
            v.attacks = 0;
            self.field.push(v);
            if u.ctrl < OPP {
                self.lost_person(u.ctrl as usize);
            }
            return;
        }
        log!(self, "{} is defeated and discarded", d.name);
        let c = u.card;
        self.discard_at(t);
        // Its Items: an Opponent Person's pass on, a Good Person's are discarded.
        let mut j = 0;
        while j < self.field.len() {
            if self.field[j].holder == c {
                if u.opp {
                    self.rehome(j);
                    j += 1;
                } else {
                    self.discard_at(j);
                }
            } else {
                j += 1;
            }
        }
    }

    /// The Item at `j` goes to the first Opponent Person without one of its class, or waits.
    pub(crate) fn rehome(&mut self, j: usize) {
        let class = self.udef(j).class;
        let to = (0..self.field.len()).find(|&p| {
            self.field[p].opp
                && self.udef(p).kind == Kind::Person
                && !self.holds_class(self.field[p].card, class)
        });
        self.field[j].opp = true;
        self.field[j].holder = to.map_or(NONE, |p| self.field[p].card);
        if let Some(p) = to {
            log!(self, "{} equips {}", self.udef(p).name, self.udef(j).name);
        }
    }

    /// Remove the card at `i` from play to its owner's discard pile.
    pub(crate) fn discard_at(&mut self, i: usize) {
        let u = self.field.remove(i);
        if u.card.owner == OPP {
            self.opp_discard.push(u.card.pos);
        } else {
            self.seats[u.card.owner as usize].discard.push(u.card.pos);
        }
    }

    /// Heal all damage of the most damaged Good Person.
    pub(crate) fn heal_most(&mut self) {
        let best = (0..self.field.len())
            .filter(|&i| !self.side_opp(i) && self.udef(i).kind == Kind::Person)
            .max_by_key(|&i| (self.field[i].damage, usize::MAX - i));
        if let Some(i) = best {
            if self.field[i].damage > 0 {
                log!(
                    self,
                    "{} is healed of {} damage",
                    self.udef(i).name,
                    self.field[i].damage
                );
                self.field[i].damage = 0;
            }
        }
    }

    /// `n` damage to every Good Person (Hail of Iron Globes): defeats are discards.
    pub(crate) fn storm(&mut self, n: u8) {
        let mut hit = ArrayVec::<Cref, FIELD>::new();
        for i in 0..self.field.len() {
            if !self.side_opp(i) && self.udef(i).kind == Kind::Person {
                hit.push(self.field[i].card);
            }
        }
        for c in hit {
            if let Some(i) = self.find(c) {
                log!(self, "{} takes {n} damage", self.udef(i).name);
                self.hurt(i, n, false);
            }
        }
    }
}
