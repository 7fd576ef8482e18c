//! One deck against a field of opponents, shared by `run` (the gauntlet), `impact` and
//! `optimize`: the opponent list (`--vs DECK[@W]`, `--field DIR`, `--weights FILE`), the
//! tables of "deck 0 against each opponent", and the weighted pooling of per-opponent win
//! rates with a stratified interval (`field.csv`).
//!
//! Pooling: opponent `j` has the share `wⱼ` (normalised weights; equal without weights) and
//! its games fall into one stratum per seat of `nⱼₛ` games. The pooled win rate is
//! Σⱼ wⱼ·p̂ⱼ, with p̂ⱼ the opponent's win rate over both seats, i.e. the strata weighted by
//! wⱼ·nⱼₛ/nⱼ; its 95% interval is the stratified score interval of that linear combination
//! ([`crate::stratified::stratified_score_weighted`]). With equal weights and equal games it
//! is the plain pooled rate Σk/Σn.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::Ruleset;

use crate::output::MatchNames;
use crate::runner::MatchAcc;
use crate::stats::Z95;
use crate::stratified::{stratified_score_weighted, Counts, Outcome};

/// An opponent deck and its weight in the pooled row.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Opponent {
    /// Deck path or name.
    pub deck: PathBuf,
    /// Weight (any positive number; shares are weights over their sum).
    pub weight: f64,
}

/// `DECK` or `DECK@W` (weight W > 0; the `@W` suffix is read as a weight only when W is a
/// number, so a path with an `@` in it still works).
pub fn parse_opponent(s: &str) -> Result<Opponent> {
    if let Some((deck, w)) = s.rsplit_once('@') {
        if let Ok(w) = w.trim().parse::<f64>() {
            if !(w.is_finite() && w > 0.0) {
                bail!("--vs `{s}`: the weight after @ must be a positive number");
            }
            if deck.is_empty() {
                bail!("--vs `{s}`: no deck before @");
            }
            return Ok(Opponent {
                deck: PathBuf::from(deck),
                weight: w,
            });
        }
    }
    Ok(Opponent {
        deck: PathBuf::from(s),
        weight: 1.0,
    })
}

/// Every `*.txt` deck file in `dir`, sorted (at least two).
pub fn decks_in(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list the decks in {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    v.sort();
    if v.len() < 2 {
        bail!("fewer than two deck files (*.txt) in {}", dir.display());
    }
    Ok(v)
}

/// A deck's name for weights files: its file stem.
fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

/// Read a weights file: one `DECK WEIGHT` per line (DECK a deck file's stem, as in `--vs`
/// names; blank lines and `#` comments skipped).
pub fn read_weights(path: &Path) -> Result<Vec<(String, f64)>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot read the weights file", path.display()))?;
    let mut out: Vec<(String, f64)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = || format!("{}:{}", path.display(), i + 1);
        let Some((name, w)) = line.rsplit_once(|c: char| c.is_whitespace() || c == ',') else {
            bail!("{}: expected `DECK WEIGHT`, got `{line}`", at());
        };
        let w: f64 = w
            .trim()
            .parse()
            .ok()
            .filter(|w: &f64| w.is_finite() && *w > 0.0)
            .with_context(|| format!("{}: `{}` is not a positive weight", at(), w.trim()))?;
        let name = name.trim().trim_end_matches(',').trim().to_string();
        if out.iter().any(|(n, _)| *n == name) {
            bail!("{}: `{name}` is weighted twice", at());
        }
        out.push((name, w));
    }
    if out.is_empty() {
        bail!("{}: no weights in the file", path.display());
    }
    Ok(out)
}

