//! The game interface shared by every rule set.

use std::path::PathBuf;

use arrayvec::ArrayVec;

use crate::{GameRng, IllegalAction, LoadError, ParamSpec, Params};

/// Most players any rule set seats (Allegiance plays 2 to 4).
pub const MAX_PLAYERS: usize = 4;

/// Capacity of an [`ActionBuf`].
///
/// Every game keeps each decision small and sequential (choose one attacker at a time,
/// then "done"; choose one target at a time), so a decision never offers more than a few
/// dozen options: Tyrant offers at most 3 (its hand), and the largest anticipated branching
/// is a player choosing a card from a hand of at most ~20 cards times at most 8 places or
/// targets (160). 256 leaves room and keeps the buffer at 512 bytes on the stack. A game
/// that could exceed it must split the decision further; `legal_actions` panics rather than
/// truncating silently.
pub const MAX_ACTIONS: usize = 256;

/// One action, as a small game-specific integer id. Its meaning is the game's
/// ([`Game::action_label`] turns it into words).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action(pub u16);

/// A caller-provided buffer of legal actions (no heap allocation).
pub type ActionBuf = ArrayVec<Action, MAX_ACTIONS>;

/// Outcomes of an explicit chance node with their integer weights.
pub type ChanceBuf = ArrayVec<(Action, u32), MAX_ACTIONS>;

/// Whose decision it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// Player (seat) `n` chooses an action.
    Player(u8),
    /// An explicit chance node: sample from [`Game::chance_outcomes`].
    Chance,
    /// The game is over; see [`Game::outcome`].
    Terminal,
}

/// A player's result in a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayerResult {
    /// The player (or their team) won.
    Win,
    /// The player lost.
    Loss,
    /// Nobody won.
    Draw,
}

impl PlayerResult {
    /// Reward for search and statistics: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn reward(self) -> f64 {
        match self {
            PlayerResult::Win => 1.0,
            PlayerResult::Draw => 0.5,
            PlayerResult::Loss => 0.0,
        }
    }
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player met a win or loss condition of the rules.
    Decided,
    /// The turn limit was reached; the results are those the rules give at the limit
    /// (e.g. Tyrant: the defender wins, or a draw in tournaments).
    TurnLimit,
}

/// The outcome of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Result of every player; entries past `players` are unused (`Draw`).
    pub results: [PlayerResult; MAX_PLAYERS],
    /// Number of players in the game.
    pub players: u8,
    /// How the game ended.
    pub end: EndReason,
}

impl Outcome {
    /// A game won by `winner`, everyone else losing.
    pub fn winner(players: u8, winner: u8, end: EndReason) -> Self {
        let mut results = [PlayerResult::Draw; MAX_PLAYERS];
        for (i, r) in results.iter_mut().enumerate().take(players as usize) {
            *r = if i == winner as usize {
                PlayerResult::Win
            } else {
                PlayerResult::Loss
            };
        }
        Outcome {
            results,
            players,
            end,
        }
    }

    /// A drawn game.
    pub fn draw(players: u8, end: EndReason) -> Self {
        Outcome {
            results: [PlayerResult::Draw; MAX_PLAYERS],
            players,
            end,
        }
    }

    /// Result of player `p`.
    pub fn result(&self, p: usize) -> PlayerResult {
        self.results[p]
    }
}

/// Which of a seat's deck cards were drawn and played in a game, as bit masks over the
/// positions of that seat's expanded deck list (position `i` is bit `i`). Decks are capped
/// at 64 cards so the masks fit in a `u64`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CardUsage {
    /// Positions drawn (into the hand) at least once, opening hand included.
    pub drawn: u64,
    /// Positions in the opening hand (what the game deals before a seat's first decision;
    /// a subset of `drawn`). Card statistics split "in the opening hand" from "drawn later".
    pub opening: u64,
    /// Positions played.
    pub played: u64,
}

/// One distinct card of a loaded deck, for card statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckCard {
    /// The card's name as the card file spells it.
    pub name: String,
    /// Number of copies in the deck.
    pub copies: u32,
    /// Deck positions holding this card (see [`CardUsage`]).
    pub positions: u64,
}

