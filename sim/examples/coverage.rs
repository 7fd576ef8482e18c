//! The coverage tables of docs/statistics.md: 95% intervals over 1,000 repetitions, each
//! interval with and without the continuity correction (measured on the same draws).
//!
//! `cargo run --profile ci -p cardsim-sim --example coverage -- toy` prints the toy-model
//! tables (n from 50 to 10^5); `... -- real GAME DECK_A DECK_B REPS N...` plays REPS runs of
//! N games of a real matchup, plain and with duplicate deals, and prints how often each
//! interval covered the win rate (estimated from every game played) and the difference 0
//! (a mirror's true difference); `... -- seats 0.99,0.9 1000 10000 SEED` re-measures one
//! seat-model cell with more repetitions.

use std::path::PathBuf;

use cardsim_sim::coverage::{deals, seats, Tally};
use cardsim_sim::sequential::StopRule;
use cardsim_sim::settings::RunSettings;
use cardsim_sim::stats::{wilson, wilson_uncorrected, wilson_uncorrected_at, Z95};
use cardsim_sim::stratified::{pooled, stratified_score_uncorrected, Outcome};
use cardsim_sim::{execute_mode, Job, Pairing};

const NS: [u64; 5] = [50, 200, 1000, 10_000, 100_000];

fn cell(t: &Tally) -> String {
    format!("{:.1}%", 100.0 * t.coverage())
}

fn toy() {
    println!("Seat model, 1,000 repetitions each: coverage of the true rate by Wilson's and the stratified interval, uncorrected (before) and continuity-corrected (now); width ratios of the corrected intervals");
    println!("| seat rates | n | Wilson | Wilson cc | stratified | stratified cc | width strat. cc ÷ Wilson cc | width strat. cc ÷ strat. |");
    println!("|---|---|---|---|---|---|---|---|");
    let models: [&[f64]; 5] = [
        &[0.78, 0.21],
        &[0.5, 0.5],
        &[0.99, 0.90],
        &[0.05, 0.0],
        &[0.4, 0.3, 0.2, 0.1],
    ];
    for (mi, rates) in models.iter().enumerate() {
        for (ni, n) in NS.into_iter().enumerate() {
            let t = seats(rates, n, 1000, 1000 * mi as u64 + ni as u64);
            println!("| {rates:?} | {n} | {} |", seat_cells(&t));
        }
    }
    println!();
    println!("Deal model (luck 0.9/0.6 for the seat-0 player, edge 0.05, truth 0.55), n games = n/2 duplicate deals");
    println!(
        "| n | Wilson cc | stratified | stratified cc | duplicate | duplicate cc | width strat. cc ÷ Wilson cc | width dup. cc ÷ Wilson cc | width strat. cc ÷ strat. | width dup. cc ÷ dup. |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (ni, n) in NS.into_iter().enumerate() {
        let t = deals(0.6, 0.9, 0.05, n / 2, 1000, 7000 + ni as u64);
        println!(
            "| {n} | {} | {} | {} | {} | {} | {:.3} | {:.3} | {:.3} | {:.3} |",
            cell(&t[1]),
            cell(&t[2]),
            cell(&t[3]),
            cell(&t[5]),
            cell(&t[4]),
            t[3].mean_width() / t[1].mean_width(),
            t[4].mean_width() / t[1].mean_width(),
            t[3].mean_width() / t[2].mean_width(),
            t[4].mean_width() / t[5].mean_width()
        );
    }
}

/// The cells of one seat-model row: the four coverages and two width ratios.
fn seat_cells(t: &[Tally; 4]) -> String {
    format!(
        "{} | {} | {} | {} | {:.3} | {:.3}",
        cell(&t[0]),
        cell(&t[1]),
        cell(&t[2]),
        cell(&t[3]),
        t[3].mean_width() / t[1].mean_width(),
        t[3].mean_width() / t[2].mean_width()
    )
}

