//! Buying food in a shop. 20 of the 200-game bench's 27 hunger deaths came after the god
//! refused a prayer for hunger: with no food in the pack, the bot prayed for food every ~850
//! turns, and one prayer in 12 that soon is too soon. 12 of those 20 games had walked into a
//! general store, with 28 to 416 gold in the pack 200 turns before the end.
//!
//! On a level with a general store or a delicatessen, carrying less spare food than `enough`:
//! walk onto a `%` in the shop (the game says what lies there and its price as we step on it;
//! else look), pick up the food that feeds most per zorkmid among what the gold pays for, and
//! pay (`p`). A square whose food we cannot afford, or which holds none, is struck off. An
//! unpaid comestible in the pack is paid for, or dropped when the gold does not cover it (the
//! shopkeeper keeps the door until the bill is settled).

use super::errand::{called_off, hostile_on_path};
use super::shop_patience::{shop_key, ShopKey, ShopPatience};
use super::spare_food_carried;
use crate::recall::Recall;
use crate::threat;
use nhbot_bt::{Leaf, LeafOutcome, Tick};
use nhbot_world::{Action, Encumbrance, Pick, Pos, World};
use std::collections::HashSet;

/// The `buy_food` action's parameters.
pub(crate) struct BuyFood {
    /// Spare food items carried at which buying stops.
    pub enough: usize,
    /// Longest walk to the shop's food, in squares.
    pub reach: usize,
    /// No shopping below this fraction of max HP.
    pub hp: f64,
    /// Decisions spent on one shop since its last sale before it is given up (0: no limit).
    pub patience: u32,
    /// A mold or lichen in view calls the walk off only next to us or on the path.
    pub ignore_still: bool,
}

/// Shop squares (level index, position) with nothing for us, and the square walked to.
#[derive(Default)]
pub(crate) struct Shopping {
    struck: HashSet<(usize, Pos)>,
    /// The square walked to, the decisions spent walking to it and the most it may take.
    target: Option<((usize, Pos), u32, u32)>,
    /// Decisions spent waiting for the shopkeeper to let us out.
    waits: u32,
    /// Decisions per shop since its last sale, and the shops given up (`patience`).
    shops: ShopPatience,
    /// The game refused our payment for the unpaid food in the pack: it goes back.
    unpayable: bool,
}

/// Decisions spent on one target beyond its path's length before it is given up.
const SLACK: u32 = 20;

/// Nutrition of the comestibles worth buying (objects.c).
const NUTRITION: &[(&str, u32)] = &[
    ("food ration", 800),
    ("cram ration", 600),
    ("lembas wafer", 800),
    ("K-ration", 400),
    ("C-ration", 300),
    ("fortune cookie", 40),
    ("apple", 50),
    ("orange", 80),
    ("pear", 50),
    ("melon", 100),
    ("banana", 80),
    ("carrot", 50),
    ("slime mold", 80),
    ("candy bar", 100),
    ("pancake", 200),
    ("cream pie", 100),
    ("lump of royal jelly", 200),
    ("kelp frond", 30),
    ("clove of garlic", 40),
];

/// Shops that sell food (shknam.c: a general store's stock is any class; a delicatessen's
/// is food).
fn sells_food(kind: Option<&str>) -> bool {
    kind.is_some_and(|k| k.contains("general store") || k.contains("delicatessen"))
}

/// Food for sale as a shop lists it: "a food ration (for sale, 60 zorkmids)", "2 apples (for
/// sale, 7 zorkmids each)". Its name (as [`NUTRITION`] has it), count, price of the lot and
/// nutrition of the lot.
#[derive(Clone, Debug, PartialEq)]
pub struct ForSale {
    pub name: &'static str,
    pub count: u32,
    pub price: i64,
    pub nutrition: u32,
}

pub fn for_sale(text: &str) -> Option<ForSale> {
    let (what, label) = text.split_once(" (for sale, ")?;
    let (name, nutrition) = NUTRITION.iter().find(|(n, _)| what.contains(n))?;
    // "partly eaten" food is sold too, for less: it feeds less; left alone.
    if what.contains("partly eaten") {
        return None;
    }
    let count: u32 = what
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or(1);
    let unit: i64 = label.split_whitespace().next()?.parse().ok()?;
    let each = label.contains(" each");
    let price = if each { unit * i64::from(count) } else { unit };
    Some(ForSale {
        name,
        count,
        price,
        nutrition: nutrition * count,
    })
}

