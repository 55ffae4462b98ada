//! When to pray: in trouble the gods fix (low HP, weakness from hunger) and only when the
//! prayer timeout is believed to have run out.

use nhbot_world::{Hunger, World};

mod hunger_wait;
mod lycanthropy;
#[cfg(test)]
mod tests_fainting;
pub use hunger_wait::foe_in_view;
use hunger_wait::hunger_waits;
pub use lycanthropy::lycanthropy_prayer;

/// Our beliefs about the prayer timeout. It starts at 300 and a safe prayer needs it low
/// (below 200 in major trouble, so ~turn 100 with Luck 0); after a prayer it is reset to
/// 50..1000, so ~1000 turns between prayers is safe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrayerRules {
    /// No prayer before this turn.
    pub first_turn: i64,
    /// Turns between two prayers.
    pub gap: i64,
    /// Turns after a refused prayer before the next: a prayer too soon costs 3 Luck, which
    /// comes back one point per 600 turns.
    pub after_refusal: i64,
    /// Refused prayers after which we pray only in deadly trouble: praying too soon angers
    /// the god for good (pray.c `gods_upset` raises `ugangr`, which only a sacrifice lowers),
    /// and an angry god fixes nothing (and may drain a level or curse). In the bench all 5
    /// prayers after a refusal were refused again.
    pub refusals_to_give_up: usize,
    /// Weak from hunger and in no other major trouble with food in the pack: eat it (the
    /// `eat_when_weak` node) and keep the prayer for when nothing else helps.
    pub eat_first: bool,
    /// Lycanthropy our only trouble while Hungry: wait until Weak, when one prayer fixes the
    /// hunger (the worse trouble) and, half the time, the lycanthropy too; praying now would
    /// leave the hunger ~100 turns later without a prayer (seeds 53, 82, 172, 167 starved so).
    pub lycanthropy_waits_for_weak: bool,
    /// Fainting from hunger with no food in the pack: pray whatever the timeout (not after the
    /// god refused `refusals_to_give_up` times, nor within [`DEADLY_RETRY_GAP`] turns of the
    /// last prayer). Starving is certain otherwise and fainting spells leave us helpless; a
    /// prayer too soon costs 3 Luck and angers the god, but fixes the hunger with the chance
    /// it is not too soon (46% 190 turns after a granted prayer). Seeds 10, 39, 113, 135, 155,
    /// 189 of the 200-game bench prayed for HP, then fainted within that prayer's timeout and
    /// starved or died helpless.
    pub fainting_prays: bool,
    /// Weak or Fainting from hunger, our only trouble, at least [`HUNGER_WAIT_FROM`] turns
    /// after a granted prayer and no foe that strikes in view: wait to pray until the world's
    /// model refuses the prayer as too soon with chance at most this (1: pray at once). The
    /// bot living on prayers in a long stall prayed every ~850 turns (the 900 nutrition a
    /// prayer gives, used up), refused with chance 7.8% each time (2.4% after 1,200 turns):
    /// 19 of the 26 starved games of the 200-game bench (b23) died after such a refusal
    /// (seed 187: 11 granted prayers, the 12th refused). Fainting spells while waiting leave
    /// us helpless, so a foe in view ends the wait; the hunger kills only at -(100 + 10 Con)
    /// nutrition, ~1,100 turns after Fainting starts (eaten ten times slower while fainted).
    pub hunger_max_refusal: f64,
    /// Fainting (not merely Weak) ends the `hunger_max_refusal` wait, so `fainting_prays` can
    /// pray: fainting spells leave us helpless to whatever comes (seed 4 of b26: Fainting for
    /// 50 turns 1,077 turns after a granted prayer, waiting for 2.5%, fainted beside a soldier
    /// ant). Off: Fainting waits like Weak.
    pub fainting_ends_hunger_wait: bool,
    /// With `fainting_ends_hunger_wait`, Fainting still waits while the world's model refuses
    /// the prayer as too soon with chance above this (1: never waits). A game stalled on
    /// prayers that prays at 7% every ~900 turns is refused soon (seed 136 of b27), but 0.05 was
    /// worse on the 9 seeds of 200 it changed (1 better, 7 worse).
    pub fainting_max_refusal: f64,
    /// A foe in view does not end the `hunger_max_refusal` wait while merely Weak: only
    /// fainting spells make us helpless, and Fainting ends the wait itself with
    /// `fainting_ends_hunger_wait` (b27: Weak prayers at 7-9% with a foe in view, 5 of 36
    /// refused, each a god given up on). HP low ends any wait anyway.
    pub weak_wait_ignores_foes: bool,
    /// With `fainting_prays`, Fainting with no food in the pack prays even once the god is
    /// given up on (`refusals_to_give_up`) when the last prayer is at least this many turns
    /// old (0: never). Starving is certain otherwise, and a "displeased" refusal is often no
    /// anger at all: Luck or alignment below 0 (a killed pet: -15 alignment) refuse without
    /// angering (pray.c p_type 1), and both come back with time. 18 of the 22 starved games of
    /// b26 had their last prayer refused and never prayed again.
    pub fainting_prays_after_refusal: i64,
    /// Lycanthropic in human form: pray within the gap once the world's model refuses the
    /// prayer as too soon with chance at most this (0: off, wait out the gap). A change comes
    /// with chance 1/80 a turn and sheds armour and weapon ([`lycanthropy_prayer`]).
    pub lycanthropy_max_refusal: f64,
    /// The same limit while changed into the were-form (the larger of the two applies).
    pub were_form_max_refusal: f64,
}

