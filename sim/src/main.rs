//! `cardsim`: a thin command line over the simulator library.

use std::path::PathBuf;
use std::process::ExitCode;

use cardsim_engine::registry::{self};
use cardsim_sim::distribute;
use clap::{CommandFactory, Parser, Subcommand};

mod cli;

use cli::bench::{cmd_bench, BenchArgs};
use cli::common::DistArgs;
use cli::common::GameArg;
use cli::compare::{cmd_compare, CompareArgs};
use cli::default::{cmd_default, DefaultArgs};
use cli::impact::{cmd_impact, ImpactArgs};
use cli::info::{cmd_params, ListAgents};
use cli::ladder::{cmd_ladder, LadderArgs};
use cli::matches::{cmd_match, MatchArgs};
use cli::merge::{cmd_merge, MergeArgs};
use cli::optimize::{cmd_optimize, OptimizeArgs};
use cli::replay::ReplayArgs;
use cli::report::{cmd_report, ReportArgs};
use cli::run::{cmd_run, RunArgs};
use cli::scenario::{cmd_scenario, ScenarioArgs};
use cli::sweep::{cmd_sweep, SweepArgs};
use cli::tournament::{cmd_tournament, TournamentArgs};

/// AI agents play card games against each other, many times, for balance numbers.
#[derive(Parser, Debug)]
#[command(name = "cardsim", version, about, long_about = None)]
struct Cli {
    /// The data folder holding GAME/cards.csv and GAME/decks/ (default: the example data
    /// this cardsim was built with; `builtin` for the copy inside the binary; also the
    /// CARDSIM_DATA variable). Decks may then be named: `--deck rush`.
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play many games of one matchup and write summary.csv, turns.csv, cards.csv and
    /// manifest.json.
    #[command(
        after_help = "Examples:\n  cardsim run --deck rush --vs poison --games 20000 --out reports/rush-vs-poison\n  cardsim run --deck rush --vs poison --vs swarm@2 --games 20000 --out reports/gauntlet\n  cardsim run --deck rush --field data/tyrant/decks --games 5000 --out reports/gauntlet-field\n  cardsim run --deck rush --vs poison --vs swarm --patch \"Dust Raider:attack-1,health+2\" --games 20000 --out reports/patch\n  cardsim run --game allegiance --deck thedric --vs beledan --games 10000 --out reports/allegiance-run"
    )]
    Run(RunArgs),
    /// The default job: a round robin of the example Tyrant decks into reports/default/.
    #[command(
        after_help = "Examples:\n  cardsim default\n  cardsim default --games 5000 --ablation-games 200 --out reports/default-small"
    )]
    Default(DefaultArgs),
    /// Fixed-seed benchmark: prints games/s and a signature of the results.
    #[command(
        after_help = "Examples:\n  cardsim bench\n  cardsim bench --only tyrant,battalla --games 100000 --threads 1"
    )]
    Bench(BenchArgs),
    /// List the agents a game offers.
    #[command(after_help = "Example:\n  cardsim agents --game allegiance")]
    Agents(GameArg),
    /// List a game's rule parameters with their defaults.
    #[command(after_help = "Example:\n  cardsim params --game tyrant")]
    Params(GameArg),
    /// Write DIR/report.html: a self-contained page with charts and tables of the outputs
    /// in DIR (of any command that writes an output folder).
    #[command(
        after_help = "Examples:\n  cardsim run --deck rush --vs poison --games 20000 --out reports/rush-vs-poison --no-report\n  cardsim report reports/rush-vs-poison --band 0.45..0.55"
    )]
    Report(ReportArgs),
    /// Strength ladder: every pair of agents on the same deals, win rates with intervals
    /// and a rating per agent; writes ladder.csv, ratings.csv and manifest.json.
    #[command(
        after_help = "Example:\n  cardsim ladder --game tyrant --games 500 --out reports/ladder"
    )]
    Ladder(LadderArgs),
    /// Every pair of decks in a folder: win-rate matrix and ranking (matrix.csv,
    /// ranking.csv, plus summary/turns/cards.csv).
    #[command(
        after_help = "Examples:\n  cardsim tournament --decks data/tyrant/decks --games 5000 --out reports/tournament\n  cardsim tournament --decks data/tyrant/decks --patch \"Dust Raider:attack-1\" --games 5000 --out reports/patch-tournament"
    )]
    Tournament(TournamentArgs),
    /// A card's causal effect on its deck's win rate: ablation or nerf/buff, paired games
    /// (impact.csv).
    #[command(
        after_help = "Examples:\n  cardsim impact --deck rush --vs poison --card \"Dust Raider\" --remove --games 20000 --out reports/impact\n  cardsim impact --deck rush --vs poison --card \"Dust Raider\" --nerf attack-1 --buff health+2 --games 20000 --out reports/impact-nerf"
    )]
    Impact(ImpactArgs),
    /// Two output folders of the same job (same command and seed; cards, decks or rule
    /// parameters changed): per-matchup and per-deck score differences with intervals
    /// (compare.csv).
    Compare(CompareArgs),
    /// The same games at each value of one rule parameter (sweep.csv).
    #[command(
        after_help = "Examples:\n  cardsim sweep --decks data/tyrant/decks --sweep turn_limit=10..100:10 --games 2000 --out reports/sweep\n  cardsim sweep --deck rush --vs poison --sweep at_limit=defender,draw --param turn_limit=30 --games 10000 --out reports/sweep-limit"
    )]
    Sweep(SweepArgs),
    /// The best deck from a card pool against a field: hill climbing or annealing over legal
    /// deck moves, candidates raced on the same deals; the result re-measured on fresh games
    /// (best.txt, trajectory.csv, optimize.csv).
    #[command(
        after_help = "Example:\n  cardsim optimize --deck bruisers --field data/tyrant/decks --budget 50000 --out reports/optimize"
    )]
    Optimize(OptimizeArgs),
    /// Run scenario files (or folders of them): scripted positions with forced outcomes and
    /// assertions on the state. Exits non-zero if any assertion fails.
    #[command(
        after_help = "Examples:\n  cardsim scenario scenarios\n  cardsim scenario scenarios/tyrant/payback.toml --verbose"
    )]
    Scenario(ScenarioArgs),
    /// Re-play one game of a run from its manifest, printing a turn-by-turn log.
    #[command(
        after_help = "Examples:\n  cardsim run --deck rush --vs poison --games 1000 --out reports/small\n  cardsim replay reports/small --index 12\n  cardsim replay reports/small --index 0 --find end=decided"
    )]
    Replay(ReplayArgs),
    /// Competitive matches (the Allegiance rulebook's best-of series): two agents play
    /// best-of-K series, each game with decks dealt at random from a pool without
    /// replacement; writes series.csv, length.csv and manifest.json.
    #[command(
        after_help = "Example:\n  cardsim match --game allegiance --agent greedy --vs-agent random --best-of 3 --matches 1000 --out reports/match"
    )]
    Match(MatchArgs),
    /// Merge the folders of a sharded job (`--shard K/N` on run, tournament, impact, sweep,
    /// ladder, match or default) into the outputs one process would have written:
    /// `cardsim merge out out` merges every out/shard-* folder into out/.
    #[command(
        after_help = "Examples:\n  cardsim run --deck rush --vs poison --games 100000 --out reports/sharded --shard 0/2\n  cardsim run --deck rush --vs poison --games 100000 --out reports/sharded --shard 1/2\n  cardsim merge reports/sharded reports/sharded"
    )]
    Merge(MergeArgs),
    /// Print a shell completion script: `cardsim completions bash > ~/.local/share/bash-completion/completions/cardsim`
    /// (also zsh, fish, elvish, powershell).
    #[command(
        after_help = "Examples:\n  cardsim completions bash > ~/.local/share/bash-completion/completions/cardsim\n  cardsim completions zsh > ~/.zfunc/_cardsim"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff): `cardsim man > cardsim.1 && man ./cardsim.1`.
    #[command(after_help = "Example:\n  cardsim man > cardsim.1 && man ./cardsim.1")]
    Man,
}

