//! Allegiance rules beyond the worked examples: multiplayer formats and elimination, trigger
//! order, death effects, control change, temporary removal, attached action cards, and the
//! card-file errors of those effects.

mod allegiance_common;

use allegiance_common::*;

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
    assert_eq!(g.discards()[2].last().copied(), g_db(&g).find("Bribe"));
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
    assert_eq!(g.discards()[0].len(), 0, "not destroyed");
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
    assert_eq!(g.discards()[2].last().copied(), g_db(&g).find("Exile"));
    assert!(g.discards()[2].contains(&g_db(&g).find("Crippling Hex").unwrap()));
    pick(&mut g, "play Fireball");
    pick(&mut g, "target the hero of P1");
    settle(&mut g);
    assert!(g.outcome().is_some());
    assert!(g.banished.is_empty());
    assert_eq!(g.discards()[0].last().copied(), g_db(&g).find("Pikeman"));
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

#[test]
fn a_loadout_naming_a_key_twice_is_an_error_with_both_lines() {
    use cardsim_engine::allegiance::Loadout;
    let a = Allegiance::example(&[]).unwrap();
    let text = |t: &str| cardsim_engine::DeckText {
        name: "l".into(),
        file: "l.txt".into(),
        line_offset: 0,
        text: t.into(),
    };
    let db = &a.shared().db;
    let e = Loadout::parse_text(&text("hero = Thedric Egen\n# c\nhero = Beledan Kind\n"), db)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "l.txt:3: `hero` is set twice (first on line 1)"
    );
    // A byte-order mark (a file saved by some editors) is accepted.
    let l = Loadout::parse_text(&text("\u{feff}hero = Thedric Egen\n"), db).unwrap();
    assert_eq!(db.heroes[l.hero as usize].name, "Thedric Egen");
}
