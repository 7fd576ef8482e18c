//! `cardsim report DIR`: one self-contained HTML page with SVG charts for any output folder.
//!
//! The page is built from whichever known CSVs the folder holds (not from the manifest's
//! `kind` alone, so a folder with several kinds of output gets every section):
//!
//! | file | section |
//! |---|---|
//! | `compare.csv` | a patch's effect: per-deck pooled differences (after − before) with intervals, and the per-matchup rows; first |
//! | `impact.csv` | causal card impact bars (paired difference to the unchanged deck) |
//! | `field.csv` | gauntlet: the deck's win rate against each opponent and the pooled field, with intervals |
//! | `summary.csv` | outliers, matchup heatmap sorted by Bradley–Terry strength (when there is no `matrix.csv`), seat advantage per matchup, per-row table |
//! | `turns.csv` | one overlaid game-length chart (share of games over by each turn, per matchup) |
//! | `cards.csv` | observational card metrics: a table, with the caveat that they mostly measure game length |
//! | `matrix.csv` | tournament matchup heatmap, sorted by strength |
//! | `ranking.csv` | ranking table and field-win-rate bars |
//! | `sweep.csv` | win/stall-rate curves with 95% bands and game-length curves per parameter |
//! | `teams.csv` | team win-rate bars and a table of every team row (team formats only) |
//! | `ratings.csv`, `ladder.csv` | agent ladder: rating bars and the table of pairs |
//! | `series.csv`, `length.csv` | best-of matches: match and game rates, match lengths |
//! | `optimize.csv`, `trajectory.csv` | the optimizer's candidates and its search |
//!
//! The outlier band (`--band LO..HI`, default 40–60%) is a [`ReportOptions`] field.
//!
//! The charts are inline SVG written by [`svg`] (hand-written rather than a plotting crate:
//! every cell, bar and point carries a tooltip with its exact rate, interval and sample size,
//! categorical axes label every row, and the root `<svg>` has an `id` and a `data-chart` kind
//! that the browser test looks for). The page has no scripts, no external style sheets,
//! fonts or images: it opens offline. It is written to `DIR/report.html` through a temporary
//! file and a rename, so a failed report leaves no partial file.

pub mod charts;
pub mod csvin;
pub mod svg;

mod agents;
mod compare;
mod field;
mod html;
mod impact;
mod length;
mod optimize;
mod outliers;
mod run;
mod seats;
mod strength;
mod sweep;
mod teams;
mod tournament;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};

use charts::count;
use csvin::Table;
use svg::esc;

/// The file name of the report inside the output folder.
pub const REPORT_FILE: &str = "report.html";

pub use outliers::{bh_qvalues, normal_cdf};

/// How a report is drawn (what the command line can change).
#[derive(Clone, Debug, PartialEq)]
pub struct ReportOptions {
    /// The outlier band: a matchup or deck whose 95% interval lies wholly outside `[lo, hi]`
    /// is listed as an outlier.
    pub band: (f64, f64),
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions { band: (0.4, 0.6) }
    }
}

/// `LO..HI` (rates, 0 <= LO < HI <= 1; `45%..55%` also reads) as an outlier band.
pub fn parse_band(s: &str) -> std::result::Result<(f64, f64), String> {
    let bad = || {
        format!("`{s}`: give the band as LO..HI, two win rates with 0 <= LO < HI <= 1 (e.g. 0.45..0.55)")
    };
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let num = |x: &str| -> std::result::Result<f64, String> {
        let x = x.trim();
        match x.strip_suffix('%') {
            Some(p) => p
                .trim()
                .parse::<f64>()
                .map(|v| v / 100.0)
                .map_err(|_| bad()),
            None => x.parse::<f64>().map_err(|_| bad()),
        }
    };
    let (lo, hi) = (num(a)?, num(b)?);
    if !(0.0..=1.0).contains(&lo) || !(0.0..=1.0).contains(&hi) || lo >= hi {
        return Err(bad());
    }
    Ok((lo, hi))
}

use agents::*;
use compare::*;
use field::*;
use impact::*;
use length::*;
use optimize::*;
use outliers::*;
use run::*;
use seats::*;
use strength::*;
use sweep::*;
use teams::*;
use tournament::*;

// ---------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------

