//! The strength ladder: every pair of agents plays on the same deals, and a Bradley–Terry
//! rating per agent summarises the pairwise results.
//!
//! Generic over the registry: nothing here knows a game. Each pair of agents (A, B) plays
//! `deals` deals; deal `i` is the same in every pair (decks from a fixed cycle through every
//! ordered choice of distinct decks, game RNG and agent RNG streams from (seed, `i`)), and
//! each deal is played twice, once with A's seats and B's seats swapped:
//!
//! * **Head to head** (every seat is a player's to fill): seats alternate A, B, A, … round
//!   the table (first seat A on even deals, B on odd ones); the second game swaps them. In
//!   each game, A "beats" B when A's seats earn more reward (win 1, draw ½, loss 0, averaged
//!   over its seats) than B's; equal rewards (draws) count as neither.
//! * **Paired against the rules' automaton** (a game that gives some seat to a fixed agent,
//!   like Tyrant's random defender): the free seats are played by A in the first game and
//!   by B in the second, the fixed seats by the automaton in both. A "beats" B on the deal
//!   when A's free seats earn more than B's did on the same deal. Deals where both earn the
//!   same (both win or both lose) are ties and carry no information about the difference.
//!
//! * **Paired as a team** (every seat on one team, [`Ruleset::team_of`]: a co-operative
//!   game): A plays every seat in the first game and B in the second, and the deal is
//!   compared as above.
//!
//! The pair's win rate is A's share of the comparisons that were not ties, with its 95%
//! Wilson interval; an interval excluding 50% means one agent is stronger on these decks.
//! Ratings: a Bradley–Terry model fitted to all pairs' non-tied comparisons (with half a
//! comparison added each way per pair so that a clean sweep still gives a finite rating),
//! anchored at 0 for the first agent and reported on the Elo scale (400·log10 of the odds),
//! with 95% intervals from the observed Fisher information, and for each agent the gap to
//! the next lower-rated one with its own interval (from the ratings' covariance): the
//! separation test, which stays meaningful when a swept anchor widens every rating interval.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use cardsim_agents::{make_agent_for, Agent, AgentSpec, View};
use cardsim_engine::registry::{self, GameVisitor};
use cardsim_engine::{Action, Game, GameRng, PlayerResult, Ruleset, MAX_PLAYERS};
use serde::Serialize;

use crate::output::{write_json, write_staged};
use crate::runner::play_seeded;
use crate::settings::RunSettings;
use crate::stats::{wilson, Z95};
use crate::{git_commit, load_ruleset};

mod rating;
pub use rating::bradley_terry;

/// Deals per unit of parallel work (small: search agents are slow).
const LADDER_CHUNK: u64 = 8;

/// A ladder job.
#[derive(Clone, Debug)]
pub struct LadderJob {
    /// Game, files, seed, threads, output, parameters, progress, command (the options are
    /// not used: the manifest records the job's own fields).
    pub run: RunSettings,
    /// Deck files (at least one).
    pub decks: Vec<PathBuf>,
    /// Agent specs, weakest expected first; the first anchors the ratings at 0.
    pub agents: Vec<String>,
    /// Deals per pair of agents (each played twice).
    pub deals: u64,
}

/// Counts of one pair of agents.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct PairAcc {
    /// Deals played (each twice).
    pub deals: u64,
    /// Comparisons A won.
    pub a_better: u64,
    /// Comparisons B won.
    pub b_better: u64,
    /// Tied comparisons.
    pub equal: u64,
    /// Games A played (in its seats), and of those won / drawn.
    pub a_games: u64,
    /// Games A won.
    pub a_wins: u64,
    /// Games A drew.
    pub a_draws: u64,
    /// Games B played, won, drew.
    pub b_games: u64,
    /// Games B won.
    pub b_wins: u64,
    /// Games B drew.
    pub b_draws: u64,
}

impl crate::distribute::Partial for PairAcc {
    fn absorb(&mut self, o: &PairAcc) {
        self.add(o);
    }
}

impl PairAcc {
    fn add(&mut self, o: &PairAcc) {
        self.deals += o.deals;
        self.a_better += o.a_better;
        self.b_better += o.b_better;
        self.equal += o.equal;
        self.a_games += o.a_games;
        self.a_wins += o.a_wins;
        self.a_draws += o.a_draws;
        self.b_games += o.b_games;
        self.b_wins += o.b_wins;
        self.b_draws += o.b_draws;
    }

