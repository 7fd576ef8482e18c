//! Scenario files: a game position reached by scripted play, with forced outcomes for the
//! game's internal random events and assertions on the state's key/value description. One
//! format for every game (TOML); the game-specific parts are the set-up keys, event names,
//! action labels and description keys each game defines.
//!
//! ```toml
//! game = "tyrant"
//! description = "Evade ignores an enemy Strike when its coin flip succeeds"
//! cards = "cards.csv"              # relative to this file; default: the game's example cards
//! seed = 1                         # the game's RNG stream (default 0)
//! params = ["evade_chance=50"]     # over the defaults and the game's scenario defaults
//! setup = ["board.defender = Evader"]   # the game's set-up keys, in order
//!
//! [decks]                          # one per seat, by seat name: deck text, or { file = ".." }
//! attacker = """
//! Test Commander
//! Striker
//! """
//! defender = { file = "decks/evader.txt" }
//!
//! [[step]]
//! force = ["evade=success"]        # queued forced outcomes (event=outcome)
//! play = "play Striker"            # an action label of the player to move
//! expect = ["defender.assault.0.hp = 5"]   # description key = expected value
//! log = ["evades"]                 # substrings the step's event log shows, in this order
//! ```
//!
//! Files a scenario names (`cards`, a deck's `file`) are relative to the scenario's folder and
//! must lie in it or below, or in the data folder.
//!
//! A step may also `set` more set-up keys before its play, and list action labels that must be
//! legal (`offered = ["..."]`) or must not be (`not_offered = ["..."]`) at its decision, checked
//! before its play. After the last step every
//! forced outcome must have been used.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

use cardsim_engine::registry::{self, GameVisitor};
use cardsim_engine::{
    game_rng, ActionBuf, DeckSource, Game, LoadError, Params, Ruleset, Setup, ToMove,
};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    game: Spanned<String>,
    #[serde(default)]
    description: String,
    cards: Option<Spanned<String>>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    params: Vec<Spanned<String>>,
    #[serde(default)]
    setup: Vec<Spanned<String>>,
    #[serde(default)]
    decks: BTreeMap<String, Spanned<RawDeck>>,
    #[serde(default, rename = "step")]
    steps: Vec<Spanned<RawStep>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawDeck {
    Text(String),
    File { file: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    #[serde(default)]
    set: Vec<Spanned<String>>,
    #[serde(default)]
    force: Vec<Spanned<String>>,
    play: Option<Spanned<String>>,
    #[serde(default)]
    offered: Vec<Spanned<String>>,
    #[serde(default)]
    not_offered: Vec<Spanned<String>>,
    #[serde(default)]
    expect: Vec<Spanned<String>>,
    #[serde(default)]
    log: Vec<Spanned<String>>,
}

/// The result of running one scenario file.
#[derive(Debug, Clone, Default)]
pub struct ScenarioReport {
    /// The file.
    pub path: PathBuf,
    /// Its one-line description.
    pub description: String,
    /// A malformed file or set-up (`file:line: problem`); no steps ran.
    pub error: Option<String>,
    /// Failed assertions, each with the step's line, expected and actual values.
    pub failures: Vec<String>,
    /// Number of assertions checked.
    pub checks: usize,
    /// The game's event log over the whole scenario.
    pub log: Vec<String>,
}

impl ScenarioReport {
    /// Whether the scenario ran and every assertion held.
    pub fn passed(&self) -> bool {
        self.error.is_none() && self.failures.is_empty()
    }
}

/// Source text and path, for turning byte spans into `file:line` messages.
struct Src<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Src<'_> {
    fn line(&self, span: Range<usize>) -> u64 {
        let end = span.start.min(self.text.len());
        self.text[..end].matches('\n').count() as u64 + 1
    }
    fn at(&self, span: Range<usize>, msg: impl std::fmt::Display) -> String {
        format!("{}:{}: {msg}", self.path.display(), self.line(span))
    }
}

