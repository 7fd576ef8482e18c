//! Activation skills: valid targets, choosing them, Payback, Tribute, Evade, Chaos, and each skill's effect.

use super::*;

impl TyrantState {
    // ---- skills ---------------------------------------------------------------------

    /// Whether a skill of kind `kind` restricted to `faction` may pick assault `u`.
    #[inline]
    pub(super) fn valid_target(&self, kind: ActKind, faction: u8, u: &Unit) -> bool {
        if !u.alive() {
            return false;
        }
        // The card's data is read only when the skill needs it (most skills name no
        // faction and only Weaken reads the attack).
        if faction != ANY_FACTION && self.def(u.card).faction != faction {
            return false;
        }
        match kind {
            ActKind::Strike | ActKind::Enfeeble | ActKind::Protect => true,
            // Weaken only picks assaults that have attack to lose and act this turn or next
            // (and, with `weaken_skips_idle`, that are neither jammed nor immobilized).
            ActKind::Weaken => {
                u.power(self.def(u.card)) > 0
                    && u.timer <= 1
                    && !(self.shared.rules.weaken_skips_idle && u.has(JAMMED | IMMOBILIZED))
            }
            // Rally only picks allies that will still attack this turn.
            ActKind::Rally => {
                u.timer == 0 && !u.has(ATTACKED) && !u.has(JAMMED) && !u.has(IMMOBILIZED)
            }
            // Jam and Chaos pick assaults that act this turn or next, not already affected.
            ActKind::Jam => u.timer <= 1 && !u.has(JAMMED),
            ActKind::Chaos => {
                u.timer <= 1
                    && !u.has(CHAOSED)
                    && !(self.shared.rules.chaos_skips_jammed && u.has(JAMMED))
            }
        }
    }

    /// The valid targets of skill `sk` on side `ts`'s assault row, as slots in row order in
    /// `buf`; returns how many. The same list as testing [`Self::valid_target`] on each card,
    /// with the skill's kind decided once for the row and each card's test branch-free (every
    /// slot is written, the count grows only for a valid target: whether a random board's card
    /// is a target is not predictable). Inlined into both copies of [`Self::activate`], its
    /// only caller.
    #[inline(always)]
    pub(super) fn targets(&self, ts: usize, sk: ActSkill, buf: &mut [u8; ROW]) -> usize {
        let row = self.sides[ts].assaults.as_slice();
        if sk.faction != ANY_FACTION {
            let mut n = 0;
            for (i, u) in row.iter().enumerate() {
                buf[n & (ROW - 1)] = i as u8;
                n += self.valid_target(sk.kind, sk.faction, u) as usize;
            }
            return n;
        }
        let hot = &self.shared.hot;
        let rules = &self.shared.rules;
        let mut n = 0;
        macro_rules! scan {
            (|$u:ident| $valid:expr) => {
                for (i, $u) in row.iter().enumerate() {
                    buf[n & (ROW - 1)] = i as u8;
                    n += ($u.alive() & $valid) as usize;
                }
            };
        }
        match sk.kind {
            ActKind::Strike | ActKind::Enfeeble | ActKind::Protect => scan!(|u| true),
            ActKind::Weaken => {
                let idle = if rules.weaken_skips_idle {
                    JAMMED | IMMOBILIZED
                } else {
                    0
                };
                scan!(|u| (u.power_of(hot[u.card as usize].attack) > 0)
                    & (u.timer <= 1)
                    & (u.flags & idle == 0))
            }
            ActKind::Rally => {
                scan!(|u| (u.timer == 0) & (u.flags & (ATTACKED | JAMMED | IMMOBILIZED) == 0))
            }
            ActKind::Jam => scan!(|u| (u.timer <= 1) & (u.flags & JAMMED == 0)),
            ActKind::Chaos => {
                let skip = if rules.chaos_skips_jammed {
                    CHAOSED | JAMMED
                } else {
                    CHAOSED
                };
                scan!(|u| (u.timer <= 1) & (u.flags & skip == 0))
            }
        }
        n
    }

