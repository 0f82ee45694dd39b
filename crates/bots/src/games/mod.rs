//! The per-game heuristics: the only game-specific code of the bots.

pub mod catan;
pub mod junior;
pub mod splendor;

impl crate::heuristic::BotGame for ::splendor::Splendor {
    type Heuristic = splendor::SplendorHeuristic;
}

impl<P: ::catan::Part> crate::heuristic::BotGame for ::catan::CatanGame<P> {
    type Heuristic = catan::CatanHeuristic;
}

impl crate::heuristic::BotGame for ::catan_junior::CatanJunior {
    type Heuristic = junior::JuniorHeuristic;
}
