//! The Cities & Knights terms of the CATAN heuristic, from positions: each
//! test sets up a position of a real game (random play to the first main
//! phase of seat 0, then pieces and cards moved from the bank and the supply)
//! and asks the evaluator or a bot through its public interface.

use bots::games::catan::CatanHeuristic;
use bots::{Bot, Budget, GreedyBot, Heuristic, MctsBot, MctsConfig};
use catan::query::road_nodes;
use catan::ProgressHand;
use catan::{Action, CatanCk, Phase, Resource, Resources};
use catan::{BaseAction, BasePhase, CkAction, CkPhase};
use catan::{Commodity, ProgressCard, Track};
use catan::{NodeId, Shape};
use engine::{Game, GameRng, NoEvents, Seat, ToAct};
use rand::SeedableRng;

/// The states of this file are Cities & Knights states.
type State = catan::State<catan::CkState>;

const ME: Seat = Seat(0);

/// A game of `rules` played at random until seat 0's main phase before the
/// first barbarian attack, then emptied of cards in hand, knights and
/// progress cards (all back to the bank, supply and decks).
fn position(rules: &str, seed: u64) -> State {
    let config: catan::Config = serde_json::from_str(&format!(r#"{{"rules":"{rules}"}}"#)).unwrap_or_default();
    let mut rng = GameRng::seed_from_u64(seed);
    let Ok(mut s) = CatanCk::new_game(&config, 4, &mut rng) else {
        panic!("new game refused");
    };
    let mut legal = Vec::new();
    for _ in 0..20_000 {
        if s.phase == Phase::Base(BasePhase::Main) && s.current == ME {
            break;
        }
        match CatanCk::to_act(&s) {
            ToAct::Over => panic!("game over before a main phase"),
            ToAct::Chance => {
                let c = CatanCk::sample_chance(&s, &mut rng);
                CatanCk::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
            }
            ToAct::Seats(set) => {
                let seat = set.first().unwrap_or(ME);
                CatanCk::legal_actions(&s, seat, &mut legal);
                let i = bots::random::pick_random::<CatanCk>(&legal, true, &mut rng);
                let Some(a) = legal.get(i) else { break };
                CatanCk::apply_unchecked(&mut s, seat, a, &mut NoEvents);
            }
        }
    }
    assert_eq!(
        (s.phase, s.current),
        (Phase::Base(BasePhase::Main), ME),
        "no main phase of seat 0"
    );
    for i in 0..4 {
        let hand = s.players[i].hand;
        s.bank.add(&hand);
        s.players[i].hand = Resources::default();
        let ck = s.ck_mut().expect("a Cities & Knights state");
        let c = &mut ck.players[i];
        c.roster = Default::default();
        let commodities = c.commodities;
        c.commodities = Default::default();
        ck.bank.add(&commodities);
        for card in ProgressCard::ALL {
            while ck.players[i].progress.get(card) > 0 {
                ck.players[i].progress.remove_card(card);
                ck.decks[card.track().index()].under.add_card(card);
            }
        }
        let c = &mut ck.players[i];
        c.heroes = Default::default();
    }
    let ck = s.ck_mut().expect("a Cities & Knights state");
    ck.barbarians = 0;
    s
}

/// Moves resources from the bank to a seat's hand.
fn give(s: &mut State, seat: Seat, r: Resource, n: u8) {
    for _ in 0..n {
        assert!(s.bank.get(r) > 0, "bank out of {r:?}");
        s.bank.0[r.index()] -= 1;
        s.players[seat.index()].hand.0[r.index()] += 1;
    }
}

/// Moves commodities from the bank to a seat's hand.
fn give_commodity(s: &mut State, seat: Seat, c: Commodity, n: u8) {
    let ck = s.ck_mut().expect("ck");
    for _ in 0..n {
        ck.bank.0[c.index()] -= 1;
        ck.players[seat.index()].commodities.0[c.index()] += 1;
    }
}

/// Gives a seat a progress card from its deck.
fn give_progress(s: &mut State, seat: Seat, card: ProgressCard) {
    let ck = s.ck_mut().expect("ck");
    ck.decks[card.track().index()].take(card);
    ck.players[seat.index()].progress.add_card(card);
}

/// Puts a knight of `seat` (level 1–3, active or not) on an empty
/// intersection at its roads and returns where.
fn knight(s: &mut State, seat: Seat, level: u8, active: bool) -> NodeId {
    let free = catan::query::empty_nodes(s);
    let node = road_nodes(s.topology(), s.players[seat.index()].roads)
        .iter()
        .find(|n| free.contains(*n))
        .expect("a free intersection at the seat's roads");
    let c = &mut s.ck_mut().expect("ck").players[seat.index()];
    c.roster.insert(catan::KnightBit::Placed, node);
    match level {
        2 => c.roster.insert(catan::KnightBit::Strong, node),
        3 => c.roster.insert(catan::KnightBit::Mighty, node),
        _ => {}
    }
    if active {
        c.roster.insert(catan::KnightBit::Active, node);
    }
    node
}

fn values(s: &State) -> [f64; 4] {
    let mut v = [0.0; 4];
    CatanHeuristic::default().evaluate(s, &mut v);
    v
}

fn legal(s: &State, seat: Seat) -> Vec<Action> {
    let mut legal = Vec::new();
    CatanCk::legal_actions(s, seat, &mut legal);
    legal
}

fn greedy(s: &State, seat: Seat) -> Action {
    let legal = legal(s, seat);
    let mut rng = GameRng::seed_from_u64(5);
    let Ok(i) = GreedyBot::<CatanCk>::new().choose(s, seat, &legal, &mut rng) else {
        panic!("greedy forfeits");
    };
    legal[i]
}

#[test]
fn a_city_is_at_risk_when_the_own_defence_is_the_lowest_and_the_ship_is_near() {
    let mut s = position("cities_knights", 1);
    let node = knight(&mut s, ME, 1, false);
    let activated = |s: &State| {
        let mut t = s.clone();
        t.ck_mut().expect("ck").players[0]
            .roster
            .insert(catan::KnightBit::Active, node);
        t
    };
    // Near: one step from Catan, nobody defends, every seat holds a city.
    s.ck_mut().expect("ck").barbarians = 6;
    let near = values(&activated(&s))[0] - values(&s)[0];
    s.ck_mut().expect("ck").barbarians = 0;
    let far = values(&activated(&s))[0] - values(&s)[0];
    assert!(near > 0.9, "an active knight saves a city: {near}");
    assert!(
        far > 0.0 && far < near / 2.0,
        "the threat is urgent only when near: {far} vs {near}"
    );
}

#[test]
fn greedy_activates_a_knight_when_the_ship_is_near() {
    let mut s = position("cities_knights", 2);
    let node = knight(&mut s, ME, 1, false);
    give(&mut s, ME, Resource::Grain, 1);
    s.ck_mut().expect("ck").barbarians = 6;
    assert_eq!(greedy(&s, ME), Action::Ck(CkAction::ActivateKnight { node }));
}

#[test]
fn the_single_strongest_defender_expects_the_defender_point() {
    let mut s = position("cities_knights", 3);
    // Defence 4 against 4 cities: Catan holds and seat 0 defends most.
    knight(&mut s, ME, 2, true);
    knight(&mut s, ME, 2, true);
    s.ck_mut().expect("ck").barbarians = 6;
    let alone = values(&s)[0];
    knight(&mut s, Seat(1), 3, true);
    knight(&mut s, Seat(1), 1, true);
    let tied = values(&s)[0];
    assert!(
        alone - tied > 0.3,
        "a tie gives only a progress card: {alone} vs {tied}"
    );
}

#[test]
fn greedy_builds_the_improvement_it_can_pay() {
    let mut s = position("cities_knights", 4);
    give_commodity(&mut s, ME, Commodity::Paper, 1);
    assert_eq!(
        greedy(&s, ME),
        Action::Ck(CkAction::BuildImprovement { track: Track::Science })
    );
}

#[test]
fn greedy_takes_the_metropolis() {
    let mut s = position("cities_knights", 5);
    s.ck_mut().expect("ck").players[0].levels[Track::Trade.index()] = 3;
    give_commodity(&mut s, ME, Commodity::Cloth, 4);
    let before = values(&s)[0];
    assert_eq!(
        greedy(&s, ME),
        Action::Ck(CkAction::BuildImprovement { track: Track::Trade })
    );
    CatanCk::apply_unchecked(
        &mut s,
        ME,
        &Action::Ck(CkAction::BuildImprovement { track: Track::Trade }),
        &mut NoEvents,
    );
    assert!(
        matches!(s.phase, Phase::Ck(CkPhase::PlaceMetropolis { .. })),
        "{:?}",
        s.phase
    );
    // Its two points, less what the four cloth were already credited for
    // bringing the metropolis within reach.
    assert!(values(&s)[0] > before + 0.8, "the metropolis is worth its points");
    let a = greedy(&s, ME);
    assert!(matches!(a, Action::Ck(CkAction::PlaceMetropolis { .. })), "{a:?}");
}

#[test]
fn walls_raise_the_hand_limit() {
    let mut s = position("cities_knights", 7);
    for r in [Resource::Lumber, Resource::Wool, Resource::Grain] {
        give(&mut s, ME, r, 3);
    }
    let city = s.players[0].cities.iter().next().expect("a city from the set-up");
    let mut walled = s.clone();
    walled.ck_mut().expect("ck").players[0].walls.insert(city);
    let w = CatanHeuristic::default().ck.wall;
    // Nine cards: two over the limit without the wall, none with it.
    assert!(values(&walled)[0] - values(&s)[0] > w + 0.1);
}

/// A hero is made with a commodity the player has no better use for, not
/// with one that completes an improvement.
#[test]
fn greedy_makes_a_hero_with_a_spare_commodity() {
    let mut s = position("cities_knights_heroes", 8);
    let node = knight(&mut s, ME, 1, true);
    let upgrade = Action::Ck(CkAction::UpgradeHero {
        node,
        commodity: Commodity::Coin,
    });
    // Politics at level 3 with the four coins of level 4 (and the metropolis):
    // the coin is worth more than the hero.
    let mut needed = s.clone();
    needed.ck_mut().expect("ck").players[0].levels[Track::Politics.index()] = 3;
    give_commodity(&mut needed, ME, Commodity::Coin, 4);
    assert!(legal(&needed, ME).contains(&upgrade));
    assert_ne!(greedy(&needed, ME), upgrade);
    // Politics at level 5: a coin buys nothing but the hero.
    s.ck_mut().expect("ck").players[0].levels[Track::Politics.index()] = 5;
    give_commodity(&mut s, ME, Commodity::Coin, 1);
    assert!(legal(&s, ME).contains(&upgrade));
    assert_eq!(greedy(&s, ME), upgrade);
}

/// A squire is recruited while the barbarians are far, not when the hero's
/// defence is needed against a ship about to land.
#[test]
fn greedy_recruits_a_squire_while_the_barbarians_are_far() {
    let mut s = position("cities_knights_heroes", 8);
    let node = knight(&mut s, ME, 1, true);
    give_commodity(&mut s, ME, Commodity::Coin, 1);
    s.ck_mut().expect("ck").players[0].levels[Track::Politics.index()] = 5;
    CatanCk::apply_unchecked(
        &mut s,
        ME,
        &Action::Ck(CkAction::UpgradeHero {
            node,
            commodity: Commodity::Coin,
        }),
        &mut NoEvents,
    );
    assert!(legal(&s, ME)
        .iter()
        .any(|a| matches!(a, Action::Ck(CkAction::RecruitSquire { .. }))));
    let a = greedy(&s, ME);
    assert!(
        matches!(a, Action::Ck(CkAction::RecruitSquire { .. })),
        "ship far: {a:?}"
    );
    // The ship one step from Catan, the hero the only active knight.
    s.ck_mut().expect("ck").barbarians = 6;
    let a = greedy(&s, ME);
    assert!(
        !matches!(a, Action::Ck(CkAction::RecruitSquire { .. })),
        "ship near: {a:?}"
    );
}

#[test]
fn alchemist_sets_a_sum_the_player_produces_on() {
    let mut s = position("cities_knights", 9);
    // Seat 0's set-up buildings produce on some numbers; the Alchemist must
    // pick one of those, never the 7.
    let t = Shape::Base.topology();
    let mut best = 0u32;
    for number in (2..=12u8).filter(|&n| n != 7) {
        let mut cards = 0;
        for (h, tile) in s.board.tiles.iter().enumerate() {
            if tile.number == Some(number) && h != s.robber.index() {
                let p = &s.players[0];
                cards += p
                    .settlements
                    .iter()
                    .filter(|n| t.node_hexes[n.index()] & (1 << h) != 0)
                    .count() as u32;
                cards += 2 * p
                    .cities
                    .iter()
                    .filter(|n| t.node_hexes[n.index()] & (1 << h) != 0)
                    .count() as u32;
            }
        }
        best = best.max(cards);
    }
    assert!(best >= 2, "the set-up city produces");
    give_progress(&mut s, ME, ProgressCard::Alchemist);
    s.phase = Phase::Base(BasePhase::Roll);
    let a = greedy(&s, ME);
    match a {
        Action::Ck(CkAction::PlayAlchemist { red, yellow }) => {
            assert_ne!(red + yellow, 7);
            let before = catan::query::card_count(&s, ME);
            CatanCk::apply_unchecked(&mut s, ME, &a, &mut NoEvents);
            let mut rng = GameRng::seed_from_u64(1);
            while CatanCk::to_act(&s) == ToAct::Chance {
                let c = CatanCk::sample_chance(&s, &mut rng);
                CatanCk::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
            }
            assert!(catan::query::card_count(&s, ME) >= before + 2, "the sum produced");
        }
        // Kept for a better roll only when no sum gives three cards.
        Action::Base(BaseAction::Roll) => assert!(best < 3, "best sum gives {best} cards"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn progress_cards_with_a_visible_gain_are_played() {
    let mut s = position("cities_knights", 10);
    // Medicine: a city for two ore and a grain.
    give_progress(&mut s, ME, ProgressCard::Medicine);
    give(&mut s, ME, Resource::Ore, 2);
    give(&mut s, ME, Resource::Grain, 1);
    let a = greedy(&s, ME);
    assert!(matches!(a, Action::Ck(CkAction::PlayMedicine { .. })), "{a:?}");
}

/// The search leaves out squire steps that send no opponent's squire home
/// (free over own roads, they could go on for ever), and yields to the
/// greedy choice when a turn drags on: a turn of MCTS moves ends.
#[test]
fn mcts_ends_its_turn_with_squires_on_the_board() {
    let mut s = position("cities_knights_heroes", 11);
    let node = knight(&mut s, ME, 1, true);
    give_commodity(&mut s, ME, Commodity::Coin, 1);
    CatanCk::apply_unchecked(
        &mut s,
        ME,
        &Action::Ck(CkAction::UpgradeHero {
            node,
            commodity: Commodity::Coin,
        }),
        &mut NoEvents,
    );
    let recruit = legal(&s, ME)
        .into_iter()
        .find(|a| matches!(a, Action::Ck(CkAction::RecruitSquire { .. })))
        .expect("a squire can be recruited");
    CatanCk::apply_unchecked(&mut s, ME, &recruit, &mut NoEvents);
    let mut bot = MctsBot::<CatanCk>::new(MctsConfig {
        budget: Budget::Playouts(48),
        threads: 1,
        ..MctsConfig::default()
    });
    let mut rng = GameRng::seed_from_u64(2);
    let turn = CatanCk::turn(&s);
    let mut legal_now = Vec::new();
    for _ in 0..300 {
        if CatanCk::turn(&s) != turn || CatanCk::result(&s).is_some() {
            return;
        }
        match CatanCk::to_act(&s) {
            ToAct::Chance => {
                let c = CatanCk::sample_chance(&s, &mut rng);
                CatanCk::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
            }
            ToAct::Seats(set) => {
                let seat = set.first().unwrap_or(ME);
                CatanCk::legal_actions(&s, seat, &mut legal_now);
                let Ok(i) = bot.choose(&s, seat, &legal_now, &mut rng) else {
                    panic!("mcts forfeits");
                };
                assert!(
                    !matches!(legal_now[i], Action::Ck(CkAction::MoveSquire { .. })),
                    "the search stepped a squire"
                );
                CatanCk::apply_unchecked(&mut s, seat, &legal_now[i], &mut NoEvents);
            }
            ToAct::Over => return,
        }
    }
    panic!("the turn did not end");
}

/// In whole games of `cities_knights_heroes` between greedy bots, played
/// through the engine's public interface, the bots make heroes, recruit
/// squires and send opponents' squires home, and every game ends.
#[test]
fn greedy_bots_make_heroes_and_recruit_squires_in_whole_games() {
    let config: catan::Config = serde_json::from_str(r#"{"rules":"cities_knights_heroes"}"#).unwrap_or_default();
    let (mut heroes, mut recruits, mut steps) = (0u32, 0u32, 0u32);
    let mut legal_now = Vec::new();
    for game in 0..4u64 {
        let mut rng = GameRng::seed_from_u64(100 + game);
        let Ok(mut s) = CatanCk::new_game(&config, 4, &mut rng) else {
            panic!("new game refused");
        };
        let mut bots: Vec<GreedyBot<CatanCk>> = (0..4).map(|_| GreedyBot::new()).collect();
        let mut decisions = 0;
        loop {
            match CatanCk::to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = CatanCk::sample_chance(&s, &mut rng);
                    CatanCk::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
                }
                ToAct::Seats(set) => {
                    let seat = set.first().unwrap_or(ME);
                    CatanCk::legal_actions(&s, seat, &mut legal_now);
                    let Ok(i) = bots[seat.index()].choose(&s, seat, &legal_now, &mut rng) else {
                        panic!("greedy forfeits");
                    };
                    match legal_now[i] {
                        Action::Ck(CkAction::UpgradeHero { .. }) => heroes += 1,
                        Action::Ck(CkAction::RecruitSquire { .. }) => recruits += 1,
                        Action::Ck(CkAction::MoveSquire { .. }) => steps += 1,
                        _ => {}
                    }
                    CatanCk::apply_unchecked(&mut s, seat, &legal_now[i], &mut NoEvents);
                    decisions += 1;
                    assert!(decisions < 5_000, "game {game} does not end");
                }
            }
        }
    }
    eprintln!("4 games: {heroes} heroes, {recruits} squires recruited, {steps} squire steps");
    assert!(heroes >= 4, "heroes made: {heroes}");
    assert!(recruits >= 4, "squires recruited: {recruits}");
}
