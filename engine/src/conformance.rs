//! The conformance suite every game must pass (after OpenSpiel's random-playthrough tests).
//!
//! [`run`] plays random games through the generic interface only and checks, at every step:
//! the game's own invariants ([`Game::check_invariants`]); that the player to move has legal
//! actions and nobody else does; that every listed action is legal and an out-of-range one is
//! refused by [`Game::try_apply`] without changing the state; the length bounds
//! ([`Game::max_decisions`], [`Game::max_turns`]); that an outcome exists exactly when the
//! game is terminal and is well formed; that a clone taken mid-game behaves identically to
//! its original; that the same seed gives the same game; and that a state resampled for the
//! player to move keeps that player's legal actions and invariants and plays on to the end.

use rand::{Rng, RngExt};

use crate::{
    game_rng, stream_rng, Action, ActionBuf, ChanceBuf, Game, PlayerResult, RngRole, Ruleset,
    ToMove,
};

/// Totals of a conformance run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Actions applied (decisions and chance outcomes).
    pub actions: u64,
    /// Longest game in actions.
    pub longest: u32,
    /// Results per seat: wins, losses, draws.
    pub results: Vec<[u64; 3]>,
}

fn seating(i: u64, players: usize, decks: usize) -> [u8; crate::MAX_PLAYERS] {
    let mut s = [0u8; crate::MAX_PLAYERS];
    let mut k = i;
    for seat in s.iter_mut().take(players) {
        *seat = (k % decks as u64) as u8;
        k /= decks as u64;
    }
    s
}

fn pick<G: Game>(
    state: &G,
    buf: &mut ActionBuf,
    chance: &mut ChanceBuf,
    rng: &mut impl Rng,
) -> Action {
    match state.to_move() {
        ToMove::Chance => {
            state.chance_outcomes(chance);
            let total: u32 = chance.iter().map(|c| c.1).sum();
            let mut r = rng.random_range(0..total);
            for &(a, w) in chance.iter() {
                if r < w {
                    return a;
                }
                r -= w;
            }
            unreachable!()
        }
        _ => {
            state.legal_actions(buf);
            buf[rng.random_range(0..buf.len())]
        }
    }
}

/// Play one random game from `state` to the end, checking every step. Returns the actions
/// applied.
fn playthrough<G: Game>(
    mut state: G,
    rng: &mut impl Rng,
    deep: bool,
) -> Result<(G, Vec<Action>), String> {
    let mut buf = ActionBuf::new();
    let mut chance = ChanceBuf::new();
    let mut actions = Vec::new();
    loop {
        state
            .check_invariants()
            .map_err(|e| format!("invariant: {e}"))?;
        if actions.len() as u32 > state.max_decisions() {
            return Err(format!(
                "game longer than its bound of {} actions",
                state.max_decisions()
            ));
        }
        if state.turn() > state.max_turns() {
            return Err(format!(
                "turn {} beyond bound {}",
                state.turn(),
                state.max_turns()
            ));
        }
        state.legal_actions(&mut buf);
        match state.to_move() {
            ToMove::Terminal => {
                if !buf.is_empty() {
                    return Err("legal actions in a terminal state".into());
                }
                let o = state.outcome().ok_or("terminal without an outcome")?;
                if o.players as usize != state.num_players() {
                    return Err("outcome has the wrong number of players".into());
                }
                let rs = &o.results[..o.players as usize];
                let wins = rs.iter().filter(|r| **r == PlayerResult::Win).count();
                let draws = rs.iter().filter(|r| **r == PlayerResult::Draw).count();
                if wins > 0 && draws > 0 {
                    return Err(format!("outcome mixes wins and draws: {rs:?}"));
                }
                // (Every player winning is allowed: cooperative games win together.)
                return Ok((state, actions));
            }
            ToMove::Player(p) => {
                if p as usize >= state.num_players() {
                    return Err(format!(
                        "player {p} to move in a {}-player game",
                        state.num_players()
                    ));
                }
                if buf.is_empty() {
                    return Err("a player to move has no legal action".into());
                }
                if state.outcome().is_some() {
                    return Err("outcome before the end".into());
                }
                for &a in buf.iter() {
                    if !state.is_legal(a) {
                        return Err(format!("listed action {a:?} is not legal"));
                    }
                    if deep && state.action_label(a).is_empty() {
                        return Err(format!("action {a:?} has an empty label"));
                    }
                }
                let bogus = Action(buf.iter().map(|a| a.0).max().unwrap_or(0).saturating_add(1));
                if !buf.contains(&bogus) {
                    let before = state.clone();
                    if state.try_apply(bogus).is_ok() {
                        return Err(format!("try_apply accepted the unlisted action {bogus:?}"));
                    }
                    if before != state {
                        return Err("a refused action changed the state".into());
                    }
                }
            }
            ToMove::Chance => {
                if !buf.is_empty() {
                    return Err("legal actions at a chance node".into());
                }
            }
        }
        if deep && state.describe().is_empty() {
            return Err("empty state description".into());
        }
        let a = pick(&state, &mut buf, &mut chance, rng);
        state.apply(a);
        actions.push(a);
    }
}

