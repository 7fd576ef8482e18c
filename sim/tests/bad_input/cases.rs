//! The table of bad-input cases: for each game a valid card row and decks that the per-game
//! tables mutate, then the cases of the commands that are not about one game's files.
//!
//! Arguments are split on whitespace; `{t}` is the case's own folder (the working folder),
//! `{r}` the repository, `~` a space inside one argument. Expected fragments are substrings
//! of stderr (also with `{t}` and `{r}`).

use std::path::Path;

/// One bad input: files written into the case's folder, the arguments, and what stderr must
/// hold. `accept` marks a control that must succeed instead.
pub struct Case {
    pub name: String,
    pub files: Vec<(String, Vec<u8>)>,
    pub args: String,
    pub expect: Vec<String>,
    pub accept: bool,
    /// Symbolic links made in the case's folder: (link, target).
    pub links: Vec<(String, String)>,
}

pub fn case(name: &str, args: &str, expect: &[&str]) -> Case {
    Case {
        name: name.to_string(),
        files: Vec::new(),
        args: args.to_string(),
        expect: expect.iter().map(|s| s.to_string()).collect(),
        accept: false,
        links: Vec::new(),
    }
}

impl Case {
    pub fn file(mut self, name: &str, bytes: impl Into<Vec<u8>>) -> Self {
        self.files.push((name.to_string(), bytes.into()));
        self
    }
    pub fn link(mut self, name: &str, target: &str) -> Self {
        self.links.push((name.to_string(), target.to_string()));
        self
    }
    pub fn accepted(mut self) -> Self {
        self.accept = true;
        self
    }
}

/// What the per-game tables need of a game.
struct Game {
    name: &'static str,
    /// Two example decks (file names under data/GAME/decks/).
    deck: &'static str,
    vs: &'static str,
    /// A valid new card row, its columns separated by `,`.
    row: &'static str,
    /// Column of a number in `row`, column of an effect/skill word, column of the type word.
    num: usize,
    effect: usize,
    kind: usize,
    /// The name of a card already in the file.
    existing: &'static str,
    /// A rule parameter with a numeric range.
    param: &'static str,
    /// Deck lines that break the game's deck rules, with an expected fragment each.
    deck_rules: &'static [(&'static str, &'static str, &'static str)],
}

const GAMES: &[Game] = &[
    Game {
        name: "tyrant",
        deck: "rush.txt",
        vs: "poison.txt",
        row: "Zed Trooper,assault,raider,2,3,1,,",
        num: 3,
        effect: 6,
        kind: 1,
        existing: "Dust Raider",
        param: "turn_limit",
        deck_rules: &[
            (
                "second commander",
                "Warlord Krask\nMarshal Thorne\nDust Raider\n",
                "commander",
            ),
            ("no commander", "Dust Raider\nDust Raider\n", "commander"),
            (
                "too many cards",
                "Warlord Krask\n11x Dust Raider\n",
                "more than 10 cards",
            ),
        ],
    },
    Game {
        name: "allegiance",
        deck: "hakor.txt",
        vs: "desoth.txt",
        row: "basic,Zed Trooper,,,5,4,3,5,,,,,,",
        num: 5,
        effect: 11,
        kind: 0,
        existing: "Infantry",
        param: "players",
        deck_rules: &[
            (
                "two heroes",
                "hero = Hakor Dajet\nhero = De'Soth Pravus\n",
                "hero",
            ),
            (
                "other hero's weapon",
                "hero = Hakor Dajet\nweapon = Runeblade\n",
                "Runeblade",
            ),
            ("no hero", "weapon = Bone Scythe\n", "hero"),
            (
                "unknown key",
                "hero = Hakor Dajet\nsidekick = Infantry\n",
                "sidekick",
            ),
            (
                "other hero's armor",
                "hero = Hakor Dajet\narmor = Deathplate\n",
                "is not an armor of Hakor Dajet",
            ),
        ],
    },
    Game {
        name: "mission_alliance",
        deck: "elite.txt",
        vs: "swarm.txt",
        row: "Zed Trooper,unit,combat,3,4,attack,,Zed,yes,",
        num: 3,
        effect: 6,
        kind: 1,
        existing: "Ali",
        param: "eliminate_to_win",
        deck_rules: &[
            ("too many copies", "9x Ali\n", "Ali"),
            ("zero copies", "0x Ali\n", "0"),
        ],
    },
    Game {
        name: "battalla",
        deck: "fae_tricks.txt",
        vs: "greek_phalanx.txt",
        row: "Zed Trooper,unit,Greek,Warrior,2,2,3,,,,",
        num: 4,
        effect: 8,
        kind: 1,
        existing: "Argonaut Castor",
        param: "stamina_per_turn",
        deck_rules: &[
            ("no heroes section", "[main]\n3x Pixie\n", "hero"),
            (
                "unit among heroes",
                "[heroes]\nPixie\n[main]\n3x Pixie\n",
                "Pixie",
            ),
            ("unknown section", "[sideboard]\nPixie\n", "sideboard"),
            (
                "too many copies",
                "[heroes]\nTitania\nPuck\nOberon\nMorgan le Fay\nQueen Mab\n[main]\n9x Pixie\n",
                "Pixie",
            ),
        ],
    },
    Game {
        name: "alpha_omega",
        deck: "faithful.txt",
        vs: "heavenly_host.txt",
        row: "Zed Trooper,good,person,human,3,1,,,",
        num: 4,
        effect: 6,
        kind: 2,
        existing: "Michael",
        param: "max_rounds",
        deck_rules: &[
            ("opponent card in a good deck", "Abigor\n", "Abigor"),
            ("too many copies", "9x Michael\n", "Michael"),
        ],
    },
];

