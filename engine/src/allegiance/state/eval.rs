//! The greedy agents' evaluation of a state (`Game::evaluate`): each seat's hero, board and
//! gold, mine against the average opponent's. Search calls it for every action it tries, so
//! it walks each territory once and sums whole numbers as integers (exactly the same values
//! as summing them as floating point, which is what it did before).

use super::statics::{mod_of, UnitMods};
use super::*;

/// A unit's worth on the board for [`AllegianceState::eval`]: its attack without the boosts
/// that end with the turn or the battle, plus its health left; `m` are its static attack and
/// health modifiers, `stats` the per-card attack and health. Summed in 64 bits, where none
/// of these 32-bit and 16-bit terms can overflow, so the sums need no overflow checks
/// (`wrapping_*` never wraps here): the same values as the checked 32-bit sums.
#[inline(always)]
fn worth(stats: &[[i32; 2]; crate::allegiance::tables::IDS], u: &Unit, m: [i32; 2]) -> i64 {
    let [attack, health] = stats[u.card as usize];
    let aug = u.aug as i64;
    let power = (attack as i64)
        .wrapping_add(aug)
        .wrapping_sub(u.curses() as i64)
        .wrapping_add(m[0] as i64);
    let hp = (health as i64).wrapping_add(aug).wrapping_add(m[1] as i64);
    power.max(0).wrapping_add(hp).wrapping_sub(u.dmg as i64)
}

/// Change unit `u` with `f`, keeping `board` (the `AllegianceState::boards` of its territory) right:
/// for changes of its augment or curse counters. `stats` as in [`worth`].
#[inline(always)]
pub(super) fn rework(
    stats: &[[i32; 2]; crate::allegiance::tables::IDS],
    board: &mut i64,
    u: &mut Unit,
    f: impl FnOnce(&mut Unit),
) {
    let before = worth(stats, u, [0, 0]);
    f(u);
    *board = board.wrapping_add(worth(stats, u, [0, 0]).wrapping_sub(before));
}

impl AllegianceState {
    /// Unit `u`'s worth without static modifiers: its part of `AllegianceState::boards`.
    #[inline(always)]
    pub(super) fn base_worth(&self, u: &Unit) -> i64 {
        worth(&self.shared.tables.stats, u, [0, 0])
    }

    /// `AllegianceState::boards` of seat `p`, worked out afresh.
    pub(in crate::allegiance) fn walk_board(&self, p: usize) -> i64 {
        self.players[p]
            .units
            .iter()
            .fold(0, |b, u| b.wrapping_add(self.base_worth(u)))
    }

    /// The greedy agents' evaluation for seat `p`: its hero, board and gold against the
    /// average opponent's. Choices that keep one-step look-ahead from wasting turns (issue
    /// 16; `docs/games/allegiance.md`, "Greedy evaluation"): the gold an opponent received
    /// at the start of its current turn does not count (before, that income made ending the
    /// maneuver phase look worse than any action that changed nothing); attack boosts until
    /// the end of the turn or battle do not count (they matter through the damage a battle
    /// deals, which does); gold paid for an unlocked ability and a unit being enlisted
    /// (still on the chain while others may respond) keep their worth; and each chain item
    /// of the current player's turn costs a hundred-thousandth (less than one gold, 0.005),
    /// so that of two positions equal in everything else the one reached with fewer
    /// maneuvers wins: ending the phase beats an action that changes nothing.
    pub(in crate::allegiance) fn eval(&self, p: u8) -> f64 {
        // Every unit's static attack and health modifiers, in one pass.
        let mut table = UnitMods::default();
        let mods = self.unit_mods(true, &mut table);
        let tempo = if self.cur == p {
            self.maneuvers as f64 * 1e-5
        } else {
            0.0
        };
        let mine = self.seat_score(p as usize, p as usize, mods) - tempo;
        if self.n() == 2 && p < 2 {
            // Two players (never teams): the one opponent's score, added to 0.0 as in the
            // loop below (which turns -0.0 into +0.0); the loop's division by its count, 1.0,
            // leaves every value as it is, so it is left out.
            let q = 1 - p as usize;
            return mine - (0.0 + self.seat_score(p as usize, q, mods));
        }
        let mut foe = 0.0;
        let mut k = 0.0;
        let team = self.fmt() == Format::Team;
        for q in 0..self.n() {
            if q != p as usize && !(team && q % 2 == p as usize % 2) {
                foe += self.seat_score(p as usize, q, mods);
                k += 1.0;
            }
        }
        mine - if k > 0.0 { foe / k } else { 0.0 }
    }

