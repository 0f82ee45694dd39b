//! The turn clock, a table setting that is off by default.
//!
//! A human seat that comes to act gets `turn_seconds` and then
//! `grace_seconds` more. When both have run out and the seat is still to act,
//! a bot plays for it (the seat is on *autopilot*) until the seat's human
//! takes it back: by acting, or by `POST …/autopilot` with `on: false`. A
//! human may also hand the seat to the bot with `on: true` (away from the
//! table). Everybody sees each seat's deadline and whether a bot plays it.
//!
//! The clock runs while a seat is to act and starts anew each time the seat
//! comes to act again (a turn of several actions is one clock). Bot seats
//! and seats on autopilot have no clock. The setting and the autopilot flags
//! are stored with the table (`tables.clock`), so a restart keeps them; the
//! running clocks start afresh when the table is restored, which only ever
//! gives a player more time.

use crate::error::ApiError;
use serde::{Deserialize, Serialize};

/// Shortest turn, in seconds: below this nobody can read the board.
pub const MIN_TURN_SECONDS: u32 = 5;
/// Longest turn, in seconds (an hour).
pub const MAX_TURN_SECONDS: u32 = 3600;
/// Longest grace period, in seconds (ten minutes).
pub const MAX_GRACE_SECONDS: u32 = 600;

/// The clock a table open to strangers gets when its creator says nothing
/// (`clock` absent from `POST /api/tables`): two minutes a turn and one
/// more of grace, so a player who walks away holds the others up for three
/// minutes, after which a bot plays for them. "Open to strangers" is a table
/// with two or more human seats: whoever creates it takes one, the others
/// are open seats anybody may take from the lobby. A table with one human
/// seat (a game against bots) waits for nobody and gets no clock by default.
/// `"clock": null` turns the clock off explicitly (a private table among
/// friends).
pub const DEFAULT_OPEN_CLOCK: ClockConfig = ClockConfig {
    turn_seconds: 120,
    grace_seconds: 60,
    agent_turn_seconds: None,
};

/// The clock a new table gets: the one asked for (`Some(None)`: none), else
/// [`DEFAULT_OPEN_CLOCK`] for a table with `humans` ≥ 2 human seats.
pub fn chosen(asked: Option<Option<ClockConfig>>, humans: usize) -> Option<ClockConfig> {
    match asked {
        Some(c) => c,
        None if humans >= 2 => Some(DEFAULT_OPEN_CLOCK),
        None => None,
    }
}

/// Reads `clock` of `POST /api/tables` telling `null` (no clock, asked for)
/// from absent (the default, by `#[serde(default)]`).
pub fn explicit<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<ClockConfig>>, D::Error> {
    Option::<ClockConfig>::deserialize(d).map(Some)
}

/// The table option `clock` of `POST /api/tables`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClockConfig {
    /// Time for a turn, in seconds (5–3600).
    pub turn_seconds: u32,
    /// Time after the turn's before a bot plays, in seconds (0–600).
    #[serde(default)]
    pub grace_seconds: u32,
    /// Time for a turn of a seat of kind `agent` (an MCP client), in seconds
    /// (5–3600), when agents get a longer clock than people; default
    /// `turn_seconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_turn_seconds: Option<u32>,
}

impl ClockConfig {
    /// Checks both ranges; the refusal names them.
    pub fn check(&self) -> Result<(), ApiError> {
        let range = MIN_TURN_SECONDS..=MAX_TURN_SECONDS;
        let turn_ok = range.contains(&self.turn_seconds) && self.agent_turn_seconds.is_none_or(|s| range.contains(&s));
        if turn_ok && self.grace_seconds <= MAX_GRACE_SECONDS {
            Ok(())
        } else {
            Err(ApiError::clock_range(
                MIN_TURN_SECONDS,
                MAX_TURN_SECONDS,
                MAX_GRACE_SECONDS,
            ))
        }
    }

    /// Milliseconds from the moment a seat comes to act until a bot plays.
    pub fn limit_ms(&self) -> i64 {
        (i64::from(self.turn_seconds) + i64::from(self.grace_seconds)) * 1000
    }

    /// The turn time of a seat, in seconds: an agent's may be longer.
    pub fn turn_seconds_of(&self, agent: bool) -> u32 {
        match (agent, self.agent_turn_seconds) {
            (true, Some(s)) => s,
            _ => self.turn_seconds,
        }
    }

    /// [`ClockConfig::limit_ms`] of a seat.
    pub fn limit_ms_of(&self, agent: bool) -> i64 {
        (i64::from(self.turn_seconds_of(agent)) + i64::from(self.grace_seconds)) * 1000
    }
}

