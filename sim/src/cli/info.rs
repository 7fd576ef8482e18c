//! `cardsim agents` and `cardsim params`: what a game offers.

use anyhow::Result;
use cardsim_engine::registry::{self, GameVisitor};
use cardsim_engine::Ruleset;

use super::common::*;

pub struct ListAgents;
impl GameVisitor for ListAgents {
    type Output = ();
    fn visit<R: Ruleset>(self) {
        cardsim_sim::outln!(
            "agents of {} (spec: name or name:key=value,key=value):",
            R::NAME
        );
        for a in cardsim_agents::list_agents::<R>() {
            cardsim_sim::outln!("  {:<10} {}", a.name, a.doc);
            for p in &a.params {
                cardsim_sim::outln!("  {:<12} {p}", "");
            }
        }
    }
}

pub fn cmd_params(g: GameArg) -> Result<()> {
    let info = registry::info(&g.game)?;
    cardsim_sim::outln!(
        "rule parameters of {} (set with --param name=value):",
        info.name
    );
    // One column width for every name, so long names keep the table aligned.
    let w = info
        .params
        .iter()
        .map(|p| p.name.len())
        .chain(info.presets.iter().map(|p| p.name.len()))
        .max()
        .unwrap_or(0);
    for p in info.params {
        cardsim_sim::outln!(
            "  {:<w$} default {:<9} ({}) {}",
            p.name,
            p.render(p.default),
            p.describe_kind(),
            p.doc
        );
    }
    if !info.presets.is_empty() {
        cardsim_sim::outln!(
            "presets (select with --preset NAME; --param wins over a preset's value):"
        );
        for p in info.presets {
            cardsim_sim::outln!("  {:<w$} {}", p.name, p.doc);
            let values: Vec<String> = p.values.iter().map(|(n, v)| format!("{n}={v}")).collect();
            cardsim_sim::outln!("  {:<w$} {}", "", values.join(" "));
        }
    }
    Ok(())
}