/// The opponents of `deck` (a path or a name of `game`'s data folder): the `vs` entries
/// (`DECK` or `DECK@W`) then every deck of the `field` folder other than `deck` itself; with
/// a `weights` file every opponent takes its weight from it (by file stem), and every
/// opponent must be listed there.
pub fn opponents(
    game: &str,
    deck: &Path,
    vs: &[String],
    field: Option<&Path>,
    weights: Option<&Path>,
) -> Result<Vec<Opponent>> {
    let mut out: Vec<Opponent> = vs
        .iter()
        .map(|s| parse_opponent(s))
        .collect::<Result<_>>()?;
    if let Some(dir) = field {
        let mine = crate::datadir::resolve_deck(game, deck)?;
        let me = std::fs::canonicalize(&mine)
            .with_context(|| format!("{}: cannot read deck file", deck.display()))?;
        for d in decks_in(dir)? {
            if std::fs::canonicalize(&d).ok().as_ref() != Some(&me) {
                out.push(Opponent {
                    deck: d,
                    weight: 1.0,
                });
            }
        }
    }
    if let Some(wf) = weights {
        if out.iter().any(|o| o.weight != 1.0) {
            bail!("give weights either as --vs DECK@W or in --weights FILE, not both");
        }
        let table = read_weights(wf)?;
        let mut missing = Vec::new();
        for o in &mut out {
            match table.iter().find(|(n, _)| *n == stem(&o.deck)) {
                Some((_, w)) => o.weight = *w,
                None => missing.push(stem(&o.deck)),
            }
        }
        if !missing.is_empty() {
            bail!(
                "{}: no weight for the opponent(s) {} (every opponent needs one)",
                wf.display(),
                missing.join(", ")
            );
        }
        for (n, _) in &table {
            if !out.iter().any(|o| stem(&o.deck) == *n) {
                bail!("{}: `{n}` is not an opponent here", wf.display());
            }
        }
    }
    Ok(out)
}

/// Matchup tables, the agent of each slot, and whether each sees hidden information.
pub(crate) type FieldAgents = (Vec<Vec<u8>>, Vec<AgentSpec>, Vec<bool>);

/// The tables and agents of "deck 0 against the others": in a two-player game one table per
/// opponent (deck 0 against deck j), otherwise one table of all `n` decks, which must then be
/// exactly `n`; `agent` plays deck 0 and `vs_agent` every other slot. Returns the tables, the
/// agents per slot and whether each sees hidden information. `here` is added to the error
/// (" here" when the player count comes from this job's parameters).
pub(crate) fn against_field<R: Ruleset>(
    n: usize,
    decks: usize,
    agent: &str,
    vs_agent: &str,
    here: &str,
) -> Result<FieldAgents> {
    let tables = field_tables(n, decks, R::NAME, here)?;
    let specs: Vec<AgentSpec> = std::iter::once(agent)
        .chain(std::iter::repeat_n(vs_agent, n - 1))
        .map(AgentSpec::parse)
        .collect::<Result<_, _>>()?;
    let peeks: Vec<bool> = specs
        .iter()
        .map(|s| make_agent::<R>(s).map(|a| a.sees_hidden()))
        .collect::<Result<_, _>>()?;
    Ok((tables, specs, peeks))
}

/// The deck tables of "deck 0 against the others" (see [`against_field`]).
pub(crate) fn field_tables(n: usize, decks: usize, game: &str, here: &str) -> Result<Vec<Vec<u8>>> {
    Ok(if n == 2 {
        if decks < 2 {
            bail!("give at least one opponent (--vs or --field)");
        }
        (1..decks).map(|j| vec![0, j as u8]).collect()
    } else {
        if decks != n {
            bail!(
                "{game} is a {n}-player game{here}: give {} opponents (--vs), not {}",
                n - 1,
                decks - 1
            );
        }
        vec![(0..n as u8).collect()]
    })
}

/// One row of `field.csv`: deck 0 against one opponent, or pooled over the field.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldRow {
    /// Deck 0's name.
    pub deck: String,
    /// The opponent's name, or `field` for the pooled row.
    pub opponent: String,
    /// Its share of the pooled row (weights over their sum; 1 on the pooled row).
    pub share: f64,
    /// Counts per stratum (seat, or opponent and seat) with each stratum's weight in the
    /// estimate.
    pub strata: Vec<(Counts, f64)>,
}

impl FieldRow {
    /// Games.
    pub fn games(&self) -> u64 {
        self.strata.iter().map(|s| s.0.games).sum()
    }

    /// The weighted rate of `o` with its 95% stratified score interval.
    pub fn rate(&self, o: Outcome) -> Option<(f64, f64, f64)> {
        let counts: Vec<Counts> = self.strata.iter().map(|s| s.0).collect();
        let kn = o.strata(&counts);
        let w: Vec<f64> = self.strata.iter().map(|s| s.1).collect();
        let (lo, hi) = stratified_score_weighted(&kn, &w, Z95)?;
        let (sum, tot) = kn
            .iter()
            .zip(&w)
            .filter(|((_, n), _)| *n > 0)
            .fold((0.0, 0.0), |(s, t), (&(k, n), &w)| {
                (s + w * k as f64 / n as f64, t + w)
            });
        Some((sum / tot, lo, hi))
    }

