//! Offline checks: maps drawn onto a fake screen, and a small NetHack-rules simulator that
//! plays the node's moves until it climbs.

use super::behind::{farthest_within, RETREAT_STEPS};
use super::screen::{locate, observe, TEMPLATES};
use super::solving::dead_start;
use super::*;
use nhbot_bt::{Blackboard, Params};
use nhbot_sokoban::{Limits, SolveError};
use nhbot_world::{Cell as ScreenCell, Monster, Pos};
use std::cell::RefCell;

mod behind;
mod fetch;
mod fights;

/// The three Sokoban nodes of one tree, with their states and the blackboard, as the engine
/// holds them; each test runs on its own thread, so each test plays one game.
#[derive(Default)]
struct Nodes {
    blackboard: Blackboard,
    in_sokoban: SokobanSighting,
    sokoban: Memory,
    prize: prize::PrizeState,
}

thread_local! {
    static NODES: RefCell<Nodes> = RefCell::new(Nodes::default());
}

fn tick_node<L: Leaf>(
    leaf: L,
    state: impl FnOnce(&mut Nodes) -> &mut L::State,
    w: &World,
) -> LeafOutcome {
    NODES.with(|n| {
        let mut n = n.borrow_mut();
        let mut blackboard = std::mem::take(&mut n.blackboard);
        let outcome = leaf.tick(
            state(&mut n),
            &mut Tick {
                world: w,
                path: "test",
                blackboard: &mut blackboard,
            },
        );
        n.blackboard = blackboard;
        outcome
    })
}

fn in_sokoban(_: &Params, w: &World) -> LeafOutcome {
    tick_node(InSokoban, |n| &mut n.in_sokoban, w)
}

fn sokoban(_: &Params, w: &World) -> LeafOutcome {
    tick_node(SokobanLeaf::default(), |n| &mut n.sokoban, w)
}

fn sokoban_prize(_: &Params, w: &World) -> LeafOutcome {
    tick_node(SokobanPrize::default(), |n| &mut n.prize, w)
}

fn sokoban_prize_worn(_: &Params, w: &World) -> LeafOutcome {
    tick_node(SokobanPrize { wear_amulet: true }, |n| &mut n.prize, w)
}

const COLS: usize = 80;

/// A world whose screen shows `map` (a template's text) with its corner at `origin`; the
/// player, a fresh XL1 Valkyrie, stands on the map's `>`.
fn world_with_map(name: &str, origin: Pos) -> World {
    let t = TEMPLATES
        .iter()
        .find(|t| t.name == name)
        .expect("known map");
    let mut w = World::default();
    (w.status.hp, w.status.hp_max, w.status.ac, w.status.xl) = (16, 16, 6, 1);
    for i in 0..t.width * t.height {
        let (x, y) = (
            origin.x as usize + i % t.width,
            origin.y as usize + i / t.width,
        );
        let ch = t.char_at(i);
        w.view.cells[y * COLS + x] = ScreenCell {
            ch,
            fg: if ch == '+' { 3 } else { 16 },
            ..ScreenCell::default()
        };
        if ch == '>' {
            w.player = Pos::new(x as i16, y as i16);
        }
    }
    let at = w.player;
    set(&mut w, at, '@');
    w
}

fn set(w: &mut World, p: Pos, ch: char) {
    w.view.cells[p.y as usize * COLS + p.x as usize].ch = ch;
}

fn get(w: &World, p: Pos) -> char {
    w.view.get(p).map_or(' ', |c| c.ch)
}

/// Plays one move the way NetHack's Sokoban would on the fake screen; returns false when the
/// move broke a rule or could not be made. `under` is what the player stands on.
fn play_move(w: &mut World, dir: Dir, under: &mut char) -> bool {
    let (dx, dy) = dir.delta();
    let to = Pos::new(w.player.x + dx, w.player.y + dy);
    let side = |w: &World, p: Pos| matches!(get(w, p), '0' | '|' | '-' | ' ');
    if dir.is_diagonal()
        && (side(w, Pos::new(w.player.x + dx, w.player.y))
            && side(w, Pos::new(w.player.x, w.player.y + dy)))
    {
        return false; // squeezing between rocks
    }
    match get(w, to) {
        '0' => {
            if dir.is_diagonal() {
                return false;
            }
            let beyond = Pos::new(to.x + dx, to.y + dy);
            match get(w, beyond) {
                '^' => set(w, beyond, '.'),
                '.' | '<' | '>' | '?' => set(w, beyond, '0'),
                _ => return false,
            }
        }
        '^' | '|' | '-' | ' ' | '+' => return false,
        _ => {}
    }
    let left = std::mem::replace(under, if get(w, to) == '0' { '.' } else { get(w, to) });
    set(w, w.player, left);
    set(w, to, '@');
    w.player = to;
    true
}

#[test]
fn every_map_is_found_where_it_is_drawn_and_nowhere_else() {
    for t in TEMPLATES.iter() {
        let origin = Pos::new(27, 2);
        let w = world_with_map(t.name, origin);
        let at = locate(&w.view, None).expect("the map is recognised");
        assert_eq!(TEMPLATES[at.template].name, t.name);
        assert_eq!(at.origin, origin);
    }
    // An ordinary room is no Sokoban level.
    let mut w = World::default();
    for y in 3..10 {
        for x in 10..30 {
            let edge = y == 3 || y == 9;
            let ch = if edge {
                '-'
            } else if x == 10 || x == 29 {
                '|'
            } else {
                '.'
            };
            w.view.cells[y * COLS + x].ch = ch;
        }
    }
    assert!(locate(&w.view, None).is_none());
    assert_eq!(in_sokoban(&Params::default(), &w), LeafOutcome::Failure);
}

/// The `in_sokoban` memo answers as a fresh search does, also when the walls on screen change
/// between two questions (a map drawn, moved, gone) and when the hint changes.
#[test]
fn a_remembered_search_follows_the_walls_on_screen() {
    use super::screen::LocateMemo;
    let mut memo = LocateMemo::default();
    let here = world_with_map("soko2-1", Pos::new(20, 2));
    let found = memo.locate(&here.view, None);
    assert_eq!(found, locate(&here.view, None));
    assert_eq!(found.map(|at| at.origin), Some(Pos::new(20, 2)));
    assert_eq!(memo.locate(&here.view, None), found, "asked again");
    assert_eq!(memo.locate(&here.view, found), found, "with the hint");
    // The same map elsewhere: a new search, whatever the hint says.
    let there = world_with_map("soko2-1", Pos::new(31, 4));
    let moved = memo.locate(&there.view, found);
    assert_eq!(moved.map(|at| at.origin), Some(Pos::new(31, 4)));
    assert_eq!(moved, locate(&there.view, found));
    // Another map, then none at all.
    let other = world_with_map("soko1-2", Pos::new(20, 2));
    assert_eq!(memo.locate(&other.view, moved), locate(&other.view, moved));
    assert_eq!(
        TEMPLATES[memo.locate(&other.view, moved).unwrap().template].name,
        "soko1-2"
    );
    assert_eq!(memo.locate(&World::default().view, moved), None);
    // A wall square rubbed out past what a search forgives: no map.
    let mut rubbed = world_with_map("soko2-1", Pos::new(20, 2));
    let before = memo.locate(&rubbed.view, None);
    assert!(before.is_some());
    for x in 20..40 {
        for y in 2..6 {
            if matches!(get(&rubbed, Pos::new(x, y)), '|' | '-') {
                set(&mut rubbed, Pos::new(x, y), ' ');
            }
        }
    }
    assert_eq!(
        memo.locate(&rubbed.view, before),
        locate(&rubbed.view, before)
    );
    assert_eq!(memo.locate(&rubbed.view, before), None);
}

