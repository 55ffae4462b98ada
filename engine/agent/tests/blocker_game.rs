//! A floating eye on the only way on, in the real game in wizard mode (-D), played by the
//! default tree (scripts/clear_blocker.lua in trees/never_melee.yaml). The scene: the pet left
//! on Dlvl 1 (^V), the level mapped (^F), the Valkyrie's dagger dropped (no missile), a wand of
//! digging (^W) zapped from the room through its wall into the rock: a tunnel that ends in rock.
//! At its end a hostile floating eye is created (^G puts it on the one free square beside us,
//! the tunnel behind), so it stands between us and the whole level. With rocks in the pack the
//! tree must throw them at it (spare items: never the sword, the shield or the last food), and
//! never walk into it. Every loop is bounded. BLOCKER_DEBUG=1 prints each decision.

mod item_scene;

use item_scene::{repo, Scene, Step};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Dir, Pos, World};

const SEED: u64 = 7;

fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            format!(
                "T{} at {:?} {} | {} | {} -> {:?}",
                s.before.turn,
                (s.before.player.x, s.before.player.y),
                s.decision.action,
                s.decision.path,
                s.decision.reason,
                s.messages
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn eye(w: &World) -> Option<Pos> {
    w.monsters
        .iter()
        .find(|m| m.ch == 'e' && m.color == 4)
        .map(|m| m.pos)
}

fn rocks(w: &World) -> u32 {
    w.inventory
        .iter()
        .filter(|i| i.name.contains("rock"))
        .map(|i| i.count.max(1))
        .sum()
}

impl Scene {
    /// The orthogonal direction from the hero whose wall has the most blank (rock) squares
    /// beyond it on the mapped screen, and the wall's square.
    fn wall_to_dig(&self) -> (Dir, Pos) {
        let w = self.world();
        let ch = |p: Pos| w.view.get(p).map_or('?', |c| c.ch);
        let mut best: Option<(usize, Dir, Pos)> = None;
        for dir in [Dir::N, Dir::S, Dir::E, Dir::W] {
            let mut p = dir.step(w.player);
            while p.in_map() && ch(p) == '.' {
                p = dir.step(p);
            }
            if !p.in_map() || !matches!(ch(p), '|' | '-') {
                continue;
            }
            let mut blank = 0;
            let mut q = dir.step(p);
            while q.in_map() && ch(q) == ' ' && blank < 12 {
                blank += 1;
                q = dir.step(q);
            }
            if best.is_none_or(|(b, _, _)| blank > b) {
                best = Some((blank, dir, p));
            }
        }
        let (blank, dir, wall) =
            best.unwrap_or_else(|| panic!("no wall in line\n{}", self.screen()));
        assert!(blank >= 4, "no rock behind the walls\n{}", self.screen());
        (dir, wall)
    }
}

/// The scene: pet left, level mapped, dagger dropped, `rocks_wished` rocks wished for (none:
/// no wish, and the wand of digging is dropped in the room once used), a tunnel dug through the wall, walked to its end, a hostile floating eye created on
/// the one free square beside us. Returns the scene and the eye's square.
fn eye_in_a_tunnel(name: &str, rocks_wished: u32) -> (Scene, Pos) {
    let debug = std::env::var_os("BLOCKER_DEBUG").is_some();
    let mut s = Scene::start(name, SEED);
    s.leave_the_pet(2);
    s.keys("\x06");
    let dagger = s
        .find("dagger")
        .map(|i| i.letter)
        .unwrap_or_else(|| panic!("the Valkyrie's dagger\n{}", s.inventory()));
    s.keys(&format!("d{dagger}"));
    let wand = s.wish("wand of digging");
    if rocks_wished > 0 {
        s.wish(&format!("{rocks_wished} uncursed rocks"));
    }
    assert!(rocks(s.world()) >= rocks_wished, "{}", s.inventory());
    // Dig: the wall becomes a doorway, the rock behind a tunnel.
    let (dir, wall) = s.wall_to_dig();
    let key = match dir {
        Dir::N => 'k',
        Dir::S => 'j',
        Dir::E => 'l',
        _ => 'h',
    };
    s.keys(&format!("z{wand}{key}"));
    if rocks_wished == 0 {
        // Nothing to clear the eye with, and no digging down past it: the wand stays in the
        // room, beyond the eye.
        s.keys(&format!("d{wand}"));
    }
    // The tunnel is dark: walked to its end (the first step that goes nowhere).
    for _ in 0..40 {
        let from = s.world().player;
        s.act(Action::Move { dir });
        if s.world().player == from {
            break;
        }
    }
    let end = s.world().player;
    assert!(
        s.world().view.get(end).is_some() && (end.x - wall.x).abs() + (end.y - wall.y).abs() >= 2,
        "at the end of a tunnel beyond the wall at {wall:?}\n{}",
        s.screen()
    );
    s.keys("\x07hostile floating eye\r");
    let at = eye(s.world()).unwrap_or_else(|| panic!("no floating eye\n{}", s.screen()));
    let behind = Pos::new(
        end.x - (dir.step(end).x - end.x),
        end.y - (dir.step(end).y - end.y),
    );
    assert_eq!(
        at,
        behind,
        "the eye in the tunnel behind us\n{}",
        s.screen()
    );
    if debug {
        eprintln!("the eye at {at:?}, we at {end:?}\n{}", s.screen());
    }

    (s, at)
}

#[test]
fn a_floating_eye_barring_a_tunnel_is_pelted_with_spare_rocks() {
    let debug = std::env::var_os("BLOCKER_DEBUG").is_some();
    let (mut s, at) = eye_in_a_tunnel("blocker-eye", 7);
    let before_rocks = rocks(s.world());
    assert!(before_rocks >= 7, "{}", s.inventory());

    let tree = repo().join("trees/main.yaml");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let killed = |w: &World| {
        w.history
            .last(200)
            .any(|m| m.text.contains("You kill the floating eye"))
    };
    let mut steps = Vec::new();
    for _ in 0..80 {
        if s.runner.session.ended || killed(s.world()) || rocks(s.world()) == 0 {
            break;
        }
        let step = s.tree_step(&mut bot);
        if debug {
            for line in bot.take_leaf_logs() {
                eprintln!("LOG {line:?}");
            }
            eprintln!("{}", summary(std::slice::from_ref(&step)));
        }
        assert!(bot.take_leaf_errors().is_empty(), "script errors");
        steps.push(step);
    }
    let report = summary(&steps);
    assert!(!s.runner.session.ended, "the game ended:\n{report}");
    let throws: Vec<&Step> = steps
        .iter()
        .filter(|st| {
            st.decision
                .path
                .ends_with("never_melee/throw_and_fetch/clear_blocker")
        })
        .filter(|st| matches!(st.decision.action, Action::Throw { .. }))
        .collect();
    assert!(!throws.is_empty(), "never thrown at the eye:\n{report}");
    for st in &throws {
        let Action::Throw { item, dir } = st.decision.action else {
            unreachable!()
        };
        let what = st.before.inventory.iter().find(|i| i.letter == item);
        assert!(
            what.is_some_and(|i| i.name.contains("rock")),
            "threw {what:?}:\n{report}"
        );
        assert_eq!(dir.step(st.before.player), at, "{report}");
        assert!(
            st.decision.reason.contains("floating eye") && st.decision.reason.contains("spare"),
            "{}",
            st.decision.reason
        );
    }
    assert!(
        rocks(s.world()) < before_rocks,
        "rocks thrown:\n{}",
        s.inventory()
    );
    // Never a step or a blow into the eye, and never frozen.
    for st in &steps {
        if let Action::Move { dir } | Action::Fight { dir } = st.decision.action {
            assert!(
                eye(&st.before) != Some(dir.step(st.before.player)),
                "walked into the eye:\n{report}"
            );
        }
    }
    assert!(
        !s.log.iter().any(|m| m.contains("frozen")),
        "the eye was hit in melee:\n{report}"
    );
}

/// No missile, no spare item, no wand: the eye is never hit, however long it bars the way
/// (clear_blocker's patience of 300 turns included), and we are never frozen. In the 200-game
/// bench 6 of the 27 games that hit a blocking eye so died frozen.
#[test]
fn a_floating_eye_barring_a_tunnel_with_nothing_to_throw_is_never_hit() {
    let debug = std::env::var_os("BLOCKER_DEBUG").is_some();
    let (mut s, at) = eye_in_a_tunnel("blocker-eye-bare", 0);
    let start = s.world().turn;
    let tree = repo().join("trees/main.yaml");
    let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
    let mut steps = Vec::new();
    for _ in 0..400 {
        if s.runner.session.ended || s.world().turn > start + 400 {
            break;
        }
        let step = s.tree_step(&mut bot);
        if debug {
            for line in bot.take_leaf_logs() {
                eprintln!("LOG {line:?}");
            }
            eprintln!("{}", summary(std::slice::from_ref(&step)));
        }
        assert!(bot.take_leaf_errors().is_empty(), "script errors");
        steps.push(step);
    }
    let report = summary(&steps[steps.len().saturating_sub(30)..]);
    assert!(!s.runner.session.ended, "the game ended:\n{report}");
    assert!(
        s.world().turn > start + 300,
        "clear_blocker's patience ran out (turn {} from {start})\n{report}",
        s.world().turn
    );
    assert!(
        eye(s.world()).is_some() || steps.iter().any(|st| eye(&st.before) == Some(at)),
        "the eye was there\n{report}"
    );
    for st in &steps {
        if let Action::Move { dir } | Action::Fight { dir } = st.decision.action {
            assert!(
                eye(&st.before) != Some(dir.step(st.before.player)),
                "a move or blow into the eye:\n{}",
                summary(std::slice::from_ref(st))
            );
        }
    }
    assert!(
        !s.log.iter().any(|m| m.contains("frozen")),
        "frozen by the eye:\n{report}"
    );
}
