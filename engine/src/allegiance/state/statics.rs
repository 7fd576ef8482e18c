//! Static abilities (attack, health, armor and cost modifiers), focus and curse counters, and
//! the check for units a lowered maximum health has killed.

use super::*;
use crate::allegiance::cards::{Op, STATIC_KINDS};

// ----- static abilities and focus/curse counters (`docs/games/allegiance.md`, "Static abilities", "Focus and
// curse counters") ------------------------------------------------------------------------------

/// Most augment, focus or curse counters on one hero or unit: a bound of the state, never of
/// the rules. Far above what the shipped cards reach (see `docs/games/allegiance.md`,
/// "Capacities"); a counter op that would pass it ends the game as a counted stall.
pub const MAX_COUNTERS: u16 = 999;

impl AllegianceState {
    /// Call `f(controller, source uid, host uid, op)` for every op of every static ability in
    /// play: living players' hero rules and face-up weapon and armor faces (source and host
    /// [`NONE`]), their units (source = the unit), and attachments (controller = the
    /// attachment's owner, host = the unit it is on).
    pub(super) fn for_each_static(&self, f: impl FnMut(usize, u16, u16, &Op)) {
        self.for_each_static_of(None, f);
    }

    /// [`AllegianceState::for_each_static`], but with `Some(kind)` the units and attachments
    /// whose card has no static op of that kind ([`static_kind`]) are skipped: `f` still
    /// sees every op of the cards it is called for, and must test the code itself.
    #[inline(always)]
    fn for_each_static_of(&self, kind: Option<usize>, mut f: impl FnMut(usize, u16, u16, &Op)) {
        let kinds = kind.as_ref().map(std::slice::from_ref);
        self.for_each_static_at(kinds, |q, src, host, _, op| f(q, src, host, op));
    }

    /// [`AllegianceState::for_each_static_of`] for the cards with a static op of any of the
    /// `kinds` (every static ability with `None`), also giving `f` the territory slot (seat,
    /// index) of the unit the ability is on, whether as its source (`src` is that unit) or
    /// as an attachment (`host` is); `None` for a hero's rules and faces.
    #[inline(always)]
    fn for_each_static_at(
        &self,
        kinds: Option<&[usize]>,
        mut f: impl FnMut(usize, u16, u16, Option<(usize, usize)>, &Op),
    ) {
        let db = &self.shared.db;
        let mut each =
            |q: usize, src: u16, host: u16, at: Option<(usize, usize)>, effects: &[u16]| {
                for &e in effects {
                    let ef = db.effect(e);
                    if ef.trigger == Trigger::Static {
                        for op in &ef.ops {
                            f(q, src, host, at, op);
                        }
                    }
                }
            };
        // Most cards have no static ability (or none of that kind): a table says which do.
        let t = &self.shared.tables;
        let has =
            |ops: &[u16; STATIC_KINDS]| kinds.is_none_or(|ks| ks.iter().any(|&k| ops[k] != 0));
        let holds = |c: u8| match kinds {
            Some(_) => has(&t.static_ops[c as usize]),
            None => t.has_static[c as usize],
        };
        for (q, pl) in self.players.iter().enumerate() {
            if !pl.alive {
                continue;
            }
            let hero = self.hero(q);
            let hs = &t.hero_statics[pl.hero as usize];
            if has(&hs.rules) {
                each(q, NONE, NONE, None, &hero.statics);
            }
            if has(&hs.weapons[pl.weapon as usize]) {
                each(
                    q,
                    NONE,
                    NONE,
                    None,
                    &hero.weapons[pl.weapon as usize].effects,
                );
            }
            if has(&hs.armors[pl.armor as usize]) {
                each(q, NONE, NONE, None, &hero.armors[pl.armor as usize].effects);
            }
            for (i, u) in pl.units.iter().enumerate() {
                if holds(u.card) {
                    each(q, u.uid, NONE, Some((q, i)), &db.card(u.card).effects);
                }
                for (c, owner) in u.att {
                    if c != 255 && holds(c) && self.players[owner as usize].alive {
                        each(
                            owner as usize,
                            NONE,
                            u.uid,
                            Some((q, i)),
                            &db.card(c).effects,
                        );
                    }
                }
            }
        }
    }

