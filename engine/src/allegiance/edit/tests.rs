//! Tests of the card edits: loadout swaps, shared-deck replacements and removals, changed numbers, and their errors.

use super::*;
use crate::allegiance::Allegiance;
use crate::Ruleset;

fn ex() -> Allegiance {
    Allegiance::example(&[]).unwrap()
}

fn loadout(a: &Allegiance, name: &str) -> usize {
    a.loadout(name).unwrap() as usize
}

fn count(a: &Allegiance, d: usize, name: &str) -> usize {
    let id = a.shared.db.find(name).unwrap();
    a.shared.decks[d].iter().filter(|c| **c == id).count()
}

#[test]
fn shared_deck_replace_keeps_positions_and_remove_shrinks() {
    let a = ex();
    let b = loadout(&a, "beledan");
    let r = a
        .with_deck_card_replaced(b, "infantry", Some("Pikeman"))
        .unwrap();
    let db = &a.shared.db;
    let (inf, pike) = (db.find("Infantry").unwrap(), db.find("Pikeman").unwrap());
    for (x, y) in a.shared.decks[0].iter().zip(&r.shared.decks[0]) {
        assert_eq!(*y, if *x == inf { pike } else { *x });
    }
    assert_eq!((count(&r, 0, "Infantry"), count(&r, 0, "Pikeman")), (0, 10));
    assert_eq!(r.shared.db.card(pike).copies, 10);
    assert_eq!(r.shared.db.card(inf).copies, 0);
    assert_eq!(r.shared.decks[1..], a.shared.decks[1..]);
    let removed = a.with_deck_card_replaced(b, "War Chest", None).unwrap();
    assert_eq!(removed.shared.decks[2].len(), a.shared.decks[2].len() - 4);
    // The original is untouched.
    assert_eq!(count(&a, 0, "Infantry"), 5);
}

#[test]
fn loadout_swaps() {
    let a = ex();
    let b = loadout(&a, "beledan");
    let w = a
        .with_deck_card_replaced(b, "Valdruun Warhammer", Some("Styrka Validata"))
        .unwrap();
    assert_eq!(w.shared.loadouts[b].weapon, Some(1));
    let ar = a
        .with_deck_card_replaced(b, "Anointed Platemail", None)
        .unwrap();
    assert_eq!(ar.shared.loadouts[b].armor, None);
    let h = a
        .with_deck_card_replaced(b, "Beledan Kind", Some("Thedric Egen"))
        .unwrap();
    let l = &h.shared.loadouts[b];
    assert_eq!((l.hero, l.weapon, l.armor), (1, None, None));
    assert_eq!(h.shared.loadouts[..b], a.shared.loadouts[..b]);
}

