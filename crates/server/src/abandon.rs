//! No dead tables: an unfinished table that everybody has left ends as
//! *abandoned* instead of staying "playing" for ever.
//!
//! A table is left when none of its human (or agent) seats has a live
//! connection (a WebSocket subscribed with the seat's secret) and no seat's
//! human has acted, joined, chatted or otherwise shown itself with its
//! secret for [`crate::ServerConfig::abandon_after_secs`] (default
//! [`DEFAULT_AFTER_SECS`], ten minutes; 0 turns this off). Open seats nobody
//! took count as empty, so a table nobody joined ends too; a table of bots
//! only plays on, as it ends by itself.
//!
//! Such a table is stored as closed with the result
//! `{"closed": "server.table.abandoned", "abandoned": true}` (its state is
//! `abandoned` in every summary, after a restart too), is never rated (only a
//! game's end is: [`crate::ratings`]), leaves the lobby at once and gives its
//! place back to its creator's count of open tables.
//!
//! Each server looks at the tables it drives, so with several instances on
//! one PostgreSQL database ([`crate::cluster`]) every table is looked at by
//! its owner, which also holds every connection to it (the others forward
//! them). The time counts from the table's start in this process: a table
//! restored after a restart, or taken over from another instance, gets the
//! whole time again from then on, which only ever gives its players more.

use crate::http::App;
use crate::table::Command;
use std::sync::Weak;
use std::time::Duration;

/// The rule id (and close reason) of an abandoned table.
pub const REASON: &str = "server.table.abandoned";

/// Default of [`crate::ServerConfig::abandon_after_secs`]: ten minutes, long
/// enough for a reload, a lost line or a coffee, short enough that an
/// evening's dead tables are gone from the lobby before the next game.
pub const DEFAULT_AFTER_SECS: u64 = 600;

/// Starts the loop that ends left tables, every quarter of the time (at
/// least every 50 ms, at most every 30 s); `None` when `after_secs` is 0.
pub fn spawn(app: Weak<App>, after_secs: u64) -> Option<tokio::task::JoinHandle<()>> {
    if after_secs == 0 {
        return None;
    }
    let after = Duration::from_secs(after_secs);
    Some(tokio::spawn(run(app, after)))
}

async fn run(app: Weak<App>, after: Duration) {
    let period = (after / 4).clamp(Duration::from_millis(50), Duration::from_secs(30));
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(app) = app.upgrade() else { return };
        sweep(&app, after).await;
    }
}

/// Asks every running table of this server whether it was left; ends those
/// that were. Returns their ids.
pub async fn sweep(app: &App, after: Duration) -> Vec<String> {
    let after_ms = i64::try_from(after.as_millis()).unwrap_or(i64::MAX);
    let mut ended = Vec::new();
    for id in app.lobby.ids() {
        let Some(handle) = app.lobby.get(&id) else { continue };
        if !matches!(handle.summary().status.as_str(), "waiting" | "playing") {
            continue;
        }
        match handle.ask(|reply| Command::Abandon { after_ms, reply }).await {
            Ok(true) => {
                app.lobby.remove(&id);
                app.open_tables.forget(&id);
                tracing::info!(table = %id, "table abandoned");
                ended.push(id);
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(table = %id, rule = %e.info.rule, "abandonment not stored"),
        }
    }
    ended
}
