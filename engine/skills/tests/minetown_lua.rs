//! The Minetown Lua leaves of `scripts/minetown/` (protection, altar) on hand-drawn temples:
//! a room with an altar and a farlooked priest, worlds fed through `World::observe` as the
//! game loop feeds them (frames with the game's messages, farlook answers, inventory menus).
mod common;
use common::scene::{decide, farlook, status, Scene};
use common::Repo;
use nhbot_bt::TreeBot;
use nhbot_world::{
    Action, Alignment, Buc, Decision, Dir, Event, MenuItem, Pick, Pos, Status, World,
};

/// A bot whose tree tries the protection leaf, then the altar leaf, then searches 9.
fn bot(repo: &Repo) -> TreeBot {
    bot_with(
        repo,
        "priority:\n  - lua: {file: scripts/minetown/protection.lua, name: protection}\n  \
         - lua: {file: scripts/minetown/altar.lua, name: altar}\n  - search: 9\n",
    )
}

/// A bot playing `tree`, with the scripts of `scripts/minetown/` and the gear helpers they use.
fn bot_with(repo: &Repo, tree: &str) -> TreeBot {
    repo.copy_scripts(&[
        "minetown/common.lua",
        "minetown/protection.lua",
        "minetown/altar.lua",
        "minetown/no_temple.lua",
        "minetown/plan.lua",
        "minetown/town_idle.lua",
        "gear/common.lua",
    ]);
    repo.tree("main.yaml", tree);
    repo.load("main.yaml")
}

const ALTAR: Pos = Pos { x: 10, y: 4 };

/// A temple 30 wide (walls at x = 0 and 31, floor rows 1..=7), its altar at (10, 4), the hero
/// at `hero` and `others` drawn, the game's `messages` shown.
fn see(w: &mut World, hero: Pos, others: &[(Pos, char)], messages: &[&str], gold: i64, xl: i32) {
    let mut scene = Scene::room();
    scene.draw(ALTAR, '_');
    for &(p, c) in others {
        scene.draw(p, c);
    }
    let status = Status {
        hp: 30,
        hp_max: 30,
        xl,
        gold,
        ac: 4,
        alignment: Alignment::Neutral,
        ..status(7, w.turn + 1)
    };
    scene.show(w, hero, &status, messages);
}

fn pack(w: &mut World, lines: &[(char, &str, &str)]) {
    let items: Vec<MenuItem> = lines
        .iter()
        .flat_map(|&(letter, class, text)| {
            [
                MenuItem {
                    letter: None,
                    text: class.into(),
                    selected: false,
                    header: true,
                },
                MenuItem {
                    letter: Some(letter),
                    text: text.into(),
                    selected: false,
                    header: false,
                },
            ]
        })
        .collect();
    w.observe(Event::Inventory(&items));
}

fn is_search(d: &Decision) -> bool {
    matches!(d.action, Action::Search { count: 9 })
}

const PRIEST: &str = "@        human or elf (peaceful priest of Odin)";

#[test]
fn protection_costs_400_per_level_and_is_never_offered_again_at_a_refusing_level() {
    let repo = Repo::new("minetown-protection");
    let mut bot = bot(&repo);
    let mut w = World::default();
    let priest = Pos::new(12, 4);
    see(&mut w, Pos::new(3, 4), &[(priest, '@')], &[], 1000, 2);
    farlook(&mut w, priest, PRIEST);
    // Far from the priest: walk to him.
    let d = decide(&mut bot, &mut w);
    assert!(
        matches!(d.action, Action::Move { .. } | Action::Travel { .. }),
        "{d:?}"
    );
    assert!(
        d.reason.contains("priest of Odin") && d.reason.contains("XL 2"),
        "{}",
        d.reason
    );
    // Beside him: #chat offering exactly 400 x XL 2.
    see(&mut w, Pos::new(11, 4), &[(priest, '@')], &[], 1000, 2);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Chat {
            dir: Dir::E,
            offer: Some(800)
        },
        "{}",
        d.reason
    );
    // Turned down: never again at XL 2.
    see(
        &mut w,
        Pos::new(11, 4),
        &[(priest, '@')],
        &["Thy selfless generosity is deeply appreciated."],
        200,
        2,
    );
    see(&mut w, Pos::new(11, 4), &[(priest, '@')], &[], 1000, 2);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "{d:?}");
    // At XL 3 it is worth asking again; bought.
    see(&mut w, Pos::new(11, 4), &[(priest, '@')], &[], 1300, 3);
    let d = decide(&mut bot, &mut w);
    assert_eq!(
        d.action,
        Action::Chat {
            dir: Dir::E,
            offer: Some(1200)
        }
    );
    see(
        &mut w,
        Pos::new(11, 4),
        &[(priest, '@')],
        &["\"Thy devotion has been rewarded.\""],
        100,
        3,
    );
    // 100 gold left: nothing more to buy.
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "{d:?}");
    // A hostile in view: not now, even with the gold.
    see(
        &mut w,
        Pos::new(11, 4),
        &[(priest, '@'), (Pos::new(20, 2), 'G')],
        &[],
        5000,
        3,
    );
    farlook(&mut w, Pos::new(20, 2), "G        gnome (gnome lord)");
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "{d:?}");
}

