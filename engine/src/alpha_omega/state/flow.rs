//! The round's automatic steps: turn start and end, the Clean-up (Opponent cards act oldest
//! first), the Strength Check with the Objective, Callings and Lured players, and the loop
//! that runs them until a Good player has a decision to make.

use super::*;
use crate::alpha_omega::cards::Trigger;
use crate::alpha_omega::rules::ObjectiveRule;

impl AoState {
    /// Run automatic steps until a decision or the end.
    pub(crate) fn run(&mut self) {
        loop {
            match self.phase {
                Phase::Begin
                | Phase::Start
                | Phase::Play
                | Phase::Target(_)
                | Phase::Action
                | Phase::Tie
                | Phase::Guard
                | Phase::Over => return,
                Phase::TurnStart => {
                    self.turn_lured = self.seats[self.cur as usize].lured > 0;
                    let r = self.shared.rules;
                    self.phase = if r.easy || r.opponent_play {
                        Phase::Start
                    } else {
                        Phase::OppDraw
                    };
                }
                Phase::OppDraw => {
                    self.resume = if self.shared.rules.easy {
                        Phase::TurnEnd
                    } else {
                        Phase::Start
                    };
                    self.phase = Phase::Jobs;
                    if self.calm() {
                        log!(
                            self,
                            "P{}: no Opponent card while the Opponents are calmed",
                            self.cur
                        );
                    } else {
                        self.opp_draw();
                    }
                }
                Phase::Jobs => {
                    if self.run_jobs() {
                        return;
                    }
                    if self.over() {
                        return;
                    }
                    self.phase = self.resume;
                }
                Phase::TurnEnd => {
                    let rival = self.rival_turn();
                    if !rival {
                        let s = &mut self.seats[self.cur as usize];
                        if self.turn_lured && s.lured > 0 {
                            s.lured -= 1;
                        }
                    }
                    if self.shared.rules.opponent_play && !rival {
                        // Opponent Play: the Opponent seat's turn follows every Good turn.
                        self.next_good = self.cur + 1;
                        self.cur = self.players;
                        self.phase = Phase::Rival;
                        continue;
                    }
                    self.cur = if rival { self.next_good } else { self.cur + 1 };
                    if self.cur >= self.players {
                        self.cur = 0;
                        self.phase = Phase::CleanUp;
                    } else {
                        self.phase = Phase::TurnStart;
                    }
                }
                Phase::CleanUp => self.clean_up_step(),
                Phase::Check => self.strength_check(),
                Phase::Rival => self.rival_start(),
                Phase::RivalAction => self.rival_action(),
                Phase::NextAttack => self.next_attack(),
            }
        }
    }

    /// Whether a Calm event (Crystal Sea) holds the Opponents.
    pub fn calm(&self) -> bool {
        (0..self.field.len()).any(|i| {
            let d = self.udef(i);
            d.kind == Kind::Event && !self.field[i].opp && d.has(Verb::Calm)
        })
    }

    /// The Draw phase of the seat to move: its events end, then it draws.
    pub(crate) fn begin_draw(&mut self) {
        let p = self.cur as usize;
        self.expire_events(p);
        let mut n = 1;
        if let Some(i) = self.place() {
            if !self.side_opp(i) {
                let d = self.udef(i).passive(Verb::Draws);
                if d > 0 {
                    n = d;
                }
            }
        }
        n += self.gain(p, Verb::ExtraDraw);
        for _ in 0..n {
            self.draw_one(p);
        }
        log!(self, "P{p} draws {n}");
        self.phase = Phase::Play;
    }

    /// Good events of seat `p` end at its next Draw phase.
    pub(crate) fn expire_events(&mut self, p: usize) {
        let mut i = 0;
        while i < self.field.len() {
            let u = self.field[i];
            if !u.opp && u.ctrl as usize == p && self.udef(i).kind == Kind::Event {
                log!(self, "{} ends", self.udef(i).name);
                self.discard_at(i);
            } else {
                i += 1;
            }
        }
    }

    /// The active Place, if any.
    pub fn place(&self) -> Option<usize> {
        (0..self.field.len()).find(|&i| self.udef(i).kind == Kind::Place)
    }

    /// The number of benefit `v` of seat `p`'s achieved Callings.
    pub fn gain(&self, p: usize, v: Verb) -> u8 {
        let db = &self.shared.db;
        self.seats[p]
            .callings
            .iter()
            .filter(|c| c.1)
            .flat_map(|c| db.card(c.0).effects.iter())
            .filter(|e| e.trigger == Trigger::Gain && e.verb == v)
            .map(|e| e.n.max(1))
            .sum()
    }

    /// The veteran condition of seat `p`'s achieved double-attack Calling (rounds in play a
    /// Person needs to attack twice), if it has one.
    pub fn double_after(&self, p: usize) -> Option<u16> {
        let db = &self.shared.db;
        self.seats[p]
            .callings
            .iter()
            .filter(|c| c.1)
            .map(|c| db.card(c.0))
            .find(|d| d.has(Verb::DoubleAttack))
            .map(|d| {
                d.effects
                    .iter()
                    .find(|e| e.verb == Verb::Veteran)
                    .map_or(0, |e| e.n as u16)
            })
    }

