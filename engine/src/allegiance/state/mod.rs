//! The Allegiance game state: turn phases, maneuvers, the chain, battles, formats.
//!
//! Everything lives in fixed-capacity arrays (no heap allocation after set-up); units carry
//! unique ids so that a target that left play is recognised as gone.

use arrayvec::ArrayVec;
use rand::Rng;
use std::sync::Arc;

use super::rules::{Format, Shared};
use crate::allegiance::cards::{
    CardDb, Effect, Kind, OpCode, Scope, TargetKind, Trigger, ABILITIES, ATTACH_THIS, BATTLE_LONG,
    MAX_FACES, NO_EFFECT, STATIC_KINDS,
};
use crate::{Action, ActionBuf, CardUsage, EndReason, GameRng, Outcome, PlayerResult, MAX_PLAYERS};

/// Units per territory: an engine bound (the rules have none); a unit entering a full
/// territory ends the game as a counted stall (docs/games/allegiance.md, "Capacities").
pub const UNITS: usize = 63;
// A target decision offers every unit and every hero at once; it must fit the action buffer.
const _: () = assert!(MAX_PLAYERS * UNITS + MAX_PLAYERS <= crate::MAX_ACTIONS);
/// Hand capacity.
pub const HAND: usize = 32;
pub use crate::allegiance::cards::DECK;
/// Chain capacity.
pub const CHAIN: usize = 16;
/// Pending triggers.
pub const TRIGS: usize = 24;
/// Units removed from play for a while at the same time (see `docs/games/allegiance.md`, "Capacities").
pub const BANISHED: usize = 16;
/// "No unit".
pub const NONE: u16 = u16::MAX;
/// Source id of a hero's weapon (in attacker lists and item sources).
pub const WEAPON: u16 = u16::MAX - 1;
/// Source id of a hero's armor.
pub const ARMOR: u16 = u16::MAX - 2;
/// Target id bit marking a hero (the low bits are the seat).
pub const HERO_BIT: u16 = 0x8000;

// Action ids. Each range is laid out after the previous one from the capacities, so a larger
// territory (`UNITS`) moves the later ranges up without overlapping; the order of the ranges
// (and so of the legal-action lists) does not depend on the capacities.
/// Pass, end the phase, or "done".
pub const PASS: u16 = 0;
/// Draw/mill from deck `d` (basic 0, elite 1, action 2): `DRAW + d`.
pub const DRAW: u16 = 1;
/// Play hand card `i`, half `h`: `HAND_A + 2i + h` (also: discard hand card `i`, `h` = 0).
pub const HAND_A: u16 = 10;
/// Use ability `i`.
pub const USE: u16 = HAND_A + 2 * HAND as u16;
/// Unlock ability `i`.
pub const UNLOCK: u16 = USE + ABILITIES as u16;
/// Initiate a battle against seat `s`.
pub const BATTLE: u16 = UNLOCK + ABILITIES as u16;
/// Activated ability of own unit in slot `i`; `ACT + UNITS` weapon, `ACT + UNITS + 1` armor.
pub const ACT: u16 = BATTLE + MAX_PLAYERS as u16;
/// Target unit slot `i` of seat `s`: `TGT + s * UNITS + i`.
pub const TGT: u16 = ACT + UNITS as u16 + 2;
/// Target hero of seat `s`.
pub const TGT_HERO: u16 = TGT + (MAX_PLAYERS * UNITS) as u16;
/// Declare own unit `i` as an attacker; `ATK + UNITS` is the weapon.
pub const ATK: u16 = TGT_HERO + MAX_PLAYERS as u16;
/// Choose own unit `i` as a defender.
pub const DEF: u16 = ATK + UNITS as u16 + 1;
/// Block attacker number `i` of the battle.
pub const BLOCK: u16 = DEF + UNITS as u16;
/// Choose weapon/armor face `i`.
pub const FACE: u16 = BLOCK + UNITS as u16 + 1;
/// Put pending trigger `i` on the chain next.
pub const TRIG: u16 = FACE + MAX_FACES as u16;
/// Choose card id `c` from a discard pile.
pub const CARD: u16 = TRIG + TRIGS as u16;
/// Choose own ability `i` (ready op).
pub const ABIL: u16 = CARD + 256;
/// Choose own unit `i` (sacrifice).
pub const OWN: u16 = ABIL + ABILITIES as u16;
/// Armor: prevent one point of the battle damage of attacker number `i`.
pub const SPLIT: u16 = OWN + UNITS as u16;
/// Bit of an action item's `arg` set once the card has attached itself (it then stays in
/// play instead of going to the discard pile).
const ATTACHED: u8 = 0x80;

