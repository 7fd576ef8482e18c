//! Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling, Powley
//! and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).
//!
//! One tree is grown over what the deciding player knows. Every iteration starts from a
//! fresh world (other hands, deck orders and the game's own future random draws
//! resampled, by [`View::determinize_lazy`], or [`View::determinize`] with
//! `resample=full`), walks down the tree with UCT, expands one new node, plays
//! the rest of the game out (random or greedy) and adds every player's reward to the nodes
//! it passed. Because different worlds can offer different actions, a node's children are
//! keyed by (player, action id), an action seen for the first time in a node is expanded,
//! and UCT runs only over the children legal in the current world, with the parent count in
//! the exploration term replaced by each child's *availability* (how often it was legal when
//! its parent was visited). With `depth=N` a playout stops after N player decisions outside
//! the tree and is scored by the game's evaluation (squashed into a reward by `scale`)
//! instead of being played to the end: cheaper iterations for long games.
//!
//! Chance nodes are not branched on: each iteration samples them with its own RNG (open
//! loop), as it does forced single-option moves and the moves of seats the rules give to an
//! automaton (Tyrant's random defender). Every node keeps a value per player, so the search
//! works for 2 to 4 players and for cooperative play (each player maximises its own reward).
//!
//! Memory: the node arena and the path buffer are allocated when the agent is built (sized
//! from the iteration budget) and cleared, never freed, between decisions; searching
//! allocates nothing.

use std::time::{Duration, Instant};

use cardsim_engine::{Action, ActionBuf, ChanceBuf, Game, GameRng, ToMove, MAX_PLAYERS};
use rand::RngExt;

use crate::play::{best_one_step_in, random_action, sample_chance};
use crate::{Agent, View};

const NONE: u32 = u32::MAX;

/// When to stop searching.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations per decision (deterministic).
    Iterations(u32),
    /// Wall-clock milliseconds per decision (results depend on machine speed and load).
    Millis(u32),
}

/// How playouts choose moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly random legal actions.
    Random,
    /// The greedy one-step choice by the game's evaluation.
    Greedy,
}

/// How each iteration's world is dealt ([`Game::resample_hidden_lazy`] or
/// [`Game::resample_hidden`]): the same probabilities either way, other draws.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Resample {
    /// Leave what a game can deal later for later (Allegiance: its decks unordered, a
    /// random card taken when a top card is taken). Cheaper; the default.
    Lazy,
    /// Deal everything hidden now (every deck shuffled): the search before session 30,
    /// move for move.
    Full,
}

/// Settings of an [`MctsAgent`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Search budget per decision.
    pub budget: Budget,
    /// UCT exploration constant (rewards are in [0, 1]).
    pub c: f64,
    /// Playout policy.
    pub rollout: Rollout,
    /// Arena size for time budgets (an iteration budget sizes it exactly); when full the
    /// search keeps iterating without growing the tree.
    pub max_nodes: u32,
    /// Search the true state instead of resampled worlds (the `mcts-peek` agent).
    pub peek: bool,
    /// Truncated playouts: stop a playout after this many player decisions outside the tree
    /// and score the position with the game's evaluation instead of its result (`None`:
    /// play every game out).
    pub depth: Option<u32>,
    /// The evaluation difference worth about 73% (1 / (1 + e^-1)) as a reward when a
    /// truncated playout is scored: reward = 1 / (1 + e^(-evaluate / scale)).
    pub scale: f64,
    /// How each iteration's world is dealt.
    pub resample: Resample,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1000),
            c: 1.4,
            rollout: Rollout::Random,
            max_nodes: 200_000,
            peek: false,
            depth: None,
            scale: 5.0,
            resample: Resample::Lazy,
        }
    }
}

#[derive(Copy, Clone, Debug)]
struct Node {
    first_child: u32,
    next_sibling: u32,
    action: Action,
    player: u8,
    visits: u32,
    avail: u32,
    value: [f32; MAX_PLAYERS],
}

impl Node {
    fn new(action: Action, player: u8, next_sibling: u32) -> Self {
        Node {
            first_child: NONE,
            next_sibling,
            action,
            player,
            visits: 0,
            avail: 1,
            value: [0.0; MAX_PLAYERS],
        }
    }
}