#[test]
fn replace_errors() {
    let a = ex();
    let b = loadout(&a, "beledan");
    let e = |card: &str, rep: Option<&str>| {
        a.with_deck_card_replaced(b, card, rep)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(e("Infantri", None), "allegiance: unknown card `Infantri`");
    assert_eq!(
        e("Infantry", Some("Knight Captain")),
        "allegiance: `Infantry` (basic unit) can only be replaced by another basic unit, not by the elite unit `Knight Captain`"
    );
    assert!(e("Beledan Kind", None).contains("cannot be removed"));
    assert!(e("Thedric Egen", Some("Beledan Kind")).contains("plays Beledan Kind"));
    assert!(e("Beledan Kind", Some("Runeblade")).contains("not by the weapon `Runeblade`"));
    assert!(e("Valdruun Warhammer", Some("Runeblade")).contains("not a weapon of Beledan Kind"));
    assert!(e("Valdruun Warhammer", Some("Deathplate")).contains("not by the armor"));
    assert!(e("Styrka Validata", None).contains("starts with another face"));
    assert!(e("Skeleton", None).contains("reserve card"));
    assert!(e("Smite", Some("Judgment")).contains("hero ability"));
    assert!(e("Counterstrike", None).contains("split action card"));
    // A shared ability name means the loadout's hero's.
    assert_eq!(
        e("Equip", Some("Smite")),
        "allegiance: `Beledan Kind/Equip` is a hero ability: it can be removed from the loadout (--remove) or changed (nerf/buff), not replaced"
    );
    assert_eq!(
        a.with_deck_card_replaced(b, "Judgment", None)
            .and_then(|r| r.with_deck_card_replaced(b, "Judgment", None))
            .unwrap_err()
            .to_string(),
        "allegiance: loadout `beledan` has no `Beledan Kind/Judgment` left to remove"
    );
    assert!(e("Raise the Dead", None).contains("plays Beledan Kind, not"));
    assert!(a
        .with_deck_card_replaced(9, "Infantry", None)
        .unwrap_err()
        .to_string()
        .contains("no loadout number 9"));
}

/// Random playouts of `a` with `loadouts` seated in order; the union of each seat's
/// `drawn` bits (an ability's bit is set when it is unlocked).
fn unlocked(a: &Allegiance, loadouts: &[u8], games: u64) -> Vec<u64> {
    use crate::{game_rng, ActionBuf, Game, ToMove};
    use rand::RngExt;
    let mut seen = vec![0u64; loadouts.len()];
    let mut buf = ActionBuf::new();
    for g in 0..games {
        let mut s = a.new_game(loadouts, game_rng(7, g));
        let mut rng = game_rng(8, g);
        while let ToMove::Player(_) = s.to_move() {
            s.legal_actions(&mut buf);
            s.apply(buf[rng.random_range(0..buf.len())]);
        }
        for (i, m) in seen.iter_mut().enumerate() {
            *m |= s.card_usage(i as u8).drawn;
        }
    }
    seen
}

#[test]
fn a_removed_ability_is_never_unlocked_and_cuts_off_higher_levels() {
    let a = ex();
    let (b, t) = (loadout(&a, "beledan") as u8, loadout(&a, "thedric") as u8);
    let base = unlocked(&a, &[b, t], 300);
    // In 300 random games every ability of both heroes gets unlocked at some point.
    assert_eq!(base[0] & 0xff, 0xff);
    assert_eq!(base[1] & 0xff, 0xff);
    // Smite (ability 2, level 1) removed: never unlocked; Lay on Hands, the other level-1
    // ability, still opens level 2 and above. The opponent's abilities are untouched.
    let smite = a
        .with_deck_card_replaced(b as usize, "Smite", None)
        .unwrap();
    assert_eq!(smite.shared.loadouts[b as usize].disabled, 1 << 2);
    let u = unlocked(&smite, &[b, t], 300);
    assert_eq!(u[0] & 0xff, 0xff & !(1 << 2));
    assert_eq!(u[1] & 0xff, 0xff);
    // Equip (the only level-0 ability, the initial one) removed: the hero starts with
    // nothing unlocked and no level-1 ability can ever be unlocked, so none at all.
    let equip = a
        .with_deck_card_replaced(b as usize, "Equip", None)
        .unwrap();
    let u = unlocked(&equip, &[b, t], 300);
    assert_eq!((u[0] & 0xff, u[1] & 0xff), (0, 0xff));
    // Both level-1 abilities removed: only Equip is left.
    let both = smite
        .with_deck_card_replaced(b as usize, "Lay on Hands", None)
        .unwrap();
    assert_eq!(unlocked(&both, &[b, t], 300)[0] & 0xff, 1);
}

#[test]
fn ablation_answers() {
    let a = ex();
    let (b, h) = (loadout(&a, "beledan"), loadout(&a, "hakor"));
    let ab = |d: usize, card: &str, rep: Option<&str>| a.ablation(d, card, rep);
    let note = |d: usize, card: &str| match ab(d, card, None) {
        Ablation::Allowed { note } => note,
        Ablation::Blocked(r) => panic!("{card} blocked: {r}"),
    };
    let blocked = |d: usize, card: &str, rep: Option<&str>| match ab(d, card, rep) {
        Ablation::Blocked(r) => r,
        other => panic!("{card}: {other:?}"),
    };
    assert_eq!(note(b, "Smite"), None);
    assert_eq!(note(b, "Ascension"), None);
    assert_eq!(
        note(b, "Equip").unwrap(),
        "no other level-0 ability is left, so 7 more abilities become unreachable: Lay on Hands, Smite, Divine Aegis, Consecration, Crusade, Judgment, Ascension"
    );
    assert_eq!(
        note(b, "Valdruun Warhammer").unwrap(),
        "the player chooses its starting weapon face at set-up instead"
    );
    assert_eq!(
        blocked(b, "Beledan Kind", None),
        "`Beledan Kind` is the loadout's hero: a loadout without its hero is no loadout (compare heroes with --card \"Beledan Kind\" --replace-with ANOTHER)"
    );
    assert_eq!(
        blocked(b, "Styrka Validata", None),
        "the loadout does not fix the weapon `Styrka Validata` as its starting face (the loadout starts with the other face), so there is nothing to remove or replace"
    );
    assert!(blocked(h, "Robe of the Warden", None).contains("chooses that face at set-up"));
    assert_eq!(
        blocked(b, "Smite", Some("Judgment")),
        "`Beledan Kind/Smite` is a hero ability: it can be removed (--remove), not replaced"
    );
    // A hero may be replaced by another; Hakor's Wasting Disease in his loadout is the
    // ability (not the reserve card of the same name), and it can be removed.
    assert_eq!(
        ab(b, "Beledan Kind", Some("Thedric Egen")),
        Ablation::Allowed { note: None }
    );
    assert_eq!(
        blocked(b, "Beledan Kind", Some("Runeblade")),
        "loadout `beledan`: the hero `Beledan Kind` can only be replaced by a hero of the same kind, not by the weapon `Runeblade`"
    );
    assert_eq!(
        ab(b, "Valdruun Warhammer", Some("Styrka Validata")),
        Ablation::Allowed { note: None }
    );
    assert!(blocked(b, "Anointed Platemail", Some("Styrka Validata"))
        .contains("can only be replaced by a armor"));
    assert_eq!(note(h, "Wasting Disease"), None);
    let w = a
        .with_deck_card_replaced(h, "Wasting Disease", None)
        .unwrap();
    assert_eq!(w.shared.loadouts[h].disabled, 1 << 4);
    // Removing both level-2 abilities cuts off levels 3 and 4.
    let hw = a
        .with_deck_card_replaced(h, "Lumbering Corpse", None)
        .unwrap();
    assert_eq!(
        hw.ablation(h, "Wasting Disease", None),
        Ablation::Allowed {
            note: Some("no other level-2 ability is left, so 3 more abilities become unreachable: Undead Abomination, Syphon Life, Army of the Damned".into())
        }
    );
}

#[test]
fn removal_below_the_minimum_is_refused() {
    let a = ex();
    let b = loadout(&a, "beledan");
    let two = a
        .with_deck_card_replaced(b, "Knight Captain", None)
        .and_then(|r| r.with_deck_card_replaced(b, "Griffin Rider", None))
        .and_then(|r| r.with_deck_card_replaced(b, "Battlemage", None))
        .unwrap();
    assert_eq!(two.shared.decks[1].len(), 21);
    assert_eq!(
        two.with_deck_card_replaced(b, "War Golem", None)
            .unwrap_err()
            .to_string(),
        "allegiance: removing `War Golem` leaves 17 cards in the shared elite deck (at least 20)"
    );
    assert!(two
        .with_deck_card_replaced(b, "Knight Captain", None)
        .unwrap_err()
        .to_string()
        .contains("holds no `Knight Captain`"));
}

#[test]
fn number_changes() {
    let a = ex();
    let db = &a.shared.db;
    let ch = |card: &str, c: &str| a.with_card_changed(card, c).unwrap();
    let inf = db.find("Infantry").unwrap();
    let r = ch("infantry", "attack+2");
    assert_eq!(r.shared.db.card(inf).attack, db.card(inf).attack + 2);
    assert_eq!(ch("Infantry", "health=9").shared.db.card(inf).health, 9);
    assert_eq!(ch("Infantry", "cost-1").shared.db.card(inf).cost, 3);
    assert_eq!(
        ch("Beledan Kind", "health+20").shared.db.heroes[2].max_health,
        58
    );
    assert_eq!(
        ch("Runeblade", "attack-1").shared.db.heroes[3].weapons[0].value,
        3
    );
    assert_eq!(
        ch("Deathplate", "armor=1").shared.db.heroes[3].armors[0].value,
        1
    );
    let smite = |r: &Allegiance| {
        let ab = &r.shared.db.heroes[2].abilities[2];
        (ab.cost, ab.delay, r.shared.db.effect(ab.effect).ops[0].n)
    };
    assert_eq!(smite(&a), (5, 3, 3));
    assert_eq!(smite(&ch("Smite", "damage+2")), (5, 3, 5));
    assert_eq!(smite(&ch("Beledan Kind/Smite", "delay=1")), (5, 1, 3));
    // Every `damage` op of the card changes.
    let reap = ch("Reap", "damage-1");
    let e = reap.shared.db.heroes[3].abilities[7].effect;
    let ns: Vec<i8> = reap.shared.db.effect(e).ops.iter().map(|o| o.n).collect();
    assert_eq!(ns, [3, 2]);
    // The half of a split card has its own cost; the action-cost floor follows.
    let fr = ch("Field Rations", "cost=0");
    assert_eq!(fr.shared.db.min_action_cost, 0);
    // The original is untouched.
    assert_eq!(smite(&a), (5, 3, 3));
    let e = |card: &str, c: &str| a.with_card_changed(card, c).unwrap_err().to_string();
    assert_eq!(
        e("Infantry", "attack-9"),
        "allegiance: card `Infantry`: attack-9 makes its attack -6, outside 0..=99"
    );
    assert_eq!(
        e("Fireball", "attack+1"),
        "allegiance: card `Fireball` (action card) has no attack to change"
    );
    assert!(e("Infantry", "damage+1").contains("has no `damage` effect"));
    assert!(e("Infantry", "speed+1").contains("unknown field `speed`"));
    assert!(e("Infantry", "attack").contains("not of the form"));
    assert!(e("Infantry", "attack+x").contains("not a whole number"));
    assert!(e("Equip", "delay+1").contains("several heroes"));
    assert!(e("Smite", "delay+3").contains("outside 1..=5"));
    assert!(e("Nobody", "cost+1").contains("unknown card `Nobody`"));
    assert_eq!(
        card_names(a.shared()).len(),
        db.cards.len() + 2 + 5 + 19 + 40
    );
}
