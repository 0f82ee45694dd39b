//! The UI ships inside the binary: every embedded file is served with its
//! content type, the app's page answers at its deep links, and the UI loads
//! nothing from other hosts. No browser needed.

use web_e2e::TestServer;

#[tokio::test(flavor = "multi_thread")]
async fn every_embedded_file_is_served_with_its_type() {
    let server = TestServer::start().await;
    let http = reqwest::Client::new();
    let paths: Vec<&str> = server::webui::asset_paths().collect();
    for must in [
        "index.html",
        "app.js",
        "style.css",
        "games/splendor.js",
        "games/generic.js",
    ] {
        assert!(paths.contains(&must), "{must} is embedded (have {paths:?})");
    }
    for path in &paths {
        let res = http.get(format!("{}/assets/{path}", server.url)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{path}");
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        let expected = match path.rsplit('.').next().unwrap() {
            "js" => "text/javascript",
            "css" => "text/css",
            "html" => "text/html",
            "svg" => "image/svg+xml",
            other => panic!("unexpected asset type .{other}: {path}"),
        };
        assert!(ct.starts_with(expected), "{path}: {ct}");
        let body = res.text().await.unwrap();
        assert!(!body.is_empty(), "{path} is empty");
        // XML namespace names are identifiers, not downloads.
        let body = body.replace("http://www.w3.org/2000/svg", "");
        // Nothing from the internet at run time: no absolute URLs to other hosts.
        for needle in ["https://", "http://", "//cdn", "fonts.googleapis"] {
            assert!(!body.contains(needle), "{path} refers to another host ({needle})");
        }
    }
    for page in ["/", "/play/abc?seat=0", "/watch/abc", "/replay/abc"] {
        let res = http.get(format!("{}{page}", server.url)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{page}");
        let body = res.text().await.unwrap();
        assert!(body.contains("/assets/app.js"), "{page} serves the app");
    }
    let missing = http.get(format!("{}/assets/nope.js", server.url)).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    let api = http.get(format!("{}/api/nope", server.url)).send().await.unwrap();
    assert_eq!(api.status(), 404, "unknown API paths still answer with the API's error");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn replay_frames_step_through_a_finished_game() {
    let server = TestServer::start().await;
    let http = reqwest::Client::new();
    let body = serde_json::json!({
        "game": "splendor", "players": 2, "seed": 7,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    });
    let table: serde_json::Value = http
        .post(format!("{}/api/tables", server.url))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = table["id"].as_str().unwrap().to_string();
    // Not finished yet: the log (and so the replay) holds hidden cards.
    let early = http
        .get(format!("{}/api/tables/{id}/replay", server.url))
        .send()
        .await
        .unwrap();
    let early_status = early.status().as_u16();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let s: serde_json::Value = http
            .get(format!("{}/api/tables/{id}", server.url))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if s["status"] == "finished" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "bots did not finish a game");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    if early_status != 200 {
        assert_eq!(early_status, 409, "a running game's replay is refused");
    }
    let replay: serde_json::Value = http
        .get(format!("{}/api/tables/{id}/replay", server.url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let frames = replay["frames"].as_array().expect("frames");
    assert!(frames.len() > 10, "one frame per action: {}", frames.len());
    assert!(
        frames[0]["view"]["market"].is_array(),
        "the first frame shows the dealt market"
    );
    assert!(
        frames.iter().skip(1).all(|f| f["action"].is_object()),
        "every later frame names its action"
    );
    let last = frames.last().unwrap();
    assert!(
        last["result"]["winners"].is_array(),
        "the last frame carries the result"
    );
    assert_eq!(last["to_act"]["kind"], "over");
    server.stop().await;
}
