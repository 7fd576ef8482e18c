//! `--patch` on `run` and `tournament`: a balance patch (number changes of one or more cards,
//! applied together) measured on the same games before and after.
//!
//! Common random numbers: game `i` of a matchup is seeded, seated and played exactly as the
//! command without `--patch` plays it, once with the rule set as loaded and once with the
//! patched one; every random stream (deal, coin flips, agents) comes from (seed, game index)
//! in both arms. Each deck's per-game score difference (win 1, draw ½) is averaged and its
//! interval comes from those paired differences ([`crate::stats::Paired`]), so the luck both
//! arms share cancels; a patch that cannot change a game gives exactly zero.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use cardsim_agents::{make_agent, Agent, AgentSpec};
use cardsim_engine::Ruleset;

use crate::compare::{deck_rows, CompareRow, Est};
use crate::impact::{half, Arms, CardChange};
use crate::output::{self, Manifest, ManifestMatchup};
use crate::runner::{chunk_for, play_seeded, seating_for, Matchup};
use crate::settings::RunSettings;

/// A patch: number changes of cards, applied together.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Patch {
    /// The changes, in the order given.
    pub changes: Vec<CardChange>,
}

impl Patch {
    /// Parse `--patch` values: each `CARD:CHANGE[,CHANGE...]`, several cards separated by `;`
    /// in one value or given as several values (all of them one patch), e.g.
    /// `"Dust Raider:attack-1,health+2"` and `"Rifle Squad:health+1"`.
    pub fn parse(values: &[String]) -> Result<Patch> {
        let mut changes = Vec::new();
        for v in values {
            for part in v.split(';').map(str::trim).filter(|p| !p.is_empty()) {
                let Some((card, list)) = part.rsplit_once(':') else {
                    bail!("--patch `{part}`: give CARD:CHANGE, e.g. \"Dust Raider:attack-1,health+2\"");
                };
                let card = card.trim();
                if card.is_empty() {
                    bail!("--patch `{part}`: no card name before `:`");
                }
                let mut any = false;
                for c in list.split(',').map(str::trim).filter(|c| !c.is_empty()) {
                    changes.push(CardChange::Numbers {
                        card: card.to_string(),
                        change: c.to_string(),
                        label: "patch".into(),
                    });
                    any = true;
                }
                if !any {
                    bail!("--patch `{part}`: no change after `:` (e.g. attack-1)");
                }
            }
        }
        if changes.is_empty() {
            bail!("--patch: no change given");
        }
        Ok(Patch { changes })
    }

    /// The rule set with every change made (each card changed everywhere).
    pub fn apply<R: Ruleset>(&self, r: &R) -> Result<R> {
        let mut out: Option<R> = None;
        for c in &self.changes {
            let cur = out.as_ref().unwrap_or(r);
            out = Some(
                c.apply(cur)
                    .map_err(|e| anyhow::anyhow!("--patch {}:{}: {e}", c.card(), label(c)))?,
            );
        }
        out.ok_or_else(|| anyhow::anyhow!("--patch: no change given"))
    }

