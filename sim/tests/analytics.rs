//! Tournament, impact, sweep and sequential stopping: the numbers they must get exactly, and
//! identical results for one and two threads.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use cardsim_sim::impact::{impact, AllCards, CardChange, ImpactReport, ImpactSpec};
use cardsim_sim::sequential::StopRule;
use cardsim_sim::settings::RunSettings;
use cardsim_sim::stats::{Decision, Sprt};
use cardsim_sim::stratified::stratified_variance;
use cardsim_sim::sweep::{sweep, SweepSpec};
use cardsim_sim::tournament::{tournament, TournamentSpec};
use cardsim_sim::{execute, execute_with, Job, Pairing};

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

/// Rows of a CSV as header → value maps.
fn csv_rows(path: &Path) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let h = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            h.iter()
                .zip(rec.iter())
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        })
        .collect()
}

fn num(row: &HashMap<String, String>, col: &str) -> f64 {
    row[col]
        .parse()
        .unwrap_or_else(|_| panic!("{col} = {:?}", row[col]))
}

/// The run settings of the tests' specs: the game's cards, no parameters, no progress bar.
fn settings(game: &str, seed: u64, threads: usize, out: Option<PathBuf>) -> RunSettings {
    RunSettings {
        game: game.into(),
        seed,
        threads: Some(threads),
        out,
        command: vec!["test".into()],
        options: serde_json::json!({}),
        ..Default::default()
    }
}

fn impact_spec(changes: Vec<CardChange>, games: u64, threads: usize) -> ImpactSpec {
    ImpactSpec {
        run: RunSettings {
            cards: Some(test_data("cards.csv")),
            ..settings("tyrant", 11, threads, None)
        },
        deck: test_data("alpha.txt"),
        vs: vec![test_data("beta.txt"), test_data("gamma.txt")],
        agent: "random".into(),
        vs_agent: "random".into(),
        games,
        changes,
        all_cards: None,
        stop: StopRule::default(),
    }
}

#[test]
fn a_vanilla_copy_changes_nothing_and_a_stronger_card_wins_more() {
    let changes = vec![
        CardChange::Replace {
            card: "Grunt".into(),
            with: "Grunt Copy".into(),
        },
        CardChange::Numbers {
            card: "grunt".into(),
            change: "attack+5".into(),
            label: "buff".into(),
        },
        CardChange::Replace {
            card: "Grunt".into(),
            with: "Brute".into(),
        },
    ];
    let r = impact(&impact_spec(changes, 1500, 2)).unwrap();
    assert_eq!(r.rows.len(), 3);
    // The copy: every paired game ends the same, so the difference is exactly zero.
    let copy = &r.rows[0];
    assert_eq!(
        (copy.card.as_str(), copy.change.as_str()),
        ("Grunt", "replace-with:Grunt Copy")
    );
    assert_eq!(copy.games, 3000, "1500 games against each of two opponents");
    assert_eq!(copy.base, copy.new);
    assert_eq!(copy.paired.discordant, 0);
    assert_eq!(copy.paired.sum2, 0);
    assert_eq!(copy.diff(), Some((0.0, 0.0, 0.0)));
    // +5 attack on three copies: clearly better, the whole interval above 0.
    let buff = &r.rows[1];
    assert_eq!(buff.change, "buff:attack+5");
    let (d, lo, _) = buff.diff().unwrap();
    assert!(lo > 0.0, "buff interval {:?}", buff.diff());
    assert!(d > 0.1, "{d}");
    // Every arm saw the same original-deck games.
    assert!(r
        .rows
        .iter()
        .all(|x| x.base == copy.base && x.games == 3000));
    // The difference is the change in wins (no draws at the default limit rule).
    for x in &r.rows {
        let d = x.diff().unwrap().0;
        assert!((d - (x.new[0] as f64 - x.base[0] as f64) / 3000.0).abs() < 1e-12);
    }
}

