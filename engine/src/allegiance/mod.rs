//! Allegiance: A Realm Divided (Underground Games, 2015): heroes with levelled abilities,
//! shared unit and action decks, gold and production, a response chain, battles, 2 to 4
//! players in free-for-all, sworn-enemy and team formats.
//!
//! Rules notes — the rules as implemented, the readings chosen where the rulebook is silent,
//! the parameters, the card file and its effect vocabulary — are in
//! `docs/games/allegiance.md`.
//!
//! A player's "deck" is a hero loadout file (`data/allegiance/decks/*.txt`): the hero and,
//! optionally, its starting weapon and armor faces. Decisions are small and sequential: one
//! maneuver, target, attacker, defender or choice at a time, `0` being pass / done.

pub mod cards;
mod describe;
mod edit;
mod loadout;
mod rules;
mod scenario;
mod space;
pub mod state;
mod tables;

use crate::{
    Action, ActionBuf, CardUsage, DeckCard, Game, GameRng, LoadError, Outcome, ParamSpec, Params,
    Ruleset, Setup, ToMove,
};
pub use cards::CardDb;
pub use loadout::Loadout;
use rules::PARAMS;
pub use rules::{Format, Rules, Shared};
pub use state::AllegianceState;
use std::sync::Arc;

/// The Allegiance rule set.
#[derive(Clone, Debug)]
pub struct Allegiance {
    shared: Arc<Shared>,
    params: Params,
}

impl Allegiance {
    /// Build from parsed parts (the shared data is reference counted, as in Tyrant).
    pub fn from_parts(
        db: CardDb,
        loadouts: Vec<Loadout>,
        params: Params,
    ) -> Result<Self, LoadError> {
        let mut decks: [Vec<u8>; 3] = Default::default();
        for (id, c) in db.cards.iter().enumerate() {
            if let Some(d) = c.kind.deck() {
                decks[d].extend(std::iter::repeat_n(id as u8, c.copies as usize));
            }
        }
        Self::build(db, loadouts, decks, params)
    }

    /// Build from parsed parts and explicit shared deck lists (card edits).
    fn build(
        db: CardDb,
        loadouts: Vec<Loadout>,
        decks: [Vec<u8>; 3],
        params: Params,
    ) -> Result<Self, LoadError> {
        let rules = Rules::from_params(&params);
        if rules.format == Format::Team && rules.players != 4 && rules.players != 2 {
            return Err(LoadError::file(
                "parameters",
                "format=team needs players=4 (two teams of two)",
            ));
        }
        let tables = tables::Tables::new(&db);
        let shared = Arc::new(Shared {
            db,
            loadouts,
            decks,
            rules,
            tables,
        });
        Ok(Allegiance { shared, params })
    }

    /// The shared data.
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// Default parameters.
    pub fn default_params() -> Params {
        Params::defaults(PARAMS)
    }

    /// The example data (`data/allegiance`: the card file and every loadout, sorted by file
    /// name), with `params` (`name=value`) over the defaults.
    pub fn example(params: &[&str]) -> Result<Self, LoadError> {
        Self::load(&Setup::example("allegiance", PARAMS, params)?)
    }

    /// Index of the loaded loadout called `name`.
    pub fn loadout(&self, name: &str) -> Option<u8> {
        self.shared
            .loadouts
            .iter()
            .position(|l| l.name == name)
            .map(|i| i as u8)
    }
}

const SEATS: [&str; 4] = ["seat0", "seat1", "seat2", "seat3"];

impl Ruleset for Allegiance {
    type State = AllegianceState;
    const NAME: &'static str = "allegiance";

