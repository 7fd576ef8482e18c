//! The bad-input corpus (issue 23): the `cardsim` binary on ~150 malformed card files, decks,
//! options, scenarios and output folders over every game and command. Each case must exit
//! with code 2, name the file and line at fault and the problem, never panic, and leave its
//! folder exactly as it was (no output, no staging leftovers). A few controls (a byte-order
//! mark, CRLF line endings) must be accepted.

#[path = "bad_input/cases.rs"]
mod bad_input_cases;
#[path = "bad_input/extra.rs"]
mod bad_input_extra;
#[path = "bad_input/more.rs"]
mod bad_input_more;
use bad_input_cases::{all_cases, Case};

use std::path::{Path, PathBuf};

/// The repository's top folder.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file under `dir`, as paths relative to it, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() && !p.is_symlink() {
                stack.push(p.clone());
            }
            out.push(p.strip_prefix(dir).unwrap().display().to_string());
        }
    }
    out.sort();
    out
}

/// Runs one case in its own folder `dir`; `Err` says what went wrong.
fn check(case: &Case, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).unwrap();
    for (name, bytes) in &case.files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    for (name, target) in &case.links {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(target, p).unwrap();
        #[cfg(not(unix))]
        let _ = target;
    }
    let before = listing(dir);
    let t = dir.display().to_string();
    let r = repo().display().to_string();
    let sub = |s: &str| s.replace("{t}", &t).replace("{r}", &r).replace('~', " ");
    let args: Vec<String> = case.args.split_whitespace().map(sub).collect();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(&args)
        .current_dir(dir)
        .env("CARDSIM_NO_PROGRESS", "1")
        .output()
        .unwrap();
    let code = o.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let what = format!("exit {code}, stderr:\n{stderr}");
    if std::env::var_os("BAD_INPUT_SHOW").is_some() {
        // For reviewing the messages: `BAD_INPUT_SHOW=1 cargo test --test bad_input -- --nocapture`.
        println!(
            "{} => {code} {}",
            case.name,
            stderr.trim_end().replace('\n', " / ")
        );
    }
    if stderr.contains("panicked") {
        return Err(format!("panicked: {what}"));
    }
    // A huge input never comes back whole (the 1 MB names and cells of the corpus).
    if stderr.len() > 4096 {
        return Err(format!(
            "{} bytes of stderr: {}",
            stderr.len(),
            what.chars().take(300).collect::<String>()
        ));
    }
    if case.accept {
        return if code == 0 {
            Ok(())
        } else {
            Err(format!("should be accepted: {what}"))
        };
    }
    if code != 2 {
        return Err(format!("wrong exit code: {what}"));
    }
    for f in &case.expect {
        if !stderr.contains(&sub(f)) {
            return Err(format!("stderr lacks `{f}`: {what}"));
        }
    }
    let after = listing(dir);
    if after != before {
        return Err(format!("folder changed: {before:?} -> {after:?}"));
    }
    Ok(())
}

/// The command of a case (its first argument that is not a global option) and its game.
fn command_and_game(c: &Case) -> (String, String) {
    let args: Vec<&str> = c.args.split_whitespace().collect();
    let cmd = if args[0] == "--data" {
        args[2]
    } else {
        args[0]
    };
    let games = [
        "tyrant",
        "allegiance",
        "mission_alliance",
        "battalla",
        "alpha_omega",
    ];
    let game = games
        .iter()
        .find(|g| c.name.starts_with(*g))
        .map(|g| g.to_string())
        .or_else(|| {
            let i = args.iter().position(|a| *a == "--game")?;
            Some(args[i + 1].to_string())
        })
        .filter(|g| games.contains(&g.as_str()));
    // Commands without --game play the default game, Tyrant (match: Allegiance).
    let default = match cmd {
        "match" => "allegiance",
        "agents" | "params" | "completions" | "merge" | "replay" | "report" | "scenario" => "none",
        _ => "tyrant",
    };
    (cmd.to_string(), game.unwrap_or_else(|| default.to_string()))
}

/// Cases per command and per game (printed with `BAD_INPUT_SHOW=1`).
fn counts(cases: &[Case]) -> String {
    let mut by_cmd = std::collections::BTreeMap::new();
    let mut by_game = std::collections::BTreeMap::new();
    for c in cases {
        let (cmd, game) = command_and_game(c);
        *by_cmd.entry(cmd).or_insert(0) += 1;
        *by_game.entry(game).or_insert(0) += 1;
    }
    format!(
        "{} cases; per command {by_cmd:?}; per game {by_game:?}",
        cases.len()
    )
}

#[test]
fn bad_input_corpus() {
    let cases = all_cases(&repo());
    assert!(cases.len() >= 150, "{} cases", cases.len());
    if std::env::var_os("BAD_INPUT_SHOW").is_some() {
        println!("{}", counts(&cases));
    }
    let root = std::env::temp_dir().join(format!("cardsim-bad-input-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(c) = cases.get(i) else { break };
                if let Err(e) = check(c, &root.join(format!("{i:03}"))) {
                    failures
                        .lock()
                        .unwrap()
                        .push(format!("case {i} `{}`: cardsim {}\n  {e}", c.name, c.args));
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&root);
    let mut f = failures.into_inner().unwrap();
    f.sort();
    assert!(
        f.is_empty(),
        "{} of {} cases failed:\n{}",
        f.len(),
        cases.len(),
        f.join("\n")
    );
}
