//! Consistency of a state: what a position loaded from JSON must satisfy, and
//! the invariants the conformance suite checks after every step. Every problem
//! is listed; nothing here panics on bad data.
//!
//! Points are never stored (they are computed from settlements, cities,
//! special cards and victory point cards), so they cannot disagree with their
//! sources; what is checked is that those sources are consistent.

use crate::bits::{EdgeBits, EdgeSet, NodeSet};
use crate::dev::DevCardCounts;
use crate::dev::{DevCard, DevCards};
use crate::resource::{Resource, CARDS_PER_RESOURCE};
use crate::rules::awards::{road_length, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN};
use crate::rules::build::road_nodes;
use crate::rules::negotiation::Talks;
use crate::state::{Part, Phase, State, CITY_LIMIT, MAX_PLAYERS, ROAD_LIMIT, SETTLEMENT_LIMIT};
use crate::topology::{EdgeId, Shape, Topology};
use crate::BasePhase;

use engine::{problem, Problem, Seat};

/// Everything inconsistent in the base part of `state` (read whole: the
/// base rules' counts include pieces and cards a rule set adds, such as
/// knights and commodities). `Err` when the state is too broken to check
/// further (a rule set's part is then not checked either); otherwise the
/// problems found, to which the dispatch adds the rule set's own.
pub(crate) fn validate<P: Part>(state: &State<P>) -> Result<Vec<Problem>, Vec<Problem>> {
    let mut out = Vec::new();
    let n = state.n();
    if !(2..=MAX_PLAYERS).contains(&n) {
        out.push(problem!(
            "catan.state.players",
            "{n} Spieler: eine Partie hat 2 bis {MAX_PLAYERS}.",
            "{n} players: a game has 2 to {MAX_PLAYERS}"
        ));
        return Err(out);
    }
    out.extend(state.board.problems());
    if state.robber.index() >= state.topology().hex_count() {
        out.push(problem!(
            "catan.state.robber",
            "Der Räuber steht auf Feld {}, das es nicht gibt.",
            "robber on hex {}, which does not exist",
            state.robber.0
        ));
    }
    if state.victory_points < 3 {
        out.push(problem!(
            "catan.state.victory_points",
            "Das Siegpunktziel {} liegt unter 3.",
            "victory point goal {} is below 3",
            state.victory_points
        ));
    }
    if state.start_player.index() >= n {
        let s = state.start_player.0;
        out.push(problem!(
            "catan.setup.start_player",
            "Startspieler {s} gibt es nicht.",
            "start player {s} does not exist"
        ));
    }
    if state.current.index() >= n {
        let s = state.current.0;
        out.push(problem!(
            "catan.state.current",
            "Platz {s}, der am Zug sein soll, gibt es nicht.",
            "current seat {s} does not exist"
        ));
    }
    out.extend(crate::five_six::problems(state));
    // Sets are sized for the largest board: ids beyond this board's are
    // reported here, before anything indexes the topology with them.
    let t = state.topology();
    let mut edges = EdgeSet::EMPTY;
    for e in 0..t.edge_count() {
        edges.insert(EdgeId(e as u8));
    }
    for (i, p) in state.players.iter().enumerate() {
        if ((p.settlements.0 | p.cities.0 | state.knights(i).0) & !t.all_nodes.0).any() {
            let count = t.node_count();
            out.push(problem!(
                "catan.state.buildings",
                "Platz {i}: eine Figur steht auf einer Kreuzung jenseits der {count} des Spielplans.",
                "seat {i}: a piece stands on an intersection beyond the board's {count}"
            ));
        }
        if (p.roads.0 & !edges.0).any() {
            let count = t.edge_count();
            out.push(problem!(
                "catan.state.roads",
                "Platz {i}: eine Straße liegt auf einem Weg jenseits der {count} des Spielplans.",
                "seat {i}: a road lies on a path beyond the board's {count}"
            ));
        }
    }
    if !out.is_empty() {
        return Err(out);
    }
    cards(state, &mut out);
    pieces(state, &mut out);
    awards(state, &mut out);
    phase(state, &mut out);
    Ok(out)
}

