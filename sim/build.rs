//! Records the git commit the binary is built from (for run manifests), when git knows it, and
//! embeds the example data folder (`data/`) so an installed `cardsim` runs from any folder.
//!
//! The data files are listed here rather than with a directory-embedding macro because
//! `cargo:rerun-if-changed` on the folder makes cargo rebuild when a data file is added,
//! changed or removed, which such macros cannot promise on stable Rust.
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    // Ask git where HEAD and the branch refs live: in a worktree `.git` is a file, and the
    // refs are in the main repository's folder.
    for what in ["HEAD", "refs/heads", "packed-refs"] {
        let path = Command::new("git")
            .args(["-C", root, "rev-parse", "--git-path", what])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        if let Some(p) = path {
            let p = Path::new(root).join(p);
            // A watched path that does not exist would rebuild every time.
            if !p.exists() {
                continue;
            }
            println!("cargo:rerun-if-changed={}", p.display());
        }
    }
    let commit = Command::new("git")
        .args(["-C", root, "rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=CARDSIM_GIT_COMMIT={commit}");
    embed_data(&Path::new(root).join("data"));
}

/// Write `$OUT_DIR/embedded_data.rs`: `FILES`, every file under `data` as (relative path with
/// `/` separators, bytes), sorted by path.
fn embed_data(data: &Path) {
    println!("cargo:rerun-if-changed={}", data.display());
    let mut files = Vec::new();
    walk(data, &mut files);
    files.sort();
    let mut src = String::from("/// The example data folder: (path under `data/`, contents).\n");
    src.push_str("pub static FILES: &[(&str, &[u8])] = &[\n");
    for f in &files {
        let rel = f.strip_prefix(data).expect("under data");
        let rel: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let abs = std::fs::canonicalize(f).expect("data file");
        src.push_str(&format!(
            "    ({:?}, include_bytes!({:?})),\n",
            rel.join("/"),
            abs.display().to_string()
        ));
    }
    src.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("embedded_data.rs");
    std::fs::write(out, src).expect("write embedded_data.rs");
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        let Ok(t) = e.file_type() else { continue };
        if t.is_dir() {
            walk(&p, out);
        } else if t.is_file() {
            out.push(p);
        }
    }
}
