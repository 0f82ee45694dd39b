//! Errors: the refusals clients see (always `{kind, rule, message: {de, en}}`,
//! the engine's [`ErrorInfo`] shape) and the errors that stop the server.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::ErrorInfo;

/// A refusal sent to a client, with the HTTP status that fits it.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// HTTP status for the HTTP API (WebSocket replies carry only `info`).
    pub status: StatusCode,
    /// What went wrong, machine- and human-readable.
    pub info: ErrorInfo,
}

impl ApiError {
    fn new(status: StatusCode, kind: &str, de: impl Into<String>, en: impl Into<String>) -> ApiError {
        ApiError {
            status,
            info: ErrorInfo::new(kind, &format!("server.{kind}"), de, en),
        }
    }

    /// A refusal whose rule id is more specific than its kind.
    fn ruled(status: StatusCode, kind: &str, rule: &str, de: impl Into<String>, en: impl Into<String>) -> ApiError {
        ApiError {
            status,
            info: ErrorInfo::new(kind, rule, de, en),
        }
    }

    /// A player count outside what any table may seat: refused before
    /// anything is allocated for the seats.
    pub fn players(players: usize, max: usize) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "players",
            format!("{players} Spieler sind nicht möglich: ein Tisch hat 1 bis {max} Plätze."),
            format!("{players} players is not possible: a table has 1 to {max} seats."),
        )
    }

    /// A seed was sent for a table with more than one human seat: whoever
    /// knows the seed can foresee the cards nobody has seen yet.
    pub fn seed_not_allowed(humans: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "seed_not_allowed",
            "server.seed.humans",
            format!(
                "Ein eigener Seed ist nur erlaubt, wenn alle anderen Plätze Bots sind (hier {humans} menschliche Plätze): wer den Seed kennt, kennt die verdeckten Karten."
            ),
            format!(
                "A chosen seed is allowed only where every other seat is a bot (here {humans} human seats): whoever knows the seed knows the hidden cards."
            ),
        )
    }

    /// The options are longer than the server stores.
    pub fn options_too_large(limit: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "server.too_large.options",
            format!("Die Spieloptionen sind länger als {limit} Bytes."),
            format!("The game options are longer than {limit} bytes."),
        )
    }

    /// A display name the server does not accept; the sentences say why
    /// (see [`crate::names`]).
    pub fn bad_name(de: &str, en: &str) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_name", de, en)
    }

    /// A name that looks like another seat's name at the same table.
    pub fn name_confusable(other: &str) -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "bad_name",
            "server.bad_name.confusable",
            format!("Dieser Name sieht aus wie „{other}“, der Name eines anderen Platzes an diesem Tisch."),
            format!("This name looks like '{other}', the name of another seat at this table."),
        )
    }

    /// The client address (`per_address`) or the whole server has as many
    /// open tables as allowed.
    pub fn table_limit(limit: usize, per_address: bool) -> ApiError {
        if per_address {
            ApiError::ruled(
                StatusCode::TOO_MANY_REQUESTS,
                "table_limit",
                "server.table_limit.address",
                format!("Von dieser Adresse sind schon {limit} Tische offen; beende erst einen."),
                format!("This address already has {limit} open tables; finish one first."),
            )
        } else {
            ApiError::ruled(
                StatusCode::SERVICE_UNAVAILABLE,
                "table_limit",
                "server.table_limit.total",
                format!("Der Server hat schon {limit} offene Tische; bitte später noch einmal."),
                format!("The server already has {limit} open tables; please try again later."),
            )
        }
    }

    /// The server closed the table to make room for a new one under its
    /// table cap (nobody had joined it, or it had been idle longest).
    pub fn table_closed() -> ApiError {
        ApiError::ruled(
            StatusCode::GONE,
            "table_closed",
            "server.table_limit.closed",
            "Der Server hat diesen Tisch geschlossen, um Platz für neue zu schaffen.".to_string(),
            "The server closed this table to make room for new ones.".to_string(),
        )
    }

    /// The table ended as abandoned: no human seat was present or acted
    /// for the server's abandonment time ([`crate::abandon`]).
    pub fn table_abandoned() -> ApiError {
        ApiError::ruled(
            StatusCode::GONE,
            "table_abandoned",
            crate::abandon::REASON,
            "Dieser Tisch wurde beendet: niemand war mehr da.".to_string(),
            "This table was ended: nobody was there any more.".to_string(),
        )
    }

    /// `POST /api/my-games` with more held seats than it reads.
    pub fn too_many_seats(given: usize, max: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "too_many_seats",
            "server.my_games.too_many",
            format!("{given} Plätze angegeben; höchstens {max} werden gelesen."),
            format!("{given} seats given; at most {max} are read."),
        )
    }

    /// A state-changing request from a page of another origin.
    pub fn cross_site_origin(origin: &str) -> ApiError {
        ApiError::ruled(
            StatusCode::FORBIDDEN,
            "cross_site",
            "server.cross_site.origin",
            format!("Anfragen von der Seite „{origin}“ sind nicht erlaubt."),
            format!("Requests from the page '{origin}' are not allowed."),
        )
    }

    /// A state-changing request whose body is not declared as JSON (what a
    /// cross-site form or `text/plain` fetch sends).
    pub fn content_type() -> ApiError {
        ApiError::ruled(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "cross_site",
            "server.cross_site.content_type",
            "Diese Anfrage braucht den Content-Type application/json.",
            "This request needs the content type application/json.",
        )
    }

    /// The `Host` header names another server (DNS rebinding).
    pub fn bad_host(host: &str) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_host",
            format!("Dieser Server antwortet nicht unter dem Namen „{host}“."),
            format!("This server does not answer to the name '{host}'."),
        )
    }

    /// A refusal from the engine (rules, stale version, not your turn, …).
    pub fn engine(info: ErrorInfo) -> ApiError {
        let status = match info.kind.as_str() {
            "stale_version" | "not_your_turn" | "game_over" | "wrong_phase" | "not_chance_turn" => StatusCode::CONFLICT,
            "no_such_seat" => StatusCode::NOT_FOUND,
            "config" | "unknown_game" => StatusCode::BAD_REQUEST,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError { status, info }
    }

    /// A player token that is not 16–128 characters of `A–Z a–z 0–9 - _`.
    pub fn player_token() -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "player_token",
            "server.player.token",
            "Das Spieler-Token muss aus 16 bis 128 Zeichen A–Z, a–z, 0–9, - und _ bestehen.",
            "The player token must be 16 to 128 characters of A–Z, a–z, 0–9, - and _.",
        )
    }

    /// The name (or a look-alike of it) was claimed for the ratings with
    /// another player token: a rated table takes it only with that token.
    pub fn name_claimed(name: &str) -> ApiError {
        ApiError::ruled(
            StatusCode::FORBIDDEN,
            "name_claimed",
            "server.player.name_claimed",
            format!(
                "Der Name „{name}“ gehört in der Wertung einem anderen Spieler: an gewerteten Tischen nur mit dessen Token; wähle einen anderen Namen."
            ),
            format!(
                "The name '{name}' belongs to another player in the ratings: rated tables take it only with that player's token; choose another name."
            ),
        )
    }

    /// `rated: true` with a chosen seed: whoever knows the seed knows the
    /// table's chance, so such a table never counts.
    pub fn rated_seed() -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "rated_seed",
            "server.rating.seed",
            "Ein Tisch mit eigenem Seed wird nie gewertet: lass den Seed weg oder spiele ungewertet.",
            "A table with a chosen seed is never rated: leave the seed out or play casual.",
        )
    }

    /// `GET /api/ratings` for a rule set the game does not have.
    pub fn unknown_rules(game: &str, rules: &str, known: &[String]) -> ApiError {
        let known = known.join(", ");
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "unknown_rules",
            "server.rating.rules",
            format!("Das Spiel „{game}“ hat keinen Regelsatz „{rules}“ (bekannt: {known})."),
            format!("The game '{game}' has no rule set '{rules}' (known: {known})."),
        )
    }

    // Fair play (issue 41, items 1-2)

    /// A join of a seat whose player left a started rated game: the seat,
    /// its result and its rating stay that player's; a bot plays it to the end.
    pub fn seat_left(seat: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "seat_left",
            "server.rating.seat_left",
            format!(
                "Platz {} gehört weiter dem Spieler, der dieses gewertete Spiel verlassen hat: ein Bot spielt ihn zu Ende, und das Ergebnis zählt für diesen Spieler. Niemand übernimmt den Platz.",
                number(seat)
            ),
            format!(
                "Seat {} still belongs to the player who left this rated game: a bot plays it to the end and the result counts for that player. Nobody takes the seat over.",
                number(seat)
            ),
        )
    }

    /// The bot was asked to take a seat over, or give it back, after a rated
    /// game ended: who played each seat at the end is part of the result.
    pub fn autopilot_after_end() -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "game_over",
            "server.rating.autopilot_after_end",
            "Das Spiel ist zu Ende: wer welchen Platz zuletzt gespielt hat, gehört zum Ergebnis und ändert sich nicht mehr.",
            "The game is over: who played each seat at the end is part of the result and no longer changes.",
        )
    }

    // End of fair play (issue 41, items 1-2)

    /// No table has this id.
    pub fn unknown_table(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_table",
            format!("Den Tisch „{id}“ gibt es nicht."),
            format!("There is no table '{id}'."),
        )
    }

    /// No game is registered under this id.
    pub fn unknown_game(id: &str, known: &[&str]) -> ApiError {
        let known = known.join(", ");
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "unknown_game",
            format!("Unbekanntes Spiel „{id}“ (bekannt: {known})."),
            format!("Unknown game '{id}' (known: {known})."),
        )
    }

    /// No bot is registered under this name.
    pub fn unknown_bot(name: &str, known: &[String]) -> ApiError {
        let known = known.join(", ");
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "unknown_bot",
            format!("Unbekannter Bot „{name}“ (bekannt: {known})."),
            format!("Unknown bot '{name}' (known: {known})."),
        )
    }

    /// The seat number does not exist at this table.
    pub fn no_such_seat(seat: usize) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_seat",
            format!("Platz {} gibt es an diesem Tisch nicht.", number(seat)),
            format!("Seat {} does not exist at this table.", number(seat)),
        )
    }

    /// The seat is held by someone else (or a bot).
    pub fn seat_taken(seat: usize) -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "seat_taken",
            format!("Platz {} ist schon besetzt.", number(seat)),
            format!("Seat {} is already taken.", number(seat)),
        )
    }

    /// The secret does not authorise acting for the seat.
    pub fn wrong_secret(seat: usize) -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "wrong_secret",
            format!("Das Geheimnis berechtigt nicht für Platz {}.", number(seat)),
            format!("The secret does not authorise seat {}.", number(seat)),
        )
    }

    /// The game waits until every seat is taken.
    pub fn waiting_for_players() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "waiting_for_players",
            "Das Spiel wartet, bis alle Plätze besetzt sind.",
            "The game waits until every seat is taken.",
        )
    }

    /// The game has ended: nothing more can be done at this table.
    pub fn finished() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "finished",
            "Das Spiel an diesem Tisch ist beendet.",
            "The game at this table has ended.",
        )
    }

    /// The request could not be read.
    pub fn malformed(detail: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            info: ErrorInfo::malformed(detail),
        }
    }

    /// The log of a running game would reveal hidden cards.
    pub fn not_finished() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "not_finished",
            "Das Protokoll gibt es erst nach dem Spielende (es enthält verdeckte Karten).",
            "The log is available only after the game has ended (it holds hidden cards).",
        )
    }

    /// A rematch of a game that has not ended.
    pub fn rematch_not_finished() -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "not_finished",
            "server.rematch.not_finished",
            "Eine Revanche gibt es erst, wenn das Spiel zu Ende ist.",
            "A rematch can be started only once the game has ended.",
        )
    }

    /// A turn clock outside its ranges.
    pub fn clock_range(min_turn: u32, max_turn: u32, max_grace: u32) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "clock",
            "server.clock.range",
            format!(
                "Die Zugzeit muss {min_turn} bis {max_turn} Sekunden betragen, die Nachspielzeit 0 bis {max_grace} Sekunden."
            ),
            format!(
                "The turn clock takes {min_turn} to {max_turn} seconds per turn and 0 to {max_grace} seconds of grace."
            ),
        )
    }

    /// Autopilot asked for at a table without a turn clock.
    pub fn clock_off() -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "clock",
            "server.clock.off",
            "Dieser Tisch hat keine Zugzeit, also spielt hier kein Bot für einen Menschen.",
            "This table has no turn clock, so no bot plays for a human here.",
        )
    }

    /// An empty chat line.
    pub fn chat_empty() -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "chat",
            "server.chat.empty",
            "Eine Chatzeile braucht Text.",
            "A chat line needs text.",
        )
    }

    /// A chat line longer than the server stores.
    pub fn chat_too_long(max: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "chat",
            "server.chat.too_long",
            format!("Eine Chatzeile hat höchstens {max} Zeichen."),
            format!("A chat line has at most {max} characters."),
        )
    }

    /// A chat line with control, text-direction or invisible characters.
    pub fn chat_characters() -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "chat",
            "server.chat.characters",
            "Eine Chatzeile darf keine Steuer-, Richtungs- oder unsichtbaren Zeichen enthalten.",
            "A chat line may not hold control, text-direction or invisible characters.",
        )
    }

    /// Chat lines sent faster than the address may.
    pub fn chat_rate() -> ApiError {
        ApiError::ruled(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "server.chat.rate",
            "Zu viele Chatzeilen: bitte einen Moment warten.",
            "Too many chat lines: please wait a moment.",
        )
    }

    /// The table's chat holds as many lines as it stores.
    pub fn chat_full(max: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "chat",
            "server.chat.full",
            format!("Der Chat dieses Tisches ist voll ({max} Zeilen)."),
            format!("This table's chat is full ({max} lines)."),
        )
    }

    /// The client sends too fast.
    pub fn rate_limited() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "Zu viele Anfragen: bitte langsamer.",
            "Too many requests: please slow down.",
        )
    }

    /// The request was not read and answered in time.
    pub fn request_timeout() -> ApiError {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "request_timeout",
            "Die Anfrage kam nicht rechtzeitig vollständig an.",
            "The request did not arrive completely in time.",
        )
    }

    /// A query string or path parameter that does not read (`?from=-1`,
    /// `?seat=0&seat=1`).
    pub fn bad_query(detail: impl std::fmt::Display) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "malformed",
            "server.malformed.query",
            format!("Die Adresse der Anfrage ist ungültig: {detail}"),
            format!("The request's address is not valid: {detail}"),
        )
    }

    /// A method the path does not answer to.
    pub fn method_not_allowed() -> ApiError {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "Diese Adresse nimmt diese Methode nicht an.",
            "This address does not take this method.",
        )
    }

    /// A request with more than one `Host` header: which one is meant is
    /// not clear, so none is.
    pub fn duplicate_host() -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "bad_host",
            "server.bad_host.duplicate",
            "Die Anfrage hat mehr als einen Host-Header.",
            "The request has more than one Host header.",
        )
    }

    /// A WebSocket address asked for without a WebSocket handshake.
    pub fn not_websocket(detail: impl std::fmt::Display) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "malformed",
            "server.malformed.websocket",
            format!("Diese Adresse erwartet einen WebSocket-Handshake: {detail}"),
            format!("This address expects a WebSocket handshake: {detail}"),
        )
    }

    /// A message exceeded the size limit.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("Die Nachricht ist größer als {limit} Bytes."),
            format!("The message is larger than {limit} bytes."),
        )
    }

    /// The table's game could not be continued (a broken log, a closed table).
    pub fn unavailable(detail: &str) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            format!("Der Tisch ist gerade nicht verfügbar: {detail}"),
            format!("The table is not available: {detail}"),
        )
    }

    /// The table is driven by another instance now (issue 29: it was
    /// handed over or taken over after this instance's lease ran out);
    /// nothing was changed. Asking again reaches the new owner.
    pub fn table_moved() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "table_moved",
            "Dieser Tisch wird gerade von einem anderen Server übernommen; es wurde nichts geändert. Bitte gleich noch einmal versuchen.",
            "This table is being taken over by another server; nothing was changed. Please try again in a moment.",
        )
    }

    /// The instance that drives the table did not answer a forwarded
    /// request. For an action: it may or may not have been stored before the
    /// instance went away; asking again with the same version is answered
    /// with `stale_version` if it was, and is never applied twice.
    pub fn owner_unreachable() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "owner_unreachable",
            "Der Server dieses Tisches antwortet nicht; ein anderer übernimmt ihn in wenigen Sekunden. Bitte gleich noch einmal versuchen.",
            "The server of this table does not answer; another one takes it over within seconds. Please try again in a moment.",
        )
    }

    /// Storing failed; nothing was changed.
    pub fn storage() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            "Die Datenbank hat nicht geantwortet; es wurde nichts geändert.",
            "The database did not answer; nothing was changed.",
        )
    }

    /// An unexpected internal error; nothing was changed.
    pub fn internal(detail: &str) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("Interner Fehler: {detail}"),
            format!("Internal error: {detail}"),
        )
    }

    // Names, chat and floods (issue 41, items 3, 4, 6)

    /// A name that is one of the words the server shows for itself or for
    /// people without a seat (see [`crate::names::RESERVED`]).
    pub fn name_reserved(word: &str) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "bad_name",
            "server.bad_name.reserved",
            format!("Der Name „{word}“ ist dem Server vorbehalten (er zeigt ihn selbst an)."),
            format!("The name '{word}' is reserved: the server shows it itself."),
        )
    }

    /// A name written in styled letters (mathematical, enclosed, small
    /// capital, superscript, full-width, …) that would pass for plain ones.
    pub fn name_styled(code: &str) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "bad_name",
            "server.bad_name.styled",
            format!(
                "Das Zeichen {code} ist ein verzierter Buchstabe (mathematisch, umkreist, Kapitälchen, hochgestellt, vollbreit …): bitte den Namen in gewöhnlichen Buchstaben schreiben."
            ),
            format!(
                "The character {code} is a styled letter (mathematical, enclosed, small capital, superscript, full-width, …): please write the name in plain letters."
            ),
        )
    }

    /// A name holding a placeholder for something not shown (U+FFFC, U+FFFD).
    pub fn name_placeholder(code: &str) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "bad_name",
            "server.bad_name.placeholder",
            format!("Das Zeichen {code} steht für etwas, das nicht gezeigt wird, und ist in Namen nicht erlaubt."),
            format!("The character {code} stands for something not shown and is not allowed in names."),
        )
    }

    /// A name that looks like a name the server gives: an unnamed seat's
    /// ("Player 2", "Spieler 2") or a bot's ("random").
    pub fn name_impersonates(other: &str) -> ApiError {
        ApiError::ruled(
            StatusCode::BAD_REQUEST,
            "bad_name",
            "server.bad_name.impersonates",
            format!(
                "Dieser Name sieht aus wie „{other}“, ein Name, den der Server selbst vergibt (freier Platz oder Bot)."
            ),
            format!("This name looks like '{other}', a name the server gives itself (an unnamed seat or a bot)."),
        )
    }

    /// One client address holds its share of a table's stored chat lines.
    pub fn chat_address_share(max: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "server.chat.address_share",
            format!("Von dieser Adresse stehen schon {max} Zuschauerzeilen im Chat dieses Tisches, mehr nimmt er von ihr nicht an."),
            format!("This address already has {max} spectator lines in this table's chat; it takes no more from it."),
        )
    }

    /// The spectators' part of a table's chat is full (the seats still write).
    pub fn chat_spectators_full(max: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "chat",
            "server.chat.spectators_full",
            format!("Die Zuschauer haben an diesem Tisch schon {max} Zeilen geschrieben; nur die Spieler können noch schreiben."),
            format!("Spectators have written {max} lines at this table; only the players can still write."),
        )
    }

    /// One seat wrote as many lines as a seat may store at a table.
    pub fn chat_seat_full(max: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::CONFLICT,
            "chat",
            "server.chat.seat_full",
            format!("Dieser Platz hat an diesem Tisch schon {max} Zeilen geschrieben."),
            format!("This seat has written {max} lines at this table already."),
        )
    }

    /// The request's header fields are longer than the server reads.
    pub fn headers_too_large(max: usize) -> ApiError {
        ApiError::ruled(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "too_large",
            "server.too_large.headers",
            format!("Die Kopfzeilen der Anfrage sind länger als {max} Bytes."),
            format!("The request's header fields are longer than {max} bytes."),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(serde_json::json!({ "error": self.info }))).into_response()
    }
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be reached or opened.
    #[error("Datenbank {url} nicht erreichbar / database {url} unreachable: {source}")]
    Database {
        /// The database URL with any password removed.
        url: String,
        /// The driver's error.
        source: sqlx::Error,
    },
    /// The schema could not be brought up to date.
    #[error("Migration {version} fehlgeschlagen / migration {version} failed: {source}")]
    Migration {
        /// The migration that failed.
        version: i64,
        /// The driver's error.
        source: sqlx::Error,
    },
    /// A stored table could not be restored.
    #[error("Tisch {table} nicht wiederherstellbar / table {table} cannot be restored: {detail}")]
    Restore {
        /// The table id.
        table: String,
        /// What went wrong.
        detail: String,
    },
    /// The address could not be bound.
    #[error("Adresse {addr} nicht nutzbar / cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("Ein-/Ausgabefehler / I/O error: {0}")]
    Io(#[from] std::io::Error),
    /// Another server runs on this SQLite file (see `instance_lock`).
    #[error(
        "Die SQLite-Datenbank {database} wird schon von einem anderen spielleiter-Server benutzt (Sperre {lock}); SQLite bedient nur einen Server: den anderen beenden oder für mehrere Instanzen PostgreSQL nehmen / \
         the SQLite database {database} is already used by another spielleiter server (lock {lock}); SQLite serves one server only: stop the other one, or use PostgreSQL for several instances"
    )]
    InUse {
        /// The database file.
        database: String,
        /// The lock file another process holds.
        lock: String,
    },
    /// The configuration is inconsistent (duplicate game id, bad URL, …).
    #[error("Ungültige Konfiguration / invalid configuration: {0}")]
    Config(String),
}

/// The URL with its password replaced by `***`, for messages and logs.
pub fn redact_url(url: &str) -> String {
    let Some(scheme_end) = url.find("://") else {
        return url.to_string();
    };
    let rest = &url[scheme_end + 3..];
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    match (authority.rfind('@'), authority.find(':')) {
        (Some(at), Some(colon)) if colon < at => {
            format!("{}{}:***{}", &url[..scheme_end + 3], &authority[..colon], &rest[at..])
        }
        _ => url.to_string(),
    }
}

/// A seat as sentences name it: counted from 1, as the table page shows it
/// (the protocol's seat numbers count from 0).
fn number(seat: usize) -> usize {
    seat.saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_redacted() {
        assert_eq!(
            redact_url("postgres://user:pw@localhost:5432/db"),
            "postgres://user:***@localhost:5432/db"
        );
        assert_eq!(
            redact_url("postgres://localhost:5432/db"),
            "postgres://localhost:5432/db"
        );
        assert_eq!(redact_url("sqlite://x.db"), "sqlite://x.db");
    }
}
