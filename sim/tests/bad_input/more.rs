//! The cases of the bad-input corpus beyond one game's card and deck files: scenario files of
//! every game, and the commands tournament, impact, sweep, ladder, match, replay, report,
//! merge, bench and params, some on real outputs made once by running the binary.

use super::bad_input_cases::{case, read, Case};
use std::path::Path;

/// A scenario of each game that the scenario cases mutate, with the files it names
/// (as written in it, the repository path, the name the case copies it to).
/// A file a scenario names: as written in it, its repository path, the name the case uses.
type Dep = (&'static str, &'static str, &'static str);

const SCENARIOS: &[(&str, &str, &[Dep])] = &[
    (
        "tyrant",
        "scenarios/tyrant/strike.toml",
        &[("cards.csv", "scenarios/tyrant/cards.csv", "cards.csv")],
    ),
    (
        "allegiance",
        "scenarios/allegiance/example1_skilled_strike.toml",
        &[],
    ),
    (
        "mission_alliance",
        "scenarios/mission_alliance/mulligan.toml",
        &[(
            "decks/test.txt",
            "scenarios/mission_alliance/decks/test.txt",
            "decks/test.txt",
        )],
    ),
    (
        "battalla",
        "scenarios/battalla/life_loss.toml",
        &[(
            "decks/test.txt",
            "scenarios/battalla/decks/test.txt",
            "decks/test.txt",
        )],
    ),
    (
        "alpha_omega",
        "scenarios/alpha_omega/literal_objective.toml",
        &[(
            "../../data/alpha_omega/decks/heavenly_host.txt",
            "data/alpha_omega/decks/heavenly_host.txt",
            "hh.txt",
        )],
    ),
];

/// The scenario with an unknown set-up key first among its set-up keys.
fn add_setup(text: &str) -> String {
    if text.contains("setup = [") {
        text.replacen("setup = [", "setup = [\"no.such.key = 1\", ", 1)
    } else {
        text.replacen("\n[decks]", "\nsetup = [\"no.such.key = 1\"]\n[decks]", 1)
    }
}

fn scenario_cases(repo: &Path, out: &mut Vec<Case>) {
    for (game, path, deps) in SCENARIOS {
        let mut text = read(repo, path);
        for (written, _, local) in *deps {
            text = text.replace(&format!("\"{written}\""), &format!("\"{local}\""));
        }
        let n = text.lines().count();
        let with_deps = |c: Case| {
            deps.iter()
                .fold(c, |c, (_, from, local)| c.file(local, read(repo, from)))
        };
        let name = |s: &str| format!("{game} scenario: {s}");
        let args = "scenario s.toml";
        let step = |s: &str| format!("{text}\n[[step]]\n{s}\n");
        let rows: Vec<(&str, String, Vec<String>)> = vec![
            (
                "unknown key",
                format!("bogus = 1\n{text}"),
                vec!["s.toml:1".into(), "bogus".into()],
            ),
            (
                "bad TOML",
                format!("{text}[[step]\n"),
                vec![format!("s.toml:{}", n + 1)],
            ),
            (
                "impossible action",
                step("play = \"play Nonexistent Card\""),
                vec!["s.toml".into(), "Nonexistent Card".into()],
            ),
            (
                "unknown step key",
                step("frobnicate = 1"),
                vec!["s.toml".into(), "frobnicate".into()],
            ),
            (
                "unknown force",
                step("force = [\"bogus=1\"]"),
                vec!["s.toml".into(), "bogus".into()],
            ),
            (
                "unknown set-up key",
                add_setup(&text),
                vec!["s.toml".into(), "such.key".into()],
            ),
            (
                "unknown game",
                text.replacen(&format!("game = \"{game}\""), "game = \"nope\"", 1),
                vec!["s.toml:1".into(), "nope".into()],
            ),
            (
                "no game",
                text.replacen(&format!("game = \"{game}\""), "", 1),
                vec!["s.toml".into(), "game".into()],
            ),
        ];
        for (what, t, frag) in rows {
            let frag: Vec<&str> = frag.iter().map(|s| s.as_str()).collect();
            out.push(with_deps(case(&name(what), args, &frag).file("s.toml", t)));
        }
        if let Some((_, _, local)) = deps.first() {
            let t = text.replace(&format!("\"{local}\""), "\"../../../../../etc/passwd\"");
            let c = case(
                &name("file outside"),
                args,
                &["s.toml", "outside the scenario's folder"],
            );
            out.push(c.file("s.toml", t));
            let t = text.replace(&format!("\"{local}\""), "\"nope.txt\"");
            out.push(case(&name("missing file"), args, &["s.toml", "nope.txt"]).file("s.toml", t));
        }
        let mut bytes = text.clone().into_bytes();
        bytes.extend_from_slice(b"# caf\xe9\n");
        out.push(with_deps(
            case(
                &name("not UTF-8"),
                args,
                &[&format!("s.toml:{}", n + 1), "UTF-8"],
            )
            .file("s.toml", bytes),
        ));
    }
    // Found by the scenarios fuzz target: a Person entered in a later round than the current
    // one made the Veteran test of a Calling subtract below zero.
    let (_, path, deps) = *SCENARIOS.iter().find(|s| s.0 == "alpha_omega").unwrap();
    let (written, from, local) = deps[0];
    let t = read(repo, path)
        .replace(&format!("\"{written}\""), &format!("\"{local}\""))
        .replace(
            "setup = [\"opp.top = Agares\"]",
            "setup = [\"good.0 = Michael@5\"]",
        );
    out.push(
        case(
            "alpha_omega scenario: Person entered after the current round",
            "scenario s.toml",
            &[
                "s.toml",
                "Michael entered play in round 5, after the current round 1",
            ],
        )
        .file("s.toml", t)
        .file(local, read(repo, from)),
    );
    out.push(case(
        "scenario: missing path",
        "scenario nope.toml",
        &["nope.toml"],
    ));
    out.push(
        case(
            "scenario: empty file",
            "scenario s.toml",
            &["s.toml", "game"],
        )
        .file("s.toml", ""),
    );
    out.push(case("scenario: folder without scenarios", "scenario d", &["d"]).file("d/x.txt", "x"));
}

/// Runs the binary once (for outputs the cases copy); panics if it fails.
fn make(args: &[&str]) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Every file under `dir` with its bytes, paths relative to `dir` and prefixed by `to`.
fn files_of(dir: &Path, to: &str) -> Vec<(String, Vec<u8>)> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        let rel = format!("{to}/{}", e.file_name().to_string_lossy());
        if p.is_dir() {
            v.extend(files_of(&p, &rel));
        } else {
            v.push((rel, std::fs::read(&p).unwrap()));
        }
    }
    v
}

