//! Before against after: per-matchup and per-deck differences of the score (win 1, draw ½,
//! loss 0) with 95% intervals, for `--patch` (paired: the same games played before and after
//! a change) and for `cardsim compare BEFORE AFTER` (two output folders of the same job;
//! unpaired, as the folders keep counts, not per-game results).
//!
//! A deck's pooled row weighs its matchups (equally, or by a gauntlet's weights):
//! Σ wⱼ·d̄ⱼ with variance Σ wⱼ²·Var(d̄ⱼ), the matchups being played on separate games.
//! Paired: Var(d̄ⱼ) is the sample variance of the per-game differences over the games.
//! Unpaired: the sum of the two runs' variances of the mean score.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::stats::{Paired, Z95};

/// A mean score with the variance of that mean.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Est {
    /// Mean.
    pub mean: f64,
    /// Variance of the mean.
    pub var: f64,
}

impl Est {
    /// The 95% interval.
    pub fn ci(&self) -> (f64, f64) {
        let h = Z95 * self.var.max(0.0).sqrt();
        (self.mean - h, self.mean + h)
    }

    /// The mean score of `n` games with `wins` and `draws` and its variance (sample variance
    /// of the per-game scores over `n`); `None` below two games.
    pub fn score(n: u64, wins: u64, draws: u64) -> Option<Est> {
        if n < 2 {
            return None;
        }
        let nf = n as f64;
        let mean = (wins as f64 + draws as f64 / 2.0) / nf;
        let sq = (wins as f64 + draws as f64 / 4.0) / nf;
        let s2 = ((sq - mean * mean) * nf / (nf - 1.0)).max(0.0);
        Some(Est { mean, var: s2 / nf })
    }

    /// The mean paired difference and its variance (see [`Paired::diff`]).
    pub fn paired(p: &Paired) -> Option<Est> {
        let (mean, lo, _) = p.diff(Z95)?;
        let h = (mean - lo) / Z95;
        Some(Est { mean, var: h * h })
    }
}

/// One row of `compare.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRow {
    /// `matchup` or `deck` (a deck pooled over its matchups).
    pub level: &'static str,
    /// The matchup's id (`all` on deck rows).
    pub matchup: String,
    /// The deck whose score this is.
    pub deck: String,
    /// The matchup's share in the deck's pooled row (1 on deck rows).
    pub weight: f64,
    /// Games (per arm).
    pub games: u64,
    /// Score before.
    pub before: f64,
    /// Score after.
    pub after: f64,
    /// Win rates before and after.
    pub win: (f64, f64),
    /// After minus before, with its variance.
    pub diff: Est,
    /// Paired: games whose result differs between the arms.
    pub discordant: Option<u64>,
    /// `paired` (same games, per-game differences) or `unpaired`.
    pub pairing: &'static str,
}

/// Pool matchup rows into one row per deck: weights over each deck's matchups (`weight`
/// of the rows, renormalised), mirrors left out by the caller.
pub fn deck_rows(rows: &[CompareRow]) -> Vec<CompareRow> {
    let mut decks: Vec<&str> = Vec::new();
    for r in rows {
        if !decks.contains(&r.deck.as_str()) {
            decks.push(&r.deck);
        }
    }
    let mut out = Vec::new();
    for d in decks {
        let mine: Vec<&CompareRow> = rows.iter().filter(|r| r.deck == d).collect();
        let tot: f64 = mine.iter().map(|r| r.weight).sum();
        if tot <= 0.0 {
            continue;
        }
        let w = |r: &CompareRow| r.weight / tot;
        let sum = |f: &dyn Fn(&CompareRow) -> f64| mine.iter().map(|r| w(r) * f(r)).sum::<f64>();
        out.push(CompareRow {
            level: "deck",
            matchup: "all".into(),
            deck: d.to_string(),
            weight: 1.0,
            games: mine.iter().map(|r| r.games).sum(),
            before: sum(&|r| r.before),
            after: sum(&|r| r.after),
            win: (sum(&|r| r.win.0), sum(&|r| r.win.1)),
            diff: Est {
                mean: sum(&|r| r.diff.mean),
                var: mine.iter().map(|r| w(r) * w(r) * r.diff.var).sum(),
            },
            discordant: mine.iter().map(|r| r.discordant).sum::<Option<u64>>(),
            pairing: mine[0].pairing,
        });
    }
    out
}

