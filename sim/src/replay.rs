//! `cardsim replay`: re-play one game of a finished run from its manifest and the game's
//! global index, printing what happened turn by turn (the game's event log: cards played,
//! skills with targets and amounts, damage, deaths, statuses) and every decision with the
//! options the player had. The game is dealt and played exactly as in the run (same seed,
//! same seating rotation, same agent RNG streams), so its result matches the run's.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use cardsim_agents::{make_agent_for, Agent, AgentSpec};
use cardsim_engine::{
    game_rng, stream_rng, ActionBuf, EndReason, Game, PlayerResult, RngRole, Ruleset, ToMove,
    MAX_PLAYERS,
};
use serde::Deserialize;

use crate::runner::{play_game_observed, seating_for, GameRecord};

#[derive(Deserialize)]
struct RunManifest {
    game: String,
    cards: String,
    decks: Vec<String>,
    params: Vec<String>,
    seed: u64,
    matchups: Vec<RunMatchup>,
    #[serde(default = "yes")]
    deterministic: bool,
    /// SHA-256 of the card and deck files the run read (older manifests: none).
    #[serde(default)]
    inputs: std::collections::BTreeMap<String, String>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct RunMatchup {
    id: String,
    decks: Vec<String>,
    agents: Vec<String>,
    games: u64,
    first_game: u64,
    #[serde(default)]
    deck_indices: Vec<u8>,
}

/// What to replay.
#[derive(Debug, Clone)]
pub struct ReplayJob {
    /// The run's output folder (holding manifest.json).
    pub dir: PathBuf,
    /// Global game index (as in the manifest: matchup `first_game` + game within it); with
    /// `find`, where the search starts.
    pub game: u64,
    /// Replay instead the first game from `game` on (within its matchup) meeting every
    /// condition: `end=decided|turn_limit`, `winner=SEAT|draw`, `min_turns=N`,
    /// `max_turns=N`.
    pub find: Vec<String>,
    /// Also print the full state description before every decision.
    pub states: bool,
}

/// A path from the manifest: as written if it exists (relative to the current folder),
/// else relative to the repository root.
fn resolve(p: &str) -> PathBuf {
    let path = PathBuf::from(p);
    if path.exists() {
        return path;
    }
    let root = crate::data_dir().join("..");
    let alt = root.join(p);
    if alt.exists() {
        alt
    } else {
        path
    }
}

/// Replay a game; returns the readable log.
pub fn replay(job: &ReplayJob) -> Result<String> {
    let mpath = job.dir.join("manifest.json");
    if job.dir.join("shard.json").is_file() && !mpath.exists() {
        bail!(
            "{}: a shard of a sharded job, not a run's output folder; `cardsim merge` its shards, then replay the merged folder",
            job.dir.display()
        );
    }
    let text = std::fs::read_to_string(&mpath)
        .with_context(|| format!("cannot read {}", mpath.display()))?;
    let m: RunManifest = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a run manifest", mpath.display()))?;
    let game = m.game.clone();
    let m = &m;
    for_game!(&game, replay_for(m: &'a RunManifest, job: &'a ReplayJob) -> Result<String>)?
}

/// Conditions of `--find`.
#[derive(Default)]
struct Conditions {
    end: Option<EndReason>,
    /// Winning seat, or `None` inside for a draw.
    winner: Option<Option<usize>>,
    min_turns: Option<u32>,
    max_turns: Option<u32>,
}

impl Conditions {
    fn parse<R: Ruleset>(items: &[String], ruleset: &R) -> Result<Self> {
        let mut c = Conditions::default();
        for it in items {
            let Some((k, v)) = it.split_once('=') else {
                bail!("--find `{it}`: expected key=value (end, winner, min_turns, max_turns)");
            };
            let v = v.trim();
            match k.trim() {
                "end" => {
                    c.end = Some(match v {
                        "decided" => EndReason::Decided,
                        "turn_limit" => EndReason::TurnLimit,
                        _ => bail!("--find end=`{v}`: expected decided or turn_limit"),
                    })
                }
                "winner" => {
                    let seats: Vec<&str> = (0..ruleset.num_players())
                        .map(|s| ruleset.seat_name(s))
                        .collect();
                    c.winner = Some(if v == "draw" {
                        None
                    } else {
                        Some(seats.iter().position(|s| *s == v).with_context(|| {
                            format!(
                                "--find winner=`{v}`: expected draw or a seat ({})",
                                seats.join(", ")
                            )
                        })?)
                    });
                }
                "min_turns" | "max_turns" => {
                    let t: u32 = v
                        .parse()
                        .with_context(|| format!("--find {k}=`{v}`: not a whole number"))?;
                    if k.trim() == "min_turns" {
                        c.min_turns = Some(t);
                    } else {
                        c.max_turns = Some(t);
                    }
                }
                _ => bail!("--find `{it}`: unknown key (end, winner, min_turns, max_turns)"),
            }
        }
        Ok(c)
    }

