//! `cardsim impact`: the causal effect of a card on its deck's win rate, by ablation
//! (replace or remove the card) or by a change of its numbers (nerf/buff), measured with
//! paired games.
//!
//! Both arms play the same games: game `t` faces opponent `t mod M` (of the `M` opponents),
//! with seats alternated by `t div M`, and takes every random stream (deal, coin flips,
//! agents) from (seed, `t`) in both arms. The per-game difference of scores (1 win, ½ draw,
//! 0 loss) of the changed deck minus the original is averaged, and its interval comes from
//! the variance of those paired differences ([`Paired::diff`]): the luck the arms share
//! cancels. A change that cannot alter a game (a card replaced by an exact copy under
//! another name) gives a difference of exactly zero.

use std::path::{Path, PathBuf};
use std::sync::RwLock;
use std::time::Instant;

use anyhow::{bail, Result};
use cardsim_agents::{make_agent, Agent};
use cardsim_engine::{Ablation, LoadError, PlayerResult, Ruleset};

use crate::distribute::Partial;
use crate::field::against_field;
use crate::output::{self, stop_cells, Manifest};
use crate::runner::{chunk_for, play_seeded, seating_for as seating, CHUNK};
use crate::sequential::{run_looks, StopInfo, StopRule};
use crate::settings::RunSettings;
use crate::stats::{Decision, Paired, Z95};

/// One change to measure.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum CardChange {
    /// Every copy of `card` in the deck becomes `with`.
    Replace {
        /// The card.
        card: String,
        /// Its replacement (a card of the card file).
        with: String,
    },
    /// Every copy of `card` leaves the deck (the deck gets smaller).
    Remove {
        /// The card.
        card: String,
    },
    /// The card's numbers change everywhere (a game-specific edit such as `attack-1`).
    Numbers {
        /// The card.
        card: String,
        /// The edit.
        change: String,
        /// `nerf` or `buff` (a label only).
        label: String,
    },
}

impl CardChange {
    /// The card changed.
    pub fn card(&self) -> &str {
        match self {
            CardChange::Replace { card, .. }
            | CardChange::Remove { card }
            | CardChange::Numbers { card, .. } => card,
        }
    }

    /// The `change` column: `replace-with:Name`, `remove`, `nerf:attack-1`.
    pub fn label(&self) -> String {
        match self {
            CardChange::Replace { with, .. } => format!("replace-with:{with}"),
            CardChange::Remove { .. } => "remove".into(),
            CardChange::Numbers { change, label, .. } => format!("{label}:{change}"),
        }
    }

    /// The rule set with the change made to deck 0.
    pub fn apply<R: Ruleset>(&self, r: &R) -> Result<R, LoadError> {
        match self {
            CardChange::Replace { card, with } => r.with_deck_card_replaced(0, card, Some(with)),
            CardChange::Remove { card } => r.with_deck_card_replaced(0, card, None),
            CardChange::Numbers { card, change, .. } => r.with_card_changed(card, change),
        }
    }
}

/// Ablate every distinct card of the deck in turn.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum AllCards {
    /// Remove each card.
    Remove,
    /// Replace each card by this one (the card itself is skipped).
    ReplaceWith(String),
}

/// An impact measurement.
#[derive(Clone, Debug)]
pub struct ImpactSpec {
    /// Game, files, seed, threads, output, parameters, progress, command.
    pub run: RunSettings,
    /// The deck whose card changes.
    pub deck: PathBuf,
    /// Opponents: for a two-player game each is a separate opponent (pooled, equal games);
    /// otherwise all of them sit at the one table.
    pub vs: Vec<PathBuf>,
    /// Agent of the deck.
    pub agent: String,
    /// Agent of the opponents.
    pub vs_agent: String,
    /// Games per opponent (the budget under a stopping rule).
    pub games: u64,
    /// Changes to measure, each against the unchanged deck.
    pub changes: Vec<CardChange>,
    /// Also every distinct card of the deck in turn.
    pub all_cards: Option<AllCards>,
    /// Early stopping per change.
    pub stop: StopRule,
}

