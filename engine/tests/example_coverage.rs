//! The example Tyrant decks, together, put every skill of the rules text in play (so the
//! conformance suite and the zero-allocation test, which play every example deck, exercise
//! them all), and the example card set is at least 80 cards.

use cardsim_engine::tyrant::cards::{ActKind, PASSIVE_FLAG, PASSIVE_X};
use cardsim_engine::tyrant::Tyrant;

#[test]
fn example_decks_use_every_skill() {
    let t = Tyrant::example(&[]).unwrap();
    let shared = t.shared();
    assert!(
        shared.db.cards.len() >= 80,
        "{} cards",
        shared.db.cards.len()
    );
    assert!(shared.decks.len() >= 8, "{} decks", shared.decks.len());
    let mut used = std::collections::BTreeSet::new();
    for d in &shared.decks {
        assert!(
            !d.description.is_empty(),
            "deck {} has no description",
            d.name
        );
        for &c in d.cards.iter().chain(std::iter::once(&d.commander)) {
            used.extend(shared.db.card(c).skill_names());
        }
    }
    let acts = [
        ActKind::Strike,
        ActKind::Rally,
        ActKind::Weaken,
        ActKind::Enfeeble,
        ActKind::Protect,
        ActKind::Jam,
        ActKind::Chaos,
    ]
    .map(|k| k.name());
    let all: Vec<&str> = acts
        .iter()
        .chain(PASSIVE_X.iter())
        .chain(PASSIVE_FLAG.iter())
        .copied()
        .collect();
    assert_eq!(all.len(), 29, "the 29 skills of the rules text");
    let missing: Vec<&str> = all.into_iter().filter(|s| !used.contains(s)).collect();
    assert!(missing.is_empty(), "skills in no example deck: {missing:?}");
}