    fn matches(&self, rec: &GameRecord) -> bool {
        if self.end.is_some_and(|e| e != rec.end) {
            return false;
        }
        if let Some(w) = self.winner {
            let actual = (0..MAX_PLAYERS).find(|&s| rec.results[s] == PlayerResult::Win);
            if actual != w {
                return false;
            }
        }
        self.min_turns.is_none_or(|t| rec.turns >= t)
            && self.max_turns.is_none_or(|t| rec.turns <= t)
    }
}

fn replay_for<R: Ruleset>(m: &RunManifest, job: &ReplayJob) -> Result<String> {
    let decks: Vec<PathBuf> = m.decks.iter().map(|d| resolve(d)).collect();
    // A changed card or deck file would replay another game than the run played.
    for (name, sha) in &m.inputs {
        let p = resolve(name);
        if let Ok(now) = crate::distribute::digest::file_sha256(&p) {
            if &now != sha {
                bail!(
                    "{}: changed since the run (its SHA-256 differs from the manifest's), so the replay would not be the run's game; restore the file or run again",
                    p.display()
                );
            }
        }
    }
    let (ruleset, _) = crate::load_ruleset::<R>(Some(&resolve(&m.cards)), &decks, &m.params)
        .context("cannot load the run's cards, decks and parameters")?;
    let Some(mu) = m
        .matchups
        .iter()
        .find(|x| x.first_game <= job.game && job.game < x.first_game + x.games)
    else {
        let total: u64 = m.matchups.iter().map(|x| x.games).sum();
        bail!(
            "game {} is not in this run (global game indices 0 to {})",
            job.game,
            total.saturating_sub(1)
        );
    };
    let n = ruleset.num_players();
    let deck_idx: Vec<u8> = if mu.deck_indices.len() == mu.decks.len() {
        mu.deck_indices.clone()
    } else {
        // Older manifests: match deck names (file stems; mirrors are `name#2`).
        mu.decks
            .iter()
            .map(|name| {
                let base = name.split('#').next().unwrap_or(name);
                m.decks
                    .iter()
                    .position(|d| Path::new(d).file_stem().is_some_and(|s| s == base))
                    .map(|i| i as u8)
                    .with_context(|| format!("deck `{name}` is not among the manifest's decks"))
            })
            .collect::<Result<_>>()?
    };
    if deck_idx.len() != n || mu.agents.len() != n {
        bail!("matchup {} does not seat {n} players", mu.id);
    }
    if let Some(bad) = deck_idx.iter().find(|&&d| d as usize >= decks.len()) {
        bail!(
            "matchup {}: deck index {bad} is not among the manifest's {} decks (a damaged manifest?)",
            mu.id,
            decks.len()
        );
    }
    let mut agents: Vec<Box<dyn Agent<R::State>>> = mu
        .agents
        .iter()
        .map(|a| make_agent_for(&ruleset, &AgentSpec::parse(a)?))
        .collect::<Result<_, _>>()?;
    let peeks: Vec<bool> = agents.iter().map(|a| a.sees_hidden()).collect();
    let cond = Conditions::parse(&job.find, &ruleset)?;
    let mut i = job.game - mu.first_game;
    if !job.find.is_empty() {
        loop {
            if i >= mu.games {
                bail!(
                    "no game of matchup {} from game {} on meets {}",
                    mu.id,
                    job.game,
                    job.find.join(", ")
                );
            }
            let (seating, slot_of_seat) = seating_for(&deck_idx, i);
            for a in agents.iter_mut() {
                a.reset();
            }
            let (_, rec) = crate::runner::play_seeded(
                &ruleset,
                m.seed,
                mu.first_game + i,
                &seating[..n],
                &slot_of_seat[..n],
                &mut agents,
                &peeks,
            );
            if cond.matches(&rec) {
                break;
            }
            i += 1;
        }
        for a in agents.iter_mut() {
            a.reset();
        }
    }
    let g = mu.first_game + i;
    let (seating, slot_of_seat) = seating_for(&deck_idx, i);
    let mut rngs: Vec<_> = (0..n)
        .map(|k| stream_rng(m.seed, g, RngRole::Agent(k as u8)))
        .collect();
    let mut chance_rng = stream_rng(m.seed, g, RngRole::Agent(MAX_PLAYERS as u8));
    let mut state = ruleset.new_game(&seating[..n], game_rng(m.seed, g));
    state.set_logging(true);

    let mut out = String::new();
    let _ = writeln!(
        out,
        "game {g} of {} — matchup {} game {i}; seed {}; {}",
        job.dir.display(),
        mu.id,
        m.seed,
        m.params.join(" ")
    );
    if !m.deterministic {
        let _ = writeln!(
            out,
            "warning: this run used a time budget, so its games cannot be replayed exactly"
        );
    }
    for (seat, &k) in slot_of_seat[..n].iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}: {} (agent {})",
            ruleset.seat_name(seat),
            mu.decks[k],
            mu.agents[k]
        );
    }
    let mut legal = ActionBuf::new();
    let states = job.states;
    let seat_names: Vec<&str> = (0..n).map(|s| ruleset.seat_name(s)).collect();
    let (end, rec) = play_game_observed(
        state,
        &mut agents,
        &slot_of_seat[..n],
        &peeks,
        &mut rngs,
        &mut chance_rng,
        |st: &mut R::State, who, a| {
            for l in st.take_log() {
                let _ = writeln!(out, "{l}");
            }
            if states {
                for (k, v) in st.describe() {
                    let _ = writeln!(out, "    [{k}] {v}");
                }
            }
            st.legal_actions(&mut legal);
            let options: Vec<String> = legal.iter().map(|&x| st.action_label(x)).collect();
            let label = st.action_label(a);
            let whom = match who {
                ToMove::Player(p) => seat_names[p as usize].to_string(),
                ToMove::Chance => "chance".to_string(),
                ToMove::Terminal => "nobody".to_string(),
            };
            let _ = writeln!(
                out,
                "  > {whom} chooses: {label}   (options: {})",
                options.join("; ")
            );
        },
    );
    state = end;
    for l in state.take_log() {
        let _ = writeln!(out, "{l}");
    }
    let who: Vec<String> = (0..n)
        .map(|s| {
            let r = match rec.results[s] {
                PlayerResult::Win => "wins",
                PlayerResult::Loss => "loses",
                PlayerResult::Draw => "draws",
            };
            format!("{} {r}", ruleset.seat_name(s))
        })
        .collect();
    let _ = writeln!(
        out,
        "result: {} ({:?}) after turn {}",
        who.join(", "),
        rec.end,
        rec.turns
    );
    Ok(out)
}