    /// A's share of the non-tied comparisons with its 95% Wilson interval.
    pub fn a_rate(&self) -> Option<(f64, f64, f64)> {
        let n = self.a_better + self.b_better;
        wilson(self.a_better, n, Z95).map(|(l, h)| (self.a_better as f64 / n as f64, l, h))
    }
}

/// One pair's result.
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// Index of agent A.
    pub a: usize,
    /// Index of agent B.
    pub b: usize,
    /// Counts.
    pub acc: PairAcc,
}

/// One agent's rating.
#[derive(Clone, Debug, Serialize)]
pub struct Rating {
    /// Agent spec.
    pub agent: String,
    /// Bradley–Terry rating on the Elo scale (first agent = 0).
    pub rating: f64,
    /// 95% interval.
    pub low: f64,
    /// 95% interval.
    pub high: f64,
    /// Non-tied comparisons the agent took part in.
    pub comparisons: u64,
    /// The gap to the next lower-rated agent: (that agent, rating difference, 95% interval
    /// low, high), the interval from the covariance of the two ratings (so it uses every
    /// pair's comparisons, not only the two agents' own). `None` for the lowest-rated.
    /// An interval excluding 0 separates the two agents even when their rating intervals
    /// overlap (which happens when the anchor, the first agent, is swept by everybody and its
    /// own position is barely determined).
    pub gap_below: Option<(String, f64, f64, f64)>,
}

/// The ladder's manifest.
#[derive(Serialize, Debug, Clone)]
pub struct LadderManifest {
    /// The command line.
    pub command: Vec<String>,
    /// Game.
    pub game: String,
    /// Card file.
    pub cards: String,
    /// Deck files.
    pub decks: Vec<String>,
    /// Rule parameters.
    pub params: Vec<String>,
    /// The preset the parameters started from (`--preset`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Agent specs as given.
    pub agents: Vec<String>,
    /// Agent labels (every parameter spelled out).
    pub agent_labels: Vec<String>,
    /// Agents that look at hidden information.
    pub agents_seeing_hidden: Vec<String>,
    /// `head-to-head`, `paired-vs-fixed-seats` or `paired-team` (one team of every seat).
    pub mode: String,
    /// Seats the rules give to an automaton, as `seat: agent`.
    pub fixed_seats: Vec<String>,
    /// Deals per pair.
    pub deals_per_pair: u64,
    /// Games played in all.
    pub games: u64,
    /// Run seed.
    pub seed: u64,
    /// Worker threads (does not affect results).
    pub threads: usize,
    /// cardsim version.
    pub version: String,
    /// Git commit of the build, when known.
    pub git_commit: Option<String>,
    /// False when an agent used a wall-clock budget.
    pub deterministic: bool,
    /// Wall-clock seconds (a timing).
    pub elapsed_seconds: f64,
    /// How the job ran when not in one go (shards merged, chunks resumed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<serde_json::Value>,
}

/// What a ladder produced.
pub struct LadderReport {
    /// Agent labels, in job order.
    pub agents: Vec<String>,
    /// Every pair (A listed after B in the job).
    pub pairs: Vec<PairResult>,
    /// Ratings per agent.
    pub ratings: Vec<Rating>,
    /// The manifest.
    pub manifest: LadderManifest,
    /// Files written.
    pub written: Vec<PathBuf>,
}

