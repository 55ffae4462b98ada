//! Our alignment record (`u.ualign.record`) as the kills and messages let us estimate it. The
//! game never shows it outside enlightenment, yet a prayer depends on it: below 0 the god is
//! angered (pray.c `can_pray`: p_type 1); below 4 (`STRIDENT`) the god fixes the trouble only
//! if the record is above 0 or, at 0, one time in two (`pleased`: "You feel that Odin is
//! satisfied."). A neutral Valkyrie starts at 0 (role.c `initrecord`), and the kills of her
//! first ~900 turns (newts, rats, jackals, lichens: neutral and always hostile) add nothing:
//! in b37-final2, 33 of 112 "satisfied" prayers fixed nothing, 28 of them the first hunger
//! prayer of a game, with the starting ration in the pack, eaten right after.
//!
//! `pray_if_in_trouble` names the estimate in its reason. Acting on it (a hunger prayer kept for
//! later, the ration eaten first, while the estimate is 0) was measured in session 38 and not
//! landed: seeds 1..400, 33 games better / 40 worse (b38-c against b38-a).

use crate::monsters::{self, MonsterInfo, A_NONE};
use nhbot_world::{Alignment, World};

/// What one kill of a hostile `m` adds to the record (makemon.c `set_malign`, added by mon.c
/// `xkilled`): nothing for an always-hostile monster of our own alignment, at least 5 for one
/// of another, 20 for one aligned to no god, at least 3 for a hostile one of ours that is
/// usually peaceful, the size of its alignment otherwise.
pub fn kill_gain(m: &MonsterInfo, ours: Alignment) -> i32 {
    let mal = m.alignment;
    if mal == A_NONE {
        return 20;
    }
    let sign = match ours {
        Alignment::Lawful => 1,
        Alignment::Neutral => 0,
        Alignment::Chaotic => -1,
    };
    let coaligned = mal.signum() == sign;
    let absmal = mal.abs();
    if m.has_flag("peaceful") {
        3 * absmal.max(5)
    } else if m.has_flag("hostile") {
        if coaligned {
            0
        } else {
            absmal.max(5)
        }
    } else if coaligned {
        absmal.max(3)
    } else {
        absmal
    }
}

/// Our estimate of the record now: 0 at the start (a Valkyrie's; other roles start at 0 or
/// 10, so it errs low), each kill's [`kill_gain`] in turn order, capped at `ALIGNLIM` (10 +
/// turn / 200, attrib.c `adjalign`), 5 off per "You feel like a hypocrite.". Kills of
/// peacefuls (the bot does not strike them) and of monsters named while hallucinating are
/// counted as hostile kills of the monster named.
pub fn record_estimate(w: &World) -> i32 {
    let ours = w.status.alignment;
    let mut events: Vec<(i64, i32)> = w
        .kills
        .iter()
        .filter(|k| k.by_us)
        .filter_map(|k| monsters::by_name(&k.name).map(|m| (k.turn, kill_gain(m, ours))))
        .chain(w.hypocrisies.iter().map(|&t| (t, -5)))
        .collect();
    events.sort_by_key(|&(turn, _)| turn);
    events.iter().fold(0, |record, &(turn, change)| {
        let limit = 10 + i32::try_from(turn / 200).unwrap_or(i32::MAX - 10);
        if change > 0 {
            (record + change).min(limit).max(record)
        } else {
            record + change
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nhbot_world::Kill;

    fn kill(turn: i64, name: &str) -> Kill {
        Kill {
            turn,
            name: name.into(),
            pos: None,
            level: None,
            in_pile: false,
            by_us: true,
            no_corpse: false,
            vanished: Vec::new(),
        }
    }

    fn gain(name: &str, ours: Alignment) -> i32 {
        kill_gain(monsters::by_name(name).unwrap(), ours)
    }

    #[test]
    fn a_kill_adds_what_set_malign_gives() {
        use Alignment::*;
        // Neutral and always hostile: nothing for a neutral hero, 5 for the others.
        assert_eq!(gain("newt", Neutral), 0);
        assert_eq!(gain("jackal", Neutral), 0);
        assert_eq!(gain("newt", Lawful), 5);
        // Chaotic and always hostile (kobold -2, hill orc -4): at least 5.
        assert_eq!(gain("kobold", Neutral), 5);
        assert_eq!(gain("kobold", Chaotic), 0);
        // A hill orc (-4, not always hostile): its alignment's size against another's, a
        // renegade's 3 at least against ours.
        assert_eq!(gain("hill orc", Neutral), 4);
        assert_eq!(gain("hill orc", Chaotic), 4);
        // A hostile gnome (neutral, often peaceful to gnomes and dwarves): a renegade, 3.
        assert_eq!(gain("gnome", Neutral), 3);
    }

    /// Seed 139 of b37-final2: a fox and two newts by turn 856, the record still 0, the first
    /// hunger prayer answered "satisfied" with nothing fixed. A kobold raises it; a hypocrisy
    /// takes that back.
    #[test]
    fn the_first_kills_of_a_neutral_leave_the_record_at_0() {
        let mut w = World {
            turn: 853,
            ..World::default()
        };
        w.status.alignment = Alignment::Neutral;
        w.status.hunger = nhbot_world::Hunger::Weak;
        w.kills = vec![kill(6, "fox"), kill(802, "newt"), kill(810, "newt")];
        assert_eq!(record_estimate(&w), 0);
        w.kills.push(kill(600, "kobold"));
        assert_eq!(record_estimate(&w), 5);
        w.hypocrisies.push(700);
        assert_eq!(record_estimate(&w), 0);
        // Seed 151 of b38-c: "The kobold zombie is destroyed!" (the kitten's kill, seen) is
        // no kill of ours.
        w.hypocrisies.clear();
        w.kills.retain(|k| k.name != "kobold");
        let mut pets = kill(6, "kobold zombie");
        pets.by_us = false;
        w.kills.push(pets);
        assert_eq!(record_estimate(&w), 0);
    }

    #[test]
    fn the_record_is_capped_by_the_turn() {
        let mut w = World::default();
        w.status.alignment = Alignment::Neutral;
        // Four kobolds by turn 100: 20, capped at 10.
        w.kills = (0..4).map(|i| kill(10 + i, "kobold")).collect();
        assert_eq!(record_estimate(&w), 10);
    }
}
