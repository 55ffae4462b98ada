//! The `plan` node: which phase is active (order, `when`, `done`, `skip`), what the plan
//! remembers (completed phases stay completed; a reload keeps progress by phase name), what a
//! failing phase does, what Lua leaves see, and how bad plans are reported.

use nhbot_bt::testing::{sample_world, scratch_dir};
use nhbot_bt::{
    json_schema, p, phase_label, LeafOutcome, LeafSpec, NodeRegistry, ParamType, Params,
    PhaseRecord, Requirement, TreeBot,
};
use nhbot_world::{Action, World};
use std::path::PathBuf;

fn turn_at_least(params: &Params, world: &World) -> LeafOutcome {
    if world.turn >= params.integer("turn") {
        LeafOutcome::Success
    } else {
        LeafOutcome::Failure
    }
}

fn turn_is(params: &Params, world: &World) -> LeafOutcome {
    if world.turn == params.integer("turn") {
        LeafOutcome::Success
    } else {
        LeafOutcome::Failure
    }
}

fn say(params: &Params, _: &World) -> LeafOutcome {
    LeafOutcome::Act(
        Action::Search { count: 1 },
        params.text("text").unwrap_or_default().to_string(),
    )
}

fn fail(_: &Params, _: &World) -> LeafOutcome {
    LeafOutcome::Failure
}

const TURN: &[nhbot_bt::ParamSpec] = &[p(
    "turn",
    ParamType::Integer {
        min: 0,
        max: 1_000_000,
    },
    Requirement::Required,
    "A game turn.",
)];
const TEXT: &[nhbot_bt::ParamSpec] =
    &[p("text", ParamType::Text, Requirement::Required, "Reason.")];

