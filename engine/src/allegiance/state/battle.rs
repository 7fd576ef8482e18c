//! Battles: attack values, hit triggers, battle damage with armor and shields, and the defender's armor-spread decision.

use super::statics::UnitMods;
use super::*;

impl AllegianceState {
    /// The battle is over: "for this battle" attack modifiers end with it.
    pub(super) fn end_battle(&mut self) {
        self.battle = None;
        for pl in self.players.iter_mut() {
            // Only a territory with such a modifier is written (a copy skips the others).
            if pl.units.iter().any(|u| u.battle_boost != [0; MAX_PLAYERS]) {
                for u in pl.units.edit().iter_mut() {
                    u.battle_boost = [0; MAX_PLAYERS];
                }
            }
        }
    }

    /// The power an attacker still deals in its battle: `None` if it left play or is no
    /// longer controlled by the attacking player.
    pub(super) fn attacker_power(&self, ap: usize, uid: u16) -> Option<i32> {
        if uid == WEAPON {
            return Some(self.weapon_power(ap).max(0));
        }
        let i = self.find_unit_in(ap, uid)?;
        Some(self.power(&self.players[ap].units[i]).max(0))
    }

    /// Whether attacker `uid` of `ap` has a `hit:` effect (its own, its weapon face's or an
    /// attachment's).
    pub(super) fn has_hit(&self, ap: usize, uid: u16) -> bool {
        let db = &self.shared.db;
        let is_hit = |effects: &[u16]| {
            effects
                .iter()
                .any(|&e| db.effect(e).trigger == Trigger::Hit)
        };
        if uid == WEAPON {
            let f = self.players[ap].weapon as usize;
            return is_hit(&self.hero(ap).weapons[f].effects);
        }
        let Some((s, i)) = self.find_unit_near(ap, uid) else {
            return false;
        };
        // The card's effects and its attachments' from the trigger bits, not their walk.
        let bits = &self.shared.tables.trig_bits;
        let u = &self.players[s].units[i];
        bits[u.card as usize] & 1 << Trigger::Hit as u16 != 0
            || u.att
                .iter()
                .any(|&(c, _)| c != 255 && bits[c as usize] & 0x100 << Trigger::Hit as u16 != 0)
    }

    /// The battle damage step: the defender's armor prevention is spread first (a decision
    /// when it matters), then every source deals its damage at once. Out of line: its
    /// lists of powers (1 KB) stay out of the frame of `all_passed`, which calls it at the
    /// step's end and is called on every round of passes.
    #[inline(never)]
    pub(super) fn battle_damage(&mut self) {
        let b = self.battle.as_ref().expect("battle");
        let (ap, dp) = (b.atk as usize, b.def as usize);
        // Every attacker's power and every blocker's, asked once: nothing until the damage
        // is dealt changes them (the armor step only spreads the prevention).
        let mut powers = Powers::default();
        self.battle_powers(b, ap, dp, &mut powers);
        let mut total: i32 = 0;
        let mut sources = 0;
        let mut hit = false;
        for (at, &power) in b.attackers.iter().zip(&powers.att) {
            if at.blocker != NONE {
                continue;
            }
            if let Some(power) = power.filter(|&p| p > 0) {
                total += power;
                sources += 1;
                hit |= self.has_hit(ap, at.uid);
            }
        }
        let left = if self.players[dp].alive {
            (self.armor_rating(dp) - self.players[dp].armor_used)
                .max(0)
                .min(total)
        } else {
            0
        };
        let b = self.battle.as_mut().expect("battle");
        b.armor_left = left.max(0);
        b.split_from = 0;
        if hit && sources > 1 && total > left && left > 0 {
            // Which source loses its damage decides which `hit:` effects happen.
            b.step = BStep::Armor;
            self.continue_split(Some(&powers));
        } else {
            // Nothing depends on the split: prevent in attacker order.
            for k in 0..self.battle.as_ref().expect("battle").attackers.len() {
                let b = self.battle.as_ref().expect("battle");
                let at = b.attackers[k];
                if b.armor_left == 0 {
                    break;
                }
                if at.blocker != NONE {
                    continue;
                }
                let power = powers.att[k].unwrap_or(0);
                let b = self.battle.as_mut().expect("battle");
                let p = power.max(0).min(b.armor_left);
                b.attackers[k].prevented = p;
                b.armor_left -= p;
            }
            self.deal_battle_damage(Some(&powers));
        }
    }

