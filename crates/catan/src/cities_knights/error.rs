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
    "ck.improve.merchant_guild",
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
    "ck.progress.own_turn",
    "ck.card.alchemist",
    "ck.card.inventor",
    "ck.card.medicine",
    "ck.card.intrigue",
    "ck.card.commercial_harbor",
    "ck.decide.card_targets",
    "ck.decide.open_road",
    "ck.decide.deserter_fresh",
    "ck.decide.merchant_hex",
    "ck.decide.crane",
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
    /// The card is not in hand, is a VP card, or cannot be played now.
    #[error("this progress card cannot be played now")]
    NotPlayable,
    /// Alchemist is played before the roll, with dice of 1–6.
    #[error("Alchemist is played before the roll, setting dice of 1 to 6")]
    Alchemist,
    /// Inventor needs two different hexes with tokens other than 2, 12, 6, 8.
    #[error("Inventor swaps two tokens other than 2, 12, 6 and 8")]
    Inventor,
    /// Medicine needs an own settlement, a city piece, 2 ore and 1 grain.
    #[error("Medicine upgrades an own settlement for 2 ore and 1 grain")]
    Medicine,
    /// Intrigue needs an opposing knight at an own road.
    #[error("Intrigue needs an opposing knight on an intersection at your road")]
    Intrigue,
    /// No Commercial Harbor exchange with that opponent now.
    #[error("no Commercial Harbor exchange with that player now")]
    Harbor,
    /// The card's target does not qualify.
    #[error("that player cannot be chosen for this card")]
    CardTarget,
    /// Diplomat removes only an open road.
    #[error("Diplomat removes only an open road")]
    OpenRoad,
    /// Deserter needs an opponent with a knight on the board.
    #[error("Deserter needs an opponent with a knight")]
    Deserter,
    /// The merchant goes on a land hex other than the desert at an own building.
    #[error("the merchant goes on a resource hex next to your settlement or city")]
    MerchantHex,
    /// Crane only together with an improvement.
    #[error("Crane is played together with an improvement it can pay for")]
    Crane,
    /// An opposing knight blocks the road.
    #[error("an opposing knight blocks the road")]
    KnightBlocksRoad,
    /// The bank trade is not possible at the player's rates.
    #[error("you cannot trade these cards with the bank")]
    BankTrade,
    /// A commodity named at a rate below 3:1: no harbor gives that, only the
    /// Merchant Guild (trade level 3) does.
    #[error("trading commodities 2:1 needs the Merchant Guild (your rate is {rate}:1)")]
    MerchantGuildRequired {
        /// The player's best rate for the commodity.
        rate: u8,
    },
    /// A rule of heroes and squires (`snh.*`).
    #[error(transparent)]
    Heroes(#[from] super::heroes::HeroError),
}

impl CkError {
    /// The rule id the refusal cites.
    pub fn rule_id(&self) -> &'static str {
        use CkError::*;
        match self {
            Heroes(e) => e.rule_id(),
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
            MerchantGuildRequired { .. } => "ck.improve.merchant_guild",
            KnightBlocksRoad => "ck.knight.blocks_road",
            NotPlayable => "ck.progress.own_turn",
            Alchemist => "ck.card.alchemist",
            Inventor => "ck.card.inventor",
            Medicine => "ck.card.medicine",
            Intrigue => "ck.card.intrigue",
            Harbor => "ck.card.commercial_harbor",
            CardTarget => "ck.decide.card_targets",
            OpenRoad => "ck.decide.open_road",
            Deserter => "ck.decide.deserter_fresh",
            MerchantHex => "ck.decide.merchant_hex",
            Crane => "ck.decide.crane",
        }
    }

    /// The German and English sentences.
    pub fn message(&self) -> Message {
        use CkError::*;
        match self {
            Heroes(e) => e.message(),
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
            NotPlayable => Message::new(
                "Diese Fortschrittskarte kann jetzt nicht gespielt werden (nur eigene, nur im eigenen Zug nach dem Würfeln, Siegpunktkarten nie).",
                "This progress card cannot be played now (only your own, in your turn after the roll, never a victory point card).",
            ),
            Alchemist => Message::new(
                "Der Alchimist wird vor dem Würfeln gespielt und legt zwei Würfel von 1 bis 6 fest.",
                "The Alchemist is played before the roll and sets two dice of 1 to 6.",
            ),
            Inventor => Message::new(
                "Der Erfinder tauscht zwei Zahlenchips zweier Felder, keiner davon 2, 12, 6 oder 8.",
                "The Inventor swaps the tokens of two hexes, none of them 2, 12, 6 or 8.",
            ),
            Medicine => Message::new(
                "Medizin baut eine eigene Siedlung für 2 Erz und 1 Getreide zur Stadt aus (eine Stadt muss im Vorrat sein).",
                "Medicine upgrades one of your settlements for 2 ore and 1 grain (a city piece is needed).",
            ),
            Intrigue => Message::new(
                "Die Intrige vertreibt nur einen gegnerischen Ritter auf einer Kreuzung an deiner Straße.",
                "Intrigue displaces only an opposing knight on an intersection touching your road.",
            ),
            Harbor => Message::new(
                "Mit diesem Mitspieler ist jetzt kein Tausch über den Handelshafen möglich.",
                "No Commercial Harbor exchange with that player is possible now.",
            ),
            CardTarget => Message::new(
                "Dieser Mitspieler kann für diese Karte nicht gewählt werden.",
                "That player cannot be chosen for this card.",
            ),
            OpenRoad => Message::new(
                "Der Diplomat entfernt nur eine offene Straße.",
                "The Diplomat removes only an open road.",
            ),
            Deserter => Message::new(
                "Der Überläufer braucht einen Mitspieler mit einem Ritter auf dem Plan.",
                "The Deserter needs an opponent with a knight on the board.",
            ),
            MerchantHex => Message::new(
                "Der Händler kommt auf ein Rohstofffeld an einer deiner Siedlungen oder Städte, nie in die Wüste.",
                "The merchant goes on a resource hex touching your settlement or city, never the desert.",
            ),
            Crane => Message::new(
                "Der Kran wird nur zusammen mit einem Stadtausbau gespielt, den er bezahlbar macht.",
                "The Crane is played only together with a city improvement it pays for.",
            ),
            KnightBlocksRoad => Message::new(
                "Ein gegnerischer Ritter blockiert hier den Weiterbau der Straße.",
                "An opposing knight blocks the road from going on here.",
            ),
            BankTrade => Message::new(
                "Diesen Tausch mit der Bank erlauben deine Kurse oder der Vorrat der Bank nicht.",
                "Your rates or the bank's stock do not allow this trade with the bank.",
            ),
            MerchantGuildRequired { rate } => Message::new(
                format!("Waren tauschst du erst mit der Handelsgilde (Handel Stufe 3) 2:1; dein Kurs ist {rate}:1."),
                format!("Trading commodities 2:1 needs the Merchant Guild (trade level 3); your rate is {rate}:1."),
            ),
        }
    }
}

impl From<CkError> for engine::Rejection<crate::CatanError> {
    fn from(e: CkError) -> Self {
        crate::CatanError::from(e).into()
    }
}
