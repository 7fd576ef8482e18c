//! The Tyrant state's and per-card hot record's sizes in bytes: every search iteration copies the state and the runner moves it a few times a game, and the attack loop passes hot records in registers, so a change of layout should be a deliberate one (docs/performance.md quotes these numbers).

use cardsim_engine::tyrant::hot::Hot;
use cardsim_engine::tyrant::state::Side;
use cardsim_engine::tyrant::{TyrantState, Unit};

#[test]
fn state_unit_and_side_sizes() {
    assert_eq!(std::mem::size_of::<Unit>(), 16);
    assert_eq!(std::mem::size_of::<Side>(), 1128);
    assert_eq!(std::mem::size_of::<TyrantState>(), 2376);
}

/// The per-card hot record stays 8 bytes: a look-up scales the card id by a shift, and the
/// attack passes the attacker's record to its callees in one register (at 10 bytes it went
/// through memory and cost more than a second look-up; docs/performance/tyrant_session27.md).
#[test]
fn hot_record_size() {
    assert_eq!(std::mem::size_of::<Hot>(), 8);
}
