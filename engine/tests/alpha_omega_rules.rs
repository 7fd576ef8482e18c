//! Alpha/Omega rules checked on positions built from the example cards (stacked decks, the
//! first Opponent phase held for set-up), and the errors bad card and deck files give.

use cardsim_engine::alpha_omega::cards::Side;
use cardsim_engine::alpha_omega::state::*;
use cardsim_engine::alpha_omega::{AlphaOmega, CardDb, Deck};
use cardsim_engine::{game_rng, DeckSource, Game, Params, PlayerResult, Ruleset, Setup};
use std::path::{Path, PathBuf};

mod by_label;
use by_label::{act, key, labels};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The example data, stacked, waiting for `begin`, with `params` over that (deck 0 is
/// `faithful`, deck 1 `heavenly_host`).
fn ruleset(params: &[&str]) -> AlphaOmega {
    let mut all = vec!["shuffle=false", "begin_action=true"];
    all.extend_from_slice(params);
    AlphaOmega::example(&all).unwrap()
}

/// A game with set-up keys applied before the first Opponent phase.
fn game(params: &[&str], setup: &[(&str, &str)]) -> AoState {
    let r = ruleset(params);
    // Seat 0 plays heavenly_host, seat 1 faithful, and so on.
    let seating: Vec<u8> = (0..r.num_players()).map(|s| ((s + 1) % 2) as u8).collect();
    let mut g = r.new_game(&seating, game_rng(1, 0));
    g.set_logging(true);
    for (k, v) in setup {
        g.scenario_set(k, v).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    act(&mut g, "begin");
    g
}

#[test]
fn the_literal_objective_loses_at_the_first_negative_balance() {
    let setup = [("opp.top", "Abigor")];
    for (rule, over) in [
        ("objective_rule=literal", true),
        ("objective_rule=margin", false),
    ] {
        let mut g = game(&["players=1", rule], &setup);
        assert_eq!(key(&g, "opp"), "Abigor 7/7");
        act(&mut g, "draw");
        act(&mut g, "pass");
        // Abigor found no target when drawn, so he acts in the Clean-up (still none).
        assert_eq!(g.over(), over, "{rule}");
        if over {
            assert_eq!(g.outcome().unwrap().results[0], PlayerResult::Loss);
            assert!(g.take_log().iter().any(|l| l.contains("balance -7")));
        } else {
            assert_eq!(key(&g, "round"), "2");
        }
    }
}

#[test]
fn the_margin_wins_and_all_or_nothing_needs_the_whole_deck() {
    let setup = [("opp.top", "Black Blade"), ("hand.0", "Michael")];
    for (aon, over) in [
        ("all_or_nothing=false", true),
        ("all_or_nothing=true", false),
    ] {
        let mut g = game(&["players=1", "margin=5", aon], &setup);
        assert_eq!(key(&g, "opp.items"), "Black Blade 3/3");
        act(&mut g, "draw");
        act(&mut g, "play Michael");
        // An unequipped Opponent Item can be attacked.
        act(&mut g, "Michael attacks Black Blade");
        assert_eq!(key(&g, "opp.discard"), "Black Blade");
        assert_eq!(g.over(), over, "{aon}");
        if over {
            assert_eq!(g.outcome().unwrap().results[0], PlayerResult::Win);
            // 2 for Michael in play, 3 for winning within 10 rounds, 5 for never being lured.
            assert_eq!(key(&g, "score.0"), "10");
        }
    }
}

#[test]
fn easy_mode_puts_the_opponent_phase_after_the_action() {
    let mut g = game(
        &["players=1", "easy=true"],
        &[("opp.top", "Agares"), ("hand.0", "Gideon")],
    );
    assert_eq!(key(&g, "opp"), "-");
    act(&mut g, "draw");
    act(&mut g, "play Gideon");
    // Agares arrives after the Action phase and attacks Gideon (5 against 5) at once; a
    // Supernatural Opponent lures a human astray too (without giving him the Lure).
    assert_eq!(key(&g, "opp"), "Agares 5/5, Gideon 5/5");
    assert_eq!(key(&g, "good.0"), "-");
    assert_eq!(key(&g, "discard.0"), "-");
}

#[test]
fn a_person_is_put_into_play_once_per_game() {
    let mut g = game(&[], &[("hand.0", "Michael"), ("hand.1", "Michael, Moses")]);
    act(&mut g, "draw");
    act(&mut g, "play Michael");
    act(&mut g, "Michael holds");
    act(&mut g, "draw");
    let l = labels(&g);
    assert!(l.contains(&"play Moses".to_string()), "{l:?}");
    assert!(!l.contains(&"play Michael".to_string()), "{l:?}");
}

#[test]
fn a_guard_takes_the_attack_and_humans_are_discarded_not_lured() {
    let mut g = game(
        &["players=1"],
        &[("good.0", "Michael, Gideon"), ("opp.top", "Agares")],
    );
    // Agares (5) goes for the weaker Gideon (5 left against Michael's 7); Michael may guard.
    assert_eq!(key(&g, "phase"), "Guard");
    assert_eq!(labels(&g), vec!["no guard", "guard with Michael"]);
    act(&mut g, "guard with Michael");
    assert_eq!(key(&g, "good.0"), "Michael 2/7, Gideon 5/5");
    let mut g = game(
        &["players=1"],
        &[("good.0", "Gideon"), ("opp.top", "Goliath")],
    );
    // Goliath is human: no Lure Astray, Gideon goes to the discard pile.
    assert_eq!(key(&g, "discard.0"), "Gideon");
    assert_eq!(key(&g, "opp"), "Goliath 6/6");
    act(&mut g, "draw");
    assert_eq!(key(&g, "phase"), "Play");
}

#[test]
fn seats_share_one_team() {
    let r = ruleset(&["players=3"]);
    assert_eq!(r.num_players(), 3);
    assert_eq!(
        (0..3).map(|s| r.team_of(s)).collect::<Vec<_>>(),
        vec![Some(0); 3]
    );
    assert_eq!(r.seat_name(2), "good2");
}

fn deck_err(text: &str, side: Side) -> String {
    let db = CardDb::load(&root().join("data/alpha_omega/cards.csv")).unwrap();
    Deck::parse(
        &cardsim_engine::DeckText {
            name: "d".into(),
            file: "d.txt".into(),
            line_offset: 0,
            text: text.into(),
        },
        &db,
        side,
    )
    .map(|_| ())
    .unwrap_err()
    .to_string()
}

#[test]
fn bad_deck_files_name_file_line_and_problem() {
    assert_eq!(
        deck_err("# d\nAzrael\n2x Michael\n", Side::Good),
        "d.txt:3: 2 copies of `Michael`; 1 published (card file line 4)"
    );
    assert_eq!(
        deck_err("# d\nAzrael\nAbigor\n", Side::Good),
        "d.txt:3: `Abigor` is not a card of the Good deck"
    );
    assert_eq!(
        deck_err("# d\nAbigor\nAzrael\n", Side::Opponent),
        "d.txt:3: `Azrael` is not a card of the Opponent deck"
    );
    assert!(deck_err("# d\nAzrial\n", Side::Good)
        .starts_with("d.txt:2: unknown card `Azrial` (did you mean Azrael"));
}

#[test]
fn bad_card_files_name_file_line_and_problem() {
    let good = std::fs::read_to_string(root().join("data/alpha_omega/cards.csv")).unwrap();
    let err = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        CardDb::parse(Path::new("c.csv"), &good.replacen(from, to, 1))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("7,1,damage 1,no", "7,1,damage,no"),
        "c.csv:3: column `effect`: `damage` takes one number"
    );
    assert!(err("7,1,guard,no", "7,1,fly,no")
        .starts_with("c.csv:4: column `effect`: unknown effect `fly`"));
    assert_eq!(
        err("7,1,guard,no", "7,1,play: guard,no"),
        "c.csv:4: column `effect`: `guard` is written without a trigger"
    );
    assert_eq!(
        err(
            "Heaven,good,place,,10,1,draws 2",
            "Heaven,good,place,,10,1,guard"
        ),
        "c.csv:32: column `effect`: `guard` does not work on a place"
    );
    assert_eq!(
        err(
            "Michael,good,person,supernatural",
            "Michael,good,person,angelic"
        ),
        "c.csv:4: column `class`: `angelic` is not one of: supernatural, human"
    );
    assert_eq!(
        err("play: storm 5 die", "play: storm 5 often"),
        "c.csv:69: column `effect`: `storm`: `often` is not a whole number from 1 to 30 or `die`"
    );
}

#[test]
fn a_missing_opponent_folder_or_objective_is_named() {
    let dir = std::env::temp_dir().join(format!("ao_rules_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cards = dir.join("cards.csv");
    std::fs::copy(root().join("data/alpha_omega/cards.csv"), &cards).unwrap();
    let setup = |params: Params| Setup {
        cards: cards.clone(),
        decks: vec![DeckSource::File(
            root().join("data/alpha_omega/decks/faithful.txt"),
        )],
        params,
    };
    let p = Params::defaults(AlphaOmega::param_specs());
    let e = AlphaOmega::load(&setup(p.clone())).unwrap_err().to_string();
    assert!(
        e.contains("opponent") && e.contains("cannot list the Opponent decks"),
        "{e}"
    );
    std::fs::create_dir_all(dir.join("opponent")).unwrap();
    std::fs::copy(
        root().join("data/alpha_omega/opponent/starter.txt"),
        dir.join("opponent/starter.txt"),
    )
    .unwrap();
    assert!(AlphaOmega::load(&setup(p.clone())).is_ok());
    let mut q = p;
    q.set("objective=5").unwrap();
    let e = AlphaOmega::load(&setup(q)).unwrap_err().to_string();
    assert!(
        e.ends_with("objective=5 but the card file has 2 objective row(s)"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn card_edits_for_impact() {
    let r = AlphaOmega::example(&[]).unwrap();
    let host = r
        .deck_names()
        .iter()
        .position(|d| d == "heavenly_host")
        .unwrap();
    let count = |r: &AlphaOmega, name: &str| {
        r.deck_cards(host)
            .iter()
            .find(|c| c.name == name)
            .map_or(0, |c| c.copies)
    };
    let gone = r.with_deck_card_replaced(host, "Courage", None).unwrap();
    assert_eq!((count(&r, "Courage"), count(&gone, "Courage")), (3, 0));
    let swapped = r
        .with_deck_card_replaced(host, "Courage", Some("Loyalty"))
        .unwrap();
    assert_eq!(count(&swapped, "Loyalty"), 5);
    let e = r
        .with_deck_card_replaced(host, "Courage", Some("Abigor"))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "alpha_omega card edit: `Abigor` is not a Good card"
    );
    let db = |r: &AlphaOmega, n: &str| r.shared().db.card(r.shared().db.find(n).unwrap()).clone();
    let strong = r.with_card_changed("Abigor", "strength+2").unwrap();
    assert_eq!(db(&strong, "Abigor").strength, 9);
    let hail = r
        .with_card_changed("Hail of Iron Globes", "storm-2")
        .unwrap();
    assert_eq!(db(&hail, "Hail of Iron Globes").effects[0].n, 3);
    let e = r.with_card_changed("Michael", "ward+1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "alpha_omega card edit: card `Michael` has no `ward N` effect to change"
    );
}
