//! Refusals of the heroes module: every variant names the `snh.*` rule it
//! enforces and says what is wrong in German and English. Knight rules that
//! hold for the hero (`snh.hero.is_knight`) are refused with their `ck.*`
//! variant, paying with `catan.pay.insufficient`.

use engine::Message;

/// Every rule id a heroes refusal can cite.
pub const HERO_RULE_IDS: &[&str] = &[
    "snh.hero.upgrade",
    "snh.hero.one_per_player",
    "snh.squire.recruit",
    "snh.squire.recruit_hex",
    "snh.squire.none_left",
    "snh.squire.hero_only",
    "snh.squire.move",
    "snh.squire.move.blocked",
    "snh.squire.move.no_desert",
    "snh.squire.one_per_hex",
    "snh.house.free_squire_steps_per_turn",
];

/// Why an action breaks a rule of heroes and squires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeroError {
    /// The game is played without heroes and squires.
    #[error("this game is played without heroes and squires")]
    NotInRules,
    /// Only an own knight on the board can become a hero.
    #[error("only one of your knights on the board can become a hero")]
    Upgrade,
    /// A player has one hero at a time.
    #[error("you already have a hero")]
    OnePerPlayer,
    /// Recruiting needs the hero (it is the hero's action).
    #[error("only your hero recruits squires")]
    HeroOnly,
    /// No squire in the supply.
    #[error("no squire is left in your supply")]
    NoneLeft,
    /// The recruiting hex must touch the hero, be land but not desert, and be free of squires.
    #[error("a squire is recruited onto a free land hex touching your hero, not the desert")]
    RecruitHex,
    /// A step goes from a hex with an own squire to a neighbouring hex.
    #[error("a squire steps from its hex to a neighbouring land hex")]
    Move,
    /// An opposing road stands on the edge between the hexes.
    #[error("an opposing road blocks the way between the hexes")]
    Blocked,
    /// Squires never enter the desert.
    #[error("squires cannot move onto the desert")]
    NoDesert,
    /// An own squire already stands on the hex.
    #[error("one of your squires already stands on that hex")]
    OnePerHex,
    /// House rule: no more free steps this turn.
    #[error("house rule: at most {limit} free squire steps per turn")]
    FreeStepsPerTurn {
        /// The limit set by the option `free_squire_steps_per_turn`.
        limit: u8,
    },
}

impl HeroError {
    /// The rule id the refusal cites.
    pub fn rule_id(&self) -> &'static str {
        use HeroError::*;
        match self {
            NotInRules | Upgrade => "snh.hero.upgrade",
            OnePerPlayer => "snh.hero.one_per_player",
            HeroOnly => "snh.squire.hero_only",
            NoneLeft => "snh.squire.none_left",
            RecruitHex => "snh.squire.recruit_hex",
            Move => "snh.squire.move",
            Blocked => "snh.squire.move.blocked",
            NoDesert => "snh.squire.move.no_desert",
            OnePerHex => "snh.squire.one_per_hex",
            FreeStepsPerTurn { .. } => "snh.house.free_squire_steps_per_turn",
        }
    }

    /// The refusal in German and English.
    pub fn message(&self) -> Message {
        use HeroError::*;
        match self {
            NotInRules => Message::new(
                "Dieses Spiel wird ohne Helden und Knappen gespielt.",
                "This game is played without heroes and squires.",
            ),
            Upgrade => Message::new(
                "Nur einer deiner Ritter auf dem Spielfeld kann zum Helden aufgewertet werden.",
                "Only one of your knights on the board can be upgraded to a hero.",
            ),
            OnePerPlayer => Message::new(
                "Du hast schon einen Helden; jeder Spieler hat nur einen.",
                "You already have a hero; each player has only one.",
            ),
            HeroOnly => Message::new(
                "Knappen wirbt nur dein Held an, und du hast keinen.",
                "Only your hero recruits squires, and you have none.",
            ),
            NoneLeft => Message::new(
                "In deinem Vorrat ist kein Knappe mehr.",
                "No squire is left in your supply.",
            ),
            RecruitHex => Message::new(
                "Der Knappe kommt auf ein an deinen Helden grenzendes Landschaftsfeld ohne Knappen, nicht auf die Wüste.",
                "The squire goes on a land hex touching your hero without a squire, not on the desert.",
            ),
            Move => Message::new(
                "Ein Knappe zieht von seinem Feld auf ein angrenzendes Landschaftsfeld.",
                "A squire steps from its hex to a neighbouring land hex.",
            ),
            Blocked => Message::new(
                "Eine gegnerische Straße blockiert den Weg zwischen den Feldern.",
                "An opposing road blocks the way between the hexes.",
            ),
            NoDesert => Message::new(
                "Auf die Wüste kann kein Knappe ziehen.",
                "A squire cannot move onto the desert.",
            ),
            OnePerHex => Message::new(
                "Auf diesem Feld steht schon einer deiner Knappen.",
                "One of your squires already stands on that hex.",
            ),
            FreeStepsPerTurn { limit } => Message::new(
                format!("Hausregel: höchstens {limit} kostenlose Knappenschritte pro Zug."),
                format!("House rule: at most {limit} free squire steps per turn."),
            ),
        }
    }
}