/// The columns of `compare.csv`.
pub const COMPARE_COLUMNS: [&str; 14] = [
    "level",
    "matchup",
    "deck",
    "weight",
    "games",
    "before_score",
    "after_score",
    "diff",
    "diff_ci_low",
    "diff_ci_high",
    "before_win_rate",
    "after_win_rate",
    "discordant_games",
    "pairing",
];

/// Write `compare.csv`.
pub fn write_compare(path: &Path, rows: &[CompareRow]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    w.write_record(COMPARE_COLUMNS)?;
    for r in rows {
        let (lo, hi) = r.diff.ci();
        let f = |x: f64| format!("{x:.4}");
        w.write_record([
            r.level.to_string(),
            r.matchup.clone(),
            r.deck.clone(),
            f(r.weight),
            r.games.to_string(),
            f(r.before),
            f(r.after),
            f(r.diff.mean),
            f(lo),
            f(hi),
            f(r.win.0),
            f(r.win.1),
            r.discordant.map(|d| d.to_string()).unwrap_or_default(),
            r.pairing.to_string(),
        ])?;
    }
    w.flush()?;
    Ok(())
}

/// The printed table: matchup rows, then deck rows, scores in percent.
pub fn table(rows: &[CompareRow]) -> String {
    let mut t = crate::table::Table::new(
        [
            "matchup",
            "deck",
            "games",
            "before",
            "after",
            "diff [95% CI]",
        ],
        2,
    );
    for r in rows {
        let (lo, hi) = r.diff.ci();
        t.row([
            r.matchup.clone(),
            r.deck.clone(),
            r.games.to_string(),
            format!("{:.1}%", 100.0 * r.before),
            format!("{:.1}%", 100.0 * r.after),
            crate::table::pp_iv(r.diff.mean, lo, hi),
        ]);
    }
    t.render()
}

/// Read `dir/manifest.json`.
fn manifest(dir: &Path) -> Result<Value> {
    let p = dir.join("manifest.json");
    let text = std::fs::read_to_string(&p).with_context(|| {
        format!(
            "{}: cannot read (not a cardsim output folder?)",
            p.display()
        )
    })?;
    serde_json::from_str(&text).with_context(|| format!("{}: not valid JSON", p.display()))
}

/// The kinds of output folder `compare` reads (those with `summary.csv`).
const COMPARABLE: [&str; 3] = ["run", "tournament", "default"];

