//! `cardsim optimize` on a toy game with a known best deck: a deck is a captain (worth 0 or
//! 3) and 1 to 4 cards `c0`..`c5` (card `ck` worth k, at most 2 copies each); a game draws
//! u uniform in 0..52 from its RNG and seat 0 wins when u + w1 < 26 + w0 (w: the decks'
//! worths), so a deck wins more the more it is worth. The best deck is the high captain with
//! 2x c5 and 2x c4 (worth 21), whatever the order.

mod common;

use std::path::{Path, PathBuf};

use cardsim_engine::data::DeckFile;
use cardsim_engine::{
    Action, ActionBuf, CardUsage, DeckCard, DeckPlan, DeckSpace, EndReason, Game, GameRng,
    LoadError, Outcome, ParamSpec, Params, Ruleset, Setup, ToMove,
};
use cardsim_sim::optimize::race::RaceRule;
use cardsim_sim::optimize::{optimize_for, Method, OptimizeSpec, SearchRule};
use common::Tmp;
use rand::RngExt;

const CAPTAINS: [(&str, u32); 2] = [("low", 0), ("high", 3)];

#[derive(Clone, Debug, PartialEq)]
struct ToyState {
    won: bool,
}

impl Game for ToyState {
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> ToMove {
        ToMove::Terminal
    }
    fn legal_actions(&self, out: &mut ActionBuf) {
        out.clear();
    }
    fn apply_unchecked(&mut self, _: Action) {}
    fn outcome(&self) -> Option<Outcome> {
        Some(Outcome::winner(
            2,
            if self.won { 0 } else { 1 },
            EndReason::Decided,
        ))
    }
    fn turn(&self) -> u32 {
        1
    }
    fn max_decisions(&self) -> u32 {
        0
    }
    fn max_turns(&self) -> u32 {
        1
    }
    fn resample_hidden(&mut self, _: u8, _: &mut GameRng) {}
    fn card_usage(&self, _: u8) -> CardUsage {
        CardUsage::default()
    }
    fn evaluate(&self, _: u8) -> f64 {
        0.0
    }
    fn action_label(&self, a: Action) -> String {
        a.0.to_string()
    }
    fn describe(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A toy deck: captain worth and card names.
#[derive(Clone, Debug)]
struct ToyDeck {
    name: String,
    plan: DeckPlan,
}

fn worth(p: &DeckPlan) -> u32 {
    let cap = CAPTAINS
        .iter()
        .find(|c| c.0 == p.slots[0])
        .map_or(0, |c| c.1);
    cap + p
        .cards
        .iter()
        .map(|c| c[1..].parse::<u32>().unwrap())
        .sum::<u32>()
}

#[derive(Clone, Debug)]
struct Toy {
    decks: Vec<ToyDeck>,
    params: Params,
}

fn card_names() -> Vec<String> {
    (0..6).map(|k| format!("c{k}")).collect()
}

fn check(plan: &DeckPlan, file: &Path) -> Result<(), LoadError> {
    let bad = |m: &str| Err(LoadError::file(file, m.to_string()));
    if !CAPTAINS.iter().any(|c| c.0 == plan.slots[0]) {
        return bad("unknown captain");
    }
    if plan.cards.is_empty() || plan.cards.len() > 4 {
        return bad("1 to 4 cards");
    }
    for c in &plan.cards {
        if !card_names().contains(c) || plan.copies(c) > 2 {
            return bad("unknown card or more than 2 copies");
        }
    }
    Ok(())
}

impl Ruleset for Toy {
    type State = ToyState;
    const NAME: &'static str = "toy";
    fn param_specs() -> &'static [ParamSpec] {
        &[]
    }
    fn default_cards() -> &'static str {
        "toy/cards.csv"
    }
    fn load(setup: &Setup) -> Result<Self, LoadError> {
        let mut decks = Vec::new();
        for src in &setup.decks {
            let t = src.read()?;
            let f = DeckFile::parse(&t, &[], &["captain"])?;
            let plan = DeckPlan {
                slots: vec![f
                    .setting("", "captain")
                    .map(|s| s.value.clone())
                    .unwrap_or_default()],
                cards: f
                    .entries
                    .iter()
                    .flat_map(|e| std::iter::repeat_n(e.name.clone(), e.count as usize))
                    .collect(),
            };
            check(&plan, &t.file)?;
            decks.push(ToyDeck { name: t.name, plan });
        }
        Ok(Toy {
            decks,
            params: setup.params.clone(),
        })
    }
    fn num_players(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: usize) -> &'static str {
        ["a", "b"][seat]
    }
    fn first_seat(&self) -> usize {
        0
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn deck_names(&self) -> Vec<String> {
        self.decks.iter().map(|d| d.name.clone()).collect()
    }
    fn deck_cards(&self, deck: usize) -> Vec<DeckCard> {
        DeckCard::tally(self.decks[deck].plan.cards.iter().map(String::as_str))
    }
    fn new_game(&self, seating: &[u8], mut rng: GameRng) -> ToyState {
        // Seat 0 wins with probability (26 + w0 - w1)/52: the more a deck is worth, the
        // more it wins, from either seat.
        let u: u32 = rng.random_range(0..52);
        let w0 = worth(&self.decks[seating[0] as usize].plan);
        let w1 = worth(&self.decks[seating[1] as usize].plan);
        let won = u + w1 < 26 + w0;
        ToyState { won }
    }
    fn deck_space(&self, _: usize) -> Option<DeckSpace> {
        Some(DeckSpace {
            slots: vec!["captain"],
            cards: card_names(),
            min_cards: 1,
            max_cards: 4,
            max_copies: 2,
            ordered: false,
        })
    }
    fn deck_plan(&self, deck: usize) -> Option<DeckPlan> {
        Some(self.decks[deck].plan.clone())
    }
    fn slot_options(&self, _: usize, _: &DeckPlan, _: usize) -> Vec<String> {
        CAPTAINS.iter().map(|c| c.0.to_string()).collect()
    }
    fn with_deck_plan(&self, deck: usize, plan: &DeckPlan) -> Result<Self, LoadError> {
        check(plan, Path::new("plan"))?;
        let mut t = self.clone();
        t.decks[deck].plan = plan.clone();
        Ok(t)
    }
    fn deck_plan_text(&self, plan: &DeckPlan, description: &str) -> String {
        let mut s = format!("# {description}\ncaptain = {}\n", plan.slots[0]);
        for l in plan.list_lines() {
            s.push_str(&l);
            s.push('\n');
        }
        s
    }
}

