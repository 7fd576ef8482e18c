//! Scenario tests of the Tyrant core rules with exact numbers.
//!
//! Every game uses `shuffle=false` (decks are drawn in list order) and scenarios where each
//! single-target skill has exactly one valid target, so nothing depends on the random stream.
//! Rules texts: `shared/rules/tyrant.txt` ([R]) and `shared/rules/tyrant_skills.md`.

use cardsim_engine::tyrant::{Tyrant, TyrantState, Unit, ATTACKER, DEFENDER};
use cardsim_engine::{game_rng, Action, ActionBuf, EndReason, Game, PlayerResult, Ruleset, ToMove};

const A: usize = ATTACKER as usize;
const D: usize = DEFENDER as usize;

/// Dummies have attack 0 (they never attack); Blocks are plain structures that do nothing.
const CARDS: &str = "\
name,type,faction,attack,health,delay,skills
Cmd,commander,imperial,,50,,
Tiny Cmd,commander,imperial,,4,,
Order Cmd,commander,imperial,,50,,strike 1 all
Guard Cmd,commander,imperial,,50,,protect 2 all
Guard1 Cmd,commander,imperial,,50,,protect 1 all
Hexer Cmd,commander,imperial,,50,,enfeeble 2
Sapper Cmd,commander,imperial,,50,,weaken 1
Block,structure,imperial,,5,0,
Wall,structure,imperial,,5,0,wall
Spiked Wall,structure,imperial,,10,0,wall; counter 2
Tower Enf,structure,imperial,,5,0,enfeeble 2 all
Tower Str,structure,imperial,,5,0,strike 1 all
Slow Tower,structure,imperial,,5,1,strike 1 all
Grunt,assault,imperial,1,10,0,
Brute,assault,imperial,3,10,0,
Slow,assault,imperial,2,10,1,
Slower,assault,imperial,2,10,2,
Slow Glass,assault,imperial,1,1,1,
Thorn,assault,imperial,2,20,1,counter 1
Lemming,assault,imperial,1,1,2,
Dummy,assault,imperial,0,20,0,
Paper,assault,imperial,0,4,0,
Raider Dummy,assault,raider,0,20,0,
Armored,assault,imperial,0,20,0,armor 2
Spiky,assault,imperial,0,20,0,counter 2
Driller,assault,imperial,3,10,0,pierce 4
Needle,assault,imperial,3,10,0,pierce 1
Leecher,assault,imperial,3,10,0,leech 2
Rager,assault,imperial,2,20,0,berserk 1
Venom,assault,imperial,2,10,0,poison 2
Whirl,assault,imperial,2,10,0,flurry 2
Swiper,assault,imperial,2,10,0,swipe
Brave,assault,imperial,1,10,0,valor 2
Rallier,assault,imperial,1,10,0,rally 2 xeno
Drummer,assault,imperial,1,10,0,rally 2
Xeno Grunt,assault,xeno,1,10,0,
Bolt,action,imperial,,,,strike 3
Storm,action,imperial,,,,strike 2 all
Hex All,action,imperial,,,,enfeeble 1 all
Hexstorm,action,imperial,,,,enfeeble 1 all; strike 2 all
Raid Storm,action,imperial,,,,strike 5 all raider
";

// ---- helpers ------------------------------------------------------------------------------

/// A game of deck `a` (attacker, seat 0) against deck `d` (defender, seat 1), decks drawn
/// in list order, with extra `name=value` parameters; run to the first decision.
fn game(a: &str, d: &str, params: &[&str]) -> (Tyrant, TyrantState) {
    let mut p = Tyrant::default_params();
    p.set("shuffle=false").unwrap();
    for kv in params {
        p.set(kv).unwrap();
    }
    let t = Tyrant::from_text(CARDS, &[("a", a), ("d", d)], p).unwrap();
    let s = t.new_game(&[0, 1], game_rng(1, 0));
    s.check_invariants().unwrap();
    (t, s)
}

/// Play hand slot `slot` (must be legal) and run to the next decision or the end.
fn play(s: &mut TyrantState, slot: u16) {
    assert!(
        s.is_legal(Action(slot)),
        "slot {slot} not legal: {:?}",
        s.describe()
    );
    s.apply(Action(slot));
    s.check_invariants().unwrap();
}

/// Play the first card of the hand (with `shuffle=false`: the earliest listed card held).
fn play_first(s: &mut TyrantState) {
    play(s, 0);
}

/// Assert that `seat` must decide on turn `turn`.
#[track_caller]
fn at_decision(s: &TyrantState, seat: usize, turn: u16) {
    assert_eq!(
        s.to_move(),
        ToMove::Player(seat as u8),
        "{:?}",
        s.describe()
    );
    assert_eq!(s.active as usize, seat);
    assert_eq!(s.turn, turn);
}

/// A row as `Name hp, Name hp`.
fn row(t: &Tyrant, units: &[Unit]) -> String {
    units
        .iter()
        .map(|u| format!("{} {}", t.shared().db.card(u.card).name, u.hp))
        .collect::<Vec<_>>()
        .join(", ")
}

fn assaults(t: &Tyrant, s: &TyrantState, seat: usize) -> String {
    row(t, &s.sides[seat].assaults)
}

fn structures(t: &Tyrant, s: &TyrantState, seat: usize) -> String {
    row(t, &s.sides[seat].structures)
}

fn hand(t: &Tyrant, s: &TyrantState, seat: usize) -> Vec<String> {
    s.sides[seat]
        .hand
        .iter()
        .map(|&pos| t.shared().db.card(s.card_at(seat, pos)).name.clone())
        .collect()
}

fn cmd(s: &TyrantState, seat: usize) -> i16 {
    s.sides[seat].commander.hp
}

