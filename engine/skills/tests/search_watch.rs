//! `search` with `watch`: one turn at a time while a hostile that moves is that near. A counted
//! search stops only when a monster comes into view or next to us: seed 19 of b46-post3 saw a
//! yellow light 4 squares off, searched 10 turns, and its next decision came after the light's
//! explosion had blinded it.
mod common;
use common::scene::{decide, farlook, status, Scene};
use common::Repo;
use nhbot_world::{Action, Pos, Status, World};

/// The first decision of `search: {count: 10, watch: 6}` with `monster` (its glyph and farlook
/// line) drawn at `at`, the hero at (10, 4).
fn decision(watch: u32, monster: Option<(Pos, char, &str)>) -> Action {
    let repo = Repo::new("search-watch");
    repo.tree(
        "main.yaml",
        &format!("search: {{count: 10, watch: {watch}}}\n"),
    );
    let mut bot = repo.load("main.yaml");
    let mut w = World::default();
    let me = Pos::new(10, 4);
    let hero = Status {
        hp: 40,
        hp_max: 40,
        xl: 5,
        ..status(4, 5_000)
    };
    let mut scene = Scene::room();
    if let Some((at, glyph, _)) = monster {
        scene.draw(at, glyph);
    }
    scene.show(&mut w, me, &hero, &[]);
    if let Some((at, _, line)) = monster {
        farlook(&mut w, at, line);
    }
    let d = decide(&mut bot, &mut w);
    eprintln!("{:?}: {}", d.action, d.reason);
    d.action
}

const LIGHT: &str = "y  a light (yellow light)";

#[test]
fn a_hostile_near_makes_the_search_one_turn() {
    let light = Some((Pos::new(14, 4), 'y', LIGHT));
    assert_eq!(decision(6, light), Action::Search { count: 1 });
}

#[test]
fn nothing_near_or_watch_off_searches_the_whole_count() {
    assert_eq!(decision(6, None), Action::Search { count: 10 });
    let far = Some((Pos::new(25, 4), 'y', LIGHT));
    assert_eq!(
        decision(6, far),
        Action::Search { count: 10 },
        "15 squares off"
    );
    let light = Some((Pos::new(14, 4), 'y', LIGHT));
    assert_eq!(decision(0, light), Action::Search { count: 10 }, "watch 0");
    let peaceful = Some((Pos::new(14, 4), 'G', "G  a gnome (peaceful gnome)"));
    assert_eq!(
        decision(6, peaceful),
        Action::Search { count: 10 },
        "peaceful"
    );
}
