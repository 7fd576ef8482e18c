//! Mission: Alliance (WAU Animation, 2020): two players build Energy from their hands, play
//! units into teams of different cores, gadgets and formations, and attack until one of them
//! has 12 cards eliminated. The rules text lost its tables; every reading chosen for its gaps
//! is in `docs/games/mission_alliance.md`, and those that move balance are rule parameters.
//!
//! Seats: `seat0` and `seat1`; who plays first is drawn at random each game (`first`).

pub mod cards;
pub mod deck;
mod describe;
mod edit;
mod rules;
mod scenario;
mod space;
pub mod state;

use std::path::Path;
use std::sync::Arc;

use crate::{DeckCard, GameRng, LoadError, ParamSpec, Params, Ruleset, Setup};
pub use cards::CardDb;
pub use deck::Deck;
use rules::PARAMS;
pub use rules::{Rules, Shared};
pub use state::MaState;

/// The Mission: Alliance rule set: loaded cards, decks and parameters.
#[derive(Clone, Debug)]
pub struct MissionAlliance {
    shared: Arc<Shared>,
    params: Params,
}

impl MissionAlliance {
    /// Build from a parsed card table and decks (the shared data is reference counted, as
    /// for every game: the rule set and each game state hold an `Arc` to it).
    pub fn from_parts(db: CardDb, decks: Vec<Deck>, params: Params) -> Self {
        let rules = Rules::from_params(&params);
        let shared = Arc::new(Shared::new(db, decks, rules));
        MissionAlliance { shared, params }
    }

    /// The shared data.
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// The example data (`data/mission_alliance`), with `params` over the defaults.
    pub fn example(params: &[&str]) -> Result<Self, LoadError> {
        Self::load(&Setup::example("mission_alliance", PARAMS, params)?)
    }

    /// The index of the deck called `name`.
    pub fn deck(&self, name: &str) -> Option<u8> {
        self.shared
            .decks
            .iter()
            .position(|d| d.name == name)
            .map(|i| i as u8)
    }
}

const SEATS: [&str; 2] = ["seat0", "seat1"];

impl Ruleset for MissionAlliance {
    type State = MaState;
    const NAME: &'static str = "mission_alliance";

    fn param_specs() -> &'static [ParamSpec] {
        PARAMS
    }

    fn scenario_params() -> &'static [&'static str] {
        &["shuffle=false", "first=seat0"]
    }

    fn default_cards() -> &'static str {
        "mission_alliance/cards.csv"
    }

    fn load(setup: &Setup) -> Result<Self, LoadError> {
        let db = CardDb::load(&setup.cards)?;
        let decks = setup
            .decks
            .iter()
            .map(|src| Deck::parse(&src.read()?, &db))
            .collect::<Result<Vec<_>, _>>()?;
        if decks.len() > u8::MAX as usize {
            return Err(LoadError::file(Path::new("decks"), "more than 255 decks"));
        }
        Ok(Self::from_parts(db, decks, setup.params.clone()))
    }

    fn num_players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> &'static str {
        SEATS[seat]
    }

    fn first_seat(&self) -> usize {
        match self.shared.rules.first {
            1 => 1,
            _ => 0,
        }
    }

    fn params(&self) -> &Params {
        &self.params
    }

    fn deck_names(&self) -> Vec<String> {
        self.shared.decks.iter().map(|d| d.name.clone()).collect()
    }

    fn deck_cards(&self, deck: usize) -> Vec<DeckCard> {
        let d = &self.shared.decks[deck];
        DeckCard::tally(
            d.cards
                .iter()
                .map(|&id| self.shared.db.card(id).name.as_str()),
        )
    }

    fn card_names(&self) -> Vec<String> {
        self.shared
            .db
            .cards
            .iter()
            .map(|c| c.name.clone())
            .collect()
    }

    fn with_deck_card_replaced(
        &self,
        deck: usize,
        card: &str,
        replacement: Option<&str>,
    ) -> Result<Self, LoadError> {
        let (db, decks) = edit::with_deck_card_replaced(&self.shared, deck, card, replacement)?;
        Ok(Self::from_parts(db, decks, self.params.clone()))
    }

    fn with_card_changed(&self, card: &str, change: &str) -> Result<Self, LoadError> {
        let (db, decks) = edit::with_card_changed(&self.shared, card, change)?;
        Ok(Self::from_parts(db, decks, self.params.clone()))
    }

    fn new_game(&self, seating: &[u8], rng: GameRng) -> MaState {
        MaState::deal(Arc::clone(&self.shared), seating, rng)
    }

    fn deck_space(&self, deck: usize) -> Option<crate::DeckSpace> {
        (deck < self.shared.decks.len()).then(|| space::deck_space(&self.shared))
    }

    fn deck_plan(&self, deck: usize) -> Option<crate::DeckPlan> {
        space::deck_plan(&self.shared, deck)
    }

    fn with_deck_plan(&self, deck: usize, plan: &crate::DeckPlan) -> Result<Self, LoadError> {
        let decks = space::with_plan(&self.shared, deck, plan)?;
        Ok(Self::from_parts(
            self.shared.db.clone(),
            decks,
            self.params.clone(),
        ))
    }

    fn check_deck_plan(&self, deck: usize, plan: &crate::DeckPlan) -> Result<(), LoadError> {
        space::with_plan(&self.shared, deck, plan).map(drop)
    }

    fn deck_plan_text(&self, plan: &crate::DeckPlan, description: &str) -> String {
        crate::space::list_text(plan, description)
    }
}

crate::delegate::delegate_game!(
    MaState,
    players: |_s| 2,
    turn: |s| s.turn as u32,
    max_turns: |s| s.shared.rules.max_turns as u32
);