#[test]
fn observed_puzzle_counts_boulders_holes_and_filled_holes() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    let at = locate(&w.view, None).expect("soko4-1");
    let obs = observe(&w, at).expect("a valid puzzle");
    assert_eq!(obs.puzzle.boulders.len(), 10);
    let holes = |p: &Puzzle| p.cells.iter().filter(|c| **c == Cell::Hole).count();
    assert_eq!(holes(&obs.puzzle), 9);
    assert_eq!(obs.puzzle.targets.len(), 1);
    // A filled pit shows floor; a monster on a pit hides it but it stays a pit.
    set(&mut w, Pos::new(32 + 3, 5 + 6), '.');
    set(&mut w, Pos::new(32 + 4, 5 + 6), 'd');
    let obs = observe(&w, at).expect("a valid puzzle");
    assert_eq!(holes(&obs.puzzle), 8);
    assert_eq!(obs.monsters, vec![6 * at.template().width + 4]);
}

/// Seed 8's top level: a "boulder" in the middle of the open hole corridor is a mimic; a
/// boulder pushed onto a filled hole next to floor is real.
#[test]
fn a_boulder_amid_open_holes_is_taken_for_a_mimic() {
    let origin = Pos::new(28, 3);
    let mut w = world_with_map("soko1-2", origin);
    let at = locate(&w.view, None).expect("soko1-2");
    let before = observe(&w, at).expect("a valid puzzle");
    let holes = |p: &Puzzle| p.cells.iter().filter(|c| **c == Cell::Hole).count();
    // Row 1 of soko1-2 is `  |..^^^^^^^^^^^^^^^^^^..|`: x = 15 is a hole between holes.
    let mimic = Pos::new(origin.x + 15, origin.y + 1);
    assert_eq!(get(&w, mimic), '^');
    set(&mut w, mimic, '0');
    let obs = observe(&w, at).expect("a valid puzzle");
    assert_eq!(obs.puzzle.boulders.len(), before.puzzle.boulders.len());
    assert_eq!(holes(&obs.puzzle), holes(&before.puzzle));
    assert!(obs.monsters.contains(&(t_index(&at, mimic))));
    // The first hole filled, a boulder pushed onto it: floor behind it, so it is real.
    set(&mut w, mimic, '^');
    let first = Pos::new(origin.x + 5, origin.y + 1);
    assert_eq!(get(&w, first), '^');
    set(&mut w, first, '0');
    let obs = observe(&w, at).expect("a valid puzzle");
    assert_eq!(obs.puzzle.boulders.len(), before.puzzle.boulders.len() + 1);
    assert_eq!(holes(&obs.puzzle), holes(&before.puzzle) - 1);
}

/// The top levels hide two giant mimics posing as boulders. One in view on arrival is a
/// boulder the map does not have; one that comes into view later is a boulder no push put
/// there. Either is planned around as a monster, and forgotten once it shows as one.
#[test]
fn boulders_no_push_explains_are_mimics() {
    use super::screen::{appeared_from_nowhere, decoys_on_arrival, unmask_decoys};
    let origin = Pos::new(27, 3);
    let mut w = world_with_map("soko1-1", origin);
    let at = locate(&w.view, None).expect("soko1-1");
    let plain = observe(&w, at).expect("a valid puzzle");
    assert_eq!(decoys_on_arrival(at, &plain), Some(vec![]));
    // Row 4 of soko1-1 is ` |...........|`: (2, 4) is floor in the map.
    let mimic = Pos::new(origin.x + 2, origin.y + 4);
    set(&mut w, mimic, '0');
    let obs = observe(&w, at).expect("a valid puzzle");
    let m = t_index(&at, mimic);
    assert_eq!(decoys_on_arrival(at, &obs), Some(vec![m]));
    // A push moves (3, 5) to (3, 4); a mimic comes into view at (9, 4).
    set(&mut w, mimic, '.');
    let before = observe(&w, at).expect("a valid puzzle").puzzle.boulders;
    set(&mut w, Pos::new(origin.x + 3, origin.y + 5), '.');
    set(&mut w, Pos::new(origin.x + 3, origin.y + 4), '0');
    let later = Pos::new(origin.x + 9, origin.y + 4);
    set(&mut w, later, '0');
    let mut obs = observe(&w, at).expect("a valid puzzle");
    assert_eq!(decoys_on_arrival(at, &obs), None, "a boulder has moved");
    let width = obs.puzzle.width;
    let player = obs.puzzle.player;
    let mut decoys = appeared_from_nowhere(&before, player, &obs.puzzle.boulders, width);
    let d = t_index(&at, later);
    assert_eq!(decoys, vec![d]);
    // The hero stood on it (a level teleport can land one on a boulder): not a mimic.
    assert!(appeared_from_nowhere(&before, d, &obs.puzzle.boulders, width).is_empty());
    unmask_decoys(&mut obs, &mut decoys);
    assert!(!obs.puzzle.boulders.contains(&d));
    assert!(obs.puzzle.blocked.contains(&d) && obs.monsters.contains(&d));
    // Revealed: drawn as a monster now, no longer a decoy.
    set(&mut w, later, 'm');
    let mut obs = observe(&w, at).expect("a valid puzzle");
    unmask_decoys(&mut obs, &mut decoys);
    assert!(decoys.is_empty() && obs.puzzle.blocked.is_empty());
}

/// The decoys the `sokoban` node has found, as squares of its map.
fn decoys_found() -> Vec<usize> {
    NODES.with(|n| {
        let n = n.borrow();
        let decoys = n.blackboard.get::<Decoys>().cloned().unwrap_or_default();
        decoys.0.map(|(_, found)| found).unwrap_or_default()
    })
}

/// soko4-1 as seed 1's game had it near the end: three boulders left (two in the top-left
/// room's row 3, one in the bottom corridor at (3, 10), the hero east of it), the holes
/// (4, 6) and (5, 6) left open. `origin`: the map's corner on screen.
fn late_soko4_1(origin: Pos) -> World {
    let mut w = world_with_map("soko4-1", origin);
    let at = |(x, y): (i16, i16)| Pos::new(origin.x + x, origin.y + y);
    let stairs = w.player;
    set(&mut w, stairs, '>');
    let boulders = [
        (2, 2),
        (2, 3),
        (9, 3),
        (10, 4),
        (8, 7),
        (9, 8),
        (9, 9),
        (8, 10),
        (10, 10),
    ];
    let filled = [(3, 6), (2, 8), (2, 9), (4, 10), (5, 10), (6, 10), (7, 10)];
    for p in boulders.into_iter().chain(filled) {
        set(&mut w, at(p), '.');
    }
    for p in [(2, 3), (11, 3), (3, 10)] {
        set(&mut w, at(p), '0');
    }
    w.player = at((4, 10));
    let hero = w.player;
    set(&mut w, hero, '@');
    w
}