/// The food to buy among `items` with `gold`: the most nutrition per zorkmid, then the most.
pub fn best_buy(items: &[String], gold: i64) -> Option<ForSale> {
    items
        .iter()
        .filter_map(|t| for_sale(t))
        .filter(|f| f.price > 0 && f.price <= gold)
        .max_by(|a, b| {
            let per = |f: &ForSale| f64::from(f.nutrition) / f.price as f64;
            per(a)
                .total_cmp(&per(b))
                .then(a.nutrition.cmp(&b.nutrition))
        })
}

/// Squares in this level's food-selling shops showing a `%`, not struck off, whose listing
/// (when we have one) offers food the gold pays for.
fn shop_food_squares(w: &World, struck: &HashSet<(usize, Pos)>) -> Vec<Pos> {
    let (Some(level_ix), Some(level)) = (w.dungeon.current, w.level()) else {
        return Vec::new();
    };
    level
        .squares
        .iter()
        .enumerate()
        .filter(|(_, sq)| sq.object.is_some_and(|c| c.ch == '%'))
        .map(|(i, _)| nhbot_world::level::pos_of(i))
        .filter(|&p| !struck.contains(&(level_ix, p)))
        .filter(|&p| {
            level
                .shop_at(p)
                .is_some_and(|s| sells_food(s.kind.as_deref()))
        })
        .filter(|&p| {
            let listed: Vec<String> = level
                .objects_at(p)
                .into_iter()
                .filter_map(|o| o.text)
                .collect();
            listed.is_empty() || best_buy(&listed, w.status.gold).is_some()
        })
        .collect()
}

/// The unpaid comestible in the pack and its bill, if any.
fn unpaid_food(w: &World) -> Option<(&nhbot_world::Item, i64)> {
    w.inventory
        .iter()
        .filter(|i| i.class == "Comestibles")
        .find_map(|i| i.unpaid_price.map(|p| (i, p)))
}

/// The shop's door: where its keeper greeted us, else the door square of its room (a shop has
/// one; the greeting may come a step inside it).
fn shop_door(level: &nhbot_world::Level, shop: &nhbot_world::Shop) -> Option<Pos> {
    if shop.door.is_some() {
        return shop.door;
    }
    let room = level.room_of(shop.inside?)?;
    // In the wall line: a `+` on the shop's floor is a spellbook, not a door.
    let wall = |x: i16, y: i16| level.feature(Pos::new(x, y)) == nhbot_world::Feature::Wall;
    (0..level.squares.len())
        .map(nhbot_world::level::pos_of)
        .filter(|&d| level.feature(d).is_door_square() && level.room_of(d) == Some(room))
        .find(|d| {
            (wall(d.x - 1, d.y) && wall(d.x + 1, d.y)) || (wall(d.x, d.y - 1) && wall(d.x, d.y + 1))
        })
}

/// The game's answers to `p` that take no payment (shk.c `dopay`): no keeper in sight (he
/// left, or a were-form cannot see him), blind, or he stands too far. Paying again changes
/// nothing: seeds 10 and 12 of a 400-game bench paid 600 and 8,700 times, seed 12 starving.
const PAY_REFUSED: &[&str] = &[
    "no shopkeeper here to receive your payment",
    "You can't see...",
    "is not near enough to receive your payment",
];

/// Whether the game just refused our payment ([`PAY_REFUSED`]).
fn payment_refused(w: &World) -> bool {
    w.last_action == Some(Action::Pay)
        && w.messages
            .iter()
            .any(|m| PAY_REFUSED.iter().any(|r| m.contains(r)))
}

/// Waits beside a shopkeeper for him to step off his post before we give up leaving.
const KEEPER_PATIENCE: u32 = 40;

/// Of those waits, every this many (the first included) pays what we may owe.
const KEEPER_PAY_EVERY: u32 = 20;

