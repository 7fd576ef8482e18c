//! What a player may do: targets of an effect, reactions in a response window, main-phase maneuvers, who may attack and defend, and the full legal-action listing of every decision.

use super::board::set_bits;
use super::statics::budget;
use super::*;
use crate::allegiance::tables::{EffectFacts, Needs};

/// Whether unit `u` of battle `b`'s defending seat may still be picked as a defender: ready
/// and not blocking already.
fn may_defend(b: &Battle, u: &Unit) -> bool {
    !u.exhausted && !b.attackers.iter().any(|a| a.blocker == u.uid)
}

impl AllegianceState {
    /// The targets `who` may still choose for effect `e` (those in `chosen` are taken).
    pub(super) fn target_options(
        &self,
        who: usize,
        e: &Effect,
        chosen: &[u16],
        out: &mut ActionBuf,
    ) {
        self.each_target(who, e, chosen, |a| {
            out.push(a);
            false
        });
    }

    /// Whether [`AllegianceState::target_options`] would list any target (without listing).
    pub(super) fn any_target(&self, who: usize, e: &Effect, chosen: &[u16]) -> bool {
        self.each_target(who, e, chosen, |_| true)
    }

    /// Whether a target of kind `k` exists for `who` with none chosen yet: the answer of
    /// [`Self::any_target`] with nothing chosen, from the counts of units and the players in
    /// the game instead of a walk of the targets (what the announcement asks).
    pub(super) fn target_exists(&self, who: usize, k: TargetKind) -> bool {
        let pls = &self.players;
        match k {
            TargetKind::Hero | TargetKind::Any => self.alive_n != 0,
            TargetKind::Ally => pls[who].alive && !pls[who].units.is_empty(),
            TargetKind::Unit => pls.iter().any(|pl| pl.alive && !pl.units.is_empty()),
            TargetKind::Foe => pls
                .iter()
                .enumerate()
                .any(|(s, pl)| !pl.units.is_empty() && self.opponents(who, s)),
            TargetKind::FoeHero | TargetKind::FoeAny => {
                (0..pls.len()).any(|s| self.opponents(who, s))
            }
        }
    }

    /// Call `f` with each target action of [`AllegianceState::target_options`], in its order,
    /// until `f` returns true; returns whether it did.
    #[inline(always)]
    fn each_target(
        &self,
        who: usize,
        e: &Effect,
        chosen: &[u16],
        mut f: impl FnMut(Action) -> bool,
    ) -> bool {
        let Some(k) = e.target else { return false };
        let units = matches!(
            k,
            TargetKind::Unit
                | TargetKind::Ally
                | TargetKind::Foe
                | TargetKind::Any
                | TargetKind::FoeAny
        );
        let heroes = matches!(
            k,
            TargetKind::Hero | TargetKind::FoeHero | TargetKind::Any | TargetKind::FoeAny
        );
        let foe_only = matches!(
            k,
            TargetKind::Foe | TargetKind::FoeHero | TargetKind::FoeAny
        );
        for (s, pl) in self.players.iter().enumerate() {
            if !pl.alive {
                continue;
            }
            let ok = match k {
                TargetKind::Ally => s == who,
                _ if foe_only => self.opponents(who, s),
                _ => true,
            };
            if !ok {
                continue;
            }
            if units {
                // Seat `s`'s first unit target; with `i < UNITS` the action stays below
                // `TGT_HERO`, a `u16` constant, so the add cannot wrap.
                let first = TGT + (s * UNITS) as u16;
                for (i, u) in pl.units.iter().enumerate() {
                    if (chosen.is_empty() || !chosen.contains(&u.uid))
                        && f(Action(first.wrapping_add(i as u16)))
                    {
                        return true;
                    }
                }
            }
            if heroes && !chosen.contains(&(HERO_BIT | s as u16)) && f(Action(TGT_HERO + s as u16))
            {
                return true;
            }
        }
        false
    }

