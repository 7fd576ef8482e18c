//! Helpers shared by the report tests.

use std::path::{Path, PathBuf};

/// A fresh temporary folder, removed when dropped.
pub struct Tmp(pub PathBuf);

impl Tmp {
    /// `cardsim-<tag>-<pid>` in the system's temporary folder, empty.
    pub fn new(tag: &str) -> Self {
        let d = std::env::temp_dir().join(format!("cardsim-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Tmp(d)
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fixture output folder of `sim/tests/data/report/`.
#[allow(dead_code)]
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/report")
        .join(name)
}