/// Attack of a unit this turn (printed + berserk + rallied − weakened).
fn power(t: &Tyrant, u: &Unit) -> i16 {
    u.power(t.shared().db.card(u.card))
}

#[track_caller]
fn assert_won(s: &TyrantState, winner: usize, end: EndReason) {
    let o = s.result.expect("the game should be over");
    assert_eq!(o.end, end);
    assert_eq!(o.result(winner), PlayerResult::Win);
    assert_eq!(o.result(1 - winner), PlayerResult::Loss);
    assert_eq!(s.to_move(), ToMove::Terminal);
    let mut buf = ActionBuf::new();
    s.legal_actions(&mut buf);
    assert!(buf.is_empty());
}

// ---- turn structure -------------------------------------------------------------------------

#[test]
fn first_turn_draws_three_then_one_and_a_card_must_be_played() {
    let (t, mut s) = game("Cmd\n5x Block", "Cmd\n5x Block", &[]);
    at_decision(&s, A, 1);
    // Decks are drawn in list order: deck positions 0, 1, 2.
    assert_eq!(s.sides[A].hand.to_vec(), vec![0, 1, 2]);
    assert_eq!(s.sides[A].library.len(), 2);
    // The defender has not begun a turn yet.
    assert_eq!(s.sides[D].hand.len(), 0);
    assert_eq!(s.sides[D].library.len(), 5);
    // The choices are the three hand cards; there is no pass.
    let mut buf = ActionBuf::new();
    s.legal_actions(&mut buf);
    assert_eq!(buf.to_vec(), vec![Action(0), Action(1), Action(2)]);
    assert!(!s.is_legal(Action(3)));

    play(&mut s, 1); // deck position 1
    assert_eq!(structures(&t, &s, A), "Block 5");
    assert_eq!(s.sides[A].structures[0].pos, 1);
    at_decision(&s, D, 2);
    assert_eq!(s.sides[D].hand.to_vec(), vec![0, 1, 2]);
    assert_eq!(s.sides[A].hand.to_vec(), vec![0, 2]);

    play_first(&mut s);
    // The attacker's second turn draws one card.
    at_decision(&s, A, 3);
    assert_eq!(s.sides[A].hand.to_vec(), vec![0, 2, 3]);
    assert_eq!(s.sides[A].library.to_vec(), vec![4]);
    assert_eq!(s.sides[D].hand.to_vec(), vec![1, 2]);

    // first_draw=1: one card on the first turn too.
    let (_t, s) = game("Cmd\n5x Block", "Cmd\n5x Block", &["first_draw=1"]);
    assert_eq!(s.sides[A].hand.to_vec(), vec![0]);
}

#[test]
fn empty_hand_turns_pass_by_themselves_until_the_turn_limit() {
    for (at_limit, winner) in [("defender", Some(D)), ("draw", None)] {
        let (t, mut s) = game(
            "Cmd\nGrunt",
            "Cmd\nBlock",
            &["turn_limit=8", &format!("at_limit={at_limit}")],
        );
        at_decision(&s, A, 1);
        assert_eq!(hand(&t, &s, A), vec!["Grunt"]);
        play_first(&mut s); // Grunt has delay 0: it attacks at once
        at_decision(&s, D, 2);
        assert_eq!(cmd(&s, D), 49);
        play_first(&mut s);
        // Both hands are empty from turn 3 on: turns 3 to 8 run by themselves, the Grunt
        // hitting the defender's commander on turns 3, 5 and 7; the game ends after turn 8.
        assert_eq!(cmd(&s, D), 46);
        assert_eq!(s.turn, 8);
        match winner {
            Some(w) => assert_won(&s, w, EndReason::TurnLimit),
            None => {
                let o = s.result.unwrap();
                assert_eq!(o.end, EndReason::TurnLimit);
                assert_eq!(o.result(A), PlayerResult::Draw);
                assert_eq!(o.result(D), PlayerResult::Draw);
                assert_eq!(s.to_move(), ToMove::Terminal);
            }
        }
    }
}

#[test]
fn defender_can_play_first() {
    let (t, mut s) = game(
        "Cmd\nGrunt",
        "Cmd\nBrute",
        &["first=defender", "turn_limit=3"],
    );
    at_decision(&s, D, 1);
    assert_eq!(hand(&t, &s, D), vec!["Brute"]);
    assert_eq!(s.sides[A].hand.len(), 0);
    assert_eq!(s.sides[A].library.len(), 1);
    play_first(&mut s); // Brute: no assault opposite, no Wall: the commander
    at_decision(&s, A, 2);
    assert_eq!(cmd(&s, A), 47);
    play_first(&mut s); // Grunt attacks the Brute opposite
                        // Turn 3 (defender, empty hand) runs by itself: Brute hits the Grunt opposite. The
                        // defender still wins at the limit although it played first.
    assert_eq!(assaults(&t, &s, A), "Grunt 7");
    assert_eq!(assaults(&t, &s, D), "Brute 9");
    assert_eq!(cmd(&s, A), 47);
    assert_eq!(s.turn, 3);
    assert_won(&s, D, EndReason::TurnLimit);
}

