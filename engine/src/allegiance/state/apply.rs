//! Applying a decision: the main window, declaring attackers and assigning defenders.

use super::*;

impl AllegianceState {
    /// Apply a legal action.
    pub(in crate::allegiance) fn play(&mut self, a: Action) {
        self.actions += 1;
        let a = a.0;
        match self.dec {
            Dec::Auto => {}
            Dec::Window(p) | Dec::Main(p) => {
                self.dec = Dec::Auto;
                self.window_action(p as usize, a);
            }
            Dec::SetupFace(p, armor) => {
                let pu = p as usize;
                let f = (a - FACE) as u8;
                self.dec = Dec::Auto;
                self.set_face(pu, armor, f);
                if armor {
                    self.setup_next(pu + 1, false);
                } else {
                    self.setup_next(pu, true);
                }
            }
            Dec::DrawPhase(p) => {
                self.dec = Dec::Auto;
                self.draw_card(p as usize, (a - DRAW) as usize, false);
            }
            Dec::Target(p) => {
                let mut item = self.building.take().expect("building");
                if a == PASS {
                    self.push_chain(item);
                } else {
                    item.targets.push(self.target_id(a));
                    let e = self.shared.db.effect(item.effect);
                    if item.targets.len() >= e.max_targets as usize
                        || !self.any_target(p as usize, e, &item.targets)
                    {
                        self.push_chain(item);
                    } else {
                        self.building = Some(item);
                    }
                }
            }
            Dec::Attackers(p) => self.declare(p as usize, a),
            Dec::Defenders(p) => self.assign(p as usize, a),
            Dec::TrigOrder(_) => {
                self.dec = Dec::Auto;
                self.take_trigger((a - TRIG) as usize);
            }
            Dec::Choose(p, c) => {
                self.dec = Dec::Auto;
                self.apply_choice(p as usize, c, a);
            }
            Dec::ArmorSplit(_) => {
                self.dec = Dec::Auto;
                self.split_point((a - SPLIT) as usize);
                self.continue_split(None);
            }
        }
        // A decision the action itself left (a target to pick, another attacker, a
        // defender's block, ...) with no defeat to judge: `advance` would return at once
        // (its first checks are the defeats, then the decision), so it is not entered.
        if self.dec != Dec::Auto && self.defeated == 0 {
            return;
        }
        self.advance();
    }

    pub(super) fn target_id(&self, a: u16) -> u16 {
        if a >= TGT_HERO {
            HERO_BIT | (a - TGT_HERO)
        } else {
            let k = (a - TGT) as usize;
            self.players[k / UNITS].units[k % UNITS].uid
        }
    }

