//! `cardsim report`: the HTML report of an output folder.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::common::parse_band;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// An output folder of cardsim (of any command).
    pub dir: PathBuf,
    /// The report's outlier band, `LO..HI` (win rates, e.g. 0.45..0.55): matchups and decks
    /// whose 95% interval lies wholly outside it are listed as outliers.
    #[arg(long, value_name = "LO..HI", default_value = "0.40..0.60", value_parser = parse_band)]
    pub band: (f64, f64),
}

pub fn cmd_report(a: ReportArgs) -> Result<()> {
    let opts = cardsim_sim::report::ReportOptions { band: a.band };
    let (path, r) = cardsim_sim::report::write_report_with(&a.dir, &opts)?;
    cardsim_sim::outln!(
        "wrote {} ({} report, {} charts)",
        path.display(),
        r.kind,
        r.charts.len()
    );
    Ok(())
}
