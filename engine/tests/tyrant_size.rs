//! The Tyrant state's size in bytes: every search iteration copies it and the runner moves it a few times a game, so a change of layout should be a deliberate one (docs/performance.md quotes these numbers).

use cardsim_engine::tyrant::state::Side;
use cardsim_engine::tyrant::{TyrantState, Unit};

#[test]
fn state_unit_and_side_sizes() {
    assert_eq!(std::mem::size_of::<Unit>(), 16);
    assert_eq!(std::mem::size_of::<Side>(), 1128);
    assert_eq!(std::mem::size_of::<TyrantState>(), 2376);
}