/// What selection does at a tree node.
enum Step {
    /// Follow an existing child.
    Child(u32),
    /// Try an action that has no child yet.
    Expand(Action),
}

/// The ISMCTS agent (`mcts`), or with [`MctsConfig::peek`] its clairvoyant variant
/// (`mcts-peek`).
pub struct MctsAgent {
    cfg: MctsConfig,
    nodes: Vec<Node>,
    path: Vec<u32>,
    /// `slot[action id]` = 1 + index in the current legal list, 0 otherwise (reset after
    /// each use). A fixed-size array indexed by a `u16` action id: no bounds checks.
    slot: Box<[u16; 1 << 16]>,
    /// Bit `s` set: seat `s` is played by the uniformly random automaton.
    random_seats: u8,
    /// `ln[n]` = `(n as f64).ln()` for every availability count an iteration budget can
    /// reach, up to [`LN_TABLE_MAX`] (larger counts, under time budgets or iteration budgets
    /// above it, call `ln`). The same values as the call, so the same scores and the same
    /// choices; the table replaces a libm call per child and visit, which also kept the
    /// score's terms on the stack.
    ln: Vec<f64>,
}

/// The largest availability count the logarithm table holds (time budgets and iteration
/// budgets above it).
const LN_TABLE_MAX: usize = 1 << 16;