/// Run `s` on 1 and then 2 threads into two folders; the reports and impact.csv must be
/// identical. Returns the first report and its folder (removed by the caller).
fn impact_on_1_and_2_threads(mut s: ImpactSpec, tag: &str) -> (ImpactReport, PathBuf) {
    let out1 = tmp(&format!("{tag}1"));
    let out2 = tmp(&format!("{tag}2"));
    s.run.threads = Some(1);
    s.run.out = Some(out1.clone());
    let a = impact(&s).unwrap();
    s.run.threads = Some(2);
    s.run.out = Some(out2.clone());
    let b = impact(&s).unwrap();
    assert_eq!(a.rows, b.rows);
    assert_eq!(a.skipped, b.skipped);
    let f1 = std::fs::read(out1.join("impact.csv")).unwrap();
    assert_eq!(f1, std::fs::read(out2.join("impact.csv")).unwrap());
    let _ = std::fs::remove_dir_all(&out2);
    (a, out1)
}

#[test]
fn all_cards_ablation_and_thread_independence() {
    let mut s = impact_spec(vec![], 700, 1);
    s.all_cards = Some(AllCards::ReplaceWith("Grunt Copy".into()));
    s.stop = StopRule {
        sprt: Some(Sprt::new(0.5, 0.3, 0.05, 0.05).unwrap()),
        half_width: None,
        min_games: 0,
        look: 50,
    };
    let (_, out1) = impact_on_1_and_2_threads(s, "imp");
    let rows = csv_rows(&out1.join("impact.csv"));
    let cards: Vec<&str> = rows.iter().map(|r| r["card"].as_str()).collect();
    assert_eq!(cards, ["Grunt", "Runner", "Brute", "Bulwark"]);
    // Grunt → its copy never decides (no discordant games): the budget is used up.
    assert_eq!(rows[0]["diff"], "0.0000");
    assert_eq!(rows[0]["stop_decision"], "undecided_at_budget");
    assert_eq!(rows[0]["games"], "1400");
    for r in &rows {
        assert!(
            num(r, "diff_ci_low") <= num(r, "diff") && num(r, "diff") <= num(r, "diff_ci_high")
        );
        assert!((num(r, "base_wins") / num(r, "games") - num(r, "base_win_rate")).abs() < 5e-5);
        assert!((num(r, "new_wins") / num(r, "games") - num(r, "new_win_rate")).abs() < 5e-5);
        // Both arms' win rates carry their stratified interval (opponent × seat strata).
        for x in ["base_win_rate", "new_win_rate"] {
            let (lo, hi) = (
                num(r, &format!("{x}_ci_low")),
                num(r, &format!("{x}_ci_high")),
            );
            assert!(lo <= num(r, x) && num(r, x) <= hi && lo < hi, "{x}: {r:?}");
        }
    }
    let grunt: Vec<&str> = ["base_win_rate_ci_low", "base_win_rate_ci_high"]
        .iter()
        .map(|c| rows[0][*c].as_str())
        .collect();
    // 0.2671 over 1,400 games: Wilson's interval (continuity-corrected) would be
    // [0.2443, 0.2913]; the seats differ, so the stratified one is narrower.
    assert_eq!(
        (rows[0]["base_win_rate"].as_str(), grunt),
        ("0.2671", vec!["0.2466", "0.2883"])
    );
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out1.join("manifest.json")).unwrap())
            .unwrap();
    assert_eq!(m["kind"], "impact");
    let _ = std::fs::remove_dir_all(&out1);
}

fn allegiance_deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/allegiance/decks/{name}.txt"))
}

