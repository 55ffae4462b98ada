//! Every `act.*` constructor called from Lua builds the action it documents; bad letters,
//! counts and directions are errors that name the constructor.

use super::*;
use nhbot_world::Pick;

fn lua() -> Lua {
    let lua = Lua::new();
    lua.globals()
        .set("act", act_table(&lua).expect("act table"))
        .expect("act global");
    lua
}

/// The action (and reason) the Lua expression builds.
fn built(lua: &Lua, expr: &str) -> Result<(Action, String), String> {
    lua.load(format!("return {expr}"))
        .eval::<mlua::AnyUserData>()
        .and_then(|ud| ud.borrow::<LuaAction>().map(|a| a.clone()))
        .map(|a| (a.action, a.reason))
        .map_err(|e| e.to_string())
}

#[test]
fn item_constructors_build_their_actions() {
    let lua = lua();
    let cases: Vec<(&str, Action)> = vec![
        (
            "act.zap('f', 'nw', 'why')",
            Action::Zap {
                item: 'f',
                dir: Dir::NW,
            },
        ),
        ("act.quaff('g', 'why')", Action::Quaff { item: Some('g') }),
        ("act.quaff(nil, 'why')", Action::Quaff { item: None }),
        ("act.read('j', 'why')", Action::Read { item: 'j' }),
        ("act.wear('F', 'why')", Action::Wear { item: 'F' }),
        ("act.take_off('f', 'why')", Action::TakeOff { item: 'f' }),
        ("act.wield('l', 'why')", Action::Wield { item: Some('l') }),
        ("act.wield(nil, 'why')", Action::Wield { item: None }),
        ("act.wield('-', 'why')", Action::Wield { item: None }),
        ("act.put_on('g', 'why')", Action::PutOn { item: 'g' }),
        ("act.remove('g', 'why')", Action::Remove { item: 'g' }),
        (
            "act.apply('n', 'down', 'why')",
            Action::Apply {
                item: 'n',
                dir: Some(Dir::Down),
            },
        ),
        (
            "act.apply('n', nil, 'why')",
            Action::Apply {
                item: 'n',
                dir: None,
            },
        ),
        (
            "act.fire('e', nil, 'why')",
            Action::Fire {
                dir: Dir::E,
                item: None,
            },
        ),
        (
            "act.fire('west', 'm', 'why')",
            Action::Fire {
                dir: Dir::W,
                item: Some('m'),
            },
        ),
        ("act.quiver('m', 'why')", Action::Quiver { item: 'm' }),
        (
            "act.drop('m', 2, 'why')",
            Action::Drop {
                item: 'm',
                count: Some(2),
            },
        ),
        (
            "act.drop('$', nil, 'why')",
            Action::Drop {
                item: '$',
                count: None,
            },
        ),
        ("act.enhance('why')", Action::Enhance),
        ("act.offer(nil, 'why')", Action::Offer { item: None }),
        ("act.offer('k', 'why')", Action::Offer { item: Some('k') }),
        (
            "act.chat('s', 'why')",
            Action::Chat {
                dir: Dir::S,
                offer: None,
            },
        ),
        (
            "act.donate('y', 800, 'why')",
            Action::Chat {
                dir: Dir::NW,
                offer: Some(800),
            },
        ),
        ("act.look('why')", Action::Look),
        (
            "act.engrave('Elbereth', 'why')",
            Action::Engrave {
                text: "Elbereth".into(),
                with: None,
            },
        ),
        (
            "act.engrave_with('f', 'Elbereth', 'why')",
            Action::Engrave {
                text: "Elbereth".into(),
                with: Some('f'),
            },
        ),
        (
            "act.engrave_with('-', 'x', 'why')",
            Action::Engrave {
                text: "x".into(),
                with: None,
            },
        ),
        (
            "act.throw('$', 'n', 'why')",
            Action::Throw {
                item: '$',
                dir: Dir::N,
            },
        ),
        ("act.eat('d', 'why')", Action::Eat { item: Some('d') }),
        (
            "act.pickup({index = 2}, 'why')",
            Action::Pickup {
                what: Pick::Index(2),
            },
        ),
    ];
    for (expr, expected) in cases {
        assert_eq!(built(&lua, expr), Ok((expected, "why".into())), "{expr}");
    }
}

#[test]
fn bad_letters_counts_and_directions_are_errors_naming_the_constructor() {
    let lua = lua();
    for (expr, says) in [
        (
            "act.read('ab')",
            "act.read: \"ab\" is not an inventory letter",
        ),
        ("act.read('')", "act.read"),
        ("act.read('$')", "act.read"),
        ("act.quiver('-')", "act.quiver"),
        ("act.wear('1')", "act.wear"),
        ("act.zap('é', 'n')", "act.zap"),
        ("act.eat('fg')", "act.eat"),
        ("act.throw('-', 'n')", "or `$`"),
        ("act.wield('$')", "or `-`"),
        ("act.drop('a', 0)", "act.drop: a count is at least 1"),
        ("act.fire('e', 'mm')", "act.fire"),
        ("act.apply('a', 'sideways')", "unknown direction `sideways`"),
        ("act.chat('nowhere')", "unknown direction"),
        ("act.engrave_with('ab', 'x')", "act.engrave_with"),
        (
            "act.engrave_with('a', string.rep('x', 201))",
            "act.engrave_with: 201 bytes",
        ),
    ] {
        let err = built(&lua, expr).expect_err(expr);
        assert!(err.contains(says), "{expr}: {err}");
    }
}
