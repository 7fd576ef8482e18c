//! The rulebook's worked examples, number for number: Examples 1-3 of maneuvers and responses,
//! the armor example, the gold-tracker and production examples, and turns 1-4 of the sample
//! game (Paul with Beledan Kind against Allison with Thedric Egen).

mod allegiance_common;

use allegiance_common::*;

#[test]
pub fn example_1_skilled_strike_destroys_infantry() {
    let mut g = infantry_example("", "Skilled Strike");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Infantry");
    // Nobody can respond: it resolved at once.
    assert!(g.chain.is_empty());
    assert!(g.players[1].units.is_empty(), "Infantry destroyed");
    assert_eq!(g.discards()[0].last().copied(), g_db(&g).find("Infantry"));
    assert_eq!(
        g.discards()[2].last().copied(),
        g_db(&g).find("Skilled Strike")
    );
}

#[test]
pub fn example_2_mend_wounds_in_response_saves_infantry() {
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
pub fn example_3_skilled_strike_in_response_cancels_mend_wounds() {
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
    let top2: Vec<u8> = g.discards()[2].iter().rev().take(2).copied().collect();
    assert_eq!(
        top2,
        vec![
            db.find("Mend Wounds").unwrap(),
            db.find("Skilled Strike").unwrap()
        ]
    );
}

#[test]
pub fn armor_example_three_plus_four_against_armor_two() {
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
pub fn gold_tracker_example_24_minus_6() {
    let mut g = game(&["thedric", "beledan"], &[], 1);
    set(&mut g, "gold.0", "24");
    pick(&mut g, "unlock New Recruits (6 gold)");
    assert_eq!(g.players[0].gold, 18);
}

#[test]
pub fn production_example_3_gold_production_6() {
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
pub fn sample_game_turns_1_to_4() {
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
    assert_eq!(g.dec, Dec::Main(1), "back in Allison's maneuver phase");
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

#[test]
pub fn card_file_errors_name_file_and_line() {
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
pub fn loadout_errors_name_file_and_line() {
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
pub fn a_defended_attacker_deals_no_hero_damage_even_if_its_defender_leaves() {
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
pub fn a_blocked_weapon_takes_no_damage_back_and_armor_covers_only_battle_damage() {
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
pub fn healing_is_capped_at_maximum_health() {
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
pub fn necromancer_never_draws_units_and_his_units_return_under_their_deck() {
    let mut g = game(&["beledan", "hakor"], &[], 1);
    // Starting hand: two action cards.
    assert_eq!(g.players[1].hand.len(), 2);
    let db = g_db(&g);
    assert!(g.players[1]
        .hand
        .iter()
        .all(|&c| db.card(c).kind.deck() == Some(2)));
    let infantry = db.find("Infantry").unwrap();
    set(&mut g, "hand.0", "Skilled Strike");
    set(&mut g, "units.1", "Infantry:dmg=2");
    pick(&mut g, "play Skilled Strike");
    pick(&mut g, "target P1 Infantry");
    settle(&mut g);
    assert_eq!(
        g.decks()[0][0],
        infantry,
        "Hakor's destroyed Infantry went under the basic deck"
    );
    pick(&mut g, "end the maneuver phase");
    settle(&mut g);
    // Hakor chooses the basic deck: its top card goes to the discard pile, not to his hand.
    let top = *g.decks()[0].last().unwrap();
    let discards = g.discards()[0].len();
    pick(&mut g, "draw from the basic deck");
    assert_eq!(g.players[1].hand.len(), 2);
    assert_eq!(g.discards()[0].len(), discards + 1);
    assert_eq!(*g.discards()[0].last().unwrap(), top);
}
