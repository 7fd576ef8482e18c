//! An assault's attack: Valor, Flurry, Swipe, Fear and Walls, the on-damage order (Immobilize, Poison, Counter, Leech, Siphon, Berserk, Disease), Crush, and hits on the commander.

use super::*;

impl TyrantState {
    // ---- the assault's turn ------------------------------------------------------------

    pub(super) fn assault_turn<const F: u32>(&mut self, p: usize, i: usize) {
        let card = self.sides[p].assaults[i].card;
        if F & JAM != 0 && self.sides[p].assaults[i].has(JAMMED) {
            if self.log.is_some() {
                self.note_unit(p, i, " is jammed and skips its turn");
            }
            self.sides[p].assaults[i].set(ATTACKED, true);
            return;
        }
        // 1. Activation skills, in printed order.
        let mut no_attack = false;
        let acts = if F & ASSAULT_SKILLS != 0 {
            self.hot(card).acts()
        } else {
            0
        };
        for k in 0..acts {
            let sk = self.def(card).acts[k];
            let weakened = self.sides[p].assaults[i].weakened;
            self.activate::<F, true>(p, Src::Assault(i as u8), sk);
            let u = &self.sides[p].assaults[i];
            // 6. Killed (and not regenerated) or jammed by its own chaosed or paybacked
            // skill: the rest of its turn is cancelled.
            if !u.alive() || u.has(JAMMED) {
                if self.log.is_some() {
                    self.note_unit(p, i, "'s turn ends");
                }
                return;
            }
            // 7. Brought to 0 attack by a chaosed or paybacked Weaken: no attack (unless
            // `zero_weaken_ends_attack` is off: then only its attack at the time counts).
            if self.shared.rules.zero_weaken_ends_attack
                && u.weakened > weakened
                && u.power(self.def(card)) == 0
            {
                no_attack = true;
            }
        }
        // From here on this assault has had its chance to attack: later Rallies skip it
        // whether or not it attacks (a 0-attack card does not).
        self.sides[p].assaults[i].set(ATTACKED, true);
        if no_attack || (F & IMMOBILIZE != 0 && self.sides[p].assaults[i].has(IMMOBILIZED)) {
            if self.log.is_some() {
                self.note_unit(p, i, " does not attack");
            }
        } else {
            // 2. Attack.
            self.attack::<F>(p, i, card);
        }
        // A Rally that lasts one attack ends with the attack step.
        if self.shared.rules.rally_lasts == RallyLasts::Attack {
            if let Some(u) = self.sides[p].assaults.get_mut(i) {
                u.rallied = 0;
            }
        }
    }

    pub(super) fn living(&self, s: usize) -> i16 {
        self.sides[s].assaults.iter().filter(|u| u.alive()).count() as i16
    }

    pub(super) fn attack<const F: u32>(&mut self, p: usize, i: usize, card: u16) {
        let q = 1 - p;
        let h = self.hot(card);
        if self.sides[p].assaults[i].power_of_in::<F>(h.attack) == 0 {
            return; // no attack at all
        }
        if !h.has(hot::MOVES) {
            // One swing at the card opposite, else past the row (the loop below with one
            // swing, no Swipe and no Fear).
            if self.sides[q].assaults.get(i).is_some_and(|u| u.alive()) {
                self.hit_assault_inline::<F>(p, i, i, card, h);
            } else {
                self.hit_beyond::<F>(p, i, h);
            }
            return;
        }
        let ap = self.def(card).passive;
        // Flurry is decided when the attack starts.
        let mut swings = 1u8;
        if ap.flurry > 0 && self.roll(Ev::Flurry, self.shared.rules.flurry_chance) {
            swings += ap.flurry;
            note!(self, "  flurry: {} extra attacks", ap.flurry);
        }
        let fear = ap.fear;
        for _ in 0..swings {
            // Fear: attack as if the slot opposite were empty.
            let opposite_alive = !fear && self.sides[q].assaults.get(i).is_some_and(|u| u.alive());
            if ap.swipe && opposite_alive {
                // Left neighbour, the card opposite, right neighbour.
                if i > 0 && self.sides[q].assaults[i - 1].alive() {
                    self.hit_assault::<F>(p, i, i - 1, card, h);
                    if self.stop_swinging(p, i) {
                        return;
                    }
                }
                if self.sides[q].assaults[i].alive() {
                    self.hit_assault::<F>(p, i, i, card, h);
                } else {
                    self.hit_beyond::<F>(p, i, h);
                }
                if self.stop_swinging(p, i) {
                    return;
                }
                if self.sides[q].assaults.get(i + 1).is_some_and(|u| u.alive()) {
                    self.hit_assault::<F>(p, i, i + 1, card, h);
                }
            } else if opposite_alive {
                self.hit_assault::<F>(p, i, i, card, h);
            } else {
                self.hit_beyond::<F>(p, i, h);
            }
            // 10. The sequence ends when the attacker died (and did not regenerate).
            if self.stop_swinging(p, i) {
                return;
            }
        }
    }

