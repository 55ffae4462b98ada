//! Blind in an open door, bitten by what we cannot see: the game marks `I` where the blows came
//! from, diagonally, and lets us strike there (hack.c `domove` attacks before it tests the
//! door). Seed 104 of b46-post3 searched in place while three diagonal `I`s bit it from 60 HP
//! to death: blows are never put on an `I`, so the door rule took them for foes that could not
//! reach us.
mod common;
use common::repo_tree;
use common::scene::{decide, status, Scene};
use nhbot_world::{Action, Condition, Dir, Pos, Status, World};

/// CLR_BROWN: an open door's colour.
const BROWN: u8 = 3;

#[test]
fn a_diagonal_unseen_biter_is_struck_from_an_open_door() {
    let mut bot = repo_tree("survive.yaml");
    let mut w = World::default();
    let door = Pos::new(10, 8);
    let hero = |turn, blind: bool| Status {
        hp: 60,
        hp_max: 76,
        xl: 7,
        ac: 4,
        conditions: if blind {
            vec![Condition::Blind]
        } else {
            vec![]
        },
        ..status(6, turn)
    };
    // The open door in the bottom wall, seen from inside the room.
    let mut scene = Scene::room();
    scene.draw_colored(door, '|', BROWN);
    scene.show(&mut w, Pos::new(10, 6), &hero(8_000, false), &[]);
    let mut scene = Scene::room();
    scene.draw_colored(door, '|', BROWN);
    scene.show(&mut w, Pos::new(10, 7), &hero(8_001, false), &[]);
    // In the door, blind: something bites from the north-west; the game drew its `I`.
    let mut scene = Scene::room();
    scene.draw(Pos::new(9, 7), 'I');
    scene.show(&mut w, door, &hero(8_002, true), &["It bites!"]);
    assert_eq!(
        w.level().map(|l| l.feature(door)),
        Some(nhbot_world::Feature::OpenDoor),
        "the door is remembered under us"
    );
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Fight { dir: Dir::NW }, "{}", d.reason);
}