    /// Seat `q`'s part of [`Self::eval`] for the evaluating seat `p` (0 once eliminated).
    #[inline(always)]
    fn seat_score(&self, p: usize, q: usize, mods: Option<&UnitMods>) -> f64 {
        let pl = &self.players[q];
        if !pl.alive {
            return 0.0;
        }
        // The hero's facts: its maximum health and the unlock costs of its abilities.
        let facts = &self.shared.tables.heroes[pl.hero as usize];
        // Curse counters will deal c + (c-1) + ... + 1 damage; a focus counter is worth
        // about one point of board.
        // In 64 bits: exact (no overflow) for any 16-bit counters and 32-bit health.
        let c = pl.curses() as i64;
        // (`>> 1` halves exactly: the product of two numbers 0 or more is 0 or more.)
        let mut h = (pl.health as i64).wrapping_sub(c.wrapping_mul(c.wrapping_add(1)) >> 1) as f64
            / facts.max_health as f64
            + pl.focus as f64 / 60.0;
        if let Some(b) = &self.battle {
            if b.def as usize == q {
                h -= self.battle_threat(b, mods);
            }
        }
        // Per unit: its attack without the boosts that end with the turn or the battle,
        // plus its health left (maximum health as in `max_hp`). Whole numbers: summed
        // exactly as integers.
        let stats = &self.shared.tables.stats;
        // Without static modifiers in play (the common case) the kept sum is the board.
        let mut board: i64 = match mods {
            None => self.boards[q],
            Some(m) => pl
                .units
                .iter()
                .zip(&m[q])
                .fold(0, |b, (u, &m)| b.wrapping_add(worth(stats, u, m))),
        };
        for it in &self.chain {
            if it.kind == ItemKind::Enlist && it.who as usize == q {
                let [attack, health] = stats[it.card as usize];
                board += (attack + health) as i64;
            }
        }
        let mut gold = pl.gold as i64;
        if q != p && q == self.cur as usize && self.phase != Phase::Setup {
            gold = (gold - pl.prod as i64).max(0);
        }
        // The unlock costs of the unlocked abilities (cooldown 0 or more), from a table by
        // the set of unlocked abilities (bit `i`: ability `i`): the locked ones, inverted.
        let unlocked = !super::options::cooldown_masks(&pl.cd).1;
        gold += facts.unlocked_gold[unlocked as usize] as i64;
        h + board as f64 / 60.0 + gold as f64 / 200.0
    }

