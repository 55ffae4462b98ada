//! Temples, altars and the peace, on hand-written screens with the game's own messages.

use super::*;
use crate::dungeon::facts::Special;
use crate::tiles::tests::grid;
use crate::{Decision, Dir, Event, Observation, Status};
use nhbot_screen::Alignment;
use nhbot_screen::{Cell, MenuItem};

fn status(turn: i64) -> Status {
    Status {
        dlvl: 5,
        level_name: "Dlvl:5".into(),
        turn: Some(turn),
        hp: 10,
        hp_max: 10,
        alignment: Alignment::Neutral,
        ..Default::default()
    }
}

/// A corridor leading east to a temple's door at (7, 3); the altar at (10, 3), a priest `@`
/// at (11, 3) (unless the hero stands there).
const TOWN: [&str; 6] = [
    "              ",
    "-----  -------",
    "|...|  |.....|",
    "|...+##+.._@.|",
    "|...|  |.....|",
    "-----  -------",
];

fn map(hero: Pos) -> Vec<Cell> {
    let colors = ["", "", "", "    3  3      "];
    let mut rows: Vec<String> = TOWN.iter().map(|r| r.to_string()).collect();
    let row = &mut rows[hero.y as usize];
    row.replace_range(hero.x as usize..hero.x as usize + 1, "@");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    grid(&rows, &colors)
}

fn see(w: &mut World, hero: Pos, messages: &[&str]) {
    let map = map(hero);
    let status = status(w.turn + 1);
    let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
    w.observe(Observation {
        map: &map,
        player: Some(hero),
        status: Some(&status),
        messages: &messages,
        cursor_on_map: true,
    });
}

fn act(w: &mut World, action: Action) {
    w.observe(Event::Decision(&Decision {
        action,
        path: "test".into(),
        reason: "test".into(),
    }));
}

fn pack(w: &mut World, lines: &[(char, &str)]) {
    let items: Vec<MenuItem> = lines
        .iter()
        .map(|&(letter, text)| MenuItem {
            letter: Some(letter),
            text: text.into(),
            selected: false,
            header: false,
        })
        .collect();
    w.observe(Event::Inventory(&items));
}

#[test]
fn the_games_words_are_read() {
    assert_eq!(
        altar_look("There is an altar to Odin (neutral) here."),
        Some(("Odin".into(), AltarAlignment::Neutral))
    );
    assert_eq!(
        altar_look("There is an altar to Manannan Mac Lir (chaotic) here."),
        Some(("Manannan Mac Lir".into(), AltarAlignment::Chaotic))
    );
    assert_eq!(altar_look("There is a fountain here."), None);
    // Captured from the real game (seed 3's Minetown, wizard mode).
    assert_eq!(
        altar_farlook("an iron chain or an altar (neutral altar)"),
        Some(AltarAlignment::Neutral)
    );
    assert_eq!(
        altar_farlook("_       an iron chain or an altar (lawful altar)"),
        Some(AltarAlignment::Lawful)
    );
    assert_eq!(
        altar_farlook("an altar (unaligned altar)"),
        Some(AltarAlignment::Unaligned)
    );
    assert_eq!(altar_farlook("a dog or other canine (jackal)"), None);
    assert_eq!(
        altar_drop("There is a black flash as a +0 dagger hits the altar."),
        Some(Buc::Cursed)
    );
    assert_eq!(
        altar_drop("There is an amber flash as 2 food rations hit the altar."),
        Some(Buc::Blessed)
    );
    assert_eq!(
        altar_drop("A ring mail lands on the altar."),
        Some(Buc::Uncursed)
    );
    assert_eq!(
        altar_drop("3 daggers land on the altar."),
        Some(Buc::Uncursed)
    );
    assert_eq!(altar_drop("You drop a dagger."), None);
    assert_eq!(
        greeting("\"Pilgrim, you enter a sacred place!\""),
        Some(true)
    );
    assert_eq!(
        greeting("\"Pilgrim, you enter a desecrated place!\""),
        Some(false)
    );
    assert_eq!(
        feeling("You experience an unusual sense of peace."),
        Some((true, false))
    );
    assert_eq!(
        feeling("You have a strange forbidding feeling..."),
        Some((false, true))
    );
    assert_eq!(
        feeling("You have a forbidding feeling..."),
        Some((false, false))
    );
    assert_eq!(priest_god("priestess of Odin"), Some("Odin"));
    assert_eq!(priest_god("high priest of Moloch"), Some("Moloch"));
    assert_eq!(priest_god("watchman"), None);
    assert_eq!(god_alignment("Odin"), Some(AltarAlignment::Neutral));
    assert_eq!(god_alignment("Blind Io"), Some(AltarAlignment::Lawful));
    assert_eq!(god_alignment("Anhur"), Some(AltarAlignment::Chaotic));
    assert_eq!(god_alignment("Moloch"), Some(AltarAlignment::Unaligned));
    assert_eq!(god_alignment("Zeus"), None);
}

