//! The board: damage to units and heroes, destruction, leaving and entering play, attachments, discard piles, temporary removal (banish) and control change (steal).

use super::*;

impl AllegianceState {
    /// Deal `d` damage to unit `uid` (shield first); destroys it at lethal damage.
    pub fn damage_unit(&mut self, uid: u16, d: i32) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        self.damage_unit_at(s, i, d);
    }

    /// [`Self::damage_unit`] for the unit in slot `i` of seat `s`, found already.
    pub(super) fn damage_unit_at(&mut self, s: usize, i: usize, d: i32) {
        let u = &mut self.players[s].units.edit()[i];
        let d = absorb(&mut u.shield, d);
        if d <= 0 {
            return;
        }
        u.dmg += d;
        let u = *u;
        // Damage lowers the unit's worth by as much (see `base_worth`).
        self.boards[s] = self.boards[s].wrapping_sub(d as i64);
        log!(
            self,
            "{} of P{s} takes {d} damage ({} total)",
            self.shared.db.card(u.card).name,
            u.dmg
        );
        if u.dmg >= self.max_hp(&u) {
            self.destroy_at(s, i);
        }
    }

    /// Deal `d` damage to the hero of `p` (shield first).
    pub fn damage_hero(&mut self, p: usize, d: i32) {
        let pl = &mut self.players[p];
        if !pl.alive {
            return;
        }
        let d = absorb(&mut pl.shield, d);
        if d <= 0 {
            return;
        }
        pl.health -= d;
        log!(
            self,
            "hero of P{p} takes {d} damage (health {})",
            self.players[p].health
        );
        if self.players[p].health <= 0 {
            self.eliminate(p);
        }
    }

    /// Remove unit `uid` from play: to its discard pile, the bottom of its deck (a Necromancer's
    /// unit) or the reserves (special cards).
    pub fn destroy(&mut self, uid: u16) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        self.destroy_at(s, i);
    }

    /// [`Self::destroy`] for the unit in slot `i` of seat `s`, found already.
    pub(super) fn destroy_at(&mut self, s: usize, i: usize) {
        let u = self.leave_play(s, i);
        log!(
            self,
            "{} of P{s} is destroyed",
            self.shared.db.card(u.card).name
        );
        if self.players[s].alive {
            self.card_trigs(s, u.card, NONE, Trigger::Death);
        }
        if let Some(d) = self.shared.db.card(u.card).kind.deck() {
            if self.necro_in_game(s) {
                self.piles.put_under(d, u.card);
            } else {
                self.piles.discard(d, u.card);
            }
        }
        self.statics_left(&u);
    }

    /// After unit `u` left play: the static abilities in play changed only if it or an
    /// attachment on it had one (no other unit's modifiers read the units without one),
    /// and then they are recounted as [`Self::statics_touched`] does.
    fn statics_left(&mut self, u: &Unit) {
        let t = &self.shared.tables;
        let had = t.has_static[u.card as usize]
            || u.att
                .iter()
                .any(|&(c, _)| c != 255 && t.has_static[c as usize]);
        if had {
            self.statics_touched(false);
        }
    }

    /// 1 if unit `u` has an activated effect that its exhaustion does not hold back (a bit
    /// of `Player::act_units`): its card has one, and the unit is ready or the effect does
    /// not ask to exhaust it.
    #[inline]
    pub(in crate::allegiance) fn act_bit(&self, u: &Unit) -> u64 {
        let t = &self.shared.tables;
        let c = u.card as usize;
        u64::from(t.act[c] != NO_EFFECT && !(u.exhausted && t.act_exhausts[c]))
    }

    /// The bits of `Player::act_units` of the territory of `p`, worked out afresh.
    pub(in crate::allegiance) fn act_slots(&self, p: usize) -> u64 {
        let pl = &self.players[p];
        pl.units
            .iter()
            .enumerate()
            .fold(0, |m, (i, u)| m | self.act_bit(u) << i)
    }

    /// Exhaust (`exhausted`) or ready unit `i` of seat `s`, keeping `Player::act_units` right.
    #[inline]
    pub(super) fn set_exhausted(&mut self, s: usize, i: usize, exhausted: bool) {
        if self.players[s].units[i].exhausted != exhausted {
            // Written only when it changes (a copy skips an unchanged territory).
            self.players[s].units.edit()[i].exhausted = exhausted;
        }
        let bit = self.act_bit(&self.players[s].units[i]) << i;
        let pl = &mut self.players[s];
        let acts = pl.act_units & !(1 << i) | bit;
        // Most units have no activated effect: their bit stays 0, and so does the summary.
        if acts != pl.act_units {
            pl.act_units = acts;
            // By field: `pl` still borrows the players.
            self.core.react = super::options::kept_react(self.core.react, s, pl);
        }
    }

    /// 1 if card `card` is an action card (counted in `Player::hand_actions`).
    pub(in crate::allegiance) fn is_action(&self, card: u8) -> u8 {
        u8::from(self.shared.tables.hand[card as usize].action)
    }

    /// The action cards in the hand of `p`, counted afresh.
    pub(in crate::allegiance) fn count_hand_actions(&self, p: usize) -> u8 {
        self.players[p]
            .hand
            .iter()
            .map(|&c| self.is_action(c))
            .sum()
    }

    /// Take unit `i` of seat `s` out of play; its attachments leave with it (an attached
    /// action card to the action discard pile, a special card back to the reserves).
    pub(super) fn leave_play(&mut self, s: usize, i: usize) -> Unit {
        let u = self.players[s].units.edit().remove(i);
        let w = self.base_worth(&u);
        let pl = &mut self.players[s];
        let acts = pl.act_units;
        pl.act_units = without_bit(acts, i);
        // The summary changes only when the unit had its bit.
        if acts >> i & 1 != 0 {
            self.keep_react(s);
        }
        self.boards[s] = self.boards[s].wrapping_sub(w);
        for (c, _) in u.att {
            self.detach(c);
        }
        u
    }

    /// An attachment `c` leaves play.
    pub(super) fn detach(&mut self, c: u8) {
        if c != 255 && self.shared.db.card(c).kind == Kind::Action {
            self.piles.discard(2, c);
        }
    }

    /// Put a card into its shared deck's discard pile (special cards: back to the reserves,
    /// i.e. nowhere).
    pub(super) fn discard_card(&mut self, card: u8) {
        if let Some(d) = self.shared.db.card(card).kind.deck() {
            self.piles.discard(d, card);
        }
    }

    /// Remove unit `uid` from play for a while (`until` as in [`Banished`]).
    pub(super) fn banish(&mut self, uid: u16, until: u8) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        if self.banished.is_full() {
            log!(self, "stall: more than {BANISHED} units out of play");
            self.stall();
            return;
        }
        let u = self.leave_play(s, i);
        log!(
            self,
            "{} of P{s} is removed from play",
            self.shared.db.card(u.card).name
        );
        self.banished.push(Banished {
            card: u.card,
            who: s as u8,
            until,
        });
        self.statics_left(&u);
    }

    /// Bring banished units back: those of seat `p` due at the start of its turn, or (`None`)
    /// those due at the end of this turn. They return as newly played cards.
    pub(super) fn return_banished(&mut self, p: Option<u8>) {
        let mut k = 0;
        while k < self.banished.len() {
            let b = self.banished[k];
            let due = match p {
                Some(p) => b.until == 1 && b.who == p,
                None => b.until == 0,
            };
            if !due {
                k += 1;
                continue;
            }
            self.banished.remove(k);
            log!(self, "{} returns to play", self.shared.db.card(b.card).name);
            self.enter_play(b.who as usize, b.card);
        }
    }

    /// Seat `who` gains control of unit `uid` (it keeps its counters, attachments and
    /// exhaustion; it has entered its new controller's territory this turn).
    pub(super) fn steal(&mut self, who: usize, uid: u16) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        if s == who || !self.players[who].alive {
            return;
        }
        if self.players[who].units.is_full() {
            self.territory_full();
            return;
        }
        let mut u = self.players[s].units.edit().remove(i);
        let w = self.base_worth(&u);
        self.players[s].act_units = without_bit(self.players[s].act_units, i);
        self.boards[s] = self.boards[s].wrapping_sub(w);
        let slot = self.players[who].units.len();
        self.players[who].act_units |= self.act_bit(&u) << slot;
        self.keep_react(s);
        self.keep_react(who);
        self.boards[who] = self.boards[who].wrapping_add(w);
        u.entered = self.turn;
        log!(
            self,
            "P{who} gains control of {} of P{s}",
            self.shared.db.card(u.card).name
        );
        self.players[who].units.edit().push(u);
        // Its static abilities now count for the new controller ("allies", "foes").
        self.statics_touched(false);
    }

    /// A unit would enter a territory of [`UNITS`] units: a bound of the engine, never of the
    /// rules, so the game ends as a counted stall (docs/games/allegiance.md, "Capacities").
    fn territory_full(&mut self) {
        log!(self, "stall: a territory of more than {UNITS} units");
        self.stall();
    }

    pub(super) fn enter_play(&mut self, p: usize, card: u8) {
        if self.players[p].units.is_full() {
            self.discard_card(card);
            self.territory_full();
            return;
        }
        if self.next_uid >= HERO_BIT {
            // Unit ids stay below the hero bit: a counted stall rather than a reused id.
            log!(
                self,
                "stall: more than {HERO_BIT} units entered play in one game"
            );
            self.discard_card(card);
            self.stall();
            return;
        }
        let uid = self.next_uid;
        self.next_uid += 1;
        let slot = self.players[p].units.len();
        let u = Unit {
            uid,
            card,
            dmg: 0,
            aug: 0,
            boost: [0; MAX_PLAYERS],
            battle_boost: [0; MAX_PLAYERS],
            shield: [0; MAX_PLAYERS],
            exhausted: false,
            entered: self.turn,
            att: [(255, 255); 2],
            curse: [0; MAX_PLAYERS],
        };
        let (w, act) = (self.base_worth(&u), self.act_bit(&u));
        let pl = &mut self.players[p];
        pl.act_units |= act << slot;
        // Through `core` by name: `pl` still borrows the players.
        self.core.boards[p] = self.core.boards[p].wrapping_add(w);
        pl.units.edit().push(u);
        // The summary changes only when the unit has an activated effect.
        if act != 0 {
            self.keep_react(p);
        }
        log!(
            self,
            "{} enters play for P{p}",
            self.shared.db.card(card).name
        );
        self.card_trigs(p, card, uid, Trigger::Enter);
        if self.shared.tables.has_static[card as usize] {
            self.statics_changed();
        } else {
            self.entered_without_static();
        }
    }
}

/// The slots whose bit is set in `mask` (a `Player::act_units`), lowest first.
#[inline]
pub(super) fn set_bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// `mask` of a list's slots after the entry in slot `i` was removed (the later ones move down).
fn without_bit(mask: u64, i: usize) -> u64 {
    let low = (1u64 << i) - 1;
    (mask & low) | ((mask >> 1) & !low)
}
