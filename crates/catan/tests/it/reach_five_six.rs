//! Every rule id of the 5–6 player extension that a refusal can carry is one
//! a client receives: random 5- and 6-player games of both turn rules probed
//! through `DynMatch` (`testkit::reach`). The ids that name what the game
//! does, or refuse a config rather than an action, are listed with the reason.

use crate::reach;

use catan::FIVE_SIX_RULE_IDS;
use catan::RULE_IDS;
use catan::{Config, TurnRule};
use testkit::reach::Reach;

/// Rules the game carries out, or refusals of a config (tested in `five_six.rs`).
const UNREACHABLE: &[(&str, &str)] = &[
    (
        "catan56.material.totals",
        "the material a game starts with; a stated layout's counts are a config refusal",
    ),
    (
        "catan56.board.shape",
        "the board's shape; a stated layout of the wrong size is a config refusal",
    ),
    (
        "catan56.board.harbor_sites",
        "where the random board puts harbors; nothing is refused",
    ),
    (
        "catan56.board.harbor_types",
        "the random board's shuffle; nothing is refused",
    ),
    (
        "catan56.board.terrain",
        "the random board's shuffle; nothing is refused",
    ),
    (
        "catan56.board.tokens",
        "the random board's token placement; nothing is refused",
    ),
    (
        "catan56.board.spiral",
        "the random board's token path; nothing is refused",
    ),
    (
        "catan56.board.robber_start",
        "where the robber starts; nothing is refused",
    ),
    (
        "catan56.board.no_fixed_layout",
        "a config refusal (the beginner board), not an action's",
    ),
    (
        "catan56.setup.players",
        "a config refusal (the player count), not an action's",
    ),
    (
        "catan56.setup.base_rules",
        "a config refusal (Cities & Knights), not an action's",
    ),
    ("catan56.sbp.when", "the phase begins by itself; nothing is refused"),
    ("catan56.sbp.order", "the order is the game's; nothing is refused"),
    (
        "catan56.sbp.allowed",
        "what is allowed; the refusals are no_trade and no_dev_play",
    ),
    ("catan56.sbp.no_win", "the game does not end; nothing is refused"),
    (
        "catan56.sbp.card_next_turn",
        "the card becomes playable by itself; nothing is refused",
    ),
    ("catan56.pair.roles", "the roles are the game's; nothing is refused"),
    (
        "catan56.pair.player1",
        "player 1 plays a base turn; its refusals are the base game's",
    ),
    (
        "catan56.pair.player2",
        "what player 2 may do; the refusals are no_domestic_trade and card_timing",
    ),
    (
        "catan56.pair.cards",
        "a card bought in the part is refused by catan.dev.not_this_turn",
    ),
    ("catan56.pair.pass", "the roles move by themselves; nothing is refused"),
    ("catan56.pair.win", "the game ends by itself; nothing is refused"),
];

#[test]
fn every_five_six_rule_id_is_reached_through_the_protocol() {
    let mut r = Reach::new();
    reach::run_with(&mut r, Config::five_six(TurnRule::SpecialBuilding), 3, vec![5, 6]);
    reach::run_with(&mut r, Config::five_six(TurnRule::Paired), 3, vec![5, 6]);
    r.assert_covers("catan 5-6", FIVE_SIX_RULE_IDS, UNREACHABLE, RULE_IDS);
}
