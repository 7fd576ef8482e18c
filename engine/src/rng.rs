//! Deterministic per-game random number generators.

use rand::{Rng, RngExt};
use rand_pcg::Pcg32;
use std::num::NonZeroU32;

/// The RNG every game and agent uses: PCG-XSH-RR 64/32, 16 bytes, cheap to clone.
pub type GameRng = Pcg32;

/// What an RNG is for; each role of a game gets its own independent stream state, so that
/// (for instance) changing an agent does not change the deck shuffles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RngRole {
    /// The game's own chance: shuffles, coin flips.
    Game,
    /// The agent sitting in seat `n`.
    Agent(u8),
}

/// SplitMix64 finaliser: spreads a seed over all 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The RNG for one role of game number `index` of a run seeded with `seed`: the PCG state
/// comes from the seed and the role, the PCG *stream* is the game's global index. Never
/// depends on threads or time.
pub fn stream_rng(seed: u64, index: u64, role: RngRole) -> GameRng {
    let role_tag = match role {
        RngRole::Game => 0u64,
        RngRole::Agent(s) => 1 + s as u64,
    };
    Pcg32::new(mix(seed ^ mix(role_tag)), index)
}

/// The game's own RNG for game `index` of a run seeded with `seed`.
pub fn game_rng(seed: u64, index: u64) -> GameRng {
    stream_rng(seed, index, RngRole::Game)
}

/// How many consecutive indices one 32-bit draw can serve when the next index is uniform in
/// `0..m` (then `0..m+1`, ...): the product `m * (m+1) * ...` of as many factors as fit in a
/// `u32`, and the number of factors. The same arithmetic as rand 0.10's `IncreasingUniform`.
const fn chunk_bound(m: u32) -> (u32, u32) {
    let mut product = m;
    let mut current = m + 1;
    loop {
        match product.checked_mul(current) {
            Some(p) => {
                product = p;
                current += 1;
            }
            None => return (product, current - m),
        }
    }
}

/// [`chunk_bound`] for the small `m` that card piles reach, computed at compile time.
const CHUNK_TABLE_LEN: usize = 256;
const CHUNK_TABLE: [(u32, u32); CHUNK_TABLE_LEN] = {
    let mut t = [(0u32, 0u32); CHUNK_TABLE_LEN];
    let mut m = 1;
    while m < CHUNK_TABLE_LEN {
        t[m] = chunk_bound(m as u32);
        m += 1;
    }
    t
};

/// A uniform draw from `0..range` (`range > 0`), drawing exactly as rand 0.10's
/// `random_range(..range)` does for `u32` (Canon's widening multiply with one optional
/// second draw), so results and RNG state stay identical.
#[inline(always)]
fn below(rng: &mut GameRng, range: u32) -> u32 {
    let m = rng.next_u32() as u64 * range as u64;
    let mut result = (m >> 32) as u32;
    let lo = m as u32;
    if lo > range.wrapping_neg() {
        let hi2 = ((rng.next_u32() as u64 * range as u64) >> 32) as u32;
        result += lo.checked_add(hi2).is_none() as u32;
    }
    result
}

/// A uniform index in `0..n` (`n > 0`), drawn exactly as rand 0.10's `random_range(0..n)`
/// draws a `usize` (which samples a `u32` with [`below`]'s arithmetic whenever `n` fits in
/// one), so the result and the RNG state after it are identical. Inlined by force: rand's
/// generic `usize` path is a call with a range check, about 33 instructions a draw, where
/// this is one PCG step and a widening multiply (the agents' random choice, once per
/// decision). Larger or empty ranges go to rand itself.
#[inline(always)]
pub fn index_below(rng: &mut GameRng, n: usize) -> usize {
    match u32::try_from(n) {
        Ok(m) if m > 0 => below(rng, m) as usize,
        _ => rng.random_range(0..n),
    }
}

/// Shuffle `v` in place: the same permutation, from the same random draws, as rand 0.10's
/// `SliceRandom::shuffle` with a [`GameRng`] (Fisher-Yates walking up from index 1, several
/// indices packed into one 32-bit draw), specialised to this RNG and to `u32` arithmetic.
/// Every engine shuffles through here; the identity with rand is tested below for every
/// length up to 300.
pub fn shuffle<T>(v: &mut [T], rng: &mut GameRng) {
    // rand switches to another algorithm from here on; no card pile comes near it.
    assert!(
        v.len() < u32::MAX as usize,
        "shuffle of {} elements",
        v.len()
    );
    shuffle_by(v, rng, |n, m| (n / m, n % m));
}

