//! The two bottom status lines of NetHack 3.6.6's tty interface.
//!
//! Line 1: `Wizard the Stripling           St:18/02 Dx:14 Co:18 In:8 Wi:8 Ch:7 Neutral`
//! Line 2: `Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:15 Burdened Blnd Stun Cnf Hal Lev`
//!
//! When line 2 gets too long the tty shortens the words after `T:` (`Blind` → `Blnd` → `Bl`,
//! `Strngl` → `Stngl` → `Str`, ...), so every known form of every word is accepted, and fields are
//! read as `Key:value` tokens in any order so a truncated line still yields what it shows.

use crate::types::{Alignment, Condition, Encumbrance, Hunger, Status};

/// Parse both status lines; None unless they look like status lines (a full-screen window hides them).
pub fn parse_status(line1: &str, line2: &str) -> Option<Status> {
    let st_at = line1.find("St:")?;
    if !line1.contains("Dx:") || !line2.contains("HP:") {
        return None;
    }
    let mut status = Status {
        name_title: line1[..st_at].trim().to_string(),
        ..Status::default()
    };
    parse_line1(&line1[st_at..], &mut status);
    parse_line2(line2, &mut status);
    Some(status)
}

fn parse_line1(rest: &str, status: &mut Status) {
    for token in rest.split_whitespace() {
        match token.split_once(':') {
            Some(("St", v)) => {
                status.strength = v.to_string();
                status.strength_value = strength_value(v).unwrap_or(0);
            }
            Some(("Dx", v)) => status.dex = v.parse().unwrap_or(0),
            Some(("Co", v)) => status.con = v.parse().unwrap_or(0),
            Some(("In", v)) => status.int = v.parse().unwrap_or(0),
            Some(("Wi", v)) => status.wis = v.parse().unwrap_or(0),
            Some(("Ch", v)) => status.cha = v.parse().unwrap_or(0),
            None => match token {
                "Lawful" => status.alignment = Alignment::Lawful,
                "Neutral" => status.alignment = Alignment::Neutral,
                "Chaotic" => status.alignment = Alignment::Chaotic,
                _ => {}
            },
            _ => {}
        }
    }
}

/// "18/02" → 20, "18/**" → 118, "16" → 16, "19" → 119 (NetHack's internal strength scale).
pub fn strength_value(shown: &str) -> Option<u8> {
    match shown.split_once('/') {
        Some(("18", "**")) => Some(118),
        Some(("18", xx)) => xx.parse::<u8>().ok().filter(|&v| v <= 99).map(|v| 18 + v),
        Some(_) => None,
        None => match shown.parse::<u8>().ok()? {
            v @ 3..=18 => Some(v),
            v @ 19..=25 => Some(100 + v),
            _ => None,
        },
    }
}

fn parse_line2(line: &str, status: &mut Status) {
    // The level label is everything before the gold field: "Dlvl:3", "Home 1", "End Game",
    // "Astral Plane", "Fort Ludios".
    let gold_at = line.find("$:").unwrap_or(0);
    let label = line[..gold_at].trim();
    status.level_name = label.to_string();
    status.dlvl = label
        .rsplit(|c: char| c == ':' || c.is_whitespace())
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);

    for token in line[gold_at..].split_whitespace() {
        match token.split_once(':') {
            Some(("$", v)) => status.gold = v.parse().unwrap_or(0),
            Some(("HP", v)) => (status.hp, status.hp_max) = current_and_max(v),
            Some(("Pw", v)) => (status.pw, status.pw_max) = current_and_max(v),
            Some(("AC", v)) => status.ac = v.parse().unwrap_or(0),
            Some(("Xp", v)) => {
                let (level, exp) = v.split_once('/').map_or((v, None), |(l, e)| (l, Some(e)));
                status.xl = level.parse().unwrap_or(0);
                status.exp = exp.and_then(|e| e.parse().ok());
                status.polymorphed = false;
            }
            Some(("HD", v)) => {
                status.xl = v.parse().unwrap_or(0);
                status.polymorphed = true;
            }
            Some(("T", v)) => status.turn = v.parse().ok(),
            Some(_) => {}
            None => word(token, status),
        }
    }
}

/// "16(16)" → (16, 16).
fn current_and_max(v: &str) -> (i32, i32) {
    let (cur, max) = v.split_once('(').unwrap_or((v, ""));
    (
        cur.parse().unwrap_or(0),
        max.trim_end_matches(')').parse().unwrap_or(0),
    )
}

