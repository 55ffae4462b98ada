//! Rooms and shops. A room is a region of room squares (floor and what stands on it) joined
//! side by side or corner to corner, bounded by walls and doors: a flood fill of the
//! remembered map. Ids stay with their room as more of it is seen (a dark room seen piece by
//! piece keeps the smallest id of its pieces). A room is a shop when its keeper greets the hero
//! at its door ("Hello, Agnar!  Welcome to Asidonhopo's general store!"), or when a look here
//! shows objects for sale.

use crate::level::{index, neighbours, pos_of, Level, Shop};
use crate::World;
use nhbot_screen::{Pos, COLS, MAP_ROWS};

/// NetHack 3.6.6's shop types (shknam.c).
pub const SHOP_KINDS: &[&str] = &[
    "general store",
    "used armor dealership",
    "second-hand bookstore",
    "liquor emporium",
    "antique weapons outlet",
    "delicatessen",
    "jewelers",
    "quality apparel and accessories",
    "hardware store",
    "rare books",
    "health food store",
    "lighting store",
];

/// The keeper and kind a shop greeting names: `"Velkommen, Agnar!  Welcome again to
/// Izchak's lighting store!"`, `"So, Agnar, you dare return to Asidonhopo's general store?!"`,
/// "You enter Asidonhopo's general store!" (deaf). The greeting word depends on the role.
pub fn shop_greeting(message: &str) -> Option<(String, String)> {
    let rest = [
        "Welcome to ",
        "Welcome again to ",
        "dare return to ",
        "You enter ",
    ]
    .iter()
    .find_map(|lead| message.find(lead).map(|at| &message[at + lead.len()..]))?;
    let rest = rest.trim_end_matches(['"', '!', '?', '.', ' ']);
    let rest = rest.strip_suffix(" again").unwrap_or(rest);
    let kind = SHOP_KINDS.iter().find(|k| rest.ends_with(*k))?;
    let owner = rest[..rest.len() - kind.len()].trim_end();
    // s_suffix: "Asidonhopo's", or "Yrahs'" for a name ending in s.
    let owner = owner
        .strip_suffix("'s")
        .or_else(|| owner.strip_suffix('\''))?;
    (!owner.is_empty()).then(|| (owner.to_string(), kind.to_string()))
}

impl Level {
    /// Recomputes the room of every square from the remembered map, keeping each room's id.
    pub fn refresh_rooms(&mut self) {
        let n = COLS * MAP_ROWS;
        // The same squares inside rooms as last time: the same rooms (most frames).
        // Zipped, not indexed: this runs at every frame, without a bounds check per square.
        let unchanged = self.rooms.len() == n
            && self
                .rooms
                .iter()
                .zip(&self.squares)
                .all(|(&room, sq)| (room > 0) == sq.feature.is_room_inside());
        if unchanged {
            return;
        }
        let old = std::mem::take(&mut self.rooms);
        let old_id = |i: usize| old.get(i).copied().unwrap_or(0);
        let mut rooms = vec![0u16; n];
        let mut seen = vec![false; n];
        let mut region = Vec::new();
        for start in 0..n {
            if seen[start] || !self.squares[start].feature.is_room_inside() {
                continue;
            }
            region.clear();
            region.push(start);
            seen[start] = true;
            let mut next = 0;
            while next < region.len() {
                let p = pos_of(region[next]);
                next += 1;
                for q in neighbours(p) {
                    let Some(j) = index(q) else { continue };
                    if !seen[j] && self.squares[j].feature.is_room_inside() {
                        seen[j] = true;
                        region.push(j);
                    }
                }
            }
            let id = match region.iter().map(|&i| old_id(i)).filter(|&id| id > 0).min() {
                Some(id) => id,
                None => {
                    self.last_room_id = self.last_room_id.saturating_add(1);
                    self.last_room_id
                }
            };
            for &i in &region {
                rooms[i] = id;
            }
        }
        self.rooms = rooms;
    }

