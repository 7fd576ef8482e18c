//! Competitive matches: best-of-K series between two agents with decks dealt at random.
//!
//! Allegiance's rulebook describes a competitive match against one opponent: an odd number of
//! games, the player who wins more than half of them wins the match; before each game each
//! player is dealt a random hero, and a hero is played at most once in the series; the first
//! game's first player is decided by a die, and the loser of a game chooses whether to play
//! first or second in the next. Nothing here knows a game: a "hero" is a deck (for Allegiance
//! a hero loadout), so the same command runs any two-player game whose seats are both played
//! by agents.
//!
//! Readings where the rulebook is silent (documented in `README.md` as well):
//! * **The deck pool** holds every deck given; each game deals two decks out of it without
//!   replacement. When fewer than two are left (a long series with few decks), the pool is
//!   refilled with every deck, as if a new box were opened.
//! * **The loser's choice** is a fixed policy (`--loser-plays first|second`, default first);
//!   measure the first-player advantage with `cardsim run` to pick it.
//! * **A drawn game** (the turn limit) does not count towards the majority and the next game's
//!   order is the drawn game's swapped. A series that reaches `2 × K` games without a majority
//!   is a drawn match (its own outcome, never folded into wins or losses).
//!
//! Determinism: match `m` deals its decks and its first player from the run seed and `m`
//! only; game `j` of match `m` is global game `m × 2K + j`, seeded like every other game.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Result};
use cardsim_agents::{make_agent_for, Agent, AgentSpec};
use cardsim_engine::{stream_rng, PlayerResult, RngRole, Ruleset};
use rand::RngExt;
use serde::Serialize;

use crate::git_commit;
use crate::output::{rate as rate_cells, write_json, write_staged};
use crate::runner::play_seeded;
use crate::settings::RunSettings;
use crate::stats::{wilson, Z95};

/// Matches per unit of parallel work.
const SERIES_CHUNK: u64 = 64;
/// The RNG role of a match's own draws (decks, first player); no seat uses it.
const SERIES_ROLE: RngRole = RngRole::Agent(200);

/// Columns of `series.csv`.
pub const SERIES_COLUMNS: [&str; 24] = [
    "agent_a",
    "agent_b",
    "best_of",
    "loser_plays",
    "matches",
    "a_match_wins",
    "b_match_wins",
    "drawn_matches",
    "a_match_rate",
    "a_match_rate_ci_low",
    "a_match_rate_ci_high",
    "games",
    "a_game_wins",
    "b_game_wins",
    "drawn_games",
    "a_game_rate",
    "a_game_rate_ci_low",
    "a_game_rate_ci_high",
    "first_player_game_rate",
    "first_player_game_rate_ci_low",
    "first_player_game_rate_ci_high",
    "game1_winner_takes_match",
    "game1_winner_takes_match_ci_low",
    "game1_winner_takes_match_ci_high",
];

/// Who plays first after a lost game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LoserPlays {
    /// The loser of the previous game plays first.
    First,
    /// The loser of the previous game plays second.
    Second,
}

impl std::str::FromStr for LoserPlays {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "first" => Ok(LoserPlays::First),
            "second" => Ok(LoserPlays::Second),
            _ => Err(format!("`{s}` is neither `first` nor `second`")),
        }
    }
}

/// A series job.
#[derive(Clone, Debug)]
pub struct SeriesJob {
    /// Game, files, seed, threads, output, parameters, progress, command (the options are
    /// not used: the manifest records the job's own fields).
    pub run: RunSettings,
    /// The deck pool (at least two decks).
    pub decks: Vec<PathBuf>,
    /// Agent A's spec.
    pub agent_a: String,
    /// Agent B's spec.
    pub agent_b: String,
    /// Games in a series (odd).
    pub best_of: u32,
    /// Matches to play.
    pub matches: u64,
    /// Who plays first after a loss.
    pub loser_plays: LoserPlays,
}

/// Integer counts of a set of matches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct SeriesAcc {
    /// Matches played.
    pub matches: u64,
    /// Matches A won.
    pub a_match_wins: u64,
    /// Matches B won.
    pub b_match_wins: u64,
    /// Matches without a majority after `2 × best_of` games.
    pub drawn_matches: u64,
    /// Games played.
    pub games: u64,
    /// Games A won.
    pub a_game_wins: u64,
    /// Games B won.
    pub b_game_wins: u64,
    /// Drawn games.
    pub drawn_games: u64,
    /// Games the first player (seat 0) won.
    pub first_player_wins: u64,
    /// Matches whose first game was decided, and of those how many the winner of game 1 won.
    pub game1_decided: u64,
    /// See `game1_decided`.
    pub game1_winner_won: u64,
    /// Matches by number of games played (index = games).
    pub length: Vec<u64>,
}

