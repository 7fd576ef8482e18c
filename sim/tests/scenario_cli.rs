//! `cardsim scenario` from the command line: a failing scenario exits non-zero and prints each
//! failed assertion with its expected and actual values; a malformed scenario (bad TOML, an
//! unknown key, an unknown card in an inline deck, a bad set-up key) gives a `file:line:`
//! error and a non-zero exit; never a panic. Fixtures live in `sim/tests/data/scenarios/`
//! (outside `scenarios/`, which the test command runs as the rules suite).

use std::path::PathBuf;
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scenarios")
        .join(name)
}

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn scenario(paths: &[PathBuf]) -> Run {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .arg("scenario")
        .args(paths)
        .output()
        .unwrap();
    let r = Run {
        code: o.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    };
    assert!(
        !r.err.contains("panicked") && !r.out.contains("panicked"),
        "cardsim panicked:\n{}\n{}",
        r.out,
        r.err
    );
    r
}

/// Runs one fixture that must fail, and checks that the output holds every needle.
fn expect_failure(name: &str, needles: &[&str]) -> Run {
    let p = fixture(name);
    let r = scenario(std::slice::from_ref(&p));
    assert_eq!(r.code, 2, "{name}: exit code\n{}\n{}", r.out, r.err);
    let path = p.display().to_string();
    for n in needles {
        let n = n.replace("{path}", &path);
        assert!(
            r.out.contains(&n),
            "{name}: output lacks `{n}`:\n{}\n{}",
            r.out,
            r.err
        );
    }
    assert!(
        r.out.contains("0 passed, 1 failed"),
        "{name}: summary line:\n{}",
        r.out
    );
    // The closing error line repeats the reason, with the file's name.
    assert!(
        r.err.contains("1 of 1 scenarios failed: ") && r.err.contains(&path),
        "{name}: stderr:\n{}",
        r.err
    );
    r
}

#[test]
fn passing_fixture_exits_zero() {
    let r = scenario(&[fixture("passing.toml")]);
    assert_eq!(r.code, 0, "{}\n{}", r.out, r.err);
    assert!(r.out.starts_with("ok "), "{}", r.out);
    assert!(r.out.contains("(5 checks)"), "{}", r.out);
    assert!(r.out.contains("1 passed, 0 failed"), "{}", r.out);
}

#[test]
fn failing_assertions_show_expected_and_actual() {
    let r = expect_failure(
        "failing.toml",
        &[
            "FAIL {path} (5 checks)",
            "{path}:23: expect (step 1 (line 20)): defender.assault.0.hp: expected 15, actual 16",
            "{path}:25: expect (step 1 (line 20)): no state key 'defender.nonexistent'",
            "{path}:27: log (step 1 (line 20)): the log does not show 'nothing like this happens'",
        ],
    );
    // The assertion that held is not reported; the event log of the failing scenario is.
    assert!(!r.out.contains("defender.assault.0.name"), "{}", r.out);
    assert!(
        r.out.contains(
            "    |   attacker Striker (slot 0, 10 hp) uses strike 3 on defender Plain 1/20"
        ),
        "{}",
        r.out
    );
}

#[test]
fn offered_and_not_offered_list_the_legal_actions() {
    expect_failure(
        "offered.toml",
        &[
            "FAIL {path} (4 checks)",
            "{path}:20: offered (step 1 (line 19)): 'play Nothing' is not offered (legal: play Striker; play Crate; play Crate)",
            "{path}:21: not_offered (step 1 (line 19)): 'play Crate' is offered (legal: play Striker; play Crate; play Crate)",
        ],
    );
}

#[test]
fn unused_forced_outcome_fails() {
    expect_failure(
        "unused_force.toml",
        &["{path}: forced outcomes not used as given: flurry=success"],
    );
}

#[test]
fn malformed_toml_names_file_and_line() {
    expect_failure("bad_toml.toml", &["ERROR {path}", "{path}:4: "]);
}

#[test]
fn unknown_key_names_file_and_line() {
    expect_failure(
        "unknown_key.toml",
        &["ERROR {path}", "{path}:19: ", "unknown field `expct`"],
    );
}

#[test]
fn unknown_card_in_inline_deck_names_file_and_line() {
    expect_failure(
        "unknown_card.toml",
        &["ERROR {path}", "{path}:9: ", "Strikr"],
    );
}

#[test]
fn bad_setup_key_names_file_and_line() {
    expect_failure(
        "bad_setup.toml",
        &[
            "ERROR {path}",
            "{path}:6: no assault in slot 3 (the row holds 1)",
        ],
    );
    expect_failure(
        "bad_step_set.toml",
        &["ERROR {path}", "{path}:18: unknown field 'mana'"],
    );
}

#[test]
fn a_folder_runs_every_file_and_counts_failures() {
    let r = scenario(&[fixture("")]);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    let n = std::fs::read_dir(fixture(""))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    let want = format!("1 passed, {} failed", n - 1);
    assert!(r.out.contains(&want), "wanted `{want}`:\n{}", r.out);
}

#[test]
fn missing_path_is_an_error() {
    let p = fixture("no_such_file.toml");
    let r = scenario(std::slice::from_ref(&p));
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    assert!(
        r.err
            .contains(&format!("{}: no such scenario file or folder", p.display())),
        "{}",
        r.err
    );
}

/// A folder walk that meets a symbolic-link loop stops with a message naming it (it used to
/// walk forever).
#[cfg(unix)]
#[test]
fn a_symbolic_link_loop_is_named() {
    let dir = std::env::temp_dir().join(format!("cardsim-scenario-loop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::copy(fixture("passing.toml"), dir.join("a/passing.toml")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("a/back")).unwrap();
    let r = scenario(std::slice::from_ref(&dir));
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err
            .contains("a/back: a symbolic-link loop (it leads back to "),
        "{}",
        r.err
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A deck `file` outside the scenario's folder is refused without reading it (an error
/// used to quote the foreign file's first line).
#[test]
fn files_outside_the_scenario_folder_are_refused() {
    let dir = std::env::temp_dir().join(format!("cardsim-scenario-outside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("s")).unwrap();
    std::fs::write(dir.join("secret.txt"), "top secret line\n").unwrap();
    let toml = "game = \"mission_alliance\"\ndescription = \"x\"\n[decks]\nseat0 = { file = \"../secret.txt\" }\nseat1 = { file = \"../secret.txt\" }\n";
    std::fs::write(dir.join("s/p.toml"), toml).unwrap();
    let r = scenario(&[dir.join("s/p.toml")]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.out
            .contains("p.toml:4: `../secret.txt` lies outside the scenario's folder"),
        "{}",
        r.out
    );
    assert!(!r.out.contains("top secret") && !r.err.contains("top secret"));
    let _ = std::fs::remove_dir_all(&dir);
}
