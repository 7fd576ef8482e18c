//! Memory stays flat in the game count: a run of 100 times as many games peaks at the same
//! heap size (work is produced lazily, chunk results are folded as they finish). A global
//! allocator tracks the live heap bytes and their peak over all threads.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use cardsim_sim::settings::RunSettings;
use cardsim_sim::{execute, Job, Pairing};

struct Peak;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        if n >= l.size() {
            let now = LIVE.fetch_add(n - l.size(), Ordering::Relaxed) + n - l.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        } else {
            LIVE.fetch_sub(l.size() - n, Ordering::Relaxed);
        }
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

fn deck(game: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/{game}/decks/{name}.txt"))
}

/// Peak heap bytes above the level before the run, for a run of `games` games.
fn peak_of(game: &str, decks: [&str; 2], games: u64) -> usize {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let r = execute(&Job {
        run: RunSettings {
            game: game.into(),
            seed: 3,
            threads: Some(2),
            command: vec!["test".into()],
            ..Default::default()
        },
        decks: decks.iter().map(|d| deck(game, d)).collect(),
        pairing: Pairing::Single,
        agents: vec!["random".into(), "random".into()],
        games,
    })
    .unwrap();
    assert_eq!(r.manifest.games, games);
    drop(r);
    PEAK.load(Ordering::Relaxed) - before
}

/// The peak heap of `large` games stays within 1 MB of that of `small` games.
fn flat(game: &str, decks: [&str; 2], small: u64, large: u64) {
    let (s, l) = (peak_of(game, decks, small), peak_of(game, decks, large));
    assert!(
        l < s + 1_000_000,
        "{game}: peak heap {s} bytes for {small} games, {l} for {large}"
    );
    eprintln!("{game}: peak heap {s} bytes for {small} games, {l} for {large}");
}

#[test]
fn peak_heap_does_not_grow_with_the_game_count() {
    // The old work list and per-chunk results grew by about 14 bytes a game (5.7 MB for the
    // larger Tyrant run).
    flat("tyrant", ["rush", "wall_counter"], 4_096, 409_600);
    flat("mission_alliance", ["swarm", "elite"], 2_048, 40_960);
}