/// Beledan against De'Soth and Thedric, with the example cards plus `Pikeman Copy` (a vanilla
/// copy of Pikeman kept out of the decks).
fn allegiance_spec(changes: Vec<CardChange>, games: u64, threads: usize) -> ImpactSpec {
    ImpactSpec {
        run: RunSettings {
            cards: Some(test_data("allegiance/cards.csv")),
            ..settings("allegiance", 3, threads, None)
        },
        deck: allegiance_deck("beledan"),
        vs: vec![allegiance_deck("desoth"), allegiance_deck("thedric")],
        ..impact_spec(changes, games, threads)
    }
}

fn numbers(card: &str, change: &str, label: &str) -> CardChange {
    CardChange::Numbers {
        card: card.into(),
        change: change.into(),
        label: label.into(),
    }
}

#[test]
fn allegiance_vanilla_copy_changes_nothing_and_buffs_win_more() {
    let changes = vec![
        // A shared-deck card: every copy in the basic deck (for both players) becomes the copy.
        CardChange::Replace {
            card: "Pikeman".into(),
            with: "Pikeman Copy".into(),
        },
        numbers("Beledan Kind", "health+20", "buff"),
        numbers("Smite", "damage+3", "buff"),
        // The loadout's starting weapon swapped for the hero's other weapon face.
        CardChange::Replace {
            card: "Valdruun Warhammer".into(),
            with: "Styrka Validata".into(),
        },
    ];
    let r = impact(&allegiance_spec(changes, 1500, 2)).unwrap();
    assert_eq!(r.rows.len(), 4);
    let copy = &r.rows[0];
    assert_eq!(
        (copy.deck.as_str(), copy.card.as_str(), copy.change.as_str()),
        ("beledan", "Pikeman", "replace-with:Pikeman Copy")
    );
    assert_eq!(copy.games, 3000, "1500 games against each of two opponents");
    assert_eq!(copy.base, copy.new);
    assert_eq!(copy.paired.discordant, 0);
    assert_eq!(copy.paired.sum2, 0);
    assert_eq!(copy.diff(), Some((0.0, 0.0, 0.0)));
    for buff in &r.rows[1..3] {
        let (d, lo, _) = buff.diff().unwrap();
        assert!(lo > 0.0, "{} interval {:?}", buff.change, buff.diff());
        assert!(d > 0.03, "{} {d}", buff.change);
    }
    assert_eq!(r.rows[1].change, "buff:health+20");
    assert!(
        r.rows[3].paired.discordant > 0,
        "another weapon changes games"
    );
    assert!(r
        .rows
        .iter()
        .all(|x| x.base == copy.base && x.games == 3000));
}

#[test]
fn allegiance_impact_is_thread_independent() {
    let changes = vec![
        numbers("Infantry", "attack-1", "nerf"),
        numbers("Anointed Platemail", "armor+1", "buff"),
        CardChange::Remove {
            card: "War Chest".into(),
        },
    ];
    let (_, out1) = impact_on_1_and_2_threads(allegiance_spec(changes, 900, 1), "aimp");
    let rows = csv_rows(&out1.join("impact.csv"));
    let changes: Vec<&str> = rows.iter().map(|r| r["change"].as_str()).collect();
    assert_eq!(changes, ["nerf:attack-1", "buff:armor+1", "remove"]);
    assert!(rows.iter().all(|r| r["games"] == "1800"));
    let _ = std::fs::remove_dir_all(&out1);
}

