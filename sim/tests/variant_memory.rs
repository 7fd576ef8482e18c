//! Memory stays flat over any number of rule-set variants: building a card-edit or deck-plan
//! variant (as `impact`, `--patch` and `optimize` do for every candidate), playing a game on
//! it and dropping it returns the live heap to where it was. Each variant used to leak its
//! compiled card table (about 21 KB for Tyrant's example data) for the rest of the process.
//! One test in its own binary, so that no other test allocates meanwhile.

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::allegiance::Allegiance;
use cardsim_engine::alpha_omega::AlphaOmega;
use cardsim_engine::battalla::Battalla;
use cardsim_engine::mission_alliance::MissionAlliance;
use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::Ruleset;
use cardsim_sim::runner::play_seeded;

mod counting;
use counting::live_bytes;

/// Play game `g` of `r` with random agents (deck `s mod decks` at seat `s`).
fn play<R: Ruleset>(r: &R, g: u64) {
    let n = r.num_players();
    let decks = r.deck_names().len();
    let mut agents: Vec<_> = (0..n)
        .map(|_| make_agent::<R>(&AgentSpec::parse("random").unwrap()).unwrap())
        .collect();
    let slots: Vec<usize> = (0..n).collect();
    let seating: Vec<u8> = (0..n).map(|s| (s % decks) as u8).collect();
    let (_, rec) = play_seeded(r, 3, g, &seating, &slots, &mut agents, &vec![false; n]);
    assert!(rec.turns > 0);
}

/// Live heap bytes gained over `rounds` rounds of `make` (build a variant of `r`, play a
/// game on it, drop both), after one round of warm-up.
fn gained<R: Ruleset>(r: &R, rounds: u64, make: &dyn Fn(&R) -> R) -> isize {
    let round = |g: u64| {
        let v = make(r);
        play(&v, g);
    };
    round(0);
    let before = live_bytes();
    for g in 1..=rounds {
        round(g);
    }
    live_bytes() as isize - before as isize
}

/// Number changes to try, the first that some card of the game accepts is used.
const CHANGES: [&str; 4] = ["health+1", "attack+1", "strength+1", "cost+1"];

/// Deck-plan variants (optimize's candidates) and card-edit variants (impact and `--patch`).
fn variants_of<R: Ruleset>(r: R) {
    let plan = r.deck_plan(0).expect("deck 0 has a plan");
    let by_plan = gained(&r, 200, &|r: &R| r.with_deck_plan(0, &plan).unwrap());
    assert_eq!(
        by_plan,
        0,
        "{}: 200 deck-plan variants kept {by_plan} bytes",
        R::NAME
    );
    let (card, change) = r
        .card_names()
        .into_iter()
        .find_map(|c| {
            let ch = CHANGES
                .iter()
                .find(|ch| r.with_card_changed(&c, ch).is_ok())?;
            Some((c, *ch))
        })
        .expect("some card takes a change");
    let by_edit = gained(&r, 200, &|r: &R| {
        r.with_card_changed(&card, change).unwrap()
    });
    assert_eq!(
        by_edit,
        0,
        "{}: 200 card edits kept {by_edit} bytes",
        R::NAME
    );
}

#[test]
fn building_and_dropping_variants_frees_them() {
    variants_of(Tyrant::example(&[]).unwrap());
    variants_of(Allegiance::example(&[]).unwrap());
    variants_of(MissionAlliance::example(&[]).unwrap());
    variants_of(Battalla::example(&[]).unwrap());
    variants_of(AlphaOmega::example(&[]).unwrap());
}
