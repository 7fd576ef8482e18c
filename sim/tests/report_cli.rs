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
