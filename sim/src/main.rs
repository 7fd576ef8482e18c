//! `cardsim`: a thin command line over the simulator library.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use cardsim_engine::registry::{self, GameVisitor};
use cardsim_engine::Ruleset;
use cardsim_sim::impact::{AllCards, CardChange, ImpactSpec};
use cardsim_sim::ladder::{ladder, ladder_table, LadderJob};
use cardsim_sim::sequential::StopRule;
use cardsim_sim::series::{series, series_table, LoserPlays, SeriesJob};
use cardsim_sim::stats::Sprt;
use cardsim_sim::sweep::SweepSpec;
use cardsim_sim::tournament::TournamentSpec;
use cardsim_sim::{
    data_dir, execute, execute_with, field_table, summary_table, team_table, Job, Pairing,
};
use clap::{Args, Parser, Subcommand};

/// AI agents play card games against each other, many times, for balance numbers.
#[derive(Parser, Debug)]
#[command(name = "cardsim", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play many games of one matchup and write summary.csv, turns.csv, cards.csv and
    /// manifest.json.
    Run(RunArgs),
    /// The default job: a round robin of the example Tyrant decks into reports/default/.
    Default(DefaultArgs),
    /// Fixed-seed benchmark: prints games/s and a signature of the results.
    Bench(BenchArgs),
    /// List the agents a game offers.
    Agents(GameArg),
    /// List a game's rule parameters with their defaults.
    Params(GameArg),
    /// Write DIR/report.html: a self-contained page with charts and tables of the outputs
    /// in DIR (of `run`, `default`, `tournament`, `impact` or `sweep`).
    Report(ReportArgs),
    /// Strength ladder: every pair of agents on the same deals, win rates with intervals
    /// and a rating per agent; writes ladder.csv, ratings.csv and manifest.json.
    Ladder(LadderArgs),
    /// Every pair of decks in a folder: win-rate matrix and ranking (matrix.csv,
    /// ranking.csv, plus summary/turns/cards.csv).
    Tournament(TournamentArgs),
    /// A card's causal effect on its deck's win rate: ablation or nerf/buff, paired games
    /// (impact.csv).
    Impact(ImpactArgs),
    /// The same games at each value of one rule parameter (sweep.csv).
    Sweep(SweepArgs),
    /// Run scenario files (or folders of them): scripted positions with forced outcomes and
    /// assertions on the state. Exits non-zero if any assertion fails.
    Scenario(ScenarioArgs),
    /// Re-play one game of a run from its manifest, printing a turn-by-turn log.
    Replay(ReplayArgs),
    /// Competitive matches (the Allegiance rulebook's best-of series): two agents play
    /// best-of-K series, each game with decks dealt at random from a pool without
    /// replacement; writes series.csv, length.csv and manifest.json.
    Match(MatchArgs),
}