/// The measured effect of one change.
#[derive(Clone, Debug, PartialEq)]
pub struct ImpactRow {
    /// Deck.
    pub deck: String,
    /// Card.
    pub card: String,
    /// Change label.
    pub change: String,
    /// Paired games.
    pub games: u64,
    /// Wins and draws of the original deck in them.
    pub base: [u64; 2],
    /// Wins and draws of the changed deck.
    pub new: [u64; 2],
    /// The paired differences.
    pub paired: Paired,
    /// Per stratum (opponent table × the deck's seat, in the order the games visit them):
    /// games, the original deck's wins, the changed deck's wins.
    pub strata: Vec<[u64; 3]>,
    /// Early-stopping report.
    pub stop: Option<StopInfo>,
    /// What else the change implies, as the game says ([`Ablation::Allowed`]).
    pub note: Option<String>,
}

/// A card `--all-cards` did not ablate, because the game says it cannot be
/// ([`Ablation::Blocked`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedCard {
    /// Deck.
    pub deck: String,
    /// Card.
    pub card: String,
    /// The change that was not made.
    pub change: String,
    /// Why, in the game's words.
    pub reason: String,
}

impl ImpactRow {
    /// (difference, low, high) of the mean score, changed minus original.
    pub fn diff(&self) -> Option<(f64, f64, f64)> {
        self.paired.diff(Z95)
    }

    /// The win rate of arm `arm` (1 the original deck, 2 the changed one) with its
    /// stratified interval over opponents and seats ([`crate::stratified`]); `None` without
    /// games.
    pub fn win_rate(&self, arm: usize) -> Option<(f64, f64, f64)> {
        let strata: Vec<(u64, u64)> = self.strata.iter().map(|x| (x[arm], x[0])).collect();
        let (lo, hi) = crate::stratified::stratified_score(&strata, Z95)?;
        let (k, n): (u64, u64) = strata.iter().fold((0, 0), |a, x| (a.0 + x.0, a.1 + x.1));
        Some((k as f64 / n as f64, lo, hi))
    }
}

/// What an impact run produced.
pub struct ImpactReport {
    /// One row per change.
    pub rows: Vec<ImpactRow>,
    /// Cards `--all-cards` skipped, with the reason (also rows of impact.csv with 0 games).
    pub skipped: Vec<SkippedCard>,
    /// The manifest.
    pub manifest: Manifest,
    /// Files written.
    pub written: Vec<PathBuf>,
}

/// Run an impact measurement.
pub fn impact(spec: &ImpactSpec) -> Result<ImpactReport> {
    impact_planned(spec, spec.run.out.as_deref())
}

/// [`impact`] with its plan of games journaled (and, in a shard, cut) in `plans` rather than
/// in `spec.run.out`: a command that plays several plans into one folder (the default job's
/// ablation) gives that folder here and writes nothing through `spec.run.out`.
pub fn impact_planned(spec: &ImpactSpec, plans: Option<&Path>) -> Result<ImpactReport> {
    for_game!(
        &spec.run.game,
        run_for(spec: &'a ImpactSpec, plans: Option<&'a Path>) -> Result<ImpactReport>
    )?
}

/// Score in half-points: 2 win, 1 draw, 0 loss.
pub(crate) fn half(r: PlayerResult) -> u8 {
    match r {
        PlayerResult::Win => 2,
        PlayerResult::Draw => 1,
        PlayerResult::Loss => 0,
    }
}

/// Both arms' counts of one change over some games (integer sums, so they merge exactly).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Arms {
    pub(crate) paired: Paired,
    pub(crate) base: [u64; 2],
    pub(crate) new: [u64; 2],
    /// [games, base wins, new wins] per stratum (see [`ImpactRow::strata`]).
    strata: Vec<[u64; 3]>,
}

impl Arms {
    /// Count one game of stratum `st`: the original arm scored `b`, the changed arm `v`
    /// (half-points).
    pub(crate) fn add(&mut self, st: usize, b: u8, v: u8) {
        if self.strata.len() <= st {
            self.strata.resize(st + 1, [0; 3]);
        }
        let x = &mut self.strata[st];
        x[0] += 1;
        x[1] += (b == 2) as u64;
        x[2] += (v == 2) as u64;
        self.paired.add(b, v);
        self.base[0] += (b == 2) as u64;
        self.base[1] += (b == 1) as u64;
        self.new[0] += (v == 2) as u64;
        self.new[1] += (v == 1) as u64;
    }
}

