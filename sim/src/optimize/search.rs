//! The deck search: hill climbing with restarts (iterated: each restart kicks the best deck
//! found by a few random moves) or simulated annealing, over batches of neighbours raced
//! against the incumbent. Every random choice comes from the run seed and the step number,
//! never from a thread, so a seed gives the same search on any number of threads.

use std::collections::HashMap;
use std::sync::Arc;

use anyhow::Result;
use cardsim_engine::{stream_rng, DeckPlan, GameRng, RngRole, Ruleset};
use rand::RngExt;

use super::moves::{Constraints, SlotOptions};
use super::race::{race, Arena, Entry, Incumbent, RaceRule, Verdict};
use crate::stats::{wilson, Z95};

/// Search method.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Method {
    /// Hill climbing: accept a neighbour that is clearly better, or whose mean difference is
    /// positive after the most games a candidate plays; restart from a kicked best deck at a
    /// local optimum.
    Climb,
    /// Simulated annealing: as climbing, and a worse neighbour is accepted with probability
    /// exp(difference / T), T falling linearly from `t0` to 0 over the game budget.
    Anneal,
}

/// How the search runs.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SearchRule {
    /// Method.
    pub method: Method,
    /// Neighbours raced per step.
    pub batch: usize,
    /// Steps without an accepted move before a local optimum is declared.
    pub patience: u32,
    /// Restarts after the first climb (climbing only).
    pub restarts: u32,
    /// Moves that kick the best deck at a restart.
    pub kick: u32,
    /// Starting temperature (annealing), in win-rate units.
    pub t0: f64,
    /// Game budget of the search (all arms counted); the step under way finishes.
    pub budget: u64,
    /// Most steps.
    pub max_steps: u64,
    /// Racing.
    pub race: RaceRule,
}

impl Default for SearchRule {
    /// The command line's defaults.
    fn default() -> Self {
        SearchRule {
            method: Method::Climb,
            batch: 8,
            patience: 2,
            restarts: 2,
            kick: 3,
            t0: 0.01,
            budget: 200_000,
            max_steps: 10_000,
            race: RaceRule {
                look: 64,
                max_pairs: 512,
                z: 2.576,
                racing: true,
            },
        }
    }
}

/// One raced candidate, for `trajectory.csv`.
#[derive(Clone, Debug)]
pub struct Step {
    /// Step number (a batch of neighbours, or a duel).
    pub step: u64,
    /// Climb number (0, then one per restart).
    pub climb: u32,
    /// The move that made the candidate (or `duel` between a local optimum and the best).
    pub change: String,
    /// The candidate deck.
    pub deck: String,
    /// The race's result.
    pub entry: Entry,
    /// Whether the search moved to this candidate.
    pub accepted: bool,
    /// Incumbent wins, draws and games on its epoch's games when the step ended.
    pub incumbent: (u64, u64, u64),
    /// Games spent by the search when the step ended.
    pub games: u64,
}

/// What the search found.
pub struct Found {
    /// The best deck.
    pub best: DeckPlan,
    /// Every raced candidate.
    pub steps: Vec<Step>,
}

/// Stream role tags for the search's own random choices.
const MOVE_ROLE: u8 = 200;
const ACCEPT_ROLE: u8 = 201;

/// Index of the first game of epoch `e` (epochs hold 2^32 games).
fn epoch_base(e: u64) -> u64 {
    e << 32
}

/// The search state.
struct Searcher<'a, R: Ruleset> {
    base: &'a R,
    arena: &'a Arena,
    cons: &'a Constraints,
    options: SlotOptions<'a>,
    rule: &'a SearchRule,
    /// Rule sets built during the current step (a memo: building is deterministic). Emptied
    /// at the start of every step so that memory stays flat however many candidates the
    /// search races; the incumbent's rule set lives on in its [`Incumbent`].
    variants: HashMap<DeckPlan, Arc<R>>,
    epoch: u64,
    steps: Vec<Step>,
    step: u64,
}