impl crate::distribute::Partial for SeriesAcc {
    fn absorb(&mut self, o: &SeriesAcc) {
        self.add(o);
    }
}

impl SeriesAcc {
    fn add(&mut self, o: &SeriesAcc) {
        self.matches += o.matches;
        self.a_match_wins += o.a_match_wins;
        self.b_match_wins += o.b_match_wins;
        self.drawn_matches += o.drawn_matches;
        self.games += o.games;
        self.a_game_wins += o.a_game_wins;
        self.b_game_wins += o.b_game_wins;
        self.drawn_games += o.drawn_games;
        self.first_player_wins += o.first_player_wins;
        self.game1_decided += o.game1_decided;
        self.game1_winner_won += o.game1_winner_won;
        if self.length.len() < o.length.len() {
            self.length.resize(o.length.len(), 0);
        }
        for (a, b) in self.length.iter_mut().zip(&o.length) {
            *a += b;
        }
    }

    /// A's match win rate over all matches (drawn matches count in the denominator) with its
    /// 95% Wilson interval.
    pub fn a_match_rate(&self) -> Option<(f64, f64, f64)> {
        rate(self.a_match_wins, self.matches)
    }

    /// A's game win rate over all games (drawn games in the denominator) with its interval.
    pub fn a_game_rate(&self) -> Option<(f64, f64, f64)> {
        rate(self.a_game_wins, self.games)
    }

    /// Mean games per match.
    pub fn mean_length(&self) -> f64 {
        if self.matches == 0 {
            return 0.0;
        }
        self.games as f64 / self.matches as f64
    }
}

fn rate(k: u64, n: u64) -> Option<(f64, f64, f64)> {
    wilson(k, n, Z95).map(|(l, h)| (k as f64 / n as f64, l, h))
}

/// The manifest of a series run.
#[derive(Clone, Debug, Serialize)]
pub struct SeriesManifest {
    /// Game name.
    pub game: String,
    /// Card file.
    pub cards: String,
    /// Deck pool.
    pub decks: Vec<String>,
    /// Agent labels.
    pub agents: [String; 2],
    /// Games per series.
    pub best_of: u32,
    /// Who plays first after a loss.
    pub loser_plays: LoserPlays,
    /// Run seed.
    pub seed: u64,
    /// Rule parameters.
    pub params: Vec<String>,
    /// Worker threads.
    pub threads: usize,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
    /// Whether the results are reproducible from the seed.
    pub deterministic: bool,
    /// The command line.
    pub command: Vec<String>,
    /// Source commit.
    pub git_commit: Option<String>,
    /// How the job ran when not in one go (shards merged, chunks resumed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<serde_json::Value>,
}

/// The result of a series run.
#[derive(Clone, Debug)]
pub struct SeriesReport {
    /// Counts.
    pub acc: SeriesAcc,
    /// Manifest.
    pub manifest: SeriesManifest,
    /// Files written.
    pub written: Vec<PathBuf>,
}

