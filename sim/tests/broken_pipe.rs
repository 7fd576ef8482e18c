//! Console output to a closed pipe (`cardsim … | head`) or a full disk: the command still
//! finishes its output files; a closed pipe is quiet (exit 0), a failed write is an error.

use std::process::{Command, Stdio};

mod common;
use common::Tmp;

/// Runs cardsim with standard output going to `stdout`; returns (exit code, stderr).
fn cardsim_to(args: &[&str], stdout: Stdio) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A pipe whose reading end is already closed: every write to it fails with EPIPE.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer.into()
}

fn run_args(out: &str) -> Vec<&str> {
    vec![
        "run",
        "--deck",
        "rush",
        "--vs",
        "poison",
        "--games",
        "200",
        "--quiet",
        "--no-report",
        "--out",
        out,
    ]
}

#[test]
fn a_closed_pipe_stops_the_console_text_quietly() {
    for args in [
        &["completions", "bash"][..],
        &["params", "--game", "allegiance"],
        &["man"],
    ] {
        let (code, err) = cardsim_to(args, closed_pipe());
        assert_eq!((code, err.as_str()), (Some(0), ""), "{args:?}");
    }
}

#[test]
fn a_closed_pipe_still_gets_the_run_its_files() {
    let t = Tmp::new("closed-pipe");
    let a = t.0.join("a");
    let b = t.0.join("b");
    let (code, err) = cardsim_to(&run_args(a.to_str().unwrap()), closed_pipe());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let (code, _) = cardsim_to(&run_args(b.to_str().unwrap()), Stdio::null());
    assert_eq!(code, Some(0));
    for f in ["summary.csv", "turns.csv", "cards.csv"] {
        let read = |d: &std::path::Path| std::fs::read(d.join(f)).unwrap();
        assert_eq!(read(&a), read(&b), "{f}");
    }
}

#[test]
fn a_full_disk_under_the_console_text_is_an_error_after_the_files() {
    let t = Tmp::new("full-stdout");
    let a = t.0.join("a");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let (code, err) = cardsim_to(&run_args(a.to_str().unwrap()), full.into());
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("cardsim: error: writing to standard output failed: No space left"),
        "{err}"
    );
    assert!(a.join("manifest.json").exists());
}
