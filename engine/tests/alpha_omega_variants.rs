//! Alpha/Omega's Opponent Play variant (a seat plays the Opponent deck: it draws a hand, takes
//! a turn after every Good turn, picks its cards and targets, and wins when the Good team
//! loses) and the common Good deck, on stacked example decks; and the achievement points as
//! the game's score.

use cardsim_engine::alpha_omega::state::AoState;
use cardsim_engine::alpha_omega::AlphaOmega;
use cardsim_engine::{game_rng, Game, PlayerResult, Ruleset, ToMove};

mod by_label;
use by_label::{act, key, labels};

/// A stacked game (every Good seat on `heavenly_host`, deck 1) waiting for `begin`, with the
/// set-up keys applied.
fn game(params: &[&str], setup: &[(&str, &str)]) -> (AlphaOmega, AoState) {
    let mut all = vec!["shuffle=false", "begin_action=true"];
    all.extend_from_slice(params);
    let r = AlphaOmega::example(&all).unwrap();
    let seating = vec![1u8; r.num_players()];
    let mut g = r.new_game(&seating, game_rng(1, 0));
    g.set_logging(true);
    for (k, v) in setup {
        g.scenario_set(k, v).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    (r, g)
}

#[test]
fn the_opponent_seat_draws_a_hand_plays_after_each_good_turn_and_picks_its_targets() {
    let (r, mut g) = game(&["players=1", "opponent_play=true"], &[]);
    assert_eq!(r.num_players(), 2);
    assert_eq!((r.seat_name(0), r.seat_name(1)), ("good0", "opponent"));
    assert_eq!((r.team_of(0), r.team_of(1)), (Some(0), Some(1)));
    // The Opponent seat holds the top 7 Opponent cards; no Opponent phase in a Good turn.
    assert_eq!(
        key(&g, "opp.hand"),
        "Abigor, Agares, Paimon, Adramalech, Asmodee, Alloces, Belial"
    );
    act(&mut g, "begin");
    assert_eq!(labels(&g), vec!["draw", "calling"]);
    act(&mut g, "draw");
    act(&mut g, "play Azrael");
    // Azrael finds nothing to attack; the Opponent seat's turn: it draws Mammon and decides.
    assert_eq!(g.to_move(), ToMove::Player(1));
    let l = labels(&g);
    assert_eq!(l.len(), 9, "{l:?}");
    assert_eq!((l[0].as_str(), l[8].as_str()), ("pass", "play Mammon"));
    act(&mut g, "play Abigor");
    // A Person it plays attacks in its own Action phase, at a target it chooses.
    assert_eq!(labels(&g), vec!["Abigor holds", "Abigor attacks Azrael"]);
    act(&mut g, "Abigor attacks Azrael");
    // 7 against 7: Azrael is Lured Astray. No Clean-up attacks; the Strength Check follows.
    assert_eq!(key(&g, "opp"), "Abigor 7/7, Azrael 7/7");
    assert_eq!(key(&g, "round"), "2");
    assert_eq!(key(&g, "balance"), "-14");
    assert_eq!(g.to_move(), ToMove::Player(0));
    assert!(g
        .take_log()
        .iter()
        .any(|l| l == "Opponent seat plays Abigor"));
}

#[test]
fn the_opponent_seat_wins_when_the_good_team_loses_and_guards_stay_with_the_good_side() {
    let (_, mut g) = game(
        &["players=1", "opponent_play=true", "margin=10"],
        &[("good.0", "Michael, Gideon")],
    );
    act(&mut g, "begin");
    act(&mut g, "draw");
    // Nothing to attack yet: the Opponent seat's turn follows.
    act(&mut g, "pass");
    act(&mut g, "play Agares");
    act(&mut g, "Agares attacks Gideon");
    // The Good player answers the guard question in the Opponent seat's turn.
    assert_eq!(g.to_move(), ToMove::Player(0));
    assert_eq!(labels(&g), vec!["no guard", "guard with Michael"]);
    act(&mut g, "no guard");
    // Gideon (5) is lured by Agares (5): Good 7, Opponents 10, balance -3; play on.
    assert_eq!(key(&g, "balance"), "-3");
    act(&mut g, "draw");
    act(&mut g, "pass");
    act(&mut g, "Michael holds");
    act(&mut g, "play Abigor");
    // No other guard: the attack lands. Lured Gideon attacks for the Opponent seat too.
    act(&mut g, "Agares attacks Michael");
    act(&mut g, "Gideon attacks Michael");
    // Michael (7) took 5 + 5 from a human without the Lure: discarded. Opponents 5 + 5 + 7
    // = 17 against 0, past the margin of 10.
    let o = g.outcome().expect("the Opponents reached the margin");
    assert_eq!(o.players, 2);
    assert_eq!(&o.results[..2], &[PlayerResult::Loss, PlayerResult::Win]);
    assert_eq!(key(&g, "discard.0"), "Michael");
    assert!(g.take_log().iter().any(|l| l.contains("balance -17")));
    assert_eq!(g.score(1), None);
    // Achievement points: nothing in play, no Calling, never lured: 5.
    assert_eq!(g.score(0), Some(5));
}

#[test]
fn opponent_play_needs_a_free_seat() {
    let e = AlphaOmega::example(&["players=4", "opponent_play=true"]).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("params") && msg.contains("players=1 to 3"),
        "{msg}"
    );
}

#[test]
fn a_common_deck_deals_every_hand_from_one_deck_and_one_pile() {
    let (r, mut g) = game(&["players=2", "common_deck=true"], &[]);
    assert_eq!(r.num_players(), 2);
    assert_eq!(
        key(&g, "hand.0"),
        "Azrael, Michael, Gabriel, Uriel, Raphael, Metatron, Apollyon"
    );
    assert_eq!(
        key(&g, "hand.1"),
        "Camael, Ambriel, Jehudiel, Selaphiel, Barachiel, Raguel, Zadkiel"
    );
    assert_eq!(
        (key(&g, "deck.0"), key(&g, "deck.1")),
        ("26".into(), "0".into())
    );
    act(&mut g, "begin");
    act(&mut g, "draw");
    assert_eq!(key(&g, "deck.0"), "25");
    act(&mut g, "play Azrael");
    act(&mut g, "Azrael attacks Abigor");
    // Seat 1 draws the next card of the same deck (Deborah after Elijah).
    act(&mut g, "draw");
    assert!(
        key(&g, "hand.1").ends_with("Deborah"),
        "{}",
        key(&g, "hand.1")
    );
    assert_eq!(key(&g, "deck.0"), "24");
    assert_eq!(key(&g, "discard.0"), "-");
}
