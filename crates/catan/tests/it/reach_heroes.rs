//! Every documented heroes rule id (`snh.*`) is one a client receives:
//! random games probed through `DynMatch` (`testkit::reach`), or it is listed
//! with the reason it cannot be.

use crate::reach;

use catan::Config;
use catan::CK_RULE_IDS;
use catan::HERO_RULE_IDS;
use catan::RULE_IDS;
use serde_json::json;
use testkit::reach::Reach;

const UNREACHABLE: &[(&str, &str)] = &[(
    "snh.squire.recruit",
    "recruiting is the hero's knight action (snh.hero.is_knight): an inactive, freshly activated or \
     spent hero is refused with ck.knight.action_needs_active, ck.knight.not_this_turn or \
     ck.knight.one_action, a wrong hex with snh.squire.recruit_hex; the id names the action itself",
)];

#[test]
fn every_heroes_rule_id_is_reached_through_the_protocol() {
    let mut r = Reach::new();
    // The house rule's free steps of this turn used up.
    let (mut s, from, to) = crate::heroes_house::free_step();
    s.free_squire_steps_per_turn = Some(1);
    s.free_squire_steps = 1;
    reach::position(
        &mut r,
        &s,
        &[(0, json!({"type": "move_squire", "from": from.0, "to": to.0}))],
    );
    reach::run(&mut r, Config::cities_knights_heroes(), 8);
    let known: Vec<&str> = RULE_IDS.iter().chain(CK_RULE_IDS).copied().collect();
    r.assert_covers("catan cities_knights_heroes", HERO_RULE_IDS, UNREACHABLE, &known);
}
