//! Sharded runs and resume, through the binary: for every command that plays games, 1, 2, 3
//! and 7 shards merged give the single-process CSV files byte for byte; every merge refusal;
//! `kill -9` at random points followed by `--resume` gives the same files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::Tmp;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_cardsim")
}

fn repo(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(p)
        .display()
        .to_string()
}

fn cardsim(args: &[String]) -> Output {
    Command::new(bin())
        .args(args)
        .output()
        .expect("cardsim runs")
}

fn ok(args: &[String]) -> String {
    let o = cardsim(args);
    assert!(
        o.status.success(),
        "cardsim {}\n{}",
        args.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(args: &[String]) -> String {
    let o = cardsim(args);
    assert!(
        !o.status.success(),
        "cardsim {} should fail",
        args.join(" ")
    );
    assert_eq!(o.status.code(), Some(2), "a clear error, not a crash");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn with(mut a: Vec<String>, extra: &[&str]) -> Vec<String> {
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

/// `run` of bruisers against flyers for `games` games.
fn run_args(games: &str) -> Vec<String> {
    let d = |n: &str| repo(&format!("data/tyrant/decks/{n}.txt"));
    strs(&[
        "run",
        "--deck",
        &d("bruisers"),
        "--vs",
        &d("flyers"),
        "--games",
        games,
    ])
}

/// Each command (its arguments without --out) and the CSV files it writes.
fn jobs() -> Vec<(&'static str, Vec<String>, &'static [&'static str])> {
    let d = |n: &str| repo(&format!("data/tyrant/decks/{n}.txt"));
    vec![
        (
            "run",
            run_args("15000"),
            &["summary.csv", "turns.csv", "cards.csv"],
        ),
        (
            "run-duplicate",
            with(run_args("15000"), &["--duplicate"]),
            &["summary.csv", "turns.csv", "cards.csv"],
        ),
        (
            "tournament",
            strs(&[
                "tournament",
                "--decks",
                &repo("data/tyrant/decks"),
                "--games",
                "700",
            ]),
            &[
                "summary.csv",
                "turns.csv",
                "cards.csv",
                "matrix.csv",
                "ranking.csv",
            ],
        ),
        (
            "impact",
            strs(&[
                "impact",
                "--deck",
                &d("bruisers"),
                "--vs",
                &d("flyers"),
                "--vs",
                &d("leech"),
                "--all-cards",
                "--remove",
                "--games",
                "4000",
            ]),
            &["impact.csv"],
        ),
        (
            "sweep",
            strs(&[
                "sweep",
                "--deck",
                &d("bruisers"),
                "--vs",
                &d("flyers"),
                "--sweep",
                "turn_limit=30,40,50",
                "--games",
                "5000",
            ]),
            &["sweep.csv"],
        ),
        (
            "ladder",
            strs(&[
                "ladder",
                "--game",
                "tyrant",
                "--deck",
                &d("bruisers"),
                "--deck",
                &d("flyers"),
                "--agent",
                "random",
                "--agent",
                "greedy",
                "--games",
                "100",
            ]),
            &["ladder.csv", "ratings.csv"],
        ),
        (
            "match",
            strs(&[
                "match",
                "--game",
                "mission_alliance",
                "--agent",
                "random",
                "--vs-agent",
                "random",
                "--matches",
                "500",
            ]),
            &["series.csv", "length.csv"],
        ),
        (
            // A co-operative game with teams and a score (achievement points).
            "run-alpha-omega",
            strs(&[
                "run",
                "--game",
                "alpha_omega",
                "--deck",
                &repo("data/alpha_omega/decks/heavenly_host.txt"),
                "--param",
                "players=1",
                "--games",
                "5000",
            ]),
            &["summary.csv", "turns.csv", "cards.csv", "teams.csv"],
        ),
    ]
}

fn same_files(a: &Path, b: &Path, files: &[&str], what: &str) {
    for f in files {
        let x = std::fs::read(a.join(f))
            .unwrap_or_else(|e| panic!("{what}: {f} in {}: {e}", a.display()));
        let y = std::fs::read(b.join(f))
            .unwrap_or_else(|e| panic!("{what}: {f} in {}: {e}", b.display()));
        assert!(
            x == y,
            "{what}: {f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

#[test]
fn shards_merge_to_the_single_process_outputs() {
    let t = Tmp::new("shards");
    for (name, args, files) in jobs() {
        let one = t.0.join(format!("{name}-one"));
        ok(&with(
            args.clone(),
            &["--quiet", "--out", one.to_str().unwrap()],
        ));
        for n in [1u32, 2, 3, 7] {
            let job = t.0.join(format!("{name}-{n}"));
            for k in 0..n {
                let out = ok(&with(
                    args.clone(),
                    &[
                        "--quiet",
                        "--out",
                        job.to_str().unwrap(),
                        "--shard",
                        &format!("{k}/{n}"),
                    ],
                ));
                assert!(out.contains(&format!("shard {k}/{n} finished")), "{out}");
            }
            let merged = t.0.join(format!("{name}-{n}-merged"));
            let out = ok(&strs(&[
                "merge",
                merged.to_str().unwrap(),
                job.to_str().unwrap(),
            ]));
            assert!(out.contains(&format!("merged {n} shards")), "{out}");
            same_files(&one, &merged, files, &format!("{name} in {n} shards"));
            if ["run", "run-alpha-omega", "tournament", "impact", "sweep"].contains(&name) {
                assert!(
                    merged.join("report.html").exists(),
                    "{name}: merge writes the report"
                );
            }
            let m = std::fs::read_to_string(merged.join("manifest.json")).unwrap();
            assert!(
                m.contains(&format!("\"merged_shards\": {n}")),
                "{name}: {m}"
            );
        }
    }
}

/// The default job, ablation included: its shards merged give the whole job's files byte for
/// byte (impact.csv too), and its manifest the same file digests and ablation settings.
#[test]
fn sharded_default_job_merges_to_the_whole_job_with_its_ablation() {
    let t = Tmp::new("shards-default");
    let args = strs(&[
        "default",
        "--games",
        "60",
        "--ablation-games",
        "20",
        "--quiet",
    ]);
    let files = ["summary.csv", "turns.csv", "cards.csv", "impact.csv"];
    let one = t.0.join("one");
    ok(&with(args.clone(), &["--out", one.to_str().unwrap()]));
    let manifest = |dir: &Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap()
    };
    let whole = manifest(&one);
    for n in [1u32, 3, 7] {
        let job = t.0.join(format!("sharded-{n}"));
        let mut games = Vec::new();
        for k in 0..n {
            let out = ok(&with(
                args.clone(),
                &[
                    "--out",
                    job.to_str().unwrap(),
                    "--shard",
                    &format!("{k}/{n}"),
                ],
            ));
            assert!(out.contains(&format!("shard {k}/{n} finished")), "{out}");
            assert!(
                !out.contains("ablation:"),
                "a shard writes no results: {out}"
            );
            let played = out
                .split("finished: ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap();
            games.push(played.parse::<u64>().unwrap());
        }
        let merged = t.0.join(format!("merged-{n}"));
        let out = ok(&strs(&[
            "merge",
            merged.to_str().unwrap(),
            job.to_str().unwrap(),
        ]));
        assert!(out.contains(&format!("merged {n} shards")), "{out}");
        assert!(out.contains("ablation: every card of every deck removed in turn, 20 paired games per opponent and card: 13320 games"), "{out}");
        same_files(&one, &merged, &files, &format!("default in {n} shards"));
        let m = manifest(&merged);
        assert_eq!(m["files"], whole["files"], "{n} shards");
        assert_eq!(m["files"]["impact.csv"], whole["files"]["impact.csv"]);
        for key in [
            "change",
            "agent",
            "games_per_opponent",
            "seed",
            "games",
            "pairing",
        ] {
            assert_eq!(m["ablation"][key], whole["ablation"][key], "{key}");
        }
        assert_eq!(m["distribution"]["merged_shards"], n);
        assert!(merged.join("report.html").exists());
        // Every game index once: 45 pairs x 60 in the round robin, 10 decks x 9 opponents x 20
        // in the ablation (its changed arms replay the same indices).
        assert_eq!(games.iter().sum::<u64>(), 2700 + 1800, "{n} shards");
        // Small plans are cut into 64 chunks (the ablation's 10 plans of 180 games into
        // chunks of 3, the round robin's 2,700 games into chunks of 43), which spread over
        // the shards evenly, and each plan's chunks continue the turn of the shards.
        if n == 3 {
            assert_eq!(games, [1500, 1500, 1500], "per shard");
        }
    }
}

/// Edit a copy of the bruisers deck (one Bonecrusher fewer).
fn edit_deck(deck: &Path) {
    let text = std::fs::read_to_string(deck).unwrap();
    std::fs::write(deck, text.replace("2x Bonecrusher", "Bonecrusher")).unwrap();
}

/// A three-shard run job, its shards done, in `t`; returns (job folder, its shard folders).
fn sharded(t: &Tmp, tag: &str, seed: &str) -> (PathBuf, Vec<PathBuf>) {
    let job = t.0.join(tag);
    let (_, args, _) = jobs().swap_remove(0);
    for k in 0..3 {
        ok(&with(
            args.clone(),
            &[
                "--quiet",
                "--seed",
                seed,
                "--out",
                job.to_str().unwrap(),
                "--shard",
                &format!("{k}/3"),
            ],
        ));
    }
    let dirs = (0..3)
        .map(|k| job.join(format!("shard-000{k}-of-0003")))
        .collect();
    (job, dirs)
}

#[test]
fn merge_refuses_what_would_not_be_exact() {
    let t = Tmp::new("shard-refusals");
    let (job, d) = sharded(&t, "a", "1");
    let (_, other) = sharded(&t, "b", "2");
    let out = t.0.join("merged");
    let o = out.to_str().unwrap();
    let p = |x: &PathBuf| x.to_str().unwrap().to_string();
    // A missing shard is named.
    let e = err(&strs(&["merge", o, &p(&d[0]), &p(&d[2])]));
    assert!(e.contains("1 of 3 shards missing: 1/3"), "{e}");
    // A duplicate.
    let e = err(&strs(&[
        "merge",
        o,
        &p(&d[0]),
        &p(&d[1]),
        &p(&d[1]),
        &p(&d[2]),
    ]));
    assert!(e.contains("shard 1/3 is given twice"), "{e}");
    // Shards of another job (another seed).
    let e = err(&strs(&["merge", o, &p(&d[0]), &p(&other[1]), &p(&d[2])]));
    assert!(
        e.contains("are shards of different jobs: the commands differ"),
        "{e}"
    );
    // A truncated partial.
    let part = d[1].join("partial.json");
    let bytes = std::fs::read(&part).unwrap();
    std::fs::write(&part, &bytes[..bytes.len() / 2]).unwrap();
    let e = err(&strs(&["merge", o, &p(&job)]));
    assert!(
        e.contains("partial.json does not match the digest in shard.json (truncated or corrupt)"),
        "{e}"
    );
    std::fs::write(&part, &bytes).unwrap();
    // A corrupt or foreign manifest.
    let man = d[2].join("shard.json");
    let text = std::fs::read_to_string(&man).unwrap();
    std::fs::write(&man, "{\"kind\": \"something else\"}").unwrap();
    let e = err(&strs(&["merge", o, &p(&job)]));
    assert!(
        e.contains("not a cardsim shard manifest (corrupt or foreign)"),
        "{e}"
    );
    std::fs::write(&man, &text).unwrap();
    // A shard still running (or killed): its journal but no shard.json.
    std::fs::remove_file(&man).unwrap();
    std::fs::write(d[2].join("journal-0.jsonl"), "x").unwrap();
    let e = err(&strs(&["merge", o, &p(&job)]));
    assert!(e.contains("this shard has not finished"), "{e}");
    std::fs::remove_file(d[2].join("journal-0.jsonl")).unwrap();
    std::fs::write(&man, &text).unwrap();
    // Inputs changed since the shards ran.
    let deck = t.0.join("deck.txt");
    std::fs::copy(repo("data/tyrant/decks/bruisers.txt"), &deck).unwrap();
    let (_, args, _) = jobs().swap_remove(0);
    let args: Vec<String> = args
        .into_iter()
        .map(|a| {
            if a.ends_with("bruisers.txt") {
                p(&deck)
            } else {
                a
            }
        })
        .collect();
    let job2 = t.0.join("c");
    for k in 0..2 {
        ok(&with(
            args.clone(),
            &["--quiet", "--out", &p(&job2), "--shard", &format!("{k}/2")],
        ));
    }
    edit_deck(&deck);
    let e = err(&strs(&["merge", o, &p(&job2)]));
    assert!(e.contains(&format!("the file {} differs", p(&deck))), "{e}");
    // Nothing was written by any refused merge; the good set merges.
    assert!(!out.exists());
    ok(&strs(&["merge", o, &p(&job)]));
    assert!(out.join("summary.csv").exists());
    // Sequential stopping cannot be sharded.
    let (_, args, _) = jobs().swap_remove(0);
    let e = err(&with(
        args,
        &["--out", o, "--shard", "0/2", "--sprt", "0.5,0.55"],
    ));
    assert!(e.contains("cannot be sharded"), "{e}");
    // Bad shard options.
    let (_, args, _) = jobs().swap_remove(0);
    for (s, msg) in [
        ("3/3", "shard 3 does not exist in 3 shards"),
        ("1", "give K/N"),
        ("0/0", "the shard count must be from 1"),
        ("a/2", "`a` is not a whole number"),
    ] {
        let e = err(&with(args.clone(), &["--out", o, "--shard", s]));
        assert!(e.contains(msg), "--shard {s}: {e}");
    }
}

#[test]
fn shard_auto_reads_the_scheduler_environment() {
    let t = Tmp::new("shard-auto");
    let (_, args, _) = jobs().swap_remove(0);
    let out = t.0.join("job");
    let run = |env: &[(&str, &str)]| {
        let mut c = Command::new(bin());
        c.args(with(
            args.clone(),
            &["--quiet", "--out", out.to_str().unwrap(), "--shard", "auto"],
        ));
        for k in [
            "SLURM_ARRAY_TASK_ID",
            "SLURM_ARRAY_TASK_MIN",
            "SLURM_ARRAY_TASK_MAX",
            "SLURM_ARRAY_TASK_COUNT",
            "JOB_COMPLETION_INDEX",
            "CARDSIM_SHARD_COUNT",
        ] {
            c.env_remove(k);
        }
        for (k, v) in env {
            c.env(k, v);
        }
        c.output().unwrap()
    };
    let slurm = |id: &'static str, min: &'static str, max: &'static str, n: &'static str| {
        vec![
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_MIN", min),
            ("SLURM_ARRAY_TASK_MAX", max),
            ("SLURM_ARRAY_TASK_COUNT", n),
        ]
    };
    let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (slurm("5", "4", "6", "3"), "shard 1/3 finished"),
        (
            vec![("JOB_COMPLETION_INDEX", "2"), ("CARDSIM_SHARD_COUNT", "4")],
            "shard 2/4 finished",
        ),
        (
            vec![("JOB_COMPLETION_INDEX", "2")],
            "the shard count is unknown",
        ),
        (vec![], "no shard index in the environment"),
        (slurm("4", "0", "8", "3"), "not consecutive"),
    ];
    for (env, needle) in cases {
        let o = run(&env);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(text.contains(needle), "{env:?}: {text}");
    }
}

#[test]
fn kill_and_resume_give_the_same_files() {
    let t = Tmp::new("resume");
    let args = with(run_args("400000"), &["--quiet", "--threads", "2"]);
    let one = t.0.join("one");
    ok(&with(args.clone(), &["--out", one.to_str().unwrap()]));
    let files = ["summary.csv", "turns.csv", "cards.csv"];
    // Kill at several points (fixed delays: spread over the run, not random, so the test
    // itself is reproducible), resume, and compare; a kill may land before the first chunk or
    // after the last, and a resume may itself be killed.
    for (i, ms) in [30u64, 150, 400, 700].iter().enumerate() {
        let out = t.0.join(format!("k{i}"));
        let o = out.to_str().unwrap();
        let mut child = Command::new(bin())
            .args(with(args.clone(), &["--out", o]))
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(*ms));
        let _ = child.kill();
        let _ = child.wait();
        // A second kill during the resume.
        let mut child = Command::new(bin())
            .args(with(args.clone(), &["--out", o, "--resume"]))
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(*ms / 2));
        let _ = child.kill();
        let _ = child.wait();
        ok(&with(args.clone(), &["--out", o, "--resume"]));
        same_files(&one, &out, &files, &format!("killed after {ms} ms"));
        assert!(
            !out.join("journal-0.jsonl").exists(),
            "the journal goes once the outputs are written"
        );
    }
    // A journal of another job is refused, not folded in.
    let out = t.0.join("k0");
    std::fs::write(
        out.join("journal-0.jsonl"),
        std::fs::read_to_string(t.0.join("k0").join("summary.csv")).unwrap(),
    )
    .unwrap();
    let e = err(&with(args.clone(), &["--out", out.to_str().unwrap()]));
    assert!(e.contains("holds the journal of an unfinished run"), "{e}");
}

/// Wait until `child`, running into `out`, has journaled `lines` lines (header included); a
/// run that ends first fails the test (no clock: a slow machine only waits longer).
fn wait_for_journal(child: &mut std::process::Child, out: &Path, lines: usize) {
    let journal = out.join("journal-0.jsonl");
    while std::fs::read_to_string(&journal).map_or(0, |s| s.lines().count()) < lines {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the run ended ({status}) before journaling {lines} lines");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
fn ctrl_c_stops_cleanly_and_says_how_to_resume() {
    let t = Tmp::new("ctrlc");
    let args = with(run_args("600000"), &["--quiet"]);
    let out = t.0.join("run");
    let o = out.to_str().unwrap();
    let mut child = Command::new(bin())
        .args(with(args.clone(), &["--out", o]))
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first journal lines, then interrupt as a terminal's Ctrl-C does.
    wait_for_journal(&mut child, &out, 3);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(130), "{err}");
    assert!(
        err.contains("stopping after the games in progress"),
        "{err}"
    );
    assert!(
        err.contains("chunks are saved in") && err.contains("run the same command with --resume"),
        "{err}"
    );
    assert!(
        !out.join("summary.csv").exists(),
        "an interrupted run writes no outputs"
    );
    ok(&with(args.clone(), &["--out", o, "--resume"]));
    let one = t.0.join("one");
    ok(&with(args, &["--out", one.to_str().unwrap()]));
    same_files(
        &one,
        &out,
        &["summary.csv", "turns.csv", "cards.csv"],
        "after Ctrl-C",
    );
}

#[test]
fn a_sequential_run_resumes_to_the_same_stop() {
    let t = Tmp::new("resume-sprt");
    // A budget large enough that the killed run has not stopped yet; --until-halfwidth stops
    // at a fixed look whatever the results, so the test's length is known.
    let args = with(
        run_args("2000000"),
        &["--quiet", "--until-halfwidth", "0.0012", "--look", "2000"],
    );
    let one = t.0.join("one");
    ok(&with(args.clone(), &["--out", one.to_str().unwrap()]));
    let out = t.0.join("killed");
    let o = out.to_str().unwrap();
    let mut child = Command::new(bin())
        .args(with(args.clone(), &["--out", o]))
        .spawn()
        .unwrap();
    wait_for_journal(&mut child, &out, 20);
    let _ = child.kill();
    let _ = child.wait();
    ok(&with(args, &["--out", o, "--resume"]));
    same_files(
        &one,
        &out,
        &["summary.csv", "turns.csv", "cards.csv"],
        "sequential resume",
    );
    let m = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(m.contains("\"resumed_looks\""), "{m}");
}

#[test]
fn manifests_name_their_files_and_inputs() {
    let t = Tmp::new("digests");
    let deck = t.0.join("mine.txt");
    std::fs::copy(repo("data/tyrant/decks/bruisers.txt"), &deck).unwrap();
    let args = strs(&[
        "run",
        "--deck",
        deck.to_str().unwrap(),
        "--vs",
        &repo("data/tyrant/decks/flyers.txt"),
        "--games",
        "3000",
        "--quiet",
    ]);
    let (a, b) = (t.0.join("a"), t.0.join("b"));
    ok(&with(args.clone(), &["--out", a.to_str().unwrap()]));
    ok(&with(args, &["--out", b.to_str().unwrap(), "--seed", "9"]));
    // A folder mixing two runs' files is refused by report, naming the file.
    std::fs::copy(b.join("summary.csv"), a.join("summary.csv")).unwrap();
    let e = err(&strs(&["report", a.to_str().unwrap()]));
    assert!(
        e.contains("summary.csv: not the file manifest.json was written with"),
        "{e}"
    );
    ok(&strs(&["report", b.to_str().unwrap()]));
    // A deck edited since the run: replay refuses to show another game.
    edit_deck(&deck);
    let e = err(&strs(&["replay", b.to_str().unwrap(), "--index", "3"]));
    assert!(e.contains("mine.txt: changed since the run"), "{e}");
}
