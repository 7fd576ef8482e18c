//! The loaded rules of a Tyrant run: the named rule parameters with their defaults, their
//! typed form read in the hot path, and the cards, decks and rules every game shares.

use super::cards::CardDb;
use super::deck::{Deck, MAX_DECK};
use crate::{ParamKind, ParamSpec, Params, Preset};

/// What happens when the turn limit is reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AtLimit {
    /// The defender wins (missions, raids, faction battles).
    Defender,
    /// Nobody wins (tournaments).
    Draw,
}

/// The rule parameters, typed, as the engine reads them in the hot path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Turns (counting both participants' turns) after which the game ends.
    pub turn_limit: u16,
    /// Result at the turn limit.
    pub at_limit: AtLimit,
    /// Seat that plays first.
    pub first: u8,
    /// Whether the acting side's own destroyed cards also shift out at the end of its turn.
    pub shift_acting_side: bool,
    /// Percent chance that Flurry triggers.
    pub flurry_chance: u8,
    /// Whether Counter strikes back when the attack destroyed the countering card.
    pub counter_on_death: bool,
    /// Cards drawn on a participant's first turn.
    pub first_draw: u8,
    /// Largest legal deck (cards besides the commander).
    pub deck_limit: u8,
    /// Whether decks are shuffled (false: drawn in list order).
    pub shuffle: bool,
    /// Percent chance that a Jam takes hold (per target).
    pub jam_chance: u8,
    /// Percent chance that Evade ignores an enemy skill.
    pub evade_chance: u8,
    /// Percent chance that a Flying assault dodges an attack.
    pub flying_chance: u8,
    /// Percent chance that Immobilize takes hold.
    pub immobilize_chance: u8,
    /// Percent chance that Regenerate brings a destroyed assault back.
    pub regenerate_chance: u8,
    /// Percent chance that Payback turns a skill back on its source.
    pub payback_chance: u8,
    /// Percent chance that Tribute copies an allied skill onto its source.
    pub tribute_chance: u8,
    /// Whether Tribute also answers the hostile skills of a chaosed ally.
    pub tribute_on_chaos: bool,
    /// Whether Berserk also grows on attacks that damage a Wall or the commander.
    pub berserk_on_commander: bool,
    /// Whether a Wall intercepts the attacks of Fear assaults.
    pub fear_wall: bool,
    /// Whether a Jam turned back by Payback rolls `jam_chance` again.
    pub payback_jam_roll: bool,
    /// Whether Weaken skips targets that are jammed or immobilized.
    pub weaken_skips_idle: bool,
    /// Whether Chaos skips jammed targets.
    pub chaos_skips_jammed: bool,
    /// Whether Berserk grows on an attack whose Counter destroyed the attacker (it matters
    /// when the attacker then regenerates).
    pub berserk_on_counter_death: bool,
    /// How long Rally lasts.
    pub rally_lasts: RallyLasts,
    /// Whether an assault brought to 0 attack by its own chaosed or turned-back Weaken stays
    /// out of the attack step even if rallied back above 0.
    pub zero_weaken_ends_attack: bool,
    /// Whether the gaps left by Poison deaths close at once (before the card is played).
    pub poison_death_shift: bool,
    /// Whether Counter on a Wall (or a commander) strikes back at attacks that damage it.
    pub wall_counter: bool,
}

/// How long a Rally lasts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RallyLasts {
    /// Until the rallied assault's attack step is over.
    Attack,
    /// Until the end of its owner's turn.
    Turn,
    /// Until the start of its owner's next turn (like Protect).
    NextTurn,
}

