//! Helpers shared by the Allegiance rules tests: dealing a game from the example data, setting
//! up positions, picking actions by their labels.
#![allow(dead_code, unused_imports)]

pub use cardsim_engine::allegiance::state::{AllegianceState, Dec, UNITS};
pub use cardsim_engine::allegiance::Allegiance;
pub use cardsim_engine::{game_rng, Action, ActionBuf, Game, Ruleset, ToMove};
pub fn game(decks: &[&str], params: &[&str], seed: u64) -> AllegianceState {
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

pub fn set(g: &mut AllegianceState, key: &str, value: &str) {
    g.scenario_set(key, value)
        .unwrap_or_else(|e| panic!("{key} = {value}: {e}"));
}

pub fn legal(g: &AllegianceState) -> Vec<(Action, String)> {
    let mut buf = ActionBuf::new();
    g.legal_actions(&mut buf);
    buf.iter().map(|&a| (a, g.action_label(a))).collect()
}

/// Apply the legal action whose label contains `needle` (the `nth` such, counting from 0),
/// first passing any response windows in which it is not offered.
pub fn pick_nth(g: &mut AllegianceState, needle: &str, nth: usize) {
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
pub fn settle(g: &mut AllegianceState) {
    for _ in 0..50 {
        match legal(g).iter().find(|(_, s)| s == "pass") {
            Some((a, _)) => g.apply(*a),
            None => return,
        }
    }
    panic!("windows never closed");
}

pub fn pick(g: &mut AllegianceState, needle: &str) {
    pick_nth(g, needle, 0)
}

pub fn unit_names(g: &AllegianceState, p: usize) -> Vec<String> {
    let a = &g.players[p];
    a.units
        .iter()
        .map(|u| {
            let db = &g_db(g).cards[u.card as usize];
            format!("{}:{}:{}", db.name, u.dmg, u.aug)
        })
        .collect()
}

pub fn g_db(g: &AllegianceState) -> &cardsim_engine::allegiance::CardDb {
    g.db_ref()
}

/// Examples 1-3 set-up: Player A (seat 1) has Infantry with 2 damage; Player B is seat 0.
pub fn infantry_example(a_hand: &str, b_hand: &str) -> AllegianceState {
    let mut g = game(&["beledan", "thedric"], &[], 1);
    set(&mut g, "units.1", "Infantry:dmg=2");
    set(&mut g, "hand.0", b_hand);
    set(&mut g, "hand.1", a_hand);
    set(&mut g, "gold.0", "5");
    set(&mut g, "gold.1", "5");
    g
}

pub fn example_card_file() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/allegiance/cards.csv"
    ))
    .unwrap()
}

/// Each case replaces `from` (first found) by `to` in the example card file; the load must
/// fail on that line with a message containing `msg`.
pub fn assert_card_file_errors(good: &str, cases: &[(&str, &str, &str)]) {
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
