//! The Gnomish Mines told from the Dungeons by their look, on maps recorded from real games
//! (the 200-seed bench of session 20, `nhbot replay --until-turn T`): the map rows as the screen
//! showed them, the hero drawn as `@`. A level reached down a fork's stairs (Dungeons 2-4) is a
//! placeholder until its look, or the game's overview, tells its branch.

use nhbot_screen::Pos;
use nhbot_world::testing::grid;
use nhbot_world::{Arrival, Branch, Dungeon};

/// Seed 133, Dlvl 3 at T1699: the Mines' top 30 turns after arriving (one gnome seen).
const SEED133_MINES_TOP: &[&str] = &[
    "",
    "                                     ----",
    "                                    --..|",
    "                                   --.<.|",
    "                                   |..---",
    "                         ----------|.--",
    "                         -@.(--.|.--.|",
    "                         ...........)-",
    "                            ........)",
];

/// Seed 133, Dlvl 4 at T1767, fallen into through a trap door from the level above.
const SEED133_MINES_2: &[&str] = &[
    "                                              -------",
    "                                           ----....^----",
    "                                           |.....--.....-",
    "                                        ----.---   ----..",
    "                                       #..|..|       -.--",
    "                                       |%@..--       ....",
    "                                       |..*--        .....",
    "                                                      .)*..",
    "                                                       .....",
    "                                                        --...",
    "                                                         |....",
    "                                                          .....",
    "                                                           ....",
    "                                                            .--",
    "                                                           ..",
    "                                                          ...|",
    "                                                         ....",
    "                                                         .....",
    "                                                         ..|..",
    "                                                          - -",
];

/// Seed 173, Dlvl 3 at T1720: the Mines' top 12 turns after arriving.
const SEED173_MINES_TOP: &[&str] = &[
    "",
    "                                 --",
    "                                 |.",
    "                                 ...---",
    "                                   ....--",
    "                                    ......",
    "                                     .....",
    "                                      .....",
    "                                       ....-",
    "                                         ...---",
    "                                          ....|",
    "                                          -...--",
    "                                         --....----",
    "                                         |...@.....-",
    "                                         |......| --",
    "                                         --..|..|",
    "                                          -----.|---",
    "                                              |.--.-------",
    "                                              |.h..........-",
    "                                              ----<..-------",
    "                                                 -----",
];

/// A room of the Dungeons seen from inside, its doorless doorways in the walls, and a
/// neighbouring one across a gap: no wall between two floors.
const DOOM_ROOMS: &[&str] = &[
    "",
    "   -----.------   -------",
    "   |..........|   |.....|",
    "   |..........|   |.....|",
    "   .....<.....|   |.....|",
    "   |..........|   |.....|",
    "   ---.--------   --.----",
];

/// A placeholder level one below Dungeons 2, drawn with `rows`.
fn placeholder(rows: &[&str], gnomes: usize) -> (Dungeon, usize) {
    let mut d = Dungeon::default();
    d.start(2, "Dlvl:2");
    d.set_branch(0, Branch::Doom);
    let how = Arrival::Stairs {
        from: Pos::new(10, 10),
        up: false,
        ladder: false,
    };
    let id = d.arrive(3, "Dlvl:3", how, Some(Pos::new(1, 1)));
    d.levels[id].update(&grid(rows, &[]), None, 10, true);
    d.recognise(gnomes);
    (d, id)
}

fn branch(d: &Dungeon, id: usize) -> Branch {
    d.levels[d.resolve(id)].branch
}

#[test]
fn the_mines_top_is_told_by_its_cave_walls_within_its_first_turns() {
    for (name, rows) in [
        ("seed 133", SEED133_MINES_TOP),
        ("seed 173", SEED173_MINES_TOP),
    ] {
        let (d, id) = placeholder(rows, 1);
        assert_eq!(branch(&d, id), Branch::Mines, "{name}");
        assert_eq!(d.mines_top(), Some(3), "{name}");
    }
}

#[test]
fn rooms_of_the_dungeons_are_not_taken_for_the_mines() {
    let (d, id) = placeholder(DOOM_ROOMS, 0);
    assert_eq!(
        branch(&d, id),
        Branch::Unknown,
        "no door seen, no cave wall"
    );
}

#[test]
fn a_level_fallen_into_from_the_mines_top_is_the_mines_and_so_is_the_top() {
    // The top seen too little to tell (its first rows only), then the trap door.
    let (mut d, top) = placeholder(&SEED133_MINES_TOP[..3], 1);
    assert_eq!(branch(&d, top), Branch::Unknown);
    let below = d.arrive(4, "Dlvl:4", Arrival::Fell, Some(Pos::new(42, 5)));
    assert_eq!(
        branch(&d, below),
        Branch::Unknown,
        "a fall keeps the branch"
    );
    d.levels[below].update(&grid(SEED133_MINES_2, &[]), None, 20, true);
    d.recognise(0);
    assert_eq!(branch(&d, below), Branch::Mines);
    assert_eq!(
        branch(&d, top),
        Branch::Mines,
        "the fall stayed in its dungeon"
    );
    assert_eq!(d.mines_top(), Some(3));
}
