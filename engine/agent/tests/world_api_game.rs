//! The map half of the world API against the real game (wizard mode sets the scenes: ^V level
//! teleport leaves the pet behind, ^W wishes, ^G creates a monster): a pile dropped on one
//! square is listed whole, top first, when we step back on it, and a pick-up takes one object
//! out; `line_clear` / `fire_dir` agree with where thrown daggers go. Every loop is bounded.

use nhbot_agent::Runner;
use nhbot_game::GameConfig;
use nhbot_world::{Action, Decision, Dir, Feature, Pick, Pos, World};
use std::path::PathBuf;

struct Game {
    runner: Runner,
    dir: PathBuf,
    /// Every message seen, for failure reports.
    log: Vec<String>,
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Game {
    fn start(name: &str, seed: u64) -> Game {
        let dir =
            std::env::temp_dir().join(format!("nhbot-worldapi-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut cfg = GameConfig::new(dir.join("game"));
        cfg.seed = Some(seed);
        cfg.wizard = true;
        let runner = Runner::start(&cfg).expect("the game starts in wizard mode");
        Game {
            runner,
            dir,
            log: Vec::new(),
        }
    }

    fn world(&self) -> &World {
        &self.runner.world
    }

    /// One action as a decision (the world hears it, the pack is read again when it changed).
    fn act(&mut self, action: Action) -> Vec<String> {
        let d = Decision {
            action,
            path: "test".into(),
            reason: "scene".into(),
        };
        self.runner.act(&d).expect("the action reaches the game");
        let said = self.runner.world.messages.clone();
        self.log.extend(said.iter().cloned());
        said
    }

    fn keys(&mut self, keys: &str) -> Vec<String> {
        self.act(Action::Keys { keys: keys.into() })
    }

    fn report(&self) -> String {
        format!(
            "messages: {:?}\n{}",
            self.log,
            self.runner.session.term.screen().text()
        )
    }

    /// Wishes for `what`; returns the pack letter it landed in.
    fn wish(&mut self, what: &str) -> char {
        let said = self.keys(&format!("\x17{what}\r"));
        said.iter()
            .find_map(|m| {
                let (l, _) = m.split_once(" - ")?;
                (l.len() == 1).then(|| l.chars().next()).flatten()
            })
            .unwrap_or_else(|| panic!("no item from wishing for {what}\n{}", self.report()))
    }

    /// Level-teleports to `depth` once nothing stands next to us, so the pet stays behind.
    fn leave_the_pet(&mut self, depth: i32) {
        for _ in 0..20 {
            self.keys("3s");
            let me = self.world().player;
            let adjacent = self
                .world()
                .monsters
                .iter()
                .any(|m| (m.pos.x - me.x).abs() <= 1 && (m.pos.y - me.y).abs() <= 1);
            if !adjacent {
                self.keys(&format!("\x16{depth}\r"));
                if self.world().status.dlvl == depth {
                    return;
                }
            }
        }
        panic!("could not leave the pet behind\n{}", self.report());
    }

    fn feature(&self, p: Pos) -> Feature {
        self.world()
            .level()
            .map_or(Feature::Unknown, |l| l.feature(p))
    }

    /// Plain floor or corridor with nothing on it.
    fn free(&self, p: Pos) -> bool {
        let w = self.world();
        matches!(self.feature(p), Feature::Floor | Feature::Corridor)
            && w.level()
                .and_then(|l| l.at(p))
                .is_some_and(|s| s.object.is_none())
            && !w.monsters.iter().any(|m| m.pos == p)
    }

    /// Walks to `to` along the world's own paths (a few commands at most).
    fn go_to(&mut self, to: Pos) {
        for _ in 0..12 {
            if self.world().player == to {
                return;
            }
            let path = self
                .world()
                .path_info(&[to])
                .unwrap_or_else(|| panic!("no path to {to:?}\n{}", self.report()));
            let action = if path.travel {
                Action::Travel { to }
            } else {
                Action::Move { dir: path.first }
            };
            self.act(action);
        }
        assert_eq!(
            self.world().player,
            to,
            "walking to {to:?}\n{}",
            self.report()
        );
    }
}

fn texts(w: &World) -> Vec<String> {
    w.objects_here()
        .into_iter()
        .filter_map(|o| o.text)
        .collect()
}

#[test]
fn a_dropped_pile_is_listed_whole_and_a_pick_up_takes_one_out() {
    let mut g = Game::start("pile", 5);
    g.leave_the_pet(2);
    let letters: Vec<char> = ["dagger", "apple", "blindfold"]
        .iter()
        .map(|what| g.wish(what))
        .collect();
    // Dropped in this order, the blindfold ends on top.
    for &item in &letters {
        g.act(Action::Drop { item, count: None });
    }
    let here = g.world().player;
    let step = [Dir::E, Dir::W, Dir::N, Dir::S]
        .into_iter()
        .find(|d| g.free(d.step(here)))
        .unwrap_or_else(|| panic!("no free square beside {here:?}\n{}", g.report()));
    g.act(Action::Move { dir: step });
    assert_eq!(g.world().player, step.step(here), "{}", g.report());
    let shown = g.world().objects_at(here);
    assert_eq!(shown.len(), 1, "stepped off: the top glyph only, {shown:?}");
    assert_eq!(
        shown[0].glyph,
        Some('('),
        "the blindfold on top\n{}",
        g.report()
    );
    let back = Dir::from_delta(here.x - g.world().player.x, here.y - g.world().player.y)
        .expect("a step back");
    g.act(Action::Move { dir: back });
    assert_eq!(g.world().player, here, "{}", g.report());
    let pile = texts(g.world());
    assert_eq!(pile.len(), 3, "the whole pile: {pile:?}\n{}", g.report());
    for (text, name) in pile.iter().zip(["blindfold", "apple", "dagger"]) {
        assert!(text.contains(name), "top first: {pile:?}");
    }
    assert_eq!(g.world().objects_here()[0].glyph, Some('('));
    let said = g.act(Action::Pickup {
        what: Pick::Named("dagger".into()),
    });
    assert!(
        said.iter()
            .any(|m| m.contains(" - ") && m.contains("dagger")),
        "picked up: {said:?}"
    );
    let left = texts(g.world());
    assert_eq!(left.len(), 2, "{left:?}\n{}", g.report());
    assert!(
        left[0].contains("blindfold") && left[1].contains("apple"),
        "{left:?}"
    );
}

/// Squares `p + k * d` for k = 1..=n.
fn ray(p: Pos, d: Dir, n: i16) -> impl Iterator<Item = Pos> {
    let (dx, dy) = d.delta();
    (1..=n).map(move |k| Pos::new(p.x + k * dx, p.y + k * dy))
}

#[test]
fn line_clear_agrees_with_where_thrown_daggers_go() {
    let mut g = Game::start("throw", 5);
    g.leave_the_pet(2);
    // Light the room, so the mold and the daggers stay in view from afar.
    let scroll = g.wish("blessed scroll of light");
    g.keys(&format!("r{scroll}"));
    let daggers = g.wish("3 daggers");
    // A yellow mold never moves: it stays where ^G puts it, next to us.
    g.keys("\x07yellow mold\r");
    let me = g.world().player;
    let mold = g
        .world()
        .monsters
        .iter()
        .find(|m| m.ch == 'F' && (m.pos.x - me.x).abs() <= 1 && (m.pos.y - me.y).abs() <= 1)
        .map(|m| m.pos)
        .unwrap_or_else(|| panic!("no mold beside us\n{}", g.report()));

    // (a) A square 3-5 squares from the mold on a clear line of plain floor: throw from there.
    let level = g.world().level().expect("a level").clone();
    let spot = (0..80 * 21)
        .map(|i| Pos::new(i % 80, i / 80))
        .filter(|&p| g.free(p) && level.line_clear(p, mold))
        .filter(|&p| {
            let d = (p.x - mold.x).abs().max((p.y - mold.y).abs());
            (3..=5).contains(&d)
        })
        .filter(|&p| g.world().path_info(&[p]).is_some())
        .min_by_key(|&p| {
            (
                g.world().path_info(&[p]).map_or(999, |i| i.length),
                p.y,
                p.x,
            )
        })
        .unwrap_or_else(|| panic!("no clear line to the mold at {mold:?}\n{}", g.report()));
    g.go_to(spot);
    let dir = g
        .world()
        .fire_dir(mold, None)
        .unwrap_or_else(|| panic!("fire_dir says no line from {spot:?} to {mold:?}"));
    assert!(g.world().line_clear(spot, mold));
    let said = g.act(Action::Throw { item: daggers, dir });
    assert!(
        said.iter().any(|m| m.contains("yellow mold")),
        "line_clear said the dagger reaches the mold at {mold:?} from {spot:?}: {said:?}\n{}",
        g.report()
    );

    // (b) Toward a wall 2-6 squares away over free floor, at the square beyond it: the line is
    // not clear, and the dagger drops on the last square before the wall.
    let me = g.world().player;
    let level = g.world().level().expect("a level").clone();
    // The farthest such wall: more squares the dagger must fly over.
    let (d, wall_at) = Dir::COMPASS
        .into_iter()
        .filter_map(|d| {
            let k = ray(me, d, 7).position(|p| level.feature(p) == Feature::Wall)? as i16 + 1;
            let open = ray(me, d, k - 1).all(|p| g.free(p));
            ((2..=6).contains(&k) && open).then_some((d, k))
        })
        .max_by_key(|&(_, k)| k)
        .unwrap_or_else(|| panic!("no wall in reach from {me:?}\n{}", g.report()));
    let beyond = ray(me, d, wall_at + 1).last().expect("a square");
    let before = ray(me, d, wall_at - 1).last().expect("a square");
    assert!(!g.world().line_clear(me, beyond));
    assert_eq!(g.world().fire_dir(beyond, None), None);
    g.act(Action::Throw {
        item: daggers,
        dir: d,
    });
    let landed = g.world().objects_at(before);
    assert!(
        landed.first().is_some_and(|o| o.glyph == Some(')')),
        "the dagger thrown {d:?} from {me:?} should lie at {before:?}, before the wall: {landed:?}\n{}",
        g.report()
    );
    assert!(
        wall_at >= 3,
        "a wall with floor between: {d:?} at {wall_at}"
    );
    for p in ray(me, d, wall_at - 2) {
        assert!(
            g.world().objects_at(p).is_empty(),
            "the dagger stopped short at {p:?}"
        );
    }
}