    /// `Card:attack-1,health+2; Other:delay=1`.
    pub fn label(&self) -> String {
        let mut parts: Vec<(String, Vec<String>)> = Vec::new();
        for c in &self.changes {
            match parts.iter_mut().find(|p| p.0 == c.card()) {
                Some(p) => p.1.push(label(c)),
                None => parts.push((c.card().to_string(), vec![label(c)])),
            }
        }
        parts
            .iter()
            .map(|(c, l)| format!("{c}:{}", l.join(",")))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

fn label(c: &CardChange) -> String {
    match c {
        CardChange::Numbers { change, .. } => change.clone(),
        other => other.label(),
    }
}

/// Which games a patched command plays.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Plan {
    /// `run`: deck 0 against each other deck (two-player games) or the one table of all.
    Field {
        /// Deck 0's agent.
        agent: String,
        /// The opponents' agent.
        vs_agent: String,
    },
    /// `tournament`: every pair of decks (game `i` of every pair seeded as game `i`).
    RoundRobin {
        /// Every deck's agent.
        agent: String,
        /// Also each deck against itself.
        mirrors: bool,
    },
}

/// A patched run or tournament.
#[derive(Clone, Debug)]
pub struct PatchSpec {
    /// `run` or `tournament`.
    pub command_name: String,
    /// Game, files, seed, threads, output, parameters, progress, command.
    pub run: RunSettings,
    /// Decks (deck 0 first for a run).
    pub decks: Vec<PathBuf>,
    /// The matchups.
    pub plan: Plan,
    /// Games per matchup.
    pub games: u64,
    /// Weights of the opponents of a run's deck 0 (empty: equal).
    pub weights: Vec<f64>,
    /// The patch.
    pub patch: Patch,
}

/// What a patched command produced.
pub struct PatchReport {
    /// Matchup rows, then deck rows.
    pub rows: Vec<CompareRow>,
    /// The manifest.
    pub manifest: Manifest,
    /// Files written.
    pub written: Vec<PathBuf>,
}

/// Play a patched run or tournament.
pub fn patch(spec: &PatchSpec) -> Result<PatchReport> {
    for_game!(&spec.run.game, run_for(spec: &'a PatchSpec) -> Result<PatchReport>)?
}

fn run_for<R: Ruleset>(spec: &PatchSpec) -> Result<PatchReport> {
    spec.run.check_out()?;
    if spec.games == 0 {
        bail!("--games must be at least 1");
    }
    let (ruleset, cards) = spec.run.load::<R>(&spec.decks)?;
    // The patch is built (and so checked) before any game is played.
    let after = spec.patch.apply(&ruleset)?;
    let n = ruleset.num_players();
    let k = spec.decks.len();
    let (matchups, same_deals): (Vec<Matchup>, bool) = match &spec.plan {
        Plan::Field { agent, vs_agent } => {
            let (tables, specs, _) = crate::field::against_field::<R>(n, k, agent, vs_agent, "")?;
            let m = tables
                .into_iter()
                .map(|decks| Matchup {
                    decks,
                    agents: specs.clone(),
                    games: spec.games,
                })
                .collect();
            (m, false)
        }
        Plan::RoundRobin { agent, mirrors } => {
            if n != 2 {
                bail!(
                    "a tournament needs a two-player game ({} seats {n})",
                    R::NAME
                );
            }
            let a = AgentSpec::parse(agent)?;
            (crate::tournament::pairs(k, &a, spec.games, *mirrors), true)
        }
    };
    let bases: Vec<u64> = matchups
        .iter()
        .scan(0u64, |b, m| {
            let here = if same_deals { 0 } else { *b };
            *b += m.games;
            Some(here)
        })
        .collect();
    let peeks: Vec<Vec<bool>> = matchups
        .iter()
        .map(|m| {
            m.agents
                .iter()
                .map(|a| make_agent::<R>(a).map(|x| x.sees_hidden()))
                .collect::<Result<_, _>>()
        })
        .collect::<Result<_, _>>()?;
    let games: Vec<u64> = matchups.iter().map(|m| m.games).collect();
    let (pool, threads) = spec.run.pool()?;
    let bar = spec.run.progress_bar(2 * games.iter().sum::<u64>());
    let started = Instant::now();
    // Game i of matchup mi, in both arms: seated by i, seeded as global game base + i (as the
    // command without --patch plays it); per slot, the (before, after) half-point scores.
    let arms: Vec<Vec<Arms>> = pool.install(|| {
        crate::distribute::play_units(
            spec.run.out.as_deref(),
            &games,
            chunk_for(&games),
            &|_| vec![Arms::default(); n],
            &|mi, s, e| {
                let m = &matchups[mi];
                let mut agents: Vec<Box<dyn Agent<R::State>>> = m
                    .agents
                    .iter()
                    .map(|a| make_agent::<R>(a).expect("checked"))
                    .collect();
                let mut out = vec![Arms::default(); n];
                for i in s..e {
                    let (seats, slots) = seating_for(&m.decks, i);
                    let mut score = |r: &R| {
                        for a in agents.iter_mut() {
                            a.reset();
                        }
                        let (_, rec) = play_seeded(
                            r,
                            spec.run.seed,
                            bases[mi] + i,
                            &seats[..n],
                            &slots[..n],
                            &mut agents,
                            &peeks[mi],
                        );
                        let mut by_slot = [0u8; cardsim_engine::MAX_PLAYERS];
                        for (seat, &k) in slots[..n].iter().enumerate() {
                            by_slot[k] = half(rec.results[seat]);
                        }
                        by_slot
                    };
                    let b = score(&ruleset);
                    let v = score(&after);
                    for (k, o) in out.iter_mut().enumerate() {
                        o.add(0, b[k], v[k]);
                    }
                }
                bar.inc(2 * (e - s));
                Ok(out)
            },
        )
    })?;
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let names = output::match_names(&ruleset, &matchups);
    let mut rows = Vec::new();
    let mut pooled = Vec::new();
    for (mi, (nm, slots)) in names.iter().zip(&arms).enumerate() {
        let mirror = matchups[mi].decks[1..].contains(&matchups[mi].decks[0]);
        for (k, a) in slots.iter().enumerate() {
            let g = a.paired.n;
            let score = |c: [u64; 2]| (c[0] as f64 + c[1] as f64 / 2.0) / g.max(1) as f64;
            let Some(diff) = Est::paired(&a.paired) else {
                continue;
            };
            let weight = match &spec.plan {
                Plan::Field { .. } if k == 0 => spec.weights.get(mi).copied().unwrap_or(1.0),
                _ => 1.0,
            };
            let row = CompareRow {
                level: "matchup",
                matchup: nm.id.clone(),
                deck: nm.decks[k].clone(),
                weight,
                games: g,
                before: score(a.base),
                after: score(a.new),
                win: (
                    a.base[0] as f64 / g.max(1) as f64,
                    a.new[0] as f64 / g.max(1) as f64,
                ),
                diff,
                discordant: Some(a.paired.discordant),
                pairing: "paired",
            };
            if !mirror {
                pooled.push(row.clone());
            }
            rows.push(row);
        }
    }
    rows.extend(deck_rows(&pooled));
    let mut manifest = spec.run.manifest(
        "compare",
        &ruleset,
        &cards,
        &spec.decks,
        names
            .iter()
            .zip(&matchups)
            .zip(&bases)
            .map(|((nm, m), &first)| ManifestMatchup {
                id: nm.id.clone(),
                decks: nm.decks.clone(),
                agents: nm.agents.clone(),
                games: m.games,
                first_game: first,
                deck_indices: m.decks.clone(),
            })
            .collect(),
        |map| {
            map.insert("patch".into(), serde_json::to_value(&spec.patch.changes)?);
            if !spec.weights.is_empty() {
                map.insert("weights".into(), serde_json::to_value(&spec.weights)?);
            }
            map.insert("pairing".into(), format!("common random numbers: game i of a matchup is played as `{}` without --patch plays it (same seat, same seed), once before and once after the patch; diff = after minus before score (win 1, draw 1/2), 95% interval from the paired per-game differences; deck rows pool the deck's matchups (mirrors left out) by their weights", spec.command_name).into());
            Ok(())
        },
    )?;
    manifest.set_timing(2 * games.iter().sum::<u64>(), threads, elapsed);
    let written = spec.run.write(
        &[("compare.csv", &|p| crate::compare::write_compare(p, &rows))],
        &manifest,
    )?;
    Ok(PatchReport {
        rows,
        manifest,
        written,
    })
}
