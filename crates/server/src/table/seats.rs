//! Taking and leaving a seat at a running table, and the seats as the
//! lobby and the page list them.

use super::*;

impl Table {
    pub(super) async fn join(
        &mut self,
        seat: usize,
        name: String,
        claim: Claim,
        agent: bool,
    ) -> Result<String, ApiError> {
        let row = self.seats.get(seat).ok_or_else(|| ApiError::no_such_seat(seat))?;
        if row.kind != "open" {
            return Err(ApiError::seat_taken(seat));
        }
        // Nobody may pose as another seat: a look-alike name is refused.
        let others = self
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat)
            .filter_map(|(_, s)| s.name.as_deref());
        crate::names::check_distinct(&name, others)?;
        // An agent is rated by its name and seat kind; names claimed by
        // humans (and their tokens) are a human's matter.
        let player = if agent {
            None
        } else {
            self.rated_player(&name, claim).await?
        };
        let secret = secret::generate().map_err(|e| ApiError::internal(&e.to_string()))?;
        let new_row = SeatRow {
            kind: if agent { "agent" } else { "human" }.into(),
            name: Some(name),
            secret_hash: Some(secret::hash(&secret)),
            player,
        };
        self.store_seat(seat, new_row).await?;
        Ok(secret)
    }

    pub(super) async fn leave(&mut self, access: &Access) -> Result<(), ApiError> {
        let Viewer::Seat(seat) = self.authorise(access)? else {
            return Err(ApiError::wrong_secret(0));
        };
        let open = SeatRow {
            kind: "open".into(),
            name: None,
            secret_hash: None,
            player: None,
        };
        self.store_seat(seat.index(), open).await?;
        // Connections that held the seat lose it at once.
        self.subscribers.retain(|s| s.viewer != Viewer::Seat(seat));
        Ok(())
    }

    pub(super) async fn store_seat(&mut self, seat: usize, row: SeatRow) -> Result<(), ApiError> {
        let write = Write::Seat {
            table: self.id.clone(),
            seat: seat as u8,
            row: row.clone(),
        };
        if let Err(e) = self.shared.db.write(write).await {
            tracing::error!(table = %self.id, error = %e, "seat change not stored");
            return Err(self.write_failed(&e));
        }
        self.seats[seat] = row;
        if !is_player(&self.seats[seat].kind) {
            self.take_back(seat).await;
        }
        self.clock_sync();
        self.refresh_summary();
        let seats = self.seat_infos();
        let msg: Outgoing = json!({"type": "seats", "table": self.id, "seats": seats})
            .to_string()
            .into();
        self.broadcast(|_| Some(msg.clone()));
        // The table may just have filled (or emptied): every viewer gets its
        // legal actions anew, with no events.
        self.publish_update(self.game.version());
        self.schedule_bots();
        Ok(())
    }

    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                seat: i as u8,
                kind: s.kind.clone(),
                name: s.name.clone(),
                connected: s.kind == "bot"
                    || self
                        .subscribers
                        .iter()
                        .any(|sub| sub.viewer == Viewer::Seat(Seat(i as u8)) && !sub.sink.is_closed()),
                autopilot: is_player(&s.kind) && self.clock.as_ref().is_some_and(|c| c.on_autopilot(i)),
            })
            .collect()
    }
}
