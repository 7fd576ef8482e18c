//! Alpha/Omega (Steve's rules post, 2014): one to four Good players cooperate against an
//! Opponent deck that plays itself, until the Balance of Strength reaches the Objective's
//! margin for either side. Every reading chosen for the text's gaps is in
//! `docs/games/alpha_omega.md`; those that move balance are rule parameters.
//!
//! Seats: `good0` … `good3` (the `players` parameter), all on one team. The Opponent deck is
//! no seat: it runs inside `apply`; under the Opponent Play variant (`opponent_play`) it is a
//! last seat, `opponent`, on a team of its own.

pub mod cards;
pub mod deck;
mod describe;
mod edit;
mod rules;
mod scenario;
mod space;
pub mod state;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::{DeckCard, DeckSource, GameRng, LoadError, ParamSpec, Params, Ruleset, Setup};
pub use cards::CardDb;
use cards::Side;
pub use deck::Deck;
use rules::PARAMS;
pub use rules::{ObjectiveRule, Rules, Shared};
pub use state::AoState;

/// The Alpha/Omega rule set: loaded cards, decks and parameters.
#[derive(Clone, Debug)]
pub struct AlphaOmega {
    shared: Arc<Shared>,
    params: Params,
}

impl AlphaOmega {
    /// The shared data.
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// Build from a checked card table and decks (the objective index and the number of
    /// Callings were checked by the loader).
    fn from_parts(db: CardDb, decks: Vec<Deck>, opponent: Deck, params: Params) -> Self {
        let rules = Rules::from_params(&params);
        let objective = db.of_side(Side::Objective)[rules.objective as usize];
        let callings = db.of_side(Side::Calling);
        let margin = if rules.margin > 0 {
            rules.margin
        } else {
            db.card(objective).strength
        };
        let shared = Arc::new(Shared {
            db,
            decks,
            opponent,
            callings,
            objective,
            margin,
            rules,
        });
        AlphaOmega { shared, params }
    }

    /// The example data (`data/alpha_omega`), with `params` over the defaults.
    pub fn example(params: &[&str]) -> Result<Self, LoadError> {
        Self::load(&Setup::example("alpha_omega", PARAMS, params)?)
    }

    /// The Opponent deck files beside a card file (`opponent/*.txt`, name order).
    pub fn opponent_decks(cards: &Path) -> Result<Vec<PathBuf>, LoadError> {
        let dir = cards.parent().unwrap_or(Path::new(".")).join("opponent");
        let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| {
                LoadError::file(&dir, format!("cannot list the Opponent decks (a folder `opponent` beside the card file): {e}"))
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        v.sort();
        Ok(v)
    }
}

const SEATS: [&str; 4] = ["good0", "good1", "good2", "good3"];

impl Ruleset for AlphaOmega {
    type State = AoState;
    const NAME: &'static str = "alpha_omega";

    fn param_specs() -> &'static [ParamSpec] {
        PARAMS
    }

