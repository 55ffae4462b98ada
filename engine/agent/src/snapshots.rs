//! World snapshots: every `every`-th decision's world, as JSON, for measuring and checking the
//! decisions offline (`nhbot bench tree --worlds DIR` decides on them again, without the game).

use anyhow::{Context, Result};
use nhbot_world::{Decision, World};
use std::path::PathBuf;

use crate::observer::LoopObserver;

/// Writes `DIR/<decision>.json` (the world a decision was taken on) every `every` decisions.
pub struct WorldSnapshots {
    pub dir: PathBuf,
    pub every: u64,
}

impl LoopObserver for WorldSnapshots {
    fn on_decision(&mut self, world: &World, _decision: &Decision) -> Result<()> {
        if self.every == 0 || !world.decisions.is_multiple_of(self.every) {
            return Ok(());
        }
        std::fs::create_dir_all(&self.dir)
            .with_context(|| format!("creating {}", self.dir.display()))?;
        let path = self.dir.join(format!("{}.json", world.decisions));
        std::fs::write(&path, serde_json::to_vec(world)?)
            .with_context(|| format!("writing {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::Action;

    #[test]
    fn every_nth_world_is_written_whole() {
        let dir = std::env::temp_dir().join(format!("nhbot-snapshots-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut snaps = WorldSnapshots {
            dir: dir.clone(),
            every: 3,
        };
        let decision = Decision {
            action: Action::Search { count: 1 },
            path: "root/search".into(),
            reason: "waiting".into(),
        };
        let mut world = World::default();
        world.messages.push("You hear a door open.".into());
        for n in 0..7 {
            world.decisions = n;
            world.turn = 10 * n as i64;
            snaps.on_decision(&world, &decision).unwrap();
        }
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["0.json", "3.json", "6.json"]);
        let back: World =
            serde_json::from_slice(&std::fs::read(dir.join("3.json")).unwrap()).unwrap();
        assert_eq!(back.turn, 30);
        assert_eq!(back.messages, world.messages);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
