//! Shards: which shard this process is (`--shard K/N`, or `auto` from a Slurm array or a
//! Kubernetes Indexed Job), the folder a finished shard writes, and reading a set of shard
//! folders back for `cardsim merge` with every check that keeps a merge exact.
//!
//! A shard folder holds `partial.json` (per plan: the layout, the chunks played and the sums of
//! every unit it touched) and `shard.json` (job digest, input digests, command line, shard
//! number, games, timing and the SHA-256 of `partial.json`). `shard.json` is moved into place
//! last, so a folder without it is a shard still running or killed.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};
use serde::{Deserialize, Serialize};

use super::{digest, journal, Context, Layout, Partial};

/// Shard `index` (from 0) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u32,
    /// Shards in the job.
    pub count: u32,
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Most shards a job may be cut into.
pub const MAX_SHARDS: u32 = 1_000_000;

impl Shard {
    /// Whether chunk `c` is this shard's.
    pub fn owns(&self, c: u64) -> bool {
        c % self.count as u64 == self.index as u64
    }

    /// How many of chunks `0..total` are this shard's.
    pub fn owned_of(&self, total: u64) -> u64 {
        let n = self.count as u64;
        total / n + u64::from((self.index as u64) < total % n)
    }

    /// Whether any of chunks `first..end` is this shard's.
    pub fn owns_any(&self, first: u64, end: u64) -> bool {
        let n = self.count as u64;
        first + (self.index as u64 + n - first % n) % n < end
    }

    /// The shard as it owns the chunks of a plan that follows `before` chunks of the same
    /// command's earlier plans: chunk `c` is its own when chunk `before + c` of one long turn
    /// would be.
    pub fn after(&self, before: u64) -> Shard {
        let n = self.count as u64;
        Shard {
            index: ((self.index as u64 + n - before % n) % n) as u32,
            count: self.count,
        }
    }

    /// The shard's folder name inside the job's output folder, e.g. `shard-0003-of-0016`.
    pub fn dir_name(&self) -> String {
        let w = self.count.to_string().len().max(4);
        format!("shard-{:0w$}-of-{:0w$}", self.index, self.count)
    }

    /// Parse `--shard`: `K/N` (K from 0 to N−1), `auto` (from the scheduler's environment)
    /// or `auto/N` (the index from the environment, the count given).
    pub fn parse(text: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard> {
        let t = text.trim();
        let (k, n) = match t.split_once('/') {
            Some((k, n)) => (k.trim(), Some(n.trim())),
            None => (t, None),
        };
        let num = |what: &str, s: &str| -> Result<u32> {
            s.parse::<u32>().with_context(|| {
                format!("--shard `{text}`: {what} `{s}` is not a whole number (give K/N with K from 0 to N-1, or auto)")
            })
        };
        let shard = if k == "auto" {
            let (index, count) = from_env(env)?;
            let count = match n {
                Some(n) => num("the shard count", n)?,
                None => count.with_context(|| {
                    "--shard auto: the shard count is unknown (Slurm sets SLURM_ARRAY_TASK_COUNT; for a Kubernetes Indexed Job give --shard auto/N with N = the Job's completions, or set CARDSIM_SHARD_COUNT)".to_string()
                })?,
            };
            Shard { index, count }
        } else {
            let Some(n) = n else {
                bail!("--shard `{text}`: give K/N (this is shard K, from 0, of N), or auto");
            };
            Shard {
                index: num("the shard", k)?,
                count: num("the shard count", n)?,
            }
        };
        if shard.count == 0 || shard.count > MAX_SHARDS {
            bail!("--shard `{text}`: the shard count must be from 1 to {MAX_SHARDS}");
        }
        if shard.index >= shard.count {
            bail!(
                "--shard `{text}`: shard {} does not exist in {} shards (they are numbered 0 to {})",
                shard.index,
                shard.count,
                shard.count - 1
            );
        }
        Ok(shard)
    }
}

/// The shard index (from 0) and, when known, count from the scheduler's environment.
fn from_env(env: &dyn Fn(&str) -> Option<String>) -> Result<(u32, Option<u32>)> {
    let get = |name: &str| -> Result<Option<u32>> {
        match env(name) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse::<u32>()
                .map(Some)
                .with_context(|| format!("--shard auto: {name}=`{v}` is not a whole number")),
        }
    };
    let count_var = get("CARDSIM_SHARD_COUNT")?;
    if let Some(id) = get("SLURM_ARRAY_TASK_ID")? {
        let min = get("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let max = get("SLURM_ARRAY_TASK_MAX")?;
        let count = get("SLURM_ARRAY_TASK_COUNT")?;
        if let (Some(max), Some(count)) = (max, count) {
            if max.checked_sub(min).map(|d| d + 1) != Some(count) {
                bail!("--shard auto: the Slurm array {min}-{max} has {count} tasks, so its ids are not consecutive (a step or a list); submit it as --array=0-{}", count.saturating_sub(1));
            }
        }
        let count = count.or(max.map(|m| m - min + 1)).or(count_var);
        if id < min {
            bail!("--shard auto: SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}");
        }
        return Ok((id - min, count));
    }
    if let Some(i) = get("JOB_COMPLETION_INDEX")? {
        return Ok((i, count_var));
    }
    bail!("--shard auto: no shard index in the environment (Slurm job arrays set SLURM_ARRAY_TASK_ID, Kubernetes Indexed Jobs set JOB_COMPLETION_INDEX); outside a scheduler give --shard K/N")
}

/// One plan's part of a shard.
#[derive(Serialize, Deserialize)]
pub struct PlanPart {
    layout: Layout,
    /// Chunks this shard played.
    chunks: u64,
    /// `[unit, sums]` for every unit the shard touched.
    units: Vec<(usize, serde_json::Value)>,
}

/// `partial.json`.
#[derive(Serialize, Deserialize)]
struct PartialFile {
    plans: Vec<PlanPart>,
}

/// `shard.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardManifest {
    /// Always `cardsim-shard`.
    pub kind: String,
    /// The job digest.
    pub digest: String,
    /// Input files and their SHA-256.
    pub inputs: Vec<(String, String)>,
    /// The full command line of the shard.
    pub command: Vec<String>,
    /// The working folder it ran in (relative paths of the command are relative to it).
    pub cwd: String,
    /// Which shard.
    pub shard: Shard,
    /// Games it played.
    pub games: u64,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
    /// cardsim version and build.
    pub version: String,
    /// Git commit of the build, when known.
    pub git_commit: Option<String>,
    /// SHA-256 of `partial.json`.
    pub partial_sha256: String,
}

