//! CATAN (base, Cities & Knights, heroes): its dense action space and
//! observation tensor.
//!
//! Where this depends on action shapes: [`DenseGame::candidates`] lists each
//! action kind by its JSON `type` and field domains. Domestic offers are
//! built card by card (`offer_give`/`offer_get`, one index per resource), so a
//! change to "offers of any size" that keeps those micro-actions needs nothing
//! here; a maritime trade that gains a `rate` field needs `("rate", ints(2..5))`
//! added to its line. The test of the mask against the legal list names any
//! action that lost its index.

use crate::dense::{ints, Candidates, DenseGame};
use crate::obs::{relative, seats_from, tag_index, Observe, Writer};
use catan::{Action, Card, CatanGame, Commodity, Part, ProgressCard, Resource, Track, View};
use serde::Serialize;
use serde_json::Value;

fn dom<T: Serialize>(items: &[T]) -> Vec<Value> {
    items.iter().filter_map(|t| serde_json::to_value(t).ok()).collect()
}

impl<P: Part> DenseGame for CatanGame<P> {
    fn candidates(config: &Self::Config, players: usize, out: &mut Candidates) {
        // The ids of the board the config chooses.
        let t = config.shape().topology();
        let node = || ints(0..t.node_count() as u32);
        let edge = || ints(0..t.edge_count() as u32);
        let hex = || ints(0..t.hex_count() as u32);
        let seat = || ints(0..players as u32);
        let res = || dom(&Resource::ALL);
        let mut victim = vec![Value::Null];
        victim.extend(seat());
        out.product("build_settlement", &[("node", node())]);
        out.product("build_road", &[("edge", edge())]);
        out.product("build_city", &[("node", node())]);
        out.push("roll", &[]);
        out.product("discard", &[("resource", res())]);
        out.product("move_robber", &[("hex", hex()), ("victim", victim)]);
        out.push("buy_development_card", &[]);
        out.push("play_knight", &[]);
        out.push("play_road_building", &[]);
        out.product("play_year_of_plenty", &[("first", res()), ("second", res())]);
        out.product("play_monopoly", &[("resource", res())]);
        out.product("maritime_trade", &[("give", res()), ("get", res())]);
        out.push("open_trade", &[]);
        out.product("offer_give", &[("resource", res())]);
        out.product("offer_get", &[("resource", res())]);
        out.push("submit_offer", &[]);
        out.push("accept_offer", &[]);
        out.push("decline_offer", &[]);
        out.product("confirm_trade", &[("with", seat())]);
        out.push("cancel_trade", &[]);
        out.push("end_turn", &[]);
        // The negotiation's actions of issue 43 come last, after every rule
        // set's own, so the indices of a space published before stay put.
        let negotiation = |out: &mut Candidates| {
            out.push("counter_offer", &[]);
            out.product("accept_counter", &[("from", seat())]);
            out.push("revise_offer", &[]);
        };
        if !config.rules.is_cities_knights() {
            negotiation(out);
            return;
        }
        let com = || dom(&Commodity::ALL);
        let card = || dom(&Card::ALL);
        let track = || dom(&Track::ALL);
        let progress = || dom(&ProgressCard::ALL);
        out.product("offer_give_commodity", &[("commodity", com())]);
        out.product("offer_get_commodity", &[("commodity", com())]);
        out.product("discard_card", &[("card", card())]);
        out.product("bank_trade", &[("give", card()), ("get", card())]);
        for kind in ["build_wall", "build_knight", "promote_knight", "activate_knight"] {
            out.product(kind, &[("node", node())]);
        }
        out.product("move_knight", &[("from", node()), ("to", node())]);
        out.product("displace_knight", &[("from", node()), ("to", node())]);
        out.product("chase_robber", &[("knight", node())]);
        out.product("relocate_knight", &[("node", node())]);
        if config.rules.has_heroes() {
            out.product("upgrade_hero", &[("node", node()), ("commodity", com())]);
            out.product("recruit_squire", &[("hex", hex())]);
            out.product("move_squire", &[("from", hex()), ("to", hex())]);
        }
        out.product("lose_city", &[("node", node())]);
        out.product("choose_deck", &[("track", track())]);
        out.product("discard_progress", &[("card", progress())]);
        out.product("build_improvement", &[("track", track())]);
        out.product("place_metropolis", &[("node", node())]);
        out.product("aqueduct_take", &[("resource", res())]);
        out.product("play_progress", &[("card", progress())]);
        out.product("play_alchemist", &[("red", ints(1..7)), ("yellow", ints(1..7))]);
        out.product("crane_improvement", &[("track", track())]);
        out.product("play_engineer", &[("node", node())]);
        out.product("play_inventor", &[("a", hex()), ("b", hex())]);
        out.product("play_medicine", &[("node", node())]);
        out.product("play_bishop", &[("hex", hex())]);
        out.product("play_deserter", &[("victim", seat())]);
        out.product("play_diplomat", &[("edge", edge())]);
        out.product("play_intrigue", &[("node", node())]);
        out.product("play_spy", &[("victim", seat())]);
        out.product("play_master_merchant", &[("victim", seat())]);
        out.product("play_merchant", &[("hex", hex())]);
        out.product("play_merchant_fleet", &[("card", card())]);
        out.product("play_resource_monopoly", &[("resource", res())]);
        out.product("play_trade_monopoly", &[("commodity", com())]);
        out.push("end_card", &[]);
        out.product("remove_knight", &[("node", node())]);
        out.product("give_card", &[("card", card())]);
        out.product("take_card", &[("card", card())]);
        out.product("take_progress", &[("card", progress())]);
        out.product("harbor_offer", &[("to", seat()), ("resource", res())]);
        negotiation(out);
    }

