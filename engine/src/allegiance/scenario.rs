//! Scenario set-up keys (`Game::scenario_set`): stack hands, territories, decks and counters
//! right after the deal, so that worked examples can be replayed exactly.
//!
//! Keys (`N` is a seat number): `hand.N`, `units.N`, `gold.N`, `production.N`, `health.N`,
//! `weapon.N`, `armor.N`, `cooldown.N`, `focus.N`, `curse.N`, `top.basic|elite|action`. See
//! `docs/games/allegiance.md`.

use super::state::AllegianceState;
use super::state::*;
use crate::MAX_PLAYERS;

impl AllegianceState {
    /// Take one copy of deck card `card` out of its deck or discard pile (for stacking).
    fn take_copy(&mut self, card: u8) -> Result<(), String> {
        let c = self.shared.db.card(card);
        let Some(d) = c.kind.deck() else {
            return Ok(());
        };
        if let Some(i) = self.decks()[d].iter().position(|&x| x == card) {
            self.piles.decks_mut()[d].remove(i);
            return Ok(());
        }
        if let Some(i) = self.discards()[d].iter().position(|&x| x == card) {
            self.piles.discards_mut()[d].remove(i);
            return Ok(());
        }
        Err(format!(
            "no copy of `{}` left in its deck or discard pile",
            c.name
        ))
    }

    /// Put deck card `card` back at the bottom of its deck.
    fn give_back(&mut self, card: u8) {
        if let Some(d) = self.shared.db.card(card).kind.deck() {
            self.piles.put_under(d, card);
        }
    }

    fn card_id(&self, name: &str) -> Result<u8, String> {
        self.shared
            .db
            .find(name)
            .ok_or_else(|| format!("unknown card `{}`", name.trim()))
    }