    /// The powers of battle `b` (attacker `ap`, defender `dp`) that its damage step deals:
    /// each attacker's ([`Self::attacker_power`]) and, with an attack modifier in play and
    /// two units or more to ask, also each blocker's of `dp` striking back ([`Self::power`]):
    /// then one table of the static modifiers ([`Self::unit_mods_table`]) serves them all
    /// instead of a walk of the static abilities per unit, with the same sums. Into `out`
    /// (empty), in the caller's frame: returned by value, the two lists (1 KB) were copied.
    fn battle_powers(&self, b: &Battle, ap: usize, dp: usize, out: &mut Powers) {
        if self.static_kinds[static_kind(OpCode::Boost)] == 0
            || b.attackers.iter().filter(|a| a.uid != WEAPON).count()
                + b.attackers.iter().filter(|a| a.blocker != NONE).count()
                < 2
        {
            out.att
                .extend(b.attackers.iter().map(|at| self.attacker_power(ap, at.uid)));
        } else {
            self.tabled_powers(b, ap, dp, out);
        }
    }

    /// [`Self::battle_powers`] from the table, into `out` (empty). Out of line, so that the
    /// table (2 KB) is not in the frame of the advance loop's callers.
    #[inline(never)]
    fn tabled_powers(&self, b: &Battle, ap: usize, dp: usize, out: &mut Powers) {
        let mut table = UnitMods::default();
        self.unit_mods_table([true, false], &mut table);
        let power = |s: usize, i: usize| {
            (self.base_power(&self.players[s].units[i]) + table[s][i][0]).max(0)
        };
        for at in &b.attackers {
            out.att.push(if at.uid == WEAPON {
                Some(self.weapon_power(ap).max(0))
            } else {
                self.find_unit_in(ap, at.uid).map(|i| power(ap, i))
            });
            let back = (at.blocker != NONE)
                .then(|| self.find_unit_in(dp, at.blocker))
                .flatten();
            out.back.push(back.map(|i| power(dp, i)));
        }
    }

    /// Attackers that may take the next point of armor prevention: unblocked, with damage not
    /// yet prevented, at or after the last one chosen, and leaving enough room at or after
    /// themselves for the rest of the prevention (the armor prevents all it can).
    /// `powers`: each attacker's power when the caller has them, as in
    /// [`Self::deal_battle_damage`].
    pub(super) fn split_options(&self, powers: Option<&Powers>, out: &mut ActionBuf) {
        out.clear();
        let b = self.battle.as_ref().expect("battle");
        let ap = b.atk as usize;
        let mut room: ArrayVec<i32, { UNITS + 1 }> = ArrayVec::new();
        for (k, at) in b.attackers.iter().enumerate() {
            let power = self.known_power(powers, k, ap, at.uid);
            let r = match (at.blocker, power) {
                (NONE, Some(p)) => (p - at.prevented).max(0),
                _ => 0,
            };
            room.push(r);
        }
        let mut after: i32 = 0;
        let mut ok: ArrayVec<bool, { UNITS + 1 }> = ArrayVec::new();
        for &r in room.iter().rev() {
            after += r;
            ok.push(r > 0 && after >= b.armor_left);
        }
        ok.reverse();
        for (k, &good) in ok.iter().enumerate() {
            if good && k >= b.split_from as usize {
                out.push(Action(SPLIT + k as u16));
            }
        }
    }

    pub(super) fn split_point(&mut self, k: usize) {
        let b = self.battle.as_mut().expect("battle");
        b.attackers[k].prevented += 1;
        b.armor_left -= 1;
        b.split_from = k as u8;
    }

