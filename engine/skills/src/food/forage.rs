//! Foraging: hungry with nothing to eat and no free prayer to fix it. Every turn then costs
//! food we do not have, so turns spent searching in place (`search_now_and_then`, `camp`) are
//! better spent exploring, where the kills and the floor's food are. The b27 bench's 15
//! starved games spent 50-1,350 turns Weak or Fainting, up to 750 of them searching in place
//! (seed 197), 900 searching and camping (seed 72).

use super::{hungry, pack_food};
use nhbot_world::World;

/// Hungry or worse, no food in the pack, and a prayer for the hunger not free (refused before,
/// or refused as too soon with chance above the world's `FREE_PRAYER_RISK`).
pub fn foraging(w: &World) -> bool {
    hungry(w) && pack_food(w).is_none() && !w.prayer_is_free()
}

/// Tripe is food for a starving hero: 200 nutrition; a human or elf may vomit (eat.c
/// `fpostfx`... `Yak - dog food!`, then vomiting one time in two: 20 nutrition and a few
/// turns stunned), which still beats fainting.
pub const TRIPE: &str = "tripe ration";

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::inventory::Item;
    use nhbot_world::Hunger;

    fn world(hunger: Hunger, turn: i64, last_prayer: Option<i64>) -> World {
        let mut w = World {
            turn,
            last_prayer_turn: last_prayer,
            ..World::default()
        };
        w.status.hunger = hunger;
        w
    }

    fn ration() -> Item {
        let mut item = nhbot_world::parse_inventory_line("d - an uncursed food ration").unwrap();
        item.class = "Comestibles".into();
        item
    }

    #[test]
    fn hungry_without_food_and_a_recent_prayer_forages() {
        // 600 turns after a granted prayer: refused as too soon ~11% of the time.
        assert!(foraging(&world(Hunger::Hungry, 2000, Some(1400))));
        assert!(foraging(&world(Hunger::Weak, 2000, Some(1400))));
    }

    #[test]
    fn not_hungry_or_a_free_prayer_or_pack_food_does_not() {
        assert!(!foraging(&world(Hunger::NotHungry, 2000, Some(1400))));
        // Never prayed, turn 2,000: the prayer is free.
        assert!(!foraging(&world(Hunger::Weak, 2000, None)));
        // 4,000 turns since: free again.
        assert!(!foraging(&world(Hunger::Hungry, 5400, Some(1400))));
        let mut w = world(Hunger::Hungry, 2000, Some(1400));
        w.inventory.push(ration());
        assert!(!foraging(&w));
    }

    #[test]
    fn a_refused_prayer_makes_every_prayer_unfree() {
        let mut w = world(Hunger::Hungry, 9000, Some(1400));
        w.refused_prayers.push(1400);
        assert!(foraging(&w));
    }

    #[test]
    fn tripe_is_picked_up_only_with_the_option_and_never_for_sale() {
        use crate::food::{pick_up_food_step, pick_up_food_step_with};
        use nhbot_world::Action;
        let mut w = World {
            messages: vec!["You see here a tripe ration.".into()],
            ..World::default()
        };
        assert_eq!(pick_up_food_step(&w), None);
        assert_eq!(pick_up_food_step_with(&w, false), None);
        let (action, why) = pick_up_food_step_with(&w, true).expect("tripe taken");
        assert!(matches!(action, Action::Pickup { .. }));
        assert!(why.contains("tripe ration"), "{why}");
        w.messages = vec!["You see here a tripe ration (for sale, 20 zorkmids).".into()];
        assert_eq!(pick_up_food_step_with(&w, true), None);
        // Spare food still first and still taken as before.
        w.messages = vec!["You see here a food ration.".into()];
        assert_eq!(pick_up_food_step_with(&w, true), pick_up_food_step(&w));
    }
}
