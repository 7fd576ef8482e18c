//! Fuzz the Allegiance card loader and engine with generated card tables: random effects from
//! the whole vocabulary on actions, abilities and units. Every table either loads or is
//! refused with a `file:line:` message; every table that loads plays random games through
//! the conformance suite without a panic.

use cardsim_engine::allegiance::{Allegiance, CardDb, Loadout};
use cardsim_engine::{conformance, DeckText, Params, Ruleset};
use rand::RngExt;
use std::path::Path;

#[test]
fn generated_card_tables_load_or_fail_cleanly_and_play() {
    let base = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/allegiance/cards.csv"
    ))
    .unwrap();
    let targets = [
        "",
        "target unit | ",
        "target ally | ",
        "target foe | ",
        "target hero | ",
        "target foehero | ",
        "target any | ",
        "target foeany | ",
        "target upto 2 unit | ",
        "target upto 4 any | ",
    ];
    let ops = [
        "damage 3",
        "heal 2",
        "augment 1",
        "boost 2",
        "boost -3",
        "shield 2",
        "destroy",
        "exhaust",
        "refresh",
        "drain",
        "gold 2",
        "draw 2",
        "token Militia Recruit 2",
        "token Zombie 1",
        "attach Wasting Disease",
        "discard 1",
        "mill 2",
        "raise basic",
        "raise any",
        "recycle 2 Skeleton",
        "recycle upto 2 Skeleton",
        "equip",
        "sacrifice",
        "ready 2",
        "ifdone",
        "damage me 1",
        "heal me 3",
        "damage foes 1",
        "augment allies 1",
        "refresh allies",
        "damage foeheroes 2",
        "damage units 1",
        "boost self 1",
    ];
    // Counter ops (focus, curse) and `focus` amounts.
    let counter_ops = [
        "focus 2",
        "unfocus",
        "curse 1",
        "curse foes 2",
        "curse foeheroes 1",
        "damage focus",
        "shield focus",
        "gold focus",
    ];
    // Control change, temporary removal, an action card attaching itself.
    let control_ops = ["steal", "banish eot", "banish next", "attach"];
    let ops: Vec<&str> = ops
        .iter()
        .chain(&counter_ops)
        .chain(&control_ops)
        .copied()
        .collect();
    // Effects an attached action card has (after `;`).
    let attached = [
        "attack: boost host 2",
        "hit: heal me 2",
        "endturn: damage host 1",
        "hit: gold 1",
    ];
    // Bodies of `static:` effects on units.
    let statics = [
        "boost allies 1",
        "boost foes -2",
        "health allies -1",
        "health units -3",
        "boost self 2 | health self 1",
        "armor me 2",
        "armor foeheroes -1",
        "enlistcost me -2",
        "actioncost foeheroes 1",
    ];
    let mut rng = cardsim_engine::game_rng(42, 0);
    let mut ok = 0;
    let mut rejected = 0;
    for round in 0..48 {
        let mut out = String::new();
        for line in base.lines() {
            let mut fields: Vec<String> = line.split(',').map(|s| s.to_string()).collect();
            let kind = fields[0].clone();
            if (kind == "action" || kind == "half" || kind == "ability")
                && rng.random_range(0..3) == 0
                && !line.contains('"')
            {
                let t = targets[rng.random_range(0..targets.len())];
                let n = rng.random_range(1..4);
                let body: Vec<&str> = (0..n)
                    .map(|_| ops[rng.random_range(0..ops.len())])
                    .collect();
                fields[11] = format!("{t}{}", body.join(" | "));
                if kind == "action" && rng.random_range(0..2) == 0 {
                    let a = attached[rng.random_range(0..attached.len())];
                    fields[11] = format!("{t}attach ; {a}");
                }
            }
            if (kind == "basic" || kind == "elite")
                && rng.random_range(0..4) == 0
                && !line.contains('"')
            {
                let trig = [
                    "enter: ",
                    "attack: ",
                    "endturn: ",
                    "act exhaust: ",
                    "act 1: ",
                    "death: ",
                    "static: ",
                    "act focus 1: ",
                    "hit: ",
                ][rng.random_range(0..9)];
                let t = targets[rng.random_range(0..targets.len())];
                let body = ops[rng.random_range(0..ops.len())];
                fields[11] = if trig == "static: " {
                    format!("{trig}{}", statics[rng.random_range(0..statics.len())])
                } else {
                    format!("{trig}{t}{body}")
                };
            }
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        let db = match CardDb::parse(Path::new("fuzz.csv"), &out) {
            Ok(d) => d,
            Err(e) => {
                assert!(
                    e.line.is_some() && e.to_string().starts_with("fuzz.csv:"),
                    "{e}"
                );
                rejected += 1;
                continue;
            }
        };
        let names = ["hakor", "thedric", "beledan", "desoth", "magus"];
        let heroes = [
            "Hakor Dajet",
            "Thedric Egen",
            "Beledan Kind",
            "De'Soth Pravus",
            "Magus Gondè Kyal",
        ];
        let loadouts: Vec<Loadout> = names
            .iter()
            .zip(heroes)
            .map(|(n, h)| {
                Loadout::parse_text(
                    &DeckText {
                        name: n.to_string(),
                        file: "x".into(),
                        line_offset: 0,
                        text: format!("hero = {h}"),
                    },
                    &db,
                )
                .unwrap()
            })
            .collect();
        let players = 2 + round % 3;
        let mut p = Params::defaults(Allegiance::param_specs());
        p.set(&format!("players={players}")).unwrap();
        if players == 4 && round % 2 == 0 {
            p.set("format=team").unwrap();
        }
        if players == 3 && round % 2 == 0 {
            p.set("format=sworn").unwrap();
        }
        let a = Allegiance::from_parts(db, loadouts, p).unwrap();
        conformance::run(&a, 25, round as u64, round % 8 == 0)
            .unwrap_or_else(|e| panic!("round {round}: {e}\n{out}"));
        ok += 1;
    }
    assert!(ok >= 10 && rejected >= 10, "ok {ok}, rejected {rejected}");
}
