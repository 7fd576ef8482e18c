//! More of the bad-input corpus: every command on every game's files (tournament, impact,
//! sweep, ladder, match, optimize, replay, report, merge), each game's own deck rules at their
//! limits, huge lines (the echo and the name suggestion stay bounded), scenario set-ups and
//! folders, the data folder, and the limits of the issue-23 list (257 decks, edited decks).

use super::bad_input_cases::{case, read, Case};
use std::path::Path;

/// A game's two example decks, a rule parameter, and the deck line naming an unknown card.
struct G {
    name: &'static str,
    deck: &'static str,
    vs: &'static str,
    param: &'static str,
    unknown: &'static str,
}

const GAMES: &[G] = &[
    G {
        name: "tyrant",
        deck: "rush",
        vs: "poison",
        param: "turn_limit",
        unknown: "Nope Card",
    },
    G {
        name: "allegiance",
        deck: "hakor",
        vs: "desoth",
        param: "max_rounds",
        unknown: "weapon = Nope Card",
    },
    G {
        name: "mission_alliance",
        deck: "elite",
        vs: "swarm",
        param: "eliminate_to_win",
        unknown: "Nope Card",
    },
    G {
        name: "battalla",
        deck: "fae_tricks",
        vs: "greek_phalanx",
        param: "stamina_per_turn",
        unknown: "2x Nope Card",
    },
    G {
        name: "alpha_omega",
        deck: "faithful",
        vs: "heavenly_host",
        param: "max_rounds",
        unknown: "Nope Card",
    },
];

fn deck_text(repo: &Path, g: &G) -> String {
    read(repo, &format!("data/{}/decks/{}.txt", g.name, g.deck))
}

/// The example deck with `unknown` appended, and the line it lands on.
fn bad_deck(repo: &Path, g: &G) -> (String, usize) {
    let d = deck_text(repo, g);
    let n = d.lines().count() + 1;
    (format!("{d}{}\n", g.unknown), n)
}

/// Every command that reads deck files, once per game, on a deck naming an unknown card.
fn command_cases(repo: &Path, g: &G, out: &mut Vec<Case>) {
    let (bad, n) = bad_deck(repo, g);
    let at = format!("b.txt:{n}");
    let gm = format!("--game {}", g.name);
    let (d, v, p) = (g.deck, g.vs, g.param);
    let rows: Vec<(&str, String, Vec<String>)> = vec![
        (
            "tournament: one bad deck",
            format!("tournament {gm} --decks ds --games 2"),
            vec![at.clone(), "Nope Card".into()],
        ),
        (
            "ladder: bad deck",
            format!("ladder {gm} --deck b.txt --games 2"),
            vec![at.clone(), "Nope Card".into()],
        ),
        (
            "impact: bad deck",
            format!("impact {gm} --deck b.txt --vs {v} --card x --remove --games 2"),
            vec![at.clone(), "Nope Card".into()],
        ),
        (
            "impact: unknown card",
            format!("impact {gm} --deck {d} --vs {v} --card Nope~Card --remove --games 2"),
            vec!["unknown card `Nope Card`".into()],
        ),
        (
            "sweep: bad deck",
            format!("sweep {gm} --deck {d} --vs b.txt --sweep {p}=1,2 --games 2"),
            vec![at.clone(), "Nope Card".into()],
        ),
        (
            "sweep: too many values",
            format!("sweep {gm} --deck {d} --vs {v} --sweep {p}=0..99999:1 --games 2"),
            vec![p.into(), "100000 values; at most 1000".into()],
        ),
        (
            "optimize: bad deck",
            format!("optimize {gm} --deck b.txt --vs {v} --budget 10"),
            vec![at.clone(), "Nope Card".into()],
        ),
        (
            "optimize: lock of no card of the deck",
            format!("optimize {gm} --deck {d} --vs {v} --lock Nope~Card --budget 10"),
            vec![format!("{d}.txt"), "--lock `Nope Card`".into()],
        ),
        (
            "run: huge unknown name",
            format!("run {gm} --deck h.txt --vs {v} --games 2"),
            vec![format!("h.txt:{n}"), "…`".into()],
        ),
    ];
    for (what, args, frag) in rows {
        let frag: Vec<&str> = frag.iter().map(|s| s.as_str()).collect();
        let args = format!("{args} --quiet --out {{t}}/out");
        let mut c = case(&format!("{} {what}", g.name), &args, &frag);
        c = match what {
            "tournament: one bad deck" => c
                .file("ds/b.txt", bad.as_str())
                .file(&format!("ds/{d}.txt"), deck_text(repo, g)),
            "run: huge unknown name" => {
                let long = g.unknown.replace("Nope Card", &"Q".repeat(1 << 20));
                c.file("h.txt", format!("{}{long}\n", deck_text(repo, g)))
            }
            _ => c.file("b.txt", bad.as_str()),
        };
        out.push(c);
    }
    if g.name != "tyrant" {
        // match plays two-seat games with both seats played by agents: not Tyrant.
        let args =
            format!("match {gm} --deck b.txt --deck {v} --matches 2 --quiet --out {{t}}/out");
        let c = case(
            &format!("{} match: bad deck", g.name),
            &args,
            &[&at, "Nope Card"],
        );
        out.push(c.file("b.txt", bad.as_str()));
    }
}