impl crate::distribute::Partial for Arms {
    fn absorb(&mut self, o: &Arms) {
        self.paired.merge(&o.paired);
        for i in 0..2 {
            self.base[i] += o.base[i];
            self.new[i] += o.new[i];
        }
        if self.strata.len() < o.strata.len() {
            self.strata.resize(o.strata.len(), [0; 3]);
        }
        for (a, b) in self.strata.iter_mut().zip(&o.strata) {
            for i in 0..3 {
                a[i] += b[i];
            }
        }
    }
}

/// Most games whose original-deck scores a stopping-rule run keeps for the changes after the
/// first (one byte each): the cache stays bounded however many games `--games` allows.
const BASE_CACHE_GAMES: usize = 1 << 22;

/// One look of one change.
struct Look {
    arms: Arms,
    /// Original-arm scores of the look's games when this look computed them.
    base_scores: Option<Vec<u8>>,
}

fn run_for<R: Ruleset>(spec: &ImpactSpec, plans: Option<&Path>) -> Result<ImpactReport> {
    // The output folder is checked before the first game, not after the last.
    spec.run.check_out()?;
    if spec.games == 0 {
        bail!("--games must be at least 1");
    }
    if spec.vs.is_empty() {
        bail!("give at least one opponent (--vs)");
    }
    let mut decks = vec![spec.deck.clone()];
    decks.extend(spec.vs.iter().cloned());
    let (ruleset, cards) = spec.run.load::<R>(&decks)?;
    let n = ruleset.num_players();
    let (tables, specs, peeks) =
        against_field::<R>(n, decks.len(), &spec.agent, &spec.vs_agent, "")?;
    // Every change is built (and so checked) before any game is played.
    let mut changes = spec.changes.clone();
    let deck_cards = ruleset.deck_cards(0);
    let deck_name = ruleset.deck_names()[0].clone();
    // The game's word on each ablation: a note for those it allows, the reason for those it
    // does not (`--all-cards` skips these and lists them; an explicit change is left to the
    // edit itself, whose error stops the command).
    let ablation = |c: &CardChange| match c {
        CardChange::Replace { card, with } => ruleset.ablation(0, card, Some(with)),
        CardChange::Remove { card } => ruleset.ablation(0, card, None),
        CardChange::Numbers { .. } => Ablation::Allowed { note: None },
    };
    let mut skipped = Vec::new();
    if let Some(all) = &spec.all_cards {
        let names = deck_cards
            .iter()
            .map(|c| c.name.clone())
            .chain(ruleset.other_deck_cards(0));
        for name in names {
            let ch = match all {
                AllCards::Remove => CardChange::Remove { card: name.clone() },
                AllCards::ReplaceWith(w) if w.eq_ignore_ascii_case(&name) => continue,
                AllCards::ReplaceWith(w) => CardChange::Replace {
                    card: name.clone(),
                    with: w.clone(),
                },
            };
            match ablation(&ch) {
                Ablation::Blocked(reason) => skipped.push(SkippedCard {
                    deck: deck_name.clone(),
                    card: name,
                    change: ch.label(),
                    reason,
                }),
                Ablation::Allowed { .. } => changes.push(ch),
            }
        }
    }
    if changes.is_empty() {
        if !skipped.is_empty() {
            bail!(
                "nothing to measure: {} cannot ablate any card of `{deck_name}` that way:\n{}",
                R::NAME,
                skipped_table(&skipped)
            );
        }
        bail!("nothing to measure: give --card with --replace-with, --remove, --nerf or --buff, or --all-cards");
    }
    let notes: Vec<Option<String>> = changes
        .iter()
        .map(|c| match ablation(c) {
            Ablation::Allowed { note } => note,
            Ablation::Blocked(_) => None,
        })
        .collect();
    let variants: Vec<R> = changes
        .iter()
        .map(|c| c.apply(&ruleset))
        .collect::<Result<_, _>>()?;
    let card_name = |c: &CardChange| {
        deck_cards
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(c.card().trim()))
            .map(|d| d.name.clone())
            .unwrap_or_else(|| c.card().trim().to_string())
    };

    let m = tables.len() as u64;
    let budget = spec.games * m;
    let (pool, threads) = spec.run.pool()?;
    let bar = spec.run.progress_bar(budget * (changes.len() as u64 + 1));
    let look = if spec.stop.active() {
        spec.stop.look
    } else {
        CHUNK
    };
    // Game t of a change's comparison: opponent table t mod m, seats alternated by t div m,
    // every random stream from (seed, t) in both arms; the score is the deck's half-points.
    let score = |r: &R, t: u64, agents: &mut Vec<Box<dyn Agent<R::State>>>| -> u8 {
        let table = &tables[(t % m) as usize];
        let (seats, slots) = seating(table, t / m);
        let k = table.len();
        let seat0 = slots[..k]
            .iter()
            .position(|&x| x == 0)
            .expect("slot 0 sits");
        for a in agents.iter_mut() {
            a.reset();
        }
        let (_, rec) = play_seeded(
            r,
            spec.run.seed,
            t,
            &seats[..k],
            &slots[..k],
            agents,
            &peeks,
        );
        half(rec.results[seat0])
    };
    // The stratum of game t: its opponent table and the deck's seat in it.
    let stratum = |t: u64| -> usize {
        let table = &tables[(t % m) as usize];
        let (_, slots) = seating(table, t / m);
        let seat0 = slots[..table.len()]
            .iter()
            .position(|&x| x == 0)
            .expect("slot 0 sits");
        (t % m) as usize * table.len() + seat0
    };
    let new_agents = || -> Vec<Box<dyn Agent<R::State>>> {
        specs
            .iter()
            .map(|a| make_agent::<R>(a).expect("checked"))
            .collect()
    };
    let started = Instant::now();
    // Without a stopping rule every change plays the whole budget: each game's original arm
    // is played once for all the changes, in one plan of chunks (which can be sharded and
    // resumed). With a rule each change stops on its own, look by look.
    let looks = match spec.stop.active() {
        true => Some(crate::distribute::Looks::open(
            plans,
            &vec![budget; variants.len()],
            look,
        )?),
        false => None,
    };
    let joint: Option<Vec<Arms>> = if looks.is_some() {
        None
    } else {
        let nc = variants.len();
        let sums = pool.install(|| {
            crate::distribute::play_units(
                plans,
                &[budget],
                chunk_for(&[budget]),
                &|_| vec![Arms::default(); nc],
                &|_, s, e| {
                    let mut agents = new_agents();
                    let mut out = vec![Arms::default(); nc];
                    for t in s..e {
                        let b = score(&ruleset, t, &mut agents);
                        let st = stratum(t);
                        for (o, v) in out.iter_mut().zip(&variants) {
                            o.add(st, b, score(v, t, &mut agents));
                        }
                    }
                    bar.inc((e - s) * (nc as u64 + 1));
                    Ok(out)
                },
            )
        })?;
        sums.into_iter().next()
    };
    let base_cache: RwLock<Vec<u8>> = RwLock::new(Vec::new());
    let mut rows = Vec::new();
    for (ci, ((change, variant), note)) in changes.iter().zip(&variants).zip(&notes).enumerate() {
        if let Some(j) = &joint {
            let a = &j[ci];
            rows.push(ImpactRow {
                deck: deck_name.clone(),
                card: card_name(change),
                change: change.label(),
                games: budget,
                base: a.base,
                new: a.new,
                paired: a.paired,
                strata: a.strata.clone(),
                stop: None,
                note: note.clone(),
            });
            continue;
        }
        let looks = looks
            .as_ref()
            .expect("only a stopping rule plays look by look");
        let mut acc = Arms::default();
        let mut decision = None;
        let mut failed = None;
        let play = |s: u64, e: u64| -> Result<Look> {
            let mut fresh = None;
            let arms = looks.look(ci, s, e, || {
                let cached: Vec<u8> = {
                    let c = base_cache.read().expect("no panics while holding the lock");
                    c.get(s as usize..(e as usize).min(c.len()))
                        .unwrap_or(&[])
                        .to_vec()
                };
                let mut agents = new_agents();
                let mut arms = Arms::default();
                let mut scores = (cached.len() as u64 != e - s).then(Vec::new);
                for t in s..e {
                    let b = match cached.get((t - s) as usize) {
                        Some(&b) => b,
                        None => score(&ruleset, t, &mut agents),
                    };
                    if let Some(bs) = scores.as_mut() {
                        bs.push(b);
                    }
                    arms.add(stratum(t), b, score(variant, t, &mut agents));
                }
                fresh = scores;
                arms
            })?;
            bar.inc(e - s);
            Ok(Look {
                arms,
                base_scores: fresh,
            })
        };
        let used = pool.install(|| {
            run_looks(budget, look, &play, &mut |l: Result<Look>, games| {
                let l = match l {
                    Ok(l) => l,
                    Err(e) => {
                        failed = Some(e);
                        return true;
                    }
                };
                if let Some(bs) = l.base_scores {
                    let mut c = base_cache
                        .write()
                        .expect("no panics while holding the lock");
                    // The look covers games [games − len, games): append what the cache lacks,
                    // up to its bound (later games score the original deck again).
                    let start = games - bs.len() as u64;
                    let have = c.len() as u64;
                    if (start..games).contains(&have) && c.len() < BASE_CACHE_GAMES {
                        let from = (have - start) as usize;
                        let to = bs.len().min(from + BASE_CACHE_GAMES - c.len());
                        c.extend_from_slice(&bs[from..to]);
                    }
                }
                acc.absorb(&l.arms);
                decision = check(&spec.stop, &acc.paired, games);
                decision.is_some() || crate::distribute::interrupted()
            })
        });
        if let Some(e) = failed {
            return Err(e);
        }
        looks.check_interrupted()?;
        let stop = spec.stop.active().then(|| {
            spec.stop.info(
                decision,
                acc.paired.new_better,
                acc.paired.discordant,
                half_width(&acc.paired),
                used,
                budget,
            )
        });
        rows.push(ImpactRow {
            deck: deck_name.clone(),
            card: card_name(change),
            change: change.label(),
            games: used,
            base: acc.base,
            new: acc.new,
            paired: acc.paired,
            strata: acc.strata.clone(),
            stop,
            note: note.clone(),
        });
    }
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let games: u64 = rows.iter().map(|r| 2 * r.games).sum();
    let names = ruleset.deck_names();
    let mut manifest = spec.run.manifest(
        "impact",
        &ruleset,
        &cards,
        &decks,
        output::table_matchups(
            &tables,
            &names,
            &specs.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            spec.games,
        ),
        |map| {
            map.insert("stop".into(), crate::stop_options(&spec.stop));
            map.insert("changes".into(), serde_json::to_value(&changes)?);
            map.insert(
                "skipped".into(),
                skipped
                    .iter()
                    .map(|k| serde_json::json!({"card": k.card, "change": k.change, "reason": k.reason}))
                    .collect(),
            );
            map.insert("pairing".into(), format!("game t faces opponent t mod {m}, seats alternated by t div {m}, every random stream from (seed, t) in both arms; the SPRT (if any) tests the share of discordant games (results differ between arms) won by the changed deck").into());
            Ok(())
        },
    )?;
    manifest.set_timing(games, threads, elapsed);
    let written = spec.run.write(
        &[("impact.csv", &|p| write_impact(p, &rows, &skipped))],
        &manifest,
    )?;
    Ok(ImpactReport {
        rows,
        skipped,
        manifest,
        written,
    })
}

