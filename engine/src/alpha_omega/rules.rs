//! The loaded rules of an Alpha/Omega run: the named rule parameters (each a reading of the
//! rules text that moves balance), their typed form, and the data every game shares.

use super::cards::CardDb;
use super::deck::Deck;
use crate::{ParamKind, ParamSpec, Params};

/// How the Objective's number ends the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ObjectiveRule {
    /// Good wins at +margin, the Opponents at -margin.
    Margin,
    /// Good wins at +margin, the Opponents at any negative balance.
    Literal,
}

/// The typed rules, read in the hot path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Good players (1-4).
    pub players: u8,
    /// Index of the Objective among the card file's objective rows.
    pub objective: u8,
    /// Index of the Opponent deck (name order).
    pub opponent: u8,
    /// How the Objective ends the game.
    pub objective_rule: ObjectiveRule,
    /// Margin override (0 = the Objective card's number).
    pub margin: u8,
    /// Opening hand.
    pub hand: u8,
    /// Easy mode: the Opponent phase after the Action phase.
    pub easy: bool,
    /// Good wins only by clearing the Opponent deck.
    pub all_or_nothing: bool,
    /// Consecutive rounds of losses to Opponent play that make a Lured player.
    pub lure_rounds: u8,
    /// Rounds before a counted stall.
    pub max_rounds: u16,
    /// Shuffle the decks.
    pub shuffle: bool,
    /// Scenarios: the first Opponent phase waits for a `begin` action.
    pub begin_action: bool,
    /// All Good players draw from one common Good deck (the first seat's).
    pub common_deck: bool,
    /// Opponent Play: a seat controls the Opponent deck as a player.
    pub opponent_play: bool,
}

pub(super) static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "players", kind: ParamKind::Int { min: 1, max: 4 }, default: 2, doc: "Good players (the text: any number; the example has 2); each plays its own Good deck" },
    ParamSpec { name: "objective", kind: ParamKind::Int { min: 0, max: 15 }, default: 0, doc: "which objective row of the card file is played (file order; 0 = And There Was…)" },
    ParamSpec { name: "opponent", kind: ParamKind::Int { min: 0, max: 15 }, default: 0, doc: "which Opponent deck of the opponent/ folder beside the card file (name order)" },
    ParamSpec { name: "objective_rule", kind: ParamKind::Choice(&["margin", "literal"]), default: 0, doc: "margin: the Objective's number is the winning margin of both sides; literal: the Opponents win at any negative balance (the text's sentence)" },
    ParamSpec { name: "margin", kind: ParamKind::Int { min: 0, max: 200 }, default: 0, doc: "winning margin, 0 = the Objective's number (Fast play 25, Extended play 100)" },
    ParamSpec { name: "hand", kind: ParamKind::Int { min: 0, max: 20 }, default: 7, doc: "opening hand of each Good player (the text: 7)" },
    ParamSpec { name: "easy", kind: ParamKind::Bool, default: 0, doc: "Easy mode: each turn is Draw, Play, Action, then the Opponent phase" },
    ParamSpec { name: "all_or_nothing", kind: ParamKind::Bool, default: 0, doc: "Good wins only when the Opponent deck is empty and no Opponent card is in play" },
    ParamSpec { name: "lure_rounds", kind: ParamKind::Int { min: 1, max: 10 }, default: 3, doc: "consecutive rounds of losing a Person to Opponent play that make a Lured player (the text: 3)" },
    ParamSpec { name: "max_rounds", kind: ParamKind::Int { min: 1, max: 200 }, default: 60, doc: "rounds after which the game stops as a counted stall (a draw)" },
    ParamSpec { name: "shuffle", kind: ParamKind::Bool, default: 1, doc: "shuffle the decks (false: list order, first card on top; for scenarios)" },
    ParamSpec { name: "common_deck", kind: ParamKind::Bool, default: 0, doc: "all Good players draw from one common Good deck (the first seat's; give the same deck for every seat) and discard to one pile" },
    ParamSpec { name: "opponent_play", kind: ParamKind::Bool, default: 0, doc: "Opponent Play variant: a last seat `opponent` plays the Opponent deck as a player (draws `hand`, takes a turn after every Good player's turn); at most 3 Good players" },
    ParamSpec { name: "begin_action", kind: ParamKind::Bool, default: 0, doc: "scenarios: the game waits for a `begin` action before the first Opponent phase, so that set-up keys can stack the decks" },
];

impl Rules {
    /// Read the typed rules from parameter values.
    pub fn from_params(p: &Params) -> Self {
        let g = |n: &str| p.get(n);
        Rules {
            players: g("players") as u8,
            objective: g("objective") as u8,
            opponent: g("opponent") as u8,
            objective_rule: if g("objective_rule") == 1 {
                ObjectiveRule::Literal
            } else {
                ObjectiveRule::Margin
            },
            margin: g("margin") as u8,
            hand: g("hand") as u8,
            easy: g("easy") != 0,
            all_or_nothing: g("all_or_nothing") != 0,
            lure_rounds: g("lure_rounds") as u8,
            max_rounds: g("max_rounds") as u16,
            shuffle: g("shuffle") != 0,
            begin_action: g("begin_action") != 0,
            common_deck: g("common_deck") != 0,
            opponent_play: g("opponent_play") != 0,
        }
    }
}

/// Cards, decks and rules shared (read-only) by every game of a run.
#[derive(Debug)]
pub struct Shared {
    /// The card table.
    pub db: CardDb,
    /// The Good decks (the seats' decks).
    pub decks: Vec<Deck>,
    /// The Opponent deck played.
    pub opponent: Deck,
    /// Card ids of the Calling deck.
    pub callings: Vec<u8>,
    /// The Objective's card id.
    pub objective: u8,
    /// The winning margin.
    pub margin: u8,
    /// The rules.
    pub rules: Rules,
}
