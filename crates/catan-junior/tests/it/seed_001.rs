//! Seed 001 (*Catan Junior – Spielanleitung & Regeln*) as tests: every bullet of
//! its lists word for word, and the sentences of its paragraphs.

use crate::common;

use catan_junior::{Action, CatanJunior, CocoCard, Config, Event, Good, Goods, Island, Phase, Side, State};
use common::*;
use engine::{Game, GameRng, Seat, ToAct, Viewer};
use rand::SeedableRng;

/// Every bullet of seed 001, word for word (its summary lists, the building
/// rules, the Coco cards and the trades).
const SEED_BULLETS: &[&str] = &[
    "Steht Käpt'n Klau auf einem Landschaftsfeld, bringt dieses Feld niemandem Plättchen, auch wenn seine Zahl gewürfelt wird.",
    "Bei einer gewürfelten 6 erhalten nur der Kapitän Plättchen, alle anderen gehen leer aus.",
    "Das Piratenlager beim Burgfeld bringt keine Plättchen, zählt aber für die 7 zu bauenden Lager.",
    "Der Platz bei der Burg gehört nur dem Spieler, der allein die meisten offenen Coco-Karten hat. Bei Gleichstand bleibt er leer.",
    "Der Tausch 1 gegen 1 über einen Rettungsring ist auf einmal pro Spielzug begrenzt.",
    "Liegen auf allen 5 Rettungsringen gleiche Plättchen, werden sie in den Vorrat gelegt und durch je 1 Plättchen pro Sorte ersetzt.",
    "Ist eine Plättchensorte im Vorrat aufgebraucht, geben alle Spieler ihre Plättchen dieser Sorte zurück; sie wird erst ab der nächsten Runde wieder ausgegeben.",
    "Ein leerer Coco-Stapel bedeutet: Coco kann nicht mehr um Hilfe gebeten werden.",
    "Spiel zu zweit: Ihr verwendet die Spielplanseite mit 2 Papageien und spielt nur mit Rot und Lila. Die gelben und blauen Figuren bleiben in der Schachtel.",
    "Das Spiel für Profis: Der Kapitän darf zusätzlich mit den Mitspielern handeln und einzelne oder mehrere Plättchen tauschen, sofern ein Mitspieler zustimmt.",
    "Ein neues Piratenlager darf nur auf einen freien Bauplatz, der direkt an ein eigenes Schiff grenzt.",
    "Ein neues Schiff darf nur auf einen freien Schiffsweg, der an ein eigenes Piratenlager grenzt.",
    "Jeder Bauplatz trägt höchstens 1 Piratenlager, jeder Schiffsweg höchstens 1 Schiff.",
    "Du nimmst dir die abgebildeten Plättchen aus dem Vorrat.",
    "Du baust kostenlos 1 Piratenlager oder 1 Schiff.",
    "Du versetzt Käpt'n Klau auf ein anderes Landschaftsfeld und nimmst dir 2 Plättchen dieser Sorte.",
    "1 gegen 1 am Rettungsring: Er nimmt 1 Plättchen von einem Rettungsring und legt dafür 1 eigenes Plättchen darauf. Das ist nur einmal pro Spielzug erlaubt.",
    "2 gegen 1 mit dem Vorrat: Er gibt 2 eigene Plättchen derselben Sorte ab und nimmt sich 1 beliebiges Plättchen einer anderen Sorte aus dem Vorrat. Das darf er mehrmals pro Zug.",
];

/// Names the seed bullet a test covers; it must be one of [`SEED_BULLETS`] verbatim.
fn quote(sentence: &str) {
    assert!(SEED_BULLETS.contains(&sentence), "not a bullet of seed 001: {sentence}");
}

#[test]
fn every_seed_bullet_has_its_test() {
    let src = include_str!("seed_001.rs");
    for bullet in SEED_BULLETS {
        let call = format!("quote(\"{bullet}\")");
        assert_eq!(
            src.matches(&call).count(),
            1,
            "bullet without exactly one test: {bullet}"
        );
    }
}

