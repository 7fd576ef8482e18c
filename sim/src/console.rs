//! Console output that survives a closed pipe: `cardsim … | head` stops reading early, and
//! the command must still finish its work and its output files, quietly.
//!
//! `println!` panics when standard output is a pipe whose reader has gone. Every line
//! cardsim prints goes through [`outln!`](crate::outln) or [`out!`](crate::out) instead: after
//! a broken pipe the rest of the console text is dropped without a word (as `head` asked);
//! any other write error (a full disk under `> file`) is kept and reported by the binary at
//! the end, with a non-zero exit.

use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static CLOSED: AtomicBool = AtomicBool::new(false);
static FAILED: Mutex<Option<String>> = Mutex::new(None);

/// Writes formatted text to standard output; see the module's text for what happens when
/// that fails.
pub fn write_out(args: std::fmt::Arguments) {
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args) {
        CLOSED.store(true, Ordering::Relaxed);
        if e.kind() != ErrorKind::BrokenPipe {
            let mut f = FAILED.lock().unwrap_or_else(|p| p.into_inner());
            f.get_or_insert_with(|| e.to_string());
        }
    }
}

/// Writes bytes to standard output, as [`write_out`] does.
pub fn write_bytes(bytes: &[u8]) {
    write_out(format_args!("{}", String::from_utf8_lossy(bytes)));
}

/// Flushes standard output and returns the first write error other than a closed pipe, if
/// there was one: the console text is then incomplete, and the exit status should say so.
pub fn finish() -> Option<String> {
    if !CLOSED.load(Ordering::Relaxed) {
        if let Err(e) = std::io::stdout().lock().flush() {
            if e.kind() != ErrorKind::BrokenPipe {
                return Some(e.to_string());
            }
        }
    }
    FAILED.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// `println!` for cardsim's console text (see [`crate::console`]).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::console::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::console::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for cardsim's console text (see [`crate::console`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::console::write_out(format_args!($($arg)*))
    };
}
