//! Splendor: its dense action space and observation tensor.

use crate::dense::{ints, names, Candidates, DenseGame};
use crate::obs::{relative, seats_from, Observe, Writer};
use serde_json::{json, Value};
use splendor::data::{gem_supply, CARDS, CARD_COUNT, GOLD_INDEX, GOLD_SUPPLY, LEVEL_SIZE, NOBLES, NOBLE_COUNT};
use splendor::{CardId, Phase, Splendor, View};

const GEMS: [&str; 5] = ["white", "blue", "green", "red", "black"];
const TOKENS: [&str; 6] = ["white", "blue", "green", "red", "black", "gold"];

impl DenseGame for Splendor {
    fn candidates(_config: &Self::Config, _players: usize, out: &mut Candidates) {
        // Takes of 3 different colours, and of 1 or 2 when fewer are available.
        for mask in 1u8..32 {
            if mask.count_ones() <= 3 {
                let gems: Vec<Value> = (0..5).filter(|c| mask >> c & 1 == 1).map(|c| json!(GEMS[c])).collect();
                out.push("take_different", &[("gems", Value::from(gems))]);
            }
        }
        out.product("take_two", &[("gem", names(&GEMS))]);
        out.product("reserve", &[("card", ints(0..CARD_COUNT as u32))]);
        out.product("reserve_deck", &[("level", ints(1..4))]);
        // A payment names gems up to the card's cost and gold for the rest
        // (never more gold than the 5 tokens, never more in total than the cost).
        for (card, def) in CARDS.iter().enumerate() {
            let c = def.cost;
            let total: u8 = c.iter().sum();
            for w in 0..=c[0] {
                for b in 0..=c[1] {
                    for g in 0..=c[2] {
                        for r in 0..=c[3] {
                            for k in 0..=c[4] {
                                let gems = w + b + g + r + k;
                                for gold in 0..=(total - gems).min(5) {
                                    let payment =
                                        json!({"white": w, "blue": b, "green": g, "red": r, "black": k, "gold": gold});
                                    out.push("buy", &[("card", json!(card)), ("payment", payment)]);
                                }
                            }
                        }
                    }
                }
            }
        }
        out.product("return", &[("token", names(&TOKENS))]);
        out.product("choose_noble", &[("noble", ints(0..NOBLE_COUNT as u32))]);
        out.push("pass", &[]);
    }
}

/// Level, bonus colour, points and cost of a card (13 values; all 0 for none).
fn card(w: &mut Writer, card: Option<CardId>) {
    w.flag(card.is_some());
    let d = card.and_then(|c| CARDS.get(usize::from(c.get())));
    w.range(0, 3);
    w.num(d.map_or(0, |d| d.level));
    w.one_hot(d.map(|d| d.bonus.index()), 5);
    w.range(0, MAX_CARD_POINTS);
    w.num(d.map_or(0, |d| d.points));
    w.range(0, MAX_COST);
    w.counts(&d.map_or([0; 5], |d| d.cost));
}

const PHASES: usize = 7;

/// The most points a card is worth.
const MAX_CARD_POINTS: u8 = 5;
/// The most gems of one colour a card costs.
const MAX_COST: u8 = 7;
/// The most points a player can hold: 14 before a last turn, then a 5-point
/// card and a noble (3) in it (one noble per turn).
const MAX_POINTS: u8 = 22;

fn phase_index(p: &Phase) -> usize {
    match p {
        Phase::Setup => 0,
        Phase::Action => 1,
        Phase::Refill { .. } => 2,
        Phase::DeckDraw { .. } => 3,
        Phase::ReturnTokens => 4,
        Phase::ChooseNoble => 5,
        Phase::Over { .. } => 6,
    }
}

/// Nobles on the table: one more than the players, at most 5.
const NOBLES_IN_PLAY: u8 = 5;

/// Tokens by colour (white … black, gold), each bounded by its supply.
fn bank(w: &mut Writer, tokens: &[u8], players: usize) {
    for (i, &n) in tokens.iter().enumerate() {
        w.range(
            0,
            if i == GOLD_INDEX {
                GOLD_SUPPLY
            } else {
                gem_supply(players)
            },
        );
        w.num(n);
    }
}

impl Observe for Splendor {
    fn encode(v: &View, players: usize, w: &mut Writer) {
        w.block(|| "phase (one-hot: setup, action, refill, deck_draw, return_tokens, choose_noble, over)".into());
        w.one_hot(Some(phase_index(&v.phase)), PHASES);
        w.block(|| "current seat (one-hot, relative)".into());
        w.one_hot(Some(relative(v.viewer, v.current, players)), players);
        w.block(|| "turn, passes this round".into());
        w.turn(v.turn);
        w.range(0, players as u32);
        w.num(v.round_passes);
        w.block(|| "bank tokens (white, blue, green, red, black, gold)".into());
        bank(w, &v.bank.0, players);
        w.block(|| "cards left per deck (levels 1-3)".into());
        for (&n, &size) in v.decks.iter().zip(&LEVEL_SIZE) {
            w.range(0, size);
            w.num(n);
        }
        for (l, row) in v.market.iter().enumerate() {
            for (s, slot) in row.iter().enumerate() {
                w.block(|| {
                    format!(
                        "market level {} slot {s}: present, level, bonus (5), points, cost (5)",
                        l + 1
                    )
                });
                card(w, *slot);
            }
        }
        for i in 0..5 {
            w.block(|| format!("noble {i}: present, required bonuses (5)"));
            match v.nobles.get(i).and_then(|n| NOBLES.get(usize::from(n.get()))) {
                Some(n) => {
                    w.flag(true);
                    w.range(0, 4);
                    w.counts(&n.requires);
                }
                None => {
                    w.flag(false);
                    w.range(0, 4);
                    w.zeros(5);
                }
            }
        }
        for (k, seat) in seats_from(v.viewer, players).enumerate() {
            let Some(p) = v.players.get(seat) else { continue };
            w.block(|| format!("player +{k}: tokens (6), bonuses (5), points, cards bought, nobles"));
            bank(w, &p.tokens.0, players);
            // Bonuses: the cards of one colour (18 of the 90).
            w.range(0, 18);
            w.counts(&p.bonuses.0);
            w.range(0, MAX_POINTS);
            w.num(p.points);
            w.range(0, CARD_COUNT as u32);
            w.num(p.purchased.len() as u32);
            w.range(0, NOBLES_IN_PLAY);
            w.num(p.nobles.len() as u32);
            for r in 0..3 {
                w.block(|| format!("player +{k} reserve {r}: face-down and unseen, then the card (13)"));
                let res = p.reserved.get(r);
                w.flag(res.is_some_and(|r| r.card.is_none()));
                card(w, res.and_then(|r| r.card));
            }
        }
    }
}
