//! Tests of the compiled turn loops: the matchup feature detection, and every game played as dealt (the lean loop where the matchup qualifies) exactly as the full loop with every feature on plays it (every state after every action, and the log).

use super::*;
use crate::tyrant::cards::CardDb;
use crate::tyrant::features::{self, of_card, of_deck};
use crate::tyrant::rules::{PARAMS, PRESETS};
use crate::tyrant::Tyrant;
use crate::{ActionBuf, Game, Params, Ruleset};
use rand::SeedableRng;

/// Cards added to the shipped card file for these tests: a commander with Strike only, one
/// with a faction Rally and an All Strike, and an assault whose only skill is Evade.
const EXTRA_CARDS: &str = "\
Test Striker,commander,raider,,40,,strike 2,test: a commander with Strike only
Test Marshal,commander,imperial,,40,,rally 2 imperial; strike 1 all,test: faction rally and strike all
Test Dodger,assault,raider,2,5,1,evade,test: evade alone
";

/// Hand-made decks that use none of the rarer features (Payback and Tribute included: they
/// answer only assaults' skills, and no assault here has one).
const LEAN_DECKS: &[(&str, &str)] = &[
    (
        "t_raiders",
        "Test Striker\nBonecrusher\nSkull Cleaver\nNight Prowler\nSiege Goliath\nRavager Tank\n\
         Ironhide Mauler\nHarpoon Gunner\nPaladin Colossus\nDust Raider\nScrap Runner\n",
    ),
    (
        "t_militia",
        "General Ostrova\n2x Conscript\n2x Rifle Squad\nHonor Guard\nSky Sentinel\n\
         Flak Trooper\nMirror Carapace\nHive Carapace\nSpiked Barricade\n",
    ),
    (
        "t_spikes",
        "Test Marshal\nAegis Walker\nThornback Guard\n2x Bastion Wall\nFrenzied Marauder\n\
         2x Blood Hound\nReaver Bike\nNight Prowler\n",
    ),
];

/// One rarer feature each: a lean deck's commander or last card swapped for one that brings
/// it (none of these decks may run the lean loop).
const NEAR_LEAN: &[(&str, &str)] = &[
    ("enfeeble", "Ironjaw Gorran"),
    ("weaken", "Warboss Grell"),
    ("protect", "Countess Morwen"),
    ("jam", "Hive Queen Xara"),
    ("refresh_cmd", "Abbess Solenne"),
    ("action", "Smite"),
    ("assault_skill", "Lumen Acolyte"),
    ("structure_skill", "Beacon of Judgment"),
    ("chaos_structure", "Psionic Spire"),
    ("chaos_assault", "Mind Leech"),
    ("immobilize", "Net Thrower"),
    ("poison", "Spore Crawler"),
    ("leech", "Crimson Leechling"),
    ("flying", "Dawn Hawk"),
    ("crush", "Skullsplitter"),
    ("siphon", "Blood Siphoner"),
    ("disease", "Rot Swarm"),
    ("regenerate", "Vampire Thrall"),
    ("evade", "Test Dodger"),
    ("refresh", "Penitent Monk"),
    ("jam_assault", "Riot Officer"),
    ("weaken_assault", "Blight Drone"),
];

fn card_file() -> String {
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/tyrant/cards.csv"
    ))
    .unwrap();
    format!("{shipped}{EXTRA_CARDS}")
}

/// The near-lean deck `name`: `t_raiders` with the commander or the last card replaced.
fn near_lean_text(db: &CardDb, card: &str) -> String {
    let base = LEAN_DECKS[0].1;
    let mut lines: Vec<&str> = base.lines().collect();
    let id = db.find(card).unwrap();
    if db.card(id).kind == CardType::Commander {
        lines[0] = card;
    } else {
        *lines.last_mut().unwrap() = card;
    }
    lines.join("\n")
}

