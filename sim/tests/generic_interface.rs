//! The interface carries more than Tyrant: a toy 3-player dice race with explicit chance
//! nodes runs through the conformance suite and the parallel runner (seat rotation for three
//! players, chance sampling, determinism across thread counts) without any change to them.

use cardsim_agents::AgentSpec;
use cardsim_engine::{
    conformance, Action, ActionBuf, CardUsage, ChanceBuf, DeckCard, EndReason, Game, GameRng,
    LoadError, Outcome, ParamKind, ParamSpec, Params, Ruleset, Setup, ToMove,
};
use cardsim_sim::runner::{Matchup, Run};
use std::path::PathBuf;

/// Dice race: on a turn, chance rolls a die for the player to move, who then banks the roll
/// (action 0) or, on an even roll, risks it (action 1: +2×roll with the next roll's chance
/// node deciding nothing further — kept simple). First to `target` wins; at `limit` turns,
/// a draw.
#[derive(Clone, Debug, PartialEq)]
struct Race {
    players: u8,
    score: [u8; 4],
    bonus: [u8; 4],
    active: u8,
    roll: u8,
    turn: u16,
    limit: u16,
    target: u8,
    result: Option<Outcome>,
}

impl Race {
    fn advance(&mut self) {
        if self.score[self.active as usize] >= self.target {
            self.result = Some(Outcome::winner(
                self.players,
                self.active,
                EndReason::Decided,
            ));
            return;
        }
        if self.turn >= self.limit {
            self.result = Some(Outcome::draw(self.players, EndReason::TurnLimit));
            return;
        }
        self.turn += 1;
        self.active = (self.active + 1) % self.players;
        self.roll = 0;
    }
}

impl Game for Race {
    fn num_players(&self) -> usize {
        self.players as usize
    }
    fn to_move(&self) -> ToMove {
        if self.result.is_some() {
            ToMove::Terminal
        } else if self.roll == 0 {
            ToMove::Chance
        } else {
            ToMove::Player(self.active)
        }
    }
    fn legal_actions(&self, out: &mut ActionBuf) {
        out.clear();
        if self.to_move() == ToMove::Player(self.active) {
            out.push(Action(0));
            if self.roll.is_multiple_of(2) {
                out.push(Action(1));
            }
        }
    }
    fn chance_outcomes(&self, out: &mut ChanceBuf) {
        out.clear();
        if self.to_move() == ToMove::Chance {
            for face in 1..=6u16 {
                out.push((Action(face), 1));
            }
        }
    }
    fn apply_unchecked(&mut self, a: Action) {
        match self.to_move() {
            ToMove::Chance => self.roll = a.0 as u8,
            ToMove::Player(p) => {
                let gain = if a.0 == 1 { 2 * self.roll } else { self.roll };
                self.score[p as usize] += gain + self.bonus[p as usize];
                self.advance();
            }
            ToMove::Terminal => {}
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.result
    }
    fn turn(&self) -> u32 {
        self.turn as u32
    }
    fn max_decisions(&self) -> u32 {
        2 * self.limit as u32
    }
    fn max_turns(&self) -> u32 {
        self.limit as u32
    }
    fn resample_hidden(&mut self, _viewer: u8, _rng: &mut GameRng) {}
    fn card_usage(&self, _seat: u8) -> CardUsage {
        CardUsage::default()
    }
    fn evaluate(&self, p: u8) -> f64 {
        self.score[p as usize] as f64
    }
    fn action_label(&self, a: Action) -> String {
        match self.to_move() {
            ToMove::Chance => format!("roll {}", a.0),
            _ => ["bank", "double"][a.0 as usize].into(),
        }
    }
    fn describe(&self) -> Vec<(String, String)> {
        vec![("score".into(), format!("{:?}", self.score))]
    }
    fn check_invariants(&self) -> Result<(), String> {
        if self.roll > 6 {
            return Err("bad roll".into());
        }
        Ok(())
    }
}

struct RaceRules {
    params: Params,
    players: usize,
}

static PARAMS: &[ParamSpec] = &[ParamSpec {
    name: "target",
    kind: ParamKind::Int { min: 1, max: 99 },
    default: 30,
    doc: "score that wins",
}];

impl Ruleset for RaceRules {
    type State = Race;
    const NAME: &'static str = "race";
    fn param_specs() -> &'static [ParamSpec] {
        PARAMS
    }
    fn default_cards() -> &'static str {
        "race/none.csv"
    }
    fn load(setup: &Setup) -> Result<Self, LoadError> {
        Ok(RaceRules {
            params: setup.params.clone(),
            players: setup.decks.len(),
        })
    }
    fn num_players(&self) -> usize {
        self.players
    }
    fn seat_name(&self, seat: usize) -> &'static str {
        ["first", "second", "third", "fourth"][seat]
    }
    fn first_seat(&self) -> usize {
        0
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn deck_names(&self) -> Vec<String> {
        // "Decks" are starting bonuses 0, 1, 2 per turn.
        (0..self.players).map(|i| format!("bonus{i}")).collect()
    }
    fn deck_cards(&self, _deck: usize) -> Vec<DeckCard> {
        Vec::new()
    }
    fn new_game(&self, seating: &[u8], _rng: GameRng) -> Race {
        let mut bonus = [0u8; 4];
        for (s, &d) in seating.iter().enumerate() {
            bonus[s] = d;
        }
        Race {
            players: seating.len() as u8,
            score: [0; 4],
            bonus,
            active: 0,
            roll: 0,
            turn: 1,
            limit: 24,
            target: self.params.get("target") as u8,
            result: None,
        }
    }
}

