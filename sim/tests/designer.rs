//! The designer's workflow through the binary: a deck against a field (`run --vs A --vs B`,
//! `--field`, weights), a patch compared on the same games (`--patch`), and two output
//! folders compared (`cardsim compare`); exact numbers on small fixed-seed runs, and every
//! bad input a clear error.

use std::path::{Path, PathBuf};

fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-designer-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn cardsim(args: &[&str]) -> (i32, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .arg("--quiet")
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = cardsim(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

fn expect_error(args: &[&str], needle: &str) {
    let (code, _, err) = cardsim(args);
    assert_ne!(code, 0, "expected failure for {args:?}");
    assert!(!err.contains("panicked"), "panic: {err}");
    assert!(err.contains(needle), "`{needle}` not in error: {err}");
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap()
}

fn decks_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/tyrant/decks")
}

const FIELD_HEADER: &str = "deck,opponent,weight,games,win_rate,win_rate_ci_low,win_rate_ci_high,draw_rate,draw_rate_ci_low,draw_rate_ci_high,score,wins,draws,losses";

#[test]
fn gauntlet_pools_opponents_with_weights() {
    let a = tmp("gauntlet-a");
    let out = ok(&[
        "run",
        "--deck",
        "rush",
        "--vs",
        "poison@1",
        "--vs",
        "swarm@3",
        "--games",
        "200",
        "--seed",
        "7",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert!(out.contains("rush against the field"), "{out}");
    let want = format!(
        "{FIELD_HEADER}\n\
         rush,poison,0.2500,200,0.4500,0.3900,0.5109,0.0000,0.0000,0.0188,0.4500,90,0,110\n\
         rush,swarm,0.7500,200,0.4900,0.4307,0.5495,0.0000,0.0000,0.0188,0.4900,98,0,102\n\
         rush,field,1.0000,400,0.4800,0.4330,0.5271,0.0000,0.0000,0.0141,0.4800,188,0,212\n"
    );
    assert_eq!(read(&a, "field.csv"), want);
    // The same weights from a file give the same file.
    let b = tmp("gauntlet-b");
    let w = tmp("gauntlet-w");
    std::fs::create_dir_all(&w).unwrap();
    let wf = w.join("weights.txt");
    std::fs::write(&wf, "# metagame shares\npoison 1\nswarm, 3\n").unwrap();
    ok(&[
        "run",
        "--deck",
        "rush",
        "--vs",
        "poison",
        "--vs",
        "swarm",
        "--weights",
        wf.to_str().unwrap(),
        "--games",
        "200",
        "--seed",
        "7",
        "--out",
        b.to_str().unwrap(),
    ]);
    assert_eq!(read(&b, "field.csv"), want);
    // The first opponent's games are those of a plain one-opponent run (same game indices).
    let c = tmp("gauntlet-c");
    ok(&[
        "run",
        "--deck",
        "rush",
        "--vs",
        "poison",
        "--games",
        "200",
        "--seed",
        "7",
        "--out",
        c.to_str().unwrap(),
    ]);
    let row = |dir: &Path| {
        read(dir, "summary.csv")
            .lines()
            .find(|l| l.starts_with("rush-vs-poison,rush,") && l.contains(",all,"))
            .unwrap()
            .to_string()
    };
    assert_eq!(row(&a), row(&c));
    assert!(!c.join("field.csv").exists());
    for d in [a, b, c, w] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn gauntlet_against_a_field_folder() {
    let a = tmp("field");
    ok(&[
        "run",
        "--deck",
        "rush",
        "--field",
        decks_dir().to_str().unwrap(),
        "--games",
        "100",
        "--seed",
        "3",
        "--out",
        a.to_str().unwrap(),
    ]);
    let csv = read(&a, "field.csv");
    let rows: Vec<&str> = csv.lines().collect();
    // Nine opponents (every example deck but rush itself) and the pooled row.
    assert_eq!(rows.len(), 11, "{csv}");
    assert!(!csv.contains(",rush,"));
    assert!(
        rows[10].starts_with("rush,field,1.0000,900,"),
        "{}",
        rows[10]
    );
    let _ = std::fs::remove_dir_all(a);
}

#[test]
fn bad_gauntlet_input() {
    let out = tmp("bad-gauntlet");
    let o = out.to_str().unwrap();
    expect_error(
        &[
            "run", "--deck", "rush", "--vs", "poison@0", "--vs", "swarm", "--out", o,
        ],
        "the weight after @ must be a positive number",
    );
    let w = tmp("bad-weights");
    std::fs::create_dir_all(&w).unwrap();
    let wf = w.join("w.txt");
    std::fs::write(&wf, "poison 1\n").unwrap();
    let f = wf.to_str().unwrap();
    expect_error(
        &[
            "run",
            "--deck",
            "rush",
            "--vs",
            "poison",
            "--vs",
            "swarm",
            "--weights",
            f,
            "--out",
            o,
        ],
        "no weight for the opponent(s) swarm",
    );
    std::fs::write(&wf, "poison 1\nswarm lots\n").unwrap();
    expect_error(
        &[
            "run",
            "--deck",
            "rush",
            "--vs",
            "poison",
            "--vs",
            "swarm",
            "--weights",
            f,
            "--out",
            o,
        ],
        "w.txt:2: `lots` is not a positive weight",
    );
    std::fs::write(&wf, "poison 1\nswarm 1\nflyers 2\n").unwrap();
    expect_error(
        &[
            "run",
            "--deck",
            "rush",
            "--vs",
            "poison",
            "--vs",
            "swarm",
            "--weights",
            f,
            "--out",
            o,
        ],
        "`flyers` is not an opponent here",
    );
    assert!(!out.exists(), "output written despite the errors");
    let _ = std::fs::remove_dir_all(w);
}
