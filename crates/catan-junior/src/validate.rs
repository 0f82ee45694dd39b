//! The invariants of a position: used when a JSON position is loaded and by the
//! conformance suite after every step. Lists everything inconsistent.

use crate::board::Side;
use crate::edition::CocoCard;
use crate::goods::Good;
use crate::json::bits;
use crate::rules::{build, castle};
use crate::state::{Phase, State};
use engine::{problem, Problem};

/// The German name of a Coco card, for the problems that count them.
fn coco_de(card: CocoCard) -> &'static str {
    match card {
        CocoCard::MoveKlau => "Käpt'n Klau versetzen",
        CocoCard::FreeBuild => "Gratis bauen",
        CocoCard::WoodPineapple => "Holz und Ananas",
        CocoCard::WoolSabre => "Wolle und Säbel",
    }
}

/// Every inconsistency of `state`, or `Ok`.
pub fn validate(state: &State) -> Result<(), Vec<Problem>> {
    let mut e = Vec::new();
    let n = state.players as usize;
    if !(2..=4).contains(&n) {
        e.push(problem!(
            "junior.state.players",
            "{n} Spieler: Catan Junior spielen 2 bis 4.",
            "{n} players: Catan Junior is played by 2 to 4"
        ));
        return Err(e);
    }
    let data = state.data();
    let board = state.board();
    if state.captain as usize >= n {
        e.push(problem!(
            "junior.state.captain",
            "Kapitän ist Platz {}, der nicht am Tisch sitzt.",
            "captain {} is not at the table",
            state.captain
        ));
    }
    if state.turn == 0 {
        e.push(problem!(
            "junior.state.turn",
            "Die Züge werden ab 1 gezählt.",
            "turns are counted from 1"
        ));
    }
    goods(state, &mut e);
    pieces(state, &mut e);
    // Coco: open cards plus the deck make the edition's deck (a multiset).
    for card in CocoCard::ALL {
        let k = card.index();
        let open: u32 = (0..n).map(|p| state.cards[p][k] as u32).sum();
        if open + state.deck[k] as u32 != data.deck[k] as u32 {
            let (deck, want) = (state.deck[k], data.deck[k]);
            e.push(Problem::new(
                "junior.state.coco",
                format!(
                    "Coco-Karten „{}“: {open} offen und {deck} im Stapel, die Ausgabe hat {want}.",
                    coco_de(card)
                ),
                format!("{card:?} cards: {open} open + {deck} in the deck, the edition has {want}"),
            ));
        }
    }
    for p in n..4 {
        if state.cards[p] != [0; 4] || state.hands[p].total() != 0 || state.lairs[p] != 0 || state.ships[p] != 0 {
            e.push(problem!(
                "junior.state.players",
                "Platz {p} sitzt nicht am Tisch, hat aber etwas.",
                "seat {p} is not at the table but holds something"
            ));
        }
    }
    // The castle site: exactly the player who alone has the most open cards.
    let holder = state.castle_holder();
    let want = castle::majority(state);
    if holder != want {
        let seat_de = |s: Option<usize>| s.map_or("niemand".to_string(), |s| format!("Platz {s}"));
        let seat_en = |s: Option<usize>| s.map_or("nobody".to_string(), |s| format!("seat {s}"));
        e.push(Problem::new(
            "junior.coco.castle",
            format!(
                "Den Platz bei der Burg hält {}, nach der Mehrheit der Coco-Karten gehört er {}.",
                seat_de(holder),
                seat_de(want)
            ),
            format!(
                "the castle site is held by {} but the Coco majority says {}",
                seat_en(holder),
                seat_en(want)
            ),
        ));
    }
    if !state.klau.is_castle() && board.land(state.klau).is_none() {
        e.push(problem!(
            "junior.state.klau",
            "Käpt'n Klau steht auf Insel {}, die es nicht gibt.",
            "Käpt'n Klau stands on island {}, which does not exist",
            String::from(state.klau)
        ));
    }
    if state.roll > 6 {
        e.push(problem!(
            "junior.state.roll",
            "Ein Wurf von {} mit einem sechsseitigen Würfel.",
            "a roll of {} on a six-sided die",
            state.roll
        ));
    }
    phase(state, &mut e);
    if e.is_empty() {
        Ok(())
    } else {
        Err(e)
    }
}