    /// Armor step: place forced points; ask when there is a choice; deal damage when done.
    /// `powers` as in [`Self::split_options`].
    pub(super) fn continue_split(&mut self, powers: Option<&Powers>) {
        let mut buf = ActionBuf::new();
        loop {
            if self.battle.as_ref().expect("battle").armor_left == 0 {
                break;
            }
            self.split_options(powers, &mut buf);
            match buf.len() {
                0 => break,
                1 => self.split_point((buf[0].0 - SPLIT) as usize),
                _ => {
                    let d = self.battle.as_ref().expect("battle").def;
                    self.dec = Dec::ArmorSplit(d);
                    return;
                }
            }
        }
        self.dec = Dec::Auto;
        self.deal_battle_damage(powers);
    }

    /// Attacker number `k`'s power (unit `uid` of seat `ap`): from `powers` when the caller
    /// has them, else asked ([`Self::attacker_power`]).
    #[inline]
    fn known_power(&self, powers: Option<&Powers>, k: usize, ap: usize, uid: u16) -> Option<i32> {
        match powers {
            Some(p) => p.att[k],
            None => self.attacker_power(ap, uid),
        }
    }

    /// Deal the battle's damage; `powers`: each attacker's power when the caller has
    /// them ([`Self::attacker_power`], by attacker number).
    pub(super) fn deal_battle_damage(&mut self, powers: Option<&Powers>) {
        // Read in place: the attackers' and defenders' damage is worked out before any is dealt.
        let b = self.battle.as_ref().expect("battle");
        let (ap, dp) = (b.atk as usize, b.def as usize);
        let mut hits: ArrayVec<(u16, i32), { 2 * (UNITS + 1) }> = ArrayVec::new();
        let mut shares: ArrayVec<(u16, i32), { UNITS + 1 }> = ArrayVec::new();
        let mut hero_total: i32 = 0;
        let mut prevent: i32 = 0;
        for (k, at) in b.attackers.iter().enumerate() {
            let power = self.known_power(powers, k, ap, at.uid);
            let Some(power) = power else {
                continue;
            };
            if at.blocker == NONE {
                hero_total += power;
                prevent += at.prevented;
                shares.push((at.uid, power - at.prevented));
                continue;
            }
            // A defender that left play or changed sides deals and takes nothing; its
            // attacker stays defended against.
            let Some(i) = self.find_unit_in(dp, at.blocker) else {
                continue;
            };
            hits.push((at.blocker, power));
            if at.uid != WEAPON {
                let back = match powers.and_then(|p| p.back.get(k)) {
                    Some(&back) => back.expect("a blocker's power"),
                    None => self.power(&self.players[dp].units[i]).max(0),
                };
                hits.push((at.uid, back));
            }
        }
        log!(
            self,
            "battle damage: {} to the hero of P{dp} before armor",
            hero_total
        );
        for &(uid, d) in &hits {
            self.damage_unit(uid, d);
        }
        if hero_total > 0 && self.players[dp].alive {
            let pl = &mut self.players[dp];
            pl.armor_used += prevent;
            if prevent > 0 {
                let f = pl.armor;
                let bit = self.armor_bit(dp, f);
                self.players[dp].played |= bit;
            }
            // Damage shields take the sources in attacker order; a source whose damage got
            // through "dealt battle damage" (its `hit:` effects happen).
            let mut dealt: i32 = 0;
            for &(uid, share) in &shares {
                let d = absorb(&mut self.players[dp].shield, share);
                if d > 0 {
                    dealt += d;
                    self.hit_trigs(ap, uid);
                }
            }
            self.damage_hero(dp, dealt);
        }
        if let Some(b) = &mut self.battle {
            b.step = BStep::AfterDamage;
        }
    }

