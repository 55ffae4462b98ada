//! The README's "Writing a bot" example of a Rust leaf of your own, compiled with the tests so
//! the README's code cannot rot: `cargo run -p nhbot-skills --example own_leaf` loads the
//! default tree with the extra node registered and decides once on a sample world.

use nhbot_bt::{p, Leaf, LeafOutcome, LeafSpec, ParamType, Requirement, Tick, TreeBot};
use nhbot_world::Action;

/// Searches in bursts of `turns`, counting its bursts (its own state, per node).
struct Patient {
    turns: u16,
}

impl Leaf for Patient {
    type State = u32;
    fn tick(&self, bursts: &mut u32, tick: &mut Tick<'_>) -> LeafOutcome {
        *bursts += 1;
        let why = format!("burst {bursts} at HP {}", tick.world.status.hp);
        LeafOutcome::Act(Action::Search { count: self.turns }, why)
    }
}

fn main() {
    let mut registry = nhbot_skills::registry(); // every NetHack leaf, and the control nodes
    registry.register(
        LeafSpec::action("patient", "Searches in bursts.")
            .params(
                const {
                    &[p(
                        "turns",
                        ParamType::Integer { min: 1, max: 50 },
                        Requirement::Default("5"),
                        "Turns per burst.",
                    )]
                },
            )
            .shorthand("turns"),
        |params| Patient {
            turns: params.integer("turns") as u16,
        },
    );
    let dir = nhbot_bt::testing::scratch_dir("own-leaf").expect("scratch dir");
    let tree = dir.join("trees/main.yaml");
    std::fs::write(&tree, "priority:\n  - hp_below: 0.2\n  - patient: 10\n").expect("write");
    let mut bot = TreeBot::load(registry, &tree).unwrap_or_else(|d| panic!("{d:?}"));
    let decision = bot.decide(&nhbot_bt::testing::sample_world());
    println!(
        "{:?} by {}: {}",
        decision.action, decision.path, decision.reason
    );
    let _ = std::fs::remove_dir_all(dir);
}
