//! `--preset NAME`: a game's named bundles of rule parameters are listed by `cardsim params`,
//! applied before `--param` (which wins), and recorded in the manifest.

mod common;

use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{Params, Ruleset};
use common::{cardsim, Tmp};

/// `cardsim run` of 10 games of rush against swarm into `out`, then `extra`.
fn run(out: &std::path::Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["run", "--deck", "data/tyrant/decks/rush.txt", "--vs"];
    args.extend(["data/tyrant/decks/swarm.txt", "--games", "10", "--quiet"]);
    args.extend(["--out", out.to_str().unwrap()]);
    args.extend_from_slice(extra);
    cardsim(&args)
}

#[test]
fn tyrant_presets_parse_and_standard_is_the_defaults() {
    let presets = Tyrant::presets();
    let names: Vec<&str> = presets.iter().map(|p| p.name).collect();
    assert_eq!(names, ["standard", "tyrant-optimize"]);
    let specs = Tyrant::param_specs();
    let standard = Params::from_assignments(specs, presets, &["preset=standard"]).unwrap();
    assert_eq!(standard.to_string(), Params::defaults(specs).to_string());
    let opt = Params::from_assignments(specs, presets, &["preset=tyrant-optimize"]).unwrap();
    let changed: Vec<String> = opt
        .render()
        .into_iter()
        .zip(Params::defaults(specs).render())
        .filter(|(a, b)| a != b)
        .map(|(a, _)| format!("{}={}", a.0, a.1))
        .collect();
    assert_eq!(
        changed,
        [
            "shift_acting_side=true",
            "berserk_on_commander=true",
            "weaken_skips_idle=true",
            "berserk_on_counter_death=true",
            "zero_weaken_ends_attack=false",
        ]
    );
}

#[test]
fn params_lists_presets_and_run_records_preset_with_explicit_values_winning() {
    let (code, out, err) = cardsim(&["params", "--game", "tyrant"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("presets (select with --preset NAME"), "{out}");
    // Names and defaults line up in one column however long the names are.
    assert!(out.contains("\n  tyrant-optimize          the readings of the community simulator"));
    assert!(
        out.contains("\n  wall_counter             default true "),
        "{out}"
    );
    assert!(out.contains("shift_acting_side=true counter_on_death=true berserk_on_commander=true"));
    let t = Tmp::new("presets");
    let dir = t.0.join("run");
    let (code, _, err) = run(
        &dir,
        &[
            "--param",
            "shift_acting_side=false",
            "--preset",
            "tyrant-optimize",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(m["preset"], "tyrant-optimize");
    let params: Vec<&str> = m["params"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(params.contains(&"shift_acting_side=false"), "{params:?}");
    assert!(params.contains(&"berserk_on_commander=true"), "{params:?}");
    let bad = t.0.join("bad");
    let (code, _, err) = run(&bad, &["--preset", "optimizer"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("unknown preset `optimizer` (known: standard, tyrant-optimize)"),
        "{err}"
    );
    assert!(!bad.exists());
}