    /// Collect the `hit:` effects of attacker `uid` of `ap`.
    pub(super) fn hit_trigs(&mut self, ap: usize, uid: u16) {
        if uid == WEAPON {
            let w = self.face_effects(ap, true);
            self.own_trigs(ap, 0, WEAPON, &w, Trigger::Hit);
            return;
        }
        let Some((s, i)) = self.find_unit_near(ap, uid) else {
            return;
        };
        let u = &self.players[s].units[i];
        let (card, att) = (u.card, u.att);
        self.card_trigs(s, card, uid, Trigger::Hit);
        for (c, owner) in att {
            if c != 255 {
                self.attached_trigs(c, owner, uid, Trigger::Hit);
            }
        }
    }

    // ----- damage and zones ------------------------------------------------------------------
}

/// The powers of a battle's damage step, by attacker number: each attacker's (`att`;
/// `None`: it left play or changed sides) and, when [`AllegianceState::battle_powers`]
/// asked them (else empty), its blocker's (`back`; `None`: no blocker of the defending
/// player).
#[derive(Default)]
pub(super) struct Powers {
    pub(super) att: ArrayVec<Option<i32>, { UNITS + 1 }>,
    pub(super) back: ArrayVec<Option<i32>, { UNITS + 1 }>,
}

#[cfg(test)]
mod tests {
    use super::super::testing::each_example_position;
    use super::*;

    /// The seat-kept searches ([`AllegianceState::find_unit_in`],
    /// [`AllegianceState::find_unit_near`]) answer as the walk of every territory
    /// ([`AllegianceState::find_unit`]) for every seat, every unit in play, the battle's
    /// attackers and blockers (some left play) and ids never dealt, at every step of random
    /// 2-player, 4-player and team games.
    #[test]
    fn seat_searches_equal_the_walk() {
        let mut asked = 0u64;
        each_example_position(8, |s, _| {
            let mut uids: Vec<u16> = s
                .players
                .iter()
                .flat_map(|pl| pl.units.iter().map(|u| u.uid))
                .collect();
            if let Some(b) = &s.battle {
                uids.extend(b.attackers.iter().flat_map(|a| [a.uid, a.blocker]));
            }
            uids.extend([s.next_uid, NONE]);
            for uid in uids {
                let walk = s.find_unit(uid);
                for p in 0..s.players.len() {
                    assert_eq!(
                        s.find_unit_in(p, uid),
                        walk.filter(|&(q, _)| q == p).map(|(_, i)| i)
                    );
                    assert_eq!(s.find_unit_near(p, uid), walk);
                    asked += 1;
                }
            }
        });
        assert!(asked > 10_000, "{asked} searches");
    }

    /// The battle's powers asked at once ([`AllegianceState::battle_powers`], one table of
    /// the static modifiers when an attack modifier is in play) equal each unit's own
    /// ([`AllegianceState::attacker_power`], [`AllegianceState::power`]) at every step of
    /// random 2-player, 4-player and team games with a battle in progress.
    #[test]
    fn battle_powers_equal_each_units_own() {
        let (mut battles, mut tabled) = (0u64, 0u64);
        each_example_position(8, |s, game| {
            let Some(b) = &s.battle else { return };
            let (ap, dp) = (b.atk as usize, b.def as usize);
            let mut powers = Powers::default();
            s.battle_powers(b, ap, dp, &mut powers);
            battles += 1;
            tabled += u64::from(!powers.back.is_empty());
            for (k, at) in b.attackers.iter().enumerate() {
                assert_eq!(powers.att[k], s.attacker_power(ap, at.uid), "game {game}");
                let Some(&back) = powers.back.get(k) else {
                    continue;
                };
                let own = (at.blocker != NONE)
                    .then(|| s.find_unit(at.blocker))
                    .flatten()
                    .filter(|&(q, _)| q == dp)
                    .map(|(q, i)| s.power(&s.players[q].units[i]).max(0));
                assert_eq!(back, own, "game {game}");
            }
        });
        assert!(battles > 1_000 && tabled > 100, "{battles} {tabled}");
    }
}
