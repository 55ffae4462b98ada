//! The map queries the skills and Lua share: terrain, distances and paths from the hero,
//! features by kind; and the update step of the map memory (objects, rooms and shops, trap
//! kinds, the terrain a look names under the hero).

use crate::explore::frontier;
use crate::tiles::Feature;
use crate::{Action, Dir, World};
use nhbot_screen::Pos;

/// A path from the hero, as a decision uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathInfo {
    /// Where it ends.
    pub to: Pos,
    /// Squares walked, the start excluded.
    pub length: usize,
    /// Its cost for the path finder (doors to open, traps, fights on the way cost more).
    pub cost: u32,
    /// The first step.
    pub first: Dir,
    /// Whether [`World::step_along`] would travel (`_`) rather than step.
    pub travel: bool,
}

/// Chebyshev distance: the moves between two squares on an open floor.
pub fn distance(a: Pos, b: Pos) -> i16 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// "There is a fountain here." → the feature under the hero (stairs are read in `learn`).
fn feature_named_here(message: &str) -> Option<Feature> {
    let rest = message.strip_prefix("There is ")?;
    let rest = ["a ", "an "]
        .iter()
        .find_map(|a| rest.strip_prefix(a))
        .unwrap_or(rest);
    const NAMES: &[(&str, Feature)] = &[
        ("doorway here", Feature::Doorway),
        ("broken door here", Feature::Doorway),
        ("open door here", Feature::OpenDoor),
        ("fountain here", Feature::Fountain),
        ("opulent throne here", Feature::Throne),
        ("molten lava here", Feature::Lava),
        ("ice here", Feature::Ice),
        ("pool of water here", Feature::Water),
        ("sink here", Feature::Sink),
        ("altar to ", Feature::Altar),
        ("grave here", Feature::Grave),
        ("lowered drawbridge here", Feature::DrawbridgeDown),
    ];
    NAMES
        .iter()
        .find(|(name, _)| rest.starts_with(name))
        .map(|&(_, f)| f)
}

impl World {
    /// The remembered terrain at `p` of the current level; None outside the map or before
    /// any level is seen.
    pub fn terrain(&self, p: Pos) -> Option<Feature> {
        self.level()?.at(p).map(|s| s.feature)
    }

    /// Moves from the hero to `p` on an open floor (Chebyshev distance).
    pub fn distance(&self, p: Pos) -> i16 {
        distance(self.player, p)
    }

    /// The path the navigation would take from the hero to the nearest of `targets`
    /// ([`World::path_to`], with [`World::path_opts`]), summed up.
    pub fn path_info(&self, targets: &[Pos]) -> Option<PathInfo> {
        let path = self.path_to(targets)?;
        Some(PathInfo {
            to: path.target(),
            length: path.steps.len(),
            cost: path.cost,
            first: path.first,
            travel: matches!(self.step_along(&path), Action::Travel { .. }),
        })
    }

    /// Every square of the current level with this feature.
    pub fn find(&self, feature: Feature) -> Vec<Pos> {
        self.level().map(|l| l.find(feature)).unwrap_or_default()
    }

    /// The nearest (Chebyshev, then reading order) square with one of `features`.
    pub fn nearest_of(&self, features: &[Feature]) -> Option<Pos> {
        let mut all: Vec<Pos> = features.iter().flat_map(|&f| self.find(f)).collect();
        all.sort_by_key(|&p| (self.distance(p), p.y, p.x));
        all.first().copied()
    }

    /// The nearest down staircase (or ladder) known on this level.
    pub fn stairs_down(&self) -> Option<Pos> {
        self.nearest_of(&[Feature::StairsDown, Feature::LadderDown])
    }

    /// The nearest up staircase (or ladder) known on this level.
    pub fn stairs_up(&self) -> Option<Pos> {
        self.nearest_of(&[Feature::StairsUp, Feature::LadderUp])
    }

    /// Known squares one can stand on that touch never-seen ones and were never stood on
    /// (what `explore` walks to).
    pub fn frontier(&self) -> Vec<Pos> {
        self.level().map(frontier).unwrap_or_default()
    }

    /// A corridor square with a single way out.
    pub fn dead_end(&self, p: Pos) -> bool {
        self.level()
            .is_some_and(|l| crate::explore::is_dead_end(l, p))
    }

    /// The map memory's update from one readable frame and its messages: objects on the
    /// floor, rooms and shops (`from`: where the hero stood before), trap kinds, and the
    /// terrain a look names under the hero.
    pub(crate) fn learn_map(&mut self, from: Pos) {
        let hero = self.player;
        let named = self.messages.iter().find_map(|m| feature_named_here(m));
        if let (Some(f), Some(sq)) = (
            named,
            self.dungeon.current_mut().and_then(|l| l.at_mut(hero)),
        ) {
            sq.feature = f;
        }
        self.learn_traps();
        self.learn_objects();
        self.learn_rooms(from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_names_the_terrain_under_the_hero() {
        assert_eq!(
            feature_named_here("There is an altar to Tyr (neutral) here."),
            Some(Feature::Altar)
        );
        assert_eq!(
            feature_named_here("There is a broken door here."),
            Some(Feature::Doorway)
        );
        assert_eq!(feature_named_here("There is a bear trap here."), None);
        assert_eq!(distance(Pos::new(1, 1), Pos::new(4, 3)), 3);
    }
}