    /// Whether `who` can announce `effect` now: its focus-counter cost is paid and a target
    /// exists. Most effects (about two thirds of the asks in random play) need no target and
    /// cost no focus: that answer is inlined into the callers, the rest is asked out of line
    /// ([`Self::needs_met`]).
    #[inline(always)]
    pub(super) fn has_targets(&self, who: usize, effect: u16) -> bool {
        let e = self.shared.tables.effects[effect as usize];
        e.is_free() || self.needs_met(who, e)
    }

    /// [`Self::has_targets`] for an effect `e` that needs a target or costs focus.
    #[inline(never)]
    fn needs_met(&self, who: usize, e: EffectFacts) -> bool {
        // A focus-counter cost is checked with the targets (both at announcement).
        if e.cost_focus as u16 > self.players[who].focus {
            return false;
        }
        let pls = &self.players;
        // A target exists: a hero in the game of the right side, or a unit of one.
        match e.needs {
            Needs::Nothing => true,
            // Any hero: one is in the game while it goes on.
            Needs::AnyHero => self.alive_n != 0,
            Needs::AllyUnit => pls[who].alive && !pls[who].units.is_empty(),
            Needs::AnyUnit => pls.iter().any(|pl| pl.alive && !pl.units.is_empty()),
            Needs::FoeUnit => pls
                .iter()
                .enumerate()
                .any(|(s, pl)| pl.alive && !pl.units.is_empty() && self.opponents(who, s)),
            Needs::Foe => pls
                .iter()
                .enumerate()
                .any(|(s, pl)| pl.alive && self.opponents(who, s)),
        }
    }

    // ----- legal actions ---------------------------------------------------------------------

    /// The reaction maneuvers of `p` now, into `out` (after what it holds), in action order.
    pub(super) fn reactions(&self, p: usize, out: &mut ActionBuf) {
        let pl = &self.players[p];
        if !pl.alive {
            return;
        }
        if let Some(ab) = self.action_card_budget(p, pl) {
            for (i, &c) in pl.hand.iter().enumerate() {
                self.action_card(p, i, c, ab, out);
            }
        }
        // The ready reaction abilities are the kept bits (usually none): the hero's table is
        // read only for one of them.
        for i in set_bits(u64::from(pl.ready_reactions)) {
            let e = self.shared.tables.heroes[pl.hero as usize].ability_effect[i];
            if self.has_targets(p, e) {
                out.push(Action(USE + i as u16));
            }
        }
        self.activations(p, out);
    }

    /// The gold budget of `p` for action cards ([`budget`] under their cost modifier), or
    /// `None` when `p` holds no action card or lacks the gold for the cheapest one (no action
    /// card can be played). `pl` is seat `p`, which every caller has looked up already.
    #[inline]
    fn action_card_budget(&self, p: usize, pl: &Player) -> Option<i64> {
        if pl.hand_actions == 0 {
            return None;
        }
        let ab = budget(pl.gold, self.cost_mod(p, OpCode::ActionCost));
        (i64::from(self.shared.db.min_action_cost) <= ab).then_some(ab)
    }

    /// The options of hand card `c` at index `i` of `p` played as an action card (gold
    /// budget `ab`, [`Self::action_card_budget`]): each option it has, affordable and with a
    /// target.
    #[inline(always)]
    fn action_card(&self, p: usize, i: usize, c: u8, ab: i64, out: &mut ActionBuf) {
        for half in [false, true] {
            if self.action_option(p, c, half, ab) {
                out.push(nth(HAND_A, i << 1 | usize::from(half)));
            }
        }
    }

