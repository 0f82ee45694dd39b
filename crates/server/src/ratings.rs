//! Ratings in the database: claimed player names, the update when a rated
//! table ends, and the leaderboard (`GET /api/ratings`). The system itself
//! is [`crate::rating`]; docs/ratings.md describes both.
//!
//! Who is rated: a bot seat by its bot spec (kind `bot`), an agent seat by
//! its name (kind `agent`), a human seat by the player name it claimed with
//! a token (kind `human`); a human without a token plays unrated. Only
//! tables created `rated` count, and a table with a chosen seed never is.
//!
//! The update runs in one transaction that first flips the table's
//! `rated_done` from 0 to 1, so a table's result is counted exactly once:
//! a second call finds nothing to do, and a crash before the commit leaves
//! the table to [`catch_up`] at the next start.
//!
//! Each update reads ratings and writes them back. In one process the
//! updates take turns (`UPDATES`); on PostgreSQL, where several instances
//! may finish games of the same player at the same moment, the transaction
//! also locks the rows it will write (created first where missing, in a
//! fixed order so two updates never wait for each other in a circle)
//! before it reads them: the second update waits for the first's commit
//! and reads its result, so no update is lost.

use crate::db::Db;
use crate::error::ApiError;
use crate::rating::{self, Rating};
use engine::GameResult;
use serde::Serialize;
use serde_json::Value;
use sqlx::Row;

/// Most rows `GET /api/ratings` answers with, best first.
pub const MAX_ROWS: i64 = 1000;

/// Shortest and longest player token, in characters.
pub const TOKEN_CHARS: std::ops::RangeInclusive<usize> = 16..=128;

/// The rule-set id ratings use for a game that names no rule sets.
pub const DEFAULT_RULES: &str = "default";

/// Rating updates one at a time in this process: each reads ratings and
/// writes them back.
static UPDATES: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// One leaderboard row, as `GET /api/ratings` sends it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RatingRow {
    /// Bot spec, agent name or claimed player name.
    pub player: String,
    /// `bot`, `agent` or `human`.
    pub kind: String,
    /// The rating (Weng-Lin mu).
    pub rating: f64,
    /// Its deviation (Weng-Lin sigma).
    pub deviation: f64,
    /// Rated games.
    pub games: u64,
    /// Fewer than [`rating::PROVISIONAL_GAMES`] rated games: the rating is
    /// still a rough guess (the leaderboard marks it).
    pub provisional: bool,
}

/// Checks a player token's form: 16–128 characters of `A–Z a–z 0–9 - _`
/// (the browser makes 32 hex digits). Nothing else is stored or compared.
pub fn check_token(token: &str) -> Result<(), ApiError> {
    let ok = token.chars().nth(*TOKEN_CHARS.end()).is_none()
        && TOKEN_CHARS.contains(&token.chars().count())
        && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(ApiError::player_token())
    }
}

/// Claims `name` for `token`, or proves the token of an earlier claim:
/// answers the name as first claimed (a look-alike spelling of it counts as
/// the same name). A name claimed with another token is refused.
pub async fn claim(db: &Db, name: &str, token: &str) -> Result<String, ApiError> {
    check_token(token)?;
    let skeleton = crate::names::skeleton(name);
    let hash = crate::secret::hash(token);
    let pool = db.pool();
    sqlx::query(
        "INSERT INTO players (skeleton, name, token_hash, created_ms) VALUES ($1, $2, $3, $4) ON CONFLICT (skeleton) DO NOTHING",
    )
    .bind(&skeleton)
    .bind(name)
    .bind(&hash)
    .bind(crate::lobby::now_ms())
    .execute(pool)
    .await
    .map_err(storage)?;
    let row = sqlx::query("SELECT name, token_hash FROM players WHERE skeleton = $1")
        .bind(&skeleton)
        .fetch_one(pool)
        .await
        .map_err(storage)?;
    let claimed: String = row.try_get(0).map_err(storage)?;
    let stored: String = row.try_get(1).map_err(storage)?;
    if crate::secret::hashes_match(&stored, &hash) {
        Ok(claimed)
    } else {
        Err(ApiError::name_claimed(name))
    }
}

