//! The tests of `options.rs`: the cooldown masks, the reaction test against the listing, the kept reaction bits (also on look-ahead copies), the target walk, the one-action shortcuts and the window's kept kind.

/// The word-wide cooldown masks agree with a byte-by-byte walk.
#[test]
fn cooldown_masks_agree_with_a_walk() {
    let values = [-128i8, -100, -1, 0, 1, 2, 5, 127];
    let mut seen = 0u32;
    for k in 0..8u32.pow(6) {
        let mut cd = [0i8; super::ABILITIES];
        let mut r = k;
        for (j, c) in cd.iter_mut().enumerate() {
            // Vary six bytes fully, the last two with the first ones.
            *c = values[(r % 8) as usize];
            r = if j < 5 { r / 8 } else { k % 7 + j as u32 };
        }
        let (mut ready, mut locked) = (0u8, 0u8);
        for (j, &c) in cd.iter().enumerate() {
            ready |= u8::from(c == 0) << j;
            locked |= u8::from(c < 0) << j;
        }
        assert_eq!(super::cooldown_masks(&cd), (ready, locked), "{cd:?}");
        seen += 1;
    }
    assert_eq!(seen, 8u32.pow(6));
}

use super::super::testing::{
    each_example_position, each_look_ahead_copy, each_random_position, example_setups,
};
use crate::ActionBuf;

/// `has_reaction` answers without listing; at every step of random 2- and 4-player games
/// its answer for every seat must be that of the full [`super::AllegianceState::reactions`]
/// listing (a non-empty list), so that the two walks over the same sources cannot drift.
#[test]
fn has_reaction_agrees_with_the_reaction_listing() {
    let (mut yes, mut no) = (0u64, 0u64);
    let mut listed = ActionBuf::new();
    for (a, seating) in &example_setups()[..2] {
        for game in 0..6u64 {
            each_random_position(a, seating, game, |s| {
                for p in 0..seating.len() {
                    listed.clear();
                    s.reactions(p, &mut listed);
                    let has = s.has_reaction(p);
                    assert_eq!(has, !listed.is_empty(), "seat {p}, game {game}");
                    if has {
                        yes += 1;
                    } else {
                        no += 1;
                    }
                }
            });
        }
    }
    assert!(yes > 500 && no > 500, "{yes} {no}");
}

/// The kept reaction summary (ready reaction abilities, faces with an activated effect)
/// equals the one worked out afresh for every seat at every step of random 2-player,
/// 4-player and team games, and some steps have each kind of bit set.
#[test]
fn kept_reaction_bits_agree_with_a_fresh_count() {
    let (mut ready, mut faces, mut steps) = (0u64, 0u64, 0u64);
    each_example_position(6, |s, game| {
        steps += 1;
        for (p, pl) in s.players.iter().enumerate() {
            let fresh = s.reaction_bits(p);
            assert_eq!(
                (pl.ready_reactions, pl.face_acts),
                fresh,
                "seat {p}, game {game}"
            );
            ready += u64::from(fresh.0 != 0);
            faces += u64::from(fresh.1 != 0);
        }
    });
    assert!(
        ready > 100 && faces > 100 && steps > 1000,
        "{ready} {faces} {steps}"
    );
}

/// The same on copies that try actions as a greedy look-ahead does: at every position of
/// random 2-player, 4-player and team games, each legal action is applied to a copy
/// (`clone_from` into one reused state) that then plays a few random steps on; after
/// each step the kept bits equal a fresh count and the reaction test agrees with the
/// listing, for every seat.
#[test]
fn kept_reaction_bits_agree_on_look_ahead_copies() {
    let mut listed = ActionBuf::new();
    let mut checked = 0u64;
    each_look_ahead_copy(2, 0, |c, game| {
        for p in 0..c.n() {
            let pl = &c.players[p];
            let kept = (pl.ready_reactions, pl.face_acts);
            assert_eq!(kept, c.reaction_bits(p), "seat {p}, game {game}");
            listed.clear();
            c.reactions(p, &mut listed);
            assert_eq!(
                c.has_reaction(p),
                !listed.is_empty(),
                "seat {p}, game {game}"
            );
            checked += 1;
        }
    });
    assert!(checked > 10_000, "{checked}");
}