    /// Fire one activation skill of side `p` from `src` (order rules 1–5 of the text).
    ///
    /// `A` says whether `src` is an assault, so that the copies for the commander,
    /// structures and action cards compile without what only an assault's skill can meet
    /// (its being chaosed, Payback and Tribute answering it, its own death or jam on the
    /// way).
    pub(super) fn activate<const F: u32, const A: bool>(
        &mut self,
        p: usize,
        src: Src,
        sk: ActSkill,
    ) {
        debug_assert_eq!(A, matches!(src, Src::Assault(_)));
        let chaosed = match src {
            Src::Assault(i) if A && F & CHAOS != 0 => {
                self.sides[p].assaults[i as usize].has(CHAOSED)
            }
            _ => false,
        };
        // 4. A chaosed assault's hostile skills hit its own side (itself included).
        let (ts, via) = match (sk.kind.hostile(), chaosed) {
            (true, false) => (1 - p, Via::Printed),
            (true, true) => (p, Via::Chaosed),
            (false, _) => (p, Via::Printed),
        };
        let mut buf = [0u8; ROW];
        let n = self.targets(ts, sk, &mut buf);
        let targets = &buf[..n];
        if targets.is_empty() {
            if self.log.is_some() {
                self.note_no_target(p, src, sk);
            }
            return;
        }
        if sk.all {
            for &t in targets.iter() {
                self.use_on::<F, A>(p, src, ts, t as usize, sk, via);
                // A source destroyed (and not regenerated) or jammed on the way by a
                // Payback stops at once, the rest of this All skill included.
                if !A {
                    continue;
                }
                if let Src::Assault(i) = src {
                    let u = &self.sides[p].assaults[i as usize];
                    if F & ASSAULT_SKILLS != 0 && (!u.alive() || u.has(JAMMED)) {
                        break;
                    }
                }
            }
        } else {
            let t = self.pick(targets);
            self.use_on::<F, A>(p, src, ts, t as usize, sk, via);
        }
    }

    // The log lines of `activate` and `use_on`, out of line and taking their values by
    // value, so that the formatting's temporaries, calls and unwinding paths stay out of
    // the skill code (only a call on the logging path is left there).

    #[cold]
    #[inline(never)]
    fn note_no_target(&mut self, p: usize, src: Src, sk: ActSkill) {
        let line = format!(
            "  {} {}: no valid target",
            self.src_name(p, src),
            sk.kind.name()
        );
        self.push_note(line);
    }

    #[cold]
    #[inline(never)]
    fn note_use(&mut self, p: usize, src: Src, ts: usize, t: usize, sk: ActSkill, via: Via) {
        let x = if sk.kind.takes_x() {
            format!(" {}", sk.x)
        } else {
            String::new()
        };
        let chaosed = if via == Via::Chaosed {
            " (chaosed)"
        } else {
            ""
        };
        let line = format!(
            "  {} uses {}{x}{chaosed} on {}",
            self.src_name(p, src),
            sk.kind.name(),
            self.an(ts, t)
        );
        self.push_note(line);
    }

    #[cold]
    #[inline(never)]
    fn note_answer(&mut self, ts: usize, t: usize, sk: ActSkill, ev: Ev) {
        let line = format!(
            "  {} answers with {} ({})",
            self.an(ts, t),
            sk.kind.name(),
            ev.name()
        );
        self.push_note(line);
    }

    pub(super) fn src_name(&self, p: usize, src: Src) -> String {
        match src {
            Src::Action => format!("{}'s action", SEATS[p]),
            Src::Commander => format!("{} commander", SEATS[p]),
            Src::Structure => format!("{} structure", SEATS[p]),
            Src::Assault(i) => self.an(p, i as usize),
        }
    }

