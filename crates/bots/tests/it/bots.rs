//! Bots against each other, the answer parser of external programs, and the
//! determinism of the search.

use bots::external::parse_answer;
use bots::mcts::Budget;
use bots::tournament::{run, summarize, TournamentOptions};
use bots::{Bot, BotGame, BotSpec, MctsBot, MctsConfig};
use engine::{Game, GameRng, NoEvents, Seat, ToAct};
use rand::SeedableRng;
use std::time::Duration;

fn wins<G: BotGame>(config: &G::Config, bots: &[&str], games: u64) -> Vec<f64> {
    let specs: Vec<BotSpec> = bots.iter().filter_map(|b| b.parse().ok()).collect();
    let names: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    let options = TournamentOptions {
        games,
        seed: 42,
        threads: 2,
        max_turns: 1_000,
        timeout: Duration::from_secs(5),
        players: None,
    };
    let Ok((lines, seconds)) = run::<G>(config, &specs, &options, &|_| {}) else {
        panic!("tournament refused");
    };
    let s = summarize(G::ID, &names, &lines, &options, seconds);
    s.entries.iter().map(|e| e.wins).collect()
}

#[test]
fn greedy_beats_random_in_every_game() {
    let w = wins::<splendor::Splendor>(&Default::default(), &["greedy", "random"], 40);
    assert!(w[0] >= 38.0, "splendor {w:?}");
    let two: catan::Config = serde_json::from_str(r#"{"two_players":true}"#).unwrap_or_default();
    assert!(two.two_players);
    let w = wins::<catan::Catan>(&two, &["greedy", "random"], 40);
    assert!(w[0] >= 38.0, "catan {w:?}");
    let w = wins::<catan_junior::CatanJunior>(&Default::default(), &["greedy", "random"], 40);
    assert!(w[0] >= 38.0, "junior {w:?}");
}

/// Plays random non-offer moves until `ready` holds for the state.
fn walk_until<G: Game>(config: &G::Config, players: usize, ready: impl Fn(&G::State) -> bool) -> G::State {
    let mut rng = GameRng::seed_from_u64(21);
    let Ok(mut s) = G::new_game(config, players, &mut rng) else {
        panic!("new game refused");
    };
    let mut legal = Vec::new();
    for _ in 0..20_000 {
        if ready(&s) {
            return s;
        }
        match G::to_act(&s) {
            ToAct::Over => break,
            ToAct::Chance => {
                let c = G::sample_chance(&s, &mut rng);
                G::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
            }
            ToAct::Seats(set) => {
                let seat = set.first().unwrap_or(Seat(0));
                G::legal_actions(&s, seat, &mut legal);
                let i = bots::random::pick_random::<G>(&legal, true, &mut rng);
                let Some(a) = legal.get(i) else { break };
                G::apply_unchecked(&mut s, seat, a, &mut NoEvents);
            }
        }
    }
    panic!("no position found");
}

/// Every seat asked to reply gets an answer from greedy and from MCTS.
fn replies<G: BotGame>(s: &G::State, reply: impl Fn(&G::Action) -> bool) -> usize {
    let ToAct::Seats(seats) = G::to_act(s) else {
        panic!("no seat to act");
    };
    let mut answered = 0;
    for seat in seats.iter() {
        let mut legal = Vec::new();
        G::legal_actions(s, seat, &mut legal);
        assert!(legal.iter().all(&reply), "{legal:?}");
        let mut rng = GameRng::seed_from_u64(1);
        let mut greedy = bots::GreedyBot::<G>::new();
        let mut mcts = MctsBot::<G>::new(MctsConfig {
            budget: Budget::Playouts(30),
            threads: 1,
            ..MctsConfig::default()
        });
        for bot in [&mut greedy as &mut dyn Bot<G>, &mut mcts] {
            assert!(matches!(bot.choose(s, seat, &legal, &mut rng), Ok(i) if i < legal.len()));
            answered += 1;
        }
    }
    answered
}

/// Offers have no size limit: the bots answer one that gives the whole hand
/// (4 cards or more) for 1 card.
#[test]
fn bots_answer_domestic_offers() {
    use catan::{Action, BaseAction, BasePhase, Catan, Phase};
    let mut s = walk_until::<Catan>(&Default::default(), 4, |s| {
        s.phase == Phase::Base(BasePhase::Main) && s.players[s.current.index()].hand.total() >= 4
    });
    let me = s.current;
    let hand = s.players[me.index()].hand.total();
    let mut legal = Vec::new();
    Catan::apply_unchecked(&mut s, me, &Action::Base(BaseAction::OpenTrade), &mut NoEvents);
    // Give every card in hand, then ask for one card.
    for _ in 0..hand {
        Catan::legal_actions(&s, me, &mut legal);
        let Some(a) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Base(BaseAction::OfferGive { .. })))
        else {
            panic!("cannot give: {legal:?}")
        };
        Catan::apply_unchecked(&mut s, me, &a, &mut NoEvents);
    }
    Catan::legal_actions(&s, me, &mut legal);
    let Some(a) = legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Base(BaseAction::OfferGet { .. })))
    else {
        panic!("cannot ask: {legal:?}")
    };
    Catan::apply_unchecked(&mut s, me, &a, &mut NoEvents);
    let catan::Phase::Base(BasePhase::TradeDraft { offer }) = s.phase else {
        panic!("no draft")
    };
    assert_eq!(offer.give.total(), hand);
    Catan::apply_unchecked(&mut s, me, &Action::Base(BaseAction::SubmitOffer), &mut NoEvents);
    let n = replies::<Catan>(&s, |a| {
        matches!(
            a,
            Action::Base(BaseAction::AcceptOffer)
                | Action::Base(BaseAction::DeclineOffer)
                | Action::Base(BaseAction::CounterOffer)
        )
    });
    assert_eq!(n, 6, "three seats reply, each asked of two bots");
}

