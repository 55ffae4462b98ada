//! What each search of a solve did: where its states went and how near the goal it got.
//! A solve that hits its limit says only how many states it stored; these reports say
//! where it got stuck (a plateau before the first fill, thrashing over the last holes) and
//! give the live state nearest the goal as a puzzle to study or solve on its own.

use crate::puzzle::{Cell, Puzzle, Rules};
use std::fmt;

/// What a solve did (see [`crate::solve_explained`]): each search's account, then, if the
/// searches stalled (NetHack levels), the solves run for plans from lighter levels and for
/// proofs from subsets of the boulders.
#[derive(Clone, Debug, Default)]
pub struct Explanation {
    pub searches: Vec<SearchReport>,
    pub lighter: Vec<DerivedSolve>,
    pub subsets: Vec<DerivedSolve>,
}

/// One solve run on a level derived from the real one: a lighter level, the level from a
/// state along a lighter level's plan, or the level with a subset of its boulders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedSolve {
    /// What was solved, e.g. "8 boulders nearest the holes, 7 holes", "the level after 22
    /// pushes of the 8-boulder plan" or "boulders (7,7) (5,8) (10,7), 1 hole".
    pub what: String,
    pub states: usize,
    /// "solved", "unsolvable" or "limit hit".
    pub result: &'static str,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, report) in self.searches.iter().enumerate() {
            write!(f, "search {}: {report}", i + 1)?;
        }
        derived_lines(f, "plans from lighter levels", &self.lighter)?;
        derived_lines(f, "proofs from subsets of the boulders", &self.subsets)?;
        Ok(())
    }
}

/// The derived solves of one kind, under `title`, if any ran.
fn derived_lines(f: &mut fmt::Formatter<'_>, title: &str, solves: &[DerivedSolve]) -> fmt::Result {
    if !solves.is_empty() {
        writeln!(f, "{title}:")?;
        for l in solves {
            writeln!(f, "  {}: {} after {} states", l.what, l.result, l.states)?;
        }
    }
    Ok(())
}

/// One search's account (see [`crate::solve_explained`]).
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// What the search steers by.
    pub focus: String,
    /// Why the start is a proven deadlock, when it is (the search then stored nothing).
    pub dead_start: Option<String>,
    /// Where it joined the race on its clock (the late searches join part-way).
    pub joined: usize,
    /// States it stored, expanded, and proved dead (dead ones are stored, never expanded).
    pub stored: usize,
    pub expanded: usize,
    pub dead: usize,
    /// Its live states by progress tier, nearest the goal first (NetHack: holes still open).
    pub tiers: Vec<TierCount>,
    /// The live state nearest the goal: the lowest tier, then the smallest estimate.
    pub frontier: Option<Frontier>,
}

/// Live states of one progress tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierCount {
    pub tier: u32,
    pub stored: usize,
    pub expanded: usize,
}

/// A stored state, as a puzzle of its own.
#[derive(Clone, Debug)]
pub struct Frontier {
    pub tier: u32,
    /// The search's estimate there (NetHack: pushes to the next fill).
    pub estimate: u32,
    /// Pushes from the start.
    pub pushes: u32,
    pub puzzle: Puzzle,
}

impl fmt::Display for SearchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} (joined at {}): {} states stored, {} expanded, {} dead",
            self.focus, self.joined, self.stored, self.expanded, self.dead
        )?;
        if let Some(why) = &self.dead_start {
            writeln!(f, "  the start is dead: {why}")?;
        }
        for t in &self.tiers {
            writeln!(
                f,
                "  tier {:>3}: {:>9} live, {:>9} expanded",
                t.tier, t.stored, t.expanded
            )?;
        }
        if let Some(front) = &self.frontier {
            writeln!(
                f,
                "  nearest the goal: tier {}, estimate {}, {} pushes from the start",
                front.tier, front.estimate, front.pushes
            )?;
            for line in to_text(&front.puzzle).lines() {
                writeln!(f, "  {line}")?;
            }
        }
        Ok(())
    }
}

/// `puzzle` in its own text format (NetHack grid or XSB), which the parsers read back.
pub fn to_text(puzzle: &Puzzle) -> String {
    let wall = |x: i64, y: i64| {
        let inside =
            (0..puzzle.width as i64).contains(&x) && (0..puzzle.height as i64).contains(&y);
        !inside || puzzle.cells[puzzle.index(x as usize, y as usize)] == Cell::Wall
    };
    // Walls drawn as the game does: only those next to something else, `-` where the wall
    // runs on left or right, `|` elsewhere; the rock beyond is blank.
    let drawn =
        |x: i64, y: i64| wall(x, y) && (-1..=1).any(|dy| (-1..=1).any(|dx| !wall(x + dx, y + dy)));
    let mut out = String::new();
    for y in 0..puzzle.height {
        let mut line = String::new();
        for x in 0..puzzle.width {
            let i = puzzle.index(x, y);
            let (boulder, target) = (puzzle.boulders.contains(&i), puzzle.targets.contains(&i));
            let player = puzzle.player == i;
            let ch = match (puzzle.rules, puzzle.cells[i]) {
                (Rules::NetHack, _) if boulder => '0',
                (Rules::NetHack, _) if player => '@',
                (Rules::NetHack, _) if puzzle.blocked.contains(&i) => 'M',
                (Rules::NetHack, _) if target => '<',
                (Rules::NetHack, Cell::Hole) => '^',
                (Rules::NetHack, Cell::Door) => '+',
                (Rules::NetHack, Cell::Wall) => {
                    let (x, y) = (x as i64, y as i64);
                    match (drawn(x, y), drawn(x - 1, y) || drawn(x + 1, y)) {
                        (false, _) => ' ',
                        (true, true) => '-',
                        (true, false) => '|',
                    }
                }
                (Rules::Classic, Cell::Wall) => '#',
                (Rules::Classic, _) => match (boulder, target, player) {
                    (true, true, _) => '*',
                    (true, false, _) => '$',
                    (false, true, true) => '+',
                    (false, false, true) => '@',
                    (false, true, false) => '.',
                    _ => ' ',
                },
                _ => '.',
            };
            line.push(ch);
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_nethack, parse_xsb};

    #[test]
    fn a_nethack_level_reads_back_the_same() {
        let text = "\
--------
|@.0.^<|
|..+.M.|
--------";
        let puzzle = parse_nethack("t", text).unwrap();
        assert_eq!(to_text(&puzzle).trim_end(), text);
        assert_eq!(parse_nethack("t", &to_text(&puzzle)).unwrap(), puzzle);
    }

    #[test]
    fn a_classic_level_reads_back_the_same() {
        let text = "\
#####
#@$.#
#*  #
#####";
        let puzzle = parse_xsb("t", text).unwrap();
        assert_eq!(parse_xsb("t", &to_text(&puzzle)).unwrap(), puzzle);
    }
}
