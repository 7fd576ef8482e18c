//! Test support for the state's own tests: the example set-ups, a random walk through a game, and look-ahead copies tried at its positions.

use super::AllegianceState;
use crate::allegiance::Allegiance;
use crate::{game_rng, ActionBuf, Game, Ruleset, ToMove};
use rand::RngExt;

/// The example set-ups the state's tests play, with the seating of their decks: 2 players,
/// 4 free-for-all, 4 in teams (in that order).
pub(super) fn example_setups() -> Vec<(Allegiance, Vec<u8>)> {
    let setups: [(&[&str], &[&str]); 3] = [
        (&["thedric", "beledan"], &[]),
        (&["thedric", "beledan", "desoth", "hakor"], &["players=4"]),
        (
            &["thedric", "beledan", "desoth", "hakor"],
            &["players=4", "format=team"],
        ),
    ];
    setups
        .iter()
        .map(|(decks, params)| {
            let a = Allegiance::example(params).unwrap();
            let seating = decks.iter().map(|d| a.loadout(d).unwrap()).collect();
            (a, seating)
        })
        .collect()
}

/// Play game `game` of `a` (dealt with `game_rng(7, game)`) with uniformly random actions
/// (`game_rng(8, game)`), calling `at` on every position where a player decides, before the
/// decision.
pub(super) fn each_random_position(
    a: &Allegiance,
    seating: &[u8],
    game: u64,
    mut at: impl FnMut(&AllegianceState),
) {
    let mut g = a.new_game(seating, game_rng(7, game));
    let mut rng = game_rng(8, game);
    let mut buf = ActionBuf::new();
    while let ToMove::Player(_) = g.to_move() {
        at(&g);
        g.legal_actions(&mut buf);
        g.apply_unchecked(buf[rng.random_range(0..buf.len())]);
    }
}

/// [`each_random_position`] for games `0..games` of every example set-up
/// ([`example_setups`]), calling `at` with the position and the game's number.
pub(super) fn each_example_position(games: u64, mut at: impl FnMut(&AllegianceState, u64)) {
    for (a, seating) in &example_setups() {
        for game in 0..games {
            each_random_position(a, seating, game, |g| at(g, game));
        }
    }
}

/// Copies that try actions as a greedy look-ahead does: at every position of games
/// `0..games` of every example set-up, each legal action is applied to a copy (`clone_from`
/// into one reused state) that then plays up to three random steps on (`game_rng(9,
/// stream)`); `at` is called with the copy after the action and after each step, and the
/// game's number.
pub(super) fn each_look_ahead_copy(
    games: u64,
    stream: u64,
    mut at: impl FnMut(&AllegianceState, u64),
) {
    let mut copy: Option<AllegianceState> = None;
    let (mut buf, mut inner) = (ActionBuf::new(), ActionBuf::new());
    let mut rng = game_rng(9, stream);
    each_example_position(games, |s, game| {
        let c = copy.get_or_insert_with(|| s.clone());
        s.legal_actions(&mut buf);
        for &a in buf.iter() {
            c.clone_from(s);
            c.apply_unchecked(a);
            for _ in 0..4 {
                at(c, game);
                if !matches!(c.to_move(), ToMove::Player(_)) {
                    break;
                }
                c.legal_actions(&mut inner);
                c.apply_unchecked(inner[rng.random_range(0..inner.len())]);
            }
        }
    });
}