/// Play a series run for the game it names.
pub fn series(job: &SeriesJob) -> Result<SeriesReport> {
    for_game!(&job.run.game, series_for(job: &'a SeriesJob) -> Result<SeriesReport>)?
}

/// Play matches `start..end` with agents `agents` (slot 0 = A, 1 = B).
fn play_matches<R: Ruleset>(
    ruleset: &R,
    job: &SeriesJob,
    agents: &mut [Box<dyn Agent<R::State>>],
    start: u64,
    end: u64,
) -> SeriesAcc {
    let k = ruleset.deck_names().len();
    let cap = 2 * job.best_of as u64;
    let need = job.best_of / 2 + 1;
    let peeks: Vec<bool> = agents.iter().map(|a| a.sees_hidden()).collect();
    let mut acc = SeriesAcc {
        length: vec![0; cap as usize + 1],
        ..SeriesAcc::default()
    };
    let mut pool: Vec<u8> = Vec::with_capacity(k);
    for m in start..end {
        let mut rng = stream_rng(job.run.seed, m, SERIES_ROLE);
        pool.clear();
        // `first` = the slot (0 = A, 1 = B) playing first in the next game.
        let mut first: usize = rng.random_range(0..2);
        let mut wins = [0u32; 2];
        let mut game1: Option<usize> = None;
        let mut played = 0u64;
        while played < cap && wins[0] < need && wins[1] < need {
            if pool.len() < 2 {
                pool.clear();
                pool.extend(0..k as u8);
            }
            let mut deal = [0u8; 2];
            for d in deal.iter_mut() {
                let i = rng.random_range(0..pool.len());
                *d = pool.swap_remove(i);
            }
            // deal[slot] is the slot's deck; seat 0 plays first.
            let slot_of_seat = [first, 1 - first];
            let seating = [deal[first], deal[1 - first]];
            for a in agents.iter_mut() {
                a.reset();
            }
            let g = m * cap + played;
            let (_, rec) = play_seeded(
                ruleset,
                job.run.seed,
                g,
                &seating,
                &slot_of_seat,
                agents,
                &peeks,
            );
            played += 1;
            acc.games += 1;
            let winner = (0..2).find(|&s| rec.results[s] == PlayerResult::Win);
            match winner {
                Some(seat) => {
                    let slot = slot_of_seat[seat];
                    wins[slot] += 1;
                    if slot == 0 {
                        acc.a_game_wins += 1;
                    } else {
                        acc.b_game_wins += 1;
                    }
                    acc.first_player_wins += (seat == 0) as u64;
                    if played == 1 {
                        game1 = Some(slot);
                    }
                    let loser = 1 - slot;
                    first = match job.loser_plays {
                        LoserPlays::First => loser,
                        LoserPlays::Second => slot,
                    };
                }
                None => {
                    acc.drawn_games += 1;
                    first = 1 - first;
                }
            }
        }
        acc.matches += 1;
        acc.length[played as usize] += 1;
        let match_winner = if wins[0] >= need {
            acc.a_match_wins += 1;
            Some(0)
        } else if wins[1] >= need {
            acc.b_match_wins += 1;
            Some(1)
        } else {
            acc.drawn_matches += 1;
            None
        };
        if let Some(w1) = game1 {
            acc.game1_decided += 1;
            acc.game1_winner_won += (match_winner == Some(w1)) as u64;
        }
    }
    acc
}

/// Play a series run for rule set `R`.
pub fn series_for<R: Ruleset>(job: &SeriesJob) -> Result<SeriesReport> {
    // The output folder is checked before the first game, not after the last.
    job.run.check_out()?;
    if job.best_of == 0 || job.best_of.is_multiple_of(2) {
        bail!(
            "--best-of {} must be an odd number of games (1, 3, 5, ...)",
            job.best_of
        );
    }
    if job.best_of > 99 {
        bail!("--best-of {} is too long (at most 99)", job.best_of);
    }
    if job.matches == 0 {
        bail!("--matches must be at least 1");
    }
    if job.decks.len() < 2 {
        bail!("a match needs a pool of at least two decks to deal from");
    }
    let (ruleset, cards) = job.run.load::<R>(&job.decks)?;
    if ruleset.num_players() != 2 {
        bail!(
            "a competitive match is between two players; {} is set up for {} (set its player count to 2)",
            R::NAME,
            ruleset.num_players()
        );
    }
    if (0..2).any(|s| ruleset.fixed_seat_agent(s).is_some()) {
        bail!(
            "in {} a seat is played by the rules' automaton, so two agents cannot play a match",
            R::NAME
        );
    }
    if ruleset.team_of(0).is_some() && ruleset.team_of(0) == ruleset.team_of(1) {
        bail!(
            "in {} both seats play on one team (a co-operative game shares one result), so two agents cannot play a match against each other",
            R::NAME
        );
    }
    let specs = [
        AgentSpec::parse(&job.agent_a)?,
        AgentSpec::parse(&job.agent_b)?,
    ];
    let make = || -> Result<Vec<Box<dyn Agent<R::State>>>> {
        specs
            .iter()
            .map(|s| Ok(make_agent_for(&ruleset, s)?))
            .collect()
    };
    let probe = make()?;
    let labels = [probe[0].label(), probe[1].label()];
    let deterministic = probe.iter().all(|a| a.deterministic());
    let (pool, threads) = job.run.pool()?;
    let bar = job.run.progress_bar(job.matches);
    let started = Instant::now();
    let empty = || SeriesAcc {
        length: vec![0; 2 * job.best_of as usize + 1],
        ..SeriesAcc::default()
    };
    // Chunks are produced lazily from their number and folded as they finish (integer
    // counts, so the grouping changes nothing): memory stays flat in the match count.
    let acc: Result<SeriesAcc> = pool.install(|| {
        crate::distribute::play_units(
            job.run.out.as_deref(),
            &[job.matches],
            SERIES_CHUNK,
            &|_| empty(),
            &|_, s, e| {
                let mut agents = make()?;
                let acc = play_matches(&ruleset, job, &mut agents, s, e);
                bar.inc(e - s);
                Ok(acc)
            },
        )
        .map(|mut v| v.pop().expect("one unit"))
    });
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let acc = acc?;
    let manifest = SeriesManifest {
        game: R::NAME.to_string(),
        cards: cards.display().to_string(),
        decks: ruleset.deck_names().to_vec(),
        agents: labels,
        best_of: job.best_of,
        loser_plays: job.loser_plays,
        seed: job.run.seed,
        params: job.run.params.clone(),
        threads,
        elapsed_seconds: crate::distribute::merged_seconds().unwrap_or(elapsed),
        deterministic,
        command: job.run.command.clone(),
        git_commit: git_commit(),
        distribution: crate::distribute::describe(),
    };
    let written = match &job.run.out {
        Some(dir) => write_series(dir, &acc, &manifest)?,
        None => Vec::new(),
    };
    Ok(SeriesReport {
        acc,
        manifest,
        written,
    })
}

fn write_series(dir: &Path, acc: &SeriesAcc, m: &SeriesManifest) -> Result<Vec<PathBuf>> {
    write_staged(
        dir,
        &["series.csv", "length.csv", "manifest.json"],
        |stage| {
            let mut w = crate::csvout::CsvOut::from_path(stage.join("series.csv"))?;
            w.write_record(SERIES_COLUMNS)?;
            let [mr, ml, mh] = rate_cells(acc.a_match_wins, acc.matches);
            let [gr, gl, gh] = rate_cells(acc.a_game_wins, acc.games);
            let first = rate_cells(acc.first_player_wins, acc.games);
            let game1 = rate_cells(acc.game1_winner_won, acc.game1_decided);
            let mut rec = vec![
                m.agents[0].clone(),
                m.agents[1].clone(),
                m.best_of.to_string(),
                format!("{:?}", m.loser_plays).to_lowercase(),
                acc.matches.to_string(),
                acc.a_match_wins.to_string(),
                acc.b_match_wins.to_string(),
                acc.drawn_matches.to_string(),
                mr,
                ml,
                mh,
                acc.games.to_string(),
                acc.a_game_wins.to_string(),
                acc.b_game_wins.to_string(),
                acc.drawn_games.to_string(),
                gr,
                gl,
                gh,
            ];
            rec.extend(first);
            rec.extend(game1);
            w.write_record(rec)?;
            w.flush()?;
            let mut w = crate::csvout::CsvOut::from_path(stage.join("length.csv"))?;
            w.write_record(["games_in_match", "matches"])?;
            for (g, &n) in acc.length.iter().enumerate().skip(1) {
                w.write_record([g.to_string(), n.to_string()])?;
            }
            w.flush()?;
            write_json(&stage.join("manifest.json"), m)?;
            Ok(())
        },
    )
}

/// A short console summary.
pub fn series_table(r: &SeriesReport) -> String {
    let a = &r.acc;
    let m = &r.manifest;
    let pct = |x: Option<(f64, f64, f64)>| match x {
        Some((p, l, h)) => crate::table::pct_iv(p, l, h),
        None => "-".into(),
    };
    let mut t = crate::table::Table::new(
        [
            "",
            "A",
            "B",
            "drawn",
            "A wins [95% CI]",
            "first player wins [95% CI]",
        ],
        1,
    );
    t.row([
        "matches".to_string(),
        a.a_match_wins.to_string(),
        a.b_match_wins.to_string(),
        a.drawn_matches.to_string(),
        pct(a.a_match_rate()),
        String::new(),
    ]);
    t.row([
        "games".to_string(),
        a.a_game_wins.to_string(),
        a.b_game_wins.to_string(),
        a.drawn_games.to_string(),
        pct(a.a_game_rate()),
        pct(rate(a.first_player_wins, a.games)),
    ]);
    format!(
        "{} vs {}, best of {} ({} matches, {} games, {:.2} games per match; loser plays {})\n{t}\
         the winner of game 1 takes the match in {} of the {} matches whose game 1 was decided\n",
        m.agents[0],
        m.agents[1],
        m.best_of,
        a.matches,
        a.games,
        a.mean_length(),
        format!("{:?}", m.loser_plays).to_lowercase(),
        pct(rate(a.game1_winner_won, a.game1_decided)),
        a.game1_decided
    )
}
