//! nhbot-sokoban
