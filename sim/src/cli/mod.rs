//! The subcommands of `cardsim`, one module each, over the simulator library; `common` holds
//! the argument groups and helpers they share.

pub mod bench;
pub mod common;
pub mod compare;
pub mod default;
pub mod impact;
pub mod info;
pub mod ladder;
pub mod matches;
pub mod merge;
pub mod optimize;
pub mod replay;
pub mod report;
pub mod run;
pub mod scenario;
pub mod sweep;
pub mod tournament;

#[cfg(test)]
mod convention;
