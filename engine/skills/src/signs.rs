//! What the turn's messages say happened to us, for any leaf to read.

/// Whether the messages say a monster attacked us ("The jackal bites!", "It hits!", "The
/// Mordor orc misses!").
pub fn attacked(messages: &[String]) -> bool {
    const BLOWS: [&str; 10] = [
        " hits!",
        " bites!",
        " kicks!",
        " stings!",
        " butts!",
        " touches you!",
        " misses!",
        " misses.",
        " misses you.",
        // "The pyrolisk attacks you with a fiery gaze!"
        " gaze!",
    ];
    messages.iter().any(|m| {
        (m.starts_with("The ") || m.starts_with("It ")) && BLOWS.iter().any(|b| m.ends_with(b))
    })
}
