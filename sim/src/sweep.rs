//! `cardsim sweep`: the same games at each value of one rule parameter.
//!
//! Game `t` is played at every value with the same seating and the same random streams
//! (seed, `t`), so the differences between values are paired. Works for any named parameter
//! of any game: whole numbers as a range `lo..hi:step` (or a list), other kinds as a list
//! `a,b,c`, every value checked by the game's own parameter spec.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use cardsim_agents::{make_agent, Agent, AgentSpec};
use cardsim_engine::{EndReason, Game, ParamKind, Params, PlayerResult, Ruleset, MAX_PLAYERS};

use crate::load_ruleset;
use crate::output::{self, Manifest};
use crate::runner::{play_seeded, seating_for as seating};
use crate::settings::RunSettings;
use crate::stats::{hist_mean, hist_quantile, wilson, Paired, Z95};

/// A sweep.
#[derive(Clone, Debug)]
pub struct SweepSpec {
    /// Game, files, seed, threads, output, the parameters held fixed, progress, command.
    pub run: RunSettings,
    /// Decks: exactly one per seat (one table), or, with `round_robin`, every pair of them.
    pub decks: Vec<PathBuf>,
    /// Play every pair of the decks (two-player games).
    pub round_robin: bool,
    /// Agent spec for every deck.
    pub agent: String,
    /// The swept parameter, `name=lo..hi:step` or `name=a,b,c`.
    pub param: String,
    /// Games per table (pair) at each value.
    pub games: u64,
}

/// Counts at one value.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ValueAcc {
    /// Games.
    pub games: u64,
    /// Wins per seat.
    pub wins: [u64; MAX_PLAYERS],
    /// Games ended by the turn limit.
    pub stalls: u64,
    /// Game length histogram.
    pub turns: Vec<u64>,
    /// Per seat: paired differences of "this seat won" against the first value.
    pub win_diff: [Paired; MAX_PLAYERS],
    /// Paired differences of "stalled" against the first value.
    pub stall_diff: Paired,
}

impl crate::distribute::Partial for ValueAcc {
    fn absorb(&mut self, o: &ValueAcc) {
        self.games += o.games;
        for s in 0..MAX_PLAYERS {
            self.wins[s] += o.wins[s];
            self.win_diff[s].merge(&o.win_diff[s]);
        }
        self.stalls += o.stalls;
        self.stall_diff.merge(&o.stall_diff);
        if self.turns.len() < o.turns.len() {
            self.turns.resize(o.turns.len(), 0);
        }
        for (a, b) in self.turns.iter_mut().zip(&o.turns) {
            *a += b;
        }
    }
}

/// The result of a sweep.
pub struct SweepReport {
    /// Parameter name.
    pub param: String,
    /// Values as the game renders them.
    pub values: Vec<String>,
    /// Seat names.
    pub seats: Vec<String>,
    /// Counts per value.
    pub accs: Vec<ValueAcc>,
    /// Manifest.
    pub manifest: Manifest,
    /// Files written.
    pub written: Vec<PathBuf>,
}

/// Expand `name=lo..hi:step` / `name=lo..hi` / `name=a,b,c` into (name, value texts).
pub fn parse_sweep(text: &str) -> Result<(String, Vec<String>)> {
    let (name, vals) = text.split_once('=').ok_or_else(|| {
        anyhow!("--param `{text}` is not of the form name=lo..hi:step or name=a,b,c")
    })?;
    let name = name.trim().to_string();
    let vals = vals.trim();
    let out: Vec<String> = if let Some((lo, rest)) = vals.split_once("..") {
        let (hi, step) = rest.split_once(':').unwrap_or((rest, "1"));
        let num = |s: &str, what: &str| -> Result<i64> {
            s.trim().parse().map_err(|_| {
                anyhow!(
                    "--param `{text}`: {what} `{}` is not a whole number",
                    s.trim()
                )
            })
        };
        let (lo, hi, step) = (num(lo, "start")?, num(hi, "end")?, num(step, "step")?);
        if step <= 0 || hi < lo {
            bail!("--param `{text}`: a range needs start <= end and a step of at least 1");
        }
        // In i128: the span of two i64 bounds does not fit an i64.
        let (lo, hi, step) = (lo as i128, hi as i128, step as i128);
        let count = (hi - lo) / step + 1;
        if count > 1000 {
            bail!("--param `{text}`: {count} values; at most 1000");
        }
        (0..count).map(|i| (lo + i * step).to_string()).collect()
    } else {
        vals.split(',').map(|v| v.trim().to_string()).collect()
    };
    if out.iter().any(|v| v.is_empty()) {
        bail!("--param `{text}`: an empty value");
    }
    Ok((name, out))
}

