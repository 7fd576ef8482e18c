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

/// An outside program a test needs (a headless browser, the Slurm daemons), by the project's
/// one convention: when `found` is `None` the test is skipped with a notice written straight
/// to the terminal (not captured by the test harness, so it shows in every run), unless the
/// variable `require_var` (e.g. `CARDSIM_REQUIRE_BROWSER`) is `1`, which makes the absence a
/// failure. `.ci/run` installs the programs and sets the variables.
#[allow(dead_code)]
pub fn outside_program(
    test: &str,
    what: &str,
    require_var: &str,
    found: Option<PathBuf>,
    install_hint: &str,
) -> Option<PathBuf> {
    use std::io::Write;
    if found.is_some() {
        return found;
    }
    if std::env::var(require_var).as_deref() == Ok("1") {
        panic!("{test}: {what} is required ({require_var}=1) but was not found; {install_hint}");
    }
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {what} not found ({install_hint}; set {require_var}=1 to make this a failure)"
    );
    None
}

/// Run the `cardsim` binary from the repository's root with `args`: (exit code, stdout,
/// stderr).
#[allow(dead_code)]
pub fn cardsim(args: &[&str]) -> (i32, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}
