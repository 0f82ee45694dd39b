//! What a viewer sees of the Cities & Knights part (rules file, "Hidden
//! information"): each player's own commodities and progress cards; of the
//! others the number of cards (resources and commodities together; the base
//! view's `resource_count` carries that total) and of progress cards per deck
//! colour. Knights, walls, levels, metropolises, the merchant, the barbarian
//! ship, revealed VP cards, Defender cards, the bank and the deck sizes are
//! public; deck orders and contents are hidden from everyone.

use super::cards::{Commodities, EventFace, Track, TRACK_COUNT};
use super::progress::ProgressCards;
use super::state::{CkState, Merchant, Metropolis};
use crate::action::Event;
use crate::bits::NodeSet;
use crate::cities_knights::ProgressHand;
use crate::state::BaseState;
use crate::{BaseEvent, CkEvent, CkPhase};
use engine::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// A player's Cities & Knights material as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CkPlayerView {
    /// Commodities (own seat only).
    pub commodities: Option<Commodities>,
    /// Knights.
    pub knights: NodeSet,
    /// Strong knights.
    pub strong: NodeSet,
    /// Mighty knights.
    pub mighty: NodeSet,
    /// Active knights.
    pub active: NodeSet,
    /// Knights that acted this turn.
    pub acted: NodeSet,
    /// Knights activated this turn.
    pub fresh: NodeSet,
    /// Knights promoted this turn.
    pub promoted: NodeSet,
    /// Cities with walls.
    pub walls: NodeSet,
    /// Settlements that are lying city pieces.
    pub flat: NodeSet,
    /// Improvement levels (trade, politics, science).
    pub levels: [u8; TRACK_COUNT],
    /// Progress cards in hand per deck (trade, politics, science).
    pub progress_count: [u32; TRACK_COUNT],
    /// The progress cards (own seat only).
    pub progress: Option<ProgressCards>,
    /// Revealed victory point cards.
    pub vp_cards: ProgressCards,
    /// Defender of Catan cards.
    pub defenders: u8,
    /// The seat's best bank rate for each card kind, in `Card::ALL` order
    /// (brick, lumber, wool, grain, ore, paper, cloth, coin): harbors, the
    /// Merchant Guild, the merchant and this turn's Merchant Fleet together
    /// (`ck.decide.best_rate`). Own seat only, so that a table can show what a
    /// bank trade costs without rules of its own; left out for others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_rates: Option<[u8; super::cards::CARD_KINDS]>,
    /// Hero and squires (public; left out while unused).
    #[serde(default, skip_serializing_if = "super::heroes::HeroPlayer::is_empty")]
    pub heroes: super::heroes::HeroPlayer,
}

/// The table's Cities & Knights state as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CkView {
    /// Commodities in the bank.
    pub bank: Commodities,
    /// Barbarian ship position.
    pub barbarians: u8,
    /// Whether the robber is awake.
    pub robber_awake: bool,
    /// Defender cards left.
    pub defenders_left: u8,
    /// Metropolises by track.
    pub metropolises: [Option<Metropolis>; TRACK_COUNT],
    /// The merchant.
    pub merchant: Option<Merchant>,
    /// Unseen cards on top of each deck.
    pub deck_top: [u32; TRACK_COUNT],
    /// Cards put back under each deck.
    pub deck_under: [u32; TRACK_COUNT],
    /// The last event die.
    pub last_event: Option<EventFace>,
    /// Per seat.
    pub players: Vec<CkPlayerView>,
}

/// Completes the base game's view of `viewer` with what Cities & Knights
/// shows: its own part, and the hand of Master Merchant's target to the
/// card's player while it takes from them.
pub fn complete(v: &mut crate::View, state: &BaseState, ck: &CkState, viewer: Viewer) {
    for (i, p) in v.players.iter_mut().enumerate() {
        if p.hand.is_none() && sees_cards(state, viewer, Seat(i as u8)) {
            p.hand = state.players.get(i).map(|q| q.hand);
        }
    }
    v.cities_knights = Some(view(state, ck, viewer));
}

