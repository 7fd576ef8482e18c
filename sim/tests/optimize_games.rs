//! `cardsim optimize` on Mission: Alliance (a 30-card list), Battalla (five ordered hero slots
//! and a 40–60-card Main Deck of the heroes' mythoi) and Alpha/Omega (a cooperative Good deck
//! of published copies, the team's result): from a weak example deck the search finds a deck
//! that beats it on fresh games (paired interval above zero), every move it tried was a legal
//! deck of the game, and the best deck file reads back as the same deck.

mod common;

use std::path::{Path, PathBuf};

use cardsim_sim::optimize::{optimize, OptimizeReport, OptimizeSpec};
use common::Tmp;

fn deck(game: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../data/{game}/decks/{name}.txt"))
}

/// A small search: one restart, looks of 32 pairs, at most 256, 1,000 fresh games.
fn spec(game: &str, start: PathBuf, vs: Vec<PathBuf>, budget: u64) -> OptimizeSpec {
    let mut s = OptimizeSpec::new(game, start, vs);
    s.search.restarts = 1;
    s.search.budget = budget;
    s.search.race.look = 32;
    s.search.race.max_pairs = 256;
    s.final_games = 1000;
    s
}

/// The best deck beats the start on the fresh games, and its file reads back as itself.
fn check_improves(s: &OptimizeSpec, r: &OptimizeReport, tag: &str) {
    let (d, lo, hi) = r.paired.diff(1.96).unwrap();
    assert!(lo > 0.0, "{tag}: best - start {d:+.4} [{lo:+.4}, {hi:+.4}]");
    assert_eq!(r.paired.n, 1000);
    assert_ne!(r.best.plan, r.start.plan);
    let t = Tmp::new(&format!("opt-{tag}"));
    let file = t.0.join("best.txt");
    std::fs::write(&file, &r.best_text).unwrap();
    let mut again = s.clone();
    again.deck = file;
    again.search.budget = 1;
    again.search.max_steps = 1;
    again.final_games = 2;
    assert_eq!(optimize(&again).unwrap().start.plan, r.best.plan, "{tag}");
}

#[test]
fn mission_alliance_swarm_improves_and_keeps_30_cards() {
    let vs = ["elite", "formation_burn", "gadget_control"]
        .map(|d| deck("mission_alliance", d))
        .to_vec();
    let s = spec(
        "mission_alliance",
        deck("mission_alliance", "swarm"),
        vs,
        4000,
    );
    let r = optimize(&s).unwrap();
    check_improves(&s, &r, "ma");
    for st in &r.steps {
        let cards = st.deck.split(", ").count();
        assert_eq!(cards, 30, "{}", st.deck);
    }
    assert!(r.best.plan.slots.is_empty());
    for c in &r.best.plan.cards {
        assert!(r.best.plan.copies(c) <= 3, "{c}");
    }
}

#[test]
fn battalla_yokai_improves_within_its_mythoi_and_reorders_heroes() {
    let vs = ["fae_tricks", "greek_phalanx", "greek_yokai_alliance"]
        .map(|d| deck("battalla", d))
        .to_vec();
    let s = spec("battalla", deck("battalla", "yokai_night_parade"), vs, 8000);
    let r = optimize(&s).unwrap();
    assert_eq!(
        r.start.plan.slots,
        vec![
            "Nurarihyon",
            "Tamamo-no-Mae",
            "Shuten-doji",
            "Yuki-onna",
            "Tengu Lord"
        ]
    );
    check_improves(&s, &r, "bt");
    // Every candidate had five different heroes and 40 to 60 Main Deck cards.
    for st in &r.steps {
        let (heroes, main) = st.deck.split_once(" | ").unwrap();
        let h: Vec<&str> = heroes.split(" / ").collect();
        assert_eq!(h.len(), 5, "{}", st.deck);
        assert!(h.iter().all(|x| h.iter().filter(|y| *y == x).count() == 1));
        let n = main.split(", ").count();
        assert!((40..=60).contains(&n), "{n}: {}", st.deck);
    }
    // Hero order is searched: some move swapped two hero places.
    assert!(r.steps.iter().any(|st| st.change.contains(" <-> ")));
}

#[test]
fn alpha_omega_solo_weak_deck_improves_for_the_team() {
    // A solo game (players=1, no --vs) against the automaton with a short Objective
    // (margin=5), so random play wins some games; the start is the weakest humans and
    // events, and the search brings in stronger Persons.
    let t = Tmp::new("opt-ao-weak");
    let weak = t.0.join("weak.txt");
    std::fs::write(
        &weak,
        "# weak: the weakest humans and events\nDeborah\nEsther\nRuth\nMary\n2x Loyalty\n3x Courage\n2x Unseated Hills\nHoly Trinity\n2x Crystal Sea\nJordan River\nPeter\nJohn\nPaul\nDaniel\n",
    )
    .unwrap();
    let mut s = spec("alpha_omega", weak, Vec::new(), 6000);
    s.run.params = vec!["players=1".into(), "margin=5".into()];
    let r = optimize(&s).unwrap();
    check_improves(&s, &r, "ao");
    // Published copies hold: every Person at most once.
    for c in ["Azrael", "Michael", "Samson", "Deborah"] {
        assert!(r.best.plan.copies(c) <= 1, "{c}");
    }
}

#[test]
fn alpha_omega_refuses_a_deck_search_where_seats_do_not_play_their_decks() {
    let host = deck("alpha_omega", "heavenly_host");
    for p in ["opponent_play=true", "common_deck=true"] {
        let mut s = spec("alpha_omega", host.clone(), vec![host.clone()], 100);
        s.run.params = vec!["players=1".into(), p.into()];
        if p == "common_deck=true" {
            s.run.params[0] = "players=2".into();
        }
        let e = optimize(&s).err().unwrap().to_string();
        assert!(e.contains("offers no deck search"), "{p}: {e}");
    }
    // Two players need the partner's deck.
    let s = spec("alpha_omega", host, Vec::new(), 100);
    let e = optimize(&s).err().unwrap().to_string();
    assert!(e.contains("give at least one opponent"), "{e}");
}