/// A card row with a 1 MB cell: the message names the line and echoes at most 60 characters.
fn huge_cell_case(repo: &Path, g: &G, out: &mut Vec<Case>) {
    let cards = read(repo, &format!("data/{}/cards.csv", g.name));
    let n = cards.lines().count() + 1;
    let header = cards.lines().next().unwrap();
    let cols = header.split(',').count();
    let long = "Q".repeat(1 << 20);
    // A type/kind word that no game knows, in whichever column it sits.
    let kind = header.split(',').position(|c| c == "type" || c == "kind");
    let mut row = vec!["1"; cols];
    let name_col = header.split(',').position(|c| c == "name").unwrap();
    row[name_col] = "Zed";
    if let Some(side) = header.split(',').position(|c| c == "side") {
        row[side] = "good";
    }
    row[kind.unwrap()] = &long;
    let text = format!("{cards}{}\n", row.join(","));
    let args = format!(
        "run --game {} --cards c.csv --deck {} --vs {} --games 2 --quiet --out {{t}}/out",
        g.name, g.deck, g.vs
    );
    let c = case(
        &format!("{} cards: a 1 MB cell", g.name),
        &args,
        &[&format!("c.csv:{n}"), "…"],
    );
    out.push(c.file("c.csv", text));
}

/// Each game's deck rules at and past their limits.
fn deck_rule_cases(repo: &Path, out: &mut Vec<Case>) {
    let ma = read(repo, "data/mission_alliance/decks/elite.txt");
    let bt = read(repo, "data/battalla/decks/fae_tricks.txt");
    let ao = read(repo, "data/alpha_omega/decks/faithful.txt");
    let bt_no_mab = bt.replace("Queen Mab\n", "");
    let rows: Vec<(&str, &str, String, Vec<&str>)> = vec![
        (
            "tyrant",
            "commander twice",
            "2x Warlord Krask\nDust Raider\n".into(),
            vec!["d.txt:1", "must appear once"],
        ),
        (
            "tyrant",
            "count past u64",
            "Warlord Krask\n99999999999999999999x Dust Raider\n".into(),
            vec!["d.txt:2", "99999999999999999999"],
        ),
        (
            "tyrant",
            "zero copies",
            "Warlord Krask\n0x Dust Raider\n".into(),
            vec!["d.txt:2", "copy count `0`"],
        ),
        (
            "allegiance",
            "unknown hero",
            "hero = Nobody\n".into(),
            vec!["d.txt:1", "unknown hero `Nobody`"],
        ),
        (
            "allegiance",
            "a unit as hero",
            "hero = Infantry\n".into(),
            vec!["d.txt:1", "unknown hero `Infantry`"],
        ),
        (
            "allegiance",
            "weapon twice",
            "hero = Hakor Dajet\nweapon = Bone Scythe\nweapon = Gatekeeper's Staff\n".into(),
            vec!["d.txt:3", "`weapon` is set twice"],
        ),
        (
            "allegiance",
            "key without value",
            "hero = Hakor Dajet\nweapon\n".into(),
            vec!["d.txt:2", "key = value"],
        ),
        (
            "allegiance",
            "empty hero",
            "hero =\n".into(),
            vec!["d.txt:1", "no value"],
        ),
        (
            "allegiance",
            "hero switched mid-file",
            "hero = Hakor Dajet\nweapon = Bone Scythe\nhero = De'Soth Pravus\n".into(),
            vec!["d.txt:3", "`hero` is set twice"],
        ),
        (
            "mission_alliance",
            "31 cards",
            format!("{ma}Drone\n"),
            vec!["d.txt", "31 cards", "exactly 30"],
        ),
        (
            "mission_alliance",
            "29 cards",
            ma.replace("3x Recall", "2x Recall"),
            vec!["d.txt", "29 cards", "exactly 30"],
        ),
        (
            "mission_alliance",
            "4 copies on one line",
            ma.replace("3x Recall", "2x Recall")
                .replace("3x Ali\n", "4x Ali\n"),
            vec!["d.txt:2", "4 copies of `Ali`"],
        ),
        (
            "mission_alliance",
            "4 copies over two lines",
            format!("{}Ali\n", ma.replace("3x Recall", "2x Recall")),
            vec!["d.txt:12", "4 copies of `Ali`"],
        ),
        (
            "battalla",
            "4 heroes",
            bt_no_mab.clone(),
            vec!["d.txt", "hero deck has 4 cards"],
        ),
        (
            "battalla",
            "a hero twice",
            bt.replace("Queen Mab\n", "Puck\n"),
            vec!["d.txt:7", "2 copies of `Puck` in the hero deck"],
        ),
        (
            "battalla",
            "6 heroes",
            bt.replace("Queen Mab\n", "Queen Mab\nTitania\n"),
            vec!["d.txt:8", "`Titania`"],
        ),
        (
            "battalla",
            "main deck of 36",
            bt.replace("2x Fae Dust\n", "")
                .replace("2x Enchanted Forest\n", ""),
            vec!["d.txt", "main deck has 36 cards", "40 to 60"],
        ),
        (
            "battalla",
            "off-mythos card",
            format!("{bt}3x Hoplite\n"),
            vec!["d.txt:25", "`Hoplite` is greek", "no hero of this deck"],
        ),
        (
            "battalla",
            "unknown hero",
            bt.replace("Queen Mab\n", "Zeus\n"),
            vec!["d.txt:7", "unknown card `Zeus`"],
        ),
        (
            "battalla",
            "copies over two lines",
            format!("{bt}3x Pixie\n"),
            vec!["d.txt:25", "6 copies of `Pixie`"],
        ),
        (
            "alpha_omega",
            "80 cards",
            format!("{ao}{ao}"),
            vec!["d.txt", "80 cards", "1 to 64"],
        ),
        (
            "alpha_omega",
            "a card twice",
            "Elijah\nElijah\n".into(),
            vec!["d.txt:2", "2 copies of `Elijah`"],
        ),
    ];
    for (game, what, text, frag) in rows {
        let g = GAMES.iter().find(|g| g.name == game).unwrap();
        let args = format!(
            "run --game {game} --deck d.txt --vs {} --games 2 --quiet --out {{t}}/out",
            g.vs
        );
        out.push(case(&format!("{game} deck: {what}"), &args, &frag).file("d.txt", text));
    }
}

