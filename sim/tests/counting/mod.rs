//! A counting global allocator for the zero-allocation tests (`alloc.rs`, `agents_alloc.rs`):
//! allocations made on a thread inside [`counted`] are counted. The counter is global, so
//! counted sections of tests running on other threads are serialised. It also keeps the live
//! heap bytes of the whole process ([`live_bytes`], for `variant_memory.rs`).

// Each test file that includes this module uses only some of it.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static SERIAL: Mutex<()> = Mutex::new(());
thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if ON.with(|c| c.get()) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        LIVE.fetch_add(l.size(), Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        if ON.with(|c| c.get()) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        LIVE.fetch_add(n, Ordering::Relaxed);
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Run `f`, returning its result and the heap allocations (and reallocations) it made.
pub fn counted<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let before = ALLOCS.load(Ordering::Relaxed);
    ON.with(|c| c.set(true));
    let r = f();
    ON.with(|c| c.set(false));
    (r, ALLOCS.load(Ordering::Relaxed) - before)
}

/// Heap bytes allocated and not yet freed, over all threads.
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}
