//! Ranged threats and attackers we cannot see.
//!
//! A monster fires at us only along one of the 8 lines and from fewer than 8 squares (3.6.6
//! `lined_up()`: `BOLT_LIM`), and it may step into range and fire in the same turn. Elbereth
//! stops none of it. A monster is a ranged threat when its kind breathes, spits or casts rays
//! (the monster table), or when the game showed one of its kind firing ("The hill orc shoots
//! 2 orcish arrows!", "The gnome lord zaps a wand of striking!", "... wields a crossbow!"), or
//! when a missile hit us lately and it can wield weapons. The evidence is read from the
//! world's message history, so it is there whichever leaf took the decision that saw it.
//!
//! Attackers we cannot see: "It hits!", a missile or ray from no monster in view, HP lost
//! with nothing in view to explain it. While either holds, no leaf rests or searches in place
//! ([`unsafe_to_wait`]); the `step_out_of_line` leaf ([`step_out_of_line_step`]) closes in on a
//! shooter we would beat, or steps to a square out of every line of fire.

use crate::monsters::{self, Attack, MonsterInfo};
use crate::recall::Recall;
use crate::threat::{self, Threat};
use nhbot_world::{Action, Condition, Dir, Feature, Pos, World};

pub use crate::threat::FIRE_RANGE;

/// Turns a monster kind seen firing stays a ranged threat (on a level, the same group).
const FIRING_MEMORY: i64 = 300;

/// Turns after a missile from an unnamed shooter, or a blow from something unseen, during
/// which we do not wait in place.
pub const UNSEEN_MEMORY: i64 = 5;

/// Expected HP lost per square of approach to a shooter: an arrow or a crossbow bolt averages
/// ~3.5 and hits about every other volley, and an approach off the line dodges some of them.
const APPROACH_DAMAGE: f64 = 2.0;

/// What a message says about something firing.
#[derive(Clone, Debug, PartialEq)]
pub enum FiringNews {
    /// "The hill orc shoots an arrow!": a monster in view fired, threw, zapped, breathed, spat
    /// or readied a launcher; the text names it.
    Fired { shooter: String },
    /// "You are hit by a crossbow bolt.", "The bolt of fire whizzes by you!": something fired
    /// at us; the message does not say what.
    AtUs,
    /// "You hear a nearby zap.": a monster out of sight zapped a wand.
    HeardZap,
}

/// The verbs of a shot that [`firing_news`] looks for after "The <monster>", in the order
/// tried (a launcher readied, "wields", is read apart).
const SHOT_VERBS: [&str; 5] = ["shoots", "throws", "zaps", "breathes", "spits"];

/// Launchers a monster readies only to fire ("The hill orc wields an orcish bow!").
const LAUNCHERS: [&str; 3] = ["bow", "sling", "yumi"];

/// Rays and breath as the game names them when they reach us ("The bolt of fire hits you!").
const RAYS: [&str; 5] = [
    "The magic missile",
    "The bolt of ",
    "The blast of ",
    "The sleep ray",
    "The death ray",
];

/// `text.split_once(pat)`, by a plain scan: the messages are short, and setting up `str`'s
/// substring searcher for each verb below cost more than the scan (every decision reads the
/// last turns' messages for news). The same first match: every `pat` here is ASCII (and not
/// empty), so a match of its bytes starts and ends at character boundaries. A window is
/// compared byte by byte only past a matching first byte (a slice comparison per window was a
/// `memcmp` call each).
fn split_at_first<'t>(text: &'t str, pat: &str) -> Option<(&'t str, &'t str)> {
    let (hay, needle) = (text.as_bytes(), pat.as_bytes());
    let (&first, rest) = needle.split_first()?;
    let starts = (hay.len() + 1).checked_sub(needle.len())?;
    let at = (0..starts)
        .find(|&i| hay[i] == first && hay[i + 1..i + needle.len()].iter().eq(rest.iter()))?;
    Some((&text[..at], &text[at + needle.len()..]))
}

