//! Allegiance's deck space for deck search: a loadout is three slots, the hero and its
//! starting weapon and armor faces (each face may be left open: an empty value), and no card
//! list (the unit and action decks are shared by every player).

use super::loadout::Loadout;
use super::rules::Shared;
use crate::{DeckPlan, DeckSpace, DeckText, LoadError};

/// See [`crate::Ruleset::deck_space`].
pub(super) fn deck_space() -> DeckSpace {
    DeckSpace {
        slots: vec!["hero", "weapon", "armor"],
        cards: Vec::new(),
        min_cards: 0,
        max_cards: 0,
        max_copies: 0,
        ordered: false,
    }
}

/// See [`crate::Ruleset::deck_plan`].
pub(super) fn deck_plan(sh: &Shared, deck: usize) -> Option<DeckPlan> {
    let l = sh.loadouts.get(deck)?;
    let h = &sh.db.heroes[l.hero as usize];
    let face = |f: Option<u8>, faces: &[super::cards::Face]| {
        f.map(|i| faces[i as usize].name.clone())
            .unwrap_or_default()
    };
    Some(DeckPlan {
        slots: vec![
            h.name.clone(),
            face(l.weapon, &h.weapons),
            face(l.armor, &h.armors),
        ],
        cards: Vec::new(),
    })
}

/// See [`crate::Ruleset::slot_options`]: every hero; the faces of the planned hero or none.
pub(super) fn slot_options(sh: &Shared, plan: &DeckPlan, slot: usize) -> Vec<String> {
    let heroes = &sh.db.heroes;
    if slot == 0 {
        return heroes.iter().map(|h| h.name.clone()).collect();
    }
    let Some(h) = plan
        .slots
        .first()
        .and_then(|n| heroes.iter().find(|h| h.name.eq_ignore_ascii_case(n)))
    else {
        return Vec::new();
    };
    let faces = match slot {
        1 => &h.weapons,
        2 => &h.armors,
        _ => return Vec::new(),
    };
    std::iter::once(String::new())
        .chain(faces.iter().map(|f| f.name.clone()))
        .collect()
}

/// See [`crate::Ruleset::deck_plan_text`].
pub(super) fn plan_text(plan: &DeckPlan, description: &str) -> String {
    let mut s = format!("# {description}\n");
    for (k, v) in ["hero", "weapon", "armor"].iter().zip(&plan.slots) {
        if !v.is_empty() {
            s.push_str(&format!("{k} = {v}\n"));
        }
    }
    s
}

/// The loadouts of `sh` with loadout `deck` replaced by `plan`, checked by the loadout parser.
pub(super) fn with_plan(
    sh: &Shared,
    deck: usize,
    plan: &DeckPlan,
) -> Result<Vec<Loadout>, LoadError> {
    let old = sh
        .loadouts
        .get(deck)
        .ok_or_else(|| LoadError::file("allegiance", format!("no loadout number {deck}")))?;
    if plan.slots.len() != 3 || !plan.cards.is_empty() {
        return Err(LoadError::file(
            "allegiance",
            "an Allegiance loadout plan has three slots (hero, weapon, armor) and no card list",
        ));
    }
    let text = DeckText {
        name: old.name.clone(),
        file: format!("{}.txt", old.name).into(),
        line_offset: 0,
        text: plan_text(plan, ""),
    };
    let mut l = Loadout::parse_text(&text, &sh.db)?;
    l.disabled = old.disabled;
    let mut loadouts = sh.loadouts.clone();
    loadouts[deck] = l;
    Ok(loadouts)
}