fn cards<P: Part>(state: &State<P>, out: &mut Vec<Problem>) {
    let five_six = state.board.shape() == Shape::FiveSix;
    // `catan56.material.totals`: 24 of each resource with the 5–6 board.
    let per_resource = if five_six {
        crate::five_six::CARDS_PER_RESOURCE_56
    } else {
        CARDS_PER_RESOURCE
    };
    for r in Resource::ALL {
        let held: u32 = state.players.iter().map(|p| p.hand.get(r) as u32).sum();
        let total = held + state.bank.get(r) as u32;
        if total != per_resource as u32 {
            let bank = state.bank.get(r);
            out.push(Problem::new(
                "catan.state.resource_cards",
                format!(
                    "{}: {held} auf der Hand und {bank} in der Bank ergeben {total}, das Spiel hat {per_resource}.",
                    r.de()
                ),
                format!(
                    "{}: {held} in hands and {bank} in the bank make {total}, the game has {per_resource}",
                    r.en()
                ),
            ));
        }
    }
    // Cities & Knights has no development cards (`ck.removed.development_cards`);
    // its own cards are checked by its own validation.
    let want_deck = if !P::DEVELOPMENT_CARDS {
        DevCards::ZERO
    } else if five_six {
        crate::five_six::deck_56()
    } else {
        DevCards::BASE_DECK
    };
    for card in DevCard::ALL {
        let k = card.index();
        let held: u32 = state
            .players
            .iter()
            .map(|p| p.dev_cards.0[k] as u32 + p.new_dev_cards.0[k] as u32 + p.played.0[k] as u32)
            .sum();
        let total = held + state.deck.0[k] as u32;
        let want = want_deck.0[k] as u32;
        if total != want {
            out.push(Problem::new(
                "catan.state.development_cards",
                format!(
                    "Entwicklungskarten: {total}-mal {} verbucht, das Spiel hat {want}.",
                    card.de()
                ),
                format!(
                    "development cards: {total} {} cards accounted for, the game has {want}",
                    card.en()
                ),
            ));
        }
    }
    for (i, p) in state.players.iter().enumerate() {
        if p.played.get(DevCard::VictoryPoint) > 0 {
            out.push(problem!(
                "catan.state.development_cards",
                "Platz {i}: Siegpunktkarten werden nie ausgespielt.",
                "seat {i}: victory point cards are never played"
            ));
        }
    }
}

fn pieces<P: Part>(state: &State<P>, out: &mut Vec<Problem>) {
    let t = state.topology();
    let mut occupied = NodeSet::EMPTY;
    let mut roads = EdgeSet::EMPTY;
    for (i, p) in state.players.iter().enumerate() {
        // A Cities & Knights city piece lying on its side counts as a settlement
        // but is no settlement piece.
        let flat = state.part.flat_cities(i);
        let (s, c, r) = (
            p.settlements.len().saturating_sub(flat),
            p.cities.len() + flat,
            p.roads.len(),
        );
        if s > SETTLEMENT_LIMIT as usize {
            out.push(problem!(
                "catan.build.no_piece_left",
                "Platz {i}: {s} Siedlungen auf dem Spielplan, der Vorrat hat {SETTLEMENT_LIMIT}.",
                "seat {i}: {s} settlements on the board, the supply has {SETTLEMENT_LIMIT}"
            ));
        }
        if c > CITY_LIMIT as usize {
            out.push(problem!(
                "catan.build.no_piece_left",
                "Platz {i}: {c} Städte auf dem Spielplan, der Vorrat hat {CITY_LIMIT}.",
                "seat {i}: {c} cities on the board, the supply has {CITY_LIMIT}"
            ));
        }
        if r > ROAD_LIMIT as usize {
            out.push(problem!(
                "catan.build.no_piece_left",
                "Platz {i}: {r} Straßen auf dem Spielplan, der Vorrat hat {ROAD_LIMIT}.",
                "seat {i}: {r} roads on the board, the supply has {ROAD_LIMIT}"
            ));
        }
        for node in NodeSet(p.settlements.0 & p.cities.0).iter() {
            out.push(problem!(
                "catan.state.buildings",
                "Platz {i}: Siedlung und Stadt zugleich auf Kreuzung {}.",
                "seat {i}: settlement and city both on node {}",
                node.0
            ));
        }
        for node in NodeSet(occupied.0 & p.buildings().0).iter() {
            out.push(problem!(
                "catan.state.buildings",
                "Kreuzung {}: Gebäude zweier Spieler.",
                "node {}: buildings of two players",
                node.0
            ));
        }
        for edge in EdgeSet(roads.0 & p.roads.0).iter() {
            out.push(problem!(
                "catan.state.roads",
                "Weg {}: Straßen zweier Spieler.",
                "edge {}: roads of two players",
                edge.0
            ));
        }
        occupied.union_with(p.buildings().0);
        roads.union_with(p.roads.0);
    }
    for node in occupied.iter() {
        for other in NodeSet(t.node_neighbors[node.index()].0 & occupied.0).iter() {
            if node < other {
                out.push(problem!(
                    "catan.build.settlement.distance",
                    "Abstandsregel: Gebäude auf den benachbarten Kreuzungen {} und {}.",
                    "distance rule: buildings on neighbouring nodes {} and {}",
                    node.0,
                    other.0
                ));
            }
        }
    }
    // The settlement placed in the setup whose road is still due.
    let pending = match state.phase {
        Phase::Base(BasePhase::Setup {
            road_from: Some(node), ..
        }) => Some(node),
        _ => None,
    };
    for (i, p) in state.players.iter().enumerate() {
        road_components(t, i, p.roads, p.buildings(), out);
        let touched = road_nodes(state.topology(), p.roads);
        for node in p.buildings().iter() {
            // In Cities & Knights the Diplomat may remove the last road of a
            // building (`ck.decide.open_road`).
            if !touched.contains(node) && Some(node) != pending && !P::OPEN_BUILDINGS {
                out.push(problem!(
                    "catan.build.settlement.connected",
                    "Platz {i}: Das Gebäude auf Kreuzung {} berührt keine seiner Straßen.",
                    "seat {i}: the building on node {} touches none of its roads",
                    node.0
                ));
            }
        }
        let len = road_length(t, p.roads, state.opponent_pieces(i));
        if len != p.road_length {
            out.push(problem!(
                "catan.award.longest_road",
                "Platz {i}: Straßenlänge {} gespeichert, der Spielplan ergibt {len}.",
                "seat {i}: cached road length {} but the board gives {len}",
                p.road_length
            ));
        }
    }
}