    /// Mark seat `p`'s Callings whose condition holds now as achieved.
    pub(crate) fn check_callings(&mut self, p: usize, at_check: bool) {
        if self.seats[p].callings.iter().all(|c| c.1) {
            return;
        }
        // The balance only matters to a Strength Check.
        let balance = if at_check { self.balance() } else { 0 };
        for k in 0..self.seats[p].callings.len() {
            let (id, done) = self.seats[p].callings[k];
            if done {
                continue;
            }
            let d = self.shared.db.card(id);
            let me: &Self = self;
            let mine = |i: &usize| {
                let u = &me.field[*i];
                !u.opp && u.ctrl as usize == p && me.udef(*i).kind == Kind::Person
            };
            let ok = d
                .effects
                .iter()
                .filter(|e| e.trigger == Trigger::When)
                .all(|e| {
                    let n = e.n as u16;
                    match e.verb {
                        Verb::Veteran => (0..me.field.len())
                            .filter(mine)
                            .any(|i| me.round - me.field[i].entered >= n),
                        Verb::Gather => (0..me.field.len()).filter(mine).count() >= n as usize,
                        Verb::Balance => at_check && balance >= n as i32,
                        _ => false,
                    }
                });
            if ok {
                self.seats[p].callings[k].1 = true;
                log!(self, "P{p} achieves the Calling {}", d.name);
            }
        }
    }

    /// One step of the Clean-up: the oldest Opponent card that has not acted this round acts.
    fn clean_up_step(&mut self) {
        if self.calm() {
            log!(self, "clean-up: the Opponents are calmed");
            self.phase = Phase::Check;
            return;
        }
        // Under Opponent Play the Opponent seat's Persons act in its own turns only.
        let persons = !self.shared.rules.opponent_play;
        let next = (0..self.field.len()).find(|&i| {
            let u = &self.field[i];
            let d = self.udef(i);
            u.opp
                && !u.acted
                && ((persons && d.kind == Kind::Person)
                    || (d.kind == Kind::Event && u.left > 0 && u.left != WAITING))
        });
        let Some(i) = next else {
            self.phase = Phase::Check;
            return;
        };
        self.field[i].acted = true;
        if self.udef(i).kind == Kind::Person {
            self.push_job(Job {
                attacker: self.field[i].card,
                target: NONE,
                then: NONE,
                guarded: false,
            });
        } else {
            self.storm_again(i);
        }
        self.resume = Phase::CleanUp;
        self.phase = Phase::Jobs;
    }

    /// The Strength Check: Callings, the Objective, Lured players, then the next round.
    fn strength_check(&mut self) {
        for p in 0..self.players as usize {
            self.check_callings(p, true);
        }
        let (g, o) = self.strengths();
        let bal = g - o;
        let r = self.shared.rules;
        let m = self.shared.margin as i32;
        log!(
            self,
            "round {} strength check: Good {g}, Opponents {o}, balance {bal}",
            self.round
        );
        let cleared = self.opp_deck.is_empty() && !self.field.iter().any(|u| u.opp);
        let good_wins = if r.all_or_nothing { cleared } else { bal >= m };
        let opp_wins = match r.objective_rule {
            ObjectiveRule::Margin => bal <= -m,
            ObjectiveRule::Literal => bal < 0,
        };
        if good_wins {
            self.won_round = self.round;
            self.finish(
                PlayerResult::Win,
                EndReason::Decided,
                "the Objective is achieved",
            );
            return;
        }
        if opp_wins {
            self.finish(
                PlayerResult::Loss,
                EndReason::Decided,
                "the Opponents prevail",
            );
            return;
        }
        if self.round >= r.max_rounds {
            self.finish(PlayerResult::Draw, EndReason::TurnLimit, "the round limit");
            return;
        }
        for s in self.seats.iter_mut().take(self.players as usize) {
            s.streak = if s.lost { s.streak + 1 } else { 0 };
            s.lost = false;
        }
        for u in self.field.iter_mut() {
            u.acted = false;
        }
        self.round += 1;
        self.cur = 0;
        self.phase = Phase::TurnStart;
    }

    /// Seat `p` lost a Person to Opponent play: the Lured-player count.
    pub(crate) fn lost_person(&mut self, p: usize) {
        let need = self.shared.rules.lure_rounds;
        let s = &self.seats[p];
        if s.lost || s.lured > 0 {
            return;
        }
        self.seats[p].lost = true;
        if self.seats[p].streak + 1 >= need {
            let n = self.roll();
            let s = &mut self.seats[p];
            s.lured = n;
            s.ever_lured = true;
            s.streak = 0;
            s.lost = false;
            log!(self, "P{p} becomes a Lured player for {n} turns (die {n})");
        }
    }
}
