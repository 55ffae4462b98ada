//! Monsters whose kind cannot be told: drawn at random while we hallucinate, or the `I` the
//! game marks where something unseen struck us. Worlds are built the way the agent builds
//! them (`World::observe` on screens), so the world's hallucination tracking is exercised too.

use super::*;
use crate::steps;
use nhbot_world::{Action, Condition, Dir, Said, Status};

/// One frame of `rows` (the hero is the `@`) at `turn`, on Dlvl 13 at XL 8, HP 41 of 71, with
/// `messages`.
fn show(w: &mut World, rows: &[&str], turn: i64, conditions: &[Condition], messages: &[&str]) {
    show_hp(w, rows, turn, 41, conditions, messages);
}

/// [`show`] at HP `hp`.
fn show_hp(
    w: &mut World,
    rows: &[&str],
    turn: i64,
    hp: i32,
    conditions: &[Condition],
    messages: &[&str],
) {
    let status = Status {
        dlvl: 13,
        xl: 8,
        ac: -1,
        level_name: "Dlvl:13".into(),
        turn: Some(turn),
        hp,
        hp_max: 71,
        conditions: conditions.to_vec(),
        ..Default::default()
    };
    nhbot_world::testing::observe_rows(w, rows, &status, messages);
}

const HALLU: &[Condition] = &[Condition::Hallu];

#[test]
fn the_typical_monster_grows_with_depth() {
    let mut w = World::default();
    (w.status.dlvl, w.status.xl, w.status.ac) = (1, 1, 6);
    let shallow = typical_here(&w).expect("Dlvl 1 makes monsters");
    (w.status.dlvl, w.status.xl) = (13, 8);
    let deep = typical_here(&w).expect("Dlvl 13 makes monsters");
    let (a, b) = (damage_per_turn(shallow, 6).0, damage_per_turn(deep, 6).0);
    assert!(a < b, "{} {a} vs {} {b}", shallow.name, deep.name);
    // The median of what hits: neither a newt nor the worst of the depth.
    let worst = monsters::attackers_here(13, 8, DIFFICULTY_SLACK)
        .into_iter()
        .map(|m| damage_per_turn(m, 6).0)
        .fold(0.0, f64::max);
    assert!(b > 1.0 && b < worst, "{} {b} (worst {worst})", deep.name);
}

/// Seed 107 of the bench (Dlvl 13): hallucinating after a black light's explosion, a monster
/// kicked the hero from the next square while it explored and rested "with no hostile within
/// 6" until it died. The monster is a threat of unknown kind; struck by it, we strike back;
/// never Elbereth (it comes out garbled); no rest.
#[test]
fn a_hallucinated_monster_is_an_unknown_threat_struck_back_only_when_it_strikes() {
    let mut w = World::default();
    let room = ["|........|", "|...@....|", "|........|"];
    show(&mut w, &room, 7912, &[], &[]);
    show(&mut w, &room, 7915, HALLU, &["It explodes!"]);
    let r = Recall::default();
    assert!(threats(&r, &w).is_empty());
    // A monster comes next to us, drawn as a `Z` (a zombie would be slow and weak).
    show(
        &mut w,
        &["|...Z....|", "|...@....|", "|........|"],
        7927,
        HALLU,
        &[],
    );
    let t = threats(&r, &w);
    assert_eq!(t.len(), 1, "{t:?}");
    let z = &t[0];
    assert_eq!(z.unknown, Some("hallucinating"));
    assert!(z.hostile && !z.respects_elbereth && !z.gazes);
    assert_eq!(z.name, typical_here(&w).unwrap().name);
    assert!(z.kind().contains("unknown"), "{}", z.kind());
    // Nothing strikes us: it may be a floating eye, so no blow.
    assert!(z.no_melee.is_some());
    let mut r = Recall::default();
    assert_eq!(steps::fight_step(&mut r, &w), None);
    // It kicks (its name is random too): now it is struck back at.
    show(
        &mut w,
        &["|...q....|", "|...@....|", "|........|"],
        7928,
        HALLU,
        &["The walking disk drive kicks!"],
    );
    let t = threats(&r, &w);
    assert_eq!(t[0].no_melee, None);
    let (action, why) = steps::fight_or_flee_step(&mut r, &w, 4).expect("fights back");
    assert!(action == Action::Move { dir: Dir::N }, "{action:?} {why}");
    assert!(why.contains("hallucinating: unknown"), "{why}");
    // Elbereth is no answer: each letter comes out garbled one time in two.
    assert!(!crate::elbereth::would_help(&r, &w));
    // And no rest beside it.
    w.status.hp = 20;
    assert_eq!(steps::rest_step(&r, &w, "root/rest", 0.6, 6), None);
}

