//! # cardsim-agents: players for any game of the engine
//!
//! Agents depend only on the engine's generic interface ([`Game`], [`Ruleset`]); there is no
//! game-specific code here. Game-specific scripted play modes (Tyrant's `ordered`) are
//! offered by the games themselves ([`Ruleset::builtin_policies`]) and wrapped by
//! [`BuiltinAgent`].
//!
//! ## What an agent may see
//! An agent decides through a [`View`]: the player it plays, the legal actions, and
//! [`View::determinize`], a copy of the game in which everything that player cannot see
//! (other hands, deck orders, the game's future coin flips) is resampled. The true state is
//! only reachable through [`View::peek`], which returns `None` unless the agent declared
//! [`Agent::sees_hidden`]; such agents must say so in their name (e.g. `mcts-peek`), and the
//! simulator labels them in its outputs.
//!
//! ## The agents
//! * `random`: a uniformly random legal action.
//! * `greedy` ([`GreedyAgent`]): one step of look-ahead on a resampled world, scored by the
//!   game's own [`Game::evaluate`].
//! * `mcts` ([`MctsAgent`]): information-set Monte Carlo tree search over resampled worlds;
//!   `mcts-peek` is the same search on the true state (it sees hidden cards and the game's
//!   future random draws, and is labelled as such in every output).
//! * the game's own scripted play modes (Tyrant's `ordered`), through [`BuiltinAgent`].
//!
//! ## Agent specs
//! Agents are named on the command line as `name` or `name:key=value,key=value`
//! ([`AgentSpec`]); [`make_agent`] builds one for a rule set (and [`make_agent_for`] tells
//! it which seats the rules give to an automaton) and [`list_agents`] lists them.
#![deny(missing_docs)]

mod greedy;
mod mcts;
pub mod play;

use std::fmt;

use cardsim_engine::{Action, ActionBuf, Game, GameRng, PolicyInfo, Ruleset};

pub use greedy::GreedyAgent;
pub use mcts::{Budget, MctsAgent, MctsConfig, Resample, Rollout};

/// A player.
pub trait Agent<G: Game>: Send {
    /// The agent's label as it appears in outputs (its spec, normalised).
    fn label(&self) -> String;

    /// Whether the agent looks at hidden information (then its label must say so).
    fn sees_hidden(&self) -> bool {
        false
    }

    /// Choose one of `view.legal()`. `rng` is this agent's own per-game stream.
    fn choose(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action;

    /// Whether [`Agent::choose`] is exactly [`play::random_action`] on `view.legal()` with
    /// `rng` and nothing else (the uniform random agent, which keeps no state). A runner may
    /// then draw for it directly, without the dynamic call and the [`View`]: the same action
    /// from the same draw.
    fn uniform_random(&self) -> bool {
        false
    }

    /// Called before each new game.
    fn reset(&mut self) {}

    /// Whether the agent's choices depend only on its inputs and RNG (false for agents with
    /// a wall-clock budget; runs using them are flagged as not reproducible).
    fn deterministic(&self) -> bool {
        true
    }

    /// Tell the agent which seats the rules give to a fixed automaton
    /// ([`Ruleset::fixed_seat_agent`], one entry per seat). Search agents model those seats
    /// as that automaton instead of as opponents; others ignore it.
    fn set_seat_models(&mut self, fixed: &[Option<&'static str>]) {
        let _ = fixed;
    }
}

/// What an agent sees when it decides.
pub struct View<'a, G: Game> {
    state: &'a G,
    player: u8,
    legal: &'a ActionBuf,
    peek: bool,
}

impl<'a, G: Game> View<'a, G> {
    /// A view of `state` for `player`; `peek` grants access to the true state.
    pub fn new(state: &'a G, player: u8, legal: &'a ActionBuf, peek: bool) -> Self {
        View {
            state,
            player,
            legal,
            peek,
        }
    }

    /// The player deciding.
    pub fn player(&self) -> u8 {
        self.player
    }