/// What `tables.clock` stores: the setting and which seats a bot plays.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct StoredClock {
    /// Time for a turn, in seconds.
    pub turn_seconds: u32,
    /// The grace period, in seconds.
    pub grace_seconds: u32,
    /// An agent seat's turn time, if longer than `turn_seconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_turn_seconds: Option<u32>,
    /// Per seat: whether a bot plays it.
    #[serde(default)]
    pub autopilot: Vec<bool>,
}

/// The setting of a stored clock (`tables.clock`), if it reads.
pub fn config_of(stored: Option<&str>) -> Option<ClockConfig> {
    let stored: StoredClock = serde_json::from_str(stored?).ok()?;
    Some(ClockConfig {
        turn_seconds: stored.turn_seconds,
        grace_seconds: stored.grace_seconds,
        agent_turn_seconds: stored.agent_turn_seconds,
    })
}

/// One seat's clock as everybody sees it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatClock {
    /// Seat number.
    pub seat: u8,
    /// When the seat came to act (ms since the Unix epoch); `None` while it
    /// is not to act, is a bot or is on autopilot.
    pub since_ms: Option<i64>,
    /// When its turn time ends (grace begins).
    pub turn_ends_ms: Option<i64>,
    /// When a bot takes over.
    pub deadline_ms: Option<i64>,
    /// Whether a bot plays the seat for its human.
    pub autopilot: bool,
    /// The seat's turn time when it differs from the table's (an agent
    /// seat's longer clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<u32>,
}

/// The clock as it is sent in snapshots, updates and `clock` messages.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ClockView {
    /// Time for a turn, in seconds.
    pub turn_seconds: u32,
    /// The grace period, in seconds.
    pub grace_seconds: u32,
    /// The server's time when this was made, so a client can correct for
    /// its own clock being off.
    pub now_ms: i64,
    /// Every seat.
    pub seats: Vec<SeatClock>,
}

/// `POST /api/tables/{id}/autopilot`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutopilotRequest {
    /// The seat (its secret goes in the `X-Seat-Secret` header).
    pub seat: u8,
    /// `false`: take the seat back from the bot; `true`: let the bot play.
    pub on: bool,
}

/// A table's running clock.
#[derive(Debug, Clone)]
pub struct Clock {
    /// The setting.
    pub config: ClockConfig,
    /// Per seat: whether a bot plays it.
    pub autopilot: Vec<bool>,
    /// Per seat: whether an agent holds it (its turn time may be longer).
    agents: Vec<bool>,
    /// Per seat: when it came to act, while it is to act and timed.
    since_ms: Vec<Option<i64>>,
    /// Per seat: advanced whenever its clock starts or stops, so a timer
    /// that fires for an earlier turn is recognised and ignored.
    token: Vec<u64>,
}

/// A timer to start: after `after_ms`, seat `seat`'s turn `token` is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timer {
    /// Seat.
    pub seat: u8,
    /// The turn it belongs to.
    pub token: u64,
    /// Milliseconds from now.
    pub after_ms: u64,
}

impl Clock {
    /// A clock for `players` seats from what is stored (autopilot flags of
    /// another length are ignored).
    pub fn new(stored: StoredClock, players: usize) -> Clock {
        let mut autopilot = stored.autopilot;
        autopilot.resize(players, false);
        Clock {
            config: ClockConfig {
                turn_seconds: stored.turn_seconds,
                grace_seconds: stored.grace_seconds,
                agent_turn_seconds: stored.agent_turn_seconds,
            },
            autopilot,
            agents: vec![false; players],
            since_ms: vec![None; players],
            token: vec![0; players],
        }
    }

    /// What to store.
    pub fn stored(&self) -> StoredClock {
        StoredClock {
            turn_seconds: self.config.turn_seconds,
            grace_seconds: self.config.grace_seconds,
            agent_turn_seconds: self.config.agent_turn_seconds,
            autopilot: self.autopilot.clone(),
        }
    }

    /// Which seats agents hold (their turn time may be longer); a clock
    /// already running keeps its deadline.
    pub fn set_agents(&mut self, agents: impl IntoIterator<Item = bool>) {
        for (slot, a) in self.agents.iter_mut().zip(agents) {
            *slot = a;
        }
    }

    fn is_agent(&self, seat: usize) -> bool {
        self.agents.get(seat).copied().unwrap_or(false)
    }

    /// Brings the clocks in line with who is to act now: `timed[s]` says
    /// whether seat `s` is a human seat that is to act (and not on
    /// autopilot). A seat that just came to act starts its clock (a timer is
    /// returned for it); a seat that no longer is stops it.
    pub fn update(&mut self, timed: &[bool], now_ms: i64) -> Vec<Timer> {
        let mut timers = Vec::new();
        for (i, &on) in timed.iter().enumerate().take(self.since_ms.len()) {
            match (on, self.since_ms[i]) {
                (true, None) => {
                    self.since_ms[i] = Some(now_ms);
                    self.token[i] += 1;
                    timers.push(Timer {
                        seat: i as u8,
                        token: self.token[i],
                        after_ms: self.config.limit_ms_of(self.is_agent(i)).unsigned_abs(),
                    });
                }
                (false, Some(_)) => {
                    self.since_ms[i] = None;
                    self.token[i] += 1;
                }
                _ => {}
            }
        }
        timers
    }

