//! Survival leaves: threat-aware fighting, the fight-or-flee look-ahead,
//! Elbereth, retreat, prayer, safe eating and resting. Each wraps one `steps` (or module)
//! function; see those modules for the rules. What they remember is the blackboard's [`Recall`].

use crate::lookahead::DuelMemo;
use crate::recall::Recall;
use crate::{elbereth_weigh, food, prayer, ranged, steps, threat, PrayerRules};
use nhbot_bt::{Leaf, LeafOutcome, Params, Tick};
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
        after_refusal: p.integer("after_refusal"),
        refusals_to_give_up: p.integer("refusals_to_give_up").max(0) as usize,
        eat_first: p.flag("eat_first"),
        lycanthropy_waits_for_weak: p.flag("lycanthropy_waits_for_weak"),
        fainting_prays: p.flag("fainting_prays"),
        hunger_max_refusal: p.number("hunger_max_refusal"),
        fainting_ends_hunger_wait: p.flag("fainting_ends_hunger_wait"),
        fainting_max_refusal: p.number("fainting_max_refusal"),
        weak_wait_ignores_foes: p.flag("weak_wait_ignores_foes"),
        fainting_prays_after_refusal: p.integer("fainting_prays_after_refusal"),
        lycanthropy_max_refusal: p.number("lycanthropy_max_refusal"),
        were_form_max_refusal: p.number("were_form_max_refusal"),
    }
}

pub fn threatened(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    let radius = p.integer("radius").clamp(1, 80) as i16;
    check(
        threat::threats(r, w)
            .iter()
            .any(|t| t.hostile && t.distance <= radius),
    )
}

pub fn fight_best(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    act(steps::fight_step_with(r, w, false, p.flag("door_blows")))
}

pub fn hold_still_by_floating_eye(_: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    act(crate::gaze::hold_still_step(t.world))
}

pub fn hold_still_by_pet(_: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    act(crate::pet_guard::hold_still_by_pet_step(t.world))
}

pub fn hold_still_stunned(_: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    act(crate::pet_guard::hold_still_stunned_step(t.world))
}

pub fn fight_engulfer(_: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    act(crate::engulf::fight_engulfer_step(t.world))
}

/// The `fight_or_flee` leaf: its rules, read from its params once.
pub struct FightOrFlee {
    depth: u32,
    rules: steps::FightRules,
}

impl FightOrFlee {
    pub fn new(p: &Params) -> FightOrFlee {
        FightOrFlee {
            depth: p.integer("depth").clamp(1, 8) as u32,
            rules: steps::FightRules {
                healthy_elbereth: p.flag("healthy_elbereth"),
                keep_elbereth: p.flag("keep_elbereth"),
                second_choice: p.flag("second_choice"),
                cornered_elbereth: p.flag("cornered_elbereth"),
                held_off: p.number("held_off"),
                blind_stays: p.flag("blind_stays"),
                struck_hostile: p.integer("struck_hostile").max(0),
                door_blows: p.flag("door_blows"),
                under_fire: p.flag("under_fire"),
                missile_miss: p.flag("missile_miss"),
                held_stays: p.flag("held_stays"),
                spare_thieves: p.flag("spare_thieves"),
                spare_still_thieves: p.integer("spare_still_thieves").max(0),
                spare_thieves_on_elbereth: p.flag("spare_thieves_on_elbereth"),
                spares: crate::spare::Spares {
                    gas_spores: p.flag("spare_spores"),
                    town_unseen: p.flag("town_unseen"),
                },
                weigh_refused: p.number("weigh_refused"),
                poison: p.flag("poison"),
                arriving: p.integer("arriving").clamp(0, 8) as i16,
            },
        }
    }
}

/// The node remembers the look-ahead's states of the duels it weighed: a fight weighs the same
/// duel at every decision, and the search was a fifth of the bot's instructions.
impl Leaf for FightOrFlee {
    type State = DuelMemo;

    fn tick(&self, memo: &mut DuelMemo, t: &mut Tick<'_>) -> LeafOutcome {
        let (w, r) = (t.world, t.blackboard.entry::<Recall>());
        act(steps::fight_or_flee_kept(
            r, w, self.depth, self.rules, memo,
        ))
    }

    /// The states' values hold whatever the tree did since: kept.
    fn halted(&self, _: &mut DuelMemo) {}
}

pub fn elbereth_rest(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    ranged::observe(r, w);
    let hold_radius = p.integer("hold_radius").clamp(1, 20) as i16;
    act(elbereth_weigh::elbereth_step_weighing_by(
        r,
        w,
        t.path,
        (p.number("below"), p.number("until")),
        (p.number("weigh"), p.flag("door_blows")),
        p.flag("blind_blow"),
    )
    .or_else(|| crate::elbereth_hold::hold_step(r, w, t.path, p.number("hold_below"), hold_radius)))
}

pub fn step_out_of_line(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    act(ranged::step_out_of_line_step(
        r,
        w,
        p.integer("depth").clamp(1, 8) as u32,
    ))
}

pub fn retreat_if_losing(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    // Held, a step away fails 37 times in 40 and costs the turn.
    if p.flag("held_stays") && w.held() {
        return LeafOutcome::Failure;
    }
    act(steps::retreat_if_losing_by(
        r,
        w,
        p.number("turns"),
        p.flag("from_faster"),
        p.flag("blind_stays"),
    ))
}

