//! The table's side of a hint ([`crate::analysis`]): whether the seat that
//! asks may have its current decision analysed while the game runs, and the
//! position it gets analysed in. Nothing at the table changes.

use super::{is_player, Access, Table};
use crate::analysis::{self, Position};
use crate::error::ApiError;
use engine::{ToAct, Viewer};

impl Table {
    /// The position of a hint for `access` at `step` (the current version
    /// if left out); `None` once the game is over (then the finished
    /// table's log is analysed instead). Refused to spectators, at rated
    /// tables, at tables where another seat is played by a person or an
    /// agent, and for any step but the current one.
    pub(super) fn hint(&self, access: &Access, step: Option<u64>) -> Result<Option<Position>, ApiError> {
        if self.game.to_act() == ToAct::Over {
            return Ok(None);
        }
        let seat = match self.authorise(access)? {
            Viewer::Seat(seat) => seat,
            Viewer::Spectator => return Err(analysis::spectator()),
        };
        if self.rated {
            return Err(analysis::rated());
        }
        let others = self.seats.iter().enumerate().filter(|(i, _)| *i != seat.index());
        if others
            .clone()
            .any(|(_, row)| row.kind == "open" || (is_player(&row.kind) && !row.departed()))
        {
            return Err(analysis::other_humans());
        }
        let version = self.game.version();
        if let Some(step) = step.filter(|&s| s != version) {
            return Err(analysis::live_step(step, version));
        }
        let legal = self.game.legal(seat).map_err(ApiError::engine)?;
        if legal.is_empty() {
            return Err(ApiError::engine(engine::ErrorInfo::new(
                "not_your_turn",
                "engine.not_your_turn",
                format!("Platz {} ist gerade nicht am Zug.", seat.0),
                format!("Seat {} is not to act now.", seat.0),
            )));
        }
        Ok(Some(Position {
            game: self.game.game().to_string(),
            state: self.game.state(),
            seat,
            legal,
            version,
        }))
    }
}
