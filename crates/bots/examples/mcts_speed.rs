//! MCTS decisions per second at the default budget (1,000 playouts), on one
//! thread and on all cores, for each game:
//! `cargo run -p spielleiter-bots --release --example mcts_speed -- 30 [name]`
//! (the number of decisions measured per game and setting; a name, such as
//! `cities`, measures only the settings whose name contains it, on one
//! thread, for a profiler).

use bots::{Bot, BotGame, GreedyBot, MctsBot, MctsConfig};
use engine::{GameRng, NoEvents, Seat, ToAct};
use rand::SeedableRng;

fn speed<G: BotGame>(config: &G::Config, players: usize, threads: usize, decisions: u64) -> f64 {
    let mut rng = GameRng::seed_from_u64(3);
    let mut mcts = MctsBot::<G>::new(MctsConfig {
        threads,
        ..MctsConfig::default()
    });
    let mut greedy = GreedyBot::<G>::new();
    let mut legal = Vec::new();
    let mut game = 0u64;
    while mcts.stats().decisions < decisions {
        let Ok(mut s) = G::new_game(config, players, &mut rng) else {
            return 0.0;
        };
        game += 1;
        loop {
            match G::to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = G::sample_chance(&s, &mut rng);
                    G::apply_chance_unchecked(&mut s, &c, &mut NoEvents);
                }
                ToAct::Seats(set) => {
                    let seat = set.first().unwrap_or(Seat(0));
                    G::legal_actions(&s, seat, &mut legal);
                    let i = if seat == Seat(0) && mcts.stats().decisions < decisions {
                        mcts.choose(&s, seat, &legal, &mut rng)
                    } else {
                        greedy.choose(&s, seat, &legal, &mut rng)
                    };
                    let Some(a) = i.ok().and_then(|i| legal.get(i)) else {
                        break;
                    };
                    G::apply_unchecked(&mut s, seat, a, &mut NoEvents);
                    if G::turn(&s) > 400 || mcts.stats().decisions >= decisions {
                        break;
                    }
                }
            }
        }
        if game > 1000 {
            break;
        }
    }
    let st = mcts.stats();
    st.decisions as f64 / st.seconds.max(1e-9)
}

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let only = std::env::args().nth(2);
    let two: catan::Config = serde_json::from_str(r#"{"two_players":true}"#).unwrap_or_default();
    let ck = catan::Config::cities_knights();
    for (name, f) in [
        (
            "splendor 2p",
            Box::new(|t| speed::<splendor::Splendor>(&Default::default(), 2, t, n)) as Box<dyn Fn(usize) -> f64>,
        ),
        (
            "catan 4p",
            Box::new(|t| speed::<catan::Catan>(&Default::default(), 4, t, n)),
        ),
        ("catan 2p", Box::new(move |t| speed::<catan::Catan>(&two, 2, t, n))),
        (
            "catan cities & knights 4p",
            Box::new(move |t| speed::<catan::CatanCk>(&ck, 4, t, n)),
        ),
        (
            "catan-junior 2p",
            Box::new(|t| speed::<catan_junior::CatanJunior>(&Default::default(), 2, t, n)),
        ),
    ] {
        if let Some(only) = &only {
            if name.contains(only.as_str()) {
                println!("{name}: {:.1} decisions/s on 1 thread", f(1));
            }
            continue;
        }
        let one = f(1);
        let all = f(cores);
        println!(
            "{name}: {one:.1} decisions/s on 1 thread, {all:.1} on {cores} threads (x{:.2})",
            all / one.max(1e-9)
        );
    }
}
