//! nhbot-agent
