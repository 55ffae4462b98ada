//! Frame → world: the screen frame and the messages since the last one, as a world event.

use nhbot_world::{Event, Observation, World};

use crate::session::Session;

pub fn observe(world: &mut World, session: &mut Session) {
    let messages = session.take_messages();
    let screen = session.term.screen();
    let frame = &session.frame;
    // The cursor marks the hero only when the game waits for a command (no prompt, menu, More).
    let cursor_on_map = frame.prompt.is_none() && frame.menu.is_none() && !frame.more;
    world.observe(Event::Frame(Observation {
        map: screen.map_cells(),
        player: frame.player,
        status: frame.status.as_ref(),
        messages: &messages,
        cursor_on_map,
    }));
}
