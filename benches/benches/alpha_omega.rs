//! Criterion benchmarks for Alpha/Omega: whole random solo games on one thread (the issue's
//! yardstick is 100,000 a second per core) and two-player games against the Opponent deck.

use std::hint::black_box;

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::alpha_omega::AlphaOmega;
use cardsim_engine::Ruleset;
use cardsim_sim::runner::play_seeded;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// `BATCH` random games of `players` Good players per iteration, seeds running on.
fn bench_players(c: &mut Criterion, players: usize) {
    const BATCH: u64 = 200;
    let r = AlphaOmega::example(&[&format!("players={players}")]).expect("example data loads");
    let spec = AgentSpec::parse("random").unwrap();
    let mut agents: Vec<_> = (0..players)
        .map(|_| make_agent::<AlphaOmega>(&spec).unwrap())
        .collect();
    let slots: Vec<usize> = (0..players).collect();
    let peeks = vec![false; players];
    let seating: Vec<u8> = (0..players)
        .map(|s| (s % r.deck_names().len()) as u8)
        .collect();
    let mut g = c.benchmark_group("alpha_omega");
    g.throughput(Throughput::Elements(BATCH));
    let mut seed = 0u64;
    g.bench_function(format!("random_games_{players}p_x{BATCH}"), |b| {
        b.iter(|| {
            let mut rounds = 0u32;
            for _ in 0..BATCH {
                seed += 1;
                rounds += play_seeded(&r, 1, seed, &seating, &slots, &mut agents, &peeks)
                    .1
                    .turns;
            }
            black_box(rounds)
        })
    });
    g.finish();
}

fn games(c: &mut Criterion) {
    bench_players(c, 1);
    bench_players(c, 2);
}

criterion_group!(benches, games);
criterion_main!(benches);
