//! The search agents on tiny games whose correct play is known: Nim (perfect information,
//! a known winning move), a gamble through explicit chance nodes, a three-player game that
//! needs per-player values, a cooperative game, a hidden coin that only a peeking agent can
//! read, and a two-step decision that greedy must judge at its end.

use cardsim_agents::{make_game_agent, Agent, AgentSpec, View};
use cardsim_engine::{
    stream_rng, Action, ActionBuf, CardUsage, ChanceBuf, EndReason, Game, GameRng, Outcome,
    PlayerResult, RngRole, ToMove, MAX_PLAYERS,
};
use rand::RngExt;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Take 1–3 stones; whoever takes the last stone wins.
    Nim,
    /// Player 0 picks a coin (0: wins on 2 of 5 flips, 1: on 3 of 5); a chance node flips.
    Gamble,
    /// Three players. Player 0 picks a, then player 1 picks b: (0,0) player 0 wins,
    /// (0,1) player 1 wins, (1,0) a draw, (1,1) player 2 wins.
    Kingmaker,
    /// Two players on one team: player 0 picks x in 0..=3, player 1 picks y in 0..=1; both
    /// win if x + y = 3, both lose otherwise.
    Team,
    /// A hidden coin (dealt, unseen by player 0), player 0 guesses it: right, player 0 wins.
    Guess,
    /// One turn of two steps for player 0: step 1 `setup` (evaluation −1) or `safe` (+1);
    /// step 2 after `setup`: `combo` (+10) or `done` (−1); after `safe`: `done` (+1). Then
    /// the game ends with player 0 winning if its value is positive.
    TwoStep,
}

#[derive(Clone, Debug, PartialEq)]
struct Toy {
    kind: Kind,
    players: u8,
    to_move: ToMove,
    pile: u8,
    moves: [i16; 4],
    n_moves: u8,
    coin: u8,
    turn: u32,
    result: Option<Outcome>,
}

impl Toy {
    fn new(kind: Kind, rng: &mut GameRng) -> Self {
        let players = match kind {
            Kind::Kingmaker => 3,
            _ => 2,
        };
        Toy {
            kind,
            players,
            to_move: ToMove::Player(0),
            pile: 0,
            moves: [0; 4],
            n_moves: 0,
            coin: rng.random_range(0..2u8),
            turn: 1,
            result: None,
        }
    }

    fn nim(pile: u8) -> Self {
        let mut t = Toy::new(Kind::Nim, &mut stream_rng(0, 0, RngRole::Game));
        t.pile = pile;
        t
    }

    fn end(&mut self, winner: Option<u8>) {
        self.to_move = ToMove::Terminal;
        self.result = Some(match winner {
            Some(w) => Outcome::winner(self.players, w, EndReason::Decided),
            None => Outcome::draw(self.players, EndReason::Decided),
        });
    }

    fn value(&self) -> i16 {
        self.moves[..self.n_moves as usize].iter().sum()
    }
}

