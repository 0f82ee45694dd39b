//! Sound at the table (issue 26, item 3; `web/sound.js`): the events a
//! player hears (their turn, dice, a build) are made with the Web Audio API,
//! at the volume chosen; the switch and the volume are remembered by the
//! browser; a spectator hears nothing until they switch sound on. The page's
//! `AudioContext` is replaced before the app loads by a spy that records
//! what would have played.

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web_e2e::ui::{self, Turn};
use web_e2e::{Browser, TestServer};

/// A stand-in for the Web Audio API: counts contexts, started sources and
/// the master gains (the volume) the page sets.
const SPY: &str = r#"
window.__audio = { contexts: 0, started: 0, gains: [] };
class SpyParam { constructor(v) { this.value = v; } setValueAtTime(v) { this.value = v; return this; } exponentialRampToValueAtTime(v) { return this; } linearRampToValueAtTime(v) { return this; } }
class SpyNode { connect(n) { return n; } disconnect() {} }
class SpyGain extends SpyNode { constructor() { super(); const p = new SpyParam(1); const a = window.__audio; this.gain = new Proxy(p, { set(t, k, v) { t[k] = v; if (k === 'value') a.gains.push(v); return true; } }); } }
class SpySource extends SpyNode { constructor() { super(); this.frequency = new SpyParam(440); this.type = 'sine'; this.buffer = null; } start() { window.__audio.started++; } stop() {} }
class SpyContext {
  constructor() { window.__audio.contexts++; this.currentTime = 0; this.sampleRate = 48000; this.state = 'running'; this.destination = new SpyNode(); }
  resume() { return Promise.resolve(); }
  createGain() { return new SpyGain(); }
  createOscillator() { return new SpySource(); }
  createBufferSource() { return new SpySource(); }
  createBuffer(ch, n) { return { getChannelData: () => new Float32Array(n) }; }
}
window.AudioContext = SpyContext;
window.webkitAudioContext = SpyContext;
"#;

async fn spied_browser(server: &TestServer) -> Option<Browser> {
    let b = Browser::start(&server.url).await?;
    b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({"source": SPY}))
        .await
        .expect("install the audio spy");
    Some(b)
}