/// Every group of connected roads must touch a building of its owner.
fn road_components(t: &Topology, seat: usize, roads: EdgeSet, buildings: NodeSet, out: &mut Vec<Problem>) {
    let mut left = roads.0;
    while let Some(first) = left.first() {
        let mut comp = EdgeBits::bit(first);
        let mut nodes = t.edge_node_set[first].0;
        loop {
            let mut grown = comp;
            for node in NodeSet(nodes).iter() {
                grown |= t.node_edges[node.index()].0 & roads.0;
            }
            if grown == comp {
                break;
            }
            comp = grown;
            for e in EdgeSet(comp).iter() {
                nodes |= t.edge_node_set[e.index()].0;
            }
        }
        left &= !comp;
        if (nodes & buildings.0).is_zero() {
            let ids: Vec<u8> = EdgeSet(comp).iter().map(|e| e.0).collect();
            out.push(problem!(
                "catan.build.road.connected",
                "Platz {seat}: Die Straßen {ids:?} hängen an keiner seiner Siedlungen oder Städte.",
                "seat {seat}: roads {ids:?} are connected to none of its settlements or cities"
            ));
        }
    }
}

fn awards<P: Part>(state: &State<P>, out: &mut Vec<Problem>) {
    let n = state.n();
    let knights: Vec<u8> = state.players.iter().map(|p| p.knights()).collect();
    match state.largest_army {
        Some(h) if h.index() >= n => out.push(problem!(
            "catan.award.largest_army",
            "Die größte Rittermacht hält Platz {}, den es nicht gibt.",
            "Largest Army held by seat {}, which does not exist",
            h.0
        )),
        Some(h) => {
            if knights[h.index()] < LARGEST_ARMY_MIN {
                out.push(problem!(
                    "catan.award.largest_army",
                    "Die größte Rittermacht hält Platz {} mit {} Rittern.",
                    "Largest Army held by seat {} with {} knights",
                    h.0,
                    knights[h.index()]
                ));
            }
            if let Some(i) = (0..n).find(|&i| knights[i] > knights[h.index()]) {
                out.push(problem!(
                    "catan.award.largest_army",
                    "Platz {i} hat mehr Ritter ausgespielt als Platz {}, der die größte Rittermacht hält.",
                    "seat {i} played more knights than Largest Army's holder seat {}",
                    h.0
                ));
            }
        }
        None => {
            if let Some(i) = (0..n).find(|&i| knights[i] >= LARGEST_ARMY_MIN) {
                out.push(problem!(
                    "catan.award.largest_army",
                    "Platz {i} hat {} Ritter ausgespielt, aber niemand hält die größte Rittermacht.",
                    "seat {i} played {} knights but nobody holds Largest Army",
                    knights[i]
                ));
            }
        }
    }
    let lengths: Vec<u8> = state.players.iter().map(|p| p.road_length).collect();
    let max = lengths.iter().copied().max().unwrap_or(0);
    let alone = max >= LONGEST_ROAD_MIN && lengths.iter().filter(|&&l| l == max).count() == 1;
    match state.longest_road {
        Some(h) if h.index() >= n => out.push(problem!(
            "catan.award.longest_road",
            "Die längste Handelsstraße hält Platz {}, den es nicht gibt.",
            "Longest Road held by seat {}, which does not exist",
            h.0
        )),
        Some(h) => {
            let l = lengths[h.index()];
            if l < LONGEST_ROAD_MIN {
                out.push(problem!(
                    "catan.award.longest_road",
                    "Die längste Handelsstraße hält Platz {} mit einer Straße der Länge {l}.",
                    "Longest Road held by seat {} with a road of {l}",
                    h.0
                ));
            }
            if l < max {
                out.push(problem!(
                    "catan.award.longest_road",
                    "Die längste Handelsstraße hält Platz {}, doch es gibt eine längere Straße.",
                    "Longest Road held by seat {} but a longer road exists",
                    h.0
                ));
            }
        }
        None => {
            if alone {
                out.push(problem!(
                    "catan.award.longest_road",
                    "Eine Straße der Länge {max} liegt allein vorn, aber niemand hält die längste Handelsstraße.",
                    "a road of {max} is alone in front but nobody holds Longest Road"
                ));
            }
        }
    }
}

