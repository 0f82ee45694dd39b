//! Catan Junior described (`Game::describe`): the goods, pieces, Coco
//! cards, costs, seat colours, phases and events of an edition, from the
//! crate's own tables ([`crate::goods`], [`crate::edition`]); and the places
//! of a board (`Game::places`): every site with its islands (good and die
//! number) and neighbouring sites, every route with its two sites.
//!
//! Cost keys are the JSON `type` of the action that pays them
//! (`build_lair`, `build_ship`, `ask_coco`).

use crate::board::{Board, Side};
use crate::edition::{CocoCard, Edition};
use crate::goods::{Good, Goods, COCO_COST, LAIR_COST, SHIP_COST};
use crate::state::State;
use engine::{Card, CountKind, Description, Message, Price, Term};
use serde::{Deserialize, Serialize};

/// Colour of each good: wood, wool, pineapple, sabre, gold.
const GOOD_COLOR: [&str; 5] = ["#2f7d3a", "#b5dd7a", "#f2b233", "#8aa0b8", "#e8c547"];

/// A seat colour's hex and names.
fn colour(id: &str) -> Term {
    let (hex, de, en) = match id {
        "red" => ("#d62828", "Rot", "red"),
        "purple" => ("#7b3fb5", "Lila", "purple"),
        "yellow" => ("#f7d038", "Gelb", "yellow"),
        "blue" => ("#1d5fd1", "Blau", "blue"),
        "white" => ("#f5f5f0", "Weiß", "white"),
        "orange" => ("#f28c00", "Orange", "orange"),
        other => ("#888888", other, other),
    };
    Term::new(id, de, en).color(hex)
}

const PHASES: [(&str, &str, &str); 8] = [
    ("roll", "Würfeln", "roll"),
    ("main", "Bauen und Tauschen", "build and trade"),
    ("move_klau", "Käpt’n Klau versetzen", "move Käpt’n Klau"),
    ("draw_coco", "Coco-Karte ziehen", "draw a Coco card"),
    ("free_build", "Gratis bauen", "build for free"),
    ("offer_draft", "Angebot zusammenstellen", "drafting an offer"),
    ("offer", "Angebot", "offer"),
    ("over", "Spielende", "game over"),
];

const EVENTS: [(&str, &str, &str); 18] = [
    ("rolled", "gewürfelt", "rolled"),
    ("received", "erhalten", "received"),
    ("blocked", "von Käpt’n Klau blockiert", "blocked by Käpt’n Klau"),
    ("shortage", "Vorrat reicht nicht", "supply shortage"),
    ("klau_moved", "Käpt’n Klau versetzt", "Käpt’n Klau moved"),
    ("built_lair", "Piratenlager gebaut", "pirate lair built"),
    ("built_ship", "Schiff gebaut", "ship built"),
    ("asked_coco", "Coco gefragt", "asked Coco"),
    ("coco_revealed", "Coco-Karte aufgedeckt", "Coco card revealed"),
    ("free_build_lost", "Gratisbau verfallen", "free build lost"),
    ("castle", "Burgplatz", "castle site"),
    ("traded_ring", "am Rettungsring getauscht", "traded at a life ring"),
    ("traded_supply", "mit dem Vorrat getauscht", "traded with the supply"),
    ("rings_refreshed", "Rettungsringe neu gefüllt", "life rings refreshed"),
    ("still_short", "immer noch zu wenig", "still short"),
    ("offered", "Angebot", "offered"),
    ("offer_cancelled", "Angebot zurückgezogen", "offer cancelled"),
    ("offer_answered", "Angebot beantwortet", "offer answered"),
];

/// The events after the table above (kept apart to keep each table short).
const LAST_EVENTS: [(&str, &str, &str); 2] = [("turn_ended", "Zug beendet", "turn ended"), ("won", "gewonnen", "won")];

fn key<K: CountKind>(k: K) -> &'static str {
    K::NAMES.get(k.index()).copied().unwrap_or("")
}

fn price(g: &Goods) -> Price {
    engine::describe::price(Good::ALL.iter().map(|&k| (key(k), u32::from(g.get(k)))))
}