pub fn read(repo: &Path, p: &str) -> String {
    std::fs::read_to_string(repo.join(p)).unwrap()
}

/// The run of a game's two example decks with `extra` options (no --out: `{t}/out`).
fn run(g: &Game, extra: &str) -> String {
    format!(
        "run --game {} --deck {{r}}/data/{0}/decks/{} --vs {{r}}/data/{0}/decks/{} --games 2 --quiet --out {{t}}/out {extra}",
        g.name, g.deck, g.vs
    )
}

/// The row with column `col` set to `v`.
fn with_col(row: &str, col: usize, v: &str) -> String {
    let mut c: Vec<&str> = row.split(',').collect();
    c[col] = v;
    c.join(",")
}

/// Card-file cases of one game: the example file with one bad row appended.
fn card_cases(repo: &Path, g: &Game, out: &mut Vec<Case>) {
    let cards = read(repo, &format!("data/{}/cards.csv", g.name));
    let n = cards.lines().count() + 1;
    let args = run(g, "--cards c.csv");
    let line = format!("c.csv:{n}");
    let name = |s: &str| format!("{} cards: {s}", g.name);
    let cols = g.row.split(',').count();
    let short: Vec<&str> = g.row.split(',').take(cols - 2).collect();
    let long = format!("{},extra,extra", g.row);
    let rows: Vec<(&str, String, &str)> = vec![
        ("too few columns", short.join(","), "column"),
        ("too many columns", long, "column"),
        ("non-numeric", with_col(g.row, g.num, "x"), "`x`"),
        ("out of range", with_col(g.row, g.num, "100000"), "100000"),
        ("negative", with_col(g.row, g.num, "-3"), "-3"),
        (
            "unknown effect",
            with_col(g.row, g.effect, "frobnicate 2"),
            "frobnicate",
        ),
        (
            "unknown type",
            with_col(g.row, g.kind, "spaceship"),
            "spaceship",
        ),
        (
            "duplicate name",
            with_col(g.row, usize::from(g.name == "allegiance"), g.existing),
            "duplicate card name",
        ),
        ("quote left open", format!("\"{}", g.row), "never closed"),
    ];
    let cases_before = out.len();
    for (what, row, frag) in rows {
        let text = format!("{cards}{row}\n");
        out.push(case(&name(what), &args, &[&line, frag]).file("c.csv", text));
    }
    // A bad row after two blank lines: the blank lines count.
    let text = format!("{cards}\n\n{}\n", with_col(g.row, g.num, "x"));
    out.push(
        case(
            &name("blank lines counted"),
            &args,
            &[&format!("c.csv:{}", n + 2)],
        )
        .file("c.csv", text),
    );
    out.push(case(&name("empty file"), &args, &["c.csv", "empty"]).file("c.csv", ""));
    let header = cards.lines().next().unwrap();
    out.push(case(&name("header only"), &args, &["c.csv"]).file("c.csv", format!("{header}\n")));
    let garbage: Vec<u8> = (0..400u32).map(|i| (i * 37 % 251) as u8).collect();
    out.push(case(&name("binary garbage"), &args, &["c.csv:1"]).file("c.csv", garbage));
    let mut latin1 = cards.clone().into_bytes();
    latin1.extend(
        g.row
            .replacen("Zed", "Z\u{1}d", 1)
            .bytes()
            .map(|b| if b == 1 { 0xe9 } else { b }),
    );
    latin1.push(b'\n');
    out.push(case(&name("not UTF-8"), &args, &[&line, "UTF-8"]).file("c.csv", latin1));
    out.push(case(&name("missing file"), &args, &["c.csv"]));
    // Controls: a byte-order mark and CRLF line endings are accepted.
    out.push(
        case(&name("BOM accepted"), &args, &[])
            .file("c.csv", format!("\u{feff}{cards}"))
            .accepted(),
    );
    let crlf = cards.replace('\n', "\r\n");
    out.push(
        case(&name("CRLF accepted"), &args, &[])
            .file("c.csv", crlf)
            .accepted(),
    );
    // Alpha/Omega reads the Opponent decks from the folder beside the card file.
    if g.name == "alpha_omega" {
        let opp = read(repo, "data/alpha_omega/opponent/starter.txt");
        for c in &mut out[cases_before..] {
            c.files
                .push(("opponent/starter.txt".into(), opp.clone().into_bytes()));
        }
    }
}