impl DeckCard {
    /// The distinct cards of a deck given as card names by deck position (copies counted,
    /// positions as bits), for [`Ruleset::deck_cards`].
    pub fn tally<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<DeckCard> {
        let mut out: Vec<DeckCard> = Vec::new();
        for (pos, name) in names.into_iter().enumerate() {
            match out.iter_mut().find(|c| c.name == name) {
                Some(c) => {
                    c.copies += 1;
                    c.positions |= 1 << pos;
                }
                None => out.push(DeckCard {
                    name: name.to_string(),
                    copies: 1,
                    positions: 1 << pos,
                }),
            }
        }
        out
    }
}

/// A game-specific scripted way of playing (Tyrant's "ordered" deck mode), offered to the
/// agents crate without game-specific code there.
#[derive(Copy, Clone, Debug)]
pub struct PolicyInfo {
    /// Name used in agent specs (e.g. `ordered`).
    pub name: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
}

/// Where one deck comes from: a deck file, or deck text embedded in another file (a
/// scenario), in the game's own deck format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckSource {
    /// A deck file; its stem names the deck.
    File(PathBuf),
    /// Deck text found in `file` starting at line `first_line` (1-based), for messages.
    Inline {
        /// The deck's name.
        name: String,
        /// File the text came from.
        file: PathBuf,
        /// Line of `file` holding the text's first line.
        first_line: u64,
        /// The deck text.
        text: String,
    },
}

/// A deck's text, ready for a game's deck parser.
#[derive(Clone, Debug)]
pub struct DeckText {
    /// The deck's name.
    pub name: String,
    /// File to name in messages.
    pub file: PathBuf,
    /// Added to the text's line numbers in messages (0 for a deck file).
    pub line_offset: u64,
    /// The text.
    pub text: String,
}

impl DeckSource {
    /// Read the deck's text (a file read for [`DeckSource::File`]).
    pub fn read(&self) -> Result<DeckText, LoadError> {
        match self {
            DeckSource::File(p) => {
                let text = crate::data::read_text(p, "deck file")?;
                Ok(DeckText {
                    name: p
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    file: p.clone(),
                    line_offset: 0,
                    text,
                })
            }
            DeckSource::Inline {
                name,
                file,
                first_line,
                text,
            } => Ok(DeckText {
                name: name.clone(),
                file: file.clone(),
                line_offset: first_line.saturating_sub(1),
                text: text.clone(),
            }),
        }
    }
}

impl From<PathBuf> for DeckSource {
    fn from(p: PathBuf) -> Self {
        DeckSource::File(p)
    }
}

/// What a rule set is loaded from.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The card data file.
    pub cards: PathBuf,
    /// Decks; their order gives the deck indices used by [`Ruleset::new_game`].
    pub decks: Vec<DeckSource>,
    /// Rule parameters (start from [`Params::defaults`] of the rule set's specs).
    pub params: Params,
}

impl Setup {
    /// The example data of game folder `game` in the repository's `data/` (`cards.csv` and
    /// every `decks/*.txt`, sorted by file name), with `params` (`name=value`) over the
    /// defaults of `specs`. For tests, benchmarks and tools.
    pub fn example(
        game: &str,
        specs: &'static [crate::ParamSpec],
        params: &[&str],
    ) -> Result<Setup, LoadError> {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../data")
            .join(game);
        let dir = data.join("decks");
        let mut decks: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| LoadError::file(&dir, format!("cannot list decks: {e}")))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        decks.sort();
        let mut p = Params::defaults(specs);
        for a in params {
            p.set(a)
                .map_err(|e| LoadError::file("parameters", e.to_string()))?;
        }
        Ok(Setup {
            cards: data.join("cards.csv"),
            decks: decks.into_iter().map(DeckSource::File).collect(),
            params: p,
        })
    }
}

