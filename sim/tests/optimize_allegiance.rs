//! `cardsim optimize` on Allegiance, whose "deck" is a hero loadout (hero, weapon and armor
//! slots, no card list): the search changes slots only, the best loadout reads back, and it
//! beats the start on fresh games.

use std::path::{Path, PathBuf};

use cardsim_sim::optimize::{optimize, OptimizeSpec};

fn deck(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../data/allegiance/decks/{name}.txt"))
}

#[test]
fn a_loadout_is_searched_by_its_slots() {
    let mut s = OptimizeSpec::new("allegiance", deck("beledan"), vec![deck("hakor")]);
    s.search.budget = 3000;
    s.search.race.look = 32;
    s.search.race.max_pairs = 128;
    s.final_games = 400;
    let r = optimize(&s).unwrap();
    assert_eq!(
        r.start.plan.slots,
        vec!["Beledan Kind", "Valdruun Warhammer", "Anointed Platemail"]
    );
    assert!(r.best.plan.cards.is_empty());
    assert_eq!(r.best.plan.slots.len(), 3);
    assert_ne!(r.best.plan, r.start.plan);
    let (_, lo, _) = r.paired.diff(1.96).unwrap();
    assert!(lo > 0.0, "{:?}", r.paired.diff(1.96));
    // The best loadout file loads as the same loadout.
    let t = std::env::temp_dir().join(format!("cardsim-opt-alleg-{}.txt", std::process::id()));
    std::fs::write(&t, &r.best_text).unwrap();
    let mut again = OptimizeSpec::new("allegiance", t.clone(), vec![deck("hakor")]);
    again.search.budget = 1;
    again.search.max_steps = 1;
    again.final_games = 2;
    let r2 = optimize(&again).unwrap();
    let _ = std::fs::remove_file(&t);
    assert_eq!(r2.start.plan, r.best.plan);
}
