//! A stored table brought back on start from its stored log, exactly, or
//! put in [`Quarantine`] with the reason.

use super::*;

/// Rebuilds a match of [`LEGACY_LOG_FORMAT`] from its seed and stored seat
/// actions: the seed redraws the chance, which is right only while the RNG
/// code is the one that wrote them (a restore upgrades such a table at once).
pub fn replay_legacy(
    entry: &dyn GameEntry,
    options: &Value,
    players: usize,
    seed: u64,
    actions: &[(u8, Value)],
) -> Result<Box<dyn DynMatch>, String> {
    let mut game = entry
        .create(options, players, seed, ChanceMode::Seeded)
        .map_err(|e| e.to_string())?;
    for (i, (seat, action)) in actions.iter().enumerate() {
        game.act(Seat(*seat), action, None)
            .map_err(|e| format!("action {i} refused on replay: {e}"))?;
    }
    Ok(game)
}

/// Why a stored table was not restored.
#[derive(Debug)]
pub enum NotRestored {
    /// A [`Quarantined::reason`] and details.
    Reason(&'static str, String),
    /// The hash chain breaks there.
    Chain(chain::Break),
}

impl From<(&'static str, String)> for NotRestored {
    fn from((reason, detail): (&'static str, String)) -> NotRestored {
        NotRestored::Reason(reason, detail)
    }
}

impl NotRestored {
    /// Keeps the table aside for this reason.
    pub fn quarantine(&self, q: &Quarantine, id: &str) {
        match self {
            NotRestored::Reason(reason, detail) => q.add(id, reason, detail),
            NotRestored::Chain(at) => q.add_break(id, at),
        }
    }
}

/// Brings a stored table back and starts it, or says why it is kept aside.
///
/// A table of [`LOG_FORMAT`] is rebuilt from its start state and entries,
/// applying the stored chance outcomes (nothing is drawn anew), and must
/// reach exactly the stored version and digest. A table of
/// [`LEGACY_LOG_FORMAT`] is replayed from its seed and seat actions, must
/// reach its stored version, and is then rewritten in the current format
/// before it is served, so it no longer depends on the RNG code either.
pub async fn restore(
    entry: Option<Arc<dyn GameEntry>>,
    st: StoredTable,
    shared: &Shared,
) -> Result<TableHandle, NotRestored> {
    let t = &st.table;
    let key = shared.db.server_secret();
    let entry = entry.ok_or_else(|| {
        (
            "game_not_offered",
            format!("game '{}' is not offered by this server", t.game),
        )
    })?;
    let unreadable = |what: &str, e: &dyn std::fmt::Display| ("unreadable", format!("{what}: {e}"));
    let options: Value = serde_json::from_str(&t.options).map_err(|e| unreadable("options", &e))?;
    if st.seats.len() != t.players {
        let detail = format!("{} seats stored for {} players", st.seats.len(), t.players);
        return Err(("unreadable", detail).into());
    }
    let start = |start_state, seed| chain::Start {
        game: &t.game,
        players: t.players,
        options: &t.options,
        start_state,
        seed,
    };
    let check_version = |game: &dyn DynMatch| {
        if game.version() == t.version {
            Ok(())
        } else {
            let detail = format!(
                "the log reaches version {}, the stored version is {}",
                game.version(),
                t.version
            );
            Err(("version_mismatch", detail))
        }
    };
    let (game, chain) = match st.log_format {
        LOG_FORMAT | SEEDLESS_LOG_FORMAT | UNCHAINED_LOG_FORMAT => {
            let start_state = st
                .start_state
                .as_deref()
                .ok_or_else(|| unreadable("start state", &"missing"))?;
            // The chain first: it names the entry that was edited, where the
            // engine would only refuse some later one, or (two dice swapped
            // so that their effects cancel) none at all.
            // Format 3 was linked without the seed: verified as written,
            // then sealed anew with it below.
            let seed = match st.log_format {
                LOG_FORMAT => Some(Some(t.seed)),
                SEEDLESS_LOG_FORMAT => Some(None),
                _ => None,
            };
            let verified = if let Some(seed) = seed {
                let chained = Chain::verify(
                    key,
                    start(start_state, seed),
                    st.chain_start.as_deref(),
                    &st.entries,
                    &st.links,
                    st.chain_head.as_deref(),
                );
                Some(chained.map_err(NotRestored::Chain)?)
            } else {
                None
            };
            let stored = Stored {
                options: &options,
                players: t.players,
                seed: t.seed,
                start_state,
                entries: &st.entries,
                mode: ChanceMode::Seeded,
            };
            let game = entry.restore(stored).map_err(|e| ("refused", e.to_string()))?;
            check_version(game.as_ref())?;
            let digest = digest_text(game.digest());
            if st.digest.as_deref() != Some(digest.as_str()) {
                let detail = format!("the state's digest is {digest}, the stored one {:?}", st.digest);
                return Err(("digest_mismatch", detail).into());
            }
            match verified {
                Some(chain) if st.log_format == LOG_FORMAT => (game, chain),
                // Stored before the chain existed (checked as then: version
                // and digest) or before the seed was linked (its chain
                // verified): sealed with a chain over the seed from here on.
                _ => {
                    let chain = seal(shared, t, game.as_ref(), start_state).await?;
                    tracing::info!(table = %t.id, "table's log sealed with a hash chain (format {LOG_FORMAT})");
                    (game, chain)
                }
            }
        }
        LEGACY_LOG_FORMAT => {
            let mut actions = Vec::with_capacity(st.actions.len());
            for (i, a) in st.actions.iter().enumerate() {
                let v: Value = serde_json::from_str(&a.action).map_err(|e| unreadable(&format!("action {i}"), &e))?;
                actions.push((a.seat, v));
            }
            let game =
                replay_legacy(entry.as_ref(), &options, t.players, t.seed, &actions).map_err(|e| ("refused", e))?;
            check_version(game.as_ref())?;
            let start_state = game.start_state_text();
            let chain = seal(shared, t, game.as_ref(), &start_state).await?;
            tracing::info!(table = %t.id, "table's log upgraded to format {LOG_FORMAT}");
            (game, chain)
        }
        other => {
            return Err((
                "unknown_format",
                format!("log format {other} is not known to this server"),
            )
                .into())
        }
    };
    let clock = match t.clock.as_deref() {
        None => None,
        Some(text) => Some(serde_json::from_str::<StoredClock>(text).map_err(|e| unreadable("clock", &e))?),
    };
    tracing::info!(table = %t.id, game = %t.game, version = t.version, "table restored");
    let setup = Setup {
        id: t.id.clone(),
        options,
        seed: t.seed,
        created_ms: t.created_ms,
        entry,
        game,
        seats: st.seats,
        chat: st.chat,
        clock,
        chain,
        seed_chosen: t.seed_chosen,
        rated: t.rated,
        casual: t.casual.clone(),
    };
    Ok(spawn(setup, shared.clone()))
}

/// Rewrites a table stored before the chain (format 1 or 2), or before the
/// seed was linked (format 3), as
/// [`LOG_FORMAT`]: its whole log, each entry with its link.
async fn seal(
    shared: &Shared,
    t: &crate::db::TableRow,
    game: &dyn DynMatch,
    start_state: &str,
) -> Result<Chain, NotRestored> {
    let start = chain::Start {
        game: &t.game,
        players: t.players,
        options: &t.options,
        start_state,
        seed: Some(t.seed),
    };
    let mut chain = Chain::new(shared.db.server_secret(), start);
    let upgrade = Write::Upgrade {
        table: t.id.clone(),
        start_state: start_state.to_string(),
        chain_start: chain.start_text(),
        log: LogRows::of(game, 0, &mut chain),
    };
    shared
        .db
        .write(upgrade)
        .await
        .map_err(|e| NotRestored::Reason("not_stored", e))?;
    Ok(chain)
}
