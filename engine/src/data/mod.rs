//! Shared loading of the files a designer edits, used by every game's loader: card tables
//! (CSV with file:line:column errors), card names and "did you mean" hints, deck files
//! (entries, settings, sections, deck-size and copy rules), and effect vocabularies.
//!
//! Nothing here knows a game: each game declares its columns, deck sections and settings, and
//! the words of its effect vocabulary, then compiles what it read into its own dense tables.

mod deck;
mod names;
mod table;
mod text;
mod vocab;

pub use deck::{DeckEntry, DeckFile, DeckRules, Setting};
pub use names::{suggest_among, NameIndex};
pub use table::{CardTable, Cell, Row};
pub use text::{decode_text, read_text};
pub use vocab::{clauses, Clause, Vocab};