#[test]
fn timers_count_down_on_their_owners_turns_only() {
    let (t, mut s) = game(
        "Cmd\nSlow\nSlower\nSlow Tower\n3x Block",
        "Cmd\nDummy\n4x Block",
        &[],
    );
    play_first(&mut s); // Slow, delay 1: does not act this turn
    at_decision(&s, D, 2);
    assert_eq!(s.sides[A].assaults[0].timer, 1);
    assert_eq!(cmd(&s, D), 50);
    play_first(&mut s); // Dummy, opposite Slow; the defender's turn does not tick A's timers
    at_decision(&s, A, 3);
    assert_eq!(s.sides[A].assaults[0].timer, 0);
    play_first(&mut s); // Slower (delay 2); Slow acts on its owner's next turn
    at_decision(&s, D, 4);
    assert_eq!(assaults(&t, &s, D), "Dummy 18");
    assert_eq!(s.sides[A].assaults[1].timer, 2);
    play_first(&mut s);
    at_decision(&s, A, 5);
    assert_eq!(s.sides[A].assaults[1].timer, 1);
    play_first(&mut s); // Slow Tower (delay 1); Slower still waits
    at_decision(&s, D, 6);
    assert_eq!(assaults(&t, &s, D), "Dummy 16");
    assert_eq!(cmd(&s, D), 50);
    assert_eq!(s.sides[A].structures[0].timer, 1);
    play_first(&mut s);
    at_decision(&s, A, 7);
    assert_eq!(s.sides[A].assaults[1].timer, 0);
    assert_eq!(s.sides[A].structures[0].timer, 0);
    play_first(&mut s); // Tower strikes 1, Slow hits the Dummy, Slower the commander
    at_decision(&s, D, 8);
    assert_eq!(assaults(&t, &s, D), "Dummy 13");
    assert_eq!(cmd(&s, D), 48);
}

#[test]
fn turn_steps_run_action_commander_structures_then_assaults() {
    // Commander: Strike 1 all. Each later step's Enfeeble shows up in the earlier steps'
    // damage only if it came first.
    let (t, mut s) = game(
        "Order Cmd\nTower Enf\nTower Str\nHex All\nGrunt\nBlock",
        "Cmd\nDummy",
        &["first=defender"],
    );
    play_first(&mut s); // Dummy 20
    at_decision(&s, A, 2);
    play_first(&mut s); // commander Strike 1 (19), then Tower Enf: Enfeeble 2
    at_decision(&s, A, 4); // the defender's turn 3 (empty hand) ran by itself
    assert_eq!(assaults(&t, &s, D), "Dummy 19");
    assert_eq!(s.sides[D].assaults[0].enfeebled, 0); // removed at the end of the turn
    play_first(&mut s); // Tower Str goes on the right
                        // Commander 1 (18), Tower Enf +2, Tower Str 1 + 2 (15).
    at_decision(&s, A, 6);
    assert_eq!(structures(&t, &s, A), "Tower Enf 5, Tower Str 5");
    assert_eq!(assaults(&t, &s, D), "Dummy 15");
    play_first(&mut s); // action Hex All first: Enfeeble 1
                        // Commander 1 + 1 (13), Tower Enf +2, Tower Str 1 + 3 (9).
    at_decision(&s, A, 8);
    assert_eq!(assaults(&t, &s, D), "Dummy 9");
    assert_ne!(
        s.sides[A].gone & (1 << 2),
        0,
        "the action card left the game"
    );
    assert_eq!(structures(&t, &s, A), "Tower Enf 5, Tower Str 5");
    play_first(&mut s); // Grunt
                        // Commander 1 (8), Tower Enf +2, Tower Str 3 (5), Grunt attacks 1 + 2 (2).
    at_decision(&s, A, 10);
    assert_eq!(assaults(&t, &s, D), "Dummy 2");
}

#[test]
fn assaults_act_left_to_right_and_rally_only_reaches_allies_yet_to_attack() {
    // Rallier: Rally 2 Xeno. Placed left of the Xeno Grunt, it rallies it before it attacks.
    let (t, mut s) = game("Cmd\nRallier\nXeno Grunt\n3x Block", "Cmd\n5x Block", &[]);
    play_first(&mut s); // Rallier: no Xeno ally (it is Imperial itself); attacks for 1
    assert_eq!(cmd(&s, D), 49);
    play_first(&mut s);
    play_first(&mut s); // Xeno Grunt on the right: Rallier rallies it, 1 + 3
    at_decision(&s, D, 4);
    assert_eq!(cmd(&s, D), 45);
    assert_eq!(assaults(&t, &s, A), "Rallier 10, Xeno Grunt 10");
    assert_eq!(s.sides[A].assaults[1].rallied, 0); // removed at the end of the turn
    assert_eq!(power(&t, &s.sides[A].assaults[1]), 1);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(cmd(&s, D), 41);

    // Xeno Grunt left of the Rallier: it has attacked before the Rally, so no target.
    let (t, mut s) = game("Cmd\nXeno Grunt\nRallier\n3x Block", "Cmd\n5x Block", &[]);
    play_first(&mut s);
    assert_eq!(cmd(&s, D), 49);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, A), "Xeno Grunt 10, Rallier 10");
    assert_eq!(cmd(&s, D), 47);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(cmd(&s, D), 45);
}

#[test]
fn rally_skips_an_ally_that_had_its_turn_even_without_attacking() {
    // Dummy (0 attack) acts first and does not attack; the single-target Rally of the
    // Drummer to its right can then only pick the Drummer itself: 1 + 2 = 3 damage, every
    // time (with the Dummy as a candidate it would be 1 half of the time).
    for seed in 0..8 {
        let mut p = Tyrant::default_params();
        p.set("shuffle=false").unwrap();
        let t = Tyrant::from_text(
            CARDS,
            &[
                ("a", "Cmd\nDummy\nDrummer\n3x Block"),
                ("d", "Cmd\n5x Block"),
            ],
            p,
        )
        .unwrap();
        let mut s = t.new_game(&[0, 1], game_rng(seed, 0));
        play(&mut s, 0); // Dummy
        play_first(&mut s);
        play(&mut s, 0); // Drummer (hand: Drummer, Block, Block)
        assert_eq!(assaults(&t, &s, A), "Dummy 20, Drummer 10");
        assert_eq!(cmd(&s, D), 47, "seed {seed}");
    }
}