/// A shard's finished plans, waiting for its last plan.
#[derive(Default)]
pub struct Pending {
    /// The plans' parts, in order.
    pub parts: Vec<PlanPart>,
    /// Games played so far.
    pub games: u64,
    /// Wall-clock seconds so far.
    pub seconds: f64,
    /// The plans' journals (removed once the folder is written).
    pub journals: Vec<PathBuf>,
}

impl Pending {
    /// Chunks of the plans finished so far (every shard's, not only this one's).
    pub fn chunks(&self) -> u64 {
        self.parts.iter().map(|p| p.layout.chunks()).sum()
    }
}

/// The part of a plan (its `layout`) that shard `shard` played, with the sums `sums`.
pub fn part<A: Partial>(shard: Shard, layout: &Layout, sums: &[A]) -> Result<PlanPart> {
    let firsts = layout.firsts();
    let mut units = Vec::new();
    for (u, a) in sums.iter().enumerate() {
        if shard.owns_any(firsts[u], firsts[u + 1]) {
            units.push((u, serde_json::to_value(a)?));
        }
    }
    Ok(PlanPart {
        layout: layout.clone(),
        chunks: shard.owned_of(layout.chunks()),
        units,
    })
}

/// Write a finished shard's folder: its part of each of the command's plans, in order.
pub fn write(
    dir: &Path,
    ctx: &Context,
    shard: Shard,
    plans: &[PlanPart],
    games: u64,
    seconds: f64,
) -> Result<()> {
    #[derive(Serialize)]
    struct PartialRef<'a> {
        plans: &'a [PlanPart],
    }
    let partial = serde_json::to_vec(&PartialRef { plans })?;
    let manifest = ShardManifest {
        kind: "cardsim-shard".into(),
        digest: ctx.digest(),
        inputs: ctx.inputs(),
        command: std::env::args().collect(),
        cwd: std::env::current_dir()
            .map(|p| p.display().to_string())
            .unwrap_or_default(),
        shard,
        games,
        elapsed_seconds: seconds,
        version: env!("CARGO_PKG_VERSION").into(),
        git_commit: crate::git_commit(),
        partial_sha256: digest::sha256(&partial),
    };
    crate::output::write_staged(dir, &["partial.json", "shard.json"], |st| {
        std::fs::write(st.join("partial.json"), &partial)?;
        std::fs::File::open(st.join("partial.json"))?.sync_all()?;
        crate::output::write_json(&st.join("shard.json"), &manifest)
    })?;
    Ok(())
}

