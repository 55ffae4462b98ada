//! Own ranged attacks on the real game in wizard mode (-D), played by the default tree with the
//! `missiles` subtree put back in (trees/missiles.yaml; out of the default tree since the bench
//! measured it), which holds scripts/throw_missiles.lua and
//! scripts/recover_missiles.lua): a floating eye (^G) stands a few squares away in a clear line
//! and we hold daggers (the Valkyrie's own and three wished for with ^W). The tree must throw
//! daggers at it until it dies, never hit it in melee (its passive paralysis), and pick every
//! dagger back up. The pet is left on Dlvl 1 (^V), so it neither kills the eye nor stands in the
//! line. Every loop is bounded. MISSILES_DEBUG=1 prints each decision with its messages.

mod item_scene;

use item_scene::{Scene, Step};
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Pos, World};

const SEED: u64 = 7;

/// A copy of the repo's trees with `- subtree: missiles` after `- subtree: survive`.
fn tree_with_missiles() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nhbot-missiles-tree-{}", std::process::id()));
    item_scene::tree_with(
        &dir,
        "upkeep.yaml",
        "    - subtree: survive\n",
        "    - subtree: missiles\n",
    )
}

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

fn distance(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// Daggers in the pack, as the game's inventory lists them.
fn daggers(w: &World) -> u32 {
    w.inventory
        .iter()
        .filter(|i| i.name.contains("dagger"))
        .map(|i| i.count.max(1))
        .sum()
}

/// The floating eye (a blue `e`) in view.
fn eye(w: &World) -> Option<Pos> {
    w.monsters
        .iter()
        .find(|m| m.ch == 'e' && m.color == 4)
        .map(|m| m.pos)
}

impl Scene {
    /// Creates a floating eye (^G puts it next to us) and travels to a floor square 3..=5
    /// squares from it in a clear line; returns the eye's square.
    fn floating_eye_in_line(&mut self) -> Pos {
        self.keys("\x07floating eye\r");
        let at = eye(self.world())
            .unwrap_or_else(|| panic!("no floating eye created\n{}", self.screen()));
        let w = self.world();
        let mut spots: Vec<Pos> = Vec::new();
        for dy in -5..=5i16 {
            for dx in -5..=5i16 {
                let p = Pos::new(at.x + dx, at.y + dy);
                let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
                if straight
                    && (3..=5).contains(&distance(p, at))
                    && w.view.get(p).is_some_and(|c| c.ch == '.')
                    && w.line_clear(p, at)
                {
                    spots.push(p);
                }
            }
        }
        let me = w.player;
        spots.sort_by_key(|&p| (distance(p, at), distance(p, me)));
        let to = *spots
            .first()
            .unwrap_or_else(|| panic!("no square in line with the eye\n{}", self.screen()));
        for _ in 0..5 {
            if self.world().player == to {
                break;
            }
            self.act(Action::Travel { to });
        }
        assert_eq!(self.world().player, to, "travelled\n{}", self.screen());
        if std::env::var_os("MISSILES_DEBUG").is_some() {
            eprintln!("the eye at {at:?}, we at {to:?}\n{}", self.screen());
        }
        at
    }

    /// Runs the default tree with the `missiles` subtree put back in (it is out of the default
    /// tree: see trees/dungeons.yaml) for at most `max` decisions or until `done`.
    fn run_default_tree(&mut self, max: usize, mut done: impl FnMut(&World) -> bool) -> Vec<Step> {
        let tree = tree_with_missiles();
        let mut bot = TreeBot::load(nhbot_skills::registry(), &tree).expect("the tree loads");
        let debug = std::env::var_os("MISSILES_DEBUG").is_some();
        let mut steps = Vec::new();
        for _ in 0..max {
            if self.runner.session.ended || done(self.world()) {
                break;
            }
            let step = self.tree_step(&mut bot);
            if debug {
                for line in bot.take_leaf_logs() {
                    eprintln!("LOG {line:?}");
                }
            }
            let errors = bot.take_leaf_errors();
            assert!(errors.is_empty(), "script errors: {errors:?}");
            if debug {
                eprintln!("{}", summary(std::slice::from_ref(&step)));
            }
            steps.push(step);
        }
        steps
    }
}

#[test]
fn the_default_tree_throws_daggers_at_a_floating_eye_and_picks_them_up() {
    let mut s = Scene::start("missiles-eye", SEED);
    s.leave_the_pet(2);
    s.wish("3 uncursed daggers");
    let start = daggers(s.world());
    assert!(
        start >= 4,
        "the Valkyrie's dagger and three more:\n{}",
        s.inventory()
    );
    let at = s.floating_eye_in_line();
    let killed = |w: &World| {
        w.history
            .last(200)
            .any(|m| m.text.contains("You kill the floating eye"))
    };
    let steps = s.run_default_tree(300, |w| killed(w) && daggers(w) >= start);
    let report = summary(&steps);
    assert!(!s.runner.session.ended, "the game ended:\n{report}");

    // Thrown at by the missiles subtree, naming the eye and the dagger.
    let at_eye: Vec<&Step> = steps
        .iter()
        .filter(|st| {
            matches!(st.decision.action, Action::Throw { .. })
                && st.decision.reason.contains("floating eye")
        })
        .collect();
    assert!(!at_eye.is_empty(), "never thrown at the eye:\n{report}");
    for st in &at_eye {
        assert!(
            st.decision
                .path
                .ends_with("missiles/throw_and_fetch/throw_missiles")
                && st.decision.reason.contains("dagger"),
            "{}: {}",
            st.decision.path,
            st.decision.reason
        );
    }
    // The game says the eye died, and never that it froze us.
    assert!(
        s.log
            .iter()
            .any(|m| m.contains("You kill the floating eye")),
        "the eye is not dead:\n{report}"
    );
    assert!(
        !s.log.iter().any(|m| m.contains("frozen")),
        "the eye was hit in melee:\n{report}"
    );
    // Never a step or a blow into the eye's square.
    for st in &steps {
        if let Action::Move { dir } | Action::Fight { dir } = st.decision.action {
            let into = dir.step(st.before.player);
            assert!(
                eye(&st.before) != Some(into),
                "walked into the eye at {into:?} (it began at {at:?}):\n{report}"
            );
        }
    }
    // Every dagger back in the pack (the game's own inventory listing), picked up by the
    // recover leaf.
    assert_eq!(
        daggers(s.world()),
        start,
        "daggers lost:\n{}\n{report}",
        s.inventory()
    );
    assert!(
        steps
            .iter()
            .any(|st| matches!(st.decision.action, Action::Pickup { .. })
                && st.decision.path.contains("recover_missiles")),
        "no pick-up by recover_missiles:\n{report}"
    );
}
