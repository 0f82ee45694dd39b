//! Splendor: its dense action space and observation tensor.

use crate::dense::{ints, names, Candidates, DenseGame};
use crate::obs::{relative, seats_from, Observe, Writer};
use serde_json::{json, Value};
use splendor::data::{CARDS, CARD_COUNT, NOBLES, NOBLE_COUNT};
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
    match card.and_then(|c| CARDS.get(usize::from(c.get()))) {
        Some(d) => {
            w.num(d.level);
            w.one_hot(Some(d.bonus.index()), 5);
            w.num(d.points);
            w.counts(&d.cost);
        }
        None => w.zeros(12),
    }
}

const PHASES: usize = 7;

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

impl Observe for Splendor {
    fn encode(v: &View, players: usize, w: &mut Writer) {
        w.block(|| "phase (one-hot: setup, action, refill, deck_draw, return_tokens, choose_noble, over)".into());
        w.one_hot(Some(phase_index(&v.phase)), PHASES);
        w.block(|| "current seat (one-hot, relative)".into());
        w.one_hot(Some(relative(v.viewer, v.current, players)), players);
        w.block(|| "turn, passes this round".into());
        w.num(v.turn);
        w.num(v.round_passes);
        w.block(|| "bank tokens (white, blue, green, red, black, gold)".into());
        w.counts(&v.bank.0);
        w.block(|| "cards left per deck (levels 1-3)".into());
        w.counts(&v.decks);
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
                    w.counts(&n.requires);
                }
                None => w.zeros(6),
            }
        }
        for (k, seat) in seats_from(v.viewer, players).enumerate() {
            let Some(p) = v.players.get(seat) else { continue };
            w.block(|| format!("player +{k}: tokens (6), bonuses (5), points, cards bought, nobles"));
            w.counts(&p.tokens.0);
            w.counts(&p.bonuses.0);
            w.num(p.points);
            w.num(p.purchased.len() as u32);
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
