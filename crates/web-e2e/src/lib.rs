//! The harness of spielleiter's browser end-to-end tests: the real server
//! (the same code `spielleiter serve` runs) on a free loopback port with a
//! temporary SQLite file, and headless Chromium driven over W3C WebDriver by
//! Debian's `chromedriver`. The tests in `tests/` click through the web UI as
//! a person would.
//!
//! Chromium and chromedriver come from Debian's packages (`chromium`,
//! `chromium-driver`; `web/ci/install-browser.sh` installs them). Without them
//! a test fails with a clear message, unless `SPIELLEITER_SKIP_BROWSER=1`.
//! `SPIELLEITER_CHROMIUM` and `SPIELLEITER_CHROMEDRIVER` override the paths;
//! `SPIELLEITER_SCREENSHOTS=DIR` saves the tests' screenshots there.

pub mod capture;
pub mod child;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The key W3C WebDriver uses for element references.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh empty folder below the system's temp folder, removed on drop.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// Creates the folder.
    pub fn new(what: &str) -> TempDir {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("spielleiter-e2e-{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temp folder");
        TempDir(path)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The game server under test.
#[derive(Debug)]
pub struct TestServer {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    running: Option<server::RunningServer>,
    _dir: TempDir,
    replay_seed: Option<u64>,
}

impl TestServer {
    /// Starts the server with every game of the binary and the built-in bots,
    /// on a free port, with a temporary SQLite database and quick bots.
    pub async fn start() -> TestServer {
        Self::start_with(None).await
    }

    /// Starts the server in its reproducible mode (`ServerConfig::replay_seed`)
    /// with `seed`, or with the seed in `SPIELLEITER_E2E_SEED` when set (to
    /// look for a game that shows what a test must see in fewer moves, or to
    /// replay a failure). The tables' chance and the bots' choices follow from
    /// the seed, so a complete game played by a deterministic click policy is
    /// the same game on every run, its length known instead of drawn anew (a
    /// long draw once took a full-game test past its time budget on CI).
    pub async fn start_game(seed: u64) -> TestServer {
        let seed = std::env::var("SPIELLEITER_E2E_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(seed);
        eprintln!("replay seed {seed}");
        Self::start_with(Some(seed)).await
    }

    /// Starts instance `name` of several on the PostgreSQL database at
    /// `database_url` (docs/server.md, "Several instances").
    pub async fn start_instance(database_url: &str, name: &str) -> TestServer {
        Self::start_instance_with(database_url, name, 0).await
    }

    /// [`TestServer::start_instance`] with bots that wait `bot_think_ms`
    /// before each move, so that a bots-only table is still running when a
    /// test interrupts its instance.
    pub async fn start_instance_with(database_url: &str, name: &str, bot_think_ms: u64) -> TestServer {
        let dir = TempDir::new("instance");
        let config = server::ServerConfig {
            database_url: database_url.into(),
            instance: Some(name.into()),
            bot_think_ms,
            ..Self::config("127.0.0.1:0", None)
        };
        let running = server::start(config, Self::games(), server::BotRegistry::default())
            .await
            .expect("the instance starts");
        TestServer {
            url: format!("http://{}", running.addr),
            running: Some(running),
            _dir: dir,
            replay_seed: None,
        }
    }

    /// The running server (`None` once stopped), e.g. to ask its
    /// [`server::RunningServer::cluster`] who owns a table.
    pub fn running(&self) -> Option<&server::RunningServer> {
        self.running.as_ref()
    }

    async fn start_with(replay_seed: Option<u64>) -> TestServer {
        let dir = TempDir::new("db");
        let running = Self::run(&dir, "127.0.0.1:0", replay_seed).await;
        TestServer {
            url: format!("http://{}", running.addr),
            running: Some(running),
            _dir: dir,
            replay_seed,
        }
    }

    /// Stops the server and starts it again on the same address and
    /// database, as after a crash or an update: unfinished tables come back.
    pub async fn restart(&mut self) {
        self.stop_only().await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let addr = self.url.trim_start_matches("http://").to_string();
        self.running = Some(Self::run(&self._dir, &addr, self.replay_seed).await);
    }

    /// Stops the server, keeping its database for [`TestServer::restart`].
    pub async fn stop_only(&mut self) {
        if let Some(r) = self.running.take() {
            r.shutdown().await.expect("the server stops cleanly");
        }
    }

    /// Every game of the binary.
    fn games() -> server::Registry {
        let entries = spielleiter_cli::registry::GAMES
            .iter()
            .map(|id| spielleiter_cli::registry::entry(id).expect("every listed game has an entry"))
            .collect();
        server::Registry::new(entries).expect("game registry")
    }

    async fn run(dir: &TempDir, addr: &str, replay_seed: Option<u64>) -> server::RunningServer {
        let config = server::ServerConfig {
            database_url: format!("sqlite://{}", dir.path().join("e2e.db").display()),
            ..Self::config(addr, replay_seed)
        };
        // The position analysis of `spielleiter serve` (hints, a replay's best moves).
        let bots =
            server::BotRegistry::default().with_analyst(std::sync::Arc::new(spielleiter_cli::analyze::ServerAnalyst));
        server::start(config, Self::games(), bots)
            .await
            .expect("the server starts")
    }

    /// The tests' configuration: quick bots, a browser's worth of requests.
    fn config(addr: &str, replay_seed: Option<u64>) -> server::ServerConfig {
        server::ServerConfig {
            addr: addr.into(),
            bot_think_ms: 0,
            // A browser opens several connections and polls; the test is not a load test.
            http_rate: 1000.0,
            http_burst: 2000.0,
            // Every player's browser of a test comes from the one loopback
            // address, opening and reopening pages far faster than a
            // household behind one address would: not paced (the pacing has
            // its own tests in `server::pace` and the soak's socket flood).
            connection_rate: 0.0,
            // The test reproduces positions from a seed at tables of several humans.
            allow_chosen_seeds: true,
            replay_seed,
            ..server::ServerConfig::default()
        }
    }

    /// Stops the server gracefully.
    pub async fn stop(mut self) {
        if let Some(r) = self.running.take() {
            r.shutdown().await.expect("the server stops cleanly");
        }
    }
}

/// Where the browser and its driver are, or why they cannot be used.
fn find_browser() -> Result<(PathBuf, PathBuf), String> {
    let chromium = std::env::var_os("SPIELLEITER_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    let driver = std::env::var_os("SPIELLEITER_CHROMEDRIVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromedriver"));
    for (what, p) in [("chromium", &chromium), ("chromedriver", &driver)] {
        if !p.exists() {
            return Err(format!(
                "{what} not found at {} — install Debian's packages with `bash web/ci/install-browser.sh` \
                 (apt-get install chromium chromium-driver), or set SPIELLEITER_SKIP_BROWSER=1 to skip the browser tests",
                p.display()
            ));
        }
    }
    Ok((chromium, driver))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A WebDriver error answer.
#[derive(Debug, Clone)]
pub struct DriverError {
    /// W3C error code, e.g. `no such element`, `stale element reference`.
    pub error: String,
    /// Its message.
    pub message: String,
}

impl std::fmt::Display for DriverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.error, self.message)
    }
}

/// Headless Chromium under chromedriver, one session.
#[derive(Debug)]
pub struct Browser {
    http: reqwest::Client,
    session_url: String,
    driver: Child,
    _profile: TempDir,
    /// The server's URL, for relative navigation.
    pub base: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        // chromedriver leads its own process group (see `start`), and the
        // Chromium processes it starts stay in it: killing the group ends
        // them too, also when a test panics. Killing chromedriver alone
        // left its Chromium orphaned and running.
        #[cfg(unix)]
        if let Some(pid) = i32::try_from(self.driver.id())
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    /// Starts chromedriver and a headless Chromium session. `None` when the
    /// browser is missing and `SPIELLEITER_SKIP_BROWSER=1`; panics with the
    /// install instructions when it is missing otherwise.
    pub async fn start(base: &str) -> Option<Browser> {
        let (chromium, driver_path) = match find_browser() {
            Ok(p) => p,
            Err(why) => {
                if std::env::var("SPIELLEITER_SKIP_BROWSER").is_ok_and(|v| v == "1") {
                    eprintln!("browser test skipped (SPIELLEITER_SKIP_BROWSER=1): {why}");
                    return None;
                }
                panic!("{why}");
            }
        };
        let port = free_port();
        let mut command = Command::new(&driver_path);
        // Its own process group, which `drop` kills whole (Chromium included).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let driver = command
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver_path.display()));
        let http = reqwest::Client::new();
        let driver_url = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        loop {
            let ready = http
                .get(format!("{driver_url}/status"))
                .send()
                .await
                .ok()
                .map(|r| r.status().is_success());
            if ready == Some(true) {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not start on port {port}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let profile = TempDir::new("chromium");
        let args = [
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-dev-shm-usage".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-extensions".into(),
            // No crash handler: it would leave its own session, outside the group `drop` kills.
            "--disable-crash-reporter".into(),
            "--disable-breakpad".into(),
            "--lang=de-DE".into(),
            "--window-size=1280,900".into(),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        let caps = json!({
            "capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {"binary": chromium.display().to_string(), "args": args},
                // The page's errors, for a failing test to show (`console_errors`).
                "goog:loggingPrefs": {"browser": "SEVERE"}
            }}
        });
        let mut browser = Browser {
            http,
            session_url: String::new(),
            driver,
            _profile: profile,
            base: base.trim_end_matches('/').to_string(),
        };
        let v = browser
            .call(reqwest::Method::POST, &format!("{driver_url}/session"), Some(caps))
            .await
            .unwrap_or_else(|e| panic!("chromium did not start a session: {e}"));
        let id = v["sessionId"].as_str().expect("a session id").to_string();
        browser.session_url = format!("{driver_url}/session/{id}");
        Some(browser)
    }

    /// The process group of chromedriver and every Chromium process it
    /// started (its own, led by chromedriver): what `drop` kills, so a test
    /// can check nothing of it outlives the `Browser`.
    pub fn process_group(&self) -> u32 {
        self.driver.id()
    }

    async fn call(&self, method: reqwest::Method, url: &str, body: Option<Value>) -> Result<Value, DriverError> {
        let mut req = self.http.request(method, url);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.map_err(|e| DriverError {
            error: "transport".into(),
            message: e.to_string(),
        })?;
        let v: Value = res.json().await.map_err(|e| DriverError {
            error: "transport".into(),
            message: e.to_string(),
        })?;
        let value = v.get("value").cloned().unwrap_or(Value::Null);
        if let Some(error) = value.get("error").and_then(Value::as_str) {
            return Err(DriverError {
                error: error.to_string(),
                message: value["message"]
                    .as_str()
                    .unwrap_or_default()
                    .chars()
                    .take(400)
                    .collect(),
            });
        }
        Ok(value)
    }

    async fn session(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Result<Value, DriverError> {
        self.call(method, &format!("{}{path}", self.session_url), body).await
    }

    /// Opens a path of the server (`/`, `/play/…`) or a full URL.
    pub async fn goto(&self, path: &str) {
        let url = if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        };
        self.session(reqwest::Method::POST, "/url", Some(json!({ "url": url })))
            .await
            .expect("navigate");
    }

    /// Reloads the page.
    pub async fn reload(&self) {
        self.session(reqwest::Method::POST, "/refresh", Some(json!({})))
            .await
            .expect("reload");
    }

    /// The current URL.
    pub async fn url(&self) -> String {
        self.session(reqwest::Method::GET, "/url", None)
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// Sets the window size (laptop or phone).
    pub async fn resize(&self, width: u32, height: u32) {
        self.session(
            reqwest::Method::POST,
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        )
        .await
        .expect("resize");
    }

    /// Every element matching a CSS selector, now.
    pub async fn all(&self, css: &str) -> Vec<String> {
        self.session(
            reqwest::Method::POST,
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        )
        .await
        .ok()
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|e| e[ELEMENT_KEY].as_str().map(str::to_string))
        .collect()
    }

    /// The first element matching a CSS selector, now.
    pub async fn first(&self, css: &str) -> Option<String> {
        self.all(css).await.into_iter().next()
    }

    /// The errors the page logged since the last call (uncaught exceptions,
    /// failed loads, `console.error`), as Chromium words them; what a failing
    /// test prints beside the page's text.
    pub async fn console_errors(&self) -> Vec<String> {
        match self
            .session(reqwest::Method::POST, "/se/log", Some(json!({"type": "browser"})))
            .await
        {
            Ok(Value::Array(entries)) => entries
                .iter()
                .filter_map(|e| e["message"].as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Waits up to `timeout` for an element matching `css`.
    pub async fn wait_for(&self, css: &str, timeout: Duration) -> String {
        let started = Instant::now();
        loop {
            if let Some(e) = self.first(css).await {
                return e;
            }
            if started.elapsed() > timeout {
                let text = self.text_of("body").await.unwrap_or_default();
                let errors = self.console_errors().await.join("\n");
                panic!("no element '{css}' after {timeout:?}; the page says:\n{text}\nits errors:\n{errors}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Clicks the first element matching `css` (a real click, at the
    /// element's position), retrying while the page re-renders.
    pub async fn click(&self, css: &str) {
        let started = Instant::now();
        loop {
            let result = match self.first(css).await {
                Some(e) => self.click_element(&e).await,
                None => Err(DriverError {
                    error: "no such element".into(),
                    message: css.into(),
                }),
            };
            match result {
                Ok(()) => return,
                Err(e) if started.elapsed() < Duration::from_secs(10) => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => panic!("cannot click '{css}': {e}"),
            }
        }
    }

    /// Clicks an element by reference. An element inside a folded
    /// `<details>` (the table's list of legal actions) is unfolded first, as
    /// a player opens the list before clicking in it.
    pub async fn click_element(&self, element: &str) -> Result<(), DriverError> {
        // (Not for its own summary: clicking that is what opens it.)
        // Then the element is scrolled to the middle of the screen, as a
        // player would, so a bar fixed at the screen's bottom (the phone's
        // action bar) does not cover it.
        let unfold = "const e = arguments[0]; const d = e.closest('details'); if (d && !d.open && !e.closest('summary')) d.open = true; e.scrollIntoView({block: 'center', inline: 'nearest'});";
        self.session(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": unfold, "args": [{"element-6066-11e4-a52e-4f735466cecf": element}]})),
        )
        .await?;
        self.session(
            reqwest::Method::POST,
            &format!("/element/{element}/click"),
            Some(json!({})),
        )
        .await
        .map(|_| ())
    }

    /// Taps the first element matching `css` with a finger (a touch pointer
    /// of WebDriver's actions), at the middle of its visible part. Unlike
    /// [`Browser::click`] nothing is scrolled first: the element must be
    /// where a player's finger can reach it, as a phone shows the page.
    pub async fn tap(&self, css: &str) -> Result<(), DriverError> {
        let at = self
            .point_of(
                css,
                "const x = (Math.max(r.left, 0) + Math.min(r.right, innerWidth)) / 2, y = (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2;",
            )
            .await?;
        self.pointer("touch", at, &[("pointerDown", 60), ("pointerUp", 0)])
            .await
    }

    /// Double-clicks the first element matching `css` with the mouse, as a
    /// player does: two presses at its middle with no pause, so the browser
    /// counts the second click as the double click's (`event.detail == 2`).
    /// The element is scrolled into view first, as [`Browser::click`] does.
    pub async fn double_click(&self, css: &str) -> Result<(), DriverError> {
        let at = self
            .point_of(
                css,
                "e.scrollIntoView({block: 'center', inline: 'nearest'}); const q = e.getBoundingClientRect(); \
                 const x = q.left + q.width / 2, y = q.top + q.height / 2;",
            )
            .await?;
        let presses = [
            ("pointerDown", 0),
            ("pointerUp", 0),
            ("pointerDown", 0),
            ("pointerUp", 0),
        ];
        self.pointer("mouse", at, &presses).await
    }

    /// The viewport point of the first element matching `css`: `place` is
    /// script that sets `x` and `y` from the element `e` and its box `r`.
    async fn point_of(&self, css: &str, place: &str) -> Result<(i64, i64), DriverError> {
        let js = format!(
            "const e = document.querySelector({}); if (!e) return null; const r = e.getBoundingClientRect(); {place} \
             return [Math.round(x), Math.round(y)];",
            serde_json::to_string(css).unwrap_or_default()
        );
        let at = self.script(&js).await;
        match (at.get(0).and_then(Value::as_i64), at.get(1).and_then(Value::as_i64)) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err(DriverError {
                error: "no such element".into(),
                message: css.into(),
            }),
        }
    }

    /// A WebDriver pointer of `kind` (`touch`, `mouse`) moved to `at`, then
    /// the `presses` (`pointerDown`/`pointerUp`, each followed by a pause of
    /// so many milliseconds when not 0).
    async fn pointer(&self, kind: &str, (x, y): (i64, i64), presses: &[(&str, u64)]) -> Result<(), DriverError> {
        let mut steps = vec![json!({"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y})];
        for &(press, pause) in presses {
            steps.push(json!({"type": press, "button": 0}));
            if pause > 0 {
                steps.push(json!({"type": "pause", "duration": pause}));
            }
        }
        let actions = json!({"actions": [{
            "type": "pointer", "id": kind, "parameters": {"pointerType": kind},
            "actions": steps
        }]});
        self.session(reqwest::Method::POST, "/actions", Some(actions)).await?;
        let _ = self.session(reqwest::Method::DELETE, "/actions", None).await;
        Ok(())
    }

    /// Sends keys to the first element matching `css` without clearing it
    /// first (WebDriver's key codes, e.g. `\u{E012}` for the left arrow: a
    /// range input moves one step per key).
    pub async fn keys(&self, css: &str, text: &str) {
        let e = self
            .first(css)
            .await
            .unwrap_or_else(|| panic!("no '{css}' to type into"));
        self.session(
            reqwest::Method::POST,
            &format!("/element/{e}/value"),
            Some(json!({ "text": text })),
        )
        .await
        .unwrap_or_else(|err| panic!("cannot type into '{css}': {err}"));
    }

    /// Sends a Chrome DevTools Protocol command through chromedriver (for
    /// what WebDriver cannot do: emulating `prefers-reduced-motion`, a
    /// script that runs before the page's own).
    pub async fn cdp(&self, cmd: &str, params: Value) -> Result<Value, DriverError> {
        self.session(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({"cmd": cmd, "params": params})),
        )
        .await
    }

    /// Types into the first element matching `css` (after clearing it),
    /// retrying while the page re-renders (the element found may go stale
    /// between finding it and typing).
    pub async fn type_into(&self, css: &str, text: &str) {
        let started = Instant::now();
        loop {
            let e = self.wait_for(css, Duration::from_secs(10)).await;
            let _ = self
                .session(reqwest::Method::POST, &format!("/element/{e}/clear"), Some(json!({})))
                .await;
            let typed = self
                .session(
                    reqwest::Method::POST,
                    &format!("/element/{e}/value"),
                    Some(json!({ "text": text })),
                )
                .await;
            match typed {
                Ok(_) => return,
                Err(e) if started.elapsed() < Duration::from_secs(10) => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => panic!("cannot type into '{css}': {e}"),
            }
        }
    }

    /// The visible text of the first element matching `css`.
    pub async fn text_of(&self, css: &str) -> Option<String> {
        let e = self.first(css).await?;
        self.text(&e).await
    }

    /// The visible text of an element.
    pub async fn text(&self, element: &str) -> Option<String> {
        self.session(reqwest::Method::GET, &format!("/element/{element}/text"), None)
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
    }

    /// An attribute of the first element matching `css`.
    pub async fn attr(&self, css: &str, name: &str) -> Option<String> {
        let e = self.first(css).await?;
        self.attr_of(&e, name).await
    }

    /// An attribute of an element.
    pub async fn attr_of(&self, element: &str, name: &str) -> Option<String> {
        self.session(
            reqwest::Method::GET,
            &format!("/element/{element}/attribute/{name}"),
            None,
        )
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
    }

    /// Runs JavaScript in the page (used for reading state, never for acting).
    pub async fn script(&self, js: &str) -> Value {
        self.session(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": js, "args": []})),
        )
        .await
        .unwrap_or(Value::Null)
    }

    /// Hands the page `game`'s description under `rules` (the server's
    /// `/api/games/{game}/description`), as a table page receives its
    /// table's: for tests that draw a game module into the page directly.
    /// Asserts the page took it.
    pub async fn use_description(&self, game: &str, rules: Option<&str>) {
        let query = rules.map(|r| format!("?rules={r}")).unwrap_or_default();
        let took = self
            .script(&format!(
                "return Promise.all([import('/assets/games/describe.js'), \
                 fetch('/api/games/{game}/description{query}').then((r) => r.json())]) \
                 .then(([m, d]) => m.useDescription(d));"
            ))
            .await;
        assert_eq!(
            took,
            Value::Bool(true),
            "the page took the description of {game} {query}"
        );
    }

    /// Opens a new tab and switches to it; returns the previous tab's handle.
    pub async fn new_tab(&self) -> String {
        let old = self
            .session(reqwest::Method::GET, "/window", None)
            .await
            .expect("window handle");
        let v = self
            .session(reqwest::Method::POST, "/window/new", Some(json!({"type": "tab"})))
            .await
            .expect("new tab");
        self.switch_to(v["handle"].as_str().expect("tab handle")).await;
        old.as_str().unwrap_or_default().to_string()
    }

    /// Switches to a tab; returns the handle of the tab left.
    pub async fn switch_to(&self, handle: &str) -> String {
        let old = self
            .session(reqwest::Method::GET, "/window", None)
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        self.session(reqwest::Method::POST, "/window", Some(json!({ "handle": handle })))
            .await
            .expect("switch tab");
        old
    }

    /// Closes the current tab and switches to `back`.
    pub async fn close_tab(&self, back: &str) {
        let _ = self.session(reqwest::Method::DELETE, "/window", None).await;
        self.switch_to(back).await;
    }

    /// Saves a PNG screenshot of the page as `DIR/name` when
    /// `SPIELLEITER_SCREENSHOTS=DIR` is set; returns whether it saved one.
    pub async fn screenshot(&self, name: &str) -> bool {
        let Some(dir) = std::env::var_os("SPIELLEITER_SCREENSHOTS") else {
            return false;
        };
        let v = self
            .session(reqwest::Method::GET, "/screenshot", None)
            .await
            .expect("screenshot");
        let png = base64_decode(v.as_str().unwrap_or_default()).expect("screenshot is base64");
        assert!(png.starts_with(b"\x89PNG"), "screenshot is a PNG");
        std::fs::create_dir_all(&dir).expect("screenshot folder");
        std::fs::write(Path::new(&dir).join(name), png).expect("write screenshot");
        true
    }

    /// Ends the session.
    pub async fn quit(self) {
        let _ = self.session(reqwest::Method::DELETE, "", None).await;
    }
}

/// Decodes standard base64 (WebDriver screenshots).
pub fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' | b'\n' | b'\r' => continue,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::base64_decode;

    #[test]
    fn base64_decodes() {
        assert_eq!(base64_decode("aGVsbG8=").as_deref(), Some(&b"hello"[..]));
        assert_eq!(base64_decode("aGk=").as_deref(), Some(&b"hi"[..]));
        assert_eq!(base64_decode("YWJj").as_deref(), Some(&b"abc"[..]));
        assert_eq!(base64_decode("@"), None);
    }
}

pub mod ui;
