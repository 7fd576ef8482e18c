//! The Tyrant game state and its rules (turn steps 1–12, the assault's turn, skills).

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::cards::{ActKind, ActSkill, CardDef, CardType, ANY_FACTION};
use super::deck::MAX_DECK;
use super::rules::{AtLimit, Rules, Shared};
use crate::{Action, CardUsage, EndReason, GameRng, Outcome};

/// Capacity of a row. Every card on a row comes from the owner's deck and sits there at most
/// once, so a row never holds more than the deck's size.
pub const ROW: usize = MAX_DECK;

/// Hand capacity: three cards are drawn on the first turn, then one per turn, and one card
/// is played every turn that the hand is not empty, so the hand never exceeds three.
pub const HAND: usize = 3;

/// Deck position of a card that did not come from the deck (the commander).
pub const NO_POS: u8 = u8::MAX;

/// Seat of the attacker.
pub const ATTACKER: u8 = 0;
/// Seat of the defender.
pub const DEFENDER: u8 = 1;

/// A card in play (commander, assault or structure) with its current values and statuses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    /// Card id.
    pub card: u16,
    /// Current health; 0 or less means destroyed (the card stays in its slot until the row
    /// is shifted).
    pub hp: i16,
    /// Maximum health.
    pub max_hp: i16,
    /// Attack gained permanently (Berserk).
    pub berserk: i16,
    /// Timer: the card acts when it is 0.
    pub timer: u8,
    /// Rallied: +attack until the end of this turn.
    pub rallied: u8,
    /// Weakened: −attack until the end of the owner's turn.
    pub weakened: u8,
    /// Enfeebled: +damage taken, until the end of the current turn.
    pub enfeebled: u8,
    /// Protected: −damage taken, until the start of the owner's next turn.
    pub protected: u8,
    /// Poisoned: health lost at the start of each of the owner's turns.
    pub poisoned: u8,
    /// Status flags: [`ATTACKED`], [`JAMMED`], [`CHAOSED`], [`IMMOBILIZED`], [`DISEASED`]
    /// (packed so that a unit is 16 bytes: rows are copied and shifted often).
    pub flags: u8,
    /// Position in the owner's deck list, [`NO_POS`] for the commander.
    pub pos: u8,
}

/// [`Unit::flags`]: has reached its attack step this turn (attacking or not), so Rally no
/// longer picks it.
pub const ATTACKED: u8 = 1;
/// [`Unit::flags`]: Jammed, skips its next turn (skills and attack); cleared at the end of
/// that turn.
pub const JAMMED: u8 = 2;
/// [`Unit::flags`]: Chaosed, its hostile skills hit its own side; cleared at the end of its
/// turn.
pub const CHAOSED: u8 = 4;
/// [`Unit::flags`]: Immobilized, does not attack on its next turn; cleared at the end of that
/// turn.
pub const IMMOBILIZED: u8 = 8;
/// [`Unit::flags`]: Diseased, can no longer be healed (Leech, Refresh) nor regenerate.
/// Permanent.
pub const DISEASED: u8 = 16;

impl Unit {
    /// Whether status flag `f` is set.
    #[inline]
    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }

    /// Set or clear status flag `f`.
    #[inline]
    pub fn set(&mut self, f: u8, on: bool) {
        if on {
            self.flags |= f;
        } else {
            self.flags &= !f;
        }
    }
    /// A fresh card in play.
    pub fn new(card: u16, def: &CardDef, pos: u8) -> Self {
        Unit {
            card,
            hp: def.health as i16,
            max_hp: def.health as i16,
            timer: def.delay,
            pos,
            ..Unit::default()
        }
    }

    /// Still in play (health above 0).
    #[inline]
    pub fn alive(&self) -> bool {
        self.hp > 0
    }

    /// Attack this turn: printed + Berserk + Rallied − Weakened, never below 0.
    #[inline]
    pub fn power(&self, def: &CardDef) -> i16 {
        (def.attack as i16)
            .saturating_add(self.berserk)
            .saturating_add(self.rallied as i16)
            .saturating_sub(self.weakened as i16)
            .max(0)
    }
}

/// One participant's cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The commander.
    pub commander: Unit,
    /// The assault row, left to right.
    pub assaults: ArrayVec<Unit, ROW>,
    /// The structure row, left to right.
    pub structures: ArrayVec<Unit, ROW>,
    /// The draw pile as deck positions; the top is the last entry.
    pub library: ArrayVec<u8, MAX_DECK>,
    /// The hand as deck positions, in the order drawn.
    pub hand: ArrayVec<u8, HAND>,
    /// Index of the deck this side plays (into the rule set's decks).
    pub deck: u8,
    /// Deck positions drawn so far.
    pub drawn: u64,
    /// Deck positions dealt into the opening hand (the first turn's draw).
    pub opening: u64,
    /// Deck positions played so far.
    pub played: u64,
    /// Deck positions gone from the game (destroyed and shifted out, or used actions).
    pub gone: u64,
    /// Turns this side has begun.
    pub turns: u16,
}

/// Seat names, for the log.
const SEATS: [&str; 2] = ["attacker", "defender"];

/// How a skill use came about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Via {
    /// Printed on the source and aimed as printed.
    Printed,
    /// A hostile skill of a chaosed assault, turned on its own side.
    Chaosed,
}

/// Where an activation skill comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Src {
    Action,
    Commander,
    Structure,
    Assault(u8),
}