/// The loop of [`shuffle`] and [`shuffle_small`], with `div(n, m)` giving `n / m` and
/// `n % m` (the only place the two differ).
#[inline(always)]
fn shuffle_by<T>(v: &mut [T], rng: &mut GameRng, div: impl Fn(u32, NonZeroU32) -> (u32, u32)) {
    let len = v.len();
    // One draw per chunk: it serves `count` indices `i..i + count`, uniform in `0..=i`,
    // `0..=i + 1`, ... (mixed radix); the last of them is what remains of the draw. A chunk
    // cut off by the end of the slice is simply dropped, as rand does.
    let mut i = 1usize;
    while i < len {
        let n = i as u32 + 1;
        let (bound, count) = if (n as usize) < CHUNK_TABLE_LEN {
            CHUNK_TABLE[n as usize]
        } else {
            chunk_bound(n)
        };
        let mut chunk = below(rng, bound);
        let last = i + count as usize - 1;
        for k in i..last.min(len) {
            // The divisor `k + 1` (never 0, and never saturated: `k < len < u32::MAX`) as a
            // `NonZeroU32`, so that the division needs no test for 0.
            let (q, j) = div(chunk, NonZeroU32::MIN.saturating_add(k as u32));
            chunk = q;
            // `j <= k` always; the bounds check is one compare where a `min` was a branch.
            v.swap(k, j as usize);
        }
        if last < len {
            v.swap(last, (chunk as usize).min(last));
        }
        i = last + 1;
    }
}

/// Most elements [`shuffle_small`] shuffles with its own arithmetic (a Tyrant deck's
/// size); longer slices go to [`shuffle`].
pub const SMALL_SHUFFLE: usize = 32;

/// `u64::MAX / m + 1` for each `m` in `2..=SMALL_SHUFFLE` (index `m`; 0 below): the
/// reciprocal that turns a division of a `u32` by `m` into a multiplication (see
/// [`div_small`]).
const RECIPROCAL: [u64; SMALL_SHUFFLE + 1] = {
    let mut t = [0u64; SMALL_SHUFFLE + 1];
    let mut m = 2;
    while m <= SMALL_SHUFFLE {
        t[m] = u64::MAX / m as u64 + 1;
        m += 1;
    }
    t
};

/// `n / m` and `n % m` for `2 <= m <= SMALL_SHUFFLE`, by one multiplication with the
/// rounded-up reciprocal `r = ceil(2^64 / m)` (exactly `2^64 / m` for powers of two) instead
/// of a division: `n * r / 2^64` exceeds `n / m` by less than `n / 2^64 < 2^-32 < 1 / m`,
/// so its floor is the quotient for every `u32` `n`. A division is one instruction but
/// waits tens of cycles, and the shuffle's divisions form one dependent chain.
#[inline(always)]
fn div_small(n: u32, m: usize) -> (u32, u32) {
    let q = ((n as u128 * RECIPROCAL[m] as u128) >> 64) as u32;
    // `q * m <= n` (q is the quotient): neither operation can wrap.
    (q, n.wrapping_sub(q.wrapping_mul(m as u32)))
}