fn goods(state: &State, e: &mut Vec<Problem>) {
    let data = state.data();
    let t = state.tiles_in_play();
    for good in Good::ALL {
        if t[good.index()] != data.tiles_per_good as u32 {
            let (got, want) = (t[good.index()], data.tiles_per_good);
            e.push(Problem::new(
                "junior.state.goods",
                format!(
                    "{}: {got} Plättchen in Vorrat, Händen und Rettungsringen, das Spiel hat {want}.",
                    good.de()
                ),
                format!(
                    "{}: {got} tiles in supply, hands and rings, the game has {want}",
                    good.en()
                ),
            ));
        }
    }
    if state.rings.total() != 5 {
        e.push(problem!(
            "junior.trade.ring_refresh",
            "Auf den fünf Rettungsringen liegen {} Plättchen.",
            "the five Rettungsringe hold {} tiles",
            state.rings.total()
        ));
    }
    if state.rings.0.contains(&5) {
        e.push(problem!(
            "junior.trade.ring_refresh",
            "Alle fünf Rettungsringe tragen dasselbe Plättchen: sie hätten neu belegt werden müssen.",
            "all five Rettungsringe hold the same good: they should have been refreshed"
        ));
    }
}

fn pieces(state: &State, e: &mut Vec<Problem>) {
    let data = state.data();
    let board = state.board();
    let n = state.n();
    let castle_bit = 1u64 << board.castle_site.0;
    let mut sites = 0u64;
    let mut routes = 0u64;
    for p in 0..n {
        let lairs = state.lairs[p];
        let ships = state.ships[p];
        if lairs & !(board.buildable | castle_bit) != 0 {
            e.push(problem!(
                "junior.build.no_such_place",
                "Platz {p} hat ein Piratenlager auf einem Bauplatz, den es nicht gibt.",
                "seat {p} has a lair on a site that does not exist"
            ));
        }
        if ships & !board.all_routes != 0 {
            e.push(problem!(
                "junior.build.no_such_place",
                "Platz {p} hat ein Schiff auf einem Schiffsweg, den es nicht gibt.",
                "seat {p} has a ship on a route that does not exist"
            ));
        }
        if lairs.count_ones() > data.lairs_per_colour as u32 {
            e.push(problem!(
                "junior.build.no_piece_left",
                "Platz {p} hat {} Piratenlager, eine Farbe hat {}.",
                "seat {p} has {} lairs, a colour has {}",
                lairs.count_ones(),
                data.lairs_per_colour
            ));
        }
        if ships.count_ones() > data.ships_per_colour as u32 {
            e.push(problem!(
                "junior.build.no_piece_left",
                "Platz {p} hat {} Schiffe, eine Farbe hat {}.",
                "seat {p} has {} ships, a colour has {}",
                ships.count_ones(),
                data.ships_per_colour
            ));
        }
        if sites & lairs != 0 {
            e.push(problem!(
                "junior.build.occupied",
                "Platz {p} teilt sich einen Bauplatz mit einem anderen Piratenlager.",
                "seat {p} shares a site with another lair"
            ));
        }
        if routes & ships != 0 {
            e.push(problem!(
                "junior.build.occupied",
                "Platz {p} teilt sich einen Schiffsweg mit einem anderen Schiff.",
                "seat {p} shares a route with another ship"
            ));
        }
        sites |= lairs;
        routes |= ships;
        // Pieces are only ever placed next to own pieces and never removed
        // (the castle lair touches no route).
        let ends = board.ends_of(ships);
        for s in bits(lairs & board.buildable) {
            if ends & (1u64 << s) == 0 {
                e.push(problem!(
                    "junior.build.lair.adjacent_ship",
                    "Platz {p}: Das Piratenlager auf Bauplatz {} berührt keines seiner Schiffe.",
                    "seat {p}: the lair on site {} touches none of its ships",
                    s + 1
                ));
            }
        }
        for r in bits(ships & board.all_routes) {
            if board.route_sites[r as usize] & lairs == 0 {
                if let Some(l) = board.link(r) {
                    let [a, b]: [u8; 2] = l.into();
                    e.push(problem!(
                        "junior.build.ship.adjacent_lair",
                        "Platz {p}: Das Schiff auf {a}-{b} berührt keines seiner Piratenlager.",
                        "seat {p}: the ship on {a}-{b} touches none of its lairs"
                    ));
                }
            }
        }
    }
}