#[test]
fn opposing_dead_shift_left_at_the_end_of_the_turn_not_during_it() {
    let (t, mut s) = game(
        "Cmd\nBrute\nBrute\n3x Block",
        "Cmd\nPaper\nDummy\n3x Block",
        &["first=defender"],
    );
    play_first(&mut s); // Paper (0/4)
    play_first(&mut s); // Brute: Paper 1
    assert_eq!(assaults(&t, &s, D), "Paper 1");
    play_first(&mut s); // Dummy goes right of the Paper
    at_decision(&s, A, 4);
    assert_eq!(assaults(&t, &s, D), "Paper 1, Dummy 20");
    play_first(&mut s); // second Brute, on the right
                        // Brute 1 kills the Paper; Brute 2 still faces the Dummy (no shift mid-turn): 17.
                        // At the end of the turn the defender's row closes the gap.
    at_decision(&s, D, 5);
    assert_eq!(assaults(&t, &s, A), "Brute 10, Brute 10");
    assert_eq!(assaults(&t, &s, D), "Dummy 17");
    assert_eq!(cmd(&s, D), 50);
    assert_ne!(s.sides[D].gone & 1, 0);
    play_first(&mut s);
    play_first(&mut s); // Brute 1 now faces the Dummy, Brute 2 the commander
    at_decision(&s, D, 7);
    assert_eq!(assaults(&t, &s, D), "Dummy 14");
    assert_eq!(cmd(&s, D), 47);
}

#[test]
fn own_dead_leave_a_gap_through_the_opponents_turn() {
    for shift_acting_side in [false, true] {
        let (t, mut s) = game(
            "Cmd\nWall\nSlow Glass\nGrunt\n2x Block",
            "Cmd\nBlock\nThorn\n3x Block",
            &[&format!("shift_acting_side={shift_acting_side}")],
        );
        play_first(&mut s); // Wall
        play_first(&mut s); // Block
        play_first(&mut s); // Slow Glass (1/1, delay 1)
        play_first(&mut s); // Thorn (2/20, delay 1, Counter 1)
        at_decision(&s, A, 5);
        play_first(&mut s); // Grunt on the right
                            // Slow Glass hits the Thorn (19) and dies to Counter 1. The Grunt has nothing
                            // opposite and the defender no Wall: commander 49.
        at_decision(&s, D, 6);
        assert_eq!(assaults(&t, &s, D), "Thorn 19");
        assert_eq!(cmd(&s, D), 49);
        assert_eq!(s.sides[D].assaults[0].timer, 0);
        if !shift_acting_side {
            // The attacker's own dead stays as a gap through the defender's turn; the
            // Thorn opposite it hits the leftmost Wall.
            assert_eq!(assaults(&t, &s, A), "Slow Glass 0, Grunt 10");
            play_first(&mut s);
            at_decision(&s, A, 7);
            assert_eq!(structures(&t, &s, A), "Wall 3");
            assert_eq!(assaults(&t, &s, A), "Grunt 10");
        } else {
            // The rule parameter closes the gap at once: the Thorn faces the Grunt.
            assert_eq!(assaults(&t, &s, A), "Grunt 10");
            play_first(&mut s);
            at_decision(&s, A, 7);
            assert_eq!(structures(&t, &s, A), "Wall 5");
            assert_eq!(assaults(&t, &s, A), "Grunt 8");
        }
        assert_ne!(s.sides[A].gone & (1 << 1), 0);
        assert_eq!(cmd(&s, A), 50);
    }
}

#[test]
fn attacks_go_to_the_opposite_assault_then_the_leftmost_wall_then_the_commander() {
    let (t, mut s) = game(
        "Cmd\nBrute\n4x Block",
        "Cmd\nBlock\nWall\nWall\nDummy",
        &["first=defender"],
    );
    play_first(&mut s); // Block (not a Wall)
    play_first(&mut s); // Brute: the commander
    assert_eq!(cmd(&s, D), 47);
    play_first(&mut s); // Wall
    play_first(&mut s); // Brute: the Wall
    assert_eq!(structures(&t, &s, D), "Block 5, Wall 2");
    play_first(&mut s); // a second Wall, on the right
    play_first(&mut s); // Brute: the leftmost Wall dies (no overflow)
    at_decision(&s, D, 7);
    assert_eq!(structures(&t, &s, D), "Block 5, Wall 5");
    assert_eq!(cmd(&s, D), 47);
    play_first(&mut s); // Dummy opposite the Brute
    play_first(&mut s); // the defender's turn 9 runs by itself (empty hand)
    at_decision(&s, A, 10);
    assert_eq!(assaults(&t, &s, D), "Dummy 17");
    assert_eq!(structures(&t, &s, D), "Block 5, Wall 5");
    assert_eq!(cmd(&s, D), 47);
}

#[test]
fn game_ends_as_soon_as_a_commander_drops_below_one() {
    let (t, mut s) = game("Cmd\nBrute\nGrunt", "Tiny Cmd\n2x Block", &[]);
    play_first(&mut s); // Brute: 4 - 3 = 1, still in the game
    at_decision(&s, D, 2);
    assert_eq!(cmd(&s, D), 1);
    play_first(&mut s);
    play_first(&mut s); // Grunt; the Brute (left) brings the commander to -2
    assert_eq!(cmd(&s, D), -2); // the Grunt never attacked
    assert_eq!(assaults(&t, &s, A), "Brute 10, Grunt 10");
    assert_eq!(s.turn, 3);
    assert_won(&s, A, EndReason::Decided);

    let (_t, mut s) = game("Tiny Cmd\n2x Block", "Cmd\nBrute\nBlock", &[]);
    play_first(&mut s);
    play_first(&mut s); // Brute: attacker's commander 1
    assert_eq!(cmd(&s, A), 1);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(cmd(&s, A), -2);
    assert_eq!(s.turn, 4);
    assert_won(&s, D, EndReason::Decided);
}

