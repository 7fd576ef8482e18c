//! `cardsim bench`: a fixed suite of named fixed-seed workloads, each printing what it plays,
//! a result signature and its games per second; `--only NAME` picks workloads.

use anyhow::Result;
use cardsim_engine::registry::{self};
use cardsim_sim::settings::RunSettings;
use cardsim_sim::{data_dir, execute, Job, JobReport, Pairing};
use clap::Args;

use super::common::*;

/// The decks of the main Tyrant workload: two 10-card example decks.
pub const BENCH_DECKS: [&str; 2] = ["rush", "wall_counter"];

/// The bench seed.
pub const BENCH_SEED: u64 = 20_261_121;

/// One workload of the suite: `games` is the number of games it plays for a given `--games`.
pub struct Workload {
    /// The name `--only` takes and the signature line shows.
    pub name: &'static str,
    /// The game.
    pub game: &'static str,
    /// The example decks, seat 0 first.
    pub decks: &'static [&'static str],
    /// The agent of every seat.
    pub agent: &'static str,
    /// Rule parameters.
    pub params: &'static [&'static str],
    /// Games for `--games G`: `G / divisor`, at least 1.
    pub divisor: u64,
    /// How its signature counts results.
    pub counts: Counts,
}

/// How a workload's signature counts results.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Tyrant: attacker and defender wins, draws, games ended at the turn limit.
    Tyrant,
    /// A two-seat game: wins of the first and the second player, draws.
    TwoSeat,
    /// A team against the game (Alpha/Omega): team wins, losses, draws.
    Team,
    /// Wins and draws per seat (`wins=w0/w1/..`).
    PerSeat,
}

/// The suite, in the order it runs. The main Tyrant workload comes first and keeps its
/// original three unnamed lines (`bench:`, `signature:`, `speed:`).
pub const WORKLOADS: &[Workload] = &[
    Workload {
        name: "tyrant",
        game: "tyrant",
        decks: &BENCH_DECKS,
        agent: "random",
        params: &[],
        divisor: 1,
        counts: Counts::Tyrant,
    },
    // Skill-heavy: Jam, Chaos, Immobilize, Payback, Evade against Regenerate, Refresh,
    // Leech and Siphon.
    Workload {
        name: "tyrant_skills",
        game: "tyrant",
        decks: &["chaos_control", "regenerate"],
        agent: "random",
        params: &[],
        divisor: 2,
        counts: Counts::Tyrant,
    },
    // Long games: the Wall/Counter mirror reaches the 50-turn limit in about 44% of games.
    Workload {
        name: "tyrant_long",
        game: "tyrant",
        decks: &["wall_counter", "wall_counter"],
        agent: "random",
        params: &[],
        divisor: 2,
        counts: Counts::Tyrant,
    },
    Workload {
        name: "mission_alliance",
        game: "mission_alliance",
        decks: &["swarm", "elite"],
        agent: "random",
        params: &[],
        divisor: 10,
        counts: Counts::TwoSeat,
    },
    Workload {
        name: "battalla",
        game: "battalla",
        decks: &["greek_phalanx", "yokai_night_parade"],
        agent: "random",
        params: &[],
        divisor: 100,
        counts: Counts::TwoSeat,
    },
    Workload {
        name: "alpha_omega",
        game: "alpha_omega",
        decks: &["heavenly_host", "faithful"],
        agent: "random",
        params: &[],
        divisor: 10,
        counts: Counts::Team,
    },
    Workload {
        name: "allegiance_2p",
        game: "allegiance",
        decks: &["thedric", "beledan"],
        agent: "random",
        params: &[],
        divisor: 20,
        counts: Counts::PerSeat,
    },
    Workload {
        name: "allegiance_4p",
        game: "allegiance",
        decks: &["thedric", "beledan", "desoth", "hakor"],
        agent: "random",
        params: &["players=4"],
        divisor: 50,
        counts: Counts::PerSeat,
    },
    Workload {
        name: "allegiance_greedy",
        game: "allegiance",
        decks: &["thedric", "beledan"],
        agent: "greedy",
        params: &[],
        divisor: 2_000,
        counts: Counts::PerSeat,
    },
    // MCTS with 1,000 iterations and playouts truncated after 6 decisions, scored by the
    // evaluation (issue 18: full random playouts of a ~360-decision game cost about ten CPU
    // seconds a game; the truncated search is stronger against greedy, see
    // docs/performance/allegiance.md, "Allegiance speed"; depth 6 since session 32, as
    // strong as depth 8 and about a fifth cheaper a turn, docs/agents.md). Under a CPU
    // second a game: one game for any `--games` below 200,000.
    Workload {
        name: "allegiance_mcts",
        game: "allegiance",
        decks: &["thedric", "beledan"],
        agent: "mcts:iters=1000,depth=6",
        params: &[],
        divisor: 100_000,
        counts: Counts::PerSeat,
    },
];

/// The workload names, for `--only`.
pub const WORKLOAD_NAMES: [&str; 10] = {
    let mut n = [""; 10];
    let mut i = 0;
    while i < WORKLOADS.len() {
        n[i] = WORKLOADS[i].name;
        i += 1;
    }
    n
};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Games per run of the main Tyrant workload; every other workload plays a fixed
    /// fraction of it (at least one game).
    #[arg(long, default_value_t = 500_000, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Skip the agent speed lines (they are only printed when every workload runs).
    #[arg(long)]
    pub no_agents: bool,
    /// Run only these workloads (repeat or separate with commas).
    #[arg(long, value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(WORKLOAD_NAMES))]
    pub only: Vec<String>,
}

