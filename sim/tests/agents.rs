//! Search agents through the simulator: `cardsim run` with MCTS is identical for 1 and 2
//! threads with an iteration budget, a time budget is flagged as not reproducible, peeking
//! agents are labelled, bad agent specs are refused cleanly, and the ladder is thread
//! independent, self-consistent and ranks greedy above random.

use std::path::PathBuf;
use std::process::Command;

use cardsim_sim::ladder::{ladder, LadderJob};
use cardsim_sim::settings::RunSettings;
use cardsim_sim::{execute, Job, Pairing};

fn deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/tyrant/decks/{name}.txt"))
}

fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-agents-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn job(agent: &str, threads: usize, out: PathBuf, games: u64) -> Job {
    Job {
        run: RunSettings {
            game: "tyrant".into(),
            seed: 5,
            threads: Some(threads),
            out: Some(out),
            command: vec!["test".into()],
            ..Default::default()
        },
        decks: vec![deck("rush"), deck("wall_counter")],
        pairing: Pairing::Single,
        agents: vec![agent.into(), "random".into()],
        games,
    }
}

fn manifest_without_timings(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("manifest.json"))
        .unwrap()
        .lines()
        .filter(|l| {
            !["\"elapsed_seconds\"", "\"games_per_second\"", "\"threads\""]
                .iter()
                .any(|k| l.contains(k))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn mcts_runs_are_identical_for_one_and_two_threads() {
    let base = tmp("mcts-threads");
    // More than one chunk of games, so two threads really share the work.
    let games = cardsim_sim::runner::CHUNK + 100;
    let a = execute(&job("mcts:iters=20", 1, base.join("t1"), games)).unwrap();
    let b = execute(&job("mcts:iters=20", 2, base.join("t2"), games)).unwrap();
    assert_eq!(a.checksum, b.checksum);
    for f in ["summary.csv", "turns.csv", "cards.csv"] {
        let x = std::fs::read(base.join("t1").join(f)).unwrap();
        let y = std::fs::read(base.join("t2").join(f)).unwrap();
        assert!(x == y, "{f} differs between 1 and 2 threads");
    }
    let m = manifest_without_timings(&base.join("t1"));
    assert_eq!(m, manifest_without_timings(&base.join("t2")));
    assert!(m.contains("\"deterministic\": true"));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn time_budgets_are_flagged_and_peeking_is_labelled() {
    let base = tmp("flags");
    execute(&job("mcts:ms=1", 1, base.join("ms"), 4)).unwrap();
    assert!(manifest_without_timings(&base.join("ms")).contains("\"deterministic\": false"));
    execute(&job("mcts-peek:iters=10", 1, base.join("peek"), 4)).unwrap();
    let summary = std::fs::read_to_string(base.join("peek/summary.csv")).unwrap();
    let peek_rows: Vec<&str> = summary
        .lines()
        .filter(|l| l.contains(",mcts-peek:iters=10,"))
        .collect();
    assert_eq!(peek_rows.len(), 3, "{summary}");
    assert!(peek_rows
        .iter()
        .all(|l| l.contains(",mcts-peek:iters=10,yes,")));
    assert!(summary
        .lines()
        .filter(|l| l.contains(",random,"))
        .all(|l| l.contains(",random,no,")));
    let _ = std::fs::remove_dir_all(&base);
}

fn cardsim(args: &[&str]) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn bad_agent_specs_are_refused_and_nothing_is_written() {
    let out = tmp("bad-spec");
    let rush = deck("rush");
    let wall = deck("wall_counter");
    let o = out.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["--agent", "mcts:iter=5"],
            "agent `mcts`: unknown parameter `iter` (known: iters, ms, c, rollout, max_nodes, depth, scale, resample)",
        ),
        (
            &["--agent", "mcts:iters=0"],
            "agent `mcts`: `iters=0`: expected a whole number from 1 to 10000000",
        ),
        (
            &["--vs-agent", "mcts:rollout=clever"],
            "agent `mcts`: `rollout=clever`: expected `random` or `greedy`",
        ),
        (
            &["--agent", "greedy:samples=x"],
            "agent `greedy`: `samples=x`: expected a whole number from 1 to 10000",
        ),
        (&["--agent", "mcts:"], "agent spec `mcts:` is malformed"),
    ];
    for (extra, msg) in cases {
        let mut args = vec![
            "run",
            "--deck",
            rush.to_str().unwrap(),
            "--vs",
            wall.to_str().unwrap(),
            "--games",
            "5",
            "--out",
            o,
            "--quiet",
        ];
        args.extend_from_slice(extra);
        let (code, err) = cardsim(&args);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(err.contains(msg), "{extra:?}: {err}");
        assert!(!err.contains("panicked"));
        assert!(!out.exists(), "nothing written for {extra:?}");
    }
    let (code, err) = cardsim(&["ladder", "--agent", "random", "--out", o, "--quiet"]);
    assert_eq!(code, 2);
    assert!(err.contains("a ladder needs at least two agents"), "{err}");
    let (code, err) = cardsim(&[
        "ladder", "--agent", "random", "--agent", "mcts:c=x", "--out", o, "--quiet",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("agent `mcts`: `c=x`: expected a number from 0 to 100"),
        "{err}"
    );
    assert!(!out.exists());
}

fn ladder_job(agents: &[&str], deals: u64, threads: usize, out: Option<PathBuf>) -> LadderJob {
    LadderJob {
        run: RunSettings {
            game: "tyrant".into(),
            seed: 9,
            threads: Some(threads),
            out,
            command: vec!["test".into()],
            ..Default::default()
        },
        decks: ["rush", "wall_counter", "poison"].map(deck).to_vec(),
        agents: agents.iter().map(|s| s.to_string()).collect(),
        deals,
    }
}

#[test]
fn ladder_is_thread_independent_and_consistent() {
    let base = tmp("ladder");
    let agents = ["random", "greedy", "mcts:iters=30"];
    let one = ladder(&ladder_job(&agents, 44, 1, Some(base.join("t1")))).unwrap();
    let two = ladder(&ladder_job(&agents, 44, 2, Some(base.join("t2")))).unwrap();
    for f in ["ladder.csv", "ratings.csv"] {
        let x = std::fs::read(base.join("t1").join(f)).unwrap();
        let y = std::fs::read(base.join("t2").join(f)).unwrap();
        assert!(x == y, "{f} differs between 1 and 2 threads");
    }
    let accs = |r: &cardsim_sim::ladder::LadderReport| {
        r.pairs.iter().map(|p| p.acc.clone()).collect::<Vec<_>>()
    };
    assert_eq!(accs(&one), accs(&two));
    assert_eq!(one.manifest.mode, "paired-vs-fixed-seats");
    assert_eq!(one.manifest.fixed_seats, vec!["defender: random"]);
    assert_eq!(one.manifest.games, 3 * 2 * 44);
    assert_eq!(one.pairs.len(), 3);
    // Pairs list the later (expected stronger) agent as A.
    let names: Vec<(usize, usize)> = one.pairs.iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(names, vec![(1, 0), (2, 0), (2, 1)]);
    for p in &one.pairs {
        let c = &p.acc;
        assert_eq!(c.deals, 44);
        assert_eq!(c.a_better + c.b_better + c.equal, 44);
        // One attacker game per deal for each agent.
        assert_eq!((c.a_games, c.b_games), (44, 44));
        // A better on a deal means A won and B lost (no draws in Tyrant by default).
        assert!(c.a_better <= c.a_wins && c.b_better <= c.b_wins);
        assert_eq!(c.a_wins - c.a_better, c.b_wins - c.b_better);
    }
    // The random agent plays the same attacker games in every pair (same deals, same RNG).
    assert_eq!(one.pairs[0].acc.b_wins, one.pairs[1].acc.b_wins);
    assert_eq!(one.ratings[0].rating, 0.0);
    let csv = std::fs::read_to_string(base.join("t1/ladder.csv")).unwrap();
    assert_eq!(csv.lines().count(), 4);
    assert!(csv.starts_with("pair,agent_a,agent_b,mode,deals,comparisons,a_better,"));
    assert!(csv.contains("\ngreedy vs random,greedy,random,paired-vs-fixed-seats,44,44,"));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn greedy_beats_random_on_the_ladder() {
    let r = ladder(&ladder_job(&["random", "greedy"], 600, 2, None)).unwrap();
    let (rate, low, _) = r.pairs[0].acc.a_rate().unwrap();
    assert!(
        low > 0.5,
        "greedy vs random: {rate:.3}, interval from {low:.3}"
    );
    assert!(r.ratings[1].low > 0.0);
}