    /// Whether hand card `c` of `p` can be played now as an action card for its full effect
    /// or (`half`) its half effect: it is an action card, has that option, its cost is
    /// within the gold budget `ab` ([`Self::action_card_budget`]) and the
    /// effect has a target. The listing ([`AllegianceState::action_card`]) and
    /// [`AllegianceState::has_reaction`] both ask here.
    #[inline(always)]
    fn action_option(&self, p: usize, c: u8, half: bool, ab: i64) -> bool {
        let card = &self.shared.tables.hand[c as usize];
        if !card.action {
            return false;
        }
        let (cost, effect) = if half {
            if card.half_effect == NO_EFFECT {
                return false;
            }
            (card.half_cost, card.half_effect)
        } else {
            (card.cost, card.effect)
        };
        i64::from(cost) <= ab && self.has_targets(p, effect)
    }

    /// The activated effects `p` may use: units in slot order, then the weapon and armor faces.
    #[inline(always)]
    fn activations(&self, p: usize, out: &mut ActionBuf) {
        let t = &self.shared.tables;
        let pl = &self.players[p];
        for i in set_bits(pl.act_units) {
            let u = &pl.units[i];
            let e = t.act[u.card as usize];
            if self.can_activate(p, e, u.exhausted) {
                out.push(Action(ACT + i as u16));
            }
        }
        // `face_acts` leaves out a face without an activated effect or held back by its
        // exhaustion (as in `has_reaction`): the hero's table is read only for a face with
        // its bit.
        if pl.face_acts == 0 {
            return;
        }
        let facts = &t.heroes[pl.hero as usize];
        if pl.face_acts & 1 != 0
            && self.can_activate(p, facts.weapon_act[pl.weapon as usize], pl.weapon_exh)
        {
            out.push(Action(ACT + UNITS as u16));
        }
        if pl.face_acts & 2 != 0
            && self.can_activate(p, facts.armor_act[pl.armor as usize], pl.armor_exh)
        {
            out.push(Action(ACT + UNITS as u16 + 1));
        }
    }

    pub(super) fn act_effect(&self, effects: &[u16]) -> Option<u16> {
        effects
            .iter()
            .copied()
            .find(|&e| self.shared.db.effect(e).trigger == Trigger::Act)
    }

    pub(super) fn can_activate(&self, p: usize, e: u16, exhausted: bool) -> bool {
        let ef = self.shared.tables.effects[e as usize];
        !(ef.cost_exhaust && exhausted)
            && ef.cost_gold as u32 <= self.players[p].gold
            && self.has_targets(p, e)
    }

    /// Whether `p` has any reaction now: the same answer as a non-empty
    /// [`AllegianceState::reactions`] listing, found without listing. The sources are tried
    /// cheapest first (a ready reaction ability, an action card in hand with the gold for the
    /// cheapest one, a unit or face with an activated effect not held back by exhaustion),
    /// and the first one with its costs and a target answers; on most priority passes no
    /// source passes the counts, gold and exhaustion tests and nothing is looked up further.
    pub(super) fn has_reaction(&self, p: usize) -> bool {
        // The tests check the kept bit against a fresh computation at every ask.
        #[cfg(test)]
        assert_eq!(
            self.react >> p & 1 != 0,
            self.may_react(p),
            "the kept bit of seat {p} in `react`"
        );
        // On most passes the seat has no source at all: out of the game, or the four kept
        // summaries (ready reaction abilities, action cards in hand, units and faces with an
        // activated effect) all 0. The kept bit of `react` says so in one test. (`p` is a
        // seat, below `MAX_PLAYERS`, so the shift stays within the byte.)
        if self.react.wrapping_shr(p as u32) & 1 == 0 {
            return false;
        }
        let pl = &self.players[p];
        let t = &self.shared.tables;
        // The hero's table is read only for a ready reaction ability or a face with an
        // activated effect (kept bits, usually 0).
        let facts = || &t.heroes[pl.hero as usize];
        for i in set_bits(u64::from(pl.ready_reactions)) {
            if self.has_targets(p, facts().ability_effect[i]) {
                return true;
            }
        }
        if let Some(ab) = self.action_card_budget(p, pl) {
            let playable =
                |&c: &u8| self.action_option(p, c, false, ab) || self.action_option(p, c, true, ab);
            if pl.hand.iter().any(playable) {
                return true;
            }
        }
        // `act_units` leaves out the units whose exhaustion holds their effect back.
        for i in set_bits(pl.act_units) {
            let u = &pl.units[i];
            if self.can_activate(p, t.act[u.card as usize], u.exhausted) {
                return true;
            }
        }
        // `face_acts` leaves out a face whose exhaustion holds its effect back, as
        // `act_units` does for units: a face used this turn is not looked at.
        if pl.face_acts == 0 {
            return false;
        }
        let facts = facts();
        (pl.face_acts & 1 != 0
            && self.can_activate(p, facts.weapon_act[pl.weapon as usize], pl.weapon_exh))
            || (pl.face_acts & 2 != 0
                && self.can_activate(p, facts.armor_act[pl.armor as usize], pl.armor_exh))
    }

