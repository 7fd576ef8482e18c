//! Coverage by simulation of the stratified and duplicate-deal intervals (issue 20), with
//! and without the continuity correction the outputs use: toy
//! models with known rates driven through the interval functions, and a smaller check on real
//! Tyrant games. The full tables (n up to 10^5) come from `sim/examples/coverage.rs`.

use std::path::PathBuf;

use cardsim_sim::coverage::{deals, seats, Tally};
use cardsim_sim::sequential::StopRule;
use cardsim_sim::settings::RunSettings;
use cardsim_sim::stats::{wilson, Z95};
use cardsim_sim::stratified::{pooled, Outcome};
use cardsim_sim::{execute, execute_mode, Job, Pairing};

fn pct(t: &Tally) -> String {
    format!("{}/{}", t.covered, t.reps)
}

#[test]
fn stratified_intervals_cover_at_95_percent_on_the_seat_model() {
    // (seat rates, n) → covered of 1,000 repetitions by Wilson's interval and the stratified
    // one, each uncorrected and continuity-corrected (the outputs use the corrected ones).
    // The last case is the binomial's step at p = ½, n = 50: uncorrected, the intervals
    // cover 19–31 wins (93.5%); corrected, 18–32 (96.7%).
    let cases: [(&[f64], u64, [u64; 4]); 7] = [
        (&[0.78, 0.21], 50, [986, 990, 955, 975]),
        (&[0.78, 0.21], 1000, [977, 984, 952, 954]),
        (&[0.99, 0.90], 50, [962, 987, 962, 987]),
        (&[0.05, 0.0], 50, [962, 962, 962, 962]),
        (&[0.05, 0.01], 200, [949, 985, 949, 985]),
        (&[0.4, 0.3, 0.2, 0.1], 100, [955, 955, 946, 955]),
        (&[0.5, 0.5], 50, [927, 962, 927, 962]),
    ];
    let mut got = Vec::new();
    for (i, (rates, n, _)) in cases.iter().enumerate() {
        let t = seats(rates, *n, 1000, 20 + i as u64);
        got.push(t.map(|x| x.covered));
        for x in [&t[1], &t[3]] {
            assert!(x.coverage() >= 0.94, "{rates:?} n={n}: {}", pct(x));
        }
        // Never wider than Wilson on average when the seats differ.
        assert!(
            t[3].mean_width() <= t[1].mean_width() + 1e-12,
            "{rates:?} n={n}"
        );
    }
    let want: Vec<[u64; 4]> = cases.iter().map(|c| c.2).collect();
    assert_eq!(got, want);
    // The Tyrant-like seat advantage (78% / 21%) narrows the interval by about 18% (0.8237
    // of Wilson's width before the correction); the correction widens it by 2% at n = 1,000.
    let t = seats(&[0.78, 0.21], 1000, 1000, 21);
    let ratios = [
        t[2].mean_width() / t[0].mean_width(),
        t[3].mean_width() / t[1].mean_width(),
        t[3].mean_width() / t[2].mean_width(),
    ];
    assert_eq!(
        ratios.map(|x| (x * 1e6).round() as i64),
        [823_703, 826_614, 1_019_700]
    );
}

#[test]
fn duplicate_intervals_cover_at_95_percent_on_the_deal_model() {
    // Luck 0.9 / 0.6 for the seat-0 player, edge 0.05: truth 0.55. Wilson, stratified (each
    // uncorrected, corrected), duplicate (as reported: corrected), duplicate uncorrected.
    let mut got = Vec::new();
    for (i, d) in [25u64, 100, 500].into_iter().enumerate() {
        let t = deals(0.6, 0.9, 0.05, d, 1000, 40 + i as u64);
        for x in [1, 3, 4].map(|j| &t[j]) {
            assert!(x.coverage() >= 0.94, "{d} deals: {}", pct(x));
        }
        got.push(t.map(|x| x.covered));
    }
    assert_eq!(
        got,
        vec![
            [987, 987, 962, 979, 947, 942],
            [988, 993, 967, 978, 960, 956],
            [982, 987, 955, 961, 943, 941]
        ]
    );
}

fn tyrant_deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/tyrant/decks/{name}.txt"))
}

fn mirror(games: u64, seed: u64) -> Job {
    Job {
        run: RunSettings {
            game: "tyrant".into(),
            seed,
            threads: Some(1),
            ..Default::default()
        },
        decks: vec![tyrant_deck("rush"), tyrant_deck("rush")],
        pairing: Pairing::Single,
        agents: vec!["random".into(), "random".into()],
        games,
    }
}

#[test]
fn real_mirror_games_are_covered() {
    // 100 runs of 200 Tyrant rush-vs-rush games, plain and duplicate. By symmetry both
    // decks have the same win rate and the paired difference is 0; the win rate itself is
    // estimated from all 20,000 games of each kind.
    let (reps, n) = (100u64, 200u64);
    let (mut plain, mut dup) = (Vec::new(), Vec::new());
    for r in 0..reps {
        let a = execute(&mirror(n, 1000 + r)).unwrap();
        let row = &a.summary[2];
        let s = pooled(&row.strata, Outcome::Win, Z95).unwrap();
        let w = wilson(row.acc.wins, row.acc.games, Z95).unwrap();
        plain.push((row.acc.wins, (s.lo, s.hi), w));
        let b = execute_mode(&mirror(n, 5000 + r), &StopRule::default(), true).unwrap();
        let row = &b.summary[2];
        let d = row.deal.unwrap();
        let diff = d.diff.unwrap();
        dup.push((row.acc.wins, (d.win.lo, d.win.hi), (diff.lo, diff.hi)));
    }
    type Obs = (u64, (f64, f64), (f64, f64));
    let truth = |v: &[Obs]| v.iter().map(|x| x.0).sum::<u64>() as f64 / (reps * n) as f64;
    let inside = |x: f64, (lo, hi): (f64, f64)| (lo <= x && x <= hi) as u64;
    let (tp, td) = (truth(&plain), truth(&dup));
    let cover = [
        plain.iter().map(|x| inside(tp, x.1)).sum::<u64>(),
        plain.iter().map(|x| inside(tp, x.2)).sum(),
        dup.iter().map(|x| inside(td, x.1)).sum(),
        dup.iter().map(|x| inside(0.0, x.2)).sum(),
    ];
    // Stratified, Wilson, duplicate win rate (all three continuity-corrected), duplicate
    // difference (truth 0). Before the correction: 94, 98, 94, 94 and widths 0.1147, 0.1370,
    // 0.1042.
    assert_eq!(cover, [95, 98, 94, 94], "truths {tp} {td}");
    let width = |v: &[(f64, f64)]| v.iter().map(|x| x.1 - x.0).sum::<f64>() / v.len() as f64;
    let ws = width(&plain.iter().map(|x| x.1).collect::<Vec<_>>());
    let ww = width(&plain.iter().map(|x| x.2).collect::<Vec<_>>());
    let wd = width(&dup.iter().map(|x| x.1).collect::<Vec<_>>());
    assert_eq!(
        [ws, ww, wd].map(|x| (x * 1e4).round() as i64),
        [1197, 1420, 1070],
        "mean widths"
    );
}