/// A mimic generated on a lower level poses as a boulder too (seed 1's bottom level: one came
/// into view in soko4-1's corner at (1, 6), the square every push into the last holes starts
/// from). Taken for a boulder it made the level dead and the node gave the level up (the
/// phase then left Sokoban); as the monster it is, it is planned around and hunted.
#[test]
fn a_boulder_that_appears_below_the_top_is_a_mimic_not_a_dead_level() {
    let origin = Pos::new(32, 5);
    let mut w = late_soko4_1(origin);
    let at = locate(&w.view, None).expect("soko4-1");
    let first = sokoban(&Params::default(), &w);
    let LeafOutcome::Act(Action::Move { dir: Dir::W }, why) = first else {
        panic!("{first:?}");
    };
    assert!(why.contains("pushing"), "{why}");
    // The push goes, and the mimic comes into view in the same turn.
    assert!(play_move(&mut w, Dir::W, &mut '.'));
    let corner = Pos::new(origin.x + 1, origin.y + 6);
    set(&mut w, corner, '0');
    // Taken for a boulder, nothing can fill the holes of row 6 any more.
    let taken_for_a_boulder = observe(&w, at).expect("valid").puzzle;
    assert_eq!(
        nhbot_sokoban::solve(&taken_for_a_boulder, Limits::in_game()).unwrap_err(),
        SolveError::Unsolvable { nodes: 0 }
    );
    let next = sokoban(&Params::default(), &w);
    assert_eq!(decoys_found(), vec![t_index(&at, corner)]);
    match next {
        LeafOutcome::Act(_, why) => assert!(!why.contains("given up"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// Below the top, a mimic that comes into view while other nodes act (a fight of fifty turns)
/// is still one boulder more than the node last saw, where no push explains it.
#[test]
fn a_mimic_that_appears_during_a_long_fight_below_the_top_is_found() {
    let origin = Pos::new(32, 5);
    let mut w = late_soko4_1(origin);
    let at = locate(&w.view, None).expect("soko4-1");
    assert!(matches!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(Action::Move { dir: Dir::W }, _)
    ));
    w.turn += 50;
    let corner = Pos::new(origin.x + 1, origin.y + 6);
    set(&mut w, corner, '0');
    let _ = sokoban(&Params::default(), &w);
    assert_eq!(decoys_found(), vec![t_index(&at, corner)]);
}

/// Below the top, boulders that appear several at once are a scroll of earth's, real ones: no
/// mimic, and the level they make dead is given up as before.
#[test]
fn boulders_dropped_by_a_scroll_of_earth_below_the_top_are_real() {
    let origin = Pos::new(32, 5);
    let mut w = late_soko4_1(origin);
    assert!(matches!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(Action::Move { dir: Dir::W }, _)
    ));
    // Round a reader standing at (2, 7): the corner (1, 6), (2, 6) and (1, 7).
    for (x, y) in [(1, 6), (2, 6), (1, 7)] {
        set(&mut w, Pos::new(origin.x + x, origin.y + y), '0');
    }
    let outcome = sokoban(&Params::default(), &w);
    assert!(decoys_found().is_empty(), "{:?}", decoys_found());
    match outcome {
        LeafOutcome::Act(_, why) => assert!(why.contains("given up"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// Below the top, a boulder that moved two squares between two of the node's decisions (two
/// pushes by other nodes within a turn) is no mimic: no boulder was added.
#[test]
fn two_pushes_between_decisions_below_the_top_are_no_mimic() {
    let origin = Pos::new(32, 5);
    let mut w = world_with_map("soko4-1", origin);
    let at = |x: i16, y: i16| Pos::new(origin.x + x, origin.y + y);
    assert!(matches!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(Action::Move { .. }, _)
    ));
    // (2, 2) pushed east twice, the hero from (1, 2) to (3, 2).
    let stairs = w.player;
    set(&mut w, stairs, '>');
    set(&mut w, at(2, 2), '.');
    set(&mut w, at(4, 2), '0');
    set(&mut w, at(3, 2), '@');
    w.player = at(3, 2);
    let _ = sokoban(&Params::default(), &w);
    assert!(decoys_found().is_empty(), "{:?}", decoys_found());
}

fn t_index(at: &Located, p: Pos) -> usize {
    at.index(p).expect("on the map")
}

/// Draws a monster `ch` on `p` and lists it in the world.
fn put_monster(w: &mut World, p: Pos, ch: char) {
    set(w, p, ch);
    w.monsters.push(Monster {
        pos: p,
        ch,
        ..Monster::default()
    });
}

/// The game's answer to a push `dir` that something behind the boulder stops.
fn refuse_push(w: &mut World, dir: Dir) {
    w.last_action = Some(Action::Move { dir });
    w.messages = vec!["You try to move the boulder, but in vain.".into()];
}

/// soko4-1 with one boulder left for its eight holes and pits: no push can finish it.
fn dead_soko4_1() -> World {
    let mut w = world_with_map("soko4-1", Pos::new(30, 4));
    let at = locate(&w.view, None).expect("soko4-1");
    let boulders: Vec<usize> = observe(&w, at).expect("valid").puzzle.boulders;
    for &b in &boulders[1..] {
        set(&mut w, at.pos(b), '.');
    }
    w
}

/// Lets the node play `name` on the fake screen; returns the moves taken before it climbed,
/// the doors kicked and the decisions spent waiting for the solver.
/// Doors are locked: the first try to open one says so, a kick then breaks it. A step onto a
/// scroll, or a look there, says so; a pickup takes it (counted as the fourth number).
fn solve_on_screen(name: &str) -> (usize, usize, usize, usize) {
    let mut w = world_with_map(name, Pos::new(30, 3));
    let mut under = '>';
    let mut doors = Vec::new();
    let (mut kicks, mut waits, mut scrolls) = (0, 0, 0);
    let mut said: Vec<String> = Vec::new();
    let scroll_here = "You see here a scroll labeled ELBIB YLOH.";
    for n in 0..3000 {
        let mut messages = std::mem::take(&mut said);
        messages.extend(
            doors
                .last()
                .map(|_: &Dir| "This door is locked.".to_string()),
        );
        // The level model too (the walk to the scrolls paths over it).
        let messages: Vec<&str> = messages.iter().map(String::as_str).collect();
        observe_screen(&mut w, &messages);
        match sokoban(&Params::default(), &w) {
            LeafOutcome::Act(Action::Open { dir }, _) => {
                assert!(
                    doors.is_empty(),
                    "opens again after learning the door is locked"
                );
                doors.push(dir);
            }
            LeafOutcome::Act(Action::Kick { dir }, _) => {
                assert_eq!(doors.pop(), Some(dir), "kicks the door it tried to open");
                let door = dir.step(w.player);
                assert_eq!(get(&w, door), '+');
                set(&mut w, door, '.'); // WHAMM! the door crashes open
                kicks += 1;
            }
            LeafOutcome::Act(Action::Ascend, _) => {
                assert_eq!(under, '<', "climbs only from the up stairs");
                return (n, kicks, waits, scrolls);
            }
            LeafOutcome::Act(Action::Search { .. }, why) if why.contains("solving the level") => {
                waits += 1;
            }
            LeafOutcome::Act(Action::Keys { keys }, _) if keys == ":" => {
                said.push(if under == '?' {
                    scroll_here.into()
                } else {
                    "You see no objects here.".into()
                });
            }
            LeafOutcome::Act(
                Action::Pickup {
                    what: nhbot_world::Pick::All,
                },
                _,
            ) => {
                assert_eq!(under, '?', "picks up only where a scroll lies");
                under = '.';
                scrolls += 1;
            }
            LeafOutcome::Act(Action::Move { dir }, why) => {
                assert!(
                    play_move(&mut w, dir, &mut under),
                    "illegal move {dir:?} ({why}) at {n}"
                );
                if under == '?' {
                    said.push(scroll_here.into());
                }
            }
            other => panic!("unexpected {other:?} at move {n}"),
        }
    }
    panic!("{name} not solved in 3000 moves");
}

#[test]
fn plays_both_bottom_levels_and_a_locked_door_level_to_the_up_stairs() {
    for name in ["soko4-1", "soko4-2", "soko2-2"] {
        let (moves, kicks, _, scrolls) = solve_on_screen(name);
        assert!(moves > 50, "{name} took only {moves} moves");
        // soko2-2's up stairs lie behind its locked door.
        assert_eq!(kicks, usize::from(name == "soko2-2"), "{name}");
        // The bottom levels' two scrolls of earth are fetched on the way.
        let bottom = name.starts_with("soko4");
        assert_eq!(scrolls, if bottom { 2 } else { 0 }, "{name}");
    }
}

/// soko3-2 needs about 170k states (2 s in release): the node keeps deciding meanwhile
/// (waiting in place, one turn per [`SLICE`] states), then plays the plan through; the
/// number of waits follows from the state count, not the clock.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a 2 s solve in release is minutes unoptimised"
)]
fn a_long_solve_runs_in_the_background_while_the_bot_waits() {
    let (moves, _, waits, _) = solve_on_screen("soko3-2");
    assert!(moves > 50, "took only {moves} moves");
    let start = &nhbot_sokoban::bench::nethack_maps()[3];
    assert_eq!(start.title, "soko3-2");
    let states = nhbot_sokoban::solve(start, Limits::in_game())
        .expect("solvable")
        .nodes;
    assert_eq!(waits, states.div_ceil(SLICE) - 1, "{states} states");
}

/// The wait on background solves is bounded by `solve_wait`, counted over one arrangement of
/// boulders wherever the hero stands (the rest of the tree may walk it elsewhere, and each
/// square starts a solve of its own). soko4-1 with a boulder the map does not have at (2, 1)
/// takes about 113,000 states to solve (6 decisions); with a budget of 3 the node waits 3
/// decisions, from two squares, then gives the level up and heads down its `>`.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a 1 s solve in release is a minute unoptimised"
)]
fn the_wait_on_a_background_solve_ends_with_the_level_given_up() {
    let leaf = || SokobanLeaf {
        solve_wait: 3,
        ..SokobanLeaf::default()
    };
    let origin = Pos::new(30, 3);
    let mut w = world_with_map("soko4-1", origin);
    set(&mut w, Pos::new(origin.x + 2, origin.y + 1), '0');
    let mut under = '>';
    let mut waited = Vec::new();
    for n in 0..3 {
        if n == 2 {
            // Another node walks the hero a step north, off the stairs.
            assert!(play_move(&mut w, Dir::N, &mut under));
        }
        match tick_node(leaf(), |n| &mut n.sokoban, &w) {
            LeafOutcome::Act(Action::Search { count: 1 }, why) if why.contains("solving") => {
                waited.push(why)
            }
            other => panic!("{other:?} at {n}"),
        }
    }
    assert!(waited[2].contains("waited 3 of 3 decisions"), "{waited:?}");
    // Out of budget: the level is given up, and stays given up.
    for _ in 0..2 {
        match tick_node(leaf(), |n| &mut n.sokoban, &w) {
            LeafOutcome::Act(Action::Move { dir: Dir::S }, why) => assert!(
                why.contains("given up (no plan after 3 decisions waiting on the solver)"),
                "{why}"
            ),
            other => panic!("{other:?}"),
        }
    }
    assert!(play_move(&mut w, Dir::S, &mut under));
    assert!(matches!(
        tick_node(leaf(), |n| &mut n.sokoban, &w),
        LeafOutcome::Act(Action::Descend, _)
    ));
}

/// An unseen obstacle behind every boulder (attacks find nothing): after a few hunts and a
/// while of waiting the level is given up (the node fails and the rest of the tree takes
/// over) instead of waiting for ever.
#[test]
fn a_boulder_that_never_moves_makes_the_node_give_the_level_up() {
    let mut w = world_with_map("soko2-1", Pos::new(31, 4));
    let stairs = w.player;
    let mut under = '>';
    let mut blocked: Option<Dir> = None;
    let mut pushes = 0;
    for n in 0..2000 {
        let outcome = sokoban(&Params::default(), &w);
        w.messages.clear();
        match outcome {
            LeafOutcome::Failure => {
                assert!(blocked.is_some(), "gave up before any push failed");
                // This fake world has no map for the way back (so the node fails); on the
                // down stairs, it leaves the level it gave up.
                let here = w.player;
                set(&mut w, here, under);
                w.player = stairs;
                set(&mut w, stairs, '@');
                let leave = sokoban(&Params::default(), &w);
                assert!(
                    matches!(leave, LeafOutcome::Act(Action::Descend, _)),
                    "{leave:?}"
                );
                return;
            }
            // The first push goes through; every later one fails, as with a monster behind
            // every boulder.
            LeafOutcome::Act(Action::Move { dir }, why)
                if why.contains("pushing") && pushes > 0 =>
            {
                w.last_action = Some(Action::Move { dir });
                w.messages = vec!["You hear a monster behind the boulder.".into()];
                blocked = Some(dir);
            }
            LeafOutcome::Act(Action::Move { dir }, why) => {
                pushes += usize::from(why.contains("pushing"));
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
            }
            LeafOutcome::Act(Action::Search { .. } | Action::Fight { .. }, _) => {}
            other => panic!("unexpected {other:?} at {n}"),
        }
    }
    panic!("still waiting after 2000 decisions");
}

#[test]
fn a_boulder_that_will_not_move_is_planned_around_or_waited_for() {
    let mut w = world_with_map("soko4-2", Pos::new(33, 6));
    let mut under = '>';
    // Play until the first push, then make it fail as the game would.
    for _ in 0..200 {
        let outcome = sokoban(&Params::default(), &w);
        if matches!(&outcome, LeafOutcome::Act(Action::Search { .. }, why) if why.contains("solving the level"))
        {
            continue; // unoptimised builds solve slowly
        }
        let LeafOutcome::Act(Action::Move { dir }, why) = outcome else {
            panic!("expected a move");
        };
        if !why.contains("pushing") {
            assert!(play_move(&mut w, dir, &mut under));
            continue;
        }
        w.last_action = Some(Action::Move { dir });
        w.messages = vec!["You try to move the boulder, but in vain.".into()];
        let LeafOutcome::Act(Action::Search { count: 1 }, reason) = sokoban(&Params::default(), &w)
        else {
            panic!("a failed push is not repeated at once");
        };
        w.messages.clear();
        if reason.contains("planned around") {
            // The new plan does not push that boulder that way first.
            let again = sokoban(&Params::default(), &w);
            assert_ne!(again, LeafOutcome::Act(Action::Move { dir }, why.clone()));
        } else {
            assert!(reason.contains("no other way"), "{reason}");
        }
        return;
    }
    panic!("no push in 200 moves");
}

#[test]
fn monsters_in_the_way_are_swapped_fought_or_waited_for() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    let LeafOutcome::Act(Action::Move { dir }, _) = sokoban(&Params::default(), &w) else {
        panic!("expected a first move");
    };
    let ahead = dir.step(w.player);
    let keep = get(&w, ahead);
    set(&mut w, ahead, 'd');
    let mut pet = Monster {
        pos: ahead,
        ch: 'd',
        tame: true,
        ..Monster::default()
    };
    w.monsters = vec![pet.clone()];
    assert_eq!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(Action::Move { dir }, format!("soko4-1: walking {dir:?}"))
    );
    pet.tame = false;
    pet.peaceful = Some(true);
    w.monsters = vec![pet];
    assert!(matches!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(Action::Search { count: 1 }, _)
    ));
    // A hostile jackal (yellowish brown `d`) is fought.
    let jackal = Monster {
        pos: ahead,
        ch: 'd',
        color: 3,
        ..Monster::default()
    };
    w.monsters = vec![jackal];
    match sokoban(&Params::default(), &w) {
        LeafOutcome::Act(Action::Fight { dir: d } | Action::Move { dir: d }, why) => {
            assert!(d == dir && why.contains("attacking `d`"), "{why}")
        }
        other => panic!("a jackal in the way: {other:?}"),
    }
    set(&mut w, ahead, keep);
}