fn sprt() {
    let t = cardsim_sim::stats::Sprt::new(0.5, 0.55, 0.05, 0.05).expect("test");
    println!("SPRT 0.50 vs 0.55 (alpha = beta = 0.05), looks of 100 games, budget 100,000, 1,000 repetitions on the seat model");
    println!("| seat rates | truth | Bernoulli LLR: H1 / H0, mean games | stratified LLR: H1 / H0, mean games |");
    println!("|---|---|---|---|");
    let models: [&[f64]; 4] = [&[0.78, 0.22], &[0.83, 0.27], &[0.5, 0.5], &[0.55, 0.55]];
    for (i, rates) in models.iter().enumerate() {
        let [b, s] =
            cardsim_sim::coverage::sprt_seats(rates, &t, 100, 100_000, 1000, 90 + i as u64);
        let truth = rates.iter().sum::<f64>() / rates.len() as f64;
        let f = |x: &cardsim_sim::coverage::SprtTally| {
            format!("{} / {}, {:.0}", x.h1, x.h0, x.games as f64 / 1000.0)
        };
        println!("| {rates:?} | {truth:.3} | {} | {} |", f(&b), f(&s));
    }
}

fn job(game: &str, decks: &[PathBuf], games: u64, seed: u64) -> Job {
    Job {
        run: RunSettings {
            game: game.into(),
            seed,
            ..Default::default()
        },
        decks: decks.to_vec(),
        pairing: Pairing::Single,
        agents: vec!["random".into(); decks.len()],
        games,
    }
}

/// One run's first-deck `all` row: wins, games, intervals (stratified, Wilson, duplicate as
/// the outputs report them, continuity-corrected; then the same three uncorrected) and the
/// duplicate difference interval.
type Obs = (u64, u64, [(f64, f64); 6], Option<(f64, f64)>);

fn real(game: &str, decks: &[PathBuf], reps: u64, ns: &[u64]) {
    let mut by_n: Vec<(u64, Vec<Obs>, Vec<Obs>)> = Vec::new();
    let (mut wins, mut games) = (0u64, 0u64);
    for &n in ns {
        let mut plain = Vec::new();
        let mut dup = Vec::new();
        for r in 0..reps {
            for (duplicate, out) in [(false, &mut plain), (true, &mut dup)] {
                let seed = 1_000_000 * n + 2 * r + duplicate as u64;
                let rep = execute_mode(&job(game, decks, n, seed), &StopRule::default(), duplicate)
                    .expect("run");
                let row = &rep.summary[decks.len()];
                let (k, m) = (row.acc.wins, row.acc.games);
                wins += k;
                games += m;
                let s = pooled(&row.strata, Outcome::Win, Z95).expect("games");
                let w = wilson(k, m, Z95).expect("games");
                let d = row.deal.map(|d| (d.win.lo, d.win.hi)).unwrap_or((0.0, 0.0));
                let dc = row
                    .deal
                    .map(|d| wilson_uncorrected_at(d.win.est, d.effective, Z95))
                    .unwrap_or((0.0, 0.0));
                let kn = Outcome::Win.strata(&row.strata);
                let su = stratified_score_uncorrected(&kn, Z95).expect("games");
                let wu = wilson_uncorrected(k, m, Z95).expect("games");
                let diff = row.deal.and_then(|d| d.diff).map(|x| (x.lo, x.hi));
                out.push((k, m, [(s.lo, s.hi), w, d, su, wu, dc], diff));
            }
        }
        by_n.push((n, plain, dup));
    }
    let truth = wins as f64 / games as f64;
    println!(
        "{game} {} mirror-or-matchup, {reps} repetitions per n; win rate from all {games} games: {truth:.5}",
        decks
            .iter()
            .map(|d| d.file_stem().unwrap_or_default().to_string_lossy())
            .collect::<Vec<_>>()
            .join(" vs ")
    );
    println!("| n | Wilson | Wilson cc | stratified | stratified cc | duplicate | duplicate cc | duplicate diff covers 0 | width strat. cc ÷ Wilson cc | width dup. cc ÷ Wilson cc | width strat. cc ÷ strat. | width dup. cc ÷ dup. |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (n, plain, dup) in &by_n {
        let cov = |v: &[Obs], i: usize| {
            let c = v
                .iter()
                .filter(|o| o.2[i].0 <= truth && truth <= o.2[i].1)
                .count();
            format!("{:.1}%", 100.0 * c as f64 / v.len() as f64)
        };
        let width = |v: &[Obs], i: usize| {
            v.iter().map(|o| o.2[i].1 - o.2[i].0).sum::<f64>() / v.len() as f64
        };
        let zero = dup
            .iter()
            .filter(|o| o.3.is_some_and(|(l, h)| l <= 0.0 && 0.0 <= h))
            .count();
        println!(
            "| {n} | {} | {} | {} | {} | {} | {} | {:.1}% | {:.3} | {:.3} | {:.3} | {:.3} |",
            cov(plain, 4),
            cov(plain, 1),
            cov(plain, 3),
            cov(plain, 0),
            cov(dup, 5),
            cov(dup, 2),
            100.0 * zero as f64 / dup.len() as f64,
            width(plain, 0) / width(plain, 1),
            width(dup, 2) / width(plain, 1),
            width(plain, 0) / width(plain, 3),
            width(dup, 2) / width(dup, 5)
        );
    }
    println!();
    println!("Games saved: mean over runs of (Wilson width / width)^2 in the same run, 95% interval over the runs");
    println!("| n | stratified (plain runs) | duplicate (duplicate runs) |");
    println!("|---|---|---|");
    for (n, plain, dup) in &by_n {
        println!("| {n} | {} | {} |", saved(plain, 0), saved(dup, 2));
    }
}

