//! One scenario per rule id of the 5–6 player extension (`rules/catan-5-6.md`,
//! `catan56.*`), each named after it and built from a position. Refusals go
//! through `testkit::scenario::assert_refused`, which checks them on the
//! game's functions and through `DynMatch` as a client sends them.

use catan::query::deck_56;
use catan::FIVE_SIX_RULE_IDS;
use catan::{
    Action, BoardChoice, Catan, Chance, Config, DevCard, Dice, EdgeId, Event, Harbor, HexId, Layout, NodeId, Phase,
    Resource, Resources, Rules, Shape, State, Terrain, TurnRule,
};
use catan::{BaseAction, BaseChance, BaseEvent, BasePhase};
use engine::rand::SeedableRng;
use engine::{ChanceMode, Game, GameRng, Match, NoEvents, Seat};
use testkit::scenario::{assert_accepted, assert_refused};

/// Corner `k` (clockwise from the top) of hex `hex` of the 5–6 board.
fn corner(hex: usize, k: usize) -> NodeId {
    Shape::FiveSix.topology().hex_nodes[hex][k]
}

/// The edge between two nodes of the 5–6 board.
fn edge(a: NodeId, b: NodeId) -> EdgeId {
    Shape::FiveSix
        .topology()
        .edge_between(a, b)
        .expect("neighbouring nodes")
}

/// Hexes far apart, one per seat: (0,0), (0,2), (3,0), (3,5), (6,0), (6,2).
const HOMES: [usize; 6] = [0, 2, 12, 17, 27, 29];

/// A 5–6 player game in the main phase of turn 10, seat 0 to act, each seat
/// with a settlement and a road at its home hex.
fn position(players: usize, turn: TurnRule) -> State {
    let mut rng = GameRng::seed_from_u64(0);
    let mut s = Catan::new_game(&Config::five_six(turn), players, &mut rng).expect("config");
    s.phase = Phase::Base(BasePhase::Main);
    s.turn = 10;
    s.current = Seat(0);
    s.start_player = Seat(0);
    for (i, &h) in HOMES.iter().enumerate().take(players) {
        s.players[i].settlements.insert(corner(h, 0));
        s.players[i].roads.insert(edge(corner(h, 0), corner(h, 1)));
    }
    done(s)
}

fn done(mut s: State) -> State {
    s.recompute_road_lengths();
    if let Err(p) = Catan::validate(&s) {
        panic!("test position is inconsistent: {p:?}");
    }
    s
}

fn give(s: &mut State, seat: usize, cards: &[(Resource, u8)]) {
    for &(r, n) in cards {
        s.bank.0[r.index()] -= n;
        s.players[seat].hand.0[r.index()] += n;
    }
}

fn dev(s: &mut State, seat: usize, card: DevCard) {
    s.deck.0[card.index()] -= 1;
    s.players[seat].dev_cards.0[card.index()] += 1;
}

fn end_turn(s: &mut State) -> Vec<Event> {
    let seat = s.current;
    assert_accepted::<Catan>(s, seat, &Action::Base(BaseAction::EndTurn))
}

fn refusal(config: &Config, players: usize) -> engine::ConfigError {
    match Match::<Catan>::new(config.clone(), players, 1, ChanceMode::Seeded) {
        Ok(_) => panic!("{players} players with {config:?} were accepted"),
        Err(e) => e,
    }
}

/// A refusal names its rule and says what is wrong in two languages.
fn assert_config_refused(e: &engine::ConfigError, rule: &str) {
    assert_eq!(e.rule, rule, "{e}");
    assert!(!e.message.de.is_empty() && !e.message.en.is_empty() && e.message.de != e.message.en);
}

/// The 4 spiral paths of `catan56.board.spiral` as (row, column).
fn spirals() -> Vec<Vec<(u8, u8)>> {
    const ROWS: [u8; 7] = [3, 4, 5, 6, 5, 4, 3];
    let path: [(u8, u8); 30] = [
        (3, 0),
        (2, 0),
        (1, 0),
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 3),
        (2, 4),
        (3, 5),
        (4, 4),
        (5, 3),
        (6, 2),
        (6, 1),
        (6, 0),
        (5, 0),
        (4, 0),
        (3, 1),
        (2, 1),
        (1, 1),
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 3),
        (5, 2),
        (5, 1),
        (4, 1),
        (3, 2),
        (2, 2),
        (3, 3),
        (4, 2),
    ];
    let mirror = |(r, c): (u8, u8)| (6 - r, c);
    let turn = |(r, c): (u8, u8)| (6 - r, ROWS[r as usize] - 1 - c);
    vec![
        path.to_vec(),
        path.iter().map(|&p| mirror(p)).collect(),
        path.iter().map(|&p| turn(p)).collect(),
        path.iter().map(|&p| turn(mirror(p))).collect(),
    ]
}