/// A floating eye (blue `e`) in the way is never hit: hitting it freezes the hero (survey seed
/// 10 died so). It is scared off instead: a look here (free), Elbereth engraved, then a rest
/// on it while it flees.
#[test]
fn a_floating_eye_in_the_way_is_scared_off_not_hit() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    let LeafOutcome::Act(Action::Move { dir }, _) = sokoban(&Params::default(), &w) else {
        panic!("expected a first move");
    };
    let ahead = dir.step(w.player);
    w.monsters = vec![Monster {
        pos: ahead,
        ch: 'e',
        color: 4,
        ..Monster::default()
    }];
    set(&mut w, ahead, 'e');
    let mut seen = Vec::new();
    for (turn, messages) in [
        (10, vec![]),
        (10, vec!["You see no objects here."]),
        (11, vec![]),
        (
            11,
            vec![
                "Something is written here in the dust.",
                "You read: \"Elbereth\".",
            ],
        ),
    ] {
        w.turn = turn;
        w.decisions += 1;
        w.messages = messages.iter().map(|m| m.to_string()).collect();
        match sokoban(&Params::default(), &w) {
            LeafOutcome::Act(a @ (Action::Keys { .. } | Action::Engrave { .. }), why)
            | LeafOutcome::Act(a @ Action::Search { .. }, why) => {
                assert!(why.contains("floating eye"), "{why}");
                seen.push(a);
            }
            other => panic!("a floating eye in the way: {other:?}"),
        }
    }
    assert!(
        seen.contains(&Action::Engrave {
            text: "Elbereth".into(),
            with: None,
        }),
        "{seen:?}"
    );
    assert_eq!(
        seen.last(),
        Some(&Action::Search { count: 1 }),
        "rests on it"
    );
}

