//! Bad input gets a clear error naming file, line and problem, a non-zero exit, no panic, and
//! no half-written output.

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../data/tyrant")
        .join(p)
}

struct Tmp(PathBuf);
impl Tmp {
    fn new(tag: &str) -> Self {
        let d = std::env::temp_dir().join(format!("cardsim-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Tmp(d)
    }
    fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }
}
impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn cardsim(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Runs `cardsim run` and expects a failure whose message contains every `needle`.
fn expect_error(extra: &[&str], deck: &Path, vs: &Path, out: &Path, needles: &[&str]) {
    let args = run_args(deck, vs, out, "10", extra);
    let (code, _, err) = cardsim(&args);
    assert_ne!(code, 0, "expected failure for {args:?}");
    assert!(!err.contains("panicked"), "panic: {err}");
    for n in needles {
        assert!(err.contains(n), "`{n}` not in error: {err}");
    }
    assert!(!out.exists(), "output folder written despite the error");
}

/// The arguments of `cardsim run` with `deck` against `vs`, then `extra`.
fn run_args<'a>(
    deck: &'a Path,
    vs: &'a Path,
    out: &'a Path,
    games: &'a str,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec!["run", "--deck", deck.to_str().unwrap(), "--vs"];
    args.extend([vs.to_str().unwrap(), "--games", games, "--out"]);
    args.extend([out.to_str().unwrap(), "--quiet"]);
    args.extend_from_slice(extra);
    args
}

/// Runs 4 games of `cardsim run` with the card file `cards` and expects success.
fn run_ok(cards: &Path, deck: &Path, vs: &Path, out: &Path, extra: &[&str]) {
    let mut args = run_args(deck, vs, out, "4", &["--cards", cards.to_str().unwrap()]);
    args.extend_from_slice(extra);
    let (code, _, err) = cardsim(&args);
    assert_eq!(code, 0, "{err}");
}

const CARDS: &str = "name,type,faction,attack,health,delay,skills,notes
Boss,commander,raider,,30,,rally 1,test
Runner,assault,raider,1,1,0,valor 1,test
Grunt,assault,imperial,2,2,1,,test
";
const DECK: &str = "Boss\n3x Runner\n2x Grunt\n";

#[test]
fn unknown_card_in_deck() {
    let t = Tmp::new("unknown");
    let cards = t.file("cards.csv", CARDS);
    let good = t.file("good.txt", DECK);
    let d = t.file("bad.txt", "# a deck\nBoss\n3x Grunts\n");
    let out = t.0.join("out");
    expect_error(
        &["--cards", cards.to_str().unwrap()],
        &d,
        &good,
        &out,
        &["bad.txt:3: unknown card `Grunts` (did you mean Grunt?)"],
    );
}

#[test]
fn illegal_decks() {
    let t = Tmp::new("illegal");
    let cards = t.file("cards.csv", CARDS);
    let c = ["--cards", cards.to_str().unwrap()];
    let good = t.file("good.txt", DECK);
    let out = t.0.join("out");
    let big = t.file("big.txt", "Boss\n11x Grunt\n");
    expect_error(
        &c,
        &big,
        &good,
        &out,
        &["big.txt:2: illegal deck: more than 10 cards"],
    );
    let none = t.file("nocmd.txt", "3x Grunt\n");
    expect_error(
        &c,
        &none,
        &good,
        &out,
        &["nocmd.txt: illegal deck: no commander line"],
    );
    let two = t.file("two.txt", "Boss\nGrunt\nBoss\n");
    expect_error(
        &c,
        &two,
        &good,
        &out,
        &["two.txt:3: a second commander `Boss`"],
    );
    // A deck of only a commander is legal (the text sets no minimum); it plays and loses.
    let empty = t.file("empty.txt", "Boss\n");
    let lone = t.0.join("lone");
    run_ok(&cards, &empty, &good, &lone, &[]);
    assert!(lone.join("summary.csv").exists());
    // The same deck is legal once the limit is raised.
    let ok = t.0.join("ok");
    run_ok(&cards, &big, &good, &ok, &["--param", "deck_limit=11"]);
    assert!(ok.join("summary.csv").exists());
}

#[test]
fn malformed_card_files() {
    let t = Tmp::new("cards");
    let out = t.0.join("out");
    let deck = t.file("deck.txt", DECK);
    let cases: Vec<(String, &str)> = vec![
        (
            CARDS.replacen(
                "Runner,assault,raider,1,1,0",
                "Runner,assault,raider,x,1,0",
                1,
            ),
            "cards0.csv:3: column `attack`: card `Runner`: `x` is not a whole number from 0 to 99",
        ),
        (
            CARDS.replacen("Runner,assault", "Runner,assult", 1),
            "cards1.csv:3: column `type`: card `Runner`: unknown type `assult` (expected commander, assault, structure or action)",
        ),
        (
            CARDS.replacen("valor 1", "valour 1", 1),
            "cards2.csv:3: column `skills`: card `Runner`: unknown skill `valour`",
        ),
        (
            CARDS.replacen("valor 1", "valor", 1),
            "cards3.csv:3: column `skills`: card `Runner`: skill `valor` needs a number X (a whole number from 1 to 99)",
        ),
        (
            CARDS.replacen("name,type", "nom,type", 1),
            "cards4.csv:1: missing column `name`",
        ),
        (
            format!("{CARDS}Extra,assault,raider,1,1\n"),
            "cards5.csv:5: row has 5 cells but the header names 8 columns",
        ),
        (
            CARDS.replacen("Grunt,assault", "Runner,assault", 1),
            "cards6.csv:4: column `name`: duplicate card name `Runner` (first defined on line 3)",
        ),
        (
            CARDS.replacen("rally 1", "armor 1", 1),
            "cards7.csv:2: column `skills`: card `Boss`: skill `armor` has no effect on a commander (it works on assaults and structures)",
        ),
        (
            CARDS.replacen("valor 1", "valor 1 all", 1),
            "cards8.csv:3: column `skills`: card `Runner`: skill `valor` is passive",
        ),
        (
            CARDS.replacen(",,rally 1", ",,rally 1 elves", 1),
            "cards9.csv:2: column `skills`: card `Boss`: skill `rally 1 elves`: `elves` is neither",
        ),
    ];
    for (i, (text, needle)) in cases.iter().enumerate() {
        let cards = t.file(&format!("cards{i}.csv"), text);
        expect_error(
            &["--cards", cards.to_str().unwrap()],
            &deck,
            &deck,
            &out,
            &[needle],
        );
    }
    // The untouched file loads.
    let cards = t.file("good.csv", CARDS);
    let ok = t.0.join("ok");
    run_ok(&cards, &deck, &deck, &ok, &[]);
}

#[test]
fn bad_cli_values() {
    let t = Tmp::new("cli");
    let out = t.0.join("out");
    let deck = data("decks/rush.txt");
    expect_error(
        &["--param", "turn_limit=0"],
        &deck,
        &deck,
        &out,
        &["rule parameter `turn_limit`: `0` is not a whole number from 1 to 1000"],
    );
    expect_error(
        &["--seed", "-5"],
        &deck,
        &deck,
        &out,
        &["`-5`: seeds are whole numbers from 0 to 18446744073709551615"],
    );
    expect_error(
        &["--param", "nosuch=1"],
        &deck,
        &deck,
        &out,
        &["unknown rule parameter `nosuch`"],
    );
    expect_error(
        &["--agent", "genius"],
        &deck,
        &deck,
        &out,
        &["unknown agent `genius` for tyrant"],
    );
    expect_error(
        &["--game", "chess"],
        &deck,
        &deck,
        &out,
        &["unknown game `chess`"],
    );
    expect_error(&["--games", "0"], &deck, &deck, &out, &["--games"]);
    expect_error(&["--threads", "0"], &deck, &deck, &out, &["--threads"]);
    let missing = t.0.join("missing.txt");
    expect_error(
        &[],
        &missing,
        &deck,
        &out,
        &["missing.txt: cannot read deck file"],
    );
}

#[test]
fn run_writes_every_output() {
    let t = Tmp::new("ok");
    let out = t.0.join("nested/out");
    let (code, stdout, err) = cardsim(&[
        "run",
        "--deck",
        data("decks/rush.txt").to_str().unwrap(),
        "--vs",
        data("decks/poison.txt").to_str().unwrap(),
        "--games",
        "1000",
        "--seed",
        "5",
        "--out",
        out.to_str().unwrap(),
        "--agent",
        "ordered",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("1000 games"), "{stdout}");
    for f in ["summary.csv", "turns.csv", "cards.csv", "manifest.json"] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let leftovers: Vec<_> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("staging"))
        .collect();
    assert!(leftovers.is_empty(), "staging folder left behind");
    // Progress goes to a terminal only: nothing on stderr here.
    assert!(err.is_empty(), "{err}");
}

/// `cardsim tournament` of every deck in `decks`, `games` per pair, into `out`.
fn tournament(decks: &Path, games: u32, out: &Path) -> (i32, String, String) {
    let games = games.to_string();
    cardsim(&[
        "tournament",
        "--decks",
        decks.to_str().unwrap(),
        "--games",
        &games,
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ])
}

/// Deck indices are bytes: a tournament of 257 decks is refused before any game, naming the
/// first deck past the limit, instead of silently playing 256 of them.
#[test]
fn too_many_decks_are_refused() {
    let t = Tmp::new("many-decks");
    let decks = t.0.join("decks");
    std::fs::create_dir_all(&decks).unwrap();
    let rush = std::fs::read_to_string(data("decks/rush.txt")).unwrap();
    for i in 1..=257 {
        std::fs::write(decks.join(format!("d{i:03}.txt")), &rush).unwrap();
    }
    let out = t.0.join("out");
    let (code, _, err) = tournament(&decks, 2, &out);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("257 decks given; a job takes at most 256 (the first past the limit: ")
            && err.contains("d257.txt)"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
}

/// Shell completions and the man page come from the same definitions as `--help`.
#[test]
fn completions_and_man_page() {
    let (code, out, err) = cardsim(&["completions", "bash"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("_cardsim()") && out.contains("tournament"),
        "{out}"
    );
    let (code, out, err) = cardsim(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(".TH cardsim 1") && out.contains("scenario"),
        "{out}"
    );
    let (code, _, err) = cardsim(&["completions", "tcsh"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("possible values: bash, elvish, fish, powershell, zsh"),
        "{err}"
    );
}

/// `replay` takes the game's index as `--index` (`--game` names the game everywhere else).
#[test]
fn replay_takes_index_not_game() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../reports/default");
    let (code, _, err) = cardsim(&["replay", dir, "--game", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("replay takes the game's index as --index N"),
        "{err}"
    );
    let (code, out, err) = cardsim(&["replay", dir, "--index", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("game 3 of ") && out.contains(" game 3; seed 2026"),
        "{out}"
    );
}

/// An output folder that cannot be written is refused before the first game (it used to be
/// found out after all of them), and nothing is left behind.
#[test]
fn unwritable_out_is_refused_before_playing() {
    let t = Tmp::new("out-check");
    let file = t.0.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let rush = data("decks/rush.txt");
    let r = rush.to_str().unwrap();
    for (out, msg) in [
        (file.clone(), "exists and is not a folder".to_string()),
        (
            file.join("sub"),
            format!("{} is not a folder", file.display()),
        ),
    ] {
        let (code, _, err) = cardsim(&[
            "run",
            "--deck",
            r,
            "--vs",
            r,
            "--games",
            "100",
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ]);
        assert_eq!(code, 2, "{err}");
        // The message of the check made before any game (not of the final write).
        assert!(
            err.contains(&format!("--out {}: ", out.display())) && err.contains(&msg),
            "{err}"
        );
        assert!(!err.contains("games in"), "{err}");
    }
    let names: Vec<_> = std::fs::read_dir(&t.0).unwrap().collect();
    assert_eq!(names.len(), 1, "only the file itself is there");
}

/// Names that a spreadsheet would run as formulas (a deck file `=HYPERLINK(1).txt`) are
/// written with a leading `'`; numbers, negative ones included, are not; the report reads
/// the names back without it.
#[test]
fn csv_cells_are_spreadsheet_safe() {
    let t = Tmp::new("csv-safe");
    let decks = t.0.join("decks");
    std::fs::create_dir_all(&decks).unwrap();
    std::fs::copy(data("decks/rush.txt"), decks.join("=HYPERLINK(1).txt")).unwrap();
    std::fs::copy(data("decks/swarm.txt"), decks.join("-swarm.txt")).unwrap();
    let out = t.0.join("out");
    let (code, _, err) = tournament(&decks, 100, &out);
    assert_eq!(code, 0, "{err}");
    let ranking = std::fs::read_to_string(out.join("ranking.csv")).unwrap();
    assert!(ranking.contains("\n'=HYPERLINK(1),100,"), "{ranking}");
    assert!(ranking.contains("\n'-swarm,100,"), "{ranking}");
    // The ratings of two decks are opposite numbers: one of them is negative, unguarded.
    assert!(ranking.contains(",-"), "{ranking}");
    let (code, _, err) = cardsim(&["report", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("=HYPERLINK(1)") && !html.contains("'=HYPERLINK(1)"));
}
