//! The consistency check of a state: used when a position is loaded from JSON
//! and after every step of the conformance suite. It lists every problem it
//! finds, never panics, and trusts nothing it reads.

use crate::data::{gem_supply, CARDS, CARD_COUNT, GOLD_SUPPLY, LEVEL_SIZE, NOBLES, NOBLE_COUNT};
use crate::state::{EndReason, Phase, Player, State, NONE};
use crate::types::CardId;
use engine::{problem, Problem};

/// Every inconsistency of `s`, or `Ok` if there is none.
pub(crate) fn validate(s: &State) -> Result<(), Vec<Problem>> {
    let mut problems = Vec::new();
    let n = usize::from(s.n);
    if !(2..=4).contains(&n) {
        problems.push(problem!(
            "splendor.state.players",
            "Die Partie hat {n} Spieler, Splendor spielen 2 bis 4.",
            "the game has {n} players, Splendor is played by 2 to 4"
        ));
        return Err(problems);
    }
    if usize::from(s.current) >= n {
        problems.push(problem!(
            "splendor.state.current",
            "Platz {}, der am Zug sein soll, gibt es an einem Tisch für {n} nicht.",
            "the current seat {} does not exist at a table of {n}",
            s.current
        ));
        return Err(problems);
    }
    for (i, p) in s.players.iter().enumerate().skip(n) {
        if *p != Player::EMPTY {
            problems.push(problem!(
                "splendor.state.players",
                "Platz {i} sitzt nicht am Tisch, hat aber etwas.",
                "seat {i} is not at the table but holds something"
            ));
        }
    }
    cards(s, n, &mut problems);
    tokens(s, n, &mut problems);
    nobles(s, n, &mut problems);
    for (i, p) in s.players[..n].iter().enumerate() {
        player(s, i, p, &mut problems);
    }
    phase(s, n, &mut problems);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Every card in exactly one place: deck, market, a reserve or a player's purchases.
fn cards(s: &State, n: usize, problems: &mut Vec<Problem>) {
    // Where each card lies, in German and English.
    let mut places: Vec<Vec<(String, String)>> = vec![Vec::new(); CARD_COUNT];
    for (l, row) in s.market.iter().enumerate() {
        for (slot, &c) in row.iter().enumerate() {
            if c == NONE {
                continue;
            }
            match CardId::new(c) {
                Some(card) => {
                    places[card.index()].push((
                        format!("Auslage Stufe {} Position {slot}", l + 1),
                        format!("market level {} slot {slot}", l + 1),
                    ));
                    if card.level().index() != l {
                        problems.push(problem!(
                            "splendor.state.market",
                            "Karte {c} der Stufe {} liegt in der Reihe der Stufe {} der Auslage.",
                            "card {c} of level {} lies in the level {} row of the market",
                            card.level().number(),
                            l + 1
                        ));
                    }
                }
                None => problems.push(problem!(
                    "splendor.state.market",
                    "In der Auslage Stufe {} Position {slot} liegt die Karten-Nummer {c}, die es nicht gibt.",
                    "market level {} slot {slot} holds card id {c}, which does not exist",
                    l + 1
                )),
            }
        }
    }
    for (i, p) in s.players[..n].iter().enumerate() {
        for card in p.purchased.iter() {
            places[card.index()].push((format!("Käufe von Platz {i}"), format!("purchases of seat {i}")));
        }
        if p.purchased.0[1] >> (CARD_COUNT - 64) != 0 {
            problems.push(problem!(
                "splendor.state.cards",
                "Platz {i} hat Karten-Nummern gekauft, die es nicht gibt.",
                "seat {i} has purchased card ids that do not exist"
            ));
        }
        let k = usize::from(p.nreserved);
        if k > 3 {
            problems.push(problem!(
                "splendor.reserve.limit",
                "Platz {i} hat {k} reservierte Karten, erlaubt sind höchstens 3.",
                "seat {i} holds {k} reserved cards, at most 3 are allowed"
            ));
        }
        for (j, &c) in p.reserved.iter().enumerate() {
            if j >= k {
                if c != NONE {
                    problems.push(problem!(
                        "splendor.state.reserve",
                        "Platz {i} hat eine Karte im Reservefach {j}, jenseits seiner {k} reservierten Karten.",
                        "seat {i} has a card in reserve slot {j} beyond its {k} reserved cards"
                    ));
                }
                continue;
            }
            match CardId::new(c) {
                Some(card) => {
                    places[card.index()].push((format!("Reserve von Platz {i}"), format!("reserve of seat {i}")))
                }
                None => problems.push(problem!(
                    "splendor.state.reserve",
                    "Platz {i} hat die Karten-Nummer {c} reserviert, die es nicht gibt.",
                    "seat {i} has reserved card id {c}, which does not exist"
                )),
            }
        }
        if p.hidden >> k.min(3) != 0 {
            problems.push(problem!(
                "splendor.state.reserve",
                "Platz {i} hat Verdeckt-Markierungen auf leeren Reservefächern.",
                "seat {i} has face-down marks on empty reserve slots"
            ));
        }
    }
    for (l, &deck) in s.deck.iter().enumerate() {
        if deck >> LEVEL_SIZE[l] != 0 {
            problems.push(problem!(
                "splendor.state.deck",
                "Der Stapel der Stufe {} enthält mehr als seine {} Karten.",
                "the level {} deck holds bits beyond its {} cards",
                l + 1,
                LEVEL_SIZE[l]
            ));
        }
    }
    for (id, where_) in places.iter().enumerate() {
        let card = CardId::new_unchecked(id as u8);
        let in_deck = s.deck[card.level().index()] & card.deck_bit() != 0;
        match (where_.len(), in_deck) {
            (0, false) => problems.push(problem!(
                "splendor.state.cards",
                "Karte {id} ist nirgends (weder in ihrem Stapel noch in der Auslage, einer Reserve oder einem Kauf).",
                "card {id} is nowhere (not in its deck, the market, a reserve or a purchase)"
            )),
            (0, true) | (1, false) => {}
            _ => {
                let mut all = where_.clone();
                if in_deck {
                    let l = card.level().number();
                    all.push((format!("Stapel der Stufe {l}"), format!("the level {l} deck")));
                }
                let (de, en): (Vec<String>, Vec<String>) = all.into_iter().unzip();
                problems.push(Problem::new(
                    "splendor.state.cards",
                    format!("Karte {id} liegt an mehreren Orten: {}.", de.join(", ")),
                    format!("card {id} is in several places: {}", en.join(", ")),
                ));
            }
        }
    }
    // An empty market slot is refilled at once while its deck has cards.
    if s.phase != Phase::Setup {
        for (l, row) in s.market.iter().enumerate() {
            for (slot, &c) in row.iter().enumerate() {
                let refilling =
                    matches!(s.phase, Phase::Refill { level, slot: sl } if level.index() == l && sl.index() == slot);
                if c == NONE && s.deck[l] != 0 && !refilling {
                    problems.push(problem!(
                        "splendor.state.market",
                        "Die Auslage Stufe {} Position {slot} ist leer, obwohl ihr Stapel Karten hat.",
                        "market level {} slot {slot} is empty although its deck has cards",
                        l + 1
                    ));
                }
            }
        }
    }
}

/// Tokens are conserved: bank plus players per colour equals the supply.
fn tokens(s: &State, n: usize, problems: &mut Vec<Problem>) {
    if s.bank[6] != 0 || s.bank[7] != 0 {
        problems.push(problem!(
            "splendor.state.tokens",
            "Die Bank hat Marker in Farben, die es nicht gibt.",
            "the bank holds tokens of colours that do not exist"
        ));
    }
    for c in 0..6 {
        let supply = if c == 5 { GOLD_SUPPLY } else { gem_supply(n) };
        let total: u32 = u32::from(s.bank[c]) + s.players[..n].iter().map(|p| u32::from(p.tokens[c])).sum::<u32>();
        if total != u32::from(supply) {
            let token = crate::types::Token::from_index(c);
            problems.push(Problem::new(
                "splendor.state.tokens",
                format!(
                    "Marker {}: Bank und Spieler haben {total}, das Spiel hat {supply}.",
                    token.de()
                ),
                format!(
                    "{} tokens: bank and players hold {total}, the game has {supply}",
                    token.en()
                ),
            ));
        }
    }
    for (i, p) in s.players[..n].iter().enumerate() {
        if p.tokens[6] != 0 || p.tokens[7] != 0 || p.bonus[5..] != [0, 0, 0] {
            problems.push(problem!(
                "splendor.state.tokens",
                "Platz {i} hat Marker oder Boni in Farben, die es nicht gibt.",
                "seat {i} holds tokens or bonuses of colours that do not exist"
            ));
        }
        let sum: u32 = p.tokens[..6].iter().map(|&t| u32::from(t)).sum();
        if sum != u32::from(p.ntokens) {
            problems.push(problem!(
                "splendor.state.tokens",
                "Platz {i}: Die Markersumme {} passt nicht zu den {sum} gehaltenen Markern.",
                "seat {i}: token total {} does not match the {sum} tokens held",
                p.ntokens
            ));
        }
        let may_exceed = i == usize::from(s.current)
            && matches!(
                s.phase,
                Phase::ReturnTokens | Phase::Refill { .. } | Phase::DeckDraw { .. }
            );
        if sum > 10 && !may_exceed {
            problems.push(problem!(
                "splendor.tokens.limit_ten",
                "Platz {i} hat {sum} Marker, mehr als 10 außerhalb der eigenen Rückgabe.",
                "seat {i} holds {sum} tokens, more than 10 outside their own token return"
            ));
        }
    }
}

/// Nobles exist, are unique, and number players + 1 once set up.
fn nobles(s: &State, n: usize, problems: &mut Vec<Problem>) {
    let all: u16 = (1 << NOBLE_COUNT) - 1;
    let mut seen = s.nobles;
    if s.nobles & !all != 0 {
        problems.push(problem!(
            "splendor.state.nobles",
            "Unter den offenen Adligen sind Nummern, die es nicht gibt.",
            "the face-up nobles include ids that do not exist"
        ));
    }
    for (i, p) in s.players[..n].iter().enumerate() {
        if p.nobles & !all != 0 {
            problems.push(problem!(
                "splendor.state.nobles",
                "Platz {i} hat Adlige mit Nummern, die es nicht gibt.",
                "seat {i} holds noble ids that do not exist"
            ));
        }
        if seen & p.nobles != 0 {
            problems.push(problem!(
                "splendor.state.nobles",
                "Platz {i} hat einen Adligen, der auch offen liegt oder bei einem anderen Platz ist.",
                "seat {i} holds a noble that is also face up or held by another seat"
            ));
        }
        seen |= p.nobles;
        let bonus = p.bonus_packed();
        for id in 0..NOBLE_COUNT {
            if p.nobles & (1 << id) != 0 && crate::afford::sat_sub(crate::data::NOBLE_PACKED[id], bonus) != 0 {
                problems.push(problem!(
                    "splendor.noble.must_qualify",
                    "Platz {i} hat Adligen {id} ohne die Kartenboni, die er verlangt.",
                    "seat {i} holds noble {id} without the card bonuses it requires"
                ));
            }
        }
    }
    let count = (seen & all).count_ones() as usize;
    if s.phase == Phase::Setup {
        if count > n + 1 {
            problems.push(problem!(
                "splendor.state.nobles",
                "{count} Adlige sind aufgedeckt, das Spiel hat {}.",
                "{count} nobles are revealed, the game has {}",
                n + 1
            ));
        }
    } else if count != n + 1 {
        problems.push(problem!(
            "splendor.state.nobles",
            "{count} Adlige sind im Spiel (offen oder zu Besuch), es hat {}.",
            "{count} nobles are in the game (face up or visiting), it has {}",
            n + 1
        ));
    }
}

/// A player's bonuses, points and counts match their cards and nobles.
fn player(s: &State, i: usize, p: &Player, problems: &mut Vec<Problem>) {
    let mut bonus = [0u32; 5];
    let mut points = 0u32;
    let mut count = 0u32;
    for card in p.purchased.iter() {
        let def = &CARDS[card.index()];
        bonus[def.bonus.index()] += 1;
        points += u32::from(def.points);
        count += 1;
    }
    let nobles = (0..NOBLE_COUNT).filter(|id| p.nobles & (1 << id) != 0);
    points += nobles.map(|id| u32::from(NOBLES[id].points)).sum::<u32>();
    for (c, &want) in bonus.iter().enumerate() {
        if u32::from(p.bonus[c]) != want {
            let token = crate::types::Token::from_index(c);
            problems.push(Problem::new(
                "splendor.state.bonus",
                format!(
                    "Platz {i}: Bonus {} ist {}, die gekauften Karten ergeben {want}.",
                    token.de(),
                    p.bonus[c]
                ),
                format!(
                    "seat {i}: {} bonus is {} but the purchased cards give {want}",
                    token.en(),
                    p.bonus[c]
                ),
            ));
        }
    }
    if u32::from(p.points) != points {
        problems.push(problem!(
            "splendor.state.points",
            "Platz {i}: {} Prestigepunkte, Karten und Adlige ergeben {points}.",
            "seat {i}: {} points but cards and nobles give {points}",
            p.points
        ));
    }
    if u32::from(p.ncards) != count {
        problems.push(problem!(
            "splendor.state.cards",
            "Platz {i}: Kartenzahl {}, gekauft sind {count} Karten.",
            "seat {i}: card count {} but {count} cards are purchased",
            p.ncards
        ));
    }
    if s.phase == Phase::Setup && (*p != Player::EMPTY) {
        problems.push(problem!(
            "splendor.state.phase",
            "Platz {i} hat etwas, bevor der Aufbau fertig ist.",
            "seat {i} holds something before the setup is complete"
        ));
    }
}

/// The phase fits the rest of the state.
fn phase(s: &State, n: usize, problems: &mut Vec<Problem>) {
    let p = &s.players[usize::from(s.current)];
    if usize::from(s.round_passes) > n {
        problems.push(problem!(
            "splendor.turn.pass_only_when_blocked",
            "In einer Runde mit {n} Zügen wurde {}-mal gepasst.",
            "{} passes recorded in a round of {n} turns",
            s.round_passes
        ));
    }
    match s.phase {
        Phase::Setup => {
            if s.turn != 0 {
                problems.push(problem!(
                    "splendor.state.phase",
                    "Züge gezählt, bevor der Aufbau fertig ist.",
                    "turns counted before the setup is complete"
                ));
            }
            let full = s.market.iter().flatten().all(|&c| c != NONE);
            if s.nobles != 0 && !full {
                problems.push(problem!(
                    "splendor.state.phase",
                    "Adlige sind aufgedeckt, bevor die Auslage ausgelegt ist.",
                    "nobles are revealed before the market is dealt"
                ));
            }
            let gems = gem_supply(n);
            if s.bank[..5].iter().any(|&b| b != gems) || s.bank[5] != GOLD_SUPPLY {
                problems.push(problem!(
                    "splendor.state.phase",
                    "Die Bank ist während des Aufbaus nicht voll.",
                    "the bank is not full during setup"
                ));
            }
        }
        Phase::Action => {}
        Phase::Refill { level, slot } => {
            if s.market[level.index()][slot.index()] != NONE {
                problems.push(problem!(
                    "splendor.state.phase",
                    "Die Auslage Stufe {} Position {} soll aufgefüllt werden, ist aber nicht leer.",
                    "a refill of market level {} slot {} is due but the slot is not empty",
                    level.number(),
                    slot.index()
                ));
            }
            if s.deck[level.index()] == 0 {
                problems.push(problem!(
                    "splendor.state.phase",
                    "Aus dem leeren Stapel der Stufe {} soll aufgefüllt werden.",
                    "a refill from the empty level {} deck is due",
                    level.number()
                ));
            }
        }
        Phase::DeckDraw { level } => {
            if s.deck[level.index()] == 0 {
                problems.push(problem!(
                    "splendor.reserve.deck_empty",
                    "Vom leeren Stapel der Stufe {} soll gezogen werden.",
                    "a draw from the empty level {} deck is due",
                    level.number()
                ));
            }
            if p.nreserved >= 3 {
                problems.push(problem!(
                    "splendor.reserve.limit",
                    "Ein Spieler soll die oberste Stapelkarte reservieren, hat aber schon 3 reservierte Karten.",
                    "a deck-top reserve is due for a player who already holds 3 reserved cards"
                ));
            }
        }
        Phase::ReturnTokens => {
            if p.ntokens <= 10 {
                problems.push(problem!(
                    "splendor.tokens.limit_ten",
                    "Der Spieler am Zug muss Marker zurückgeben, hat aber nur {}.",
                    "the current player must return tokens but holds only {}",
                    p.ntokens
                ));
            }
        }
        Phase::ChooseNoble => {
            if p.qualifying(s.nobles).count_ones() < 2 {
                problems.push(problem!(
                    "splendor.noble.end_of_turn",
                    "Ein Adliger soll gewählt werden, aber weniger als zwei offene Adlige kommen in Frage.",
                    "a noble choice is due but fewer than two face-up nobles qualify"
                ));
            }
            if p.ntokens > 10 {
                problems.push(problem!(
                    "splendor.noble.end_of_turn",
                    "Ein Adliger soll gewählt werden, bevor die Marker zurückgegeben sind.",
                    "a noble choice is due before the tokens are returned"
                ));
            }
        }
        Phase::Over { reason } => {
            if usize::from(s.current) != n - 1 {
                problems.push(problem!(
                    "splendor.state.over",
                    "Die Partie endete, bevor die Runde zu Ende gespielt war.",
                    "the game ended before the round was finished"
                ));
            }
            match reason {
                EndReason::Points => {
                    if !s.players[..n].iter().any(|p| p.points >= 15) {
                        problems.push(problem!(
                            "splendor.state.over",
                            "Die Partie endete nach Punkten, aber niemand hat 15.",
                            "the game ended on points but nobody has 15"
                        ));
                    }
                }
                EndReason::AllPassed => {
                    if usize::from(s.round_passes) != n {
                        problems.push(problem!(
                            "splendor.state.over",
                            "Die Partie endete, weil alle gepasst haben, aber nicht jeder hat gepasst.",
                            "the game ended because all passed, but not every player passed"
                        ));
                    }
                }
            }
        }
    }
    if s.phase != Phase::Setup && s.turn == 0 {
        problems.push(problem!(
            "splendor.state.phase",
            "Der Aufbau ist vorbei, aber kein Zug hat begonnen.",
            "the game is past its setup but no turn has begun"
        ));
    }
}