/// Inside a shop with the way to its door barred only by a peaceful (its keeper at his post
/// beside the door): walk up to him and wait. A keeper owed nothing steps off his post when the
/// customer is in line with him (shk.c `shk_move`); far inside, out of line, he never does
/// (seed 110 of a smoke run bought a slime mold, then camped 6,000 turns in the shop).
pub fn leave_shop_step(w: &World, waits: &mut u32) -> Option<(Action, String)> {
    let level = w.level()?;
    let Some(door) = level
        .shop_at(w.player)
        .and_then(|shop| shop_door(level, shop))
    else {
        *waits = 0;
        return None;
    };
    let opts = w.path_opts();
    if door == w.player || level.path(w.player, &[door], &opts).is_some() {
        *waits = 0;
        return None;
    }
    let mut through = opts.clone();
    through.blocked.clear();
    let path = level.path(w.player, &[door], &through)?;
    let first = path.steps[0];
    let Some(keeper) = w.monsters.iter().find(|m| m.pos == first) else {
        return Some((
            w.step_along(&path),
            format!(
                "leaving the shop by its door at ({}, {}), {} steps: a peaceful bars the way",
                door.x,
                door.y,
                path.steps.len()
            ),
        ));
    };
    if *waits >= KEEPER_PATIENCE {
        return None;
    }
    *waits += 1;
    let who = keeper
        .name
        .clone()
        .unwrap_or_else(|| format!("`{}`", keeper.ch));
    // A keeper owed money keeps his post for good: pay first, and again now and then (a debt
    // for food eaten or goods used up is on no item; "You do not owe ..." takes no time). Seed
    // 45 of b42 ate the ration it had just picked up while Weak and starved in the shop with
    // the 228 gold that paid for it.
    if *waits % KEEPER_PAY_EVERY == 1 && !payment_refused(w) {
        return Some((
            Action::Pay,
            format!(
                "leaving the shop: {who} at ({}, {}) keeps the door; paying whatever we owe first",
                keeper.pos.x, keeper.pos.y
            ),
        ));
    }
    Some((
        Action::Search { count: 1 },
        format!(
            "leaving the shop: {who} at ({}, {}) stands between us and the door; waiting beside him \
             ({} of {KEEPER_PATIENCE}: a keeper owed nothing steps aside)",
            keeper.pos.x, keeper.pos.y, *waits
        ),
    ))
}

impl Leaf for BuyFood {
    type State = Shopping;

    fn tick(&self, s: &mut Shopping, t: &mut Tick<'_>) -> LeafOutcome {
        let w = t.world;
        let gold = w.status.gold;
        if payment_refused(w) {
            // Bought nothing here for now: the food goes back and the shop is given up.
            s.shops.give_up(shop_key(w, w.player));
            s.unpayable = true;
        }
        if let Some((item, bill)) = unpaid_food(w) {
            let pays = bill <= gold && !s.unpayable;
            if pays {
                s.shops.sold(shop_key(w, w.player));
            }
            let drop = Action::Drop {
                item: item.letter,
                count: None,
            };
            return LeafOutcome::Act(
                if pays { Action::Pay } else { drop },
                if pays {
                    format!("paying {bill} zorkmids for {} ({gold} gold)", item.text)
                } else if s.unpayable {
                    format!(
                        "{}: the game took no payment (no keeper in sight, blind, or he is too \
                         far), putting it back",
                        item.text
                    )
                } else {
                    format!(
                        "{} costs {bill}, more than our {gold} gold: putting it back",
                        item.text
                    )
                },
            );
        }
        s.unpayable = false;
        if let Some((shop, shopping)) = self.buy_step(s, t) {
            if s.shops.spend(shop, self.patience) {
                return shopping;
            }
            log::info!(
                "buy_food: {} decisions at this shop without a sale; giving it up",
                self.patience
            );
        }
        match leave_shop_step(t.world, &mut s.waits) {
            Some((action, why)) => {
                // Leaving counts too: a shop hard to get out of is not walked into again.
                s.shops
                    .spend(shop_key(t.world, t.world.player), self.patience);
                LeafOutcome::Act(action, why)
            }
            None => LeafOutcome::Failure,
        }
    }

    /// The struck squares stay struck when a fight comes between.
    fn halted(&self, _: &mut Shopping) {}
}

