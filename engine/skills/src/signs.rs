//! What the turn's messages say happened to us, for any leaf to read.

/// Whether the messages say a monster attacked us ("The jackal bites!", "It hits!", "The
/// Mordor orc misses!").
pub fn attacked(messages: &[String]) -> bool {
    // "The pyrolisk attacks you with a fiery gaze!" is an attack too, though it names no
    // blow to put on a monster.
    let endings = nhbot_world::blows::BLOWS.iter().copied().chain([" gaze!"]);
    messages.iter().any(|m| {
        (m.starts_with("The ") || m.starts_with("It ")) && endings.clone().any(|b| m.ends_with(b))
    })
}
