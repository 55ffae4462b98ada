//! Entering Sokoban: the premapped bottom level (soko4-1 from the 3.6.6 reference maps) is
//! recognised from its boulders, and paths respect its no-squeezing rule.

use nhbot_world::*;

const COLS: usize = 80;
const ROWS: usize = 21;
/// Where the map block sits on the screen in this test.
const OX: i16 = 32;
const OY: i16 = 5;

/// soko4-1 as rendered in /work/shared/reference/sokoban-3.6.6.txt ('^' are pits).
const SOKO4_1: [&str; 13] = [
    "------  ----- ",
    "|....|  |...| ",
    "|.0..----.0.| ",
    "|.0......0..| ",
    "|..|-|>|-|0.| ",
    "---------|.---",
    "|..^^^<|.....|",
    "|..----|0....|",
    "--^|   |.0...|",
    " |^|---|.0...|",
    " |..^^^^0.0..|",
    " |??|---------",
    " ----         ",
];

fn at(x: i16, y: i16) -> Pos {
    Pos::new(OX + x, OY + y)
}

fn screen(rows: &[&str], ox: i16, oy: i16) -> Vec<Cell> {
    let mut map = vec![Cell::default(); COLS * ROWS];
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            // Pits are black (dark gray) in the default symset; everything else here is gray.
            let fg = if ch == '^' { 0 } else { 16 };
            let i = (oy as usize + y) * COLS + ox as usize + x;
            map[i] = Cell {
                ch,
                fg,
                bold: ch == '^',
                inverse: false,
            };
        }
    }
    map
}

fn status(dlvl: i32, turn: i64) -> Status {
    Status {
        dlvl,
        level_name: format!("Dlvl:{dlvl}"),
        turn: Some(turn),
        ..Default::default()
    }
}

fn observe(world: &mut World, map: &[Cell], player: Pos, st: &Status) {
    world.observe(Observation {
        map,
        player: Some(player),
        status: Some(st),
        messages: &[],
        cursor_on_map: true,
    });
}

#[test]
fn sokoban_is_recognised_and_linked_to_the_level_below() {
    let mut world = World::default();
    // Dlvl 7 of the Dungeons: a corridor leading to the up stairs at (10, 10).
    let below = [
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "     ################<",
    ];
    observe(
        &mut world,
        &screen(&below, 0, 0),
        Pos::new(5, 10),
        &status(7, 500),
    );
    assert_eq!(world.level().map(|l| l.branch), Some(Branch::Doom));
    let below_on_stairs = [
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "     ################@",
    ];
    observe(
        &mut world,
        &screen(&below_on_stairs, 0, 0),
        Pos::new(21, 10),
        &status(7, 505),
    );
    assert_eq!(world.feature_here(), Feature::StairsUp);

    // Up the stairs: Sokoban's bottom level, premapped; we stand on its down stairs.
    let mut rows: Vec<String> = SOKO4_1.iter().map(|r| r.to_string()).collect();
    rows[4] = rows[4].replacen('>', "@", 1);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    observe(
        &mut world,
        &screen(&rows, OX, OY),
        at(6, 4),
        &status(6, 506),
    );
    let level = world.level().expect("level");
    assert_eq!((level.branch, level.depth), (Branch::Sokoban, 6));
    assert_eq!(world.feature_here(), Feature::StairsDown);
    assert_eq!(level.find(Feature::Boulder).len(), 10);
    assert_eq!(level.find(Feature::Trap).len(), 9);
    let doom7 = world.dungeon.find(Branch::Doom, 7).expect("Doom 7");
    let soko = world.dungeon.current.expect("current");
    assert_eq!(
        world.dungeon.route(soko, doom7),
        Some(vec![(soko, at(6, 4))])
    );
    assert_eq!(
        world.player,
        at(6, 4),
        "on the stairs the route starts with"
    );

    // Boulders are never walked through: the up stairs are out of reach until pushed.
    assert_eq!(world.path_to(&[at(6, 6)]), None);
    let opts = world.path_opts();
    assert!(opts.no_squeeze);
    assert_eq!(opts.mild_trap_cost, None, "pits are for boulders");
    // (9,2) to (10,3) is one diagonal step between the boulders at (10,2) and (9,3): not allowed.
    let around = level
        .path(at(9, 2), &[at(10, 3)], &opts)
        .expect("a way around");
    assert_eq!(around.steps.len(), 3, "{:?}", around.steps);
    // The far corner of the first room is reachable past the boulders.
    assert!(world.path_to(&[at(1, 1)]).is_some());
}

#[test]
fn world_round_trips_through_json() {
    let mut world = World::default();
    observe(
        &mut world,
        &screen(&SOKO4_1, OX, OY),
        at(1, 1),
        &status(1, 1),
    );
    let json = serde_json::to_string(&world).expect("serialize");
    let back: World = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, world);
}
