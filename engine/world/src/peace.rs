//! Keeping the peace where the town watch or a temple priest is: the actions that would turn
//! them on us (the run loop never sends them). Tested with the temples (`temple_tests.rs`).

use crate::dungeon::facts::Special;
use crate::tiles::Feature;
use crate::{Action, Dir, World};

impl World {
    /// Why `action` would anger the town watch or a temple priest here, or None. Where the
    /// watch keeps the level ([`World::watched`]): kicking (a door: "Halt, vandal!"), drinking
    /// from a fountain (it may dry up: "Halt!"), digging sideways (town walls and doors), a
    /// forced blow (`F`) at a peaceful (every watchman in view turns on us). In a tended
    /// temple: a sacrifice on its altar while it is not known to be our god's (a conversion
    /// attempt angers the priest).
    pub fn breaks_the_peace(&self, action: &Action) -> Option<String> {
        let level = self.level()?;
        let town = if level.facts.is(Special::Minetown) {
            "in Minetown"
        } else {
            "with the watch in view"
        };
        let watched = self.watched();
        match action {
            Action::Kick { dir } if watched => Some(format!(
                "kicking ({dir:?}) {town}: the watch takes it for vandalism"
            )),
            Action::Quaff { item: None } if watched && self.feature_here() == Feature::Fountain => {
                Some(format!(
                    "drinking from a fountain {town}: the watch guards them"
                ))
            }
            Action::Apply { dir: Some(dir), .. }
                if watched && !matches!(dir, Dir::Up | Dir::Down | Dir::Here) =>
            {
                Some(format!(
                    "digging ({dir:?}) {town}: the watch guards walls and doors"
                ))
            }
            Action::Fight { dir } | Action::FightPeaceful { dir } if watched => {
                let p = dir.step(self.player);
                self.monsters
                    .iter()
                    .find(|m| m.pos == p && !m.tame && m.peaceful == Some(true))
                    .map(|m| {
                        format!(
                            "attacking the peaceful {} {town}: the watch turns on us",
                            m.name.as_deref().unwrap_or("monster")
                        )
                    })
            }
            Action::Offer { .. } if self.feature_here() == Feature::Altar => {
                let temple = self.temple()?;
                let its_altar = temple.altar.as_ref().is_some_and(|a| a.pos == self.player);
                (its_altar && temple.priest.is_some() && temple.coaligned != Some(true)).then(
                    || {
                        "sacrificing on a temple altar not known to be our god's: its priest turns \
                     on us"
                            .to_string()
                    },
                )
            }
            _ => None,
        }
    }
}