impl MctsAgent {
    /// Build an agent, allocating everything it will ever use.
    pub fn new(cfg: MctsConfig) -> Self {
        let cap = match cfg.budget {
            Budget::Iterations(n) => n as usize + 1,
            Budget::Millis(_) => cfg.max_nodes.max(1) as usize,
        };
        // A child's availability starts at 1 and grows by at most 1 an iteration.
        let ln_len = match cfg.budget {
            Budget::Iterations(n) => (n as usize + 2).min(LN_TABLE_MAX + 1),
            Budget::Millis(_) => LN_TABLE_MAX + 1,
        };
        MctsAgent {
            cfg,
            nodes: Vec::with_capacity(cap),
            path: Vec::with_capacity(cap + 1),
            slot: vec![0u16; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("65536 slots"),
            random_seats: 0,
            ln: (0..ln_len).map(|n| (n as f64).ln()).collect(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.cfg
    }

    /// UCT selection (or expansion) at `node` for player `p` with the actions `legal` of
    /// the current world.
    fn select(&mut self, node: u32, p: u8, legal: &ActionBuf, rng: &mut GameRng) -> Step {
        for (i, a) in legal.iter().enumerate() {
            self.slot[a.0 as usize] = i as u16 + 1;
        }
        let mut seen = [0u64; 4];
        let mut seen_count = 0u32;
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let explore = self.cfg.c;
        let ln = &self.ln[..];
        let slot = &*self.slot;
        let pi = p as usize;
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let ch = &mut self.nodes[c as usize];
            if ch.player == p {
                let k = slot[ch.action.0 as usize] as usize;
                if k != 0 {
                    seen[(k - 1) / 64] |= 1 << ((k - 1) % 64);
                    seen_count += 1;
                    ch.avail += 1;
                    let n = ch.visits.max(1) as f64;
                    let ln_avail = match ln.get(ch.avail as usize) {
                        Some(&l) => l,
                        None => (ch.avail as f64).ln(),
                    };
                    let score = ch.value[pi] as f64 / n + explore * (ln_avail / n).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = c;
                    }
                }
            }
            c = ch.next_sibling;
        }
        for a in legal {
            self.slot[a.0 as usize] = 0;
        }
        // Children are unique per (player, action): each match set its own bit.
        debug_assert_eq!(seen_count, seen.iter().map(|w| w.count_ones()).sum::<u32>());
        let untried = legal.len() as u32 - seen_count;
        if untried == 0 {
            return Step::Child(best);
        }
        let mut pick = rng.random_range(0..untried);
        for (i, &a) in legal.iter().enumerate() {
            if seen[i / 64] & (1 << (i % 64)) == 0 {
                if pick == 0 {
                    return Step::Expand(a);
                }
                pick -= 1;
            }
        }
        unreachable!("an untried action exists")
    }

    /// The action a playout takes for player `p`.
    #[inline]
    fn playout_action<G: Game>(
        &self,
        world: &G,
        scratch: &mut Option<G>,
        p: u8,
        legal: &ActionBuf,
        rng: &mut GameRng,
    ) -> Action {
        if legal.len() == 1 {
            legal[0]
        } else if self.cfg.rollout == Rollout::Greedy && self.random_seats & (1 << p) == 0 {
            let w = scratch.get_or_insert_with(|| world.clone());
            best_one_step_in(world, w, p, legal, rng)
        } else {
            random_action(legal, rng)
        }
    }

    /// One iteration from the world `world` (played on; `scratch` is the copy a greedy
    /// playout's look-ahead uses).
    fn iterate<G: Game>(&mut self, world: &mut G, scratch: &mut Option<G>, rng: &mut GameRng) {
        let mut legal = ActionBuf::new();
        let mut chance = ChanceBuf::new();
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let max = world.max_decisions() as usize + 1;
        let mut steps = 0usize;
        // Player decisions left in a truncated playout.
        let mut left = self.cfg.depth.unwrap_or(u32::MAX);
        // Selection and expansion while in the tree, then the playout.
        let mut in_tree = true;
        while steps < max {
            steps += 1;
            match world.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    let a = sample_chance(world, &mut chance, rng);
                    world.apply_unchecked(a);
                }
                ToMove::Player(p) => {
                    world.legal_actions(&mut legal);
                    if !in_tree || legal.len() == 1 || self.random_seats & (1 << p) != 0 {
                        if !in_tree && legal.len() > 1 {
                            if left == 0 {
                                break;
                            }
                            left -= 1;
                        }
                        let a = self.playout_action(world, scratch, p, &legal, rng);
                        world.apply_unchecked(a);
                        continue;
                    }
                    match self.select(node, p, &legal, rng) {
                        Step::Child(c) => {
                            node = c;
                            self.path.push(c);
                            world.apply_unchecked(self.nodes[c as usize].action);
                        }
                        Step::Expand(a) => {
                            if self.nodes.len() < self.nodes.capacity() {
                                let id = self.nodes.len() as u32;
                                let parent = &mut self.nodes[node as usize];
                                let sibling = parent.first_child;
                                parent.first_child = id;
                                self.nodes.push(Node::new(a, p, sibling));
                                self.path.push(id);
                            }
                            world.apply_unchecked(a);
                            in_tree = false;
                        }
                    }
                }
            }
        }
        // Rewards: the game's result per player (a draw for everyone if the bound on the
        // game's length was somehow reached first).
        let mut reward = [0.5f32; MAX_PLAYERS];
        if let Some(o) = world.outcome() {
            for (r, res) in reward.iter_mut().zip(o.results) {
                *r = res.reward() as f32;
            }
        } else if self.cfg.depth.is_some() {
            // A truncated playout: the evaluation, squashed into (0, 1).
            for (p, r) in reward.iter_mut().enumerate().take(world.num_players()) {
                let e = world.evaluate(p as u8) / self.cfg.scale;
                *r = (1.0 / (1.0 + (-e).exp())) as f32;
            }
        }
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            for (v, r) in n.value.iter_mut().zip(reward) {
                *v += r;
            }
        }
    }

    /// Search from `view` and return the most visited legal root action.
    fn search<G: Game>(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action {
        let legal = view.legal();
        if legal.len() == 1 {
            return legal[0];
        }
        let me = view.player();
        // The agent plays its own seat even where the rules would put an automaton there.
        let models = self.random_seats;
        self.random_seats &= !(1 << me);
        let a = self.search_from(view, me, rng);
        self.random_seats = models;
        a
    }

    fn search_from<G: Game>(&mut self, view: &View<'_, G>, me: u8, rng: &mut GameRng) -> Action {
        let legal = view.legal();
        self.nodes.clear();
        self.nodes.push(Node::new(Action(0), me, NONE));
        let (iters, deadline) = match self.cfg.budget {
            Budget::Iterations(n) => (n as u64, None),
            Budget::Millis(ms) => (
                u64::MAX,
                Some(Instant::now() + Duration::from_millis(ms as u64)),
            ),
        };
        let mut it = 0u64;
        let mut world: Option<G> = None;
        let mut scratch: Option<G> = None;
        while it < iters {
            if let Some(d) = deadline {
                if it.is_multiple_of(16) && it > 0 && Instant::now() >= d {
                    break;
                }
            }
            it += 1;
            // One world reused by every iteration (`clone_from` keeps its storage).
            match (view.peek(), &mut world) {
                (Some(s), Some(w)) if self.cfg.peek => w.clone_from(s),
                (Some(s), None) if self.cfg.peek => world = Some(s.clone()),
                (_, Some(w)) if self.cfg.resample == Resample::Lazy => {
                    view.determinize_lazy_into(w, rng)
                }
                (_, None) if self.cfg.resample == Resample::Lazy => {
                    world = Some(view.determinize_lazy(rng))
                }
                (_, Some(w)) => view.determinize_into(w, rng),
                (_, None) => world = Some(view.determinize(rng)),
            }
            if let Some(w) = &mut world {
                self.iterate(w, &mut scratch, rng);
            }
        }
        // The most visited root child that is legal now; ties by mean value, then at random.
        let mut best = crate::play::ArgMax::default();
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let ch = &self.nodes[c as usize];
            if ch.player == me && legal.contains(&ch.action) {
                let mean = ch.value[me as usize] as f64 / ch.visits.max(1) as f64;
                best.offer(ch.action, ch.visits as f64 + 0.5 * mean, rng);
            }
            c = ch.next_sibling;
        }
        best.get().unwrap_or_else(|| random_action(legal, rng))
    }
}

