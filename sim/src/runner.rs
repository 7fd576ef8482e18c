//! Playing many games in parallel, deterministically, and aggregating their results.
//!
//! Games are numbered globally. Game `g` takes its randomness only from the run seed and `g`
//! (the engine's [`game_rng`] and one [`stream_rng`] per agent seat), and its seating only
//! from `g`, so a run's results do not depend on the thread count. Games are grouped into
//! fixed chunks; each chunk is folded into its own integer-only accumulator and the chunk
//! accumulators are merged once (integer sums commute, so the merge order does not matter).

use cardsim_agents::play::{random_action, sample_chance};
use cardsim_agents::{make_agent_for, Agent, AgentSpec, SpecError, View};
use cardsim_engine::{
    game_rng, stream_rng, Action, ActionBuf, ChanceBuf, EndReason, Game, GameRng, PlayerResult,
    RngRole, Ruleset, ToMove, MAX_PLAYERS,
};
use serde::{Deserialize, Serialize};

use crate::distribute::Partial;

/// Games per chunk (the unit of parallel work and of progress updates) of a large plan.
pub const CHUNK: u64 = 2048;

/// The fewest chunks a plan is cut into when it has games enough (see [`chunk_for`]).
pub const MIN_CHUNKS: u64 = 64;

/// Games per chunk of a plan whose units play `games`: [`CHUNK`], or less for a small plan,
/// so that it still has [`MIN_CHUNKS`] chunks (down to one game a chunk). A slow agent's
/// plan is small: 250 greedy Allegiance games, or a few MCTS ones, would otherwise be one
/// chunk, played by one worker with the others idle, with the progress bar and the journal
/// (`--resume`) standing still until its end. The size depends on the game counts alone,
/// never on threads or shards, and no result depends on it (each game's randomness comes
/// from its index, and the sums are exact).
pub fn chunk_for(games: &[u64]) -> u64 {
    games
        .iter()
        .sum::<u64>()
        .div_ceil(MIN_CHUNKS)
        .clamp(1, CHUNK)
}

/// One matchup: which loaded decks play, each with its agent. Decks rotate through the seats
/// game by game (game `i` puts slot `k` in seat `(k + i) mod players`), so every deck plays
/// every seat equally often (exactly, when the game count is a multiple of the players).
#[derive(Clone, Debug)]
pub struct Matchup {
    /// Deck index (into the rule set's decks) per slot.
    pub decks: Vec<u8>,
    /// Agent spec per slot.
    pub agents: Vec<AgentSpec>,
    /// Games to play.
    pub games: u64,
}

/// The result of one game, as the accumulators see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Result per seat.
    pub results: [PlayerResult; MAX_PLAYERS],
    /// How it ended.
    pub end: EndReason,
    /// The game's turn counter at the end.
    pub turns: u32,
    /// Decisions taken by each seat's agent (forced single-option moves excluded).
    pub decisions: [u32; MAX_PLAYERS],
}

/// Play one game to the end. `agents`, `peeks` and `rngs` are indexed by deck slot;
/// `slot_of_seat[seat]` says which slot sits in each seat. Allocates nothing beyond what the
/// agents themselves allocate.
pub fn play_game<G: Game>(
    state: G,
    agents: &mut [Box<dyn Agent<G>>],
    slot_of_seat: &[usize],
    peeks: &[bool],
    rngs: &mut [GameRng],
    chance_rng: &mut GameRng,
) -> (G, GameRecord) {
    play_game_observed(
        state,
        agents,
        slot_of_seat,
        peeks,
        rngs,
        chance_rng,
        |_, _, _| {},
    )
}

