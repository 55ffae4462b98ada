//! Nymphs on the real game, in wizard mode (-D): the world records what they steal (the game's
//! own sentences, "The water nymph stole a +1 long sword."), and the default tree leaves the
//! level of a thief that took our weapon or armour (trees/dungeons.yaml `leave_the_thief`):
//! she comes back for the rest, and one blow per visit never kills her.
//!
//! The scene: Dlvl 2 by level teleport without the pet (it would kill the nymph, and her death
//! settles the theft), the level mapped (^F) so that the down stairs are known, then water
//! nymphs (^G) beside a hero who strikes them awake until one has taken a worn or wielded item. At
//! XL 1 on Dlvl 2 the tree would not go down otherwise (`ready_to_descend` asks XL 5 for
//! Dlvl 3); with the thief there it must reach Dlvl 3.

mod wizard;
use wizard::*;

#[test]
fn a_nymph_that_took_our_gear_sends_us_off_her_level() {
    let (mut r, dir) = start("thief", "leave", 13);
    wait_until_alone(&mut r, |m| m.tame);
    teleport_and_map(&mut r, 2);
    let gear_stolen = |r: &nhbot_agent::Runner| r.world.thefts.iter().any(|t| t.gear);
    for _ in 0..8 {
        if gear_stolen(&r) {
            break;
        }
        keys(&mut r, "\x07water nymph\r");
        // Most nymphs are made asleep (makemon.c): a blow wakes the one beside us.
        for _ in 0..6 {
            if gear_stolen(&r) {
                break;
            }
            match adjacent(&r, 'n') {
                Some(dir) => keys(&mut r, &format!("F{}", dir.key())),
                None => keys(&mut r, "s"),
            }
        }
    }
    assert!(
        gear_stolen(&r),
        "no nymph took gear: {:?}\n{}",
        r.world.thefts,
        screen(&r)
    );
    let theft = r.world.thefts.iter().find(|t| t.gear).cloned().unwrap();
    assert!(!theft.item.is_empty(), "{theft:?}");
    assert_eq!(theft.level, r.world.dungeon.current, "{theft:?}");
    assert!(
        r.world.status.xl < 5,
        "XL {}: the tree would go down anyway",
        r.world.status.xl
    );
    let steps = run_tree(&mut r, 200, |r, _| r.world.status.dlvl > 2);
    assert!(
        r.world.status.dlvl > 2,
        "still on Dlvl {} after {} decisions with the thief there ({theft:?})",
        r.world.status.dlvl,
        steps.len()
    );
    assert!(
        steps
            .iter()
            .any(|s| s.decision.path.contains("leave_the_thief")),
        "not sent down by the thief"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
