//! The digest that names a job: program version, the command line without the options that
//! cannot change a result, and the SHA-256 of every input file. Shards, journals and merges
//! compare it so that sums of different jobs are never added.

use std::io::Read;
use std::path::Path;

use anyhow::{Context as _, Result};
use sha2::{Digest, Sha256};

/// Options that change where or how fast a job runs but never its results: dropped from the
/// command line before it is digested (each takes a value unless listed in [`FLAGS`]).
pub const NOT_RESULTS: &[&str] = &["--out", "--threads", "--shard", "--band"];
/// Flags (no value) that cannot change a result.
pub const FLAGS: &[&str] = &["--resume", "--quiet", "--no-report"];

/// `argv` without the program name and the options of [`NOT_RESULTS`] and [`FLAGS`].
pub fn job_argv(argv: &[String]) -> Vec<String> {
    strip(argv.get(1..).unwrap_or(&[]), NOT_RESULTS, FLAGS)
}

/// `args` without the options `valued` (with their values, as `--x v` or `--x=v`) and the
/// flags `flags`.
pub fn strip(args: &[String], valued: &[&str], flags: &[&str]) -> Vec<String> {
    let mut v = Vec::with_capacity(args.len());
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
            continue;
        }
        if a == "--" {
            // Everything after `--` is positional.
            v.push(a.clone());
            continue;
        }
        let name = a.split('=').next().unwrap_or(a);
        if valued.contains(&name) {
            skip = !a.contains('=');
            continue;
        }
        if flags.contains(&a.as_str()) {
            continue;
        }
        v.push(a.clone());
    }
    v
}

/// SHA-256 of a file, in hex.
pub fn file_sha256(path: &Path) -> Result<String> {
    let mut f =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut h = Sha256::new();
    let mut buf = [0u8; 1 << 16];
    loop {
        let n = f
            .read(&mut buf)
            .with_context(|| format!("cannot read {}", path.display()))?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(hex(&h.finalize()))
}

/// SHA-256 of bytes, in hex.
pub fn sha256(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// The job digest (see the module docs); input files count by content, in name order.
pub fn job_digest(job_argv: &[String], inputs: &[(String, String)]) -> String {
    let mut h = Sha256::new();
    h.update(b"cardsim job\0");
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(b"\0");
    h.update(crate::git_commit().unwrap_or_default().as_bytes());
    for a in job_argv {
        h.update(b"\0arg\0");
        h.update(a.as_bytes());
    }
    let mut files: Vec<&(String, String)> = inputs.iter().collect();
    files.sort();
    for (name, sha) in files {
        h.update(b"\0file\0");
        h.update(name.as_bytes());
        h.update(b"\0");
        h.update(sha.as_bytes());
    }
    hex(&h.finalize())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn result_free_options_are_dropped() {
        let argv = s(&[
            "cardsim",
            "run",
            "--deck",
            "a.txt",
            "--out",
            "o",
            "--threads=2",
            "--shard",
            "1/4",
            "--resume",
            "--games",
            "10",
            "--quiet",
        ]);
        assert_eq!(
            job_argv(&argv),
            s(&["run", "--deck", "a.txt", "--games", "10"])
        );
        let d = job_digest(&job_argv(&argv), &[("a.txt".into(), sha256(b"x"))]);
        assert_ne!(
            d,
            job_digest(&job_argv(&argv), &[("a.txt".into(), sha256(b"y"))])
        );
        assert_eq!(
            sha256(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