fn rules() -> RaceRules {
    RaceRules::load(&Setup {
        cards: "none".into(),
        decks: ["a", "b", "c"]
            .iter()
            .map(|s| PathBuf::from(s).into())
            .collect(),
        params: Params::defaults(PARAMS),
    })
    .unwrap()
}

#[test]
fn toy_game_passes_conformance() {
    let r = rules();
    let rep = conformance::run(&r, 2_000, 5, true).unwrap();
    assert_eq!(rep.games, 2_000);
    assert_eq!(rep.results.len(), 3);
}

#[test]
fn three_player_runs_rotate_seats_and_are_thread_independent() {
    let r = rules();
    let random = AgentSpec::parse("random").unwrap();
    let run = Run {
        ruleset: &r,
        matchups: vec![Matchup {
            decks: vec![0, 1, 2],
            agents: vec![random.clone(), random.clone(), random],
            games: 3_000,
        }],
        seed: 11,
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let a = one.install(|| run.play(&|_| {})).unwrap();
    let b = two.install(|| run.play(&|_| {})).unwrap();
    assert_eq!(a.matchups, b.matchups);
    assert_eq!(a.games, 3_000);
    let m = &a.matchups[0];
    // Every slot sits in every seat exactly 1,000 times.
    for slot in 0..3 {
        for seat in 0..3 {
            assert_eq!(m.seats[slot][seat].games, 1_000, "slot {slot} seat {seat}");
        }
    }
    // Each game has one winner or is a draw: wins + draws/3 add up to the games.
    let wins: u64 = m.seats.iter().flatten().map(|s| s.wins).sum();
    let draws: u64 = m.seats.iter().flatten().map(|s| s.draws).sum();
    assert_eq!(wins + draws / 3, 3_000);
    // The bigger bonus wins more often.
    let total = |slot: usize| m.seats[slot].iter().map(|s| s.wins).sum::<u64>();
    assert!(total(2) > total(1) && total(1) > total(0));
}

#[test]
fn ladder_head_to_head_with_three_players_and_chance() {
    use cardsim_sim::ladder::{ladder_for, LadderJob};
    let job = |threads| LadderJob {
        run: cardsim_sim::settings::RunSettings {
            game: "race".into(),
            seed: 4,
            threads: Some(threads),
            ..Default::default()
        },
        decks: ["a", "b", "c"].iter().map(PathBuf::from).collect(),
        agents: vec!["random".into(), "greedy".into(), "mcts:iters=60".into()],
        deals: 150,
    };
    let one = ladder_for::<RaceRules>(&job(1)).unwrap();
    let two = ladder_for::<RaceRules>(&job(2)).unwrap();
    assert_eq!(one.manifest.mode, "head-to-head");
    assert!(one.manifest.fixed_seats.is_empty());
    for (p, q) in one.pairs.iter().zip(&two.pairs) {
        assert_eq!(p.acc, q.acc);
        let c = &p.acc;
        // Two games per deal, one comparison each; seats alternate A, B, A then B, A, B.
        assert_eq!(c.deals, 150);
        assert_eq!(c.a_better + c.b_better + c.equal, 300);
        assert_eq!(c.a_games + c.b_games, 150 * 2 * 3);
        assert_eq!(c.a_games, 150 * 3);
    }
    // Doubling an even roll is never worse than banking it: greedy and MCTS both see it.
    let greedy_vs_random = one.pairs[0].acc.a_rate().unwrap();
    assert!(greedy_vs_random.1 > 0.5, "{greedy_vs_random:?}");
    let mcts_vs_random = one.pairs[1].acc.a_rate().unwrap();
    assert!(mcts_vs_random.1 > 0.5, "{mcts_vs_random:?}");
    assert_eq!(
        (one.pairs[0].acc.a_better, one.pairs[0].acc.b_better),
        (189, 111)
    );
}

#[test]
fn sweeps_work_for_any_game_and_card_edits_are_refused_by_default() {
    // The toy game's own parameter, through the generic sweep: same games at each target.
    let spec = cardsim_sim::sweep::SweepSpec {
        run: cardsim_sim::settings::RunSettings {
            game: "race".into(),
            cards: Some("none".into()),
            seed: 4,
            threads: Some(2),
            options: serde_json::json!({}),
            ..Default::default()
        },
        decks: ["a", "b", "c"].iter().map(PathBuf::from).collect(),
        round_robin: false,
        agent: "random".into(),
        param: "target=10..40:15".into(),
        games: 900,
    };
    let r = cardsim_sim::sweep::sweep_for::<RaceRules>(&spec).unwrap();
    assert_eq!(r.values, ["10", "25", "40"]);
    assert_eq!(r.seats, ["first", "second", "third"]);
    for a in &r.accs {
        assert_eq!(a.games, 900);
        // One winner per game, or a draw at the turn limit (a stall).
        assert_eq!(a.wins[..3].iter().sum::<u64>() + a.stalls, 900);
    }
    // Scores only grow and every target sees the same rolls and choices, so a game that
    // stalls at a lower target stalls at every higher one.
    assert!(r.accs[0].stalls <= r.accs[1].stalls && r.accs[1].stalls <= r.accs[2].stalls);
    assert!(r.accs[2].stalls > r.accs[0].stalls);
    // Card edits are the game's to offer; the defaults refuse with a message.
    let e = rules()
        .with_card_changed("die", "attack-1")
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        e,
        "race: card edits (ablation, nerf, buff) are not supported by this game"
    );
    assert!(rules().with_deck_card_replaced(0, "x", None).is_err());
    assert!(rules().card_names().is_empty());
}
