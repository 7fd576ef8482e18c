//! The rulebook's worked examples, number for number: Examples 1-3 of maneuvers and responses,
//! the armor example, the gold-tracker and production examples, and turns 1-4 of the sample
//! game (Paul with Beledan Kind against Allison with Thedric Egen).

use cardsim_engine::allegiance::state::{AllegianceState, Dec, UNITS};
use cardsim_engine::allegiance::Allegiance;
use cardsim_engine::{game_rng, Action, ActionBuf, Game, Ruleset, ToMove};

fn game(decks: &[&str], params: &[&str], seed: u64) -> AllegianceState {
    let a = Allegiance::example(params).unwrap_or_else(|e| panic!("{e}"));
    let seating: Vec<u8> = decks
        .iter()
        .map(|d| a.loadout(d).unwrap_or_else(|| panic!("no loadout {d}")))
        .collect();
    let mut g = a.new_game(&seating, game_rng(seed, 0));
    // Loadouts without fixed faces: take the first weapon and armor faces.
    while let Dec::SetupFace(..) = g.dec {
        let mut buf = ActionBuf::new();
        g.legal_actions(&mut buf);
        g.apply(buf[0]);
    }
    g.set_logging(true);
    g
}

fn set(g: &mut AllegianceState, key: &str, value: &str) {
    g.scenario_set(key, value)
        .unwrap_or_else(|e| panic!("{key} = {value}: {e}"));
}

fn legal(g: &AllegianceState) -> Vec<(Action, String)> {
    let mut buf = ActionBuf::new();
    g.legal_actions(&mut buf);
    buf.iter().map(|&a| (a, g.action_label(a))).collect()
}

/// Apply the legal action whose label contains `needle` (the `nth` such, counting from 0),
/// first passing any response windows in which it is not offered.
fn pick_nth(g: &mut AllegianceState, needle: &str, nth: usize) {
    for _ in 0..12 {
        let l = legal(g);
        let hits: Vec<&(Action, String)> = l.iter().filter(|(_, s)| s.contains(needle)).collect();
        if let Some((a, _)) = hits.get(nth) {
            g.apply(*a);
            return;
        }
        match l.iter().find(|(_, s)| s == "pass") {
            Some((a, _)) => g.apply(*a),
            None => panic!(
                "`{needle}` is not legal for {:?}; legal: {:?}\nlog: {:#?}",
                g.to_move(),
                l.iter().map(|x| &x.1).collect::<Vec<_>>(),
                g.take_log()
            ),
        }
    }
    panic!("`{needle}` never became legal");
}

/// Pass every response window until the game waits for something else.
fn settle(g: &mut AllegianceState) {
    for _ in 0..50 {
        match legal(g).iter().find(|(_, s)| s == "pass") {
            Some((a, _)) => g.apply(*a),
            None => return,
        }
    }
    panic!("windows never closed");
}

fn pick(g: &mut AllegianceState, needle: &str) {
    pick_nth(g, needle, 0)
}

fn unit_names(g: &AllegianceState, p: usize) -> Vec<String> {
    let a = &g.players[p];
    a.units
        .iter()
        .map(|u| {
            let db = &g_db(g).cards[u.card as usize];
            format!("{}:{}:{}", db.name, u.dmg, u.aug)
        })
        .collect()
}

fn g_db(g: &AllegianceState) -> &'static cardsim_engine::allegiance::CardDb {
    g.db_ref()
}

/// Examples 1-3 set-up: Player A (seat 1) has Infantry with 2 damage; Player B is seat 0.
fn infantry_example(a_hand: &str, b_hand: &str) -> AllegianceState {
    let mut g = game(&["beledan", "thedric"], &[], 1);
    set(&mut g, "units.1", "Infantry:dmg=2");
    set(&mut g, "hand.0", b_hand);
    set(&mut g, "hand.1", a_hand);
    set(&mut g, "gold.0", "5");
    set(&mut g, "gold.1", "5");
    g
}

#[test]
fn example_1_skilled_strike_destroys_infantry() {
    let mut g = infantry_example("", "Skilled Strike");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Infantry");
    // Nobody can respond: it resolved at once.
    assert!(g.chain.is_empty());
    assert!(g.players[1].units.is_empty(), "Infantry destroyed");
    assert_eq!(g.discards[0].last().copied(), g_db(&g).find("Infantry"));
    assert_eq!(
        g.discards[2].last().copied(),
        g_db(&g).find("Skilled Strike")
    );
}

#[test]
fn example_2_mend_wounds_in_response_saves_infantry() {
    let mut g = infantry_example("Mend Wounds", "Skilled Strike");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Infantry");
    assert_eq!(g.to_move(), ToMove::Player(1), "Player A may respond");
    pick(&mut g, "play Mend Wounds");
    pick(&mut g, "target P1 Infantry");
    // Mend Wounds resolves first (Infantry 2 -> 0 damage), then Skilled Strike (0 -> 3).
    let log = g.take_log();
    assert!(g.chain.is_empty(), "{log:#?}");
    assert_eq!(unit_names(&g, 1), vec!["Infantry:3:0"]);
    let order: Vec<&String> = log.iter().filter(|l| l.ends_with("resolves")).collect();
    assert_eq!(
        order,
        vec![
            "action Mend Wounds resolves",
            "action Skilled Strike resolves"
        ]
    );
}

