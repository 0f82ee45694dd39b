//! Prints the JSON form of every Splendor action, chance outcome and event,
//! plus a view, a state and a refusal, each taken from a real seeded game.
//! `docs/games/splendor.md` quotes this output; `tests/it/docs_json.rs` checks
//! that every JSON block of the document still reads as a value of the game.
//!
//! `cargo run -p spielleiter-splendor --example json_forms`

use engine::rand::{Rng, SeedableRng};
use engine::{Game, GameRng, Seat, ToAct, Viewer};
use splendor::{Action, Chance, Config, Event, Splendor, State};
use std::collections::BTreeMap;

fn action_kind(a: &Action) -> &'static str {
    match a {
        Action::TakeDifferent { .. } => "take_different",
        Action::TakeTwo { .. } => "take_two",
        Action::Reserve { .. } => "reserve",
        Action::ReserveDeck { .. } => "reserve_deck",
        Action::Buy { .. } => "buy",
        Action::Return { .. } => "return",
        Action::ChooseNoble { .. } => "choose_noble",
        Action::Pass => "pass",
    }
}

fn event_kind(e: &Event) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v["type"].as_str().map(str::to_string))
        .unwrap_or_default()
}

fn main() {
    let mut actions: BTreeMap<&str, Action> = BTreeMap::new();
    let mut chances: BTreeMap<&str, Chance> = BTreeMap::new();
    let mut events: BTreeMap<String, Event> = BTreeMap::new();
    let mut mid_game: Option<State> = None;
    for seed in 0..3_000u64 {
        let mut rng = GameRng::seed_from_u64(seed);
        let Ok(mut s) = Splendor::new_game(&Config::default(), 2, &mut rng) else {
            return;
        };
        let mut legal = Vec::new();
        loop {
            let mut ev = Vec::new();
            match Splendor::to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = Splendor::sample_chance(&s, &mut rng);
                    chances
                        .entry(if matches!(c, Chance::Card { .. }) {
                            "card"
                        } else {
                            "noble"
                        })
                        .or_insert(c);
                    let _ = Splendor::apply_chance(&mut s, &c, &mut ev);
                }
                ToAct::Seats(seats) => {
                    let seat = seats.first().unwrap_or(Seat(0));
                    Splendor::legal_actions(&s, seat, &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    actions.entry(action_kind(&a)).or_insert(a);
                    let _ = Splendor::apply(&mut s, seat, &a, &mut ev);
                }
            }
            for e in ev {
                events.entry(event_kind(&e)).or_insert(e);
            }
            if seed == 0 && s.turn() == 12 && mid_game.is_none() && s.phase() == splendor::Phase::Action {
                mid_game = Some(s);
            }
        }
        if actions.len() == 8 && events.len() == 12 && chances.len() == 2 && mid_game.is_some() {
            break;
        }
    }
    println!("## Actions\n");
    for (k, a) in &actions {
        println!("{k}:\n```json\n{}\n```\n", serde_json::to_string(a).unwrap_or_default());
    }
    println!("## Chance outcomes\n");
    for (k, c) in &chances {
        println!("{k}:\n```json\n{}\n```\n", serde_json::to_string(c).unwrap_or_default());
    }
    println!("## Events\n");
    for (k, e) in &events {
        println!("{k}:\n```json\n{}\n```\n", serde_json::to_string(e).unwrap_or_default());
        if let Event::DrewReserved { .. } = e {
            let hidden = Splendor::redact(e, Viewer::Spectator);
            println!(
                "{k} as the others see it:\n```json\n{}\n```\n",
                serde_json::to_string(&hidden).unwrap_or_default()
            );
        }
    }
    if let Some(s) = mid_game {
        println!(
            "## View of seat 1\n```json\n{}\n```\n",
            serde_json::to_string_pretty(&Splendor::view(&s, Viewer::Seat(Seat(1)))).unwrap_or_default()
        );
        println!(
            "## State\n```json\n{}\n```\n",
            serde_json::to_string_pretty(&s).unwrap_or_default()
        );
        let mut t = s;
        if let Err(r) = Splendor::apply(&mut t, s.current(), &Action::Pass, &mut engine::NoEvents) {
            println!(
                "## Refusal\n```json\n{}\n```\n",
                serde_json::to_string_pretty(&r.info()).unwrap_or_default()
            );
        }
    }
}
