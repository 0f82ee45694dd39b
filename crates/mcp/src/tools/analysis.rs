//! `analyze`: a hint for the agent's own decision (issue 44), where one is
//! fair: a practice game against bots (stdio), or at the server a casual
//! table where every other seat is a bot. A tool router of its own, added
//! to the others in [`Referee::new`].

use super::*;
use crate::backend::AnalysisRequest;

#[tool_router(router = analysis_router, vis = "pub(crate)")]
impl Referee {
    #[tool(
        description = "A hint: your current decision analysed by the search bot, from your seat's view only \
        (hidden cards are sampled, never read). Each legal action (index as legal_actions numbers it) with your \
        estimated chance to win after it, its 95% interval, the playouts behind it and the expected line of play. \
        Only in practice games against bots (stdio; at the server a casual table whose other seats are all bots). \
        Budget: playouts (default 2000) or ms; top keeps the best actions. \
        Ein Tipp: die eigene Entscheidung analysiert (nur gegen Bots)."
    )]
    async fn analyze(
        &self,
        a: Parameters<Args<AnalyzeArgs>>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<Json<AnalyzeOut>, CallToolResult> {
        let a = args!(a);
        let lang = a.lang.unwrap_or_default();
        let at = seat_ref(a.table, a.seat, a.token, &ctx);
        let p = tri!(self.backend.picture(at.clone()).await, a.format);
        let req = AnalysisRequest {
            playouts: a.playouts,
            ms: a.ms,
            top: a.top,
        };
        let found = tri!(self.backend.analyze(at, req).await, a.format);
        let words = Words::new(&p.description, &p.places, lang);
        let free = free_building(&p.view);
        let rows = found["actions"].as_array().cloned().unwrap_or_default();
        let actions: Vec<AnalyzedAction> = rows
            .into_iter()
            .map(|r| AnalyzedAction {
                index: r["index"].as_u64().unwrap_or(0) as usize,
                label: label_action(&r["action"], &words, free),
                win: r["win"].as_f64(),
                low: r["low"].as_f64().unwrap_or(0.0),
                high: r["high"].as_f64().unwrap_or(1.0),
                visits: r["visits"].as_u64().unwrap_or(0),
                line: r["line"].as_array().cloned().unwrap_or_default(),
                action: r["action"].clone(),
            })
            .collect();
        let out = AnalyzeOut {
            version: found["step"].as_u64().unwrap_or(p.version),
            seat: found["seat"].as_u64().map_or(p.seat, |s| s as u8),
            playouts: found["playouts"].as_u64().unwrap_or(0),
            millis: found["millis"].as_u64().unwrap_or(0),
            actions,
        };
        let mut t = String::new();
        let _ = writeln!(
            t,
            "{} {} · {} {} · {} playouts, {} ms",
            lang.pick("Analyse für Platz", "Analysis for seat"),
            out.seat,
            lang.pick("Version", "version"),
            out.version,
            out.playouts,
            out.millis
        );
        let pct = |p: f64| format!("{:.0}%", 100.0 * p);
        for x in &out.actions {
            let win = x.win.map_or_else(|| "–".to_string(), pct);
            let _ = writeln!(
                t,
                "  {} {} · {} {win} ({}–{}) · {} playouts",
                x.index,
                x.label,
                lang.pick("Sieg", "win"),
                pct(x.low),
                pct(x.high),
                x.visits
            );
        }
        Ok(Json::new(out, t, a.format))
    }
}
