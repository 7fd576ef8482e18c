//! Tests of the unordered decks of a search's resampled world (`Piles::take_top`,
//! `AllegianceState::resample_lazy`): the cards are the same, and each comes with the
//! probability a full shuffle gives it.

use super::super::testing::{each_example_position, each_random_position, example_setups};
use super::super::{AllegianceState, Player};
use super::*;
use crate::{game_rng, Game};

/// Deck 0 of `p` from the bottom, and whether it is unordered from where.
fn deck(p: &Piles) -> (Vec<u8>, Option<u8>) {
    (p.decks()[0].iter().copied().collect(), p.unordered()[0])
}

/// An ordered deck takes its last card; an unordered one a random card from its unordered
/// part, and the cards put under it since are taken last, in order.
#[test]
fn take_top_of_ordered_and_unordered_decks() {
    let mut rng = game_rng(1, 0);
    let mut p = Piles::new();
    p.decks_mut()[0].extend_from_slice(&[1, 2, 3]);
    assert_eq!(p.take_top(0, &mut rng), 3);
    assert_eq!(deck(&p), (vec![1, 2], None));

    p.set_unordered(0, &[10, 11, 12, 13]);
    p.put_under(0, 20);
    p.put_under(0, 21);
    assert_eq!(deck(&p), (vec![21, 20, 10, 11, 12, 13], Some(2)));
    let mut taken: Vec<u8> = (0..4).map(|_| p.take_top(0, &mut rng)).collect();
    // The put-under cards are left, in their order, and the deck is ordered from 0 up.
    assert_eq!(deck(&p), (vec![21, 20], Some(2)));
    assert_eq!(p.take_top(0, &mut rng), 20);
    assert_eq!(deck(&p), (vec![21], Some(1)));
    assert_eq!(p.mill(0, &mut rng), 21);
    assert_eq!(
        p.discards()[0].iter().copied().collect::<Vec<_>>(),
        vec![21]
    );
    taken.sort();
    assert_eq!(taken, vec![10, 11, 12, 13]);
    p.set_ordered(0);
    assert_eq!(p.unordered(), [None; 3]);
}

/// The multiset of every deck with the other seats' hand cards of that deck (the pool a
/// resample deals from), by deck.
fn pools(g: &AllegianceState, viewer: u8) -> [Vec<u8>; 3] {
    let mut out: [Vec<u8>; 3] = Default::default();
    for (d, pool) in out.iter_mut().enumerate() {
        pool.extend(g.decks()[d].iter().copied());
        for (q, pl) in g.players.iter().enumerate() {
            if q as u8 != viewer {
                pool.extend(
                    pl.hand
                        .iter()
                        .copied()
                        .filter(|&c| g.shared.db.card(c).kind.deck() == Some(d)),
                );
            }
        }
        pool.sort();
    }
    out
}

/// Random games (2 players, 4 free-for-all, 4 in teams): at every step, for every viewing
/// seat, the lazy resample keeps the viewer's hand, each seat's hand size and the deck of
/// each hand slot, every deck's length and pool, leaves every deck unordered from its
/// bottom, and keeps the state's invariants; the caller's RNG moves on.
#[test]
fn lazy_resample_deals_the_same_cards() {
    let mut checked = 0u64;
    each_example_position(3, |g, game| {
        for viewer in 0..g.n() as u8 {
            let mut w = g.clone();
            let mut rng = game_rng(13, game * 8 + viewer as u64);
            let before = rng.clone();
            w.resample_lazy(viewer, &mut rng);
            assert_ne!(rng, before);
            assert_eq!(
                pools(&w, viewer),
                pools(g, viewer),
                "game {game} viewer {viewer}"
            );
            assert_eq!(
                w.players[viewer as usize].hand,
                g.players[viewer as usize].hand
            );
            for (a, b) in w.players.iter().zip(&g.players) {
                let decks = |pl: &Player| -> Vec<Option<usize>> {
                    pl.hand
                        .iter()
                        .map(|&c| g.shared.db.card(c).kind.deck())
                        .collect()
                };
                assert_eq!(decks(a), decks(b));
            }
            for d in 0..3 {
                assert_eq!(w.decks()[d].len(), g.decks()[d].len());
            }
            assert_eq!(w.piles.unordered(), [Some(0); 3]);
            w.check_invariants().unwrap();
            checked += 1;
        }
    });
    assert!(checked > 5_000, "{checked}");
}

/// A 2-player position after the opening: over 20,000 lazy resamples for seat 0, the top
/// card of the basic deck and the first hidden card of seat 1's hand each come out as often
/// as the card's share of the pool says (each count within 5 standard deviations of its
/// expectation), as they do over 20,000 full resamples.
#[test]
fn lazy_resample_deals_with_a_shuffles_probabilities() {
    let (a, seating) = &example_setups()[0];
    let mut found: Option<AllegianceState> = None;
    each_random_position(a, seating, 0, |g| {
        let hidden = g.players[1]
            .hand
            .iter()
            .any(|&c| g.shared.db.card(c).kind.deck() == Some(0));
        if found.is_none() && g.turn_no() >= 2 && hidden && g.decks()[0].len() > 10 {
            found = Some(g.clone());
        }
    });
    let g = found.expect("a position");
    let slot = g.players[1]
        .hand
        .iter()
        .position(|&c| g.shared.db.card(c).kind.deck() == Some(0))
        .unwrap();
    let pool = &pools(&g, 0)[0];
    const N: u32 = 20_000;
    for lazy in [true, false] {
        let mut top = [0u32; 256];
        let mut hand = [0u32; 256];
        let mut w = g.clone();
        for k in 0..N as u64 {
            w.clone_from(&g);
            let mut rng = game_rng(14, k);
            if lazy {
                w.resample_lazy(0, &mut rng);
            } else {
                w.resample(0, &mut rng);
            }
            hand[w.players[1].hand[slot] as usize] += 1;
            let mut rng = game_rng(15, k);
            top[w.piles.take_top(0, &mut rng) as usize] += 1;
        }
        for c in 0..256 {
            let copies = pool.iter().filter(|&&x| x as usize == c).count() as f64;
            let expect = N as f64 * copies / pool.len() as f64;
            let bound = 5.0 * expect.sqrt() + 1e-9;
            for (what, n) in [("top", top[c]), ("hand", hand[c])] {
                assert!(
                    (n as f64 - expect).abs() <= bound,
                    "lazy {lazy}: card {c} as {what}: {n} times, expected {expect:.0}"
                );
            }
        }
    }
}
