//! The loaded rules of an Allegiance run: formats, the named rule parameters with their
//! defaults, their typed form read in the hot path, and the cards, loadouts and shared decks
//! every game shares.

use super::cards::CardDb;
use super::loadout::Loadout;
use crate::{ParamKind, ParamSpec, Params};

/// Multiplayer format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Free-for-all (and every two-player game).
    Ffa,
    /// Sworn enemy: your enemy is the next seat.
    Sworn,
    /// Two teams of two: seats 0 and 2 against 1 and 3.
    Team,
}

/// The rule parameters, typed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Players.
    pub players: u8,
    /// Format.
    pub format: Format,
    /// Turn limit: `max_rounds` times the players (every player's turn counts).
    pub max_turns: u16,
    /// Chain items per turn.
    pub max_maneuvers: u16,
    /// The two-player first-turn rule.
    pub first_turn_rule: bool,
    /// Starting gold.
    pub start_gold: u16,
    /// Starting production.
    pub start_production: u16,
    /// Cards kept in a discard pile when it is reshuffled.
    pub reshuffle_keep: u8,
}

pub(super) static PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "players",
        kind: ParamKind::Int { min: 2, max: 4 },
        default: 2,
        doc: "players seated (seat 0 plays first)",
    },
    ParamSpec {
        name: "format",
        kind: ParamKind::Choice(&["ffa", "sworn", "team"]),
        default: 0,
        doc: "multiplayer format: free-for-all, sworn enemy (beat the next seat), team (4 players: 0+2 vs 1+3)",
    },
    ParamSpec {
        name: "max_rounds",
        kind: ParamKind::Int { min: 1, max: 250 },
        default: 30,
        doc: "rounds (every player takes a turn) after which the game is a draw for those still in it",
    },
    ParamSpec {
        name: "max_maneuvers",
        kind: ParamKind::Int { min: 1, max: 200 },
        default: 40,
        doc: "maneuvers and triggered effects per turn, all players together (keeps games finite)",
    },
    ParamSpec {
        name: "first_turn_rule",
        kind: ParamKind::Bool,
        default: 1,
        doc: "two players: the first player's first turn has no production growth, no draw, no weapon attack",
    },
    ParamSpec {
        name: "start_gold",
        kind: ParamKind::Int { min: 0, max: 99 },
        default: 0,
        doc: "gold each player starts with",
    },
    ParamSpec {
        name: "start_production",
        kind: ParamKind::Int { min: 0, max: 99 },
        default: 5,
        doc: "production rating at set-up",
    },
    ParamSpec {
        name: "reshuffle_keep",
        kind: ParamKind::Int { min: 0, max: 50 },
        default: 10,
        doc: "cards left in a discard pile when it is reshuffled into its empty deck",
    },
];

impl Rules {
    /// Read the typed rules from parameter values.
    pub fn from_params(p: &Params) -> Self {
        Rules {
            players: p.get("players") as u8,
            format: match p.get("format") {
                0 => Format::Ffa,
                1 => Format::Sworn,
                _ => Format::Team,
            },
            max_turns: (p.get("max_rounds") * p.get("players")) as u16,
            max_maneuvers: p.get("max_maneuvers") as u16,
            first_turn_rule: p.get("first_turn_rule") != 0,
            start_gold: p.get("start_gold") as u16,
            start_production: p.get("start_production") as u16,
            reshuffle_keep: p.get("reshuffle_keep") as u8,
        }
    }
}

/// Cards, loadouts and rules shared (read-only) by every game of a run.
#[derive(Debug)]
pub struct Shared {
    /// The card tables.
    pub db: CardDb,
    /// The loaded loadouts.
    pub loadouts: Vec<Loadout>,
    /// The shared basic, elite and action decks before shuffling: card ids, each card's
    /// copies together, in card-file order (card edits replace ids in place, so the shuffle
    /// puts a replacement card where the card it replaces would have been).
    pub decks: [Vec<u8>; 3],
    /// The rules.
    pub rules: Rules,
    /// Card facts the legal-action listing reads, compiled from `db`.
    pub tables: super::tables::Tables,
}