/// [`shuffle`] for slices of at most [`SMALL_SHUFFLE`] elements (a Tyrant deck): the same
/// draws, the same chunks and the same swaps, in the same order, so the same permutation
/// and the same RNG state after it; only the divisions that split a draw into indices are
/// multiplications ([`div_small`]). Longer slices are passed on to [`shuffle`]. The
/// identity with [`shuffle`] is tested below for every length up to [`SMALL_SHUFFLE`].
pub fn shuffle_small<T>(v: &mut [T], rng: &mut GameRng) {
    if v.len() > SMALL_SHUFFLE {
        return shuffle(v, rng);
    }
    shuffle_by(v, rng, |n, m| div_small(n, m.get() as usize));
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn streams_differ_and_repeat() {
        let a = game_rng(7, 0).next_u64();
        let b = game_rng(7, 1).next_u64();
        let c = stream_rng(7, 0, RngRole::Agent(0)).next_u64();
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_eq!(a, game_rng(7, 0).next_u64());
    }

    /// `index_below` draws what rand 0.10's `random_range(0..n)` draws for a `usize` and
    /// leaves the RNG where rand leaves it: every `n` up to 300 (every legal-action count),
    /// around powers of two and at the ends of the `u32` range, past it (rand's own path),
    /// over many seeds, with draws that take the second sample among them.
    #[test]
    fn index_below_matches_rand() {
        use rand::RngExt;
        let mut ns: Vec<usize> = (1..=300).collect();
        for k in 9..=32u32 {
            let p = 1usize << k;
            ns.extend([p - 1, p, p + 1, p / 3 * 2 + 1]);
        }
        ns.extend([
            u32::MAX as usize - 1,
            u32::MAX as usize,
            1 << 40,
            usize::MAX / 3,
        ]);
        let mut second = 0u32;
        for seed in 0..60u64 {
            for &n in &ns {
                let mut a = game_rng(seed, n as u64);
                let mut b = a.clone();
                for _ in 0..4 {
                    let before = b.clone();
                    assert_eq!(
                        a.random_range(0..n),
                        index_below(&mut b, n),
                        "seed {seed} n {n}"
                    );
                    let mut one = before;
                    one.next_u32();
                    second += (one != b) as u32;
                }
                assert_eq!(a, b, "seed {seed} n {n}");
            }
        }
        // The rare second sample happened (large ranges make it likely): it is compared too.
        assert!(second > 100, "{second}");
    }

    /// `shuffle` gives rand 0.10's permutation and leaves the RNG where rand leaves it, for
    /// every length 0..=300 and many seeds (and so for every pile an engine shuffles).
    #[test]
    fn shuffle_matches_rand() {
        use rand::seq::SliceRandom;
        let mut checked = 0u32;
        for seed in 0..40u64 {
            for len in 0..=300u32 {
                let mut a = game_rng(seed, len as u64);
                let mut b = a.clone();
                let mut xs: Vec<u32> = (0..len).collect();
                let mut ys = xs.clone();
                xs.shuffle(&mut a);
                shuffle(&mut ys, &mut b);
                assert_eq!(xs, ys, "seed {seed} len {len}");
                assert_eq!(a.next_u64(), b.next_u64(), "seed {seed} len {len}");
                checked += 1;
            }
        }
        assert_eq!(checked, 40 * 301);
        // Repeated shuffles of one pile with one RNG, and a byte element type.
        let mut a = game_rng(2026, 9);
        let mut b = a.clone();
        let mut xs: Vec<u8> = (0..60).collect();
        let mut ys = xs.clone();
        for round in 0..500 {
            xs.shuffle(&mut a);
            shuffle(&mut ys, &mut b);
            assert_eq!(xs, ys, "round {round}");
        }
        assert_eq!(a.next_u64(), b.next_u64());
    }

    /// `shuffle_small` gives `shuffle`'s permutation and RNG state for every length up to
    /// `SMALL_SHUFFLE` (and passes longer slices on), over many seeds.
    #[test]
    fn shuffle_small_matches_shuffle() {
        let mut checked = 0u32;
        for seed in 0..400u64 {
            for len in 0..=SMALL_SHUFFLE as u32 + 3 {
                let mut a = game_rng(seed, 1000 + len as u64);
                let mut b = a.clone();
                let mut xs: Vec<u8> = (0..len as u8).collect();
                let mut ys = xs.clone();
                shuffle(&mut xs, &mut a);
                shuffle_small(&mut ys, &mut b);
                assert_eq!(xs, ys, "seed {seed} len {len}");
                assert_eq!(a.next_u64(), b.next_u64(), "seed {seed} len {len}");
                checked += 1;
            }
        }
        assert_eq!(checked, 400 * 36);
        // Repeated shuffles of one full-size deck with one RNG.
        let mut a = game_rng(2026, 5);
        let mut b = a.clone();
        let mut xs: Vec<u8> = (0..SMALL_SHUFFLE as u8).collect();
        let mut ys = xs.clone();
        for round in 0..2000 {
            shuffle(&mut xs, &mut a);
            shuffle_small(&mut ys, &mut b);
            assert_eq!(xs, ys, "round {round}");
        }
        assert_eq!(a.next_u64(), b.next_u64());
    }

    /// The multiplication gives the quotient and remainder of a division for every divisor
    /// `shuffle_small` uses, at the ends of the `u32` range and around multiples of it.
    #[test]
    fn div_small_divides() {
        for m in 2..=SMALL_SHUFFLE {
            let d = m as u32;
            let mut ns: Vec<u32> = vec![0, 1, d - 1, d, d + 1, u32::MAX, u32::MAX - 1];
            let top = u32::MAX / d;
            for q in [1, 2, 1000, top / 2, top - 1, top] {
                ns.extend([q * d - 1, q * d, (q * d).wrapping_add(1)]);
            }
            let mut x = 0x9E37_79B9u32;
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                ns.push(x);
            }
            for n in ns {
                assert_eq!(div_small(n, m), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    #[test]
    fn chunk_table_matches_the_loop() {
        assert_eq!(CHUNK_TABLE[2], (479_001_600, 11));
        for m in 1..CHUNK_TABLE_LEN as u32 {
            assert_eq!(CHUNK_TABLE[m as usize], chunk_bound(m));
        }
        assert_eq!(chunk_bound(70_000), (70_000, 1));
    }
}
