//! Where the example data comes from: decks by name, `--data DIR`, the built-in copy
//! (`--data builtin`, what an installed cardsim falls back to), no silent use of `./data`, and
//! the hint an unknown card gives.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::Tmp;

fn repo_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
}

/// Run cardsim in `cwd` with extra environment; (exit code, stdout, stderr).
fn cardsim_in(cwd: &Path, env: &[(&str, &Path)], args: &[&str]) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cardsim"));
    c.current_dir(cwd).args(args).env_remove("CARDSIM_DATA");
    for (k, v) in env {
        c.env(k, v);
    }
    let o = c.output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn summary(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("summary.csv")).unwrap()
}

#[test]
fn decks_by_name_play_the_same_games_as_by_path() {
    let t = Tmp::new("data-names");
    let d = repo_data().join("tyrant/decks");
    let (by_path, by_name) = (t.0.join("path"), t.0.join("name"));
    let run = |deck: &str, vs: &str, out: &Path| {
        let a = [
            "run",
            "--deck",
            deck,
            "--vs",
            vs,
            "--games",
            "400",
            "--threads",
            "1",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ];
        let (code, _, err) = cardsim_in(&t.0, &[], &a);
        assert_eq!(code, 0, "{err}");
    };
    run(
        d.join("rush.txt").to_str().unwrap(),
        d.join("poison.txt").to_str().unwrap(),
        &by_path,
    );
    run("rush", "poison.txt", &by_name);
    assert_eq!(summary(&by_path), summary(&by_name));
    // A name that is neither a file nor a deck lists the decks there.
    let (code, _, err) = cardsim_in(
        &t.0,
        &[],
        &[
            "run", "--deck", "rusj", "--vs", "poison", "--games", "10", "--out", "x",
        ],
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("no deck file `rusj`, and no deck of that name in"),
        "{err}"
    );
    assert!(
        err.contains("decks there: ") && err.contains("rush"),
        "{err}"
    );
}

#[test]
fn a_data_folder_in_the_current_folder_is_not_used_silently() {
    let t = Tmp::new("data-cwd");
    // A broken ./data/tyrant: if cardsim looked here, the run would fail.
    std::fs::create_dir_all(t.0.join("data/tyrant/decks")).unwrap();
    std::fs::write(t.0.join("data/tyrant/cards.csv"), "not,a,card,file\n").unwrap();
    for d in ["rush.txt", "poison.txt"] {
        let from = repo_data().join("tyrant/decks").join(d);
        std::fs::copy(from, t.0.join("data/tyrant/decks").join(d)).unwrap();
    }
    let out = t.0.join("out");
    let (code, _, err) = cardsim_in(
        &t.0,
        &[],
        &[
            "run",
            "--deck",
            "rush",
            "--vs",
            "poison",
            "--games",
            "50",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{err}");
    // ... unless asked for with --data.
    let (code, _, err) = cardsim_in(
        &t.0,
        &[],
        &[
            "--data", "data", "run", "--deck", "rush", "--vs", "poison", "--games", "50", "--out",
            "o2",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("data/tyrant/cards.csv"), "{err}");
    // A --data folder that does not exist is named.
    let (code, _, err) = cardsim_in(
        &t.0,
        &[],
        &[
            "run", "--data", "nowhere", "--deck", "rush", "--vs", "poison", "--out", "o3",
        ],
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("data folder nowhere does not exist or is not a folder"),
        "{err}"
    );
}

#[test]
fn the_built_in_data_runs_from_any_folder() {
    let t = Tmp::new("data-builtin");
    let cache = t.0.join("cache");
    let work = t.0.join("elsewhere");
    std::fs::create_dir_all(&work).unwrap();
    let out = work.join("out");
    let args = [
        "--data",
        "builtin",
        "run",
        "--deck",
        "rush",
        "--vs",
        "poison",
        "--games",
        "400",
        "--threads",
        "1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, _, err) = cardsim_in(&work, &[("CARDSIM_CACHE", &cache)], &args);
    assert_eq!(code, 0, "{err}");
    // The unpacked copy is byte for byte the repository's data.
    let unpacked: Vec<_> = std::fs::read_dir(&cache).unwrap().flatten().collect();
    assert_eq!(unpacked.len(), 1, "one unpacked copy");
    let dir = unpacked[0].path();
    assert!(dir.join(".complete").is_file());
    for f in [
        "tyrant/cards.csv",
        "tyrant/decks/rush.txt",
        "allegiance/cards.csv",
    ] {
        assert_eq!(
            std::fs::read(dir.join(f)).unwrap(),
            std::fs::read(repo_data().join(f)).unwrap(),
            "{f}"
        );
    }
    // The same games as with the repository's data; a second run reuses the copy.
    let t2 = work.join("out2");
    let a2: Vec<&str> = args[2..args.len() - 1]
        .iter()
        .copied()
        .chain([t2.to_str().unwrap()])
        .collect();
    let (code, _, err) = cardsim_in(&work, &[], &a2);
    assert_eq!(code, 0, "{err}");
    assert_eq!(summary(&out), summary(&t2));
    let (code, _, err) = cardsim_in(&work, &[("CARDSIM_CACHE", &cache)], &args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1);
}

#[test]
fn an_unknown_card_suggests_names_and_cards() {
    let t = Tmp::new("data-hint");
    let deck = t.0.join("mine.txt");
    std::fs::write(&deck, "Warlord Krask\nEmber Golem\n").unwrap();
    let (code, _, err) = cardsim_in(
        &t.0,
        &[],
        &[
            "run",
            "--deck",
            deck.to_str().unwrap(),
            "--vs",
            "rush",
            "--games",
            "10",
            "--out",
            "o",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("mine.txt:2"), "{err}");
    assert!(err.contains("unknown card `Ember Golem`"), "{err}");
    assert!(err.contains("--cards"), "{err}");
}