/// A unit in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Unique id in this game.
    pub uid: u16,
    /// Card id.
    pub card: u8,
    /// Damage counters (always below the unit's maximum health while it is in play).
    pub dmg: i32,
    /// Augment counters (at most [`MAX_COUNTERS`]; one more ends the game as a stall).
    pub aug: u16,
    /// Attack modifiers until the end of the turn, by the seat whose effect gave them (they
    /// end early if that player is eliminated).
    /// Per seat at most `max_maneuvers` (200) chain items x 8 ops x 999 (an amount of focus
    /// counters) = 1,598,400 a turn.
    pub boost: [i32; MAX_PLAYERS],
    /// Attack modifiers for the current battle only (`boost N battle`, Lance of Dominion), by
    /// granting seat; they end with the battle.
    pub battle_boost: [i32; MAX_PLAYERS],
    /// Damage still prevented this turn, by the seat whose effect gave it (reset every turn).
    pub shield: [u32; MAX_PLAYERS],
    /// Exhausted.
    pub exhausted: bool,
    /// Turn number (global) it entered its controller's territory.
    pub entered: u16,
    /// Attachments: (card id, owner seat); 255 = empty.
    pub att: [(u8, u8); 2],
    /// Curse counters (−1 attack each; see `docs/games/allegiance.md`, "Focus and curse
    /// counters"), by the seat whose effect placed them (they stop with that player).
    pub curse: [u16; MAX_PLAYERS],
}

impl Unit {
    /// Curse counters on the unit, all placers together.
    #[inline]
    pub fn curses(&self) -> i32 {
        curse_sum(&self.curse)
    }
}

/// The sum of per-seat curse counters, as one 64-bit multiplication: the four 16-bit
/// counters are the lanes of one word, and multiplying by a 1 in every lane adds them all
/// into the top lane. Exact because every sum of lanes stays below 2^16: the counters on
/// one hero or unit are at most [`MAX_COUNTERS`] together in play (`counters_after`), and
/// a scenario gives each seat at most as many (4 x 999 = 3,996). The evaluation reads it
/// on every unit.
#[inline(always)]
fn curse_sum(c: &[u16; MAX_PLAYERS]) -> i32 {
    const _: () = assert!(MAX_PLAYERS == 4 && MAX_PLAYERS * (MAX_COUNTERS as usize) < 1 << 16);
    let lanes = c[0] as u64 | (c[1] as u64) << 16 | (c[2] as u64) << 32 | (c[3] as u64) << 48;
    (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as i32
}

/// One player: the territory, and everything else as one block of plain values
/// ([`PlayerCore`]), so that copying a player (search does it for every action it tries) is
/// one block copy plus the territory's used entries, rather than a move per field. The
/// block's fields read and write as the player's own (`player.health`): `Player`
/// dereferences to it.
#[derive(Debug, PartialEq, Eq)]
pub struct Player {
    /// Everything but the territory.
    pub core: PlayerCore,
    /// Territory, behind its one writer (see [`Units`]).
    pub units: Units,
}

/// A player's plain values: everything but the territory (see [`Player`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayerCore {
    /// Hero index.
    pub hero: u8,
    /// Loadout (deck) index.
    pub loadout: u8,
    /// Health.
    pub health: i32,
    /// Gold (at most 99 + 250 rounds x (production 349 + 48,000 from `gold` ops): no cap).
    pub gold: u32,
    /// Production rating (at most 99 at set-up + 1 a turn for 250 rounds: no cap).
    pub prod: u16,
    /// Cooldown counter per ability: -1 locked, 0 ready, k spaces from ready.
    pub cd: [i8; ABILITIES],
    /// Face-up weapon face.
    pub weapon: u8,
    /// Face-up armor face.
    pub armor: u8,
    /// Weapon exhausted.
    pub weapon_exh: bool,
    /// Armor exhausted.
    pub armor_exh: bool,
    /// Battle damage the armor prevented this turn.
    pub armor_used: i32,
    /// Damage still prevented on the hero this turn, by the seat whose effect gave it.
    pub shield: [u32; MAX_PLAYERS],
    /// Still in the game.
    pub alive: bool,
    /// Turns begun.
    pub turns: u16,
    /// Hand (card ids).
    pub hand: CardIds<HAND>,
    /// Card-usage bits (see `docs/games/allegiance.md`).
    pub drawn: u64,
    /// Opening bits.
    pub opening: u64,
    /// Played bits.
    pub played: u64,
    /// Focus counters on the hero (at most [`MAX_COUNTERS`]).
    pub focus: u16,
    /// Curse counters on the hero (damage at the start of the player's turn), by the seat
    /// whose effect placed them.
    pub curse: [u16; MAX_PLAYERS],
    /// The territory slots whose unit's card has an activated effect that the unit's
    /// exhaustion does not hold back (the unit is ready, or the effect does not exhaust it),
    /// a bit per slot (bit `i`: `units[i]`; kept where units enter, leave, change control,
    /// exhaust or ready), so that a reaction listing visits the units that may act only.
    pub act_units: u64,
    /// Action cards in the hand (kept where hands change), so that a reaction listing skips
    /// the hand when it is 0.
    pub hand_actions: u8,
    /// The hero's reaction abilities that are ready (cooldown 0), a bit each (bit `i`:
    /// ability `i`); kept where cooldowns change ([`AllegianceState::refresh_ready_reactions`]),
    /// so that the reaction test of a priority pass reads one byte for them.
    pub ready_reactions: u8,
    /// Which face-up faces have an activated effect that their exhaustion does not hold back
    /// (as `act_units` for units): bit 0 the weapon, bit 1 the armor (kept where faces change
    /// or are exhausted or readied, like `ready_reactions`).
    pub face_acts: u8,
}