#[test]
fn example_3_skilled_strike_in_response_cancels_mend_wounds() {
    // Player A (seat 0 here, the current player) plays Mend Wounds on their Infantry.
    let mut g = game(&["beledan", "thedric"], &[], 1);
    set(&mut g, "units.0", "Infantry:dmg=2");
    set(&mut g, "hand.0", "Mend Wounds");
    set(&mut g, "hand.1", "Skilled Strike");
    set(&mut g, "gold.1", "5");
    pick(&mut g, "play Mend Wounds");
    pick(&mut g, "target P0 Infantry");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P0 Infantry");
    let log = g.take_log();
    assert!(g.chain.is_empty());
    assert!(
        g.players[0].units.is_empty(),
        "Infantry destroyed: {log:#?}"
    );
    assert!(log.contains(&"action Mend Wounds is cancelled: no target left".to_string()));
    // Both actions end in the discard pile.
    let db = g_db(&g);
    let top2: Vec<u8> = g.discards[2].iter().rev().take(2).copied().collect();
    assert_eq!(
        top2,
        vec![
            db.find("Mend Wounds").unwrap(),
            db.find("Skilled Strike").unwrap()
        ]
    );
}

#[test]
fn armor_example_three_plus_four_against_armor_two() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "units.0", "Infantry, Halberdier, Scout");
    set(&mut g, "hand.1", "");
    assert_eq!(g.players[1].health, 38);
    pick(&mut g, "initiate a battle against P1");
    pick(&mut g, "attack with P0 Infantry");
    pick(&mut g, "attack with P0 Halberdier");
    pick(&mut g, "done declaring attackers");
    settle(&mut g);
    // 3 + 4 undefended against Anointed Platemail (2): 5 damage.
    assert_eq!(g.players[1].health, 33);
    assert_eq!(g.players[1].armor_used, 2);
    // A second battle in the same turn: the armor prevents nothing more.
    pick(&mut g, "initiate a battle against P1");
    pick(&mut g, "attack with P0 Scout");
    settle(&mut g);
    assert_eq!(g.players[1].health, 31);
}

#[test]
fn gold_tracker_example_24_minus_6() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "gold.0", "24");
    pick(&mut g, "unlock New Recruits (6 gold)");
    assert_eq!(g.players[0].gold, 18);
}

#[test]
fn production_example_3_gold_production_6() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "gold.1", "3");
    set(&mut g, "production.1", "6");
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);
    assert_eq!(g.cur, 1);
    assert_eq!(g.players[1].prod, 7);
    assert_eq!(g.players[1].gold, 10);
}

