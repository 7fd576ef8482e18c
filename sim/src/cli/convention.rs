//! Tests of the one CLI convention (docs/commands.md, the table at the top): they walk every
//! subcommand's clap definition and check that the shared flags have one name, one help text
//! and one default, that every game count states its unit, and that every subcommand's help
//! ends with an example.

use std::collections::BTreeMap;

use clap::CommandFactory;

use crate::Cli;

/// The subcommands, by name.
fn commands() -> BTreeMap<String, clap::Command> {
    Cli::command()
        .get_subcommands()
        .map(|c| (c.get_name().to_string(), c.clone()))
        .collect()
}

/// `--long` of `cmd`, if it has a visible or hidden argument of that name.
fn arg<'a>(cmd: &'a clap::Command, long: &str) -> Option<&'a clap::Arg> {
    cmd.get_arguments().find(|a| a.get_long() == Some(long))
}

fn help(a: &clap::Arg) -> String {
    a.get_help().map(|h| h.to_string()).unwrap_or_default()
}

fn default(a: &clap::Arg) -> Vec<String> {
    a.get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect()
}

/// The commands that play games into an output folder.
const PLAYING: [&str; 8] = [
    "run",
    "tournament",
    "impact",
    "sweep",
    "ladder",
    "match",
    "optimize",
    "default",
];

#[test]
fn shared_flags_have_one_name_help_and_default() {
    let cmds = commands();
    // Flags that mean the same thing wherever they appear: one help text and one default.
    for long in [
        "seed",
        "threads",
        "quiet",
        "param",
        "preset",
        "cards",
        "shard",
        "resume",
        "sprt",
        "alpha",
        "beta",
        "until-halfwidth",
        "min-games",
        "look",
        "no-report",
        "band",
    ] {
        let mut seen: Vec<(String, String, Vec<String>)> = Vec::new();
        for (name, c) in &cmds {
            // optimize's --look is a race's look (paired games), not a stopping rule's.
            if long == "look" && name == "optimize" {
                continue;
            }
            if let Some(a) = arg(c, long) {
                if a.is_hide_set() {
                    continue;
                }
                seen.push((name.clone(), help(a), default(a)));
            }
        }
        assert!(!seen.is_empty(), "--{long} appears nowhere");
        for (name, h, d) in &seen {
            assert_eq!(
                (h, d),
                (&seen[0].1, &seen[0].2),
                "--{long}: `{name}` differs from `{}`",
                seen[0].0
            );
        }
    }
    // The default seed is one value everywhere.
    for name in PLAYING {
        let a = arg(&cmds[name], "seed").unwrap_or_else(|| panic!("{name} has no --seed"));
        assert_eq!(default(a), ["2026"], "{name}");
    }
    // The game is named by --game (default tyrant) wherever a command takes one.
    for (name, c) in &cmds {
        if let Some(a) = arg(c, "game").filter(|a| !a.is_hide_set()) {
            // match needs two agent seats, which Tyrant lacks (its defender is the rules').
            let want = if name == "match" {
                "allegiance"
            } else {
                "tyrant"
            };
            assert_eq!(default(a), [want], "{name}");
            if name != "match" {
                assert_eq!(help(a), help(arg(&cmds["run"], "game").unwrap()), "{name}");
            }
            for g in cardsim_engine::registry::GAMES {
                assert!(help(a).contains(g), "{name}: --game help does not name {g}");
            }
        }
    }
}

#[test]
fn every_playing_command_has_the_same_job_flags() {
    let cmds = commands();
    for name in PLAYING {
        let c = &cmds[name];
        for long in [
            "seed",
            "threads",
            "out",
            "quiet",
            "shard",
            "resume",
            "no-report",
            "band",
        ] {
            assert!(arg(c, long).is_some(), "{name} has no --{long}");
        }
        // One output rule: --out DIR is optional, default reports/GAME/COMMAND (the default
        // job: reports/default).
        let out = arg(c, "out").unwrap();
        assert!(!out.is_required_set(), "{name}: --out is required");
        let want = if name == "default" {
            "Output folder (default: reports/default)"
        } else {
            "Output folder (default: reports/GAME/COMMAND)"
        };
        assert_eq!(help(out), want, "{name}");
        if name != "default" {
            assert!(arg(c, "game").is_some(), "{name} has no --game");
            assert!(arg(c, "param").is_some(), "{name} has no --param");
            assert!(arg(c, "preset").is_some(), "{name} has no --preset");
        }
    }
}