    #[inline]
    pub(super) fn stop_swinging(&self, p: usize, i: usize) -> bool {
        self.over() || !self.sides[p].assaults[i].alive()
    }

    /// Valor X of an attacker of side `p` with hot record `h`: +X while its side has fewer
    /// living assaults than the opponent's.
    #[inline(always)]
    pub(super) fn valor(&self, p: usize, h: Hot) -> i16 {
        if h.valor > 0 && self.living(p) < self.living(1 - p) {
            h.valor as i16
        } else {
            0
        }
    }

    /// Counter damage `x` back to attacker `i` of side `p` (its Enfeeble adds, its Protect
    /// subtracts).
    #[inline(always)]
    pub(super) fn counter<const F: u32>(&mut self, p: usize, i: usize, x: u8) {
        let a = &mut self.sides[p].assaults[i];
        let cd = (x as i16 + a.enfeebled_in::<F>() - a.protected_in::<F>()).max(0);
        a.hp = a.hp.saturating_sub(cd);
        if self.log.is_some() {
            self.note_damage(p, i, cd, true);
        }
    }

    /// One attack of assault `i` of side `p` on enemy assault `j` (attack checks 3–9), out
    /// of line: the swings of Flurry, Swipe and Fear call it. `ah` is the attacker's hot
    /// record, which the caller has read already.
    #[inline(never)]
    pub(super) fn hit_assault<const F: u32>(
        &mut self,
        p: usize,
        i: usize,
        j: usize,
        acard: u16,
        ah: Hot,
    ) {
        self.hit_assault_inline::<F>(p, i, j, acard, ah);
    }

    /// [`Self::hit_assault`], inlined where it is called: the plain one-swing attack, the
    /// most common, spends no call on the compiled path.
    #[inline(always)]
    pub(super) fn hit_assault_inline<const F: u32>(
        &mut self,
        p: usize,
        i: usize,
        j: usize,
        acard: u16,
        ah: Hot,
    ) {
        let q = 1 - p;
        let a = self.sides[p].assaults[i];
        let d = self.sides[q].assaults[j];
        let dh = self.hot(d.card);
        if (F & ON_HIT == 0 || (!ah.has(hot::ATK_RARE) && !dh.has(hot::FLYING)))
            && self.log.is_none()
        {
            // The common case, compiled: no dodge, and of the attacker's on-damage skills at
            // most Leech, Siphon and Berserk (with Valor in the sum); the defender's Counter
            // answers. The same steps as `hit_full`, in the same order, for these skills only.
            let valor = self.valor(p, ah);
            let defence = (dh.armor as i16 + d.protected_in::<F>() - ah.pierce as i16).max(0);
            let dmg = a
                .power_of_in::<F>(ah.attack)
                .saturating_add(valor + d.enfeebled_in::<F>())
                .saturating_sub(defence)
                .max(0);
            if dmg == 0 {
                return;
            }
            let d = &mut self.sides[q].assaults[j];
            d.hp = d.hp.saturating_sub(dmg);
            let killed = !d.alive();
            if dh.counter > 0 && (self.shared.rules.counter_on_death || !killed) {
                self.counter::<F>(p, i, dh.counter);
            }
            // Leech and Siphon (in the full loop only: the lean one has neither), read from
            // the definition, as `hit_full` does, only for an attacker that has one.
            if F & ON_HIT != 0 && ah.has(hot::ATK_EXTRA) {
                let (leech, siphon) = {
                    let ap = &self.def(acard).passive;
                    (ap.leech as i16, ap.siphon as i16)
                };
                let a = &mut self.sides[p].assaults[i];
                if leech > 0 && a.alive() && !a.has(DISEASED) {
                    a.hp = a.hp.saturating_add(dmg.min(leech)).min(a.max_hp);
                }
                if siphon > 0 {
                    let c = &mut self.sides[p].commander;
                    c.hp = c.hp.saturating_add(dmg.min(siphon)).min(c.max_hp);
                }
            }
            if ah.berserk > 0 {
                let a = &mut self.sides[p].assaults[i];
                if a.alive() || self.shared.rules.berserk_on_counter_death {
                    a.berserk = a.berserk.saturating_add(ah.berserk as i16);
                }
            }
            if killed {
                self.died::<F>(q, j);
            }
            if !self.sides[p].assaults[i].alive() {
                self.died::<F>(p, i);
            }
            return;
        }
        self.hit_full(p, i, j, acard);
    }

