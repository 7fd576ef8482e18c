//! `--duplicate` deals: every deal once per seating, deterministic across threads and chunk
//! boundaries (3 players: deals straddle the 2,048-game chunks), with deal-paired intervals.

use std::path::PathBuf;

use cardsim_sim::sequential::StopRule;
use cardsim_sim::settings::RunSettings;
use cardsim_sim::{execute_mode, Job, Pairing};

fn deck(game: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/{game}/decks/{name}.txt"))
}

fn job(game: &str, decks: &[&str], params: &[&str], games: u64, threads: usize) -> Job {
    Job {
        run: RunSettings {
            game: game.into(),
            seed: 11,
            threads: Some(threads),
            params: params.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        },
        decks: decks.iter().map(|d| deck(game, d)).collect(),
        pairing: Pairing::Single,
        agents: vec!["random".into(); decks.len()],
        games,
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
    // 4,231 independent games (Wilson's interval with continuity correction at those games); the difference's half-width uses Student's t for 1,999
    // degrees of freedom (1.96115 rather than 1.95996).
    let want = [
        1981.0,
        0.480_078_042_5,
        0.510_430_642_4,
        4_231.114_176,
        -0.0095,
        -0.039_648_382_9,
        0.020_648_382_9,
    ];
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-6, "{got:?}");
    }
}

fn spec_of(duplicate: bool) -> cardsim_sim::tournament::TournamentSpec {
    cardsim_sim::tournament::TournamentSpec {
        run: cardsim_sim::settings::RunSettings {
            game: "tyrant".into(),
            seed: 11,
            options: serde_json::json!({}),
            ..Default::default()
        },
        decks: ["rush", "poison", "swarm"]
            .map(|d| deck("tyrant", d))
            .to_vec(),
        agent: "random".into(),
        games_per_pair: 2000,
        mirrors: false,
        stop: StopRule::default(),
        duplicate,
    }
}

fn tournament(
    duplicate: bool,
    threads: usize,
    games: u64,
) -> cardsim_sim::tournament::TournamentReport {
    let mut spec = spec_of(duplicate);
    spec.games_per_pair = games;
    spec.run.threads = Some(threads);
    cardsim_sim::tournament::tournament(&spec).unwrap()
}

#[test]
fn tournament_duplicate_pairs_every_cell_and_the_field() {
    let a = tournament(true, 1, 2000);
    let b = tournament(true, 2, 2000);
    assert_eq!(a.matrix, b.matrix);
    assert_eq!(a.ranking, b.ranking);
    // Every ordered pair has its deal-paired rate; the two directions of a pair have the
    // same deals (1,000) and complementary wins.
    for m in &a.matrix {
        let d = m.deal.expect("deal cells");
        assert!((d.win.est - m.row_wins as f64 / m.games as f64).abs() < 1e-12);
        assert!(d.win.lo < d.win.est && d.win.est < d.win.hi);
    }
    let rp = a
        .matrix
        .iter()
        .find(|m| m.row == "rush" && m.col == "poison")
        .unwrap();
    let pr = a
        .matrix
        .iter()
        .find(|m| m.row == "poison" && m.col == "rush")
        .unwrap();
    assert_eq!(rp.row_wins, pr.col_wins);
    // The field rate pools the deck's two pairs: games-weighted mean, an interval narrower
    // than either pair's.
    for r in &a.ranking {
        let (d, eff) = r.deal.expect("field deal cells");
        assert!((d.est - r.wins as f64 / r.games as f64).abs() < 1e-12);
        assert!(eff > 1000.0, "{eff}");
        let width = d.hi - d.lo;
        for m in a.matrix.iter().filter(|m| m.row == r.deck) {
            let w = m.deal.unwrap().win;
            assert!(width < w.hi - w.lo);
        }
    }
    let pinned: Vec<(String, String, u64)> = a
        .matrix
        .iter()
        .map(|m| (m.row.clone(), m.col.clone(), m.row_wins))
        .collect();
    let want = [
        ("rush", "poison", 990),
        ("rush", "swarm", 1159),
        ("poison", "rush", 1010),
        ("poison", "swarm", 525),
        ("swarm", "rush", 841),
        ("swarm", "poison", 1475),
    ];
    let want: Vec<(String, String, u64)> = want
        .iter()
        .map(|(r, c, w)| (r.to_string(), c.to_string(), *w))
        .collect();
    assert_eq!(pinned, want);
    // Without --duplicate there are no deal cells; an odd game count is refused.
    let plain = tournament(false, 2, 2000);
    assert!(plain.matrix.iter().all(|m| m.deal.is_none()));
    assert!(plain.ranking.iter().all(|r| r.deal.is_none()));
    let e = cardsim_sim::tournament::tournament(&cardsim_sim::tournament::TournamentSpec {
        games_per_pair: 2001,
        ..spec_of(true)
    });
    assert!(e.err().unwrap().to_string().contains("multiple of 2"));
}
