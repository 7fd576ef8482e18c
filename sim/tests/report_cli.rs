//! `cardsim report` on bad input: a clear message naming the file and line, exit code 2, and
//! no report written (an older report stays as it was).

mod common;

use std::process::Command;

use common::Tmp;

fn report(dir: &std::path::Path) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .arg("report")
        .arg(dir)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn missing_and_empty_folders_are_refused() {
    let t = Tmp::new("report-cli-empty");
    let (code, _, err) = report(&t.0.join("absent"));
    assert_eq!(code, 2);
    assert!(err.contains("absent: no such folder"), "{err}");
    let (code, _, err) = report(&t.0);
    assert_eq!(code, 2);
    assert!(err.contains("no cardsim output here"), "{err}");
    assert!(!t.0.join("report.html").exists());
}

#[test]
fn a_malformed_csv_is_named_and_nothing_is_written() {
    let t = Tmp::new("report-cli-malformed");
    let good = "param,value,games,seat,wins,win_rate,win_rate_ci_low,win_rate_ci_high,stalls,stall_rate,stall_rate_ci_low,stall_rate_ci_high,mean_turns,p90_turns\n\
                turn_limit,20,100,attacker,40,0.4,0.31,0.5,10,0.1,0.06,0.17,18.5,20\n";
    std::fs::write(t.0.join("sweep.csv"), good).unwrap();
    let (code, out, err) = report(&t.0);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(sweep report, 2 charts)"), "{out}");
    let before = std::fs::read_to_string(t.0.join("report.html")).unwrap();
    std::fs::write(
        t.0.join("sweep.csv"),
        format!("{good}turn_limit,30,100,attacker,forty,0.4,0.31,0.5,10,0.1,0.06,0.17,18.5,20\n"),
    )
    .unwrap();
    let (code, _, err) = report(&t.0);
    assert_eq!(code, 2);
    assert!(
        err.contains("sweep.csv:3: column `wins`: `forty` is not a non-negative integer"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    // The earlier report is untouched and no temporary file is left behind.
    assert_eq!(
        std::fs::read_to_string(t.0.join("report.html")).unwrap(),
        before
    );
    assert_eq!(std::fs::read_dir(&t.0).unwrap().count(), 2);
}

/// turns.csv must count as many games per matchup as summary.csv: a count of 2^64 − 1 (or a
/// turns.csv of another run) is refused with the file and line, and no report is written.
#[test]
fn turn_counts_that_disagree_with_the_summary_are_refused() {
    let t = Tmp::new("report-cli-turns");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../reports/default");
    for f in ["summary.csv", "turns.csv", "manifest.json"] {
        std::fs::copy(format!("{src}/{f}"), t.0.join(f)).unwrap();
    }
    let turns = std::fs::read_to_string(t.0.join("turns.csv")).unwrap();
    let mut lines: Vec<String> = turns.lines().map(String::from).collect();
    // matchup,winner,end,turns,games: the first record's count.
    let mut cells: Vec<&str> = lines[1].split(',').collect();
    let matchup = cells[0].to_string();
    cells[4] = "18446744073709551615";
    lines[1] = cells.join(",");
    std::fs::write(t.0.join("turns.csv"), lines.join("\n") + "\n").unwrap();
    let (code, _, err) = report(&t.0);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "turns.csv:3: the game counts of matchup `{matchup}` overflow"
        )),
        "{err}"
    );
    assert!(!t.0.join("report.html").exists());
    // One game too many: the counts disagree.
    let mut cells: Vec<&str> = turns.lines().nth(1).unwrap().split(',').collect();
    let n: u64 = cells[4].parse::<u64>().unwrap() + 1;
    let n = n.to_string();
    cells[4] = &n;
    let mut lines: Vec<String> = turns.lines().map(String::from).collect();
    lines[1] = cells.join(",");
    std::fs::write(t.0.join("turns.csv"), lines.join("\n") + "\n").unwrap();
    let (code, _, err) = report(&t.0);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("of matchup `{matchup}`, summary.csv")),
        "{err}"
    );
    assert!(!t.0.join("report.html").exists());
}