    /// The reaction summary of seat `p` worked out afresh: its hero's reaction abilities
    /// that are ready, and which of its face-up faces have an activated effect (the kept
    /// `Player::ready_reactions` and `Player::face_acts`).
    pub(super) fn reaction_bits(&self, p: usize) -> (u8, u8) {
        (self.ready_reaction_bits(p), self.face_act_bits(p))
    }

    /// The ready reaction abilities of `p` (`Player::ready_reactions` afresh).
    #[inline]
    fn ready_reaction_bits(&self, p: usize) -> u8 {
        let pl = &self.players[p];
        cooldown_masks(&pl.cd).0 & self.shared.tables.heroes[pl.hero as usize].reaction_bits
    }

    /// The faces of `p` with an activated effect that their exhaustion does not hold back
    /// (`Player::face_acts` afresh).
    #[inline]
    fn face_act_bits(&self, p: usize) -> u8 {
        let t = &self.shared.tables;
        let pl = &self.players[p];
        let facts = &t.heroes[pl.hero as usize];
        let usable = |e: u16, exhausted: bool| {
            e != NO_EFFECT && !(exhausted && t.effects[e as usize].cost_exhaust)
        };
        u8::from(usable(facts.weapon_act[pl.weapon as usize], pl.weapon_exh))
            | u8::from(usable(facts.armor_act[pl.armor as usize], pl.armor_exh)) << 1
    }

    /// Whether seat `p` may react, worked out afresh (its bit of the kept `react`): it is in
    /// the game and one of its four reaction summaries is not 0.
    #[inline]
    pub(in crate::allegiance) fn may_react(&self, p: usize) -> bool {
        may_react(&self.players[p])
    }

    /// Keep bit `p` of `react` right after seat `p`'s `alive` or one of its reaction
    /// summaries changed ([`Self::may_react`]).
    #[inline]
    pub(in crate::allegiance) fn keep_react(&mut self, p: usize) {
        self.core.react = kept_react(self.core.react, p, &self.players[p]);
    }

    /// The seats that may react, worked out afresh (the kept `react`).
    pub(in crate::allegiance) fn react_bits(&self) -> u8 {
        (0..self.players.len()).fold(0, |m, p| m | u8::from(self.may_react(p)) << p)
    }

    /// Keep `Player::face_acts` of seat `p` right after one of its faces was exhausted.
    #[inline]
    pub(in crate::allegiance) fn refresh_face_acts(&mut self, p: usize) {
        self.players[p].face_acts = self.face_act_bits(p);
        self.keep_react(p);
    }

    /// Keep the reaction summary of seat `p` right after its faces, their exhaustion or its
    /// hero changed ([`Self::reaction_bits`]).
    #[inline]
    pub(in crate::allegiance) fn refresh_reaction_bits(&mut self, p: usize) {
        let (ready, faces) = self.reaction_bits(p);
        let pl = &mut self.players[p];
        pl.ready_reactions = ready;
        pl.face_acts = faces;
        self.keep_react(p);
    }

    /// Keep `Player::ready_reactions` of seat `p` right after its cooldowns changed.
    #[inline]
    pub(in crate::allegiance) fn refresh_ready_reactions(&mut self, p: usize) {
        self.players[p].ready_reactions = self.ready_reaction_bits(p);
        self.keep_react(p);
    }

