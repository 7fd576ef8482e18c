//! Criterion benchmarks over the same matchup as `cardsim bench` (two 10-card example decks,
//! random play): whole games on one thread, dealing, and a search agent's clone + resample.

use std::hint::black_box;
use std::path::PathBuf;

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{game_rng, Game, Params, Ruleset, Setup};
use cardsim_sim::runner::play_seeded;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn ruleset() -> Tyrant {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/tyrant");
    Tyrant::load(&Setup {
        cards: data.join("cards.csv"),
        decks: vec![
            data.join("decks/rush.txt").into(),
            data.join("decks/wall_counter.txt").into(),
        ],
        params: Params::defaults(Tyrant::param_specs()),
    })
    .expect("example data loads")
}

fn games(c: &mut Criterion) {
    let t = ruleset();
    let random = AgentSpec::parse("random").unwrap();
    let mut agents = vec![
        make_agent::<Tyrant>(&random).unwrap(),
        make_agent::<Tyrant>(&random).unwrap(),
    ];
    const BATCH: u64 = 1000;
    let mut g = c.benchmark_group("tyrant");
    g.throughput(Throughput::Elements(BATCH));
    let mut next = 0u64;
    g.bench_function("random_games_rush_vs_wall_counter_x1000", |b| {
        b.iter(|| {
            let mut turns = 0u32;
            for _ in 0..BATCH {
                let i = next;
                next += 1;
                let seating = [(i % 2) as u8, 1 - (i % 2) as u8];
                let (_, rec) =
                    play_seeded(&t, 1, i, &seating, &[0, 1], &mut agents, &[false, false]);
                turns += rec.turns;
            }
            black_box(turns)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("tyrant_parts");
    g.bench_function("deal", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(t.new_game(&[0, 1], game_rng(2, i)))
        })
    });
    let mid = {
        let mut s = t.new_game(&[0, 1], game_rng(3, 0));
        for _ in 0..6 {
            if s.to_move() == cardsim_engine::ToMove::Terminal {
                break;
            }
            s.apply(cardsim_engine::Action(0));
        }
        s
    };
    g.bench_function("clone_and_resample_mid_game", |b| {
        let mut rng = game_rng(4, 0);
        b.iter(|| {
            let mut w = mid.clone();
            w.resample_hidden(0, &mut rng);
            black_box(w)
        })
    });
    g.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
