//! Hand-drawn frames for the Lua leaf tests: the world observes them as the game loop feeds it
//! (`World::observe(Observation)`): the map with its colours, the hero's square, the status and
//! the messages.

use nhbot_bt::TreeBot;
use nhbot_world::testing::grid;
use nhbot_world::{parse_farlook, Decision, Event, Observation, Pos, Status, World};

/// A map being drawn: its rows of glyphs and, under them, a CLR_* hex digit per coloured square
/// (a space: the default colour).
pub struct Scene {
    rows: Vec<String>,
    colors: Vec<String>,
}

impl Scene {
    /// A room 30 wide: walls at x = 0 and 31, floor rows 1..=7.
    pub fn room() -> Scene {
        let wall = "-".repeat(32);
        let floor = format!("|{}|", ".".repeat(30));
        let mut rows = vec![wall.clone()];
        rows.extend(std::iter::repeat_n(floor, 7));
        rows.push(wall);
        let colors = rows.iter().map(|r| " ".repeat(r.len())).collect();
        Scene { rows, colors }
    }

    /// Draws `c` at `p` in the default colour.
    pub fn draw(&mut self, p: Pos, c: char) -> &mut Scene {
        let (x, y) = (p.x as usize, p.y as usize);
        self.rows[y].replace_range(x..x + 1, &c.to_string());
        self
    }

    /// Draws `c` at `p` in `color` (a CLR_* number).
    pub fn draw_colored(&mut self, p: Pos, c: char, color: u8) -> &mut Scene {
        self.draw(p, c);
        let (x, y) = (p.x as usize, p.y as usize);
        self.colors[y].replace_range(x..x + 1, &format!("{color:x}"));
        self
    }

    /// The world observes one frame of the scene with the hero (`@`, drawn last) at `at`,
    /// `status` and `messages` shown.
    pub fn show(mut self, w: &mut World, at: Pos, status: &Status, messages: &[&str]) {
        self.draw(at, '@');
        let rows: Vec<&str> = self.rows.iter().map(String::as_str).collect();
        let colors: Vec<&str> = self.colors.iter().map(String::as_str).collect();
        let map = grid(&rows, &colors);
        let messages: Vec<String> = messages.iter().map(|m| m.to_string()).collect();
        w.observe(Observation {
            map: &map,
            player: Some(at),
            status: Some(status),
            messages: &messages,
            cursor_on_map: true,
        });
    }
}

/// The status line on Dlvl `dlvl` at `turn`; the fields a test cares about are set over it.
pub fn status(dlvl: i32, turn: i64) -> Status {
    Status {
        dlvl,
        level_name: format!("Dlvl:{dlvl}"),
        turn: Some(turn),
        ..Default::default()
    }
}

/// Farlook's answer about the monster at `at`, as the runner asks it.
pub fn farlook(w: &mut World, at: Pos, line: &str) {
    let answer = parse_farlook(line).expect("a farlook answer");
    w.observe(Event::Farlook {
        at,
        answer: &answer,
    });
}

/// Decides, and tells the world the decision (as the game loop does); the leaves' log lines go
/// to stderr and any script error fails the test.
pub fn decide(bot: &mut TreeBot, w: &mut World) -> Decision {
    let d = bot.decide(w);
    w.observe(Event::Decision(&d));
    for l in bot.take_leaf_logs() {
        eprintln!("LOG {l:?}");
    }
    let errors = bot.take_leaf_errors();
    assert!(errors.is_empty(), "{errors:?}");
    d
}