impl<R: Ruleset> Searcher<'_, R> {
    /// The rule set holding plan `p` as deck 0 (built once per distinct plan and step).
    fn variant(&mut self, p: &DeckPlan) -> Result<Arc<R>> {
        if let Some(r) = self.variants.get(p) {
            return Ok(r.clone());
        }
        let r = Arc::new(self.base.with_deck_plan(0, p)?);
        self.variants.insert(p.clone(), r.clone());
        Ok(r)
    }

    fn incumbent(&mut self, p: &DeckPlan) -> Result<(DeckPlan, Incumbent<R>)> {
        self.epoch += 1;
        let inc = Incumbent {
            ruleset: self.variant(p)?,
            base: epoch_base(self.epoch),
            scores: Vec::new(),
        };
        Ok((p.clone(), inc))
    }

    fn rng(&self, role: u8) -> GameRng {
        stream_rng(self.arena.seed, self.step, RngRole::Agent(role))
    }

    fn spent(&self) -> u64 {
        self.arena.games.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn done(&self) -> bool {
        self.spent() >= self.rule.budget || self.step >= self.rule.max_steps
    }

    /// `n` random moves from `p` (fewer when no legal move is found).
    fn kicked(&self, p: &DeckPlan, n: u32) -> DeckPlan {
        let mut rng = self.rng(MOVE_ROLE);
        let mut q = p.clone();
        for _ in 0..n {
            if let Some((x, _)) = self.cons.neighbour(&q, self.options, &mut rng) {
                q = x;
            }
        }
        q
    }

    /// One step: race a batch of neighbours of the incumbent; returns the plan moved to.
    fn step_batch(
        &mut self,
        climb: u32,
        cur: &DeckPlan,
        inc: &mut Incumbent<R>,
    ) -> Result<Option<(DeckPlan, f64)>> {
        self.variants.clear();
        let mut rng = self.rng(MOVE_ROLE);
        let mut cands: Vec<(DeckPlan, String)> = Vec::new();
        for _ in 0..self.rule.batch * 4 {
            if cands.len() == self.rule.batch {
                break;
            }
            if let Some((p, label)) = self.cons.neighbour(cur, self.options, &mut rng) {
                if !cands.iter().any(|(q, _)| *q == p) {
                    cands.push((p, label));
                }
            }
        }
        if cands.is_empty() {
            return Ok(None);
        }
        let rs: Vec<Arc<R>> = cands
            .iter()
            .map(|(p, _)| self.variant(p))
            .collect::<Result<_>>()?;
        let refs: Vec<&R> = rs.iter().map(|r| &**r).collect();
        let entries = race(self.arena, inc, &refs, &self.rule.race, true);
        let full = |e: &Entry| e.paired.n >= self.rule.race.max_pairs;
        // Clearly better first (largest mean), else the plain rule at the game limit.
        let mut pick: Option<usize> = None;
        for (i, e) in entries.iter().enumerate() {
            let ok = e.verdict == Verdict::Better || (full(e) && e.mean() > 0.0);
            if ok && pick.is_none_or(|j| e.mean() > entries[j].mean()) {
                pick = Some(i);
            }
        }
        if pick.is_none() && self.rule.method == Method::Anneal {
            let frac = self.spent() as f64 / self.rule.budget.max(1) as f64;
            let t = self.rule.t0 * (1.0 - frac).max(0.0);
            let mut arng = self.rng(ACCEPT_ROLE);
            for (i, e) in entries.iter().enumerate() {
                let u: f64 = arng.random();
                if t > 0.0 && e.paired.n > 0 && u < (e.mean() / t).exp() {
                    pick = Some(i);
                    break;
                }
            }
        }
        let games = self.spent();
        for (i, ((p, label), e)) in cands.iter().zip(entries.iter()).enumerate() {
            self.steps.push(Step {
                step: self.step,
                climb,
                change: label.clone(),
                deck: p.label(),
                entry: e.clone(),
                accepted: pick == Some(i),
                incumbent: inc.record(),
                games,
            });
        }
        self.step += 1;
        Ok(pick.map(|i| (cands[i].0.clone(), entries[i].mean())))
    }

    /// Race `challenger` against `holder` to the game limit (fresh epoch); the winner by
    /// mean difference (the holder on a tie).
    fn duel(&mut self, climb: u32, holder: &DeckPlan, challenger: &DeckPlan) -> Result<DeckPlan> {
        let (_, mut inc) = self.incumbent(holder)?;
        let c = self.variant(challenger)?;
        let rule = RaceRule {
            racing: false,
            ..self.rule.race
        };
        let e = race(self.arena, &mut inc, &[&*c], &rule, false).remove(0);
        let wins = e.mean() > 0.0;
        self.steps.push(Step {
            step: self.step,
            climb,
            change: "duel with the best so far".into(),
            deck: challenger.label(),
            entry: e,
            accepted: wins,
            incumbent: inc.record(),
            games: self.spent(),
        });
        self.step += 1;
        Ok(if wins {
            challenger.clone()
        } else {
            holder.clone()
        })
    }
}

/// Search from `start`; `base` is the rule set whose deck 0 is the start deck.
pub fn search<R: Ruleset>(
    base: &R,
    arena: &Arena,
    cons: &Constraints,
    options: SlotOptions<'_>,
    start: &DeckPlan,
    rule: &SearchRule,
) -> Result<Found> {
    let mut s = Searcher {
        base,
        arena,
        cons,
        options,
        rule,
        variants: HashMap::new(),
        epoch: 0,
        steps: Vec::new(),
        step: 0,
    };
    let mut best = start.clone();
    let mut climb = 0u32;
    let (mut cur, mut inc) = s.incumbent(start)?;
    // Annealing: the best deck by the chained estimate (sum of the accepted differences).
    let (mut level, mut best_level) = (0.0f64, 0.0f64);
    let mut stale = 0u32;
    loop {
        if s.done() {
            break;
        }
        match s.step_batch(climb, &cur, &mut inc)? {
            Some((p, d)) => {
                (cur, inc) = s.incumbent(&p)?;
                stale = 0;
                level += d;
                if rule.method == Method::Anneal && level > best_level {
                    (best, best_level) = (cur.clone(), level);
                }
            }
            None => stale += 1,
        }
        if stale >= rule.patience {
            // A local optimum: keep the better of it and the best so far; restart.
            if rule.method == Method::Climb {
                best = if climb == 0 || best == cur {
                    cur.clone()
                } else {
                    s.duel(climb, &best, &cur)?
                };
                if climb >= rule.restarts || s.done() {
                    return Ok(Found {
                        best,
                        steps: s.steps,
                    });
                }
                climb += 1;
                let k = s.kicked(&best, rule.kick);
                (cur, inc) = s.incumbent(&k)?;
                stale = 0;
            } else {
                break;
            }
        }
    }
    if best != cur && !(rule.method == Method::Climb && climb == 0) {
        best = s.duel(climb, &best, &cur)?;
    } else {
        best = cur;
    }
    Ok(Found {
        best,
        steps: s.steps,
    })
}

/// Wilson 95% interval of the incumbent's win rate, for outputs.
pub fn incumbent_rate(rec: (u64, u64, u64)) -> Option<(f64, f64, f64)> {
    let (w, _, n) = rec;
    let (lo, hi) = wilson(w, n, Z95)?;
    Some((w as f64 / n as f64, lo, hi))
}
