//! The Gnomish Mines told from the Dungeons by their look, on maps recorded from real games
//! (the 200-seed bench of session 20, `nhbot replay --until-turn T`): the map rows as the screen
//! showed them, the hero drawn as `@`. A level reached down a fork's stairs (Dungeons 2-4) is a
//! placeholder until its look, or the game's overview, tells its branch.

use nhbot_screen::Pos;
use nhbot_screen::Terminal;
use nhbot_world::dungeon::cave_walls;
use nhbot_world::testing::grid;
use nhbot_world::{Arrival, Branch, Dungeon, Level};

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

/// Seed 176, Dlvl 4 (the Dungeons, the Mines' fork) at T5000, explored: rooms, corridors,
/// doors open (`|`, `-`) and closed, a shop, objects in corridors and doorways, monsters (one in
/// a doorway). The hero, in the corridor east of the lower right room's door, is drawn as that
/// corridor square (the bot saw it before stepping there).
const SEED176_DOOM_FORK: &[&str] = &[
    "",
    "  -------",
    "  |......###",
    "  |.....|  ##                        -------                            ------",
    "  -----|-   ##                       |.....|                            .????|",
    "       #     #-----------            |.....|                           |.????|",
    "       #     #..........|############.(.....####                    ###-.???.|",
    "       #      |.........|#           ---+---   #                   ##  |.????|",
    "      ##      |.........|#             ##      #               #####    .]??+|",
    "     ##       -----.-----#             #       #              ##         .???|",
    "     #           #########          #%[)       #              #          -----",
    " -------    ###### ##           -|--|-$-       #              #",
    " |...:.|   ##       #          #-......|       ##             #",
    " |.....-####        ###        #|......|        #     --------#",
    " |....#|              ###     ##|......|        ######|......|#",
    " |...<.|         -------.-    # |(.../.|             #|....dde#",
    " ---.---         |.......|    # |...>..|             !P?...d.|",
    "    #            |.......-##### --------              |..{>..|",
    "                 |....(..|                            --------",
    "                 ---------",
];

/// The doors of [`SEED176_DOOM_FORK`] in their colour (brown, 3): the `+`, and the `|` and `-`
/// across a wall line.
const SEED176_DOOR_COLOURS: &[&str] = &[
    "",
    "",
    "",
    "",
    "       3",
    "",
    "                                                                       3",
    "                                        3",
    "                                                                            3",
    "",
    "",
    "                                 3  3",
    "",
    "       3",
    "",
    "",
    "",
    "                         3",
    "",
    "",
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

/// The cave walls `rows` show, drawn on a level of their own.
fn cave_walls_of(rows: &[&str]) -> usize {
    let mut level = Level::new(Branch::Unknown, 3);
    level.update(&grid(rows, &[]), None, 1, true);
    cave_walls(&level)
}

#[test]
fn explored_levels_of_the_dungeons_show_no_cave_wall() {
    let mut level = Level::new(Branch::Unknown, 4);
    level.update(
        &grid(SEED176_DOOM_FORK, SEED176_DOOR_COLOURS),
        None,
        1,
        true,
    );
    assert_eq!(cave_walls(&level), 0, "seed 176's fork level");
    assert_eq!(cave_walls_of(DOOM_ROOMS), 0);
    // Dungeons 9 of seed 1 in wizard mode, mapped (^F), as the game drew it, colours included.
    let path = format!(
        "{}/tests/fixtures/oracle1_mapped.bin",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let mut term = Terminal::new();
    term.feed(&bytes);
    let mut level = Level::new(Branch::Unknown, 9);
    level.update(term.screen().map_cells(), None, 1, true);
    // Its one grave, drawn `|` in the middle of a room as 3.6 draws graves, looks like a wall
    // between floors: one, below the Mines' three.
    assert_eq!(cave_walls(&level), 1, "seed 1's Dungeons 9");
    // The Mines' levels of the recordings: many.
    for rows in [SEED133_MINES_TOP, SEED133_MINES_2, SEED173_MINES_TOP] {
        assert!(cave_walls_of(rows) >= 3, "{rows:?}");
    }
}
