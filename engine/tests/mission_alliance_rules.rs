//! Mission: Alliance rules, each checked on a position built from the example cards: the
//! deck rules, mulligan, Energy building, placement and team limits, combat with each symbol,
//! challenge, elimination and the end of the game.

use cardsim_engine::mission_alliance::state::*;
use cardsim_engine::mission_alliance::{CardDb, Deck, MissionAlliance};
use cardsim_engine::{game_rng, Action, ActionBuf, DeckSource, Game, Params, Ruleset, Setup};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The example cards with the scenario test deck in both seats, stacked (no shuffle), seat 0
/// first, with `params` over that.
fn ruleset(params: &[&str]) -> MissionAlliance {
    let mut p = Params::defaults(MissionAlliance::param_specs());
    for a in ["shuffle=false", "first=seat0"].iter().chain(params) {
        p.set(a).unwrap();
    }
    let deck = root().join("scenarios/mission_alliance/decks/test.txt");
    MissionAlliance::load(&Setup {
        cards: root().join("data/mission_alliance/cards.csv"),
        decks: vec![DeckSource::File(deck.clone()), DeckSource::File(deck)],
        params: p,
    })
    .unwrap()
}

/// A game of the test deck against itself with both opening hands kept.
fn game(params: &[&str]) -> MaState {
    let mut g = ruleset(params).new_game(&[0, 1], game_rng(1, 0));
    g.set_logging(true);
    act(&mut g, "keep");
    act(&mut g, "keep");
    g
}

fn labels(g: &MaState) -> Vec<String> {
    let mut b = ActionBuf::new();
    g.legal_actions(&mut b);
    b.iter().map(|&a| g.action_label(a)).collect()
}

fn act(g: &mut MaState, label: &str) {
    let mut b = ActionBuf::new();
    g.legal_actions(&mut b);
    let a: Action = *b
        .iter()
        .find(|&&a| g.action_label(a) == label)
        .unwrap_or_else(|| panic!("no `{label}` among {:?}", labels(g)));
    g.apply(a);
    g.check_invariants().unwrap();
}

fn key(g: &MaState, k: &str) -> String {
    g.describe()
        .into_iter()
        .find(|(a, _)| a == k)
        .unwrap_or_else(|| panic!("no key {k}"))
        .1
}

fn set(g: &mut MaState, k: &str, v: &str) {
    g.scenario_set(k, v).unwrap_or_else(|e| panic!("{k}: {e}"));
}

#[test]
fn opening_hands_and_mulligan() {
    let r = ruleset(&[]);
    let mut g = r.new_game(&[0, 1], game_rng(1, 0));
    // The first player draws 7, the second 8, from the top of the stacked deck.
    assert_eq!(key(&g, "P0.hand"), "7");
    assert_eq!(key(&g, "P1.hand"), "8");
    assert_eq!(
        key(&g, "P0.hand.cards"),
        "Comot, Comot, Comot, Rama, Rama, Rama, Bulat"
    );
    act(&mut g, "mulligan");
    // The hand went under the deck and 7 new cards came from the top.
    assert_eq!(
        key(&g, "P0.hand.cards"),
        "Bulat, Bulat, Rudy, Rudy, Rudy, Bakar, Bakar"
    );
    assert_eq!(key(&g, "P0.deck"), "23");
    // Then the second player decides, once; then the first player's turn begins.
    assert_eq!(labels(&g), vec!["keep", "mulligan"]);
    act(&mut g, "keep");
    assert_eq!(key(&g, "turn"), "1");
    assert_eq!(key(&g, "player"), "P0");
}

#[test]
fn building_energy_discards_the_cost_and_triggers_discard_abilities() {
    let mut g = game(&[]);
    set(&mut g, "hand.0", "Leon, Comot, Jet, Rama");
    act(&mut g, "build Leon");
    // Cost 3: three discards; the last one has a single option and is taken by itself.
    act(&mut g, "discard Comot");
    act(&mut g, "discard Jet");
    assert_eq!(key(&g, "P0.energy"), "1/1");
    assert_eq!(key(&g, "P0.discard"), "3");
    // Jet's discard ability drew a card.
    assert_eq!(key(&g, "P0.hand"), "1");
    // One Energy per turn.
    assert!(!labels(&g).iter().any(|l| l.starts_with("build")));
}

