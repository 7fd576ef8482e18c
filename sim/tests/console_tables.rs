//! The console tables of `cardsim run` (a gauntlet: the summary and the field table),
//! `cardsim tournament` (matrix and ranking), `cardsim impact` and the default job (its
//! matchup and deck-vs-field tables),
//! exactly as printed: comfy-table's plain ASCII style through `cardsim_sim::table`, text
//! columns left, numbers right, rates in percent with their 95% intervals.

use std::path::PathBuf;
use std::process::Command;

fn deck(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../data/tyrant/decks/{name}.txt"))
        .display()
        .to_string()
}

fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-tables-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn stdout(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = String::from_utf8(o.stdout).unwrap();
    assert!(s.is_ascii(), "plain ASCII: {s}");
    assert!(
        !s.lines().any(|l| l.ends_with(' ')),
        "no trailing spaces: {s}"
    );
    s
}

#[test]
fn gauntlet_run_prints_its_summary_and_field_tables() {
    let t = tmp("run");
    let out = t.join("r").display().to_string();
    let (b, f, w) = (deck("bruisers"), deck("flyers"), deck("wall_counter"));
    let s = stdout(&[
        "run",
        "--deck",
        &b,
        "--vs",
        &f,
        "--vs",
        &w,
        "--games",
        "300",
        "--quiet",
        "--no-report",
        "--out",
        &out,
    ]);
    assert!(s.starts_with(RUN), "{s}");
    let _ = std::fs::remove_dir_all(&t);
}

#[test]
fn tournament_prints_its_matrix_and_ranking() {
    let t = tmp("tournament");
    let decks = t.join("decks");
    std::fs::create_dir_all(&decks).unwrap();
    for d in ["bruisers", "flyers", "wall_counter"] {
        std::fs::copy(deck(d), decks.join(format!("{d}.txt"))).unwrap();
    }
    let out = t.join("t").display().to_string();
    let s = stdout(&[
        "tournament",
        "--games",
        "100",
        "--quiet",
        "--no-report",
        "--decks",
        decks.to_str().unwrap(),
        "--out",
        &out,
    ]);
    assert!(s.starts_with(TOURNAMENT), "{s}");
    let _ = std::fs::remove_dir_all(&t);
}

#[test]
fn default_job_prints_its_matchup_and_field_tables() {
    let t = tmp("default");
    let out = t.join("d").display().to_string();
    let s = stdout(&[
        "default",
        "--games",
        "200",
        "--ablation-games",
        "0",
        "--quiet",
        "--no-report",
        "--out",
        &out,
    ]);
    assert!(s.contains(DEFAULT_FIELD), "{s}");
    // The matchup table before it: its header and rule, then one row per deck of each pair.
    assert!(s.contains(concat!(
        "matchup                       deck          games  win rate [95% CI] effective as attacker as defender at limit turns\n",
        "----------------------------- ------------- ----- ------------------ --------- ----------- ----------- -------- -----\n",
        "bruisers-vs-chaos_control     bruisers        200 64.0% [58.1, 69.8]       273       90.0%       38.0%     7.0%  30.0\n",
    )), "{s}");
    let _ = std::fs::remove_dir_all(&t);
}

#[test]
fn impact_prints_its_changes_largest_effect_first() {
    let t = tmp("impact");
    let out = t.join("i").display().to_string();
    let (b, f, r) = (deck("bruisers"), deck("flyers"), deck("rush"));
    let s = stdout(&[
        "impact",
        "--deck",
        &b,
        "--vs",
        &f,
        "--vs",
        &r,
        "--all-cards",
        "--remove",
        "--games",
        "200",
        "--quiet",
        "--no-report",
        "--out",
        &out,
    ]);
    assert!(s.starts_with(IMPACT), "{s}");
    let _ = std::fs::remove_dir_all(&t);
}

