//! The front row as bit masks ([`UnitMasks`]): what the listings and combat read instead of
//! walking the teams. A team's bits are worked out alone ([`MaState::team_bits`]) and the
//! masks are updated in place when a unit arrives or leaves (other teams' bits only shift
//! when a team enters or leaves the row); [`MaState::unit_masks`] builds them from scratch
//! for the invariant check and for rows set by scenarios. The back row ([`BackBits`]) and the
//! hand ([`HandBits`]) are kept as masks too, updated as cards enter and leave.

use super::*;

/// One player's units as bit masks (bit team·4 + slot), with per-team facts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct UnitMasks {
    /// Ready units.
    pub ready: u16,
    /// Units whose combat symbol is Attack.
    pub attackers: u16,
    /// Units whose combat symbol is Hold.
    pub holders: u16,
    /// Units with an active ability.
    pub actives: u16,
    /// Units enemy effects may choose (not Immune).
    pub exposed: u16,
    /// Units of teams that may attack the enemy player (level `attack_player_level`+).
    pub hit_player: u16,
    /// Cores (bit per core) that may not join the leftmost team: those in it, or all when
    /// it is full or there is none.
    pub first_cores: u16,
    /// The same for the rightmost team (all when there are fewer than two teams).
    pub last_cores: u16,
    /// Teams (bit per team) that challenge: level `challenge_level`+ holding a unit whose
    /// own symbol is Hold.
    pub challenging: u8,
    /// Per team, the cores of its units.
    pub cores: [u16; TEAMS],
    /// Per team, the sum of its units' passive Boost.
    pub boost: [u16; TEAMS],
}

/// One player's back row as bit masks (bit = back-row place).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct BackBits {
    /// Energy cards (the other places hold gadgets).
    pub energy: u16,
    /// Ready cards.
    pub ready: u16,
    /// Gadgets with an active ability.
    pub actives: u16,
}

impl BackBits {
    /// The mask of place `b` (below 16: the shift wraps instead of being checked).
    #[inline]
    pub(super) fn bit(b: usize) -> u16 {
        1u16.wrapping_shl(b as u32)
    }

    /// Close place `b`, moving the places after it one left.
    #[inline]
    pub(super) fn close(&mut self, b: usize) {
        let low = Self::bit(b).wrapping_sub(1);
        let drop = |x: u16| x & low | (x >> 1) & !low;
        self.energy = drop(self.energy);
        self.ready = drop(self.ready);
        self.actives = drop(self.actives);
    }
}

/// Energy costs a card may have (0 to [`MAX_COST`]).
const COSTS: usize = MAX_COST as usize + 1;
/// Cores a card file may name.
const CORES: usize = 16;
/// Row of [`HandBits::rows`] holding the places of units.
const UNITS: usize = COSTS;
/// Row holding the places of gadgets.
const GADGETS: usize = COSTS + 1;
/// First of the [`CORES`] rows holding, per core, the places of units of that core.
const CORE0: usize = COSTS + 2;
/// Rows of [`HandBits`], rounded up to whole 16-byte vectors so that closing a place is one
/// plain loop the compiler vectorises.
const ROWS: usize = (CORE0 + CORES).div_ceil(4) * 4;

/// Row `k`: all ones for the costs `k` and more, so adding a card of cost `k` is one
/// masked OR per cost.
const AT_LEAST: [[u32; COSTS]; COSTS] = {
    let mut t = [[0; COSTS]; COSTS];
    let mut k = 0;
    while k < COSTS {
        let mut c = k;
        while c < COSTS {
            t[k][c] = u32::MAX;
            c += 1;
        }
        k += 1;
    }
    t
};

/// One player's hand as bit masks (bit = hand place), so the main listing reads its builds
/// and plays without walking the hand. The masks are rows of one array: per cost `c` the
/// places whose card costs `c` or less, then the places of units, of gadgets, and per core
/// the places of units of that core (the rest is padding, always zero).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HandBits {
    rows: [u32; ROWS],
}

impl Default for HandBits {
    fn default() -> Self {
        HandBits { rows: [0; ROWS] }
    }
}

impl HandBits {
    /// Add a card with facts `f` at place `i` (below 32: the shift wraps instead of being
    /// checked).
    #[inline]
    pub(super) fn add(&mut self, i: usize, f: Facts) {
        let bit = 1u32.wrapping_shl(i as u32);
        let row = &AT_LEAST[(f.cost as usize).min(COSTS - 1)];
        for (m, r) in self.rows[..COSTS].iter_mut().zip(row) {
            *m |= bit & r;
        }
        let unit = bit & ((f.kind == Kind::Unit) as u32).wrapping_neg();
        self.rows[UNITS] |= unit;
        // Only units have a core (below 16); other cards add nothing to any core.
        self.rows[CORE0 + f.core as usize % CORES] |= unit;
        self.rows[GADGETS] |= bit & ((f.kind == Kind::Gadget) as u32).wrapping_neg();
    }

