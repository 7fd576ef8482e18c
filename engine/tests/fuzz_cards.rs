//! Fuzzing with generated card data: random card tables (every skill, extreme numbers) and
//! random decks go through the loader and the conformance suite. The engine is built with
//! overflow checks, so arithmetic that would wrap fails loudly here.

use std::fmt::Write;

use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{conformance, game_rng, GameRng};
use rand::RngExt;

const FACTIONS: [&str; 3] = ["imperial", "raider", "xeno"];
const ACT: [&str; 5] = ["strike", "rally", "weaken", "enfeeble", "protect"];
const PASSIVE_X: [&str; 8] = [
    "armor", "counter", "pierce", "leech", "berserk", "poison", "flurry", "valor",
];

fn x(rng: &mut GameRng) -> u32 {
    // Mostly small, sometimes the largest allowed.
    if rng.random_range(0..10) == 0 {
        99
    } else {
        rng.random_range(1..6)
    }
}

fn acts(rng: &mut GameRng, max: usize) -> Vec<String> {
    let mut v = Vec::new();
    let mut names: Vec<&str> = ACT.to_vec();
    for _ in 0..rng.random_range(0..=max) {
        let n = names.remove(rng.random_range(0..names.len()));
        let mut s = format!("{n} {}", x(rng));
        if rng.random_range(0..3) == 0 {
            s.push_str(" all");
        }
        if rng.random_range(0..4) == 0 {
            s.push(' ');
            s.push_str(FACTIONS[rng.random_range(0..3)]);
        }
        v.push(s);
    }
    v
}

fn card_table(rng: &mut GameRng) -> (String, Vec<String>, Vec<String>) {
    let mut csv = String::from("name,type,faction,attack,health,delay,skills\n");
    let mut commanders = Vec::new();
    let mut others = Vec::new();
    let f = |rng: &mut GameRng| FACTIONS[rng.random_range(0..3)];
    for i in 0..3 {
        let name = format!("C{i}");
        let hp = rng.random_range(1..=250);
        writeln!(
            csv,
            "{name},commander,{},,{hp},,{}",
            f(rng),
            acts(rng, 3).join("; ")
        )
        .unwrap();
        commanders.push(name);
    }
    for i in 0..14 {
        let name = format!("A{i}");
        let mut skills = acts(rng, 2);
        for p in PASSIVE_X {
            if rng.random_range(0..4) == 0 {
                skills.push(format!("{p} {}", x(rng)));
            }
        }
        if rng.random_range(0..4) == 0 {
            skills.push("swipe".into());
        }
        let atk = if rng.random_range(0..8) == 0 {
            99
        } else {
            rng.random_range(0..7)
        };
        writeln!(
            csv,
            "{name},assault,{},{atk},{},{},{}",
            f(rng),
            rng.random_range(1..=250),
            rng.random_range(0..=4),
            skills.join("; ")
        )
        .unwrap();
        others.push(name);
    }
    for i in 0..4 {
        let name = format!("S{i}");
        let mut skills = acts(rng, 2);
        if rng.random_range(0..2) == 0 {
            skills.push("wall".into());
        }
        if rng.random_range(0..3) == 0 {
            skills.push(format!("counter {}", x(rng)));
        }
        writeln!(
            csv,
            "{name},structure,{},,{},{},{}",
            f(rng),
            rng.random_range(1..=250),
            rng.random_range(0..=4),
            skills.join("; ")
        )
        .unwrap();
        others.push(name);
    }
    for i in 0..3 {
        let name = format!("X{i}");
        let mut skills = acts(rng, 3);
        if skills.is_empty() {
            skills.push("strike 1".into());
        }
        writeln!(csv, "{name},action,{},,,,{}", f(rng), skills.join("; ")).unwrap();
        others.push(name);
    }
    (csv, commanders, others)
}

fn deck(rng: &mut GameRng, commanders: &[String], others: &[String], max: usize) -> String {
    let mut d = format!("{}\n", commanders[rng.random_range(0..commanders.len())]);
    for _ in 0..rng.random_range(1..=max) {
        writeln!(d, "{}", others[rng.random_range(0..others.len())]).unwrap();
    }
    d
}

#[test]
fn random_card_tables_pass_conformance() {
    for case in 0..60u64 {
        let mut rng = game_rng(0xF022, case);
        let (csv, commanders, others) = card_table(&mut rng);
        let max = if case % 3 == 0 { 32 } else { 10 };
        let decks: Vec<String> = (0..3)
            .map(|_| deck(&mut rng, &commanders, &others, max))
            .collect();
        let mut params = Tyrant::default_params();
        params.set(&format!("deck_limit={max}")).unwrap();
        if case % 2 == 1 {
            params.set("shift_acting_side=true").unwrap();
            params.set("flurry_chance=100").unwrap();
        }
        if case % 5 == 0 {
            params.set("turn_limit=1000").unwrap();
        }
        let named: Vec<(&str, &str)> = decks
            .iter()
            .enumerate()
            .map(|(i, d)| (["d0", "d1", "d2"][i], d.as_str()))
            .collect();
        let t = Tyrant::from_text(&csv, &named, params)
            .unwrap_or_else(|e| panic!("case {case}: generated data refused: {e}\n{csv}"));
        conformance::run(&t, 200, case, case % 10 == 0)
            .unwrap_or_else(|e| panic!("case {case}: {e}\ncards:\n{csv}\ndecks: {decks:?}"));
    }
}

#[test]
fn extreme_numbers_play_through() {
    // Every number at its largest: 99-point skills, 250 health, flurry 99 with berserk 99.
    let csv = "name,type,faction,attack,health,delay,skills
Big,commander,imperial,,250,,rally 99 all; protect 99 all; enfeeble 99 all
Pump,assault,imperial,99,250,0,flurry 99; berserk 99; leech 99; valor 99; poison 99
Tank,assault,imperial,1,250,0,armor 99; counter 1; flurry 99; berserk 99
Spike,assault,imperial,0,250,0,counter 99
Bulwark,structure,imperial,,250,0,wall; counter 99
Nuke,action,imperial,,,,strike 99 all; weaken 99 all
";
    let decks = [
        ("pump", "Big\n3x Pump\n3x Tank\n2x Bulwark\n2x Nuke\n"),
        ("tank", "Big\n4x Tank\n4x Spike\n2x Bulwark\n"),
    ];
    for params in [
        &["flurry_chance=100"][..],
        &["flurry_chance=100", "turn_limit=1000"][..],
    ] {
        let mut p = Tyrant::default_params();
        for a in params {
            p.set(a).unwrap();
        }
        let t = Tyrant::from_text(csv, &decks, p).unwrap();
        conformance::run(&t, 300, 9, false).unwrap_or_else(|e| panic!("{params:?}: {e}"));
    }
}