const IMPACT: &str = concat!(
    "card             change games base wins new wins score diff [95% CI] (paired)\n",
    "---------------- ------ ----- --------- -------- ----------------------------\n",
    "Skull Cleaver    remove   400     36.2%    45.2%     +9.00 [+4.33, +13.67] pp\n",
    "Ravager Tank     remove   400     36.2%    36.8%      +0.50 [-4.10, +5.10] pp\n",
    "Skullsplitter    remove   400     36.2%    36.8%      +0.50 [-4.15, +5.15] pp\n",
    "Paladin Colossus remove   400     36.2%    34.8%      -1.50 [-6.20, +3.20] pp\n",
    "Siege Goliath    remove   400     36.2%    29.5%     -6.75 [-11.43, -2.07] pp\n",
    "Bonecrusher      remove   400     36.2%    28.8%     -7.50 [-12.40, -2.60] pp\n",
    "Ironhide Mauler  remove   400     36.2%    22.0%    -14.25 [-18.98, -9.52] pp\n",
);

const RUN: &str = concat!(
        "matchup                  deck         games  win rate [95% CI] effective as attacker as defender at limit turns\n",
        "------------------------ ------------ ----- ------------------ --------- ----------- ----------- -------- -----\n",
        "bruisers-vs-flyers       bruisers       300 46.7% [41.9, 51.5]       432       75.3%       18.0%     2.7%  24.8\n",
        "bruisers-vs-flyers       flyers         300 53.3% [48.5, 58.1]       432       82.0%       24.7%     2.7%  24.8\n",
        "bruisers-vs-wall_counter bruisers       300 54.0% [48.7, 59.3]       357       74.7%       33.3%     5.7%  31.1\n",
        "bruisers-vs-wall_counter wall_counter   300 46.0% [40.7, 51.3]       357       66.7%       25.3%     5.7%  31.1\n",
        "\n",
        "bruisers against the field (pooled row weighted by the weights column):\n",
        "opponent     weight games  win rate [95% CI] draws score\n",
        "------------ ------ ----- ------------------ ----- -----\n",
        "flyers        0.500   300 46.7% [41.9, 51.5]  0.0% 46.7%\n",
        "wall_counter  0.500   300 54.0% [48.7, 59.3]  0.0% 54.0%\n",
        "field         1.000   600 50.3% [46.8, 53.9]  0.0% 50.3%\n",
    );

const TOURNAMENT: &str = concat!(
    "row \\ col    bruisers flyers wall_counter\n",
    "------------ -------- ------ ------------\n",
    "bruisers            -  46.0%        54.0%\n",
    "flyers          54.0%      -        45.0%\n",
    "wall_counter    46.0%  55.0%            -\n",
    "\n",
    "deck         games  vs field [95% CI] rating [95% CI]\n",
    "------------ ----- ------------------ ---------------\n",
    "wall_counter   200 50.5% [43.6, 57.3]   +2 [-30, +34]\n",
    "bruisers       200 50.0% [43.5, 56.4]   +0 [-32, +32]\n",
    "flyers         200 49.5% [43.1, 56.0]   -2 [-34, +30]\n",
);

const DEFAULT_FIELD: &str = concat!(
    "deck vs field games  win rate [95% CI] effective as attacker as defender\n",
    "------------- ----- ------------------ --------- ----------- -----------\n",
    "bruisers       1800 49.0% [47.0, 51.0]      2533       70.6%       27.4%\n",
    "chaos_control  1800 49.9% [47.8, 52.0]      2181       63.4%       36.3%\n",
    "flyers         1800 53.7% [51.5, 55.8]      2158       70.9%       36.4%\n",
    "leech          1800 49.7% [47.6, 51.7]      2273       62.9%       36.4%\n",
    "poison         1800 51.3% [49.2, 53.3]      2341       62.0%       40.6%\n",
    "regenerate     1800 51.8% [49.7, 53.8]      2321       59.4%       44.1%\n",
    "rush           1800 44.8% [42.8, 46.9]      2350       63.3%       26.3%\n",
    "strike         1800 51.6% [49.5, 53.6]      2387       64.4%       38.7%\n",
    "swarm          1800 51.4% [49.4, 53.4]      2438       71.2%       31.6%\n",
    "wall_counter   1800 46.9% [44.7, 49.2]      1976       54.3%       39.6%\n",
    "\n",
);