impl Game for Toy {
    fn num_players(&self) -> usize {
        self.players as usize
    }
    fn to_move(&self) -> ToMove {
        self.to_move
    }
    fn legal_actions(&self, out: &mut ActionBuf) {
        out.clear();
        let ToMove::Player(p) = self.to_move else {
            return;
        };
        let n: u16 = match self.kind {
            Kind::Nim => self.pile.min(3) as u16,
            Kind::Team if p == 0 => 4,
            Kind::TwoStep if self.n_moves == 1 && self.moves[0] == 1 => 1,
            _ => 2,
        };
        let first = if self.kind == Kind::Nim { 1 } else { 0 };
        for a in first..first + n {
            out.push(Action(a));
        }
    }
    fn chance_outcomes(&self, out: &mut ChanceBuf) {
        out.clear();
        if self.to_move == ToMove::Chance {
            // Outcome 1: player 0 wins.
            let good = if self.moves[0] == 1 { 3 } else { 2 };
            out.push((Action(1), good));
            out.push((Action(0), 5 - good));
        }
    }
    fn apply_unchecked(&mut self, a: Action) {
        let p = match self.to_move {
            ToMove::Player(p) => p,
            ToMove::Chance => {
                self.end(Some(if a.0 == 1 { 0 } else { 1 }));
                return;
            }
            ToMove::Terminal => return,
        };
        match self.kind {
            Kind::Nim => {
                self.pile -= a.0 as u8;
                if self.pile == 0 {
                    self.end(Some(p));
                } else {
                    self.turn += 1;
                    self.to_move = ToMove::Player(1 - p);
                }
            }
            Kind::Gamble => {
                self.moves[0] = a.0 as i16;
                self.to_move = ToMove::Chance;
            }
            Kind::Kingmaker | Kind::Team => {
                self.moves[p as usize] = a.0 as i16;
                if p == 0 {
                    self.to_move = ToMove::Player(1);
                    self.turn += 1;
                } else if self.kind == Kind::Team {
                    let win = self.moves[0] + self.moves[1] == 3;
                    let r = if win {
                        PlayerResult::Win
                    } else {
                        PlayerResult::Loss
                    };
                    self.to_move = ToMove::Terminal;
                    self.result = Some(Outcome {
                        results: [r; MAX_PLAYERS],
                        players: 2,
                        end: EndReason::Decided,
                    });
                } else {
                    match (self.moves[0], self.moves[1]) {
                        (0, 0) => self.end(Some(0)),
                        (0, _) => self.end(Some(1)),
                        (_, 0) => self.end(None),
                        _ => self.end(Some(2)),
                    }
                }
            }
            Kind::Guess => self.end(Some(if a.0 as u8 == self.coin { 0 } else { 1 })),
            Kind::TwoStep => {
                // Step 1: 0 = setup (−1), 1 = safe (+1). Step 2 after setup: 0 = combo
                // (+11, total +10), 1 = done (0, total −1); after safe: 0 = done (0).
                let v = match (self.n_moves, self.moves[0], a.0) {
                    (0, _, 0) => -1,
                    (0, _, _) => 1,
                    (1, -1, 0) => 11,
                    _ => 0,
                };
                self.moves[self.n_moves as usize] = v;
                self.n_moves += 1;
                if self.n_moves == 2 {
                    let w = if self.value() > 0 { 0 } else { 1 };
                    self.end(Some(w));
                }
            }
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.result
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn max_decisions(&self) -> u32 {
        40
    }
    fn max_turns(&self) -> u32 {
        40
    }
    fn resample_hidden(&mut self, viewer: u8, rng: &mut GameRng) {
        if viewer == 0 {
            self.coin = rng.random_range(0..2u8);
        }
    }
    fn card_usage(&self, _seat: u8) -> CardUsage {
        CardUsage::default()
    }
    fn evaluate(&self, p: u8) -> f64 {
        match self.result {
            Some(o) if self.kind != Kind::TwoStep => o.result(p as usize).reward(),
            _ if self.kind == Kind::TwoStep && p == 0 => self.value() as f64,
            _ => 0.0,
        }
    }
    fn action_label(&self, a: Action) -> String {
        a.0.to_string()
    }
    fn describe(&self) -> Vec<(String, String)> {
        vec![]
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

fn agent(spec: &str) -> Box<dyn Agent<Toy>> {
    make_game_agent(&AgentSpec::parse(spec).unwrap(), "toy", &[]).unwrap()
}

fn decide(a: &mut dyn Agent<Toy>, state: &Toy, seed: u64) -> u16 {
    let mut legal = ActionBuf::new();
    state.legal_actions(&mut legal);
    let ToMove::Player(p) = state.to_move() else {
        panic!("not a decision")
    };
    let view = View::new(state, p, &legal, a.sees_hidden());
    a.choose(&view, &mut stream_rng(seed, 0, RngRole::Agent(p)))
        .0
}

#[test]
fn mcts_finds_the_winning_nim_move() {
    // Truncated playouts (depth=2) score cut-off positions by the evaluation (0 here until
    // the game ends, a reward of 0.5): the tree still has to find the win.
    for rollout in ["random", "greedy", "random,depth=2"] {
        let mut a = agent(&format!("mcts:iters=3000,rollout={rollout}"));
        for pile in [5u8, 6, 7, 9, 10, 11] {
            for seed in 0..3 {
                assert_eq!(
                    decide(a.as_mut(), &Toy::nim(pile), seed),
                    (pile % 4) as u16,
                    "pile {pile} seed {seed} rollout {rollout}"
                );
            }
        }
    }
}

#[test]
fn mcts_samples_chance_nodes_and_takes_the_better_gamble() {
    let mut a = agent("mcts:iters=2000");
    let s = Toy::new(Kind::Gamble, &mut stream_rng(0, 0, RngRole::Game));
    for seed in 0..5 {
        assert_eq!(decide(a.as_mut(), &s, seed), 1, "seed {seed}");
    }
}

#[test]
fn three_players_keep_their_own_values() {
    let mut a = agent("mcts:iters=2000");
    let s = Toy::new(Kind::Kingmaker, &mut stream_rng(0, 0, RngRole::Game));
    // Player 1 answers a=0 by winning itself and a=1 by taking the draw over player 2's
    // win, so player 0 must settle for the draw.
    for seed in 0..5 {
        assert_eq!(decide(a.as_mut(), &s, seed), 1, "seed {seed}");
        let mut after0 = s.clone();
        after0.apply(Action(0));
        assert_eq!(decide(a.as_mut(), &after0, seed), 1);
        let mut after1 = s.clone();
        after1.apply(Action(1));
        assert_eq!(decide(a.as_mut(), &after1, seed), 0);
    }
}

#[test]
fn cooperative_players_find_the_shared_win() {
    let mut a = agent("mcts:iters=2000");
    let s = Toy::new(Kind::Team, &mut stream_rng(0, 0, RngRole::Game));
    for seed in 0..5 {
        let x = decide(a.as_mut(), &s, seed);
        assert!(x == 2 || x == 3, "seed {seed}: x = {x}");
        let mut t = s.clone();
        t.apply(Action(x));
        let y = decide(a.as_mut(), &t, seed);
        assert_eq!(x + y, 3);
    }
}

#[test]
fn only_the_peeking_agent_reads_the_hidden_coin() {
    let mut honest = agent("mcts:iters=200");
    let mut peek = agent("mcts-peek:iters=200");
    assert!(!honest.sees_hidden());
    assert!(peek.sees_hidden());
    let (mut honest_wins, mut peek_wins) = (0, 0);
    let deals = 400;
    for g in 0..deals {
        let s = Toy::new(Kind::Guess, &mut stream_rng(5, g, RngRole::Game));
        honest_wins += (decide(honest.as_mut(), &s, g) as u8 == s.coin) as u32;
        peek_wins += (decide(peek.as_mut(), &s, g) as u8 == s.coin) as u32;
    }
    assert_eq!(peek_wins, deals as u32);
    // A coin flip's worth: 400 deals, 95% of fair-coin counts lie in 181..=219.
    assert_eq!(honest_wins, 209);
}

#[test]
fn greedy_judges_a_two_step_decision_at_its_end() {
    let mut g = agent("greedy");
    let s = Toy::new(Kind::TwoStep, &mut stream_rng(0, 0, RngRole::Game));
    for seed in 0..10 {
        // `safe` scores +1 after one step, `setup` −1; but `setup` then `combo` reaches +10.
        assert_eq!(decide(g.as_mut(), &s, seed), 0, "seed {seed}");
    }
    let mut t = s.clone();
    t.apply(Action(0));
    assert_eq!(decide(g.as_mut(), &t, 0), 0);
}

#[test]
fn greedy_breaks_ties_at_random() {
    // Nim evaluates every non-final position as 0: all three moves tie.
    let mut g = agent("greedy");
    let mut seen = [0u32; 4];
    for seed in 0..60 {
        seen[decide(g.as_mut(), &Toy::nim(9), seed) as usize] += 1;
    }
    assert_eq!(seen[0], 0);
    assert!(seen[1..].iter().all(|&c| c > 0), "{seen:?}");
    assert_eq!(seen.iter().sum::<u32>(), 60);
    // With a winning move on the board, greedy takes it.
    assert_eq!(decide(g.as_mut(), &Toy::nim(2), 0), 2);
}
