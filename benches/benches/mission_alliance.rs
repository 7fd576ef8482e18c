//! Criterion benchmarks for Mission: Alliance: whole random games on one thread, dealing, and a search
//! agent's clone + resample (the measurements in `common`).

mod common;

use cardsim_engine::mission_alliance::MissionAlliance;
use criterion::{criterion_group, criterion_main, Criterion};

fn games(c: &mut Criterion) {
    let r = MissionAlliance::example(&[]).expect("example data loads");
    common::two_player_games(c, "mission_alliance", &r);
}

criterion_group!(benches, games);
criterion_main!(benches);
