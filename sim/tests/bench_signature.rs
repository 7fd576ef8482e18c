//! `cardsim bench` prints a signature of its fixed-seed games (Stockfish-style): any change of
//! behaviour — rules, RNG use, seating, or the example rush/wall_counter decks and their cards —
//! changes it. The expected signature for 20,000 games is kept in
//! `benches/bench_signature.txt`; after an intended change, update that file with the new
//! line and say why in the commit.

use std::path::PathBuf;
use std::process::Command;

fn bench_line(threads: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args([
            "bench",
            "--games",
            "20000",
            "--threads",
            threads,
            "--no-agents",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    out.lines()
        .find(|l| l.starts_with("signature:"))
        .expect("a signature line")
        .to_string()
}

#[test]
fn bench_signature_is_unchanged_and_thread_independent() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../benches/bench_signature.txt");
    let want = std::fs::read_to_string(&path).unwrap();
    let one = bench_line("1");
    assert_eq!(one, bench_line("2"));
    assert_eq!(
        one,
        want.trim(),
        "behaviour changed: update {} if intended",
        path.display()
    );
}

/// The other games' workloads: their signature lines for `--games 20000` (a tenth as many
/// games for Mission: Alliance and Alpha/Omega, a hundredth for Battalla), the same on 1 and
/// 2 threads. After an intended behaviour change, update the game's line.
#[test]
fn game_bench_signatures_are_unchanged_and_thread_independent() {
    let lines = |threads: &str| -> Vec<String> {
        let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
            .args([
                "bench",
                "--games",
                "20000",
                "--threads",
                threads,
                "--no-agents",
            ])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("signature ") && !l.starts_with("signature: "))
            .map(String::from)
            .collect()
    };
    let one = lines("1");
    assert_eq!(one, lines("2"));
    assert_eq!(
        one,
        [
            "signature mission_alliance: games=2000 first_player_wins=1042 second_player_wins=952 draws=6 checksum=572c993524034410",
            "signature battalla: games=200 first_player_wins=98 second_player_wins=88 draws=14 checksum=a2d97a88337ecb99",
            "signature alpha_omega: games=2000 team_wins=0 team_losses=2000 draws=0 checksum=69fd1b1bd1ba23ce",
        ],
        "a game's behaviour changed: update its line if intended"
    );
}