fn hex_of(row: u8, col: u8) -> usize {
    [0usize, 3, 7, 12, 18, 23, 27][row as usize] + col as usize
}

fn random_state(players: usize, seed: u64) -> State {
    Catan::new_game(
        &Config::five_six(TurnRule::SpecialBuilding),
        players,
        &mut GameRng::seed_from_u64(seed),
    )
    .expect("config")
}

// ---- material and board ------------------------------------------------------

#[test]
fn catan56_material_totals() {
    let s = random_state(5, 1);
    assert_eq!(s.bank, Resources::new([24; 5]));
    assert_eq!(s.deck, deck_56());
    assert_eq!(s.deck.total(), 34);
    assert_eq!(s.deck.get(DevCard::Knight), 20);
    assert_eq!(s.deck.get(DevCard::VictoryPoint), 5);
    let mut tokens: Vec<u8> = s.board.tiles.iter().filter_map(|t| t.number).collect();
    tokens.sort_unstable();
    let mut want = vec![2, 2, 12, 12];
    for k in [3, 4, 5, 6, 8, 9, 10, 11] {
        want.extend([k; 3]);
    }
    want.sort_unstable();
    assert_eq!(tokens, want);
    let mut kinds: Vec<Harbor> = s.board.harbors.iter().map(|h| h.kind).collect();
    kinds.sort_by_key(|h| *h as u8);
    assert_eq!(kinds.iter().filter(|&&h| h == Harbor::Generic).count(), 5);
    assert_eq!(kinds.iter().filter(|&&h| h == Harbor::Wool).count(), 2);
    // A stated layout with a base-game harbor set is refused.
    let mut layout = Layout::from(*s.board);
    layout.harbors.truncate(9);
    let config = Config {
        board: BoardChoice::Layout { board: layout },
        ..Config::five_six(TurnRule::SpecialBuilding)
    };
    assert_config_refused(&refusal_new(&config, 5), "catan56.material.totals");
}

fn refusal_new(config: &Config, players: usize) -> engine::ConfigError {
    match Catan::new_game(config, players, &mut GameRng::seed_from_u64(3)) {
        Ok(_) => panic!("{config:?} was accepted"),
        Err(e) => e,
    }
}

#[test]
fn catan56_board_shape() {
    let t = Shape::FiveSix.topology();
    assert_eq!(
        (t.hex_count(), t.node_count(), t.edge_count(), t.coast.len()),
        (30, 80, 109, 38)
    );
    // Rows of 3, 4, 5, 6, 5, 4, 3.
    let mut rows = std::collections::BTreeMap::new();
    for &(_, r) in t.hex_coords.iter() {
        *rows.entry(r).or_insert(0) += 1;
    }
    assert_eq!(rows.values().copied().collect::<Vec<_>>(), vec![3, 4, 5, 6, 5, 4, 3]);
    // A base-game layout (19 hexes) is the wrong size for the 5–6 board.
    let config = Config {
        board: BoardChoice::Layout {
            board: Layout::from(catan::Board::beginner()),
        },
        ..Config::five_six(TurnRule::SpecialBuilding)
    };
    assert_config_refused(&refusal_new(&config, 6), "catan56.board.shape");
}

#[test]
fn catan56_board_harbor_sites() {
    let t = Shape::FiveSix.topology();
    // (0,0) NW: hex 0, corners 5 and 0; (3,0) W: hex 12, corners 4 and 5.
    assert_eq!(t.harbor_edges[0], edge(corner(0, 5), corner(0, 0)));
    assert_eq!(t.harbor_edges[9], edge(corner(12, 4), corner(12, 5)));
    let s = random_state(6, 4);
    let edges: Vec<EdgeId> = s.board.harbors.iter().map(|h| h.edge).collect();
    assert_eq!(edges, t.harbor_edges.to_vec());
}

#[test]
fn catan56_board_harbor_types() {
    let kinds = |seed| -> Vec<Harbor> { random_state(5, seed).board.harbors.iter().map(|h| h.kind).collect() };
    let first = kinds(1);
    assert!(
        (2..40).any(|seed| kinds(seed) != first),
        "the seed shuffles the harbor kinds"
    );
}