    /// Number of static-ability ops in play, counted afresh: in all, and by kind (attack,
    /// maximum health, armor, enlist cost, action cost), from the per-card and per-hero
    /// tables of static ops ([`crate::allegiance::tables::HeroStatics`]).
    pub fn count_static_kinds(&self) -> (u16, [u16; STATIC_KINDS]) {
        let mut k = [0u16; STATIC_KINDS];
        let t = &self.shared.tables;
        let add = |ops: &[u16; STATIC_KINDS], k: &mut [u16; STATIC_KINDS]| {
            for (a, b) in k.iter_mut().zip(ops) {
                *a += b;
            }
        };
        for pl in self.players.iter() {
            if !pl.alive {
                continue;
            }
            let hs = &t.hero_statics[pl.hero as usize];
            add(&hs.rules, &mut k);
            add(&hs.weapons[pl.weapon as usize], &mut k);
            add(&hs.armors[pl.armor as usize], &mut k);
            for u in &pl.units {
                if t.has_static[u.card as usize] {
                    add(&t.static_ops[u.card as usize], &mut k);
                }
                for (c, owner) in u.att {
                    if c != 255 && t.has_static[c as usize] && self.players[owner as usize].alive {
                        add(&t.static_ops[c as usize], &mut k);
                    }
                }
            }
        }
        (k.iter().sum(), k)
    }

    /// [`AllegianceState::count_static_kinds`] by walking every static ability's ops (what
    /// the invariant check compares the table-based count with).
    pub(super) fn walk_static_kinds(&self) -> (u16, [u16; STATIC_KINDS]) {
        let mut k = [0u16; STATIC_KINDS];
        self.for_each_static(|_, _, _, op| k[static_kind(op.code)] += 1);
        (k.iter().sum(), k)
    }

    /// Recount the static abilities in play (no lethal-damage check).
    pub fn recount_statics(&mut self) {
        (self.statics, self.static_kinds) = self.count_static_kinds();
    }

    /// The static modifier `code` (`Boost`: attack, `Health`: maximum health) of unit `uid`.
    /// `allies` means the source's controller's other units (never the source itself).
    /// The count test is inlined into the callers (attack and maximum health, asked in
    /// battles and effects), which mostly find no modifier of the kind in play; the walk is
    /// out of line.
    #[inline]
    pub(super) fn static_unit_mod(&self, code: OpCode, uid: u16) -> i32 {
        if self.static_kinds[static_kind(code)] == 0 {
            return 0;
        }
        self.static_unit_walk(code, uid)
    }

    /// [`Self::static_unit_mod`] with a modifier of the kind in play: every static op of
    /// the kind asked whether it acts on the unit.
    #[inline(never)]
    fn static_unit_walk(&self, code: OpCode, uid: u16) -> i32 {
        let Some((s, _)) = self.find_unit(uid) else {
            return 0;
        };
        let mut total = 0i32;
        self.for_each_static_of(Some(static_kind(code)), |q, src, host, op| {
            if op.code == code && self.static_applies(q, src, host, op.scope, s, uid) {
                total += op.n as i32;
            }
        });
        total
    }

    /// Whether a static op with `scope`, from a source `src` (or attachment on `host`)
    /// controlled by `q`, acts on unit `uid` controlled by `s`.
    #[inline]
    pub(super) fn static_applies(
        &self,
        q: usize,
        src: u16,
        host: u16,
        scope: Scope,
        s: usize,
        uid: u16,
    ) -> bool {
        match scope {
            Scope::This => src == uid,
            Scope::Host => host == uid,
            Scope::Allies => q == s && src != uid,
            Scope::Foes => self.opponents(q, s),
            Scope::Units => src != uid,
            _ => false,
        }
    }

    /// The static armor-rating modifier of the hero of `p`.
    pub(super) fn static_armor_mod(&self, p: usize) -> i32 {
        self.static_player_mod(OpCode::Armor, p)
    }

    /// The static gold-cost modifier (`code`: `EnlistCost` or `ActionCost`) for player `p`.
    pub fn cost_mod(&self, p: usize, code: OpCode) -> i32 {
        if self.static_kinds[static_kind(code)] == 0 {
            return 0;
        }
        self.static_player_mod(code, p)
    }

    /// The sum of the static ops `code` acting on player `p` (scopes `me`, `foeheroes`).
    pub(super) fn static_player_mod(&self, code: OpCode, p: usize) -> i32 {
        let mut total = 0i32;
        self.for_each_static_of(Some(static_kind(code)), |q, _, _, op| {
            if op.code == code
                && match op.scope {
                    Scope::Me => q == p,
                    Scope::FoeHeroes => self.opponents(q, p),
                    _ => false,
                }
            {
                total += op.n as i32;
            }
        });
        total
    }