#[derive(Args, Debug)]
struct MatchArgs {
    /// Game name (two players, both seats played by agents).
    #[arg(long, default_value = "allegiance")]
    game: String,
    /// Card file (default: the game's example cards).
    #[arg(long)]
    cards: Option<PathBuf>,
    /// Deck files of the pool (repeatable; default: every example deck of the game).
    #[arg(long = "deck")]
    decks: Vec<PathBuf>,
    /// Agent A.
    #[arg(long, default_value = "greedy")]
    agent: String,
    /// Agent B.
    #[arg(long = "vs-agent", default_value = "random")]
    vs_agent: String,
    /// Games per series (odd): the player who wins more than half wins the match.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=99))]
    best_of: u32,
    /// Matches to play.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    matches: u64,
    /// Who plays first in the game after a loss: `first` (the loser) or `second`.
    #[arg(long, default_value = "first")]
    loser_plays: LoserPlays,
    /// Run seed.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Output folder (default: reports/match/GAME).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Rule parameter, `name=value` (repeatable).
    #[arg(long = "param")]
    params: Vec<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Early stopping of a matchup (shared by run, tournament and impact).
#[derive(Args, Debug, Clone, serde::Serialize)]
struct StopArgs {
    /// Stop a matchup with Wald's SPRT between two win rates, `P0,P1` (e.g. 0.50,0.55):
    /// H0 win rate = P0 against H1 win rate = P1. The game count becomes a budget.
    #[arg(long, value_name = "P0,P1")]
    sprt: Option<String>,
    /// SPRT type I error (accepting H1 when H0 holds).
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// SPRT type II error (accepting H0 when H1 holds).
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Stop a matchup once its 95% interval's half-width is at most this (e.g. 0.01).
    #[arg(long, value_name = "H")]
    until_halfwidth: Option<f64>,
    /// Games before --until-halfwidth may stop.
    #[arg(long, default_value_t = 1000)]
    min_games: u64,
    /// Games per look: the stopping rules are checked after each look.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    look: u64,
}

impl StopArgs {
    fn rule(&self) -> Result<StopRule> {
        let sprt = match &self.sprt {
            None => None,
            Some(t) => {
                let (a, b) = t.split_once(',').with_context(|| {
                    format!("--sprt `{t}`: give two win rates, P0,P1 (e.g. 0.50,0.55)")
                })?;
                let num = |x: &str| {
                    x.trim()
                        .parse::<f64>()
                        .with_context(|| format!("--sprt `{t}`: `{}` is not a number", x.trim()))
                };
                Some(
                    Sprt::new(num(a)?, num(b)?, self.alpha, self.beta)
                        .map_err(anyhow::Error::msg)?,
                )
            }
        };
        if let Some(h) = self.until_halfwidth {
            if !(h > 0.0 && h <= 0.5) {
                bail!("--until-halfwidth must be above 0 and at most 0.5 (got {h})");
            }
        }
        Ok(StopRule {
            sprt,
            half_width: self.until_halfwidth,
            min_games: self.min_games,
            look: self.look,
        })
    }
}

#[derive(Args, Debug, serde::Serialize)]
struct TournamentArgs {
    /// Game name.
    #[arg(long, default_value = "tyrant")]
    game: String,
    /// Card file (default: the game's example cards).
    #[arg(long)]
    cards: Option<PathBuf>,
    /// Folder of deck files (every `*.txt`, sorted by name).
    #[arg(long)]
    decks: PathBuf,
    /// Agent playing every deck.
    #[arg(long, default_value = "random")]
    agent: String,
    /// Games per pair of decks (seats alternated); the budget under --sprt/--until-halfwidth.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    games_per_pair: u64,
    /// Also play every deck against itself.
    #[arg(long)]
    mirrors: bool,
    #[command(flatten)]
    #[serde(flatten)]
    play: PlayArgs,
}

#[derive(Args, Debug, serde::Serialize)]
struct ImpactArgs {
    /// Game name.
    #[arg(long, default_value = "tyrant")]
    game: String,
    /// Card file (default: the game's example cards).
    #[arg(long)]
    cards: Option<PathBuf>,
    /// The deck whose card changes.
    #[arg(long)]
    deck: PathBuf,
    /// Opponent deck(s): each a separate opponent in a two-player game (results pooled,
    /// equal games each), all at one table otherwise.
    #[arg(long = "vs", num_args = 1.., required_unless_present = "field")]
    vs: Vec<PathBuf>,
    /// A folder of decks: every `*.txt` in it but the --deck file is an opponent (added to
    /// any --vs).
    #[arg(long, value_name = "DIR")]
    field: Option<PathBuf>,
    /// Agent playing the deck.
    #[arg(long, default_value = "random")]
    agent: String,
    /// Agent playing the opponents.
    #[arg(long = "vs-agent", default_value = "random")]
    vs_agent: String,
    /// Paired games per opponent and change (the budget under --sprt/--until-halfwidth).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The card to change.
    #[arg(long)]
    card: Option<String>,
    /// Replace every copy of the card (or, with --all-cards, of each card) by this card.
    #[arg(long, value_name = "CARD")]
    replace_with: Option<String>,
    /// Remove every copy of the card (or, with --all-cards, of each card).
    #[arg(long)]
    remove: bool,
    /// Weaken the card's numbers everywhere, e.g. `attack-1` (Tyrant: attack, health, delay
    /// or the X of one of its skills; Allegiance: cost, attack, health, armor, delay or the
    /// number of an effect op such as damage or heal; +N, -N or =N).
    #[arg(long, value_name = "CHANGE")]
    nerf: Option<String>,
    /// Strengthen the card's numbers everywhere, e.g. `health+2`.
    #[arg(long, value_name = "CHANGE")]
    buff: Option<String>,
    /// Ablate every distinct card of the deck in turn (with --replace-with or --remove).
    /// Cards the game cannot ablate that way (Allegiance: the hero, faces chosen at set-up,
    /// abilities under --replace-with) are skipped and listed with the reason.
    #[arg(long)]
    all_cards: bool,
    #[command(flatten)]
    #[serde(flatten)]
    play: PlayArgs,
}

#[derive(Args, Debug, serde::Serialize)]
struct SweepArgs {
    /// Game name.
    #[arg(long, default_value = "tyrant")]
    game: String,
    /// Card file (default: the game's example cards).
    #[arg(long)]
    cards: Option<PathBuf>,
    /// The first deck of a single table (with --vs).
    #[arg(long, conflicts_with = "decks")]
    deck: Option<PathBuf>,
    /// The opposing deck(s) of a single table.
    #[arg(long = "vs", requires = "deck")]
    vs: Vec<PathBuf>,
    /// A folder of decks (every `*.txt`): every pair of them plays (two-player games).
    #[arg(long)]
    decks: Option<PathBuf>,
    /// Agent playing every deck.
    #[arg(long, default_value = "random")]
    agent: String,
    /// The swept parameter: `name=lo..hi:step` (whole numbers) or `name=a,b,c`.
    #[arg(long)]
    param: String,
    /// Another rule parameter held fixed, `name=value` (repeatable).
    #[arg(long)]
    fixed: Vec<String>,
    /// Games per table (pair of decks) at each value.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Output folder.
    #[arg(long)]
    out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// The run's output folder (holding manifest.json).
    dir: PathBuf,
    /// Global game index: the matchup's `first_game` in the manifest plus the game's number
    /// within the matchup.
    #[arg(long)]
    game: u64,
    /// Also print the full state before every decision.
    #[arg(long)]
    states: bool,
    /// Replay instead the first game from --game on, within its matchup, meeting these
    /// conditions (repeatable): end=decided|turn_limit, winner=SEAT|draw, min_turns=N,
    /// max_turns=N.
    #[arg(long)]
    find: Vec<String>,
}

#[derive(Args, Debug)]
struct ScenarioArgs {
    /// Scenario files, or folders searched for `*.toml`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print every scenario's event log, not only the failing ones'.
    #[arg(long)]
    verbose: bool,
}

#[derive(Args, Debug)]
struct ReportArgs {
    /// An output folder of cardsim.
    dir: PathBuf,
}

#[derive(Args, Debug)]
struct LadderArgs {
    /// Game name.
    #[arg(long, default_value = "tyrant")]
    game: String,
    /// Card file (default: the game's example cards).
    #[arg(long)]
    cards: Option<PathBuf>,
    /// Deck files (repeatable; default: every example deck of the game).
    #[arg(long = "deck")]
    decks: Vec<PathBuf>,
    /// Agent spec (repeatable; default: random, greedy, mcts:iters=100, mcts:iters=1000).
    /// The first anchors the ratings at 0.
    #[arg(long = "agent")]
    agents: Vec<String>,
    /// Deals per pair of agents (each deal is played twice, the agents' seats swapped).
    #[arg(long, default_value_t = LADDER_DEALS, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Run seed.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Output folder (default: reports/agents/GAME).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Rule parameter, `name=value` (repeatable).
    #[arg(long = "param")]
    params: Vec<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Deals per pair in the ladder.
const LADDER_DEALS: u64 = 2_000;
/// The ladder's default agents, weakest expected first.
const LADDER_AGENTS: [&str; 4] = ["random", "greedy", "mcts:iters=100", "mcts:iters=1000"];

#[derive(Args, Debug)]
struct GameArg {
    /// Game name.
    #[arg(long, default_value = "tyrant")]
    game: String,
}

/// Options shared by the commands that play seeded games into an output folder (`run`,
/// `tournament`, `impact`).
#[derive(Args, Debug, Clone, serde::Serialize)]
struct PlayArgs {
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Output folder.
    #[arg(long)]
    out: PathBuf,
    /// Rule parameter, `name=value` (repeatable).
    #[arg(long = "param")]
    params: Vec<String>,
    #[command(flatten)]
    stop: StopArgs,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug, serde::Serialize)]
struct RunArgs {
    /// Game name (see `cardsim params`).
    #[arg(long, default_value = "tyrant")]
    game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    cards: Option<PathBuf>,
    /// The first deck.
    #[arg(long)]
    deck: PathBuf,
    /// The opposing deck(s); repeat for games of more than two players.
    #[arg(long = "vs", required = true)]
    vs: Vec<PathBuf>,
    /// Agent playing the first deck.
    #[arg(long, default_value = "random")]
    agent: String,
    /// Agent playing the opposing deck(s).
    #[arg(long = "vs-agent", default_value = "random")]
    vs_agent: String,
    /// Number of games.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    #[command(flatten)]
    #[serde(flatten)]
    play: PlayArgs,
}

#[derive(Args, Debug)]
struct DefaultArgs {
    /// Games per pair of decks.
    #[arg(long, default_value_t = DEFAULT_GAMES_PER_PAIR, value_parser = clap::value_parser!(u64).range(1..))]
    games_per_pair: u64,
    /// Run seed.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Output folder.
    #[arg(long, default_value = "reports/default")]
    out: PathBuf,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Number of games.
    #[arg(long, default_value_t = 500_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Skip the agent speed lines.
    #[arg(long)]
    no_agents: bool,
}

/// Games per deck pair in the default job (45 pairs of the 10 example decks: 2,250,000 games).
const DEFAULT_GAMES_PER_PAIR: u64 = 50_000;

/// The decks of the bench matchup: two 10-card example decks.
const BENCH_DECKS: [&str; 2] = ["rush", "wall_counter"];
/// The bench seed.
const BENCH_SEED: u64 = 20_261_121;

fn argv() -> Vec<String> {
    std::env::args().collect()
}

/// The example decks of `game` (`data/GAME/decks/*.txt`, sorted).
fn example_decks(game: &str) -> Result<Vec<PathBuf>> {
    decks_in(&data_dir().join(game.to_ascii_lowercase()).join("decks"))
}

/// Every `*.txt` deck file in `dir`, sorted (at least two).
fn decks_in(dir: &std::path::Path) -> Result<Vec<PathBuf>> {
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

fn cmd_run(a: RunArgs) -> Result<()> {
    let stop = a.play.stop.rule()?;
    let mut decks = vec![a.deck];
    decks.extend(a.vs);
    let mut agents = vec![a.agent];
    agents.extend(std::iter::repeat_n(a.vs_agent, decks.len() - 1));
    let job = Job {
        game: a.game,
        cards: a.cards,
        decks,
        pairing: Pairing::Single,
        agents,
        games: a.games,
        seed: a.play.seed,
        threads: a.play.threads.map(|t| t as usize),
        out: Some(a.play.out),
        params: a.play.params,
        progress: !a.play.quiet,
        command: argv(),
    };
    let r = execute_with(&job, &stop)?;
    print!("{}", summary_table(&r.summary));
    print!("{}", team_table(&r.teams));
    for row in r.summary.iter().filter(|s| s.seat == "all") {
        if let Some(st) = row.stop {
            println!(
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
    println!(
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
    Ok(())
}

fn cmd_default(a: DefaultArgs) -> Result<()> {
    let decks = example_decks("tyrant")?;
    let job = Job {
        game: "tyrant".into(),
        cards: None,
        decks,
        pairing: Pairing::RoundRobin,
        agents: vec!["random".into(), "random".into()],
        games: a.games_per_pair,
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        out: Some(a.out.clone()),
        params: vec![],
        progress: true,
        command: argv(),
    };
    let pairs = job.decks.len() * (job.decks.len() - 1) / 2;
    println!(
        "cardsim default run: Tyrant, {} example decks, round robin of {pairs} pairs x {} games, random vs random, seats alternated",
        job.decks.len(),
        a.games_per_pair
    );
    let r = execute(&job)?;
    print!("{}", summary_table(&r.summary));
    println!();
    print!("{}", field_table(&r.summary));
    println!(
        "\n{} games in {:.2} s ({:.0} games/s on {} threads). Win rates carry 95% Wilson intervals; the attacker moves first; 'at limit' = games ended by the 50-turn rule (the defender wins them).",
        r.manifest.games, r.manifest.elapsed_seconds, r.manifest.games_per_second, r.manifest.threads
    );
    let (report, _) = cardsim_sim::report::write_report(&a.out)?;
    println!(
        "CSVs and manifest in {}; charts in {}",
        a.out.display(),
        report.display()
    );
    Ok(())
}

fn cmd_bench(a: BenchArgs) -> Result<()> {
    let dir = data_dir().join("tyrant").join("decks");
    let job = Job {
        game: "tyrant".into(),
        cards: None,
        decks: BENCH_DECKS
            .iter()
            .map(|d| dir.join(format!("{d}.txt")))
            .collect(),
        pairing: Pairing::Single,
        agents: vec!["random".into(), "random".into()],
        games: a.games,
        seed: BENCH_SEED,
        threads: a.threads.map(|t| t as usize),
        out: None,
        params: vec![],
        progress: false,
        command: argv(),
    };
    let r = execute(&job)?;
    // Every game appears once in the attacker rows (one per deck).
    let (mut att, mut def, mut draws, mut limit) = (0u64, 0u64, 0u64, 0u64);
    for row in r.summary.iter().filter(|s| s.seat == "attacker") {
        att += row.acc.wins;
        def += row.acc.losses;
        draws += row.acc.draws;
        limit += row.acc.wins_at_limit + row.acc.losses_at_limit + row.acc.draws_at_limit;
    }
    println!(
        "bench: tyrant {} vs {}, random vs random, seed {BENCH_SEED}",
        BENCH_DECKS[0], BENCH_DECKS[1]
    );
    println!(
        "signature: games={} attacker_wins={att} defender_wins={def} draws={draws} at_limit={limit} checksum={:016x}",
        r.manifest.games,
        r.checksum
    );
    println!(
        "speed: {:.0} games/s on {} threads ({:.3} s)",
        r.manifest.games_per_second, r.manifest.threads, r.manifest.elapsed_seconds
    );
    if !a.no_agents {
        bench_agents()?;
    }
    Ok(())
}

/// Agent speed on one thread, for every game: greedy decisions/s and MCTS iterations/s.
fn bench_agents() -> Result<()> {
    for game in registry::GAMES {
        let decks = match example_decks(game) {
            Ok(d) => d,
            Err(e) => {
                println!("agent speed: {game}: skipped ({e:#})");
                continue;
            }
        };
        for (spec, decisions) in [
            ("greedy", 200_000),
            ("mcts:iters=1000", 1_000),
            ("mcts:iters=100,rollout=greedy", 500),
        ] {
            let s = cardsim_sim::ladder::agent_speed(game, &decks, spec, decisions)?;
            let per_s = s.decisions as f64 / s.seconds.max(1e-9);
            match s.iterations_per_decision {
                Some(it) => println!(
                    "agent speed: {game} {}: {:.0} iterations/s per core ({:.1} decisions/s, {} decisions)",
                    s.label,
                    per_s * it as f64,
                    per_s,
                    s.decisions
                ),
                None => println!(
                    "agent speed: {game} {}: {:.0} decisions/s per core ({} decisions)",
                    s.label, per_s, s.decisions
                ),
            }
        }
    }
    Ok(())
}

fn cmd_match(a: MatchArgs) -> Result<()> {
    let decks = if a.decks.is_empty() {
        example_decks(&a.game)?
    } else {
        a.decks
    };
    let out = a
        .out
        .unwrap_or_else(|| PathBuf::from("reports/match").join(a.game.to_ascii_lowercase()));
    let r = series(&SeriesJob {
        game: a.game,
        cards: a.cards,
        decks,
        agent_a: a.agent,
        agent_b: a.vs_agent,
        best_of: a.best_of,
        matches: a.matches,
        loser_plays: a.loser_plays,
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        out: Some(out),
        params: a.params,
        progress: !a.quiet,
        command: argv(),
    })?;
    print!("{}", series_table(&r));
    println!(
        "{:.1} s on {} threads; wrote {}",
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        r.written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

fn cmd_ladder(a: LadderArgs) -> Result<()> {
    let decks = if a.decks.is_empty() {
        example_decks(&a.game)?
    } else {
        a.decks
    };
    let agents: Vec<String> = if a.agents.is_empty() {
        LADDER_AGENTS.iter().map(|s| s.to_string()).collect()
    } else {
        a.agents
    };
    let out = a
        .out
        .unwrap_or_else(|| PathBuf::from("reports/agents").join(a.game.to_ascii_lowercase()));
    let job = LadderJob {
        game: a.game,
        cards: a.cards,
        decks,
        agents,
        deals: a.games,
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        out: Some(out),
        params: a.params,
        progress: !a.quiet,
        command: argv(),
    };
    let r = ladder(&job)?;
    let m = &r.manifest;
    println!(
        "ladder: {} ({}), {} agents, {} deals per pair, {} decks, seed {}",
        m.game,
        m.mode,
        r.agents.len(),
        m.deals_per_pair,
        m.decks.len(),
        m.seed
    );
    if !m.fixed_seats.is_empty() {
        println!(
            "fixed by the rules: {}; the agents play the other seats, A and B on the same deals; \
             'A better' = deals where A's result beat B's, win rate = A's share of the untied deals",
            m.fixed_seats.join(", ")
        );
    }
    print!("{}", ladder_table(&r));
    println!(
        "{} games in {:.1} s on {} threads; wrote {}",
        m.games,
        m.elapsed_seconds,
        m.threads,
        r.written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

fn wrote(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn cmd_tournament(a: TournamentArgs) -> Result<()> {
    let spec = TournamentSpec {
        game: a.game.clone(),
        cards: a.cards.clone(),
        decks: decks_in(&a.decks)?,
        agent: a.agent.clone(),
        games_per_pair: a.games_per_pair,
        mirrors: a.mirrors,
        seed: a.play.seed,
        threads: a.play.threads.map(|t| t as usize),
        out: Some(a.play.out.clone()),
        params: a.play.params.clone(),
        stop: a.play.stop.rule()?,
        progress: !a.play.quiet,
        command: argv(),
        options: serde_json::to_value(&a)?,
    };
    let r = cardsim_sim::tournament::tournament(&spec)?;
    print!("{}", cardsim_sim::tournament::tables(&r));
    println!(
        "{} games in {:.2} s on {} threads. Matrix cells: the row deck's win rate (95% Wilson intervals in matrix.csv); ratings: Bradley-Terry on the Elo scale, mean 0, 95% intervals from the Fisher information; wrote {}",
        r.manifest.games, r.manifest.elapsed_seconds, r.manifest.threads, wrote(&r.written)
    );
    Ok(())
}

fn cmd_impact(a: ImpactArgs) -> Result<()> {
    let stop = a.play.stop.rule()?;
    let mut changes = Vec::new();
    let all = if a.all_cards {
        if a.card.is_some() || a.nerf.is_some() || a.buff.is_some() {
            bail!("--all-cards ablates every card: give it with --replace-with CARD or --remove, without --card, --nerf or --buff");
        }
        Some(match (&a.replace_with, a.remove) {
            (Some(w), false) => AllCards::ReplaceWith(w.clone()),
            (None, true) => AllCards::Remove,
            _ => bail!("--all-cards needs exactly one of --replace-with CARD and --remove"),
        })
    } else {
        let Some(card) = a.card.clone() else {
            bail!("say which card: --card NAME (or --all-cards)");
        };
        if let Some(w) = &a.replace_with {
            changes.push(CardChange::Replace {
                card: card.clone(),
                with: w.clone(),
            });
        }
        if a.remove {
            changes.push(CardChange::Remove { card: card.clone() });
        }
        for (label, c) in [("nerf", &a.nerf), ("buff", &a.buff)] {
            if let Some(c) = c {
                changes.push(CardChange::Numbers {
                    card: card.clone(),
                    change: c.clone(),
                    label: label.into(),
                });
            }
        }
        if changes.is_empty() {
            bail!(
                "say what to change: --replace-with CARD, --remove, --nerf CHANGE or --buff CHANGE"
            );
        }
        None
    };
    let mut vs = a.vs.clone();
    if let Some(dir) = &a.field {
        let me = std::fs::canonicalize(&a.deck)
            .with_context(|| format!("{}: cannot read deck file", a.deck.display()))?;
        for d in decks_in(dir)? {
            if std::fs::canonicalize(&d).ok().as_ref() != Some(&me) {
                vs.push(d);
            }
        }
    }
    let spec = ImpactSpec {
        game: a.game.clone(),
        cards: a.cards.clone(),
        deck: a.deck.clone(),
        vs,
        agent: a.agent.clone(),
        vs_agent: a.vs_agent.clone(),
        games: a.games,
        seed: a.play.seed,
        threads: a.play.threads.map(|t| t as usize),
        out: Some(a.play.out.clone()),
        params: a.play.params.clone(),
        changes,
        all_cards: all,
        stop,
        progress: !a.play.quiet,
        command: argv(),
        options: serde_json::to_value(&a)?,
    };
    let r = cardsim_sim::impact::impact(&spec)?;
    print!("{}", cardsim_sim::impact::table(&r.rows));
    let notes = cardsim_sim::impact::notes_table(&r.rows);
    if !notes.is_empty() {
        print!("Notes (what else a change implies):\n{notes}");
    }
    if !r.skipped.is_empty() {
        print!(
            "Not ablated ({} of the deck's cards; rows with 0 games in impact.csv):\n{}",
            r.skipped.len(),
            cardsim_sim::impact::skipped_table(&r.skipped)
        );
    }
    println!(
        "{} games ({} paired) in {:.2} s on {} threads. diff = changed minus original deck score (win 1, draw 1/2), percentage points, 95% interval from the paired per-game differences; wrote {}",
        r.manifest.games,
        r.manifest.games / 2,
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        wrote(&r.written)
    );
    Ok(())
}

fn cmd_sweep(a: SweepArgs) -> Result<()> {
    let (decks, round_robin) = match (&a.decks, &a.deck) {
        (Some(dir), None) => (decks_in(dir)?, true),
        (None, Some(d)) => {
            if a.vs.is_empty() {
                bail!("give the opposing deck(s) with --vs");
            }
            let mut v = vec![d.clone()];
            v.extend(a.vs.iter().cloned());
            (v, false)
        }
        _ => bail!("give --deck with --vs (one table) or --decks DIR (every pair)"),
    };
    let spec = SweepSpec {
        game: a.game.clone(),
        cards: a.cards.clone(),
        decks,
        round_robin,
        agent: a.agent.clone(),
        param: a.param.clone(),
        fixed: a.fixed.clone(),
        games: a.games,
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        out: Some(a.out.clone()),
        progress: !a.quiet,
        command: argv(),
        options: serde_json::to_value(&a)?,
    };
    let r = cardsim_sim::sweep::sweep(&spec)?;
    print!("{}", cardsim_sim::sweep::table(&r));
    println!(
        "{} games in {:.2} s on {} threads (every value plays the same seeded games; stalls = games ended by the turn limit); wrote {}",
        r.manifest.games,
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        wrote(&r.written)
    );
    Ok(())
}

struct ListAgents;
impl GameVisitor for ListAgents {
    type Output = ();
    fn visit<R: Ruleset>(self) {
        println!(
            "agents of {} (spec: name or name:key=value,key=value):",
            R::NAME
        );
        for a in cardsim_agents::list_agents::<R>() {
            println!("  {:<10} {}", a.name, a.doc);
            for p in &a.params {
                println!("  {:<12} {p}", "");
            }
        }
    }
}

fn cmd_params(g: GameArg) -> Result<()> {
    let info = registry::info(&g.game)?;
    println!(
        "rule parameters of {} (set with --param name=value):",
        info.name
    );
    for p in info.params {
        println!(
            "  {:<18} default {:<9} ({}) {}",
            p.name,
            p.render(p.default),
            p.describe_kind(),
            p.doc
        );
    }
    Ok(())
}

fn cmd_scenario(a: ScenarioArgs) -> Result<()> {
    use cardsim_sim::scenario;
    let files = scenario::collect(&a.paths).map_err(anyhow::Error::msg)?;
    let (mut ok, mut failed) = (0usize, 0usize);
    for f in &files {
        let rep = scenario::run_file(f);
        print!("{}", scenario::render(&rep, a.verbose));
        if rep.passed() {
            ok += 1;
        } else {
            failed += 1;
        }
    }
    println!("{ok} passed, {failed} failed");
    if failed > 0 {
        bail!("{failed} of {} scenarios failed", files.len());
    }
    Ok(())
}

fn cmd_report(a: ReportArgs) -> Result<()> {
    let (path, r) = cardsim_sim::report::write_report(&a.dir)?;
    println!(
        "wrote {} ({} report, {} charts)",
        path.display(),
        r.kind,
        r.charts.len()
    );
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match cli.cmd {
        None => cmd_default(DefaultArgs {
            games_per_pair: DEFAULT_GAMES_PER_PAIR,
            seed: 2026,
            threads: None,
            out: PathBuf::from("reports/default"),
        }),
        Some(Cmd::Default(a)) => cmd_default(a),
        Some(Cmd::Run(a)) => cmd_run(a),
        Some(Cmd::Bench(a)) => cmd_bench(a),
        Some(Cmd::Agents(g)) => registry::visit(&g.game, ListAgents).map_err(Into::into),
        Some(Cmd::Params(g)) => cmd_params(g),
        Some(Cmd::Ladder(a)) => cmd_ladder(a),
        Some(Cmd::Tournament(a)) => cmd_tournament(a),
        Some(Cmd::Impact(a)) => cmd_impact(a),
        Some(Cmd::Sweep(a)) => cmd_sweep(a),
        Some(Cmd::Scenario(a)) => cmd_scenario(a),
        Some(Cmd::Replay(a)) => cardsim_sim::replay::replay(&cardsim_sim::replay::ReplayJob {
            dir: a.dir,
            game: a.game,
            states: a.states,
            find: a.find,
        })
        .map(|s| print!("{s}")),
        Some(Cmd::Report(a)) => cmd_report(a),
        Some(Cmd::Match(a)) => cmd_match(a),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cardsim: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