#[test]
fn catan56_board_terrain() {
    let terrains = |seed| -> Vec<Terrain> { random_state(5, seed).board.tiles.iter().map(|t| t.terrain).collect() };
    let first = terrains(1);
    for (t, n) in [
        (Terrain::Forest, 6),
        (Terrain::Pasture, 6),
        (Terrain::Fields, 6),
        (Terrain::Hills, 5),
        (Terrain::Mountains, 5),
        (Terrain::Desert, 2),
    ] {
        assert_eq!(first.iter().filter(|&&x| x == t).count(), n, "{t:?}");
    }
    assert!((2..10).any(|seed| terrains(seed) != first));
}

#[test]
fn catan56_board_tokens() {
    for seed in 0..30 {
        let s = random_state(6, seed);
        for t in s.board.tiles.iter() {
            assert_eq!(t.terrain == Terrain::Desert, t.number.is_none(), "deserts get no token");
        }
        assert!(s.board.red_numbers_apart(), "catan.board.red_numbers_apart");
    }
}

#[test]
fn catan56_board_spiral() {
    let letters: [u8; 28] = [
        2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
    ];
    let mut used = [false; 4];
    for seed in 0..60 {
        let s = random_state(5, seed);
        let found = spirals().iter().position(|path| {
            let read: Vec<u8> = path
                .iter()
                .filter_map(|&(r, c)| s.board.tiles[hex_of(r, c)].number)
                .collect();
            read == letters
        });
        let Some(i) = found else {
            panic!("seed {seed}: the tokens follow none of the four spirals")
        };
        used[i] = true;
    }
    assert_eq!(used, [true; 4], "the seed picks each of the four paths");
}

#[test]
fn catan56_board_robber_start() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = random_state(5, seed);
        assert_eq!(s.board.tiles[s.robber.index()].terrain, Terrain::Desert);
        let first_desert = s.board.deserts().next().expect("a desert");
        seen.insert(s.robber == first_desert);
    }
    assert_eq!(seen.len(), 2, "the seed picks either desert");
}

#[test]
fn catan56_board_no_fixed_layout() {
    let config = Config {
        board: BoardChoice::Beginner,
        ..Config::five_six(TurnRule::SpecialBuilding)
    };
    assert_config_refused(&refusal_new(&config, 5), "catan56.board.no_fixed_layout");
}

// ---- setup -------------------------------------------------------------------

#[test]
fn catan56_setup_players() {
    // 5 players on the base board, 7 at a table, 4 with the extension.
    assert_config_refused(&refusal(&Config::default(), 5), "catan56.setup.players");
    assert_config_refused(&refusal(&Config::default(), 7), "catan56.setup.players");
    assert_config_refused(
        &refusal(&Config::five_six(TurnRule::SpecialBuilding), 7),
        "catan56.setup.players",
    );
    assert_config_refused(
        &refusal(&Config::five_six(TurnRule::Paired), 4),
        "catan56.setup.players",
    );
    // With the extension, 5 and 6 players place in the order 1…n, n…1.
    for n in [5, 6] {
        let s = random_state(n, 2);
        let order: Vec<usize> = (0..2 * n as u8).map(|k| s.setup_seat(k).index()).collect();
        let start = s.start_player.index();
        let want: Vec<usize> = (0..n).chain((0..n).rev()).map(|k| (start + k) % n).collect();
        assert_eq!(order, want);
    }
}

#[test]
fn catan56_setup_base_rules() {
    let config = Config {
        rules: Rules::CitiesKnights,
        victory_points: 13,
        ..Config::five_six(TurnRule::SpecialBuilding)
    };
    assert_config_refused(&refusal_new(&config, 5), "catan56.setup.base_rules");
}

// ---- Special Building Phase --------------------------------------------------

#[test]
fn catan56_sbp_when() {
    let mut s = position(5, TurnRule::SpecialBuilding);
    let events = end_turn(&mut s);
    assert_eq!(
        (s.phase, s.current, s.turn_of),
        (Phase::Base(BasePhase::Main), Seat(1), Some(Seat(0)))
    );
    assert!(events.contains(&Event::Base(BaseEvent::SpecialBuilding {
        seat: Seat(1),
        after: Seat(0)
    })));
    assert_eq!(s.turn, 10, "the next turn has not begun");
}