/// A game of Tyrant.
#[derive(Clone, Debug)]
pub struct TyrantState {
    pub(super) shared: &'static Shared,
    /// The two sides, by seat (attacker 0, defender 1).
    pub sides: [Side; 2],
    /// The seat whose turn it is.
    pub active: u8,
    /// The turn counter (starts at 1, +1 after every participant's turn).
    pub turn: u16,
    /// The outcome once the game is over.
    pub result: Option<Outcome>,
    rng: GameRng,
    /// Forced outcomes of internal random events (scenarios): (event, value), used in order
    /// per event. Empty in simulations.
    forced: ArrayVec<(Ev, u8), MAX_FORCED>,
    /// Forced outcomes that could not be used as given (e.g. a target that was not valid).
    forced_misses: ArrayVec<(Ev, u8), MAX_FORCED>,
    /// The readable event log, when turned on (replay, scenarios); `None` in simulations.
    /// Boxed so that the state, copied on every search iteration, stays 16 bytes smaller.
    #[allow(clippy::box_collection)]
    log: Option<Box<Vec<String>>>,
}

/// Most forced outcomes queued at once.
pub const MAX_FORCED: usize = 16;

/// Internal random events that scenarios may force.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Ev {
    /// Flurry's extra attacks.
    Flurry,
    /// A Flying dodge.
    Flying,
    /// An Evade.
    Evade,
    /// A Jam taking hold.
    Jam,
    /// Immobilize taking hold.
    Immobilize,
    /// A Regenerate.
    Regenerate,
    /// Payback firing.
    Payback,
    /// Tribute firing.
    Tribute,
    /// The target of a single-target skill (value: the slot).
    Target,
}

impl Ev {
    pub(super) const ALL: [Ev; 9] = [
        Ev::Flurry,
        Ev::Flying,
        Ev::Evade,
        Ev::Jam,
        Ev::Immobilize,
        Ev::Regenerate,
        Ev::Payback,
        Ev::Tribute,
        Ev::Target,
    ];
    pub(super) fn name(self) -> &'static str {
        match self {
            Ev::Flurry => "flurry",
            Ev::Flying => "flying",
            Ev::Evade => "evade",
            Ev::Jam => "jam",
            Ev::Immobilize => "immobilize",
            Ev::Regenerate => "regenerate",
            Ev::Payback => "payback",
            Ev::Tribute => "tribute",
            Ev::Target => "target",
        }
    }
}

/// Write a line to the event log if it is on (the text is only built then).
macro_rules! note {
    ($s:expr, $($arg:tt)*) => {
        if $s.log.is_some() {
            let line = format!($($arg)*);
            $s.push_note(line);
        }
    };
}

impl PartialEq for TyrantState {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::eq(self.shared, o.shared)
            && self.sides == o.sides
            && self.active == o.active
            && self.turn == o.turn
            && self.result == o.result
            && self.rng == o.rng
            && self.forced == o.forced
    }
}

#[inline]
fn bit(pos: u8) -> u64 {
    1u64 << pos
}

impl TyrantState {
    /// Deal a game: shuffle both decks and run until the first decision.
    pub(super) fn deal(shared: &'static Shared, seating: &[u8], mut rng: GameRng) -> Self {
        let mk = |seat: usize, rng: &mut GameRng| {
            let deck = &shared.decks[seating[seat] as usize];
            let cmd = shared.db.card(deck.commander);
            let mut library: ArrayVec<u8, MAX_DECK> = (0..deck.cards.len() as u8).collect();
            if shared.rules.shuffle {
                library.shuffle(rng);
            } else {
                library.reverse(); // top = first card of the list
            }
            Side {
                commander: Unit::new(deck.commander, cmd, NO_POS),
                assaults: ArrayVec::new(),
                structures: ArrayVec::new(),
                library,
                hand: ArrayVec::new(),
                deck: seating[seat],
                drawn: 0,
                opening: 0,
                played: 0,
                gone: 0,
                turns: 0,
            }
        };
        let a = mk(0, &mut rng);
        let d = mk(1, &mut rng);
        let mut s = TyrantState {
            shared,
            sides: [a, d],
            active: shared.rules.first,
            turn: 1,
            result: None,
            rng,
            forced: ArrayVec::new(),
            forced_misses: ArrayVec::new(),
            log: None,
        };
        s.start_turn();
        s
    }

