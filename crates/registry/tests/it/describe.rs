//! Every registered game describes itself, and the description names what
//! its JSON carries: for every game and rule set, through the JSON entry every
//! front end uses (`GameEntry::describe`, `DynMatch::description`,
//! `DynMatch::places`),
//!
//! - the description is filled and names its game and rule set as the
//!   registry does;
//! - every phase and event tag a played game's views and events carry, and
//!   every resource, good or token key of its bank, has a term with a German
//!   and an English name;
//! - the places agree with the topology (CATAN: each intersection's hexes
//!   and pips, each path's two intersections are neighbours; Junior: every
//!   site and route of the board);
//! - a rule set the game does not offer is refused (`engine.unknown_rule_set`).

use engine::{ChanceMode, Description, DynMatch, Seat, ToAct, Viewer};
use registry::{Registered, Visitor};
use serde_json::Value;
use std::collections::BTreeSet;

/// The tag of a phase value: a string, or an object's `phase` or `type`.
fn phase_tag(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) => o
            .get("phase")
            .or_else(|| o.get("type"))
            .and_then(Value::as_str)
            .map(str::to_owned),
        _ => None,
    }
}

/// Plays a game from `options` with a fixed pick among the legal actions,
/// collecting every phase tag of the views and every event tag.
fn play(m: &mut Box<dyn DynMatch>, steps: usize, phases: &mut BTreeSet<String>, events: &mut BTreeSet<String>) {
    for step in 0..steps {
        if let Some(t) = phase_tag(&m.view(Viewer::Spectator)["phase"]) {
            phases.insert(t);
        }
        match m.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                m.chance(None, None).expect("a chance outcome is drawn");
            }
            ToAct::Seats(seats) => {
                let seat: Seat = seats.first().expect("a seat acts");
                let legal = m.legal(seat).expect("the seat exists");
                // Offers mostly stall a random game; prefer anything else.
                let pick: Vec<&Value> = legal
                    .iter()
                    .filter(|a| {
                        let t = a["type"].as_str().unwrap_or("");
                        !t.starts_with("offer") && t != "open_trade" && t != "open_offer"
                    })
                    .collect();
                let pool: Vec<&Value> = if pick.is_empty() { legal.iter().collect() } else { pick };
                let a = pool[(step * 7919 + 13) % pool.len()].clone();
                m.act(seat, &a, None).expect("a listed action is accepted");
            }
        }
    }
    if let Some(t) = phase_tag(&m.view(Viewer::Spectator)["phase"]) {
        phases.insert(t);
    }
    for e in m.events_since(0, Viewer::Spectator) {
        if let Some(t) = e["type"].as_str() {
            events.insert(t.to_owned());
        }
    }
}

fn assert_named(d: &Description, kind: &str, tag: &str, what: &str) {
    let t = d
        .term(kind, tag)
        .unwrap_or_else(|| panic!("{} {}: the {kind} `{tag}` ({what}) has no name", d.game, d.rule_set));
    assert!(!t.de.is_empty() && !t.en.is_empty(), "{} {kind} {tag}: {t:?}", d.game);
}

/// The bank's (supply's) keys must be named: resources, goods or tokens.
fn bank_kind(game: &str) -> (&'static str, &'static str) {
    match game {
        "catan" => ("bank", "resource"),
        "catan-junior" => ("supply", "good"),
        _ => ("bank", "token"),
    }
}

struct Walk;

impl Visitor for Walk {
    type Output = usize;

    fn visit<G: Registered>(&mut self) -> usize {
        let entry = registry::entry(G::ID).expect("registered");
        let mut checked = 0;
        for (i, set) in registry::game(G::ID).expect("registered").rule_sets.iter().enumerate() {
            // Static: through the registry as the HTTP route and the referee ask.
            let d = registry::describe(G::ID, Some(set.id)).expect("described");
            assert!(!d.is_empty(), "{} {} describes nothing", G::ID, set.id);
            assert_eq!((d.game.as_str(), d.rule_set.as_str()), (G::ID, set.id));
            for (kind, terms) in &d.terms {
                for t in terms {
                    assert!(!t.de.is_empty() && !t.en.is_empty(), "{} {kind} {t:?}", G::ID);
                    if let Some(c) = &t.color {
                        assert!(
                            c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|x| x.is_ascii_hexdigit()),
                            "{} {kind} {}: colour {c}",
                            G::ID,
                            t.id
                        );
                    }
                }
            }

            // Dynamic: a played game's tags are all named, in the match's own description.
            let players = *set.players.end();
            let mut m = entry
                .create(&set.options, players, 40 + i as u64, ChanceMode::Seeded)
                .expect("a game starts");
            let md = m.description();
            assert_eq!(md.terms, d.terms, "{} {}: the match describes its rule set", G::ID, set.id);
            let (mut phases, mut events) = (BTreeSet::new(), BTreeSet::new());
            play(&mut m, 1_500, &mut phases, &mut events);
            assert!(!phases.is_empty() && !events.is_empty(), "{} {}", G::ID, set.id);
            for p in &phases {
                assert_named(&md, "phase", p, "a view's phase");
            }
            for e in &events {
                assert_named(&md, "event", e, "an event");
            }
            let (bank, kind) = bank_kind(G::ID);
            let view = m.view(Viewer::Spectator);
            for k in view[bank].as_object().into_iter().flatten().map(|(k, _)| k) {
                assert_named(&md, kind, k, "a bank key");
            }
            checked += phases.len() + events.len();

            places_agree_with_the_topology(m.as_ref());
        }
        // Refused: a rule set the game does not offer.
        let e = registry::describe(G::ID, Some("no_such_rules")).expect_err("refused");
        assert_eq!(e.rule, "engine.unknown_rule_set");
        assert!(e.message.de.contains("no_such_rules") && e.message.en.contains("no_such_rules"));
        checked
    }
}