impl std::ops::Deref for Player {
    type Target = PlayerCore;
    #[inline(always)]
    fn deref(&self) -> &PlayerCore {
        &self.core
    }
}

impl std::ops::DerefMut for Player {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut PlayerCore {
        &mut self.core
    }
}

impl Player {
    /// A player with every field zero or empty (a seat before [`AllegianceState::redeal`]
    /// sets it up).
    fn blank() -> Self {
        Player {
            core: PlayerCore {
                hero: 0,
                loadout: 0,
                health: 0,
                gold: 0,
                prod: 0,
                cd: [-1; ABILITIES],
                weapon: 0,
                armor: 0,
                weapon_exh: false,
                armor_exh: false,
                armor_used: 0,
                shield: [0; MAX_PLAYERS],
                alive: false,
                turns: 0,
                hand: CardIds::new(),
                drawn: 0,
                opening: 0,
                played: 0,
                focus: 0,
                curse: [0; MAX_PLAYERS],
                act_units: 0,
                hand_actions: 0,
                ready_reactions: 0,
                face_acts: 0,
            },
            units: Units::new(),
        }
    }
}

impl PlayerCore {
    /// Curse counters on the hero, all placers together.
    #[inline]
    pub fn curses(&self) -> i32 {
        curse_sum(&self.curse)
    }
}

/// What a chain item is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// Unlock ability `arg`.
    Unlock,
    /// Use ability `arg`.
    Ability,
    /// Enlist unit `card`.
    Enlist,
    /// Action card `card`, half `arg`.
    Action,
    /// Battle against seat `arg`.
    Battle,
    /// A triggered effect or activated ability.
    Trigger,
}

/// A pending maneuver or triggered effect (a plain value: copied as one block).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Kind.
    pub kind: ItemKind,
    /// Controller.
    pub who: u8,
    /// Card id (enlist, action, trigger source card).
    pub card: u8,
    /// Ability index, action half or battle opponent.
    pub arg: u8,
    /// Effect id or [`NO_EFFECT`].
    pub effect: u16,
    /// Source unit uid (`self` scope) or [`WEAPON`]/[`ARMOR`]/[`NONE`].
    pub src: u16,
    /// Attachment host uid or [`NONE`].
    pub host: u16,
    /// Selected targets (unit uid, or [`HERO_BIT`] | seat).
    pub targets: Targets,
}

