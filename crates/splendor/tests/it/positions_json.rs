//! Positions in JSON: written by hand and loaded, refused with a clear
//! message when they cannot be held, and checked by `validate`, which lists
//! every inconsistency. Also: no panic on any mutated state.

use crate::common;
use common::*;
use engine::rand::{Rng, SeedableRng};
use engine::{Game, GameRng, NoEvents, Seat, Viewer};
use serde_json::{json, Value};
use splendor::{Config, Splendor, State};

fn problems(s: &State) -> Vec<String> {
    let p = Splendor::validate(s).err().unwrap_or_default();
    p.iter().map(ToString::to_string).collect()
}

fn parse(v: Value) -> Result<State, String> {
    serde_json::from_value::<State>(v).map_err(|e| e.to_string())
}

/// A hand-written two-player position: bonuses and points left out.
fn hand_written() -> Value {
    json!({
        "phase": {"type": "action"},
        "current": 1,
        "turn": 8,
        "bank": {"white": 2, "blue": 3, "green": 4, "red": 4, "black": 3, "gold": 4},
        "market": [[0, 8, 16, 24], [40, 46, 52, 58], [70, 74, 78, 82]],
        "nobles": [0, 5, 9],
        "players": [
            {"tokens": {"white": 2, "blue": 1}, "purchased": [1, 9], "reserved": [{"card": 30}]},
            {"tokens": {"black": 1, "gold": 1}, "purchased": [17], "reserved": [{"card": 47, "hidden": true}]}
        ]
    })
}

#[test]
fn a_hand_written_position_loads_and_round_trips() {
    let s = parse(hand_written()).expect("loads");
    assert_eq!(problems(&s), Vec::<String>::new());
    assert_eq!(s.current(), Seat(1));
    let p0 = s.player(Seat(0)).unwrap();
    assert_eq!(p0.bonuses(), [1, 1, 0, 0, 0]);
    assert_eq!(p0.points(), 0);
    assert_eq!(s.deck_len(splendor::Level::new(1).unwrap()), 40 - 4 - 3 - 1);
    let back: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
    // The view of seat 0 hides seat 1's face-down card.
    let v = Splendor::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(v.players[1].reserved[0].card, None);
    assert_eq!(v.players[0].reserved[0].card, Some(card(30)));
}

#[test]
fn what_the_state_cannot_hold_is_refused_on_reading() {
    let cases: Vec<(Value, &str)> = vec![(json!(95), "card id 95 does not exist"), (json!(-1), "invalid value")];
    for (id, msg) in cases {
        let mut v = hand_written();
        v["market"][0][0] = id;
        let e = parse(v).unwrap_err();
        assert!(e.contains(msg), "{e}");
    }
    let mut v = hand_written();
    v["nobles"] = json!([0, 12, 3]);
    assert!(parse(v).unwrap_err().contains("noble id 12 does not exist"));
    let mut v = hand_written();
    v["players"] = json!([{}, {}, {}, {}, {}]);
    assert!(parse(v).unwrap_err().contains("2 to 4 players"));
    let mut v = hand_written();
    v["current"] = json!(2);
    assert!(parse(v).unwrap_err().contains("current seat 2 does not exist"));
    let mut v = hand_written();
    v["players"][0]["reserved"] = json!([{"card": 2}, {"card": 3}, {"card": 4}, {"card": 5}]);
    assert!(parse(v).unwrap_err().contains("at most 3"));
    let mut v = hand_written();
    v["nobles"] = json!([0, 0, 3]);
    assert!(parse(v).unwrap_err().contains("listed twice"));
    let mut v = hand_written();
    v["phase"] = json!({"type": "refill", "level": 4, "slot": 0});
    assert!(parse(v).unwrap_err().contains("level 4 does not exist"));
    let mut v = hand_written();
    v["bank"]["silver"] = json!(1);
    assert!(parse(v).is_err());
}

#[test]
fn validate_lists_every_problem() {
    let mut v = hand_written();
    // Card 1 is both bought by seat 0 and on the market; level-2 card 40 in the level-1 row.
    v["market"][0][0] = json!(1);
    v["market"][0][1] = json!(40);
    // Tokens not conserved; bonuses and points that do not match.
    v["bank"]["gold"] = json!(5);
    v["players"][1]["bonuses"] = json!({"red": 2});
    v["players"][1]["points"] = json!(7);
    // Seat 0 holds a noble without the bonuses.
    v["players"][0]["nobles"] = json!([1]);
    let s = parse(v).expect("representable");
    let p = problems(&s);
    let expect = [
        "card 1 is in several places",
        "card 40 of level 2 lies in the level 1 row",
        "card 40 is in several places",
        "gold tokens: bank and players hold 6, the game has 5",
        "seat 1: red bonus is 2 but the purchased cards give 0",
        "seat 1: green bonus is 0 but the purchased cards give 1",
        "seat 1: 7 points but cards and nobles give 0",
        "seat 0 holds noble 1 without the card bonuses it requires",
        "4 nobles are in the game",
    ];
    for e in expect {
        assert!(p.iter().any(|x| x.contains(e)), "missing {e:?} in {p:#?}");
    }
}

