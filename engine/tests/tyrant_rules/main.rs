//! Scenario tests of the Tyrant core rules with exact numbers.
//!
//! Every game uses `shuffle=false` (decks are drawn in list order) and scenarios where each
//! single-target skill has exactly one valid target, so nothing depends on the random stream.
//! Rules texts: `shared/rules/tyrant.txt` ([R]) and `shared/rules/tyrant_skills.md`.

use cardsim_engine::tyrant::{Tyrant, TyrantState, Unit, ATTACKER, DEFENDER};
use cardsim_engine::{game_rng, Action, ActionBuf, EndReason, Game, PlayerResult, Ruleset, ToMove};

const A: usize = ATTACKER as usize;
const D: usize = DEFENDER as usize;

/// Dummies have attack 0 (they never attack); Blocks are plain structures that do nothing.
const CARDS: &str = "\
name,type,faction,attack,health,delay,skills
Cmd,commander,imperial,,50,,
Tiny Cmd,commander,imperial,,4,,
Order Cmd,commander,imperial,,50,,strike 1 all
Guard Cmd,commander,imperial,,50,,protect 2 all
Guard1 Cmd,commander,imperial,,50,,protect 1 all
Hexer Cmd,commander,imperial,,50,,enfeeble 2
Sapper Cmd,commander,imperial,,50,,weaken 1
Block,structure,imperial,,5,0,
Wall,structure,imperial,,5,0,wall
Spiked Wall,structure,imperial,,10,0,wall; counter 2
Tower Enf,structure,imperial,,5,0,enfeeble 2 all
Tower Str,structure,imperial,,5,0,strike 1 all
Slow Tower,structure,imperial,,5,1,strike 1 all
Grunt,assault,imperial,1,10,0,
Brute,assault,imperial,3,10,0,
Slow,assault,imperial,2,10,1,
Slower,assault,imperial,2,10,2,
Slow Glass,assault,imperial,1,1,1,
Thorn,assault,imperial,2,20,1,counter 1
Lemming,assault,imperial,1,1,2,
Dummy,assault,imperial,0,20,0,
Paper,assault,imperial,0,4,0,
Raider Dummy,assault,raider,0,20,0,
Armored,assault,imperial,0,20,0,armor 2
Spiky,assault,imperial,0,20,0,counter 2
Driller,assault,imperial,3,10,0,pierce 4
Needle,assault,imperial,3,10,0,pierce 1
Leecher,assault,imperial,3,10,0,leech 2
Rager,assault,imperial,2,20,0,berserk 1
Venom,assault,imperial,2,10,0,poison 2
Whirl,assault,imperial,2,10,0,flurry 2
Swiper,assault,imperial,2,10,0,swipe
Brave,assault,imperial,1,10,0,valor 2
Rallier,assault,imperial,1,10,0,rally 2 xeno
Drummer,assault,imperial,1,10,0,rally 2
Xeno Grunt,assault,xeno,1,10,0,
Bolt,action,imperial,,,,strike 3
Storm,action,imperial,,,,strike 2 all
Hex All,action,imperial,,,,enfeeble 1 all
Hexstorm,action,imperial,,,,enfeeble 1 all; strike 2 all
Raid Storm,action,imperial,,,,strike 5 all raider
";

// ---- helpers ------------------------------------------------------------------------------

/// A game of deck `a` (attacker, seat 0) against deck `d` (defender, seat 1), decks drawn
/// in list order, with extra `name=value` parameters; run to the first decision.
fn game(a: &str, d: &str, params: &[&str]) -> (Tyrant, TyrantState) {
    let mut p = Tyrant::default_params();
    p.set("shuffle=false").unwrap();
    for kv in params {
        p.set(kv).unwrap();
    }
    let t = Tyrant::from_text(CARDS, &[("a", a), ("d", d)], p).unwrap();
    let s = t.new_game(&[0, 1], game_rng(1, 0));
    s.check_invariants().unwrap();
    (t, s)
}

/// Play hand slot `slot` (must be legal) and run to the next decision or the end.
fn play(s: &mut TyrantState, slot: u16) {
    assert!(
        s.is_legal(Action(slot)),
        "slot {slot} not legal: {:?}",
        s.describe()
    );
    s.apply(Action(slot));
    s.check_invariants().unwrap();
}

/// Play the first card of the hand (with `shuffle=false`: the earliest listed card held).
fn play_first(s: &mut TyrantState) {
    play(s, 0);
}

/// Assert that `seat` must decide on turn `turn`.
#[track_caller]
fn at_decision(s: &TyrantState, seat: usize, turn: u16) {
    assert_eq!(
        s.to_move(),
        ToMove::Player(seat as u8),
        "{:?}",
        s.describe()
    );
    assert_eq!(s.active as usize, seat);
    assert_eq!(s.turn, turn);
}

/// A row as `Name hp, Name hp`.
fn row(t: &Tyrant, units: &[Unit]) -> String {
    units
        .iter()
        .map(|u| format!("{} {}", t.shared().db.card(u.card).name, u.hp))
        .collect::<Vec<_>>()
        .join(", ")
}

fn assaults(t: &Tyrant, s: &TyrantState, seat: usize) -> String {
    row(t, &s.sides[seat].assaults)
}

fn structures(t: &Tyrant, s: &TyrantState, seat: usize) -> String {
    row(t, &s.sides[seat].structures)
}

fn hand(t: &Tyrant, s: &TyrantState, seat: usize) -> Vec<String> {
    s.sides[seat]
        .hand
        .iter()
        .map(|&pos| t.shared().db.card(s.card_at(seat, pos)).name.clone())
        .collect()
}

fn cmd(s: &TyrantState, seat: usize) -> i16 {
    s.sides[seat].commander.hp
}

/// Attack of a unit this turn (printed + berserk + rallied − weakened).
fn power(t: &Tyrant, u: &Unit) -> i16 {
    u.power(t.shared().db.card(u.card))
}

#[track_caller]
fn assert_won(s: &TyrantState, winner: usize, end: EndReason) {
    let o = s.result.expect("the game should be over");
    assert_eq!(o.end, end);
    assert_eq!(o.result(winner), PlayerResult::Win);
    assert_eq!(o.result(1 - winner), PlayerResult::Loss);
    assert_eq!(s.to_move(), ToMove::Terminal);
    let mut buf = ActionBuf::new();
    s.legal_actions(&mut buf);
    assert!(buf.is_empty());
}

mod skills;
mod turn;
