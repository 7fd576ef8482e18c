//! Copying a state quickly (search clones it for every action it tries): the fixed-capacity
//! lists of plain values are copied as one block of their used entries, never entry by entry
//! and never with their unused capacity; `clone_from` reuses the target's storage.

use super::*;
use std::sync::Arc;

/// A copy of `a` (its used entries only, one block copy).
#[inline]
pub(super) fn dup<T: Copy, const N: usize>(a: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut v = ArrayVec::new();
    copy_into(&mut v, a);
    v
}

/// Make `dst` a copy of `src` (one block copy of the used entries; none for an empty list,
/// such as the pending triggers and banished units most of the time).
#[inline]
pub(super) fn copy_into<T: Copy, const N: usize>(dst: &mut ArrayVec<T, N>, src: &ArrayVec<T, N>) {
    dst.clear();
    if !src.is_empty() {
        // Cannot fail: both have the same capacity.
        let _ = dst.try_extend_from_slice(src);
    }
}

/// Make `dst` a copy of the battle `src`: its attackers as one block of the used entries,
/// into the target's storage when it holds a battle (the derived `clone` built a whole new
/// battle, entry by entry, then moved all of its 64-attacker capacity).
#[inline]
fn copy_battle(dst: &mut Option<Battle>, src: &Option<Battle>) {
    let Some(s) = src else {
        *dst = None;
        return;
    };
    // Destructured so that a new field cannot be forgotten here.
    let Battle {
        atk,
        def,
        step,
        attackers,
        pick,
        armor_left,
        split_from,
    } = s;
    let d = dst.get_or_insert_with(|| Battle {
        atk: 0,
        def: 0,
        step: BStep::Declare,
        attackers: ArrayVec::new(),
        pick: NONE,
        armor_left: 0,
        split_from: 0,
    });
    d.atk = *atk;
    d.def = *def;
    d.step = *step;
    copy_into(&mut d.attackers, attackers);
    d.pick = *pick;
    d.armor_left = *armor_left;
    d.split_from = *split_from;
}

/// The players of a state with another player count (once per working copy at most):
/// kept out of line, so that the common path's stack frame does not hold a whole `Player`
/// (4.6 KB) for it.
#[cold]
#[inline(never)]
fn copy_players(dst: &mut ArrayVec<Player, MAX_PLAYERS>, src: &ArrayVec<Player, MAX_PLAYERS>) {
    dst.clone_from(src);
}

impl Clone for Player {
    #[inline]
    fn clone(&self) -> Self {
        Player {
            core: self.core,
            units: self.units.clone(),
        }
    }

    #[inline]
    fn clone_from(&mut self, o: &Self) {
        // Destructured so that a new field cannot be forgotten here.
        let Player { core, units } = o;
        // One block copy of every plain value.
        self.core = *core;
        // Only when the stamps differ (most tried actions touch no unit of this seat).
        self.units.clone_from(units);
    }
}