    /// The variant's place in this list and its fields packed into slots
    /// sized to their domains (8 for enums, seats and dice, 32 for hexes, 64
    /// for nodes), `None` for a field too large for its slot (no such action
    /// is in the space; the hash map says so): injective, as
    /// [`DenseGame::dense_key`] requires, and the tables small enough to stay
    /// in the cache. A variant added to `Action` goes through the hash map
    /// until it is listed here.
    #[inline(always)] // once per legal action of every mask
    fn dense_key(a: &Action) -> Option<(usize, usize)> {
        use catan::{BaseAction as B, CkAction as C};
        let seat = |s: engine::Seat| usize::from(s.0);
        // `x` in slots of `m` codes of `y`, if `y` fits.
        let pair = |x: usize, y: usize, m: usize| (y < m).then_some(x * m + y);
        Some(match *a {
            Action::Base(b) => match b {
                B::BuildSettlement { node } => (0, node.index()),
                B::BuildRoad { edge } => (1, edge.index()),
                B::BuildCity { node } => (2, node.index()),
                B::Roll => (3, 0),
                B::Discard { resource } => (4, resource as usize),
                B::MoveRobber { hex, victim } => (5, pair(hex.index(), victim.map_or(0, |v| seat(v) + 1), 8)?),
                B::BuyDevelopmentCard => (6, 0),
                B::PlayKnight => (7, 0),
                B::PlayRoadBuilding => (8, 0),
                B::PlayYearOfPlenty { first, second } => (9, pair(first as usize, second as usize, 8)?),
                B::PlayMonopoly { resource } => (10, resource as usize),
                B::MaritimeTrade { give, get, .. } => (11, pair(give as usize, get as usize, 8)?),
                B::OpenTrade => (12, 0),
                B::OfferGive { resource } => (13, resource as usize),
                B::OfferGet { resource } => (14, resource as usize),
                B::SubmitOffer => (17, 0),
                B::AcceptOffer => (18, 0),
                B::DeclineOffer => (19, 0),
                B::ConfirmTrade { with } => (20, seat(with)),
                B::CancelTrade => (21, 0),
                B::EndTurn => (22, 0),
                B::CounterOffer => (64, 0),
                B::AcceptCounter { from } => (65, seat(from)),
                B::ReviseOffer => (66, 0),
            },
            Action::Ck(c) => match c {
                C::OfferGiveCommodity { commodity } => (15, commodity as usize),
                C::OfferGetCommodity { commodity } => (16, commodity as usize),
                C::DiscardCard { card } => (23, card as usize),
                C::BankTrade { give, get, .. } => (24, pair(give as usize, get as usize, 8)?),
                C::BuildWall { node } => (25, node.index()),
                C::BuildKnight { node } => (26, node.index()),
                C::PromoteKnight { node } => (27, node.index()),
                C::ActivateKnight { node } => (28, node.index()),
                C::MoveKnight { from, to } => (29, pair(from.index(), to.index(), 64)?),
                C::DisplaceKnight { from, to } => (30, pair(from.index(), to.index(), 64)?),
                C::ChaseRobber { knight } => (31, knight.index()),
                C::RelocateKnight { node } => (32, node.index()),
                C::UpgradeHero { node, commodity } => (33, pair(node.index(), commodity as usize, 8)?),
                C::RecruitSquire { hex } => (34, hex.index()),
                C::MoveSquire { from, to } => (35, pair(from.index(), to.index(), 32)?),
                C::LoseCity { node } => (36, node.index()),
                C::ChooseDeck { track } => (37, track as usize),
                C::DiscardProgress { card } => (38, card as usize),
                C::BuildImprovement { track } => (39, track as usize),
                C::PlaceMetropolis { node } => (40, node.index()),
                C::AqueductTake { resource } => (41, resource as usize),
                C::PlayProgress { card } => (42, card as usize),
                C::PlayAlchemist { red, yellow } => (43, pair(usize::from(red), usize::from(yellow), 8)?),
                C::CraneImprovement { track } => (44, track as usize),
                C::PlayEngineer { node } => (45, node.index()),
                C::PlayInventor { a, b } => (46, pair(a.index(), b.index(), 32)?),
                C::PlayMedicine { node } => (47, node.index()),
                C::PlayBishop { hex } => (48, hex.index()),
                C::PlayDeserter { victim } => (49, seat(victim)),
                C::PlayDiplomat { edge } => (50, edge.index()),
                C::PlayIntrigue { node } => (51, node.index()),
                C::PlaySpy { victim } => (52, seat(victim)),
                C::PlayMasterMerchant { victim } => (53, seat(victim)),
                C::PlayMerchant { hex } => (54, hex.index()),
                C::PlayMerchantFleet { card } => (55, card as usize),
                C::PlayResourceMonopoly { resource } => (56, resource as usize),
                C::PlayTradeMonopoly { commodity } => (57, commodity as usize),
                C::EndCard => (58, 0),
                C::RemoveKnight { node } => (59, node.index()),
                C::GiveCard { card } => (60, card as usize),
                C::TakeCard { card } => (61, card as usize),
                C::TakeProgress { card } => (62, card as usize),
                C::HarborOffer { to, resource } => (63, pair(seat(to), resource as usize, 8)?),
                #[allow(unreachable_patterns)] // new variants: the hash map, until listed above
                _ => return None,
            },
        })
    }
}

