//! Playing candidate decks against the field with common random numbers, and racing a batch
//! of candidates against the incumbent: every arm plays the same numbered games (same deals,
//! same coin flips, same opponent and seat), the paired per-game differences are checked
//! after each look, and a candidate leaves the race as soon as its interval says it is
//! clearly worse (or clearly better) than the incumbent.

use std::sync::atomic::{AtomicU64, Ordering};

use cardsim_agents::{make_agent, Agent, AgentSpec};
use cardsim_engine::{PlayerResult, Ruleset};
use rayon::prelude::*;

use crate::runner::{play_seeded, seating_for};
use crate::stats::Paired;

/// Games per parallel work item.
const PIECE: u64 = 16;

/// Score in half-points: 2 win, 1 draw, 0 loss.
fn half(r: PlayerResult) -> u8 {
    match r {
        PlayerResult::Win => 2,
        PlayerResult::Draw => 1,
        PlayerResult::Loss => 0,
    }
}

/// The field and the agents: plays deck 0 of any variant rule set against its opponents.
pub struct Arena {
    /// Deck tables (slot 0 is the searched deck), one per opponent in two-player games.
    pub tables: Vec<Vec<u8>>,
    /// Agent spec per slot.
    pub specs: Vec<AgentSpec>,
    /// Whether each slot's agent sees hidden information.
    pub peeks: Vec<bool>,
    /// Run seed.
    pub seed: u64,
    /// Games played so far (every arm counted).
    pub games: AtomicU64,
}

impl Arena {
    /// Deck 0's scores (half-points) in games `base + t` for `t` in `s..e`, in order: game
    /// `t` faces table `t mod m`, seats rotated by `t div m`, and every random stream comes
    /// from (seed, `base + t`), whatever the deck. Parallel over the current rayon pool.
    pub fn scores<R: Ruleset>(&self, r: &R, base: u64, s: u64, e: u64) -> Vec<u8> {
        let m = self.tables.len() as u64;
        let pieces: Vec<(u64, u64)> = (s..e)
            .step_by(PIECE as usize)
            .map(|a| (a, (a + PIECE).min(e)))
            .collect();
        let out: Vec<Vec<u8>> = pieces
            .par_iter()
            .map(|&(a, b)| {
                let mut agents: Vec<Box<dyn Agent<R::State>>> = self
                    .specs
                    .iter()
                    .map(|s| make_agent::<R>(s).expect("agents were checked at set-up"))
                    .collect();
                (a..b)
                    .map(|t| {
                        let table = &self.tables[(t % m) as usize];
                        let (seats, slots) = seating_for(table, t / m);
                        let k = table.len();
                        let seat0 = slots[..k].iter().position(|&x| x == 0).expect("seated");
                        for ag in agents.iter_mut() {
                            ag.reset();
                        }
                        let g = base + t;
                        let (_, rec) = play_seeded(
                            r,
                            self.seed,
                            g,
                            &seats[..k],
                            &slots[..k],
                            &mut agents,
                            &self.peeks,
                        );
                        half(rec.results[seat0])
                    })
                    .collect()
            })
            .collect();
        self.games.fetch_add(e - s, Ordering::Relaxed);
        out.concat()
    }
}

/// How candidates are raced.
#[derive(Copy, Clone, Debug, serde::Serialize)]
pub struct RaceRule {
    /// Paired games per look.
    pub look: u64,
    /// Most paired games one candidate plays.
    pub max_pairs: u64,
    /// Interval multiplier of the early decisions (e.g. 2.576 for 99%).
    pub z: f64,
    /// Whether candidates may leave early (false: plain fixed-games evaluation).
    pub racing: bool,
}

/// A candidate's standing in a race.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Its interval lies above zero: clearly better than the incumbent.
    Better,
    /// Its interval lies below zero: clearly worse.
    Worse,
    /// Undecided (the race ended, by its game limit or because another candidate won).
    Open,
}

impl Verdict {
    /// Word for outputs.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Better => "better",
            Verdict::Worse => "worse",
            Verdict::Open => "open",
        }
    }
}

/// What a race learned about one candidate.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Paired differences candidate − incumbent.
    pub paired: Paired,
    /// The candidate's wins and draws.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Standing.
    pub verdict: Verdict,
}

impl Entry {
    /// Mean paired difference (0 without pairs).
    pub fn mean(&self) -> f64 {
        if self.paired.n == 0 {
            0.0
        } else {
            self.paired.sum2 as f64 / 2.0 / self.paired.n as f64
        }
    }
}

/// The incumbent of a race: its rule set and its scores on the games of its epoch (extended
/// as races need them).
pub struct Incumbent<R> {
    /// The rule set holding the incumbent deck.
    pub ruleset: std::sync::Arc<R>,
    /// Index of the epoch's first game.
    pub base: u64,
    /// Scores of games `base + t`, `t` = 0, 1, ...
    pub scores: Vec<u8>,
}

impl<R: Ruleset> Incumbent<R> {
    /// Make sure the scores of the first `n` games are known.
    pub fn extend(&mut self, arena: &Arena, n: u64) {
        let have = self.scores.len() as u64;
        if n > have {
            let more = arena.scores(&*self.ruleset, self.base, have, n);
            self.scores.extend(more);
        }
    }

    /// Wins and draws among the known scores.
    pub fn record(&self) -> (u64, u64, u64) {
        let w = self.scores.iter().filter(|&&s| s == 2).count() as u64;
        let d = self.scores.iter().filter(|&&s| s == 1).count() as u64;
        (w, d, self.scores.len() as u64)
    }
}

/// Race `cands` against `inc` look by look. With `stop_on_better`, the race ends at the first
/// look after which some candidate is clearly better (the others stay [`Verdict::Open`]).
pub fn race<R: Ruleset>(
    arena: &Arena,
    inc: &mut Incumbent<R>,
    cands: &[&R],
    rule: &RaceRule,
    stop_on_better: bool,
) -> Vec<Entry> {
    let mut out: Vec<Entry> = cands
        .iter()
        .map(|_| Entry {
            paired: Paired::default(),
            wins: 0,
            draws: 0,
            verdict: Verdict::Open,
        })
        .collect();
    let look = if rule.racing {
        rule.look.max(2)
    } else {
        rule.max_pairs
    };
    let mut n = 0;
    while n < rule.max_pairs {
        let e = (n + look).min(rule.max_pairs);
        inc.extend(arena, e);
        let alive: Vec<usize> = (0..cands.len())
            .filter(|&i| out[i].verdict == Verdict::Open)
            .collect();
        if alive.is_empty() {
            break;
        }
        let scores: Vec<Vec<u8>> = alive
            .par_iter()
            .map(|&i| arena.scores(cands[i], inc.base, n, e))
            .collect();
        for (&i, sc) in alive.iter().zip(&scores) {
            let en = &mut out[i];
            for (t, &v) in sc.iter().enumerate() {
                en.paired.add(inc.scores[n as usize + t], v);
                en.wins += (v == 2) as u64;
                en.draws += (v == 1) as u64;
            }
            if rule.racing {
                if let Some((_, lo, hi)) = en.paired.diff(rule.z) {
                    if hi < 0.0 {
                        en.verdict = Verdict::Worse;
                    } else if lo > 0.0 {
                        en.verdict = Verdict::Better;
                    }
                }
            }
        }
        n = e;
        if stop_on_better && out.iter().any(|x| x.verdict == Verdict::Better) {
            break;
        }
    }
    out
}
