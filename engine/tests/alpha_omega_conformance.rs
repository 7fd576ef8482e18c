//! Alpha/Omega through the conformance suite: one to four Good players, the default rules and
//! the readings that change the flow most (Easy mode, the literal Objective, All or Nothing).

use cardsim_engine::alpha_omega::AlphaOmega;
use cardsim_engine::conformance;

fn check(params: &[&str], games: u64, deep: bool) -> conformance::Report {
    let a = AlphaOmega::example(params).unwrap_or_else(|e| panic!("{e}"));
    conformance::run(&a, games, 7, deep).unwrap_or_else(|e| panic!("{params:?}: {e}"))
}

#[test]
fn default_rules() {
    let r = check(&[], 300, false);
    assert_eq!(r.games, 300);
    check(&[], 30, true);
}

#[test]
fn every_player_count() {
    for n in ["players=1", "players=3", "players=4"] {
        check(&[n], 150, false);
    }
}

#[test]
fn other_readings() {
    check(&["easy=true", "objective=1"], 150, false);
    check(&["objective_rule=literal", "hand=3"], 150, false);
    check(
        &["all_or_nothing=true", "margin=100", "max_rounds=30"],
        100,
        false,
    );
    check(&["lure_rounds=1", "margin=25", "players=3"], 150, true);
}

#[test]
fn variants_opponent_play_and_common_deck() {
    for n in ["players=1", "players=2", "players=3"] {
        check(&["opponent_play=true", n], 100, false);
        check(&["common_deck=true", n], 100, false);
    }
    check(
        &["opponent_play=true", "common_deck=true", "players=2"],
        50,
        true,
    );
    check(&["common_deck=true", "players=4"], 50, true);
}
