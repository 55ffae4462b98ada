//! A game's KB backed by its fact log: every new fact is logged, then learned.

use crate::facts::{Fact, FactLog};
use crate::kb::Kb;
use anyhow::Result;
use std::path::Path;

pub struct GameKb {
    kb: Kb,
    log: FactLog,
}

impl GameKb {
    /// Reloads the facts already in `path` (if any) and appends new ones there.
    pub fn open(path: impl AsRef<Path>) -> Result<GameKb> {
        let path = path.as_ref();
        let facts = if path.exists() {
            FactLog::load(path)?
        } else {
            Vec::new()
        };
        Ok(GameKb {
            kb: Kb::from_facts(facts),
            log: FactLog::open(path)?,
        })
    }

    /// Logs and learns one fact; a repeat of a known fact is neither logged nor learned.
    /// Returns whether it was new.
    pub fn add(&mut self, fact: Fact) -> Result<bool> {
        let before = self.kb.facts().len();
        self.kb.add(fact);
        match self.kb.facts().get(before) {
            Some(new) => self.log.append(new).map(|()| true),
            None => Ok(false),
        }
    }

    pub fn kb(&self) -> &Kb {
        &self.kb
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_shop_label, Hero};

    #[test]
    fn facts_survive_a_restart() {
        let dir = std::env::temp_dir().join(format!("nhbot-kb-game-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("facts.jsonl");
        let _ = std::fs::remove_file(&path);
        let hero = Hero {
            charisma: 11,
            sucker: false,
        };
        {
            let mut game = GameKb::open(&path).unwrap();
            for _ in 0..3 {
                for f in parse_shop_label("a bubbly potion (for sale, 133 zorkmids)", hero).unwrap()
                {
                    game.add(f).unwrap();
                }
            }
        }
        assert_eq!(FactLog::load(&path).unwrap().len(), 2, "seen + quote, once");
        let game = GameKb::open(&path).unwrap();
        let answer = game.kb().candidates("bubbly potion").unwrap();
        assert_eq!(answer.price_groups, vec![100]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
