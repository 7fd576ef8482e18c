//! Output folders: a command owns its folder (another command's outputs there are replaced,
//! not left beside the new ones), staging folders of killed runs are cleaned, and a failed
//! write leaves the folder as it was.

use std::path::Path;
use std::process::Command;

mod common;
use common::Tmp;

fn cardsim(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_command_replaces_another_commands_outputs_and_cleans_orphaned_staging() {
    let t = Tmp::new("owned-folder");
    let out = t.0.join("out");
    let o = out.to_str().unwrap();
    let tour = [
        "tournament",
        "--decks",
        "data/tyrant/decks",
        "--games",
        "40",
        "--quiet",
        "--out",
        o,
    ];
    assert!(cardsim(&tour).status.success());
    assert!(cardsim(&["report", o]).status.success());
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    // A staging folder of a run killed while writing (a process id that cannot be running).
    let orphan = t.0.join(".out.staging-4294967295");
    std::fs::create_dir_all(&orphan).unwrap();
    std::fs::write(orphan.join("summary.csv"), "half").unwrap();
    let run = [
        "run",
        "--deck",
        "data/tyrant/decks/rush.txt",
        "--vs",
        "data/tyrant/decks/poison.txt",
        "--games",
        "100",
        "--quiet",
        "--out",
        o,
    ];
    let r = cardsim(&run);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    // The tournament's matrix, ranking and report are gone (the report there is the run's
    // own); the user's own file stays.
    assert_eq!(
        names(&out),
        [
            "cards.csv",
            "manifest.json",
            "notes.txt",
            "report.html",
            "summary.csv",
            "turns.csv"
        ]
    );
    let page = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(page.contains("<title>cardsim run report: out</title>"));
    assert!(!page.contains("<section id=\"matrix\">"));
    assert!(
        !orphan.exists(),
        "the killed run's staging folder is removed"
    );
    assert_eq!(names(&t.0), ["out"]);
    // A write that fails half-way (a target path is a folder) changes nothing.
    let before: Vec<Vec<u8>> = ["summary.csv", "manifest.json"]
        .iter()
        .map(|f| std::fs::read(out.join(f)).unwrap())
        .collect();
    std::fs::remove_file(out.join("cards.csv")).unwrap();
    std::fs::create_dir(out.join("cards.csv")).unwrap();
    std::fs::write(out.join("cards.csv").join("x"), "x").unwrap();
    let r = cardsim(&[&run[..run.len() - 2], &["--seed", "5", "--out", o]].concat());
    assert_eq!(r.status.code(), Some(2));
    let e = String::from_utf8_lossy(&r.stderr);
    assert!(e.contains("cards.csv is a folder, not a file"), "{e}");
    let after: Vec<Vec<u8>> = ["summary.csv", "manifest.json"]
        .iter()
        .map(|f| std::fs::read(out.join(f)).unwrap())
        .collect();
    assert_eq!(
        before, after,
        "a failed write leaves the earlier outputs as they were"
    );
    assert_eq!(names(&t.0), ["out"], "no staging folder left behind");
}
