//! Mutation fuzzing of the loaders on stable Rust (issue 23): each game's shipped card file,
//! decks and a scenario, and a run's manifest, mutated at random (bytes flipped, inserted or
//! cut, lines doubled or swapped, tokens such as huge numbers, quotes and byte-order marks put
//! in) and loaded again and again. A load may fail, but only with an error naming the file:
//! never a panic. A fixed seed and a small count keep it a fast CI test; `FUZZ_SECS=N` runs
//! each target of each game for N seconds instead, `FUZZ_SEED` picks another seed
//! (docs/robustness.md records the runs; fuzz/ holds the same targets for cargo-fuzz).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cardsim_engine::registry;
use cardsim_engine::DeckSource;
use cardsim_engine::{game_rng, GameRng};
use rand::RngExt;

const GAMES: [&str; 5] = [
    "tyrant",
    "allegiance",
    "mission_alliance",
    "battalla",
    "alpha_omega",
];

/// Tokens that loaders treat specially, put in at random places.
const TOKENS: &[&str] = &[
    "\n",
    ",",
    "\"",
    "=",
    "[",
    "]",
    "x ",
    "3x ",
    "0",
    "-1",
    "99999999999999999999",
    "18446744073709551615",
    "\u{feff}",
    "\r\n",
    "#",
    "[heroes]\n",
    "[main]\n",
    "hero = ",
    "weapon = ",
    "all",
    "\u{e9}",
    "\t",
    "{",
    "}",
    ":",
    "..",
];

/// `src` with one to four random mutations.
fn mutate(rng: &mut GameRng, src: &[u8]) -> Vec<u8> {
    let mut b = src.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let at = rng.random_range(0..=b.len());
        match rng.random_range(0..7) {
            0 if !b.is_empty() => {
                let i = at.min(b.len() - 1);
                b[i] ^= 1 << rng.random_range(0..8);
            }
            1 => b.insert(at, rng.random()),
            2 => {
                let end = (at + rng.random_range(1..40)).min(b.len());
                b.drain(at..end);
            }
            3 => {
                let t = TOKENS[rng.random_range(0..TOKENS.len())].as_bytes();
                b.splice(at..at, t.iter().copied());
            }
            4 => b.truncate(at),
            _ => {
                // Double or swap whole lines.
                let text = String::from_utf8_lossy(&b).into_owned();
                let mut lines: Vec<&str> = text.split('\n').collect();
                if lines.len() > 1 {
                    let (i, j) = (
                        rng.random_range(0..lines.len()),
                        rng.random_range(0..lines.len()),
                    );
                    if rng.random() {
                        lines.swap(i, j);
                    } else {
                        lines.insert(i, lines[j]);
                    }
                }
                b = lines.join("\n").into_bytes();
            }
        }
    }
    b
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The shipped example decks of `game`, through the same listing the CLI uses.
fn example_decks(game: &str) -> Vec<PathBuf> {
    cardsim_sim::field::decks_in(&repo().join("data").join(game).join("decks")).unwrap()
}

/// How long or how many times each target runs.
struct Budget {
    iters: u64,
    secs: Option<u64>,
}

impl Budget {
    fn from_env() -> Budget {
        Budget {
            iters: 60,
            secs: std::env::var("FUZZ_SECS").ok().and_then(|s| s.parse().ok()),
        }
    }
    /// Runs `one` until the budget is spent; returns the number of executions.
    fn run(&self, mut one: impl FnMut(u64)) -> u64 {
        let start = Instant::now();
        let mut n = 0;
        loop {
            match self.secs {
                Some(s) if start.elapsed() >= Duration::from_secs(s) => break,
                None if n >= self.iters => break,
                _ => {}
            }
            one(n);
            n += 1;
        }
        n
    }
}

fn seed() -> u64 {
    std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026)
}

/// Runs `f` on one input; a panic fails the test with the input saved for reproducing.
fn no_panic(target: &str, game: &str, input: &[u8], dir: &Path, f: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(f)).is_err() {
        let keep = std::env::temp_dir().join(format!("cardsim-fuzz-crash-{target}-{game}"));
        std::fs::write(&keep, input).unwrap();
        panic!(
            "{target} ({game}) panicked on an input saved to {} (work folder {})",
            keep.display(),
            dir.display()
        );
    }
}

