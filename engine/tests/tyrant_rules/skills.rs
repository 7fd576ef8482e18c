//! Tyrant rules scenarios: the skills (Armor, Counter, Strike, Protect, Enfeeble, Pierce, Leech, Berserk, Poison, Flurry, Swipe, Valor, Weaken).

use super::*;

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
