//! The causal card measure of a round robin: every card of every deck removed in turn
//! (`impact`'s paired ablation, [`crate::impact`]) on a small budget, written as `impact.csv`
//! next to the round robin's own outputs so that its report leads with it.
//!
//! Each deck plays the others with and without each of its cards on the same deals (game `t`
//! faces opponent `t mod M`, every random stream from (seed, `t`) in both arms), so the luck
//! the arms share cancels and a few thousand paired games per card give intervals of a few
//! points. The default job runs it on [`DEFAULT_ABLATION_GAMES`] games per opponent.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, Context, Result};

use crate::impact::{AllCards, ImpactRow, ImpactSpec, SkippedCard};
use crate::sequential::StopRule;
use crate::settings::RunSettings;

/// Paired games per opponent and card in the default job's ablation: 10 decks × 9 opponents
/// × 500 games × (1 + about 6.5 cards) ≈ 340,000 games, about 2 s on 2 cores next to the
/// round robin's 13 s, for intervals of about ±1.5 points per card.
pub const DEFAULT_ABLATION_GAMES: u64 = 500;

/// Every deck's cards removed in turn, each deck against all the others.
#[derive(Clone, Debug)]
pub struct AblationSpec {
    /// Game, files, seed, threads, parameters, progress. The output folder is the job's: the
    /// plans' journals live there, and a shard's sums go to its shard folder in it (nothing is
    /// written there by [`ablate_all`] itself); the command line and options are not used.
    pub run: RunSettings,
    /// The decks (each is ablated against all the others).
    pub decks: Vec<PathBuf>,
    /// Agent of every deck.
    pub agent: String,
    /// Paired games per opponent and card.
    pub games: u64,
}

/// What [`ablate_all`] measured.
pub struct Ablation {
    /// One row per deck and card.
    pub rows: Vec<ImpactRow>,
    /// Cards the game cannot remove, with the reason.
    pub skipped: Vec<SkippedCard>,
    /// Games played (the unchanged decks' once, plus each change's).
    pub games: u64,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
}

/// Plans of games [`ablate_all`] plays: one per deck.
pub fn plans(spec: &AblationSpec) -> usize {
    spec.decks.len()
}

/// Remove every card of every deck in turn (see the module docs).
pub fn ablate_all(spec: &AblationSpec) -> Result<Ablation> {
    let started = Instant::now();
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    let mut games = 0;
    for (i, deck) in spec.decks.iter().enumerate() {
        let vs: Vec<PathBuf> = spec
            .decks
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, d)| d.clone())
            .collect();
        // One plan per deck (see [`crate::distribute::expect_plans`]).
        let r = crate::impact::impact_planned(
            &ImpactSpec {
                run: RunSettings {
                    out: None,
                    command: Vec::new(),
                    options: serde_json::Value::Null,
                    ..spec.run.clone()
                },
                deck: deck.clone(),
                vs,
                agent: spec.agent.clone(),
                vs_agent: spec.agent.clone(),
                games: spec.games,
                changes: Vec::new(),
                all_cards: Some(AllCards::Remove),
                stop: StopRule::default(),
            },
            spec.run.out.as_deref(),
        )?;
        // The unchanged deck's games are played once for all its changes.
        games += r.rows.first().map_or(0, |x| x.games) * (r.rows.len() as u64 + 1);
        rows.extend(r.rows);
        skipped.extend(r.skipped);
    }
    Ok(Ablation {
        rows,
        skipped,
        games,
        elapsed_seconds: started.elapsed().as_secs_f64(),
    })
}

