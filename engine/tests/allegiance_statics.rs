//! Static abilities, focus and curse counters: card-file checks with their messages, focus
//! costs as a condition of legality, curse damage at the start of a turn, card edits of the
//! new ops. (Play-by-play checks of each static kind and counter are scenario files in
//! `scenarios/allegiance/`.)

use std::path::Path;

use cardsim_engine::allegiance::cards::{Amount, OpCode, Trigger};
use cardsim_engine::allegiance::state::AllegianceState;
use cardsim_engine::allegiance::{Allegiance, CardDb};
use cardsim_engine::{game_rng, ActionBuf, Game, PlayerResult, Ruleset};

const CARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/allegiance/cards.csv");

/// The example card file with `row` added at the end: the error message, or "ok".
fn with_row(row: &str) -> String {
    let text = std::fs::read_to_string(CARDS).unwrap();
    let line = text.lines().count() + 1;
    match CardDb::parse(Path::new("c.csv"), &format!("{text}{row}\n")) {
        Ok(_) => "ok".into(),
        Err(e) => {
            let m = e.to_string();
            assert!(m.starts_with(&format!("c.csv:{line}: ")), "{m}");
            m
        }
    }
}

#[test]
fn static_abilities_and_counter_ops_are_checked_when_the_card_file_loads() {
    let unit = |effect: &str| with_row(&format!("basic,Test Unit,,,0,3,2,3,,,,{effect},all,"));
    assert_eq!(unit("static: boost allies 1; static: health self -1"), "ok");
    assert_eq!(unit("static: armor me 2 | armor foeheroes -1"), "ok");
    assert!(unit("static: boost 1").contains("static `boost` needs a scope"));
    assert!(unit("static: armor allies 1").contains("me or foeheroes"));
    assert_eq!(
        unit("static: enlistcost me -1 | actioncost foeheroes 2"),
        "ok"
    );
    assert!(unit("static: enlistcost allies -1").contains("me or foeheroes"));
    assert!(unit("enter: actioncost me 1").contains("is a static op"));
    assert!(unit("static: health me 1").contains("self, host, allies, foes or units"));
    assert!(unit("static: damage foes 1").contains("cannot be static"));
    assert!(unit("static: target ally | boost 1").contains("has no targets"));
    assert!(unit("static: boost allies focus").contains("fixed number"));
    assert!(unit("static: boost allies 0").contains("not 0"));
    assert!(unit("static: boost host -2").contains("host (only on attachments)"));
    assert!(unit("static exhaust: boost allies 1").contains("only `act` takes costs"));
    assert!(unit("enter: health allies 1").contains("is a static op"));
    assert!(unit("enter: curse foes 0").contains("not 0"));
    assert!(unit("enter: curse 1").contains("acts on targets"));
    assert!(unit("focus 2: damage foes 1").contains("goes in an `act` cost"));
    assert!(unit("act focus: damage foes 1").contains("focus cost needs a number"));
    assert!(unit("act exhaust focus 2: target foe | damage 1").eq("ok"));
    assert!(unit("enter: unfocus 2").contains("unexpected `2`"));
    assert!(unit("enter: damage foes focus 1").contains("unexpected `1`"));
    // Faces and attachments.
    let face = |effect: &str| {
        with_row(&format!(
            "weapon,Test Face,Beledan Kind,,,,2,,,,,{effect},all,"
        ))
    };
    assert_eq!(face("static: boost allies 1"), "ok");
    assert!(face("static: boost self 1").contains("self (only on units)"));
    let att = |effect: &str| {
        with_row(&format!(
            "special,Test Mark,Beledan Kind,,,,,,,,,{effect},all,"
        ))
    };
    assert_eq!(att("static: boost host -2 | health host -1"), "ok");
    assert!(att("enter: gold 1").contains("`endturn:`, `attack:`, `hit:` or `static:`"));
    // Hero special rules: keywords and static abilities only.
    let hero = |effect: &str| with_row(&format!("hero,Test Hero,,,,,,30,,,,{effect},all,"));
    assert!(hero("necromancer; static: armor me 1").contains("has no abilities"));
    assert!(hero("static: armor me 1; endturn: heal me 1").contains("must be `static:`"));
    // Actions and abilities: `focus N:` costs, no statics.
    let action = |effect: &str| with_row(&format!("action,Test Action,,,0,2,,,,,,{effect},all,"));
    assert_eq!(action("focus 3: target any | damage focus"), "ok");
    assert!(action("static: boost allies 1").contains("take no trigger"));
    assert!(action("focus 0: gold 1").contains("focus cost needs a number"));
}