/// The sounds played so far (sound.js's test hook).
async fn sounds(b: &Browser) -> Vec<String> {
    let v = b.script("return window.spielleiterDebug.sounds || []").await;
    v.as_array()
        .map(|a| a.iter().filter_map(|k| k.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

async fn audio(b: &Browser) -> Value {
    b.script("return window.__audio").await
}

async fn until_sound(b: &Browser, name: &str) {
    let started = Instant::now();
    while !sounds(b).await.iter().any(|s| s == name) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no '{name}' sound; played: {:?}",
            sounds(b).await
        );
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_hears_the_events_and_the_switch_and_volume_are_remembered() {
    let server = TestServer::start_game(2).await;
    let Some(b) = spied_browser(&server).await else {
        server.stop().await;
        return;
    };
    ui::create_table(&b, "catan", &["human", "bot:random", "bot:random"], "Mia", false).await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    // A player's sound is on until switched off; the icon is inline SVG.
    assert_eq!(
        b.attr("[data-testid=sound-toggle]", "aria-pressed").await.as_deref(),
        Some("true")
    );
    assert!(b
        .first("[data-testid=sound-toggle] svg[data-icon=volume]")
        .await
        .is_some());
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine);
    until_sound(&b, "turn").await;
    assert_eq!(ui::act(&b, "[data-testid^=node-][data-kind=settlement]").await, None);
    until_sound(&b, "build").await;
    let a = audio(&b).await;
    assert_eq!(a["contexts"], json!(1), "one AudioContext, made on first need: {a}");
    assert!(
        a["started"].as_u64().unwrap_or(0) >= 4,
        "the sounds' notes started: {a}"
    );
    // Default volume 60 %: the master gain is 0.6 of the loudest (0.4).
    assert!(
        a["gains"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|g| (g.as_f64().unwrap_or(0.0) - 0.24).abs() < 1e-6),
        "the master gain follows the volume: {a}"
    );

    // The volume: two steps down to 50 %, kept across a reload.
    b.keys("[data-testid=sound-volume]", "\u{E012}\u{E012}").await;
    let started = Instant::now();
    while b.script("return localStorage.getItem('spielleiter.volume')").await != json!("50") {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the volume is stored: {} (slider {})",
            b.script("return localStorage.getItem('spielleiter.volume')").await,
            b.script("return document.querySelector('[data-testid=sound-volume]').value")
                .await
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let a = audio(&b).await;
    assert!(
        a["gains"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|g| (g.as_f64().unwrap_or(0.0) - 0.2).abs() < 1e-6),
        "a preview at the new volume: {a}"
    );
    b.screenshot("sound-controls-1280.png").await;
    b.resize(390, 844).await;
    b.script("window.scrollTo(0, 0)").await;
    b.screenshot("sound-controls-390.png").await;
    b.resize(1280, 900).await;

    // Switched off: remembered, and the next events are silent.
    b.click("[data-testid=sound-toggle]").await;
    b.reload().await;
    b.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    assert_eq!(
        b.attr("[data-testid=sound-toggle]", "aria-pressed").await.as_deref(),
        Some("false")
    );
    assert!(b
        .first("[data-testid=sound-toggle] svg[data-icon=volume-off]")
        .await
        .is_some());
    assert_eq!(
        b.script("return document.querySelector('[data-testid=sound-volume]').value")
            .await,
        json!("50"),
        "the volume is remembered"
    );
    assert_eq!(ui::wait_turn(&b, Duration::from_secs(30)).await, Turn::Mine);
    let css = ui::first_of(
        &b,
        &[
            "[data-testid^=node-][data-kind=settlement]",
            "[data-testid^=edge-]",
            "[data-testid=roll]",
        ],
    )
    .await
    .expect("something to do");
    assert_eq!(ui::act(&b, &css).await, None);
    assert_eq!(sounds(&b).await, Vec::<String>::new(), "silent when switched off");
    assert_eq!(audio(&b).await["started"], json!(0), "nothing played");
    // On again, and the switch's own click is the gesture that makes the sound.
    b.click("[data-testid=sound-toggle]").await;
    assert_eq!(
        b.attr("[data-testid=sound-toggle]", "aria-pressed").await.as_deref(),
        Some("true")
    );
    until_sound(&b, "turn").await;
    b.quit().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_spectator_is_silent_by_default() {
    let server = TestServer::start_game(2).await;
    let Some(p) = Browser::start(&server.url).await else {
        server.stop().await;
        return;
    };
    let id = ui::create_table(&p, "catan", &["human", "bot:random", "bot:random"], "Mia", false).await;
    assert_eq!(ui::wait_turn(&p, Duration::from_secs(30)).await, Turn::Mine);
    // Another browser watches.
    let Some(s) = spied_browser(&server).await else {
        p.quit().await;
        server.stop().await;
        return;
    };
    s.goto(&format!("/watch/{id}")).await;
    s.wait_for("[data-testid=catan-board]", Duration::from_secs(20)).await;
    assert_eq!(
        s.attr("[data-testid=sound-toggle]", "aria-pressed").await.as_deref(),
        Some("false"),
        "off for a spectator"
    );
    // A gesture on the page (opening the log of legal actions), so only the switch keeps it silent.
    s.click("[data-testid=legal-toggle]").await;
    let v = ui::version(&s).await;
    assert_eq!(ui::act(&p, "[data-testid^=node-][data-kind=settlement]").await, None);
    let started = Instant::now();
    while ui::version(&s).await == v {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the spectator sees the build"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    assert_eq!(
        sounds(&s).await,
        Vec::<String>::new(),
        "a spectator hears nothing by default"
    );
    assert_eq!(audio(&s).await["contexts"], json!(0), "no AudioContext was made");
    // Switched on, the spectator hears the next build.
    s.click("[data-testid=sound-toggle]").await;
    assert_eq!(ui::wait_turn(&p, Duration::from_secs(30)).await, Turn::Mine);
    assert_eq!(ui::act(&p, "[data-testid^=edge-]").await, None);
    until_sound(&s, "build").await;
    s.quit().await;
    p.quit().await;
    server.stop().await;
}