/// Whether `text` contains `pat` (see [`split_at_first`]).
fn holds(text: &str, pat: &str) -> bool {
    split_at_first(text, pat).is_some()
}

/// A potion thrown at us that hit (potion.c `potionhit`): "The jar crashes on your head and
/// breaks into shards." A thrower out of view sends only that line; its HP loss (1 or 2) was
/// read as an unseen blow, and seed 16 of b50-base refused Elbereth for it beside a soldier ant
/// and died.
pub const POTION_HIT: &str = " crashes on your head and breaks into shards";

/// Reads one message for firing news.
pub fn firing_news(text: &str) -> Option<FiringNews> {
    // Without `verbose` (or blind) a missile's hit is only "You are hit." / "You are hit!".
    let at_us = text.starts_with("You are hit by ")
        || text == "You are hit."
        || text == "You are hit!"
        || text.starts_with("You are almost hit by ")
        || text.ends_with(" whizzes by you!")
        || text.starts_with("The wand hits you")
        || text.starts_with("The wand misses you")
        || text == "Boing!"
        || holds(text, POTION_HIT)
        || (RAYS.iter().any(|r| text.starts_with(r)) && holds(text, " you"));
    if at_us {
        return Some(FiringNews::AtUs);
    }
    if text.starts_with("You hear a nearby zap") {
        return Some(FiringNews::HeardZap);
    }
    let rest = text.strip_prefix("The ")?;
    // A verb below is a word between two spaces: a message with none of them as a word (most
    // are) holds none, and one pass over its words tells so, not a search for each verb.
    if !rest
        .split(' ')
        .any(|word| word == "wields" || SHOT_VERBS.contains(&word))
    {
        return None;
    }
    for verb in SHOT_VERBS {
        if let Some((name, what)) = split_at_first(rest, &format!(" {verb} ")) {
            // "The gnome zaps himself with a wand of digging!" is an escape, not a shot.
            if verb == "zaps" && holds(what, "self ") {
                return None;
            }
            return Some(FiringNews::Fired {
                shooter: name.to_string(),
            });
        }
    }
    let (name, what) = split_at_first(rest, " wields ")?;
    LAUNCHERS
        .iter()
        .any(|l| holds(what, l))
        .then(|| FiringNews::Fired {
            shooter: name.to_string(),
        })
}

/// A trap fired this one: "An arrow shoots out at you!", "A little dart shoots out at you!".
fn trap_missile(texts: &[&str]) -> bool {
    texts.iter().any(|t| t.contains("shoots out at you"))
}

/// Firing news read from the history, with its turn and the monster it names.
#[derive(Clone, Debug)]
struct Heard {
    turn: i64,
    news: FiringNews,
    /// The monster kind a [`FiringNews::Fired`] names, when the table knows it.
    shooter: Option<&'static MonsterInfo>,
}

/// The firing news of the history's messages, each message read once (see [`NewsRead::catch_up`]):
/// every decision asked for the news of the last 300 turns, a hundred messages read again
/// several times a decision, and that was most of the bot's time in the ranged checks.
///
/// A cache only: it answers for a history that continues the one it read (the message it read
/// last is there, under the same number, word for word) and is caught up with it; for any
/// other history (another game's world, an older snapshot, messages since the last catch-up)
/// the messages are read afresh ([`recent_news`]).
#[derive(Clone, Debug, Default)]
pub struct NewsRead {
    cursor: crate::history_scan::HistoryCursor,
    /// The messages read that hold firing news, oldest first: number, news, shooter's kind.
    found: std::collections::VecDeque<(u64, FiringNews, Option<&'static MonsterInfo>)>,
}

impl NewsRead {
    /// Reads the messages that came since the last call (all of them when `history` does not
    /// continue the one read before), and forgets the news of messages no longer kept.
    pub fn catch_up(&mut self, history: &nhbot_world::MessageHistory) {
        if !self.cursor.resume(history) {
            self.found.clear();
        }
        let first_kept = history.end() - history.len() as u64;
        while self.found.front().is_some_and(|&(n, ..)| n < first_kept) {
            self.found.pop_front();
        }
        let found = &mut self.found;
        self.cursor.read_new(history, |number, said| {
            if let Some(news) = firing_news(&said.text) {
                let shooter = shooter_kind(&news);
                found.push_back((number, news, shooter));
            }
        });
    }

