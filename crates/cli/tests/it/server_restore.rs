//! Every game restores exactly from what the server stores, and an edited
//! seed is caught: tables of Splendor, CATAN (random boards, Cities &
//! Knights, heroes) and Catan Junior are played part-way over HTTP; the
//! stored seed of every other table is changed by one bit. After a restart
//! the edited tables are quarantined (the seed is part of the hash chain:
//! it would change every roll and card still to come), and at the others
//! every seat and a spectator see exactly what they saw, with the same legal
//! actions, and play goes on.

use crate::common;

use common::{games, temp_db};
use serde_json::{json, Value};
use sqlx::Row;

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    async fn get(&self, path: &str, secret: Option<&str>) -> (u16, Value) {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(s) = secret {
            req = req.header("x-seat-secret", s);
        }
        let resp = req.send().await.expect("GET");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: &Value, secret: Option<&str>) -> (u16, Value) {
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(s) = secret {
            req = req.header("x-seat-secret", s);
        }
        let resp = req.send().await.expect("POST");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }
}

async fn start(db: &str) -> server::RunningServer {
    let config = server::ServerConfig {
        addr: "127.0.0.1:0".into(),
        database_url: db.into(),
        bot_think_ms: 0,
        // One client plays every seat of every table, as fast as it can.
        http_rate: 1e6,
        http_burst: 1e6,
        ..server::ServerConfig::default()
    }
    // Restores many tables from one address: the per-address limits would refuse them.
    .for_load_test();
    server::start(config, games(), server::BotRegistry::default())
        .await
        .expect("server starts")
}

/// What every seat and a spectator see: view, legal actions, version, who acts.
async fn pictures(api: &Api, id: &str, secrets: &[String]) -> Vec<Value> {
    let mut out = Vec::new();
    for (s, secret) in secrets.iter().enumerate() {
        let (status, v) = api.get(&format!("/api/tables/{id}/view?seat={s}"), Some(secret)).await;
        assert_eq!(status, 200, "{v}");
        out.push(json!([v["view"], v["legal"], v["version"], v["to_act"]]));
    }
    let (_, v) = api.get(&format!("/api/tables/{id}/view"), None).await;
    out.push(json!([v["view"], v["version"], v["to_act"]]));
    out
}

/// Plays `steps` actions, each a legal action (picked by `pick`) of a seat to act.
async fn play(api: &Api, id: &str, secrets: &[String], steps: usize, pick: &mut u64) {
    for _ in 0..steps {
        let (_, summary) = api.get(&format!("/api/tables/{id}"), None).await;
        let Some(seat) = summary["to_act"]["seats"]
            .as_array()
            .and_then(|s| s.first())
            .and_then(Value::as_u64)
        else {
            return;
        };
        let secret = &secrets[seat as usize];
        let (_, snap) = api
            .get(&format!("/api/tables/{id}/view?seat={seat}"), Some(secret))
            .await;
        let legal = snap["legal"].as_array().expect("legal actions");
        *pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let action = &legal[(*pick >> 33) as usize % legal.len()];
        let body = json!({"seat": seat, "action": action, "version": snap["version"]});
        let (status, v) = api.post(&format!("/api/tables/{id}/act"), &body, Some(secret)).await;
        assert_eq!(status, 200, "{id}: {action} refused: {v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_restores_exactly_and_an_edited_seed_is_quarantined() {
    let db = temp_db("restore");
    let server = start(&db).await;
    let api = Api {
        base: format!("http://{}", server.addr),
        http: reqwest::Client::new(),
    };
    let kinds = [
        ("splendor", 2, Value::Null),
        ("splendor", 4, Value::Null),
        ("catan", 3, Value::Null),
        ("catan", 4, json!({"rules": "cities_knights"})),
        ("catan", 3, json!({"rules": "cities_knights_heroes"})),
        ("catan-junior", 2, Value::Null),
        ("catan-junior", 4, Value::Null),
    ];
    let mut pick = 17u64;
    let mut tables = Vec::new();
    for (i, (game, players, options)) in kinds.iter().cycle().take(2 * kinds.len()).enumerate() {
        let body = json!({"game": game, "players": players, "options": options});
        let (status, v) = api.post("/api/tables", &body, None).await;
        assert_eq!(status, 201, "{v}");
        let id = v["id"].as_str().expect("id").to_string();
        let mut secrets = Vec::new();
        for s in 0..*players {
            let (status, v) = api
                .post(&format!("/api/tables/{id}/seats/{s}/join"), &json!({}), None)
                .await;
            assert_eq!(status, 201, "{v}");
            secrets.push(v["secret"].as_str().expect("secret").to_string());
        }
        play(&api, &id, &secrets, [0, 9, 40][i % 3], &mut pick).await;
        let before = pictures(&api, &id, &secrets).await;
        tables.push((id, secrets, before));
    }
    server.shutdown().await.expect("clean shutdown");

    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db).await.expect("connects");
    let rows = sqlx::query("SELECT id, seed FROM tables WHERE finished = 0")
        .fetch_all(&pool)
        .await
        .expect("seeds");
    assert_eq!(rows.len(), tables.len(), "every table unfinished");
    let mut edited = std::collections::BTreeSet::new();
    for (n, row) in rows.iter().enumerate().filter(|(n, _)| n % 2 == 1) {
        let (id, seed): (String, i64) = (row.get(0), row.get(1));
        sqlx::query("UPDATE tables SET seed = $1 WHERE id = $2")
            .bind(seed ^ (1 << (n % 64)))
            .bind(&id)
            .execute(&pool)
            .await
            .expect("seed changed");
        edited.insert(id);
    }
    pool.close().await;

    let server = start(&db).await;
    let api = Api {
        base: format!("http://{}", server.addr),
        http: reqwest::Client::new(),
    };
    assert_eq!(
        server.restored,
        tables.len() - edited.len(),
        "every table but the edited restored"
    );
    let (_, health) = api.get("/api/health", None).await;
    let quarantined: std::collections::BTreeSet<String> = health["quarantined"]
        .as_array()
        .expect("quarantined")
        .iter()
        .map(|q| {
            assert_eq!(q["reason"], "chain_broken", "{q}");
            q["id"].as_str().expect("id").to_string()
        })
        .collect();
    assert_eq!(quarantined, edited, "the edited seeds, and only they, are caught");
    for (id, secrets, before) in tables.iter().filter(|(id, ..)| !edited.contains(id)) {
        assert_eq!(
            &pictures(&api, id, secrets).await,
            before,
            "table {id} came back changed"
        );
        play(&api, id, secrets, 10, &mut pick).await;
    }
    server.shutdown().await.expect("clean shutdown");
}
