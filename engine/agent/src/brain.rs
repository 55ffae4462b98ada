//! Whatever picks the next action from the world: a behavior tree, or the built-in trivial bot.

use nhbot_world::{Action, Decision, Dir, Hunger, World};

pub trait Brain {
    fn decide(&mut self, world: &World) -> Decision;
    /// Notes for the log since the last call (tree reloads and their errors, script errors).
    fn notes(&mut self) -> Vec<String> {
        Vec::new()
    }
    fn name(&self) -> String;
    /// Gives the brain the game's knowledge base (trees hand it to Lua's `kb.*`).
    fn install_kb(&mut self, _kb: crate::kbfeed::KbFeed) {}
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
        })
    }
}

impl Brain for TreeBrain {
    fn decide(&mut self, world: &World) -> Decision {
        self.bot.decide(world)
    }

    fn notes(&mut self) -> Vec<String> {
        let mut notes: Vec<String> = self
            .bot
            .reload_events()
            .into_iter()
            .map(|e| describe_reload(&e))
            .collect();
        notes.extend(
            self.bot
                .take_leaf_errors()
                .into_iter()
                .map(|e| format!("{e:?}")),
        );
        notes
    }

    fn name(&self) -> String {
        self.label.clone()
    }

    fn install_kb(&mut self, kb: crate::kbfeed::KbFeed) {
        self.bot.set_kb(Box::new(kb));
    }
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
