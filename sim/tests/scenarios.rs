//! Every committed scenario file passes (`scenarios/`), and the runner reports failures and
//! malformed files precisely.

use std::path::{Path, PathBuf};

use cardsim_sim::scenario::{collect, render, run_file};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn committed_scenarios_pass() {
    let files = collect(&[root().join("scenarios")]).unwrap();
    assert!(!files.is_empty());
    let mut bad = String::new();
    for f in &files {
        let rep = run_file(f);
        if !rep.passed() {
            bad.push_str(&render(&rep, false));
        }
        assert!(
            rep.checks > 0 || rep.error.is_some(),
            "{} checks nothing",
            f.display()
        );
    }
    assert!(bad.is_empty(), "failing scenarios:\n{bad}");
}