/// A triggered effect waiting to be put on the chain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Trig {
    /// Controller.
    pub who: u8,
    /// Source card (for labels).
    pub card: u8,
    /// Effect.
    pub effect: u16,
    /// Source uid (`self`).
    pub src: u16,
    /// Host uid.
    pub host: u16,
}

/// Battle steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BStep {
    /// Declaring attackers.
    Declare,
    /// Window after declaring.
    AfterDeclare,
    /// Assigning defenders.
    Assign,
    /// Window after assigning.
    AfterAssign,
    /// The defender spreads the armor's prevention over the unblocked attackers.
    Armor,
    /// Window after damage.
    AfterDamage,
}

/// An attacker.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Att {
    /// Unit uid or [`WEAPON`].
    pub uid: u16,
    /// Defender uid or [`NONE`].
    pub blocker: u16,
    /// Battle damage to the hero the defender's armor prevents from this attacker.
    pub prevented: i32,
}

/// A battle in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    /// Attacking player.
    pub atk: u8,
    /// Defending player.
    pub def: u8,
    /// Step.
    pub step: BStep,
    /// Attackers.
    pub attackers: ArrayVec<Att, { UNITS + 1 }>,
    /// Defender chosen, waiting for its attacker ([`NONE`] if none).
    pub pick: u16,
    /// Armor step: prevention still to spread.
    pub armor_left: i32,
    /// Armor step: the lowest attacker number still offered (points are spread in attacker
    /// order, so every split is reached by exactly one sequence of choices).
    pub split_from: u8,
}

/// A unit removed from play for a while.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Banished {
    /// Card id.
    pub card: u8,
    /// Its most recent controller (it comes back to them).
    pub who: u8,
    /// 0: back at the end of the turn it left; 1: back at the start of `who`'s next turn.
    pub until: u8,
}

/// Phases of the turn (production, refresh and draw run inside `start_turn`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Choosing starting weapon and armor.
    Setup,
    /// Maneuver phase.
    Main,
    /// End of turn phase.
    End,
}

/// A choice made while an item resolves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Which deck to draw from.
    Draw,
    /// Which unit deck to mill.
    Mill,
    /// A unit card from a discard pile to put into play.
    Raise,
    /// A unit card from a discard pile to recycle (or done).
    Recycle,
    /// A hand card to discard.
    Discard,
    /// Weapon face.
    Weapon,
    /// Armor face.
    Armor,
    /// Own unit to destroy (or none).
    Sacrifice,
    /// Own ability to move toward ready.
    Ready,
}

/// The decision the game waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dec {
    /// None: the engine advances by itself (never seen from outside except when terminal).
    Auto,
    /// The player with priority in a response window (reactions only).
    Window(u8),
    /// The player with priority in the main phase's window ([`AllegianceState::is_main_window`]:
    /// maneuvers and reactions). Told apart from [`Dec::Window`] when the window opens, so
    /// that the listing does not ask again.
    Main(u8),
    /// Set-up: a starting weapon (false) or armor (true) face.
    SetupFace(u8, bool),
    /// Draw phase: which deck.
    DrawPhase(u8),
    /// Selecting targets for `building`.
    Target(u8),
    /// Declaring attackers.
    Attackers(u8),
    /// Assigning defenders.
    Defenders(u8),
    /// Ordering own triggers.
    TrigOrder(u8),
    /// A choice inside a resolution.
    Choose(u8, Choice),
    /// Spreading armor prevention over unblocked attackers.
    ArmorSplit(u8),
}

/// An item being resolved (it may wait for choices; a plain value, as [`Item`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Res {
    /// The item.
    pub item: Item,
    /// Next op.
    pub pc: u8,
    /// Repetitions left of the current op (0 = not started).
    pub left: u8,
    /// Whether the last choose-op did something.
    pub flag: bool,
    /// Op-specific counter (recycle: cards moved; discard: opponent offset).
    pub sub: u8,
    /// Whether the current choose-op has started.
    pub started: bool,
}

