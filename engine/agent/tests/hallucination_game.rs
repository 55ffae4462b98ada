//! Hallucinating beside a hostile, on the real game in wizard mode (-D), issue 27: 8 of the
//! 200-game bench's deaths were "killed by a hallucinogen-distorted" monster after a black
//! light's explosion, the bot searching 5 turns or stepping away back and forth while it was
//! struck. The scene: an XL 8 hero (an amulet of life saving as the safety net) on Dlvl 6
//! without the pet quaffs a wished-for potion of hallucination, and ^G makes a soldier ant next
//! to it; then the default tree (trees/main.yaml) decides and the test asserts what it did.

mod wizard;

use nhbot_agent::Runner;
use nhbot_bt::TreeBot;
use nhbot_world::{Action, Condition, Decision, Pos, World};
use wizard::{keys, screen};

struct Step {
    before: World,
    decision: Decision,
    /// Whether something struck at us, or HP fell, during this decision's action.
    struck: bool,
}

fn summary(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| {
            format!(
                "T{} hp {} hallu {} {:?} {} | {} (struck: {})",
                s.before.turn,
                s.before.status.hp,
                s.before.hallucinating(),
                s.decision.action,
                s.decision.path,
                s.decision.reason,
                s.struck
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn next_to(a: Pos, b: Pos) -> bool {
    a != b && (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1
}

/// A monster (not our pet) stands next to us.
fn monster_next_to_us(w: &World) -> bool {
    w.monsters
        .iter()
        .any(|m| !m.tame && next_to(m.pos, w.player))
}

/// The decision strikes a monster next to us.
fn strikes(w: &World, action: &Action) -> bool {
    let dir = match action {
        Action::Move { dir } | Action::Fight { dir } => *dir,
        _ => return false,
    };
    let square = dir.step(w.player);
    w.monsters.iter().any(|m| m.pos == square)
}

fn run_tree(r: &mut Runner, max: usize) -> Vec<Step> {
    let mut bot = TreeBot::load(
        nhbot_skills::registry(),
        &wizard::repo().join("trees/main.yaml"),
    )
    .expect("the default tree loads");
    let mut steps = Vec::new();
    for _ in 0..max {
        if r.session.ended {
            break;
        }
        let before = r.world.clone();
        let decision = bot.decide(&before);
        r.act(&decision).expect("the decision reaches the game");
        let struck = nhbot_skills::signs::attacked(&r.world.messages)
            || r.world.messages.iter().any(|m| m.ends_with(" grabs you!"))
            || r.world.status.hp < before.status.hp;
        steps.push(Step {
            before,
            decision,
            struck,
        });
    }
    eprintln!("{}", summary(&steps));
    steps
}

/// Hallucinating, struck by the monster next to us: the next decision strikes back (or prays),
/// never waits in place nor steps away (its speed cannot be told; a soldier ant's is 18).
#[test]
fn a_hallucinating_hero_struck_by_a_monster_next_to_it_strikes_back() {
    let (mut r, dir) = wizard::start("hallucination", "ant", 33);
    let amulet = wizard::wish(&mut r, "blessed amulet of life saving");
    keys(&mut r, &format!("P{amulet}"));
    keys(&mut r, "#levelchange\r8\r");
    assert_eq!(r.world.status.xl, 8, "level 8:\n{}", screen(&r));
    wizard::wait_until_alone(&mut r, |m| m.tame);
    wizard::teleport_and_map(&mut r, 6);
    let potion = wizard::wish(&mut r, "uncursed potion of hallucination");
    keys(&mut r, &format!("q{potion}"));
    assert!(
        r.world.status.conditions.contains(&Condition::Hallu),
        "hallucinating: {:?}\n{}",
        r.world.messages,
        screen(&r)
    );
    keys(&mut r, "\x07soldier ant\r");
    assert!(
        monster_next_to_us(&r.world),
        "no monster next to us:\n{}",
        screen(&r)
    );
    let steps = run_tree(&mut r, 40);
    let report = summary(&steps);
    // Each decision made hallucinating, right after a blow, with a monster next to us.
    let answers: Vec<&Step> = steps
        .windows(2)
        .filter(|pair| {
            let (prev, now) = (&pair[0], &pair[1]);
            prev.struck && now.before.hallucinating() && monster_next_to_us(&now.before)
        })
        .map(|pair| &pair[1])
        .collect();
    assert!(
        !answers.is_empty(),
        "the scene never had the ant strike us while hallucinating:\n{report}"
    );
    let bad: Vec<String> = answers
        .iter()
        .filter(|s| !strikes(&s.before, &s.decision.action) && s.decision.action != Action::Pray)
        .map(|s| {
            format!(
                "T{}: {:?} ({})",
                s.before.turn, s.decision.action, s.decision.reason
            )
        })
        .collect();
    assert!(
        bad.is_empty(),
        "struck, hallucinating, it did not strike back:\n{}\n\n{report}",
        bad.join("\n")
    );
    let _ = r.session.game.hangup(std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}