fn phase<P: Part>(state: &State<P>, out: &mut Vec<Problem>) {
    let n = state.n();
    let cur = state.current;
    let others = |s: engine::SeatSet| s.iter().all(|x| x.index() < n && x != cur);
    let in_setup = matches!(state.phase, Phase::Base(BasePhase::Setup { .. }));
    if in_setup != (state.turn == 0) {
        out.push(problem!(
            "catan.state.phase",
            "Zug {} passt nicht zur Phase {}.",
            "turn {} does not fit phase {}",
            state.turn,
            state.phase.name()
        ));
    }
    match state.phase {
        Phase::Base(BasePhase::Setup { step, road_from }) => {
            if step as usize >= 2 * n {
                out.push(problem!(
                    "catan.state.phase",
                    "Schritt {step} der Gründungsphase liegt hinter {}.",
                    "setup step {step} beyond {}",
                    2 * n
                ));
            } else if state.setup_seat(step) != cur {
                out.push(problem!(
                    "catan.state.phase",
                    "Schritt {step} der Gründungsphase gehört Platz {}, nicht Platz {}.",
                    "setup step {step} belongs to seat {}, not seat {}",
                    state.setup_seat(step).0,
                    cur.0
                ));
            }
            if let Some(node) = road_from {
                // Cities & Knights places a city in round 2 (`ck.setup.second_city`).
                let placed = if P::SETUP_CITY {
                    state.players[cur.index()].buildings()
                } else {
                    state.players[cur.index()].settlements
                };
                if !placed.contains(node) {
                    out.push(problem!(
                        "catan.setup.road_touches_settlement",
                        "Die Gründungsstraße ist an Kreuzung {} fällig, wo keine Siedlung von Platz {} steht.",
                        "setup road due at node {}, which holds no settlement of seat {}",
                        node.0,
                        cur.0
                    ));
                }
            }
        }
        Phase::Base(BasePhase::Discard { owed }) => {
            for (i, &o) in owed.iter().enumerate() {
                // Resources, and in Cities & Knights commodities too.
                let held = crate::query::card_count(state, engine::Seat(i as u8));
                if o as u32 > held {
                    out.push(problem!(
                        "catan.robber.discard_half",
                        "Platz {i} muss {o} Karten abgeben, hat aber nur {held}.",
                        "seat {i} owes {o} discards but holds {held} cards"
                    ));
                }
            }
            if owed.iter().all(|&o| o == 0) {
                out.push(problem!(
                    "catan.robber.discard_half",
                    "Abgabephase, obwohl niemand etwas abgeben muss.",
                    "discard phase with nothing owed"
                ));
            }
        }
        Phase::Base(BasePhase::Stealing { victim, .. }) => {
            if victim.index() >= n || victim == cur {
                out.push(problem!(
                    "catan.robber.steal_target",
                    "Von Platz {} kann nicht gestohlen werden.",
                    "cannot steal from seat {}",
                    victim.0
                ));
            } else if crate::query::card_count(state, victim) == 0 {
                out.push(problem!(
                    "catan.robber.steal_target",
                    "Platz {} wird beraubt, hat aber keine Karte.",
                    "seat {} is robbed but holds no card",
                    victim.0
                ));
            }
        }
        Phase::Base(BasePhase::Drawing) if state.deck.total() == 0 => out.push(problem!(
            "catan.build.deck_empty",
            "Eine Karte wird vom leeren Stapel gezogen.",
            "a card is drawn from an empty deck"
        )),
        Phase::Base(BasePhase::RoadBuilding { left, .. }) if !(1..=2).contains(&left) => out.push(problem!(
            "catan.state.phase",
            "Straßenbau mit {left} übrigen Straßen.",
            "road building with {left} roads left"
        )),
        Phase::Base(BasePhase::TradeDraft { offer })
        | Phase::Base(BasePhase::TradeReplies { offer, .. })
        | Phase::Base(BasePhase::TradeConfirm { offer, .. })
            if !state.players[cur.index()].hand.covers(&offer.give) =>
        {
            out.push(problem!(
                "catan.state.trade",
                "Platz {} bietet Karten an, die er nicht hat.",
                "seat {} offers cards it does not hold",
                cur.0
            ));
        }
        Phase::Base(BasePhase::Over { winner }) if winner.index() >= n => out.push(problem!(
            "catan.state.phase",
            "Den Sieger, Platz {}, gibt es nicht.",
            "winner seat {} does not exist",
            winner.0
        )),
        _ => {}
    }
    negotiation(state, others, out);
}