    #[inline]
    fn def(&self, card: u16) -> &'static CardDef {
        let shared: &'static Shared = self.shared;
        shared.db.card(card)
    }

    /// The card at deck position `pos` of seat `seat`.
    #[inline]
    pub fn card_at(&self, seat: usize, pos: u8) -> u16 {
        self.shared.decks[self.sides[seat].deck as usize].cards[pos as usize]
    }

    /// Whether the game is over.
    #[inline]
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// A coin flip of event `ev` succeeding with `percent`% (a forced outcome first).
    fn roll(&mut self, ev: Ev, percent: u8) -> bool {
        if !self.forced.is_empty() {
            if let Some(k) = self.forced.iter().position(|f| f.0 == ev) {
                let v = self.forced.remove(k).1 != 0;
                note!(
                    self,
                    "  (forced: {} {})",
                    ev.name(),
                    if v { "succeeds" } else { "fails" }
                );
                return v;
            }
        }
        percent >= 100 || (percent > 0 && self.rng.random_range(0..100u32) < percent as u32)
    }

    /// One of `targets` (slots), uniformly at random (a forced target first).
    fn pick(&mut self, targets: &[u8]) -> u8 {
        if !self.forced.is_empty() {
            if let Some(k) = self.forced.iter().position(|f| f.0 == Ev::Target) {
                let v = self.forced.remove(k).1;
                if targets.contains(&v) {
                    return v;
                }
                let _ = self.forced_misses.try_push((Ev::Target, v));
            }
        }
        targets[self.rng.random_range(0..targets.len())]
    }

    #[cold]
    fn push_note(&mut self, line: String) {
        if let Some(l) = self.log.as_mut() {
            l.push(line);
        }
    }

    /// Name of assault `i` of side `s`, for the log.
    fn an(&self, s: usize, i: usize) -> String {
        let u = &self.sides[s].assaults[i];
        format!(
            "{} {} (slot {i}, {} hp)",
            SEATS[s],
            self.def(u.card).name,
            u.hp
        )
    }

    // ---- turn steps -------------------------------------------------------------------

    /// Steps 1–4 of the active participant's turn; loops through turns without a decision
    /// (empty hand) until a decision is due or the game ends.
    fn start_turn(&mut self) {
        loop {
            let p = self.active as usize;
            note!(self, "turn {}: {}", self.turn, SEATS[p]);
            // 1. Statuses: Protect wears off at the start of its owner's turn. (Rallied,
            // Weakened, Jammed, Chaosed, Immobilized and Enfeebled were removed at the end
            // of the turns that ended them; see `end_turn`.)
            for u in self.sides[p].assaults.iter_mut() {
                u.protected = 0;
            }
            // 2. Poison (a poison death may regenerate unless diseased).
            for i in 0..self.sides[p].assaults.len() {
                let u = &mut self.sides[p].assaults[i];
                if u.alive() && u.poisoned > 0 {
                    u.hp = u.hp.saturating_sub(u.poisoned as i16);
                    note!(
                        self,
                        "  poison: {} loses {}",
                        self.an(p, i),
                        self.sides[p].assaults[i].poisoned
                    );
                    if !self.sides[p].assaults[i].alive() {
                        self.died(p, i);
                    }
                }
            }
            // 3. Timers.
            let side = &mut self.sides[p];
            for u in side.assaults.iter_mut().chain(side.structures.iter_mut()) {
                u.timer = u.timer.saturating_sub(1);
            }
            // 4. Draw.
            let first = side.turns == 0;
            let n = if first {
                self.shared.rules.first_draw
            } else {
                1
            };
            side.turns += 1;
            for _ in 0..n {
                if side.hand.is_full() {
                    break;
                }
                match side.library.pop() {
                    Some(pos) => {
                        side.drawn |= bit(pos);
                        if first {
                            side.opening |= bit(pos);
                        }
                        side.hand.push(pos);
                    }
                    None => break,
                }
            }
            if !self.sides[p].hand.is_empty() {
                return; // 5. a card must be played: the participant decides which.
            }
            self.finish_turn(None);
            if self.over() {
                return;
            }
        }
    }

    /// Steps 5–12, after the participant chose the hand card `played` (if any).
    fn finish_turn(&mut self, played: Option<u8>) {
        let p = self.active as usize;
        // 5. Play a card; 6. an action card's skills fire, then it leaves the game.
        if let Some(pos) = played {
            let id = self.card_at(p, pos);
            let def = self.def(id);
            note!(self, "  {} plays {}", SEATS[p], def.name);
            let side = &mut self.sides[p];
            side.played |= bit(pos);
            match def.kind {
                CardType::Assault => side.assaults.push(Unit::new(id, def, pos)),
                CardType::Structure => side.structures.push(Unit::new(id, def, pos)),
                CardType::Action => {
                    side.gone |= bit(pos);
                    for sk in def.acts.iter() {
                        self.activate(p, Src::Action, *sk);
                    }
                }
                CardType::Commander => unreachable!("decks hold no commanders"),
            }
        }
        // 7. Commander.
        let cdef = self.def(self.sides[p].commander.card);
        for sk in cdef.acts.iter() {
            self.activate(p, Src::Commander, *sk);
        }
        // 8. Structures, left to right.
        let mut i = 0;
        while i < self.sides[p].structures.len() {
            let u = self.sides[p].structures[i];
            if u.alive() && u.timer == 0 {
                for sk in self.def(u.card).acts.iter() {
                    self.activate(p, Src::Structure, *sk);
                }
            }
            i += 1;
        }
        // 9. Assaults, left to right, each taking its turn.
        let mut i = 0;
        while i < self.sides[p].assaults.len() {
            let u = self.sides[p].assaults[i];
            if u.alive() && u.timer == 0 {
                self.assault_turn(p, i);
                if self.over() {
                    return;
                }
            }
            i += 1;
        }
        // 10. Refresh: living, non-diseased cards with Refresh are restored to full health
        // (a card destroyed by Counter that failed to regenerate is not living).
        self.refresh(p);
        self.end_turn();
    }

    fn refresh(&mut self, p: usize) {
        let shared: &'static Shared = self.shared;
        if !shared.decks[self.sides[p].deck as usize].has_refresh {
            return;
        }
        let log = self.log.is_some();
        let mut refreshed: ArrayVec<u16, { 2 * ROW + 1 }> = ArrayVec::new();
        let side = &mut self.sides[p];
        let c = &mut side.commander;
        if shared.db.card(c.card).passive.refresh {
            c.hp = c.max_hp;
        }
        for u in side.structures.iter_mut().chain(side.assaults.iter_mut()) {
            if u.alive()
                && !u.has(DISEASED)
                && shared.db.card(u.card).passive.refresh
                && u.hp < u.max_hp
            {
                u.hp = u.max_hp;
                if log {
                    refreshed.push(u.card);
                }
            }
        }
        for c in refreshed {
            note!(
                self,
                "  refresh: {} {} is back to full health",
                SEATS[p],
                self.def(c).name
            );
        }
    }

    /// Steps 11–12 and the statuses that end with this turn.
    fn end_turn(&mut self) {
        let p = self.active as usize;
        let q = 1 - p;
        // 11. Shift: the opposing rows close their gaps; the acting side's own dead stay as
        // gaps through the opponent's turn unless `shift_acting_side` is set.
        self.shift(q);
        if self.shared.rules.shift_acting_side {
            self.shift(p);
        }
        for u in self.sides[q].assaults.iter_mut() {
            u.enfeebled = 0;
        }
        for u in self.sides[p].assaults.iter_mut() {
            u.enfeebled = 0;
            u.rallied = 0;
            u.weakened = 0;
            u.flags &= !(ATTACKED | JAMMED | CHAOSED | IMMOBILIZED);
        }
        // 12. Turn counter; the turn limit.
        if self.turn >= self.shared.rules.turn_limit {
            self.result = Some(match self.shared.rules.at_limit {
                AtLimit::Defender => Outcome::winner(2, DEFENDER, EndReason::TurnLimit),
                AtLimit::Draw => Outcome::draw(2, EndReason::TurnLimit),
            });
            note!(self, "turn limit reached");
            return;
        }
        self.turn += 1;
        self.active = q as u8;
    }

    fn shift(&mut self, s: usize) {
        let side = &mut self.sides[s];
        if side.assaults.iter().all(Unit::alive) && side.structures.iter().all(Unit::alive) {
            return;
        }
        let mut gone = 0u64;
        side.assaults.retain(|u| {
            if u.alive() {
                true
            } else {
                gone |= bit(u.pos);
                false
            }
        });
        side.structures.retain(|u| {
            if u.alive() {
                true
            } else {
                gone |= bit(u.pos);
                false
            }
        });
        side.gone |= gone;
    }

    // ---- deaths ---------------------------------------------------------------------

    /// Assault `i` of side `s` has just dropped to 0 health or less: Regenerate may bring it
    /// back (50%, `regenerate_chance`) unless it is diseased. Returns whether it lives.
    #[inline(always)]
    fn died(&mut self, s: usize, i: usize) -> bool {
        if self.def(self.sides[s].assaults[i].card).passive.regenerate == 0 && self.log.is_none() {
            return false;
        }
        self.regenerate(s, i)
    }

    #[inline(never)]
    fn regenerate(&mut self, s: usize, i: usize) -> bool {
        let u = self.sides[s].assaults[i];
        let x = self.def(u.card).passive.regenerate;
        if x > 0
            && !u.has(DISEASED)
            && self.roll(Ev::Regenerate, self.shared.rules.regenerate_chance)
        {
            let u = &mut self.sides[s].assaults[i];
            u.hp = (x as i16).min(u.max_hp);
            note!(self, "  {} regenerates", self.an(s, i));
            return true;
        }
        note!(self, "  {} is destroyed", self.an(s, i));
        false
    }

    // ---- skills ---------------------------------------------------------------------

    /// Whether a skill of kind `kind` restricted to `faction` may pick assault `u`.
    #[inline]
    fn valid_target(&self, kind: ActKind, faction: u8, u: &Unit) -> bool {
        if !u.alive() {
            return false;
        }
        let def = self.def(u.card);
        if faction != ANY_FACTION && def.faction != faction {
            return false;
        }
        match kind {
            ActKind::Strike | ActKind::Enfeeble | ActKind::Protect => true,
            // Weaken only picks assaults that have attack to lose and act this turn or next.
            ActKind::Weaken => u.power(def) > 0 && u.timer <= 1,
            // Rally only picks allies that will still attack this turn.
            ActKind::Rally => {
                u.timer == 0 && !u.has(ATTACKED) && !u.has(JAMMED) && !u.has(IMMOBILIZED)
            }
            // Jam and Chaos pick assaults that act this turn or next, not already affected.
            ActKind::Jam => u.timer <= 1 && !u.has(JAMMED),
            ActKind::Chaos => u.timer <= 1 && !u.has(CHAOSED),
        }
    }

    /// Fire one activation skill of side `p` from `src` (order rules 1–5 of the text).
    fn activate(&mut self, p: usize, src: Src, sk: ActSkill) {
        let chaosed = match src {
            Src::Assault(i) => self.sides[p].assaults[i as usize].has(CHAOSED),
            _ => false,
        };
        // 4. A chaosed assault's hostile skills hit its own side (itself included).
        let (ts, via) = match (sk.kind.hostile(), chaosed) {
            (true, false) => (1 - p, Via::Printed),
            (true, true) => (p, Via::Chaosed),
            (false, _) => (p, Via::Printed),
        };
        let mut targets: ArrayVec<u8, ROW> = ArrayVec::new();
        for (i, u) in self.sides[ts].assaults.iter().enumerate() {
            if self.valid_target(sk.kind, sk.faction, u) {
                targets.push(i as u8);
            }
        }
        if targets.is_empty() {
            note!(
                self,
                "  {} {}: no valid target",
                self.src_name(p, src),
                sk.kind.name()
            );
            return;
        }
        if sk.all {
            for &t in targets.iter() {
                self.use_on(p, src, ts, t as usize, sk, via);
                // A source destroyed (and not regenerated) or jammed on the way by a
                // Payback stops at once, the rest of this All skill included.
                if let Src::Assault(i) = src {
                    let u = &self.sides[p].assaults[i as usize];
                    if !u.alive() || u.has(JAMMED) {
                        break;
                    }
                }
            }
        } else {
            let t = self.pick(&targets);
            self.use_on(p, src, ts, t as usize, sk, via);
        }
    }

    fn src_name(&self, p: usize, src: Src) -> String {
        match src {
            Src::Action => format!("{}'s action", SEATS[p]),
            Src::Commander => format!("{} commander", SEATS[p]),
            Src::Structure => format!("{} structure", SEATS[p]),
            Src::Assault(i) => self.an(p, i as usize),
        }
    }

    /// Skill `sk` of side `p` from `src` on assault `t` of side `ts`, then Payback or
    /// Tribute.
    fn use_on(&mut self, p: usize, src: Src, ts: usize, t: usize, sk: ActSkill, via: Via) {
        let rules: &'static Rules = &self.shared.rules;
        let tdef = self.def(self.sides[ts].assaults[t].card);
        let on_enemy = ts != p;
        note!(
            self,
            "  {} uses {}{}{} on {}",
            self.src_name(p, src),
            sk.kind.name(),
            if sk.kind.takes_x() {
                format!(" {}", sk.x)
            } else {
                String::new()
            },
            if via == Via::Chaosed {
                " (chaosed)"
            } else {
                ""
            },
            self.an(ts, t)
        );
        // 2. Evade: only against the enemy's own skills.
        if on_enemy && tdef.passive.evade && self.roll(Ev::Evade, rules.evade_chance) {
            note!(self, "  {} evades", self.an(ts, t));
            return;
        }
        if sk.kind == ActKind::Jam && !self.roll(Ev::Jam, rules.jam_chance) {
            note!(self, "  the jam fails");
            return;
        }
        self.effect(ts, t, sk.kind, sk.x);
        // 5. Payback (enemy skills) and Tribute (allied skills) answer skills from another
        // assault; the answer is a single-target copy that nothing answers in turn.
        let Src::Assault(i) = src else { return };
        let i = i as usize;
        let (answer, ev, chance) = if on_enemy {
            (tdef.passive.payback, Ev::Payback, rules.payback_chance)
        } else {
            let counts = via == Via::Printed || rules.tribute_on_chaos;
            (
                tdef.passive.tribute && t != i && counts,
                Ev::Tribute,
                rules.tribute_chance,
            )
        };
        if !answer || !self.valid_target(sk.kind, ANY_FACTION, &self.sides[p].assaults[i]) {
            return;
        }
        if !self.roll(ev, chance) {
            return;
        }
        note!(
            self,
            "  {} answers with {} ({})",
            self.an(ts, t),
            sk.kind.name(),
            ev.name()
        );
        if sk.kind == ActKind::Jam && !self.roll(Ev::Jam, rules.jam_chance) {
            note!(self, "  the jam fails");
            return;
        }
        self.effect(p, i, sk.kind, sk.x);
    }

    /// The effect of a skill on assault `t` of side `ts`.
    fn effect(&mut self, ts: usize, t: usize, kind: ActKind, x: u8) {
        let u = &mut self.sides[ts].assaults[t];
        match kind {
            ActKind::Strike => {
                // 3. Enfeeble and Protect count; Armor does not.
                let dmg = (x as i16 + u.enfeebled as i16 - u.protected as i16).max(0);
                u.hp = u.hp.saturating_sub(dmg);
                note!(self, "  {dmg} damage to {}", self.an(ts, t));
                if !self.sides[ts].assaults[t].alive() {
                    self.died(ts, t);
                }
            }
            ActKind::Enfeeble => u.enfeebled = u.enfeebled.saturating_add(x),
            ActKind::Weaken => u.weakened = u.weakened.saturating_add(x),
            ActKind::Rally => u.rallied = u.rallied.saturating_add(x),
            ActKind::Protect => u.protected = u.protected.saturating_add(x),
            ActKind::Jam => u.set(JAMMED, true),
            ActKind::Chaos => u.set(CHAOSED, true),
        }
    }

    // ---- the assault's turn ------------------------------------------------------------

    fn assault_turn(&mut self, p: usize, i: usize) {
        let def = self.def(self.sides[p].assaults[i].card);
        if self.sides[p].assaults[i].has(JAMMED) {
            note!(self, "  {} is jammed and skips its turn", self.an(p, i));
            self.sides[p].assaults[i].set(ATTACKED, true);
            return;
        }
        // 1. Activation skills, in printed order.
        let mut no_attack = false;
        for sk in def.acts.iter() {
            let weakened = self.sides[p].assaults[i].weakened;
            self.activate(p, Src::Assault(i as u8), *sk);
            let u = &self.sides[p].assaults[i];
            // 6. Killed (and not regenerated) or jammed by its own chaosed or paybacked
            // skill: the rest of its turn is cancelled.
            if !u.alive() || u.has(JAMMED) {
                note!(self, "  {}'s turn ends", self.an(p, i));
                return;
            }
            // 7. Brought to 0 attack by a chaosed or paybacked Weaken: no attack.
            if u.weakened > weakened && u.power(def) == 0 {
                no_attack = true;
            }
        }
        // From here on this assault has had its chance to attack: later Rallies skip it
        // whether or not it attacks (a 0-attack card does not).
        self.sides[p].assaults[i].set(ATTACKED, true);
        if no_attack || self.sides[p].assaults[i].has(IMMOBILIZED) {
            note!(self, "  {} does not attack", self.an(p, i));
            return;
        }
        // 2. Attack.
        self.attack(p, i, def);
    }

    fn living(&self, s: usize) -> i16 {
        self.sides[s].assaults.iter().filter(|u| u.alive()).count() as i16
    }

    fn attack(&mut self, p: usize, i: usize, def: &'static CardDef) {
        let q = 1 - p;
        if self.sides[p].assaults[i].power(def) == 0 {
            return; // no attack at all
        }
        // Flurry is decided when the attack starts.
        let mut swings = 1u8;
        if def.passive.flurry > 0 && self.roll(Ev::Flurry, self.shared.rules.flurry_chance) {
            swings += def.passive.flurry;
            note!(self, "  flurry: {} extra attacks", def.passive.flurry);
        }
        let fear = def.passive.fear;
        for _ in 0..swings {
            // Fear: attack as if the slot opposite were empty.
            let opposite_alive = !fear && self.sides[q].assaults.get(i).is_some_and(|u| u.alive());
            if def.passive.swipe && opposite_alive {
                // Left neighbour, the card opposite, right neighbour.
                if i > 0 && self.sides[q].assaults[i - 1].alive() {
                    self.hit_assault(p, i, i - 1, def);
                    if self.stop_swinging(p, i) {
                        return;
                    }
                }
                if self.sides[q].assaults[i].alive() {
                    self.hit_assault(p, i, i, def);
                } else {
                    self.hit_beyond(p, i, def);
                }
                if self.stop_swinging(p, i) {
                    return;
                }
                if self.sides[q].assaults.get(i + 1).is_some_and(|u| u.alive()) {
                    self.hit_assault(p, i, i + 1, def);
                }
            } else if opposite_alive {
                self.hit_assault(p, i, i, def);
            } else {
                self.hit_beyond(p, i, def);
            }
            // 10. The sequence ends when the attacker died (and did not regenerate).
            if self.stop_swinging(p, i) {
                return;
            }
        }
    }

    #[inline]
    fn stop_swinging(&self, p: usize, i: usize) -> bool {
        self.over() || !self.sides[p].assaults[i].alive()
    }

    fn valor(&self, p: usize, def: &CardDef) -> i16 {
        if def.passive.valor > 0 && self.living(p) < self.living(1 - p) {
            def.passive.valor as i16
        } else {
            0
        }
    }

    /// Counter damage `x` back to attacker `i` of side `p` (its Enfeeble adds, its Protect
    /// subtracts).
    #[inline(always)]
    fn counter(&mut self, p: usize, i: usize, x: u8) {
        let a = &mut self.sides[p].assaults[i];
        let cd = (x as i16 + a.enfeebled as i16 - a.protected as i16).max(0);
        a.hp = a.hp.saturating_sub(cd);
        note!(self, "  counter: {cd} damage to {}", self.an(p, i));
    }

    /// One attack of assault `i` of side `p` on enemy assault `j` (attack checks 3–9).
    fn hit_assault(&mut self, p: usize, i: usize, j: usize, adef: &'static CardDef) {
        let q = 1 - p;
        let rules: &'static Rules = &self.shared.rules;
        let a = self.sides[p].assaults[i];
        let d = self.sides[q].assaults[j];
        let ddef = self.def(d.card);
        // 3. Flying: a dodge, unless the attacker flies too or has Antiair.
        if ddef.passive.flying
            && !adef.passive.flying
            && adef.passive.antiair == 0
            && self.roll(Ev::Flying, rules.flying_chance)
        {
            note!(
                self,
                "  {} attacks {}: dodged (flying)",
                self.an(p, i),
                self.an(q, j)
            );
            return;
        }
        // 3.–4. Armor, Enfeeble, Antiair, Protect, Pierce; Valor.
        let power = a.power(adef);
        let valor = self.valor(p, adef);
        let antiair = if ddef.passive.flying {
            adef.passive.antiair as i16
        } else {
            0
        };
        let defence =
            (ddef.passive.armor as i16 + d.protected as i16 - adef.passive.pierce as i16).max(0);
        let dmg = power
            .saturating_add(valor + antiair + d.enfeebled as i16)
            .saturating_sub(defence)
            .max(0);
        note!(
            self,
            "  {} attacks {}: {dmg} damage",
            self.an(p, i),
            self.an(q, j)
        );
        if dmg == 0 {
            return;
        }
        {
            let d = &mut self.sides[q].assaults[j];
            d.hp = d.hp.saturating_sub(dmg);
        }
        // 6. On damage to an assault: Immobilize, Poison, Counter, Leech, Siphon, Berserk,
        // Disease, in the text's order.
        if adef.passive.immobilize {
            let d = self.sides[q].assaults[j];
            if !d.has(IMMOBILIZED)
                && !d.has(JAMMED)
                && d.timer <= 1
                && self.roll(Ev::Immobilize, rules.immobilize_chance)
            {
                self.sides[q].assaults[j].set(IMMOBILIZED, true);
                note!(self, "  {} is immobilized", self.an(q, j));
            }
        }
        // 9. Only a stronger Poison replaces a weaker one.
        if adef.passive.poison > self.sides[q].assaults[j].poisoned {
            self.sides[q].assaults[j].poisoned = adef.passive.poison;
            note!(
                self,
                "  {} is poisoned ({})",
                self.an(q, j),
                adef.passive.poison
            );
        }
        let killed = !self.sides[q].assaults[j].alive();
        if ddef.passive.counter > 0 && (rules.counter_on_death || !killed) {
            self.counter(p, i, ddef.passive.counter);
        }
        // 8. Leech needs a living, non-diseased attacker.
        let a = &mut self.sides[p].assaults[i];
        if adef.passive.leech > 0 && a.alive() && !a.has(DISEASED) {
            a.hp =
                a.hp.saturating_add(dmg.min(adef.passive.leech as i16))
                    .min(a.max_hp);
            note!(self, "  leech: {}", self.an(p, i));
        }
        if adef.passive.siphon > 0 {
            let c = &mut self.sides[p].commander;
            c.hp =
                c.hp.saturating_add(dmg.min(adef.passive.siphon as i16))
                    .min(c.max_hp);
            note!(
                self,
                "  siphon: the {} commander has {} hp",
                SEATS[p],
                self.sides[p].commander.hp
            );
        }
        let a = &mut self.sides[p].assaults[i];
        if adef.passive.berserk > 0 && a.alive() {
            a.berserk = a.berserk.saturating_add(adef.passive.berserk as i16);
            note!(
                self,
                "  berserk: {} has {} attack",
                self.an(p, i),
                self.sides[p].assaults[i].power(adef)
            );
        }
        if adef.passive.disease {
            self.sides[q].assaults[j].set(DISEASED, true);
            note!(self, "  {} is diseased", self.an(q, j));
        }
        // 7. Deaths: Crush, then Regenerate (the defender's, then the attacker's).
        if killed {
            if adef.passive.crush > 0 {
                self.crush(p, adef.passive.crush);
                if self.over() {
                    return;
                }
            }
            self.died(q, j);
        }
        if !self.sides[p].assaults[i].alive() {
            self.died(p, i);
        }
    }

    /// Crush: `x` damage to the enemy's leftmost living Wall, else its commander.
    fn crush(&mut self, p: usize, x: u8) {
        let q = 1 - p;
        match self.wall_of(q) {
            Some(w) => {
                let u = &mut self.sides[q].structures[w];
                u.hp = u.hp.saturating_sub(x as i16);
                note!(self, "  crush: {x} damage to {} wall", SEATS[q]);
            }
            None => {
                note!(self, "  crush: {x} damage to the {} commander", SEATS[q]);
                self.hit_commander(p, x as i16)
            }
        }
    }

    fn wall_of(&self, q: usize) -> Option<usize> {
        self.sides[q]
            .structures
            .iter()
            .position(|u| u.alive() && self.def(u.card).passive.wall)
    }

    fn hit_commander(&mut self, p: usize, dmg: i16) {
        let q = 1 - p;
        let c = &mut self.sides[q].commander;
        c.hp = c.hp.saturating_sub(dmg);
        note!(
            self,
            "  {dmg} damage to the {} commander ({} left)",
            SEATS[q],
            self.sides[q].commander.hp
        );
        if self.sides[q].commander.hp < 1 {
            self.result = Some(Outcome::winner(2, p as u8, EndReason::Decided));
            note!(self, "{} wins", SEATS[p]);
        }
    }

    /// An attack aimed past the assault row: the leftmost living Wall, else the commander.
    fn hit_beyond(&mut self, p: usize, i: usize, adef: &'static CardDef) {
        let q = 1 - p;
        let rules: &'static Rules = &self.shared.rules;
        let dmg = self.sides[p].assaults[i]
            .power(adef)
            .saturating_add(self.valor(p, adef));
        let wall = if adef.passive.fear && !rules.fear_wall {
            None
        } else {
            self.wall_of(q)
        };
        match wall {
            Some(w) => {
                let u = &mut self.sides[q].structures[w];
                u.hp = u.hp.saturating_sub(dmg);
                let alive = u.alive();
                let c = self.shared.db.card(u.card).passive.counter;
                note!(
                    self,
                    "  {} attacks the {} wall: {dmg} damage",
                    self.an(p, i),
                    SEATS[q]
                );
                if c > 0 && dmg > 0 && (rules.counter_on_death || alive) {
                    self.counter(p, i, c);
                    if !self.sides[p].assaults[i].alive() {
                        self.died(p, i);
                    }
                }
            }
            None => self.hit_commander(p, dmg),
        }
        if rules.berserk_on_commander && dmg > 0 && !self.over() {
            let a = &mut self.sides[p].assaults[i];
            if a.alive() {
                a.berserk = a.berserk.saturating_add(adef.passive.berserk as i16);
            }
        }
    }

    // ---- interface helpers -------------------------------------------------------------

    /// Queue a forced outcome (scenarios).
    pub(super) fn force(&mut self, event: &str, outcome: &str) -> Result<(), String> {
        let ev = Ev::ALL
            .iter()
            .copied()
            .find(|e| e.name() == event.trim())
            .ok_or_else(|| {
                let names: Vec<&str> = Ev::ALL.iter().map(|e| e.name()).collect();
                format!(
                    "unknown random event '{event}' (known: {})",
                    names.join(", ")
                )
            })?;
        let o = outcome.trim().to_lowercase();
        let v = if ev == Ev::Target {
            o.parse::<u8>().map_err(|_| {
                format!("target: '{outcome}' is not a slot number (0 is the leftmost)")
            })?
        } else {
            match o.as_str() {
                "success" | "succeeds" | "yes" | "true" => 1,
                "fail" | "fails" | "no" | "false" => 0,
                _ => return Err(format!("{event}: '{outcome}' is not success or fail")),
            }
        };
        self.forced
            .try_push((ev, v))
            .map_err(|_| format!("more than {MAX_FORCED} forced outcomes queued"))
    }

    /// Forced outcomes never used, or not usable as given.
    pub(super) fn unused(&self) -> Vec<String> {
        let show = |&(e, v): &(Ev, u8)| match e {
            Ev::Target => format!("target={v}"),
            _ => format!("{}={}", e.name(), if v != 0 { "success" } else { "fail" }),
        };
        let mut out: Vec<String> = self.forced.iter().map(show).collect();
        out.extend(
            self.forced_misses
                .iter()
                .map(|m| format!("{} (not a valid target when used)", show(m))),
        );
        out
    }

    /// Turn the event log on or off.
    pub(super) fn logging(&mut self, on: bool) {
        self.log = if on { Some(Box::default()) } else { None };
        note!(self, "turn {}: {}", self.turn, SEATS[self.active as usize]);
    }

    /// Take the event log's lines.
    pub(super) fn drain_log(&mut self) -> Vec<String> {
        self.log
            .as_mut()
            .map(|l| std::mem::take(&mut **l))
            .unwrap_or_default()
    }

    /// Play the card in hand slot `slot` and run the game to the next decision.
    pub(super) fn play_slot(&mut self, slot: usize) {
        let p = self.active as usize;
        let pos = self.sides[p].hand.remove(slot);
        self.finish_turn(Some(pos));
        if !self.over() {
            self.start_turn();
        }
    }

    /// Shuffle what `viewer` cannot see: its own draw pile's order, and the opponent's hand
    /// and draw pile together (deck lists are public); reseed the game's RNG.
    pub(super) fn resample(&mut self, viewer: u8, rng: &mut GameRng) {
        let v = viewer as usize;
        self.sides[v].library.shuffle(rng);
        let o = &mut self.sides[1 - v];
        let hand_len = o.hand.len();
        let mut pool: ArrayVec<u8, MAX_DECK> = ArrayVec::new();
        pool.extend(o.hand.drain(..));
        pool.extend(o.library.drain(..));
        pool.shuffle(rng);
        for &pos in pool.iter().take(hand_len) {
            o.hand.push(pos);
        }
        for &pos in pool.iter().skip(hand_len) {
            o.library.push(pos);
        }
        // In the resampled world, "drawn" means what is out of the draw pile.
        let mut in_library = 0u64;
        for &pos in o.library.iter() {
            in_library |= bit(pos);
        }
        o.drawn = (o.drawn | o.hand.iter().fold(0, |m, &p| m | bit(p))) & !in_library;
        o.opening &= o.drawn;
        self.rng = GameRng::new(rng.next_u64(), rng.next_u64());
    }

    pub(super) fn usage(&self, seat: u8) -> CardUsage {
        let s = &self.sides[seat as usize];
        CardUsage {
            drawn: s.drawn,
            opening: s.opening,
            played: s.played,
        }
    }

    /// The "ordered" play mode: the hand card that comes first in the deck list.
    pub(super) fn ordered_choice(&self) -> Action {
        let h = &self.sides[self.active as usize].hand;
        let slot = (0..h.len()).min_by_key(|&k| h[k]).unwrap_or(0);
        Action(slot as u16)
    }

    /// A simple evaluation for seat `p`: commander health difference plus half the
    /// attack-plus-health on board.
    pub(super) fn eval(&self, p: u8) -> f64 {
        let side_value = |s: &Side| -> f64 {
            let mut v = s.commander.hp.max(0) as f64;
            for u in s.assaults.iter().filter(|u| u.alive()) {
                v += 0.5 * (u.hp as f64 + self.def(u.card).attack as f64);
            }
            for u in s.structures.iter().filter(|u| u.alive()) {
                v += 0.25 * u.hp as f64;
            }
            v + 0.5 * (s.hand.len() + s.library.len()) as f64
        };
        if let Some(o) = self.result {
            return match o.result(p as usize) {
                crate::PlayerResult::Win => 1e6,
                crate::PlayerResult::Draw => 0.0,
                crate::PlayerResult::Loss => -1e6,
            };
        }
        side_value(&self.sides[p as usize]) - side_value(&self.sides[1 - p as usize])
    }

    pub(super) fn invariants(&self) -> Result<(), String> {
        for (s, side) in self.sides.iter().enumerate() {
            let n = self.shared.decks[side.deck as usize].cards.len();
            let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let mut seen = 0u64;
            let mut add = |pos: u8, zone: &str| -> Result<(), String> {
                if pos as usize >= n {
                    return Err(format!(
                        "seat {s}: position {pos} in {zone} is outside the deck"
                    ));
                }
                if seen & bit(pos) != 0 {
                    return Err(format!("seat {s}: position {pos} is in two zones ({zone})"));
                }
                seen |= bit(pos);
                Ok(())
            };
            for &p in side.library.iter() {
                add(p, "library")?;
            }
            for &p in side.hand.iter() {
                add(p, "hand")?;
            }
            for u in side.assaults.iter().chain(side.structures.iter()) {
                add(u.pos, "board")?;
                if u.hp > u.max_hp {
                    return Err(format!(
                        "seat {s}: a unit has {} of {} health",
                        u.hp, u.max_hp
                    ));
                }
                if self.card_at(s, u.pos) != u.card {
                    return Err(format!(
                        "seat {s}: unit card does not match its deck position"
                    ));
                }
            }
            for pos in 0..n as u8 {
                if side.gone & bit(pos) != 0 {
                    add(pos, "gone")?;
                }
            }
            if seen != full {
                return Err(format!(
                    "seat {s}: cards missing from every zone: {:#x}",
                    full & !seen
                ));
            }
            if side.commander.hp > side.commander.max_hp {
                return Err(format!("seat {s}: commander above maximum health"));
            }
            if side.commander.hp < 1 && self.result.is_none() {
                return Err(format!("seat {s}: commander dead but the game goes on"));
            }
            if side.played & !side.drawn != 0 {
                return Err(format!("seat {s}: a card was played without being drawn"));
            }
            // The active side's dead may stay until the end of the opponent's turn; the
            // other side's rows hold no dead at the start of a decision.
        }
        if self.turn == 0 || self.turn > self.shared.rules.turn_limit {
            return Err(format!("turn {} out of range", self.turn));
        }
        Ok(())
    }
}
