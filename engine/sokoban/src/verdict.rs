//! Why a state is proven dead: the verdict the deadlock tests and the guide give.

/// Why a state is a proven deadlock (for reports; the search needs only the verdict).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deadlock {
    /// Classic: a box that can never move again is off its goal.
    StuckOffGoal,
    /// The boulders cannot each get their own goal or hole along a lone-boulder route.
    NoMatching,
    /// NetHack: a boulder shuts the player off from every target for good.
    WayBlocked,
    /// NetHack: fewer boulders with a route to an open hole than open holes, once those
    /// shut in for good are counted out.
    TooFewBoulders { usable: u32, lost: u32, open: u32 },
    /// NetHack: no boulder can be priced into the next hole.
    NoNextFill,
}

impl std::fmt::Display for Deadlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Deadlock::StuckOffGoal => write!(f, "a box that can never move is off its goal"),
            Deadlock::NoMatching => write!(
                f,
                "the boulders cannot each get a goal or hole of their own along a lone-boulder route"
            ),
            Deadlock::WayBlocked => {
                write!(f, "a boulder shuts the player off from the targets for good")
            }
            Deadlock::TooFewBoulders { usable, lost, open } => write!(
                f,
                "{usable} boulders have a route to an open hole and {lost} of them are shut in \
                 for good (sealed corrals), for {open} holes open"
            ),
            Deadlock::NoNextFill => write!(f, "no boulder can be pushed into the next hole"),
        }
    }
}