/// The phases by their JSON tag (the CATAN crate's one list, from which its
/// description names them); any other tag is the last slot.
const PHASES: &[&str] = catan::describe::PHASE_TAGS;

/// Words of a board key (`Observe for Catan`): the largest board has 30 hexes
/// and 11 harbours.
const BOARD_KEY: usize = 40;

/// Words per set in a cache key: the wider of CATAN's node and edge sets.
const SET_WORDS: usize = if catan::NODE_WORDS > catan::EDGE_WORDS {
    catan::NODE_WORDS
} else {
    catan::EDGE_WORDS
};

/// Bit sets (as their words) as the words of a cache key, `SET_WORDS` per set.
fn words<const N: usize>(sets: &[&[u64]]) -> [u64; N] {
    let mut out = [0; N];
    for (i, s) in sets.iter().enumerate() {
        for (j, w) in s.iter().take(SET_WORDS).enumerate() {
            if let Some(o) = out.get_mut(i * SET_WORDS + j) {
                *o = *w;
            }
        }
    }
    out
}

/// Commodity cards of each kind (`CARDS_PER_COMMODITY` of the C&K rules).
const COMMODITIES: u8 = 12;
/// Steps of the barbarian ship's track (`BARBARIAN_STEPS`).
const BARBARIAN_STEPS: u8 = 7;
/// Defender of Catan cards (`DEFENDER_CARDS`).
const DEFENDERS: u8 = 6;
/// The highest improvement level (`MAX_LEVEL`).
const MAX_LEVEL: u8 = 5;

