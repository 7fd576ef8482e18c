//! Tyrant (Synapse Games, 2012): two commanders, rows of assaults and structures, a
//! three-card hand, timers, and activation and passive skills.
//!
//! Rules notes — how this engine reads the rules text where it is silent or unclear, and
//! which readings are rule parameters — are in `engine/src/tyrant/RULES.md`.
//!
//! Seats: 0 is the attacker, 1 the defender. An action is the index of the hand card to play
//! (a participant with cards must play one; with an empty hand the turn runs by itself).

pub mod cards;
pub mod deck;
mod describe;
mod edit;
mod scenario;
pub mod state;

use std::path::Path;

use crate::{
    DeckCard, GameRng, LoadError, ParamKind, ParamSpec, Params, PolicyInfo, Ruleset, Setup,
};
pub use cards::{CardDb, CardDef, CardType};
pub use deck::{Deck, MAX_DECK};
pub use state::{TyrantState, Unit, ATTACKER, DEFENDER};

/// What happens when the turn limit is reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AtLimit {
    /// The defender wins (missions, raids, faction battles).
    Defender,
    /// Nobody wins (tournaments).
    Draw,
}

/// The rule parameters, typed, as the engine reads them in the hot path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Turns (counting both participants' turns) after which the game ends.
    pub turn_limit: u16,
    /// Result at the turn limit.
    pub at_limit: AtLimit,
    /// Seat that plays first.
    pub first: u8,
    /// Whether the acting side's own destroyed cards also shift out at the end of its turn.
    pub shift_acting_side: bool,
    /// Percent chance that Flurry triggers.
    pub flurry_chance: u8,
    /// Whether Counter strikes back when the attack destroyed the countering card.
    pub counter_on_death: bool,
    /// Cards drawn on a participant's first turn.
    pub first_draw: u8,
    /// Largest legal deck (cards besides the commander).
    pub deck_limit: u8,
    /// Whether decks are shuffled (false: drawn in list order).
    pub shuffle: bool,
    /// Percent chance that a Jam takes hold (per target).
    pub jam_chance: u8,
    /// Percent chance that Evade ignores an enemy skill.
    pub evade_chance: u8,
    /// Percent chance that a Flying assault dodges an attack.
    pub flying_chance: u8,
    /// Percent chance that Immobilize takes hold.
    pub immobilize_chance: u8,
    /// Percent chance that Regenerate brings a destroyed assault back.
    pub regenerate_chance: u8,
    /// Percent chance that Payback turns a skill back on its source.
    pub payback_chance: u8,
    /// Percent chance that Tribute copies an allied skill onto its source.
    pub tribute_chance: u8,
    /// Whether Tribute also answers the hostile skills of a chaosed ally.
    pub tribute_on_chaos: bool,
    /// Whether Berserk also grows on attacks that damage a Wall or the commander.
    pub berserk_on_commander: bool,
    /// Whether a Wall intercepts the attacks of Fear assaults.
    pub fear_wall: bool,
}

static PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "turn_limit",
        kind: ParamKind::Int { min: 1, max: 1000 },
        default: 50,
        doc: "turns (both participants' turns counted) after which the game ends",
    },
    ParamSpec {
        name: "at_limit",
        kind: ParamKind::Choice(&["defender", "draw"]),
        default: 0,
        doc: "result at the turn limit: the defender wins, or a draw as in tournaments",
    },
    ParamSpec {
        name: "first",
        kind: ParamKind::Choice(&["attacker", "defender"]),
        default: 0,
        doc: "who plays first (missions: attacker; faction-battle Surge mode: defender)",
    },
    ParamSpec {
        name: "shift_acting_side",
        kind: ParamKind::Bool,
        default: 0,
        doc: "also close the acting side's gaps at the end of its own turn (the game did not)",
    },
    ParamSpec {
        name: "flurry_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Flurry grants its extra attacks",
    },
    ParamSpec {
        name: "counter_on_death",
        kind: ParamKind::Bool,
        default: 1,
        doc: "Counter still strikes back when the attack destroyed the countering card",
    },
    ParamSpec {
        name: "first_draw",
        kind: ParamKind::Int { min: 1, max: 3 },
        default: 3,
        doc: "cards drawn on a participant's first turn",
    },
    ParamSpec {
        name: "deck_limit",
        kind: ParamKind::Int {
            min: 1,
            max: MAX_DECK as i64,
        },
        default: 10,
        doc: "largest legal deck besides the commander (player decks 10; enemy decks more)",
    },
    ParamSpec {
        name: "shuffle",
        kind: ParamKind::Bool,
        default: 1,
        doc: "shuffle decks (false: draw in deck-list order)",
    },
    ParamSpec {
        name: "jam_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that a Jam takes hold, rolled per target",
    },
    ParamSpec {
        name: "evade_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Evade ignores an enemy activation skill",
    },
    ParamSpec {
        name: "flying_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that a Flying assault dodges an attack",
    },
    ParamSpec {
        name: "immobilize_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Immobilize takes hold",
    },
    ParamSpec {
        name: "regenerate_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Regenerate brings a destroyed assault back",
    },
    ParamSpec {
        name: "payback_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Payback turns an enemy assault's skill back on it",
    },
    ParamSpec {
        name: "tribute_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Tribute copies an allied assault's skill onto it",
    },
    ParamSpec {
        name: "tribute_on_chaos",
        kind: ParamKind::Bool,
        default: 0,
        doc: "Tribute also answers the hostile skills of a chaosed ally (the sources are silent)",
    },
    ParamSpec {
        name: "berserk_on_commander",
        kind: ParamKind::Bool,
        default: 0,
        doc: "Berserk also grows on attacks that damage a Wall or the commander",
    },
    ParamSpec {
        name: "fear_wall",
        kind: ParamKind::Bool,
        default: 1,
        doc: "a Wall intercepts the attacks of Fear assaults (false: they hit the commander)",
    },
];