    /// [`Self::hit_assault`] for every case: dodges and all on-damage skills.
    #[inline(never)]
    fn hit_full(&mut self, p: usize, i: usize, j: usize, acard: u16) {
        let q = 1 - p;
        let a = self.sides[p].assaults[i];
        let d = self.sides[q].assaults[j];
        // The defender's numbers and the attacker's common ones from the hot records; the
        // attacker's rarer skills from its definition.
        let (ah, dh) = (self.hot(acard), self.hot(d.card));
        let ap = self.def(acard).passive;
        let flying = dh.has(hot::FLYING);
        // 3. Flying: a dodge, unless the attacker flies too or has Antiair.
        if flying
            && !ah.has(hot::FLYING)
            && ap.antiair == 0
            && self.roll(Ev::Flying, self.shared.rules.flying_chance)
        {
            note!(
                self,
                "  {} attacks {}: dodged (flying)",
                self.an(p, i),
                self.an(q, j)
            );
            return;
        }
        // 3.–4. Armor, Enfeeble, Antiair, Protect, Pierce; Valor.
        let power = a.power_of(ah.attack);
        let valor = self.valor(p, ah);
        let antiair = if flying { ap.antiair as i16 } else { 0 };
        let defence = (dh.armor as i16 + d.protected as i16 - ah.pierce as i16).max(0);
        let dmg = power
            .saturating_add(valor + antiair + d.enfeebled as i16)
            .saturating_sub(defence)
            .max(0);
        note!(
            self,
            "  {} attacks {}: {dmg} damage",
            self.an(p, i),
            self.an(q, j)
        );
        if dmg == 0 {
            return;
        }
        {
            let d = &mut self.sides[q].assaults[j];
            d.hp = d.hp.saturating_sub(dmg);
        }
        // 6. On damage to an assault: Immobilize, Poison, Counter, Leech, Siphon, Berserk,
        // Disease, in the text's order.
        if ap.immobilize {
            let d = self.sides[q].assaults[j];
            if !d.has(IMMOBILIZED)
                && !d.has(JAMMED)
                && d.timer <= 1
                && self.roll(Ev::Immobilize, self.shared.rules.immobilize_chance)
            {
                self.sides[q].assaults[j].set(IMMOBILIZED, true);
                note!(self, "  {} is immobilized", self.an(q, j));
            }
        }
        // 9. Only a stronger Poison replaces a weaker one.
        if ap.poison > self.sides[q].assaults[j].poisoned {
            self.sides[q].assaults[j].poisoned = ap.poison;
            note!(self, "  {} is poisoned ({})", self.an(q, j), ap.poison);
        }
        let killed = !self.sides[q].assaults[j].alive();
        if dh.counter > 0 && (self.shared.rules.counter_on_death || !killed) {
            self.counter::<FULL>(p, i, dh.counter);
        }
        // 8. Leech needs a living, non-diseased attacker.
        let a = &mut self.sides[p].assaults[i];
        if ap.leech > 0 && a.alive() && !a.has(DISEASED) {
            a.hp = a.hp.saturating_add(dmg.min(ap.leech as i16)).min(a.max_hp);
            note!(self, "  leech: {}", self.an(p, i));
        }
        if ap.siphon > 0 {
            let c = &mut self.sides[p].commander;
            c.hp = c.hp.saturating_add(dmg.min(ap.siphon as i16)).min(c.max_hp);
            note!(
                self,
                "  siphon: the {} commander has {} hp",
                SEATS[p],
                self.sides[p].commander.hp
            );
        }
        let a = &mut self.sides[p].assaults[i];
        if ah.berserk > 0 && (a.alive() || self.shared.rules.berserk_on_counter_death) {
            a.berserk = a.berserk.saturating_add(ah.berserk as i16);
            note!(
                self,
                "  berserk: {} has {} attack",
                self.an(p, i),
                self.sides[p].assaults[i].power(self.def(acard))
            );
        }
        if ap.disease {
            self.sides[q].assaults[j].set(DISEASED, true);
            note!(self, "  {} is diseased", self.an(q, j));
        }
        // 7. Deaths: Crush, then Regenerate (the defender's, then the attacker's).
        if killed {
            if ap.crush > 0 {
                self.crush(p, ap.crush);
                if self.over() {
                    return;
                }
            }
            self.died::<FULL>(q, j);
        }
        if !self.sides[p].assaults[i].alive() {
            self.died::<FULL>(p, i);
        }
    }