    /// The legal actions (never empty).
    pub fn legal(&self) -> &ActionBuf {
        self.legal
    }

    /// A copy of the game with everything this player cannot see resampled.
    pub fn determinize(&self, rng: &mut GameRng) -> G {
        let mut g = self.state.clone();
        g.resample_hidden(self.player, rng);
        g
    }

    /// [`View::determinize`], boxed: the copy is made in the box's storage (see
    /// [`play::boxed_copy`]) and resampled there, rather than built on the stack and moved
    /// into a box. The same draws.
    pub fn determinize_boxed(&self, rng: &mut GameRng) -> Box<G> {
        let mut g = play::boxed_copy(self.state);
        g.resample_hidden(self.player, rng);
        g
    }

    /// [`View::determinize`] into `out` (its storage reused; the same draws).
    pub fn determinize_into(&self, out: &mut G, rng: &mut GameRng) {
        out.clone_from(self.state);
        out.resample_hidden(self.player, rng);
    }

    /// [`View::determinize`] with [`Game::resample_hidden_lazy`].
    pub fn determinize_lazy(&self, rng: &mut GameRng) -> G {
        let mut g = self.state.clone();
        g.resample_hidden_lazy(self.player, rng);
        g
    }

    /// [`View::determinize`] into `out` with [`Game::resample_hidden_lazy`]: for a search
    /// that resamples at every iteration (the same probabilities, other draws).
    pub fn determinize_lazy_into(&self, out: &mut G, rng: &mut GameRng) {
        out.clone_from(self.state);
        out.resample_hidden_lazy(self.player, rng);
    }

    /// The true state, for agents that declared [`Agent::sees_hidden`].
    pub fn peek(&self) -> Option<&G> {
        self.peek.then_some(self.state)
    }

    /// Run the game's scripted policy number `policy` (which only uses what this player can
    /// see).
    pub fn builtin_policy(&self, policy: usize, rng: &mut GameRng) -> Action {
        self.state.builtin_policy(policy, self.legal, rng)
    }
}

/// Uniformly random among the legal actions (for Tyrant this is the defender's behaviour in
/// the rules: a random card from the hand).
#[derive(Clone, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn label(&self) -> String {
        "random".into()
    }
    #[inline]
    fn choose(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action {
        play::random_action(view.legal(), rng)
    }
    fn uniform_random(&self) -> bool {
        true
    }
}

/// A game's own scripted play mode.
#[derive(Clone, Debug)]
pub struct BuiltinAgent {
    index: usize,
    name: &'static str,
}

impl<G: Game> Agent<G> for BuiltinAgent {
    fn label(&self) -> String {
        self.name.into()
    }
    fn choose(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action {
        view.builtin_policy(self.index, rng)
    }
}

/// A parsed agent spec: `name` or `name:key=value,key=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// Agent name.
    pub name: String,
    /// Parameters in the order given.
    pub params: Vec<(String, String)>,
}

/// A bad agent spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Not `name[:k=v,...]`.
    #[error("agent spec `{0}` is malformed (expected `name` or `name:key=value,key=value`)")]
    Syntax(String),
    /// No agent of that name for the game.
    #[error("unknown agent `{name}` for {game} (known: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// The game.
        game: String,
        /// Known agents.
        known: String,
    },
    /// A parameter the agent does not take, or a bad value.
    #[error("agent `{agent}`: {message}")]
    Param {
        /// The agent.
        agent: String,
        /// What is wrong.
        message: String,
    },
}