/// [`play_game`], calling `observe(state, who, action)` before every action is applied, with
/// the legal actions in `legal` (for replays and logs; the no-op observer compiles away).
pub fn play_game_observed<G: Game, F: FnMut(&mut G, ToMove, Action)>(
    mut state: G,
    agents: &mut [Box<dyn Agent<G>>],
    slot_of_seat: &[usize],
    peeks: &[bool],
    rngs: &mut [GameRng],
    chance_rng: &mut GameRng,
    observe: F,
) -> (G, GameRecord) {
    let rec = play_in_place(
        &mut state,
        agents,
        slot_of_seat,
        peeks,
        rngs,
        chance_rng,
        observe,
    );
    (state, rec)
}

/// [`play_game_observed`] on a state the caller keeps: the game is played where it lies, so
/// a state of a few kilobytes is never moved.
fn play_in_place<G: Game, F: FnMut(&mut G, ToMove, Action)>(
    state: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    slot_of_seat: &[usize],
    peeks: &[bool],
    rngs: &mut [GameRng],
    chance_rng: &mut GameRng,
    observe: F,
) -> GameRecord {
    // The uniform random agents' draws are made in the loop, without the dynamic call and
    // the `View` (the same draw as their `choose`, see `Agent::uniform_random`). Without
    // one, the loop is compiled without the test.
    let mut uniform = [false; MAX_PLAYERS];
    for (u, a) in uniform.iter_mut().zip(agents.iter()) {
        *u = a.uniform_random();
    }
    let io = (slot_of_seat, peeks, rngs, chance_rng);
    if uniform.contains(&true) {
        play_loop::<G, F, true>(state, agents, &uniform, io, observe)
    } else {
        play_loop::<G, F, false>(state, agents, &uniform, io, observe)
    }
}

/// The loop of [`play_in_place`]; with `UNIFORM` it draws itself for the agents marked in
/// `uniform`.
#[inline(always)]
fn play_loop<G: Game, F: FnMut(&mut G, ToMove, Action), const UNIFORM: bool>(
    state: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    uniform: &[bool; MAX_PLAYERS],
    (slot_of_seat, peeks, rngs, chance_rng): (&[usize], &[bool], &mut [GameRng], &mut GameRng),
    mut observe: F,
) -> GameRecord {
    let mut legal = ActionBuf::new();
    let mut chance = ChanceBuf::new();
    let mut decisions = [0u32; MAX_PLAYERS];
    loop {
        match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                let pick = sample_chance(state, &mut chance, chance_rng);
                observe(state, ToMove::Chance, pick);
                state.apply_unchecked(pick);
            }
            ToMove::Player(p) => {
                state.legal_actions(&mut legal);
                let a = if legal.len() == 1 {
                    legal[0]
                } else {
                    decisions[p as usize] += 1;
                    let k = slot_of_seat[p as usize];
                    if UNIFORM && uniform[k] {
                        random_action(&legal, &mut rngs[k])
                    } else {
                        let view = View::new(state, p, &legal, peeks[k]);
                        agents[k].choose(&view, &mut rngs[k])
                    }
                };
                observe(state, ToMove::Player(p), a);
                state.apply_unchecked(a);
            }
        }
    }
    let o = state.outcome().expect("terminal games have an outcome");
    GameRecord {
        results: o.results,
        end: o.end,
        turns: state.turn(),
        decisions,
    }
}

/// Seats of game `i` of a matchup whose slots hold `decks`: seats rotate game by game, slot
/// `k` sitting in seat `(k + i) % n`. Returns the deck in each seat and the slot in each seat.
pub fn seating_for(decks: &[u8], i: u64) -> ([u8; MAX_PLAYERS], [usize; MAX_PLAYERS]) {
    let n = decks.len();
    let rot = (i % n as u64) as usize;
    let mut seating = [0u8; MAX_PLAYERS];
    let mut slot_of_seat = [0usize; MAX_PLAYERS];
    for (k, &d) in decks.iter().enumerate() {
        let seat = (k + rot) % n;
        seating[seat] = d;
        slot_of_seat[seat] = k;
    }
    (seating, slot_of_seat)
}

