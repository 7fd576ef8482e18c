//! The Alpha/Omega workload of `cardsim bench` prints a signature of its fixed-seed games that
//! is the same on 1 and 2 threads and changes only with the game's behaviour; and the agent
//! speed lines work for a co-operative game.

use std::process::Command;

use cardsim_sim::ladder::agent_speed;

fn line(threads: &str) -> String {
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
        .find(|l| l.starts_with("signature alpha_omega:"))
        .expect("an alpha_omega signature line")
        .to_string()
}

#[test]
fn alpha_omega_bench_signature_is_unchanged_and_thread_independent() {
    let one = line("1");
    assert_eq!(one, line("2"));
    assert_eq!(
        one,
        "signature alpha_omega: games=2000 team_wins=0 team_losses=2000 draws=0 checksum=69fd1b1bd1ba23ce",
        "Alpha/Omega behaviour changed: update this line if intended"
    );
}

#[test]
fn agent_speed_runs_on_alpha_omega() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/alpha_omega/decks");
    let decks = vec![dir.join("faithful.txt"), dir.join("heavenly_host.txt")];
    for spec in ["greedy", "mcts:iters=20"] {
        let s = agent_speed("alpha_omega", &decks, spec, 20).unwrap();
        assert!(s.decisions >= 20, "{spec}: {} decisions", s.decisions);
    }
}
