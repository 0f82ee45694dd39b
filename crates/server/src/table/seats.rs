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
        from: Option<std::net::IpAddr>,
    ) -> Result<String, ApiError> {
        let row = self.seats.get(seat).ok_or_else(|| ApiError::no_such_seat(seat))?;
        // A seat whose player left a started rated game stays theirs: nobody
        // takes over its result.
        if row.departed() {
            return Err(ApiError::seat_left(seat));
        }
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
        let token_hash = match &claim {
            Claim::Token(t) => Some(secret::hash(t)),
            Claim::None | Claim::Proven(_) => None,
        };
        // An agent is rated by its name and seat kind; names claimed by
        // humans (and their tokens) are a human's matter.
        let player = if agent {
            None
        } else {
            self.rated_player(&name, claim).await?
        };
        // At a rated table: where the seat joined from, and whether that
        // makes two seats of one player (the table then plays casual).
        let (origin, token_hash) = if self.rated {
            (from.map(crate::fairplay::origin), token_hash)
        } else {
            (None, None)
        };
        let casual = (self.rated
            && crate::fairplay::same_player(&self.seats, seat, origin.as_deref(), token_hash.as_deref()))
        .then(|| crate::fairplay::SAME_PLAYER.to_string());
        let secret = secret::generate().map_err(|e| ApiError::internal(&e.to_string()))?;
        let new_row = SeatRow {
            kind: if agent { "agent" } else { "human" }.into(),
            name: Some(name),
            secret_hash: Some(secret::hash(&secret)),
            player,
            origin,
            token_hash,
        };
        self.store_seat_and(seat, new_row, casual).await?;
        Ok(secret)
    }

    pub(super) async fn leave(&mut self, access: &Access) -> Result<(), ApiError> {
        let Viewer::Seat(seat) = self.authorise(access)? else {
            return Err(ApiError::wrong_secret(0));
        };
        let i = seat.index();
        let over = self.game.to_act() == ToAct::Over;
        if self.rated && over {
            // The result is fixed (and counted from the seats as they were):
            // the seat stays; only this connection lets it go.
        } else if self.rated && !self.waiting_for_players() {
            // A started rated game: the seat stays its player's (name,
            // rating, result) without its secret, and a bot plays it to
            // the end; the game counts as the player's loss (ratings).
            let mut row = self.seats[i].clone();
            row.secret_hash = None;
            self.store_seat(i, row).await?;
            tracing::info!(table = %self.id, seat = i, "a player left a started rated game: a bot plays on");
        } else {
            self.store_seat(i, SeatRow::open()).await?;
        }
        // Connections that held the seat lose it at once.
        self.subscribers.retain(|s| s.viewer != Viewer::Seat(seat));
        Ok(())
    }

    pub(super) async fn store_seat(&mut self, seat: usize, row: SeatRow) -> Result<(), ApiError> {
        self.store_seat_and(seat, row, None).await
    }

    /// Stores a seat change and, with `casual`, turns the rated table
    /// casual in the same write ([`crate::fairplay`]); then tells everybody.
    async fn store_seat_and(&mut self, seat: usize, row: SeatRow, casual: Option<String>) -> Result<(), ApiError> {
        let write = Write::Seat {
            table: self.id.clone(),
            seat: seat as u8,
            row: row.clone(),
            casual: casual.clone(),
        };
        if let Err(e) = self.shared.db.write(write).await {
            tracing::error!(table = %self.id, error = %e, "seat change not stored");
            return Err(self.write_failed(&e));
        }
        self.seats[seat] = row;
        if let Some(rule) = casual {
            tracing::info!(table = %self.id, seat, rule = %rule, "two seats of one player: the rated table plays casual");
            self.rated = false;
            self.casual = Some(rule);
        }
        if !is_player(&self.seats[seat].kind) {
            self.take_back(seat).await;
        }
        self.clock_sync();
        self.refresh_summary();
        let seats = self.seat_infos();
        let casual = self.casual.as_deref().map(crate::fairplay::Casual::of);
        let msg: Outgoing =
            json!({"type": "seats", "table": self.id, "seats": seats, "rated": self.rated, "casual": casual})
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
                autopilot: is_player(&s.kind)
                    && (s.departed() || self.clock.as_ref().is_some_and(|c| c.on_autopilot(i))),
                left: s.departed(),
            })
            .collect()
    }
}