/// An offer of the pro variant, tile by tile: every tile the captain holds
/// (of goods the partner lacks) for one tile.
#[test]
fn bots_answer_offers_in_the_pro_variant() {
    use catan_junior::{Action, CatanJunior, Phase};
    let pro: catan_junior::Config = serde_json::from_str(r#"{"pro":true}"#).unwrap_or_default();
    assert!(pro.pro);
    let mut s = walk_until::<CatanJunior>(&pro, 3, |s| {
        let mut legal = Vec::new();
        s.phase == Phase::Main && s.hands[s.captain as usize].total() >= 3 && {
            CatanJunior::legal_actions(s, Seat(s.captain), &mut legal);
            legal.iter().any(|a| matches!(a, Action::OpenOffer { .. }))
        }
    });
    let captain = Seat(s.captain);
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&s, captain, &mut legal);
    let Some(open) = legal.iter().copied().find(|a| matches!(a, Action::OpenOffer { .. })) else {
        panic!("no offer");
    };
    CatanJunior::apply_unchecked(&mut s, captain, &open, &mut NoEvents);
    // Ask for one tile first, then give every tile of the other goods.
    CatanJunior::legal_actions(&s, captain, &mut legal);
    let Some(get) = legal.iter().copied().find(|a| matches!(a, Action::OfferGet { .. })) else {
        panic!("cannot ask: {legal:?}");
    };
    CatanJunior::apply_unchecked(&mut s, captain, &get, &mut NoEvents);
    loop {
        CatanJunior::legal_actions(&s, captain, &mut legal);
        let Some(a) = legal.iter().copied().find(|a| matches!(a, Action::OfferGive { .. })) else {
            break;
        };
        CatanJunior::apply_unchecked(&mut s, captain, &a, &mut NoEvents);
    }
    CatanJunior::apply_unchecked(&mut s, captain, &Action::SubmitOffer, &mut NoEvents);
    assert!(matches!(s.phase, Phase::Offer { .. }), "{:?}", s.phase);
    let n = replies::<CatanJunior>(&s, |a| matches!(a, Action::Accept | Action::Decline));
    assert_eq!(n, 2);
}

/// The first position of a Splendor game where the seat to act has a choice.
pub(crate) fn splendor_position() -> (splendor::State, Seat, Vec<splendor::Action>) {
    use splendor::Splendor as G;
    let mut rng = GameRng::seed_from_u64(5);
    let Ok(mut s) = G::new_game(&Default::default(), 2, &mut rng) else {
        panic!("new game refused");
    };
    let mut legal = Vec::new();
    loop {
        match G::to_act(&s) {
            ToAct::Chance => {
                let c = G::sample_chance(&s, &mut rng);
                G::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
            }
            ToAct::Seats(set) => {
                let seat = set.first().unwrap_or(Seat(0));
                G::legal_actions(&s, seat, &mut legal);
                return (s, seat, legal);
            }
            ToAct::Over => panic!("game over before the first turn"),
        }
    }
}

#[test]
fn answers_of_external_programs_are_read_and_checked() {
    use splendor::Splendor as G;
    let (s, seat, legal) = splendor_position();
    let action = serde_json::to_string(&legal[3]).unwrap_or_default();
    assert_eq!(
        parse_answer::<G>(&format!("{{\"action\":{action}}}"), &s, seat, &legal),
        Ok(3)
    );
    assert_eq!(parse_answer::<G>("{\"index\": 1}\n", &s, seat, &legal), Ok(1));
    let rule = |line: &str| parse_answer::<G>(line, &s, seat, &legal).map_err(|f| f.rule);
    assert_eq!(rule("{\"index\": 999}"), Err("engine.malformed".to_string()));
    assert_eq!(rule("{\"index\": -1}"), Err("engine.malformed".to_string()));
    assert_eq!(rule("nonsense"), Err("engine.malformed".to_string()));
    assert_eq!(rule("{}"), Err("engine.malformed".to_string()));
    assert_eq!(
        rule("{\"action\":{\"type\":\"fly\"}}"),
        Err("engine.malformed".to_string())
    );
    assert_eq!(
        rule("{\"action\":{\"type\":\"pass\"}}"),
        Err("splendor.turn.pass_only_when_blocked".to_string())
    );
}

