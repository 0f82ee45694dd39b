//! Refusals of Cities & Knights rules: every variant names the `ck.*` rule it
//! enforces and says what is wrong in German and English. Base rules that still
//! apply are refused with their base [`crate::CatanError`] variant.

use super::cards::{Card, Track};
use crate::resource::Resource;
use engine::Message;

/// Every rule id a Cities & Knights refusal can cite.
pub const CK_RULE_IDS: &[&str] = &[
    "ck.setup.second_city",
    "ck.turn.before_roll",
    "ck.removed.development_cards",
    "ck.seven.hand_limit",
    "ck.robber.asleep",
    "ck.barbarian.pillage",
    "ck.decide.empty_deck",
    "ck.progress.hand_limit",
    "ck.decide.aqueduct_bank",
    "ck.build.wall",
    "ck.knight.place",
    "ck.knight.no_piece_left",
    "ck.knight.promote",
    "ck.improve.fortress",
    "ck.knight.activate",
    "ck.knight.action_needs_active",
    "ck.knight.one_action",
    "ck.knight.not_this_turn",
    "ck.knight.move",
    "ck.knight.displace",
    "ck.knight.chase_robber",
    "ck.knight.blocks_settlement",
    "ck.knight.blocks_road",
    "ck.improve.cost",
    "ck.improve.needs_city",
    "ck.metro.needs_free_city",
    "ck.metro.one_per_city",
    "ck.trade.bank",
];

/// Why an action breaks a rule of Cities & Knights.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CkError {
    /// In round 2 of the setup a city is placed, not a settlement.
    #[error("the second setup placement is a city")]
    SetupCity,
    /// Nothing but the roll (or Alchemist) before the roll.
    #[error("roll the dice first")]
    RollFirst,
    /// No development cards in Cities & Knights.
    #[error("there are no development cards in Cities & Knights")]
    NoDevelopmentCards,
    /// A discard of a card not in hand.
    #[error("you hold no {} to discard", .0.en())]
    DiscardNotHeld(Card),
    /// The robber sleeps until the first barbarian attack.
    #[error("the robber sleeps until the first barbarian attack")]
    RobberAsleep,
    /// The city to lose must be an own city without a metropolis.
    #[error("choose one of your cities without a metropolis")]
    PillageCity,
    /// The chosen progress deck is empty.
    #[error("the {} deck is empty", .0.en())]
    DeckEmpty(Track),
    /// The progress card to discard is not in hand.
    #[error("you hold no such progress card")]
    ProgressNotHeld,
    /// The bank holds none of the resource asked for.
    #[error("the bank has no {} left", .0.en())]
    AqueductBank(Resource),
    /// A wall needs an own city without a wall, and a wall in the supply.
    #[error("a wall goes under one of your cities without a wall, at most three")]
    Wall,
    /// A knight needs an empty intersection touching an own road.
    #[error("a knight goes on an empty intersection touching your road")]
    KnightPlace,
    /// No knight of that level in the supply.
    #[error("no knight of level {level} left in your supply")]
    NoKnightLeft {
        /// The level wanted (1–3).
        level: u8,
    },
    /// Promotion: no own knight there, already mighty, or promoted this turn.
    #[error("this knight cannot be promoted")]
    Promote,
    /// Strong to mighty needs the Fortress.
    #[error("promoting to mighty needs the Fortress (politics level 3)")]
    FortressNeeded,
    /// Activation needs an own inactive knight.
    #[error("activate one of your inactive knights")]
    Activate,
    /// A knight action needs an own active knight.
    #[error("only an active knight of yours can act")]
    KnightInactive,
    /// The knight already acted this turn.
    #[error("this knight has already acted this turn")]
    KnightActed,
    /// The knight was activated this turn.
    #[error("a knight activated this turn cannot act in it")]
    KnightFresh,
    /// No path of own roads to an empty intersection.
    #[error("the knight cannot reach that intersection over your roads")]
    KnightMove,
    /// Displacement needs a weaker opposing knight at the end of the path.
    #[error("only a weaker opposing knight can be displaced")]
    Displace,
    /// Chasing needs the knight on a corner of the robber's hex.
    #[error("the knight does not stand next to the robber")]
    ChaseRobber,
    /// Nobody builds a settlement where a knight stands.
    #[error("a knight stands on that intersection")]
    SettlementOnKnight,
    /// The track is complete, or the commodities are missing.
    #[error("this improvement cannot be paid or the track is complete")]
    ImproveCost,
    /// An improvement needs a city on the board.
    #[error("an improvement needs a city")]
    ImproveNeedsCity,
    /// Levels 4 and 5 need a city without a metropolis.
    #[error("levels 4 and 5 need a city without a metropolis")]
    MetroNeedsFreeCity,
    /// A metropolis goes on an own city without one.
    #[error("a metropolis goes on one of your cities without a metropolis")]
    MetroCity,
    /// An opposing knight blocks the road.
    #[error("an opposing knight blocks the road")]
    KnightBlocksRoad,
    /// The bank trade is not possible at the player's rates.
    #[error("you cannot trade these cards with the bank")]
    BankTrade,
}