/// `--all-cards --remove` on an Allegiance loadout: every ability and fixed face is
/// measured, the faces the loadout does not fix and the hero are listed with their reasons
/// (rows with 0 games), and the run is thread-independent.
#[test]
fn allegiance_all_cards_measures_abilities_and_lists_what_it_skips() {
    let mut s = allegiance_spec(vec![], 150, 1);
    s.all_cards = Some(AllCards::Remove);
    let (a, out1) = impact_on_1_and_2_threads(s, "aall");
    let measured: Vec<&str> = a.rows.iter().map(|r| r.card.as_str()).collect();
    assert_eq!(
        measured,
        [
            "Equip",
            "Lay on Hands",
            "Smite",
            "Divine Aegis",
            "Consecration",
            "Crusade",
            "Judgment",
            "Ascension",
            "Valdruun Warhammer",
            "Anointed Platemail"
        ]
    );
    assert!(a
        .rows
        .iter()
        .all(|r| r.change == "remove" && r.games == 300));
    // Every measured removal changes some game.
    assert!(
        a.rows.iter().all(|r| r.paired.discordant > 0),
        "{:?}",
        a.rows
    );
    let notes: Vec<(&str, &str)> = a
        .rows
        .iter()
        .filter_map(|r| r.note.as_deref().map(|n| (r.card.as_str(), n)))
        .collect();
    assert_eq!(
        notes,
        [
            ("Equip", "no other level-0 ability is left, so 7 more abilities become unreachable: Lay on Hands, Smite, Divine Aegis, Consecration, Crusade, Judgment, Ascension"),
            ("Valdruun Warhammer", "the player chooses its starting weapon face at set-up instead"),
            ("Anointed Platemail", "the player chooses its starting armor face at set-up instead"),
        ]
    );
    let skipped: Vec<(&str, &str)> = a
        .skipped
        .iter()
        .map(|k| (k.card.as_str(), k.reason.as_str()))
        .collect();
    assert_eq!(
        skipped,
        [
            ("Styrka Validata", "the loadout does not fix the weapon `Styrka Validata` as its starting face (the loadout starts with the other face), so there is nothing to remove or replace"),
            ("Celestial Vestments", "the loadout does not fix the armor `Celestial Vestments` as its starting face (the loadout starts with the other face), so there is nothing to remove or replace"),
            ("Beledan Kind", "`Beledan Kind` is the loadout's hero: a loadout without its hero is no loadout (compare heroes with --card \"Beledan Kind\" --replace-with ANOTHER)"),
        ]
    );
    // impact.csv: the measured rows, then the skipped ones with 0 games and the reason.
    let rows = csv_rows(&out1.join("impact.csv"));
    assert_eq!(rows.len(), 13);
    assert!(rows[..10].iter().all(|r| r["skipped"].is_empty()));
    assert_eq!(rows[0]["note"], notes[0].1);
    for (r, k) in rows[10..].iter().zip(&a.skipped) {
        assert_eq!(
            (
                r["card"].as_str(),
                r["games"].as_str(),
                r["base_wins"].as_str()
            ),
            (k.card.as_str(), "0", "0")
        );
        assert_eq!(
            (r["diff"].as_str(), r["skipped"].as_str()),
            ("", k.reason.as_str())
        );
    }
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out1.join("manifest.json")).unwrap())
            .unwrap();
    assert_eq!(m["options"]["skipped"].as_array().unwrap().len(), 3);
    let _ = std::fs::remove_dir_all(&out1);
}

