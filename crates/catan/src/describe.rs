//! CATAN described (`Game::describe`): the names in German and English of
//! every resource, commodity, terrain, harbor, piece, card, phase and event
//! kind, the colours, the building costs and the card texts of every rule
//! set, read from the crate's own constants ([`Resource`], [`DevCard`],
//! [`ProgressCard`], the cost constants) so that there is one source. The
//! places of a board are in `places.rs`.
//!
//! Cost keys are the JSON `type` of the action that pays them
//! (`build_road`, `buy_development_card`, `build_knight`, …), so a front end
//! prices a legal action by its own tag; `play_medicine` is the Medicine card's
//! price of a city.

use crate::board::{Harbor, Terrain};
use crate::cities_knights::cards::{Commodity, Track};
use crate::cities_knights::improvements::WALL_COST;
use crate::cities_knights::knights::{ACTIVATE_COST, KNIGHT_COST};
use crate::cities_knights::state::{BARBARIAN_STEPS, MAX_LEVEL};
use crate::cities_knights::ProgressCard;
use crate::config::{Config, Rules, TurnRule};
use crate::dev::{DevCard, DevCardCounts, DevCards};
use crate::resource::{Resource, ResourceCounts, Resources};
use crate::vocab::{ACTION_ALL, ACTION_CK, EVENT_ALL, EVENT_CK, PHASE_ALL, PHASE_CK};
use engine::{Card, CountKind, Description, Message, Term};
use serde_json::json;

/// Every terrain, in the order of the resources they yield, the desert last.
trait AllTerrains {
    const ALL: [Terrain; 6];
}

impl AllTerrains for Terrain {
    const ALL: [Terrain; 6] = [
        Terrain::Hills,
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Mountains,
        Terrain::Desert,
    ];
}

/// Every phase tag of every rule set, in the order of the one enum they
/// were split from: the list the description's `phase` terms are built
/// from, and the one an observation's one-hot phase reads (the Python
/// package), so no second copy exists.
pub use crate::vocab::PHASE_ALL as PHASE_TAGS;

/// Colour of each resource (the colour of the terrain that yields it).
const RESOURCE_COLOR: [&str; 5] = ["#c66a3d", "#2f7d3a", "#a5d46a", "#f0c94a", "#8e8e99"];
/// Colour of the desert.
const DESERT_COLOR: &str = "#e8d7a8";
/// Colour of each commodity: paper, cloth, coin.
const COMMODITY_COLOR: [&str; 3] = ["#e9e4c9", "#b9a3d6", "#c9b037"];
/// Colour of each track's city gate: trade (yellow), politics (blue), science (green).
const TRACK_COLOR: [&str; 3] = ["#f2c300", "#2f6fd6", "#2f9e44"];
/// The six seat colours of the board game, seat 0 first: id, hex, German, English.
const SEATS: [(&str, &str, &str, &str); 6] = [
    ("red", "#d62828", "Rot", "red"),
    ("blue", "#1d5fd1", "Blau", "blue"),
    ("white", "#f5f5f0", "Weiß", "white"),
    ("orange", "#f28c00", "Orange", "orange"),
    ("green", "#2e9e44", "Grün", "green"),
    ("brown", "#7a4a21", "Braun", "brown"),
];

/// The rule set's id as the registry names it (`base`, `cities_knights`,
/// `cities_knights_heroes`, `five_six`, `five_six_paired`).
pub fn rule_set(rules: Rules, turn: Option<TurnRule>) -> &'static str {
    match (rules, turn) {
        (_, Some(TurnRule::Paired)) => "five_six_paired",
        (_, Some(TurnRule::SpecialBuilding)) => "five_six",
        (Rules::Base, None) => "base",
        (Rules::CitiesKnights, None) => "cities_knights",
        (Rules::CitiesKnightsHeroes, None) => "cities_knights_heroes",
    }
}

fn terrain_term(t: Terrain) -> Term {
    let (de, en) = match t {
        Terrain::Hills => ("Hügelland", "hills"),
        Terrain::Forest => ("Wald", "forest"),
        Terrain::Pasture => ("Weideland", "pasture"),
        Terrain::Fields => ("Ackerland", "fields"),
        Terrain::Mountains => ("Gebirge", "mountains"),
        Terrain::Desert => ("Wüste", "desert"),
    };
    let color = t.resource().map_or(DESERT_COLOR, |r| RESOURCE_COLOR[r as usize]);
    Term::new(id_of(&t), de, en).color(color)
}