#[test]
fn an_unseen_attacker_is_struck_back_at() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    let north = Dir::N.step(w.player); // floor above soko4-1's `>`
    set(&mut w, north, 'I');
    w.monsters = vec![Monster {
        pos: north,
        ch: 'I',
        ..Monster::default()
    }];
    w.messages = vec!["It hits!".into()];
    assert_eq!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(
            Action::Fight { dir: Dir::N },
            "soko4-1: striking back at `I`".into()
        )
    );
}

#[test]
fn a_level_above_we_came_back_from_is_not_climbed_again() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    w.status.dlvl = 8;
    assert!(matches!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(..)
    ));
    w.dungeon
        .levels
        .push(nhbot_world::Level::new(nhbot_world::Branch::Sokoban, 7));
    assert_eq!(sokoban(&Params::default(), &w), LeafOutcome::Failure);
}

/// A hostile drawn behind the boulder the plan pushes: the node walks round the boulder
/// (never pushing another), attacks it, and once it is gone pushes on.
#[test]
fn a_monster_behind_a_boulder_is_gone_round_and_attacked() {
    let mut w = world_with_map("soko4-2", Pos::new(20, 8));
    let mut under = '>';
    let mut target = None;
    let mut attacks = 0;
    for n in 0..600 {
        let outcome = sokoban(&Params::default(), &w);
        w.messages.clear();
        match outcome {
            LeafOutcome::Act(Action::Move { dir }, why) if why.contains("pushing") => {
                if target.is_none() {
                    // A jackal sits beyond the first boulder pushed: the push fails.
                    let beyond = dir.step(dir.step(w.player));
                    if get(&w, beyond) == '.' {
                        put_monster(&mut w, beyond, 'd');
                        target = Some(beyond);
                        refuse_push(&mut w, dir);
                        continue;
                    }
                }
                if target.is_some() && attacks > 0 {
                    return; // pushing again after the kill
                }
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
            }
            // Our own attack, or the tactics' (a move into a hostile next to us attacks it).
            LeafOutcome::Act(Action::Fight { dir } | Action::Move { dir }, why)
                if why.contains("attacking") =>
            {
                let t = target.expect("attacks only after the jackal appeared");
                assert_eq!(dir.step(w.player), t, "{why}");
                attacks += 1;
                set(&mut w, t, '.'); // killed
                w.monsters.clear();
                w.messages = vec!["You kill the jackal!".into()];
            }
            LeafOutcome::Act(Action::Move { dir }, why) => {
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
            }
            LeafOutcome::Act(Action::Search { .. }, _) => {}
            other => panic!("unexpected {other:?} at {n}"),
        }
    }
    panic!("never attacked the monster behind the boulder (attacks: {attacks})");
}

/// A monster behind the boulder slips away when attacked (thin air): the node does not push
/// on after it (that shuts a monster that will not step on a hole into the boulder's lane for
/// good) but waits beside the boulder, and attacks it when it comes back.
#[test]
fn a_monster_that_slips_away_from_behind_a_boulder_is_waited_for() {
    let mut w = world_with_map("soko4-2", Pos::new(20, 8));
    let mut under = '>';
    let mut target = None;
    let (mut slipped, mut returned) = (false, false);
    let (mut waits, mut empty_attacks) = (0, 0);
    for n in 0..600 {
        let outcome = sokoban(&Params::default(), &w);
        w.messages.clear();
        match outcome {
            LeafOutcome::Act(Action::Move { dir }, why) if why.contains("pushing") => {
                assert!(
                    !slipped,
                    "pushed on after the monster slipped away ({why} at {n})"
                );
                let beyond = dir.step(dir.step(w.player));
                if target.is_none() && get(&w, beyond) == '.' {
                    put_monster(&mut w, beyond, 'd');
                    target = Some(beyond);
                    refuse_push(&mut w, dir);
                    continue;
                }
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
            }
            // Our own attack, or the tactics' (a move into a hostile next to us attacks it).
            LeafOutcome::Act(Action::Fight { dir } | Action::Move { dir }, why)
                if why.contains("attacking") =>
            {
                let t = target.expect("attacks only after the jackal appeared");
                assert_eq!(dir.step(w.player), t, "{why}");
                if returned {
                    return; // it came back and was attacked again
                }
                if slipped {
                    empty_attacks += 1;
                    assert!(empty_attacks <= 2, "kept attacking the empty square");
                }
                slipped = true;
                set(&mut w, t, '.');
                w.monsters.clear();
                w.messages = vec!["You attack thin air.".into()];
            }
            LeafOutcome::Act(Action::Search { .. }, why) if slipped => {
                assert!(why.contains("slipped away"), "{why}");
                waits += 1;
                if waits == 5 {
                    // Back on the square it left, next to us.
                    put_monster(&mut w, target.expect("set"), 'd');
                    returned = true;
                }
            }
            LeafOutcome::Act(Action::Move { dir }, why) => {
                assert!(
                    !slipped,
                    "walked off after the monster slipped away ({why})"
                );
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
            }
            LeafOutcome::Act(Action::Search { .. }, _) => {}
            other => panic!("unexpected {other:?} at {n}"),
        }
    }
    panic!("the monster was never attacked again (waits: {waits})");
}