#[test]
fn units_arrive_at_a_flank_and_teams_hold_different_cores() {
    let mut g = game(&[]);
    set(&mut g, "hand.0", "Comot, Rudy, Rama, Bulat, Bakar, Leon");
    set(&mut g, "energy.0", "6");
    act(&mut g, "play Comot");
    // The first unit has one place: a new team.
    assert_eq!(key(&g, "P0.teams"), "Comot 1");
    act(&mut g, "play Rudy");
    // Rudy is a pilot like Comot: it cannot join his team.
    assert_eq!(labels(&g), vec!["new team left", "new team right"]);
    act(&mut g, "new team right");
    act(&mut g, "play Rama");
    act(&mut g, "join left team");
    assert_eq!(key(&g, "P0.teams"), "Rama 3, Comot 1 | Rudy 2");
    act(&mut g, "play Bakar");
    act(&mut g, "join right team");
    assert_eq!(key(&g, "P0.teams"), "Rama 3, Comot 1 | Rudy 2, Bakar 2");
    assert_eq!(key(&g, "P0.energy"), "0/6");
}

#[test]
fn a_fifth_unit_cannot_join_a_full_team_and_a_fifth_team_cannot_form() {
    let mut g = game(&["team_size=2", "max_teams=2"]);
    set(&mut g, "teams.0", "Comot, Rama | Rudy, Bakar");
    set(&mut g, "hand.0", "Leon");
    set(&mut g, "energy.0", "3");
    assert!(!labels(&g).contains(&"play Leon".to_string()));
}

#[test]
fn level_one_teams_cannot_attack_the_player_level_two_can() {
    let mut g = game(&[]);
    set(&mut g, "teams.0", "Bulat | Comot, Rama");
    let l = labels(&g);
    assert!(!l.contains(&"Bulat attacks the player".to_string()));
    assert!(l.contains(&"Comot attacks the player".to_string()));
    act(&mut g, "Comot attacks the player");
    // No ready unit of P1 can answer: the player eliminates 2.
    assert_eq!(key(&g, "P1.eliminated"), "2");
    assert_eq!(key(&g, "P1.deck"), "20");
}

#[test]
fn hold_blocks_with_a_bonus_and_attack_counters() {
    let mut g = game(&[]);
    set(&mut g, "teams.0", "Bulat, Comot");
    set(&mut g, "teams.1", "Rama, Jet");
    act(&mut g, "Bulat attacks team 1");
    assert_eq!(
        labels(&g),
        vec!["no response", "respond with Rama", "respond with Jet"]
    );
    // Rama holds: 3 + 1 against Bulat's 3: nothing retreats, both rest.
    act(&mut g, "respond with Rama");
    assert_eq!(key(&g, "P0.teams"), "Bulat 3, Comot 1*");
    assert_eq!(key(&g, "P1.teams"), "Rama 3, Jet 2*");
    // Comot (1) attacks; Jet (2) counters: Comot retreats, the gap closes.
    act(&mut g, "Comot attacks team 1");
    act(&mut g, "respond with Jet");
    assert_eq!(key(&g, "P0.teams"), "Bulat 3");
    assert_eq!(key(&g, "P0.discard"), "1");
}

#[test]
fn an_unanswered_attack_on_a_team_removes_its_weakest_unit() {
    let mut g = game(&[]);
    set(&mut g, "teams.0", "Ganz");
    set(&mut g, "teams.1", "Bulat, Comot");
    // Ganz holds: it cannot attack.
    assert!(!labels(&g).iter().any(|l| l.contains("attacks")));
    set(&mut g, "teams.0", "Bulat");
    act(&mut g, "Bulat attacks team 1");
    act(&mut g, "no response");
    assert_eq!(key(&g, "P1.teams"), "Bulat 3*");
}