    /// The news kept for `history`, newest first, with the message numbers: None unless it
    /// continues the history read and is caught up with it.
    fn kept_for(
        &self,
        history: &nhbot_world::MessageHistory,
    ) -> Option<impl Iterator<Item = &(u64, FiringNews, Option<&'static MonsterInfo>)>> {
        self.cursor
            .caught_up(history)
            .then(|| self.found.iter().rev())
    }
}

/// The monster kind a [`FiringNews::Fired`] names, when the table knows it.
fn shooter_kind(news: &FiringNews) -> Option<&'static MonsterInfo> {
    match news {
        FiringNews::Fired { shooter } => monsters::find_in_text(shooter),
        _ => None,
    }
}

/// Firing news of the last `within` turns, newest first (the messages' news as `r.news` read
/// them, when it is caught up with this history).
fn recent_news(r: &Recall, w: &World, within: i64) -> Vec<Heard> {
    let said: Vec<_> = w
        .history
        .newest_first()
        .take_while(|s| w.turn - s.turn <= within && s.turn <= w.turn)
        .collect();
    if let Some(kept) = r.news.kept_for(&w.history) {
        // `said[k]` is the message numbered `end - 1 - k`.
        let end = w.history.end();
        let oldest = end - said.len() as u64;
        return kept
            .take_while(|&&(n, ..)| n >= oldest)
            .filter_map(|(n, news, shooter)| {
                heard(&said, said[(end - 1 - n) as usize], news.clone(), *shooter)
            })
            .collect();
    }
    said.iter()
        .filter_map(|s| {
            let news = firing_news(&s.text)?;
            let shooter = shooter_kind(&news);
            heard(&said, s, news, shooter)
        })
        .collect()
}

/// What message `s` of the window `said` (newest first) tells, its `news` read: None for a
/// missile that a trap shot at us that turn.
fn heard(
    said: &[&nhbot_world::Said],
    s: &nhbot_world::Said,
    news: FiringNews,
    shooter: Option<&'static MonsterInfo>,
) -> Option<Heard> {
    if news == FiringNews::AtUs {
        let same_turn: Vec<&str> = said
            .iter()
            .filter(|o| o.turn == s.turn)
            .map(|o| o.text.as_str())
            .collect();
        if trap_missile(&same_turn) {
            return None;
        }
    }
    Some(Heard {
        turn: s.turn,
        news,
        shooter,
    })
}

/// Why this kind of monster attacks from afar whatever it carries: breath, spit, or a ray
/// spell (casters of `spel`/`clrc` cast only undirected spells from afar).
pub fn innate_ranged(info: &MonsterInfo) -> Option<&'static str> {
    innate_ranged_where(info, |_| true)
}

/// [`innate_ranged`] counting only the attacks `counts` keeps (e.g. those not resisted).
fn innate_ranged_where(
    info: &MonsterInfo,
    counts: impl Fn(&Attack) -> bool,
) -> Option<&'static str> {
    info.attacks
        .iter()
        .filter(|a| counts(a))
        .find_map(|a| match a.kind.as_str() {
            "brea" => Some("it breathes"),
            "spit" => Some("it spits"),
            "magc" if !matches!(a.damage.as_str(), "spel" | "clrc") => Some("it casts rays"),
            _ => None,
        })
}

fn wields_weapons(info: &MonsterInfo) -> bool {
    info.attacks.iter().any(|a| a.kind == "weap")
}

/// Whether the threat `t` may be a weapon user lined up with `pos` two or more squares off: it
/// throws or fires what it carries from there rather than stepping in (monmove.c `m_move`
/// lines up, mthrowu.c `thrwmu`), though none was seen fired yet.
pub(crate) fn armed_and_lined_up(w: &World, t: &Threat, pos: Pos) -> bool {
    // `may_fire_at`'s clear line is an aligned one.
    may_fire_at(w, t, pos)
        && w.monsters
            .iter()
            .find(|m| m.pos == t.pos)
            .is_some_and(|m| threat::plausible(w, m).iter().any(|o| wields_weapons(o)))
}

