//! What the game interface asks of a state: forced chance outcomes, the log, playing a hand slot, resampling hidden information, card usage, the ordered policy, the evaluation and invariants.

use super::*;

impl TyrantState {
    // ---- interface helpers -------------------------------------------------------------

    /// Queue a forced outcome (scenarios).
    pub(in crate::tyrant) fn force(&mut self, event: &str, outcome: &str) -> Result<(), String> {
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
    pub(in crate::tyrant) fn unused(&self) -> Vec<String> {
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
    pub(in crate::tyrant) fn logging(&mut self, on: bool) {
        self.log = if on { Some(Box::default()) } else { None };
        note!(self, "turn {}: {}", self.turn, SEATS[self.active as usize]);
    }

    /// Take the event log's lines.
    pub(in crate::tyrant) fn drain_log(&mut self) -> Vec<String> {
        self.log
            .as_mut()
            .map(|l| std::mem::take(&mut **l))
            .unwrap_or_default()
    }

    /// Play the card in hand slot `slot` and run the game to the next decision.
    ///
    /// The one dispatch between the two compiled turn loops (the deal has the other): the
    /// lean copy when neither deck uses a rarer feature, else the full one (the scheme is
    /// described in [`crate::tyrant::features`]).
    pub(in crate::tyrant) fn play_slot(&mut self, slot: usize) {
        if features::lean(self.features) {
            self.play_slot_in::<LEAN>(slot);
        } else {
            self.play_slot_in::<FULL>(slot);
        }
    }

    /// [`Self::play_slot`] in the turn loop with features `F`.
    fn play_slot_in<const F: u32>(&mut self, slot: usize) {
        let p = self.active as usize;
        let pos = take_from_hand(&mut self.sides[p].hand, slot);
        self.finish_turn::<F>(Some(pos));
        if !self.over() {
            self.start_turn::<F>();
        }
    }

    /// Shuffle what `viewer` cannot see: its own draw pile's order, and the opponent's hand
    /// and draw pile together (deck lists are public); reseed the game's RNG.
    pub(in crate::tyrant) fn resample(&mut self, viewer: u8, rng: &mut GameRng) {
        let v = viewer as usize;
        crate::rng::shuffle_small(&mut self.sides[v].library, rng);
        let o = &mut self.sides[1 - v];
        let hand_len = o.hand.len();
        let mut pool: ArrayVec<u8, MAX_DECK> = ArrayVec::new();
        pool.extend(o.hand.drain(..));
        pool.extend(o.library.drain(..));
        crate::rng::shuffle_small(&mut pool, rng);
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

    pub(in crate::tyrant) fn usage(&self, seat: u8) -> CardUsage {
        let s = &self.sides[seat as usize];
        CardUsage {
            drawn: s.drawn,
            opening: s.opening,
            played: s.played,
        }
    }

    /// The "ordered" play mode: the hand card that comes first in the deck list.
    pub(in crate::tyrant) fn ordered_choice(&self) -> Action {
        let h = &self.sides[self.active as usize].hand;
        let slot = (0..h.len()).min_by_key(|&k| h[k]).unwrap_or(0);
        Action(slot as u16)
    }

    /// A simple evaluation for seat `p`: commander health difference plus half the
    /// attack-plus-health on board.
    pub(in crate::tyrant) fn eval(&self, p: u8) -> f64 {
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

    pub(in crate::tyrant) fn invariants(&self) -> Result<(), String> {
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

/// Take the card in slot `slot` out of `hand`, the later cards moving up one slot (what
/// `ArrayVec::remove` does). Written out for a hand of at most [`HAND`] cards: `remove`
/// moves the tail with a call to `memmove` (about 20 instructions for at most two bytes,
/// once per card played; written without a loop, which the compiler may turn back into
/// that call).
#[inline(always)]
fn take_from_hand(hand: &mut ArrayVec<u8, HAND>, slot: usize) -> u8 {
    const _: () = assert!(HAND == 3, "take_from_hand moves at most two cards");
    let n = hand.len();
    let h = hand.as_mut_slice();
    let pos = h[slot];
    // Branch-free: which slot the random agent picks is not predictable. An index past the
    // end is clamped to the last card (`n - 1`, at least `slot`), and that copy moves a card
    // onto itself, so each line is the move it replaces when the move is due and a no-op
    // otherwise.
    let last = n - 1;
    h[slot] = h[(slot + 1).min(last)];
    h[(slot + 1).min(last)] = h[(slot + 2).min(last)];
    hand.pop();
    pos
}