/// If `dir` already holds this shard of this job, finished: say so (rerunning a finished
/// array task, e.g. after a requeue, does nothing).
pub fn already_done(dir: &Path, shard: Shard, digest: &str) -> Result<Option<super::ShardWritten>> {
    let p = dir.join("shard.json");
    if !p.exists() {
        return Ok(None);
    }
    let m = read_manifest(&p)?;
    if m.digest != digest || m.shard != shard {
        bail!(
            "{} holds shard {} of another job: give this job its own --out folder, or delete that folder",
            dir.display(),
            m.shard
        );
    }
    Ok(Some(super::ShardWritten {
        shard,
        games: m.games,
        seconds: 0.0,
        dir: dir.to_path_buf(),
    }))
}

fn read_manifest(p: &Path) -> Result<ShardManifest> {
    let text =
        std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?;
    let m: ShardManifest = serde_json::from_str(&text).with_context(|| {
        format!(
            "{}: not a cardsim shard manifest (corrupt or foreign)",
            p.display()
        )
    })?;
    if m.kind != "cardsim-shard" {
        bail!("{}: not a cardsim shard manifest", p.display());
    }
    Ok(m)
}

/// One finished shard, read back.
pub struct Loaded {
    /// Its folder.
    pub dir: PathBuf,
    /// Its manifest.
    pub manifest: ShardManifest,
    plans: Vec<PlanPart>,
}

/// A complete, checked set of shards of one job.
pub struct MergeSet {
    /// The shards, by index.
    pub shards: Vec<Loaded>,
}

/// The shard folders named by `args`: each is a shard folder, or a job folder whose
/// `shard-*` folders are taken.
pub fn expand(args: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut v = Vec::new();
    for a in args {
        if a.join("shard.json").exists() || a.join(journal::path_in(Path::new(""), 0)).exists() {
            v.push(a.clone());
            continue;
        }
        if !a.is_dir() {
            bail!("{}: no such shard folder", a.display());
        }
        let mut subs: Vec<PathBuf> = std::fs::read_dir(a)
            .with_context(|| format!("cannot list {}", a.display()))?
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with("shard-"))
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        if subs.is_empty() {
            bail!(
                "{}: neither a shard folder (no shard.json) nor a folder of shard-* folders",
                a.display()
            );
        }
        subs.sort();
        v.extend(subs);
    }
    Ok(v)
}

impl MergeSet {
    /// Read and check shard folders: each finished and intact, all of one job, every shard
    /// present exactly once.
    pub fn load(dirs: &[PathBuf]) -> Result<MergeSet> {
        if dirs.is_empty() {
            bail!("give the shard folders to merge");
        }
        let mut shards: Vec<Loaded> = Vec::new();
        for d in dirs {
            let mp = d.join("shard.json");
            if !mp.exists() {
                let j = journal::path_in(d, 0);
                if j.exists() {
                    bail!("{}: this shard has not finished (it is still running, or was killed: its journal is there but not its shard.json); wait for it, or rerun it with --resume", d.display());
                }
                bail!(
                    "{}: no shard.json (not a finished shard folder)",
                    d.display()
                );
            }
            let manifest = read_manifest(&mp)?;
            let pp = d.join("partial.json");
            let bytes = std::fs::read(&pp)
                .with_context(|| format!("{}: cannot read partial.json", d.display()))?;
            if digest::sha256(&bytes) != manifest.partial_sha256 {
                bail!("{}: partial.json does not match the digest in shard.json (truncated or corrupt); rerun shard {}", d.display(), manifest.shard);
            }
            let file: PartialFile = serde_json::from_slice(&bytes)
                .with_context(|| format!("{}: partial.json is not readable", pp.display()))?;
            if let Some(first) = shards.first() {
                let f = &first.manifest;
                if manifest.digest != f.digest {
                    bail!(
                        "{} and {} are shards of different jobs: {}",
                        first.dir.display(),
                        d.display(),
                        difference(f, &manifest)
                    );
                }
                if manifest.shard.count != f.shard.count {
                    bail!(
                        "{} is shard {} but {} is shard {}: shards of one job have one count",
                        d.display(),
                        manifest.shard,
                        first.dir.display(),
                        f.shard
                    );
                }
            }
            if let Some(twin) = shards.iter().find(|s| s.manifest.shard == manifest.shard) {
                bail!(
                    "shard {} is given twice: {} and {}",
                    manifest.shard,
                    twin.dir.display(),
                    d.display()
                );
            }
            shards.push(Loaded {
                dir: d.clone(),
                manifest,
                plans: file.plans,
            });
        }
        let n = shards[0].manifest.shard.count;
        let missing: Vec<String> = (0..n)
            .filter(|k| !shards.iter().any(|s| s.manifest.shard.index == *k))
            .map(|k| format!("{k}/{n}"))
            .collect();
        if !missing.is_empty() {
            let shown: Vec<&str> = missing.iter().take(20).map(String::as_str).collect();
            bail!(
                "{} of {n} shards missing: {}{}",
                missing.len(),
                shown.join(", "),
                if missing.len() > 20 { ", ..." } else { "" }
            );
        }
        shards.sort_by_key(|s| s.manifest.shard.index);
        Ok(MergeSet { shards })
    }