/// Why the hostile `t` may fire at us from afar, if it may.
fn ranged_reason(w: &World, t: &Threat, news: &[Heard]) -> Option<String> {
    let m = w.monsters.iter().find(|m| m.pos == t.pos)?;
    let options = threat::plausible(w, m);
    // A breath we resist (frost on a Valkyrie) fires nothing that matters.
    let harmful = |a: &Attack| !crate::resisted::resisted(w, a);
    if let Some(why) = options.iter().find_map(|o| innate_ranged_where(o, harmful)) {
        return Some(why.to_string());
    }
    // A kind seen zapping on this level keeps its wand (World.zaps outlive the history).
    if let Some(z) = crate::zappers::zap_by(w, m) {
        return Some(crate::zappers::zapped_what(z));
    }
    for heard in news {
        let turn = heard.turn;
        match (&heard.news, heard.shooter) {
            (FiringNews::Fired { shooter }, Some(kind))
                if options.iter().any(|o| o.name == kind.name) =>
            {
                return Some(format!("a {shooter} fired at turn {turn}"));
            }
            (FiringNews::AtUs, _)
                if w.turn - turn <= UNSEEN_MEMORY && options.iter().any(|o| wields_weapons(o)) =>
            {
                return Some(format!(
                    "a missile reached us at turn {turn} and it wields weapons"
                ));
            }
            _ => {}
        }
    }
    None
}

/// A hostile that may fire at a square, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct LineOfFire {
    pub threat: Threat,
    /// What makes it a ranged threat ("a hill orc fired at turn 812", "it breathes").
    pub why: String,
}

/// Every hostile that may fire at `pos`: a ranged threat (see the module docs) two or more
/// squares from `pos`, on one of its 8 lines within [`FIRE_RANGE`], with nothing between that
/// stops missiles. Nearest first.
pub fn lines_of_fire(r: &Recall, w: &World, pos: Pos) -> Vec<LineOfFire> {
    let threats = threat::threats(r, w);
    // The history is read for news only when some hostile could fire at `pos`: most looks
    // (several leaves a decision) find none, and the reading was a good part of their time.
    if !threats.iter().any(|t| may_fire_at(w, t, pos)) {
        return Vec::new();
    }
    lines_at(w, &threats, &recent_news(r, w, FIRING_MEMORY), pos)
}

/// Whether the threat `t` stands where it could fire at `pos`, whatever it carries: hostile,
/// two to [`FIRE_RANGE`] squares away on one of `pos`'s lines, nothing between.
fn may_fire_at(w: &World, t: &Threat, pos: Pos) -> bool {
    t.hostile
        && (2..=FIRE_RANGE).contains(&threat::distance(t.pos, pos))
        && w.line_clear(t.pos, pos)
}

fn lines_at(w: &World, threats: &[Threat], news: &[Heard], pos: Pos) -> Vec<LineOfFire> {
    let mut out: Vec<LineOfFire> = threats
        .iter()
        .filter(|t| may_fire_at(w, t, pos))
        .filter_map(|t| {
            Some(LineOfFire {
                why: ranged_reason(w, t, news)?,
                threat: t.clone(),
            })
        })
        .collect();
    out.sort_by_key(|l| threat::distance(l.threat.pos, pos));
    out
}

/// The nearest hostile that may fire at `pos` (see [`lines_of_fire`]).
pub fn in_line_of_fire(r: &Recall, w: &World, pos: Pos) -> Option<LineOfFire> {
    lines_of_fire(r, w, pos).into_iter().next()
}

