//! Battalla card and deck data: the example data loads, and bad data is refused with an
//! error naming the file, the line and the problem.

use std::path::{Path, PathBuf};

use cardsim_engine::battalla::cards::Kind;
use cardsim_engine::battalla::{CardDb, Deck};
use cardsim_engine::DeckText;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/battalla")
}

fn db() -> CardDb {
    CardDb::load(&data().join("cards.csv")).unwrap_or_else(|e| panic!("{e}"))
}

fn deck(text: &str) -> Result<Deck, String> {
    let t = DeckText {
        name: "t".into(),
        file: "t.txt".into(),
        line_offset: 0,
        text: text.into(),
    };
    Deck::parse(&t, &db()).map_err(|e| e.to_string())
}

const HEROES: &str = "[heroes]\nJason\nHeracles\nAthena\nAchilles\nMedea\n";
const MAIN40: &str = "[main]\n3x Argonaut Castor\n3x Argonaut Pollux\n3x Hoplite\n3x Myrmidon\n3x Centaur Archer\n3x Satyr Piper\n3x Harpy\n3x Cyclops\n3x Minotaur\n3x Pegasus\n3x Talos\n3x Ankh\n3x Ambrosia\n1x Spear of Ares\n";

#[test]
fn example_cards_load() {
    let db = db();
    assert!(db.cards.len() >= 60, "{} cards", db.cards.len());
    let mythoi = (0..32).filter(|m| db.mythoi & (1 << m) != 0).count();
    assert_eq!(mythoi, 3);
    let castor = db.card(db.find("Argonaut Castor").unwrap());
    assert_eq!(castor.attack, 2);
    let kuda = db.card(db.find("Kudagitsune").unwrap());
    assert_eq!(kuda.health, 3);
    for c in &db.cards {
        if c.kind == Kind::Hero {
            assert_eq!(c.effects.len(), 3, "{}", c.name);
        }
    }
    for name in [
        "Chochin Obake",
        "Painful Price",
        "Mokumokuren",
        "Ankh",
        "Potion of Immortality",
        "Funnmach's Scheme",
    ] {
        assert!(db.find(name).is_some(), "{name}");
    }
}