fn cardsim(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The `<section>` with id `id` of a report page.
fn section(html: &str, id: &str) -> String {
    let start = html
        .find(&format!("<section id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = start + html[start..].find("</section>").unwrap();
    html[start..end].to_string()
}

/// A crafted matrix.csv: a vs b 70.0% [67.1, 72.7] lies wholly outside 45–55% and 40–60%;
/// a vs c 52.0% and b vs c 43.0% [40.0, 46.1] do not (their intervals reach into the band);
/// with --band 0.40..0.75 nothing is an outlier.
#[test]
fn outliers_follow_the_band_on_a_crafted_matrix() {
    let t = Tmp::new("report-cli-outliers");
    std::fs::write(
        t.0.join("matrix.csv"),
        "row_deck,col_deck,games,row_wins,col_wins,draws,win_rate,win_rate_ci_low,win_rate_ci_high\n\
         a,b,1000,700,300,0,0.7000,0.6710,0.7274\n\
         a,c,1000,520,480,0,0.5200,0.4890,0.5508\n\
         b,c,1000,430,570,0,0.4300,0.3998,0.4608\n\
         b,a,1000,300,700,0,0.3000,0.2726,0.3290\n\
         c,a,1000,480,520,0,0.4800,0.4492,0.5110\n\
         c,b,1000,570,430,0,0.5700,0.5392,0.6002\n",
    )
    .unwrap();
    let page = || std::fs::read_to_string(t.0.join("report.html")).unwrap();
    let dir = t.0.to_str().unwrap();
    let (code, _, err) = cardsim(&["report", dir, "--band", "0.45..0.55"]);
    assert_eq!(code, 0, "{err}");
    let o = section(&page(), "outliers");
    assert!(o.contains("<h2>Outliers (outside 45.0%–55.0%)</h2>"), "{o}");
    assert!(o.contains("<b>1 of 3 matchups</b>"), "{o}");
    assert!(o.contains("<td>a vs b</td>"), "{o}");
    assert!(o.contains("<td>above</td>"), "{o}");
    assert!(!o.contains("<td>b vs c</td>") && !o.contains("<td>a vs c</td>"));
    assert!(o.contains("Benjamini–Hochberg over all 3 tests"), "{o}");
    let (code, _, err) = cardsim(&["report", dir, "--band", "0.40..0.75"]);
    assert_eq!(code, 0, "{err}");
    let o = section(&page(), "outliers");
    assert!(o.contains("<b>0 of 3 matchups</b>"), "{o}");
    assert!(!o.contains("<table>"));
    // Sorted by a Bradley–Terry fit to the matrix: a (1,220 of 2,000 wins), c (1,050), b (730).
    let h = page();
    let rows: Vec<&str> = h
        .split("class=\"cell empty\"><title>")
        .skip(1)
        .map(|s| s.split(" vs ").next().unwrap())
        .collect();
    assert_eq!(rows, ["a", "c", "b"]);
    let (code, _, err) = cardsim(&["report", dir, "--band", "0.6..0.4"]);
    assert_eq!(code, 2);
    assert!(err.contains("give the band as LO..HI"), "{err}");
}

/// Every command's folder gets a report: the ladder's and match's too (refused before).
#[test]
fn ladder_and_match_folders_get_a_report() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../reports/agents/tyrant");
    let t = Tmp::new("report-cli-ladder");
    for f in ["ladder.csv", "ratings.csv", "manifest.json"] {
        std::fs::copy(format!("{src}/{f}"), t.0.join(f)).unwrap();
    }
    let (code, out, err) = report(&t.0);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(ladder report, 1 charts)"), "{out}");
    let h = std::fs::read_to_string(t.0.join("report.html")).unwrap();
    assert!(section(&h, "ratings").contains("<td class=\"num\">+452 [+418, +486]</td>"));
    assert_eq!(section(&h, "ladder").matches("class=\"bar\"").count(), 6);
    let m = Tmp::new("report-cli-match");
    let dir = m.0.join("m");
    let (code, out, err) = cardsim(&[
        "match",
        "--matches",
        "20",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("report: "), "{out}");
    let h = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(h.contains("<section id=\"series\">"));
    assert!(section(&h, "series").contains("How many games the matches took"));
    // --no-report: outputs, no page.
    std::fs::remove_file(dir.join("report.html")).unwrap();
    let (code, out, err) = cardsim(&[
        "match",
        "--matches",
        "20",
        "--quiet",
        "--no-report",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("report: "), "{out}");
    assert!(dir.join("series.csv").exists() && !dir.join("report.html").exists());
}

/// The default job leads its report with the causal card chart (the ablation's impact.csv,
/// recorded in the manifest), and keeps the observational card metrics as a table.
#[test]
fn the_default_report_leads_with_the_causal_card_chart() {
    let t = Tmp::new("report-cli-default");
    let dir = t.0.join("d");
    let (code, out, err) = cardsim(&[
        "default",
        "--games",
        "200",
        "--ablation-games",
        "20",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("20 paired games per opponent and card"),
        "{out}"
    );
    let h = std::fs::read_to_string(dir.join("report.html")).unwrap();
    let first = h.find("<section id=").unwrap();
    assert!(h[first..].starts_with("<section id=\"impact\">"));
    let imp = section(&h, "impact");
    assert!(imp.contains("<h2>Card impact (causal: each card removed)</h2>"));
    assert!(imp.contains("(20 paired games per opponent and card"));
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(m["ablation"]["games_per_opponent"], 20);
    assert!(m["files"]["impact.csv"].is_string());
    // One bar per measured card (impact.csv rows with games).
    let csv = std::fs::read_to_string(dir.join("impact.csv")).unwrap();
    let measured = csv.lines().skip(1).filter(|l| !l.contains(",0,,")).count();
    assert_eq!(imp.matches("class=\"bar\"").count(), measured);
    assert!(section(&h, "cards").contains("Caveat: these are associations"));
    assert!(!h.contains("chart-card-impact"));
}

#[test]
fn an_impact_csv_from_before_the_arms_intervals_still_gets_a_report() {
    // impact.csv as written before base_win_rate/new_win_rate had interval columns.
    let t = Tmp::new("report-cli-old-impact");
    let old = "deck,card,change,games,base_win_rate,new_win_rate,diff,diff_ci_low,diff_ci_high,base_wins,new_wins,base_draws,new_draws,discordant_games,new_better_games,stop_decision,stop_games,stop_llr,stop_half_width,note,skipped\n\
               rush,Scrap Runner,remove,1000,0.4500,0.4000,-0.0500,-0.0700,-0.0300,450,400,0,0,150,50,,,,,,\n";
    std::fs::write(t.0.join("impact.csv"), old).unwrap();
    let (code, out, err) = report(&t.0);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("impact report"), "{out}");
    assert!(t.0.join("report.html").exists());
}

/// `cardsim` with `args`, which must succeed; its standard output.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = common::cardsim(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

fn page(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("report.html")).unwrap()
}

#[test]
fn gauntlet_patch_and_compare_folders_get_their_sections() {
    let t = Tmp::new("report-cli-designer");
    let dir = |n: &str| t.0.join(n);
    let run = |out: &str, extra: &[&str]| {
        let o = dir(out);
        let mut args = vec![
            "run", "--deck", "rush", "--vs", "poison", "--vs", "swarm@3", "--games", "200",
            "--seed", "7", "--quiet", "--out",
        ];
        args.push(o.to_str().unwrap());
        args.extend(extra);
        ok(&args)
    };
    // A gauntlet's report shows field.csv: per opponent and pooled, with intervals.
    run("gauntlet", &[]);
    let g = page(&dir("gauntlet"));
    assert!(g.contains("id=\"chart-field\""), "{g}");
    assert!(g.contains("Gauntlet: rush against the field"));
    assert!(g.contains("45.0% [38.8, 51.3]"), "poison row");
    assert!(g.contains("48.0% [43.1, 52.9]"), "pooled row");
    // A --patch run writes its report: pooled deck differences and the matchup rows.
    let out = run("patch", &["--patch", "Dust Raider:attack-1,health+2"]);
    assert!(out.contains("report: "), "{out}");
    let p = page(&dir("patch"));
    assert!(p.contains("id=\"chart-compare\""), "{p}");
    assert!(p.contains("cardsim compare report"));
    assert!(p.contains("Patch comparison (after − before)"));
    assert!(p.contains("-6.1 [-10.2, -2.0] pts"), "rush pooled bar");
    assert!(p.contains("-17.0 [-23.1, -10.9]"), "rush-vs-poison row");
    // `cardsim report` accepts the folder and writes the same page.
    std::fs::remove_file(dir("patch").join("report.html")).unwrap();
    let (code, out, err) = report(&dir("patch"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(compare report, 1 charts)"), "{out}");
    assert_eq!(page(&dir("patch")), p);
    // --no-report is respected.
    run("quiet", &["--patch", "Dust Raider:attack-1", "--no-report"]);
    assert!(dir("quiet").join("compare.csv").is_file());
    assert!(!dir("quiet").join("report.html").exists());
    // `cardsim compare` of two folders writes its report too (unpaired intervals).
    let cards = dir("cards.csv");
    let base = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/tyrant/cards.csv"
    ))
    .unwrap();
    std::fs::write(&cards, base).unwrap();
    run("after", &["--cards", cards.to_str().unwrap()]);
    let c = dir("cmp");
    ok(&[
        "compare",
        dir("gauntlet").to_str().unwrap(),
        dir("after").to_str().unwrap(),
        "--out",
        c.to_str().unwrap(),
    ]);
    let h = page(&c);
    assert!(h.contains("id=\"chart-compare\""), "{h}");
    assert!(h.contains("unpaired"));
    let (code, out, err) = report(&c);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(compare report, 1 charts)"), "{out}");
}
