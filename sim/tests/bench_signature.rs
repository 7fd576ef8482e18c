//! `cardsim bench` prints a signature of its fixed-seed games (Stockfish-style): any change of
//! behaviour — rules, RNG use, seating, agents, or the example decks and their cards — changes
//! it. The main Tyrant line for 20,000 games is kept in `benches/bench_signature.txt`, every
//! other workload's line below; after an intended change, update the line and say why in the
//! commit.

use std::path::PathBuf;
use std::process::Command;

/// The signature lines of `cardsim bench --games 20000` on `threads` threads (`only`: a
/// comma-separated list of workloads, empty for all).
fn signature_lines(threads: &str, only: &str) -> Vec<String> {
    let mut args = vec![
        "bench",
        "--games",
        "20000",
        "--threads",
        threads,
        "--no-agents",
    ];
    if !only.is_empty() {
        args.extend(["--only", only]);
    }
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(&args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("signature"))
        .map(String::from)
        .collect()
}

/// Every workload but the one-game MCTS one, which the 2-thread run leaves out (a single game
/// is one chunk whatever the thread count).
const ALL_BUT_MCTS: &str = "tyrant,tyrant_skills,tyrant_long,mission_alliance,battalla,\
alpha_omega,allegiance_2p,allegiance_4p,allegiance_greedy";

#[test]
fn bench_signatures_are_unchanged_and_thread_independent() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../benches/bench_signature.txt");
    let tyrant = std::fs::read_to_string(&path).unwrap();
    let one = signature_lines("1", "");
    let mut want = vec![tyrant.trim().to_string()];
    want.extend(GAME_LINES.iter().map(|l| l.to_string()));
    assert_eq!(
        one,
        want,
        "behaviour changed: update {} or GAME_LINES if intended",
        path.display()
    );
    let two = signature_lines("2", ALL_BUT_MCTS);
    assert_eq!(two[..], one[..one.len() - 1]);
}

/// `--only` runs just the named workload.
#[test]
fn only_runs_the_named_workload() {
    assert_eq!(signature_lines("1", "tyrant_long"), [GAME_LINES[1]]);
}

/// The other workloads' signature lines for `--games 20000` (each workload plays its fixed
/// fraction of that). After an intended behaviour change, update the workload's line.
const GAME_LINES: [&str; 9] = [
    "signature tyrant_skills: games=10000 attacker_wins=5346 defender_wins=4654 draws=0 at_limit=2493 checksum=610190a5668f7d2c",
    "signature tyrant_long: games=10000 attacker_wins=5370 defender_wins=4630 draws=0 at_limit=2215 checksum=c5f0ab34e159ce4b",
    "signature mission_alliance: games=2000 first_player_wins=1042 second_player_wins=952 draws=6 checksum=572c993524034410",
    "signature battalla: games=200 first_player_wins=98 second_player_wins=88 draws=14 checksum=a2d97a88337ecb99",
    "signature alpha_omega: games=2000 team_wins=0 team_losses=2000 draws=0 checksum=69fd1b1bd1ba23ce",
    "signature allegiance_2p: games=1000 wins=467/533 draws=0/0 checksum=032a4b2fdd5526ad",
    "signature allegiance_4p: games=400 wins=125/114/93/68 draws=0/0/0/0 checksum=953b0ef06230d5be",
    "signature allegiance_greedy: games=10 wins=3/7 draws=0/0 checksum=2f8981bd25a5f511",
    "signature allegiance_mcts: games=1 wins=1/0 draws=0/0 checksum=1f76684249562b85",
];
