//! Consistency of a Cities & Knights position (for loaded JSON and the
//! conformance suite): card conservation of commodities and progress cards,
//! knights and their bits, walls, levels, metropolises, the barbarian track
//! and the phases this module adds.

use super::cards::{Commodity, CARDS_PER_COMMODITY};
use super::progress::{ProgressCard, PROGRESS_HAND_LIMIT};
use super::state::{BARBARIAN_STEPS, DEFENDER_CARDS, KNIGHTS_PER_LEVEL, MAX_LEVEL, WALL_LIMIT};
use super::{card_count, next_in_order};
use crate::bits::NodeSet;
use crate::cities_knights::CkState;
use crate::cities_knights::ProgressHand;
use crate::state::BaseState;
use crate::state::Phase;
use crate::{BasePhase, CkPhase};
use engine::{problem, Problem, Seat};

/// A state of Cities & Knights' rules without its part.
pub(crate) fn missing_part() -> Problem {
    problem!(
        "ck.state.rules",
        "Eine Partie Städte & Ritter ohne ihren Teil `cities_knights`.",
        "a Cities & Knights game without its `cities_knights` part"
    )
}

/// A state without Cities & Knights' part in one of its phases.
pub(crate) fn foreign_phase(phase: &str) -> Problem {
    problem!(
        "ck.state.rules",
        "Die Phase {} gehört zu Städte & Ritter.",
        "phase {} belongs to Cities & Knights",
        phase
    )
}