/// Deck-file cases of one game: `d.txt` replaces the first deck.
fn deck_cases(repo: &Path, g: &Game, out: &mut Vec<Case>) {
    let deck = read(repo, &format!("data/{}/decks/{}", g.name, g.deck));
    let n = deck.lines().count() + 1;
    let args = run(g, "").replacen(&format!("decks/{} ", g.deck), "decks/x ", 1);
    let args = args.replace(&format!("{{r}}/data/{}/decks/x", g.name), "d.txt");
    let name = |s: &str| format!("{} deck: {s}", g.name);
    let unknown = if g.name == "allegiance" {
        "weapon = Bogus Blade"
    } else if g.name == "battalla" {
        "2x Bogus Card"
    } else {
        "Bogus Card"
    };
    let frag = format!("d.txt:{n}");
    let t = format!("{deck}{unknown}\n");
    out.push(case(&name("unknown card"), &args, &[&frag, "Bogus"]).file("d.txt", t));
    out.push(case(&name("empty"), &args, &["d.txt"]).file("d.txt", ""));
    out.push(case(&name("comments only"), &args, &["d.txt"]).file("d.txt", "# nothing\n"));
    out.push(case(&name("missing"), &args, &["d.txt"]));
    out.push(case(&name("a folder"), &args, &["d.txt"]).file("d.txt/x", "x"));
    let t = format!("{deck}-3x {}\n", g.existing);
    out.push(case(&name("negative count"), &args, &[&frag, "copy count `-3`"]).file("d.txt", t));
    let mut bad = deck.clone().into_bytes();
    bad.extend_from_slice(b"Caf\xe9\n");
    out.push(case(&name("not UTF-8"), &args, &[&frag, "UTF-8"]).file("d.txt", bad));
    for (what, text, frag) in g.deck_rules {
        out.push(case(&name(what), &args, &["d.txt", frag]).file("d.txt", *text));
    }
    if g.name == "battalla" {
        // A main-deck card of a mythos none of the deck's heroes belongs to.
        let t = deck.replacen("3x Pixie", "3x Hoplite", 1);
        let n = 1 + deck.lines().position(|l| l == "3x Pixie").unwrap();
        let c = case(
            &name("mythos of no hero"),
            &args,
            &[&format!("d.txt:{n}"), "no hero of this deck"],
        );
        out.push(c.file("d.txt", t));
    }
    let bom = format!("\u{feff}{deck}");
    out.push(
        case(&name("BOM accepted"), &args, &[])
            .file("d.txt", bom)
            .accepted(),
    );
}

