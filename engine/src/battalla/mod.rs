//! Battalla: two players move units and heroes of their mythoi up a board of 5 rows and 4
//! lanes to attack the opponent's life cards, with effects resolving on the Storyboard. The
//! rules text lost its pictures; every reading chosen for its gaps is in
//! `docs/games/battalla.md`, and those that move balance are rule parameters.

pub mod cards;
pub mod deck;
mod rules;

pub use cards::CardDb;
pub use deck::Deck;
pub use rules::{Rules, Shared};
