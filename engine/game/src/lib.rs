//! nhbot-game