/// `target_exists` answers as `any_target` with nothing chosen, for every effect with a
/// target and every seat at every step of random 2-player, 4-player and team games.
#[test]
fn target_exists_agrees_with_the_target_walk() {
    let (mut yes, mut no) = (0u64, 0u64);
    each_example_position(4, |s, game| {
        for e in &s.shared.db.effects {
            let Some(k) = e.target else { continue };
            for p in 0..s.n() {
                let exists = s.target_exists(p, k);
                assert_eq!(exists, s.any_target(p, e, &[]), "{k:?}, game {game}");
                yes += u64::from(exists);
                no += u64::from(!exists);
            }
        }
    });
    assert!(yes > 1_000 && no > 1_000, "{yes} {no}");
}

/// `only_pass_to_declare` and `single_block` stand for a one-action listing in a
/// declaration of attackers and a block: at every step of random 2- and 4-player games
/// they agree with the listing.
#[test]
fn one_action_shortcuts_agree_with_the_listing() {
    let (mut only, mut more) = (0u64, 0u64);
    let mut listed = ActionBuf::new();
    for (a, seating) in &example_setups()[..2] {
        for game in 0..6u64 {
            each_random_position(a, seating, game, |s| {
                s.legal(&mut listed);
                let only_pass = s.only_pass_to_declare();
                if matches!(s.dec, super::Dec::Attackers(_)) {
                    assert_eq!(only_pass, listed.len() == 1, "game {game}");
                    if only_pass {
                        only += 1;
                    } else {
                        more += 1;
                    }
                } else {
                    assert!(!only_pass, "game {game}");
                }
                let single = (listed.len() == 1 && matches!(s.dec, super::Dec::Defenders(_)))
                    .then(|| listed[0].0)
                    .filter(|_| s.battle.as_ref().is_some_and(|b| b.pick != super::NONE));
                assert_eq!(s.single_block(), single, "game {game}");
            });
        }
    }
    assert!(more > 50, "{only} {more}");
}

/// The kept seats that may react (`react`) equal the answer worked out afresh for every seat
/// after every applied action: at every decision of 20 random games of each example set-up
/// (2 players, 4, teams), and on look-ahead copies (each legal action applied to a
/// `clone_from` copy, then up to three random steps, game over included). Seats that may
/// react and seats that may not both occur, as do eliminated seats (the advance loop also
/// asserts the bit at every reaction test in test builds).
#[test]
fn kept_react_agrees_with_a_fresh_answer() {
    let (mut may, mut may_not, mut out, mut checked) = (0u64, 0u64, 0u64, 0u64);
    let mut check = |s: &super::AllegianceState, game: u64| {
        assert_eq!(s.react, s.react_bits(), "game {game}, turn {}", s.turn);
        for (p, pl) in s.players.iter().enumerate() {
            may += u64::from(s.react >> p & 1 != 0);
            may_not += u64::from(s.react >> p & 1 == 0);
            out += u64::from(!pl.alive);
        }
        checked += 1;
    };
    each_example_position(20, &mut check);
    each_look_ahead_copy(2, 2, &mut check);
    assert!(
        checked > 50_000 && may > 10_000 && may_not > 10_000 && out > 100,
        "{checked} {may} {may_not} {out}"
    );
}

/// The kind of a window (`Dec::Main` for the main phase's window, `Dec::Window` for a
/// response window), told apart when the window opens, is the main-window test's answer
/// afresh at every decision of 4 random games of each example set-up and on look-ahead
/// copies (each legal action applied to a `clone_from` copy, then up to three random
/// steps). Both kinds occur; the state invariants (`search.rs`) check the same.
#[test]
fn window_kind_agrees_with_the_main_window_test() {
    let (mut main, mut reaction) = (0u64, 0u64);
    let mut check = |s: &super::AllegianceState, game: u64| {
        if let super::Dec::Window(_) | super::Dec::Main(_) = s.dec {
            let kept = matches!(s.dec, super::Dec::Main(_));
            assert_eq!(kept, s.is_main_window(), "game {game}, turn {}", s.turn);
            main += u64::from(kept);
            reaction += u64::from(!kept);
        }
    };
    each_example_position(4, &mut check);
    each_look_ahead_copy(2, 1, &mut check);
    assert!(main > 1_000 && reaction > 1_000, "{main} {reaction}");
}
