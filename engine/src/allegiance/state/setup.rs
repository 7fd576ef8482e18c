//! Dealing a game (set-up draws, the first faces) and the small accessors every rule area reads: seats, heroes, formats, unit lookup, power and health, drawing cards.

use super::*;
use std::sync::Arc;

impl AllegianceState {
    // ----- set-up ---------------------------------------------------------------------------

    pub(in crate::allegiance) fn deal(shared: Arc<Shared>, seating: &[u8], rng: GameRng) -> Self {
        let mut s = AllegianceState {
            shared: Arc::clone(&shared),
            players: ArrayVec::new(),
            piles: Piles::new(),
            chain: ArrayVec::new(),
            trigs: ArrayVec::new(),
            banished: ArrayVec::new(),
            building: None,
            res: None,
            battle: None,
            core: StateCore {
                phase: Phase::Setup,
                cur: 0,
                prio: 0,
                passes: 0,
                dec: Dec::Auto,
                turn: 0,
                maneuvers: 0,
                actions: 0,
                next_uid: 0,
                result: None,
                logging: false,
                statics: 0,
                static_kinds: [0; STATIC_KINDS],
                boards: [0; MAX_PLAYERS],
                turn_mods: false,
                defeated: 0,
                alive_n: 0,
                work: true,
                react: 0,
            },
            rng: rng.clone(),
            log: Vec::new(),
        };
        s.redeal(&shared, seating, rng);
        s
    }

    /// Deal a new game into this state (any earlier game's, of any rules): every field is
    /// reset in place, so the result equals [`AllegianceState::deal`]'s without building
    /// and moving a new state of several kilobytes.
    pub(in crate::allegiance) fn redeal(
        &mut self,
        shared: &Arc<Shared>,
        seating: &[u8],
        rng: GameRng,
    ) {
        if !Arc::ptr_eq(&self.shared, shared) {
            self.shared = Arc::clone(shared);
        }
        self.rng = rng;
        let (decks, discards) = self.piles.both_mut();
        for ((d, list), pile) in decks.iter_mut().zip(&shared.decks).zip(discards) {
            d.clear();
            d.extend_from_slice(list);
            pile.clear();
        }
        for d in decks.iter_mut() {
            crate::rng::shuffle(d, &mut self.rng);
        }
        let r = &shared.rules;
        self.players.truncate(seating.len());
        while self.players.len() < seating.len() {
            self.players.push(Player::blank());
        }
        for (pl, &l) in self.players.iter_mut().zip(seating) {
            let lo = &shared.loadouts[l as usize];
            let hero = &shared.db.heroes[lo.hero as usize];
            let mut cd = [-1i8; ABILITIES];
            // The initial ability starts unlocked unless a card edit removed it.
            let initial = lo.disabled & 1 == 0;
            cd[0] = if initial { 0 } else { -1 };
            // Every field (the conformance run checks that a redeal equals a fresh deal).
            pl.hero = lo.hero;
            pl.loadout = l;
            pl.health = hero.max_health as i32;
            pl.gold = r.start_gold as u32;
            pl.prod = r.start_production;
            pl.cd = cd;
            pl.weapon = 0;
            pl.armor = 0;
            pl.weapon_exh = false;
            pl.armor_exh = false;
            pl.armor_used = 0;
            pl.shield = [0; MAX_PLAYERS];
            pl.alive = true;
            pl.turns = 0;
            pl.hand.clear();
            pl.units.edit().clear();
            pl.drawn = initial as u64;
            pl.opening = initial as u64;
            pl.played = 0;
            pl.focus = 0;
            pl.curse = [0; MAX_PLAYERS];
            pl.act_units = 0;
            pl.hand_actions = 0;
        }
        // Every seat's bit is worked out afresh below (`refresh_reaction_bits`); those of
        // seats beyond the count stay clear.
        self.react = 0;
        for p in 0..self.n() {
            self.refresh_reaction_bits(p);
        }
        self.chain.clear();
        self.trigs.clear();
        self.banished.clear();
        self.building = None;
        self.res = None;
        self.battle = None;
        self.phase = Phase::Setup;
        self.cur = 0;
        self.prio = 0;
        self.passes = 0;
        self.dec = Dec::Auto;
        self.turn = 0;
        self.maneuvers = 0;
        self.actions = 0;
        self.next_uid = 0;
        self.result = None;
        self.logging = false;
        self.log.clear();
        self.statics = 0;
        self.static_kinds = [0; STATIC_KINDS];
        self.boards = [0; MAX_PLAYERS];
        self.turn_mods = false;
        self.defeated = 0;
        self.alive_n = self.players.len() as u8;
        self.work = true;
        for p in 0..self.n() {
            let necro = self.hero(p).necromancer;
            let pattern: &[usize] = if necro { &[2, 2] } else { &[0, 0, 1, 2] };
            for &d in pattern {
                self.draw_card(p, d, true);
            }
        }
        self.setup_next(0, false);
    }