impl CkError {
    /// The rule id the refusal cites.
    pub fn rule_id(&self) -> &'static str {
        use CkError::*;
        match self {
            SetupCity => "ck.setup.second_city",
            RollFirst => "ck.turn.before_roll",
            NoDevelopmentCards => "ck.removed.development_cards",
            DiscardNotHeld(_) => "ck.seven.hand_limit",
            RobberAsleep => "ck.robber.asleep",
            PillageCity => "ck.barbarian.pillage",
            DeckEmpty(_) => "ck.decide.empty_deck",
            ProgressNotHeld => "ck.progress.hand_limit",
            AqueductBank(_) => "ck.decide.aqueduct_bank",
            Wall => "ck.build.wall",
            KnightPlace => "ck.knight.place",
            NoKnightLeft { .. } => "ck.knight.no_piece_left",
            Promote => "ck.knight.promote",
            FortressNeeded => "ck.improve.fortress",
            Activate => "ck.knight.activate",
            KnightInactive => "ck.knight.action_needs_active",
            KnightActed => "ck.knight.one_action",
            KnightFresh => "ck.knight.not_this_turn",
            KnightMove => "ck.knight.move",
            Displace => "ck.knight.displace",
            ChaseRobber => "ck.knight.chase_robber",
            SettlementOnKnight => "ck.knight.blocks_settlement",
            ImproveCost => "ck.improve.cost",
            ImproveNeedsCity => "ck.improve.needs_city",
            MetroNeedsFreeCity => "ck.metro.needs_free_city",
            MetroCity => "ck.metro.one_per_city",
            BankTrade => "ck.trade.bank",
            KnightBlocksRoad => "ck.knight.blocks_road",
        }
    }

    /// The German and English sentences.
    pub fn message(&self) -> Message {
        use CkError::*;
        match self {
            SetupCity => Message::new(
                "In der zweiten Runde der Gründungsphase wird eine Stadt gesetzt, keine Siedlung.",
                "In the second setup round a city is placed, not a settlement.",
            ),
            RollFirst => Message::new(
                "Zuerst muss gewürfelt werden (vorher darf nur der Alchimist gespielt werden).",
                "Roll the dice first (only the Alchemist may be played before).",
            ),
            NoDevelopmentCards => Message::new(
                "In Städte & Ritter gibt es keine Entwicklungskarten.",
                "There are no development cards in Cities & Knights.",
            ),
            DiscardNotHeld(c) => Message::new(
                format!("Du hast kein {} zum Abwerfen.", c.de()),
                format!("You hold no {} to discard.", c.en()),
            ),
            RobberAsleep => Message::new(
                "Der Räuber schläft bis zum ersten Angriff der Barbaren.",
                "The robber sleeps until the first barbarian attack.",
            ),
            PillageCity => Message::new(
                "Wähle eine deiner Städte ohne Metropole.",
                "Choose one of your cities without a metropolis.",
            ),
            DeckEmpty(t) => Message::new(
                format!("Der Stapel {} ist leer.", t.de()),
                format!("The {} deck is empty.", t.en()),
            ),
            ProgressNotHeld => Message::new(
                "Du hast keine solche Fortschrittskarte.",
                "You hold no such progress card.",
            ),
            AqueductBank(r) => Message::new(
                format!("Die Bank hat kein {} mehr; wähle einen Rohstoff, den sie hat.", r.de()),
                format!("The bank has no {} left; choose a resource it holds.", r.en()),
            ),
            Wall => Message::new(
                "Eine Stadtmauer kommt unter eine deiner Städte ohne Mauer, höchstens drei.",
                "A city wall goes under one of your cities without a wall, three at most.",
            ),
            KnightPlace => Message::new(
                "Ein Ritter kommt auf eine freie Kreuzung an einer deiner Straßen.",
                "A knight goes on an empty intersection touching one of your roads.",
            ),
            NoKnightLeft { level } => Message::new(
                format!("In deinem Vorrat ist kein Ritter der Stufe {level} mehr."),
                format!("No knight of level {level} is left in your supply."),
            ),
            Promote => Message::new(
                "Dieser Ritter kann nicht befördert werden (kein eigener Ritter, schon mächtig oder in diesem Zug schon befördert).",
                "This knight cannot be promoted (not yours, already mighty, or already promoted this turn).",
            ),
            FortressNeeded => Message::new(
                "Zum mächtigen Ritter befördern erlaubt erst die Festung (Politik Stufe 3).",
                "Promoting to a mighty knight needs the Fortress (politics level 3).",
            ),
            Activate => Message::new(
                "Aktivieren lässt sich nur ein eigener inaktiver Ritter.",
                "Only one of your inactive knights can be activated.",
            ),
            KnightInactive => Message::new(
                "Nur ein eigener aktiver Ritter kann handeln.",
                "Only an active knight of yours can act.",
            ),
            KnightActed => Message::new(
                "Dieser Ritter hat in diesem Zug schon gehandelt.",
                "This knight has already acted this turn.",
            ),
            KnightFresh => Message::new(
                "Ein in diesem Zug aktivierter Ritter kann in diesem Zug nicht handeln.",
                "A knight activated this turn cannot act in it.",
            ),
            KnightMove => Message::new(
                "Der Ritter erreicht diese Kreuzung nicht über deine Straßen.",
                "The knight cannot reach that intersection over your roads.",
            ),
            Displace => Message::new(
                "Vertreiben lässt sich nur ein schwächerer gegnerischer Ritter, den der eigene über deine Straßen erreicht.",
                "Only a weaker opposing knight that yours reaches over your roads can be displaced.",
            ),
            ChaseRobber => Message::new(
                "Der Ritter steht nicht an einer Ecke des Räuberfeldes.",
                "The knight does not stand on a corner of the robber's hex.",
            ),
            SettlementOnKnight => Message::new(
                "Auf dieser Kreuzung steht ein Ritter; dort kann keine Siedlung gebaut werden.",
                "A knight stands on that intersection; no settlement can be built there.",
            ),
            ImproveCost => Message::new(
                "Diese Stadtausbaustufe ist nicht bezahlbar, oder die Leiste ist voll ausgebaut.",
                "This city improvement cannot be paid, or the track is complete.",
            ),
            ImproveNeedsCity => Message::new(
                "Für einen Stadtausbau brauchst du eine Stadt.",
                "A city improvement needs a city of yours.",
            ),
            MetroNeedsFreeCity => Message::new(
                "Die Stufen 4 und 5 brauchen eine Stadt ohne Metropole.",
                "Levels 4 and 5 need a city without a metropolis.",
            ),
            MetroCity => Message::new(
                "Eine Metropole kommt auf eine deiner Städte ohne Metropole.",
                "A metropolis goes on one of your cities without a metropolis.",
            ),
            KnightBlocksRoad => Message::new(
                "Ein gegnerischer Ritter blockiert hier den Weiterbau der Straße.",
                "An opposing knight blocks the road from going on here.",
            ),
            BankTrade => Message::new(
                "Diesen Tausch mit der Bank erlauben deine Kurse oder der Vorrat der Bank nicht.",
                "Your rates or the bank's stock do not allow this trade with the bank.",
            ),
        }
    }
}

impl From<CkError> for engine::Rejection<crate::CatanError> {
    fn from(e: CkError) -> Self {
        crate::CatanError::from(e).into()
    }
}