/// A game of Allegiance.
#[derive(Debug)]
pub struct AllegianceState {
    pub(super) shared: Arc<Shared>,
    /// Players by seat.
    pub players: ArrayVec<Player, MAX_PLAYERS>,
    /// Shared decks (basic, elite, action) and their discard piles, behind their one writer
    /// (see [`Piles`]).
    pub(in crate::allegiance) piles: Piles,
    /// The chain; the newest item is the last entry.
    pub chain: ArrayVec<Item, CHAIN>,
    /// Triggered effects waiting to go on the chain.
    pub trigs: ArrayVec<Trig, TRIGS>,
    /// Units removed from play for a while.
    pub banished: ArrayVec<Banished, BANISHED>,
    /// The item whose targets are being selected.
    pub building: Option<Item>,
    /// The item resolving.
    pub res: Option<Res>,
    /// The battle in progress.
    pub battle: Option<Battle>,
    /// Every plain value of the state but the random number generator, as one block (see
    /// [`StateCore`]): its fields read and write as the state's own (`state.phase`).
    pub core: StateCore,
    pub(super) rng: GameRng,
    pub(super) log: Vec<String>,
}

/// The state's plain values (everything but the players, the piles and lists, the random
/// number generator and the log), as one block so that copying a state (search does it for
/// every action it tries) copies them as one block rather than a move per field. The state
/// dereferences to it.
#[derive(Copy, Clone, Debug)]
pub struct StateCore {
    /// Phase.
    pub phase: Phase,
    /// Current player.
    pub cur: u8,
    /// Player with priority.
    pub prio: u8,
    /// Consecutive passes.
    pub passes: u8,
    /// What the game waits for.
    pub dec: Dec,
    /// Turns begun (all players).
    pub turn: u16,
    /// Chain items announced or triggered this turn.
    pub maneuvers: u16,
    /// Actions applied.
    pub actions: u32,
    /// Next unit id.
    pub next_uid: u16,
    /// Outcome once over.
    pub result: Option<Outcome>,
    /// Seats whose heroes fell in the effect or battle step now running (a bit per seat);
    /// the result is decided once it ends ([`AllegianceState::judge_defeats`]).
    pub defeated: u8,
    /// Players still in the game (a count of `Player::alive`, kept where a player is dealt
    /// in or eliminated and checked by the state invariants): read on every priority pass.
    pub(super) alive_n: u8,
    pub(super) logging: bool,
    /// Static-ability ops in play (a count kept by [`AllegianceState::statics_changed`]; when
    /// 0, attack, maximum health and armor skip the scan for static abilities).
    pub statics: u16,
    /// The same count by kind: attack (`boost`), maximum health, armor, enlist cost, action
    /// cost.
    pub static_kinds: [u16; STATIC_KINDS],
    /// Each seat's territory's worth to the greedy evaluation without static modifiers: the
    /// sum of [`AllegianceState::base_worth`] over its units (kept where units enter, leave
    /// or change control and where their damage, augment or curse counters change; checked
    /// by the state invariants), so that the evaluation does not walk the units when no
    /// static attack or health modifier is in play. Kept here rather than in `Player`, whose
    /// layout random play is tuned to.
    pub boards: [i64; MAX_PLAYERS],
    /// Whether an effect may have given a unit an attack modifier until the end of the
    /// turn or a shield (`Unit::boost`, `Unit::shield`) this turn: set where one is given,
    /// cleared by the end-of-turn clean-up, which resets the units' only when it is set
    /// (when it is not, they are all 0: checked by the state invariants), so that a turn
    /// without them writes no territory (a copy then skips them all).
    pub(super) turn_mods: bool,
    /// Whether the advance loop may have more to do than hand priority on and open windows:
    /// set wherever that work is created (a hero falls or a player is eliminated, an item
    /// starts resolving, an effect triggers, the game ends, a deal), cleared only by
    /// [`AllegianceState::advance`] once it finds none of it ([`AllegianceState::loop_work`]
    /// false). So while it is clear, `advance` skips those checks; when it is set, there may
    /// be nothing (checked by the state invariants in that direction only, and left out of
    /// `==`).
    pub(super) work: bool,
    /// The seats that may react, a bit each (bit `p`: seat `p`): in the game, with one of
    /// the four reaction summaries of [`PlayerCore`] (`ready_reactions`, `hand_actions`,
    /// `face_acts`, `act_units`) not zero. Kept wherever one of them or `alive` changes
    /// ([`AllegianceState::keep_react`]; checked by the state invariants, left out of `==`),
    /// so that the reaction test of a priority pass reads one bit for a seat with none.
    pub(super) react: u8,
}