    fn scenario_params() -> &'static [&'static str] {
        &["shuffle=false", "begin_action=true"]
    }

    fn default_cards() -> &'static str {
        "alpha_omega/cards.csv"
    }

    fn load(setup: &Setup) -> Result<Self, LoadError> {
        let db = CardDb::load(&setup.cards)?;
        let rules = Rules::from_params(&setup.params);
        let decks = setup
            .decks
            .iter()
            .map(|src| Deck::parse(&src.read()?, &db, Side::Good))
            .collect::<Result<Vec<_>, _>>()?;
        if decks.is_empty() || decks.len() > u8::MAX as usize {
            return Err(LoadError::file("decks", "give 1 to 255 Good decks"));
        }
        let opp_files = Self::opponent_decks(&setup.cards)?;
        let file = opp_files.get(rules.opponent as usize).ok_or_else(|| {
            LoadError::file(
                &setup.cards,
                format!(
                    "opponent={} but the opponent folder beside the card file holds {} deck(s)",
                    rules.opponent,
                    opp_files.len()
                ),
            )
        })?;
        let opponent = Deck::parse(&DeckSource::File(file.clone()).read()?, &db, Side::Opponent)?;
        let objectives = db.of_side(Side::Objective);
        if objectives.len() <= rules.objective as usize {
            return Err(LoadError::file(
                &setup.cards,
                format!(
                    "objective={} but the card file has {} objective row(s)",
                    rules.objective,
                    objectives.len()
                ),
            ));
        }
        if rules.opponent_play && rules.players as usize >= crate::MAX_PLAYERS {
            return Err(LoadError::file(
                "params",
                format!(
                    "opponent_play adds an Opponent seat to the {} Good players; at most {} seats in all, so give players=1 to {}",
                    rules.players,
                    crate::MAX_PLAYERS,
                    crate::MAX_PLAYERS - 1
                ),
            ));
        }
        if db.of_side(Side::Calling).len() > state::CALLINGS {
            return Err(LoadError::file(
                &setup.cards,
                format!("at most {} Callings", state::CALLINGS),
            ));
        }
        Ok(Self::from_parts(db, decks, opponent, setup.params.clone()))
    }

    fn num_players(&self) -> usize {
        let r = self.shared.rules;
        r.players as usize + r.opponent_play as usize
    }

    fn seat_name(&self, seat: usize) -> &'static str {
        if seat == self.shared.rules.players as usize {
            "opponent"
        } else {
            SEATS[seat]
        }
    }

    fn first_seat(&self) -> usize {
        0
    }

    fn params(&self) -> &Params {
        &self.params
    }

    fn team_of(&self, seat: usize) -> Option<usize> {
        // The Good seats are team 0; the Opponent seat (Opponent Play) is team 1.
        Some((seat >= self.shared.rules.players as usize) as usize)
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
        let sh = &*self.shared;
        let decks = edit::replaced(sh, deck, card, replacement)?;
        Ok(Self::from_parts(
            sh.db.clone(),
            decks,
            sh.opponent.clone(),
            self.params.clone(),
        ))
    }

    fn with_card_changed(&self, card: &str, change: &str) -> Result<Self, LoadError> {
        let sh = &*self.shared;
        let db = edit::changed(sh, card, change)?;
        Ok(Self::from_parts(
            db,
            sh.decks.clone(),
            sh.opponent.clone(),
            self.params.clone(),
        ))
    }

    fn new_game(&self, seating: &[u8], rng: GameRng) -> AoState {
        AoState::deal(
            Arc::clone(&self.shared),
            seating,
            rng,
            self.shared.rules.begin_action,
        )
    }

    fn deck_space(&self, deck: usize) -> Option<crate::DeckSpace> {
        space::deck_space(&self.shared).filter(|_| deck < self.shared.decks.len())
    }

    fn deck_plan(&self, deck: usize) -> Option<crate::DeckPlan> {
        space::deck_plan(&self.shared, deck)
    }

    fn with_deck_plan(&self, deck: usize, plan: &crate::DeckPlan) -> Result<Self, LoadError> {
        let sh = &*self.shared;
        let decks = space::with_plan(sh, deck, plan)?;
        Ok(Self::from_parts(
            sh.db.clone(),
            decks,
            sh.opponent.clone(),
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
    AoState,
    players: |s| s.seat_count() as usize,
    turn: |s| s.round as u32,
    max_turns: |s| s.shared.rules.max_rounds as u32,
    extra: {
        fn force_chance(&mut self, event: &str, outcome: &str) -> Result<(), String> {
            self.force(event, outcome)
        }

        fn unused_forced(&self) -> Vec<String> {
            self.unused()
        }

        fn score(&self, seat: u8) -> Option<i32> {
            // Achievement points of the Good seats (the Opponent seat has none).
            (seat < self.players).then(|| self.points(seat as usize) as i32)
        }
    }
);