    /// Close place `i`, moving the places after it one left.
    #[inline]
    pub(super) fn close(&mut self, i: usize) {
        let low = 1u32.wrapping_shl(i as u32).wrapping_sub(1);
        // One plain loop over whole vectors (a chained iterator, or loops over the
        // separate masks, would not be vectorised as well).
        for m in self.rows.iter_mut() {
            *m = *m & low | (*m >> 1) & !low;
        }
    }

    /// The places whose card costs `c` or less (any `c`).
    #[inline]
    pub(super) fn costing(&self, c: usize) -> u32 {
        self.rows[c.min(COSTS - 1)]
    }

    /// The places holding a gadget.
    #[inline]
    pub(super) fn gadgets(&self) -> u32 {
        self.rows[GADGETS]
    }

    /// The places holding a unit of one of `cores` (a bit per core).
    #[inline]
    pub(super) fn of_cores(&self, cores: u16) -> u32 {
        if cores == u16::MAX {
            return self.rows[UNITS];
        }
        let (mut m, mut c) = (0, cores);
        while c != 0 {
            m |= self.rows[CORE0 + c.trailing_zeros() as usize % CORES];
            c &= c - 1;
        }
        m
    }
}

/// One team's part of the masks, before shifting to its place.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct TeamBits {
    ready: u16,
    attackers: u16,
    holders: u16,
    actives: u16,
    exposed: u16,
    hit_player: u16,
    challenges: bool,
    cores: u16,
    boost: u16,
}

impl UnitMasks {
    /// Apply `f` to every per-unit mask.
    #[inline]
    fn each(&mut self, f: impl Fn(u16) -> u16) {
        self.ready = f(self.ready);
        self.attackers = f(self.attackers);
        self.holders = f(self.holders);
        self.actives = f(self.actives);
        self.exposed = f(self.exposed);
        self.hit_player = f(self.hit_player);
    }

    /// Write team `ti`'s bits over its nibble.
    #[inline]
    fn set_team(&mut self, ti: usize, b: TeamBits) {
        // Team places are below 4: the shifts wrap instead of being checked (hot path).
        let s = (ti * TEAM) as u32;
        let keep = !0xFu16.wrapping_shl(s);
        let put = |old: u16, new: u16| old & keep | new.wrapping_shl(s);
        self.ready = put(self.ready, b.ready);
        self.attackers = put(self.attackers, b.attackers);
        self.holders = put(self.holders, b.holders);
        self.actives = put(self.actives, b.actives);
        self.exposed = put(self.exposed, b.exposed);
        self.hit_player = put(self.hit_player, b.hit_player);
        let bit = 1u8.wrapping_shl(ti as u32);
        self.challenging = self.challenging & !bit | if b.challenges { bit } else { 0 };
        self.cores[ti] = b.cores;
        self.boost[ti] = b.boost;
    }

    /// Open an empty team place at `ti`, moving the teams from `ti` on one place right.
    #[inline]
    fn open(&mut self, ti: usize) {
        let low = (1u16 << (ti * TEAM)) - 1;
        self.each(|x| x & low | (x & !low) << TEAM);
        let lowt = (1u8 << ti) - 1;
        self.challenging = self.challenging & lowt | (self.challenging & !lowt) << 1;
        self.cores.copy_within(ti..TEAMS - 1, ti + 1);
        self.boost.copy_within(ti..TEAMS - 1, ti + 1);
    }

    /// Close team place `ti`, moving the teams after it one place left.
    #[inline]
    fn close(&mut self, ti: usize) {
        let low = (1u16 << (ti * TEAM)) - 1;
        let high = !((1u32 << ((ti + 1) * TEAM)) - 1) as u16;
        self.each(|x| x & low | (x & high) >> TEAM);
        let lowt = (1u8 << ti) - 1;
        let hight = !((1u16 << (ti + 1)) - 1) as u8;
        self.challenging = self.challenging & lowt | (self.challenging & hight) >> 1;
        self.cores.copy_within(ti + 1..TEAMS, ti);
        self.boost.copy_within(ti + 1..TEAMS, ti);
        self.cores[TEAMS - 1] = 0;
        self.boost[TEAMS - 1] = 0;
    }

    /// Work out which cores may join the end teams of a row of `n` teams.
    #[inline]
    fn ends(&mut self, n: usize, sizes: [usize; 2], size: usize) {
        let closed = |cores: u16, len: usize| if len < size { cores } else { u16::MAX };
        self.first_cores = if n > 0 {
            closed(self.cores[0], sizes[0])
        } else {
            u16::MAX
        };
        self.last_cores = if n > 1 {
            closed(self.cores[n - 1], sizes[1])
        } else {
            u16::MAX
        };
    }
}

