//! Game → knowledge base: shop labels, sell offers, discoveries, engrave tests with unidentified
//! wands and the game's own names for the objects in the pack become facts in the game's
//! append-only fact log, each with the line that showed it; Lua leaves query the same knowledge
//! base through `kb.*` and add their own facts with `kb.observe`.

use anyhow::Result;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use nhbot_kb::{
    engrave_test_facts, observation_facts, parse_discovery_line, parse_sell_offer,
    parse_shop_label, renamed_facts, EngraveTest, Fact, GameKb, Hero, Observation, Slot,
};
use nhbot_world::{Action, Condition, Decision, World};

use crate::observer::LoopObserver;

/// The game's knowledge base, shared between the loop (which feeds it) and the tree (which asks).
#[derive(Clone)]
pub struct KbFeed {
    inner: Arc<Mutex<Feed>>,
}

struct Feed {
    kb: GameKb,
    /// The pack as last observed: what each letter held before the decision now observed.
    pack: Vec<Slot>,
    /// The letter the decision now carried out engraves with (`Action::Engrave { with }`, or raw
    /// keys `E` + letter), for outcomes the game shows without naming the wand.
    engraved_with: Option<char>,
}

/// The letter an action engraves with, if it is an engraving with an object.
fn engraving_letter(action: &Action) -> Option<char> {
    match action {
        Action::Engrave { with, .. } => *with,
        Action::Keys { keys } => {
            let mut keys = keys.chars();
            (keys.next() == Some('E'))
                .then(|| keys.next())
                .flatten()
                .filter(|c| c.is_ascii_alphabetic())
        }
        _ => None,
    }
}

impl KbFeed {
    /// Opens (or continues, on --resume) the fact log at `path`.
    pub fn open(path: &Path) -> Result<KbFeed> {
        Ok(KbFeed {
            inner: Arc::new(Mutex::new(Feed {
                kb: GameKb::open(path)?,
                pack: Vec::new(),
                engraved_with: None,
            })),
        })
    }

    fn lock(&self) -> Result<MutexGuard<'_, Feed>> {
        self.inner
            .lock()
            .map_err(|_| anyhow::anyhow!("knowledge base lock poisoned"))
    }

    /// Tells the feed the decision about to be carried out (its engraving letter, if any).
    pub fn decided(&self, decision: &Decision) -> Result<()> {
        self.lock()?.engraved_with = engraving_letter(&decision.action);
        Ok(())
    }

    /// Turns this decision's messages, closed window lines and pack into facts. Returns how many
    /// lines (and pack changes) produced facts.
    pub fn observe(&self, world: &World, window_lines: &[String]) -> Result<usize> {
        // Sucker status (dunce cap, Tourist, visible shirt) is not tracked yet: a Valkyrie never is.
        let hero = Hero {
            charisma: world.status.cha,
            sucker: false,
        };
        let mut feed = self.lock()?;
        let mut used = 0;
        let lines: Vec<&String> = world.messages.iter().chain(window_lines).collect();
        let mut facts = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let mut found = parse_shop_label(line, hero).unwrap_or_default();
            // A plural offer ("Sell them?") is for a stack of unknown size: not a usable price.
            // The screen splits messages at double spaces, so the offer ("X offers 38 gold
            // pieces for your cloudy potion.") arrives as the line before "Sell it? [ynaq]".
            if line.starts_with("Sell it?") {
                if let Some(offer) = i.checked_sub(1).map(|j| lines[j]) {
                    let joined = format!("{offer}  Sell it?");
                    found.extend(parse_sell_offer(&joined, hero, 1).unwrap_or_default());
                }
            } else if line.contains("Sell it?") {
                found.extend(parse_sell_offer(line, hero, 1).unwrap_or_default());
            }
            found.extend(parse_discovery_line(line));
            used += !found.is_empty() as usize;
            facts.extend(found);
        }
        let pack: Vec<Slot> = world
            .inventory
            .iter()
            .map(|item| (item.letter, item.text.clone()))
            .collect();
        let letter = feed.engraved_with.take();
        let tested = engrave_test_facts(&EngraveTest {
            messages: &world.messages,
            before: &feed.pack,
            after: &pack,
            letter,
            blind: world.status.conditions.contains(&Condition::Blind),
        });
        // Most decisions leave the pack as it was: nothing was renamed.
        let renamed = if feed.pack == pack {
            Vec::new()
        } else {
            renamed_facts(&feed.pack, &pack)
        };
        used += !tested.is_empty() as usize + renamed.len();
        facts.extend(tested.into_iter().chain(renamed));
        feed.pack = pack;
        for f in facts {
            feed.kb.add(f)?;
        }
        Ok(used)
    }
}

/// The feed watches the loop: each pass's messages, window lines and pack become facts; a
/// failure is a warning for the log, not the end of the game.
impl LoopObserver for KbFeed {
    fn on_frame(&mut self, world: &World, window_lines: &[String]) -> Vec<String> {
        match self.observe(world, window_lines) {
            Ok(_) => Vec::new(),
            Err(e) => vec![format!("knowledge base: {e:#}")],
        }
    }

    fn on_decision(&mut self, _world: &World, decision: &Decision) -> Result<()> {
        // A poisoned lock is reported by the next on_frame; the game goes on.
        let _ = self.decided(decision);
        Ok(())
    }
}

impl KbFeed {
    /// Runs `f` on the knowledge base; None when the lock is poisoned.
    fn with<T>(&self, f: impl FnOnce(&GameKb) -> T) -> Option<T> {
        self.inner.lock().ok().map(|feed| f(&feed.kb))
    }
}

impl nhbot_bt::KbQuery for KbFeed {
    fn candidates(&self, appearance: &str) -> Vec<String> {
        self.with(|kb| kb.kb().candidates(appearance).ok())
            .flatten()
            .map(|a| a.candidates)
            .unwrap_or_default()
    }
    fn identity(&self, appearance: &str) -> Option<String> {
        self.with(|kb| kb.kb().identity(appearance).ok().flatten())
            .flatten()
    }
    fn could_be(&self, appearance: &str, identity: &str) -> bool {
        self.with(|kb| kb.kb().could_be(appearance, identity).ok())
            .flatten()
            .unwrap_or(false)
    }
    fn why(&self, appearance: &str) -> Vec<String> {
        self.with(|kb| kb.kb().candidates(appearance).ok())
            .flatten()
            .map(|a| a.evidence)
            .unwrap_or_default()
    }
    fn observe(&self, seen: &nhbot_bt::KbObservation) -> Result<bool, String> {
        let facts = observation_facts(&Observation {
            appearance: seen.appearance.clone(),
            identity: seen.identity.clone(),
            not_identity: seen.not_identity.clone(),
            one_of: seen.one_of.clone(),
            source: seen.source.clone(),
            reason: seen.reason.clone(),
        })
        .map_err(|e| format!("{e:#}"))?;
        let mut feed = self.inner.lock().map_err(|_| "kb lock poisoned")?;
        let mut news = false;
        for fact in facts {
            news |= feed.kb.add(fact).map_err(|e| format!("{e:#}"))?;
        }
        Ok(news)
    }
}

/// The facts of `path` (the game's fact log) that came from `source` ("engrave test",
/// "inventory", "discoveries", "lua:..."), for tests and tools.
pub fn facts_from(path: &Path, source: &str) -> Result<Vec<Fact>> {
    Ok(nhbot_kb::FactLog::load(path)?
        .into_iter()
        .filter(|f| {
            f.why()
                .and_then(|w| w.source.as_deref())
                .is_some_and(|s| s.starts_with(source))
        })
        .collect())
}