// ---- Summary list 1 ---------------------------------------------------------

/// • Steht Käpt'n Klau auf einem Landschaftsfeld, bringt dieses Feld niemandem Plättchen, auch wenn seine Zahl gewürfelt wird.
#[test]
fn steht_kaept_n_klau_auf_einem_landschaftsfeld_bringt_dieses_feld_niemandem_plaettchen() {
    quote("Steht Käpt'n Klau auf einem Landschaftsfeld, bringt dieses Feld niemandem Plättchen, auch wenn seine Zahl gewürfelt wird.");
    let mut s = position(4);
    s.klau = island('L'); // wool 5: red's lair 15 and blue's lair 12 touch it
    s.phase = Phase::Roll;
    s.roll = 0;
    roll(&mut s, 5);
    assert_eq!(s.hands[0].get(Good::Wool), 0);
    assert_eq!(s.hands[3].get(Good::Wool), 0);
    // Island D (gold 5) is not blocked: nobody touches it at the start, so nothing else.
    for p in 0..4 {
        assert_eq!(s.hands[p], Goods::ZERO);
    }
    // Without Klau there, the same roll pays.
    let mut t = position(4);
    t.phase = Phase::Roll;
    t.roll = 0;
    roll(&mut t, 5);
    assert_eq!(t.hands[0].get(Good::Wool), 1);
    assert_eq!(t.hands[3].get(Good::Wool), 1);
}

/// • Bei einer gewürfelten 6 erhalten nur der Kapitän Plättchen, alle anderen gehen leer aus.
#[test]
fn bei_einer_gewuerfelten_6_erhalten_nur_der_kapitaen_plaettchen() {
    quote("Bei einer gewürfelten 6 erhalten nur der Kapitän Plättchen, alle anderen gehen leer aus.");
    let mut s = position(4);
    s.phase = Phase::Roll;
    s.roll = 0;
    roll(&mut s, 6);
    act(&mut s, 0, Action::MoveKlau { island: island('A') });
    assert_eq!(s.hands[0], Goods::of(&[(Good::Wood, 2)]));
    for p in 1..4 {
        assert_eq!(s.hands[p], Goods::ZERO, "seat {p} gets nothing on a 6");
    }
}

/// • Das Piratenlager beim Burgfeld bringt keine Plättchen, zählt aber für die 7 zu bauenden Lager.
#[test]
fn das_piratenlager_beim_burgfeld_bringt_keine_plaettchen_zaehlt_aber_fuer_die_7() {
    quote("Das Piratenlager beim Burgfeld bringt keine Plättchen, zählt aber für die 7 zu bauenden Lager.");
    let mut s = position(4);
    for (a, b) in [(5, 6), (6, 7), (14, 15), (13, 14)] {
        put_ship(&mut s, 0, a, b);
    }
    for n in [6, 7, 14, 13] {
        put_lair(&mut s, 0, n);
    }
    valid(&s);
    assert_eq!(s.lairs_on_board(0), 6);
    // The castle site touches no island: no roll ever pays it.
    let board = s.board();
    assert!(board.islands.iter().all(|i| i.sites & (1 << board.castle_site.0) == 0));
    // The first Coco card puts red's 7th lair on the castle site: red wins.
    let ev = ask_coco(&mut s, CocoCard::WoodPineapple);
    assert!(ev.contains(&Event::Won { seat: Seat(0) }));
    assert_eq!(s.castle_holder(), Some(0));
    assert_eq!(s.phase, Phase::Over { winner: Seat(0) });
}

