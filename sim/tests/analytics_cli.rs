//! The analytics commands through the binary: every bad option is a clear error that writes
//! nothing, and every command writes its files with the documented header.

use std::path::{Path, PathBuf};

fn test_data(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/impact")
        .join(p)
}

fn tyrant_deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/tyrant/decks/{name}.txt"))
}

fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-an-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn allegiance_deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/allegiance/decks/{name}.txt"))
}

fn cardsim(args: &[&str]) -> (i32, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn expect_error(args: &[&str], out: &Path, needle: &str) {
    let mut a = args.to_vec();
    a.extend(["--out", out.to_str().unwrap(), "--quiet"]);
    let (code, _, err) = cardsim(&a);
    assert_ne!(code, 0, "expected failure for {a:?}");
    assert!(!err.contains("panicked"), "panic: {err}");
    assert!(err.contains(needle), "`{needle}` not in error: {err}");
    assert!(!out.exists(), "output written despite the error");
}

#[test]
fn bad_analytics_options() {
    let out = tmp("cli-out");
    let cards = test_data("cards.csv");
    let (c, a, b) = (
        cards.to_str().unwrap(),
        test_data("alpha.txt"),
        test_data("beta.txt"),
    );
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    fn imp<'a>(c: &'a str, a: &'a str, b: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
        let mut v = vec![
            "impact", "--cards", c, "--deck", a, "--vs", b, "--games", "50",
        ];
        v.extend_from_slice(extra);
        v
    }
    let imp = |extra: &[&'static str]| imp(c, a, b, extra);
    expect_error(
        &imp(&["--card", "Grunts", "--remove"]),
        &out,
        "tyrant: unknown card `Grunts` (did you mean Grunt",
    );
    expect_error(
        &imp(&["--card", "Grunt", "--replace-with", "Gruntt"]),
        &out,
        "unknown card `Gruntt`",
    );
    expect_error(
        &imp(&["--card", "Grunt", "--nerf", "attack-9"]),
        &out,
        "card `Grunt`: attack-9 makes its attack -7, outside 0..=99",
    );
    expect_error(&imp(&["--card", "Grunt"]), &out, "say what to change");
    expect_error(
        &imp(&["--all-cards"]),
        &out,
        "--all-cards needs exactly one of",
    );
    expect_error(
        &imp(&["--card", "Brute", "--replace-with", "Boss"]),
        &out,
        "cannot be replaced by the commander `Boss`",
    );
    expect_error(
        &imp(&["--card", "Grunt", "--remove", "--sprt", "0.5,0.5"]),
        &out,
        "SPRT hypotheses must be two different win rates",
    );
    expect_error(
        &imp(&["--card", "Grunt", "--remove", "--sprt", "0.5"]),
        &out,
        "--sprt `0.5`: give two win rates",
    );
    expect_error(
        &imp(&[
            "--card", "Grunt", "--remove", "--sprt", "0.5,0.55", "--alpha", "0.7",
        ]),
        &out,
        "SPRT error rates must be between 0 and 0.5",
    );
    expect_error(
        &imp(&["--card", "Grunt", "--remove", "--until-halfwidth", "0"]),
        &out,
        "--until-halfwidth must be above 0",
    );
    // Allegiance: every card skipped is an error that lists why; an explicit ability
    // replacement is refused.
    let ad = |n: &str| allegiance_deck(n).to_str().unwrap().to_string();
    let (beledan, desoth) = (ad("beledan"), ad("desoth"));
    let alleg = |extra: &[&str]| {
        let mut v: Vec<String> = [
            "impact",
            "--game",
            "allegiance",
            "--deck",
            &beledan,
            "--vs",
            &desoth,
            "--games",
            "5",
        ]
        .iter()
        .map(|x| x.to_string())
        .collect();
        v.extend(extra.iter().map(|x| x.to_string()));
        v
    };
    let args = alleg(&["--all-cards", "--replace-with", "Pikeman"]);
    expect_error(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &out,
        "nothing to measure: allegiance cannot ablate any card of `beledan` that way:\n  Equip (replace-with:Pikeman): `Beledan Kind/Equip` is a hero ability",
    );
    let args = alleg(&["--card", "Smite", "--replace-with", "Judgment"]);
    expect_error(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &out,
        "`Beledan Kind/Smite` is a hero ability: it can be removed from the loadout (--remove) or changed (nerf/buff), not replaced",
    );
    let missing = tmp("no-such-dir");
    expect_error(
        &["tournament", "--decks", missing.to_str().unwrap()],
        &out,
        "cannot list the decks in",
    );
    let dd = tyrant_deck("rush");
    let dir = dd.parent().unwrap().to_str().unwrap();
    expect_error(
        &["tournament", "--decks", dir, "--games", "0"],
        &out,
        "--games",
    );
    expect_error(
        &["sweep", "--decks", dir, "--sweep", "turn_limit=100..10:10"],
        &out,
        "a range needs start <= end",
    );
    expect_error(
        &["sweep", "--decks", dir, "--sweep", "turn_limit=0..20:10"],
        &out,
        "rule parameter `turn_limit`: `0` is not a whole number from 1 to 1000",
    );
    expect_error(
        &["sweep", "--decks", dir, "--sweep", "speed=1..3"],
        &out,
        "unknown rule parameter `speed`",
    );
    expect_error(
        &[
            "sweep",
            "--decks",
            dir,
            "--sweep",
            "at_limit=defender,attacker",
        ],
        &out,
        "`attacker` is not one of defender, draw",
    );
    expect_error(
        &[
            "sweep",
            "--decks",
            dir,
            "--sweep",
            "turn_limit=10,20",
            "--param",
            "turn_limit=5",
        ],
        &out,
        "both swept",
    );
    // A parameter that changes the number of seats is refused before any game.
    let host = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../data/alpha_omega/decks/heavenly_host.txt");
    expect_error(
        &[
            "sweep",
            "--game",
            "alpha_omega",
            "--deck",
            host.to_str().unwrap(),
            "--sweep",
            "players=1..2",
        ],
        &out,
        "`players` changes the number of seats (1 at players=1, 2 at players=2)",
    );
}

/// Runs a command writing into `out` and checks it succeeded and that `file` starts with
/// `header`; returns stdout.
fn expect_ok(args: &[&str], out: &Path, file: &str, header: &str) -> String {
    let mut a = args.to_vec();
    a.extend(["--out", out.to_str().unwrap()]);
    let (code, stdout, err) = cardsim(&a);
    assert_eq!(code, 0, "{err}");
    assert!(out.join("manifest.json").is_file());
    let text = std::fs::read_to_string(out.join(file)).unwrap();
    assert!(text.starts_with(header), "{file}: {text}");
    stdout
}

#[test]
fn analytics_commands_write_their_files() {
    let base = tmp("cli-ok");
    let dd = tyrant_deck("rush");
    let dir = dd.parent().unwrap().to_str().unwrap();
    let (rush, poison) = (dd.to_str().unwrap(), tyrant_deck("poison"));
    let poison = poison.to_str().unwrap();
    let t = base.join("t");
    let stdout = expect_ok(
        &[
            "tournament",
            "--decks",
            dir,
            "--games",
            "200",
            "--sprt",
            "0.5,0.6",
            "--look",
            "20",
        ],
        &t,
        "matrix.csv",
        "row_deck,col_deck,games,row_wins,col_wins,draws,win_rate,win_rate_ci_low,win_rate_ci_high,",
    );
    assert!(stdout.contains("sequential stopping per pair"), "{stdout}");
    for f in ["summary.csv", "cards.csv", "turns.csv"] {
        assert!(t.join(f).is_file(), "{f}");
    }
    let ranking = std::fs::read_to_string(t.join("ranking.csv")).unwrap();
    assert!(ranking.starts_with(
        "deck,games,field_win_rate,field_win_rate_ci_low,field_win_rate_ci_high,rating,rating_ci_low,rating_ci_high"
    ));
    let stdout = expect_ok(
        &["impact", "--deck", rush, "--field", dir, "--card", "Dust Raider", "--nerf", "attack-1", "--games", "100"],
        &base.join("i"),
        "impact.csv",
        "deck,card,change,games,base_win_rate,base_win_rate_ci_low,base_win_rate_ci_high,new_win_rate,new_win_rate_ci_low,new_win_rate_ci_high,diff,diff_ci_low,diff_ci_high,base_wins,new_wins",
    );
    assert!(stdout.contains("nerf:attack-1"), "{stdout}");
    // --field: every other deck of the folder is an opponent.
    let m: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(base.join("i").join("manifest.json")).unwrap(),
    )
    .unwrap();
    let opponents = m["matchups"].as_array().unwrap();
    let example_decks = std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "txt")
        })
        .count();
    assert_eq!(opponents.len(), example_decks - 1);
    assert!(opponents.iter().all(|x| x["decks"][1] != "rush"));
    // Allegiance --all-cards prints the notes and what it did not ablate, and why.
    let (beledan, desoth) = (allegiance_deck("beledan"), allegiance_deck("desoth"));
    let stdout = expect_ok(
        &[
            "impact",
            "--game",
            "allegiance",
            "--deck",
            beledan.to_str().unwrap(),
            "--vs",
            desoth.to_str().unwrap(),
            "--all-cards",
            "--remove",
            "--games",
            "4",
        ],
        &base.join("a"),
        "impact.csv",
        "deck,card,change,games,",
    );
    assert!(stdout.contains("Notes (what else a change implies):\n  Equip (remove): no other level-0 ability is left"), "{stdout}");
    assert!(stdout.contains("Not ablated (3 of the deck's cards; rows with 0 games in impact.csv):\n  Styrka Validata (remove): the loadout does not fix"), "{stdout}");
    assert!(
        stdout.contains("\n  Beledan Kind (remove): `Beledan Kind` is the loadout's hero"),
        "{stdout}"
    );
    expect_ok(
        &["sweep", "--deck", rush, "--vs", poison, "--sweep", "flurry_chance=0,100", "--games", "200"],
        &base.join("s"),
        "sweep.csv",
        "param,value,games,seat,wins,win_rate,win_rate_ci_low,win_rate_ci_high,stalls,stall_rate,stall_rate_ci_low,stall_rate_ci_high,mean_turns,p90_turns",
    );
    let _ = std::fs::remove_dir_all(&base);
}