/// Refuse two manifests of different jobs; returns the game and what differs between them
/// (the inputs a designer changes: card file, deck contents, rule parameters).
fn same_job(before: &Path, a: &Value, after: &Path, b: &Value) -> Result<(String, Vec<String>)> {
    let s = |v: &Value, k: &str| v.get(k).cloned().unwrap_or(Value::Null);
    let kind = s(a, "kind");
    if !COMPARABLE.iter().any(|k| kind == *k) {
        bail!(
            "{}: a `{}` folder; compare reads folders of run, tournament or default (with summary.csv)",
            before.display(),
            kind.as_str().unwrap_or("?")
        );
    }
    let mut why = Vec::new();
    for k in ["kind", "game", "seed", "matchups"] {
        if s(a, k) != s(b, k) {
            let show = |v: &Value| {
                let t = v.to_string();
                if t.len() > 80 {
                    format!(
                        "{}…",
                        &t[..t.char_indices().nth(79).map_or(t.len(), |c| c.0)]
                    )
                } else {
                    t
                }
            };
            why.push(format!("{k}: {} vs {}", show(&s(a, k)), show(&s(b, k))));
        }
    }
    // The options, but for those a designer changes between the two runs.
    let opts = |v: &Value| {
        let mut o = s(v, "options");
        if let Some(m) = o.as_object_mut() {
            for k in ["cards", "params", "param", "preset", "data"] {
                m.remove(k);
            }
        }
        o
    };
    let (oa, ob) = (opts(a), opts(b));
    if oa != ob {
        let empty = serde_json::Map::new();
        let (ma, mb) = (
            oa.as_object().unwrap_or(&empty),
            ob.as_object().unwrap_or(&empty),
        );
        let mut keys: Vec<&String> = ma
            .keys()
            .chain(mb.keys())
            .filter(|k| ma.get(*k) != mb.get(*k) && *k != "seed")
            .collect();
        keys.sort();
        keys.dedup();
        if !keys.is_empty() {
            let keys: Vec<&str> = keys.iter().map(|k| k.as_str()).collect();
            why.push(format!("options {} differ", keys.join(", ")));
        }
    }
    if !why.is_empty() {
        bail!(
            "{} and {} are not outputs of the same job (same command and seed, same games), so their numbers do not compare: {}",
            before.display(),
            after.display(),
            why.join("; ")
        );
    }
    let mut changed = Vec::new();
    if s(a, "cards") != s(b, "cards") {
        changed.push(format!("card file {} -> {}", s(a, "cards"), s(b, "cards")));
    }
    if s(a, "params") != s(b, "params") {
        changed.push(format!(
            "rule parameters {} -> {}",
            s(a, "params"),
            s(b, "params")
        ));
    }
    if s(a, "inputs") != s(b, "inputs") && changed.is_empty() {
        changed.push("contents of the card or deck files".into());
    }
    Ok((s(a, "game").as_str().unwrap_or("").to_string(), changed))
}

/// Per matchup and deck: (games, wins, draws) from the `all` rows of `dir/summary.csv`.
fn summary_counts(dir: &Path) -> Result<Vec<(String, String, [u64; 3])>> {
    let p = dir.join("summary.csv");
    let mut rd =
        csv::Reader::from_path(&p).with_context(|| format!("{}: cannot read", p.display()))?;
    let h = rd.headers()?.clone();
    let col = |n: &str| {
        h.iter()
            .position(|c| c == n)
            .with_context(|| format!("{}: no `{n}` column", p.display()))
    };
    let (m, d, seat, g, w, dr) = (
        col("matchup")?,
        col("deck")?,
        col("seat")?,
        col("games")?,
        col("wins")?,
        col("draws")?,
    );
    let mut out = Vec::new();
    for (i, rec) in rd.records().enumerate() {
        let rec = rec.with_context(|| format!("{}:{}: bad CSV", p.display(), i + 2))?;
        if &rec[seat] != "all" {
            continue;
        }
        let num = |c: usize| {
            rec[c]
                .parse::<u64>()
                .with_context(|| format!("{}:{}: `{}` is not a count", p.display(), i + 2, &rec[c]))
        };
        out.push((
            crate::csvout::unquote(&rec[m]).to_string(),
            crate::csvout::unquote(&rec[d]).to_string(),
            [num(g)?, num(w)?, num(dr)?],
        ));
    }
    Ok(out)
}

/// What `cardsim compare` found.
pub struct FolderComparison {
    /// The game.
    pub game: String,
    /// Matchup rows then deck rows.
    pub rows: Vec<CompareRow>,
    /// What differs between the two runs' inputs.
    pub changed: Vec<String>,
}