/// Option cases of one game on `run`.
fn cli_cases(g: &Game, out: &mut Vec<Case>) {
    let name = |s: &str| format!("{} cli: {s}", g.name);
    let base = run(g, "");
    let p = g.param;
    let with = |o: &str| base.replace("--games 2", o);
    let rows: Vec<(&str, String, Vec<String>)> = vec![
        ("games 0", with("--games 0"), vec!["--games".into()]),
        (
            "games negative",
            with("--games -5"),
            vec!["--games".into(), "counts are whole numbers".into()],
        ),
        (
            "games huge",
            with("--games 1000000000000000000000"),
            vec!["--games".into()],
        ),
        (
            "unknown param",
            run(g, "--param bogus=1"),
            vec!["bogus".into()],
        ),
        (
            "param no value",
            run(g, &format!("--param {p}")),
            vec![p.into()],
        ),
        (
            "param not a number",
            run(g, &format!("--param {p}=abc")),
            vec![p.into(), "abc".into()],
        ),
        (
            "param out of range",
            run(g, &format!("--param {p}=99999")),
            vec![p.into(), "99999".into()],
        ),
        (
            "unknown preset",
            run(g, "--preset nope"),
            vec!["nope".into()],
        ),
        ("unknown agent", run(g, "--agent nope"), vec!["nope".into()]),
        (
            "agent bad option",
            run(g, "--agent mcts:iters=abc"),
            vec!["abc".into()],
        ),
        (
            "agent unknown option",
            run(g, "--agent mcts:bogus=1"),
            vec!["bogus".into()],
        ),
        (
            "shard past count",
            run(g, "--shard 3/2"),
            vec!["--shard".into()],
        ),
        ("shard 0/0", run(g, "--shard 0/0"), vec!["--shard".into()]),
        ("shard word", run(g, "--shard x"), vec!["--shard".into()]),
        ("threads 0", run(g, "--threads 0"), vec!["--threads".into()]),
        (
            "seed negative",
            run(g, "--seed -5"),
            vec!["seeds are whole numbers".into()],
        ),
        (
            "unknown game",
            base.replace(&format!("--game {}", g.name), "--game nope"),
            vec!["unknown game `nope`".into()],
        ),
        (
            "sprt equal",
            run(g, "--sprt 0.5,0.5"),
            vec!["SPRT".into(), "0.5 and 0.5".into()],
        ),
        (
            "sprt out of range",
            run(g, "--sprt 0.5,1.5"),
            vec!["SPRT".into(), "1.5".into()],
        ),
        (
            "games fraction",
            with("--games 2.5"),
            vec!["--games".into()],
        ),
        (
            "out is a file",
            run(g, "").replace("{t}/out", "{t}/f"),
            vec!["f".into()],
        ),
    ];
    for (what, args, frag) in rows {
        let frag: Vec<&str> = frag.iter().map(|s| s.as_str()).collect();
        let c = case(&name(what), &args, &frag);
        out.push(if what == "out is a file" {
            c.file("f", "x")
        } else {
            c
        });
    }
}

/// Every case.
pub fn all_cases(repo: &Path) -> Vec<Case> {
    let mut out = Vec::new();
    for g in GAMES {
        card_cases(repo, g, &mut out);
        deck_cases(repo, g, &mut out);
        cli_cases(g, &mut out);
    }
    super::bad_input_more::more_cases(repo, &mut out);
    super::bad_input_extra::extra_cases(repo, &mut out);
    out
}
