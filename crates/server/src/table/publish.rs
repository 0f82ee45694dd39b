//! Announcing a table's change: every subscriber gets the update for its
//! own viewer, serialised once per viewer.

use super::*;

impl Table {
    /// Sends every subscriber the events since `from` and its new view,
    /// serialised once per viewer.
    pub(super) fn publish_update(&mut self, from: u64) {
        let mut cache: Vec<(Viewer, Outgoing)> = Vec::new();
        let waiting = self.waiting_for_players();
        let (game, id) = (&self.game, &self.id);
        let version = game.version();
        let to_act = game.to_act();
        let result = game.result();
        let clock = self.clock.as_ref().map(|c| c.view(crate::lobby::now_ms()));
        let mut make = |viewer: Viewer| -> Outgoing {
            if let Some((_, m)) = cache.iter().find(|(v, _)| *v == viewer) {
                return m.clone();
            }
            // The game's parts come as JSON text, serialised straight from
            // its types, and are spliced in as they are.
            let raw = |text: String| RawValue::from_string(text).ok();
            let legal = match viewer {
                Viewer::Seat(seat) if !waiting => game.legal_text(seat),
                _ => "[]".to_string(),
            };
            let update = Update {
                kind: "update",
                table: id,
                viewer,
                from,
                version,
                events: raw(game.events_text(from, viewer)),
                view: raw(game.view_text(viewer)),
                legal: raw(legal),
                to_act,
                result: &result,
                clock: clock.as_ref(),
            };
            let msg: Outgoing = serde_json::to_string(&update).unwrap_or_default().into();
            cache.push((viewer, msg.clone()));
            msg
        };
        self.subscribers.retain(|s| deliver(s, make(s.viewer)));
    }

    pub(super) fn broadcast(&mut self, mut make: impl FnMut(Viewer) -> Option<Outgoing>) {
        self.subscribers.retain(|s| match make(s.viewer) {
            Some(m) => deliver(s, m),
            None => true,
        });
    }
}

/// The `update` message, serialised straight from borrowed parts.
#[derive(serde::Serialize)]
struct Update<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    table: &'a str,
    viewer: Viewer,
    from: u64,
    version: u64,
    events: Option<Box<RawValue>>,
    view: Option<Box<RawValue>>,
    legal: Option<Box<RawValue>>,
    to_act: ToAct,
    result: &'a Option<engine::GameResult>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<&'a ClockView>,
}

/// Queues a message; a subscriber that is gone or too slow is dropped (its
/// client reconnects and gets a fresh snapshot).
fn deliver(s: &Subscriber, msg: Outgoing) -> bool {
    s.sink.try_send(msg).is_ok()
}