/// Turns after a prayer from which Weak or Fainting may wait for a safer prayer
/// (`hunger_max_refusal`): a granted prayer while Weak sets nutrition to 900, Weak again ~850
/// turns later. Earlier, the hunger did not come from that prayer's meal (it was for HP): no
/// waiting then, as Fainting might have begun long ago.
pub const HUNGER_WAIT_FROM: i64 = 800;

impl Default for PrayerRules {
    /// The world's own estimate (`nhbot_world::prayer`): no prayer until the starting timeout
    /// has run out, then one per the longest timeout a prayer sets.
    fn default() -> Self {
        PrayerRules {
            first_turn: nhbot_world::prayer::START_TIMEOUT,
            gap: nhbot_world::prayer::TIMEOUT_AFTER_PRAYER,
            after_refusal: 2000,
            refusals_to_give_up: 2,
            eat_first: false,
            lycanthropy_waits_for_weak: false,
            fainting_prays: false,
            hunger_max_refusal: 1.0,
            fainting_ends_hunger_wait: false,
            fainting_max_refusal: 1.0,
            weak_wait_ignores_foes: false,
            fainting_prays_after_refusal: 0,
            lycanthropy_max_refusal: 0.0,
            were_form_max_refusal: 0.0,
        }
    }
}

/// The major trouble a prayer would fix, if we are in one (the world's definition, shared with
/// Lua's `world:can_pray_safely()`).
pub fn trouble(w: &World) -> Option<String> {
    w.prayer_trouble()
}

/// A prayer this recent that left a deadly trouble in place failed: another one now would
/// only anger the god more.
pub const DEADLY_RETRY_GAP: i64 = 50;

/// Whether to pray now: the timeout is believed safe, or the trouble kills within a few turns
/// anyway (stoning, food poisoning...) and we did not just pray. With the rules' options, not
/// for a hunger the pack can feed nor for lycanthropy alone while merely Hungry.
pub fn should_pray_now(w: &World, rules: PrayerRules) -> bool {
    if w.deadly_trouble().is_some() {
        return w
            .turns_since_prayer()
            .is_none_or(|since| since >= DEADLY_RETRY_GAP);
    }
    if waits(w, rules).is_some() {
        return false;
    }
    timeout_safe(w, rules)
        || (rules.fainting_prays && starving_prayer(w, rules).is_some())
        || lycanthropy_prayer(w, rules).is_some()
}

