//! Whatever picks the next action from the world: a behavior tree, or the built-in trivial bot.

use nhbot_bt::PhaseRecord;
use nhbot_world::{Action, Decision, Dir, Hunger, World};

pub trait Brain {
    fn decide(&mut self, world: &World) -> Decision;
    /// Notes for the log since the last call (tree reloads and their errors, script errors).
    fn notes(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// What the brain's leaves logged while deciding (Lua's `log(...)`), taken after each
    /// decision and handed to the observers with it.
    fn leaf_logs(&mut self) -> Vec<nhbot_bt::LeafLog> {
        Vec::new()
    }
    fn name(&self) -> String;
    /// Gives the brain the game's knowledge base (trees hand it to Lua's `kb.*`).
    fn install_kb(&mut self, _kb: crate::kbfeed::KbFeed) {}
    /// The phase the brain's plan follows as it takes its decisions (`sokoban: solve the four
    /// levels`; outer to inner joined by ` > ` when plans nest): the head of every reason chain.
    fn phase(&self) -> Option<String> {
        None
    }
    /// The phases reached and completed this game, with their turns (for the results line).
    fn phase_records(&self) -> Vec<PhaseRecord> {
        Vec::new()
    }
    /// Gives back the phase records of an earlier session of this game (`--resume`).
    fn restore_phases(&mut self, _records: &[PhaseRecord]) {}
    /// Where the decisions' time went, per leaf, slowest first (a tree's leaves).
    fn leaf_times(&self) -> Vec<nhbot_bt::LeafTime> {
        Vec::new()
    }
}

/// The foundation's trivial bot: eat when Weak, otherwise wander to squares it has not stood on
/// and search now and then. It exists so the loop runs end to end; real bots are trees.
pub struct TrivialBrain {
    rng: u64,
}

impl TrivialBrain {
    pub fn new(seed: u64) -> TrivialBrain {
        TrivialBrain { rng: seed | 1 }
    }

    fn next(&mut self) -> u64 {
        // xorshift64: deterministic per seed, so seeded games replay exactly.
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }
}

/// Glyphs a step can go onto (floor, corridor, doorway, open door, stairs, fountain, altar...).
pub fn walkable(ch: char) -> bool {
    matches!(
        ch,
        '.' | '#'
            | '<'
            | '>'
            | '{'
            | '_'
            | '%'
            | ')'
            | '['
            | '?'
            | '!'
            | '/'
            | '='
            | '"'
            | '('
            | '*'
            | '$'
            | '+'
            | '|'
            | '-'
    )
}

impl Brain for TrivialBrain {
    fn name(&self) -> String {
        "trivial".into()
    }

    fn decide(&mut self, world: &World) -> Decision {
        let d = |action, path: &str, reason: String| Decision {
            action,
            path: path.into(),
            reason,
        };
        if world.status.hunger >= Hunger::Weak {
            return d(
                Action::Eat { item: None },
                "trivial/eat",
                format!("{:?}: eating", world.status.hunger),
            );
        }
        if world.status.hp_max > 0 && world.status.hp * 7 < world.status.hp_max && world.turn > 300
        {
            return d(
                Action::Pray,
                "trivial/pray",
                format!("HP {}/{}", world.status.hp, world.status.hp_max),
            );
        }
        let roll = self.next();
        if roll.is_multiple_of(10) {
            return d(
                Action::Search { count: 5 },
                "trivial/search",
                "searching now and then".into(),
            );
        }
        let here = world.player;
        let options: Vec<Dir> = Dir::COMPASS
            .into_iter()
            .filter(|dir| {
                let p = dir.step(here);
                let Some(cell) = world.view.get(p) else {
                    return false;
                };
                // Doors and walls share glyphs; orthogonal steps only through them.
                let door_like = matches!(cell.ch, '+' | '|' | '-');
                walkable(cell.ch) && !(door_like && (dir.is_diagonal() || cell.fg != 3))
            })
            .collect();
        if options.is_empty() {
            return d(
                Action::Search { count: 5 },
                "trivial/search",
                "no open square next to us".into(),
            );
        }
        let dir = options[(roll >> 8) as usize % options.len()];
        d(
            Action::Move { dir },
            "trivial/wander",
            format!("random step {dir:?}"),
        )
    }
}

/// A behavior tree from `trees/` (hot-reloaded) as the brain.
pub struct TreeBrain {
    pub bot: nhbot_bt::TreeBot,
    label: String,
    /// Script errors already reported (leaf path, message): a broken script fails at every
    /// decision, and the log needs each error once. Forgotten at each reload, so an edit that
    /// does not fix the script is reported again.
    reported: std::collections::HashSet<(String, String)>,
}

impl TreeBrain {
    /// Loads the tree and starts watching its files; load errors come back as one message with
    /// every diagnostic (file:line:col).
    pub fn load(tree: &std::path::Path) -> anyhow::Result<TreeBrain> {
        let mut bot = nhbot_bt::TreeBot::load(nhbot_skills::registry(), tree).map_err(|diags| {
            let text: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
            anyhow::anyhow!("{} does not load:\n{}", tree.display(), text.join("\n"))
        })?;
        bot.watch()?;
        Ok(TreeBrain {
            bot,
            label: tree.display().to_string(),
            reported: Default::default(),
        })
    }
}

impl Brain for TreeBrain {
    fn decide(&mut self, world: &World) -> Decision {
        self.bot.decide(world)
    }