    /// The room `p` is in. A door (or doorway) belongs to the one room it opens into; one
    /// between two rooms, or between none, to no room.
    pub fn room_of(&self, p: Pos) -> Option<u16> {
        let i = index(p)?;
        let id = self.rooms.get(i).copied().unwrap_or(0);
        if id > 0 {
            return Some(id);
        }
        if !self.squares[i].feature.is_door_square() {
            return None;
        }
        let mut ids = neighbours(p)
            .filter(|q| q.x == p.x || q.y == p.y)
            .filter_map(|q| index(q).and_then(|j| self.rooms.get(j).copied()))
            .filter(|&id| id > 0);
        let first = ids.next()?;
        ids.all(|id| id == first).then_some(first)
    }

    /// The shop `p` is in: its door, or a square of its room.
    pub fn shop_at(&self, p: Pos) -> Option<&Shop> {
        let room = self.room_of(p);
        self.shops.iter().find(|s| {
            s.door == Some(p)
                || room.is_some()
                    && !self.feature(p).is_door_square()
                    && s.inside.and_then(|q| self.room_of(q)) == room
        })
    }

    pub fn in_shop(&self, p: Pos) -> bool {
        self.shop_at(p).is_some()
    }

    /// Notes the shop greeting us at `hero`, having come from `from`: on its door, the shop
    /// is the room beyond it (the way we walked); teleported in, the room we stand in.
    fn enter_shop(&mut self, hero: Pos, from: Pos, owner: Option<String>, kind: Option<String>) {
        let on_door = self.feature(hero).is_door_square() && from != hero;
        let (door, inside) = if on_door {
            let ahead = Pos::new(2 * hero.x - from.x, 2 * hero.y - from.y);
            let came_from = self.room_of(from);
            // The room beside the door that we did not come from; else the square ahead.
            let beside = neighbours(hero)
                .filter(|q| q.x == hero.x || q.y == hero.y)
                .find(|&q| {
                    self.rooms.get(index(q).unwrap_or(0)).copied().unwrap_or(0) > 0
                        && self.room_of(q) != came_from
                });
            (Some(hero), beside.or(Some(ahead)))
        } else {
            (None, Some(hero))
        };
        if let Some(sq) = door.and_then(|d| self.at_mut(d)) {
            sq.shop_door = true;
        }
        let room = inside.and_then(|q| self.room_of(q));
        let known = self.shops.iter().position(|s| {
            (door.is_some() && s.door == door)
                || (room.is_some() && s.inside.and_then(|q| self.room_of(q)) == room)
        });
        if let Some(k) = known {
            let shop = &mut self.shops[k];
            shop.owner = owner.or(shop.owner.take());
            shop.kind = kind.or(shop.kind.take());
            shop.door = shop.door.or(door);
            shop.inside = shop.inside.or(inside);
        } else {
            self.shops.push(Shop {
                owner,
                kind,
                door,
                inside,
            });
        }
    }
}

impl World {
    /// The room `p` is in on the current level (see [`Level::room_of`]).
    pub fn room_of(&self, p: Pos) -> Option<u16> {
        self.level()?.room_of(p)
    }

    /// Whether `p` is a shop's door or inside a shop, on the current level.
    pub fn in_shop(&self, p: Pos) -> bool {
        self.level().is_some_and(|l| l.in_shop(p))
    }

    /// Squares of the current level where an object lies that we never stood on, outside
    /// shops (which hold no stairs), not ours: an object is drawn over stairs under it.
    pub fn untrodden_object_squares(&self) -> Vec<Pos> {
        let Some(level) = self.level() else {
            return Vec::new();
        };
        level
            .squares
            .iter()
            .enumerate()
            .filter(|(_, sq)| sq.object.is_some() && sq.walked == 0)
            .map(|(i, _)| crate::level::pos_of(i))
            .filter(|&p| p != self.player && !level.in_shop(p))
            .collect()
    }

    /// The shop `p` is in, on the current level.
    pub fn shop_at(&self, p: Pos) -> Option<&Shop> {
        self.level()?.shop_at(p)
    }

