//! How a job's games are run: whole, as one shard of many (`--shard K/N`), from finished
//! shards being merged (`cardsim merge`), or resumed from the journal of an interrupted run
//! (`--resume`).
//!
//! A command plays its games as one plan of *units* (matchups, agent pairs, card changes, ...),
//! each a number of games cut into fixed chunks; chunks are numbered across the units. Every
//! game takes its randomness from (seed, game index) only, so a chunk's result does not depend
//! on who plays it, and every aggregate is an integer sum, so the grouping does not change a
//! result. Hence:
//! - shard `K` of `N` plays exactly the chunks `c` with `c mod N = K` and writes their
//!   per-unit sums into its own folder ([`shard`]); merging the sums of all `N` shards gives
//!   the very numbers one process would have produced, and the command's own output code
//!   writes them, byte for byte the same files;
//! - a run with an output folder appends each finished chunk's sums to a journal
//!   ([`journal`]); `--resume` folds in what the journal holds and plays only the rest.
//!
//! The binary installs one [`Context`] per process ([`install`]); without one (library use)
//! every plan is played whole with no journal.

pub mod digest;
pub mod journal;
pub mod shard;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Instant;

use anyhow::{bail, Result};
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use journal::Journal;
pub use shard::Shard;

/// A partial aggregate: integer sums that add up exactly whatever the grouping.
pub trait Partial: Clone + Send + Sync + Serialize + DeserializeOwned {
    /// Add `other`'s counts to these.
    fn absorb(&mut self, other: &Self);
}

/// A list of partial sums adds element by element.
impl<T: Partial> Partial for Vec<T> {
    fn absorb(&mut self, other: &Self) {
        for (i, o) in other.iter().enumerate() {
            match self.get_mut(i) {
                Some(x) => x.absorb(o),
                None => self.push(o.clone()),
            }
        }
    }
}

/// The shape of a plan: games per unit and the chunk size. Shards, journals and merges check
/// it, so sums cut for one plan are never folded into another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// Games per unit.
    pub games: Vec<u64>,
    /// Games per chunk.
    pub chunk: u64,
}

impl Layout {
    /// First chunk number of each unit, then the total.
    fn firsts(&self) -> Vec<u64> {
        let mut v = Vec::with_capacity(self.games.len() + 1);
        let mut c = 0;
        for g in &self.games {
            v.push(c);
            c += g.div_ceil(self.chunk);
        }
        v.push(c);
        v
    }
    /// Total chunks.
    pub fn chunks(&self) -> u64 {
        *self.firsts().last().expect("at least the total")
    }
    /// Unit and game range of chunk `c`, given [`Layout::firsts`].
    fn locate(&self, firsts: &[u64], c: u64) -> (usize, u64, u64) {
        let u = firsts.partition_point(|&f| f <= c) - 1;
        // (A unit without games shares its first number with the next unit, which wins.)
        let s = (c - firsts[u]) * self.chunk;
        (u, s, (s + self.chunk).min(self.games[u]))
    }
}

/// How this process runs its job.
pub enum Mode {
    /// Every chunk.
    Whole,
    /// The chunks of one shard.
    Shard(Shard),
    /// No games: the sums come from finished shards.
    Merge(shard::MergeSet),
}

/// The per-process settings of the job being run.
pub struct Context {
    /// Whole, shard or merge.
    pub mode: Mode,
    /// Continue from the journal of an interrupted run.
    pub resume: bool,
    /// The job's command line without the options that cannot change a result.
    pub job_argv: Vec<String>,
    /// Input files read by the job, with their SHA-256.
    inputs: Mutex<Vec<(String, String)>>,
    /// Plans played so far (a command normally plays one).
    plays: AtomicUsize,
    /// Plans the command plays ([`expect_plans`]; one unless it says otherwise).
    expected: AtomicUsize,
    /// A shard's finished plans, kept until its last plan writes the shard folder.
    pending: Mutex<shard::Pending>,
    /// Journals to remove once the job's outputs are written.
    journals: Mutex<Vec<PathBuf>>,
    /// What the manifest records about how the job ran.
    record: Mutex<Option<serde_json::Value>>,
}