/// A level no push can finish any more with nothing but boulders in the way (a monster's
/// scroll of earth dropped a ring of boulders in seed 22) is given up at once: the node
/// takes the down stairs instead of failing for the rest of the tree to wander there.
#[test]
fn a_level_proven_dead_is_left_at_once() {
    let w = dead_soko4_1();
    for n in 0..50 {
        match sokoban(&Params::default(), &w) {
            LeafOutcome::Act(Action::Search { .. }, why) if why.contains("solving") => {}
            LeafOutcome::Act(Action::Descend, why) => {
                assert!(why.contains("given up"), "{why}");
                return;
            }
            other => panic!("{other:?} at {n}"),
        }
    }
    panic!("still on the dead level");
}

/// The log line that gives a level up says why its start is dead, when no state was stored.
#[test]
fn a_dead_start_gives_its_reason() {
    let w = dead_soko4_1();
    let at = locate(&w.view, None).expect("soko4-1");
    let puzzle = observe(&w, at).expect("valid").puzzle;
    let dead = nhbot_sokoban::solve(&puzzle, Limits::in_game()).unwrap_err();
    assert_eq!(dead, SolveError::Unsolvable { nodes: 0 });
    let why = dead_start(&puzzle, &dead).expect("a reason");
    assert!(why.contains("hole of their own"), "{why}");
    // A search that ran (or was cut short) has no single reason to give.
    let cut = SolveError::LimitHit {
        nodes: 10,
        millis: 1,
    };
    assert_eq!(dead_start(&puzzle, &cut), None);
}

/// On a level given up, a way to the down stairs that boulders wall off (this fake world has
/// no map to walk by at all) is found by the solver, pushes included, and followed.
#[test]
fn a_level_given_up_is_left_even_when_boulders_wall_off_the_stairs() {
    let mut w = dead_soko4_1();
    // Away from the stairs, across the room, with a boulder in the stairs' doorway.
    let stairs = w.player;
    set(&mut w, stairs, '>');
    set(&mut w, Pos::new(stairs.x, stairs.y - 1), '0');
    let start = Pos::new(stairs.x - 4, stairs.y - 1);
    w.player = start;
    set(&mut w, start, '@');
    let mut under = '.';
    let (mut moves, mut pushes) = (0, 0);
    for n in 0..100 {
        match sokoban(&Params::default(), &w) {
            LeafOutcome::Act(Action::Search { .. }, why) if why.contains("solving") => {}
            LeafOutcome::Act(Action::Move { dir }, why) => {
                assert!(why.contains("making a way out"), "{why}");
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
                moves += 1;
                pushes += usize::from(why.contains("pushing"));
            }
            LeafOutcome::Act(Action::Descend, why) => {
                assert_eq!(w.player, stairs, "{why}");
                assert!(moves > 0 && pushes > 0, "{moves} moves, {pushes} pushes");
                return;
            }
            other => panic!("{other:?} at {n}"),
        }
    }
    panic!("never reached the down stairs");
}

/// On a level given up, a floating eye in the only way to the down stairs is neither hit nor
/// waited for without end: no way out, and the rest of the tree acts (survey seed 9 waited
/// 2,000 decisions).
#[test]
fn a_floating_eye_in_the_way_out_leaves_the_way_out_to_the_rest_of_the_tree() {
    let mut w = dead_soko4_1();
    let at = locate(&w.view, None).expect("soko4-1");
    let width = at.template().width;
    let stairs = w.player;
    set(&mut w, stairs, '>');
    // The one gap between the right-hand room and the stairs' part of the level.
    let gap = at.pos(5 * width + 10);
    assert_eq!(get(&w, gap), '.');
    set(&mut w, gap, 'e');
    w.monsters = vec![Monster {
        pos: gap,
        ch: 'e',
        color: 4,
        ..Monster::default()
    }];
    let start = at.pos(7 * width + 10);
    w.player = start;
    set(&mut w, start, '@');
    for n in 0..20 {
        match sokoban(&Params::default(), &w) {
            LeafOutcome::Act(Action::Search { .. }, why) if why.contains("solving") => {}
            LeafOutcome::Failure => return,
            other => panic!("{other:?} at {n}"),
        }
    }
    panic!("still deciding about the way out");
}

/// A giant mimic behind the boulder is no fight for an XL1 hero: the node does not go round
/// to it (seed 7's top level: it did, and the hero died), it plans around or waits.
#[test]
fn a_monster_that_would_win_is_not_hunted() {
    let mut w = world_with_map("soko4-2", Pos::new(20, 8));
    let mut under = '>';
    let mut target = None;
    let mut after = 0;
    for n in 0..600 {
        let outcome = sokoban(&Params::default(), &w);
        w.messages.clear();
        if target.is_some() {
            after += 1;
            if after > 40 {
                return;
            }
        }
        match outcome {
            LeafOutcome::Act(_, why) if why.contains("monster behind the boulder") => {
                assert!(
                    !why.contains("going round") && !why.contains("attacking"),
                    "{why}"
                );
            }
            LeafOutcome::Act(Action::Move { dir }, why) if why.contains("pushing") => {
                let beyond = dir.step(dir.step(w.player));
                if target.is_none() && get(&w, beyond) == '.' {
                    put_monster(&mut w, beyond, 'm');
                    target = Some(beyond);
                    refuse_push(&mut w, dir);
                    continue;
                }
                if target.is_some_and(|t| t == beyond) {
                    refuse_push(&mut w, dir);
                    continue;
                }
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
            }
            LeafOutcome::Act(Action::Move { dir }, why) => {
                assert!(!why.contains("going round"), "{why}");
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
            }
            LeafOutcome::Act(Action::Fight { .. } | Action::Throw { .. }, why) => {
                panic!("went for the giant mimic: {why}")
            }
            LeafOutcome::Act(Action::Search { .. }, _) | LeafOutcome::Failure => {}
            other => panic!("unexpected {other:?} at {n}"),
        }
    }
    panic!("no boulder was pushed towards the mimic");
}

/// The top level with every hole filled is done: the node leaves the bot to the rest of the
/// tree wherever it stands, rather than walking it back to the far end of the corridor.
#[test]
fn a_top_level_with_its_holes_filled_is_done() {
    let mut w = world_with_map("soko1-1", Pos::new(27, 3));
    let at = locate(&w.view, None).expect("soko1-1");
    assert!(
        !matches!(sokoban(&Params::default(), &w), LeafOutcome::Failure),
        "holes open: the node plays"
    );
    let holes: Vec<usize> = (0..at.template().width * at.template().height)
        .filter(|&i| at.template().char_at(i) == '^')
        .collect();
    for &h in &holes {
        set(&mut w, at.pos(h), '.');
    }
    assert_eq!(sokoban(&Params::default(), &w), LeafOutcome::Failure);
}

/// Standing past the top level's holes is as good as having filled them: the node leaves
/// the bot to the rest of the tree (the prize closets) instead of walking it back to the
/// corridor's end.
#[test]
fn a_top_level_is_done_once_we_stand_past_its_holes() {
    let mut w = world_with_map("soko1-1", Pos::new(27, 3));
    let at = locate(&w.view, None).expect("soko1-1");
    let start = w.player;
    set(&mut w, start, '>');
    // Down the corridor on the far side of the hole line, holes still open.
    let past = at.pos(5 * at.template().width + 24);
    w.player = past;
    set(&mut w, past, '@');
    assert_eq!(sokoban(&Params::default(), &w), LeafOutcome::Failure);
}