#[test]
fn example_decks_load() {
    let db = db();
    let mut n = 0;
    for e in std::fs::read_dir(data().join("decks")).unwrap() {
        let p = e.unwrap().path();
        let d = Deck::parse(
            &cardsim_engine::DeckSource::File(p.clone()).read().unwrap(),
            &db,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(!d.description.is_empty(), "{}", p.display());
        assert_eq!(d.heroes.len(), 5);
        n += 1;
    }
    assert!(n >= 4);
}

#[test]
fn good_test_deck() {
    let d = deck(&format!("{HEROES}{MAIN40}")).unwrap();
    assert_eq!(d.cards.len(), 40);
}

#[test]
fn bad_decks_name_file_line_and_problem() {
    // 39 cards.
    let m39 = MAIN40.replace("1x Spear of Ares\n", "");
    assert_eq!(
        deck(&format!("{HEROES}{m39}")).unwrap_err(),
        "t.txt: the main deck has 39 cards; it must hold 40 to 60"
    );
    // 4 copies.
    assert_eq!(
        deck(&format!("{HEROES}{MAIN40}1x Hoplite\n")).unwrap_err(),
        "t.txt:22: 4 copies of `Hoplite` in the main deck; at most 3 are allowed"
    );
    // A hero deck of 4, and one with a repeat.
    let h4 = HEROES.replace("Medea\n", "");
    assert_eq!(
        deck(&format!("{h4}{MAIN40}")).unwrap_err(),
        "t.txt: the hero deck has 4 cards; it must hold exactly 5"
    );
    let rep = HEROES.replace("Medea\n", "Jason\n");
    assert_eq!(
        deck(&format!("{rep}{MAIN40}")).unwrap_err(),
        "t.txt:6: 2 copies of `Jason` in the hero deck; at most 1 are allowed"
    );
    // An off-mythos card.
    let off = MAIN40.replace("1x Spear of Ares\n", "1x Kappa\n");
    assert_eq!(
        deck(&format!("{HEROES}{off}")).unwrap_err(),
        "t.txt:21: `Kappa` is yokai, and no hero of this deck is (the deck's mythoi: greek)"
    );
    // A non-hero among the heroes, a hero in the main deck, a card outside a section.
    assert_eq!(
        deck(&format!("{}{MAIN40}", HEROES.replace("Medea", "Hoplite"))).unwrap_err(),
        "t.txt:6: `Hoplite` is not a hero; only heroes go in [heroes]"
    );
    assert_eq!(
        deck(&format!("{HEROES}{MAIN40}Medea\n")).unwrap_err(),
        "t.txt:22: `Medea` is a hero; heroes go in [heroes]"
    );
    assert_eq!(
        deck(&format!("Hoplite\n{HEROES}{MAIN40}")).unwrap_err(),
        "t.txt:1: a card before any section: put it under [main] or [heroes]"
    );
    assert_eq!(
        deck(&format!("{HEROES}{MAIN40}1x Hoplit\n")).unwrap_err(),
        "t.txt:22: unknown card `Hoplit` (did you mean Hoplite?)"
    );
}

fn cards(rows: &str) -> String {
    let head = "name,type,mythos,attributes,cost,attack,health,keywords,effect\n";
    CardDb::parse(Path::new("c.csv"), &format!("{head}{rows}"))
        .map(|_| String::new())
        .unwrap_or_else(|e| e.to_string())
}

#[test]
fn bad_cards_name_file_line_and_problem() {
    assert_eq!(cards("Ogre,unit,Greek,,1,1,1,,\n"), "");
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,1,flying,\n"),
        "c.csv:2: column `keywords`: unknown keyword `flying` (known: surprise, item, replace)"
    );
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,1,,onsummon: draw 1\n"),
        "c.csv:2: column `effect`: unknown trigger `onsummon` (known: summon, attacking, attacked, battle, damaged, sacrificed, react, attached, play, field, cost)"
    );
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,1,,summon: fly 1\n"),
        "c.csv:2: column `effect`: unknown action `fly` (known: draw, stamina, damage, heal, buff, weaken, bounce, todeck, toherodeck, destroy, summon, revive, negate, hero, attack, health, sacrifice, discard)"
    );
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,1,,summon: damage everyone 1\n"),
        "c.csv:2: column `effect`: `summon: damage`: unknown target `everyone` (known: self, enemy, enemy_unit, own, own_unit, unit, hero, card, foe)"
    );
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,1,,\nZeus,hero,Greek,,0,3,5,,summon: draw 1\n"),
        "c.csv:3: column `effect`: a hero has 3 abilities; this one has 1"
    );
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,1,,summon: damage foe 1\n"),
        "c.csv:2: column `effect`: `summon: damage`: `foe` (the other card of a battle) needs a battle trigger"
    );
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,1,,summon: summon Dragon\n"),
        "c.csv:2: column `effect`: no card has the attribute `Dragon` (known: greek)"
    );
    assert_eq!(
        cards("Ogre,unit,Greek,,1,1,x,,\n"),
        "c.csv:2: column `health`: `x` is not a whole number from 1 to 20"
    );
}

#[test]
fn card_edits_for_impact() {
    use cardsim_engine::battalla::Battalla;
    use cardsim_engine::{Ablation, Ruleset};
    let r = Battalla::example(&[]).unwrap();
    let greek = r.deck("greek_phalanx").unwrap() as usize;
    let castor = |r: &Battalla| {
        let db = &r.shared().db;
        db.card(db.find("Argonaut Castor").unwrap()).clone()
    };
    let nerfed = r.with_card_changed("Argonaut Castor", "attack-1").unwrap();
    assert_eq!((castor(&r).attack, castor(&nerfed).attack), (2, 1));
    let e = r
        .with_card_changed("Argonaut Castor", "attack-3")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "battalla card edit: card `Argonaut Castor`: attack-3 makes its attack -1, outside 0..=20"
    );
    let fewer = r
        .with_deck_card_replaced(greek, "Argonaut Castor", None)
        .unwrap();
    assert_eq!(fewer.shared().decks[greek].cards.len(), 37);
    assert_eq!(
        r.ablation(greek, "Jason", None),
        Ablation::Blocked(
            "a hero: the Hero Deck must hold 5 different heroes, so heroes are not removed or replaced"
                .into()
        )
    );
    assert_eq!(r.other_deck_cards(greek).len(), 5);
    assert!(r.with_deck_card_replaced(greek, "Jason", None).is_err());
}