/// In 6 rounds Beledan cannot afford Ascension: levels 0–4 cost at least 0 + 3 + 9 + 20 + 30
/// = 62 gold, his income is at most 6 + 7 + … + 11 = 51, and the four War Chests (cost 1,
/// gold 3) add at most 8. Its unlock is never legal, so removing it changes no game: the
/// paired difference is exactly 0. With `--replace-with` only what can take that card is
/// measured (the fixed weapon by the other weapon face); the rest is listed.
#[test]
fn allegiance_all_cards_no_op_is_exactly_zero_and_replace_lists_the_rest() {
    let mut s = allegiance_spec(vec![], 200, 2);
    s.run.params = vec!["max_rounds=6".into()];
    s.all_cards = Some(AllCards::Remove);
    let r = impact(&s).unwrap();
    let asc = r.rows.iter().find(|r| r.card == "Ascension").unwrap();
    assert_eq!(asc.games, 400);
    assert_eq!(asc.base, asc.new);
    assert_eq!((asc.paired.discordant, asc.paired.sum2), (0, 0));
    assert_eq!(asc.diff(), Some((0.0, 0.0, 0.0)));
    s.all_cards = Some(AllCards::ReplaceWith("Styrka Validata".into()));
    let r = impact(&s).unwrap();
    let measured: Vec<(&str, &str)> = r
        .rows
        .iter()
        .map(|r| (r.card.as_str(), r.change.as_str()))
        .collect();
    assert_eq!(
        measured,
        [("Valdruun Warhammer", "replace-with:Styrka Validata")]
    );
    assert_eq!(r.rows[0].games, 400);
    let reasons: Vec<(&str, &str)> = r
        .skipped
        .iter()
        .map(|k| (k.card.as_str(), k.reason.as_str()))
        .collect();
    assert_eq!(reasons.len(), 11, "{reasons:?}");
    assert_eq!(
        reasons[0],
        (
            "Equip",
            "`Beledan Kind/Equip` is a hero ability: it can be removed (--remove), not replaced"
        )
    );
    assert_eq!(
        reasons[8],
        (
            "Anointed Platemail",
            "loadout `beledan`: the armor `Anointed Platemail` can only be replaced by a armor of the same kind, not by the weapon `Styrka Validata`"
        )
    );
    assert_eq!(
        reasons[10],
        (
            "Beledan Kind",
            "loadout `beledan`: the hero `Beledan Kind` can only be replaced by a hero of the same kind, not by the weapon `Styrka Validata`"
        )
    );
    // Nothing left to measure is an error that lists the reasons.
    s.all_cards = Some(AllCards::ReplaceWith("Pikeman".into()));
    let e = impact(&s).err().unwrap().to_string();
    assert!(
        e.starts_with("nothing to measure: allegiance cannot ablate any card of `beledan` that way:\n  Equip (replace-with:Pikeman): "),
        "{e}"
    );
}

#[test]
fn allegiance_bad_edits_are_clear_errors_and_write_nothing() {
    let out = tmp("aimp-bad");
    let run = |change: CardChange| {
        let mut s = allegiance_spec(vec![change.clone()], 10, 1);
        s.run.out = Some(out.clone());
        let e = match impact(&s) {
            Ok(_) => panic!("{change:?} should fail"),
            Err(e) => e.to_string(),
        };
        assert!(!out.exists(), "nothing written for: {e}");
        e
    };
    assert_eq!(
        run(numbers("Pikemn", "attack+1", "buff")),
        "allegiance: unknown card `Pikemn`"
    );
    assert!(run(numbers("Pikeman", "speed+1", "buff")).contains("unknown field `speed`"));
    assert!(run(numbers("Pikeman", "attack-9", "nerf")).contains("outside 0..=99"));
    assert!(run(numbers("Fireball", "health+1", "buff")).contains("has no health"));
    assert_eq!(
        run(CardChange::Replace {
            card: "Pikeman".into(),
            with: "Fireball".into(),
        }),
        "allegiance: `Pikeman` (basic unit) can only be replaced by another basic unit, not by the action card `Fireball`"
    );
    assert!(run(CardChange::Replace {
        card: "Valdruun Warhammer".into(),
        with: "Deathplate".into(),
    })
    .contains("only be replaced by a weapon"));
    assert!(run(CardChange::Remove {
        card: "Beledan Kind".into(),
    })
    .contains("cannot be removed"));
}

fn tournament_spec(threads: usize, out: PathBuf, mirrors: bool) -> TournamentSpec {
    TournamentSpec {
        run: settings("tyrant", 5, threads, Some(out)),
        decks: ["leech", "rush", "strike", "swarm"]
            .map(tyrant_deck)
            .to_vec(),
        agent: "random".into(),
        games_per_pair: 1001,
        mirrors,
        stop: StopRule::default(),
        duplicate: false,
    }
}