/// Write `a` as `dir/impact.csv` beside the outputs of the run already there, and record it in
/// `dir/manifest.json` (its digest under `files`, `spec` under `ablation`), each through a
/// temporary file and a rename.
pub fn append_to(dir: &Path, spec: &AblationSpec, a: &Ablation) -> Result<PathBuf> {
    let to = dir.join("impact.csv");
    let tmp = dir.join(format!(".impact.csv.tmp-{}", std::process::id()));
    let res = crate::impact::write_impact(&tmp, &a.rows, &a.skipped)
        .and_then(|_| crate::distribute::digest::file_sha256(&tmp))
        .and_then(|sha| {
            std::fs::rename(&tmp, &to).with_context(|| format!("cannot write {}", to.display()))?;
            Ok(sha)
        });
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    let sha = res?;
    let mp = dir.join("manifest.json");
    let text =
        std::fs::read_to_string(&mp).with_context(|| format!("cannot read {}", mp.display()))?;
    let m: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{}:{}: not valid JSON: {e}", mp.display(), e.line()))?;
    let mut files = m
        .get("files")
        .cloned()
        .unwrap_or_else(|| serde_json::json!({}));
    files
        .as_object_mut()
        .ok_or_else(|| anyhow!("{}: `files` is not an object", mp.display()))?
        .insert("impact.csv".into(), sha.into());
    let ablation = serde_json::json!({
        "file": "impact.csv",
        "change": "remove",
        "agent": spec.agent,
        "games_per_opponent": spec.games,
        "seed": spec.run.seed,
        "games": a.games,
        "elapsed_seconds": a.elapsed_seconds,
        "pairing": "each deck against every other deck: game t faces opponent t mod M, seats alternated by t div M, every random stream from (seed, t) in both arms (with and without the card)",
    });
    let text = with_entries(&text, &[("files", &files), ("ablation", &ablation)])
        .ok_or_else(|| anyhow!("{}: not a manifest cardsim wrote", mp.display()))?;
    let tmp = dir.join(format!(".manifest.json.tmp-{}", std::process::id()));
    let res = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, &mp));
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res.with_context(|| format!("cannot write {}", mp.display()))?;
    Ok(to)
}

/// The pretty-printed JSON object `text` with its top-level `entries` replaced (in place) or
/// added (at the end), every other entry's text and order kept. `None` when `text` is not an
/// object pretty-printed with two-space indents (as cardsim writes manifests).
fn with_entries(text: &str, entries: &[(&str, &serde_json::Value)]) -> Option<String> {
    let body = text.trim_end().strip_prefix("{\n")?.strip_suffix('}')?;
    // Top-level entries start on lines `  "key": ` (deeper lines are indented further, and
    // JSON strings hold no raw line breaks).
    let mut items: Vec<(String, String)> = Vec::new();
    for line in body.lines() {
        if let Some(rest) = line.strip_prefix("  \"") {
            let key = rest.split('"').next()?.to_string();
            items.push((key, String::new()));
        }
        let item = items.last_mut()?;
        item.1.push_str(line);
        item.1.push('\n');
    }
    for (key, value) in entries {
        let pretty = serde_json::to_string_pretty(value)
            .ok()?
            .replace('\n', "\n  ");
        let entry = format!("  {}: {pretty}\n", serde_json::to_string(key).ok()?);
        match items.iter_mut().find(|i| i.0 == *key) {
            Some(i) => i.1 = entry,
            None => items.push((key.to_string(), entry)),
        }
    }
    let n = items.len();
    let mut out = String::from("{\n");
    for (i, (_, t)) in items.iter().enumerate() {
        let t = t.trim_end().trim_end_matches(',');
        out.push_str(t);
        out.push_str(if i + 1 < n { ",\n" } else { "\n" });
    }
    out.push_str("}\n");
    serde_json::from_str::<serde_json::Value>(&out).ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_replaced_in_place_or_added_at_the_end() {
        let text = "{\n  \"kind\": \"run\",\n  \"files\": {\n    \"a.csv\": \"x\"\n  },\n  \"seed\": 2\n}\n";
        let files = serde_json::json!({"a.csv": "x", "impact.csv": "y"});
        let ab = serde_json::json!({"games": 3});
        let out = with_entries(text, &[("files", &files), ("ablation", &ab)]).unwrap();
        assert_eq!(
            out,
            "{\n  \"kind\": \"run\",\n  \"files\": {\n    \"a.csv\": \"x\",\n    \"impact.csv\": \"y\"\n  },\n  \"seed\": 2,\n  \"ablation\": {\n    \"games\": 3\n  }\n}\n"
        );
        assert!(with_entries("[1]", &[]).is_none());
    }
}