    /// The effective armor rating of the hero of `p` (static abilities included).
    pub fn armor_of(&self, p: usize) -> i32 {
        self.armor_rating(p)
    }

    /// Recount the static abilities in play after a change of the board (a unit entered or
    /// left play, an attachment, a face change, an elimination), then destroy every unit whose
    /// damage has reached its (possibly lowered) maximum health, one at a time, until none
    /// is left. Code that moves units in or out of play or between players must call this.
    pub fn statics_changed(&mut self) {
        let hp = static_kind(OpCode::Health);
        let before = self.static_kinds[hp];
        self.recount_statics();
        if before == 0 && self.static_kinds[hp] == 0 {
            // Only a maximum-health modifier can make damage lethal.
            return;
        }
        self.destroy_lethal();
    }

    /// Destroy every unit whose damage has reached its maximum health, one at a time.
    fn destroy_lethal(&mut self) {
        while let Some(uid) = self.lethal_unit() {
            log!(self, "a unit's damage reaches its lowered maximum health");
            self.destroy(uid);
        }
    }

    /// [`Self::statics_touched`] after a unit without a static ability entered play: the
    /// counts stay as they are (no recount), but with a maximum-health modifier in play the
    /// new unit may enter with lethal damage.
    pub(super) fn entered_without_static(&mut self) {
        if self.static_kinds[static_kind(OpCode::Health)] != 0 {
            self.destroy_lethal();
        }
    }

    /// [`AllegianceState::statics_changed`] when it can matter: some static ability is (or
    /// was) in play, or `added` (something with a static ability may have entered play).
    /// With none in play and none added the count stays 0 and no maximum health changed.
    pub(super) fn statics_touched(&mut self, added: bool) {
        if added || self.statics > 0 {
            self.statics_changed();
        }
    }

