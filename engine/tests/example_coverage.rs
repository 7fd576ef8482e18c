//! The example Tyrant decks, together, put every skill of the rules text in play (so the
//! conformance suite and the zero-allocation test, which play every example deck, exercise
//! them all), and the example card set is at least 80 cards.

use cardsim_engine::tyrant::cards::{ActKind, CardDef};
use cardsim_engine::tyrant::Tyrant;

fn skills(c: &CardDef) -> Vec<&'static str> {
    let p = &c.passive;
    let mut v: Vec<&'static str> = c.acts.iter().map(|a| a.kind.name()).collect();
    for (name, on) in [
        ("armor", p.armor > 0),
        ("counter", p.counter > 0),
        ("pierce", p.pierce > 0),
        ("leech", p.leech > 0),
        ("berserk", p.berserk > 0),
        ("poison", p.poison > 0),
        ("flurry", p.flurry > 0),
        ("valor", p.valor > 0),
        ("antiair", p.antiair > 0),
        ("siphon", p.siphon > 0),
        ("crush", p.crush > 0),
        ("regenerate", p.regenerate > 0),
        ("swipe", p.swipe),
        ("wall", p.wall),
        ("flying", p.flying),
        ("immobilize", p.immobilize),
        ("disease", p.disease),
        ("payback", p.payback),
        ("tribute", p.tribute),
        ("evade", p.evade),
        ("refresh", p.refresh),
        ("fear", p.fear),
    ] {
        if on {
            v.push(name);
        }
    }
    v
}

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
            used.extend(skills(shared.db.card(c)));
        }
    }
    let all = [
        ActKind::Strike,
        ActKind::Rally,
        ActKind::Weaken,
        ActKind::Enfeeble,
        ActKind::Protect,
        ActKind::Jam,
        ActKind::Chaos,
    ]
    .map(|k| k.name());
    let passives = [
        "armor",
        "counter",
        "pierce",
        "leech",
        "berserk",
        "poison",
        "flurry",
        "valor",
        "antiair",
        "siphon",
        "crush",
        "regenerate",
        "swipe",
        "wall",
        "flying",
        "immobilize",
        "disease",
        "payback",
        "tribute",
        "evade",
        "refresh",
        "fear",
    ];
    let missing: Vec<&str> = all
        .iter()
        .chain(passives.iter())
        .copied()
        .filter(|s| !used.contains(s))
        .collect();
    assert_eq!(all.len() + passives.len(), 29);
    assert!(missing.is_empty(), "skills in no example deck: {missing:?}");
}
