//! `cardsim run`: many games of one matchup, or of one deck against each of several
//! opponents (a gauntlet, pooled in field.csv).

use std::path::PathBuf;

use anyhow::{bail, Result};
use cardsim_sim::patch::{Patch, PatchSpec, Plan};
use cardsim_sim::{execute_weighted, summary_table, team_table, Job, Pairing};
use clap::Args;

use super::common::*;

#[derive(Args, Debug, serde::Serialize)]
pub struct RunArgs {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega.
    #[arg(long, default_value = "tyrant")]
    pub game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// The first deck.
    #[arg(long)]
    pub deck: PathBuf,
    /// The opposing deck(s); repeat for games of more than two players (none for a
    /// one-player game such as a solo Alpha/Omega). In a two-player game several --vs make a
    /// gauntlet: the deck plays each opponent, and field.csv pools them; `DECK@W` weighs an
    /// opponent W in the pooled row (default 1).
    #[arg(long = "vs", value_name = "DECK[@W]")]
    pub vs: Vec<String>,
    /// A folder of decks: every `*.txt` in it but the --deck file is an opponent (added to
    /// any --vs); a two-player gauntlet (field.csv).
    #[arg(long, value_name = "DIR")]
    pub field: Option<PathBuf>,
    /// Weights of the opponents in the pooled row of field.csv: a file of `DECK WEIGHT`
    /// lines (DECK the deck file's name without .txt; every opponent listed).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
    /// Agent playing the first deck.
    #[arg(long, default_value = "random")]
    pub agent: String,
    /// Agent playing the opposing deck(s).
    #[arg(long = "vs-agent", default_value = "random")]
    pub vs_agent: String,
    /// Games per matchup (run plays one matchup; seats rotate game by game); the budget
    /// under --sprt/--until-halfwidth.
    #[arg(long, default_value_t = 100_000, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// Duplicate deals: play every deal once per seating (the game count must be a
    /// multiple of the players), so the decks face the same shuffles; intervals then use the
    /// pairing (see docs/statistics.md).
    #[arg(long)]
    pub duplicate: bool,
    /// A balance patch: `CARD:CHANGE[,CHANGE...]` (e.g. "Dust Raider:attack-1,health+2");
    /// repeat it or separate cards by `;` (all changes are one patch). Plays every game
    /// before and after the patch on the same seeds and writes compare.csv (paired
    /// differences) instead of summary.csv.
    #[arg(long, value_name = "CARD:CHANGES")]
    pub patch: Vec<String>,
    #[command(flatten)]
    #[serde(flatten)]
    pub play: PlayArgs,
}

pub fn cmd_run(a: RunArgs) -> Result<()> {
    let stop = a.play.stop.rule()?;
    let opponents = cardsim_sim::field::opponents(
        &a.game,
        &a.deck,
        &a.vs,
        a.field.as_deref(),
        a.weights.as_deref(),
    )?;
    // Several opponents, a field folder or weights: deck 0 against each (a gauntlet in a
    // two-player game); otherwise the one matchup of the decks given.
    let gauntlet = opponents.len() > 1 || a.field.is_some() || a.weights.is_some();
    let weighted = opponents.iter().any(|o| o.weight != 1.0);
    let weights: Vec<f64> = match weighted {
        true => opponents.iter().map(|o| o.weight).collect(),
        false => Vec::new(),
    };
    let mut decks = vec![a.deck.clone()];
    decks.extend(opponents.into_iter().map(|o| o.deck));
    let (pairing, agents) = if gauntlet {
        (Pairing::Field, vec![a.agent.clone(), a.vs_agent.clone()])
    } else {
        let mut agents = vec![a.agent.clone()];
        agents.extend(std::iter::repeat_n(a.vs_agent.clone(), decks.len() - 1));
        (Pairing::Single, agents)
    };
    let out = out_dir(&a.play.out, &a.game, "run");
    if !a.patch.is_empty() {
        if a.duplicate || stop.active() {
            bail!("--patch plays a fixed number of games: drop --duplicate, --sprt and --until-halfwidth");
        }
        let run = a
            .play
            .settings(&a.game, &a.cards, out, serde_json::to_value(&a)?);
        let spec = PatchSpec {
            command_name: "run".into(),
            run,
            decks,
            plan: Plan::Field {
                agent: a.agent,
                vs_agent: a.vs_agent,
            },
            games: a.games,
            weights,
            patch: Patch::parse(&a.patch)?,
        };
        return print_patch(&spec, &a.play.report);
    }
    let job = Job {
        run: a
            .play
            .settings(&a.game, &a.cards, out.clone(), serde_json::Value::Null),
        decks,
        pairing,
        agents,
        games: a.games,
    };
    let r = execute_weighted(&job, &stop, a.duplicate, &weights)?;
    // The tables that have rows, a blank line between them.
    let tables = [
        summary_table(&r.summary),
        cardsim_sim::field::field_table(&r.field),
        team_table(&r.teams),
        cardsim_sim::score::table(&r.summary),
    ];
    let tables: Vec<String> = tables.into_iter().filter(|t| !t.is_empty()).collect();
    cardsim_sim::out!("{}", tables.join("\n"));
    for row in r.summary.iter().filter(|s| s.seat == "all") {
        if let Some(x) = row.deal.and_then(|d| d.diff) {
            cardsim_sim::outln!(
                "duplicate deals: {} scores {:+.4} [{:+.4}, {:+.4}] against the other decks (paired by deal)",
                row.deck, x.est, x.lo, x.hi
            );
        }
    }
    for row in r.summary.iter().filter(|s| s.seat == "all") {
        if let Some(st) = row.stop {
            cardsim_sim::outln!(
                "sequential stop ({} win rate): {} after {} of {} games, LLR {}, interval half-width {}",
                row.deck,
                st.decision.name(),
                st.games,
                st.budget,
                st.llr.map(|l| format!("{l:.3}")).unwrap_or_else(|| "-".into()),
                st.half_width.map(|h| format!("{h:.4}")).unwrap_or_else(|| "-".into())
            );
            break;
        }
    }
    cardsim_sim::outln!(
        "{} games in {:.2} s ({:.0} games/s on {} threads); wrote {}",
        r.manifest.games,
        r.manifest.elapsed_seconds,
        r.manifest.games_per_second,
        r.manifest.threads,
        r.written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    a.play.report.write(&out)
}

/// Play a patched run or tournament, print its comparison and write its report (unless
/// --no-report).
pub fn print_patch(spec: &PatchSpec, report: &ReportFlags) -> Result<()> {
    let r = cardsim_sim::patch::patch(spec)?;
    cardsim_sim::outln!("patch: {}", spec.patch.label());
    cardsim_sim::out!("{}", cardsim_sim::compare::table(&r.rows));
    cardsim_sim::outln!(
        "{} games ({} paired) in {:.2} s on {} threads. diff = after minus before score (win 1, draw 1/2), percentage points, 95% interval from the paired per-game differences (same seeds before and after); wrote {}",
        r.manifest.games,
        r.manifest.games / 2,
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        wrote(&r.written)
    );
    match &spec.run.out {
        Some(out) => report.write(out),
        None => Ok(()),
    }
}