#[test]
fn game_counts_are_games_with_their_unit() {
    let cmds = commands();
    // Every command that plays a number of games takes it as --games, its help naming the
    // unit. match counts matches (best-of series) and optimize a search budget: other ideas,
    // other names.
    for name in [
        "run",
        "tournament",
        "impact",
        "sweep",
        "ladder",
        "default",
        "bench",
    ] {
        let a = arg(&cmds[name], "games").unwrap_or_else(|| panic!("{name} has no --games"));
        let h = help(a);
        assert!(
            ["Games per ", "Paired games per ", "Deals per "]
                .iter()
                .any(|u| h.starts_with(u)),
            "{name}: --games help does not start with its unit: {h}"
        );
    }
    assert!(arg(&cmds["match"], "matches").is_some());
    assert!(arg(&cmds["optimize"], "budget").is_some());
    // Old spellings are hidden aliases only; no visible flag keeps them.
    for (name, c) in &cmds {
        for a in c.get_arguments() {
            let long = a.get_long().unwrap_or_default();
            assert!(
                !["games-per-pair", "fixed"].contains(&long),
                "{name}: --{long} is an old spelling"
            );
        }
    }
    // sweep: --sweep is the swept parameter, --param the fixed ones.
    assert!(arg(&cmds["sweep"], "sweep").is_some());
    assert_eq!(
        help(arg(&cmds["sweep"], "param").unwrap()),
        help(arg(&cmds["run"], "param").unwrap())
    );
}

#[test]
fn old_spellings_still_parse() {
    use clap::Parser;
    let p = |args: &[&str]| {
        Cli::try_parse_from(args)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    p(&[
        "cardsim",
        "tournament",
        "--decks",
        "d",
        "--games-per-pair",
        "5",
    ])
    .unwrap();
    p(&["cardsim", "default", "--games-per-pair", "5"]).unwrap();
    p(&[
        "cardsim", "sweep", "--sweep", "a=1,2", "--fixed", "b=1", "--deck", "x", "--vs", "y",
    ])
    .unwrap();
    p(&["cardsim", "optimize", "--deck", "x", "--vs", "y", "--fixed"]).unwrap();
}

/// An example's command line split as a shell would (double quotes group words), up to the
/// shell's own part (`>`, `&&`).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut cur, mut quoted, mut any) = (String::new(), false, false);
    for ch in line.chars() {
        match ch {
            '"' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            _ => (cur, any) = (cur + &ch.to_string(), true),
        }
    }
    if any {
        words.push(cur);
    }
    let end = words
        .iter()
        .position(|w| w == ">" || w == "&&")
        .unwrap_or(words.len());
    words.truncate(end);
    words
}

#[test]
fn every_subcommand_help_ends_with_examples_on_the_shipped_data() {
    use clap::Parser;
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    for (name, c) in commands() {
        if name == "help" {
            continue;
        }
        let after = c
            .get_after_help()
            .map(|h| h.to_string())
            .unwrap_or_default();
        assert!(
            after.starts_with("Example:\n") || after.starts_with("Examples:\n"),
            "{name}: --help has no Example section (clap after_help)"
        );
        let shown = c.clone().render_help().to_string();
        assert!(
            shown.trim_end().ends_with(after.trim_end()),
            "{name}: --help does not end with its examples:\n{shown}"
        );
        let lines: Vec<&str> = after.lines().skip(1).map(str::trim).collect();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("cardsim {name}"))),
            "{name}: no example runs `cardsim {name}`"
        );
        for line in lines {
            let w = shell_words(line);
            assert_eq!(w[0], "cardsim", "{name}: `{line}` is not a cardsim command");
            if let Err(e) = Cli::try_parse_from(&w) {
                panic!("{name}: example `{line}` does not parse: {e}");
            }
            // The shipped files and decks it names exist.
            let game = w
                .iter()
                .position(|x| x == "--game")
                .map(|i| w[i + 1].as_str())
                .unwrap_or("tyrant");
            for (i, x) in w.iter().enumerate() {
                if x.starts_with("data/") || x.starts_with("scenarios") {
                    assert!(root.join(x).exists(), "{name}: `{line}`: no {x}");
                }
                let deck_flag = ["--deck", "--vs"].contains(&w[i.saturating_sub(1)].as_str());
                if i > 0 && deck_flag && !x.contains('/') {
                    let deck = x.split('@').next().unwrap_or_default();
                    let p = root.join(format!("data/{game}/decks/{deck}.txt"));
                    assert!(p.is_file(), "{name}: `{line}`: no deck {}", p.display());
                }
            }
        }
    }
}

#[test]
fn example_lines_split_like_a_shell() {
    assert_eq!(
        shell_words(r#"cardsim run --patch "Dust Raider:attack-1"  --out x > y"#),
        [
            "cardsim",
            "run",
            "--patch",
            "Dust Raider:attack-1",
            "--out",
            "x"
        ]
    );
}