fn half_width(p: &Paired) -> Option<f64> {
    p.diff(Z95).map(|(_, lo, hi)| (hi - lo) / 2.0)
}

/// The stopping check of a change: the SPRT on the discordant pairs won by the changed deck,
/// or the paired interval's half-width.
fn check(rule: &StopRule, p: &Paired, games: u64) -> Option<Decision> {
    rule.check(p.new_better, p.discordant, half_width(p), games)
}

/// The fixed leading columns of impact.csv (readers such as `cardsim report` rely on them; new columns go at the end).
pub const IMPACT_COLUMNS: [&str; 15] = [
    "deck",
    "card",
    "change",
    "games",
    "base_win_rate",
    "base_win_rate_ci_low",
    "base_win_rate_ci_high",
    "new_win_rate",
    "new_win_rate_ci_low",
    "new_win_rate_ci_high",
    "diff",
    "diff_ci_low",
    "diff_ci_high",
    "base_wins",
    "new_wins",
];

pub(crate) fn write_impact(path: &Path, rows: &[ImpactRow], skipped: &[SkippedCard]) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    let mut header: Vec<&str> = IMPACT_COLUMNS.to_vec();
    header.extend([
        "base_draws",
        "new_draws",
        "discordant_games",
        "new_better_games",
        "stop_decision",
        "stop_games",
        "stop_llr",
        "stop_half_width",
        "note",
        "skipped",
    ]);
    w.write_record(&header)?;
    for r in rows {
        let d = r.diff();
        let f = |x: Option<f64>| x.map(|v| format!("{v:.4}")).unwrap_or_default();
        let (b, n) = (r.win_rate(1), r.win_rate(2));
        let mut rec = vec![
            r.deck.clone(),
            r.card.clone(),
            r.change.clone(),
            r.games.to_string(),
            f(b.map(|x| x.0)),
            f(b.map(|x| x.1)),
            f(b.map(|x| x.2)),
            f(n.map(|x| x.0)),
            f(n.map(|x| x.1)),
            f(n.map(|x| x.2)),
            f(d.map(|x| x.0)),
            f(d.map(|x| x.1)),
            f(d.map(|x| x.2)),
            r.base[0].to_string(),
            r.new[0].to_string(),
            r.base[1].to_string(),
            r.new[1].to_string(),
            r.paired.discordant.to_string(),
            r.paired.new_better.to_string(),
        ];
        rec.extend(stop_cells(r.stop.as_ref()));
        rec.push(r.note.clone().unwrap_or_default());
        rec.push(String::new());
        w.write_record(&rec)?;
    }
    // Skipped cards: no games, the reason in `skipped`.
    for k in skipped {
        let mut rec = vec![k.deck.clone(), k.card.clone(), k.change.clone(), "0".into()];
        rec.extend(std::iter::repeat_n(String::new(), 9));
        rec.extend(std::iter::repeat_n("0".to_string(), 6));
        rec.extend(std::iter::repeat_n(String::new(), 5));
        rec.push(k.reason.clone());
        w.write_record(&rec)?;
    }
    w.flush()?;
    Ok(())
}