/// The set-up side of a rule set: card data, decks, parameters; deals new games.
pub trait Ruleset: Sized + Send + Sync + 'static {
    /// The state of one game in progress.
    type State: Game;

    /// Name used on the command line (`--game NAME`).
    const NAME: &'static str;

    /// The named rule parameters with their defaults.
    fn param_specs() -> &'static [ParamSpec];

    /// Named bundles of parameter values (`--preset NAME`); none by default.
    fn presets() -> &'static [crate::Preset] {
        &[]
    }

    /// Scripted play modes this game offers as agents.
    fn builtin_policies() -> &'static [PolicyInfo] {
        &[]
    }

    /// Parameters (`name=value`) that scenario files start from before their own, e.g.
    /// Tyrant's `shuffle=false` so that decks are stacked in list order.
    fn scenario_params() -> &'static [&'static str] {
        &[]
    }

    /// Card file used when none is given, relative to the repository's data folder.
    fn default_cards() -> &'static str;

    /// Load cards and decks, validating everything. Errors name file, line and problem.
    fn load(setup: &Setup) -> Result<Self, LoadError>;

    /// Number of players a game seats.
    fn num_players(&self) -> usize;

    /// Name of each seat (e.g. `attacker`, `defender`).
    fn seat_name(&self, seat: usize) -> &'static str;

    /// Whether the seats are interchangeable enough to rotate decks through them (always
    /// true so far: even in Tyrant, where seats are roles, rotating decks through the roles
    /// is what a fair comparison needs).
    fn rotate_seats(&self) -> bool {
        true
    }

    /// The agent the rules themselves put in `seat`, when a seat is not a player's to fill
    /// (Tyrant's defender plays a random card from its hand: `Some("random")`). Tools that
    /// compare agents (the strength ladder) seat this agent there, and search agents model
    /// that seat as this automaton rather than as an opponent. `None`: a free seat.
    fn fixed_seat_agent(&self, seat: usize) -> Option<&'static str> {
        let _ = seat;
        None
    }

    /// The seat that takes the first turn under the loaded parameters.
    fn first_seat(&self) -> usize;

    /// The loaded rule parameters.
    fn params(&self) -> &Params;

    /// Names of the loaded decks (file stems), in load order.
    fn deck_names(&self) -> Vec<String>;

    /// The distinct cards of deck `deck`, with copies and positions.
    fn deck_cards(&self, deck: usize) -> Vec<DeckCard>;

    /// Deal a new game: `seating[s]` is the deck index played from seat `s`. Must not
    /// allocate. All of the game's randomness derives from `rng`.
    fn new_game(&self, seating: &[u8], rng: GameRng) -> Self::State;

    /// Deal a new game into `state`, a state of this rule set (any earlier game's): the
    /// result must equal [`Ruleset::new_game`]'s. The simulator keeps one state per worker
    /// and deals into it, so a game that overrides this resets its state in place instead of
    /// building and moving a new one. Must not allocate.
    fn new_game_into(&self, state: &mut Self::State, seating: &[u8], rng: GameRng) {
        *state = self.new_game(seating, rng);
    }

    /// Names of every card of the loaded card data, in file order (for card edits and
    /// listings). Empty when the game does not support card edits.
    fn card_names(&self) -> Vec<String> {
        Vec::new()
    }

    /// A copy of this rule set in which deck `deck` holds `replacement` wherever it held
    /// `card` (every copy, same deck positions), or, with `replacement = None`, no copy of
    /// `card` at all. Other decks and the card data are unchanged. Used by card ablation.
    fn with_deck_card_replaced(
        &self,
        deck: usize,
        card: &str,
        replacement: Option<&str>,
    ) -> Result<Self, LoadError> {
        let _ = (deck, card, replacement);
        Err(edit_unsupported::<Self>())
    }

    /// Whether card `card` of deck `deck` (a name from [`Ruleset::deck_cards`]) can be
    /// removed (`replacement = None`) or replaced by `replacement` through
    /// [`Ruleset::with_deck_card_replaced`]. `impact --all-cards` skips the cards this calls
    /// [`Ablation::Blocked`] and lists them with the reason; for the others the edit is made,
    /// and any error it gives stops the command as usual. Default: every card is allowed.
    fn ablation(&self, deck: usize, card: &str, replacement: Option<&str>) -> Ablation {
        let _ = (deck, card, replacement);
        Ablation::Allowed { note: None }
    }

    /// Cards that belong to deck `deck` without being among its [`Ruleset::deck_cards`]
    /// (Allegiance: the loadout's hero). `impact --all-cards` asks [`Ruleset::ablation`]
    /// about these too, so they are measured or listed as not ablated, never silently left
    /// out. Default: none.
    fn other_deck_cards(&self, deck: usize) -> Vec<String> {
        let _ = deck;
        Vec::new()
    }

    /// Teams, when the loaded parameters make players play in teams: `Some(t)` is the team
    /// of `seat` (seats with the same `t` share their result). `None` (the default): every
    /// player plays for themselves. Run outputs add per-team rows (`teams.csv`) when some
    /// seat has a team.
    fn team_of(&self, seat: usize) -> Option<usize> {
        let _ = seat;
        None
    }

    /// A copy of this rule set in which card `card` is changed everywhere (every deck that
    /// holds it) by `change`, a game-specific edit of the card's numbers such as `attack-1`
    /// or `health+2`. Used by nerf/buff impact runs.
    fn with_card_changed(&self, card: &str, change: &str) -> Result<Self, LoadError> {
        let _ = (card, change);
        Err(edit_unsupported::<Self>())
    }

    /// What deck `deck` may be, for deck search (`cardsim optimize`): its slots, card pool,
    /// size and copy limits. `None` (the default): the game does not support deck search.
    fn deck_space(&self, deck: usize) -> Option<crate::DeckSpace> {
        let _ = deck;
        None
    }

    /// Deck `deck` as a [`crate::DeckPlan`] of the space [`Ruleset::deck_space`] describes.
    fn deck_plan(&self, deck: usize) -> Option<crate::DeckPlan> {
        let _ = deck;
        None
    }

    /// Legal values of slot `slot` of deck `deck`, given the values `plan` holds in the
    /// slots before it (an empty string: the slot may be left open).
    fn slot_options(&self, deck: usize, plan: &crate::DeckPlan, slot: usize) -> Vec<String> {
        let _ = (deck, plan, slot);
        Vec::new()
    }

    /// A copy of this rule set in which deck `deck` is `plan`, checked against the game's
    /// deck rules (an error names the problem). Other decks and the card data are unchanged.
    fn with_deck_plan(&self, deck: usize, plan: &crate::DeckPlan) -> Result<Self, LoadError> {
        let _ = (deck, plan);
        Err(LoadError::file(
            Self::NAME,
            "deck search is not supported by this game",
        ))
    }

    /// Whether `plan` is a legal deck `deck` by the game's own deck rules (`Err` names the
    /// problem), without building a rule set: deck search asks this of every move it
    /// proposes. Default: [`Ruleset::with_deck_plan`], whose rule set is dropped.
    fn check_deck_plan(&self, deck: usize, plan: &crate::DeckPlan) -> Result<(), LoadError> {
        self.with_deck_plan(deck, plan).map(drop)
    }

    /// The text of a deck file holding `plan`, with `description` as its first `#` line,
    /// which [`Ruleset::load`] reads back as the same deck.
    fn deck_plan_text(&self, plan: &crate::DeckPlan, description: &str) -> String {
        let _ = (plan, description);
        String::new()
    }
}