#[test]
fn a_priest_not_peaceful_is_never_asked() {
    let repo = Repo::new("minetown-angry");
    let mut bot = bot(&repo);
    let mut w = World::default();
    let priest = Pos::new(12, 4);
    see(&mut w, Pos::new(11, 4), &[(priest, '@')], &[], 1000, 1);
    farlook(&mut w, priest, "@        human or elf (priest of Odin)");
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "{d:?}");
}

#[test]
fn the_altar_leaf_drops_each_untested_item_once_and_picks_it_back_up() {
    let repo = Repo::new("minetown-altar");
    let mut bot = bot(&repo);
    let mut w = World::default();
    let priest = Pos::new(14, 2);
    let lines = [
        ('a', "Weapons", "a +1 long sword (weapon in hand)"),
        ('b', "Weapons", "a +0 dagger"),
        ('c', "Armor", "a ring mail"),
        ('d', "Scrolls", "a scroll labeled FOOBIE BLETCH"),
        ('e', "Armor", "an uncursed +3 small shield (being worn)"),
    ];
    pack(&mut w, &lines);
    see(&mut w, Pos::new(5, 4), &[(priest, '@')], &[], 0, 1);
    farlook(&mut w, priest, PRIEST);
    // To the temple's altar (the priest's god makes it neutral).
    let d = decide(&mut bot, &mut w);
    assert!(
        matches!(d.action, Action::Move { .. } | Action::Travel { .. }),
        "{d:?}"
    );
    assert!(
        d.reason.contains("neutral altar at (10, 4)"),
        "{}",
        d.reason
    );
    // On it: the untested items go down one by one (not the sword in hand, nor the shield
    // worn, nor what is known).
    see(&mut w, ALTAR, &[(priest, '@')], &[], 0, 1);
    let mut dropped = Vec::new();
    let said = [
        ('b', "A +0 dagger lands on the altar."),
        (
            'c',
            "There is an amber flash as a ring mail hits the altar.",
        ),
        // The scroll's flash is missed (the screen was busy): it is not dropped again.
        ('d', ""),
    ];
    let mut left = lines.to_vec();
    for _ in 0..3 {
        let d = decide(&mut bot, &mut w);
        let Action::Drop { item, count: None } = d.action else {
            panic!("a drop: {d:?}");
        };
        let message = said
            .iter()
            .find(|(l, _)| *l == item)
            .expect("an untested item")
            .1;
        let messages: Vec<&str> = [message].into_iter().filter(|m| !m.is_empty()).collect();
        see(&mut w, ALTAR, &[(priest, '@')], &messages, 0, 1);
        left.retain(|(l, ..)| *l != item);
        pack(&mut w, &left);
        dropped.push(item);
    }
    dropped.sort();
    assert_eq!(dropped, ['b', 'c', 'd']);
    // Picked back up by name, one by one, in letter order (the same each run: `pairs` over the
    // dropped letters would follow Lua's per-run string hash seed).
    let mut picked = Vec::new();
    let back = [
        ("dagger", ('b', "Weapons", "a +0 dagger")),
        ("ring mail", ('c', "Armor", "a blessed ring mail")),
        (
            "scroll labeled FOOBIE BLETCH",
            ('d', "Scrolls", "a scroll labeled FOOBIE BLETCH"),
        ),
    ];
    for _ in 0..3 {
        let d = decide(&mut bot, &mut w);
        let Action::Pickup {
            what: Pick::Named(name),
        } = &d.action
        else {
            panic!("a pick-up: {d:?}");
        };
        let (_, line) = back
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name}"));
        picked.push(line.0);
        left.push(*line);
        see(&mut w, ALTAR, &[(priest, '@')], &[], 0, 1);
        pack(&mut w, &left);
    }
    assert_eq!(picked, ['b', 'c', 'd'], "letter order");
    let buc = |w: &World, l: char| {
        w.inventory
            .iter()
            .find(|i| i.letter == l)
            .and_then(|i| i.buc)
    };
    assert_eq!(buc(&w, 'b'), Some(Buc::Uncursed), "what the altar said");
    assert_eq!(buc(&w, 'c'), Some(Buc::Blessed));
    assert_eq!(buc(&w, 'd'), None, "no flash seen");
    // Done: the scroll is not dropped again.
    for _ in 0..3 {
        let d = decide(&mut bot, &mut w);
        assert!(is_search(&d), "{d:?}");
        see(&mut w, ALTAR, &[(priest, '@')], &[], 0, 1);
    }
}