#[test]
fn a_greeting_on_the_door_makes_the_room_beyond_a_temple_with_its_altar_and_priest() {
    let mut w = World::default();
    see(&mut w, Pos::new(6, 3), &[]);
    assert_eq!(w.temple(), None, "nothing says temple yet");
    act(&mut w, Action::Move { dir: Dir::E });
    see(
        &mut w,
        Pos::new(7, 3),
        &[
            "The priestess of Loki intones:",
            "\"Pilgrim, you enter a sacred place!\"",
            "You have a forbidding feeling...",
        ],
    );
    let level = w.level().expect("a level");
    let room = level.room_of(Pos::new(9, 3));
    assert!(room.is_some());
    let t = w.temple().expect("a temple");
    assert_eq!(t.room, room, "the room beyond the door, not the corridor");
    assert!(t.hero_inside, "a door belongs to its room");
    assert_eq!(t.sacred, Some(true));
    assert_eq!(t.altar.as_ref().map(|a| a.pos), Some(Pos::new(10, 3)));
    assert_eq!(
        t.coaligned,
        Some(false),
        "a forbidding feeling in a sacred temple"
    );
    assert_eq!(t.priest, None, "the @ is not named yet");
    // Farlook names the priest: the temple's god is Loki, chaotic.
    let answer = crate::parse_farlook("@        human or elf (peaceful priestess of Loki)")
        .expect("a monster");
    w.observe(Event::Farlook {
        at: Pos::new(11, 3),
        answer: &answer,
    });
    let t = w.temple().expect("a temple");
    let priest = t.priest.expect("the priestess");
    assert_eq!((priest.pos, priest.peaceful), (Pos::new(11, 3), Some(true)));
    assert_eq!(
        t.altar.and_then(|a| a.alignment),
        Some(AltarAlignment::Chaotic),
        "her god's"
    );
    assert_eq!(t.coaligned, Some(false));
    // Farlook at the altar itself.
    act(
        &mut w,
        Action::Farlook {
            at: Pos::new(10, 3),
        },
    );
    see(
        &mut w,
        Pos::new(7, 3),
        &["_       an altar (chaotic altar)"],
    );
    let level = w.level().expect("a level");
    assert_eq!(
        level.altar_at(Pos::new(10, 3)).and_then(|a| a.alignment),
        Some(AltarAlignment::Chaotic)
    );
}

#[test]
fn a_priest_seen_in_a_room_with_an_altar_is_a_temple_and_our_god_is_coaligned() {
    let mut w = World::default();
    see(&mut w, Pos::new(9, 2), &[]);
    let answer =
        crate::parse_farlook("@        human or elf (peaceful priest of Odin)").expect("a monster");
    w.observe(Event::Farlook {
        at: Pos::new(11, 3),
        answer: &answer,
    });
    let t = w.temple().expect("a priest in a room: a temple");
    assert!(t.hero_inside);
    assert_eq!(t.coaligned, Some(true), "Odin is neutral, as the hero is");
    assert_eq!(t.sacred, None, "no greeting heard");
    // Stepping on the altar, a look names its god and alignment.
    act(&mut w, Action::Look);
    see(
        &mut w,
        Pos::new(10, 3),
        &["There is an altar to Odin (neutral) here."],
    );
    let t = w.temple().expect("a temple");
    let altar = t.altar.expect("its altar");
    assert_eq!(
        (altar.pos, altar.god.as_deref(), altar.alignment),
        (Pos::new(10, 3), Some("Odin"), Some(AltarAlignment::Neutral))
    );
}