impl Context {
    /// A context for `mode` and a job started by `argv` (the full command line).
    pub fn new(mode: Mode, resume: bool, argv: &[String]) -> Self {
        Context {
            mode,
            resume,
            job_argv: digest::job_argv(argv),
            inputs: Mutex::new(Vec::new()),
            plays: AtomicUsize::new(0),
            expected: AtomicUsize::new(1),
            pending: Mutex::new(shard::Pending::default()),
            journals: Mutex::new(Vec::new()),
            record: Mutex::new(None),
        }
    }

    /// The job's digest: program version, command line and the inputs read so far.
    pub fn digest(&self) -> String {
        digest::job_digest(&self.job_argv, &self.inputs.lock().expect("not poisoned"))
    }

    /// Input files read so far, with their SHA-256.
    pub fn inputs(&self) -> Vec<(String, String)> {
        self.inputs.lock().expect("not poisoned").clone()
    }
}

static CONTEXT: RwLock<Option<Arc<Context>>> = RwLock::new(None);
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Install the process's context (the binary does, once, before running a command).
pub fn install(ctx: Context) {
    *CONTEXT.write().expect("not poisoned") = Some(Arc::new(ctx));
}

/// The installed context, if any.
pub fn current() -> Option<Arc<Context>> {
    CONTEXT.read().expect("not poisoned").clone()
}

/// Say that the command plays `n` plans, one after the other (one unless said). A shard then
/// keeps the sums of each plan and goes on to the next; the last plan writes the shard folder
/// with all of them, and a merge hands each plan its merged sums in the same order.
pub fn expect_plans(n: usize) {
    if let Some(ctx) = current() {
        ctx.expected.store(n.max(1), Ordering::SeqCst);
    }
}

/// Note an input file the job read (its digest goes into the job's digest). Without a
/// context, nothing is recorded.
pub fn note_input(path: &Path) -> Result<()> {
    let Some(ctx) = current() else { return Ok(()) };
    let key = path.display().to_string();
    let mut v = ctx.inputs.lock().expect("not poisoned");
    if !v.iter().any(|(p, _)| *p == key) {
        let sha = digest::file_sha256(path)?;
        v.push((key, sha));
    }
    Ok(())
}

/// The SHA-256 of an input file: the one noted by [`note_input`] when the job read it, else
/// computed now.
pub fn input_sha256(path: &Path) -> Result<String> {
    let key = path.display().to_string();
    if let Some(ctx) = current() {
        let v = ctx.inputs.lock().expect("not poisoned");
        if let Some((_, sha)) = v.iter().find(|(p, _)| *p == key) {
            return Ok(sha.clone());
        }
    }
    digest::file_sha256(path)
}

/// Ask the running plan to stop after the chunks in progress (the Ctrl-C handler does).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Whether a stop was asked for.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// What a manifest records about how the job ran (shards merged, chunks resumed), if
/// anything beyond a plain whole run.
pub fn describe() -> Option<serde_json::Value> {
    current().and_then(|c| c.record.lock().expect("not poisoned").clone())
}

/// Under a merge, the shards' total wall-clock seconds.
pub fn merged_seconds() -> Option<f64> {
    match &current()?.mode {
        Mode::Merge(set) => Some(set.shards.iter().map(|s| s.manifest.elapsed_seconds).sum()),
        _ => None,
    }
}

/// Remove the journals of a job whose outputs are now written (the binary calls this after
/// a command succeeds).
pub fn finish() {
    if let Some(ctx) = current() {
        for j in ctx.journals.lock().expect("not poisoned").drain(..) {
            journal::remove(&j);
        }
    }
}

