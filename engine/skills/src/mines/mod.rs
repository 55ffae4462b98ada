//! Keeping out of the Gnomish Mines while too weak for them: which down stairs lead in (or,
//! in the Mines, deeper in), the way back out (over known stairs; else up this level's `<`,
//! explored for when not seen yet: after a fall or a teleport no known stairs lead back), and
//! when the Mines are taken anyway (the fork level stayed on long, its own way down never found).

mod fork_search;
mod leave;
pub(crate) mod stairs;
#[cfg(test)]
mod tests;

pub use fork_search::fork_search_step;
pub use leave::leave_mines_step;
pub use stairs::{
    level_unexplored, mines_forced_by_stuck, mines_fork, stairs_lead_into_mines,
    stairs_may_lead_into_mines,
};