impl Rules {
    /// Read the typed rules from parameter values.
    pub fn from_params(p: &Params) -> Self {
        Rules {
            turn_limit: p.get("turn_limit") as u16,
            at_limit: if p.get("at_limit") == 0 {
                AtLimit::Defender
            } else {
                AtLimit::Draw
            },
            first: p.get("first") as u8,
            shift_acting_side: p.get("shift_acting_side") != 0,
            flurry_chance: p.get("flurry_chance") as u8,
            counter_on_death: p.get("counter_on_death") != 0,
            first_draw: p.get("first_draw") as u8,
            deck_limit: p.get("deck_limit") as u8,
            shuffle: p.get("shuffle") != 0,
            jam_chance: p.get("jam_chance") as u8,
            evade_chance: p.get("evade_chance") as u8,
            flying_chance: p.get("flying_chance") as u8,
            immobilize_chance: p.get("immobilize_chance") as u8,
            regenerate_chance: p.get("regenerate_chance") as u8,
            payback_chance: p.get("payback_chance") as u8,
            tribute_chance: p.get("tribute_chance") as u8,
            tribute_on_chaos: p.get("tribute_on_chaos") != 0,
            berserk_on_commander: p.get("berserk_on_commander") != 0,
            fear_wall: p.get("fear_wall") != 0,
        }
    }
}

/// Cards, decks and rules shared (read-only) by every game of a run.
#[derive(Debug)]
pub struct Shared {
    /// The card table.
    pub db: CardDb,
    /// The loaded decks.
    pub decks: Vec<Deck>,
    /// The rules.
    pub rules: Rules,
}

/// The Tyrant rule set: loaded cards, decks and parameters.
#[derive(Clone, Debug)]
pub struct Tyrant {
    shared: &'static Shared,
    params: Params,
}

static POLICIES: &[PolicyInfo] = &[PolicyInfo {
    name: "ordered",
    doc: "plays the hand card that comes first in the deck list (Tyrant's ordered deck mode)",
}];

impl Tyrant {
    /// Build from an already parsed card table and decks. The shared data lives for the rest
    /// of the process (it is leaked once per load so that game states can hold a plain
    /// `&'static` reference: no reference counting in the hot path).
    pub fn from_parts(db: CardDb, decks: Vec<Deck>, params: Params) -> Self {
        let rules = Rules::from_params(&params);
        let shared = Box::leak(Box::new(Shared { db, decks, rules }));
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
    pub fn shared(&self) -> &'static Shared {
        self.shared
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
        let mut out: Vec<DeckCard> = Vec::new();
        for (pos, &id) in d.cards.iter().enumerate() {
            let name = &self.shared.db.card(id).name;
            match out.iter_mut().find(|c| &c.name == name) {
                Some(c) => {
                    c.copies += 1;
                    c.positions |= 1 << pos;
                }
                None => out.push(DeckCard {
                    name: name.clone(),
                    copies: 1,
                    positions: 1 << pos,
                }),
            }
        }
        out
    }

    fn new_game(&self, seating: &[u8], rng: GameRng) -> TyrantState {
        TyrantState::deal(self.shared, seating, rng)
    }

    fn card_names(&self) -> Vec<String> {
        edit::card_names(self)
    }

    fn with_deck_card_replaced(
        &self,
        d: usize,
        c: &str,
        r: Option<&str>,
    ) -> Result<Self, LoadError> {
        edit::with_deck_card_replaced(self, d, c, r)
    }

    fn with_card_changed(&self, card: &str, change: &str) -> Result<Self, LoadError> {
        edit::with_card_changed(self, card, change)
    }
}