    /// The merged sums of plan `play`, checked against the job being re-run by the merge.
    pub fn sums<A: Partial>(
        &self,
        ctx: &Context,
        play: usize,
        layout: &Layout,
        empty: &(dyn Fn(usize) -> A + Sync),
    ) -> Result<Vec<A>> {
        let first = &self.shards[0].manifest;
        let now = ctx.digest();
        if now != first.digest {
            let here = ShardManifest {
                digest: now,
                inputs: ctx.inputs(),
                ..first.clone()
            };
            bail!(
                "the shards in {} were made from other inputs than this merge reads: {}",
                self.shards[0].dir.display(),
                difference(first, &here)
            );
        }
        let mut sums: Vec<A> = (0..layout.games.len()).map(empty).collect();
        let mut chunks = 0;
        for s in &self.shards {
            let Some(part) = s.plans.get(play) else {
                bail!("{}: holds no plan {play}", s.dir.display());
            };
            if part.layout != *layout {
                bail!(
                    "{}: the shard was cut for another plan than this job's",
                    s.dir.display()
                );
            }
            chunks += part.chunks;
            for (u, v) in &part.units {
                let Some(slot) = sums.get_mut(*u) else {
                    bail!(
                        "{}: partial.json names unit {u}, which the job does not have",
                        s.dir.display()
                    );
                };
                let a: A = serde_json::from_value(v.clone()).with_context(|| {
                    format!(
                        "{}: partial.json: unit {u} is not readable",
                        s.dir.display()
                    )
                })?;
                slot.absorb(&a);
            }
        }
        if chunks != layout.chunks() {
            bail!(
                "the shards hold {chunks} chunks but the job has {}",
                layout.chunks()
            );
        }
        *ctx.record.lock().expect("not poisoned") = Some(serde_json::json!({
            "merged_shards": self.shards.len(),
            "shard_folders": self.shards.iter().map(|s| s.dir.display().to_string()).collect::<Vec<_>>(),
            "shard_games": self.shards.iter().map(|s| s.manifest.games).collect::<Vec<_>>(),
            "shard_seconds": self.shards.iter().map(|s| s.manifest.elapsed_seconds).collect::<Vec<_>>(),
        }));
        Ok(sums)
    }
}

/// What differs between two shard manifests' jobs, in words.
fn difference(a: &ShardManifest, b: &ShardManifest) -> String {
    if a.version != b.version || a.git_commit != b.git_commit {
        return format!(
            "made by different cardsim builds ({} {:?} and {} {:?})",
            a.version, a.git_commit, b.version, b.git_commit
        );
    }
    for (name, sha) in &a.inputs {
        match b.inputs.iter().find(|(n, _)| n == name) {
            Some((_, s)) if s != sha => return format!("the file {name} differs"),
            None => return format!("only one reads {name}"),
            _ => {}
        }
    }
    if let Some((name, _)) = b
        .inputs
        .iter()
        .find(|(n, _)| !a.inputs.iter().any(|(m, _)| m == n))
    {
        return format!("only one reads {name}");
    }
    let (x, y) = (digest::job_argv(&a.command), digest::job_argv(&b.command));
    if x != y {
        return format!(
            "the commands differ (`{}` and `{}`)",
            x.join(" "),
            y.join(" ")
        );
    }
    "their job digests differ".into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_plan_continues_the_turn_of_chunks() {
        let s = Shard { index: 1, count: 4 };
        // After 6 chunks of earlier plans, chunk c is chunk 6 + c of one long turn: shard 1
        // owns chunks 9, 13, ... of that turn, so chunks 3, 7 of this plan.
        let t = s.after(6);
        let owned: Vec<u64> = (0..10).filter(|&c| t.owns(c)).collect();
        assert_eq!(owned, vec![3, 7]);
        assert_eq!(t.owned_of(10), 2);
        assert_eq!(s.after(0), s);
        assert_eq!(s.after(4), s);
        // Every chunk of a plan has exactly one owner whatever came before.
        for before in 0..9 {
            for c in 0..13 {
                let owners = (0..4).filter(|&i| Shard { index: i, count: 4 }.after(before).owns(c));
                assert_eq!(owners.count(), 1, "before {before}, chunk {c}");
            }
        }
    }
}
