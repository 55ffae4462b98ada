//! nhbot-tree
