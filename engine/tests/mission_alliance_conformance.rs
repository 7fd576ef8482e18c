//! Mission: Alliance through the conformance suite, with the default rules and with the
//! readings that change the flow most (no challenge, many eliminated cards, a small back row).

use cardsim_engine::conformance;
use cardsim_engine::mission_alliance::MissionAlliance;

fn check(params: &[&str], games: u64, deep: bool) -> conformance::Report {
    let a = MissionAlliance::example(params).unwrap_or_else(|e| panic!("{e}"));
    conformance::run(&a, games, 7, deep).unwrap_or_else(|e| panic!("{params:?}: {e}"))
}

#[test]
fn default_rules() {
    let r = check(&[], 400, false);
    assert_eq!(r.games, 400);
    check(&[], 40, true);
}

#[test]
fn other_readings() {
    check(
        &["challenge_level=5", "eliminate_to_win=20", "back_row=2"],
        200,
        false,
    );
    check(
        &[
            "first=random",
            "draw_per_turn=1",
            "player_hit=1",
            "max_turns=10",
        ],
        200,
        false,
    );
    check(
        &["team_size=2", "max_teams=1", "energy_per_turn=2"],
        200,
        false,
    );
}
