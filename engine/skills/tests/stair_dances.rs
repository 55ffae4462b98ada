//! Stairs taken straight back: the default trees on drawn levels where the last level change
//! must not be undone at once (b44: seed 66 went back down to a gargoyle it had fled 515 times,
//! seed 83 went down again from a Mines level whose way up it never found 4,640 times).
mod common;
use common::render;
use common::scene::{decide, status, Scene};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Event, Pos, Status, World};

fn repo_tree(name: &str) -> TreeBot {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../trees")
        .join(name);
    TreeBot::load(nhbot_skills::registry(), &root).unwrap_or_else(|d| panic!("{}", render(&d)))
}

#[test]
fn the_mines_end_trip_over_never_goes_back_down() {
    // Mines 10 (Mines' End not recognised), 3,000 turns spent on it: the trip is over. The hero
    // stands on its down stairs; no up stairs seen. Going down only digs the hole deeper.
    let mut bot = repo_tree("mines_end.yaml");
    let mut w = World::default();
    let down = Pos::new(4, 4);
    let frame = |w: &mut World, at: Pos, turn: i64| {
        let mut scene = Scene::room();
        scene.draw(down, '>');
        let status = Status {
            hp: 120,
            hp_max: 120,
            xl: 12,
            ..status(10, turn)
        };
        scene.show(w, at, &status, &[]);
    };
    frame(&mut w, Pos::new(3, 4), 5_000);
    let lines: Vec<String> = [
        "The Dungeons of Doom: levels 1 to 4",
        "   Level 3:",
        "      Stairs down to The Gnomish Mines.",
        "The Gnomish Mines: levels 4 to 10",
        "   Level 10: <- You are here.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    w.observe(Event::Overview(&lines));
    let mut descends = 0;
    for turn in 5_001..5_040 {
        frame(&mut w, down, turn);
        if turn == 5_001 {
            // Searched everywhere to the last round's limit: no hidden way up is left to hope for.
            let level = w.dungeon.current_mut().unwrap();
            level.stats.turns_spent = 3_000;
            for sq in &mut level.squares {
                (sq.searched, sq.searched_from) = (400, 400);
            }
        }
        let d = decide(&mut bot, &mut w);
        eprintln!("{d:?}");
        descends += usize::from(d.action == Action::Descend);
    }
    assert_eq!(descends, 0);
}