impl AgentSpec {
    /// Parse a spec string.
    pub fn parse(s: &str) -> Result<Self, SpecError> {
        let s = s.trim();
        let (name, rest) = match s.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (s, None),
        };
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(SpecError::Syntax(s.to_string()));
        }
        let mut params = Vec::new();
        if let Some(rest) = rest {
            for kv in rest.split(',') {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| SpecError::Syntax(s.to_string()))?;
                let (k, v) = (k.trim(), v.trim());
                if k.is_empty() || v.is_empty() {
                    return Err(SpecError::Syntax(s.to_string()));
                }
                params.push((k.to_string(), v.to_string()));
            }
        }
        Ok(AgentSpec {
            name: name.to_ascii_lowercase(),
            params,
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

/// One agent a game offers, for listings.
#[derive(Clone, Debug)]
pub struct AgentInfo {
    /// Name in specs.
    pub name: String,
    /// Parameters as `key=default: meaning`.
    pub params: Vec<String>,
    /// What it does.
    pub doc: String,
}

/// The agents available for rule set `R`.
pub fn list_agents<R: Ruleset>() -> Vec<AgentInfo> {
    list_game_agents(R::NAME, R::builtin_policies())
}

/// The agents available for a game called `game` with scripted play modes `policies`.
pub fn list_game_agents(game: &str, policies: &[PolicyInfo]) -> Vec<AgentInfo> {
    let mut v = vec![AgentInfo {
        name: "random".into(),
        params: vec![],
        doc: "uniformly random legal action".into(),
    }];
    v.push(AgentInfo {
        name: "greedy".into(),
        params: vec!["samples=1: resampled worlds each action is scored on".into()],
        doc: "best one-step look-ahead by the game's evaluation, on worlds resampled from what the player sees".into(),
    });
    let mcts_params = |extra: &str| {
        vec![
            "iters=1000: iterations per decision (deterministic)".into(),
            "ms=: milliseconds per decision instead of iters (not reproducible; flagged in manifest.json)".into(),
            "c=1.4: UCT exploration constant".into(),
            "rollout=random: playout policy, random or greedy".into(),
            format!("max_nodes=200000: tree size limit with ms{extra}"),
            "depth=: truncated playouts, scored by the game's evaluation after this many player decisions outside the tree (default: play games out)".into(),
            "scale=5: evaluation difference worth a reward of 0.73 in a truncated playout".into(),
            "resample=lazy: how each iteration's world is dealt: lazy (what can wait is dealt when reached, e.g. a random card when a deck's top card is taken) or full (everything hidden shuffled now); the same probabilities, other draws".into(),
        ]
    };
    v.push(AgentInfo {
        name: "mcts".into(),
        params: mcts_params(""),
        doc: "information-set MCTS: one tree over what the player knows, a resampled world per iteration".into(),
    });
    v.push(AgentInfo {
        name: "mcts-peek".into(),
        params: mcts_params(""),
        doc: "MCTS on the true state: SEES HIDDEN CARDS and future random draws (a clairvoyant yardstick, labelled in outputs)".into(),
    });
    for p in policies {
        v.push(AgentInfo {
            name: p.name.into(),
            params: vec![],
            doc: format!("{} (scripted play mode of {game})", p.doc),
        });
    }
    v
}

fn no_params(spec: &AgentSpec) -> Result<(), SpecError> {
    match spec.params.first() {
        None => Ok(()),
        Some((k, _)) => Err(SpecError::Param {
            agent: spec.name.clone(),
            message: format!("takes no parameters (got `{k}`)"),
        }),
    }
}

/// Reads a spec's `key=value` parameters, refusing unknown and repeated keys.
struct SpecParams<'a> {
    spec: &'a AgentSpec,
}

impl<'a> SpecParams<'a> {
    fn new(spec: &'a AgentSpec, known: &[&str]) -> Result<Self, SpecError> {
        for (i, (k, _)) in spec.params.iter().enumerate() {
            if !known.contains(&k.as_str()) {
                return Err(spec.param_error(format!(
                    "unknown parameter `{k}` (known: {})",
                    known.join(", ")
                )));
            }
            if spec.params[..i].iter().any(|(k2, _)| k2 == k) {
                return Err(spec.param_error(format!("parameter `{k}` given twice")));
            }
        }
        Ok(SpecParams { spec })
    }

    fn raw(&self, key: &str) -> Option<&'a str> {
        self.spec
            .params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn int(&self, key: &str, min: u32, max: u32) -> Result<Option<u32>, SpecError> {
        self.raw(key)
            .map(|v| {
                v.parse::<u32>()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .ok_or_else(|| {
                        self.spec.param_error(format!(
                            "`{key}={v}`: expected a whole number from {min} to {max}"
                        ))
                    })
            })
            .transpose()
    }

    fn float(&self, key: &str, min: f64, max: f64) -> Result<Option<f64>, SpecError> {
        self.raw(key)
            .map(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && (min..=max).contains(x))
                    .ok_or_else(|| {
                        self.spec.param_error(format!(
                            "`{key}={v}`: expected a number from {min} to {max}"
                        ))
                    })
            })
            .transpose()
    }
}

