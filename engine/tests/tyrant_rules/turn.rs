//! Tyrant rules scenarios: the turn structure (draws, timers, step order, attacks, dead cards, game end).

use super::*;

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