    /// Turn face `f` of seat `p` face up (its armor when `armor`, else its weapon), keeping
    /// the reaction summary right.
    pub(in crate::allegiance) fn set_face(&mut self, p: usize, armor: bool, f: u8) {
        let pl = &mut self.players[p];
        if armor {
            pl.armor = f;
        } else {
            pl.weapon = f;
        }
        self.refresh_reaction_bits(p);
    }

    /// Set the cooldown of seat `p`'s ability `i` to `cd`, keeping the ready reactions right.
    #[inline]
    pub(in crate::allegiance) fn set_cooldown(&mut self, p: usize, i: usize, cd: i8) {
        self.players[p].cd[i] = cd;
        self.refresh_ready_reactions(p);
    }

    /// The maneuvers and reactions of `p` in a main-phase window, after the pass in `out`,
    /// listed in action order in one pass (the union of the main-phase maneuvers and
    /// [`AllegianceState::reactions`], sorted): hand cards by index (a unit card to enlist,
    /// an action card's options), ability uses, unlocks, battles, activations. Out of line,
    /// as the other listings, so that the dispatcher ([`Self::legal`]) saves no registers.
    #[inline(never)]
    fn main_window(&self, p: usize, out: &mut ActionBuf) {
        let t = &self.shared.tables;
        let pl = &self.players[p];
        // The enlisting budget: a unit card is affordable when its base cost is within it.
        let ub = budget(pl.gold, self.cost_mod(p, OpCode::EnlistCost));
        // Reactions need the player in the game (maneuvers are listed for the window's
        // player as they are).
        let ab = if pl.alive {
            self.action_card_budget(p, pl)
        } else {
            None
        };
        for (i, &c) in pl.hand.iter().enumerate() {
            let card = &t.hand[c as usize];
            if card.unit && i64::from(card.cost) <= ub {
                out.push(nth(HAND_A, i << 1));
            }
            if let Some(ab) = ab {
                self.action_card(p, i, c, ab, out);
            }
        }
        // The hero's abilities by their cooldowns, a bit each: ready (0) and locked (below 0);
        // the rest are unlocked.
        let facts = &t.heroes[pl.hero as usize];
        let (ready, locked) = cooldown_masks(&pl.cd);
        // A ready ability with a target, a maneuver or (in the game) a reaction.
        let usable = if pl.alive {
            facts.ability_bits
        } else {
            facts.ability_bits & !facts.reaction_bits
        };
        // A free ability (no target needed, no focus cost) has its target: its effect's
        // facts are not read.
        for i in set_bits(u64::from(ready & usable)) {
            if facts.free_bits >> i & 1 != 0 || self.has_targets(p, facts.ability_effect[i]) {
                out.push(Action(USE + i as u16));
            }
        }
        // Abilities a card edit removed from the loadout can never be unlocked.
        // Only the abilities whose unlock cost the gold covers are visited.
        let removed = self.shared.loadouts[pl.loadout as usize].disabled;
        let affordable = facts.affordable[pl.gold.min(255) as usize];
        for i in set_bits(u64::from(
            locked & facts.ability_bits & !removed & affordable,
        )) {
            if facts.level0_bits & 1 << i != 0 || !locked & facts.prereqs[i] != 0 {
                out.push(Action(UNLOCK + i as u16));
            }
        }
        // A battle against each opponent. With two players the one other seat is the only
        // candidate (`opponents` then asks only whether it is in the game).
        if pl.alive && self.has_attacker(p) {
            if self.n() == 2 {
                let q = 1 - (p & 1);
                if self.opponents(p, q) {
                    out.push(Action(BATTLE + q as u16));
                }
            } else {
                for q in 0..self.n() {
                    if self.opponents(p, q) {
                        out.push(Action(BATTLE + q as u16));
                    }
                }
            }
        }
        if pl.alive {
            self.activations(p, out);
        }
    }

