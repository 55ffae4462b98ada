//! Dropping the load a small form cannot carry. A were-change or a polymorph into a small
//! form cuts the weight we can carry (a rat's capacity is a hundredth of ours, a jackal's a
//! fifth: polyself.c `weight_cap`), leaving us Overtaxed or Overloaded, and then the game
//! refuses to eat, zap, read or apply with "You can't do that while carrying so much stuff."
//! (hack.c `check_capacity`), and Overloaded we cannot even step or strike. Seed 102 of b49-arr
//! starved so with food in the pack; seed 21 of b50-base spent 517 decisions Overloaded. Drop the
//! heaviest stack that is not food, one a decision, then the food but one meal, until we are no
//! worse than Strained; the
//! world notes the drops with the shed gear (`World::shed_gear`) and `recover_shed_gear` picks
//! it all up again in our own form.

use crate::squeeze::{is_gold, unit_weight};
use nhbot_bt::{Leaf, LeafOutcome, LeafSpec, NodeRegistry, Tick};
use nhbot_world::{Action, Encumbrance, Item, World};

/// The `drop_load` action.
pub(crate) struct DropLoad;

/// Whether `item` stays in the pack whatever the load: gold (a hundredth a coin) and what is
/// worn or wielded (a form that keeps it can wear it).
fn kept(item: &Item) -> bool {
    is_gold(item) || item.worn || item.wielded
}

fn is_food(item: &Item) -> bool {
    item.class == "Comestibles"
}

/// What to drop while polymorphed and Overtaxed or worse: the heaviest stack that is not food,
/// then the heaviest food but one meal (the lightest food stack keeps one: a rat's form
/// carries a food ration and no more). The stack's letter, how many (None: all) and weight.
fn next_drop(w: &World) -> Option<(&Item, Option<u32>, u32)> {
    if !w.status.polymorphed || w.status.encumbrance < Encumbrance::Overtaxed {
        return None;
    }
    // Heaviest first; between equals, the first letter.
    let rank = |&(i, _, weight): &(&Item, Option<u32>, u32)| (weight, std::cmp::Reverse(i.letter));
    let spare = || w.inventory.iter().filter(|i| !kept(i));
    let not_food = spare()
        .filter(|i| !is_food(i))
        .map(|i| (i, None, unit_weight(i) * i.count))
        .max_by_key(rank);
    if not_food.is_some() {
        return not_food;
    }
    let meal = w
        .inventory
        .iter()
        .filter(|i| is_food(i))
        .min_by_key(|i| (unit_weight(i), i.letter))?;
    spare()
        .filter(|i| is_food(i))
        .filter_map(|i| {
            let count = if i.letter == meal.letter {
                i.count - 1
            } else {
                i.count
            };
            (count > 0).then(|| {
                (
                    i,
                    (count < i.count).then_some(count),
                    unit_weight(i) * count,
                )
            })
        })
        .max_by_key(rank)
}

impl Leaf for DropLoad {
    type State = ();

    fn tick(&self, _: &mut (), t: &mut Tick<'_>) -> LeafOutcome {
        let w = t.world;
        let Some((item, count, weight)) = next_drop(w) else {
            return LeafOutcome::Failure;
        };
        LeafOutcome::Act(
            Action::Drop {
                item: item.letter,
                count,
            },
            format!(
                "{:?} in a polymorphed form (the game refuses to eat or zap so): dropping {} \
                 ({}, about {weight}), to pick up again in our own form",
                w.status.encumbrance, item.text, item.letter
            ),
        )
    }
}

/// Registers `drop_load`.
pub(crate) fn register(r: &mut NodeRegistry) {
    r.register(
        LeafSpec::action(
            "drop_load",
            "Polymorphed (a were-change, a polymorph) and Overtaxed or Overloaded, where the game \
             refuses to eat, zap, read or apply (\"You can't do that while carrying so much \
             stuff.\") and, Overloaded, to step or strike: drop the heaviest stack that is not \
             food, gold or worn or wielded, one a decision, then the food but one meal. The drops join the shed gear's pile; \
             `recover_shed_gear` picks them up again in our own form.",
        ),
        |_| DropLoad,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(letter: char, text: &str, class: &str, count: u32) -> Item {
        Item {
            letter,
            text: text.into(),
            name: text.into(),
            class: class.into(),
            count,
            ..Item::default()
        }
    }

    fn overloaded_rat() -> World {
        let mut w = World::default();
        w.status.polymorphed = true;
        w.status.encumbrance = Encumbrance::Overloaded;
        w.inventory = vec![
            item('d', "food ration", "Comestibles", 2),
            item('e', "dagger", "Weapons", 1),
            item('f', "wand of striking", "Wands", 1),
            item('g', "pick-axe", "Tools", 1),
        ];
        w
    }

    #[test]
    fn drops_the_heaviest_spare_stack_never_the_food() {
        let w = overloaded_rat();
        let (a, why) = match crate::seen::tick(&DropLoad, &mut (), &w) {
            LeafOutcome::Act(a, why) => (a, why),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            a,
            Action::Drop {
                item: 'g',
                count: None
            },
            "{why}"
        );
        // Only food left: all food rations but one go, then nothing.
        let mut fed = w.clone();
        fed.inventory.retain(|i| i.class == "Comestibles");
        match crate::seen::tick(&DropLoad, &mut (), &fed) {
            LeafOutcome::Act(a, _) => assert_eq!(
                a,
                Action::Drop {
                    item: 'd',
                    count: Some(1)
                }
            ),
            other => panic!("{other:?}"),
        }
        fed.inventory[0].count = 1;
        assert!(matches!(
            crate::seen::tick(&DropLoad, &mut (), &fed),
            LeafOutcome::Failure
        ));
    }

    #[test]
    fn only_polymorphed_and_overtaxed_or_worse() {
        let mut w = overloaded_rat();
        w.status.encumbrance = Encumbrance::Strained;
        assert!(matches!(
            crate::seen::tick(&DropLoad, &mut (), &w),
            LeafOutcome::Failure
        ));
        let mut w = overloaded_rat();
        w.status.polymorphed = false;
        assert!(matches!(
            crate::seen::tick(&DropLoad, &mut (), &w),
            LeafOutcome::Failure
        ));
    }
}