/// The largest progress deck (cards of one track).
fn progress_deck() -> u32 {
    catan::Track::ALL
        .iter()
        .map(|&t| {
            ProgressCard::ALL
                .iter()
                .filter(|c| c.track() == t)
                .map(|c| u32::from(c.copies()))
                .sum::<u32>()
        })
        .max()
        .unwrap_or(0)
}

/// Copies of each progress card in the game, in `ProgressCard::ALL` order.
const PROGRESS_COPIES: [u8; ProgressCard::ALL.len()] = {
    let mut out = [0; ProgressCard::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = ProgressCard::ALL[i].copies();
        i += 1;
    }
    out
};

/// The rules' maxima a CATAN tensor's numbers are bounded by (the bounds of
/// `Game.observation_bounds`), from the view's rule set and board.
struct Ranges {
    /// Resource cards of each kind (the bank when full).
    bank: u8,
    /// Development cards of each kind (knight, victory point, road building,
    /// year of plenty, monopoly); none in Cities & Knights.
    deck: [u8; 5],
    /// Cards in one hand: every resource card (and commodity card) at once.
    hand: u32,
    /// Points one player can hold: every building, special card and
    /// victory point card of the rule set (or the goal, if higher).
    points: u8,
    /// Defender of Catan cards one player can hold: the rules award one per
    /// won barbarian attack even when the 6 cards are gone
    /// (`ck.barbarian.defender`), and a player at the goal wins on their
    /// turn, so below the goal plus one attack per seat's roll.
    defenders: u8,
}

impl Ranges {
    fn of(v: &View, players: usize) -> Ranges {
        let five_six = v.board.shape() == catan::Shape::FiveSix;
        let bank = if five_six { 24 } else { catan::CARDS_PER_RESOURCE };
        let ck = v.cities_knights.is_some();
        let deck = match (ck, five_six) {
            (true, _) => [0; 5],
            (false, false) => [14, 5, 2, 2, 2],
            (false, true) => [20, 5, 3, 3, 3],
        };
        let hand = 5 * u32::from(bank) + if ck { 3 * u32::from(COMMODITIES) } else { 0 };
        // Base: 5 settlements + 4 cities (13), Longest Road and Largest Army
        // (4), 5 victory point cards. C&K: 13, 3 metropolises (6), Longest
        // Road (2), the merchant (1), 6 defenders, Printer and Constitution.
        let phys = if ck { 13 + 6 + 2 + 1 + DEFENDERS + 2 } else { 13 + 4 + 5 };
        Ranges {
            bank,
            deck,
            hand,
            // Points past the goal: up to one defender per other seat's roll
            // before the own turn, and one action's gain in it.
            points: phys.max(v.victory_points.saturating_add(players as u8 + 2)),
            defenders: v.victory_points.saturating_add(players as u8),
        }
    }

    /// Development cards by kind, each bounded by its copies.
    #[inline]
    fn dev(&self, w: &mut Writer, counts: &[u8]) {
        w.counts_upto(counts, &self.deck);
    }
}

fn seat_hot(w: &mut Writer, v: &View, seat: Option<engine::Seat>, players: usize) {
    w.one_hot(seat.map(|s| relative(v.viewer, s, players)), players);
}