// ---- skills -------------------------------------------------------------------------------

#[test]
fn armor_reduces_attacks_but_not_strike() {
    let (t, mut s) = game(
        "Cmd\nBrute\nBolt\nBlock",
        "Cmd\nArmored",
        &["first=defender"],
    );
    play_first(&mut s);
    play_first(&mut s); // Brute 3 - Armor 2
    assert_eq!(assaults(&t, &s, D), "Armored 19");
    play_first(&mut s); // Bolt: Strike 3 ignores Armor (16), then Brute 1 (15)
    assert_eq!(assaults(&t, &s, D), "Armored 15");
}

#[test]
fn counter_hits_back_with_enfeeble_added_and_protect_subtracted() {
    // Plain Counter 2.
    let (t, mut s) = game("Cmd\nBrute\n3x Block", "Cmd\nSpiky", &["first=defender"]);
    play_first(&mut s);
    play_first(&mut s);
    at_decision(&s, A, 4);
    assert_eq!(assaults(&t, &s, D), "Spiky 17");
    assert_eq!(assaults(&t, &s, A), "Brute 8");
    // An Enfeebled attacker takes 2 + 1 back; Armor on the attacker would not help. (No card
    // here enfeebles: a status set by hand needs the full turn loop.)
    s.use_full_loop();
    s.sides[A].assaults[0].enfeebled = 1;
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Spiky 14");
    assert_eq!(assaults(&t, &s, A), "Brute 5");
    assert_eq!(s.sides[A].assaults[0].enfeebled, 0);

    // The attacker's commander protects it by 1: Counter 2 - 1.
    let (t, mut s) = game(
        "Guard1 Cmd\nBrute\n3x Block",
        "Cmd\nSpiky",
        &["first=defender"],
    );
    play_first(&mut s);
    play_first(&mut s);
    at_decision(&s, A, 4);
    assert_eq!(assaults(&t, &s, D), "Spiky 17");
    assert_eq!(assaults(&t, &s, A), "Brute 9");
    assert_eq!(s.sides[A].assaults[0].protected, 0); // worn off at its owner's turn start
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, A), "Brute 8");
}

#[test]
fn counter_on_death_decides_whether_a_killed_card_still_counters() {
    for (on_death, brute_hp) in [(true, 8), (false, 10)] {
        let (t, mut s) = game(
            "Cmd\nBrute\n3x Block",
            "Cmd\nSpiky",
            &["first=defender", &format!("counter_on_death={on_death}")],
        );
        play_first(&mut s);
        at_decision(&s, A, 2);
        s.sides[D].assaults[0].hp = 3;
        play_first(&mut s); // Brute kills the Spiky
        at_decision(&s, A, 4);
        assert_eq!(assaults(&t, &s, D), "");
        assert_ne!(s.sides[D].gone & 1, 0);
        assert_eq!(assaults(&t, &s, A), format!("Brute {brute_hp}"));
    }
}

#[test]
fn a_wall_with_counter_strikes_back() {
    for (on_death, last_hp) in [(true, 2), (false, 4)] {
        let (t, mut s) = game(
            "Cmd\nBrute\n6x Block",
            "Cmd\nSpiked Wall",
            &["first=defender", &format!("counter_on_death={on_death}")],
        );
        play_first(&mut s);
        play_first(&mut s);
        assert_eq!(structures(&t, &s, D), "Spiked Wall 7");
        assert_eq!(assaults(&t, &s, A), "Brute 8");
        play_first(&mut s);
        play_first(&mut s);
        assert_eq!(structures(&t, &s, D), "Spiked Wall 1");
        assert_eq!(assaults(&t, &s, A), "Brute 4");
        play_first(&mut s); // the Wall dies
        at_decision(&s, A, 10);
        assert_eq!(structures(&t, &s, D), "");
        assert_eq!(assaults(&t, &s, A), format!("Brute {last_hp}"));
        assert_eq!(cmd(&s, D), 50);
        play_first(&mut s); // now the commander
        assert_eq!(cmd(&s, D), 47);
    }
}

#[test]
fn strike_single_and_all_with_enfeeble_and_protect() {
    let (t, mut s) = game(
        "Cmd\nBolt\nHexstorm\nStorm\nRaid Storm",
        "Cmd\nDummy\nArmored\nRaider Dummy",
        &["first=defender"],
    );
    play_first(&mut s); // Dummy
    play_first(&mut s); // Bolt: Strike 3 on the only target
    assert_eq!(assaults(&t, &s, D), "Dummy 17");
    play_first(&mut s); // Armored
    at_decision(&s, A, 4);
    // No card here protects: a status set by hand needs the full turn loop.
    s.use_full_loop();
    s.sides[D].assaults[1].protected = 1;
    play_first(&mut s); // Hexstorm: Enfeeble 1 all, then Strike 2 all
                        // Dummy 2 + 1; Armored 2 + 1 - 1 (Armor does not reduce Strike).
    at_decision(&s, D, 5);
    assert_eq!(assaults(&t, &s, D), "Dummy 14, Armored 18");
    assert_eq!(s.sides[D].assaults[0].enfeebled, 0);
    assert_eq!(s.sides[D].assaults[1].enfeebled, 0);
    assert_eq!(s.sides[D].assaults[1].protected, 0);
    play_first(&mut s); // Raider Dummy
    at_decision(&s, A, 6);
    s.sides[D].assaults[0].protected = 5;
    play_first(&mut s); // Storm: Strike 2 all; Protect 5 leaves 0 (no healing)
    at_decision(&s, A, 8);
    assert_eq!(assaults(&t, &s, D), "Dummy 14, Armored 16, Raider Dummy 18");
    play_first(&mut s); // Raid Storm: Strike 5 all Raider
    assert_eq!(assaults(&t, &s, D), "Dummy 14, Armored 16, Raider Dummy 13");
    // Action cards leave the game; nothing of the attacker's is on the board.
    assert_eq!(s.sides[A].gone, 0b1111);
    assert_eq!(assaults(&t, &s, A), "");
    assert_eq!(structures(&t, &s, A), "");
}

