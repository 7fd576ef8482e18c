//! `cardsim optimize` on the Tyrant example data: from every example deck the optimized deck
//! beats its start against the rest of the field on fresh games (paired interval above zero);
//! the constraints (pool, inventory, locks) hold; bad input names file and line.

mod common;

use std::path::{Path, PathBuf};

use cardsim_sim::optimize::moves::uses;
use cardsim_sim::optimize::{optimize, OptimizeSpec};
use common::Tmp;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/tyrant/decks")
}

fn field(except: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(data())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt") && p != except)
        .collect();
    v.sort();
    v
}

fn spec(deck: &str) -> OptimizeSpec {
    let deck = data().join(deck);
    let vs = field(&deck);
    let mut s = OptimizeSpec::new("tyrant", deck, vs);
    s.search.restarts = 1;
    s.search.budget = 6000;
    s.search.max_steps = 100;
    s.search.race.look = 32;
    s.search.race.max_pairs = 256;
    s.final_games = 1000;
    s
}

fn write(dir: &Tmp, name: &str, text: &str) -> PathBuf {
    let p = dir.0.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn every_example_deck_improves_on_fresh_games() {
    let decks: Vec<String> = field(Path::new(""))
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(decks.len(), 10);
    for d in &decks {
        let r = optimize(&spec(d)).unwrap();
        let (_, lo, _) = r.paired.diff(1.96).unwrap();
        assert!(lo > 0.0, "{d}: paired interval {:?}", r.paired.diff(1.96));
        assert_eq!(r.paired.n, 1000);
        // The search stops at the first step past its budget.
        assert!(
            r.search_games >= 6000 && r.search_games < 6000 + 9 * 256 * 2,
            "{d}"
        );
    }
}

#[test]
fn the_best_deck_file_reads_back_as_the_same_deck() {
    let t = Tmp::new("opt-tyrant-out");
    let dir = t.0.join("out");
    let mut s = spec("rush.txt");
    s.run.out = Some(dir.clone());
    let r = optimize(&s).unwrap();
    for f in [
        "best.txt",
        "trajectory.csv",
        "optimize.csv",
        "manifest.json",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    let mut again = spec("rush.txt");
    again.deck = dir.join("best.txt");
    again.search.budget = 1;
    again.search.max_steps = 1;
    let r2 = optimize(&again).unwrap();
    assert_eq!(r2.start.plan, r.best.plan);
    // Same fresh games, same deck: the same record.
    assert_eq!((r2.start.wins, r2.start.games), (r.best.wins, r.best.games));
    let traj = std::fs::read_to_string(dir.join("trajectory.csv")).unwrap();
    assert_eq!(traj.lines().count(), r.steps.len() + 1);
}

#[test]
fn locks_inventory_and_pool_are_respected() {
    let t = Tmp::new("opt-tyrant-constraints");
    let mut s = spec("bruisers.txt");
    s.lock = vec!["paladin colossus".into(), "Ironjaw Gorran".into()];
    s.owned = Some(write(
        &t,
        "inventory.txt",
        "# my cards\nIronjaw Gorran\nWarboss Grell\n2x Bonecrusher\nRavager Tank\nSkullsplitter\n\
         2x Ironhide Mauler\nSiege Goliath\nSkull Cleaver\n2x Paladin Colossus\n1x Penitent Monk\n\
         3x Spore Crawler\n",
    ));
    let r = optimize(&s).unwrap();
    let u = uses(&r.best.plan);
    let count = |n: &str| u.iter().find(|(m, _)| m == n).map_or(0, |x| x.1);
    assert_eq!(r.best.plan.slots, vec!["Ironjaw Gorran".to_string()]);
    assert_eq!(count("Paladin Colossus"), 2);
    assert!(count("Penitent Monk") <= 1);
    assert!(count("Spore Crawler") <= 3);
    assert_eq!(count("Warboss Grell"), 0);
    let owned = [
        "Ironjaw Gorran",
        "Bonecrusher",
        "Ravager Tank",
        "Skullsplitter",
        "Ironhide Mauler",
        "Siege Goliath",
        "Skull Cleaver",
        "Paladin Colossus",
        "Penitent Monk",
        "Spore Crawler",
    ];
    assert!(u.iter().all(|(n, _)| owned.contains(&n.as_str())), "{u:?}");
    // A pool: only these cards may come in.
    let mut p = spec("bruisers.txt");
    p.pool = Some(write(&t, "pool.txt", "Web Spinner\nSky Sentinel\n"));
    let r = optimize(&p).unwrap();
    let start = uses(&r.start.plan);
    for (n, _) in uses(&r.best.plan) {
        assert!(
            start.iter().any(|(m, _)| *m == n) || n == "Web Spinner" || n == "Sky Sentinel",
            "{n}"
        );
    }
}

fn err(s: &OptimizeSpec) -> String {
    match optimize(s) {
        Ok(_) => panic!("expected an error"),
        Err(e) => format!("{e:#}"),
    }
}

#[test]
fn bad_input_names_file_and_line() {
    let t = Tmp::new("opt-tyrant-bad");
    let mut s = spec("bruisers.txt");
    let pool = write(&t, "pool.txt", "# pool\nWeb Spinner\nNo Such Card\n");
    s.pool = Some(pool.clone());
    assert_eq!(
        err(&s),
        format!(
            "{}:3: unknown card `No Such Card` in the card pool (not a card this deck may hold)",
            pool.display()
        )
    );
    let mut s = spec("bruisers.txt");
    s.lock = vec!["Web Spinner".into()];
    let e = err(&s);
    assert!(
        e.ends_with("bruisers.txt: --lock `Web Spinner`: the start deck holds no such card (it holds: Ironjaw Gorran, Bonecrusher, Ravager Tank, Skullsplitter, Ironhide Mauler, Siege Goliath, Skull Cleaver, Paladin Colossus)"),
        "{e}"
    );
    let mut s = spec("bruisers.txt");
    let inv = write(
        &t,
        "inv.txt",
        "Ironjaw Gorran\n1x Bonecrusher\nRavager Tank\nSkullsplitter\n2x Ironhide Mauler\nSiege Goliath\nSkull Cleaver\n2x Paladin Colossus\n",
    );
    s.owned = Some(inv.clone());
    let e = err(&s);
    assert!(
        e.starts_with(&format!(
            "{}:2: the inventory lacks cards of the start deck",
            inv.display()
        )) && e.ends_with("it holds 2 `Bonecrusher`, the inventory owns 1"),
        "{e}"
    );
    let mut s = spec("bruisers.txt");
    let inv = write(&t, "inv2.txt", "2x Bonecrusher\n");
    s.owned = Some(inv.clone());
    let e = err(&s);
    assert!(
        e.starts_with(&format!("{}: the inventory lacks", inv.display()))
            && e.ends_with("it holds 1 `Ironjaw Gorran`, the inventory owns 0"),
        "{e}"
    );
}