#[test]
fn sample_game_turns_1_to_4() {
    // Paul (seat 0) plays first with Beledan Kind; Allison (seat 1) with Thedric Egen.
    let mut g = game(&["beledan", "thedric"], &[], 3);
    assert_eq!((g.players[0].health, g.players[1].health), (38, 35));
    set(
        &mut g,
        "hand.0",
        "Infantry, Halberdier, Knight Captain, Skilled Strike",
    );
    set(&mut g, "hand.1", "Spearman, Pikeman, War Golem, Empower");
    set(&mut g, "top.action", "Battle Surge, Rally");
    set(&mut g, "top.basic", "Scout");
    let h = |g: &AllegianceState| (g.players[0].health, g.players[1].health);
    let gold = |g: &AllegianceState| (g.players[0].gold, g.players[1].gold);

    // Turn 1 - Paul: no production growth, no draw: 5 gold. Infantry for 4.
    assert_eq!(g.cur, 0);
    assert_eq!((g.players[0].prod, g.players[0].gold), (5, 5));
    assert_eq!(g.players[0].hand.len(), 4);
    pick(&mut g, "enlist Infantry (4 gold)");
    assert_eq!(g.players[0].gold, 1);
    // Neither the weapon (first turn) nor the new Infantry may attack: no battle offered.
    assert!(!legal(&g).iter().any(|(_, s)| s.contains("battle")));
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);

    // Turn 2 - Allison: production 5 -> 6, 6 gold, draws from the action deck.
    assert_eq!(g.cur, 1);
    assert_eq!((g.players[1].prod, g.players[1].gold), (6, 6));
    pick(&mut g, "draw from the action deck");
    pick(&mut g, "unlock New Recruits (6 gold)");
    assert_eq!(g.players[1].gold, 0);
    pick(&mut g, "use New Recruits");
    assert_eq!(g.players[1].cd[1], 4, "New Recruits at its maximum delay");
    assert_eq!(
        unit_names(&g, 1),
        vec!["Militia Recruit:0:0", "Militia Recruit:0:0"]
    );
    pick(&mut g, "initiate a battle against P0");
    // The Militia Recruits entered this turn: only the weapon may attack.
    let l = legal(&g);
    assert_eq!(l.len(), 2, "{l:?}");
    pick(&mut g, "attack with Styrka Mandatum");
    assert!(g.players[1].weapon_exh);
    pick(&mut g, "done assigning defenders");
    settle(&mut g);
    assert_eq!(h(&g), (37, 35), "armor prevents 2 of the 3");
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);

    // Turn 3 - Paul: production 6, 1 + 6 = 7 gold; draws a basic unit.
    assert_eq!(g.cur, 0);
    assert_eq!((g.players[0].prod, g.players[0].gold), (6, 7));
    pick(&mut g, "draw from the basic deck");
    pick(&mut g, "initiate a battle against P1");
    pick(&mut g, "attack with Valdruun Warhammer");
    pick(&mut g, "done declaring attackers");
    pick(&mut g, "done assigning defenders");
    settle(&mut g);
    assert_eq!(h(&g), (37, 34));
    pick(&mut g, "initiate a battle against P1");
    pick(&mut g, "attack with P0 Infantry");
    pick(&mut g, "done assigning defenders");
    settle(&mut g);
    assert_eq!(
        h(&g),
        (37, 31),
        "Adamantine Platemail already prevented 2 this turn"
    );
    pick(&mut g, "enlist Halberdier (5 gold)");
    assert_eq!(gold(&g), (2, 0));
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);

    // Turn 4 - Allison: production 7, 7 gold, New Recruits 4 -> 3, weapon refreshed.
    assert_eq!(g.cur, 1);
    assert_eq!((g.players[1].prod, g.players[1].gold), (7, 7));
    assert_eq!(g.players[1].cd[1], 3);
    assert!(!g.players[1].weapon_exh);
    pick(&mut g, "draw from the action deck");
    pick(&mut g, "unlock Advanced Training (3 gold)");
    assert_eq!(g.players[1].gold, 4);
    pick(&mut g, "use Advanced Training");
    pick_nth(&mut g, "target P1 Militia Recruit", 0);
    pick_nth(&mut g, "target P1 Militia Recruit", 0);
    settle(&mut g);
    assert_eq!(g.players[1].cd[2], 3);
    assert_eq!(
        unit_names(&g, 1),
        vec!["Militia Recruit:0:1", "Militia Recruit:0:1"]
    );
    pick(&mut g, "use Equip");
    pick(&mut g, "weapon Lance of Dominion");
    pick(&mut g, "armor Adamantine Platemail");
    assert_eq!(g.players[1].cd[0], 3);
    assert!(!g.players[1].weapon_exh, "the new weapon stays refreshed");
    pick(&mut g, "initiate a battle against P0");
    pick(&mut g, "attack with Lance of Dominion");
    pick_nth(&mut g, "attack with P1 Militia Recruit", 0);
    pick_nth(&mut g, "attack with P1 Militia Recruit", 0);
    // (Both recruits declared: the declaration ends by itself.) Lance's trigger targets both.
    pick_nth(&mut g, "target P1 Militia Recruit", 0);
    pick_nth(&mut g, "target P1 Militia Recruit", 0);
    settle(&mut g);
    let recruits: Vec<u16> = g.players[1].units.iter().map(|u| u.uid).collect();
    assert!(
        g.players[1].units.iter().all(|u| g.power(u) == 4),
        "2 + 1 augment + 1 Lance"
    );
    // Paul's Halberdier defends against the first Militia Recruit.
    pick(&mut g, "defend with P0 Halberdier");
    let att = g
        .battle
        .as_ref()
        .unwrap()
        .attackers
        .iter()
        .position(|a| a.uid == recruits[0])
        .unwrap();
    g.apply(Action(
        cardsim_engine::allegiance::state::BLOCK + att as u16,
    ));
    // Allison plays Battle Surge (2 gold) on the defended recruit; Paul responds with
    // Skilled Strike (his last 2 gold) on the same recruit.
    g.take_log();
    pick(&mut g, "play Battle Surge (2 gold)");
    g.apply(Action(
        cardsim_engine::allegiance::state::TGT + UNITS as u16,
    ));
    pick(&mut g, "play Skilled Strike (2 gold)");
    g.apply(Action(
        cardsim_engine::allegiance::state::TGT + UNITS as u16,
    ));
    assert_eq!(gold(&g), (0, 2));
    // Let the chain and the battle finish.
    settle(&mut g);
    assert!(g.battle.is_none());
    assert_eq!(g.dec, Dec::Window(1), "back in Allison's maneuver phase");
    let log = g.take_log();
    let key: Vec<&str> = log
        .iter()
        .map(|l| l.as_str())
        .filter(|l| {
            l.contains("Skilled Strike resolves")
                || l.contains("Battle Surge is cancelled")
                || l.contains("Militia Recruit of P1 is destroyed")
                || l.starts_with("battle damage")
        })
        .collect();
    assert_eq!(
        key,
        [
            "action Skilled Strike resolves",
            "Militia Recruit of P1 is destroyed",
            "action Battle Surge is cancelled: no target left",
            "battle damage: 6 to the hero of P0 before armor",
        ],
        "{log:#?}"
    );
    assert_eq!(
        g.players[1].units.len(),
        1,
        "one Militia Recruit left (the other to the reserves)"
    );
    assert_eq!(
        h(&g),
        (33, 31),
        "Lance fully absorbed by the armor, 4 from the free recruit"
    );
    assert_eq!(unit_names(&g, 0), vec!["Infantry:0:0", "Halberdier:0:0"]);
    // The Infantry attacked on turn 3 and is still exhausted: only the Halberdier could defend.
    assert!(g.players[0].units[0].exhausted && !g.players[0].units[1].exhausted);
    assert_eq!(gold(&g), (0, 2));
}