fn game(seats: &[&str], params: &[&str]) -> AllegianceState {
    let a = Allegiance::example(params).unwrap();
    let seating: Vec<u8> = seats.iter().map(|d| a.loadout(d).unwrap()).collect();
    let mut g = a.new_game(&seating, game_rng(1, 0));
    g.set_logging(true);
    g
}

fn labels(g: &AllegianceState) -> Vec<String> {
    let mut buf = ActionBuf::new();
    g.legal_actions(&mut buf);
    buf.iter().map(|&a| g.action_label(a)).collect()
}

fn play(g: &mut AllegianceState, label: &str) {
    let mut buf = ActionBuf::new();
    g.legal_actions(&mut buf);
    let a = buf
        .iter()
        .copied()
        .find(|&a| g.action_label(a) == label)
        .unwrap_or_else(|| panic!("`{label}` not legal: {:?}", labels(g)));
    g.apply(a);
}

#[test]
fn a_focus_cost_must_be_payable_and_is_paid_when_announced() {
    let mut g = game(&["magus", "beledan"], &[]);
    let set = |g: &mut AllegianceState, k: &str, v: &str| g.scenario_set(k, v).unwrap();
    set(&mut g, "cooldown.0", "Lightning Bolt=0");
    set(&mut g, "weapon.0", "Stormcaller Rod");
    set(&mut g, "hand.0", "");
    set(&mut g, "hand.1", "");
    set(&mut g, "focus.0", "1");
    let l = labels(&g);
    assert!(!l.iter().any(|x| x == "use Lightning Bolt"), "{l:?}");
    assert!(l.iter().any(|x| x == "activate Stormcaller Rod"), "{l:?}");
    set(&mut g, "focus.0", "0");
    assert!(!labels(&g).iter().any(|x| x == "activate Stormcaller Rod"));
    set(&mut g, "focus.0", "3");
    play(&mut g, "use Lightning Bolt");
    // Paid at announcement, before the target is chosen.
    assert_eq!(g.players[0].focus, 1);
    play(&mut g, "target the hero of P1");
    // The Magus could still answer with the Rod (one focus counter left): he passes.
    play(&mut g, "pass");
    assert_eq!(g.players[1].health, 33);
    play(&mut g, "activate Stormcaller Rod");
    play(&mut g, "target the hero of P1");
    assert_eq!((g.players[0].focus, g.players[1].health), (0, 31));
    assert!(g.players[0].weapon_exh);
}

#[test]
fn curse_damage_at_the_start_of_a_turn_can_eliminate() {
    let mut g = game(&["desoth", "beledan"], &[]);
    g.scenario_set("curse.1", "4").unwrap();
    g.scenario_set("health.1", "4").unwrap();
    g.scenario_set("hand.0", "").unwrap();
    play(&mut g, "end the maneuver phase");
    let o = g.outcome().expect("over");
    assert_eq!(&o.results[..2], &[PlayerResult::Win, PlayerResult::Loss]);
    assert_eq!(g.players[1].health, 0);
    assert!(g
        .take_log()
        .iter()
        .any(|l| l == "curse counters deal 4 damage to the hero of P1"));
}