#[test]
fn tournament_matrix_ranking_and_threads() {
    let (o1, o2) = (tmp("t1"), tmp("t2"));
    let a = tournament(&tournament_spec(1, o1.clone(), false)).unwrap();
    tournament(&tournament_spec(2, o2.clone(), false)).unwrap();
    for f in [
        "matrix.csv",
        "ranking.csv",
        "summary.csv",
        "cards.csv",
        "turns.csv",
    ] {
        assert_eq!(
            std::fs::read(o1.join(f)).unwrap(),
            std::fs::read(o2.join(f)).unwrap(),
            "{f} differs between 1 and 2 threads"
        );
    }
    let m = csv_rows(&o1.join("matrix.csv"));
    assert_eq!(m.len(), 4 * 3, "both directions of the 6 pairs");
    for r in &m {
        assert_eq!(r["games"], "1001");
        let back = m
            .iter()
            .find(|x| x["row_deck"] == r["col_deck"] && x["col_deck"] == r["row_deck"])
            .unwrap();
        assert_eq!(r["row_wins"], back["col_wins"]);
        assert_eq!(
            num(r, "row_wins") + num(r, "col_wins") + num(r, "draws"),
            1001.0
        );
        assert!(
            num(r, "win_rate_ci_low") <= num(r, "win_rate")
                && num(r, "win_rate") <= num(r, "win_rate_ci_high")
        );
    }
    let rank = csv_rows(&o1.join("ranking.csv"));
    assert_eq!(rank.len(), 4);
    let mean: f64 = rank.iter().map(|r| num(r, "rating")).sum::<f64>() / 4.0;
    assert!(mean.abs() < 0.1, "ratings are anchored to mean 0: {mean}");
    for r in &rank {
        assert_eq!(r["games"], "3003");
        assert!(
            num(r, "rating_ci_low") < num(r, "rating")
                && num(r, "rating") < num(r, "rating_ci_high")
        );
    }
    // Ratings come out in the order of the field win rates here (a balanced schedule).
    let order: Vec<f64> = rank.iter().map(|r| num(r, "field_win_rate")).collect();
    assert!(order.windows(2).all(|w| w[0] >= w[1]), "{order:?}");
    assert_eq!(a.manifest.kind, "tournament");
    // Common random numbers: game i of every pair uses the same seeds, so a pair's first
    // 1001 games are those of a run of that pair alone with the same seed.
    let run = execute(&Job {
        run: RunSettings {
            game: "tyrant".into(),
            seed: 5,
            threads: Some(2),
            ..Default::default()
        },
        decks: vec![tyrant_deck("rush"), tyrant_deck("swarm")],
        pairing: Pairing::Single,
        agents: vec!["random".into(), "random".into()],
        games: 1001,
    })
    .unwrap();
    let rush_swarm = m
        .iter()
        .find(|r| r["row_deck"] == "rush" && r["col_deck"] == "swarm")
        .unwrap();
    let rush_all = run.summary.iter().find(|s| s.seat == "all").unwrap();
    assert_eq!(rush_swarm["row_wins"], rush_all.acc.wins.to_string());
    // Mirrors: one row per deck against itself on top.
    let o3 = tmp("t3");
    tournament(&tournament_spec(2, o3.clone(), true)).unwrap();
    let m3 = csv_rows(&o3.join("matrix.csv"));
    assert_eq!(m3.len(), 16);
    assert!(m3
        .iter()
        .any(|r| r["row_deck"] == "rush" && r["col_deck"] == "rush"));
    for d in [o1, o2, o3] {
        let _ = std::fs::remove_dir_all(d);
    }
}

fn lopsided_job(threads: usize, games: u64) -> Job {
    Job {
        run: RunSettings {
            game: "tyrant".into(),
            seed: 3,
            threads: Some(threads),
            ..Default::default()
        },
        decks: vec![tyrant_deck("leech"), tyrant_deck("strike")],
        pairing: Pairing::Single,
        agents: vec!["random".into(), "random".into()],
        games,
    }
}