/// Whether `name` (or a look-alike) is claimed.
pub async fn is_claimed(db: &Db, name: &str) -> Result<bool, ApiError> {
    let row = sqlx::query("SELECT name FROM players WHERE skeleton = $1")
        .bind(crate::names::skeleton(name))
        .fetch_optional(db.pool())
        .await
        .map_err(storage)?;
    Ok(row.is_some())
}

fn storage(e: sqlx::Error) -> ApiError {
    tracing::error!(error = %e, "ratings: database");
    ApiError::storage()
}

/// The rated identity of a seat: `(kind, player)`.
fn identity(kind: &str, name: Option<String>, player: Option<String>) -> Option<(String, String)> {
    match kind {
        "bot" | "agent" => name.map(|n| (kind.to_string(), n)),
        "human" => player.map(|p| ("human".to_string(), p)),
        _ => None,
    }
}

/// Whether a seat lost a rated game by not playing it to the end: a human
/// or agent seat whose player left it after the start (its secret is gone,
/// see `Table::leave`) or that a bot was still playing when the game ended
/// (the clock ran out, or the player handed it over, and the player never
/// took it back). Bot seats never forfeit.
pub fn forfeited(kind: &str, has_secret: bool, on_autopilot: bool) -> bool {
    crate::table::is_player(kind) && (!has_secret || on_autopilot)
}

/// Counts a finished rated table's result, once: returns whether ratings
/// changed. `rules_of` names the rule set of the table's game and options.
pub async fn settle(
    db: &Db,
    table: &str,
    rules_of: &(dyn Fn(&str, &Value) -> String + Sync),
) -> Result<bool, sqlx::Error> {
    let _one = UPDATES.lock().await;
    let mut tx = db.pool().begin().await?;
    let claimed =
        sqlx::query("UPDATE tables SET rated_done = 1 WHERE id = $1 AND rated = 1 AND finished = 1 AND rated_done = 0")
            .bind(table)
            .execute(&mut *tx)
            .await?;
    if claimed.rows_affected() != 1 {
        tx.rollback().await?;
        return Ok(false);
    }
    let row = sqlx::query("SELECT game, options, result, clock FROM tables WHERE id = $1")
        .bind(table)
        .fetch_one(&mut *tx)
        .await?;
    let game: String = row.try_get(0)?;
    let options: String = row.try_get(1)?;
    let result: Option<String> = row.try_get(2)?;
    let clock: Option<String> = row.try_get(3)?;
    // A table the server closed has no game result: nothing to rate.
    let Some(result) = result.and_then(|r| serde_json::from_str::<GameResult>(&r).ok()) else {
        tx.commit().await?;
        return Ok(false);
    };
    let seats = sqlx::query("SELECT kind, name, player, secret_hash FROM seats WHERE table_id = $1 ORDER BY seat")
        .bind(table)
        .fetch_all(&mut *tx)
        .await?;
    // Seats a bot played at the end because their player left or let the
    // clock run out and never came back: they lost (see `forfeited`).
    let autopilot = clock
        .and_then(|c| serde_json::from_str::<crate::clock::StoredClock>(&c).ok())
        .map(|c| c.autopilot)
        .unwrap_or_default();
    let mut ids: Vec<(String, String)> = Vec::new();
    let mut seat_ids: Vec<Option<usize>> = Vec::with_capacity(seats.len());
    let mut forfeits: Vec<bool> = Vec::with_capacity(seats.len());
    for (i, s) in seats.iter().enumerate() {
        let kind: String = s.try_get(0)?;
        let secret: Option<String> = s.try_get(3)?;
        forfeits.push(forfeited(
            &kind,
            secret.is_some(),
            autopilot.get(i).copied().unwrap_or(false),
        ));
        let who = identity(&kind, s.try_get(1)?, s.try_get(2)?);
        seat_ids.push(who.map(|w| match ids.iter().position(|i| *i == w) {
            Some(i) => i,
            None => {
                ids.push(w);
                ids.len() - 1
            }
        }));
    }
    if ids.len() < 2 {
        tx.commit().await?;
        return Ok(false);
    }
    let options: Value = serde_json::from_str(&options).unwrap_or(Value::Null);
    let rules = rules_of(&game, &options);
    if db.is_postgres() {
        let mut order: Vec<&(String, String)> = ids.iter().collect();
        order.sort_unstable();
        for (kind, player) in order {
            sqlx::query(
                "INSERT INTO ratings (game, rules, kind, player, mu, sigma, games, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, 0, $7) ON CONFLICT (game, rules, kind, player) DO NOTHING",
            )
            .bind(&game)
            .bind(&rules)
            .bind(kind)
            .bind(player)
            .bind(rating::START.mu)
            .bind(rating::START.sigma)
            .bind(crate::lobby::now_ms())
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "SELECT games FROM ratings WHERE game = $1 AND rules = $2 AND kind = $3 AND player = $4 FOR UPDATE",
            )
            .bind(&game)
            .bind(&rules)
            .bind(kind)
            .bind(player)
            .fetch_one(&mut *tx)
            .await?;
        }
    }
    let mut ratings = Vec::with_capacity(ids.len());
    let mut games = Vec::with_capacity(ids.len());
    for (kind, player) in &ids {
        let row = sqlx::query(
            "SELECT mu, sigma, games FROM ratings WHERE game = $1 AND rules = $2 AND kind = $3 AND player = $4",
        )
        .bind(&game)
        .bind(&rules)
        .bind(kind)
        .bind(player)
        .fetch_optional(&mut *tx)
        .await?;
        match row {
            Some(r) => {
                ratings.push(Rating {
                    mu: r.try_get(0)?,
                    sigma: r.try_get(1)?,
                });
                games.push(r.try_get::<i64, _>(2)?);
            }
            None => {
                ratings.push(rating::START);
                games.push(0);
            }
        }
    }
    let all_ranks = rating::ranks_with_forfeits(&result, seats.len(), &forfeits);
    let (players, ranks): (Vec<usize>, Vec<usize>) = seat_ids
        .iter()
        .zip(&all_ranks)
        .filter_map(|(p, &r)| p.map(|p| (p, r)))
        .unzip();
    rating::rate_game(&mut ratings, &players, &ranks);
    let now = crate::lobby::now_ms();
    for (((kind, player), r), g) in ids.iter().zip(&ratings).zip(&games) {
        sqlx::query(
            "INSERT INTO ratings (game, rules, kind, player, mu, sigma, games, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game, rules, kind, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_ms = excluded.updated_ms",
        )
        .bind(&game)
        .bind(&rules)
        .bind(kind)
        .bind(player)
        .bind(r.mu)
        .bind(r.sigma)
        .bind(g.saturating_add(1))
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    tracing::info!(table = %table, game = %game, rules = %rules, rated = ids.len(), "ratings updated");
    Ok(true)
}