/// • Der Platz bei der Burg gehört nur dem Spieler, der allein die meisten offenen Coco-Karten hat. Bei Gleichstand bleibt er leer.
#[test]
fn der_platz_bei_der_burg_gehoert_nur_dem_spieler_der_allein_die_meisten_coco_karten_hat() {
    quote("Der Platz bei der Burg gehört nur dem Spieler, der allein die meisten offenen Coco-Karten hat. Bei Gleichstand bleibt er leer.");
    let mut s = position(3);
    give_cards(&mut s, 1, CocoCard::MoveKlau, 1);
    give_cards(&mut s, 2, CocoCard::MoveKlau, 1);
    valid(&s);
    assert_eq!(s.castle_holder(), None, "a tie leaves it empty");
    let ev = ask_coco(&mut s, CocoCard::WoolSabre);
    assert!(
        ev.contains(&Event::Castle {
            holder: None,
            returned_to: None
        }) || s.castle_holder().is_none()
    );
    assert_eq!(s.castle_holder(), None, "three players with one card each: still a tie");
    ask_coco(&mut s, CocoCard::WoolSabre);
    assert_eq!(s.castle_holder(), Some(0), "alone with the most cards");
    // A position with the castle held against the majority is refused.
    let mut bad = s.clone();
    let castle = 1u64 << bad.board().castle_site.0;
    bad.lairs[0] &= !castle;
    bad.lairs[1] |= castle;
    let errors = CatanJunior::validate(&bad).unwrap_err();
    assert!(errors.iter().any(|e| e.rule == "junior.coco.castle"), "{errors:?}");
}

/// • Der Tausch 1 gegen 1 über einen Rettungsring ist auf einmal pro Spielzug begrenzt.
#[test]
fn der_tausch_1_gegen_1_ueber_einen_rettungsring_ist_auf_einmal_pro_spielzug_begrenzt() {
    quote("Der Tausch 1 gegen 1 über einen Rettungsring ist auf einmal pro Spielzug begrenzt.");
    let mut s = position(2);
    give(&mut s, 0, &[(Good::Wood, 3)]);
    act(
        &mut s,
        0,
        Action::TradeRing {
            take: Good::Gold,
            give: Good::Wood,
        },
    );
    refused(
        &s,
        0,
        Action::TradeRing {
            take: Good::Sabre,
            give: Good::Wood,
        },
        "junior.trade.ring_once_per_turn",
    );
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&s, Seat(0), &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::TradeRing { .. })));
}

/// • Liegen auf allen 5 Rettungsringen gleiche Plättchen, werden sie in den Vorrat gelegt und durch je 1 Plättchen pro Sorte ersetzt.
#[test]
fn liegen_auf_allen_5_rettungsringen_gleiche_plaettchen_werden_sie_ersetzt() {
    quote("Liegen auf allen 5 Rettungsringen gleiche Plättchen, werden sie in den Vorrat gelegt und durch je 1 Plättchen pro Sorte ersetzt.");
    let mut s = position(3);
    s.rings = Goods::new([0, 0, 1, 4, 0]);
    s.supply.0 = [
        s.supply.0[0] + 1,
        s.supply.0[1] + 1,
        s.supply.0[2],
        s.supply.0[3] - 3,
        s.supply.0[4] + 1,
    ];
    valid(&s);
    give(&mut s, 0, &[(Good::Sabre, 1)]);
    let before = s.supply;
    let ev = act(
        &mut s,
        0,
        Action::TradeRing {
            take: Good::Pineapple,
            give: Good::Sabre,
        },
    );
    assert!(ev.contains(&Event::RingsRefreshed { good: Good::Sabre }));
    assert_eq!(s.rings, Goods::new([1; 5]));
    assert_eq!(s.supply.get(Good::Sabre), before.get(Good::Sabre) + 5 - 1);
    assert_eq!(s.supply.get(Good::Wood), before.get(Good::Wood) - 1);
}

