//! Game → knowledge base: shop labels, sell offers and discoveries become facts in the game's
//! append-only fact log; Lua leaves query the same knowledge base through `kb.*`.

use anyhow::Result;
use std::path::Path;
use std::sync::{Arc, Mutex};

use nhbot_kb::{parse_discovery_line, parse_sell_offer, parse_shop_label, GameKb, Hero};
use nhbot_world::World;

use crate::observer::LoopObserver;

/// The game's knowledge base, shared between the loop (which feeds it) and the tree (which asks).
#[derive(Clone)]
pub struct KbFeed {
    kb: Arc<Mutex<GameKb>>,
}

impl KbFeed {
    /// Opens (or continues, on --resume) the fact log at `path`.
    pub fn open(path: &Path) -> Result<KbFeed> {
        Ok(KbFeed {
            kb: Arc::new(Mutex::new(GameKb::open(path)?)),
        })
    }

    /// Turns this decision's messages and closed window lines into facts. Returns how many
    /// lines produced facts.
    pub fn observe(&self, world: &World, window_lines: &[String]) -> Result<usize> {
        // Sucker status (dunce cap, Tourist, visible shirt) is not tracked yet: a Valkyrie never is.
        let hero = Hero {
            charisma: world.status.cha,
            sucker: false,
        };
        let mut kb = self
            .kb
            .lock()
            .map_err(|_| anyhow::anyhow!("knowledge base lock poisoned"))?;
        let mut used = 0;
        let lines: Vec<&String> = world.messages.iter().chain(window_lines).collect();
        for (i, line) in lines.iter().enumerate() {
            let mut facts = parse_shop_label(line, hero).unwrap_or_default();
            // A plural offer ("Sell them?") is for a stack of unknown size: not a usable price.
            // The screen splits messages at double spaces, so the offer ("X offers 38 gold
            // pieces for your cloudy potion.") arrives as the line before "Sell it? [ynaq]".
            if line.starts_with("Sell it?") {
                if let Some(offer) = i.checked_sub(1).map(|j| lines[j]) {
                    let joined = format!("{offer}  Sell it?");
                    facts.extend(parse_sell_offer(&joined, hero, 1).unwrap_or_default());
                }
            } else if line.contains("Sell it?") {
                facts.extend(parse_sell_offer(line, hero, 1).unwrap_or_default());
            }
            facts.extend(parse_discovery_line(line));
            used += !facts.is_empty() as usize;
            for f in facts {
                kb.add(f)?;
            }
        }
        Ok(used)
    }
}

/// The feed watches the loop: each pass's messages and window lines become facts; a failure is
/// a warning for the log, not the end of the game.
impl LoopObserver for KbFeed {
    fn on_frame(&mut self, world: &World, window_lines: &[String]) -> Vec<String> {
        match self.observe(world, window_lines) {
            Ok(_) => Vec::new(),
            Err(e) => vec![format!("knowledge base: {e:#}")],
        }
    }
}

impl nhbot_bt::KbQuery for KbFeed {
    fn candidates(&self, appearance: &str) -> Vec<String> {
        let kb = self.kb.lock();
        kb.ok()
            .and_then(|kb| kb.kb().candidates(appearance).ok())
            .map(|a| a.candidates)
            .unwrap_or_default()
    }
    fn identity(&self, appearance: &str) -> Option<String> {
        self.kb
            .lock()
            .ok()?
            .kb()
            .identity(appearance)
            .ok()
            .flatten()
    }
    fn could_be(&self, appearance: &str, identity: &str) -> bool {
        self.kb
            .lock()
            .ok()
            .and_then(|kb| kb.kb().could_be(appearance, identity).ok())
            .unwrap_or(false)
    }
}
