//! `for_game!`: call a function generic over the rule set, for the game a name picks.

/// `for_game!(name, f(a: &'a A, b: B) -> Out)` calls `f::<R>(a, b)` with `R` the rule set
/// the registry knows as `name`, and gives `Result<Out>` (an error for an unknown name).
///
/// It writes the [`GameVisitor`](cardsim_engine::registry::GameVisitor) that every
/// per-game entry point needs: a struct holding the arguments and a `visit` passing them on.
/// The argument names are the caller's local variables; their types may borrow for `'a`.
macro_rules! for_game {
    ($game:expr, $f:ident($($arg:ident: $ty:ty),* $(,)?) -> $out:ty) => {{
        struct V<'a>($($ty,)* ::std::marker::PhantomData<&'a ()>);
        impl<'a> ::cardsim_engine::registry::GameVisitor for V<'a> {
            type Output = $out;
            fn visit<R: ::cardsim_engine::Ruleset>(self) -> $out {
                let V($($arg,)* _) = self;
                $f::<R>($($arg),*)
            }
        }
        ::cardsim_engine::registry::visit($game, V($($arg,)* ::std::marker::PhantomData))
    }};
}
