//! `cardsim scenario`: scripted positions with assertions.

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;

#[derive(Args, Debug)]
pub struct ScenarioArgs {
    /// Scenario files, or folders searched for `*.toml`.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print every scenario's event log, not only the failing ones'.
    #[arg(long)]
    pub verbose: bool,
}

pub fn cmd_scenario(a: ScenarioArgs) -> Result<()> {
    use cardsim_sim::scenario;
    let files = scenario::collect(&a.paths).map_err(anyhow::Error::msg)?;
    let (mut ok, mut failed) = (0usize, 0usize);
    // The first failure's reason, repeated on the closing error line.
    let mut first: Option<String> = None;
    for f in &files {
        let rep = scenario::run_file(f);
        cardsim_sim::out!("{}", scenario::render(&rep, a.verbose));
        if rep.passed() {
            ok += 1;
        } else {
            failed += 1;
            if first.is_none() {
                first = rep.error.clone().or_else(|| rep.failures.first().cloned());
            }
        }
    }
    cardsim_sim::outln!("{ok} passed, {failed} failed");
    if failed > 0 {
        let why = first.map(|w| format!(": {w}")).unwrap_or_default();
        let first_of = if failed > 1 { " (the first)" } else { "" };
        bail!(
            "{failed} of {} scenarios failed{first_of}{why}",
            files.len()
        );
    }
    Ok(())
}
