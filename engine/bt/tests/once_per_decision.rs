//! Each leaf runs at most once per decision, Rust and Lua alike, whatever the tree's shape: a
//! root that finishes without acting is ticked a second time (the previous action completing,
//! then the next one starting), and a repeat_until checks its condition before each round, but
//! a leaf already asked in this decision answers as it did.

use nhbot_bt::testing::{sample_world, scratch_dir};
use nhbot_bt::{LeafOutcome, LeafSpec, NodeRegistry, Params, Tick, TreeBot};
use nhbot_world::Action;
use std::path::PathBuf;

/// How often the Rust counter ran, by node path (on the blackboard, for the test to read).
#[derive(Default)]
struct RustCalls(std::collections::BTreeMap<String, u64>);

/// A condition that fails and counts its calls, in its own state and on the blackboard.
struct CountCalls;

impl nhbot_bt::Leaf for CountCalls {
    type State = u64;
    fn tick(&self, calls: &mut u64, tick: &mut Tick<'_>) -> LeafOutcome {
        *calls += 1;
        tick.blackboard
            .entry::<RustCalls>()
            .0
            .insert(tick.path.to_string(), *calls);
        LeafOutcome::Failure
    }
}

fn search(_: &Params, _: &nhbot_world::World) -> LeafOutcome {
    LeafOutcome::Act(Action::Search { count: 1 }, "searching".into())
}

fn registry() -> NodeRegistry {
    let mut r = NodeRegistry::new();
    r.register(
        LeafSpec::condition("count_calls", "Fails, counting its calls."),
        |_| CountCalls,
    );
    r.register_fn(LeafSpec::action("search_once", "Searches 1."), search);
    r
}

/// The Lua leaves: `count` fails and counts its calls in its node state; `report` acts with
/// the count it was given in the blackboard.
const COUNTER: &str = r#"
return {
  count = function(world, state)
    state.calls = (state.calls or 0) + 1
    blackboard.set("lua calls", state.calls)
    return false
  end,
}
"#;

struct Repo {
    dir: PathBuf,
}

impl Repo {
    fn new(tag: &str) -> Repo {
        let dir = scratch_dir(tag).expect("scratch dir");
        std::fs::write(dir.join("scripts/counter.lua"), COUNTER).expect("script");
        Repo { dir }
    }

    fn load(&self, yaml: &str) -> TreeBot {
        let path = self.dir.join("trees/main.yaml");
        std::fs::write(&path, yaml).expect("tree");
        TreeBot::load(registry(), &path).unwrap_or_else(|d| panic!("{d:?}"))
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Takes decisions `from..to` (each must act), then gives the counts the Lua and the Rust
/// counter reached.
fn counts_after(bot: &mut TreeBot, from: u64, to: u64) -> (u64, u64) {
    let mut w = sample_world();
    for i in from..to {
        w.turn = i as i64 + 1;
        w.decisions = i;
        let d = bot.decide(&w);
        assert_eq!(d.action, Action::Search { count: 1 }, "{}", d.reason);
    }
    let board = bot.blackboard();
    let lua = match board
        .get::<nhbot_bt::LuaBoard>()
        .and_then(|b| b.get("lua calls"))
    {
        Some(nhbot_bt::BoardValue::Integer(n)) => *n as u64,
        other => panic!("the Lua counter wrote {other:?}"),
    };
    let rust = board
        .get::<RustCalls>()
        .map(|c| c.0.values().copied().sum())
        .unwrap_or(0);
    (lua, rust)
}

const COUNTERS: &str = "[{lua: {file: scripts/counter.lua, function: count}}, count_calls]";

#[test]
fn conditions_before_the_acting_leaf_run_once_per_decision() {
    // From the second decision on, the acting leaf's previous action completes, the root
    // succeeds without acting and is ticked again: the counters used to run twice.
    let trees = [
        format!("priority:\n  - priority: {COUNTERS}\n  - search_once\n"),
        // Under a sequence with memory and a reactive sequence.
        format!("priority:\n  - sequence: [{{invert: {{priority: {COUNTERS}}}}}, search_once]\n"),
        format!(
            "priority:\n  - reactive_sequence: [{{invert: {{priority: {COUNTERS}}}}}, search_once]\n"
        ),
        // A repeat_until checks `until` before each round; two rounds per decision.
        format!("repeat_until:\n  until: {{priority: {COUNTERS}}}\n  do: search_once\n"),
    ];
    for (i, tree) in trees.iter().enumerate() {
        let repo = Repo::new(&format!("once-{i}"));
        let mut bot = repo.load(tree);
        assert_eq!(counts_after(&mut bot, 0, 1), (1, 1), "{tree}");
        assert_eq!(counts_after(&mut bot, 1, 2), (2, 2), "{tree}");
        assert_eq!(counts_after(&mut bot, 2, 7), (7, 7), "{tree}");
    }
}

#[test]
fn the_trace_shows_each_leaf_once() {
    let repo = Repo::new("once-trace");
    let mut bot = repo.load(&format!(
        "priority:\n  - priority: {COUNTERS}\n  - search_once\n"
    ));
    bot.set_trace(true);
    let w = sample_world();
    bot.decide(&w);
    bot.decide(&w);
    let trace = bot.last_trace();
    assert_eq!(
        trace,
        [
            ("root/priority#0/lua#0".to_string(), "failure"),
            ("root/priority#0/count_calls#1".to_string(), "failure"),
            ("root/search_once#1".to_string(), "success"),
            ("root/search_once#1".to_string(), "running"),
        ],
        "the previous search completes, the root restarts, search acts again"
    );
}

/// Where the decision time goes: each leaf that ran, with its calls (once per decision, the
/// completed action's restart included), Lua told from Rust, slowest first; a reload keeps
/// the counts of the leaves it keeps.
#[test]
fn leaf_times_count_each_leaf_s_calls() {
    let repo = Repo::new("once-times");
    let mut bot = repo.load(&format!(
        "priority:\n  - priority: {COUNTERS}\n  - search_once\n"
    ));
    assert!(bot.leaf_times().is_empty(), "nothing ran yet");
    counts_after(&mut bot, 0, 5);
    let calls = |bot: &TreeBot| {
        let mut calls: Vec<(String, bool, u64)> = bot
            .leaf_times()
            .into_iter()
            .map(|t| (t.path, t.lua, t.calls))
            .collect();
        calls.sort();
        calls
    };
    assert_eq!(
        calls(&bot),
        [
            ("root/priority#0/count_calls#1".to_string(), false, 5),
            ("root/priority#0/lua#0".to_string(), true, 5),
            ("root/search_once#1".to_string(), false, 5),
        ]
    );
    let times = bot.leaf_times();
    assert!(times.windows(2).all(|w| w[0].seconds >= w[1].seconds));
    assert!(bot.reload(Vec::new()));
    counts_after(&mut bot, 5, 7);
    assert_eq!(
        calls(&bot).iter().map(|c| c.2).collect::<Vec<_>>(),
        [7, 7, 7]
    );
}