impl BuyFood {
    /// The next step of buying food here, if there is food to buy, and the shop it is for.
    fn buy_step(
        &self,
        s: &mut Shopping,
        t: &mut Tick<'_>,
    ) -> Option<(Option<ShopKey>, LeafOutcome)> {
        let w = t.world;
        let gold = w.status.gold;
        let level_ix = w.dungeon.current?;
        if let Some((target, spent, budget)) = s.target {
            if spent > budget {
                s.struck.insert(target);
                s.target = None;
            }
        }
        let sokoban = w
            .level()
            .is_some_and(|l| l.branch == nhbot_world::Branch::Sokoban);
        if sokoban
            || gold <= 0
            || w.status.hunger == nhbot_world::Hunger::Satiated
            || w.status.encumbrance != Encumbrance::Unencumbered
            || spare_food_carried(w) >= self.enough
            || f64::from(w.status.hp) < self.hp * f64::from(w.status.hp_max)
        {
            return None;
        }
        let r: &mut Recall = t.blackboard.entry::<Recall>();
        // An `@` in a shop of ours to shop in is its keeper, whom farlook may not have named yet.
        let keeper = |th: &threat::Threat| th.glyph == '@' && w.in_shop(th.pos);
        let threats = threat::threats(r, w);
        if called_off(&threats, 6, self.ignore_still, keeper) {
            return None;
        }
        let here = (level_ix, w.player);
        let mut targets = shop_food_squares(w, &s.struck);
        targets.retain(|&p| !s.shops.given_up(shop_key(w, p)));
        let shop_here = shop_key(w, w.player);
        if targets.contains(&w.player) {
            s.target = None;
            let listed: Vec<String> = w
                .objects_here()
                .into_iter()
                .filter_map(|o| o.text)
                .collect();
            if listed.is_empty() {
                if crate::look::looked_at(r, w) {
                    // Looked, and still nothing listed we can read: nothing for us here.
                    s.struck.insert(here);
                    return None;
                }
                return Some((
                    shop_here,
                    LeafOutcome::Act(
                        crate::look::look_action_at(r, w),
                        "looking at the shop's food here".into(),
                    ),
                ));
            }
            let Some(buy) = best_buy(&listed, gold) else {
                s.struck.insert(here);
                return None;
            };
            return Some((shop_here, LeafOutcome::Act(
                Action::Pickup {
                    what: Pick::Named(buy.name.into()),
                },
                format!(
                    "buying {} {} for {} zorkmids ({} nutrition; {gold} gold, {} spare food carried)",
                    buy.count,
                    buy.name,
                    buy.price,
                    buy.nutrition,
                    spare_food_carried(w)
                ),
            )));
        }
        let path = w.path_to(&targets)?;
        if path.steps.len() > self.reach
            || (self.ignore_still && hostile_on_path(&threats, &path.steps))
        {
            return None;
        }
        let to = path.target();
        s.target = match s.target {
            Some((same, spent, budget)) if same == (level_ix, to) => {
                Some((same, spent + 1, budget))
            }
            _ => Some(((level_ix, to), 0, path.steps.len() as u32 + SLACK)),
        };
        let shop = w
            .level()
            .and_then(|l| l.shop_at(to))
            .and_then(|s| s.kind.clone())
            .unwrap_or_default();
        Some((
            shop_key(w, to),
            LeafOutcome::Act(
                w.step_along(&path),
                format!(
                "to the {shop}'s food at ({}, {}), {} steps ({gold} gold, {} spare food carried)",
                to.x,
                to.y,
                path.steps.len(),
                spare_food_carried(w)
            ),
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shop_labels_give_the_lot_its_price_and_nutrition() {
        let ration = for_sale("a food ration (for sale, 60 zorkmids)").expect("food");
        assert_eq!(
            ration,
            ForSale {
                name: "food ration",
                count: 1,
                price: 60,
                nutrition: 800
            }
        );
        let apples = for_sale("3 apples (for sale, 9 zorkmids each)").expect("food");
        assert_eq!((apples.count, apples.price, apples.nutrition), (3, 27, 150));
        assert_eq!(for_sale("a food ration"), None, "not for sale");
        assert_eq!(for_sale("a dagger (for sale, 4 zorkmids)"), None);
        assert_eq!(
            for_sale("a partly eaten food ration (for sale, 30 zorkmids)"),
            None
        );
    }

    #[test]
    fn the_best_buy_feeds_most_per_zorkmid_within_the_gold() {
        let shelf = [
            "a food ration (for sale, 60 zorkmids)".to_string(),
            "2 apples (for sale, 9 zorkmids each)".to_string(),
            "a tin (for sale, 6 zorkmids)".to_string(),
        ];
        assert_eq!(best_buy(&shelf, 100).map(|b| b.name), Some("food ration"));
        assert_eq!(best_buy(&shelf, 30).map(|b| b.name), Some("apple"));
        assert_eq!(best_buy(&shelf, 10), None, "18 for the apples");
    }

    fn tick(w: &World, s: &mut Shopping) -> LeafOutcome {
        let leaf = BuyFood {
            enough: 2,
            reach: 40,
            hp: 0.5,
            patience: 0,
            ignore_still: false,
        };
        crate::seen::tick(&leaf, s, w)
    }

    /// A one-square-wide shop: the hero at its back, its keeper on the square inside the door.
    fn keeper_at_the_door() -> World {
        let rows = [" ---", " |.|", " |.|", " -.-"];
        let mut w = nhbot_world::testing::world_from_rows(&rows, &[], nhbot_world::Pos::new(2, 1));
        w.monsters.push(nhbot_world::Monster {
            pos: nhbot_world::Pos::new(2, 2),
            ch: '@',
            name: Some("Upernavik".into()),
            peaceful: Some(true),
            ..Default::default()
        });
        let level = w.dungeon.current_mut().expect("a level");
        level.shops.push(nhbot_world::level::Shop {
            owner: Some("Upernavik".into()),
            kind: Some("general store".into()),
            door: Some(nhbot_world::Pos::new(2, 3)),
            inside: Some(nhbot_world::Pos::new(2, 1)),
        });
        w
    }

    #[test]
    fn leaving_past_the_keeper_pays_what_we_owe_first_then_waits() {
        // Seed 45 of b42 owed 180 zorkmids for a ration eaten unpaid: the keeper kept his post.
        let w = keeper_at_the_door();
        let mut waits = 0;
        let (action, why) = leave_shop_step(&w, &mut waits).expect("a step");
        assert_eq!(action, Action::Pay, "{why}");
        let (action, why) = leave_shop_step(&w, &mut waits).expect("a step");
        assert_eq!(action, Action::Search { count: 1 }, "{why}");
        assert!(why.contains("Upernavik"), "{why}");
        for _ in 2..KEEPER_PAY_EVERY {
            leave_shop_step(&w, &mut waits);
        }
        let (action, _) = leave_shop_step(&w, &mut waits).expect("a step");
        assert_eq!(
            action,
            Action::Pay,
            "paid again after {KEEPER_PAY_EVERY} waits"
        );
    }

    #[test]
    fn food_not_paid_for_is_never_eaten_from_the_pack() {
        let mut w = World::default();
        let mut ration = nhbot_world::inventory::parse_inventory_line(
            "D - a food ration (unpaid, 180 zorkmids)",
        )
        .expect("an item");
        ration.class = "Comestibles".into();
        w.inventory = vec![ration];
        assert!(crate::food::pack_food(&w).is_none());
        assert_eq!(crate::food::pack_food_count(&w), 0);
    }

    #[test]
    fn food_the_game_takes_no_payment_for_goes_back() {
        // Seed 12: changed into a werejackal in a shop, the keeper out of its sight; it paid
        // 8,700 times and starved with the ration in its pack.
        let mut w = World::default();
        w.status.gold = 64;
        let mut ration =
            nhbot_world::inventory::parse_inventory_line("p - a food ration (unpaid, 45 zorkmids)")
                .expect("an item");
        ration.class = "Comestibles".into();
        w.inventory = vec![ration];
        let mut s = Shopping::default();
        assert!(matches!(tick(&w, &mut s), LeafOutcome::Act(Action::Pay, _)));
        w.last_action = Some(Action::Pay);
        w.messages = vec!["There appears to be no shopkeeper here to receive your payment.".into()];
        match tick(&w, &mut s) {
            LeafOutcome::Act(Action::Drop { item: 'p', .. }, why) => {
                assert!(why.contains("no payment"), "{why}")
            }
            other => panic!("expected the ration put back, got {other:?}"),
        }
        w.last_action = Some(Action::Drop {
            item: 'p',
            count: None,
        });
        w.messages.clear();
        assert!(
            matches!(tick(&w, &mut s), LeafOutcome::Act(Action::Drop { .. }, _)),
            "no second payment while the ration is still in the pack"
        );
    }
}