#[test]
fn protect_lasts_through_the_enemy_turn_and_wears_off_at_the_owners_turn() {
    let (t, mut s) = game(
        "Cmd\nBrute\nBolt\nBlock",
        "Guard Cmd\nDummy\nBlock",
        &["first=defender"],
    );
    play_first(&mut s); // Dummy; then the commander's Protect 2 all
    at_decision(&s, A, 2);
    assert_eq!(s.sides[D].assaults[0].protected, 2);
    play_first(&mut s); // Brute 3 - 2
    at_decision(&s, D, 3);
    assert_eq!(assaults(&t, &s, D), "Dummy 19");
    assert_eq!(s.sides[D].assaults[0].protected, 0);
    play_first(&mut s);
    at_decision(&s, A, 4);
    assert_eq!(s.sides[D].assaults[0].protected, 2);
    play_first(&mut s); // Bolt 3 - 2, Brute 3 - 2
    assert_eq!(assaults(&t, &s, D), "Dummy 17");

    // The attacker's own protected assault, attacked on the defender's turn.
    let (t, mut s) = game("Guard Cmd\nGrunt\n3x Block", "Cmd\nBrute\n3x Block", &[]);
    play_first(&mut s);
    at_decision(&s, D, 2);
    assert_eq!(cmd(&s, D), 49);
    assert_eq!(s.sides[A].assaults[0].protected, 2);
    play_first(&mut s); // Brute 3 - 2
    at_decision(&s, A, 3);
    assert_eq!(assaults(&t, &s, A), "Grunt 9");
    assert_eq!(s.sides[A].assaults[0].protected, 0);
    play_first(&mut s); // protected again; Grunt hits the Brute
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, A), "Grunt 8");
    assert_eq!(assaults(&t, &s, D), "Brute 9");
}

#[test]
fn worked_example_attack_armor_protect_enfeeble_pierce() {
    // tyrant_skills.md §1: attack 3, Armor 2, Protect 1, Enfeeble 2, Pierce 4 -> 5
    // (Valor and Antiair 0). Protect 1 from the defender's commander, Enfeeble 2 from the
    // attacker's commander just before the attack.
    for (attacker, expected) in [("Driller", 15), ("Needle", 17), ("Brute", 18)] {
        let (t, mut s) = game(
            &format!("Hexer Cmd\n{attacker}\nBlock"),
            "Guard1 Cmd\nArmored",
            &["first=defender"],
        );
        play_first(&mut s);
        at_decision(&s, A, 2);
        assert_eq!(s.sides[D].assaults[0].protected, 1);
        play_first(&mut s);
        // Pierce 4: 3 + 2 - max(0, 3 - 4) = 5; Pierce 1: 3 + 2 - 2 = 3; none: 3 + 2 - 3 = 2.
        assert_eq!(assaults(&t, &s, D), format!("Armored {expected}"));
        assert_eq!(s.sides[D].assaults[0].enfeebled, 0);
    }
}

#[test]
fn leech_heals_up_to_the_damage_dealt_after_counter() {
    // Leecher: 3 attack, 10 health, Leech 2.
    let (t, mut s) = game("Cmd\nLeecher\n3x Block", "Cmd\nDummy", &["first=defender"]);
    play_first(&mut s);
    play_first(&mut s); // at full health: capped at 10
    assert_eq!(assaults(&t, &s, D), "Dummy 17");
    assert_eq!(assaults(&t, &s, A), "Leecher 10");
    s.sides[A].assaults[0].hp = 5;
    play_first(&mut s); // heals min(2, 3)
    assert_eq!(assaults(&t, &s, A), "Leecher 7");
    s.sides[A].assaults[0].hp = 9;
    play_first(&mut s); // capped at its maximum
    assert_eq!(assaults(&t, &s, A), "Leecher 10");
    assert_eq!(assaults(&t, &s, D), "Dummy 11");

    // Against Armor 2 it deals 1, so it heals 1.
    let (t, mut s) = game(
        "Cmd\nLeecher\n3x Block",
        "Cmd\nArmored",
        &["first=defender"],
    );
    play_first(&mut s);
    play_first(&mut s);
    s.sides[A].assaults[0].hp = 5;
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, A), "Leecher 6");
    assert_eq!(assaults(&t, &s, D), "Armored 18");

    // Counter first, then Leech if still alive.
    let (t, mut s) = game("Cmd\nLeecher\n3x Block", "Cmd\nSpiky", &["first=defender"]);
    play_first(&mut s);
    play_first(&mut s); // 10 - 2 + 2
    assert_eq!(assaults(&t, &s, A), "Leecher 10");
    s.sides[A].assaults[0].hp = 3;
    play_first(&mut s); // 3 - 2 + 2
    assert_eq!(assaults(&t, &s, A), "Leecher 3");
    s.sides[A].assaults[0].hp = 2;
    play_first(&mut s); // 2 - 2: destroyed, no Leech
    at_decision(&s, A, 8);
    assert_eq!(assaults(&t, &s, D), "Spiky 11");
    assert_eq!(assaults(&t, &s, A), ""); // shifted out at the end of the defender's turn
    assert_ne!(s.sides[A].gone & 1, 0);
}