/// Whether a card of a deck can be ablated (removed, or replaced by another card), as
/// [`Ruleset::ablation`] answers it for `cardsim impact --all-cards`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ablation {
    /// It can. `note`, when given, says what else the change implies (e.g. that removing an
    /// ability also makes the abilities that need it unreachable).
    Allowed {
        /// What else the change implies, in words.
        note: Option<String>,
    },
    /// It cannot, for this reason (e.g. the card is what the deck is: a hero).
    Blocked(String),
}

/// The error of the defaulted card-edit methods of [`Ruleset`].
fn edit_unsupported<R: Ruleset>() -> LoadError {
    LoadError::file(
        R::NAME,
        "card edits (ablation, nerf, buff) are not supported by this game",
    )
}

/// One game in progress (see the crate docs).
pub trait Game: Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static {
    /// Number of players.
    fn num_players(&self) -> usize;

    /// Whose decision it is.
    fn to_move(&self) -> ToMove;

    /// Write the legal actions of the player to move into `out` (cleared first). Empty when
    /// terminal or at a chance node.
    fn legal_actions(&self, out: &mut ActionBuf);

    /// Whether `action` is legal now.
    fn is_legal(&self, action: Action) -> bool {
        let mut buf = ActionBuf::new();
        self.legal_actions(&mut buf);
        buf.contains(&action)
    }

    /// Apply an action (or chance outcome) without checking it; an illegal action gives
    /// unspecified (but memory-safe) results.
    fn apply_unchecked(&mut self, action: Action);

    /// Apply an action, checking legality in debug builds.
    fn apply(&mut self, action: Action) {
        debug_assert!(
            self.is_legal(action),
            "illegal action {action:?} in state {:?}",
            self.describe()
        );
        self.apply_unchecked(action);
    }