/// Compare two output folders of the same job (unpaired differences).
pub fn compare_folders(before: &Path, after: &Path) -> Result<FolderComparison> {
    let (a, b) = (manifest(before)?, manifest(after)?);
    let (game, changed) = same_job(before, &a, after, &b)?;
    let (ca, cb) = (summary_counts(before)?, summary_counts(after)?);
    if ca.len() != cb.len() || ca.iter().zip(&cb).any(|(x, y)| x.0 != y.0 || x.1 != y.1) {
        bail!(
            "{} and {}: summary.csv rows differ (not the same matchups)",
            before.display(),
            after.display()
        );
    }
    // Gauntlet weights per matchup (deck 0's pooled row), from the manifest.
    let weights: Vec<f64> = a
        .pointer("/options/weights")
        .and_then(Value::as_array)
        .map(|v| v.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    let matchups: Vec<Value> = a
        .get("matchups")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mirror = |id: &str| {
        matchups
            .iter()
            .find(|m| m.get("id").and_then(Value::as_str) == Some(id))
            .and_then(|m| m.get("deck_indices")?.as_array().cloned())
            .is_some_and(|d| d.iter().skip(1).any(|x| *x == d[0]))
    };
    let index = |id: &str| {
        matchups
            .iter()
            .position(|m| m.get("id").and_then(Value::as_str) == Some(id))
    };
    let mut rows = Vec::new();
    for (x, y) in ca.iter().zip(&cb) {
        let (Some(e0), Some(e1)) = (
            Est::score(x.2[0], x.2[1], x.2[2]),
            Est::score(y.2[0], y.2[1], y.2[2]),
        ) else {
            continue;
        };
        let g = |c: &[u64; 3]| c[1] as f64 / c[0] as f64;
        // A gauntlet's weights are the first deck's (its opponents play one matchup each).
        let first_deck = |i: usize| {
            matchups[i]
                .pointer("/decks/0")
                .and_then(Value::as_str)
                .is_some_and(|d| d == x.1)
        };
        let weight = match index(&x.0) {
            Some(i) if !weights.is_empty() && first_deck(i) => {
                weights.get(i).copied().unwrap_or(1.0)
            }
            _ => 1.0,
        };
        rows.push(CompareRow {
            level: "matchup",
            matchup: x.0.clone(),
            deck: x.1.clone(),
            weight,
            games: x.2[0].min(y.2[0]),
            before: e0.mean,
            after: e1.mean,
            win: (g(&x.2), g(&y.2)),
            diff: Est {
                mean: e1.mean - e0.mean,
                var: e0.var + e1.var,
            },
            discordant: None,
            pairing: "unpaired",
        });
    }
    let pooled: Vec<CompareRow> = rows
        .iter()
        .filter(|r| !mirror(&r.matchup))
        .cloned()
        .collect();
    rows.extend(deck_rows(&pooled));
    Ok(FolderComparison {
        game,
        rows,
        changed,
    })
}

/// The manifest of a `compare` folder.
pub fn compare_manifest(
    game: &str,
    before: &Path,
    after: &Path,
    command: &[String],
) -> crate::output::Manifest {
    crate::output::Manifest {
        kind: "compare".into(),
        command: command.to_vec(),
        game: game.into(),
        version: env!("CARGO_PKG_VERSION").into(),
        git_commit: crate::git_commit(),
        deterministic: true,
        options: serde_json::json!({
            "before": before.display().to_string(),
            "after": after.display().to_string(),
            "pairing": "unpaired: the folders keep counts, not per-game results; diff = after minus before score (win 1, draw 1/2), 95% interval from the two runs' variances added",
        }),
        ..Default::default()
    }
}

/// Write `compare.csv` and `manifest.json` into `out`.
pub fn write_folder(
    out: &Path,
    rows: &[CompareRow],
    manifest: &crate::output::Manifest,
) -> Result<Vec<PathBuf>> {
    crate::output::check_out(out)?;
    crate::output::write_files(
        out,
        &[("compare.csv", &|p| write_compare(p, rows))],
        manifest,
    )
}
