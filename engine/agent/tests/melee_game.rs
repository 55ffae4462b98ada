//! Melee escapes on the real game in wizard mode (-D), issue 27: scenes set with ^V (level
//! teleport, leaving the pet behind), ^F (map), ^W (wish), ^G (create a monster), then the default
//! tree (trees/main.yaml) decides and the tests assert what it did in the game. Every loop is
//! bounded by a decision budget.

mod wizard;

use nhbot_agent::Runner;
use nhbot_world::{Action, Decision, Pos};
use wizard::{adjacent, drawn, keys, run_tree, screen, summary, Step};

/// Dlvl 4, mapped, standing on its up stairs (travel `_` `<`), the pet left on Dlvl 1, in
/// +3 gray dragon scale mail with an amulet of life saving (the scene's safety net).
fn on_the_up_stairs(name: &str, seed: u64) -> (Runner, std::path::PathBuf) {
    let (mut r, dir) = wizard::start("melee", name, seed);
    wizard::armour_and_life_saving(&mut r);
    wizard::wait_until_alone(&mut r, |m| m.tame);
    wizard::teleport_and_map(&mut r, 4);
    let stairs = drawn(&r, '<').unwrap_or_else(|| panic!("no `<` mapped:\n{}", screen(&r)));
    for _ in 0..8 {
        if r.world.player == stairs {
            break;
        }
        keys(&mut r, "_<.");
        // Travel stops at a closed door: open it.
        if let Some(door) = adjacent(&r, '+') {
            keys(&mut r, &format!("o{}", door.key()));
        }
    }
    assert_eq!(
        r.world.player,
        stairs,
        "travel to the up stairs:\n{}",
        screen(&r)
    );
    (r, dir)
}