#[test]
fn a_cursed_unit_below_zero_attack_deals_no_battle_damage() {
    let mut g = game(&["thedric", "beledan"], &[]);
    g.scenario_set("units.0", "Infantry:curse=5").unwrap();
    g.scenario_set("units.1", "Spearman").unwrap();
    g.scenario_set("hand.0", "").unwrap();
    g.scenario_set("hand.1", "").unwrap();
    assert_eq!(g.power(&g.players[0].units[0]), -2);
    play(&mut g, "initiate a battle against P1");
    play(&mut g, "attack with P0 Infantry -2/5 5curse");
    play(&mut g, "defend with P1 Spearman 2/4");
    // The Spearman takes nothing; the Infantry takes 2; the curse stays.
    assert_eq!(
        (g.players[1].units[0].dmg, g.players[0].units[0].dmg),
        (0, 2)
    );
    assert_eq!(g.players[0].units[0].curses(), 5);
}

#[test]
fn card_edits_change_the_numbers_of_counter_and_static_ops() {
    let a = Allegiance::example(&[]).unwrap();
    let db = |r: &Allegiance| r.shared().db.clone();
    let first_op = |r: &Allegiance, card: &str, code: OpCode| -> i8 {
        let d = db(r);
        let effects: Vec<u16> = if let Some(id) = d.find(card) {
            d.card(id).effects.to_vec()
        } else {
            d.heroes
                .iter()
                .flat_map(|h| {
                    h.abilities
                        .iter()
                        .filter(|x| x.name == card)
                        .map(|x| x.effect)
                        .chain(
                            h.armors
                                .iter()
                                .chain(&h.weapons)
                                .filter(|f| f.name == card)
                                .flat_map(|f| f.effects.clone()),
                        )
                })
                .collect()
        };
        effects
            .iter()
            .flat_map(|&e| d.effect(e).ops.clone())
            .find(|o| o.code == code)
            .unwrap()
            .n
    };
    let ch = |card: &str, c: &str| a.with_card_changed(card, c).unwrap();
    assert_eq!(
        first_op(&ch("Meditate", "focus+1"), "Meditate", OpCode::Focus),
        3
    );
    assert_eq!(
        first_op(&ch("Soul Rend", "curse-1"), "Soul Rend", OpCode::Curse),
        1
    );
    assert_eq!(
        first_op(&ch("Warlord", "boost+1"), "Warlord", OpCode::Boost),
        2
    );
    let fs = ch("Frost Shackles", "boost=-1");
    assert_eq!(first_op(&fs, "Frost Shackles", OpCode::Boost), -1);
    // `health` and `armor` are first the card's own column, then the static op.
    let sm = ch("Stone Mantle", "health+1");
    assert_eq!(first_op(&sm, "Stone Mantle", OpCode::Health), 2);
    let sm = ch("Stone Mantle", "armor-1");
    let h = db(&sm).find_hero("Magus Gondè Kyal").unwrap() as usize;
    assert_eq!(db(&sm).heroes[h].armors[1].value, 1);
    assert_eq!(first_op(&sm, "Stone Mantle", OpCode::Health), 1);
    let ee = ch("Earth Elemental", "armor+2");
    assert_eq!(first_op(&ee, "Earth Elemental", OpCode::Armor), 3);
    let id = db(&a).find("Earth Elemental").unwrap();
    assert_eq!(db(&ch("Earth Elemental", "health+1")).card(id).health, 8);
    // An amount that is the focus counters has no number to change.
    let e = a
        .with_card_changed("Chain Lightning", "damage+1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("has no `damage` effect"), "{e}");
    let e = a
        .with_card_changed("Warlord", "enlistcost-1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("has no `enlistcost` effect"), "{e}");
    let e = a
        .with_card_changed("Meditate", "health+1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("has no health"), "{e}");
    let d = db(&a);
    let cl = d.heroes[h]
        .abilities
        .iter()
        .find(|x| x.name == "Chain Lightning")
        .unwrap();
    assert_eq!(d.effect(cl.effect).ops[0].amount, Amount::Focus);
    let warlord = d.card(d.find("Warlord").unwrap());
    assert_eq!(d.effect(warlord.effects[0]).trigger, Trigger::Static);
}
