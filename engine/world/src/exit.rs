//! The one way out of the dungeon: up the stairs of Dlvl 1. Without the Amulet of Yendor the
//! game asks "Beware, there will be no return! Still climb?" and leaving ends the game.

use crate::{Action, Branch, World};

impl World {
    /// Why `action` would leave the dungeon, if it would: `<` on Dlvl 1 of the Dungeons of Doom
    /// without the Amulet. Decisions never send it (the prompt is declined, no turn passes, and
    /// a leaf that keeps asking loops: seed 188 of an experiment, 8000 turns).
    pub fn leaves_the_dungeon(&self, action: &Action) -> Option<String> {
        if *action != Action::Ascend || self.status.dlvl != 1 {
            return None;
        }
        // Whatever branch the world believes (seed 188's believed the Mines): Dlvl 1 is the
        // Dungeons' first level; the Planes show their name instead of a Dlvl.
        if self.level().is_some_and(|l| l.branch == Branch::Planes) || self.has_the_amulet() {
            return None;
        }
        Some("the up stairs of Dlvl 1 leave the dungeon, and we have no Amulet".into())
    }

    /// Whether the pack holds something named the Amulet of Yendor (an imitation too: the
    /// bot never gets that far, and a wrong `yes` here ends the game).
    fn has_the_amulet(&self) -> bool {
        self.inventory
            .iter()
            .any(|i| i.name.contains("Amulet of Yendor"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inventory::Item;
    use crate::Level;

    fn on_dlvl(depth: i32, branch: Branch) -> World {
        let mut w = World::default();
        w.status.dlvl = depth;
        w.dungeon.levels = vec![Level::new(branch, depth)];
        w.dungeon.current = Some(0);
        w
    }

    #[test]
    fn ascending_from_dlvl_1_is_refused_without_the_amulet() {
        let w = on_dlvl(1, Branch::Doom);
        assert!(w.leaves_the_dungeon(&Action::Ascend).is_some());
        assert!(w.leaves_the_dungeon(&Action::Descend).is_none());
        assert!(on_dlvl(2, Branch::Doom)
            .leaves_the_dungeon(&Action::Ascend)
            .is_none());
        // A world that wrongly believes Dlvl 1 is the Mines is refused too.
        assert!(on_dlvl(1, Branch::Mines)
            .leaves_the_dungeon(&Action::Ascend)
            .is_some());
    }

    #[test]
    fn with_the_amulet_the_way_up_is_open() {
        let mut w = on_dlvl(1, Branch::Doom);
        w.inventory.push(Item {
            letter: 'x',
            name: "Amulet of Yendor".into(),
            ..Item::default()
        });
        assert!(w.leaves_the_dungeon(&Action::Ascend).is_none());
    }
}