    /// Crush: `x` damage to the enemy's leftmost living Wall, else its commander.
    pub(super) fn crush(&mut self, p: usize, x: u8) {
        let q = 1 - p;
        match self.wall_of(q) {
            Some(w) => {
                let u = &mut self.sides[q].structures[w];
                u.hp = u.hp.saturating_sub(x as i16);
                self.sides[q].dead |= !self.sides[q].structures[w].alive();
                note!(self, "  crush: {x} damage to {} wall", SEATS[q]);
            }
            None => {
                note!(self, "  crush: {x} damage to the {} commander", SEATS[q]);
                self.hit_commander(p, x as i16)
            }
        }
    }

    pub(super) fn wall_of(&self, q: usize) -> Option<usize> {
        self.sides[q]
            .structures
            .iter()
            .position(|u| u.alive() && self.hot(u.card).has(hot::WALL))
    }

    #[inline(always)]
    pub(super) fn hit_commander(&mut self, p: usize, dmg: i16) {
        let q = 1 - p;
        let c = &mut self.sides[q].commander;
        c.hp = c.hp.saturating_sub(dmg);
        if self.log.is_some() {
            self.note_commander_hit(q, dmg);
        }
        if self.sides[q].commander.hp < 1 {
            self.result = Some(Outcome::winner(2, p as u8, EndReason::Decided));
            if self.log.is_some() {
                self.note_win(p);
            }
        }
    }

    /// The log line of a hit on commander `q` (out of line: the hot path keeps no
    /// formatting temporaries).
    #[cold]
    #[inline(never)]
    fn note_commander_hit(&mut self, q: usize, dmg: i16) {
        let left = self.sides[q].commander.hp.max(0);
        let line = format!("  {dmg} damage to the {} commander ({left} left)", SEATS[q]);
        self.push_note(line);
    }

    /// The log line of assault `i` of side `p` hitting the enemy's Wall for `dmg` (out of
    /// line, as `note_commander_hit`).
    #[cold]
    #[inline(never)]
    fn note_wall_hit(&mut self, p: usize, i: usize, dmg: i16) {
        let line = format!(
            "  {} attacks the {} wall: {dmg} damage",
            self.an(p, i),
            SEATS[1 - p]
        );
        self.push_note(line);
    }

    /// The log line of side `p`'s win (out of line, as `note_commander_hit`).
    #[cold]
    #[inline(never)]
    fn note_win(&mut self, p: usize) {
        let line = format!("{} wins", SEATS[p]);
        self.push_note(line);
    }

    /// An attack aimed past the assault row: the leftmost living Wall, else the commander.
    /// Counter on the card hit strikes back (`wall_counter`); a Wall's Armor, less the
    /// attacker's Pierce, reduces the damage.
    /// Every number read here is in the cards' [`Hot`] records (attack, Valor, Pierce,
    /// Berserk, Fear; the Wall's Armor and Counter, the commander's Counter). The attacker's
    /// record `ah` comes from the caller, which has read it already (8 bytes: one register).
    pub(super) fn hit_beyond<const F: u32>(&mut self, p: usize, i: usize, ah: Hot) {
        let q = 1 - p;
        let valor = self.valor(p, ah);
        let power = self.sides[p].assaults[i]
            .power_of_in::<F>(ah.attack)
            .saturating_add(valor);
        let wall = if ah.has(hot::FEAR) && !self.shared.rules.fear_wall {
            None
        } else {
            self.wall_of(q)
        };
        let (dmg, counter, alive) = match wall {
            Some(w) => {
                let u = &mut self.sides[q].structures[w];
                let wh = self.shared.hot[u.card as usize];
                let armor = (wh.armor as i16 - ah.pierce as i16).max(0);
                let dmg = (power - armor).max(0);
                u.hp = u.hp.saturating_sub(dmg);
                let alive = u.alive();
                self.sides[q].dead |= !alive;
                if self.log.is_some() {
                    self.note_wall_hit(p, i, dmg);
                }
                (dmg, wh.counter, alive)
            }
            None => {
                self.hit_commander(p, power);
                let c = self.hot(self.sides[q].commander.card).counter;
                (power, c, !self.over())
            }
        };
        let mut countered_dead = false;
        if counter > 0
            && dmg > 0
            && self.shared.rules.wall_counter
            && !self.over()
            && (self.shared.rules.counter_on_death || alive)
        {
            self.counter::<F>(p, i, counter);
            if !self.sides[p].assaults[i].alive() {
                countered_dead = true;
                self.died::<F>(p, i);
            }
        }
        if self.shared.rules.berserk_on_commander && dmg > 0 && !self.over() {
            let a = &mut self.sides[p].assaults[i];
            if a.alive() && (!countered_dead || self.shared.rules.berserk_on_counter_death) {
                a.berserk = a.berserk.saturating_add(ah.berserk as i16);
            }
        }
    }
}