/// Messages that explain a loss of HP without an attacker: traps, our own blows on a passive
/// monster, bad food, a kicked wall, an explosion (a gas spore we killed next to us: "You kill
/// the gas spore!" is all 3.6 prints; seed 42 of b34 then refused Elbereth beside a soldier
/// ant for "something unseen" and died).
const SELF_OR_TRAP: [&str; 13] = [
    "trap",
    POTION_HIT,
    "shoots out at you",
    "erupts",
    "KAABLAMM",
    "Ouch!",
    "You are splashed",
    "You are jolted",
    "poisonous",
    "You are suddenly very",
    "You kill the gas spore",
    "explodes!",
    "explosion!",
];

/// Notes what this decision shows of attackers we cannot see, for [`unseen_attack`]: HP lost
/// since the last decision with no hostile in view next to us, no blow from a monster in view
/// and nothing else (a trap, an illness) to explain it. Call once per decision from the
/// leaves that read [`unseen_attack`].
pub fn observe(r: &mut Recall, w: &World) {
    r.news.catch_up(&w.history);
    let Some(last) = w.last_decision.as_ref() else {
        return;
    };
    if w.status.hp >= last.hp || r.unseen_checked == Some(w.decisions) {
        return;
    }
    r.unseen_checked = Some(w.decisions);
    let threats = threat::threats(r, w);
    let seen_blow = w
        .messages
        .iter()
        .any(|m| m.starts_with("The ") && crate::signs::attacked(std::slice::from_ref(m)));
    let explained = seen_blow
        || threats.iter().any(|t| t.hostile && t.distance <= 1)
        || w.messages
            .iter()
            .any(|m| SELF_OR_TRAP.iter().any(|s| m.contains(s)))
        || !lines_of_fire(r, w, w.player).is_empty()
        || w.status.conditions.iter().any(|c| {
            matches!(
                c,
                Condition::FoodPois
                    | Condition::Ill
                    | Condition::Strangled
                    | Condition::Stone
                    | Condition::Slime
            )
        });
    if !explained {
        r.unexplained_loss = Some((w.turn, last.hp, w.status.hp));
    }
}

/// Something we cannot see attacks us, within the last [`UNSEEN_MEMORY`] turns: a blow from
/// "It", a missile or ray that no monster in view on a line to us can have sent, a zap heard
/// nearby, or HP lost with nothing to explain it (see [`observe`]). The reason names it.
pub fn unseen_attack(r: &Recall, w: &World) -> Option<String> {
    unseen_attack_by(r, w, false)
}

/// A missile's miss as the game words it without `verbose` or blind (mthrowu.c `thitu`), whoever
/// threw it: a melee miss ends with "!" ("It misses!"), this one with a period.
pub const MISSILE_MISS: &str = "It misses.";

/// [`unseen_attack`]; with `missile_miss`, "It misses." is read as the missile it is (unseen
/// only with no shooter named that turn and no hostile in view), not as an unseen blow: the
/// b26 bench's seeds 33, 62, 85, 155, 165 refused the look-ahead's Elbereth so, next to a
/// troll, a dwarf king, a mumak, and died striking.
pub fn unseen_attack_by(r: &Recall, w: &World, missile_miss: bool) -> Option<String> {
    let recent = |turn: i64| (0..=UNSEEN_MEMORY).contains(&(w.turn - turn));
    let blow = w
        .history
        .newest_first()
        .take_while(|s| recent(s.turn))
        .find(|s| {
            s.text.starts_with("It ")
                && !(missile_miss && s.text == MISSILE_MISS)
                && crate::signs::attacked(std::slice::from_ref(&s.text))
        });
    if let Some(s) = blow {
        return Some(format!("\"{}\" at turn {}", s.text, s.turn));
    }
    let news = recent_news(r, w, UNSEEN_MEMORY);
    // A missile is from something unseen when no message of its turn named the shooter and
    // no hostile is in view (one in view may have fired from a line it has since left).
    let named = |turn: i64| {
        news.iter()
            .any(|h| h.turn == turn && matches!(h.news, FiringNews::Fired { .. }))
    };
    let hostile_in_view = || threat::threats(r, w).iter().any(|t| t.hostile);
    let unexplained_missile = news.iter().find(|h| match h.news {
        FiringNews::HeardZap => true,
        FiringNews::AtUs => !named(h.turn) && !hostile_in_view(),
        FiringNews::Fired { .. } => false,
    });
    if let Some(Heard { turn, news: n, .. }) = unexplained_missile {
        let what = if *n == FiringNews::HeardZap {
            "a zap heard nearby"
        } else {
            "a missile from no monster in view"
        };
        return Some(format!("{what} at turn {turn}"));
    }
    let unexplained_miss = || {
        w.history
            .newest_first()
            .take_while(|s| recent(s.turn))
            .find(|s| s.text == MISSILE_MISS && !named(s.turn) && !hostile_in_view())
    };
    if let Some(s) = missile_miss.then(unexplained_miss).flatten() {
        return Some(format!(
            "a missile's miss (\"{}\") from no monster in view at turn {}",
            s.text, s.turn
        ));
    }
    r.unexplained_loss
        .filter(|(turn, ..)| recent(*turn))
        .map(|(turn, from, to)| {
            format!("HP fell {from} -> {to} at turn {turn} with no attacker in view")
        })
}

