//! The search's constraints (card pool, owned inventory, locked cards, the game's deck space)
//! and its legal deck moves: swap a card, add or remove one, reorder two (when order
//! matters), or change a slot (commander, hero, face).

use std::collections::HashMap;
use std::path::Path;

use anyhow::{bail, Result};
use cardsim_engine::data::DeckFile;
use cardsim_engine::{DeckPlan, DeckSpace, DeckText, GameRng, Ruleset};
use rand::RngExt;

/// What a move asks of the game about the searched deck: the legal values of a slot given a
/// plan, and whether a plan is a legal deck by the game's own rules.
pub trait GameDeck: Sync {
    /// [`cardsim_engine::Ruleset::slot_options`] of the searched deck.
    fn slot_options(&self, plan: &DeckPlan, slot: usize) -> Vec<String>;
    /// [`cardsim_engine::Ruleset::check_deck_plan`] of the searched deck passes.
    fn legal(&self, plan: &DeckPlan) -> bool;
}

/// Deck 0 of a rule set, the deck `optimize` searches.
pub struct DeckZero<'a, R>(pub &'a R);

impl<R: Ruleset> GameDeck for DeckZero<'_, R> {
    fn slot_options(&self, plan: &DeckPlan, slot: usize) -> Vec<String> {
        self.0.slot_options(0, plan, slot)
    }
    fn legal(&self, plan: &DeckPlan) -> bool {
        self.0.check_deck_plan(0, plan).is_ok()
    }
}

/// The game side of a move.
pub type SlotOptions<'a> = &'a dyn GameDeck;

/// What a candidate deck must satisfy beyond the game's own rules.
#[derive(Clone, Debug)]
pub struct Constraints {
    /// The game's deck space.
    pub space: DeckSpace,
    /// Cards the list may hold (canonical names).
    pub pool: Vec<String>,
    /// Allowed values per slot, when the pool or inventory restricts them (canonical names;
    /// an empty value is always allowed where the game allows it).
    pub slot_pool: Vec<Option<Vec<String>>>,
    /// Owned copies per card (lower-case name), when an inventory is given.
    pub owned: Option<HashMap<String, u32>>,
    /// Locked cards with the copies that must stay.
    pub locks: Vec<(String, u32)>,
    /// Whether to search list orders.
    pub reorder: bool,
}

/// A card list file (`--pool`, `--owned`): deck-file lines `3x Name`, `#` comments. Returns
/// (line, count, canonical name) per entry, every name checked against `known`.
fn read_list(path: &Path, what: &str, known: &[String]) -> Result<Vec<(u64, u32, String)>> {
    let text = cardsim_engine::data::read_text(path, what)?;
    let t = DeckText {
        name: String::new(),
        file: path.to_path_buf(),
        line_offset: 0,
        text,
    };
    let f = DeckFile::parse(&t, &[], &[])?;
    let mut out = Vec::new();
    for e in &f.entries {
        match known.iter().find(|k| k.eq_ignore_ascii_case(e.name.trim())) {
            Some(k) => out.push((e.line, e.count, k.clone())),
            None => bail!(
                "{}:{}: unknown card `{}` in the {what} (not a card this deck may hold)",
                path.display(),
                e.line,
                e.name
            ),
        }
    }
    Ok(out)
}