/// The distribution options of a command that plays games.
fn dist_of(cmd: &Option<Cmd>) -> Option<&DistArgs> {
    Some(match cmd.as_ref()? {
        Cmd::Run(a) => &a.play.dist,
        Cmd::Tournament(a) => &a.play.dist,
        Cmd::Impact(a) => &a.play.dist,
        Cmd::Sweep(a) => &a.dist,
        Cmd::Ladder(a) => &a.dist,
        Cmd::Match(a) => &a.dist,
        Cmd::Default(a) => &a.dist,
        _ => return None,
    })
}

/// Set up how the command's games run (whole, one shard, resumed) and a Ctrl-C handler that
/// stops it cleanly.
fn install_context(cmd: &Option<Cmd>) -> anyhow::Result<()> {
    let Some(d) = dist_of(cmd) else { return Ok(()) };
    let mode = match &d.shard {
        Some(t) => {
            distribute::Mode::Shard(distribute::Shard::parse(t, &|k| std::env::var(k).ok())?)
        }
        None => distribute::Mode::Whole,
    };
    let argv: Vec<String> = std::env::args().collect();
    distribute::install(distribute::Context::new(mode, d.resume, &argv));
    let _ = ctrlc::set_handler(|| {
        if distribute::interrupted() {
            std::process::exit(130);
        }
        distribute::interrupt();
        eprintln!("\ncardsim: stopping after the games in progress (Ctrl-C again to quit at once)");
    });
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match &cli.data {
        Some(d) => cardsim_sim::datadir::set_data_dir(d),
        None => Ok(()),
    };
    let r = r
        .and_then(|()| install_context(&cli.cmd))
        .and_then(|()| run(cli.cmd))
        .and_then(|()| match cardsim_sim::console::finish() {
            // Output files are complete; only the console text is not.
            Some(e) => Err(anyhow::anyhow!("writing to standard output failed: {e}")),
            None => Ok(()),
        });
    match r {
        Ok(()) => {
            distribute::finish();
            ExitCode::SUCCESS
        }
        Err(e) => {
            if let Some(w) = e.downcast_ref::<distribute::ShardWritten>() {
                cardsim_sim::outln!("{w}");
                return ExitCode::SUCCESS;
            }
            let msg = bounded(&format!("{e:#}"));
            eprintln!("cardsim: error: {msg}");
            if msg.contains("unknown card `") {
                eprintln!(
                    "cardsim: hint: a card of your own? Give its card file with --cards FILE, or a data folder with --data DIR (docs/data.md)"
                );
            }
            if e.downcast_ref::<distribute::Interrupted>().is_some() {
                return ExitCode::from(130);
            }
            ExitCode::from(2)
        }
    }
}