fn manifest(dir: &Path) -> Result<Option<serde_json::Value>> {
    let p = dir.join("manifest.json");
    if !p.is_file() {
        return Ok(None);
    }
    let text =
        std::fs::read_to_string(&p).with_context(|| format!("cannot read {}", p.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{}:{}: not valid JSON: {e}", p.display(), e.line()))?;
    if !v.is_object() {
        bail!("{}:1: expected a JSON object", p.display());
    }
    Ok(Some(v))
}

/// The output files must be those the manifest was written with (its `files` digests): a folder
/// mixing two runs' files (a run killed while its files were being moved in, or a file edited
/// or copied in by hand) is refused rather than reported as one run.
fn check_files(dir: &Path, m: Option<&serde_json::Value>) -> Result<()> {
    let Some(files) = m.and_then(|m| m.get("files")).and_then(|f| f.as_object()) else {
        return Ok(());
    };
    for (name, sha) in files {
        let p = dir.join(name);
        if !p.is_file() {
            continue;
        }
        let now = crate::distribute::digest::file_sha256(&p)?;
        if Some(now.as_str()) != sha.as_str() {
            bail!(
                "{}: not the file manifest.json was written with (the folder mixes the files of two runs, or the file was edited); run the command again",
                p.display()
            );
        }
    }
    Ok(())
}

fn facts(m: Option<&serde_json::Value>, kind: &str) -> String {
    let mut rows: Vec<Vec<String>> = vec![vec!["kind".into(), kind.into()]];
    if let Some(m) = m {
        let get = |k: &str| -> Option<String> {
            match m.get(k)? {
                serde_json::Value::Null => None,
                serde_json::Value::String(s) => Some(s.clone()),
                serde_json::Value::Array(a) => Some(
                    a.iter()
                        .map(|x| {
                            x.as_str()
                                .map(String::from)
                                .unwrap_or_else(|| x.to_string())
                        })
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                serde_json::Value::Number(n) => {
                    Some(n.as_u64().map(count).unwrap_or_else(|| n.to_string()))
                }
                v => Some(v.to_string()),
            }
        };
        for (k, label) in [
            ("command", "command"),
            ("game", "game"),
            ("seed", "seed"),
            ("games", "games"),
            ("git_commit", "commit"),
            ("version", "cardsim version"),
            ("deterministic", "deterministic"),
            ("params", "rule parameters"),
            ("cards", "card file"),
        ] {
            let v = match (k, get(k)) {
                ("git_commit", None) => Some("unknown".to_string()),
                (_, v) => v,
            };
            if let Some(v) = v {
                rows.push(vec![label.into(), v]);
            }
        }
        if let Some(n) = m.get("matchups").and_then(|x| x.as_array()) {
            rows.push(vec!["matchups".into(), n.len().to_string()]);
        }
    } else {
        rows.push(vec![
            "manifest".into(),
            "none (no manifest.json in the folder)".into(),
        ]);
    }
    let mut h = String::from("<table class=\"facts\">\n");
    for r in rows {
        let _ = writeln!(
            h,
            "<tr><th>{}</th><td><code>{}</code></td></tr>",
            esc(&r[0]),
            esc(&r[1])
        );
    }
    h.push_str("</table>\n");
    h
}

const STYLE: &str = "body{font-family:sans-serif;margin:24px auto;max-width:1180px;color:#222;\
line-height:1.4;padding:0 12px}h1{font-size:24px}h2{font-size:19px;border-bottom:1px solid #ccc;\
padding-bottom:4px;margin-top:36px}table{border-collapse:collapse;font-size:13px;margin:8px 0}\
th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}\
th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\
.tw{max-height:520px;overflow:auto;border:1px solid #eee}table.facts td code{white-space:pre-wrap;\
word-break:break-all}figure{margin:16px 0;display:inline-block;vertical-align:top}\
figcaption{font-size:13px;color:#444;max-width:720px}svg{max-width:100%;height:auto;\
background:#fff}.grid figure{width:470px;margin-right:12px}.note{color:#8a4b00}\
nav a{margin-right:14px}";

/// What [`render`] found in a folder, for callers that print it.
pub struct Rendered {
    /// The whole page.
    pub html: String,
    /// The kind of output (manifest `kind`, or guessed from the CSVs).
    pub kind: String,
    /// Ids of the charts on the page.
    pub charts: Vec<String>,
}

/// turns.csv must count, per matchup, as many games as summary.csv's `all` rows: a damaged
/// or foreign turns.csv (a count of 2^64 − 1 games, a file of another run) is refused rather
/// than drawn.
fn check_turn_counts(turns: &Table, summary: &Table) -> Result<()> {
    let mut played: std::collections::BTreeMap<&str, u64> = Default::default();
    for r in summary.recs().filter(|r| r.s("seat") == "all") {
        played.entry(r.s("matchup")).or_insert(r.u("games")?);
    }
    let mut counted: std::collections::BTreeMap<&str, (u64, String)> = Default::default();
    for r in turns.recs() {
        let e = counted.entry(r.s("matchup")).or_insert((0, r.at()));
        e.0 = e.0.checked_add(r.u("games")?).ok_or_else(|| {
            anyhow::anyhow!(
                "{}: the game counts of matchup `{}` overflow",
                r.at(),
                r.s("matchup")
            )
        })?;
    }
    for (m, (n, at)) in &counted {
        match played.get(m) {
            Some(p) if p == n => {}
            Some(p) => bail!(
                "{at}: turns.csv counts {n} games of matchup `{m}`, summary.csv {p} (files of different runs, or damaged?)"
            ),
            None => bail!("{at}: matchup `{m}` of turns.csv is not in summary.csv"),
        }
    }
    Ok(())
}

/// Build the report page for output folder `dir` without writing anything (default options).
pub fn render(dir: &Path) -> Result<Rendered> {
    render_with(dir, &ReportOptions::default())
}

/// The CSV files the report reads, for the error on a folder without any.
const KNOWN: &str = "summary.csv, compare.csv, field.csv, turns.csv, cards.csv, matrix.csv, ranking.csv, impact.csv, \
                     sweep.csv, optimize.csv, ladder.csv, ratings.csv, series.csv";

/// Build the report page for output folder `dir` with `opts`, without writing anything.
pub fn render_with(dir: &Path, opts: &ReportOptions) -> Result<Rendered> {
    if !dir.is_dir() {
        bail!("{}: no such folder", dir.display());
    }
    let load = |f: &str, cols: &[&str]| Table::load(&dir.join(f), cols);
    let summary = load("summary.csv", &SUMMARY_COLS)?;
    let turns = load("turns.csv", &TURNS_COLS)?;
    let cards = load("cards.csv", &CARDS_COLS)?;
    let matrix = load("matrix.csv", &MATRIX_COLS)?;
    let ranking = load("ranking.csv", &RANKING_COLS)?;
    let impact = load("impact.csv", &IMPACT_COLS)?;
    let sweep = load("sweep.csv", &SWEEP_COLS)?;
    let teams = load("teams.csv", &TEAM_COLS)?;
    let optimize = load("optimize.csv", &OPTIMIZE_COLS)?;
    let trajectory = load("trajectory.csv", &TRAJECTORY_COLS)?;
    let ladder = load("ladder.csv", &LADDER_COLS)?;
    let ratings = load("ratings.csv", &RATINGS_COLS)?;
    let series = load("series.csv", &SERIES_COLS)?;
    let lengths = load("length.csv", &LENGTH_COLS)?;
    let compare = load("compare.csv", &COMPARE_COLS)?;
    let field = load("field.csv", &FIELD_COLS)?;
    let found = [
        &summary, &turns, &cards, &matrix, &ranking, &impact, &sweep, &optimize, &ladder, &ratings,
        &series, &compare, &field,
    ];
    if found.iter().all(|t| t.is_none()) {
        bail!(
            "{}: no cardsim output here (expected one of {KNOWN})",
            dir.display()
        );
    }
    if let (Some(t), Some(s)) = (&turns, &summary) {
        check_turn_counts(t, s)?;
    }
    let m = manifest(dir)?;
    check_files(dir, m.as_ref())?;
    let guessed = if compare.is_some() {
        "compare"
    } else if optimize.is_some() {
        "optimize"
    } else if sweep.is_some() {
        "sweep"
    } else if ladder.is_some() || ratings.is_some() {
        "ladder"
    } else if series.is_some() {
        "match"
    } else if impact.is_some() && summary.is_none() {
        "impact"
    } else if matrix.is_some() || ranking.is_some() {
        "tournament"
    } else {
        "run"
    };
    let kind = m
        .as_ref()
        .and_then(|m| m.get("kind"))
        .and_then(|k| k.as_str())
        .unwrap_or(guessed)
        .to_string();
    // Strength order of the decks (Bradley–Terry), for the heatmaps and the outliers.
    let strength = match (&ranking, &matrix, &summary) {
        (Some(r), _, _) => Strength::from_ranking(r)?,
        (None, Some(t), _) => Strength::from_matrix(t)?,
        (None, None, Some(t)) => Strength::from_summary(t)?,
        _ => Strength::default(),
    };
    let ablation = m.as_ref().and_then(|m| m.get("ablation")).cloned();
    let mut sections = Vec::new();
    if let Some(t) = &compare {
        sections.push(compare_section(t)?);
    }
    if let Some(t) = &impact {
        sections.push(impact_section(t, ablation.as_ref())?);
    }
    if let Some(t) = &field {
        sections.push(field_section(t)?);
    }
    if matrix.is_some() || summary.is_some() {
        sections.push(outliers_section(
            matrix.as_ref(),
            ranking.as_ref(),
            summary.as_ref(),
            opts.band,
        )?);
    }
    if let Some(t) = &matrix {
        sections.push(matrix_section(t, &strength)?);
    }
    if let Some(t) = &ranking {
        sections.push(ranking_section(t)?);
    }
    if let Some(t) = &optimize {
        sections.push(optimize_section(t, trajectory.as_ref())?);
    }
    if let Some(t) = &sweep {
        sections.push(sweep_section(t)?);
    }
    if let Some(t) = &ratings {
        sections.push(ratings_section(t)?);
    }
    if let Some(t) = &ladder {
        sections.push(ladder_section(t)?);
    }
    if let Some(t) = &series {
        sections.push(series_section(t, lengths.as_ref())?);
    }
    if let Some(t) = &summary {
        if matrix.is_none() {
            sections.extend(heatmap_section(t, &strength)?);
        }
        sections.extend(seat_section(t)?);
    }
    if let Some(t) = &turns {
        sections.push(turns_section(t)?);
    }
    if let Some(t) = &summary {
        sections.push(summary_section(t)?);
    }
    if let Some(t) = &teams {
        sections.push(teams_section(t)?);
    }
    if let Some(t) = &cards {
        sections.push(cards_section(t, impact.is_some())?);
    }
    let folder = dir
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| dir.display().to_string());
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>cardsim {kind} report: {f}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>cardsim {kind} report: {f}</h1>\n",
        kind = esc(&kind),
        f = esc(&folder)
    );
    html.push_str(&facts(m.as_ref(), &kind));
    html.push_str(
        "<p>Every rate is shown with its 95% interval (Wilson score for rates; for differences \
         the interval in the CSV, or Newcombe's hybrid score where the report pools counts) \
         and its number of games; draws and games ended by the \
         turn limit are counted separately, never as wins. Hover over a bar, cell or point for \
         its exact numbers.</p>\n<nav>",
    );
    for s in &sections {
        let _ = write!(html, "<a href=\"#{}\">{}</a>", s.id, esc(&s.title));
    }
    html.push_str("</nav>\n");
    for s in &sections {
        let _ = write!(
            html,
            "<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n",
            s.id,
            esc(&s.title),
            s.html
        );
    }
    let _ = write!(
        html,
        "<footer><p>Made by <code>cardsim report</code> {} from the CSV files in this folder; \
         the page is self-contained (no scripts, no network).</p></footer>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
    let charts = chart_ids(&html);
    Ok(Rendered { html, kind, charts })
}

/// The ids of the `<svg>` charts in a page.
pub fn chart_ids(html: &str) -> Vec<String> {
    html.match_indices("<svg ")
        .filter_map(|(i, _)| {
            let tag = &html[i..i + html[i..].find('>')?];
            let a = tag.find(" id=\"")? + 5;
            let b = a + tag[a..].find('"')?;
            Some(tag[a..b].to_string())
        })
        .collect()
}

/// Build the report for `dir` and write it to `dir/report.html` (through a temporary file
/// and a rename: on any error nothing is written). Returns the report's path and what was
/// rendered.
pub fn write_report(dir: &Path) -> Result<(PathBuf, Rendered)> {
    write_report_with(dir, &ReportOptions::default())
}

/// [`write_report`] with `opts`.
pub fn write_report_with(dir: &Path, opts: &ReportOptions) -> Result<(PathBuf, Rendered)> {
    let r = render_with(dir, opts)?;
    let to = dir.join(REPORT_FILE);
    let tmp = dir.join(format!(".{REPORT_FILE}.tmp-{}", std::process::id()));
    let res = std::fs::write(&tmp, &r.html)
        .and_then(|_| std::fs::rename(&tmp, &to))
        .with_context(|| format!("cannot write {}", to.display()));
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res?;
    Ok((to, r))
}

#[cfg(test)]
mod tests;