/// The run stopped on a Ctrl-C; what was finished is in the journal.
#[derive(Debug, thiserror::Error)]
#[error("interrupted: {done} of {total} chunks are saved in {}; run the same command with --resume to finish the job", journal.display())]
pub struct Interrupted {
    /// Chunks saved.
    pub done: u64,
    /// Chunks of the plan (of this shard).
    pub total: u64,
    /// The journal.
    pub journal: PathBuf,
}

/// A shard finished and wrote its folder: the command ends here (its outputs come from
/// `cardsim merge`).
#[derive(Debug, thiserror::Error)]
#[error("shard {shard} finished: {games} games in {seconds:.2} s; wrote {}", dir.display())]
pub struct ShardWritten {
    /// Which shard.
    pub shard: Shard,
    /// Games it played.
    pub games: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Its folder.
    pub dir: PathBuf,
}

/// Play a plan: unit `u` has `games[u]` games cut into chunks of `chunk`; `play(u, s, e)`
/// plays games `s..e` of unit `u` into a partial sum, and `empty(u)` is a unit's zero.
/// Returns one sum per unit. `out` is the command's output folder (the journal and shard
/// folders live there; `None` plays without a journal).
///
/// Under a shard context this plays the shard's chunks; the command's last plan (see
/// [`expect_plans`]) writes the shard folder and returns [`ShardWritten`] as the error that
/// ends the command, an earlier one returns the shard's own sums; under a merge context it plays
/// nothing and returns the shards' sums.
pub fn play_units<A: Partial>(
    out: Option<&Path>,
    games: &[u64],
    chunk: u64,
    empty: &(dyn Fn(usize) -> A + Sync),
    play: &(dyn Fn(usize, u64, u64) -> Result<A> + Sync),
) -> Result<Vec<A>> {
    let layout = Layout {
        games: games.to_vec(),
        chunk: chunk.max(1),
    };
    let ctx = current();
    let index = ctx
        .as_ref()
        .map_or(0, |c| c.plays.fetch_add(1, Ordering::SeqCst));
    let shard = match ctx.as_deref().map(|c| &c.mode) {
        Some(Mode::Merge(set)) => {
            let ctx = ctx.as_deref().expect("merge has a context");
            return set.sums(ctx, index, &layout, empty);
        }
        Some(Mode::Shard(s)) => Some(*s),
        _ => None,
    };
    let started = Instant::now();
    let folder = match (out, shard) {
        (Some(o), Some(s)) => Some(o.join(s.dir_name())),
        (Some(o), None) => Some(o.to_path_buf()),
        (None, Some(_)) => bail!("--shard needs an output folder (--out)"),
        (None, None) => None,
    };
    if let (Some(dir), Some(s), Some(c)) = (&folder, shard, ctx.as_deref()) {
        if let Some(done) = shard::already_done(dir, s, &c.digest())? {
            return Err(done.into());
        }
    }
    let firsts = layout.firsts();
    let total = layout.chunks();
    // A plan after the first starts where the shard's earlier plans left off in the turn of
    // chunks, so that small plans (one or two chunks each) spread over the shards instead of
    // all falling to shard 0.
    let turn = match (shard, ctx.as_deref()) {
        (Some(s), Some(c)) => Some(s.after(c.pending.lock().expect("not poisoned").chunks())),
        _ => None,
    };
    let owned = |c: u64| turn.is_none_or(|s| s.owns(c));
    let owned_total = turn.map_or(total, |s| s.owned_of(total));
    let mut sums: Vec<A> = (0..games.len()).map(empty).collect();
    // Chunks restored from the journal (only those: memory stays flat in the game count) and
    // the games this plan has counted, restored or played.
    let mut done = std::collections::HashSet::new();
    let games_done = AtomicU64::new(0);
    let journal = match (&folder, ctx.as_deref()) {
        (Some(dir), Some(c)) => {
            let header = journal::Header {
                digest: c.digest(),
                play: index,
                layout: layout.clone(),
                shard,
            };
            let (j, resumed) = Journal::open(dir, &header, c.resume, |chunk, text| {
                if chunk >= total || !owned(chunk) || !done.insert(chunk) {
                    bail!("chunk {chunk} does not belong to this plan");
                }
                let a: A = serde_json::from_str(text)?;
                let (u, s, e) = layout.locate(&firsts, chunk);
                sums[u].absorb(&a);
                games_done.fetch_add(e - s, Ordering::Relaxed);
                Ok(())
            })?;
            if resumed > 0 {
                *c.record.lock().expect("not poisoned") = Some(serde_json::json!({
                    "resumed_chunks": resumed, "chunks": total
                }));
            }
            Some(j)
        }
        _ => None,
    };
    let saved = AtomicU64::new(done.len() as u64);
    let empties = || -> Vec<Option<A>> { vec![None; games.len()] };
    let add = |v: &mut Vec<Option<A>>, u: usize, a: A| match &mut v[u] {
        Some(x) => x.absorb(&a),
        slot => *slot = Some(a),
    };
    // Chunks are produced lazily from their numbers, never listed. After a Ctrl-C no worker
    // takes another chunk: the walk stops at once instead of stepping over the remaining
    // chunk numbers (10^14 of them in a 10^18-game job).
    let played: Result<Vec<Option<A>>> = (0..total)
        .into_par_iter()
        .take_any_while(|_| !interrupted())
        .filter(|c| owned(*c) && !done.contains(c))
        .try_fold(empties, |mut v, c| {
            let (u, s, e) = layout.locate(&firsts, c);
            let a = play(u, s, e)?;
            if let Some(j) = &journal {
                j.append(c, &a)?;
            }
            saved.fetch_add(1, Ordering::Relaxed);
            games_done.fetch_add(e - s, Ordering::Relaxed);
            add(&mut v, u, a);
            Ok(v)
        })
        .try_reduce(empties, |mut v, w| {
            for (u, a) in w.into_iter().enumerate() {
                if let Some(a) = a {
                    add(&mut v, u, a);
                }
            }
            Ok(v)
        });
    let played = played?;
    if let Some(j) = &journal {
        j.sync()?;
    }
    for (s, p) in sums.iter_mut().zip(&played) {
        if let Some(p) = p {
            s.absorb(p);
        }
    }
    if interrupted() {
        let Some(j) = &journal else {
            bail!("interrupted (no output folder, so nothing was saved)");
        };
        return Err(Interrupted {
            done: saved.load(Ordering::Relaxed),
            total: owned_total,
            journal: j.path().to_path_buf(),
        }
        .into());
    }
    if let (Some(s), Some(t), Some(dir), Some(c)) = (shard, turn, &folder, ctx.as_deref()) {
        let mut p = c.pending.lock().expect("not poisoned");
        if p.parts.len() != index {
            bail!("a sharded command must play its plans in one process, one after the other");
        }
        p.parts.push(shard::part(t, &layout, &sums)?);
        p.games += games_done.load(Ordering::Relaxed);
        p.seconds += started.elapsed().as_secs_f64();
        if let Some(j) = journal {
            p.journals.push(j.path().to_path_buf());
        }
        // More plans to come: this shard's sums of this plan, and on to the next.
        if index + 1 < c.expected.load(Ordering::SeqCst) {
            return Ok(sums);
        }
        shard::write(dir, c, s, &p.parts, p.games, p.seconds)?;
        for j in p.journals.drain(..) {
            journal::remove(&j);
        }
        return Err(ShardWritten {
            shard: s,
            games: p.games,
            seconds: p.seconds,
            dir: dir.clone(),
        }
        .into());
    }
    if let (Some(j), Some(c)) = (journal, ctx.as_deref()) {
        c.journals
            .lock()
            .expect("not poisoned")
            .push(j.path().to_path_buf());
    }
    Ok(sums)
}

