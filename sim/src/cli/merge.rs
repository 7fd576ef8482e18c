//! `cardsim merge OUT SHARD_DIR...`: checks a set of finished shard folders and writes the
//! job's outputs from their sums, by re-running the job's own command in merge mode (so the
//! files are those one process would have written, byte for byte).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};
use cardsim_sim::distribute::shard::{expand, MergeSet};
use cardsim_sim::distribute::{self, digest, Context, Mode};
use clap::Args;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Folder for the merged outputs (it may be the job folder that holds the shard-*
    /// folders).
    pub out: PathBuf,
    /// Shard folders, or job folders whose shard-* folders are all taken.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
}

/// Merge the shards; `rerun` runs a command line in the installed context.
pub fn cmd_merge(a: MergeArgs, rerun: &dyn Fn(Vec<String>) -> Result<()>) -> Result<()> {
    let given: Vec<PathBuf> = a
        .shards
        .iter()
        .map(|p| absolute(p))
        .collect::<Result<_>>()?;
    let dirs = expand(&given)?;
    let set = MergeSet::load(&dirs)?;
    let first = set.shards[0].manifest.clone();
    let n = set.shards.len();
    let games: u64 = set.shards.iter().map(|s| s.manifest.games).sum();
    // The command's relative paths are relative to the folder the shards ran in: run from
    // there when it exists here (a shared volume), with the output folder made absolute.
    let out = absolute(&a.out)?;
    let cwd = PathBuf::from(&first.cwd);
    if !first.cwd.is_empty() && cwd.is_dir() {
        std::env::set_current_dir(&cwd)
            .with_context(|| format!("cannot enter {}", cwd.display()))?;
    }
    let mut argv = vec!["cardsim".to_string()];
    argv.extend(digest::strip(
        first.command.get(1..).unwrap_or(&[]),
        &["--out", "--shard"],
        &["--resume"],
    ));
    if argv.len() < 2 {
        bail!(
            "{}: the shard's command line is empty",
            set.shards[0].dir.display()
        );
    }
    argv.push("--out".into());
    argv.push(out.display().to_string());
    distribute::install(Context::new(Mode::Merge(set), false, &first.command));
    let started = std::time::Instant::now();
    // The command writes its report page too (unless its --no-report).
    rerun(argv)?;
    cardsim_sim::outln!(
        "merged {n} shards ({games} games) into {} in {:.2} s",
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn absolute(p: &Path) -> Result<PathBuf> {
    Ok(if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()?.join(p)
    })
}