    /// Skill `sk` of side `p` from `src` on assault `t` of side `ts`, then Payback or
    /// Tribute. Inlined into [`Self::activate`], its only caller.
    #[inline(always)]
    pub(super) fn use_on<const F: u32, const A: bool>(
        &mut self,
        p: usize,
        src: Src,
        ts: usize,
        t: usize,
        sk: ActSkill,
        via: Via,
    ) {
        let on_enemy = ts != p;
        // The target's card, whose passive skills (Evade, Payback, Tribute) are read only
        // when they can answer: on an enemy skill or on one from an assault. The effect
        // never moves a card, so slot `t` holds the same card throughout.
        let tcard = self.sides[ts].assaults[t].card;
        if self.log.is_some() {
            self.note_use(p, src, ts, t, sk, via);
        }
        // 2. Evade: only against the enemy's own skills.
        if on_enemy
            && self.can::<F>(EVADE)
            && self.hot(tcard).has(hot::EVADE)
            && self.roll(Ev::Evade, self.shared.rules.evade_chance)
        {
            if self.log.is_some() {
                self.note_unit(ts, t, " evades");
            }
            return;
        }
        if F & JAM != 0
            && sk.kind == ActKind::Jam
            && !self.roll(Ev::Jam, self.shared.rules.jam_chance)
        {
            if self.log.is_some() {
                self.note_text("  the jam fails");
            }
            return;
        }
        self.effect::<F>(ts, t, sk.kind, sk.x);
        // 5. Payback (enemy skills) and Tribute (allied skills) answer skills from another
        // assault; the answer is a single-target copy that nothing answers in turn.
        if !A {
            return;
        }
        let Src::Assault(i) = src else { return };
        if F & ASSAULT_SKILLS == 0 {
            return;
        }
        let i = i as usize;
        let th = self.hot(tcard);
        let (answer, ev, chance) = if on_enemy {
            (
                th.has(hot::PAYBACK),
                Ev::Payback,
                self.shared.rules.payback_chance,
            )
        } else {
            let counts = via == Via::Printed || self.shared.rules.tribute_on_chaos;
            (
                th.has(hot::TRIBUTE) && t != i && counts,
                Ev::Tribute,
                self.shared.rules.tribute_chance,
            )
        };
        if !answer || !self.valid_target(sk.kind, ANY_FACTION, &self.sides[p].assaults[i]) {
            return;
        }
        if !self.roll(ev, chance) {
            return;
        }
        if self.log.is_some() {
            self.note_answer(ts, t, sk, ev);
        }
        // The answered Jam rolls again unless `payback_jam_roll` is off.
        if sk.kind == ActKind::Jam
            && self.shared.rules.payback_jam_roll
            && !self.roll(Ev::Jam, self.shared.rules.jam_chance)
        {
            if self.log.is_some() {
                self.note_text("  the jam fails");
            }
            return;
        }
        self.effect::<F>(p, i, sk.kind, sk.x);
    }

    /// The effect of a skill on assault `t` of side `ts`. Inlined: for all but Strike it is
    /// one saturating add or flag, less than the call around it.
    #[inline(always)]
    pub(super) fn effect<const F: u32>(&mut self, ts: usize, t: usize, kind: ActKind, x: u8) {
        let u = &mut self.sides[ts].assaults[t];
        match kind {
            ActKind::Strike => {
                // 3. Enfeeble and Protect count; Armor does not.
                let dmg = (x as i16 + u.enfeebled_in::<F>() - u.protected_in::<F>()).max(0);
                u.hp = u.hp.saturating_sub(dmg);
                if self.log.is_some() {
                    self.note_damage(ts, t, dmg, false);
                }
                if !self.sides[ts].assaults[t].alive() {
                    self.died::<F>(ts, t);
                }
            }
            ActKind::Enfeeble => u.enfeebled = u.enfeebled.saturating_add(x),
            ActKind::Weaken => u.weakened = u.weakened.saturating_add(x),
            ActKind::Rally => u.rallied = u.rallied.saturating_add(x),
            ActKind::Protect => u.protected = u.protected.saturating_add(x),
            ActKind::Jam => u.set(JAMMED, true),
            ActKind::Chaos => u.set(CHAOSED, true),
        }
    }
}