/// The phase's `done` (scripts/minetown/plan.lua) first, answering with `search: 3`, then the
/// leaves that settle it.
const PHASE: &str = "priority:\n  - sequence:\n      - lua: {file: scripts/minetown/plan.lua, \
                     function: done}\n      - search: 3\n  \
                     - lua: {file: scripts/minetown/no_temple.lua, name: no_temple}\n  \
                     - lua: {file: scripts/minetown/protection.lua, name: protection}\n  \
                     - lua: {file: scripts/minetown/altar.lua, name: altar}\n  - search: 9\n";

#[test]
fn the_phase_is_done_once_the_temple_business_is_settled() {
    // A priest, no gold for protection, nothing to test at the altar: settled at once.
    let repo = Repo::new("minetown-done");
    let mut bot = bot_with(&repo, PHASE);
    let mut w = World::default();
    let priest = Pos::new(12, 4);
    pack(
        &mut w,
        &[('a', "Weapons", "a +1 long sword (weapon in hand)")],
    );
    see(&mut w, Pos::new(3, 4), &[(priest, '@')], &[], 100, 3);
    farlook(&mut w, priest, PRIEST);
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "not done before the leaves looked: {d:?}");
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Search { count: 3 }, "done: {}", d.reason);

    // Gold for protection: not done until it is bought.
    let repo = Repo::new("minetown-not-done");
    let mut bot = bot_with(&repo, PHASE);
    let mut w = World::default();
    pack(
        &mut w,
        &[('a', "Weapons", "a +1 long sword (weapon in hand)")],
    );
    see(&mut w, Pos::new(11, 4), &[(priest, '@')], &[], 2000, 3);
    farlook(&mut w, priest, PRIEST);
    let d = decide(&mut bot, &mut w);
    assert!(matches!(d.action, Action::Chat { .. }), "{d:?}");
    see(
        &mut w,
        Pos::new(11, 4),
        &[(priest, '@')],
        &["\"Thy devotion has been rewarded.\""],
        800,
        3,
    );
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "{d:?}");
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Search { count: 3 }, "done: {}", d.reason);

    // Minetown without a priest, explored: done. (The world takes this temple for Minetown:
    // a level seen wide without doors or corridors is the Mines', one with an altar there is
    // Minetown.)
    let repo = Repo::new("minetown-no-temple");
    let mut bot = bot_with(&repo, PHASE);
    let mut w = World::default();
    see(&mut w, Pos::new(3, 4), &[], &[], 2000, 3);
    let level = w.level().expect("a level");
    assert!(level.facts.is(nhbot_world::Special::Minetown));
    let d = decide(&mut bot, &mut w);
    assert!(is_search(&d), "not done before no_temple looked: {d:?}");
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Search { count: 3 }, "done: {}", d.reason);
}

