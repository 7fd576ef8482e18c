//! The loaded rules of a Mission: Alliance run: the named rule parameters (each a reading of
//! the rules text that moves balance), their typed form, and the data every game shares.

use super::cards::{CardDb, Facts};
use super::deck::Deck;
use crate::{ParamKind, ParamSpec, Params};

/// Most back-row places (Energy and gadgets) the state can hold.
pub const MAX_BACK: usize = 10;

/// Entries of a deck's fact table: one per `u8` deck position (the first [`super::deck::DECK`] used).
pub const FACTS: usize = 256;

/// The typed rules, read in the hot path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Eliminated cards that lose the game.
    pub eliminate_to_win: u8,
    /// Cards drawn in the final phase.
    pub draw_per_turn: u8,
    /// Energy built per turn.
    pub energy_per_turn: u8,
    /// Teams a player may have.
    pub max_teams: u8,
    /// Units a team may have.
    pub team_size: u8,
    /// Team level from which a team may attack the enemy player.
    pub attack_player_level: u8,
    /// Team level from which a team holding a Hold unit challenges.
    pub challenge_level: u8,
    /// Team level whose units get `level_bonus` power.
    pub bonus_level: u8,
    /// The power bonus of such teams' units.
    pub level_bonus: u8,
    /// Opening hand of the first and the second player.
    pub hand_first: u8,
    /// Opening hand of the second player.
    pub hand_second: u8,
    /// Cards an unblocked attack on a player eliminates.
    pub player_hit: u8,
    /// Power a Hold response adds to the blocker.
    pub hold_bonus: u8,
    /// Back-row places.
    pub back_row: u8,
    /// Turns (both players' counted) after which the game is a draw.
    pub max_turns: u16,
    /// Seat that plays first: 0, 1, or 2 = drawn at random each game.
    pub first: u8,
    /// Whether decks are shuffled (scenarios stack them in list order).
    pub shuffle: bool,
}

pub(super) static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "eliminate_to_win", kind: ParamKind::Int { min: 1, max: 30 }, default: 12, doc: "cards a player must have eliminated to lose (the text: 12)" },
    ParamSpec { name: "draw_per_turn", kind: ParamKind::Int { min: 0, max: 5 }, default: 2, doc: "cards drawn in the final phase (the text: 2)" },
    ParamSpec { name: "energy_per_turn", kind: ParamKind::Int { min: 0, max: 3 }, default: 1, doc: "Energy a player may build per turn (the text: 1)" },
    ParamSpec { name: "max_teams", kind: ParamKind::Int { min: 1, max: 4 }, default: 4, doc: "teams a player may have at once (the Malay sentence: 4)" },
    ParamSpec { name: "team_size", kind: ParamKind::Int { min: 1, max: 4 }, default: 4, doc: "units a team may hold, each of a different core (the Malay sentence: 4)" },
    ParamSpec { name: "attack_player_level", kind: ParamKind::Int { min: 1, max: 4 }, default: 2, doc: "team level from which a team's units may attack the enemy player (the text: 2)" },
    ParamSpec { name: "challenge_level", kind: ParamKind::Int { min: 1, max: 5 }, default: 3, doc: "team level from which a team holding a Hold unit challenges (the text: 3; 5 turns challenge off)" },
    ParamSpec { name: "bonus_level", kind: ParamKind::Int { min: 1, max: 5 }, default: 4, doc: "team level whose units fight with extra power (reading of the lost symbol-strengthening table; 5 turns it off)" },
    ParamSpec { name: "level_bonus", kind: ParamKind::Int { min: 0, max: 5 }, default: 1, doc: "extra power of units in a team of bonus_level or more (reading)" },
    ParamSpec { name: "hand_first", kind: ParamKind::Int { min: 0, max: 15 }, default: 7, doc: "opening hand of the first player (the text: 7)" },
    ParamSpec { name: "hand_second", kind: ParamKind::Int { min: 0, max: 15 }, default: 8, doc: "opening hand of the second player (the text: 8)" },
    ParamSpec { name: "player_hit", kind: ParamKind::Int { min: 1, max: 12 }, default: 2, doc: "cards an unblocked attack on a player eliminates (reading: 'eliminate' is not defined)" },
    ParamSpec { name: "hold_bonus", kind: ParamKind::Int { min: 0, max: 5 }, default: 1, doc: "power a Hold response adds to the blocking unit (reading of the lost symbol table)" },
    ParamSpec { name: "back_row", kind: ParamKind::Int { min: 1, max: MAX_BACK as i64 }, default: 6, doc: "places in the back row for Energy and gadgets (reading: the play-mat picture is lost)" },
    ParamSpec { name: "max_turns", kind: ParamKind::Int { min: 2, max: 400 }, default: 100, doc: "turns (both players' counted) after which the game is a draw, counted as a stall" },
    ParamSpec { name: "shuffle", kind: ParamKind::Bool, default: 1, doc: "shuffle the decks (false: list order, first card on top; for scenarios)" },
    ParamSpec { name: "first", kind: ParamKind::Choice(&["seat0", "seat1", "random"]), default: 0, doc: "who plays first: seat0 (the simulator rotates decks through the seats, which is the text's random choice, and the seat columns then show the first player's advantage), seat1, or random each game" },
];

impl Rules {
    /// Read the typed rules from parameter values.
    pub fn from_params(p: &Params) -> Self {
        let g = |n: &str| p.get(n);
        Rules {
            eliminate_to_win: g("eliminate_to_win") as u8,
            draw_per_turn: g("draw_per_turn") as u8,
            energy_per_turn: g("energy_per_turn") as u8,
            max_teams: g("max_teams") as u8,
            team_size: g("team_size") as u8,
            attack_player_level: g("attack_player_level") as u8,
            challenge_level: g("challenge_level") as u8,
            bonus_level: g("bonus_level") as u8,
            level_bonus: g("level_bonus") as u8,
            hand_first: g("hand_first") as u8,
            hand_second: g("hand_second") as u8,
            player_hit: g("player_hit") as u8,
            hold_bonus: g("hold_bonus") as u8,
            back_row: g("back_row") as u8,
            max_turns: g("max_turns") as u16,
            first: g("first") as u8,
            shuffle: g("shuffle") != 0,
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
    /// Per deck, the [`Facts`] of the card at each deck position (compiled at load), padded
    /// to [`FACTS`] entries so a `u8` position indexes it without a bounds check.
    pub facts: Vec<[Facts; FACTS]>,
}

impl Shared {
    /// Join the card table, the decks and the rules, compiling the per-deck fact tables.
    pub fn new(db: CardDb, decks: Vec<Deck>, rules: Rules) -> Self {
        let facts = decks
            .iter()
            .map(|d| {
                let mut t = [Facts::NONE; FACTS];
                for (slot, &id) in t.iter_mut().zip(d.cards.iter()) {
                    *slot = db.card(id).facts();
                }
                t
            })
            .collect();
        Shared {
            db,
            decks,
            rules,
            facts,
        }
    }
}