/// Whether `viewer` sees `seat`'s cards: its own, or those of Master
/// Merchant's target while the card's player takes from them.
pub fn sees_cards(state: &BaseState, viewer: Viewer, seat: Seat) -> bool {
    viewer.sees(seat)
        || matches!(state.phase, crate::state::Phase::Ck(CkPhase::MasterMerchant { victim, .. }) if victim == seat && viewer.sees(state.current))
}

/// Whether `viewer` sees `seat`'s progress cards: its own, or those of the
/// Spy's target while the spy chooses.
pub fn sees_progress(state: &BaseState, viewer: Viewer, seat: Seat) -> bool {
    viewer.sees(seat)
        || matches!(state.phase, crate::state::Phase::Ck(CkPhase::Spy { victim }) if victim == seat && viewer.sees(state.current))
}

/// The Cities & Knights view of `viewer`.
pub fn view(state: &BaseState, ck: &CkState, viewer: Viewer) -> CkView {
    let players = (0..state.n())
        .map(|i| {
            let c = &ck.players[i];
            let seat = Seat(i as u8);
            let own = sees_cards(state, viewer, seat);
            CkPlayerView {
                commodities: own.then_some(c.commodities),
                knights: c.knights(),
                strong: c.strong(),
                mighty: c.mighty(),
                active: c.active(),
                acted: c.acted(),
                fresh: c.fresh(),
                promoted: c.promoted(),
                walls: c.walls.set(),
                flat: c.flat.set(),
                levels: c.levels,
                progress_count: Track::ALL.map(|t| c.progress.of_track(t)),
                progress: sees_progress(state, viewer, seat).then_some(c.progress),
                vp_cards: c.vp_cards.cards(),
                defenders: c.defenders,
                bank_rates: viewer.sees(seat).then(|| super::trade::rates(state, ck, seat)),
                heroes: c.hero_view(),
            }
        })
        .collect();
    CkView {
        bank: ck.bank,
        barbarians: ck.barbarians,
        robber_awake: ck.robber_awake,
        defenders_left: ck.defenders_left,
        metropolises: ck.metropolises,
        merchant: ck.merchant,
        deck_top: ck.decks.map(|d| d.top.total()),
        deck_under: ck.decks.map(|d| d.under.total()),
        last_event: ck.last_event,
        players,
    }
}

/// Redacts a Cities & Knights event, or returns `None` if it is not one that
/// hides anything. A stolen commodity reads, for everybody but thief and
/// victim, exactly as a stolen resource does, so the kind does not leak.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    match *event {
        Event::Ck(CkEvent::StolenCommodity { thief, victim, .. }) if !viewer.sees(thief) && !viewer.sees(victim) => {
            Some(Event::Base(BaseEvent::Stolen {
                thief,
                victim,
                resource: None,
            }))
        }
        Event::Ck(CkEvent::ProgressDrawn { seat, track, card })
            if !viewer.sees(seat) && !card.is_some_and(|c| c.is_vp()) =>
        {
            Some(Event::Ck(CkEvent::ProgressDrawn {
                seat,
                track,
                card: None,
            }))
        }
        Event::Ck(CkEvent::ProgressDiscarded { seat, track, .. }) if !viewer.sees(seat) => {
            Some(Event::Ck(CkEvent::ProgressDiscarded {
                seat,
                track,
                card: None,
            }))
        }
        Event::Ck(CkEvent::CardGiven { from, to, .. }) if !viewer.sees(from) && !viewer.sees(to) => {
            Some(Event::Ck(CkEvent::CardGiven { from, to, card: None }))
        }
        Event::Ck(CkEvent::ProgressTaken { from, to, .. }) if !viewer.sees(from) && !viewer.sees(to) => {
            Some(Event::Ck(CkEvent::ProgressTaken { from, to, card: None }))
        }
        _ => None,
    }
}