fn example_card_file() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/allegiance/cards.csv"
    ))
    .unwrap()
}

/// Each case replaces `from` (first found) by `to` in the example card file; the load must
/// fail on that line with a message containing `msg`.
fn assert_card_file_errors(good: &str, cases: &[(&str, &str, &str)]) {
    for &(from, to, msg) in cases {
        let line = good.lines().position(|l| l.contains(from)).unwrap() + 1;
        let bad = good.replacen(from, to, 1);
        let e = cardsim_engine::allegiance::CardDb::parse(std::path::Path::new("cards.csv"), &bad)
            .unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with(&format!("cards.csv:{line}: ")), "{text}");
        assert!(text.contains(msg), "{text}");
    }
}

#[test]
fn card_file_errors_name_file_and_line() {
    use cardsim_engine::allegiance::CardDb;
    use std::path::Path;
    let good = example_card_file();
    let cases = [
        (
            "target unit | damage 3",
            "target unit | smash 3",
            "unknown op `smash`",
        ),
        (
            "target unit | damage 3",
            "target blob | damage 3",
            "unknown target kind `blob`",
        ),
        (
            "target unit | damage 3",
            "damage 3",
            "acts on targets but the effect selects none",
        ),
        (
            "token Militia Recruit 2",
            "token Militia Recruits 2",
            "unknown card `Militia Recruits`",
        ),
        (
            "enter: token Militia Recruit 1",
            "arrive: token Militia Recruit 1",
            "unknown trigger `arrive`",
        ),
    ];
    assert_card_file_errors(&good, &cases);
    let bad = good.replacen("basic,Infantry,,,5,4,3,5", "basic,Infantry,,,5,4,x,5", 1);
    let e = CardDb::parse(Path::new("cards.csv"), &bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("attack `x` is not a whole number"), "{e}");
}

#[test]
fn loadout_errors_name_file_and_line() {
    use cardsim_engine::allegiance::{CardDb, Loadout};
    use cardsim_engine::DeckText;
    let db = CardDb::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/allegiance/cards.csv"
    )))
    .unwrap();
    let t = |text: &str| DeckText {
        name: "x".into(),
        file: "x.txt".into(),
        line_offset: 0,
        text: text.into(),
    };
    let e = Loadout::parse_text(&t("# c\nhero = Nobody"), &db)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("x.txt:2: unknown hero `Nobody`"), "{e}");
    let e = Loadout::parse_text(&t("hero = Thedric Egen\nweapon = Warhammer"), &db)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("x.txt:2: `Warhammer` is not a weapon of Thedric Egen"),
        "{e}"
    );
    let l = Loadout::parse_text(&t("hero = thedric egen\narmor = Crimson Shield"), &db).unwrap();
    assert_eq!((l.weapon, l.armor), (None, Some(1)));
}

#[test]
fn a_defended_attacker_deals_no_hero_damage_even_if_its_defender_leaves() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "units.0", "Infantry");
    set(&mut g, "units.1", "Skirmisher");
    set(&mut g, "hand.0", "Skilled Strike");
    set(&mut g, "hand.1", "");
    set(&mut g, "gold.0", "5");
    pick(&mut g, "initiate a battle against P1");
    pick(&mut g, "attack with P0 Infantry");
    settle(&mut g);
    pick(&mut g, "defend with P1 Skirmisher");
    // (One attacker: the block is assigned at once.) Now kill the defender before damage.
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Skirmisher");
    settle(&mut g);
    assert!(g.players[1].units.is_empty());
    assert!(g.battle.is_none());
    assert_eq!(
        g.players[1].health, 38,
        "the defended Infantry deals nothing to the hero"
    );
    assert_eq!(
        unit_names(&g, 0),
        vec!["Infantry:0:0"],
        "and takes nothing back"
    );
}

#[test]
fn a_blocked_weapon_takes_no_damage_back_and_armor_covers_only_battle_damage() {
    // Turn 2 of a two-player game: seat 1 may attack with its weapon.
    let mut g = game(&["beledan", "thedric"], &[], 1);
    set(&mut g, "hand.0", "");
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);
    pick(&mut g, "draw from the basic deck");
    set(&mut g, "units.0", "Tower Guard");
    set(&mut g, "hand.1", "Fireball");
    set(&mut g, "gold.1", "10");
    pick(&mut g, "initiate a battle against P0");
    pick(&mut g, "attack with Styrka Mandatum");
    settle(&mut g);
    pick(&mut g, "defend with P0 Tower Guard");
    settle(&mut g);
    assert_eq!(unit_names(&g, 0), vec!["Tower Guard:3:0"]);
    assert_eq!(g.players[0].health, 38);
    // Fireball (5, not battle damage) ignores the armor.
    pick(&mut g, "play Fireball");
    pick(&mut g, "target the hero of P0");
    settle(&mut g);
    assert_eq!(g.players[0].health, 33);
}

