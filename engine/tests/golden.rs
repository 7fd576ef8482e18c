//! Golden playthroughs: fixed-seed games written out action by action (Tyrant: the full state
//! description after each; Allegiance: the options, the event log and the state at the start
//! and the end), compared with the committed transcripts in `tests/golden/`.
//! Any change of behaviour shows up here as a readable diff. After an intended rules change,
//! regenerate with `UPDATE_GOLDEN=1 cargo test -p cardsim-engine --test golden` and review the
//! diff. The inputs are copies kept beside the transcripts, so editing the example data does
//! not disturb them.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{game_rng, stream_rng, ActionBuf, Game, Params, RngRole, Ruleset, Setup};
use rand::RngExt;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn transcript(seed: u64, params: &[&str]) -> String {
    transcript_of(
        ["tyrant_cards.csv", "tyrant_rush.txt", "tyrant_poison.txt"],
        seed,
        params,
        false,
    )
}

/// A transcript of `files` = [cards, attacker deck, defender deck]; with `log`, the game's
/// event log too.
fn transcript_of(files: [&str; 3], seed: u64, params: &[&str], log: bool) -> String {
    let dir = golden_dir();
    let mut p = Params::defaults(Tyrant::param_specs());
    for a in params {
        p.set(a).unwrap();
    }
    let t = Tyrant::load(&Setup {
        cards: dir.join(files[0]),
        decks: vec![dir.join(files[1]).into(), dir.join(files[2]).into()],
        params: p,
    })
    .unwrap();
    let mut s = t.new_game(&[0, 1], game_rng(seed, 0));
    let mut rng = stream_rng(seed, 0, RngRole::Agent(0));
    let mut buf = ActionBuf::new();
    let mut out = String::new();
    writeln!(
        out,
        "# tyrant golden playthrough: {} (attacker) vs {} (defender), seed {seed}, params {params:?}",
        files[1], files[2]
    )
    .unwrap();
    s.set_logging(log);
    let dump = |s: &cardsim_engine::tyrant::TyrantState, out: &mut String| {
        for (k, v) in s.describe() {
            // The per-field keys repeat the one-line unit summaries; keep the transcript short.
            let field = k.matches('.').count() >= 3 || k.ends_with(".name") || k.ends_with(".hp");
            if !field {
                writeln!(out, "  {k} = {v}").unwrap();
            }
        }
    };
    dump(&s, &mut out);
    loop {
        s.legal_actions(&mut buf);
        if buf.is_empty() {
            break;
        }
        let labels: Vec<String> = buf.iter().map(|a| s.action_label(*a)).collect();
        let a = buf[rng.random_range(0..buf.len())];
        writeln!(
            out,
            "turn {} {:?} options [{}] -> {}",
            s.turn,
            s.to_move(),
            labels.join(" | "),
            s.action_label(a)
        )
        .unwrap();
        s.apply(a);
        for l in s.take_log() {
            writeln!(out, "  | {l}").unwrap();
        }
        dump(&s, &mut out);
    }
    writeln!(out, "outcome {:?}", s.outcome().unwrap()).unwrap();
    out
}

fn check(name: &str, text: String) {
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
            path.display()
        )
    });
    if want != text {
        let (i, (w, g)) = want
            .lines()
            .zip(text.lines())
            .enumerate()
            .find(|(_, (w, g))| w != g)
            .unwrap_or((
                want.lines().count().min(text.lines().count()),
                ("<end>", "<end>"),
            ));
        panic!(
            "{name} differs from the golden transcript at line {}:\n  golden: {w}\n  now:    {g}\n(UPDATE_GOLDEN=1 regenerates after an intended change)",
            i + 1
        );
    }
}

#[test]
fn golden_tyrant_default_rules() {
    check("tyrant_seed1.txt", transcript(1, &[]));
}

#[test]
fn golden_tyrant_short_limit_defender_first() {
    check(
        "tyrant_seed2_limit12.txt",
        transcript(2, &["turn_limit=12", "first=defender", "flurry_chance=100"]),
    );
}