pub fn cmd_bench(a: BenchArgs) -> Result<()> {
    for w in WORKLOADS {
        if a.only.is_empty() || a.only.iter().any(|n| n == w.name) {
            run_workload(w, &a)?;
        }
    }
    if a.only.is_empty() && !a.no_agents {
        bench_agents()?;
    }
    Ok(())
}

/// Play one workload and print its lines.
fn run_workload(w: &Workload, a: &BenchArgs) -> Result<()> {
    let dir = data_dir().join(w.game).join("decks");
    let job = Job {
        run: RunSettings {
            game: w.game.into(),
            cards: None,
            seed: BENCH_SEED,
            threads: a.threads.map(|t| t as usize),
            out: None,
            params: w.params.iter().map(|p| p.to_string()).collect(),
            progress: false,
            command: argv(),
            options: serde_json::Value::Null,
        },
        decks: w
            .decks
            .iter()
            .map(|d| dir.join(format!("{d}.txt")))
            .collect(),
        pairing: Pairing::Single,
        agents: vec![w.agent.into(); w.decks.len()],
        games: (a.games / w.divisor).max(1),
    };
    let r = execute(&job)?;
    let vs = w.decks.join(" vs ");
    let what = match w.counts {
        Counts::Team => format!("{}, {} Good players", w.decks.join(" + "), w.agent),
        _ => format!("{vs}, {} play", w.agent),
    };
    if w.name == "tyrant" {
        // The original lines, unchanged.
        cardsim_sim::outln!(
            "bench: tyrant {} vs {}, random vs random, seed {BENCH_SEED}",
            w.decks[0],
            w.decks[1]
        );
        cardsim_sim::outln!(
            "signature: games={} {} checksum={:016x}",
            r.manifest.games,
            counts(w, &r),
            r.checksum
        );
        cardsim_sim::outln!(
            "speed: {:.0} games/s on {} threads ({:.3} s)",
            r.manifest.games_per_second,
            r.manifest.threads,
            r.manifest.elapsed_seconds
        );
        return Ok(());
    }
    let what = if matches!(w.counts, Counts::TwoSeat) {
        format!("{vs}, random vs random") // the original wording
    } else {
        what
    };
    cardsim_sim::outln!("bench: {} {what}, seed {BENCH_SEED}", w.name);
    cardsim_sim::outln!(
        "signature {}: games={} {} checksum={:016x}",
        w.name,
        r.manifest.games,
        counts(w, &r),
        r.checksum
    );
    cardsim_sim::outln!(
        "speed {}: {} games/s on {} threads ({:.3} s)",
        w.name,
        rate(r.manifest.games_per_second),
        r.manifest.threads,
        r.manifest.elapsed_seconds
    );
    Ok(())
}

/// A rate with two decimals below 100 (slow workloads), whole above.
fn rate(per_s: f64) -> String {
    if per_s < 100.0 {
        format!("{per_s:.2}")
    } else {
        format!("{per_s:.0}")
    }
}

/// The result counts of a workload's signature line.
fn counts(w: &Workload, r: &JobReport) -> String {
    let seat_sum = |seat: &str| {
        let (mut wins, mut losses, mut draws, mut limit) = (0u64, 0u64, 0u64, 0u64);
        for row in r.summary.iter().filter(|s| s.seat == seat) {
            wins += row.acc.wins;
            losses += row.acc.losses;
            draws += row.acc.draws;
            limit += row.acc.wins_at_limit + row.acc.losses_at_limit + row.acc.draws_at_limit;
        }
        (wins, losses, draws, limit)
    };
    match w.counts {
        // Every game appears once in the first seat's rows (one per deck).
        Counts::Tyrant => {
            let (att, def, draws, limit) = seat_sum("attacker");
            format!("attacker_wins={att} defender_wins={def} draws={draws} at_limit={limit}")
        }
        Counts::TwoSeat => {
            let (first, second, draws, _) = seat_sum("seat0");
            format!("first_player_wins={first} second_player_wins={second} draws={draws}")
        }
        // Every game appears once in the team's `all` row.
        Counts::Team => {
            let (mut wins, mut losses, mut draws) = (0u64, 0u64, 0u64);
            for t in r.teams.iter().filter(|t| t.seats == "all") {
                wins += t.acc.wins;
                losses += t.acc.losses;
                draws += t.acc.draws;
            }
            format!("team_wins={wins} team_losses={losses} draws={draws}")
        }
        Counts::PerSeat => {
            let per: Vec<(u64, u64, u64, u64)> = (0..w.decks.len())
                .map(|k| seat_sum(&format!("seat{k}")))
                .collect();
            let join = |f: fn(&(u64, u64, u64, u64)) -> u64| {
                per.iter()
                    .map(|c| f(c).to_string())
                    .collect::<Vec<_>>()
                    .join("/")
            };
            format!("wins={} draws={}", join(|c| c.0), join(|c| c.2))
        }
    }
}

/// Agent speed on one thread, for every game: greedy decisions/s and MCTS iterations/s.
pub fn bench_agents() -> Result<()> {
    for game in registry::GAMES {
        let decks = match example_decks(game) {
            Ok(d) => d,
            Err(e) => {
                cardsim_sim::outln!("agent speed: {game}: skipped ({e:#})");
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
                Some(it) => cardsim_sim::outln!(
                    "agent speed: {game} {}: {:.0} iterations/s per core ({:.1} decisions/s, {} decisions)",
                    s.label,
                    per_s * it as f64,
                    per_s,
                    s.decisions
                ),
                None => cardsim_sim::outln!(
                    "agent speed: {game} {}: {:.0} decisions/s per core ({} decisions)",
                    s.label, per_s, s.decisions
                ),
            }
        }
    }
    Ok(())
}