impl Constraints {
    /// Build and check the constraints of a search starting from `start`, described as
    /// `deck` in messages. `known_slots` lists every value each slot may take in the game.
    pub fn new(
        space: DeckSpace,
        start: &DeckPlan,
        deck: &Path,
        known_slots: Vec<Vec<String>>,
        pool: Option<&Path>,
        owned: Option<&Path>,
        lock: &[String],
    ) -> Result<Self> {
        let mut known: Vec<String> = space.cards.clone();
        for s in &known_slots {
            known.extend(s.iter().filter(|v| !v.is_empty()).cloned());
        }
        let listed = |p: Option<&Path>, what: &str| -> Result<Option<Vec<(u64, u32, String)>>> {
            p.map(|p| read_list(p, what, &known)).transpose()
        };
        let pool_list = listed(pool, "card pool")?;
        let owned_list = listed(owned, "inventory")?;
        // The pool: the --pool file, else the inventory, else every card of the space; the
        // start deck's own cards always stay allowed.
        let chosen = pool_list.as_ref().or(owned_list.as_ref());
        let mut list_pool: Vec<String> = match chosen {
            Some(l) => l
                .iter()
                .filter(|(_, _, n)| space.cards.contains(n))
                .map(|(_, _, n)| n.clone())
                .collect(),
            None => space.cards.clone(),
        };
        for c in &start.cards {
            list_pool.push(c.clone());
        }
        list_pool.sort();
        list_pool.dedup();
        let slot_pool = known_slots
            .iter()
            .enumerate()
            .map(|(i, opts)| {
                let l = chosen?;
                let mut v: Vec<String> = l
                    .iter()
                    .filter(|(_, _, n)| opts.contains(n))
                    .map(|(_, _, n)| n.clone())
                    .collect();
                // The start deck's value, and any other slot's start value this slot may
                // take (a swap of two slots keeps every start value).
                v.extend(
                    start
                        .slots
                        .iter()
                        .enumerate()
                        .filter(|&(j, x)| j == i || opts.contains(x))
                        .map(|(_, x)| x.clone()),
                );
                v.sort();
                v.dedup();
                Some(v)
            })
            .collect();
        let owned_map = owned_list.as_ref().map(|l| {
            let mut m: HashMap<String, u32> = HashMap::new();
            for (_, k, n) in l {
                *m.entry(n.to_lowercase()).or_default() += k;
            }
            m
        });
        if let (Some(path), Some(l), Some(m)) = (owned, &owned_list, &owned_map) {
            for (name, need) in uses(start) {
                let have = m.get(&name.to_lowercase()).copied().unwrap_or(0);
                if need > have {
                    let at = l
                        .iter()
                        .find(|(_, _, n)| n.eq_ignore_ascii_case(&name))
                        .map(|(line, _, _)| format!(":{line}"))
                        .unwrap_or_default();
                    bail!(
                        "{}{at}: the inventory lacks cards of the start deck {}: it holds {need} `{name}`, the inventory owns {have}",
                        path.display(),
                        deck.display()
                    );
                }
            }
        }
        let mut locks: Vec<(String, u32)> = Vec::new();
        for l in lock {
            let have = uses(start)
                .into_iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(l.trim()));
            match have {
                Some((n, k)) if !locks.iter().any(|(m, _)| *m == n) => locks.push((n, k)),
                Some(_) => {}
                None => bail!(
                    "{}: --lock `{}`: the start deck holds no such card (it holds: {})",
                    deck.display(),
                    l.trim(),
                    uses(start)
                        .into_iter()
                        .map(|(n, _)| n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        }
        let reorder = space.ordered;
        Ok(Constraints {
            space,
            pool: list_pool,
            slot_pool,
            owned: owned_map,
            locks,
            reorder,
        })
    }

    /// Whether `plan` meets the size, copy, pool, inventory and lock constraints.
    pub fn allows(&self, plan: &DeckPlan) -> bool {
        let sp = &self.space;
        let n = plan.cards.len();
        if sp.has_list() && (n < sp.min_cards || n > sp.max_cards) {
            return false;
        }
        let used = uses(plan);
        for (name, k) in &used {
            let in_list = plan.cards.iter().any(|c| c == name);
            if in_list && (plan.copies(name) > sp.max_copies || !self.pool.contains(name)) {
                return false;
            }
            if let Some(m) = &self.owned {
                if *k > m.get(&name.to_lowercase()).copied().unwrap_or(0) {
                    return false;
                }
            }
        }
        for (i, v) in plan.slots.iter().enumerate() {
            if let Some(Some(p)) = self.slot_pool.get(i) {
                if !v.is_empty() && !p.contains(v) {
                    return false;
                }
            }
        }
        self.locks.iter().all(|(name, k)| {
            used.iter()
                .find(|(n, _)| n == name)
                .is_some_and(|(_, have)| have >= k)
        })
    }

    /// A random legal neighbour of `plan` with a label of the move, or `None` after a bounded
    /// number of tries (a space with no legal move).
    pub fn neighbour(
        &self,
        plan: &DeckPlan,
        options: SlotOptions<'_>,
        rng: &mut GameRng,
    ) -> Option<(DeckPlan, String)> {
        for _ in 0..64 {
            if let Some((p, label)) = self.try_move(plan, options, rng) {
                if p != *plan && self.allows(&p) && options.legal(&p) {
                    return Some((p, label));
                }
            }
        }
        None
    }

    fn try_move(
        &self,
        plan: &DeckPlan,
        options: SlotOptions<'_>,
        rng: &mut GameRng,
    ) -> Option<(DeckPlan, String)> {
        let sp = &self.space;
        let mut p = plan.clone();
        let n = p.cards.len();
        let list = sp.has_list();
        // Move kinds: 0 swap, 1 add, 2 remove, 3 reorder, 4 slot.
        let kind = rng.random_range(0..5u32);
        let card = |rng: &mut GameRng| self.pool[rng.random_range(0..self.pool.len())].clone();
        match kind {
            0 if list && n > 0 => {
                let i = rng.random_range(0..n);
                let c = card(rng);
                let label = format!("swap {} -> {c}", p.cards[i]);
                p.cards[i] = c;
                Some((p, label))
            }
            1 if list && n < sp.max_cards => {
                let c = card(rng);
                let i = if self.reorder {
                    rng.random_range(0..=n)
                } else {
                    n
                };
                p.cards.insert(i, c.clone());
                Some((p, format!("add {c}")))
            }
            2 if list && n > sp.min_cards => {
                let i = rng.random_range(0..n);
                let c = p.cards.remove(i);
                Some((p, format!("remove {c}")))
            }
            3 if list && self.reorder && n > 1 => {
                let (i, j) = (rng.random_range(0..n), rng.random_range(0..n));
                if p.cards[i] == p.cards[j] {
                    return None;
                }
                p.cards.swap(i, j);
                Some((
                    p,
                    format!("reorder {} <-> {}", plan.cards[i], plan.cards[j]),
                ))
            }
            4 if !p.slots.is_empty() => {
                let s = rng.random_range(0..p.slots.len());
                let mut opts = options.slot_options(&p, s);
                if let Some(Some(allowed)) = self.slot_pool.get(s) {
                    opts.retain(|o| o.is_empty() || allowed.contains(o));
                }
                if opts.is_empty() {
                    return None;
                }
                let v = opts[rng.random_range(0..opts.len())].clone();
                let old = std::mem::replace(&mut p.slots[s], v.clone());
                // A value another slot holds swaps the two (the order of Battalla's heroes).
                let held = (!v.is_empty())
                    .then(|| (0..p.slots.len()).find(|&t| t != s && p.slots[t] == v))
                    .flatten();
                let label = match held {
                    Some(t) => {
                        p.slots[t] = old.clone();
                        format!(
                            "{} {} <-> {} {}",
                            sp.slots[s],
                            show(&old),
                            sp.slots[t],
                            show(&v)
                        )
                    }
                    None => format!("{} {} -> {}", sp.slots[s], show(&old), show(&v)),
                };
                // Later slots may depend on this one: keep their values if still legal,
                // else pick a legal one.
                for t in s + 1..p.slots.len() {
                    let o = options.slot_options(&p, t);
                    if !o.contains(&p.slots[t]) && !o.is_empty() {
                        p.slots[t] = o[rng.random_range(0..o.len())].clone();
                    }
                }
                Some((p, label))
            }
            _ => None,
        }
    }
}

fn show(v: &str) -> &str {
    if v.is_empty() {
        "(open)"
    } else {
        v
    }
}

/// Copies of each named card a plan uses (list and slots), by canonical name.
pub fn uses(plan: &DeckPlan) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for c in plan
        .slots
        .iter()
        .filter(|s| !s.is_empty())
        .chain(&plan.cards)
    {
        match out.iter_mut().find(|(n, _)| n == c) {
            Some((_, k)) => *k += 1,
            None => out.push((c.clone(), 1)),
        }
    }
    out
}

/// The card changes from `a` to `b`: (card, copies in a, copies in b) for every card whose
/// count differs, slots included, in name order.
pub fn changes(a: &DeckPlan, b: &DeckPlan) -> Vec<(String, u32, u32)> {
    let (ua, ub) = (uses(a), uses(b));
    let mut names: Vec<&String> = ua.iter().chain(&ub).map(|(n, _)| n).collect();
    names.sort();
    names.dedup();
    let get = |u: &[(String, u32)], n: &str| u.iter().find(|(m, _)| m == n).map_or(0, |x| x.1);
    names
        .into_iter()
        .map(|n| (n.clone(), get(&ua, n), get(&ub, n)))
        .filter(|(_, x, y)| x != y)
        .collect()
}
