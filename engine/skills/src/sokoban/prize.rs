//! The top level's prize. Three closets (`*` on the map) lie behind the zoo; one holds the
//! prize (an amulet of reflection or a bag of holding) on a burned Elbereth, with a cursed
//! scroll of scare monster; the other two are empty. Once the way past the holes is open, the
//! bot walks to each closet in turn, nearest first: through the zoo's locked door (kicked) and
//! whatever sleeps in the way (the path prices a monster as a fight), opening the closet's
//! door, looks at each closet's floor and picks up the amulet or bag it finds there. With
//! `wear_amulet`, an amulet so taken is put on at once: the top level's amulet is always one of
//! reflection (sokoban.des), and reflection turns the rays of the wands monsters zap (fire,
//! lightning, sleep, striking's cousins magic missile and death) and breath back at them.

use super::screen::Located;
use super::{act, locate_by_walls, locate_remembered, wait_out_hallucination, Decoys};
use crate::look::{look_action_at, look_here, LookHere};
use crate::recall::Recall;
use nhbot_bt::LeafOutcome;
use nhbot_world::{Action, Condition, Pos, World};

/// What the prize hunt has learnt on one top level.
#[derive(Default)]
pub(super) struct PrizeHunt {
    level: Option<Located>,
    /// Closets stood in and looked at (empty, or emptied by our pickup).
    searched: Vec<Pos>,
    /// The closet we asked the game to look at (`:`), so a look that says nothing is not
    /// asked for again and again.
    looked: Option<Pos>,
    /// Pickups tried in the closet we stand in.
    tries: (Option<Pos>, u32),
    taken: bool,
    /// Logged once: no path leads to the closets left.
    stuck: bool,
    /// Decisions waited for peaceful monsters in the way.
    waited: u32,
}

/// Decisions spent waiting for peaceful monsters to get out of the way (a sleeping one in the
/// zoo's doorway never does: seed 25).
const PEACEFUL_WAIT: u32 = 50;

/// Pickups tried in one closet before it counts as searched (a menu that went wrong, a
/// monster's interruption).
const PICKUP_TRIES: u32 = 2;

impl PrizeHunt {
    /// What the look at closet `here` calls for: a pickup of the prize, or nothing (then the
    /// closet is searched once a look has said what lies there).
    fn look(&mut self, here: Pos, messages: &[String]) -> Option<Action> {
        let pickup = match look_here(messages) {
            LookHere::One(what) if what.contains("amulet") || what.contains("bag") => {
                Action::Pickup {
                    what: nhbot_world::Pick::All,
                }
            }
            // The prize shares its closet with a cursed scroll of scare monster, and fights
            // may leave corpses there: only amulets and tools (a bag is one) are taken, by
            // their class symbols in the pickup menu.
            LookHere::Several => Action::Pickup {
                what: nhbot_world::Pick::Classes("\"(".into()),
            },
            LookHere::One(_) | LookHere::Nothing => {
                self.searched.push(here);
                return None;
            }
            LookHere::Unknown => return None,
        };
        if self.tries.0 != Some(here) {
            self.tries = (Some(here), 0);
        }
        self.tries.1 += 1;
        if self.tries.1 > PICKUP_TRIES {
            self.searched.push(here);
            return None;
        }
        Some(pickup)
    }
}

impl PrizeHunt {
    /// The next step to the nearest closet `left`; a wait while only monsters never walked
    /// into (`opts.blocked`: peaceful ones, hazards) bar the way, as one may move on; a
    /// failure when nothing leads there.
    fn go_to(
        &mut self,
        w: &World,
        map: &str,
        left: &[Pos],
        mut opts: nhbot_world::PathOpts,
    ) -> LeafOutcome {
        let here = w.player;
        if let Some(path) = w.level().and_then(|l| l.path(here, left, &opts)) {
            let to = path.target();
            return act(
                w.step_along(&path),
                format!(
                    "{map}: heading for the prize closet at {},{} ({} of 3 left)",
                    to.x,
                    to.y,
                    left.len()
                ),
            );
        }
        opts.blocked.clear();
        let peaceful_in_the_way = w
            .level()
            .is_some_and(|l| l.path(here, left, &opts).is_some());
        if peaceful_in_the_way && self.waited < PEACEFUL_WAIT {
            self.waited += 1;
            return act(
                Action::Search { count: 1 },
                format!(
                    "{map}: waiting for a peaceful monster, or one not to hit, to get out of the \
                     way to the prize"
                ),
            );
        }
        if !left.is_empty() && !self.stuck {
            self.stuck = true;
            log::info!("sokoban {map}: no path from {here:?} to the prize closets {left:?}");
        }
        LeafOutcome::Failure
    }
}