#[test]
fn imitate_copies_the_unit_to_its_left() {
    let mut g = game(&[]);
    // Mika (imitate, medic) right of Bulat (attack): she attacks.
    set(&mut g, "teams.0", "Bulat, Mika | Rama, Mika");
    let l = labels(&g);
    // Both teams are level 2; only the Mika beside Bulat may attack the player.
    assert_eq!(
        l.iter().filter(|x| *x == "Mika attacks the player").count(),
        1
    );
    set(&mut g, "teams.1", "Comot");
    let l = labels(&g);
    // Only the Mika beside Bulat attacks (the other copies Rama's Hold).
    assert_eq!(l.iter().filter(|x| *x == "Mika attacks team 1").count(), 1);
}

#[test]
fn a_challenging_team_shields_the_player_and_its_neighbours() {
    let mut g = game(&[]);
    set(&mut g, "teams.0", "Bulat, Comot");
    set(&mut g, "teams.1", "Jet | Ganz, Bakar, Mika | Rama");
    let l = labels(&g);
    // Team 2 (level 3 with Ganz's Hold) challenges: no attack on the player or on teams 1
    // and 3; team 2 itself may be attacked.
    assert!(l.contains(&"Bulat attacks team 2".to_string()));
    assert!(!l.contains(&"Bulat attacks team 1".to_string()));
    assert!(!l.contains(&"Bulat attacks team 3".to_string()));
    assert!(!l.contains(&"Bulat attacks the player".to_string()));
    // Without challenge (level 5 never reached) everything is open.
    let mut g = game(&["challenge_level=5"]);
    set(&mut g, "teams.0", "Bulat, Comot");
    set(&mut g, "teams.1", "Jet | Ganz, Bakar, Mika | Rama");
    assert!(labels(&g).contains(&"Bulat attacks the player".to_string()));
}

#[test]
fn the_final_phase_readies_draws_two_and_refills_from_the_discard() {
    let mut g = game(&[]);
    set(&mut g, "deck.0", "1");
    set(&mut g, "discard.1", "");
    assert_eq!(key(&g, "P0.deck"), "1");
    let discard: usize = key(&g, "P0.discard").parse().unwrap();
    act(&mut g, "end turn");
    // One card from the deck, then the discard pile became the deck and one more came.
    assert_eq!(key(&g, "P0.hand"), "9");
    assert_eq!(key(&g, "P0.discard"), "0");
    assert_eq!(key(&g, "P0.deck"), (discard - 1).to_string());
    assert_eq!(key(&g, "player"), "P1");
}

#[test]
fn a_player_who_cannot_draw_loses() {
    let mut g = game(&[]);
    // Two cards to draw, one in the deck and none in the discard pile: P0 loses.
    set(&mut g, "eliminated.0", "22");
    set(&mut g, "deck.0", "1");
    assert_eq!(key(&g, "P0.discard"), "0");
    act(&mut g, "end turn");
    assert_eq!(key(&g, "result"), "P1 wins");
    let mut g2 = game(&["draw_per_turn=5"]);
    set(&mut g2, "deck.0", "0");
    set(&mut g2, "eliminated.0", "0");
    // deck.0 = 0 moved the whole deck to the discard pile: 22 cards, enough for 5.
    act(&mut g2, "end turn");
    assert_eq!(key(&g2, "P0.hand"), "12");
}

#[test]
fn twelve_eliminated_cards_lose() {
    let mut g = game(&["player_hit=2"]);
    set(&mut g, "eliminated.1", "10");
    set(&mut g, "teams.0", "Comot, Rama");
    act(&mut g, "Comot attacks the player");
    assert_eq!(key(&g, "P1.eliminated"), "12");
    assert_eq!(key(&g, "result"), "P0 wins");
    assert!(g.outcome().is_some());
}