/// Run one scenario file.
pub fn run_file(path: &Path) -> ScenarioReport {
    let mut rep = ScenarioReport {
        path: path.to_path_buf(),
        ..ScenarioReport::default()
    };
    let text = match cardsim_engine::data::read_text(path, "scenario") {
        Ok(t) => t,
        Err(e) => {
            rep.error = Some(e.to_string());
            return rep;
        }
    };
    let src = Src { path, text: &text };
    let raw: RawScenario = match toml::from_str(&text) {
        Ok(r) => r,
        Err(e) => {
            let line = e.span().map(|s| src.line(s)).unwrap_or(1);
            rep.error = Some(format!(
                "{}:{line}: {}",
                path.display(),
                e.message().trim_end()
            ));
            return rep;
        }
    };
    rep.description = raw.description.clone();
    let game = raw.game.get_ref().clone();
    match registry::visit(
        &game,
        Visit {
            src: &src,
            raw: &raw,
            rep: &mut rep,
        },
    ) {
        Ok(()) => {}
        Err(e) => rep.error = Some(src.at(raw.game.span(), e)),
    }
    rep
}

struct Visit<'a, 'b> {
    src: &'a Src<'a>,
    raw: &'a RawScenario,
    rep: &'b mut ScenarioReport,
}

impl GameVisitor for Visit<'_, '_> {
    type Output = ();
    fn visit<R: Ruleset>(self) {
        if let Err(e) = run_game::<R>(self.src, self.raw, self.rep) {
            self.rep.error = Some(e);
        }
    }
}

/// `key = value` (or `key=value`), trimmed.
fn split_kv<'s>(src: &Src, s: &'s Spanned<String>) -> Result<(&'s str, &'s str), String> {
    s.get_ref()
        .split_once('=')
        .map(|(k, v)| (k.trim(), v.trim()))
        .filter(|(k, _)| !k.is_empty())
        .ok_or_else(|| src.at(s.span(), format!("'{}' is not `key = value`", s.get_ref())))
}

/// Load the scenario's rule set; returns it with the deck index of each seat.
fn load<R: Ruleset>(src: &Src, raw: &RawScenario) -> Result<(R, Vec<u8>), String> {
    let dir = src.path.parent().unwrap_or(Path::new("."));
    // Each entry is checked alone first (so an error points at it); then all together, a
    // `preset=NAME` entry applying before the explicit values, which win over it.
    let (specs, presets) = (R::param_specs(), R::presets());
    for p in &raw.params {
        Params::from_assignments(specs, presets, &[p.get_ref()])
            .map_err(|e| src.at(p.span(), e))?;
    }
    let all: Vec<&str> = R::scenario_params()
        .iter()
        .copied()
        .chain(raw.params.iter().map(|p| p.get_ref().as_str()))
        .collect();
    let params = Params::from_assignments(specs, presets, &all)
        .map_err(|e| format!("{}: game scenario default: {e}", src.path.display()))?;
    let cards = match &raw.cards {
        Some(c) => inside(src, dir, c)?,
        None => crate::data_dir().join(R::default_cards()),
    };
    // Decks load in the order of their seat names under [decks]; the seating maps them.
    let mut decks = Vec::new();
    let mut names = Vec::new();
    for (seat, d) in &raw.decks {
        names.push((seat.clone(), d.span()));
        decks.push(match d.get_ref() {
            RawDeck::File { file } => {
                DeckSource::File(inside(src, dir, &Spanned::new(d.span(), file.clone()))?)
            }
            RawDeck::Text(t) => {
                let start = d.span().start;
                let rest = &src.text[start.min(src.text.len())..];
                let skip = u64::from(rest.starts_with("\"\"\"\n") || rest.starts_with("'''\n"));
                DeckSource::Inline {
                    name: seat.clone(),
                    file: src.path.to_path_buf(),
                    first_line: src.line(d.span()) + skip,
                    text: t.clone(),
                }
            }
        });
    }
    let ruleset = R::load(&Setup {
        cards,
        decks,
        params,
    })
    .map_err(|e: LoadError| {
        // Name the scenario when the game's error names only a part of it (Alpha/Omega's
        // `decks: give 1 to 255 Good decks` for a scenario without decks).
        let msg = e.to_string();
        let me = src.path.display().to_string();
        if msg.contains(&me) {
            msg
        } else {
            format!("{me}: {msg}")
        }
    })?;
    // Seat each deck by its seat name.
    let n = ruleset.num_players();
    let mut seating = Vec::with_capacity(n);
    for s in 0..n {
        let want = ruleset.seat_name(s);
        let k = names.iter().position(|(x, _)| x == want).ok_or_else(|| {
            src.at(
                raw.game.span(),
                format!("no deck for seat '{want}' under [decks]"),
            )
        })?;
        seating.push(k as u8);
    }
    if let Some((x, span)) = names
        .iter()
        .find(|(x, _)| !(0..n).any(|s| ruleset.seat_name(s) == x))
    {
        let seats: Vec<&str> = (0..n).map(|s| ruleset.seat_name(s)).collect();
        return Err(src.at(
            span.clone(),
            format!("unknown seat '{x}' (seats: {})", seats.join(", ")),
        ));
    }
    Ok((ruleset, seating))
}

