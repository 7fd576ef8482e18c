//! The loaded rules of a Tyrant run: the named rule parameters with their defaults, their
//! typed form read in the hot path, and the cards, decks and rules every game shares.

use super::cards::CardDb;
use super::deck::{Deck, MAX_DECK};
use crate::{ParamKind, ParamSpec, Params};

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

pub(super) static PARAMS: &[ParamSpec] = &[
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
