//! Writing a command's outputs into its folder all or nothing: staged files, synced, then
//! swapped in; leftovers of killed runs removed.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::Serialize;

use super::*;

/// Everything a run writes.
pub struct Outputs<'a> {
    /// Summary rows.
    pub summary: &'a [SummaryRow],
    /// Names.
    pub names: &'a [MatchNames],
    /// Accumulators.
    pub accs: &'a [MatchAcc],
    /// Team rows (`teams.csv` is written only when there are some).
    pub teams: &'a [TeamRow],
    /// Manifest.
    pub manifest: &'a Manifest,
    /// Whether an agent label sees hidden information.
    pub peeks: &'a dyn Fn(&str) -> bool,
    /// A gauntlet's rows (`field.csv` is written only when there are some).
    pub field: &'a [crate::field::FieldRow],
}

/// Write all outputs into `dir` atomically (see the module docs).
pub fn write_all(dir: &Path, out: &Outputs<'_>) -> Result<Vec<PathBuf>> {
    let summary = |p: &Path| write_summary(p, out.summary, out.peeks);
    let turns = |p: &Path| write_turns(p, out.names, out.accs);
    let cards = |p: &Path| write_cards(p, out.names, out.accs);
    let teams = |p: &Path| write_teams(p, out.teams);
    let field = |p: &Path| crate::field::write_field(p, out.field);
    let mut files: Vec<(&str, FileWriter<'_>)> = vec![
        ("summary.csv", &summary),
        ("turns.csv", &turns),
        ("cards.csv", &cards),
    ];
    if !out.teams.is_empty() {
        files.push(("teams.csv", &teams));
    }
    if !out.field.is_empty() {
        files.push(("field.csv", &field));
    }
    write_files(dir, &files, out.manifest)
}

/// A file writer for [`write_files`]: writes the file at the path it is given.
pub type FileWriter<'a> = &'a dyn Fn(&Path) -> Result<()>;

/// Write `files` (name, writer) and `manifest.json` into `dir` atomically (see
/// [`write_staged`]).
pub fn write_files(
    dir: &Path,
    files: &[(&str, FileWriter<'_>)],
    manifest: &Manifest,
) -> Result<Vec<PathBuf>> {
    let mut names: Vec<&str> = files.iter().map(|f| f.0).collect();
    names.push("manifest.json");
    write_staged(dir, &names, |staging| {
        let mut manifest = manifest.clone();
        for (name, write) in files {
            let p = staging.join(name);
            write(&p)?;
            manifest.files.insert(
                name.to_string(),
                crate::distribute::digest::file_sha256(&p)?,
            );
        }
        write_json(&staging.join("manifest.json"), &manifest)
    })
}

/// Write `value` as pretty JSON (with a final newline) and sync it.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<()> {
    let mut f = std::fs::File::create(path)?;
    serde_json::to_writer_pretty(&mut f, value)?;
    writeln!(f)?;
    f.sync_all()?;
    Ok(())
}

/// Check, before any game is played, that outputs can be written to `dir`: it is a folder or
/// does not exist yet, and a folder can be made in its nearest existing ancestor (a probe
/// folder is made and removed there; nothing else is left behind).
pub fn check_out(dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        bail!("--out {}: exists and is not a folder", dir.display());
    }
    let mut at = dir;
    while !at.exists() {
        at = match at.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
    }
    if !at.is_dir() {
        bail!("--out {}: {} is not a folder", dir.display(), at.display());
    }
    // Unique per call: several jobs of one process may check the same folder at once.
    static PROBES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let k = PROBES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let probe = at.join(format!(".cardsim-probe-{}-{k}", std::process::id()));
    std::fs::create_dir(&probe)
        .with_context(|| format!("--out {}: cannot write in {}", dir.display(), at.display()))?;
    let _ = std::fs::remove_dir(&probe);
    Ok(())
}

