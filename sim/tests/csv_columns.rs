//! Every CSV file of every command follows one naming pattern (docs/outputs.md): the 95%
//! interval of a column `X` is `X_ci_low`, `X_ci_high`, right after `X`; the effective games of
//! `X` are `X_effective_games`; every rate (a column whose name says `rate`, with its
//! interval) is a fraction in [0, 1]. Each command runs once with tiny game counts.

mod common;

use common::{cardsim, Tmp};
use std::path::Path;

/// Check one CSV file's header and rate cells; returns the problems found.
fn check_csv(path: &Path) -> Vec<String> {
    let name = path.display().to_string();
    let mut rd = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = rd.headers().unwrap().iter().map(String::from).collect();
    let mut bad = Vec::new();
    for (i, c) in header.iter().enumerate() {
        if !c
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
        {
            bad.push(format!("{name}: column `{c}` is not lower_snake_case"));
        }
        if let Some(x) = c.strip_suffix("_ci_low") {
            let before = i.checked_sub(1).map(|j| header[j].as_str());
            let after = header.get(i + 1).map(String::as_str);
            if before != Some(x) || after != Some(&format!("{x}_ci_high")) {
                bad.push(format!(
                    "{name}: `{c}` must follow `{x}` and precede `{x}_ci_high`"
                ));
            }
        } else if let Some(x) = c.strip_suffix("_ci_high") {
            if i == 0 || header[i - 1] != format!("{x}_ci_low") {
                bad.push(format!("{name}: `{c}` must follow `{x}_ci_low`"));
            }
        } else if ["_low", "_high", "_lo", "_hi", "_lower", "_upper"]
            .iter()
            .any(|s| c.ends_with(s))
            || c.starts_with("ci_")
        {
            bad.push(format!(
                "{name}: `{c}` looks like an interval bound: name it X_ci_low / X_ci_high"
            ));
        }
        if let Some(x) = c.strip_suffix("_effective_games") {
            if !header.iter().any(|h| h == x) {
                bad.push(format!("{name}: `{c}` without a column `{x}`"));
            }
        }
    }
    // Rates are fractions: every filled cell of a rate column (and its bounds) is in [0, 1].
    let rate_cols: Vec<usize> = header
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let base = c.trim_end_matches("_ci_low").trim_end_matches("_ci_high");
            !base.ends_with("_games")
                && (base.ends_with("_rate")
                    || base.starts_with("win_rate")
                    || base.contains("_rate_"))
        })
        .map(|(i, _)| i)
        .collect();
    for (line, rec) in rd.records().enumerate() {
        let rec = rec.unwrap();
        for &i in &rate_cols {
            let cell = rec.get(i).unwrap_or("");
            if cell.is_empty() {
                continue;
            }
            match cell.parse::<f64>() {
                Ok(v) if (0.0..=1.0).contains(&v) => {}
                _ => bad.push(format!(
                    "{name}:{}: rate column `{}` holds `{cell}`, not a fraction in [0, 1]",
                    line + 2,
                    header[i]
                )),
            }
        }
    }
    bad
}

/// Run `args` (which write into `dir`) and check every CSV written there.
fn check_command(args: &[&str], dir: &Path, seen: &mut Vec<String>) -> Vec<String> {
    let (code, out, err) = cardsim(args);
    assert_eq!(code, 0, "{args:?}\n{out}\n{err}");
    let mut bad = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "{args:?} wrote no CSV into {}",
        dir.display()
    );
    for f in files {
        seen.push(f.file_name().unwrap().to_string_lossy().into_owned());
        bad.extend(check_csv(&f));
    }
    bad
}