impl<P: Part> Observe for CatanGame<P> {
    fn encode(v: &View, players: usize, w: &mut Writer) {
        let t = v.board.topology();
        let (nodes, edges, hexes) = (t.node_count(), t.edge_count(), t.hex_count());
        let r = Ranges::of(v, players);
        w.block(|| format!("phase (one-hot by JSON tag: {}, other)", PHASES.join(", ")));
        w.one_hot(Some(tag_index(v.phase.name(), PHASES)), PHASES.len() + 1);
        w.block(|| "current seat, start player (one-hot each, relative)".into());
        seat_hot(w, v, Some(v.current), players);
        seat_hot(w, v, Some(v.start_player), players);
        w.block(|| "turn, points to win, development cards in the deck, development card played this turn".into());
        w.turn(v.turn);
        w.range(0, v.victory_points);
        w.num(v.victory_points);
        w.range(0, r.deck.iter().sum::<u8>());
        w.num(v.deck_size);
        w.flag(v.dev_played);
        w.block(|| "bank (brick, lumber, wool, grain, ore)".into());
        w.range(0, r.bank);
        w.counts(&v.bank.0);
        w.block(|| "last roll: red die, yellow die (0 = none)".into());
        w.range(0, 6);
        w.num(v.last_roll.map_or(0, |d| d.red));
        w.num(v.last_roll.map_or(0, |d| d.yellow));
        w.block(|| "longest road, largest army holder (one-hot each, relative)".into());
        seat_hot(w, v, v.longest_road, players);
        seat_hot(w, v, v.largest_army, players);
        // Terrain, numbers, harbours and the robber: 396 of a base game's 1,287
        // values, and they change only when the robber moves (or C&K's
        // Inventor swaps two numbers): written only then (see `Writer::cached`).
        let (tiles, harbors): (&[_], &[_]) = (&v.board.tiles, &v.board.harbors);
        let mut key = [0u64; BOARD_KEY];
        let board_key = (tiles.len() + harbors.len().div_ceil(8) < BOARD_KEY).then(|| {
            // One word per tile (terrain, number + 1 or 0), harbours eight to a
            // word, the robber's hex last.
            for (k, t) in key.iter_mut().zip(tiles) {
                *k = t.terrain as u64 | t.number.map_or(0, |n| u64::from(n) + 1) << 8;
            }
            for (k, eight) in key[tiles.len()..].iter_mut().zip(harbors.chunks(8)) {
                *k = eight.iter().rev().fold(0, |w, h| w << 8 | (h.kind as u64 & 0xFF));
            }
            let n = tiles.len() + harbors.len().div_ceil(8);
            key[n] = v.robber.index() as u64;
            &key[..=n]
        });
        let board = |w: &mut Writer| {
            for (h, tile) in tiles.iter().enumerate() {
                w.block(|| format!("hex {h}: terrain (hills, forest, pasture, fields, mountains, desert), number 2-12 (one-hot), robber"));
                w.one_hot(Some(tile.terrain as usize), 6);
                w.one_hot(tile.number.map(|n| usize::from(n).saturating_sub(2)), 11);
                w.flag(v.robber.index() == h);
            }
            for (i, harbor) in harbors.iter().enumerate() {
                w.block(|| format!("harbor {i} (generic, brick, lumber, wool, grain, ore)"));
                w.one_hot(Some(harbor.kind as usize), 6); // its path: `Game::topology`
            }
        };
        match board_key {
            Some(key) => w.cached(key, tiles.len() * 18 + harbors.len() * 6, board),
            None => board(w),
        }
        for (k, seat) in seats_from(v.viewer, players).enumerate() {
            let Some(p) = v.players.get(seat) else { continue };
            let (settlements, cities, roads) = (p.settlements.0, p.cities.0, p.roads.0);
            let key: [u64; 3 * SET_WORDS] = words(&[&settlements.0, &cities.0, &roads.0]);
            w.cached(&key, 2 * nodes + edges, |w| {
                w.block(|| format!("player +{k}: settlements ({nodes}), cities ({nodes}), roads ({edges})"));
                w.words(&settlements.0, nodes);
                w.words(&cities.0, nodes);
                w.words(&roads.0, edges);
            });
            w.block(|| format!("player +{k}: road length, cards in hand, development cards (unplayed, bought this turn), public points, played development cards (5)"));
            w.range(0, catan::ROAD_LIMIT);
            w.num(p.road_length);
            w.range(0, r.hand);
            w.num(p.resource_count);
            w.range(0, r.deck.iter().sum::<u8>());
            w.num(p.dev_card_count);
            w.num(p.new_dev_card_count);
            w.range(0, r.points);
            w.num(p.public_points);
            r.dev(w, &p.played.0);
            w.block(|| format!("player +{k}: hand known, hand (5), development cards (5), bought this turn (5), victory point cards, points (0 unless known)"));
            w.flag(p.hand.is_some());
            w.range(0, r.bank);
            w.counts(&p.hand.map_or([0; 5], |h| h.0));
            r.dev(w, &p.dev_cards.map_or([0; 5], |d| d.0));
            r.dev(w, &p.new_dev_cards.map_or([0; 5], |d| d.0));
            w.range(0, r.deck[1]);
            w.num(p.victory_point_cards.unwrap_or(0));
            w.range(0, r.points);
            w.num(p.points.unwrap_or(0));
        }
        let Some(ck) = &v.cities_knights else { return };
        w.block(|| {
            "C&K: commodities in the bank (paper, cloth, coin), barbarians, robber awake, defenders left".into()
        });
        w.range(0, COMMODITIES);
        w.counts(&ck.bank.0);
        w.range(0, BARBARIAN_STEPS);
        w.num(ck.barbarians);
        w.flag(ck.robber_awake);
        w.range(0, DEFENDERS);
        w.num(ck.defenders_left);
        for t in 0..3 {
            w.block(|| format!("C&K: metropolis of track {t}: holder (one-hot, relative), city (node, -1 = none)"));
            let m = ck.metropolises.get(t).copied().flatten();
            seat_hot(w, v, m.map(|m| m.seat), players);
            w.range(-1, nodes.saturating_sub(1) as u32);
            w.num(m.map_or(-1.0, |m| m.node.index() as f64));
        }
        w.block(|| "C&K: merchant holder (one-hot, relative), merchant hex (-1 = none)".into());
        seat_hot(w, v, ck.merchant.map(|m| m.seat), players);
        w.range(-1, hexes.saturating_sub(1) as u32);
        w.num(ck.merchant.map_or(-1.0, |m| m.hex.index() as f64));
        w.block(|| {
            "C&K: progress cards on top of / under each deck (3 + 3), last event die (ship, trade, politics, science)"
                .into()
        });
        w.range(0, progress_deck());
        w.values(ck.deck_top.iter().chain(&ck.deck_under).map(|&n| n as f32));
        w.one_hot(
            ck.last_event
                .and_then(|e| catan::EventFace::FACES.iter().position(|(f, _)| *f == e)),
            4,
        );
        let kinds = ProgressCard::ALL.len();
        for (k, seat) in seats_from(v.viewer, players).enumerate() {
            let Some(p) = ck.players.get(seat) else { continue };
            w.block(|| format!("C&K player +{k}: commodities known, commodities (3)"));
            w.flag(p.commodities.is_some());
            w.range(0, COMMODITIES);
            w.counts(&p.commodities.map_or([0; 3], |c| c.0));
            let sets = [
                p.knights,
                p.strong,
                p.mighty,
                p.active,
                p.acted,
                p.fresh,
                p.promoted,
                p.walls,
                p.flat,
                p.heroes.hero,
            ];
            let squires = u128::from(p.heroes.squires.0);
            let bits = sets.map(|s| s.0);
            let squire_words = [squires as u64];
            let mut keyed: [&[u64]; 11] = [&squire_words; 11];
            for (k, b) in keyed.iter_mut().zip(&bits) {
                *k = &b.0;
            }
            let key: [u64; 11 * SET_WORDS] = words(&keyed);
            w.cached(&key, sets.len() * nodes + hexes, |w| {
                w.block(|| format!("C&K player +{k}: knights, strong, mighty, active, acted, activated, promoted, walls, lying cities, hero ({nodes} each)"));
                for set in sets {
                    let b = set.0;
                    w.words(&b.0, nodes);
                }
                w.block(|| format!("C&K player +{k}: squires ({hexes} hexes)"));
                w.bits(squires, hexes);
            });
            w.block(|| format!("C&K player +{k}: improvement levels (3), progress cards per deck (3), defenders"));
            w.range(0, MAX_LEVEL);
            w.counts(&p.levels);
            w.range(0, catan::PROGRESS_HAND_LIMIT + 1);
            w.values(p.progress_count.iter().map(|&n| n as f32));
            w.range(0, r.defenders);
            w.num(p.defenders);
            w.block(|| format!("C&K player +{k}: progress cards known, progress cards ({kinds}), revealed victory point cards ({kinds})"));
            w.flag(p.progress.is_some());
            match &p.progress {
                Some(c) => w.counts_upto(&c.0, &PROGRESS_COPIES),
                None => w.counts_upto(&[0; ProgressCard::ALL.len()], &PROGRESS_COPIES),
            }
            w.counts_upto(&p.vp_cards.0, &PROGRESS_COPIES);
        }
    }
}