#[test]
fn sprt_stops_a_lopsided_matchup_early_and_deterministically() {
    let rule = StopRule {
        sprt: Some(Sprt::new(0.5, 0.55, 0.05, 0.05).unwrap()),
        half_width: None,
        min_games: 0,
        look: 10,
    };
    let a = execute_with(&lopsided_job(1, 100_000), &rule).unwrap();
    let b = execute_with(&lopsided_job(2, 100_000), &rule).unwrap();
    let st = a.summary[0].stop.unwrap();
    assert_eq!(Some(st), b.summary[0].stop);
    assert_eq!(a.accs, b.accs);
    assert_eq!(st.decision, Decision::AcceptH1);
    assert!(st.games <= 200, "stopped after {} games", st.games);
    assert_eq!(st.games % 10, 0);
    assert!(st.llr.unwrap() >= 19f64.ln());
    assert_eq!(a.manifest.games, st.games);
    // A stopped run is exactly the fixed-size run of the games it used, and the look before
    // had not crossed a bound.
    let fixed = execute(&lopsided_job(2, st.games)).unwrap();
    assert_eq!(fixed.accs, a.accs);
    // The LLR is the normal one with the stratified (per-seat) variance of the first deck's
    // win rate.
    let t = rule.sprt.unwrap();
    let strata = |r: &cardsim_sim::JobReport| -> Vec<(u64, u64)> {
        r.summary[..2]
            .iter()
            .map(|s| (s.acc.wins, s.acc.games))
            .collect()
    };
    let normal = |r: &cardsim_sim::JobReport, n: u64| {
        let s = strata(r);
        let est = r.summary[2].acc.wins as f64 / n as f64;
        (est, stratified_variance(&s).unwrap())
    };
    let (est, var) = normal(&fixed, st.games);
    assert!((t.llr_normal(est, var) - st.llr.unwrap()).abs() < 1e-12);
    let earlier = execute(&lopsided_job(2, st.games - 10)).unwrap();
    let (est, var) = normal(&earlier, st.games - 10);
    assert_eq!(t.decide_normal(est, var), None);
    // The half-width rule: stops at the first look at or past min_games with the
    // interval narrow enough.
    let hw = StopRule {
        sprt: None,
        half_width: Some(0.02),
        min_games: 500,
        look: 100,
    };
    let h = execute_with(&lopsided_job(2, 100_000), &hw).unwrap();
    let st = h.summary[0].stop.unwrap();
    assert_eq!(st.decision, Decision::HalfWidth);
    assert!(st.half_width.unwrap() <= 0.02);
    let before = cardsim_sim::stratified::stratified_half_width(
        &strata(&execute(&lopsided_job(2, st.games - 100)).unwrap()),
        cardsim_sim::stats::Z95,
    )
    .unwrap();
    assert!(
        before > 0.02 || st.games - 100 < 500,
        "should have stopped a look earlier"
    );
}

fn sweep_spec(threads: usize, out: PathBuf, param: &str) -> SweepSpec {
    SweepSpec {
        run: settings("tyrant", 9, threads, Some(out)),
        decks: ["poison", "rush", "wall_counter"].map(tyrant_deck).to_vec(),
        round_robin: true,
        agent: "random".into(),
        param: param.into(),
        games: 400,
    }
}