/// A blow from something we cannot see within the last [`UNSEEN_MEMORY`] turns ("It hits!",
/// "It misses!"), not a missile's miss: "It misses." (period) is thitu's line for a missile, as in
/// "The gnome lord shoots 2 arrows!  You are hit.  It misses." (seed 117 of the b25 bench).
pub fn unseen_blow(w: &World) -> Option<String> {
    w.history
        .newest_first()
        .take_while(|s| (0..=UNSEEN_MEMORY).contains(&(w.turn - s.turn)))
        .find(|s| {
            s.text.starts_with("It ")
                && s.text.ends_with('!')
                && crate::signs::attacked(std::slice::from_ref(&s.text))
        })
        .map(|s| format!("\"{}\" at turn {}", s.text, s.turn))
}

/// Why waiting in place (resting, searching, sitting on Elbereth) is unsafe here: a monster
/// may fire at us, a known zapper stands next to us, or something we cannot see attacks us.
pub fn unsafe_to_wait(r: &Recall, w: &World) -> Option<String> {
    unsafe_to_wait_by(r, w, false)
}

/// [`unsafe_to_wait`], reading "It misses." as a missile with `missile_miss` (see
/// [`unseen_attack_by`]).
pub fn unsafe_to_wait_by(r: &Recall, w: &World, missile_miss: bool) -> Option<String> {
    if let Some(l) = in_line_of_fire(r, w, w.player) {
        return Some(format!(
            "in the line of fire of `{}` ({}, {} squares: {})",
            l.threat.glyph, l.threat.name, l.threat.distance, l.why
        ));
    }
    if let Some(why) = crate::zappers::zapper_adjacent(r, w) {
        return Some(why);
    }
    unseen_attack_by(r, w, missile_miss).map(|why| format!("attacked by something unseen: {why}"))
}

/// A step from the hero's square in `dir` that the game allows and that is safe to take: a
/// walkable square, free, no trap, not refused twice, never diagonally through a door or
/// between two boulders or rock corners.
pub(crate) fn legal_step(w: &World, dir: Dir) -> Option<Pos> {
    let level = w.level()?;
    let here = w.player;
    let p = dir.step(here);
    let f = level.feature(p);
    let tight = |q: Pos| {
        let f = level.feature(q);
        f.is_solid() || f == Feature::Boulder
    };
    let door = |q: Pos| level.feature(q) == Feature::OpenDoor;
    let diagonal_blocked = dir.is_diagonal()
        && (door(here)
            || door(p)
            || (tight(Pos::new(p.x, here.y)) && tight(Pos::new(here.x, p.y))));
    let refused = f == Feature::Trap || level.at(p).is_some_and(|sq| sq.bumps >= 2);
    let occupied = w.monsters.iter().any(|m| m.pos == p);
    (f.walkable() && !diagonal_blocked && !refused && !occupied).then_some(p)
}

pub(crate) fn narrow(f: Feature) -> bool {
    matches!(f, Feature::Corridor | Feature::Doorway | Feature::OpenDoor)
}