fn registry() -> NodeRegistry {
    let mut r = NodeRegistry::new();
    r.register_fn(
        LeafSpec::condition("turn_at_least", "Turn >= `turn`.")
            .params(TURN)
            .shorthand("turn"),
        turn_at_least,
    );
    r.register_fn(
        LeafSpec::condition("turn_is", "Turn == `turn`.")
            .params(TURN)
            .shorthand("turn"),
        turn_is,
    );
    r.register_fn(
        LeafSpec::action("say", "Searches 1 with `text` as the reason.")
            .params(TEXT)
            .shorthand("text"),
        say,
    );
    r.register_fn(LeafSpec::condition("fail", "Fails."), fail);
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

    fn tree(&self) -> PathBuf {
        self.dir.join("trees/main.yaml")
    }

    fn write(&self, yaml: &str) {
        std::fs::write(self.tree(), yaml).expect("tree");
    }

    fn load(&self, yaml: &str) -> TreeBot {
        self.write(yaml);
        TreeBot::load(registry(), &self.tree()).unwrap_or_else(|d| panic!("{d:?}"))
    }

    /// The error messages of a tree that must not load, as `file:line:col: message` with the
    /// file name only.
    fn errors(&self, yaml: &str) -> Vec<String> {
        self.write(yaml);
        let Err(diags) = TreeBot::load(registry(), &self.tree()) else {
            panic!("the tree loaded:\n{yaml}");
        };
        diags
            .iter()
            .map(|d| d.to_string().replace(&self.dir.display().to_string(), ""))
            .collect()
    }

    fn reload(&self, bot: &mut TreeBot, yaml: &str) {
        self.write(yaml);
        assert!(bot.reload(vec![self.tree()]), "{:?}", bot.reload_events());
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One decision at `turn`: the reason and the phase label of the reason chain.
fn decide(bot: &mut TreeBot, turn: i64) -> (String, Option<String>) {
    let mut w = sample_world();
    w.turn = turn;
    w.decisions = turn as u64;
    let d = bot.decide(&w);
    (d.reason, phase_label(bot.active_phases()))
}

fn record(name: &str, reached: Option<i64>, completed: Option<i64>) -> PhaseRecord {
    PhaseRecord {
        name: name.into(),
        reached,
        completed,
    }
}

const THREE_PHASES: &str = r#"
plan:
  name: root
  phases:
    - phase:
        name: early
        goal: survive the first turns
        done: {turn_is: 5}
        do: {say: early}
    - phase:
        name: middle
        goal: wait for turn 20
        when: {turn_at_least: 3}
        done: {turn_at_least: 20}
        do: {say: middle}
    - phase:
        name: late
        goal: the rest
        do: {say: late}
"#;

#[test]
fn the_active_phase_is_the_first_open_one_whose_when_holds_and_done_ones_stay_done() {
    let repo = Repo::new("plan-order");
    let mut bot = repo.load(THREE_PHASES);
    let early = Some("early: survive the first turns".to_string());
    assert_eq!(decide(&mut bot, 1), ("early".into(), early.clone()));
    // `middle`'s `when` holds from turn 3 on, but `early` comes first.
    assert_eq!(decide(&mut bot, 3).1, early);
    // `early`'s `done` holds at turn 5 only: completed then, and for good.
    let middle = Some("middle: wait for turn 20".to_string());
    assert_eq!(decide(&mut bot, 5), ("middle".into(), middle.clone()));
    assert_eq!(decide(&mut bot, 6).1, middle);
    assert_eq!(
        decide(&mut bot, 20),
        ("late".into(), Some("late: the rest".into()))
    );
    assert_eq!(
        bot.phase_records(),
        [
            record("early", Some(1), Some(5)),
            record("middle", Some(5), Some(20)),
            record("late", Some(20), None),
        ]
    );
    assert_eq!(bot.active_phases()[0].since, 20);
    assert_eq!(bot.active_phases()[0].plan, "root");
}

#[test]
fn a_skipped_phase_is_passed_over_and_never_reached() {
    let repo = Repo::new("plan-skip");
    let mut bot =
        repo.load(&THREE_PHASES.replace("name: early\n", "name: early\n        skip: true\n"));
    assert_eq!(decide(&mut bot, 1).0, "late");
    assert_eq!(decide(&mut bot, 3).0, "middle");
    assert_eq!(
        bot.phase_records(),
        [
            record("late", Some(1), None),
            record("middle", Some(3), None)
        ]
    );
}

#[test]
fn a_reload_keeps_progress_by_phase_name_and_takes_a_skip_at_the_next_decision() {
    let repo = Repo::new("plan-reload");
    let mut bot = repo.load(THREE_PHASES);
    decide(&mut bot, 5);
    assert_eq!(bot.active_phases()[0].name, "middle");
    // Reordered: `early` (completed) first again, `late` before `middle`, `middle` renamed
    // goal. `early` stays completed; `late` has no `when`, so it is active now.
    let reordered = r#"
plan:
  name: root
  phases:
    - phase: {name: early, goal: survive, do: {say: early}}
    - phase: {name: late, goal: the rest, when: {turn_at_least: 7}, do: {say: late}}
    - phase: {name: middle, goal: new words, do: {say: middle}}
"#;
    repo.reload(&mut bot, reordered);
    // Before any decision, the phase being followed is still `middle`, with its new goal.
    assert_eq!(
        phase_label(bot.active_phases()),
        Some("middle: new words".into())
    );
    assert_eq!(decide(&mut bot, 6).0, "middle");
    assert_eq!(decide(&mut bot, 7).0, "late");
    // `early` was done at the first decision: completed without ever being active.
    assert_eq!(bot.phase_records()[0], record("early", None, Some(5)));
    // Skipping the active phase: the next decision follows the next one.
    repo.reload(
        &mut bot,
        &reordered.replace("name: late,", "name: late, skip: true,"),
    );
    assert_eq!(
        bot.active_phases(),
        [],
        "a skipped phase is no longer followed"
    );
    assert_eq!(
        decide(&mut bot, 8),
        ("middle".into(), Some("middle: new words".into()))
    );
    // A renamed phase is another phase: no memory of the old name's progress.
    repo.reload(&mut bot, &reordered.replace("name: early,", "name: first,"));
    assert_eq!(decide(&mut bot, 9).1, Some("first: survive".into()));
}

#[test]
fn a_failing_phase_fails_the_plan_and_no_later_phase_runs() {
    let repo = Repo::new("plan-fail");
    let mut bot = repo.load(
        r#"
priority:
  name: root
  children:
    - plan:
        name: game
        phases:
          - phase: {name: stuck, goal: nothing to do, do: fail}
          - phase: {name: next, goal: never reached, do: {say: next}}
    - say: below the plan
"#,
    );
    let (reason, phase) = decide(&mut bot, 1);
    assert_eq!(reason, "below the plan");
    // The game is in phase `stuck`, even though its branch found nothing to do.
    assert_eq!(phase, Some("stuck: nothing to do".into()));
    assert_eq!(bot.phase_records(), [record("stuck", Some(1), None)]);
}

#[test]
fn a_plan_with_no_possible_phase_fails_and_follows_none() {
    let repo = Repo::new("plan-none");
    let mut bot = repo.load(
        r#"
priority:
  name: root
  children:
    - plan:
        - phase: {name: later, goal: from turn 10, when: {turn_at_least: 10}, do: {say: later}}
        - phase: {name: off, goal: skipped, skip: true, do: {say: off}}
    - say: fallback
"#,
    );
    assert_eq!(decide(&mut bot, 10).0, "later");
    // `when` no longer holds (a turn condition cannot go back in a game; a test world can):
    // the plan follows no phase any more.
    assert_eq!(decide(&mut bot, 2), ("fallback".into(), None));
}

#[test]
fn decisions_above_the_plan_carry_the_phase_it_last_chose() {
    let repo = Repo::new("plan-above");
    let mut bot = repo.load(
        r#"
priority:
  name: root
  children:
    - sequence: [{turn_is: 4}, {say: emergency}]
    - plan:
        - phase: {name: only, goal: the whole game, do: {say: playing}}
"#,
    );
    assert_eq!(decide(&mut bot, 1).0, "playing");
    assert_eq!(
        decide(&mut bot, 4),
        ("emergency".into(), Some("only: the whole game".into()))
    );
}

#[test]
fn nested_plans_show_outer_then_inner_and_leaving_the_outer_phase_drops_the_inner() {
    let repo = Repo::new("plan-nested");
    let mut bot = repo.load(
        r#"
plan:
  name: root
  phases:
    - phase:
        name: outer
        goal: first part
        done: {turn_at_least: 10}
        do:
          plan:
            name: steps
            phases:
              - phase: {name: step1, goal: one, done: {turn_at_least: 3}, do: {say: step1}}
              - phase: {name: step2, goal: two, do: {say: step2}}
    - phase: {name: after, goal: second part, do: {say: after}}
"#,
    );
    assert_eq!(
        decide(&mut bot, 1),
        (
            "step1".into(),
            Some("outer: first part > step1: one".into())
        )
    );
    assert_eq!(
        decide(&mut bot, 3).1,
        Some("outer: first part > step2: two".into())
    );
    assert_eq!(bot.active_phases()[1].plan, "root/outer/steps");
    assert_eq!(
        decide(&mut bot, 10),
        ("after".into(), Some("after: second part".into()))
    );
}

#[test]
fn lua_leaves_read_the_phase_and_serve_as_conditions() {
    let repo = Repo::new("plan-lua");
    std::fs::write(
        repo.dir.join("scripts/plan.lua"),
        r#"
return {
  -- A condition: the blackboard says the first phase is over.
  first_done = function(world)
    return blackboard.get("first over") == true
  end,
  report = function(world)
    local now = plan.phase()
    if world.turn >= 2 then blackboard.set("first over", true) end
    return act.search(1, string.format("%s (%s) since %d; first completed at %s, reached at %s",
      now.name, now.goal, now.since, tostring(plan.completed("first")),
      tostring(plan.reached("first"))))
  end,
}
"#,
    )
    .expect("script");
    let mut bot = repo.load(
        r#"
plan:
  name: root
  phases:
    - phase:
        name: first
        goal: wait for the board
        done: {lua: {file: plan.lua, function: first_done}}
        do: {lua: {file: plan.lua, function: report}}
    - phase: {name: second, goal: report, do: {lua: {file: plan.lua, function: report}}}
"#,
    );
    assert_eq!(
        decide(&mut bot, 1).0,
        "first (wait for the board) since 1; first completed at nil, reached at 1"
    );
    assert_eq!(
        decide(&mut bot, 2).0,
        "first (wait for the board) since 1; first completed at nil, reached at 1"
    );
    assert_eq!(
        decide(&mut bot, 3).0,
        "second (report) since 3; first completed at 3, reached at 1"
    );
}

#[test]
fn restored_records_keep_completed_phases_completed() {
    let repo = Repo::new("plan-restore");
    let mut bot = repo.load(THREE_PHASES);
    bot.restore_phases(&[
        record("early", Some(1), Some(5)),
        record("middle", Some(5), None),
    ]);
    assert_eq!(decide(&mut bot, 30).0, "late");
    assert_eq!(
        bot.phase_records(),
        [
            record("early", Some(1), Some(5)),
            record("middle", Some(5), Some(30)),
            record("late", Some(30), None),
        ]
    );
}

#[test]
fn bad_plans_are_reported_with_file_line_and_column() {
    let repo = Repo::new("plan-errors");
    let errors = repo.errors(
        r#"priority:
  name: root
  children:
    - phase: {name: loose, goal: outside a plan, do: {say: x}}
    - plan:
        - say: not a phase
        - phase: {goal: no name, do: {say: x}}
        - phase: {name: twice, goal: one, do: {say: x}}
        - phase: {name: twice, goal: two, skip: maybe, do: {say: x}}
        - phase: {name: twice2, goal: two, do: {say: x}}
        - phase: {name: bodyless, goal: nothing to do}
"#,
    );
    let expected = [
        "/trees/main.yaml:7:11: error: `phase` needs a `name`: its identity in reason chains, in progress kept across reloads and in results",
        "/trees/main.yaml:9:49: error: parameter `skip` of `phase` must be true or false, got `maybe`",
        "/trees/main.yaml:11:11: error: `phase` is missing required parameter `do` (a node: What the bot does while the phase is active.)",
    ];
    assert_eq!(errors, expected);
    // Once each phase parses, the plan's own rules.
    let errors = repo.errors(
        r#"priority:
  name: root
  children:
    - phase: {name: loose, goal: outside a plan, do: {say: x}}
    - plan:
        - say: not a phase
        - phase: {name: twice, goal: one, do: {say: x}}
    - plan:
        - phase: {name: twice, goal: two, do: {say: x}}
"#,
    );
    let expected = [
        "/trees/main.yaml:4:7: error: a `phase` stands directly in the `phases` of a `plan`",
        "/trees/main.yaml:6:11: error: a `plan` holds only `phase` nodes, got `say`",
        "/trees/main.yaml:9:11: error: phase name `twice` is already used by the phase at /trees/main.yaml:7:11 (a phase name keys the plan's memory)",
    ];
    assert_eq!(errors, expected);
}

#[test]
fn the_schema_knows_plans_and_phases() {
    let schema = json_schema(&registry());
    let plan = &schema["definitions"]["plan"]["properties"]["plan"]["anyOf"];
    assert_eq!(plan[0]["required"], serde_json::json!(["phases"]));
    assert_eq!(plan[1]["type"], "array", "the shorthand: a list of phases");
    let phase = &schema["definitions"]["phase"]["properties"]["phase"]["anyOf"][0];
    assert_eq!(phase["required"], serde_json::json!(["name", "goal", "do"]));
    assert_eq!(phase["properties"]["skip"]["type"], "boolean");
    assert_eq!(phase["properties"]["skip"]["default"], false);
    assert_eq!(phase["properties"]["when"]["$ref"], "#/definitions/node");
}
