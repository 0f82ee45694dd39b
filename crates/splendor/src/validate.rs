//! The consistency check of a state: used when a position is loaded from JSON
//! and after every step of the conformance suite. It lists every problem it
//! finds, never panics, and trusts nothing it reads.

use crate::data::{gem_supply, CARDS, CARD_COUNT, GOLD_SUPPLY, LEVEL_SIZE, NOBLES, NOBLE_COUNT};
use crate::state::{EndReason, Phase, Player, State, NONE};
use crate::types::CardId;

/// Every inconsistency of `s`, or `Ok` if there is none.
pub(crate) fn validate(s: &State) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let n = usize::from(s.n);
    if !(2..=4).contains(&n) {
        problems.push(format!("the game has {n} players, Splendor is played by 2 to 4"));
        return Err(problems);
    }
    if usize::from(s.current) >= n {
        problems.push(format!(
            "the current seat {} does not exist at a table of {n}",
            s.current
        ));
        return Err(problems);
    }
    for (i, p) in s.players.iter().enumerate().skip(n) {
        if *p != Player::EMPTY {
            problems.push(format!("seat {i} is not at the table but holds something"));
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
fn cards(s: &State, n: usize, problems: &mut Vec<String>) {
    let mut places: Vec<Vec<String>> = vec![Vec::new(); CARD_COUNT];
    for (l, row) in s.market.iter().enumerate() {
        for (slot, &c) in row.iter().enumerate() {
            if c == NONE {
                continue;
            }
            match CardId::new(c) {
                Some(card) => {
                    places[card.index()].push(format!("market level {} slot {slot}", l + 1));
                    if card.level().index() != l {
                        problems.push(format!(
                            "card {c} of level {} lies in the level {} row of the market",
                            card.level().number(),
                            l + 1
                        ));
                    }
                }
                None => problems.push(format!(
                    "market level {} slot {slot} holds card id {c}, which does not exist",
                    l + 1
                )),
            }
        }
    }
    for (i, p) in s.players[..n].iter().enumerate() {
        for card in p.purchased.iter() {
            places[card.index()].push(format!("purchases of seat {i}"));
        }
        if p.purchased.0[1] >> (CARD_COUNT - 64) != 0 {
            problems.push(format!("seat {i} has purchased card ids that do not exist"));
        }
        let k = usize::from(p.nreserved);
        if k > 3 {
            problems.push(format!("seat {i} holds {k} reserved cards, at most 3 are allowed"));
        }
        for (j, &c) in p.reserved.iter().enumerate() {
            if j >= k {
                if c != NONE {
                    problems.push(format!(
                        "seat {i} has a card in reserve slot {j} beyond its {k} reserved cards"
                    ));
                }
                continue;
            }
            match CardId::new(c) {
                Some(card) => places[card.index()].push(format!("reserve of seat {i}")),
                None => problems.push(format!("seat {i} has reserved card id {c}, which does not exist")),
            }
        }
        if p.hidden >> k.min(3) != 0 {
            problems.push(format!("seat {i} has face-down marks on empty reserve slots"));
        }
    }
    for (l, &deck) in s.deck.iter().enumerate() {
        if deck >> LEVEL_SIZE[l] != 0 {
            problems.push(format!(
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
            (0, false) => problems.push(format!(
                "card {id} is nowhere (not in its deck, the market, a reserve or a purchase)"
            )),
            (0, true) | (1, false) => {}
            _ => {
                let mut all = where_.clone();
                if in_deck {
                    all.push(format!("the level {} deck", card.level().number()));
                }
                problems.push(format!("card {id} is in several places: {}", all.join(", ")));
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
                    problems.push(format!(
                        "market level {} slot {slot} is empty although its deck has cards",
                        l + 1
                    ));
                }
            }
        }
    }
}

/// Tokens are conserved: bank plus players per colour equals the supply.
fn tokens(s: &State, n: usize, problems: &mut Vec<String>) {
    if s.bank[6] != 0 || s.bank[7] != 0 {
        problems.push("the bank holds tokens of colours that do not exist".to_string());
    }
    for c in 0..6 {
        let supply = if c == 5 { GOLD_SUPPLY } else { gem_supply(n) };
        let total: u32 = u32::from(s.bank[c]) + s.players[..n].iter().map(|p| u32::from(p.tokens[c])).sum::<u32>();
        if total != u32::from(supply) {
            problems.push(format!(
                "{} tokens: bank and players hold {total}, the game has {supply}",
                crate::types::Token::from_index(c).en()
            ));
        }
    }
    for (i, p) in s.players[..n].iter().enumerate() {
        if p.tokens[6] != 0 || p.tokens[7] != 0 || p.bonus[5..] != [0, 0, 0] {
            problems.push(format!("seat {i} holds tokens or bonuses of colours that do not exist"));
        }
        let sum: u32 = p.tokens[..6].iter().map(|&t| u32::from(t)).sum();
        if sum != u32::from(p.ntokens) {
            problems.push(format!(
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
            problems.push(format!(
                "seat {i} holds {sum} tokens, more than 10 outside their own token return"
            ));
        }
    }
}

/// Nobles exist, are unique, and number players + 1 once set up.
fn nobles(s: &State, n: usize, problems: &mut Vec<String>) {
    let all: u16 = (1 << NOBLE_COUNT) - 1;
    let mut seen = s.nobles;
    if s.nobles & !all != 0 {
        problems.push("the face-up nobles include ids that do not exist".to_string());
    }
    for (i, p) in s.players[..n].iter().enumerate() {
        if p.nobles & !all != 0 {
            problems.push(format!("seat {i} holds noble ids that do not exist"));
        }
        if seen & p.nobles != 0 {
            problems.push(format!(
                "seat {i} holds a noble that is also face up or held by another seat"
            ));
        }
        seen |= p.nobles;
        let bonus = p.bonus_packed();
        for id in 0..NOBLE_COUNT {
            if p.nobles & (1 << id) != 0 && crate::afford::sat_sub(crate::data::NOBLE_PACKED[id], bonus) != 0 {
                problems.push(format!(
                    "seat {i} holds noble {id} without the card bonuses it requires"
                ));
            }
        }
    }
    let count = (seen & all).count_ones() as usize;
    if s.phase == Phase::Setup {
        if count > n + 1 {
            problems.push(format!("{count} nobles are revealed, the game has {}", n + 1));
        }
    } else if count != n + 1 {
        problems.push(format!(
            "{count} nobles are in the game (face up or visiting), it has {}",
            n + 1
        ));
    }
}

/// A player's bonuses, points and counts match their cards and nobles.
fn player(s: &State, i: usize, p: &Player, problems: &mut Vec<String>) {
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
            problems.push(format!(
                "seat {i}: {} bonus is {} but the purchased cards give {want}",
                crate::types::Token::from_index(c).en(),
                p.bonus[c],
            ));
        }
    }
    if u32::from(p.points) != points {
        problems.push(format!(
            "seat {i}: {} points but cards and nobles give {points}",
            p.points
        ));
    }
    if u32::from(p.ncards) != count {
        problems.push(format!(
            "seat {i}: card count {} but {count} cards are purchased",
            p.ncards
        ));
    }
    if s.phase == Phase::Setup && (*p != Player::EMPTY) {
        problems.push(format!("seat {i} holds something before the setup is complete"));
    }
}

/// The phase fits the rest of the state.
fn phase(s: &State, n: usize, problems: &mut Vec<String>) {
    let p = &s.players[usize::from(s.current)];
    if usize::from(s.round_passes) > n {
        problems.push(format!("{} passes recorded in a round of {n} turns", s.round_passes));
    }
    match s.phase {
        Phase::Setup => {
            if s.turn != 0 {
                problems.push("turns counted before the setup is complete".to_string());
            }
            let full = s.market.iter().flatten().all(|&c| c != NONE);
            if s.nobles != 0 && !full {
                problems.push("nobles are revealed before the market is dealt".to_string());
            }
            let gems = gem_supply(n);
            if s.bank[..5].iter().any(|&b| b != gems) || s.bank[5] != GOLD_SUPPLY {
                problems.push("the bank is not full during setup".to_string());
            }
        }
        Phase::Action => {}
        Phase::Refill { level, slot } => {
            if s.market[level.index()][slot.index()] != NONE {
                problems.push(format!(
                    "a refill of market level {} slot {} is due but the slot is not empty",
                    level.number(),
                    slot.index()
                ));
            }
            if s.deck[level.index()] == 0 {
                problems.push(format!("a refill from the empty level {} deck is due", level.number()));
            }
        }
        Phase::DeckDraw { level } => {
            if s.deck[level.index()] == 0 {
                problems.push(format!("a draw from the empty level {} deck is due", level.number()));
            }
            if p.nreserved >= 3 {
                problems.push("a deck-top reserve is due for a player who already holds 3 reserved cards".to_string());
            }
        }
        Phase::ReturnTokens => {
            if p.ntokens <= 10 {
                problems.push(format!(
                    "the current player must return tokens but holds only {}",
                    p.ntokens
                ));
            }
        }
        Phase::ChooseNoble => {
            if p.qualifying(s.nobles).count_ones() < 2 {
                problems.push("a noble choice is due but fewer than two face-up nobles qualify".to_string());
            }
            if p.ntokens > 10 {
                problems.push("a noble choice is due before the tokens are returned".to_string());
            }
        }
        Phase::Over { reason } => {
            if usize::from(s.current) != n - 1 {
                problems.push("the game ended before the round was finished".to_string());
            }
            match reason {
                EndReason::Points => {
                    if !s.players[..n].iter().any(|p| p.points >= 15) {
                        problems.push("the game ended on points but nobody has 15".to_string());
                    }
                }
                EndReason::AllPassed => {
                    if usize::from(s.round_passes) != n {
                        problems.push("the game ended because all passed, but not every player passed".to_string());
                    }
                }
            }
        }
    }
    if s.phase != Phase::Setup && s.turn == 0 {
        problems.push("the game is past its setup but no turn has begun".to_string());
    }
}
