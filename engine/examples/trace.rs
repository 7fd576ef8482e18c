//! Print one random Tyrant game step by step: `cargo run -p cardsim-engine --example trace -- CARDS DECK_A DECK_B SEED`.
use cardsim_engine::tyrant::Tyrant;
use cardsim_engine::{game_rng, ActionBuf, Game, Params, Ruleset, Setup};
use rand::RngExt;
use std::path::PathBuf;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let setup = Setup {
        cards: a[1].clone().into(),
        decks: vec![PathBuf::from(&a[2]).into(), PathBuf::from(&a[3]).into()],
        params: Params::defaults(Tyrant::param_specs()),
    };
    let seed: u64 = a.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let t = Tyrant::load(&setup).unwrap_or_else(|e| panic!("{e}"));
    let mut s = t.new_game(&[0, 1], game_rng(seed, 0));
    let mut rng = game_rng(seed, 99);
    let mut buf = ActionBuf::new();
    loop {
        for (k, v) in s.describe() {
            if !k.contains(".assault.") && !k.contains(".structure.") || k.matches('.').count() == 2
            {
                println!("  {k} = {v}");
            }
        }
        s.legal_actions(&mut buf);
        if buf.is_empty() {
            break;
        }
        let act = buf[rng.random_range(0..buf.len())];
        println!("-> {}", s.action_label(act));
        s.apply(act);
    }
}
