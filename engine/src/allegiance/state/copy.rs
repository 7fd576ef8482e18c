//! Copying a state quickly (search clones it for every action it tries): the fixed-capacity
//! lists of plain values are copied as one block of their used entries, never entry by entry
//! and never with their unused capacity; `clone_from` reuses the target's storage.

use super::*;
use std::sync::Arc;

/// A copy of `a` (its used entries only, one block copy).
#[inline]
fn dup<T: Copy, const N: usize>(a: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut v = ArrayVec::new();
    copy_into(&mut v, a);
    v
}

/// Make `dst` a copy of `src` (one block copy of the used entries).
#[inline]
fn copy_into<T: Copy, const N: usize>(dst: &mut ArrayVec<T, N>, src: &ArrayVec<T, N>) {
    dst.clear();
    // Cannot fail: both have the same capacity.
    let _ = dst.try_extend_from_slice(src);
}

impl Clone for Player {
    #[inline]
    fn clone(&self) -> Self {
        Player {
            hero: self.hero,
            loadout: self.loadout,
            health: self.health,
            gold: self.gold,
            prod: self.prod,
            cd: self.cd,
            weapon: self.weapon,
            armor: self.armor,
            weapon_exh: self.weapon_exh,
            armor_exh: self.armor_exh,
            armor_used: self.armor_used,
            shield: self.shield,
            alive: self.alive,
            turns: self.turns,
            hand: dup(&self.hand),
            units: dup(&self.units),
            drawn: self.drawn,
            opening: self.opening,
            played: self.played,
            focus: self.focus,
            curse: self.curse,
            act_units: self.act_units,
            hand_actions: self.hand_actions,
        }
    }

    #[inline]
    fn clone_from(&mut self, o: &Self) {
        // Destructured so that a new field cannot be forgotten here.
        let Player {
            hero,
            loadout,
            health,
            gold,
            prod,
            cd,
            weapon,
            armor,
            weapon_exh,
            armor_exh,
            armor_used,
            shield,
            alive,
            turns,
            hand,
            units,
            drawn,
            opening,
            played,
            focus,
            curse,
            act_units,
            hand_actions,
        } = o;
        self.hero = *hero;
        self.loadout = *loadout;
        self.health = *health;
        self.gold = *gold;
        self.prod = *prod;
        self.cd = *cd;
        self.weapon = *weapon;
        self.armor = *armor;
        self.weapon_exh = *weapon_exh;
        self.armor_exh = *armor_exh;
        self.armor_used = *armor_used;
        self.shield = *shield;
        self.alive = *alive;
        self.turns = *turns;
        copy_into(&mut self.hand, hand);
        copy_into(&mut self.units, units);
        self.drawn = *drawn;
        self.opening = *opening;
        self.played = *played;
        self.focus = *focus;
        self.curse = *curse;
        self.act_units = *act_units;
        self.hand_actions = *hand_actions;
    }
}

impl Clone for AllegianceState {
    #[inline]
    fn clone(&self) -> Self {
        AllegianceState {
            shared: Arc::clone(&self.shared),
            players: self.players.clone(),
            decks: [
                dup(&self.decks[0]),
                dup(&self.decks[1]),
                dup(&self.decks[2]),
            ],
            discards: [
                dup(&self.discards[0]),
                dup(&self.discards[1]),
                dup(&self.discards[2]),
            ],
            chain: self.chain.clone(),
            trigs: dup(&self.trigs),
            banished: dup(&self.banished),
            building: self.building.clone(),
            res: self.res.clone(),
            battle: self.battle.clone(),
            phase: self.phase,
            cur: self.cur,
            prio: self.prio,
            passes: self.passes,
            dec: self.dec,
            turn: self.turn,
            maneuvers: self.maneuvers,
            actions: self.actions,
            next_uid: self.next_uid,
            result: self.result,
            defeated: self.defeated,
            alive_n: self.alive_n,
            rng: self.rng.clone(),
            logging: self.logging,
            log: self.log.clone(),
            statics: self.statics,
            static_kinds: self.static_kinds,
        }
    }

    fn clone_from(&mut self, o: &Self) {
        // Destructured so that a new field cannot be forgotten here.
        let AllegianceState {
            shared,
            players,
            decks,
            discards,
            chain,
            trigs,
            banished,
            building,
            res,
            battle,
            phase,
            cur,
            prio,
            passes,
            dec,
            turn,
            maneuvers,
            actions,
            next_uid,
            result,
            defeated,
            alive_n,
            rng,
            logging,
            log,
            statics,
            static_kinds,
        } = o;
        if !Arc::ptr_eq(&self.shared, shared) {
            self.shared = Arc::clone(shared);
        }
        if self.players.len() == players.len() {
            for (a, b) in self.players.iter_mut().zip(players) {
                a.clone_from(b);
            }
        } else {
            self.players.clone_from(players);
        }
        for (a, b) in self.decks.iter_mut().zip(decks) {
            copy_into(a, b);
        }
        for (a, b) in self.discards.iter_mut().zip(discards) {
            copy_into(a, b);
        }
        self.chain.clone_from(chain);
        copy_into(&mut self.trigs, trigs);
        copy_into(&mut self.banished, banished);
        self.building.clone_from(building);
        self.res.clone_from(res);
        self.battle.clone_from(battle);
        self.phase = *phase;
        self.cur = *cur;
        self.prio = *prio;
        self.passes = *passes;
        self.dec = *dec;
        self.turn = *turn;
        self.maneuvers = *maneuvers;
        self.actions = *actions;
        self.next_uid = *next_uid;
        self.result = *result;
        self.defeated = *defeated;
        self.alive_n = *alive_n;
        self.rng.clone_from(rng);
        self.logging = *logging;
        self.log.clone_from(log);
        self.statics = *statics;
        self.static_kinds = *static_kinds;
    }
}