#[test]
fn healing_is_capped_at_maximum_health() {
    let mut g = game(&["beledan", "thedric"], &[], 1);
    set(&mut g, "health.0", "36");
    set(&mut g, "units.0", "Infantry:dmg=1");
    set(&mut g, "gold.0", "10");
    set(&mut g, "hand.1", "");
    pick(&mut g, "unlock Lay on Hands");
    settle(&mut g);
    pick(&mut g, "use Lay on Hands");
    pick(&mut g, "target the hero of P0");
    settle(&mut g);
    assert_eq!(g.players[0].health, 38, "36 + 4 capped at 38");
    set(&mut g, "hand.0", "Mend Wounds");
    pick(&mut g, "play Mend Wounds");
    pick(&mut g, "target P0 Infantry");
    settle(&mut g);
    assert_eq!(unit_names(&g, 0), vec!["Infantry:0:0"]);
}

#[test]
fn necromancer_never_draws_units_and_his_units_return_under_their_deck() {
    let mut g = game(&["beledan", "hakor"], &[], 1);
    // Starting hand: two action cards.
    assert_eq!(g.players[1].hand.len(), 2);
    let db = g_db(&g);
    assert!(g.players[1]
        .hand
        .iter()
        .all(|&c| db.card(c).kind.deck() == Some(2)));
    set(&mut g, "hand.0", "Skilled Strike");
    set(&mut g, "units.1", "Infantry:dmg=2");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Infantry");
    settle(&mut g);
    let infantry = db.find("Infantry").unwrap();
    assert_eq!(
        g.decks[0][0], infantry,
        "Hakor's destroyed Infantry went under the basic deck"
    );
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);
    // Hakor chooses the basic deck: its top card goes to the discard pile, not to his hand.
    let top = *g.decks[0].last().unwrap();
    let discards = g.discards[0].len();
    pick(&mut g, "draw from the basic deck");
    assert_eq!(g.players[1].hand.len(), 2);
    assert_eq!(g.discards[0].len(), discards + 1);
    assert_eq!(*g.discards[0].last().unwrap(), top);
}

fn fireball_hero(g: &mut AllegianceState, seat: usize) {
    pick(g, "play Fireball");
    pick(g, &format!("target the hero of P{seat}"));
    settle(g);
}

#[test]
fn sworn_enemy_the_player_to_the_right_of_the_defeated_wins() {
    use cardsim_engine::{EndReason, PlayerResult::*};
    let mut g = game(
        &["beledan", "thedric", "hakor"],
        &["players=3", "format=sworn"],
        1,
    );
    pick(&mut g, "draw from the basic deck");
    set(&mut g, "hand.0", "Fireball");
    set(&mut g, "gold.0", "9");
    set(&mut g, "health.2", "4");
    fireball_hero(&mut g, 2);
    let o = g.outcome().expect("decided");
    assert_eq!(o.end, EndReason::Decided);
    assert_eq!(
        &o.results[..3],
        &[Loss, Win, Loss],
        "seat 1's sworn enemy was seat 2"
    );
}

#[test]
fn team_game_both_members_of_the_surviving_team_win() {
    use cardsim_engine::PlayerResult::*;
    let mut g = game(
        &["beledan", "thedric", "hakor", "desoth"],
        &["players=4", "format=team"],
        1,
    );
    pick(&mut g, "draw from the basic deck");
    set(&mut g, "hand.0", "Fireball, Fireball");
    set(&mut g, "gold.0", "20");
    set(&mut g, "health.1", "3");
    set(&mut g, "health.3", "5");
    // Teammates are not targets of "foe" effects, nor battle opponents.
    let l = legal(&g);
    assert!(!l.iter().any(|(_, s)| s.contains("battle against P2")));
    fireball_hero(&mut g, 1);
    assert!(g.outcome().is_none());
    assert!(!g.players[1].alive);
    fireball_hero(&mut g, 3);
    let o = g.outcome().expect("decided");
    assert_eq!(&o.results[..4], &[Win, Loss, Win, Loss]);
}

#[test]
fn free_for_all_last_hero_standing_wins() {
    use cardsim_engine::PlayerResult::*;
    let mut g = game(&["beledan", "thedric", "hakor"], &["players=3"], 1);
    pick(&mut g, "draw from the basic deck");
    set(&mut g, "hand.0", "Fireball, Fireball");
    set(&mut g, "gold.0", "20");
    set(&mut g, "health.1", "5");
    set(&mut g, "health.2", "2");
    set(&mut g, "units.2", "Infantry");
    fireball_hero(&mut g, 2);
    assert!(
        !g.players[2].alive && g.players[2].units.is_empty(),
        "eliminated: cards gone"
    );
    assert!(g.outcome().is_none());
    fireball_hero(&mut g, 1);
    assert_eq!(&g.outcome().unwrap().results[..3], &[Win, Loss, Loss]);
}

