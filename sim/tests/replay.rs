//! `cardsim replay` re-plays exactly the games of a run: replaying every game of a small
//! round robin and tallying the winners reproduces the run's summary.csv counts.

use std::collections::HashMap;
use std::path::PathBuf;

use cardsim_sim::replay::{replay, ReplayJob};
use cardsim_sim::settings::RunSettings;
use cardsim_sim::{execute, Job, Pairing};

fn deck(name: &str) -> PathBuf {
    game_deck("tyrant", name)
}

fn game_deck(game: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/{game}/decks/{name}.txt"))
}

#[test]
fn replaying_every_game_reproduces_the_summary() {
    let decks = ["rush", "poison", "wall_counter"].map(deck).to_vec();
    replays_reproduce_summary(
        "tyrant",
        decks,
        ["random", "ordered"],
        ["attacker", "defender"],
        60,
        12,
    );
}

/// Mission: Alliance, with a greedy agent (its resampled worlds draw on the agent's own
/// stream, which the replay must re-create) against random play.
#[test]
fn replaying_mission_alliance_reproduces_the_summary() {
    let decks = ["swarm", "gadget_control"]
        .map(|d| game_deck("mission_alliance", d))
        .to_vec();
    replays_reproduce_summary(
        "mission_alliance",
        decks,
        ["greedy", "random"],
        ["seat0", "seat1"],
        24,
        4,
    );
}

/// Run a round robin of `decks` with `agents`, replay every game, tally the winners and
/// compare with the run's summary.csv (`rows` per-seat rows expected).
fn replays_reproduce_summary(
    game: &str,
    decks: Vec<PathBuf>,
    agents: [&str; 2],
    seats: [&str; 2],
    games: u64,
    rows_expected: usize,
) {
    let out = std::env::temp_dir().join(format!("cardsim-replay-{game}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let matchups = (decks.len() * (decks.len() - 1) / 2) as u64;
    execute(&Job {
        run: RunSettings {
            game: game.into(),
            seed: 5,
            threads: Some(2),
            out: Some(out.clone()),
            command: vec!["test".into()],
            ..Default::default()
        },
        decks,
        pairing: Pairing::RoundRobin,
        agents: agents.iter().map(|a| a.to_string()).collect(),
        games,
    })
    .unwrap();
    // (matchup, deck, seat) -> wins, from the replays.
    let mut wins: HashMap<(String, String, String), u64> = HashMap::new();
    for g in 0..matchups * games {
        let log = replay(&ReplayJob {
            dir: out.clone(),
            game: g,
            states: false,
            find: vec![],
        })
        .unwrap();
        let first = log.lines().next().unwrap();
        let matchup = first
            .split("matchup ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        // "  attacker: rush (agent random)"
        let seat_deck: HashMap<&str, &str> = log
            .lines()
            .skip(1)
            .take(2)
            .map(|l| {
                let (s, rest) = l.trim().split_once(": ").unwrap();
                (s, rest.split(' ').next().unwrap())
            })
            .collect();
        let result = log
            .lines()
            .rev()
            .find(|l| l.starts_with("result:"))
            .unwrap();
        for seat in seats {
            if result.contains(&format!("{seat} wins")) {
                *wins
                    .entry((matchup.into(), seat_deck[seat].into(), seat.into()))
                    .or_default() += 1;
            }
        }
    }
    let mut rdr = csv::Reader::from_path(out.join("summary.csv")).unwrap();
    let h = rdr.headers().unwrap().clone();
    let col = |n: &str| h.iter().position(|x| x == n).unwrap();
    let mut rows = 0;
    let mut total_wins = 0;
    for r in rdr.records() {
        let r = r.unwrap();
        if r[col("seat")] == *"all" {
            continue;
        }
        let key = (
            r[col("matchup")].to_string(),
            r[col("deck")].to_string(),
            r[col("seat")].to_string(),
        );
        let expected: u64 = r[col("wins")].parse().unwrap();
        assert_eq!(
            wins.get(&key).copied().unwrap_or(0),
            expected,
            "{key:?}: replayed wins differ from the run"
        );
        total_wins += expected;
        rows += 1;
    }
    assert_eq!(rows, rows_expected, "matchups x 2 decks x 2 seats");
    assert!(total_wins > 0, "some game was won");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn find_and_bad_index() {
    let out = std::env::temp_dir().join(format!("cardsim-replay-find-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    execute(&Job {
        run: RunSettings {
            game: "tyrant".into(),
            seed: 9,
            threads: Some(1),
            out: Some(out.clone()),
            command: vec!["test".into()],
            ..Default::default()
        },
        decks: vec![deck("rush"), deck("wall_counter")],
        pairing: Pairing::Single,
        agents: vec!["random".into(), "random".into()],
        games: 400,
    })
    .unwrap();
    let job = |game, find: &[&str]| ReplayJob {
        dir: out.clone(),
        game,
        states: false,
        find: find.iter().map(|s| s.to_string()).collect(),
    };
    let log = replay(&job(0, &["end=turn_limit"])).unwrap();
    assert!(log.contains("turn limit reached"), "{log}");
    assert!(
        log.trim_end().ends_with("(TurnLimit) after turn 50"),
        "{log}"
    );
    // A damaged manifest naming a deck index past its deck list is refused, not a panic.
    let mpath = out.join("manifest.json");
    let text = std::fs::read_to_string(&mpath).unwrap();
    let mut m: serde_json::Value = serde_json::from_str(&text).unwrap();
    m["matchups"][0]["deck_indices"] = serde_json::json!([0, 7]);
    std::fs::write(&mpath, m.to_string()).unwrap();
    let e = format!("{:#}", replay(&job(0, &[])).unwrap_err());
    assert!(
        e.contains("deck index 7 is not among the manifest's 2 decks"),
        "{e}"
    );
    std::fs::write(&mpath, text).unwrap();
    let e = replay(&job(400, &[])).unwrap_err().to_string();
    assert!(e.contains("game 400 is not in this run"), "{e}");
    let e = replay(&job(0, &["winner=nobody"])).unwrap_err().to_string();
    assert!(e.contains("expected draw or a seat"), "{e}");
    let e = replay(&job(0, &["winner=draw"])).unwrap_err().to_string();
    assert!(e.contains("no game of matchup"), "{e}");
    let _ = std::fs::remove_dir_all(&out);
}