    pub(super) fn weapon_may_attack(&self, p: usize) -> bool {
        let pl = &self.players[p];
        if pl.weapon_exh {
            return false;
        }
        if self.n() == 2 {
            !self.first_turn_two_player(p)
        } else {
            pl.turns > 1
        }
    }

    pub(super) fn unit_may_attack(&self, u: &Unit) -> bool {
        !u.exhausted && u.entered != self.turn
    }

    pub(super) fn has_attacker(&self, p: usize) -> bool {
        self.weapon_may_attack(p)
            || self.players[p]
                .units
                .iter()
                .any(|u| self.unit_may_attack(u))
    }

    /// Whether the legal actions now are passing alone in a declaration of attackers: the
    /// answer of a one-action [`AllegianceState::legal`] listing there, without listing (a
    /// unit that may attack, or the weapon not declared yet, would be listed after the pass).
    /// `false` outside a declaration or once the game is over.
    pub(super) fn only_pass_to_declare(&self) -> bool {
        let (Dec::Attackers(p), None, Some(b)) = (self.dec, &self.result, &self.battle) else {
            return false;
        };
        let p = p as usize;
        !(self.players[p]
            .units
            .iter()
            .any(|u| self.unit_may_attack(u))
            || self.weapon_may_attack(p) && !b.attackers.iter().any(|a| a.uid == WEAPON))
    }

    /// The one block open to the picked defender when there is exactly one (what a
    /// one-action [`AllegianceState::legal`] listing would hold), found without listing.
    pub(super) fn single_block(&self) -> Option<u16> {
        let (Dec::Defenders(_), None, Some(b)) = (self.dec, &self.result, &self.battle) else {
            return None;
        };
        if b.pick == NONE {
            return None;
        }
        let mut open = b
            .attackers
            .iter()
            .enumerate()
            .filter(|(_, a)| self.blockable(b, a));
        let (i, _) = open.next()?;
        open.next().is_none().then_some(BLOCK + i as u16)
    }

    pub(super) fn defender_options_exist(&self) -> bool {
        let Some(b) = &self.battle else { return false };
        let d = &self.players[b.def as usize];
        let free_def = d.units.iter().any(|u| may_defend(b, u));
        let free_att = b.attackers.iter().any(|a| self.blockable(b, a));
        free_def && free_att
    }

    /// Whether attacker `a` of battle `b` can still be blocked: no defender is assigned to
    /// it, and it is the weapon or a unit still in play.
    fn blockable(&self, b: &Battle, a: &Att) -> bool {
        a.blocker == NONE
            && (a.uid == WEAPON || self.find_unit_near(b.atk as usize, a.uid).is_some())
    }

    /// The legal actions now. A dispatcher only: every listing but the pass of a window is
    /// out of line, so that a decision's listing enters one function that saves the
    /// registers it needs, and this one none.
    pub(in crate::allegiance) fn legal(&self, out: &mut ActionBuf) {
        out.clear();
        if self.result.is_some() {
            return;
        }
        match self.dec {
            Dec::Auto => {}
            // Both listings come in action order: no sort needed.
            Dec::Main(p) => {
                out.push(Action(PASS));
                self.main_window(p as usize, out);
            }
            Dec::Window(p) => {
                out.push(Action(PASS));
                self.reaction_window(p as usize, out);
            }
            Dec::SetupFace(p, armor) => self.face_options(p as usize, armor, out),
            Dec::DrawPhase(p) => self.draw_listing(p as usize, out),
            Dec::Target(p) => self.target_listing(p as usize, out),
            Dec::Attackers(p) => self.attacker_options(p as usize, out),
            Dec::Defenders(p) => self.defender_listing(p as usize, out),
            Dec::TrigOrder(p) => self.trig_order_options(p, out),
            Dec::Choose(p, c) => self.choice_listing(p as usize, c, out),
            Dec::ArmorSplit(_) => self.split_listing(out),
        }
    }