/// Deal and play global game `g` of a run seeded with `seed`: the game's own RNG and each
/// slot's agent RNG come from (`seed`, `g`) only. `seating[seat]` is the deck in each seat and
/// `slot_of_seat[seat]` the slot (index into `agents` and `peeks`) sitting there.
pub fn play_seeded<R: Ruleset>(
    ruleset: &R,
    seed: u64,
    g: u64,
    seating: &[u8],
    slot_of_seat: &[usize],
    agents: &mut [Box<dyn Agent<R::State>>],
    peeks: &[bool],
) -> (R::State, GameRecord) {
    let mut kept = None;
    let rec = play_seeded_into(
        &mut kept,
        ruleset,
        seed,
        g,
        seating,
        slot_of_seat,
        agents,
        peeks,
    )
    .1;
    (kept.expect("dealt by play_seeded_into"), rec)
}

/// [`play_seeded`] into a state the caller keeps (`None` before its first game): the game
/// is dealt into it with [`Ruleset::new_game_into`] and played where it lies.
#[allow(clippy::too_many_arguments)] // play_seeded's seven, plus the kept state
pub fn play_seeded_into<'s, R: Ruleset>(
    state: &'s mut Option<R::State>,
    ruleset: &R,
    seed: u64,
    g: u64,
    seating: &[u8],
    slot_of_seat: &[usize],
    agents: &mut [Box<dyn Agent<R::State>>],
    peeks: &[bool],
) -> (&'s R::State, GameRecord) {
    let rng = game_rng(seed, g);
    match state.as_mut() {
        Some(s) => ruleset.new_game_into(s, seating, rng),
        None => *state = Some(ruleset.new_game(seating, rng)),
    }
    let s = state.as_mut().expect("dealt above");
    let rec = play_dealt(s, seed, g, seating.len(), slot_of_seat, agents, peeks);
    (s, rec)
}

/// Play global game `g` of a run seeded with `seed` from its dealt `state` (`n` seats), with
/// the agent and chance streams of (`seed`, `g`).
fn play_dealt<G: Game>(
    state: &mut G,
    seed: u64,
    g: u64,
    n: usize,
    slot_of_seat: &[usize],
    agents: &mut [Box<dyn Agent<G>>],
    peeks: &[bool],
) -> GameRecord {
    // Agent RNG streams follow the deck slot, not the seat.
    let mut rngs = [
        stream_rng(seed, g, RngRole::Agent(0)),
        stream_rng(seed, g, RngRole::Agent(1)),
        stream_rng(seed, g, RngRole::Agent(2)),
        stream_rng(seed, g, RngRole::Agent(3)),
    ];
    let mut chance_rng = stream_rng(seed, g, RngRole::Agent(MAX_PLAYERS as u8));
    play_in_place(
        state,
        agents,
        slot_of_seat,
        peeks,
        &mut rngs[..n],
        &mut chance_rng,
        |_, _, _| {},
    )
}

/// Results of one slot (deck) in one seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAcc {
    /// Games.
    pub games: u64,
    /// Wins, losses, draws.
    pub wins: u64,
    /// Losses.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
    /// Wins that came from the turn limit.
    pub wins_at_limit: u64,
    /// Losses that came from the turn limit.
    pub losses_at_limit: u64,
    /// Draws that came from the turn limit.
    pub draws_at_limit: u64,
    /// Histogram of game length in turns.
    pub turns: Vec<u64>,
    /// Decisions taken by this slot's agent.
    pub decisions: u64,
    /// The game's score ([`cardsim_engine::Game::score`]), when it keeps one.
    #[serde(default, skip_serializing_if = "crate::score::ScoreAcc::is_empty")]
    pub score: crate::score::ScoreAcc,
}