/// A hunger, encumbrance or condition word, in any of the forms the tty uses.
fn word(token: &str, status: &mut Status) {
    use Condition::*;
    let hunger = match token {
        "Satiated" | "Sat" => Some(Hunger::Satiated),
        "Hungry" | "Hngry" | "Hun" => Some(Hunger::Hungry),
        "Weak" | "Wk" => Some(Hunger::Weak),
        "Fainting" | "Fnt" | "Faint" => Some(Hunger::Fainting),
        "Fainted" => Some(Hunger::Fainted),
        _ => None,
    };
    if let Some(h) = hunger {
        status.hunger = h;
        return;
    }
    let encumbrance = match token {
        "Burdened" | "Burden" | "Brd" => Some(Encumbrance::Burdened),
        "Stressed" | "Stress" | "Strs" | "Ssd" => Some(Encumbrance::Stressed),
        "Strained" | "Strain" | "Strn" | "Snd" => Some(Encumbrance::Strained),
        "Overtaxed" | "Overtax" | "Ovtx" | "Otd" => Some(Encumbrance::Overtaxed),
        "Overloaded" | "Overload" | "Ovld" | "Old" => Some(Encumbrance::Overloaded),
        _ => None,
    };
    if let Some(e) = encumbrance {
        status.encumbrance = e;
        return;
    }
    let condition = match token {
        "Stone" | "Ston" | "Sto" => Stone,
        "Slime" | "Slim" | "Slm" => Slime,
        "Strngl" | "Stngl" | "Str" => Strangled,
        "FoodPois" | "Fpois" | "Poi" => FoodPois,
        "TermIll" | "Ill" => Ill,
        "Blind" | "Blnd" | "Bl" => Blind,
        "Deaf" | "Def" | "Df" => Deaf,
        "Stun" | "St" | "Stn" => Stun,
        "Conf" | "Cnf" | "Cf" => Conf,
        "Hallu" | "Hal" | "Hl" => Hallu,
        "Lev" | "Lv" => Lev,
        "Fly" | "Fl" => Fly,
        "Ride" | "Rid" | "Rd" => Ride,
        _ => return,
    };
    if !status.conditions.contains(&condition) {
        status.conditions.push(condition);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_scale() {
        assert_eq!(strength_value("3"), Some(3));
        assert_eq!(strength_value("18"), Some(18));
        assert_eq!(strength_value("18/01"), Some(19));
        assert_eq!(strength_value("18/50"), Some(68));
        assert_eq!(strength_value("18/**"), Some(118));
        assert_eq!(strength_value("19"), Some(119));
        assert_eq!(strength_value("25"), Some(125));
        assert_eq!(strength_value("18/x"), None);
        assert_eq!(strength_value("2"), None);
    }

    #[test]
    fn special_level_labels_and_hunger() {
        let s = parse_status(
            "Agnar the Hero  St:18/** Dx:18 Co:18 In:7 Wi:9 Ch:10 Lawful",
            "Home 1 $:120 HP:80(95) Pw:20(31) AC:-3 Xp:14/123456 T:40000 Weak Overload Fpois Ill",
        )
        .expect("status");
        assert_eq!(s.strength_value, 118);
        assert_eq!(s.alignment, Alignment::Lawful);
        assert_eq!((s.level_name.as_str(), s.dlvl), ("Home 1", 1));
        assert_eq!((s.gold, s.hp, s.hp_max, s.ac), (120, 80, 95, -3));
        assert_eq!((s.xl, s.exp, s.turn), (14, Some(123456), Some(40000)));
        assert_eq!(s.hunger, Hunger::Weak);
        assert_eq!(s.encumbrance, Encumbrance::Overloaded);
        assert_eq!(s.conditions, vec![Condition::FoodPois, Condition::Ill]);

        let end = parse_status(
            "X the Y St:16 Dx:1 Co:1 In:1 Wi:1 Ch:1 Chaotic",
            "End Game $:0 HP:1(1)",
        )
        .expect("status");
        assert_eq!((end.level_name.as_str(), end.dlvl), ("End Game", 0));
        assert_eq!(end.turn, None);
    }

    #[test]
    fn not_status_lines() {
        assert_eq!(parse_status("", ""), None);
        assert_eq!(parse_status(" a - a +1 long sword", " (1 of 2)"), None);
    }
}