/// Run a ladder for the game it names.
pub fn ladder(job: &LadderJob) -> Result<LadderReport> {
    for_game!(&job.run.game, ladder_for(job: &'a LadderJob) -> Result<LadderReport>)?
}

/// Every ordered choice of `n` distinct decks out of `k` (with repetition when `k < n`),
/// in lexicographic order.
fn deck_cycle(k: usize, n: usize) -> Vec<[u8; MAX_PLAYERS]> {
    let distinct = k >= n;
    let mut out = Vec::new();
    let total = k.pow(n as u32);
    for code in 0..total {
        let mut t = [0u8; MAX_PLAYERS];
        let mut c = code;
        for s in (0..n).rev() {
            t[s] = (c % k) as u8;
            c /= k;
        }
        let ok = !distinct || (0..n).all(|i| (0..i).all(|j| t[i] != t[j]));
        if ok {
            out.push(t);
        }
    }
    out
}

/// Which agent sits in each seat: 0 = A, 1 = B, 2 = the rules' automaton.
type Roles = [u8; MAX_PLAYERS];
/// One agent per seat.
type Agents<R> = Vec<Box<dyn Agent<<R as Ruleset>::State>>>;

struct Plan<'a, R: Ruleset> {
    ruleset: &'a R,
    specs: &'a [AgentSpec],
    fixed: Vec<Option<AgentSpec>>,
    cycle: Vec<[u8; MAX_PLAYERS]>,
    seed: u64,
}

impl<R: Ruleset> Plan<'_, R> {
    fn paired(&self) -> bool {
        self.fixed.iter().any(Option::is_some) || self.one_team()
    }

    /// Every seat plays for one team (a co-operative game such as Alpha/Omega): agents
    /// cannot meet head to head, so each plays the whole team in turn on the same deal.
    fn one_team(&self) -> bool {
        let n = self.ruleset.num_players();
        let t0 = self.ruleset.team_of(0);
        t0.is_some() && (1..n).all(|s| self.ruleset.team_of(s) == t0)
    }

    /// Which agent (0 = A, 1 = B, 2 = fixed) sits in each seat in game `swap` of deal `i`.
    fn roles(&self, i: u64, swap: bool) -> Roles {
        let mut r = [2u8; MAX_PLAYERS];
        let n = self.ruleset.num_players();
        for (s, role) in r.iter_mut().enumerate().take(n) {
            *role = if self.fixed[s].is_some() {
                2
            } else if self.paired() {
                swap as u8
            } else {
                (((s as u64 + i) % 2) as u8) ^ swap as u8
            };
        }
        r
    }

    fn agents_for(
        &self,
        roles: &[u8],
        a: usize,
        b: usize,
    ) -> Result<Vec<Box<dyn Agent<R::State>>>> {
        roles
            .iter()
            .enumerate()
            .map(|(s, &role)| {
                let spec = match role {
                    0 => &self.specs[a],
                    1 => &self.specs[b],
                    _ => self.fixed[s].as_ref().expect("fixed seat"),
                };
                Ok(make_agent_for(self.ruleset, spec)?)
            })
            .collect()
    }

    /// Play deals `start..end` of pair (a, b).
    fn play(&self, a: usize, b: usize, start: u64, end: u64) -> Result<PairAcc> {
        let n = self.ruleset.num_players();
        let mut acc = PairAcc::default();
        let identity: Vec<usize> = (0..n).collect();
        // Agents per seat pattern (at most four patterns), built once per chunk.
        let mut built: Vec<(Roles, Agents<R>)> = Vec::new();
        for i in start..end {
            let seating = &self.cycle[(i % self.cycle.len() as u64) as usize][..n];
            let mut score = [[0.0f64; 2]; 2]; // [game][agent A/B]
            for (game, swap) in [false, true].into_iter().enumerate() {
                let roles = self.roles(i, swap);
                let k = match built.iter().position(|(r, _)| *r == roles) {
                    Some(k) => k,
                    None => {
                        built.push((roles, self.agents_for(&roles[..n], a, b)?));
                        built.len() - 1
                    }
                };
                let agents = &mut built[k].1;
                let peeks: Vec<bool> = agents.iter().map(|x| x.sees_hidden()).collect();
                for x in agents.iter_mut() {
                    x.reset();
                }
                let (_, rec) = play_seeded(
                    self.ruleset,
                    self.seed,
                    i,
                    seating,
                    &identity,
                    agents,
                    &peeks,
                );
                let mut sum = [0.0f64; 2];
                let mut seats = [0u32; 2];
                for (&role, &r) in roles[..n].iter().zip(&rec.results[..n]) {
                    let role = role as usize;
                    if role > 1 {
                        continue;
                    }
                    sum[role] += r.reward();
                    seats[role] += 1;
                    let (g, w, d) = if role == 0 {
                        (&mut acc.a_games, &mut acc.a_wins, &mut acc.a_draws)
                    } else {
                        (&mut acc.b_games, &mut acc.b_wins, &mut acc.b_draws)
                    };
                    *g += 1;
                    *w += (r == PlayerResult::Win) as u64;
                    *d += (r == PlayerResult::Draw) as u64;
                }
                for role in 0..2 {
                    if seats[role] > 0 {
                        score[game][role] = sum[role] / seats[role] as f64;
                    }
                }
            }
            acc.deals += 1;
            let mut compare = |sa: f64, sb: f64| {
                if sa > sb {
                    acc.a_better += 1;
                } else if sb > sa {
                    acc.b_better += 1;
                } else {
                    acc.equal += 1;
                }
            };
            if self.paired() {
                compare(score[0][0], score[1][1]);
            } else {
                compare(score[0][0], score[0][1]);
                compare(score[1][0], score[1][1]);
            }
        }
        Ok(acc)
    }
}