#[test]
fn every_command_writes_the_one_column_pattern() {
    let tmp = Tmp::new("csv-columns");
    let d = |n: &str| tmp.0.join(n);
    let s = |p: std::path::PathBuf| p.display().to_string();
    let jobs: Vec<(std::path::PathBuf, Vec<String>)> = vec![
        (
            d("run"),
            vec![
                "run", "--deck", "rush", "--vs", "poison", "--games", "200", "--sprt", "0.5,0.55",
            ],
        ),
        (
            d("dup"),
            vec![
                "run",
                "--deck",
                "rush",
                "--vs",
                "poison",
                "--games",
                "200",
                "--duplicate",
            ],
        ),
        (
            d("gauntlet"),
            vec![
                "run", "--deck", "rush", "--vs", "poison", "--vs", "swarm@2", "--games", "20",
            ],
        ),
        (
            d("patch"),
            vec![
                "run",
                "--deck",
                "rush",
                "--vs",
                "poison",
                "--patch",
                "Dust Raider:attack-1",
                "--games",
                "20",
            ],
        ),
        (
            d("teams"),
            vec![
                "run",
                "--game",
                "allegiance",
                "--param",
                "players=4",
                "--param",
                "format=team",
                "--deck",
                "thedric",
                "--vs",
                "beledan",
                "--vs",
                "hakor",
                "--vs",
                "desoth",
                "--games",
                "8",
            ],
        ),
        (
            d("score"),
            vec![
                "run",
                "--game",
                "alpha_omega",
                "--deck",
                "heavenly_host",
                "--vs",
                "faithful",
                "--games",
                "20",
            ],
        ),
        (
            d("tournament"),
            vec![
                "tournament",
                "--decks",
                "data/tyrant/decks",
                "--games",
                "20",
            ],
        ),
        (
            d("impact"),
            vec![
                "impact",
                "--deck",
                "rush",
                "--vs",
                "poison",
                "--card",
                "Dust Raider",
                "--remove",
                "--games",
                "40",
            ],
        ),
        (
            d("sweep"),
            vec![
                "sweep",
                "--deck",
                "rush",
                "--vs",
                "poison",
                "--sweep",
                "turn_limit=10,50",
                "--games",
                "40",
            ],
        ),
        (
            d("ladder"),
            vec![
                "ladder", "--agent", "random", "--agent", "greedy", "--games", "4",
            ],
        ),
        (
            d("match"),
            vec![
                "match",
                "--game",
                "allegiance",
                "--agent",
                "random",
                "--vs-agent",
                "random",
                "--matches",
                "10",
            ],
        ),
        (
            d("optimize"),
            vec![
                "optimize",
                "--deck",
                "rush",
                "--vs",
                "poison",
                "--budget",
                "300",
                "--final-games",
                "100",
                "--max-pairs",
                "32",
                "--look",
                "16",
            ],
        ),
    ]
    .into_iter()
    .map(|(dir, a)| {
        let mut a: Vec<String> = a.into_iter().map(String::from).collect();
        a.extend([
            "--seed".into(),
            "3".into(),
            "--quiet".into(),
            "--out".into(),
            s(dir.clone()),
        ]);
        (dir, a)
    })
    .collect();
    let mut bad = Vec::new();
    let mut seen = Vec::new();
    for (dir, args) in &jobs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        bad.extend(check_command(&args, dir, &mut seen));
    }
    seen.sort();
    seen.dedup();
    // Every CSV file a command writes was checked.
    for f in [
        "cards.csv",
        "impact.csv",
        "ladder.csv",
        "length.csv",
        "matrix.csv",
        "optimize.csv",
        "ranking.csv",
        "ratings.csv",
        "series.csv",
        "summary.csv",
        "sweep.csv",
        "teams.csv",
        "trajectory.csv",
        "turns.csv",
    ] {
        assert!(
            seen.iter().any(|x| x == f),
            "{f} not checked; seen {seen:?}"
        );
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_committed_reports_follow_the_pattern() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports");
    let mut stack = vec![root];
    let mut bad = Vec::new();
    let mut n = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "csv") {
                n += 1;
                bad.extend(check_csv(&p));
            }
        }
    }
    assert!(n > 50, "only {n} CSV files under reports/");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