#[test]
fn catan56_sbp_order() {
    for n in [5usize, 6] {
        let mut s = position(n, TurnRule::SpecialBuilding);
        s.current = Seat(2);
        end_turn(&mut s);
        let mut builders = vec![s.current.index()];
        while s.turn_of.is_some() {
            end_turn(&mut s);
            if s.turn_of.is_some() {
                builders.push(s.current.index());
            }
        }
        let want: Vec<usize> = (1..n).map(|k| (2 + k) % n).collect();
        assert_eq!(builders, want, "every other player once, from the left neighbour");
        assert_eq!(
            (s.phase, s.current, s.turn),
            (Phase::Base(BasePhase::Roll), Seat(3), 11)
        );
    }
}

#[test]
fn catan56_sbp_allowed() {
    let mut s = position(5, TurnRule::SpecialBuilding);
    end_turn(&mut s);
    give(&mut s, 1, &[(Resource::Brick, 1), (Resource::Lumber, 1)]);
    give(
        &mut s,
        1,
        &[(Resource::Ore, 1), (Resource::Wool, 1), (Resource::Grain, 1)],
    );
    let h = HOMES[1];
    assert_accepted::<Catan>(
        &mut s,
        Seat(1),
        &Action::Base(BaseAction::BuildRoad {
            edge: edge(corner(h, 1), corner(h, 2)),
        }),
    );
    assert_accepted::<Catan>(&mut s, Seat(1), &Action::Base(BaseAction::BuyDevelopmentCard));
    Catan::apply_chance(
        &mut s,
        &Chance::Base(BaseChance::Draw { card: DevCard::Knight }),
        &mut NoEvents,
    )
    .expect("draw");
    assert_eq!(
        (s.phase, s.current, s.turn_of),
        (Phase::Base(BasePhase::Main), Seat(1), Some(Seat(0)))
    );
    assert_eq!(s.players[1].new_dev_cards.get(DevCard::Knight), 1);
}

#[test]
fn catan56_sbp_no_trade() {
    let mut s = position(5, TurnRule::SpecialBuilding);
    end_turn(&mut s);
    give(&mut s, 1, &[(Resource::Brick, 4)]);
    let s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(1),
        &Action::Base(BaseAction::MaritimeTrade {
            give: Resource::Brick,
            get: Resource::Ore,
            rate: None,
        }),
        "catan56.sbp.no_trade",
    );
    assert_refused::<Catan>(
        &s,
        Seat(1),
        &Action::Base(BaseAction::OpenTrade),
        "catan56.sbp.no_trade",
    );
}

#[test]
fn catan56_sbp_no_dev_play() {
    let mut s = position(5, TurnRule::SpecialBuilding);
    dev(&mut s, 1, DevCard::Knight);
    dev(&mut s, 1, DevCard::Monopoly);
    end_turn(&mut s);
    let s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(1),
        &Action::Base(BaseAction::PlayKnight),
        "catan56.sbp.no_dev_play",
    );
    assert_refused::<Catan>(
        &s,
        Seat(1),
        &Action::Base(BaseAction::PlayMonopoly {
            resource: Resource::Ore,
        }),
        "catan56.sbp.no_dev_play",
    );
}

#[test]
fn catan56_sbp_no_win() {
    let mut s = position(5, TurnRule::SpecialBuilding);
    // Seat 2 holds 9 points: a settlement and four victory point cards… and
    // builds a city in the Special Building Phase after seat 0's turn.
    for _ in 0..5 {
        dev(&mut s, 2, DevCard::VictoryPoint);
    }
    s.players[2].settlements.insert(corner(HOMES[2], 3));
    s.players[2]
        .roads
        .insert(edge(corner(HOMES[2], 1), corner(HOMES[2], 2)));
    s.players[2]
        .roads
        .insert(edge(corner(HOMES[2], 2), corner(HOMES[2], 3)));
    give(&mut s, 2, &[(Resource::Grain, 2), (Resource::Ore, 3)]);
    let mut s = done(s);
    assert_eq!(s.points(Seat(2)), 7);
    s.victory_points = 8;
    end_turn(&mut s); // seat 1 builds
    end_turn(&mut s); // seat 2 builds
    assert_eq!(s.current, Seat(2));
    assert_accepted::<Catan>(
        &mut s,
        Seat(2),
        &Action::Base(BaseAction::BuildCity {
            node: corner(HOMES[2], 0),
        }),
    );
    assert_eq!(s.points(Seat(2)), 8);
    assert_eq!(
        s.phase,
        Phase::Base(BasePhase::Main),
        "no win in the Special Building Phase"
    );
    // Seats 3 and 4 pass; seat 1's turn begins, then its phase, then seat 2's turn: the win.
    end_turn(&mut s);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!((s.current, s.phase), (Seat(1), Phase::Base(BasePhase::Roll)));
    s.phase = Phase::Base(BasePhase::Main);
    end_turn(&mut s);
    while s.turn_of.is_some() {
        end_turn(&mut s);
    }
    assert_eq!(
        s.phase,
        Phase::Base(BasePhase::Over { winner: Seat(2) }),
        "wins at the start of the own turn"
    );
}