impl AgentSpec {
    fn param_error(&self, message: String) -> SpecError {
        SpecError::Param {
            agent: self.name.clone(),
            message,
        }
    }
}

fn mcts_config(spec: &AgentSpec, peek: bool) -> Result<MctsConfig, SpecError> {
    let p = SpecParams::new(
        spec,
        &[
            "iters",
            "ms",
            "c",
            "rollout",
            "max_nodes",
            "depth",
            "scale",
            "resample",
        ],
    )?;
    let d = MctsConfig::default();
    let budget = match (p.int("iters", 1, 10_000_000)?, p.int("ms", 1, 600_000)?) {
        (Some(_), Some(_)) => {
            return Err(spec.param_error("give `iters` or `ms`, not both".into()));
        }
        (Some(n), None) => Budget::Iterations(n),
        (None, Some(ms)) => Budget::Millis(ms),
        (None, None) => d.budget,
    };
    let rollout = match p.raw("rollout") {
        None | Some("random") => Rollout::Random,
        Some("greedy") => Rollout::Greedy,
        Some(v) => {
            return Err(spec.param_error(format!("`rollout={v}`: expected `random` or `greedy`")))
        }
    };
    let resample = match p.raw("resample") {
        None | Some("lazy") => Resample::Lazy,
        Some("full") => Resample::Full,
        Some(v) => {
            return Err(spec.param_error(format!("`resample={v}`: expected `lazy` or `full`")))
        }
    };
    Ok(MctsConfig {
        resample,
        budget,
        c: p.float("c", 0.0, 100.0)?.unwrap_or(d.c),
        rollout,
        max_nodes: p.int("max_nodes", 1, 50_000_000)?.unwrap_or(d.max_nodes),
        peek,
        depth: p.int("depth", 0, 1_000_000)?,
        scale: p.float("scale", 0.001, 1e9)?.unwrap_or(d.scale),
    })
}

/// Build the agent a spec names, for rule set `R`, telling it which seats the loaded rules
/// give to an automaton ([`Ruleset::fixed_seat_agent`]).
pub fn make_agent_for<R: Ruleset>(
    ruleset: &R,
    spec: &AgentSpec,
) -> Result<Box<dyn Agent<R::State>>, SpecError> {
    let mut a = make_agent::<R>(spec)?;
    let fixed: Vec<Option<&'static str>> = (0..ruleset.num_players())
        .map(|s| ruleset.fixed_seat_agent(s))
        .collect();
    a.set_seat_models(&fixed);
    Ok(a)
}

/// Build the agent a spec names, for rule set `R`.
pub fn make_agent<R: Ruleset>(spec: &AgentSpec) -> Result<Box<dyn Agent<R::State>>, SpecError> {
    make_game_agent(spec, R::NAME, R::builtin_policies())
}

