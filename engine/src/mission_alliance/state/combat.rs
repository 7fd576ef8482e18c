//! Combat: which units may attack what (team levels, the Attack symbol and Imitate, the
//! challenge of level-3 teams holding a Hold unit), the defender's answer (Hold blocks,
//! Attack counters), and the result of a fight (units retreat, or the player eliminates).

use super::*;
use crate::mission_alliance::cards::Trigger;
use crate::{Action, ActionBuf};

impl MaState {
    /// Rest unit `slot` of team `team` of `p`.
    pub(super) fn rest_unit(&mut self, p: usize, team: usize, slot: usize) {
        self.players[p].teams[team].units[slot].ready = false;
        self.players[p].units.ready &= !(1 << (team * TEAM + slot));
    }

    /// The attacks of the player to move, pushed in unit order (each ready attacker's open
    /// enemy teams left to right, then the enemy player). A challenging enemy team shields
    /// its neighbours (it can itself be attacked) and the enemy player.
    pub(super) fn attack_options(&self, out: &mut ActionBuf) {
        let p = self.cur as usize;
        let m = self.players[p].units;
        let mut attackers = m.attackers & m.ready;
        if attackers == 0 {
            return;
        }
        let (teams, player) = self.open_targets(p);
        while attackers != 0 {
            let u = attackers.trailing_zeros() as u16;
            attackers &= attackers - 1;
            push_bits(out, ATTACK + 5 * u, teams as u64);
            if player && m.hit_player & (1 << u) != 0 {
                out.push(Action(ATTACK + 5 * u + PLAYER as u16));
            }
        }
    }

    /// The enemy teams `p` may attack (a bit mask) and whether it may attack the enemy
    /// player, under the enemy's challenges.
    fn open_targets(&self, p: usize) -> (u8, bool) {
        let ch = self.players[1 - p].units.challenging;
        let all = (1u8 << self.players[1 - p].teams.len()) - 1;
        (all & !((ch << 1) | (ch >> 1)), ch == 0)
    }

    /// Declare an attack: the attacker rests and the defender may answer.
    pub(super) fn declare(&mut self, team: usize, slot: usize, target: u8) {
        let p = self.cur as usize;
        self.rest_unit(p, team, slot);
        self.fight = Fight {
            team: team as u8,
            slot: slot as u8,
            target,
        };
        log!(
            self,
            "P{p}'s {} attacks {}",
            self.def(p, self.players[p].teams[team].units[slot].pos)
                .name,
            if target == PLAYER {
                format!("P{}", 1 - p)
            } else {
                format!("P{}'s team {}", 1 - p, target + 1)
            }
        );
        self.dec = Dec::Respond;
    }

    /// The defender's answers: not answering, or a ready unit of the attacked team whose
    /// combat symbol is Hold or Attack (against an attack on the player: any ready unit with
    /// Hold).
    pub(super) fn response_options(&self, out: &mut ActionBuf) {
        out.push(Action(NO_RESPONSE));
        push_bits(out, RESPOND, self.responders() as u64);
    }

    /// The defender's units that may answer the attack (bit team·4 + slot).
    pub(super) fn responders(&self) -> u16 {
        let m = self.players[1 - self.cur as usize].units;
        let able = match self.fight.target {
            PLAYER => m.holders,
            t => (m.holders | m.attackers) & 0xF << (t as usize * TEAM),
        };
        able & m.ready
    }

    /// Resolve the fight with the defender's answer `a`.
    pub(super) fn respond(&mut self, a: u16) {
        let p = self.cur as usize;
        let d = 1 - p;
        let f = self.fight;
        let (at, asl) = (f.team as usize, f.slot as usize);
        let atk = self.power(p, at, asl);
        self.dec = Dec::Main;
        // Units that leave, as (player, team, slot); at most one per player.
        let mut gone: [Option<(usize, usize)>; 2] = [None, None];
        if a == NO_RESPONSE {
            if f.target == PLAYER {
                let n = self.shared.rules.player_hit;
                log!(self, "unanswered: P{d} eliminates {n}");
                self.eliminate(d, n);
                return;
            }
            // The attacked team's weakest unit (leftmost on a tie) falls if the attack is at
            // least as strong.
            let t = f.target as usize;
            let weakest = (0..self.players[d].teams[t].units.len())
                .min_by_key(|&s| (self.power(d, t, s), s))
                .expect("a team has units");
            let w = self.power(d, t, weakest);
            log!(
                self,
                "unanswered: power {atk} against the weakest unit's {w}"
            );
            if atk >= w {
                gone[d] = Some((t, weakest));
            }
        } else {
            let u = (a - RESPOND) as usize;
            let (dt, ds) = (u / TEAM, u % TEAM);
            self.rest_unit(d, dt, ds);
            let def = self.power(d, dt, ds);
            if self.combat_symbol(d, dt, ds) == Symbol::Hold {
                let hold = def + self.shared.rules.hold_bonus as u16;
                log!(
                    self,
                    "P{d} holds with {} (power {hold}) against {atk}",
                    self.def(d, self.players[d].teams[dt].units[ds].pos).name
                );
                if atk > hold {
                    gone[d] = Some((dt, ds));
                }
            } else {
                log!(
                    self,
                    "P{d} counters with {} (power {def}) against {atk}",
                    self.def(d, self.players[d].teams[dt].units[ds].pos).name
                );
                if atk >= def {
                    gone[d] = Some((dt, ds));
                }
                if def >= atk {
                    gone[p] = Some((at, asl));
                }
            }
        }
        // Simultaneous retreats: the current player's effects go first.
        for q in [p, d] {
            if let Some((t, s)) = gone[q] {
                self.retreat_unit(q, t, s);
            }
        }
    }

    /// Unit `slot` of team `team` of `q` retreats to the discard pile; the gap closes (an
    /// empty team leaves the row) and its retreat abilities trigger.
    pub(super) fn retreat_unit(&mut self, q: usize, team: usize, slot: usize) {
        let pl = &mut self.players[q];
        let u = remove_at(&mut pl.teams[team].units, slot);
        pl.discard.push(u.pos);
        if pl.teams[team].units.is_empty() {
            pl.teams.remove(team);
            self.team_left(q, team);
        } else {
            self.team_changed(q, team, false);
        }
        log!(self, "P{q}'s {} retreats", self.def(q, u.pos).name);
        self.trigger(q, u.pos, Trigger::Retreat);
    }
}