    /// Apply an action after checking that it is legal.
    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        if self.is_legal(action) {
            self.apply_unchecked(action);
            Ok(())
        } else {
            Err(IllegalAction {
                action: action.0,
                reason: if self.to_move() == ToMove::Terminal {
                    "the game is over".into()
                } else {
                    "not among the legal actions".into()
                },
            })
        }
    }

    /// Outcomes of an explicit chance node, with integer weights. Games that resolve chance
    /// internally leave this empty.
    fn chance_outcomes(&self, out: &mut ChanceBuf) {
        out.clear();
    }

    /// The outcome, once terminal.
    fn outcome(&self) -> Option<Outcome>;

    /// The game's own turn counter (for statistics; its meaning is the rules').
    fn turn(&self) -> u32;

    /// Upper bound on the number of actions (decisions and chance outcomes) in one game.
    fn max_decisions(&self) -> u32;

    /// Upper bound on [`Game::turn`] at the end of a game.
    fn max_turns(&self) -> u32;

    /// Replace what `viewer` cannot see with a random world consistent with what it knows,
    /// including the game's internal RNG. Must not allocate.
    fn resample_hidden(&mut self, viewer: u8, rng: &mut GameRng);

    /// [`Game::resample_hidden`] for a search that resamples very often (MCTS: once an
    /// iteration): worlds with the same probabilities, but a game may leave part of the
    /// dealing for later (Allegiance leaves its decks unordered and takes a random card of
    /// one when its top card is taken, instead of shuffling every deck now). Only the
    /// draws differ, so the same `rng` gives another world than `resample_hidden` does.
    /// The default is `resample_hidden`. Must not allocate.
    fn resample_hidden_lazy(&mut self, viewer: u8, rng: &mut GameRng) {
        self.resample_hidden(viewer, rng);
    }

    /// Which of `seat`'s deck cards were drawn and played so far.
    fn card_usage(&self, seat: u8) -> CardUsage;

    /// Run scripted policy number `policy` (an index into [`Ruleset::builtin_policies`])
    /// for the player to move. It may only use what that player can see.
    fn builtin_policy(&self, policy: usize, legal: &ActionBuf, rng: &mut GameRng) -> Action {
        let _ = (policy, rng);
        legal[0]
    }

    /// The game's own numeric score of `seat` in a finished game (e.g. achievement points),
    /// when its rules keep one; the simulator reports its mean with a 95% interval. `None`
    /// (the default): the game has no score.
    fn score(&self, seat: u8) -> Option<i32> {
        let _ = seat;
        None
    }

    /// A heuristic value of the state for `player`, higher is better (for greedy agents and
    /// rollouts). The scale is the game's own.
    fn evaluate(&self, player: u8) -> f64;

    /// Human-readable label of an action in this state (allocates; not for the hot path).
    fn action_label(&self, action: Action) -> String;

    /// Key/value description of the state (allocates; not for the hot path).
    fn describe(&self) -> Vec<(String, String)>;

    /// Check the game's internal invariants (every card in exactly one zone, values within
    /// bounds). Used by the conformance suite.
    fn check_invariants(&self) -> Result<(), String>;

    /// Scenario set-up beyond stacked decks (e.g. `hand.attacker` = card names), applied
    /// right after [`Ruleset::new_game`]. Keys and values are the game's own; an unknown
    /// key or bad value is an error naming the problem.
    fn scenario_set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let _ = value;
        Err(format!("unknown set-up key '{key}'"))
    }

    /// Force the outcome of the next random event of kind `event` that the game resolves
    /// internally (e.g. `evade` = `success`), for scenarios. Forced outcomes queue per kind
    /// and are used in order; an unknown kind or outcome is an error naming it.
    fn force_chance(&mut self, event: &str, outcome: &str) -> Result<(), String> {
        let _ = outcome;
        Err(format!("no random event '{event}' in this game"))
    }

    /// Forced outcomes not yet used (scenarios check that each was needed).
    fn unused_forced(&self) -> Vec<String> {
        Vec::new()
    }

    /// Turn the readable event log on or off (replay and scenarios; never in the hot path:
    /// with the log off, games must not allocate).
    fn set_logging(&mut self, on: bool) {
        let _ = on;
    }

    /// Take the log lines written since the last call (what happened: cards played, skills
    /// with their targets and amounts, damage, deaths, statuses).
    fn take_log(&mut self) -> Vec<String> {
        Vec::new()
    }
}
