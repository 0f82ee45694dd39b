//! Greedy with a changed Junior heuristic against the default greedy, seats
//! alternating: `cargo run -p spielleiter-bots --release --example junior_tune -- 4000 coco=0.4 site=0.5`.
//! Used to find the search's own evaluator (`JuniorHeuristic::for_search`).
//! Seat 0 and seat 1 play the same seed in turn (paired games); `TUNE_SEED`
//! moves the seeds, `TUNE_FROM_SEARCH=1` starts from the search's numbers
//! instead of the greedy player's.

use bots::games::junior::JuniorHeuristic;
use bots::{play_game, Bot, Forfeit, Heuristic};
use catan_junior::{Action, CatanJunior, State};
use engine::{GameRng, Seat};

#[derive(Debug)]
struct Greedy(JuniorHeuristic);

impl Bot<CatanJunior> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn choose(&mut self, state: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Result<usize, Forfeit> {
        Ok(self.0.choose(state, seat, legal, rng))
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let mut h = if std::env::var("TUNE_FROM_SEARCH").is_ok() {
        JuniorHeuristic::default().for_search()
    } else {
        JuniorHeuristic::default()
    };
    for kv in args.iter().skip(2) {
        let (k, v) = kv.split_once('=').expect("key=value");
        let v: f64 = v.parse().expect("number");
        match k {
            "production" => h.production = v,
            "variety" => h.variety = v,
            "coco" => h.coco = v,
            "site" => h.site = v,
            "lair_hand" => h.lair_hand = v,
            "ship_hand" => h.ship_hand = v,
            "coco_hand" => h.coco_hand = v,
            "tile" => h.tile = v,
            "ask_coco" => h.ask_coco = v,
            "trade" => h.trade = v,
            "decay" => h.decay = v,
            "no_site" => h.no_site = v,
            "more_sites" => h.more_sites = v,
            other => panic!("unknown key {other}"),
        }
    }
    let mut wins = 0u64;
    for g in 0..games {
        let me = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<CatanJunior>>> = vec![
            Box::new(Greedy(JuniorHeuristic::default())),
            Box::new(Greedy(JuniorHeuristic::default())),
        ];
        bots[me] = Box::new(Greedy(h));
        let rec = play_game::<CatanJunior>(
            &Default::default(),
            &mut bots,
            std::env::var("TUNE_SEED")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(77_000u64)
                + g / 2,
            1000,
        )
        .expect("game");
        if rec.winners().contains(&Seat(me as u8)) {
            wins += 1;
        }
    }
    println!("{:.1}% of {games}", 100.0 * wins as f64 / games as f64);
}