/// • Ist eine Plättchensorte im Vorrat aufgebraucht, geben alle Spieler ihre Plättchen dieser Sorte zurück; sie wird erst ab der nächsten Runde wieder ausgegeben.
#[test]
fn ist_eine_plaettchensorte_im_vorrat_aufgebraucht_geben_alle_spieler_ihre_plaettchen_zurueck() {
    quote("Ist eine Plättchensorte im Vorrat aufgebraucht, geben alle Spieler ihre Plättchen dieser Sorte zurück; sie wird erst ab der nächsten Runde wieder ausgegeben.");
    let mut s = position(4);
    // Wool is used up: seat 1 holds all of it, the supply has none.
    drain_supply(&mut s, 1, Good::Wool, 0);
    s.phase = Phase::Roll;
    s.roll = 0;
    valid(&s);
    // A 1: island G (wool 1) owes orange/yellow (seat 2) a wool.
    let ev = roll(&mut s, 1);
    assert!(ev.iter().any(|e| matches!(e, Event::Shortage { good: Good::Wool, .. })));
    for p in 0..4 {
        assert_eq!(s.hands[p].get(Good::Wool), 0);
    }
    // Paid again from the next roll on.
    next_turn(&mut s, 1);
    assert_eq!(s.hands[2].get(Good::Wool), 1);
}

/// • Ein leerer Coco-Stapel bedeutet: Coco kann nicht mehr um Hilfe gebeten werden.
#[test]
fn ein_leerer_coco_stapel_bedeutet_coco_kann_nicht_mehr_um_hilfe_gebeten_werden() {
    quote("Ein leerer Coco-Stapel bedeutet: Coco kann nicht mehr um Hilfe gebeten werden.");
    let mut s = position(2);
    give_cards(&mut s, 0, CocoCard::MoveKlau, 7);
    give_cards(&mut s, 0, CocoCard::FreeBuild, 5);
    give_cards(&mut s, 1, CocoCard::WoodPineapple, 2);
    give_cards(&mut s, 1, CocoCard::WoolSabre, 2);
    valid(&s);
    give(&mut s, 0, &[(Good::Pineapple, 1), (Good::Sabre, 1), (Good::Gold, 1)]);
    refused(&s, 0, Action::AskCoco, "junior.coco.deck_empty");
}

// ---- Summary list 2 ---------------------------------------------------------

/// • Spiel zu zweit: Ihr verwendet die Spielplanseite mit 2 Papageien und spielt nur mit Rot und Lila. Die gelben und blauen Figuren bleiben in der Schachtel.
#[test]
fn spiel_zu_zweit_spielplanseite_mit_2_papageien_nur_rot_und_lila() {
    quote("Spiel zu zweit: Ihr verwendet die Spielplanseite mit 2 Papageien und spielt nur mit Rot und Lila. Die gelben und blauen Figuren bleiben in der Schachtel.");
    let mut rng = GameRng::seed_from_u64(3);
    let s = CatanJunior::new_game(&Config::default(), 2, &mut rng).unwrap();
    let v = CatanJunior::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(v.side, Side::TwoPlayer);
    assert_eq!(v.seats.len(), 2);
    assert_eq!(
        (v.seats[0].colour.as_str(), v.seats[1].colour.as_str()),
        ("red", "purple")
    );
    let four = CatanJunior::new_game(&Config::default(), 4, &mut rng).unwrap();
    let v4 = CatanJunior::view(&four, Viewer::Spectator);
    assert_eq!(v4.side, Side::FourPlayer);
    let colours: Vec<&str> = v4.seats.iter().map(|s| s.colour.as_str()).collect();
    assert!(colours.contains(&"yellow") && colours.contains(&"blue"));
}