#[test]
fn search_is_deterministic_for_a_seed_and_thread_count() {
    use splendor::Splendor as G;
    let (s, seat, legal) = splendor_position();
    for threads in [1, 2] {
        let config = MctsConfig {
            budget: Budget::Playouts(200),
            threads,
            ..MctsConfig::default()
        };
        let mut a = MctsBot::<G>::new(config);
        let mut b = MctsBot::<G>::new(config);
        let va = a.visits(&s, seat, &legal, &mut GameRng::seed_from_u64(9));
        let vb = b.visits(&s, seat, &legal, &mut GameRng::seed_from_u64(9));
        assert_eq!(va, vb);
        assert_eq!(va.iter().sum::<u64>(), 200, "every playout adds one root visit");
        assert_eq!(a.stats().playouts, 200);
        let i = a.choose(&s, seat, &legal, &mut GameRng::seed_from_u64(9));
        assert!(matches!(i, Ok(i) if i < legal.len()));
    }
}

/// A player who cannot stop the next player from winning still ends the
/// turn: opening and withdrawing a domestic offer changes nothing, and a
/// greedy player that scored it above a loss stalled forever (found in a
/// Cities & Knights game where a Defender card had brought the next seat to
/// its goal outside its own turn).
#[test]
fn greedy_ends_its_turn_even_when_the_next_player_then_wins() {
    greedy_ends_its_turn::<catan::NoPart>(r#"{}"#);
    // Cities & Knights is its own state type (`CatanCk`).
    greedy_ends_its_turn::<catan::CkState>(r#"{"rules":"cities_knights"}"#);
    greedy_ends_its_turn::<catan::CkState>(r#"{"rules":"cities_knights_heroes"}"#);
}

fn greedy_ends_its_turn<P: catan::Part>(rules: &str) {
    use catan::{Action, BaseAction, BasePhase, CkAction, Phase};
    type G<P> = catan::CatanGame<P>;
    // With heroes, a position where the player could also step a squire
    // (free over its own roads, any number of times).
    let squire_may_move = |s: &catan::State<P>| {
        let mut legal = Vec::new();
        G::<P>::legal_actions(s, s.current, &mut legal);
        legal
            .iter()
            .any(|a| matches!(a, Action::Ck(CkAction::MoveSquire { .. })))
    };
    {
        let config: catan::Config = serde_json::from_str(rules).unwrap_or_default();
        let heroes = rules.contains("heroes");
        let mut s = walk_until::<G<P>>(&config, 3, |s| {
            let next = Seat(((s.current.index() + 1) % 3) as u8);
            s.phase == Phase::Base(BasePhase::Main)
                && s.points(next) > s.points(s.current)
                && (!heroes || squire_may_move(s))
        });
        let me = s.current;
        let next = Seat(((me.index() + 1) % 3) as u8);
        // The next seat's points reach the goal: it wins as its turn begins.
        s.victory_points = s.points(next);
        let mut legal = Vec::new();
        G::<P>::legal_actions(&s, me, &mut legal);
        assert!(
            legal.contains(&Action::Base(BaseAction::OpenTrade)) && legal.contains(&Action::Base(BaseAction::EndTurn)),
            "{legal:?}"
        );
        let mut greedy = bots::GreedyBot::<G<P>>::new();
        let mut rng = GameRng::seed_from_u64(3);
        for _ in 0..200 {
            if s.current != me || G::<P>::result(&s).is_some() {
                break;
            }
            let ToAct::Seats(set) = G::<P>::to_act(&s) else {
                let c = G::<P>::sample_chance(&s, &mut rng);
                G::<P>::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
                continue;
            };
            let seat = set.first().unwrap_or(me);
            G::<P>::legal_actions(&s, seat, &mut legal);
            let Ok(i) = greedy.choose(&s, seat, &legal, &mut rng) else {
                panic!("greedy forfeits");
            };
            assert_ne!(
                legal[i],
                Action::Base(BaseAction::OpenTrade),
                "{rules}: greedy opens an offer it will withdraw"
            );
            G::<P>::apply_unchecked(&mut s, seat, &legal[i], &mut NoEvents);
        }
        assert_eq!(
            G::<P>::result(&s).map(|r| r.winners),
            Some(vec![next]),
            "{rules}: the turn ended"
        );
    }
}
