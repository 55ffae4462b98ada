//! Test worlds built the way the agent builds them: from what the screen shows.

use nhbot_bt::{Leaf, LeafOutcome, Tick};
use nhbot_world::{Cell, Observation, Pos, Status, World};

/// One tick of `leaf` on `w` with a fresh blackboard.
pub fn tick<L: Leaf>(leaf: &L, state: &mut L::State, w: &World) -> LeafOutcome {
    leaf.tick(
        state,
        &mut Tick {
            world: w,
            path: "root/test",
            blackboard: &mut nhbot_bt::Blackboard::default(),
        },
    )
}

/// Shows `rows` (map rows from the top of the map area; `@` is the player) to `w` as one
/// observation at game turn `turn`.
pub fn show(w: &mut World, rows: &[&str], turn: i64) {
    show_saying(w, rows, turn, &[]);
}

/// [`show`] with `messages` on the top line (they go into the world's history at `turn`).
pub fn show_saying(w: &mut World, rows: &[&str], turn: i64, messages: &[&str]) {
    let mut map = vec![Cell::default(); 80 * 21];
    let mut player = None;
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            map[y * 80 + x] = Cell {
                ch,
                fg: 16,
                ..Cell::default()
            };
            if ch == '@' {
                player = Some(Pos::new(x as i16, y as i16));
            }
        }
    }
    let status = Status {
        dlvl: 3,
        level_name: "Dlvl:3".into(),
        turn: Some(turn),
        ..Default::default()
    };
    w.observe(Observation {
        map: &map,
        player,
        status: Some(&status),
        messages: &messages.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        cursor_on_map: true,
    });
}

/// A world that has seen `rows` once.
pub fn world(rows: &[&str]) -> World {
    let mut w = World::default();
    show(&mut w, rows, 1);
    w
}

/// The hero at (3, 2) of a 12 by 3 lit room on Dlvl 4, HP 40/40 at XL 6, with one monster
/// drawn `ch` in `color` at `at`, seen this turn: the scene of the tests of what to do about
/// a monster in view.
pub fn room_with(ch: char, color: u8, at: Pos) -> World {
    let mut w = world(&[
        "--------------",
        "|............|",
        "|..@.........|",
        "|............|",
        "--------------",
    ]);
    w.status.dlvl = 4;
    (w.status.hp, w.status.hp_max, w.status.xl) = (40, 40, 6);
    w.monsters.push(nhbot_world::Monster {
        pos: at,
        ch,
        color,
        first_seen: w.turn,
        last_seen: w.turn,
        ..Default::default()
    });
    w
}

/// The hero in the open door (3, 0) of a small room drawn by `rows`, at HP `hp`/25, XL `xl`,
/// AC 5, turn `turn`, a gecko at `gecko` inside: the scene of the diagonal blows out of a door
/// (hack.c `domove` attacks before `test_move` refuses the diagonal step).
pub fn in_an_open_door(rows: &[&str], turn: i64, hp: i32, xl: i32, gecko: Pos) -> World {
    use nhbot_world::{Feature, Monster};
    let mut w = World::default();
    show_saying(&mut w, rows, turn, &["You see no objects here."]);
    let door = Pos::new(3, 0);
    (w.status.hp, w.status.hp_max, w.status.xl, w.status.ac) = (hp, 25, xl, 5);
    w.player = door;
    w.monsters = vec![Monster {
        pos: gecko,
        ch: ':',
        color: 6,
        name: Some("gecko".into()),
        ..Monster::default()
    }];
    let square = w.dungeon.current_mut().and_then(|l| l.at_mut(door));
    square.expect("the door square").feature = Feature::OpenDoor;
    w
}
