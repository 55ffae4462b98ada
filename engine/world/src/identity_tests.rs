//! Tests of monster identity across frames (`identity.rs`, `World::observe`): remembered
//! monsters, the pet coming back into view, farlook answers a leaf asked for, statue and mimic
//! suspicion.

use crate::tiles::tests::grid;
use crate::{Action, Decision, Dir, Event, Observation, World};
use nhbot_screen::{Cell, Pos, Status};

fn status(dlvl: i32, turn: i64) -> Status {
    Status {
        dlvl,
        level_name: format!("Dlvl:{dlvl}"),
        turn: Some(turn),
        hp: 10,
        hp_max: 10,
        ..Default::default()
    }
}

/// `f`s and `d`s are white: the kitten or little dog a Valkyrie starts with.
fn map(rows: &[&str]) -> Vec<Cell> {
    let mut map = grid(rows, &[]);
    for c in map.iter_mut().filter(|c| c.ch == 'f' || c.ch == 'd') {
        c.fg = 7;
        c.bold = true;
    }
    map
}

fn frame(w: &mut World, rows: &[&str], at: Pos, dlvl: i32, turn: i64, messages: &[&str]) {
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    w.observe(Observation {
        map: &map(rows),
        player: Some(at),
        status: Some(&status(dlvl, turn)),
        messages: &messages,
        cursor_on_map: true,
    });
}

fn decide(w: &mut World, action: Action) {
    w.observe(Event::Decision(&Decision {
        action,
        path: "root/test".into(),
        reason: String::new(),
    }));
}

const ME: Pos = Pos::new(3, 1);

/// The trial: the pet went round a corner and came back as a nameless "hostile".
#[test]
fn the_pet_out_of_view_is_remembered_and_is_the_pet_again_when_back() {
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@f.|", "|.....|"], ME, 1, 1, &[]);
    assert!(w.monsters[0].tame);
    // Out of view: not present, but remembered where it was.
    decide(&mut w, Action::Search { count: 3 });
    frame(&mut w, &["|.....|", "|..@..|", "|.....|"], ME, 1, 4, &[]);
    assert!(w.monsters.is_empty(), "{:?}", w.monsters);
    assert_eq!(w.remembered.len(), 1);
    let pet = w.pet().expect("the pet is remembered");
    assert!(pet.tame && pet.pos == Pos::new(4, 1) && pet.last_seen == 1);
    // Back, farther than a frame's step: the pet again, no longer a memory.
    frame(&mut w, &["|....f|", "|..@..|", "|.....|"], ME, 1, 6, &[]);
    assert_eq!(w.monsters.len(), 1);
    assert!(w.monsters[0].tame && !w.monsters[0].maybe_hostile());
    assert_eq!(w.monsters[0].first_seen, 1, "the same monster");
    assert!(w.remembered.is_empty());
}

#[test]
fn a_monster_like_the_pet_far_beyond_its_reach_is_not_the_pet() {
    let mut w = World::default();
    let wide = ["|.@f...............................|"];
    frame(&mut w, &wide, Pos::new(2, 0), 1, 1, &[]);
    assert!(w.monsters[0].tame);
    frame(
        &mut w,
        &["|.@................................|"],
        Pos::new(2, 0),
        1,
        2,
        &[],
    );
    // One turn later, 30 squares away: another kitten.
    frame(
        &mut w,
        &["|.@...............................f|"],
        Pos::new(2, 0),
        1,
        3,
        &[],
    );
    assert!(!w.monsters[0].tame);
    assert!(
        w.pet().is_some_and(|p| p.pos == Pos::new(3, 0)),
        "ours is still remembered"
    );
}

#[test]
fn remembered_monsters_are_never_present_and_are_forgotten_with_the_level() {
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@..|", "|.:...|"], ME, 1, 1, &[]);
    assert_eq!(w.monsters.len(), 1);
    frame(&mut w, &["|.....|", "|..@..|", "|.....|"], ME, 1, 2, &[]);
    assert!(w.monsters.is_empty());
    assert_eq!(w.remembered.len(), 1);
    assert!(!w.remembered[0].tame && w.remembered[0].ch == ':');
    // A newt seen again is a new sighting, asked about anew: only the pet's identity returns.
    w.remembered[0].name = Some("newt".into());
    frame(&mut w, &["|.....|", "|..@..|", "|..:..|"], ME, 1, 3, &[]);
    assert_eq!(w.monsters[0].name, None);
    assert!(w.remembered.is_empty(), "the memory was that newt");
    frame(&mut w, &["|.....|", "|..@..|", "|.....|"], ME, 1, 4, &[]);
    assert_eq!(w.remembered.len(), 1);
    // Memories are of this level.
    decide(&mut w, Action::Descend);
    frame(&mut w, &["", "   @."], Pos::new(3, 1), 2, 5, &[]);
    assert!(w.remembered.is_empty());
}