/// Play `games` random games of `ruleset`, rotating its decks through the seats, checking
/// everything listed in the module docs. `deep` also checks labels and descriptions (which
/// allocate, so it is slower).
pub fn run<R: Ruleset>(ruleset: &R, games: u64, seed: u64, deep: bool) -> Result<Report, String> {
    let players = ruleset.num_players();
    let decks = ruleset.deck_names().len();
    let mut report = Report {
        results: vec![[0; 3]; players],
        ..Report::default()
    };
    for i in 0..games {
        let seats = seating(i, players, decks);
        let ctx = |e: String| format!("game {i} (seed {seed}): {e}");
        let start = ruleset.new_game(&seats[..players], game_rng(seed, i));
        let mut rng = stream_rng(seed, i, RngRole::Agent(0));
        let (end, actions) = playthrough(start.clone(), &mut rng, deep).map_err(ctx)?;

        // Same seed, same game.
        let again = ruleset.new_game(&seats[..players], game_rng(seed, i));
        if again != start {
            return Err(ctx("the same seed dealt a different game".into()));
        }
        let mut replay = again;
        for &a in &actions {
            replay.apply(a);
        }
        if replay != end {
            return Err(ctx("replaying the same actions gave a different end".into()));
        }
        // Dealing into a played state gives the fresh deal.
        ruleset.new_game_into(&mut replay, &seats[..players], game_rng(seed, i));
        if replay != start {
            return Err(ctx(
                "dealing into a played state differs from a new deal".into()
            ));
        }

        // A clone taken mid-game behaves like its original.
        if !actions.is_empty() {
            let cut = rng.random_range(0..actions.len());
            let mut orig = start.clone();
            for &a in &actions[..cut] {
                orig.apply(a);
            }
            let mut copy = orig.clone();
            if copy != orig {
                return Err(ctx("a clone differs from its original".into()));
            }
            for &a in &actions[cut..] {
                orig.apply(a);
                copy.apply(a);
                if copy != orig {
                    return Err(ctx("a clone diverged from its original".into()));
                }
            }

            // Resampling for the player to move keeps what that player knows.
            let mut mid = start.clone();
            for &a in &actions[..cut] {
                mid.apply(a);
            }
            if let ToMove::Player(p) = mid.to_move() {
                let mut before = ActionBuf::new();
                mid.legal_actions(&mut before);
                let mut after = ActionBuf::new();
                for (lazy, how, world_name) in [
                    (false, "resampling", "resampled world"),
                    (true, "lazy resampling", "lazily resampled world"),
                ] {
                    // The lazy resample draws from a copy of the suite's RNG, so that the
                    // games the suite plays stay those it played before it existed.
                    let mut lazy_rng = rng.clone();
                    let r = if lazy { &mut lazy_rng } else { &mut rng };
                    let mut world = mid.clone();
                    if lazy {
                        world.resample_hidden_lazy(p, r);
                    } else {
                        world.resample_hidden(p, r);
                    }
                    world
                        .check_invariants()
                        .map_err(|e| ctx(format!("after {how}: {e}")))?;
                    world.legal_actions(&mut after);
                    if before != after {
                        return Err(ctx(format!(
                            "{how} changed the legal actions of the viewer"
                        )));
                    }
                    if world.to_move() != mid.to_move() || world.turn() != mid.turn() {
                        return Err(ctx(format!("{how} changed public facts")));
                    }
                    playthrough(world, r, false).map_err(|e| ctx(format!("{world_name}: {e}")))?;
                }
            }
        }

        let o = end.outcome().expect("checked");
        for (seat, r) in o.results[..players].iter().enumerate() {
            let k = match r {
                PlayerResult::Win => 0,
                PlayerResult::Loss => 1,
                PlayerResult::Draw => 2,
            };
            report.results[seat][k] += 1;
        }
        report.games += 1;
        report.actions += actions.len() as u64;
        report.longest = report.longest.max(actions.len() as u32);
    }
    Ok(report)
}