impl SeatAcc {
    /// Empty counts for games of at most `max_turns` turns.
    pub fn new(max_turns: usize) -> Self {
        SeatAcc {
            turns: vec![0; max_turns + 1],
            ..Default::default()
        }
    }
    /// Add another accumulator's counts.
    pub fn merge(&mut self, o: &SeatAcc) {
        self.games += o.games;
        self.wins += o.wins;
        self.losses += o.losses;
        self.draws += o.draws;
        self.wins_at_limit += o.wins_at_limit;
        self.losses_at_limit += o.losses_at_limit;
        self.draws_at_limit += o.draws_at_limit;
        self.decisions += o.decisions;
        self.score.merge(&o.score);
        for (a, b) in self.turns.iter_mut().zip(&o.turns) {
            *a += b;
        }
    }
}

/// Index of a team's counts in [`MatchAcc::teams`]: the bit mask of its deck slots and the
/// bit mask of the seats they sat in.
pub fn team_index(slot_mask: usize, seat_mask: usize) -> usize {
    slot_mask << MAX_PLAYERS | seat_mask
}

/// Per-card counts of one slot's deck.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardAcc {
    /// Games in which some copy was drawn / of those won.
    pub drawn: [u64; 2],
    /// Games in which some copy was played / of those won.
    pub played: [u64; 2],
    /// Games in which no copy was drawn / of those won.
    pub never_drawn: [u64; 2],
    /// Games in which some copy was in the opening hand / of those won.
    pub opening: [u64; 2],
    /// Games in which some copy was drawn but none in the opening hand / of those won.
    pub later: [u64; 2],
}

/// Everything aggregated for one matchup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchAcc {
    /// `seats[slot][seat]`.
    pub seats: Vec<Vec<SeatAcc>>,
    /// `cards[slot][distinct card]`, over all seats.
    pub cards: Vec<Vec<CardAcc>>,
    /// Turn histograms by outcome: index `winner slot` when one slot won, `slots` when nobody
    /// won (a draw), `slots + 1` when several won together (teams, cooperative play); then
    /// the end reason (0 decided, 1 turn limit).
    pub by_outcome: Vec<[Vec<u64>; 2]>,
    /// Team results, at [`team_index`]`(slots, seats)`; all zero unless the rules seat teams
    /// ([`Ruleset::team_of`]). A team (the deck slots whose seats the rules put on one side)
    /// wins when any member wins (the rules give a winning side's members a win each), draws
    /// when no member wins and some member draws (at a turn limit, a member eliminated earlier
    /// keeps its loss while the team still draws), and loses otherwise. Only the result
    /// counts are kept (no turn histogram, no decisions). Stored sparsely (only teams that
    /// played), as most of the 256 combinations never occur.
    #[serde(with = "sparse_teams")]
    pub teams: Vec<SeatAcc>,
    /// Order-independent checksum over (game index, turns, results).
    pub checksum: u64,
    /// Per-deal sums of a `--duplicate` run (all zero otherwise).
    #[serde(default)]
    pub deals: crate::duplicate::DealAcc,
}

impl MatchAcc {
    /// Empty counts for `slots` decks in `seats` seats with the given card positions.
    pub fn new(slots: usize, seats: usize, cards: &[Vec<u64>], max_turns: usize) -> Self {
        MatchAcc {
            seats: vec![vec![SeatAcc::new(max_turns); seats]; slots],
            cards: cards
                .iter()
                .map(|c| vec![CardAcc::default(); c.len()])
                .collect(),
            by_outcome: vec![[vec![0; max_turns + 1], vec![0; max_turns + 1]]; slots + 2],
            teams: vec![SeatAcc::default(); 1 << (2 * MAX_PLAYERS)],
            checksum: 0,
            deals: Default::default(),
        }
    }

    /// Add another accumulator's counts.
    pub fn merge(mut self, o: MatchAcc) -> MatchAcc {
        self.add(&o);
        self
    }

