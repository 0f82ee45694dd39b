//! What an agent reads of its seat: the observation's text (all of it, or
//! only what changed since the seat last looked) beside its JSON, the
//! steps since then and the legal actions.

use super::*;

/// The legal actions as lines: `index label`.
pub(super) fn legal_text(actions: &[LegalAction], lang: Lang, t: &mut String) {
    let _ = writeln!(
        t,
        "{} ({}):",
        lang.pick("Erlaubte Aktionen", "Legal actions"),
        actions.len()
    );
    for a in actions {
        let _ = writeln!(t, "  {} {}", a.index, a.label);
    }
}

impl Referee {
    /// The observation of `p`: its text and JSON, the events since the seat
    /// last looked, with the legal actions if `legal`. With `delta` the
    /// parts of the view the seat saw unchanged are only named (the
    /// follow-up of `act`); `observe` always writes everything.
    pub(super) async fn observation(
        &self,
        p: &Picture,
        at: SeatRef,
        lang: Lang,
        legal: bool,
        delta: bool,
    ) -> Result<(ObserveOut, String), ErrorInfo> {
        let seen = self.memory.get(&p.table, p.seat);
        // `act` has listed the steps already; `observe` lists them here.
        let entries = match &seen {
            Some(s) if s.version < p.version && !delta => self.backend.history(at, s.version).await?,
            _ => Vec::new(),
        };
        let (entries, earlier) = newest(entries);
        let words = Words::new(&p.description, &p.places, lang);
        let view = ViewText::of(p, &words, lang);
        let mut t = String::new();
        let rules = p
            .description
            .get("rule_set")
            .and_then(Value::as_str)
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        if delta {
            // A follow-up of `act`: the agent knows the game and its seat.
            let _ = write!(t, "{} {} · ", lang.pick("Version", "Version"), p.version);
        } else {
            let _ = writeln!(
                t,
                "{}{rules} · {} {} · {} {} · {} {}",
                p.game,
                lang.pick("Tisch", "table"),
                p.table,
                lang.pick("du bist Platz", "you are seat"),
                p.seat,
                lang.pick("Version", "version"),
                p.version
            );
        }
        t.push_str(&clock_text(p.clock.as_ref(), lang));
        if p.waiting_for_players {
            let _ = writeln!(
                t,
                "{}",
                lang.pick(
                    "Der Tisch wartet auf Mitspieler.",
                    "The table is waiting for players to join."
                )
            );
        }
        let _ = writeln!(t, "{}", to_act_text(&p.to_act, p.seat, lang));
        if let Some(r) = &p.result {
            let winners: Vec<String> = r.winners.iter().map(|s| s.index().to_string()).collect();
            let _ = writeln!(
                t,
                "{} {} · {} {:?} · {}",
                lang.pick("Gewonnen hat Platz", "Won by seat"),
                winners.join(", "),
                lang.pick("Punkte", "scores"),
                r.scores,
                r.reason
            );
        }
        let parts = view.hashes();
        match (&seen, delta) {
            (Some(s), true) => {
                let (changed, same) = view.changed(&s.parts);
                t.push_str(&changed);
                if !same.is_empty() {
                    let _ = writeln!(
                        t,
                        "{}",
                        lang.pick(
                            "(Alles andere wie zuletzt gesehen.)",
                            "(Everything else as you last saw it.)"
                        )
                    );
                }
            }
            _ => {
                t.push_str(&seats_text(&p.seats, p.seat, lang));
                t.push_str(&view.all());
            }
        }
        if let Some(s) = &seen {
            if s.version < p.version && !delta {
                let _ = writeln!(t, "{} {}:", lang.pick("Seit Version", "Since version"), s.version);
                events_text(&entries, earlier, &words, lang, &mut t);
            }
        }
        let actions = legal_of(p, &words);
        if legal {
            legal_text(&actions, lang, &mut t);
        } else {
            let _ = writeln!(
                t,
                "{}: {} (observe legal:true)",
                lang.pick("Erlaubte Aktionen", "Legal actions"),
                actions.len()
            );
        }
        self.memory.set(&p.table, p.seat, p.version, Some(parts));
        let out = ObserveOut {
            game: p.game.clone(),
            table: p.table.clone(),
            seat: p.seat,
            version: p.version,
            to_act: p.to_act,
            your_turn: your_turn(&p.to_act, p.seat),
            over: p.to_act == ToAct::Over,
            result: p.result.clone(),
            seats: p.seats.clone(),
            clock: p.clock.clone(),
            view: p.view.clone(),
            new_events: entries,
            earlier_events: earlier,
            legal_count: actions.len(),
            legal: legal.then_some(actions),
        };
        Ok((out, t))
    }
}