fn with_files(mut c: Case, files: &[(String, Vec<u8>)]) -> Case {
    c.files.extend(files.iter().cloned());
    c
}

/// Replaces the file `name` of `files` (or adds it).
fn patched(files: &[(String, Vec<u8>)], name: &str, bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = files.iter().filter(|(n, _)| n != name).cloned().collect();
    v.push((name.to_string(), bytes.to_vec()));
    v
}

/// Cases on real outputs: replay, report and merge.
fn output_cases(repo: &Path, out: &mut Vec<Case>) {
    let tmp = std::env::temp_dir().join(format!("cardsim-bad-input-src-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let d = |n: &str| {
        repo.join(format!("data/tyrant/decks/{n}.txt"))
            .display()
            .to_string()
    };
    let o = |n: &str| tmp.join(n).display().to_string();
    let run = [
        "run",
        "--deck",
        &d("rush"),
        "--vs",
        &d("poison"),
        "--games",
        "4",
        "--quiet",
    ];
    make(&[&run[..], &["--out", &o("run")]].concat());
    make(&[&run[..], &["--out", &o("job"), "--shard", "0/2"]].concat());
    make(&[&run[..], &["--out", &o("job"), "--shard", "1/2"]].concat());
    make(
        &[
            &run[..],
            &["--out", &o("other"), "--shard", "1/2", "--seed", "9"],
        ]
        .concat(),
    );
    make(&[&run[..], &["--out", &o("three"), "--shard", "1/3"]].concat());
    let run = files_of(&tmp.join("run"), "o");
    let s0 = files_of(&tmp.join("job/shard-0000-of-0002"), "s0");
    let s1 = files_of(&tmp.join("job/shard-0001-of-0002"), "s1");
    let x1 = files_of(&tmp.join("other/shard-0001-of-0002"), "s1");
    let t1 = files_of(&tmp.join("three/shard-0001-of-0003"), "s1");
    let _ = std::fs::remove_dir_all(&tmp);
    let manifest = run
        .iter()
        .find(|(n, _)| n == "o/manifest.json")
        .unwrap()
        .1
        .clone();
    let manifest = String::from_utf8(manifest).unwrap();

    let r = "replay o --index 1";
    out.push(case("replay: not an output folder", r, &["o", "manifest.json"]).file("o/x.txt", "x"));
    out.push(case("replay: missing folder", r, &["o"]));
    out.push(with_files(
        case("replay: garbage manifest", r, &["manifest.json"]),
        &patched(&run, "o/manifest.json", b"{ not json"),
    ));
    out.push(with_files(
        case("replay: foreign JSON", r, &["manifest.json"]),
        &patched(&run, "o/manifest.json", b"{\"hello\": 1}\n"),
    ));
    out.push(with_files(
        case("replay: empty manifest", r, &["manifest.json"]),
        &patched(&run, "o/manifest.json", b""),
    ));
    out.push(with_files(
        case(
            "replay: index past the games",
            "replay o --index 4000",
            &["4000"],
        ),
        &run,
    ));
    out.push(with_files(
        case(
            "replay: unknown find",
            "replay o --index 0 --find bogus=1",
            &["bogus"],
        ),
        &run,
    ));
    let moved = manifest.replace(&d("rush"), "/nonexistent/rush.txt");
    out.push(with_files(
        case("replay: deck gone", r, &["rush.txt"]),
        &patched(&run, "o/manifest.json", moved.as_bytes()),
    ));
    let other_game = manifest.replacen("\"tyrant\"", "\"nope\"", 1);
    out.push(with_files(
        case("replay: unknown game", r, &["nope"]),
        &patched(&run, "o/manifest.json", other_game.as_bytes()),
    ));

    let bad_index = manifest.replacen(
        "\"deck_indices\": [\n        0,\n        1",
        "\"deck_indices\": [\n        0,\n        7",
        1,
    );
    assert_ne!(bad_index, manifest);
    let c = case("replay: deck index out of range", r, &["deck index 7"]);
    out.push(with_files(
        c,
        &patched(&run, "o/manifest.json", bad_index.as_bytes()),
    ));
    let c = case(
        "replay: a shard folder",
        "replay s0 --index 0",
        &["s0", "a shard of a sharded job", "cardsim merge"],
    );
    out.push(with_files(c, &s0));
    out.push(with_files(
        case(
            "report: a shard folder",
            "report s0",
            &["s0", "no cardsim output"],
        ),
        &s0,
    ));
    out.push(
        with_files(
            case("merge: into a file", "merge f s0 s1", &["f"]),
            &[s0.clone(), s1.clone()].concat(),
        )
        .file("f", "x"),
    );
    let r = "report o";
    out.push(case("report: not an output folder", r, &["o"]).file("o/x.txt", "x"));
    out.push(case("report: missing folder", r, &["o"]));
    out.push(with_files(
        case("report: garbage summary", r, &["summary.csv"]),
        &patched(&run, "o/summary.csv", b"\xff\xfe garbage\n"),
    ));
    let turns = run
        .iter()
        .find(|(n, _)| n == "o/turns.csv")
        .unwrap()
        .1
        .clone();
    let turns = String::from_utf8(turns).unwrap();
    let header = turns.lines().next().unwrap();
    let cols = header.split(',').count();
    let huge = format!(
        "{header}\n{}\n",
        vec!["18446744073709551615"; cols].join(",")
    );
    out.push(with_files(
        case("report: huge turns.csv", r, &["turns.csv:2"]),
        &patched(&run, "o/turns.csv", huge.as_bytes()),
    ));
    let short = format!("{header}\n1,2\n");
    out.push(with_files(
        case("report: short turns row", r, &["turns.csv:2"]),
        &patched(&run, "o/turns.csv", short.as_bytes()),
    ));
    out.push(with_files(
        case("report: garbage manifest", r, &["manifest.json"]),
        &patched(&run, "o/manifest.json", b"[1,2"),
    ));

    let m = "merge m s0 s1";
    out.push(with_files(case("merge: shard missing", m, &["s1"]), &s0));
    out.push(with_files(
        case("merge: shard of another job", m, &["s1"]),
        &[s0.clone(), x1].concat(),
    ));
    out.push(with_files(
        case("merge: shards of different counts", m, &["s1"]),
        &[s0.clone(), t1].concat(),
    ));
    out.push(with_files(
        case("merge: same shard twice", "merge m s0 s0", &["s0"]),
        &s0,
    ));
    out.push(with_files(
        case("merge: one shard short", "merge m s0", &["1"]),
        &s0,
    ));
    out.push(
        case("merge: empty folder", m, &["s0"])
            .file("s0/x.txt", "x")
            .file("s1/x.txt", "x"),
    );
    let corrupt: Vec<_> = s1
        .iter()
        .map(|(n, b)| {
            (
                n.clone(),
                if n.ends_with(".json") {
                    b"{garbage".to_vec()
                } else {
                    b.clone()
                },
            )
        })
        .collect();
    out.push(with_files(
        case("merge: corrupt shard manifest", m, &["s1"]),
        &[s0.clone(), corrupt].concat(),
    ));
    let truncated: Vec<_> = s1
        .iter()
        .map(|(n, b)| {
            (
                n.clone(),
                if n.ends_with("partial.json") {
                    b[..b.len() / 2].to_vec()
                } else {
                    b.clone()
                },
            )
        })
        .collect();
    out.push(with_files(
        case("merge: truncated shard sums", m, &["s1"]),
        &[s0.clone(), truncated].concat(),
    ));
    out.push(with_files(
        case("merge: a run folder, not a shard", "merge m o", &["o"]),
        &run,
    ));
}

/// Cases of the analytics and agent commands.
fn command_cases(out: &mut Vec<Case>) {
    let d = "{r}/data/tyrant/decks";
    let t = format!("tournament --decks {d} --games 2 --quiet --out {{t}}/out");
    let i =
        format!("impact --deck {d}/rush.txt --vs {d}/poison.txt --games 2 --quiet --out {{t}}/out");
    let s =
        format!("sweep --deck {d}/rush.txt --vs {d}/poison.txt --games 2 --quiet --out {{t}}/out");
    let rows: Vec<(&str, String, &[&str])> = vec![
        ("tournament: missing folder", t.replace(d, "{t}/nope"), &["nope"]),
        ("tournament: no decks", t.replace(d, "{t}/e"), &["e"]),
        ("tournament: games 0", t.replace("--games 2", "--games 0"), &["--games"]),
        ("tournament: bad param", format!("{t} --param turn_limit=0"), &["turn_limit"]),
        ("tournament: shard 2/2", format!("{t} --shard 2/2"), &["--shard"]),
        ("tournament: look 0", format!("{t} --look 0 --sprt 0.5,0.55"), &["--look"]),
        ("impact: unknown card", format!("{i} --card Nope --remove"), &["Nope"]),
        ("impact: no edit", format!("{i} --card Dust~Raider"), &["--replace-with"]),
        ("impact: unknown replacement", format!("{i} --card Dust~Raider --replace-with Nope"), &["Nope"]),
        ("impact: bad nerf", format!("{i} --card Dust~Raider --nerf attack*2"), &["attack*2"]),
        ("impact: nerf unknown stat", format!("{i} --card Dust~Raider --nerf luck-1"), &["luck"]),
        ("impact: card not in deck", format!("{i} --card Rifle~Squad --remove"), &["Rifle Squad"]),
        ("sweep: empty range", format!("{s} --sweep turn_limit=10..5:1"), &["turn_limit"]),
        ("sweep: huge range", format!("{s} --sweep=turn_limit=-9223372036854775808..9223372036854775807:1"), &["turn_limit"]),
        ("sweep: step 0", format!("{s} --sweep turn_limit=10..20:0"), &["turn_limit"]),
        ("sweep: unknown param", format!("{s} --sweep bogus=1..3:1"), &["bogus"]),
        ("sweep: value out of range", format!("{s} --sweep turn_limit=0..2000:1000"), &["turn_limit"]),
        ("sweep: bad fixed", format!("{s} --sweep turn_limit=10,20 --param bogus=1"), &["bogus"]),
        ("sweep: not a range", format!("{s} --sweep turn_limit=abc"), &["abc"]),
        ("ladder: unknown agent", "ladder --agent random --agent nope --games 2 --quiet --out {t}/out".into(), &["nope"]),
        ("ladder: games 0", "ladder --games 0 --quiet --out {t}/out".into(), &["--games"]),
        ("ladder: missing deck", "ladder --deck {t}/nope.txt --games 2 --quiet --out {t}/out".into(), &["nope.txt"]),
        ("ladder: unknown game", "ladder --game nope --games 2 --quiet --out {t}/out".into(), &["unknown game `nope`"]),
        ("match: even best-of", "match --best-of 2 --matches 2 --quiet --out {t}/out".into(), &["--best-of"]),
        ("match: matches 0", "match --matches 0 --quiet --out {t}/out".into(), &["--matches"]),
        ("match: loser-plays word", "match --loser-plays nope --matches 2 --quiet --out {t}/out".into(), &["nope"]),
        ("match: unknown agent", "match --agent nope --matches 2 --quiet --out {t}/out".into(), &["nope"]),
        ("match: battalla bad deck", "match --game battalla --deck {r}/data/battalla/decks/fae_tricks.txt --deck {t}/nope.txt --matches 2 --quiet --out {t}/out".into(), &["nope.txt"]),
        ("bench: games 0", "bench --games 0".into(), &["--games"]),
        ("bench: threads 0", "bench --games 10 --threads 0".into(), &["--threads"]),
        ("params: unknown game", "params --game nope".into(), &["unknown game `nope`"]),
    ];
    for (what, args, frag) in rows {
        let c = case(what, &args, frag);
        out.push(if what.ends_with("no decks") {
            c.file("e/x.csv", "x")
        } else {
            c
        });
    }
    // A tournament folder holding one bad deck among good ones: its file and line.
    let bad = "Warlord Krask\nDust Raider\nNot A Card\n";
    let mut c = case(
        "tournament: one bad deck",
        &t.replace(d, "{t}/decks"),
        &["bad.txt:3", "Not A Card"],
    );
    c = c
        .file("decks/bad.txt", bad)
        .file("decks/good.txt", "Warlord Krask\nDust Raider\n");
    out.push(c);
}

/// The cases that are not one game's card or deck files.
pub fn more_cases(repo: &Path, out: &mut Vec<Case>) {
    scenario_cases(repo, out);
    output_cases(repo, out);
    command_cases(out);
}