/// Refuse what sequential stopping (`--sprt`, `--until-halfwidth`) cannot do: after each
/// look it decides on all the games before it, in order, which no single shard has, so a
/// sequential job cannot be sharded or merged.
pub fn refuse_sharded_sequential() -> Result<()> {
    let Some(ctx) = current() else { return Ok(()) };
    match &ctx.mode {
        Mode::Shard(_) | Mode::Merge(_) => bail!(
            "--sprt and --until-halfwidth cannot be sharded: each look decides on all the games before it, in order, which no shard has; run a sequential job in one process, or shard a fixed number of games (--games) without a stopping rule"
        ),
        Mode::Whole => Ok(()),
    }
}

/// The journal of a sequential plan (`--sprt`, `--until-halfwidth`): unit `u` is played look by
/// look, in order, and each finished look is journaled as a chunk of a [`Layout`] whose chunk
/// is the look. A resumed run gives each look it reaches again the journaled sums instead of
/// playing it, so the stopping rule sees the very same sequence and stops at the same look.
pub struct Looks {
    journal: Option<Journal>,
    saved: Mutex<std::collections::HashMap<u64, String>>,
    layout: Layout,
    firsts: Vec<u64>,
}

impl Looks {
    /// Open the journal of a sequential plan over units of `games` games in looks of `look`
    /// (none without an output folder or a context). Refuses shards and merges.
    pub fn open(out: Option<&Path>, games: &[u64], look: u64) -> Result<Looks> {
        refuse_sharded_sequential()?;
        let layout = Layout {
            games: games.to_vec(),
            chunk: look.max(1),
        };
        let firsts = layout.firsts();
        let total = layout.chunks();
        let mut saved = std::collections::HashMap::new();
        let journal = match (out, current()) {
            (Some(dir), Some(c)) => {
                let header = journal::Header {
                    digest: c.digest(),
                    play: c.plays.fetch_add(1, Ordering::SeqCst),
                    layout: layout.clone(),
                    shard: None,
                };
                let (j, resumed) = Journal::open(dir, &header, c.resume, |chunk, text| {
                    if chunk >= total {
                        bail!("look {chunk} does not belong to this plan");
                    }
                    saved.insert(chunk, text.to_string());
                    Ok(())
                })?;
                if resumed > 0 {
                    *c.record.lock().expect("not poisoned") = Some(serde_json::json!({
                        "resumed_looks": resumed
                    }));
                }
                c.journals
                    .lock()
                    .expect("not poisoned")
                    .push(j.path().to_path_buf());
                Some(j)
            }
            _ => None,
        };
        Ok(Looks {
            journal,
            saved: Mutex::new(saved),
            layout,
            firsts,
        })
    }

    /// The sums of games `s..e` of unit `u` (one look): from the journal when a resumed run
    /// has them, else played by `play` and journaled.
    pub fn look<A: Partial>(
        &self,
        u: usize,
        s: u64,
        e: u64,
        play: impl FnOnce() -> A,
    ) -> Result<A> {
        let c = self.firsts[u] + s / self.layout.chunk;
        let kept = self.saved.lock().expect("not poisoned").remove(&c);
        if let Some(text) = kept {
            return Ok(serde_json::from_str(&text)?);
        }
        debug_assert!(e <= self.layout.games[u]);
        let a = play();
        if let Some(j) = &self.journal {
            j.append(c, &a)?;
        }
        Ok(a)
    }

    /// After a plan stopped: an [`Interrupted`] error if a Ctrl-C stopped it.
    pub fn check_interrupted(&self) -> Result<()> {
        if !interrupted() {
            return Ok(());
        }
        match &self.journal {
            Some(j) => {
                j.sync()?;
                Err(Interrupted {
                    done: 0,
                    total: self.layout.chunks(),
                    journal: j.path().to_path_buf(),
                }
                .into())
            }
            None => bail!("interrupted (no output folder, so nothing was saved)"),
        }
    }
}
