//! Battalla's evaluation (what greedy play and truncated MCTS playouts score): a card that
//! may attack directly next turn is worth its advance plus the threat bonus.

use cardsim_engine::battalla::Battalla;
use cardsim_engine::{game_rng, ActionBuf, Game, Ruleset};

/// A game of greek_phalanx against itself, both mulligans kept, at seat 0's first decision,
/// with `cell` set to Argonaut Castor (attack 2, health 3).
fn with_castor(cell: &str) -> cardsim_engine::battalla::BtState {
    let r = Battalla::example(&["shuffle=false", "first=seat0"]).unwrap();
    let d = r.deck("greek_phalanx").unwrap();
    let mut s = r.new_game(&[d, d], game_rng(1, 0));
    let mut buf = ActionBuf::new();
    for _ in 0..2 {
        s.legal_actions(&mut buf);
        // KEEP is listed first in a mulligan decision.
        s.apply(buf[0]);
    }
    s.scenario_set("board.0", &format!("{cell} Argonaut Castor"))
        .unwrap();
    s
}

#[test]
fn advance_and_direct_attack_threat() {
    let mid = with_castor("3.1").evaluate(0);
    let front = with_castor("4.1").evaluate(0);
    let summon = with_castor("5.1").evaluate(0);
    // One row of advance (0.7) plus the threat (3.0), at the board's weight of 1/2.
    assert!((front - mid - 1.85).abs() < 1e-9, "{front} - {mid}");
    // One more row: the advance only.
    assert!((summon - front - 0.35).abs() < 1e-9, "{summon} - {front}");
    // The opponent sees the same difference the other way round.
    let (m1, f1) = (
        with_castor("3.1").evaluate(1),
        with_castor("4.1").evaluate(1),
    );
    assert!((m1 - f1 - 1.85).abs() < 1e-9, "{m1} - {f1}");
}