/// Why a prayer is worth its risk although the timeout may not have run out, if it is: the
/// rules' `fainting_prays`, Fainting with nothing in the pack to eat and the god not given up.
pub fn starving_prayer(w: &World, rules: PrayerRules) -> Option<String> {
    let fainting = matches!(w.status.hunger, Hunger::Fainting | Hunger::Fainted);
    let god_given_up = w.refused_prayers.len() >= rules.refusals_to_give_up.max(1);
    let since = w.turns_since_prayer();
    let just_prayed = since.is_some_and(|since| since < DEADLY_RETRY_GAP);
    let last_resort = god_given_up
        && rules.fainting_prays_after_refusal > 0
        && since.is_none_or(|since| since >= rules.fainting_prays_after_refusal);
    if !rules.fainting_prays
        || !fainting
        || (god_given_up && !last_resort)
        || just_prayed
        || crate::food::pack_food(w).is_some()
    {
        return None;
    }
    if last_resort {
        return Some(format!(
            "Fainting with no food in the pack, {} refused prayers, the last prayer {} turns \
             ago: praying as a last resort (starving is certain otherwise)",
            w.refused_prayers.len(),
            since.unwrap_or(w.turn)
        ));
    }
    Some(format!(
        "Fainting with no food in the pack: praying whatever the timeout ({:.0}% it is too soon)",
        100.0 * w.prayer_refusal_chance()
    ))
}

/// Why a prayer waits although we are in trouble, if it does: the rules' `eat_first` (not
/// when the prayer is free for hunger, `World::prayer_is_free`) and `lycanthropy_waits_for_weak`.
pub fn waits(w: &World, rules: PrayerRules) -> Option<String> {
    let hp_low = w.hp_critical();
    let weak = matches!(
        w.status.hunger,
        Hunger::Weak | Hunger::Fainting | Hunger::Fainted
    );
    let lycanthrope = w
        .intrinsics
        .contains(&nhbot_world::intrinsics::Intrinsic::Lycanthropy);
    if rules.eat_first && weak && !hp_low && !lycanthrope && !w.prayer_is_free() {
        if let Some(food) = crate::food::pack_food(w) {
            return Some(format!(
                "{:?} with {} ({}) in the pack: eating first",
                w.status.hunger, food.text, food.letter
            ));
        }
    }
    let fainting = matches!(w.status.hunger, Hunger::Fainting | Hunger::Fainted);
    let wait_ended = rules.fainting_ends_hunger_wait
        && fainting
        && w.prayer_refusal_chance() <= rules.fainting_max_refusal;
    if weak && !hp_low && !lycanthrope && !wait_ended && w.deadly_trouble().is_none() {
        if let Some(why) = hunger_waits(w, rules) {
            return Some(why);
        }
    }
    if rules.lycanthropy_waits_for_weak
        && lycanthrope
        && !hp_low
        && w.status.hunger == Hunger::Hungry
    {
        return Some("lycanthropy while Hungry: one prayer once Weak fixes both".into());
    }
    None
}