/// The shipped decks, the hand-made lean ones and the near-lean ones, with `params`.
fn pool(params: &[&str]) -> Tyrant {
    let cards = card_file();
    let db = CardDb::parse(std::path::Path::new("cards.csv"), &cards).unwrap();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/tyrant/decks");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut decks: Vec<(String, String)> = names
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(format!("{dir}/{n}.txt")).unwrap();
            (n.clone(), text)
        })
        .collect();
    for (n, t) in LEAN_DECKS {
        decks.push((n.to_string(), t.to_string()));
    }
    for (n, c) in NEAR_LEAN {
        decks.push((format!("near_{n}"), near_lean_text(&db, c)));
    }
    let refs: Vec<(&str, &str)> = decks
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let params = Params::from_assignments(PARAMS, PRESETS, params).unwrap();
    Tyrant::from_text(&cards, &refs, params).unwrap()
}

fn deck(t: &Tyrant, name: &str) -> u8 {
    t.deck_names().iter().position(|d| d == name).unwrap() as u8
}

#[test]
fn feature_detection() {
    let t = pool(&[]);
    let shared = t.shared();
    let db = &shared.db;
    let card = |n: &str| of_card(db.card(db.find(n).unwrap()));
    assert_eq!(card("Hive Queen Xara"), features::JAM);
    assert_eq!(
        card("Signal Jammer"),
        features::JAM | features::STRUCTURE_SKILLS
    );
    assert_eq!(
        card("Riot Officer"),
        features::JAM | features::ASSAULT_SKILLS
    );
    assert_eq!(card("Smite"), features::ACTIONS);
    assert_eq!(card("Ironjaw Gorran"), features::ENFEEBLE);
    assert_eq!(card("Countess Morwen"), features::PROTECT);
    assert_eq!(card("Warboss Grell"), features::WEAKEN);
    assert_eq!(
        card("Mind Leech"),
        features::CHAOS | features::ASSAULT_SKILLS
    );
    assert_eq!(card("Spore Crawler"), features::POISON | features::ON_HIT);
    assert_eq!(card("Net Thrower"), features::IMMOBILIZE | features::ON_HIT);
    assert_eq!(card("Dawn Hawk"), features::ON_HIT);
    assert_eq!(card("Vampire Thrall"), features::REGENERATE);
    assert_eq!(card("Test Dodger"), features::EVADE);
    assert_eq!(card("Penitent Monk"), features::REFRESH);
    for lean in [
        "Warlord Krask",
        "General Ostrova",
        "Test Striker",
        "Bonecrusher",
        "Skull Cleaver",
        "Dust Raider",
        "Harpoon Gunner",
        "Mirror Carapace",
        "Honor Guard",
        "Spiked Barricade",
    ] {
        assert_eq!(card(lean), 0, "{lean}");
    }
    // The shipped decks: only rush and wall_counter avoid every rarer feature.
    let lean: Vec<&str> = shared
        .decks
        .iter()
        .zip(&shared.features)
        .filter(|(d, &f)| !d.name.starts_with("t_") && !d.name.starts_with("near_") && f == 0)
        .map(|(d, _)| d.name.as_str())
        .collect();
    assert_eq!(lean, ["rush", "wall_counter"]);
    for (n, _) in LEAN_DECKS {
        assert_eq!(shared.features[deck(&t, n) as usize], 0, "{n}");
    }
    for (n, _) in NEAR_LEAN {
        let d = &shared.decks[deck(&t, &format!("near_{n}")) as usize];
        assert!(!features::lean(of_deck(db, d)), "near_{n}");
    }
    // The state: the matchup's two decks decide; scenario set-up forces the full loop.
    let rush = deck(&t, "rush");
    let wall = deck(&t, "wall_counter");
    let jam = deck(&t, "chaos_control");
    let rng = || GameRng::new(1, 2);
    assert!(t.new_game(&[rush, wall], rng()).runs_lean_loop());
    assert!(t.new_game(&[wall, wall], rng()).runs_lean_loop());
    assert!(!t.new_game(&[rush, jam], rng()).runs_lean_loop());
    assert!(!t.new_game(&[jam, rush], rng()).runs_lean_loop());
    let mut s = t.new_game(&[rush, wall], rng());
    s.scenario_set("attacker.commander.hp", "10").unwrap();
    assert!(!s.runs_lean_loop());
}

