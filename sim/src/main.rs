//! `cardsim`: a thin command line over the simulator library.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use cardsim_engine::registry::{self, GameVisitor};
use cardsim_engine::Ruleset;
use cardsim_sim::{data_dir, execute, field_table, summary_table, Job, Pairing};
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
    /// Run scenario files (or folders of them): scripted positions with forced outcomes and
    /// assertions on the state. Exits non-zero if any assertion fails.
    Scenario(ScenarioArgs),
    /// Re-play one game of a run from its manifest, printing a turn-by-turn log.
    Replay(ReplayArgs),
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
struct GameArg {
    /// Game name.
    #[arg(long, default_value = "tyrant")]
    game: String,
}

#[derive(Args, Debug)]
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
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
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

fn tyrant_decks() -> Result<Vec<PathBuf>> {
    let dir = data_dir().join("tyrant").join("decks");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot list the example decks in {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    v.sort();
    if v.len() < 2 {
        bail!("fewer than two example decks in {}", dir.display());
    }
    Ok(v)
}

fn cmd_run(a: RunArgs) -> Result<()> {
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
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        out: Some(a.out),
        params: a.params,
        progress: !a.quiet,
        command: argv(),
    };
    let r = execute(&job)?;
    print!("{}", summary_table(&r.summary));
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
    let decks = tyrant_decks()?;
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
    Ok(())
}

struct ListAgents;
impl GameVisitor for ListAgents {
    type Output = ();
    fn visit<R: Ruleset>(self) {
        for a in cardsim_agents::list_agents::<R>() {
            let p = if a.params.is_empty() {
                String::new()
            } else {
                format!(" [{}]", a.params.join(", "))
            };
            println!("{:<10} {}{p}", a.name, a.doc);
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
        Some(Cmd::Scenario(a)) => cmd_scenario(a),
        Some(Cmd::Replay(a)) => cardsim_sim::replay::replay(&cardsim_sim::replay::ReplayJob {
            dir: a.dir,
            game: a.game,
            states: a.states,
            find: a.find,
        })
        .map(|s| print!("{s}")),
        Some(Cmd::Report(a)) => cmd_report(a),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cardsim: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
