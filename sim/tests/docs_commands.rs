//! Every command shown in README.md and docs/**/*.md runs as written, so the documentation
//! cannot rot: each ```sh block is run with bash (`set -e`) in a temporary folder that sees the
//! repository's `data/` and `scenarios/`, with the `cardsim` binary of this build first on the
//! PATH. Game counts are made small (`--games` and `--matches` values are
//! replaced, and a `ladder` or `bench` line without a count gets one); nothing else changes.
//! Blocks marked ```sh no-run (the cargo commands themselves, cluster scripts) are listed and
//! skipped.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Tmp;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The markdown files: README.md and every `.md` under docs/, sorted.
fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            let ft = e.file_type().unwrap();
            if ft.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let mut v = vec![repo().join("README.md")];
    walk(&repo().join("docs"), &mut v);
    v.sort();
    v
}

/// Fenced blocks of `text` with their info string and first line.
fn blocks(text: &str) -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    let mut cur: Option<(String, usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match cur.take() {
                Some(b) => out.push(b),
                None => cur = Some((info.trim().to_string(), i + 1, String::new())),
            }
        } else if let Some(b) = cur.as_mut() {
            b.2.push_str(line);
            b.2.push('\n');
        }
    }
    out
}

/// A command line with small game counts.
fn shrink(line: &str) -> String {
    let mut words: Vec<String> = line.split(' ').map(String::from).collect();
    let mut has_count = false;
    for i in 0..words.len() {
        let small = match words[i].as_str() {
            "--games" => Some("20"),
            "--matches" => Some("4"),
            _ => None,
        };
        if let (Some(v), Some(next)) = (small, words.get(i + 1)) {
            if next.chars().all(|c| c.is_ascii_digit()) {
                words[i + 1] = v.to_string();
                has_count = true;
            }
        }
    }
    let mut s = words.join(" ");
    let sub = line.split_whitespace().nth(1).unwrap_or("");
    if line.starts_with("cardsim ") && !has_count {
        match sub {
            "ladder" => s.push_str(" --games 2"),
            "bench" => s.push_str(" --games 2000 --no-agents"),
            "default" => s.push_str(" --games 20"),
            _ => {}
        }
    }
    s
}

#[test]
fn every_documented_command_runs() {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_cardsim"));
    let path = format!(
        "{}:{}",
        exe.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    let mut skipped = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let rel = page
            .strip_prefix(repo())
            .unwrap_or(&page)
            .display()
            .to_string();
        // One folder per page: later blocks may use what earlier ones wrote.
        let tmp = Tmp::new(&format!("docs-{}", rel.replace(['/', '.'], "-")));
        for d in ["data", "scenarios"] {
            std::os::unix::fs::symlink(repo().join(d), tmp.0.join(d)).unwrap();
        }
        for (info, line, body) in blocks(&text) {
            match info.as_str() {
                "sh" => {}
                i if i.starts_with("sh") => {
                    skipped.push(format!("{rel}:{line} ({i})"));
                    continue;
                }
                _ => continue,
            }
            let script: Vec<String> = body.replace("\\\n", " ").lines().map(shrink).collect();
            let script = script.join("\n");
            eprintln!("--- {rel}:{line}\n{script}");
            let out = Command::new("bash")
                .args(["-e", "-c", &script])
                .current_dir(&tmp.0)
                .env("PATH", &path)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{rel}:{line}: the block failed ({}):\n{script}\nstdout:\n{}\nstderr:\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    eprintln!(
        "ran {ran} command blocks; not run (marked): {}",
        skipped.join(", ")
    );
    assert!(ran >= 8, "only {ran} command blocks found");
}

#[test]
fn shrinking_only_touches_counts() {
    assert_eq!(
        shrink("cardsim run --deck a.txt --games 1000000 --seed 7"),
        "cardsim run --deck a.txt --games 20 --seed 7"
    );
    assert_eq!(
        shrink("cardsim ladder --game tyrant"),
        "cardsim ladder --game tyrant --games 2"
    );
    assert_eq!(shrink("echo --games x"), "echo --games x");
}
