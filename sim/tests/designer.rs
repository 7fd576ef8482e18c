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
        .args((args[0] != "compare").then_some("--quiet"))
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
    expect_errors(args, &[needle]);
}

/// One failing run whose error holds every one of `needles`.
fn expect_errors(args: &[&str], needles: &[&str]) {
    let (code, _, err) = cardsim(args);
    assert_ne!(code, 0, "expected failure for {args:?}");
    assert!(!err.contains("panicked"), "panic: {err}");
    for needle in needles {
        assert!(err.contains(needle), "`{needle}` not in error: {err}");
    }
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
         rush,poison,0.2500,200,0.4500,0.3875,0.5134,0.0000,0.0000,0.0235,0.4500,90,0,110\n\
         rush,swarm,0.7500,200,0.4900,0.4282,0.5520,0.0000,0.0000,0.0235,0.4900,98,0,102\n\
         rush,field,1.0000,400,0.4800,0.4315,0.5286,0.0000,0.0000,0.0171,0.4800,188,0,212\n"
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

const COMPARE_HEADER: &str = "level,matchup,deck,weight,games,before_score,after_score,diff,diff_ci_low,diff_ci_high,before_win_rate,after_win_rate,discordant_games,pairing";

/// A copy of the Tyrant cards with Dust Raider at attack 1 and health 6 (attack-1, health+2).
fn patched_cards(dir: &Path) -> PathBuf {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/tyrant/cards.csv");
    let text = std::fs::read_to_string(src).unwrap();
    let old = "Dust Raider,assault,raider,2,4,1,";
    assert!(text.contains(old));
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join("cards.csv");
    std::fs::write(&p, text.replace(old, "Dust Raider,assault,raider,1,6,1,")).unwrap();
    p
}

#[test]
fn patch_plays_the_same_games_before_and_after() {
    let a = tmp("patch");
    let out = ok(&[
        "run",
        "--deck",
        "rush",
        "--vs",
        "poison",
        "--vs",
        "swarm@3",
        "--patch",
        "Dust Raider:attack-1,health+2",
        "--games",
        "200",
        "--seed",
        "7",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert!(
        out.contains("patch: Dust Raider:attack-1,health+2"),
        "{out}"
    );
    assert_eq!(
        read(&a, "compare.csv"),
        format!(
            "{COMPARE_HEADER}\n\
             matchup,rush-vs-poison,rush,1.0000,200,0.4500,0.2800,-0.1700,-0.2307,-0.1093,0.4500,0.2800,44,paired\n\
             matchup,rush-vs-poison,poison,1.0000,200,0.5500,0.7200,0.1700,0.1093,0.2307,0.5500,0.7200,44,paired\n\
             matchup,rush-vs-swarm,rush,3.0000,200,0.4900,0.4650,-0.0250,-0.0759,0.0259,0.4900,0.4650,27,paired\n\
             matchup,rush-vs-swarm,swarm,1.0000,200,0.5100,0.5350,0.0250,-0.0259,0.0759,0.5100,0.5350,27,paired\n\
             deck,all,rush,1.0000,400,0.4800,0.4188,-0.0613,-0.1024,-0.0201,0.4800,0.4188,71,paired\n\
             deck,all,poison,1.0000,200,0.5500,0.7200,0.1700,0.1093,0.2307,0.5500,0.7200,44,paired\n\
             deck,all,swarm,1.0000,200,0.5100,0.5350,0.0250,-0.0259,0.0759,0.5100,0.5350,27,paired\n"
        )
    );
    // The `before` arm is the unpatched gauntlet (field.csv: 0.45 and 0.49 on these seeds).
    let m = read(&a, "manifest.json");
    assert!(m.contains("\"kind\": \"compare\""), "{m}");
    // The same change given as two values, and with `;`, is the same patch.
    for patch in [
        vec![
            "--patch",
            "Dust Raider:attack-1",
            "--patch",
            "Dust Raider:health+2",
        ],
        vec!["--patch", "Dust Raider:attack-1;Dust Raider:health+2"],
    ] {
        let b = tmp("patch-b");
        let mut args = vec![
            "run",
            "--deck",
            "rush",
            "--vs",
            "poison",
            "--vs",
            "swarm@3",
            "--games",
            "200",
            "--seed",
            "7",
            "--out",
            b.to_str().unwrap(),
        ];
        args.extend(patch);
        ok(&args);
        assert_eq!(read(&a, "compare.csv"), read(&b, "compare.csv"));
        let _ = std::fs::remove_dir_all(b);
    }
    let _ = std::fs::remove_dir_all(a);
}

#[test]
fn tournament_patch_leaves_untouched_pairs_unchanged() {
    let a = tmp("tpatch");
    ok(&[
        "tournament",
        "--decks",
        decks_dir().to_str().unwrap(),
        "--patch",
        "Dust Raider:attack-1",
        "--patch",
        "Rifle Squad:health+1",
        "--games",
        "50",
        "--seed",
        "7",
        "--out",
        a.to_str().unwrap(),
    ]);
    let csv = read(&a, "compare.csv");
    // 45 pairs x 2 decks, then 10 deck rows.
    assert_eq!(csv.lines().count(), 1 + 90 + 10, "{csv}");
    let rush = csv
        .lines()
        .find(|l| l.starts_with("deck,all,rush,"))
        .unwrap();
    assert_eq!(
        rush,
        "deck,all,rush,1.0000,450,0.4822,0.2711,-0.2111,-0.2500,-0.1723,0.4822,0.2711,101,paired"
    );
    // A pair in which neither deck holds a changed card plays identical games.
    let sw = csv
        .lines()
        .find(|l| l.starts_with("matchup,strike-vs-wall_counter,strike,"))
        .unwrap();
    assert!(sw.contains(",0.0000,0.0000,0.0000,"), "{sw}");
    let _ = std::fs::remove_dir_all(a);
}

#[test]
fn compare_two_folders_of_the_same_job() {
    let w = tmp("cmp");
    let cards = patched_cards(&w);
    let (b, a, c) = (w.join("before"), w.join("after"), w.join("cmp"));
    let common = [
        "--deck", "rush", "--vs", "poison", "--vs", "swarm@3", "--games", "200", "--seed", "7",
    ];
    let mut args = vec!["run"];
    args.extend(common);
    args.extend(["--out", b.to_str().unwrap()]);
    ok(&args);
    let mut args = vec!["run", "--cards", cards.to_str().unwrap()];
    args.extend(common);
    args.extend(["--out", a.to_str().unwrap()]);
    ok(&args);
    let out = ok(&[
        "compare",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
        "--out",
        c.to_str().unwrap(),
    ]);
    assert!(out.contains("changed between the runs: card file"), "{out}");
    // The same point estimates as the paired --patch run above (same seeds), with the wider
    // unpaired intervals.
    assert_eq!(
        read(&c, "compare.csv"),
        format!(
            "{COMPARE_HEADER}\n\
             matchup,rush-vs-poison,rush,1.0000,200,0.4500,0.2800,-0.1700,-0.2631,-0.0769,0.4500,0.2800,,unpaired\n\
             matchup,rush-vs-poison,poison,1.0000,200,0.5500,0.7200,0.1700,0.0769,0.2631,0.5500,0.7200,,unpaired\n\
             matchup,rush-vs-swarm,rush,3.0000,200,0.4900,0.4650,-0.0250,-0.1231,0.0731,0.4900,0.4650,,unpaired\n\
             matchup,rush-vs-swarm,swarm,1.0000,200,0.5100,0.5350,0.0250,-0.0731,0.1231,0.5100,0.5350,,unpaired\n\
             deck,all,rush,1.0000,400,0.4800,0.4188,-0.0612,-0.1384,0.0159,0.4800,0.4188,,unpaired\n\
             deck,all,poison,1.0000,200,0.5500,0.7200,0.1700,0.0769,0.2631,0.5500,0.7200,,unpaired\n\
             deck,all,swarm,1.0000,200,0.5100,0.5350,0.0250,-0.0731,0.1231,0.5100,0.5350,,unpaired\n"
        )
    );
    // Folders of different jobs are refused, naming what differs.
    let x = w.join("other-seed");
    let mut args = vec!["run"];
    args.extend(&common[..common.len() - 1]);
    args.extend(["8", "--out", x.to_str().unwrap()]);
    ok(&args);
    let d = w.join("refused");
    expect_errors(
        &[
            "compare",
            b.to_str().unwrap(),
            x.to_str().unwrap(),
            "--out",
            d.to_str().unwrap(),
        ],
        &["are not outputs of the same job", "seed: 7 vs 8"],
    );
    expect_error(
        &[
            "compare",
            b.to_str().unwrap(),
            w.to_str().unwrap(),
            "--out",
            d.to_str().unwrap(),
        ],
        "manifest.json: cannot read (not a cardsim output folder?)",
    );
    expect_error(
        &[
            "compare",
            c.to_str().unwrap(),
            a.to_str().unwrap(),
            "--out",
            d.to_str().unwrap(),
        ],
        "a `compare` folder; compare reads folders of run, tournament or default",
    );
    assert!(!d.exists());
    let _ = std::fs::remove_dir_all(w);
}

#[test]
fn bad_patches_are_clear_errors() {
    let out = tmp("bad-patch");
    let o = out.to_str().unwrap();
    let run = |p: &str| -> Vec<String> {
        [
            "run", "--deck", "rush", "--vs", "poison", "--games", "20", "--out", o, "--patch", p,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let check = |p: &str, needle: &str| {
        let a = run(p);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        expect_error(&a, needle);
    };
    check(
        "Dust Raidr:attack-1",
        "unknown card `Dust Raidr` (did you mean Dust Raider?)",
    );
    check("Dust Raider:speed-1", "unknown field `speed`");
    check("Dust Raider:attack", "is not of the form field+N");
    check("Dust Raider", "give CARD:CHANGE");
    check("Dust Raider:", "no change after `:`");
    expect_error(
        &[
            "tournament",
            "--decks",
            decks_dir().to_str().unwrap(),
            "--games",
            "20",
            "--out",
            o,
            "--patch",
            "Nobody:health+1",
        ],
        "unknown card `Nobody`",
    );
    expect_error(
        &[
            "run",
            "--deck",
            "rush",
            "--vs",
            "poison",
            "--games",
            "20",
            "--out",
            o,
            "--patch",
            "Dust Raider:attack-1",
            "--duplicate",
        ],
        "--patch plays a fixed number of games",
    );
    assert!(!out.exists(), "output written despite the errors");
}
