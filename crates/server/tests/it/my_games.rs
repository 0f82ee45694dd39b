//! `POST /api/my-games`: the tables of the seats a browser holds, found by
//! their secrets in the body; a wrong secret or a table that is not there
//! lists nothing, no secret is sent back, and bad input (not JSON, unknown
//! fields, too many seats) is refused with its rule and changes nothing.

use crate::common;

use common::{start, temp_sqlite, Api};
use serde_json::{json, Value};

async fn my_games(api: &Api, seats: Value) -> (u16, Value) {
    api.post("/api/my-games", &json!({ "seats": seats }), None).await
}

#[tokio::test]
async fn my_games_lists_the_held_seats_tables_and_nothing_else() {
    let server = start(&temp_sqlite("my-games")).await;
    let api = Api::new(server.addr);
    let running = api.create(2, None).await;
    let a = api.join(&running, 0).await;
    let b = api.join(&running, 1).await;
    let other = api.create(2, None).await;
    let c = api.join(&other, 0).await;

    // Two held seats, one wrong secret, one table that does not exist, one
    // seat out of range, one repeated.
    let seats = json!([
        {"table": running, "seat": 0, "secret": a},
        {"table": other, "seat": 0, "secret": c},
        {"table": running, "seat": 1, "secret": a},
        {"table": "00000000deadbeef", "seat": 0, "secret": a},
        {"table": running, "seat": 9, "secret": a},
        {"table": running, "seat": 0, "secret": a},
    ]);
    let (status, v) = my_games(&api, seats).await;
    assert_eq!(status, 200, "{v}");
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 2, "{v}");
    assert_eq!(v["unknown"], 3, "{v}");
    let mine = games.iter().find(|g| g["id"] == running).expect("listed");
    assert_eq!(
        (mine["seat"].as_u64(), mine["live"].as_bool()),
        (Some(0), Some(true)),
        "{mine}"
    );
    assert_eq!(mine["status"], "playing", "{mine}");
    assert_eq!(mine["seats"][0]["name"], "P0", "{mine}");
    let text = v.to_string();
    for secret in [&a, &b, &c] {
        assert!(!text.contains(secret.as_str()), "a secret was sent back: {text}");
    }

    // A finished game is listed with its result, no longer live.
    let (_, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "clock": null}),
            None,
        )
        .await;
    let done = v["id"].as_str().expect("id").to_string();
    let d0 = api.join(&done, 0).await;
    let d1 = api.join(&done, 1).await;
    assert_eq!(api.guess(&done, 0, &d0).await.0, 200);
    assert_eq!(api.guess(&done, 1, &d1).await.0, 200);
    let (_, v) = my_games(&api, json!([{"table": done, "seat": 1, "secret": d1}])).await;
    let g = &v["games"][0];
    assert_eq!(
        (g["status"].as_str(), g["live"].as_bool()),
        (Some("finished"), Some(false)),
        "{v}"
    );
    assert!(g["result"].is_object(), "{v}");
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn bad_input_to_my_games_is_refused_and_changes_nothing() {
    let server = start(&temp_sqlite("my-games-bad")).await;
    let api = Api::new(server.addr);
    let id = api.create(2, None).await;
    let secret = api.join(&id, 0).await;
    let (_, before) = api.get(&format!("/api/tables/{id}"), None).await;

    let (status, v) = api.post_raw("/api/my-games", "{not json".into(), None).await;
    assert_eq!((status, v["error"]["kind"].as_str()), (400, Some("malformed")), "{v}");
    let (status, v) = api
        .post("/api/my-games", &json!({"seats": [], "password": 1}), None)
        .await;
    assert_eq!((status, v["error"]["kind"].as_str()), (400, Some("malformed")), "{v}");
    let (status, v) = my_games(&api, json!([{"table": id, "seat": 0}])).await;
    assert_eq!((status, v["error"]["kind"].as_str()), (400, Some("malformed")), "{v}");
    let (status, v) = my_games(&api, json!([{"table": id, "seat": 300, "secret": secret}])).await;
    assert_eq!((status, v["error"]["kind"].as_str()), (400, Some("malformed")), "{v}");

    // One more than the cap: refused whole, in both languages.
    let max = server::my_games::MAX_HELD_SEATS;
    let many: Vec<Value> = (0..=max)
        .map(|i| json!({"table": format!("{i:016x}"), "seat": 0, "secret": "x"}))
        .collect();
    let (status, v) = my_games(&api, json!(many)).await;
    assert_eq!(
        (status, v["error"]["rule"].as_str()),
        (400, Some("server.my_games.too_many")),
        "{v}"
    );
    assert!(
        v["error"]["message"]["de"]
            .as_str()
            .is_some_and(|m| m.contains("höchstens")),
        "{v}"
    );
    assert!(
        v["error"]["message"]["en"]
            .as_str()
            .is_some_and(|m| m.contains("at most")),
        "{v}"
    );
    // At the cap it is read.
    let (status, v) = my_games(&api, json!(many[..max])).await;
    assert_eq!((status, v["unknown"].as_u64()), (200, Some(max as u64)), "{v}");

    // A wrong secret lists nothing; a very long one too.
    let (status, v) = my_games(&api, json!([{"table": id, "seat": 0, "secret": "wrong"}])).await;
    assert_eq!((status, v["games"].as_array().map(Vec::len)), (200, Some(0)), "{v}");
    let long = "s".repeat(4000);
    let (status, v) = my_games(&api, json!([{"table": id, "seat": 0, "secret": long}])).await;
    assert_eq!((status, v["unknown"].as_u64()), (200, Some(1)), "{v}");

    // Nothing changed: the table as it was, the seat's secret still plays.
    let (_, after) = api.get(&format!("/api/tables/{id}"), None).await;
    assert_eq!(before, after);
    let (status, _) = api.get(&format!("/api/tables/{id}/view?seat=0"), Some(&secret)).await;
    assert_eq!(status, 200);
    server.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn my_games_lists_the_rated_games_of_the_claimed_name_by_its_token() {
    let server = start(&temp_sqlite("my-games-token")).await;
    let api = Api::new(server.addr);
    const TOKEN: &str = "ana-token-0123456789abcdef";
    let seats = json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}]);
    let (status, v) = api
        .post(
            "/api/tables",
            &json!({"game": "toy", "players": 2, "rated": true, "seats": seats}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let rated = v["id"].as_str().expect("id").to_string();
    let (status, v) = api
        .post(
            &format!("/api/tables/{rated}/seats/0/join"),
            &json!({"name": "Ana", "player_token": TOKEN}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{v}");
    // A casual table of the same browser is not the claimed name's.
    let casual = api.create(2, None).await;
    let (status, _) = api
        .post(
            &format!("/api/tables/{casual}/seats/0/join"),
            &json!({"name": "Ana", "player_token": TOKEN}),
            None,
        )
        .await;
    assert_eq!(status, 201);

    // Another browser with the token and no seats: the rated game, by name.
    let (status, v) = api.post("/api/my-games", &json!({"player_token": TOKEN}), None).await;
    assert_eq!(status, 200, "{v}");
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 1, "{v}");
    assert_eq!(
        (
            games[0]["id"].as_str(),
            games[0]["seat"].as_u64(),
            games[0]["player"].as_str()
        ),
        (Some(rated.as_str()), Some(0), Some("Ana")),
        "{v}"
    );
    // Another token claims nothing; a malformed one is refused.
    let (_, v) = api
        .post(
            "/api/my-games",
            &json!({"player_token": "bob-token-0123456789abcdef"}),
            None,
        )
        .await;
    assert_eq!(v["games"], json!([]), "{v}");
    let (status, v) = api.post("/api/my-games", &json!({"player_token": "short"}), None).await;
    assert_eq!(
        (status, v["error"]["rule"].as_str()),
        (400, Some("server.player.token")),
        "{v}"
    );
    server.shutdown().await.expect("shutdown");
}