/// An open offer's answers (`catan.trade.counter`): each seat in at most one
/// state, never the offerer, someone pending while replies run and someone
/// to pick from once they are in; counter-offers only where a seat drafts or
/// made one, each made one with cards on both sides and in its maker's hand
/// (commodities: Cities & Knights checks its own).
fn negotiation<P: Part>(state: &State<P>, others: impl Fn(engine::SeatSet) -> bool, out: &mut Vec<Problem>) {
    let Some(t) = Talks::of(state) else {
        if state.counters.is_some() {
            out.push(problem!(
                "catan.state.trade",
                "Gegenangebote ohne offenes Angebot.",
                "counter-offers without an open offer"
            ));
        }
        return;
    };
    let replies = matches!(state.phase, Phase::Base(BasePhase::TradeReplies { .. }));
    let sets = [t.pending, t.accepted, t.countered];
    let overlap = sets.iter().map(|s| s.len()).sum::<usize>()
        != (t.pending.0 | t.accepted.0 | t.countered.0).count_ones() as usize;
    if !sets.iter().all(|&s| others(s))
        || overlap
        || t.drafting.0 & !t.pending.0 != 0
        || (replies && t.pending.is_empty())
        || (!replies && !t.answered())
    {
        out.push(problem!(
            "catan.state.trade",
            "Die Antworten auf das Handelsangebot nennen unmögliche Plätze.",
            "trade replies name impossible seats"
        ));
        return;
    }
    if t.accepted
        .iter()
        .any(|s| !state.players[s.index()].hand.covers(&t.offer.get))
    {
        out.push(problem!(
            "catan.state.trade",
            "Ein Platz hat ein Angebot angenommen, ohne die verlangten Karten zu haben.",
            "a seat accepted an offer without the cards asked for"
        ));
    }
    let with_counter = engine::SeatSet(t.countered.0 | t.drafting.0);
    for i in 0..MAX_PLAYERS {
        let seat = Seat(i as u8);
        let c = state.counter(seat);
        let stray = !with_counter.contains(seat) && c != crate::state::Offer::default();
        let empty = t.countered.contains(seat)
            && (c.give.is_empty() && c.give_commodities.is_empty() || c.get.is_empty() && c.get_commodities.is_empty());
        let unheld = with_counter.contains(seat) && !state.players[i].hand.covers(&c.get);
        if stray || empty || unheld {
            out.push(problem!(
                "catan.state.trade",
                "Das Gegenangebot von Platz {i} ist unmöglich.",
                "the counter-offer of seat {i} is impossible"
            ));
        }
    }
}