#[test]
fn elimination_ends_the_eliminated_players_effects_but_not_their_counters() {
    let mut g = game(&["beledan", "thedric", "hakor"], &["players=3"], 1);
    pick(&mut g, "draw from the basic deck");
    set(&mut g, "hand.0", "Fireball, Fireball");
    set(&mut g, "gold.0", "20");
    set(&mut g, "hand.1", "Arcane Ward, Empower");
    set(&mut g, "gold.1", "9");
    set(&mut g, "health.1", "5");
    set(&mut g, "hand.2", "");
    set(&mut g, "units.2", "Infantry");
    // Thedric (seat 1) answers the Fireball aimed at him by warding Hakor and augmenting
    // Hakor's Infantry, then falls.
    pick(&mut g, "play Fireball");
    pick(&mut g, "target the hero of P1");
    pick(&mut g, "play Empower");
    pick(&mut g, "target P2 Infantry");
    pick(&mut g, "play Arcane Ward");
    pick(&mut g, "target the hero of P2");
    // Hakor (his staff's activated ability) and Beledan pass: the ward resolves.
    assert_eq!(g.to_move(), ToMove::Player(2));
    pick(&mut g, "pass");
    assert_eq!(g.to_move(), ToMove::Player(0));
    pick(&mut g, "pass");
    let log = g.take_log();
    assert_eq!(
        g.players[2].shield,
        [0, 4, 0, 0],
        "the ward resolved first: {log:#?}"
    );
    settle(&mut g);
    assert!(!g.players[1].alive);
    assert_eq!(
        g.players[2].shield, [0; 4],
        "the ward ended with its controller"
    );
    assert_eq!(
        unit_names(&g, 2),
        vec!["Infantry:0:1"],
        "the augment counter stays"
    );
    fireball_hero(&mut g, 2);
    assert_eq!(g.players[2].health, 25);
}

#[test]
fn end_of_turn_triggers_go_on_the_chain_current_player_first() {
    // Beledan in Celestial Vestments (end of turn: heal 2) with a Shieldbearer carrying
    // Hakor's Wasting Disease (end of its controller's turn: 3 damage to it).
    let mut g = game(&["beledan", "hakor"], &[], 1);
    set(&mut g, "armor.0", "Celestial Vestments");
    set(&mut g, "health.0", "30");
    set(&mut g, "units.0", "Shieldbearer:attach=Wasting Disease@1");
    set(&mut g, "hand.0", "");
    set(&mut g, "hand.1", "");
    g.take_log();
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);
    let log = g.take_log();
    let order: Vec<&str> = log
        .iter()
        .map(|l| l.as_str())
        .filter(|l| l.contains("announces") || l.contains("resolves"))
        .collect();
    // Beledan's trigger is added first, Hakor's second; the newest resolves first.
    assert_eq!(
        order,
        [
            "P0 announces Celestial Vestments ability",
            "P1 announces Wasting Disease ability",
            "Wasting Disease ability resolves",
            "Celestial Vestments ability resolves",
        ],
        "{log:#?}"
    );
    assert_eq!(unit_names(&g, 0), vec!["Shieldbearer:3:0"]);
    assert_eq!(g.players[0].health, 32);
}

#[test]
fn a_player_with_several_triggers_chooses_their_order() {
    let mut g = game(&["beledan", "hakor"], &[], 1);
    set(&mut g, "armor.0", "Celestial Vestments");
    set(&mut g, "health.0", "30");
    set(
        &mut g,
        "units.0",
        "Shieldbearer:attach=Wasting Disease@0, Tower Guard:attach=Wasting Disease@0",
    );
    set(&mut g, "hand.0", "");
    set(&mut g, "hand.1", "");
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);
    assert!(matches!(g.dec, Dec::TrigOrder(0)), "{:?}", g.dec);
    assert_eq!(legal(&g).len(), 3);
    assert!(legal(&g)
        .iter()
        .any(|(_, s)| s == "add the trigger of Celestial Vestments next"));
    // Put a Wasting Disease on the chain first (it resolves last), then the armor's trigger,
    // then the other Wasting Disease.
    pick(&mut g, "add the trigger of Wasting Disease next");
    assert_eq!(legal(&g).len(), 2);
    g.take_log();
    pick(&mut g, "add the trigger of Celestial Vestments next");
    settle(&mut g);
    let log = g.take_log();
    let resolved: Vec<&str> = log
        .iter()
        .map(|l| l.as_str())
        .filter(|l| l.ends_with("resolves"))
        .collect();
    assert_eq!(
        resolved,
        [
            "Wasting Disease ability resolves",
            "Celestial Vestments ability resolves",
            "Wasting Disease ability resolves",
        ],
        "{log:#?}"
    );
    assert_eq!(g.players[0].health, 32);
    assert_eq!(
        unit_names(&g, 0),
        vec!["Shieldbearer:3:0", "Tower Guard:3:0"]
    );
}