#[test]
fn berserk_grows_only_after_damaging_an_assault() {
    // Rager: 2 attack, 20 health, Berserk 1.
    let (t, mut s) = game("Cmd\nRager\n3x Block", "Cmd\nDummy", &["first=defender"]);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Dummy 18");
    assert_eq!(s.sides[A].assaults[0].berserk, 1);
    assert_eq!(power(&t, &s.sides[A].assaults[0]), 3);
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Dummy 15");
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Dummy 11");
    assert_eq!(s.sides[A].assaults[0].berserk, 3);

    // No damage through Armor 2: no Berserk.
    let (t, mut s) = game("Cmd\nRager\n3x Block", "Cmd\nArmored", &["first=defender"]);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Armored 20");
    assert_eq!(s.sides[A].assaults[0].berserk, 0);

    // Walls and commanders do not feed Berserk.
    let (t, mut s) = game("Cmd\nRager\n3x Block", "Cmd\nWall", &["first=defender"]);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(structures(&t, &s, D), "Wall 3");
    play_first(&mut s);
    assert_eq!(structures(&t, &s, D), "Wall 1");
    play_first(&mut s); // the Wall dies
    at_decision(&s, A, 8);
    assert_eq!(structures(&t, &s, D), "");
    assert_eq!(s.sides[A].assaults[0].berserk, 0);
    play_first(&mut s);
    // The rest plays itself: the Rager hits the commander for 2 on each of the attacker's
    // turns 8, 10, ..., 50 (22 hits) and never grows; the defender wins at the limit.
    assert_eq!(cmd(&s, D), 50 - 2 * 22);
    assert_eq!(s.sides[A].assaults[0].berserk, 0);
    assert_won(&s, D, EndReason::TurnLimit);
}

#[test]
fn poison_applies_on_damage_keeps_the_highest_and_ticks_at_the_owners_turn() {
    // Venom: 2 attack, Poison 2. The defender's commander gives Protect 1 every turn.
    let (t, mut s) = game(
        "Cmd\nVenom\n6x Block",
        "Guard1 Cmd\nDummy\n3x Block",
        &["first=defender"],
    );
    play_first(&mut s);
    play_first(&mut s); // 2 - 1 damage, Poison 2
    at_decision(&s, D, 3);
    // Poison ticked at the start of the owner's turn, unreduced by Protect.
    assert_eq!(assaults(&t, &s, D), "Dummy 17");
    assert_eq!(s.sides[D].assaults[0].poisoned, 2);
    play_first(&mut s);
    at_decision(&s, A, 4);
    assert_eq!(assaults(&t, &s, D), "Dummy 17"); // no tick on the enemy's turn
    play_first(&mut s);
    at_decision(&s, D, 5);
    assert_eq!(assaults(&t, &s, D), "Dummy 14");
    play_first(&mut s);
    at_decision(&s, A, 6);
    s.sides[D].assaults[0].poisoned = 3;
    play_first(&mut s); // Poison 2 does not replace 3
    at_decision(&s, D, 7);
    assert_eq!(s.sides[D].assaults[0].poisoned, 3);
    assert_eq!(assaults(&t, &s, D), "Dummy 10");
    play_first(&mut s);
    at_decision(&s, A, 8);
    s.sides[D].assaults[0].poisoned = 1;
    play_first(&mut s); // Poison 2 replaces 1
    at_decision(&s, A, 10); // the defender's turn 9 ran by itself
    assert_eq!(s.sides[D].assaults[0].poisoned, 2);
    assert_eq!(assaults(&t, &s, D), "Dummy 7");
    // No damage through Protect: no Poison either.
    s.sides[D].assaults[0].poisoned = 0;
    s.sides[D].assaults[0].protected = 2;
    play_first(&mut s);
    at_decision(&s, A, 12);
    assert_eq!(s.sides[D].assaults[0].poisoned, 0);
    assert_eq!(assaults(&t, &s, D), "Dummy 7");
}

#[test]
fn flurry_gives_extra_attacks_at_chance_100_and_none_at_0() {
    for (chance, hp) in [(100, 44), (0, 48)] {
        let (_t, mut s) = game(
            "Cmd\nWhirl\nBlock",
            "Cmd\n2x Block",
            &[&format!("flurry_chance={chance}")],
        );
        play_first(&mut s); // Whirl: 2 attack, Flurry 2
        assert_eq!(cmd(&s, D), hp);
    }
}

#[test]
fn flurry_stops_when_the_attacker_dies_and_retargets_each_swing() {
    let (t, mut s) = game(
        "Cmd\nWhirl\n3x Block",
        "Cmd\nSpiky",
        &["first=defender", "flurry_chance=100"],
    );
    play_first(&mut s);
    play_first(&mut s); // three swings, Counter 2 each
    assert_eq!(assaults(&t, &s, D), "Spiky 14");
    assert_eq!(assaults(&t, &s, A), "Whirl 4");
    play_first(&mut s); // swing 1: Whirl 2; swing 2: Whirl 0, the third never comes
    at_decision(&s, A, 6);
    assert_eq!(assaults(&t, &s, D), "Spiky 10");
    assert_eq!(assaults(&t, &s, A), "");

    // The card opposite dies on the second swing: the third goes to the commander.
    let (t, mut s) = game(
        "Cmd\nWhirl\nBlock",
        "Cmd\nPaper",
        &["first=defender", "flurry_chance=100"],
    );
    play_first(&mut s);
    play_first(&mut s);
    at_decision(&s, A, 4);
    assert_eq!(assaults(&t, &s, D), "");
    assert_eq!(cmd(&s, D), 48);
}