    /// Whether seat `seat`'s turn `token` is still running (its timer has
    /// fired for the turn it was started for).
    pub fn expired(&self, seat: u8, token: u64) -> bool {
        let i = usize::from(seat);
        self.token.get(i) == Some(&token) && self.since_ms.get(i).is_some_and(Option::is_some)
    }

    /// Sets seat `seat`'s autopilot; whether it changed.
    pub fn set_autopilot(&mut self, seat: usize, on: bool) -> bool {
        match self.autopilot.get_mut(seat) {
            Some(a) if *a != on => {
                *a = on;
                true
            }
            _ => false,
        }
    }

    /// Whether a bot plays seat `seat`.
    pub fn on_autopilot(&self, seat: usize) -> bool {
        self.autopilot.get(seat).copied().unwrap_or(false)
    }

    /// The clock as everybody sees it at `now_ms`.
    pub fn view(&self, now_ms: i64) -> ClockView {
        let seats = self
            .since_ms
            .iter()
            .enumerate()
            .map(|(i, since)| {
                let agent = self.is_agent(i);
                let turn_seconds = self.config.turn_seconds_of(agent);
                let turn_ms = i64::from(turn_seconds) * 1000;
                SeatClock {
                    seat: i as u8,
                    since_ms: *since,
                    turn_ends_ms: since.map(|s| s + turn_ms),
                    deadline_ms: since.map(|s| s + self.config.limit_ms_of(agent)),
                    autopilot: self.on_autopilot(i),
                    turn_seconds: (turn_seconds != self.config.turn_seconds).then_some(turn_seconds),
                }
            })
            .collect();
        ClockView {
            turn_seconds: self.config.turn_seconds,
            grace_seconds: self.config.grace_seconds,
            now_ms,
            seats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> Clock {
        let config = ClockConfig {
            turn_seconds: 30,
            grace_seconds: 10,
            agent_turn_seconds: None,
        };
        Clock::new(
            StoredClock {
                turn_seconds: config.turn_seconds,
                grace_seconds: config.grace_seconds,
                agent_turn_seconds: None,
                autopilot: vec![],
            },
            3,
        )
    }

    #[test]
    fn a_clock_starts_when_a_seat_comes_to_act_and_runs_through_its_turn() {
        let mut c = clock();
        let t = c.update(&[true, false, false], 1_000);
        assert_eq!(
            t,
            vec![Timer {
                seat: 0,
                token: 1,
                after_ms: 40_000
            }]
        );
        // Still to act after an action of its own: the same clock.
        assert!(c.update(&[true, false, false], 5_000).is_empty());
        assert!(c.expired(0, 1));
        let v = c.view(6_000);
        assert_eq!(v.seats[0].since_ms, Some(1_000));
        assert_eq!(v.seats[0].turn_ends_ms, Some(31_000));
        assert_eq!(v.seats[0].deadline_ms, Some(41_000));
        assert_eq!(v.seats[1].deadline_ms, None);
        // The turn passes on: seat 0's timer is now stale.
        let t = c.update(&[false, true, false], 7_000);
        assert_eq!(
            t,
            vec![Timer {
                seat: 1,
                token: 1,
                after_ms: 40_000
            }]
        );
        assert!(!c.expired(0, 1));
        // Seat 0 comes to act again: a new clock, the old timer stays stale.
        let t = c.update(&[true, false, false], 9_000);
        assert_eq!(t[0].token, 3);
        assert!(!c.expired(0, 1));
        assert!(c.expired(0, 3));
    }

    #[test]
    fn ranges_are_checked() {
        let ok = |turn, grace| {
            ClockConfig {
                turn_seconds: turn,
                grace_seconds: grace,
                agent_turn_seconds: None,
            }
            .check()
            .is_ok()
        };
        assert!(ok(5, 0));
        assert!(ok(3600, 600));
        assert!(!ok(4, 0));
        assert!(!ok(3601, 0));
        assert!(!ok(60, 601));
    }

    #[test]
    fn autopilot_flags_survive_storing() {
        let mut c = clock();
        assert!(c.set_autopilot(2, true));
        assert!(!c.set_autopilot(2, true));
        assert!(!c.set_autopilot(9, true));
        let text = serde_json::to_string(&c.stored()).unwrap();
        assert_eq!(
            text,
            r#"{"turn_seconds":30,"grace_seconds":10,"autopilot":[false,false,true]}"#
        );
        let back = Clock::new(serde_json::from_str(&text).unwrap(), 3);
        assert!(back.on_autopilot(2));
    }
}
