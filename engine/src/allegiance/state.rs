//! The Allegiance game state: turn phases, maneuvers, the chain, battles, formats.
//!
//! Everything lives in fixed-capacity arrays (no heap allocation after set-up); units carry
//! unique ids so that a target that left play is recognised as gone.

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;

use super::cards::{
    CardDb, Effect, Kind, OpCode, Scope, TargetKind, Trigger, ABILITIES, ATTACH_THIS, NO_EFFECT,
};
use super::{Format, Shared};
use crate::{Action, ActionBuf, CardUsage, EndReason, GameRng, Outcome, PlayerResult, MAX_PLAYERS};

/// Units per territory.
pub const UNITS: usize = 20;
/// Hand capacity.
pub const HAND: usize = 32;
/// Cards per shared deck (and per discard pile).
pub const DECK: usize = 120;
/// Chain capacity.
pub const CHAIN: usize = 16;
/// Pending triggers.
pub const TRIGS: usize = 24;
/// Units removed from play for a while at the same time (see `RULES.md`, "Capacities").
pub const BANISHED: usize = 16;
/// "No unit".
pub const NONE: u16 = u16::MAX;
/// Source id of a hero's weapon (in attacker lists and item sources).
pub const WEAPON: u16 = u16::MAX - 1;
/// Source id of a hero's armor.
pub const ARMOR: u16 = u16::MAX - 2;
/// Target id bit marking a hero (the low bits are the seat).
pub const HERO_BIT: u16 = 0x8000;

// Action ids.
/// Pass, end the phase, or "done".
pub const PASS: u16 = 0;
/// Draw/mill from deck `d` (basic 0, elite 1, action 2): `DRAW + d`.
pub const DRAW: u16 = 1;
/// Play hand card `i`, half `h`: `HAND_A + 2i + h` (also: discard hand card `i`, `h` = 0).
pub const HAND_A: u16 = 10;
/// Use ability `i`.
pub const USE: u16 = 80;
/// Unlock ability `i`.
pub const UNLOCK: u16 = 90;
/// Initiate a battle against seat `s`.
pub const BATTLE: u16 = 100;
/// Activated ability of own unit in slot `i`; `ACT + UNITS` weapon, `ACT + UNITS + 1` armor.
pub const ACT: u16 = 110;
/// Target unit slot `i` of seat `s`: `TGT + s * UNITS + i`.
pub const TGT: u16 = 140;
/// Target hero of seat `s`.
pub const TGT_HERO: u16 = TGT + (MAX_PLAYERS * UNITS) as u16;
/// Declare own unit `i` as an attacker; `ATK + UNITS` is the weapon.
pub const ATK: u16 = 230;
/// Choose own unit `i` as a defender.
pub const DEF: u16 = 260;
/// Block attacker number `i` of the battle.
pub const BLOCK: u16 = 290;
/// Choose weapon/armor face `i`.
pub const FACE: u16 = 320;
/// Put pending trigger `i` on the chain next.
pub const TRIG: u16 = 340;
/// Choose card id `c` from a discard pile.
pub const CARD: u16 = 400;
/// Choose own ability `i` (ready op).
pub const ABIL: u16 = 700;
/// Choose own unit `i` (sacrifice).
pub const OWN: u16 = 720;
/// Armor: prevent one point of the battle damage of attacker number `i`.
pub const SPLIT: u16 = 750;
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
    /// Damage counters.
    pub dmg: u8,
    /// Augment counters.
    pub aug: u8,
    /// Attack modifiers until the end of the turn, by the seat whose effect gave them (they
    /// end early if that player is eliminated).
    pub boost: [i8; MAX_PLAYERS],
    /// Damage still prevented this turn, by the seat whose effect gave it.
    pub shield: [u8; MAX_PLAYERS],
    /// Exhausted.
    pub exhausted: bool,
    /// Turn number (global) it entered its controller's territory.
    pub entered: u16,
    /// Attachments: (card id, owner seat); 255 = empty.
    pub att: [(u8, u8); 2],
    /// Curse counters (−1 attack each; see `RULES.md`, "Focus and curse counters").
    pub curse: u8,
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Hero index.
    pub hero: u8,
    /// Loadout (deck) index.
    pub loadout: u8,
    /// Health.
    pub health: i16,
    /// Gold.
    pub gold: u16,
    /// Production rating.
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
    pub armor_used: u8,
    /// Damage still prevented on the hero this turn, by the seat whose effect gave it.
    pub shield: [u8; MAX_PLAYERS],
    /// Still in the game.
    pub alive: bool,
    /// Turns begun.
    pub turns: u16,
    /// Hand (card ids).
    pub hand: ArrayVec<u8, HAND>,
    /// Territory.
    pub units: ArrayVec<Unit, UNITS>,
    /// Card-usage bits (see `RULES.md`).
    pub drawn: u64,
    /// Opening bits.
    pub opening: u64,
    /// Played bits.
    pub played: u64,
    /// Focus counters on the hero.
    pub focus: u8,
    /// Curse counters on the hero (damage at the start of the player's turn).
    pub curse: u8,
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

/// A pending maneuver or triggered effect.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub targets: ArrayVec<u16, 4>,
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
    pub prevented: u8,
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
    pub armor_left: u8,
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
    /// The player with priority: the maneuver phase or a response window.
    Window(u8),
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

/// An item being resolved (it may wait for choices).
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug)]
pub struct AllegianceState {
    pub(super) shared: &'static Shared,
    /// Players by seat.
    pub players: ArrayVec<Player, MAX_PLAYERS>,
    /// Shared decks (basic, elite, action); the top is the last entry.
    pub decks: [ArrayVec<u8, DECK>; 3],
    /// Discard piles; the top is the last entry.
    pub discards: [ArrayVec<u8, DECK>; 3],
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
    pub(super) rng: GameRng,
    pub(super) logging: bool,
    pub(super) log: Vec<String>,
    /// Static-ability ops in play (a count kept by [`AllegianceState::statics_changed`]; when
    /// 0, attack, maximum health and armor skip the scan for static abilities).
    pub statics: u16,
    /// The same count by kind: attack (`boost`), maximum health, armor, enlist cost, action
    /// cost.
    pub static_kinds: [u16; 5],
}

impl PartialEq for AllegianceState {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::eq(self.shared, o.shared)
            && self.players == o.players
            && self.decks == o.decks
            && self.discards == o.discards
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
            && self.rng == o.rng
    }
}

macro_rules! log {
    ($s:expr, $($arg:tt)*) => {
        if $s.logging {
            let line = format!($($arg)*);
            $s.log.push(line);
        }
    };
}

impl AllegianceState {
    // ----- set-up ---------------------------------------------------------------------------

    pub(super) fn deal(shared: &'static Shared, seating: &[u8], mut rng: GameRng) -> Self {
        let db = &shared.db;
        let mut decks: [ArrayVec<u8, DECK>; 3] = Default::default();
        for (d, list) in decks.iter_mut().zip(&shared.decks) {
            d.extend(list.iter().copied());
        }
        for d in decks.iter_mut() {
            d.shuffle(&mut rng);
        }
        let r = &shared.rules;
        let mut players = ArrayVec::new();
        for &l in seating {
            let lo = &shared.loadouts[l as usize];
            let hero = &db.heroes[lo.hero as usize];
            let mut cd = [-1i8; ABILITIES];
            // The initial ability starts unlocked unless a card edit removed it.
            let initial = lo.disabled & 1 == 0;
            cd[0] = if initial { 0 } else { -1 };
            players.push(Player {
                hero: lo.hero,
                loadout: l,
                health: hero.max_health as i16,
                gold: r.start_gold,
                prod: r.start_production,
                cd,
                weapon: 0,
                armor: 0,
                weapon_exh: false,
                armor_exh: false,
                armor_used: 0,
                shield: [0; MAX_PLAYERS],
                alive: true,
                turns: 0,
                hand: ArrayVec::new(),
                units: ArrayVec::new(),
                drawn: initial as u64,
                opening: initial as u64,
                played: 0,
                focus: 0,
                curse: 0,
            });
        }
        let mut s = AllegianceState {
            shared,
            players,
            decks,
            discards: Default::default(),
            chain: ArrayVec::new(),
            trigs: ArrayVec::new(),
            banished: ArrayVec::new(),
            building: None,
            res: None,
            battle: None,
            phase: Phase::Setup,
            cur: 0,
            prio: 0,
            passes: 0,
            dec: Dec::Auto,
            turn: 0,
            maneuvers: 0,
            actions: 0,
            next_uid: 0,
            result: None,
            rng,
            logging: false,
            log: Vec::new(),
            statics: 0,
            static_kinds: [0; 5],
        };
        for p in 0..s.n() {
            let necro = s.hero(p).necromancer;
            let pattern: &[usize] = if necro { &[2, 2] } else { &[0, 0, 1, 2] };
            for &d in pattern {
                s.draw_card(p, d, true);
            }
        }
        s.setup_next(0, false);
        s
    }

    /// Set-up face choices from seat `p` on (`armor`: the weapon of `p` is settled); starts
    /// the first turn when every seat has its faces.
    fn setup_next(&mut self, mut p: usize, mut armor: bool) {
        // The faces chosen so far may have static abilities.
        self.recount_statics();
        while p < self.n() {
            let lo = &self.shared.loadouts[self.players[p].loadout as usize];
            let hero = self.hero(p);
            if !armor {
                match lo.weapon {
                    Some(w) => self.players[p].weapon = w,
                    None if hero.weapons.len() > 1 => {
                        self.dec = Dec::SetupFace(p as u8, false);
                        return;
                    }
                    None => {}
                }
            }
            match lo.armor {
                Some(a) => self.players[p].armor = a,
                None if hero.armors.len() > 1 => {
                    self.dec = Dec::SetupFace(p as u8, true);
                    return;
                }
                None => {}
            }
            p += 1;
            armor = false;
        }
        let _ = armor;
        for p in 0..self.n() {
            let bits = self.weapon_bit(p, self.players[p].weapon)
                | self.armor_bit(p, self.players[p].armor);
            let pl = &mut self.players[p];
            pl.opening |= bits;
            pl.drawn |= bits;
        }
        self.dec = Dec::Auto;
        self.statics_changed();
        self.start_turn(0);
    }

    // ----- helpers ---------------------------------------------------------------------------

    /// Number of players.
    #[inline]
    pub fn n(&self) -> usize {
        self.players.len()
    }