#[test]
fn catan56_sbp_card_next_turn() {
    let mut s = position(5, TurnRule::SpecialBuilding);
    end_turn(&mut s);
    give(
        &mut s,
        1,
        &[(Resource::Ore, 1), (Resource::Wool, 1), (Resource::Grain, 1)],
    );
    assert_accepted::<Catan>(&mut s, Seat(1), &Action::Base(BaseAction::BuyDevelopmentCard));
    Catan::apply_chance(
        &mut s,
        &Chance::Base(BaseChance::Draw { card: DevCard::Knight }),
        &mut NoEvents,
    )
    .expect("draw");
    while s.turn_of.is_some() {
        end_turn(&mut s);
    }
    // Seat 1's own turn follows at once: the knight is playable before the roll.
    assert_eq!((s.current, s.phase), (Seat(1), Phase::Base(BasePhase::Roll)));
    assert_eq!(s.players[1].dev_cards.get(DevCard::Knight), 1);
    assert_accepted::<Catan>(&mut s, Seat(1), &Action::Base(BaseAction::PlayKnight));
}

// ---- paired players ----------------------------------------------------------

#[test]
fn catan56_pair_roles() {
    for (n, p2) in [(5usize, 3u8), (6, 3)] {
        let mut s = position(n, TurnRule::Paired);
        let events = end_turn(&mut s);
        assert_eq!((s.current, s.turn_of), (Seat(p2), Some(Seat(0))));
        assert!(events.contains(&Event::Base(BaseEvent::PlayerTwo {
            seat: Seat(p2),
            after: Seat(0)
        })));
    }
    // From seat 3 of 5 players, player 2 is seat 1 (two seats to the right).
    let mut s = position(5, TurnRule::Paired);
    s.current = Seat(3);
    end_turn(&mut s);
    assert_eq!(s.current, Seat(1));
}

#[test]
fn catan56_pair_player1() {
    let mut s = position(6, TurnRule::Paired);
    give(&mut s, 0, &[(Resource::Brick, 1)]);
    give(&mut s, 3, &[(Resource::Ore, 1)]);
    // Player 1 offers a trade that player 2 (seat 3) may accept.
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::OpenTrade));
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::OfferGive {
            resource: Resource::Brick,
        }),
    );
    assert_accepted::<Catan>(
        &mut s,
        Seat(0),
        &Action::Base(BaseAction::OfferGet {
            resource: Resource::Ore,
        }),
    );
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::SubmitOffer));
    assert_accepted::<Catan>(&mut s, Seat(3), &Action::Base(BaseAction::AcceptOffer));
}

#[test]
fn catan56_pair_player2() {
    let mut s = position(5, TurnRule::Paired);
    dev(&mut s, 3, DevCard::Knight);
    give(&mut s, 3, &[(Resource::Brick, 4)]);
    end_turn(&mut s);
    assert_eq!(
        (s.phase, s.current),
        (Phase::Base(BasePhase::Main), Seat(3)),
        "no roll for player 2"
    );
    let mut legal = Vec::new();
    Catan::legal_actions(&s, Seat(3), &mut legal);
    assert!(!legal.contains(&Action::Base(BaseAction::Roll)));
    assert_accepted::<Catan>(
        &mut s,
        Seat(3),
        &Action::Base(BaseAction::MaritimeTrade {
            give: Resource::Brick,
            get: Resource::Lumber,
            rate: None,
        }),
    );
    assert_accepted::<Catan>(&mut s, Seat(3), &Action::Base(BaseAction::PlayKnight));
    assert!(matches!(s.phase, Phase::Base(BasePhase::MoveRobber { .. })));
    let to = HexId(if s.robber == HexId(5) { 6 } else { 5 });
    assert_accepted::<Catan>(
        &mut s,
        Seat(3),
        &Action::Base(BaseAction::MoveRobber { hex: to, victim: None }),
    );
    assert_eq!((s.phase, s.current), (Phase::Base(BasePhase::Main), Seat(3)));
}