#[test]
fn swipe_hits_left_opposite_right_and_stops_when_the_swiper_dies() {
    let (t, mut s) = game(
        "Cmd\nDummy\nBlock\nSwiper\n3x Block",
        "Cmd\nSpiky\nArmored\nDummy",
        &["first=defender"],
    );
    for _ in 0..5 {
        play_first(&mut s);
    }
    at_decision(&s, A, 6);
    assert_eq!(assaults(&t, &s, D), "Spiky 20, Armored 20, Dummy 20");
    assert_eq!(assaults(&t, &s, A), "Dummy 20");
    play_first(&mut s); // Swiper at slot 1
                        // Left: Spiky 18 (Counter 2: Swiper 8); opposite: Armored, 2 - 2 = 0; right: Dummy 18.
    at_decision(&s, A, 8);
    assert_eq!(assaults(&t, &s, D), "Spiky 18, Armored 20, Dummy 18");
    assert_eq!(assaults(&t, &s, A), "Dummy 20, Swiper 8");
    s.sides[A].assaults[1].hp = 2;
    play_first(&mut s); // the left hit comes first, and its Counter ends the Swipe
    at_decision(&s, A, 10);
    assert_eq!(assaults(&t, &s, D), "Spiky 16, Armored 20, Dummy 18");
    assert_eq!(assaults(&t, &s, A), "Dummy 20");

    // Slot 0 has no left neighbour; nothing opposite: one hit on the commander.
    let (t, mut s) = game("Cmd\nSwiper\n3x Block", "Cmd\nDummy\nDummy\nBlock", &[]);
    play_first(&mut s);
    assert_eq!(cmd(&s, D), 48);
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Dummy 18");
    play_first(&mut s);
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Dummy 16, Dummy 18");
    assert_eq!(cmd(&s, D), 48);

    // Nothing opposite but a neighbour on the left: a single hit on the commander.
    let (t, mut s) = game(
        "Cmd\nDummy\nSwiper\nBlock",
        "Cmd\nDummy",
        &["first=defender"],
    );
    play_first(&mut s);
    play_first(&mut s);
    play_first(&mut s); // Swiper at slot 1
    assert_eq!(cmd(&s, D), 48);
    assert_eq!(assaults(&t, &s, D), "Dummy 20");
}

#[test]
fn valor_needs_fewer_living_assaults_counting_itself() {
    // Brave: 1 attack, Valor 2. The Lemming (1/1, delay 2) dies on the defender's turn to the
    // attacker's Spiked Wall, leaving a gap opposite the Brave through the attacker's turn.
    let (t, mut s) = game(
        "Cmd\nSpiked Wall\nBlock\nBrave\n2x Block",
        "Cmd\nLemming\nDummy\nDummy\nBlock",
        &["first=defender"],
    );
    for _ in 0..5 {
        play_first(&mut s);
    }
    at_decision(&s, A, 6);
    assert_eq!(assaults(&t, &s, D), "Lemming -1, Dummy 20, Dummy 20");
    assert_eq!(structures(&t, &s, A), "Spiked Wall 9, Block 5");
    play_first(&mut s); // Brave: 1 living against 2, so 1 + 2 on the commander
    at_decision(&s, D, 7);
    assert_eq!(cmd(&s, D), 47);
    assert_eq!(assaults(&t, &s, D), "Dummy 20, Dummy 20");
    play_first(&mut s);
    play_first(&mut s); // and 1 + 2 on the Dummy opposite
    assert_eq!(assaults(&t, &s, D), "Dummy 17, Dummy 20");

    // One against one: no Valor.
    let (t, mut s) = game("Cmd\nBrave\nBlock", "Cmd\nDummy", &["first=defender"]);
    play_first(&mut s);
    at_decision(&s, A, 2);
    play_first(&mut s);
    assert_eq!(assaults(&t, &s, D), "Dummy 19");
}

#[test]
fn weaken_targets_attackers_due_soon_and_lasts_through_the_targets_next_turn() {
    // The attacker's commander has Weaken 1.
    let (t, mut s) = game(
        "Sapper Cmd\n6x Block",
        "Cmd\nDummy\nSlower\n2x Block",
        &["first=defender"],
    );
    play_first(&mut s); // Dummy (attack 0)
    play_first(&mut s); // Weaken: no valid target
    at_decision(&s, D, 3);
    assert_eq!(s.sides[D].assaults[0].weakened, 0);
    play_first(&mut s); // Slower: attack 2, timer 2
    at_decision(&s, A, 4);
    assert_eq!(s.sides[D].assaults[1].timer, 2);
    play_first(&mut s); // Weaken: the Slower's timer 2 is too far off
    at_decision(&s, D, 5);
    assert_eq!(s.sides[D].assaults[1].weakened, 0);
    assert_eq!(s.sides[D].assaults[1].timer, 1);
    play_first(&mut s);
    play_first(&mut s); // Weaken the Slower (timer 1)
    at_decision(&s, D, 7);
    assert_eq!(assaults(&t, &s, D), "Dummy 20, Slower 10");
    assert_eq!(s.sides[D].assaults[1].weakened, 1);
    assert_eq!(s.sides[D].assaults[1].timer, 0);
    assert_eq!(power(&t, &s.sides[D].assaults[1]), 1);
    play_first(&mut s); // the Slower attacks the commander for 2 - 1
    at_decision(&s, A, 8);
    assert_eq!(cmd(&s, A), 49);
    assert_eq!(s.sides[D].assaults[1].weakened, 0); // gone after the target's own turn
    play_first(&mut s); // weakened again; turn 9 runs by itself
    at_decision(&s, A, 10);
    assert_eq!(cmd(&s, A), 48);
}
