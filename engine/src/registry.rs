//! Game names → rule sets, so that the simulator and agents stay free of game-specific code.
//!
//! A caller that wants to work with "whatever game the user named" implements
//! [`GameVisitor`] once, generically over [`Ruleset`]; [`visit`] monomorphises it for the
//! named game.

use std::path::PathBuf;

use crate::{DeckSource, ParamSpec, Params, PolicyInfo, Preset, Ruleset, Setup};

/// Something generic over rule sets, run by [`visit`] for a game chosen by name.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Run for rule set `R`.
    fn visit<R: Ruleset>(self) -> Self::Output;
}

/// Names of every game this build knows.
pub const GAMES: &[&str] = &[
    "tyrant",
    "allegiance",
    "mission_alliance",
    "battalla",
    "alpha_omega",
];

/// An unknown game name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}` (known: {known})", known = GAMES.join(", "))]
pub struct UnknownGame(pub String);

/// Run `visitor` for the game called `name`.
pub fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownGame> {
    match name.to_ascii_lowercase().as_str() {
        "tyrant" => Ok(visitor.visit::<crate::tyrant::Tyrant>()),
        "allegiance" => Ok(visitor.visit::<crate::allegiance::Allegiance>()),
        "mission_alliance" => Ok(visitor.visit::<crate::mission_alliance::MissionAlliance>()),
        "battalla" => Ok(visitor.visit::<crate::battalla::Battalla>()),
        "alpha_omega" => Ok(visitor.visit::<crate::alpha_omega::AlphaOmega>()),
        _ => Err(UnknownGame(name.to_string())),
    }
}

/// A rule set's static facts, for listings.
#[derive(Debug, Clone)]
pub struct GameInfo {
    /// Name.
    pub name: &'static str,
    /// Rule parameters.
    pub params: &'static [ParamSpec],
    /// Named bundles of parameter values.
    pub presets: &'static [Preset],
    /// Scripted play modes.
    pub policies: &'static [PolicyInfo],
    /// Default card file.
    pub default_cards: &'static str,
}

struct InfoVisitor;
impl GameVisitor for InfoVisitor {
    type Output = GameInfo;
    fn visit<R: Ruleset>(self) -> GameInfo {
        GameInfo {
            name: R::NAME,
            params: R::param_specs(),
            presets: R::presets(),
            policies: R::builtin_policies(),
            default_cards: R::default_cards(),
        }
    }
}

/// Static facts of the game called `name`.
pub fn info(name: &str) -> Result<GameInfo, UnknownGame> {
    visit(name, InfoVisitor)
}

/// Loads a card file with decks under the game's default parameters and keeps nothing: the
/// check the loader fuzzers (`sim/tests/fuzz_loaders.rs`, `fuzz/`) run on every input. `Err`
/// holds the load error's message (it names the file, line and problem).
struct LoadCheck {
    cards: PathBuf,
    decks: Vec<DeckSource>,
}

impl GameVisitor for LoadCheck {
    type Output = Result<(), String>;
    fn visit<R: Ruleset>(self) -> Self::Output {
        let setup = Setup {
            cards: self.cards,
            decks: self.decks,
            params: Params::defaults(R::param_specs()),
        };
        R::load(&setup).map(|_| ()).map_err(|e| e.to_string())
    }
}

/// Load `cards` with `decks` for the game called `name` (default parameters), keeping
/// nothing: `Ok(Err(message))` when the files do not load.
pub fn check_load(
    name: &str,
    cards: PathBuf,
    decks: Vec<DeckSource>,
) -> Result<Result<(), String>, UnknownGame> {
    visit(name, LoadCheck { cards, decks })
}