#[test]
fn catan56_pair_no_domestic_trade() {
    let mut s = position(5, TurnRule::Paired);
    give(&mut s, 3, &[(Resource::Brick, 1)]);
    end_turn(&mut s);
    let s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(3),
        &Action::Base(BaseAction::OpenTrade),
        "catan56.pair.no_domestic_trade",
    );
}

#[test]
fn catan56_pair_card_timing() {
    let mut s = position(5, TurnRule::Paired);
    dev(&mut s, 3, DevCard::Knight);
    s.phase = Phase::Base(BasePhase::Roll);
    let s = done(s);
    assert_refused::<Catan>(
        &s,
        Seat(3),
        &Action::Base(BaseAction::PlayKnight),
        "catan56.pair.card_timing",
    );
}

#[test]
fn catan56_pair_cards() {
    let mut s = position(5, TurnRule::Paired);
    end_turn(&mut s);
    give(
        &mut s,
        3,
        &[(Resource::Ore, 1), (Resource::Wool, 1), (Resource::Grain, 1)],
    );
    assert_accepted::<Catan>(&mut s, Seat(3), &Action::Base(BaseAction::BuyDevelopmentCard));
    Catan::apply_chance(
        &mut s,
        &Chance::Base(BaseChance::Draw { card: DevCard::Knight }),
        &mut NoEvents,
    )
    .expect("draw");
    let s2 = done(s.clone());
    assert_refused::<Catan>(
        &s2,
        Seat(3),
        &Action::Base(BaseAction::PlayKnight),
        "catan.dev.not_this_turn",
    );
    // One card per part: after the part the card is ready, and its next part is
    // as player 1, three turns on.
    end_turn(&mut s);
    assert_eq!(s.players[3].dev_cards.get(DevCard::Knight), 1);
    assert_eq!(s.players[3].new_dev_cards.get(DevCard::Knight), 0);
}

#[test]
fn catan56_pair_pass() {
    let mut s = position(6, TurnRule::Paired);
    end_turn(&mut s);
    end_turn(&mut s);
    assert_eq!(
        (s.current, s.phase, s.turn, s.turn_of),
        (Seat(1), Phase::Base(BasePhase::Roll), 11, None)
    );
    let mut events = Vec::new();
    Catan::apply(&mut s, Seat(1), &Action::Base(BaseAction::Roll), &mut events).expect("roll");
    Catan::apply_chance(
        &mut s,
        &Chance::Base(BaseChance::Dice(Dice { red: 1, yellow: 2 })),
        &mut NoEvents,
    )
    .expect("dice");
    end_turn(&mut s);
    assert_eq!(s.current, Seat(4), "player 2 moved one seat left too");
}

#[test]
fn catan56_pair_win() {
    // Player 2 reaching the goal in their phase wins at once.
    let mut s = position(5, TurnRule::Paired);
    dev(&mut s, 3, DevCard::VictoryPoint);
    give(&mut s, 3, &[(Resource::Grain, 2), (Resource::Ore, 3)]);
    let mut s = done(s);
    s.victory_points = 3;
    end_turn(&mut s);
    assert_eq!(s.phase, Phase::Base(BasePhase::Main));
    assert_accepted::<Catan>(
        &mut s,
        Seat(3),
        &Action::Base(BaseAction::BuildCity {
            node: corner(HOMES[3], 0),
        }),
    );
    assert_eq!(s.phase, Phase::Base(BasePhase::Over { winner: Seat(3) }));
    // Both role holders at the goal: player 1 wins.
    let mut s = position(5, TurnRule::Paired);
    for seat in [0, 3] {
        dev(&mut s, seat, DevCard::VictoryPoint);
        dev(&mut s, seat, DevCard::VictoryPoint);
    }
    let mut s = done(s);
    s.victory_points = 3;
    s.phase = Phase::Base(BasePhase::Roll);
    assert_accepted::<Catan>(&mut s, Seat(0), &Action::Base(BaseAction::Roll));
    assert_eq!(s.phase, Phase::Base(BasePhase::Over { winner: Seat(0) }));
}

#[test]
fn every_five_six_rule_id_is_named_by_a_test() {
    let src = include_str!("five_six.rs");
    for id in FIVE_SIX_RULE_IDS {
        let name = format!("fn {}()", id.replace('.', "_"));
        assert!(src.contains(&name), "no test named after {id}");
    }
}