/// Hurt next to a soldier ant on the up stairs of Dlvl 4: the bot climbs (flee_upstairs), it
/// does not stand and trade blows.
#[test]
fn hurt_next_to_a_soldier_ant_on_the_up_stairs_climbs() {
    let (mut r, dir) = on_the_up_stairs("upstairs", 21);
    keys(&mut r, "\x07soldier ant\r");
    assert!(
        adjacent(&r, 'a').is_some(),
        "no ant next to us:\n{}",
        screen(&r)
    );
    // Let it bite (searching one turn at a time) below 70% of max HP, above 5 (prayer).
    for _ in 0..60 {
        let s = &r.world.status;
        if s.hp * 10 < s.hp_max * 7 || adjacent(&r, 'a').is_none() {
            break;
        }
        keys(&mut r, "s");
    }
    let s = r.world.status.clone();
    assert!(
        s.hp * 10 < s.hp_max * 7 && s.hp > 5 && adjacent(&r, 'a').is_some(),
        "not hurt next to the ant: HP {}/{}\n{}",
        s.hp,
        s.hp_max,
        screen(&r)
    );
    let steps = run_tree(&mut r, 10, |r, _| r.world.status.dlvl != 4);
    let report = summary(&steps);
    let climb = steps
        .iter()
        .find(|st| st.decision.action == Action::Ascend)
        .unwrap_or_else(|| panic!("never climbed:\n{report}"));
    assert!(
        climb.decision.path.contains("/flee_upstairs"),
        "climbed by {}:\n{report}",
        climb.decision.path
    );
    assert!(climb.decision.reason.contains("soldier ant"), "{report}");
    assert_eq!(r.world.status.dlvl, 3, "up on Dlvl 3:\n{report}");
    let _ = r.session.game.hangup(std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A soldier ant appears next to a healthy hero away from the stairs: the bot engraves
/// Elbereth at once (elbereth_first), reads it back, and while it stands on the verified
/// engraving the ant does not bite or sting.
#[test]
fn a_soldier_ant_is_met_with_elbereth_at_full_hp() {
    let (mut r, dir) = wizard::start("melee", "elbereth-first", 21);
    wizard::armour_and_life_saving(&mut r);
    wizard::wait_until_alone(&mut r, |m| m.tame);
    wizard::teleport_and_map(&mut r, 4);
    // Off the stairs (no engraving there) and into the open.
    wizard::off_the_stairs(&mut r);
    keys(&mut r, "\x07soldier ant\r");
    assert!(
        adjacent(&r, 'a').is_some(),
        "no ant next to us:\n{}",
        screen(&r)
    );
    let standing = |st: &Step| {
        st.decision
            .reason
            .starts_with("standing on a verified Elbereth")
    };
    let steps = run_tree(&mut r, 40, |_, steps| {
        steps.iter().filter(|st| standing(st)).count() >= 6
    });
    let report = summary(&steps);
    let first = steps
        .iter()
        .position(|st| matches!(st.decision.action, Action::Engrave { .. }))
        .unwrap_or_else(|| panic!("never engraved:\n{report}"));
    assert!(
        first <= 2,
        "Elbereth is the first answer (a look, then the engraving):\n{report}"
    );
    assert!(
        steps[first].decision.path.contains("/elbereth_first"),
        "{report}"
    );
    assert!(
        steps[first].decision.reason.contains("soldier ant"),
        "{report}"
    );
    let stood: Vec<&Step> = steps.iter().filter(|st| standing(st)).collect();
    assert!(
        stood.len() >= 6,
        "stood on it {} times:\n{report}",
        stood.len()
    );
    let struck = |m: &String| m.contains("soldier ant bites") || m.contains("soldier ant stings");
    assert!(
        stood.iter().all(|st| !st.messages.iter().any(struck)),
        "the ant struck while we stood on a verified Elbereth:\n{report}"
    );
    let _ = r.session.game.hangup(std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The top-left corner of a closed 4x4 box of walls (a vault: 2x2 floor, no door) on the map.
fn vault_corner(r: &Runner) -> Option<Pos> {
    let ch = |x: i16, y: i16| r.world.view.get(Pos::new(x, y)).map_or(' ', |c| c.ch);
    (1..17).find_map(|y| {
        (0..76).find_map(|x| {
            let top =
                (0..4).all(|i| ch(x + i, y) == '-') && (0..4).all(|i| ch(x + i, y + 3) == '-');
            let sides = (1..3).all(|j| ch(x, y + j) == '|' && ch(x + 3, y + j) == '|');
            let alone = ch(x - 1, y) != '-' && ch(x + 4, y) != '-';
            (top && sides && alone).then_some(Pos::new(x, y))
        })
    })
}

/// Wizard ^T to `to`: the cursor starts on us and moves one square per key.
fn teleport_to(r: &mut Runner, to: Pos) {
    let me = r.world.player;
    let (dx, dy) = (to.x - me.x, to.y - me.y);
    let mut cursor = String::new();
    let horizontal = if dx > 0 { 'l' } else { 'h' };
    let vertical = if dy > 0 { 'j' } else { 'k' };
    cursor.extend(std::iter::repeat_n(horizontal, dx.unsigned_abs() as usize));
    cursor.extend(std::iter::repeat_n(vertical, dy.unsigned_abs() as usize));
    r.session.send_raw("\x14").expect("^T");
    keys(r, &format!("{cursor}."));
}

/// Shut in a vault with gold when its guard comes: the bot drops the gold and follows him out
/// of the vault; he never turns hostile (seeds 68, 86 and 197 died to him).
#[test]
fn the_vault_guard_is_obeyed() {
    let (mut r, dir) = wizard::start("melee", "vault", 21);
    wizard::armour_and_life_saving(&mut r);
    wizard::wait_until_alone(&mut r, |m| m.tame);
    let mut corner = None;
    for depth in 2..=12 {
        wizard::teleport_and_map(&mut r, depth);
        corner = vault_corner(&r);
        if corner.is_some() {
            break;
        }
    }
    let corner = corner.unwrap_or_else(|| panic!("no vault on Dlvl 2-12:\n{}", screen(&r)));
    let gold = wizard::wish(&mut r, "100 gold pieces");
    assert_eq!(gold, '$', "{:?}", r.world.messages);
    let inside = Pos::new(corner.x + 1, corner.y + 1);
    teleport_to(&mut r, inside);
    assert_eq!(r.world.player, inside, "in the vault:\n{}", screen(&r));
    // The guard comes within 30 turns of ours in the vault.
    for _ in 0..20 {
        if r.world.message_turn("follow me").is_some() {
            break;
        }
        r.act(&Decision {
            action: Action::Search { count: 5 },
            path: "scene".into(),
            reason: "waiting for the vault guard".into(),
        })
        .expect("the search reaches the game");
    }
    assert!(
        r.world.message_turn("follow me").is_some(),
        "no guard came:\n{}",
        screen(&r)
    );
    let in_vault =
        |p: Pos| (corner.x..corner.x + 4).contains(&p.x) && (corner.y..corner.y + 4).contains(&p.y);
    // Until we are out and the guard's leaf has not acted for 10 decisions (he is gone).
    let steps = run_tree(&mut r, 150, |r, steps| {
        !in_vault(r.world.player)
            && steps.len() > 10
            && steps[steps.len() - 10..]
                .iter()
                .all(|st| !st.decision.path.contains("/vault_guard"))
    });
    let report = summary(&steps);
    let dropped = steps
        .iter()
        .position(|st| {
            st.decision.action
                == Action::Drop {
                    item: '$',
                    count: None,
                }
        })
        .unwrap_or_else(|| panic!("never dropped the gold:\n{report}"));
    assert!(
        steps[dropped].decision.path.contains("/vault_guard"),
        "{report}"
    );
    assert_eq!(r.world.status.gold, 0, "{report}");
    let angry = |m: &String| m.contains("You've been warned") || m.contains("So be it, rogue");
    assert!(
        !steps.iter().any(|st| st.messages.iter().any(angry)),
        "the guard turned hostile:\n{report}"
    );
    assert!(!r.session.ended, "the game ended:\n{report}");
    assert!(
        !in_vault(r.world.player),
        "still in the vault at ({}, {}):\n{report}\n{}",
        r.world.player.x,
        r.world.player.y,
        screen(&r)
    );
    let _ = r.session.game.hangup(std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}
