//! `--duplicate` deals: every deal once per seating, deterministic across threads and chunk
//! boundaries (3 players: deals straddle the 2,048-game chunks), with deal-paired intervals.

use std::path::PathBuf;

use cardsim_sim::sequential::StopRule;
use cardsim_sim::{execute_mode, Job, Pairing};

fn deck(game: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/{game}/decks/{name}.txt"))
}

fn job(game: &str, decks: &[&str], params: &[&str], games: u64, threads: usize) -> Job {
    Job {
        game: game.into(),
        cards: None,
        decks: decks.iter().map(|d| deck(game, d)).collect(),
        pairing: Pairing::Single,
        agents: vec!["random".into(); decks.len()],
        games,
        seed: 11,
        threads: Some(threads),
        out: None,
        params: params.iter().map(|s| s.to_string()).collect(),
        progress: false,
        command: vec![],
    }
}

#[test]
fn three_player_deals_are_whole_and_thread_independent() {
    let d = ["thedric", "beledan", "hakor"];
    let p = ["players=3"];
    let stop = StopRule::default();
    let a = execute_mode(&job("allegiance", &d, &p, 4500, 1), &stop, true).unwrap();
    let b = execute_mode(&job("allegiance", &d, &p, 4500, 2), &stop, true).unwrap();
    assert_eq!(a.accs, b.accs);
    let deals = &a.accs[0].deals;
    assert_eq!((deals.deals, deals.seatings), (1500, 3));
    // Every game counted once: the per-deal wins add up to the seat rows.
    for k in 0..3 {
        let wins: u64 = a.accs[0].seats[k].iter().map(|s| s.wins).sum();
        assert_eq!(deals.wins[k], wins);
        let games: u64 = a.accs[0].seats[k].iter().map(|s| s.games).sum();
        assert_eq!(games, 4500);
    }
    // The `all` rows carry the paired estimates; the differences of the three decks sum to 0.
    let all: Vec<_> = a.summary.iter().filter(|r| r.seat == "all").collect();
    let diffs: Vec<f64> = all
        .iter()
        .map(|r| r.deal.unwrap().diff.unwrap().est)
        .collect();
    assert!(diffs.iter().sum::<f64>().abs() < 1e-12, "{diffs:?}");
    // A plain run of the same seed is a different sample (games are seeded per deal).
    let plain = execute_mode(&job("allegiance", &d, &p, 4500, 1), &stop, false).unwrap();
    assert_ne!(plain.accs[0].seats, a.accs[0].seats);
    assert_eq!(plain.accs[0].deals.deals, 0);
    // A game count that does not fill whole deals is refused, naming the rule.
    let e = execute_mode(&job("allegiance", &d, &p, 4501, 1), &stop, true)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("multiple of 3"), "{e}");
}

#[test]
fn two_player_duplicate_numbers() {
    let stop = StopRule::default();
    let r = execute_mode(
        &job("tyrant", &["rush", "poison"], &[], 4000, 2),
        &stop,
        true,
    )
    .unwrap();
    let row = r.summary.iter().find(|r| r.seat == "all").unwrap();
    let d = row.deal.unwrap();
    let diff = d.diff.unwrap();
    let got = [
        row.acc.wins as f64,
        d.win.lo,
        d.win.hi,
        d.effective,
        diff.est,
        diff.lo,
        diff.hi,
    ];
    // No draws here: the difference is 2p − 1 = 2·1981/4000 − 1, and the interval is worth
    // 4,231 independent games; the difference's half-width uses Student's t for 1,999
    // degrees of freedom (1.96115 rather than 1.95996).
    let want = [
        1981.0,
        0.480_196_073_2,
        0.510_312_544_1,
        4_231.114_176,
        -0.0095,
        -0.039_648_382_9,
        0.020_648_382_9,
    ];
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-6, "{got:?}");
    }
}