pub(super) static PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "turn_limit",
        kind: ParamKind::Int { min: 1, max: 1000 },
        default: 50,
        doc: "turns (both participants' turns counted) after which the game ends",
    },
    ParamSpec {
        name: "at_limit",
        kind: ParamKind::Choice(&["defender", "draw"]),
        default: 0,
        doc: "result at the turn limit: the defender wins, or a draw as in tournaments",
    },
    ParamSpec {
        name: "first",
        kind: ParamKind::Choice(&["attacker", "defender"]),
        default: 0,
        doc: "who plays first (missions: attacker; faction-battle Surge mode: defender)",
    },
    ParamSpec {
        name: "shift_acting_side",
        kind: ParamKind::Bool,
        default: 0,
        doc: "also close the acting side's gaps at the end of its own turn (the game did not)",
    },
    ParamSpec {
        name: "flurry_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Flurry grants its extra attacks",
    },
    ParamSpec {
        name: "counter_on_death",
        kind: ParamKind::Bool,
        default: 1,
        doc: "Counter still strikes back when the attack destroyed the countering card",
    },
    ParamSpec {
        name: "first_draw",
        kind: ParamKind::Int { min: 1, max: 3 },
        default: 3,
        doc: "cards drawn on a participant's first turn",
    },
    ParamSpec {
        name: "deck_limit",
        kind: ParamKind::Int {
            min: 1,
            max: MAX_DECK as i64,
        },
        default: 10,
        doc: "largest legal deck besides the commander (player decks 10; enemy decks more)",
    },
    ParamSpec {
        name: "shuffle",
        kind: ParamKind::Bool,
        default: 1,
        doc: "shuffle decks (false: draw in deck-list order)",
    },
    ParamSpec {
        name: "jam_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that a Jam takes hold, rolled per target",
    },
    ParamSpec {
        name: "evade_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Evade ignores an enemy activation skill",
    },
    ParamSpec {
        name: "flying_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that a Flying assault dodges an attack",
    },
    ParamSpec {
        name: "immobilize_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Immobilize takes hold",
    },
    ParamSpec {
        name: "regenerate_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Regenerate brings a destroyed assault back",
    },
    ParamSpec {
        name: "payback_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Payback turns an enemy assault's skill back on it",
    },
    ParamSpec {
        name: "tribute_chance",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 50,
        doc: "percent chance that Tribute copies an allied assault's skill onto it",
    },
    ParamSpec {
        name: "tribute_on_chaos",
        kind: ParamKind::Bool,
        default: 0,
        doc: "Tribute also answers the hostile skills of a chaosed ally (the sources are silent)",
    },
    ParamSpec {
        name: "berserk_on_commander",
        kind: ParamKind::Bool,
        default: 0,
        doc: "Berserk also grows on attacks that damage a Wall or the commander",
    },
    ParamSpec {
        name: "fear_wall",
        kind: ParamKind::Bool,
        default: 1,
        doc: "a Wall intercepts the attacks of Fear assaults (false: they hit the commander)",
    },
    ParamSpec {
        name: "payback_jam_roll",
        kind: ParamKind::Bool,
        default: 1,
        doc: "a Jam turned back by Payback rolls jam_chance again (false: it always holds)",
    },
    ParamSpec {
        name: "weaken_skips_idle",
        kind: ParamKind::Bool,
        default: 0,
        doc: "Weaken never picks a jammed or immobilized assault (it will not attack anyway)",
    },
    ParamSpec {
        name: "chaos_skips_jammed",
        kind: ParamKind::Bool,
        default: 0,
        doc: "Chaos never picks a jammed assault (its skills will not fire anyway)",
    },
    ParamSpec {
        name: "berserk_on_counter_death",
        kind: ParamKind::Bool,
        default: 0,
        doc: "Berserk grows even when Counter destroyed the attacker (kept if it regenerates)",
    },
    ParamSpec {
        name: "rally_lasts",
        kind: ParamKind::Choice(&["attack", "turn", "next_turn"]),
        default: 1,
        doc: "Rally lasts for the rallied card's attack, its owner's turn, or until the owner's next turn",
    },
    ParamSpec {
        name: "zero_weaken_ends_attack",
        kind: ParamKind::Bool,
        default: 1,
        doc: "an assault its own chaosed or turned-back Weaken took to 0 attack does not attack, even if rallied later",
    },
    ParamSpec {
        name: "poison_death_shift",
        kind: ParamKind::Bool,
        default: 0,
        doc: "gaps left by Poison deaths close at once (false: they stay until the opponent's turn ends)",
    },
    ParamSpec {
        name: "wall_counter",
        kind: ParamKind::Bool,
        default: 1,
        doc: "Counter on a Wall or commander strikes back at the attacks that damage it",
    },
];