#[test]
fn a_destroyed_unit_triggers_its_death_effect_for_its_controller() {
    let mut g = game(&["beledan", "thedric"], &[], 1);
    set(&mut g, "units.1", "Scout");
    set(&mut g, "hand.0", "Skilled Strike");
    set(&mut g, "hand.1", "");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Scout");
    // Scout's "when destroyed, draw a card" goes on the chain; Thedric chooses the deck.
    assert_eq!(g.to_move(), ToMove::Player(1));
    pick(&mut g, "draw from the elite deck");
    settle(&mut g);
    assert_eq!(g.players[1].hand.len(), 1);
    assert_eq!(g_db(&g).card(g.players[1].hand[0]).kind.deck(), Some(1));
}

// ----- control change, temporary removal, attachments, armor spread (invented cards) -------

fn labels(g: &AllegianceState) -> Vec<String> {
    legal(g).into_iter().map(|(_, s)| s).collect()
}

/// End the current player's turn (passing every window) until seat `p` is to act in its
/// maneuver phase.
fn end_turn(g: &mut AllegianceState) {
    let cur = g.cur;
    for _ in 0..50 {
        if g.cur != cur {
            return;
        }
        let l = legal(g);
        let a = l
            .iter()
            .find(|(_, s)| s == "end the maneuver phase" || s == "pass")
            .or_else(|| l.first())
            .expect("a decision")
            .0;
        g.apply(a);
    }
    panic!("the turn never ended");
}

#[test]
fn a_stolen_unit_keeps_its_counters_and_cannot_attack_on_the_turn_it_changed_sides() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "units.1", "Halberdier:dmg=2:aug=1:exhausted");
    set(&mut g, "hand.0", "Bribe");
    set(&mut g, "hand.1", "");
    set(&mut g, "gold.0", "9");
    pick(&mut g, "play Bribe");
    pick(&mut g, "target P1 Halberdier");
    settle(&mut g);
    assert!(g.players[1].units.is_empty());
    assert_eq!(unit_names(&g, 0), vec!["Halberdier:2:1"]);
    let u = g.players[0].units[0];
    assert!(u.exhausted, "it stays exhausted");
    assert_eq!(g.players[0].gold, 0);
    assert_eq!(g.discards[2].last().copied(), g_db(&g).find("Bribe"));
    // It entered P0's territory this turn: no attacker, so no battle can be initiated.
    assert!(!labels(&g).iter().any(|s| s.contains("battle")));
    end_turn(&mut g);
    end_turn(&mut g);
    assert_eq!(g.cur, 0);
    pick(&mut g, "draw from the action deck");
    pick(&mut g, "initiate a battle against P1");
    assert!(
        labels(&g)
            .iter()
            .any(|s| s.contains("attack with P0 Halberdier")),
        "{:?}",
        labels(&g)
    );
}

#[test]
fn a_defender_stolen_before_damage_leaves_its_attacker_defended_and_deals_nothing() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "units.0", "Infantry");
    set(&mut g, "units.1", "Halberdier");
    set(&mut g, "hand.0", "Bribe");
    set(&mut g, "hand.1", "");
    set(&mut g, "gold.0", "9");
    pick(&mut g, "initiate a battle against P1");
    pick(&mut g, "attack with P0 Infantry");
    settle(&mut g);
    pick(&mut g, "defend with P1 Halberdier");
    pick(&mut g, "play Bribe");
    pick(&mut g, "target P1 Halberdier");
    settle(&mut g);
    assert!(g.battle.is_none());
    assert_eq!(
        g.players[1].health, 38,
        "the Infantry stays defended against"
    );
    assert_eq!(
        unit_names(&g, 0),
        vec!["Infantry:0:0", "Halberdier:0:0"],
        "no battle damage between them: the Halberdier left the battle"
    );
}

#[test]
fn phase_shift_in_response_saves_a_unit_which_returns_fresh_at_the_end_of_the_turn() {
    // P1's Crossbowman (2 damage) is targeted by P0's Skilled Strike; P1 removes it from
    // play in response, the Strike is cancelled, and the Crossbowman comes back at the end of
    // the turn as a newly played card: no damage, and its enter trigger happens again.
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "units.1", "Crossbowman:dmg=1:aug=1");
    set(&mut g, "hand.0", "Skilled Strike");
    set(&mut g, "hand.1", "Phase Shift");
    set(&mut g, "gold.0", "2");
    set(&mut g, "gold.1", "2");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Crossbowman");
    pick(&mut g, "play Phase Shift");
    pick(&mut g, "target P1 Crossbowman");
    settle(&mut g);
    assert!(g.players[1].units.is_empty());
    assert_eq!(g.banished.len(), 1);
    let log = g.take_log().join("\n");
    assert!(
        log.contains("action Skilled Strike is cancelled: no target left"),
        "{log}"
    );
    assert_eq!(g.discards[0].len(), 0, "not destroyed");
    // End P0's turn: the Crossbowman returns to P1 and its enter trigger (up to one target,
    // 1 damage) is offered to P1.
    let mut guard = 0;
    while g.banished.len() == 1 {
        let l = legal(&g);
        let a = l
            .iter()
            .find(|(_, s)| s == "end the maneuver phase" || s == "pass")
            .expect("pass")
            .0;
        g.apply(a);
        guard += 1;
        assert!(guard < 20);
    }
    assert_eq!(
        unit_names(&g, 1),
        vec!["Crossbowman:0:0"],
        "counters are gone"
    );
    let u = g.players[1].units[0];
    assert!(!u.exhausted);
    assert_eq!(g.cur, 1);
    assert_eq!(
        u.entered, 1,
        "it entered on turn 1, so it may attack on P1's turn 2"
    );
    // P1's draw phase comes first; then the returned Crossbowman's enter trigger selects its
    // target.
    pick(&mut g, "draw from the action deck");
    assert!(
        labels(&g)
            .iter()
            .any(|s| s.contains("target the hero of P0")),
        "the Crossbowman's enter trigger selects its target: {:?}",
        labels(&g)
    );
}

