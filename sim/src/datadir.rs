//! Where the example data comes from, and decks given by name.
//!
//! The data folder is, in order: `--data DIR` (or the `CARDSIM_DATA` variable); the
//! repository's `data/` this binary was built from, while it is still there; else the copy of
//! that folder built into the binary, unpacked once into a cache folder. `--data builtin`
//! asks for the built-in copy explicitly. The current folder is never searched.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_data.rs"));
}

/// The name that selects the built-in copy of the example data.
pub const BUILTIN: &str = "builtin";

static CHOSEN: OnceLock<PathBuf> = OnceLock::new();

/// Use `dir` as the data folder for the rest of the process (`--data`).
pub fn set_data_dir(dir: &Path) -> Result<()> {
    let d = resolve(dir.as_os_str())?;
    let _ = CHOSEN.set(d);
    Ok(())
}

/// The data folder (see the module comment).
pub fn data_dir() -> PathBuf {
    if let Some(d) = CHOSEN.get() {
        return d.clone();
    }
    if let Some(v) = std::env::var_os("CARDSIM_DATA").filter(|v| !v.is_empty()) {
        return match resolve(&v) {
            Ok(d) => d,
            Err(e) => {
                // Loaders then name the missing file; say why it is missing once.
                eprintln!("cardsim: warning: CARDSIM_DATA: {e:#}");
                PathBuf::from(v)
            }
        };
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("data");
    if built.is_dir() {
        return built;
    }
    builtin_or_warn()
}

fn resolve(v: &std::ffi::OsStr) -> Result<PathBuf> {
    if v == BUILTIN {
        return unpack_builtin();
    }
    let d = PathBuf::from(v);
    if !d.is_dir() {
        bail!(
            "data folder {} does not exist or is not a folder (give a folder holding GAME/cards.csv and GAME/decks/, or `{BUILTIN}` for the example data built into cardsim)",
            d.display()
        );
    }
    Ok(d)
}

fn builtin_or_warn() -> PathBuf {
    match unpack_builtin() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("cardsim: warning: cannot unpack the built-in example data: {e:#}");
            PathBuf::from("data")
        }
    }
}

/// The built-in example data, unpacked (once per content) into the cache folder:
/// `$CARDSIM_CACHE`, else `$XDG_CACHE_HOME/cardsim`, else `~/.cache/cardsim`, else the
/// temporary folder's `cardsim`.
pub fn unpack_builtin() -> Result<PathBuf> {
    let mut h = Sha256::new();
    for (path, bytes) in embedded::FILES {
        h.update(path.as_bytes());
        h.update([0]);
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    }
    let tag: String = h.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let dir = cache_root().join(format!("data-{tag}"));
    if dir.join(".complete").is_file() {
        return Ok(dir);
    }
    let parent = dir.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create the cache folder {}", parent.display()))?;
    let stage = parent.join(format!(".data-{tag}.{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&stage);
    for (path, bytes) in embedded::FILES {
        let f = stage.join(path);
        if let Some(p) = f.parent() {
            std::fs::create_dir_all(p).with_context(|| format!("cannot create {}", p.display()))?;
        }
        std::fs::write(&f, bytes).with_context(|| format!("cannot write {}", f.display()))?;
    }
    std::fs::write(stage.join(".complete"), b"")
        .with_context(|| format!("cannot write {}", stage.display()))?;
    // Another process may have unpacked the same content meanwhile: either copy will do.
    if std::fs::rename(&stage, &dir).is_err() {
        let _ = std::fs::remove_dir_all(&stage);
        if !dir.join(".complete").is_file() {
            bail!("cannot move the unpacked data into {}", dir.display());
        }
    }
    Ok(dir)
}

fn cache_root() -> PathBuf {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(d) = var("CARDSIM_CACHE") {
        return d;
    }
    if let Some(d) = var("XDG_CACHE_HOME") {
        return d.join("cardsim");
    }
    if let Some(h) = var("HOME") {
        return h.join(".cache").join("cardsim");
    }
    std::env::temp_dir().join("cardsim")
}

/// A deck given on the command line: the path as given when it exists; else, for a bare name
/// (`rush` or `rush.txt`), the deck of that name in the data folder's `GAME/decks/` (`game`
/// is that folder's name, `tyrant`). A name found
/// in neither place is an error listing the decks there (for a game with a deck folder).
pub fn resolve_deck(game: &str, given: &Path) -> Result<PathBuf> {
    if given.exists() || given.components().count() != 1 {
        return Ok(given.to_path_buf());
    }
    let dir = data_dir().join(game).join("decks");
    let mut name = given.as_os_str().to_owned();
    if given.extension().is_none() {
        name.push(".txt");
    }
    let cand = dir.join(&name);
    if cand.is_file() {
        return Ok(cand);
    }
    if !dir.is_dir() {
        // A game without a deck folder (a test game whose loader reads the names itself).
        return Ok(given.to_path_buf());
    }
    let mut have: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .filter_map(|e| {
                    let p = e.path();
                    if p.extension()? != "txt" {
                        return None;
                    }
                    Some(p.file_stem()?.to_string_lossy().into_owned())
                })
                .collect()
        })
        .unwrap_or_default();
    have.sort();
    bail!(
        "no deck file `{}`, and no deck of that name in {} (decks there: {})",
        given.display(),
        dir.display(),
        if have.is_empty() {
            "none".to_string()
        } else {
            have.join(", ")
        }
    )
}