/// • Das Spiel für Profis: Der Kapitän darf zusätzlich mit den Mitspielern handeln und einzelne oder mehrere Plättchen tauschen, sofern ein Mitspieler zustimmt.
#[test]
fn das_spiel_fuer_profis_handeln_sofern_ein_mitspieler_zustimmt() {
    quote("Das Spiel für Profis: Der Kapitän darf zusätzlich mit den Mitspielern handeln und einzelne oder mehrere Plättchen tauschen, sofern ein Mitspieler zustimmt.");
    let mut s = position_with(
        Config {
            pro: true,
            ..Config::default()
        },
        3,
    );
    give(&mut s, 0, &[(Good::Wood, 2)]);
    give(&mut s, 2, &[(Good::Gold, 1), (Good::Sabre, 1)]);
    // The offer is put together tile by tile, then submitted.
    let offer = |s: &mut State| {
        act(s, 0, Action::OpenOffer { to: Seat(2) });
        act(s, 0, Action::OfferGive { good: Good::Wood });
        act(s, 0, Action::OfferGive { good: Good::Wood });
        act(s, 0, Action::OfferGet { good: Good::Gold });
        act(s, 0, Action::OfferGet { good: Good::Sabre });
        act(s, 0, Action::SubmitOffer);
    };
    assert!(CatanJunior::is_offer(&Action::OpenOffer { to: Seat(2) }));
    // Declined: nothing changes.
    offer(&mut s);
    assert_eq!(CatanJunior::to_act(&s), ToAct::Seats(engine::SeatSet::single(Seat(2))));
    refused(&s, 0, Action::EndTurn, "engine.not_your_turn");
    act(&mut s, 2, Action::Decline);
    assert_eq!(s.hands[0], Goods::of(&[(Good::Wood, 2)]));
    // Accepted: the tiles change hands.
    offer(&mut s);
    act(&mut s, 2, Action::Accept);
    assert_eq!(s.hands[0], Goods::of(&[(Good::Gold, 1), (Good::Sabre, 1)]));
    assert_eq!(s.hands[2], Goods::of(&[(Good::Wood, 2)]));
    assert_eq!(s.phase, Phase::Main);
}

// ---- Bauregeln --------------------------------------------------------------

/// • Ein neues Piratenlager darf nur auf einen freien Bauplatz, der direkt an ein eigenes Schiff grenzt.
#[test]
fn ein_neues_piratenlager_nur_auf_einen_freien_bauplatz_an_eigenem_schiff() {
    quote("Ein neues Piratenlager darf nur auf einen freien Bauplatz, der direkt an ein eigenes Schiff grenzt.");
    let mut s = position(4);
    give(
        &mut s,
        0,
        &[(Good::Wood, 1), (Good::Wool, 1), (Good::Pineapple, 1), (Good::Sabre, 1)],
    );
    refused(
        &s,
        0,
        Action::BuildLair { site: site(6) },
        "junior.build.lair.adjacent_ship",
    );
    // Site 3 is at seat 1's ship 2-3, not at a red ship.
    refused(
        &s,
        0,
        Action::BuildLair { site: site(3) },
        "junior.build.lair.adjacent_ship",
    );
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&s, Seat(0), &mut legal);
    let lairs: Vec<_> = legal.iter().filter(|a| matches!(a, Action::BuildLair { .. })).collect();
    assert_eq!(
        lairs,
        [
            &Action::BuildLair { site: site(4) },
            &Action::BuildLair { site: site(16) }
        ]
    );
}

/// • Ein neues Schiff darf nur auf einen freien Schiffsweg, der an ein eigenes Piratenlager grenzt.
#[test]
fn ein_neues_schiff_nur_auf_einen_freien_schiffsweg_an_eigenem_lager() {
    quote("Ein neues Schiff darf nur auf einen freien Schiffsweg, der an ein eigenes Piratenlager grenzt.");
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 1), (Good::Wool, 1)]);
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&s, Seat(0), &mut legal);
    let ships: Vec<_> = legal.iter().filter(|a| matches!(a, Action::BuildShip { .. })).collect();
    assert_eq!(
        ships,
        [
            &Action::BuildShip { route: link(5, 6) },
            &Action::BuildShip { route: link(14, 15) }
        ]
    );
    refused(
        &s,
        0,
        Action::BuildShip { route: link(16, 17) },
        "junior.build.ship.adjacent_lair",
    );
}