pub fn should_pray(p: &Params, w: &World) -> LeafOutcome {
    check(prayer::trouble(w).is_some() && prayer::should_pray_now(w, rules(p)))
}

pub fn pray_if_in_trouble(p: &Params, w: &World) -> LeafOutcome {
    act(steps::pray_step(w, rules(p)))
}

pub fn eat_from_pack(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    if !food::hungry(w) {
        return LeafOutcome::Failure;
    }
    // save_max_food < 0: no limit (the old behaviour).
    let max_food = u32::try_from(p.integer("save_max_food")).ok();
    if p.flag("save_for_prayer") && food::saved_for_prayer_with(w, max_food) {
        return LeafOutcome::Failure;
    }
    act(food::eat_from_pack_step(r, w))
}

pub fn rest_when_safe(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    ranged::observe(r, w);
    act(steps::rest_step(
        r,
        w,
        t.path,
        p.number("below"),
        p.integer("radius").clamp(1, 80) as i16,
    ))
}

pub fn pick_up_food(p: &Params, w: &World) -> LeafOutcome {
    act(food::pick_up_food_step_with(w, p.flag("tripe")))
}

pub fn pick_up_missiles(_: &Params, w: &World) -> LeafOutcome {
    act(crate::missiles::pick_up_missile_step(w))
}

/// `elbereth_first`: Elbereth before a dangerous monster that respects it strikes.
pub struct ElberethFirst {
    pub rules: crate::elbereth_first::ElberethFirstRules,
}

impl nhbot_bt::Leaf for ElberethFirst {
    type State = crate::elbereth_first::FirstState;

    fn tick(&self, state: &mut crate::elbereth_first::FirstState, t: &mut Tick<'_>) -> LeafOutcome {
        let (w, path) = (t.world, t.path);
        let r = t.blackboard.entry::<Recall>();
        ranged::observe(r, w);
        act(crate::elbereth_first::elbereth_first_step(
            r, state, w, path, self.rules,
        ))
    }

    /// The square and its first turn are kept across interruptions (a look by another leaf, a
    /// prayer): the patience counts from the first engraving there.
    fn halted(&self, _state: &mut crate::elbereth_first::FirstState) {}
}

/// `dodge_zapper`: kill, close in on or step out of the lines of a monster that zaps wands.
pub struct DodgeZapper {
    pub rules: crate::zapper::DodgeRules,
}

impl nhbot_bt::Leaf for DodgeZapper {
    type State = crate::zapper::DodgeState;

    fn tick(&self, state: &mut crate::zapper::DodgeState, t: &mut Tick<'_>) -> LeafOutcome {
        let w = t.world;
        let r = t.blackboard.entry::<Recall>();
        ranged::observe(r, w);
        act(crate::zapper::dodge_zapper_step(r, state, w, self.rules))
    }

    /// The last dodge's direction outlives a decision taken elsewhere (a prayer).
    fn halted(&self, _state: &mut crate::zapper::DodgeState) {}
}

pub fn flee_upstairs(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    // Held, "You are being held, and cannot go up." (seed 14 of the b27 bench tried the
    // stairs under an owlbear's hug from HP 35 to 7).
    if p.flag("held_stays") && w.held() {
        return LeafOutcome::Failure;
    }
    let ignorers = (p.number("ignorers_below") > 0.0).then(|| crate::upstairs::IgnorerRule {
        below: p.number("ignorers_below"),
        memory: p.integer("ignorers_memory"),
        reach: p.integer("ignorers_reach").clamp(0, 80) as usize,
        calm: p.integer("ignorers_calm").clamp(0, 8) as i16,
    });
    act(crate::upstairs::flee_upstairs_by(
        r,
        w,
        p.integer("reach").clamp(0, 80) as usize,
        p.number("turns"),
        p.number("below"),
        ignorers,
    ))
}

/// `vault_guard`: obey the vault guard (drop the gold, follow him out).
pub struct VaultGuard;

impl nhbot_bt::Leaf for VaultGuard {
    type State = crate::vault::EscortState;

    fn tick(&self, state: &mut crate::vault::EscortState, t: &mut Tick<'_>) -> LeafOutcome {
        act(crate::vault::escort_step(state, t.world))
    }
}

/// `rest_until_healed`: rest from below one HP fraction up to another, on Elbereth when
/// hostiles that respect it are in view.
pub struct RestUntilHealed {
    pub limits: crate::heal::RestLimits,
}

impl nhbot_bt::Leaf for RestUntilHealed {
    type State = crate::heal::HealState;

    fn tick(&self, state: &mut crate::heal::HealState, t: &mut Tick<'_>) -> LeafOutcome {
        let (w, path) = (t.world, t.path);
        let r = t.blackboard.entry::<Recall>();
        ranged::observe(r, w);
        act(crate::heal::heal_step(r, state, w, path, &self.limits))
    }

    /// A rest under way stays under way across a fight, a meal or a look by another leaf: it
    /// resumes once they are done, until its HP goal.
    fn halted(&self, _state: &mut crate::heal::HealState) {}
}

pub fn pray_when_desperate(p: &Params, t: &mut Tick<'_>) -> LeafOutcome {
    let (w, r) = (t.world, t.blackboard.entry::<Recall>());
    act(crate::desperate::desperate_prayer_step(
        r,
        w,
        p.number("max_refusal"),
        p.number("turns"),
    ))
}
