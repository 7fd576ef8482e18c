//! Criterion benchmarks for Allegiance: whole random games on one thread with 2 and 4
//! players (the example loadouts rotated through the seats), dealing, and a search agent's
//! clone + resample.

use std::hint::black_box;

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::allegiance::Allegiance;
use cardsim_engine::{game_rng, Game, Ruleset};
use cardsim_sim::runner::play_seeded;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn games(c: &mut Criterion) {
    const BATCH: u64 = 100;
    let mut g = c.benchmark_group("allegiance");
    g.throughput(Throughput::Elements(BATCH));
    for players in [2usize, 4] {
        let a = Allegiance::example(&[&format!("players={players}")]).expect("example data loads");
        let decks = a.deck_names().len() as u64;
        let random = AgentSpec::parse("random").unwrap();
        let mut agents: Vec<_> = (0..players)
            .map(|_| make_agent::<Allegiance>(&random).unwrap())
            .collect();
        let slots: Vec<usize> = (0..players).collect();
        let peeks = vec![false; players];
        let mut next = 0u64;
        g.bench_function(format!("random_games_{players}p_x{BATCH}"), |b| {
            b.iter(|| {
                let mut turns = 0u32;
                for _ in 0..BATCH {
                    let i = next;
                    next += 1;
                    let mut seating = [0u8; 4];
                    for (s, x) in seating.iter_mut().enumerate().take(players) {
                        *x = ((i + s as u64) % decks) as u8;
                    }
                    let (_, rec) =
                        play_seeded(&a, 1, i, &seating[..players], &slots, &mut agents, &peeks);
                    turns += rec.turns;
                }
                black_box(turns)
            })
        });
    }
    g.finish();

    let a = Allegiance::example(&[]).expect("example data loads");
    let mut g = c.benchmark_group("allegiance_parts");
    g.bench_function("deal", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(a.new_game(&[0, 1], game_rng(2, i)))
        })
    });
    let mid = {
        let mut s = a.new_game(&[0, 1], game_rng(3, 0));
        let mut buf = cardsim_engine::ActionBuf::new();
        for _ in 0..60 {
            if s.to_move() == cardsim_engine::ToMove::Terminal {
                break;
            }
            s.legal_actions(&mut buf);
            let pick = buf[buf.len() / 2];
            s.apply(pick);
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