/// Games saved: the mean over runs of (Wilson width ÷ the interval's width)², the factor by
/// which a plain interval would need more games for the same width, with a normal 95%
/// interval over the runs. Each ratio compares two intervals computed on the same run.
fn saved(v: &[Obs], i: usize) -> String {
    let r: Vec<f64> = v
        .iter()
        .filter(|o| o.2[i].1 > o.2[i].0)
        .map(|o| ((o.2[1].1 - o.2[1].0) / (o.2[i].1 - o.2[i].0)).powi(2))
        .collect();
    let k = r.len() as f64;
    if k < 2.0 {
        return "-".into();
    }
    let m = r.iter().sum::<f64>() / k;
    let sd = (r.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (k - 1.0)).sqrt();
    let h = Z95 * sd / k.sqrt();
    format!("{m:.3} [{:.3}, {:.3}]", m - h, m + h)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("toy") => toy(),
        Some("sprt") => sprt(),
        Some("seats") if args.len() == 5 => {
            // One seat-model cell with more repetitions: `seats 0.99,0.9 1000 10000 SEED`.
            let rates: Vec<f64> = args[1].split(',').map(|x| x.parse().expect("RATE")).collect();
            let n: u64 = args[2].parse().expect("N");
            let reps: u64 = args[3].parse().expect("REPS");
            let seed: u64 = args[4].parse().expect("SEED");
            let t = seats(&rates, n, reps, seed);
            println!("| {rates:?} | {n} | {reps} | {} |", seat_cells(&t));
        }
        Some("real") if args.len() >= 6 => {
            let decks = vec![PathBuf::from(&args[2]), PathBuf::from(&args[3])];
            let reps: u64 = args[4].parse().expect("REPS");
            let ns: Vec<u64> = args[5..].iter().map(|x| x.parse().expect("N")).collect();
            real(&args[1], &decks, reps, &ns);
        }
        _ => eprintln!(
            "usage: coverage toy | coverage sprt | coverage seats RATES N REPS SEED | coverage real GAME DECK_A DECK_B REPS N..."
        ),
    }
}