#[test]
fn the_altar_tells_the_curse_status_and_the_pack_keeps_it() {
    let mut w = World::default();
    see(&mut w, Pos::new(10, 3), &[]);
    pack(
        &mut w,
        &[
            ('a', "a +1 long sword (weapon in hand)"),
            ('b', "a +0 dagger"),
            ('c', "a +0 short sword"),
            ('d', "a ring mail"),
        ],
    );
    act(
        &mut w,
        Action::Drop {
            item: 'b',
            count: None,
        },
    );
    see(
        &mut w,
        Pos::new(10, 3),
        &["There is a black flash as a +0 dagger hits the altar."],
    );
    act(
        &mut w,
        Action::Drop {
            item: 'c',
            count: None,
        },
    );
    see(
        &mut w,
        Pos::new(10, 3),
        &["A +0 short sword lands on the altar."],
    );
    act(
        &mut w,
        Action::Drop {
            item: 'd',
            count: None,
        },
    );
    see(
        &mut w,
        Pos::new(10, 3),
        &["There is an amber flash as a ring mail hits the altar."],
    );
    // Picked up again: the game names the curse status, except for the short sword, whose
    // "uncursed" implicit_uncursed leaves out.
    pack(
        &mut w,
        &[
            ('a', "a +1 long sword (weapon in hand)"),
            ('b', "a cursed +0 dagger"),
            ('c', "a +0 short sword"),
            ('d', "a blessed ring mail"),
        ],
    );
    let buc = |w: &World, l: char| {
        w.inventory
            .iter()
            .find(|i| i.letter == l)
            .and_then(|i| i.buc)
    };
    assert_eq!(buc(&w, 'a'), None, "never on the altar");
    assert_eq!(buc(&w, 'b'), Some(Buc::Cursed));
    assert_eq!(buc(&w, 'c'), Some(Buc::Uncursed), "what the altar said");
    assert_eq!(buc(&w, 'd'), Some(Buc::Blessed));
    // The letter now holds another item: what the altar said was of the old one.
    pack(&mut w, &[('c', "an orcish dagger")]);
    assert_eq!(buc(&w, 'c'), None);
    pack(&mut w, &[('c', "a +0 short sword")]);
    assert_eq!(buc(&w, 'c'), None, "forgotten");
}

#[test]
fn the_watch_and_the_priest_are_never_angered() {
    let mut w = World::default();
    see(&mut w, Pos::new(9, 2), &[]);
    let kick = Action::Kick { dir: Dir::E };
    let drink = Action::Quaff { item: None };
    assert_eq!(w.breaks_the_peace(&kick), None, "no watch here");
    w.dungeon
        .current_mut()
        .expect("a level")
        .facts
        .mark(Special::Minetown);
    let why = w.breaks_the_peace(&kick).expect("kicking in Minetown");
    assert!(why.contains("in Minetown"), "{why}");
    assert_eq!(
        w.breaks_the_peace(&drink),
        None,
        "no fountain under the hero"
    );
    w.dungeon
        .current_mut()
        .expect("a level")
        .at_mut(Pos::new(9, 2))
        .expect("the hero's square")
        .feature = Feature::Fountain;
    assert!(w.breaks_the_peace(&drink).is_some());
    assert_eq!(w.breaks_the_peace(&Action::Move { dir: Dir::E }), None);
    assert_eq!(w.breaks_the_peace(&Action::Quaff { item: Some('f') }), None);
    // A forced blow at the peaceful priest.
    let answer =
        crate::parse_farlook("@        human or elf (peaceful priest of Tyr)").expect("a monster");
    see(&mut w, Pos::new(10, 2), &[]);
    w.observe(Event::Farlook {
        at: Pos::new(11, 3),
        answer: &answer,
    });
    assert!(w
        .breaks_the_peace(&Action::Fight { dir: Dir::SE })
        .is_some());
    assert_eq!(w.breaks_the_peace(&Action::Fight { dir: Dir::E }), None);
    // Sacrificing on Tyr's (lawful) altar as a neutral: the priest turns on us.
    see(&mut w, Pos::new(10, 3), &[]);
    assert!(w.breaks_the_peace(&Action::Offer { item: None }).is_some());
}

#[test]
fn altars_and_temples_stay_when_a_level_is_merged_into_its_branch() {
    let mut w = World::default();
    see(
        &mut w,
        Pos::new(9, 2),
        &["There is an altar to Odin (neutral) here."],
    );
    act(&mut w, Action::Move { dir: Dir::E });
    see(
        &mut w,
        Pos::new(10, 2),
        &["You experience a sense of peace."],
    );
    let d = &mut w.dungeon;
    let id = d.current.expect("a level");
    let mines = d.levels.len();
    d.levels.push(Level::new(crate::Branch::Mines, 5));
    d.set_branch(id, crate::Branch::Mines);
    assert_eq!(d.current, Some(mines), "merged into the Mines level");
    let level = &d.levels[mines];
    assert_eq!(
        level
            .altar_at(Pos::new(9, 2))
            .and_then(|a| a.god.as_deref()),
        Some("Odin")
    );
    assert_eq!(level.temples.len(), 1);
    assert_eq!(level.temples[0].peace, Some(true));
}
