//! The phases only Cities & Knights has: the barbarians' attack, progress
//! draws and the choices its progress cards ask for. The base game's phases
//! are [`crate::state::BasePhase`]; [`crate::vocab`] joins both into the one
//! [`crate::Phase`] of the state.

use super::{Step, Track};
use crate::state::MAX_PLAYERS;
use crate::topology::NodeId;
use engine::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Cities & Knights' half of [`crate::Phase`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case", expecting = "internally tagged enum Phase")]
pub enum CkPhase {
    /// Cities & Knights: these seats each give up a city to the barbarians
    /// (`ck.barbarian.pillage`), all at once.
    Pillage {
        /// Seats still to choose.
        owed: SeatSet,
    },
    /// Cities & Knights: tied defenders choose a progress deck, one at a time
    /// in seat order from the active player (`ck.barbarian.defender`).
    DefenderDeck {
        /// Seats still to choose and draw.
        pending: SeatSet,
    },
    /// Cities & Knights, chance: a progress card is drawn (`ck.progress.draw`).
    ProgressDraw {
        /// Who draws.
        seat: Seat,
        /// From which deck.
        track: Track,
        /// What is left of the roll afterwards.
        then: Step,
    },
    /// Cities & Knights: `seat` holds a fifth progress card and discards one
    /// (`ck.progress.hand_limit`).
    ProgressDiscard {
        /// Who discards.
        seat: Seat,
        /// What is left of the roll afterwards.
        then: Step,
    },
    /// Cities & Knights: Aqueduct claims in seat order from the active player
    /// (`ck.improve.aqueduct`).
    Aqueduct {
        /// Seats still to take their resource.
        pending: SeatSet,
    },
    /// Cities & Knights: the owner of a displaced knight moves it
    /// (`ck.knight.displace`).
    Relocate {
        /// The knight's owner.
        seat: Seat,
        /// Where it stood.
        from: NodeId,
        /// Its strength (1–3).
        strength: u8,
        /// Whether it was active.
        active: bool,
    },
    /// Cities & Knights: the active player puts a metropolis on a city
    /// (`ck.metro.first_to_four`, `ck.metro.takeover`).
    PlaceMetropolis {
        /// The metropolis' track.
        track: Track,
    },
    /// Cities & Knights, chance: the event die after Alchemist set the others.
    RollingEvent {
        /// The red die set.
        red: u8,
        /// The yellow die set.
        yellow: u8,
    },
    /// Cities & Knights: Smith promotions left (`ck.card.smith`).
    Smith {
        /// Free promotions left.
        left: u8,
    },
    /// Cities & Knights: the Deserter's target removes a knight (`ck.card.deserter`).
    Desert {
        /// The target.
        victim: Seat,
    },
    /// Cities & Knights: the Deserter's player may place a knight.
    DeserterPlace {
        /// The removed knight's strength.
        strength: u8,
        /// Whether it was active.
        active: bool,
    },
    /// Cities & Knights: Diplomat's player may rebuild the own road removed.
    DiplomatRoad,
    /// Cities & Knights, chance: Bishop robs these players in seat order.
    BishopSteal {
        /// Players still to be robbed.
        pending: SeatSet,
    },
    /// Cities & Knights: Saboteur's discards (`ck.card.saboteur`).
    Sabotage {
        /// Cards still to discard, by seat.
        #[serde(with = "crate::state::owed_json")]
        owed: [u8; MAX_PLAYERS],
    },
    /// Cities & Knights: Spy looks at `victim`'s progress cards and takes one.
    Spy {
        /// The target.
        victim: Seat,
    },
    /// Cities & Knights: Wedding gifts (`ck.card.wedding`).
    Wedding {
        /// Cards still to give, by seat.
        #[serde(with = "crate::state::owed_json")]
        owed: [u8; MAX_PLAYERS],
    },
    /// Cities & Knights: Master Merchant takes cards of `victim`.
    MasterMerchant {
        /// The target.
        victim: Seat,
        /// Cards still to take.
        left: u8,
    },
    /// Cities & Knights: the reply to a Commercial Harbor offer.
    HarborReply {
        /// The opponent who must give a commodity.
        to: Seat,
        /// The resource offered (open to the table).
        resource: crate::resource::Resource,
    },
}