/// Runs the binary in `dir`; panics if it fails.
fn make_in(dir: &Path, args: &str) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args.split_whitespace())
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args}: {}",
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

fn with(mut c: Case, files: &[(String, Vec<u8>)]) -> Case {
    c.files.extend(files.iter().cloned());
    c
}

/// replay, report and merge on each game's real outputs (made once, deck `d.txt` relative).
fn output_cases(repo: &Path, g: &G, out: &mut Vec<Case>) {
    let tmp = std::env::temp_dir().join(format!(
        "cardsim-bad-input-{}-{}",
        g.name,
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let deck = deck_text(repo, g);
    std::fs::write(tmp.join("d.txt"), &deck).unwrap();
    let run = format!(
        "run --game {} --deck d.txt --vs {} --games 4 --quiet",
        g.name, g.vs
    );
    make_in(&tmp, &format!("{run} --out o"));
    make_in(&tmp, &format!("{run} --out j --shard 0/2"));
    make_in(&tmp, &format!("{run} --out k --shard 1/2 --seed 9"));
    let o = files_of(&tmp.join("o"), "o");
    let s0 = files_of(&tmp.join("j/shard-0000-of-0002"), "s0");
    let s1 = files_of(&tmp.join("k/shard-0001-of-0002"), "s1");
    let _ = std::fs::remove_dir_all(&tmp);
    let name = |s: &str| format!("{} {s}", g.name);

    let edited = format!("{deck}# edited after the run\n");
    let c = case(
        &name("replay: deck edited since the run"),
        "replay o --index 1",
        &["d.txt", "changed since the run"],
    );
    out.push(with(c, &o).file("d.txt", edited));
    let c = case(
        &name("replay: deck gone"),
        "replay o --index 1",
        &["d.txt", "no deck file"],
    );
    out.push(with(c, &o));
    let summary: Vec<_> = o
        .iter()
        .map(|(n, b)| {
            let mut b = b.clone();
            if n == "o/summary.csv" {
                let s = String::from_utf8(b).unwrap().replacen(",4,", ",5,", 1);
                b = s.into_bytes();
            }
            (n.clone(), b)
        })
        .collect();
    let c = case(
        &name("report: summary.csv edited"),
        "report o",
        &["summary.csv"],
    );
    out.push(with(c, &summary).file("d.txt", deck.as_str()));
    let c = case(
        &name("merge: shards of two seeds"),
        "merge m s0 s1",
        &["s0", "s1", "different jobs"],
    );
    out.push(with(with(c, &s0), &s1).file("d.txt", deck.as_str()));
}

/// Scenario set-ups, byte-order marks and folders, per game.
fn scenario_cases(repo: &Path, out: &mut Vec<Case>) {
    // (game, scenario, its files: (as written, repository path, local name), set-up key).
    type Dep = (&'static str, &'static str, &'static str);
    let all: &[(&str, &str, &[Dep], &str)] = &[
        (
            "tyrant",
            "scenarios/tyrant/strike.toml",
            &[("cards.csv", "scenarios/tyrant/cards.csv", "cards.csv")],
            "hand.attacker",
        ),
        (
            "allegiance",
            "scenarios/allegiance/example1_skilled_strike.toml",
            &[],
            "hand.0",
        ),
        (
            "mission_alliance",
            "scenarios/mission_alliance/team_levels.toml",
            &[(
                "decks/test.txt",
                "scenarios/mission_alliance/decks/test.txt",
                "t.txt",
            )],
            "hand.0",
        ),
        (
            "battalla",
            "scenarios/battalla/life_loss.toml",
            &[(
                "decks/test.txt",
                "scenarios/battalla/decks/test.txt",
                "t.txt",
            )],
            "hand.0",
        ),
        (
            "alpha_omega",
            "scenarios/alpha_omega/literal_objective.toml",
            &[(
                "../../data/alpha_omega/decks/heavenly_host.txt",
                "data/alpha_omega/decks/heavenly_host.txt",
                "t.txt",
            )],
            "hand.0",
        ),
    ];
    for (game, path, deps, hand) in all {
        let mut text = read(repo, path);
        for (written, _, local) in *deps {
            text = text.replace(&format!("\"{written}\""), &format!("\"{local}\""));
        }
        let add = |c: Case| {
            deps.iter()
                .fold(c, |c, (_, from, local)| c.file(local, read(repo, from)))
        };
        let name = |s: &str| format!("{game} scenario: {s}");
        let setup_line = 1 + text
            .lines()
            .position(|l| l.starts_with("setup"))
            .unwrap_or(0);
        let entry = format!("\"{hand} = Nonexistent Card\"");
        let t = if text.contains("setup = [") {
            text.replacen("setup = [", &format!("setup = [{entry}, "), 1)
        } else {
            text.replacen("\n[decks]", &format!("\nsetup = [{entry}]\n[decks]"), 1)
        };
        let line = if text.contains("setup = [") {
            setup_line
        } else {
            text.lines().position(|l| l == "[decks]").unwrap() + 1
        };
        out.push(add(case(
            &name("unknown card in the set-up"),
            "scenario s.toml",
            &[&format!("s.toml:{line}"), "Nonexistent Card"],
        )
        .file("s.toml", t)));
        out.push(add(case(&name("BOM accepted"), "scenario s.toml", &[])
            .file("s.toml", format!("\u{feff}{text}"))
            .accepted()));
        if let Some((_, _, local)) = deps.first() {
            let c = case(
                &name("deck file is a folder"),
                "scenario s.toml",
                &["s.toml", local],
            );
            out.push(
                c.file("s.toml", text.as_str())
                    .file(&format!("{local}/x"), "x"),
            );
        }
    }
    // A scenario without decks: Alpha/Omega's own error names only `decks`; the scenario file
    // is named too (found by the loader fuzzing of issue 23).
    let ao = read(repo, "scenarios/alpha_omega/literal_objective.toml");
    let cut = ao.find("[decks]").expect("decks table");
    let steps = ao.find("[[step]]").expect("steps");
    let no_decks = format!("{}{}", &ao[..cut], &ao[steps..]);
    out.push(
        case(
            "alpha_omega scenario: no decks",
            "scenario s.toml",
            &["s.toml", "Good decks"],
        )
        .file("s.toml", no_decks),
    );
    let ma = read(repo, "scenarios/mission_alliance/team_levels.toml")
        .replace("\"decks/test.txt\"", "\"t.txt\"");
    let deck = read(repo, "scenarios/mission_alliance/decks/test.txt");
    for (what, team, frag) in [
        (
            "a fifth unit in a team",
            "Comot, Rama, Bulat, Jet, Rudy",
            "at most 4 units",
        ),
        (
            "two units of one core in a team",
            "Comot, Comot",
            "two units of one core",
        ),
    ] {
        let t = ma.replacen(
            "teams.0 = Comot | Bulat, Jet",
            &format!("teams.0 = {team}"),
            1,
        );
        let c = case(
            &format!("mission_alliance scenario: {what}"),
            "scenario s.toml",
            &["s.toml:3", frag],
        );
        out.push(c.file("s.toml", t).file("t.txt", deck.as_str()));
    }
}

/// Cases of no one game: the data folder, default, agents, replay's options, the 256-deck
/// limit, a scenario folder with a link loop.
fn other_cases(repo: &Path, out: &mut Vec<Case>) {
    let rows: Vec<(&str, &str, &[&str])> = vec![
        (
            "data: missing folder",
            "--data {t}/nope run --deck rush --vs poison --games 2 --quiet --out {t}/out",
            &["nope", "does not exist"],
        ),
        (
            "data: folder without the game",
            "--data {t}/e run --deck rush --vs poison --games 2 --quiet --out {t}/out",
            &["cards.csv", "cannot read card file"],
        ),
        (
            "default: games 0",
            "default --games 0 --quiet --out {t}/out",
            &["--games"],
        ),
        (
            "default: out is a file",
            "default --games 2 --quiet --out {t}/f",
            &["f", "not a folder"],
        ),
        (
            "default: shard past count",
            "default --games 2 --quiet --out {t}/out --shard 2/2",
            &["--shard"],
        ),
        (
            "default: negative seed",
            "default --games 2 --seed -1 --quiet --out {t}/out",
            &["seeds are whole numbers"],
        ),
        (
            "agents: unknown game",
            "agents --game nope",
            &["unknown game `nope`"],
        ),
        (
            "replay: --game given",
            "replay o --game tyrant",
            &["--index"],
        ),
        ("completions: unknown shell", "completions nosh", &["nosh"]),
        (
            "resume: journal of another job",
            "run --deck rush --vs poison --games 2 --quiet --out {t}/out --resume",
            &["journal-0.jsonl", "different job"],
        ),
    ];
    for (what, args, frag) in rows {
        let c = case(what, args, frag);
        out.push(match what {
            "data: folder without the game" => c.file("e/readme.txt", "x"),
            "default: out is a file" => c.file("f", "x"),
            "resume: journal of another job" => {
                let header =
                    r#"{"digest":"00","play":0,"layout":{"games":[2],"chunk":2048},"shard":null}"#;
                let line = format!("{:08x} {header}\n", crc32fast::hash(header.as_bytes()));
                c.file("out/journal-0.jsonl", line)
            }
            _ => c,
        });
    }
    // 257 decks: refused before any game, naming the first past the limit.
    let deck = read(repo, "data/tyrant/decks/rush.txt");
    let mut c = case(
        "tournament: 257 decks",
        "tournament --decks ds --games 1 --quiet --out {t}/out",
        &["257 decks", "at most 256"],
    );
    for i in 0..257 {
        c = c.file(&format!("ds/d{i:03}.txt"), deck.as_str());
    }
    out.push(c);
    #[cfg(unix)]
    {
        let c = case(
            "scenario: folder with a link loop",
            "scenario sc",
            &["sc/a/loop", "symbolic-link loop"],
        );
        out.push(c.file("sc/a/x.txt", "x").link("sc/a/loop", ".."));
    }
}

/// The cases of this file.
pub fn extra_cases(repo: &Path, out: &mut Vec<Case>) {
    for g in GAMES {
        command_cases(repo, g, out);
        huge_cell_case(repo, g, out);
        output_cases(repo, g, out);
    }
    deck_rule_cases(repo, out);
    scenario_cases(repo, out);
    other_cases(repo, out);
}
