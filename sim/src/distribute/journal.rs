//! The durable log of a running plan: one line per finished chunk with its partial sums, so
//! that a run killed by `kill -9`, a power cut or a preempted cluster job can be finished with
//! `--resume` and give byte-identical outputs.
//!
//! Format: text lines `CRC32 JSON`, the CRC-32 (hex) of the JSON that follows. The first line
//! is the [`Header`] (job digest, plan layout, shard); each other line is
//! `{"c": chunk, "a": sums}`. Every line is written whole to the operating system as soon as
//! its chunk finishes (a killed process loses nothing) and the file is synced to disk at most
//! every [`SYNC_EVERY`] (a power cut loses at most that much work). Reading stops at the
//! first damaged or incomplete line, which is cut off before appending.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _, Result};
use serde::{Deserialize, Serialize};

use super::{Layout, Shard};

/// Longest interval between two syncs of the journal to disk.
pub const SYNC_EVERY: Duration = Duration::from_secs(1);

/// The first line: which job and plan the journal belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The job digest.
    pub digest: String,
    /// Which of the command's plans (normally 0).
    pub play: usize,
    /// The plan's layout.
    pub layout: Layout,
    /// The shard, if the job is sharded.
    pub shard: Option<Shard>,
}

/// An open journal, appended to by the workers.
pub struct Journal {
    path: PathBuf,
    file: Mutex<(File, Instant)>,
}

/// The journal file of plan `play` in `dir`.
pub fn path_in(dir: &Path, play: usize) -> PathBuf {
    dir.join(format!("journal-{play}.jsonl"))
}

/// Remove a finished job's journal (a failure to remove is harmless: the next run reports it).
pub fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
}

fn line(json: &str) -> String {
    format!("{:08x} {json}\n", crc32fast::hash(json.as_bytes()))
}

/// The JSON of a journal line if its checksum holds.
fn checked(l: &str) -> Option<&str> {
    let (crc, json) = l.split_once(' ')?;
    let crc = u32::from_str_radix(crc, 16).ok()?;
    (crc32fast::hash(json.as_bytes()) == crc).then_some(json)
}

#[derive(Serialize, Deserialize)]
struct Record<T> {
    c: u64,
    a: T,
}

impl Journal {
    /// Open the journal of `header`'s plan in `dir`. A new run (`resume` false) refuses to
    /// overwrite an unfinished run's journal; a resumed run reads the chunks already done,
    /// passing each (chunk, sums as JSON) to `restore`, and returns how many there were.
    pub fn open(
        dir: &Path,
        header: &Header,
        resume: bool,
        mut restore: impl FnMut(u64, &str) -> Result<()>,
    ) -> Result<(Journal, u64)> {
        let path = path_in(dir, header.play);
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let mut restored = 0;
        let file = if path.exists() {
            if !resume {
                bail!(
                    "{} holds the journal of an unfinished run: add --resume to finish that run, or delete the file to start over",
                    path.display()
                );
            }
            let f = OpenOptions::new()
                .read(true)
                .write(true)
                .open(&path)
                .with_context(|| format!("cannot open {}", path.display()))?;
            let mut r = BufReader::new(&f);
            let mut good = 0u64;
            let mut first = true;
            let mut buf = String::new();
            loop {
                buf.clear();
                let n = r
                    .read_line(&mut buf)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                // A line without its newline was cut short by a crash: stop there.
                if n == 0 || !buf.ends_with('\n') {
                    break;
                }
                let Some(json) = checked(buf.trim_end_matches('\n')) else {
                    break;
                };
                if first {
                    let h: Header = serde_json::from_str(json).with_context(|| {
                        format!("{}: line 1: not a journal header", path.display())
                    })?;
                    if h.digest != header.digest {
                        bail!(
                            "{} belongs to a different job (other cards, decks, options or program version): delete it to start over",
                            path.display()
                        );
                    }
                    if h != *header {
                        bail!(
                            "{} was written for a different plan of this job (layout or shard differ): delete it to start over",
                            path.display()
                        );
                    }
                    first = false;
                } else {
                    let rec: Record<serde_json::Value> = match serde_json::from_str(json) {
                        Ok(r) => r,
                        Err(_) => break,
                    };
                    restore(rec.c, &rec.a.to_string())
                        .with_context(|| format!("{}: line {}", path.display(), restored + 2))?;
                    restored += 1;
                }
                good += n as u64;
            }
            drop(r);
            if first {
                // Not even the header survived: start the journal again.
                f.set_len(0)?;
                let mut f = f;
                f.seek(SeekFrom::Start(0))?;
                f.write_all(line(&serde_json::to_string(header)?).as_bytes())?;
                f.sync_all()?;
                f
            } else {
                // Cut a damaged tail off before appending after the last good line.
                f.set_len(good)?;
                let mut f = f;
                f.seek(SeekFrom::End(0))?;
                f
            }
        } else {
            let mut f =
                File::create(&path).with_context(|| format!("cannot create {}", path.display()))?;
            f.write_all(line(&serde_json::to_string(header)?).as_bytes())?;
            f.sync_all()?;
            // Make the new file's name durable too.
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
            f
        };
        Ok((
            Journal {
                path,
                file: Mutex::new((file, Instant::now())),
            },
            restored,
        ))
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Record a finished chunk.
    pub fn append<T: Serialize>(&self, chunk: u64, sums: &T) -> Result<()> {
        let text = line(&serde_json::to_string(&Record { c: chunk, a: sums })?);
        let mut g = self.file.lock().expect("not poisoned");
        let (f, last) = &mut *g;
        f.write_all(text.as_bytes())
            .with_context(|| format!("cannot write {}", self.path.display()))?;
        if last.elapsed() >= SYNC_EVERY {
            f.sync_data()
                .with_context(|| format!("cannot sync {}", self.path.display()))?;
            *last = Instant::now();
        }
        Ok(())
    }

    /// Sync everything written so far to disk.
    pub fn sync(&self) -> Result<()> {
        let g = self.file.lock().expect("not poisoned");
        g.0.sync_data()
            .with_context(|| format!("cannot sync {}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_tails_are_cut_and_foreign_journals_refused() {
        let dir = std::env::temp_dir().join(format!("cardsim-journal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let h = Header {
            digest: "d".into(),
            play: 0,
            layout: Layout {
                games: vec![10],
                chunk: 4,
            },
            shard: None,
        };
        let (j, n) = Journal::open(&dir, &h, false, |_, _| Ok(())).unwrap();
        assert_eq!(n, 0);
        j.append(0, &7u64).unwrap();
        j.append(2, &9u64).unwrap();
        drop(j);
        // A torn last line (no newline) and a new run without --resume.
        let p = path_in(&dir, 0);
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"0000 {\"c\":1,").unwrap();
        drop(f);
        assert!(Journal::open(&dir, &h, false, |_, _| Ok(())).is_err());
        let mut got = Vec::new();
        let (j, n) = Journal::open(&dir, &h, true, |c, a| {
            got.push((c, a.to_string()));
            Ok(())
        })
        .unwrap();
        assert_eq!((n, got), (2, vec![(0, "7".into()), (2, "9".into())]));
        j.append(1, &5u64).unwrap();
        drop(j);
        let (_, n) = Journal::open(&dir, &h, true, |_, _| Ok(())).unwrap();
        assert_eq!(n, 3);
        let other = Header {
            digest: "e".into(),
            ..h.clone()
        };
        let e = Journal::open(&dir, &other, true, |_, _| Ok(()))
            .err()
            .unwrap();
        assert!(e.to_string().contains("different job"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
