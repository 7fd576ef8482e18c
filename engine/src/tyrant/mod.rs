//! Tyrant (Synapse Games, 2012): two commanders, rows of assaults and structures, a
//! three-card hand, timers, and activation and passive skills.
//!
//! Rules notes — how this engine reads the rules text where it is silent or unclear, and
//! which readings are rule parameters — are in `docs/games/tyrant.md`.
//!
//! Seats: 0 is the attacker, 1 the defender. An action is the index of the hand card to play
//! (a participant with cards must play one; with an empty hand the turn runs by itself).

pub mod cards;
pub mod deck;
mod describe;
mod edit;
pub mod features;
mod game;
pub mod hot;
mod rules;
mod scenario;
mod space;
pub mod state;

use std::path::Path;
use std::sync::Arc;

use crate::{DeckCard, GameRng, LoadError, ParamSpec, Params, PolicyInfo, Ruleset, Setup};
pub use cards::{CardDb, CardDef, CardType};
pub use deck::{Deck, MAX_DECK};
pub use rules::{AtLimit, RallyLasts, Rules, Shared};
use rules::{PARAMS, PRESETS};
pub use state::{TyrantState, Unit, ATTACKER, DEFENDER};

/// The Tyrant rule set: loaded cards, decks and parameters.
#[derive(Clone, Debug)]
pub struct Tyrant {
    shared: Arc<Shared>,
    params: Params,
}

static POLICIES: &[PolicyInfo] = &[PolicyInfo {
    name: "ordered",
    doc: "plays the hand card that comes first in the deck list (Tyrant's ordered deck mode)",
}];

impl Tyrant {
    /// Build from an already parsed card table and decks. The shared data is reference
    /// counted: the rule set and each game state hold an `Arc` to it, so it is freed with the
    /// last of them (a card-edit variant costs nothing once dropped). The count changes only
    /// when a game is dealt, cloned or dropped, never while a move is applied: the state's
    /// methods borrow the shared data for as long as they need it.
    pub fn from_parts(db: CardDb, decks: Vec<Deck>, params: Params) -> Self {
        let rules = Rules::from_params(&params);
        let hot = hot::Hot::table(&db);
        let features = decks.iter().map(|d| features::of_deck(&db, d)).collect();
        let shared = Arc::new(Shared {
            db,
            decks,
            rules,
            hot,
            features,
        });
        Tyrant { shared, params }
    }

    /// Parse cards and decks from text (for tests and tools); deck names are given.
    pub fn from_text(
        cards_csv: &str,
        decks: &[(&str, &str)],
        params: Params,
    ) -> Result<Self, LoadError> {
        let db = CardDb::parse(Path::new("cards.csv"), cards_csv)?;
        let limit = params.get("deck_limit") as usize;
        let decks = decks
            .iter()
            .map(|(name, text)| Deck::parse(Path::new(&format!("{name}.txt")), text, &db, limit))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self::from_parts(db, decks, params))
    }

    /// The shared data.
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// The example data shipped in the repository (`data/tyrant`: the card file and every
    /// deck, sorted by file name), with `params` (`name=value`) over the defaults.
    pub fn example(params: &[&str]) -> Result<Self, LoadError> {
        Self::load(&Setup::example("tyrant", PARAMS, params)?)
    }

    /// Default parameters.
    pub fn default_params() -> Params {
        Params::defaults(PARAMS)
    }
}

impl Ruleset for Tyrant {
    type State = TyrantState;
    const NAME: &'static str = "tyrant";

    fn param_specs() -> &'static [ParamSpec] {
        PARAMS
    }

    fn presets() -> &'static [crate::Preset] {
        PRESETS
    }

    fn builtin_policies() -> &'static [PolicyInfo] {
        POLICIES
    }

    fn scenario_params() -> &'static [&'static str] {
        &["shuffle=false"]
    }

    fn default_cards() -> &'static str {
        "tyrant/cards.csv"
    }

    fn load(setup: &Setup) -> Result<Self, LoadError> {
        let db = CardDb::load(&setup.cards)?;
        let limit = setup.params.get("deck_limit") as usize;
        let decks = setup
            .decks
            .iter()
            .map(|src| {
                let t = src.read()?;
                Deck::parse_text(&t, &db, limit)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self::from_parts(db, decks, setup.params.clone()))
    }

    fn num_players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: usize) -> &'static str {
        ["attacker", "defender"][seat]
    }

    fn fixed_seat_agent(&self, seat: usize) -> Option<&'static str> {
        (seat == 1).then_some("random")
    }

    fn first_seat(&self) -> usize {
        self.shared.rules.first as usize
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

    fn new_game(&self, seating: &[u8], rng: GameRng) -> TyrantState {
        TyrantState::deal(Arc::clone(&self.shared), seating, rng)
    }

    fn new_game_into(&self, state: &mut TyrantState, seating: &[u8], rng: GameRng) {
        state.redeal(&self.shared, seating, rng);
    }

    fn card_names(&self) -> Vec<String> {
        edit::card_names(&self.shared)
    }

    fn with_deck_card_replaced(
        &self,
        d: usize,
        c: &str,
        r: Option<&str>,
    ) -> Result<Self, LoadError> {
        let (db, decks) = edit::with_deck_card_replaced(&self.shared, d, c, r)?;
        Ok(Self::from_parts(db, decks, self.params.clone()))
    }

    fn with_card_changed(&self, card: &str, change: &str) -> Result<Self, LoadError> {
        let (db, decks) = edit::with_card_changed(&self.shared, card, change)?;
        Ok(Self::from_parts(db, decks, self.params.clone()))
    }

    fn deck_space(&self, deck: usize) -> Option<crate::DeckSpace> {
        (deck < self.shared.decks.len()).then(|| space::deck_space(&self.shared))
    }

    fn deck_plan(&self, deck: usize) -> Option<crate::DeckPlan> {
        space::deck_plan(&self.shared, deck)
    }

    fn slot_options(&self, _deck: usize, _plan: &crate::DeckPlan, slot: usize) -> Vec<String> {
        space::slot_options(&self.shared, slot)
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
        space::plan_text(plan, description)
    }
}