impl<G: Game> Agent<G> for MctsAgent {
    fn label(&self) -> String {
        let cfg = &self.cfg;
        let name = if cfg.peek { "mcts-peek" } else { "mcts" };
        let budget = match cfg.budget {
            Budget::Iterations(n) => format!("iters={n}"),
            Budget::Millis(ms) => format!("ms={ms},max_nodes={}", cfg.max_nodes),
        };
        let rollout = match cfg.rollout {
            Rollout::Random => "random",
            Rollout::Greedy => "greedy",
        };
        let depth = match cfg.depth {
            Some(d) => format!(",depth={d},scale={}", cfg.scale),
            None => String::new(),
        };
        // Only when not the default, so that the labels of lazy searches read as before.
        let resample = match cfg.resample {
            Resample::Lazy => "",
            Resample::Full => ",resample=full",
        };
        format!(
            "{name}:{budget},c={},rollout={rollout}{depth}{resample}",
            cfg.c
        )
    }

    fn sees_hidden(&self) -> bool {
        self.cfg.peek
    }

    fn deterministic(&self) -> bool {
        matches!(self.cfg.budget, Budget::Iterations(_))
    }

    fn set_seat_models(&mut self, fixed: &[Option<&'static str>]) {
        self.random_seats = 0;
        for (s, f) in fixed.iter().enumerate().take(MAX_PLAYERS) {
            if *f == Some("random") {
                self.random_seats |= 1 << s;
            }
        }
    }

    fn choose(&mut self, view: &View<'_, G>, rng: &mut GameRng) -> Action {
        self.search(view, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The logarithm table holds exactly what `ln` returns (bit for bit, so the scores and
    /// the choices are the call's) for every availability an iteration budget reaches, and
    /// stops at its bound for time budgets and very large iteration budgets (larger counts
    /// call `ln`).
    #[test]
    fn ln_table_is_the_call() {
        let it = MctsAgent::new(MctsConfig {
            budget: Budget::Iterations(1000),
            ..MctsConfig::default()
        });
        assert_eq!(it.ln.len(), 1002);
        for (n, &l) in it.ln.iter().enumerate() {
            assert_eq!(l.to_bits(), (n as f64).ln().to_bits(), "n {n}");
        }
        let ms = MctsAgent::new(MctsConfig {
            budget: Budget::Millis(5),
            ..MctsConfig::default()
        });
        assert_eq!(ms.ln.len(), LN_TABLE_MAX + 1);
        assert_eq!(
            ms.ln[LN_TABLE_MAX].to_bits(),
            (LN_TABLE_MAX as f64).ln().to_bits()
        );
        let big = MctsAgent::new(MctsConfig {
            budget: Budget::Iterations(1 << 20),
            max_nodes: 1,
            ..MctsConfig::default()
        });
        assert_eq!(big.ln.len(), LN_TABLE_MAX + 1);
    }
}