    /// Rooms from the map as it is now, and the shops this frame's messages name.
    pub(crate) fn learn_rooms(&mut self, from: Pos) {
        let hero = self.player;
        let greeting = self.messages.iter().find_map(|m| shop_greeting(m));
        let untended = self
            .messages
            .iter()
            .any(|m| m.starts_with("This shop is ") || m.starts_with("This shop seems to be "));
        let for_sale = self.messages.iter().any(|m| m.contains("(for sale,"));
        let Some(level) = self.dungeon.current_mut() else {
            return;
        };
        level.refresh_rooms();
        match greeting {
            Some((owner, kind)) => level.enter_shop(hero, from, Some(owner), Some(kind)),
            None if untended => level.enter_shop(hero, from, None, None),
            None if for_sale && !level.in_shop(hero) => level.enter_shop(hero, hero, None, None),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Branch;
    use crate::testing::grid;

    #[test]
    fn greetings_name_the_keeper_and_the_kind() {
        assert_eq!(
            shop_greeting("\"Velkommen, Agnar!  Welcome to Asidonhopo's general store!\""),
            Some(("Asidonhopo".into(), "general store".into()))
        );
        assert_eq!(
            shop_greeting("Hello, Agnar!  Welcome again to Yrahs' rare books!"),
            Some(("Yrahs".into(), "rare books".into()))
        );
        assert_eq!(
            shop_greeting("\"So, Agnar, you dare return to Izchak's lighting store?!\""),
            Some(("Izchak".into(), "lighting store".into()))
        );
        assert_eq!(
            shop_greeting(
                "Hello Agnar, welcome to NetHack!  You are a neutral female human Valkyrie."
            ),
            None
        );
    }

    fn level(rows: &[&str], colors: &[&str]) -> Level {
        let mut l = Level::new(Branch::Doom, 1);
        l.update(&grid(rows, colors), None, 1, true);
        l.refresh_rooms();
        l
    }

    #[test]
    fn rooms_are_bounded_by_walls_and_doors_and_keep_their_ids() {
        let rows = [
            "------- ------",
            "|.....| |....|",
            "|.{...+#.....|",
            "|.....| |....|",
            "------- ------",
        ];
        let l = level(&rows, &["", "", "      3"]);
        let west = l.room_of(Pos::new(1, 1)).expect("west room");
        let east = l.room_of(Pos::new(10, 2)).expect("east room");
        assert_ne!(west, east);
        assert_eq!(
            l.room_of(Pos::new(2, 2)),
            Some(west),
            "the fountain is inside"
        );
        assert_eq!(l.room_of(Pos::new(7, 2)), None, "the corridor");
        assert_eq!(l.room_of(Pos::new(0, 1)), None, "a wall");
        assert_eq!(
            l.room_of(Pos::new(6, 2)),
            Some(west),
            "a door opens into its room"
        );
        assert_eq!(l.room_of(Pos::new(8, 2)), Some(east), "the doorway too");
        // A dark room seen in two pieces that join keeps the first piece's id.
        let mut dark = Level::new(Branch::Doom, 1);
        dark.update(&grid(&["|..   ..|"], &[]), None, 1, true);
        dark.refresh_rooms();
        let (a, b) = (dark.room_of(Pos::new(1, 0)), dark.room_of(Pos::new(6, 0)));
        assert!(a.is_some() && b.is_some() && a != b);
        dark.update(&grid(&["|.......|"], &[]), None, 2, true);
        dark.refresh_rooms();
        assert_eq!(dark.room_of(Pos::new(6, 0)), a.min(b));
        assert_eq!(dark.room_of(Pos::new(1, 0)), a.min(b));
    }

    #[test]
    fn a_known_shop_is_no_frontier() {
        // A dark room east of a door: its unknown squares make its floor frontier...
        let rows = ["-----   ", "|...+.. ", "-----   "];
        let mut l = level(&rows, &["", "    3"]);
        let inside = Pos::new(5, 1);
        assert!(crate::explore::frontier(&l).contains(&inside));
        // ...until a shopkeeper greets us on its door: no stairs in there, and no way out past him.
        l.enter_shop(
            Pos::new(4, 1),
            Pos::new(3, 1),
            Some("Aksaray".into()),
            Some("used armor dealership".into()),
        );
        assert!(l.in_shop(inside));
        assert!(!crate::explore::frontier(&l).contains(&inside));
    }
}
