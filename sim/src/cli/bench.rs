//! `cardsim bench`: fixed-seed workloads with games per second and a result signature.

use anyhow::Result;
use cardsim_engine::registry::{self};
use cardsim_sim::{data_dir, execute, Job, Pairing};
use clap::Args;

use super::common::*;

/// The decks of the bench matchup: two 10-card example decks.
pub const BENCH_DECKS: [&str; 2] = ["rush", "wall_counter"];

/// The bench seed.
pub const BENCH_SEED: u64 = 20_261_121;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Number of games.
    #[arg(long, default_value_t = 500_000, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Skip the agent speed lines.
    #[arg(long)]
    pub no_agents: bool,
}

pub fn cmd_bench(a: BenchArgs) -> Result<()> {
    let job = bench_job("tyrant", &BENCH_DECKS, a.games, &a);
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
    // Slower games get fewer games: a tenth for Mission: Alliance, a hundredth for Battalla.
    two_seat_workload(&a, "mission_alliance", ["swarm", "elite"], a.games / 10)?;
    two_seat_workload(
        &a,
        "battalla",
        ["greek_phalanx", "yokai_night_parade"],
        a.games / 100,
    )?;
    alpha_omega_workload(&a)?;
    if !a.no_agents {
        bench_agents()?;
    }
    Ok(())
}

/// A random-against-random job of `games` games between two example decks of `game`.
fn bench_job(game: &str, decks: &[&str], games: u64, a: &BenchArgs) -> Job {
    let dir = data_dir().join(game).join("decks");
    Job {
        game: game.into(),
        cards: None,
        decks: decks.iter().map(|d| dir.join(format!("{d}.txt"))).collect(),
        pairing: Pairing::Single,
        agents: vec!["random".into(), "random".into()],
        games,
        seed: BENCH_SEED,
        threads: a.threads.map(|t| t as usize),
        out: None,
        params: vec![],
        progress: false,
        command: argv(),
    }
}

/// A random-against-random workload of a two-seat game (`seat0` plays first) with its own
/// signature line: `games` games of `decks[0]` against `decks[1]`.
fn two_seat_workload(a: &BenchArgs, game: &str, decks: [&str; 2], games: u64) -> Result<()> {
    let r = execute(&bench_job(game, &decks, games.max(1), a))?;
    let (mut first, mut second, mut draws) = (0u64, 0u64, 0u64);
    for row in r.summary.iter().filter(|s| s.seat == "seat0") {
        first += row.acc.wins;
        second += row.acc.losses;
        draws += row.acc.draws;
    }
    print_workload(
        game,
        &format!("{} vs {}, random vs random", decks[0], decks[1]),
        &format!("first_player_wins={first} second_player_wins={second} draws={draws}"),
        &r,
    );
    Ok(())
}

/// A workload's three lines: what it plays, its signature (the game count, `counts` and the
/// checksum) and its speed.
fn print_workload(game: &str, what: &str, counts: &str, r: &cardsim_sim::JobReport) {
    println!("bench: {game} {what}, seed {BENCH_SEED}");
    println!(
        "signature {game}: games={} {counts} checksum={:016x}",
        r.manifest.games, r.checksum
    );
    println!(
        "speed {game}: {:.0} games/s on {} threads ({:.3} s)",
        r.manifest.games_per_second, r.manifest.threads, r.manifest.elapsed_seconds
    );
}

/// The Alpha/Omega workload: two random Good players (heavenly_host and faithful) against the
/// Opponent deck, a tenth as many games as the Tyrant workload, with its own signature line.
fn alpha_omega_workload(a: &BenchArgs) -> Result<()> {
    let games = (a.games / 10).max(1);
    let r = execute(&bench_job(
        "alpha_omega",
        &["heavenly_host", "faithful"],
        games,
        a,
    ))?;
    // Every game appears once in the team's `all` row.
    let (mut wins, mut losses, mut draws) = (0u64, 0u64, 0u64);
    for t in r.teams.iter().filter(|t| t.seats == "all") {
        wins += t.acc.wins;
        losses += t.acc.losses;
        draws += t.acc.draws;
    }
    print_workload(
        "alpha_omega",
        "heavenly_host + faithful, random Good players",
        &format!("team_wins={wins} team_losses={losses} draws={draws}"),
        &r,
    );
    Ok(())
}

/// Agent speed on one thread, for every game: greedy decisions/s and MCTS iterations/s.
pub fn bench_agents() -> Result<()> {
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