    /// Add another accumulator's counts in place.
    pub fn add(&mut self, o: &MatchAcc) {
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            for (x, y) in a.iter_mut().zip(b) {
                x.merge(y);
            }
        }
        for (a, b) in self.cards.iter_mut().zip(&o.cards) {
            for (x, y) in a.iter_mut().zip(b) {
                for k in 0..2 {
                    x.drawn[k] += y.drawn[k];
                    x.played[k] += y.played[k];
                    x.never_drawn[k] += y.never_drawn[k];
                    x.opening[k] += y.opening[k];
                    x.later[k] += y.later[k];
                }
            }
        }
        for (a, b) in self.by_outcome.iter_mut().zip(&o.by_outcome) {
            for k in 0..2 {
                for (x, y) in a[k].iter_mut().zip(&b[k]) {
                    *x += y;
                }
            }
        }
        for (a, b) in self.teams.iter_mut().zip(&o.teams) {
            a.merge(b);
        }
        self.checksum = self.checksum.wrapping_add(o.checksum);
        self.deals.merge(&o.deals);
    }
}

impl Partial for MatchAcc {
    fn absorb(&mut self, other: &Self) {
        self.add(other);
    }
}

/// (De)serialize the team counts as `[index, counts]` pairs of the teams that played.
mod sparse_teams {
    use super::{SeatAcc, MAX_PLAYERS};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(v: &[SeatAcc], s: S) -> Result<S::Ok, S::Error> {
        let used: Vec<(usize, &SeatAcc)> =
            v.iter().enumerate().filter(|(_, a)| a.games > 0).collect();
        used.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SeatAcc>, D::Error> {
        let used: Vec<(usize, SeatAcc)> = Vec::deserialize(d)?;
        let mut v = vec![SeatAcc::default(); 1 << (2 * MAX_PLAYERS)];
        for (i, a) in used {
            match v.get_mut(i) {
                Some(slot) => *slot = a,
                None => {
                    return Err(serde::de::Error::custom(format!(
                        "team index {i} out of range"
                    )))
                }
            }
        }
        Ok(v)
    }
}

/// Count one game's team results: for each team (seats with the same `team[seat]`), the
/// slots and seats it had and its result (see [`MatchAcc::teams`]).
fn add_teams(
    teams: &mut [SeatAcc],
    team: &[Option<usize>],
    slot_of_seat: &[usize],
    results: &[PlayerResult],
    lim: bool,
) {
    for (first, t) in team.iter().enumerate() {
        let Some(t) = t else { continue };
        if team[..first].contains(&Some(*t)) {
            continue; // counted with its first seat
        }
        let (mut slots, mut seats) = (0, 0);
        let (mut win, mut draw) = (false, false);
        for seat in first..team.len() {
            if team[seat] == Some(*t) {
                slots |= 1 << slot_of_seat[seat];
                seats |= 1 << seat;
                win |= results[seat] == PlayerResult::Win;
                draw |= results[seat] == PlayerResult::Draw;
            }
        }
        let a = &mut teams[team_index(slots, seats)];
        a.games += 1;
        if win {
            a.wins += 1;
            a.wins_at_limit += lim as u64;
        } else if draw {
            a.draws += 1;
            a.draws_at_limit += lim as u64;
        } else {
            a.losses += 1;
            a.losses_at_limit += lim as u64;
        }
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    z ^ (z >> 33)
}

/// Error building a run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A bad agent spec.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A matchup that does not fit the game.
    #[error("{0}")]
    Plan(String),
}

/// How a run numbers the games of its matchups (the numbers seed the games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Matchup after matchup: every game of the run has its own number.
    Continued,
    /// Every matchup from 0: each pairing is played on the same deals (tournaments).
    SameDeals,
}

/// A whole run: several matchups of one rule set.
pub struct Run<'a, R: Ruleset> {
    /// The loaded rule set.
    pub ruleset: &'a R,
    /// Matchups, in output order.
    pub matchups: Vec<Matchup>,
    /// The run seed.
    pub seed: u64,
}

/// Per-matchup results, in the order of the run's matchups.
pub struct RunResult {
    /// Accumulators per matchup.
    pub matchups: Vec<MatchAcc>,
    /// Games played.
    pub games: u64,
}