#[test]
fn a_monster_killed_is_no_memory() {
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@:.|", "|.....|"], ME, 1, 1, &[]);
    decide(&mut w, Action::Fight { dir: Dir::E });
    frame(
        &mut w,
        &["|.....|", "|..@..|", "|.....|"],
        ME,
        1,
        2,
        &["You kill the newt!"],
    );
    assert!(w.remembered.is_empty(), "{:?}", w.remembered);
    assert_eq!(w.kills.len(), 1);
}

/// `act.farlook(x, y)` from a leaf: the answer arrives as a message of the next frame, and the
/// next decision's monster has its name and disposition.
#[test]
fn a_farlook_a_leaf_asked_for_names_the_monster() {
    let mut w = World::default();
    let room = ["|.....|", "|..@.d|", "|.....|"];
    frame(&mut w, &room, ME, 1, 40, &[]);
    let dog = Pos::new(5, 1);
    assert!(w.monsters[0].maybe_hostile() && w.monsters[0].name.is_none());
    decide(&mut w, Action::Farlook { at: dog });
    frame(
        &mut w,
        &room,
        ME,
        1,
        40,
        &["d        a dog or other canine (tame little dog)"],
    );
    let m = &w.monsters[0];
    assert_eq!(m.name.as_deref(), Some("little dog"));
    assert!(m.tame && m.peaceful == Some(true) && !m.maybe_hostile());
    // The same words after another action teach nothing.
    let mut other = World::default();
    frame(&mut other, &room, ME, 1, 40, &[]);
    decide(&mut other, Action::Search { count: 1 });
    frame(
        &mut other,
        &room,
        ME,
        1,
        41,
        &["d        a dog or other canine (tame little dog)"],
    );
    assert!(!other.monsters[0].tame);
    // A peaceful answer.
    decide(&mut other, Action::Farlook { at: dog });
    frame(
        &mut other,
        &room,
        ME,
        1,
        41,
        &["d        a dog or other canine (peaceful jackal)"],
    );
    let m = &other.monsters[0];
    assert_eq!(
        (m.name.as_deref(), m.peaceful, m.tame),
        (Some("jackal"), Some(true), false)
    );
}

/// A statue is no monster: farlook names it one, and it leaves `monsters` without becoming a
/// memory; a monster later standing on it is suspected of being one.
#[test]
fn a_statue_is_no_monster_and_a_monster_on_it_is_suspected() {
    let mut w = World::default();
    let room = ["|.....|", "|.k@..|", "|.....|"];
    frame(&mut w, &room, ME, 1, 5, &[]);
    decide(&mut w, Action::Farlook { at: Pos::new(2, 1) });
    frame(
        &mut w,
        &room,
        ME,
        1,
        5,
        &["k        a kobold or a boulder or statue (a statue of a kobold)"],
    );
    assert!(w.monsters.is_empty(), "{:?}", w.monsters);
    frame(&mut w, &room, ME, 1, 6, &[]);
    assert!(w.monsters.is_empty() && w.remembered.is_empty());
    // A jackal on the statue's square is a monster, suspected of being the statue.
    frame(&mut w, &["|.....|", "|.d@..|", "|.....|"], ME, 1, 7, &[]);
    assert_eq!(w.monsters.len(), 1);
    assert!(w.statue_suspected(&w.monsters[0]));
    let elsewhere = crate::Monster {
        pos: Pos::new(4, 2),
        ..w.monsters[0].clone()
    };
    assert!(!w.statue_suspected(&elsewhere));
}

#[test]
fn mimics_are_suspected() {
    let mut w = World::default();
    // A `]` ("strange object") is a mimic posing.
    frame(&mut w, &["|.....|", "|..@.]|", "|.....|"], ME, 1, 5, &[]);
    assert!(w.monsters[0].mimic && w.monsters[0].maybe_hostile());
    // An object, then a monster where it was.
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@.(|", "|.....|"], ME, 1, 5, &[]);
    assert!(w.monsters.is_empty(), "an object is no monster");
    frame(&mut w, &["|.....|", "|..@.:|", "|.....|"], ME, 1, 6, &[]);
    assert!(w.monsters[0].mimic);
    // Walking into one: the game says so.
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@:.|", "|.....|"], ME, 1, 5, &[]);
    assert!(!w.monsters[0].mimic);
    decide(&mut w, Action::Move { dir: Dir::E });
    frame(
        &mut w,
        &["|.....|", "|..@:.|", "|.....|"],
        ME,
        1,
        6,
        &["Wait!  That's a small mimic!"],
    );
    assert!(w.monsters[0].mimic);
    // A monster that walks onto an object in view is no mimic.
    let mut w = World::default();
    frame(&mut w, &["|.....|", "|..@.)|", "|...:.|"], ME, 1, 5, &[]);
    frame(&mut w, &["|.....|", "|..@.:|", "|.....|"], ME, 1, 6, &[]);
    assert!(!w.monsters[0].mimic);
}