    fn param_specs() -> &'static [ParamSpec] {
        PARAMS
    }

    fn default_cards() -> &'static str {
        "allegiance/cards.csv"
    }

    fn load(setup: &Setup) -> Result<Self, LoadError> {
        let db = CardDb::load(&setup.cards)?;
        let loadouts = setup
            .decks
            .iter()
            .map(|src| Loadout::parse_text(&src.read()?, &db))
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_parts(db, loadouts, setup.params.clone())
    }

    fn num_players(&self) -> usize {
        self.shared.rules.players as usize
    }

    fn seat_name(&self, seat: usize) -> &'static str {
        SEATS[seat]
    }

    fn first_seat(&self) -> usize {
        0
    }

    fn params(&self) -> &Params {
        &self.params
    }

    fn deck_names(&self) -> Vec<String> {
        self.shared
            .loadouts
            .iter()
            .map(|l| l.name.clone())
            .collect()
    }

    fn deck_cards(&self, deck: usize) -> Vec<DeckCard> {
        let h = &self.shared.db.heroes[self.shared.loadouts[deck].hero as usize];
        let names = h
            .abilities
            .iter()
            .map(|a| a.name.clone())
            .chain(h.weapons.iter().map(|f| f.name.clone()))
            .chain(h.armors.iter().map(|f| f.name.clone()));
        let mut out: Vec<DeckCard> = Vec::new();
        for (pos, name) in names.enumerate() {
            let pos = if pos < h.abilities.len() {
                pos
            } else {
                pos - h.abilities.len() + 8
            };
            match out.iter_mut().find(|c| c.name == name) {
                Some(c) => {
                    c.copies += 1;
                    c.positions |= 1 << pos;
                }
                None => out.push(DeckCard {
                    name,
                    copies: 1,
                    positions: 1 << pos,
                }),
            }
        }
        out
    }

    fn card_names(&self) -> Vec<String> {
        edit::card_names(&self.shared)
    }

    fn with_deck_card_replaced(
        &self,
        deck: usize,
        card: &str,
        replacement: Option<&str>,
    ) -> Result<Self, LoadError> {
        let (db, loadouts, decks) =
            edit::with_deck_card_replaced(&self.shared, deck, card, replacement)?;
        Self::build(db, loadouts, decks, self.params.clone())
    }

    fn with_card_changed(&self, card: &str, change: &str) -> Result<Self, LoadError> {
        let (db, loadouts, decks) = edit::with_card_changed(&self.shared, card, change)?;
        Self::build(db, loadouts, decks, self.params.clone())
    }

    fn deck_space(&self, deck: usize) -> Option<crate::DeckSpace> {
        (deck < self.shared.loadouts.len()).then(space::deck_space)
    }

    fn deck_plan(&self, deck: usize) -> Option<crate::DeckPlan> {
        space::deck_plan(&self.shared, deck)
    }

    fn slot_options(&self, _deck: usize, plan: &crate::DeckPlan, slot: usize) -> Vec<String> {
        space::slot_options(&self.shared, plan, slot)
    }

    fn with_deck_plan(&self, deck: usize, plan: &crate::DeckPlan) -> Result<Self, LoadError> {
        let loadouts = space::with_plan(&self.shared, deck, plan)?;
        let sh = &*self.shared;
        Self::build(
            sh.db.clone(),
            loadouts,
            sh.decks.clone(),
            self.params.clone(),
        )
    }

    fn check_deck_plan(&self, deck: usize, plan: &crate::DeckPlan) -> Result<(), LoadError> {
        space::with_plan(&self.shared, deck, plan).map(drop)
    }

    fn deck_plan_text(&self, plan: &crate::DeckPlan, description: &str) -> String {
        space::plan_text(plan, description)
    }

    fn ablation(&self, deck: usize, card: &str, replacement: Option<&str>) -> crate::Ablation {
        edit::ablation(&self.shared, deck, card, replacement)
    }

    fn other_deck_cards(&self, deck: usize) -> Vec<String> {
        self.shared
            .loadouts
            .get(deck)
            .map(|l| vec![self.shared.db.heroes[l.hero as usize].name.clone()])
            .unwrap_or_default()
    }

    fn team_of(&self, seat: usize) -> Option<usize> {
        let r = &self.shared.rules;
        (r.format == Format::Team && r.players == 4).then_some(seat % 2)
    }

    fn new_game(&self, seating: &[u8], rng: GameRng) -> AllegianceState {
        let mut s = AllegianceState::deal(Arc::clone(&self.shared), seating, rng);
        s.advance();
        s
    }

    fn new_game_into(&self, state: &mut AllegianceState, seating: &[u8], rng: GameRng) {
        state.redeal(&self.shared, seating, rng);
        state.advance();
    }
}

impl Game for AllegianceState {
    fn num_players(&self) -> usize {
        self.n()
    }

    fn to_move(&self) -> ToMove {
        if self.over() {
            return ToMove::Terminal;
        }
        match self.decider() {
            Some(p) => ToMove::Player(p),
            None => ToMove::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut ActionBuf) {
        self.legal(out);
    }

    fn apply_unchecked(&mut self, action: Action) {
        if self.over() {
            return;
        }
        self.play(action);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    fn turn(&self) -> u32 {
        self.turn_no() as u32
    }

    fn max_decisions(&self) -> u32 {
        self.bound()
    }

    fn max_turns(&self) -> u32 {
        self.shared.rules.max_turns as u32
    }

    fn resample_hidden(&mut self, viewer: u8, rng: &mut GameRng) {
        self.resample(viewer, rng)
    }

    fn resample_hidden_lazy(&mut self, viewer: u8, rng: &mut GameRng) {
        self.resample_lazy(viewer, rng)
    }

    fn card_usage(&self, seat: u8) -> CardUsage {
        self.usage(seat)
    }

    fn evaluate(&self, player: u8) -> f64 {
        self.eval(player)
    }

    fn action_label(&self, action: Action) -> String {
        describe::action_label(self, action)
    }

    fn describe(&self) -> Vec<(String, String)> {
        describe::describe(self)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn scenario_set(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.set_key(key, value)?;
        // The key may have set up work for the advance loop.
        self.work = true;
        // Cooldowns and faces may have been set.
        for p in 0..self.n() {
            self.refresh_reaction_bits(p);
        }
        // Static abilities of the stacked cards (and a lethal lowered maximum health).
        self.recount_statics();
        match self.lethal_unit() {
            Some(_) => Err(format!(
                "`{key}`: a unit would start with lethal damage (static abilities in play included)"
            )),
            None => Ok(()),
        }
    }

    fn set_logging(&mut self, on: bool) {
        self.set_log(on);
    }

    fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }
}
