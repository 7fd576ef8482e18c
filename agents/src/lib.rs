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
//! ## Agent specs
//! Agents are named on the command line as `name` or `name:key=value,key=value`
//! ([`AgentSpec`]); [`make_agent`] builds one for a rule set and [`list_agents`] lists them.
#![deny(missing_docs)]

use std::fmt;

use cardsim_engine::{Action, ActionBuf, Game, GameRng, Ruleset};
use rand::RngExt;

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

    /// Called before each new game.
    fn reset(&mut self) {}
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
        let l = view.legal();
        l[rng.random_range(0..l.len())]
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
    let mut v = vec![AgentInfo {
        name: "random".into(),
        params: vec![],
        doc: "uniformly random legal action".into(),
    }];
    for p in R::builtin_policies() {
        v.push(AgentInfo {
            name: p.name.into(),
            params: vec![],
            doc: format!("{} (scripted play mode of {})", p.doc, R::NAME),
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

/// Build the agent a spec names, for rule set `R`.
pub fn make_agent<R: Ruleset>(spec: &AgentSpec) -> Result<Box<dyn Agent<R::State>>, SpecError> {
    if spec.name == "random" {
        no_params(spec)?;
        return Ok(Box::new(RandomAgent));
    }
    if let Some((index, p)) = R::builtin_policies()
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
        game: R::NAME.into(),
        known: list_agents::<R>()
            .iter()
            .map(|a| a.name.clone())
            .collect::<Vec<_>>()
            .join(", "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "unknown agent `nope` for tyrant (known: random, ordered)"
        );
        let e = make_agent::<Tyrant>(&AgentSpec::parse("random:x=1").unwrap())
            .err()
            .unwrap();
        assert_eq!(
            e.to_string(),
            "agent `random`: takes no parameters (got `x`)"
        );
    }
}