impl CkPhase {
    /// The phase's name (for refusals).
    pub fn name(&self) -> &'static str {
        match self {
            CkPhase::Pillage { .. } => "pillage",
            CkPhase::DefenderDeck { .. } => "defender_deck",
            CkPhase::ProgressDraw { .. } => "progress_draw",
            CkPhase::ProgressDiscard { .. } => "progress_discard",
            CkPhase::Aqueduct { .. } => "aqueduct",
            CkPhase::Relocate { .. } => "relocate",
            CkPhase::PlaceMetropolis { .. } => "place_metropolis",
            CkPhase::RollingEvent { .. } => "rolling_event",
            CkPhase::Smith { .. } => "smith",
            CkPhase::Desert { .. } => "desert",
            CkPhase::DeserterPlace { .. } => "deserter_place",
            CkPhase::DiplomatRoad => "diplomat_road",
            CkPhase::BishopSteal { .. } => "bishop_steal",
            CkPhase::Sabotage { .. } => "sabotage",
            CkPhase::Spy { .. } => "spy",
            CkPhase::Wedding { .. } => "wedding",
            CkPhase::MasterMerchant { .. } => "master_merchant",
            CkPhase::HarborReply { .. } => "harbor_reply",
        }
    }
}

/// The phases in which a seat decides, apart from those a progress card
/// opens ([`card_phases`]): the base game's and Cities & Knights' own. The
/// dispatch in `legal` and `play` routes every phase by these lists, with no
/// `_ =>` arm, so a new phase of either half does not compile until each
/// match says where it goes.
macro_rules! core_decision_phases {
    () => {
        $crate::Phase::Base(
            $crate::BasePhase::Setup { .. }
                | $crate::BasePhase::Roll
                | $crate::BasePhase::Discard { .. }
                | $crate::BasePhase::MoveRobber { .. }
                | $crate::BasePhase::Main
                | $crate::BasePhase::TradeDraft { .. }
                | $crate::BasePhase::TradeReplies { .. }
                | $crate::BasePhase::TradeConfirm { .. },
        ) | $crate::Phase::Ck(
            $crate::CkPhase::Pillage { .. }
                | $crate::CkPhase::DefenderDeck { .. }
                | $crate::CkPhase::ProgressDiscard { .. }
                | $crate::CkPhase::Aqueduct { .. }
                | $crate::CkPhase::Relocate { .. }
                | $crate::CkPhase::PlaceMetropolis { .. },
        )
    };
}

/// The phases in which a seat decides what a progress card asks
/// (`play::legal_phase`, `play::check_phase`, `play::apply_phase`).
macro_rules! card_phases {
    () => {
        $crate::Phase::Base($crate::BasePhase::RoadBuilding { .. })
            | $crate::Phase::Ck(
                $crate::CkPhase::Smith { .. }
                    | $crate::CkPhase::Desert { .. }
                    | $crate::CkPhase::DeserterPlace { .. }
                    | $crate::CkPhase::DiplomatRoad
                    | $crate::CkPhase::Sabotage { .. }
                    | $crate::CkPhase::Spy { .. }
                    | $crate::CkPhase::Wedding { .. }
                    | $crate::CkPhase::MasterMerchant { .. }
                    | $crate::CkPhase::HarborReply { .. },
            )
    };
}

/// The phases in which chance acts (nobody decides).
macro_rules! chance_phases {
    () => {
        $crate::Phase::Base(
            $crate::BasePhase::Rolling | $crate::BasePhase::Stealing { .. } | $crate::BasePhase::Drawing,
        ) | $crate::Phase::Ck(
            $crate::CkPhase::ProgressDraw { .. }
                | $crate::CkPhase::BishopSteal { .. }
                | $crate::CkPhase::RollingEvent { .. },
        )
    };
}

pub(crate) use {card_phases, chance_phases, core_decision_phases};