/// A transcript with the event log of `attacker` vs `defender` (deck copies beside the
/// transcripts) on the full card list, default rules.
fn event_log_transcript(attacker: &str, defender: &str, seed: u64) -> String {
    transcript_of(
        ["tyrant_cards_full.csv", attacker, defender],
        seed,
        &[],
        true,
    )
}

// With the three below, every line kind of the Tyrant event log appears in some transcript:
// Evade, a failed Jam, an assault's turn cut short by its own chaosed or paybacked skill, a
// jammed or immobilized assault, Counter, hits on a Wall, the turn limit.

#[test]
fn golden_tyrant_every_skill_with_event_log() {
    check(
        "tyrant_chaos_vs_regenerate_seed3.txt",
        event_log_transcript("tyrant_chaos_control.txt", "tyrant_regenerate.txt", 3),
    );
}

#[test]
fn golden_tyrant_chaos_vs_strike_event_log() {
    check(
        "tyrant_chaos_vs_strike_seed79.txt",
        event_log_transcript("tyrant_chaos_control.txt", "tyrant_strike.txt", 79),
    );
}

#[test]
fn golden_tyrant_chaos_vs_wall_counter_event_log() {
    check(
        "tyrant_chaos_vs_wall_counter_seed7.txt",
        event_log_transcript("tyrant_chaos_control.txt", "tyrant_wall_counter.txt", 7),
    );
}

/// An Allegiance transcript: every decision with its options (when there are at most 12) and
/// the choice, the event log, and the full state at the start and the end.
fn allegiance_transcript(loadouts: &[&str], seed: u64, params: &[&str]) -> String {
    use cardsim_engine::allegiance::Allegiance;
    let dir = golden_dir();
    let mut p = Params::defaults(Allegiance::param_specs());
    for a in params {
        p.set(a).unwrap();
    }
    let a = Allegiance::load(&Setup {
        cards: dir.join("allegiance_cards.csv"),
        decks: loadouts
            .iter()
            .map(|l| dir.join(format!("allegiance_{l}.txt")).into())
            .collect(),
        params: p,
    })
    .unwrap();
    let seating: Vec<u8> = (0..loadouts.len() as u8).collect();
    let mut s = a.new_game(&seating, game_rng(seed, 0));
    let mut rng = stream_rng(seed, 0, RngRole::Agent(0));
    let mut buf = ActionBuf::new();
    let mut out = String::new();
    writeln!(
        out,
        "# allegiance golden playthrough: {loadouts:?}, seed {seed}, params {params:?}"
    )
    .unwrap();
    s.set_logging(true);
    let dump = |s: &cardsim_engine::allegiance::AllegianceState, out: &mut String| {
        for (k, v) in s.describe() {
            writeln!(out, "  {k} = {v}").unwrap();
        }
    };
    dump(&s, &mut out);
    loop {
        s.legal_actions(&mut buf);
        if buf.is_empty() {
            break;
        }
        let a = buf[rng.random_range(0..buf.len())];
        let options = if buf.len() <= 12 {
            let labels: Vec<String> = buf.iter().map(|a| s.action_label(*a)).collect();
            format!("[{}]", labels.join(" | "))
        } else {
            format!("({} options)", buf.len())
        };
        writeln!(
            out,
            "turn {} {:?} {options} -> {}",
            s.turn(),
            s.to_move(),
            s.action_label(a)
        )
        .unwrap();
        s.apply(a);
        for l in s.take_log() {
            writeln!(out, "  | {l}").unwrap();
        }
    }
    dump(&s, &mut out);
    writeln!(out, "outcome {:?}", s.outcome().unwrap()).unwrap();
    out
}

#[test]
fn golden_allegiance_two_players() {
    check(
        "allegiance_thedric_vs_hakor_seed1.txt",
        allegiance_transcript(&["thedric", "hakor"], 1, &[]),
    );
}

#[test]
fn golden_allegiance_four_player_team_game() {
    check(
        "allegiance_team_seed2.txt",
        allegiance_transcript(
            &["thedric", "beledan", "hakor", "desoth"],
            2,
            &["players=4", "format=team"],
        ),
    );
}
