//! Survival leaves over nhbot-tactics: threat-aware fighting, the fight-or-flee look-ahead,
//! Elbereth, retreat, prayer, safe eating and resting. Each wraps one `nhbot_tactics::steps`
//! (or module) function; see that crate for the rules.

use crate::manifest::{LeafOutcome, Params};
use nhbot_tactics::{elbereth, food, prayer, steps, threat, PrayerRules};
use nhbot_world::{Action, World};

fn act(step: Option<(Action, String)>) -> LeafOutcome {
    match step {
        Some((action, why)) => LeafOutcome::Act(action, why),
        None => LeafOutcome::Failure,
    }
}

fn check(ok: bool) -> LeafOutcome {
    if ok {
        LeafOutcome::Success
    } else {
        LeafOutcome::Failure
    }
}

fn rules(p: &Params) -> PrayerRules {
    PrayerRules {
        first_turn: p.integer("first_turn"),
        gap: p.integer("gap"),
    }
}

pub fn threatened(p: &Params, w: &World) -> LeafOutcome {
    let radius = p.integer("radius").clamp(1, 80) as i16;
    check(
        threat::threats(w)
            .iter()
            .any(|t| t.hostile && t.distance <= radius),
    )
}

pub fn fight_best(_: &Params, w: &World) -> LeafOutcome {
    act(steps::fight_step(w))
}

pub fn fight_or_flee(p: &Params, w: &World) -> LeafOutcome {
    act(steps::fight_or_flee_step(
        w,
        p.integer("depth").clamp(1, 8) as u32,
    ))
}

pub fn elbereth_rest(p: &Params, w: &World) -> LeafOutcome {
    act(elbereth::elbereth_step(
        w,
        p.number("below"),
        p.number("until"),
    ))
}

pub fn retreat_if_losing(p: &Params, w: &World) -> LeafOutcome {
    act(steps::retreat_if_losing_step(w, p.number("turns")))
}

pub fn should_pray(p: &Params, w: &World) -> LeafOutcome {
    check(prayer::trouble(w).is_some() && prayer::timeout_safe(w, rules(p)))
}

pub fn pray_if_in_trouble(p: &Params, w: &World) -> LeafOutcome {
    act(steps::pray_step(w, rules(p)))
}

pub fn eat_fresh_corpse(p: &Params, w: &World) -> LeafOutcome {
    // Fresh kills are free food: eat them whenever there is room (never when Satiated: choking).
    if w.status.hunger == nhbot_world::Hunger::Satiated {
        return LeafOutcome::Failure;
    }
    act(food::eat_corpse_step(w, p.text("race").unwrap_or("human")))
}

pub fn eat_from_pack(_: &Params, w: &World) -> LeafOutcome {
    if !food::hungry(w) {
        return LeafOutcome::Failure;
    }
    act(food::eat_from_pack_step(w))
}

pub fn rest_when_safe(p: &Params, w: &World) -> LeafOutcome {
    act(steps::rest_step(
        w,
        p.number("below"),
        p.integer("radius").clamp(1, 80) as i16,
    ))
}

pub fn pick_up_food(_: &Params, w: &World) -> LeafOutcome {
    act(food::pick_up_food_step(w))
}

pub fn pick_up_missiles(_: &Params, w: &World) -> LeafOutcome {
    act(nhbot_tactics::missiles::pick_up_missile_step(w))
}
