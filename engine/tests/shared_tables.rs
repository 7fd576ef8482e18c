//! The rules code never clones a state's `Arc` of the card tables just to read them while it
//! mutates the state: every clone counts a reference on one atomic counter that all worker
//! threads share, and on 2 threads that counter cost Allegiance up to a fifth and Alpha/Omega
//! a third of their CPU time (docs/performance/sessions.md, session 15). Copy the few values needed
//! instead. Cloning when a state is dealt or copied (`deal`, `redeal`, `clone`) is fine.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_arc_clone_of_the_tables_in_rules_paths() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            // The pattern that held the tables through a clone: `let sh = Arc::clone(...)`.
            if code.contains("= Arc::clone(&self.shared)") && code.trim_start().starts_with("let ")
            {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(files.len() > 50, "{} source files", files.len());
    assert!(
        found.is_empty(),
        "Arc clones in rules paths:\n{}",
        found.join("\n")
    );
}