impl Clone for AllegianceState {
    #[inline]
    fn clone(&self) -> Self {
        AllegianceState {
            shared: Arc::clone(&self.shared),
            players: self.players.clone(),
            piles: self.piles.clone(),
            chain: dup(&self.chain),
            trigs: dup(&self.trigs),
            banished: dup(&self.banished),
            building: self.building,
            res: self.res,
            battle: self.battle.clone(),
            core: self.core,
            rng: self.rng.clone(),
            log: self.log.clone(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        // Destructured so that a new field cannot be forgotten here.
        let AllegianceState {
            shared,
            players,
            piles,
            chain,
            trigs,
            banished,
            building,
            res,
            battle,
            core,
            rng,
            log,
        } = o;
        if !Arc::ptr_eq(&self.shared, shared) {
            self.shared = Arc::clone(shared);
        }
        if self.players.len() == players.len() {
            for (a, b) in self.players.iter_mut().zip(players) {
                a.clone_from(b);
            }
        } else {
            copy_players(&mut self.players, players);
        }
        // Only the groups whose content differs (most tried actions touch no pile).
        self.piles.clone_from(piles);
        // The chain is empty in most positions the look-ahead copies. Its items, the item
        // being built and the one resolving are plain values: block copies.
        if !(self.chain.is_empty() && chain.is_empty()) {
            copy_into(&mut self.chain, chain);
        }
        copy_into(&mut self.trigs, trigs);
        copy_into(&mut self.banished, banished);
        self.building = *building;
        self.res = *res;
        copy_battle(&mut self.battle, battle);
        // One block copy of every plain value.
        self.core = *core;
        self.rng.clone_from(rng);
        // The log is empty unless a game is being logged: then there is nothing to copy.
        if !(self.log.is_empty() && log.is_empty()) {
            self.log.clone_from(log);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{each_example_position, example_setups};
    use super::AllegianceState;
    use crate::{game_rng, Game, Ruleset, ToMove};
    use rand::RngExt;

    /// Copies made, and how many of them skipped the decks and the discard piles (the
    /// target's stamp equal to the source's nonzero one); seats copied (one per player of
    /// each copy) and how many of them skipped the territory's units.
    #[derive(Default)]
    struct Copies {
        made: u64,
        decks_skipped: u64,
        discards_skipped: u64,
        seats: u64,
        units_skipped: u64,
    }

    /// `dst.clone_from(src)`, checked: the target then equals the source, the piles and
    /// units it skipped (same stamps) included, and its stamps are the source's (named now
    /// if they were not).
    fn copy(dst: &mut AllegianceState, src: &AllegianceState, n: &mut Copies) {
        let (d, p) = dst.piles.stamps();
        let (sd, sp) = src.piles.stamps();
        n.made += 1;
        n.decks_skipped += u64::from(d == sd && sd != 0);
        n.discards_skipped += u64::from(p == sp && sp != 0);
        if dst.players.len() == src.players.len() {
            for (a, b) in dst.players.iter().zip(&src.players) {
                let (t, s) = (a.units.stamp(), b.units.stamp());
                n.seats += 1;
                n.units_skipped += u64::from(t == s && s != 0);
            }
        }
        dst.clone_from(src);
        assert_eq!(dst.decks(), src.decks(), "decks after {} copies", n.made);
        assert_eq!(
            dst.discards(),
            src.discards(),
            "discards after {} copies",
            n.made
        );
        for (q, (a, b)) in dst.players.iter().zip(&src.players).enumerate() {
            assert_eq!(a.units, b.units, "P{q}'s units after {} copies", n.made);
            assert_eq!(a.units.stamp(), b.units.stamp());
        }
        assert!(*dst == *src);
        assert_eq!(dst.piles.stamps(), src.piles.stamps());
    }

    /// The copy patterns of search at every decision of random games (every example
    /// set-up), into targets reused from position to position and game to game: a
    /// determinization (the game copied into `world`, whose hidden cards are then
    /// resampled); greedy's top level (for each legal action, `world` copied into `top` and
    /// the action applied) and its look-ahead (each action of the next decision tried on
    /// `tried`, which swaps with `best` as the better result is kept, `best` then swapping
    /// with `top`); tree-search playouts (`world` copied into `sim`, random actions applied).
    /// Every copy must equal its source (checked by [`copy`]).
    fn search_like_copies() -> Copies {
        let (a, seating) = &example_setups()[0];
        let blank = a.new_game(seating, game_rng(9, 0));
        let [mut world, mut top, mut tried, mut best, mut sim] =
            std::array::from_fn(|_| Box::new(blank.clone()));
        let mut n = Copies::default();
        let mut rng = game_rng(10, 0);
        let (mut legal, mut next) = (crate::ActionBuf::new(), crate::ActionBuf::new());
        each_example_position(3, |g, _| {
            let ToMove::Player(me) = g.to_move() else {
                return;
            };
            copy(&mut world, g, &mut n);
            world.resample_hidden(me, &mut rng);
            world.legal_actions(&mut legal);
            for &a in legal.iter().take(12) {
                copy(&mut top, &world, &mut n);
                top.apply_unchecked(a);
                if top.to_move() != ToMove::Player(me) {
                    continue;
                }
                top.legal_actions(&mut next);
                for &b in next.iter().take(12) {
                    copy(&mut tried, &top, &mut n);
                    tried.apply_unchecked(b);
                    if rng.random_bool(0.5) {
                        std::mem::swap(&mut tried, &mut best);
                    }
                }
                if rng.random_bool(0.5) {
                    std::mem::swap(&mut top, &mut best);
                }
            }
            for _ in 0..2 {
                copy(&mut sim, &world, &mut n);
                for _ in 0..8 {
                    let ToMove::Player(_) = sim.to_move() else {
                        break;
                    };
                    sim.legal_actions(&mut next);
                    sim.apply_unchecked(next[rng.random_range(0..next.len())]);
                }
            }
        });
        n
    }

    /// [`search_like_copies`]: the piles must be skipped often and copied often.
    #[test]
    fn clone_from_skips_only_piles_equal_to_the_source() {
        let n = search_like_copies();
        let copied = |skipped| n.made - skipped;
        assert!(
            n.decks_skipped > n.made / 4
                && n.discards_skipped > n.made / 4
                && copied(n.decks_skipped) > 1_000
                && copied(n.discards_skipped) > 1_000,
            "{} copies, decks skipped {}, discards skipped {}",
            n.made,
            n.decks_skipped,
            n.discards_skipped
        );
    }

    /// [`search_like_copies`]: each seat's units must be skipped often and copied often.
    #[test]
    fn clone_from_skips_only_units_equal_to_the_source() {
        let n = search_like_copies();
        assert!(
            n.units_skipped > n.seats / 4 && n.seats - n.units_skipped > 1_000,
            "{} seats copied, units skipped {}",
            n.seats,
            n.units_skipped
        );
    }

    /// Two random games played side by side (2 and 4 players); at every step one scratch
    /// state is overwritten with `clone_from` by each game in turn, so that it goes from
    /// every kind of position to every other (a battle into none, none into a battle, one
    /// battle into another; the same for an item being built and a resolution), and must
    /// then equal the game it copied, as must `clone`.
    #[test]
    fn clone_from_equals_the_source_whatever_the_target_held() {
        let mut checked = 0u64;
        let mut battles = 0u64;
        // Positions selecting targets (an item being built) and inside a resolution.
        let (mut building, mut resolving) = (0u64, 0u64);
        for (a, seating) in &example_setups()[..2] {
            for game in 0..4u64 {
                let mut g = [
                    a.new_game(seating, game_rng(3, game)),
                    a.new_game(seating, game_rng(4, game)),
                ];
                let mut scratch = g[1].clone();
                let mut rng = game_rng(5, game);
                let mut buf = crate::ActionBuf::new();
                loop {
                    for s in &g {
                        scratch.clone_from(s);
                        assert!(scratch == *s);
                        assert!(s.clone() == *s);
                        checked += 1;
                        battles += u64::from(s.battle.is_some());
                        building += u64::from(s.building.is_some());
                        resolving += u64::from(s.res.is_some());
                    }
                    let mut moved = false;
                    for s in &mut g {
                        if let ToMove::Player(_) = s.to_move() {
                            s.legal_actions(&mut buf);
                            s.apply_unchecked(buf[rng.random_range(0..buf.len())]);
                            moved = true;
                        }
                    }
                    if !moved {
                        break;
                    }
                }
            }
        }
        assert!(
            checked > 1_000 && battles > 100 && building > 100 && resolving > 10,
            "{checked} {battles} {building} {resolving}"
        );
    }
}
