//! A bot author's own leaves, registered from outside the engine crate (as their own crate
//! would), run in YAML trees; their state lives per node, survives a hot reload that keeps the
//! node's path and starts over when the path changes or the node is pre-empted.

use nhbot_bt::testing::{sample_world, scratch_dir};
use nhbot_bt::{
    p, Leaf, LeafOutcome, LeafSpec, NodeRegistry, ParamType, Params, Requirement, Tick, TreeBot,
};
use nhbot_world::{Action, World};
use std::path::PathBuf;

/// Acts every time it is ticked, counting its own ticks: `search <count>` with the count in
/// the reason.
struct CountUp {
    step: i64,
}

#[derive(Default)]
struct Count(i64);

impl Leaf for CountUp {
    type State = Count;
    fn tick(&self, count: &mut Count, tick: &mut Tick<'_>) -> LeafOutcome {
        count.0 += self.step;
        // What every counter did this game, for the blackboard test.
        tick.blackboard
            .entry::<Vec<String>>()
            .push(tick.path.to_string());
        LeafOutcome::Act(
            Action::Search { count: 1 },
            format!("count {} at {}", count.0, tick.path),
        )
    }
}

/// Like [`CountUp`], but its count outlives a pre-emption.
struct Patient;

impl Leaf for Patient {
    type State = Count;
    fn tick(&self, count: &mut Count, _: &mut Tick<'_>) -> LeafOutcome {
        count.0 += 1;
        LeafOutcome::Act(Action::Search { count: 1 }, format!("count {}", count.0))
    }
    fn halted(&self, _: &mut Count) {}
}

/// Acts (rests) on the turns given.
fn interrupt(params: &Params, w: &World) -> LeafOutcome {
    if w.turn % params.integer("every") == 0 {
        LeafOutcome::Act(Action::Rest { count: 1 }, "interrupting".into())
    } else {
        LeafOutcome::Failure
    }
}

fn registry() -> NodeRegistry {
    let mut r = NodeRegistry::new();
    r.register(
        LeafSpec::action("count_up", "Counts its own ticks.")
            .params(
                const {
                    &[p(
                        "step",
                        ParamType::Integer { min: 1, max: 10 },
                        Requirement::Default("1"),
                        "Added per tick.",
                    )]
                },
            )
            .shorthand("step"),
        |params| CountUp {
            step: params.integer("step"),
        },
    );
    r.register(
        LeafSpec::action("patient", "Counts its ticks, even across pre-emptions."),
        |_| Patient,
    );
    r.register_fn(
        LeafSpec::action("interrupt", "Rests on every `every`-th turn.").params(
            const {
                &[p(
                    "every",
                    ParamType::Integer { min: 1, max: 100 },
                    Requirement::Required,
                    "Turns between two interruptions.",
                )]
            },
        ),
        interrupt,
    );
    r
}

struct Repo {
    dir: PathBuf,
}

