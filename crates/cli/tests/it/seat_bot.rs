//! The bot specs of the CLI and the server (`seat_bot`): every built-in bot
//! chooses a legal index for every game, corrupt input is an error (and the
//! seat bot falls back), refusals name the allowed bots in both languages.

use engine::rand::SeedableRng;
use engine::{ChanceMode, DynMatch};
use engine::{GameRng, Seat, ToAct};
use serde_json::Value;
use server::{Decision, SeatBot};
use spielleiter_cli::seat_bot::{choose_json, parse_spec, server_bots, BotError, SpecSeatBot, SERVER_MCTS};

fn decision_parts(game: &str, players: usize) -> (Value, Seat, Vec<Value>) {
    let m: Box<dyn DynMatch> = spielleiter_cli::registry::entry(game)
        .and_then(|e| e.create(&Value::Null, players, 3, ChanceMode::Seeded))
        .expect("game starts");
    let ToAct::Seats(seats) = m.to_act() else {
        panic!("a seat acts first")
    };
    let seat = seats.first().expect("a seat");
    (m.state(), seat, m.legal(seat).expect("legal"))
}

#[test]
fn greedy_and_mcts_choose_a_legal_index_for_every_game() {
    for game in spielleiter_cli::registry::GAMES {
        let (state, seat, legal) = decision_parts(game, 3);
        for spec in ["greedy", "lookahead", "mcts:playouts=30,threads=1", "random"] {
            let spec = parse_spec(spec).expect("spec");
            let mut rng = GameRng::seed_from_u64(1);
            let i = choose_json(&spec, game, &state, seat, &legal, &mut rng).expect("decides");
            assert!(i < legal.len());
            // The bare state works too.
            let i = choose_json(&spec, game, &state["state"], seat, &legal, &mut rng).expect("decides");
            assert!(i < legal.len());
        }
    }
}

#[test]
fn corrupt_input_is_an_error_and_the_seat_bot_falls_back() {
    let (state, seat, legal) = decision_parts("catan", 4);
    let greedy = parse_spec("greedy").expect("spec");
    let mut rng = GameRng::seed_from_u64(2);
    let mut broken = state.clone();
    broken["state"]["players"] = Value::from("nonsense");
    let cases: Vec<(&str, Value, Vec<Value>)> = vec![
        ("catan", broken, legal.clone()),
        ("catan", Value::from(17), legal.clone()),
        ("catan", Value::Null, legal.clone()),
        ("catan", state.clone(), vec![Value::from("not an action")]),
        ("catan", state.clone(), Vec::new()),
        ("no-such-game", state.clone(), legal.clone()),
        ("splendor", state.clone(), legal.clone()),
    ];
    for (game, s, l) in &cases {
        let r = choose_json(&greedy, game, s, seat, l, &mut rng);
        assert!(r.is_err(), "{game} {s} accepted");
    }
    let r = choose_json(&greedy, "catan", &state, Seat(9), &legal, &mut rng);
    assert!(matches!(r, Err(BotError::NoSuchSeat(9))), "{r:?}");
    let seat_bot = SpecSeatBot::new("greedy", "greedy").expect("bot");
    assert!(seat_bot.needs_state());
    for (game, s, l) in &cases {
        if l.is_empty() {
            continue;
        }
        let d = Decision {
            game,
            seat,
            view: &Value::Null,
            legal: l,
            state: Some(s),
        };
        assert!(seat_bot.choose(&d, &mut rng) < l.len());
    }
    let d = Decision {
        game: "catan",
        seat,
        view: &Value::Null,
        legal: &legal,
        state: None,
    };
    assert!(seat_bot.choose(&d, &mut rng) < legal.len());
}

#[test]
fn specs_for_the_server_and_the_referee() {
    assert!(matches!(parse_spec("cmd:python3 bot.py"), Err(BotError::External)));
    assert!(matches!(parse_spec("alpha"), Err(BotError::Spec(_))));
    assert_eq!(
        parse_spec("alpha").err().map(|e| e.info().rule),
        Some("engine.unknown_bot".into())
    );
    let reg = server_bots(SERVER_MCTS).expect("registry");
    assert_eq!(reg.names(), vec!["random", "greedy", "lookahead", "mcts"]);
    assert!(reg.get("mcts").is_some_and(|b| b.needs_state()));
    assert!(server_bots("greedy").is_err());
}

#[test]
fn spec_refusals_list_only_the_bots_allowed_and_speak_both_languages() {
    // The referee and the server: cmd: is not among the bots listed.
    let e = parse_spec("alpha").expect_err("refused").info();
    assert_eq!(
        (e.kind.as_str(), e.rule.as_str()),
        ("unknown_bot", "engine.unknown_bot")
    );
    assert_eq!(
        e.message.de,
        "Unbekannter Bot „alpha“ (bekannt: random, greedy, lookahead, mcts)."
    );
    assert_eq!(
        e.message.en,
        "Unknown bot 'alpha' (known: random, greedy, lookahead, mcts)."
    );
    // Option errors: German in German, English in English, nothing wrapped.
    let e = parse_spec("mcts:rollout=x").expect_err("refused").info();
    assert_eq!(e.message.de, "mcts-Option „rollout=x“ erwartet greedy oder random.");
    assert_eq!(e.message.en, "mcts option 'rollout=x' expects greedy or random.");
    // serve --mcts: only mcts specs; the list says so.
    let e = server_bots("alpha").expect_err("refused").info();
    assert_eq!(e.message.en, "Unknown bot 'alpha' (known: mcts).");
    assert_eq!(e.message.de, "Unbekannter Bot „alpha“ (bekannt: mcts).");
    let e = server_bots("greedy").expect_err("refused").info();
    assert_eq!(e.message.en, "The bot 'greedy' is not allowed here (allowed: mcts).");
    assert!(matches!(server_bots("cmd:python3 bot.py"), Err(BotError::External)));
    let e = server_bots("mcts:playouts=x").expect_err("refused").info();
    assert_eq!(e.message.de, "mcts-Option „playouts=x“ erwartet eine ganze Zahl.");
}