/// A file a scenario names (`cards`, a deck's `file`), relative to the scenario's folder.
/// It must lie in that folder or below, or in the data folder (the shipped example data), once
/// `..` and links are resolved, so a scenario cannot make cardsim read (and echo in an error) a
/// file from elsewhere.
fn inside(src: &Src, dir: &Path, name: &Spanned<String>) -> Result<PathBuf, String> {
    let p = dir.join(name.get_ref());
    let base = std::fs::canonicalize(if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    })
    .map_err(|e| {
        src.at(
            name.span(),
            format!("cannot resolve the scenario's folder: {e}"),
        )
    })?;
    let real = std::fs::canonicalize(&p).map_err(|e| {
        src.at(
            name.span(),
            format!("`{}`: cannot open: {e}", name.get_ref()),
        )
    })?;
    let data = std::fs::canonicalize(crate::data_dir()).ok();
    if !real.starts_with(&base) && !data.as_ref().is_some_and(|d| real.starts_with(d)) {
        return Err(src.at(
            name.span(),
            format!(
                "`{}` lies outside the scenario's folder {} and the data folder; a scenario may only name files there",
                name.get_ref(),
                base.display()
            ),
        ));
    }
    if real.is_dir() {
        return Err(src.at(
            name.span(),
            format!("`{}` is a folder, not a file", name.get_ref()),
        ));
    }
    Ok(p)
}

fn run_game<R: Ruleset>(
    src: &Src,
    raw: &RawScenario,
    rep: &mut ScenarioReport,
) -> Result<(), String> {
    let (ruleset, seating) = load::<R>(src, raw)?;
    let mut st = ruleset.new_game(&seating, game_rng(raw.seed, 0));
    st.set_logging(true);
    for s in &raw.setup {
        let (k, v) = split_kv(src, s)?;
        st.scenario_set(k, v).map_err(|e| src.at(s.span(), e))?;
    }
    rep.log.extend(st.take_log());
    let mut legal = ActionBuf::new();
    for (n, step) in raw.steps.iter().enumerate() {
        let line = src.line(step.span());
        let here = format!("step {} (line {line})", n + 1);
        let step = step.get_ref();
        for s in &step.set {
            let (k, v) = split_kv(src, s)?;
            st.scenario_set(k, v).map_err(|e| src.at(s.span(), e))?;
        }
        for f in &step.force {
            let (k, v) = split_kv(src, f)?;
            st.force_chance(k, v).map_err(|e| src.at(f.span(), e))?;
        }
        // Actions that must (not) be legal at this decision, before the step's play.
        if !step.offered.is_empty() || !step.not_offered.is_empty() {
            if st.to_move() != ToMove::Terminal {
                st.legal_actions(&mut legal);
            } else {
                legal.clear();
            }
            let labels: Vec<String> = legal.iter().map(|&a| st.action_label(a)).collect();
            let has = |w: &str| labels.iter().any(|l| l.eq_ignore_ascii_case(w.trim()));
            for (list, want_it) in [(&step.offered, true), (&step.not_offered, false)] {
                for w in list {
                    rep.checks += 1;
                    if has(w.get_ref()) != want_it {
                        rep.failures.push(format!(
                            "{} ({here}): '{}' is {}offered (legal: {})",
                            src.at(w.span(), if want_it { "offered" } else { "not_offered" }),
                            w.get_ref(),
                            if want_it { "not " } else { "" },
                            labels.join("; ")
                        ));
                    }
                }
            }
        }
        if let Some(play) = &step.play {
            let want = play.get_ref().trim();
            let who = st.to_move();
            if who == ToMove::Terminal {
                rep.failures.push(format!(
                    "{} ({here}): cannot play '{want}': the game is over",
                    src.at(play.span(), "play")
                ));
                break;
            }
            st.legal_actions(&mut legal);
            let labels: Vec<String> = legal.iter().map(|&a| st.action_label(a)).collect();
            let found = labels
                .iter()
                .position(|l| l == want)
                .or_else(|| labels.iter().position(|l| l.eq_ignore_ascii_case(want)));
            let Some(k) = found else {
                rep.failures.push(format!(
                    "{} ({here}): no legal action '{want}' (legal: {})",
                    src.at(play.span(), "play"),
                    labels.join("; ")
                ));
                break;
            };
            st.apply(legal[k]);
        }
        let step_log = st.take_log();
        let desc: BTreeMap<String, String> = st.describe().into_iter().collect();
        for e in &step.expect {
            let (k, v) = split_kv(src, e)?;
            rep.checks += 1;
            match desc.get(k) {
                None => {
                    let stem = k.split('.').next().unwrap_or("");
                    let mut close: Vec<&str> = desc
                        .keys()
                        .filter(|d| d.starts_with(stem))
                        .map(String::as_str)
                        .take(8)
                        .collect();
                    if close.is_empty() {
                        // Nothing shares the key's first part: show what keys there are.
                        close = desc.keys().map(String::as_str).take(12).collect();
                    }
                    rep.failures.push(format!(
                        "{} ({here}): no state key '{k}' (some keys: {})",
                        src.at(e.span(), "expect"),
                        close.join(", ")
                    ));
                }
                Some(actual) if actual != v => rep.failures.push(format!(
                    "{} ({here}): {k}: expected {v}, actual {actual}",
                    src.at(e.span(), "expect"),
                )),
                Some(_) => {}
            }
        }
        // Log substrings, in order.
        let mut from = 0;
        for want in &step.log {
            rep.checks += 1;
            match step_log[from..]
                .iter()
                .position(|l| l.contains(want.get_ref().as_str()))
            {
                Some(k) => from += k + 1,
                None => rep.failures.push(format!(
                    "{} ({here}): the log does not show '{}' (after the previous match)",
                    src.at(want.span(), "log"),
                    want.get_ref()
                )),
            }
        }
        rep.log.extend(step_log);
    }
    rep.checks += 1;
    let unused = st.unused_forced();
    if !unused.is_empty() {
        rep.failures.push(format!(
            "{}: forced outcomes not used as given: {}",
            src.path.display(),
            unused.join(", ")
        ));
    }
    Ok(())
}