    pub(super) fn window_action(&mut self, p: usize, a: u16) {
        let db = &self.shared.db;
        let blank = |kind, who: usize, card, arg, effect, src| Item {
            kind,
            who: who as u8,
            card,
            arg,
            effect,
            src,
            host: NONE,
            targets: Targets::new(),
        };
        match a {
            PASS => self.pass(),
            _ if (HAND_A..USE).contains(&a) => {
                let i = ((a - HAND_A) / 2) as usize;
                let half = (a - HAND_A) % 2;
                let c = self.players[p].hand.remove(i);
                let action = self.is_action(c);
                self.players[p].hand_actions -= action;
                if action != 0 {
                    // By field: `db` still borrows the state's tables.
                    self.core.react = options::kept_react(self.core.react, p, &self.players[p]);
                }
                let card = db.card(c);
                if card.kind.is_unit() {
                    self.players[p].gold -=
                        eff_cost(card.cost, self.cost_mod(p, OpCode::EnlistCost));
                    self.push_chain(blank(ItemKind::Enlist, p, c, 0, NO_EFFECT, NONE));
                } else {
                    let (cost, e) = match (&card.half, half) {
                        (Some((_, cost, e)), 1) => (*cost, *e),
                        _ => (card.cost, card.effects[0]),
                    };
                    self.players[p].gold -= eff_cost(cost, self.cost_mod(p, OpCode::ActionCost));
                    self.announce(blank(ItemKind::Action, p, c, half as u8, e, NONE));
                }
            }
            _ if (USE..UNLOCK).contains(&a) => {
                let i = (a - USE) as usize;
                let ab = &self.shared.db.heroes[self.players[p].hero as usize].abilities[i];
                let effect = ab.effect;
                self.set_cooldown(p, i, ab.delay as i8);
                self.players[p].played |= 1 << i;
                self.announce(blank(ItemKind::Ability, p, 0, i as u8, effect, NONE));
            }
            _ if (UNLOCK..BATTLE).contains(&a) => {
                let i = (a - UNLOCK) as usize;
                self.players[p].gold -= self.hero(p).abilities[i].cost as u32;
                self.push_chain(blank(ItemKind::Unlock, p, 0, i as u8, NO_EFFECT, NONE));
            }
            _ if (BATTLE..ACT).contains(&a) => {
                self.push_chain(blank(
                    ItemKind::Battle,
                    p,
                    0,
                    (a - BATTLE) as u8,
                    NO_EFFECT,
                    NONE,
                ));
            }
            _ => {
                // Activated ability.
                let i = (a - ACT) as usize;
                let hero = self.hero(p);
                let pl = &self.players[p];
                let (effects, src, card) = if i < UNITS {
                    let u = pl.units[i];
                    (&db.card(u.card).effects, u.uid, u.card)
                } else if i == UNITS {
                    (&hero.weapons[pl.weapon as usize].effects, WEAPON, 0)
                } else {
                    (&hero.armors[pl.armor as usize].effects, ARMOR, 0)
                };
                let e = self.act_effect(effects).expect("listed");
                let ef = db.effect(e);
                let exhaust = ef.cost_exhaust;
                self.players[p].gold -= ef.cost_gold as u32;
                if exhaust {
                    if i < UNITS {
                        self.set_exhausted(p, i, true);
                    } else {
                        if i == UNITS {
                            self.players[p].weapon_exh = true;
                        } else {
                            self.players[p].armor_exh = true;
                        }
                        self.refresh_face_acts(p);
                    }
                }
                self.announce(blank(ItemKind::Trigger, p, card, 0, e, src));
            }
        }
    }

    // ----- battles ---------------------------------------------------------------------------

    pub(super) fn declare(&mut self, p: usize, a: u16) {
        if a == PASS {
            let b = self.battle.as_mut().expect("battle");
            if b.attackers.is_empty() {
                self.end_battle();
            } else {
                b.step = BStep::AfterDeclare;
            }
            self.dec = Dec::Auto;
            self.prio = self.cur;
            self.passes = 0;
            return;
        }
        let i = (a - ATK) as usize;
        let uid = if i == UNITS {
            self.players[p].weapon_exh = true;
            self.refresh_face_acts(p);
            let f = self.players[p].weapon;
            self.players[p].played |= self.weapon_bit(p, f);
            let effects = self.face_effects(p, true);
            self.own_trigs(p, 0, WEAPON, &effects, Trigger::Attack);
            WEAPON
        } else {
            self.set_exhausted(p, i, true);
            let u = &self.players[p].units[i];
            let (uid, card) = (u.uid, u.card);
            self.card_trigs(p, card, uid, Trigger::Attack);
            uid
        };
        if uid != WEAPON {
            for (c, owner) in self.players[p].units[i].att {
                if c != 255 {
                    self.attached_trigs(c, owner, uid, Trigger::Attack);
                }
            }
        }
        self.battle.as_mut().expect("battle").attackers.push(Att {
            uid,
            blocker: NONE,
            prevented: 0,
        });
        if self.only_pass_to_declare() {
            self.declare(p, PASS);
        }
    }

    pub(super) fn assign(&mut self, p: usize, a: u16) {
        let b = self.battle.as_mut().expect("battle");
        if a == PASS {
            b.step = BStep::AfterAssign;
            self.dec = Dec::Auto;
            self.prio = self.cur;
            self.passes = 0;
            return;
        }
        if b.pick == NONE {
            b.pick = self.players[p].units[(a - DEF) as usize].uid;
            if let Some(a) = self.single_block() {
                self.assign(p, a);
            }
            return;
        }
        let b = self.battle.as_mut().expect("battle");
        b.attackers[(a - BLOCK) as usize].blocker = b.pick;
        b.pick = NONE;
        if !self.defender_options_exist() {
            self.assign(p, PASS);
        }
    }
}
