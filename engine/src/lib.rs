//! # cardsim-engine: rules only
//!
//! Every rule set in cardsim is reached through one interface, modelled on
//! OpenSpiel's `State`. Two traits carry it:
//!
//! * [`Ruleset`] is the *set-up* side: it loads card data and decks from files a designer
//!   edits (CSV and plain text), validates them with errors that name the file and line,
//!   compiles them into dense tables, holds the named rule parameters, and deals new games.
//!   Set-up may allocate. Optional card edits for impact measurements
//!   ([`Ruleset::with_deck_card_replaced`], [`Ruleset::with_card_changed`]) return an edited
//!   copy; games that do not offer them keep the defaults, which refuse with a message.
//! * [`Game`] is one game in progress. It answers the questions a player loop or a search
//!   agent asks, and none of its hot-path methods allocates:
//!   * [`Game::to_move`]: whose decision it is — a player, chance, or nobody (terminal).
//!     Automated opponents and forced steps (Tyrant's turn sequence after a card is played,
//!     Alpha/Omega's opponent deck) run inside [`Game::apply`]; a decision is only ever asked
//!     of a player when there is a real choice to make or a rule says a player chooses.
//!   * [`Game::legal_actions`] writes the legal actions into a caller-provided
//!     [`ActionBuf`], a fixed-capacity `ArrayVec` of [`MAX_ACTIONS`] entries.
//!   * [`Game::apply`] (checked with a debug assertion), [`Game::try_apply`] (returns an
//!     error for an illegal action) and [`Game::apply_unchecked`] (trusts the caller).
//!   * [`Game::chance_outcomes`] lists the outcomes of an explicit chance node with integer
//!     weights. Games may also resolve chance internally with their own seeded RNG (Tyrant's
//!     coin flips and shuffles do); such games never report [`ToMove::Chance`].
//!   * [`Game::outcome`]: once terminal, a [`PlayerResult`] for every player plus how the game
//!     ended ([`EndReason::Decided`] or [`EndReason::TurnLimit`], so "defender wins at the
//!     turn limit" is visible as such).
//!   * [`Game::max_decisions`]: a bound on the number of actions a game can take.
//!   * [`Game::score`]: optionally, a seat's own numeric score in a finished game (Alpha/Omega's
//!     achievement points); the simulator reports its mean with a 95% interval. Default: none.
//!   * [`Game::resample_hidden`]: replace everything one player cannot see (other players'
//!     hands, every deck's order, and the game's own RNG state, so that future coin flips are
//!     not known either) with a random world consistent with what that player knows. Search
//!     agents that are honest about hidden information only ever look at resampled copies.
//!   * [`Game::action_label`] and [`Game::describe`] give a human-readable label for an
//!     action and a key/value description of the state. These two allocate and are kept out
//!     of the play loop.
//!
//! Rule parameters are named and typed ([`ParamSpec`]), have defaults, and are set with
//! `name=value` strings ([`Params::set`]); sweeps can vary any of them.
//!
//! Determinism: a game's randomness comes only from the [`GameRng`] handed to
//! [`Ruleset::new_game`]; the simulator derives it from the run seed and the game's global
//! index ([`game_rng`]), never from threads or time.
//!
//! The [`data`] module holds what every game's loader shares (CSV card tables with
//! file:line:column errors, card names with suggestions, deck files and deck rules, effect
//! vocabularies).
//!
//! The [`conformance`] module holds the checks every game must pass; [`registry`] maps game
//! names to rule sets so that the simulator needs no game-specific code.
//!
//! Rule sets: [`tyrant`] (rules notes in `docs/games/tyrant.md`) and [`allegiance`]
//! (rules notes in `docs/games/allegiance.md`).
#![deny(missing_docs)]

pub mod allegiance;
pub mod alpha_omega;
pub mod battalla;
pub mod conformance;
pub mod data;
mod delegate;
mod edit;
mod error;
mod game;
pub mod mission_alliance;
mod params;
pub mod registry;
mod rng;
mod space;
pub mod tyrant;

pub use error::{clip_quoted, IllegalAction, LoadError};
pub use game::{
    Ablation, Action, ActionBuf, CardUsage, ChanceBuf, DeckCard, DeckSource, DeckText, EndReason,
    Game, Outcome, PlayerResult, PolicyInfo, Ruleset, Setup, ToMove, MAX_ACTIONS, MAX_PLAYERS,
};
pub use params::{ParamError, ParamKind, ParamSpec, Params, Preset, PRESET_KEY};
pub use rng::{game_rng, index_below, stream_rng, GameRng, RngRole};
pub use space::{DeckPlan, DeckSpace};