/// • Jeder Bauplatz trägt höchstens 1 Piratenlager, jeder Schiffsweg höchstens 1 Schiff.
#[test]
fn jeder_bauplatz_hoechstens_1_piratenlager_jeder_schiffsweg_hoechstens_1_schiff() {
    quote("Jeder Bauplatz trägt höchstens 1 Piratenlager, jeder Schiffsweg höchstens 1 Schiff.");
    let mut s = position(4);
    put_lair(&mut s, 0, 4);
    put_lair(&mut s, 1, 3);
    put_ship(&mut s, 1, 3, 4);
    valid(&s);
    give(
        &mut s,
        0,
        &[(Good::Wood, 2), (Good::Wool, 2), (Good::Pineapple, 1), (Good::Sabre, 1)],
    );
    refused(&s, 0, Action::BuildLair { site: site(3) }, "junior.build.occupied");
    refused(&s, 0, Action::BuildShip { route: link(3, 4) }, "junior.build.occupied");
    // A hand-made position with two pieces on one place is refused.
    let mut bad = s.clone();
    put_lair(&mut bad, 2, 4);
    assert!(CatanJunior::validate(&bad).is_err());
}

// ---- Coco cards ---------------------------------------------------------------

/// • Du nimmst dir die abgebildeten Plättchen aus dem Vorrat.
#[test]
fn du_nimmst_dir_die_abgebildeten_plaettchen_aus_dem_vorrat() {
    quote("Du nimmst dir die abgebildeten Plättchen aus dem Vorrat.");
    let mut s = position(3);
    ask_coco(&mut s, CocoCard::WoodPineapple);
    assert_eq!(s.hands[0], Goods::of(&[(Good::Wood, 2), (Good::Pineapple, 2)]));
    ask_coco(&mut s, CocoCard::WoolSabre);
    assert_eq!(
        s.hands[0],
        Goods::of(&[(Good::Wood, 2), (Good::Pineapple, 2), (Good::Wool, 2), (Good::Sabre, 2)])
    );
    // Several Coco cards in one turn; all stay open before their owner.
    assert_eq!(s.card_count(0), 2);
    assert_eq!(
        CatanJunior::view(&s, Viewer::Seat(Seat(1))).seats[0]
            .cards
            .wood_pineapple,
        1
    );
}

/// • Du baust kostenlos 1 Piratenlager oder 1 Schiff.
#[test]
fn du_baust_kostenlos_1_piratenlager_oder_1_schiff() {
    quote("Du baust kostenlos 1 Piratenlager oder 1 Schiff.");
    let mut s = position(4);
    ask_coco(&mut s, CocoCard::FreeBuild);
    assert_eq!(s.phase, Phase::FreeBuild);
    let mut legal = Vec::new();
    CatanJunior::legal_actions(&s, Seat(0), &mut legal);
    assert!(legal.contains(&Action::BuildLair { site: site(4) }));
    assert!(legal.contains(&Action::BuildShip { route: link(5, 6) }));
    assert!(!legal.contains(&Action::EndTurn));
    let supply = s.supply;
    act(&mut s, 0, Action::BuildLair { site: site(4) });
    assert_eq!(s.supply, supply, "free: nothing paid");
    assert_eq!(s.hands[0], Goods::ZERO);
    assert_eq!(s.phase, Phase::Main);
    // A build card that cannot be placed is lost.
    let mut t = position(4);
    put_lair(&mut t, 1, 4);
    put_ship(&mut t, 1, 3, 4);
    put_lair(&mut t, 1, 16);
    put_ship(&mut t, 1, 16, 17);
    put_ship(&mut t, 3, 5, 6);
    put_lair(&mut t, 3, 6);
    put_ship(&mut t, 3, 6, 7);
    put_ship(&mut t, 2, 14, 15);
    put_lair(&mut t, 2, 14);
    put_ship(&mut t, 2, 13, 14);
    valid(&t);
    let ev = ask_coco(&mut t, CocoCard::FreeBuild);
    assert!(ev.contains(&Event::FreeBuildLost { captain: Seat(0) }));
    assert_eq!(t.phase, Phase::Main);
}