/// Run a ladder for rule set `R` (what [`ladder`] does once the game is known by name).
pub fn ladder_for<R: Ruleset>(job: &LadderJob) -> Result<LadderReport> {
    // The output folder is checked before the first game, not after the last.
    job.run.check_out()?;
    if job.deals == 0 {
        bail!("--games must be at least 1");
    }
    if job.agents.len() < 2 {
        bail!("a ladder needs at least two agents");
    }
    if job.decks.is_empty() {
        bail!("a ladder needs at least one deck");
    }
    let (ruleset, cards) = job.run.load::<R>(&job.decks)?;
    let n = ruleset.num_players();
    let specs: Vec<AgentSpec> = job
        .agents
        .iter()
        .map(|s| AgentSpec::parse(s))
        .collect::<Result<_, _>>()?;
    let mut labels = Vec::new();
    let mut deterministic = true;
    let mut peeking = Vec::new();
    for s in &specs {
        let a = make_agent_for(&ruleset, s)?;
        deterministic &= a.deterministic();
        if a.sees_hidden() {
            peeking.push(a.label());
        }
        labels.push(a.label());
    }
    for (i, l) in labels.iter().enumerate() {
        if labels[..i].contains(l) {
            bail!("agent `{l}` is listed twice");
        }
    }
    let fixed: Vec<Option<AgentSpec>> = (0..n)
        .map(|s| {
            ruleset
                .fixed_seat_agent(s)
                .map(AgentSpec::parse)
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    if fixed.iter().all(Option::is_some) {
        bail!("every seat of {} is played by a fixed automaton: there is nothing for agents to choose", R::NAME);
    }
    let plan = Plan {
        ruleset: &ruleset,
        specs: &specs,
        fixed,
        cycle: deck_cycle(ruleset.deck_names().len(), n),
        seed: job.run.seed,
    };
    // Pairs as (later agent, earlier agent): with the agents listed weakest first, A is
    // the one expected to be stronger.
    let mut pair_ids = Vec::new();
    for b in 0..specs.len() {
        for a in b + 1..specs.len() {
            pair_ids.push((a, b));
        }
    }
    // Chunks (pair, deals s..e) are produced lazily from their number and folded into one
    // accumulator per pair as they finish (integer counts): memory stays flat in the deal count.
    let (pool, threads) = job.run.pool()?;
    let total_games = 2 * job.deals * pair_ids.len() as u64;
    let bar = job.run.progress_bar(total_games);
    let started = Instant::now();
    let games = vec![job.deals; pair_ids.len()];
    let accs: Result<Vec<PairAcc>> = pool.install(|| {
        crate::distribute::play_units(
            job.run.out.as_deref(),
            &games,
            LADDER_CHUNK,
            &|_| PairAcc::default(),
            &|p, s, e| {
                let (a, b) = pair_ids[p];
                let acc = plan.play(a, b, s, e)?;
                bar.inc(2 * (e - s));
                Ok(acc)
            },
        )
    });
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let accs = accs?;
    let pairs: Vec<PairResult> = pair_ids
        .iter()
        .zip(accs)
        .map(|(&(a, b), acc)| PairResult { a, b, acc })
        .collect();
    let ratings = bradley_terry(&labels, &pairs);
    let fixed_names: Vec<String> = (0..n)
        .filter_map(|s| {
            ruleset
                .fixed_seat_agent(s)
                .map(|a| format!("{}: {a}", ruleset.seat_name(s)))
        })
        .collect();
    let manifest = LadderManifest {
        command: job.run.command.clone(),
        game: R::NAME.into(),
        cards: cards.display().to_string(),
        decks: job.decks.iter().map(|d| d.display().to_string()).collect(),
        params: ruleset
            .params()
            .render()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        preset: ruleset.params().preset().map(str::to_string),
        agents: job.agents.clone(),
        agent_labels: labels.clone(),
        agents_seeing_hidden: peeking,
        mode: if plan.one_team() {
            "paired-team"
        } else if plan.paired() {
            "paired-vs-fixed-seats"
        } else {
            "head-to-head"
        }
        .into(),
        fixed_seats: fixed_names,
        deals_per_pair: job.deals,
        games: total_games,
        seed: job.run.seed,
        threads,
        version: env!("CARGO_PKG_VERSION").into(),
        git_commit: git_commit(),
        distribution: crate::distribute::describe(),
        deterministic,
        elapsed_seconds: crate::distribute::merged_seconds().unwrap_or(elapsed),
    };
    let written = match &job.run.out {
        Some(dir) => write_ladder(dir, &labels, &pairs, &ratings, &manifest)?,
        None => Vec::new(),
    };
    Ok(LadderReport {
        agents: labels,
        pairs,
        ratings,
        manifest,
        written,
    })
}

fn f4(x: f64) -> String {
    format!("{x:.4}")
}

fn rate_cols(k: u64, n: u64) -> [String; 3] {
    match wilson(k, n, Z95) {
        Some((l, h)) => [f4(k as f64 / n as f64), f4(l), f4(h)],
        None => Default::default(),
    }
}

fn write_ladder(
    dir: &Path,
    labels: &[String],
    pairs: &[PairResult],
    ratings: &[Rating],
    manifest: &LadderManifest,
) -> Result<Vec<PathBuf>> {
    let files = ["ladder.csv", "ratings.csv", "manifest.json"];
    write_staged(dir, &files, |staging| {
        let mut w = crate::csvout::CsvOut::from_path(staging.join(files[0]))?;
        w.write_record([
            "pair",
            "agent_a",
            "agent_b",
            "mode",
            "deals",
            "comparisons",
            "a_better",
            "b_better",
            "ties",
            "a_win_rate",
            "a_win_rate_ci_low",
            "a_win_rate_ci_high",
            "a_games",
            "a_wins",
            "a_draws",
            "a_game_win_rate",
            "a_game_win_rate_ci_low",
            "a_game_win_rate_ci_high",
            "b_games",
            "b_wins",
            "b_draws",
            "b_game_win_rate",
            "b_game_win_rate_ci_low",
            "b_game_win_rate_ci_high",
        ])?;
        for p in pairs {
            let c = &p.acc;
            let dec = rate_cols(c.a_better, c.a_better + c.b_better);
            let ga = rate_cols(c.a_wins, c.a_games);
            let gb = rate_cols(c.b_wins, c.b_games);
            let (a, b) = (&labels[p.a], &labels[p.b]);
            let mut rec = vec![
                format!("{a} vs {b}"),
                a.clone(),
                b.clone(),
                manifest.mode.clone(),
            ];
            rec.extend(
                [
                    c.deals,
                    c.a_better + c.b_better + c.equal,
                    c.a_better,
                    c.b_better,
                    c.equal,
                ]
                .map(|x| x.to_string()),
            );
            rec.extend(dec);
            rec.extend([c.a_games, c.a_wins, c.a_draws].map(|x| x.to_string()));
            rec.extend(ga);
            rec.extend([c.b_games, c.b_wins, c.b_draws].map(|x| x.to_string()));
            rec.extend(gb);
            w.write_record(&rec)?;
        }
        w.flush()?;
        let mut w = crate::csvout::CsvOut::from_path(staging.join(files[1]))?;
        w.write_record([
            "agent",
            "rating",
            "rating_ci_low",
            "rating_ci_high",
            "comparisons",
            "next_below",
            "gap_below",
            "gap_below_ci_low",
            "gap_below_ci_high",
        ])?;
        for r in ratings {
            let mut rec = vec![
                r.agent.clone(),
                format!("{:.1}", r.rating),
                format!("{:.1}", r.low),
                format!("{:.1}", r.high),
                r.comparisons.to_string(),
            ];
            match &r.gap_below {
                Some((a, d, lo, hi)) => rec.extend([
                    a.clone(),
                    format!("{d:.1}"),
                    format!("{lo:.1}"),
                    format!("{hi:.1}"),
                ]),
                None => rec.extend(std::iter::repeat_n(String::new(), 4)),
            }
            w.write_record(&rec)?;
        }
        w.flush()?;
        write_json(&staging.join(files[2]), manifest)
    })
}

/// A readable table of the pairs and the ratings.
pub fn ladder_table(r: &LadderReport) -> String {
    use crate::table::{pct, pct_iv, Table};
    let mut pairs = Table::new(
        [
            "pair (A vs B)",
            "deals",
            "A better",
            "ties",
            "A win rate [95% CI]",
            "A games",
            "B games",
        ],
        1,
    );
    for p in &r.pairs {
        let c = &p.acc;
        pairs.row([
            format!("{} vs {}", r.agents[p.a], r.agents[p.b]),
            c.deals.to_string(),
            c.a_better.to_string(),
            c.equal.to_string(),
            c.a_rate()
                .map(|(x, l, h)| pct_iv(x, l, h))
                .unwrap_or_else(|| "-".into()),
            pct(c.a_wins, c.a_games),
            pct(c.b_wins, c.b_games),
        ]);
    }
    let mut ratings = Table::new(
        [
            "agent",
            "rating",
            "95% CI",
            "gap to the next below [95% CI]",
        ],
        1,
    )
    .text_column(3);
    for x in &r.ratings {
        ratings.row([
            x.agent.clone(),
            format!("{:.0}", x.rating),
            format!("[{:.0}, {:.0}]", x.low, x.high),
            match &x.gap_below {
                Some((a, d, lo, hi)) => format!("{d:+.0} [{lo:+.0}, {hi:+.0}] over {a}"),
                None => String::new(),
            },
        ]);
    }
    format!("{pairs}\n{ratings}")
}

/// Measured speed of one agent.
#[derive(Clone, Debug)]
pub struct AgentSpeed {
    /// The agent's label.
    pub label: String,
    /// Decisions timed.
    pub decisions: u64,
    /// Seconds spent inside the agent's `choose`.
    pub seconds: f64,
    /// Search iterations per decision, for MCTS with an iteration budget.
    pub iterations_per_decision: Option<u64>,
}

/// Times the inner agent's `choose`, adding to shared counters.
struct Timed<G> {
    inner: Box<dyn Agent<G>>,
    nanos: Arc<AtomicU64>,
    decisions: Arc<AtomicU64>,
}

impl<G: Game> Agent<G> for Timed<G> {
    fn label(&self) -> String {
        self.inner.label()
    }
    fn sees_hidden(&self) -> bool {
        self.inner.sees_hidden()
    }
    fn choose(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action {
        let t = Instant::now();
        let a = self.inner.choose(view, rng);
        self.nanos
            .fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.decisions.fetch_add(1, Ordering::Relaxed);
        a
    }
}

/// Time agent `spec` on one thread in the free seats of `game` (fixed seats played by
/// their automaton, decks cycling through those of `decks`) until `decisions` decisions
/// were timed (at least one game).
pub fn agent_speed(
    game: &str,
    decks: &[PathBuf],
    spec: &str,
    decisions: u64,
) -> Result<AgentSpeed> {
    struct V<'a>(&'a [PathBuf], &'a str, u64);
    impl GameVisitor for V<'_> {
        type Output = Result<AgentSpeed>;
        fn visit<R: Ruleset>(self) -> Result<AgentSpeed> {
            let (ruleset, _) = load_ruleset::<R>(None, self.0, &[])?;
            let n = ruleset.num_players();
            let k = ruleset.deck_names().len();
            let spec = AgentSpec::parse(self.1)?;
            let probe = make_agent_for(&ruleset, &spec)?;
            let label = probe.label();
            let iterations_per_decision = match spec.name.as_str() {
                "mcts" | "mcts-peek" => label
                    .split([':', ','])
                    .find_map(|p| p.strip_prefix("iters="))
                    .and_then(|v| v.parse().ok()),
                _ => None,
            };
            let nanos = Arc::new(AtomicU64::new(0));
            let count = Arc::new(AtomicU64::new(0));
            let mut agents: Vec<Box<dyn Agent<R::State>>> = Vec::new();
            for s in 0..n {
                agents.push(match ruleset.fixed_seat_agent(s) {
                    Some(f) => make_agent_for(&ruleset, &AgentSpec::parse(f)?)?,
                    None => Box::new(Timed {
                        inner: make_agent_for(&ruleset, &spec)?,
                        nanos: nanos.clone(),
                        decisions: count.clone(),
                    }),
                });
            }
            let peeks: Vec<bool> = agents.iter().map(|a| a.sees_hidden()).collect();
            let identity: Vec<usize> = (0..n).collect();
            let mut g = 0u64;
            while g == 0 || count.load(Ordering::Relaxed) < self.2 {
                let seating: Vec<u8> = (0..n).map(|s| ((g as usize + s) % k) as u8).collect();
                for a in agents.iter_mut() {
                    a.reset();
                }
                play_seeded(&ruleset, 1, g, &seating, &identity, &mut agents, &peeks);
                g += 1;
            }
            Ok(AgentSpeed {
                label,
                decisions: count.load(Ordering::Relaxed),
                seconds: nanos.load(Ordering::Relaxed) as f64 / 1e9,
                iterations_per_decision,
            })
        }
    }
    registry::visit(game, V(decks, spec, decisions))?
}
