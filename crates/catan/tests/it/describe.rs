//! CATAN's description (`catan::describe`): every resource, terrain, harbor,
//! development card, commodity, track, progress card, phase and event of each
//! rule set is named in German and English; the costs are the rulebook's
//! (and the crate's own constants, so the rules and the description cannot
//! disagree); the decks hold the game's cards.

use catan::describe::{describe, PHASE_TAGS};
use catan::{
    Commodity, DevCard, DevCardCounts, DevCards, Harbor, ProgressCard, Resource, ResourceCounts, Resources, Rules,
    Terrain, Track, TurnRule,
};
use engine::{Description, Price};
use serde::Serialize;
use std::collections::BTreeMap;

fn id<T: Serialize>(t: &T) -> String {
    serde_json::to_value(t).unwrap().as_str().unwrap().to_owned()
}

fn named(d: &Description, kind: &str, ids: impl IntoIterator<Item = String>) {
    for i in ids {
        let t = d
            .term(kind, &i)
            .unwrap_or_else(|| panic!("{} has no {kind} `{i}`", d.rule_set));
        assert!(!t.de.is_empty() && !t.en.is_empty(), "{t:?}");
    }
}

fn price(pairs: &[(&str, u32)]) -> Price {
    pairs
        .iter()
        .map(|(k, n)| ((*k).to_owned(), *n))
        .collect::<BTreeMap<_, _>>()
}

fn of(r: &Resources) -> Price {
    Resource::ALL
        .iter()
        .filter(|&&k| r.get(k) > 0)
        .map(|&k| (id(&k), u32::from(r.get(k))))
        .collect()
}

const TERRAINS: [Terrain; 6] = [
    Terrain::Hills,
    Terrain::Forest,
    Terrain::Pasture,
    Terrain::Fields,
    Terrain::Mountains,
    Terrain::Desert,
];
const HARBORS: [Harbor; 6] = [
    Harbor::Generic,
    Harbor::Brick,
    Harbor::Lumber,
    Harbor::Wool,
    Harbor::Grain,
    Harbor::Ore,
];

#[test]
fn every_rule_set_names_its_vocabulary() {
    for (rules, turn, set) in [
        (Rules::Base, None, "base"),
        (Rules::Base, Some(TurnRule::SpecialBuilding), "five_six"),
        (Rules::Base, Some(TurnRule::Paired), "five_six_paired"),
        (Rules::CitiesKnights, None, "cities_knights"),
        (Rules::CitiesKnightsHeroes, None, "cities_knights_heroes"),
    ] {
        let d = describe(rules, turn);
        assert_eq!(d.rule_set, set);
        named(&d, "resource", Resource::ALL.iter().map(id));
        named(&d, "terrain", TERRAINS.iter().map(id));
        named(&d, "harbor", HARBORS.iter().map(id));
        for t in TERRAINS {
            assert!(
                d.term("terrain", &id(&t)).unwrap().color.is_some(),
                "{t:?} has a colour"
            );
        }
        // The hand's card faces take their colours from here (web/games/hand.js).
        if !rules.is_cities_knights() {
            for c in DevCard::ALL {
                assert!(
                    d.term("development_card", &id(&c)).unwrap().color.is_some(),
                    "{c:?} has a colour"
                );
            }
        }
        assert_eq!(d.seats.len(), 6);
        if rules.is_cities_knights() {
            named(&d, "commodity", Commodity::ALL.iter().map(id));
            named(&d, "track", Track::ALL.iter().map(id));
            named(&d, "progress_card", ProgressCard::ALL.iter().map(id));
            named(&d, "phase", PHASE_TAGS.iter().map(|t| (*t).to_owned()));
            assert!(!d.terms.contains_key("development_card"));
        } else {
            named(&d, "development_card", DevCard::ALL.iter().map(id));
            assert!(!d.terms.contains_key("commodity"));
            // The base game's phases only.
            assert!(d.term("phase", "main").is_some() && d.term("phase", "pillage").is_none());
        }
        assert_eq!(rules.has_heroes(), d.term("piece", "hero").is_some());
    }
}

#[test]
fn costs_are_the_rulebooks() {
    let d = describe(Rules::Base, None);
    assert_eq!(d.costs["build_road"], price(&[("brick", 1), ("lumber", 1)]));
    assert_eq!(
        d.costs["build_settlement"],
        price(&[("brick", 1), ("lumber", 1), ("wool", 1), ("grain", 1)])
    );
    assert_eq!(d.costs["build_city"], price(&[("grain", 2), ("ore", 3)]));
    assert_eq!(
        d.costs["buy_development_card"],
        price(&[("wool", 1), ("grain", 1), ("ore", 1)])
    );
    assert_eq!(d.costs["build_city"], of(&Resources::CITY));
    let deck = &d.cards["development"];
    assert_eq!(deck.iter().map(|c| c.count).sum::<u32>(), 25);
    for c in deck {
        let kind = DevCard::ALL.iter().find(|k| id(*k) == c.id).expect("a kind");
        assert_eq!(c.count, u32::from(DevCards::BASE_DECK.get(*kind)));
        assert!(c.text.is_some(), "{} has a text", c.id);
    }

    let d = describe(Rules::CitiesKnights, None);
    assert!(
        !d.costs.contains_key("buy_development_card"),
        "no development cards in C&K"
    );
    assert_eq!(d.costs["build_wall"], price(&[("brick", 2)]));
    assert_eq!(d.costs["build_knight"], price(&[("wool", 1), ("ore", 1)]));
    assert_eq!(d.costs["promote_knight"], price(&[("wool", 1), ("ore", 1)]));
    assert_eq!(d.costs["activate_knight"], price(&[("grain", 1)]));
    assert_eq!(d.costs["play_medicine"], price(&[("ore", 2), ("grain", 1)]));
    // Improvements: level n costs n of the track's commodity.
    let imps = d.facts["improvements"].as_array().expect("improvements");
    assert_eq!(imps.len(), 15);
    for imp in imps {
        let track = imp["track"].as_str().unwrap();
        let level = imp["level"].as_u64().unwrap();
        let commodity = match track {
            "trade" => "cloth",
            "politics" => "coin",
            "science" => "paper",
            other => panic!("track {other}"),
        };
        assert_eq!(imp["cost"], serde_json::json!({ commodity: level }), "{imp}");
        assert!(
            imp["name"]["de"].is_string() && imp["unlocks"]["en"].is_string(),
            "{imp}"
        );
    }
    let merchant_guild = imps.iter().find(|i| i["track"] == "trade" && i["level"] == 3).unwrap();
    assert_eq!(merchant_guild["name"]["en"], "Merchant Guild");
    // The three progress decks hold every card with its copies.
    let mut total = 0;
    for t in Track::ALL {
        for c in &d.cards[&format!("progress_{}", id(&t))] {
            let card = ProgressCard::ALL.iter().find(|k| id(*k) == c.id).expect("a card");
            assert_eq!(card.track(), t);
            assert_eq!(c.count, u32::from(card.copies()));
            assert!(c.text.as_ref().is_some_and(|x| !x.de.is_empty() && !x.en.is_empty()));
            total += c.count;
        }
    }
    assert_eq!(
        total,
        ProgressCard::ALL.iter().map(|c| u32::from(c.copies())).sum::<u32>()
    );
}
