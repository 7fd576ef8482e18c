//! The files `cardsim optimize` writes: `best.txt`, `trajectory.csv`, `optimize.csv` and the
//! manifest, staged and written all or nothing; and the printed summary.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::moves::changes;
use super::search::incumbent_rate;
use super::{rate, OptimizeReport};
use crate::csvout::CsvOut;
use crate::output;
use crate::stats::Z95;

/// Columns of trajectory.csv (readers such as `cardsim report` rely on them).
pub const TRAJECTORY_COLUMNS: [&str; 15] = [
    "step",
    "climb",
    "change",
    "deck",
    "pairs",
    "diff",
    "diff_ci_low",
    "diff_ci_high",
    "verdict",
    "accepted",
    "incumbent_win_rate",
    "incumbent_win_rate_ci_low",
    "incumbent_win_rate_ci_high",
    "incumbent_games",
    "search_games",
];

/// Columns of optimize.csv.
pub const OPTIMIZE_COLUMNS: [&str; 13] = [
    "arm",
    "deck",
    "games",
    "wins",
    "draws",
    "win_rate",
    "win_rate_ci_low",
    "win_rate_ci_high",
    "diff",
    "diff_ci_low",
    "diff_ci_high",
    "search_games",
    "changes",
];

fn f4(x: Option<f64>) -> String {
    x.map(|v| format!("{v:.4}")).unwrap_or_default()
}

fn write_trajectory(path: &Path, r: &OptimizeReport) -> Result<()> {
    let mut w = CsvOut::from_path(path)?;
    w.write_record(TRAJECTORY_COLUMNS)?;
    for s in &r.steps {
        let d = s.entry.paired.diff(Z95);
        let inc = incumbent_rate(s.incumbent);
        w.write_record([
            s.step.to_string(),
            s.climb.to_string(),
            s.change.clone(),
            s.deck.clone(),
            s.entry.paired.n.to_string(),
            f4(Some(s.entry.mean())),
            f4(d.map(|x| x.1)),
            f4(d.map(|x| x.2)),
            s.entry.verdict.name().to_string(),
            (s.accepted as u8).to_string(),
            f4(inc.map(|x| x.0)),
            f4(inc.map(|x| x.1)),
            f4(inc.map(|x| x.2)),
            s.incumbent.2.to_string(),
            s.games.to_string(),
        ])?;
    }
    w.flush()?;
    Ok(())
}

/// The card changes from the start deck to the best, as `-2 A; +1 B`.
pub fn change_text(r: &OptimizeReport) -> String {
    changes(&r.start.plan, &r.best.plan)
        .into_iter()
        .map(|(n, a, b)| format!("{n} {:+}", b as i64 - a as i64))
        .collect::<Vec<_>>()
        .join("; ")
}

fn write_optimize(path: &Path, r: &OptimizeReport) -> Result<()> {
    let mut w = CsvOut::from_path(path)?;
    w.write_record(OPTIMIZE_COLUMNS)?;
    let d = r.paired.diff(Z95);
    for (arm, m) in [("start", &r.start), ("best", &r.best)] {
        let (v, lo, hi) = rate(m);
        let best = arm == "best";
        w.write_record([
            arm.to_string(),
            m.plan.label(),
            m.games.to_string(),
            m.wins.to_string(),
            m.draws.to_string(),
            format!("{v:.4}"),
            format!("{lo:.4}"),
            format!("{hi:.4}"),
            f4(if best { d.map(|x| x.0) } else { None }),
            f4(if best { d.map(|x| x.1) } else { None }),
            f4(if best { d.map(|x| x.2) } else { None }),
            r.search_games.to_string(),
            if best { change_text(r) } else { String::new() },
        ])?;
    }
    w.flush()?;
    Ok(())
}

/// Write every output of `r` into `dir` (all or nothing).
pub fn write_outputs(dir: &Path, r: &OptimizeReport, _deck: &str) -> Result<Vec<PathBuf>> {
    let best = |p: &Path| -> Result<()> { Ok(std::fs::write(p, &r.best_text)?) };
    let traj = |p: &Path| write_trajectory(p, r);
    let opt = |p: &Path| write_optimize(p, r);
    output::write_files(
        dir,
        &[
            ("best.txt", &best),
            ("trajectory.csv", &traj),
            ("optimize.csv", &opt),
        ],
        &r.manifest,
    )
}

/// The printed summary.
pub fn summary(r: &OptimizeReport) -> String {
    let mut t = crate::table::Table::new(["deck", "win rate [95% CI]", "commander | cards"], 1)
        .text_column(2);
    for (arm, m) in [("start", &r.start), ("best", &r.best)] {
        let (v, lo, hi) = rate(m);
        t.row([
            arm.to_string(),
            crate::table::pct_iv(v, lo, hi),
            m.plan.label(),
        ]);
    }
    let mut s = t.render();
    if let Some((d, lo, hi)) = r.paired.diff(Z95) {
        let _ = writeln!(
            s,
            "best - start: {:+.2} pp [{:+.2}, {:+.2}] (paired, {} fresh games each, never used by the search)",
            100.0 * d,
            100.0 * lo,
            100.0 * hi,
            r.paired.n
        );
    }
    let ch = change_text(r);
    let _ = writeln!(
        s,
        "changes: {}",
        if ch.is_empty() { "none" } else { ch.as_str() }
    );
    let accepted = r.steps.iter().filter(|x| x.accepted).count();
    let _ = writeln!(
        s,
        "search: {} candidates raced in {} steps, {} moves accepted, {} games",
        r.steps.len(),
        r.steps.last().map_or(0, |x| x.step + 1),
        accepted,
        r.search_games
    );
    s
}
