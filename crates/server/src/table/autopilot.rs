//! The table's side of the turn clock ([`crate::clock`]): starting a timer
//! when a human seat comes to act, handing the seat to a bot when it runs
//! out, and giving it back to its human.

use super::{Access, Command, Outgoing, Table};
use crate::bots::SeatBot;
use crate::clock::ClockView;
use crate::db::Write;
use crate::error::ApiError;
use engine::{Seat, ToAct, Viewer};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// The bot that plays a seat whose clock ran out: the strongest cheap one
/// the server offers (the greedy heuristic), else the random bot.
const AUTOPILOT_BOTS: [&str; 2] = ["greedy", "random"];

impl Table {
    /// Whether a server bot plays seat `i`: a bot seat, or a human seat on
    /// autopilot.
    pub(super) fn bot_plays(&self, i: usize) -> bool {
        match self.seats.get(i).map(|s| s.kind.as_str()) {
            Some("bot") => true,
            Some("human" | "agent") => {
                self.seats[i].departed() || self.clock.as_ref().is_some_and(|c| c.on_autopilot(i))
            }
            _ => false,
        }
    }

    /// The bot that plays seat `i` (see [`Table::bot_plays`]).
    pub(super) fn bot_for(&self, i: usize) -> Option<Arc<dyn SeatBot>> {
        let row = self.seats.get(i)?;
        if row.kind == "bot" {
            return row.name.as_deref().and_then(|n| self.shared.bots.get(n));
        }
        AUTOPILOT_BOTS.iter().find_map(|n| self.shared.bots.get(n))
    }

    /// The clock as everybody sees it now.
    pub(super) fn clock_view(&self) -> Option<ClockView> {
        self.clock.as_ref().map(|c| c.view(crate::lobby::now_ms()))
    }

    /// Starts the clock of every human seat that has just come to act and
    /// stops those of seats that no longer are; each new clock gets a timer.
    pub(super) fn clock_sync(&mut self) {
        let Some(clock) = self.clock.as_mut() else { return };
        clock.set_agents(self.seats.iter().map(|s| s.kind == "agent"));
        let mut timed = vec![false; self.seats.len()];
        let playing = !self.seats.iter().any(|s| s.kind == "open");
        if let (true, ToAct::Seats(seats)) = (playing, self.game.to_act()) {
            for seat in seats.iter() {
                let i = seat.index();
                let timed_seat = self
                    .seats
                    .get(i)
                    .is_some_and(|s| super::is_player(&s.kind) && !s.departed());
                if timed_seat && !clock.on_autopilot(i) {
                    if let Some(t) = timed.get_mut(i) {
                        *t = true;
                    }
                }
            }
        }
        for timer in clock.update(&timed, crate::lobby::now_ms()) {
            // A weak handle: a sleeping timer does not keep the table alive
            // (a shutdown or eviction does not wait for it).
            let tx = self.tx.clone();
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(timer.after_ms)).await;
                let expired = Command::ClockExpired {
                    seat: timer.seat,
                    token: timer.token,
                };
                if let Some(tx) = tx.upgrade() {
                    let _ = tx.send(expired).await;
                }
            });
        }
    }

    /// A timer fired: if it belongs to the seat's current turn, a bot plays
    /// the seat from now on.
    pub(super) async fn clock_expired(&mut self, seat: u8, token: u64) {
        let still_running = self.clock.as_ref().is_some_and(|c| c.expired(seat, token));
        if !still_running {
            return;
        }
        tracing::info!(table = %self.id, seat, "turn clock ran out: a bot plays the seat");
        if let Err(e) = self.change_autopilot(usize::from(seat), true).await {
            // Kept in memory: the game goes on; only a restart would forget it.
            tracing::error!(table = %self.id, seat, rule = %e.info.rule, "autopilot not stored");
        }
    }

    /// `POST …/autopilot`: the seat's human hands it to the bot or takes it back.
    pub(super) async fn autopilot(&mut self, access: &Access, on: bool) -> Result<ClockView, ApiError> {
        let Viewer::Seat(seat) = self.authorise(access)? else {
            return Err(ApiError::wrong_secret(0));
        };
        if self.clock.is_none() {
            return Err(ApiError::clock_off());
        }
        // Who played the seat at the end is part of a rated game's result
        // (a seat a bot played at the end lost it): fixed once it ended.
        if self.rated && self.game.to_act() == ToAct::Over {
            return Err(ApiError::autopilot_after_end());
        }
        self.change_autopilot(seat.index(), on).await?;
        self.clock_view().ok_or_else(ApiError::clock_off)
    }

    /// Ends seat `i`'s autopilot if a bot plays it: its human acted, or the
    /// seat is no longer a human's.
    pub(super) async fn take_back(&mut self, i: usize) {
        if self.clock.as_ref().is_some_and(|c| c.on_autopilot(i)) {
            if let Err(e) = self.change_autopilot(i, false).await {
                tracing::error!(table = %self.id, seat = i, rule = %e.info.rule, "autopilot not stored");
            }
        }
    }

    /// Sets seat `i`'s autopilot, stores it, tells everybody, and lets the
    /// bot (or the clock) take over.
    async fn change_autopilot(&mut self, i: usize, on: bool) -> Result<(), ApiError> {
        let Some(clock) = self.clock.as_mut() else {
            return Err(ApiError::clock_off());
        };
        if !clock.set_autopilot(i, on) {
            return Ok(());
        }
        let write = Write::Clock {
            table: self.id.clone(),
            clock: serde_json::to_string(&clock.stored()).unwrap_or_default(),
        };
        if let Some(f) = self.bot_failures.get_mut(i) {
            *f = 0;
        }
        let stored = self.shared.db.write(write).await;
        self.clock_sync();
        self.refresh_summary();
        let msg: Outgoing = json!({
            "type": "clock",
            "table": self.id,
            "seat": Seat(i as u8),
            "autopilot": on,
            "clock": self.clock_view(),
            "seats": self.seat_infos(),
        })
        .to_string()
        .into();
        self.broadcast(|_| Some(msg.clone()));
        self.schedule_bots();
        stored.map_err(|e| {
            tracing::error!(table = %self.id, error = %e, "clock not stored");
            self.write_failed(&e)
        })
    }
}
