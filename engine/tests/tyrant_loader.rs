//! The Tyrant loader accepts what the rules text allows (Armor on structures, Counter and
//! Refresh on commanders, a deck of only a commander, `#` comment rows) and names file, line,
//! column and the allowed values for a bad row; state descriptions never show negative health.

use std::path::Path;

use cardsim_engine::tyrant::{CardDb, Deck, Tyrant, ATTACKER, DEFENDER};
use cardsim_engine::{game_rng, ActionBuf, EndReason, Game, PlayerResult, Ruleset};

const HEADER: &str = "name,type,faction,attack,health,delay,skills\n";

const CARDS: &str = "\
name,type,faction,attack,health,delay,skills
Cmd,commander,imperial,,50,,
# a comment row between cards
Thorn Cmd,commander,imperial,,40,,counter 2; refresh
Brute,assault,imperial,3,10,0,
Bastion,structure,imperial,,12,0,wall; armor 2; counter 1
";

fn db(text: &str) -> Result<CardDb, String> {
    CardDb::parse(Path::new("cards.csv"), text).map_err(|e| e.to_string())
}

#[test]
fn comment_rows_are_skipped_and_later_lines_keep_their_numbers() {
    let db = db(CARDS).unwrap();
    let names: Vec<&str> = db.cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Cmd", "Thorn Cmd", "Brute", "Bastion"]);
    assert_eq!(db.card(db.find("Thorn Cmd").unwrap()).line, 4);
    let bad = CARDS.replace("Brute,assault,imperial,3", "Brute,assault,imperial,x");
    assert_eq!(
        self::db(&bad).unwrap_err(),
        "cards.csv:5: column `attack`: card `Brute`: `x` is not a whole number from 0 to 99"
    );
}

#[test]
fn structures_take_armor_commanders_take_counter_and_refresh() {
    let db = db(CARDS).unwrap();
    let bastion = db.card(db.find("Bastion").unwrap());
    assert_eq!((bastion.passive.armor, bastion.passive.counter), (2, 1));
    let thorn = db.card(db.find("Thorn Cmd").unwrap());
    assert_eq!(thorn.passive.counter, 2);
    assert!(thorn.passive.refresh);
}

#[test]
fn bad_rows_name_file_line_column_and_allowed_values() {
    let cases = [
        (
            "Boss,commander,imperial,,30,,armor 1\n",
            "cards.csv:2: column `skills`: card `Boss`: skill `armor` has no effect on a commander (it works on assaults and structures)",
        ),
        (
            "Zap,action,imperial,,,,strike 1; counter 1\n",
            "cards.csv:2: column `skills`: card `Zap`: skill `counter` has no effect on an action (it works on commanders, assaults and structures)",
        ),
        (
            "Brute,assult,imperial,3,10,0,\n",
            "cards.csv:2: column `type`: card `Brute`: unknown type `assult` (expected commander, assault, structure or action)",
        ),
        (
            "Brute,assault,imperial,3,10,12,\n",
            "cards.csv:2: column `delay`: card `Brute`: `12` is not a whole number from 0 to 9",
        ),
        (
            "Brute,assault,imperial,3,,0,\n",
            "cards.csv:2: column `health`: card `Brute`: an assault needs a health (a whole number from 0 to 250)",
        ),
        (
            "Brute,assault,imperial,3,0,0,\n",
            "cards.csv:2: column `health`: card `Brute`: health must be at least 1 (a whole number from 1 to 250)",
        ),
        (
            "Tower,structure,imperial,2,10,0,\n",
            "cards.csv:2: column `attack`: card `Tower`: a structure has no attack (found `2`; leave it empty)",
        ),
        (
            ",assault,imperial,3,10,0,\n",
            "cards.csv:2: column `name`: empty card name",
        ),
        (
            "Brute,assault,,3,10,0,\n",
            "cards.csv:2: column `faction`: is empty but required",
        ),
    ];
    for (row, want) in cases {
        assert_eq!(db(&format!("{HEADER}{row}")).unwrap_err(), want);
    }
}

#[test]
fn a_deck_of_only_a_commander_plays_until_its_commander_falls() {
    let mut p = Tyrant::default_params();
    p.set("shuffle=false").unwrap();
    let t = Tyrant::from_text(CARDS, &[("lone", "Cmd\n"), ("brute", "Cmd\nBrute\n")], p).unwrap();
    let d = Deck::parse(
        Path::new("lone.txt"),
        "# only a commander\nCmd\n",
        &t.shared().db,
        10,
    )
    .unwrap();
    assert!(d.cards.is_empty());
    let mut s = t.new_game(&[0, 1], game_rng(1, 0));
    // Turn 1 (the lone attacker) runs by itself; the defender must play its Brute on turn 2.
    assert_eq!((s.active, s.turn), (DEFENDER, 2));
    let mut buf = ActionBuf::new();
    s.legal_actions(&mut buf);
    s.apply(buf[0]);
    // Then every turn runs by itself: 3 damage on each defender turn (2, 4, ...), 17 hits
    // take the 50-health commander below 1 on turn 34.
    let o = s.result.expect("over");
    assert_eq!((o.end, s.turn), (EndReason::Decided, 34));
    assert_eq!(o.result(ATTACKER as usize), PlayerResult::Loss);
    assert_eq!(s.sides[0].commander.hp, -1);
    let shown: Vec<(String, String)> = s.describe();
    let get = |k: &str| shown.iter().find(|(n, _)| n == k).unwrap().1.clone();
    assert_eq!(get("attacker.commander.hp"), "0");
    assert_eq!(get("attacker.commander"), "Cmd 0/50 (destroyed)");
}

#[test]
fn descriptions_of_example_games_never_show_negative_health() {
    let t = Tyrant::example(&[]).unwrap();
    let n = t.deck_names().len() as u8;
    let mut buf = ActionBuf::new();
    for g in 0..40u64 {
        let seating = [(g % n as u64) as u8, ((g * 3 + 1) % n as u64) as u8];
        let mut s = t.new_game(&seating, game_rng(7, g));
        while s.outcome().is_none() {
            for (k, v) in s.describe() {
                assert!(!k.ends_with(".hp") || !v.starts_with('-'), "{k} = {v}");
                assert!(!v.contains(" -"), "{k} = {v}");
            }
            s.legal_actions(&mut buf);
            s.apply(buf[(g as usize) % buf.len()]);
        }
        for (k, v) in s.describe() {
            assert!(!k.ends_with(".hp") || !v.starts_with('-'), "{k} = {v}");
            assert!(!v.contains(" -"), "{k} = {v}");
        }
    }
}