    /// The weighted score (win 1, draw ½).
    pub fn score(&self) -> Option<f64> {
        let w = self.rate(Outcome::Win)?.0;
        let d = self.rate(Outcome::Draw)?.0;
        Some(w + d / 2.0)
    }
}

/// The rows of a gauntlet: slot 0 of every matchup is the deck, slot 1 the opponent;
/// `weights` per matchup (empty: equal). One row per opponent, then the pooled `field` row.
pub fn field_rows(names: &[MatchNames], accs: &[MatchAcc], weights: &[f64]) -> Vec<FieldRow> {
    let w: Vec<f64> = (0..accs.len())
        .map(|i| weights.get(i).copied().unwrap_or(1.0))
        .collect();
    let total: f64 = w.iter().sum();
    let mut rows = Vec::new();
    let mut pooled = Vec::new();
    for ((nm, acc), &wi) in names.iter().zip(accs).zip(&w) {
        let seats: Vec<Counts> = acc.seats[0].iter().map(Counts::from).collect();
        let n: u64 = seats.iter().map(|c| c.games).sum();
        let share = wi / total;
        for c in &seats {
            if n > 0 {
                pooled.push((*c, share * c.games as f64 / n as f64));
            }
        }
        rows.push(FieldRow {
            deck: nm.decks[0].clone(),
            opponent: nm.decks[1..].join("+"),
            share,
            strata: seats.iter().map(|c| (*c, c.games as f64)).collect(),
        });
    }
    if let Some(first) = names.first() {
        rows.push(FieldRow {
            deck: first.decks[0].clone(),
            opponent: "field".into(),
            share: 1.0,
            strata: pooled,
        });
    }
    rows
}

/// The columns of `field.csv`.
pub const FIELD_COLUMNS: [&str; 14] = [
    "deck",
    "opponent",
    "weight",
    "games",
    "win_rate",
    "win_rate_ci_low",
    "win_rate_ci_high",
    "draw_rate",
    "draw_rate_ci_low",
    "draw_rate_ci_high",
    "score",
    "wins",
    "draws",
    "losses",
];

/// Write `field.csv`.
pub fn write_field(path: &Path, rows: &[FieldRow]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    w.write_record(FIELD_COLUMNS)?;
    for r in rows {
        let f = |x: Option<f64>| x.map(|v| format!("{v:.4}")).unwrap_or_default();
        let win = r.rate(Outcome::Win);
        let draw = r.rate(Outcome::Draw);
        let sum = |g: &dyn Fn(&Counts) -> u64| -> u64 { r.strata.iter().map(|s| g(&s.0)).sum() };
        w.write_record([
            r.deck.clone(),
            r.opponent.clone(),
            format!("{:.4}", r.share),
            r.games().to_string(),
            f(win.map(|x| x.0)),
            f(win.map(|x| x.1)),
            f(win.map(|x| x.2)),
            f(draw.map(|x| x.0)),
            f(draw.map(|x| x.1)),
            f(draw.map(|x| x.2)),
            f(r.score()),
            sum(&|c| c.wins).to_string(),
            sum(&|c| c.draws).to_string(),
            sum(&|c| c.losses).to_string(),
        ])?;
    }
    w.flush()?;
    Ok(())
}

/// The printed gauntlet table: per opponent and pooled, percentages with 95% intervals.
pub fn field_table(rows: &[FieldRow]) -> String {
    let Some(first) = rows.first() else {
        return String::new();
    };
    let mut t = crate::table::Table::new(
        [
            "opponent",
            "weight",
            "games",
            "win rate [95% CI]",
            "draws",
            "score",
        ],
        1,
    );
    let pct = |x: Option<f64>| {
        x.map(|v| format!("{:.1}%", 100.0 * v))
            .unwrap_or_else(|| "-".into())
    };
    for r in rows {
        t.row([
            r.opponent.clone(),
            format!("{:.3}", r.share),
            r.games().to_string(),
            r.rate(Outcome::Win)
                .map(|(p, lo, hi)| crate::table::pct_iv(p, lo, hi))
                .unwrap_or_else(|| "-".into()),
            pct(r.rate(Outcome::Draw).map(|x| x.0)),
            pct(r.score()),
        ]);
    }
    format!(
        "{} against the field (pooled row weighted by the weights column):\n{t}",
        first.deck
    )
}
