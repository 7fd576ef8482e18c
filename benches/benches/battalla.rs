//! Criterion benchmarks for Battalla: whole random games on one thread, dealing, and a search
//! agent's clone + resample (the measurements in `common`).

mod common;

use cardsim_engine::battalla::Battalla;
use criterion::{criterion_group, criterion_main, Criterion};

fn games(c: &mut Criterion) {
    let r = Battalla::example(&[]).expect("example data loads");
    common::two_player_games(c, "battalla", &r);
}

criterion_group!(benches, games);
criterion_main!(benches);