impl<'a, R: Ruleset> Run<'a, R> {
    /// Check the plan: decks per matchup equal to the players, agent specs valid.
    pub fn validate(&self) -> Result<(), RunError> {
        let n = self.ruleset.num_players();
        let decks = self.ruleset.deck_names().len();
        for m in &self.matchups {
            if m.decks.len() != n {
                return Err(RunError::Plan(format!(
                    "{} seats {n} players, but the matchup names {} decks",
                    R::NAME,
                    m.decks.len()
                )));
            }
            if m.agents.len() != n {
                return Err(RunError::Plan("one agent per deck is needed".into()));
            }
            if m.decks.iter().any(|&d| d as usize >= decks) {
                return Err(RunError::Plan("deck index out of range".into()));
            }
            for a in &m.agents {
                make_agent_for(self.ruleset, a)?;
            }
        }
        Ok(())
    }

    /// Total games.
    pub fn total_games(&self) -> u64 {
        self.matchups.iter().map(|m| m.games).sum()
    }

    /// Play everything. `progress` is bumped once per finished chunk with its game count.
    pub fn play(&self, progress: &(dyn Fn(u64) + Sync)) -> anyhow::Result<RunResult> {
        self.play_in(None, Numbering::Continued, progress)
    }

    /// Play everything through the job's [`crate::distribute`] context (whole, one shard,
    /// merged or resumed), with the journal and shard folders in `out`. Matchups are the
    /// plan's units, cut into chunks of [`chunk_for`] games.
    pub fn play_in(
        &self,
        out: Option<&std::path::Path>,
        numbering: Numbering,
        progress: &(dyn Fn(u64) + Sync),
    ) -> anyhow::Result<RunResult> {
        self.play_in_mode(out, numbering, false, progress)
    }

    /// [`Run::play_in`], with `duplicate` deals (see [`crate::duplicate`]; every matchup's
    /// game count must then be a multiple of the players).
    pub fn play_in_mode(
        &self,
        out: Option<&std::path::Path>,
        numbering: Numbering,
        duplicate: bool,
        progress: &(dyn Fn(u64) + Sync),
    ) -> anyhow::Result<RunResult> {
        self.validate()?;
        let n = self.ruleset.num_players();
        let mut bases = Vec::with_capacity(self.matchups.len());
        let mut base = 0u64;
        for m in &self.matchups {
            bases.push(match numbering {
                Numbering::Continued => base,
                Numbering::SameDeals => 0,
            });
            base += m.games;
        }
        let positions: Vec<Vec<Vec<u64>>> = (0..self.matchups.len())
            .map(|mi| self.positions(mi))
            .collect();
        let max_turns = self.max_turns();
        let games: Vec<u64> = self.matchups.iter().map(|m| m.games).collect();
        let matchups = crate::distribute::play_units(
            out,
            &games,
            chunk_for(&games),
            &|mi| MatchAcc::new(n, n, &positions[mi], max_turns),
            &|mi, s, e| {
                let acc =
                    self.play_chunk(mi, bases[mi], (s, e), duplicate, &positions[mi], max_turns);
                progress(e - s);
                Ok(acc)
            },
        )?;
        Ok(RunResult {
            matchups,
            games: self.total_games(),
        })
    }

    /// Card positions per slot of matchup `mi` (see [`MatchAcc::cards`]).
    pub fn positions(&self, mi: usize) -> Vec<Vec<u64>> {
        self.matchups[mi]
            .decks
            .iter()
            .map(|&d| {
                self.ruleset
                    .deck_cards(d as usize)
                    .iter()
                    .map(|c| c.positions)
                    .collect()
            })
            .collect()
    }

    /// The rules' turn bound (the same for every deal): asked of one dealt game.
    pub fn max_turns(&self) -> usize {
        match self.matchups.first() {
            Some(m) => self.ruleset.new_game(&m.decks, game_rng(0, 0)).max_turns() as usize,
            None => 0,
        }
    }

