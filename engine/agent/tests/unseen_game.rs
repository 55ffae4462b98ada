//! Monsters the bot cannot see or cannot tell, on the real game in wizard mode (-D), with the
//! default tree (trees/main.yaml): an invisible stalker, a monster met blind (a potion of
//! blindness) and one met hallucinating (a potion of hallucination). Scenes are set with ^V
//! (leaving the pet behind), `#levelchange` (HP for the scene to last), ^W (wish) and ^G
//! (create a monster next to us); every loop is bounded by a decision budget.
//!
//! On the 200-game bench 17 deaths came from attackers the bot never saw (mostly blind after a
//! yellow light's explosion) and 10 while hallucinating after a black light's: the threat
//! model ignored the game's `I` marks, and the world's monster list stayed frozen while
//! hallucinating.

mod item_scene;

use item_scene::{Scene, Step};
use nhbot_world::{Action, Condition, Pos, World};

impl Scene {
    /// Raises the hero to experience level `xl` (wizard `#levelchange`): HP for a scene to last.
    fn raise_to(&mut self, xl: i32) {
        self.keys(&format!("#levelchange\r{xl}\r"));
        assert_eq!(self.world().status.xl, xl, "{}", self.screen());
    }

    /// Runs the default tree for at most `max` decisions or until `stop` holds.
    fn run_default_tree(&mut self, max: usize, stop: impl Fn(&[Step]) -> bool) -> Vec<Step> {
        let tree = item_scene::repo().join("trees/main.yaml");
        let steps = self.run_tree_until(&tree, max, stop);
        eprintln!("{}", summary(&steps));
        steps
    }
}

fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            let marks: Vec<(i16, i16)> = s
                .before
                .monsters
                .iter()
                .filter(|m| m.ch == 'I' || m.hallucinated)
                .map(|m| (m.pos.x, m.pos.y))
                .collect();
            format!(
                "T{} hp {} at {:?} unseen/hallucinated {:?} {:?} {} [{}] {:?} -> {:?}",
                s.before.turn,
                s.before.status.hp,
                (s.before.player.x, s.before.player.y),
                marks,
                s.decision.action,
                s.decision.path,
                s.decision.reason,
                s.before.messages,
                s.messages
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn adjacent(a: Pos, b: Pos) -> bool {
    (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1 && a != b
}

/// A blow at us from a monster ("The jackal bites!", "It hits!", "It misses.").
fn blow(messages: &[String]) -> bool {
    nhbot_skills::steps::attacked(messages)
}

/// Whether the messages say we killed something we could not see or tell.
fn killed(messages: &[String]) -> bool {
    messages
        .iter()
        .any(|m| m.starts_with("You kill ") || m.starts_with("You destroy "))
}

/// The decision strikes at an `I` next to the hero (`F` toward it).
fn strikes_a_mark(st: &Step) -> bool {
    match st.decision.action {
        Action::Fight { dir } => {
            let at = dir.step(st.before.player);
            st.before
                .monsters
                .iter()
                .any(|m| m.ch == 'I' && m.pos == at)
        }
        _ => false,
    }
}

/// The decision sizes an `I` next to us ("unseen, it struck us: unknown, taken for a lynx,
/// 13.1 dmg/turn") above what the depth's typical monster deals: by what the unseen did to us,
/// not by the depth alone.
fn sized_above_the_typical(st: &Step) -> bool {
    let Some(rest) = st
        .decision
        .reason
        .split_once("unseen, it struck us: unknown, taken for a ")
    else {
        return false;
    };
    let Some(dealt) = rest
        .1
        .split_once(", ")
        .and_then(|(_, r)| r.split_once(" dmg/turn"))
        .and_then(|(d, _)| d.parse::<f64>().ok())
    else {
        return false;
    };
    let typical = nhbot_skills::threat::typical_here(&st.before)
        .map(|m| nhbot_skills::threat::damage_per_turn(m, st.before.status.ac).0)
        .expect("a typical monster at the depth");
    dealt > typical
}

/// A decision that takes no game time: a look (`:`) before an Elbereth, the overview.
fn free(a: &Action) -> bool {
    matches!(a, Action::Keys { keys } if keys == ":") || matches!(a, Action::Overview)
}

/// A decision that waits in place: a rest, or a search of more than one turn.
fn waits(a: &Action) -> bool {
    matches!(a, Action::Rest { .. } | Action::Search { count: 2.. })
}

/// The stalker is invisible: it strikes as "It", the game marks its square `I`, and the tree
/// strikes back there (`F`) at every decision after a blow while a mark is next to us, never
/// waits, and kills it.
#[test]
fn an_invisible_stalker_is_struck_at_its_mark_until_it_dies() {
    let mut s = Scene::start("unseen-stalker", 43);
    s.leave_the_pet(2);
    s.raise_to(10);
    s.keys("\x07stalker\r");
    let steps = s.run_default_tree(80, |steps| steps.iter().any(|st| killed(&st.messages)));
    let report = summary(&steps);
    let first = steps
        .iter()
        .position(|st| blow(&st.messages))
        .unwrap_or_else(|| panic!("the stalker never struck:\n{report}"));
    // Every decision that takes time within a turn of a blow, while a mark is next to us,
    // answers it at a mark (or prays, or engraves Elbereth).
    let mut answered = 0;
    let mut last_blow = None;
    for st in &steps[first..] {
        let w = &st.before;
        if blow(&w.messages) {
            last_blow = Some(w.turn);
        }
        if free(&st.decision.action) || last_blow.is_none_or(|t| w.turn - t > 1) {
            continue;
        }
        assert!(
            !waits(&st.decision.action),
            "waited while it struck:\n{report}"
        );
        if w.monsters
            .iter()
            .any(|m| m.ch == 'I' && adjacent(m.pos, w.player))
        {
            assert!(
                strikes_a_mark(st)
                    || matches!(st.decision.action, Action::Pray | Action::Engrave { .. }),
                "a blow from its mark was not answered there:\n{report}"
            );
            answered += 1;
        }
    }
    assert!(answered >= 2, "struck back {answered} times:\n{report}");
    assert!(
        steps.iter().any(|st| killed(&st.messages)),
        "the stalker lives:\n{report}"
    );
    assert!(!s.runner.session.ended, "the hero died:\n{report}");
}

/// Two invisible stalkers strike for ~20 HP a turn together, five times what the depth's
/// typical monster would: the marks are sized by what they do to us (as a monster of the
/// depth that deals as much, above the typical one), and the tree, losing,
/// steps away (the look-ahead flees, or `retreat_if_losing`) instead of trading blows to the
/// end; it never waits under their blows, kills at least one and lives. (Taking them for
/// typical monsters, it traded blows from 105 HP to death in seven turns.)
#[test]
fn two_invisible_stalkers_are_outlasted() {
    // Seed 48: the arrival on Dlvl 2 is in the open (seed 47's, in a shop, sent the hero out
    // by its door first, and the stalkers came one at a time).
    let mut s = Scene::start("unseen-stalkers", 48);
    s.leave_the_pet(2);
    s.raise_to(12);
    s.keys("\x07stalker\r");
    s.keys("\x07stalker\r");
    let kills = |steps: &[Step]| steps.iter().filter(|st| killed(&st.messages)).count();
    let steps = s.run_default_tree(150, |steps| {
        kills(steps) >= 2 || steps.iter().any(|st| st.before.status.dlvl != 2)
    });
    let report = summary(&steps);
    assert!(
        steps.iter().any(|st| blow(&st.messages)),
        "they never struck:\n{report}"
    );
    for st in steps.iter().filter(|st| blow(&st.before.messages)) {
        assert!(
            !waits(&st.decision.action),
            "waited while they struck:\n{report}"
        );
    }
    assert!(
        steps.iter().any(sized_above_the_typical),
        "never sized by what they did:\n{report}"
    );
    let stepped_away = steps.iter().any(|st| {
        matches!(st.decision.action, Action::Move { .. })
            && st.decision.reason.starts_with("retreating")
            && st
                .before
                .monsters
                .iter()
                .any(|m| m.ch == 'I' && adjacent(m.pos, st.before.player))
    });
    assert!(
        stepped_away,
        "never stepped away from their blows:\n{report}"
    );
    assert!(kills(&steps) >= 1, "killed none:\n{report}");
    assert!(!s.runner.session.ended, "the hero died:\n{report}");
}

/// Blind (a potion), a hill orc strikes from a square we cannot see: the threat model counts
/// its `I` ("unseen, it struck us"), the tree strikes there and kills it, never waiting in
/// place while it strikes (the blindness leaf searches only between fights).
#[test]
fn blind_a_monster_that_strikes_is_fought_at_its_mark() {
    let mut s = Scene::start("unseen-blind", 45);
    s.leave_the_pet(2);
    s.raise_to(10);
    let potion = s.wish("uncursed potion of blindness");
    s.act(Action::Quaff { item: Some(potion) });
    assert!(
        s.world().status.conditions.contains(&Condition::Blind),
        "{}",
        s.screen()
    );
    s.keys("\x07hill orc\r");
    let steps = s.run_default_tree(80, |steps| steps.iter().any(|st| killed(&st.messages)));
    let report = summary(&steps);
    assert!(
        steps.iter().any(|st| blow(&st.messages)),
        "it never struck:\n{report}"
    );
    for st in steps.iter().filter(|st| blow(&st.before.messages)) {
        assert!(
            !waits(&st.decision.action),
            "waited while it struck:\n{report}"
        );
    }
    assert!(
        steps
            .iter()
            .any(|st| strikes_a_mark(st) && st.decision.reason.contains("unseen, it struck us")),
        "its mark was never fought as a threat:\n{report}"
    );
    assert!(
        steps.iter().any(|st| killed(&st.messages)),
        "the orc lives:\n{report}"
    );
    assert!(!s.runner.session.ended, "the hero died:\n{report}");
}

/// Hallucinating (a potion), a hill orc comes: the world sees it (drawn as a random monster
/// every turn, marked `hallucinated`) where it used to keep the frozen list of before; the
/// tree never engraves (it would come out garbled), never waits while it strikes, strikes
/// back at it and kills it.
#[test]
fn hallucinating_a_monster_that_strikes_is_seen_and_fought() {
    let mut s = Scene::start("unseen-hallu", 46);
    s.leave_the_pet(2);
    s.raise_to(10);
    let potion = s.wish("uncursed potion of hallucination");
    s.act(Action::Quaff { item: Some(potion) });
    assert!(s.world().hallucinating(), "{}", s.screen());
    s.keys("\x07hill orc\r");
    let steps = s.run_default_tree(80, |steps| steps.iter().any(|st| killed(&st.messages)));
    let report = summary(&steps);
    let seen = |w: &World| {
        w.monsters
            .iter()
            .any(|m| m.hallucinated && adjacent(m.pos, w.player))
    };
    assert!(
        steps.iter().any(|st| seen(&st.before)),
        "the world never saw a monster next to us:\n{report}"
    );
    assert!(
        steps.iter().any(|st| blow(&st.messages)),
        "it never struck:\n{report}"
    );
    for st in &steps {
        assert!(
            !matches!(st.decision.action, Action::Engrave { .. }),
            "engraved while hallucinating:\n{report}"
        );
        if blow(&st.before.messages) {
            assert!(
                !waits(&st.decision.action),
                "waited while it struck:\n{report}"
            );
        }
    }
    assert!(
        steps
            .iter()
            .any(|st| st.decision.reason.contains("hallucinating: unknown")),
        "it was never fought as a monster we cannot tell:\n{report}"
    );
    assert!(
        steps.iter().any(|st| killed(&st.messages)),
        "the orc lives:\n{report}"
    );
    assert!(!s.runner.session.ended, "the hero died:\n{report}");
}