fn harbor_term(h: Harbor) -> Term {
    match h.resource() {
        None => Term::new("generic", "3:1-Hafen", "3:1 harbor"),
        Some(r) => Term::new(
            id_of(&h),
            format!("2:1-Hafen ({})", r.de()),
            format!("2:1 {} harbor", r.en()),
        )
        .color(RESOURCE_COLOR[r as usize]),
    }
}

/// A count kind's JSON key (`"brick"`, `"monopoly"`).
fn key<K: CountKind>(k: K) -> &'static str {
    K::NAMES.get(k.index()).copied().unwrap_or("")
}

/// A value's JSON string id (`"hills"`).
fn id_of<T: serde::Serialize>(t: &T) -> String {
    serde_json::to_value(t)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn dev_text(c: DevCard) -> (&'static str, &'static str) {
    match c {
        DevCard::Knight => (
            "Versetze den Räuber und ziehe einem Spieler am neuen Feld 1 Karte.",
            "Move the robber and take 1 card from a player at its new hex.",
        ),
        DevCard::VictoryPoint => ("1 Siegpunkt, verdeckt.", "1 victory point, kept hidden."),
        DevCard::RoadBuilding => ("Baue 2 Straßen kostenlos.", "Build 2 roads for free."),
        DevCard::YearOfPlenty => (
            "Nimm 2 beliebige Rohstoffe aus der Bank.",
            "Take any 2 resources from the bank.",
        ),
        DevCard::Monopoly => (
            "Nenne einen Rohstoff: alle Mitspieler geben dir alle Karten davon.",
            "Name a resource: every opponent gives you all their cards of it.",
        ),
    }
}

/// German name and both texts of a progress card.
fn progress_words(c: ProgressCard) -> (&'static str, &'static str, &'static str) {
    use ProgressCard::*;
    match c {
        Alchemist => (
            "Alchemist",
            "Vor dem Würfeln: du bestimmst den roten und den gelben Würfel; der Ereigniswürfel wird gewürfelt.",
            "Before the roll: you set the red and the yellow die; the event die is rolled.",
        ),
        Crane => (
            "Kran",
            "Eine Stadtausbau-Stufe kostet 1 Handelsware weniger.",
            "One city improvement costs 1 commodity less.",
        ),
        Engineer => (
            "Ingenieur",
            "Baue eine Stadtmauer kostenlos.",
            "Build one city wall for free.",
        ),
        Inventor => (
            "Erfinder",
            "Tausche zwei Zahlenchips (nicht 2, 12, 6 oder 8).",
            "Swap two number tokens (not 2, 12, 6 or 8).",
        ),
        Irrigation => (
            "Bewässerung",
            "2 Getreide für jedes Ackerland an deinen Siedlungen und Städten.",
            "2 grain for each fields hex next to your settlements and cities.",
        ),
        Medicine => (
            "Medizin",
            "Eine Siedlung wird für 2 Erz und 1 Getreide zur Stadt.",
            "Upgrade a settlement to a city for 2 ore and 1 grain.",
        ),
        Mining => (
            "Bergbau",
            "2 Erz für jedes Gebirge an deinen Siedlungen und Städten.",
            "2 ore for each mountains hex next to your settlements and cities.",
        ),
        Printer => (
            "Buchdruck",
            "1 Siegpunkt, sofort offen.",
            "1 victory point, shown at once.",
        ),
        RoadBuilding => ("Straßenbau", "Baue 2 Straßen kostenlos.", "Build 2 roads for free."),
        Smith => (
            "Schmied",
            "Befördere bis zu 2 Ritter kostenlos.",
            "Promote up to 2 knights for free.",
        ),
        Bishop => (
            "Bischof",
            "Versetze den Räuber und ziehe von jedem Mitspieler dort 1 Karte.",
            "Move the robber and take 1 card from every player there.",
        ),
        Constitution => (
            "Verfassung",
            "1 Siegpunkt, sofort offen.",
            "1 victory point, shown at once.",
        ),
        Deserter => (
            "Überläufer",
            "Ein Mitspieler entfernt einen seiner Ritter; du setzt einen eigenen gleicher Stärke.",
            "An opponent removes one of their knights; you place one of your own of the same strength.",
        ),
        Diplomat => (
            "Diplomat",
            "Entferne eine offene Straße; eine eigene darfst du neu bauen.",
            "Remove an open road; an own one you may rebuild.",
        ),
        Intrigue => (
            "Intrige",
            "Vertreibe einen gegnerischen Ritter an deinen Straßen.",
            "Displace an opposing knight on one of your roads.",
        ),
        Saboteur => (
            "Saboteur",
            "Wer mindestens so viele Siegpunkte hat wie du, wirft die Hälfte seiner Karten ab.",
            "Everyone with at least your points discards half of their cards.",
        ),
        Spy => (
            "Spion",
            "Sieh die Fortschrittskarten eines Mitspielers an und nimm eine.",
            "Look at an opponent's progress cards and take one.",
        ),
        Warlord => (
            "Kriegsherr",
            "Aktiviere alle deine Ritter kostenlos.",
            "Activate all your knights for free.",
        ),
        Wedding => (
            "Hochzeit",
            "Wer mehr Siegpunkte hat als du, gibt dir 2 Karten.",
            "Everyone with more points gives you 2 cards.",
        ),
        CommercialHarbor => (
            "Handelshafen",
            "Biete jedem Mitspieler 1 Rohstoff gegen 1 Handelsware.",
            "Offer each opponent 1 resource for 1 commodity.",
        ),
        MasterMerchant => (
            "Handelsmeister",
            "Nimm 2 Karten eines Mitspielers mit mehr Siegpunkten.",
            "Take 2 cards from a player with more points.",
        ),
        Merchant => (
            "Händler",
            "Stelle den Händler an dein Gebiet: 2:1 für dessen Rohstoff, 1 Siegpunkt.",
            "Place the merchant next to you: 2:1 for its resource, 1 victory point.",
        ),
        MerchantFleet => (
            "Handelsflotte",
            "Eine Kartenart tauschst du in diesem Zug 2:1 mit der Bank.",
            "Trade one card kind 2:1 with the bank this turn.",
        ),
        ResourceMonopoly => (
            "Rohstoffmonopol",
            "Jeder Mitspieler gibt dir 2 Karten des genannten Rohstoffs.",
            "Every opponent gives you 2 of the resource named.",
        ),
        TradeMonopoly => (
            "Handelsmonopol",
            "Jeder Mitspieler gibt dir 1 der genannten Handelsware.",
            "Every opponent gives you 1 of the commodity named.",
        ),
    }
}

/// The five improvements of a track, level 1 first: German, English.
fn improvement_names(t: Track) -> [(&'static str, &'static str); MAX_LEVEL as usize] {
    match t {
        Track::Trade => [
            ("Markt", "Market"),
            ("Handelshaus", "Trading House"),
            ("Handelsgilde", "Merchant Guild"),
            ("Bank", "Bank"),
            ("Großbörse", "Great Exchange"),
        ],
        Track::Politics => [
            ("Rathaus", "Town Hall"),
            ("Kirche", "Church"),
            ("Festung", "Fortress"),
            ("Kathedrale", "Cathedral"),
            ("Hohes Haus", "High Assembly"),
        ],
        Track::Science => [
            ("Abtei", "Abbey"),
            ("Bibliothek", "Library"),
            ("Aquädukt", "Aqueduct"),
            ("Theater", "Theater"),
            ("Universität", "University"),
        ],
    }
}

/// What level 3 of a track unlocks (German, English).
fn level_three(t: Track) -> (&'static str, &'static str) {
    match t {
        Track::Trade => (
            "Handelsware 2:1 mit der Bank tauschen",
            "trade commodities 2:1 with the bank",
        ),
        Track::Politics => ("Ritter zu mächtigen Rittern befördern", "promote knights to mighty"),
        Track::Science => (
            "1 Rohstoff nach Wahl, wenn ein Wurf dir nichts bringt",
            "1 resource of your choice when a roll yields you nothing",
        ),
    }
}

fn gate(t: Track) -> (&'static str, &'static str) {
    match t {
        Track::Trade => ("gelbes Stadttor (Handel)", "yellow city gate (trade)"),
        Track::Politics => ("blaues Stadttor (Politik)", "blue city gate (politics)"),
        Track::Science => ("grünes Stadttor (Wissenschaft)", "green city gate (science)"),
    }
}

/// Names of every phase tag (base and C&K), German and English.
/// The words of the actions' fields (the JSON keys other than places), as
/// a label reads them after the action's name: (key, German, English).
const FIELDS: &[(&str, &str, &str)] = &[
    ("get", "erhält", "get"),
    ("give", "gibt", "give"),
    ("rate", "Kurs", "rate"),
    ("from", "von", "from"),
    ("to", "an", "to"),
    ("with", "mit", "with"),
    ("victim", "Opfer", "victim"),
    ("first", "zuerst", "first"),
    ("second", "dann", "second"),
    ("a", "Feld", "hex"),
    ("b", "mit Feld", "with hex"),
    ("red", "rot", "red"),
    ("yellow", "gelb", "yellow"),
    ("resource", "Rohstoff", "resource"),
    ("commodity", "Handelsware", "commodity"),
    ("card", "Karte", "card"),
    ("track", "Bereich", "track"),
    ("knight", "mit dem Ritter bei", "with the knight at"),
];

/// The name of each action type, as an agent's list of legal actions and a
/// log read it (a verb phrase).
pub(crate) fn action_words(tag: &str) -> Option<(&'static str, &'static str)> {
    Some(match tag {
        "build_settlement" => ("Siedlung bauen", "build a settlement"),
        "build_road" => ("Straße bauen", "build a road"),
        "build_city" => ("Stadt bauen", "build a city"),
        "roll" => ("Würfeln", "roll the dice"),
        "discard" => ("Abwerfen", "discard"),
        "move_robber" => ("Räuber versetzen", "move the robber"),
        "buy_development_card" => ("Entwicklungskarte kaufen", "buy a development card"),
        "play_knight" => ("Ritter ausspielen", "play a knight"),
        "play_road_building" => ("Straßenbau ausspielen", "play road building"),
        "play_year_of_plenty" => ("Erfindung ausspielen", "play year of plenty"),
        "play_monopoly" => ("Monopol ausspielen", "play monopoly"),
        "maritime_trade" => ("Seehandel", "maritime trade"),
        "open_trade" => ("Handel anbieten", "open a trade"),
        "offer_give" => ("Im Angebot geben", "offer to give"),
        "offer_get" => ("Im Angebot verlangen", "ask in the offer"),
        "offer_give_commodity" => ("Handelsware im Angebot geben", "offer to give a commodity"),
        "offer_get_commodity" => ("Handelsware im Angebot verlangen", "ask for a commodity in the offer"),
        "submit_offer" => ("Angebot machen", "make the offer"),
        "accept_offer" => ("Angebot annehmen", "accept the offer"),
        "decline_offer" => ("Angebot ablehnen", "decline the offer"),
        "confirm_trade" => ("Handel abschließen", "confirm the trade"),
        "cancel_trade" => ("Handel abbrechen", "cancel the trade"),
        "counter_offer" => ("Gegenangebot machen", "make a counter-offer"),
        "accept_counter" => ("Gegenangebot annehmen", "accept a counter-offer"),
        "revise_offer" => ("Angebot ändern", "revise the offer"),
        "end_turn" => ("Zug beenden", "end the turn"),
        "discard_card" => ("Karte abwerfen", "discard a card"),
        "bank_trade" => ("Handel mit der Bank", "trade with the bank"),
        "build_wall" => ("Stadtmauer bauen", "build a city wall"),
        "build_knight" => ("Ritter anwerben", "recruit a knight"),
        "promote_knight" => ("Ritter befördern", "promote a knight"),
        "activate_knight" => ("Ritter aktivieren", "activate a knight"),
        "move_knight" => ("Ritter versetzen", "move a knight"),
        "displace_knight" => ("Ritter vertreiben", "displace a knight"),
        "chase_robber" => ("Räuber vertreiben", "chase the robber"),
        "relocate_knight" => ("Vertriebenen Ritter versetzen", "relocate the displaced knight"),
        "upgrade_hero" => ("Held ausbauen", "upgrade the hero"),
        "recruit_squire" => ("Knappen anwerben", "recruit a squire"),
        "move_squire" => ("Knappen versetzen", "move a squire"),
        "lose_city" => ("Stadt verlieren", "lose a city"),
        "choose_deck" => ("Stapel wählen", "choose a deck"),
        "discard_progress" => ("Fortschrittskarte abwerfen", "discard a progress card"),
        "build_improvement" => ("Stadtausbau bauen", "build a city improvement"),
        "place_metropolis" => ("Metropole setzen", "place a metropolis"),
        "aqueduct_take" => ("Aquädukt: Rohstoff nehmen", "Aqueduct: take a resource"),
        "play_progress" => ("Fortschrittskarte ausspielen", "play a progress card"),
        "play_alchemist" => ("Alchemist ausspielen", "play the Alchemist"),
        "crane_improvement" => ("Kran: Stadtausbau", "Crane: city improvement"),
        "play_engineer" => ("Ingenieur ausspielen", "play the Engineer"),
        "play_inventor" => ("Erfinder ausspielen", "play the Inventor"),
        "play_medicine" => ("Medizin ausspielen", "play Medicine"),
        "play_bishop" => ("Bischof ausspielen", "play the Bishop"),
        "play_deserter" => ("Überläufer ausspielen", "play the Deserter"),
        "play_diplomat" => ("Diplomat ausspielen", "play the Diplomat"),
        "play_intrigue" => ("Intrige ausspielen", "play Intrigue"),
        "play_spy" => ("Spion ausspielen", "play the Spy"),
        "play_master_merchant" => ("Handelsmeister ausspielen", "play the Master Merchant"),
        "play_merchant" => ("Händler ausspielen", "play the Merchant"),
        "play_merchant_fleet" => ("Handelsflotte ausspielen", "play the Merchant Fleet"),
        "play_resource_monopoly" => ("Rohstoffmonopol ausspielen", "play Resource Monopoly"),
        "play_trade_monopoly" => ("Handelsmonopol ausspielen", "play Trade Monopoly"),
        "end_card" => ("Karte beenden", "finish the card"),
        "remove_knight" => ("Ritter entfernen", "remove a knight"),
        "give_card" => ("Karte geben", "give a card"),
        "take_card" => ("Karte nehmen", "take a card"),
        "take_progress" => ("Fortschrittskarte nehmen", "take a progress card"),
        "harbor_offer" => ("Handelshafen: anbieten", "Commercial Harbor: offer"),
        _ => return None,
    })
}

pub(crate) fn phase_words(tag: &str) -> Option<(&'static str, &'static str)> {
    Some(match tag {
        "setup" => ("Gründungsphase", "setup"),
        "roll" => ("Würfeln", "roll"),
        "rolling" => ("Würfel fallen", "dice rolling"),
        "discard" => ("Abwerfen nach der 7", "discard after a 7"),
        "move_robber" => ("Räuber versetzen", "move the robber"),
        "stealing" => ("Rauben", "stealing"),
        "main" => ("Handeln und Bauen", "trade and build"),
        "drawing" => ("Karte ziehen", "drawing a card"),
        "road_building" => ("Straßenbau", "road building"),
        "trade_draft" => ("Angebot zusammenstellen", "drafting an offer"),
        "trade_replies" => ("Antworten auf ein Angebot", "replies to an offer"),
        "trade_confirm" => ("Handel bestätigen", "confirm a trade"),
        "pillage" => ("Barbaren plündern", "barbarians pillage"),
        "defender_deck" => ("Verteidiger wählt Stapel", "defender chooses a deck"),
        "progress_draw" => ("Fortschrittskarte ziehen", "drawing a progress card"),
        "progress_discard" => ("Fortschrittskarte abwerfen", "discard a progress card"),
        "aqueduct" => ("Aquädukt: Rohstoff wählen", "Aqueduct: choose a resource"),
        "relocate" => ("Ritter versetzen", "relocate a knight"),
        "place_metropolis" => ("Metropole setzen", "place a metropolis"),
        "rolling_event" => ("Ereigniswürfel", "event die"),
        "smith" => ("Schmied", "Smith"),
        "desert" => ("Räuber in die Wüste", "robber to the desert"),
        "deserter_place" => ("Überläufer setzen", "place the deserter"),
        "diplomat_road" => ("Diplomat: Straße neu bauen", "Diplomat: rebuild a road"),
        "bishop_steal" => ("Bischof: rauben", "Bishop: steal"),
        "sabotage" => ("Saboteur: abwerfen", "Saboteur: discard"),
        "spy" => ("Spion", "Spy"),
        "wedding" => ("Hochzeit: Karten geben", "Wedding: give cards"),
        "master_merchant" => ("Handelsmeister", "Master Merchant"),
        "harbor_reply" => ("Handelshafen: Antwort", "Commercial Harbor: reply"),
        "over" => ("Spielende", "game over"),
        _ => return None,
    })
}

/// Names of every event tag (base and C&K), German and English.
pub(crate) fn event_words(tag: &str) -> Option<(&'static str, &'static str)> {
    Some(match tag {
        "built" => ("gebaut", "built"),
        "starting_resources" => ("Startrohstoffe", "starting resources"),
        "turn_started" => ("Zug beginnt", "turn started"),
        "rolled" => ("gewürfelt", "rolled"),
        "produced" => ("Ertrag", "produced"),
        "bank_shortage" => ("Bank reicht nicht", "bank shortage"),
        "discarded" => ("abgeworfen", "discarded"),
        "robber_moved" => ("Räuber versetzt", "robber moved"),
        "stolen" => ("geraubt", "stolen"),
        "dev_card_bought" => ("Entwicklungskarte gekauft", "development card bought"),
        "dev_card_played" => ("Entwicklungskarte ausgespielt", "development card played"),
        "took_from_bank" => ("aus der Bank genommen", "took from the bank"),
        "monopoly_paid" => ("Monopol bezahlt", "monopoly paid"),
        "maritime_traded" => ("Seehandel", "maritime trade"),
        "offered" => ("Angebot", "offered"),
        "replied" => ("geantwortet", "replied"),
        "countered" => ("Gegenangebot", "counter-offer"),
        "offer_revised" => ("Angebot zurückgezogen", "offer withdrawn"),
        "traded" => ("gehandelt", "traded"),
        "trade_cancelled" => ("Handel abgebrochen", "trade cancelled"),
        "longest_road" => ("Längste Handelsstraße", "Longest Road"),
        "largest_army" => ("Größte Rittermacht", "Largest Army"),
        "turn_ended" => ("Zug beendet", "turn ended"),
        "special_building" => ("Außerordentliche Bauphase", "Special Building Phase"),
        "player_two" => ("Spieler 2", "player two"),
        "event_die" => ("Ereigniswürfel", "event die"),
        "barbarians_advanced" => ("Barbaren rücken vor", "barbarians advanced"),
        "barbarian_attack" => ("Barbarenangriff", "barbarian attack"),
        "city_pillaged" => ("Stadt geplündert", "city pillaged"),
        "defender_of_catan" => ("Retter Catans", "Defender of Catan"),
        "barbarians_reset" => ("Barbaren zurück", "barbarians reset"),
        "progress_drawn" => ("Fortschrittskarte gezogen", "progress card drawn"),
        "progress_discarded" => ("Fortschrittskarte abgeworfen", "progress card discarded"),
        "produced_commodities" => ("Handelswaren erhalten", "commodities produced"),
        "commodity_shortage" => ("Handelswaren reichen nicht", "commodity shortage"),
        "discarded_card" => ("Karte abgeworfen", "card discarded"),
        "stolen_commodity" => ("Handelsware geraubt", "commodity stolen"),
        "aqueduct" => ("Aquädukt", "Aqueduct"),
        "wall_built" => ("Stadtmauer gebaut", "city wall built"),
        "knight_built" => ("Ritter gebaut", "knight built"),
        "knight_promoted" => ("Ritter befördert", "knight promoted"),
        "knight_activated" => ("Ritter aktiviert", "knight activated"),
        "knight_moved" => ("Ritter bewegt", "knight moved"),
        "knight_relocated" => ("Ritter versetzt", "knight relocated"),
        "robber_chased" => ("Räuber vertrieben", "robber chased"),
        "improved" => ("Stadt ausgebaut", "city improved"),
        "metropolis_placed" => ("Metropole gesetzt", "metropolis placed"),
        "bank_traded" => ("mit der Bank gehandelt", "bank trade"),
        "progress_played" => ("Fortschrittskarte ausgespielt", "progress card played"),
        "card_given" => ("Karte gegeben", "card given"),
        "progress_taken" => ("Fortschrittskarte genommen", "progress card taken"),
        "monopoly_given" => ("Monopol bezahlt", "monopoly paid"),
        "tokens_swapped" => ("Zahlenchips getauscht", "number tokens swapped"),
        "merchant_placed" => ("Händler gesetzt", "merchant placed"),
        "knight_removed" => ("Ritter entfernt", "knight removed"),
        "hero_upgraded" => ("Held ernannt", "hero upgraded"),
        "squire_recruited" => ("Knappe angeworben", "squire recruited"),
        "squire_moved" => ("Knappe bewegt", "squire moved"),
        "road_removed" => ("Straße entfernt", "road removed"),
        "won" => ("gewonnen", "won"),
        _ => return None,
    })
}

fn tagged(
    tags: &[&'static str],
    ck_tags: &[&str],
    ck: bool,
    words: fn(&str) -> Option<(&'static str, &'static str)>,
) -> Vec<Term> {
    tags.iter()
        .copied()
        .filter(|t| ck || !ck_tags.contains(t))
        .map(|t| {
            let (de, en) = words(t).unwrap_or((t, t));
            Term::new(t, de, en)
        })
        .collect()
}

fn resources_price(r: &Resources) -> Vec<(&'static str, u32)> {
    Resource::ALL.iter().map(|&k| (key(k), u32::from(r.get(k)))).collect()
}

/// The description of CATAN under `rules` and a 5–6 turn rule (`None`: no extension).
pub fn describe(rules: Rules, turn: Option<TurnRule>) -> Description {
    let ck = rules.is_cities_knights();
    let heroes = rules.has_heroes();
    let mut d = Description::new("catan");
    d.rule_set = rule_set(rules, turn).to_owned();
    d.terms(
        "resource",
        Resource::ALL
            .iter()
            .map(|&r| Term::new(key(r), r.de(), r.en()).color(RESOURCE_COLOR[r as usize]))
            .collect(),
    );
    d.terms("terrain", Terrain::ALL.into_iter().map(terrain_term).collect());
    d.terms(
        "harbor",
        [
            Harbor::Generic,
            Harbor::Brick,
            Harbor::Lumber,
            Harbor::Wool,
            Harbor::Grain,
            Harbor::Ore,
        ]
        .into_iter()
        .map(harbor_term)
        .collect(),
    );
    d.facts.insert(
        "terrain_resource".to_owned(),
        Terrain::ALL
            .iter()
            .filter_map(|t| Some((id_of(t), serde_json::Value::from(key(t.resource()?)))))
            .collect::<serde_json::Map<_, _>>()
            .into(),
    );
    let mut pieces = vec![
        Term::new("road", "Straße", "road"),
        Term::new("settlement", "Siedlung", "settlement"),
        Term::new("city", "Stadt", "city"),
        Term::new("robber", "Räuber", "robber"),
    ];
    if ck {
        pieces.extend([
            Term::new("city_wall", "Stadtmauer", "city wall"),
            Term::new("basic_knight", "einfacher Ritter", "basic knight"),
            Term::new("strong_knight", "starker Ritter", "strong knight"),
            Term::new("mighty_knight", "mächtiger Ritter", "mighty knight"),
            Term::new("metropolis", "Metropole", "metropolis"),
            Term::new("merchant", "Händler", "merchant"),
            Term::new("barbarian_ship", "Barbarenschiff", "barbarian ship"),
        ]);
    }
    if heroes {
        pieces.extend([
            Term::new("hero", "Held", "hero"),
            Term::new("squire", "Knappe", "squire"),
        ]);
    }
    d.terms("piece", pieces);
    d.terms("action", tagged(ACTION_ALL, ACTION_CK, ck, action_words));
    d.terms(
        "field",
        FIELDS.iter().map(|(id, de, en)| Term::new(*id, *de, *en)).collect(),
    );
    d.terms("phase", tagged(PHASE_ALL, PHASE_CK, ck, phase_words));
    d.terms("event", tagged(EVENT_ALL, EVENT_CK, ck, event_words));
    d.seats = SEATS
        .iter()
        .map(|(id, hex, de, en)| Term::new(*id, *de, *en).color(*hex))
        .collect();

    d.cost("build_road", resources_price(&Resources::ROAD));
    d.cost("build_settlement", resources_price(&Resources::SETTLEMENT));
    d.cost("build_city", resources_price(&Resources::CITY));
    if ck {
        d.cost("build_wall", resources_price(&WALL_COST));
        d.cost("build_knight", resources_price(&KNIGHT_COST));
        d.cost("promote_knight", resources_price(&KNIGHT_COST));
        d.cost("activate_knight", resources_price(&ACTIVATE_COST));
        d.cost(
            "play_medicine",
            resources_price(&crate::cities_knights::science::MEDICINE_COST),
        );
        commodities_and_progress(&mut d, heroes);
    } else {
        d.cost("buy_development_card", resources_price(&Resources::DEVELOPMENT));
        let deck = DevCards::BASE_DECK;
        let cards = DevCard::ALL
            .iter()
            .map(|&c| {
                let (de, en) = dev_text(c);
                Card {
                    id: key(c).to_owned(),
                    name: Some(Message::new(c.de(), c.en())),
                    text: Some(Message::new(de, en)),
                    count: u32::from(deck.get(c)),
                    points: u32::from(c == DevCard::VictoryPoint),
                    ..Card::default()
                }
            })
            .collect();
        d.cards.insert("development".to_owned(), cards);
        d.terms(
            "development_card",
            DevCard::ALL
                .iter()
                .map(|&c| Term::new(key(c), c.de(), c.en()).color(dev_color(c)))
                .collect(),
        );
    }
    d
}

/// The colour of a development card's face in the hand (web/games/hand.js):
/// served, so that no front end keeps a table of them.
fn dev_color(c: DevCard) -> &'static str {
    match c {
        DevCard::Knight => "#8e6fc0",
        DevCard::VictoryPoint => "#c96a5a",
        DevCard::RoadBuilding => "#b98a4e",
        DevCard::YearOfPlenty => "#6fae55",
        DevCard::Monopoly => "#d9b43a",
    }
}

/// Cities & Knights' commodities, tracks, improvements, progress cards and
/// barbarians.
fn commodities_and_progress(d: &mut Description, heroes: bool) {
    d.terms(
        "commodity",
        Commodity::ALL
            .iter()
            .map(|&c| Term::new(key(c), c.de(), c.en()).color(COMMODITY_COLOR[c as usize]))
            .collect(),
    );
    d.terms(
        "track",
        Track::ALL
            .iter()
            .map(|&t| {
                let (gde, gen) = gate(t);
                Term::new(id_of(&t), t.de(), t.en())
                    .color(TRACK_COLOR[t.index()])
                    .text(gde, gen)
            })
            .collect(),
    );
    let mut improvements = Vec::new();
    for t in Track::ALL {
        let commodity = key(t.commodity());
        let (l3de, l3en) = level_three(t);
        for (i, (de, en)) in improvement_names(t).into_iter().enumerate() {
            let level = i as u8 + 1;
            let red = if level >= 5 {
                "1–6".to_owned()
            } else {
                format!("1–{}", level + 1)
            };
            let mut unlocks_de = vec![format!(
                "Fortschrittskarten bei rotem Würfel {red} und Stadttor {}",
                t.de()
            )];
            let mut unlocks_en = vec![format!("progress cards on a red die of {red} with the {} gate", t.en())];
            if level == 3 {
                unlocks_de.push(l3de.to_owned());
                unlocks_en.push(l3en.to_owned());
            }
            if level == 4 {
                unlocks_de.push("wer zuerst Stufe 4 erreicht, erhält die Metropole (2 Siegpunkte)".to_owned());
                unlocks_en.push("first to level 4 gets the metropolis (2 victory points)".to_owned());
            }
            if level == 5 {
                unlocks_de.push("wer zuerst Stufe 5 erreicht, behält die Metropole sicher".to_owned());
                unlocks_en.push("first to level 5 keeps the metropolis for good".to_owned());
            }
            improvements.push(json!({
                "track": id_of(&t),
                "level": level,
                "name": { "de": de, "en": en },
                "cost": { commodity: level },
                "unlocks": { "de": unlocks_de.join("; "), "en": unlocks_en.join("; ") },
            }));
        }
    }
    d.facts.insert("improvements".to_owned(), json!(improvements));
    d.facts.insert(
        "knights".to_owned(),
        json!([
            { "level": 1, "piece": "basic_knight", "strength": 1 },
            { "level": 2, "piece": "strong_knight", "strength": 2 },
            { "level": 3, "piece": "mighty_knight", "strength": 3, "needs": { "track": "politics", "level": 3 } },
        ]),
    );
    d.facts.insert(
        "barbarians".to_owned(),
        json!({
            "steps": BARBARIAN_STEPS,
            "strength": { "de": "Zahl der Städte und Metropolen", "en": "number of cities and metropolises" },
            "defence": { "de": "Stärke aller aktiven Ritter", "en": "strength of all active knights" },
        }),
    );
    d.facts
        .insert("metropolis".to_owned(), json!({ "level": 4, "points": 2 }));
    if heroes {
        d.facts.insert(
            "heroes".to_owned(),
            json!({
                "upgrade": { "de": "Ein eigener Ritter wird für 1 Handelsware zum Helden.", "en": "An own knight becomes the hero for 1 commodity." },
                "squires": crate::SQUIRES_PER_PLAYER,
                "squire_step": { "de": "1 Karte des Rohstoffs des Zielfelds, frei über eine eigene Straße.", "en": "1 card of the target hex's resource, free across an own road." },
            }),
        );
    }
    let progress: Vec<Term> = ProgressCard::ALL
        .iter()
        .map(|&c| {
            let (de, tde, ten) = progress_words(c);
            Term::new(key(c), de, c.en()).text(tde, ten)
        })
        .collect();
    for t in Track::ALL {
        let deck = ProgressCard::ALL
            .iter()
            .filter(|c| c.track() == t)
            .map(|&c| {
                let (de, tde, ten) = progress_words(c);
                Card {
                    id: key(c).to_owned(),
                    name: Some(Message::new(de, c.en())),
                    text: Some(Message::new(tde, ten)),
                    count: u32::from(c.copies()),
                    bonus: Some(id_of(&t)),
                    points: u32::from(c.is_vp()),
                    ..Card::default()
                }
            })
            .collect();
        d.cards.insert(format!("progress_{}", id_of(&t)), deck);
    }
    d.terms("progress_card", progress);
}

/// The description a config selects.
pub fn of_config(config: &Config) -> Description {
    describe(config.rules, config.turn_rule())
}