/// The hostiles (other than `except`) that may fire at `p`.
fn fire_at(w: &World, threats: &[Threat], news: &[Heard], p: Pos, except: Option<Pos>) -> usize {
    lines_at(w, threats, news, p)
        .iter()
        .filter(|l| Some(l.threat.pos) != except || threat::distance(l.threat.pos, p) > 1)
        .count()
}

/// The hostiles that may fire at `p` (see [`lines_of_fire`]), but one next to `p` at `except`.
pub(crate) fn fire_count(r: &Recall, w: &World, p: Pos, except: Option<Pos>) -> usize {
    let threats = threat::threats(r, w);
    // As in `lines_of_fire`: no news to read when nobody could fire at `p`.
    if !threats.iter().any(|t| may_fire_at(w, t, p)) {
        return 0;
    }
    fire_at(w, &threats, &recent_news(r, w, FIRING_MEMORY), p, except)
}

/// A step toward the shooter at `target`, off every other line of fire when one brings us
/// closer (see [`step_out_of_line_step`]).
pub(crate) fn close_in_on(r: &Recall, w: &World, target: Pos) -> Option<(Action, String)> {
    close_in(
        w,
        &threat::threats(r, w),
        &recent_news(r, w, FIRING_MEMORY),
        target,
    )
}

/// The `step_out_of_line` leaf: in a line of fire (see [`in_line_of_fire`]) with no hostile
/// next to us, close in on the shooter when the fight look-ahead (`depth` turns) would not
/// flee from it, by a step that leaves every other line of fire when one does; else step to
/// a neighbour out of every line of fire, doorways and corridors first. Struck by something
/// we cannot see with no `I` next to us, search once when the blow was a melee blow (it
/// marks the attacker) or else step off our lines to a narrow square; once per attack.
pub fn step_out_of_line_step(r: &mut Recall, w: &World, depth: u32) -> Option<(Action, String)> {
    crate::peaceful::observe(&mut r.peaceful, w);
    observe(r, w);
    let threats = threat::threats(r, w);
    if threats.iter().any(|t| t.hostile && t.distance <= 1) || unseen_next_to_us(w) {
        return None; // melee first: fight_or_flee
    }
    let news = recent_news(r, w, FIRING_MEMORY);
    let Some(line) = lines_at(w, &threats, &news, w.player).into_iter().next() else {
        return unseen_step(r, w, &threats, &news);
    };
    let t = &line.threat;
    let what = format!(
        "`{}` ({} at worst, {} squares away: {})",
        t.glyph, t.name, t.distance, line.why
    );
    // The look-ahead knows the melee only: the approach must not cost more HP than we have.
    let approach = f64::from(t.distance - 1) * APPROACH_DAMAGE;
    let winnable = t.no_melee.is_none()
        && f64::from(w.status.hp) > approach
        && monsters::by_name(&t.name)
            .is_some_and(|foe| !crate::lookahead::would_flee_from(w, foe, depth));
    if winnable {
        if let Some(step) = close_in(w, &threats, &news, t.pos) {
            return Some((step.0, format!("{} on {what}", step.1)));
        }
    }
    let (dir, p) = out_of_line(w, &threats, &news)?;
    let f = w.level().map(|l| l.feature(p)).unwrap_or_default();
    Some((
        Action::Move { dir },
        format!(
            "stepping {dir:?} out of the line of fire of {what}{} (to a {f:?} at ({}, {}))",
            if winnable {
                ""
            } else {
                "; too weak to close in"
            },
            p.x,
            p.y
        ),
    ))
}