    /// A battle `b` that has not dealt its damage yet, against its defender `q`: the attack
    /// of the attackers no defender blocks, less the armor left, as a share of `q`'s maximum
    /// health, at half weight while defenders may still be assigned. So an attack is judged
    /// by the damage it threatens when the look-ahead stops at the defender's decision.
    /// `mods` are the static modifiers of [`Self::unit_mods`] (with attack). Inlined into
    /// the evaluation, its one caller (it runs in about a quarter of the evaluations).
    #[inline(always)]
    fn battle_threat(&self, b: &Battle, mods: Option<&UnitMods>) -> f64 {
        let weight = match b.step {
            BStep::Declare | BStep::AfterDeclare | BStep::Assign => 0.5,
            BStep::AfterAssign | BStep::Armor => 1.0,
            BStep::AfterDamage => return 0.0,
        };
        let q = b.def as usize;
        let ap = b.atk as usize;
        let units = &self.players[ap].units;
        let stats = &self.shared.tables.stats;
        // Wrapping 32-bit adds: the values are those of the checked adds, which never
        // overflow (the per-seat boosts are bounded far below 2^31, see `Unit::boost`); the
        // boosts of all seats are summed as one vector.
        let mut total: i32 = 0;
        for at in b.attackers.iter().filter(|at| at.blocker == NONE) {
            // As `attacker_power`: the weapon, or a unit the attacker still controls
            // (unit ids are unique: another territory cannot hold it), with the static
            // attack modifier from the table instead of a walk of the static abilities.
            let power = if at.uid == WEAPON {
                self.weapon_power(ap)
            } else if let Some(i) = self.find_unit_in(ap, at.uid) {
                let u = &units[i];
                let mut boosts = [0i32; MAX_PLAYERS];
                for (k, b) in boosts.iter_mut().enumerate() {
                    *b = u.boost[k].wrapping_add(u.battle_boost[k]);
                }
                stats[u.card as usize][0]
                    .wrapping_add(u.aug as i32)
                    .wrapping_add(boosts.iter().fold(0, |s, &b| s.wrapping_add(b)))
                    .wrapping_sub(u.curses())
                    .wrapping_add(mod_of(mods, ap, i)[0])
            } else {
                continue;
            };
            total = total.wrapping_add(power.max(0));
        }
        let armor = (self.armor_rating(q) - self.players[q].armor_used).max(0);
        weight * (total - armor).max(0) as f64 / self.hero(q).max_health as f64
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::each_example_position;
    use super::*;

    /// The evaluation before it summed whole numbers as integers and read the attackers'
    /// static modifiers from the table (kept to check that the values are the same).
    impl AllegianceState {
        /// A battle against `q` that has not dealt its damage yet: the attack of the attackers no
        /// defender blocks, less the armor left, as a share of `q`'s maximum health, at half
        /// weight while defenders may still be assigned. So an attack is judged by the damage it
        /// threatens when the look-ahead stops at the defender's decision.
        fn battle_threat_reference(&self, q: usize) -> f64 {
            let Some(b) = &self.battle else { return 0.0 };
            let weight = match b.step {
                BStep::Declare | BStep::AfterDeclare | BStep::Assign => 0.5,
                BStep::AfterAssign | BStep::Armor => 1.0,
                BStep::AfterDamage => return 0.0,
            };
            if b.def as usize != q {
                return 0.0;
            }
            let total: i32 = b
                .attackers
                .iter()
                .filter(|at| at.blocker == NONE)
                .filter_map(|at| self.attacker_power(b.atk as usize, at.uid))
                .sum();
            let armor = (self.armor_rating(q) - self.players[q].armor_used).max(0);
            weight * (total - armor).max(0) as f64 / self.hero(q).max_health as f64
        }

        /// [`AllegianceState::eval`] as it was.
        fn eval_reference(&self, p: u8) -> f64 {
            let db = &self.shared.db;
            // Every unit's static attack and health modifiers, in one pass.
            let mut table = statics::UnitMods::default();
            let mods = self.unit_mods(true, &mut table);
            let score = |q: usize| {
                let pl = &self.players[q];
                if !pl.alive {
                    return 0.0;
                }
                // Curse counters will deal c + (c-1) + ... + 1 damage; a focus counter is worth
                // about one point of board.
                let c = pl.curses();
                let h = (pl.health - c * (c + 1) / 2) as f64 / self.hero(q).max_health as f64
                    + pl.focus as f64 / 60.0
                    - self.battle_threat_reference(q);
                // Per unit: its attack without the boosts that end with the turn or the battle,
                // plus its health left (maximum health as in `max_hp`).
                let mut board: f64 = pl
                    .units
                    .iter()
                    .enumerate()
                    .map(|(i, u)| {
                        let m = statics::mod_of(mods, q, i);
                        let c = db.card(u.card);
                        let power = c.attack as i32 + u.aug as i32 - u.curses() + m[0];
                        let hp = c.health as i32 + u.aug as i32 + m[1];
                        (power.max(0) + hp - u.dmg) as f64
                    })
                    .sum();
                for it in &self.chain {
                    if it.kind == ItemKind::Enlist && it.who as usize == q {
                        let card = db.card(it.card);
                        board += (card.attack as i32 + card.health as i32) as f64;
                    }
                }
                let mut gold = pl.gold as f64;
                if q != p as usize && q == self.cur as usize && self.phase != Phase::Setup {
                    gold = (gold - pl.prod as f64).max(0.0);
                }
                for (i, a) in self.hero(q).abilities.iter().enumerate() {
                    if pl.cd.get(i).is_some_and(|&cd| cd >= 0) {
                        gold += a.cost as f64;
                    }
                }
                h + board / 60.0 + gold / 200.0
            };
            let tempo = if self.cur == p {
                self.maneuvers as f64 * 1e-5
            } else {
                0.0
            };
            let mine = score(p as usize) - tempo;
            let mut foe = 0.0;
            let mut k = 0.0;
            for q in 0..self.n() {
                if q != p as usize && !(self.fmt() == Format::Team && q % 2 == p as usize % 2) {
                    foe += score(q);
                    k += 1.0;
                }
            }
            mine - if k > 0.0 { foe / k } else { 0.0 }
        }
    }

    /// Random games (2 players, 4 free-for-all, 4 in teams): at every step, every seat's
    /// kept board worth (`AllegianceState::boards`) equals the walk of its units.
    #[test]
    fn kept_board_equals_the_walk() {
        let (mut checked, mut nonzero) = (0u64, 0u64);
        each_example_position(8, |g, _| {
            for p in 0..g.n() {
                assert_eq!(g.boards[p], g.walk_board(p), "seat {p}");
                checked += 1;
                nonzero += u64::from(g.boards[p] != 0);
            }
        });
        assert!(checked > 10_000 && nonzero > 5_000, "{checked} {nonzero}");
    }

    /// Random games (2 players, 4 free-for-all, 4 in teams): at every step, every seat's
    /// evaluation equals the reference's (`==`: an empty board may now give +0 where the
    /// floating-point sum gave -0, which compares equal).
    #[test]
    fn eval_equals_the_floating_point_reference() {
        let mut checked = 0u64;
        each_example_position(6, |g, _| {
            for p in 0..g.n() as u8 {
                let (new, old) = (g.eval(p), g.eval_reference(p));
                assert!(new == old, "seat {p}: {new} != {old}");
                checked += 1;
            }
        });
        assert!(checked > 10_000, "{checked}");
    }
}
