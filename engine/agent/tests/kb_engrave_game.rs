//! The knowledge base learns from engrave tests and from the game's own names, on the real game
//! (wizard mode, -D). Wands are wished for (^W: unidentified, listed by appearance), then
//! engraved with through `Runner::act(Action::Engrave { with })`, each decision fed to the
//! `KbFeed` the way `run::play` does (`on_decision` before the action, `on_frame` after). The
//! facts file must then hold each outcome with the game's message as its reason, the KB must
//! name each wand, and the inventory line the game rewrote ("a wand of digging") must be a fact;
//! the discoveries list (`\`) read into a fresh KB names the same wands.
//!
//! KBENGRAVE_DEBUG=1 prints every decision's messages and the top of the screen.

use nhbot_agent::kbfeed::{facts_from, KbFeed};
use nhbot_agent::observer::LoopObserver;
use nhbot_agent::Runner;
use nhbot_bt::KbQuery;
use nhbot_game::GameConfig;
use nhbot_kb::{Effect, Fact, FactLog, DISCOVERIES, ENGRAVE_TEST, INVENTORY};
use nhbot_world::{Action, Decision};
use std::path::{Path, PathBuf};

struct Game {
    runner: Runner,
    kb: KbFeed,
    dir: PathBuf,
}

impl Game {
    fn start(seed: u64) -> Game {
        let dir = std::env::temp_dir().join(format!("nhbot-kbengrave-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut cfg = GameConfig::new(dir.join("game"));
        cfg.seed = Some(seed);
        cfg.wizard = true;
        let runner = Runner::start(&cfg).expect("the game starts in wizard mode");
        let mut kb = KbFeed::open(&dir.join("facts.jsonl")).expect("facts file opens");
        // The loop's first pass: the pack as the game starts.
        assert!(kb.on_frame(&runner.world, &[]).is_empty());
        Game { runner, kb, dir }
    }

    fn facts_path(&self) -> PathBuf {
        self.dir.join("facts.jsonl")
    }

    /// One decision as the game loop makes it: the feed hears it, the runner carries it out,
    /// the feed reads the outcome. Returns the decision's messages and window lines.
    fn act(&mut self, action: Action) -> Vec<String> {
        let kb = self.kb.clone();
        step(&mut self.runner, kb, action)
    }

    /// The pack line of `letter`.
    fn item(&self, letter: char) -> String {
        let item = self
            .runner
            .world
            .inventory
            .iter()
            .find(|i| i.letter == letter);
        item.map(|i| i.text.clone())
            .unwrap_or_else(|| panic!("no item {letter}: {:?}", self.runner.world.inventory))
    }

    /// Wishes for `what`; returns its letter and its appearance as the pack lists it.
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
        let text = self.item(letter);
        let appearance = nhbot_kb::parse_item(&text)
            .unwrap_or_else(|| panic!("the wished {what} is listed as {text:?}, not unidentified"))
            .appearance;
        (letter, appearance)
    }

    fn engrave(&mut self, letter: char) -> Vec<String> {
        self.act(Action::Engrave {
            text: "x".into(),
            with: Some(letter),
        })
    }
}

fn step(runner: &mut Runner, mut kb: KbFeed, action: Action) -> Vec<String> {
    let decision = Decision {
        action,
        path: "test".into(),
        reason: "kb engrave scenario".into(),
    };
    kb.on_decision(&runner.world, &decision)
        .expect("the feed hears the decision");
    runner.act(&decision).expect("the action reaches the game");
    let window_lines = runner.session.take_window_lines();
    let warnings = kb.on_frame(&runner.world, &window_lines);
    assert!(warnings.is_empty(), "feed warnings: {warnings:?}");
    let mut said: Vec<String> = runner.world.messages.clone();
    said.extend(window_lines);
    let unknown = runner.session.take_warnings();
    if std::env::var_os("KBENGRAVE_DEBUG").is_some() {
        let screen = runner.session.term.screen().text();
        let top = screen.lines().take(2).collect::<Vec<_>>().join("⏎");
        eprintln!("{} → {said:?} {unknown:?}\n  [{top}]", decision.action);
    }
    assert!(unknown.is_empty(), "{}: {unknown:?}", decision.action);
    said
}

/// The engrave-test outcomes the facts file holds for `appearance`: (effect, reason).
fn outcomes(path: &Path, appearance: &str) -> Vec<(Effect, String)> {
    let facts = facts_from(path, ENGRAVE_TEST).expect("facts file reads");
    facts
        .into_iter()
        .filter_map(|f| match f {
            Fact::UseOutcome {
                appearance: a,
                effect,
                why,
            } if a == appearance => Some((effect, why.reason.unwrap_or_default())),
            _ => None,
        })
        .collect()
}

/// The names the facts file holds from `source` for `appearance`: (identity, reason).
fn names(path: &Path, source: &str, appearance: &str) -> Vec<(String, String)> {
    let facts = facts_from(path, source).expect("facts file reads");
    facts
        .into_iter()
        .filter_map(|f| match f {
            Fact::Named {
                appearance: a,
                identity,
                why,
            } if a == appearance => Some((identity, why.reason.unwrap_or_default())),
            _ => None,
        })
        .collect()
}

#[test]
fn engrave_tests_and_the_games_names_identify_wands() {
    let mut g = Game::start(11);
    let (sleep, sleep_app) = g.wish("wand of sleep");
    let (digging, digging_app) = g.wish("wand of digging");
    let (fire, fire_app) = g.wish("wand of fire");

    // Sleep (or death) only narrows: the bugs stop moving, the wand stays unnamed.
    let said = g.engrave(sleep);
    let bugs = "The bugs on the floor stop moving!";
    assert!(said.iter().any(|m| m == bugs), "{said:?}");
    let path = g.facts_path();
    assert_eq!(
        outcomes(&path, &sleep_app),
        vec![(Effect::BugsStop, format!("{bugs:?}"))]
    );
    assert_eq!(g.kb.candidates(&sleep_app), vec!["sleep", "death"]);
    assert_eq!(g.kb.identity(&sleep_app), None);

    // Digging names itself: the game's message is the reason, the pack line its new name.
    let said = g.engrave(digging);
    let gravel = "Gravel flies up from the floor.";
    assert!(said.iter().any(|m| m == gravel), "{said:?}");
    assert_eq!(
        outcomes(&path, &digging_app),
        vec![(Effect::Digging, format!("{gravel:?}"))]
    );
    assert_eq!(g.kb.identity(&digging_app).as_deref(), Some("digging"));
    let now = g.item(digging);
    assert!(now.contains("wand of digging"), "{now}");
    let renamed = names(&path, INVENTORY, &digging_app);
    assert_eq!(renamed.len(), 1, "{renamed:?}");
    assert_eq!(renamed[0].0, "digging");
    assert!(
        renamed[0].1.contains(&format!("became {now:?}")),
        "{renamed:?}"
    );
    let why = g.kb.why(&digging_app);
    assert!(why.iter().any(|w| w.contains(gravel)), "{why:?}");

    // Fire burns over the engraving digging left.
    let said = g.engrave(fire);
    let flames = "Flames fly from the wand.";
    assert!(said.iter().any(|m| m == flames), "{said:?}");
    assert_eq!(
        outcomes(&path, &fire_app),
        vec![(Effect::Fire, format!("{flames:?}"))]
    );
    assert_eq!(g.kb.identity(&fire_app).as_deref(), Some("fire"));
    assert_eq!(names(&path, INVENTORY, &fire_app)[0].0, "fire");
    // Known wands leave the others: the sleep wand can no longer be either.
    assert!(!g.kb.could_be(&sleep_app, "fire"));

    // The discoveries list (`\`, a window the engine closes) names them too: a fresh KB
    // reading only it learns both.
    let fresh = g.dir.join("discoveries.jsonl");
    let mut kb2 = KbFeed::open(&fresh).expect("second facts file");
    assert!(kb2.on_frame(&g.runner.world, &[]).is_empty());
    let said = step(
        &mut g.runner,
        kb2.clone(),
        Action::Keys { keys: "\\".into() },
    );
    for (app, id) in [(&digging_app, "digging"), (&fire_app, "fire")] {
        let named = names(&fresh, DISCOVERIES, app);
        assert_eq!(named.len(), 1, "{app}: {named:?} from {said:?}");
        assert_eq!(named[0].0, id);
        assert!(named[0].1.contains(&format!("wand of {id}")), "{named:?}");
        assert_eq!(kb2.identity(app).as_deref(), Some(id));
    }
    assert!(names(&fresh, DISCOVERIES, &sleep_app).is_empty());

    // Every fact reloads from the file (what `nhbot kb --game` reads).
    let logged = FactLog::load(&path).expect("facts reload");
    let kb = nhbot_kb::Kb::from_facts(logged);
    let answer = kb.candidates(&digging_app).expect("known appearance");
    assert!(answer.to_string().contains(gravel), "{answer}");
    drop(g.runner);
    let _ = std::fs::remove_dir_all(&g.dir);
}