/// A step toward the shooter at `target`: off every other line of fire when such a step
/// brings us closer, else the path's first step.
fn close_in(
    w: &World,
    threats: &[Threat],
    news: &[Heard],
    target: Pos,
) -> Option<(Action, String)> {
    let level = w.level()?;
    let from_target = level.distances(target, &w.path_opts());
    let here = from_target.cost(w.player)?;
    let best = Dir::COMPASS
        .into_iter()
        .filter_map(|d| Some((d, legal_step(w, d)?)))
        .filter_map(|(d, p)| Some((d, p, from_target.cost(p).filter(|&c| c < here)?)))
        .map(|(d, p, cost)| (d, p, cost, fire_at(w, threats, news, p, Some(target))))
        .min_by_key(|&(_, p, cost, lines)| {
            let (dx, dy) = (p.x - target.x, p.y - target.y);
            (
                lines,
                cost,
                i32::from(dx) * i32::from(dx) + i32::from(dy) * i32::from(dy),
            )
        });
    if let Some((dir, _, _, 0)) = best {
        return Some((
            Action::Move { dir },
            format!("closing in {dir:?}, off the line,"),
        ));
    }
    let path = w.path_to(&[target])?;
    Some((w.step_along(&path), "closing in".to_string()))
}

/// The neighbour out of every line of fire: narrow squares first, then far from hostiles.
fn out_of_line(w: &World, threats: &[Threat], news: &[Heard]) -> Option<(Dir, Pos)> {
    let level = w.level()?;
    Dir::COMPASS
        .into_iter()
        .filter_map(|d| Some((d, legal_step(w, d)?)))
        .filter(|&(_, p)| fire_at(w, threats, news, p, None) == 0)
        .max_by_key(|&(_, p)| {
            let nearest = threats
                .iter()
                .filter(|t| t.hostile)
                .map(|t| threat::distance(t.pos, p))
                .min()
                .unwrap_or(99);
            (nearest > 1, narrow(level.feature(p)), nearest)
        })
}

/// An `I` (the game's mark of an unseen monster) next to us.
fn unseen_next_to_us(w: &World) -> bool {
    w.monsters
        .iter()
        .any(|m| m.ch == 'I' && threat::distance(m.pos, w.player) == 1)
}

/// Struck by something we cannot see and no `I` next to us: a melee blow means it stands
/// next to us unmarked, and a search marks it (then `fight_or_flee` strikes at the `I`);
/// anything else came from afar: move off our lines, to a corridor or doorway when one is
/// next to us, away from the monsters last seen on the level.
fn unseen_step(
    r: &mut Recall,
    w: &World,
    threats: &[Threat],
    news: &[Heard],
) -> Option<(Action, String)> {
    let why = unseen_attack(r, w)?;
    // One reaction per attack (its words carry its turn): a second step would only lead back
    // (seed 1's smoke run stepped SE, NW, SE... for 6 turns after one missile).
    if r.unseen_reacted.as_deref() == Some(why.as_str()) {
        return None;
    }
    r.unseen_reacted = Some(why.clone());
    if why.starts_with("\"It ") {
        return Some((
            Action::Search { count: 1 },
            format!("feeling for the unseen attacker next to us ({why})"),
        ));
    }
    let level = w.level()?;
    let here_narrow = narrow(level.feature(w.player));
    let suspects: Vec<Pos> = w
        .remembered
        .iter()
        .filter(|m| m.maybe_hostile())
        .map(|m| m.pos)
        .collect();
    let (dir, p) = Dir::COMPASS
        .into_iter()
        .filter_map(|d| Some((d, legal_step(w, d)?)))
        .max_by_key(|&(_, p)| {
            let lined = suspects
                .iter()
                .filter(|&&s| threat::distance(s, p) <= FIRE_RANGE && level.line_clear(s, p))
                .count();
            let fire = fire_at(w, threats, news, p, None);
            (
                std::cmp::Reverse(fire + lined),
                narrow(level.feature(p)),
                suspects
                    .iter()
                    .map(|&s| threat::distance(s, p))
                    .min()
                    .unwrap_or(0),
            )
        })?;
    if here_narrow && !narrow(level.feature(p)) && suspects.is_empty() {
        // Already in a corridor, where few lines reach us: keep it, only do not wait.
        return None;
    }
    Some((
        Action::Move { dir },
        format!("moving {dir:?} off our lines: {why}"),
    ))
}

#[cfg(test)]
mod tests;