    /// The reactions of `p` in a response window, after the pass in `out`.
    #[inline(never)]
    fn reaction_window(&self, p: usize, out: &mut ActionBuf) {
        self.reactions(p, out);
        debug_assert!(out.is_sorted());
    }

    /// The faces of `p`'s hero to start with (its armors when `armor`, else its weapons).
    #[inline(never)]
    fn face_options(&self, p: usize, armor: bool, out: &mut ActionBuf) {
        let h = self.hero(p);
        let k = if armor {
            h.armors.len()
        } else {
            h.weapons.len()
        };
        for i in 0..k {
            out.push(Action(FACE + i as u16));
        }
    }

    /// The decks `p` may draw from in its draw phase ([`Self::draw_options`] out of line).
    #[inline(never)]
    fn draw_listing(&self, p: usize, out: &mut ActionBuf) {
        self.draw_options(p, out);
    }

    /// The pass (once enough targets are chosen) and the targets left for the item being
    /// announced by `p`.
    #[inline(never)]
    fn target_listing(&self, p: usize, out: &mut ActionBuf) {
        let item = self.building.as_ref().expect("building");
        let e = self.shared.db.effect(item.effect);
        if item.targets.len() >= e.min_targets as usize {
            out.push(Action(PASS));
        }
        self.target_options(p, e, &item.targets, out);
    }

    /// The pass and the attackers `p` may still declare.
    #[inline(never)]
    fn attacker_options(&self, p: usize, out: &mut ActionBuf) {
        out.push(Action(PASS));
        let b = self.battle.as_ref().expect("battle");
        let pl = &self.players[p];
        for (i, u) in pl.units.iter().enumerate() {
            if self.unit_may_attack(u) {
                out.push(nth(ATK, i));
            }
        }
        if self.weapon_may_attack(p) && !b.attackers.iter().any(|a| a.uid == WEAPON) {
            out.push(Action(ATK + UNITS as u16));
        }
    }

    /// The defender `p` may pick next (and the pass), or the blocks open to the picked one.
    #[inline(never)]
    fn defender_listing(&self, p: usize, out: &mut ActionBuf) {
        let b = self.battle.as_ref().expect("battle");
        if b.pick == NONE {
            out.push(Action(PASS));
            for (i, u) in self.players[p].units.iter().enumerate() {
                if may_defend(b, u) {
                    out.push(nth(DEF, i));
                }
            }
        } else {
            for (i, a) in b.attackers.iter().enumerate() {
                if self.blockable(b, a) {
                    out.push(nth(BLOCK, i));
                }
            }
        }
    }

    /// The pending triggers of `p`, to pick the next one to place.
    #[inline(never)]
    fn trig_order_options(&self, p: u8, out: &mut ActionBuf) {
        for (i, t) in self.trigs.iter().enumerate() {
            if t.who == p {
                out.push(Action(TRIG + i as u16));
            }
        }
    }

    /// [`Self::choice_options`] out of line.
    #[inline(never)]
    fn choice_listing(&self, p: usize, c: Choice, out: &mut ActionBuf) {
        self.choice_options(p, c, out);
    }

    /// The armor split's options ([`Self::split_options`] out of line).
    #[inline(never)]
    fn split_listing(&self, out: &mut ActionBuf) {
        self.split_options(None, out);
    }