fn phase(state: &State, e: &mut Vec<Problem>) {
    let data = state.data();
    let n = state.n();
    let winners: Vec<usize> = (0..n)
        .filter(|&p| state.lairs_on_board(p) >= data.lairs_per_colour as u32)
        .collect();
    match state.phase {
        Phase::Over { winner } => {
            if !winners.contains(&winner.index()) {
                e.push(problem!(
                    "junior.win",
                    "Platz {} hat gewonnen, ohne alle Piratenlager auf dem Spielplan zu haben.",
                    "seat {} won without all its lairs on the board",
                    winner.0
                ));
            }
        }
        _ if !winners.is_empty() => e.push(problem!(
            "junior.win",
            "Platz {} hat alle Piratenlager auf dem Spielplan: das Spiel ist vorbei.",
            "seat {} has all lairs on the board: the game is over",
            winners[0]
        )),
        Phase::Roll => {
            if state.roll != 0 || state.ring_traded || state.short != 0 {
                e.push(problem!(
                    "junior.turn.roll_first",
                    "Vor dem Wurf kann es in diesem Zug weder Wurf noch Tausch am Rettungsring noch Mangel gegeben haben.",
                    "before the roll no roll, ring trade or shortage can have happened this turn"
                ));
            }
        }
        Phase::DrawCoco => {
            if state.deck_size() == 0 {
                e.push(problem!(
                    "junior.coco.deck_empty",
                    "Eine Coco-Karte ist fällig, aber der Stapel ist leer.",
                    "a Coco card is due but the deck is empty"
                ));
            }
        }
        Phase::FreeBuild => {
            if !build::can_place_any(state, state.cap()) {
                e.push(problem!(
                    "junior.state.phase",
                    "Ein Gratis-Bau ist fällig, aber nichts lässt sich setzen.",
                    "a free build is due but nothing can be placed"
                ));
            }
        }
        Phase::Offer { to, give, get } | Phase::OfferDraft { to, give, get } => {
            if !state.pro {
                e.push(problem!(
                    "junior.trade.pro.variant",
                    "Ein Angebot steht aus, aber die Profi-Variante ist aus.",
                    "an offer is pending but the pro variant is off"
                ));
            }
            if to.index() >= n || to.0 == state.captain {
                e.push(problem!(
                    "junior.trade.pro.partner",
                    "Ein Angebot an Platz {}, der kein Partner ist.",
                    "an offer to seat {}, who is no partner",
                    to.0
                ));
            }
            if give.overlaps(&get) {
                e.push(problem!(
                    "junior.trade.same_good",
                    "Ein Angebot nennt einen Rohstoff auf beiden Seiten.",
                    "an offer names a good on both sides"
                ));
            }
            if !state.hands[state.cap()].covers(&give) {
                e.push(problem!(
                    "junior.trade.pro.captain_lacks",
                    "Der Kapitän bietet Plättchen an, die er nicht hat.",
                    "the captain offers tiles he does not hold"
                ));
            }
            if to.index() < n && !state.hands[to.index()].covers(&get) {
                e.push(problem!(
                    "junior.trade.pro.partner_lacks",
                    "Das Angebot verlangt von Platz {} Plättchen, die er nicht hat.",
                    "the offer asks seat {} for tiles it does not hold",
                    to.0
                ));
            }
            if matches!(state.phase, Phase::Offer { .. }) && (give.total() == 0 || get.total() == 0) {
                e.push(problem!(
                    "junior.trade.pro.no_gifts",
                    "Ein Angebot mit einer leeren Seite steht aus.",
                    "an offer with an empty side is pending"
                ));
            }
        }
        Phase::Main | Phase::MoveKlau => {
            if state.roll == 0 {
                e.push(problem!(
                    "junior.turn.roll_first",
                    "Der Kapitän handelt vor dem Wurf.",
                    "the captain acts before the roll"
                ));
            }
        }
    }
    if state.side() == Side::TwoPlayer && n != 2 {
        e.push(problem!(
            "junior.setup.two_player_colours",
            "Die Spielplanseite für 2 braucht 2 Spieler.",
            "the 2-player side needs 2 players"
        ));
    }
}