/// The pack letter of the prize from its pickup message ("q - a circular amulet." or "r - a
/// bag."), and whether it is the amulet.
fn prize_picked_up(messages: &[String]) -> Option<(char, bool)> {
    messages.iter().find_map(|m| {
        let b = m.as_bytes();
        let prize = b.len() > 4
            && b[0].is_ascii_alphabetic()
            && &m[1..4] == " - "
            && (m.contains("amulet") || m.contains(" bag"));
        prize.then(|| (b[0] as char, m.contains("amulet")))
    })
}

/// The `sokoban_prize` node's state: where the map was found last, the hunt, and the amulet
/// taken and not yet put on.
#[derive(Default)]
pub(crate) struct PrizeState {
    hint: Option<Located>,
    hunt: PrizeHunt,
    to_wear: Option<char>,
}

/// The put-on of the amulet just taken (`wear_amulet`), asked once.
fn wear_taken_amulet(state: &mut PrizeState) -> Option<LeafOutcome> {
    let letter = state.to_wear.take()?;
    Some(act(
        Action::PutOn { item: letter },
        format!(
            "putting on the prize amulet ({letter}): the top level's amulet is one of reflection"
        ),
    ))
}

/// The leaf: fails off the top level, once the prize is ours, when every closet has been
/// searched, or while no path leads to one (the holes still open).
pub(super) fn sokoban_prize(
    state: &mut PrizeState,
    wear_amulet: bool,
    decoys: &Decoys,
    r: &mut Recall,
    w: &World,
) -> LeafOutcome {
    if let Some(put_on) = wear_taken_amulet(state) {
        return put_on;
    }
    if w.status.conditions.contains(&Condition::Hallu) {
        return locate_by_walls(&mut state.hint, w)
            .map_or(LeafOutcome::Failure, wait_out_hallucination);
    }
    let Some(at) = locate_remembered(&mut state.hint, w) else {
        return LeafOutcome::Failure;
    };
    let map = at.template();
    if map.has_up_stairs() {
        return LeafOutcome::Failure;
    }
    let closets: Vec<Pos> = (0..map.width * map.height)
        .filter(|&i| map.char_at(i) == '*')
        .map(|i| at.pos(i))
        .collect();
    {
        // The top level's giant mimics pose as boulders, one of them at times in the corridor
        // to the zoo (seed 12): the way goes through them, as a fight.
        let decoys = decoys
            .0
            .iter()
            .filter(|(l, _)| *l == at)
            .flat_map(|(_, d)| d);
        let mimics: Vec<Pos> = map
            .past_the_holes()
            .iter()
            .copied()
            .filter(|&i| w.view.get(at.pos(i)).is_some_and(|c| c.ch == '0'))
            .chain(decoys.copied())
            .map(|i| at.pos(i))
            .collect();
        let hunt = &mut state.hunt;
        if hunt.level != Some(at) {
            *hunt = PrizeHunt {
                level: Some(at),
                ..PrizeHunt::default()
            };
        }
        // Once: the put-on's "q - a circular amulet (being worn)." is no second pickup.
        if let Some((letter, amulet)) = prize_picked_up(&w.messages).filter(|_| !hunt.taken) {
            log::info!("sokoban {}: the prize is ours", map.name);
            hunt.taken = true;
            if amulet && wear_amulet {
                state.to_wear = Some(letter);
                return wear_taken_amulet(state).unwrap_or(LeafOutcome::Failure);
            }
        }
        if hunt.taken {
            return LeafOutcome::Failure;
        }
        let here = w.player;
        if closets.contains(&here) && !hunt.searched.contains(&here) {
            if let Some(pickup) = hunt.look(here, &w.messages) {
                return act(pickup, format!("{}: picking up the prize", map.name));
            }
            if !hunt.searched.contains(&here) {
                if hunt.looked != Some(here) {
                    // Stepping onto an empty square says nothing: ask.
                    hunt.looked = Some(here);
                    return act(
                        look_action_at(r, w),
                        format!("{}: looking at the floor of a prize closet", map.name),
                    );
                }
                hunt.searched.push(here);
            }
        }
        let left: Vec<Pos> = closets
            .iter()
            .copied()
            .filter(|c| !hunt.searched.contains(c))
            .collect();
        let mut opts = w.sokoban_path_opts();
        opts.mimics = mimics;
        // A monster whose hit is a hazard (a floating eye) is never walked into: the way goes
        // round it, or waits for it as for a peaceful one.
        opts.blocked.extend(
            w.monsters
                .iter()
                .filter(|m| super::melee_hazard(w, m).is_some())
                .map(|m| m.pos),
        );
        hunt.go_to(w, map.name, &left, opts)
    }
}