/// Counts every rated table that ended but was not counted yet (the server
/// stopped between the game's end and the update). Run once at start.
pub async fn catch_up(db: &Db, rules_of: &(dyn Fn(&str, &Value) -> String + Sync)) -> Result<usize, sqlx::Error> {
    let ids: Vec<String> = sqlx::query(
        "SELECT id FROM tables WHERE rated = 1 AND finished = 1 AND rated_done = 0 ORDER BY created_ms, id",
    )
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(|r| r.try_get(0))
    .collect::<Result<_, _>>()?;
    let mut counted = 0;
    for id in &ids {
        if settle(db, id, rules_of).await? {
            counted += 1;
        }
    }
    Ok(counted)
}

/// The leaderboard of a game's rule set, best rating first.
pub async fn list(db: &Db, game: &str, rules: &str) -> Result<Vec<RatingRow>, ApiError> {
    let rows = sqlx::query(
        "SELECT player, kind, mu, sigma, games FROM ratings WHERE game = $1 AND rules = $2 ORDER BY mu DESC, player, kind LIMIT $3",
    )
    .bind(game)
    .bind(rules)
    .bind(MAX_ROWS)
    .fetch_all(db.pool())
    .await
    .map_err(storage)?;
    rows.iter()
        .map(|r| {
            let games = u64::try_from(r.try_get::<i64, _>(4)?).unwrap_or(0);
            Ok(RatingRow {
                player: r.try_get(0)?,
                kind: r.try_get(1)?,
                rating: r.try_get(2)?,
                deviation: r.try_get(3)?,
                games,
                provisional: rating::provisional(games),
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(storage)
}

/// The rule-set id ratings file a table under: the one its options select,
/// else [`DEFAULT_RULES`].
pub fn rules_id(entry: Option<&dyn engine::GameEntry>, options: &Value) -> String {
    crate::protocol::rules_of(entry, options).unwrap_or_else(|| DEFAULT_RULES.to_string())
}