impl Repo {
    fn new(tag: &str) -> Repo {
        Repo {
            dir: scratch_dir(tag).expect("scratch dir"),
        }
    }
    fn write(&self, yaml: &str) -> PathBuf {
        let path = self.dir.join("trees/main.yaml");
        std::fs::write(&path, yaml).expect("write tree");
        path
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Decides at turns `turns`, returning each decision's reason.
fn reasons(bot: &mut TreeBot, turns: std::ops::RangeInclusive<i64>) -> Vec<String> {
    let mut w = sample_world();
    turns
        .map(|turn| {
            w.turn = turn;
            w.decisions = turn as u64;
            bot.decide(&w).reason
        })
        .collect()
}

#[test]
fn a_leaf_registered_from_outside_runs_in_a_yaml_tree() {
    let repo = Repo::new("own-leaf");
    let tree = repo
        .write("priority:\n  - interrupt: {every: 3}\n  - count_up: {step: 2, name: counter}\n");
    let mut bot = TreeBot::load(registry(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    let mut w = sample_world();
    w.turn = 1;
    let decision = bot.decide(&w);
    assert_eq!(decision.action, Action::Search { count: 1 });
    assert_eq!(decision.path, "root/counter");
    assert_eq!(decision.reason, "count 2 at root/counter");
    w.turn = 3;
    assert_eq!(bot.decide(&w).action, Action::Rest { count: 1 });
    // Its parameters are validated from the spec it was registered with.
    let bad = repo.write("count_up: {step: 11}\n");
    let errors = TreeBot::load(registry(), &bad)
        .err()
        .expect("step 11 is out of range");
    assert!(
        errors.iter().any(|d| d.to_string().contains("step")),
        "{errors:?}"
    );
    // And the schema and catalogue know it.
    let registry = registry();
    assert!(nhbot_bt::node_catalogue_markdown(&registry)
        .contains("**`count_up`** — Counts its own ticks."));
    assert!(nhbot_bt::json_schema(&registry)["definitions"]["count_up"].is_object());
}

#[test]
fn an_unregistered_leaf_is_an_unknown_node() {
    let repo = Repo::new("own-leaf-unknown");
    let tree = repo.write("count_up: 1\n");
    let errors = TreeBot::load(NodeRegistry::new(), &tree)
        .err()
        .expect("not registered");
    assert!(
        errors[0]
            .to_string()
            .contains("unknown node type `count_up`"),
        "{errors:?}"
    );
}

#[test]
fn leaf_state_survives_a_reload_that_keeps_its_path_and_not_one_that_moves_it() {
    let repo = Repo::new("own-leaf-reload");
    let tree = repo.write("priority:\n  - count_up: {name: counter}\n");
    let mut bot = TreeBot::load(registry(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(
        reasons(&mut bot, 1..=3),
        [
            "count 1 at root/counter",
            "count 2 at root/counter",
            "count 3 at root/counter"
        ]
    );

    // Same path (a new sibling before it, a new step): the count goes on.
    repo.write("priority:\n  - interrupt: {every: 97}\n  - count_up: {name: counter, step: 10}\n");
    assert!(bot.reload(vec![tree.clone()]), "{:?}", bot.reload_events());
    assert_eq!(reasons(&mut bot, 4..=4), ["count 13 at root/counter"]);

    // Renamed: another node, whose count starts over.
    repo.write("priority:\n  - count_up: {name: tally}\n");
    assert!(bot.reload(vec![tree.clone()]));
    assert_eq!(
        reasons(&mut bot, 5..=6),
        ["count 1 at root/tally", "count 2 at root/tally"]
    );

    // Back to the first name: that node's state was dropped with it.
    repo.write("priority:\n  - count_up: {name: counter}\n");
    assert!(bot.reload(vec![tree]));
    assert_eq!(reasons(&mut bot, 7..=7), ["count 1 at root/counter"]);
}

#[test]
fn a_preempted_leaf_starts_over_unless_it_keeps_its_state() {
    let repo = Repo::new("own-leaf-halt");
    let tree = repo.write("priority:\n  - interrupt: {every: 3}\n  - count_up: {name: counter}\n");
    let mut bot = TreeBot::load(registry(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(
        reasons(&mut bot, 1..=5),
        [
            "count 1 at root/counter",
            "count 2 at root/counter",
            "interrupting",
            "count 1 at root/counter",
            "count 2 at root/counter",
        ]
    );

    let tree = repo.write("priority:\n  - interrupt: {every: 3}\n  - patient\n");
    let mut bot = TreeBot::load(registry(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(
        reasons(&mut bot, 1..=4),
        ["count 1", "count 2", "interrupting", "count 3"]
    );
}

#[test]
fn two_nodes_of_one_type_have_their_own_state_and_share_the_blackboard() {
    let repo = Repo::new("own-leaf-two");
    // A sequence: each decision runs the next child (the acting one succeeds when reached again).
    let tree = repo.write(
        "sequence:\n  - count_up: {name: a}\n  - count_up: {name: b, step: 5}\n  - count_up: {name: c}\n",
    );
    let mut bot = TreeBot::load(registry(), &tree).unwrap_or_else(|d| panic!("{d:?}"));
    let got = reasons(&mut bot, 1..=4);
    assert_eq!(
        got,
        [
            "count 1 at root/a",
            "count 5 at root/b",
            "count 1 at root/c",
            "count 2 at root/a",
        ]
    );
    let seen = bot
        .blackboard()
        .get::<Vec<String>>()
        .expect("the counters wrote");
    assert_eq!(seen, &["root/a", "root/b", "root/c", "root/a"]);
}
