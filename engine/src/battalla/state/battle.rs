//! Battles: declaring an attack (both cards' battle effects are queued) and the battle's steps
//! between Storyboards ("when attacked", damage, then the destruction sweep; a direct attack
//! takes a life card and sends the attacker back).

use super::*;

impl BtState {
    /// Go on with the battle once the Storyboard is empty.
    pub(super) fn battle_step(&mut self, b: Battle) {
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
                        self.players[q]
                            .hand
                            .push(c, &self.shared.play[self.decks[q] as usize]);
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
                self.dirty |= 1 << dc;
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
