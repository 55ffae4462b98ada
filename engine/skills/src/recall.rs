//! What the bot remembers of its own doings this game, shared by the skills' leaves: an entry
//! of the tree's blackboard (`tick.blackboard.entry::<Recall>()`), so it lives as long as the
//! game's tree, survives hot reloads and starts empty for a new game.

use crate::peaceful::PeacefulMemory;
use nhbot_world::Pos;

#[derive(Clone, Debug, Default)]
pub struct Recall {
    /// Attacks the game refused, and the monsters they showed to be peaceful.
    pub peaceful: PeacefulMemory,
    /// (turn, decision count, square) of the last look (`:`) we asked for.
    pub last_look: Option<(i64, u64, Pos)>,
    /// Game turn of the last blow we took (seen or not).
    pub last_blow: Option<i64>,
    /// Game turn of the last engraving we asked for: a second one in the same turn means the
    /// first did not happen (no hands, levitating, ...), so we stop trying.
    pub last_engrave: Option<i64>,
    /// The square of that engraving: blind, a dust engraving cannot be read back, so the one we
    /// wrote here is trusted until something hurts us (re-writing it each turn wiped it).
    pub last_engrave_at: Option<Pos>,
    /// `World::decisions` when that engraving was asked for: the messages after it (numbered
    /// higher in the history) tell what struck us since.
    pub last_engrave_decision: Option<u64>,
    /// (turn, HP before, HP after) of the last HP loss nothing in view explained (see
    /// `ranged::observe`).
    pub unexplained_loss: Option<(i64, i32, i32)>,
    /// The decision (`World::decisions`) `ranged::observe` last recorded a loss at.
    pub unseen_checked: Option<u64>,
    /// The unseen attack (`ranged::unseen_attack`'s words) `step_out_of_line` last reacted
    /// to: one reaction per attack, so no stepping back and forth.
    pub unseen_reacted: Option<String>,
    /// The firing news of the message history, read once a message (`ranged::observe` catches
    /// it up at each decision).
    pub news: crate::ranged::NewsRead,
}