/// An error message as printed: echoed inputs between backticks cut to 60 characters, and
/// any line past 2,000 characters cut, so a huge input never comes back whole.
fn bounded(msg: &str) -> String {
    let msg = cardsim_engine::clip_quoted(msg);
    let cut = |l: &str| match l.char_indices().nth(2000) {
        Some((i, _)) => format!("{}…", &l[..i]),
        None => l.to_string(),
    };
    msg.lines().map(cut).collect::<Vec<_>>().join("\n")
}

/// Run one parsed command.
fn run(cmd: Option<Cmd>) -> anyhow::Result<()> {
    match cmd {
        None => cmd_default(DefaultArgs::defaults()),
        Some(Cmd::Default(a)) => cmd_default(a),
        Some(Cmd::Run(a)) => cmd_run(a),
        Some(Cmd::Bench(a)) => cmd_bench(a),
        Some(Cmd::Agents(g)) => registry::visit(&g.game, ListAgents).map_err(Into::into),
        Some(Cmd::Params(g)) => cmd_params(g),
        Some(Cmd::Ladder(a)) => cmd_ladder(a),
        Some(Cmd::Tournament(a)) => cmd_tournament(a),
        Some(Cmd::Impact(a)) => cmd_impact(a),
        Some(Cmd::Sweep(a)) => cmd_sweep(a),
        Some(Cmd::Compare(a)) => cmd_compare(a),
        Some(Cmd::Optimize(a)) => cmd_optimize(a),
        Some(Cmd::Scenario(a)) => cmd_scenario(a),
        Some(Cmd::Replay(a)) if a.game.is_some() => Err(anyhow::anyhow!(
            "replay takes the game's index as --index N (the game itself comes from the run's manifest)"
        )),
        Some(Cmd::Replay(a)) => cardsim_sim::replay::replay(&cardsim_sim::replay::ReplayJob {
            dir: a.dir,
            game: a.index.unwrap_or_default(),
            states: a.states,
            find: a.find,
        })
        .map(|s| cardsim_sim::out!("{s}")),
        Some(Cmd::Report(a)) => cmd_report(a),
        Some(Cmd::Match(a)) => cmd_match(a),
        Some(Cmd::Merge(a)) => cmd_merge(a, &|argv| {
            let cli = Cli::try_parse_from(argv)
                .map_err(|e| anyhow::anyhow!("the shards' command line no longer parses: {e}"))?;
            if matches!(cli.cmd, Some(Cmd::Merge(_)) | None) {
                anyhow::bail!("the shards' command line is not a command that plays games");
            }
            run(cli.cmd)
        }),
        Some(Cmd::Completions { shell }) => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "cardsim", &mut text);
            cardsim_sim::console::write_bytes(&text);
            Ok(())
        }
        Some(Cmd::Man) => {
            let mut text = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut text)?;
            cardsim_sim::console::write_bytes(&text);
            Ok(())
        }
    }
}