#[test]
fn sweep_is_paired_and_thread_independent() {
    let (o1, o2) = (tmp("s1"), tmp("s2"));
    let a = sweep(&sweep_spec(1, o1.clone(), "turn_limit=10..50:20")).unwrap();
    sweep(&sweep_spec(2, o2.clone(), "turn_limit=10..50:20")).unwrap();
    assert_eq!(
        std::fs::read(o1.join("sweep.csv")).unwrap(),
        std::fs::read(o2.join("sweep.csv")).unwrap()
    );
    assert_eq!(a.values, ["10", "30", "50"]);
    let rows = csv_rows(&o1.join("sweep.csv"));
    assert_eq!(rows.len(), 3 * 2);
    // Same games at each limit: a game that stalls at a higher limit stalled at every lower
    // one, and one decided before the lower limit is decided the same way at the higher.
    // So stalls never rise and attacker wins never fall (the defender wins at the limit).
    let att: Vec<&HashMap<String, String>> =
        rows.iter().filter(|r| r["seat"] == "attacker").collect();
    for w in att.windows(2) {
        assert!(num(w[1], "stalls") <= num(w[0], "stalls"));
        assert!(num(w[1], "wins") >= num(w[0], "wins"));
    }
    for r in &rows {
        assert_eq!(r["games"], "1200", "3 pairs x 400 games");
        assert_eq!(r["param"], "turn_limit");
    }
    assert_eq!(att[0]["stall_diff"], "0.0000");
    assert!(
        num(att[2], "stall_diff_ci_high") < 0.0,
        "stalls fall from 10 to 50 turns"
    );
    // Per value the seats' wins and the draws add up to the games (no draws here).
    for v in ["10", "30", "50"] {
        let w: f64 = rows
            .iter()
            .filter(|r| r["value"] == v)
            .map(|r| num(r, "wins"))
            .sum();
        assert_eq!(w, 1200.0);
    }
    // Any kind of parameter: a choice and a flag.
    let o3 = tmp("s3");
    let mut fixed = sweep_spec(2, o3.clone(), "at_limit=defender,draw");
    fixed.run.params = vec!["turn_limit=20".into()];
    let c = sweep(&fixed).unwrap();
    // With draws at the limit, the defender's wins at the limit become draws: the
    // attacker's wins are unchanged, the stalls too.
    assert_eq!(c.accs[0].wins[0], c.accs[1].wins[0]);
    assert_eq!(c.accs[0].stalls, c.accs[1].stalls);
    assert_eq!(c.accs[0].wins[1] - c.accs[1].wins[1], c.accs[0].stalls);
    let d = sweep(&sweep_spec(2, o3.clone(), "shuffle=true,false")).unwrap();
    assert_eq!(d.values, ["true", "false"]);
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(o3.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(m["kind"], "sweep");
    assert_eq!(m["options"]["values"], serde_json::json!(["true", "false"]));
    for d in [o1, o2, o3] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn card_columns_split_opening_and_later_draws() {
    let out = tmp("cards");
    let mut j = lopsided_job(2, 3000);
    j.run.out = Some(out.clone());
    execute(&j).unwrap();
    let rows = csv_rows(&out.join("cards.csv"));
    assert!(!rows.is_empty());
    for r in &rows {
        let g = |c: &str| num(r, c);
        assert_eq!(g("opening_games") + g("later_games"), g("gih_games"));
        assert_eq!(g("opening_wins") + g("later_wins"), g("gih_wins"));
        assert_eq!(g("gih_games") + g("gns_games"), g("games"));
        assert_eq!(g("gih_games"), g("drawn_games"));
        assert_eq!(r["iwd"], r["improvement_when_drawn"]);
        if g("gns_games") > 0.0 {
            let iwd = g("gih_wins") / g("gih_games") - g("gns_wins") / g("gns_games");
            assert!((g("iwd") - iwd).abs() < 1e-4);
        }
    }
    // Three-card opening hands out of ten: a 3-copy card is in about 1 − C(7,3)/C(10,3) =
    // 70.8% of opening hands.
    let three: Vec<_> = rows
        .iter()
        .filter(|r| r["copies"] == "3" && r["deck"] == "leech")
        .collect();
    assert!(!three.is_empty());
    for r in three {
        let share = num(r, "opening_games") / num(r, "games");
        assert!((share - 0.708).abs() < 0.03, "{share}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

// ---- command line: bad values stop with a message, a non-zero exit and nothing written ----
