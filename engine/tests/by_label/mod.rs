//! Test helpers for any game: the labels of the legal actions, playing an action by its
//! label (checking invariants after it), and reading one key of the state description.

use cardsim_engine::{ActionBuf, Game};

/// Labels of the legal actions.
pub fn labels<G: Game>(g: &G) -> Vec<String> {
    let mut b = ActionBuf::new();
    g.legal_actions(&mut b);
    b.iter().map(|&a| g.action_label(a)).collect()
}

/// Apply the legal action labelled `label`; panics with the legal labels if there is none.
pub fn act<G: Game>(g: &mut G, label: &str) {
    let mut b = ActionBuf::new();
    g.legal_actions(&mut b);
    let Some(&a) = b.iter().find(|&&a| g.action_label(a) == label) else {
        panic!("no `{label}` among {:?}", labels(g));
    };
    g.apply(a);
    g.check_invariants().unwrap();
}

/// The value of description key `k`.
pub fn key<G: Game>(g: &G, k: &str) -> String {
    match g.describe().into_iter().find(|(a, _)| a == k) {
        Some((_, v)) => v,
        None => panic!("no key {k}"),
    }
}