fn ids(v: &Value) -> Vec<u64> {
    v.as_array().into_iter().flatten().filter_map(Value::as_u64).collect()
}

fn places_agree_with_the_topology(m: &dyn DynMatch) {
    let (places, topo) = (m.places(), m.topology());
    assert_eq!(places["game"], m.game());
    match places["kind"].as_str() {
        Some("catan") => {
            let nodes = topo["nodes"].as_array().expect("nodes");
            let inter = places["intersections"].as_array().expect("intersections");
            assert_eq!(inter.len(), nodes.len());
            for (p, n) in inter.iter().zip(nodes) {
                let hexes: Vec<u64> = p["hexes"].as_array().expect("hexes").iter().filter_map(|h| h["id"].as_u64()).collect();
                assert_eq!(hexes, ids(&n["hexes"]), "intersection {}", p["id"]);
                let pips: u64 = p["hexes"].as_array().expect("hexes").iter().filter_map(|h| h["pips"].as_u64()).sum();
                assert_eq!(p["pips"].as_u64(), Some(pips), "intersection {}", p["id"]);
                for h in p["hexes"].as_array().expect("hexes") {
                    let tile = &topo["hexes"][h["id"].as_u64().expect("id") as usize];
                    assert_eq!((&h["terrain"], &h["number"]), (&tile["terrain"], &tile["number"]));
                }
                assert_eq!(ids(&p["neighbours"]), ids(&n["nodes"]));
            }
            let edges = topo["edges"].as_array().expect("edges");
            let paths = places["paths"].as_array().expect("paths");
            assert_eq!(paths.len(), edges.len());
            for (p, e) in paths.iter().zip(edges) {
                let [a, b] = [p["intersections"][0].as_u64(), p["intersections"][1].as_u64()].map(|x| x.expect("an end"));
                assert_eq!(vec![a, b], ids(&e["nodes"]));
                assert!(ids(&inter[a as usize]["neighbours"]).contains(&b), "path {}: {a} and {b} are neighbours", p["id"]);
            }
            for h in topo["harbors"].as_array().expect("harbors") {
                for n in ids(&h["nodes"]) {
                    assert_eq!(inter[n as usize]["harbor"], h["kind"], "harbor at {n}");
                }
            }
            let hexes = places["hexes"].as_array().expect("hexes");
            for (p, t) in hexes.iter().zip(topo["hexes"].as_array().expect("hexes")) {
                assert_eq!(p["corners"], t["nodes"]);
            }
        }
        Some("catan_junior") => {
            let served: BTreeSet<u64> = topo["sites"].as_array().expect("sites").iter().filter_map(|s| s["site"].as_u64()).collect();
            let described: BTreeSet<u64> = places["sites"].as_array().expect("sites").iter().filter_map(|s| s["site"].as_u64()).collect();
            assert_eq!(described, served);
            let routes: Vec<Value> = topo["routes"].as_array().expect("routes").iter().map(|r| r["route"].clone()).collect();
            let described: Vec<Value> = places["routes"].as_array().expect("routes").iter().map(|r| r["sites"].clone()).collect();
            assert_eq!(described, routes);
            for s in places["sites"].as_array().expect("sites") {
                for n in ids(&s["neighbours"]) {
                    let (a, b) = (s["site"].as_u64().expect("site"), n);
                    assert!(routes.iter().any(|r| ids(r) == [a, b] || ids(r) == [b, a]), "{a}–{b} is a route");
                }
            }
        }
        Some("none") => assert_eq!(topo["kind"], "none"),
        other => panic!("places of an unknown kind {other:?}"),
    }
}

/// Every registered game and rule set is described and names what it plays.
#[test]
fn every_game_describes_every_tag_it_plays() {
    let checked = registry::visit_all(&mut Walk);
    assert_eq!(checked.len(), registry::GAMES.len());
    assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
}

/// `engine.unknown_rule_set`: a rule set the game does not offer is refused
/// in both languages, naming those it offers.
#[test]
fn engine_unknown_rule_set() {
    let e = registry::describe("catan", Some("chess")).expect_err("refused");
    assert_eq!((e.kind.as_str(), e.rule.as_str()), ("config", "engine.unknown_rule_set"));
    assert!(e.message.en.contains("cities_knights"), "{}", e.message.en);
    assert!(e.message.de.contains("Regelsatz"), "{}", e.message.de);
    let e = registry::describe("chess", None).expect_err("refused");
    assert_eq!(e.rule, "engine.unknown_game");
}
