//! `cardsim impact`: a card's causal effect on its deck's win rate.

use std::path::PathBuf;

use anyhow::{bail, Result};
use cardsim_sim::impact::{AllCards, CardChange, ImpactSpec};
use clap::Args;

use super::common::*;

#[derive(Args, Debug, serde::Serialize)]
pub struct ImpactArgs {
    /// The game: tyrant, allegiance, battalla, mission_alliance or alpha_omega.
    #[arg(long, default_value = "tyrant")]
    pub game: String,
    /// Card file (default: the game's example cards in the data folder).
    #[arg(long)]
    pub cards: Option<PathBuf>,
    /// The deck whose card changes.
    #[arg(long)]
    pub deck: PathBuf,
    /// Opponent deck(s): each a separate opponent in a two-player game (results pooled,
    /// equal games each), all at one table otherwise.
    #[arg(long = "vs", num_args = 1.., required_unless_present = "field")]
    pub vs: Vec<PathBuf>,
    /// A folder of decks: every `*.txt` in it but the --deck file is an opponent (added to
    /// any --vs).
    #[arg(long, value_name = "DIR")]
    pub field: Option<PathBuf>,
    /// Agent playing the deck.
    #[arg(long, default_value = "random")]
    pub agent: String,
    /// Agent playing the opponents.
    #[arg(long = "vs-agent", default_value = "random")]
    pub vs_agent: String,
    /// Paired games per opponent and change (each game played with and without the change);
    /// the budget under --sprt/--until-halfwidth.
    #[arg(long, default_value_t = 20_000, allow_hyphen_values = true, value_parser = parse_count)]
    pub games: u64,
    /// The card to change.
    #[arg(long)]
    pub card: Option<String>,
    /// Replace every copy of the card (or, with --all-cards, of each card) by this card.
    #[arg(long, value_name = "CARD")]
    pub replace_with: Option<String>,
    /// Remove every copy of the card (or, with --all-cards, of each card).
    #[arg(long)]
    pub remove: bool,
    /// Weaken the card's numbers everywhere, e.g. `attack-1` (Tyrant: attack, health, delay
    /// or the X of one of its skills; Allegiance: cost, attack, health, armor, delay or the
    /// number of an effect op such as damage or heal; +N, -N or =N).
    #[arg(long, value_name = "CHANGE")]
    pub nerf: Option<String>,
    /// Strengthen the card's numbers everywhere, e.g. `health+2`.
    #[arg(long, value_name = "CHANGE")]
    pub buff: Option<String>,
    /// Ablate every distinct card of the deck in turn (with --replace-with or --remove).
    /// Cards the game cannot ablate that way (Allegiance: the hero, faces chosen at set-up,
    /// abilities under --replace-with) are skipped and listed with the reason.
    #[arg(long)]
    pub all_cards: bool,
    #[command(flatten)]
    #[serde(flatten)]
    pub play: PlayArgs,
}

pub fn cmd_impact(a: ImpactArgs) -> Result<()> {
    let stop = a.play.stop.rule()?;
    let mut changes = Vec::new();
    let all = if a.all_cards {
        if a.card.is_some() || a.nerf.is_some() || a.buff.is_some() {
            bail!("--all-cards ablates every card: give it with --replace-with CARD or --remove, without --card, --nerf or --buff");
        }
        Some(match (&a.replace_with, a.remove) {
            (Some(w), false) => AllCards::ReplaceWith(w.clone()),
            (None, true) => AllCards::Remove,
            _ => bail!("--all-cards needs exactly one of --replace-with CARD and --remove"),
        })
    } else {
        let Some(card) = a.card.clone() else {
            bail!("say which card: --card NAME (or --all-cards)");
        };
        if let Some(w) = &a.replace_with {
            changes.push(CardChange::Replace {
                card: card.clone(),
                with: w.clone(),
            });
        }
        if a.remove {
            changes.push(CardChange::Remove { card: card.clone() });
        }
        for (label, c) in [("nerf", &a.nerf), ("buff", &a.buff)] {
            if let Some(c) = c {
                changes.push(CardChange::Numbers {
                    card: card.clone(),
                    change: c.clone(),
                    label: label.into(),
                });
            }
        }
        if changes.is_empty() {
            bail!(
                "say what to change: --replace-with CARD, --remove, --nerf CHANGE or --buff CHANGE"
            );
        }
        None
    };
    // The opponents as `run` reads them (--vs and --field); impact plays them equally.
    let given: Vec<String> = a.vs.iter().map(|p| p.display().to_string()).collect();
    let opponents =
        cardsim_sim::field::opponents(&a.game, &a.deck, &given, a.field.as_deref(), None)?;
    if opponents.iter().any(|o| o.weight != 1.0) {
        bail!("impact plays every opponent equally: drop the @W weights from --vs");
    }
    let out = out_dir(&a.play.out, &a.game, "impact");
    let vs: Vec<PathBuf> = opponents.into_iter().map(|o| o.deck).collect();
    let spec = ImpactSpec {
        deck: a.deck.clone(),
        vs,
        agent: a.agent.clone(),
        vs_agent: a.vs_agent.clone(),
        games: a.games,
        changes,
        all_cards: all,
        stop,
        run: a
            .play
            .settings(&a.game, &a.cards, out.clone(), serde_json::to_value(&a)?),
    };
    let r = cardsim_sim::impact::impact(&spec)?;
    cardsim_sim::out!("{}", cardsim_sim::impact::table(&r.rows));
    let notes = cardsim_sim::impact::notes_table(&r.rows);
    if !notes.is_empty() {
        cardsim_sim::out!("Notes (what else a change implies):\n{notes}");
    }
    if !r.skipped.is_empty() {
        cardsim_sim::out!(
            "Not ablated ({} of the deck's cards; rows with 0 games in impact.csv):\n{}",
            r.skipped.len(),
            cardsim_sim::impact::skipped_table(&r.skipped)
        );
    }
    cardsim_sim::outln!(
        "{} games ({} paired) in {:.2} s on {} threads. score diff = changed minus original deck score (win 1, draw 1/2), percentage points, 95% interval from the paired per-game differences; wrote {}",
        r.manifest.games,
        r.manifest.games / 2,
        r.manifest.elapsed_seconds,
        r.manifest.threads,
        wrote(&r.written)
    );
    a.play.report.write(&out)
}