    fn notes(&mut self) -> Vec<String> {
        let reloads = self.bot.reload_events();
        if reloads
            .iter()
            .any(|e| matches!(e, nhbot_bt::ReloadEvent::Reloaded { .. }))
        {
            self.reported.clear();
        }
        let mut notes: Vec<String> = reloads.iter().map(describe_reload).collect();
        for e in self.bot.take_leaf_errors() {
            let note = describe_leaf_error(&e);
            if self.reported.insert((e.path, e.message)) {
                notes.push(note);
            }
        }
        notes
    }

    fn leaf_logs(&mut self) -> Vec<nhbot_bt::LeafLog> {
        self.bot.take_leaf_logs()
    }

    fn name(&self) -> String {
        self.label.clone()
    }

    fn install_kb(&mut self, kb: crate::kbfeed::KbFeed) {
        self.bot.set_kb(Box::new(kb));
    }

    fn phase(&self) -> Option<String> {
        nhbot_bt::phase_label(self.bot.active_phases())
    }

    fn phase_records(&self) -> Vec<PhaseRecord> {
        self.bot.phase_records().to_vec()
    }

    fn restore_phases(&mut self, records: &[PhaseRecord]) {
        self.bot.restore_phases(records);
    }

    fn leaf_times(&self) -> Vec<nhbot_bt::LeafTime> {
        self.bot.leaf_times()
    }
}

/// `script error in root/lua#0: scripts/eat.lua:3 in function f: attempt to index a nil value`.
fn describe_leaf_error(e: &nhbot_bt::LeafError) -> String {
    format!("script error in {}: {}", e.path, e.message)
}

fn describe_reload(e: &nhbot_bt::ReloadEvent) -> String {
    match e {
        nhbot_bt::ReloadEvent::Reloaded {
            changed,
            nodes,
            took,
        } => {
            format!("tree reloaded ({nodes} nodes, {took:?}) after changes to {changed:?}")
        }
        nhbot_bt::ReloadEvent::Failed { diagnostics, .. } => {
            let d: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
            format!(
                "tree reload failed, the previous tree keeps running:\n{}",
                d.join("\n")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_script_is_one_readable_note_once() {
        let dir = std::env::temp_dir().join(format!("nhbot-brain-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("trees")).unwrap();
        std::fs::create_dir_all(dir.join("scripts")).unwrap();
        let tree = dir.join("trees/main.yaml");
        std::fs::write(
            &tree,
            "priority:\n  name: root\n  children:\n    - lua: {file: scripts/bad.lua}\n    - search: 1\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("scripts/bad.lua"),
            "return function(world, state)\n  local x = nil\n  return x.y\nend\n",
        )
        .unwrap();
        let mut brain = TreeBrain::load(&tree).unwrap();
        let world = World::default();
        let mut notes = Vec::new();
        for _ in 0..5 {
            brain.decide(&world);
            notes.extend(brain.notes());
        }
        assert_eq!(
            notes,
            ["script error in root/lua#0: scripts/bad.lua:3 in function <scripts/bad.lua:1>: attempt to index a nil value (local 'x')"]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_tree_brain_hands_over_what_its_lua_leaves_logged() {
        let dir = std::env::temp_dir().join(format!("nhbot-brain-log-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("trees")).unwrap();
        std::fs::create_dir_all(dir.join("scripts")).unwrap();
        let tree = dir.join("trees/main.yaml");
        std::fs::write(
            &tree,
            "priority:\n  name: root\n  children:\n    - lua: {file: scripts/say.lua, name: say}\n    - search: 1\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("scripts/say.lua"),
            "return function(world)\n  log('turn', world.turn)\n  return false\nend\n",
        )
        .unwrap();
        let mut brain = TreeBrain::load(&tree).unwrap();
        let mut world = World::default();
        let mut got = Vec::new();
        for turn in 1..=3 {
            world.turn = turn;
            world.decisions = turn as u64 - 1;
            brain.decide(&world);
            got.extend(brain.leaf_logs().iter().map(|l| l.to_string()));
        }
        assert_eq!(
            got,
            [
                "0 root/say: turn 1",
                "1 root/say: turn 2",
                "2 root/say: turn 3"
            ]
        );
        assert!(TrivialBrain::new(1).leaf_logs().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
