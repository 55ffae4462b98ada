//! The gear leaves on the real game, in wizard mode (-D), played by the default tree
//! (trees/main.yaml) with the game's knowledge base installed and fed as `run::play` feeds it.
//!
//! (a) A wand of striking found. Wizard mode's wish (^W) is the honest way to get a wand the
//! bot does not know: the game lists a wished wand by its appearance ("an oak wand", checked
//! below: the pack line must not say "striking"), exactly as one found on the floor, and the
//! engine learns nothing from the wish (the KB is fed only the decisions and what the game
//! shows after them). The wand is dropped where we stand, so the bot must pick it up, engrave
//! with it (the engrave test), and learn from the game's answer that it is striking; then a
//! soldier ant (^G) next to us must be zapped with it, the reason citing the KB's evidence.
//!
//! (b) Armour found: a leather armor and an orcish helm wished for, dropped, and left two
//! squares away; the bot must walk back, pick both up and wear them ("(being worn)").
//!
//! GEAR_DEBUG=1 prints every decision with its messages and the leaves' log lines.

use nhbot_agent::actions::Plan;
use nhbot_agent::kbfeed::{facts_from, KbFeed};
use nhbot_agent::observer::LoopObserver;
use nhbot_agent::Runner;
use nhbot_bt::{KbQuery, TreeBot};
use nhbot_game::GameConfig;
use nhbot_kb::{Fact, ENGRAVE_TEST};
use nhbot_world::{Action, Decision, Dir, World};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Scene {
    runner: Runner,
    kb: KbFeed,
    dir: PathBuf,
}

/// One decision of the tree and what the game said after it.
struct Step {
    decision: Decision,
    messages: Vec<String>,
}

fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            format!(
                "{} | {} | {} -> {:?}",
                s.decision.action, s.decision.path, s.decision.reason, s.messages
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl Scene {
    fn start(name: &str, seed: u64) -> Scene {
        let dir = std::env::temp_dir().join(format!("nhbot-gear-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        let mut game = GameConfig::new(dir.join("game"));
        game.seed = Some(seed);
        game.wizard = true;
        let mut runner = Runner::start(&game).expect("the game starts in wizard mode");
        runner.session.take_warnings();
        let mut kb = KbFeed::open(&dir.join("facts.jsonl")).expect("facts file opens");
        // The loop's first pass: the pack as the game starts.
        assert!(kb.on_frame(&runner.world, &[]).is_empty());
        Scene { runner, kb, dir }
    }

    fn world(&self) -> &World {
        &self.runner.world
    }

    fn screen(&self) -> String {
        self.runner.session.term.screen().text()
    }

    fn inventory(&self) -> String {
        self.world()
            .inventory
            .iter()
            .map(|i| format!("{} - {}", i.letter, i.text))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Wizard keys that set the scene (a whole command with its answers); no game decision, so
    /// the knowledge base hears nothing of them.
    fn keys(&mut self, keys: &str) -> Vec<String> {
        let plan = Plan {
            keys: keys.to_string(),
            expect: Vec::new(),
        };
        self.runner
            .session
            .perform(&plan)
            .unwrap_or_else(|e| panic!("{keys:?}: {e}\n{}", self.screen()));
        self.runner.observe();
        self.runner.refresh_inventory().expect("inventory");
        self.runner.identify_monsters().expect("farlook");
        self.runner.session.take_warnings();
        self.runner.world.messages.clone()
    }

    /// A setup action carried out as the loop would (the world hears it; the KB does not).
    fn act(&mut self, action: Action) -> Vec<String> {
        let d = Decision {
            action,
            path: "scene".into(),
            reason: "setup".into(),
        };
        self.runner.act(&d).expect("the action reaches the game");
        self.runner.session.take_warnings();
        self.runner.world.messages.clone()
    }

    /// Wishes for `what`; returns its letter and its pack line.
    fn wish(&mut self, what: &str) -> (char, String) {
        let said = self.act(Action::Keys {
            keys: format!("\x17{what}\r"),
        });
        let letter = said
            .iter()
            .find_map(|m| {
                let (l, _) = m.split_once(" - ")?;
                (l.len() == 1).then(|| l.chars().next()).flatten()
            })
            .unwrap_or_else(|| panic!("no item from wishing for {what}: {said:?}"));
        let text = self
            .world()
            .inventory
            .iter()
            .find(|i| i.letter == letter)
            .map(|i| i.text.clone())
            .unwrap_or_else(|| panic!("{what} not in the pack:\n{}", self.inventory()));
        (letter, text)
    }

    /// Level-teleports (^V) to `depth` while no monster is next to us: the pet stays behind.
    fn leave_the_pet(&mut self, depth: i32) {
        for _ in 0..20 {
            self.keys("3s");
            let me = self.world().player;
            let adjacent = self
                .world()
                .monsters
                .iter()
                .any(|m| (m.pos.x - me.x).abs() <= 1 && (m.pos.y - me.y).abs() <= 1);
            if !adjacent {
                self.keys(&format!("\x16{depth}\r"));
                if self.world().status.dlvl == depth {
                    return;
                }
            }
        }
        panic!("could not leave the pet behind: {}", self.screen());
    }

    /// A direction with two free floor squares ahead.
    fn open_direction(&self) -> Dir {
        let w = self.world();
        Dir::COMPASS
            .into_iter()
            .find(|d| {
                let one = d.step(w.player);
                let two = d.step(one);
                [one, two].iter().all(|p| {
                    w.view.get(*p).is_some_and(|c| c.ch == '.')
                        && !w.monsters.iter().any(|m| m.pos == *p)
                })
            })
            .unwrap_or_else(|| panic!("no open floor next to us\n{}", self.screen()))
    }

    /// Runs the tree for at most `max` decisions or until `stop`: each decision heard by the
    /// knowledge base before it is carried out, and the frame after it (as `run::play` does).
    fn run_tree(
        &mut self,
        bot: &mut TreeBot,
        max: usize,
        mut stop: impl FnMut(&Scene, &[Step]) -> bool,
    ) -> Vec<Step> {
        let debug = std::env::var_os("GEAR_DEBUG").is_some();
        let mut steps = Vec::new();
        for _ in 0..max {
            if self.runner.session.ended || stop(self, &steps) {
                break;
            }
            let decision = bot.decide(self.world());
            self.kb
                .on_decision(&self.runner.world, &decision)
                .expect("the feed hears the decision");
            self.runner
                .act(&decision)
                .expect("the decision reaches the game");
            let window_lines = self.runner.session.take_window_lines();
            let warnings = self.kb.on_frame(&self.runner.world, &window_lines);
            assert!(warnings.is_empty(), "feed warnings: {warnings:?}");
            let mut messages = self.world().messages.clone();
            messages.extend(window_lines);
            if debug {
                for l in bot.take_leaf_logs() {
                    eprintln!("  LOG {}: {}", l.path, l.text);
                }
                eprintln!(
                    "T{} {} | {} | {} -> {messages:?}",
                    self.world().turn,
                    decision.action,
                    decision.path,
                    decision.reason
                );
            }
            if debug && decision.path.contains("gear") {
                eprintln!("{}", self.screen());
            }
            assert!(bot.take_leaf_errors().is_empty());
            steps.push(Step { decision, messages });
        }
        steps
    }

    fn bot(&self) -> TreeBot {
        let mut bot = TreeBot::load(nhbot_skills::registry(), &repo().join("trees/main.yaml"))
            .expect("the default tree loads");
        bot.set_kb(Box::new(self.kb.clone()));
        bot
    }
}

impl Drop for Scene {
    fn drop(&mut self) {
        let _ = self
            .runner
            .session
            .game
            .hangup(std::time::Duration::from_secs(5));
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

const FIGHTS: &str = "The wand unsuccessfully fights your attempt to write!";

#[test]
fn a_wand_of_striking_found_is_engrave_tested_learnt_and_zapped_at_a_soldier_ant() {
    let mut s = Scene::start("striking", 13);
    s.leave_the_pet(2);
    let (letter, text) = s.wish("wand of striking");
    assert!(
        !text.contains("striking"),
        "the wish named the wand: {text}"
    );
    let appearance = nhbot_kb::parse_item(&text)
        .unwrap_or_else(|| panic!("{text} is not an unidentified item"))
        .appearance;
    s.act(Action::Drop {
        item: letter,
        count: None,
    });
    assert!(
        !s.world().inventory.iter().any(|i| i.letter == letter),
        "{}",
        s.inventory()
    );

    let mut bot = s.bot();
    let app = appearance.clone();
    let steps = s.run_tree(&mut bot, 60, |s, _| {
        s.kb.identity(&app).is_some() || s.kb.candidates(&app).len() == 1
    });
    let report = summary(&steps);
    assert!(
        steps
            .iter()
            .any(|st| st.decision.path.ends_with("wand_engrave_test")
                && matches!(st.decision.action, Action::Pickup { .. })),
        "never picked the wand up:\n{report}"
    );
    let tested = steps
        .iter()
        .find(|st| matches!(st.decision.action, Action::Engrave { with: Some(_), .. }))
        .unwrap_or_else(|| panic!("never engraved with the wand:\n{report}"));
    assert!(
        tested.decision.path.ends_with("wand_engrave_test"),
        "{report}"
    );
    assert!(
        tested.messages.iter().any(|m| m.contains(FIGHTS)),
        "{report}"
    );
    // The KB learnt it from the game's message, and says so.
    assert_eq!(
        s.kb.identity(&appearance).as_deref(),
        Some("striking"),
        "{:?}\n{report}",
        s.kb.candidates(&appearance)
    );
    let outcomes: Vec<String> = facts_from(&s.dir.join("facts.jsonl"), ENGRAVE_TEST)
        .expect("facts read")
        .into_iter()
        .filter_map(|f| match f {
            Fact::UseOutcome {
                appearance: a, why, ..
            } if a == appearance => why.reason,
            _ => None,
        })
        .collect();
    assert!(outcomes.iter().any(|r| r.contains(FIGHTS)), "{outcomes:?}");
    let why = s.kb.why(&appearance);
    assert!(why.iter().any(|w| w.contains(FIGHTS)), "{why:?}");

    // A soldier ant next to us (every neighbour is in line): zapped with the wand.
    let wand = s
        .world()
        .inventory
        .iter()
        .find(|i| i.text.contains(&appearance))
        .map(|i| i.letter)
        .unwrap_or_else(|| panic!("the wand left the pack:\n{}", s.inventory()));
    let said = s.keys("\x07soldier ant\r");
    assert!(
        s.world().monsters.iter().any(|m| m.ch == 'a'),
        "no ant: {said:?}\n{}",
        s.screen()
    );
    let steps = s.run_tree(&mut bot, 6, |_, steps| {
        steps
            .last()
            .is_some_and(|st| matches!(st.decision.action, Action::Zap { .. }))
    });
    let report = summary(&steps);
    let zap = steps
        .iter()
        .find(|st| matches!(st.decision.action, Action::Zap { .. }))
        .unwrap_or_else(|| panic!("never zapped:\n{report}\n{}", s.screen()));
    assert!(
        matches!(zap.decision.action, Action::Zap { item, .. } if item == wand),
        "{report}"
    );
    assert!(zap.decision.path.ends_with("zap_attack_wand"), "{report}");
    assert!(
        zap.decision.reason.contains("soldier ant") && zap.decision.reason.contains(FIGHTS),
        "{report}"
    );
    // "The wand hits the soldier ant!", "You kill the soldier ant!", "The wand misses it."...
    assert!(
        zap.messages
            .iter()
            .any(|m| m.contains("soldier ant") || m.starts_with("The wand ")),
        "the zap did not reach the ant:\n{report}"
    );
}

#[test]
fn armour_found_nearby_is_picked_up_and_worn() {
    let mut s = Scene::start("armour", 5);
    s.leave_the_pet(2);
    let (mail, _) = s.wish("leather armor");
    let (helm, helm_text) = s.wish("orcish helm");
    s.act(Action::Drop {
        item: mail,
        count: None,
    });
    s.act(Action::Drop {
        item: helm,
        count: None,
    });
    let pile = s.world().player;
    let away = s.open_direction();
    s.act(Action::Move { dir: away });
    s.act(Action::Move { dir: away });
    assert_ne!(s.world().player, pile, "{}", s.screen());

    let mut bot = s.bot();
    let worn = |s: &Scene, what: &str| {
        s.world()
            .inventory
            .iter()
            .any(|i| i.text.contains(what) && i.text.contains("(being worn)"))
    };
    let helm_name = nhbot_world::parse_inventory_line(&format!("x - {helm_text}"))
        .expect("the helm's line")
        .name;
    let steps = s.run_tree(&mut bot, 40, |s, _| {
        worn(s, "leather armor") && worn(s, &helm_name)
    });
    let report = summary(&steps);
    assert!(
        worn(&s, "leather armor") && worn(&s, &helm_name),
        "not both worn:\n{}\n{report}",
        s.inventory()
    );
    let by_leaf = |pred: &dyn Fn(&Action) -> bool| {
        steps
            .iter()
            .filter(|st| st.decision.path.ends_with("wear_armour") && pred(&st.decision.action))
            .count()
    };
    assert!(
        by_leaf(&|a| matches!(a, Action::Travel { .. } | Action::Move { .. })) >= 1,
        "{report}"
    );
    assert!(
        by_leaf(&|a| matches!(a, Action::Pickup { .. })) >= 2,
        "{report}"
    );
    assert_eq!(
        by_leaf(&|a| matches!(a, Action::Wear { .. })),
        2,
        "{report}"
    );
}

/// (c) A better piece replaces the worn one: an orcish helm worn (AC 1), a dwarvish iron helm
/// (AC 2) in the pack; the default tree takes the orcish helm off, puts the iron one on and
/// drops the old one.
#[test]
fn a_better_helmet_replaces_the_worn_one_and_the_old_is_dropped() {
    let mut s = Scene::start("upgrade", 5);
    s.leave_the_pet(2);
    let (old, _) = s.wish("uncursed +0 orcish helm");
    s.act(Action::Wear { item: old });
    let worn_old = |s: &Scene| {
        s.world()
            .inventory
            .iter()
            .any(|i| i.letter == old && i.text.contains("(being worn)"))
    };
    assert!(
        worn_old(&s),
        "the orcish helm is not on:\n{}",
        s.inventory()
    );
    let (new, _) = s.wish("uncursed dwarvish iron helm");
    let mut bot = s.bot();
    let done = |s: &Scene| {
        let inv = &s.world().inventory;
        inv.iter()
            .any(|i| i.letter == new && i.text.contains("(being worn)"))
            && !inv.iter().any(|i| i.letter == old)
    };
    let steps = s.run_tree(&mut bot, 30, |s, _| done(s));
    let report = summary(&steps);
    assert!(done(&s), "not swapped:\n{}\n{report}", s.inventory());
    let by_leaf = |pred: &dyn Fn(&Action) -> bool| {
        steps
            .iter()
            .filter(|st| st.decision.path.ends_with("wear_armour") && pred(&st.decision.action))
            .count()
    };
    assert_eq!(
        by_leaf(&|a| matches!(a, Action::TakeOff { item } if *item == old)),
        1,
        "{report}"
    );
    assert_eq!(
        by_leaf(&|a| matches!(a, Action::Drop { item, .. } if *item == old)),
        1,
        "{report}"
    );
}