#[test]
fn validate_checks_the_phase_data() {
    let mut v = hand_written();
    v["phase"] = json!({"type": "return_tokens"});
    let p = problems(&parse(v).unwrap());
    assert!(
        p.iter().any(|x| x.contains("must return tokens but holds only 2")),
        "{p:?}"
    );
    let mut v = hand_written();
    v["phase"] = json!({"type": "choose_noble"});
    let p = problems(&parse(v).unwrap());
    assert!(
        p.iter().any(|x| x.contains("fewer than two face-up nobles qualify")),
        "{p:?}"
    );
    let mut v = hand_written();
    v["phase"] = json!({"type": "refill", "level": 1, "slot": 2});
    let p = problems(&parse(v).unwrap());
    assert!(p.iter().any(|x| x.contains("slot is not empty")), "{p:?}");
    let mut v = hand_written();
    v["phase"] = json!({"type": "over", "reason": "points"});
    let p = problems(&parse(v).unwrap());
    assert!(p.iter().any(|x| x.contains("nobody has 15")), "{p:?}");
    let mut v = hand_written();
    v["players"][0]["tokens"] = json!({"white": 4, "blue": 4, "green": 0, "red": 0, "black": 3});
    v["bank"] = json!({"white": 0, "blue": 0, "green": 4, "red": 4, "black": 0, "gold": 4});
    let p = problems(&parse(v).unwrap());
    assert!(p.iter().any(|x| x.contains("seat 0 holds 11 tokens")), "{p:?}");
}

/// Every integer of a JSON value, as a path of keys and indices.
fn numbers(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::Number(_) => out.push(path.clone()),
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(json!(i));
                numbers(x, path, out);
                path.pop();
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                path.push(json!(k));
                numbers(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    let mut cur = v;
    for p in path {
        cur = match p {
            Value::String(k) => &mut cur[k.as_str()],
            Value::Number(i) => &mut cur[i.as_u64().unwrap_or(0) as usize],
            _ => cur,
        };
    }
    cur
}

#[test]
fn mutated_states_never_panic_and_valid_ones_stay_valid() {
    let mut rng = GameRng::seed_from_u64(99);
    let mut states = Vec::new();
    // Real positions from random games of every size.
    for g in 0..12u64 {
        let mut s = Splendor::new_game(&Config::default(), 2 + (g % 3) as usize, &mut rng).unwrap();
        let mut legal = Vec::new();
        for step in 0..400 {
            match Splendor::to_act(&s) {
                engine::ToAct::Over => break,
                engine::ToAct::Chance => {
                    let c = Splendor::sample_chance(&s, &mut rng);
                    Splendor::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
                }
                engine::ToAct::Seats(seats) => {
                    let seat = seats.first().unwrap();
                    Splendor::legal_actions(&s, seat, &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    Splendor::apply_unchecked(&mut s, seat, &a, &mut NoEvents);
                }
            }
            if step % 37 == 0 {
                states.push(s);
            }
        }
    }
    let mut loaded = 0;
    let mut valid = 0;
    for s in &states {
        let json = serde_json::to_value(s).unwrap();
        let mut paths = Vec::new();
        numbers(&json, &mut Vec::new(), &mut paths);
        for _ in 0..40 {
            let mut v = json.clone();
            for _ in 0..rng.random_range(1..3) {
                let path = &paths[rng.random_range(0..paths.len())];
                *at(&mut v, path) = json!(rng.random_range(0..=260u32));
            }
            let Ok(m) = serde_json::from_value::<State>(v) else {
                continue;
            };
            loaded += 1;
            let ok = Splendor::validate(&m).is_ok();
            let mut legal = Vec::new();
            for seat in 0..m.players() as u8 {
                let _ = Splendor::view(&m, Viewer::Seat(Seat(seat)));
                Splendor::legal_actions(&m, Seat(seat), &mut legal);
                for a in &legal {
                    let _ = Splendor::check(&m, Seat(seat), a);
                }
            }
            let _ = Splendor::view(&m, Viewer::Spectator);
            if ok {
                valid += 1;
                let mut outcomes = Vec::new();
                Splendor::chance_outcomes(&m, &mut outcomes);
                for (c, _) in &outcomes {
                    let mut t = m;
                    Splendor::apply_chance(&mut t, c, &mut NoEvents).unwrap();
                    assert!(Splendor::validate(&t).is_ok(), "{:?}", Splendor::validate(&t));
                }
                let seat = m.current();
                Splendor::legal_actions(&m, seat, &mut legal);
                for a in &legal {
                    let mut t = m;
                    Splendor::apply(&mut t, seat, a, &mut NoEvents).unwrap();
                    assert!(Splendor::validate(&t).is_ok(), "{a:?}: {:?}", Splendor::validate(&t));
                }
            }
        }
    }
    assert!(loaded > 100 && valid > 10, "loaded {loaded}, valid {valid}");
}