/// Build the agent a spec names for any game type `G` (not necessarily registered), whose
/// name and scripted play modes are given.
pub fn make_game_agent<G: Game>(
    spec: &AgentSpec,
    game: &str,
    policies: &'static [PolicyInfo],
) -> Result<Box<dyn Agent<G>>, SpecError> {
    match spec.name.as_str() {
        "random" => {
            no_params(spec)?;
            return Ok(Box::new(RandomAgent));
        }
        "greedy" => {
            let p = SpecParams::new(spec, &["samples"])?;
            let samples = p.int("samples", 1, 10_000)?.unwrap_or(1);
            return Ok(Box::new(GreedyAgent::<G>::new(samples)));
        }
        "mcts" | "mcts-peek" => {
            let cfg = mcts_config(spec, spec.name == "mcts-peek")?;
            return Ok(Box::new(MctsAgent::new(cfg)));
        }
        _ => {}
    }
    if let Some((index, p)) = policies
        .iter()
        .enumerate()
        .find(|(_, p)| p.name == spec.name)
    {
        no_params(spec)?;
        return Ok(Box::new(BuiltinAgent {
            index,
            name: p.name,
        }));
    }
    Err(SpecError::Unknown {
        name: spec.name.clone(),
        game: game.into(),
        known: list_game_agents(game, policies)
            .iter()
            .map(|a| a.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `View::determinize_boxed` gives what `View::determinize` gives, from the same draws
    /// (the RNG is left in the same state): for every seat at every position of random
    /// 2-player and 4-player Allegiance games (hidden hands and decks to resample).
    #[test]
    fn determinize_boxed_is_determinize() {
        use cardsim_engine::allegiance::Allegiance;
        use cardsim_engine::{game_rng, index_below, ToMove};
        let setups: [(&[&str], &[&str]); 2] = [
            (&["thedric", "beledan"], &[]),
            (&["thedric", "beledan", "desoth", "hakor"], &["players=4"]),
        ];
        let mut positions = 0;
        for (decks, params) in setups {
            let a = Allegiance::example(params).unwrap();
            let seating: Vec<u8> = decks.iter().map(|d| a.loadout(d).unwrap()).collect();
            for game in 0..4 {
                let mut g = a.new_game(&seating, game_rng(7, game));
                let mut pick = game_rng(8, game);
                let mut legal = ActionBuf::new();
                while let ToMove::Player(_) = g.to_move() {
                    g.legal_actions(&mut legal);
                    for seat in 0..decks.len() as u8 {
                        let view = View::new(&g, seat, &legal, false);
                        let (mut r1, mut r2) = (game_rng(9, game), game_rng(9, game));
                        let plain = view.determinize(&mut r1);
                        let boxed = view.determinize_boxed(&mut r2);
                        assert!(plain == *boxed, "game {game}, seat {seat}");
                        let (d1, d2) =
                            (index_below(&mut r1, 1 << 30), index_below(&mut r2, 1 << 30));
                        assert_eq!(d1, d2, "game {game}, seat {seat}");
                        positions += 1;
                    }
                    g.apply_unchecked(legal[index_below(&mut pick, legal.len())]);
                }
            }
        }
        assert!(positions > 1000, "{positions} positions");
    }

    #[test]
    fn spec_parsing() {
        let s = AgentSpec::parse("mcts:iters=1000,c=1.4").unwrap();
        assert_eq!(s.name, "mcts");
        assert_eq!(
            s.params,
            vec![("iters".into(), "1000".into()), ("c".into(), "1.4".into())]
        );
        assert_eq!(s.to_string(), "mcts:iters=1000,c=1.4");
        assert!(AgentSpec::parse("").is_err());
        assert!(AgentSpec::parse("mcts:iters").is_err());
        assert!(AgentSpec::parse("a b").is_err());
    }

    #[test]
    fn make_known_and_unknown() {
        use cardsim_engine::tyrant::Tyrant;
        let a = make_agent::<Tyrant>(&AgentSpec::parse("ordered").unwrap()).unwrap();
        assert_eq!(a.label(), "ordered");
        let e = make_agent::<Tyrant>(&AgentSpec::parse("nope").unwrap())
            .err()
            .unwrap();
        assert_eq!(
            e.to_string(),
            "unknown agent `nope` for tyrant (known: random, greedy, mcts, mcts-peek, ordered)"
        );
        let e = make_agent::<Tyrant>(&AgentSpec::parse("random:x=1").unwrap())
            .err()
            .unwrap();
        assert_eq!(
            e.to_string(),
            "agent `random`: takes no parameters (got `x`)"
        );
    }

    #[test]
    fn search_agent_specs_are_validated() {
        use cardsim_engine::tyrant::Tyrant;
        let label = |s: &str| {
            make_agent::<Tyrant>(&AgentSpec::parse(s).unwrap())
                .map(|a| a.label())
                .map_err(|e| e.to_string())
        };
        assert_eq!(label("greedy").unwrap(), "greedy");
        assert_eq!(label("greedy:samples=4").unwrap(), "greedy:samples=4");
        assert_eq!(
            label("mcts").unwrap(),
            "mcts:iters=1000,c=1.4,rollout=random"
        );
        assert_eq!(
            label("mcts:iters=50,c=0.7,rollout=greedy").unwrap(),
            "mcts:iters=50,c=0.7,rollout=greedy"
        );
        assert_eq!(
            label("mcts-peek:ms=20").unwrap(),
            "mcts-peek:ms=20,max_nodes=200000,c=1.4,rollout=random"
        );
        assert_eq!(
            label("mcts:iters=300,depth=8").unwrap(),
            "mcts:iters=300,c=1.4,rollout=random,depth=8,scale=5"
        );
        assert_eq!(
            label("mcts:depth=0,scale=2.5").unwrap(),
            "mcts:iters=1000,c=1.4,rollout=random,depth=0,scale=2.5"
        );
        // The lazy resample is the default and not named; the full one is.
        assert_eq!(
            label("mcts:resample=lazy").unwrap(),
            "mcts:iters=1000,c=1.4,rollout=random"
        );
        assert_eq!(
            label("mcts:iters=300,depth=8,resample=full").unwrap(),
            "mcts:iters=300,c=1.4,rollout=random,depth=8,scale=5,resample=full"
        );
        let bad = [
            (
                "mcts:resample=some",
                "agent `mcts`: `resample=some`: expected `lazy` or `full`",
            ),
            (
                "mcts:depth=-1",
                "agent `mcts`: `depth=-1`: expected a whole number from 0 to 1000000",
            ),
            (
                "mcts:scale=0",
                "agent `mcts`: `scale=0`: expected a number from 0.001 to 1000000000",
            ),
            (
                "mcts:iter=5",
                "agent `mcts`: unknown parameter `iter` (known: iters, ms, c, rollout, max_nodes, depth, scale, resample)",
            ),
            (
                "mcts:iters=0",
                "agent `mcts`: `iters=0`: expected a whole number from 1 to 10000000",
            ),
            (
                "mcts:iters=abc",
                "agent `mcts`: `iters=abc`: expected a whole number from 1 to 10000000",
            ),
            (
                "mcts:c=-1",
                "agent `mcts`: `c=-1`: expected a number from 0 to 100",
            ),
            (
                "mcts:c=nan",
                "agent `mcts`: `c=nan`: expected a number from 0 to 100",
            ),
            (
                "mcts:rollout=smart",
                "agent `mcts`: `rollout=smart`: expected `random` or `greedy`",
            ),
            (
                "mcts:iters=5,ms=5",
                "agent `mcts`: give `iters` or `ms`, not both",
            ),
            (
                "mcts:iters=5,iters=6",
                "agent `mcts`: parameter `iters` given twice",
            ),
            (
                "greedy:samples=0",
                "agent `greedy`: `samples=0`: expected a whole number from 1 to 10000",
            ),
        ];
        for (spec, msg) in bad {
            assert_eq!(label(spec).unwrap_err(), msg, "{spec}");
        }
        let det = |s: &str| make_agent::<Tyrant>(&AgentSpec::parse(s).unwrap()).unwrap();
        assert!(det("mcts:iters=10").deterministic());
        assert!(!det("mcts:ms=10").deterministic());
        assert!(det("mcts-peek").sees_hidden());
        assert!(!det("mcts").sees_hidden());
        assert!(!det("greedy").sees_hidden());
    }
}
