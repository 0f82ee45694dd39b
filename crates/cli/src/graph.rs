//! The win-chance graph of a whole game (issue 44): every decision of a saved
//! game analysed in the deciding seat's information set, with the seat's
//! chance to win there, the move it played and what that move cost it
//! against the search's best.
//!
//! A seat's curve is sampled at its own decisions (each analysis sees only
//! what that seat saw), so the graph never uses a card the deciding seat
//! could not see; forced moves (one legal action) are not searched. The
//! steps are independent, so they run in parallel, one search thread each.

use crate::analyze::{analyze_json, Request, SavedLog};
use engine::{ErrorInfo, Seat};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Analyses every decision of the log in `text` with `req`'s budget per
/// decision on `threads` threads (0: all cores); `progress(done, total)` is
/// called after each decision.
pub fn graph_log(
    text: &str,
    req: Request,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Value, ErrorInfo> {
    bots::analysis::budget(req.playouts, req.ms).map_err(|e| e.info())?;
    let log = SavedLog::parse(text)?;
    let players = log.position(0)?.players();
    let decisions: Vec<(usize, u8, Value)> = (0..log.len())
        .filter_map(|i| {
            let e = log.entry(i)?;
            let seat = u8::try_from(e.get("seat")?.as_u64()?).ok()?;
            (e.get("type")?.as_str()? == "act").then(|| (i, seat, e.get("action").cloned().unwrap_or(Value::Null)))
        })
        .collect();
    let threads = bots::spec::cap_threads(threads).min(decisions.len().max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let rows: Mutex<Vec<Option<Result<Value, ErrorInfo>>>> = Mutex::new(vec![None; decisions.len()]);
    let start = Instant::now();
    let work = || loop {
        let k = next.fetch_add(1, Ordering::Relaxed);
        let Some((step, seat, played)) = decisions.get(k) else {
            break;
        };
        let row = decision(&log, *step, Seat(*seat), played, req);
        if let Ok(mut rows) = rows.lock() {
            rows[k] = Some(row);
        }
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, decisions.len());
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    let rows = rows.into_inner().unwrap_or_default();
    let mut steps = Vec::with_capacity(rows.len());
    for row in rows.into_iter().flatten() {
        steps.push(row?);
    }
    Ok(json!({
        "game": log.game,
        "players": players,
        "decisions": steps.len(),
        "seconds": start.elapsed().as_secs_f64(),
        "threads": threads,
        "steps": steps,
    }))
}

/// One decision: the seat's chance at its best action, and the played
/// action's chance and cost.
fn decision(log: &SavedLog, step: usize, seat: Seat, played: &Value, req: Request) -> Result<Value, ErrorInfo> {
    let m = log.position(step as u64)?;
    let legal = m.legal(seat)?;
    if legal.len() < 2 {
        return Ok(json!({"step": step, "seat": seat.0, "played": played, "forced": true}));
    }
    let req = Request {
        top: None,
        threads: Some(1),
        seed: req.seed ^ step as u64,
        ..req
    };
    let found = analyze_json(&log.game, &m.state(), seat, &legal, req)?;
    let rows = found["actions"].as_array().cloned().unwrap_or_default();
    let best = rows.first().cloned().unwrap_or(Value::Null);
    let mine = rows
        .iter()
        .find(|r| r["action"] == *played)
        .cloned()
        .unwrap_or(Value::Null);
    let cost = match (best["win"].as_f64(), mine["win"].as_f64()) {
        (Some(b), Some(p)) => json!((b - p).max(0.0)),
        _ => Value::Null,
    };
    // A cost within the played move's own 95 % half-interval may be noise.
    let half = (mine["high"].as_f64().unwrap_or(1.0) - mine["low"].as_f64().unwrap_or(0.0)) / 2.0;
    let clear = cost.as_f64().is_some_and(|c| c > half);
    Ok(json!({
        "step": step,
        "seat": seat.0,
        "win": best["win"],
        "low": best["low"],
        "high": best["high"],
        "best": best["action"],
        "played": played,
        "played_win": mine["win"],
        "played_visits": mine["visits"],
        "cost": cost,
        "clear": clear,
        "forced": false,
    }))
}

/// The graph for people: each seat's chance at its decisions in tenths of
/// the game, then the moves that cost their seat most.
pub fn table(graph: &Value, worst: usize) -> String {
    let steps = graph["steps"].as_array().cloned().unwrap_or_default();
    let players = graph["players"].as_u64().unwrap_or(0);
    let mut out = format!(
        "{}: {} decisions analysed in {:.1} s on {} threads\n",
        graph["game"].as_str().unwrap_or("?"),
        graph["decisions"],
        graph["seconds"].as_f64().unwrap_or(0.0),
        graph["threads"],
    );
    let last = steps.last().and_then(|s| s["step"].as_u64()).unwrap_or(0).max(1);
    out.push_str("seat  chance to win by tenth of the game (at its own decisions)\n");
    for seat in 0..players {
        let mut tenths = vec![Vec::new(); 10];
        for s in steps.iter().filter(|s| s["seat"].as_u64() == Some(seat)) {
            if let (Some(w), Some(step)) = (s["win"].as_f64(), s["step"].as_u64()) {
                tenths[((step * 10 / (last + 1)) as usize).min(9)].push(w);
            }
        }
        let cells: Vec<String> = tenths
            .iter()
            .map(|t| {
                if t.is_empty() {
                    "   -".to_string()
                } else {
                    format!("{:4.0}", 100.0 * t.iter().sum::<f64>() / t.len() as f64)
                }
            })
            .collect();
        out.push_str(&format!("{:>4} {}\n", seat, cells.join("")));
    }
    let mut costly: Vec<&Value> = steps
        .iter()
        .filter(|s| s["cost"].as_f64().is_some_and(|c| c > 0.0))
        .collect();
    costly.sort_by(|a, b| {
        b["cost"]
            .as_f64()
            .unwrap_or(0.0)
            .total_cmp(&a["cost"].as_f64().unwrap_or(0.0))
    });
    if !costly.is_empty() {
        out.push_str("the costliest moves (a cost beyond the played move's 95 % interval):\n");
    }
    for s in costly.into_iter().take(worst) {
        out.push_str(&format!(
            "  step {:>4} seat {}: -{:.1} %: played {}, the better move was {}\n",
            s["step"],
            s["seat"],
            100.0 * s["cost"].as_f64().unwrap_or(0.0),
            s["played"],
            s["best"],
        ));
    }
    out
}