/// Run a sweep.
pub fn sweep(spec: &SweepSpec) -> Result<SweepReport> {
    for_game!(&spec.run.game, sweep_for(spec: &'a SweepSpec) -> Result<SweepReport>)?
}

/// Run a sweep for rule set `R` (`spec.run.game` is not consulted; [`sweep`] picks `R` by it).
pub fn sweep_for<R: Ruleset>(spec: &SweepSpec) -> Result<SweepReport> {
    // The output folder is checked before the first game, not after the last.
    spec.run.check_out()?;
    if spec.games == 0 {
        bail!("--games must be at least 1");
    }
    let (name, values) = parse_sweep(&spec.param)?;
    // Check every value (and the fixed parameters) with the game's own specs first.
    Params::from_assignments(R::param_specs(), R::presets(), &spec.run.params)?;
    let pspec = R::param_specs()
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| {
            anyhow!(
                "unknown rule parameter `{name}` (known: {})",
                R::param_specs()
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?;
    if spec
        .run
        .params
        .iter()
        .any(|f| f.split('=').next().map(str::trim) == Some(name.as_str()))
    {
        bail!("`{name}` is both swept (--sweep) and fixed (--param)");
    }
    let mut rendered = Vec::new();
    for v in &values {
        let x = pspec.parse(v)?;
        let r = pspec.render(x);
        if rendered.contains(&r) {
            bail!("--param `{}`: the value `{r}` appears twice", spec.param);
        }
        rendered.push(r);
    }
    if rendered.is_empty() {
        bail!("--param `{}`: no values to sweep", spec.param);
    }
    if matches!(pspec.kind, ParamKind::Int { .. }) && values.len() < 2 {
        eprintln!("note: a sweep of one value");
    }
    let rulesets: Vec<R> = rendered
        .iter()
        .map(|v| {
            let mut p = spec.run.params.clone();
            p.push(format!("{name}={v}"));
            load_ruleset::<R>(spec.run.cards.as_deref(), &spec.decks, &p).map(|x| x.0)
        })
        .collect::<Result<_>>()?;
    let cards = spec
        .run
        .cards
        .clone()
        .unwrap_or_else(|| crate::data_dir().join(R::default_cards()));
    let first = &rulesets[0];
    let n = first.num_players();
    seats_unchanged(&rulesets, &name, &rendered)?;
    let k = spec.decks.len();
    let tables: Vec<Vec<u8>> = if spec.round_robin {
        if n != 2 || k < 2 {
            bail!("a round-robin sweep needs a two-player game and at least two decks");
        }
        (0..k)
            .flat_map(|a| (a + 1..k).map(move |b| vec![a as u8, b as u8]))
            .collect()
    } else {
        if k != n {
            bail!(
                "{} is a {n}-player game: give {n} decks (or --round-robin), not {k}",
                R::NAME
            );
        }
        vec![(0..n as u8).collect()]
    };
    let agent = AgentSpec::parse(&spec.agent)?;
    let peeks = vec![make_agent::<R>(&agent)?.sees_hidden(); n];
    let max_turns: Vec<usize> = rulesets
        .iter()
        .map(|r| {
            r.new_game(&tables[0], cardsim_engine::game_rng(0, 0))
                .max_turns() as usize
        })
        .collect();
    let m = tables.len() as u64;
    let total = spec.games * m;
    let (pool, threads) = spec.run.pool()?;
    let bar = spec.run.progress_bar(total * rulesets.len() as u64);
    let started = Instant::now();
    let nv = rulesets.len();
    let play = |s: u64, e: u64| -> Vec<ValueAcc> {
        let mut agents: Vec<Box<dyn Agent<R::State>>> = (0..n)
            .map(|_| make_agent::<R>(&agent).expect("checked"))
            .collect();
        let mut accs: Vec<ValueAcc> = max_turns
            .iter()
            .map(|&t| ValueAcc {
                turns: vec![0; t + 1],
                ..Default::default()
            })
            .collect();
        for t in s..e {
            let table = &tables[(t % m) as usize];
            let (seats, slots) = seating(table, t / m);
            let mut first_res = [false; MAX_PLAYERS];
            let mut first_stall = false;
            for (vi, r) in rulesets.iter().enumerate() {
                for a in agents.iter_mut() {
                    a.reset();
                }
                let (state, rec) = play_seeded(
                    r,
                    spec.run.seed,
                    t,
                    &seats[..n],
                    &slots[..n],
                    &mut agents,
                    &peeks,
                );
                let acc = &mut accs[vi];
                acc.games += 1;
                let stall = rec.end == EndReason::TurnLimit;
                acc.stalls += stall as u64;
                let tt = (state.turn() as usize).min(max_turns[vi]);
                acc.turns[tt] += 1;
                for (seat, first_won) in first_res[..n].iter_mut().enumerate() {
                    let won = rec.results[seat] == PlayerResult::Win;
                    acc.wins[seat] += won as u64;
                    if vi == 0 {
                        *first_won = won;
                    }
                    acc.win_diff[seat].add(2 * *first_won as u8, 2 * won as u8);
                }
                if vi == 0 {
                    first_stall = stall;
                }
                acc.stall_diff.add(2 * first_stall as u8, 2 * stall as u8);
            }
        }
        bar.inc((e - s) * nv as u64);
        accs
    };
    let chunk = (crate::runner::CHUNK / nv as u64).max(64);
    let empty = |_| -> Vec<ValueAcc> { vec![ValueAcc::default(); nv] };
    let accs = pool
        .install(|| {
            crate::distribute::play_units(
                spec.run.out.as_deref(),
                &[total],
                chunk,
                &empty,
                &|_, s, e| Ok(play(s, e)),
            )
        })?
        .pop()
        .expect("one unit");
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let seats: Vec<String> = (0..n).map(|s| first.seat_name(s).to_string()).collect();
    let names = first.deck_names();
    let games = total * nv as u64;
    let mut manifest = spec.run.manifest(
        "sweep",
        first,
        &cards,
        &spec.decks,
        output::table_matchups(&tables, &names, &vec![agent.to_string(); n], spec.games),
        |map| {
            map.insert("param".into(), name.clone().into());
            map.insert("values".into(), rendered.clone().into());
            map.insert("pairing".into(), format!("game t is played at every value with table t mod {m}, seats alternated by t div {m}, and every random stream from (seed, t); *_diff columns are paired differences against the first value").into());
            Ok(())
        },
    )?;
    manifest.set_timing(games, threads, elapsed);
    manifest
        .params
        .retain(|p| !p.starts_with(&format!("{name}=")));
    let mut rep = SweepReport {
        param: name,
        values: rendered,
        seats,
        accs,
        manifest,
        written: Vec::new(),
    };
    rep.written = spec
        .run
        .write(&[("sweep.csv", &|p| write_sweep(p, &rep))], &rep.manifest)?;
    Ok(rep)
}

/// A sweep plays the same seats at every value: a parameter that changes the number of seats
/// (a player count) is refused with the counts, rather than failing mid-run.
fn seats_unchanged<R: Ruleset>(rulesets: &[R], name: &str, values: &[String]) -> Result<()> {
    let n = rulesets[0].num_players();
    if let Some(i) = rulesets.iter().position(|r| r.num_players() != n) {
        bail!(
            "`{name}` changes the number of seats ({n} at {name}={}, {} at {name}={}); a sweep keeps the seats, so run each value with `cardsim run`",
            values[0],
            rulesets[i].num_players(),
            values[i]
        );
    }
    Ok(())
}

fn f4(x: f64) -> String {
    format!("{x:.4}")
}

fn rate3(k: u64, n: u64) -> [String; 3] {
    match wilson(k, n, Z95) {
        Some((lo, hi)) => [f4(k as f64 / n as f64), f4(lo), f4(hi)],
        None => Default::default(),
    }
}

fn diff3(p: &Paired) -> [String; 3] {
    match p.diff(Z95) {
        Some((d, lo, hi)) => [f4(d), f4(lo), f4(hi)],
        None => Default::default(),
    }
}

/// The fixed leading columns of sweep.csv (readers such as `cardsim report` rely on them; new columns go at the end).
pub const SWEEP_COLUMNS: [&str; 14] = [
    "param",
    "value",
    "games",
    "seat",
    "wins",
    "win_rate",
    "win_rate_ci_low",
    "win_rate_ci_high",
    "stalls",
    "stall_rate",
    "stall_rate_ci_low",
    "stall_rate_ci_high",
    "mean_turns",
    "p90_turns",
];

fn write_sweep(path: &Path, rep: &SweepReport) -> Result<()> {
    let mut w = crate::csvout::CsvOut::from_path(path)?;
    let mut header: Vec<&str> = SWEEP_COLUMNS.to_vec();
    header.extend([
        "win_diff",
        "win_diff_ci_low",
        "win_diff_ci_high",
        "stall_diff",
        "stall_diff_ci_low",
        "stall_diff_ci_high",
    ]);
    w.write_record(&header)?;
    for (v, a) in rep.values.iter().zip(&rep.accs) {
        for (s, seat) in rep.seats.iter().enumerate() {
            let mut rec = vec![
                rep.param.clone(),
                v.clone(),
                a.games.to_string(),
                seat.clone(),
                a.wins[s].to_string(),
            ];
            rec.extend(rate3(a.wins[s], a.games));
            rec.push(a.stalls.to_string());
            rec.extend(rate3(a.stalls, a.games));
            rec.push(
                hist_mean(&a.turns)
                    .map(|m| format!("{m:.3}"))
                    .unwrap_or_default(),
            );
            rec.push(
                hist_quantile(&a.turns, 0.9)
                    .map(|q| q.to_string())
                    .unwrap_or_default(),
            );
            rec.extend(diff3(&a.win_diff[s]));
            rec.extend(diff3(&a.stall_diff));
            w.write_record(&rec)?;
        }
    }
    w.flush()?;
    Ok(())
}

/// The printed table: per value, each seat's win rate, the stall rate and game length.
pub fn table(rep: &SweepReport) -> String {
    let mut head = vec![rep.param.clone(), "games".into()];
    head.extend(rep.seats.iter().map(|seat| format!("{seat} wins [95% CI]")));
    head.extend(["stalls [95% CI]".into(), "mean".into(), "p90".into()]);
    let mut t = crate::table::Table::new(head, 0);
    let pc = |k: u64, n: u64| {
        wilson(k, n, Z95)
            .map(|(lo, hi)| crate::table::pct_iv(k as f64 / n as f64, lo, hi))
            .unwrap_or_default()
    };
    for (v, a) in rep.values.iter().zip(&rep.accs) {
        let mut row = vec![v.to_string(), a.games.to_string()];
        row.extend((0..rep.seats.len()).map(|k| pc(a.wins[k], a.games)));
        row.push(pc(a.stalls, a.games));
        row.push(
            hist_mean(&a.turns)
                .map(|m| format!("{m:.1}"))
                .unwrap_or_default(),
        );
        row.push(
            hist_quantile(&a.turns, 0.9)
                .map(|q| q.to_string())
                .unwrap_or_default(),
        );
        t.row(row);
    }
    t.render()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweep_values() {
        let (n, v) = parse_sweep("turn_limit=10..100:10").unwrap();
        assert_eq!(n, "turn_limit");
        assert_eq!(v.len(), 10);
        assert_eq!((v[0].as_str(), v[9].as_str()), ("10", "100"));
        assert_eq!(parse_sweep("x=3..5").unwrap().1, vec!["3", "4", "5"]);
        assert_eq!(
            parse_sweep("at_limit=defender, draw").unwrap().1,
            vec!["defender", "draw"]
        );
        assert!(parse_sweep("x=5..3").is_err());
        assert!(parse_sweep("x=1..5:0").is_err());
        assert!(parse_sweep("x=a..5").is_err());
        // The span of the widest range does not fit an i64: refused by its size, no overflow.
        let e = parse_sweep("x=-9223372036854775808..9223372036854775807:1")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("18446744073709551616 values; at most 1000"),
            "{e}"
        );
        assert!(parse_sweep("x").is_err());
        assert!(parse_sweep("x=1,,2").is_err());
    }
}