/// Decisions of the phase tree (PHASE) in a priestless Minetown drawn with `others`, the hero at
/// (3, 4), one turn each, until it answers `search: 3` (done), at most `turns`.
fn turns_until_done(repo: &str, others: &[(Pos, char)], turns: usize) -> Option<usize> {
    let repo = Repo::new(repo);
    let mut bot = bot_with(&repo, PHASE);
    let mut w = World::default();
    see(&mut w, Pos::new(3, 4), others, &[], 2000, 3);
    assert!(w
        .level()
        .expect("a level")
        .facts
        .is(nhbot_world::Special::Minetown));
    (1..=turns).find(|_| {
        let d = decide(&mut bot, &mut w);
        see(&mut w, Pos::new(3, 4), others, &[], 2000, 3);
        d.action == Action::Search { count: 3 }
    })
}

#[test]
fn a_town_whose_only_frontier_is_cut_off_counts_as_explored() {
    // A floor square in the north-east corner touching a never-seen square, walled off from
    // the rest of the town: no path to it. Not done at once (a door may open), done after 50.
    let cut_off = [
        (Pos::new(30, 1), '.'),
        (Pos::new(31, 1), ' '),
        (Pos::new(29, 1), '|'),
        (Pos::new(29, 2), '-'),
        (Pos::new(30, 2), '-'),
    ];
    let done = turns_until_done("minetown-cut-off", &cut_off, 80).expect("done within 80 turns");
    assert!((50..=53).contains(&done), "done after {done} turns");

    // The same never-seen square reachable from the town floor: still exploring, not done.
    let open = [(Pos::new(20, 4), ' ')];
    assert_eq!(turns_until_done("minetown-open-frontier", &open, 80), None);
}

#[test]
fn the_phase_is_given_up_4000_turns_after_it_could_first_start() {
    // XL 8 with gold for protection (3,200) beside a priest who never answers: the temple's
    // business is never settled, so only the give-up ends the phase.
    let repo = Repo::new("minetown-give-up");
    let mut bot = bot_with(&repo, PHASE);
    let mut w = World::default();
    let (hero, priest) = (Pos::new(11, 4), Pos::new(12, 4));
    pack(
        &mut w,
        &[('a', "Weapons", "a +1 long sword (weapon in hand)")],
    );
    see(&mut w, hero, &[(priest, '@')], &[], 4000, 8);
    farlook(&mut w, priest, PRIEST);
    let start = w.turn;
    let d = decide(&mut bot, &mut w);
    assert_ne!(
        d.action,
        Action::Search { count: 3 },
        "not done at once: {d:?}"
    );
    for (after, done) in [(3990, false), (4010, true)] {
        w.turn = start + after;
        see(&mut w, hero, &[(priest, '@')], &[], 4000, 8);
        let d = decide(&mut bot, &mut w);
        assert_eq!(
            d.action == Action::Search { count: 3 },
            done,
            "{after} turns after: {d:?}"
        );
    }
}