    /// Play games `start..end` of matchup `mi`, game `i` being global game `base + i` (its
    /// seeds) and seated by `i`, into one accumulator. The caller validates first.
    pub fn play_range(&self, mi: usize, base: u64, start: u64, end: u64) -> MatchAcc {
        self.play_range_mode(mi, base, start, end, false)
    }

    /// [`Run::play_range`] with `duplicate` deals: the range plays the deals whose first
    /// game lies in it, all of their seatings (see [`crate::duplicate`]).
    pub fn play_range_mode(
        &self,
        mi: usize,
        base: u64,
        start: u64,
        end: u64,
        duplicate: bool,
    ) -> MatchAcc {
        self.play_chunk(
            mi,
            base,
            (start, end),
            duplicate,
            &self.positions(mi),
            self.max_turns(),
        )
    }

    fn play_chunk(
        &self,
        mi: usize,
        base: u64,
        (start, end): (u64, u64),
        duplicate: bool,
        positions: &[Vec<u64>],
        max_turns: usize,
    ) -> MatchAcc {
        let n = self.ruleset.num_players();
        let m = &self.matchups[mi];
        // Duplicate deals: this range owns the deals that start in it, whole.
        let (start, end) = if duplicate {
            let up = |x: u64| x.div_ceil(n as u64) * n as u64;
            (up(start), up(end).min(m.games))
        } else {
            (start, end)
        };
        let mut deal = crate::duplicate::DealInProgress::default();
        let mut acc = MatchAcc::new(n, n, positions, max_turns);
        let mut agents: Vec<Box<dyn Agent<R::State>>> = m
            .agents
            .iter()
            .map(|a| make_agent_for(self.ruleset, a).expect("validated"))
            .collect();
        let peeks: Vec<bool> = agents.iter().map(|a| a.sees_hidden()).collect();
        // A uniform random agent keeps no state: nothing to reset between games.
        let stateful: Vec<bool> = agents.iter().map(|a| !a.uniform_random()).collect();
        let mut dealt = None;
        let mut team = [None; MAX_PLAYERS];
        for (seat, t) in team.iter_mut().enumerate().take(n) {
            *t = self.ruleset.team_of(seat);
        }
        // Without teams `add_teams` counts nothing: skip its pass over the seats.
        let teams = team.iter().any(Option::is_some);
        for i in start..end {
            let g = base + i;
            let (seating, slot_of_seat) = seating_for(&m.decks, i);
            for (a, _) in agents.iter_mut().zip(&stateful).filter(|(_, &s)| s) {
                a.reset();
            }
            // A duplicate deal's seatings share every stream: seeded by the deal's index.
            let stream = if duplicate { g / n as u64 } else { g };
            let (state, rec) = play_seeded_into(
                &mut dealt,
                self.ruleset,
                self.seed,
                stream,
                &seating[..n],
                &slot_of_seat[..n],
                &mut agents,
                &peeks,
            );
            // Aggregate.
            let t = (rec.turns as usize).min(max_turns);
            let lim = rec.end == EndReason::TurnLimit;
            let mut winner_slot = n;
            let mut winners = 0;
            for (seat, &k) in slot_of_seat[..n].iter().enumerate() {
                let sa = &mut acc.seats[k][seat];
                sa.games += 1;
                sa.turns[t] += 1;
                sa.decisions += rec.decisions[seat] as u64;
                let r = rec.results[seat];
                match r {
                    PlayerResult::Win => {
                        sa.wins += 1;
                        sa.wins_at_limit += lim as u64;
                        winner_slot = k;
                        winners += 1;
                    }
                    PlayerResult::Loss => {
                        sa.losses += 1;
                        sa.losses_at_limit += lim as u64;
                    }
                    PlayerResult::Draw => {
                        sa.draws += 1;
                        sa.draws_at_limit += lim as u64;
                    }
                }
                if let Some(v) = cardsim_engine::Game::score(state, seat as u8) {
                    sa.score.add(v);
                }
                let won = (r == PlayerResult::Win) as u64;
                let usage = state.card_usage(seat as u8);
                for (c, &pos) in acc.cards[k].iter_mut().zip(&positions[k]) {
                    if usage.drawn & pos != 0 {
                        c.drawn[0] += 1;
                        c.drawn[1] += won;
                        let when = if usage.opening & pos != 0 {
                            &mut c.opening
                        } else {
                            &mut c.later
                        };
                        when[0] += 1;
                        when[1] += won;
                    } else {
                        c.never_drawn[0] += 1;
                        c.never_drawn[1] += won;
                    }
                    if usage.played & pos != 0 {
                        c.played[0] += 1;
                        c.played[1] += won;
                    }
                }
            }
            if winners > 1 {
                winner_slot = n + 1;
            }
            if teams {
                add_teams(
                    &mut acc.teams,
                    &team[..n],
                    &slot_of_seat[..n],
                    &rec.results,
                    lim,
                );
            }
            acc.by_outcome[winner_slot][lim as usize][t] += 1;
            if duplicate {
                for (seat, &k) in slot_of_seat[..n].iter().enumerate() {
                    deal.add(k, rec.results[seat]);
                }
                if i % n as u64 == n as u64 - 1 {
                    acc.deals.finish(&deal, n);
                    deal = Default::default();
                }
            }
            let mut h = g.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (rec.turns as u64) << 32;
            for (seat, r) in rec.results[..n].iter().enumerate() {
                h ^= (*r as u64 + 1) << (4 * seat);
            }
            h ^= (lim as u64) << 20;
            acc.checksum = acc.checksum.wrapping_add(mix(h));
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PlayerResult::{Draw, Loss, Win};

    #[test]
    fn team_results_take_any_win_then_any_draw() {
        let mut t = vec![SeatAcc::default(); 1 << (2 * MAX_PLAYERS)];
        let team = [Some(0), Some(1), Some(0), Some(1)];
        // Slots 0..3 in seats 1, 2, 3, 0: slots 0 and 2 (seats 1, 3) against 1 and 3.
        let slot_of_seat = [3, 0, 1, 2];
        add_teams(&mut t, &team, &slot_of_seat, &[Win, Loss, Win, Loss], false);
        // At the limit: one member eliminated earlier (loss), the other drawn: a team draw.
        add_teams(
            &mut t,
            &team,
            &slot_of_seat,
            &[Draw, Loss, Draw, Draw],
            true,
        );
        let a = &t[team_index(0b0101, 0b1010)];
        let b = &t[team_index(0b1010, 0b0101)];
        assert_eq!((a.games, a.wins, a.draws, a.losses), (2, 0, 1, 1));
        assert_eq!((b.games, b.wins, b.draws, b.losses), (2, 1, 1, 0));
        assert_eq!(
            (a.draws_at_limit, b.draws_at_limit, b.wins_at_limit),
            (1, 1, 0)
        );
        assert_eq!(t.iter().map(|x| x.games).sum::<u64>(), 4);
        // No teams: nothing counted.
        let mut u = vec![SeatAcc::default(); 1 << (2 * MAX_PLAYERS)];
        add_teams(&mut u, &[None, None], &[0, 1], &[Win, Loss], false);
        assert!(u.iter().all(|x| x.games == 0));
    }

    #[test]
    fn small_plans_are_cut_into_64_chunks_large_ones_into_chunks_of_2048() {
        // The bench's greedy and MCTS workloads at the default --games 500000.
        assert_eq!(chunk_for(&[250]), 4);
        assert_eq!(chunk_for(&[5]), 1);
        assert_eq!(chunk_for(&[0]), 1);
        assert_eq!(chunk_for(&[100, 100]), 4);
        assert_eq!(chunk_for(&[64 * 2048]), 2048);
        assert_eq!(chunk_for(&[64 * 2048 - 64]), 2047);
        assert_eq!(chunk_for(&[500_000, 250_000]), CHUNK);
    }
}
