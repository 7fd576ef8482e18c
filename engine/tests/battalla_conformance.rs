//! Battalla through the conformance suite, with the default rules and with the readings that
//! change the flow most (stamina carried over, more heroes a turn, one life card, no wait
//! before attacking, a short turn limit).

use cardsim_engine::battalla::Battalla;
use cardsim_engine::conformance;

fn check(params: &[&str], games: u64, deep: bool) -> conformance::Report {
    let a = Battalla::example(params).unwrap_or_else(|e| panic!("{e}"));
    conformance::run(&a, games, 7, deep).unwrap_or_else(|e| panic!("{params:?}: {e}"))
}

#[test]
fn default_rules() {
    let r = check(&[], 300, false);
    assert_eq!(r.games, 300);
    check(&[], 30, true);
}

#[test]
fn other_readings() {
    check(
        &["stamina_carry=true", "stamina_max=12", "heroes_per_turn=2"],
        150,
        false,
    );
    check(
        &[
            "life_cards=1",
            "attack_after=0",
            "first=random",
            "max_turns=10",
        ],
        150,
        false,
    );
    check(
        &[
            "stamina_per_turn=9",
            "heroes_on_field=1",
            "draw_per_turn=2",
            "first_turn_draw=true",
        ],
        150,
        false,
    );
}