/// • Du versetzt Käpt'n Klau auf ein anderes Landschaftsfeld und nimmst dir 2 Plättchen dieser Sorte.
#[test]
fn du_versetzt_kaept_n_klau_und_nimmst_dir_2_plaettchen_dieser_sorte() {
    quote("Du versetzt Käpt'n Klau auf ein anderes Landschaftsfeld und nimmst dir 2 Plättchen dieser Sorte.");
    let mut s = position(4);
    ask_coco(&mut s, CocoCard::MoveKlau);
    assert_eq!(s.phase, Phase::MoveKlau);
    refused(
        &s,
        0,
        Action::MoveKlau { island: Island::CASTLE },
        "junior.klau.must_move",
    );
    act(&mut s, 0, Action::MoveKlau { island: island('J') });
    assert_eq!(s.klau, island('J'));
    assert_eq!(s.hands[0], Goods::of(&[(Good::Pineapple, 2)]));
}

// ---- Trade bullets ----------------------------------------------------------

/// • 1 gegen 1 am Rettungsring: Er nimmt 1 Plättchen von einem Rettungsring und legt dafür 1 eigenes Plättchen darauf. Das ist nur einmal pro Spielzug erlaubt.
#[test]
fn eins_gegen_eins_am_rettungsring_nur_einmal_pro_spielzug() {
    quote("1 gegen 1 am Rettungsring: Er nimmt 1 Plättchen von einem Rettungsring und legt dafür 1 eigenes Plättchen darauf. Das ist nur einmal pro Spielzug erlaubt.");
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Gold, 2)]);
    act(
        &mut s,
        0,
        Action::TradeRing {
            take: Good::Wool,
            give: Good::Gold,
        },
    );
    assert_eq!(s.hands[0], Goods::of(&[(Good::Wool, 1), (Good::Gold, 1)]));
    assert_eq!(s.rings, Goods::new([1, 0, 1, 1, 2]));
    refused(
        &s,
        0,
        Action::TradeRing {
            take: Good::Wood,
            give: Good::Gold,
        },
        "junior.trade.ring_once_per_turn",
    );
}

/// • 2 gegen 1 mit dem Vorrat: Er gibt 2 eigene Plättchen derselben Sorte ab und nimmt sich 1 beliebiges Plättchen einer anderen Sorte aus dem Vorrat. Das darf er mehrmals pro Zug.
#[test]
fn zwei_gegen_eins_mit_dem_vorrat_mehrmals_pro_zug() {
    quote("2 gegen 1 mit dem Vorrat: Er gibt 2 eigene Plättchen derselben Sorte ab und nimmt sich 1 beliebiges Plättchen einer anderen Sorte aus dem Vorrat. Das darf er mehrmals pro Zug.");
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 6)]);
    for take in [Good::Gold, Good::Gold, Good::Sabre] {
        act(&mut s, 0, Action::TradeSupply { give: Good::Wood, take });
    }
    assert_eq!(s.hands[0], Goods::of(&[(Good::Gold, 2), (Good::Sabre, 1)]));
    refused(
        &s,
        0,
        Action::TradeSupply {
            give: Good::Gold,
            take: Good::Gold,
        },
        "junior.trade.same_good",
    );
}

// ---- Paragraphs -------------------------------------------------------------

/// Der jüngste Mitspieler übernimmt als Erster die Rolle des Kapitäns. Er würfelt
/// und eröffnet damit das Spiel. Danach geht es reihum im Uhrzeigersinn weiter,
/// der linke Nachbar wird jeweils neuer Kapitän.
#[test]
fn der_juengste_ist_erster_kapitaen_dann_reihum() {
    let mut rng = GameRng::seed_from_u64(9);
    let mut s = CatanJunior::new_game(&Config::default(), 3, &mut rng).unwrap();
    assert_eq!(s.captain, 0);
    assert_eq!(
        CatanJunior::to_act(&s),
        ToAct::Chance,
        "the first captain rolls to open the game"
    );
    for expected in [1, 2, 0, 1] {
        roll(&mut s, 2);
        let c = s.captain as usize;
        act(&mut s, c, Action::EndTurn);
        assert_eq!(s.captain, expected);
    }
}