/// Play seeded random games of every matchup of the pool as dealt (the lean loop if the
/// matchup qualifies, else the full loop skipping the work of the features it lacks) and
/// forced through the full loop with every feature on, comparing the two states after every
/// action (and the logs, in every fourth game; the full loop logs in every game, so that
/// its attacks take the logging path, `hit_full`, where the dealt game's take the compiled
/// one): `lean_games` games of each matchup that runs
/// the lean loop, `other_games` of the others. Returns the numbers of games compared (lean,
/// other).
fn compare(params: &[&str], lean_games: u64, other_games: u64) -> (usize, usize) {
    let t = pool(params);
    let n = t.deck_names().len() as u8;
    let mut compared = (0, 0);
    let mut buf = ActionBuf::new();
    for a in 0..n {
        for b in 0..n {
            let runs_lean = t.new_game(&[a, b], GameRng::new(0, 7)).runs_lean_loop();
            let games = if runs_lean { lean_games } else { other_games };
            for g in 0..games {
                let seed = ((a as u64) << 40) ^ ((b as u64) << 20) ^ g;
                let mut dealt = t.new_game(&[a, b], GameRng::new(seed, 7));
                assert_eq!(dealt.runs_lean_loop(), runs_lean);
                // The full loop from the deal on.
                let shared = Arc::clone(&t.shared);
                let mut full =
                    TyrantState::deal_with(shared, &[a, b], GameRng::new(seed, 7), false);
                assert!(!full.runs_lean_loop());
                assert!(dealt == full, "after the deal: {a} vs {b}, game {g}");
                // The full loop always logs, so in the games without a log of their own
                // the dealt game's compiled attack path (no log) is compared with the
                // logging path (`hit_full`) too.
                let log = g % 4 == 0;
                dealt.set_logging(log);
                full.set_logging(true);
                let mut pick = GameRng::seed_from_u64(seed ^ 0x5eed);
                let mut step = 0;
                while !dealt.over() {
                    dealt.legal_actions(&mut buf);
                    let act = buf[pick.random_range(0..buf.len())];
                    dealt.apply(act);
                    full.apply(act);
                    step += 1;
                    assert_eq!(dealt, full, "{a} vs {b}, game {g}, step {step}");
                    let full_log = full.take_log();
                    if log {
                        assert_eq!(dealt.take_log(), full_log, "log: {a} vs {b}, game {g}");
                    }
                }
                assert!(full.over());
                assert_eq!(dealt.outcome(), full.outcome());
                if runs_lean {
                    compared.0 += 1;
                } else {
                    compared.1 += 1;
                }
            }
        }
    }
    compared
}

#[test]
fn games_play_as_in_the_full_loop_default_rules() {
    let (lean, other) = compare(&[], 40, 2);
    assert_eq!((lean, other), (25 * 40, (35 * 35 - 25) * 2));
}

#[test]
fn games_play_as_in_the_full_loop_other_rules() {
    assert_eq!(compare(&["preset=tyrant-optimize"], 12, 1).0, 25 * 12);
    assert_eq!(
        compare(
            &[
                "rally_lasts=attack",
                "first=defender",
                "at_limit=draw",
                "turn_limit=24",
                "counter_on_death=false",
                "wall_counter=false",
                "flurry_chance=100",
            ],
            12,
            1
        )
        .0,
        25 * 12
    );
    assert_eq!(
        compare(&["rally_lasts=next_turn", "first_draw=1"], 12, 1).0,
        25 * 12
    );
}