/// The world model (level, monsters, messages) the agent would build from the fake screen,
/// one turn on.
fn observe_screen(w: &mut World, messages: &[&str]) {
    let mut status = w.status.clone();
    status.dlvl = 2;
    status.level_name = "Dlvl:2".into();
    status.turn = Some(w.turn + 1);
    let map = w.view.cells.clone();
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    let player = w.player;
    w.observe(nhbot_world::Observation {
        map: &map,
        player: Some(player),
        status: Some(&status),
        messages: &messages,
        cursor_on_map: true,
    });
}

/// A solved top level: the bot walks from its `>` to the closets behind the zoo, kicks the
/// zoo's locked door, opens the closet doors, looks at the empty closets and picks up the
/// prize, then the leaf is done.
#[test]
fn the_prize_is_fetched_from_the_closets_of_a_solved_top_level() {
    fetch_the_prize(sokoban_prize, false);
}

/// With `wear_amulet`, the amulet just taken is put on, once, and the leaf is done.
#[test]
fn the_prize_amulet_is_put_on_with_wear_amulet() {
    fetch_the_prize(sokoban_prize_worn, true);
}

/// The prize hunt of [`the_prize_is_fetched_from_the_closets_of_a_solved_top_level`], played by
/// `leaf`; `worn`: whether the amulet taken must be put on before the leaf is done.
fn fetch_the_prize(leaf: fn(&Params, &World) -> LeafOutcome, worn: bool) {
    let origin = Pos::new(27, 3);
    let mut w = world_with_map("soko1-1", origin);
    let at = locate(&w.view, None).expect("soko1-1");
    let t = at.template();
    let squares = |ch: char| -> Vec<Pos> {
        (0..t.width * t.height)
            .filter(|&i| t.char_at(i) == ch)
            .map(|i| at.pos(i))
            .collect()
    };
    for hole in squares('^') {
        set(&mut w, hole, '.');
    }
    let closets = squares('*');
    for &c in &closets {
        set(&mut w, c, '.');
    }
    // The prize lies in the last closet the bot will try (the farthest from the zoo door).
    let prize = closets[0];
    set(&mut w, prize, '"');
    // An amulet is drawn in its metal's colour (cyan); a grey `"` is a web, a trap no path
    // steps on.
    w.view.cells[prize.y as usize * COLS + prize.x as usize].fg = 6;
    let zoo_door = Pos::new(origin.x + 23, origin.y + 13);
    let mut under = '>';
    let mut messages: Vec<&str> = Vec::new();
    let (mut kicked, mut opened, mut looked, mut put_on) = (false, 0, 0, 0);
    let mut picked_up = false;
    for n in 0..400 {
        observe_screen(&mut w, &messages);
        messages.clear();
        assert_eq!(
            sokoban(&Params::default(), &w),
            LeafOutcome::Failure,
            "a solved top level is done at {n}"
        );
        let outcome = leaf(&Params::default(), &w);
        let LeafOutcome::Act(action, why) = outcome else {
            assert!(under != '"', "stopped on the prize: {outcome:?}");
            assert!(
                kicked && opened == 3 && looked >= 1,
                "{kicked} {opened} {looked}"
            );
            assert!(picked_up, "the hunt ended without the prize");
            assert_eq!(put_on, u32::from(worn), "amulet put on");
            return;
        };
        w.observe(&action);
        match action {
            Action::Move { dir } => {
                assert!(play_move(&mut w, dir, &mut under), "{why} at {n}");
                if under == '"' {
                    messages.push("There are several objects here.");
                }
            }
            Action::Travel { to } => {
                let (from, landing) = (w.player, get(&w, to));
                set(&mut w, from, std::mem::replace(&mut under, landing));
                set(&mut w, to, '@');
                w.player = to;
            }
            Action::Open { dir } => {
                let door = dir.step(w.player);
                if door == zoo_door {
                    messages.push("This door is locked.");
                } else {
                    set(&mut w, door, '.');
                    opened += 1;
                    messages.push("The door opens.");
                }
            }
            Action::Kick { dir } => {
                let door = dir.step(w.player);
                assert_eq!(door, zoo_door, "{why}");
                set(&mut w, door, '.');
                kicked = true;
                opened += 1;
                messages.push("WHAMM!!");
            }
            Action::Keys { keys } if keys == ":" => {
                assert!(closets.contains(&w.player), "{why}");
                looked += 1;
                messages.push("You see no objects here.");
            }
            Action::Pickup { .. } => {
                assert_eq!(w.player, prize, "{why}");
                under = '.';
                picked_up = true;
                messages.push("q - a circular amulet.");
            }
            Action::PutOn { item } => {
                assert!(worn, "put on without wear_amulet: {why}");
                assert_eq!(item, 'q', "{why}");
                put_on += 1;
                messages.push("q - a circular amulet (being worn).");
            }
            other => panic!("unexpected {other:?} ({why}) at {n}"),
        }
    }
    panic!("the prize was never picked up");
}

/// A "boulder" past the top level's holes is a giant mimic (no push can bring a boulder
/// there): the prize hunt goes at it instead of finding no way (seed 12: one in the corridor
/// to the zoo).
#[test]
fn a_boulder_in_the_prize_corridor_is_gone_through_as_a_mimic() {
    let origin = Pos::new(27, 3);
    let mut w = world_with_map("soko1-1", origin);
    let at = locate(&w.view, None).expect("soko1-1");
    let t = at.template();
    let past = t.past_the_holes();
    let sq = |x: usize, y: usize| y * t.width + x;
    assert!(past.contains(&sq(24, 1)) && past.contains(&sq(24, 13)) && past.contains(&sq(16, 11)));
    assert!(!past.contains(&sq(23, 1)) && !past.contains(&sq(7, 1)) && !past.contains(&sq(7, 5)));
    for i in 0..t.width * t.height {
        if matches!(t.char_at(i), '^' | '*') {
            set(&mut w, at.pos(i), '.');
        }
    }
    let start = w.player;
    set(&mut w, start, '>');
    let here = at.pos(sq(24, 11));
    w.player = here;
    set(&mut w, here, '@');
    set(&mut w, at.pos(sq(24, 12)), '0');
    observe_screen(&mut w, &[]);
    match sokoban_prize(&Params::default(), &w) {
        LeafOutcome::Act(Action::Move { dir: Dir::S }, why) => {
            assert!(why.contains("prize closet"), "{why}")
        }
        other => panic!("{other:?}"),
    }
}

/// Solved soko1-1 (holes and closets cleared), the bot in the one-square corridor to the zoo
/// and `monster` (`ch`, named `name`, peaceful or not) on the square below it: where the
/// prize hunt must step next.
fn prize_corridor_with(ch: char, name: &str, peaceful: bool) -> (World, Pos) {
    let origin = Pos::new(27, 3);
    let mut w = world_with_map("soko1-1", origin);
    let at = locate(&w.view, None).expect("soko1-1");
    let t = at.template();
    for i in 0..t.width * t.height {
        if matches!(t.char_at(i), '^' | '*') {
            set(&mut w, at.pos(i), '.');
        }
    }
    let start = w.player;
    set(&mut w, start, '>');
    let here = at.pos(5 * t.width + 24);
    let below = at.pos(6 * t.width + 24);
    w.player = here;
    set(&mut w, here, '@');
    set(&mut w, below, ch);
    observe_screen(&mut w, &[]);
    w.observe(nhbot_world::Event::Farlook {
        at: below,
        answer: &nhbot_world::Farlook {
            name: name.into(),
            peaceful,
            tame: false,
            statue: false,
        },
    });
    (w, below)
}

