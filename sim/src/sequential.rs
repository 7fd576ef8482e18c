//! Sequential stopping: play a matchup in looks of a fixed number of games and stop as soon
//! as a rule is met — Wald's SPRT reaching a bound, or an interval narrower than a target.
//!
//! Looks are numbered from game 0 and their results are folded in index order, and the rule
//! is checked after each look on the prefix folded so far, so the stopping point (and every
//! number reported) depends only on the seed, never on threads or scheduling: a stopped run
//! equals a fixed-size run of the games it used. Looks are played in parallel waves; a wave
//! may play a few looks past the stopping point, whose games are discarded unseen.

use rayon::prelude::*;
use serde::Serialize;

use crate::stats::{Decision, Sprt};

/// When to stop a matchup early. With neither rule set, every game of the budget is played.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StopRule {
    /// Wald's SPRT on a win rate.
    #[serde(skip)]
    pub sprt: Option<Sprt>,
    /// Stop once the 95% interval's half-width is at most this.
    pub half_width: Option<f64>,
    /// Games before the half-width rule may stop (the SPRT checks from the first look).
    pub min_games: u64,
    /// Games per look (the rules are checked after each look).
    pub look: u64,
}

/// How a matchup's sequential test ended.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct StopInfo {
    /// The decision.
    #[serde(serialize_with = "ser_decision")]
    pub decision: Decision,
    /// Games used.
    pub games: u64,
    /// The budget (the most games the matchup could have used).
    pub budget: u64,
    /// The SPRT's log-likelihood ratio at the stop (when an SPRT ran).
    pub llr: Option<f64>,
    /// The half-width of the 95% interval at the stop.
    pub half_width: Option<f64>,
}

fn ser_decision<S: serde::Serializer>(d: &Decision, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(d.name())
}

impl StopRule {
    /// Whether any rule is set.
    pub fn active(&self) -> bool {
        self.sprt.is_some() || self.half_width.is_some()
    }

    /// The decision after `games` games in which the tested quantity had `successes` in
    /// `trials` Bernoulli trials and the reported interval has half-width `hw`.
    pub fn check(
        &self,
        successes: u64,
        trials: u64,
        hw: Option<f64>,
        games: u64,
    ) -> Option<Decision> {
        if let Some(d) = self.sprt.and_then(|t| t.decide(successes, trials)) {
            return Some(d);
        }
        match (self.half_width, hw) {
            (Some(target), Some(w)) if games >= self.min_games && w <= target => {
                Some(Decision::HalfWidth)
            }
            _ => None,
        }
    }

    /// The decision after `games` games from the tested rate's strata `(successes, trials)`
    /// (one per seat): the SPRT on the pooled rate with its stratified variance
    /// ([`Sprt::llr_normal`] with [`crate::stratified::stratified_variance`]; Wald's
    /// Bernoulli LLR while that variance is still 0), and the half-width rule on the
    /// stratified score interval. Returns the decision, the LLR and the half-width.
    pub fn check_strata(
        &self,
        strata: &[(u64, u64)],
        games: u64,
    ) -> (Option<Decision>, Option<f64>, Option<f64>) {
        use crate::stratified::{stratified_half_width, stratified_variance};
        let (k, n) = strata.iter().fold((0, 0), |(a, b), &(k, n)| (a + k, b + n));
        let hw = stratified_half_width(strata, crate::stats::Z95);
        let var = stratified_variance(strata).unwrap_or(0.0);
        self.check_var((k, n), var, hw, games)
    }

