//! Scraping screens recorded from the real NetHack 3.6.6 (see tests/fixtures/README.md).

use nhbot_screen::*;

fn screen(name: &str) -> Screen {
    let path = format!("{}/tests/fixtures/{name}.bin", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let mut term = Terminal::new();
    term.feed(&bytes);
    term.screen().clone()
}

fn frame(name: &str) -> Frame {
    scrape(&screen(name))
}

fn letters(menu: &Menu) -> String {
    menu.items.iter().filter_map(|i| i.letter).collect()
}

#[test]
fn start_screen_status_and_player() {
    let f = frame("start_status");
    assert_eq!(
        f.messages,
        vec![
            "Velkommen wizard, welcome to NetHack!",
            "You are a neutral human Valkyrie."
        ]
    );
    assert!(!f.more && f.prompt.is_none() && f.menu.is_none() && f.game_over.is_none());
    let s = f.status.expect("status");
    assert_eq!(s.name_title, "Wizard the Stripling");
    assert_eq!((s.strength.as_str(), s.strength_value), ("18/02", 20));
    assert_eq!((s.dex, s.con, s.int, s.wis, s.cha), (14, 18, 8, 8, 7));
    assert_eq!(s.alignment, Alignment::Neutral);
    assert_eq!((s.level_name.as_str(), s.dlvl, s.gold), ("Dlvl:1", 1, 0));
    assert_eq!((s.hp, s.hp_max, s.pw, s.pw_max, s.ac), (16, 16, 2, 2, 6));
    assert_eq!(
        (s.xl, s.exp, s.turn, s.polymorphed),
        (1, Some(0), Some(1), false)
    );
    assert_eq!(
        (s.hunger, s.encumbrance),
        (Hunger::NotHungry, Encumbrance::Unencumbered)
    );
    assert!(s.conditions.is_empty());
    // The cursor rests on the hero while the game waits for a command.
    assert_eq!(f.player, Some(Pos::new(36, 9)));
    let sc = screen("start_status");
    let hero = sc.map_cells()[9 * COLS + 36];
    assert_eq!((hero.ch, hero.fg, hero.bold), ('@', 15, true));
    assert_eq!(
        sc.row_text(22),
        "Wizard the Stripling           St:18/02 Dx:14 Co:18 In:8 Wi:8 Ch:7 Neutral"
    );
}

#[test]
fn map_colours_fold_bold_into_bright() {
    let sc = screen("start_status");
    // The kitten is white ('f' drawn bold white), the lichen 'F' bright green.
    let row = |y: usize| &sc.map_cells()[y * COLS..(y + 1) * COLS];
    assert_eq!(row(10)[33].ch, 'F');
    assert_eq!(row(10)[33].fg, 10);
    assert_eq!(row(9)[34].ch, '?');
}

#[test]
fn several_messages_with_more() {
    let f = frame("after_drop");
    assert!(f.more);
    assert_eq!(
        f.messages,
        vec![
            "You drop an oval amulet.",
            "You drop 10 arrows.",
            "You drop a bow."
        ]
    );
    assert!(f.prompt.is_none() && f.menu.is_none());
    // The cursor waits after --More--: the hero is found by its glyph.
    assert_eq!(f.player, Some(Pos::new(36, 9)));

    let f = frame("eat_bat");
    assert!(f.more);
    assert_eq!(
        f.messages,
        vec![
            "This bat corpse tastes okay.",
            "The kitten bites the lichen."
        ]
    );
}

#[test]
fn wrapped_message_with_more() {
    let f = frame("q_more_wrapped");
    assert!(f.more && f.menu.is_none());
    assert!(
        f.top_line
            .ends_with("the dark part of a room or ice (floor of a room)"),
        "{}",
        f.top_line
    );
    assert_eq!(f.player, Some(Pos::new(59, 4)));
}

#[test]
fn yes_no_prompts() {
    let f = frame("yn_eat_floor");
    assert_eq!(
        f.prompt,
        Some(Prompt::YesNo {
            question: "There is an uncursed food ration here; eat it?".into(),
            choices: "ynq".into(),
            default: Some('n')
        })
    );
    assert!(f.messages.is_empty());
    let f = frame("q_yn_really_quit");
    assert!(
        matches!(f.prompt, Some(Prompt::YesNo { ref choices, default: Some('n'), .. }) if choices == "yn")
    );
    let f = frame("choice_ring");
    assert_eq!(
        f.prompt,
        Some(Prompt::YesNo {
            question: "Which ring-finger, Right or Left?".into(),
            choices: "rl".into(),
            default: None
        })
    );
}

#[test]
fn direction_and_item_prompts() {
    assert_eq!(
        frame("direction_prompt").prompt,
        Some(Prompt::Direction {
            question: "In what direction?".into()
        })
    );
    assert_eq!(
        frame("item_prompt_eat").prompt,
        Some(Prompt::Item {
            question: "What do you want to eat?".into(),
            letters: "hpq".into(),
            extra: "?*".into()
        })
    );
    assert_eq!(
        frame("item_prompt_quaff").prompt,
        Some(Prompt::Item {
            question: "What do you want to drink?".into(),
            letters: "efgxy".into(),
            extra: "?*".into()
        })
    );
    assert_eq!(
        frame("engrave_with").prompt,
        Some(Prompt::Item {
            question: "What do you want to write with?".into(),
            letters: "-abijn".into(),
            extra: "?*".into()
        })
    );
}

#[test]
fn text_prompts() {
    let text = |q: &str, s: &str| {
        Some(Prompt::Text {
            question: q.into(),
            so_far: s.into(),
        })
    };
    assert_eq!(
        frame("wish_prompt_empty").prompt,
        text("For what do you wish?", "")
    );
    assert_eq!(
        frame("wish_prompt_typed").prompt,
        text("For what do you wish?", "2 blessed potions of blind")
    );
    assert_eq!(
        frame("engrave_text_typed").prompt,
        text("What do you want to write in the dust here?", "Elbere")
    );
    assert_eq!(
        frame("text_polyself").prompt,
        text("Become what kind of monster? [type the name]", "")
    );
    // A message the hero was told, with the cursor back on the map, is not a question.
    assert_eq!(frame("after_wish").prompt, None);
    assert_eq!(frame("after_wish").messages, vec!["e - 2 milky potions."]);
}

#[test]
fn position_prompts() {
    let f = frame("position_prompt_pick");
    assert_eq!(
        f.prompt,
        Some(Prompt::Position {
            question: "Pick an object.".into()
        })
    );
    let f = frame("position_prompt_travel");
    assert!(
        matches!(f.prompt, Some(Prompt::Position { ref question }) if question.starts_with("Where do you want to travel to?"))
    );
    // Hallucination shows the pet as another '@': the hero is still the white one under the cursor.
    assert_eq!(f.player, Some(Pos::new(36, 9)));
}

#[test]
fn single_page_inventory_over_the_map() {
    let f = frame("inv_single");
    let menu = f.menu.expect("menu");
    assert_eq!(
        (menu.column, menu.page, menu.last_page, menu.text_window),
        (31, None, true, false)
    );
    assert_eq!(letters(&menu), "abcd");
    let headers: Vec<&str> = menu
        .items
        .iter()
        .filter(|i| i.header)
        .map(|i| i.text.as_str())
        .collect();
    assert_eq!(headers, vec!["Weapons", "Armor", "Comestibles"]);
    assert_eq!(menu.items[1].text, "a +1 long sword (weapon in hand)");
    assert!(f.messages.is_empty() && f.prompt.is_none());
    // The status lines stay visible below a small menu.
    assert_eq!(f.status.map(|s| s.turn), Some(Some(1)));
}

#[test]
fn multi_page_inventory() {
    let p1 = frame("inv_multi_p1").menu.expect("page 1");
    assert_eq!((p1.page, p1.last_page, p1.column), (Some((1, 2)), false, 0));
    assert_eq!(letters(&p1), "sablmncodhpqkwre");
    assert_eq!(p1.items.iter().filter(|i| i.header).count(), 7);
    let p2 = frame("inv_multi_p2");
    assert!(
        p2.status.is_none(),
        "a full-screen menu hides the status lines"
    );
    let p2 = p2.menu.expect("page 2");
    assert_eq!((p2.page, p2.last_page), (Some((2, 2)), true));
    assert_eq!(letters(&p2), "fgxyijtuv");
    assert_eq!(p2.items.last().map(|i| i.text.as_str()), Some("7 rocks"));
}

#[test]
fn menu_titles_and_selection() {
    let m = frame("menu_drop_types").menu.expect("menu");
    assert_eq!(m.title.as_deref(), Some("Drop what type of items?"));
    assert_eq!(letters(&m), "AabcdefghijklUX");
    assert!(m.items.iter().all(|i| !i.selected));
    let m = frame("menu_drop_types_selected").menu.expect("menu");
    let picked: Vec<char> = m
        .items
        .iter()
        .filter(|i| i.selected)
        .filter_map(|i| i.letter)
        .collect();
    assert_eq!(picked, vec!['a']);
    let m = frame("menu_drop_items_sel").menu.expect("menu");
    assert_eq!(m.title.as_deref(), Some("What would you like to drop?"));
    let picked: String = m
        .items
        .iter()
        .filter(|i| i.selected)
        .filter_map(|i| i.letter)
        .collect();
    assert_eq!(picked, "slm");
}

#[test]
fn text_windows() {
    let f = frame("look_here");
    assert!(f.more);
    let m = f.menu.expect("window");
    assert!(m.text_window);
    assert_eq!(m.column, 41);
    let lines: Vec<&str> = m.items.iter().map(|i| i.text.as_str()).collect();
    assert_eq!(
        lines,
        vec![
            "Things that are here:",
            "7 rocks",
            "a bow",
            "10 arrows",
            "an oval amulet"
        ]
    );
    assert_eq!(
        f.player,
        Some(Pos::new(36, 9)),
        "the hero is left of the window"
    );

    let f = frame("discoveries");
    let m = f.menu.expect("window");
    assert_eq!(m.title.as_deref(), Some("Discoveries"));
    assert!(m.text_window && f.more);
    assert_eq!(m.items[0].text, "Weapons");
    assert!(m.items[0].header);
    assert_eq!(m.items[1].text, "* elven arrow (runed arrow)");
}

#[test]
fn status_conditions_full_and_abbreviated() {
    use Condition::*;
    let s = frame("status_conditions").status.expect("status");
    assert_eq!(s.conditions, vec![Blind, Stun, Conf, Hallu, Lev]);
    assert_eq!(s.turn, Some(15));
    // "Burdened Blnd Stun Cnf Hal Lev" when the line gets long, then "Stressed ... Stngl ...".
    let s = frame("status_abbrev").status.expect("status");
    assert_eq!(s.encumbrance, Encumbrance::Stressed);
    assert_eq!(s.conditions, vec![Blind, Stun, Conf, Hallu, Lev]);
    let s = frame("status_strangled").status.expect("status");
    assert_eq!(s.conditions, vec![Strangled, Blind, Stun, Hallu, Lev]);
}

#[test]
fn polymorphed_status_shows_hit_dice() {
    let f = frame("status_poly");
    let s = f.status.expect("status");
    assert_eq!(s.name_title, "Wizard the Gnome Lord");
    assert_eq!((s.xl, s.polymorphed, s.exp), (3, true, None));
    assert_eq!((s.hp, s.hp_max), (10, 10));
    // At --More-- the cursor is on the top line and a gnome lord is no '@'.
    assert_eq!(f.player, None);
}

#[test]
fn end_of_game_questions() {
    for name in [
        "die_prompt",
        "q_disclose_inv",
        "q_disclose_attr",
        "q_disclose_overview",
    ] {
        let f = frame(name);
        assert!(f.game_over.is_some(), "{name}");
        assert!(matches!(f.prompt, Some(Prompt::YesNo { .. })), "{name}");
    }
    assert_eq!(frame("q_yn_really_quit").game_over, None);
}

#[test]
fn tombstone_and_summary() {
    let f = frame("death_tombstone");
    assert!(f.more);
    let over = f.game_over.expect("game over");
    assert_eq!(over.cause.as_deref(), Some("killed by strangulation"));
    assert_eq!(
        (over.score, over.turns, over.verb.as_deref()),
        (Some(30), Some(33), Some("died"))
    );

    let over = frame("q_goodbye").game_over.expect("game over");
    assert_eq!(over.cause.as_deref(), Some("quit"));
    assert_eq!((over.score, over.turns), (Some(4), Some(6)));

    let over = frame("death_overview").game_over.expect("game over");
    assert_eq!(over.cause.as_deref(), Some("killed by strangulation"));
    for name in ["death_attributes", "death_tombstone"] {
        assert!(frame(name).game_over.is_some(), "{name}");
    }
}

#[test]
fn disclosed_inventory_is_a_menu() {
    let m = frame("death_inventory").menu.expect("menu");
    assert_eq!(m.page, Some((1, 2)));
    assert_eq!(
        m.items[1].text,
        "a cursed amulet of strangulation (being worn)"
    );
}

#[test]
fn message_history_full_window() {
    let msgs = parse_history_window(&screen("q_msg_history_full")).expect("history window");
    assert_eq!(msgs.len(), 6, "{msgs:?}");
    assert_eq!(
        msgs[0],
        "Velkommen fixture2, welcome to NetHack!  You are a neutral human Valkyrie."
    );
    assert!(
        msgs[3].ends_with("or ice (floor of a room)"),
        "wrapped line joined: {}",
        msgs[3]
    );
    assert_eq!(msgs[5], "You attack thin air.");
    assert_eq!(parse_history_window(&screen("inv_single")), None);
}

#[test]
fn message_history_single_mode() {
    // msg_window:single: each ^P redraws one older message on the top line.
    let f = frame("msg_history_2");
    assert_eq!(
        single_history_message(&f),
        Some("L        a lich (straw golem)")
    );
    assert_eq!(single_history_message(&frame("inv_single")), None);
}

#[test]
fn peaceful_attack_question_and_cockatrice() {
    // Game 3 ran with TERM=xterm, like the engine.
    let f = frame("yn_really_attack");
    assert_eq!(
        f.prompt,
        Some(Prompt::YesNo {
            question: "Really attack the gnome?".into(),
            choices: "yn".into(),
            default: Some('n')
        })
    );
    let sc = screen("cockatrice_on_map");
    let at = |x: usize, y: usize| sc.map_cells()[y * COLS + x];
    assert_eq!(
        (at(20, 3).ch, at(20, 3).fg),
        ('c', 11),
        "cockatrice: yellow (bold brown)"
    );
    assert_eq!((at(19, 3).ch, at(19, 3).fg), ('G', 3), "gnome: brown");
    assert_eq!(
        (at(19, 4).ch, at(19, 4).fg),
        ('{', 12),
        "fountain: bright blue"
    );
    assert_eq!(scrape(&sc).player, Some(Pos::new(19, 2)));
}

#[test]
fn stoning_status_and_death() {
    let s = frame("status_stone").status.expect("status");
    assert_eq!(s.conditions, vec![Condition::Stone]);
    assert_eq!((s.hp, s.turn, s.strength_value), (5, Some(11), 23));
    let over = frame("stoned_tombstone").game_over.expect("game over");
    assert_eq!(over.cause.as_deref(), Some("petrified by a cockatrice"));
    assert_eq!(over.verb.as_deref(), Some("turned to stone"));
    assert_eq!((over.score, over.turns), (Some(0), Some(14)));
}