/// The game's overview read on Dlvl 5: the Mines from Dlvl 3 (their fork on Dlvl 2), this
/// level their third, Minetown unseen.
fn read_mines_overview(w: &mut World) {
    let lines: Vec<String> = [
        "The Dungeons of Doom: levels 1 to 2",
        "   Level 2:",
        "      Stairs down to The Gnomish Mines.",
        "The Gnomish Mines: levels 3 to 5",
        "   Level 5: <- You are here.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    w.observe(Event::Overview(&lines));
}

/// trees/minetown.yaml and what it calls, then a turn of searching.
fn minetown_tree_bot(repo: &Repo) -> TreeBot {
    repo.copy_trees(&["minetown.yaml"]);
    bot_with(repo, "priority:\n  - subtree: minetown\n  - search: 1\n")
}

#[test]
fn no_stairs_are_taken_on_the_way_to_minetown_below_80_percent_hp() {
    // A Mines level (seen wide, no doors or corridors, no altar), the hero on its down stairs,
    // Minetown below: at 70% HP the phase stays on this level; at 90% it goes down.
    let repo = Repo::new("minetown-heal-first");
    let mut bot = minetown_tree_bot(&repo);
    let mut w = World::default();
    let down = Pos::new(4, 4);
    let frame = |w: &mut World, hero: Pos, hp: i32| {
        let mut scene = Scene::room();
        scene.draw(down, '>');
        let status = Status {
            hp,
            hp_max: 30,
            xl: 8,
            ..status(5, w.turn + 1)
        };
        scene.show(w, hero, &status, &[]);
    };
    frame(&mut w, Pos::new(3, 4), 30);
    assert_eq!(
        w.level().map(|l| l.branch),
        Some(nhbot_world::Branch::Mines),
        "the scene is a Mines level"
    );
    frame(&mut w, down, 21);
    let d = decide(&mut bot, &mut w);
    assert_ne!(d.action, Action::Descend, "HP 21/30: {d:?}");
    assert!(d.path.contains("heal_before_stairs"), "{d:?}");
    frame(&mut w, down, 27);
    let mut d = decide(&mut bot, &mut w);
    if d.action == Action::Overview {
        read_mines_overview(&mut w);
        d = decide(&mut bot, &mut w);
    }
    assert_eq!(d.action, Action::Descend, "HP 27/30: {d:?}");
}

#[test]
fn a_town_with_nothing_to_do_is_waited_in_then_the_phase_is_done() {
    // XL 8 with gold for protection beside a priest walled in (no square beside him reachable):
    // the town's leaves have nothing to do. The town tree waits (searching) rather than fail
    // to the dungeons tree, which climbed out of the Mines; after 500 turns the phase is done.
    let repo = Repo::new("minetown-idle");
    repo.copy_trees(&["minetown.yaml"]);
    let mut bot = bot_with(
        &repo,
        "priority:\n  - sequence:\n      - lua: {file: scripts/minetown/plan.lua, function: \
         done}\n      - search: 3\n  - subtree: minetown\n  - search: 1\n",
    );
    let mut w = World::default();
    let (hero, priest) = (Pos::new(3, 4), Pos::new(22, 4));
    // The town's down stairs seen: nothing for `explore: stay` to search for.
    let mut walled = vec![(priest, '@'), (Pos::new(28, 6), '>')];
    for dy in -1..=1 {
        for dx in -1..=1 {
            if (dx, dy) != (0, 0) {
                walled.push((Pos::new(priest.x + dx, priest.y + dy), '-'));
            }
        }
    }
    pack(
        &mut w,
        &[('a', "Weapons", "a +1 long sword (weapon in hand)")],
    );
    see(&mut w, hero, &walled, &[], 4000, 8);
    farlook(&mut w, priest, PRIEST);
    let start = w.turn;
    let d = decide(&mut bot, &mut w);
    assert_eq!(d.action, Action::Search { count: 10 }, "{d:?}");
    assert!(d.path.contains("town_idle"), "{d:?}");
    for (after, done) in [(480, false), (520, true)] {
        w.turn = start + after;
        see(&mut w, hero, &walled, &[], 4000, 8);
        let mut d = decide(&mut bot, &mut w);
        if !done {
            assert!(d.path.contains("town_idle"), "{after} turns after: {d:?}");
        } else {
            // The leaf notes it on this decision; the phase's `done` reads it on the next.
            if d.action != (Action::Search { count: 3 }) {
                see(&mut w, hero, &walled, &[], 4000, 8);
                d = decide(&mut bot, &mut w);
            }
            assert_eq!(
                d.action,
                Action::Search { count: 3 },
                "{after} turns after: {d:?}"
            );
        }
    }
}

#[test]
fn on_a_mines_level_with_no_way_on_the_phase_waits_there() {
    // A Mines level seen whole, no down stairs, every wall searched to the last round: the
    // town tree has nowhere to go; it waits here (the dungeons tree after it would climb out).
    let repo = Repo::new("minetown-wait-in-mines");
    let mut bot = minetown_tree_bot(&repo);
    let mut w = World::default();
    let status = Status {
        hp: 30,
        hp_max: 30,
        xl: 8,
        ..status(5, 100)
    };
    Scene::room().show(&mut w, Pos::new(3, 4), &status, &[]);
    assert_eq!(
        w.level().map(|l| l.branch),
        Some(nhbot_world::Branch::Mines)
    );
    for sq in &mut w.dungeon.current_mut().expect("a level").squares {
        (sq.searched, sq.searched_from) = (400, 400);
    }
    let mut d = decide(&mut bot, &mut w);
    if d.action == Action::Overview {
        read_mines_overview(&mut w);
        d = decide(&mut bot, &mut w);
    }
    assert_eq!(d.action, Action::Search { count: 5 }, "{d:?}");
    assert!(d.path.contains("wait_in_the_mines"), "{d:?}");
}