/// With the monster on `below` gone, the prize hunt steps on south.
fn goes_on_once_it_has_moved(w: &mut World, below: Pos) {
    set(w, below, '.');
    observe_screen(w, &[]);
    assert!(matches!(
        sokoban_prize(&Params::default(), w),
        LeafOutcome::Act(Action::Move { dir: Dir::S }, _)
    ));
}

/// A peaceful monster in the one-square corridor to the zoo is waited for, not walked into
/// nor given up on (seed 8: the bot left the level instead).
#[test]
fn the_prize_hunt_waits_for_a_peaceful_monster_in_the_way() {
    let (mut w, below) = prize_corridor_with('f', "kitten", true);
    match sokoban_prize(&Params::default(), &w) {
        LeafOutcome::Act(Action::Search { .. }, why) => assert!(why.contains("peaceful"), "{why}"),
        other => panic!("{other:?}"),
    }
    goes_on_once_it_has_moved(&mut w, below);
}

/// A floating eye in the corridor to the zoo is never walked into on the way to the prize (a
/// real game froze the hero on it, after all 16 holes): the hunt waits, and goes on once it
/// has moved.
#[test]
fn the_prize_hunt_never_walks_into_a_floating_eye() {
    let (mut w, below) = prize_corridor_with('e', "floating eye", false);
    match sokoban_prize(&Params::default(), &w) {
        LeafOutcome::Act(Action::Search { .. }, why) => {
            assert!(why.contains("not to hit"), "{why}")
        }
        other => panic!("{other:?}"),
    }
    goes_on_once_it_has_moved(&mut w, below);
}

#[test]
fn nothing_is_pushed_while_hallucinating() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    // The boulders show as random objects, as they do while hallucinating.
    for i in 0..w.view.cells.len() {
        if w.view.cells[i].ch == '0' {
            w.view.cells[i].ch = ')';
        }
    }
    w.status.conditions.push(Condition::Hallu);
    match sokoban(&Params::default(), &w) {
        LeafOutcome::Act(Action::Search { .. }, why) => {
            assert!(why.contains("hallucinating"), "{why}")
        }
        other => panic!("expected a wait, got {other:?}"),
    }
    // Clear-headed, the same screen is read as it is (no boulders: a level proven dead).
    w.status.conditions.clear();
    assert!(!matches!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(_, why) if why.contains("hallucinating")
    ));
}

/// Blind, pushes go unseen: the node waits to see again (survey seed 7 pushed on blind and
/// gave a solvable level up).
#[test]
fn nothing_is_pushed_while_blind() {
    let mut w = world_with_map("soko4-1", Pos::new(32, 5));
    assert!(matches!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(Action::Move { .. }, _)
    ));
    w.status.conditions.push(Condition::Blind);
    match sokoban(&Params::default(), &w) {
        LeafOutcome::Act(Action::Search { .. }, why) => assert!(why.contains("blind"), "{why}"),
        other => panic!("expected a wait, got {other:?}"),
    }
}

#[test]
fn a_retreat_goes_to_the_farthest_square_within_its_steps() {
    // A corridor 12 long (a wall at each end), from its second square: the farthest
    // square within the steps is that many along.
    let walkable = |n: usize| (1..=12).contains(&n);
    assert_eq!(
        farthest_within(14, 14, 2, walkable),
        Some((2 + RETREAT_STEPS as usize, RETREAT_STEPS))
    );
    // Walled in: nowhere to go.
    assert_eq!(farthest_within(14, 14, 2, |n| n == 2), None);
}

/// The bottom level's scrolls of earth: out of reach behind the pits the node plays on; once
/// a walk reaches them it fetches and picks up each (a monster reading one drops boulders).
#[test]
fn the_scrolls_of_earth_are_fetched_once_a_walk_reaches_them() {
    let origin = Pos::new(32, 5);
    let mut w = world_with_map("soko4-1", origin);
    observe_screen(&mut w, &[]);
    match sokoban(&Params::default(), &w) {
        LeafOutcome::Act(_, why) => assert!(!why.contains("scroll"), "{why}"),
        other => panic!("{other:?}"),
    }
    let at = locate(&w.view, None).expect("soko4-1");
    let t = at.template();
    // The row of pits before the scrolls filled, the boulder past them gone.
    for x in 4..=8 {
        set(&mut w, at.pos(10 * t.width + x), '.');
    }
    let start = w.player;
    set(&mut w, start, '>');
    let near = at.pos(10 * t.width + 6);
    w.player = near;
    set(&mut w, near, '@');
    observe_screen(&mut w, &[]);
    match sokoban(&Params::default(), &w) {
        LeafOutcome::Act(Action::Move { .. } | Action::Travel { .. }, why) => {
            assert!(why.contains("scrolls of earth"), "{why}")
        }
        other => panic!("{other:?}"),
    }
    // On the first scroll: picked up; then the second is gone to.
    let first = at.pos(11 * t.width + 3);
    set(&mut w, near, '.');
    w.player = first;
    set(&mut w, first, '@');
    observe_screen(&mut w, &["You see here a scroll labeled ELBIB YLOH."]);
    assert_eq!(
        sokoban(&Params::default(), &w),
        LeafOutcome::Act(
            Action::Pickup {
                what: nhbot_world::Pick::All
            },
            "soko4-1: picking up the scroll of earth".into()
        )
    );
    observe_screen(&mut w, &["q - a scroll labeled ELBIB YLOH."]);
    match sokoban(&Params::default(), &w) {
        LeafOutcome::Act(Action::Move { dir: Dir::W }, why) => {
            assert!(why.contains("scrolls of earth"), "{why}")
        }
        other => panic!("{other:?}"),
    }
}

/// A peaceful monster on the up stairs whose one way off is the square we wait on (survey
/// seed 13: a garter snake stayed there 140 turns): the node backs off to let it out instead
/// of waiting beside it for good.
#[test]
fn a_peaceful_monster_on_the_stairs_is_given_room() {
    let mut w = world_with_map("soko4-1", Pos::new(30, 4));
    let at = locate(&w.view, None).expect("soko4-1");
    let (width, height) = (at.template().width, at.template().height);
    // Every hole filled and the scrolls taken: all that is left is the walk to the stairs.
    for i in 0..width * height {
        if matches!(get(&w, at.pos(i)), '^' | '?') {
            set(&mut w, at.pos(i), '.');
        }
    }
    let stairs = at.pos(6 * width + 6);
    assert_eq!(get(&w, stairs), '<');
    let arrival = w.player;
    set(&mut w, arrival, '>');
    let start = at.pos(6 * width + 5);
    w.player = start;
    set(&mut w, start, '@');
    set(&mut w, stairs, 'S');
    observe_screen(&mut w, &[]);
    w.monsters = vec![Monster {
        pos: stairs,
        ch: 'S',
        color: 2,
        peaceful: Some(true),
        ..Monster::default()
    }];
    let mut under = '.';
    for n in 0..200 {
        match sokoban(&Params::default(), &w) {
            LeafOutcome::Act(Action::Move { dir }, why) if why.contains("in the way") => {
                assert!(why.contains("walking away"), "{why}");
                assert!(play_move(&mut w, dir, &mut under), "{why}");
                assert!(
                    w.player.x < start.x,
                    "backed off along the only way to the stairs ({why})"
                );
                return;
            }
            LeafOutcome::Act(Action::Search { .. }, _) => {}
            other => panic!("{other:?} at {n}"),
        }
    }
    panic!("waited beside the monster on the stairs for good");
}
