//! Checks on an Alpha/Omega state: every card in exactly one zone, values within bounds (the
//! conformance suite's invariants), and the bound on the actions of one game.

use super::*;

impl AoState {
    /// Check that every card is in exactly one zone and values are within bounds.
    pub fn invariants(&self) -> Result<(), String> {
        for owner in 0..=OPP {
            if owner < OPP && (owner >= self.players || self.pile(owner as usize) != owner as usize)
            {
                continue;
            }
            let n = if owner == OPP {
                self.shared.opponent.cards.len()
            } else {
                self.shared.decks[self.decks[owner as usize] as usize]
                    .cards
                    .len()
            };
            let mut seen = 0u64;
            let mut count = 0;
            let mut mark = |pos: u8, zone: &str| -> Result<(), String> {
                if pos as usize >= n || seen & (1 << pos) != 0 {
                    return Err(format!(
                        "owner {owner}: card {pos} twice or out of range ({zone})"
                    ));
                }
                seen |= 1 << pos;
                count += 1;
                Ok(())
            };
            let mut zones: ArrayVec<&ArrayVec<u8, DECK>, 6> = ArrayVec::new();
            let pile = if owner == OPP {
                zones.push(&self.opp_deck);
                zones.push(&self.opp_hand);
                &self.opp_discard
            } else {
                let s = &self.seats[owner as usize];
                zones.push(&s.deck);
                for p in 0..self.players as usize {
                    if self.pile(p) == owner as usize {
                        zones.push(&self.seats[p].hand);
                    }
                }
                &s.discard
            };
            for z in zones.iter().chain(std::iter::once(&pile)) {
                for &c in z.iter() {
                    mark(c, "pile")?;
                }
            }
            for u in self.field.iter().filter(|u| u.card.owner == owner) {
                mark(u.card.pos, "in play")?;
            }
            if count != n {
                return Err(format!(
                    "owner {owner}: {count} cards in zones, the deck has {n}"
                ));
            }
        }
        let mut places = 0;
        for (i, u) in self.field.iter().enumerate() {
            let d = self.udef(i);
            if u.holder != NONE && (d.kind != Kind::Item || self.find(u.holder).is_none()) {
                return Err(format!("{} held by a card not in play", d.name));
            }
            if u.entered > self.round {
                return Err(format!(
                    "{} entered play in round {}, after the current round {}",
                    d.name, u.entered, self.round
                ));
            }
            if u.damage >= d.strength && d.strength > 0 {
                return Err(format!("{} in play with {} damage", d.name, u.damage));
            }
            places += (d.kind == Kind::Place) as u32;
        }
        if places > 1 {
            return Err("more than one Place in play".into());
        }
        let held: usize = self.seats.iter().map(|s| s.callings.len()).sum();
        if held + self.calling_deck.len() != self.shared.callings.len().min(CALLINGS) {
            return Err("Callings lost or doubled".into());
        }
        if self.over() != (self.phase == Phase::Over) {
            return Err("result and phase disagree".into());
        }
        Ok(())
    }

    /// Bound on the actions of one game.
    pub fn bound(&self) -> u32 {
        let per_round = self.seat_count() as u32 * (4 + 2 * FIELD as u32) + 8 * FIELD as u32 + 64;
        1 + self.shared.rules.max_rounds as u32 * per_round
    }
}
