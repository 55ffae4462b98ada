//! nhbot-kb