/// Whether the prayer timeout is believed safe now, and the god not given up on.
pub fn timeout_safe(w: &World, rules: PrayerRules) -> bool {
    if w.refused_prayers.len() >= rules.refusals_to_give_up.max(1) {
        return false;
    }
    let refused_last = w.refused_prayers.last().is_some()
        && w.refused_prayers.last() == w.last_prayer_turn.as_ref();
    match w.turns_since_prayer() {
        None => w.turn >= rules.first_turn,
        Some(since) if refused_last => since >= rules.after_refusal,
        Some(since) => since >= rules.gap,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn world(hp: i32, max: i32, turn: i64) -> World {
        let mut w = World {
            turn,
            ..World::default()
        };
        w.status.hp = hp;
        w.status.hp_max = max;
        w
    }

    #[test]
    fn low_hp_is_under_six_or_a_fraction_of_max_by_level() {
        assert!(trouble(&world(5, 16, 1)).is_some());
        assert!(trouble(&world(6, 16, 1)).is_none());
        let mut xl8 = world(11, 70, 1);
        xl8.status.xl = 8;
        assert!(trouble(&xl8).is_some(), "a sixth at XL 6-13");
        xl8.status.hp = 12;
        assert!(trouble(&xl8).is_none());
        let mut w = world(16, 16, 1);
        w.status.hunger = Hunger::Weak;
        assert!(trouble(&w).is_some());
    }

    #[test]
    fn timeout_is_tracked() {
        let rules = PrayerRules::default();
        assert!(!timeout_safe(&world(1, 16, 299), rules));
        assert!(timeout_safe(&world(1, 16, 300), rules));
        let mut w = world(1, 16, 1200);
        w.last_prayer_turn = Some(400);
        assert!(!timeout_safe(&w, rules));
        w.turn = 1400;
        assert!(timeout_safe(&w, rules));
    }

    #[test]
    fn after_a_refusal_wait_longer_after_two_pray_only_in_deadly_trouble() {
        let rules = PrayerRules {
            first_turn: 100,
            gap: 500,
            after_refusal: 1000,
            refusals_to_give_up: 2,
            ..PrayerRules::default()
        };
        let mut w = world(1, 16, 1200);
        w.last_prayer_turn = Some(600);
        assert!(timeout_safe(&w, rules), "600 turns after a granted prayer");
        w.refused_prayers = vec![600];
        assert!(!timeout_safe(&w, rules), "600 turns after a refused one");
        w.turn = 1600;
        assert!(timeout_safe(&w, rules));
        w.refused_prayers = vec![100, 600];
        assert!(!timeout_safe(&w, rules), "twice refused: the god is angry");
        assert!(!should_pray_now(&w, rules));
        w.status.conditions.push(nhbot_world::Condition::FoodPois);
        assert!(should_pray_now(&w, rules), "deadly: nothing else cures it");
    }

    #[test]
    fn deadly_troubles_pray_whatever_the_timeout_but_not_twice_in_a_row() {
        let rules = PrayerRules::default();
        let mut w = world(16, 16, 700);
        w.last_prayer_turn = Some(400);
        assert!(!should_pray_now(&w, rules), "no trouble, recent prayer");
        w.status.conditions.push(nhbot_world::Condition::FoodPois);
        assert!(trouble(&w).is_some_and(|t| t.contains("FoodPois")));
        assert!(
            should_pray_now(&w, rules),
            "food poisoning kills before the timeout ends"
        );
        w.last_prayer_turn = Some(690);
        assert!(!should_pray_now(&w, rules), "that prayer just failed");
        // Lycanthropy is trouble, prayed for only at a safe timeout.
        let mut were = world(16, 16, 2000);
        were.intrinsics
            .insert(nhbot_world::intrinsics::Intrinsic::Lycanthropy);
        assert!(trouble(&were).is_some_and(|t| t.contains("lycanthropy")));
        assert!(should_pray_now(&were, rules));
        were.last_prayer_turn = Some(1500);
        assert!(!should_pray_now(&were, rules));
    }

    /// survive.yaml's prayer rules, as far as the tests here and in `prayer/` share them.
    pub(super) fn survive_rules() -> PrayerRules {
        PrayerRules {
            first_turn: 100,
            gap: 500,
            refusals_to_give_up: 1,
            eat_first: true,
            fainting_prays: true,
            hunger_max_refusal: 0.025,
            ..PrayerRules::default()
        }
    }

    /// Puts a food ration in the pack.
    pub(super) fn ration(w: &mut World) {
        let mut item = nhbot_world::parse_inventory_line("d - an uncursed food ration")
            .expect("an inventory line");
        item.class = "Comestibles".into();
        w.inventory.push(item);
    }

    #[test]
    fn weak_with_food_in_the_pack_eats_first_unless_hp_is_low() {
        let rules = PrayerRules {
            first_turn: 100,
            gap: 500,
            eat_first: true,
            ..PrayerRules::default()
        };
        let mut w = world(16, 16, 2000);
        // 800 turns after a granted prayer: refused as too soon with chance ~8%.
        w.last_prayer_turn = Some(1200);
        w.status.hunger = Hunger::Weak;
        assert!(should_pray_now(&w, rules), "Weak, nothing to eat");
        ration(&mut w);
        assert!(!should_pray_now(&w, rules), "Weak with a ration");
        assert!(waits(&w, rules).is_some_and(|why| why.contains("food ration")));
        assert!(
            should_pray_now(
                &w,
                PrayerRules {
                    eat_first: false,
                    ..rules
                }
            ),
            "the option off prays as before"
        );
        w.status.hp = 2;
        assert!(should_pray_now(&w, rules), "HP 2/16: no time to eat");
        w.status.hp = 16;
        w.status.hunger = Hunger::Fainting;
        assert!(
            !should_pray_now(&w, rules),
            "Fainting: the ration still first"
        );
    }

    #[test]
    fn weak_with_food_prays_when_the_prayer_is_free_and_keeps_the_food() {
        let rules = PrayerRules {
            first_turn: 100,
            gap: 500,
            eat_first: true,
            ..PrayerRules::default()
        };
        let mut w = world(16, 16, 2000);
        w.status.hunger = Hunger::Weak;
        ration(&mut w);
        assert!(
            w.prayer_is_free(),
            "never prayed, the starting timeout long gone"
        );
        assert_eq!(waits(&w, rules), None);
        assert!(should_pray_now(&w, rules), "the first prayer of the game");
        w.last_prayer_turn = Some(1200);
        assert!(
            !w.prayer_is_free(),
            "800 turns after a prayer: ~8% too soon"
        );
        assert!(!should_pray_now(&w, rules), "the ration first");
        w.turn = 2700;
        assert!(w.prayer_is_free(), "1,500 turns after: under 2%");
        assert!(should_pray_now(&w, rules));
        w.refused_prayers = vec![1200];
        assert!(
            !w.prayer_is_free(),
            "a god who refused once is not counted on"
        );
    }

    #[test]
    fn fainting_with_nothing_to_eat_prays_within_the_timeout_unless_the_god_gave_up() {
        let rules = PrayerRules {
            first_turn: 100,
            gap: 500,
            refusals_to_give_up: 1,
            eat_first: true,
            fainting_prays: true,
            ..PrayerRules::default()
        };
        // Seed 113: prayed for HP at T6564, Fainting at T6752 with nothing to eat.
        let mut w = world(33, 60, 6752);
        w.last_prayer_turn = Some(6564);
        w.status.hunger = Hunger::Weak;
        assert!(!should_pray_now(&w, rules), "Weak: the gap still holds");
        w.status.hunger = Hunger::Fainting;
        assert!(should_pray_now(&w, rules), "Fainting, nothing to eat");
        let (action, why) = crate::steps::pray_step(&w, rules).expect("a prayer");
        assert_eq!(action, nhbot_world::Action::Pray);
        assert!(
            why.contains("Fainting with no food") && why.contains("too soon"),
            "{why}"
        );
        assert!(
            why.ends_with("; alignment record about 0"),
            "no kill yet: {why}"
        );
        assert!(
            !should_pray_now(
                &w,
                PrayerRules {
                    fainting_prays: false,
                    ..rules
                }
            ),
            "the option off waits out the gap"
        );
        ration(&mut w);
        assert!(!should_pray_now(&w, rules), "a ration: eat it instead");
        w.inventory.clear();
        w.last_prayer_turn = Some(6730);
        assert!(!should_pray_now(&w, rules), "prayed 22 turns ago");
        w.last_prayer_turn = Some(6564);
        w.refused_prayers = vec![6564];
        assert!(
            !should_pray_now(&w, rules),
            "the god refused: he fixes nothing"
        );
    }

    #[test]
    fn lycanthropy_while_hungry_waits_for_weak() {
        let rules = PrayerRules {
            first_turn: 100,
            gap: 500,
            lycanthropy_waits_for_weak: true,
            ..PrayerRules::default()
        };
        let mut w = world(16, 16, 2000);
        w.intrinsics
            .insert(nhbot_world::intrinsics::Intrinsic::Lycanthropy);
        assert!(should_pray_now(&w, rules), "fed: pray for it now");
        w.status.hunger = Hunger::Hungry;
        assert!(!should_pray_now(&w, rules), "Hungry: wait");
        w.status.hunger = Hunger::Weak;
        assert!(should_pray_now(&w, rules), "Weak: one prayer for both");
        w.status.hunger = Hunger::Hungry;
        w.status.hp = 2;
        assert!(should_pray_now(&w, rules), "HP low: pray now");
    }
}
