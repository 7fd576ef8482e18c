//! The same seed and game count give byte-identical outputs (timings aside) for any thread
//! count.

use std::path::PathBuf;

use cardsim_sim::settings::RunSettings;
use cardsim_sim::{execute, Job, Pairing};

fn deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/tyrant/decks/{name}.txt"))
}

fn job(threads: usize, out: PathBuf, games: u64) -> Job {
    Job {
        run: RunSettings {
            game: "tyrant".into(),
            seed: 77,
            threads: Some(threads),
            out: Some(out),
            command: vec!["test".into()],
            ..Default::default()
        },
        decks: vec![deck("rush"), deck("wall_counter")],
        pairing: Pairing::Single,
        agents: vec!["ordered".into(), "random".into()],
        games,
    }
}

fn strip_timings(manifest: &str) -> String {
    manifest
        .lines()
        .filter(|l| {
            !l.contains("\"elapsed_seconds\"")
                && !l.contains("\"games_per_second\"")
                && !l.contains("\"threads\"")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn outputs_identical_for_one_and_two_threads() {
    let base = std::env::temp_dir().join(format!("cardsim-det-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    // Not a multiple of the chunk size, so the last chunk is partial.
    let games = 3 * cardsim_sim::runner::CHUNK + 123;
    let r1 = execute(&job(1, base.join("t1"), games)).unwrap();
    let r2 = execute(&job(2, base.join("t2"), games)).unwrap();
    assert_eq!(r1.checksum, r2.checksum);
    for f in ["summary.csv", "turns.csv", "cards.csv"] {
        let a = std::fs::read(base.join("t1").join(f)).unwrap();
        let b = std::fs::read(base.join("t2").join(f)).unwrap();
        assert!(!a.is_empty());
        assert!(a == b, "{f} differs between 1 and 2 threads");
    }
    let m1 = std::fs::read_to_string(base.join("t1/manifest.json")).unwrap();
    let m2 = std::fs::read_to_string(base.join("t2/manifest.json")).unwrap();
    assert_eq!(strip_timings(&m1), strip_timings(&m2));
    assert!(m1.contains("\"seed\": 77"));
    // Every game counted once; seats alternate exactly (an odd total: 3,191 and 3,190).
    let summary = std::fs::read_to_string(base.join("t1/summary.csv")).unwrap();
    let all_rows: Vec<&str> = summary.lines().filter(|l| l.contains(",all,")).collect();
    assert_eq!(all_rows.len(), 2);
    for row in all_rows {
        let games_col: u64 = row.split(',').nth(7).unwrap().parse().unwrap();
        assert_eq!(games_col, games);
    }
    let seat_rows: Vec<u64> = summary
        .lines()
        .filter(|l| {
            l.starts_with("rush(ordered)-vs-wall_counter(random),rush,") && !l.contains(",all,")
        })
        .map(|l| l.split(',').nth(7).unwrap().parse().unwrap())
        .collect();
    assert_eq!(seat_rows, vec![games.div_ceil(2), games / 2]);
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_different_seed_gives_different_games() {
    let base = std::env::temp_dir().join(format!("cardsim-seed-{}", std::process::id()));
    let mut j = job(2, base.join("a"), 2000);
    let a = execute(&j).unwrap().checksum;
    j.run.seed = 78;
    j.run.out = None;
    let b = execute(&j).unwrap().checksum;
    assert_ne!(a, b);
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_mirror_match_names_its_sides_and_is_even() {
    let mut j = job(2, std::env::temp_dir().join("unused"), 20_000);
    j.decks = vec![deck("swarm"), deck("swarm")];
    j.agents = vec!["random".into(), "random".into()];
    j.run.out = None;
    let r = execute(&j).unwrap();
    let all: Vec<_> = r.summary.iter().filter(|s| s.seat == "all").collect();
    assert_eq!(all[0].deck, "swarm");
    assert_eq!(all[1].deck, "swarm#2");
    assert_eq!(all[0].matchup, "swarm-vs-swarm#2");
    // Same deck, seats alternated: the two sides' wins add up and neither is favoured.
    assert_eq!(all[0].acc.wins + all[1].acc.wins + all[0].acc.draws, 20_000);
    let (lo, hi) = cardsim_sim::stats::wilson(all[0].acc.wins, 20_000, 1.96).unwrap();
    assert!(lo < 0.5 && 0.5 < hi, "mirror win rate interval {lo}..{hi}");
}
