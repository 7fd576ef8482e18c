//! `cardsim report`: the HTML report of an output folder.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// An output folder of cardsim.
    pub dir: PathBuf,
}

pub fn cmd_report(a: ReportArgs) -> Result<()> {
    let (path, r) = cardsim_sim::report::write_report(&a.dir)?;
    println!(
        "wrote {} ({} report, {} charts)",
        path.display(),
        r.kind,
        r.charts.len()
    );
    Ok(())
}