#[test]
fn exile_lasts_until_its_controllers_next_turn_and_attachments_fall_off() {
    let mut g = game(&["thedric", "hakor"], &[], 1);
    set(
        &mut g,
        "units.1",
        "Halberdier:attach=Wasting Disease@1:aug=2",
    );
    set(&mut g, "hand.0", "Exile");
    set(&mut g, "hand.1", "");
    set(&mut g, "gold.0", "5");
    pick(&mut g, "play Exile");
    pick(&mut g, "target P1 Halberdier");
    settle(&mut g);
    assert!(g.players[1].units.is_empty());
    end_turn(&mut g);
    // P1's turn has begun: the Halberdier is back, fresh and without the Wasting Disease, and
    // it cannot attack this turn.
    assert_eq!(g.cur, 1);
    assert!(g.banished.is_empty());
    assert_eq!(unit_names(&g, 1), vec!["Halberdier:0:0"]);
    assert_eq!(g.players[1].units[0].att, [(255, 255); 2]);
    assert!(!labels(&g).iter().any(|s| s.contains("battle")));
}

#[test]
fn an_eliminated_players_removed_units_and_attached_actions_go_to_the_discard_piles() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "units.0", "Infantry");
    set(&mut g, "units.1", "Pikeman:attach=Crippling Hex@1");
    set(&mut g, "hand.0", "Exile, Fireball");
    set(&mut g, "hand.1", "");
    set(&mut g, "gold.0", "10");
    set(&mut g, "health.1", "5");
    pick(&mut g, "play Exile");
    pick(&mut g, "target P1 Pikeman");
    settle(&mut g);
    // The Pikeman left play: the Hex went to the action discard pile.
    assert_eq!(g.discards[2].last().copied(), g_db(&g).find("Exile"));
    assert!(g.discards[2].contains(&g_db(&g).find("Crippling Hex").unwrap()));
    pick(&mut g, "play Fireball");
    pick(&mut g, "target the hero of P1");
    settle(&mut g);
    assert!(g.outcome().is_some());
    assert!(g.banished.is_empty());
    assert_eq!(g.discards[0].last().copied(), g_db(&g).find("Pikeman"));
}

#[test]
fn an_attached_action_card_on_an_opponents_unit_changes_its_attack() {
    // Crippling Hex, owned by P1, on P0's Infantry: its attack trigger is P1's.
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "units.0", "Infantry:attach=Crippling Hex@1");
    set(&mut g, "hand.0", "");
    set(&mut g, "hand.1", "");
    pick(&mut g, "initiate a battle against P1");
    pick(&mut g, "attack with P0 Infantry");
    settle(&mut g);
    // 3 - 2 = 1 attack, all of it prevented by armor 2.
    assert_eq!(g.players[1].health, 38);
    let log = g.take_log().join("\n");
    assert!(log.contains("P1 announces Crippling Hex"), "{log}");
    assert!(log.contains("battle damage: 1 to the hero of P1"), "{log}");
}

#[test]
fn card_file_errors_for_attachments_control_and_removal() {
    let good = example_card_file();
    let cases = [
        (
            "target foe | banish next",
            "target foe | banish",
            "`banish` needs `eot`",
        ),
        (
            "target ally | attach ; attack: boost host 2",
            "target ally | boost 1 ; attack: boost host 2",
            "a second one (after `;`) is the effect it has while attached",
        ),
        (
            "target ally | attach ; hit: heal me 2",
            "target upto 2 ally | attach ; hit: heal me 2",
            "attaches the card itself to exactly one target",
        ),
        (
            "target ally | attach ; hit: heal me 2",
            "target ally | attach ; enter: heal me 2",
            "must be an `endturn:`, `attack:` or `hit:` effect",
        ),
        (
            "hit: gold 2",
            "hit: boost host 2",
            "this card is not an attachment",
        ),
        (
            "enter: token Militia Recruit 1",
            "enter: target ally | attach",
            "only for action cards",
        ),
    ];
    assert_card_file_errors(&good, &cases);
}
