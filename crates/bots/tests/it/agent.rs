//! `mcp:<command>` seats (`bots::agent`): the decision handed to whoever
//! serves the agent, its answer checked (out of turn, stale, out of range),
//! a silent agent timed out and a vanished one forfeited.

use bots::agent::{set_server, AgentBot, AgentSeat, AnswerError};
use bots::{Bot, BotSpec};
use engine::GameRng;
use rand::SeedableRng;
use splendor::Splendor as G;
use std::sync::Arc;
use std::time::Duration;

/// A stand-in for the MCP session: commands `first`, `silent` and `gone`.
/// The first two are agents that are up (their first call made, which starts
/// the decision clock); `gone` exits before it.
fn serve(command: &str, seat: Arc<AgentSeat>) -> std::io::Result<Box<dyn Send>> {
    match command {
        "first" => {
            seat.ready();
            std::thread::spawn(move || {
                for _ in 0..2000 {
                    let d = seat.snapshot();
                    if d.pending {
                        assert_eq!(seat.answer(0, d.version + 1), Err(AnswerError::Stale));
                        assert_eq!(seat.answer(d.legal.len(), d.version), Err(AnswerError::OutOfRange));
                        assert!(d.view.is_object() && d.game == "splendor");
                        if let Err(e) = seat.answer(0, d.version) {
                            panic!("the pending decision takes an answer: {e:?}");
                        }
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
        }
        "gone" => seat.close(),
        _ => seat.ready(),
    }
    Ok(Box::new(()))
}

#[test]
fn an_mcp_seat_answers_through_its_session_and_forfeits_when_silent_or_gone() {
    assert_eq!(AgentSeat::default().answer(0, 0), Err(AnswerError::NotYourTurn));
    assert!(matches!(
        "mcp:python3 agent.py".parse::<BotSpec>(),
        Ok(BotSpec::Agent { command }) if command == "python3 agent.py"
    ));
    assert!("mcp:".parse::<BotSpec>().is_err());
    set_server(serve);
    let (s, seat, legal) = crate::bots::splendor_position();
    assert!(!legal.is_empty());
    let choose = |command: &str, timeout: Duration| {
        let mut bot = AgentBot::spawn(command, timeout).expect("the session starts");
        Bot::<G>::choose(&mut bot, &s, seat, &legal, &mut GameRng::seed_from_u64(3)).map_err(|f| f.rule)
    };
    assert_eq!(choose("first", Duration::from_secs(5)), Ok(0));
    assert_eq!(
        choose("silent", Duration::from_millis(50)),
        Err("arena.timeout".to_string())
    );
    assert_eq!(choose("gone", Duration::from_secs(5)), Err("arena.crashed".to_string()));
}