fn work(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn fuzz_card_files() {
    let budget = Budget::from_env();
    for (gi, game) in GAMES.iter().enumerate() {
        let dir = work(&format!("cards-{game}"));
        let src = std::fs::read(repo().join(format!("data/{game}/cards.csv"))).unwrap();
        // Alpha/Omega reads its Opponent decks from the folder beside the card file.
        let opp = repo().join("data/alpha_omega/opponent");
        if *game == "alpha_omega" {
            std::fs::create_dir_all(dir.join("opponent")).unwrap();
            for e in std::fs::read_dir(&opp).unwrap() {
                let p = e.unwrap().path();
                std::fs::copy(&p, dir.join("opponent").join(p.file_name().unwrap())).unwrap();
            }
        }
        let decks = example_decks(game);
        let mut rng = game_rng(seed(), gi as u64);
        let path = dir.join("cards.csv");
        let n = budget.run(|_| {
            let input = mutate(&mut rng, &src);
            std::fs::write(&path, &input).unwrap();
            no_panic("cards", game, &input, &dir, || {
                let ds = decks.iter().cloned().map(DeckSource::File).collect();
                if let Err(e) = registry::check_load(game, path.clone(), ds).unwrap() {
                    assert!(e.contains(".csv") || e.contains(".txt"), "{e}");
                }
            });
        });
        eprintln!("cards {game}: {n} inputs");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn fuzz_deck_files() {
    let budget = Budget::from_env();
    for (gi, game) in GAMES.iter().enumerate() {
        let cards = repo().join(format!("data/{game}/cards.csv"));
        let decks = example_decks(game);
        let mut rng = game_rng(seed(), 100 + gi as u64);
        let n = budget.run(|i| {
            let src = std::fs::read(&decks[i as usize % decks.len()]).unwrap();
            let input = mutate(&mut rng, &src);
            let text = String::from_utf8_lossy(&input).into_owned();
            no_panic("decks", game, &input, Path::new("-"), || {
                let mut ds = vec![DeckSource::Inline {
                    name: "fuzzed".into(),
                    file: "fuzzed.txt".into(),
                    first_line: 1,
                    text,
                }];
                ds.push(DeckSource::File(decks[0].clone()));
                if let Err(e) = registry::check_load(game, cards.clone(), ds).unwrap() {
                    assert!(e.starts_with("fuzzed.txt"), "{e}");
                }
            });
        });
        eprintln!("decks {game}: {n} inputs");
    }
}

/// A scenario of each game and the files it names (copied beside it).
const SCENARIOS: &[(&str, &str, &[&str])] = &[
    ("tyrant", "scenarios/tyrant/strike.toml", &["cards.csv"]),
    (
        "allegiance",
        "scenarios/allegiance/example1_skilled_strike.toml",
        &[],
    ),
    (
        "mission_alliance",
        "scenarios/mission_alliance/team_levels.toml",
        &["decks/test.txt"],
    ),
    (
        "battalla",
        "scenarios/battalla/life_loss.toml",
        &["decks/test.txt"],
    ),
    ("alpha_omega", "scenarios/alpha_omega/set_up.toml", &[]),
];

#[test]
fn fuzz_scenario_files() {
    let budget = Budget::from_env();
    for (gi, (game, path, deps)) in SCENARIOS.iter().enumerate() {
        let dir = work(&format!("scenario-{game}"));
        let from = repo().join(path);
        for d in *deps {
            let to = dir.join(d);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(from.parent().unwrap().join(d), to).unwrap();
        }
        let src = std::fs::read(&from).unwrap();
        let file = dir.join("s.toml");
        let mut rng = game_rng(seed(), 200 + gi as u64);
        let n = budget.run(|_| {
            let input = mutate(&mut rng, &src);
            std::fs::write(&file, &input).unwrap();
            no_panic("scenarios", game, &input, &dir, || {
                let rep = cardsim_sim::scenario::run_file(&file);
                if let Some(e) = rep.error {
                    assert!(
                        e.contains("s.toml") || e.contains(".txt") || e.contains(".csv"),
                        "{e}"
                    );
                }
            });
        });
        eprintln!("scenarios {game}: {n} inputs");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn fuzz_run_manifests() {
    let budget = Budget::from_env();
    for (gi, game) in GAMES.iter().enumerate() {
        let dir = work(&format!("manifest-{game}"));
        let decks = example_decks(game);
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
            .args(["run", "--game", game, "--games", "3", "--quiet", "--out"])
            .arg(dir.join("o"))
            .arg("--deck")
            .arg(&decks[0])
            .arg("--vs")
            .arg(&decks[1])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mpath = dir.join("o/manifest.json");
        let src = std::fs::read(&mpath).unwrap();
        let mut rng = game_rng(seed(), 300 + gi as u64);
        let n = budget.run(|i| {
            let input = mutate(&mut rng, &src);
            std::fs::write(&mpath, &input).unwrap();
            no_panic("manifests", game, &input, &dir, || {
                let _ = cardsim_sim::replay::replay(&cardsim_sim::replay::ReplayJob {
                    dir: dir.join("o"),
                    game: i % 4,
                    states: false,
                    find: Vec::new(),
                });
            });
        });
        eprintln!("manifests {game}: {n} inputs");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