/// Appends every inconsistency of the Cities & Knights part to `out`.
pub fn validate(state: &BaseState, ck: &CkState, out: &mut Vec<Problem>) {
    // A counter-offer's commodities are in its maker's hand
    // (`catan.trade.counter`; the base part checks the resources).
    if let Some(t) = crate::rules::negotiation::Talks::of(state) {
        for seat in t.countered.iter().chain(t.drafting.iter()) {
            let held = ck.players.get(seat.index()).map(|p| p.commodities);
            if held.is_none_or(|h| !h.covers(&state.counter(seat).get_commodities)) {
                out.push(problem!(
                    "ck.state.trade",
                    "Platz {} bietet im Gegenangebot Handelswaren an, die er nicht hat.",
                    "seat {} counter-offers commodities it does not hold",
                    seat.0
                ));
            }
        }
    }
    if !state.rules.is_cities_knights() {
        out.push(problem!(
            "ck.state.rules",
            "Ein Teil `cities_knights` in einer Partie mit anderen Regeln.",
            "a `cities_knights` part in a game of other rules"
        ));
    }
    if matches!(state.phase, Phase::Base(BasePhase::Drawing)) {
        out.push(problem!(
            "ck.removed.development_cards",
            "In Städte & Ritter wird eine Entwicklungskarte gezogen.",
            "a development card is drawn in Cities & Knights"
        ));
    }
    let n = state.n();
    if n < 3 {
        out.push(problem!(
            "ck.state.players",
            "Städte & Ritter spielen 3 oder 4, nicht {n}.",
            "Cities & Knights is played by 3 or 4, not {n}"
        ));
    }
    for c in Commodity::ALL {
        let held: u32 = ck.players.iter().map(|p| p.commodities.get(c) as u32).sum();
        if held + ck.bank.get(c) as u32 != CARDS_PER_COMMODITY as u32 {
            let bank = ck.bank.get(c);
            out.push(Problem::new(
                "ck.state.commodities",
                format!(
                    "{}: {held} auf der Hand und {bank} in der Bank, das Spiel hat {CARDS_PER_COMMODITY}.",
                    c.de()
                ),
                format!(
                    "{}: {held} in hands and {bank} in the bank, the game has {CARDS_PER_COMMODITY}",
                    c.en()
                ),
            ));
        }
    }
    for card in ProgressCard::ALL {
        let k = card.index();
        let held: u32 = ck
            .players
            .iter()
            .map(|p| p.progress.0[k] as u32 + p.vp_cards.get(card) as u32)
            .sum();
        let deck = &ck.decks[card.track().index()];
        let total = held + deck.top.0[k] as u32 + deck.under.0[k] as u32;
        if total != card.copies() as u32 {
            let copies = card.copies();
            out.push(Problem::new(
                "ck.state.progress_cards",
                format!(
                    "Fortschrittskarten: {total}-mal {} verbucht, das Spiel hat {copies}.",
                    card.de()
                ),
                format!(
                    "progress cards: {total} {} accounted for, the game has {copies}",
                    card.en()
                ),
            ));
        }
        for (t, d) in ck.decks.iter().enumerate() {
            if t != card.track().index() && d.top.0[k] + d.under.0[k] > 0 {
                out.push(Problem::new(
                    "ck.state.progress_cards",
                    format!("{} liegt im falschen Stapel.", card.de()),
                    format!("{} in the wrong deck", card.en()),
                ));
            }
        }
    }
    if ck.barbarians >= BARBARIAN_STEPS {
        out.push(problem!(
            "ck.state.barbarians",
            "Das Barbarenschiff steht auf Feld {}, der Angriff kommt bei {BARBARIAN_STEPS}.",
            "barbarian ship at step {}, the attack comes at {BARBARIAN_STEPS}",
            ck.barbarians
        ));
    }
    let given: u32 = ck.players.iter().map(|p| p.defenders as u32).sum();
    let accounted = given + ck.defenders_left as u32;
    if accounted < DEFENDER_CARDS as u32 || (ck.defenders_left > 0 && accounted != DEFENDER_CARDS as u32) {
        out.push(problem!(
            "ck.state.defenders",
            "Verteidiger-Karten: {given} vergeben und {} übrig.",
            "Defender cards: {given} given and {} left",
            ck.defenders_left
        ));
    }
    super::heroes::validate(state, ck, out);
    let mut all_knights = crate::bits::NodeBits::ZERO;
    for (i, c) in ck.players.iter().enumerate() {
        let Some(p) = state.players.get(i) else {
            if *c != super::CkPlayer::default() {
                out.push(problem!(
                    "ck.state.players",
                    "Platz {i} sitzt nicht am Tisch, hat aber Material von Städte & Ritter.",
                    "seat {i} is not at the table but has Cities & Knights material"
                ));
            }
            continue;
        };
        let k = c.knights();
        if (k.0 & all_knights).any() {
            out.push(problem!(
                "ck.knight.place",
                "Platz {i}: Ein Ritter teilt sich eine Kreuzung mit dem eines anderen Spielers.",
                "seat {i}: a knight shares an intersection with another player's"
            ));
        }
        all_knights |= k.0;
        if (k.0 & state.occupied().0).any() {
            out.push(problem!(
                "ck.knight.place",
                "Platz {i}: Ein Ritter steht auf einem Gebäude.",
                "seat {i}: a knight stands on a building"
            ));
        }
        for (de, en, set) in [
            ("starke", "strong", c.strong()),
            ("mächtige", "mighty", c.mighty()),
            ("aktive", "active", c.active()),
            ("in diesem Zug eingesetzte", "acted", c.acted()),
            ("in diesem Zug aktivierte", "fresh", c.fresh()),
            ("in diesem Zug beförderte", "promoted", c.promoted()),
        ] {
            if (set.0 & !k.0).any() {
                out.push(problem!(
                    "ck.state.knights()",
                    "Platz {i}: {de} Ritter, wo kein Ritter dieses Platzes steht.",
                    "seat {i}: {en} knights where no knight of it stands"
                ));
            }
        }
        if (c.strong().0 & c.mighty().0).any() {
            out.push(problem!(
                "ck.state.knights()",
                "Platz {i}: Ein Ritter ist zugleich stark und mächtig.",
                "seat {i}: a knight both strong and mighty"
            ));
        }
        for level in 1..=3 {
            if c.of_level(k, level).len() > KNIGHTS_PER_LEVEL as usize {
                out.push(problem!(
                    "ck.knight.no_piece_left",
                    "Platz {i}: Mehr als {KNIGHTS_PER_LEVEL} Ritter der Stufe {level}.",
                    "seat {i}: more than {KNIGHTS_PER_LEVEL} knights of level {level}"
                ));
            }
        }
        if Seat(i as u8) != state.current && (c.acted().0 | c.fresh().0 | c.promoted().0).any() {
            out.push(problem!(
                "ck.state.knights()",
                "Platz {i}: Ritter-Aktionen aus einem Zug, der nicht seiner ist.",
                "seat {i}: knight history of a turn that is not its own"
            ));
        }
        if (c.walls.set().0 & !p.cities.0).any() || c.walls.len() > WALL_LIMIT as usize {
            out.push(problem!(
                "ck.build.wall",
                "Platz {i}: Stadtmauern stehen nur unter eigenen Städten, höchstens {WALL_LIMIT}.",
                "seat {i}: walls must stand under its cities, at most {WALL_LIMIT}"
            ));
        }
        if (c.flat.set().0 & !p.settlements.0).any() {
            out.push(problem!(
                "ck.barbarian.pillage",
                "Platz {i}: Eine umgelegte Stadt, die nicht als Siedlung zählt.",
                "seat {i}: a lying city piece that is no settlement"
            ));
        }
        if c.levels.iter().any(|&l| l > MAX_LEVEL) {
            out.push(problem!(
                "ck.improve.cost",
                "Platz {i}: Eine Ausbaustufe über {MAX_LEVEL}.",
                "seat {i}: improvement level above {MAX_LEVEL}"
            ));
        }
        let vp = ProgressCard::ALL.iter().filter(|c| c.is_vp());
        for card in vp {
            if c.progress.get(*card) > 0 {
                out.push(Problem::new(
                    "ck.state.progress_cards",
                    format!(
                        "Platz {i}: {} verdeckt auf der Hand, obwohl diese Karte beim Ziehen aufgedeckt wird.",
                        card.de()
                    ),
                    format!("seat {i}: {} held hidden; it is revealed when drawn", card.en()),
                ));
            }
        }
        let over = matches!(state.phase, Phase::Ck(CkPhase::ProgressDiscard { seat, .. }) if seat.index() == i);
        let limit = PROGRESS_HAND_LIMIT + u32::from(over);
        if c.progress.limited() > limit {
            out.push(problem!(
                "ck.progress.hand_limit",
                "Platz {i}: {} Fortschrittskarten, erlaubt sind {PROGRESS_HAND_LIMIT}.",
                "seat {i}: {} progress cards, the limit is {PROGRESS_HAND_LIMIT}",
                c.progress.limited()
            ));
        }
    }
    let mut seen = NodeSet::EMPTY;
    for (t, m) in ck.metropolises.iter().enumerate() {
        let Some(m) = m else { continue };
        let ok = state
            .players
            .get(m.seat.index())
            .is_some_and(|p| p.cities.contains(m.node))
            && ck.players[m.seat.index()].levels[t] >= 4;
        if !ok || seen.contains(m.node) {
            out.push(problem!(
                "ck.metro.one_per_city",
                "Die Metropole der Leiste {t} auf Kreuzung {} ist keine passende Stadt von Platz {}.",
                "metropolis of track {t} on node {} is not a fitting city of seat {}",
                m.node.0,
                m.seat.0
            ));
        }
        seen.insert(m.node);
    }
    if let Some(m) = ck.merchant {
        let land = state.board.tiles.get(m.hex.index()).and_then(|t| t.terrain.resource());
        if m.seat.index() >= n || land.is_none() {
            out.push(problem!(
                "ck.decide.merchant_hex",
                "Der Händler steht in der Wüste oder gehört niemandem.",
                "the merchant stands on the desert or belongs to nobody"
            ));
        }
    }
    match state.phase {
        Phase::Ck(CkPhase::Pillage { owed }) if owed.is_empty() || owed.iter().any(|s| s.index() >= n) => {
            out.push(problem!(
                "ck.barbarian.pillage",
                "Eine Plünderung, die unmögliche Plätze schulden.",
                "pillage owed by impossible seats"
            ))
        }
        Phase::Ck(CkPhase::DefenderDeck { pending }) | Phase::Ck(CkPhase::Aqueduct { pending })
            if next_in_order(state, pending).is_none() =>
        {
            out.push(problem!(
                "ck.state.phase",
                "Phase {}, aber niemand ist an der Reihe.",
                "{} with nobody pending",
                state.phase.name()
            ))
        }
        Phase::Ck(CkPhase::ProgressDraw { seat, track, .. })
            if seat.index() >= n || ck.decks[track.index()].is_empty() =>
        {
            out.push(problem!(
                "ck.decide.empty_deck",
                "Eine Fortschrittskarte wird vom leeren Stapel oder von niemandem gezogen.",
                "a progress card is drawn from an empty deck or by nobody"
            ))
        }
        Phase::Ck(CkPhase::Relocate {
            seat, strength, from, ..
        }) if seat.index() >= n || !(1..=3).contains(&strength) || from.index() >= state.topology().node_count() => out
            .push(problem!(
                "ck.knight.displace",
                "Ein Ritter wird versetzt, den es so nicht geben kann.",
                "a knight relocation of an impossible knight"
            )),
        Phase::Base(BasePhase::Stealing { victim, .. }) if victim.index() < n && card_count(state, ck, victim) == 0 => {
            out.push(problem!(
                "catan.robber.steal_target",
                "Platz {} wird beraubt, hat aber keine Karte.",
                "seat {} is robbed but holds no card",
                victim.0
            ))
        }
        Phase::Base(BasePhase::TradeDraft { offer })
        | Phase::Base(BasePhase::TradeReplies { offer, .. })
        | Phase::Base(BasePhase::TradeConfirm { offer, .. })
            if !ck.players[state.current.index()]
                .commodities
                .covers(&offer.give_commodities) =>
        {
            out.push(problem!(
                "ck.state.trade",
                "Der Spieler am Zug bietet Handelswaren an, die er nicht hat.",
                "the active player offers commodities it does not hold"
            ))
        }
        Phase::Ck(CkPhase::BishopSteal { pending }) => match next_in_order(state, pending) {
            Some(v) if card_count(state, ck, v) > 0 => {}
            _ => out.push(problem!(
                "ck.state.phase",
                "Der Bischof beraubt niemanden, der eine Karte hat.",
                "Bishop robs nobody who holds a card"
            )),
        },
        Phase::Ck(CkPhase::Sabotage { owed }) | Phase::Ck(CkPhase::Wedding { owed }) => {
            for (i, &o) in owed.iter().enumerate() {
                let held = if i < n { card_count(state, ck, Seat(i as u8)) } else { 0 };
                if o as u32 > held || (i < n && Seat(i as u8) == state.current && o > 0) {
                    out.push(problem!(
                        "ck.state.phase",
                        "Platz {i} schuldet {o} Karten, hat aber nur {held}.",
                        "seat {i} owes {o} cards but holds {held}"
                    ));
                }
            }
            if owed.iter().all(|&o| o == 0) {
                out.push(problem!(
                    "ck.state.phase",
                    "Phase {}, obwohl niemand etwas schuldet.",
                    "{} with nothing owed",
                    state.phase.name()
                ));
            }
        }
        Phase::Ck(CkPhase::Desert { victim })
        | Phase::Ck(CkPhase::Spy { victim })
        | Phase::Ck(CkPhase::MasterMerchant { victim, .. })
            if victim.index() >= n || victim == state.current =>
        {
            out.push(problem!(
                "ck.state.phase",
                "Phase {} gegen einen unmöglichen Platz.",
                "{} against an impossible seat",
                state.phase.name()
            ))
        }
        Phase::Ck(CkPhase::HarborReply { to, .. }) if to.index() >= n || to == state.current => out.push(problem!(
            "ck.card.commercial_harbor",
            "Eine Antwort auf den Handelshafen von einem unmöglichen Platz.",
            "a harbor reply by an impossible seat"
        )),
        Phase::Ck(CkPhase::RollingEvent { red, yellow }) if !(1..=6).contains(&red) || !(1..=6).contains(&yellow) => {
            out.push(problem!(
                "ck.card.alchemist",
                "Die Würfel des Alchemisten liegen außerhalb von 1 bis 6.",
                "Alchemist dice out of range"
            ))
        }
        _ => {}
    }
}