    /// The decision from `(successes, trials)` of the tested rate, the variance `var` of its
    /// estimate (the SPRT uses [`Sprt::llr_normal`] when `var > 0`, Wald's Bernoulli LLR
    /// otherwise) and its interval's half-width `hw`. Returns the decision, LLR, half-width.
    pub fn check_var(
        &self,
        (k, n): (u64, u64),
        var: f64,
        hw: Option<f64>,
        games: u64,
    ) -> (Option<Decision>, Option<f64>, Option<f64>) {
        let est = if n > 0 { k as f64 / n as f64 } else { 0.0 };
        let (llr, sprt) = match self.sprt {
            None => (None, None),
            Some(t) if var > 0.0 => (Some(t.llr_normal(est, var)), t.decide_normal(est, var)),
            Some(t) => (Some(t.llr(k, n)), t.decide(k, n)),
        };
        if sprt.is_some() {
            return (sprt, llr, hw);
        }
        let d = match (self.half_width, hw) {
            (Some(target), Some(w)) if games >= self.min_games && w <= target => {
                Some(Decision::HalfWidth)
            }
            _ => None,
        };
        (d, llr, hw)
    }

    /// The report after stopping (or running out of budget) with these counts.
    pub fn info(
        &self,
        decision: Option<Decision>,
        successes: u64,
        trials: u64,
        hw: Option<f64>,
        games: u64,
        budget: u64,
    ) -> StopInfo {
        StopInfo {
            decision: decision.unwrap_or(Decision::Undecided),
            games,
            budget,
            llr: self.sprt.map(|t| t.llr(successes, trials)),
            half_width: hw,
        }
    }
}

/// Most games a wave of looks may hold (bounds the work discarded after a stop).
const WAVE_GAMES: u64 = 1 << 15;

/// Play games `0..budget` in looks of `look` games: `play(start, end)` plays one look (in
/// parallel with others of its wave), `fold(result, games_so_far)` takes the looks in index
/// order and returns `true` to stop. Returns the games folded.
pub fn run_looks<T: Send>(
    budget: u64,
    look: u64,
    play: &(dyn Fn(u64, u64) -> T + Sync),
    fold: &mut dyn FnMut(T, u64) -> bool,
) -> u64 {
    let look = look.max(1);
    let mut done = 0u64;
    // Waves grow from one look per worker, doubling, so an early stop wastes little.
    let mut wave = rayon::current_num_threads().max(1) as u64;
    while done < budget {
        let looks: Vec<(u64, u64)> = (0..wave)
            .map(|k| done + k * look)
            .take_while(|&s| s < budget)
            .map(|s| (s, (s + look).min(budget)))
            .collect();
        let results: Vec<T> = looks.par_iter().map(|&(s, e)| play(s, e)).collect();
        for ((_, e), r) in looks.iter().zip(results) {
            done = *e;
            if fold(r, done) {
                return done;
            }
        }
        wave = (wave * 2).min((WAVE_GAMES / look).max(1));
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_fold_in_order_and_stop() {
        let mut seen = Vec::new();
        let used = run_looks(1000, 64, &|s, e| (s, e), &mut |r, n| {
            seen.push((r, n));
            n >= 300
        });
        assert_eq!(used, 320);
        assert_eq!(seen.len(), 5);
        assert_eq!(seen[4], ((256, 320), 320));
        let mut last = 0;
        let used = run_looks(1000, 64, &|s, e| e - s, &mut |k, _| {
            last += k;
            false
        });
        assert_eq!((used, last), (1000, 1000));
    }

    #[test]
    fn rules() {
        let r = StopRule {
            sprt: Some(Sprt::new(0.5, 0.55, 0.05, 0.05).unwrap()),
            half_width: Some(0.01),
            min_games: 100,
            look: 10,
        };
        assert_eq!(r.check(31, 31, Some(0.2), 31), Some(Decision::AcceptH1));
        assert_eq!(r.check(5, 10, Some(0.005), 10), None);
        assert_eq!(
            r.check(50, 100, Some(0.005), 100),
            Some(Decision::HalfWidth)
        );
        let i = r.info(None, 50, 100, Some(0.1), 100, 100);
        assert_eq!(i.decision, Decision::Undecided);
        assert!((i.llr.unwrap() - (50.0 * 1.1f64.ln() + 50.0 * 0.9f64.ln())).abs() < 1e-12);
    }
}