fn write(dir: &Tmp, name: &str, text: &str) -> PathBuf {
    let p = dir.0.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn spec(dir: &Tmp, method: Method, racing: bool, threads: usize) -> OptimizeSpec {
    let mut s = OptimizeSpec::new(
        "toy",
        write(dir, "start.txt", "# start\ncaptain = low\nc0\n"),
        vec![write(dir, "foe.txt", "# foe\ncaptain = low\nc1\n")],
    );
    s.run.cards = Some(write(dir, "cards.csv", "unused\n"));
    s.search = SearchRule {
        method,
        batch: 6,
        patience: 3,
        restarts: 1,
        kick: 2,
        budget: 60_000,
        max_steps: 200,
        race: RaceRule {
            look: 32,
            max_pairs: 256,
            z: 2.576,
            racing,
        },
        ..SearchRule::default()
    };
    s.final_games = 4000;
    s.run.seed = 7;
    s.run.threads = Some(threads);
    s
}

fn best_of(p: &DeckPlan) -> (String, Vec<String>) {
    let mut c = p.cards.clone();
    c.sort();
    (p.slots[0].clone(), c)
}

#[test]
fn climbing_and_annealing_find_the_known_best_deck() {
    let want = (
        "high".to_string(),
        vec!["c4".into(), "c4".into(), "c5".into(), "c5".into()],
    );
    let t = Tmp::new("opt-toy-best");
    for method in [Method::Climb, Method::Anneal] {
        let r = optimize_for::<Toy>(&spec(&t, method, true, 2)).unwrap();
        assert_eq!(best_of(&r.best.plan), want, "{method:?}");
        // Against the foe (worth 1) the start deck (worth 0) wins 25/52 of the games and
        // the best (worth 21) 46/52: on the same fresh games the best wins every game the
        // start wins, so every discordant game favours the best.
        let (d, lo, _) = r.paired.diff(1.96).unwrap();
        assert_eq!(r.paired.discordant, r.paired.new_better);
        assert!(lo > 0.35 && (d - 21.0 / 52.0).abs() < 0.03, "{d}");
        assert!(r.search_games > 0 && r.search_games <= 60_000 + 256 * 7);
    }
}

#[test]
fn the_search_does_not_depend_on_the_thread_count() {
    let t = Tmp::new("opt-toy-threads");
    let a = optimize_for::<Toy>(&spec(&t, Method::Climb, true, 1)).unwrap();
    let b = optimize_for::<Toy>(&spec(&t, Method::Climb, true, 2)).unwrap();
    assert_eq!(a.best.plan, b.best.plan);
    assert_eq!(a.search_games, b.search_games);
    assert_eq!(a.paired, b.paired);
    assert_eq!(a.steps.len(), b.steps.len());
    for (x, y) in a.steps.iter().zip(&b.steps) {
        assert_eq!(
            (x.step, &x.deck, x.entry.paired),
            (y.step, &y.deck, y.entry.paired)
        );
    }
}

#[test]
fn racing_spends_fewer_games_than_fixed_evaluation() {
    let t = Tmp::new("opt-toy-racing");
    let race = optimize_for::<Toy>(&spec(&t, Method::Climb, true, 2)).unwrap();
    let fixed = optimize_for::<Toy>(&spec(&t, Method::Climb, false, 2)).unwrap();
    // The same search path (79 candidates raced, the same best deck), for less than half the
    // games: racing drops clearly worse neighbours after a look of 32 pairs.
    assert_eq!(race.steps.len(), 79);
    assert_eq!(fixed.steps.len(), 79);
    assert_eq!(race.best.plan, fixed.best.plan);
    assert_eq!(race.search_games, 10_560);
    assert_eq!(fixed.search_games, 22_528);
    // On the 4000 fresh games the best deck wins 1541 games the start deck loses, never the
    // reverse.
    assert_eq!(race.paired.n, 4000);
    assert_eq!(race.paired.discordant, 1541);
    assert_eq!(race.paired.new_better, 1541);
}