/// The cards `--all-cards` skipped, one per line with the reason.
pub fn skipped_table(skipped: &[SkippedCard]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    for k in skipped {
        let _ = writeln!(s, "  {} ({}): {}", k.card, k.change, k.reason);
    }
    s
}

/// The printed notes of measured changes (what else each implies), one per line.
pub fn notes_table(rows: &[ImpactRow]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    for r in rows {
        if let Some(n) = &r.note {
            let _ = writeln!(s, "  {} ({}): {n}", r.card, r.change);
        }
    }
    s
}

/// The printed table, largest effect first (with the stopping decision of each change when a
/// stopping rule ran). `base wins` and `new wins` are win rates; the difference is of scores
/// (a draw counts one half), which is what the paired interval is about, so the two can
/// differ in a game with draws.
pub fn table(rows: &[ImpactRow]) -> String {
    let mut v: Vec<&ImpactRow> = rows.iter().collect();
    v.sort_by(|a, b| {
        let x = a.diff().map_or(0.0, |d| d.0);
        let y = b.diff().map_or(0.0, |d| d.0);
        y.total_cmp(&x)
    });
    let stops = v.iter().any(|r| r.stop.is_some());
    let mut head = vec![
        "card",
        "change",
        "games",
        "base wins",
        "new wins",
        "score diff [95% CI] (paired)",
    ];
    if stops {
        head.push("stopping");
    }
    let mut t = crate::table::Table::new(head, 2).text_column(6);
    for r in v {
        let g = r.games as f64;
        let mut row = vec![
            r.card.clone(),
            r.change.clone(),
            r.games.to_string(),
            format!("{:.1}%", 100.0 * r.base[0] as f64 / g),
            format!("{:.1}%", 100.0 * r.new[0] as f64 / g),
            r.diff()
                .map(|(d, lo, hi)| crate::table::pp_iv(d, lo, hi))
                .unwrap_or_default(),
        ];
        if stops {
            row.push(
                r.stop
                    .map(|st| {
                        format!(
                            "{} after {} of {}{}",
                            st.decision.name(),
                            st.games,
                            st.budget,
                            st.llr.map(|l| format!(", LLR {l:.3}")).unwrap_or_default()
                        )
                    })
                    .unwrap_or_default(),
            );
        }
        t.row(row);
    }
    t.render()
}