impl MaState {
    /// Team `ti` of `p`'s part of the masks. An Imitate unit takes its left neighbour's
    /// symbol (its right neighbour's when leftmost), none when that one imitates too or is
    /// missing.
    pub(super) fn team_bits(&self, p: usize, ti: usize) -> TeamBits {
        let r = &self.shared.rules;
        let fx = &self.shared.facts[self.decks[p] as usize];
        let t = &self.players[p].teams[ti];
        let n = t.units.len();
        let mut b = TeamBits::default();
        let mut own = [Symbol::None; TEAM];
        let mut hold = false;
        for (si, u) in t.units.iter().enumerate() {
            let f = fx[u.pos as usize];
            own[si] = f.symbol;
            hold |= f.symbol == Symbol::Hold;
            // Slots are below 4: the shifts wrap instead of being checked (hot path).
            let sh = si as u32;
            b.ready |= (u.ready as u16).wrapping_shl(sh);
            b.actives |= (f.active as u16).wrapping_shl(sh);
            b.exposed |= (!f.immune as u16).wrapping_shl(sh);
            b.cores |= f.core_bit;
            b.boost += f.boost;
        }
        for si in 0..n {
            let sym = match own[si] {
                Symbol::Imitate => match own[if si > 0 { si - 1 } else { 1 }] {
                    Symbol::Imitate => Symbol::None,
                    s => s,
                },
                s => s,
            };
            b.attackers |= ((sym == Symbol::Attack) as u16).wrapping_shl(si as u32);
            b.holders |= ((sym == Symbol::Hold) as u16).wrapping_shl(si as u32);
        }
        if n >= r.attack_player_level as usize {
            b.hit_player = (1u16 << n) - 1;
        }
        b.challenges = hold && n >= r.challenge_level as usize;
        b
    }

    /// Recompute the end-team cores of `p` after its row changed.
    fn refresh_ends(&mut self, p: usize) {
        let size = self.shared.rules.team_size as usize;
        let pl = &mut self.players[p];
        let n = pl.teams.len();
        let sizes = [
            pl.teams.first().map_or(0, |t| t.units.len()),
            pl.teams.last().map_or(0, |t| t.units.len()),
        ];
        pl.units.ends(n, sizes, size);
    }

    /// The unit masks of `p` worked out from its teams.
    pub(super) fn unit_masks(&self, p: usize) -> UnitMasks {
        let pl = &self.players[p];
        let mut m = UnitMasks::default();
        for ti in 0..pl.teams.len() {
            m.set_team(ti, self.team_bits(p, ti));
        }
        let sizes = [
            pl.teams.first().map_or(0, |t| t.units.len()),
            pl.teams.last().map_or(0, |t| t.units.len()),
        ];
        m.ends(pl.teams.len(), sizes, self.shared.rules.team_size as usize);
        m
    }

    /// The back-row masks of `p` worked out from its back row.
    pub(super) fn back_bits(&self, p: usize) -> BackBits {
        let mut m = BackBits::default();
        for (bi, b) in self.players[p].back.iter().enumerate() {
            let bit = BackBits::bit(bi);
            m.energy |= if b.gadget { 0 } else { bit };
            m.ready |= if b.ready { bit } else { 0 };
            m.actives |= if b.gadget && self.fx(p, b.pos).active {
                bit
            } else {
                0
            };
        }
        m
    }

    /// The hand masks of `p` worked out from its hand.
    pub(super) fn hand_bits(&self, p: usize) -> HandBits {
        let mut m = HandBits::default();
        for (i, &c) in self.players[p].hand.iter().enumerate() {
            m.add(i, self.fx(p, c));
        }
        m
    }

    /// Recompute `p`'s unit, back-row and hand masks (after a scenario set the arena, or
    /// at the deal).
    pub(crate) fn refresh_units(&mut self, p: usize) {
        self.players[p].units = self.unit_masks(p);
        self.players[p].backs = self.back_bits(p);
        self.players[p].hands = self.hand_bits(p);
    }

    /// Take the card at hand place `i` of `p` out of the hand (the masks follow).
    pub(super) fn take_from_hand(&mut self, p: usize, i: usize) -> u8 {
        let pl = &mut self.players[p];
        pl.hands.close(i);
        remove_at(&mut pl.hand, i)
    }

    /// Update `p`'s masks after team `ti` changed; `new` when it just entered the row (at
    /// `ti`, the teams from there on having moved right).
    pub(super) fn team_changed(&mut self, p: usize, ti: usize, new: bool) {
        if new {
            self.players[p].units.open(ti);
        }
        let b = self.team_bits(p, ti);
        self.players[p].units.set_team(ti, b);
        self.refresh_ends(p);
    }

    /// Update `p`'s masks after team `ti` left the row (the teams after it moved left).
    pub(super) fn team_left(&mut self, p: usize, ti: usize) {
        self.players[p].units.close(ti);
        self.refresh_ends(p);
    }

    /// Power of unit `slot` of team `team` of `p` in combat: printed power, Boost from its
    /// teammates (the team's Boost less its own), and the level bonus of a team of
    /// `bonus_level` or more.
    pub fn power(&self, p: usize, team: usize, slot: usize) -> u16 {
        let r = &self.shared.rules;
        let t = &self.players[p].teams[team];
        let f = self.fx(p, t.units[slot].pos);
        let mut pw = f.power as u16 + self.players[p].units.boost[team] - f.boost;
        if t.units.len() >= r.bonus_level as usize {
            pw += r.level_bonus as u16;
        }
        pw
    }
}