    pub(super) fn choice_options(&self, p: usize, c: Choice, out: &mut ActionBuf) {
        let pl = &self.players[p];
        match c {
            Choice::Draw => self.draw_options(p, out),
            Choice::Mill => self.mill_options(out),
            Choice::Raise | Choice::Recycle => {
                if c == Choice::Recycle && self.res_op().is_some_and(|o| o.upto) {
                    // Only "choose up to N" may stop early.
                    out.push(Action(PASS));
                }
                let which = self.res_op().map(|o| o.n).unwrap_or(2);
                let piles: &[usize] = match (c, which) {
                    (Choice::Raise, 0) => &[0],
                    (Choice::Raise, 1) => &[1],
                    _ => &[0, 1],
                };
                // The card ids in the piles, a bit each (bit `c % 64` of word `c / 64`), then
                // listed from the lowest: each card once and in action order (after the pass,
                // action 0) without a sort.
                let mut seen = [0u64; 4];
                for &d in piles {
                    for &card in &self.discards()[d] {
                        seen[usize::from(card >> 6)] |= 1 << (card & 63);
                    }
                }
                for (w, &bits) in seen.iter().enumerate() {
                    for b in set_bits(bits) {
                        // A card id, below 256: the action stays far below 65,535.
                        out.push(nth(CARD, w << 6 | b));
                    }
                }
            }
            Choice::Discard => {
                for i in 0..pl.hand.len() {
                    out.push(nth(HAND_A, i << 1));
                }
            }
            Choice::Weapon | Choice::Armor => {
                let h = self.hero(p);
                let k = if c == Choice::Armor {
                    h.armors.len()
                } else {
                    h.weapons.len()
                };
                for i in 0..k {
                    out.push(Action(FACE + i as u16));
                }
            }
            Choice::Sacrifice => {
                out.push(Action(PASS));
                for i in 0..pl.units.len() {
                    out.push(Action(OWN + i as u16));
                }
            }
            Choice::Ready => {
                let skip = self.res.as_ref().map(|r| (r.item.kind, r.item.arg));
                for (i, &cd) in pl.cd.iter().enumerate() {
                    if cd > 0 && skip != Some((ItemKind::Ability, i as u8)) {
                        out.push(Action(ABIL + i as u16));
                    }
                }
            }
        }
    }

    // ----- applying --------------------------------------------------------------------------
}

/// Whether player `pl` may react: it is in the game and one of its four reaction summaries
/// is not 0 (its bit of the kept `react`).
#[inline(always)]
fn may_react(pl: &PlayerCore) -> bool {
    pl.alive && u64::from(pl.ready_reactions | pl.hand_actions | pl.face_acts) | pl.act_units != 0
}

/// `react` with the bit of seat `p` (player `pl`) worked out afresh ([`may_react`]): what
/// [`AllegianceState::keep_react`] stores, for callers that hold another borrow of the state.
#[inline(always)]
pub(super) fn kept_react(react: u8, p: usize, pl: &PlayerCore) -> u8 {
    // `p` is a seat, below `MAX_PLAYERS`: the shift stays within the byte.
    let bit = 1u8.wrapping_shl(p as u32);
    (react & !bit) | if may_react(pl) { bit } else { 0 }
}

/// Action `base + i` for index `i` of a fixed-capacity list (a hand card's action, `i`
/// twice the card's index plus its half; a unit slot; an attacker): the index is below the
/// list's capacity, so the action stays in its range below the next constant and far below
/// 65,535, and the add cannot wrap (no overflow test in the listing's loops).
#[inline(always)]
fn nth(base: u16, i: usize) -> Action {
    Action(base.wrapping_add(i as u16))
}

/// The abilities whose cooldown is 0 (ready) and below 0 (locked), a bit each (bit `j`:
/// ability `j`), from the eight cooldowns read as one word, a byte each.
#[inline(always)]
pub(super) fn cooldown_masks(cd: &[i8; ABILITIES]) -> (u8, u8) {
    const _: () = assert!(ABILITIES == 8);
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // The high bit of each byte, gathered into the top byte (byte `j` to bit `j`).
    let gather = |x: u64| {
        (((x >> 7) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    };
    let x = u64::from_le_bytes(cd.map(|c| c as u8));
    // A byte's high bit is set when the byte is not zero (no carry crosses bytes: 0x7f + 0x7f
    // fits), and its sign bit when it is below zero.
    let nonzero = (((x & LOW) + LOW) | x) & !LOW;
    (!gather(nonzero), gather(x))
}

#[cfg(test)]
#[path = "options_tests.rs"]
mod tests;