/// A monster we could not tell that turned out peaceful ("Really attack?") is suspected on
/// its square for a while, never by the random glyph it was drawn with.
#[test]
fn a_peaceful_met_hallucinating_is_suspected_by_its_square_not_its_glyph() {
    let mut w = World::default();
    show(&mut w, &["|...@Y...|"], 100, HALLU, &["The gnome hits!"]);
    let mut r = Recall::default();
    let (action, _) = steps::fight_step(&mut r, &w).expect("strikes the monster that may hit us");
    assert_eq!(action, Action::Move { dir: Dir::E });
    // The game asked "Really attack?" (the engine says no): no game time passed.
    w.decisions += 1;
    w.history.push(Said {
        turn: w.turn,
        decision: w.decisions,
        text: "Really attack the gnome?".into(),
    });
    crate::peaceful::observe(&mut r.peaceful, &w);
    assert!(threats(&r, &w).is_empty(), "the square is suspected");
    assert!(
        !crate::peaceful::suspected(&r.peaceful, &w, 'Y', 7),
        "not the glyph"
    );
    // Sober, a `Y` of that colour elsewhere is a threat like any other.
    show(&mut w, &["|...@...Y|"], 101, &[], &[]);
    assert_eq!(threats(&r, &w).len(), 1);
}

/// Blind (a yellow light's explosion) or beside an invisible monster: the `I` the game marks
/// where the blow came from is a threat of unknown kind while the blows go on, and the
/// survival nodes see it (seeds 5, 21, 36, 152...: the threat model ignored every `I`, so only
/// prayer and a blind swing answered them). A mark far away, or long after, is none.
#[test]
fn an_i_mark_next_to_us_after_an_unseen_blow_is_a_threat() {
    let mut w = World::default();
    let blind = &[Condition::Blind];
    show(
        &mut w,
        &["|...@....|", "|...I....|"],
        5954,
        blind,
        &["It bites!"],
    );
    let r = Recall::default();
    let t = threats(&r, &w);
    assert_eq!(t.len(), 1, "{t:?}");
    assert_eq!(t[0].unknown, Some("unseen, it struck us"));
    assert_eq!(t[0].no_melee, None);
    assert!(!t[0].respects_elbereth);
    // Struck at with `F` (a move onto a mark left behind would attack thin air the same way).
    let mut r = Recall::default();
    let (action, why) = steps::fight_step(&mut r, &w).expect("strikes the mark");
    assert_eq!(action, Action::Fight { dir: Dir::S }, "{why}");
    // Of two marks, the newest is where the last blow came from.
    show(
        &mut w,
        &["|...@I...|", "|...I....|"],
        5956,
        blind,
        &["It hits!"],
    );
    let t = threats(&r, &w);
    assert_eq!(t.len(), 2);
    assert_eq!(t[0].pos, Pos::new(5, 0), "{t:?}");
    // Six turns without a blow: the marks are stale.
    show(&mut w, &["|...@I...|", "|...I....|"], 5962, blind, &[]);
    assert!(threats(&r, &w).is_empty());
    // A mark two squares away is no monster next to us.
    show(
        &mut w,
        &["|...@....|", "|.....I..|"],
        5963,
        blind,
        &["It misses!"],
    );
    assert!(threats(&r, &w).is_empty());
}

/// A refused attack on an `I` (an unseen shopkeeper) must not make every later `I` peaceful:
/// all marks look alike.
#[test]
fn a_peaceful_i_is_suspected_by_its_square() {
    let mut w = World::default();
    show(&mut w, &["|...@I...|"], 300, &[], &["It misses!"]);
    let mut r = Recall::default();
    let (action, _) = steps::fight_step(&mut r, &w).expect("strikes the mark");
    assert_eq!(action, Action::Fight { dir: Dir::E });
    w.decisions += 1;
    w.history.push(Said {
        turn: w.turn,
        decision: w.decisions,
        text: "Really attack it?".into(),
    });
    crate::peaceful::observe(&mut r.peaceful, &w);
    assert!(threats(&r, &w).is_empty());
    show(
        &mut w,
        &["|...@....|", "|...I....|"],
        301,
        &[],
        &["It hits!"],
    );
    assert_eq!(threats(&r, &w).len(), 1, "another mark, another square");
}

/// Two invisible stalkers took ~20 HP a turn from a hero at full health who went on trading
/// blows with "typical" monsters of 4 a turn until it died (a real-game scene of
/// `unseen_game.rs`). What the marks next to us do to us sizes them; an unseen monster is
/// never taken to respect Elbereth (the invisible killers of the bench were elves and a
/// werewolf in `@` form).
#[test]
fn unseen_monsters_that_hurt_more_are_taken_for_worse_ones() {
    let mut w = World::default();
    let typical = {
        show(&mut w, &["|...@I...|", "|...I....|"], 6, &[], &["It hits!"]);
        typical_here(&w).unwrap()
    };
    let r = Recall::default();
    let t = threats(&r, &w);
    assert_eq!(t.len(), 2);
    assert_eq!(t[0].name, typical.name, "nothing lost yet: the typical one");
    assert!(!t[0].respects_elbereth);
    // 41 -> 21 -> 1 over two turns: 10 a turn each.
    for (turn, hp) in [(7, 21), (8, 1)] {
        let marks = ["|...@I...|", "|...I....|"];
        show_hp(&mut w, &marks, turn, hp, &[], &["It hits!", "It hits!"]);
    }
    let each = unknown_damage_each(&w).expect("two marks next to us");
    assert!((9.0..=11.0).contains(&each), "{each}");
    let t = threats(&r, &w);
    assert!(t[0].expected_damage >= each, "{t:?}");
    assert!(
        t[0].expected_damage > damage_per_turn(typical, w.status.ac).0,
        "{t:?}"
    );
    assert!(t[0]
        .kind()
        .starts_with("unseen, it struck us: unknown, taken for a"));
}
