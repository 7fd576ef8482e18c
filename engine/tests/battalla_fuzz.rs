//! Fuzzing Battalla with generated card data: random card tables using every trigger, action,
//! target and keyword with numbers up to the loader's limits, and random decks, go through the
//! loaders and the conformance suite (the engine is built with overflow checks, so arithmetic
//! that would wrap fails loudly here).

use std::fmt::Write;
use std::path::Path;

use cardsim_engine::battalla::{Battalla, CardDb, Deck};
use cardsim_engine::{conformance, game_rng, DeckText, GameRng, ParamSpec, Params, Ruleset};
use rand::RngExt;

const MYTHOI: [&str; 3] = ["Greek", "Yokai", "Fae"];
const BODY: [&str; 6] = [
    "summon",
    "attacking",
    "attacked",
    "battle",
    "damaged",
    "sacrificed",
];

fn pick<'a>(rng: &mut GameRng, xs: &[&'a str]) -> &'a str {
    xs[rng.random_range(0..xs.len())]
}

fn n(rng: &mut GameRng) -> u32 {
    if rng.random_range(0..6) == 0 {
        9
    } else {
        rng.random_range(1..4)
    }
}

/// One action clause after `trigger`.
fn action(rng: &mut GameRng, trigger: &str) -> String {
    let mut targets = vec![
        "enemy",
        "enemy_unit",
        "own",
        "own_unit",
        "unit",
        "hero",
        "card",
    ];
    if BODY.contains(&trigger) {
        targets.push("self");
    }
    if ["attacking", "attacked", "battle", "damaged"].contains(&trigger) {
        targets.push("foe");
    }
    let t = pick(rng, &targets);
    let a = pick(rng, &MYTHOI);
    let k = rng.random_range(0..if trigger == "react" { 13 } else { 12 });
    let (x, y) = (
        n(rng),
        if rng.random_range(0..2) == 0 {
            "same"
        } else {
            a
        },
    );
    match k {
        0 => format!("draw {x}"),
        1 => format!("stamina {x}"),
        2 => format!("damage {t} {x}"),
        3 => format!("heal {t} {x}"),
        4 => format!("buff {t} {x}"),
        5 => format!("weaken {t} {x}"),
        6 => format!("bounce {t}"),
        7 => format!("todeck {t} {}", x.min(4)),
        8 => format!("toherodeck {t}"),
        9 => format!("destroy {t}"),
        10 => format!("summon {y}"),
        11 => format!("revive {a}"),
        _ => "negate".into(),
    }
}

fn body(rng: &mut GameRng, count: usize) -> String {
    (0..count)
        .map(|_| {
            let t = pick(rng, &BODY);
            format!("{t}: {}", action(rng, t))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A random card table: (CSV, hero names, other names).
fn card_table(rng: &mut GameRng) -> (String, Vec<String>, Vec<String>) {
    let mut csv = String::from("name,type,mythos,attributes,cost,attack,health,keywords,effect\n");
    let (mut heroes, mut others) = (Vec::new(), Vec::new());
    for i in 0..6 {
        let (atk, hp) = (rng.random_range(0..=20), rng.random_range(1..=20));
        let kw = if rng.random_range(0..4) == 0 {
            "surprise"
        } else {
            ""
        };
        let e = body(rng, 3);
        writeln!(csv, "H{i},hero,{},,0,{atk},{hp},{kw},{e}", MYTHOI[i % 3]).unwrap();
        heroes.push(format!("H{i}"));
    }
    for i in 0..16 {
        let (c, atk, hp) = (
            rng.random_range(0..=6),
            rng.random_range(0..=20),
            rng.random_range(1..=20),
        );
        let kw = pick(rng, &["", "", "surprise", "replace", "surprise;replace"]);
        let k = rng.random_range(0..=3);
        let e = body(rng, k);
        let m = pick(rng, &MYTHOI);
        writeln!(csv, "U{i},unit,{m},Beast,{c},{atk},{hp},{kw},{e}").unwrap();
        others.push(format!("U{i}"));
    }
    for i in 0..8 {
        let c = rng.random_range(0..=4);
        let m = pick(rng, &MYTHOI);
        let (kw, e) = match i % 4 {
            0 => (
                "item",
                pick(rng, &["attached: hero", "attached: attack 9"]).to_string(),
            ),
            1 => (
                "item",
                format!("attached: health {}; attached: attack 1", n(rng)),
            ),
            2 => ("", format!("play: {}", action(rng, "play"))),
            _ => ("", format!("react: {}", action(rng, "react"))),
        };
        let cost = match rng.random_range(0..4) {
            0 if kw.is_empty() => "; cost: sacrifice own_unit".to_string(),
            1 if kw.is_empty() => format!("; cost: discard {}", n(rng).min(2)),
            _ => String::new(),
        };
        writeln!(csv, "A{i},assist,{m},,{c},0,0,{kw},\"{e}{cost}\"").unwrap();
        others.push(format!("A{i}"));
    }
    for i in 0..2 {
        let m = pick(rng, &MYTHOI);
        let e = format!(
            "field: attack {} {m}; field: health {} Beast",
            n(rng),
            n(rng)
        );
        writeln!(csv, "F{i},field,{m},,1,0,0,,{e}").unwrap();
        others.push(format!("F{i}"));
    }
    (csv, heroes, others)
}

fn deck(rng: &mut GameRng, heroes: &[String], others: &[String]) -> String {
    let mut s = String::from("# fuzz\n[heroes]\n");
    let skip = rng.random_range(0..heroes.len());
    for (i, h) in heroes.iter().enumerate() {
        if i != skip {
            writeln!(s, "{h}").unwrap();
        }
    }
    s.push_str("[main]\n");
    let size = rng.random_range(40..=60);
    let mut left = size;
    // One pass over 26 cards of 2 or 3 copies each (52 to 78) reaches any size up to 60.
    for o in others {
        if left == 0 {
            break;
        }
        let k = rng.random_range(2..=3).min(left);
        writeln!(s, "{k}x {o}").unwrap();
        left -= k;
    }
    s
}

fn ruleset(seed: u64, params: &[&str]) -> Battalla {
    let mut rng = game_rng(seed, 0);
    let (csv, heroes, others) = card_table(&mut rng);
    let db = CardDb::parse(Path::new("fuzz.csv"), &csv).unwrap_or_else(|e| panic!("{e}\n{csv}"));
    let decks: Vec<Deck> = (0..3)
        .map(|i| {
            let t = DeckText {
                name: format!("d{i}"),
                file: "fuzz.txt".into(),
                line_offset: 0,
                text: deck(&mut rng, &heroes, &others),
            };
            Deck::parse(&t, &db).unwrap_or_else(|e| panic!("{e}\n{}", t.text))
        })
        .collect();
    let specs: &'static [ParamSpec] = Battalla::param_specs();
    let mut p = Params::defaults(specs);
    for a in params {
        p.set(a).unwrap();
    }
    Battalla::from_parts(db, decks, p)
}

#[test]
fn random_card_tables_pass_conformance() {
    for seed in 0..12 {
        let r = ruleset(seed, &[]);
        conformance::run(&r, 40, seed, seed % 4 == 0)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn extreme_rules_play_through() {
    for seed in 100..106 {
        let r = ruleset(
            seed,
            &[
                "stamina_per_turn=20",
                "stamina_carry=true",
                "stamina_max=99",
                "heroes_per_turn=5",
                "attack_after=0",
                "move_cost=0",
                "attack_cost=0",
                "draw_per_turn=3",
                "life_cards=10",
            ],
        );
        conformance::run(&r, 30, seed, false).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}