fn coco_words(c: CocoCard) -> (&'static str, &'static str, &'static str, &'static str) {
    match c {
        CocoCard::MoveKlau => (
            "Käpt’n Klau versetzen",
            "Move Käpt’n Klau",
            "Versetze Käpt’n Klau auf eine andere Insel und nimm 2 Plättchen ihrer Ware.",
            "Move Käpt’n Klau to another island and take 2 tiles of its good.",
        ),
        CocoCard::FreeBuild => (
            "Gratis bauen",
            "Build for free",
            "Baue 1 Piratenlager oder 1 Schiff kostenlos.",
            "Build 1 pirate lair or 1 ship for free.",
        ),
        CocoCard::WoodPineapple => (
            "2 Holz + 2 Ananas",
            "2 wood + 2 pineapple",
            "Nimm 2 Holz und 2 Ananas.",
            "Take 2 wood and 2 pineapple.",
        ),
        CocoCard::WoolSabre => (
            "2 Wolle + 2 Säbel",
            "2 wool + 2 sabre",
            "Nimm 2 Wolle und 2 Säbel.",
            "Take 2 wool and 2 sabre.",
        ),
    }
}

fn id_of<T: Serialize>(t: &T) -> String {
    serde_json::to_value(t)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Action types with their German and English names (verb phrases, as an
/// agent's list of legal actions reads them).
const ACTIONS: [(&str, &str, &str); 14] = [
    ("build_lair", "Piratenlager bauen", "build a pirate lair"),
    ("build_ship", "Schiff bauen", "build a ship"),
    ("ask_coco", "Coco fragen", "ask Coco"),
    ("trade_ring", "Am Rettungsring tauschen", "trade at the life ring"),
    ("trade_supply", "Mit dem Vorrat tauschen", "trade with the supply"),
    ("move_klau", "Käpt’n Klau versetzen", "move Käpt’n Klau"),
    ("open_offer", "Tausch anbieten", "offer a trade"),
    ("offer_give", "Im Angebot geben", "offer to give"),
    ("offer_get", "Im Angebot verlangen", "ask in the offer"),
    ("submit_offer", "Angebot machen", "make the offer"),
    ("cancel_offer", "Angebot zurückziehen", "withdraw the offer"),
    ("accept", "Annehmen", "accept"),
    ("decline", "Ablehnen", "decline"),
    ("end_turn", "Zug beenden", "end the turn"),
];

/// The words of the actions' fields (JSON keys), as a label reads them
/// after the action's name: (key, German, English).
const FIELDS: [(&str, &str, &str); 8] = [
    ("give", "gibt", "give"),
    ("take", "nimmt", "take"),
    ("to", "an", "to"),
    ("site", "Bauplatz", "site"),
    ("route", "Route", "route"),
    ("island", "Insel", "island"),
    ("good", "Ware", "good"),
    ("supply", "Vorrat", "supply"),
];

/// The description of Catan Junior in `edition`.
pub fn describe(edition: Edition) -> Description {
    let data = edition.data();
    let mut d = Description::new(<crate::game::CatanJunior as engine::Game>::ID);
    d.rule_set = data.id.to_owned();
    d.terms(
        "good",
        Good::ALL
            .iter()
            .map(|&g| Term::new(key(g), g.de(), g.en()).color(GOOD_COLOR[g.index()]))
            .collect(),
    );
    d.terms(
        "piece",
        vec![
            Term::new("lair", "Piratenlager", "pirate lair"),
            Term::new("ship", "Schiff", "ship"),
            Term::new("klau", "Käpt’n Klau", "Käpt’n Klau"),
            Term::new("castle", "Burgplatz", "castle site"),
            Term::new("ring", "Rettungsring", "life ring"),
        ],
    );
    d.terms(
        "card",
        CocoCard::ALL
            .iter()
            .map(|&c| {
                let (de, en, tde, ten) = coco_words(c);
                Term::new(id_of(&c), de, en).text(tde, ten)
            })
            .collect(),
    );
    d.terms(
        "action",
        ACTIONS.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    d.terms(
        "field",
        FIELDS.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    d.terms(
        "phase",
        PHASES.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    d.terms(
        "event",
        EVENTS
            .iter()
            .chain(LAST_EVENTS.iter())
            .map(|(id, de, en)| Term::new(*id, *de, *en))
            .collect(),
    );
    d.seats = data.colours.iter().map(|c| colour(c)).collect();
    d.costs.insert("build_lair".to_owned(), price(&LAIR_COST));
    d.costs.insert("build_ship".to_owned(), price(&SHIP_COST));
    d.costs.insert("ask_coco".to_owned(), price(&COCO_COST));
    let coco = CocoCard::ALL
        .iter()
        .map(|&c| {
            let (de, en, tde, ten) = coco_words(c);
            Card {
                id: id_of(&c),
                name: Some(Message::new(de, en)),
                text: Some(Message::new(tde, ten)),
                count: u32::from(data.deck[c.index()]),
                cost: price(&data.card_goods[c.index()]),
                ..Card::default()
            }
        })
        .collect();
    d.cards.insert("coco".to_owned(), coco);
    d.facts.insert(
        "pieces_per_colour".to_owned(),
        serde_json::json!({ "lair": data.lairs_per_colour, "ship": data.ships_per_colour }),
    );
    d.facts.insert("tiles_per_good".to_owned(), data.tiles_per_good.into());
    d.facts.insert(
        "starting_goods".to_owned(),
        serde_json::json!(price(&data.starting_goods)),
    );
    d.facts.insert(
        "two_player_seats".to_owned(),
        serde_json::json!(data.two_player_colours.iter().map(|c| colour(c)).collect::<Vec<_>>()),
    );
    d
}

/// The places of a Junior board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Places {
    /// Always `catan_junior`.
    pub kind: String,
    /// The board's side.
    pub side: Side,
    /// Every site by its printed number, the castle site last.
    pub sites: Vec<SitePlace>,
    /// Every route by its dense id.
    pub routes: Vec<RoutePlace>,
}

/// One site: the islands it lies on and the sites one route away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SitePlace {
    /// The printed number.
    pub site: u8,
    /// Whether it is the castle site.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub castle: bool,
    /// The land islands it lies on.
    pub islands: Vec<IslandPlace>,
    /// Sites one route away.
    pub neighbours: Vec<u8>,
}

/// An island as a site sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IslandPlace {
    /// Its letter.
    pub island: String,
    /// The good it produces.
    pub good: Good,
    /// Its die number.
    pub number: u8,
}

/// One route: its two sites (printed numbers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoutePlace {
    /// The route's dense id.
    pub id: u8,
    /// Its two sites.
    pub sites: [u8; 2],
}

/// The places of `state`'s board.
pub fn places(state: &State) -> Places {
    let side = state.side();
    let board = Board::get(state.edition, side);
    let routes: Vec<[u8; 2]> = board.routes.iter().map(|l| [l.a().number(), l.b().number()]).collect();
    let ordinary = board.castle_site.number().saturating_sub(1);
    let mut sites: Vec<SitePlace> = (1..=ordinary)
        .map(|s| SitePlace {
            site: s,
            castle: false,
            islands: board
                .islands
                .iter()
                .filter(|i| i.ring.iter().any(|x| x.number() == s))
                .map(|i| IslandPlace {
                    island: i.name.to_owned(),
                    good: i.good,
                    number: i.number,
                })
                .collect(),
            neighbours: routes
                .iter()
                .filter(|r| r.contains(&s))
                .map(|r| if r[0] == s { r[1] } else { r[0] })
                .collect(),
        })
        .collect();
    if board.castle_ring != 0 {
        sites.push(SitePlace {
            site: board.castle_site.number(),
            castle: true,
            islands: Vec::new(),
            neighbours: Vec::new(),
        });
    }
    Places {
        kind: "catan_junior".to_owned(),
        side,
        sites,
        routes: routes
            .iter()
            .enumerate()
            .map(|(i, r)| RoutePlace { id: i as u8, sites: *r })
            .collect(),
    }
}
