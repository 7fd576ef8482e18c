//! `delegate_game!`: the `impl Game` of a game whose state keeps the common shape (inherent
//! `decider`, `legal`, `play`, `bound`, `resample`, `usage`, `eval`, `label`, `description`,
//! `invariants`, `set_key` methods and `result`, `logging`, `log` fields), written once
//! instead of once per game folder. The game gives what differs (player count, turn counter,
//! turn bound) as expressions of `self`, and may add more trait methods after them. Also the
//! `log!` macro those states share: format and keep an event-log line only while logging.

/// Implement [`crate::Game`] for `$ty` by delegating to its inherent methods.
macro_rules! delegate_game {
    (
        $ty:ty,
        players: |$p:ident| $players:expr,
        turn: |$t:ident| $turn:expr,
        max_turns: |$m:ident| $max:expr
        $(, extra: { $($extra:tt)* })?
    ) => {
        impl $crate::Game for $ty {
            fn num_players(&self) -> usize {
                let $p = self;
                $players
            }

            fn to_move(&self) -> $crate::ToMove {
                match self.decider() {
                    Some(p) => $crate::ToMove::Player(p),
                    None => $crate::ToMove::Terminal,
                }
            }

            fn legal_actions(&self, out: &mut $crate::ActionBuf) {
                self.legal(out);
            }

            fn apply_unchecked(&mut self, action: $crate::Action) {
                self.play(action);
            }

            fn outcome(&self) -> Option<$crate::Outcome> {
                self.result
            }

            fn turn(&self) -> u32 {
                let $t = self;
                $turn
            }

            fn max_decisions(&self) -> u32 {
                self.bound()
            }

            fn max_turns(&self) -> u32 {
                let $m = self;
                $max
            }

            fn resample_hidden(&mut self, viewer: u8, rng: &mut $crate::GameRng) {
                self.resample(viewer, rng);
            }

            fn card_usage(&self, seat: u8) -> $crate::CardUsage {
                self.usage(seat)
            }

            fn evaluate(&self, player: u8) -> f64 {
                self.eval(player)
            }

            fn action_label(&self, action: $crate::Action) -> String {
                self.label(action)
            }

            fn describe(&self) -> Vec<(String, String)> {
                self.description()
            }

            fn check_invariants(&self) -> Result<(), String> {
                self.invariants()
            }

            fn scenario_set(&mut self, key: &str, value: &str) -> Result<(), String> {
                self.set_key(key, value)
            }

            fn set_logging(&mut self, on: bool) {
                self.logging = on;
            }

            fn take_log(&mut self) -> Vec<String> {
                std::mem::take(&mut self.log)
            }

            $($($extra)*)?
        }
    };
}
pub(crate) use delegate_game;

/// Push a formatted line to `$s.log` when `$s.logging` is on (no formatting otherwise, so play
/// with logging off allocates nothing).
macro_rules! log {
    ($s:expr, $($arg:tt)*) => {
        if $s.logging {
            let line = format!($($arg)*);
            $s.log.push(line);
        }
    };
}
pub(crate) use log;