/// The named bundles of readings (`--preset NAME`); `docs/games/tyrant.md` gives the source
/// of every value.
pub(super) static PRESETS: &[Preset] = &[
    Preset {
        name: "standard",
        doc: "our readings of the rules text (every contested parameter at its default)",
        values: &[
            ("shift_acting_side", "false"),
            ("counter_on_death", "true"),
            ("berserk_on_commander", "false"),
            ("berserk_on_counter_death", "false"),
            ("fear_wall", "true"),
            ("tribute_on_chaos", "false"),
            ("payback_jam_roll", "true"),
            ("weaken_skips_idle", "false"),
            ("chaos_skips_jammed", "false"),
            ("rally_lasts", "turn"),
            ("zero_weaken_ends_attack", "true"),
            ("poison_death_shift", "false"),
            ("wall_counter", "true"),
        ],
    },
    Preset {
        name: "tyrant-optimize",
        doc: "the readings of the community simulator tyrant_optimize (Nov 2012)",
        values: &[
            ("shift_acting_side", "true"),
            ("counter_on_death", "true"),
            ("berserk_on_commander", "true"),
            ("berserk_on_counter_death", "true"),
            ("fear_wall", "true"),
            ("tribute_on_chaos", "false"),
            ("payback_jam_roll", "true"),
            ("weaken_skips_idle", "true"),
            ("chaos_skips_jammed", "false"),
            ("rally_lasts", "turn"),
            ("zero_weaken_ends_attack", "false"),
            ("poison_death_shift", "false"),
            ("wall_counter", "true"),
        ],
    },
];

impl Rules {
    /// Read the typed rules from parameter values.
    pub fn from_params(p: &Params) -> Self {
        Rules {
            turn_limit: p.get("turn_limit") as u16,
            at_limit: if p.get("at_limit") == 0 {
                AtLimit::Defender
            } else {
                AtLimit::Draw
            },
            first: p.get("first") as u8,
            shift_acting_side: p.get("shift_acting_side") != 0,
            flurry_chance: p.get("flurry_chance") as u8,
            counter_on_death: p.get("counter_on_death") != 0,
            first_draw: p.get("first_draw") as u8,
            deck_limit: p.get("deck_limit") as u8,
            shuffle: p.get("shuffle") != 0,
            jam_chance: p.get("jam_chance") as u8,
            evade_chance: p.get("evade_chance") as u8,
            flying_chance: p.get("flying_chance") as u8,
            immobilize_chance: p.get("immobilize_chance") as u8,
            regenerate_chance: p.get("regenerate_chance") as u8,
            payback_chance: p.get("payback_chance") as u8,
            tribute_chance: p.get("tribute_chance") as u8,
            tribute_on_chaos: p.get("tribute_on_chaos") != 0,
            berserk_on_commander: p.get("berserk_on_commander") != 0,
            fear_wall: p.get("fear_wall") != 0,
            payback_jam_roll: p.get("payback_jam_roll") != 0,
            weaken_skips_idle: p.get("weaken_skips_idle") != 0,
            chaos_skips_jammed: p.get("chaos_skips_jammed") != 0,
            berserk_on_counter_death: p.get("berserk_on_counter_death") != 0,
            rally_lasts: match p.get("rally_lasts") {
                0 => RallyLasts::Attack,
                1 => RallyLasts::Turn,
                _ => RallyLasts::NextTurn,
            },
            zero_weaken_ends_attack: p.get("zero_weaken_ends_attack") != 0,
            poison_death_shift: p.get("poison_death_shift") != 0,
            wall_counter: p.get("wall_counter") != 0,
        }
    }
}

/// Cards, decks and rules shared (read-only) by every game of a run.
#[derive(Debug)]
pub struct Shared {
    /// The card table.
    pub db: CardDb,
    /// The loaded decks.
    pub decks: Vec<Deck>,
    /// The rules.
    pub rules: Rules,
    /// The compiled hot record of every card, by card id ([`super::hot::Hot`]).
    pub hot: Vec<super::hot::Hot>,
    /// The rarer rule features each deck uses, by deck index ([`super::features`]): a game
    /// whose two decks use none runs the lean turn loop.
    pub features: Vec<u32>,
}