/// Write the files named `files` into `dir` atomically: `fill` writes them into a staging
/// folder next to `dir`; only when it succeeds (and every staged file is synced to disk) are
/// they moved into `dir`, and the other cardsim outputs in `dir` ([`OUTPUT_FILES`], from an
/// earlier command) removed. On error the staging folder is removed and `dir` is left as it
/// was. Staging folders of killed runs beside `dir` are removed first.
pub fn write_staged(
    dir: &Path,
    files: &[&str],
    fill: impl FnOnce(&Path) -> Result<()>,
) -> Result<Vec<PathBuf>> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let leaf = dir
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let prefix = format!(".{leaf}.staging-");
    remove_orphaned_staging(&parent, &prefix);
    let staging = parent.join(format!("{prefix}{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging)
        .with_context(|| format!("cannot create {}", staging.display()))?;
    let result = fill(&staging)
        .and_then(|()| {
            // Every staged file reaches the disk before any is moved into place.
            for f in files {
                std::fs::File::open(staging.join(f))
                    .and_then(|h| h.sync_all())
                    .with_context(|| format!("cannot sync the staged {f}"))?;
            }
            Ok(())
        })
        .and_then(|()| {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))
        });
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e.context(format!("writing outputs to {}", dir.display())));
    }
    let written = match swap_in(dir, &staging, files) {
        Ok(w) => w,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e.context(format!("writing outputs to {}", dir.display())));
        }
    };
    let _ = std::fs::remove_dir_all(&staging);
    // The command owns its folder: outputs of an earlier command of another kind (its
    // matrix.csv, its report.html, ...) would read as this run's, so they go.
    for f in OUTPUT_FILES {
        if !files.contains(f) {
            let _ = std::fs::remove_file(dir.join(f));
        }
    }
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(written)
}

/// Move the staged `files` into `dir`, all or none: the earlier files of those names are moved
/// aside first (into the staging folder) and put back if any move fails.
fn swap_in(dir: &Path, staging: &Path, files: &[&str]) -> Result<Vec<PathBuf>> {
    let aside = staging.join(".previous");
    std::fs::create_dir_all(&aside)?;
    let mut moved_aside = Vec::new();
    let mut moved_in = Vec::new();
    let undo = |moved_in: &[&str], moved_aside: &[&str]| {
        for f in moved_in {
            let _ = std::fs::remove_file(dir.join(f));
        }
        for f in moved_aside {
            let _ = std::fs::rename(aside.join(f), dir.join(f));
        }
    };
    for f in files {
        let to = dir.join(f);
        if to.is_dir() {
            undo(&moved_in, &moved_aside);
            bail!("{} is a folder, not a file", to.display());
        }
        if to.exists() {
            if let Err(e) = std::fs::rename(&to, aside.join(f)) {
                undo(&moved_in, &moved_aside);
                return Err(
                    anyhow::Error::new(e).context(format!("cannot replace {}", to.display()))
                );
            }
            moved_aside.push(*f);
        }
    }
    let mut written = Vec::new();
    for f in files {
        let to = dir.join(f);
        if let Err(e) = std::fs::rename(staging.join(f), &to) {
            undo(&moved_in, &moved_aside);
            return Err(
                anyhow::Error::new(e).context(format!("cannot move {f} into {}", dir.display()))
            );
        }
        moved_in.push(*f);
        written.push(to);
    }
    Ok(written)
}

/// Every file a cardsim command writes into its output folder (and `cardsim report` reads or
/// writes): a command's outputs replace all of these.
pub const OUTPUT_FILES: &[&str] = &[
    "summary.csv",
    "turns.csv",
    "cards.csv",
    "teams.csv",
    "matrix.csv",
    "ranking.csv",
    "impact.csv",
    "sweep.csv",
    "ladder.csv",
    "ratings.csv",
    "series.csv",
    "length.csv",
    "field.csv",
    "compare.csv",
    "manifest.json",
    "report.html",
];

/// Remove staging folders `parent/PREFIX<pid>` left by processes that no longer run (killed
/// while writing). Where processes cannot be looked up (no /proc), nothing is removed.
fn remove_orphaned_staging(parent: &Path, prefix: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(rd) = std::fs::read_dir(parent) else {
        return;
    };
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(prefix)
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}