    #[inline]
    fn db(&self) -> &'static CardDb {
        &self.shared.db
    }

    /// The card tables.
    pub fn db_ref(&self) -> &'static CardDb {
        &self.shared.db
    }

    /// The hero of seat `p`.
    pub fn hero(&self, p: usize) -> &'static super::cards::Hero {
        &self.shared.db.heroes[self.players[p].hero as usize]
    }

    fn fmt(&self) -> Format {
        if self.n() == 2 {
            Format::Ffa
        } else {
            self.shared.rules.format
        }
    }

    /// Whether `a` and `b` are opponents (both alive).
    pub fn opponents(&self, a: usize, b: usize) -> bool {
        a != b
            && self.players[a].alive
            && self.players[b].alive
            && !(self.fmt() == Format::Team && a % 2 == b % 2)
    }

    fn alive_count(&self) -> u8 {
        self.players.iter().filter(|p| p.alive).count() as u8
    }

    fn next_alive(&self, p: u8) -> u8 {
        let n = self.n() as u8;
        let mut q = p;
        for _ in 0..n {
            q = (q + 1) % n;
            if self.players[q as usize].alive {
                return q;
            }
        }
        p
    }

    /// Locate a unit by uid: (seat, slot).
    pub fn find_unit(&self, uid: u16) -> Option<(usize, usize)> {
        for (p, pl) in self.players.iter().enumerate() {
            if let Some(i) = pl.units.iter().position(|u| u.uid == uid) {
                return Some((p, i));
            }
        }
        None
    }

    /// Effective attack of a unit (curse counters and static abilities included).
    pub fn power(&self, u: &Unit) -> i16 {
        self.db().card(u.card).attack as i16
            + u.aug as i16
            + u.boost.iter().map(|&b| b as i16).sum::<i16>()
            - u.curse as i16
            + self.static_unit_mod(OpCode::Boost, u.uid)
    }

    /// Effective maximum health of a unit (static abilities included).
    pub fn max_hp(&self, u: &Unit) -> i16 {
        self.db().card(u.card).health as i16
            + u.aug as i16
            + self.static_unit_mod(OpCode::Health, u.uid)
    }

    fn weapon_power(&self, p: usize) -> i16 {
        self.hero(p).weapons[self.players[p].weapon as usize].value as i16
    }

    fn armor_rating(&self, p: usize) -> u8 {
        let v = self.hero(p).armors[self.players[p].armor as usize].value;
        if self.static_kinds[static_kind(OpCode::Armor)] == 0 {
            v
        } else {
            (v as i16 + self.static_armor_mod(p)).clamp(0, 99) as u8
        }
    }

    fn first_turn_two_player(&self, p: usize) -> bool {
        self.n() == 2 && p == 0 && self.players[0].turns == 1 && self.shared.rules.first_turn_rule
    }

    fn necro_in_game(&self, p: usize) -> bool {
        self.players[p].alive && self.hero(p).necromancer
    }

    fn weapon_bit(&self, p: usize, face: u8) -> u64 {
        let _ = p;
        1u64 << (8 + face)
    }

    fn armor_bit(&self, p: usize, face: u8) -> u64 {
        1u64 << (8 + self.hero(p).weapons.len() as u8 + face)
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    // ----- decks -----------------------------------------------------------------------------

    /// Refill deck `d` from its discard pile if it is empty. Returns whether it has a card.
    fn ensure(&mut self, d: usize) -> bool {
        if self.decks[d].is_empty() {
            let keep = self.shared.rules.reshuffle_keep as usize;
            let n = self.discards[d].len();
            if n > keep {
                let moved = n - keep;
                for i in 0..moved {
                    let c = self.discards[d][i];
                    self.decks[d].push(c);
                }
                self.discards[d].drain(..moved);
                self.decks[d].shuffle(&mut self.rng);
                log!(self, "deck {} reshuffled ({} cards)", DECK_NAMES[d], moved);
            }
        }
        !self.decks[d].is_empty()
    }

    fn can_draw_from(&self, d: usize) -> bool {
        !self.decks[d].is_empty()
            || self.discards[d].len() > self.shared.rules.reshuffle_keep as usize
    }

    /// Draw the top card of deck `d` for `p` (the Necromancer mills unit decks instead).
    fn draw_card(&mut self, p: usize, d: usize, setup: bool) {
        if !self.ensure(d) {
            return;
        }
        if d < 2 && self.necro_in_game(p) && !setup {
            let c = self.decks[d].pop().expect("ensured");
            self.discards[d].push(c);
            log!(
                self,
                "P{p} (Necromancer) puts {} into the discard pile",
                self.db().card(c).name
            );
            return;
        }
        if self.players[p].hand.is_full() {
            return;
        }
        let c = self.decks[d].pop().expect("ensured");
        self.players[p].hand.push(c);
        log!(self, "P{p} draws a {} card", DECK_NAMES[d]);
    }

    fn draw_options(&self, p: usize, out: &mut ActionBuf) {
        if self.players[p].hand.is_full() && !self.hero(p).necromancer {
            return;
        }
        for d in 0..3 {
            if self.can_draw_from(d) {
                out.push(Action(DRAW + d as u16));
            }
        }
    }

    fn mill_options(&self, out: &mut ActionBuf) {
        for d in 0..2 {
            if self.can_draw_from(d) {
                out.push(Action(DRAW + d as u16));
            }
        }
    }

    // ----- turn structure --------------------------------------------------------------------

    fn start_turn(&mut self, p: u8) {
        let pu = p as usize;
        self.cur = p;
        self.turn += 1;
        self.maneuvers = 0;
        self.phase = Phase::Main;
        for pl in self.players.iter_mut() {
            pl.armor_used = 0;
        }
        self.players[pu].turns += 1;
        if self.players[pu].curse > 0 && !self.curse_at_turn_start(pu) {
            return;
        }
        self.return_banished(Some(p));
        let first = self.first_turn_two_player(pu);
        let pl = &mut self.players[pu];
        if !first {
            pl.prod = pl.prod.saturating_add(1).min(999);
        }
        pl.gold = pl.gold.saturating_add(pl.prod).min(9999);
        for c in pl.cd.iter_mut() {
            if *c > 0 {
                *c -= 1;
            }
        }
        pl.weapon_exh = false;
        pl.armor_exh = false;
        for u in pl.units.iter_mut() {
            u.exhausted = false;
        }
        log!(
            self,
            "turn {} P{p}: production {}, gold {}",
            self.turn,
            self.players[pu].prod,
            self.players[pu].gold
        );
        self.prio = p;
        self.passes = 0;
        self.dec = Dec::Auto;
        if !first {
            let mut buf = ActionBuf::new();
            self.draw_options(pu, &mut buf);
            match buf.len() {
                0 => {}
                1 => self.draw_card(pu, (buf[0].0 - DRAW) as usize, false),
                _ => self.dec = Dec::DrawPhase(p),
            }
        }
    }

    fn end_turn_cleanup(&mut self) {
        self.return_banished(None);
        for pl in self.players.iter_mut() {
            pl.shield = [0; MAX_PLAYERS];
            for u in pl.units.iter_mut() {
                u.boost = [0; MAX_PLAYERS];
                u.shield = [0; MAX_PLAYERS];
            }
        }
        if self.turn >= self.shared.rules.max_turns {
            let mut results = [PlayerResult::Draw; MAX_PLAYERS];
            for (i, pl) in self.players.iter().enumerate() {
                results[i] = if pl.alive {
                    PlayerResult::Draw
                } else {
                    PlayerResult::Loss
                };
            }
            self.result = Some(Outcome {
                results,
                players: self.n() as u8,
                end: EndReason::TurnLimit,
            });
            self.dec = Dec::Auto;
            return;
        }
        let next = self.next_alive(self.cur);
        self.start_turn(next);
    }

    /// All players passed with an empty chain: move to the next step.
    fn step_forward(&mut self) {
        self.passes = 0;
        self.prio = self.cur;
        if let Some(b) = &mut self.battle {
            match b.step {
                BStep::AfterDeclare => {
                    b.step = BStep::Assign;
                    b.pick = NONE;
                    let d = b.def;
                    if self.defender_options_exist() {
                        self.dec = Dec::Defenders(d);
                    } else {
                        self.battle.as_mut().expect("battle").step = BStep::AfterAssign;
                    }
                }
                BStep::AfterAssign => self.battle_damage(),
                BStep::AfterDamage => self.battle = None,
                BStep::Declare | BStep::Assign | BStep::Armor => {}
            }
            return;
        }
        match self.phase {
            Phase::Main => {
                self.phase = Phase::End;
                let p = self.cur as usize;
                self.collect_endturn(p);
            }
            Phase::End => self.end_turn_cleanup(),
            Phase::Setup => {}
        }
    }

    fn collect_endturn(&mut self, p: usize) {
        let db = self.db();
        let hero = self.hero(p);
        let w = &hero.weapons[self.players[p].weapon as usize].effects;
        self.own_trigs(p, 0, WEAPON, w, Trigger::EndTurn);
        let a = &hero.armors[self.players[p].armor as usize].effects;
        self.own_trigs(p, 0, ARMOR, a, Trigger::EndTurn);
        for i in 0..self.players[p].units.len() {
            let u = self.players[p].units[i];
            self.own_trigs(p, u.card, u.uid, &db.card(u.card).effects, Trigger::EndTurn);
            for (c, owner) in u.att {
                if c == 255 {
                    continue;
                }
                self.attached_trigs(c, owner, u.uid, Trigger::EndTurn);
            }
        }
    }

    /// Collect the `trigger` effects among `effects` of a card of `who` (`card` for labels,
    /// `src` its uid or [`WEAPON`]/[`ARMOR`]/[`NONE`]).
    fn own_trigs(&mut self, who: usize, card: u8, src: u16, effects: &[u16], trigger: Trigger) {
        let db = self.db();
        for &e in effects {
            if db.effect(e).trigger == trigger {
                self.add_trig(Trig {
                    who: who as u8,
                    card,
                    effect: e,
                    src,
                    host: NONE,
                });
            }
        }
    }

    /// Collect the `trigger` effects an attachment `c` (owned by `owner`) has on unit `host`.
    fn attached_trigs(&mut self, c: u8, owner: u8, host: u16, trigger: Trigger) {
        let db = self.db();
        let card = db.card(c);
        // An attached action card's first effect is the one that attached it.
        let skip = usize::from(card.kind == Kind::Action);
        for &e in card.effects.iter().skip(skip) {
            if db.effect(e).trigger == trigger {
                self.add_trig(Trig {
                    who: owner,
                    card: c,
                    effect: e,
                    src: NONE,
                    host,
                });
            }
        }
    }

    fn add_trig(&mut self, t: Trig) {
        if !self.trigs.is_full() {
            self.trigs.push(t);
        }
    }

    // ----- the advance loop ------------------------------------------------------------------

    /// Run the engine until a player must decide or the game is over.
    pub(super) fn advance(&mut self) {
        while self.result.is_none() && self.dec == Dec::Auto {
            if !self.players[self.cur as usize].alive {
                // The current player was eliminated: their turn ends at once.
                self.chain.clear();
                self.trigs.clear();
                self.building = None;
                self.res = None;
                self.battle = None;
                self.phase = Phase::End;
                self.end_turn_cleanup();
                continue;
            }
            if self.res.is_some() {
                self.run_res();
                continue;
            }
            if !self.trigs.is_empty() {
                self.place_trigger();
                continue;
            }
            if !self.players[self.prio as usize].alive {
                self.prio = self.next_alive(self.prio);
            }
            let p = self.prio as usize;
            if self.is_main_window() || self.has_reaction(p) {
                self.dec = Dec::Window(p as u8);
                return;
            }
            self.pass();
        }
    }

    fn pass(&mut self) {
        self.passes += 1;
        if self.passes >= self.alive_count() {
            self.passes = 0;
            if let Some(it) = self.chain.pop() {
                self.prio = self.cur;
                self.begin_resolve(it);
            } else {
                self.step_forward();
            }
        } else {
            self.prio = self.next_alive(self.prio);
        }
    }

    fn is_main_window(&self) -> bool {
        self.phase == Phase::Main
            && self.chain.is_empty()
            && self.battle.is_none()
            && self.prio == self.cur
            && self.passes == 0
    }

    fn cap_reached(&self) -> bool {
        self.maneuvers >= self.shared.rules.max_maneuvers || self.chain.is_full()
    }

    // ----- triggers --------------------------------------------------------------------------

    /// Put the next pending trigger on the chain (current player first, then turn order; a
    /// player with several chooses the order).
    fn place_trigger(&mut self) {
        let n = self.n() as u8;
        for k in 0..n {
            let p = (self.cur + k) % n;
            let count = self.trigs.iter().filter(|t| t.who == p).count();
            if count == 0 {
                continue;
            }
            if count > 1 {
                self.dec = Dec::TrigOrder(p);
                return;
            }
            let i = self.trigs.iter().position(|t| t.who == p).expect("counted");
            self.take_trigger(i);
            return;
        }
        self.trigs.clear();
    }

    fn take_trigger(&mut self, i: usize) {
        let t = self.trigs.remove(i);
        if !self.players[t.who as usize].alive || self.cap_reached() {
            return;
        }
        if t.host != NONE && self.find_unit(t.host).is_none() {
            return;
        }
        let item = Item {
            kind: ItemKind::Trigger,
            who: t.who,
            card: t.card,
            arg: 0,
            effect: t.effect,
            src: t.src,
            host: t.host,
            targets: ArrayVec::new(),
        };
        self.announce(item);
    }

    // ----- announcing ------------------------------------------------------------------------

    /// Start target selection for `item` (costs already paid), or put it on the chain.
    fn announce(&mut self, item: Item) {
        let who = item.who;
        self.pay_focus(&item);
        if item.effect != NO_EFFECT && self.db().effect(item.effect).target.is_some() {
            let e = self.db().effect(item.effect);
            let mut buf = ActionBuf::new();
            self.target_options(who as usize, e, &item.targets, &mut buf);
            if buf.is_empty() {
                if e.min_targets > 0 {
                    // Only triggers get here (maneuvers are offered only with a target).
                    return;
                }
                self.push_chain(item);
                return;
            }
            self.building = Some(item);
            self.dec = Dec::Target(who);
            return;
        }
        self.push_chain(item);
    }

    fn push_chain(&mut self, item: Item) {
        log!(self, "P{} announces {}", item.who, self.item_text(&item));
        self.prio = item.who;
        self.passes = 0;
        self.maneuvers += 1;
        self.chain.push(item);
        self.dec = Dec::Auto;
    }

    fn target_options(&self, who: usize, e: &Effect, chosen: &[u16], out: &mut ActionBuf) {
        let Some(k) = e.target else { return };
        let units = matches!(
            k,
            TargetKind::Unit
                | TargetKind::Ally
                | TargetKind::Foe
                | TargetKind::Any
                | TargetKind::FoeAny
        );
        let heroes = matches!(
            k,
            TargetKind::Hero | TargetKind::FoeHero | TargetKind::Any | TargetKind::FoeAny
        );
        let foe_only = matches!(
            k,
            TargetKind::Foe | TargetKind::FoeHero | TargetKind::FoeAny
        );
        for (s, pl) in self.players.iter().enumerate() {
            if !pl.alive {
                continue;
            }
            let ok = match k {
                TargetKind::Ally => s == who,
                _ if foe_only => self.opponents(who, s),
                _ => true,
            };
            if !ok {
                continue;
            }
            if units {
                for (i, u) in pl.units.iter().enumerate() {
                    if !chosen.contains(&u.uid) {
                        out.push(Action(TGT + (s * UNITS + i) as u16));
                    }
                }
            }
            if heroes && !chosen.contains(&(HERO_BIT | s as u16)) {
                out.push(Action(TGT_HERO + s as u16));
            }
        }
    }

    fn has_targets(&self, who: usize, effect: u16) -> bool {
        let e = self.db().effect(effect);
        // A focus-counter cost is checked with the targets (both at announcement).
        if e.cost_focus > self.players[who].focus {
            return false;
        }
        if e.min_targets == 0 {
            return true;
        }
        let Some(k) = e.target else { return true };
        let units = !matches!(k, TargetKind::Hero | TargetKind::FoeHero);
        let heroes = matches!(
            k,
            TargetKind::Hero | TargetKind::FoeHero | TargetKind::Any | TargetKind::FoeAny
        );
        let foe_only = matches!(
            k,
            TargetKind::Foe | TargetKind::FoeHero | TargetKind::FoeAny
        );
        self.players.iter().enumerate().any(|(s, pl)| {
            pl.alive
                && match k {
                    TargetKind::Ally => s == who,
                    _ if foe_only => self.opponents(who, s),
                    _ => true,
                }
                && (heroes || (units && !pl.units.is_empty()))
        })
    }

    // ----- legal actions ---------------------------------------------------------------------

    /// Reaction maneuvers of `p` now (into `out`); returns whether there is any.
    fn reactions(&self, p: usize, out: &mut ActionBuf) {
        self.reactions_until(p, out, false);
    }

    /// The reactions of `p` into `out`; with `first`, stop at the first one found.
    fn reactions_until(&self, p: usize, out: &mut ActionBuf, first: bool) {
        if self.cap_reached() || !self.players[p].alive {
            return;
        }
        let db = self.db();
        let pl = &self.players[p];
        let am = self.cost_mod(p, OpCode::ActionCost);
        let hand: &[u8] = if pl.gold < eff_cost(db.min_action_cost, am) {
            &[]
        } else {
            &pl.hand
        };
        for (i, &c) in hand.iter().enumerate() {
            let card = db.card(c);
            if card.kind != Kind::Action {
                continue;
            }
            if eff_cost(card.cost, am) <= pl.gold && self.has_targets(p, card.effects[0]) {
                out.push(Action(HAND_A + 2 * i as u16));
            }
            if let Some((_, cost, e)) = &card.half {
                if eff_cost(*cost, am) <= pl.gold && self.has_targets(p, *e) {
                    out.push(Action(HAND_A + 2 * i as u16 + 1));
                }
            }
            if first && !out.is_empty() {
                return;
            }
        }
        let hero = self.hero(p);
        for (i, a) in hero.abilities.iter().enumerate() {
            if a.reaction && pl.cd[i] == 0 && self.has_targets(p, a.effect) {
                out.push(Action(USE + i as u16));
            }
        }
        for (i, u) in pl.units.iter().enumerate() {
            if let Some(e) = self.act_effect(&db.card(u.card).effects) {
                if self.can_activate(p, e, u.exhausted) {
                    out.push(Action(ACT + i as u16));
                }
            }
        }
        if let Some(e) = self.act_effect(&hero.weapons[pl.weapon as usize].effects) {
            if self.can_activate(p, e, pl.weapon_exh) {
                out.push(Action(ACT + UNITS as u16));
            }
        }
        if let Some(e) = self.act_effect(&hero.armors[pl.armor as usize].effects) {
            if self.can_activate(p, e, pl.armor_exh) {
                out.push(Action(ACT + UNITS as u16 + 1));
            }
        }
    }

    fn act_effect(&self, effects: &[u16]) -> Option<u16> {
        effects
            .iter()
            .copied()
            .find(|&e| self.db().effect(e).trigger == Trigger::Act)
    }

    fn can_activate(&self, p: usize, e: u16, exhausted: bool) -> bool {
        let ef = self.db().effect(e);
        !(ef.cost_exhaust && exhausted)
            && ef.cost_gold as u16 <= self.players[p].gold
            && self.has_targets(p, e)
    }

    fn has_reaction(&self, p: usize) -> bool {
        let mut buf = ActionBuf::new();
        self.reactions_until(p, &mut buf, true);
        !buf.is_empty()
    }

    fn main_maneuvers(&self, p: usize, out: &mut ActionBuf) {
        if self.cap_reached() {
            return;
        }
        let db = self.db();
        let pl = &self.players[p];
        let hero = self.hero(p);
        let um = self.cost_mod(p, OpCode::EnlistCost);
        for (i, &c) in pl.hand.iter().enumerate() {
            let card = db.card(c);
            if card.kind.is_unit() && eff_cost(card.cost, um) <= pl.gold && !pl.units.is_full() {
                out.push(Action(HAND_A + 2 * i as u16));
            }
        }
        // Abilities a card edit removed from the loadout can never be unlocked.
        let removed = self.shared.loadouts[pl.loadout as usize].disabled;
        for (i, a) in hero.abilities.iter().enumerate() {
            if pl.cd[i] < 0 {
                if removed & (1 << i) != 0 {
                    continue;
                }
                let prereq = a.level == 0
                    || hero
                        .abilities
                        .iter()
                        .enumerate()
                        .any(|(j, b)| b.level + 1 == a.level && pl.cd[j] >= 0);
                if prereq && a.cost as u16 <= pl.gold {
                    out.push(Action(UNLOCK + i as u16));
                }
            } else if pl.cd[i] == 0 && !a.reaction && self.has_targets(p, a.effect) {
                out.push(Action(USE + i as u16));
            }
        }
        if self.has_attacker(p) {
            for q in 0..self.n() {
                if self.opponents(p, q) {
                    out.push(Action(BATTLE + q as u16));
                }
            }
        }
    }

    fn weapon_may_attack(&self, p: usize) -> bool {
        let pl = &self.players[p];
        if pl.weapon_exh {
            return false;
        }
        if self.n() == 2 {
            !self.first_turn_two_player(p)
        } else {
            pl.turns > 1
        }
    }

    fn unit_may_attack(&self, u: &Unit) -> bool {
        !u.exhausted && u.entered != self.turn
    }

    fn has_attacker(&self, p: usize) -> bool {
        self.weapon_may_attack(p)
            || self.players[p]
                .units
                .iter()
                .any(|u| self.unit_may_attack(u))
    }

    fn defender_options_exist(&self) -> bool {
        let Some(b) = &self.battle else { return false };
        let d = &self.players[b.def as usize];
        let free_def = d
            .units
            .iter()
            .any(|u| !u.exhausted && !b.attackers.iter().any(|a| a.blocker == u.uid));
        let free_att = b
            .attackers
            .iter()
            .any(|a| a.blocker == NONE && (a.uid == WEAPON || self.find_unit(a.uid).is_some()));
        free_def && free_att
    }

    /// The legal actions now.
    pub(super) fn legal(&self, out: &mut ActionBuf) {
        out.clear();
        if self.result.is_some() {
            return;
        }
        match self.dec {
            Dec::Auto => {}
            Dec::Window(p) => {
                out.push(Action(PASS));
                if self.is_main_window() {
                    self.main_maneuvers(p as usize, out);
                }
                self.reactions(p as usize, out);
                out.sort_unstable();
            }
            Dec::SetupFace(p, armor) => {
                let h = self.hero(p as usize);
                let k = if armor {
                    h.armors.len()
                } else {
                    h.weapons.len()
                };
                for i in 0..k {
                    out.push(Action(FACE + i as u16));
                }
            }
            Dec::DrawPhase(p) => self.draw_options(p as usize, out),
            Dec::Target(p) => {
                let item = self.building.as_ref().expect("building");
                let e = self.db().effect(item.effect);
                if item.targets.len() >= e.min_targets as usize {
                    out.push(Action(PASS));
                }
                self.target_options(p as usize, e, &item.targets, out);
            }
            Dec::Attackers(p) => {
                out.push(Action(PASS));
                let b = self.battle.as_ref().expect("battle");
                let pl = &self.players[p as usize];
                for (i, u) in pl.units.iter().enumerate() {
                    if self.unit_may_attack(u) {
                        out.push(Action(ATK + i as u16));
                    }
                }
                if self.weapon_may_attack(p as usize)
                    && !b.attackers.iter().any(|a| a.uid == WEAPON)
                {
                    out.push(Action(ATK + UNITS as u16));
                }
            }
            Dec::Defenders(p) => {
                let b = self.battle.as_ref().expect("battle");
                if b.pick == NONE {
                    out.push(Action(PASS));
                    for (i, u) in self.players[p as usize].units.iter().enumerate() {
                        if !u.exhausted && !b.attackers.iter().any(|a| a.blocker == u.uid) {
                            out.push(Action(DEF + i as u16));
                        }
                    }
                } else {
                    for (i, a) in b.attackers.iter().enumerate() {
                        if a.blocker == NONE && (a.uid == WEAPON || self.find_unit(a.uid).is_some())
                        {
                            out.push(Action(BLOCK + i as u16));
                        }
                    }
                }
            }
            Dec::TrigOrder(p) => {
                for (i, t) in self.trigs.iter().enumerate() {
                    if t.who == p {
                        out.push(Action(TRIG + i as u16));
                    }
                }
            }
            Dec::Choose(p, c) => self.choice_options(p as usize, c, out),
            Dec::ArmorSplit(_) => self.split_options(out),
        }
    }

    fn choice_options(&self, p: usize, c: Choice, out: &mut ActionBuf) {
        let pl = &self.players[p];
        match c {
            Choice::Draw => self.draw_options(p, out),
            Choice::Mill => self.mill_options(out),
            Choice::Raise | Choice::Recycle => {
                if c == Choice::Recycle {
                    out.push(Action(PASS));
                }
                let which = self.res_op().map(|o| o.n).unwrap_or(2);
                let piles: &[usize] = match (c, which) {
                    (Choice::Raise, 0) => &[0],
                    (Choice::Raise, 1) => &[1],
                    _ => &[0, 1],
                };
                let mut seen = [false; 256];
                for &d in piles {
                    for &card in &self.discards[d] {
                        if !seen[card as usize] {
                            seen[card as usize] = true;
                            out.push(Action(CARD + card as u16));
                        }
                    }
                }
                out[..].sort_unstable();
            }
            Choice::Discard => {
                for i in 0..pl.hand.len() {
                    out.push(Action(HAND_A + 2 * i as u16));
                }
            }
            Choice::Weapon | Choice::Armor => {
                let h = self.hero(p);
                let k = if c == Choice::Armor {
                    h.armors.len()
                } else {
                    h.weapons.len()
                };
                for i in 0..k {
                    out.push(Action(FACE + i as u16));
                }
            }
            Choice::Sacrifice => {
                out.push(Action(PASS));
                for i in 0..pl.units.len() {
                    out.push(Action(OWN + i as u16));
                }
            }
            Choice::Ready => {
                let skip = self.res.as_ref().map(|r| (r.item.kind, r.item.arg));
                for (i, &cd) in pl.cd.iter().enumerate() {
                    if cd > 0 && skip != Some((ItemKind::Ability, i as u8)) {
                        out.push(Action(ABIL + i as u16));
                    }
                }
            }
        }
    }

    // ----- applying --------------------------------------------------------------------------

    /// Apply a legal action.
    pub(super) fn play(&mut self, a: Action) {
        self.actions += 1;
        let a = a.0;
        match self.dec {
            Dec::Auto => {}
            Dec::Window(p) => {
                self.dec = Dec::Auto;
                self.window_action(p as usize, a);
            }
            Dec::SetupFace(p, armor) => {
                let pu = p as usize;
                let f = (a - FACE) as u8;
                self.dec = Dec::Auto;
                if armor {
                    self.players[pu].armor = f;
                    self.setup_next(pu + 1, false);
                } else {
                    self.players[pu].weapon = f;
                    self.setup_next(pu, true);
                }
            }
            Dec::DrawPhase(p) => {
                self.dec = Dec::Auto;
                self.draw_card(p as usize, (a - DRAW) as usize, false);
            }
            Dec::Target(p) => {
                let mut item = self.building.take().expect("building");
                if a == PASS {
                    self.push_chain(item);
                } else {
                    item.targets.push(self.target_id(a));
                    let e = self.db().effect(item.effect);
                    let mut buf = ActionBuf::new();
                    self.target_options(p as usize, e, &item.targets, &mut buf);
                    if item.targets.len() >= e.max_targets as usize || buf.is_empty() {
                        self.push_chain(item);
                    } else {
                        self.building = Some(item);
                    }
                }
            }
            Dec::Attackers(p) => self.declare(p as usize, a),
            Dec::Defenders(p) => self.assign(p as usize, a),
            Dec::TrigOrder(_) => {
                self.dec = Dec::Auto;
                self.take_trigger((a - TRIG) as usize);
            }
            Dec::Choose(p, c) => {
                self.dec = Dec::Auto;
                self.apply_choice(p as usize, c, a);
            }
            Dec::ArmorSplit(_) => {
                self.dec = Dec::Auto;
                self.split_point((a - SPLIT) as usize);
                self.continue_split();
            }
        }
        self.advance();
    }

    fn target_id(&self, a: u16) -> u16 {
        if a >= TGT_HERO {
            HERO_BIT | (a - TGT_HERO)
        } else {
            let k = (a - TGT) as usize;
            self.players[k / UNITS].units[k % UNITS].uid
        }
    }

    fn window_action(&mut self, p: usize, a: u16) {
        let db = self.db();
        let blank = |kind, who: usize, card, arg, effect, src| Item {
            kind,
            who: who as u8,
            card,
            arg,
            effect,
            src,
            host: NONE,
            targets: ArrayVec::new(),
        };
        match a {
            PASS => self.pass(),
            _ if (HAND_A..USE).contains(&a) => {
                let i = ((a - HAND_A) / 2) as usize;
                let half = (a - HAND_A) % 2;
                let c = self.players[p].hand.remove(i);
                let card = db.card(c);
                if card.kind.is_unit() {
                    self.players[p].gold -=
                        eff_cost(card.cost, self.cost_mod(p, OpCode::EnlistCost));
                    self.push_chain(blank(ItemKind::Enlist, p, c, 0, NO_EFFECT, NONE));
                } else {
                    let (cost, e) = match (&card.half, half) {
                        (Some((_, cost, e)), 1) => (*cost, *e),
                        _ => (card.cost, card.effects[0]),
                    };
                    self.players[p].gold -= eff_cost(cost, self.cost_mod(p, OpCode::ActionCost));
                    self.announce(blank(ItemKind::Action, p, c, half as u8, e, NONE));
                }
            }
            _ if (USE..UNLOCK).contains(&a) => {
                let i = (a - USE) as usize;
                let ab = &self.hero(p).abilities[i];
                self.players[p].cd[i] = ab.delay as i8;
                self.players[p].played |= 1 << i;
                self.announce(blank(ItemKind::Ability, p, 0, i as u8, ab.effect, NONE));
            }
            _ if (UNLOCK..BATTLE).contains(&a) => {
                let i = (a - UNLOCK) as usize;
                self.players[p].gold -= self.hero(p).abilities[i].cost as u16;
                self.push_chain(blank(ItemKind::Unlock, p, 0, i as u8, NO_EFFECT, NONE));
            }
            _ if (BATTLE..ACT).contains(&a) => {
                self.push_chain(blank(
                    ItemKind::Battle,
                    p,
                    0,
                    (a - BATTLE) as u8,
                    NO_EFFECT,
                    NONE,
                ));
            }
            _ => {
                // Activated ability.
                let i = (a - ACT) as usize;
                let hero = self.hero(p);
                let pl = &self.players[p];
                let (effects, src, card) = if i < UNITS {
                    let u = pl.units[i];
                    (&db.card(u.card).effects, u.uid, u.card)
                } else if i == UNITS {
                    (&hero.weapons[pl.weapon as usize].effects, WEAPON, 0)
                } else {
                    (&hero.armors[pl.armor as usize].effects, ARMOR, 0)
                };
                let e = self.act_effect(effects).expect("listed");
                let ef = db.effect(e);
                let pl = &mut self.players[p];
                pl.gold -= ef.cost_gold as u16;
                if ef.cost_exhaust {
                    if i < UNITS {
                        pl.units[i].exhausted = true;
                    } else if i == UNITS {
                        pl.weapon_exh = true;
                    } else {
                        pl.armor_exh = true;
                    }
                }
                self.announce(blank(ItemKind::Trigger, p, card, 0, e, src));
            }
        }
    }

    // ----- battles ---------------------------------------------------------------------------

    fn declare(&mut self, p: usize, a: u16) {
        if a == PASS {
            let b = self.battle.as_mut().expect("battle");
            if b.attackers.is_empty() {
                self.battle = None;
            } else {
                b.step = BStep::AfterDeclare;
            }
            self.dec = Dec::Auto;
            self.prio = self.cur;
            self.passes = 0;
            return;
        }
        let i = (a - ATK) as usize;
        let db = self.db();
        let (uid, effects) = if i == UNITS {
            self.players[p].weapon_exh = true;
            let f = self.players[p].weapon;
            self.players[p].played |= self.weapon_bit(p, f);
            (WEAPON, &self.hero(p).weapons[f as usize].effects)
        } else {
            let u = &mut self.players[p].units[i];
            u.exhausted = true;
            (u.uid, &db.card(u.card).effects)
        };
        let card = if uid == WEAPON {
            0
        } else {
            self.players[p].units[i].card
        };
        self.own_trigs(p, card, uid, effects, Trigger::Attack);
        if uid != WEAPON {
            for (c, owner) in self.players[p].units[i].att {
                if c != 255 {
                    self.attached_trigs(c, owner, uid, Trigger::Attack);
                }
            }
        }
        self.battle.as_mut().expect("battle").attackers.push(Att {
            uid,
            blocker: NONE,
            prevented: 0,
        });
        let mut buf = ActionBuf::new();
        self.legal(&mut buf);
        if buf.len() == 1 {
            self.declare(p, PASS);
        }
    }

    fn assign(&mut self, p: usize, a: u16) {
        let b = self.battle.as_mut().expect("battle");
        if a == PASS {
            b.step = BStep::AfterAssign;
            self.dec = Dec::Auto;
            self.prio = self.cur;
            self.passes = 0;
            return;
        }
        if b.pick == NONE {
            b.pick = self.players[p].units[(a - DEF) as usize].uid;
            let mut buf = ActionBuf::new();
            self.legal(&mut buf);
            if buf.len() == 1 {
                self.assign(p, buf[0].0);
            }
            return;
        }
        let b = self.battle.as_mut().expect("battle");
        b.attackers[(a - BLOCK) as usize].blocker = b.pick;
        b.pick = NONE;
        if !self.defender_options_exist() {
            self.assign(p, PASS);
        }
    }

    /// The power an attacker still deals in its battle: `None` if it left play or is no
    /// longer controlled by the attacking player.
    fn attacker_power(&self, ap: usize, uid: u16) -> Option<i16> {
        if uid == WEAPON {
            return Some(self.weapon_power(ap).max(0));
        }
        let (s, i) = self.find_unit(uid)?;
        (s == ap).then(|| self.power(&self.players[s].units[i]).max(0))
    }

    /// Whether attacker `uid` of `ap` has a `hit:` effect (its own, its weapon face's or an
    /// attachment's).
    fn has_hit(&self, ap: usize, uid: u16) -> bool {
        let db = self.db();
        let is_hit = |effects: &[u16], skip: usize| {
            effects
                .iter()
                .skip(skip)
                .any(|&e| db.effect(e).trigger == Trigger::Hit)
        };
        if uid == WEAPON {
            let f = self.players[ap].weapon as usize;
            return is_hit(&self.hero(ap).weapons[f].effects, 0);
        }
        let Some((s, i)) = self.find_unit(uid) else {
            return false;
        };
        let u = &self.players[s].units[i];
        is_hit(&db.card(u.card).effects, 0)
            || u.att.iter().any(|&(c, _)| {
                c != 255
                    && is_hit(
                        &db.card(c).effects,
                        usize::from(db.card(c).kind == Kind::Action),
                    )
            })
    }

    /// The battle damage step: the defender's armor prevention is spread first (a decision
    /// when it matters), then every source deals its damage at once.
    fn battle_damage(&mut self) {
        let b = self.battle.as_ref().expect("battle");
        let (ap, dp) = (b.atk as usize, b.def as usize);
        let mut total: i16 = 0;
        let mut sources = 0;
        let mut hit = false;
        for at in &b.attackers {
            if at.blocker != NONE {
                continue;
            }
            if let Some(power) = self.attacker_power(ap, at.uid).filter(|&p| p > 0) {
                total += power;
                sources += 1;
                hit |= self.has_hit(ap, at.uid);
            }
        }
        let left = if self.players[dp].alive {
            (self
                .armor_rating(dp)
                .saturating_sub(self.players[dp].armor_used) as i16)
                .min(total)
        } else {
            0
        };
        let b = self.battle.as_mut().expect("battle");
        b.armor_left = left.max(0) as u8;
        b.split_from = 0;
        if hit && sources > 1 && total > left && left > 0 {
            // Which source loses its damage decides which `hit:` effects happen.
            b.step = BStep::Armor;
            self.continue_split();
        } else {
            // Nothing depends on the split: prevent in attacker order.
            for k in 0..self.battle.as_ref().expect("battle").attackers.len() {
                let b = self.battle.as_ref().expect("battle");
                let at = b.attackers[k];
                if b.armor_left == 0 {
                    break;
                }
                if at.blocker != NONE {
                    continue;
                }
                let power = self.attacker_power(ap, at.uid).unwrap_or(0);
                let b = self.battle.as_mut().expect("battle");
                let p = (power.max(0) as u8).min(b.armor_left);
                b.attackers[k].prevented = p;
                b.armor_left -= p;
            }
            self.deal_battle_damage();
        }
    }

    /// Attackers that may take the next point of armor prevention: unblocked, with damage not
    /// yet prevented, at or after the last one chosen, and leaving enough room at or after
    /// themselves for the rest of the prevention (the armor prevents all it can).
    fn split_options(&self, out: &mut ActionBuf) {
        out.clear();
        let b = self.battle.as_ref().expect("battle");
        let ap = b.atk as usize;
        let mut room: ArrayVec<i16, { UNITS + 1 }> = ArrayVec::new();
        for at in &b.attackers {
            let r = match (at.blocker, self.attacker_power(ap, at.uid)) {
                (NONE, Some(p)) => (p - at.prevented as i16).max(0),
                _ => 0,
            };
            room.push(r);
        }
        let mut after: i16 = 0;
        let mut ok: ArrayVec<bool, { UNITS + 1 }> = ArrayVec::new();
        for &r in room.iter().rev() {
            after += r;
            ok.push(r > 0 && after >= b.armor_left as i16);
        }
        ok.reverse();
        for (k, &good) in ok.iter().enumerate() {
            if good && k >= b.split_from as usize {
                out.push(Action(SPLIT + k as u16));
            }
        }
    }

    fn split_point(&mut self, k: usize) {
        let b = self.battle.as_mut().expect("battle");
        b.attackers[k].prevented += 1;
        b.armor_left -= 1;
        b.split_from = k as u8;
    }

    /// Armor step: place forced points; ask when there is a choice; deal damage when done.
    fn continue_split(&mut self) {
        let mut buf = ActionBuf::new();
        loop {
            if self.battle.as_ref().expect("battle").armor_left == 0 {
                break;
            }
            self.split_options(&mut buf);
            match buf.len() {
                0 => break,
                1 => self.split_point((buf[0].0 - SPLIT) as usize),
                _ => {
                    let d = self.battle.as_ref().expect("battle").def;
                    self.dec = Dec::ArmorSplit(d);
                    return;
                }
            }
        }
        self.dec = Dec::Auto;
        self.deal_battle_damage();
    }

    fn deal_battle_damage(&mut self) {
        let b = self.battle.clone().expect("battle");
        let (ap, dp) = (b.atk as usize, b.def as usize);
        let mut hits: ArrayVec<(u16, i16), { 2 * (UNITS + 1) }> = ArrayVec::new();
        let mut shares: ArrayVec<(u16, i16), { UNITS + 1 }> = ArrayVec::new();
        let mut hero_total: i16 = 0;
        let mut prevent: i16 = 0;
        for at in &b.attackers {
            let Some(power) = self.attacker_power(ap, at.uid) else {
                continue;
            };
            if at.blocker == NONE {
                hero_total += power;
                prevent += at.prevented as i16;
                shares.push((at.uid, power - at.prevented as i16));
                continue;
            }
            // A defender that left play or changed sides deals and takes nothing; its
            // attacker stays defended against.
            let Some((s, i)) = self.find_unit(at.blocker).filter(|&(s, _)| s == dp) else {
                continue;
            };
            hits.push((at.blocker, power));
            if at.uid != WEAPON {
                let back = self.power(&self.players[s].units[i]).max(0);
                hits.push((at.uid, back));
            }
        }
        log!(
            self,
            "battle damage: {} to the hero of P{dp} before armor",
            hero_total
        );
        for (uid, d) in hits {
            self.damage_unit(uid, d);
        }
        if hero_total > 0 && self.players[dp].alive {
            let pl = &mut self.players[dp];
            pl.armor_used += prevent as u8;
            if prevent > 0 {
                let f = pl.armor;
                let bit = self.armor_bit(dp, f);
                self.players[dp].played |= bit;
            }
            // Damage shields take the sources in attacker order; a source whose damage got
            // through "dealt battle damage" (its `hit:` effects happen).
            let mut dealt: i16 = 0;
            for &(uid, share) in &shares {
                let d = absorb(&mut self.players[dp].shield, share);
                if d > 0 {
                    dealt += d;
                    self.hit_trigs(ap, uid);
                }
            }
            self.damage_hero(dp, dealt);
        }
        if let Some(b) = &mut self.battle {
            b.step = BStep::AfterDamage;
        }
    }

    /// Collect the `hit:` effects of attacker `uid` of `ap`.
    fn hit_trigs(&mut self, ap: usize, uid: u16) {
        if uid == WEAPON {
            let f = self.players[ap].weapon as usize;
            self.own_trigs(
                ap,
                0,
                WEAPON,
                &self.hero(ap).weapons[f].effects,
                Trigger::Hit,
            );
            return;
        }
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        let u = self.players[s].units[i];
        self.own_trigs(
            s,
            u.card,
            uid,
            &self.db().card(u.card).effects,
            Trigger::Hit,
        );
        for (c, owner) in u.att {
            if c != 255 {
                self.attached_trigs(c, owner, uid, Trigger::Hit);
            }
        }
    }

    // ----- damage and zones ------------------------------------------------------------------

    /// Deal `d` damage to unit `uid` (shield first); destroys it at lethal damage.
    pub fn damage_unit(&mut self, uid: u16, d: i16) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        let u = &mut self.players[s].units[i];
        let d = absorb(&mut u.shield, d);
        if d <= 0 {
            return;
        }
        u.dmg = (u.dmg as i16 + d).min(200) as u8;
        let u = *u;
        log!(
            self,
            "{} of P{s} takes {d} damage ({} total)",
            self.db().card(u.card).name,
            u.dmg
        );
        if u.dmg as i16 >= self.max_hp(&u) {
            self.destroy(uid);
        }
    }

    /// Deal `d` damage to the hero of `p` (shield first).
    pub fn damage_hero(&mut self, p: usize, d: i16) {
        let pl = &mut self.players[p];
        if !pl.alive {
            return;
        }
        let d = absorb(&mut pl.shield, d);
        if d <= 0 {
            return;
        }
        pl.health -= d;
        log!(
            self,
            "hero of P{p} takes {d} damage (health {})",
            self.players[p].health
        );
        if self.players[p].health <= 0 {
            self.eliminate(p);
        }
    }

    /// Remove unit `uid` from play: to its discard pile, the bottom of its deck (a Necromancer's
    /// unit) or the reserves (special cards).
    pub fn destroy(&mut self, uid: u16) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        let u = self.leave_play(s, i);
        let card = self.db().card(u.card);
        log!(self, "{} of P{s} is destroyed", card.name);
        if self.players[s].alive {
            self.own_trigs(s, u.card, NONE, &card.effects, Trigger::Death);
        }
        if let Some(d) = card.kind.deck() {
            if self.necro_in_game(s) {
                if !self.decks[d].is_full() {
                    self.decks[d].insert(0, u.card);
                }
            } else if !self.discards[d].is_full() {
                self.discards[d].push(u.card);
            }
        }
        self.statics_touched(false);
    }

    /// Take unit `i` of seat `s` out of play; its attachments leave with it (an attached
    /// action card to the action discard pile, a special card back to the reserves).
    fn leave_play(&mut self, s: usize, i: usize) -> Unit {
        let u = self.players[s].units.remove(i);
        for (c, _) in u.att {
            self.detach(c);
        }
        u
    }

    /// An attachment `c` leaves play.
    fn detach(&mut self, c: u8) {
        if c != 255 && self.db().card(c).kind == Kind::Action && !self.discards[2].is_full() {
            self.discards[2].push(c);
        }
    }

    /// Put a card into its shared deck's discard pile (special cards: back to the reserves,
    /// i.e. nowhere).
    fn discard_card(&mut self, card: u8) {
        if let Some(d) = self.db().card(card).kind.deck() {
            if !self.discards[d].is_full() {
                self.discards[d].push(card);
            }
        }
    }

    /// Remove unit `uid` from play for a while (`until` as in [`Banished`]).
    fn banish(&mut self, uid: u16, until: u8) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        if self.banished.is_full() {
            return;
        }
        let u = self.leave_play(s, i);
        log!(
            self,
            "{} of P{s} is removed from play",
            self.db().card(u.card).name
        );
        self.banished.push(Banished {
            card: u.card,
            who: s as u8,
            until,
        });
        self.statics_touched(false);
    }

    /// Bring banished units back: those of seat `p` due at the start of its turn, or (`None`)
    /// those due at the end of this turn. They return as newly played cards.
    fn return_banished(&mut self, p: Option<u8>) {
        let mut k = 0;
        while k < self.banished.len() {
            let b = self.banished[k];
            let due = match p {
                Some(p) => b.until == 1 && b.who == p,
                None => b.until == 0,
            };
            if !due {
                k += 1;
                continue;
            }
            self.banished.remove(k);
            log!(self, "{} returns to play", self.db().card(b.card).name);
            self.enter_play(b.who as usize, b.card);
        }
    }

    /// Seat `who` gains control of unit `uid` (it keeps its counters, attachments and
    /// exhaustion; it has entered its new controller's territory this turn).
    fn steal(&mut self, who: usize, uid: u16) {
        let Some((s, i)) = self.find_unit(uid) else {
            return;
        };
        if s == who || !self.players[who].alive || self.players[who].units.is_full() {
            return;
        }
        let mut u = self.players[s].units.remove(i);
        u.entered = self.turn;
        log!(
            self,
            "P{who} gains control of {} of P{s}",
            self.db().card(u.card).name
        );
        self.players[who].units.push(u);
        // Its static abilities now count for the new controller ("allies", "foes").
        self.statics_touched(false);
    }

    fn enter_play(&mut self, p: usize, card: u8) {
        let c = self.db().card(card);
        if self.players[p].units.is_full() {
            self.discard_card(card);
            return;
        }
        let uid = self.next_uid;
        self.next_uid = self.next_uid.wrapping_add(1) % WEAPON.min(HERO_BIT);
        self.players[p].units.push(Unit {
            uid,
            card,
            dmg: 0,
            aug: 0,
            boost: [0; MAX_PLAYERS],
            shield: [0; MAX_PLAYERS],
            exhausted: false,
            entered: self.turn,
            att: [(255, 255); 2],
            curse: 0,
        });
        log!(self, "{} enters play for P{p}", c.name);
        self.own_trigs(p, card, uid, &c.effects, Trigger::Enter);
        self.statics_touched(self.db().has_static(&c.effects));
    }

    fn eliminate(&mut self, p: usize) {
        if !self.players[p].alive {
            return;
        }
        log!(self, "P{p} is eliminated");
        self.players[p].alive = false;
        self.players[p].health = 0;
        while let Some(u) = self.players[p].units.last().copied() {
            self.destroy(u.uid);
        }
        while let Some(c) = self.players[p].hand.pop() {
            self.discard_card(c);
        }
        // Effects they control end; counters they placed stay.
        let mut gone: ArrayVec<u8, { 2 * MAX_PLAYERS * UNITS }> = ArrayVec::new();
        for pl in self.players.iter_mut() {
            pl.shield[p] = 0;
            for u in pl.units.iter_mut() {
                u.boost[p] = 0;
                u.shield[p] = 0;
                for a in u.att.iter_mut() {
                    if a.1 == p as u8 {
                        gone.push(a.0);
                        *a = (255, 255);
                    }
                }
            }
        }
        for c in gone {
            self.detach(c);
        }
        let mut k = 0;
        while k < self.banished.len() {
            if self.banished[k].who == p as u8 {
                let b = self.banished.remove(k);
                self.discard_card(b.card);
            } else {
                k += 1;
            }
        }
        self.chain.retain(|it| it.who != p as u8);
        self.trigs.retain(|t| t.who != p as u8);
        if self.building.as_ref().is_some_and(|b| b.who == p as u8) {
            self.building = None;
            self.dec = Dec::Auto;
        }
        if self.res.as_ref().is_some_and(|r| r.item.who == p as u8) {
            self.res = None;
            self.dec = Dec::Auto;
        }
        if let Some(b) = &self.battle {
            if b.atk as usize == p || b.def as usize == p {
                self.battle = None;
                if matches!(self.dec, Dec::Attackers(_) | Dec::Defenders(_)) {
                    self.dec = Dec::Auto;
                }
            }
        }
        match self.dec {
            Dec::Window(q) | Dec::TrigOrder(q) | Dec::Choose(q, _) | Dec::ArmorSplit(q)
                if q as usize == p =>
            {
                self.dec = Dec::Auto
            }
            _ => {}
        }
        self.statics_touched(false);
        self.check_end(p);
    }

    fn check_end(&mut self, eliminated: usize) {
        if self.result.is_some() {
            // Decided by an earlier elimination of the same effect (sworn enemy).
            return;
        }
        let n = self.n();
        let mut results = [PlayerResult::Draw; MAX_PLAYERS];
        match self.fmt() {
            Format::Ffa => {
                let alive: ArrayVec<usize, MAX_PLAYERS> =
                    (0..n).filter(|&i| self.players[i].alive).collect();
                match alive.len() {
                    0 => self.result = Some(Outcome::draw(n as u8, EndReason::Decided)),
                    1 => {
                        self.result =
                            Some(Outcome::winner(n as u8, alive[0] as u8, EndReason::Decided))
                    }
                    _ => {}
                }
            }
            Format::Sworn => {
                let w = (eliminated + n - 1) % n;
                self.result = Some(Outcome::winner(n as u8, w as u8, EndReason::Decided));
            }
            Format::Team => {
                let alive = |t: usize| (0..n).any(|i| i % 2 == t && self.players[i].alive);
                let (a, b) = (alive(0), alive(1));
                if a && b {
                    return;
                }
                for (i, r) in results.iter_mut().enumerate().take(n) {
                    *r = match (a, b) {
                        (false, false) => PlayerResult::Draw,
                        _ if alive(i % 2) => PlayerResult::Win,
                        _ => PlayerResult::Loss,
                    };
                }
                self.result = Some(Outcome {
                    results,
                    players: n as u8,
                    end: EndReason::Decided,
                });
            }
        }
        if self.result.is_some() {
            self.dec = Dec::Auto;
        }
    }

    // ----- resolving -------------------------------------------------------------------------

    fn gone(&self, t: u16) -> bool {
        if t & HERO_BIT != 0 {
            !self.players[(t & !HERO_BIT) as usize].alive
        } else {
            self.find_unit(t).is_none()
        }
    }

    fn begin_resolve(&mut self, item: Item) {
        if !item.targets.is_empty() && item.targets.iter().all(|&t| self.gone(t)) {
            log!(
                self,
                "{} is cancelled: no target left",
                self.item_text(&item)
            );
            self.finish(item);
            return;
        }
        log!(self, "{} resolves", self.item_text(&item));
        if item.effect == NO_EFFECT {
            self.finish(item);
            return;
        }
        self.res = Some(Res {
            item,
            pc: 0,
            left: 0,
            flag: true,
            sub: 0,
            started: false,
        });
        self.run_res();
    }

    fn finish(&mut self, item: Item) {
        let p = item.who as usize;
        match item.kind {
            ItemKind::Unlock => {
                self.players[p].cd[item.arg as usize] = 0;
                self.players[p].drawn |= 1 << item.arg;
            }
            ItemKind::Enlist => self.enter_play(p, item.card),
            ItemKind::Action => {
                if item.arg & ATTACHED == 0 && !self.discards[2].is_full() {
                    self.discards[2].push(item.card);
                }
            }
            ItemKind::Battle => {
                let q = item.arg as usize;
                if self.players[p].alive && self.players[q].alive {
                    self.battle = Some(Battle {
                        atk: p as u8,
                        def: q as u8,
                        step: BStep::Declare,
                        attackers: ArrayVec::new(),
                        pick: NONE,
                        armor_left: 0,
                        split_from: 0,
                    });
                    self.dec = Dec::Attackers(p as u8);
                    let mut buf = ActionBuf::new();
                    self.legal(&mut buf);
                    if buf.len() == 1 {
                        self.declare(p, PASS);
                    }
                }
            }
            ItemKind::Ability | ItemKind::Trigger => {}
        }
    }

    fn res_op(&self) -> Option<super::cards::Op> {
        let r = self.res.as_ref()?;
        self.db()
            .effect(r.item.effect)
            .ops
            .get(r.pc as usize)
            .copied()
    }

    /// Units and heroes an op acts on, as target ids.
    fn scope_ids(
        &self,
        r: &Res,
        scope: Scope,
    ) -> ArrayVec<u16, { MAX_PLAYERS * UNITS + MAX_PLAYERS }> {
        let mut v = ArrayVec::new();
        let who = r.item.who as usize;
        match scope {
            Scope::Targets => {
                for &t in &r.item.targets {
                    if !self.gone(t) {
                        v.push(t);
                    }
                }
            }
            Scope::Me => v.push(HERO_BIT | who as u16),
            Scope::This => {
                if r.item.src < ARMOR && self.find_unit(r.item.src).is_some() {
                    v.push(r.item.src);
                }
            }
            Scope::Host => {
                if self.find_unit(r.item.host).is_some() {
                    v.push(r.item.host);
                }
            }
            Scope::Allies | Scope::Foes | Scope::Units => {
                for (s, pl) in self.players.iter().enumerate() {
                    let ok = match scope {
                        Scope::Allies => s == who,
                        Scope::Foes => self.opponents(who, s),
                        _ => pl.alive,
                    };
                    if ok {
                        v.extend(pl.units.iter().map(|u| u.uid));
                    }
                }
            }
            Scope::FoeHeroes => {
                for s in 0..self.n() {
                    if self.opponents(who, s) {
                        v.push(HERO_BIT | s as u16);
                    }
                }
            }
        }
        v
    }

    fn run_res(&mut self) {
        loop {
            if self.result.is_some() || self.dec != Dec::Auto {
                return;
            }
            let Some(r) = self.res.clone() else { return };
            let e = self.db().effect(r.item.effect);
            let Some(&op) = e.ops.get(r.pc as usize) else {
                self.res = None;
                self.finish(r.item);
                return;
            };
            let who = r.item.who as usize;
            if let Some(c) = choice_of(op.code) {
                if !r.started {
                    let rr = self.res.as_mut().expect("res");
                    rr.started = true;
                    rr.sub = 0;
                    rr.left = match op.code {
                        OpCode::Draw | OpCode::Mill | OpCode::Recycle | OpCode::Discard => {
                            op.n as u8
                        }
                        OpCode::Equip => 2,
                        _ => 1,
                    };
                    if matches!(op.code, OpCode::Raise | OpCode::Sacrifice | OpCode::Ready) {
                        rr.flag = false;
                    }
                    if op.code == OpCode::Discard {
                        rr.sub = 1;
                    }
                }
                match self.choice_state(op, c) {
                    None => {
                        if op.code == OpCode::Recycle {
                            let moved = self.res.as_ref().expect("res").sub;
                            self.set_flag(moved > 0);
                            for _ in 0..moved {
                                self.enter_play(who, op.card);
                            }
                        }
                        if let Some(rr) = self.res.as_mut() {
                            rr.pc += 1;
                            rr.started = false;
                        }
                    }
                    Some((q, c)) => {
                        let mut buf = ActionBuf::new();
                        self.choice_options(q, c, &mut buf);
                        if buf.iter().all(|a| a.0 == PASS) {
                            // Nothing to choose: the rest of the op does nothing.
                            self.res.as_mut().expect("res").left = 0;
                        } else if buf.len() == 1 {
                            self.apply_choice(q, c, buf[0].0);
                        } else {
                            self.dec = Dec::Choose(q as u8, c);
                            return;
                        }
                    }
                }
                continue;
            }
            let n = self.op_amount(who, &op);
            match op.code {
                OpCode::Drain => {
                    let mut total = 0i16;
                    for t in self.scope_ids(&r, op.scope) {
                        if let Some((s, i)) = self.find_unit(t) {
                            total += self.max_hp(&self.players[s].units[i]);
                        }
                    }
                    self.heal_hero(who, total);
                }
                OpCode::Gold => {
                    let pl = &mut self.players[who];
                    pl.gold = pl.gold.saturating_add(n.max(0) as u16).min(9999);
                }
                OpCode::Focus => {
                    let pl = &mut self.players[who];
                    pl.focus = pl.focus.saturating_add(n as u8).min(MAX_COUNTERS);
                    log!(
                        self,
                        "P{who} has {} focus counters",
                        self.players[who].focus
                    );
                }
                OpCode::Unfocus => self.players[who].focus = 0,
                OpCode::Token => {
                    for _ in 0..op.n {
                        self.enter_play(who, op.card);
                    }
                }
                OpCode::Attach if op.card == ATTACH_THIS => {
                    // The action card attaches itself to its (single) target.
                    let attached = self.scope_ids(&r, op.scope).first().is_some_and(|&t| {
                        self.find_unit(t).is_some_and(|(s, i)| {
                            let free = self.players[s].units[i].att.iter().position(|a| a.0 == 255);
                            if let Some(k) = free {
                                self.players[s].units[i].att[k] = (r.item.card, who as u8);
                            }
                            free.is_some()
                        })
                    });
                    if attached {
                        self.res.as_mut().expect("res").item.arg |= ATTACHED;
                    }
                }
                OpCode::Steal => {
                    for t in self.scope_ids(&r, op.scope) {
                        self.steal(who, t);
                    }
                }
                OpCode::Banish => {
                    for t in self.scope_ids(&r, op.scope) {
                        self.banish(t, op.n as u8);
                    }
                }
                OpCode::IfDone => {
                    if !r.flag {
                        self.res.as_mut().expect("res").pc = e.ops.len() as u8;
                        continue;
                    }
                }
                _ => {
                    for t in self.scope_ids(&r, op.scope) {
                        self.unit_or_hero_op(who, op.code, t, n, op.card);
                    }
                }
            }
            if let Some(rr) = self.res.as_mut() {
                rr.pc += 1;
                rr.started = false;
            }
        }
    }

    /// Who chooses next for a choose-op, and what (`None` once the op is complete). Moves a
    /// discard op on to the next opponent when the current one is done.
    fn choice_state(&mut self, op: super::cards::Op, c: Choice) -> Option<(usize, Choice)> {
        let r = self.res.as_ref().expect("res");
        let who = r.item.who as usize;
        match op.code {
            OpCode::Equip => match r.left {
                2 => Some((who, Choice::Weapon)),
                1 => Some((who, Choice::Armor)),
                _ => None,
            },
            OpCode::Discard => {
                let n = self.n() as u8;
                loop {
                    let r = self.res.as_ref().expect("res");
                    if r.sub >= n {
                        return None;
                    }
                    let q = ((r.item.who + r.sub) % n) as usize;
                    if r.left > 0 && self.opponents(who, q) && !self.players[q].hand.is_empty() {
                        return Some((q, c));
                    }
                    let rr = self.res.as_mut().expect("res");
                    rr.sub += 1;
                    rr.left = op.n as u8;
                }
            }
            _ => (r.left > 0).then_some((who, c)),
        }
    }

    /// Apply a resolution choice; the op's progress is kept in `res` (`run_res` moves on).
    fn apply_choice(&mut self, p: usize, c: Choice, a: u16) {
        let Some(r) = self.res.clone() else { return };
        let op = self.res_op().expect("op");
        let who = r.item.who as usize;
        match c {
            Choice::Draw | Choice::Mill => {
                let d = (a - DRAW) as usize;
                if c == Choice::Draw {
                    self.draw_card(p, d, false);
                } else if self.ensure(d) {
                    let card = self.decks[d].pop().expect("ensured");
                    self.discards[d].push(card);
                }
            }
            Choice::Raise => {
                let card = (a - CARD) as u8;
                let d = self.db().card(card).kind.deck().expect("unit");
                if let Some(i) = self.discards[d].iter().rposition(|&x| x == card) {
                    self.discards[d].remove(i);
                    self.enter_play(who, card);
                }
                self.set_flag(true);
            }
            Choice::Recycle => {
                if a == PASS {
                    self.res.as_mut().expect("res").left = 0;
                    return;
                }
                let card = (a - CARD) as u8;
                let d = self.db().card(card).kind.deck().expect("unit");
                if let Some(i) = self.discards[d].iter().rposition(|&x| x == card) {
                    self.discards[d].remove(i);
                    if !self.decks[d].is_full() {
                        self.decks[d].insert(0, card);
                    }
                }
                self.res.as_mut().expect("res").sub += 1;
            }
            Choice::Discard => {
                let i = ((a - HAND_A) / 2) as usize;
                let card = self.players[p].hand.remove(i);
                self.discard_card(card);
            }
            Choice::Weapon => {
                let f = (a - FACE) as u8;
                self.players[p].weapon = f;
                let bit = self.weapon_bit(p, f);
                self.players[p].drawn |= bit;
                self.statics_touched(
                    self.db()
                        .has_static(&self.hero(p).weapons[f as usize].effects),
                );
            }
            Choice::Armor => {
                let f = (a - FACE) as u8;
                self.players[p].armor = f;
                let bit = self.armor_bit(p, f);
                self.players[p].drawn |= bit;
                self.statics_touched(
                    self.db()
                        .has_static(&self.hero(p).armors[f as usize].effects),
                );
            }
            Choice::Sacrifice => {
                if a != PASS {
                    let uid = self.players[p].units[(a - OWN) as usize].uid;
                    self.destroy(uid);
                    self.set_flag(true);
                }
            }
            Choice::Ready => {
                let i = (a - ABIL) as usize;
                let cd = &mut self.players[p].cd[i];
                *cd = (*cd - op.n).max(0);
                self.set_flag(true);
            }
        }
        if let Some(rr) = self.res.as_mut() {
            rr.left = rr.left.saturating_sub(1);
            if matches!(c, Choice::Raise | Choice::Sacrifice | Choice::Ready) {
                rr.left = 0;
            }
        }
    }

    fn set_flag(&mut self, f: bool) {
        if let Some(r) = self.res.as_mut() {
            r.flag = f;
        }
    }

    fn heal_hero(&mut self, p: usize, n: i16) {
        let max = self.hero(p).max_health as i16;
        let pl = &mut self.players[p];
        if pl.alive {
            pl.health = (pl.health + n.max(0)).min(max);
        }
    }

    fn unit_or_hero_op(&mut self, who: usize, code: OpCode, t: u16, n: i16, card: u8) {
        if t & HERO_BIT != 0 {
            let p = (t & !HERO_BIT) as usize;
            match code {
                OpCode::Damage => self.damage_hero(p, n),
                OpCode::Heal => self.heal_hero(p, n),
                OpCode::Shield => {
                    let pl = &mut self.players[p];
                    pl.shield[who] = pl.shield[who].saturating_add(n as u8);
                }
                OpCode::Curse => {
                    let pl = &mut self.players[p];
                    pl.curse = pl.curse.saturating_add(n as u8).min(MAX_COUNTERS);
                }
                _ => {}
            }
            return;
        }
        let Some((s, i)) = self.find_unit(t) else {
            return;
        };
        match code {
            OpCode::Damage => self.damage_unit(t, n),
            OpCode::Destroy => self.destroy(t),
            _ => {
                let u = &mut self.players[s].units[i];
                match code {
                    OpCode::Heal => u.dmg = (u.dmg as i16 - n).max(0) as u8,
                    OpCode::Augment => u.aug = u.aug.saturating_add(n as u8).min(99),
                    OpCode::Boost => u.boost[who] = (u.boost[who] as i16 + n).clamp(-99, 99) as i8,
                    OpCode::Shield => u.shield[who] = u.shield[who].saturating_add(n as u8),
                    OpCode::Exhaust => u.exhausted = true,
                    OpCode::Refresh => u.exhausted = false,
                    OpCode::Attach => {
                        if let Some(slot) = u.att.iter_mut().find(|a| a.0 == 255) {
                            *slot = (card, who as u8);
                        }
                    }
                    OpCode::Curse => u.curse = u.curse.saturating_add(n as u8).min(MAX_COUNTERS),
                    _ => {}
                }
                if code == OpCode::Attach {
                    self.statics_touched(self.db().has_static(&self.db().card(card).effects));
                }
            }
        }
    }

    // ----- information -----------------------------------------------------------------------

    /// Who must decide now.
    pub fn decider(&self) -> Option<u8> {
        match self.dec {
            Dec::Auto => None,
            Dec::Window(p)
            | Dec::SetupFace(p, _)
            | Dec::DrawPhase(p)
            | Dec::Target(p)
            | Dec::Attackers(p)
            | Dec::Defenders(p)
            | Dec::TrigOrder(p)
            | Dec::Choose(p, _)
            | Dec::ArmorSplit(p) => Some(p),
        }
    }

    pub(super) fn resample(&mut self, viewer: u8, rng: &mut GameRng) {
        let db = self.db();
        for d in 0..3 {
            let mut pool: ArrayVec<u8, { DECK + MAX_PLAYERS * HAND }> = ArrayVec::new();
            pool.extend(self.decks[d].iter().copied());
            for (q, pl) in self.players.iter().enumerate() {
                if q as u8 != viewer {
                    pool.extend(
                        pl.hand
                            .iter()
                            .copied()
                            .filter(|&c| db.card(c).kind.deck() == Some(d)),
                    );
                }
            }
            pool.shuffle(rng);
            let mut k = 0;
            for x in self.decks[d].iter_mut() {
                *x = pool[k];
                k += 1;
            }
            for (q, pl) in self.players.iter_mut().enumerate() {
                if q as u8 == viewer {
                    continue;
                }
                for x in pl.hand.iter_mut() {
                    if db.card(*x).kind.deck() == Some(d) {
                        *x = pool[k];
                        k += 1;
                    }
                }
            }
        }
        self.rng = GameRng::new(rng.next_u64(), rng.next_u64());
    }

    pub(super) fn usage(&self, seat: u8) -> CardUsage {
        let pl = &self.players[seat as usize];
        CardUsage {
            drawn: pl.drawn,
            opening: pl.opening,
            played: pl.played,
        }
    }

    pub(super) fn eval(&self, p: u8) -> f64 {
        let score = |q: usize| {
            let pl = &self.players[q];
            if !pl.alive {
                return 0.0;
            }
            // Curse counters will deal c + (c-1) + ... + 1 damage; a focus counter is worth
            // about one point of board.
            let c = pl.curse as i16;
            let h = (pl.health - c * (c + 1) / 2) as f64 / self.hero(q).max_health as f64
                + pl.focus as f64 / 60.0;
            let board: f64 = pl
                .units
                .iter()
                .map(|u| (self.power(u).max(0) + self.max_hp(u) - u.dmg as i16) as f64)
                .sum();
            h + board / 60.0 + pl.gold as f64 / 200.0
        };
        let mine = score(p as usize);
        let mut foe = 0.0;
        let mut k = 0.0;
        for q in 0..self.n() {
            if q != p as usize && !(self.fmt() == Format::Team && q % 2 == p as usize % 2) {
                foe += score(q);
                k += 1.0;
            }
        }
        mine - if k > 0.0 { foe / k } else { 0.0 }
    }

    pub(super) fn invariants(&self) -> Result<(), String> {
        let db = self.db();
        // Every shared-deck card is in exactly one zone (deck, discard, hand, play, chain).
        let mut count = [0i32; 256];
        for d in 0..3 {
            for &c in self.decks[d].iter().chain(self.discards[d].iter()) {
                count[c as usize] += 1;
            }
        }
        let mut uids: ArrayVec<u16, { MAX_PLAYERS * UNITS }> = ArrayVec::new();
        for (p, pl) in self.players.iter().enumerate() {
            for &c in &pl.hand {
                count[c as usize] += 1;
            }
            for u in &pl.units {
                if db.card(u.card).kind.deck().is_some() {
                    count[u.card as usize] += 1;
                }
                for (c, _) in u.att {
                    if c != 255 && db.card(c).kind == Kind::Action {
                        count[c as usize] += 1;
                    }
                }
                if (u.dmg as i16) >= self.max_hp(u) {
                    return Err(format!("unit {} of P{p} alive with lethal damage", u.uid));
                }
                if uids.contains(&u.uid) {
                    return Err(format!("duplicate unit id {}", u.uid));
                }
                uids.push(u.uid);
            }
            if pl.alive && (pl.health <= 0 || pl.health > self.hero(p).max_health as i16) {
                return Err(format!("P{p} health {} out of range", pl.health));
            }
            if pl
                .cd
                .iter()
                .enumerate()
                .any(|(i, &c)| c > self.hero(p).abilities.get(i).map_or(0, |a| a.delay as i8))
            {
                return Err(format!("P{p} cooldown beyond maximum delay"));
            }
        }
        if (self.statics, self.static_kinds) != self.count_static_kinds() {
            return Err(format!(
                "static count {} {:?} but {:?} in play",
                self.statics,
                self.static_kinds,
                self.count_static_kinds()
            ));
        }
        for it in self
            .chain
            .iter()
            .chain(self.building.iter())
            .chain(self.res.iter().map(|r| &r.item))
        {
            if matches!(it.kind, ItemKind::Enlist | ItemKind::Action) {
                count[it.card as usize] += 1;
            }
        }
        for b in &self.banished {
            if db.card(b.card).kind.deck().is_some() {
                count[b.card as usize] += 1;
            }
        }
        // Units lost to full piles or removed as Necromancer units can shrink counts; never grow.
        for (id, c) in db.cards.iter().enumerate() {
            if c.kind.deck().is_some() && count[id] > c.copies as i32 {
                return Err(format!(
                    "{} copies of {} in the game (deck has {})",
                    count[id], c.name, c.copies
                ));
            }
        }
        if self.result.is_none() {
            match self.decider() {
                None => return Err("no decision pending in a live game".into()),
                Some(p) if !self.players[p as usize].alive => {
                    return Err(format!("eliminated P{p} to decide"))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The turn number (turns begun, all players).
    pub fn turn_no(&self) -> u16 {
        self.turn
    }

    pub(super) fn item_text(&self, it: &Item) -> String {
        let db = self.db();
        let hero = self.hero(it.who as usize);
        match it.kind {
            ItemKind::Unlock => format!("unlock {}", hero.abilities[it.arg as usize].name),
            ItemKind::Ability => format!("use {}", hero.abilities[it.arg as usize].name),
            ItemKind::Enlist => format!("enlist {}", db.card(it.card).name),
            ItemKind::Action => {
                let c = db.card(it.card);
                match (&c.half, it.arg & !ATTACHED) {
                    (Some((n, _, _)), 1) => format!("action {n}"),
                    _ => format!("action {}", c.name),
                }
            }
            ItemKind::Battle => format!("battle against P{}", it.arg),
            ItemKind::Trigger => match it.src {
                WEAPON => format!(
                    "{} ability",
                    hero.weapons[self.players[it.who as usize].weapon as usize].name
                ),
                ARMOR => format!(
                    "{} ability",
                    hero.armors[self.players[it.who as usize].armor as usize].name
                ),
                _ => format!("{} ability", db.card(it.card).name),
            },
        }
    }
}

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
            + (8 * super::cards::MAX_ARG as u32 * p)
            + 2 * p
            + (UNITS as u32 + 2)
            + (2 * UNITS as u32 + 1)
            + u8::MAX as u32
            + 3 * p;
        let per_turn = 2 + cap * per_item + 2 * p + 4;
        2 * p + r.max_turns as u32 * per_turn
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
fn absorb(shield: &mut [u8; MAX_PLAYERS], mut d: i16) -> i16 {
    for sh in shield.iter_mut() {
        if d <= 0 {
            break;
        }
        let a = (*sh as i16).min(d);
        *sh -= a as u8;
        d -= a;
    }
    d
}

// ----- static abilities and focus/curse counters (`RULES.md`, "Static abilities", "Focus and
// curse counters") ------------------------------------------------------------------------------

/// Most focus or curse counters on one hero or unit.
pub const MAX_COUNTERS: u8 = 99;

impl AllegianceState {
    /// Call `f(controller, source uid, host uid, op)` for every op of every static ability in
    /// play: living players' hero rules and face-up weapon and armor faces (source and host
    /// [`NONE`]), their units (source = the unit), and attachments (controller = the
    /// attachment's owner, host = the unit it is on).
    fn for_each_static(&self, mut f: impl FnMut(usize, u16, u16, &super::cards::Op)) {
        let db = self.db();
        let mut each = |q: usize, src: u16, host: u16, effects: &[u16]| {
            for &e in effects {
                let ef = db.effect(e);
                if ef.trigger == Trigger::Static {
                    for op in &ef.ops {
                        f(q, src, host, op);
                    }
                }
            }
        };
        for (q, pl) in self.players.iter().enumerate() {
            if !pl.alive {
                continue;
            }
            let hero = self.hero(q);
            each(q, NONE, NONE, &hero.statics);
            each(q, NONE, NONE, &hero.weapons[pl.weapon as usize].effects);
            each(q, NONE, NONE, &hero.armors[pl.armor as usize].effects);
            for u in &pl.units {
                each(q, u.uid, NONE, &db.card(u.card).effects);
                for (c, owner) in u.att {
                    if c != 255 && self.players[owner as usize].alive {
                        each(owner as usize, NONE, u.uid, &db.card(c).effects);
                    }
                }
            }
        }
    }

    /// Number of static-ability ops in play, counted afresh: in all, and by kind (attack,
    /// maximum health, armor).
    pub fn count_static_kinds(&self) -> (u16, [u16; 5]) {
        let mut k = [0u16; 5];
        self.for_each_static(|_, _, _, op| k[static_kind(op.code)] += 1);
        (k.iter().sum(), k)
    }

    /// Recount the static abilities in play (no lethal-damage check).
    pub fn recount_statics(&mut self) {
        (self.statics, self.static_kinds) = self.count_static_kinds();
    }

    /// The static modifier `code` (`Boost`: attack, `Health`: maximum health) of unit `uid`.
    /// `allies` means the source's controller's other units (never the source itself).
    fn static_unit_mod(&self, code: OpCode, uid: u16) -> i16 {
        if self.static_kinds[static_kind(code)] == 0 {
            return 0;
        }
        let Some((s, _)) = self.find_unit(uid) else {
            return 0;
        };
        let mut total = 0i16;
        self.for_each_static(|q, src, host, op| {
            if op.code == code && self.static_applies(q, src, host, op.scope, s, uid) {
                total += op.n as i16;
            }
        });
        total
    }

    /// Whether a static op with `scope`, from a source `src` (or attachment on `host`)
    /// controlled by `q`, acts on unit `uid` controlled by `s`.
    #[inline]
    fn static_applies(
        &self,
        q: usize,
        src: u16,
        host: u16,
        scope: Scope,
        s: usize,
        uid: u16,
    ) -> bool {
        match scope {
            Scope::This => src == uid,
            Scope::Host => host == uid,
            Scope::Allies => q == s && src != uid,
            Scope::Foes => self.opponents(q, s),
            Scope::Units => src != uid,
            _ => false,
        }
    }

    /// The static armor-rating modifier of the hero of `p`.
    fn static_armor_mod(&self, p: usize) -> i16 {
        self.static_player_mod(OpCode::Armor, p)
    }

    /// The static gold-cost modifier (`code`: `EnlistCost` or `ActionCost`) for player `p`.
    pub fn cost_mod(&self, p: usize, code: OpCode) -> i16 {
        if self.static_kinds[static_kind(code)] == 0 {
            return 0;
        }
        self.static_player_mod(code, p)
    }

    /// The sum of the static ops `code` acting on player `p` (scopes `me`, `foeheroes`).
    fn static_player_mod(&self, code: OpCode, p: usize) -> i16 {
        let mut total = 0i16;
        self.for_each_static(|q, _, _, op| {
            if op.code == code
                && match op.scope {
                    Scope::Me => q == p,
                    Scope::FoeHeroes => self.opponents(q, p),
                    _ => false,
                }
            {
                total += op.n as i16;
            }
        });
        total
    }

    /// The effective armor rating of the hero of `p` (static abilities included).
    pub fn armor_of(&self, p: usize) -> u8 {
        self.armor_rating(p)
    }

    /// Recount the static abilities in play after a change of the board (a unit entered or
    /// left play, an attachment, a face change, an elimination), then destroy every unit whose
    /// damage has reached its (possibly lowered) maximum health, one at a time, until none
    /// is left. Code that moves units in or out of play or between players must call this.
    pub fn statics_changed(&mut self) {
        let hp = static_kind(OpCode::Health);
        let before = self.static_kinds[hp];
        self.recount_statics();
        if before == 0 && self.static_kinds[hp] == 0 {
            // Only a maximum-health modifier can make damage lethal.
            return;
        }
        while let Some(uid) = self.lethal_unit() {
            log!(self, "a unit's damage reaches its lowered maximum health");
            self.destroy(uid);
        }
    }

    /// [`AllegianceState::statics_changed`] when it can matter: some static ability is (or
    /// was) in play, or `added` (something with a static ability may have entered play).
    /// With none in play and none added the count stays 0 and no maximum health changed.
    fn statics_touched(&mut self, added: bool) {
        if added || self.statics > 0 {
            self.statics_changed();
        }
    }

    /// A unit in play whose damage has reached its maximum health, if any.
    pub(super) fn lethal_unit(&self) -> Option<u16> {
        // The maximum-health modifiers of every unit in one pass over the statics (the same
        // rule as `max_hp`, without a pass per unit).
        let mut m = [[0i16; UNITS]; MAX_PLAYERS];
        if self.static_kinds[static_kind(OpCode::Health)] > 0 {
            self.for_each_static(|q, src, host, op| {
                if op.code != OpCode::Health {
                    return;
                }
                for (s, pl) in self.players.iter().enumerate() {
                    for (i, u) in pl.units.iter().enumerate() {
                        if self.static_applies(q, src, host, op.scope, s, u.uid) {
                            m[s][i] += op.n as i16;
                        }
                    }
                }
            });
        }
        let db = self.db();
        for (s, pl) in self.players.iter().enumerate() {
            for (i, u) in pl.units.iter().enumerate() {
                let max = db.card(u.card).health as i16 + u.aug as i16 + m[s][i];
                if u.dmg as i16 >= max {
                    return Some(u.uid);
                }
            }
        }
        None
    }

    /// The amount of op `op` for its controller `who` (a fixed number, or the focus counters
    /// on their hero).
    fn op_amount(&self, who: usize, op: &super::cards::Op) -> i16 {
        match op.amount {
            super::cards::Amount::Fixed => op.n as i16,
            super::cards::Amount::Focus => self.players[who].focus as i16,
        }
    }

    /// Pay the focus-counter cost of a maneuver being announced.
    fn pay_focus(&mut self, item: &Item) {
        if item.effect != NO_EFFECT {
            let c = self.db().effect(item.effect).cost_focus;
            if c > 0 {
                let pl = &mut self.players[item.who as usize];
                pl.focus = pl.focus.saturating_sub(c);
            }
        }
    }

    /// Start of the turn of `p`, whose hero has curse counters: the hero takes that much
    /// damage, then one counter is removed. Returns whether `p` is still in the game.
    fn curse_at_turn_start(&mut self, p: usize) -> bool {
        let c = self.players[p].curse;
        self.players[p].curse -= 1;
        log!(self, "curse counters deal {c} damage to the hero of P{p}");
        self.damage_hero(p, c as i16);
        if !self.players[p].alive {
            self.dec = Dec::Auto;
            return false;
        }
        true
    }
}

/// Index of a static op's kind in [`AllegianceState::static_kinds`].
fn static_kind(code: OpCode) -> usize {
    match code {
        OpCode::Boost => 0,
        OpCode::Health => 1,
        OpCode::EnlistCost => 3,
        OpCode::ActionCost => 4,
        _ => 2,
    }
}

/// A gold cost `base` with a static modifier `m` (never below 0).
pub fn eff_cost(base: u8, m: i16) -> u16 {
    (base as i16 + m).max(0) as u16
}
