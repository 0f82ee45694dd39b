//! Ratings: a rated table's result moves the ratings of its bots and of the
//! humans that joined with a player token, exactly once (a restart does not
//! count it again, and a table left uncounted is counted at the next start);
//! casual tables count for nobody; bad input is refused with its rule and
//! changes nothing.

use crate::common;

use common::{start, temp_sqlite, Api};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const ANA: &str = "ana-token-0123456789abcdef";

async fn create(api: &Api, body: Value) -> (u16, Value) {
    api.post("/api/tables", &body, None).await
}

/// A toy table of a human (seat 0) and a `random` bot.
async fn human_and_bot(api: &Api, rated: bool) -> String {
    let (status, v) = create(
        api,
        json!({"game": "toy", "players": 2, "rated": rated,
               "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["rated"], rated, "{v}");
    v["id"].as_str().expect("id").to_string()
}

async fn join(api: &Api, table: &str, body: Value) -> (u16, Value) {
    api.post(&format!("/api/tables/{table}/seats/0/join"), &body, None)
        .await
}

/// Seat 0 guesses; waits until the bot has finished the game.
async fn finish(api: &Api, table: &str, secret: &str) {
    assert_eq!(api.guess(table, 0, secret).await.0, 200);
    let deadline = Instant::now() + Duration::from_secs(10);
    while api.get(&format!("/api/tables/{table}"), None).await.1["status"] != "finished" {
        assert!(Instant::now() < deadline, "the bot does not finish the game");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn board(api: &Api) -> Vec<Value> {
    let (status, v) = api.get("/api/ratings?game=toy", None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        (v["game"].as_str(), v["rules"].as_str()),
        (Some("toy"), Some("default"))
    );
    v["ratings"].as_array().cloned().unwrap_or_default()
}

/// Waits until the leaderboard's rows have `games` games in all.
async fn board_with(api: &Api, games: u64) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let rows = board(api).await;
        if rows.iter().filter_map(|r| r["games"].as_u64()).sum::<u64>() == games {
            return rows;
        }
        assert!(Instant::now() < deadline, "ratings not updated: {rows:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn row<'a>(rows: &'a [Value], kind: &str, player: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["kind"] == kind && r["player"] == player)
        .unwrap_or_else(|| panic!("no {kind} {player} in {rows:?}"))
}

#[tokio::test]
async fn a_rated_table_rates_its_bot_and_its_token_holder_once() {
    rated_tables_count_once(&temp_sqlite("ratings")).await;
}

/// The whole story on the database at `db` (SQLite here, PostgreSQL in
/// `persistence_postgres`).
pub async fn rated_tables_count_once(db: &str) {
    let server = start(db).await;
    let api = Api::new(server.addr);
    assert!(board(&api).await.is_empty());

    let id = human_and_bot(&api, true).await;
    let (status, v) = join(&api, &id, json!({"name": "Ana", "player_token": ANA})).await;
    assert_eq!(status, 201, "{v}");
    assert!(!v.to_string().contains(ANA), "the token is never shown: {v}");
    finish(&api, &id, v["secret"].as_str().expect("secret")).await;
    let rows = board_with(&api, 2).await;
    assert_eq!(rows.len(), 2, "{rows:?}");
    let (ana, bot) = (row(&rows, "human", "Ana"), row(&rows, "bot", "random"));
    for r in [ana, bot] {
        assert_eq!(r["games"], 1);
        assert!(r["deviation"].as_f64().expect("deviation") < 25.0 / 3.0, "{r}");
    }
    let (a, b) = (ana["rating"].as_f64().unwrap(), bot["rating"].as_f64().unwrap());
    assert!((a > 25.0 && b < 25.0) || (a < 25.0 && b > 25.0), "{rows:?}");
    assert!(rows[0]["rating"].as_f64() >= rows[1]["rating"].as_f64(), "best first");
    let summary = api.get(&format!("/api/tables/{id}"), None).await.1;
    assert_eq!(summary["rated"], true);
    assert!(!summary.to_string().contains(ANA));

    // A casual table counts for nobody, token or not.
    let casual = human_and_bot(&api, false).await;
    let (status, v) = join(&api, &casual, json!({"name": "Ana", "player_token": ANA})).await;
    assert_eq!(status, 201, "{v}");
    finish(&api, &casual, v["secret"].as_str().unwrap()).await;
    // A rated table where the human has no token rates nobody (one identity).
    let tokenless = human_and_bot(&api, true).await;
    let (status, v) = join(&api, &tokenless, json!({"name": "Bea"})).await;
    assert_eq!(status, 201, "{v}");
    finish(&api, &tokenless, v["secret"].as_str().unwrap()).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(board(&api).await, rows);

    // A restart counts nothing again.
    server.shutdown().await.expect("shutdown");
    let server = start(db).await;
    let api = Api::new(server.addr);
    assert_eq!(board(&api).await, rows);

    // A rated table whose result was stored but not counted (the server
    // stopped in between) is counted at the next start, once.
    server.shutdown().await.expect("shutdown");
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(db).await.expect("db");
    sqlx::query("UPDATE tables SET rated_done = 0 WHERE id = $1")
        .bind(&id)
        .execute(&pool)
        .await
        .expect("reset");
    pool.close().await;
    let server = start(db).await;
    let api = Api::new(server.addr);
    let again = board_with(&api, 4).await;
    assert_eq!(row(&again, "human", "Ana")["games"], 2, "{again:?}");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn bad_input_is_refused_with_its_rule_and_changes_nothing() {
    let server = start(&temp_sqlite("ratings-bad")).await;
    let api = Api::new(server.addr);
    let rule = |v: &Value| v["error"]["rule"].as_str().unwrap_or_default().to_string();
    let tables = |v: &Value| v["tables"].as_array().map_or(0, Vec::len);

    // A chosen seed is never rated.
    let (status, v) = create(
        &api,
        json!({"game": "toy", "players": 2, "rated": true, "seed": 7,
               "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
    )
    .await;
    assert_eq!((status, rule(&v).as_str()), (400, "server.rating.seed"), "{v}");
    assert!(v["error"]["message"]["de"].as_str().is_some_and(|s| s.contains("Seed")));
    assert_eq!(tables(&api.get("/api/tables", None).await.1), 0);

    // Ana claims her name at a rated table.
    let first = human_and_bot(&api, true).await;
    assert_eq!(
        join(&api, &first, json!({"name": "Ana", "player_token": ANA})).await.0,
        201
    );

    // At another rated table her name (or a look-alike) needs her token.
    let id = human_and_bot(&api, true).await;
    for body in [
        json!({"name": "Ana", "player_token": "someone-else-0123456789"}),
        json!({"name": "ANA", "player_token": "someone-else-0123456789"}),
        json!({"name": "Ana"}),
    ] {
        let (status, v) = join(&api, &id, body.clone()).await;
        assert_eq!(
            (status, rule(&v).as_str()),
            (403, "server.player.name_claimed"),
            "{body}: {v}"
        );
        assert!(v["error"]["message"]["en"]
            .as_str()
            .is_some_and(|s| s.contains("token")));
    }
    // A token of the wrong form, at any table.
    for body in [
        json!({"name": "Cy", "player_token": "short"}),
        json!({"name": "Cy", "player_token": "0123456789abcdef with spaces"}),
        json!({"name": "Cy", "player_token": "x".repeat(129)}),
    ] {
        let (status, v) = join(&api, &id, body.clone()).await;
        assert_eq!((status, rule(&v).as_str()), (400, "server.player.token"), "{body}: {v}");
    }
    let seat = &api.get(&format!("/api/tables/{id}"), None).await.1["seats"][0];
    assert_eq!(seat["kind"], "open", "nothing changed: {seat}");
    // Ana herself may.
    assert_eq!(
        join(&api, &id, json!({"name": "Ana", "player_token": ANA})).await.0,
        201
    );

    // The leaderboard's query.
    for (query, status, expected) in [
        ("", 400, "server.malformed.query"),
        ("?game=toy&sort=up", 400, "server.malformed.query"),
        ("?game=chess", 400, "server.unknown_game"),
        ("?game=toy&rules=base", 400, "server.rating.rules"),
    ] {
        let (s, v) = api.get(&format!("/api/ratings{query}"), None).await;
        assert_eq!((s, rule(&v).as_str()), (status, expected), "{query}: {v}");
        assert!(v["error"]["message"]["de"].is_string(), "{v}");
    }
    assert_eq!(api.get("/api/ratings?game=toy&rules=default", None).await.0, 200);
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn a_rematch_of_a_rated_table_rates_the_same_player_again() {
    let server = start(&temp_sqlite("ratings-rematch")).await;
    let api = Api::new(server.addr);
    let id = human_and_bot(&api, true).await;
    let (status, v) = join(&api, &id, json!({"name": "Ana", "player_token": ANA})).await;
    assert_eq!(status, 201, "{v}");
    let secret = v["secret"].as_str().expect("secret").to_string();
    finish(&api, &id, &secret).await;
    board_with(&api, 2).await;
    let (status, v) = api
        .post(&format!("/api/tables/{id}/rematch"), &json!({"seat": 0}), Some(&secret))
        .await;
    assert_eq!(status, 201, "{v}");
    let next = v["table"].as_str().expect("table").to_string();
    let summary = api.get(&format!("/api/tables/{next}"), None).await.1;
    assert_eq!(
        (summary["rated"].as_bool(), summary["seats"][0]["name"].as_str()),
        (Some(true), Some("Ana")),
        "{summary}"
    );
    finish(&api, &next, v["secret"].as_str().expect("secret")).await;
    let rows = board_with(&api, 4).await;
    assert_eq!(row(&rows, "human", "Ana")["games"], 2, "{rows:?}");
    server.shutdown().await.expect("shutdown");
}

const BEA: &str = "bea-token-0123456789abcdef";

/// A rated toy table of two humans (seats 0 and 1) and a `random` bot,
/// with the fields of `extra` (a clock) added.
async fn two_and_a_bot(api: &Api, extra: Value) -> String {
    let mut body = json!({"game": "toy", "players": 3, "rated": true,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    let (status, v) = create(api, body).await;
    assert_eq!(status, 201, "{v}");
    v["id"].as_str().expect("id").to_string()
}

/// Seat `seat` joins as `name` with `token`; answers the status and the
/// secret (empty when refused) with the whole answer.
async fn sit(api: &Api, table: &str, seat: u8, name: &str, token: &str) -> (u16, String, Value) {
    let (status, v) = api
        .post(
            &format!("/api/tables/{table}/seats/{seat}/join"),
            &json!({"name": name, "player_token": token}),
            None,
        )
        .await;
    (status, v["secret"].as_str().unwrap_or_default().to_string(), v)
}

async fn summary(api: &Api, table: &str) -> Value {
    api.get(&format!("/api/tables/{table}"), None).await.1
}

async fn until_finished(api: &Api, table: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while summary(api, table).await["status"] != "finished" {
        assert!(
            Instant::now() < deadline,
            "the game does not end: {}",
            summary(api, table).await
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn rule(v: &Value) -> &str {
    v["error"]["rule"].as_str().unwrap_or_default()
}

fn mu(rows: &[Value], kind: &str, player: &str) -> f64 {
    row(rows, kind, player)["rating"].as_f64().expect("rating")
}

#[tokio::test]
async fn server_rating_seat_left_a_leaver_loses_and_nobody_takes_the_seat() {
    leavers_lose(&temp_sqlite("ratings-left")).await;
}

/// Issue 41, item 1, on the database at `db` (SQLite here, PostgreSQL in
/// `persistence_postgres`): a player who leaves a started rated game is
/// rated as having lost it, whatever the bot that plays the seat on
/// scores; the seat is not reopened, and a newcomer may not take it.
pub async fn leavers_lose(db: &str) {
    let server = start(db).await;
    let (ana, bea, eve) = (
        Api::from_address(server.addr, 2),
        Api::from_address(server.addr, 3),
        Api::from_address(server.addr, 4),
    );

    // Before the start, leaving gives the seat back as always.
    let waiting = two_and_a_bot(&ana, json!({})).await;
    let (status, secret, v) = sit(&bea, &waiting, 1, "Bea", BEA).await;
    assert_eq!(status, 201, "{v}");
    let left = bea
        .post(
            &format!("/api/tables/{waiting}/seats/1/leave"),
            &json!({}),
            Some(&secret),
        )
        .await;
    assert_eq!(left.0, 200, "{left:?}");
    assert_eq!(summary(&ana, &waiting).await["seats"][1]["kind"], "open");

    // Every seat taken: the game has started.
    let id = two_and_a_bot(&ana, json!({})).await;
    let (status, ana_secret, v) = sit(&ana, &id, 0, "Ana", ANA).await;
    assert_eq!(status, 201, "{v}");
    let (status, bea_secret, v) = sit(&bea, &id, 1, "Bea", BEA).await;
    assert_eq!(status, 201, "{v}");
    let s = summary(&ana, &id).await;
    assert_eq!(
        (s["status"].as_str(), s["rated"].as_bool()),
        (Some("playing"), Some(true)),
        "{s}"
    );
    assert!(s.get("casual").is_none(), "two addresses, two tokens: rated: {s}");

    // Bea leaves: the seat stays hers, a bot plays it, the table does not wait.
    let (status, v) = bea
        .post(
            &format!("/api/tables/{id}/seats/1/leave"),
            &json!({}),
            Some(&bea_secret),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let s = summary(&ana, &id).await;
    assert_ne!(s["status"], "waiting", "{s}");
    let seat = &s["seats"][1];
    assert_eq!(
        (seat["kind"].as_str(), seat["name"].as_str(), seat["left"].as_bool()),
        (Some("human"), Some("Bea"), Some(true)),
        "{s}"
    );
    // Nobody takes the seat (and its result) over; her old secret acts no more.
    for (api, name, token) in [(&eve, "Eve", "eve-token-0123456789abcdef"), (&bea, "Bea", BEA)] {
        let (status, _, v) = sit(api, &id, 1, name, token).await;
        assert_eq!((status, rule(&v)), (409, "server.rating.seat_left"), "{v}");
        assert!(
            v["error"]["message"]["de"].as_str().is_some_and(|m| m.contains("Bot")),
            "{v}"
        );
    }
    assert_eq!(
        summary(&ana, &id).await["seats"][1],
        *seat,
        "a refused join changes nothing"
    );
    let version = summary(&ana, &id).await["version"].clone();
    let (status, v) = bea
        .post(
            &format!("/api/tables/{id}/act"),
            &json!({"seat": 1, "action": {"type": "guess", "n": 1}, "version": version}),
            Some(&bea_secret),
        )
        .await;
    assert_eq!((status, rule(&v)), (403, "server.wrong_secret"), "{v}");

    // Ana plays; the bots end the game. Bea ranks last whatever her bot drew.
    assert_eq!(ana.guess(&id, 0, &ana_secret).await.0, 200);
    until_finished(&ana, &id).await;
    let rows = board_with(&ana, 3).await;
    let (a, b, r) = (
        mu(&rows, "human", "Ana"),
        mu(&rows, "human", "Bea"),
        mu(&rows, "bot", "random"),
    );
    assert!(b < 25.0 && b < a && b < r, "the leaver lost: {rows:?}");
    for x in &rows {
        assert_eq!(
            (x["games"].as_u64(), x["provisional"].as_bool()),
            (Some(1), Some(true)),
            "{x}"
        );
    }

    // After the end a leave changes nothing: the seats and ratings stay.
    let (status, _) = ana
        .post(
            &format!("/api/tables/{id}/seats/0/leave"),
            &json!({}),
            Some(&ana_secret),
        )
        .await;
    assert_eq!(status, 200);
    let s = summary(&ana, &id).await;
    assert_eq!(
        (s["seats"][0]["name"].as_str(), s["seats"][0].get("left")),
        (Some("Ana"), None),
        "{s}"
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(board(&ana).await, rows);
    server.shutdown().await.expect("shutdown");
}

/// Issue 41, item 1: a player whose turn clock ran out and who did not come
/// back before the end lost the rated game; who played a seat at the end
/// can no longer change afterwards.
#[tokio::test]
async fn server_rating_autopilot_after_end_a_player_whose_clock_ran_out_loses() {
    let server = start(&temp_sqlite("ratings-clock")).await;
    let (ana, bea) = (Api::from_address(server.addr, 2), Api::from_address(server.addr, 3));
    let id = two_and_a_bot(&ana, json!({"clock": {"turn_seconds": 5, "grace_seconds": 0}})).await;
    let (status, ana_secret, v) = sit(&ana, &id, 0, "Ana", ANA).await;
    assert_eq!(status, 201, "{v}");
    let (status, bea_secret, v) = sit(&bea, &id, 1, "Bea", BEA).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(ana.guess(&id, 0, &ana_secret).await.0, 200);
    // Bea never acts: her clock runs out, the bot plays her seat, the game ends.
    until_finished(&ana, &id).await;
    let rows = board_with(&ana, 3).await;
    let (a, b, r) = (
        mu(&rows, "human", "Ana"),
        mu(&rows, "human", "Bea"),
        mu(&rows, "bot", "random"),
    );
    assert!(
        b < 25.0 && b < a && b < r,
        "the player who let the clock run out lost: {rows:?}"
    );
    let (status, v) = bea
        .post(
            &format!("/api/tables/{id}/autopilot"),
            &json!({"seat": 1, "on": false}),
            Some(&bea_secret),
        )
        .await;
    assert_eq!((status, rule(&v)), (409, "server.rating.autopilot_after_end"), "{v}");
    assert!(v["error"]["message"]["en"].is_string() && v["error"]["message"]["de"].is_string());
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(board(&ana).await, rows, "nothing changed");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn server_rating_same_player_two_seats_of_one_player_play_casual() {
    same_player_plays_casual(&temp_sqlite("ratings-same")).await;
}

/// Issue 41, item 2, on the database at `db`: two seats of one address, or
/// of one player token, make a rated table casual from that join on
/// (before any move), the table says so, and nothing is rated; a restart
/// keeps it so.
pub async fn same_player_plays_casual(db: &str) {
    let server = start(db).await;
    let one = Api::new(server.addr);
    let (ana, bea) = (Api::from_address(server.addr, 2), Api::from_address(server.addr, 3));
    let mut casual = Vec::new();
    // One address, two names and tokens; then two addresses, one token.
    for (first, second, sock, token) in [(&one, &one, "Sock", BEA), (&ana, &bea, "Socke", ANA)] {
        let id = two_and_a_bot(first, json!({})).await;
        let (status, s0, v) = sit(first, &id, 0, "Ana", ANA).await;
        assert_eq!(status, 201, "{v}");
        let before = summary(first, &id).await;
        assert_eq!((before["rated"].as_bool(), before.get("casual")), (Some(true), None));
        let (status, s1, v) = sit(second, &id, 1, sock, token).await;
        assert_eq!(status, 201, "{v}");
        let s = summary(first, &id).await;
        assert_eq!(s["rated"], false, "{s}");
        assert_eq!(s["casual"]["rule"], "server.rating.same_player", "{s}");
        assert!(
            s["casual"]["message"]["de"]
                .as_str()
                .is_some_and(|m| m.contains("nicht gewertet")),
            "{s}"
        );
        assert!(
            s["casual"]["message"]["en"]
                .as_str()
                .is_some_and(|m| m.contains("not rated")),
            "{s}"
        );
        assert_eq!(s["version"], before["version"], "said before the first move");
        let (_, view) = first.get(&format!("/api/tables/{id}/view?seat=0"), Some(&s0)).await;
        assert_eq!(view["casual"], s["casual"], "the view says so too: {view}");
        assert_eq!(first.guess(&id, 0, &s0).await.0, 200);
        assert_eq!(second.guess(&id, 1, &s1).await.0, 200);
        until_finished(first, &id).await;
        casual.push(id);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(board(&one).await.is_empty(), "nothing is rated");

    // A restart keeps the tables casual, and says why.
    server.shutdown().await.expect("shutdown");
    let server = start(db).await;
    let api = Api::new(server.addr);
    for id in &casual {
        let s = summary(&api, id).await;
        assert_eq!(
            (s["rated"].as_bool(), s["casual"]["rule"].as_str()),
            (Some(false), Some("server.rating.same_player")),
            "{s}"
        );
    }
    assert!(board(&api).await.is_empty());
    server.shutdown().await.expect("shutdown");
}