    pub(super) fn set_key(&mut self, key: &str, value: &str) -> Result<(), String> {
        let (what, who) = key
            .split_once('.')
            .ok_or_else(|| format!("set-up key `{key}` is not of the form what.seat"))?;
        let list = || value.split(',').map(str::trim).filter(|s| !s.is_empty());
        if what == "top" {
            let d = DECK_NAMES
                .iter()
                .position(|n| *n == who)
                .ok_or_else(|| format!("unknown deck `{who}` (basic, elite, action)"))?;
            let names: Vec<&str> = list().collect();
            for name in names.iter().rev() {
                let c = self.card_id(name)?;
                if self.shared.db.card(c).kind.deck() != Some(d) {
                    return Err(format!("`{name}` is not in the {who} deck"));
                }
                self.take_copy(c)?;
                self.piles.decks_mut()[d].push(c);
            }
            return Ok(());
        }
        let p: usize = who
            .trim_start_matches(['P', 'p'])
            .parse()
            .ok()
            .filter(|&p: &usize| p < self.n())
            .ok_or_else(|| format!("`{who}` is not a seat of this game"))?;
        let number = || -> Result<i64, String> {
            value
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|v| (0..=999).contains(v))
                .ok_or_else(|| format!("`{value}` is not a number from 0 to 999"))
        };
        match what {
            "gold" => self.players[p].gold = number()?.max(0) as u32,
            "focus" => self.players[p].focus = number()?.clamp(0, MAX_COUNTERS as i64) as u16,
            "curse" => self.players[p].curse = self.curse_counters(p, value.trim())?,
            "production" => self.players[p].prod = number()? as u16,
            "health" => {
                let v = number()? as i32;
                if v < 1 || v > self.hero(p).max_health as i32 {
                    return Err(format!("health {v} is outside 1..={}", self.hero(p).max_health));
                }
                self.players[p].health = v;
            }
            "hand" => {
                while let Some(c) = self.players[p].hand.pop() {
                    self.give_back(c);
                }
                self.players[p].hand_actions = 0;
                for name in list() {
                    let c = self.card_id(name)?;
                    let k = self.shared.db.card(c).kind;
                    if k.is_special() {
                        return Err(format!("special card `{name}` cannot be in a hand"));
                    }
                    self.take_copy(c)?;
                    self.players[p]
                        .hand
                        .try_push(c)
                        .map_err(|_| "hand full".to_string())?;
                    self.players[p].hand_actions += self.is_action(c);
                }
            }
            "units" => {
                while let Some(u) = self.players[p].units.edit().pop() {
                    self.give_back(u.card);
                }
                self.players[p].act_units = 0;
                self.boards[p] = 0;
                for spec in list() {
                    let mut parts = spec.split(':').map(str::trim);
                    let name = parts.next().unwrap_or("");
                    let c = self.card_id(name)?;
                    if !self.shared.db.card(c).kind.is_unit() {
                        return Err(format!("`{name}` is not a unit"));
                    }
                    self.take_copy(c)?;
                    let uid = self.next_uid;
                    self.next_uid += 1;
                    let mut u = Unit {
                        uid,
                        card: c,
                        dmg: 0,
                        aug: 0,
                        boost: [0; crate::MAX_PLAYERS],
                        battle_boost: [0; crate::MAX_PLAYERS],
                        shield: [0; crate::MAX_PLAYERS],
                        exhausted: false,
                        entered: 0,
                        att: [(255, 255); 2],
                        curse: [0; MAX_PLAYERS],
                    };
                    for opt in parts {
                        match opt.split_once('=') {
                            Some(("dmg", v)) => u.dmg = v.parse().map_err(|_| format!("bad dmg `{v}`"))?,
                            Some(("aug", v)) => {
                                u.aug = v
                                    .parse()
                                    .ok()
                                    .filter(|&a| a <= MAX_COUNTERS)
                                    .ok_or_else(|| format!("bad aug `{v}` (0 to {MAX_COUNTERS})"))?
                            }
                            Some(("curse", v)) => u.curse = self.curse_counters(p, v)?,
                            Some(("attach", v)) => {
                                let (card, owner) = v.rsplit_once('@').ok_or_else(|| {
                                    format!("attach `{v}` is not CARD@SEAT")
                                })?;
                                let c = self.card_id(card)?;
                                if !matches!(
                                    self.shared.db.card(c).kind,
                                    super::cards::Kind::Special | super::cards::Kind::Action
                                ) {
                                    return Err(format!("`{card}` is not an attachment card"));
                                }
                                self.take_copy(c)?;
                                let owner: u8 = owner
                                    .parse()
                                    .ok()
                                    .filter(|&o: &u8| (o as usize) < self.n())
                                    .ok_or_else(|| format!("`{owner}` is not a seat"))?;
                                let slot = u
                                    .att
                                    .iter_mut()
                                    .find(|a| a.0 == 255)
                                    .ok_or("at most two attachments per unit")?;
                                *slot = (c, owner);
                            }
                            None if opt == "new" => u.entered = self.turn,
                            None if opt == "exhausted" => u.exhausted = true,
                            _ => return Err(format!("unknown unit option `{opt}` (dmg=N, aug=N, curse=N, attach=CARD@SEAT, new, exhausted)")),
                        }
                    }
                    let slot = self.players[p].units.len();
                    self.players[p]
                        .units
                        .edit()
                        .try_push(u)
                        .map_err(|_| "territory full".to_string())?;
                    self.players[p].act_units |= self.act_bit(&u) << slot;
                    self.boards[p] = self.walk_board(p);
                    // Checked in play, with the static abilities in play counted.
                    self.recount_statics();
                    if u.dmg >= self.max_hp(&u) {
                        return Err(format!("`{name}` would start with lethal damage"));
                    }
                }
            }
            "weapon" | "armor" => {
                let h = self.hero(p);
                let faces = if what == "weapon" { &h.weapons } else { &h.armors };
                let f = faces
                    .iter()
                    .position(|f| f.name.eq_ignore_ascii_case(value.trim()))
                    .ok_or_else(|| format!("`{value}` is not {} {what} of {}", if what == "armor" { "an" } else { "a" }, h.name))?
                    as u8;
                if what == "weapon" {
                    self.players[p].weapon = f;
                } else {
                    self.players[p].armor = f;
                }
            }
            "cooldown" => {
                for item in list() {
                    let (name, v) = item
                        .split_once('=')
                        .ok_or_else(|| format!("`{item}` is not Ability=N or Ability=locked"))?;
                    let h = self.hero(p);
                    let i = h
                        .abilities
                        .iter()
                        .position(|a| a.name.eq_ignore_ascii_case(name.trim()))
                        .ok_or_else(|| format!("`{}` is not an ability of {}", name.trim(), h.name))?;
                    let v = v.trim();
                    self.players[p].cd[i] = if v == "locked" {
                        -1
                    } else {
                        v.parse::<i8>()
                            .ok()
                            .filter(|&k| k >= 0 && k <= h.abilities[i].delay as i8)
                            .ok_or_else(|| format!("cooldown `{v}` is not 0..={}", h.abilities[i].delay))?
                    };
                }
            }
            _ => {
                return Err(format!(
                    "unknown set-up key `{key}` (hand.N, units.N, gold.N, production.N, health.N, weapon.N, armor.N, cooldown.N, focus.N, curse.N, top.DECK)"
                ))
            }
        }
        Ok(())
    }

    /// Curse counters `C` or `C@SEAT` (placed by SEAT; without it by the next seat after
    /// `p`, the opponent in a two-player game) on a piece of seat `p`.
    fn curse_counters(&self, p: usize, v: &str) -> Result<[u16; MAX_PLAYERS], String> {
        let (c, by) = match v.split_once('@') {
            Some((c, s)) => (c, s.trim().parse::<usize>().ok().filter(|&s| s < self.n())),
            None => (v, Some((p + 1) % self.n())),
        };
        let by = by.ok_or_else(|| format!("curse `{v}`: the placing seat is not a seat"))?;
        let c = c
            .trim()
            .parse::<u16>()
            .ok()
            .filter(|&c| c <= MAX_COUNTERS)
            .ok_or_else(|| {
                format!("curse `{v}` is not C or C@SEAT with C from 0 to {MAX_COUNTERS}")
            })?;
        let mut out = [0; MAX_PLAYERS];
        out[by] = c;
        Ok(out)
    }
}