impl std::ops::Deref for AllegianceState {
    type Target = StateCore;
    #[inline(always)]
    fn deref(&self) -> &StateCore {
        &self.core
    }
}

impl std::ops::DerefMut for AllegianceState {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut StateCore {
        &mut self.core
    }
}

impl PartialEq for AllegianceState {
    fn eq(&self, o: &Self) -> bool {
        Arc::ptr_eq(&self.shared, &o.shared)
            && self.players == o.players
            && self.piles == o.piles
            && self.chain == o.chain
            && self.trigs == o.trigs
            && self.banished == o.banished
            && self.building == o.building
            && self.res == o.res
            && self.battle == o.battle
            && self.phase == o.phase
            && self.cur == o.cur
            && self.prio == o.prio
            && self.passes == o.passes
            && self.dec == o.dec
            && self.turn == o.turn
            && self.maneuvers == o.maneuvers
            && self.actions == o.actions
            && self.next_uid == o.next_uid
            && self.result == o.result
            && self.defeated == o.defeated
            && self.boards == o.boards
            && self.rng == o.rng
    }
}

pub(crate) use crate::delegate::log;

/// Names of the shared decks.
pub const DECK_NAMES: [&str; 3] = ["basic", "elite", "action"];

impl AllegianceState {
    /// Bound on the actions of one game under the loaded rules.
    pub(super) fn bound(&self) -> u32 {
        let r = &self.shared.rules;
        let p = self.n() as u32;
        let cap = r.max_maneuvers as u32 + CHAIN as u32;
        // Per chain item: announce, targets, trigger order, resolution choices (ops x args x
        // players), two windows of passes, and a whole battle (with at most 255 points of
        // armor prevention to spread).
        let per_item = 1
            + 4
            + 1
            + (8 * crate::allegiance::cards::MAX_ARG as u32 * p)
            + 2 * p
            + (UNITS as u32 + 2)
            + (2 * UNITS as u32 + 1)
            + u8::MAX as u32
            + 3 * p;
        let per_turn = 2 + cap * per_item + 2 * p + 4;
        2 * p + r.max_turns as u32 * per_turn
    }

    /// The shared decks (basic, elite, action); the top is the last entry.
    #[inline]
    pub fn decks(&self) -> &[CardIds<DECK>; 3] {
        self.piles.decks()
    }

    /// The discard piles; the top is the last entry.
    #[inline]
    pub fn discards(&self) -> &[CardIds<DECK>; 3] {
        self.piles.discards()
    }

    /// Log on or off.
    pub(super) fn set_log(&mut self, on: bool) {
        self.logging = on;
    }
}

fn choice_of(code: OpCode) -> Option<Choice> {
    Some(match code {
        OpCode::Draw => Choice::Draw,
        OpCode::Mill => Choice::Mill,
        OpCode::Raise => Choice::Raise,
        OpCode::Recycle => Choice::Recycle,
        OpCode::Discard => Choice::Discard,
        OpCode::Equip => Choice::Weapon,
        OpCode::Sacrifice => Choice::Sacrifice,
        OpCode::Ready => Choice::Ready,
        _ => return None,
    })
}

/// Let shields (by seat, in seat order) absorb damage `d`; returns what gets through.
fn absorb(shield: &mut [u32; MAX_PLAYERS], mut d: i32) -> i32 {
    for sh in shield.iter_mut() {
        if d <= 0 {
            break;
        }
        let a = (*sh).min(d as u32);
        *sh -= a;
        let a = a as i32;
        d -= a;
    }
    d
}

mod apply;
mod battle;
mod board;
mod copy;
mod elimination;
mod eval;
mod ids;
mod options;
mod piles;
mod resolve;
mod search;
mod setup;
mod stamp;
mod statics;
#[cfg(test)]
mod testing;
mod turn;
mod units;
pub use ids::{CardIds, Targets};
pub use piles::Piles;
use statics::static_kind;
pub use statics::{eff_cost, MAX_COUNTERS};
pub use units::Units;