    /// Set-up face choices from seat `p` on (`armor`: the weapon of `p` is settled); starts
    /// the first turn when every seat has its faces.
    pub(super) fn setup_next(&mut self, mut p: usize, mut armor: bool) {
        // The faces chosen so far may have static abilities.
        self.recount_statics();
        while p < self.n() {
            let lo = &self.shared.loadouts[self.players[p].loadout as usize];
            let hero = &self.shared.db.heroes[self.players[p].hero as usize];
            let (weapons, armors) = (hero.weapons.len(), hero.armors.len());
            let (weapon, armor_face) = (lo.weapon, lo.armor);
            if !armor {
                match weapon {
                    Some(w) => self.set_face(p, false, w),
                    None if weapons > 1 => {
                        self.dec = Dec::SetupFace(p as u8, false);
                        return;
                    }
                    None => {}
                }
            }
            match armor_face {
                Some(a) => self.set_face(p, true, a),
                None if armors > 1 => {
                    self.dec = Dec::SetupFace(p as u8, true);
                    return;
                }
                None => {}
            }
            p += 1;
            armor = false;
        }
        let _ = armor;
        for p in 0..self.n() {
            let bits = self.weapon_bit(p, self.players[p].weapon)
                | self.armor_bit(p, self.players[p].armor);
            let pl = &mut self.players[p];
            pl.opening |= bits;
            pl.drawn |= bits;
        }
        self.dec = Dec::Auto;
        self.statics_changed();
        self.start_turn(0);
    }

    // ----- helpers ---------------------------------------------------------------------------

    /// Number of players.
    #[inline]
    pub fn n(&self) -> usize {
        self.players.len()
    }

    #[inline]
    pub(super) fn db(&self) -> &CardDb {
        &self.shared.db
    }

    /// The card tables.
    pub fn db_ref(&self) -> &CardDb {
        &self.shared.db
    }

    /// The hero of seat `p`.
    pub fn hero(&self, p: usize) -> &crate::allegiance::cards::Hero {
        &self.shared.db.heroes[self.players[p].hero as usize]
    }

    pub(super) fn fmt(&self) -> Format {
        if self.n() == 2 {
            Format::Ffa
        } else {
            self.shared.rules.format
        }
    }

    /// Whether `a` and `b` are opponents (both alive).
    pub fn opponents(&self, a: usize, b: usize) -> bool {
        a != b
            && self.players[a].alive
            && self.players[b].alive
            && !(self.fmt() == Format::Team && a % 2 == b % 2)
    }

    pub(super) fn alive_count(&self) -> u8 {
        self.alive_n
    }

    pub(super) fn next_alive(&self, p: u8) -> u8 {
        let n = self.n() as u8;
        let mut q = p;
        for _ in 0..n {
            // The next seat round the table (no division: `q` is a seat, below `n`).
            q = if q + 1 >= n { 0 } else { q + 1 };
            if self.players[q as usize].alive {
                return q;
            }
        }
        p
    }

    /// Locate a unit by uid: (seat, slot).
    pub fn find_unit(&self, uid: u16) -> Option<(usize, usize)> {
        (0..self.players.len()).find_map(|p| self.find_unit_in(p, uid).map(|i| (p, i)))
    }

    /// The slot of unit `uid` in seat `s`'s territory: [`Self::find_unit`] kept to seat `s`
    /// (unit ids are unique, so no other territory can hold it) without walking the others.
    #[inline]
    pub(super) fn find_unit_in(&self, s: usize, uid: u16) -> Option<usize> {
        self.players[s].units.iter().position(|u| u.uid == uid)
    }

    /// [`Self::find_unit`], walking seat `s`'s territory first (where the unit most likely
    /// is, e.g. a battle's attacker among the attacking seat's units): the same answer, as
    /// unit ids are unique.
    #[inline]
    pub(super) fn find_unit_near(&self, s: usize, uid: u16) -> Option<(usize, usize)> {
        if let Some(i) = self.find_unit_in(s, uid) {
            return Some((s, i));
        }
        (0..self.players.len())
            .filter(|&p| p != s)
            .find_map(|p| self.find_unit_in(p, uid).map(|i| (p, i)))
    }

    /// Effective attack of a unit (curse counters and static abilities included).
    pub fn power(&self, u: &Unit) -> i32 {
        self.base_power(u) + self.static_unit_mod(OpCode::Boost, u.uid)
    }