/// Das Würfelergebnis gilt für alle am Tisch … Für jedes eigene Piratenlager, das an
/// so ein Feld grenzt, bekommt ihr 1 Plättchen … mehrere Lager → mehrere Plättchen.
/// Wer kein Lager dort hat, geht leer aus. Die Sorte ergibt sich aus dem Gelände.
#[test]
fn wuerfelergebnis_gilt_fuer_alle_je_lager_ein_plaettchen() {
    let mut s = position(4);
    // Red gets a second lair on L (wool 5) at site 16.
    put_lair(&mut s, 0, 16);
    valid(&s);
    s.phase = Phase::Roll;
    s.roll = 0;
    roll(&mut s, 5);
    assert_eq!(s.hands[0], Goods::of(&[(Good::Wool, 2)]), "two lairs at L: two wool");
    assert_eq!(
        s.hands[3],
        Goods::of(&[(Good::Wool, 1)]),
        "blue's lair 12 touches L: not only the captain"
    );
    assert_eq!(s.hands[1], Goods::ZERO);
    assert_eq!(s.hands[2], Goods::ZERO);
    // Forest → wood, meadow → wool, plantation → pineapple, mine → sabre, river → gold.
    next_turn(&mut s, 4);
    assert_eq!(s.hands[1].get(Good::Pineapple), 1, "K is a plantation");
    assert_eq!(s.hands[2].get(Good::Sabre), 1, "C is a mine");
}

/// Ein Piratenlager kostet je 1 Plättchen Holz, Wolle, Ananas und Säbel. Ein Schiff
/// kostet 1 Holz und 1 Wolle. Die bezahlten Plättchen wandern in den Vorrat zurück.
/// Die Reihenfolge von Tauschen und Bauen ist frei wählbar.
#[test]
fn kosten_zurueck_in_den_vorrat_und_freie_reihenfolge() {
    let mut s = position(4);
    give(&mut s, 0, &[(Good::Wood, 3), (Good::Wool, 1), (Good::Gold, 2)]);
    let total = s.supply.total();
    act(&mut s, 0, Action::BuildShip { route: link(5, 6) });
    assert_eq!(s.supply.total(), total + 2);
    act(
        &mut s,
        0,
        Action::TradeSupply {
            give: Good::Gold,
            take: Good::Wool,
        },
    );
    act(
        &mut s,
        0,
        Action::TradeRing {
            take: Good::Pineapple,
            give: Good::Wood,
        },
    );
    give(&mut s, 0, &[(Good::Sabre, 1)]);
    act(&mut s, 0, Action::BuildLair { site: site(6) });
    assert_eq!(s.hands[0], Goods::of(&[(Good::Wood, 0)]));
    act(&mut s, 0, Action::EndTurn);
    assert_eq!(s.phase, Phase::Roll);
}

/// Gegen 1 Ananas, 1 Säbel und 1 Gold zieht der Kapitän 1 Coco-Karte … sofort
/// aufgedeckt und ausgeführt. Ziehen ist Zufall: gewichtet nach dem Rest des Stapels.
#[test]
fn coco_karte_ziehen_ist_zufall_nach_dem_rest_des_stapels() {
    let mut s = position(4);
    give_cards(&mut s, 1, CocoCard::MoveKlau, 6);
    give(&mut s, 0, &[(Good::Pineapple, 1), (Good::Sabre, 1), (Good::Gold, 1)]);
    act(&mut s, 0, Action::AskCoco);
    assert_eq!(CatanJunior::to_act(&s), ToAct::Chance);
    let mut outcomes = Vec::new();
    CatanJunior::chance_outcomes(&s, &mut outcomes);
    // 10 cards left: 1 move, 5 build, 2 + 2 goods.
    let p: Vec<f64> = outcomes.iter().map(|(_, p)| *p).collect();
    assert_eq!(p, [0.1, 0.5, 0.2, 0.2]);
    let view = CatanJunior::view(&s, Viewer::Seat(Seat(0)));
    assert_eq!(view.deck_size, 10, "the view shows the deck size only");
}
