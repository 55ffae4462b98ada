//! Frame → world: the one place that writes the world model.

use nhbot_world::World;

use crate::session::Session;

pub fn observe(world: &mut World, session: &mut Session) {
    world.messages = session.take_messages();
    let frame = &session.frame;
    if let Some(status) = &frame.status {
        world.status = status.clone();
        if let Some(t) = status.turn {
            world.turn = t;
        }
    }
    if let Some(p) = frame.player {
        world.player = p;
    }
    let screen = session.term.screen();
    world.view.cells.clear();
    world.view.cells.extend_from_slice(screen.map_cells());
}