    /// [`Self::power`] without the static modifier.
    #[inline]
    pub(super) fn base_power(&self, u: &Unit) -> i32 {
        self.shared.tables.stats[u.card as usize][0]
            + u.aug as i32
            + u.boost.iter().sum::<i32>()
            + u.battle_boost.iter().sum::<i32>()
            - u.curses()
    }

    /// Effective maximum health of a unit (static abilities included).
    pub fn max_hp(&self, u: &Unit) -> i32 {
        self.shared.tables.stats[u.card as usize][1]
            + u.aug as i32
            + self.static_unit_mod(OpCode::Health, u.uid)
    }

    pub(super) fn weapon_power(&self, p: usize) -> i32 {
        self.hero(p).weapons[self.players[p].weapon as usize].value as i32
    }

    #[inline]
    pub(super) fn armor_rating(&self, p: usize) -> i32 {
        let v = self.hero(p).armors[self.players[p].armor as usize].value as i32;
        if self.static_kinds[static_kind(OpCode::Armor)] == 0 {
            v
        } else {
            // A rating below 0 prevents nothing; there is no upper cap.
            (v + self.static_armor_mod(p)).max(0)
        }
    }

    pub(super) fn first_turn_two_player(&self, p: usize) -> bool {
        self.n() == 2 && p == 0 && self.players[0].turns == 1 && self.shared.rules.first_turn_rule
    }

    pub(super) fn necro_in_game(&self, p: usize) -> bool {
        self.players[p].alive && self.hero(p).necromancer
    }

    pub(super) fn weapon_bit(&self, p: usize, face: u8) -> u64 {
        let _ = p;
        1u64 << (8 + face)
    }

    pub(super) fn armor_bit(&self, p: usize, face: u8) -> u64 {
        1u64 << (8 + self.hero(p).weapons.len() as u8 + face)
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    // ----- decks -----------------------------------------------------------------------------

    /// Refill deck `d` from its discard pile if it is empty. Returns whether it has a card.
    pub(super) fn ensure(&mut self, d: usize) -> bool {
        if self.decks()[d].is_empty() {
            let keep = self.shared.rules.reshuffle_keep as usize;
            let n = self.discards()[d].len();
            if n > keep {
                let moved = n - keep;
                let (decks, discards) = self.piles.both_mut();
                for &c in &discards[d][..moved] {
                    decks[d].push(c);
                }
                discards[d].drain(..moved);
                crate::rng::shuffle(&mut decks[d], &mut self.rng);
                self.piles.set_ordered(d);
                log!(self, "deck {} reshuffled ({} cards)", DECK_NAMES[d], moved);
            }
        }
        !self.decks()[d].is_empty()
    }

    pub(super) fn can_draw_from(&self, d: usize) -> bool {
        !self.decks()[d].is_empty()
            || self.discards()[d].len() > self.shared.rules.reshuffle_keep as usize
    }

    /// Draw the top card of deck `d` for `p` (the Necromancer mills unit decks instead).
    pub(super) fn draw_card(&mut self, p: usize, d: usize, setup: bool) {
        if !self.ensure(d) {
            return;
        }
        if d < 2 && self.necro_in_game(p) && !setup {
            let c = self.piles.mill(d, &mut self.rng);
            log!(
                self,
                "P{p} (Necromancer) puts {} into the discard pile",
                self.shared.db.card(c).name
            );
            return;
        }
        if self.players[p].hand.is_full() {
            // A bound of the state (the rules have no hand limit): a counted stall.
            log!(self, "stall: a hand of more than {HAND} cards");
            self.stall();
            return;
        }
        let c = self.piles.take_top(d, &mut self.rng);
        self.players[p].hand.push(c);
        let action = self.is_action(c);
        self.players[p].hand_actions += action;
        // The summary changes only with an action card.
        if action != 0 {
            self.keep_react(p);
        }
        log!(self, "P{p} draws a {} card", DECK_NAMES[d]);
    }

    pub(super) fn draw_options(&self, p: usize, out: &mut ActionBuf) {
        let _ = p;
        for d in self.drawable_decks() {
            out.push(Action(DRAW + d as u16));
        }
    }

    /// The shared decks the draw phase offers ([`Self::can_draw_from`]), in deck order.
    pub(super) fn drawable_decks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..3).filter(|&d| self.can_draw_from(d))
    }

    pub(super) fn mill_options(&self, out: &mut ActionBuf) {
        for d in 0..2 {
            if self.can_draw_from(d) {
                out.push(Action(DRAW + d as u16));
            }
        }
    }

    // ----- turn structure --------------------------------------------------------------------
}