/// Scenario files named by `paths`: files as given, folders searched for `*.toml`
/// (recursively, sorted).
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    /// `stack`: the canonical folders from the walk's root down to `dir` (a folder met again
    /// below itself is a symbolic-link loop); `seen`: every folder walked (each once).
    fn walk(
        dir: &Path,
        stack: &mut Vec<PathBuf>,
        seen: &mut std::collections::HashSet<PathBuf>,
        out: &mut Vec<PathBuf>,
    ) -> Result<(), String> {
        let real = std::fs::canonicalize(dir)
            .map_err(|e| format!("{}: cannot resolve: {e}", dir.display()))?;
        if let Some(up) = stack.iter().find(|a| **a == real) {
            return Err(format!(
                "{}: a symbolic-link loop (it leads back to {})",
                dir.display(),
                up.display()
            ));
        }
        if !seen.insert(real.clone()) {
            return Ok(());
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: cannot list: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        stack.push(real);
        for p in entries {
            if p.is_dir() {
                walk(&p, stack, seen, out)?;
            } else if p.extension().is_some_and(|x| x == "toml") {
                out.push(p);
            }
        }
        stack.pop();
        Ok(())
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut Vec::new(), &mut seen, &mut out)?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such scenario file or folder", p.display()));
        }
    }
    if out.is_empty() {
        return Err("no scenario files found".into());
    }
    Ok(out)
}

/// A readable account of one report (failures with the log for failing scenarios).
pub fn render(rep: &ScenarioReport, verbose: bool) -> String {
    let mut s = String::new();
    if let Some(e) = &rep.error {
        let _ = writeln!(s, "ERROR {}\n  {e}", rep.path.display());
        return s;
    }
    let status = if rep.passed() { "ok  " } else { "FAIL" };
    let _ = writeln!(
        s,
        "{status} {} ({} checks){}",
        rep.path.display(),
        rep.checks,
        if rep.description.is_empty() {
            String::new()
        } else {
            format!(" — {}", rep.description)
        }
    );
    for f in &rep.failures {
        let _ = writeln!(s, "  {f}");
    }
    if verbose || !rep.passed() {
        for l in &rep.log {
            let _ = writeln!(s, "    | {l}");
        }
    }
    s
}