#[test]
fn formations_resolve_and_are_discarded() {
    let mut g = game(&[]);
    set(&mut g, "hand.0", "Regroup");
    set(&mut g, "energy.0", "1");
    act(&mut g, "play Regroup");
    assert_eq!(key(&g, "P0.hand"), "2");
    assert_eq!(key(&g, "P0.discard"), "1");
}

#[test]
fn bad_deck_files_name_file_line_and_problem() {
    let db = CardDb::load(&root().join("data/mission_alliance/cards.csv")).unwrap();
    let deck = |text: &str| {
        Deck::parse(
            &cardsim_engine::DeckText {
                name: "d".into(),
                file: "d.txt".into(),
                line_offset: 0,
                text: text.into(),
            },
            &db,
        )
        .map(|_| ())
        .unwrap_err()
        .to_string()
    };
    let base =
        std::fs::read_to_string(root().join("scenarios/mission_alliance/decks/test.txt")).unwrap();
    assert_eq!(
        deck(&format!("{base}Ali\n")),
        "d.txt: the deck has 31 cards; it must hold exactly 30"
    );
    assert_eq!(
        deck(&base.replace("3x Mika", "2x Mika\n4x Ali")),
        "d.txt:12: 4 copies of `Ali` in the deck; at most 3 are allowed"
    );
    assert_eq!(
        deck(&base.replace("3x Mika", "3x Mikka")),
        "d.txt:11: unknown card `Mikka` (did you mean Mika, Niki?)"
    );
}

#[test]
fn bad_card_files_name_file_line_and_problem() {
    let good = std::fs::read_to_string(root().join("data/mission_alliance/cards.csv")).unwrap();
    let err = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        CardDb::parse(Path::new("c.csv"), &good.replacen(from, to, 1))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("Comot,unit,pilot", "Comot,unit,"),
        "c.csv:7: column `core`: is empty but required"
    );
    assert_eq!(
        err("arrive: draw 1,Ali", "arrive: fly 1,Ali"),
        "c.csv:3: column `effect`: unknown effect `fly` (known: draw, eliminate, destroy, rest, ready, boost, recover, immune)"
    );
    assert_eq!(
        err("arrive: draw 1,Ali", "land: draw 1,Ali"),
        "c.csv:3: column `effect`: unknown ability kind `land` (known: passive, active, retreat, arrive, discard, play)"
    );
    assert_eq!(
        err("Comot,unit,pilot,1,1,attack", "Comot,unit,pilot,1,1,charge"),
        "c.csv:7: column `symbol`: `charge` is not one of: attack, hold, imitate"
    );
}

#[test]
fn card_edits_for_impact() {
    let r = MissionAlliance::example(&[]).unwrap();
    let d = r.deck("swarm").unwrap() as usize;
    let db = &r.shared().db;
    let (comot, bulat) = (db.find("Comot").unwrap(), db.find("Bulat").unwrap());
    let count = |m: &MissionAlliance, id| {
        m.shared().decks[d]
            .cards
            .iter()
            .filter(|&&c| c == id)
            .count()
    };
    let rep = r
        .with_deck_card_replaced(d, "Comot", Some("Bulat"))
        .unwrap();
    assert_eq!((count(&rep, comot), count(&rep, bulat)), (0, 6));
    let rm = r.with_deck_card_replaced(d, "Comot", None).unwrap();
    assert_eq!(rm.shared().decks[d].cards.len(), 27);
    let n = r.with_card_changed("MATA Assault", "eliminate-1").unwrap();
    let m = n.shared().db.find("MATA Assault").unwrap();
    assert_eq!(n.shared().db.card(m).effects[0].n, 1);
    let p = r.with_card_changed("Roza", "power+2").unwrap();
    assert_eq!(
        p.shared()
            .db
            .card(p.shared().db.find("Roza").unwrap())
            .power,
        7
    );
    let e = r
        .with_card_changed("Comot", "draw+1")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "mission_alliance card edit: card `Comot` has no `draw N` effect to change"
    );
    let e = r
        .with_card_changed("Comot", "cost-2")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "mission_alliance card edit: card `Comot`: cost-2 makes its cost -1, outside 0..=9"
    );
}