    /// The static attack (`boost`, index 0) and maximum-health (index 1) modifiers of every
    /// unit in play, by seat and slot, in one pass over the static abilities of each kind (the
    /// same rule as [`AllegianceState::static_unit_mod`], without a pass per unit), written
    /// into `table` (one entry per unit in play: nothing of its capacity is cleared or
    /// copied). `attack`: whether the attack modifiers are wanted. `None` when no such
    /// modifier is in play (all are 0): the usual case, which leaves the table untouched.
    #[inline]
    pub(super) fn unit_mods<'a>(
        &self,
        attack: bool,
        table: &'a mut UnitMods,
    ) -> Option<&'a UnitMods> {
        let want = [
            attack && self.static_kinds[static_kind(OpCode::Boost)] > 0,
            self.static_kinds[static_kind(OpCode::Health)] > 0,
        ];
        if !want[0] && !want[1] {
            return None;
        }
        self.unit_mods_table(want, table);
        Some(table)
    }

    /// The table of [`Self::unit_mods`] for the wanted kinds (attack, health), out of line:
    /// the check above is inlined into the evaluation, which calls it for every position.
    /// One walk for the wanted kinds, which skips the cards and faces without a static op of
    /// those kinds. An op acts on one unit (`this`, `host`: the unit the walk found it on, unit ids
    /// being unique) or on whole territories (`allies`, `foes`, `units`): those are summed per
    /// seat and added to every unit of the seat at the end, less the op's own source unit
    /// where the scope leaves it out (the same units as [`Self::static_applies`]: a hero's
    /// rules and faces and attachments have no source unit, and no unit has the id [`NONE`]).
    /// Whole-number sums: the order of the adds does not change them.
    #[inline(never)]
    pub(super) fn unit_mods_table(&self, want: [bool; 2], m: &mut UnitMods) {
        for (row, pl) in m.iter_mut().zip(&self.players) {
            row.clear();
            row.extend(pl.units.iter().map(|_| [0, 0]));
        }
        let mut seat = [[0i32; 2]; MAX_PLAYERS];
        let n = self.players.len();
        let mut add = |q: usize, src: u16, _: u16, at: Option<(usize, usize)>, op: &Op| {
            let k = match op.code {
                OpCode::Boost if want[0] => 0,
                OpCode::Health if want[1] => 1,
                _ => return,
            };
            let v = op.n as i32;
            // The source unit's slot, when the ability is on a unit as its source.
            let own = at.filter(|_| src != NONE);
            match op.scope {
                Scope::This => {
                    if let Some((s, i)) = own {
                        m[s][i][k] += v;
                    }
                }
                Scope::Host => {
                    if let Some((s, i)) = at.filter(|_| src == NONE) {
                        m[s][i][k] += v;
                    }
                }
                Scope::Allies => {
                    seat[q][k] += v;
                    if let Some((s, i)) = own {
                        m[s][i][k] -= v;
                    }
                }
                Scope::Foes => {
                    for (s, t) in seat.iter_mut().enumerate().take(n) {
                        if self.opponents(q, s) {
                            t[k] += v;
                        }
                    }
                }
                Scope::Units => {
                    for t in seat.iter_mut().take(n) {
                        t[k] += v;
                    }
                    if let Some((s, i)) = own {
                        m[s][i][k] -= v;
                    }
                }
                _ => {}
            }
        };
        // A walk for each set of wanted kinds, each inlined with its kinds known.
        let (attack, health) = (static_kind(OpCode::Boost), static_kind(OpCode::Health));
        match want {
            [true, true] => self.for_each_static_at(Some(&[attack, health]), &mut add),
            [true, false] => self.for_each_static_at(Some(&[attack]), &mut add),
            _ => self.for_each_static_at(Some(&[health]), &mut add),
        }
        for (row, t) in m.iter_mut().zip(seat) {
            if t != [0, 0] {
                for e in row.iter_mut() {
                    e[0] += t[0];
                    e[1] += t[1];
                }
            }
        }
    }

    /// Whether [`Self::unit_mods`] (both kinds, and health alone) gives every unit the
    /// modifiers of [`Self::static_unit_mod`], the walk of every op that asks
    /// [`Self::static_applies`] unit by unit (for the invariant check and the tests).
    pub(super) fn check_unit_mods(&self) -> Result<(), String> {
        for attack in [true, false] {
            let mut table = UnitMods::default();
            let m = self.unit_mods(attack, &mut table);
            for (s, pl) in self.players.iter().enumerate() {
                for (i, u) in pl.units.iter().enumerate() {
                    let boost = if attack {
                        self.static_unit_mod(OpCode::Boost, u.uid)
                    } else {
                        0
                    };
                    let walked = [boost, self.static_unit_mod(OpCode::Health, u.uid)];
                    if mod_of(m, s, i) != walked {
                        return Err(format!(
                            "static modifiers of unit {} of P{s}: table {:?}, walk {walked:?}",
                            u.uid,
                            mod_of(m, s, i)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// A unit in play whose damage has reached its maximum health, if any.
    pub(in crate::allegiance) fn lethal_unit(&self) -> Option<u16> {
        let mut table = UnitMods::default();
        let m = self.unit_mods(false, &mut table);
        let db = &self.shared.db;
        for (s, pl) in self.players.iter().enumerate() {
            for (i, u) in pl.units.iter().enumerate() {
                let max = db.card(u.card).health as i32 + u.aug as i32 + mod_of(m, s, i)[1];
                if u.dmg >= max {
                    return Some(u.uid);
                }
            }
        }
        None
    }

    /// The amount of op `op` for its controller `who` (a fixed number, or the focus counters
    /// on their hero).
    pub(super) fn op_amount(&self, who: usize, op: &crate::allegiance::cards::Op) -> i32 {
        match op.amount {
            crate::allegiance::cards::Amount::Fixed => op.n as i32,
            crate::allegiance::cards::Amount::Focus => self.players[who].focus as i32,
        }
    }

    /// Pay the focus-counter cost of a maneuver being announced.
    pub(super) fn pay_focus(&mut self, item: &Item) {
        if item.effect != NO_EFFECT {
            let c = self.shared.db.effect(item.effect).cost_focus;
            if c > 0 {
                let pl = &mut self.players[item.who as usize];
                pl.focus = pl.focus.saturating_sub(c as u16);
            }
        }
    }

    /// Start of the turn of `p`, whose hero has curse counters: the hero takes that much
    /// damage, then one counter is removed. Returns whether `p` is still in the game.
    pub(super) fn curse_at_turn_start(&mut self, p: usize) -> bool {
        let c = self.players[p].curses();
        // One counter goes: the lowest placing seat's first.
        if let Some(k) = self.players[p].curse.iter_mut().find(|k| **k > 0) {
            *k -= 1;
        }
        log!(self, "curse counters deal {c} damage to the hero of P{p}");
        self.damage_hero(p, c);
        if !self.players[p].alive {
            self.dec = Dec::Auto;
            return false;
        }
        true
    }
}

/// The static attack and maximum-health modifiers of every unit in play, by seat and slot
/// ([`AllegianceState::unit_mods`]). Made empty (no 2 KB to clear); filled per unit in play.
pub(super) type UnitMods = [ArrayVec<[i32; 2], UNITS>; MAX_PLAYERS];

/// The modifiers of the unit in slot `i` of seat `s` (0 and 0 when none is in play).
#[inline]
pub(super) fn mod_of(m: Option<&UnitMods>, s: usize, i: usize) -> [i32; 2] {
    m.map_or([0, 0], |m| m[s][i])
}

/// Index of a static op's kind in [`AllegianceState::static_kinds`].
pub(super) use crate::allegiance::cards::static_kind;

/// A gold cost `base` with a static modifier `m` (never below 0).
pub fn eff_cost(base: u8, m: i32) -> u32 {
    (base as i32 + m).max(0) as u32
}

/// The largest base cost `gold` pays under cost modifier `m`: `eff_cost(base, m) <= gold`
/// exactly when `base as i64 <= budget(gold, m)` (a cost below 0 counts as 0, and `gold` is
/// never below 0). The listings work it out once per window and compare each card's base
/// cost with it.
#[inline]
pub(super) fn budget(gold: u32, m: i32) -> i64 {
    // No wrapping: `gold` is below 2^32 and `m` at least -2^31, so the difference is below
    // 2^33, far inside `i64`.
    i64::from(gold).wrapping_sub(i64::from(m))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{each_example_position, each_random_position};
    use super::*;

    /// A base cost is within [`budget`] exactly when [`eff_cost`] is within the gold, for
    /// every base cost, modifiers far beyond any card's (and two huge ones) and gold from 0 up
    /// (and the extreme).
    #[test]
    fn budget_agrees_with_eff_cost() {
        let mods = (-300..=300).chain([-1_000_000, 1_000_000]);
        for m in mods {
            for gold in (0..=600).chain([u32::MAX]) {
                for base in 0..=u8::MAX {
                    assert_eq!(
                        i64::from(base) <= budget(gold, m),
                        eff_cost(base, m) <= gold,
                        "base {base}, modifier {m}, gold {gold}"
                    );
                }
            }
        }
    }

    /// Random games (2 players, 4 free-for-all, 4 in teams): at every step, the table of
    /// every unit's static modifiers equals the per-unit walk (`check_unit_mods`; the card
    /// fuzz test checks the scopes the example cards lack through the invariants).
    #[test]
    fn unit_mods_table_equals_the_per_unit_walk() {
        let (mut checked, mut with_mods) = (0u64, 0u64);
        each_example_position(8, |g, _| {
            g.check_unit_mods().unwrap();
            checked += 1;
            with_mods += u64::from(g.unit_mods(true, &mut UnitMods::default()).is_some());
        });
        assert!(checked > 5_000 && with_mods > 500, "{checked} {with_mods}");
    }

    /// The example cards with the Warlord's static ability (an elite of the shared deck)
    /// replaced by `body`, 2 players.
    fn with_warlord(body: &str) -> crate::allegiance::Allegiance {
        use crate::allegiance::{Allegiance, CardDb, Loadout};
        use crate::{Ruleset, Setup};
        let setup = Setup::example("allegiance", Allegiance::param_specs(), &[]).unwrap();
        let text = std::fs::read_to_string(&setup.cards).unwrap();
        let text = text.replace("static: boost allies 1,all", &format!("static: {body},all"));
        let db = CardDb::parse(&setup.cards, &text).unwrap();
        let loadouts = setup
            .decks
            .iter()
            .map(|d| Loadout::parse_text(&d.read().unwrap(), &db).unwrap())
            .collect();
        Allegiance::from_parts(db, loadouts, setup.params).unwrap()
    }

    /// The scopes the example cards lack (a unit's own, every foe's, every unit's), each
    /// with and without its source unit: the table equals the per-unit walk at every step
    /// of random 2-player games.
    #[test]
    fn unit_mods_table_equals_the_walk_for_every_scope() {
        let bodies = [
            "boost foes -2 | health units 2",
            "boost units 1 | health self 1",
            "boost self 2 | health foes -1",
            "health allies 2 | boost units -1",
        ];
        for body in bodies {
            let a = with_warlord(body);
            let seating = [a.loadout("thedric").unwrap(), a.loadout("beledan").unwrap()];
            let (mut checked, mut with_mods) = (0u64, 0u64);
            for game in 0..12u64 {
                each_random_position(&a, &seating, game, |g| {
                    g.check_unit_mods().unwrap();
                    checked += 1;
                    with_mods += u64::from(g.statics > 0);
                });
            }
            assert!(
                checked > 1_000 && with_mods > 200,
                "{body}: {checked} {with_mods}"
            );
        }
    }
}
