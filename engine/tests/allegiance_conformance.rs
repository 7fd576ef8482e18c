//! Allegiance through the conformance suite: 2, 3 and 4 players, every format.

use cardsim_engine::allegiance::Allegiance;
use cardsim_engine::conformance;

fn check(params: &[&str], games: u64, deep: bool) -> conformance::Report {
    let a = Allegiance::example(params).unwrap_or_else(|e| panic!("{e}"));
    conformance::run(&a, games, 7, deep).unwrap_or_else(|e| panic!("{params:?}: {e}"))
}

#[test]
fn two_players() {
    let r = check(&[], 400, false);
    assert_eq!(r.games, 400);
    check(&[], 40, true);
}

#[test]
fn three_players_every_format() {
    for f in ["format=ffa", "format=sworn"] {
        let r = check(&["players=3", f], 150, false);
        assert_eq!(r.games, 150);
    }
    check(&["players=3", "format=sworn"], 15, true);
}

#[test]
fn four_players_every_format() {
    for f in ["format=ffa", "format=sworn", "format=team"] {
        let r = check(&["players=4", f], 100, false);
        assert_eq!(r.games, 100);
    }
    check(&["players=4", "format=team"], 10, true);
}

#[test]
fn other_parameters() {
    check(
        &["first_turn_rule=false", "max_rounds=4", "max_maneuvers=3"],
        200,
        false,
    );
    check(&["reshuffle_keep=0", "start_gold=20"], 100, false);
}
