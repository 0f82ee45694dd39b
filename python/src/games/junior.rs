//! Catan Junior: its dense action space and observation tensor.

use crate::dense::{ints, Candidates, DenseGame};
use crate::obs::{relative, seats_from, Observe, Writer};
use catan_junior::{Board, CatanJunior, Good, Island, Phase, Side, View};
use serde::Serialize;
use serde_json::Value;

fn dom<T: Serialize>(items: impl IntoIterator<Item = T>) -> Vec<Value> {
    items.into_iter().filter_map(|t| serde_json::to_value(t).ok()).collect()
}

/// Island slots in the tensor: the land islands by letter, then the castle.
const ISLANDS: usize = 16;

impl DenseGame for CatanJunior {
    fn candidates(config: &Self::Config, players: usize, out: &mut Candidates) {
        let board = Board::get(config.edition, Side::for_players(players));
        let goods = || dom(Good::ALL);
        out.product("build_lair", &[("site", ints(1..u32::from(board.sites) + 1))]);
        out.product("build_ship", &[("route", dom(board.routes.iter().copied()))]);
        out.push("ask_coco", &[]);
        out.product("trade_ring", &[("take", goods()), ("give", goods())]);
        out.product("trade_supply", &[("give", goods()), ("take", goods())]);
        let islands = (0..board.islands.len() as u8).map(Island).chain([Island::CASTLE]);
        out.product("move_klau", &[("island", dom(islands))]);
        if config.pro {
            // Offers of any size are put together tile by tile, so the
            // dense space holds one index per partner and per good.
            out.product("open_offer", &[("to", ints(0..players as u32))]);
            out.product("offer_give", &[("good", goods())]);
            out.product("offer_get", &[("good", goods())]);
            out.push("submit_offer", &[]);
            out.push("cancel_offer", &[]);
            out.push("accept", &[]);
            out.push("decline", &[]);
        }
        out.push("end_turn", &[]);
    }
}

fn phase_index(p: &Phase) -> usize {
    match p {
        Phase::Roll => 0,
        Phase::Main => 1,
        Phase::MoveKlau => 2,
        Phase::DrawCoco => 3,
        Phase::FreeBuild => 4,
        Phase::Offer { .. } => 5,
        Phase::Over { .. } => 6,
        Phase::OfferDraft { .. } => 7,
    }
}

impl Observe for CatanJunior {
    fn encode(v: &View, players: usize, w: &mut Writer) {
        let board = Board::get(v.edition, v.side);
        let data = v.edition.data();
        let tiles = data.tiles_per_good;
        w.block(|| "phase (one-hot: roll, main, move_klau, draw_coco, free_build, offer, over, offer_draft)".into());
        w.one_hot(Some(phase_index(&v.phase)), 8);
        w.block(|| "offer being drafted or pending: to (one-hot, relative), gives (5), asks (5)".into());
        match v.phase {
            Phase::Offer { to, give, get } | Phase::OfferDraft { to, give, get } => {
                w.one_hot(Some(relative(v.viewer, to, players)), players);
                w.range(0, tiles);
                w.counts(&give.0);
                w.counts(&get.0);
            }
            _ => {
                w.one_hot(None, players);
                w.range(0, tiles);
                w.zeros(10);
            }
        }
        w.block(|| "captain (one-hot, relative), turn, die roll (one-hot 0-6), ring traded this turn".into());
        w.one_hot(Some(relative(v.viewer, v.captain, players)), players);
        w.turn(v.turn);
        w.one_hot(Some(usize::from(v.roll)), 7);
        w.flag(v.ring_traded);
        w.block(|| format!("Käpt'n Klau's island (one-hot: islands A…, castle last of {ISLANDS})"));
        w.one_hot(
            Some(if v.klau == Island::CASTLE {
                ISLANDS - 1
            } else {
                v.klau.index()
            }),
            ISLANDS,
        );
        w.block(|| "supply (wood, wool, pineapple, sabre, gold), rings (5), Coco cards in the deck".into());
        w.range(0, tiles);
        w.counts(&v.supply.0);
        w.counts(&v.rings.0);
        w.range(0, data.deck.iter().map(|&n| u32::from(n)).sum::<u32>());
        w.num(v.deck_size);
        w.block(|| "Käpt'n Klau's castle holder (one-hot, relative)".into());
        w.one_hot(v.castle.map(|s| relative(v.viewer, s, players)), players);
        let sites = usize::from(board.sites);
        let routes = board.routes.len();
        for (k, seat) in seats_from(v.viewer, players).enumerate() {
            let Some(p) = v.seats.get(seat) else { continue };
            w.block(|| format!("player +{k}: hand (5), Coco cards (move_klau, free_build, wood_pineapple, wool_sabre), lairs left, ships left"));
            w.range(0, tiles);
            w.counts(&p.hand.0);
            let cards = [
                p.cards.move_klau,
                p.cards.free_build,
                p.cards.wood_pineapple,
                p.cards.wool_sabre,
            ];
            w.counts_upto(&cards, &data.deck);
            w.range(0, data.lairs_per_colour);
            w.num(p.lairs_left);
            w.range(0, data.ships_per_colour);
            w.num(p.ships_left);
            w.block(|| {
                format!("player +{k}: lairs ({sites} sites by printed number), ships ({routes} routes in board order)")
            });
            let mut lairs = 0u128;
            for s in &p.lairs {
                lairs |= 1u128 << (s.index() & 127);
            }
            w.bits(lairs, sites);
            let mut ships = 0u128;
            for l in &p.ships {
                if let Some(r) = board.route(*l) {
                    ships |= 1u128 << (r & 127);
                }
            }
            w.bits(ships, routes);
        }
    }
}
