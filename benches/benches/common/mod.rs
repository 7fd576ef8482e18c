//! Criterion measurements shared by the two-player card games' benches: whole random games on
//! one thread (the example decks rotated through the seats), dealing, and a search agent's
//! clone + resample of a position 40 actions in.

use std::hint::black_box;

use cardsim_agents::{make_agent, AgentSpec};
use cardsim_engine::{game_rng, Game, Ruleset};
use cardsim_sim::runner::play_seeded;
use criterion::{Criterion, Throughput};

/// The three measurements for rule set `r`, in the benchmark group `name`.
pub fn two_player_games<R: Ruleset>(c: &mut Criterion, name: &str, r: &R) {
    const BATCH: u64 = 100;
    let decks = r.deck_names().len() as u64;
    let random = AgentSpec::parse("random").unwrap();
    let mut agents: Vec<_> = (0..2).map(|_| make_agent::<R>(&random).unwrap()).collect();
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(BATCH));
    let mut next = 0u64;
    g.bench_function(format!("random_games_x{BATCH}"), |b| {
        b.iter(|| {
            let mut turns = 0u32;
            for _ in 0..BATCH {
                let i = next;
                next += 1;
                let seating = [(i % decks) as u8, ((i / decks) % decks) as u8];
                let (_, rec) =
                    play_seeded(r, 1, i, &seating, &[0, 1], &mut agents, &[false, false]);
                turns += rec.turns;
            }
            black_box(turns)
        })
    });
    g.bench_function("deal", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(r.new_game(&[0, 1], game_rng(1, i)))
        })
    });
    let mid = {
        let mut s = r.new_game(&[0, 1], game_rng(1, 0));
        let mut buf = cardsim_engine::ActionBuf::new();
        for _ in 0..40 {
            s.legal_actions(&mut buf);
            if buf.is_empty() {
                break;
            }
            s.apply(buf[buf.len() / 2]);
        }
        s
    };
    g.bench_function("clone_resample", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            let mut s = mid.clone();
            s.resample_hidden(0, &mut game_rng(2, i));
            black_box(s)
        })
    });
    g.finish();
}
